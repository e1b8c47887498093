// The rules of G1 and the scenarios of G1.7 (numbers in the test names).
#include <gtest/gtest.h>

#include "games/pathfinder_cards/test_support.h"
#include "support/sanitizer_scale.h"

namespace mw::pathfinder_cards {
namespace {

using namespace test_support;

// Row 2 of the fixture rearranged so that 3♦ and 5♦ sit next to A♦ (scenario 4).
std::string damage_maze() {
  std::string m = kFixture;
  const std::string row = "AD  2D  3D  4D  5D  6D  7D  JK";
  m.replace(m.find(row), row.size(), "AD  3D  5D  2D  4D  6D  7D  JK");
  return m;
}

// The fixture with A♠ and 10♠ exchanged: the 10♠ at (0,3) touches A♦ (scenario 5).
std::string ten_spades_maze() {
  std::string m = kFixture;
  m.replace(m.find("AS  2S"), 6, "10S 2S");
  m.replace(m.find("9S  10S"), 7, "9S  AS ");
  return m;
}

int pending_damage(const State& s) {
  int n = 0;
  const Json v = s.view(kOmniscient);
  for (const Json& p : v["pending"]) n += p["effect"] == "damage";
  return n;
}

TEST(PathfinderRules, OptionDefaultsArePinned) {
  const Game game = builtin_games().load("pathfinder-cards", Json::object());
  const Config c = Config::from_options(game.options());
  EXPECT_FALSE(c.ten_spades_joker_safe);   // A-G1-8
  EXPECT_TRUE(c.predict_joker);            // A-G1-46
  EXPECT_TRUE(c.maker_moves_ad_joker);     // A-G1-17
  EXPECT_TRUE(c.score_ace);                // A-G1-30
  EXPECT_TRUE(c.score_compass);            // A-G1-30
  EXPECT_FALSE(c.mover_spent_on_cancel);   // A-G1-16
  EXPECT_FALSE(c.recall_damage_discards);  // A-G1-23
  EXPECT_EQ(c.king_study_seconds, 30);     // G1.6.2
  EXPECT_FALSE(c.advanced);                // G1.4: the basic game unless asked
  EXPECT_EQ(c.topo, Topology::kSquare);    // G1.4: square board unless asked
  EXPECT_EQ(c.match_games, 1);             // G1.3.7: one game unless a match is asked for
  EXPECT_EQ(c.roles, Roles::kRandom);      // G1.2 step 1: roles drawn at random [R]
  EXPECT_EQ(game.options().to_json().size(), 12u);
}

TEST(PathfinderRules, DeckSplitAndShapes_1) {
  const Layout l = parse_maze(kFixture);
  EXPECT_EQ(l.count, 40);
  EXPECT_TRUE(l.valid_maze());
  // 4 x 10: the fixture's rows re-cut.
  const char* four_by_ten =
      "AD 2D 3D 4D 5D 6D 7D JK 8D 9D\n"
      "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C\n"
      "JC QC KC AS 2S 3S 4S 5S 6S 7S\n"
      "8S 9S 10S JS QS KS 10D JD QD KD\n";
  EXPECT_TRUE(parse_maze(four_by_ten).valid_maze());
  // A U shape: two arms joined by the bottom row.
  const char* u_shape =
      "AD 2C 3C 4C . . . . AC KD\n"
      "2D 5C 6C 7C . . . . 8C QD\n"
      "3D 9C 10C JC . . . . QC JD\n"
      "4D 5D 6D 7D 8D 9D 10D JK KC 2S\n"
      "3S 4S 5S 6S 7S 8S 9S 10S JS QS\n"
      "KS AS . . . . . . . .\n";
  EXPECT_TRUE(parse_maze(u_shape).valid_maze());
  // No diamond path: the Joker walled off by clubs.
  const std::string blocked =
      "AD  2D  3D  AC  4D  5D  6D  JK\n"
      "2C  3C  4C  5C  6C  7C  8C  9C\n"
      "10C JC  QC  KC  7D  8D  9D  10D\n"
      "AS  2S  3S  4S  5S  6S  7S  8S\n"
      "9S  10S JS  QS  KS  JD  QD  KD\n";
  const std::string err = error_of([&] { parse_maze(blocked); }, ErrorCode::kParse);
  EXPECT_NE(err.find("no path of edge-adjacent diamonds"), std::string::npos) << err;
  const std::string heart = error_of([&] { parse_maze("AD 7H\n"); }, ErrorCode::kParse);
  EXPECT_NE(heart.find("hearts are the Runner's hand"), std::string::npos) << heart;
}

TEST(PathfinderRules, SpiralShapeIsValidAndItsDrawingReadsBack_1) {
  // A spiral of 40 cells walked inwards; the diamonds and the Joker follow the walk.
  std::vector<int> walk;
  for (int x = 0; x <= 8; ++x) walk.push_back(make_cell(x, 0));
  for (int y = 1; y <= 6; ++y) walk.push_back(make_cell(8, y));
  for (int x = 7; x >= 0; --x) walk.push_back(make_cell(x, 6));
  for (int y = 5; y >= 2; --y) walk.push_back(make_cell(0, y));
  for (int x = 1; x <= 6; ++x) walk.push_back(make_cell(x, 2));
  for (int y = 3; y <= 4; ++y) walk.push_back(make_cell(6, y));
  for (int x = 5; x >= 2; --x) walk.push_back(make_cell(x, 4));
  walk.push_back(make_cell(2, 3));
  ASSERT_EQ(walk.size(), 40u);
  Layout l;
  int next = 0;
  for (int r = 1; r <= 13; ++r) l.place(card_id(kDiamonds, r), walk[next++]);
  l.place(kJoker, walk[next++]);
  for (int id = 0; id < kJoker; ++id) {
    if (!is_diamond(id)) l.place(id, walk[next++]);
  }
  EXPECT_TRUE(l.valid_maze());
  const Layout back = parse_maze(draw_maze(l));
  EXPECT_EQ(back.pos, l.pos);
}

TEST(PathfinderRules, DisconnectedLayoutIsRejected_1) {
  std::string m = kFixture;
  m += ". . . . . . . . . .\n";
  // Move the K♦ off into a separate island two rows down.
  m.replace(m.find("KD\n"), 3, ".\n");
  m += "KD\n";
  const std::string err = error_of([&] { parse_maze(m); }, ErrorCode::kParse);
  EXPECT_NE(err.find("one piece"), std::string::npos) << err;
}

TEST(PathfinderRules, WholeMazeTextBuildsCardByCard) {
  const Game game = load();
  mw::State s = game.new_initial_state();
  const auto actions = s.parse_actions(kFixture);
  ASSERT_EQ(actions.size(), 40u);
  s.apply_all(actions);
  const auto& st = s.as<State>();
  EXPECT_EQ(st.phase(), Phase::kCompass);
  EXPECT_EQ(st.layout().up, std::uint64_t{1} << kAceOfDiamonds);  // G1.2 step 4
  EXPECT_EQ(st.layout().cell_of(kAceOfDiamonds), cell("0,2"));
  EXPECT_EQ(s.current_player(), kRunner);
  // From JSON as well.
  const State j = State::from_json({{"maze", kFixture}}, game.options());
  EXPECT_EQ(j.to_json(), st.to_json());
}

TEST(PathfinderRules, PlacementsKeepACompletionPossible) {
  const Game game = load();
  State s = State::initial(game.options());
  play(s, "AD@5,5");
  // Wall A♦ in on three sides: the fourth club would close the last way out.
  play(s, "AC@5,4");
  play(s, "2C@4,5");
  play(s, "3C@6,5");
  const std::string why = reason(s, "4C@5,6");
  EXPECT_NE(why.find("no way to complete a diamond path"), std::string::npos) << why;
  EXPECT_TRUE(legal(s, "2D@5,6"));
  EXPECT_TRUE(legal(s, "JK@5,6"));
  EXPECT_NE(reason(s, "4C@9,9").find("does not touch"), std::string::npos);
  EXPECT_NE(reason(s, "AC@7,7").find("already in the maze"), std::string::npos);
}

// Random legal builds always end in valid mazes. legal_build answers most cells from two searches
// once both endpoints are placed (placement_verdicts); each placement it lists or leaves out must
// agree with the one-card check (illegal_reason), for a card of each class on every empty cell
// next to the layout.
TEST(PathfinderRules, RandomBuildsListExactlyTheAcceptedPlacements) {
  for (const Json& options : {Json::object(), Json{{"board", "hex"}}, Json{{"advanced", true}}}) {
    const Game game = load(options);
    for (std::uint64_t seed = 0;
         seed < static_cast<std::uint64_t>(mw::test_support::scaled_for_sanitizers(12)); ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList legal_list;
      while (s.phase() == Phase::kBuild) {
        s.legal_actions(legal_list);
        ASSERT_FALSE(legal_list.empty());
        const Layout& l = s.layout();
        std::vector<int> probes;  // A♦, the Joker, a diamond and another card, if unplaced
        for (int id : {kAceOfDiamonds, kJoker}) {
          if (l.pos[id] < 0) probes.push_back(id);
        }
        for (int id = 0; id < kJoker; ++id) {
          if (l.pos[id] < 0 && id != kAceOfDiamonds && is_diamond(id)) {
            probes.push_back(id);
            break;
          }
        }
        for (int id = 0; id < kJoker; ++id) {
          if (l.pos[id] < 0 && !is_diamond(id)) {
            probes.push_back(id);
            break;
          }
        }
        for (int cell = 0; l.count > 0 && cell < kCells; ++cell) {
          if (l.at[cell] >= 0 || !l.touches_card(cell)) continue;
          for (int id : probes) {
            const Action a = kPlaceBase + Action{id} * kCells + cell;
            const bool listed = std::binary_search(legal_list.begin(), legal_list.end(), a);
            ASSERT_EQ(listed, s.illegal_reason(a).empty())
                << options.dump() << " seed " << seed << ": " << s.action_to_string(a);
          }
        }
        // Endpoints early, so most of the build runs with both placed.
        Action pick = legal_list[rng.below(legal_list.size())];
        for (int id : {kAceOfDiamonds, kJoker}) {
          if (l.pos[id] < 0 && l.count >= 1 && rng.below(4) == 0) {
            for (Action a : legal_list) {
              if (a / kCells == id) pick = a;
            }
          }
        }
        s.apply_legal(pick);
      }
      EXPECT_TRUE(s.layout().valid_maze()) << seed;
    }
  }
}

TEST(PathfinderRules, CompassChoiceIsAnyNonAceHeart) {
  State s = State::from_layout(parse_maze(kFixture), load().options());
  ActionList legal_list;
  s.legal_actions(legal_list);
  EXPECT_EQ(legal_list.size(), 12u);
  EXPECT_FALSE(legal(s, "compass AH"));
  play(s, "compass 10H");  // A-G1-24: a special heart may be the Compass
  EXPECT_EQ(s.compass(), CompassState::kTable);
  EXPECT_FALSE(s.in_hand(10));
  EXPECT_TRUE(legal(s, "withdraw"));  // A-G1-26: at once
}

TEST(PathfinderRules, ExplorationIsEdgeAdjacency_2) {
  State s = position(kFixture, {}, {"AH", "2H", "3H"});
  EXPECT_NE(reason(s, "explore 1,3").find("not a face-down card next to an active"),
            std::string::npos);
  EXPECT_TRUE(legal(s, "explore 1,2"));
  ActionList legal_list;
  s.legal_actions(legal_list);
  EXPECT_EQ(legal_list.size(), 3u);  // (0,1), (1,2), (0,3)
}

TEST(PathfinderRules, InactiveIslandThenJoined_3) {
  State s = position(kFixture, {"3D"}, {"AH", "2H", "3H"});
  EXPECT_FALSE(legal(s, "explore 3,2"));
  EXPECT_FALSE(legal(s, "explore 2,1"));
  play(s, "explore 1,2");  // 2♦ joins 3♦ to the chain
  EXPECT_TRUE((s.layout().active() >> card_id(kDiamonds, 3)) & 1);
  EXPECT_TRUE(legal(s, "explore 3,2"));
  EXPECT_TRUE(legal(s, "explore 2,1"));
}

TEST(PathfinderRules, SpadeDamageAceOfHeartsSave_4) {
  State s = position(damage_maze(), {"3D", "5D"}, {"AH", "3H", "5H"}, "9H");
  play(s, "explore 1,3");  // 2♠
  EXPECT_EQ(s.decision(), Decision::kDamageWindow);
  play(s, "continue");
  ASSERT_EQ(s.current_player(), kChancePlayer);
  const auto outcomes = s.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 3u);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 1.0 / 3);
  play(s, "pick AH");
  EXPECT_EQ(s.decision(), Decision::kSave);
  ActionList saves;
  s.legal_actions(saves);
  ASSERT_EQ(saves.size(), 1u);
  EXPECT_EQ(s.action_to_string(saves[0]), "save 3H+5H");
  EXPECT_FALSE(legal(s, "withdraw"));  // G1.6.4: never between the pick and the save (14a)
  play(s, "save 3H+5H");
  EXPECT_EQ(hand_text(s), "AH");
  EXPECT_FALSE(s.is_terminal());
}

