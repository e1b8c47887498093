#pragma once
// The WebSocket protocol of one connection, without the socket: text messages in, text messages
// out through `send` (docs/server.md). The first message authenticates ({"type": "hello"}); then
// "act", "check" (would this move be accepted?), "suggest" (what would a computer play?) and
// "sync", "resign" (end the match, losing) and "rematch" (play again once it is over). Every
// refusal is an error message; a malformed message changes nothing.
#include <memory>
#include <string>
#include <string_view>

#include "server/match_service.h"

namespace mw::server {

// WebSocket messages from clients are refused beyond this size.
inline constexpr std::size_t kMaxClientMessageBytes = 16 * 1024;

class ClientSession {
 public:
  ClientSession(MatchService& service, Subscription::Sink send);
  ~ClientSession();  // detaches from the match
  ClientSession(const ClientSession&) = delete;
  ClientSession& operator=(const ClientSession&) = delete;

  void on_text(std::string_view text);

 private:
  bool act_compact(std::string_view text);
  void refuse(const std::exception& e, const std::string& type);
  void hello(const Json& msg);
  void act(const Json& msg);
  void check(const Json& msg);

  MatchService& service_;
  std::weak_ptr<const int> service_alive_;
  Subscription::Sink send_;
  std::shared_ptr<Subscription> sub_;
};

}  // namespace mw::server
