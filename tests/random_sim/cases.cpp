// The random_sim suite's cases: every game under its defaults and each variant, and the knobs.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "games/all_games.h"
#include "random_sim_support.h"
#include "support/option_cases.h"

namespace mw::random_sim {
namespace {

int env_int(const char* name, int fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  const long value = std::strtol(text, nullptr, 10);
  return value > 0 ? static_cast<int>(value) : fallback;
}

// MAZEWORKS_RANDOM_GAMES scales the suite: random games of each game under its default options;
// its variants share half as many (at least 1 each). MAZEWORKS_RANDOM_SEED replays one seed, with
// deep checks at every node.
int games_per_default_set() {
  return env_int("MAZEWORKS_RANDOM_GAMES", kDefaultGames);
}

}  // namespace

std::optional<std::uint64_t> only_seed() {
  const char* text = std::getenv("MAZEWORKS_RANDOM_SEED");
  if (text == nullptr || *text == '\0') return std::nullopt;
  return std::strtoull(text, nullptr, 10);
}

void PrintTo(const SimCase& c, std::ostream* os) {
  *os << c.game << " [" << c.label << "]";
}

std::vector<SimCase> all_cases() {
  const int games = games_per_default_set();
  const std::vector<test_support::OptionCase> cases = test_support::option_cases(builtin_games());
  std::vector<SimCase> out;
  for (std::size_t first = 0; first < cases.size();) {
    // One game: its defaults, then its variants, which share half the default's games.
    std::size_t end = first + 1;
    while (end < cases.size() && !cases[end].is_default) ++end;
    const auto variants = static_cast<int>(end - first - 1);
    for (std::size_t i = first; i < end; ++i) {
      const test_support::OptionCase& c = cases[i];
      const int share = c.is_default ? games : std::max(1, games / (2 * variants));
      out.push_back(
          {c.game, c.label, c.options, share, c.is_default ? kFullyCheckedGames : 0, c.name});
    }
    first = end;
  }
  return out;
}

}  // namespace mw::random_sim