TEST(PathfinderRules, NoSaveMeansTheMakerWins_4) {
  State s = position(damage_maze(), {"3D"}, {"AH", "3H", "5H"}, "9H");
  play(s, "explore 1,3");
  play(s, "continue");
  play(s, "pick AH");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), kMaker);
  EXPECT_EQ(s.returns(), (std::vector<double>{1.0, -1.0}));
}

TEST(PathfinderRules, SpecialHeartSavesAndOrdinaryPickDiscards) {
  State s = position(damage_maze(), {"3D", "5D"}, {"AH", "4H", "QH"});
  play(s, "explore 1,3");
  EXPECT_EQ(s.current_player(), kChancePlayer);  // no Compass on the table: no window
  play(s, "pick AH");
  ActionList saves;
  s.legal_actions(saves);
  ASSERT_EQ(saves.size(), 1u);
  play(s, "save QH");
  EXPECT_EQ(hand_text(s), "AH 4H");
  EXPECT_EQ(s.discards().back(), 12);
}

TEST(PathfinderRules, TenOfSpadesFlipAndMatch_5) {
  State s = position(ten_spades_maze(), {}, {"AH", "4H", "5H", "9H", "KH"}, "7H");
  play(s, "explore 0,3");  // 10♠: damage first
  EXPECT_EQ(s.decision(), Decision::kDamageWindow);
  play(s, "continue");
  play(s, "pick KH");
  EXPECT_EQ(s.decision(), Decision::kTrialWindow);  // W-TRIAL before the flip
  play(s, "continue");
  EXPECT_EQ(s.decision(), Decision::kTenSpadesFlip);
  EXPECT_FALSE(legal(s, "flip 2,2"));  // not around the 10♠
  State nine = s;
  play(nine, "flip 0,4");  // 9♠: 9♥ in hand (and 4 + 5)
  EXPECT_EQ(nine.decision(), Decision::kMain);
  EXPECT_EQ(hand_text(nine), "AH 4H 5H 9H");
  State ace = s;
  play(ace, "flip 1,4");  // A♠ = 14: safe by A♥
  EXPECT_EQ(ace.decision(), Decision::kMain);
  State two = s;
  play(two, "flip 1,3");                           // 2♠ = 2: no heart, no group
  EXPECT_EQ(two.current_player(), kChancePlayer);  // no window after the flip (14b)
  EXPECT_EQ(pending_damage(two), 1);
}

