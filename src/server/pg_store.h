#pragma once
// The PostgreSQL store (libpq): any number of server instances may share one database. Appends
// are conditional on the match's action count, serialized per match by the match row's lock, and
// each commit notifies the channel kActionsChannel (pg_listener.h) with the match and its new
// count. Schema and locking: docs/server.md, "PostgreSQL".
#include <functional>
#include <mutex>
#include <string>

#include "server/pg_connection.h"
#include "server/store.h"

namespace mw::server {

// The channel every commit of actions (or of a match's end) is announced on.
inline constexpr const char* kActionsChannel = "mazeworks_actions";

class PgStore final : public Store {
 public:
  // Connects to `url` (postgresql://… or postgres://…) and creates the tables if they are missing.
  explicit PgStore(const std::string& url);

  std::string describe() const override;
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
  std::optional<MatchChanges> load_changes(const std::string& match,
                                           std::uint64_t from) const override;
  std::vector<StoredMatch> load_public(std::size_t limit) const override;
  bool shared() const override { return true; }

 protected:
  void commit_appends(const std::vector<Append>& batch, std::size_t begin,
                      std::size_t end) override;

 private:
  void write(const Append& a);  // inside a transaction, mutex_ held
  // One statement in a transaction of its own (autocommit), mutex_ held while it runs.
  pg::Result exec(const char* what, const std::string& sql, const std::vector<std::string>& params);
  // The matches `select` returns (the columns kMatchColumns, its parameters `params`), in its
  // order, with their tokens and actions, all read from one snapshot.
  std::vector<StoredMatch> read_matches(const std::string& select,
                                        const std::vector<std::string>& params) const;

  mutable std::mutex mutex_;  // one connection for writes, shared by every thread
  mutable pg::Connection conn_;
  // Reads (loads, catch-ups, the lobby) on a connection of their own, so they do not wait behind
  // a commit's WAL flush: a catch-up runs for every move another instance makes.
  mutable std::mutex read_mutex_;
  mutable pg::Connection reader_;
};

}  // namespace mw::server
