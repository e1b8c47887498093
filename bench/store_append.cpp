// What a committed move costs in each store: Store::append_actions of one action (a transaction
// and its commit each), and group commit's batches (append_batch of one move in each of N
// matches, one transaction). Google Benchmark; docs/server.md, "PostgreSQL", has the figures.
//
//   build/bench/store_append [--benchmark_filter=…]
//
// The SQLite runs use a file under $TMPDIR (synchronous=NORMAL, as `serve` has by default); the
// PostgreSQL runs need MAZEWORKS_PG_URL (a database the benchmark may fill, e.g. the cluster of
// scripts/pg-cluster.sh) and are reported as errors without it.
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "server/store.h"

namespace {

using mw::server::Append;
using mw::server::MatchSetup;
using mw::server::Store;

std::unique_ptr<Store> open_for(benchmark::State& state, bool postgres, bool sole_owner = false) {
  if (!postgres) {
    const auto file = std::filesystem::temp_directory_path() /
                      fmt::format("mazeworks-store-append-{}.db", ::getpid());
    std::filesystem::remove(file);
    std::filesystem::remove(file.string() + "-wal");
    std::filesystem::remove(file.string() + "-shm");
    return mw::server::open_store(file.string(), {.sole_owner = sole_owner});
  }
  const char* url = std::getenv("MAZEWORKS_PG_URL");
  if (url == nullptr || *url == '\0') {
    state.SkipWithError("set MAZEWORKS_PG_URL (scripts/pg-cluster.sh start DIR prints one)");
    return nullptr;
  }
  return mw::server::open_store(url);
}

// Fresh match ids per run, so that runs on one PostgreSQL database do not meet.
std::vector<std::string> create_matches(Store& store, int n) {
  static int run = 0;
  ++run;
  std::vector<std::string> ids;
  for (int i = 0; i < n; ++i) {
    MatchSetup s;
    s.id = fmt::format("bench-{}-{}-{}", ::getpid(), run, i);
    s.game = "treasure-hunt";
    store.create_match(s);
    ids.push_back(s.id);
  }
  return ids;
}

void BM_AppendOneMove(benchmark::State& state) {
  const auto store = open_for(state, state.range(0) != 0);
  if (!store) return;
  const std::string match = create_matches(*store, 1)[0];
  std::uint64_t next = 0;
  for (auto _ : state) {
    store->append_actions(match, next, {static_cast<mw::Action>(next % 7)});
    ++next;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AppendOneMove)->ArgName("postgres")->Arg(0)->Arg(1)->UseRealTime();

// One move in each of `batch` matches, in one transaction (what the commit thread writes).
void BM_AppendBatch(benchmark::State& state) {
  const auto store = open_for(state, state.range(0) != 0);
  if (!store) return;
  const auto matches = create_matches(*store, static_cast<int>(state.range(1)));
  std::uint64_t next = 0;
  std::vector<Append> batch(matches.size());
  for (auto _ : state) {
    for (std::size_t i = 0; i < matches.size(); ++i) batch[i] = Append{matches[i], next, {1}};
    for (const auto& error : store->append_batch(batch)) {
      if (error) std::rethrow_exception(error);
    }
    ++next;
  }
  state.SetItemsProcessed(state.iterations() * state.range(1));
}
BENCHMARK(BM_AppendBatch)
    ->ArgNames({"postgres", "batch"})
    ->ArgsProduct({{0, 1}, {16}})
    ->UseRealTime();

// `serve` under load: batches of `batch` moves of consecutive matches out of 1,000, round and
// round (each match's move lands in another transaction than its last), on the file as `serve`
// opens it. CPU time per move, the checkpoints' and the folds' included.
void BM_AppendSpread(benchmark::State& state) {
  const auto store = open_for(state, false, true);
  const auto matches = create_matches(*store, 1000);
  std::vector<std::uint64_t> next(matches.size(), 0);
  std::vector<Append> batch(static_cast<std::size_t>(state.range(0)));
  std::size_t turn = 0;
  for (auto _ : state) {
    for (auto& append : batch) {
      const std::size_t m = turn++ % matches.size();
      append = Append{matches[m], next[m]++, {1}};
    }
    for (const auto& error : store->append_batch(batch)) {
      if (error) std::rethrow_exception(error);
    }
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_AppendSpread)->ArgName("batch")->Arg(1)->Arg(3)->Arg(16)->MeasureProcessCPUTime();

}  // namespace

BENCHMARK_MAIN();
