// The heuristic agent's way-finding: coins it must walk through, and walls that shut it in.
#include <gtest/gtest.h>

#include <algorithm>
#include <bitset>
#include <iostream>
#include <memory>
#include <vector>

#include "ai/random_agent.h"
#include "core/agent.h"
#include "games/mazemakers/evaluate.h"
#include "games/mazemakers/heuristic_agent.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/pentomino.h"
#include "games/mazemakers/test_support.h"
#include "games/mazemakers/way.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

Action heuristic_choice(const Game& game, const State& s, std::uint64_t seed = 1) {
  const mw::State wrapped = make_state(game, s);
  HeuristicAgent agent(HeuristicAgent::Params{});
  Rng rng(seed);
  return agent.choose(Observation(wrapped, s.current_player()), rng);
}

// The heuristic decides from what its seat may know: at every decision of many games, given the
// same random numbers, it chooses the same in the true position as in worlds sampled for its
// seat (the coins it has not seen dealt afresh among themselves), so it need not sample one.
TEST(MazeMakersHeuristic, ChoosesFromWhatItsSeatKnowsAlone) {
  int compared = 0, differed = 0;
  for (const Json& options : {Json{{"players", 2}}, Json{{"players", 3}}, Json{{"players", 4}},
                              Json{{"players", 3}, {"board", "noPentominos"}}}) {
    const Game game = load(options);
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed), worlds(seed + 1000);
      while (!s.is_terminal()) {
        const Player p = s.current_player();
        if (p < 0) {
          s.apply_legal(s.sample_chance(rng));
          continue;
        }
        const auto choice = [&](const State& position, Rng draws) {
          HeuristicAgent agent(HeuristicAgent::Params{});
          return agent.choose(Observation(make_state(game, position), p), draws);
        };
        const Action chosen = choice(s, rng);
        for (int k = 0; k < 2; ++k) {
          const State world = s.resample(p, worlds);
          ASSERT_EQ(choice(world, rng), chosen) << options.dump() << ", seed " << seed << ", seat "
                                                << p << ": " << s.to_json().dump();
          ++compared;
          differed += world.to_json() != s.to_json();  // else the test could not fail
        }
        s.apply_legal(chosen);
        rng.below(2);  // the next choice draws other numbers
      }
    }
  }
  EXPECT_GT(compared, 2000);
  EXPECT_GT(differed, compared / 5);
}

// The distances over bit masks (all of them, or up to one end), and the set-up heuristic's count
// of the squares within reach of START, and each seat's way to its targets (all, and those under
// no other pawn), are those of the plain search at every decision of random
// games (coins on the board from the deal on, walls shutting pockets), from START, from each seat's
// public targets and from each pawn, on both boards.
TEST(MazeMakersWay, DistancesOverMasksAreThoseOfTheSearch) {
  int checked = 0;
  int walled_with_coins = 0;
  for (const Json& options : {Json{{"players", 2}}, Json{{"players", 4}},
                              Json{{"players", 2}, {"board", "noPentominos"}}}) {
    const Game game = load(options);
    for (std::uint64_t seed = 0;
         seed < static_cast<std::uint64_t>(::mw::test_support::scaled_for_sanitizers(40)); ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList legal;
      while (!s.is_terminal()) {
        std::vector<std::vector<int>> sources = {{kStart}};
        for (Player q = 0; q < s.num_players(); ++q) {
          sources.push_back(public_targets(s, q));
          if (s.pawn(q) >= 0) sources.push_back({s.pawn(q)});
        }
        std::vector<int> ends = {kStart};  // where distance_between is asked to stop
        for (Player q = 0; q < s.num_players(); ++q) {
          if (s.pawn(q) >= 0) ends.push_back(s.pawn(q));
        }
        for (int i = 0; i < 4; ++i) ends.push_back(static_cast<int>(rng.below(s.num_cells())));
        for (const std::vector<int>& from : sources) {
          const Dist d = distances_by_search(s, from);
          ASSERT_EQ(distances(s, from), d) << options.dump() << " seed " << seed;
          for (const int end : ends) {
            ASSERT_EQ(distance_between(s, from, end), d[end]) << options.dump() << " seed " << seed;
          }
        }
        const Dist d = distances_by_search(s, {kStart});
        const auto within = static_cast<int>(std::count_if(d.begin(), d.begin() + s.num_cells(),
                                                           [](std::int8_t x) { return x < kFar; }));
        ASSERT_EQ(squares_reached_from_start(s), within) << options.dump() << " seed " << seed;
        for (Player q = 0; q < s.num_players(); ++q) {
          const auto searched = [&](const std::vector<int>& targets) {
            if (!s.alive(q) || targets.empty()) return kFar;
            return static_cast<int>(distances_by_search(s, targets)[s.pawn(q)]);
          };
          ASSERT_EQ(distance_to_targets(s, q), searched(public_targets(s, q)))
              << options.dump() << " seed " << seed << " seat " << q;
          ASSERT_EQ(distance_to_free_targets(s, q), searched(free_targets(s, q)))
              << options.dump() << " seed " << seed << " seat " << q;
        }
        ++checked;
        bool coins = false;
        for (int c = 0; c < kNumCoins; ++c) coins = coins || s.coin_cell(c) >= 0;
        walled_with_coins += coins && s.walls() != 0;
        play_random_actions(s, rng, 1, legal);
      }
    }
  }
  EXPECT_GT(checked, 5000);
  EXPECT_GT(walled_with_coins, 2500);
}

