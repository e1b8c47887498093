#include "server/net_server.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <deque>
#include <thread>

#include "core/error.h"
#include "server/api.h"
#include "server/beast_names.h"
#include "server/client_session.h"
#include "server/outbound_queue.h"
#include "server/rate_limit.h"
#include "server/static_files.h"
#include "server/ws_frames.h"

namespace mw::server {
namespace {

using net::awaitable;
using net::use_awaitable;

constexpr auto kHttpTimeout = std::chrono::seconds(30);
constexpr std::size_t kMaxHeaderBytes = 8 * 1024;
constexpr std::size_t kReadChunkBytes = 16 * 1024;
constexpr auto kCloseTimeout = std::chrono::seconds(5);

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

Response json_response(const Request& req, int status, const Json& body) {
  Response res{static_cast<http::status>(status), req.version()};
  res.set(http::field::server, "mazeworks");
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = body.dump(-1, ' ', false, Json::error_handler_t::replace);
  res.prepare_payload();
  return res;
}

// A file of the browser app (static_files.h decides what, with which type and caching).
Response static_response(const Request& req, const std::string& web_root) {
  const std::string_view target(req.target().data(), req.target().size());
  const std::string_view method(req.method_string().data(), req.method_string().size());
  const StaticReply file = static_file(web_root, target, method);
  Response res{static_cast<http::status>(file.status), req.version()};
  res.set(http::field::server, "mazeworks");
  res.set(http::field::content_type, file.content_type);
  res.set("X-Content-Type-Options", "nosniff");
  if (file.status == 405) res.set(http::field::allow, "GET, HEAD");
  if (!file.cache_control.empty()) res.set(http::field::cache_control, file.cache_control);
  res.keep_alive(req.keep_alive());
  res.body() = file.body;
  res.prepare_payload();
  // HEAD: no body, but the length of the one GET would send.
  if (req.method() == http::verb::head) res.content_length(file.content_length);
  return res;
}

// The Authorization header: absent, a bearer token (the scheme name in any case, RFC 9110), or
// something else, which is refused rather than read as no credentials at all.
struct Credentials {
  bool present = false;
  std::optional<std::string> bearer;
};

Credentials credentials(const Request& req) {
  Credentials c;
  const auto it = req.find(http::field::authorization);
  if (it == req.end()) return c;
  c.present = true;
  const std::string_view value(it->value().data(), it->value().size());
  const auto space = value.find(' ');
  if (space == std::string_view::npos) return c;
  std::string scheme(value.substr(0, space));
  for (char& ch : scheme) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  std::string_view token = value.substr(space + 1);
  while (!token.empty() && token.front() == ' ') token.remove_prefix(1);
  if (scheme == "bearer" && !token.empty()) c.bearer = std::string(token);
  return c;
}

// One WebSocket connection after Beast has answered the upgrade: its frames are read and written
// here (ws_frames.h) on the bare socket, which costs a move about 14 µs less CPU than Beast's
// stream (docs/server.md, "WebSocket frames"). A reader feeds the ClientSession; a writer drains
// the queue the service's pushes fill (they may come from a worker thread: they are posted here).
// The writer is a chain of completion handlers rather than a coroutine woken by a timer: a
// message queued while nothing is being written starts its write at once, and each write's
// completion starts the next, so a message costs one write and one completion. One write is in
// flight at a time: control frames (a pong, the keep-alive ping, the close) go before the next
// message, and a close frame is the last thing written.
struct WsConnection : std::enable_shared_from_this<WsConnection> {
  WsConnection(tcp::socket s, std::size_t max_queued_bytes)
      : socket(std::move(s)), queue(max_queued_bytes), idle_timer(socket.get_executor()) {}

  tcp::socket socket;
  OutboundQueue queue;
  std::deque<std::string> control;  // whole control frames, written before the next message
  std::array<std::uint8_t, 10> header{};
  bool writing = false;  // a write is in flight; its completion writes what is queued next
  bool closing = false;  // a close frame is queued or written: nothing is queued after it
  bool closed = false;   // nothing more is written
  bool heard = true;     // the client sent something since the idle timer last looked
  bool pinged = false;   // the keep-alive ping is unanswered
  net::steady_timer idle_timer;

