// The views of a Pathfinder state (what each seat is shown) and the information-state key that
// hashes the same facts. Schema: docs/rules/pathfinder-cards.md.
#include <fmt/format.h>

#include <bit>
#include <utility>

#include "core/hash.h"
#include "games/pathfinder_cards/json_common.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {

// The finished games of a match, shown to every seat once each is over (G1.3.7): its maze revealed
// as it ended, who made and ran it, and the Runner's score. Only finished games: the maze under
// way never appears here.
Json State::earlier_games_json() const {
  Json games = Json::array();
  for (int g = 0; g < game_no_; ++g) {
    const Layout l = earlier_maze(g);
    const Player maker = maker_seat_of_game(g);
    Json e = {{"game", g + 1},
              {"maker", seat_name(maker)},
              {"runner", seat_name(maker ^ 1)},
              {"runnerScore", results_[static_cast<std::size_t>(g)]}};
    if (l.count == 0) {
      e["cards"] = nullptr;  // a body from before the earlier mazes were kept
      e["maze"] = nullptr;
    } else {
      Json cards = Json::array();
      for (int id = 0; id < kNumCards; ++id) {
        cards.push_back({{"cell", cell_name(l.pos[id])}, {"card", card_code(id)}});
      }
      e["cards"] = std::move(cards);
      e["maze"] = draw_maze(l);
    }
    games.push_back(std::move(e));
  }
  return games;
}

Json State::base_view(Player observer) const {
  const bool all = role_of(observer) == kMaker || observer == kOmniscient || phase_ == Phase::kOver;
  const Player p = current_player();
  Json v = {{"game", "pathfinder-cards"},
            {"seats", Json::array({seat_name(0), seat_name(1)})},
            {"observer", observer >= 0            ? seat_name(observer)
                         : observer == kSpectator ? "spectator"
                                                  : "omniscient"},
            {"phase", kPhaseNames[static_cast<int>(phase_)]},
            {"toAct", p >= 0               ? Json(seat_name(p))
                      : p == kChancePlayer ? Json("chance")
                                           : Json()},
            {"decision", kDecisionNames[static_cast<int>(decision())]}};
  if (config_.topo == Topology::kHex) v["board"] = "hex";
  if (config_.advanced) v["advanced"] = true;
  // Who makes this maze (G1.2 step 1): public; null until chance has drawn it.
  v["roles"] =
      first_maker_ < 0
          ? Json(nullptr)
          : Json({{"maker", seat_name(seat_of(kMaker))}, {"runner", seat_name(seat_of(kRunner))}});
  if (config_.match_games > 1) {
    // Match play (G1.3.7): public, game by game.
    Json results = Json::array();
    for (int g = 0; g < game_no_; ++g) results.push_back(results_[static_cast<std::size_t>(g)]);
    const auto t = totals();
    v["match"] = {{"games", config_.match_games},        {"game", game_no_ + 1},
                  {"maker", seat_name(seat_of(kMaker))}, {"runner", seat_name(seat_of(kRunner))},
                  {"runnerScores", std::move(results)},  {"totals", Json::array({t[0], t[1]})},
                  {"earlier", earlier_games_json()}};
  }
  if (phase_ == Phase::kBuild && !all) {
    v["placed"] = layout_.count;  // the Runner is out of the room (G1.2)
  } else {
    Json cards = Json::array();
    for (int cell = 0; cell < kCells; ++cell) {
      const int c = layout_.at[cell];
      if (c < 0) continue;
      Json e = {{"cell", cell_name(cell)}};
      if (all || layout_.face_up(c)) e["card"] = card_code(c);
      if (all) e["up"] = layout_.face_up(c);
      cards.push_back(std::move(e));
    }
    v["cards"] = std::move(cards);
  }
  if (all && phase_ != Phase::kBuild) v["maze"] = draw_maze(layout_);
  return v;
}

