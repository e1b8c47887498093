#pragma once
// The message of every move, read without a JSON parser. Clients (the browser app, `loadtest`)
// write it compactly as {"type":"act","action":"...","version":N}; building a Json of it took
// about a tenth of the server's own work on a move. Only that exact shape is read here: anything
// else, a space, an escape, a byte outside printable ASCII, another member or the same one twice,
// is left to the full parser (parse_client_json), which gives every other message its outcome,
// refusals included. What is read here is what that parser would have read.
#include <cstdint>
#include <optional>
#include <string_view>

namespace mw::server {

struct CompactAct {
  std::string_view action;  // inside the text read
  std::uint64_t version = 0;
};

// The act message in `text`, if `text` is one written compactly as above (the three members in
// any order); nullopt otherwise.
std::optional<CompactAct> read_compact_act(std::string_view text);

}  // namespace mw::server
