#include "server/ws_loop.h"

#include <fcntl.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <deque>
#include <mutex>
#include <span>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>

#include "core/error.h"
#include "server/outbound_queue.h"
#include "server/ws_frames.h"

namespace mw::server {
namespace {

using Clock = std::chrono::steady_clock;

// A connection is first read 2 KiB at a time (a player's messages are a few hundred bytes), and
// in larger pieces, up to 16 KiB, once a read fills what it was given: a buffer is zero-filled
// as it grows, and 2,000 connections each read into 16 KiB held 32 MB.
constexpr std::size_t kFirstReadBytes = 2 * 1024;
constexpr std::size_t kReadChunkBytes = 16 * 1024;
// Reads of one connection a round: a client that never stops sending cannot hold its loop.
constexpr int kReadsPerRound = 4;
constexpr int kMaxEvents = 256;

}  // namespace

// One WebSocket connection. Its socket, reader, session and the frame being written are its
// loop's alone; its queue of messages is shared with every thread that pushes to it, under
// `mutex`.
struct WsLoops::Connection : std::enable_shared_from_this<Connection> {
  Connection(WsLoops::Loop& owner, int socket, const WsLoopLimits& limits,
             std::function<void()> when_ended)
      : loop(owner),
        fd(socket),
        on_end(std::move(when_ended)),
        reader(limits.max_message_bytes),
        queue(limits.max_queued_bytes) {}

  // The frame being written: a message (its header here, its text left at the front of the queue
  // until the last byte is written) or a whole control frame.
  struct Outgoing {
    enum class Kind { kNone, kMessage, kControl };
    Kind kind = Kind::kNone;
    std::array<std::uint8_t, 10> header{};
    std::size_t header_size = 0;
    std::string control;
    std::string_view payload;  // the message's text, or `control`
    std::size_t sent = 0;
    bool last = false;  // the close frame: nothing is written after it

    std::size_t size() const { return header_size + payload.size(); }
  };

  WsLoops::Loop& loop;
  const int fd;
  std::function<void()> on_end;
  ws::FrameReader reader;
  std::unique_ptr<WsSession> session;

  std::mutex mutex;
  OutboundQueue queue;
  bool accepting = true;      // pushes are queued: false once closing, ended or overflowed
  bool overflowed = false;    // a push found the queue over its bound: the client does not read
  bool flush_posted = false;  // a pushing thread has asked the loop to write

  std::deque<std::string> control;  // whole control frames, written before the next message
  Outgoing out;
  bool closing = false;        // a close frame is queued; what the client still sends is dropped
  bool close_written = false;  // and written: the server's side of the TCP connection is ended
  bool watching_out = false;   // the socket was full: epoll says when it takes more
  bool heard = true;           // the client sent something since the last idle sweep
  bool pinged = false;         // the keep-alive ping is unanswered
  bool doomed = false;         // ends at the end of the loop's round
  bool ended = false;
  std::size_t read_bytes = kFirstReadBytes;  // what the next read asks for
};

namespace {
thread_local const WsLoops::Loop* t_running = nullptr;  // the loop this thread runs, if any
}  // namespace

class WsLoops::Loop {
 public:
  Loop(WsSessionFactory make_session, WsLoopLimits limits, WsRoundHooks round)
      : make_session_(std::move(make_session)), limits_(limits), round_(std::move(round)) {
    epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
    wake_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (epoll_ < 0 || wake_ < 0) throw Error(ErrorCode::kIo, "cannot create an epoll loop");
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.ptr = nullptr;  // the wake-up; every other event is a connection's
    ::epoll_ctl(epoll_, EPOLL_CTL_ADD, wake_, &ev);
    thread_ = std::thread([this] { run(); });
  }

  ~Loop() {
    stop();
    if (thread_.joinable()) thread_.join();
    finish();
    ::close(wake_);
    ::close(epoll_);
  }

  void stop() {
    stopping_ = true;
    wake();
  }

  void post(std::function<void()> job) {
    bool was_empty = false;
    {
      std::lock_guard lock(jobs_mutex_);
      was_empty = jobs_.empty();
      jobs_.push_back(std::move(job));
    }
    if (was_empty) wake();
  }

  void adopt(int fd, std::string early, std::function<void()> on_end) {
    post([this, fd, early = std::move(early), on_end = std::move(on_end)]() mutable {
      add(fd, early, std::move(on_end));
    });
  }

