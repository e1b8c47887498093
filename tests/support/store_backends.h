#pragma once
// The shared store suite's parameter: every test of it runs once on SQLite and once on
// PostgreSQL (a fresh database of the test cluster), through the one Store interface.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "server/store.h"
#include "support/pg_test_database.h"
#include "support/scratch_dir.h"

namespace mw::server::test {

class StoreBackendTest : public ::testing::TestWithParam<std::string> {
 protected:
  static constexpr StoreOptions kAsServed{.sole_owner = true};  // as `serve` opens it
  StoreBackendTest() {
    if (GetParam() == "postgresql") {
      pg_ = std::make_unique<PgTestDatabase>();
      db_ = pg_->url();
    } else {
      db_ = (dir_ / "store.db").string();
    }
    store_ = open_store(db_, kAsServed);
  }
  // A restart: the store closed and opened again on the same data.
  void reopen() {
    store_.reset();
    store_ = open_store(db_, kAsServed);
  }
  bool postgres() const { return GetParam() == "postgresql"; }

  test_support::ScratchDir dir_{"store"};
  std::unique_ptr<PgTestDatabase> pg_;
  std::string db_;  // what `serve --db` would take
  std::unique_ptr<Store> store_;
};

inline std::string backend_name(const ::testing::TestParamInfo<std::string>& info) {
  return info.param;
}

}  // namespace mw::server::test
