#include "server/pg_store.h"

#include <fmt/format.h>

#include <map>

#include "core/error.h"

namespace mw::server {
namespace {

// Under an advisory lock, so that instances starting together do not race to create the tables
// (concurrent CREATE TABLE IF NOT EXISTS can fail on the catalog's unique index).
constexpr const char* kPgSchema = R"sql(
BEGIN;
SELECT pg_advisory_xact_lock(4242003500);
CREATE TABLE IF NOT EXISTS matches (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  seed BIGINT NOT NULL,
  seats TEXT NOT NULL,
  public BOOLEAN NOT NULL,
  finished BOOLEAN NOT NULL DEFAULT false,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  move_ms BIGINT NOT NULL DEFAULT 0,
  seed_salt TEXT NOT NULL DEFAULT '',
  resigned INTEGER,
  rematch TEXT NOT NULL DEFAULT '',
  action_count BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seat_tokens (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  token_sha256 TEXT NOT NULL,
  issued_at BIGINT NOT NULL DEFAULT 0,
  claimed BOOLEAN NOT NULL DEFAULT true,
  PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
  match_id TEXT NOT NULL,
  idx BIGINT NOT NULL,
  action BIGINT NOT NULL,
  PRIMARY KEY (match_id, idx)
);
CREATE INDEX IF NOT EXISTS matches_active ON matches (finished, updated_at);
COMMIT;
)sql";

constexpr const char* kNow = "EXTRACT(EPOCH FROM clock_timestamp())::BIGINT";

constexpr const char* kPgInsertMatch =
    "INSERT INTO matches (id, game, options, seed, seats, public, move_ms, created_at, "
    "updated_at, seed_salt, action_count) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)";

// The conditional append's first step: the match row's lock, the check of the count, the new
// count and the notification (sent by the server only if the transaction commits), in one
// round trip. An UPDATE holds the row's lock to the end of the transaction, as SELECT … FOR UPDATE
// would; a second writer waits for it, then sees the new count and matches no row.
constexpr const char* kAdvance = R"sql(
WITH advanced AS (
  UPDATE matches
  SET action_count = action_count + $3::BIGINT,
      finished = finished OR $4::BOOLEAN,
      updated_at = CASE WHEN $3::BIGINT > 0 THEN EXTRACT(EPOCH FROM clock_timestamp())::BIGINT
                        ELSE updated_at END
  WHERE id = $1 AND ($3::BIGINT = 0 OR (action_count = $2::BIGINT AND resigned IS NULL))
  RETURNING id, action_count, finished)
SELECT action_count, pg_notify('{}',
  json_build_object('match', id, 'actions', action_count, 'finished', finished)::TEXT)
FROM advanced
)sql";

constexpr const char* kInsertActions =
    "INSERT INTO actions (match_id, idx, action) "
    "SELECT $1, $2::BIGINT + t.i - 1, t.a FROM unnest($3::BIGINT[]) WITH ORDINALITY AS t(a, i)";

constexpr const char* kMatchColumns =
    "id, game, options, seed, seats, public, move_ms, created_at, seed_salt, resigned, rematch";

// Announces a change of the match row's seats or ending (not of its actions): "refresh" tells the
// other instances to read the tokens and the ending again, not only new actions. A statement's
// RETURNING list, over the updated `matches` row; sent only if the transaction commits.
constexpr const char* kNotifyRefresh =
    "pg_notify('{}', json_build_object('match', id, 'actions', action_count, 'finished', "
    "finished, 'refresh', true)::TEXT)";

// Seeds are full 64-bit values; BIGINT is signed, so they are stored bit for bit (as in SQLite).
std::string seed_text(std::uint64_t seed) {
  return std::to_string(static_cast<std::int64_t>(seed));
}

std::vector<std::string> match_params(const MatchSetup& s, std::size_t actions) {
  Json seats = Json::array();
  for (const auto& seat : s.seats) seats.push_back(seat.to_json());
  return {s.id,
          s.game,
          s.options.dump(),
          seed_text(s.seed),
          seats.dump(),
          s.is_public ? "true" : "false",
          std::to_string(s.move_ms),
          std::to_string(s.created),
          s.seed_salt,
          std::to_string(actions)};
}

std::string actions_array(const ActionList& actions) {
  return pg::integer_array(std::vector<std::int64_t>(actions.begin(), actions.end()));
}

StoredMatch match_from_row(const pg::Result& r, int row) {
  StoredMatch sm;
  MatchSetup& s = sm.setup;
  s.id = pg::text(r, row, 0);
  s.game = pg::text(r, row, 1);
  s.options = Json::parse(pg::text(r, row, 2));
  s.seed = static_cast<std::uint64_t>(pg::integer(r, row, 3));
  for (const auto& seat : Json::parse(pg::text(r, row, 4))) {
    s.seats.push_back(SeatConfig::from_json(seat));
  }
  s.is_public = pg::boolean(r, row, 5);
  s.move_ms = pg::integer(r, row, 6);
  s.created = pg::integer(r, row, 7);
  s.seed_salt = pg::text(r, row, 8);
  if (!pg::is_null(r, row, 9)) sm.resigned = static_cast<Player>(pg::integer(r, row, 9));
  sm.rematch = pg::text(r, row, 10);
  sm.tokens.assign(s.seats.size(), SeatToken{});
  return sm;
}

// Matches being loaded, found by id.
struct LoadedMatches {
  std::vector<StoredMatch>& matches;
  std::map<std::string, std::size_t> index;
  StoredMatch& at(const std::string& id) { return matches[index.at(id)]; }
};

void read_tokens(const pg::Connection& c, const std::string& id_array, LoadedMatches& loaded) {
  const pg::Result r = c.exec("load matches",
                              "SELECT match_id, seat, token_sha256, issued_at, claimed "
                              "FROM seat_tokens WHERE match_id = ANY($1::TEXT[])",
                              {id_array});
  for (int row = 0; row < PQntuples(r.get()); ++row) {
    auto& slots = loaded.at(pg::text(r, row, 0)).tokens;
    const std::int64_t seat = pg::integer(r, row, 1);
    if (seat < 0 || static_cast<std::size_t>(seat) >= slots.size()) continue;
    slots[static_cast<std::size_t>(seat)] =
        SeatToken{pg::text(r, row, 2), pg::integer(r, row, 3), pg::boolean(r, row, 4)};
  }
}

void read_actions(const pg::Connection& c, const std::string& id_array, LoadedMatches& loaded) {
  const pg::Result r = c.exec("load matches",
                              "SELECT match_id, idx, action FROM actions "
                              "WHERE match_id = ANY($1::TEXT[]) ORDER BY match_id, idx",
                              {id_array});
  for (int row = 0; row < PQntuples(r.get()); ++row) {
    StoredMatch& sm = loaded.at(pg::text(r, row, 0));
    // Indices are dense (each append starts where the last ended); a gap is corruption.
    if (static_cast<std::uint64_t>(pg::integer(r, row, 1)) != sm.actions.size()) {
      throw Error(ErrorCode::kIo,
                  "database: action indices of match " + sm.setup.id + " are not contiguous");
    }
    sm.actions.push_back(pg::integer(r, row, 2));
  }
}

template <class F>
auto pg_guarded(const char* what, F&& f) {
  try {
    return f();
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {  // a stored value that does not parse
    throw Error(ErrorCode::kIo, fmt::format("database: {}: {}", what, e.what()));
  }
}

}  // namespace

PgStore::PgStore(const std::string& url)
    : conn_(url, "mazeworks"), reader_(url, "mazeworks-reader") {
  conn_.exec("create tables", kPgSchema);
  conn_.prepare("advance", fmt::format(kAdvance, kActionsChannel));
  conn_.prepare("insert_actions", kInsertActions);
}

std::string PgStore::describe() const {
  std::lock_guard lock(mutex_);
  return conn_.describe();
}

pg::Result PgStore::exec(const char* what, const std::string& sql,
                         const std::vector<std::string>& params) {
  std::lock_guard lock(mutex_);
  conn_.ensure_open();
  return conn_.exec(what, sql, params);
}

void PgStore::create_match(const MatchSetup& s) {
  exec("create match", kPgInsertMatch, match_params(s, 0));
}

void PgStore::insert_matches(const std::vector<StoredMatch>& matches) {
  std::lock_guard lock(mutex_);
  conn_.ensure_open();
  pg::transaction(conn_, "BEGIN", [&] {
    for (const StoredMatch& sm : matches) {
      conn_.exec("insert matches", kPgInsertMatch, match_params(sm.setup, sm.actions.size()));
      if (!sm.actions.empty()) {
        conn_.run("insert matches", "insert_actions",
                  {sm.setup.id, "0", actions_array(sm.actions)});
      }
      for (std::size_t seat = 0; seat < sm.tokens.size(); ++seat) {
        const SeatToken& t = sm.tokens[seat];
        if (t.hash.empty()) continue;
        conn_.exec("insert matches",
                   "INSERT INTO seat_tokens (match_id, seat, token_sha256, issued_at, claimed) "
                   "VALUES ($1, $2, $3, $4, $5)",
                   {sm.setup.id, std::to_string(seat), t.hash, std::to_string(t.issued),
                    t.claimed ? "true" : "false"});
      }
    }
  });
}

// One statement, so two instances joining the same seat at once cannot both succeed: the
// primary key lets one insert through and the other's ON CONFLICT inserts nothing.
void PgStore::set_token(const std::string& match, int seat, const SeatToken& token) {
  const pg::Result r =
      exec("store token",
           fmt::format("WITH t AS (INSERT INTO seat_tokens (match_id, seat, token_sha256, "
                       "issued_at, claimed) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING "
                       "RETURNING match_id) UPDATE matches SET updated_at = $4 FROM t "
                       "WHERE id = t.match_id RETURNING {}",
                       fmt::format(kNotifyRefresh, kActionsChannel)),
           {match, std::to_string(seat), token.hash, std::to_string(token.issued),
            token.claimed ? "true" : "false"});
  if (PQntuples(r.get()) != 1) throw SeatTaken(match, seat);
}

void PgStore::clear_token(const std::string& match, int seat) {
  exec("free seat",
       fmt::format("WITH t AS (DELETE FROM seat_tokens WHERE match_id = $1 AND seat = $2 AND NOT "
                   "claimed RETURNING match_id) UPDATE matches SET updated_at = updated_at FROM t "
                   "WHERE id = t.match_id RETURNING {}",
                   fmt::format(kNotifyRefresh, kActionsChannel)),
       {match, std::to_string(seat)});
}

void PgStore::claim_token(const std::string& match, int seat) {
  exec("claim seat", "UPDATE seat_tokens SET claimed = true WHERE match_id = $1 AND seat = $2",
       {match, std::to_string(seat)});
}

void PgStore::set_resigned(const std::string& match, int seat, std::uint64_t actions) {
  // Conditional on the count, like an append: the row's lock orders it with any append.
  const pg::Result r =
      exec("resign",
           fmt::format("UPDATE matches SET finished = true, resigned = $1, updated_at = {} "
                       "WHERE id = $2 AND action_count = $3 RETURNING {}",
                       kNow, fmt::format(kNotifyRefresh, kActionsChannel)),
           {std::to_string(seat), match, std::to_string(actions)});
  if (pg::affected(r) == 1) return;
  const pg::Result now = exec("resign", "SELECT action_count FROM matches WHERE id = $1", {match});
  if (PQntuples(now.get()) == 0) {
    throw Error(ErrorCode::kIo, "database: no match " + match + " to resign");
  }
  throw AppendConflict(match, static_cast<std::uint64_t>(pg::integer(now, 0, 0)), actions);
}

void PgStore::set_rematch(const std::string& match, const std::string& next) {
  exec("rematch",
       fmt::format("UPDATE matches SET rematch = $1 WHERE id = $2 RETURNING {}",
                   fmt::format(kNotifyRefresh, kActionsChannel)),
       {next, match});
}

void PgStore::write(const Append& a) {
  const std::size_t n = a.actions.size();
  const pg::Result advanced = conn_.run(
      "append actions", "advance",
      {a.match, std::to_string(a.first), std::to_string(n), a.finished ? "true" : "false"});
  if (PQntuples(advanced.get()) != 1) {
    const pg::Result now =
        conn_.exec("append actions", "SELECT action_count FROM matches WHERE id = $1", {a.match});
    if (PQntuples(now.get()) == 0) throw Error(ErrorCode::kIo, "database: no match " + a.match);
    throw AppendConflict(a.match, static_cast<std::uint64_t>(pg::integer(now, 0, 0)), a.first);
  }
  if (n > 0) {
    conn_.run("append actions", "insert_actions",
              {a.match, std::to_string(a.first), actions_array(a.actions)});
  }
}

void PgStore::commit_appends(const std::vector<Append>& batch, std::size_t begin, std::size_t end) {
  std::lock_guard lock(mutex_);
  conn_.ensure_open();
  pg::transaction(conn_, "BEGIN", [&] {
    for (std::size_t i = begin; i < end; ++i) write(batch[i]);
  });
}

std::vector<StoredMatch> PgStore::load_all() const {
  return read_matches(fmt::format("SELECT {} FROM matches ORDER BY created_at, id", kMatchColumns),
                      {});
}

std::optional<StoredMatch> PgStore::load(const std::string& match) const {
  auto out =
      read_matches(fmt::format("SELECT {} FROM matches WHERE id = $1", kMatchColumns), {match});
  if (out.empty()) return std::nullopt;
  return std::move(out.front());
}

std::vector<StoredMatch> PgStore::load_active(std::int64_t since, std::size_t limit) const {
  return read_matches(
      fmt::format("SELECT {} FROM matches WHERE NOT finished AND updated_at >= $1 "
                  "ORDER BY updated_at DESC, id LIMIT $2",
                  kMatchColumns),
      {std::to_string(since), std::to_string(std::min<std::size_t>(limit, INT64_MAX))});
}

std::vector<StoredMatch> PgStore::load_public(std::size_t limit) const {
  return read_matches(fmt::format("SELECT {} FROM matches WHERE public "
                                  "ORDER BY created_at DESC, id DESC LIMIT $1",
                                  kMatchColumns),
                      {std::to_string(std::min<std::size_t>(limit, INT64_MAX))});
}

std::optional<MatchChanges> PgStore::load_changes(const std::string& match,
                                                  std::uint64_t from) const {
  std::lock_guard lock(read_mutex_);
  reader_.ensure_open();
  std::optional<MatchChanges> out;
  // One snapshot: the ending and tokens as of the same commit as the actions.
  pg::transaction(reader_, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", [&] {
    const pg::Result row = reader_.exec(
        "catch up", "SELECT seats, resigned, rematch, finished FROM matches WHERE id = $1",
        {match});
    if (PQntuples(row.get()) != 1) return;
    MatchChanges c;
    pg_guarded("catch up", [&] {
      c.tokens.assign(Json::parse(pg::text(row, 0, 0)).size(), SeatToken{});
      return 0;
    });
    if (!pg::is_null(row, 0, 1)) c.resigned = static_cast<Player>(pg::integer(row, 0, 1));
    c.rematch = pg::text(row, 0, 2);
    c.finished = pg::boolean(row, 0, 3);
    const pg::Result tokens = reader_.exec(
        "catch up",
        "SELECT seat, token_sha256, issued_at, claimed FROM seat_tokens WHERE match_id = $1",
        {match});
    for (int r = 0; r < PQntuples(tokens.get()); ++r) {
      const std::int64_t seat = pg::integer(tokens, r, 0);
      if (seat < 0 || static_cast<std::size_t>(seat) >= c.tokens.size()) continue;
      c.tokens[static_cast<std::size_t>(seat)] =
          SeatToken{pg::text(tokens, r, 1), pg::integer(tokens, r, 2), pg::boolean(tokens, r, 3)};
    }
    const pg::Result actions = reader_.exec(
        "catch up", "SELECT action FROM actions WHERE match_id = $1 AND idx >= $2 ORDER BY idx",
        {match, std::to_string(from)});
    for (int r = 0; r < PQntuples(actions.get()); ++r) {
      c.actions.push_back(pg::integer(actions, r, 0));
    }
    out = std::move(c);
  });
  return out;
}

