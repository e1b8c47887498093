// The special hearts (G1.3.4), the Advisor's question language (G1.6.1) and G1.7 scenarios
// 11, 15, 16 and 17.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using namespace test_support;

const std::vector<std::string> kFullHand = {"AH", "2H", "3H",  "4H", "5H", "6H", "7H",
                                            "8H", "9H", "10H", "JH", "QH", "KH"};

// G1.7-15: A♦(0,1)–2♦(1,1)–3♦(2,1); 3♦ → 4♦(2,0) → Joker (3,0); 3♦ → 5♦(2,2) dead end (the
// scenario's coordinates moved one row down).
const char* kTMaze =
    "AC  2C  4D  JK  3C  4C  5C  6C\n"
    "AD  2D  3D  7C  8C  9C  10C JC\n"
    "QC  KC  5D  AS  2S  3S  4S  5S\n"
    "6S  7S  8S  9S  10S JS  QS  KS\n"
    "6D  7D  8D  9D  10D JD  QD  KD\n";

// G1.7-11: the Seer shows J♦ at (3,0); 3♦ at (2,0) later joins it to the chain.
const char* kSeerMaze =
    "AC  2C  3D  JD  3C  4C  5C  6C\n"
    "AD  2D  4D  5D  6D  7D  8D  JK\n"
    "7C  8C  9C  10C JC  QC  KC  9D\n"
    "AS  2S  3S  4S  5S  6S  7S  8S\n"
    "9S  10S JS  QS  KS  10D QD  KD\n";

void play_all(State& s, std::string_view text) {
  for (Action a : s.parse_actions(text)) {
    ASSERT_EQ(s.illegal_reason(a), "") << s.action_to_string(a);
    s.apply_legal(a);
  }
}

TEST(PathfinderAdvisor, TheFourExampleQuestionsParseAndReadBack) {
  for (const char* q :
       {"joker_in halfplane(x < 3.5)", "count(neighbors((4,2), orth), suit D, face_down) >= 1",
        "card (5,1) is suit D", "on_shortest_path((4,2), E)", "on_some_path((4,2))",
        "not (joker_in row 2 or card (1,1) is rank >= J)",
        "dist((0,2), joker) <= 7 and path_exists((3,2), (5,2))",
        "joker_in side_of_line((0,0) (7,4) left)",
        "count(cells{(1,1), (2,2), (3,3)}, black, any) = 2",
        "joker_in rect(4 0 7 4) and not joker_in col 7"}) {
    const auto tokens = aql::parse_question(q, Topology::kSquare);
    const std::string text = aql::question_text(tokens.data(), static_cast<int>(tokens.size()));
    EXPECT_EQ(aql::parse_question(text, Topology::kSquare), tokens) << q << " -> " << text;
  }
  // Symbols and case are accepted.
  EXPECT_EQ(aql::parse_question("CARD (5,1) IS SUIT ♦", Topology::kSquare),
            aql::parse_question("card (5,1) is suit D", Topology::kSquare));
}

TEST(PathfinderAdvisor, MalformedQuestionsAreRefusedWithReasons) {
  const auto err = [](const char* q) {
    return error_of([&] { aql::parse_question(q, Topology::kSquare); }, ErrorCode::kParse);
  };
  EXPECT_NE(err("am I on the right track").find("expected a question"), std::string::npos);
  EXPECT_NE(err("card (5,1) suit D").find("expected 'is'"), std::string::npos);
  EXPECT_NE(err("card (5,1) is suit H").find("hearts are the Runner's hand"), std::string::npos);
  EXPECT_NE(err("joker_in halfplane(x < 3.25)").find("whole or half number"), std::string::npos);
  EXPECT_NE(err("card (50,1) is any").find("0..39"), std::string::npos);
  EXPECT_NE(err("on_shortest_path((4,2), NE)").find("does not exist"), std::string::npos);
  EXPECT_NE(err("card (1,1) is red and").find("at the end"), std::string::npos);
  EXPECT_NE(err("").find("empty"), std::string::npos);
}

TEST(PathfinderAdvisor, MalformedQuestionSpendsNothing) {
  State s = position(kFixture, {}, kFullHand);
  const std::string before = s.to_json().dump();
  const std::string e =
      error_of([&] { (void)s.parse_actions("ask is the joker near?"); }, ErrorCode::kParse);
  EXPECT_NE(e.find("Advisor question"), std::string::npos) << e;
  EXPECT_EQ(s.to_json().dump(), before);
  EXPECT_TRUE(s.in_hand(10));
}

