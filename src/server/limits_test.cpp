// What one client may cost the server (limits.h), without sockets: agent budgets, the worker
// pool's fairness, rate limits, the room for live matches, matches leaving memory and coming back,
// seats whose token was never used, the seed commitment, and error messages that quote control
// characters. The same promises over a real `serve` process: security_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <future>
#include <thread>

#include "core/record.h"
#include "core/rng.h"
#include "games/all_games.h"
#include "server/agent_budget.h"
#include "server/api.h"
#include "server/outbound_queue.h"
#include "server/rate_limit.h"
#include "server/server_error.h"
#include "server/tokens.h"
#include "server/worker_pool.h"
#include "support/server_fixture.h"

namespace mw::server {
namespace {

using test::Client;
using test::FakeClock;
using test::Fixture;

std::string code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ServerError& e) {
    return e.code();
  } catch (const Error& e) {
    return std::string(error_code_name(e.code()));
  }
  return "accepted";
}

// Both seats of a two-seat match, connected; mover() is the one to act.
struct Seated {
  Seated(MatchService& service, const std::string& id) {
    for (int seat = 0; seat < 2; ++seat) {
      tokens.push_back(service.join(id, {{"seat", seat}})["token"]);
      clients.push_back(std::make_unique<Client>(service));
      clients.back()->hello(id, tokens.back());
    }
  }
  Client& mover() { return *clients[static_cast<std::size_t>(mover_seat())]; }
  // From seat 0's latest state message (its latest message may be a reply).
  int mover_seat() {
    std::lock_guard lock(clients[0]->inbox.mutex);
    const auto& texts = clients[0]->inbox.texts;
    for (auto it = texts.rbegin(); it != texts.rend(); ++it) {
      const Json m = Json::parse(*it);
      if (m["type"] == "state") return m["to_act"].get<int>();
    }
    return 0;
  }
  std::vector<std::string> tokens;
  std::vector<std::unique_ptr<Client>> clients;
};

std::size_t stored_matches(Fixture& f) {
  return f.store->load_all().size();
}

TEST(AgentBudget, SpecsOverTheCapAreRefusedAndTheCatalogueFitsIt) {
  ServerLimits limits;
  limits.max_think_ms = 2000;
  limits.max_iterations = 50'000;
  EXPECT_EQ(code_of([&] { check_agent_budget("ismcts:ms=2000", limits); }), "accepted");
  EXPECT_EQ(code_of([&] { check_agent_budget("ismcts:iterations=50000", limits); }), "accepted");
  EXPECT_EQ(code_of([&] { check_agent_budget("random", limits); }), "accepted");
  for (const char* spec :
       {"ismcts:ms=86400000", "ismcts:ms=2001", "ismcts:iterations=50001", "ismcts:threads=2",
        "maker:ms=30000", "maker:play=ismcts:ms=99999", "maker:build=x:iterations=9999999",
        "ismcts:policy=pimc:ms=5000;worlds=2"}) {
    EXPECT_EQ(code_of([&] { check_agent_budget(spec, limits); }), "over_budget") << spec;
  }
  try {
    check_agent_budget("ismcts:ms=86400000", limits);
  } catch (const ServerError& e) {
    EXPECT_EQ(e.http_status(), 400);
    EXPECT_NE(std::string(e.what()).find("ms=86400000 (at most 2000)"), std::string::npos);
  }
  EXPECT_EQ(
      fit_agent_budget("maker:build=baseline:difficulty=4,ms=30000,play=ismcts:ms=9000", limits),
      "maker:build=baseline:difficulty=4,ms=2000,play=ismcts:ms=2000");
  // Every strongest agent the server offers is one it accepts.
  Fixture f("budget-catalogue", 1, /*in_memory=*/true);
  for (const Json& game : f.service->games()) {
    EXPECT_EQ(code_of([&] {
                check_agent_budget(game["strongest_agent"].get<std::string>(), f.service->limits());
              }),
              "accepted")
        << game["strongest_agent"];
    for (const auto& [count, spec] : game["strongest_agent_by_players"].items()) {
      EXPECT_EQ(code_of([&] { check_agent_budget(spec.get<std::string>(), f.service->limits()); }),
                "accepted")
          << spec;
    }
  }
}

