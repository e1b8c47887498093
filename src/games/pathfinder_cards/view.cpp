// The views of a Pathfinder state (what each seat is shown) and the information-state key that
// hashes the same facts. Schema: docs/rules/pathfinder-cards.md.
#include <fmt/format.h>

#include <bit>
#include <utility>

#include "core/hash.h"
#include "core/json_write.h"
#include "games/pathfinder_cards/json_common.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {

namespace {

Json cell_card(const std::string& cell, const std::string& card) {
  Json e = json_object(2);
  add_member(e, "cell", cell);
  add_member(e, "card", card);
  return e;
}

}  // namespace

// The finished games of a match, shown to every seat once each is over (G1.3.7): its maze revealed
// as it ended, who made and ran it, and the Runner's score. Only finished games: the maze under
// way never appears here.
Json State::earlier_games_json() const {
  Json games = json_array(static_cast<std::size_t>(game_no_));
  for (int g = 0; g < game_no_; ++g) {
    const Layout l = earlier_maze(g);
    const Player maker = maker_seat_of_game(g);
    Json e = json_object(6);
    add_member(e, "game", g + 1);
    add_member(e, "maker", seat_name(maker));
    add_member(e, "runner", seat_name(maker ^ 1));
    add_member(e, "runnerScore", results_[static_cast<std::size_t>(g)]);
    if (l.count == 0) {
      add_member(e, "cards", nullptr);  // a body from before the earlier mazes were kept
      add_member(e, "maze", nullptr);
    } else {
      Json cards = json_array(kNumCards);
      for (int id = 0; id < kNumCards; ++id) {
        cards.push_back(cell_card(cell_name(l.pos[id]), card_code(id)));
      }
      add_member(e, "cards", std::move(cards));
      add_member(e, "maze", draw_maze(l));
    }
    games.push_back(std::move(e));
  }
  return games;
}

// The match under way (G1.3.7): public, game by game.
Json State::match_json() const {
  Json results = json_array(static_cast<std::size_t>(game_no_));
  for (int g = 0; g < game_no_; ++g) results.push_back(results_[static_cast<std::size_t>(g)]);
  const auto t = totals();
  Json m = json_object(7);
  add_member(m, "games", config_.match_games);
  add_member(m, "game", game_no_ + 1);
  add_member(m, "maker", seat_name(seat_of(kMaker)));
  add_member(m, "runner", seat_name(seat_of(kRunner)));
  add_member(m, "runnerScores", std::move(results));
  add_member(m, "totals", Json::array({t[0], t[1]}));
  add_member(m, "earlier", earlier_games_json());
  return m;
}

// The layout's cards by cell: every card's identity and side for whoever sees everything, else
// the face-up cards' identities.
Json State::cards_json(bool all) const {
  std::array<int, kNumCards> cells;
  const int n = occupied_cells(layout_, cells);
  Json cards = json_array(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int cell = cells[i];
    const int c = layout_.at[cell];
    Json e = json_object(3);
    add_member(e, "cell", cell_name(cell));
    if (all || layout_.face_up(c)) add_member(e, "card", card_code(c));
    if (all) add_member(e, "up", layout_.face_up(c));
    cards.push_back(std::move(e));
  }
  return cards;
}

