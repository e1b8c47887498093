// Pentomino geometry, notation, JSON, views, resampling, rendering and the heuristic agent.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "ai/random_agent.h"
#include "core/match.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

TEST(MazeMakersPentomino, SixtyThreeDistinctFixedOrientations) {
  const std::array<int, kNumPieces> counts = {8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4};  // FILNPTUVWXYZ
  int total = 0;
  std::set<std::pair<std::uint64_t, std::uint64_t>> shapes;
  for (int piece = 0; piece < kNumPieces; ++piece) {
    EXPECT_EQ(orientation_count(piece), counts[piece]) << kPieceLetters[piece];
    total += orientation_count(piece);
  }
  EXPECT_EQ(total, kNumOrientations);
  for (int o = 0; o < kNumOrientations; ++o) {
    const Mask m = placement_mask(o, 0);  // every shape fits at a1
    ASSERT_NE(m, 0u);
    int cells = 0;
    for (int c = 0; c < kCells; ++c) cells += ((m >> c) & 1) ? 1 : 0;
    EXPECT_EQ(cells, 5);
    shapes.insert({static_cast<std::uint64_t>(m), static_cast<std::uint64_t>(m >> 64)});
  }
  EXPECT_EQ(shapes.size(), 63u);
}

// Every orientation at every anchor: legal at the first setup placement exactly when it stays on
// the 96 board squares (the START hole excluded), checked against a direct count.
TEST(MazeMakersPentomino, PlacementLegalityOnTheEmptyBoard) {
  State s = fresh();
  play(s, "first P1");
  play(s, "suns");
  play(s, "moons");
  play(s, "extra arms");
  ASSERT_EQ(s.phase(), Phase::kWalls);
  ActionList legal;
  s.legal_actions(legal);
  int expected = 0;
  for (int o = 0; o < kNumOrientations; ++o) {
    const auto& shape = orientations()[o];
    for (int a = 0; a < kCells; ++a) {
      const int r0 = a / kSide, c0 = a % kSide;
      bool ok = r0 + shape.height <= kSide && c0 + shape.width <= kSide;
      for (int i = 0; i < 5 && ok; ++i) {
        const int r = r0 + shape.dr[i], c = c0 + shape.dc[i];
        ok = !(r >= 8 && c >= 8);
      }
      expected += ok ? 1 : 0;
      EXPECT_EQ(s.can_place(o, a), ok) << o << " at " << cell_name(a);
    }
  }
  EXPECT_EQ(static_cast<int>(legal.size()), expected);
  // After one placement, overlapping ones are refused and the piece is used up.
  play(s, "X b1 a2 b2 c2 b3");
  EXPECT_EQ(reason(s, "I a2 b2 c2 d2 e2"), "walls may not overlap");
  EXPECT_EQ(reason(s, "X e1 d2 e2 f2 e3"), "X is already on the board");
}

TEST(MazeMakersNotation, RoundTripsAndCaseInsensitivity) {
  State s = scripted(Json::object(), fixture_walls(), kCoins2);
  for (Action a = 0; a < kNumActions; ++a) {
    // Skip the encodings that name no square of the board (never legal).
    if (a < kControlBase &&
        placement_mask(static_cast<int>(a / kCells), static_cast<int>(a % kCells)) == 0)
      continue;
    const int square = a >= kStepBase && a < kStop          ? static_cast<int>(a - kStepBase)
                       : a >= kCoinCellBase && a < kDieBase ? static_cast<int>(a - kCoinCellBase)
                                                            : -1;
    if (square >= 0 && square < kCells && square / kSide >= 8 && square % kSide >= 8) continue;
    if (square >= kCells && square != kStart) continue;  // No-Pentominos window squares
    const std::string text = s.action_to_string(a);
    EXPECT_EQ(s.parse_action(text), a) << text;
  }
  EXPECT_EQ(s.parse_action("PASS"), kPass);
  EXPECT_EQ(s.parse_action("I8"), kStepBase + cell("i8"));
  EXPECT_EQ(s.parse_action("Start"), kStepBase + kStart);
  EXPECT_EQ(s.parse_action("coin f"), kControlBase + 0);
  EXPECT_EQ(s.parse_action("I a6 b6 c6 d6 e6"), s.parse_action("I1@a6"));
  EXPECT_EQ(s.action_to_string(kStepBase + cell("j8")), "j8");
}