Json State::view(Player observer) const {
  const bool all = role_of(observer) == kMaker || observer == kOmniscient || phase_ == Phase::kOver;
  Json v = base_view(observer);
  v["hand"] = hearts_json(hand_);
  v["compass"] = {{"state", kCompassNames[static_cast<int>(compass_)]},
                  {"card", compass_rank_ == 0 ? Json(nullptr) : Json(heart_code(compass_rank_))},
                  {"usable", compass_usable()}};
  Json discards = Json::array();
  for (int i = 0; i < num_discards_; ++i) discards.push_back(heart_code(discards_[i]));
  v["discards"] = std::move(discards);
  v["lostToDamage"] = hearts_json(lost_to_damage_);  // public, like the damage picks (A-G1-49)
  if (phase_ == Phase::kPlay || phase_ == Phase::kOver) {
    const std::uint64_t act = layout_.active();
    v["active"] = cells_json(layout_, act);
    v["explorable"] = cells_json(layout_, layout_.explorable(act));
    if (config_.advanced) {
      // The artifacts whose powers she may use now (G1.4): active, their trial over.
      Json arts = Json::array();
      const std::uint64_t on = layout_.enabled(act);
      if ((on >> kRopeCard) & 1) arts.push_back("rope");
      if ((on >> kVeilCard) & 1) arts.push_back("veil");
      if ((on >> kMirrorCard) & 1) arts.push_back("mirror");
      v["artifacts"] = std::move(arts);
    }
  }
  Json pending = Json::array();
  for (int i = depth_ - 1; i >= 0; --i) {
    const Task& t = stack_[i];
    Json e = {{"effect", kTaskNames[static_cast<int>(t.kind)]}, {"cell", cell_json(t.cell)}};
    if (t.kind == TaskKind::kTrial) {
      e["trial"] = kTrialNames[static_cast<int>(t.trial)];
      e["step"] = t.step;
      if (t.aux >= 0) e["suit"] = suit_code(t.aux);
      if (t.trial == TrialKind::kQueen) e["chosen"] = cell_json(t.cell2);
      if (t.trial == TrialKind::kKing && all) e["flipped"] = cell_json(t.cell2);
    }
    if (t.kind == TaskKind::kDamage) {
      e["step"] = t.step;
      e["window"] = (t.flags & kNoWindow) == 0;
    }
    if (t.kind == TaskKind::kWake) e["artifact"] = card_code(t.aux);
    pending.push_back(std::move(e));
  }
  v["pending"] = std::move(pending);
  Json tens = Json::array();
  for (const TenResult& r : tens_) {
    if (r.cell < 0) continue;
    tens.push_back({{"ten", card_code(r.ten)},
                    {"cell", shifted_cell_name(r.cell, r.since)},
                    {"suit", suit_code(r.suit)},
                    {"guess", r.guess},
                    {"actual", r.actual},
                    {"current", r.valid}});
  }
  v["tens"] = std::move(tens);
  if (decision() == Decision::kKingName) {
    // What she studied before looking away (G1.6.2): the face-up cards of the layout before.
    Json before = Json::array();
    const std::uint64_t up = king_before_up();
    for (int cell = 0; cell < kCells; ++cell) {
      const int c = layout_.at[cell];
      if (c >= 0 && ((up >> c) & 1))
        before.push_back({{"cell", cell_name(cell)}, {"card", card_code(c)}});
    }
    v["kingBefore"] = std::move(before);
  }
  v["powersUsed"] = powers_json(used_powers_);
  Json answers = Json::array();
  for (int i = 0; i < num_answers_; ++i) {
    const Answer& a = answers_[i];
    if (a.kind == 0) {
      answers.push_back({{"question", aql::question_text(a.tokens.data(), a.len, a.since)},
                         {"answer", a.yes ? "yes" : "no"},
                         {"current", a.current}});
    } else {
      Json dirs = Json::array();
      for (int d = 0; d < 32; ++d) {
        if ((a.dirs >> d) & 1) dirs.push_back(link_label(d, layout_.topo));
      }
      answers.push_back({{"pathfinder", shifted_cell_name(a.cell, a.since)},
                         {"directions", std::move(dirs)},
                         {"current", a.current}});
    }
  }
  v["answers"] = std::move(answers);
  if (decision() == Decision::kAdvisorAsk) {
    const aql::Pending p = aql::pending(q_.data(), q_len_);
    v["question"] = {{"number", top()->step + 1},
                     {"text", q_len_ == 0 ? "" : aql::question_text(q_.data(), q_len_)},
                     {"expect", aql::slot_name(p.slot[p.n - 1])}};
  }
  if (last_cancel_ >= 0) {
    v["moverCancelled"] = action_to_string_shifted(last_cancel_, cancel_since_);
  }
  // The Runner's study before the Maker's King flip (G1.6.2): a client gives her this long.
  if (decision() == Decision::kKingFlip && observer >= 0 && role_of(observer) == kRunner) {
    v["studySeconds"] = config_.king_study_seconds;
  }

  if (phase_ == Phase::kOver) {
    v["winner"] = seat_name(seat_of(winner_));
    v["score"] = score();
  }
  return v;
}

