// The server's WebSocket frames over a raw socket: pings, the close handshake, protocol errors
// answered with their close codes, a message sent with the upgrade request, and the idle timeout.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"
#include "server/net_server.h"
#include "support/served_server.h"
#include "support/ws_frame_bytes.h"

namespace mw::server::ws {
namespace {

using test::client_frame;

struct ServerFrame {
  Opcode op;
  std::string payload;
};

// A WebSocket client on a bare socket: it writes exactly the bytes a test gives it.
class RawClient {
 public:
  // Connects and upgrades to `target`; `early` goes in the same write as the upgrade request.
  explicit RawClient(unsigned short port, const std::string& early = "",
                     const std::string& target = "/ws") {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    timeval timeout{10, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return;
    send("GET " + target +
         " HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n" +
         early);
    while (in_.find("\r\n\r\n") == std::string::npos && fill()) {
    }
    const auto end = in_.find("\r\n\r\n");
    if (end == std::string::npos) return;
    upgraded_ = in_.compare(0, 12, "HTTP/1.1 101") == 0;
    in_.erase(0, end + 4);
  }
  ~RawClient() { ::close(fd_); }
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  bool upgraded() const { return upgraded_; }
  void send(const std::string& bytes) {
    ASSERT_EQ(::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL),
              static_cast<ssize_t>(bytes.size()));
  }
  void send_text(const std::string& text) { send(client_frame(Opcode::kText, text, true, 0x5eed)); }

  // The next frame from the server (unmasked, whole: the server never fragments), or nullopt when
  // the server closed the connection (or sent nothing for 10 s).
  std::optional<ServerFrame> next() {
    for (;;) {
      if (in_.size() >= 2) {
        const auto* p = reinterpret_cast<const unsigned char*>(in_.data());
        std::size_t length = p[1] & 0x7F;
        std::size_t header = 2;
        if (length == 126) {
          header = 4;
          if (in_.size() >= 4) length = static_cast<std::size_t>(p[2]) << 8 | p[3];
        } else if (length == 127) {
          header = 10;
          length = 0;
          for (int i = 0; i < 8 && in_.size() >= 10; ++i) length = length << 8 | p[2 + i];
        }
        if (in_.size() >= header && in_.size() - header >= length) {
          ServerFrame frame{static_cast<Opcode>(p[0] & 0x0F), in_.substr(header, length)};
          EXPECT_EQ(p[0] & 0xF0, 0x80) << "a server frame is final, with no reserved bit";
          EXPECT_EQ(p[1] & 0x80, 0) << "a server frame is not masked";
          in_.erase(0, header + length);
          return frame;
        }
      }
      if (!fill()) return std::nullopt;
    }
  }
  // Frames until the server closes the connection: true when it did.
  bool closed_after(std::optional<ServerFrame> frame) {
    while (frame) frame = next();
    return true;
  }

