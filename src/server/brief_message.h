#pragma once
// What a random player (the load generator) needs of a server message: its type, version, who is
// to act, the status and the legal moves, read from the text without parsing the rest (the view,
// the patch and the log are most of each message: the load generator must not be what a load
// test measures).
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace mw::server {

struct BriefMessage {
  // Each as written: JSON text, a string with its quotes (so "\"patch\"").
  std::string_view type;
  std::string_view status;
  std::vector<std::string_view> legal;  // the strings of "legal", each as written
  std::optional<std::uint64_t> version;
  std::optional<int> to_act;  // nullopt: absent or null
};

// nullopt when `text` is not one JSON object (its members may hold any JSON).
std::optional<BriefMessage> read_brief(std::string_view text);

}  // namespace mw::server
