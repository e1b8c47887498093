// `mazeworks loadtest`: N concurrent matches against a running server over WebSockets on loopback,
// random players on every seat; prints moves/s and move latency percentiles.
#include <fmt/format.h>

#include <algorithm>

#include "cli/commands.h"
#include "core/json.h"
#include "server/net_client.h"

namespace mw::cli {

int run_loadtest(const LoadtestArgs& args) {
  server::LoadtestConfig config;
  config.host = args.host;
  config.port = args.port;
  config.game = args.game;
  config.matches = args.matches;
  config.max_moves = args.max_moves;
  config.seed = args.seed;
  config.think_ms = args.think_ms;
  config.ports = args.ports;
  const server::LoadtestResult r = server::run_loadtest(config);
  if (args.json) {
    Json j = {{"game", args.game},
              {"matches", args.matches},
              {"think_ms", args.think_ms},
              {"instances", std::max<std::size_t>(1, args.ports.size())},
              {"finished", r.matches_finished},
              {"moves", r.moves},
              {"errors", r.errors},
              {"seconds", r.seconds},
              {"moves_per_second", r.moves_per_second},
              {"offered_per_second", r.offered_per_second},
              {"latency_ms",
               {{"p50", r.p50_ms}, {"p90", r.p90_ms}, {"p99", r.p99_ms}, {"max", r.max_ms}}}};
    fmt::print("{}\n", j.dump());
  } else {
    fmt::print(
        "{} matches of {} ({} finished), think {} ms, {} moves in {:.2f} s: {:.0f} moves/s\n",
        args.matches, args.game, r.matches_finished, args.think_ms, r.moves, r.seconds,
        r.moves_per_second);
    fmt::print("move latency ms: p50 {:.2f}  p90 {:.2f}  p99 {:.2f}  max {:.2f}; errors {}\n",
               r.p50_ms, r.p90_ms, r.p99_ms, r.max_ms, r.errors);
  }
  return r.errors == 0 ? 0 : 1;
}

}  // namespace mw::cli
