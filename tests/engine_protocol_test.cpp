// The engine protocol (docs/protocol.md): one test per request and error path, a scripted session,
// a fuzz of garbled lines, the stream loop, and the examples of docs/protocol.md replayed.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ai/agents.h"
#include "cli/engine.h"
#include "cli/engine_session.h"
#include "core/error.h"
#include "core/hash.h"
#include "core/match.h"
#include "core/record.h"
#include "core/state.h"
#include "games/all_games.h"

namespace mw::cli {
namespace {

// --- Coin race: a tiny game with a chance node after every decision, which Treasure Hunt (chance
// only in the deal) cannot show, and two broken agents for the engine's internal-error path.
// A seat adds 1..3 to the total, then a coin adds 1 (heads) or 0; reaching 10 wins for the mover.
class CoinRace {
 public:
  static CoinRace initial(const Options&) { return {}; }
  static CoinRace from_json(const Json& j, const Options&) {
    if (!j.is_object() || !j.contains("total") || !j["total"].is_number_integer()) {
      throw Error(ErrorCode::kBadState, "coin-race state: \"total\" must be an integer");
    }
    CoinRace s;
    s.total_ = j["total"].get<int>();
    s.to_move_ = j.value("to_move", 0);
    s.coin_ = j.value("coin", false);
    return s;
  }
  int num_players() const { return 2; }
  Player current_player() const {
    return is_terminal() ? kTerminalPlayer : coin_ ? kChancePlayer : to_move_;
  }
  bool is_terminal() const { return total_ >= 10; }
  void legal_actions(ActionList& out) const {
    out.clear();
    if (is_terminal()) return;
    if (coin_) {
      out = {3, 4};
    } else {
      out = {0, 1, 2};
    }
  }
  std::vector<ChanceOutcome> chance_outcomes() const {
    if (!coin_) return {};
    return {{3, 0.5}, {4, 0.5}};
  }
  std::string illegal_reason(Action a) const {
    if (is_terminal()) return "the game is over";
    if (coin_) return a == 3 || a == 4 ? "" : "the coin is in the air";
    return a >= 0 && a <= 2 ? "" : "add 1, 2 or 3";
  }
  void apply_legal(Action a) {
    if (coin_) {
      total_ += a == 3 ? 1 : 0;
      coin_ = false;
      if (!is_terminal()) to_move_ = 1 - to_move_;
    } else {
      total_ += static_cast<int>(a) + 1;
      coin_ = !is_terminal();
    }
  }
  std::vector<double> returns() const {
    return to_move_ == 0 ? std::vector<double>{1, -1} : std::vector<double>{-1, 1};
  }
  std::string action_to_string(Action a) const {
    return a <= 2 ? "+" + std::to_string(a + 1) : a == 3 ? "heads" : "tails";
  }
  Action parse_action(std::string_view text) const {
    if (text == "+1" || text == "+2" || text == "+3") return text[1] - '1';
    if (text == "heads") return 3;
    if (text == "tails") return 4;
    throw Error(ErrorCode::kParse, "expected +1, +2, +3, heads or tails");
  }
  Json view(Player) const { return to_json(); }
  std::uint64_t information_state_key(Player) const {
    return Hasher().add(static_cast<std::uint64_t>(total_)).add(coin_).value();
  }
  CoinRace resample(Player, Rng&) const { return *this; }
  Json to_json() const {
    Json j;
    j["total"] = total_;
    j["to_move"] = to_move_;
    j["coin"] = coin_;
    return j;
  }

 private:
  int total_ = 0;
  Player to_move_ = 0;
  bool coin_ = false;
};

class IllegalAgent final : public Agent {
 public:
  Action choose(const Observation&, Rng&) override { return 99; }
};
class ThrowingAgent final : public Agent {
 public:
  Action choose(const Observation&, Rng&) override { throw std::runtime_error("out of ideas"); }
};

const Registry& coin_registry() {
  static const Registry registry = [] {
    Registry r;
    GameEntry e = make_game_entry<CoinRace>(
        GameInfo{"coin-race", "Coin Race", "test game", 2, 2, true, true, {}, "", ""});
    e.agents.push_back({"illegal", "returns action 99", [](const Game&, const Json&) {
                          return std::unique_ptr<Agent>(new IllegalAgent());
                        }});
    e.agents.push_back({"throwing", "throws", [](const Game&, const Json&) {
                          return std::unique_ptr<Agent>(new ThrowingAgent());
                        }});
    r.add(std::move(e));
    return r;
  }();
  return registry;
}

// --- helpers

Json call(EngineSession& s, const Json& request) {
  return s.handle(request.dump());
}

std::string error_code(const Json& reply) {
  if (!reply.is_object() || reply.value("ok", true)) return "(ok)";
  return reply["error"]["code"].get<std::string>();
}

// Asserts a successful reply and returns it.
Json ok(EngineSession& s, const Json& request) {
  Json reply = call(s, request);
  EXPECT_TRUE(reply.value("ok", false)) << request.dump() << " -> " << reply.dump();
  return reply;
}

// Everything a failed request must leave as it was: the record (start, seed, actions) and the
// state summary (position, settings).
std::string snapshot(EngineSession& s) {
  return call(s, Json{{"id", 0}, {"request", "record"}}).dump() +
         call(s, Json{{"id", 0}, {"request", "state"}}).dump();
}

Json new_th(EngineSession& s, std::uint64_t seed = 7, bool auto_chance = true) {
  return ok(s, Json{{"id", "n"},
                    {"request", "new"},
                    {"game", "treasure-hunt"},
                    {"seed", seed},
                    {"auto_chance", auto_chance}});
}

std::string source_file(const std::string& relative) {
  const char* dir = std::getenv("MAZEWORKS_SOURCE_DIR");
  std::ifstream in(std::string(dir ? dir : ".") + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// --- one test per request

TEST(EngineProtocol, VersionMatchesTheProject) {
  EngineSession s(builtin_games());
  const Json reply = ok(s, Json{{"id", 1}, {"request", "version"}});
  EXPECT_EQ(reply["protocol"], kProtocolVersion);
  EXPECT_EQ(reply["version"], std::string(kEngineVersion));
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "hello"}}), reply);
  std::smatch m;
  const std::string cmake = source_file("CMakeLists.txt");
  ASSERT_TRUE(std::regex_search(cmake, m, std::regex(R"(project\(mazeworks VERSION ([0-9.]+))")));
  EXPECT_EQ(m[1].str(), kEngineVersion) << "update kEngineVersion in src/cli/engine_session.h";
}