  Subscription::Sink sink() {
    std::weak_ptr<WsConnection> weak = weak_from_this();
    auto executor = socket.get_executor();
    return [weak, executor](const std::string& text, MessageKind kind) {
      net::post(executor, [weak, text, kind] {
        if (auto self = weak.lock()) self->enqueue(text, kind);
      });
    };
  }

  void enqueue(const std::string& text, MessageKind kind) {
    if (closed || closing) return;
    if (!queue.push(text, kind)) {  // a client that does not read: dropped, not buffered
      hang_up();
      return;
    }
    if (!writing) write_next();
  }

  // A control frame; `last`: a close frame, after which nothing is written.
  void send_control(std::string frame, bool last) {
    if (closed || closing) return;
    control.push_back(std::move(frame));
    closing = last;
    if (!writing) write_next();
  }

  void hang_up() {
    closed = true;
    boost::system::error_code ignored;
    socket.close(ignored);
  }

  void write_next() {
    if (!control.empty()) {
      writing = true;
      net::async_write(socket, net::buffer(control.front()),
                       [self = shared_from_this()](const boost::system::error_code& ec,
                                                   std::size_t) { self->control_written(ec); });
      return;
    }
    if (closing || queue.empty()) return;
    writing = true;
    const std::string& text = queue.front();
    const std::size_t n = ws::write_frame_header(header.data(), ws::Opcode::kText, text.size());
    const std::array<net::const_buffer, 2> frame{net::buffer(header.data(), n), net::buffer(text)};
    net::async_write(socket, frame,
                     [self = shared_from_this()](const boost::system::error_code& ec, std::size_t) {
                       self->message_written(ec);
                     });
  }

  // A write ended: false when it failed, and then nothing more is written.
  bool write_ended(const boost::system::error_code& ec) {
    writing = false;
    if (ec) closed = true;
    return !ec;
  }

  void control_written(const boost::system::error_code& ec) {
    if (!write_ended(ec)) return;
    control.pop_front();
    if (closing && control.empty()) {
      // The close frame went last: the server ends its side of the TCP connection (RFC 6455,
      // 7.1.1); the reader takes what the client still sends until it ends its side.
      closed = true;
      boost::system::error_code ignored;
      socket.shutdown(tcp::socket::shutdown_send, ignored);
      return;
    }
    if (!closed) write_next();
  }

