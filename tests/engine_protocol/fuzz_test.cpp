// Engine protocol fuzz: every garbled line gets one well-formed reply and changes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "games/all_games.h"
#include "protocol_support.h"

namespace mw::cli {
namespace {

using namespace protocol_support;

// --- fuzz: every garbled line gets one well-formed reply with the right id, and a failed request
// changes nothing.

// The depth of a parsed value, counting no further than `limit + 1`.
int depth(const Json& j, int limit) {
  if (!j.is_structured() || limit < 0) return 0;
  int deepest = 0;
  for (const auto& child : j) deepest = std::max(deepest, depth(child, limit - 1));
  return 1 + deepest;
}

// The id a reply to `line` must carry: the request's own when the line is an acceptable object.
Json expected_id(const std::string& line) {
  std::string_view text = line;
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  if (text.size() > kMaxLineBytes) return nullptr;
  const Json j = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object() || depth(j, kMaxNesting) > kMaxNesting) return nullptr;
  const auto it = j.find("id");
  return it == j.end() || it->is_structured() ? Json(nullptr) : *it;
}

class Fuzzer {
 public:
  explicit Fuzzer(std::uint64_t seed) : rng_(seed) {}

  std::string line(EngineSession& s) {
    switch (rng_.below(8)) {
      case 0:
        return random_bytes();
      case 5:
        return corrupted_load(s);
      case 1:
        return mutate(valid(s));
      case 2:
        return with_odd_field(valid(s));
      case 3:
        return nested();
      case 4: {  // truncated
        const std::string text = valid(s).dump();
        return text.substr(0, rng_.below(text.size() + 1));
      }
      default:
        return valid(s).dump();  // keeps the game moving so failures hit many positions
    }
  }

 private:
  std::string random_bytes() {
    std::string out(rng_.below(120), '\0');
    for (char& c : out) {
      c = static_cast<char>(rng_.below(256));
      if (c == '\n') c = ' ';
    }
    return out;
  }

  Json odd_value() {
    static const std::vector<Json> values = {
        nullptr,
        true,
        false,
        0,
        -1,
        1.5,
        1e308,
        -1e308,
        18446744073709551615ULL,
        std::numeric_limits<std::int64_t>::min(),
        "",
        "up",
        "deal AD",
        "random",
        "x\u00e9\u2603",
        Json::array(),
        Json::object(),
        Json::array({1, "a", nullptr}),
        Json{{"game", "chess"}},
        Json{{"game", "treasure-hunt"}, {"state", {{"phase", "swap"}}}},
        Json{{"game", "treasure-hunt"}, {"actions", {1, 2, 3}}},
        std::string(3000, 'q'),
        "AD",
        "10D",
        "a1",
        "e5",
        "swap",
        "over",
        -7,
        255,
        30000,
        70000,
        4294967296LL};
    return values[rng_.below(values.size())];
  }

  Json valid(EngineSession& s) {
    static const std::vector<const char*> requests = {
        "version", "games", "state", "view", "legal",  "play", "play", "play",
        "chance",  "undo",  "ai",    "ai",   "record", "new",  "load", "fly"};
    Json r = {{"id", static_cast<std::int64_t>(rng_.below(1000))},
              {"request", requests[rng_.below(requests.size())]}};
    const std::string name = r["request"];
    if (name == "view") r["player"] = rng_.below(3) == 0 ? Json("spectator") : Json(rng_.below(2));
    if (name == "play") {
      const Json legal = s.handle(R"({"id":0,"request":"legal"})");
      const Json& actions = legal.value("actions", Json::array());
      if (!actions.empty()) {
        r["action"] = actions[rng_.below(actions.size())][rng_.below(2) ? "text" : "action"];
      } else {
        r["action"] = "up";
      }
    }
    if (name == "ai") {
      r["agent"] = "random";
      r["play"] = rng_.below(2) == 0;
    }
    if (name == "undo") r["count"] = 1 + rng_.below(2);
    if (name == "new") {
      r["game"] = "treasure-hunt";
      r["seed"] = rng_.below(5);
      r["auto_chance"] = rng_.below(4) != 0;
    }
    if (name == "load") {
      r["record"] = s.handle(R"({"id":0,"request":"record"})").value("record", Json::object());
    }
    return r;
  }

