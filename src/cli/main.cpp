// The `mazeworks` program: parses the command line and dispatches to one subcommand.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <exception>
#include <functional>
#include <iostream>
#include <limits>

#include "cli/commands.h"
#include "cli/engine.h"
#include "core/error.h"

namespace {

using mw::cli::AgentsArgs;
using mw::cli::AnalyzeArgs;
using mw::cli::GamesArgs;
using mw::cli::LoadtestArgs;
using mw::cli::PlayArgs;
using mw::cli::ReplayArgs;
using mw::cli::SelfplayArgs;
using mw::cli::ServeArgs;
using mw::cli::TournamentArgs;

// Every exit code of a failed command is 2 (bad arguments, bad files, bad options alike), so
// scripts need one check; 0 is success.
constexpr int kFailure = 2;
constexpr int kMaxCount = std::numeric_limits<int>::max();

// Repeatable options take one value per flag, so "--seat 1=random treasure-hunt" cannot swallow
// the game id.
CLI::Option* add_repeatable(CLI::App* app, const std::string& name, std::vector<std::string>& to,
                            const std::string& help) {
  return app->add_option(name, to, help)->allow_extra_args(false)->type_size(1);
}

// A seed is a whole number that fits in 64 bits, written in decimal: CLI11 alone would read "-1"
// and 99999999999999999999999 as 18446744073709551615 without a word.
const CLI::Validator kSeed(
    [](std::string& text) -> std::string {
      std::uint64_t value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
        return "a seed is a whole number from 0 to 18446744073709551615, got " + text;
      }
      return "";
    },
    "SEED");

// `--players N` is short for `--option players=N` (games for 2-4 players have that option).
void add_players(CLI::App* app, std::vector<std::string>& options) {
  app->add_option_function<int>(
         "--players", [&options](const int& n) { options.push_back(fmt::format("players={}", n)); },
         "number of players (short for --option players=N)")
      ->check(CLI::Range(1, 16));
}

// --threads and --max-actions, shared by the commands that play many games.
void add_run_limits(CLI::App* app, int& threads, int& max_actions, const std::string& limit_help) {
  app->add_option("--threads", threads, "worker threads (0: one per hardware thread)")
      ->check(CLI::Range(0, 1024));
  app->add_option("--max-actions", max_actions, limit_help)->check(CLI::Range(1, kMaxCount));
}

void add_mpi_flag(CLI::App* app, bool& mpi) {
  app->add_flag("--mpi", mpi,
                "under mpirun: shard the games over the ranks; rank 0 prints the results");
}

// `--agents a,b` of the commands where an agent plays one seat each (selfplay, analyze).
void add_agents_per_seat(CLI::App* app, std::string& to) {
  app->add_option("--agents", to,
                  "agent specs per seat, comma-separated (one spec: every seat; default: the "
                  "game's best agent)");
}

void add_game_id(CLI::App* app, std::string& to) {
  app->add_option("game", to, "game id (see `mazeworks games`)")->required();
}

CLI::App* add_games(CLI::App& app, GamesArgs& args) {
  auto* cmd = app.add_subcommand("games", "list the games, player counts and options");
  cmd->add_flag("--json", args.json, "print JSON");
  return cmd;
}

CLI::App* add_agents(CLI::App& app, AgentsArgs& args) {
  auto* cmd = app.add_subcommand("agents", "list the computer players of a game");
  add_game_id(cmd, args.game);
  add_repeatable(cmd, "--option", args.options, "game option name=value (repeatable)");
  add_players(cmd, args.options);
  cmd->add_flag("--json", args.json, "print JSON");
  return cmd;
}

