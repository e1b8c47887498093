// The Pathfinder Advisor's question language (a special heart's question, typed in infix form):
// parsed to tokens or refused with an Error; what parses prints back and parses to the same.
#include <cstdint>

#include "core/error.h"
#include "fuzz_support.h"
#include "games/pathfinder_cards/aql.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mw;
  using namespace mw::pathfinder_cards;
  using namespace mw::pathfinder_cards::aql;
  if (size == 0) return 0;
  const Topology topo = data[0] % 2 == 0 ? Topology::kSquare : Topology::kHex;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  try {
    const std::vector<std::uint16_t> tokens = parse_question(text, topo);
    const std::string printed = question_text(tokens.data(), static_cast<int>(tokens.size()));
    if (parse_question(printed, topo) != tokens) {
      fuzz::violated("a question prints back to the same tokens", printed);
    }
  } catch (const Error&) {
  }
  return 0;
}
