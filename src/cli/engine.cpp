// `mazeworks engine`: frames lines around EngineSession, which holds all of the protocol.
#include "cli/engine.h"

#include <string>

#include "cli/engine_session.h"
#include "cli/terminal.h"
#include "games/all_games.h"

namespace mw::cli {

int run_engine(std::istream& in, std::ostream& out) {
  EngineSession session(builtin_games());
  std::string line;
  // kMaxLineBytes + 2 keeps a '\r' of an allowed line and one byte more to see an overlong one.
  while (read_capped_line(in, line, kMaxLineBytes + 2)) {
    out << reply_line(session.handle(line)) << '\n';
    out.flush();  // the client waits for each reply before it sends the next request
    if (!out) return 1;
    if (session.finished()) break;
  }
  return 0;
}

}  // namespace mw::cli