TEST(EngineProtocol, GamesListsGamesWithTheirAgents) {
  EngineSession s(builtin_games());
  const Json reply = ok(s, Json{{"id", 1}, {"request", "games"}});
  ASSERT_FALSE(reply["games"].empty());
  EXPECT_EQ(reply["games"][0]["id"], "treasure-hunt");
  EXPECT_NE(
      std::find(reply["games"][0]["agents"].begin(), reply["games"][0]["agents"].end(), "random"),
      reply["games"][0]["agents"].end());
}

TEST(EngineProtocol, NewRunsTheDealUnlessAskedNotTo) {
  EngineSession s(builtin_games());
  Json reply = new_th(s);
  EXPECT_EQ(reply["applied"].size(), 26u);  // 25 cards and who goes first
  EXPECT_GE(reply["current_player"].get<int>(), 0);
  EXPECT_EQ(reply["history_length"], 26);
  EXPECT_EQ(reply["seed"], 7);
  EXPECT_EQ(reply["document"]["game"], "treasure-hunt");
  EXPECT_EQ(new_th(s)["document"], reply["document"]);  // same seed, same deal
  EXPECT_NE(new_th(s, 8)["document"], reply["document"]);

  reply = new_th(s, 7, false);
  EXPECT_TRUE(reply["applied"].empty());
  EXPECT_EQ(reply["current_player"], -1);
  EXPECT_EQ(reply["auto_chance"], false);

  // Defaults: seed 0, automatic chance.
  reply = ok(s, Json{{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}});
  EXPECT_EQ(reply["seed"], 0);
  EXPECT_EQ(reply["auto_chance"], true);
  reply = ok(s, Json{{"id", 1},
                     {"request", "new"},
                     {"game", "treasure-hunt"},
                     {"options", {{"firstPlayer", "purple"}}}});
  EXPECT_EQ(reply["current_player"], 1);
}

TEST(EngineProtocol, NewErrorsKeepThePreviousGame) {
  EngineSession s(builtin_games());
  new_th(s);
  const std::string before = snapshot(s);
  auto expect = [&](const Json& request, const char* code) {
    EXPECT_EQ(error_code(call(s, request)), code) << request.dump();
    EXPECT_EQ(snapshot(s), before) << request.dump();
  };
  expect({{"id", 1}, {"request", "new"}, {"game", "chess"}}, "unknown_game");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"options", {{"deck", "x"}}}},
         "bad_option");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"options", {{"nope", 1}}}},
         "bad_option");
  expect({{"id", 1}, {"request", "new"}}, "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", 3}}, "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"seed", -1}}, "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"seed", 1.5}}, "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"options", Json::array()}},
         "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"auto_chance", 1}},
         "bad_request");
}

TEST(EngineProtocol, EveryGameRequestNeedsAGame) {
  EngineSession s(builtin_games());
  for (const char* request : {"state", "view", "legal", "play", "chance", "undo", "ai", "record"}) {
    const Json reply = call(s, Json{{"id", request}, {"request", request}});
    EXPECT_EQ(error_code(reply), "bad_request") << request;
    EXPECT_EQ(reply["id"], request);
    EXPECT_EQ(reply["error"]["message"], "no game: send new or load first");
  }
}

TEST(EngineProtocol, StateSummarizesThePosition) {
  EngineSession s(builtin_games());
  const Json created = new_th(s);
  Json state = ok(s, Json{{"id", 2}, {"request", "state"}});
  for (const char* key :
       {"current_player", "is_terminal", "history_length", "seed", "auto_chance", "document"}) {
    EXPECT_EQ(state[key], created[key]) << key;
  }
  EXPECT_FALSE(state.contains("returns"));
  // A finished game has returns and no player to move.
  for (int i = 0; i < 2000 && !state["is_terminal"].get<bool>(); ++i) {
    state = ok(s, Json{{"id", i}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  }
  ASSERT_TRUE(state["is_terminal"].get<bool>());
  EXPECT_TRUE(state["current_player"].is_null());
  EXPECT_EQ(state["returns"].size(), 2u);
}

TEST(EngineProtocol, ViewOfSeatsAndObservers) {
  EngineSession s(builtin_games());
  new_th(s);
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "view"}, {"player", 1}})["view"]["observer"], 1);
  EXPECT_EQ(
      ok(s, Json{{"id", 1}, {"request", "view"}, {"player", "spectator"}})["view"]["observer"],
      "spectator");
  Json omniscient = ok(s, Json{{"id", 1}, {"request", "view"}, {"player", "omniscient"}});
  EXPECT_EQ(omniscient["view"]["observer"], "omniscient");
  EXPECT_FALSE(omniscient.contains("text"));
  const Json rendered =
      ok(s, Json{{"id", 1}, {"request", "view"}, {"player", 0}, {"render", true}});
  EXPECT_NE(rendered["text"].get<std::string>().find("Treasure Hunt"), std::string::npos);
  for (const Json& bad : {Json(2), Json(-1), Json("referee"), Json(0.5), Json::array(),
                          Json(18446744073709551615ULL)}) {
    EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "view"}, {"player", bad}})),
              "bad_request")
        << bad.dump();
  }
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "view"}})), "bad_request");
}