  // A message for `c`, from any thread. On the loop's own thread it is written at once (after
  // what is queued before it); from another, the loop is woken to write it, once for all the
  // messages queued before it gets to them. Messages leave in the order they were pushed.
  static void push(const std::shared_ptr<Connection>& c, const std::string& text,
                   MessageKind kind) {
    const bool here = t_running == &c->loop;
    bool overflowed = false;
    {
      std::lock_guard lock(c->mutex);
      if (!c->accepting) return;
      if (!c->queue.push(text, kind)) {
        c->accepting = false;
        c->overflowed = overflowed = true;
      }
      if (!here) {
        // Posted under the lock: a connection that has ended takes no more (its loop may be
        // gone), and its loop ends it under the same lock.
        if (!c->flush_posted) {
          c->flush_posted = true;
          c->loop.post([c] { c->loop.flush_posted(*c); });
        }
        return;
      }
    }
    if (overflowed) {
      c->loop.doom(*c);
    } else {
      c->loop.write_if_idle(*c);
    }
  }

 private:
  void wake() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto n = ::write(wake_, &one, sizeof one);
  }

  Subscription::Sink sink(const std::shared_ptr<Connection>& c) {
    return [weak = std::weak_ptr<Connection>(c)](const std::string& text, MessageKind kind) {
      if (auto alive = weak.lock()) push(alive, text, kind);
    };
  }