// A WayCache answers as a search of each position would, across the positions the heuristic
// weighs at a wall decision: a legal wall action's, and each of those with a held wall moved
// (walls only), asked in that order for every seat, at every fourth wall decision of random games
// (a deliberate slip in the reuse test, ignoring removed walls, fails it).
TEST(MazeMakersWay, AWayCacheAnswersAsASearchWouldAcrossWallMoves) {
  int compared = 0;
  for (const Json& options : {Json{{"players", 2}}, Json{{"players", 4}}}) {
    const Game game = load(options);
    for (std::uint64_t seed = 0;
         seed < static_cast<std::uint64_t>(::mw::test_support::scaled_for_sanitizers(3)); ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList legal;
      std::vector<Mask> moves;
      int decisions = 0;
      while (!s.is_terminal()) {
        if (s.phase() == Phase::kWallAction && decisions++ % 4 == 0) {
          WayCache ways;
          s.legal_actions(legal);
          for (int k = 0; k < 2; ++k) {  // two of the actions, each with its wall moves
            State next = s;
            const Action a = legal[rng.below(legal.size())];
            next.apply_legal(a);
            std::vector<State> weighed = {next};
            for (int piece = 0; piece < kNumPieces; ++piece) {
              if (next.wall_owner(piece) != s.current_player()) continue;
              next.wall_move_results(piece, moves);
              for (const Mask& walls : moves) weighed.push_back(next.with_walls(walls));
            }
            for (const State& w : weighed) {
              for (Player q = 0; q < w.num_players(); ++q) {
                ASSERT_EQ(ways.to_free_targets(w, q), distance_to_free_targets(w, q)) << seed;
                ASSERT_EQ(ways.to_targets(w, q), distance_to_targets(w, q)) << seed;
                ++compared;
              }
            }
          }
        }
        play_random_actions(s, rng, 1, legal);
      }
    }
  }
  EXPECT_GT(compared, ::mw::test_support::scaled_for_sanitizers(100000));
}

// The fixture walls fill rows 1-5 but for a pocket j3-j4-j5-i5 that opens onto row 6. P1 stands
// on a coin it has fought (j4); the pocket's only way out is through another coin it has fought
// (j5); its artifacts lie in rows 6-10. Staying fights nothing, but leads nowhere either: it must
// walk on through j5 (the old heuristic scored staying on j4 as landing there, and stayed).
TEST(MazeMakersHeuristic, StandingOnAFoughtCoinItWalksOnThroughTheNextOne) {
  // Coin ids: Suns 2,3,4 (P1's), Moons 2,3,4, Crowns 2,3,4 (2 players add Crowns).
  const State dealt = scripted({{"players", 2}}, fixture_walls(),
                               {"a8", "c8", "e8", "j4", "j5", "b10", "d10", "f10", "g7"});
  Json body = dealt.to_json();
  body["phase"] = "move";
  body["mover"] = 0;
  body["steps_left"] = 5;
  body["pawns"][0] = cell("j4");
  body["last_free"] = cell("j3");
  body["landed"][0] = (1 << 3) | (1 << 4);  // Moons 2 (j4) and Moons 3 (j5): monsters for P1
  body["began_on_start"] = false;
  const Game game = load({{"players", 2}});
  const State s = State::from_json(body, game.options());
  ASSERT_EQ(s.current_player(), 0);
  ASSERT_TRUE(is_legal(s, kStop));
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    EXPECT_EQ(s.action_to_string(heuristic_choice(game, s, seed)), "j5") << "seed " << seed;
  }
}

// START is reachable from `cell` over open squares (through pawns and coins).
bool reaches_start(const State& s, int from) {
  std::bitset<kMaxCells + 1> seen;
  std::vector<int> queue = {from};
  seen.set(static_cast<std::size_t>(from));
  for (std::size_t i = 0; i < queue.size(); ++i) {
    if (queue[i] == kStart) return true;
    std::array<int, 8> nb{};
    const int n = s.neighbours(queue[i], nb);
    for (int k = 0; k < n; ++k) {
      if (seen.test(static_cast<std::size_t>(nb[k]))) continue;
      seen.set(static_cast<std::size_t>(nb[k]));
      queue.push_back(nb[k]);
    }
  }
  return false;
}

