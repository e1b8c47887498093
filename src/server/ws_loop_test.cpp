// The WebSocket loops on their own, over socket pairs: a test session stands for the service, so
// that messages can be pushed from any thread at any moment and what reaches the client checked
// byte for byte.
#include "server/ws_loop.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <iterator>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "support/ws_frame_bytes.h"

namespace mw::server {
namespace {

using namespace std::chrono_literals;
using ws::Opcode;
using ws::test::client_frame;

// What the sessions of one test saw, and the sink of the last one made.
struct Sessions {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> texts;
  Subscription::Sink sink;
  int made = 0;
  int destroyed = 0;
  int ended = 0;  // connections whose on_end ran

  // Waits (at most 10 s) until `done` holds, under the lock.
  template <class Done>
  bool wait_for(Done done) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, 10s, [&] { return done(); });
  }
  void note(const std::function<void()>& change) {
    {
      std::lock_guard lock(mutex);
      change();
    }
    changed.notify_all();
  }
};

// Records every message; answers one that starts with "echo:" with the same text.
class RecordingSession : public WsSession {
 public:
  RecordingSession(Sessions& sessions, Subscription::Sink send)
      : sessions_(sessions), send_(std::move(send)) {
    sessions_.note([&] {
      ++sessions_.made;
      sessions_.sink = send_;
    });
  }
  ~RecordingSession() override {
    sessions_.note([&] { ++sessions_.destroyed; });
  }
  void on_text(std::string_view text) override {
    sessions_.note([&] { sessions_.texts.emplace_back(text); });
    if (text.starts_with("echo:")) send_(std::string(text), MessageKind::kReply);
  }

 private:
  Sessions& sessions_;
  Subscription::Sink send_;
};

WsSessionFactory recording(Sessions& sessions) {
  return [&sessions](Subscription::Sink send) {
    return std::make_unique<RecordingSession>(sessions, std::move(send));
  };
}

struct Frame {
  ws::Event::Kind kind;
  std::string payload;
  ws::CloseCode code;
};

// The client's end of a socket pair: it writes frames as a browser does and reads the server's.
class Peer {
 public:
  Peer() {
    int fds[2];
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds), 0);
    fd_ = fds[0];
    server_fd = fds[1];
    timeval timeout{10, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  }
  ~Peer() { ::close(fd_); }
  Peer(const Peer&) = delete;
  Peer& operator=(const Peer&) = delete;

  int server_fd = -1;  // given to the loops, which close it

  void send(const std::string& bytes) {
    ASSERT_EQ(::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL),
              static_cast<ssize_t>(bytes.size()));
  }
  void send_text(const std::string& text) { send(client_frame(Opcode::kText, text, true, 0x1234)); }
  void end_sending() { ::shutdown(fd_, SHUT_WR); }

  // The next frame from the server, or nullopt when it ended its side (or was silent for 10 s).
  // `chunk`: bytes read at a time, to read as slowly as a test wants.
  std::optional<Frame> next(std::size_t chunk = 64 * 1024) {
    for (;;) {
      const ws::Event e = reader_.next();
      if (e.kind != ws::Event::Kind::kNeedMore) {
        return Frame{e.kind, std::string(e.payload), e.code};
      }
      const std::span<char> room = reader_.prepare(chunk);
      const ssize_t got = ::recv(fd_, room.data(), std::min(chunk, room.size()), 0);
      if (got <= 0) return std::nullopt;
      reader_.commit(static_cast<std::size_t>(got));
    }
  }

 private:
  int fd_ = -1;
  ws::FrameReader reader_{std::size_t{1} << 26, ws::Role::kClient};
};

WsLoopLimits limits() {
  return {.max_message_bytes = 16 * 1024, .max_queued_bytes = 1 << 20, .idle = 60s};
}

void adopt(WsLoops& loops, Peer& peer, Sessions& sessions, std::string early = "") {
  loops.adopt(peer.server_fd, std::move(early),
              [&sessions] { sessions.note([&] { ++sessions.ended; }); });
}