TEST(PathfinderAdvisor, AnswersTruthfullyAndTheRunnerKeepsTheAnswers) {
  State s = position(kFixture, {}, kFullHand);
  play_all(s, "ask joker_in halfplane(x < 3.5)");  // the Joker is at (7,2)
  EXPECT_FALSE(s.in_hand(10));
  EXPECT_EQ(s.decision(), Decision::kAdvisorAsk);
  EXPECT_TRUE(legal(s, "stop"));            // A-G1-41: she may stop after the first question
  play_all(s, "ask card (5,1) is suit D");  // 8♦
  EXPECT_EQ(s.decision(), Decision::kMain);
  const Json a0 = s.view(kRunner)["answers"][0];
  EXPECT_EQ(a0["question"], "joker_in halfplane(x < 3.5)");
  EXPECT_EQ(a0["answer"], "no");
  EXPECT_EQ(a0["current"], true);
  const Json a1 = s.view(kRunner)["answers"][1];
  EXPECT_EQ(a1["question"], "card (5,1) is suit D");
  EXPECT_EQ(a1["answer"], "yes");
  EXPECT_EQ(s.view(kSpectator)["answers"], s.view(kRunner)["answers"]);
  EXPECT_EQ(s.view(kRunner)["powersUsed"], Json::array({"advisor"}));
}

TEST(PathfinderAdvisor, EvaluatesEveryAtom) {
  const Layout l = parse_maze(kFixture);
  const std::uint64_t up = std::uint64_t{1} << kAceOfDiamonds;
  const auto yes = [&](const char* q) {
    const auto t = aql::parse_question(q, Topology::kSquare);
    return aql::evaluate(t.data(), static_cast<int>(t.size()), l, up);
  };
  EXPECT_TRUE(yes("joker_in halfplane(x > 3.5)"));
  EXPECT_TRUE(yes("joker_in cell (7,2)"));
  EXPECT_TRUE(yes("count(neighbors((4,2), orth), suit D, face_down) >= 1"));  // 3♦ and 5♦
  EXPECT_TRUE(yes("count(neighbors((4,2), orth), suit D, face_down) = 2"));
  EXPECT_TRUE(yes("count(neighbors((0,1), orth), suit D, face_down) = 0"));  // A♦ is face up
  EXPECT_TRUE(yes("count(neighbors((0,1), orth), suit D, any) = 1"));
  EXPECT_TRUE(yes("count(neighbors((4,2), all), black) = 5"));
  EXPECT_TRUE(yes("on_shortest_path((4,2), E)"));
  EXPECT_FALSE(yes("on_shortest_path((4,2), W)"));
  EXPECT_FALSE(yes("on_shortest_path((4,1), E)"));  // not in the diamond graph
  EXPECT_TRUE(yes("on_some_path((5,2))"));
  EXPECT_TRUE(yes("on_some_path((5,1))"));   // 6♦ 8♦ 9♦ 10♦ Joker
  EXPECT_FALSE(yes("on_some_path((5,4))"));  // J♦, cut off by spades
  EXPECT_TRUE(yes("dist((0,2), joker) = 7"));
  EXPECT_TRUE(yes("dist((0,0), joker) > 40"));  // ∞ (A-G1-43)
  EXPECT_TRUE(yes("path_exists((5,1), joker)"));
  EXPECT_FALSE(yes("path_exists((5,4), joker)"));
  EXPECT_FALSE(yes("card (30,30) is any"));                           // no card there [R]
  EXPECT_TRUE(yes("card (0,0) is rank > K"));                         // A = 14 (A-G1-43)
  EXPECT_FALSE(yes("card (7,2) is rank >= 2 or card (7,2) is red"));  // the Joker: no rank, colour
  EXPECT_TRUE(yes("card (7,2) is joker and card (7,2) is diamond_or_joker"));
  EXPECT_TRUE(yes("joker_in side_of_line((0,0) (7,0) right)"));  // below the top row on screen
  EXPECT_FALSE(yes("joker_in side_of_line((0,0) (7,0) left)"));
  EXPECT_TRUE(yes("count(rect(0 0 7 4), any) = 40 and count(row 2, red) = 7"));
}

