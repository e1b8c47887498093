#include "ai/selfplay.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include "ai/agents.h"
#include "core/error.h"
#include "core/match.h"
#include "core/rng.h"

namespace mw {
namespace {

// Games per unit of work. Fixed (never derived from the thread count) because block totals are
// added in block order: that is what makes the floating-point sums thread-count independent.
constexpr std::int64_t kBlockSize = kSelfplayBlock;

SelfplaySummary empty_summary(int num_players) {
  SelfplaySummary s;
  s.wins.assign(static_cast<std::size_t>(num_players), 0);
  s.return_sums.assign(static_cast<std::size_t>(num_players), 0.0);
  s.shared_wins.assign(static_cast<std::size_t>(num_players), 0);
  s.win_shares.assign(static_cast<std::size_t>(num_players), 0.0);
  s.won_games.assign(static_cast<std::size_t>(num_players), {});
  return s;
}

void list_game(std::vector<std::int64_t>& listed, std::int64_t index) {
  if (listed.size() < kListedGames) listed.push_back(index);
}

// The seats tied for the best return when it is above 0 and more than one seat has it.
std::vector<std::size_t> shared_winners(const std::vector<double>& returns) {
  std::vector<std::size_t> winners;
  if (returns.size() < 2) return winners;
  const double best = *std::max_element(returns.begin(), returns.end());
  if (best <= 0) return winners;
  for (std::size_t p = 0; p < returns.size(); ++p) {
    if (returns[p] == best) winners.push_back(p);
  }
  if (winners.size() < 2) winners.clear();
  return winners;
}

}  // namespace

void count_game(SelfplaySummary& s, std::int64_t index, const MatchResult& result) {
  ++s.games;
  s.decisions += result.decisions;
  s.chance_actions += result.chance_actions;
  if (result.truncated) {
    ++s.truncated;
    list_game(s.truncated_games, index);
    return;
  }
  const Player winner = sole_winner(result.returns);
  if (winner >= 0) {
    ++s.wins[static_cast<std::size_t>(winner)];
    s.win_shares[static_cast<std::size_t>(winner)] += 1.0;
    list_game(s.won_games[static_cast<std::size_t>(winner)], index);
  } else {
    ++s.draws;
    list_game(s.drawn_games, index);
    const std::vector<std::size_t> winners = shared_winners(result.returns);
    for (std::size_t p : winners) {
      ++s.shared_wins[p];
      s.win_shares[p] += 1.0 / static_cast<double>(winners.size());
    }
  }
  for (std::size_t p = 0; p < result.returns.size(); ++p) s.return_sums[p] += result.returns[p];
}

namespace {

void merge(SelfplaySummary& into, const SelfplaySummary& part) {
  into.games += part.games;
  into.draws += part.draws;
  into.truncated += part.truncated;
  into.decisions += part.decisions;
  into.chance_actions += part.chance_actions;
  for (std::size_t p = 0; p < into.wins.size(); ++p) {
    into.wins[p] += part.wins[p];
    into.return_sums[p] += part.return_sums[p];
    into.shared_wins[p] += part.shared_wins[p];
    into.win_shares[p] += part.win_shares[p];
    for (std::int64_t index : part.won_games[p]) list_game(into.won_games[p], index);
  }
  for (std::int64_t index : part.drawn_games) list_game(into.drawn_games, index);
  for (std::int64_t index : part.truncated_games) list_game(into.truncated_games, index);
}

int thread_count(int requested, std::int64_t blocks) {
  const int wanted = requested > 0
                         ? requested
                         : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return static_cast<int>(std::max<std::int64_t>(1, std::min<std::int64_t>(wanted, blocks)));
}

// Threads for this shard's blocks: never more than it has blocks.
int threads_of(const SelfplayConfig& config) {
  const std::int64_t blocks = (config.games + kBlockSize - 1) / kBlockSize;
  const std::int64_t own =
      std::max<std::int64_t>(0, (blocks - config.shard + config.shards - 1) / config.shards);
  return thread_count(config.threads, own);
}

// A pool of threads pulling block indices from an atomic counter. Each thread owns its agents.
class Runner {
 public:
  Runner(const Game& game, const SelfplayConfig& config)
      : game_(game),
        config_(config),
        num_blocks_((config.games + kBlockSize - 1) / kBlockSize),
        blocks_(static_cast<std::size_t>(num_blocks_), empty_summary(game.num_players())) {}