CLI::App* add_play(CLI::App& app, PlayArgs& args, std::uint64_t& seed) {
  auto* cmd = app.add_subcommand("play", "play a game in the terminal against computer players");
  add_game_id(cmd, args.game);
  add_repeatable(cmd, "--seat", args.seats,
                 "SEAT=human or SEAT=<agent spec>, e.g. 1=greedy (repeatable; default: seat 0 "
                 "human, the others the game's best agent)");
  add_repeatable(cmd, "--option", args.options, "game option name=value (repeatable)");
  add_players(cmd, args.options);
  cmd->add_option("--seed", seed, "seed of the deal and the computer players (default: fresh)")
      ->check(kSeed);
  cmd->add_flag("--ascii", args.ascii, "no colour and no Unicode symbols");
  return cmd;
}

CLI::App* add_selfplay(CLI::App& app, SelfplayArgs& args) {
  auto* cmd = app.add_subcommand("selfplay", "play many games between computer players");
  add_game_id(cmd, args.game);
  add_agents_per_seat(cmd, args.agents);
  add_repeatable(cmd, "--option", args.options, "game option name=value (repeatable)");
  add_players(cmd, args.options);
  cmd->add_option("--games", args.games, "number of games")->check(CLI::Range(0, kMaxCount));
  cmd->add_option("--seed", args.seed, "run seed; game i is seeded derive_seed(seed, i)")
      ->check(kSeed);
  add_run_limits(cmd, args.threads, args.max_actions, "actions before a game counts as truncated");
  cmd->add_flag("--json", args.json, "print one JSON object");
  add_mpi_flag(cmd, args.mpi);
  return cmd;
}

CLI::App* add_tournament(CLI::App& app, TournamentArgs& args) {
  auto* cmd =
      app.add_subcommand("tournament", "every agent against every other in every seat arrangement");
  add_game_id(cmd, args.game);
  cmd->add_option("--agents", args.agents, "agent specs, comma-separated (at least two)")
      ->required();
  add_repeatable(cmd, "--option", args.options, "game option name=value (repeatable)");
  add_players(cmd, args.options);
  cmd->add_option("--games", args.games, "games per seat arrangement")
      ->check(CLI::Range(1, kMaxCount));
  cmd->add_option("--seed", args.seed, "run seed; arrangement j is seeded derive_seed(seed, j)")
      ->check(kSeed);
  add_run_limits(cmd, args.threads, args.max_actions, "actions before a game counts as truncated");
  cmd->add_flag("--json", args.json, "print one JSON object");
  add_mpi_flag(cmd, args.mpi);
  return cmd;
}

CLI::App* add_analyze(CLI::App& app, AnalyzeArgs& args) {
  auto* cmd = app.add_subcommand("analyze", "balance analysis: an HTML report, JSON and CSV");
  add_game_id(cmd, args.game);
  add_agents_per_seat(cmd, args.agents);
  add_repeatable(cmd, "--option", args.options, "game option name=value for every variant");
  add_players(cmd, args.options);
  add_repeatable(cmd, "--variant", args.variants,
                 "an option set k=v,k=v to compare (repeatable; default: one, the options alone)");
  cmd->add_option("--games", args.games, "games per variant")->check(CLI::Range(1, kMaxCount));
  cmd->add_option("--seed", args.seed, "run seed")->check(kSeed);
  add_run_limits(cmd, args.threads, args.max_actions, "actions before a game counts as a timeout");
  cmd->add_option("--strong", args.strong, "skill trace: the stronger agent spec");
  cmd->add_option("--weak", args.weak, "skill trace: the weaker agent spec");
  cmd->add_option("--report", args.report, "write the HTML report to this file");
  cmd->add_option("--json", args.json_file, "write the figures as JSON to this file");
  cmd->add_option("--csv", args.csv_file, "write one CSV row per game to this file");
  add_mpi_flag(cmd, args.mpi);
  return cmd;
}

CLI::App* add_replay(CLI::App& app, ReplayArgs& args, int& seat) {
  auto* cmd = app.add_subcommand("replay", "step through a recorded game");
  cmd->add_option("record", args.file, "a game record (JSON, as `play` saves it)")->required();
  auto* seat_option = cmd->add_option("--seat", seat, "show what this seat saw");
  cmd->add_flag("--omniscient", args.omniscient, "show everything (the default)")
      ->excludes(seat_option);
  cmd->add_flag("--step", args.step, "wait for Enter between actions (b: back, q: quit)");
  cmd->add_flag("--ascii", args.ascii, "no colour and no Unicode symbols");
  return cmd;
}

