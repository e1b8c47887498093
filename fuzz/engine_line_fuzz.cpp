// The engine protocol (docs/protocol.md) fed line by line, as `mazeworks engine` reads stdin:
// every line gets a JSON reply, and nothing crashes whatever the lines say.
#include <cstdint>

#include "cli/engine_session.h"
#include "fuzz_support.h"
#include "games/all_games.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mw;
  cli::EngineSession session(builtin_games());
  std::string_view rest = fuzz::as_text(data, size);
  for (int lines = 0; !rest.empty() && lines < 64; ++lines) {
    const auto end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    const Json reply = session.handle(line);
    if (!reply.is_object() || !reply.contains("ok")) {
      fuzz::violated("every line gets a reply with \"ok\"", reply.dump());
    }
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  return 0;
}
