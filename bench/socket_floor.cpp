// The floors under the server's CPU per move (docs/server.md, "Where the 40 µs aim stands"): what
// one move of the load test costs a server that does none of the server's own work. A forked
// "server" process answers; the parent plays the load generator's part over loopback TCP: MATCHES
// pairs of connections, each move one request on the mover's connection answered by one reply on
// each of the pair's two connections (what `serve` sends: the mover's patch and the opponent's),
// players instant. Prints the server process's user and system CPU per move as JSON.
//
//   build/bench/socket_floor tcp|epoll-websocket|asio-websocket|beast-websocket [MATCHES=1000]
//       [MOVES_PER_MATCH=30] [REQUEST_BYTES=80] [REPLY_BYTES=600] [THREADS=1]
//
// tcp: the cheapest loop there is (one thread, epoll, fixed-size messages, no parsing): the
// kernel's share alone. epoll-websocket: the same loop reading and writing WebSocket frames by
// hand (the header parsed, the payload unmasked; no UTF-8 check, no control frames): what a
// hand-written stack would cost. beast-websocket: the same frames from Boost.Beast and Asio used as
// `serve` uses them (a coroutine reading each connection, each connection on a strand, replies
// posted to the connection and written by a callback), on THREADS threads (the others run one):
// the stack's share on top of the kernel's. asio-websocket: Asio as there, the frames read and
// written by hand as in epoll-websocket instead of by Beast: how that share divides between them.
//
// Not Google Benchmark: what is measured is another process's CPU, read from getrusage after it
// exits.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

enum class Server { tcp, epoll_websocket, asio_websocket, beast_websocket };

constexpr std::array<std::pair<std::string_view, Server>, 4> kModes{{
    {"tcp", Server::tcp},
    {"epoll-websocket", Server::epoll_websocket},
    {"asio-websocket", Server::asio_websocket},
    {"beast-websocket", Server::beast_websocket},
}};

struct Shape {
  Server server = Server::tcp;
  int matches = 1000;
  int moves_per_match = 30;
  std::size_t request_bytes = 80;
  std::size_t reply_bytes = 600;
  int threads = 1;
};

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "socket_floor: %s: %s\n", what, std::strerror(errno));
  std::exit(1);
}

void set_no_delay(int fd) {
  const int one = 1;
  if (::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) fail("TCP_NODELAY");
}

// Blocking full write: requests and replies are small enough to fit the socket buffer at once.
void write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t sent = ::send(fd, data, size, MSG_NOSIGNAL);
    if (sent < 0) {
      if (errno == EINTR) continue;
      fail("send");
    }
    data += sent;
    size -= static_cast<std::size_t>(sent);
  }
}

int listen_on_loopback(std::uint16_t& port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) fail("socket");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) fail("bind");
  if (::listen(fd, 4096) != 0) fail("listen");
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  port = ntohs(address.sin_port);
  return fd;
}

int poll_for_input(const std::vector<int>& fds) {
  const int poller = ::epoll_create1(0);
  if (poller < 0) fail("epoll_create1");
  for (std::size_t i = 0; i < fds.size(); ++i) {
    epoll_event event{};
    event.events = EPOLLIN;
    event.data.u64 = i;
    if (::epoll_ctl(poller, EPOLL_CTL_ADD, fds[i], &event) != 0) fail("epoll_ctl");
  }
  return poller;
}

// Waits once for input, then calls `on_ready(index)` for each connection that has some.
template <typename OnReady>
void wait_for_input(int poller, OnReady on_ready) {
  std::array<epoll_event, 256> ready{};
  const int count = ::epoll_wait(poller, ready.data(), static_cast<int>(ready.size()), -1);
  if (count < 0) {
    if (errno == EINTR) return;
    fail("epoll_wait");
  }
  for (int e = 0; e < count; ++e) on_ready(static_cast<std::size_t>(ready[e].data.u64));
}

// What a client writes and the server answers per move: bare bytes, or WebSocket text frames (the
// client's masked with the zero key, so its payload is written as is).
std::string frame(std::size_t payload_bytes, char fill, bool masked) {
  std::string frame;
  frame += '\x81';
  const char mask_bit = masked ? '\x80' : '\0';
  if (payload_bytes < 126) {
    frame += static_cast<char>(mask_bit | static_cast<char>(payload_bytes));
  } else {
    frame += static_cast<char>(mask_bit | 126);
    frame += static_cast<char>(payload_bytes >> 8);
    frame += static_cast<char>(payload_bytes & 0xff);
  }
  if (masked) frame.append(4, '\0');
  frame.append(payload_bytes, fill);
  return frame;
}