TEST(EngineProtocol, LegalListsActionsOrChanceOutcomes) {
  EngineSession s(builtin_games());
  new_th(s, 7, false);
  Json legal = ok(s, Json{{"id", 1}, {"request", "legal"}});
  EXPECT_EQ(legal["player"], -1);
  ASSERT_EQ(legal["actions"].size(), 25u);
  double total = 0;
  for (const Json& a : legal["actions"]) total += a["probability"].get<double>();
  EXPECT_NEAR(total, 1.0, 1e-9);
  EXPECT_EQ(legal["actions"][0]["text"], "deal AD");

  new_th(s);
  legal = ok(s, Json{{"id", 1}, {"request", "legal"}});
  EXPECT_GE(legal["player"].get<int>(), 0);
  ASSERT_FALSE(legal["actions"].empty());
  for (const Json& a : legal["actions"]) EXPECT_FALSE(a.contains("probability"));
  const Json first = legal["actions"][0];
  const Json played = ok(s, Json{{"id", 2}, {"request", "play"}, {"action", first["text"]}});
  EXPECT_EQ(played["applied"][0]["action"], first["action"]);
}

TEST(EngineProtocol, PlayTakesTextOrNumbersAndRefusesWithoutChange) {
  EngineSession s(builtin_games());
  new_th(s);
  const Json legal = ok(s, Json{{"id", 1}, {"request", "legal"}});
  const std::string before = snapshot(s);
  auto expect = [&](const Json& action, const char* code) {
    EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "play"}, {"action", action}})), code)
        << action.dump();
    EXPECT_EQ(snapshot(s), before) << action.dump();
  };
  expect("xyzzy", "parse_error");
  expect("up", "illegal_action");  // the swap comes first
  expect(-5, "illegal_action");
  expect(100000, "illegal_action");
  expect(18446744073709551615ULL, "bad_request");
  expect(1.0, "bad_request");
  expect(Json::object(), "bad_request");
  expect(true, "bad_request");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "play"}})), "bad_request");

  const Json reply =
      ok(s, Json{{"id", 2}, {"request", "play"}, {"action", legal["actions"][0]["action"]}});
  EXPECT_EQ(reply["applied"].size(), 1u);
  EXPECT_EQ(reply["applied"][0], legal["actions"][0]);
  EXPECT_EQ(reply["history_length"], 27);
}

// A barrier grid typed as notation inside a `play` line: the line's own JSON is shallow (the
// brackets are in a string), the notation's JSON is not; refused, nothing changes.
TEST(EngineProtocol, DeeplyNestedNotationIsRefusedWithoutChange) {
  EngineSession s(builtin_games());
  ok(s, Json{{"id", 1}, {"request", "new"}, {"game", "pathfinder-barriers"}});
  const std::string before = snapshot(s);
  const std::string deep = std::string(60'000, '[') + std::string(60'000, ']');
  const Json reply = call(s, Json{{"id", 2},
                                  {"request", "play"},
                                  {"action", R"({"pawn": "E-5", "barriers": )" + deep + "}"}});
  EXPECT_EQ(error_code(reply), "parse_error");
  EXPECT_EQ(snapshot(s), before);
}

TEST(EngineProtocol, PlayForcesChanceOutcomes) {
  EngineSession s(builtin_games());
  new_th(s, 7, false);
  Json reply = ok(s, Json{{"id", 1}, {"request", "play"}, {"action", "deal 10D"}});
  EXPECT_EQ(reply["document"]["state"]["board"][0][0], "10D");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "play"}, {"action", "deal 10D"}})),
            "illegal_action");  // already dealt
}

TEST(EngineProtocol, ChanceSamplesUntilADecision) {
  EngineSession s(builtin_games());
  new_th(s, 7, false);
  Json reply = ok(s, Json{{"id", 1}, {"request", "chance"}, {"count", 1}});
  EXPECT_EQ(reply["applied"].size(), 1u);
  EXPECT_EQ(reply["current_player"], -1);
  reply = ok(s, Json{{"id", 1}, {"request", "chance"}});
  EXPECT_EQ(reply["applied"].size(), 25u);
  EXPECT_GE(reply["current_player"].get<int>(), 0);
  // The same seed samples the same deal whether chance runs automatically or on request.
  EngineSession automatic(builtin_games());
  EXPECT_EQ(new_th(automatic)["document"], reply["document"]);
  // At a decision there is nothing to sample.
  EXPECT_TRUE(ok(s, Json{{"id", 1}, {"request", "chance"}})["applied"].empty());
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "chance"}, {"count", 0}})),
            "bad_request");
}

TEST(EngineProtocol, UndoReplaysAndRestoresTheStreams) {
  EngineSession s(builtin_games());
  const Json start = new_th(s);
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "undo"}})),
            "bad_request");  // no decision
  const Json asked = ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  const std::string before = snapshot(s);
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "undo"}, {"count", 3}})), "bad_request");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "undo"}, {"count", 0}})), "bad_request");
  EXPECT_EQ(snapshot(s), before);
  const Json undone = ok(s, Json{{"id", 1}, {"request", "undo"}, {"count", 2}});
  EXPECT_EQ(undone["undone"].size(), 2u);
  EXPECT_EQ(undone["undone"][0]["action"], asked["action"]);
  EXPECT_EQ(undone["document"], start["document"]);
  EXPECT_EQ(undone["history_length"], 26);
  // The seat's stream went back too: the agent makes the same choice again.
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}})["action"],
            asked["action"]);
}

