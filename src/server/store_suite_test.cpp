// The store suite: every behaviour the server relies on, run on both implementations of Store
// (SQLite and PostgreSQL) through the one interface: matches, tokens, appends (conditional on the
// next index), group commit, endings, rematches, what a restart loads, and a match played through
// the match service surviving a restart.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <thread>

#include "games/all_games.h"
#include "server/sqlite_store.h"
#include "support/scratch_dir.h"
#include "support/server_fixture.h"
#include "support/store_backends.h"

namespace mw::server {
namespace {

using test::StoreBackendTest;

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

MatchSetup setup_of(const std::string& id, std::int64_t created = unix_now()) {
  MatchSetup s;
  s.id = id;
  s.game = "treasure-hunt";
  s.options = builtin_games().load("treasure-hunt").options().to_json();
  s.seed = 0xfedcba9876543210ull;  // above INT64_MAX: stored bit for bit
  s.seats = {SeatConfig{}, SeatConfig{false, "ismcts:ms=50"}};
  s.is_public = false;
  s.move_ms = 30'000;
  s.created = created;
  s.seed_salt = "salt-" + id;
  return s;
}

using StoreSuite = StoreBackendTest;

TEST_P(StoreSuite, AMatchComesBackAsItWasStored) {
  const MatchSetup s = setup_of("m1");
  store_->create_match(s);
  store_->set_token("m1", 0, SeatToken{"hash0", 1234, false});
  reopen();
  const auto m = store_->load("m1");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->setup.id, s.id);
  EXPECT_EQ(m->setup.game, s.game);
  EXPECT_EQ(m->setup.options, s.options);
  EXPECT_EQ(m->setup.seed, s.seed);
  ASSERT_EQ(m->setup.seats.size(), 2u);
  EXPECT_TRUE(m->setup.seats[0].human);
  EXPECT_EQ(m->setup.seats[1].agent, "ismcts:ms=50");
  EXPECT_FALSE(m->setup.is_public);
  EXPECT_EQ(m->setup.move_ms, 30'000);
  EXPECT_EQ(m->setup.created, s.created);
  EXPECT_EQ(m->setup.seed_salt, "salt-m1");
  ASSERT_EQ(m->tokens.size(), 2u);
  EXPECT_EQ(m->tokens[0].hash, "hash0");
  EXPECT_EQ(m->tokens[0].issued, 1234);
  EXPECT_FALSE(m->tokens[0].claimed);
  EXPECT_EQ(m->tokens[1].hash, "");
  EXPECT_TRUE(m->actions.empty());
  EXPECT_FALSE(m->resigned);
  EXPECT_EQ(m->rematch, "");
  EXPECT_FALSE(store_->load("nobody"));
}

TEST_P(StoreSuite, ADuplicateMatchIsRefused) {
  store_->create_match(setup_of("m1"));
  EXPECT_THROW(store_->create_match(setup_of("m1")), Error);
  EXPECT_EQ(store_->count(), 1u);
}

TEST_P(StoreSuite, TokensAreClaimedAndFreed) {
  store_->create_match(setup_of("m1"));
  store_->set_token("m1", 0, SeatToken{"a", 10, false});
  store_->set_token("m1", 1, SeatToken{"b", 11, false});
  store_->claim_token("m1", 0);
  store_->clear_token("m1", 1);
  const auto m = store_->load("m1");
  EXPECT_EQ(m->tokens[0].hash, "a");
  EXPECT_TRUE(m->tokens[0].claimed);
  EXPECT_EQ(m->tokens[1].hash, "");
  EXPECT_THROW(store_->set_token("m1", 0, SeatToken{"c", 12, false}), SeatTaken);
  EXPECT_EQ(store_->load("m1")->tokens[0].hash, "a");  // the refused join wrote nothing
  // A seat is freed only while its token is unclaimed (another instance may have seen it used).
  store_->clear_token("m1", 0);
  EXPECT_EQ(store_->load("m1")->tokens[0].hash, "a");
}

TEST_P(StoreSuite, ChangesSinceAnIndexAreTheLaterActionsWithTheTokensAndTheEnding) {
  store_->create_match(setup_of("m1"));
  store_->append_actions("m1", 0, {5, 6, 7});
  store_->set_token("m1", 0, SeatToken{"a", 10, true});
  auto c = store_->load_changes("m1", 1);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->actions, (ActionList{6, 7}));
  ASSERT_EQ(c->tokens.size(), 2u);
  EXPECT_EQ(c->tokens[0].hash, "a");
  EXPECT_TRUE(c->tokens[0].claimed);
  EXPECT_EQ(c->tokens[1].hash, "");
  EXPECT_FALSE(c->resigned);
  EXPECT_TRUE(store_->load_changes("m1", 3)->actions.empty());
  store_->set_resigned("m1", 1, 3);
  store_->set_rematch("m1", "m2");
  c = store_->load_changes("m1", 3);
  EXPECT_EQ(c->resigned, 1);
  EXPECT_EQ(c->rematch, "m2");
  EXPECT_FALSE(store_->load_changes("nobody", 0));
}

TEST_P(StoreSuite, AResignationJudgedAtAnOlderCountIsAConflictAndWritesNothing) {
  store_->create_match(setup_of("m1"));
  store_->append_actions("m1", 0, {5, 6});
  try {
    store_->set_resigned("m1", 0, 1);
    ADD_FAILURE() << "a resignation at a stale count was taken";
  } catch (const AppendConflict& e) {
    EXPECT_EQ(e.expected(), 2u);
  }
  EXPECT_FALSE(store_->load("m1")->resigned);
  store_->set_resigned("m1", 0, 2);
  EXPECT_EQ(store_->load("m1")->resigned, 0);
}

TEST_P(StoreSuite, ThePublicMatchesAreListedNewestFirst) {
  for (int i = 0; i < 5; ++i) {
    MatchSetup s = setup_of("m" + std::to_string(i), 1000 + i);
    s.is_public = i != 3;
    store_->create_match(s);
  }
  const auto listed = store_->load_public(3);
  ASSERT_EQ(listed.size(), 3u);
  EXPECT_EQ(listed[0].setup.id, "m4");
  EXPECT_EQ(listed[1].setup.id, "m2");  // m3 is private
  EXPECT_EQ(listed[2].setup.id, "m1");
}

TEST_P(StoreSuite, AppendsGoAtTheNextIndexOnly) {
  store_->create_match(setup_of("m1"));
  store_->append_actions("m1", 0, {5, 6});
  store_->append_actions("m1", 2, {-1, 1'000'000'000'000});
  for (const std::uint64_t first : {0u, 1u, 3u, 5u}) {  // stale, stale, ahead, far ahead
    try {
      store_->append_actions("m1", first, {9});
      ADD_FAILURE() << "an append at " << first << " was taken";
    } catch (const AppendConflict& e) {
      EXPECT_EQ(e.expected(), 4u);
      EXPECT_EQ(e.code(), ErrorCode::kIo);
    }
  }
  reopen();
  EXPECT_EQ(store_->load("m1")->actions, (ActionList{5, 6, -1, 1'000'000'000'000}));
}

// A store may keep each match's next index in memory: a batch that fails and is retried one
// append at a time must leave it where the database is.
TEST_P(StoreSuite, AfterAFailedBatchAppendsGoWhereTheDatabaseIs) {
  for (const char* id : {"a", "b"}) store_->create_match(setup_of(id));
  const auto errors = store_->append_batch({Append{"a", 0, {1}, false}, Append{"a", 1, {2}, false},
                                            Append{"b", 3, {9}, false}});  // b has none yet
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_FALSE(errors[0]);
  EXPECT_FALSE(errors[1]);
  EXPECT_THROW(std::rethrow_exception(errors[2]), AppendConflict);
  EXPECT_THROW(store_->append_actions("a", 1, {3}), AppendConflict);
  store_->append_actions("a", 2, {3});
  store_->append_actions("b", 0, {4});
  EXPECT_THROW(store_->append_actions("b", 0, {5}), AppendConflict);
  EXPECT_EQ(store_->load("a")->actions, (ActionList{1, 2, 3}));
  EXPECT_EQ(store_->load("b")->actions, (ActionList{4}));
}

TEST_P(StoreSuite, AnAppendToNoMatchIsAnErrorButNotAConflict) {
  try {
    store_->append_actions("nobody", 0, {1});
    FAIL() << "an append to no match was taken";
  } catch (const AppendConflict&) {
    FAIL() << "reported as a conflict";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no match nobody"), std::string::npos) << e.what();
  }
  EXPECT_THROW(store_->set_finished("nobody"), Error);
  EXPECT_FALSE(store_->load("nobody"));
}

TEST_P(StoreSuite, ABatchWithABadEntryFailsOnlyThatEntry) {
  for (const char* id : {"a", "b"}) store_->create_match(setup_of(id));
  store_->append_actions("b", 0, {7});
  const auto errors = store_->append_batch({Append{"a", 0, {1, 2}, false},
                                            Append{"b", 0, {9}, false},  // index 0 is taken
                                            Append{"a", 2, {3}, true}, Append{"b", 1, {8}, false}});
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_FALSE(errors[0]);
  ASSERT_TRUE(errors[1]);
  EXPECT_THROW(std::rethrow_exception(errors[1]), AppendConflict);
  EXPECT_FALSE(errors[2]);
  EXPECT_FALSE(errors[3]);
  EXPECT_EQ(store_->load("a")->actions, (ActionList{1, 2, 3}));
  EXPECT_EQ(store_->load("b")->actions, (ActionList{7, 8}));
  EXPECT_EQ(store_->load_active(0, 10).size(), 1u);  // "a" is finished
}

TEST_P(StoreSuite, EndingsAndRematchesAreStored) {
  for (const char* id : {"done", "resigned", "open"}) store_->create_match(setup_of(id));
  store_->append_actions("done", 0, {1});
  store_->set_finished("done");
  store_->set_finished("done");  // twice is harmless
  store_->set_resigned("resigned", 1, 0);
  store_->set_rematch("done", "next");
  EXPECT_THROW(store_->set_resigned("nobody", 0, 0), Error);
  reopen();
  EXPECT_EQ(store_->load("resigned")->resigned, 1);
  EXPECT_EQ(store_->load("done")->rematch, "next");
  EXPECT_EQ(store_->load("done")->actions, (ActionList{1}));
  const auto active = store_->load_active(0, 10);
  ASSERT_EQ(active.size(), 1u);
  EXPECT_EQ(active[0].setup.id, "open");
}

TEST_P(StoreSuite, ARestartLoadsTheRecentlyActiveMatchesNewestFirst) {
  const std::int64_t now = unix_now();
  const std::int64_t long_ago = now - 7 * 24 * 3600;
  store_->create_match(setup_of("old", long_ago));
  store_->create_match(setup_of("old-joined", long_ago));
  store_->create_match(setup_of("old-played", long_ago));
  store_->create_match(setup_of("new", now - 60));
  store_->set_token("old-joined", 0, SeatToken{"h", now - 30, true});  // a join is activity
  store_->append_actions("old-played", 0, {1});                        // so is a move, now
  const auto active = store_->load_active(now - 3600, 10);
  std::vector<std::string> ids;
  for (const auto& m : active) ids.push_back(m.setup.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"old-played", "old-joined", "new"}));
  EXPECT_EQ(store_->load_active(now - 3600, 2).size(), 2u);
  EXPECT_EQ(store_->load_all().size(), 4u);
  EXPECT_EQ(store_->load_all()[0].setup.created, long_ago);  // oldest first
}

