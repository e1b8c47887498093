// The match service without sockets: creating and joining matches, tokens, authority, versions,
// malformed messages, computer seats, the HTTP API as a function, and persistence across restarts.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "core/record.h"
#include "core/rng.h"
#include "games/all_games.h"
#include "server/api.h"
#include "server/messages.h"
#include "server/server_error.h"
#include "server/tokens.h"
#include "support/server_fixture.h"

namespace mw::server {
namespace {

using test::Client;
using test::Fixture;

// Unix seconds now: a stored match created now is active, and a restart brings it back.
std::int64_t detail_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Json create(MatchService& s, const std::string& game, Json seats = nullptr) {
  Json req = {{"game", game}, {"seed", 7}};
  if (!seats.is_null()) req["seats"] = seats;
  return s.create_match(req);
}

std::string join(MatchService& s, const std::string& id, int seat) {
  return s.join(id, {{"seat", seat}})["token"].get<std::string>();
}

// Plays the first legal move of whichever client is to act until the end or `limit` moves.
void play_first_legal(std::vector<Client*> clients, int limit) {
  for (int n = 0; n < limit; ++n) {
    const Json state = clients[0]->last();
    if (state["status"] == "finished") return;
    const int seat = state["to_act"].get<int>();
    const Json mine = clients[seat]->last();
    ASSERT_FALSE(mine["legal"].empty());
    clients[seat]->act(mine["legal"][0], mine["version"]);
  }
}

TEST(Tokens, AreRandom128BitHexAndHashedWithSha256) {
  const std::string a = new_token(), b = new_token();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_NE(a, b);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_TRUE(constant_time_equal("abc", "abc"));
  EXPECT_FALSE(constant_time_equal("abc", "abd"));
}

// Seeds and ids come from getrandom directly: every byte asked for is filled, past a short read.
TEST(Tokens, RandomBytesFillEveryByteAsked) {
  std::array<unsigned char, 300> a{}, b{};
  random_bytes(a.data(), a.size());
  random_bytes(b.data(), b.size());
  EXPECT_NE(a, b);
  // 300 bytes: the chance that a given 16-byte stretch is all zero is 2^-128.
  for (std::size_t at = 0; at + 16 <= a.size(); at += 16) {
    EXPECT_TRUE(std::any_of(a.begin() + at, a.begin() + at + 16, [](unsigned char c) { return c; }))
        << "zero bytes at " << at;
  }
  EXPECT_NE(random_u64(), random_u64());
  EXPECT_EQ(new_match_id().size(), 16u);
}

TEST(Service, CreateRefusesBadRequestsAndStoresNothing) {
  Fixture f("create");
  EXPECT_THROW(f.service->create_match({{"game", "no-such-game"}}), Error);
  EXPECT_THROW(f.service->create_match({{"game", "treasure-hunt"}, {"seats", {"human"}}}),
               std::exception);
  EXPECT_THROW(f.service->create_match(
                   {{"game", "treasure-hunt"}, {"seats", {"human", {{"agent", "nope"}}}}}),
               Error);
  EXPECT_THROW(f.service->create_match({{"game", "treasure-hunt"}, {"options", 3}}),
               std::exception);
  EXPECT_TRUE(f.store->load_all().empty());
}

TEST(Service, JoinGivesATokenStoredOnlyHashed) {
  Fixture f("join");
  const std::string id = create(*f.service, "treasure-hunt")["match"];
  const Json joined = f.service->join(id, Json::object());
  EXPECT_EQ(joined["seat"], 0);
  const std::string token = joined["token"];
  const auto stored = f.store->load_all();
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_EQ(stored[0].tokens[0].hash, sha256_hex(token));
  EXPECT_NE(stored[0].tokens[0].hash, token);
  EXPECT_EQ(f.service->join(id, Json::object())["seat"], 1);
  EXPECT_THROW(f.service->join(id, Json::object()), ServerError);  // every seat taken
  EXPECT_THROW(f.service->join(id, {{"seat", 0}}), ServerError);
  EXPECT_THROW(f.service->join(id, {{"seat", 9}}), ServerError);
  EXPECT_THROW(f.service->join("nope", Json::object()), ServerError);
}

TEST(Service, AgentSeatsCannotBeJoined) {
  Fixture f("agentseat");
  const std::string id =
      create(*f.service, "treasure-hunt", {"human", {{"agent", "random"}}})["match"];
  EXPECT_THROW(f.service->join(id, {{"seat", 1}}), ServerError);
  f.service->wait_idle();
}

// Everyone watching is told at once who joined, connected and left (the creator's page said
// "waiting for someone to join" after the friend had joined).
TEST(Presence, JoinsConnectionsAndDeparturesAreAnnounced) {
  Fixture f("presence", 1, /*in_memory=*/true);
  const std::string id = create(*f.service, "treasure-hunt")["match"];
  Client creator(*f.service);
  creator.hello(id, join(*f.service, id, 0));
  const std::string friend_token = join(*f.service, id, 1);
  const auto seen = [&] {
    std::vector<std::string> out;
    for (const Json& p : creator.inbox.presence_events())
      out.push_back(fmt::format("{} {}", p["seat"].get<int>(), p["event"].get<std::string>()));
    return out;
  };
  EXPECT_EQ(seen(), (std::vector<std::string>{"0 connected", "1 joined"}));
  const Json joined = creator.inbox.presence_events().back();
  EXPECT_EQ(joined["seats"][1]["joined"], true);
  EXPECT_EQ(joined["seats"][1]["connected"], false);
  EXPECT_EQ(joined["seats"][0]["connected"], true);
  {
    Client friend_tab(*f.service), second_tab(*f.service);
    friend_tab.hello(id, friend_token);
    second_tab.hello(id, friend_token);  // a second tab of the same seat is no news
    Client spectator(*f.service);
    spectator.hello(id);  // spectators come and go unannounced
  }
  EXPECT_EQ(seen(),
            (std::vector<std::string>{"0 connected", "1 joined", "1 connected", "1 disconnected"}));
  EXPECT_EQ(creator.inbox.presence_events().back()["seats"][1]["connected"], false);
  EXPECT_EQ(creator.last()["type"], "state");  // the game's messages are untouched
}

TEST(Authority, WrongTokenSpectatorAndNotYourTurnAreRefused) {
  Fixture f("authority");
  const std::string id = create(*f.service, "treasure-hunt")["match"];
  const std::string t0 = join(*f.service, id, 0), t1 = join(*f.service, id, 1);
  Client bad(*f.service);
  bad.hello(id, "00000000000000000000000000000000");
  EXPECT_EQ(bad.last()["type"], "error");
  EXPECT_EQ(bad.last()["code"], "unauthorized");
  bad.act("x", 0);
  EXPECT_EQ(bad.last()["code"], "unauthorized");

  Client c0(*f.service), c1(*f.service), watcher(*f.service);
  c0.hello(id, t0);
  c1.hello(id, t1);
  watcher.hello(id);
  EXPECT_TRUE(watcher.last()["seat"].is_null());
  const Json s = c0.last();
  const int to_act = s["to_act"];
  Client& idle = to_act == 0 ? c1 : c0;
  Client& mover = to_act == 0 ? c0 : c1;
  const std::uint64_t v = s["version"];
  const std::string move = mover.last()["legal"][0];
  idle.act(move, v);
  EXPECT_EQ(idle.last()["code"], "not_your_turn");
  watcher.act(move, v);
  EXPECT_EQ(watcher.last()["code"], "unauthorized");
  mover.act("definitely not notation", v);
  EXPECT_EQ(mover.last()["code"], "parse_error");
  // Compact, plain ASCII and over the bound: read without the parser, refused all the same.
  mover.act(std::string(kMaxActionTextBytes + 1, 'a'), v);
  EXPECT_EQ(mover.last()["code"], "too_large");
  EXPECT_EQ(mover.last()["request"], "act");
  f.service->inspect(id, [&](const LiveMatch& m) { EXPECT_EQ(m.version(), v); });
  mover.act(move, v);
  EXPECT_EQ(mover.last()["type"], "state");
  EXPECT_GT(mover.last()["version"].get<std::uint64_t>(), v);
  EXPECT_EQ(watcher.last()["version"], mover.last()["version"]);
}

TEST(Authority, StaleVersionIsRefusedWithAFullResync) {
  Fixture f("stale");
  const std::string id = create(*f.service, "treasure-hunt")["match"];
  const std::string t0 = join(*f.service, id, 0), t1 = join(*f.service, id, 1);
  Client c0(*f.service), c1(*f.service);
  c0.hello(id, t0);
  c1.hello(id, t1);
  Client& mover = c0.last()["to_act"] == 0 ? c0 : c1;
  const Json s = mover.last();
  mover.act(s["legal"][0], s["version"].get<std::uint64_t>() + 5);
  const std::size_t n = mover.inbox.size();
  ASSERT_GE(n, 2u);
  EXPECT_EQ(Json::parse(mover.inbox.texts[n - 2])["code"], "stale_version");
  EXPECT_EQ(mover.last()["type"], "state");
  EXPECT_EQ(mover.last()["events_from"], 0);
  EXPECT_EQ(mover.last()["version"], s["version"]);
}

TEST(Authority, MalformedMessagesAreRefusedAndChangeNothing) {
  Fixture f("malformed");
  const std::string id = create(*f.service, "treasure-hunt")["match"];
  const std::string t0 = join(*f.service, id, 0);
  Client c(*f.service);
  const std::vector<std::string> bad = {"",
                                        "{",
                                        "[]",
                                        "42",
                                        "\"hello\"",
                                        "{\"type\": 5}",
                                        "{\"type\": \"fly\"}",
                                        std::string(kMaxClientMessageBytes + 1, ' '),
                                        std::string(1000, '[') + std::string(1000, ']'),
                                        "{\"type\":\"hello\"}",
                                        "{\"type\":\"hello\",\"match\":\"x\",\"token\":3}",
                                        std::string("{\"type\":\"hello\",\"match\":\"\xff\xfe\"}")};
  for (const auto& text : bad) {
    c.session.on_text(text);
    EXPECT_EQ(c.last()["type"], "error") << text.substr(0, 40);
  }
  c.hello(id, t0);
  ASSERT_EQ(c.last()["type"], "state");
  const std::uint64_t v = c.last()["version"];
  for (const Json& m : {Json{{"type", "act"}}, Json{{"type", "act"}, {"action", 3}},
                        Json{{"type", "act"}, {"action", "x"}, {"version", -1}},
                        Json{{"type", "act"}, {"action", std::string(5000, 'a')}, {"version", v}},
                        Json{{"type", "hello"}, {"match", id}}}) {
    c.send(m);
    EXPECT_EQ(c.last()["type"], "error") << m.dump().substr(0, 60);
  }
  f.service->inspect(id, [&](const LiveMatch& m) { EXPECT_EQ(m.version(), v); });
}

TEST(Service, AComputerSeatPlaysAGameToTheEnd) {
  Fixture f("agent");
  for (const char* game : {"treasure-hunt", "pathfinder-barriers"}) {
    const std::string id = create(*f.service, game, {"human", {{"agent", "random"}}})["match"];
    Client c(*f.service);
    c.hello(id, join(*f.service, id, 0));
    Rng rng(11);
    for (int n = 0; n < 5000; ++n) {
      f.service->wait_idle();
      const Json s = c.last();
      if (s["status"] == "finished") break;
      ASSERT_EQ(s["to_act"], 0) << game;
      c.act(s["legal"][rng.below(s["legal"].size())], s["version"]);
    }
    f.service->wait_idle();
    EXPECT_EQ(c.last()["status"], "finished") << game;
    const Json record = f.service->record(id, std::nullopt);
    const State end = replay(builtin_games(), GameRecord::from_json(record));
    EXPECT_TRUE(end.is_terminal());
  }
}

TEST(Service, RecordDuringPlayIsOnlyTheSeatsOwnLog) {
  Fixture f("record");
  const std::string id = create(*f.service, "treasure-hunt")["match"];
  const std::string t0 = join(*f.service, id, 0);
  const Json mine = f.service->record(id, t0);
  EXPECT_EQ(mine["seat"], 0);
  EXPECT_FALSE(mine.contains("seed"));
  EXPECT_TRUE(f.service->record(id, std::nullopt)["seat"].is_null());
  EXPECT_THROW(f.service->record(id, std::string("bad")), ServerError);
}

TEST(Api, RoutesAndRefusals) {
  Fixture f("api");
  MatchService& s = *f.service;
  EXPECT_EQ(handle_api(s, "GET", "/api/games", "", std::nullopt).status, 200);
  EXPECT_EQ(handle_api(s, "POST", "/api/games", "", std::nullopt).status, 405);
  EXPECT_EQ(handle_api(s, "GET", "/api/nothing", "", std::nullopt).status, 404);
  EXPECT_EQ(handle_api(s, "POST", "/api/matches", "{not json", std::nullopt).status, 400);
  const ApiReply bad_game =
      handle_api(s, "POST", "/api/matches", R"({"game": "chess"})", std::nullopt);
  EXPECT_EQ(bad_game.status, 400);
  EXPECT_EQ(bad_game.body["error"]["code"], "unknown_game");
  const ApiReply made = handle_api(s, "POST", "/api/matches",
                                   R"({"game": "treasure-hunt", "public": false})", std::nullopt);
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["match"];
  EXPECT_EQ(handle_api(s, "GET", "/api/matches", "", std::nullopt).body.size(), 0u);  // unlisted
  EXPECT_EQ(handle_api(s, "GET", "/api/matches/" + id, "", std::nullopt).status, 200);
  EXPECT_EQ(handle_api(s, "GET", "/api/matches/zzz", "", std::nullopt).status, 404);
  const ApiReply joined =
      handle_api(s, "POST", "/api/matches/" + id + "/join", R"({"seat": 1})", std::nullopt);
  ASSERT_EQ(joined.status, 200);
  EXPECT_EQ(joined.body["seat"], 1);
  EXPECT_EQ(
      handle_api(s, "POST", "/api/matches/" + id + "/join", R"({"seat": 1})", std::nullopt).status,
      409);
  const std::string token = joined.body["token"];
  EXPECT_EQ(handle_api(s, "GET", "/api/matches/" + id + "/record", "", token).body["seat"], 1);
  // A token in the URL would end up in logs: refused, whatever the route.
  const ApiReply in_url =
      handle_api(s, "GET", "/api/matches/" + id + "/record?token=" + token, "", std::nullopt);
  EXPECT_EQ(in_url.status, 400);
  EXPECT_NE(in_url.body["error"]["message"].get<std::string>().find("Authorization"),
            std::string::npos);
  EXPECT_EQ(handle_api(s, "GET", "/api/matches/" + id + "/record", "", std::string("x")).status,
            403);
  EXPECT_EQ(query_param("/a?b=1&token=xy", "token"), "xy");
}

TEST(Persistence, ARestartedServiceRebuildsMatchesAndPlayContinues) {
  Fixture f("restart");
  std::string id, t0, t1;
  std::uint64_t version = 0;
  Json before;
  {
    id = create(*f.service, "pathfinder-cards")["match"].get<std::string>();
    t0 = join(*f.service, id, 0);
    t1 = join(*f.service, id, 1);
    Client c0(*f.service), c1(*f.service);
    c0.hello(id, t0);
    c1.hello(id, t1);
    play_first_legal({&c0, &c1}, 25);
    version = c0.last()["version"];
    f.service->inspect(id, [&](const LiveMatch& m) { before = m.state().to_json(); });
  }
  f.close();
  f.open();
  EXPECT_EQ(f.service->restore(), 1u);
  f.service->inspect(id, [&](const LiveMatch& m) {
    EXPECT_EQ(m.version(), version);
    EXPECT_EQ(m.state().to_json(), before);
  });
  Client c0(*f.service), c1(*f.service);
  c0.hello(id, t0);  // the tokens still work
  c1.hello(id, t1);
  ASSERT_EQ(c0.last()["type"], "state");
  play_first_legal({&c0, &c1}, 10);
  EXPECT_GT(c0.last()["version"].get<std::uint64_t>(), version);
}

TEST(Persistence, ComputerSeatsResumeAfterARestart) {
  // As if the server died right after storing a match whose seats are all computers.
  Fixture f("agentrestart");
  MatchSetup setup;
  setup.id = "resume";
  setup.created = detail_now();
  setup.game = "treasure-hunt";
  setup.options = builtin_games().load("treasure-hunt").options().to_json();
  setup.seed = 3;
  setup.seats = {SeatConfig{false, "random"}, SeatConfig{false, "random"}};
  f.store->create_match(setup);
  f.close();
  f.open();
  EXPECT_EQ(f.service->restore(), 1u);
  f.service->wait_idle();
  f.service->inspect("resume", [](const LiveMatch& m) { EXPECT_TRUE(m.finished()); });
  f.close();
  f.open();
  f.service->restore();
  f.service->inspect("resume", [](const LiveMatch& m) { EXPECT_TRUE(m.finished()); });
}

// An agent that learns its opponents' habits watches the game so far when its match is rebuilt,
// so a match resumed after a restart goes on exactly as the uninterrupted one did.
TEST(Persistence, LearningAgentsWatchTheGameSoFarAfterARestart) {
  MatchSetup setup;
  setup.id = "learn";
  setup.created = detail_now();
  setup.game = "treasure-hunt";
  setup.options = builtin_games().load("treasure-hunt").options().to_json();
  setup.seed = 5;
  setup.seats = {SeatConfig{false, "ismcts:iterations=40,opponents=policy,oeps=learn"},
                 SeatConfig{false, "random"}};
  const auto play_out = [&](const char* dir, const ActionList& stored) {
    Fixture f(dir);
    f.store->create_match(setup);
    if (!stored.empty()) f.store->append_actions(setup.id, 0, stored);
    f.close();
    f.open();
    f.service->restore();
    f.service->wait_idle();
    ActionList played;
    f.service->inspect(setup.id, [&](const LiveMatch& m) {
      EXPECT_TRUE(m.finished());
      for (const Event& e : m.events()) played.push_back(e.action);
    });
    return played;
  };
  const ActionList whole = play_out("learnwhole", {});
  ASSERT_GT(whole.size(), 20u);
  const ActionList first_half(whole.begin(),
                              whole.begin() + static_cast<std::ptrdiff_t>(whole.size() / 2));
  EXPECT_EQ(play_out("learnhalf", first_half), whole);
}

}  // namespace
}  // namespace mw::server
