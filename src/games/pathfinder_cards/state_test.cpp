// Notation, JSON, views and resampling.
#include <gtest/gtest.h>

#include <bit>
#include <set>

#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using namespace test_support;

// Random play from the fixture (after the Compass choice) for `actions` steps.
State random_play_state(std::uint64_t seed, int actions) {
  State s = State::from_layout(parse_maze(kFixture), load().options());
  Rng rng(seed);
  ActionList legal_list;
  for (int i = 0; i < actions && !s.is_terminal(); ++i) {
    if (s.current_player() == kChancePlayer) {
      s.apply_legal(s.sample_chance(rng));
      continue;
    }
    s.legal_actions(legal_list);
    s.apply_legal(legal_list[rng.below(legal_list.size())]);
  }
  return s;
}

TEST(PathfinderNotation, EveryLegalActionRoundTrips) {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    const State s = random_play_state(seed, static_cast<int>(seed % 12) * 3);
    ActionList legal_list;
    s.legal_actions(legal_list);
    for (Action a : legal_list) {
      const std::string text = s.action_to_string(a);
      EXPECT_EQ(s.parse_action(text), a) << text;
    }
  }
}

// The engine and Python name any action id they are given, offered or not: every id between the
// turn-order choice and the named questions (suits, guesses, predictions: ranges wider than the
// four suits) has a text, and none reads outside the suits' names.
TEST(PathfinderNotation, EveryActionIdHasATextOfferedOrNot) {
  const State s = State::initial(load().options());
  for (Action a = kRolesBase; a < kNameBase + 100; ++a) {
    std::string text;
    ASSERT_NO_THROW(text = s.action_to_string(a)) << a;
    ASSERT_FALSE(text.empty()) << a;
  }
  EXPECT_EQ(s.action_to_string(kPredictBase + 49), "predict ?");
}

TEST(PathfinderNotation, FormsAndCase) {
  const State s = State::initial(load().options());
  EXPECT_EQ(s.parse_action("ad@3,2"), kPlaceBase + kAceOfDiamonds * kCells + cell("3,2"));
  EXPECT_EQ(s.parse_action("place 10C (0,0)"), kPlaceBase + card_id(kClubs, 10) * kCells);
  EXPECT_EQ(s.parse_action("EXPLORE 1,2"), kExploreBase + cell("1,2"));
  EXPECT_EQ(s.parse_action("1,2"), kExploreBase + cell("1,2"));
  EXPECT_EQ(s.parse_action("save 5h+3h"), kSavePairBase + 3 * 14 + 5);
  EXPECT_EQ(s.parse_action("swap 3,2 1,1"), s.parse_action("swap 1,1 3,2"));
  EXPECT_EQ(s.parse_action("predict 2,2 joker"), kPredictAtBase + cell("2,2") * 4 + kNoSuit);
  EXPECT_EQ(s.action_to_string(kUseCompass), "use-compass");
}

TEST(PathfinderNotation, ErrorsSayWhatWasExpected) {
  const State s = State::initial(load().options());
  EXPECT_NE(error_of([&] { s.parse_action("explore 50,1"); }, ErrorCode::kParse).find("not a cell"),
            std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action("7H@1,1"); }, ErrorCode::kParse).find("expected"),
            std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action("save 3H"); }, ErrorCode::kParse).find("single-heart"),
            std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action("count H 3"); }, ErrorCode::kParse).find("not a suit"),
            std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action(""); }, ErrorCode::kParse).find("empty"),
            std::string::npos);
}

TEST(PathfinderNotation, WholeMazeOnlyBeforeTheFirstCard) {
  State s = State::initial(load().options());
  play(s, "AD@0,0");
  EXPECT_NE(error_of([&] { s.parse_actions(kFixture); }, ErrorCode::kParse).find("before any card"),
            std::string::npos);
  EXPECT_EQ(s.parse_actions("2D@1,0").size(), 1u);
}

