// A state document from outside (the engine's `load`, Python's state_from_json, a record's
// start): refused with an Error, or accepted as a state that keeps every invariant
// (fuzz_support.h) and plays on to the end.
#include <cstdint>

#include "core/error.h"
#include "core/json_depth.h"
#include "fuzz_support.h"
#include "games/all_games.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mw;
  try {
    const Json document = parse_untrusted_json(fuzz::as_text(data, size), ErrorCode::kBadState,
                                               "the document");
    const State state = builtin_games().state_from_document(document);
    fuzz::check_accepted_state(state);
    fuzz::play_out(state, size, 400);
  } catch (const Error&) {
    // Refused with a reason: what must happen to a bad document.
  }
  return 0;
}