// Connections adopted with one placement key are all served by one loop (the thread that reads
// their messages); without a key the loops take turns, so four connections use all four.
TEST(WsLoop, ConnectionsWithOnePlacementAreServedByOneLoop) {
  for (const std::string placement : {"0123456789abcdef", ""}) {
    std::mutex mutex;
    std::set<std::thread::id> threads;
    const WsSessionFactory thread_noting = [&](Subscription::Sink send) {
      struct Noting : WsSession {
        std::function<void()> noted;
        Subscription::Sink send;
        void on_text(std::string_view text) override {
          noted();
          send(std::string(text), MessageKind::kReply);
        }
      };
      auto session = std::make_unique<Noting>();
      session->noted = [&] {
        std::lock_guard lock(mutex);
        threads.insert(std::this_thread::get_id());
      };
      session->send = std::move(send);
      return session;
    };
    WsLoops loops(thread_noting, 4, limits());
    std::vector<std::unique_ptr<Peer>> peers;
    for (int i = 0; i < 4; ++i) {
      peers.push_back(std::make_unique<Peer>());
      loops.adopt(
          peers.back()->server_fd, "", [] {}, placement);
      peers.back()->send_text("hello");
      ASSERT_TRUE(peers.back()->next()) << i;  // answered: its loop has noted its thread
    }
    std::lock_guard lock(mutex);
    EXPECT_EQ(threads.size(), placement.empty() ? 4u : 1u) << "placement '" << placement << "'";
  }
}

// What one wait brings is handled inside one round on the loop's thread: the messages of two frames
// that arrive together come between one begin and one end (the server commits their moves at the
// end together, MatchService::begin_round).
TEST(WsLoop, TheMessagesOfOneWaitAreHandledInsideOneRound) {
  Sessions sessions;
  std::vector<std::string> seen;  // "begin", "end" and the texts, under sessions.mutex
  const auto note = [&](std::string what) {
    sessions.note([&] { seen.push_back(std::move(what)); });
  };
  const WsSessionFactory noting = [&](Subscription::Sink) {
    struct Noting : WsSession {
      std::function<void(std::string)> note;
      void on_text(std::string_view text) override { note(std::string(text)); }
    };
    auto session = std::make_unique<Noting>();
    session->note = note;
    return session;
  };
  Peer peer;
  {
    WsLoops loops(noting, 1, limits(),
                  WsRoundHooks{.begin = [&] { note("begin"); }, .end = [&] { note("end"); }});
    adopt(loops, peer, sessions);
    peer.send(client_frame(Opcode::kText, "one", true, 1) +
              client_frame(Opcode::kText, "two", true, 2));
    ASSERT_TRUE(sessions.wait_for([&] {
      const auto two = std::find(seen.begin(), seen.end(), "two");
      return two != seen.end() && std::next(two) != seen.end();
    }));
  }
  std::lock_guard lock(sessions.mutex);
  const auto one = std::find(seen.begin(), seen.end(), "one");
  ASSERT_NE(one, seen.end());
  ASSERT_NE(one, seen.begin());
  EXPECT_EQ(*std::prev(one), "begin");
  ASSERT_GE(std::distance(one, seen.end()), 3);
  EXPECT_EQ(*std::next(one), "two");
  EXPECT_EQ(*std::next(one, 2), "end");
  // Rounds do not nest and each one ends.
  int open = 0;
  for (const std::string& what : seen) {
    if (what == "begin") {
      EXPECT_EQ(open++, 0);
    } else if (what == "end") {
      EXPECT_EQ(--open, 0);
    }
  }
  EXPECT_EQ(open, 0);
}

TEST(WsLoop, ReadsTheBytesSentWithTheHandOverAndAnswersInOrder) {
  Sessions sessions;
  Peer peer;
  {
    WsLoops loops(recording(sessions), 1, limits());
    adopt(loops, peer, sessions, client_frame(Opcode::kText, "echo:1", true, 7));
    peer.send_text("echo:2");
    for (const char* expected : {"echo:1", "echo:2"}) {
      const auto frame = peer.next();
      ASSERT_TRUE(frame);
      EXPECT_EQ(frame->kind, ws::Event::Kind::kText);
      EXPECT_EQ(frame->payload, expected);
    }
  }
  EXPECT_EQ(sessions.made, 1);
  EXPECT_EQ(sessions.destroyed, 1);
  EXPECT_EQ(sessions.ended, 1);
  EXPECT_FALSE(peer.next()) << "the loops' end closes the socket";
}

// A connection is read 2 KiB at a time at first: messages of several reads' size, sent whole or
// a few bytes at a time, arrive whole and in order, and a message just under the bound still fits.
TEST(WsLoop, MessagesLongerThanTheFirstReadArriveWhole) {
  Sessions sessions;
  Peer peer;
  const std::string long_text = "echo:" + std::string(6000, 'a');
  const std::string near_bound = "echo:" + std::string(16 * 1024 - 5, 'b');
  {
    WsLoops loops(recording(sessions), 1, limits());
    adopt(loops, peer, sessions, client_frame(Opcode::kText, long_text, true, 7));
    const std::string framed = client_frame(Opcode::kText, near_bound, true, 9);
    for (std::size_t at = 0; at < framed.size(); at += 1500) peer.send(framed.substr(at, 1500));
    peer.send_text("echo:after");
    for (const std::string& expected : {long_text, near_bound, std::string("echo:after")}) {
      const auto frame = peer.next();
      ASSERT_TRUE(frame);
      EXPECT_EQ(frame->kind, ws::Event::Kind::kText);
      EXPECT_EQ(frame->payload, expected);
    }
  }
  EXPECT_EQ(sessions.ended, 1);
}