TEST(MazeMakersNotation, ErrorsSayWhatWasExpected) {
  const State s = fresh();
  for (const char* text : {"", "j10", "k1", "F9@a1", "I a1 b1 c1 d1 f1", "coin S", "roll 6"}) {
    const std::string message = error_of([&] { s.parse_action(text); }, ErrorCode::kParse);
    EXPECT_NE(message.find("expected"), std::string::npos) << text;
  }
}

TEST(MazeMakersJson, RoundTripAndRejections) {
  const Game game = load({{"players", 3}});
  Rng rng(3);
  for (int i = 0; i < 30; ++i) {
    State s = State::initial(game.options());
    ActionList scratch;
    play_random_actions(s, rng, static_cast<int>(rng.below(300)), scratch);
    const Json body = s.to_json();
    EXPECT_EQ(State::from_json(body, game.options()).to_json(), body);
  }
  State s = State::initial(game.options());
  Json body = s.to_json();
  body["pawns"][0] = 5;  // a pawn off START during setup
  EXPECT_NE(error_of([&] { State::from_json(body, game.options()); }, ErrorCode::kBadState), "");
  body = s.to_json();
  body.erase("health");
  EXPECT_NE(error_of([&] { State::from_json(body, game.options()); }, ErrorCode::kBadState)
                .find("health"),
            std::string::npos);
}

// Views show coin suits only to those who landed on them; "monster for" facts are public.
TEST(MazeMakersViews, CoinSuitsStayPrivate) {
  State s = scripted(Json::object(), fixture_walls(), kCoins2);
  play(s, "pass");
  play(s, "i8");
  play(s, "i7");
  play(s, "roll 5");
  auto coin_view = [&](Player p) {
    const Json view = s.view(p);
    for (const Json& c : view["coins"]) {
      if (c["cell"] == "i7") return c;
    }
    return Json();
  };
  EXPECT_EQ(coin_view(0)["suit"], "Crowns");
  EXPECT_FALSE(coin_view(1).contains("suit"));
  EXPECT_FALSE(coin_view(kSpectator).contains("suit"));
  EXPECT_EQ(coin_view(kOmniscient)["suit"], "Crowns");
  EXPECT_EQ(coin_view(kSpectator)["monster_for"], Json::array({"P1"}));
  EXPECT_NE(s.information_state_key(0), s.information_state_key(1));
  const Json other = s.view(1);
  for (const Json& c : other["coins"]) EXPECT_FALSE(c.contains("suit"));
}

// resample(p) keeps what p saw and the public facts, moves the rest, and is exact: every
// consistent world appears.
TEST(MazeMakersResample, ConsistentOverManyRandomStates) {
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    Rng rng(players);
    for (int i = 0; i < 40; ++i) {
      State s = State::initial(game.options());
      ActionList scratch;
      play_random_actions(s, rng, 40 + static_cast<int>(rng.below(400)), scratch);
      for (Player p = 0; p < players; ++p) {
        const Json view = s.view(p), spectator = s.view(kSpectator);
        for (int k = 0; k < 5; ++k) {
          const State w = s.resample(p, rng);
          ASSERT_EQ(w.view(p), view);
          ASSERT_EQ(w.view(kSpectator), spectator);
          ASSERT_EQ(w.information_state_key(p), s.information_state_key(p));
          for (int c = 0; c < kNumCoins; ++c) {
            const int cell = w.coin_cell(c);
            if (cell < 0) continue;
            for (Player q = 0; q < players; ++q) {
              // A coin someone landed on is never that player's suit.
              if ((w.landed(q) >> c) & 1) {
                ASSERT_NE(coin_suit(c), w.suit(q));
              }
            }
          }
          EXPECT_EQ(State::from_json(w.to_json(), game.options()).to_json(), w.to_json());
        }
      }
    }
  }
}