TEST(EngineProtocol, UndoWithAutomaticChanceCountsDecisions) {
  EngineSession s(coin_registry());
  ok(s, Json{{"id", 1}, {"request", "new"}, {"game", "coin-race"}, {"seed", 3}});
  ok(s, Json{{"id", 2}, {"request", "play"}, {"action", "+1"}});  // + a coin
  const Json second = ok(s, Json{{"id", 3}, {"request", "play"}, {"action", "+2"}});
  ASSERT_EQ(second["applied"].size(), 2u);
  EXPECT_EQ(second["applied"][1]["player"], -1);
  const Json undone = ok(s, Json{{"id", 4}, {"request", "undo"}});
  EXPECT_EQ(undone["undone"].size(), 2u);  // the decision and its coin
  EXPECT_EQ(undone["history_length"], 2);
  EXPECT_EQ(undone["current_player"], 1);
  // The coin falls the same way again: the chance stream was restored.
  EXPECT_EQ(ok(s, Json{{"id", 5}, {"request", "play"}, {"action", "+2"}})["applied"],
            second["applied"]);

  // Without automatic chance, undo counts every action, coins included.
  ok(s, Json{{"id", 6}, {"request", "new"}, {"game", "coin-race"}, {"auto_chance", false}});
  ok(s, Json{{"id", 7}, {"request", "play"}, {"action", "+1"}});
  ok(s, Json{{"id", 8}, {"request", "play"}, {"action", "heads"}});
  const Json one = ok(s, Json{{"id", 9}, {"request", "undo"}});
  EXPECT_EQ(one["undone"][0]["text"], "heads");
  EXPECT_EQ(one["current_player"], -1);
}

TEST(EngineProtocol, AiAsksWithoutPlayingUnlessTold) {
  EngineSession s(builtin_games());
  new_th(s);
  const std::string before = snapshot(s);
  const Json a = ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}});
  const Json b = ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}});
  EXPECT_EQ(a, b);
  EXPECT_EQ(snapshot(s), before);
  EXPECT_FALSE(a.contains("document"));
  const Json played =
      ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  EXPECT_EQ(played["action"], a["action"]);
  EXPECT_EQ(played["applied"][0]["action"], a["action"]);
  EXPECT_EQ(played["history_length"], 27);
  // Budgets are passed on as spec parameters.
  const Json budget = ok(
      s,
      Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"ms", 100}, {"iterations", 5000}});
  EXPECT_EQ(budget["agent"], "random:ms=100,iterations=5000");
  // An agent that takes no budget and says so (greedy checks its parameters) plays without it.
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "greedy"}, {"ms", 100}})["agent"],
            "greedy");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "greedy:ms=5"}})),
            "unknown_agent");  // but a parameter the client wrote into the spec still counts
  EXPECT_EQ(
      error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"ms", -1}})),
      "bad_request");
}

TEST(EngineProtocol, AiErrors) {
  EngineSession s(builtin_games());
  new_th(s, 7, false);
  const std::string before = snapshot(s);
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}})),
            "bad_request");  // chance is to act
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}})), "bad_request");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", 7}})), "bad_request");
  EXPECT_EQ(snapshot(s), before);
  new_th(s);
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "nope"}})),
            "unknown_agent");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", ""}})),
            "unknown_agent");
  // A budget the agent has but not in its range is refused, not dropped for the default.
  const std::string th_before = snapshot(s);
  EXPECT_EQ(error_code(
                call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "ismcts"}, {"ms", 86400001}})),
            "unknown_agent");
  EXPECT_EQ(snapshot(s), th_before);
  // An agent without a budget (it refuses the parameter as unknown) still ignores it.
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "greedy"}, {"ms", 5}})["agent"],
            "greedy");

  EngineSession c(coin_registry());
  ok(c, Json{{"id", 1}, {"request", "new"}, {"game", "coin-race"}});
  const std::string coin_before = snapshot(c);
  for (const char* agent : {"illegal", "throwing"}) {
    const Json reply =
        call(c, Json{{"id", 1}, {"request", "ai"}, {"agent", agent}, {"play", true}});
    EXPECT_EQ(error_code(reply), "internal") << reply.dump();
    EXPECT_EQ(snapshot(c), coin_before);
  }
  ok(c, Json{{"id", 1},
             {"request", "load"},
             {"document", {{"game", "coin-race"}, {"state", {{"total", 12}}}}}});
  EXPECT_EQ(error_code(call(c, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}})),
            "bad_request");  // the game is over
}

// A session where `ai ... play` moves every seat and chance runs by itself plays the same game as
// play_match with the same seed: the streams are the same streams.
TEST(EngineProtocol, AiSessionReplaysSelfplay) {
  const Registry& registry = builtin_games();
  const Game game = registry.load("treasure-hunt");
  auto a0 = make_agent(game, "random"), a1 = make_agent(game, "random");
  const MatchResult match = play_match(game, {a0.get(), a1.get()}, {/*seed=*/11, 1'000'000, true});
  EngineSession s(registry);
  Json reply = new_th(s, 11);
  while (!reply["is_terminal"].get<bool>()) {
    reply = ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  }
  const Json record = ok(s, Json{{"id", 1}, {"request", "record"}})["record"];
  EXPECT_EQ(record["actions"], Json(match.record.actions));
  EXPECT_EQ(reply["returns"], Json(match.returns));
}