void State::add_base_view(Json& v, Player observer, bool all) const {
  const Player p = current_player();
  add_member(v, "game", "pathfinder-cards");
  add_member(v, "seats", Json::array({seat_name(0), seat_name(1)}));
  add_member(v, "observer",
             observer >= 0            ? seat_name(observer)
             : observer == kSpectator ? "spectator"
                                      : "omniscient");
  add_member(v, "phase", kPhaseNames[static_cast<int>(phase_)]);
  add_member(v, "toAct",
             p >= 0               ? Json(seat_name(p))
             : p == kChancePlayer ? Json("chance")
                                  : Json());
  add_member(v, "decision", kDecisionNames[static_cast<int>(decision())]);
  if (config_.topo == Topology::kHex) add_member(v, "board", "hex");
  if (config_.advanced) add_member(v, "advanced", true);
  // Who makes this maze (G1.2 step 1): public; null until chance has drawn it.
  if (first_maker_ < 0) {
    add_member(v, "roles", nullptr);
  } else {
    Json roles = json_object(2);
    add_member(roles, "maker", seat_name(seat_of(kMaker)));
    add_member(roles, "runner", seat_name(seat_of(kRunner)));
    add_member(v, "roles", std::move(roles));
  }
  if (config_.match_games > 1) add_member(v, "match", match_json());
  if (phase_ == Phase::kBuild && !all) {
    add_member(v, "placed", layout_.count);  // the Runner is out of the room (G1.2)
  } else {
    add_member(v, "cards", cards_json(all));
  }
  if (all && phase_ != Phase::kBuild) add_member(v, "maze", draw_maze(layout_));
}

Json State::view(Player observer) const {
  const bool all = sees_everything(observer);
  Json v = json_object(32);
  add_base_view(v, observer, all);
  add_member(v, "hand", hearts_json(hand_));
  Json compass = json_object(3);
  add_member(compass, "state", kCompassNames[static_cast<int>(compass_)]);
  add_member(compass, "card", compass_rank_ == 0 ? Json(nullptr) : Json(heart_code(compass_rank_)));
  add_member(compass, "usable", compass_usable());
  add_member(v, "compass", std::move(compass));
  Json discards = json_array(static_cast<std::size_t>(num_discards_));
  for (int i = 0; i < num_discards_; ++i) discards.push_back(heart_code(discards_[i]));
  add_member(v, "discards", std::move(discards));
  add_member(v, "lostToDamage",
             hearts_json(lost_to_damage_));  // public, like the damage picks (A-G1-49)
  if (phase_ == Phase::kPlay || phase_ == Phase::kOver) add_play_view(v);
  add_member(v, "pending", pending_json(all));
  add_member(v, "tens", tens_json());
  if (decision() == Decision::kKingName) add_member(v, "kingBefore", king_before_json());
  add_member(v, "powersUsed", powers_json(used_powers_));
  add_member(v, "answers", answers_json());
  add_closing_view(v, observer);
  return v;
}

// The members after "answers", which only some positions have.
void State::add_closing_view(Json& v, Player observer) const {
  if (decision() == Decision::kAdvisorAsk) {
    const aql::Pending p = aql::pending(q_.data(), q_len_);
    Json question = json_object(3);
    add_member(question, "number", top()->step + 1);
    add_member(question, "text", q_len_ == 0 ? "" : aql::question_text(q_.data(), q_len_));
    add_member(question, "expect", aql::slot_name(p.slot[p.n - 1]));
    add_member(v, "question", std::move(question));
  }
  if (last_cancel_ >= 0) {
    add_member(v, "moverCancelled", action_to_string_shifted(last_cancel_, cancel_since_));
  }
  // The Runner's study before the Maker's King flip (G1.6.2): a client gives her this long.
  if (decision() == Decision::kKingFlip && observer >= 0 && role_of(observer) == kRunner) {
    add_member(v, "studySeconds", config_.king_study_seconds);
  }
  if (phase_ == Phase::kOver) {
    add_member(v, "winner", seat_name(seat_of(winner_)));
    add_member(v, "score", score());
  }
}

// In play: the cards the Runner may stand on and explore, and (advanced) the artifacts whose
// powers she may use now (G1.4): active, their trial over.
void State::add_play_view(Json& v) const {
  const std::uint64_t act = layout_.active();
  add_member(v, "active", cells_json(layout_, act));
  add_member(v, "explorable", cells_json(layout_, layout_.explorable(act)));
  if (!config_.advanced) return;
  Json arts = json_array(3);
  const std::uint64_t on = layout_.enabled(act);
  if ((on >> kRopeCard) & 1) arts.push_back("rope");
  if ((on >> kVeilCard) & 1) arts.push_back("veil");
  if ((on >> kMirrorCard) & 1) arts.push_back("mirror");
  add_member(v, "artifacts", std::move(arts));
}

