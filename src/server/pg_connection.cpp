#include "server/pg_connection.h"

#include <fmt/format.h>

#include <charconv>

#include "core/error.h"

namespace mw::server::pg {
namespace {

std::string trimmed(std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

Error failure(const char* what, const std::string& message) {
  return Error(ErrorCode::kIo, fmt::format("database: {}: {}", what, trimmed(message)));
}

Result checked(const char* what, PGconn* conn, PGresult* raw) {
  Result r(raw);
  const ExecStatusType status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return r;
  throw failure(what, r ? PQresultErrorMessage(r.get()) : PQerrorMessage(conn));
}

std::vector<const char*> pointers(const std::vector<std::string>& params) {
  std::vector<const char*> out;
  out.reserve(params.size());
  for (const auto& p : params) out.push_back(p.c_str());
  return out;
}

}  // namespace

std::string text(const Result& r, int row, int column) {
  return std::string(PQgetvalue(r.get(), row, column),
                     static_cast<std::size_t>(PQgetlength(r.get(), row, column)));
}

std::int64_t integer(const Result& r, int row, int column) {
  const char* begin = PQgetvalue(r.get(), row, column);
  const char* end = begin + PQgetlength(r.get(), row, column);
  std::int64_t value = 0;
  if (std::from_chars(begin, end, value).ec != std::errc{}) {
    throw Error(ErrorCode::kIo,
                fmt::format("database: '{}' is not an integer", std::string(begin, end)));
  }
  return value;
}

bool boolean(const Result& r, int row, int column) {
  return PQgetvalue(r.get(), row, column)[0] == 't';
}

bool is_null(const Result& r, int row, int column) {
  return PQgetisnull(r.get(), row, column) != 0;
}

std::uint64_t affected(const Result& r) {
  const char* n = PQcmdTuples(r.get());
  return n[0] == '\0' ? 0 : std::stoull(n);
}

std::string text_array(const std::vector<std::string>& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    out += '"';
    for (const char c : values[i]) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

std::string integer_array(const std::vector<std::int64_t>& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    out += std::to_string(values[i]);
  }
  return out + "}";
}

Connection::Connection(const std::string& url, const std::string& application_name)
    : url_(url), application_name_(application_name) {
  char* error = nullptr;
  PQconninfoOption* parsed = PQconninfoParse(url.c_str(), &error);
  if (parsed == nullptr) {
    const std::string why = error != nullptr ? trimmed(error) : "out of memory";
    PQfreemem(error);
    throw Error(ErrorCode::kBadRequest, fmt::format("--db: not a PostgreSQL URL: {}", why));
  }
  PQconninfoFree(parsed);
  connect();
}

Connection::~Connection() {
  PQfinish(conn_);
}

void Connection::connect() {
  PQfinish(conn_);
  // Defaults first: the URL's own parameters override them (expand_dbname).
  const char* keys[] = {"connect_timeout",
                        "application_name",
                        "keepalives_idle",
                        "keepalives_interval",
                        "keepalives_count",
                        "dbname",
                        nullptr};
  const char* values[] = {"10", application_name_.c_str(), "10", "5", "3", url_.c_str(), nullptr};
  conn_ = PQconnectdbParams(keys, values, /*expand_dbname=*/1);
  if (conn_ == nullptr || PQstatus(conn_) != CONNECTION_OK) {
    const std::string why = conn_ != nullptr ? PQerrorMessage(conn_) : "out of memory";
    const std::string what =
        fmt::format("database: cannot connect to {}: {}", describe(), trimmed(why));
    // A failed connection is still libpq's to free, and a throwing constructor runs no destructor.
    PQfinish(conn_);
    conn_ = nullptr;
    throw Error(ErrorCode::kIo, what);
  }
  // CREATE … IF NOT EXISTS and the like send notices; libpq would print them on stderr.
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
  exec("connect", "SET synchronous_commit = on");
  for (const auto& [name, sql] : prepared_) prepare_on_server(name, sql);
}

std::string Connection::describe() const {
  if (conn_ == nullptr || PQstatus(conn_) != CONNECTION_OK) {
    // Not connected: the URL as given, less a password.
    const auto at = url_.find('@');
    const auto scheme = url_.find("://");
    if (at == std::string::npos || scheme == std::string::npos) return url_;
    const auto colon = url_.find(':', scheme + 3);
    if (colon == std::string::npos || colon > at) return url_;
    return url_.substr(0, colon) + url_.substr(at);
  }
  return fmt::format("postgresql://{}@{}:{}/{}", PQuser(conn_), PQhost(conn_), PQport(conn_),
                     PQdb(conn_));
}

void Connection::ensure_open() {
  if (PQstatus(conn_) == CONNECTION_OK) return;
  connect();
}

Result Connection::exec(const char* what, const std::string& sql,
                        const std::vector<std::string>& params) const {
  if (params.empty()) return checked(what, conn_, PQexec(conn_, sql.c_str()));
  const auto values = pointers(params);
  return checked(what, conn_,
                 PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                              values.data(), nullptr, nullptr, 0));
}

void Connection::prepare(const std::string& name, const std::string& sql) {
  prepared_[name] = sql;
  prepare_on_server(name, sql);
}

void Connection::prepare_on_server(const std::string& name, const std::string& sql) const {
  checked("prepare", conn_, PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
}

Result Connection::run(const char* what, const std::string& name,
                       const std::vector<std::string>& params) const {
  const auto values = pointers(params);
  return checked(what, conn_,
                 PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(),
                                nullptr, nullptr, 0));
}

}  // namespace mw::server::pg
