// The load generator's reading of server messages (brief_message.h) against a full JSON parse.
#include "server/brief_message.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace mw::server {
namespace {

Json sample_patch() {
  return Json{{"type", "patch"},
              {"match", "e3e6addc49954f7f"},
              {"version", 28},
              {"seat", 0},
              {"to_act", 0},
              {"status", "playing"},
              {"patch", Json::array({Json{{"op", "replace"},
                                          {"path", "/board/0/1"},
                                          {"value", "a \"quoted\" } ] { [ \\ value"}}})},
              {"legal", Json::array({"AH-4H", "say \"hi\"", "back\\slash", "caf\u00e9 \u20ac"})},
              {"events", Json::array({Json{{"n", 27}, {"player", 1}, {"text", "down"}}})}};
}

TEST(BriefMessage, ReadsWhatAFullParseReads) {
  const Json message = sample_patch();
  for (const int indent : {-1, 2}) {
    const std::string text = message.dump(indent);
    const auto brief = read_brief(text);
    ASSERT_TRUE(brief) << text;
    EXPECT_EQ(brief->type, message["type"].dump());
    EXPECT_EQ(brief->status, message["status"].dump());
    EXPECT_EQ(brief->version, 28u);
    EXPECT_EQ(brief->to_act, 0);
    ASSERT_EQ(brief->legal.size(), message["legal"].size());
    for (std::size_t i = 0; i < brief->legal.size(); ++i) {
      // Each move as written parses back to the move.
      EXPECT_EQ(Json::parse(brief->legal[i]), message["legal"][i]);
    }
  }
}

TEST(BriefMessage, ReadsNullsAndMessagesWithoutTheFields) {
  auto brief = read_brief(R"({"type":"state","version":3,"to_act":null,"legal":[]})");
  ASSERT_TRUE(brief);
  EXPECT_FALSE(brief->to_act);
  EXPECT_TRUE(brief->legal.empty());
  brief = read_brief(R"({"type":"error","code":"stale_version","message":"x"})");
  ASSERT_TRUE(brief);
  EXPECT_EQ(brief->type, R"("error")");
  EXPECT_FALSE(brief->version);
  EXPECT_TRUE(read_brief("{}"));
}

TEST(BriefMessage, RefusesWhatIsNotOneObjectWithoutReadingPastIt) {
  const std::string text = sample_patch().dump();
  for (std::size_t n = 0; n < text.size(); ++n) {
    EXPECT_FALSE(read_brief(text.substr(0, n))) << n;  // every cut is refused
  }
  for (const char* bad : {"", "[]", "null", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{\"a\":1}x",
                          "{\"legal\":[1,2]}", "{\"legal\":\"x\"}", "{a:1}"}) {
    EXPECT_FALSE(read_brief(bad)) << bad;
  }
}

}  // namespace
}  // namespace mw::server
