#pragma once
// The server's WebSocket connections once Beast has answered their upgrade (net_server.cpp hands
// each socket over): a few threads, each an epoll loop of its own that owns the connections given
// to it. A loop reads its sockets, turns the bytes into frames (ws_frames.h) and the messages into
// calls of each connection's session (a ClientSession in the server), and writes what is pushed to
// the connection with one sendmsg a message. The loops also run the service's post-commit work, so
// a push to a connection of the loop doing that work is written at once, without a hand-over
// between threads; a push from any other thread is queued on the connection and its loop woken
// (docs/server.md, "The I/O loops").
//
// What a connection does besides its messages: a ping is answered with a pong; a client silent for
// half the idle time is pinged, and closed when the other half passes without a byte from it; a
// close frame (the client's, echoed, or the server's own when a frame breaks the RFC) is the last
// thing written, after which the server ends its side of the TCP connection and reads what still
// comes for at most `close_timeout` before it closes the socket. A client whose unwritten messages
// exceed `max_queued_bytes` does not read: it is dropped, not buffered (OutboundQueue).
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/match_service.h"

namespace mw::server {

struct WsLoopLimits {
  std::size_t max_message_bytes = 16 * 1024;  // from the client, whole or in fragments
  std::size_t max_queued_bytes = 1 << 20;
  std::chrono::milliseconds idle{300'000};
  std::chrono::milliseconds close_timeout{5'000};
};

// What one connection's messages go to. Made on the connection's loop, with the sink that pushes
// to the connection (callable from any thread, for as long as anyone holds it); destroyed when the
// connection stops reading (a close frame, an error, the end).
class WsSession {
 public:
  virtual ~WsSession() = default;
  virtual void on_text(std::string_view text) = 0;
};
using WsSessionFactory = std::function<std::unique_ptr<WsSession>(Subscription::Sink send)>;

// What a loop tells besides messages, on its own thread: it begins handling what one wait brought
// (its events and posted jobs), and it has handled it, before it waits again (the server commits
// the moves read in a round together: MatchService::begin_round).
struct WsRoundHooks {
  std::function<void()> begin;
  std::function<void()> end;
};

class WsLoops {
 public:
  // Starts `threads` loops (at least one).
  WsLoops(WsSessionFactory make_session, int threads, WsLoopLimits limits, WsRoundHooks round = {});
  // Stops the loops, runs the work still posted to them, then closes every connection.
  ~WsLoops();
  WsLoops(const WsLoops&) = delete;
  WsLoops& operator=(const WsLoops&) = delete;

  // Takes the connected socket `fd`, whose upgrade was answered, with `early`: the bytes the
  // client sent after its upgrade request. `on_end` runs once, when the connection has ended.
  // `placement`: connections adopted with the same non-empty key go to the same loop (the match
  // a client names in its URL: a move's pushes to the other seats are then written by the loop
  // that read it, with no hand-over between threads); with none, the loops take turns.
  void adopt(int fd, std::string early, std::function<void()> on_end,
             std::string_view placement = {});
  // Runs `job` on one of the loops (in turn).
  void post(std::function<void()> job);
  // The loops stop taking events; connections stay open until the destructor.
  void stop();

  // Defined in ws_loop.cpp.
  class Loop;
  struct Connection;

 private:
  std::vector<std::unique_ptr<Loop>> loops_;
  std::atomic<unsigned> next_job_ = 0;
  std::atomic<unsigned> next_connection_ = 0;
};

}  // namespace mw::server
