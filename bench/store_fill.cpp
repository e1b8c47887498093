// Writes a server database with many stored matches, for the server's scale benchmark
// (docs/server.md, "Scale"): most of them abandoned long ago (created, never played: what an
// anonymous creation flood leaves), a few active now (dealt, both seats joined), so that a
// restarted `mazeworks serve` must bring back only the active ones.
//
//   build/bench/store_fill DB [matches=1000000] [active=1000] [game=treasure-hunt]
//
// DB is what `serve --db` takes: a SQLite file or a postgresql:// URL.
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "core/rng.h"
#include "games/all_games.h"
#include "server/live_match.h"
#include "server/store.h"
#include "server/tokens.h"

int main(int argc, char** argv) {
  using namespace mw;
  using namespace mw::server;
  if (argc < 2) {
    fmt::print(stderr, "usage: store_fill DB [matches=1000000] [active=1000] [game]\n");
    return 2;
  }
  const std::string db = argv[1];
  const long total = argc > 2 ? std::stol(argv[2]) : 1'000'000;
  const long active = argc > 3 ? std::stol(argv[3]) : 1'000;
  const std::string game_id = argc > 4 ? argv[4] : "treasure-hunt";
  const Registry& registry = builtin_games();
  const Game game = registry.load(game_id);
  const std::int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  const std::int64_t long_ago = now - 7 * 24 * 3600;
  const auto store = open_store(db);
  Rng rng(20261128);
  const auto start = std::chrono::steady_clock::now();
  std::vector<StoredMatch> batch;
  for (long i = 0; i < total; ++i) {
    const bool is_active = i >= total - active;
    StoredMatch m;
    m.setup.id = fmt::format("{:016x}", rng.next());
    m.setup.game = game.id();
    m.setup.options = game.options().to_json();
    m.setup.seed = rng.next();
    m.setup.seed_salt = new_token();
    m.setup.seats.assign(static_cast<std::size_t>(game.num_players()), SeatConfig{});
    m.setup.created = is_active ? now : long_ago;
    m.tokens.assign(m.setup.seats.size(), SeatToken{});
    if (is_active) {
      m.actions = LiveMatch(registry, m.setup).plan_chance();  // the deal
      for (auto& t : m.tokens) t = SeatToken{sha256_hex(new_token()), now, true};
    }
    batch.push_back(std::move(m));
    if (batch.size() == 10'000 || i + 1 == total) {
      store->insert_matches(batch);
      batch.clear();
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("{} matches stored in {} ({} active), {:.1f} s\n", store->count(), store->describe(),
             active, seconds);
  return 0;
}