TEST(PathfinderJson, RoundTripsAndRefusesBadBodies) {
  const Game game = load();
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const State s = random_play_state(seed, 25);
    const Json body = s.to_json();
    EXPECT_EQ(State::from_json(body, game.options()).to_json(), body);
  }
  const Json body = random_play_state(3, 5).to_json();
  Json bad = body;
  bad["hand"] = Json::array({"AH", "ZZ"});
  EXPECT_NE(
      error_of([&] { State::from_json(bad, game.options()); }, ErrorCode::kBadState).find("heart"),
      std::string::npos);
  bad = body;
  bad["cards"].erase(0);
  EXPECT_FALSE(
      error_of([&] { State::from_json(bad, game.options()); }, ErrorCode::kBadState).empty());
  bad = body;
  bad["compass"] = "north";  // quoted once
  EXPECT_EQ(error_of([&] { State::from_json(bad, game.options()); }, ErrorCode::kBadState),
            "pathfinder-cards state: \"north\" is not a valid compass");
  bad = body;
  bad["extra"] = 1;
  EXPECT_NE(error_of([&] { State::from_json(bad, game.options()); }, ErrorCode::kBadState)
                .find("unknown member"),
            std::string::npos);
  const std::string maze_err = error_of(
      [&] {
        State::from_json({{"maze", "AD 2D"}}, game.options());
      },
      ErrorCode::kBadState);
  EXPECT_NE(maze_err.find("missing"), std::string::npos) << maze_err;
}

// Issue 31's impossible states: hearts that vanish, move before the Compass, or appear twice.
TEST(PathfinderJson, EveryHeartIsAccountedFor) {
  const Game game = load();
  const auto refusal = [&](const Json& body) {
    return error_of([&] { State::from_json(body, game.options()); }, ErrorCode::kBadState);
  };
  const auto without = [](Json hand, const std::set<std::string>& gone) {
    Json out = Json::array();
    for (const Json& h : hand)
      if (!gone.contains(h.get<std::string>())) out.push_back(h);
    return out;
  };
  const Json building = State::initial(game.options()).to_json();
  Json bad = building;
  bad["hand"] = without(bad["hand"], {"9H"});
  EXPECT_NE(refusal(bad).find("missing: 9H"), std::string::npos) << refusal(bad);
  bad["discards"] = Json::array({"9H"});
  EXPECT_NE(refusal(bad).find("all 13 hearts until the Compass"), std::string::npos);
  bad = building;
  bad["hand"] = without(bad["hand"], {"5H"});
  bad["compass"] = "table";
  bad["compassCard"] = "5H";
  EXPECT_NE(refusal(bad).find("all 13 hearts until the Compass"), std::string::npos);

  const Json playing = random_play_state(3, 5).to_json();
  ASSERT_EQ(playing["phase"], "play");
  std::set<std::string> four;  // four hearts of the hand vanish
  for (const Json& h : playing["hand"])
    if (four.size() < 4 && h != "AH") four.insert(h.get<std::string>());
  ASSERT_EQ(four.size(), 4u);
  bad = playing;
  bad["hand"] = without(bad["hand"], four);
  EXPECT_NE(refusal(bad).find("missing: "), std::string::npos) << refusal(bad);
  bad = playing;
  bad["hand"].push_back("3H");
  EXPECT_NE(refusal(bad).find("3H is twice in the hand"), std::string::npos) << refusal(bad);
  bad = playing;
  bad["compass"] = "none";
  bad["compassCard"] = nullptr;
  EXPECT_FALSE(refusal(bad).empty());
}

// The State's small counters at the edge of what a document may hold (rules page, "State body
// and views": why play cannot go further).
TEST(PathfinderJson, CountersAtTheirEdges) {
  const Game game = load();
  // 12 discards (int8; A♥ is never discarded): every heart but A♥, the Compass among them.
  State s = position(kFixture, {}, {"AH"});
  Json body = s.to_json();
  body["compass"] = "used";
  body["cards"][23][2] = true;  // the Joker turned up by the Compass
  s = State::from_json(body, game.options());
  EXPECT_EQ(s.discards().size(), 12u);
  play(s, "explore 0,3");  // A♠: a spade's damage
  play(s, "pick AH");      // no heart left to save her
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.to_json()["discards"].size(), 12u);
  // 16 answers (kMaxAnswers; play gives at most 9), each of 64 tokens (int8 len), the largest
  // shift a body may name (int8) on one of them; a 17th answer is refused.
  State p = position(kFixture, {}, {"AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"});
  body = p.to_json();
  Json answer = {{"kind", "advisor"}, {"yes", false}, {"current", false},       {"dirs", 0},
                 {"cell", nullptr},   {"up", 0},      {"tokens", Json::array()}};
  for (std::uint16_t t : aql::parse_question(
           "not (card (0,0) is any or card (1,0) is any or card (2,0) is any or card (3,0) is "
           "any or card (4,0) is any or card (5,0) is any or card (6,0) is any or card (7,0) is "
           "any or card (8,0) is any or card (9,0) is any or card (10,0) is any or card (11,0) "
           "is any or card (12,0) is any or card (13,0) is any or card (14,0) is any or card "
           "(15,0) is any)",
           Topology::kSquare)) {
    answer["tokens"].push_back(t);
  }
  ASSERT_EQ(answer["tokens"].size(), 64u);
  body["answers"] = Json::array();
  for (int i = 0; i < kMaxAnswers; ++i) body["answers"].push_back(answer);
  body["answers"][0]["shift"] = Json::array({40, -40});
  p = State::from_json(body, game.options());
  EXPECT_EQ(p.num_answers(), kMaxAnswers);
  EXPECT_EQ(State::from_json(p.to_json(), game.options()).to_json(), p.to_json());
  EXPECT_EQ(p.view(kRunner)["answers"][0]["question"].get<std::string>().substr(0, 20),
            "not (card (40,-40) i");
  for (Action a : p.parse_actions("ask card (1,1) is red")) {  // a 17th: not kept, play goes on
    ASSERT_EQ(p.illegal_reason(a), "");
    p.apply_legal(a);
  }
  EXPECT_EQ(p.decision(), Decision::kAdvisorAsk);
  EXPECT_EQ(p.num_answers(), kMaxAnswers);
  body["answers"].push_back(answer);
  EXPECT_THROW(State::from_json(body, game.options()), Error);
}

