#include "ai/tournament.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <numeric>

#include "core/error.h"
#include "core/rng.h"

namespace mw {
namespace {

// Which seats of an arrangement each of its two agents holds.
struct Sides {
  int a = -1, b = -1;
};

Sides sides_of(const std::vector<int>& agent_of_seat) {
  Sides s{agent_of_seat.front(), agent_of_seat.front()};
  for (const int x : agent_of_seat) {
    if (x != s.a) s.b = x;
  }
  if (s.a > s.b) std::swap(s.a, s.b);
  return s;
}

std::int64_t wins_of(const SeatArrangement& arr, int agent) {
  std::int64_t w = 0;
  // An MPI rank other than 0 holds empty summaries (no games, no seats).
  if (arr.summary.wins.size() != arr.agent_of_seat.size()) return 0;
  for (std::size_t seat = 0; seat < arr.agent_of_seat.size(); ++seat) {
    if (arr.agent_of_seat[seat] == agent) w += arr.summary.wins[seat];
  }
  return w;
}

HeadToHead& pair_of(std::vector<HeadToHead>& pairs, int a, int b) {
  for (HeadToHead& p : pairs) {
    if (p.a == a && p.b == b) return p;
  }
  pairs.push_back({a, b, 0, 0, 0, 0});
  return pairs.back();
}

}  // namespace

std::vector<std::vector<int>> seat_arrangements(int agents, int seats) {
  std::vector<std::vector<int>> out;
  for (int a = 0; a < agents; ++a) {
    for (int b = a + 1; b < agents; ++b) {
      // One agent alone in a seat, the other in the rest; with two seats "b alone" repeats "a
      // alone", so it is played only in larger games.
      for (const auto& [alone, rest] : {std::pair{a, b}, std::pair{b, a}}) {
        if (seats == 2 && alone == b) continue;
        for (int s = 0; s < seats; ++s) {
          std::vector<int> arrangement(static_cast<std::size_t>(seats), rest);
          arrangement[static_cast<std::size_t>(s)] = alone;
          out.push_back(std::move(arrangement));
        }
      }
    }
  }
  return out;
}

std::vector<double> bradley_terry_elo(int agents, const std::vector<HeadToHead>& pairs) {
  const auto n = static_cast<std::size_t>(agents);
  std::vector<double> strength(n, 1.0), score(n, 0.0);
  std::vector<std::vector<double>> games(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (i != j) {
        games[i][j] = 1.0;  // the virtual draw
        score[i] += 0.5;
      }
    }
  }
  for (const HeadToHead& p : pairs) {
    const auto a = static_cast<std::size_t>(p.a), b = static_cast<std::size_t>(p.b);
    const double decided = static_cast<double>(p.wins_a + p.wins_b + p.draws);
    games[a][b] += decided;
    games[b][a] += decided;
    score[a] += static_cast<double>(p.wins_a) + 0.5 * static_cast<double>(p.draws);
    score[b] += static_cast<double>(p.wins_b) + 0.5 * static_cast<double>(p.draws);
  }
  // The minorization-maximization iteration of Hunter (2004).
  for (int round = 0; round < 2000; ++round) {
    double change = 0;
    for (std::size_t i = 0; i < n; ++i) {
      double denominator = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (j != i) denominator += games[i][j] / (strength[i] + strength[j]);
      }
      const double next = denominator > 0 ? score[i] / denominator : strength[i];
      change = std::max(change, std::abs(next - strength[i]) / strength[i]);
      strength[i] = next;
    }
    if (change < 1e-12) break;
  }
  std::vector<double> elo(n);
  for (std::size_t i = 0; i < n; ++i) elo[i] = 400.0 * std::log10(strength[i]);
  const double mean = std::accumulate(elo.begin(), elo.end(), 0.0) / static_cast<double>(n);
  for (double& e : elo) e -= mean;
  return elo;
}