#ifdef MAZEWORKS_HAVE_SERVER
CLI::App* add_serve(CLI::App& app, ServeArgs& args) {
  auto* cmd = app.add_subcommand("serve", "run the game server: HTTP JSON API and WebSocket play");
  cmd->add_option("--port", args.port, "TCP port (0: any free port)");
  cmd->add_option("--address", args.address,
                  "address to listen on: 127.0.0.1 takes clients on this machine only; 0.0.0.0 "
                  "(or ::) every network interface, so other machines can play (docs/server.md, "
                  "\"Security\", says what that exposes)");
  cmd->add_option("--db", args.db,
                  "where matches are stored: a SQLite file (created on first start; also "
                  "sqlite:PATH) or a PostgreSQL server, postgresql://user@host:port/database "
                  "(several instances may share one; docs/server.md, \"PostgreSQL\")");
  cmd->add_option("--web-root", args.web_root,
                  "serve the browser app's files from this folder (default: ../web/dist beside "
                  "the executable, when it exists)");
  cmd->add_option("--agent-threads", args.agent_threads,
                  "threads for computer seats (0: hardware threads - 1)")
      ->check(CLI::Range(0, 256));
  cmd->add_flag("--full-sync", args.full_sync, "fsync every commit (survives power loss)");
  cmd->add_option("--io-threads", args.io_threads,
                  "threads for HTTP, and as many WebSocket loops (0: half the hardware threads, at "
                  "least one)")
      ->check(CLI::Range(0, 256));
  cmd->add_flag("--no-group-commit", args.no_group_commit,
                "commit each move in its own transaction on the thread that received it");
  cmd->add_option("--commit-window-us", args.commit_window_us,
                  "a busy server waits up to this long for more moves before it commits a "
                  "transaction (fewer, larger transactions; 0: never waits)")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{100'000}));
  auto& limits = args.limits;
  cmd->add_option("--max-think-ms", limits.max_think_ms,
                  "a computer move or suggestion thinks at most this long; agent specs asking "
                  "for more are refused")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{600'000}));
  cmd->add_option("--max-iterations", limits.max_iterations,
                  "agent specs asking for more search iterations are refused")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000}));
  cmd->add_option("--max-live-matches", limits.max_live_matches,
                  "matches held in memory at most; creation past it is refused (503)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100'000'000}));
  cmd->add_option("--idle-minutes", args.idle_minutes,
                  "a match nobody watches and nothing happened in for this long leaves memory "
                  "(it comes back from the database when asked for)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{7 * 24 * 60}));
  cmd->add_option("--creates-per-minute", limits.creations_per_minute,
                  "matches one client address may create a minute (0: no limit)")
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--joins-per-minute", limits.joins_per_minute,
                  "seats one client address may join a minute (0: no limit)")
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--max-connections", args.max_connections,
                  "open connections at most, more are answered 503 (0: the descriptor limit, "
                  "raised to its hard limit, less a reserve)")
      ->check(CLI::Range(0, 10'000'000));
  cmd->add_flag("--allow-client-seeds", limits.allow_client_seeds,
                "let clients choose a match's seed (tests and research: a chosen seed is a known "
                "deal)");
  return cmd;
}

