#include "server/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

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
)sql";

// Seeds are full 64-bit values; SQLite integers are signed, so they are stored bit for bit.
std::int64_t to_db(std::uint64_t v) {
  return static_cast<std::int64_t>(v);
}
std::uint64_t from_db(std::int64_t v) {
  return static_cast<std::uint64_t>(v);
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

Json SeatConfig::to_json() const {
  if (human) return "human";
  Json j;
  j["agent"] = agent;
  return j;
}

SeatConfig SeatConfig::from_json(const Json& j) {
  SeatConfig s;
  if (j.is_string() && j.get<std::string>() == "human") return s;
  if (j.is_object() && j.contains("agent") && j["agent"].is_string()) {
    s.human = false;
    s.agent = j["agent"].get<std::string>();
    return s;
  }
  throw Error(ErrorCode::kBadRequest,
              "a seat is \"human\" or {\"agent\": \"<spec>\"} (e.g. {\"agent\": \"random\"})");
}

Store::Store(const std::string& path, bool full_sync, bool background_checkpoint) {
  const bool checkpoint_thread = background_checkpoint && path != ":memory:";
  guarded("open", [&] {
    db_ = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db_->exec("PRAGMA journal_mode=WAL");
    // NORMAL in WAL mode: a commit survives the process being killed (it is in the OS's cache);
    // FULL also survives power loss, at an fsync per move.
    db_->exec(full_sync ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    db_->exec("PRAGMA busy_timeout=5000");
    if (checkpoint_thread) db_->exec("PRAGMA wal_autocheckpoint=0");
    db_->exec(kSchema);
    // Databases made before clocks existed lack the column: add it (0 = no clock).
    SQLite::Statement has_clock(
        *db_, "SELECT COUNT(*) FROM pragma_table_info('matches') WHERE name = 'move_ms'");
    if (has_clock.executeStep() && has_clock.getColumn(0).getInt() == 0) {
      db_->exec("ALTER TABLE matches ADD COLUMN move_ms INTEGER NOT NULL DEFAULT 0");
    }
    begin_ = std::make_unique<SQLite::Statement>(*db_, "BEGIN");
    commit_ = std::make_unique<SQLite::Statement>(*db_, "COMMIT");
    rollback_ = std::make_unique<SQLite::Statement>(*db_, "ROLLBACK");
    insert_action_ = std::make_unique<SQLite::Statement>(
        *db_, "INSERT INTO actions (match_id, idx, action) VALUES (?, ?, ?)");
    finish_ =
        std::make_unique<SQLite::Statement>(*db_, "UPDATE matches SET finished = 1 WHERE id = ?");
    return 0;
  });
  if (checkpoint_thread) checkpointer_ = std::thread([this, path] { checkpoint_loop(path); });
}

Store::~Store() {
  if (checkpointer_.joinable()) {
    {
      std::lock_guard lock(checkpoint_mutex_);
      stopping_ = true;
    }
    checkpoint_wake_.notify_all();
    checkpointer_.join();
  }
  std::lock_guard lock(mutex_);
  begin_.reset();
  commit_.reset();
  rollback_.reset();
  insert_action_.reset();
  finish_.reset();
}

// PASSIVE checkpoints never wait for the writer (nor it for them), so a commit is never held up
// by copying the WAL back into the database. A few times a second keeps the WAL small.
void Store::checkpoint_loop(std::string path) {
  std::unique_ptr<SQLite::Database> db;
  try {
    db = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE);
    db->exec("PRAGMA busy_timeout=1000");
  } catch (const SQLite::Exception&) {
    return;  // no checkpointer: the WAL grows until the next start's checkpoint
  }
  std::unique_lock lock(checkpoint_mutex_);
  while (!stopping_) {
    checkpoint_wake_.wait_for(lock, std::chrono::milliseconds(250));
    lock.unlock();
    try {
      db->exec("PRAGMA wal_checkpoint(PASSIVE)");
    } catch (const SQLite::Exception&) {
      // Busy or failed: the next round tries again; the WAL still holds every commit.
    }
    lock.lock();
  }
}

void Store::create_match(const MatchSetup& s) {
  std::lock_guard lock(mutex_);
  guarded("create match", [&] {
    Json seats = Json::array();
    for (const auto& seat : s.seats) seats.push_back(seat.to_json());
    SQLite::Statement q(*db_,
                        "INSERT INTO matches (id, game, options, seed, seats, public, move_ms, "
                        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, s.id);
    q.bind(2, s.game);
    q.bind(3, s.options.dump());
    q.bind(4, to_db(s.seed));
    q.bind(5, seats.dump());
    q.bind(6, s.is_public ? 1 : 0);
    q.bind(7, s.move_ms);
    q.bind(8, s.created);
    q.exec();
    return 0;
  });
}

void Store::set_token_hash(const std::string& match, int seat, const std::string& hash) {
  std::lock_guard lock(mutex_);
  guarded("store token", [&] {
    SQLite::Statement q(*db_,
                        "INSERT INTO seat_tokens (match_id, seat, token_sha256) VALUES (?, ?, ?)");
    q.bind(1, match);
    q.bind(2, seat);
    q.bind(3, hash);
    q.exec();
    return 0;
  });
}

void Store::append_actions(const std::string& match, std::uint64_t first,
                           const ActionList& actions) {
  const auto errors = append_batch({Append{match, first, actions, false}});
  if (errors[0]) std::rethrow_exception(errors[0]);
}

void Store::set_finished(const std::string& match) {
  const auto errors = append_batch({Append{match, 0, {}, true}});
  if (errors[0]) std::rethrow_exception(errors[0]);
}

void Store::write(const Append& a) {
  SQLite::Statement& q = *insert_action_;
  for (std::size_t i = 0; i < a.actions.size(); ++i) {
    q.tryReset();  // not reset(): it rethrows the error of a failed previous step
    q.bind(1, a.match);
    q.bind(2, to_db(a.first + i));
    q.bind(3, static_cast<std::int64_t>(a.actions[i]));
    q.exec();
  }
  if (a.finished) {
    finish_->tryReset();
    finish_->bind(1, a.match);
    finish_->exec();
  }
}

void Store::transaction(const std::vector<Append>& batch, std::size_t begin, std::size_t end) {
  begin_->tryReset();
  begin_->exec();
  try {
    for (std::size_t i = begin; i < end; ++i) write(batch[i]);
    commit_->tryReset();
    commit_->exec();
  } catch (...) {
    try {
      rollback_->tryReset();
      rollback_->exec();
    } catch (const SQLite::Exception&) {
      // Already rolled back by SQLite (e.g. after SQLITE_FULL).
    }
    throw;
  }
}

std::vector<std::exception_ptr> Store::append_batch(const std::vector<Append>& batch) {
  std::vector<std::exception_ptr> errors(batch.size());
  std::lock_guard lock(mutex_);
  try {
    guarded("append actions", [&] {
      transaction(batch, 0, batch.size());
      return 0;
    });
    return errors;
  } catch (const Error&) {
    if (batch.size() == 1) {
      errors[0] = std::current_exception();
      return errors;
    }
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    try {
      guarded("append actions", [&] {
        transaction(batch, i, i + 1);
        return 0;
      });
    } catch (const Error&) {
      errors[i] = std::current_exception();
    }
  }
  return errors;
}

std::vector<StoredMatch> Store::load_all() const {
  std::lock_guard lock(mutex_);
  return guarded("load matches", [&] {
    std::vector<StoredMatch> out;
    std::map<std::string, std::size_t> index;
    SQLite::Statement m(
        *db_,
        "SELECT id, game, options, seed, seats, public, move_ms, created_at FROM matches "
        "ORDER BY created_at, id");
    while (m.executeStep()) {
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
      sm.token_hashes.assign(sm.setup.seats.size(), "");
      index[sm.setup.id] = out.size();
      out.push_back(std::move(sm));
    }
    SQLite::Statement t(*db_, "SELECT match_id, seat, token_sha256 FROM seat_tokens");
    while (t.executeStep()) {
      const auto it = index.find(t.getColumn(0).getString());
      const int seat = t.getColumn(1).getInt();
      if (it == index.end() || seat < 0) continue;
      auto& hashes = out[it->second].token_hashes;
      if (static_cast<std::size_t>(seat) < hashes.size()) hashes[seat] = t.getColumn(2).getString();
    }
    SQLite::Statement a(*db_, "SELECT match_id, idx, action FROM actions ORDER BY match_id, idx");
    while (a.executeStep()) {
      const auto it = index.find(a.getColumn(0).getString());
      if (it == index.end()) continue;
      auto& actions = out[it->second].actions;
      // Indices are dense (each append starts where the last ended); a gap would be corruption.
      if (from_db(a.getColumn(1).getInt64()) != actions.size()) {
        throw Error(ErrorCode::kIo,
                    "database: action indices of match " + it->first + " are not contiguous");
      }
      actions.push_back(a.getColumn(2).getInt64());
    }
    return out;
  });
}

}  // namespace mw::server
