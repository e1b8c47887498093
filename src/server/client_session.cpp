#include "server/client_session.h"

#include "server/api.h"
#include "server/compact_act.h"
#include "server/messages.h"
#include "server/server_error.h"

namespace mw::server {
namespace {

std::string string_field(const Json& msg, const char* name, const char* what) {
  const auto it = msg.find(name);
  if (it == msg.end() || !it->is_string()) {
    fail("bad_request", 400, std::string("missing \"") + name + "\" (" + what + ")");
  }
  return it->get<std::string>();
}

// The version of the state a move (or a check) is for.
std::uint64_t version_field(const Json& msg) {
  const auto v = msg.find("version");
  const bool non_negative =
      v != msg.end() &&
      (v->is_number_unsigned() || (v->is_number_integer() && v->get<std::int64_t>() >= 0));
  if (!non_negative) {
    fail("bad_request", 400, "missing \"version\" (the version of the state the move is for)");
  }
  return v->get<std::uint64_t>();
}

}  // namespace

ClientSession::ClientSession(MatchService& service, Subscription::Sink send)
    : service_(service), service_alive_(service.lifetime()), send_(std::move(send)) {}

ClientSession::~ClientSession() {
  if (sub_ && !service_alive_.expired()) service_.detach(sub_);
}

void ClientSession::on_text(std::string_view text) {
  if (act_compact(text)) return;
  std::string type;  // named in a refusal once known
  try {
    const Json msg = parse_client_json(text, kMaxClientMessageBytes);
    if (!msg.is_object()) fail("bad_request", 400, "a message is a JSON object with a \"type\"");
    type = string_field(msg, "type", "hello, act, check, suggest, sync, resign or rematch");
    if (type == "hello") {
      hello(msg);
    } else if (!sub_) {
      fail("unauthorized", 401, "send {\"type\": \"hello\", \"match\": ..., \"token\": ...} first");
    } else if (type == "act") {
      act(msg);
    } else if (type == "check") {
      check(msg);
    } else if (type == "suggest") {
      service_.suggest(sub_, string_field(msg, "agent", "an agent spec, e.g. \"random\""));
    } else if (type == "sync") {
      service_.resync(sub_);
    } else if (type == "resign") {
      service_.resign(sub_, version_field(msg));
    } else if (type == "rematch") {
      service_.rematch(sub_);
    } else {
      type.clear();
      fail("bad_request", 400,
           "unknown message type; known: hello, act, check, suggest, sync, resign, rematch");
    }
  } catch (const std::exception& e) {
    refuse(e, type);
  }
}

// A move written as clients write it (compact_act.h) goes to the service as act() would send it,
// without a Json; false for any other message.
bool ClientSession::act_compact(std::string_view text) {
  if (!sub_ || text.size() > kMaxClientMessageBytes) return false;
  const std::optional<CompactAct> act = read_compact_act(text);
  if (!act) return false;
  try {
    service_.act(sub_, std::string(act->action), act->version);
  } catch (const std::exception& e) {
    refuse(e, "act");
  }
  return true;
}

void ClientSession::refuse(const std::exception& e, const std::string& type) {
  int status = 0;
  const Json err = error_json(e, status);
  send_(error_message(err["code"].get<std::string>(), err["message"].get<std::string>(), 0, type)
            .dump(),
        MessageKind::kReply);
}

void ClientSession::hello(const Json& msg) {
  if (sub_) fail("bad_request", 400, "already attached to a match");
  const std::string match = string_field(msg, "match", "the match id");
  std::optional<std::string> token;
  if (const auto it = msg.find("token"); it != msg.end() && !it->is_null()) {
    if (!it->is_string()) fail("bad_request", 400, "\"token\" must be a string");
    token = it->get<std::string>();
  }
  sub_ = service_.attach(match, token, send_);
}

void ClientSession::act(const Json& msg) {
  const std::string action = string_field(msg, "action", "a move in the game's notation");
  service_.act(sub_, action, version_field(msg));
}

void ClientSession::check(const Json& msg) {
  const std::string action = string_field(msg, "action", "a move in the game's notation");
  service_.check(sub_, action, version_field(msg));
}

}  // namespace mw::server
