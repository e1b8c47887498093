// read_compact_act (compact_act.h): the act message as clients write it is read without a JSON
// parser, every other text is left to parse_client_json, and what is read is what that parser
// reads.
#include "server/compact_act.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/rng.h"
#include "server/api.h"
#include "server/client_session.h"

namespace mw::server {
namespace {

TEST(CompactAct, ReadsTheMoveAsClientsWriteIt) {
  const auto act = read_compact_act(R"({"type":"act","action":"AH-4H","version":7})");
  ASSERT_TRUE(act);
  EXPECT_EQ(act->action, "AH-4H");
  EXPECT_EQ(act->version, 7u);
  const auto reordered = read_compact_act(R"({"version":0,"action":"move b3 up","type":"act"})");
  ASSERT_TRUE(reordered);
  EXPECT_EQ(reordered->action, "move b3 up");
  EXPECT_EQ(reordered->version, 0u);
  const auto largest =
      read_compact_act(R"({"type":"act","action":"","version":9999999999999999999})");
  ASSERT_TRUE(largest);
  EXPECT_EQ(largest->action, "");
  EXPECT_EQ(largest->version, 9999999999999999999u);
}

TEST(CompactAct, LeavesEveryOtherTextToTheParser) {
  for (const char* text : {
           R"({"type": "act","action":"up","version":1})",                 // a space
           R"({"type":"act","action":"u\u0070","version":1})",             // an escape
           "{\"type\":\"act\",\"action\":\"c\xc3\xa9\",\"version\":1}",    // not ASCII
           "{\"type\":\"act\",\"action\":\"a\tb\",\"version\":1}",         // a control character
           R"({"type":"act","action":"up","version":1,"x":1})",            // another member
           R"({"type":"act","action":"up","action":"down","version":1})",  // one twice
           R"({"type":"act","action":"up"})",                              // one missing
           R"({"type":"check","action":"up","version":1})",
           R"({"type":"act","action":"up","version":-1})",
           R"({"type":"act","action":"up","version":01})",
           R"({"type":"act","action":"up","version":1.0})",
           R"({"type":"act","action":"up","version":1e2})",
           R"({"type":"act","action":"up","version":12345678901234567890})",  // 20 digits
           R"({"type":"act","action":"up","version":"1"})",
           R"({"type":"act","action":7,"version":1})",
           R"({"type":"act","action":"up","version":1} )",
           R"({"type":"act","action":"up","version":1}})",
           R"({"type":"act","action":"up","version":1,})",
           R"({"type":"act","action":"up,"version":1})",
           R"({"type":"act","action":"up","version":})",
           "{}",
           "",
           "[]",
           "{",
           R"({"type":"act")",
       }) {
    EXPECT_FALSE(read_compact_act(text)) << text;
  }
}

// What the full parser reads in `text`, as the session reads an act message; nullopt when it
// refuses the text or reads no act message from it.
std::optional<std::pair<std::string, std::uint64_t>> parsed_act(std::string_view text) {
  try {
    const Json msg = parse_client_json(text, kMaxClientMessageBytes);
    if (!msg.is_object() || msg.size() != 3 || msg.value("type", Json()) != "act") {
      return std::nullopt;
    }
    const Json& action = msg.at("action");
    const Json& version = msg.at("version");
    if (!action.is_string() || !version.is_number_unsigned()) return std::nullopt;
    return std::pair{action.get<std::string>(), version.get<std::uint64_t>()};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Random edits of act messages: whenever one is read here, the parser reads the same move from it.
TEST(CompactAct, ReadsWhatTheParserReads) {
  const std::string bytes = R"({}[]:,"\ 0123456789-+.eE actionversiontype)"
                            "\t\x01\x7f\xc3\xa9";
  Rng rng(11);
  int read = 0;
  for (int round = 0; round < 200000; ++round) {
    std::string text = R"({"type":"act","action":"9D-4D","version":18})";
    for (int edits = 1 + static_cast<int>(rng.below(3)); edits > 0; --edits) {
      const std::size_t at = rng.below(text.size() + 1);
      const char c = bytes[rng.below(bytes.size())];
      switch (rng.below(3)) {
        case 0:
          text.insert(at, 1, c);
          break;
        case 1:
          if (at < text.size()) text.erase(at, 1);
          break;
        default:
          if (at < text.size()) text[at] = c;
          break;
      }
    }
    const auto fast = read_compact_act(text);
    if (!fast) continue;
    ++read;
    const auto full = parsed_act(text);
    ASSERT_TRUE(full) << text;
    EXPECT_EQ(full->first, fast->action) << text;
    EXPECT_EQ(full->second, fast->version) << text;
  }
  EXPECT_GT(read, 1000);  // the edits leave many messages readable: the check has something to see
}

}  // namespace
}  // namespace mw::server
