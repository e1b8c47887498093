#pragma once
// Persistence: what the server stores of its matches, behind one interface with two
// implementations, SQLite (sqlite_store.h, one process) and PostgreSQL (pg_store.h, any number of
// server instances on one database). A match is its setup plus its action list; a move is
// acknowledged to anyone only after the transaction that appends it has committed. On start the
// server replays the stored matches it needs (core/record.h replay is exact for every game).
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/json.h"
#include "core/types.h"

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

// An append whose first index is not the match's next one: another writer (a second server
// instance, or a stale caller) got there first. Nothing of it was written. An Error(kIo) like any
// other storage failure, so callers that only report errors need not know it.
class AppendConflict : public Error {
 public:
  AppendConflict(const std::string& match, std::uint64_t expected, std::uint64_t first);
  std::uint64_t expected() const { return expected_; }  // the index the next append must start at

 private:
  std::uint64_t expected_;
};

// A seat whose token row exists already: another join (here, or on another server instance)
// took it first. Nothing was written. An Error(kIo) for callers that only report errors.
class SeatTaken : public Error {
 public:
  SeatTaken(const std::string& match, int seat);
};

// What a match holds now beyond its first `from` actions (Store::load_changes): what a server
// instance that has the match in memory at `from` actions needs to catch up with the others.
struct MatchChanges {
  ActionList actions;             // the stored actions from index `from` on
  std::vector<SeatToken> tokens;  // per seat, as stored now
  std::optional<Player> resigned;
  std::string rematch;
  bool finished = false;
};

class Store {
 public:
  virtual ~Store() = default;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Where the data is, for people (a path, or a PostgreSQL URL without its password).
  virtual std::string describe() const = 0;

  virtual void create_match(const MatchSetup& setup) = 0;
  // Whole matches (setup, tokens, actions), all in one transaction, each last active when it
  // was created. For importing and for the benchmark's generator.
  virtual void insert_matches(const std::vector<StoredMatch>& matches) = 0;
  // Throws SeatTaken (and writes nothing) when the seat has a token already: a join is atomic
  // across server instances.
  virtual void set_token(const std::string& match, int seat, const SeatToken& token) = 0;
  // The seat is free again: its token row goes, unless the token was claimed meanwhile (perhaps
  // through another server instance, which this one has not heard of yet).
  virtual void clear_token(const std::string& match, int seat) = 0;
  // The seat's token was used.
  virtual void claim_token(const std::string& match, int seat) = 0;
  // Appends actions[i] at index first + i, all in one transaction; returns after the commit.
  // `first` must be the number of actions stored (else AppendConflict, and nothing is written);
  // a match that does not exist is an Error(kIo).
  void append_actions(const std::string& match, std::uint64_t first, const ActionList& actions);
  void set_finished(const std::string& match);
  // The match ends by `seat`'s resignation: finished, and who resigned, in one transaction.
  // `actions`: the match's action count the resignation was judged at; another count stored
  // (another instance's move meanwhile) is AppendConflict, and nothing is written.
  virtual void set_resigned(const std::string& match, int seat, std::uint64_t actions) = 0;
  // Links a finished match to its rematch `next` (a second request finds it there).
  virtual void set_rematch(const std::string& match, const std::string& next) = 0;
  // Group commit: every entry in one transaction; returns after the commit. If that transaction
  // fails, each entry is retried in a transaction of its own, so a bad entry fails only itself.
  // Returns one result per entry: null (committed) or the error (Error(kIo), AppendConflict).
  // An entry that only finishes (no actions) is not checked against the action count.
  std::vector<std::exception_ptr> append_batch(const std::vector<Append>& batch);
  virtual std::vector<StoredMatch> load_all() const = 0;
  // One match, or nullopt when there is none by that id.
  virtual std::optional<StoredMatch> load(const std::string& match) const = 0;
  // The unfinished matches with a move, a join or a creation at or after `since` (unix seconds),
  // the most recently active first, at most `limit` of them: what a restart brings back into
  // memory (the rest come back when asked for).
  virtual std::vector<StoredMatch> load_active(std::int64_t since, std::size_t limit) const = 0;
  // How many matches are stored (the benchmark's check).
  virtual std::size_t count() const = 0;
  // The match's actions from index `from` on, its tokens and how it ended, all as of one moment;
  // nullopt when there is no such match. The default reads the whole match (load()).
  virtual std::optional<MatchChanges> load_changes(const std::string& match,
                                                   std::uint64_t from) const;
  // The newest public matches, at most `limit`, the newest first (the lobby's list when several
  // instances share the database). The default reads every match (load_all()).
  virtual std::vector<StoredMatch> load_public(std::size_t limit) const;
  // Whether several server instances may write this database at once (PostgreSQL): the match
  // service then catches up with what the others commit (docs/server.md, "Several instances").
  virtual bool shared() const { return false; }
  // Whether committing `rows` more actions now takes only microseconds: no fsync, no round trip
  // to a database server, no upkeep due with it (SQLite's fold of its recent rows). A caller may
  // then commit on a thread that serves connections (GroupCommitter::commit_here_if_idle).
  virtual bool commits_briefly(std::size_t rows) const {
    (void)rows;
    return false;
  }

 protected:
  Store() = default;
  // Writes batch[begin, end) in one transaction and commits it, or writes nothing and throws
  // Error (AppendConflict for an append at the wrong index).
  virtual void commit_appends(const std::vector<Append>& batch, std::size_t begin,
                              std::size_t end) = 0;
};

struct StoreOptions {
  // SQLite: an fsync per commit (survives power loss, not only a killed process). PostgreSQL
  // commits are always synchronous; its own fsync setting decides about power loss.
  bool full_sync = false;
  // SQLite: this process alone opens the file while the store is open (sqlite_store.h).
  bool sole_owner = false;
};

// The store `db` names: "postgresql://…" or "postgres://…" is a PostgreSQL server (libpq's URL
// form), "sqlite:PATH" or a plain path a SQLite file (":memory:" for tests). Any other
// "scheme://" is refused. Throws Error(kBadRequest) for a malformed name, Error(kIo) when the
// database cannot be opened or reached.
std::unique_ptr<Store> open_store(const std::string& db, const StoreOptions& options = {});

// Whether `db` names a PostgreSQL database (open_store's rule).
bool is_postgres_url(const std::string& db);

}  // namespace mw::server
