#include "server/net_server.h"

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <deque>
#include <thread>

#include "core/error.h"
#include "server/api.h"
#include "server/client_session.h"
#include "server/static_files.h"

namespace mw::server {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using net::awaitable;
using net::use_awaitable;

constexpr auto kHttpTimeout = std::chrono::seconds(30);
constexpr std::size_t kMaxHeaderBytes = 8 * 1024;
// A client that stops reading is dropped rather than buffered without end.
constexpr std::size_t kMaxQueuedMessages = 4096;

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
  const StaticReply file = static_file(web_root, target);
  Response res{static_cast<http::status>(file.status), req.version()};
  res.set(http::field::server, "mazeworks");
  res.set(http::field::content_type, file.content_type);
  if (!file.cache_control.empty()) res.set(http::field::cache_control, file.cache_control);
  res.keep_alive(req.keep_alive());
  res.body() = file.body;
  res.prepare_payload();
  return res;
}

std::optional<std::string> bearer_token(const Request& req) {
  const auto it = req.find(http::field::authorization);
  if (it == req.end()) return std::nullopt;
  const std::string_view value(it->value().data(), it->value().size());
  constexpr std::string_view kPrefix = "Bearer ";
  if (value.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  return std::string(value.substr(kPrefix.size()));
}

// One WebSocket connection: a reader that feeds the ClientSession, and a writer that drains the
// queue the service's pushes fill (they may come from a worker thread: they are posted here).
struct WsConnection : std::enable_shared_from_this<WsConnection> {
  explicit WsConnection(websocket::stream<beast::tcp_stream> s)
      : ws(std::move(s)), signal(ws.get_executor(), std::chrono::steady_clock::time_point::max()) {}

  websocket::stream<beast::tcp_stream> ws;
  net::steady_timer signal;  // cancelled to wake the writer
  std::deque<std::string> queue;
  bool closed = false;

  Subscription::Sink sink() {
    std::weak_ptr<WsConnection> weak = weak_from_this();
    auto executor = ws.get_executor();
    return [weak, executor](const std::string& text) {
      net::post(executor, [weak, text] {
        if (auto self = weak.lock()) self->enqueue(text);
      });
    };
  }

  void enqueue(const std::string& text) {
    if (closed) return;
    if (queue.size() >= kMaxQueuedMessages) {
      closed = true;
      beast::get_lowest_layer(ws).close();
      return;
    }
    queue.push_back(text);
    signal.cancel();
  }

  awaitable<void> write_loop() {
    auto self = shared_from_this();
    while (!closed) {
      if (queue.empty()) {
        boost::system::error_code ec;
        co_await signal.async_wait(net::redirect_error(use_awaitable, ec));
        continue;
      }
      boost::system::error_code ec;
      ws.text(true);
      co_await ws.async_write(net::buffer(queue.front()), net::redirect_error(use_awaitable, ec));
      if (ec) break;
      queue.pop_front();
    }
    closed = true;
  }
};

awaitable<void> serve_websocket(MatchService& service, beast::tcp_stream stream, Request req) {
  websocket::stream<beast::tcp_stream> ws(std::move(stream));
  beast::get_lowest_layer(ws).expires_never();
  ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws.read_message_max(kMaxClientMessageBytes);
  co_await ws.async_accept(req, use_awaitable);
  auto conn = std::make_shared<WsConnection>(std::move(ws));
  net::co_spawn(conn->ws.get_executor(), conn->write_loop(), net::detached);
  {
    ClientSession session(service, conn->sink());
    beast::flat_buffer buffer;
    for (;;) {
      boost::system::error_code ec;
      co_await conn->ws.async_read(buffer, net::redirect_error(use_awaitable, ec));
      if (ec) break;  // closed, timed out, or a message over the size limit
      const auto data = buffer.data();
      session.on_text(std::string_view(static_cast<const char*>(data.data()), data.size()));
      buffer.consume(buffer.size());
    }
  }
  conn->closed = true;
  conn->signal.cancel();
}

awaitable<void> serve_connection(MatchService& service, const std::string& web_root,
                                 tcp::socket socket) {
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
        co_await serve_websocket(service, std::move(stream), std::move(req));
        co_return;
      }
      Response res;
      if (target.substr(0, 5) == "/api/" || target == "/api") {
        const std::string_view method(req.method_string().data(), req.method_string().size());
        const ApiReply reply = handle_api(service, method, target, req.body(), bearer_token(req));
        res = json_response(req, reply.status, reply.body);
      } else {
        res = static_response(req, web_root);
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

}  // namespace

struct HttpServer::Impl {
  Impl(MatchService& s, ServerConfig c)
      : service(s), config(std::move(c)), ioc(std::max(1, config.io_threads)), acceptor(ioc) {}
  MatchService& service;
  ServerConfig config;
  net::io_context ioc;
  tcp::acceptor acceptor;
  std::vector<std::thread> threads;

  awaitable<void> listen() {
    for (;;) {
      boost::system::error_code ec;
      // Each connection on its own strand: its reader, writer and pushes never run at once,
      // while different connections run on any of the I/O threads.
      tcp::socket socket = co_await acceptor.async_accept(net::make_strand(ioc),
                                                          net::redirect_error(use_awaitable, ec));
      if (ec == net::error::operation_aborted) co_return;
      if (ec) continue;  // e.g. too many open files: keep serving the others
      // Small JSON messages: without TCP_NODELAY, Nagle + delayed ACKs add up to 40 ms a move.
      socket.set_option(tcp::no_delay(true), ec);
      auto executor = socket.get_executor();
      net::co_spawn(executor, serve_connection(service, config.web_root, std::move(socket)),
                    net::detached);
    }
  }

  // Per-move clocks run out between messages: look a few times a second (a timed-out seat's
  // random move is at most this late).
  awaitable<void> tick_clocks() {
    net::steady_timer timer(ioc);
    for (;;) {
      timer.expires_after(std::chrono::milliseconds(100));
      boost::system::error_code ec;
      co_await timer.async_wait(net::redirect_error(use_awaitable, ec));
      if (ec == net::error::operation_aborted) co_return;
      try {
        service.expire_clocks();
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
