// JSON bodies, views (what each observer may see), information-state keys and resampling.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/jokers_labyrinth/rules_test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

// P1 on b2 has moved right onto the empty c2 and chosen to scavenge: the Scavenger card is next.
State scavenging_on_c2() {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  clear(s, "c2");
  play(s, "move right");
  play(s, "scavenge");
  return s;
}

TEST(JokersLabyrinthJson, BodiesRoundTrip) {
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      const State s = random_position(game, seed, static_cast<int>(seed * 37 % 900));
      const Json body = s.to_json();
      EXPECT_EQ(State::from_json(body, game.options()).to_json(), body);
    }
  }
}

// illegal_reason() takes a short cut for some turn actions: it must agree with legal_actions()
// for every decision, in turns with Aces, Queens, Kings and debt.
TEST(JokersLabyrinthRules, IllegalReasonAgreesWithTheLegalList) {
  int checked = 0;
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0; seed < 600 && checked < 8 * (players - 1); ++seed) {
      const State s = random_position(game, seed, static_cast<int>(50 + seed * 31 % 1500));
      if (s.phase() != Phase::kMain || s.hand(s.to_move()).count() < 2) continue;
      ActionList legal;
      s.legal_actions(legal);
      for (Action a = 0; a < kDecisionEnd; ++a) {
        const bool listed = std::binary_search(legal.begin(), legal.end(), a);
        ASSERT_EQ(s.illegal_reason(a).empty(), listed) << a << " seed " << seed;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 15);
}

TEST(JokersLabyrinthJson, MalformedBodiesAreRefusedWithAReason) {
  const Game game = load();
  const Json body = random_position(game, 3, 200).to_json();
  auto refuse = [&](Json damaged) {
    return error_of([&] { State::from_json(damaged, game.options()); }, ErrorCode::kBadState);
  };
  Json missing = body;
  missing.erase("loc");
  EXPECT_NE(refuse(missing).find("missing \"loc\""), std::string::npos);
  Json phase = body;
  phase["phase"] = "dance";
  EXPECT_NE(refuse(phase).find("unknown \"phase\""), std::string::npos);
  Json two = body;
  two["loc"][card("5S")] = kCenter;  // the centre already holds a card
  EXPECT_NE(refuse(two), "");
  Json pool = body;
  pool["loc"][card("JK2")] = kLocMainDiscard;  // one fewer unseen card than face-down cells
  EXPECT_NE(refuse(pool), "");
  EXPECT_NE(refuse(Json::array()), "");
}

TEST(JokersLabyrinthViews, HiddenThingsStayHidden) {
  State s = setup("H", "a0", "S", "h7");
  play(s, "reveal down");
  play(s, "card 9H");
  const Json spectator = s.view(kSpectator);
  EXPECT_EQ(spectator["board"][1][1], "9H");
  EXPECT_EQ(spectator["board"][1][2], "#");  // face down: hidden from all
  EXPECT_EQ(spectator["seats"], Json::array({"P1", "P2"}));
  EXPECT_EQ(spectator["unseen_dungeon"], 47);
  const Json omni = s.view(kOmniscient);
  EXPECT_EQ(omni["board"][1][2], "#");  // not dealt yet: nobody knows, not even the referee
}

TEST(JokersLabyrinthViews, KeysFollowViews) {
  const Game game = load({{"players", 3}});
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const State s = random_position(game, seed, 150 + static_cast<int>(seed) * 20);
    for (Player p = 0; p < 3; ++p) {
      State copy = State::from_json(s.to_json(), game.options());
      EXPECT_EQ(copy.information_state_key(p), s.information_state_key(p));
    }
  }
}