  std::string mutate(const Json& request) {
    std::string text = request.dump();
    for (int n = 1 + static_cast<int>(rng_.below(4)); n > 0 && !text.empty(); --n) {
      const std::size_t at = rng_.below(text.size());
      switch (rng_.below(3)) {
        case 0:
          text[at] = "{}[]\",:\\x0-e."[rng_.below(14)];
          break;
        case 1:
          text.erase(at, 1 + rng_.below(5));
          break;
        default:
          text.insert(at, 1, static_cast<char>(32 + rng_.below(95)));
          break;
      }
    }
    return text;
  }

  // One of the request's own fields (most often) or any protocol field gets an odd value.
  std::string with_odd_field(Json request) {
    static const std::vector<const char*> fields = {
        "id",     "request", "game",  "options", "seed", "auto_chance", "document",   "record",
        "player", "action",  "count", "agent",   "play", "ms",          "iterations", "render"};
    std::vector<std::string> own;
    for (const auto& [k, v] : request.items()) own.push_back(k);
    const std::string name = rng_.below(4) != 0 ? own[rng_.below(own.size())]
                                                : std::string(fields[rng_.below(fields.size())]);
    request[name] = odd_value();
    return request.dump();
  }

  // A real document or record with one value somewhere inside replaced or removed: reaches the
  // games' readers with almost-valid input.
  std::string corrupted_load(EngineSession& s) {
    const bool document = rng_.below(2) == 0;
    Json body =
        s.handle(document ? R"({"id":0,"request":"state"})" : R"({"id":0,"request":"record"})")
            .value(document ? "document" : "record", Json::object());
    Json* at = &body;
    // Walk down a random path, then replace (or now and then delete) what is there.
    while (at->is_structured() && !at->empty() && rng_.below(4) != 0) {
      const auto it = std::next(at->begin(), static_cast<std::ptrdiff_t>(rng_.below(at->size())));
      if (at->is_object() && rng_.below(6) == 0) {
        at->erase(it);
        at = nullptr;
        break;
      }
      at = &*it;
    }
    if (at != nullptr) *at = odd_value();
    Json request = {{"id", 77}, {"request", "load"}, {document ? "document" : "record", body}};
    return request.dump();
  }

  std::string nested() {
    const std::size_t n = 50 + rng_.below(rng_.below(2) ? 30 : 5000);
    const std::string open(n, rng_.below(2) ? '[' : '{');
    if (open[0] == '{') return "{\"id\":1,\"request\":\"new\",\"options\":" + open;
    return "{\"id\":1,\"request\":\"new\",\"options\":" + open + std::string(n, ']') + "}";
  }

  Rng rng_;
};

TEST(EngineProtocol, FuzzedLinesAlwaysGetOneWellFormedReply) {
  EngineSession s(builtin_games());
  new_th(s);
  Fuzzer fuzz(2024);
  int failures = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string line = fuzz.line(s);
    const std::string before = snapshot(s);
    const Json reply = s.handle(line);
    const std::string written = reply_line(reply);
    SCOPED_TRACE(line.substr(0, 200));
    ASSERT_EQ(written.find('\n'), std::string::npos);
    ASSERT_NO_THROW({ [[maybe_unused]] const Json parsed = Json::parse(written); });
    ASSERT_TRUE(reply.is_object());
    ASSERT_TRUE(reply.contains("ok") && reply["ok"].is_boolean());
    EXPECT_EQ(reply["id"], expected_id(line));
    if (!reply["ok"].get<bool>()) {
      ++failures;
      ASSERT_TRUE(reply["error"]["code"].is_string());
      ASSERT_TRUE(reply["error"]["message"].is_string());
      EXPECT_NE(reply["error"]["code"], "internal") << reply.dump();
      EXPECT_EQ(snapshot(s), before);
    }
    ASSERT_FALSE(s.finished());
  }
  EXPECT_GT(failures, 1000);
}

}  // namespace
}  // namespace mw::cli
