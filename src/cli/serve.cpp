// `mazeworks serve`: the game server (docs/server.md) on one port, its matches in SQLite or
// PostgreSQL (--db).
#include <fmt/format.h>

#include <filesystem>
#include <optional>
#include <thread>

#include "cli/commands.h"
#include "core/error.h"
#include "games/all_games.h"
#include "server/cluster_sync.h"
#include "server/match_service.h"
#include "server/net_server.h"
#include "server/static_files.h"
#include "server/store.h"

namespace mw::cli {
namespace {

// --web-root when given (a missing folder is reported, then the API alone is served); else the app
// built beside this executable (build/mazeworks → web/dist), when there is one.
std::string choose_web_root(const std::string& given) {
  if (!given.empty()) {
    if (std::filesystem::is_directory(given)) return given;
    fmt::print(stderr, "mazeworks serve: web root {} not found; serving the API only\n", given);
    return "";
  }
  std::error_code ec;
  const std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? "" : server::default_web_root(executable);
}

// The address a browser on this machine opens: a wildcard bind is reached through localhost.
std::string browsable_host(const std::string& address) {
  if (address == "0.0.0.0" || address == "::" || address.empty()) return "localhost";
  if (address.find(':') != std::string::npos) return "[" + address + "]";
  return address;
}

}  // namespace

int run_serve(const ServeArgs& args) {
  const std::unique_ptr<server::Store> store =
      server::open_store(args.db, {.full_sync = args.full_sync, .sole_owner = true});
  const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int threads = args.agent_threads > 0 ? args.agent_threads : std::max(1, hardware - 1);
  // Half the hardware threads: the other half is the commit thread's and the computer seats'; and
  // a loop serving more connections reads more moves a round, which it commits together
  // (docs/server.md, "The I/O loops").
  const int io_threads = args.io_threads > 0 ? args.io_threads : std::max(1, hardware / 2);
  server::ServerLimits limits = args.limits;
  limits.idle_eviction = std::chrono::minutes(args.idle_minutes);
  limits.commit_window = std::chrono::microseconds(args.commit_window_us);
  server::MatchService service(builtin_games(), *store, threads, !args.no_group_commit, limits);
  // Several instances may share a PostgreSQL database: this one hears the others' commits from
  // before it loads anything, so nothing committed meanwhile is missed.
  std::optional<server::ClusterSync> cluster;
  if (store->shared()) cluster.emplace(service, args.db);
  const std::size_t restored = service.restore();
  const std::string web_root = choose_web_root(args.web_root);
  server::HttpServer http(service,
                          {args.address, args.port, web_root, io_threads, args.max_connections});
  // Tools read the port from this first line (the tests, the web e2e harness): keep its shape.
  fmt::print(
      "mazeworks serve: http://{}:{}/ (API under /api/, WebSocket at /ws), database {}, "
      "{} match(es) restored, {} I/O and {} agent thread(s){}\n",
      args.address, http.port(), store->describe(), restored, io_threads, threads,
      args.no_group_commit ? ", no group commit" : "");
  if (args.address != "127.0.0.1" && args.address != "::1" && args.address != "localhost") {
    fmt::print(
        "mazeworks serve: listening on {}: other machines can reach this server "
        "(docs/server.md, \"Security\")\n",
        args.address);
  }
  if (web_root.empty()) {
    fmt::print("mazeworks serve: no browser app found (build it: cd web && npm run build)\n");
  } else {
    fmt::print("mazeworks serve: the browser app from {}: open http://{}:{}/\n", web_root,
               browsable_host(args.address), http.port());
  }
  std::fflush(stdout);
  http.run(/*handle_signals=*/true);
  fmt::print("mazeworks serve: stopped\n");
  return 0;
}

}  // namespace mw::cli
