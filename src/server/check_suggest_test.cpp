// The WebSocket "check" (would this move be accepted?) and "suggest" (what would a computer play?)
// messages: each gives the answer act() or a computer seat would, and nothing changes: the match's
// version, its stored actions and every other connection's inbox stay as they were.
#include <gtest/gtest.h>

#include "support/server_fixture.h"

namespace mw::server {
namespace {

using test::Client;
using test::Fixture;

struct Table {
  Table(Fixture& f, const std::string& game) : service(*f.service) {
    id = service.create_match({{"game", game}, {"seed", 11}})["match"];
    for (int seat = 0; seat < 2; ++seat) {
      seats.push_back(std::make_unique<Client>(service));
      seats.back()->hello(id, service.join(id, {{"seat", seat}})["token"]);
    }
    spectator.hello(id);
  }
  int to_act() {
    std::optional<Player> seat;
    service.inspect(id, [&](const LiveMatch& m) { seat = m.seat_to_act(); });
    return seat.value();
  }
  Client& mover() { return *seats[to_act()]; }
  Client& waiter() { return *seats[1 - to_act()]; }
  std::uint64_t version() {
    std::uint64_t v = 0;
    service.inspect(id, [&](const LiveMatch& m) { v = m.version(); });
    return v;
  }
  MatchService& service;
  std::string id;
  std::vector<std::unique_ptr<Client>> seats;
  Client spectator{service};
};

Json check(Client& c, const std::string& text, std::uint64_t version) {
  c.send({{"type", "check"}, {"action", text}, {"version", version}});
  return c.last();
}

Json suggest(Fixture& f, Client& c, const std::string& spec) {
  c.send({{"type", "suggest"}, {"agent", spec}});
  f.service->wait_idle();
  return c.last();
}

// How many state messages a client has received (a check must cause none, to anyone).
std::size_t states(Client& c) {
  std::lock_guard lock(c.inbox.mutex);
  return std::ranges::count_if(
      c.inbox.texts, [](const std::string& t) { return Json::parse(t)["type"] == "state"; });
}

std::size_t stored_actions(Fixture& f) {
  return f.store->load_all().at(0).actions.size();
}

TEST(Check, SaysWhatActWouldSayAndChangesNothing) {
  Fixture f("check");
  Table t(f, "treasure-hunt");
  const std::uint64_t v = t.version();
  const std::size_t stored = stored_actions(f);
  const std::vector<std::size_t> states_before = {states(*t.seats[0]), states(*t.seats[1]),
                                                  states(t.spectator)};
  Client& mover = t.mover();
  const Json legal = mover.last()["legal"];
  ASSERT_FALSE(legal.empty());

  const std::size_t before = mover.inbox.size();
  const Json ok = check(mover, legal[0], v);
  EXPECT_EQ(mover.inbox.size(), before + 1);  // the answer, and no state message
  EXPECT_EQ(ok, Json({{"type", "check"}, {"ok", true}, {"version", v}}));

  const auto refused = [&](Client& c, const std::string& text, std::uint64_t at) {
    const std::size_t n = c.inbox.size();
    const Json reply = check(c, text, at);
    EXPECT_EQ(c.inbox.size(), n + 1) << text;  // a stale check gets no resync either
    EXPECT_EQ(reply["type"], "check");
    EXPECT_EQ(reply["ok"], false);
    EXPECT_EQ(reply["version"], v);
    EXPECT_FALSE(reply["message"].get<std::string>().empty());
    return reply["code"].get<std::string>();
  };
  EXPECT_EQ(refused(mover, legal[0], v + 1), "stale_version");
  EXPECT_EQ(refused(mover, "zz?", v), "parse_error");
  EXPECT_EQ(refused(mover, std::string(kMaxActionTextBytes + 1, 'a'), v), "too_large");
  EXPECT_EQ(refused(t.waiter(), legal[0], v), "not_your_turn");
  EXPECT_EQ(refused(t.spectator, legal[0], v), "unauthorized");
  // A check says what act would: the same code and message for the same refused text.
  const Json garbage = check(mover, "zz?", v);
  mover.act("zz?", v);
  EXPECT_EQ(mover.last()["request"], "act");
  EXPECT_EQ(mover.last()["code"], garbage["code"]);
  EXPECT_EQ(mover.last()["message"], garbage["message"]);
  mover.send({{"type", "check"}, {"action", legal[0]}});  // no version
  EXPECT_EQ(mover.last()["type"], "error");
  EXPECT_EQ(mover.last()["code"], "bad_request");
  EXPECT_EQ(mover.last()["request"], "check");

  EXPECT_EQ(t.version(), v);
  EXPECT_EQ(stored_actions(f), stored);
  EXPECT_EQ(states_before, std::vector<std::size_t>(
                               {states(*t.seats[0]), states(*t.seats[1]), states(t.spectator)}));
  mover.act(legal[0], v);  // and act agrees that it was fine
  EXPECT_EQ(mover.last()["type"], "state");
  EXPECT_GT(t.version(), v);
}

TEST(Check, RefusesAnIllegalMoveWithItsReason) {
  Fixture f("check-illegal");
  Table t(f, "pathfinder-barriers");
  Client& mover = t.mover();
  const std::uint64_t v = t.version();
  // The home grid is set up: "done" before the pawn is placed is refused by the rules.
  const Json reply = check(mover, "done", v);
  EXPECT_EQ(reply["ok"], false);
  EXPECT_EQ(reply["code"], "illegal_action");
  mover.act("done", v);
  EXPECT_EQ(mover.last()["message"], reply["message"]);
}

TEST(Check, CountsTheActionsOfAWholeDesign) {
  Fixture f("check-design");
  Table t(f, "pathfinder-barriers");
  // Figure 3 of the rules: the pawn, 10 barriers, done.
  const std::string grid =
      "E-5: |C-1 E-1|F-1 E-2|F-2 E-3|F-3 E-4|F-4 F-5|F-6 D-5|E-5 E-4|E-5 E-5|E-6 B-3|B-4";
  const Json reply = check(t.mover(), grid, t.version());
  EXPECT_EQ(reply["ok"], true) << reply;
  EXPECT_EQ(reply["actions"], 12);
}

TEST(Suggest, DesignsAWholeBarrierGridThatActAccepts) {
  Fixture f("suggest-barriers");
  Table t(f, "pathfinder-barriers");
  const std::uint64_t v = t.version();
  const int seat = t.to_act();
  const Json s = suggest(f, t.mover(), "builder");
  ASSERT_EQ(s["type"], "suggestion") << s;
  EXPECT_EQ(s["version"], v);
  EXPECT_GT(s["actions"].size(), 2u);
  EXPECT_EQ(s["actions"].back(), "done");
  ASSERT_TRUE(s.contains("text"));
  EXPECT_EQ(t.version(), v);  // nothing played
  EXPECT_EQ(stored_actions(f), v);
  t.seats[seat]->act(s["text"], v);
  const Json after = t.seats[seat]->last();
  ASSERT_EQ(after["type"], "state") << after;
  EXPECT_GE(after["version"].get<std::uint64_t>(), v + s["actions"].size());
  EXPECT_EQ(after["view"], s["view"]);  // the suggested design is the one now played
}

TEST(Suggest, DesignsAWholeCardMazeThatActAccepts) {
  Fixture f("suggest-cards");
  Table t(f, "pathfinder-cards");
  const std::uint64_t v = t.version();
  const int maker = t.to_act();
  const Json s = suggest(f, t.mover(), "baseline");
  ASSERT_EQ(s["type"], "suggestion") << s;
  EXPECT_EQ(s["actions"].size(), 40u);  // every maze card placed
  ASSERT_TRUE(s.contains("text"));
  EXPECT_EQ(t.version(), v);
  EXPECT_EQ(check(*t.seats[maker], s["text"], v)["actions"], 40);
  t.seats[maker]->act(s["text"], v);
  ASSERT_EQ(t.seats[maker]->last()["type"], "state") << t.seats[maker]->last();
  EXPECT_GE(t.version(), v + 40);
}

TEST(Suggest, OneMoveInPlayAndRefusals) {
  Fixture f("suggest-play");
  Table t(f, "treasure-hunt");
  const std::uint64_t v = t.version();
  const Json view = t.mover().last()["view"];
  const Json legal = t.mover().last()["legal"];
  const Json s = suggest(f, t.mover(), "random");
  ASSERT_EQ(s["type"], "suggestion") << s;
  ASSERT_EQ(s["actions"].size(), 1u);
  EXPECT_TRUE(std::find(legal.begin(), legal.end(), s["actions"][0]) != legal.end());
  EXPECT_EQ(s["view"], view);  // a move of play is not applied, not even to show it
  EXPECT_EQ(s["text"], s["actions"][0]);

  const auto refused = [&](Client& c, const std::string& spec) {
    const Json reply = suggest(f, c, spec);
    EXPECT_EQ(reply["type"], "error") << reply;
    EXPECT_EQ(reply["request"], "suggest");
    return reply["code"].get<std::string>();
  };
  EXPECT_EQ(refused(t.waiter(), "random"), "not_your_turn");
  EXPECT_EQ(refused(t.spectator, "random"), "unauthorized");
  EXPECT_EQ(refused(t.mover(), "no-such-agent"), "unknown_agent");
  EXPECT_EQ(refused(t.mover(), "ismcts:c=x"), "unknown_agent");
  // One at a time per connection: a second while the first still thinks is refused.
  t.mover().send({{"type", "suggest"}, {"agent", "ismcts:ms=400"}});
  t.mover().send({{"type", "suggest"}, {"agent", "random"}});
  EXPECT_EQ(t.mover().last()["code"], "busy");
  f.service->wait_idle();
  EXPECT_EQ(t.mover().last()["type"], "suggestion");
  EXPECT_EQ(t.version(), v);
  EXPECT_EQ(stored_actions(f), v);
}

}  // namespace
}  // namespace mw::server