// The service pushes under each match's lock, from the commit thread, the loops' own work and
// the client's own messages at once: what the client reads is the order of the pushes.
TEST(WsLoop, MessagesPushedFromEveryThreadLeaveInTheOrderTheyWerePushed) {
  Sessions sessions;
  Peer peer;
  WsLoops loops(recording(sessions), 2, limits());
  adopt(loops, peer, sessions);
  ASSERT_TRUE(sessions.wait_for([&] { return sessions.made == 1; }));
  const Subscription::Sink sink = sessions.sink;

  std::mutex match;  // as a match's lock: pushes are ordered by it
  std::vector<std::string> pushed;
  const auto push = [&](const std::string& text) {
    std::lock_guard lock(match);
    pushed.push_back(text);
    sink(text, MessageKind::kState);
  };
  constexpr int kEach = 1500;
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {  // foreign threads, as the commit thread
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i)
        push("thread " + std::to_string(t) + " #" + std::to_string(i));
    });
  }
  threads.emplace_back([&] {  // work posted to the loops: half runs on the connection's own loop
    for (int i = 0; i < kEach; ++i) {
      loops.post([&, i] { push("job #" + std::to_string(i)); });
    }
  });
  for (auto& t : threads) t.join();

  std::vector<std::string> read;
  while (read.size() < 3 * kEach) {
    const auto frame = peer.next();
    ASSERT_TRUE(frame) << "after " << read.size() << " messages";
    ASSERT_EQ(frame->kind, ws::Event::Kind::kText);
    read.push_back(frame->payload);
  }
  std::lock_guard lock(match);
  EXPECT_EQ(read, pushed);
}

TEST(WsLoop, ALargeMessageGoesWholeToASlowReaderAndAPongWaitsBehindIt) {
  Sessions sessions;
  Peer peer;
  WsLoopLimits bounds = limits();
  bounds.max_queued_bytes = 8 << 20;
  WsLoops loops(recording(sessions), 1, bounds);
  adopt(loops, peer, sessions);
  ASSERT_TRUE(sessions.wait_for([&] { return sessions.made == 1; }));
  std::string large(3 << 20, 'x');
  for (std::size_t i = 0; i < large.size(); i += 4096) large[i] = static_cast<char>('a' + i % 26);
  sessions.sink(large, MessageKind::kState);
  peer.send(client_frame(Opcode::kPing, "here", true, 9));
  sessions.sink("after", MessageKind::kReply);

  const auto first = peer.next(1000);  // read a little at a time: the server waits for room
  ASSERT_TRUE(first);
  EXPECT_EQ(first->kind, ws::Event::Kind::kText);
  EXPECT_TRUE(first->payload == large) << "the large message arrived changed or cut";
  const auto pong = peer.next();
  ASSERT_TRUE(pong);
  EXPECT_EQ(pong->kind, ws::Event::Kind::kPong);
  EXPECT_EQ(pong->payload, "here");
  const auto after = peer.next();
  ASSERT_TRUE(after);
  EXPECT_EQ(after->payload, "after");
}

TEST(WsLoop, AClientThatDoesNotReadIsDroppedNotBuffered) {
  Sessions sessions;
  Peer peer;
  WsLoopLimits bounds = limits();
  bounds.max_queued_bytes = 256 * 1024;
  WsLoops loops(recording(sessions), 1, bounds);
  adopt(loops, peer, sessions);
  ASSERT_TRUE(sessions.wait_for([&] { return sessions.made == 1; }));
  const std::string message(64 * 1024, 'm');
  constexpr int kPushed = 1000;  // 64 MB: more than the queue's bound and the kernel's buffers
  for (int i = 0; i < kPushed; ++i) sessions.sink(message, MessageKind::kReply);
  EXPECT_TRUE(sessions.wait_for([&] { return sessions.ended == 1 && sessions.destroyed == 1; }));
  int whole = 0;
  while (const auto frame = peer.next()) {
    if (frame->kind == ws::Event::Kind::kText && frame->payload == message) ++whole;
  }
  EXPECT_LT(whole, kPushed) << "the server held everything for a client that read nothing";
  sessions.sink(message, MessageKind::kReply);  // after the end: dropped, harmlessly
}