// What each observer is told of an action: the suit deal reads the same whatever was dealt, and
// every other action is public, so in every world resample(p) yields the text p gets is the same.
TEST(MazeMakersPrivateText, TheSuitDealIsHiddenFromEverySeat) {
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    Rng rng(10 + players);
    State s = State::initial(game.options());
    ActionList legal;
    while (s.phase() != Phase::kCoinSuits) {  // setup, seats acting at random
      if (s.current_player() == kChancePlayer) {
        s.apply_legal(s.sample_chance(rng));
      } else {
        s.legal_actions(legal);
        s.apply_legal(legal[rng.below(legal.size())]);
      }
    }
    const auto outcomes = s.chance_outcomes();
    ASSERT_GE(outcomes.size(), 2u);
    std::set<std::string> full;
    for (const auto& o : outcomes) {
      full.insert(s.action_to_string_for(kOmniscient, o.action));
      for (Player p : {Player{0}, Player{1}, kSpectator}) {
        EXPECT_EQ(s.action_to_string_for(p, o.action),
                  "the suits of the 2-coins are dealt face down");
      }
    }
    EXPECT_EQ(full.size(), outcomes.size());  // the omniscient observer reads which deal it was
  }
}

TEST(MazeMakersPrivateText, SameTextInEveryConsistentWorld) {
  int checked = 0;
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    Rng rng(20 + players);
    for (int i = 0; i < 60; ++i) {
      State s = State::initial(game.options());
      ActionList scratch;
      play_random_actions(s, rng, static_cast<int>(rng.below(300)), scratch);
      if (s.is_terminal()) continue;
      const Player actor = s.current_player();
      Action a;
      if (actor == kChancePlayer) {
        a = s.sample_chance(rng);
      } else {
        s.legal_actions(scratch);
        a = scratch[rng.below(scratch.size())];
        ASSERT_EQ(s.action_to_string_for(actor, a), s.action_to_string(a));
      }
      const bool secret = s.phase() == Phase::kCoinSuits;
      EXPECT_EQ(s.action_to_string_for(kSpectator, a) == s.action_to_string(a), !secret);
      for (Player p = 0; p < players; ++p) {
        if (p == actor) continue;
        const std::string told = s.action_to_string_for(p, a);
        EXPECT_EQ(told, s.action_to_string_for(kSpectator, a));
        for (int k = 0; k < 4; ++k) {
          const State w = s.resample(p, rng);
          ActionList legal;
          if (actor == kChancePlayer) {
            for (const auto& o : w.chance_outcomes()) legal.push_back(o.action);
          } else {
            w.legal_actions(legal);
          }
          if (std::find(legal.begin(), legal.end(), a) == legal.end()) continue;
          ASSERT_EQ(w.action_to_string_for(p, a), told);
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 300);
}

TEST(MazeMakersResample, UnknownSuitsDoMove) {
  const State s = scripted(Json::object(), fixture_walls(), kCoins2);
  Rng rng(1);
  std::set<int> seen;
  for (int k = 0; k < 60; ++k) seen.insert(s.resample(0, rng).coin_at(cell("i7")));
  EXPECT_EQ(seen, (std::set<int>{2, 5, 8}));  // the three 4-coins
}

TEST(MazeMakersRender, DrawsTheBoard) {
  const Game game = load();
  const State s = scripted(Json::object(), fixture_walls(), kCoins2);
  const std::string plain = game.render(s.view(0), RenderStyle{false, false});
  EXPECT_NE(plain.find("START: P1 P2"), std::string::npos) << plain;
  EXPECT_NE(plain.find("4?"), std::string::npos) << plain;
  for (unsigned char c : plain) EXPECT_LT(c, 128);
}

double heuristic_score(int players, int games) {
  const Game game = load({{"players", players}});
  const GameEntry& entry = builtin_games().entry("mazemakers");
  double wins = 0;
  for (int g = 0; g < games; ++g) {
    std::vector<std::unique_ptr<Agent>> owned;
    std::vector<Agent*> seats;
    const int hero = g % players;
    for (int p = 0; p < players; ++p) {
      owned.push_back(p == hero ? entry.agents[0].make(game, Json::object())
                                : std::make_unique<RandomAgent>());
      seats.push_back(owned.back().get());
    }
    const MatchResult r = play_match(game, seats, {static_cast<std::uint64_t>(g), 100000, false});
    wins += r.returns[hero] > 0 ? 1 : 0;
  }
  return wins / games;
}

TEST(MazeMakersAgent, HeuristicBeatsRandom) {
  EXPECT_GE(heuristic_score(2, 20), 0.9);
  EXPECT_GE(heuristic_score(3, 12), 0.75);
}

}  // namespace
}  // namespace mw::mazemakers