CLI::App* add_loadtest(CLI::App& app, LoadtestArgs& args) {
  auto* cmd = app.add_subcommand("loadtest", "play N concurrent random matches against a server");
  cmd->add_option("--host", args.host, "server address (IPv4/IPv6 literal)");
  cmd->add_option("--port", args.port, "server port");
  cmd->add_option("--ports", args.ports,
                  "several instances of one cluster, e.g. 18080,18081,18082: each match's seats "
                  "play through different ones (instead of --port)")
      ->delimiter(',');
  cmd->add_option("--game", args.game, "game id");
  cmd->add_option("--matches", args.matches, "concurrent matches")->check(CLI::Range(1, 100000));
  cmd->add_option("--max-moves", args.max_moves, "moves per match at most")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--seed", args.seed, "seed of the random players")->check(kSeed);
  cmd->add_option("--think-ms", args.think_ms,
                  "mean think time before each move, ms (each wait uniform in [0, 2x]); "
                  "0: move at once (saturation)")
      ->check(CLI::Range(0, 600000));
  cmd->add_flag("--json", args.json, "print one JSON object");
  return cmd;
}
#endif

// CLI11 would only say "a subcommand is required"; name the unknown word and the commands instead.
bool check_command_name(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return true;
  std::string known;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_name() == argv[1]) return true;
    known += (known.empty() ? "" : ", ") + sub->get_name();
  }
  fmt::print(stderr, "mazeworks: unknown command '{}'; commands: {}\n", argv[1], known);
  return false;
}

int report_errors(const std::function<int()>& command) {
  try {
    return command();
  } catch (const mw::Error& e) {
    fmt::print(stderr, "mazeworks: {}\n", e.what());
  } catch (const std::exception& e) {
    fmt::print(stderr, "mazeworks: internal error: {}\n", e.what());
  }
  return kFailure;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Mazeworks: maze-exploration tabletop games, their engine and computer players"};
  app.require_subcommand(1);

  GamesArgs games_args;
  AgentsArgs agents_args;
  PlayArgs play_args;
  SelfplayArgs selfplay_args;
  TournamentArgs tournament_args;
  AnalyzeArgs analyze_args;
  ReplayArgs replay_args;
  std::uint64_t play_seed = 0;
  int replay_seat = 0;
  auto* games = add_games(app, games_args);
  auto* agents = add_agents(app, agents_args);
  auto* play = add_play(app, play_args, play_seed);
  auto* selfplay = add_selfplay(app, selfplay_args);
  auto* tournament = add_tournament(app, tournament_args);
  auto* analyze = add_analyze(app, analyze_args);
  auto* replay = add_replay(app, replay_args, replay_seat);
  auto* engine =
      app.add_subcommand("engine", "answer JSON-lines requests on stdin (docs/protocol.md)");
#ifdef MAZEWORKS_HAVE_SERVER
  ServeArgs serve_args;
  LoadtestArgs loadtest_args;
  auto* serve = add_serve(app, serve_args);
  auto* loadtest = add_loadtest(app, loadtest_args);
#endif

  if (!check_command_name(app, argc, argv)) return kFailure;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    // Every error reads "mazeworks: ..." (docs/cli.md), CLI11's own included.
    fmt::print(stderr, "mazeworks: {}\nRun with --help for more information.\n", e.what());
    return kFailure;
  }
  if (play->count("--seed") > 0) play_args.seed = play_seed;
  if (replay->count("--seat") > 0) replay_args.seat = replay_seat;

  return report_errors([&] {
    if (games->parsed()) return mw::cli::run_games(games_args);
    if (agents->parsed()) return mw::cli::run_agents(agents_args);
    if (play->parsed()) return mw::cli::run_play(play_args);
    if (selfplay->parsed()) return mw::cli::run_selfplay(selfplay_args);
    if (tournament->parsed()) return mw::cli::run_tournament(tournament_args);
    if (analyze->parsed()) return mw::cli::run_analyze(analyze_args);
    if (replay->parsed()) return mw::cli::run_replay(replay_args);
    if (engine->parsed()) return mw::cli::run_engine(std::cin, std::cout);
#ifdef MAZEWORKS_HAVE_SERVER
    if (serve->parsed()) return mw::cli::run_serve(serve_args);
    if (loadtest->parsed()) return mw::cli::run_loadtest(loadtest_args);
#endif
    return kFailure;
  });
}
