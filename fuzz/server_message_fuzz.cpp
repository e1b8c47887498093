// What a stranger sends the server: WebSocket messages to a session (one per line) and HTTP
// requests to the API and the static files (the first line a target, the rest a body). Every
// message gets a reply and a path outside the web root is never served.
#include <cstdint>
#include <filesystem>
#include <fstream>

#include "fuzz_support.h"
#include "games/all_games.h"
#include "server/api.h"
#include "server/client_session.h"
#include "server/match_service.h"
#include "server/sqlite_store.h"
#include "server/static_files.h"

namespace {

struct World {
  World() {
    mw::server::ServerLimits limits;
    limits.allow_client_seeds = true;
    service =
        std::make_unique<mw::server::MatchService>(mw::builtin_games(), store, 1, false, limits);
    match = service->create_match({{"game", "treasure-hunt"}, {"seed", 1}})["match"];
    token = service->join(match, {{"seat", 0}})["token"];
    root = std::filesystem::temp_directory_path() / "mazeworks-fuzz-root";
    std::filesystem::create_directories(root / "assets");
    std::ofstream(root / "index.html") << "app";
  }
  mw::server::SqliteStore store{":memory:"};
  std::unique_ptr<mw::server::MatchService> service;
  std::string match, token;
  std::filesystem::path root;
};

World& world() {
  static World w;
  return w;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mw;
  using namespace mw::server;
  if (size == 0) return 0;
  World& w = world();
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  if (data[0] % 2 == 0) {
    int replies = 0;
    {
      ClientSession session(*w.service, [&](const std::string&, MessageKind) { ++replies; });
      std::string_view rest = text;
      for (int n = 0; !rest.empty() && n < 16; ++n) {
        const auto end = rest.find('\n');
        std::string line(rest.substr(0, end));
        // Let some messages reach a real match and seat.
        if (line == "H")
          line = R"({"type":"hello","match":")" + w.match + R"(","token":")" + w.token + R"("})";
        session.on_text(line);
        if (end == std::string_view::npos) break;
        rest.remove_prefix(end + 1);
      }
    }
    w.service->wait_idle();
  } else {
    const auto end = text.find('\n');
    const std::string_view target = text.substr(0, end);
    const std::string_view body = end == std::string_view::npos ? "" : text.substr(end + 1);
    const bool post = size > 1 && data[1] % 2 == 0;
    const ApiReply reply =
        handle_api(*w.service, post ? "POST" : "GET", target, body, std::nullopt);
    if (!reply.body.is_object() && !reply.body.is_array()) fuzz::violated("an API reply", "");
    const auto file = resolve_static_path(w.root.string(), target.substr(0, target.find('?')));
    if (file && file->string().rfind(std::filesystem::canonical(w.root).string(), 0) != 0) {
      fuzz::violated("a static path stays inside the web root", std::string(target));
    }
    w.service->sweep();
  }
  return 0;
}