TEST(PathfinderRules, TenOfSpadesValues_5) {
  State s = position(kFixture, {}, {"AH", "4H", "5H", "9H"});
  EXPECT_TRUE(s.hand_matches(9));
  EXPECT_FALSE(s.hand_matches(12));
  EXPECT_TRUE(s.hand_matches(14));
  EXPECT_TRUE(s.hand_matches(13));  // 4 + 9
  EXPECT_FALSE(s.hand_matches(0));  // A-G1-8: the Joker is not matched by default
  State safe = position(kFixture, {}, {"AH", "4H"}, nullptr, {{"tenSpadesJokerZeroIsSafe", true}});
  EXPECT_TRUE(safe.hand_matches(0));
}

TEST(PathfinderRules, TenOfClubsRunnerCounts_6) {
  // 10♣ at (1,1): around it 5 clubs (A 2 3 9 J), 3 diamonds (A 2 3), no spade.
  State s = position(kFixture, {"2D"}, {"AH", "2H", "3H"});
  play(s, "explore 1,1");
  EXPECT_EQ(s.decision(), Decision::kCountGuess);
  ActionList guesses;
  s.legal_actions(guesses);
  EXPECT_EQ(guesses.size(), 27u);  // 3 suits x 0..8
  State right = s;
  play(right, "count C 5");
  EXPECT_EQ(right.decision(), Decision::kMain);
  EXPECT_EQ(right.tens()[kClubs].actual, 5);
  play(s, "count D 2");
  EXPECT_EQ(s.current_player(), kChancePlayer);
  EXPECT_EQ(s.tens()[kClubs].actual, 3);
}

