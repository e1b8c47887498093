#include "server/sqlite_store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "core/error.h"

namespace mw::server {
namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS matches (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  seed INTEGER NOT NULL,
  seats TEXT NOT NULL,
  public INTEGER NOT NULL,
  finished INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL DEFAULT (strftime('%s','now'))
);
CREATE TABLE IF NOT EXISTS seat_tokens (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  token_sha256 TEXT NOT NULL,
  PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
  match_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  action INTEGER NOT NULL,
  PRIMARY KEY (match_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS recent_actions (
  seq INTEGER PRIMARY KEY,
  match_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  action INTEGER NOT NULL
);
)sql";

// Seeds are full 64-bit values; SQLite integers are signed, so they are stored bit for bit.
std::int64_t to_db(std::uint64_t v) {
  return static_cast<std::int64_t>(v);
}
std::uint64_t from_db(std::int64_t v) {
  return static_cast<std::uint64_t>(v);
}

// The WAL's size after a checkpoint (PRAGMA journal_size_limit).
constexpr std::int64_t kWalSizeLimit = 16 << 20;

constexpr const char* kInsertMatch =
    "INSERT INTO matches (id, game, options, seed, seats, public, move_ms, created_at, "
    "updated_at, seed_salt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

void bind_match(SQLite::Statement& q, const MatchSetup& s, std::int64_t updated_at) {
  Json seats = Json::array();
  for (const auto& seat : s.seats) seats.push_back(seat.to_json());
  q.bind(1, s.id);
  q.bind(2, s.game);
  q.bind(3, s.options.dump());
  q.bind(4, to_db(s.seed));
  q.bind(5, seats.dump());
  q.bind(6, s.is_public ? 1 : 0);
  q.bind(7, s.move_ms);
  q.bind(8, s.created);
  q.bind(9, updated_at);
  q.bind(10, s.seed_salt);
}

// Adds `column` to `table` unless it is there; says whether it added it.
bool add_column(SQLite::Database& db, const char* table, const char* column, const char* type) {
  SQLite::Statement has(db, "SELECT COUNT(*) FROM pragma_table_info(?) WHERE name = ?");
  has.bind(1, table);
  has.bind(2, column);
  if (!has.executeStep() || has.getColumn(0).getInt() != 0) return false;
  db.exec(fmt::format("ALTER TABLE {} ADD COLUMN {} {}", table, column, type));
  return true;
}

template <class F>
auto guarded(const char* what, F&& f) {
  try {
    return f();
  } catch (const SQLite::Exception& e) {
    throw Error(ErrorCode::kIo, fmt::format("database: {}: {}", what, e.what()));
  }
}

}  // namespace

SqliteStore::SqliteStore(const std::string& path, bool full_sync, bool sole_owner)
    : path_(path), full_sync_(full_sync) {
  try {
    open(full_sync, sole_owner);
  } catch (const SQLite::Exception& e) {
    if (e.getErrorCode() != SQLITE_BUSY) {
      throw Error(ErrorCode::kIo, fmt::format("database: open: {}", e.what()));
    }
    throw Error(ErrorCode::kIo,
                fmt::format("database: {} is in use by another process (another mazeworks "
                            "serve?); one server process at a time owns a SQLite file",
                            path));
  }
}

void SqliteStore::open(bool full_sync, bool sole_owner) {
  db_ = std::make_unique<SQLite::Database>(path_, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  // Before the first access in WAL mode, or the WAL index stays in shared memory.
  if (sole_owner) db_->exec("PRAGMA locking_mode=EXCLUSIVE");
  db_->exec("PRAGMA journal_mode=WAL");
  // NORMAL in WAL mode: a commit survives the process being killed (it is in the OS's cache);
  // FULL also survives power loss, at an fsync per move.
  db_->exec(full_sync ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
  // The sole owner waits briefly for a lock another process holds: it will not be freed.
  db_->exec(sole_owner ? "PRAGMA busy_timeout=200" : "PRAGMA busy_timeout=5000");
  // After a checkpoint the WAL file is cut back to this size, so it stays bounded however many
  // matches are created between checkpoints (it otherwise keeps its largest size for good).
  db_->exec("PRAGMA journal_size_limit=" + std::to_string(kWalSizeLimit));
  db_->exec(kSchema);
  // Databases made by earlier versions lack the newer columns: add them.
  add_column(*db_, "matches", "move_ms", "INTEGER NOT NULL DEFAULT 0");  // 0: no clock
  if (add_column(*db_, "matches", "updated_at", "INTEGER NOT NULL DEFAULT 0")) {
    db_->exec("UPDATE matches SET updated_at = created_at");
  }
  add_column(*db_, "matches", "seed_salt", "TEXT NOT NULL DEFAULT ''");
  add_column(*db_, "matches", "resigned", "INTEGER");  // NULL: nobody resigned
  add_column(*db_, "matches", "rematch", "TEXT NOT NULL DEFAULT ''");
  add_column(*db_, "seat_tokens", "issued_at", "INTEGER NOT NULL DEFAULT 0");
  // Tokens handed out before claims were tracked count as used: their seats stay taken.
  add_column(*db_, "seat_tokens", "claimed", "INTEGER NOT NULL DEFAULT 1");
  db_->exec("CREATE INDEX IF NOT EXISTS matches_active ON matches (finished, updated_at)");
  // IMMEDIATE: an append reads (the next index) before it writes. A deferred transaction's
  // read snapshot goes stale when another connection's checkpoint truncates the WAL, and its
  // first write then fails at once with "database is locked" (SQLITE_BUSY_SNAPSHOT: the busy
  // timeout cannot help), refusing a good move. Taking the write lock first waits instead.
  begin_ = std::make_unique<SQLite::Statement>(*db_, "BEGIN IMMEDIATE");
  commit_ = std::make_unique<SQLite::Statement>(*db_, "COMMIT");
  rollback_ = std::make_unique<SQLite::Statement>(*db_, "ROLLBACK");
  insert_recent_ = std::make_unique<SQLite::Statement>(
      *db_, "INSERT INTO recent_actions (match_id, idx, action) VALUES (?, ?, ?)");
  finish_ =
      std::make_unique<SQLite::Statement>(*db_, "UPDATE matches SET finished = 1 WHERE id = ?");
  touch_ =
      std::make_unique<SQLite::Statement>(*db_, "UPDATE matches SET updated_at = ? WHERE id = ?");
  append_target_ = std::make_unique<SQLite::Statement>(
      *db_,
      "SELECT (SELECT COALESCE(MAX(idx) + 1, 0) FROM actions WHERE match_id = m.id), "
      "m.updated_at FROM matches m WHERE m.id = ?");
  // Rows a killed process left in recent_actions: this store's reads only know those it wrote.
  fold_recent_rows();
}

SqliteStore::~SqliteStore() {
  std::lock_guard lock(mutex_);
  fold_recent();  // a stopped server leaves every action in `actions`
  begin_.reset();
  commit_.reset();
  rollback_.reset();
  insert_recent_.reset();
  finish_.reset();
  touch_.reset();
  append_target_.reset();
}

void SqliteStore::create_match(const MatchSetup& s) {
  std::lock_guard lock(mutex_);
  guarded("create match", [&] {
    SQLite::Statement q(*db_, kInsertMatch);
    bind_match(q, s, s.created);
    q.exec();
    return 0;
  });
}

void SqliteStore::insert_matches(const std::vector<StoredMatch>& matches) {
  std::lock_guard lock(mutex_);
  guarded("insert matches", [&] {
    SQLite::Transaction transaction(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement m(*db_, kInsertMatch);
    SQLite::Statement actions(*db_, "INSERT INTO actions (match_id, idx, action) VALUES (?, ?, ?)");
    SQLite::Statement t(
        *db_,
        "INSERT INTO seat_tokens (match_id, seat, token_sha256, issued_at, claimed) "
        "VALUES (?, ?, ?, ?, ?)");
    for (const StoredMatch& sm : matches) {
      const MatchSetup& s = sm.setup;
      m.reset();
      bind_match(m, s, s.created);
      m.exec();
      insert_actions(actions, s.id, 0, sm.actions);
      for (std::size_t seat = 0; seat < sm.tokens.size(); ++seat) {
        if (sm.tokens[seat].hash.empty()) continue;
        t.reset();
        t.bind(1, s.id);
        t.bind(2, static_cast<int>(seat));
        t.bind(3, sm.tokens[seat].hash);
        t.bind(4, sm.tokens[seat].issued);
        t.bind(5, sm.tokens[seat].claimed ? 1 : 0);
        t.exec();
      }
    }
    transaction.commit();
    for (const StoredMatch& sm : matches) known_targets_.erase(sm.setup.id);
    return 0;
  });
}

void SqliteStore::set_token(const std::string& match, int seat, const SeatToken& token) {
  std::lock_guard lock(mutex_);
  guarded("store token", [&] {
    SQLite::Statement q(
        *db_,
        "INSERT OR IGNORE INTO seat_tokens (match_id, seat, token_sha256, issued_at, claimed) "
        "VALUES (?, ?, ?, ?, ?)");
    q.bind(1, match);
    q.bind(2, seat);
    q.bind(3, token.hash);
    q.bind(4, token.issued);
    q.bind(5, token.claimed ? 1 : 0);
    if (q.exec() == 0) throw SeatTaken(match, seat);
    SQLite::Statement touch(*db_, "UPDATE matches SET updated_at = ? WHERE id = ?");
    touch.bind(1, token.issued);
    touch.bind(2, match);
    touch.exec();
    return 0;
  });
}

void SqliteStore::clear_token(const std::string& match, int seat) {
  seat_update("free seat",
              "DELETE FROM seat_tokens WHERE match_id = ? AND seat = ? AND claimed = 0", match,
              seat);
}

void SqliteStore::claim_token(const std::string& match, int seat) {
  seat_update("claim seat", "UPDATE seat_tokens SET claimed = 1 WHERE match_id = ? AND seat = ?",
              match, seat);
}

void SqliteStore::seat_update(const char* what, const char* sql, const std::string& match,
                              int seat) {
  std::lock_guard lock(mutex_);
  guarded(what, [&] {
    SQLite::Statement q(*db_, sql);
    q.bind(1, match);
    q.bind(2, seat);
    q.exec();
    return 0;
  });
}

void SqliteStore::set_resigned(const std::string& match, int seat, std::uint64_t actions) {
  std::lock_guard lock(mutex_);
  guarded("resign", [&] {
    SQLite::Statement count(*db_, "SELECT COUNT(*) FROM actions WHERE match_id = ?");
    count.bind(1, match);
    count.executeStep();
    std::uint64_t stored = static_cast<std::uint64_t>(count.getColumn(0).getInt64());
    if (const auto* run = recent_.find(match)) stored += run->actions.size();
    SQLite::Statement q(*db_,
                        "UPDATE matches SET finished = 1, resigned = ?, "
                        "updated_at = strftime('%s','now') WHERE id = ?");
    q.bind(1, seat);
    q.bind(2, match);
    if (stored != actions) {
      SQLite::Statement exists(*db_, "SELECT 1 FROM matches WHERE id = ?");
      exists.bind(1, match);
      if (exists.executeStep()) throw AppendConflict(match, stored, actions);
    }
    if (q.exec() != 1) throw Error(ErrorCode::kIo, "database: no match " + match + " to resign");
    return 0;
  });
}

void SqliteStore::set_rematch(const std::string& match, const std::string& next) {
  std::lock_guard lock(mutex_);
  guarded("rematch", [&] {
    SQLite::Statement q(*db_, "UPDATE matches SET rematch = ? WHERE id = ?");
    q.bind(1, next);
    q.bind(2, match);
    q.exec();
    return 0;
  });
}

void SqliteStore::write(const Append& a) {
  if (!a.actions.empty()) {
    // One process owns the file and mutex_ orders its writers: nothing can come in between.
    const std::optional<AppendTarget> target = append_target(a.match);
    if (!target) throw Error(ErrorCode::kIo, "database: no match " + a.match);
    if (target->next != a.first) throw AppendConflict(a.match, target->next, a.first);
    // The match was active now: a restart brings it back. Written at most once a minute, which
    // restore()'s window (idle_eviction, a minute or more) cannot tell apart, so most moves leave
    // the match's row and its index alone: two fewer pages in the WAL per move.
    std::int64_t updated_at = target->updated_at;
    if (target->now - target->updated_at >= kTouchSeconds) {
      touch_->tryReset();
      touch_->bind(1, target->now);
      touch_->bind(2, a.match);
      touch_->exec();
      updated_at = target->now;
    }
    insert_actions(*insert_recent_, a.match, a.first, a.actions);
    recent_.stage(a);
    pending_targets_[a.match] = KnownTarget{a.first + a.actions.size(), updated_at};
  }
  if (a.finished) {
    finish_->tryReset();
    finish_->bind(1, a.match);
    if (finish_->exec() != 1) throw Error(ErrorCode::kIo, "database: no match " + a.match);
  }
}

std::optional<SqliteStore::AppendTarget> SqliteStore::append_target(const std::string& match) {
  const std::int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  for (const auto* known : {&pending_targets_, &known_targets_}) {
    if (const auto it = known->find(match); it != known->end()) {
      return AppendTarget{it->second.next, it->second.updated_at, now};
    }
  }
  SQLite::Statement& q = *append_target_;
  q.tryReset();
  q.bind(1, match);
  std::optional<AppendTarget> target;
  if (q.executeStep()) {
    target = AppendTarget{from_db(q.getColumn(0).getInt64()), q.getColumn(1).getInt64(), now};
    if (const auto* run = recent_.find(match)) target->next = run->first + run->actions.size();
  }
  q.tryReset();  // ends the read
  return target;
}

void SqliteStore::remember_pending_targets() {
  if (known_targets_.size() + pending_targets_.size() > kMaxKnownTargets) known_targets_.clear();
  for (auto& [match, target] : pending_targets_) known_targets_.insert_or_assign(match, target);
  pending_targets_.clear();
}

void SqliteStore::insert_actions(SQLite::Statement& q, const std::string& match,
                                 std::uint64_t first, const ActionList& actions) {
  for (std::size_t i = 0; i < actions.size(); ++i) {
    q.tryReset();  // not reset(): it rethrows the error of a failed previous step
    q.bind(1, match);
    q.bind(2, to_db(first + i));
    q.bind(3, static_cast<std::int64_t>(actions[i]));
    q.exec();
  }
}

void SqliteStore::fold_recent_rows() {
  SQLite::Transaction transaction(*db_, SQLite::TransactionBehavior::IMMEDIATE);
  // In key order, so that each page of `actions` is visited once.
  db_->exec(
      "INSERT INTO actions (match_id, idx, action) "
      "SELECT match_id, idx, action FROM recent_actions ORDER BY match_id, idx");
  db_->exec("DELETE FROM recent_actions");
  transaction.commit();
  recent_.folded();
}

void SqliteStore::fold_recent() noexcept {
  try {
    fold_recent_rows();
  } catch (const std::exception&) {
    // Rolled back: the rows stay in recent_actions, where reads find them.
    recent_.fold_failed();
  }
}

void SqliteStore::commit_appends(const std::vector<Append>& batch, std::size_t begin,
                                 std::size_t end) {
  std::lock_guard lock(mutex_);
  guarded("append actions", [&] {
    begin_->tryReset();
    begin_->exec();
    pending_targets_.clear();
    recent_.drop_staged();
    try {
      for (std::size_t i = begin; i < end; ++i) write(batch[i]);
      commit_->tryReset();
      commit_->exec();
    } catch (...) {
      // Rolled back: nothing of it was written, and what this store knew of its matches is read
      // back next time (a failure may mean the file held something else).
      pending_targets_.clear();
      recent_.drop_staged();
      for (std::size_t i = begin; i < end; ++i) known_targets_.erase(batch[i].match);
      try {
        rollback_->tryReset();
        rollback_->exec();
      } catch (const SQLite::Exception&) {
        // Already rolled back by SQLite (e.g. after SQLITE_FULL).
      }
      throw;
    }
    remember_pending_targets();
    recent_.commit_staged();
    if (recent_.fold_due()) fold_recent();
    return 0;
  });
}

std::vector<StoredMatch> SqliteStore::load_all() const {
  return read_matches("SELECT id FROM matches ORDER BY created_at, id", nullptr);
}

std::optional<StoredMatch> SqliteStore::load(const std::string& match) const {
  auto out = read_matches("SELECT id FROM matches WHERE id = ?",
                          [&](SQLite::Statement& q) { q.bind(1, match); });
  if (out.empty()) return std::nullopt;
  return std::move(out.front());
}

std::vector<StoredMatch> SqliteStore::load_active(std::int64_t since, std::size_t limit) const {
  return read_matches(
      "SELECT id FROM matches WHERE finished = 0 AND updated_at >= ? "
      "ORDER BY updated_at DESC, id LIMIT ?",
      [&](SQLite::Statement& q) {
        q.bind(1, since);
        q.bind(2, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
      });
}

bool SqliteStore::commits_briefly(std::size_t rows) const {
  if (full_sync_) return false;
  std::lock_guard lock(mutex_);
  return !recent_.fold_due_after(rows);
}

std::size_t SqliteStore::count() const {
  std::lock_guard lock(mutex_);
  return guarded("count matches", [&] {
    SQLite::Statement q(*db_, "SELECT COUNT(*) FROM matches");
    q.executeStep();
    return static_cast<std::size_t>(q.getColumn(0).getInt64());
  });
}

std::vector<StoredMatch> SqliteStore::read_matches(
    const std::string& select_ids, const std::function<void(SQLite::Statement&)>& bind) const {
  std::lock_guard lock(mutex_);
  return guarded("load matches", [&] {
    std::vector<std::string> ids;
    {
      SQLite::Statement q(*db_, select_ids);
      if (bind) bind(q);
      while (q.executeStep()) ids.push_back(q.getColumn(0).getString());
    }
    SQLite::Statement m(*db_,
                        "SELECT id, game, options, seed, seats, public, move_ms, created_at, "
                        "seed_salt, resigned, rematch FROM matches WHERE id = ?");
    SQLite::Statement t(*db_,
                        "SELECT seat, token_sha256, issued_at, claimed FROM seat_tokens "
                        "WHERE match_id = ?");
    SQLite::Statement a(*db_, "SELECT idx, action FROM actions WHERE match_id = ? ORDER BY idx");
    std::vector<StoredMatch> out;
    out.reserve(ids.size());
    for (const std::string& id : ids) {
      m.reset();
      m.bind(1, id);
      if (!m.executeStep()) continue;
      StoredMatch sm;
      sm.setup.id = m.getColumn(0).getString();
      sm.setup.game = m.getColumn(1).getString();
      sm.setup.options = Json::parse(m.getColumn(2).getString());
      sm.setup.seed = from_db(m.getColumn(3).getInt64());
      for (const auto& seat : Json::parse(m.getColumn(4).getString())) {
        sm.setup.seats.push_back(SeatConfig::from_json(seat));
      }
      sm.setup.is_public = m.getColumn(5).getInt() != 0;
      sm.setup.move_ms = m.getColumn(6).getInt64();
      sm.setup.created = m.getColumn(7).getInt64();
      sm.setup.seed_salt = m.getColumn(8).getString();
      if (!m.getColumn(9).isNull()) sm.resigned = m.getColumn(9).getInt();
      sm.rematch = m.getColumn(10).getString();
      sm.tokens.assign(sm.setup.seats.size(), SeatToken{});
      t.reset();
      t.bind(1, id);
      while (t.executeStep()) {
        const int seat = t.getColumn(0).getInt();
        if (seat < 0 || static_cast<std::size_t>(seat) >= sm.tokens.size()) continue;
        sm.tokens[seat] = SeatToken{t.getColumn(1).getString(), t.getColumn(2).getInt64(),
                                    t.getColumn(3).getInt() != 0};
      }
      a.reset();
      a.bind(1, id);
      while (a.executeStep()) {
        // Indices are dense (each append starts where the last ended); a gap is corruption.
        if (from_db(a.getColumn(0).getInt64()) != sm.actions.size()) {
          throw Error(ErrorCode::kIo,
                      "database: action indices of match " + id + " are not contiguous");
        }
        sm.actions.push_back(a.getColumn(1).getInt64());
      }
      if (const auto* run = recent_.find(id)) {
        if (run->first != sm.actions.size()) {
          throw Error(ErrorCode::kIo,
                      "database: action indices of match " + id + " are not contiguous");
        }
        sm.actions.insert(sm.actions.end(), run->actions.begin(), run->actions.end());
      }
      out.push_back(std::move(sm));
    }
    return out;
  });
}

}  // namespace mw::server