TEST(PathfinderAdvisor, TokenByTokenKeepsWithinTheBudget) {
  State s = position(kFixture, {}, kFullHand);
  play(s, "advisor");
  Rng rng(3);
  ActionList legal;
  for (int questions = 0; questions < 2;) {
    s.legal_actions(legal);
    ASSERT_FALSE(legal.empty());
    const Action a = legal[rng.below(legal.size())];
    EXPECT_EQ(s.parse_action(s.action_to_string(a)), a);
    if (a == kContinue) break;
    s.apply_legal(a);
    if (s.question_length() == 0) ++questions;
    ASSERT_LE(s.question_length(), aql::kMaxTokens);
  }
  EXPECT_GE(s.num_answers(), 1);
}

TEST(PathfinderAdvisor, ResampleHonoursTheAnswers) {
  State s = position(kFixture, {}, kFullHand);
  play_all(s, "ask joker_in halfplane(x < 3.5)");
  play_all(s, "ask card (5,1) is suit D");
  Rng rng(8);
  for (int k = 0; k < 40; ++k) {
    const State w = s.resample(kRunner, rng);
    EXPECT_GT(cell_x(w.layout().cell_of(kJoker)), 3);
    EXPECT_TRUE(is_diamond(w.layout().at[cell("5,1")]));
    EXPECT_EQ(w.view(kRunner), s.view(kRunner));
  }
}

// A question of n tokens: not ... not (card (0,0) is any or card (1,0) is any or ...), 16 atoms of
// three tokens joined by 15 "or" (63 tokens) and n - 63 "not".
std::string question_of_length(int n) {
  std::string q;
  for (int k = 63; k < n; ++k) q += "not ";
  q += "(";
  for (int k = 0; k < 16; ++k) q += fmt::format("{}card ({},0) is any", k ? " or " : "", k);
  return q + ")";
}

// A-G1-50: no limit below 64 tokens; a longer question is refused naming the limit.
TEST(PathfinderAdvisor, QuestionsUpTo64TokensAreAsked_50) {
  const Game game = load();
  ASSERT_EQ(aql::parse_question(question_of_length(64), Topology::kSquare).size(), 64u);
  const std::string e = error_of(
      [&] { aql::parse_question(question_of_length(65), Topology::kSquare); }, ErrorCode::kParse);
  EXPECT_NE(e.find("too long (65 tokens; at most 64"), std::string::npos) << e;
  // Whole, then token by token: both answered, and the body keeps them.
  State s = position(kFixture, {}, kFullHand);
  play_all(s, "ask " + question_of_length(64));
  ASSERT_EQ(s.num_answers(), 1);
  EXPECT_EQ(s.answer(0).len, 64);
  EXPECT_FALSE(s.answer(0).yes);  // not (some card on row 0)
  const auto tokens = aql::parse_question(question_of_length(64), Topology::kSquare);
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    if (k == 40) {  // mid-question: the body keeps the tokens so far
      const Json body = s.to_json();
      EXPECT_EQ(body["question"].size(), 40u);
      EXPECT_EQ(State::from_json(body, game.options()).to_json(), body);
    }
    ASSERT_TRUE(legal(s, "q " + aql::token_text(tokens[k]))) << k;
    s.apply_legal(kTokenBase + tokens[k]);
  }
  ASSERT_EQ(s.num_answers(), 2);
  EXPECT_EQ(s.answer(1).len, 64);
  const Json body = s.to_json();
  EXPECT_EQ(State::from_json(body, game.options()).to_json(), body);
  EXPECT_EQ(State::from_json(body, game.options()).information_state_key(kRunner),
            s.information_state_key(kRunner));
  Json too_long = body;
  too_long["answers"][0]["tokens"].push_back(0);
  const std::string je =
      error_of([&] { State::from_json(too_long, game.options()); }, ErrorCode::kBadState);
  EXPECT_NE(je.find("at most 64 tokens"), std::string::npos) << je;
  // Runaway nesting is refused with a reason, not a crash.
  std::string nested(100000, '(');
  nested += "card (0,0) is any";  // appended, not `+`: GCC 12 misreads that as out of bounds
  const std::string deep =
      error_of([&] { aql::parse_question(nested, Topology::kSquare); }, ErrorCode::kParse);
  EXPECT_NE(deep.find("parentheses"), std::string::npos) << deep;
}