TEST(PathfinderRules, TenOfDiamondsMakerPicksTheSuit_7) {
  // 10♦ at (7,1): around it 7♣ 8♣ 9♦ 7♦ and the Joker (no suit).
  State s = position(kFixture, {"2D", "3D", "4D", "5D", "6D", "7D", "9D"}, {"AH", "2H", "3H"});
  play(s, "explore 7,1");
  EXPECT_EQ(s.current_player(), kMaker);
  play(s, "suit D");
  EXPECT_FALSE(legal(s, "count C 2"));
  play(s, "count D 2");
  EXPECT_EQ(s.decision(), Decision::kMain);
}

TEST(PathfinderRules, JackTrial_8) {
  State base = position(kFixture, {"2D", "3D"}, {"AH", "2H", "3H", "4H"});
  play(base, "explore 2,1");  // J♣
  EXPECT_EQ(base.decision(), Decision::kJackPredict);
  State right = base;
  play(right, "predict 3,2 D");  // 4♦ next to the chain: active, no damage
  EXPECT_EQ(right.decision(), Decision::kMain);
  EXPECT_TRUE((right.layout().active() >> card_id(kDiamonds, 4)) & 1);
  State far = base;
  play(far, "predict 7,3 D");  // 8♠ far away: the wrong guess only
  EXPECT_EQ(pending_damage(far), 1);
  State near = base;
  play(near, "predict 2,3 D");  // 3♠ next to 3♦: wrong guess + spade encounter
  EXPECT_EQ(pending_damage(near), 1);
  play(near, "pick 4H");
  EXPECT_EQ(pending_damage(near), 1);  // the encounter's spade damage follows
}

