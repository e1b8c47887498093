#pragma once
// For the games' rule tests (GoogleTest, header-only): moves by notation, the refusal of a move,
// the error a call throws, and seeded random positions, for any concrete game state.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.h"
#include "core/game.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/state.h"
#include "support/sanitizer_scale.h"

namespace mw::state_testing {

// Applies notation, checking legality the way mw::State::apply does.
template <GameState S>
void play(S& s, std::string_view text) {
  const Action a = s.parse_action(text);
  const std::string reason = s.illegal_reason(a);
  ASSERT_EQ(reason, "") << text;
  s.apply_legal(a);
}

// Why the move written `text` is refused ("" when it is legal).
template <GameState S>
std::string reason(const S& s, std::string_view text) {
  return s.illegal_reason(s.parse_action(text));
}

// Whether the move written `text` is legal.
template <GameState S>
bool legal(const S& s, std::string_view text) {
  return reason(s, text).empty();
}

// The error a throwing call reports, or "" when it does not throw.
template <class F>
std::string error_of(F&& f, ErrorCode expected) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(error_code_name(e.code()), error_code_name(expected)) << e.what();
    return e.what();
  }
  return "";
}

// A random position reached by seeded uniform play (chance included), stopped after `actions`.
template <GameState S>
S random_position(const Game& game, std::uint64_t seed, int actions) {
  S s = S::initial(game.options());
  Rng rng(seed);
  ActionList scratch;
  play_random_actions(s, rng, actions, scratch);
  return s;
}

// Plays up to `moves` seeded random actions from `start`, and after each reloads the document the
// state writes (S::from_json of to_json): what the engine writes it must read back, the same.
template <GameState S>
void expect_reloads_while_playing(S s, const Options& options, std::uint64_t seed, int moves,
                                  const std::string& name) {
  Rng rng(seed);
  ActionList scratch;
  for (int i = 0; i < moves && !s.is_terminal(); ++i) {
    play_random_actions(s, rng, 1, scratch);
    const Json body = s.to_json();
    Json back;
    const std::string error =
        error_of([&] { back = S::from_json(body, options).to_json(); }, ErrorCode::kBadState);
    ASSERT_EQ(error, "") << name << ", move " << i << ": " << body.dump();
    ASSERT_EQ(back, body) << name << ", move " << i;
  }
}

// Plays `games` seeded random games (seeds 0..games-1) of `game`: a seat to move always has a
// legal action, and every game ends within `cap` actions. A failure names the options and seed.
template <GameState S>
void expect_random_games_end(const Game& game, int games, int cap) {
  const std::string options = game.options().to_json().dump();
  ActionList legal, scratch;
  for (int seed = 0; seed < games; ++seed) {
    S s = S::initial(game.options());
    Rng rng(static_cast<std::uint64_t>(seed));
    for (int actions = 0; actions < cap && !s.is_terminal(); ++actions) {
      if (s.current_player() != kChancePlayer) {
        s.legal_actions(legal);
        ASSERT_FALSE(legal.empty())
            << options << ", seed " << seed << ": stuck in " << s.to_json().dump();
      }
      play_random_actions(s, rng, 1, scratch);
    }
    ASSERT_TRUE(s.is_terminal()) << options << ", seed " << seed << ": no end within " << cap
                                 << " actions";
  }
}

// Plays `games` seeded random games of `game` (at most `cap` actions each) and at every fifth step
// and the end compares view(observer) with `reference(s, observer)` as written text (the same
// keys in the same order with the same values) for every seat, the spectator and the omniscient
// observer, and for a game that writes its view as text itself (ViewTextWriting: the text the
// server keeps), that text against view()'s. Five is prime to every seat count, so the turns do not
// line up with the steps compared; comparing every step cost the five games' suites 135 s of CI's
// test time. Under AddressSanitizer, a quarter of the games and every fourth step: views cost ten
// times more there, and that run looks for memory errors, which those steps still reach. Returns
// how many views were compared.
template <GameState S, class Reference>
int expect_views_match(const Game& game, int games, int cap, Reference reference) {
  const std::string options = game.options().to_json().dump();
  ActionList scratch;
  int compared = 0;
  const int view_stride = MAZEWORKS_ASAN ? 4 : 5;
  for (int seed = 0; seed < test_support::scaled_for_sanitizers(games); ++seed) {
    S s = S::initial(game.options());
    Rng rng(static_cast<std::uint64_t>(seed));
    for (int step = 0; step <= cap; ++step) {
      for (Player observer = kOmniscient; observer < s.num_players(); ++observer) {
        if (observer == kChancePlayer || observer == kTerminalPlayer) continue;
        if (step % view_stride != 0 && !s.is_terminal()) continue;
        const std::string expected = reference(s, observer).dump();
        const std::string actual = s.view(observer).dump();
        EXPECT_EQ(actual, expected)
            << options << ", seed " << seed << ", step " << step << ", observer " << observer;
        if (actual != expected) return compared;  // one difference is enough to read
        if constexpr (ViewTextWriting<S>) {       // the text the server keeps: the same document
          std::string written;
          append_view_text_of(s, observer, written);
          EXPECT_EQ(written, actual) << options << ", seed " << seed << ", step " << step
                                     << ", observer " << observer << " (write_view)";
          if (written != actual) return compared;
        }
        ++compared;
      }
      if (s.is_terminal()) break;
      play_random_actions(s, rng, 1, scratch);
    }
  }
  return compared;
}

}  // namespace mw::state_testing
