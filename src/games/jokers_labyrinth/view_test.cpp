// view() writes the observer's document field by field; ViewReference::view below is the
// construction it replaced (members looked up as they were written), kept to prove the documents
// are the same.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/all_games.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"
#include "support/option_cases.h"
#include "support/state_testing.h"

namespace mw::jokers_labyrinth {
namespace {

Json card_list(const std::vector<int>& cards) {
  Json out = Json::array();
  for (int c : cards) out.push_back(phys_name(c));
  return out;
}

Json bits_list(const auto& bits, int n) {
  Json out = Json::array();
  for (int i = 0; i < n; ++i) {
    if (bits[static_cast<std::size_t>(i)]) out.push_back(i);
  }
  return out;
}

}  // namespace

// A friend of State: the reference reads the private fields the views read.
struct ViewReference {
  static Json view(const State& s, Player observer) {
    const bool all = observer == kOmniscient || s.phase_ == Phase::kOver;
    auto sees_cell = [&](int c) {
      return all || (observer >= 0 && (s.known_[c] & (1u << observer)) != 0);
    };
    auto sees_card = [&](int p, int phys) { return all || observer == p || !s.private_[phys]; };
    Json v = Json::object();
    Json seats = Json::array();
    for (int p = 0; p < s.config_.players; ++p) seats.push_back(kSeatNames[p]);
    v["seats"] = seats;
    v["observer"] = observer;
    v["phase"] = kPhaseNames[static_cast<std::size_t>(s.phase_)];
    v["to_act"] = s.current_player();
    v["turn"] = {{"seat", s.to_move_},
                 {"actions_left", s.actions_left_},
                 {"paid", s.paid_actions_},
                 {"last_was_reveal", s.last_was_reveal_},
                 {"boost_used", s.boost_used_},
                 {"scavenged", s.scavenged_},
                 {"round", s.round_},
                 {"first", s.first_},
                 {"turns", s.turns_}};
    Json board = Json::array();
    for (int r = 0; r < kSide; ++r) {
      Json row = Json::array();
      for (int col = 0; col < kSide; ++col) {
        const int c = cell_at(r, col);
        std::string text;
        if (s.down_[c]) {
          text = "#";
          if (s.cell_card_[c] >= 0 && sees_cell(c)) text += phys_name(s.cell_card_[c]);
          if (s.group_[c] != 0) text += fmt::format("~{}", s.group_[c]);
        } else if (s.cell_card_[c] >= 0) {
          text = phys_name(s.cell_card_[c]);
          if (s.guard_[c] >= 0) text += "/" + phys_name(s.guard_[c]);
          if (s.dropped_[c]) text += "!";
        }
        row.push_back(text);
      }
      board.push_back(row);
    }
    v["board"] = board;
    Json peeks = Json::array();
    for (int c = 0; c < kCells; ++c) {
      if (s.known_[c] != 0) peeks.push_back({cell_name(c), s.known_[c]});
    }
    v["peeked"] = peeks;
    Json players = Json::array();
    for (int p = 0; p < s.config_.players; ++p) {
      const PlayerState& ps = s.players_[p];
      std::vector<int> shown;
      int hidden = 0;
      for (int phys : s.hand(p)) {
        if (sees_card(p, phys)) {
          shown.push_back(phys);
        } else {
          ++hidden;
        }
      }
      players.push_back(
          {{"seat", kSeatNames[p]},
           {"jack", ps.suit >= 0 ? std::string(suit_symbol(static_cast<Suit>(ps.suit))) : ""},
           {"cell", ps.pos >= 0 ? cell_name(ps.pos) : ""},
           {"entered", ps.entered},
           {"debt", ps.debt},
           {"skip", ps.skip},
           {"bolster", ps.bolster},
           {"hindered", ps.hindered},
           {"jokers", s.jokers_held(p)},
           {"hand_size", static_cast<int>(shown.size()) + hidden},
           {"hand", card_list(shown)},
           {"hidden", hidden}});
    }
    v["players"] = players;
    auto pile = [&](std::uint8_t where) {
      std::vector<int> cards;
      for (int phys = 0; phys < kNumPhys; ++phys) {
        if (s.loc_[phys] == where) cards.push_back(phys);
      }
      return cards;
    };
    v["main_discard"] = card_list(pile(kLocMainDiscard));
    v["scavenger_discard"] = card_list(pile(kLocScavDiscard));
    v["scavenger_deck"] = pile(kLocScavDeck).size();
    v["guardian_deck"] = card_list(pile(kLocGuardDeck));
    v["guardians_aside"] = card_list(pile(kLocAside));
    v["unseen_dungeon"] = pile(kLocPool).size();
    if (is_fight_phase(s.phase_)) {
      const Combat& c = s.combat_;
      Json cj = {{"attacker", c.attacker}, {"target", c.target >= 0 ? cell_name(c.target) : ""}};
      if (c.defender >= 0) {
        cj["defender"] = c.defender;
        Json commits = Json::array();
        const bool both = c.commit[0] != -2 && c.commit[1] != -2;
        for (int side = 0; side < 2; ++side) {
          const int seat = side == 0 ? c.attacker : c.defender;
          const int card = c.commit[side];
          if (card == -2) {
            commits.push_back(nullptr);
          } else if (both || all || observer == seat) {
            commits.push_back(card >= 0 ? phys_name(card) : "none");
          } else {
            commits.push_back("committed");
          }
        }
        cj["commit"] = commits;
        cj["dice"] = c.die;
        cj["side"] = c.side;
        cj["loser"] = c.loser;
      } else {
        cj["value_card"] = c.value_card >= 0 ? phys_name(c.value_card) : "";
        cj["defender_value"] = s.board_fight_value(c.target);
        cj["dice"] = c.dice;
        cj["faces"] = c.faces;
        cj["final_die"] = c.final_die;
        if (c.set_aside != 0) {
          Json faces = Json::array();
          for (int f = 0; f < 6; ++f) {
            if ((c.set_aside & (1 << f)) != 0) faces.push_back(f + 1);
          }
          cj["set_aside"] = {{"dice", c.dice - c.rolled}, {"faces", faces}};
        }
      }
      cj["rerolled"] = c.rerolled;
      v["combat"] = cj;
    }
    if (s.phase_ == Phase::kScavKeep || s.phase_ == Phase::kKeepNpc) {
      v["held"] = sees_card(s.to_move_, s.held_card_) ? phys_name(s.held_card_) : "hidden";
    }
    if (s.phase_ == Phase::kPeeking || s.after_ == After::kPeeked) v["peeks_left"] = s.peeks_left_;
    if (s.phase_ == Phase::kShuffleDraw || s.phase_ == Phase::kShuffleDeal) {
      v["shuffle"] = {{"centre", cell_name(s.rs_centre_)},
                      {"items", s.rs_count_},
                      {"draws", s.rs_need_},
                      {"next", s.rs_next_}};
    }
    if (s.phase_ == Phase::kDeal || s.phase_ == Phase::kGuardian) {
      v["revealing"] = {{"after", static_cast<int>(s.after_)},
                        {"target", s.after_target_ >= 0 ? cell_name(s.after_target_) : ""},
                        {"pending", bits_list(s.pending_, kCells)},
                        {"portal_card", s.portal_card_ >= 0 ? phys_name(s.portal_card_) : ""}};
    }
    if (s.phase_ == Phase::kOver) v["winner"] = s.winner_;
    if (s.last_fight_.attacker >= 0) v["lastFight"] = s.last_fight_view();
    return v;
  }
};

namespace {

// The server writes the view as text directly (core ViewTextWriting); expect_views_match holds it
// to view() at every position it compares.
static_assert(ViewTextWriting<State>);

TEST(JokersLabyrinthView, IsTheReferenceDocumentForEveryObserverAlongRandomGames) {
  // Each option set the game's suites use, every player count among them.
  for (const Json& options : ::mw::test_support::options_of(builtin_games(), "jokers-labyrinth")) {
    const Game game = builtin_games().load("jokers-labyrinth", options);
    const int compared =
        state_testing::expect_views_match<State>(game, 3, 4000, ViewReference::view);
    EXPECT_GT(compared, 3 * 4) << options.dump();
  }
}

}  // namespace
}  // namespace mw::jokers_labyrinth
