#include "server/net_server.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <thread>

#include "core/error.h"
#include "server/api.h"
#include "server/beast_names.h"
#include "server/client_session.h"
#include "server/rate_limit.h"
#include "server/static_files.h"
#include "server/ws_loop.h"

namespace mw::server {

std::string_view placement_hint(std::string_view target) {
  const std::size_t query = target.find('?');
  if (query == std::string_view::npos) return {};
  std::string_view rest = target.substr(query + 1);
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    if (!pair.starts_with("match=")) continue;
    const std::string_view id = pair.substr(6);
    const bool looks_like_an_id =
        !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
        });
    return looks_like_an_id ? id : std::string_view();
  }
  return {};
}

namespace {

using net::awaitable;
using net::use_awaitable;

constexpr auto kHttpTimeout = std::chrono::seconds(30);
constexpr std::size_t kMaxHeaderBytes = 8 * 1024;

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

// The upgrade is answered here with Beast; the connection then belongs to one of the I/O loops
// (ws_loop.h), which read and write its frames on the bare socket: the loop of the match its URL
// names (`/ws?match=ID`, a hint only: the hello says which match the connection plays, and may say
// another), or the next in turn. `early`: bytes the client sent after its upgrade request.
awaitable<void> hand_over_websocket(WsLoops& loops, beast::tcp_stream stream, Request req,
                                    std::string early, std::function<void()> on_end) {
  const std::string placement(
      placement_hint(std::string_view(req.target().data(), req.target().size())));
  websocket::stream<beast::tcp_stream> upgrade(std::move(stream));
  beast::get_lowest_layer(upgrade).expires_after(kHttpTimeout);
  co_await upgrade.async_accept(req, use_awaitable);
  tcp::socket socket = beast::get_lowest_layer(upgrade).release_socket();
  loops.adopt(socket.release(), std::move(early), std::move(on_end), placement);
}

// What one connection needs of the server besides the service: the web root, the limits of the
// client's address, the loops a WebSocket goes to and the count of open connections.
struct ConnectionContext {
  MatchService& service;
  const std::string& web_root;
  KeyedRateLimiter& creations;
  KeyedRateLimiter& joins;
  WsLoops& loops;
  std::atomic<int>& connections;
};

// True when the connection became a WebSocket and went to the loops (which count it down when it
// ends); false when it ended here.
awaitable<bool> serve_connection(ConnectionContext ctx, tcp::socket socket) {
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
        co_await hand_over_websocket(
            ctx.loops, std::move(stream), std::move(req),
            std::string(static_cast<const char*>(early.data()), early.size()),
            [&count = ctx.connections] { --count; });
        co_return true;
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
  co_return false;
}

// Each WebSocket connection's messages go to a ClientSession of the service.
WsSessionFactory served_sessions(MatchService& service) {
  struct Served : WsSession {
    Served(MatchService& service, Subscription::Sink send) : session(service, std::move(send)) {}
    void on_text(std::string_view text) override { session.on_text(text); }
    ClientSession session;
  };
  return [&service](Subscription::Sink send) {
    return std::make_unique<Served>(service, std::move(send));
  };
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
                                                   : raise_descriptor_limit()),
        loops(served_sessions(s), std::max(1, config.io_threads),
              WsLoopLimits{.max_message_bytes = kMaxClientMessageBytes,
                           .max_queued_bytes = s.limits().max_queued_bytes,
                           .idle = s.limits().websocket_idle},
              WsRoundHooks{.begin = [&s] { s.begin_round(); }, .end = [&s] { s.end_round(); }}) {
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
  // The WebSocket connections, after their upgrade; declared after what their ends count down.
  WsLoops loops;
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
      net::co_spawn(
          executor,
          counted(serve_connection({service, config.web_root, creations, joins, loops, connections},
                                   std::move(socket))),
          net::detached);
    }
  }

  awaitable<void> counted(awaitable<bool> work) {
    bool handed_over = false;
    try {
      handed_over = co_await std::move(work);
    } catch (...) {
    }
    if (!handed_over) --connections;
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
  // The work after each commit (apply, build every observer's message) runs on the WebSocket
  // loops rather than serially on the commit thread: a push to a connection of the loop doing it
  // is written at once.
  auto& loops = impl_->loops;
  impl_->service.set_executor([&loops](std::function<void()> job) { loops.post(std::move(job)); });
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
  impl_->loops.stop();
}

}  // namespace mw::server
