// docs/protocol.md's examples are real: its request blocks replayed, replies compared.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "games/all_games.h"
#include "protocol_support.h"

namespace mw::cli {
namespace {

using namespace protocol_support;

// --- docs/protocol.md: its examples are real. Fenced blocks tagged `json request` run in one
// session in document order (`json request fresh` starts a new one); the next `json reply` block
// holds their replies. In a documented reply, an object with a "…" member stands for any object
// with the members shown, an array ending in "…" for any array starting with the elements shown,
// and a string ending in "…" for any string starting with the text shown. `json session` blocks
// run in a fresh session each and must succeed line by line.

bool matches(const Json& documented, const Json& actual) {
  static const std::string kEllipsis = "…";
  if (documented.is_string() && actual.is_string()) {
    const auto& d = documented.get_ref<const std::string&>();
    if (d.ends_with(kEllipsis)) {
      return actual.get_ref<const std::string&>().starts_with(
          d.substr(0, d.size() - kEllipsis.size()));
    }
  }
  if (documented.is_object() && documented.contains("…")) {
    if (!actual.is_object()) return false;
    for (const auto& [k, v] : documented.items()) {
      if (k != "…" && (!actual.contains(k) || !matches(v, actual[k]))) return false;
    }
    return true;
  }
  if (documented.is_array() && !documented.empty() && documented.back() == "…") {
    if (!actual.is_array() || actual.size() < documented.size() - 1) return false;
    for (std::size_t i = 0; i + 1 < documented.size(); ++i) {
      if (!matches(documented[i], actual[i])) return false;
    }
    return true;
  }
  if (documented.is_structured() && documented.type() == actual.type() &&
      documented.size() == actual.size()) {
    if (documented.is_array()) {
      for (std::size_t i = 0; i < documented.size(); ++i) {
        if (!matches(documented[i], actual[i])) return false;
      }
      return true;
    }
    for (const auto& [k, v] : documented.items()) {
      if (!actual.contains(k) || !matches(v, actual[k])) return false;
    }
    return true;
  }
  return documented == actual;
}

struct Block {
  std::string tag;
  std::vector<std::string> lines;
};

std::vector<Block> fenced_blocks(const std::string& markdown) {
  std::vector<Block> blocks;
  std::istringstream in(markdown);
  Block* open = nullptr;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      if (open != nullptr) {
        open = nullptr;
      } else {
        blocks.push_back({line.substr(3), {}});
        open = &blocks.back();
      }
    } else if (open != nullptr && !line.empty()) {
      open->lines.push_back(line);
    }
  }
  return blocks;
}

TEST(EngineDocs, ExamplesInProtocolMdAreRealOutput) {
  const std::string markdown = source_file("docs/protocol.md");
  ASSERT_FALSE(markdown.empty()) << "docs/protocol.md not found (MAZEWORKS_SOURCE_DIR?)";
  const std::vector<Block> blocks = fenced_blocks(markdown);
  auto s = std::make_unique<EngineSession>(builtin_games());
  std::vector<Json> pending;  // replies of the last request block
  int checked = 0, sessions = 0;
  for (const Block& b : blocks) {
    if (b.tag.rfind("json request", 0) == 0) {
      if (b.tag.find("fresh") != std::string::npos) {
        s = std::make_unique<EngineSession>(builtin_games());
      }
      pending.clear();
      for (const auto& line : b.lines) pending.push_back(s->handle(line));
    } else if (b.tag == "json reply") {
      ASSERT_EQ(b.lines.size(), pending.size()) << "a reply block must follow its request block";
      for (std::size_t i = 0; i < b.lines.size(); ++i) {
        const Json documented = Json::parse(b.lines[i]);
        EXPECT_TRUE(matches(documented, pending[i]))
            << "documented: " << b.lines[i] << "\nactual:     " << reply_line(pending[i]);
        ++checked;
      }
      pending.clear();
    } else if (b.tag == "json session") {
      EngineSession fresh(builtin_games());
      for (const auto& line : b.lines) {
        const Json reply = fresh.handle(line);
        EXPECT_TRUE(reply["ok"]) << line << " -> " << reply_line(reply);
      }
      EXPECT_TRUE(fresh.finished()) << "a sample session ends with quit";
      ++sessions;
    }
  }
  EXPECT_GE(checked, 20);
  EXPECT_GE(sessions, 1);
}

}  // namespace
}  // namespace mw::cli