TEST_P(StoreSuite, InsertedMatchesAreWholeAndCounted) {
  std::vector<StoredMatch> batch;
  for (int i = 0; i < 3; ++i) {
    StoredMatch m;
    m.setup = setup_of("i" + std::to_string(i), 100 + i);
    m.tokens = {SeatToken{"t" + std::to_string(i), 100, true}, SeatToken{}};
    m.actions = ActionList(static_cast<std::size_t>(i) * 2, 4);
    batch.push_back(std::move(m));
  }
  store_->insert_matches(batch);
  EXPECT_EQ(store_->count(), 3u);
  const auto m = store_->load("i2");
  EXPECT_EQ(m->actions, (ActionList{4, 4, 4, 4}));
  EXPECT_EQ(m->tokens[0].hash, "t2");
  EXPECT_TRUE(store_->load_active(unix_now() - 3600, 10).empty());  // last active when created
  store_->append_actions("i2", 4, {5});  // the next index follows the inserted actions
  EXPECT_THROW(store_->insert_matches({batch[0]}), Error);
  EXPECT_EQ(store_->count(), 3u);
}

// The match service on this store: a match played, the service restarted, play continues.
TEST_P(StoreSuite, AMatchPlayedThroughTheServiceSurvivesARestart) {
  store_.reset();
  test::Fixture f("service-restart", db_);
  const std::string id = f.service->create_match({{"game", "treasure-hunt"}, {"seed", 7}})["match"];
  const std::string t0 = f.service->join(id, {{"seat", 0}})["token"];
  const std::string t1 = f.service->join(id, {{"seat", 1}})["token"];
  const auto play = [&](int moves) {
    test::Client c0(*f.service), c1(*f.service);
    c0.hello(id, t0);
    c1.hello(id, t1);
    for (int n = 0; n < moves && c0.last()["status"] != "finished"; ++n) {
      test::Client& mover = c0.last()["to_act"] == 0 ? c0 : c1;
      mover.act(mover.last()["legal"][0], mover.last()["version"]);
    }
    return c0.last()["version"].get<std::uint64_t>();
  };
  const std::uint64_t version = play(8);
  f.close();
  f.open();
  EXPECT_EQ(f.service->restore(), 1u);
  EXPECT_GT(play(4), version);
  EXPECT_GT(f.store->load(id)->actions.size(), version);  // stored, not only played
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreSuite, ::testing::Values("sqlite", "postgresql"),
                         test::backend_name);