// resample(p) keeps p's view, key and legal actions, and yields a valid state, over many states.
TEST(JokersLabyrinthResample, ConsistentWithWhatThePlayerKnows) {
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      const State s = random_position(game, seed + 100, static_cast<int>(seed * 53 % 1500));
      Rng rng(seed);
      for (Player p = 0; p < players; ++p) {
        const State w = s.resample(p, rng);
        EXPECT_EQ(w.view(p), s.view(p)) << seed;
        EXPECT_EQ(w.view(kSpectator), s.view(kSpectator)) << seed;
        EXPECT_EQ(w.information_state_key(p), s.information_state_key(p)) << seed;
        if (s.current_player() == p) {
          ActionList a, b;
          s.legal_actions(a);
          w.legal_actions(b);
          EXPECT_EQ(a, b) << seed;
        }
        EXPECT_EQ(State::from_json(w.to_json(), game.options()).to_json(), w.to_json());
      }
    }
  }
}

TEST(JokersLabyrinthResample, PrivateCardsAndUnseenCardsAreRedrawn) {
  State s = scavenging_on_c2();
  play(s, "card 9H*");
  play(s, "keep");
  // The opponent's worlds: P1's kept card varies over the keepable Scavenger cards.
  Rng rng(1);
  int other = 0;
  for (int i = 0; i < 200; ++i) {
    const State w = s.resample(1, rng);
    other += w.loc(card("9H*")) != kLocHand + 0 ? 1 : 0;
    EXPECT_EQ(w.hand(0).count(), s.hand(0).count());
  }
  EXPECT_GT(other, 100);
  // P1's own worlds keep it.
  for (int i = 0; i < 20; ++i) EXPECT_EQ(s.resample(0, rng).loc(card("9H*")), kLocHand + 0);
}

// Reality Shuffle groups: a card another seat peeked (before or after the shuffle) is, to the
// resampling seat, an unknown card exchangeable with the unseen pool; a card that was face up when
// shuffled stays in the group; the peeker keeps what it saw.
TEST(JokersLabyrinthResample, ShuffleGroupsReRandomizeWhatTheSeatDoesNotKnow) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "c3");
  lay(s, "c2", "4H");
  give(s, 0, "AS");
  give(s, 1, "AD");
  give(s, 1, "AC");
  s.set_turn(1, 2);
  play(s, "advrecon AD");
  play(s, "peek d2");
  play(s, "card 8D");
  play(s, "done");
  s.set_turn(0, 2);
  play(s, "shuffle AS c3");
  ASSERT_EQ(s.phase(), Phase::kShuffleDeal);
  auto check = [&](const State& now, const char* mine, const char* theirs, bool in_group) {
    Rng rng(5);
    int pooled = 0;
    for (int i = 0; i < 300; ++i) {
      const State w0 = now.resample(0, rng);
      EXPECT_EQ(w0.information_state_key(0), now.information_state_key(0));
      EXPECT_EQ(w0.view(kSpectator), now.view(kSpectator));
      pooled += w0.loc(card(theirs)) == kLocPool ? 1 : 0;
      EXPECT_NE(w0.loc(card(mine)), kLocPool);  // face up when shuffled: known to be there
      const State w1 = now.resample(1, rng);
      EXPECT_EQ(w1.view(1), now.view(1));
      EXPECT_NE(w1.loc(card(theirs)), kLocPool);
      if (in_group) {
        EXPECT_NE(w1.loc(card(theirs)), kLocShuffle);
      }
      const State ws = now.resample(kSpectator, rng);
      EXPECT_NE(ws.loc(card(mine)), kLocPool);
    }
    EXPECT_GT(pooled, 150);  // 8D is one of 40 unknown cards to P1 (only ~1/40 not pooled)
  };
  check(s, "4H", "8D", false);  // mid-deal: 8D and 4H are being shuffled
  for (int i = 0; i < 9; ++i) play(s, "item 0");
  ASSERT_EQ(s.player(0).pos, cell("c3"));
  check(s, "4H", "8D", true);
  // A card dealt to a group cell by a later peek: P1 does not know it either.
  s.set_turn(1, 2);
  play(s, "advrecon AC");
  play(s, "peek b2");
  play(s, "card 9D");
  play(s, "done");
  check(s, "4H", "9D", true);
  Rng rng(9);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(s.resample(1, rng).card_on(cell("b2")), card("9D"));
}

