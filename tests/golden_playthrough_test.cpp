// Golden playthroughs: for every game and every option set the suites exercise, a random game
// checked in under tests/golden/. Each test plays the recorded seed again and fails on any
// difference; scripts/regen-playthroughs.sh rewrites the files on purpose, so a rules change
// shows up as a reviewable diff (docs/testing.md, "Golden playthroughs").
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "games/all_games.h"
#include "support/option_cases.h"
#include "support/playthrough.h"

namespace mw {
namespace {

using test_support::OptionCase;

// Seeds tried when a playthrough is first written: the shortest of them is kept.
constexpr int kSeedCandidates = 32;

std::filesystem::path golden_dir() {
  const char* source = std::getenv("MAZEWORKS_SOURCE_DIR");
  return std::filesystem::path(source != nullptr ? source : ".") / "tests" / "golden";
}

bool regenerating() {
  const char* flag = std::getenv("MAZEWORKS_REGENERATE_GOLDEN");
  return flag != nullptr && std::string(flag) == "1";
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The first line where two texts differ, with both versions: enough to find the change.
std::string first_difference(const std::string& expected, const std::string& actual) {
  std::istringstream a(expected);
  std::istringstream b(actual);
  std::string line_a;
  std::string line_b;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_b = static_cast<bool>(std::getline(b, line_b));
    if (!more_a && !more_b) return "no difference";
    if (!more_a || !more_b || line_a != line_b) {
      return "line " + std::to_string(line) + "\n  checked in: " + (more_a ? line_a : "<end>") +
             "\n  played now: " + (more_b ? line_b : "<end>");
    }
  }
}

// Regenerating: writes `actual` where it differs. Otherwise: the file must say exactly `actual`.
void expect_or_rewrite(const std::filesystem::path& path, const std::string& expected,
                       const std::string& actual) {
  if (regenerating()) {
    if (actual != expected) std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  EXPECT_TRUE(actual == expected)
      << path << " differs from what is played now at " << first_difference(expected, actual)
      << "\nIf the change is intended, run scripts/regen-playthroughs.sh and review the diff.";
}

class GoldenPlaythrough : public ::testing::TestWithParam<OptionCase> {};

TEST_P(GoldenPlaythrough, MatchesTheCheckedInFile) {
  const OptionCase& option_case = GetParam();
  const Registry& registry = builtin_games();
  const std::filesystem::path path = golden_dir() / (option_case.name + ".txt");
  const bool exists = std::filesystem::exists(path);
  const std::string expected = exists ? read_file(path) : std::string();
  const auto recorded_seed = test_support::playthrough_seed(expected);
  if (!regenerating()) {
    ASSERT_TRUE(exists) << path << " is missing: run scripts/regen-playthroughs.sh";
    ASSERT_TRUE(recorded_seed.has_value()) << path << " has no \"seed:\" line";
  }
  const std::uint64_t seed =
      recorded_seed ? *recorded_seed
                    : test_support::shortest_game_seed(registry, option_case, kSeedCandidates);
  expect_or_rewrite(path, expected, test_support::write_playthrough(registry, option_case, seed));
}

// The seeds' worked examples (tests/golden/named/): a position and the moves of the example. A new
// one is a file with only its "title:", "document:" and "actions:" lines; regenerating writes the
// rest.
TEST(GoldenPlaythrough, EveryWorkedExampleMatchesItsCheckedInFile) {
  const std::filesystem::path dir = golden_dir() / "named";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".txt") continue;
    ++files;
    const std::string expected = read_file(entry.path());
    const auto named = test_support::read_named_playthrough(expected);
    ASSERT_TRUE(named.has_value()) << entry.path() << " lacks a title, document or actions line";
    expect_or_rewrite(entry.path(), expected,
                      test_support::write_named_playthrough(builtin_games(), *named));
  }
  EXPECT_GE(files, 5) << "the worked examples are missing from " << dir;
}

INSTANTIATE_TEST_SUITE_P(EveryGameAndVariant, GoldenPlaythrough,
                         ::testing::ValuesIn(test_support::option_cases(builtin_games())),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace mw
