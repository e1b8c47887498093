#pragma once
// Shared by the Joker's Labyrinth tests: loading, notation helpers and hand-built positions.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "core/error.h"
#include "core/state.h"
#include "games/all_games.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"
#include "support/state_testing.h"

namespace mw::jokers_labyrinth::test_support {

using state_testing::error_of;
using state_testing::legal;
using state_testing::play;
using state_testing::reason;

inline Game load(const Json& options = Json::object()) {
  return builtin_games().load("jokers-labyrinth", options);
}

inline State initial(const Json& options = Json::object()) {
  return State::initial(load(options).options());
}

inline int card(const char* name) {
  const int phys = parse_phys(name);
  EXPECT_GE(phys, 0) << name;
  return phys;
}

inline int cell(const char* name) {
  return parse_cell(name);
}

// Plays a whole script of notation, decisions and chance outcomes alike, separated by ';'
// ("first P1; jack D; spot a0; reveal down; card AD").
inline void play_script(State& s, std::string_view script) {
  while (!script.empty()) {
    const std::size_t end = script.find(';');
    const std::string_view step = script.substr(0, end);
    play(s, step);
    if (::testing::Test::HasFatalFailure()) return;
    script = end == std::string_view::npos ? std::string_view{} : script.substr(end + 1);
  }
}

// A 2-player game after setup: P1 (first) is the given suit at `p1`, P2 at `p2`; the Dungeon still
// face down. Use put()/set_face_down() to lay out cards.
inline State setup(const char* suit1 = "H", const char* p1 = "a0", const char* suit2 = "S",
                   const char* p2 = "h7", const Json& options = Json::object()) {
  State s = initial(options);
  play(s, "first P1");
  play(s, std::string("jack ") + suit1);
  play(s, std::string("jack ") + suit2);
  play(s, std::string("spot ") + p1);
  play(s, std::string("spot ") + p2);
  return s;
}

// Puts a card face up on a cell (taking it from wherever it is).
inline void lay(State& s, const char* where, const char* what) {
  const int c = cell(where);
  if (s.card_on(c) >= 0) s.put(s.card_on(c), kLocPool);
  s.put(card(what), static_cast<std::uint8_t>(c));
  s.set_face_down(c, false);
}

// Empties a cell (its card back to the pool) and turns it face up.
inline void clear(State& s, const char* where) {
  const int c = cell(where);
  if (s.card_on(c) >= 0) s.put(s.card_on(c), kLocPool);
  s.set_face_down(c, false);
}

inline void give(State& s, int seat, const char* what) {
  s.put(card(what), static_cast<std::uint8_t>(kLocHand + seat));
}

// A random position reached by seeded uniform play (chance included), stopped after `actions`.
inline State random_position(const Game& game, std::uint64_t seed, int actions) {
  return state_testing::random_position<State>(game, seed, actions);
}

}  // namespace mw::jokers_labyrinth::test_support