// What a non-acting observer is told of an action is the same in every world resample(observer)
// can produce (where the action exists too): it depends only on what that observer knows.
TEST(JokersLabyrinthActionText, OthersAreToldOnlyWhatTheySee) {
  int checked = 0;
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed * 31 + static_cast<std::uint64_t>(players));
      ActionList acts;
      for (int step = 0; step < 3000 && !s.is_terminal(); ++step) {
        acts.clear();
        if (s.current_player() == kChancePlayer) {
          for (const ChanceOutcome& o : s.chance_outcomes()) acts.push_back(o.action);
        } else {
          s.legal_actions(acts);
        }
        const bool rare = s.phase() == Phase::kPvpPrep || s.phase() == Phase::kScavDraw ||
                          s.phase() == Phase::kShuffleDeal || s.phase() == Phase::kPeeking ||
                          s.phase() == Phase::kScavKeep || s.phase() == Phase::kDeal;
        if (rare || step % 25 == 0) {
          for (Player o = 0; o < players; ++o) {
            if (o == s.current_player()) continue;
            const State w = s.resample(o, rng);
            ActionList wacts;
            if (w.current_player() == kChancePlayer) {
              for (const ChanceOutcome& x : w.chance_outcomes()) wacts.push_back(x.action);
            } else {
              w.legal_actions(wacts);
            }
            for (Action a : acts) {
              if (std::find(wacts.begin(), wacts.end(), a) == wacts.end()) continue;
              for (Player told : {o, kSpectator}) {
                EXPECT_EQ(s.action_to_string_for(told, a), w.action_to_string_for(told, a))
                    << s.action_to_string(a) << " seed " << seed << " step " << step;
              }
              ++checked;
            }
          }
        }
        Action a;
        if (s.current_player() == kChancePlayer) {
          a = s.sample_chance(rng);
        } else {
          a = acts[rng.below(acts.size())];
        }
        s.apply_legal(a);
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(JokersLabyrinthActionText, SecretsAreToldAsDescriptions) {
  State s = scavenging_on_c2();
  const Action draw = s.parse_action("card 9H*");
  EXPECT_EQ(s.action_to_string_for(1, draw), "Player 1 draws a Scavenger card (hidden)");
  EXPECT_EQ(s.action_to_string_for(kSpectator, draw), "Player 1 draws a Scavenger card (hidden)");
  EXPECT_EQ(s.action_to_string_for(0, draw), "card 9H*");
  EXPECT_EQ(s.action_to_string_for(kOmniscient, draw), "card 9H*");
  // A card that cannot be kept goes face up to the discard: told in full.
  const Action hazard = s.parse_action("card 5C*");
  EXPECT_EQ(s.action_to_string_for(1, hazard), "card 5C*");
  play(s, "card 9H*");
  EXPECT_EQ(s.action_to_string_for(1, s.parse_action("keep")), "keep");
}

TEST(JokersLabyrinthActionText, FirstPvpCommitmentIsHidden) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  stand(s, 1, "c2");
  give(s, 0, "8H");
  give(s, 1, "9D");
  play(s, "fight right");
  ASSERT_EQ(s.phase(), Phase::kPvpPrep);
  const Player first = s.current_player();
  const Player second = 1 - first;
  const Action a = s.parse_action(first == 0 ? "use 8H" : "use 9D");
  EXPECT_EQ(s.action_to_string_for(second, a),
            "Player " + std::to_string(first + 1) + " commits a value card (hidden)");
  EXPECT_EQ(s.action_to_string_for(kSpectator, s.parse_action("nocard")),
            "Player " + std::to_string(first + 1) + " commits a value card (hidden)");
  EXPECT_EQ(s.action_to_string_for(first, a), s.action_to_string(a));
  s.apply_legal(a);
  ASSERT_EQ(s.current_player(), second);
  // The second commitment is revealed at once together with the first: told in full.
  const Action b = s.parse_action(second == 0 ? "use 8H" : "use 9D");
  EXPECT_EQ(s.action_to_string_for(first, b), s.action_to_string(b));
}

}  // namespace
}  // namespace mw::jokers_labyrinth
