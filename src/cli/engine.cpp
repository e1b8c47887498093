// `mazeworks engine`: frames lines around EngineSession, which holds all of the protocol.
#include "cli/engine.h"

#include <string>

#include "cli/engine_session.h"
#include "games/all_games.h"

namespace mw::cli {
namespace {

// Reads one line without its '\n' but keeps at most `limit` bytes of it, so an endless line costs
// no memory; the session refuses a line that reached the limit. False at end of input.
bool read_line(std::istream& in, std::string& line, std::size_t limit) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;  // a last line without '\n' still counts
    }
    any = true;
    if (c == '\n') return true;
    if (line.size() < limit) line.push_back(static_cast<char>(c));
  }
}

}  // namespace

int run_engine(std::istream& in, std::ostream& out) {
  EngineSession session(builtin_games());
  std::string line;
  // kMaxLineBytes + 2 keeps a '\r' of an allowed line and one byte more to see an overlong one.
  while (read_line(in, line, kMaxLineBytes + 2)) {
    out << reply_line(session.handle(line)) << '\n';
    out.flush();  // the client waits for each reply before it sends the next request
    if (!out) return 1;
    if (session.finished()) break;
  }
  return 0;
}

}  // namespace mw::cli
