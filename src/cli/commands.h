#pragma once
// One function per `mazeworks` subcommand (one file each); main.cpp parses the command line with
// CLI11 and calls them. Each returns the process exit code; an mw::Error escaping one is reported
// by main.cpp as "mazeworks: <message>" with exit code 2.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#ifdef MAZEWORKS_HAVE_SERVER
#include "server/limits.h"
#endif

namespace mw::cli {

struct GamesArgs {
  bool json = false;
};
int run_games(const GamesArgs& args);

struct AgentsArgs {
  std::string game;
  std::vector<std::string> options;  // "name=value"
  bool json = false;
};
int run_agents(const AgentsArgs& args);

struct PlayArgs {
  std::string game;
  std::vector<std::string> seats;     // "0=human", "1=greedy"
  std::vector<std::string> options;   // "name=value"
  std::optional<std::uint64_t> seed;  // none: a fresh seed, printed so the game can be replayed
  bool ascii = false;                 // no colour, no Unicode symbols
};
int run_play(const PlayArgs& args);

struct SelfplayArgs {
  std::string game;
  std::string agents;  // "a,b" (one spec per seat, or one for every seat)
  std::vector<std::string> options;
  int games = 100;
  std::uint64_t seed = 1;
  int threads = 1;  // 0: one per hardware thread
  int max_actions = 1'000'000;
  bool json = false;
  bool mpi = false;  // shard the games over the ranks of `mpirun`
};
int run_selfplay(const SelfplayArgs& args);

struct TournamentArgs {
  std::string game;
  std::string agents;  // "a,b,c": at least two specs
  std::vector<std::string> options;
  int games = 20;  // per seat arrangement
  std::uint64_t seed = 1;
  int threads = 1;
  int max_actions = 1'000'000;
  bool json = false;
  bool mpi = false;  // shard each arrangement's games over the ranks of `mpirun`
};
int run_tournament(const TournamentArgs& args);

struct AnalyzeArgs {
  std::string game;
  std::string agents;                 // one spec per seat, or one for every seat
  std::vector<std::string> options;   // shared by every variant
  std::vector<std::string> variants;  // "k=v,k=v" each; none: the options alone
  int games = 200;                    // per variant
  std::uint64_t seed = 1;
  int threads = 1;
  int max_actions = 1'000'000;
  std::string strong, weak;  // the skill trace
  std::string report;        // HTML
  std::string json_file;
  std::string csv_file;
  bool mpi = false;  // shard the games over the ranks of `mpirun`
};
int run_analyze(const AnalyzeArgs& args);

struct ReplayArgs {
  std::string file;
  std::optional<int> seat;  // none: omniscient
  bool omniscient = false;  // said explicitly; the same as no seat
  bool step = false;
  bool ascii = false;
};
int run_replay(const ReplayArgs& args);

struct ServeArgs {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;
  std::string db = "data/mazeworks.db";
  std::string web_root;
  int agent_threads = 0;         // 0: one per hardware thread, less the I/O thread (at least 1)
  bool full_sync = false;        // fsync every commit (power-loss safe), not only crash safe
  int io_threads = 0;            // 0: half the hardware threads, at least one
  bool no_group_commit = false;  // commit each move alone on the thread that received it
  std::int64_t commit_window_us = 1000;  // group commit's gathering window when busy
  int max_connections = 0;               // 0: from the descriptor limit
  std::int64_t idle_minutes = 30;
#ifdef MAZEWORKS_HAVE_SERVER
  server::ServerLimits limits;
#endif
};
int run_serve(const ServeArgs& args);

struct LoadtestArgs {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::string game = "treasure-hunt";
  int matches = 100;
  int max_moves = 200;
  std::uint64_t seed = 1;
  int think_ms = 0;                   // mean think time per move; 0: a closed loop at saturation
  std::vector<unsigned short> ports;  // several instances (LoadtestConfig::ports); empty: port
  bool json = false;
};
int run_loadtest(const LoadtestArgs& args);

}  // namespace mw::cli
