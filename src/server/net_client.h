#pragma once
// A small blocking HTTP and WebSocket client on Boost.Beast, for the tests and tools that talk to
// a running server over loopback. Errors throw Error(kIo).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mw::server {

struct HttpResult {
  int status = 0;
  std::string body;
};

HttpResult http_request(const std::string& host, unsigned short port, const std::string& method,
                        const std::string& target, const std::string& body = "",
                        const std::string& bearer_token = "");

class WsClient {
 public:
  WsClient(const std::string& host, unsigned short port, const std::string& path = "/ws");
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void send(const std::string& text);
  // Blocks for the next message; throws Error(kIo) when the connection is closed.
  std::string receive();
  void close();
  // Cuts the TCP connection without a closing handshake: the one way to end a connection whose
  // receive() is blocked on another thread (close() would write on the stream that thread reads).
  void abort();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// `mazeworks loadtest`: N concurrent matches over WebSockets, each seat a random client.
struct LoadtestConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::string game = "treasure-hunt";
  int matches = 10;
  int max_moves = 200;  // per match; a match ends at its end or here
  std::uint64_t seed = 1;
  // Several instances of one cluster (serve on one PostgreSQL database): match i is created and
  // joined through ports[i % n] and its seat s plays through ports[(i + s) % n], so every match
  // has seats on different instances. Empty: `port` alone.
  std::vector<unsigned short> ports;
  // Mean think time of a seat before each move (each wait uniform in [0, 2·think_ms]); 0: move at
  // once (a closed loop at saturation: latency is then queueing, N / throughput).
  int think_ms = 0;
};

struct LoadtestResult {
  int matches_finished = 0;  // reached the game's end
  long moves = 0;
  long errors = 0;
  double seconds = 0;
  double offered_per_second = 0;  // what the think time asks for: seats to act / mean think time
  double moves_per_second = 0;
  double p50_ms = 0, p90_ms = 0, p99_ms = 0, max_ms = 0;  // move sent → its state received
};

LoadtestResult run_loadtest(const LoadtestConfig& config);

}  // namespace mw::server
