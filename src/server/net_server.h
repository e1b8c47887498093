#pragma once
// The network face of the server: HTTP (the JSON API under /api/, static files from a web root)
// and WebSocket (/ws, one ClientSession per connection). Boost.Beast with C++20 coroutines reads
// HTTP and answers the upgrade on `io_threads` Asio threads (each connection on a strand of its
// own); an upgraded connection then belongs to one of `io_threads` WebSocket loops (ws_loop.h),
// which also run the work after each commit (the service's executor). Computer seats think on the
// service's worker pool. Beast stays in net_server.cpp: everything a request means is decided by
// api.h and client_session.h.
#include <memory>
#include <string>
#include <string_view>

#include "server/match_service.h"

namespace mw::server {

struct ServerConfig {
  std::string address = "127.0.0.1";  // this machine only; "0.0.0.0": every interface
  unsigned short port = 8080;         // 0: an ephemeral port (tests), see HttpServer::port()
  std::string web_root;               // static files; empty or missing: none served
  int io_threads = 1;
  // Open connections at most (more are answered 503 and closed); 0: as many as the descriptor
  // limit allows (raised to its hard limit at start), less a reserve.
  int max_connections = 0;
};

// The match a WebSocket URL names for placing the connection ("/ws?match=ID" gives ID): "" when
// it names none, or names something no match id looks like (more than 64 characters, or any but
// letters, digits, '-' and '_'). Only a hint of where to serve the connection (WsLoops::adopt):
// the hello still says which match it plays.
std::string_view placement_hint(std::string_view target);

class HttpServer {
 public:
  // Binds and listens at once (throws Error(kIo) if the port is taken).
  HttpServer(MatchService& service, ServerConfig config);
  ~HttpServer();  // stops and joins the background threads, if any
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  unsigned short port() const;
  // Serves on the calling thread until stop() (or SIGINT/SIGTERM when `handle_signals`).
  void run(bool handle_signals = false);
  // Serves on background threads (tests).
  void start();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mw::server
