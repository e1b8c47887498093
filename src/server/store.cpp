#include "server/store.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "server/pg_store.h"
#include "server/sqlite_store.h"

namespace mw::server {

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

AppendConflict::AppendConflict(const std::string& match, std::uint64_t expected,
                               std::uint64_t first)
    : Error(ErrorCode::kIo,
            fmt::format("database: match {} has {} action(s) stored; an append at {} conflicts "
                        "with another writer",
                        match, expected, first)),
      expected_(expected) {}

void Store::append_actions(const std::string& match, std::uint64_t first,
                           const ActionList& actions) {
  const auto errors = append_batch({Append{match, first, actions, false}});
  if (errors[0]) std::rethrow_exception(errors[0]);
}

void Store::set_finished(const std::string& match) {
  const auto errors = append_batch({Append{match, 0, {}, true}});
  if (errors[0]) std::rethrow_exception(errors[0]);
}

SeatTaken::SeatTaken(const std::string& match, int seat)
    : Error(ErrorCode::kIo, fmt::format("database: seat {} of match {} is taken", seat, match)) {}

std::optional<MatchChanges> Store::load_changes(const std::string& match,
                                                std::uint64_t from) const {
  std::optional<StoredMatch> stored = load(match);
  if (!stored) return std::nullopt;
  MatchChanges changes;
  const auto skip =
      static_cast<std::ptrdiff_t>(std::min<std::size_t>(from, stored->actions.size()));
  changes.actions.assign(stored->actions.begin() + skip, stored->actions.end());
  changes.tokens = std::move(stored->tokens);
  changes.resigned = stored->resigned;
  changes.rematch = std::move(stored->rematch);
  return changes;
}

std::vector<StoredMatch> Store::load_public(std::size_t limit) const {
  std::vector<StoredMatch> all = load_all();
  std::erase_if(all, [](const StoredMatch& m) { return !m.setup.is_public; });
  std::stable_sort(all.begin(), all.end(), [](const StoredMatch& a, const StoredMatch& b) {
    return a.setup.created > b.setup.created;
  });
  if (all.size() > limit) all.resize(limit);
  return all;
}

std::vector<std::exception_ptr> Store::append_batch(const std::vector<Append>& batch) {
  std::vector<std::exception_ptr> errors(batch.size());
  try {
    commit_appends(batch, 0, batch.size());
    return errors;
  } catch (const Error&) {
    if (batch.size() == 1) {
      errors[0] = std::current_exception();
      return errors;
    }
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    try {
      commit_appends(batch, i, i + 1);
    } catch (const Error&) {
      errors[i] = std::current_exception();
    }
  }
  return errors;
}

bool is_postgres_url(const std::string& db) {
  return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

std::unique_ptr<Store> open_store(const std::string& db, const StoreOptions& options) {
  if (is_postgres_url(db)) return std::make_unique<PgStore>(db);
  std::string path = db;
  if (path.starts_with("sqlite:")) path.erase(0, 7);
  if (path.empty()) {
    throw Error(ErrorCode::kBadRequest,
                "--db: empty database name (a file path, sqlite:PATH or postgresql://…)");
  }
  if (const auto scheme = path.find("://"); scheme != std::string::npos) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("--db: unsupported database URL {} (a file path, sqlite:PATH, "
                            "postgresql://… or postgres://…)",
                            db.substr(0, scheme + 3) + "…"));
  }
  const std::filesystem::path file(path);
  std::error_code ec;
  if (path != ":memory:" && file.has_parent_path()) {
    std::filesystem::create_directories(file.parent_path(), ec);
  }
  if (ec) {
    throw Error(ErrorCode::kIo,
                fmt::format("cannot create {}: {}", file.parent_path().string(), ec.message()));
  }
  return std::make_unique<SqliteStore>(path, options.full_sync, options.sole_owner);
}

}  // namespace mw::server
