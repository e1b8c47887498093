#pragma once
// SQLite persistence (SQLiteCpp, WAL). A match is its setup plus its action list; a move is
// acknowledged to anyone only after the transaction that appends it has committed. On start the
// server replays every stored match (core/record.h replay is exact for every game).
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/types.h"

namespace SQLite {
class Database;
}

namespace mw::server {

// Who plays a seat: a person (who joins and gets a token) or a computer agent spec.
struct SeatConfig {
  bool human = true;
  std::string agent;  // agent spec when !human, e.g. "ismcts:ms=100"
  Json to_json() const;
  static SeatConfig from_json(const Json& j);  // "human" or {"agent": spec}
};

// What is stored of a match: enough to rebuild it exactly.
struct MatchSetup {
  std::string id;
  std::string game;
  Json options = Json::object();  // resolved (defaults filled)
  std::uint64_t seed = 0;         // chance outcomes and agents' randomness derive from it
  std::vector<SeatConfig> seats;
  bool is_public = true;
};

struct StoredMatch {
  MatchSetup setup;
  std::vector<std::string> token_hashes;  // per seat; "" while nobody has joined
  ActionList actions;
};

class Store {
 public:
  // Opens or creates the database (":memory:" for tests) and its tables; WAL journal. `full_sync`
  // adds an fsync per commit (survives power loss, not only a killed process).
  explicit Store(const std::string& path, bool full_sync = false);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  void create_match(const MatchSetup& setup);
  void set_token_hash(const std::string& match, int seat, const std::string& hash);
  // Appends actions[i] at index first + i, all in one transaction; returns after the commit.
  void append_actions(const std::string& match, std::uint64_t first, const ActionList& actions);
  void set_finished(const std::string& match);
  std::vector<StoredMatch> load_all() const;

 private:
  mutable std::mutex mutex_;  // one connection shared by the I/O thread and the workers
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace mw::server
