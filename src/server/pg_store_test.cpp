// What several server instances on one PostgreSQL database rely on: a second writer at the same
// index waits for the match row's lock and then conflicts, concurrent instances never lose or
// double an append, every commit is announced to listeners with the match's new count (and a
// refused append is not), a listener whose connection drops says so and listens again, and a
// store whose connection drops connects again. Plus the errors of `open_store` for bad names and
// unreachable servers.
#include "server/pg_store.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "server/pg_listener.h"
#include "support/pg_test_database.h"
#include "support/scratch_dir.h"

namespace mw::server {
namespace {

using test::PgTestDatabase;

// A deadline for waiting on another thread or process: reaching it means something hangs.
constexpr auto kHang = std::chrono::seconds(60);

MatchSetup minimal_setup(const std::string& id) {
  MatchSetup s;
  s.id = id;
  s.game = "treasure-hunt";
  s.seats = {SeatConfig{}, SeatConfig{}};
  return s;
}

// What a listener reported, for the test thread to wait on.
struct Heard {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<ActionsNotice> notices;
  std::vector<std::pair<bool, std::string>> connection;  // (listening, why)

  PgListener::OnNotice on_notice() {
    return [this](const ActionsNotice& n) {
      std::lock_guard lock(mutex);
      notices.push_back(n);
      changed.notify_all();
    };
  }
  PgListener::OnConnection on_connection() {
    return [this](bool listening, const std::string& why) {
      std::lock_guard lock(mutex);
      connection.emplace_back(listening, why);
      changed.notify_all();
    };
  }
  // Waits until there are `n` notices (false if that never happens).
  bool wait_notices(std::size_t n) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, kHang, [&] { return notices.size() >= n; });
  }
  bool wait_connection_events(std::size_t n) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, kHang, [&] { return connection.size() >= n; });
  }
};

void expect_notice(const ActionsNotice& n, const std::string& match, std::uint64_t actions,
                   bool finished) {
  EXPECT_EQ(n.match, match);
  EXPECT_EQ(n.actions, actions);
  EXPECT_EQ(n.finished, finished);
}