  void message_written(const boost::system::error_code& ec) {
    if (!write_ended(ec)) return;
    queue.pop();
    if (!closed) write_next();
  }
};

// Pings a quiet client after half the idle time and closes the connection when the other half
// passes without a byte from it. One timer per connection, re-armed twice per idle time rather
// than at every message.
awaitable<void> watch_idle(std::shared_ptr<WsConnection> conn, std::chrono::milliseconds idle) {
  for (;;) {
    conn->idle_timer.expires_after(idle / 2);
    boost::system::error_code ec;
    co_await conn->idle_timer.async_wait(net::redirect_error(use_awaitable, ec));
    if (ec || conn->closed || conn->closing) co_return;
    if (conn->heard) {
      conn->heard = false;
      conn->pinged = false;
    } else if (!conn->pinged) {
      conn->pinged = true;
      conn->send_control(ws::ping_frame(), false);
    } else {
      conn->hang_up();
      co_return;
    }
  }
}

// What the connection does with one event of its reader; false when reading ends.
bool handle(WsConnection& conn, ClientSession& session, const ws::Event& event) {
  switch (event.kind) {
    case ws::Event::Kind::kText:
      session.on_text(event.payload);
      return true;
    case ws::Event::Kind::kPing:
      conn.send_control(ws::pong_frame(event.payload), false);
      return true;
    case ws::Event::Kind::kPong:
    case ws::Event::Kind::kNeedMore:
      return true;
    case ws::Event::Kind::kClose:  // echoed, as the RFC has it (5.5.1)
    case ws::Event::Kind::kFail:
      conn.send_control(ws::close_frame(event.code), true);
      return false;
  }
  return false;
}

// After a close frame: what the client still sends is read and dropped until it closes its side,
// for at most kCloseTimeout, so that the socket is not closed on unread bytes (which would reset
// the connection and could lose the close frame on its way).
awaitable<void> drain(WsConnection& conn) {
  conn.idle_timer.expires_after(kCloseTimeout);
  conn.idle_timer.async_wait([self = conn.shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->hang_up();
  });
  std::array<char, 4096> scratch;
  for (;;) {
    boost::system::error_code ec;
    co_await conn.socket.async_read_some(net::buffer(scratch),
                                         net::redirect_error(use_awaitable, ec));
    if (ec) break;
  }
  conn.hang_up();
}

// `early`: bytes the client sent after its upgrade request, read with it.
awaitable<void> serve_websocket(MatchService& service, beast::tcp_stream stream, Request req,
                                std::string_view early) {
  websocket::stream<beast::tcp_stream> upgrade(std::move(stream));
  beast::get_lowest_layer(upgrade).expires_after(kHttpTimeout);
  co_await upgrade.async_accept(req, use_awaitable);
  auto conn = std::make_shared<WsConnection>(beast::get_lowest_layer(upgrade).release_socket(),
                                             service.limits().max_queued_bytes);
  ws::FrameReader reader(kMaxClientMessageBytes);
  reader.append(early);
  net::co_spawn(conn->socket.get_executor(), watch_idle(conn, service.limits().websocket_idle),
                net::detached);
  // However the reading ends (an exception included), nothing more is written than a write in
  // flight, and the idle timer lets the connection go.
  struct Ending {
    WsConnection& conn;
    ~Ending() {
      conn.closed = true;
      conn.idle_timer.cancel();
    }
  } ending{*conn};
  {
    ClientSession session(service, conn->sink());
    bool reading = true;
    while (reading) {
      const ws::Event event = reader.next();
      if (event.kind != ws::Event::Kind::kNeedMore) {
        reading = handle(*conn, session, event);
        continue;
      }
      boost::system::error_code ec;
      const std::span<char> room = reader.prepare(kReadChunkBytes);
      const std::size_t got = co_await conn->socket.async_read_some(
          net::buffer(room.data(), room.size()), net::redirect_error(use_awaitable, ec));
      if (ec) break;  // closed, or hung up (idle, or a client that does not read)
      reader.commit(got);
      conn->heard = true;
    }
  }
  if (conn->closing) co_await drain(*conn);
}

// What one connection needs of the server besides the service: the web root and the limits of
// the client's address.
struct ConnectionContext {
  MatchService& service;
  const std::string& web_root;
  KeyedRateLimiter& creations;
  KeyedRateLimiter& joins;
};

awaitable<void> serve_connection(ConnectionContext ctx, tcp::socket socket) {
  MatchService& service = ctx.service;
  boost::system::error_code peer_ec;
  const auto peer = socket.remote_endpoint(peer_ec);
  const ApiClient client{peer_ec ? std::string("unknown") : client_key(peer.address().to_string()),
                         &ctx.creations, &ctx.joins};
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  try {
    for (;;) {
      http::request_parser<http::string_body> parser;
      parser.header_limit(kMaxHeaderBytes);
      parser.body_limit(kMaxBodyBytes);
      stream.expires_after(kHttpTimeout);
      boost::system::error_code ec;
      co_await http::async_read(stream, buffer, parser, net::redirect_error(use_awaitable, ec));
      if (ec == http::error::body_limit || ec == http::error::header_limit) {
        Request dummy;
        auto res = json_response(
            dummy, 413, {{"error", {{"code", "too_large"}, {"message", "request too large"}}}});
        res.keep_alive(false);
        co_await http::async_write(stream, res, net::redirect_error(use_awaitable, ec));
        break;
      }
      if (ec) break;
      Request req = parser.release();
      const std::string_view target(req.target().data(), req.target().size());
      if (websocket::is_upgrade(req) && target.substr(0, target.find('?')) == "/ws") {
        const auto early = buffer.data();
        co_await serve_websocket(
            service, std::move(stream), std::move(req),
            std::string_view(static_cast<const char*>(early.data()), early.size()));
        co_return;
      }
      Response res;
      if (target.substr(0, 5) == "/api/" || target == "/api") {
        const std::string_view method(req.method_string().data(), req.method_string().size());
        const Credentials creds = credentials(req);
        if (creds.present && !creds.bearer) {
          res = json_response(req, 401,
                              {{"error",
                                {{"code", "unauthorized"},
                                 {"message", "Authorization must be \"Bearer <seat token>\""}}}});
          res.set(http::field::www_authenticate, "Bearer");
        } else {
          const ApiReply reply =
              handle_api(service, method, target, req.body(), creds.bearer, client);
          res = json_response(req, reply.status, reply.body);
        }
      } else {
        res = static_response(req, ctx.web_root);
      }
      const bool keep_alive = res.keep_alive();
      co_await http::async_write(stream, res, use_awaitable);
      if (!keep_alive) break;
    }
  } catch (const std::exception&) {
    // A broken connection ends its own coroutine, never the server.
  }
  boost::system::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

// A reply for a client the server cannot take now (over its connection limit), written at once
// on the fresh socket without reading the request.
constexpr std::string_view kBusyReply =
    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\n"
    "Connection: close\r\nContent-Length: 81\r\n\r\n"
    "{\"error\":{\"code\":\"server_full\",\"message\":\"too many connections; try again soon\"}}";

// Raises the open-file limit to its hard limit (each client holds a descriptor) and returns the
// number of connections that leaves room for: the limit less a reserve for the database, the
// listening socket and the spare descriptor.
int raise_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1000;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
  }
  const rlim_t usable = std::min<rlim_t>(limit.rlim_cur, 1'000'000);
  return static_cast<int>(std::max<rlim_t>(16, usable > 128 ? usable - 64 : usable / 2));
}

}  // namespace