TEST(AgentBudget, CreationAndSuggestionsRefuseOverBudgetSpecsAndStoreNothing) {
  Fixture f("budget-create");
  const Json slow = {{"game", "treasure-hunt"},
                     {"seats", {"human", {{"agent", "ismcts:ms=86400000"}}}}};
  EXPECT_EQ(code_of([&] { f.service->create_match(slow); }), "over_budget");
  const ApiReply reply = handle_api(*f.service, "POST", "/api/matches", slow.dump(), std::nullopt);
  EXPECT_EQ(reply.status, 400);
  EXPECT_EQ(reply.body["error"]["code"], "over_budget");
  EXPECT_EQ(stored_matches(f), 0u);

  const std::string id = f.service->create_match({{"game", "treasure-hunt"}})["match"];
  Seated seats(*f.service, id);
  seats.mover().send({{"type", "suggest"}, {"agent", "ismcts:ms=20000"}});
  EXPECT_EQ(seats.mover().last()["code"], "over_budget");
}

// A computer seat whose spec asks for a long search still moves once the server's cap is reached.
TEST(AgentBudget, AComputerMoveStopsAtTheServersCap) {
  Fixture f("budget-cap", 1, /*in_memory=*/true);
  f.limits.max_think_ms = 50;
  f.limits.max_iterations = 1'000'000'000;
  f.close();
  f.open();
  const std::string id = f.service->create_match(
      {{"game", "treasure-hunt"},
       {"seed", 3},
       {"seats", {{{"agent", "ismcts:iterations=1000000000"}}, "human"}}})["match"];
  f.service->wait_idle();  // would take hours without the cap
  f.service->inspect(id, [&](const LiveMatch& m) {
    EXPECT_EQ(m.seat_to_act(), 1);
    EXPECT_TRUE(std::ranges::any_of(m.events(), [](const Event& e) { return e.player == 0; }));
  });
}

TEST(WorkerPool, OneJobAMatchAtATimeAndMatchesTakeTurns) {
  std::mutex mutex;
  std::vector<std::string> order;
  std::atomic<int> running_a = 0, most_a = 0;
  {
    WorkerPool pool(1);
    std::promise<void> gate;
    std::shared_future<void> open = gate.get_future().share();
    pool.submit("a", [open] { open.wait(); });  // holds the only worker until all is queued
    for (int i = 0; i < 3; ++i) {
      pool.submit("a", [&, i] {
        std::lock_guard lock(mutex);
        order.push_back("a" + std::to_string(i));
      });
    }
    pool.submit("b", [&] {
      std::lock_guard lock(mutex);
      order.push_back("b");
    });
    gate.set_value();
    pool.wait_idle();
  }
  // Match b's one job does not wait for all of a's: it runs after a's first.
  EXPECT_EQ(order, (std::vector<std::string>{"b", "a0", "a1", "a2"}));
  {
    WorkerPool pool(2);
    for (int i = 0; i < 20; ++i) {
      pool.submit("a", [&] {
        const int now = ++running_a;
        most_a = std::max(most_a.load(), now);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        --running_a;
      });
    }
    pool.wait_idle();
  }
  EXPECT_EQ(most_a, 1);  // two workers, yet never two of one match's jobs at once
}

