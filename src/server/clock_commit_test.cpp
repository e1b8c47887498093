// Per-move clocks (with a hand-moved clock: no test waits for time) and group commit (a move is
// told only after its transaction committed; moves that arrive meanwhile wait for it).
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <thread>

#include "server/group_commit.h"
#include "server/server_error.h"
#include "support/server_fixture.h"

namespace mw::server {
namespace {

using test::Client;
using test::FakeClock;
using test::Fixture;

std::string create_clocked(MatchService& s, std::int64_t seconds) {
  return s.create_match(
      {{"game", "treasure-hunt"}, {"seed", 11}, {"clock", {{"move_seconds", seconds}}}})["match"];
}

TEST(Clocks, ATimedOutSeatGetsARandomLegalMoveAndTheNextSeatAFreshClock) {
  Fixture f("clock");
  FakeClock clock;
  f.service->set_clock_source(clock.source());
  const std::string id = create_clocked(*f.service, 30);
  EXPECT_EQ(f.service->status(id)["clock"]["move_seconds"], 30);
  const std::string t0 = f.service->join(id, {{"seat", 0}})["token"];
  clock.now += std::chrono::hours(1);
  EXPECT_EQ(f.service->expire_clocks(), 0u);  // not every seat has joined: no clock yet
  const std::string t1 = f.service->join(id, {{"seat", 1}})["token"];
  Client c0(*f.service), c1(*f.service);
  c0.hello(id, t0);
  c1.hello(id, t1);
  const Json before = c0.last();
  const int seat = before["to_act"];
  const std::uint64_t v = before["version"];
  clock.now += std::chrono::milliseconds(29'999);
  EXPECT_EQ(f.service->expire_clocks(), 0u);
  clock.now += std::chrono::milliseconds(1);
  EXPECT_EQ(f.service->expire_clocks(), 1u);
  const Json after = c0.last();
  ASSERT_GT(after["version"].get<std::uint64_t>(), v);
  EXPECT_EQ(after["events"][0]["player"], seat);  // played for the seat that ran out of time
  EXPECT_EQ(c1.last()["version"], after["version"]);
  EXPECT_EQ(f.service->expire_clocks(), 0u);  // the next seat's clock starts now
  clock.now += std::chrono::seconds(30);
  EXPECT_EQ(f.service->expire_clocks(), 1u);
}

TEST(Clocks, AMoveInTimeStopsTheClockAndClocksSurviveARestart) {
  Fixture f("clockmove");
  FakeClock clock;
  f.service->set_clock_source(clock.source());
  const std::string id = create_clocked(*f.service, 5);
  const std::string t0 = f.service->join(id, {{"seat", 0}})["token"];
  const std::string t1 = f.service->join(id, {{"seat", 1}})["token"];
  Client c0(*f.service), c1(*f.service);
  c0.hello(id, t0);
  c1.hello(id, t1);
  clock.now += std::chrono::seconds(4);
  Client& mover = c0.last()["to_act"] == 0 ? c0 : c1;
  const Json s = mover.last();
  mover.act(s["legal"][0], s["version"]);
  const std::uint64_t v = mover.last()["version"];
  clock.now += std::chrono::seconds(4);  // 8 s since the first clock started, 4 s on this one
  EXPECT_EQ(f.service->expire_clocks(), 0u);
  f.close();
  f.open();
  f.service->set_clock_source(clock.source());
  f.service->restore();
  EXPECT_EQ(f.service->status(id)["clock"]["move_seconds"], 5);
  clock.now += std::chrono::seconds(4);  // a restart gives the seat to act its full time again
  EXPECT_EQ(f.service->expire_clocks(), 0u);
  clock.now += std::chrono::seconds(1);
  EXPECT_EQ(f.service->expire_clocks(), 1u);
  f.service->inspect(id, [&](const LiveMatch& m) { EXPECT_GT(m.version(), v); });
}

TEST(Clocks, BadClocksAreRefusedAndComputerSeatsHaveNone) {
  Fixture f("clockbad", 1, /*in_memory=*/true);
  for (const Json& bad : {Json(30), Json{{"move_seconds", 0}}, Json{{"move_seconds", -4}},
                          Json{{"move_seconds", "10"}}, Json{{"move_seconds", 1.5}},
                          Json{{"move_seconds", kMaxMoveSeconds + 1}}, Json::object()}) {
    EXPECT_THROW(f.service->create_match({{"game", "treasure-hunt"}, {"clock", bad}}), ServerError)
        << bad.dump();
  }
  EXPECT_TRUE(f.store->load_all().empty());
  FakeClock clock;
  f.service->set_clock_source(clock.source());
  f.service->create_match({{"game", "treasure-hunt"},
                           {"seed", 3},
                           {"seats", {{{"agent", "random"}}, {{"agent", "random"}}}},
                           {"clock", {{"move_seconds", 1}}}});
  f.service->wait_idle();
  clock.now += std::chrono::hours(24);
  EXPECT_EQ(f.service->expire_clocks(), 0u);
}

// Runs the work after each commit only when the test says so.
struct HeldJobs {
  std::mutex mutex;
  std::vector<std::function<void()>> jobs;
  Executor executor() {
    return [this](std::function<void()> job) {
      std::lock_guard lock(mutex);
      jobs.push_back(std::move(job));
    };
  }
  std::size_t run() {
    std::vector<std::function<void()>> now;
    {
      std::lock_guard lock(mutex);
      now.swap(jobs);
    }
    for (auto& job : now) job();
    return now.size();
  }
};

// Joins both seats of a new treasure-hunt match; returns the client whose seat acts first.
Client& seat_both(Fixture& f, Client& c0, Client& c1) {
  const std::string id = f.service->create_match({{"game", "treasure-hunt"}, {"seed", 4}})["match"];
  const std::string t0 = f.service->join(id, {{"seat", 0}})["token"];
  const std::string t1 = f.service->join(id, {{"seat", 1}})["token"];
  c0.hello(id, t0);
  c1.hello(id, t1);
  return c0.last()["to_act"] == 0 ? c0 : c1;
}

// A group-committing service on a store with an fsync a commit or without, whose work after each
// commit runs only when the test says so (held.run()).
struct HeldCommits {
  HeldCommits(const std::string& name, bool full_sync) : f(name, 1, false, /*group_commit=*/true) {
    f.close();
    f.store_options.full_sync = full_sync;
    f.open();
    f.service->set_executor(held.executor());
  }
  ~HeldCommits() { f.service->set_executor(nullptr); }
  Fixture f;
  HeldJobs held;
};

// A move the commit thread commits (here: each commit has an fsync, which a thread serving
// connections must not wait for).
TEST(GroupCommit, AMoveIsToldOnlyAfterItsCommitAndMovesArrivingMeanwhileWait) {
  HeldCommits h("group", /*full_sync=*/true);
  Fixture& f = h.f;
  HeldJobs& held = h.held;
  Client c0(*f.service), c1(*f.service);
  Client& mover = seat_both(f, c0, c1);
  const std::string id = f.store->load_all()[0].setup.id;
  const Json s = mover.last();
  const std::uint64_t v = s["version"];
  const std::size_t told = mover.inbox.size();
  mover.act(s["legal"][0], v);
  f.service->wait_idle();  // committed, but its post-commit work is held
  EXPECT_GT(f.store->load_all()[0].actions.size(), v);  // in the database...
  EXPECT_EQ(mover.inbox.size(), told);                  // ...and nobody told yet
  f.service->inspect(id, [&](const LiveMatch& m) { EXPECT_EQ(m.version(), v); });
  mover.act(s["legal"][0], v);  // a second move meanwhile waits for the first to be applied
  EXPECT_EQ(mover.inbox.size(), told);
  EXPECT_EQ(held.run(), 1u);
  ASSERT_GE(mover.inbox.size(), told + 3);  // the new state, then the waiting move's refusal
  const Json ack = Json::parse(mover.inbox.texts[told]);
  EXPECT_EQ(ack["type"], "state");
  EXPECT_GT(ack["version"].get<std::uint64_t>(), v);
  EXPECT_EQ(Json::parse(mover.inbox.texts[told + 1])["code"], "stale_version");
  EXPECT_EQ(Json::parse(mover.inbox.texts[told + 2])["type"], "state");  // the resync
}

// A quiet server whose commits are brief commits a move where it arrived: applied and told before
// act() returns, nothing handed to the executor. With an fsync a commit the move goes to the
// commit thread and waits there (the test above).
TEST(GroupCommit, AQuietServerCommitsAMoveWhereItArrived) {
  for (const bool full_sync : {false, true}) {
    HeldCommits h("inplace", full_sync);
    Fixture& f = h.f;
    HeldJobs& held = h.held;
    Client c0(*f.service), c1(*f.service);
    Client& mover = seat_both(f, c0, c1);
    const Json s = mover.last();
    const std::size_t told = mover.inbox.size();
    mover.act(s["legal"][0], s["version"]);
    f.service->wait_idle();
    EXPECT_GT(f.store->load_all()[0].actions.size(), s["version"].get<std::uint64_t>());
    EXPECT_EQ(mover.inbox.size() > told, !full_sync) << "full_sync " << full_sync;
    EXPECT_EQ(held.run(), full_sync ? 1u : 0u);
    ASSERT_GT(mover.inbox.size(), told);
    EXPECT_GT(Json::parse(mover.inbox.texts[told])["version"].get<std::uint64_t>(),
              s["version"].get<std::uint64_t>());
  }
}

// The moves read in one round of an I/O loop (MatchService::begin_round) are committed at its end,
// in one transaction in place: none is stored or told before, both are after. A second move of a
// match whose move is held waits for it (and is then refused as stale); a round on another thread
// is not this one's.
TEST(GroupCommit, TheMovesOfARoundAreCommittedTogetherAtItsEnd) {
  HeldCommits h("round", /*full_sync=*/false);
  Fixture& f = h.f;
  Client a0(*f.service), a1(*f.service), b0(*f.service), b1(*f.service);
  Client& a = seat_both(f, a0, a1);
  Client& b = seat_both(f, b0, b1);
  const Json sa = a.last(), sb = b.last();
  const std::size_t told_a = a.inbox.size(), told_b = b.inbox.size();
  const auto stored = [&](const Json& s) { return f.store->load(s["match"])->actions.size(); };
  const std::uint64_t transactions = f.service->transactions();
  f.service->begin_round();
  a.act(sa["legal"][0], sa["version"]);
  b.act(sb["legal"][0], sb["version"]);
  a.act(sa["legal"][0], sa["version"]);
  std::thread([&] { f.service->end_round(); }).join();  // not this thread's round: no effect
  EXPECT_EQ(f.service->transactions(), transactions);
  EXPECT_EQ(stored(sa), sa["version"].get<std::size_t>());
  EXPECT_EQ(stored(sb), sb["version"].get<std::size_t>());
  EXPECT_EQ(a.inbox.size(), told_a);
  EXPECT_EQ(b.inbox.size(), told_b);
  f.service->end_round();
  EXPECT_EQ(f.service->transactions(), transactions + 1);
  EXPECT_EQ(h.held.run(), 0u);  // nothing for the commit thread's runner
  EXPECT_GT(stored(sa), sa["version"].get<std::size_t>());
  EXPECT_GT(stored(sb), sb["version"].get<std::size_t>());
  ASSERT_EQ(b.inbox.size(), told_b + 1);
  EXPECT_GT(b.last()["version"].get<std::uint64_t>(), sb["version"].get<std::uint64_t>());
  ASSERT_GE(a.inbox.size(), told_a + 2);
  EXPECT_GT(Json::parse(a.inbox.texts[told_a])["version"].get<std::uint64_t>(),
            sa["version"].get<std::uint64_t>());
  EXPECT_EQ(Json::parse(a.inbox.texts[told_a + 1])["code"], "stale_version");
  // Outside a round a quiet server commits each move where it arrives, as before.
  const Json now = b.last();
  Client& next = now["to_act"] == now["seat"] ? b : (&b == &b0 ? b1 : b0);
  const Json s = next.last();
  next.act(s["legal"][0], s["version"]);
  EXPECT_EQ(f.service->transactions(), transactions + 2);
}

// An in-memory store holding a treasure-hunt match of each id, no move played.
std::unique_ptr<Store> store_with_matches(std::initializer_list<const char*> ids) {
  auto store = open_store(":memory:");
  for (const char* id : ids) {
    MatchSetup setup;
    setup.id = id;
    setup.game = "treasure-hunt";
    store->create_match(setup);
  }
  return store;
}

// The moves written in one transaction are handed to the runner as one job, each told its own
// result (one conflict fails only itself). The runner holds the commit thread on the first
// transaction, so the next two moves queue and go into one transaction together.
TEST(GroupCommit, ATransactionsCallbacksReachTheRunnerAsOneJob) {
  const auto store = store_with_matches({"a", "b", "c"});
  std::mutex mutex;
  std::condition_variable released;
  bool release = false;
  std::vector<std::function<void()>> jobs;
  std::promise<void> first_committed;
  GroupCommitter committer(*store, [&](std::function<void()> job) {
    std::unique_lock lock(mutex);
    jobs.push_back(std::move(job));
    if (jobs.size() == 1) {
      first_committed.set_value();
      released.wait(lock, [&] { return release; });
    }
  });
  std::vector<std::string> told;
  const auto done = [&](const std::string& name) {
    return [&told, name](std::exception_ptr error) {
      told.push_back(name + (error ? " refused" : " stored"));
    };
  };
  committer.submit(Append{"a", 0, {1}}, done("a"));
  first_committed.get_future().wait();
  committer.submit(Append{"b", 0, {2}}, done("b"));
  committer.submit(Append{"c", 5, {3}}, done("c"));  // not at c's next index: a conflict
  {
    std::lock_guard lock(mutex);
    release = true;
  }
  released.notify_all();
  committer.wait_idle();
  std::lock_guard lock(mutex);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(committer.transactions(), 2u);
  for (auto& job : jobs) job();
  EXPECT_EQ(told, (std::vector<std::string>{"a stored", "b stored", "c refused"}));
  EXPECT_EQ(store->load("b")->actions, ActionList{2});
  EXPECT_TRUE(store->load("c")->actions.empty());
}

// A busy committer (its last transaction held two moves) waits for more before it writes: three
// moves submitted one by one go into one transaction, written once the third makes it full. A
// quiet one (its first move) writes at once, the hour-long window notwithstanding.
// A runner that holds the first transaction's job, and with it the commit thread, until let go:
// moves submitted meanwhile queue up, as on a busy server.
struct HoldingFirstJob {
  std::mutex mutex;
  std::condition_variable released;
  bool release = false;
  int jobs = 0;
  std::promise<void> first_committed;

  GroupCommitter::Runner runner() {
    return [this](std::function<void()> job) {
      std::unique_lock lock(mutex);
      if (++jobs == 1) {
        first_committed.set_value();
        released.wait(lock, [&] { return release; });
      }
      job();
    };
  }
  void let_go() {
    {
      std::lock_guard lock(mutex);
      release = true;
    }
    released.notify_all();
  }
};

// Makes `committer` busy: "a" written alone, then "b" and "c" (queued behind it) together.
void make_busy(GroupCommitter& committer, HoldingFirstJob& holding) {
  const auto ignore = [](std::exception_ptr) {};
  committer.submit(Append{"a", 0, {1}}, ignore);
  holding.first_committed.get_future().wait();  // quiet: "a" was written alone, without waiting
  committer.submit(Append{"b", 0, {2}}, ignore);
  committer.submit(Append{"c", 0, {3}}, ignore);
  holding.let_go();
  committer.wait_idle();
  ASSERT_EQ(committer.transactions(), 2u);  // "b" and "c" together: the committer is busy now
}

TEST(GroupCommit, ABusyCommitterGathersMovesAndAQuietOneWritesAtOnce) {
  const auto store = store_with_matches({"a", "b", "c", "d", "e", "f"});
  HoldingFirstJob holding;
  GroupCommitter committer(
      *store, holding.runner(),
      GroupCommitter::Gathering{.window = std::chrono::hours(1), .max_moves = 3});
  make_busy(committer, holding);
  const auto ignore = [](std::exception_ptr) {};
  for (const char* id : {"d", "e", "f"}) committer.submit(Append{id, 0, {4}}, ignore);
  committer.wait_idle();
  EXPECT_EQ(committer.transactions(), 3u);
  EXPECT_EQ(committer.appends(), 6u);
  EXPECT_EQ(store->load("f")->actions, ActionList{4});
}

// A busy committer waits for more moves only while they keep coming: a lone move is written once
// a quiet interval passes with nothing new, not when the hour-long window ends.
TEST(GroupCommit, ABusyCommitterStopsGatheringWhenMovesStopComing) {
  const auto store = store_with_matches({"a", "b", "c", "d"});
  HoldingFirstJob holding;
  GroupCommitter committer(*store, holding.runner(),
                           GroupCommitter::Gathering{.window = std::chrono::hours(1),
                                                     .quiet = std::chrono::milliseconds(5)});
  make_busy(committer, holding);
  std::promise<void> told;
  committer.submit(Append{"d", 0, {4}}, [&told](std::exception_ptr) { told.set_value(); });
  ASSERT_EQ(told.get_future().wait_for(std::chrono::seconds(60)), std::future_status::ready);
  committer.wait_idle();  // the transaction is counted after its callbacks ran
  EXPECT_EQ(committer.transactions(), 3u);
  EXPECT_EQ(store->load("d")->actions, ActionList{4});
}

// A busy committer gathers only while enough different matches are moving: after a transaction
// of two matches' moves (each transaction a census period here), it gathers when two are enough
// and writes a lone move at once when three are needed. Two moves of one match count once.
GroupCommitter::Gathering needing_moving_matches(std::size_t matches) {
  return {.window = std::chrono::hours(1),
          .max_moves = 3,
          .quiet = std::chrono::hours(1),
          .min_moving_matches = matches,
          .census_period = std::chrono::microseconds(0)};
}

bool told_within_a_minute(GroupCommitter& committer, Append append) {
  const auto told = std::make_shared<std::promise<void>>();  // outlives a failed wait
  committer.submit(std::move(append), [told](std::exception_ptr) { told->set_value(); });
  return told->get_future().wait_for(std::chrono::seconds(60)) == std::future_status::ready;
}

TEST(GroupCommit, ABusyCommitterGathersOnlyWhileEnoughMatchesAreMoving) {
  {
    const auto store = store_with_matches({"a", "b", "c", "d", "e", "f"});
    HoldingFirstJob holding;
    GroupCommitter committer(*store, holding.runner(), needing_moving_matches(2));
    make_busy(committer, holding);
    const auto ignore = [](std::exception_ptr) {};
    for (const char* id : {"d", "e", "f"}) committer.submit(Append{id, 0, {4}}, ignore);
    committer.wait_idle();
    EXPECT_EQ(committer.transactions(), 3u);  // d, e and f gathered into one
  }
  {
    const auto store = store_with_matches({"a", "b", "c", "d"});
    HoldingFirstJob holding;
    GroupCommitter committer(*store, holding.runner(), needing_moving_matches(3));
    make_busy(committer, holding);
    ASSERT_TRUE(told_within_a_minute(committer, Append{"d", 0, {4}}));
    committer.wait_idle();
    EXPECT_EQ(committer.transactions(), 3u);
  }
  {
    const auto store = store_with_matches({"a", "b", "d"});
    HoldingFirstJob holding;
    GroupCommitter committer(*store, holding.runner(), needing_moving_matches(2));
    const auto ignore = [](std::exception_ptr) {};
    committer.submit(Append{"a", 0, {1}}, ignore);
    holding.first_committed.get_future().wait();
    committer.submit(Append{"b", 0, {2}}, ignore);
    committer.submit(Append{"b", 1, {3}}, ignore);
    holding.let_go();
    committer.wait_idle();
    ASSERT_EQ(committer.transactions(), 2u);  // b's two moves together: busy, but one match
    ASSERT_TRUE(told_within_a_minute(committer, Append{"d", 0, {4}}));
    EXPECT_EQ(store->load("b")->actions, (ActionList{2, 3}));
  }
}

// Gathering starts as soon as enough matches have moved, before the census period ends: a server
// coming under load (or starting) does not write small transactions for a whole period.
TEST(GroupCommit, GatheringStartsOnceEnoughMatchesMovedWithinThePeriod) {
  const auto store = store_with_matches({"a", "b", "c", "d", "e", "f"});
  HoldingFirstJob holding;
  GroupCommitter::Gathering gathering = needing_moving_matches(3);
  gathering.census_period = std::chrono::hours(1);
  GroupCommitter committer(*store, holding.runner(), gathering);
  make_busy(committer, holding);  // a, b and c moved in this (hour-long) period
  const auto told = std::make_shared<std::promise<void>>();
  committer.submit(Append{"d", 0, {4}}, [told](std::exception_ptr) { told->set_value(); });
  // Gathering: d waits for a full transaction (not written alone, as it would be at once).
  EXPECT_EQ(told->get_future().wait_for(std::chrono::milliseconds(200)),
            std::future_status::timeout);
  const auto ignore = [](std::exception_ptr) {};
  for (const char* id : {"e", "f"}) committer.submit(Append{id, 0, {4}}, ignore);
  committer.wait_idle();
  EXPECT_EQ(committer.transactions(), 3u);  // d, e and f in one
}

// An idle committer lets the caller commit in place, and tells it a conflict as it would tell a
// callback; a busy one (a transaction being written, or moves queued) does not, and then nothing
// is written. Nor does one gathering, or one that saw more matches moving than it commits in place
// for, with a move on its own; a round's moves it commits in place all the same.
TEST(GroupCommit, AnIdleCommitterLetsTheCallerCommitInPlace) {
  {
    const auto store = store_with_matches({"a", "b"});
    GroupCommitter committer(*store);
    const auto committed =
        committer.commit_here_if_idle({Append{"a", 0, {1}}, Append{"b", 0, {2, 3}}});
    ASSERT_TRUE(committed.has_value());
    ASSERT_EQ(committed->size(), 2u);
    EXPECT_FALSE(committed->at(0));
    EXPECT_FALSE(committed->at(1));
    EXPECT_EQ(committer.transactions(), 1u);  // both in one
    const auto conflict = committer.commit_here_if_idle({Append{"a", 5, {2}}});
    ASSERT_TRUE(conflict.has_value());
    EXPECT_THROW(std::rethrow_exception(conflict->at(0)), AppendConflict);
    EXPECT_EQ(committer.transactions(), 2u);
    EXPECT_EQ(store->load("a")->actions, ActionList{1});
    EXPECT_EQ(store->load("b")->actions, (ActionList{2, 3}));
  }
  {
    const auto store = store_with_matches({"a", "b", "c"});
    HoldingFirstJob holding;
    GroupCommitter committer(*store, holding.runner());
    committer.submit(Append{"a", 0, {1}}, [](std::exception_ptr) {});
    holding.first_committed.get_future().wait();  // the commit thread holds its transaction
    EXPECT_TRUE(committer.in_place_allowed());    // only busy
    EXPECT_FALSE(committer.commit_here_if_idle({Append{"b", 0, {2}}}).has_value());
    holding.let_go();
    committer.wait_idle();
    EXPECT_TRUE(store->load("b")->actions.empty());
    EXPECT_TRUE(committer.commit_here_if_idle({Append{"b", 0, {2}}}).has_value());
  }
  {
    const auto store = store_with_matches({"a", "b", "c", "d"});
    HoldingFirstJob holding;
    GroupCommitter committer(*store, holding.runner(), needing_moving_matches(2));
    make_busy(committer, holding);  // b and c moved in the last census: gathering from now on
    EXPECT_FALSE(committer.in_place_allowed());
    EXPECT_FALSE(committer.commit_here_if_idle({Append{"d", 0, {4}}}).has_value());
    EXPECT_TRUE(store->load("d")->actions.empty());
    EXPECT_TRUE(committer.commits_rounds_in_place());
    const auto round = committer.commit_here_if_idle({Append{"d", 0, {4}}, Append{"a", 1, {5}}},
                                                     GroupCommitter::Batch::kRound);
    ASSERT_TRUE(round.has_value());
    EXPECT_FALSE(round->at(0));
    EXPECT_FALSE(round->at(1));
    EXPECT_EQ(store->load("d")->actions, ActionList{4});
    EXPECT_EQ(committer.transactions(), 3u);  // one for the round, written here:
    std::lock_guard lock(holding.mutex);
    EXPECT_EQ(holding.jobs, 2);  // the commit thread's runner ran the first two only
  }
  {
    const auto store = store_with_matches({"a", "b", "c", "d"});
    HoldingFirstJob holding;
    GroupCommitter committer(
        *store, holding.runner(),
        GroupCommitter::Gathering{.census_period = std::chrono::microseconds(0),
                                  .max_moving_matches_in_place = 1});
    make_busy(committer, holding);  // b and c moved in the last census: more than one
    EXPECT_FALSE(committer.in_place_allowed());
    EXPECT_FALSE(committer.commit_here_if_idle({Append{"d", 0, {4}}}).has_value());
    EXPECT_TRUE(store->load("d")->actions.empty());
    EXPECT_TRUE(
        committer.commit_here_if_idle({Append{"d", 0, {4}}}, GroupCommitter::Batch::kRound));
    EXPECT_EQ(store->load("d")->actions, ActionList{4});
  }
}

// A store whose commit is not brief (an fsync each) is committed by the commit thread only.
TEST(GroupCommit, ACommitWithAnFsyncIsNotMadeInPlace) {
  test_support::ScratchDir dir("fsync");
  const auto store = open_store((dir / "f.db").string(), StoreOptions{.full_sync = true});
  MatchSetup setup;
  setup.id = "a";
  setup.game = "treasure-hunt";
  store->create_match(setup);
  GroupCommitter committer(*store);
  EXPECT_FALSE(committer.commit_here_if_idle({Append{"a", 0, {1}}}).has_value());
  EXPECT_FALSE(committer.commits_rounds_in_place());
  EXPECT_FALSE(committer.commit_here_if_idle({Append{"a", 0, {1}}}, GroupCommitter::Batch::kRound));
  EXPECT_TRUE(store->load("a")->actions.empty());
  EXPECT_TRUE(open_store(":memory:")->commits_briefly(1));
}

// A runner that cannot take the job (it throws) does not leave committed moves untold: their
// callbacks run on the commit thread instead.
TEST(GroupCommit, MovesAreToldWhenTheRunnerCannotTakeThem) {
  const auto store = store_with_matches({"a"});
  GroupCommitter committer(*store, [](std::function<void()>) { throw std::runtime_error("full"); });
  std::promise<std::exception_ptr> told;
  committer.submit(Append{"a", 0, {1}}, [&told](std::exception_ptr e) { told.set_value(e); });
  auto result = told.get_future();
  ASSERT_EQ(result.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_FALSE(result.get());
  EXPECT_EQ(store->load("a")->actions, ActionList{1});
}

}  // namespace
}  // namespace mw::server