TEST(EngineProtocol, RecordAndLoadRoundTrip) {
  EngineSession s(builtin_games());
  new_th(s, 5);
  for (int i = 0; i < 6; ++i) {
    ok(s, Json{{"id", i}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  }
  const Json state = ok(s, Json{{"id", 1}, {"request", "state"}});
  const Json record = ok(s, Json{{"id", 1}, {"request", "record"}})["record"];
  EXPECT_EQ(record["seed"], 5);
  EXPECT_EQ(record["actions"].size(), state["history_length"]);

  EngineSession other(builtin_games());
  Json loaded = ok(other, Json{{"id", 1}, {"request", "load"}, {"record", record}});
  EXPECT_EQ(loaded["document"], state["document"]);
  EXPECT_EQ(loaded["history_length"], state["history_length"]);
  EXPECT_EQ(loaded["seed"], 5);
  EXPECT_TRUE(ok(other, Json{{"id", 1}, {"request", "undo"}, {"count", 6}})["current_player"]
                  .is_number());  // the loaded history can be taken back

  loaded = ok(other, Json{{"id", 1}, {"request", "load"}, {"document", state["document"]}});
  EXPECT_EQ(loaded["document"], state["document"]);
  EXPECT_EQ(loaded["history_length"], 0);
  const Json from_document = ok(other, Json{{"id", 1}, {"request", "record"}})["record"];
  EXPECT_EQ(from_document["start"], state["document"]["state"]);
  // A record from a set-up position loads back too.
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "load"}, {"record", from_document}})["document"],
            state["document"]);

  // A document at a chance node gets its chance run unless asked not to.
  EngineSession fresh(builtin_games());
  const Json dealing = new_th(fresh, 1, false)["document"];
  EXPECT_EQ(
      ok(fresh, Json{{"id", 1}, {"request", "load"}, {"document", dealing}})["applied"].size(),
      26u);
  EXPECT_EQ(ok(fresh, Json{{"id", 1},
                           {"request", "load"},
                           {"document", dealing},
                           {"auto_chance", false}})["current_player"],
            -1);
}

TEST(EngineProtocol, LoadErrorsKeepThePreviousGame) {
  EngineSession s(builtin_games());
  new_th(s);
  const Json document = ok(s, Json{{"id", 1}, {"request", "state"}})["document"];
  const Json record = ok(s, Json{{"id", 1}, {"request", "record"}})["record"];
  const std::string before = snapshot(s);
  auto expect = [&](const Json& fields, const char* code) {
    Json request = {{"id", 1}, {"request", "load"}};
    for (const auto& [k, v] : fields.items()) request[k] = v;
    EXPECT_EQ(error_code(call(s, request)), code) << request.dump();
    EXPECT_EQ(snapshot(s), before) << request.dump();
  };
  Json bad_board = document;
  bad_board["state"]["board"][0][0] = "ZZ";
  Json wrong_type = document;
  wrong_type["state"]["scores"] = "many";
  Json illegal = record;
  illegal["actions"].push_back(9999);
  Json unknown = record;
  unknown["game"] = "chess";
  Json bad_start = record;
  bad_start["start"] = {{"phase", "nope"}};
  expect({{"document", {{"game", "treasure-hunt"}, {"state", 5}}}}, "bad_state");
  expect({{"document", bad_board}}, "bad_state");
  expect({{"document", wrong_type}}, "bad_state");
  expect({{"document", "text"}}, "bad_state");
  expect({{"document", {{"game", "chess"}, {"state", Json::object()}}}}, "unknown_game");
  expect({{"document", {{"game", "treasure-hunt"}, {"options", {{"deck", 1}}}, {"state", {}}}}},
         "bad_option");
  expect({{"record", illegal}}, "bad_record");
  expect({{"record", {{"game", "treasure-hunt"}}}}, "bad_record");
  expect({{"record", {{"game", "treasure-hunt"}, {"actions", {"up"}}}}}, "bad_record");
  expect({{"record", bad_start}}, "bad_record");
  expect({{"record", unknown}}, "unknown_game");
  expect({{"record", 3}}, "bad_record");
  expect(Json::object(), "bad_request");
  expect({{"record", record}, {"document", document}}, "bad_request");
  expect({{"record", record}, {"seed", "x"}}, "bad_request");
}

TEST(EngineProtocol, QuitEndsTheSession) {
  EngineSession s(builtin_games());
  EXPECT_FALSE(s.finished());
  const Json reply = ok(s, Json{{"id", "bye"}, {"request", "quit"}});
  EXPECT_EQ(reply, (Json{{"id", "bye"}, {"ok", true}}));
  EXPECT_TRUE(s.finished());
}

// --- framing

TEST(EngineProtocol, MalformedLinesGetAnErrorWithTheIdWhenReadable) {
  EngineSession s(builtin_games());
  auto expect = [&](std::string_view line, const Json& id, const char* code = "bad_request") {
    const Json reply = s.handle(line);
    EXPECT_EQ(error_code(reply), code) << line.substr(0, 80);
    EXPECT_EQ(reply["id"], id) << line.substr(0, 80);
    EXPECT_FALSE(reply["error"]["message"].get<std::string>().empty());
  };
  expect("", nullptr);
  expect("not json", nullptr);
  expect("{\"id\":1,\"request\":", nullptr);
  expect("[1,2]", nullptr);
  expect("42", nullptr);
  expect("{\"request\":\"version\"}", nullptr);
  expect("{\"id\":[1],\"request\":\"version\"}", nullptr);
  expect("{\"id\":{},\"request\":\"version\"}", nullptr);
  expect("{\"id\":7}", 7);
  expect("{\"id\":7,\"request\":3}", 7);
  expect("{\"id\":\"x\",\"request\":\"fly\"}", "x");
  expect("{\"id\":1e999,\"request\":\"version\"}", nullptr);
  expect("\xff\xfe{", nullptr);
  expect("{\"id\":\"\xff\",\"request\":\"version\"}", nullptr);  // invalid UTF-8
  expect(std::string(100, '[') + std::string(100, ']'), nullptr);
  expect(std::string(1'000'000, '['), nullptr);  // refused before nlohmann sees it
  expect("{\"id\":3,\"request\":\"new\",\"game\":\"treasure-hunt\",\"options\":" +
             std::string(70, '[') + std::string(70, ']') + "}",
         nullptr);
  std::string huge =
      "{\"id\":5,\"request\":\"version\",\"pad\":\"" + std::string(kMaxLineBytes, 'x') + "\"}";
  expect(huge, nullptr);
  // Brackets inside strings do not count as nesting.
  EXPECT_TRUE(ok(s, Json{{"id", std::string(200, '[')}, {"request", "version"}})["ok"]);
}

