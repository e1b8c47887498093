// Golden playthroughs (OpenSpiel's habit): one random game written out whole, each action by its
// notation and, after it, what changed in every observer's view, so that a rules change shows up
// as a reviewable diff of a checked-in file. docs/testing.md, "Golden playthroughs".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/registry.h"
#include "option_cases.h"

namespace mw::test_support {

// A random game longer than this is written up to here: a playthrough is for reading.
inline constexpr int kPlaythroughActionCap = 2000;

// The playthrough of `option_case` played by uniformly random seats and chance drawn from
// Rng(seed): a header (game, options, seed), the first views whole, then per action its actor
// and notation and each observer's changed view lines, then the returns.
std::string write_playthrough(const Registry& registry, const OptionCase& option_case,
                              std::uint64_t seed);

// A worked example as a playthrough: a position (a state document, as `load` takes) and the
// moves played from it, in notation.
struct NamedPlaythrough {
  std::string title;
  Json document;
  std::vector<std::string> actions;
};

// The header lines "title:", "document:" and "actions:" of a named playthrough's file (a new one
// may hold only those); nothing when one is missing.
std::optional<NamedPlaythrough> read_named_playthrough(std::string_view text);

// The header, then the position's views and each action's changes, as write_playthrough does.
std::string write_named_playthrough(const Registry& registry, const NamedPlaythrough& named);

// The seed recorded in a playthrough's header, if there is one.
std::optional<std::uint64_t> playthrough_seed(std::string_view text);

// Of seeds 1..candidates, the one whose random game is shortest (ties: the smaller seed), so the
// checked-in file stays short enough to read.
std::uint64_t shortest_game_seed(const Registry& registry, const OptionCase& option_case,
                                 int candidates);

}  // namespace mw::test_support
