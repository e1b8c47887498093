#pragma once
// Shared by the MazeMakers tests: a scripted setup and small helpers.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"
#include "core/state.h"
#include "games/all_games.h"
#include "games/mazemakers/mazemakers.h"
#include "support/state_testing.h"

namespace mw::mazemakers::test_support {

using state_testing::error_of;
using state_testing::play;
using state_testing::reason;

inline Game load(const Json& options = Json::object()) {
  return builtin_games().load("mazemakers", options);
}

inline State fresh(const Json& options = Json::object()) {
  return State::initial(load(options).options());
}

inline int cell(const char* name) {
  return parse_cell(name);
}

inline bool is_legal(const State& s, Action a) {
  ActionList legal;
  s.legal_actions(legal);
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

// Board coins in coin-id order for two players (Suns P1, Moons P2, Crowns extra): Suns-2 a7,
// Suns-3 b7, Suns-4 c7, Moons-2 g9, Moons-3 b9, Moons-4 c9, Crowns-2 a10, Crowns-3 g7, Crowns-4 i7.
inline const std::vector<std::string> kCoins2 = {"a7", "b7",  "c7", "g9", "b9",
                                                 "c9", "a10", "g7", "i7"};

// The fixed walls of the scripted setup: nine pentominoes packed into rows 1-5 (a1..j5), so rows
// 6-10 and START stay open.
inline const std::vector<std::string>& fixture_walls() {
  static const std::vector<std::string> walls = {
      "F a1 b1 b2 c2 b3", "I c1 d1 e1 f1 g1", "L h1 i1 h2 h3 h4",
      "N j1 i2 j2 i3 i4", "V a2 a3 a4 b4 c4", "P d2 e2 c3 d3 e3",
      "Z f2 g2 f3 e4 f4", "T g3 g4 f5 g5 h5", "Y d4 b5 c5 d5 e5"};
  return walls;
}

// Setup with P1 first; seat p takes suit p (Suns, Moons, Crowns, Arms); 2 players add Crowns.
// Walls from `walls` in playing order; control coins on the first free walls in reverse order;
// the board coins dealt, in coin-id order, to `coin_cells`.
inline State scripted(const Json& options, const std::vector<std::string>& walls,
                      const std::vector<std::string>& coin_cells) {
  State s = fresh(options);
  play(s, "first P1");
  for (int p = 0; p < s.num_players(); ++p) play(s, std::string(kSuitNames[p]));
  if (s.num_players() == 2) play(s, "extra crowns");
  for (const auto& w : walls) play(s, w);
  for (int p = 0; p < s.num_players(); ++p) {
    ActionList legal;
    s.legal_actions(legal);
    s.apply_legal(legal.front());
  }
  // coin_cells lists the squares of the coins in play in coin-id order (suit, then value); the
  // deal goes value by value, and the identity permutation keeps the provisional suits.
  std::array<std::string, kNumCoins> where{};
  std::size_t k = 0;
  for (int c = 0; c < kNumCoins && k < coin_cells.size(); ++c) {
    if ((s.used_suits() >> coin_suit(c)) & 1) where[c] = coin_cells[k++];
  }
  while (s.phase() == Phase::kCoins) play(s, "coin@" + where[s.next_coin_to_deal()]);
  while (s.phase() == Phase::kCoinSuits) play(s, "shuffle 1");
  return s;
}

// Gives seat p (in a body) its first `count` artifacts: the coins of its suit from value 2 up,
// taken off the board, since from_json refuses artifacts without their taken coins.
inline void give_artifacts(Json& body, Player p, int count) {
  const int suit = body["suits"][p].get<int>();
  int taken = body["taken"].get<int>();
  for (int v = 0; v < count; ++v) {
    taken |= 1 << (suit * 3 + v);
    body["coin_cells"][suit * 3 + v] = -1;
  }
  body["taken"] = taken;
  body["artifacts"][p] = count;
}

// A state edited through its JSON body (positions that are tedious to reach by play).
template <class F>
State edited(const State& s, const Json& options, F&& edit) {
  Json body = s.to_json();
  edit(body);
  return State::from_json(body, load(options).options());
}

// Two players on the fixture walls with kCoins2, as given or edited by `edit`.
inline State two(const Json& options = Json::object()) {
  return scripted(options, fixture_walls(), kCoins2);
}

template <class F>
State two_edited(const Json& options, F&& edit) {
  return edited(two(options), options, edit);
}

}  // namespace mw::mazemakers::test_support
