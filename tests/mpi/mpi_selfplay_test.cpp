// Distributed runs: `mpirun -np 2 mazeworks selfplay|tournament|analyze ... --mpi` give the same
// results as one process with the same seed, whatever the threads per rank. Built only when MPI is
// found.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/json.h"
#include "core/sanitizers.h"
#include "support/sanitizer_scale.h"

namespace mw {
namespace {

#if MAZEWORKS_ASAN
// Under the asan preset the ranks are sanitized programs, and Open MPI's components are dlopen'ed
// and built without frame pointers: LeakSanitizer needs full unwinding, and the components kept
// loaded, to name the library as the owner of what it keeps to the end (tests/lsan.supp).
const bool kMpiLeaksNamed = [] {
  setenv("ASAN_OPTIONS", "fast_unwind_on_malloc=0", /*overwrite=*/0);
  setenv("OMPI_MCA_mca_base_component_disable_dlclose", "1", 0);
  return true;
}();
#endif

Json run_json(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  EXPECT_NE(pipe, nullptr) << command;
  if (pipe == nullptr) return Json();
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
  const int status = ::pclose(pipe);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command << "\n" << out;
  return Json::parse(out, nullptr, /*allow_exceptions=*/false);
}

// Timing and process counts differ between runs; everything else must not, at any depth.
Json without_timing(Json j) {
  if (j.is_object()) {
    for (const char* key : {"threads", "ranks", "seconds", "games_per_sec", "actions_per_sec"}) {
      j.erase(key);
    }
  }
  if (j.is_structured()) {
    for (auto& child : j) child = without_timing(child);
  }
  return j;
}

std::string mpirun() {
  return fmt::format("'{}' -np 2 --allow-run-as-root --oversubscribe ", MPIEXEC_EXECUTABLE);
}

Json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return Json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
}

std::string selfplay(const std::string& extra) {
  return fmt::format(
      "'{}' selfplay treasure-hunt --agents random,greedy --games 100 --seed 5 --json {}",
      MAZEWORKS_BINARY, extra);
}

TEST(Mpi, TwoRanksGiveTheOneProcessSummary) {
  const Json one = run_json(selfplay(""));
  ASSERT_TRUE(one.is_object());
  for (const char* threads : {"--threads 1", "--threads 2"}) {
    const Json two = run_json(mpirun() + selfplay(std::string("--mpi ") + threads));
    ASSERT_TRUE(two.is_object()) << threads;
    EXPECT_EQ(two["ranks"], 2);
    EXPECT_EQ(without_timing(two), without_timing(one)) << threads;
  }
}

TEST(Mpi, TwoRanksListTheOneProcessRunsTruncatedGames) {
  const std::string cut = "--max-actions 100";  // cuts off some of these games
  const Json one = run_json(selfplay(cut));
  ASSERT_TRUE(one.is_object());
  ASSERT_GT(one["truncated_seeds"].size(), 0U);
  const Json two = run_json(mpirun() + selfplay("--mpi --threads 2 " + cut));
  EXPECT_EQ(two["truncated_seeds"], one["truncated_seeds"]);
  EXPECT_EQ(without_timing(two), without_timing(one));
}

// MazeMakers' heuristic players sometimes leave the maze in the same round: wins shared.
TEST(Mpi, TwoRanksGatherTheOneProcessRunsSharedWins) {
  const std::string run = fmt::format(
      "'{}' selfplay mazemakers --option players=3 --agents heuristic,heuristic,heuristic "
      "--games {} --seed 2 --json",  // seed 2's first three games already share wins
      MAZEWORKS_BINARY, mw::test_support::scaled_for_sanitizers(12));
  const Json one = run_json(run);
  ASSERT_TRUE(one.is_object());
  int shared_wins = 0;
  for (const Json& seat : one["shared_wins"]) shared_wins += seat.get<int>();
  ASSERT_GT(shared_wins, 0) << "the seed no longer gives shared wins: choose another";
  const Json two = run_json(mpirun() + run + " --mpi");
  EXPECT_EQ(without_timing(two), without_timing(one));
}

TEST(Mpi, OneRankIsTheOneProcessRun) {
  const Json one = run_json(selfplay(""));
  const Json mpi = run_json(selfplay("--mpi"));  // a singleton MPI run without mpirun
  EXPECT_EQ(mpi["ranks"], 1);
  EXPECT_EQ(without_timing(mpi), without_timing(one));
}

TEST(Mpi, TwoRanksGiveTheOneProcessTournament) {
  const std::string tournament = fmt::format(
      "'{}' tournament treasure-hunt --agents random,greedy,mcts:iterations=20 --games {} --seed 3 "
      "--json",
      MAZEWORKS_BINARY, mw::test_support::scaled_for_sanitizers(6));
  const Json one = run_json(tournament);
  ASSERT_TRUE(one.is_object());
  const Json two = run_json(mpirun() + tournament + " --mpi --threads 2");
  ASSERT_TRUE(two.is_object());
  EXPECT_EQ(without_timing(two), without_timing(one));
}

TEST(Mpi, TwoRanksGiveTheOneProcessAnalysis) {
  const auto dir =
      std::filesystem::temp_directory_path() / fmt::format("mazeworks_mpi_analysis_{}", ::getpid());
  std::filesystem::create_directories(dir);
  const std::string analyze = fmt::format(
      "'{}' analyze treasure-hunt --agents random,greedy --games 30 --seed 4 --strong greedy "
      "--weak random --variant deck=standard --variant cycleRule=stopOnRepeat --json ",
      MAZEWORKS_BINARY);
  run_json(analyze + (dir / "one.json").string() + " > /dev/null; echo {}");
  run_json(mpirun() + analyze + (dir / "two.json").string() + " --mpi > /dev/null; echo {}");
  const Json one = read_json(dir / "one.json"), two = read_json(dir / "two.json");
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(one.is_object());
  ASSERT_TRUE(two.is_object());
  EXPECT_EQ(without_timing(two), without_timing(one));
}

}  // namespace
}  // namespace mw