// Whether `a`, in the wall-action phase, reopens START to the mover: a wall move that does it now,
// or control of a wall that some move could make do it next turn.
bool opens_the_way(const State& s, Action a, Player me) {
  State next = s;
  next.apply_legal(a);
  if (a < kControlBase || a >= kRecover) return reaches_start(next, next.pawn(me));
  std::vector<Mask> moves;
  next.wall_move_results(static_cast<int>(a - kControlBase), moves);
  return std::any_of(moves.begin(), moves.end(),
                     [&](Mask w) { return reaches_start(next.with_walls(w), next.pawn(me)); });
}

bool alone(const State& s, Player me) {
  for (Player q = 0; q < s.num_players(); ++q) {
    if (q != me && s.alive(q)) return false;
  }
  return true;
}

// Plays one seeded game, seat `p` by agents[p]; `seen(state, seat, chosen)` is called before each
// decision is applied.
template <typename Seen>
void play_game(const Game& game, std::uint64_t seed, const std::vector<Agent*>& agents, Seen seen) {
  Rng rng(seed);
  State s = State::initial(game.options());
  while (!s.is_terminal()) {
    const Player me = s.current_player();
    if (me < 0) {
      s.apply_legal(s.sample_chance(rng));
      continue;
    }
    const mw::State wrapped = make_state(game, s);
    const Action a = agents[me]->choose(Observation(wrapped, me), rng);
    seen(s, me, a);
    s.apply_legal(a);
  }
}

bool walled_off_with_three(const State& s, Player me) {
  return s.phase() == Phase::kWallAction && s.artifacts(me) == 3 && !reaches_start(s, s.pawn(me));
}

// The heuristic (seat 0) against random players: left alone on the board with three artifacts and
// walled off from START, whenever some action could reopen the way at its wall action, it takes
// one (with rivals alive it may rather keep a leader shut in). The old heuristic moved walls at
// random there until the round limit.
TEST(MazeMakersHeuristic, AloneAndWalledOffFromStartItTakesAWallThatReopensIt) {
  int found = 0;
  for (int players : {3, 4}) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      HeuristicAgent hero(HeuristicAgent::Params{});
      RandomAgent other;
      std::vector<Agent*> agents(players, &other);
      agents[0] = &hero;
      play_game(game, seed, agents, [&](const State& s, Player me, Action a) {
        if (me != 0 || !walled_off_with_three(s, me) || !alone(s, me)) return;
        ActionList legal;
        s.legal_actions(legal);
        if (std::none_of(legal.begin(), legal.end(),
                         [&](Action b) { return opens_the_way(s, b, me); })) {
          return;
        }
        ++found;
        EXPECT_TRUE(opens_the_way(s, a, me))
            << players << " players, seed " << seed << ": " << s.action_to_string(a);
      });
    }
  }
  EXPECT_GT(found, 0) << "no walled-off position arose: the test checks nothing";
  std::cout << found << " walled-off positions\n";
}

// The search evaluation sees walls: in heuristic self-play, a seat holding three artifacts and
// walled off from START makes more progress by every wall move that reopens its way.
TEST(MazeMakersEvaluate, ReopeningTheWayToStartIsProgress) {
  const Game game = load({{"players", 3}});
  int found = 0;
  for (std::uint64_t seed = 0; seed < 60 && found < 40; ++seed) {
    HeuristicAgent heuristic(HeuristicAgent::Params{});
    play_game(game, seed, {&heuristic, &heuristic, &heuristic},
              [&](const State& s, Player me, Action) {
                if (!walled_off_with_three(s, me)) return;
                ActionList legal;
                s.legal_actions(legal);
                for (Action a : legal) {
                  if (a >= kControlBase) continue;  // wall moves only
                  State next = s;
                  next.apply_legal(a);
                  if (!reaches_start(next, next.pawn(me))) continue;
                  ++found;
                  EXPECT_GT(progress(next, me), progress(s, me))
                      << "seed " << seed << ": " << s.action_to_string(a);
                }
              });
  }
  EXPECT_GT(found, 0) << "no walled-off position arose: the test checks nothing";
}