TEST(EngineProtocol, ClientsMayAddFieldsAndSendNulls) {
  EngineSession s(builtin_games());
  EXPECT_TRUE(s.handle("{\"id\":1,\"request\":\"version\",\"extra\":{\"a\":[1]}}")["ok"]);
  const Json reply = s.handle(
      "{\"id\":null,\"request\":\"new\",\"game\":\"treasure-hunt\","
      "\"seed\":null,\"options\":null,\"auto_chance\":null}\r");
  EXPECT_TRUE(reply["ok"]);
  EXPECT_TRUE(reply["id"].is_null());
  EXPECT_EQ(reply["seed"], 0);
  EXPECT_TRUE(
      s.handle("{\"id\":true,\"request\":\"ai\",\"agent\":\"random\",\"play\":null}")["id"]);
  EXPECT_EQ(s.handle("{\"id\":2.5,\"request\":\"state\"}")["id"], 2.5);
  EXPECT_EQ(s.handle("{\"id\":18446744073709551615,\"request\":\"state\"}")["id"],
            18446744073709551615ULL);
}

// --- a scripted session

TEST(EngineProtocol, ScriptedSession) {
  EngineSession s(builtin_games());
  const Json created = new_th(s, 3);
  const Json legal = ok(s, Json{{"id", 2}, {"request", "legal"}});
  ASSERT_FALSE(legal["actions"].empty());
  const Json illegal = call(s, Json{{"id", 3}, {"request", "play"}, {"action", "a1-e5"}});
  EXPECT_EQ(error_code(illegal), "illegal_action");
  EXPECT_EQ(illegal["id"], 3);
  const Json played =
      ok(s, Json{{"id", 4}, {"request", "play"}, {"action", legal["actions"][0]["text"]}});
  EXPECT_EQ(played["history_length"], 27);
  EXPECT_NE(played["document"], created["document"]);
  const Json undone = ok(s, Json{{"id", 5}, {"request", "undo"}});
  EXPECT_EQ(undone["document"], created["document"]);
  const Json ai = ok(s, Json{{"id", 6}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  const Json record = ok(s, Json{{"id", 7}, {"request", "record"}})["record"];
  EXPECT_EQ(record["actions"].back(), ai["action"]);
  EXPECT_EQ(record["notation"].back(), ai["text"]);
  const Json state = ok(s, Json{{"id", 8}, {"request", "state"}});
  const Json loaded = ok(s, Json{{"id", 9}, {"request", "load"}, {"record", record}});
  const Json again = ok(s, Json{{"id", 10}, {"request", "state"}});
  EXPECT_EQ(loaded["document"], state["document"]);
  Json expected = state;
  expected["id"] = 10;
  EXPECT_EQ(again, expected);
}

// --- fuzz: every garbled line gets one well-formed reply with the right id, and a failed request
// changes nothing.

// The depth of a parsed value, counting no further than `limit + 1`.
int depth(const Json& j, int limit) {
  if (!j.is_structured() || limit < 0) return 0;
  int deepest = 0;
  for (const auto& child : j) deepest = std::max(deepest, depth(child, limit - 1));
  return 1 + deepest;
}

// The id a reply to `line` must carry: the request's own when the line is an acceptable object.
Json expected_id(const std::string& line) {
  std::string_view text = line;
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  if (text.size() > kMaxLineBytes) return nullptr;
  const Json j = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object() || depth(j, kMaxNesting) > kMaxNesting) return nullptr;
  const auto it = j.find("id");
  return it == j.end() || it->is_structured() ? Json(nullptr) : *it;
}

class Fuzzer {
 public:
  explicit Fuzzer(std::uint64_t seed) : rng_(seed) {}

  std::string line(EngineSession& s) {
    switch (rng_.below(8)) {
      case 0:
        return random_bytes();
      case 5:
        return corrupted_load(s);
      case 1:
        return mutate(valid(s));
      case 2:
        return with_odd_field(valid(s));
      case 3:
        return nested();
      case 4: {  // truncated
        const std::string text = valid(s).dump();
        return text.substr(0, rng_.below(text.size() + 1));
      }
      default:
        return valid(s).dump();  // keeps the game moving so failures hit many positions
    }
  }

 private:
  std::string random_bytes() {
    std::string out(rng_.below(120), '\0');
    for (char& c : out) {
      c = static_cast<char>(rng_.below(256));
      if (c == '\n') c = ' ';
    }
    return out;
  }

  Json odd_value() {
    static const std::vector<Json> values = {
        nullptr,
        true,
        false,
        0,
        -1,
        1.5,
        1e308,
        -1e308,
        18446744073709551615ULL,
        std::numeric_limits<std::int64_t>::min(),
        "",
        "up",
        "deal AD",
        "random",
        "x\u00e9\u2603",
        Json::array(),
        Json::object(),
        Json::array({1, "a", nullptr}),
        Json{{"game", "chess"}},
        Json{{"game", "treasure-hunt"}, {"state", {{"phase", "swap"}}}},
        Json{{"game", "treasure-hunt"}, {"actions", {1, 2, 3}}},
        std::string(3000, 'q'),
        "AD",
        "10D",
        "a1",
        "e5",
        "swap",
        "over",
        -7,
        255,
        30000,
        70000,
        4294967296LL};
    return values[rng_.below(values.size())];
  }

  Json valid(EngineSession& s) {
    static const std::vector<const char*> requests = {
        "version", "games", "state", "view", "legal",  "play", "play", "play",
        "chance",  "undo",  "ai",    "ai",   "record", "new",  "load", "fly"};
    Json r = {{"id", static_cast<std::int64_t>(rng_.below(1000))},
              {"request", requests[rng_.below(requests.size())]}};
    const std::string name = r["request"];
    if (name == "view") r["player"] = rng_.below(3) == 0 ? Json("spectator") : Json(rng_.below(2));
    if (name == "play") {
      const Json legal = s.handle(R"({"id":0,"request":"legal"})");
      const Json& actions = legal.value("actions", Json::array());
      if (!actions.empty()) {
        r["action"] = actions[rng_.below(actions.size())][rng_.below(2) ? "text" : "action"];
      } else {
        r["action"] = "up";
      }
    }
    if (name == "ai") {
      r["agent"] = "random";
      r["play"] = rng_.below(2) == 0;
    }
    if (name == "undo") r["count"] = 1 + rng_.below(2);
    if (name == "new") {
      r["game"] = "treasure-hunt";
      r["seed"] = rng_.below(5);
      r["auto_chance"] = rng_.below(4) != 0;
    }
    if (name == "load") {
      r["record"] = s.handle(R"({"id":0,"request":"record"})").value("record", Json::object());
    }
    return r;
  }

  std::string mutate(const Json& request) {
    std::string text = request.dump();
    for (int n = 1 + static_cast<int>(rng_.below(4)); n > 0 && !text.empty(); --n) {
      const std::size_t at = rng_.below(text.size());
      switch (rng_.below(3)) {
        case 0:
          text[at] = "{}[]\",:\\x0-e."[rng_.below(14)];
          break;
        case 1:
          text.erase(at, 1 + rng_.below(5));
          break;
        default:
          text.insert(at, 1, static_cast<char>(32 + rng_.below(95)));
          break;
      }
    }
    return text;
  }

  // One of the request's own fields (most often) or any protocol field gets an odd value.
  std::string with_odd_field(Json request) {
    static const std::vector<const char*> fields = {
        "id",     "request", "game",  "options", "seed", "auto_chance", "document",   "record",
        "player", "action",  "count", "agent",   "play", "ms",          "iterations", "render"};
    std::vector<std::string> own;
    for (const auto& [k, v] : request.items()) own.push_back(k);
    const std::string name = rng_.below(4) != 0 ? own[rng_.below(own.size())]
                                                : std::string(fields[rng_.below(fields.size())]);
    request[name] = odd_value();
    return request.dump();
  }

  // A real document or record with one value somewhere inside replaced or removed: reaches the
  // games' readers with almost-valid input.
  std::string corrupted_load(EngineSession& s) {
    const bool document = rng_.below(2) == 0;
    Json body =
        s.handle(document ? R"({"id":0,"request":"state"})" : R"({"id":0,"request":"record"})")
            .value(document ? "document" : "record", Json::object());
    Json* at = &body;
    // Walk down a random path, then replace (or now and then delete) what is there.
    while (at->is_structured() && !at->empty() && rng_.below(4) != 0) {
      const auto it = std::next(at->begin(), static_cast<std::ptrdiff_t>(rng_.below(at->size())));
      if (at->is_object() && rng_.below(6) == 0) {
        at->erase(it);
        at = nullptr;
        break;
      }
      at = &*it;
    }
    if (at != nullptr) *at = odd_value();
    Json request = {{"id", 77}, {"request", "load"}, {document ? "document" : "record", body}};
    return request.dump();
  }

  std::string nested() {
    const std::size_t n = 50 + rng_.below(rng_.below(2) ? 30 : 5000);
    const std::string open(n, rng_.below(2) ? '[' : '{');
    if (open[0] == '{') return "{\"id\":1,\"request\":\"new\",\"options\":" + open;
    return "{\"id\":1,\"request\":\"new\",\"options\":" + open + std::string(n, ']') + "}";
  }

  Rng rng_;
};

TEST(EngineProtocol, FuzzedLinesAlwaysGetOneWellFormedReply) {
  EngineSession s(builtin_games());
  new_th(s);
  Fuzzer fuzz(2024);
  int failures = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string line = fuzz.line(s);
    const std::string before = snapshot(s);
    const Json reply = s.handle(line);
    const std::string written = reply_line(reply);
    SCOPED_TRACE(line.substr(0, 200));
    ASSERT_EQ(written.find('\n'), std::string::npos);
    ASSERT_NO_THROW({ [[maybe_unused]] const Json parsed = Json::parse(written); });
    ASSERT_TRUE(reply.is_object());
    ASSERT_TRUE(reply.contains("ok") && reply["ok"].is_boolean());
    EXPECT_EQ(reply["id"], expected_id(line));
    if (!reply["ok"].get<bool>()) {
      ++failures;
      ASSERT_TRUE(reply["error"]["code"].is_string());
      ASSERT_TRUE(reply["error"]["message"].is_string());
      EXPECT_NE(reply["error"]["code"], "internal") << reply.dump();
      EXPECT_EQ(snapshot(s), before);
    }
    ASSERT_FALSE(s.finished());
  }
  EXPECT_GT(failures, 1000);
}