// The effects still to resolve, the next first.
Json State::pending_json(bool all) const {
  Json pending = json_array(static_cast<std::size_t>(depth_));
  for (int i = depth_ - 1; i >= 0; --i) pending.push_back(task_json(stack_[i], all));
  return pending;
}

// One effect still to resolve; the King trial's flipped card only for `all`.
Json State::task_json(const Task& t, bool all) {
  Json e = json_object(7);
  add_member(e, "effect", kTaskNames[static_cast<int>(t.kind)]);
  add_member(e, "cell", cell_json(t.cell));
  if (t.kind == TaskKind::kTrial) {
    add_member(e, "trial", kTrialNames[static_cast<int>(t.trial)]);
    add_member(e, "step", t.step);
    if (t.aux >= 0) add_member(e, "suit", suit_code(t.aux));
    if (t.trial == TrialKind::kQueen) add_member(e, "chosen", cell_json(t.cell2));
    if (t.trial == TrialKind::kKing && all) add_member(e, "flipped", cell_json(t.cell2));
  }
  if (t.kind == TaskKind::kDamage) {
    add_member(e, "step", t.step);
    add_member(e, "window", (t.flags & kNoWindow) == 0);
  }
  if (t.kind == TaskKind::kWake) add_member(e, "artifact", card_code(t.aux));
  return e;
}

Json State::tens_json() const {
  Json tens = json_array(tens_.size());
  for (const TenResult& r : tens_) {
    if (r.cell >= 0) tens.push_back(ten_json(r));
  }
  return tens;
}

Json State::ten_json(const TenResult& r) {
  Json e = json_object(6);
  add_member(e, "ten", card_code(r.ten));
  add_member(e, "cell", shifted_cell_name(r.cell, r.since));
  add_member(e, "suit", suit_code(r.suit));
  add_member(e, "guess", r.guess);
  add_member(e, "actual", r.actual);
  add_member(e, "current", r.valid);
  return e;
}

// What she studied before looking away (G1.6.2): the face-up cards of the layout before.
Json State::king_before_json() const {
  std::array<int, kNumCards> cells;
  const int n = occupied_cells(layout_, cells);
  Json before = json_array(0);
  const std::uint64_t up = king_before_up();
  for (int i = 0; i < n; ++i) {
    const int c = layout_.at[cells[i]];
    if ((up >> c) & 1) before.push_back(cell_card(cell_name(cells[i]), card_code(c)));
  }
  return before;
}

Json State::answers_json() const {
  Json answers = json_array(static_cast<std::size_t>(num_answers_));
  for (int i = 0; i < num_answers_; ++i) answers.push_back(answer_json(answers_[i]));
  return answers;
}

Json State::answer_json(const Answer& a) const {
  Json e = json_object(3);
  if (a.kind == 0) {
    add_member(e, "question", aql::question_text(a.tokens.data(), a.len, a.since));
    add_member(e, "answer", a.yes ? "yes" : "no");
  } else {
    Json dirs = json_array(static_cast<std::size_t>(std::popcount(a.dirs)));
    for (int d = 0; d < 32; ++d) {
      if ((a.dirs >> d) & 1) dirs.push_back(link_label(d, layout_.topo));
    }
    add_member(e, "pathfinder", shifted_cell_name(a.cell, a.since));
    add_member(e, "directions", std::move(dirs));
  }
  add_member(e, "current", a.current);
  return e;
}

// The facts view(p) shows, hashed directly (no JSON): what view() derives from them (toAct,
// active, explorable, the maze drawing, the score) needs no hashing of its own. Sets of cards are
// folded with a commutative sum, so the key never depends on the hidden identities' order.
std::uint64_t State::information_state_key(Player p) const {
  const bool all = sees_everything(p);
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
