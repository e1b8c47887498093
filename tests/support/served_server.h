#pragma once
// A served-server fixture: a match service over a fresh database behind the real HTTP and
// WebSocket server, in this process.
#include <string>
#include <utility>

#include "server/net_server.h"
#include "support/server_fixture.h"

namespace mw::server::test {

// The service served as `mazeworks serve` runs it: group commit, two I/O threads, an ephemeral
// loopback port; `web_root` serves static files when set.
struct Running {
  explicit Running(const std::string& name, std::string web_root = "")
      : fixture(name, 1, false, /*with_group_commit=*/true),
        server(*fixture.service, ServerConfig{"127.0.0.1", 0, std::move(web_root), 2}) {
    server.start();
  }
  unsigned short port() const { return server.port(); }
  Fixture fixture;
  HttpServer server;
};

}  // namespace mw::server::test
