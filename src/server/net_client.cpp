#include "server/net_client.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <vector>

#include "core/error.h"
#include "core/json.h"
#include "core/rng.h"
#include "server/beast_names.h"
#include "server/brief_message.h"
#include "server/ws_frames.h"

namespace mw::server {
namespace {

// Boost's what() carries a source location; the user needs only the reason.
[[noreturn]] void io_error(const std::string& what, const boost::system::system_error& e) {
  throw Error(ErrorCode::kIo, what + ": " + e.code().message());
}

}  // namespace

HttpResult http_request(const std::string& host, unsigned short port, const std::string& method,
                        const std::string& target, const std::string& body,
                        const std::string& bearer_token) {
  try {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.connect(tcp::endpoint(net::ip::make_address(host), port));
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    req.set(http::field::host, host);
    req.set(http::field::content_type, "application/json");
    if (!bearer_token.empty()) req.set(http::field::authorization, "Bearer " + bearer_token);
    req.body() = body;
    req.keep_alive(false);
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    boost::system::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    return {static_cast<int>(res.result_int()), res.body()};
  } catch (const boost::system::system_error& e) {
    io_error("HTTP " + method + " " + target, e);
  }
}

struct WsClient::Impl {
  net::io_context ioc;
  websocket::stream<tcp::socket> ws{ioc};
  beast::flat_buffer buffer;
};

WsClient::WsClient(const std::string& host, unsigned short port, const std::string& path)
    : impl_(std::make_unique<Impl>()) {
  try {
    impl_->ws.next_layer().connect(tcp::endpoint(net::ip::make_address(host), port));
    impl_->ws.next_layer().set_option(tcp::no_delay(true));
    impl_->ws.handshake(host, path);
    impl_->ws.text(true);
  } catch (const boost::system::system_error& e) {
    io_error("WebSocket connect", e);
  }
}

WsClient::~WsClient() {
  boost::system::error_code ignored;
  impl_->ws.next_layer().close(ignored);
}

void WsClient::send(const std::string& text) {
  try {
    impl_->ws.write(net::buffer(text));
  } catch (const boost::system::system_error& e) {
    io_error("WebSocket send", e);
  }
}

std::string WsClient::receive() {
  try {
    impl_->buffer.consume(impl_->buffer.size());
    impl_->ws.read(impl_->buffer);
    return beast::buffers_to_string(impl_->buffer.data());
  } catch (const boost::system::system_error& e) {
    io_error("WebSocket receive", e);
  }
}

void WsClient::close() {
  try {
    impl_->ws.close(websocket::close_code::normal);
  } catch (const boost::system::system_error&) {
    // Already closed by the server: nothing left to do.
  }
}

void WsClient::abort() {
  boost::system::error_code ignored;
  beast::get_lowest_layer(impl_->ws).shutdown(net::ip::tcp::socket::shutdown_both, ignored);
}

// --- the load generator: every seat of every match is one coroutine on one I/O thread.
namespace {

using net::awaitable;
using net::use_awaitable;
using Clock = std::chrono::steady_clock;

struct LoadMatch {
  int index = 0;  // creation order: which instance each seat plays through (LoadtestConfig::ports)
  std::string id;
  std::vector<std::string> tokens;
  std::vector<tcp::socket*> sockets;
  int moves = 0;
  bool done = false;
};

struct LoadStats {
  std::vector<double> latencies_ms;
  long errors = 0;
  int finished = 0;
  long waiting = 0;                   // seats not yet at the start gate
  net::steady_timer* gate = nullptr;  // cancelled when every seat is ready
  Clock::time_point started;
};

void end_match(LoadMatch& m) {
  m.done = true;
  for (auto* s : m.sockets) {
    boost::system::error_code ignored;
    s->close(ignored);
  }
}

// Every seat waits here, connected and told its first state, until all are: latencies are then
// those of play, not of 2,000 connections opening at once.
awaitable<void> start_gate(LoadStats& stats) {
  if (--stats.waiting == 0) {
    stats.started = Clock::now();
    stats.gate->cancel();
    co_return;
  }
  boost::system::error_code ec;
  co_await stats.gate->async_wait(net::redirect_error(use_awaitable, ec));
}

unsigned short load_port(const LoadtestConfig& config, int n) {
  if (config.ports.empty()) return config.port;
  return config.ports[static_cast<std::size_t>(n) % config.ports.size()];
}

// A server message is as long as its match's log makes it; this bounds a broken server's.
constexpr std::size_t kMaxServerMessageBytes = 64 << 20;

// The load generator reads and writes frames itself once Beast has upgraded the connection, as
// the server does (ws_frames.h): a seat's CPU a move is then mostly the kernel's, and what a load
// test measures is the server. (The server writes nothing before the client's hello, so no frame
// is left in Beast's buffer when it lets the socket go.)
awaitable<void> send_frame(tcp::socket& socket, ws::Opcode op, std::string_view payload,
                           Rng& masks) {
  const std::string frame = ws::masked_frame(op, payload, static_cast<std::uint32_t>(masks.next()));
  co_await net::async_write(socket, net::buffer(frame), use_awaitable);
}

awaitable<void> send_text(tcp::socket& socket, std::string_view text, Rng& masks) {
  co_await send_frame(socket, ws::Opcode::kText, text, masks);
}

// The next text message from the server, valid until the next call; pings are answered on the
// way.
awaitable<std::string_view> next_message(tcp::socket& socket, ws::FrameReader& reader, Rng& masks) {
  for (;;) {
    const ws::Event event = reader.next();
    switch (event.kind) {
      case ws::Event::Kind::kText:
        co_return event.payload;
      case ws::Event::Kind::kPing:
        co_await send_frame(socket, ws::Opcode::kPong, event.payload, masks);
        continue;
      case ws::Event::Kind::kPong:
        continue;
      case ws::Event::Kind::kClose:
        throw Error(ErrorCode::kIo, "the server closed the connection");
      case ws::Event::Kind::kFail:
        throw Error(ErrorCode::kIo, "the server broke the WebSocket protocol");
      case ws::Event::Kind::kNeedMore:
        break;
    }
    const std::span<char> room = reader.prepare(16 * 1024);
    reader.commit(
        co_await socket.async_read_some(net::buffer(room.data(), room.size()), use_awaitable));
  }
}

awaitable<void> play_seat(const LoadtestConfig& config, LoadMatch& match, int seat,
                          LoadStats& stats) {
  auto executor = co_await net::this_coro::executor;
  tcp::socket socket(executor);
  match.sockets.push_back(&socket);
  Rng rng(derive_seed(config.seed, std::hash<std::string>{}(match.id) + seat));
  Rng masks(rng.next() ^ 0x6d61736bULL);  // the frames' masking keys, apart from the moves
  bool ready = false;
  bool failed = false;
  try {
    co_await socket.async_connect(
        tcp::endpoint(net::ip::make_address(config.host), load_port(config, match.index + seat)),
        use_awaitable);
    socket.set_option(tcp::no_delay(true));
    {
      websocket::stream<tcp::socket&> upgrade(socket);
      // The match in the URL: the server serves both seats' connections on one thread.
      co_await upgrade.async_handshake(config.host, "/ws?match=" + match.id, use_awaitable);
    }
    ws::FrameReader reader(kMaxServerMessageBytes, ws::Role::kClient);
    const Json hello = {{"type", "hello"}, {"match", match.id}, {"token", match.tokens[seat]}};
    co_await send_text(socket, hello.dump(), masks);
    std::string_view text = co_await next_message(socket, reader, masks);
    ready = true;
    co_await start_gate(stats);
    std::optional<Clock::time_point> sent_at;
    std::uint64_t sent_version = 0;
    while (!match.done) {
      const std::optional<BriefMessage> msg = read_brief(text);
      if (!msg) throw Error(ErrorCode::kIo, "the server sent a message that is not a JSON object");
      if (msg->type == R"("presence")") {
        // who holds which seat: nothing for a random player to do
      } else if (msg->type == R"("error")") {
        ++stats.errors;
        // The move was refused. A stale one is followed by the state it missed; any other refusal
        // (the database failed) by nothing: ask for the state, so the seat can play again.
        if (sent_at) {
          sent_at.reset();
          co_await send_text(socket, R"({"type":"sync"})", masks);
        }
      } else {
        if (!msg->version) throw Error(ErrorCode::kIo, "a state or patch without a version");
        const std::uint64_t version = *msg->version;
        if (sent_at && version > sent_version) {
          const std::chrono::duration<double, std::milli> took = Clock::now() - *sent_at;
          stats.latencies_ms.push_back(took.count());
          sent_at.reset();
        }
        if (msg->status == R"("finished")") {
          if (seat == 0) ++stats.finished;
          break;
        }
        if (msg->to_act == seat && !msg->legal.empty() && !sent_at) {
          if (match.moves >= config.max_moves) {
            end_match(match);
            break;
          }
          // The move as the server wrote it (a JSON string) goes back as it is.
          const std::string act = R"({"type":"act","action":)" +
                                  std::string(msg->legal[rng.below(msg->legal.size())]) +
                                  R"(,"version":)" + std::to_string(version) + "}";
          if (config.think_ms > 0) {
            net::steady_timer think(executor);
            think.expires_after(
                std::chrono::microseconds(rng.below(2000ULL * config.think_ms + 1)));
            co_await think.async_wait(use_awaitable);
            if (match.done) break;
          }
          sent_at = Clock::now();
          sent_version = version;
          ++match.moves;
          co_await send_text(socket, act, masks);
        }
      }
      text = co_await next_message(socket, reader, masks);
    }
  } catch (const std::exception&) {
    if (!match.done) ++stats.errors;
    failed = true;
  }
  if (failed && !ready) co_await start_gate(stats);  // never keep the others waiting for this seat
  std::erase(match.sockets, &socket);
  if (!match.done) end_match(match);  // the other seat stops waiting
}

double percentile(std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto i = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1));
  return sorted[i];
}

