#pragma once
// SQLite persistence (SQLiteCpp, WAL). A match is its setup plus its action list; a move is
// acknowledged to anyone only after the transaction that appends it has committed. On start the
// server replays every stored match (core/record.h replay is exact for every game).
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/json.h"
#include "core/types.h"

namespace SQLite {
class Database;
class Statement;
}  // namespace SQLite

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
  // Per-move clock of every human seat, in ms; 0: no clock (docs/server.md, "Clocks").
  std::int64_t move_ms = 0;
  // When the match was created, in unix seconds (the lobby lists the newest first).
  std::int64_t created = 0;
  // Revealed with the seed once the match is over: SHA-256("mazeworks-seed:<id>:<seed>:<salt>")
  // is the commitment published at creation (seed_commitment), and the salt keeps a small or
  // guessed seed from being found by trying seeds against it.
  std::string seed_salt;
};

// A seat's token: its SHA-256, when it was handed out, and whether it was ever used since (a
// token never used within ServerLimits::unclaimed_seat frees its seat again).
struct SeatToken {
  std::string hash;  // "" while nobody has joined
  std::int64_t issued = 0;
  bool claimed = false;
};

struct StoredMatch {
  MatchSetup setup;
  std::vector<SeatToken> tokens;  // per seat
  ActionList actions;
  std::optional<Player> resigned;  // the seat that resigned (the match is then finished)
  std::string rematch;             // the match that replays this one, "" if none
};

// Actions of one match to append at index `first` on (and/or the match marked finished).
struct Append {
  std::string match;
  std::uint64_t first = 0;
  ActionList actions;
  bool finished = false;
};

class Store {
 public:
  // Opens or creates the database (":memory:" for tests) and its tables; WAL journal. `full_sync`
  // adds an fsync per commit (survives power loss, not only a killed process).
  // `background_checkpoint`: WAL checkpoints run on a thread of their own with its own connection
  // instead of inside whichever commit crosses the WAL size limit (which would stall that move,
  // and every move queued behind it, for the checkpoint's fsyncs). Ignored for ":memory:".
  explicit Store(const std::string& path, bool full_sync = false,
                 bool background_checkpoint = false);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  void create_match(const MatchSetup& setup);
  // Whole matches (setup, tokens, actions), all in one transaction, each last active when it
  // was created. For importing and for the benchmark's generator.
  void insert_matches(const std::vector<StoredMatch>& matches);
  void set_token(const std::string& match, int seat, const SeatToken& token);
  // The seat is free again: its token row goes.
  void clear_token(const std::string& match, int seat);
  // The seat's token was used.
  void claim_token(const std::string& match, int seat);
  // Appends actions[i] at index first + i, all in one transaction; returns after the commit.
  void append_actions(const std::string& match, std::uint64_t first, const ActionList& actions);
  void set_finished(const std::string& match);
  // The match ends by `seat`'s resignation: finished, and who resigned, in one transaction.
  void set_resigned(const std::string& match, int seat);
  // Links a finished match to its rematch `next` (a second request finds it there).
  void set_rematch(const std::string& match, const std::string& next);
  // Group commit: every entry in one transaction; returns after the commit. If that transaction
  // fails, each entry is retried in a transaction of its own, so a bad entry fails only itself.
  // Returns one result per entry: null (committed) or the error (Error(kIo)).
  std::vector<std::exception_ptr> append_batch(const std::vector<Append>& batch);
  std::vector<StoredMatch> load_all() const;
  // One match, or nullopt when there is none by that id.
  std::optional<StoredMatch> load(const std::string& match) const;
  // The unfinished matches with a move, a join or a creation at or after `since` (unix seconds),
  // the most recently active first, at most `limit` of them: what a restart brings back into
  // memory (the rest come back when asked for).
  std::vector<StoredMatch> load_active(std::int64_t since, std::size_t limit) const;
  // How many matches are stored (the benchmark's check).
  std::size_t count() const;

 private:
  void write(const Append& a);  // inside a transaction, mutex_ held
  // Runs `sql` with the parameters (match, seat) in a transaction of its own.
  void seat_update(const char* what, const char* sql, const std::string& match, int seat);
  // The matches whose ids `select_ids` returns (its parameters bound by `bind`), in its order.
  std::vector<StoredMatch> read_matches(const std::string& select_ids,
                                        const std::function<void(SQLite::Statement&)>& bind) const;
  void transaction(const std::vector<Append>& batch, std::size_t begin, std::size_t end);
  void checkpoint_loop(std::string path);

  mutable std::mutex mutex_;  // one connection shared by the I/O threads and the workers
  std::unique_ptr<SQLite::Database> db_;
  // Prepared once: parsing SQL per move was a tenth of the server's time under load.
  std::unique_ptr<SQLite::Statement> begin_, commit_, rollback_, insert_action_, finish_, touch_;
  // The background checkpointer (see the constructor).
  std::mutex checkpoint_mutex_;
  std::condition_variable checkpoint_wake_;
  bool stopping_ = false;
  std::thread checkpointer_;
};

}  // namespace mw::server
