#include "ai/mpi/mpi_selfplay.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "core/error.h"

namespace mw {
namespace {

// A block's counts as int64 and its return sums and win shares as doubles, flat, for one
// MPI_Reduce each. Its listed games fit in one bit mask each, a bit per game of the block. After
// the kCounts come the seats' wins, then the seats' won-games masks, then their shared wins.
// After the seats' return sums come their win shares.
constexpr std::size_t kCounts = 7;  // games, draws, truncated, decisions, chance_actions, 2 masks
static_assert(kSelfplayBlock <= 63);

std::int64_t mask_of(const std::vector<std::int64_t>& games, std::int64_t first) {
  std::int64_t mask = 0;
  for (std::int64_t i : games) mask |= std::int64_t{1} << (i - first);
  return mask;
}

std::vector<std::int64_t> games_of(std::int64_t mask, std::int64_t first) {
  std::vector<std::int64_t> games;
  for (std::int64_t bit = 0; bit < kSelfplayBlock; ++bit) {
    if ((mask >> bit) & 1) games.push_back(first + bit);
  }
  return games;
}

void pack(const std::vector<SelfplaySummary>& blocks, std::size_t players,
          std::vector<std::int64_t>& counts, std::vector<double>& sums) {
  const std::size_t stride = kCounts + 3 * players;
  counts.assign(blocks.size() * stride, 0);
  sums.assign(blocks.size() * 2 * players, 0.0);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const SelfplaySummary& s = blocks[b];
    std::int64_t* c = &counts[b * stride];
    c[0] = s.games;
    c[1] = s.draws;
    c[2] = s.truncated;
    c[3] = s.decisions;
    c[4] = s.chance_actions;
    const auto first = static_cast<std::int64_t>(b) * kSelfplayBlock;
    c[5] = mask_of(s.drawn_games, first);
    c[6] = mask_of(s.truncated_games, first);
    for (std::size_t p = 0; p < players; ++p) {
      c[kCounts + p] = s.wins[p];
      c[kCounts + players + p] = mask_of(s.won_games[p], first);
      c[kCounts + 2 * players + p] = s.shared_wins[p];
      sums[2 * b * players + p] = s.return_sums[p];
      sums[(2 * b + 1) * players + p] = s.win_shares[p];
    }
  }
}

std::vector<SelfplaySummary> unpack(const std::vector<std::int64_t>& counts,
                                    const std::vector<double>& sums, std::size_t players) {
  const std::size_t stride = kCounts + 3 * players;
  std::vector<SelfplaySummary> blocks(counts.size() / stride);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    SelfplaySummary& s = blocks[b];
    const std::int64_t* c = &counts[b * stride];
    s.games = c[0];
    s.draws = c[1];
    s.truncated = c[2];
    s.decisions = c[3];
    s.chance_actions = c[4];
    const auto first = static_cast<std::int64_t>(b) * kSelfplayBlock;
    s.drawn_games = games_of(c[5], first);
    s.truncated_games = games_of(c[6], first);
    s.wins.assign(c + kCounts, c + kCounts + players);
    for (std::size_t p = 0; p < players; ++p) {
      s.won_games.push_back(games_of(c[kCounts + players + p], first));
    }
    s.shared_wins.assign(c + kCounts + 2 * players, c + kCounts + 3 * players);
    const auto seat_sums = [&](std::size_t row) {
      return std::vector<double>(sums.begin() + static_cast<std::ptrdiff_t>(row * players),
                                 sums.begin() + static_cast<std::ptrdiff_t>((row + 1) * players));
    };
    s.return_sums = seat_sums(2 * b);
    s.win_shares = seat_sums(2 * b + 1);
  }
  return blocks;
}

}  // namespace

MpiSession::MpiSession() {
  // Only the main thread calls MPI; the self-play threads never do.
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  MPI_Finalize();
}

SelfplaySummary run_selfplay_mpi(const MpiSession& mpi, const Game& game, SelfplayConfig config) {
  MPI_Barrier(MPI_COMM_WORLD);
  const auto start = std::chrono::steady_clock::now();
  config.shard = mpi.rank();
  config.shards = mpi.size();
  // Every rank checks the configuration; an error is raised on all of them alike.
  const std::vector<SelfplaySummary> mine = run_selfplay_blocks(game, config);
  const auto players = static_cast<std::size_t>(game.num_players());
  std::vector<std::int64_t> counts, all_counts;
  std::vector<double> sums, all_sums;
  pack(mine, players, counts, sums);
  all_counts.resize(counts.size());
  all_sums.resize(sums.size());
  MPI_Reduce(counts.data(), all_counts.data(), static_cast<int>(counts.size()), MPI_INT64_T,
             MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(sums.data(), all_sums.data(), static_cast<int>(sums.size()), MPI_DOUBLE, MPI_SUM, 0,
             MPI_COMM_WORLD);
  if (mpi.rank() != 0) return SelfplaySummary{};
  SelfplaySummary total = merge_blocks(game.num_players(), unpack(all_counts, all_sums, players));
  total.threads = std::max(1, config.threads);
  total.ranks = mpi.size();
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return total;
}

}  // namespace mw