LoadMatch create_load_match(const LoadtestConfig& config, int index) {
  const Json create = {{"game", config.game}, {"public", false}};
  const unsigned short port = load_port(config, index);
  const HttpResult made = http_request(config.host, port, "POST", "/api/matches", create.dump());
  const Json summary = Json::parse(made.body);
  if (made.status != 201) throw Error(ErrorCode::kIo, "create match: " + made.body);
  LoadMatch m;
  m.index = index;
  m.id = summary["match"].get<std::string>();
  for (std::size_t s = 0; s < summary["seats"].size(); ++s) {
    const HttpResult joined = http_request(
        config.host, port, "POST", "/api/matches/" + m.id + "/join", Json{{"seat", s}}.dump());
    if (joined.status != 200) throw Error(ErrorCode::kIo, "join: " + joined.body);
    m.tokens.push_back(Json::parse(joined.body)["token"].get<std::string>());
  }
  return m;
}

}  // namespace

LoadtestResult run_loadtest(const LoadtestConfig& config) {
  std::vector<LoadMatch> matches;
  matches.reserve(static_cast<std::size_t>(config.matches));
  for (int i = 0; i < config.matches; ++i) matches.push_back(create_load_match(config, i));
  net::io_context ioc{1};
  net::steady_timer gate(ioc, Clock::time_point::max());
  LoadStats stats;
  stats.gate = &gate;
  for (const auto& m : matches) stats.waiting += static_cast<long>(m.tokens.size());
  for (auto& m : matches) {
    for (int s = 0; s < static_cast<int>(m.tokens.size()); ++s) {
      net::co_spawn(ioc, play_seat(config, m, s, stats), net::detached);
    }
  }
  ioc.run();
  const std::chrono::duration<double> elapsed = Clock::now() - stats.started;
  LoadtestResult r;
  r.matches_finished = stats.finished;
  r.moves = static_cast<long>(stats.latencies_ms.size());
  r.errors = stats.errors;
  r.seconds = elapsed.count();
  r.moves_per_second = r.seconds > 0 ? static_cast<double>(r.moves) / r.seconds : 0;
  r.offered_per_second =
      config.think_ms > 0 ? 1000.0 * config.matches / config.think_ms : r.moves_per_second;
  std::sort(stats.latencies_ms.begin(), stats.latencies_ms.end());
  r.p50_ms = percentile(stats.latencies_ms, 0.50);
  r.p90_ms = percentile(stats.latencies_ms, 0.90);
  r.p99_ms = percentile(stats.latencies_ms, 0.99);
  r.max_ms = stats.latencies_ms.empty() ? 0 : stats.latencies_ms.back();
  return r;
}

}  // namespace mw::server