TEST(RateLimit, TokenBucketsPerAddressRefillAndStayBounded) {
  const RateClock::time_point t0{};
  KeyedRateLimiter limiter(6, /*max_keys=*/3);  // 6 a minute: one every 10 s, 6 at once
  for (int i = 0; i < 6; ++i) EXPECT_TRUE(limiter.allow("10.0.0.1", t0));
  EXPECT_FALSE(limiter.allow("10.0.0.1", t0));
  EXPECT_TRUE(limiter.allow("10.0.0.2", t0));  // another address has its own bucket
  EXPECT_FALSE(limiter.allow("10.0.0.1", t0 + std::chrono::seconds(9)));
  EXPECT_TRUE(limiter.allow("10.0.0.1", t0 + std::chrono::seconds(11)));
  EXPECT_TRUE(limiter.allow("10.0.0.3", t0));
  // Full: a fourth address is refused until a bucket has refilled and can be forgotten.
  EXPECT_FALSE(limiter.allow("10.0.0.4", t0));
  EXPECT_TRUE(limiter.allow("10.0.0.4", t0 + std::chrono::minutes(2)));
  EXPECT_LE(limiter.keys(), 3u);
  EXPECT_TRUE(KeyedRateLimiter(0).allow("x", t0));  // 0: no limit
  EXPECT_EQ(client_key("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(client_key("::ffff:192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(client_key("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  EXPECT_EQ(client_key("2001:db8:1:2:ffff::1"), client_key("2001:db8:1:2:3:4:5:6"));
}

TEST(RateLimit, CreationsAndJoinsPerAddressAreLimitedAfterTheBodyIsRead) {
  Fixture f("rate-api", 1, /*in_memory=*/true);
  KeyedRateLimiter creations(2), joins(1);
  const ApiClient client{"192.0.2.1", &creations, &joins};
  const std::string body = R"({"game": "treasure-hunt"})";
  EXPECT_EQ(handle_api(*f.service, "POST", "/api/matches", "{bad", std::nullopt, client).status,
            400);  // costs nothing
  const ApiReply made = handle_api(*f.service, "POST", "/api/matches", body, std::nullopt, client);
  EXPECT_EQ(made.status, 201);
  EXPECT_EQ(handle_api(*f.service, "POST", "/api/matches", body, std::nullopt, client).status, 201);
  const ApiReply third = handle_api(*f.service, "POST", "/api/matches", body, std::nullopt, client);
  EXPECT_EQ(third.status, 429);
  EXPECT_EQ(third.body["error"]["code"], "rate_limited");
  EXPECT_EQ(f.service->live_matches(), 2u);
  const std::string join = "/api/matches/" + made.body["match"].get<std::string>() + "/join";
  EXPECT_EQ(handle_api(*f.service, "POST", join, "", std::nullopt, client).status, 200);
  EXPECT_EQ(handle_api(*f.service, "POST", join, "", std::nullopt, client).status, 429);
}

TEST(RateLimit, SyncsAndSuggestionsPerConnection) {
  Fixture f("rate-ws", 1, /*in_memory=*/true);
  const std::string id = f.service->create_match({{"game", "treasure-hunt"}, {"seed", 1}})["match"];
  Seated seats(*f.service, id);
  Client& seat = seats.mover();
  int states = 0, limited = 0;
  for (int i = 0; i < 50; ++i) {
    seat.send({{"type", "sync"}});
    const Json reply = seat.last();
    if (reply.value("type", "") == "state") ++states;
    if (reply.value("code", "") == "rate_limited") ++limited;
  }
  EXPECT_LE(states, 8);  // a burst of a few, not fifty full states
  EXPECT_GE(limited, 40);
  int suggestions = 0;
  limited = 0;
  for (int i = 0; i < 20; ++i) {
    seat.send({{"type", "suggest"}, {"agent", "random"}});
    f.service->wait_idle();
    const Json reply = seat.last();
    if (reply.value("type", "") == "suggestion") ++suggestions;
    if (reply.value("code", "") == "rate_limited") ++limited;
  }
  EXPECT_LE(suggestions, 6);
  EXPECT_GE(limited, 10);
}

TEST(OutboundQueue, AFullStateReplacesQueuedStatesAndTheBoundIsInBytes) {
  OutboundQueue q(100);
  EXPECT_TRUE(q.push(std::string(30, 's'), MessageKind::kFullState));
  EXPECT_EQ(q.front().size(), 30u);  // being written: it stays
  EXPECT_TRUE(q.push("e1", MessageKind::kReply));
  EXPECT_TRUE(q.push(std::string(20, 'i'), MessageKind::kState));
  EXPECT_TRUE(q.push("e2", MessageKind::kReply));
  EXPECT_TRUE(q.push(std::string(40, 'f'), MessageKind::kFullState));
  // Left: the state being written, the two replies in order, the new full state.
  EXPECT_EQ(q.size(), 4u);
  EXPECT_EQ(q.bytes(), 30u + 2 + 2 + 40);
  q.pop();
  EXPECT_EQ(q.front(), "e1");
  q.pop();
  EXPECT_EQ(q.front(), "e2");
  q.pop();
  EXPECT_EQ(q.front(), std::string(40, 'f'));
  // A thousand full states asked for and none read: one queued.
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(q.push(std::string(40, 'x'), MessageKind::kFullState));
  EXPECT_EQ(q.size(), 2u);  // the one being written, and the latest
  // Replies are never dropped: past the bound the push fails and the caller closes.
  EXPECT_TRUE(q.push(std::string(15, 'r'), MessageKind::kReply));
  EXPECT_FALSE(q.push(std::string(10, 'r'), MessageKind::kReply));
  EXPECT_LE(q.bytes(), 100u);
}

TEST(Capacity, CreationPastTheCapStoresNothingAndARestartSucceeds) {
  Fixture f("capacity");
  f.limits.max_live_matches = 3;
  f.close();
  f.open();
  for (int i = 0; i < 3; ++i) {
    const std::string id = f.service->create_match({{"game", "treasure-hunt"}})["match"];
    f.service->join(id, {{"seat", 0}});  // joined and idle: not evictable yet
  }
  const ApiReply full =
      handle_api(*f.service, "POST", "/api/matches", R"({"game": "treasure-hunt"})", std::nullopt);
  EXPECT_EQ(full.status, 503);
  EXPECT_EQ(full.body["error"]["code"], "server_full");
  EXPECT_EQ(stored_matches(f), 3u);
  f.close();
  f.open();
  EXPECT_EQ(f.service->restore(), 3u);
  // A restart with more stored than fits brings back what fits and serves the rest on demand.
  f.close();
  f.limits.max_live_matches = 2;
  f.open();
  EXPECT_EQ(f.service->restore(), 2u);
}

// A finished match leaves memory once nobody watches it, an idle one after the idle time; both
// come back from the database exactly as they were when asked for.
TEST(Eviction, FinishedAndIdleMatchesLeaveMemoryAndComeBackWhenAskedFor) {
  Fixture f("eviction");
  FakeClock clock;
  f.service->set_clock_source(clock.source());
  const std::string done =
      f.service->create_match({{"game", "treasure-hunt"},
                               {"seed", 4},
                               {"seats", {{{"agent", "random"}}, {{"agent", "random"}}}}})["match"];
  f.service->wait_idle();
  const Json record = f.service->record(done, std::nullopt);
  ASSERT_EQ(record["format"], "mazeworks-record");
  const std::string idle =
      f.service->create_match({{"game", "treasure-hunt"}, {"seed", 5}})["match"];
  std::string token;
  {
    Seated seats(*f.service, idle);
    seats.mover().act(seats.mover().last()["legal"][0], seats.mover().last()["version"]);
    token = seats.tokens[seats.mover_seat()];  // the seat to act now
  }
  const std::string watched = f.service->create_match({{"game", "treasure-hunt"}})["match"];
  Client spectator(*f.service);
  spectator.hello(watched);
  EXPECT_EQ(f.service->live_matches(), 3u);

  EXPECT_EQ(f.service->sweep(), 1u);  // the finished one
  EXPECT_EQ(f.service->live_matches(), 2u);
  EXPECT_EQ(f.service->record(done, std::nullopt), record);  // back from the database
  clock.now += f.limits.idle_eviction - std::chrono::seconds(1);
  EXPECT_EQ(f.service->sweep(), 1u);  // the finished one again; the idle one not yet
  clock.now += std::chrono::seconds(2);
  EXPECT_EQ(f.service->sweep(), 1u);  // the idle one; the watched one stays
  EXPECT_EQ(f.service->live_matches(), 1u);

  Client back(*f.service);
  back.hello(idle, token);  // reconnecting brings it back with its log
  const Json state = back.last();
  ASSERT_EQ(state["type"], "state") << state;
  EXPECT_EQ(state["events"].size(), state["version"].get<std::size_t>());
  back.act(state["legal"][0], state["version"]);
  EXPECT_GT(back.last()["version"].get<std::uint64_t>(), state["version"].get<std::uint64_t>());
  EXPECT_EQ(code_of([&] { f.service->status("0123456789abcdef"); }), "not_found");
  EXPECT_EQ(code_of([&] { f.service->status("../etc"); }), "not_found");
}

// A reply lost in a crash must not take a seat for good: a token never used within the
// unclaimed time frees its seat; a used one keeps it.
TEST(Seats, ATokenNeverUsedFreesItsSeat) {
  Fixture f("unclaimed");
  f.limits.unclaimed_seat = std::chrono::seconds(0);
  f.close();
  f.open();
  const std::string id = f.service->create_match({{"game", "treasure-hunt"}})["match"];
  const std::string lost = f.service->join(id, {{"seat", 0}})["token"];
  const std::string used = f.service->join(id, {{"seat", 1}})["token"];
  Client c(*f.service);
  c.hello(id, used);
  f.service->sweep();
  const Json summary = f.service->status(id);
  EXPECT_EQ(summary["seats"][0]["joined"], false);
  EXPECT_EQ(summary["seats"][1]["joined"], true);
  Client late(*f.service);
  late.hello(id, lost);
  EXPECT_EQ(late.last()["code"], "unauthorized");
  EXPECT_EQ(f.service->join(id, Json::object())["seat"], 0);  // free to join again
  f.close();
  f.open();
  f.service->restore();
  EXPECT_EQ(f.service->status(id)["seats"][1]["joined"], true);  // the claim was stored
}

// The deal is fixed before the first move: the creation reply and every summary carry a
// commitment to the seed, the finished record reveals the seed and its salt, the commitment
// checks out, and the record's chance outcomes are the ones the seed draws.
TEST(SeedCommitment, TheRecordRevealsASeedThatMatchesTheCommitment) {
  Fixture f("commitment", 1, /*in_memory=*/true);
  f.limits.allow_client_seeds = false;
  f.close();
  f.open();
  EXPECT_EQ(code_of([&] {
              f.service->create_match({{"game", "treasure-hunt"}, {"seed", 42}});
            }),
            "bad_request");
  const Json made = f.service->create_match(
      {{"game", "treasure-hunt"}, {"seats", {{{"agent", "random"}}, {{"agent", "random"}}}}});
  const std::string id = made["match"];
  const std::string commitment = made["seed_commitment"];
  EXPECT_EQ(commitment.size(), 64u);
  f.service->wait_idle();
  EXPECT_EQ(f.service->status(id)["seed_commitment"], commitment);
  const Json record = f.service->record(id, std::nullopt);
  const std::uint64_t seed = record["seed"];
  const std::string salt = record["seed_salt"];
  EXPECT_EQ(salt.size(), 32u);
  EXPECT_EQ(sha256_hex("mazeworks-seed:" + id + ":" + std::to_string(seed) + ":" + salt),
            commitment);
  EXPECT_EQ(record["seed_commitment"], commitment);
  // Chance outcome number i is drawn from the seed's stream 2i+1 (live_match.cpp).
  const GameRecord r = GameRecord::from_json(record);
  State s = builtin_games().load(r.game, r.options).new_initial_state();
  int chance = 0;
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    if (s.is_chance_node()) {
      Rng rng(derive_seed(seed, 2 * i + 1));
      EXPECT_EQ(s.sample_chance(rng), r.actions[i]) << "action " << i;
      ++chance;
    }
    s.apply(r.actions[i]);
  }
  EXPECT_GT(chance, 0);
  // Two matches never share a deal: the seeds differ, and so do the commitments.
  EXPECT_NE(f.service->create_match({{"game", "treasure-hunt"}})["seed_commitment"], commitment);
}

TEST(ErrorMessages, ControlCharactersAreRefusedOrWrittenOut) {
  Fixture f("control-chars", 1, /*in_memory=*/true);
  const std::string id = f.service->create_match({{"game", "treasure-hunt"}})["match"];
  Client c(*f.service);
  c.hello(id, f.service->join(id, {{"seat", 0}})["token"]);
  c.send({{"type", "act"}, {"action", std::string("swap a1\0b2", 10)}, {"version", 0}});
  EXPECT_EQ(c.last()["code"], "bad_request");
  EXPECT_NE(c.last()["message"].get<std::string>().find("control character"), std::string::npos);
  const ApiReply reply = handle_api(*f.service, "POST", "/api/matches",
                                    R"({"game": "treasure\u0000hunt"})", std::nullopt);
  EXPECT_EQ(reply.status, 400);
  int status = 0;
  const Json err = error_json(ServerError("x", 400, std::string("bad \x01 byte")), status);
  EXPECT_EQ(err["message"], "bad \\u0001 byte");
}

}  // namespace
}  // namespace mw::server
