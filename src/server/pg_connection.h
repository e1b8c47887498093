#pragma once
// A small libpq wrapper shared by the PostgreSQL store and its listener: one connection, SQL with
// text parameters, results freed on scope exit, every failure an Error(kIo) naming the operation.
#include <libpq-fe.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mw::server::pg {

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

// A value of a result's row, as text or as a 64-bit integer (its text form parsed).
std::string text(const Result& r, int row, int column);
std::int64_t integer(const Result& r, int row, int column);
bool boolean(const Result& r, int row, int column);
bool is_null(const Result& r, int row, int column);
// How many rows an INSERT, UPDATE or DELETE touched.
std::uint64_t affected(const Result& r);

// A PostgreSQL array literal of texts ({"a","b"}), for `= ANY($1::text[])` and unnest.
std::string text_array(const std::vector<std::string>& values);
// A PostgreSQL array literal of integers ({1,2,3}).
std::string integer_array(const std::vector<std::int64_t>& values);

class Connection {
 public:
  // Connects to `url` (postgresql://…). A malformed URL is an Error(kBadRequest); a server that
  // cannot be reached or refuses the login an Error(kIo) with libpq's reason. Commits are
  // synchronous on this connection whatever the server's default (an acknowledged write is on
  // disk as far as the server's own fsync setting goes).
  Connection(const std::string& url, const std::string& application_name);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  PGconn* get() const { return conn_; }
  // postgresql://user@host:port/database, never the password.
  std::string describe() const;
  // After the connection dropped (the server restarted, an idle connection was cut): connects
  // again and prepares the statements again. Throws Error(kIo) when that fails.
  void ensure_open();

  // Runs `sql` with $1, $2, … bound to `params` (text form); throws Error(kIo) "database: <what>:
  // <server's message>" unless it succeeded.
  Result exec(const char* what, const std::string& sql,
              const std::vector<std::string>& params = {}) const;
  // A statement parsed once per connection (hot paths), then run by name.
  void prepare(const std::string& name, const std::string& sql);
  Result run(const char* what, const std::string& name,
             const std::vector<std::string>& params) const;

 private:
  void connect();
  void prepare_on_server(const std::string& name, const std::string& sql) const;

  std::string url_, application_name_;
  PGconn* conn_ = nullptr;
  std::map<std::string, std::string> prepared_;  // name -> SQL, prepared again after a reconnect
};

// Runs `body` between BEGIN and COMMIT; on an exception rolls back and rethrows.
template <class F>
void transaction(const Connection& c, const char* begin_sql, F&& body) {
  c.exec("begin", begin_sql);
  try {
    body();
    c.exec("commit", "COMMIT");
  } catch (...) {
    PQclear(PQexec(c.get(), "ROLLBACK"));  // a dropped connection has nothing to roll back
    throw;
  }
}

}  // namespace mw::server::pg