 private:
  bool fill() {
    char buffer[4096];
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) return false;
    in_.append(buffer, static_cast<std::size_t>(n));
    return true;
  }
  int fd_ = -1;
  std::string in_;
  bool upgraded_ = false;
};

std::uint16_t close_code(const ServerFrame& frame) {
  if (frame.payload.size() < 2) return 0;
  return static_cast<std::uint16_t>(static_cast<unsigned char>(frame.payload[0]) << 8 |
                                    static_cast<unsigned char>(frame.payload[1]));
}

// The server's answer to a message that is not JSON: an error reply, as a text frame.
void expect_bad_request_reply(RawClient& client) {
  const auto frame = client.next();
  ASSERT_TRUE(frame);
  ASSERT_EQ(frame->op, Opcode::kText);
  EXPECT_EQ(Json::parse(frame->payload)["code"], "bad_request");
}

// "/ws?match=ID" names the match whose connections share a loop; anything else is no hint.
TEST(WsNet, AMatchInTheUrlIsAPlacementHintOnly) {
  EXPECT_EQ(placement_hint("/ws?match=0123456789abcdef"), "0123456789abcdef");
  EXPECT_EQ(placement_hint("/ws?v=2&match=a-b_C9&x=1"), "a-b_C9");
  for (const std::string& target :
       std::vector<std::string>{"/ws", "/ws?", "/ws?match=", "/ws?matches=ab", "/ws?match=a/b",
                                "/ws?match=%41", "/ws?match=" + std::string(65, 'a')}) {
    EXPECT_EQ(placement_hint(target), "") << target;
  }
  EXPECT_EQ(placement_hint("/ws?match=" + std::string(64, 'a')), std::string(64, 'a'));
  // Served either way: the hint places the connection, the hello says what it plays.
  server::test::Running r("ws-placement");
  for (const std::string target : {"/ws?match=0123456789abcdef", "/ws?match=../x", "/ws?x"}) {
    RawClient client(r.port(), "", target);
    ASSERT_TRUE(client.upgraded()) << target;
    client.send(client_frame(Opcode::kText, "not json", true, 5));
    expect_bad_request_reply(client);
  }
}

TEST(WsNet, AnswersPingsAndEchoesTheClose) {
  server::test::Running r("ws-ping");
  RawClient client(r.port());
  ASSERT_TRUE(client.upgraded());
  client.send(client_frame(Opcode::kPing, "still there?", true, 1));
  auto frame = client.next();
  ASSERT_TRUE(frame);
  EXPECT_EQ(frame->op, Opcode::kPong);
  EXPECT_EQ(frame->payload, "still there?");
  client.send(client_frame(Opcode::kClose, std::string("\x03\xE9", 2) + "bye", true, 2));
  frame = client.next();
  ASSERT_TRUE(frame);
  EXPECT_EQ(frame->op, Opcode::kClose);
  EXPECT_EQ(close_code(*frame), 1001);  // echoed
  EXPECT_FALSE(client.next());          // and the server ends the connection
}

TEST(WsNet, FailsBadFramesWithTheirCloseCodesAndStaysUp) {
  server::test::Running r("ws-fail");
  const struct {
    std::string bytes;
    std::uint16_t code;
  } cases[] = {
      {std::string("\x81\x02hi", 4), 1002},                                   // not masked
      {client_frame(Opcode::kBinary, "\x01", true, 1), 1003},                 // binary
      {client_frame(Opcode::kText, "\xC3(", true, 1), 1007},                  // not UTF-8
      {client_frame(Opcode::kText, std::string(20000, ' '), true, 1), 1009},  // over the bound
      {client_frame(Opcode::kContinuation, "x", true, 1), 1002},              // nothing to continue
  };
  for (const auto& c : cases) {
    RawClient client(r.port());
    ASSERT_TRUE(client.upgraded());
    client.send(c.bytes);
    const auto frame = client.next();
    ASSERT_TRUE(frame) << "code " << c.code;
    EXPECT_EQ(frame->op, Opcode::kClose);
    EXPECT_EQ(close_code(*frame), c.code);
    EXPECT_TRUE(client.closed_after(client.next()));
  }
  RawClient after(r.port());
  ASSERT_TRUE(after.upgraded());
  after.send_text("not json");
  expect_bad_request_reply(after);
}

TEST(WsNet, ReadsAMessageSentWithTheUpgradeRequestAndMessagesInFragments) {
  server::test::Running r("ws-early");
  RawClient client(r.port(), client_frame(Opcode::kText, "not json", true, 3));
  ASSERT_TRUE(client.upgraded());
  expect_bad_request_reply(client);
  client.send(client_frame(Opcode::kText, "not", false, 4) +
              client_frame(Opcode::kPing, "", true, 5) +
              client_frame(Opcode::kContinuation, " json", true, 6));
  const auto pong = client.next();
  ASSERT_TRUE(pong);
  EXPECT_EQ(pong->op, Opcode::kPong);
  expect_bad_request_reply(client);
}

// A served server whose idle timeout is short enough to watch.
struct QuickIdle {
  QuickIdle() : fixture("ws-idle", 1, false, /*with_group_commit=*/true) {
    fixture.close();
    fixture.limits.websocket_idle = std::chrono::milliseconds(1500);  // 750 ms to answer a ping
    fixture.open();
    server.emplace(*fixture.service, ServerConfig{"127.0.0.1", 0, "", 2});
    server->start();
  }
  server::test::Fixture fixture;
  std::optional<HttpServer> server;
};

TEST(WsNet, PingsAQuietClientAndClosesItWhenItStaysQuiet) {
  QuickIdle q;
  RawClient quiet(q.server->port());
  ASSERT_TRUE(quiet.upgraded());
  const auto ping = quiet.next();
  ASSERT_TRUE(ping);
  EXPECT_EQ(ping->op, Opcode::kPing);
  EXPECT_FALSE(quiet.next());  // unanswered: closed
}

TEST(WsNet, AClientThatAnswersPingsStaysConnected) {
  QuickIdle q;
  RawClient client(q.server->port());
  ASSERT_TRUE(client.upgraded());
  for (int i = 0; i < 3; ++i) {  // three pings: well past the idle time
    const auto ping = client.next();
    ASSERT_TRUE(ping);
    ASSERT_EQ(ping->op, Opcode::kPing);
    client.send(client_frame(Opcode::kPong, ping->payload, true, 7));
  }
  client.send_text("not json");
  expect_bad_request_reply(client);
}

}  // namespace
}  // namespace mw::server::ws