TournamentResult run_tournament(const Game& game, const TournamentConfig& config,
                                const SelfplayProgress& progress) {
  const int agents = static_cast<int>(config.agents.size());
  if (agents < 2) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("a tournament needs at least two agents, got {}", agents));
  }
  const auto start = std::chrono::steady_clock::now();
  TournamentResult result;
  const auto arrangements = seat_arrangements(agents, game.num_players());
  const std::int64_t total = config.games * static_cast<std::int64_t>(arrangements.size());
  for (std::size_t i = 0; i < arrangements.size(); ++i) {
    SelfplayConfig run;
    for (const int a : arrangements[i])
      run.agents.push_back(config.agents[static_cast<std::size_t>(a)]);
    run.games = config.games;
    run.seed = derive_seed(config.seed, i);
    run.threads = config.threads;
    run.max_actions = config.max_actions;
    const std::int64_t before = config.games * static_cast<std::int64_t>(i);
    const SelfplayProgress inner = [&](std::int64_t done, std::int64_t) {
      if (progress) progress(before + done, total);
    };
    result.arrangements.push_back({arrangements[i], config.runner
                                                        ? config.runner(game, run, inner)
                                                        : run_selfplay(game, run, inner)});
  }
  result.standings.resize(static_cast<std::size_t>(agents));
  for (int a = 0; a < agents; ++a)
    result.standings[static_cast<std::size_t>(a)].agent =
        config.agents[static_cast<std::size_t>(a)];
  for (const SeatArrangement& arr : result.arrangements) {
    const Sides sides = sides_of(arr.agent_of_seat);
    const SelfplaySummary& s = arr.summary;
    HeadToHead& pair = pair_of(result.pairs, sides.a, sides.b);
    const std::int64_t wa = wins_of(arr, sides.a), wb = wins_of(arr, sides.b);
    pair.games += s.games;
    pair.wins_a += wa;
    pair.wins_b += wb;
    pair.draws += s.draws;
    for (const auto& [agent, wins, losses] :
         {std::tuple{sides.a, wa, wb}, std::tuple{sides.b, wb, wa}}) {
      Standing& st = result.standings[static_cast<std::size_t>(agent)];
      st.games += s.games;
      st.wins += wins;
      st.losses += losses;
      st.draws += s.draws;
      st.truncated += s.truncated;
    }
  }
  const std::vector<double> elo = bradley_terry_elo(agents, result.pairs);
  for (std::size_t a = 0; a < result.standings.size(); ++a) {
    Standing& st = result.standings[a];
    st.score = st.games > 0 ? (static_cast<double>(st.wins) + 0.5 * static_cast<double>(st.draws)) /
                                  static_cast<double>(st.games)
                            : 0.0;
    st.win_interval = wilson_interval(st.wins, st.games);
    st.elo = elo[a];
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

Json tournament_json(const Game& game, const TournamentConfig& config,
                     const TournamentResult& result) {
  Json j;
  j["game"] = game.id();
  j["options"] = game.options().to_json();
  j["agents"] = config.agents;
  j["games_per_arrangement"] = config.games;
  j["seed"] = config.seed;
  j["standings"] = Json::array();
  for (const Standing& s : result.standings) {
    j["standings"].push_back({{"agent", s.agent},
                              {"games", s.games},
                              {"wins", s.wins},
                              {"draws", s.draws},
                              {"losses", s.losses},
                              {"truncated", s.truncated},
                              {"score", s.score},
                              {"win_rate_ci", {s.win_interval.low, s.win_interval.high}},
                              {"elo", s.elo}});
  }
  j["pairs"] = Json::array();
  for (const HeadToHead& p : result.pairs) {
    j["pairs"].push_back({{"a", config.agents[static_cast<std::size_t>(p.a)]},
                          {"b", config.agents[static_cast<std::size_t>(p.b)]},
                          {"games", p.games},
                          {"wins_a", p.wins_a},
                          {"wins_b", p.wins_b},
                          {"draws", p.draws}});
  }
  j["arrangements"] = Json::array();
  for (const SeatArrangement& arr : result.arrangements) {
    Json seats = Json::array();
    for (const int a : arr.agent_of_seat)
      seats.push_back(config.agents[static_cast<std::size_t>(a)]);
    j["arrangements"].push_back({{"seats", seats},
                                 {"games", arr.summary.games},
                                 {"wins", arr.summary.wins},
                                 {"draws", arr.summary.draws},
                                 {"truncated", arr.summary.truncated}});
  }
  j["seconds"] = result.seconds;
  return j;
}

}  // namespace mw
