// GET /api/matches/{id}/replay: the match at any step as one observer sees it. During play only
// the token's own seat or the spectator; once finished any seat or the omniscient referee. Every
// view equals the view of the test's own replay of the stored actions, and every event reads as it
// was told to that observer during play.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "games/all_games.h"
#include "server/api.h"
#include "server/server_error.h"
#include "support/server_fixture.h"

namespace mw::server {
namespace {

using test::Client;
using test::Fixture;

struct Played {
  std::string id;
  std::vector<std::string> tokens;
  std::vector<std::unique_ptr<Client>> clients;
};

// A match of two human seats (treasure-hunt unless told), `moves` random legal moves into it (or
// to its end).
Played play(MatchService& s, int moves, const std::string& game = "treasure-hunt",
            const Json& options = Json::object()) {
  Rng rng(3);
  Played p;
  p.id = s.create_match({{"game", game}, {"seed", 5}, {"options", options}})["match"];
  for (int seat = 0; seat < 2; ++seat) {
    p.tokens.push_back(s.join(p.id, {{"seat", seat}})["token"]);
    p.clients.push_back(std::make_unique<Client>(s));
    p.clients.back()->hello(p.id, p.tokens.back());
  }
  for (int n = 0; n < moves; ++n) {
    const Json state = p.clients[0]->last();
    if (state["status"] == "finished") break;
    Client& mover = *p.clients[state["to_act"].get<int>()];
    const Json mine = mover.last();
    mover.act(mine["legal"][rng.below(mine["legal"].size())], mine["version"]);
  }
  return p;
}

std::optional<std::string> text(const char* s) {
  return std::string(s);
}

std::string refusal(MatchService& s, const Played& p, std::optional<std::string> observer,
                    std::optional<std::string> token) {
  try {
    s.replay(p.id, observer, std::nullopt, token);
  } catch (const ServerError& e) {
    return e.code();
  }
  return "accepted";
}

// Every step of the replay for `observer` against the live match's log and an independent replay.
void expect_exact(MatchService& s, const Played& p, const std::optional<std::string>& name,
                  Player observer, const std::optional<std::string>& token) {
  std::vector<Event> events;
  Json setup_options;
  std::size_t told_as = 0;  // which of an event's texts this observer was told
  s.inspect(p.id, [&](const LiveMatch& m) {
    events = m.events();
    setup_options = m.setup().options;
    told_as = told_index(m, observer);
  });
  State shadow = builtin_games().load("treasure-hunt", setup_options).new_initial_state();
  std::vector<std::string> full;  // each action's whole text, written before it applied
  std::vector<bool> setup;        // whether each was played during the set-up
  std::vector<Json> outcome;      // what each concluded
  for (std::size_t k = 0; k <= events.size(); ++k) {
    const Json r = s.replay(p.id, name, std::to_string(k), token);
    ASSERT_EQ(r["step"], k);
    EXPECT_EQ(r["steps"], events.size());
    EXPECT_EQ(r["view"], shadow.view(observer)) << "step " << k;
    ASSERT_EQ(r["events"].size(), k);
    if (k > 0) {
      const Json& e = r["events"][k - 1];
      const std::string told = observer == kOmniscient ? full[k - 1] : events[k - 1].told[told_as];
      EXPECT_EQ(e["text"], told) << "step " << k;
      EXPECT_EQ(e["n"], k - 1);
      EXPECT_EQ(e.value("setup", false), setup[k - 1]) << "step " << k;
      EXPECT_EQ(e.value("outcome", Json()), outcome[k - 1]) << "step " << k;
    }
    EXPECT_EQ(r.contains("returns"), shadow.is_terminal());
    if (k < events.size()) {
      full.push_back(shadow.action_to_string(events[k].action));
      setup.push_back(shadow.in_setup());
      outcome.push_back(shadow.outcome_of(events[k].action));
      shadow.apply(events[k].action);
    }
  }
}

TEST(Replay, DuringPlayOnlyTheTokensSeatOrTheSpectator) {
  Fixture f("replay-play", 1, /*in_memory=*/true);
  MatchService& s = *f.service;
  const Played p = play(s, 6);
  const auto t0 = p.tokens[0], t1 = p.tokens[1];
  EXPECT_EQ(refusal(s, p, text("0"), t0), "accepted");
  EXPECT_EQ(refusal(s, p, text("spectator"), std::nullopt), "accepted");
  EXPECT_EQ(refusal(s, p, text("spectator"), t1), "accepted");
  EXPECT_EQ(refusal(s, p, text("1"), t0), "unauthorized");
  EXPECT_EQ(refusal(s, p, text("0"), std::nullopt), "unauthorized");
  EXPECT_EQ(refusal(s, p, text("omniscient"), t0), "unauthorized");
  EXPECT_EQ(refusal(s, p, text("omniscient"), std::nullopt), "unauthorized");
  EXPECT_EQ(refusal(s, p, text("0"), std::string("not-a-token")), "unauthorized");
  EXPECT_EQ(refusal(s, p, text("2"), t0), "bad_request");
  EXPECT_EQ(refusal(s, p, text("north"), t0), "bad_request");
  // Without "seat": the token's seat, else the spectator.
  EXPECT_EQ(s.replay(p.id, std::nullopt, std::nullopt, t1)["seat"], 1);
  EXPECT_EQ(s.replay(p.id, std::nullopt, std::nullopt, std::nullopt)["observer"], "spectator");
  expect_exact(s, p, text("0"), 0, t0);
  expect_exact(s, p, std::nullopt, kSpectator, std::nullopt);
}

TEST(Replay, OnceFinishedAnySeatAndTheOmniscientView) {
  Fixture f("replay-finished", 1, /*in_memory=*/true);
  MatchService& s = *f.service;
  const Played p = play(s, 2000);
  ASSERT_EQ(p.clients[0]->last()["status"], "finished");
  EXPECT_EQ(refusal(s, p, text("1"), std::nullopt), "accepted");
  EXPECT_EQ(refusal(s, p, text("omniscient"), std::nullopt), "accepted");
  EXPECT_EQ(refusal(s, p, text("1"), std::string("not-a-token")), "unauthorized");
  const Json end = s.replay(p.id, text("omniscient"), std::nullopt, std::nullopt);
  EXPECT_EQ(end["step"], end["steps"]);
  EXPECT_EQ(end["status"], "finished");
  EXPECT_TRUE(end["to_act"].is_null());
  EXPECT_TRUE(end["seat"].is_null());
  EXPECT_EQ(end["returns"], p.clients[0]->last()["returns"]);
  expect_exact(s, p, text("omniscient"), kOmniscient, std::nullopt);
  expect_exact(s, p, text("1"), 1, std::nullopt);
}

TEST(Replay, StepsOutOfRangeAreRefusedAndTheRouteAnswersWithStatuses) {
  Fixture f("replay-api", 1, /*in_memory=*/true);
  MatchService& s = *f.service;
  const Played p = play(s, 4);
  const std::string base = "/api/matches/" + p.id + "/replay";
  const auto get = [&](const std::string& query, std::optional<std::string> bearer = {}) {
    return handle_api(s, "GET", base + query, "", bearer);
  };
  const ApiReply first = get("?step=0");
  ASSERT_EQ(first.status, 200);
  EXPECT_EQ(first.body["step"], 0);
  EXPECT_EQ(first.body["events"].size(), 0u);
  const std::uint64_t steps = first.body["steps"];
  EXPECT_EQ(get("").body["step"], steps);
  EXPECT_EQ(get("?step=" + std::to_string(steps)).body["step"], steps);
  for (const std::string& bad : std::vector<std::string>{
           "-1", "-3", std::to_string(steps + 1), "99999999999999999999", "", "1x", "+1", " 1"}) {
    EXPECT_EQ(get("?step=" + bad).status, 400) << bad;
  }
  EXPECT_EQ(get("?step=1&seat=0&token=" + p.tokens[0]).status, 400);  // tokens stay out of URLs
  EXPECT_EQ(get("?step=1&seat=0", p.tokens[0]).body["seat"], 0);
  EXPECT_EQ(get("?seat=0").status, 403);
  EXPECT_EQ(get("?seat=omniscient").status, 403);
  EXPECT_EQ(get("?step=two").status, 400);
  EXPECT_EQ(get("?seat=9").status, 400);
  EXPECT_EQ(handle_api(s, "GET", "/api/matches/nope/replay", "", std::nullopt).status, 404);
  EXPECT_EQ(handle_api(s, "POST", base, "", std::nullopt).status, 405);
}

// The Joker's Labyrinth played by random legal moves: the set-up's events are marked, and the event
// that ends each fight carries the fight's record, the same in the live log (a reload's full
// resync) as in the replay, and the same as the view's last fight right after it.
TEST(EventFacts, TheSetupIsMarkedAndEveryFightKeepsItsRecord) {
  Fixture f("event-facts", 1, /*in_memory=*/true);
  MatchService& s = *f.service;
  const Played p = play(s, 600, "jokers-labyrinth", {{"roundLimit", 10}});
  Client reloaded(s);
  reloaded.hello(p.id, p.tokens[0]);
  const Json live = reloaded.last();
  ASSERT_EQ(live["events_from"], 0);
  const Json replayed = s.replay(p.id, text("0"), std::nullopt, p.tokens[0]);
  EXPECT_EQ(replayed["events"], live["events"]);
  ASSERT_GT(live["events"].size(), 5u);
  // The first player drawn, two Jacks chosen and two placed: the set-up, then play.
  for (std::size_t n = 0; n < live["events"].size(); ++n) {
    EXPECT_EQ(live["events"][n].value("setup", false), n < 5) << live["events"][n];
  }
  int fights = 0;
  for (const Json& e : live["events"]) {
    if (!e.contains("outcome")) continue;
    ++fights;
    const std::string after = std::to_string(e["n"].get<std::size_t>() + 1);
    const Json at = s.replay(p.id, text("0"), after, p.tokens[0]);
    EXPECT_EQ(e["outcome"], Json({{"fight", at["view"]["lastFight"]}})) << e;
    EXPECT_FALSE(at["view"].contains("combat")) << e;
  }
  EXPECT_GT(fights, 1);
}

}  // namespace
}  // namespace mw::server