TEST(PathfinderRules, JackEncounterRunsNestedTrials_8) {
  State s = position(kFixture, {"2D", "3D"}, {"AH", "2H", "3H", "4H"});
  play(s, "explore 2,1");    // J♣
  play(s, "predict 3,1 C");  // Q♣ at (3,1), not next to an active diamond: no encounter
  EXPECT_EQ(s.decision(), Decision::kMain);
  State t = position(kFixture, {"2D", "3D", "4D"}, {"AH", "2H", "3H", "4H"});
  play(t, "explore 2,1");
  play(t, "predict 3,1 C");  // Q♣ now touches 4♦: its Queen trial runs
  EXPECT_EQ(t.decision(), Decision::kQueenPick);
}

TEST(PathfinderRules, QueenTrialRevealsWithoutEffect_9) {
  State s = position(kFixture, {"2D", "3D", "4D"}, {"AH", "2H", "3H"});
  play(s, "explore 3,1");  // Q♣
  EXPECT_EQ(s.current_player(), kMaker);
  State spade = s;
  play(spade, "choose 3,3");  // 4♠ next to 4♦
  play(spade, "predict S");
  EXPECT_EQ(spade.decision(), Decision::kMain);  // no spade damage: "no effect"
  EXPECT_EQ(hand_text(spade), "AH 2H 3H");
  play(s, "choose 4,2");  // 5♦ next to the chain: active (A-G1-12), no encounter
  play(s, "predict D");
  EXPECT_TRUE((s.layout().active() >> card_id(kDiamonds, 5)) & 1);
  EXPECT_EQ(s.decision(), Decision::kMain);
}

TEST(PathfinderRules, KingTrialMemory_10) {
  State s = position(kFixture, {"2D", "3D", "4D", "5D"}, {"AH", "2H", "3H", "4H"});
  play(s, "explore 4,1");  // K♣
  EXPECT_EQ(s.decision(), Decision::kKingFlip);
  EXPECT_EQ(s.view(kRunner)["studySeconds"], 30);  // the client's study phase (G1.6.2)
  EXPECT_FALSE(s.view(kMaker).contains("studySeconds"));
  play(s, "flip 1,2");  // 2♦ face down
  EXPECT_FALSE(s.layout().face_up(card_id(kDiamonds, 2)));
  const Json v = s.view(kRunner);
  EXPECT_TRUE(v.contains("kingBefore"));
  State right = s;
  play(right, "name 1,2 2D");
  EXPECT_EQ(right.decision(), Decision::kMain);
  EXPECT_TRUE(right.layout().face_up(card_id(kDiamonds, 2)));  // restored
  State one = s;
  play(one, "name 1,2 2S");
  EXPECT_EQ(pending_damage(one), 1);
  EXPECT_TRUE(one.layout().face_up(card_id(kDiamonds, 2)));  // A-G1-37: before the damage
  State two = s;
  play(two, "name 2,2 2S");
  EXPECT_EQ(pending_damage(two), 2);
}