  void add(int fd, std::string_view early, std::function<void()> on_end) {
    auto c = std::make_shared<Connection>(*this, fd, limits_, std::move(on_end));
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.ptr = c.get();
    connections_.emplace(c.get(), c);
    if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &ev) != 0) return doom(*c);
    try {
      c->session = make_session_(sink(c));
    } catch (...) {
      return doom(*c);
    }
    if (early.empty()) return;
    c->reader.append(early);
    process(*c);
  }

  void run() {
    t_running = this;
    std::array<epoll_event, kMaxEvents> events;
    next_sweep_ = Clock::now() + limits_.idle / 2;
    while (!stopping_) {
      const int n = ::epoll_wait(epoll_, events.data(), kMaxEvents, wait_ms());
      begin_round();
      for (int i = 0; i < n; ++i) {
        if (events[i].data.ptr == nullptr) {
          std::uint64_t count = 0;
          [[maybe_unused]] const auto r = ::read(wake_, &count, sizeof count);
          run_jobs();
          continue;
        }
        // Ended connections stay in memory until the end of the round: an event of this batch
        // may still name one.
        Connection& c = *static_cast<Connection*>(events[i].data.ptr);
        if (c.doomed) continue;
        if (events[i].events & EPOLLOUT) write_out(c);
        if (!c.doomed && (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) readable(c);
      }
      end_round();
      const auto now = Clock::now();
      expire_closings(now);
      if (now >= next_sweep_) {
        sweep_idle();
        next_sweep_ = now + limits_.idle / 2;
      }
      bury();
    }
    t_running = nullptr;
  }

  // Until the next idle sweep or close timeout, in whole milliseconds rounded up.
  int wait_ms() const {
    auto next = next_sweep_;
    if (!closings_.empty()) next = std::min(next, closings_.front().first);
    const auto wait = std::chrono::ceil<std::chrono::milliseconds>(next - Clock::now()).count();
    return static_cast<int>(std::clamp<decltype(wait)>(wait, 0, INT_MAX));
  }

  void begin_round() {
    if (round_.begin) round_.begin();
  }

  // The round's end is the service's: what it throws must not stop the loop.
  void end_round() {
    if (!round_.end) return;
    try {
      round_.end();
    } catch (...) {
    }
  }

  void run_jobs() {
    std::vector<std::function<void()>> jobs;
    {
      std::lock_guard lock(jobs_mutex_);
      jobs.swap(jobs_);
    }
    for (auto& job : jobs) {
      try {
        job();
      } catch (...) {
        // The service's work reports its own failures; one that escapes must not stop the loop.
      }
    }
  }

  // After the thread has stopped: the work still posted runs here (a commit's post-commit work
  // applies the move in memory), then every connection ends.
  void finish() {
    t_running = this;
    for (int round = 0; round < 8; ++round) {
      {
        std::lock_guard lock(jobs_mutex_);
        if (jobs_.empty()) break;
      }
      begin_round();
      run_jobs();
      end_round();
    }
    for (const auto& [raw, c] : connections_) doom(*c);
    bury();
    t_running = nullptr;
  }

  void readable(Connection& c) {
    for (int round = 0; round < kReadsPerRound && !c.doomed; ++round) {
      std::array<char, 4096> dropped;
      const std::span<char> room =
          c.closing ? std::span<char>(dropped) : c.reader.prepare(c.read_bytes);
      const ssize_t got = ::recv(c.fd, room.data(), room.size(), 0);
      if (got > 0) {
        c.heard = true;
        if (!c.closing) {
          c.reader.commit(static_cast<std::size_t>(got));
          process(c);
        }
        if (static_cast<std::size_t>(got) < room.size()) return;  // most likely all there was
        c.read_bytes = std::min(2 * c.read_bytes, kReadChunkBytes);
        continue;
      }
      if (got < 0 && errno == EINTR) continue;
      if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      // The client ended its side (after a close frame, as it should) or the connection broke.
      return doom(c);
    }
  }

  // The events of the bytes read so far.
  void process(Connection& c) {
    while (!c.closing && !c.doomed) {
      const ws::Event event = c.reader.next();
      switch (event.kind) {
        case ws::Event::Kind::kNeedMore:
          write_if_idle(c);  // the pongs of this read, if any
          return;
        case ws::Event::Kind::kText:
          try {
            c.session->on_text(event.payload);
          } catch (...) {  // a session reports a bad message itself: this is a broken one
            return doom(c);
          }
          break;
        case ws::Event::Kind::kPing:
          queue_control(c, ws::pong_frame(event.payload), false);
          break;
        case ws::Event::Kind::kPong:
          break;
        case ws::Event::Kind::kClose:  // echoed, as the RFC has it (5.5.1)
        case ws::Event::Kind::kFail:
          return begin_close(c, event.code);
      }
    }
  }

  void queue_control(Connection& c, std::string frame, bool last) {
    if (c.closing) return;
    c.control.push_back(std::move(frame));
    if (!last) return;
    c.closing = true;
    std::lock_guard lock(c.mutex);
    c.accepting = false;
  }

  // The close frame goes out last; the session ends now (nothing the client sends is read), the
  // socket when the client ends its side or the close timeout passes.
  void begin_close(Connection& c, ws::CloseCode code) {
    queue_control(c, ws::close_frame(code), true);
    closings_.emplace_back(Clock::now() + limits_.close_timeout, c.weak_from_this());
    c.session.reset();
    write_if_idle(c);
  }

  void write_if_idle(Connection& c) {
    if (!c.watching_out && !c.doomed) write_out(c);
  }

  void flush_posted(Connection& c) {
    bool overflowed = false;
    {
      std::lock_guard lock(c.mutex);
      c.flush_posted = false;
      overflowed = c.overflowed;
    }
    if (overflowed) return doom(c);
    write_if_idle(c);
  }

  // Writes until everything queued is written or the socket is full.
  void write_out(Connection& c) {
    for (;;) {
      if (c.out.kind == Connection::Outgoing::Kind::kNone && !next_frame(c)) break;
      std::array<iovec, 2> parts{};
      std::size_t count = 0;
      std::size_t skip = c.out.sent;
      if (skip < c.out.header_size) {
        parts[count++] = {c.out.header.data() + skip, c.out.header_size - skip};
        skip = 0;
      } else {
        skip -= c.out.header_size;
      }
      parts[count++] = {const_cast<char*>(c.out.payload.data()) + skip,
                        c.out.payload.size() - skip};
      msghdr msg{};
      msg.msg_iov = parts.data();
      msg.msg_iovlen = count;
      const ssize_t sent = ::sendmsg(c.fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (sent < 0) {
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return watch_out(c, true);
        return doom(c);
      }
      c.out.sent += static_cast<std::size_t>(sent);
      if (c.out.sent == c.out.size()) frame_written(c);
    }
    watch_out(c, false);
  }

  // Control frames go before the next message; nothing goes after the close frame.
  bool next_frame(Connection& c) {
    if (c.close_written) return false;
    Connection::Outgoing& out = c.out;
    if (!c.control.empty()) {
      out.kind = Connection::Outgoing::Kind::kControl;
      out.control = std::move(c.control.front());
      c.control.pop_front();
      out.header_size = 0;
      out.payload = out.control;
      out.sent = 0;
      out.last = c.closing && c.control.empty();
      return true;
    }
    if (c.closing) return false;
    std::lock_guard lock(c.mutex);
    if (c.queue.empty()) return false;
    const std::string& text = c.queue.front();  // stays where it is until popped
    out.kind = Connection::Outgoing::Kind::kMessage;
    out.header_size = ws::write_frame_header(out.header.data(), ws::Opcode::kText, text.size());
    out.payload = text;
    out.sent = 0;
    out.last = false;
    return true;
  }

  void frame_written(Connection& c) {
    if (c.out.kind == Connection::Outgoing::Kind::kMessage) {
      std::lock_guard lock(c.mutex);
      c.queue.pop();
    }
    if (c.out.last) {
      // The server ends its side of the TCP connection (RFC 6455, 7.1.1) and reads what the
      // client still sends until it ends its own, so that the close frame is not lost to a reset.
      c.close_written = true;
      ::shutdown(c.fd, SHUT_WR);
    }
    c.out = Connection::Outgoing{};
  }

  void watch_out(Connection& c, bool on) {
    if (c.watching_out == on || c.doomed) return;
    c.watching_out = on;
    epoll_event ev{};
    ev.events = EPOLLIN | (on ? EPOLLOUT : 0u);
    ev.data.ptr = &c;
    ::epoll_ctl(epoll_, EPOLL_CTL_MOD, c.fd, &ev);
  }

  // A connection silent for half the idle time is pinged; silent for another half, it ends.
  void sweep_idle() {
    for (const auto& [raw, c] : connections_) {
      if (c->closing || c->doomed) continue;
      if (c->heard) {
        c->heard = false;
        c->pinged = false;
      } else if (!c->pinged) {
        c->pinged = true;
        queue_control(*c, ws::ping_frame(), false);
        write_if_idle(*c);
      } else {
        doom(*c);
      }
    }
  }

  void expire_closings(Clock::time_point now) {
    while (!closings_.empty() && closings_.front().first <= now) {
      if (auto c = closings_.front().second.lock()) doom(*c);
      closings_.pop_front();
    }
  }

  void doom(Connection& c) {
    if (c.doomed) return;
    c.doomed = true;
    doomed_.push_back(c.shared_from_this());
  }

  // Ends the connections doomed this round: ending one (its session detaching) may doom others.
  void bury() {
    while (!doomed_.empty()) {
      std::vector<std::shared_ptr<Connection>> ending;
      ending.swap(doomed_);
      for (const auto& c : ending) end(*c);
    }
  }

  void end(Connection& c) {
    if (c.ended) return;
    c.ended = true;
    {
      std::lock_guard lock(c.mutex);
      c.accepting = false;
    }
    ::epoll_ctl(epoll_, EPOLL_CTL_DEL, c.fd, nullptr);
    ::close(c.fd);
    c.session.reset();
    connections_.erase(&c);
    if (c.on_end) std::exchange(c.on_end, nullptr)();
  }

  const WsSessionFactory make_session_;
  const WsLoopLimits limits_;
  const WsRoundHooks round_;
  int epoll_ = -1;
  int wake_ = -1;
  std::atomic<bool> stopping_ = false;
  std::mutex jobs_mutex_;
  std::vector<std::function<void()>> jobs_;
  std::unordered_map<const Connection*, std::shared_ptr<Connection>> connections_;
  std::vector<std::shared_ptr<Connection>> doomed_;
  // Close timeouts, in the order they pass (they are all the same length).
  std::deque<std::pair<Clock::time_point, std::weak_ptr<Connection>>> closings_;
  Clock::time_point next_sweep_;
  std::thread thread_;
};

WsLoops::WsLoops(WsSessionFactory make_session, int threads, WsLoopLimits limits,
                 WsRoundHooks round) {
  for (int i = 0; i < std::max(1, threads); ++i) {
    loops_.push_back(std::make_unique<Loop>(make_session, limits, round));
  }
}

WsLoops::~WsLoops() {
  stop();
  loops_.clear();
}

void WsLoops::adopt(int fd, std::string early, std::function<void()> on_end,
                    std::string_view placement) {
  const std::size_t turn = placement.empty()
                               ? next_connection_.fetch_add(1, std::memory_order_relaxed)
                               : std::hash<std::string_view>{}(placement);
  loops_[turn % loops_.size()]->adopt(fd, std::move(early), std::move(on_end));
}

void WsLoops::post(std::function<void()> job) {
  const unsigned turn = next_job_.fetch_add(1, std::memory_order_relaxed);
  loops_[turn % loops_.size()]->post(std::move(job));
}

void WsLoops::stop() {
  for (auto& loop : loops_) loop->stop();
}

}  // namespace mw::server