  std::vector<SelfplaySummary> run(int threads, const SelfplayProgress& progress) {
    running_ = threads;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back([this] { work(); });
    wait_reporting(progress);
    for (auto& thread : pool) thread.join();
    if (error_) std::rethrow_exception(error_);
    return std::move(blocks_);
  }

 private:
  void work() {
    try {
      std::vector<std::unique_ptr<Agent>> agents;
      std::vector<Agent*> seats;
      for (const auto& spec : config_.agents) {
        agents.push_back(make_agent(game_, spec));
        seats.push_back(agents.back().get());
      }
      // The k-th block this shard owns is block shard + k * shards.
      for (std::int64_t k = next_block_++; !failed_; k = next_block_++) {
        const std::int64_t b = config_.shard + k * config_.shards;
        if (b >= num_blocks_) break;
        play_block(b, seats);
      }
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
      failed_ = true;
    }
    std::lock_guard lock(mutex_);
    --running_;
    finished_.notify_all();
  }

  void play_block(std::int64_t block, const std::vector<Agent*>& seats) {
    const std::int64_t first = block * kBlockSize;
    const std::int64_t last = std::min(config_.games, first + kBlockSize);
    MatchConfig match;
    match.max_actions = config_.max_actions;
    for (std::int64_t i = first; i < last && !failed_; ++i) {
      match.seed = derive_seed(config_.seed, static_cast<std::uint64_t>(i));
      try {
        count_game(blocks_[static_cast<std::size_t>(block)], i, play_match(game_, seats, match));
      } catch (const Error& e) {
        throw Error(e.code(),
                    fmt::format("self-play game {} (seed {}): {}", i, match.seed, e.what()));
      }
      ++games_done_;
    }
  }

  void wait_reporting(const SelfplayProgress& progress) {
    std::unique_lock lock(mutex_);
    while (running_ > 0) {
      finished_.wait_for(lock, std::chrono::milliseconds(200), [this] { return running_ == 0; });
      if (progress) progress(games_done_, games_of_shard());
    }
  }

  std::int64_t games_of_shard() const {
    std::int64_t n = 0;
    for (std::int64_t b = config_.shard; b < num_blocks_; b += config_.shards) {
      n += std::min(kBlockSize, config_.games - b * kBlockSize);
    }
    return n;
  }

  const Game& game_;
  const SelfplayConfig& config_;
  const std::int64_t num_blocks_;
  std::vector<SelfplaySummary> blocks_;  // written by one thread each, read after join
  std::atomic<std::int64_t> next_block_{0};
  std::atomic<std::int64_t> games_done_{0};
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::condition_variable finished_;
  int running_ = 0;
  std::exception_ptr error_;
};

void validate(const Game& game, const SelfplayConfig& config) {
  if (static_cast<int>(config.agents.size()) != game.num_players()) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("{} needs {} agents (one per seat), got {}", game.id(),
                            game.num_players(), config.agents.size()));
  }
  if (config.games < 0) throw Error(ErrorCode::kBadRequest, "the number of games must be >= 0");
  if (config.max_actions < 1) throw Error(ErrorCode::kBadRequest, "max actions must be >= 1");
  if (config.shards < 1 || config.shard < 0 || config.shard >= config.shards) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("shard {} of {} does not exist", config.shard, config.shards));
  }
  // Fail on a bad spec here, in the caller's thread, rather than inside every worker.
  for (const auto& spec : config.agents) make_agent(game, spec);
}

double per(double amount, double over) {
  return over > 0 ? amount / over : 0.0;
}

}  // namespace

Player sole_winner(const std::vector<double>& returns) {
  if (returns.size() == 1) return returns[0] > 0 ? 0 : -1;
  const auto best = std::max_element(returns.begin(), returns.end());
  if (best == returns.end() || std::count(returns.begin(), returns.end(), *best) > 1) return -1;
  return static_cast<Player>(best - returns.begin());
}

