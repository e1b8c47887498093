// Several match services (server instances, here in one process) on one PostgreSQL database: a
// match's moves made through different instances are serialized, every observer on any instance is
// pushed every move it may see, in order, with nothing leaked; the same move sent through two
// instances at once is made once; seats and the lobby are the same seen from any instance; the
// computer seats and the clocks are played by the instance that made the last move, and by another
// one once that one is gone.
#include <gtest/gtest.h>

#include <array>
#include <thread>

#include "server/messages.h"
#include "server/server_error.h"
#include "support/cluster_testing.h"
#include "support/pg_test_database.h"
#include "support/server_fixture.h"

namespace mw::server {
namespace {

using test::Client;
using test::FakeClock;
using test::Instance;
using test::PgTestDatabase;
using test::wait_until;

// The last state message a client received.
Json last_state(Client& c) {
  std::lock_guard lock(c.inbox.mutex);
  for (auto it = c.inbox.texts.rbegin(); it != c.inbox.texts.rend(); ++it) {
    Json m = Json::parse(*it);
    if (m["type"] == "state") return m;
  }
  return Json();
}

std::vector<std::string> texts_of(Client& c) {
  std::lock_guard lock(c.inbox.mutex);
  return c.inbox.texts;
}

// Waits until the store holds more than `after` actions of the match and every instance holds it
// at that count (so each has pushed every move to its observers); false if that never happens.
bool wait_agreed(std::vector<Instance*> instances, const std::string& id,
                 std::optional<std::uint64_t> after = std::nullopt) {
  return wait_until([&] {
    const std::size_t stored = instances.front()->store->load_changes(id, 0)->actions.size();
    if (after && stored <= *after) return false;
    for (Instance* i : instances) {
      if (i->version(id) != stored) return false;
    }
    return true;
  });
}

struct Seated {
  int instance;  // which instance the client is connected to
  Player observer;
  std::unique_ptr<Client> client;
};

TEST(Cluster, MovesThroughTwoInstancesAreSerializedAndEveryObserverGetsEachInOrder) {
  const PgTestDatabase db;
  // One instance commits through the group committer (serve's default), the other at once.
  Instance a(db.url(), /*group_commit=*/true), b(db.url(), /*group_commit=*/false);
  std::vector<Instance*> both{&a, &b};
  for (const GameEntry* game : builtin_games().entries()) {
    const std::string name = game->info.id;
    Rng rng(derive_seed(35, name.size()));
    const Json made = a.service->create_match({{"game", name}, {"seed", 7}});
    const std::string id = made["match"];
    const int seats = static_cast<int>(made["seats"].size());
    std::vector<Seated> observers;
    for (int s = 0; s < seats; ++s) {  // seat s joins and plays through instance s % 2
      Instance& via = *both[s % 2];
      const std::string token = via.service->join(id, {{"seat", s}})["token"];
      observers.push_back({s % 2, s, std::make_unique<Client>(*via.service)});
      observers.back().client->hello(id, token);
    }
    for (int i = 0; i < 2; ++i) {  // a spectator on each
      observers.push_back({i, kSpectator, std::make_unique<Client>(*both[i]->service)});
      observers.back().client->hello(id);
    }
    ASSERT_TRUE(wait_agreed(both, id)) << name;
    constexpr int kMoves = 40;
    for (int move = 0; move < kMoves; ++move) {
      std::optional<Player> to_act;
      a.service->inspect(id, [&](const LiveMatch& m) { to_act = m.seat_to_act(); });
      if (!to_act) break;
      Client& mover = *observers[static_cast<std::size_t>(*to_act)].client;
      const std::uint64_t before = a.version(id);
      const Json state = last_state(mover);
      ASSERT_EQ(state["to_act"], *to_act) << name << " move " << move;
      const Json& legal = state["legal"];
      mover.act(legal[rng.below(legal.size())], state["version"]);
      ASSERT_TRUE(wait_agreed(both, id, before)) << name << " move " << move;
    }
    const ActionList actions = a.actions(id);
    EXPECT_EQ(b.actions(id), actions) << name;
    EXPECT_GT(actions.size(), 5u) << name;
    for (const Seated& o : observers) {
      const std::string who = name + " observer " + std::to_string(o.observer) + " on instance " +
                              std::to_string(o.instance);
      const std::vector<Json> states = test::state_messages(texts_of(*o.client));
      test::expect_in_order(states, who);
      test::scan_for_leaks(name, made["options"], o.observer, states, actions, 1);
      // The last message tells the observer everything it may know of the match.
      Json told;
      both[o.instance]->service->inspect(id, [&](const LiveMatch& m) {
        told = state_message(m, o.observer, 0, m.state().view(o.observer));
      });
      EXPECT_EQ(states.back()["version"], told["version"]) << who;
    }
  }
}

TEST(Cluster, TheSameMoveSentThroughTwoInstancesAtOnceIsMadeOnce) {
  const PgTestDatabase db;
  Instance a(db.url(), true), b(db.url(), false);
  std::vector<Instance*> both{&a, &b};
  const Json made = a.service->create_match({{"game", "treasure-hunt"}, {"seed", 3}});
  const std::string id = made["match"];
  // Each seat has a connection on each instance (a client that reconnected elsewhere, say).
  std::vector<std::array<std::unique_ptr<Client>, 2>> seats(2);
  for (int s = 0; s < 2; ++s) {
    const std::string token = a.service->join(id, {{"seat", s}})["token"];
    for (int i = 0; i < 2; ++i) {
      seats[s][i] = std::make_unique<Client>(*both[i]->service);
      seats[s][i]->hello(id, token);
    }
  }
  Rng rng(4);
  ASSERT_TRUE(wait_agreed(both, id));
  int refused = 0, moves = 0;
  for (; moves < 30; ++moves) {
    std::optional<Player> to_act;
    a.service->inspect(id, [&](const LiveMatch& m) { to_act = m.seat_to_act(); });
    if (!to_act) break;
    auto& pair = seats[static_cast<std::size_t>(*to_act)];
    const Json state = last_state(*pair[0]);
    ASSERT_EQ(last_state(*pair[1])["version"], state["version"]);
    const std::string text = state["legal"][rng.below(state["legal"].size())];
    const std::uint64_t before = a.version(id);
    const std::size_t sizes[2] = {pair[0]->inbox.size(), pair[1]->inbox.size()};
    std::thread other([&] { pair[1]->act(text, state["version"]); });
    pair[0]->act(text, state["version"]);
    other.join();
    ASSERT_TRUE(wait_agreed(both, id, before));
    // Exactly one of the two was made: one seat move (plus the chance it led to) was appended.
    const ActionList after = a.actions(id);
    ASSERT_GT(after.size(), before);
    a.service->inspect(id, [&](const LiveMatch& m) {
      EXPECT_EQ(m.events()[before].player, *to_act);
      for (std::size_t n = before + 1; n < m.events().size(); ++n) {
        EXPECT_EQ(m.events()[n].player, kChancePlayer) << "move " << moves;
      }
    });
    // …and the other refused as stale (its client was sent the state it missed).
    ASSERT_TRUE(wait_until([&] {
      int errors = 0;
      for (int i = 0; i < 2; ++i) {
        const auto texts = texts_of(*pair[i]);
        for (std::size_t n = sizes[i]; n < texts.size(); ++n) {
          errors += Json::parse(texts[n])["type"] == "error";
        }
      }
      if (errors > 1) ADD_FAILURE() << "both refused at move " << moves;
      return errors == 1;
    }));
    ++refused;
  }
  EXPECT_EQ(refused, moves);
  for (auto& pair : seats) {
    for (int i = 0; i < 2; ++i) {
      test::expect_in_order(test::state_messages(texts_of(*pair[i])),
                            "instance " + std::to_string(i),
                            /*resyncs=*/true);
    }
  }
}

TEST(Cluster, SeatsAndTheLobbyAreTheSameThroughEveryInstance) {
  const PgTestDatabase db;
  Instance a(db.url(), true), b(db.url(), false);
  const Json made = a.service->create_match({{"game", "treasure-hunt"}, {"seed", 5}});
  const std::string id = made["match"];
  // The lobby of the other instance lists it.
  const Json listed = b.service->list_public();
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["match"], id);
  Client watcher(*b.service);  // holds the match on b before anyone joins
  watcher.hello(id);
  const Json first = a.service->join(id, {{"seat", 0}});
  EXPECT_EQ(first["seat"], 0);
  try {
    b.service->join(id, {{"seat", 0}});
    ADD_FAILURE() << "seat 0 joined twice";
  } catch (const ServerError& e) {
    EXPECT_EQ(e.code(), "seat_taken");
  }
  EXPECT_EQ(b.service->join(id, Json::object())["seat"], 1);  // the free one
  EXPECT_THROW(a.service->join(id, Json::object()), ServerError);
  // Each token works on the other instance.
  Client seat0(*b.service);
  seat0.hello(id, first["token"]);
  EXPECT_EQ(seat0.last()["seat"], 0);
  // b's spectator heard that seat 0 joined through a.
  ASSERT_TRUE(wait_until([&] {
    for (const Json& p : watcher.inbox.presence_events()) {
      if (p["event"] == "joined" && p["seat"] == 0) return true;
    }
    return false;
  }));
  EXPECT_EQ(a.service->status(id)["seats"], b.service->status(id)["seats"]);
}

TEST(Cluster, AResignationThroughOneInstanceEndsTheMatchOnTheOther) {
  const PgTestDatabase db;
  Instance a(db.url(), true), b(db.url(), false);
  const Json made = a.service->create_match({{"game", "treasure-hunt"}, {"seed", 13}});
  const std::string id = made["match"];
  Client seat0(*a.service), seat1(*b.service);
  seat0.hello(id, a.service->join(id, {{"seat", 0}})["token"]);
  seat1.hello(id, b.service->join(id, {{"seat", 1}})["token"]);
  std::vector<Instance*> both{&a, &b};
  ASSERT_TRUE(wait_agreed(both, id));
  ASSERT_TRUE(wait_until([&] { return !last_state(seat1).is_null(); }));
  seat1.send({{"type", "resign"}, {"version", last_state(seat1)["version"]}});
  // Seat 0, on the other instance, is told the match is over, and who resigned.
  ASSERT_TRUE(wait_until([&] { return last_state(seat0)["status"] == "finished"; }));
  EXPECT_EQ(last_state(seat0)["resigned"], 1);
  const Json s = last_state(seat0);
  const std::uint64_t before = a.version(id);
  seat0.act(s["legal"].empty() ? "up" : s["legal"][0].get<std::string>(), s["version"]);
  EXPECT_EQ(seat0.last()["type"], "error");
  EXPECT_EQ(a.version(id), before);
  EXPECT_EQ(a.store->load(id)->actions.size(), before);
}

TEST(Cluster, AComputerSeatMovesOnceWhoeverWatchesAndAnotherInstanceTakesOverWhenOneIsGone) {
  const PgTestDatabase db;
  FakeClock clock_b;
  auto a = std::make_unique<Instance>(db.url(), true);
  Instance b(db.url(), false, clock_b.source());
  // The computer thinks a while, so its instance can go while it does.
  const Json made = a->service->create_match({{"game", "treasure-hunt"},
                                              {"seed", 9},
                                              {"seats", {"human", {{"agent", "ismcts:ms=1500"}}}}});
  const std::string id = made["match"];
  const std::string token = a->service->join(id, {{"seat", 0}})["token"];
  Client human(*a->service);
  human.hello(id, token);
  Client watcher(*b.service);
  watcher.hello(id);
  std::vector<Instance*> both{a.get(), &b};
  Rng rng(1);
  // A few moves: each of the computer's moves is made by a (which made the move before it) and
  // reaches b's spectator.
  for (int move = 0; move < 2; ++move) {
    ASSERT_TRUE(wait_until([&] {
      const Json s = last_state(human);
      return s["to_act"] == 0 || s["status"] == "finished";
    }));
    const Json s = last_state(human);
    if (s["status"] == "finished") break;
    const std::uint64_t before = a->version(id);
    human.act(s["legal"][rng.below(s["legal"].size())], s["version"]);
    ASSERT_TRUE(wait_agreed(both, id, before));
  }
  test::expect_in_order(test::state_messages(texts_of(watcher)), "b's spectator");
  // The human moves until the computer is to act, and a goes while its computer thinks: b, which
  // did not make that move, waits for a as long as a computer may think and more, then plays for
  // the seat itself.
  std::optional<Player> to_act;
  do {
    ASSERT_TRUE(wait_until([&] { return last_state(human)["to_act"] == 0; }));
    const Json s = last_state(human);
    const std::uint64_t before = a->version(id);
    human.act(s["legal"][rng.below(s["legal"].size())], s["version"]);
    ASSERT_TRUE(wait_until(
        [&] { return b.version(id) > before && last_state(human)["version"] > s["version"]; }));
    b.service->inspect(id, [&](const LiveMatch& m) { to_act = m.seat_to_act(); });
    ASSERT_TRUE(to_act);
  } while (to_act == 0);
  a.reset();  // gone: its thinking stops and its move is never made
  const std::uint64_t left_at = b.version(id);
  b.service->inspect(id, [&](const LiveMatch& m) { to_act = m.seat_to_act(); });
  ASSERT_EQ(to_act, 1) << "a played for the computer before it went";
  b.service->expire_clocks();
  b.service->wait_idle();
  EXPECT_EQ(b.version(id), left_at);  // not yet: the instance that moved last may still play
  clock_b.now += std::chrono::seconds(6);
  b.service->expire_clocks();
  b.service->wait_idle();
  EXPECT_GT(b.version(id), left_at);  // b played for the computer
}

TEST(Cluster, ASeatOutOfTimeIsPlayedByTheInstanceThatMovedLastOrAfterItByAnother) {
  const PgTestDatabase db;
  FakeClock clock_a, clock_b;
  auto a = std::make_unique<Instance>(db.url(), false, clock_a.source());
  Instance b(db.url(), false, clock_b.source());
  const Json made = a->service->create_match(
      {{"game", "treasure-hunt"}, {"seed", 11}, {"clock", {{"move_seconds", 10}}}});
  const std::string id = made["match"];
  Client seat0(*a->service), seat1(*b.service);
  seat0.hello(id, a->service->join(id, {{"seat", 0}})["token"]);
  seat1.hello(id, b.service->join(id, {{"seat", 1}})["token"]);
  std::vector<Instance*> both{a.get(), &b};
  ASSERT_TRUE(wait_agreed(both, id));
  Rng rng(2);
  // Seat 0 moves through a; seat 1 then lets its time run out.
  const Json s = last_state(seat0);
  ASSERT_EQ(s["to_act"], 0);
  seat0.act(s["legal"][rng.below(s["legal"].size())], s["version"]);
  ASSERT_TRUE(wait_agreed(both, id));
  b.service->inspect(id, [](const LiveMatch& m) { ASSERT_TRUE(m.seat_to_act()); });
  clock_a.now += std::chrono::seconds(11);
  clock_b.now += std::chrono::seconds(11);
  EXPECT_EQ(b.service->expire_clocks(), 0u);  // a moved last: a plays for the seat
  EXPECT_EQ(a->service->expire_clocks(), 1u);
  ASSERT_TRUE(wait_agreed(both, id));
  // Seat 0's clock now, with a gone: b plays once the grace for a is over too.
  const std::uint64_t left_at = b.version(id);
  std::optional<Player> to_act;
  b.service->inspect(id, [&](const LiveMatch& m) { to_act = m.seat_to_act(); });
  ASSERT_TRUE(to_act);
  a.reset();
  clock_b.now += std::chrono::seconds(11);
  EXPECT_EQ(b.service->expire_clocks(), 0u);
  clock_b.now += std::chrono::seconds(6);
  EXPECT_EQ(b.service->expire_clocks(), 1u);
  EXPECT_GT(b.version(id), left_at);
}

}  // namespace
}  // namespace mw::server