std::string read_until_blank_line(int fd) {
  std::string text;
  char byte = 0;
  while (text.size() < 4 || text.compare(text.size() - 4, 4, "\r\n\r\n") != 0) {
    if (::recv(fd, &byte, 1, 0) != 1) fail("handshake");
    text += byte;
  }
  return text;
}

// The bytes of one whole client frame at the front of `data`, unmasked in place; 0 while it is not
// all there. The zero key makes unmasking a no-op, but it is done as a server must.
std::size_t take_frame(char* data, std::size_t size) {
  if (size < 2) return 0;
  std::size_t length = static_cast<unsigned char>(data[1]) & 0x7f;
  std::size_t header = 2;
  if (length == 126) {
    if (size < 4) return 0;
    length = static_cast<std::size_t>(static_cast<unsigned char>(data[2])) << 8 |
             static_cast<unsigned char>(data[3]);
    header = 4;
  }
  if ((static_cast<unsigned char>(data[1]) & 0x80) == 0 || length == 127) fail("client frame");
  if (size < header + 4 + length) return 0;
  const char* key = data + header;
  char* payload = data + header + 4;
  for (std::size_t i = 0; i < length; ++i) payload[i] ^= key[i % 4];
  return header + 4 + length;
}

// The server's side of the handshake, for the fixed key every client here sends (RFC 6455's).
void accept_upgrade(int fd) {
  read_until_blank_line(fd);
  const std::string_view accepted =
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n";
  write_all(fd, accepted.data(), accepted.size());
}

// What the server writes to each connection of a match for a move: bare bytes, a frame written by
// hand, or (Beast frames it) the frame's payload.
std::string server_reply(const Shape& shape) {
  if (shape.server == Server::epoll_websocket || shape.server == Server::asio_websocket)
    return frame(shape.reply_bytes, 'r', false);
  return std::string(shape.reply_bytes, 'r');
}

// The epoll servers: connections arrive in pairs (2k, 2k+1 are one match); a whole request on
// either answers both. Bare TCP requests are REQUEST_BYTES long; WebSocket ones are frames, read
// from each connection's buffer. Exits when every connection has closed.
[[noreturn]] void serve_epoll(int listener, const Shape& shape) {
  const bool framed = shape.server == Server::epoll_websocket;
  std::vector<int> fds;
  for (int i = 0; i < 2 * shape.matches; ++i) {
    const int fd = ::accept(listener, nullptr, nullptr);
    if (fd < 0) fail("accept");
    set_no_delay(fd);
    if (framed) accept_upgrade(fd);
    fds.push_back(fd);
  }
  const int poller = poll_for_input(fds);
  const std::string reply = server_reply(shape);
  std::vector<std::string> buffers(fds.size());
  std::vector<char> scratch(64 * 1024);
  std::size_t open = fds.size();
  while (open > 0) {
    wait_for_input(poller, [&](std::size_t index) {
      const ssize_t got = ::recv(fds[index], scratch.data(), scratch.size(), 0);
      if (got <= 0) {
        ::close(fds[index]);
        --open;
        return;
      }
      std::string& buffer = buffers[index];
      buffer.append(scratch.data(), static_cast<std::size_t>(got));
      for (;;) {
        const std::size_t taken =
            framed ? take_frame(buffer.data(), buffer.size())
                   : (buffer.size() >= shape.request_bytes ? shape.request_bytes : 0);
        if (taken == 0) break;
        buffer.erase(0, taken);
        const std::size_t pair = index & ~std::size_t{1};
        write_all(fds[pair], reply.data(), reply.size());
        write_all(fds[pair + 1], reply.data(), reply.size());
      }
    });
  }
  std::_Exit(0);
}

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

// A bare socket is handed whole frames written by hand; any other stream is Beast's WebSocket.
template <typename Stream>
constexpr bool kBareSocket = std::is_same_v<Stream, net::ip::tcp::socket>;

// One WebSocket connection of the Asio servers, written to as `serve` writes: a reply is posted to
// the connection's strand and written by a callback, the next one queued behind it. Stream: Beast's
// WebSocket stream, or a bare socket that is handed whole frames.
template <typename Stream>
struct Connection : std::enable_shared_from_this<Connection<Stream>> {
  explicit Connection(net::ip::tcp::socket socket) : stream(std::move(socket)) {}
  Stream stream;
  std::vector<std::string> queue;
  bool writing = false;

  void send(const std::string& text) {
    net::post(stream.get_executor(), [self = this->shared_from_this(), text]() mutable {
      self->queue.push_back(std::move(text));
      if (!self->writing) self->write_front();
    });
  }