TEST(PathfinderPathfinder, DirectionsOfScenario15) {
  State s = position(kTMaze, {"2D", "3D", "5D"}, kFullHand);
  play(s, "pathfinder");
  EXPECT_FALSE(legal(s, "stand 3,0"));  // not an active diamond
  play(s, "stand 1,1");
  play(s, "recall pathfinder 2H+3H+4H");
  play(s, "stand 2,1");
  play(s, "recall pathfinder 5H+6H+7H");
  play(s, "stand 2,2");  // the dead-end tip: only the way back
  const Json answers = s.view(kRunner)["answers"];
  EXPECT_EQ(answers[0]["directions"], Json::array({"E"}));
  EXPECT_EQ(answers[1]["directions"], Json::array({"N"}));
  EXPECT_EQ(answers[2]["directions"], Json::array({"N"}));
  // Two disjoint routes: from 6♦ (5,2) of the fixture both N (8♦ 9♦ 10♦) and E lead on.
  State f = position(kFixture, {"2D", "3D", "4D", "5D", "6D"}, kFullHand);
  play(f, "pathfinder");
  play(f, "stand 5,2");
  EXPECT_EQ(f.view(kRunner)["answers"][0]["directions"], Json::array({"N", "E"}));
}

TEST(PathfinderSeer, TurnsUpTwoCardsWithNoEffect_11) {
  State s = position(kSeerMaze, {"2D", "4D"}, kFullHand);
  play(s, "seer");
  play(s, "see 3,0");  // J♦: no Jack trial
  EXPECT_EQ(s.decision(), Decision::kSeerPick);
  play(s, "see 0,0");  // A♣: no alteration
  EXPECT_EQ(s.decision(), Decision::kMain);
  EXPECT_FALSE(s.in_hand(12));
  play(s, "explore 2,0");  // 3♦ joins the face-up J♦ to the chain: no trial (scenario 11)
  EXPECT_EQ(s.decision(), Decision::kMain);
  EXPECT_TRUE((s.layout().active() >> card_id(kDiamonds, 11)) & 1);
}

TEST(PathfinderMover, LegalityAndCancellation_16) {
  State s = position(kFixture, {"2D"}, kFullHand);
  play(s, "mover");
  EXPECT_FALSE(legal(s, "swap 0,2 0,0"));  // A♦ never moves
  EXPECT_FALSE(legal(s, "stop"));          // nothing proposed yet
  play(s, "swap 2,2 0,0");                 // 3♦ away: the only diamond path is cut
  EXPECT_EQ(s.decision(), Decision::kMoverMove);
  EXPECT_TRUE(s.in_hand(13));  // A-G1-16: K♥ not spent
  EXPECT_EQ(s.view(kRunner)["moverCancelled"], "swap 0,0 2,2");
  EXPECT_EQ(s.layout().at[cell("2,2")], card_id(kDiamonds, 3));
  play(s, "swap 0,0 1,0");  // two clubs: the path is kept
  EXPECT_FALSE(s.in_hand(13));
  EXPECT_EQ(s.layout().at[cell("0,0")], card_id(kClubs, 2));
  EXPECT_EQ(s.decision(), Decision::kMain);
  // A face-up Joker cannot be moved.
  State j = position(kFixture, {"JK"}, kFullHand);
  play(j, "mover");
  EXPECT_FALSE(legal(j, "move 7,2 8,2"));
  EXPECT_TRUE(legal(j, "move 7,0 8,1"));
  // The vacant cell must touch the maze (A-G1-18).
  EXPECT_FALSE(legal(j, "move 0,0 3,6"));
}

