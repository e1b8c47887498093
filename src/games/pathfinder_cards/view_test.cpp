// view() writes the observer's document field by field; ViewReference::view below is the
// construction it replaced (members looked up as they were written), kept to prove the documents
// are the same.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/all_games.h"
#include "games/pathfinder_cards/aql.h"
#include "games/pathfinder_cards/json_common.h"
#include "games/pathfinder_cards/pathfinder_cards.h"
#include "support/option_cases.h"
#include "support/state_testing.h"

namespace mw::pathfinder_cards {
namespace {

// The cells holding `cards`, found by a walk over every cell of the board.
Json scanned_cells_json(const Layout& l, std::uint64_t cards) {
  Json out = Json::array();
  for (int cell = 0; cell < kCells; ++cell) {
    const int c = l.at[cell];
    if (c >= 0 && ((cards >> c) & 1)) out.push_back(cell_name(cell));
  }
  return out;
}

}  // namespace

// A friend of State: the reference reads the private fields the views read.
struct ViewReference {
  static Json earlier_games_json(const State& s) {
    Json games = Json::array();
    for (int g = 0; g < s.game_no_; ++g) {
      const Layout l = s.earlier_maze(g);
      const Player maker = s.maker_seat_of_game(g);
      Json e = {{"game", g + 1},
                {"maker", s.seat_name(maker)},
                {"runner", s.seat_name(maker ^ 1)},
                {"runnerScore", s.results_[static_cast<std::size_t>(g)]}};
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

  static Json base_view(const State& s, Player observer) {
    const bool all =
        s.role_of(observer) == kMaker || observer == kOmniscient || s.phase_ == Phase::kOver;
    const Player p = s.current_player();
    Json v = {{"game", "pathfinder-cards"},
              {"seats", Json::array({s.seat_name(0), s.seat_name(1)})},
              {"observer", observer >= 0            ? s.seat_name(observer)
                           : observer == kSpectator ? "spectator"
                                                    : "omniscient"},
              {"phase", kPhaseNames[static_cast<int>(s.phase_)]},
              {"toAct", p >= 0               ? Json(s.seat_name(p))
                        : p == kChancePlayer ? Json("chance")
                                             : Json()},
              {"decision", kDecisionNames[static_cast<int>(s.decision())]}};
    if (s.config_.topo == Topology::kHex) v["board"] = "hex";
    if (s.config_.advanced) v["advanced"] = true;
    // Who makes this maze (G1.2 step 1): public; null until chance has drawn it.
    v["roles"] = s.first_maker_ < 0 ? Json(nullptr)
                                    : Json({{"maker", s.seat_name(s.seat_of(kMaker))},
                                            {"runner", s.seat_name(s.seat_of(kRunner))}});
    if (s.config_.match_games > 1) {
      // Match play (G1.3.7): public, game by game.
      Json results = Json::array();
      for (int g = 0; g < s.game_no_; ++g)
        results.push_back(s.results_[static_cast<std::size_t>(g)]);
      const auto t = s.totals();
      v["match"] = {
          {"games", s.config_.match_games},          {"game", s.game_no_ + 1},
          {"maker", s.seat_name(s.seat_of(kMaker))}, {"runner", s.seat_name(s.seat_of(kRunner))},
          {"runnerScores", std::move(results)},      {"totals", Json::array({t[0], t[1]})},
          {"earlier", earlier_games_json(s)}};
    }
    if (s.phase_ == Phase::kBuild && !all) {
      v["placed"] = s.layout_.count;  // the Runner is out of the room (G1.2)
    } else {
      Json cards = Json::array();
      for (int cell = 0; cell < kCells; ++cell) {
        const int c = s.layout_.at[cell];
        if (c < 0) continue;
        Json e = {{"cell", cell_name(cell)}};
        if (all || s.layout_.face_up(c)) e["card"] = card_code(c);
        if (all) e["up"] = s.layout_.face_up(c);
        cards.push_back(std::move(e));
      }
      v["cards"] = std::move(cards);
    }
    if (all && s.phase_ != Phase::kBuild) v["maze"] = draw_maze(s.layout_);
    return v;
  }

  static Json view(const State& s, Player observer) {
    const bool all =
        s.role_of(observer) == kMaker || observer == kOmniscient || s.phase_ == Phase::kOver;
    Json v = base_view(s, observer);
    v["hand"] = hearts_json(s.hand_);
    v["compass"] = {
        {"state", kCompassNames[static_cast<int>(s.compass_)]},
        {"card", s.compass_rank_ == 0 ? Json(nullptr) : Json(heart_code(s.compass_rank_))},
        {"usable", s.compass_usable()}};
    Json discards = Json::array();
    for (int i = 0; i < s.num_discards_; ++i) discards.push_back(heart_code(s.discards_[i]));
    v["discards"] = std::move(discards);
    v["lostToDamage"] = hearts_json(s.lost_to_damage_);  // public, like the damage picks (A-G1-49)
    if (s.phase_ == Phase::kPlay || s.phase_ == Phase::kOver) {
      const std::uint64_t act = s.layout_.active();
      v["active"] = scanned_cells_json(s.layout_, act);
      v["explorable"] = scanned_cells_json(s.layout_, s.layout_.explorable(act));
      if (s.config_.advanced) {
        // The artifacts whose powers she may use now (G1.4): active, their trial over.
        Json arts = Json::array();
        const std::uint64_t on = s.layout_.enabled(act);
        if ((on >> kRopeCard) & 1) arts.push_back("rope");
        if ((on >> kVeilCard) & 1) arts.push_back("veil");
        if ((on >> kMirrorCard) & 1) arts.push_back("mirror");
        v["artifacts"] = std::move(arts);
      }
    }
    Json pending = Json::array();
    for (int i = s.depth_ - 1; i >= 0; --i) {
      const Task& t = s.stack_[i];
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
    for (const TenResult& r : s.tens_) {
      if (r.cell < 0) continue;
      tens.push_back({{"ten", card_code(r.ten)},
                      {"cell", shifted_cell_name(r.cell, r.since)},
                      {"suit", suit_code(r.suit)},
                      {"guess", r.guess},
                      {"actual", r.actual},
                      {"current", r.valid}});
    }
    v["tens"] = std::move(tens);
    if (s.decision() == Decision::kKingName) {
      // What she studied before looking away (G1.6.2): the face-up cards of the layout before.
      Json before = Json::array();
      const std::uint64_t up = s.king_before_up();
      for (int cell = 0; cell < kCells; ++cell) {
        const int c = s.layout_.at[cell];
        if (c >= 0 && ((up >> c) & 1))
          before.push_back({{"cell", cell_name(cell)}, {"card", card_code(c)}});
      }
      v["kingBefore"] = std::move(before);
    }
    v["powersUsed"] = powers_json(s.used_powers_);
    Json answers = Json::array();
    for (int i = 0; i < s.num_answers_; ++i) {
      const Answer& a = s.answers_[i];
      if (a.kind == 0) {
        answers.push_back({{"question", aql::question_text(a.tokens.data(), a.len, a.since)},
                           {"answer", a.yes ? "yes" : "no"},
                           {"current", a.current}});
      } else {
        Json dirs = Json::array();
        for (int d = 0; d < 32; ++d) {
          if ((a.dirs >> d) & 1) dirs.push_back(link_label(d, s.layout_.topo));
        }
        answers.push_back({{"pathfinder", shifted_cell_name(a.cell, a.since)},
                           {"directions", std::move(dirs)},
                           {"current", a.current}});
      }
    }
    v["answers"] = std::move(answers);
    if (s.decision() == Decision::kAdvisorAsk) {
      const aql::Pending p = aql::pending(s.q_.data(), s.q_len_);
      v["question"] = {{"number", s.top()->step + 1},
                       {"text", s.q_len_ == 0 ? "" : aql::question_text(s.q_.data(), s.q_len_)},
                       {"expect", aql::slot_name(p.slot[p.n - 1])}};
    }
    if (s.last_cancel_ >= 0) {
      v["moverCancelled"] = s.action_to_string_shifted(s.last_cancel_, s.cancel_since_);
    }
    // The Runner's study before the Maker's King flip (G1.6.2): a client gives her this long.
    if (s.decision() == Decision::kKingFlip && observer >= 0 && s.role_of(observer) == kRunner) {
      v["studySeconds"] = s.config_.king_study_seconds;
    }

    if (s.phase_ == Phase::kOver) {
      v["winner"] = s.seat_name(s.seat_of(s.winner_));
      v["score"] = s.score();
    }
    return v;
  }
};

namespace {

// The server writes the view as text directly (core ViewTextWriting); expect_views_match holds it
// to view() at every position it compares.
static_assert(ViewTextWriting<State>);

// Each option set the game's suites use, the advanced game on the hex board, and a match.
std::vector<Json> option_sets() {
  std::vector<Json> out = ::mw::test_support::options_of(builtin_games(), "pathfinder-cards");
  out.push_back({{"advanced", true}, {"board", "hex"}});
  out.push_back({{"advanced", true}, {"matchGames", "2"}});
  return out;
}

TEST(PathfinderCardsView, IsTheReferenceDocumentForEveryObserverAlongRandomGames) {
  for (const Json& options : option_sets()) {
    const Game game = builtin_games().load("pathfinder-cards", options);
    const int compared =
        state_testing::expect_views_match<State>(game, 8, 3000, ViewReference::view);
    EXPECT_GT(compared, 8 * 4) << options.dump();
  }
}

}  // namespace
}  // namespace mw::pathfinder_cards