struct HttpServer::Impl {
  Impl(MatchService& s, ServerConfig c)
      : service(s),
        config(std::move(c)),
        ioc(std::max(1, config.io_threads)),
        acceptor(ioc),
        creations(s.limits().creations_per_minute),
        joins(s.limits().joins_per_minute),
        max_connections(config.max_connections > 0 ? config.max_connections
                                                   : raise_descriptor_limit()) {
    spare = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  }
  ~Impl() {
    if (spare >= 0) ::close(spare);
  }
  MatchService& service;
  ServerConfig config;
  net::io_context ioc;
  tcp::acceptor acceptor;
  std::vector<std::thread> threads;
  KeyedRateLimiter creations, joins;
  const int max_connections;
  std::atomic<int> connections = 0;
  // A descriptor kept in hand: when the process runs out, it is given up to accept the waiting
  // client and close it at once, instead of leaving it hanging and the accept loop spinning.
  int spare = -1;

  // Out of descriptors: take the first waiting client with the spare descriptor and drop it.
  void shed_one() {
    if (spare < 0) return;
    ::close(spare);
    spare = -1;
    const int fd = ::accept4(acceptor.native_handle(), nullptr, nullptr, SOCK_CLOEXEC);
    if (fd >= 0) {
      [[maybe_unused]] const auto n =
          ::send(fd, kBusyReply.data(), kBusyReply.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      ::close(fd);
    }
    spare = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  }

  awaitable<void> listen() {
    net::steady_timer backoff(ioc);
    for (;;) {
      boost::system::error_code ec;
      // Each connection on its own strand: its reader, writer and pushes never run at once,
      // while different connections run on any of the I/O threads.
      tcp::socket socket = co_await acceptor.async_accept(net::make_strand(ioc),
                                                          net::redirect_error(use_awaitable, ec));
      if (ec == net::error::operation_aborted) co_return;
      if (ec) {
        // Out of descriptors (or another failure that would repeat at once): refuse the waiting
        // client, then wait a moment before accepting again.
        if (ec == boost::system::errc::too_many_files_open ||
            ec == boost::system::errc::too_many_files_open_in_system) {
          shed_one();
        }
        backoff.expires_after(std::chrono::milliseconds(50));
        co_await backoff.async_wait(net::redirect_error(use_awaitable, ec));
        continue;
      }
      if (connections.load() >= max_connections) {
        boost::system::error_code ignored;
        socket.non_blocking(true, ignored);
        socket.send(net::buffer(kBusyReply), 0, ignored);
        socket.close(ignored);
        continue;
      }
      // Small JSON messages: without TCP_NODELAY, Nagle + delayed ACKs add up to 40 ms a move.
      socket.set_option(tcp::no_delay(true), ec);
      auto executor = socket.get_executor();
      ++connections;
      net::co_spawn(executor,
                    counted(serve_connection({service, config.web_root, creations, joins},
                                             std::move(socket))),
                    net::detached);
    }
  }

  awaitable<void> counted(awaitable<void> work) {
    try {
      co_await std::move(work);
    } catch (...) {
    }
    --connections;
  }

  // Per-move clocks run out between messages: look a few times a second (a timed-out seat's
  // random move is at most this late).
  awaitable<void> tick_clocks() {
    net::steady_timer timer(ioc);
    for (int tick = 1;; ++tick) {
      timer.expires_after(std::chrono::milliseconds(100));
      boost::system::error_code ec;
      co_await timer.async_wait(net::redirect_error(use_awaitable, ec));
      if (ec == net::error::operation_aborted) co_return;
      try {
        service.expire_clocks();
        if (tick % 50 == 0) service.sweep();  // every 5 s: idle matches leave memory
      } catch (const std::exception&) {
        // A failure in one round must not stop the clocks; the next round tries again.
      }
    }
  }

  void join() {
    for (auto& t : threads) {
      if (t.joinable()) t.join();
    }
    threads.clear();
  }
};

HttpServer::HttpServer(MatchService& service, ServerConfig config)
    : impl_(std::make_unique<Impl>(service, std::move(config))) {
  try {
    const tcp::endpoint endpoint(net::ip::make_address(impl_->config.address), impl_->config.port);
    impl_->acceptor.open(endpoint.protocol());
    impl_->acceptor.set_option(net::socket_base::reuse_address(true));
    impl_->acceptor.bind(endpoint);
    impl_->acceptor.listen(net::socket_base::max_listen_connections);
  } catch (const boost::system::system_error& e) {
    throw Error(ErrorCode::kIo, "cannot listen on " + impl_->config.address + ":" +
                                    std::to_string(impl_->config.port) + ": " + e.what());
  }
  net::co_spawn(impl_->ioc, impl_->listen(), net::detached);
  net::co_spawn(impl_->ioc, impl_->tick_clocks(), net::detached);
  // The work after each commit (apply, build every observer's message) runs on the I/O threads
  // rather than serially on the commit thread.
  auto& ioc = impl_->ioc;
  impl_->service.set_executor(
      [&ioc](std::function<void()> job) { net::post(ioc, std::move(job)); });
}

HttpServer::~HttpServer() {
  impl_->service.set_executor(nullptr);  // before the io_context goes
  stop();
  impl_->join();
}

unsigned short HttpServer::port() const {
  return impl_->acceptor.local_endpoint().port();
}

void HttpServer::run(bool handle_signals) {
  std::optional<net::signal_set> signals;
  if (handle_signals) {
    signals.emplace(impl_->ioc, SIGINT, SIGTERM);
    signals->async_wait([this](const boost::system::error_code&, int) { stop(); });
  }
  for (int i = 1; i < impl_->config.io_threads; ++i) {
    impl_->threads.emplace_back([this] { impl_->ioc.run(); });
  }
  impl_->ioc.run();
  impl_->join();
}

void HttpServer::start() {
  for (int i = 0; i < std::max(1, impl_->config.io_threads); ++i) {
    impl_->threads.emplace_back([this] { impl_->ioc.run(); });
  }
}

void HttpServer::stop() {
  impl_->ioc.stop();
}

}  // namespace mw::server
