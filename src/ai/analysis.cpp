#include "ai/analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include "ai/agents.h"
#include "core/error.h"
#include "core/match.h"
#include "core/rng.h"
#include "core/seats.h"

namespace mw {
namespace {

struct Batch {
  const Game& game;
  const std::vector<std::string>& agents;
  std::int64_t count;
  std::uint64_t seed;
};

// Plays games [0, count) of this process's shard over `threads` workers, then gathers the other
// shards' games; game i's figures land at index i, so the result depends neither on scheduling
// nor on the number of processes. Each worker has its own agents.
std::vector<GameFigures> play_games(const Batch& batch, const AnalysisConfig& config,
                                    const std::function<void()>& on_game) {
  const Game& game = batch.game;
  const std::int64_t count = batch.count;
  const int threads = config.threads;
  std::vector<GameFigures> out(static_cast<std::size_t>(count));
  std::atomic<std::int64_t> next{0};
  std::exception_ptr error;
  std::mutex mutex;
  const auto work = [&] {
    try {
      std::vector<std::unique_ptr<Agent>> owned;
      std::vector<Agent*> seats;
      for (const auto& spec : batch.agents) {
        owned.push_back(make_agent(game, spec));
        seats.push_back(owned.back().get());
      }
      for (std::int64_t i = next++; i < count; i = next++) {
        if (i % config.shards != config.shard) continue;
        MatchConfig match;
        match.seed = derive_seed(batch.seed, static_cast<std::uint64_t>(i));
        match.max_actions = config.max_actions;
        match.count_branching = true;
        const MatchResult r = play_match(game, seats, match);
        GameFigures& f = out[static_cast<std::size_t>(i)];
        f.decisions = r.decisions;
        f.chance_actions = r.chance_actions;
        f.truncated = r.truncated;
        f.winner = r.truncated ? -1 : sole_winner(r.returns);
        f.branching = r.decisions > 0 ? static_cast<double>(r.legal_action_sum) / r.decisions : 0;
        on_game();
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      next = count;
    }
  };
  const int wanted =
      threads > 0 ? threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int workers =
      static_cast<int>(std::clamp<std::int64_t>(wanted, 1, std::max<std::int64_t>(1, count)));
  std::vector<std::thread> pool;
  for (int t = 1; t < workers; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  if (config.gather) config.gather(out);
  return out;
}

std::string label_of(const Json& overrides) {
  if (overrides.empty()) return "default";
  std::string out;
  for (const auto& [k, v] : overrides.items()) {
    out += (out.empty() ? "" : ",") + k + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
  }
  return out;
}

void summarise(VariantAnalysis& v, const std::vector<std::string>& names) {
  const auto n = static_cast<std::int64_t>(v.games.size());
  v.seats.assign(names.size(), SeatFigures{});
  std::vector<int> lengths;
  double branching = 0;
  for (const GameFigures& g : v.games) {
    if (g.truncated)
      ++v.truncated;
    else if (g.winner < 0)
      ++v.draws;
    else
      ++v.seats[static_cast<std::size_t>(g.winner)].wins;
    lengths.push_back(g.decisions);
    branching += g.branching;
  }
  for (std::size_t p = 0; p < names.size(); ++p) {
    v.seats[p].name = names[p];
    v.seats[p].win_interval = wilson_interval(v.seats[p].wins, n);
  }
  v.draw_interval = wilson_interval(v.draws, n);
  v.truncated_interval = wilson_interval(v.truncated, n);
  if (n == 0) return;
  std::sort(lengths.begin(), lengths.end());
  v.min_decisions = lengths.front();
  v.max_decisions = lengths.back();
  v.median_decisions = lengths.size() % 2 == 1
                           ? lengths[lengths.size() / 2]
                           : 0.5 * (lengths[lengths.size() / 2 - 1] + lengths[lengths.size() / 2]);
  double total = 0;
  for (const int l : lengths) total += l;
  v.mean_decisions = total / static_cast<double>(n);
  v.mean_branching = branching / static_cast<double>(n);
  const double fair = 1.0 / static_cast<double>(names.size());
  v.first_seat_advantage = static_cast<double>(v.seats[0].wins) / static_cast<double>(n) - fair;
  v.first_seat_interval = {v.seats[0].win_interval.low - fair, v.seats[0].win_interval.high - fair};
}

std::vector<std::string> per_seat(const Game& game, const std::vector<std::string>& agents) {
  if (agents.size() == 1)
    return std::vector<std::string>(static_cast<std::size_t>(game.num_players()), agents[0]);
  if (static_cast<int>(agents.size()) != game.num_players()) {
    throw Error(ErrorCode::kBadRequest, fmt::format("--agents names {} agents but {} has {} seats",
                                                    agents.size(), game.id(), game.num_players()));
  }
  return agents;
}

}  // namespace

Analysis run_analysis(const Registry& registry, const std::string& game_id,
                      const AnalysisConfig& config, const AnalysisProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<Json> variants =
      config.variants.empty() ? std::vector<Json>{Json::object()} : config.variants;
  const bool skill = !config.strong.empty() && !config.weak.empty();
  // Load every variant and make every agent first: a mistake is reported before any game.
  std::vector<Game> games;
  for (const Json& overrides : variants) {
    games.push_back(registry.load(game_id, overrides));
    for (const auto& spec : per_seat(games.back(), config.agents)) make_agent(games.back(), spec);
    if (skill) {
      make_agent(games.back(), config.strong);
      make_agent(games.back(), config.weak);
    }
  }
  std::atomic<std::int64_t> done{0};
  std::int64_t total = config.games * static_cast<std::int64_t>(variants.size());
  if (skill) total *= 2;
  std::mutex report;
  const auto on_game = [&] {
    const std::int64_t d = ++done;
    if (progress && (d % 8 == 0 || d == total)) {
      std::lock_guard lock(report);
      progress(d, total);
    }
  };

  Analysis a;
  a.game_id = game_id;
  a.game_name = games.front().info().name;
  for (std::size_t vi = 0; vi < variants.size(); ++vi) {
    const Game& game = games[vi];
    VariantAnalysis v;
    v.label = label_of(variants[vi]);
    v.options = game.options().to_json();
    v.agents = per_seat(game, config.agents);
    const std::uint64_t seed = derive_seed(config.seed, vi);
    v.games = play_games(Batch{game, v.agents, config.games, seed}, config, on_game);
    summarise(v, seat_names(game.new_initial_state()));
    if (skill) {
      SkillTrace t{config.strong, config.weak, 0, 0, 1.0 / game.num_players(), {}};
      const int seats = game.num_players();
      for (int s = 0; s < seats; ++s) {
        std::vector<std::string> lineup(static_cast<std::size_t>(seats), config.weak);
        lineup[static_cast<std::size_t>(s)] = config.strong;
        // Spread config.games over the seats of the strong agent.
        const std::int64_t share = config.games / seats + (s < config.games % seats);
        const auto figures =
            play_games(Batch{game, lineup, share, derive_seed(seed, 1000 + s)}, config, on_game);
        for (const GameFigures& g : figures) {
          ++t.games;
          t.strong_wins += g.winner == s;
        }
      }
      t.interval = wilson_interval(t.strong_wins, t.games);
      a.skill.push_back(t);
    }
    a.variants.push_back(std::move(v));
  }
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

Json analysis_json(const Analysis& a) {
  Json j;
  j["game"] = a.game_id;
  j["variants"] = Json::array();
  for (std::size_t i = 0; i < a.variants.size(); ++i) {
    const VariantAnalysis& v = a.variants[i];
    Json seats = Json::array();
    for (const SeatFigures& s : v.seats) {
      seats.push_back({{"name", s.name},
                       {"wins", s.wins},
                       {"win_rate", v.games.empty() ? 0.0
                                                    : static_cast<double>(s.wins) /
                                                          static_cast<double>(v.games.size())},
                       {"ci", {s.win_interval.low, s.win_interval.high}}});
    }
    Json lengths = Json::array();
    for (const GameFigures& g : v.games) lengths.push_back(g.decisions);
    Json jv{{"label", v.label},
            {"options", v.options},
            {"agents", v.agents},
            {"games", v.games.size()},
            {"seats", seats},
            {"draws", v.draws},
            {"draw_ci", {v.draw_interval.low, v.draw_interval.high}},
            {"truncated", v.truncated},
            {"truncated_ci", {v.truncated_interval.low, v.truncated_interval.high}},
            {"decisions",
             {{"mean", v.mean_decisions},
              {"median", v.median_decisions},
              {"min", v.min_decisions},
              {"max", v.max_decisions}}},
            {"mean_branching", v.mean_branching},
            {"first_seat_advantage", v.first_seat_advantage},
            {"first_seat_advantage_ci", {v.first_seat_interval.low, v.first_seat_interval.high}},
            {"game_lengths", lengths}};
    if (i < a.skill.size()) {
      const SkillTrace& t = a.skill[i];
      jv["skill_trace"] = {
          {"strong", t.strong},
          {"weak", t.weak},
          {"games", t.games},
          {"strong_wins", t.strong_wins},
          {"strong_win_rate",
           t.games ? static_cast<double>(t.strong_wins) / static_cast<double>(t.games) : 0.0},
          {"fair_share", t.fair_share},
          {"ci", {t.interval.low, t.interval.high}}};
    }
    j["variants"].push_back(std::move(jv));
  }
  j["seconds"] = a.seconds;
  return j;
}

std::string analysis_csv(const Analysis& a) {
  std::string out = "variant,game,decisions,chance_actions,branching,winner,truncated\n";
  for (const VariantAnalysis& v : a.variants) {
    for (std::size_t i = 0; i < v.games.size(); ++i) {
      const GameFigures& g = v.games[i];
      out += fmt::format("\"{}\",{},{},{},{:.4f},{},{}\n", v.label, i, g.decisions,
                         g.chance_actions, g.branching,
                         g.winner >= 0 ? v.seats[static_cast<std::size_t>(g.winner)].name : "",
                         g.truncated ? 1 : 0);
    }
  }
  return out;
}

}  // namespace mw