std::size_t PgStore::count() const {
  std::lock_guard lock(mutex_);
  conn_.ensure_open();
  const pg::Result r = conn_.exec("count matches", "SELECT COUNT(*) FROM matches");
  return static_cast<std::size_t>(pg::integer(r, 0, 0));
}

std::vector<StoredMatch> PgStore::read_matches(const std::string& select,
                                               const std::vector<std::string>& params) const {
  std::lock_guard lock(read_mutex_);
  reader_.ensure_open();
  std::vector<StoredMatch> out;
  // One snapshot: a match's actions and tokens as of the same moment as its row.
  pg::transaction(reader_, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", [&] {
    pg_guarded("load matches", [&] {
      const pg::Result rows = reader_.exec("load matches", select, params);
      LoadedMatches loaded{out, {}};
      std::vector<std::string> ids;
      for (int row = 0; row < PQntuples(rows.get()); ++row) {
        out.push_back(match_from_row(rows, row));
        ids.push_back(out.back().setup.id);
        loaded.index[ids.back()] = out.size() - 1;
      }
      if (ids.empty()) return 0;
      const std::string id_array = pg::text_array(ids);
      read_tokens(reader_, id_array, loaded);
      read_actions(reader_, id_array, loaded);
      return 0;
    });
  });
  return out;
}

}  // namespace mw::server
