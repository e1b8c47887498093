// A game record file (`mazeworks replay`, play's `load`, the engine's records): refused with an
// Error, or replayed action by action to a state that keeps every invariant.
#include <cstdint>

#include "core/error.h"
#include "core/json_depth.h"
#include "core/record.h"
#include "fuzz_support.h"
#include "games/all_games.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mw;
  try {
    const Json json =
        parse_untrusted_json(fuzz::as_text(data, size), ErrorCode::kBadRecord, "the record");
    const GameRecord record = GameRecord::from_json(json);
    const State end = replay(builtin_games(), record);
    fuzz::check_accepted_state(end);
  } catch (const Error&) {
  }
  return 0;
}
