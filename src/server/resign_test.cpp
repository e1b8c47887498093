// Resigning and rematches (docs/server.md, "Resigning and rematches"): a resignation ends the match
// for everyone, is stored and survives a restart; bad requests change nothing; a rematch keeps the
// seats, swaps the roles and hands each seat a fresh token on its own connections only.
#include <gtest/gtest.h>

#include <numeric>

#include "games/all_games.h"
#include "server/live_match.h"
#include "server/rematch.h"
#include "support/server_fixture.h"

namespace mw::server {
namespace {

using test::Client;
using test::Fixture;

struct SeatedMatch {
  std::string id;
  std::vector<std::string> tokens;
};

// A match whose human seats are all joined.
SeatedMatch seated(MatchService& s, const Json& request) {
  SeatedMatch t;
  const Json summary = s.create_match(request);
  t.id = summary["match"];
  for (const Json& seat : summary["seats"]) {
    t.tokens.push_back(seat["kind"] == "human" ? s.join(t.id, {{"seat", seat["seat"]}})["token"]
                                               : Json(""));
  }
  return t;
}

Json resign(Client& c, std::uint64_t version) {
  c.send({{"type", "resign"}, {"version", version}});
  return c.last();
}

// The last message of a type (presence messages are kept apart by the inbox).
Json last_of(Client& c, const std::string& type) {
  std::lock_guard lock(c.inbox.mutex);
  for (auto it = c.inbox.texts.rbegin(); it != c.inbox.texts.rend(); ++it) {
    Json j = Json::parse(*it);
    if (j["type"] == type) return j;
  }
  return Json();
}

TEST(Resign, EndsTheMatchForEveryoneIsStoredAndSurvivesARestart) {
  Fixture f("resign-ends");
  const SeatedMatch t = seated(*f.service, {{"game", "treasure-hunt"}, {"seed", 3}});
  Client seat0(*f.service), seat1(*f.service), watcher(*f.service);
  seat0.hello(t.id, t.tokens[0]);
  seat1.hello(t.id, t.tokens[1]);
  watcher.hello(t.id);
  const std::uint64_t version = seat1.last()["version"];
  const Json mine = resign(seat1, version);
  for (Client* c : {&seat0, &seat1, &watcher}) {
    const Json state = c->last();
    EXPECT_EQ(state["type"], "state");
    EXPECT_EQ(state["status"], "finished");
    EXPECT_EQ(state["resigned"], 1);
    EXPECT_EQ(state["returns"], Json({1.0, -1.0}));
    EXPECT_TRUE(state["to_act"].is_null());
    EXPECT_TRUE(state["legal"].empty());
  }
  EXPECT_EQ(mine["version"], version);  // no action was played
  const auto stored = f.store->load(t.id);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->resigned, 1);