double SelfplaySummary::mean_actions() const {
  return per(static_cast<double>(decisions), static_cast<double>(games));
}
double SelfplaySummary::mean_chance_actions() const {
  return per(static_cast<double>(chance_actions), static_cast<double>(games));
}
double SelfplaySummary::games_per_sec() const {
  return per(static_cast<double>(games), seconds);
}
double SelfplaySummary::actions_per_sec() const {
  return per(static_cast<double>(decisions), seconds);
}

std::vector<SelfplaySummary> run_selfplay_blocks(const Game& game, const SelfplayConfig& config,
                                                 const SelfplayProgress& progress) {
  validate(game, config);
  Runner runner(game, config);
  return runner.run(threads_of(config), progress);
}

SelfplaySummary merge_blocks(int num_players, const std::vector<SelfplaySummary>& blocks) {
  SelfplaySummary total = empty_summary(num_players);
  for (const auto& block : blocks) merge(total, block);
  return total;
}

SelfplaySummary run_selfplay(const Game& game, const SelfplayConfig& config,
                             const SelfplayProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  SelfplaySummary summary =
      merge_blocks(game.num_players(), run_selfplay_blocks(game, config, progress));
  summary.threads = threads_of(config);
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary;
}

std::vector<std::uint64_t> seeds_of(std::uint64_t run_seed,
                                    const std::vector<std::int64_t>& games) {
  std::vector<std::uint64_t> seeds;
  seeds.reserve(games.size());
  for (std::int64_t i : games)
    seeds.push_back(derive_seed(run_seed, static_cast<std::uint64_t>(i)));
  return seeds;
}

Json selfplay_json(const Game& game, const SelfplayConfig& config, const SelfplaySummary& s) {
  Json j;
  j["game"] = game.id();
  j["options"] = game.options().to_json();
  j["games"] = s.games;
  j["seed"] = config.seed;
  j["agents"] = config.agents;
  j["threads"] = s.threads;
  j["ranks"] = s.ranks;
  j["max_actions"] = config.max_actions;
  j["wins"] = s.wins;
  j["draws"] = s.draws;
  j["truncated"] = s.truncated;
  j["drawn_seeds"] = seeds_of(config.seed, s.drawn_games);
  j["truncated_seeds"] = seeds_of(config.seed, s.truncated_games);
  Json won_seeds = Json::array();
  for (const auto& games : s.won_games) won_seeds.push_back(seeds_of(config.seed, games));
  j["won_seeds"] = std::move(won_seeds);
  j["shared_wins"] = s.shared_wins;
  j["win_shares"] = s.win_shares;
  Json mean_returns = Json::array();
  for (double sum : s.return_sums) mean_returns.push_back(per(sum, static_cast<double>(s.games)));
  j["mean_returns"] = std::move(mean_returns);
  j["mean_actions"] = s.mean_actions();
  j["mean_chance_actions"] = s.mean_chance_actions();
  j["actions_per_sec"] = s.actions_per_sec();
  j["games_per_sec"] = s.games_per_sec();
  j["seconds"] = s.seconds;
  return j;
}

std::vector<std::string> split_agent_specs(std::string_view text) {
  std::vector<std::string> specs;
  while (true) {
    const auto comma = text.find(',');
    const std::string_view piece = text.substr(0, comma);
    // "k=v" and "k=name:k2=v2" (a nested agent spec as a value) continue the previous spec.
    const auto eq = piece.find('=');
    const bool continues_params =
        eq != std::string_view::npos && eq < piece.find(':') && !specs.empty();
    if (continues_params) {
      specs.back() += "," + std::string(piece);
    } else {
      specs.emplace_back(piece);
    }
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return specs;
}

Interval wilson_interval(std::int64_t wins, std::int64_t n, double z) {
  if (n <= 0) return {};
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(wins) / nn;
  const double z2 = z * z;
  const double denominator = 1 + z2 / nn;
  const double centre = (p + z2 / (2 * nn)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / denominator;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace mw