// The cells the card on `from` may be moved to by the Mover now, as "x,y".
std::vector<std::string> mover_targets(const State& s, const char* from) {
  std::vector<std::string> out;
  const std::string prefix = std::string("move ") + from + " ";
  ActionList all;
  s.legal_actions(all);
  for (Action a : all) {
    const std::string text = s.action_to_string(a);
    if (text.rfind(prefix, 0) == 0) out.push_back(text.substr(prefix.size()));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A-G1-48 (tracker issue 32): a vacant cell next to the maze is a target on every side, west and
// north of column and row 0 included; the layout is then re-anchored at 0,0.
TEST(PathfinderMover, MovesWestAndNorthOfTheMaze_48) {
  const Game game = load();
  State s = State::from_layout(parse_maze(kFixture), game.options());
  play_all(s, "compass 7H");
  play_all(s, "mover");
  std::vector<std::string> expected;
  for (int y = 0; y <= 4; ++y) expected.push_back(fmt::format("8,{}", y));
  for (int x = 0; x <= 7; ++x) expected.push_back(fmt::format("{},5", x));
  for (int y = 1; y <= 4; ++y) expected.push_back(fmt::format("-1,{}", y));
  for (int x = 1; x <= 7; ++x) expected.push_back(fmt::format("{},-1", x));
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(mover_targets(s, "0,0"), expected);  // 24 targets
  const Action west = s.parse_action("move 0,0 -1,1");
  EXPECT_EQ(s.action_to_string(west), "move 0,0 -1,1");
  play_all(s, "move 0,0 -1,1");
  // Shifted one column east: A♣ on 0,1, the rest one cell further east.
  const Layout& l = s.layout();
  EXPECT_EQ(l.at[cell("0,1")], card_id(kClubs, 1));
  EXPECT_EQ(l.at[cell("2,0")], card_id(kClubs, 2));
  EXPECT_EQ(l.at[cell("1,2")], kAceOfDiamonds);
  EXPECT_EQ(l.at[cell("8,2")], kJoker);
  EXPECT_EQ(l.at[cell("1,0")], -1);
  EXPECT_TRUE(l.valid_maze());
  EXPECT_EQ(s.view(kRunner)["active"], Json::array({"1,2"}));
  const Json body = s.to_json();
  EXPECT_EQ(State::from_json(body, game.options()).to_json(), body);
  // North: one row down.
  State n = State::from_layout(parse_maze(kFixture), game.options());
  play_all(n, "compass 7H");
  play_all(n, "mover");
  play_all(n, "move 7,4 3,-1");
  EXPECT_EQ(n.layout().at[cell("3,0")], card_id(kDiamonds, 13));
  EXPECT_EQ(n.layout().at[cell("0,3")], kAceOfDiamonds);
}

// A-G1-48 on the hex board: the six neighbours, west and north of the box included.
TEST(PathfinderMover, MovesWestAndNorthOnTheHexBoard_48) {
  const Game game = load({{"board", "hex"}});
  State s = State::from_layout(parse_maze(kFixture, Topology::kHex), game.options());
  play_all(s, "compass 7H");
  play_all(s, "mover");
  const std::vector<std::string> targets = mover_targets(s, "0,0");
  for (const char* t : {"-1,1", "-1,4", "-1,5", "1,-1", "7,-1", "8,-1"}) {
    EXPECT_NE(std::find(targets.begin(), targets.end(), t), targets.end()) << t;
  }
  EXPECT_EQ(std::find(targets.begin(), targets.end(), "-1,0"), targets.end());  // only itself
  play_all(s, "move 0,0 8,-1");  // north-east of 7C: one row down
  EXPECT_EQ(s.layout().at[cell("8,0")], card_id(kClubs, 1));
  EXPECT_EQ(s.layout().at[cell("0,3")], kAceOfDiamonds);
  EXPECT_TRUE(s.layout().valid_maze());
}

// A-G1-48 at the east edge: a maze 40 cards wide moves a card to x = 40, one column west after.
TEST(PathfinderMover, MovesEastOfAFullRow_48) {
  std::string row = "2C AD JK";
  for (int id = 0; id < kNumCards; ++id) {
    if (id != card_id(kClubs, 2) && id != kAceOfDiamonds && id != kJoker)
      row += " " + card_code(id);
  }
  const Game game = load();
  State s = State::from_layout(parse_maze(row), game.options());
  play_all(s, "compass 7H");
  play_all(s, "mover");
  const std::vector<std::string> targets = mover_targets(s, "0,0");
  EXPECT_NE(std::find(targets.begin(), targets.end(), "40,0"), targets.end());
  play_all(s, "move 0,0 40,0");
  EXPECT_EQ(s.layout().at[cell("0,0")], kAceOfDiamonds);
  EXPECT_EQ(s.layout().at[cell("39,0")], card_id(kClubs, 2));
}

// A-G1-48: what she was told names the same places after the shift (views and body).
TEST(PathfinderMover, KnowledgeFollowsTheShift_48) {
  const Game game = load();
  State s = position(kFixture, {"2D"}, kFullHand);
  play_all(s, "ask joker_in halfplane(x > 3.5) and card (5,1) is suit D or joker_in rect(0 0 3 4)");
  play_all(s, "stop");
  play_all(s, "pathfinder");
  play_all(s, "stand 1,2");
  play_all(s, "mover");
  play_all(s, "swap 2,2 0,0");  // cancelled: it cuts the diamond path
  Json body = s.to_json();
  body["tens"][0] = {{"cell", "1,1"}, {"ten", card_id(kClubs, 10)},
                     {"suit", 0},     {"guess", 3},
                     {"actual", 5},   {"valid", true}};
  s = State::from_json(body, game.options());
  play_all(s, "move 0,0 -1,1");
  const Json v = s.view(kRunner);
  EXPECT_EQ(v["tens"][0]["cell"], "2,1");
  EXPECT_FALSE(v["tens"][0]["current"].get<bool>());
  EXPECT_EQ(v["answers"][0]["question"],
            "joker_in halfplane(x > 4.5) and card (6,1) is suit D or joker_in rect(1 0 4 4)");
  EXPECT_EQ(v["answers"][1]["pathfinder"], "2,2");
  EXPECT_EQ(v["moverCancelled"], "swap 1,0 3,2");
  const Json after = s.to_json();
  const State loaded = State::from_json(after, game.options());
  EXPECT_EQ(loaded.to_json(), after);
  EXPECT_EQ(loaded.view(kRunner), v);
  EXPECT_EQ(loaded.information_state_key(kRunner), s.information_state_key(kRunner));
}

// A-G1-48: the Ace alteration reaches west of the maze too; the Runner is told the shift.
TEST(PathfinderAlteration, MovesWestOfTheMaze_48) {
  const Game game = load();
  State s = State::from_layout(parse_maze(kFixture), game.options());
  play_all(s, "compass 7H");
  play_all(s, "explore 0,3");  // A♠: damage, then the alteration
  play_all(s, "continue");
  play_all(s, "pick 5H");
  ASSERT_EQ(s.decision(), Decision::kAlteration);
  const Action a = s.parse_action("move 7,4 -1,2");
  EXPECT_EQ(s.illegal_reason(a), "");
  EXPECT_EQ(s.action_to_string_for(kRunner, a),
            "Maker makes the Ace alteration (the maze shifts by 1,0 to stay at 0,0): "
            "0,2 empty -> face-down, 8,4 face-down -> empty");
  s.apply_legal(a);
  EXPECT_EQ(s.layout().at[cell("0,2")], card_id(kDiamonds, 13));
  EXPECT_EQ(s.layout().at[cell("1,2")], kAceOfDiamonds);
  EXPECT_EQ(s.view(kRunner)["active"], Json::array({"1,2"}));
}

TEST(PathfinderMover, SpentOnCancelOption) {
  State s = position(kFixture, {"2D"}, kFullHand, nullptr, {{"moverSpentOnCancel", true}});
  play(s, "mover");
  play(s, "swap 2,2 0,0");
  EXPECT_FALSE(s.in_hand(13));
  EXPECT_EQ(s.decision(), Decision::kMain);
  EXPECT_EQ(s.layout().at[cell("2,2")], card_id(kDiamonds, 3));  // still cancelled
  EXPECT_TRUE(legal(s, "recall mover 2H+3H+4H"));                // A-G1-40
}

TEST(PathfinderMover, CancelledRecallRefundsTheThreeHearts_40) {
  State s = position(kFixture, {"2D"}, kFullHand);
  play(s, "mover");
  play(s, "swap 0,0 1,0");
  play(s, "recall mover 2H+3H+4H");
  play(s, "swap 2,2 0,0");  // cancelled
  play(s, "stop");
  EXPECT_EQ(hand_text(s), "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH");  // only K♥ was spent
}

TEST(PathfinderRecall, RepeatsAUsedPowerForThreeHearts_17) {
  State s = position(kFixture, {}, kFullHand);
  EXPECT_FALSE(legal(s, "recall seer 2H+3H+4H"));  // not used yet
  play(s, "seer");
  play(s, "see 1,1");
  play(s, "see 2,1");
  play(s, "recall seer 2H+3H+4H");
  EXPECT_EQ(s.decision(), Decision::kSeerPick);
  EXPECT_EQ(hand_text(s), "AH 5H 6H 7H 8H 9H 10H JH KH");
  const std::string e =
      error_of([&] { (void)s.parse_action("recall seer AH+5H+6H"); }, ErrorCode::kParse);
  EXPECT_NE(e.find("never discards A♥"), std::string::npos);
}

// A-G1-23 option, A-G1-49: a special heart lost to damage counts as used, by the random pick or
// by an A♥ save, and only with the option.
TEST(PathfinderRecall, DamageDiscardsCountOnlyWithTheOption_49) {
  for (bool option : {false, true}) {
    const Game game = load({{"recallIncludesDamageDiscards", option}});
    State s = State::from_layout(parse_maze(kFixture), game.options());
    play_all(s, "compass 2H");
    play_all(s, "explore 0,3");  // A♠: a spade's damage, then the Maker's alteration
    play_all(s, "continue");
    play_all(s, "pick QH");
    play_all(s, "pass");
    EXPECT_EQ(s.lost_to_damage(), 1u << 12);
    EXPECT_EQ(legal(s, "recall seer 3H+4H+5H"), option);
    EXPECT_FALSE(legal(s, "recall mover 3H+4H+5H"));
    play_all(s, "explore 1,2");  // 2♦
    play_all(s, "explore 1,3");  // 2♠
    play_all(s, "continue");
    play_all(s, "pick AH");
    play_all(s, "save KH");  // the A♥ save discards K♥: lost to damage too
    EXPECT_EQ(legal(s, "recall mover 3H+4H+5H"), option);
    EXPECT_EQ(s.view(kRunner)["lostToDamage"], Json::array({"QH", "KH"}));
    const Json body = s.to_json();
    EXPECT_EQ(State::from_json(body, game.options()).to_json(), body);
  }
}

// A-G1-49: hearts paid into a Recall are not lost to damage, even special ones (the reproduction
// of tracker issue 32: 10♥ paid for a recalled Seer must not make the Advisor recallable).
TEST(PathfinderRecall, HeartsPaidIntoARecallNeverCountAsUsed_49) {
  const Game game = load({{"recallIncludesDamageDiscards", true}});
  State s = State::from_layout(parse_maze(kFixture), game.options());
  play_all(s, "compass 2H");
  play_all(s, "seer");
  play_all(s, "see 0,0");
  play_all(s, "see 1,0");
  play_all(s, "recall seer 3H+4H+10H");
  play_all(s, "see 2,0");
  play_all(s, "see 3,0");
  EXPECT_EQ(s.decision(), Decision::kMain);
  EXPECT_FALSE(legal(s, "recall advisor 5H+6H+7H"));
  EXPECT_TRUE(legal(s, "recall seer 5H+6H+7H"));
  EXPECT_EQ(s.lost_to_damage(), 0);
}

// A body names the hearts lost to damage among its discards; any other is refused.
TEST(PathfinderRecall, LostToDamageMustBeDiscarded_49) {
  const Game game = load({{"recallIncludesDamageDiscards", true}});
  Json body = position(kFixture, {}, {"AH", "2H", "3H", "4H", "5H"}, nullptr,
                       {{"recallIncludesDamageDiscards", true}})
                  .to_json();
  body["lostToDamage"] = Json::array({"QH"});
  EXPECT_TRUE(legal(State::from_json(body, game.options()), "recall seer 2H+3H+4H"));
  body["lostToDamage"] = Json::array({"5H"});  // still in the hand
  const std::string e =
      error_of([&] { State::from_json(body, game.options()); }, ErrorCode::kBadState);
  EXPECT_NE(e.find("5H was lost to damage but is not among the discards"), std::string::npos) << e;
}

TEST(PathfinderPowers, OnlyInMainWithTheHeartInHand) {
  State s = position(kFixture, {}, {"AH", "2H", "3H"});
  EXPECT_NE(reason(s, "advisor").find("not in the Runner's hand"), std::string::npos);
  const std::string e =
      error_of([&] { (void)s.parse_actions("ask card (1,1) is red"); }, ErrorCode::kParse);
  EXPECT_NE(e.find("Advisor (10H)"), std::string::npos) << e;
}

TEST(PathfinderPowers, JsonRoundTripsMidPower) {
  const Game game = load();
  State s = position(kFixture, {}, kFullHand);
  play_all(s, "ask joker_in halfplane(x < 3.5)");
  play(s, "q card");
  const Json body = s.to_json();
  EXPECT_EQ(State::from_json(body, game.options()).to_json(), body);
  Json bad = body;
  bad["question"] = Json::array({3, 3});
  error_of([&] { State::from_json(bad, game.options()); }, ErrorCode::kBadState);
}

}  // namespace
}  // namespace mw::pathfinder_cards