// SQLite alone: the server's checkpoint thread truncates the WAL on its own connection while moves
// are appended. Each append reads (the next index) before it writes; begun as a deferred
// transaction, its snapshot went stale when a truncation came between the two, and the move was
// refused with "database is locked" (1,000 instant matches stalled on it).
TEST(SqliteStore, AppendsSucceedWhileAnotherConnectionTruncatesTheWal) {
  test_support::ScratchDir dir("wal-truncate");
  const std::string path = (dir / "test.db").string();
  SqliteStore store(path);
  store.create_match(setup_of("m"));
  std::atomic<bool> stop = false;
  std::thread checkpointer([&] {
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA busy_timeout=5000");
    while (!stop) db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  });
  int refused = 0;
  for (std::uint64_t i = 0; i < 3000; ++i) {
    try {
      store.append_actions("m", i, {1});
    } catch (const Error& e) {
      if (++refused == 1) ADD_FAILURE() << "append " << i << " refused: " << e.what();
      break;
    }
  }
  stop = true;
  checkpointer.join();
  EXPECT_EQ(refused, 0);
}

// `serve` owns its file: a second server on it is refused at once, with the reason, and the first
// goes on unharmed.
TEST(SqliteStore, ASecondOwnerOfTheFileIsRefusedAndTheFirstGoesOn) {
  test_support::ScratchDir dir("sole-owner");
  const std::string path = (dir / "test.db").string();
  SqliteStore owner(path, false, true);
  owner.create_match(setup_of("m"));
  owner.append_actions("m", 0, {1, 2});
  try {
    SqliteStore second(path, false, true);
    ADD_FAILURE() << "a second owner opened the file";
  } catch (const Error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("in use by another process")) << e.what();
  }
  owner.append_actions("m", 2, {3});
  EXPECT_EQ(owner.load("m")->actions, (ActionList{1, 2, 3}));
}