// --- the stream loop

TEST(EngineLoop, OneFlushedReplyPerLineUntilQuit) {
  std::istringstream in(
      "{\"id\":1,\"request\":\"version\"}\n"
      "garbage\n"
      "\n"
      "{\"id\":2,\"request\":\"new\",\"game\":\"treasure-hunt\"}\r\n"
      "{\"id\":3,\"request\":\"quit\"}\n"
      "{\"id\":4,\"request\":\"version\"}\n");
  std::ostringstream out;
  EXPECT_EQ(run_engine(in, out), 0);
  std::istringstream replies(out.str());
  std::vector<Json> lines;
  for (std::string line; std::getline(replies, line);) lines.push_back(Json::parse(line));
  ASSERT_EQ(lines.size(), 5u);  // nothing after quit
  EXPECT_EQ(lines[0]["id"], 1);
  EXPECT_EQ(lines[1]["ok"], false);
  EXPECT_EQ(lines[2]["ok"], false);
  EXPECT_EQ(lines[3]["ok"], true);
  EXPECT_EQ(lines[4], (Json{{"id", 3}, {"ok", true}}));
}

TEST(EngineLoop, EndOfInputEndsAndALastLineNeedsNoNewline) {
  std::istringstream in(std::string(3 * kMaxLineBytes, 'x') +
                        "\n{\"id\":9,\"request\":\"version\"}");
  std::ostringstream out;
  EXPECT_EQ(run_engine(in, out), 0);
  std::istringstream replies(out.str());
  std::string first, second;
  std::getline(replies, first);
  std::getline(replies, second);
  EXPECT_EQ(Json::parse(first)["error"]["code"], "bad_request");
  EXPECT_EQ(Json::parse(second)["id"], 9);
}