// Waits until a connection of the store's application waits for a lock in this test's database.
bool wait_for_lock_waiter(const PgTestDatabase& db) {
  const auto deadline = std::chrono::steady_clock::now() + kHang;
  while (std::chrono::steady_clock::now() < deadline) {
    const pg::Result r =
        db.admin().exec("lock waiters",
                        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = $1 "
                        "AND application_name = 'mazeworks' AND wait_event_type = 'Lock'",
                        {db.name()});
    if (pg::integer(r, 0, 0) > 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

TEST(PgStore, EveryCommitIsAnnouncedWithTheNewCountAndARefusedAppendIsNot) {
  const PgTestDatabase db;
  PgStore store(db.url());
  Heard heard;
  PgListener listener(db.url(), heard.on_notice(), heard.on_connection());
  store.create_match(minimal_setup("m"));
  store.create_match(minimal_setup("other"));
  store.append_actions("m", 0, {1, 2});
  EXPECT_THROW(store.append_actions("m", 0, {9}), AppendConflict);
  const auto errors =
      store.append_batch({Append{"m", 2, {3}, false}, Append{"other", 0, {5, 6, 7}, true}});
  EXPECT_FALSE(errors[0]);
  EXPECT_FALSE(errors[1]);
  store.set_finished("m");
  ASSERT_TRUE(heard.wait_notices(4));
  const std::lock_guard lock(heard.mutex);
  ASSERT_EQ(heard.notices.size(), 4u);
  expect_notice(heard.notices[0], "m", 2, false);  // the refused append comes nowhere
  expect_notice(heard.notices[1], "m", 3, false);
  expect_notice(heard.notices[2], "other", 3, true);
  expect_notice(heard.notices[3], "m", 3, true);
  EXPECT_TRUE(heard.connection.empty());
}

TEST(PgStore, SeatsAndEndingsAreAnnouncedForARefreshAndNothingIsAppendedAfterAResignation) {
  const PgTestDatabase db;
  PgStore store(db.url());
  Heard heard;
  PgListener listener(db.url(), heard.on_notice(), heard.on_connection());
  store.create_match(minimal_setup("m"));
  store.append_actions("m", 0, {1});
  store.set_token("m", 0, SeatToken{"a", 1, false});
  EXPECT_THROW(store.set_token("m", 0, SeatToken{"b", 2, false}), SeatTaken);  // not announced
  store.clear_token("m", 0);
  EXPECT_THROW(store.set_resigned("m", 1, 0), AppendConflict);  // judged at a stale count
  store.set_resigned("m", 1, 1);
  EXPECT_THROW(store.append_actions("m", 1, {2}), AppendConflict);
  store.set_rematch("m", "next");
  ASSERT_TRUE(heard.wait_notices(5));
  const std::lock_guard lock(heard.mutex);
  ASSERT_EQ(heard.notices.size(), 5u);
  EXPECT_FALSE(heard.notices[0].refresh);  // the append
  for (std::size_t n = 1; n < 5; ++n) {    // join, freed seat, resignation, rematch
    EXPECT_TRUE(heard.notices[n].refresh) << n;
    EXPECT_EQ(heard.notices[n].actions, 1u) << n;
  }
  EXPECT_FALSE(heard.notices[2].finished);
  EXPECT_TRUE(heard.notices[3].finished);
  EXPECT_EQ(store.load("m")->actions, (ActionList{1}));
}

TEST(PgStore, TwoInstancesJoiningOneSeatAtOnceGiveItToOne) {
  const PgTestDatabase db;
  PgStore a(db.url()), b(db.url());
  a.create_match(minimal_setup("m"));
  for (int round = 0; round < 20; ++round) {
    std::atomic<int> joined = 0, taken = 0;
    const auto join = [&](PgStore& store, const std::string& hash) {
      try {
        store.set_token("m", 0, SeatToken{hash, 1, false});
        ++joined;
      } catch (const SeatTaken&) {
        ++taken;
      }
    };
    std::thread other([&] { join(b, "from-b"); });
    join(a, "from-a");
    other.join();
    EXPECT_EQ(joined, 1);
    EXPECT_EQ(taken, 1);
    a.clear_token("m", 0);  // unclaimed: free again for the next round
  }
}

TEST(PgStore, ASecondWriterWaitsForTheMatchRowLockThenConflictsAndWritesNothing) {
  const PgTestDatabase db;
  PgStore instance_a(db.url()), instance_b(db.url());
  instance_a.create_match(minimal_setup("m"));
  // Another instance's append, caught between its lock and its commit.
  const pg::Connection other(db.url(), "other-instance");
  other.exec("begin", "BEGIN");
  other.exec("lock", "UPDATE matches SET action_count = 1 WHERE id = 'm'");
  other.exec("insert", "INSERT INTO actions (match_id, idx, action) VALUES ('m', 0, 42)");
  std::exception_ptr error;
  std::thread waiting([&] {
    try {
      instance_b.append_actions("m", 0, {7});
    } catch (...) {
      error = std::current_exception();
    }
  });
  const bool waited = wait_for_lock_waiter(db);
  other.exec("commit", "COMMIT");
  waiting.join();
  EXPECT_TRUE(waited) << "the second append never waited for the row lock";
  ASSERT_TRUE(error) << "the second append at index 0 was taken";
  try {
    std::rethrow_exception(error);
  } catch (const AppendConflict& e) {
    EXPECT_EQ(e.expected(), 1u);
  }
  EXPECT_EQ(instance_a.load("m")->actions, ActionList{42});
  instance_b.append_actions("m", 1, {8});
  EXPECT_EQ(instance_a.load("m")->actions, (ActionList{42, 8}));
}

TEST(PgStore, ConcurrentInstancesNeverLoseOrDoubleAnAppend) {
  const PgTestDatabase db;
  PgStore instance_a(db.url()), instance_b(db.url());
  Heard heard;
  PgListener listener(db.url(), heard.on_notice(), heard.on_connection());
  instance_a.create_match(minimal_setup("m"));
  constexpr int kWriters = 4, kAttempts = 25;
  std::atomic<int> taken{0}, refused{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      PgStore& store = w % 2 == 0 ? instance_a : instance_b;
      for (int i = 0; i < kAttempts; ++i) {
        const std::uint64_t next = store.load("m")->actions.size();
        try {
          store.append_actions("m", next, {w, i});
          ++taken;
        } catch (const AppendConflict&) {
          ++refused;
        }
      }
    });
  }
  for (auto& t : writers) t.join();
  EXPECT_EQ(taken + refused, kWriters * kAttempts);
  const ActionList stored = instance_b.load("m")->actions;  // load checks the indices are dense
  EXPECT_EQ(stored.size(), 2u * static_cast<std::size_t>(taken.load()));
  ASSERT_TRUE(heard.wait_notices(static_cast<std::size_t>(taken.load())));
  const std::lock_guard lock(heard.mutex);
  for (std::size_t i = 0; i < heard.notices.size(); ++i) {
    EXPECT_EQ(heard.notices[i].actions, 2 * (i + 1));  // each commit once, in commit order
  }
}

TEST(PgListener, ReportsADroppedConnectionAndListensAgain) {
  const PgTestDatabase db;
  PgStore store(db.url());
  store.create_match(minimal_setup("m"));
  Heard heard;
  PgListener listener(db.url(), heard.on_notice(), heard.on_connection(),
                      std::chrono::milliseconds(20));
  const int pid = listener.backend_pid();
  ASSERT_GT(pid, 0);
  // Waits (up to 10 s) until that server process is gone.
  db.admin().exec("terminate", "SELECT pg_terminate_backend($1, 10000)", {std::to_string(pid)});
  ASSERT_TRUE(heard.wait_connection_events(2));
  {
    const std::lock_guard lock(heard.mutex);
    EXPECT_FALSE(heard.connection[0].first);
    EXPECT_FALSE(heard.connection[0].second.empty());  // why
    EXPECT_TRUE(heard.connection[1].first);
  }
  EXPECT_NE(listener.backend_pid(), pid);
  store.append_actions("m", 0, {1});
  ASSERT_TRUE(heard.wait_notices(1));
  const std::lock_guard lock(heard.mutex);
  expect_notice(heard.notices[0], "m", 1, false);
}

TEST(PgStore, AStoreWhoseConnectionDroppedFailsThatCallAndConnectsAgain) {
  const PgTestDatabase db;
  PgStore store(db.url());
  store.create_match(minimal_setup("m"));
  db.admin().exec("terminate",
                  "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                  "WHERE application_name = 'mazeworks' AND datname = $1",
                  {db.name()});
  EXPECT_THROW(store.append_actions("m", 0, {1}), Error);
  store.append_actions("m", 0, {1});  // the failed call wrote nothing: index 0 is free
  EXPECT_EQ(store.load("m")->actions, ActionList{1});
}

TEST(OpenStore, NamesAreCheckedAndUnreachableServersReported) {
  const auto code_of = [](const std::string& db) {
    try {
      open_store(db);
    } catch (const Error& e) {
      return std::pair{e.code(), std::string(e.what())};
    }
    return std::pair{ErrorCode::kInternal, std::string("opened")};
  };
  EXPECT_EQ(code_of("mysql://host/db").first, ErrorCode::kBadRequest);
  EXPECT_EQ(code_of("sqlite:").first, ErrorCode::kBadRequest);
  EXPECT_EQ(code_of("").first, ErrorCode::kBadRequest);
  const auto malformed = code_of("postgresql://127.0.0.1/db?no_such_parameter=1");
  EXPECT_EQ(malformed.first, ErrorCode::kBadRequest) << malformed.second;
  const auto refused = code_of("postgresql://postgres:secret@127.0.0.1:1/db");
  EXPECT_EQ(refused.first, ErrorCode::kIo);
  EXPECT_NE(refused.second.find("cannot connect to postgresql://postgres@127.0.0.1:1/db"),
            std::string::npos)
      << refused.second;
  EXPECT_EQ(refused.second.find("secret"), std::string::npos);
  EXPECT_THROW(PgListener("postgres://127.0.0.1:1/db", nullptr, nullptr), Error);
  const test_support::ScratchDir dir("open");
  const auto store = open_store("sqlite:" + (dir / "sub" / "x.db").string());
  EXPECT_EQ(store->describe(), (dir / "sub" / "x.db").string());
  EXPECT_TRUE(std::filesystem::exists(dir / "sub" / "x.db"));
}

}  // namespace
}  // namespace mw::server