TEST(WsLoop, EchoesACloseFrameAndEndsTheSocketWhenTheClientEndsItsSide) {
  Sessions sessions;
  Peer peer;
  WsLoops loops(recording(sessions), 1, limits());
  adopt(loops, peer, sessions);
  peer.send(client_frame(Opcode::kClose, std::string("\x03\xE8", 2) + "bye", true, 3));
  peer.send_text("echo:after the close");  // never read
  const auto close = peer.next();
  ASSERT_TRUE(close);
  EXPECT_EQ(close->kind, ws::Event::Kind::kClose);
  EXPECT_EQ(close->code, ws::CloseCode::kNormal);
  EXPECT_FALSE(peer.next()) << "the server ended its side after the close frame";
  EXPECT_TRUE(sessions.wait_for([&] { return sessions.destroyed == 1; }));
  {
    std::lock_guard lock(sessions.mutex);
    EXPECT_EQ(sessions.ended, 0) << "the socket stays until the client ends its side";
    EXPECT_TRUE(sessions.texts.empty());
  }
  peer.end_sending();
  EXPECT_TRUE(sessions.wait_for([&] { return sessions.ended == 1; }));
}

TEST(WsLoop, AfterItsCloseFrameTheServerWaitsForTheClientOnlyUntilTheCloseTimeout) {
  Sessions sessions;
  Peer peer;
  WsLoopLimits bounds = limits();
  bounds.close_timeout = 200ms;
  WsLoops loops(recording(sessions), 1, bounds);
  adopt(loops, peer, sessions);
  peer.send(std::string("\x81\x02hi", 4));  // not masked: the server fails the connection
  const auto close = peer.next();
  ASSERT_TRUE(close);
  EXPECT_EQ(close->kind, ws::Event::Kind::kClose);
  EXPECT_EQ(close->code, ws::CloseCode::kProtocolError);
  EXPECT_TRUE(sessions.wait_for([&] { return sessions.ended == 1; }));
  std::lock_guard lock(sessions.mutex);
  EXPECT_TRUE(sessions.texts.empty()) << "a bad frame never reaches the session";
}

TEST(WsLoop, PingsAQuietClientAndEndsItWhenItStaysQuiet) {
  Sessions sessions;
  Peer quiet;
  Peer answering;
  WsLoopLimits bounds = limits();
  bounds.idle = 600ms;
  WsLoops loops(recording(sessions), 1, bounds);
  adopt(loops, quiet, sessions);
  adopt(loops, answering, sessions);
  for (int i = 0; i < 3; ++i) {  // three pings: well past the idle time
    const auto ping = answering.next();
    ASSERT_TRUE(ping);
    ASSERT_EQ(ping->kind, ws::Event::Kind::kPing);
    answering.send(client_frame(Opcode::kPong, ping->payload, true, 4));
  }
  const auto ping = quiet.next();
  ASSERT_TRUE(ping);
  EXPECT_EQ(ping->kind, ws::Event::Kind::kPing);
  EXPECT_FALSE(quiet.next()) << "unanswered: the connection ends";
  answering.send_text("echo:still here");
  auto frame = answering.next();
  while (frame && frame->kind == ws::Event::Kind::kPing) frame = answering.next();
  ASSERT_TRUE(frame);
  EXPECT_EQ(frame->payload, "echo:still here");
  std::lock_guard lock(sessions.mutex);
  EXPECT_EQ(sessions.ended, 1);
}

TEST(WsLoop, WorkPostedAfterTheLoopsStopStillRunsBeforeTheyGo) {
  Sessions sessions;
  bool ran = false;
  {
    WsLoops loops(recording(sessions), 2, limits());
    loops.stop();
    loops.post([&] { ran = true; });
  }
  EXPECT_TRUE(ran);
}

TEST(WsLoop, ASinkKeptAfterEverythingEndedIsHarmless) {
  Sessions sessions;
  Subscription::Sink kept;
  {
    Peer peer;
    WsLoops loops(recording(sessions), 1, limits());
    adopt(loops, peer, sessions);
    ASSERT_TRUE(sessions.wait_for([&] { return sessions.made == 1; }));
    kept = sessions.sink;
  }
  kept("nobody is there", MessageKind::kReply);
  EXPECT_EQ(sessions.ended, 1);
}

}  // namespace
}  // namespace mw::server
