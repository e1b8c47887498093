#pragma once
// `mazeworks engine`: the JSON-lines protocol of docs/protocol.md on a pair of streams.
#include <istream>
#include <ostream>

namespace mw::cli {

// Answers one request per input line with one reply line, flushed, until `quit` or end of input.
// Returns the exit code: 0, or 1 when the output can no longer be written.
int run_engine(std::istream& in, std::ostream& out);

}  // namespace mw::cli
