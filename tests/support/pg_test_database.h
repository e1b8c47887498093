#pragma once
// A fresh PostgreSQL database for one test, in the throwaway cluster of scripts/pg-cluster.sh
// (CTest's pg_cluster fixture starts it before the tests that need it and stops it after), dropped
// again by the destructor. Tests never skip when there is no cluster: they fail, saying how to
// start one.
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>

#include "server/pg_connection.h"

namespace mw::server::test {

// The cluster's URL: $MAZEWORKS_PG_URL, else what `pg-cluster.sh start` wrote to
// MAZEWORKS_PG_STATE_DIR/url.
inline std::string pg_cluster_url() {
  if (const char* url = std::getenv("MAZEWORKS_PG_URL"); url != nullptr && *url != '\0') return url;
  const std::string file = std::string(MAZEWORKS_PG_STATE_DIR) + "/url";
  std::ifstream in(file);
  std::string url;
  if (!(in >> url)) {
    throw std::runtime_error(
        "no PostgreSQL cluster for the tests: " + file +
        " is missing. Run the tests through CTest (its pg_cluster fixture starts one), or start "
        "one with scripts/pg-cluster.sh start " MAZEWORKS_PG_STATE_DIR
        " (or set MAZEWORKS_PG_URL)");
  }
  return url;
}

// `url` with its database name replaced by `database`.
inline std::string with_database(const std::string& url, const std::string& database) {
  const auto authority = url.find("://") + 3;
  const auto slash = url.find('/', authority);
  const auto query = url.find('?', authority);
  const std::string base = url.substr(0, slash == std::string::npos ? query : slash);
  const std::string rest = query == std::string::npos ? "" : url.substr(query);
  return base + "/" + database + rest;
}

class PgTestDatabase {
 public:
  PgTestDatabase()
      : admin_(pg_cluster_url(), "mazeworks-test-admin"),
        name_("mw_test_" + std::to_string(::getpid()) + "_" + std::to_string(next_number())),
        url_(with_database(pg_cluster_url(), name_)) {
    admin_.exec("create test database", "CREATE DATABASE " + name_);
  }
  ~PgTestDatabase() {
    try {
      admin_.exec("drop test database", "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    } catch (const std::exception&) {
      // Left behind in a throwaway cluster: harmless.
    }
  }
  PgTestDatabase(const PgTestDatabase&) = delete;
  PgTestDatabase& operator=(const PgTestDatabase&) = delete;

  const std::string& url() const { return url_; }
  const std::string& name() const { return name_; }
  // A connection to the cluster's own database, for what a test does behind the store's back.
  const pg::Connection& admin() const { return admin_; }

 private:
  static int next_number() {
    static std::atomic<int> n{0};
    return n++;
  }
  pg::Connection admin_;
  std::string name_, url_;
};

}  // namespace mw::server::test
