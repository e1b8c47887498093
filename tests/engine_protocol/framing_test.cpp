// Engine protocol framing: malformed lines, added fields, a scripted session, the stream loop.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/engine.h"
#include "games/all_games.h"
#include "protocol_support.h"

namespace mw::cli {
namespace {

using namespace protocol_support;

// --- framing

TEST(EngineProtocol, MalformedLinesGetAnErrorWithTheIdWhenReadable) {
  EngineSession s(builtin_games());
  auto expect = [&](std::string_view line, const Json& id, const char* code = "bad_request") {
    const Json reply = s.handle(line);
    EXPECT_EQ(error_code(reply), code) << line.substr(0, 80);
    EXPECT_EQ(reply["id"], id) << line.substr(0, 80);
    EXPECT_FALSE(reply["error"]["message"].get<std::string>().empty());
  };
  expect("", nullptr);
  expect("not json", nullptr);
  expect("{\"id\":1,\"request\":", nullptr);
  expect("[1,2]", nullptr);
  expect("42", nullptr);
  expect("{\"request\":\"version\"}", nullptr);
  expect("{\"id\":[1],\"request\":\"version\"}", nullptr);
  expect("{\"id\":{},\"request\":\"version\"}", nullptr);
  expect("{\"id\":7}", 7);
  expect("{\"id\":7,\"request\":3}", 7);
  expect("{\"id\":\"x\",\"request\":\"fly\"}", "x");
  expect("{\"id\":1e999,\"request\":\"version\"}", nullptr);
  expect("\xff\xfe{", nullptr);
  expect("{\"id\":\"\xff\",\"request\":\"version\"}", nullptr);  // invalid UTF-8
  expect(std::string(100, '[') + std::string(100, ']'), nullptr);
  expect(std::string(1'000'000, '['), nullptr);  // refused before nlohmann sees it
  expect("{\"id\":3,\"request\":\"new\",\"game\":\"treasure-hunt\",\"options\":" +
             std::string(70, '[') + std::string(70, ']') + "}",
         nullptr);
  std::string huge =
      "{\"id\":5,\"request\":\"version\",\"pad\":\"" + std::string(kMaxLineBytes, 'x') + "\"}";
  expect(huge, nullptr);
  // Brackets inside strings do not count as nesting.
  EXPECT_TRUE(ok(s, Json{{"id", std::string(200, '[')}, {"request", "version"}})["ok"]);
}

TEST(EngineProtocol, ClientsMayAddFieldsAndSendNulls) {
  EngineSession s(builtin_games());
  EXPECT_TRUE(s.handle("{\"id\":1,\"request\":\"version\",\"extra\":{\"a\":[1]}}")["ok"]);
  const Json reply = s.handle(
      "{\"id\":null,\"request\":\"new\",\"game\":\"treasure-hunt\","
      "\"seed\":null,\"options\":null,\"auto_chance\":null}\r");
  EXPECT_TRUE(reply["ok"]);
  EXPECT_TRUE(reply["id"].is_null());
  EXPECT_EQ(reply["seed"], 0);
  EXPECT_TRUE(
      s.handle("{\"id\":true,\"request\":\"ai\",\"agent\":\"random\",\"play\":null}")["id"]);
  EXPECT_EQ(s.handle("{\"id\":2.5,\"request\":\"state\"}")["id"], 2.5);
  EXPECT_EQ(s.handle("{\"id\":18446744073709551615,\"request\":\"state\"}")["id"],
            18446744073709551615ULL);
}

// --- a scripted session

TEST(EngineProtocol, ScriptedSession) {
  EngineSession s(builtin_games());
  const Json created = new_th(s, 3);
  const Json legal = ok(s, Json{{"id", 2}, {"request", "legal"}});
  ASSERT_FALSE(legal["actions"].empty());
  const Json illegal = call(s, Json{{"id", 3}, {"request", "play"}, {"action", "a1-e5"}});
  EXPECT_EQ(error_code(illegal), "illegal_action");
  EXPECT_EQ(illegal["id"], 3);
  const Json played =
      ok(s, Json{{"id", 4}, {"request", "play"}, {"action", legal["actions"][0]["text"]}});
  EXPECT_EQ(played["history_length"], 27);
  EXPECT_NE(played["document"], created["document"]);
  const Json undone = ok(s, Json{{"id", 5}, {"request", "undo"}});
  EXPECT_EQ(undone["document"], created["document"]);
  const Json ai = ok(s, Json{{"id", 6}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  const Json record = ok(s, Json{{"id", 7}, {"request", "record"}})["record"];
  EXPECT_EQ(record["actions"].back(), ai["action"]);
  EXPECT_EQ(record["notation"].back(), ai["text"]);
  const Json state = ok(s, Json{{"id", 8}, {"request", "state"}});
  const Json loaded = ok(s, Json{{"id", 9}, {"request", "load"}, {"record", record}});
  const Json again = ok(s, Json{{"id", 10}, {"request", "state"}});
  EXPECT_EQ(loaded["document"], state["document"]);
  Json expected = state;
  expected["id"] = 10;
  EXPECT_EQ(again, expected);
}

// --- the stream loop

TEST(EngineLoop, OneFlushedReplyPerLineUntilQuit) {
  std::istringstream in(
      "{\"id\":1,\"request\":\"version\"}\n"
      "garbage\n"
      "\n"
      "{\"id\":2,\"request\":\"new\",\"game\":\"treasure-hunt\"}\r\n"
      "{\"id\":3,\"request\":\"quit\"}\n"
      "{\"id\":4,\"request\":\"version\"}\n");
  std::ostringstream out;
  EXPECT_EQ(run_engine(in, out), 0);
  std::istringstream replies(out.str());
  std::vector<Json> lines;
  for (std::string line; std::getline(replies, line);) lines.push_back(Json::parse(line));
  ASSERT_EQ(lines.size(), 5u);  // nothing after quit
  EXPECT_EQ(lines[0]["id"], 1);
  EXPECT_EQ(lines[1]["ok"], false);
  EXPECT_EQ(lines[2]["ok"], false);
  EXPECT_EQ(lines[3]["ok"], true);
  EXPECT_EQ(lines[4], (Json{{"id", 3}, {"ok", true}}));
}

TEST(EngineLoop, EndOfInputEndsAndALastLineNeedsNoNewline) {
  std::istringstream in(std::string(3 * kMaxLineBytes, 'x') +
                        "\n{\"id\":9,\"request\":\"version\"}");
  std::ostringstream out;
  EXPECT_EQ(run_engine(in, out), 0);
  std::istringstream replies(out.str());
  std::string first, second;
  std::getline(replies, first);
  std::getline(replies, second);
  EXPECT_EQ(Json::parse(first)["error"]["code"], "bad_request");
  EXPECT_EQ(Json::parse(second)["id"], 9);
}

}  // namespace
}  // namespace mw::cli