// The facts view(p) shows, hashed directly (no JSON): what view() derives from them (toAct,
// active, explorable, the maze drawing, the score) needs no hashing of its own. Sets of cards are
// folded with a commutative sum, so the key never depends on the hidden identities' order.
std::uint64_t State::information_state_key(Player p) const {
  const bool all = role_of(p) == kMaker || p == kOmniscient || phase_ == Phase::kOver;
  Hasher h(0x7061746866696e64ULL);
  h.add(static_cast<std::uint64_t>(game_no_)).add(static_cast<std::uint64_t>(first_maker_ + 1));
  for (int g = 0; g < game_no_; ++g) {
    h.add(static_cast<std::uint64_t>(results_[g]));
    for (const std::int16_t cell : earlier_[static_cast<std::size_t>(g)]) {
      h.add(static_cast<std::uint64_t>(cell + 1));
    }
  }
  h.add(static_cast<std::uint64_t>(p + 8)).add(all).add(static_cast<std::uint64_t>(phase_));
  h.add(static_cast<std::uint64_t>(decision()));
  if (phase_ == Phase::kBuild && !all) {
    h.add(static_cast<std::uint64_t>(layout_.count));
  } else {
    std::uint64_t cards = 0;
    for (int id = 0; id < kNumCards; ++id) {
      const int cell = layout_.pos[id];
      if (cell < 0) continue;
      const bool up = layout_.face_up(id);
      const std::uint64_t shown = all || up ? static_cast<std::uint64_t>(id) : 63;
      cards += mix64((static_cast<std::uint64_t>(cell) << 8) | (shown << 1) | (all && up));
    }
    h.add(cards).add(static_cast<std::uint64_t>(layout_.count));
  }
  h.add(hand_)
      .add(static_cast<std::uint64_t>(compass_))
      .add(static_cast<std::uint64_t>(compass_rank_));
  h.add(compass_usable()).add(static_cast<std::uint64_t>(num_discards_));
  for (int i = 0; i < num_discards_; ++i) h.add(static_cast<std::uint64_t>(discards_[i]));
  h.add(lost_to_damage_);
  h.add(static_cast<std::uint64_t>(depth_));
  for (int i = depth_ - 1; i >= 0; --i) {
    const Task& t = stack_[i];
    h.add(static_cast<std::uint64_t>(t.kind)).add(static_cast<std::uint64_t>(t.cell + 1));
    if (t.kind == TaskKind::kTrial) {
      h.add(static_cast<std::uint64_t>(t.trial))
          .add(t.step)
          .add(static_cast<std::uint64_t>(t.aux + 1));
      if (t.trial == TrialKind::kQueen || (t.trial == TrialKind::kKing && all)) {
        h.add(static_cast<std::uint64_t>(t.cell2 + 1));
      }
    }
    if (t.kind == TaskKind::kDamage) h.add(t.step).add((t.flags & kNoWindow) == 0);
    if (t.kind == TaskKind::kWake) h.add(static_cast<std::uint64_t>(t.aux));
  }
  for (const TenResult& r : tens_) {
    if (r.cell < 0) continue;
    h.add(static_cast<std::uint64_t>(r.ten)).add(static_cast<std::uint64_t>(r.cell));
    h.add(static_cast<std::uint64_t>(r.suit)).add(static_cast<std::uint64_t>(r.guess));
    h.add(static_cast<std::uint64_t>(r.actual)).add(r.valid);
    h.add(static_cast<std::uint64_t>(r.since.dx + 64))
        .add(static_cast<std::uint64_t>(r.since.dy + 64));
  }
  if (decision() == Decision::kKingName) {
    std::uint64_t before = 0;
    const std::uint64_t up = king_before_up();
    for (std::uint64_t m = up & layout_.placed(); m != 0; m &= m - 1) {
      const int id = std::countr_zero(m);
      before += mix64((static_cast<std::uint64_t>(layout_.pos[id]) << 8) |
                      static_cast<std::uint64_t>(id));
    }
    h.add(before);
  }
  h.add(used_powers_).add(static_cast<std::uint64_t>(q_len_));
  for (int i = 0; i < q_len_; ++i) h.add(q_[i]);
  h.add(static_cast<std::uint64_t>(num_answers_));
  for (int i = 0; i < num_answers_; ++i) {
    const Answer& a = answers_[i];
    h.add(a.kind).add(a.yes).add(a.current).add(a.dirs).add(static_cast<std::uint64_t>(a.cell + 1));
    h.add(static_cast<std::uint64_t>(a.len));
    for (int k = 0; k < a.len; ++k) h.add(a.tokens[k]);
    h.add(static_cast<std::uint64_t>(a.since.dx + 64))
        .add(static_cast<std::uint64_t>(a.since.dy + 64));
  }
  h.add(static_cast<std::uint64_t>(last_cancel_ + 1));
  h.add(static_cast<std::uint64_t>(cancel_since_.dx + 64))
      .add(static_cast<std::uint64_t>(cancel_since_.dy + 64));
  if (phase_ == Phase::kOver)
    h.add(static_cast<std::uint64_t>(winner_)).add(static_cast<std::uint64_t>(score()));
  return h.value();
}

}  // namespace mw::pathfinder_cards
