// `mazeworks serve`: the game server (docs/server.md) on one port, its matches in SQLite.
#include <fmt/format.h>

#include <filesystem>
#include <thread>

#include "cli/commands.h"
#include "core/error.h"
#include "games/all_games.h"
#include "server/match_service.h"
#include "server/net_server.h"
#include "server/store.h"

namespace mw::cli {

int run_serve(const ServeArgs& args) {
  const std::filesystem::path db(args.db);
  std::error_code ec;
  if (db.has_parent_path()) std::filesystem::create_directories(db.parent_path(), ec);
  if (ec) {
    throw Error(ErrorCode::kIo,
                fmt::format("cannot create {}: {}", db.parent_path().string(), ec.message()));
  }
  server::Store store(args.db, args.full_sync, /*background_checkpoint=*/true);
  const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int threads = args.agent_threads > 0 ? args.agent_threads : std::max(1, hardware - 1);
  const int io_threads = args.io_threads > 0 ? args.io_threads : hardware;
  server::MatchService service(builtin_games(), store, threads, !args.no_group_commit);
  const std::size_t restored = service.restore();
  std::string web_root = args.web_root;
  if (!web_root.empty() && !std::filesystem::is_directory(web_root)) {
    fmt::print(stderr, "mazeworks serve: web root {} not found; serving the API only\n", web_root);
    web_root.clear();
  }
  server::HttpServer http(service, {args.address, args.port, web_root, io_threads});
  fmt::print(
      "mazeworks serve: http://{}:{}/ (API under /api/, WebSocket at /ws), database {}, "
      "{} match(es) restored, {} I/O and {} agent thread(s){}\n",
      args.address, http.port(), args.db, restored, io_threads, threads,
      args.no_group_commit ? ", no group commit" : "");
  std::fflush(stdout);
  http.run(/*handle_signals=*/true);
  fmt::print("mazeworks serve: stopped\n");
  return 0;
}

}  // namespace mw::cli