  f.close();
  f.open();
  const Json summary = f.service->status(t.id);
  EXPECT_EQ(summary["status"], "finished");
  EXPECT_EQ(summary["resigned"], 1);
  EXPECT_EQ(summary["returns"], Json({1.0, -1.0}));
  const Json record = f.service->record(t.id, std::nullopt);
  EXPECT_EQ(record["resigned"], 1);
  EXPECT_EQ(record["returns"], Json({1.0, -1.0}));
  Client back(*f.service);
  back.hello(t.id, t.tokens[0]);
  EXPECT_EQ(back.last()["resigned"], 1);
  EXPECT_EQ(back.last()["status"], "finished");
}

TEST(Resign, ResultsSumToZeroAndTheResignerAloneLoses) {
  EXPECT_EQ(resignation_returns(2, 0), (std::vector<double>{-1.0, 1.0}));
  for (int seats = 2; seats <= 4; ++seats) {
    for (Player r = 0; r < seats; ++r) {
      const auto returns = resignation_returns(seats, r);
      EXPECT_NEAR(std::accumulate(returns.begin(), returns.end(), 0.0), 0.0, 1e-12);
      for (Player s = 0; s < seats; ++s) {
        EXPECT_DOUBLE_EQ(returns[s], s == r ? -1.0 : 1.0 / (seats - 1));
      }
    }
  }
}

TEST(Resign, BadRequestsAreRefusedAndChangeNothing) {
  Fixture f("resign-bad");
  const SeatedMatch t = seated(*f.service, {{"game", "treasure-hunt"}, {"seed", 5}});
  Client seat0(*f.service), watcher(*f.service);
  seat0.hello(t.id, t.tokens[0]);
  watcher.hello(t.id);
  const std::uint64_t version = seat0.last()["version"];
  const auto refused = [&](Client& c, const Json& msg, const std::string& code) {
    const std::size_t before = c.inbox.size();
    c.send(msg);
    const Json err = last_of(c, "error");
    EXPECT_EQ(err["code"], code) << msg.dump();
    EXPECT_GT(c.inbox.size(), before) << msg.dump();
    EXPECT_FALSE(f.store->load(t.id)->resigned) << msg.dump();
    f.service->inspect(t.id, [&](const LiveMatch& m) {
      EXPECT_FALSE(m.finished()) << msg.dump();
      EXPECT_EQ(m.version_for(0), version);
    });
  };
  refused(watcher, {{"type", "resign"}, {"version", version}}, "unauthorized");
  refused(seat0, {{"type", "resign"}, {"version", version + 1}}, "stale_version");
  refused(seat0, {{"type", "resign"}}, "bad_request");
  refused(seat0, {{"type", "resign"}, {"version", "x"}}, "bad_request");
  refused(seat0, {{"type", "resign"}, {"version", -1}}, "bad_request");
  refused(seat0, {{"type", "resign"}, {"version", 1.5}}, "bad_request");
  EXPECT_EQ(last_of(seat0, "error")["request"], "resign");
  Client stranger(*f.service);
  stranger.send({{"type", "resign"}, {"version", version}});  // before hello
  EXPECT_EQ(stranger.last()["code"], "unauthorized");

  // Once over, a second resignation (either seat) is refused and the result stays.
  resign(seat0, version);
  Client seat1(*f.service);
  seat1.hello(t.id, t.tokens[1]);
  resign(seat1, version);
  EXPECT_EQ(last_of(seat1, "error")["code"], "finished");
  EXPECT_EQ(f.store->load(t.id)->resigned, 0);
  EXPECT_EQ(f.service->status(t.id)["resigned"], 0);
}

// With group commit (the server's mode) a resignation that arrives while a move commits waits for
// it, and is then judged at the new version: the resigner had not seen that move.
TEST(Resign, WaitsForAMoveInCommitAndIsStoredWithGroupCommit) {
  Fixture f("resign-group", 1, /*in_memory=*/false, /*with_group_commit=*/true);
  const SeatedMatch t =
      seated(*f.service,
             {{"game", "treasure-hunt"}, {"seed", 8}, {"options", {{"firstPlayer", "green"}}}});
  Client seat0(*f.service), seat1(*f.service);
  seat0.hello(t.id, t.tokens[0]);
  seat1.hello(t.id, t.tokens[1]);
  f.service->wait_idle();
  const Json before = seat0.last();
  ASSERT_EQ(before["to_act"], 0);
  const std::uint64_t version = seat1.last()["version"];
  seat0.act(before["legal"][0], before["version"]);
  seat1.send({{"type", "resign"}, {"version", version}});
  f.service->wait_idle();
  EXPECT_EQ(last_of(seat1, "error")["code"], "stale_version");
  EXPECT_FALSE(f.store->load(t.id)->resigned);
  const std::uint64_t now = last_of(seat1, "state")["version"];
  EXPECT_GT(now, version);
  seat1.send({{"type", "resign"}, {"version", now}});
  f.service->wait_idle();
  EXPECT_EQ(last_of(seat0, "state")["resigned"], 1);
  EXPECT_EQ(f.store->load(t.id)->resigned, 1);
}

TEST(Resign, AComputerOpponentPlaysNoMoreOnceAHumanResigns) {
  Fixture f("resign-agent", 1, /*in_memory=*/true);
  const SeatedMatch t = seated(*f.service, {{"game", "treasure-hunt"},
                                            {"seed", 11},
                                            {"options", {{"firstPlayer", "green"}}},
                                            {"seats", {"human", {{"agent", "random"}}}}});
  Client seat0(*f.service);
  seat0.hello(t.id, t.tokens[0]);
  f.service->wait_idle();
  const std::uint64_t version = seat0.last()["version"];
  resign(seat0, version);
  f.service->wait_idle();
  f.service->inspect(t.id, [&](const LiveMatch& m) {
    EXPECT_TRUE(m.finished());
    EXPECT_EQ(m.version_for(0), version);
    EXPECT_FALSE(m.seat_to_act());
  });
}

TEST(Rematch, OptionsSwapEveryRoleAndKeepTheRest) {
  const Registry& games = builtin_games();
  const auto swap = [&](const char* game, const Json& options) {
    return rematch_options(games, game, options);
  };
  EXPECT_EQ(swap("pathfinder-cards", {{"roles", "seat0Maker"}, {"board", "hex"}}),
            Json({{"roles", "seat0Runner"}, {"board", "hex"}}));
  EXPECT_EQ(swap("pathfinder-cards", {{"roles", "seat0Runner"}})["roles"], "seat0Maker");
  EXPECT_EQ(swap("pathfinder-cards", {{"roles", "random"}})["roles"], "random");
  EXPECT_EQ(swap("pathfinder-barriers", {{"firstPlayer", "north"}})["firstPlayer"], "south");
  EXPECT_EQ(swap("pathfinder-barriers", {{"firstPlayer", "south"}})["firstPlayer"], "north");
  EXPECT_EQ(swap("treasure-hunt", {{"firstPlayer", "green"}})["firstPlayer"], "purple");
  EXPECT_EQ(swap("treasure-hunt", {{"firstPlayer", "purple"}})["firstPlayer"], "green");
  EXPECT_EQ(swap("treasure-hunt", {{"firstPlayer", "random"}})["firstPlayer"], "random");
  EXPECT_EQ(swap("treasure-hunt", Json::object()), Json::object());
  EXPECT_EQ(swap("mazemakers", {{"players", 3}}), Json({{"players", 3}}));
}

TEST(Rematch, KeepsTheSeatsSwapsTheRolesAndGivesEachSeatItsOwnFreshToken) {
  Fixture f("rematch");
  const SeatedMatch t = seated(*f.service, {{"game", "pathfinder-cards"},
                                            {"seed", 4},
                                            {"options", {{"roles", "seat0Maker"}}},
                                            {"public", false}});
  Client seat0(*f.service), seat1(*f.service), watcher(*f.service);
  seat0.hello(t.id, t.tokens[0]);
  seat1.hello(t.id, t.tokens[1]);
  watcher.hello(t.id);
  resign(seat0, seat0.last()["version"]);
  seat1.send({{"type", "rematch"}});

  const Json to0 = last_of(seat0, "rematch"), to1 = last_of(seat1, "rematch");
  const Json toWatcher = last_of(watcher, "rematch");
  const std::string next = to1["match"];
  EXPECT_NE(next, t.id);
  EXPECT_EQ(to0["match"], next);
  EXPECT_EQ(toWatcher["match"], next);
  EXPECT_EQ(to0["seat"], 0);
  EXPECT_EQ(to1["seat"], 1);
  EXPECT_FALSE(toWatcher.contains("token"));  // a token travels only to its own seat
  const std::string token0 = to0["token"], token1 = to1["token"];
  EXPECT_NE(token0, token1);
  EXPECT_NE(token0, t.tokens[0]);

  const Json summary = f.service->status(next);
  EXPECT_EQ(summary["options"]["roles"], "seat0Runner");
  EXPECT_EQ(summary["public"], false);
  EXPECT_EQ(summary["status"], "playing");
  EXPECT_EQ(summary["seats"][0]["joined"], true);
  EXPECT_EQ(summary["seats"][1]["joined"], true);
  EXPECT_EQ(f.service->status(t.id)["rematch"], next);
  EXPECT_EQ(f.store->load(t.id)->rematch, next);
  Client again0(*f.service), again1(*f.service);
  again0.hello(next, token0);
  again1.hello(next, token1);
  EXPECT_EQ(again0.last()["seat"], 0);
  EXPECT_EQ(again1.last()["seat"], 1);
  Client old_token(*f.service);
  old_token.hello(next, t.tokens[0]);  // the old match's token is not a seat of the new one
  EXPECT_EQ(old_token.last()["code"], "unauthorized");

  // The other seat asking too gets the same match, and no second token.
  seat0.send({{"type", "rematch"}});
  const Json repeat = last_of(seat0, "rematch");
  EXPECT_EQ(repeat["match"], next);
  EXPECT_FALSE(repeat.contains("token"));
  EXPECT_EQ(f.store->load_all().size(), 2u);
}

TEST(Rematch, ASeatAwayGetsItsTokenWhenItComesBackAndComputerSeatsKeepTheirAgents) {
  Fixture f("rematch-away");
  const SeatedMatch t = seated(*f.service, {{"game", "treasure-hunt"},
                                            {"seed", 9},
                                            {"options", {{"firstPlayer", "green"}}},
                                            {"seats", {"human", {{"agent", "random"}}}}});
  std::string next;
  {
    Client seat0(*f.service);
    seat0.hello(t.id, t.tokens[0]);
    f.service->wait_idle();
    resign(seat0, seat0.last()["version"]);
  }
  f.close();  // a restart between the end and the request: the link must be stored
  f.open();
  Client seat0(*f.service);
  seat0.hello(t.id, t.tokens[0]);
  f.service->wait_idle();
  seat0.send({{"type", "rematch"}});
  f.service->wait_idle();
  const Json msg = last_of(seat0, "rematch");
  next = msg["match"];
  const Json summary = f.service->status(next);
  EXPECT_EQ(summary["options"]["firstPlayer"], "purple");
  EXPECT_EQ(summary["seats"][1]["kind"], "agent");
  EXPECT_EQ(summary["seats"][1]["agent"], "random");
  Client play(*f.service);
  play.hello(next, msg["token"]);
  EXPECT_EQ(play.last()["seat"], 0);
}

TEST(Rematch, ASeatThatWasAwayGetsItsTokenWhenItAsks) {
  Fixture f("rematch-later", 1, /*in_memory=*/true);
  const SeatedMatch t = seated(*f.service, {{"game", "treasure-hunt"}, {"seed", 2}});
  Client seat0(*f.service);
  seat0.hello(t.id, t.tokens[0]);
  resign(seat0, seat0.last()["version"]);
  seat0.send({{"type", "rematch"}});
  const std::string next = last_of(seat0, "rematch")["match"];
  EXPECT_EQ(f.service->status(next)["seats"][1]["joined"], false);  // nobody to hand it to
  Client seat1(*f.service);
  seat1.hello(t.id, t.tokens[1]);
  EXPECT_EQ(seat1.last()["rematch"], next);  // a late comer reads the link in the state
  seat1.send({{"type", "rematch"}});
  const Json msg = last_of(seat1, "rematch");
  EXPECT_EQ(msg["match"], next);
  Client play(*f.service);
  play.hello(next, msg["token"]);
  EXPECT_EQ(play.last()["seat"], 1);
}

TEST(Rematch, OnlySeatedPlayersOfAFinishedMatchMayAsk) {
  Fixture f("rematch-refused", 1, /*in_memory=*/true);
  const SeatedMatch t = seated(*f.service, {{"game", "treasure-hunt"}, {"seed", 6}});
  Client seat0(*f.service), watcher(*f.service);
  seat0.hello(t.id, t.tokens[0]);
  watcher.hello(t.id);
  seat0.send({{"type", "rematch"}});
  EXPECT_EQ(last_of(seat0, "error")["code"], "not_finished");
  EXPECT_EQ(last_of(seat0, "error")["request"], "rematch");
  resign(seat0, seat0.last()["version"]);
  watcher.send({{"type", "rematch"}});
  EXPECT_EQ(last_of(watcher, "error")["code"], "unauthorized");
  EXPECT_TRUE(last_of(watcher, "rematch").is_null());
  EXPECT_EQ(f.store->load_all().size(), 1u);
  EXPECT_FALSE(f.service->status(t.id).contains("rematch"));
}

}  // namespace
}  // namespace mw::server