// Moves are written in commit order to recent_actions and moved into `actions` every kFoldRows
// rows: a match's actions read back whole and in order before, across and after each move, and
// after a restart.
TEST(SqliteStore, ActionsReadBackWholeAcrossFolds) {
  test_support::ScratchDir dir("folds");
  const std::string path = (dir / "test.db").string();
  auto store = std::make_unique<SqliteStore>(path, false, true);
  const std::vector<std::string> ids = {"a", "b", "c"};
  for (const auto& id : ids) store->create_match(setup_of(id));
  std::map<std::string, ActionList> expected;
  const std::size_t rounds = (5 * SqliteStore::kFoldRows / 2) / (3 * 50);
  for (std::size_t round = 0; round < rounds; ++round) {
    std::vector<Append> batch;
    for (const auto& id : ids) {
      ActionList moves;
      for (int i = 0; i < 50; ++i) moves.push_back(static_cast<Action>((round * 7 + i) % 61));
      batch.push_back(Append{id, expected[id].size(), moves});
      expected[id].insert(expected[id].end(), moves.begin(), moves.end());
    }
    for (const auto& error : store->append_batch(batch)) {
      ASSERT_FALSE(error);
    }
    if (round % 37 == 0) {
      EXPECT_EQ(store->load("b")->actions, expected["b"]) << round;
    }
  }
  for (const auto& id : ids) EXPECT_EQ(store->load(id)->actions, expected[id]) << id;
  store.reset();
  store = std::make_unique<SqliteStore>(path, false, true);
  for (const auto& id : ids) EXPECT_EQ(store->load(id)->actions, expected[id]) << id;
  EXPECT_THROW(store->append_actions("a", expected["a"].size() - 1, {1}), AppendConflict);
  store->append_actions("a", expected["a"].size(), {1});
}