TEST(PathfinderRules, AlreadyFaceUpSpecialJoinedLaterHasNoTrial_11) {
  // J♦ moved to (5,3) and face up (as if by a Seer), not yet joined to the chain.
  std::string m = kFixture;
  m.replace(m.find("6S  7S"), 6, "JD  7S");
  m.replace(m.find("KS  JD"), 6, "KS  6S");
  State s = position(m, {"2D", "3D", "4D", "5D", "JD"}, {"AH", "2H", "3H"});
  play(s, "explore 5,2");  // 6♦ joins the face-up J♦ at (5,3)
  EXPECT_TRUE((s.layout().active() >> card_id(kDiamonds, 11)) & 1);
  EXPECT_EQ(s.decision(), Decision::kMain);  // no Jack trial
}

TEST(PathfinderRules, AceAlteration_12) {
  State s = position(kFixture, {"2D", "3D", "4D", "5D", "6D", "7D"}, {"AH", "2H", "3H"}, "7H");
  EXPECT_TRUE(s.compass_usable());
  play(s, "explore 0,3");  // A♠: spade damage first, then the alteration (A-G1-19)
  play(s, "continue");
  play(s, "pick 2H");
  EXPECT_EQ(s.decision(), Decision::kAlteration);
  EXPECT_NE(reason(s, "swap 3,1 3,2").find("diamond path"), std::string::npos);
  EXPECT_TRUE(legal(s, "pass"));
  play(s, "swap 3,2 5,1");  // 4♦ <-> face-down 8♦: the chain is cut after 3♦
  EXPECT_FALSE(s.compass_usable());
  EXPECT_FALSE(legal(s, "use-compass"));
  EXPECT_TRUE(s.layout().valid_maze());
}

TEST(PathfinderRules, CompassRevealsTheJokerAndWins_13) {
  State s = position(kFixture, {"2D", "3D", "4D", "5D", "6D", "7D"}, {"AH", "2H", "3H"}, "7H");
  play(s, "use-compass");
  EXPECT_TRUE(s.is_terminal());  // the Joker is next to the active 7♦ (A-G1-11)
  EXPECT_EQ(s.winner(), kRunner);
  EXPECT_EQ(s.score(), 5 + 3);
}

TEST(PathfinderRules, CompassRevealWithoutWin_13) {
  State s = position(kFixture, {"2D", "3D", "4D", "5D", "6D"}, {"AH", "2H", "3H"}, "6H");
  play(s, "use-compass");
  EXPECT_FALSE(s.is_terminal());
  EXPECT_TRUE(s.layout().face_up(kJoker));
  EXPECT_EQ(s.compass(), CompassState::kUsed);
  play(s, "explore 6,2");  // 7♦ joins the face-up Joker: win
  EXPECT_EQ(s.winner(), kRunner);
}

TEST(PathfinderRules, WithdrawBeforeThePick_14c) {
  State s = position(damage_maze(), {"3D", "5D"}, {"AH", "3H", "5H"}, "9H");
  play(s, "explore 1,3");
  play(s, "withdraw");
  EXPECT_EQ(s.compass(), CompassState::kWithdrawn);
  EXPECT_EQ(s.chance_outcomes().size(), 4u);
  EXPECT_FALSE(legal(s, "withdraw"));
}

TEST(PathfinderRules, JokerWinAndScore_22) {
  State s = position(kFixture, {"2D", "3D", "4D", "5D", "6D", "7D"}, {"AH", "4H", "9H"}, "7H");
  play(s, "explore 7,2");
  EXPECT_EQ(s.winner(), kRunner);
  EXPECT_EQ(s.score(), 9);  // 5 + A♥ 4♥ 9♥ + the Compass on the table
  EXPECT_EQ(s.returns(), (std::vector<double>{-1.0, 1.0}));
  State no_ace = position(kFixture, {"2D", "3D", "4D", "5D", "6D", "7D"}, {"AH", "4H", "9H"}, "7H",
                          {{"scoreCountsAce", false}, {"scoreCountsCompassOnTable", false}});
  play(no_ace, "explore 7,2");
  EXPECT_EQ(no_ace.score(), 7);
}

}  // namespace
}  // namespace mw::pathfinder_cards
