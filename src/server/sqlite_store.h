#pragma once
// The SQLite store (SQLiteCpp, WAL): one server process owns the database file.
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/recent_moves.h"
#include "server/store.h"

namespace SQLite {
class Database;
class Statement;
}  // namespace SQLite

namespace mw::server {

class SqliteStore final : public Store {
 public:
  // Opens or creates the database (":memory:" for tests) and its tables; WAL journal. `full_sync`
  // adds an fsync per commit (survives power loss, not only a killed process).
  // `sole_owner` (serve): this connection locks the file for as long as it is open (SQLite's
  // EXCLUSIVE locking mode: no file lock calls per transaction, the WAL index in this process's
  // memory); another process opening it then is refused with Error(kIo).
  explicit SqliteStore(const std::string& path, bool full_sync = false, bool sole_owner = false);
  // Moves go to recent_actions until it holds this many rows (see recent_). A fold touches about
  // a page of `actions` per match however many rows it moves, so larger folds cost less a move,
  // for a longer pause once per fold (docs/server.md, "Design").
  static constexpr std::size_t kFoldRows = 65'536;
  ~SqliteStore() override;

  std::string describe() const override { return path_; }
  void create_match(const MatchSetup& setup) override;
  void insert_matches(const std::vector<StoredMatch>& matches) override;
  void set_token(const std::string& match, int seat, const SeatToken& token) override;
  void clear_token(const std::string& match, int seat) override;
  void claim_token(const std::string& match, int seat) override;
  void set_resigned(const std::string& match, int seat, std::uint64_t actions) override;
  void set_rematch(const std::string& match, const std::string& next) override;
  std::vector<StoredMatch> load_all() const override;
  std::optional<StoredMatch> load(const std::string& match) const override;
  std::vector<StoredMatch> load_active(std::int64_t since, std::size_t limit) const override;
  std::size_t count() const override;
  bool commits_briefly(std::size_t rows) const override;

 protected:
  void commit_appends(const std::vector<Append>& batch, std::size_t begin,
                      std::size_t end) override;

 private:
  void open(bool full_sync, bool sole_owner);  // throws SQLite::Exception
  void write(const Append& a);                 // inside a transaction, mutex_ held
  // The actions at their indices through `insert` (an INSERT of match, index and action into
  // `actions`, or into recent_actions for a move: see recent_), nothing checked (mutex_ held).
  static void insert_actions(SQLite::Statement& insert, const std::string& match,
                             std::uint64_t first, const ActionList& actions);
  // Moves every row of recent_actions into `actions` in one transaction (mutex_ held), or throws
  // and moves nothing.
  void fold_recent_rows();
  // fold_recent_rows(), where a failure leaves the rows for an attempt at twice as many.
  void fold_recent() noexcept;
  // The index the match's next action goes to (mutex_ held).
  // An append's match: the index its next action takes, and its activity time against now.
  struct AppendTarget {
    std::uint64_t next = 0;
    std::int64_t updated_at = 0;
    std::int64_t now = 0;
  };
  static constexpr std::int64_t kTouchSeconds = 60;
  std::optional<AppendTarget> append_target(const std::string& match);
  // The transaction committed: what it wrote becomes known (mutex_ held).
  void remember_pending_targets();
  // Runs `sql` with the parameters (match, seat) in a transaction of its own.
  void seat_update(const char* what, const char* sql, const std::string& match, int seat);
  // The matches whose ids `select_ids` returns (its parameters bound by `bind`), in its order.
  std::vector<StoredMatch> read_matches(const std::string& select_ids,
                                        const std::function<void(SQLite::Statement&)>& bind) const;

  std::string path_;
  bool full_sync_ = false;
  mutable std::mutex mutex_;  // one connection shared by the I/O threads and the workers
  std::unique_ptr<SQLite::Database> db_;
  // Prepared once: parsing SQL per move was a tenth of the server's time under load.
  std::unique_ptr<SQLite::Statement> begin_, commit_, rollback_, insert_recent_, finish_, touch_,
      append_target_;
  // A match's next action index and activity time as this store last committed them. One
  // process owns the file and mutex_ orders its writers, so they are what the database holds and
  // an append need not read them back (the read was 4% of the server's CPU under load). The
  // transaction being written keeps its own until it commits; a rollback drops them. Bounded:
  // past kMaxKnownTargets matches the map starts again (the next append of each reads back).
  struct KnownTarget {
    std::uint64_t next = 0;
    std::int64_t updated_at = 0;
  };
  static constexpr std::size_t kMaxKnownTargets = 100'000;
  std::unordered_map<std::string, KnownTarget> known_targets_, pending_targets_;
  // Moves are written to recent_actions, in commit order, so a transaction of moves of many
  // matches changes the table's last page or two instead of one page of `actions` (clustered by
  // match) per move; every kFoldRows rows they are moved into `actions` together, a page of it
  // taking several moves of each match at once. The store mirrors the table's rows here, each
  // match's as one run of consecutive indices, so that reads need not scan it.
  RecentMoves recent_{kFoldRows};
};

}  // namespace mw::server
