// Distributed self-play: `mpirun -np 2 mazeworks selfplay ... --mpi` gives the same summary as one
// process with the same seed, whatever the threads per rank. Built only when MPI is found.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "core/json.h"

namespace mw {
namespace {

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

Json without_timing(Json j) {
  for (const char* key : {"threads", "ranks", "seconds", "games_per_sec", "actions_per_sec"}) {
    j.erase(key);
  }
  return j;
}

std::string selfplay(const std::string& extra) {
  return fmt::format(
      "'{}' selfplay treasure-hunt --agents random,greedy --games 100 --seed 5 --json {}",
      MAZEWORKS_BINARY, extra);
}

TEST(Mpi, TwoRanksGiveTheOneProcessSummary) {
  const Json one = run_json(selfplay(""));
  ASSERT_TRUE(one.is_object());
  const std::string mpirun =
      fmt::format("'{}' -np 2 --allow-run-as-root --oversubscribe ", MPIEXEC_EXECUTABLE);
  for (const char* threads : {"--threads 1", "--threads 2"}) {
    const Json two = run_json(mpirun + selfplay(std::string("--mpi ") + threads));
    ASSERT_TRUE(two.is_object()) << threads;
    EXPECT_EQ(two["ranks"], 2);
    EXPECT_EQ(without_timing(two), without_timing(one)) << threads;
  }
}

TEST(Mpi, OneRankIsTheOneProcessRun) {
  const Json one = run_json(selfplay(""));
  const Json mpi = run_json(selfplay("--mpi"));  // a singleton MPI run without mpirun
  EXPECT_EQ(mpi["ranks"], 1);
  EXPECT_EQ(without_timing(mpi), without_timing(one));
}

}  // namespace
}  // namespace mw