  void write_front() {
    writing = true;
    auto written = [self = this->shared_from_this()](const boost::system::error_code& ec,
                                                     std::size_t) {
      self->writing = false;
      if (ec) return;
      self->queue.erase(self->queue.begin());
      if (!self->queue.empty()) self->write_front();
    };
    if constexpr (kBareSocket<Stream>) {
      net::async_write(stream, net::buffer(queue.front()), std::move(written));
    } else {
      stream.async_write(net::buffer(queue.front()), std::move(written));
    }
  }
};

template <typename Stream>
struct AsioServer {
  std::vector<std::shared_ptr<Connection<Stream>>> connections;
  std::string reply;  // server_reply()

  void answer(std::size_t index) {
    const std::size_t pair = index & ~std::size_t{1};
    connections[pair]->send(reply);
    connections[pair + 1]->send(reply);
  }

  net::awaitable<void> read(std::size_t index) {
    auto& stream = connections[index]->stream;
    boost::system::error_code ec;
    if constexpr (kBareSocket<Stream>) {
      std::string buffer;
      std::array<char, 64 * 1024> scratch;
      for (;;) {
        const std::size_t got = co_await stream.async_read_some(
            net::buffer(scratch), net::redirect_error(net::use_awaitable, ec));
        if (ec) co_return;
        buffer.append(scratch.data(), got);
        while (const std::size_t taken = take_frame(buffer.data(), buffer.size())) {
          buffer.erase(0, taken);
          answer(index);
        }
      }
    } else {
      beast::flat_buffer buffer;
      for (;;) {
        co_await stream.async_read(buffer, net::redirect_error(net::use_awaitable, ec));
        if (ec) co_return;
        buffer.consume(buffer.size());
        answer(index);
      }
    }
  }
};

// Accepts every connection with its handshake first, then reads them all on THREADS threads.
template <typename Stream>
[[noreturn]] void serve_asio(int listener, const Shape& shape) {
  net::io_context context(shape.threads);
  net::ip::tcp::acceptor acceptor(context, net::ip::tcp::v4(), listener);
  AsioServer<Stream> server{{}, server_reply(shape)};
  for (int i = 0; i < 2 * shape.matches; ++i) {
    net::ip::tcp::socket socket(net::make_strand(context));
    acceptor.accept(socket);
    socket.set_option(net::ip::tcp::no_delay(true));
    if constexpr (kBareSocket<Stream>) accept_upgrade(socket.native_handle());
    auto connection = std::make_shared<Connection<Stream>>(std::move(socket));
    if constexpr (!kBareSocket<Stream>) {
      connection->stream.accept();
      connection->stream.text(true);
    }
    server.connections.push_back(std::move(connection));
  }
  // Done when every connection's reader has ended, whatever timers a stream still holds.
  std::atomic<std::size_t> reading = server.connections.size();
  for (std::size_t i = 0; i < server.connections.size(); ++i) {
    net::co_spawn(server.connections[i]->stream.get_executor(), server.read(i),
                  [&](const std::exception_ptr&) {
                    if (--reading == 0) context.stop();
                  });
  }
  std::vector<std::thread> threads;
  for (int t = 1; t < shape.threads; ++t) threads.emplace_back([&context] { context.run(); });
  context.run();
  for (auto& thread : threads) thread.join();
  std::_Exit(0);
}

struct Framing {
  std::string request;
  std::size_t reply_bytes;
};

Framing framing_for(const Shape& shape) {
  if (shape.server == Server::tcp)
    return {std::string(shape.request_bytes, 'q'), shape.reply_bytes};
  return {frame(shape.request_bytes, 'q', true), frame(shape.reply_bytes, 'r', false).size()};
}

void handshake(int fd) {
  const std::string_view upgrade =
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  write_all(fd, upgrade.data(), upgrade.size());
  const std::string response = read_until_blank_line(fd);
  if (response.compare(0, 12, "HTTP/1.1 101") != 0) {
    std::fprintf(stderr, "socket_floor: handshake refused: %s\n", response.c_str());
    std::exit(1);
  }
}