TEST(PathfinderViews, RunnerNeverSeesFaceDownCards) {
  const State s = random_play_state(7, 20);
  const Json v = s.view(kRunner);
  EXPECT_EQ(v["seats"], Json::array({"Maker", "Runner"}));
  int hidden = 0;
  for (const Json& c : v["cards"]) {
    const int cell_id = parse_cell(c["cell"].get<std::string>());
    const int card = s.layout().at[cell_id];
    EXPECT_EQ(c.contains("card"), s.layout().face_up(card));
    hidden += !c.contains("card");
  }
  EXPECT_GT(hidden, 0);
  EXPECT_FALSE(v.contains("maze"));
  const Json m = s.view(kMaker);
  for (const Json& c : m["cards"]) EXPECT_TRUE(c.contains("card"));
  EXPECT_EQ(s.view(kSpectator)["cards"], v["cards"]);
}

TEST(PathfinderViews, RunnerIsOutOfTheRoomWhileTheMakerBuilds) {
  State s = State::initial(load().options());
  play(s, "AD@4,4");
  play(s, "JK@5,4");
  const Json v = s.view(kRunner);
  EXPECT_EQ(v["placed"], 2);
  EXPECT_FALSE(v.contains("cards"));
  EXPECT_EQ(s.view(kMaker)["cards"].size(), 2u);
}

TEST(PathfinderViews, EverythingIsRevealedAtTheEnd) {
  State s = position(kFixture, {"2D", "3D", "4D", "5D", "6D", "7D"}, {"AH", "2H"}, "7H");
  play(s, "use-compass");
  ASSERT_TRUE(s.is_terminal());
  const Json view = s.view(kRunner);  // a range-for over a temporary's member would dangle
  for (const Json& c : view["cards"]) EXPECT_TRUE(c.contains("card"));
  EXPECT_EQ(s.view(kRunner)["winner"], "Runner");
}

// Consistency of the sampler over many random states: the Runner's view, key and legal actions
// are unchanged, the maze is valid, her ten answers still hold, and the hidden cards move.
TEST(PathfinderResample, ConsistentWithTheRunnersKnowledge) {
  const Game game = load();
  int changed = 0;
  int states = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const State s = random_play_state(seed, static_cast<int>(seed % 15) * 2);
    if (s.is_terminal()) continue;
    ++states;
    ActionList before;
    s.legal_actions(before);
    Rng rng(seed);
    for (int k = 0; k < 5; ++k) {
      const State w = s.resample(kRunner, rng);
      EXPECT_EQ(w.view(kRunner), s.view(kRunner));
      EXPECT_EQ(w.information_state_key(kRunner), s.information_state_key(kRunner));
      EXPECT_TRUE(w.layout().valid_maze());
      EXPECT_EQ(w.layout().up, s.layout().up);
      for (const TenResult& r : w.tens()) {
        if (r.valid) {
          EXPECT_EQ(w.layout().count_in_area(r.cell, r.suit), r.actual);
        }
      }
      if (s.current_player() == kRunner) {
        ActionList after;
        w.legal_actions(after);
        EXPECT_EQ(after, before);
      }
      changed += w.layout().at != s.layout().at;
      EXPECT_EQ(State::from_json(w.to_json(), game.options()).to_json(), w.to_json());
    }
    Rng a(99);
    Rng b(99);
    EXPECT_EQ(s.resample(kRunner, a).to_json(), s.resample(kRunner, b).to_json());
  }
  EXPECT_GT(states, 40);
  EXPECT_GT(changed, states * 4);  // the hidden cards really are re-dealt
}