// Issue 33: heuristic self-play, 2 players, seed 11202747776120058599, at round 2 (the state
// document of State::to_json). P1 (Moons) stands on j2, a 2 it fought, and P2 (Arms) on i2, a 3
// it fought: each on the one coin the other still seeks in their pocket (the right-hand side,
// START included), which the walls close off from every other coin:
//
//     a  b  c  d  e  f  g  h  i  j
//  1  .  2? .  .  .  f# .  .  .  .
//  2  2? p# .  .  f# f# f# .  P2 P1
//  3  p# p# 4? y# .  .  f# .  .  .
//  4  p# p# .  y# .  u# u# .  .  .
//  5  .  3? 4? y# y# u# .  .  .  .
//  6  4? i# l# y# t# u# u# n# n# .
//  7  .  i# l# .  t# n# n# n# z# .
//  8  3? i# l# t# t# t# z# z# z# .
//  9  .  i# l# l# .  .  z# .  ST ST
// 10  .  i# .  .  .  .  .  .  ST ST
//
// The old heuristic counted the coin under the other pawn as a target one step away, so neither
// pawn was walled off: it took and moved walls for nothing but the flat control bonus and stood
// still until the round-limit draw 98 rounds later. Now each takes and moves a wall that opens
// the way, then walks it: within 10 rounds both pawns find an artifact or fight a new coin.
constexpr const char* kStandOff = R"(
{"phase":"wallAction","first":0,"order_index":0,"setup_count":3,"suits":[1,3],
"used_suits":14,"placements":[404,951,1552,2555,3310,3653,3935,-1,-1,-1,5423,6266],
"owners":[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1],"owner_coins":[0,0,0,0,0,0,0,0,0,0,0,0],
"coin_cells":[-1,-1,-1,1,18,22,19,41,50,10,70,42],"landed":[64,16],"taken":0,
"removed":0,"pawns":[19,18],"health":[4,4],"artifacts":[0,0],"exited":0,"winners":0,
"mover":0,"forced":-1,"steps_left":0,"last_free":324,"target":-1,"blocker":-1,
"pending_roll":-1,"began_on_start":false,"left_start":false,"rolloff":0,
"rolloff_done":0,"rolloff_total":[0,0,0,0],"round":2,"last_combat":{"fighter":1,
"blocker":-1,"monster":3,"cell":18,"fighter_die":0,"fighter_bonus":0,"blocker_die":0,
"blocker_bonus":0,"loser_died":false,"stopped_at":-1}}
)";

TEST(MazeMakersHeuristic, PawnsOnEachOthersCoinInAWalledPocketOpenAWayAndWalkIt) {
  const Game game = load({{"players", 2}});
  const State start = State::from_json(Json::parse(kStandOff), game.options());
  for (Player p = 0; p < 2; ++p) {
    ASSERT_EQ(distance_to_targets(start, p), 1);  // the coin under the other pawn
    ASSERT_GE(distance_to_free_targets(start, p), kFar);
  }
  constexpr int kRounds = 10;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    HeuristicAgent first(HeuristicAgent::Params{}), second(HeuristicAgent::Params{});
    const std::vector<Agent*> agents = {&first, &second};
    Rng rng(seed);
    State s = start;
    std::array<bool, 2> on{};  // the pawn found an artifact or fought a new coin
    while (!s.is_terminal() && s.round() < start.round() + kRounds && !(on[0] && on[1])) {
      const Player me = s.current_player();
      const Action a = me < 0 ? s.sample_chance(rng)
                              : agents[me]->choose(Observation(make_state(game, s), me), rng);
      s.apply_legal(a);
      for (Player p = 0; p < 2; ++p) {
        on[p] = on[p] || s.artifacts(p) > 0 || s.landed(p) != start.landed(p);
      }
    }
    EXPECT_TRUE(on[0] && on[1]) << "seed " << seed << ", " << s.round() - start.round()
                                << " rounds: P1 " << on[0] << ", P2 " << on[1];
  }
}

// The look-ahead's wall moves are exactly the legal moves of that wall, each as the walls after it.
TEST(MazeMakersHeuristic, WallMoveResultsAreTheWallsAfterEachLegalMove) {
  const State s = scripted({{"players", 2}}, fixture_walls(),
                           {"a7", "b7", "c7", "g9", "b9", "c9", "a10", "g7", "i7"});
  ASSERT_EQ(s.phase(), Phase::kWallAction);
  const Player me = s.current_player();
  ActionList legal;
  s.legal_actions(legal);
  int held = 0;
  for (int piece = 0; piece < kNumPieces; ++piece) {
    if (s.wall_owner(piece) != me) continue;
    ++held;
    std::vector<Mask> expected;
    for (Action a : legal) {
      if (a >= kControlBase || orientations()[a / kCells].piece != piece) continue;
      State next = s;
      next.apply_legal(a);
      expected.push_back(next.walls());
    }
    std::vector<Mask> moves;
    s.wall_move_results(piece, moves);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(moves, expected) << kPieceLetters[piece];
  }
  EXPECT_GT(held, 0);
}

}  // namespace
}  // namespace mw::mazemakers