// The load generator: every match moves as soon as both its replies have arrived.
long play(std::uint16_t port, const Shape& shape) {
  std::vector<int> fds;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  for (int i = 0; i < 2 * shape.matches; ++i) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
      fail("connect");
    set_no_delay(fd);
    if (shape.server != Server::tcp) handshake(fd);
    fds.push_back(fd);
  }
  const int poller = poll_for_input(fds);
  const Framing framing = framing_for(shape);
  std::vector<std::size_t> received(fds.size(), 0);
  std::vector<int> moves_left(static_cast<std::size_t>(shape.matches), shape.moves_per_match);
  std::vector<int> mover(static_cast<std::size_t>(shape.matches), 0);
  for (std::size_t m = 0; m < moves_left.size(); ++m)
    write_all(fds[2 * m], framing.request.data(), framing.request.size());
  long moves = 0;
  int playing = shape.matches;
  std::vector<char> scratch(64 * 1024);
  while (playing > 0) {
    wait_for_input(poller, [&](std::size_t index) {
      const ssize_t got = ::recv(fds[index], scratch.data(), scratch.size(), 0);
      if (got <= 0) fail("recv");
      received[index] += static_cast<std::size_t>(got);
      const std::size_t pair = index & ~std::size_t{1};
      if (received[pair] < framing.reply_bytes || received[pair + 1] < framing.reply_bytes) return;
      received[pair] -= framing.reply_bytes;
      received[pair + 1] -= framing.reply_bytes;
      ++moves;
      const std::size_t match = pair / 2;
      if (--moves_left[match] == 0) {
        --playing;
        return;
      }
      mover[match] ^= 1;
      write_all(fds[pair + static_cast<std::size_t>(mover[match])], framing.request.data(),
                framing.request.size());
    });
  }
  for (const int fd : fds) ::close(fd);
  return moves;
}

double seconds(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

std::string_view mode_name(Server server) {
  for (const auto& [name, mode] : kModes) {
    if (mode == server) return name;
  }
  return "";
}

bool parse(int argc, char** argv, Shape& shape) {
  if (argc < 2) return false;
  const auto known = std::find_if(kModes.begin(), kModes.end(),
                                  [&](const auto& mode) { return mode.first == argv[1]; });
  if (known == kModes.end()) return false;
  shape.server = known->second;
  if (argc > 2) shape.matches = std::atoi(argv[2]);
  if (argc > 3) shape.moves_per_match = std::atoi(argv[3]);
  if (argc > 4) shape.request_bytes = static_cast<std::size_t>(std::atol(argv[4]));
  if (argc > 5) shape.reply_bytes = static_cast<std::size_t>(std::atol(argv[5]));
  if (argc > 6) shape.threads = std::atoi(argv[6]);
  return argc <= 7 && shape.matches >= 1 && shape.matches <= 100000 && shape.moves_per_match >= 1 &&
         shape.request_bytes >= 1 && shape.request_bytes < 65536 && shape.reply_bytes >= 1 &&
         shape.reply_bytes < 65536 && shape.threads >= 1 && shape.threads <= 64;
}

}  // namespace

int main(int argc, char** argv) {
  Shape shape;
  if (!parse(argc, argv, shape)) {
    std::fprintf(stderr,
                 "usage: socket_floor tcp|epoll-websocket|asio-websocket|beast-websocket "
                 "[MATCHES 1-100000] [MOVES_PER_MATCH >= 1] [REQUEST_BYTES 1-65535] "
                 "[REPLY_BYTES 1-65535] [THREADS 1-64]\n");
    return 2;
  }
  std::uint16_t port = 0;
  const int listener = listen_on_loopback(port);
  const pid_t server = ::fork();
  if (server < 0) fail("fork");
  if (server == 0) {
    if (shape.server == Server::beast_websocket)
      serve_asio<websocket::stream<beast::tcp_stream>>(listener, shape);
    if (shape.server == Server::asio_websocket) serve_asio<net::ip::tcp::socket>(listener, shape);
    serve_epoll(listener, shape);
  }
  ::close(listener);
  const long moves = play(port, shape);
  int status = 0;
  rusage used{};
  if (::wait4(server, &status, 0, &used) < 0) fail("wait4");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "socket_floor: the server process failed\n");
    return 1;
  }
  const auto played = static_cast<double>(moves);
  const double user = seconds(used.ru_utime);
  const double system = seconds(used.ru_stime);
  // Seconds as load-cpu.sh reports them (scripts/cpu-floors.sh reads both alike), and per move.
  std::printf(
      "{\"mode\": \"%s\", \"matches\": %d, \"moves\": %ld, \"request_bytes\": %zu, "
      "\"reply_bytes\": %zu, \"threads\": %d, \"server_cpu_seconds\": %.6f, "
      "\"server_user_seconds\": %.6f, \"server_user_us_per_move\": %.1f, "
      "\"server_system_us_per_move\": %.1f, \"server_cpu_us_per_move\": %.1f, "
      "\"server_context_switches_per_move\": %.2f}\n",
      mode_name(shape.server).data(), shape.matches, moves, shape.request_bytes, shape.reply_bytes,
      shape.threads, user + system, user, 1e6 * user / played, 1e6 * system / played,
      1e6 * (user + system) / played, static_cast<double>(used.ru_nvcsw + used.ru_nivcsw) / played);
  return 0;
}