// --- docs/protocol.md: its examples are real. Fenced blocks tagged `json request` run in one
// session in document order (`json request fresh` starts a new one); the next `json reply` block
// holds their replies. In a documented reply, an object with a "…" member stands for any object
// with the members shown, an array ending in "…" for any array starting with the elements shown,
// and a string ending in "…" for any string starting with the text shown. `json session` blocks
// run in a fresh session each and must succeed line by line.

bool matches(const Json& documented, const Json& actual) {
  static const std::string kEllipsis = "…";
  if (documented.is_string() && actual.is_string()) {
    const auto& d = documented.get_ref<const std::string&>();
    if (d.ends_with(kEllipsis)) {
      return actual.get_ref<const std::string&>().starts_with(
          d.substr(0, d.size() - kEllipsis.size()));
    }
  }
  if (documented.is_object() && documented.contains("…")) {
    if (!actual.is_object()) return false;
    for (const auto& [k, v] : documented.items()) {
      if (k != "…" && (!actual.contains(k) || !matches(v, actual[k]))) return false;
    }
    return true;
  }
  if (documented.is_array() && !documented.empty() && documented.back() == "…") {
    if (!actual.is_array() || actual.size() < documented.size() - 1) return false;
    for (std::size_t i = 0; i + 1 < documented.size(); ++i) {
      if (!matches(documented[i], actual[i])) return false;
    }
    return true;
  }
  if (documented.is_structured() && documented.type() == actual.type() &&
      documented.size() == actual.size()) {
    if (documented.is_array()) {
      for (std::size_t i = 0; i < documented.size(); ++i) {
        if (!matches(documented[i], actual[i])) return false;
      }
      return true;
    }
    for (const auto& [k, v] : documented.items()) {
      if (!actual.contains(k) || !matches(v, actual[k])) return false;
    }
    return true;
  }
  return documented == actual;
}

struct Block {
  std::string tag;
  std::vector<std::string> lines;
};

std::vector<Block> fenced_blocks(const std::string& markdown) {
  std::vector<Block> blocks;
  std::istringstream in(markdown);
  Block* open = nullptr;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      if (open != nullptr) {
        open = nullptr;
      } else {
        blocks.push_back({line.substr(3), {}});
        open = &blocks.back();
      }
    } else if (open != nullptr && !line.empty()) {
      open->lines.push_back(line);
    }
  }
  return blocks;
}

TEST(EngineDocs, ExamplesInProtocolMdAreRealOutput) {
  const std::string markdown = source_file("docs/protocol.md");
  ASSERT_FALSE(markdown.empty()) << "docs/protocol.md not found (MAZEWORKS_SOURCE_DIR?)";
  const std::vector<Block> blocks = fenced_blocks(markdown);
  auto s = std::make_unique<EngineSession>(builtin_games());
  std::vector<Json> pending;  // replies of the last request block
  int checked = 0, sessions = 0;
  for (const Block& b : blocks) {
    if (b.tag.rfind("json request", 0) == 0) {
      if (b.tag.find("fresh") != std::string::npos) {
        s = std::make_unique<EngineSession>(builtin_games());
      }
      pending.clear();
      for (const auto& line : b.lines) pending.push_back(s->handle(line));
    } else if (b.tag == "json reply") {
      ASSERT_EQ(b.lines.size(), pending.size()) << "a reply block must follow its request block";
      for (std::size_t i = 0; i < b.lines.size(); ++i) {
        const Json documented = Json::parse(b.lines[i]);
        EXPECT_TRUE(matches(documented, pending[i]))
            << "documented: " << b.lines[i] << "\nactual:     " << reply_line(pending[i]);
        ++checked;
      }
      pending.clear();
    } else if (b.tag == "json session") {
      EngineSession fresh(builtin_games());
      for (const auto& line : b.lines) {
        const Json reply = fresh.handle(line);
        EXPECT_TRUE(reply["ok"]) << line << " -> " << reply_line(reply);
      }
      EXPECT_TRUE(fresh.finished()) << "a sample session ends with quit";
      ++sessions;
    }
  }
  EXPECT_GE(checked, 20);
  EXPECT_GE(sessions, 1);
}

}  // namespace
}  // namespace mw::cli
