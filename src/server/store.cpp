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

Store::Store(const std::string& path, bool full_sync) {
  guarded("open", [&] {
    db_ = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db_->exec("PRAGMA journal_mode=WAL");
    // NORMAL in WAL mode: a commit survives the process being killed (it is in the OS's cache);
    // FULL also survives power loss, at an fsync per move.
    db_->exec(full_sync ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    db_->exec("PRAGMA busy_timeout=5000");
    db_->exec(kSchema);
    return 0;
  });
}

Store::~Store() = default;

void Store::create_match(const MatchSetup& s) {
  std::lock_guard lock(mutex_);
  guarded("create match", [&] {
    Json seats = Json::array();
    for (const auto& seat : s.seats) seats.push_back(seat.to_json());
    SQLite::Statement q(*db_,
                        "INSERT INTO matches (id, game, options, seed, seats, public) "
                        "VALUES (?, ?, ?, ?, ?, ?)");
    q.bind(1, s.id);
    q.bind(2, s.game);
    q.bind(3, s.options.dump());
    q.bind(4, to_db(s.seed));
    q.bind(5, seats.dump());
    q.bind(6, s.is_public ? 1 : 0);
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
  std::lock_guard lock(mutex_);
  guarded("append actions", [&] {
    SQLite::Transaction tx(*db_);
    SQLite::Statement q(*db_, "INSERT INTO actions (match_id, idx, action) VALUES (?, ?, ?)");
    for (std::size_t i = 0; i < actions.size(); ++i) {
      q.bind(1, match);
      q.bind(2, to_db(first + i));
      q.bind(3, static_cast<std::int64_t>(actions[i]));
      q.exec();
      q.reset();
    }
    tx.commit();
    return 0;
  });
}

void Store::set_finished(const std::string& match) {
  std::lock_guard lock(mutex_);
  guarded("finish match", [&] {
    SQLite::Statement q(*db_, "UPDATE matches SET finished = 1 WHERE id = ?");
    q.bind(1, match);
    q.exec();
    return 0;
  });
}

std::vector<StoredMatch> Store::load_all() const {
  std::lock_guard lock(mutex_);
  return guarded("load matches", [&] {
    std::vector<StoredMatch> out;
    std::map<std::string, std::size_t> index;
    SQLite::Statement m(*db_,
                        "SELECT id, game, options, seed, seats, public FROM matches "
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
