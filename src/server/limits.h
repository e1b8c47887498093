#pragma once
// What one client may cost the server: every bound `serve` enforces, with its default. Each has a
// flag of `mazeworks serve` (docs/server.md, "Security", lists them with what tests each).
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace mw::server {

struct ServerLimits {
  // Computer players: a move (or a suggestion) thinks at most this long, whatever its spec says;
  // specs asking for more time or iterations are refused when the match is created or the
  // suggestion asked for.
  std::int64_t max_think_ms = 2000;
  std::int64_t max_iterations = 100'000;
  // Matches held in memory (playing, or finished and still watched); creation past it is refused
  // before anything is stored. Stored matches are not limited: they are loaded when asked for.
  std::size_t max_live_matches = 100'000;
  // A match nobody is connected to and nothing happened in for this long leaves memory (it stays
  // in the database and comes back when someone asks for it). Finished matches leave as soon as
  // nobody watches them.
  std::chrono::seconds idle_eviction{30 * 60};
  // A seat whose token was handed out but never used (to connect, move, read its record) for this
  // long is free again: a reply lost in a crash or a dropped connection does not take it for good.
  std::chrono::seconds unclaimed_seat{10 * 60};
  // Per client address (IPv6: per /64), token buckets: so many a minute, up to a minute's worth
  // at once. 0: no limit.
  double creations_per_minute = 30;
  double joins_per_minute = 120;
  // Per WebSocket connection: bytes queued for a client that is not reading before it is closed;
  // full-state resyncs ("sync") and suggestions a second (bursts of a few are allowed).
  std::size_t max_queued_bytes = 1 << 20;
  double syncs_per_second = 2;
  // A WebSocket connection the client sends nothing on (not even a pong) is pinged after half of
  // this and closed after all of it: a vanished client does not hold its descriptor for good.
  std::chrono::milliseconds websocket_idle{300'000};
  double suggestions_per_second = 1;
  // Clients may choose a match's seed (the deal): only for tests and research, since a chosen
  // seed is a known deal.
  bool allow_client_seeds = false;
  // Group commit: once a transaction held two moves or more (a busy server), the commit thread
  // waits this long for more before writing the next (GroupCommitter::Gathering). 0: never.
  std::chrono::microseconds commit_window{1000};
};

}  // namespace mw::server
