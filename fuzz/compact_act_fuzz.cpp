// Any text as a client's WebSocket message, to the act message's reader without a parser
// (src/server/compact_act.h): whatever it reads, the full parser (parse_client_json) reads the
// same move from the same text, as an object of exactly "type": "act", "action" and "version".
#include <optional>
#include <string>

#include "fuzz_support.h"
#include "server/api.h"
#include "server/client_session.h"
#include "server/compact_act.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = mw::fuzz::as_text(data, size);
  const std::optional<mw::server::CompactAct> act = mw::server::read_compact_act(text);
  if (!act) return 0;
  mw::Json msg;
  try {
    msg = mw::server::parse_client_json(text, mw::server::kMaxClientMessageBytes);
  } catch (const std::exception& e) {
    mw::fuzz::violated("a compact act the parser refuses", std::string(text) + "\n" + e.what());
  }
  const bool same = msg.is_object() && msg.size() == 3 && msg["type"] == "act" &&
                    msg["action"].is_string() && msg["action"] == std::string(act->action) &&
                    msg["version"].is_number_unsigned() &&
                    msg["version"].get<std::uint64_t>() == act->version;
  if (!same) mw::fuzz::violated("a compact act read otherwise by the parser", std::string(text));
  return 0;
}