// A commit that would bring the fold (a pause of up to a tenth of a second) is not brief, so no
// thread serving connections makes it (GroupCommitter::commit_here_if_idle); nor is one with an
// fsync.
TEST(SqliteStore, ACommitIsBriefUnlessItBringsTheFoldOrAnFsync) {
  test_support::ScratchDir dir("brief");
  SqliteStore store((dir / "test.db").string(), false, true);
  store.create_match(setup_of("m"));
  const std::size_t room = 10;
  store.append_actions("m", 0, ActionList(SqliteStore::kFoldRows - room, 1));
  EXPECT_TRUE(store.commits_briefly(room - 1));
  EXPECT_FALSE(store.commits_briefly(room));
  store.append_actions("m", SqliteStore::kFoldRows - room, ActionList(room, 2));  // folds
  EXPECT_TRUE(store.commits_briefly(room));
  EXPECT_EQ(store.load("m")->actions.size(), SqliteStore::kFoldRows);
  EXPECT_FALSE(SqliteStore((dir / "synced.db").string(), true, false).commits_briefly(1));
}

// A killed server leaves its last moves in recent_actions: the next start reads them, and appends
// go on after them.
TEST(SqliteStore, MovesAKilledServerLeftInRecentActionsAreLoaded) {
  test_support::ScratchDir dir("killed");
  const std::string path = (dir / "test.db").string();
  {
    SqliteStore store(path, false, true);
    store.create_match(setup_of("m"));
    store.append_actions("m", 0, {4, 5});
  }
  {
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("INSERT INTO recent_actions (match_id, idx, action) VALUES ('m', 2, 6), ('m', 3, 7)");
  }
  SqliteStore store(path, false, true);
  EXPECT_EQ(store.load("m")->actions, (ActionList{4, 5, 6, 7}));
  EXPECT_THROW(store.append_actions("m", 2, {8}), AppendConflict);
  store.append_actions("m", 4, {8});
  EXPECT_EQ(store.load("m")->actions, (ActionList{4, 5, 6, 7, 8}));
}

}  // namespace
}  // namespace mw::server