TEST(PathfinderResample, HonoursTenCountAnswers) {
  State s = position(kFixture, {"2D"}, {"AH", "2H", "3H"});
  play(s, "explore 1,1");
  play(s, "count C 5");
  Rng rng(5);
  for (int k = 0; k < 50; ++k) {
    const State w = s.resample(kRunner, rng);
    EXPECT_EQ(w.layout().count_in_area(cell("1,1"), kClubs), 5);
  }
}

TEST(PathfinderResample, JokerPositionIsSpreadOut) {
  // From the start of play the Joker can be in many places; the sampler must not pin it.
  const State s = State::from_layout(parse_maze(kFixture), load().options());
  Rng rng(11);
  std::set<int> cells;
  for (int k = 0; k < 200; ++k) cells.insert(s.resample(kRunner, rng).layout().cell_of(kJoker));
  EXPECT_GT(cells.size(), 15u);
}

// What the Runner and the spectator are told of the Maker's moves is a function of what they
// know: the same text in every world resample(Runner) can produce where the move is legal too.
TEST(PathfinderActionText, OthersAreToldOnlyWhatTheyCanSee) {
  int checked = 0;
  for (std::uint64_t seed = 0; seed < 400 && checked < 300; ++seed) {
    const State s = random_play_state(seed, static_cast<int>(seed % 40));
    if (s.current_player() != kMaker) continue;
    ActionList legal_list;
    s.legal_actions(legal_list);
    Rng rng(seed);
    std::vector<State> worlds;
    for (int k = 0; k < 3; ++k) worlds.push_back(s.resample(kRunner, rng));
    for (Action a : legal_list) {
      EXPECT_EQ(s.action_to_string_for(kMaker, a), s.action_to_string(a));
      for (Player p : {kRunner, kSpectator}) {
        const std::string told = s.action_to_string_for(p, a);
        for (const State& w : worlds) {
          if (!w.illegal_reason(a).empty()) continue;
          EXPECT_EQ(w.action_to_string_for(p, a), told) << s.action_to_string(a);
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(PathfinderActionText, SecretsStaySecret) {
  // Building: neither the card nor the cell (the Runner is out of the room).
  State b = State::initial(load().options());
  EXPECT_EQ(b.action_to_string_for(kRunner, b.parse_action("AD@3,4")),
            "Maker places a card (1 of 40)");
  EXPECT_EQ(b.action_to_string_for(kMaker, b.parse_action("AD@3,4")), "AD@3,4");
  // The Runner's own moves are public.
  State s = position(kFixture, {"2D"}, {"AH", "2H", "3H"});
  EXPECT_EQ(s.action_to_string_for(kMaker, s.parse_action("explore 3,2")), "explore 3,2");
  // An Ace alteration: a pass and a swap of two face-down cards look alike; a face-up card moving
  // shows.
  State alt = position(kFixture, {"2D", "AC"}, {"AH", "2H", "3H"});
  Json body = alt.to_json();
  body["stack"] = Json::array({Json{{"kind", "alteration"},
                                    {"trial", "10S"},
                                    {"step", 0},
                                    {"aux", -1},
                                    {"cell", "0,0"},
                                    {"cell2", nullptr},
                                    {"flags", 0}}});
  alt = State::from_json(body, load().options());
  ASSERT_EQ(alt.decision(), Decision::kAlteration) << alt.to_json().dump();
  const std::string pass = alt.action_to_string_for(kRunner, alt.parse_action("pass"));
  EXPECT_EQ(pass, "Maker makes the Ace alteration: no change you can see");
  EXPECT_EQ(alt.action_to_string_for(kRunner, alt.parse_action("swap 1,0 2,0")), pass);
  EXPECT_EQ(alt.action_to_string_for(kSpectator, alt.parse_action("swap 0,0 2,0")),
            "Maker makes the Ace alteration: 0,0 AC -> face-down, 2,0 face-down -> AC");
}

TEST(PathfinderResample, TheMakerKnowsEverything) {
  const State s = random_play_state(4, 10);
  Rng rng(1);
  EXPECT_EQ(s.resample(kMaker, rng).to_json(), s.to_json());
}

}  // namespace
}  // namespace mw::pathfinder_cards
