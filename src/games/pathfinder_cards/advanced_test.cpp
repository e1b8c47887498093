// The advanced game (G1.4: Magic Rope, Veil and Mirror, the closure build constraint, the advanced
// Pathfinder) and the hexagonal variant; G1.7 scenarios 18-21 are in the test names.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/rng.h"
#include "games/pathfinder_cards/aql.h"
#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using namespace test_support;

const Json kAdvanced = {{"advanced", true}};
const Json kHex = {{"board", "hex"}};

// No diamond path: the gap at (3,2) cuts row 2, and only the Rope (J♦ at (2,2)) crosses it.
const char* kRopeMaze =
    "7D  8D  9D  10D QD  KD  AC  2C  3C\n"
    "4C  5C  6C  7C  8C  9C  10C JC  QC\n"
    "AD  2D  JD  .   3D  4D  5D  6D  JK\n"
    "KC  AS  2S  3S  4S  5S  6S  7S  8S\n"
    "9S  10S JS  QS  KS\n";

// The Rope maze with A♣ next to A♦ (an Ace alteration to come, scenario 18).
const char* kRopeAceMaze =
    "7D  8D  9D  10D QD  KD  4C  2C  3C\n"
    "AC  5C  6C  7C  8C  9C  10C JC  QC\n"
    "AD  2D  JD  .   3D  4D  5D  6D  JK\n"
    "KC  AS  2S  3S  4S  5S  6S  7S  8S\n"
    "9S  10S JS  QS  KS\n";

// Q♦ at (1,3) joins the chain too; (3,3) is empty as well, so (4,4) is diagonal across a gap
// from J♦ (scenario 20).
const char* kVeilMaze =
    "7D  8D  9D  10D AS  KD  AC  2C  3C\n"
    "4C  5C  6C  7C  8C  9C  10C JC  QC\n"
    "AD  2D  JD  .   3D  4D  5D  6D  JK\n"
    "KC  QD  2S  .   4S  5S  6S  7S  8S\n"
    "9S  10S JS  QS  KS  3S\n";

// The 5x8 fixture with K♦ and 10♦ on row 1 next to the chain (scenario 19).
const char* kMirrorMaze =
    "AC  2C  3C  4C  5C  6C  7C  8C\n"
    "9C  10C JC  QC  KC  8D  KD  10D\n"
    "AD  2D  3D  4D  5D  6D  7D  JK\n"
    "AS  2S  3S  4S  5S  6S  7S  8S\n"
    "9S  10S JS  QS  KS  JD  QD  9D\n";

bool explorable(const State& s, const char* c) {
  return (s.layout().explorable(s.layout().active()) >> s.layout().card(cell(c))) & 1;
}

bool active(const State& s, const char* c) {
  return (s.layout().active() >> s.layout().card(cell(c))) & 1;
}

std::vector<std::string> dir_names(const Layout& l, int c) {
  std::vector<std::string> out;
  const std::uint32_t dirs = aql::pathfinder_dirs(l, c);
  for (int d = 0; d < 32; ++d) {
    if ((dirs >> d) & 1) out.push_back(link_label(d, l.topo));
  }
  return out;
}

TEST(PathfinderAdvanced, BuildConstraintIsReachabilityThroughArtifacts) {
  // Basic: refused, no diamond path. Advanced: the Rope reaches the Joker.
  const std::string basic = error_of([] { parse_maze(kRopeMaze); }, ErrorCode::kParse);
  EXPECT_NE(basic.find("no path of edge-adjacent diamonds"), std::string::npos) << basic;
  const Layout l = parse_maze(kRopeMaze, Topology::kSquare, true);
  EXPECT_TRUE(l.valid_maze());
  EXPECT_FALSE(l.has_diamond_path());
  EXPECT_FALSE(l.closure_reaches_joker(0));  // without the Rope: no
  // J♦ walled off from A♦: nothing crosses the gap.
  std::string walled = kRopeMaze;
  walled.replace(walled.find("2D  JD"), 6, "5S  JD");
  walled.replace(walled.find("4S  5S"), 6, "4S  2D");
  const std::string err =
      error_of([&] { parse_maze(walled, Topology::kSquare, true); }, ErrorCode::kParse);
  EXPECT_NE(err.find("even collecting the artifacts"), std::string::npos) << err;
  // A basic maze is an advanced one.
  EXPECT_TRUE(parse_maze(kFixture, Topology::kSquare, true).valid_maze());
}

TEST(PathfinderAdvanced, AnAdvancedMazeIsEnteredCardByCard) {
  const Game game = load(kAdvanced);
  State s = State::initial(game.options());
  const std::vector<Action> order = s.parse_actions(kRopeMaze);
  ASSERT_EQ(order.size(), 40u);
  EXPECT_EQ(order.back() / kCells, kJoker);  // the Joker last
  for (Action a : order) {
    ASSERT_EQ(s.illegal_reason(a), "") << s.action_to_string(a);
    s.apply_legal(a);
  }
  EXPECT_EQ(s.phase(), Phase::kCompass);
  EXPECT_FALSE(s.layout().has_diamond_path());
  // The JSON form loads it too; the basic game refuses it.
  EXPECT_NO_THROW(State::from_json({{"maze", kRopeMaze}}, game.options()));
  EXPECT_THROW(State::from_json({{"maze", kRopeMaze}}, load().options()), Error);
}

TEST(PathfinderAdvanced, RopeSkipsGaps_18) {
  State s = position(kRopeMaze, {"2D", "JD"}, {"AH", "2H", "3H"}, nullptr, kAdvanced);
  EXPECT_TRUE(explorable(s, "4,2"));  // across the empty (3,2)
  EXPECT_EQ(s.view(kRunner)["artifacts"], Json::array({"rope"}));
  play(s, "explore 4,2");  // 3♦: active through the Rope
  EXPECT_TRUE(active(s, "4,2"));
  EXPECT_TRUE(explorable(s, "5,2"));
  // In the basic game the same cards would not reach (4,2).
  Layout basic = s.layout();
  basic.advanced = false;
  EXPECT_FALSE((basic.explorable(basic.active()) >> basic.card(cell("4,2"))) & 1);
}

TEST(PathfinderAdvanced, RopeLostWhenTheAlterationCutsJackOfDiamonds_18) {
  State s = position(kRopeAceMaze, {"2D", "JD", "3D"}, {"AH", "2H", "3H"}, nullptr, kAdvanced);
  EXPECT_TRUE(active(s, "4,2"));
  play(s, "explore 0,1");  // A♣: the Maker's alteration
  ASSERT_EQ(s.decision(), Decision::kAlteration);
  // 2♦ (face up) and the face-down 7♦ change places: the Joker stays reachable eventually
  // (A♦-7♦-J♦-Rope-3♦...), but J♦ is cut off from the active chain.
  play(s, "swap 0,0 1,2");
  EXPECT_TRUE(s.layout().valid_maze());
  EXPECT_FALSE(active(s, "2,2"));
  EXPECT_FALSE(active(s, "4,2"));  // recomputed: the Rope no longer holds it
  EXPECT_FALSE(explorable(s, "5,2"));
  EXPECT_EQ(s.view(kRunner)["artifacts"], Json::array());
  // A swap leaving the Joker unreachable even with the artifacts is refused.
  State t = position(kRopeAceMaze, {"2D", "JD", "3D"}, {"AH", "2H", "3H"}, nullptr, kAdvanced);
  play(t, "explore 0,1");
  EXPECT_NE(reason(t, "swap 2,2 2,1"), "");  // J♦ off the chain: nothing crosses the gap
}

TEST(PathfinderAdvanced, ArtifactPowerStartsAfterItsTrial_38) {
  State s = position(kRopeMaze, {"2D"}, {"AH", "2H", "3H", "4H"}, nullptr, kAdvanced);
  play(s, "explore 2,2");  // J♦: a Jack trial first
  ASSERT_EQ(s.decision(), Decision::kJackPredict);
  EXPECT_TRUE(active(s, "2,2"));
  EXPECT_FALSE(explorable(s, "4,2"));  // the Rope is not usable yet
  EXPECT_EQ(s.view(kRunner)["artifacts"], Json::array());
  // The body round-trips with the trial pending, the Rope still dormant.
  const State back = State::from_json(s.to_json(), load(kAdvanced).options());
  EXPECT_EQ(back.to_json(), s.to_json());
  EXPECT_FALSE(explorable(back, "4,2"));
  play(s, "predict 1,1 C");  // 5♣, guessed right; its encounter does nothing
  ASSERT_EQ(s.decision(), Decision::kMain);
  EXPECT_TRUE(explorable(s, "4,2"));
  EXPECT_EQ(s.view(kRunner)["artifacts"], Json::array({"rope"}));
}

// Scenario 11 in the advanced game: J♦ turned up by the Seer (no effect), joined later with no
// Jack trial, and the Rope is usable at once (A-G1-38).
TEST(PathfinderAdvanced, SeenArtifactJoinedLaterGivesItsPowerWithoutATrial_11) {
  State s = position(kRopeMaze, {}, {"AH", "QH", "2H", "3H"}, nullptr, kAdvanced);
  play(s, "seer");
  play(s, "see 2,2");  // J♦
  play(s, "see 0,0");  // 7♦
  ASSERT_EQ(s.decision(), Decision::kMain);
  EXPECT_FALSE(active(s, "2,2"));
  play(s, "explore 1,2");                    // 2♦ joins J♦ to the chain
  EXPECT_EQ(s.decision(), Decision::kMain);  // no Jack trial
  EXPECT_TRUE(active(s, "2,2"));
  EXPECT_TRUE(explorable(s, "4,2"));
  EXPECT_EQ(s.view(kRunner)["artifacts"], Json::array({"rope"}));
}

TEST(PathfinderAdvanced, MirrorWrapsAroundTheEdge_19) {
  State s = position(kMirrorMaze, {"2D", "3D", "4D", "5D", "6D", "8D", "KD", "10D"},
                     {"AH", "2H", "3H"}, nullptr, kAdvanced);
  EXPECT_TRUE(explorable(s, "0,1"));  // east of (7,1) nothing: wrap to the row's far end
  EXPECT_EQ(s.view(kRunner)["artifacts"], Json::array({"mirror"}));
  // The Pathfinder reports both kinds of edge toward the Joker (A-G1-44).
  const auto dirs = dir_names(s.layout(), cell("0,2"));
  EXPECT_NE(std::find(dirs.begin(), dirs.end(), "E"), dirs.end());
  EXPECT_NE(std::find(dirs.begin(), dirs.end(), "W+wrap"), dirs.end());
  // The edge behind it: (7,1) E+wrap (0,1), only with the Mirror enabled.
  const auto wraps_to_0_1 = [&](std::uint64_t arts) {
    Lines lines;
    s.layout().fill_lines(lines);
    std::array<Link, kMaxLinks> out{};
    const int n = s.layout().links(cell("7,1"), arts, &lines, out);
    for (int i = 0; i < n; ++i) {
      if (out[i].cell == cell("0,1") && link_label(out[i].label, Topology::kSquare) == "E+wrap") {
        return true;
      }
    }
    return false;
  };
  EXPECT_TRUE(wraps_to_0_1(std::uint64_t{1} << kMirrorCard));
  EXPECT_FALSE(wraps_to_0_1(std::uint64_t{1} << kRopeCard));
}

TEST(PathfinderAdvanced, VeilDoesNotCombineWithTheRope_20) {
  State s = position(kVeilMaze, {"2D", "JD", "QD"}, {"AH", "2H", "3H"}, nullptr, kAdvanced);
  EXPECT_EQ(s.view(kRunner)["artifacts"], Json::array({"rope", "veil"}));
  EXPECT_TRUE(explorable(s, "3,1"));   // Veil: diagonal to J♦
  EXPECT_TRUE(explorable(s, "4,2"));   // Rope: across (3,2)
  EXPECT_FALSE(explorable(s, "4,4"));  // diagonal across the gap (3,3): no
  EXPECT_FALSE(explorable(s, "4,3"));
}

TEST(PathfinderAdvanced, PathfinderPointsToTheNextNecessaryArtifact_35) {
  // Only A♦ and 2♦ face up: no path to the Joker with the edges enabled now (J♦ is not active),
  // so the Pathfinder points to J♦, the one necessary artifact.
  const Layout l = [] {
    State s = position(kRopeMaze, {"2D"}, {"AH"}, nullptr, kAdvanced);
    return s.layout();
  }();
  EXPECT_EQ(dir_names(l, cell("1,2")), std::vector<std::string>{"E"});
  EXPECT_EQ(dir_names(l, cell("0,2")), std::vector<std::string>{"E"});
  // Once J♦ is active the Rope is an enabled edge type: the direction is "E+rope".
  State s = position(kRopeMaze, {"2D", "JD"}, {"AH"}, nullptr, kAdvanced);
  EXPECT_EQ(dir_names(s.layout(), cell("2,2")), std::vector<std::string>{"E+rope"});
  // The Runner's view names the labels.
  State p = position(kRopeMaze, {"2D", "JD"}, {"AH", "JH", "2H"}, nullptr, kAdvanced);
  play(p, "pathfinder");
  play(p, "stand 2,2");
  EXPECT_EQ(p.view(kRunner)["answers"][0]["directions"], Json::array({"E+rope"}));
}

TEST(PathfinderAdvanced, ResampleKeepsTheAdvancedConstraint) {
  const Game game = load(kAdvanced);
  State s = position(kRopeMaze, {"2D", "JD"}, {"AH", "2H", "3H"}, nullptr, kAdvanced);
  Rng rng(5);
  int moved = 0;
  for (int i = 0; i < 30; ++i) {
    const State w = s.resample(kRunner, rng);
    EXPECT_TRUE(w.layout().valid_maze());
    EXPECT_EQ(w.view(kRunner), s.view(kRunner));
    EXPECT_EQ(w.information_state_key(kRunner), s.information_state_key(kRunner));
    moved += w.layout().cell_of(kJoker) != s.layout().cell_of(kJoker);
  }
  EXPECT_GT(moved, 5);
}

// Random play that explores rather than spending hearts on recalls, so games go deep and the
// artifacts come into play; every few nodes the body round-trips and resample(Runner) keeps her
// view, her key and a valid maze.
TEST(PathfinderAdvanced, DeepRandomGamesKeepTheContract) {
  int artifact_nodes = 0;
  for (const Json& options : {kAdvanced, Json{{"advanced", true}, {"board", "hex"}}}) {
    const Game game = load(options);
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      Rng rng(seed);
      State s = State::from_json({{"maze", kVeilMaze}}, game.options());
      ActionList legal;
      for (int n = 0; n < 3000 && !s.is_terminal(); ++n) {
        if (s.current_player() == kChancePlayer) {
          s.apply_legal(s.sample_chance(rng));
          continue;
        }
        s.legal_actions(legal);
        ASSERT_FALSE(legal.empty());
        ActionList plain;
        for (Action a : legal) {
          if (a < kUsePowerBase || a >= kUsePowerBase + 4) {
            if (a < kRecallBase) plain.push_back(a);
          }
        }
        const ActionList& pick = plain.empty() ? legal : plain;
        s.apply_legal(pick[rng.below(pick.size())]);
        ASSERT_TRUE(s.layout().valid_maze()) << options.dump() << " seed " << seed;
        artifact_nodes += s.layout().enabled(s.layout().active()) != 0;
        if (n % 7 != 0 || s.is_terminal()) continue;
        const State back = State::from_json(s.to_json(), game.options());
        ASSERT_EQ(back.to_json(), s.to_json());
        ASSERT_EQ(back.view(kRunner), s.view(kRunner));
        const State w = s.resample(kRunner, rng);
        ASSERT_TRUE(w.layout().valid_maze());
        ASSERT_EQ(w.view(kRunner), s.view(kRunner)) << options.dump() << " seed " << seed;
        ASSERT_EQ(w.information_state_key(kRunner), s.information_state_key(kRunner));
      }
      EXPECT_TRUE(s.is_terminal()) << options.dump() << " seed " << seed;
    }
  }
  EXPECT_GT(artifact_nodes, 20);  // the artifacts were really in use
}

// ---- The hexagonal variant --------------------------------------------------------------------

TEST(PathfinderHex, TenCountsSixNeighbours_21) {
  State s = position(kFixture, {"2D"}, {"AH", "2H", "3H"}, nullptr, kHex);
  // Hex neighbours of 2♦ (1,2): (2,2) (2,1) (1,1) (0,2) (0,3) (1,3).
  EXPECT_TRUE(explorable(s, "2,1"));
  EXPECT_TRUE(explorable(s, "0,3"));
  EXPECT_FALSE(explorable(s, "2,3"));  // not a hex neighbour
  play(s, "explore 1,1");              // 10♣: the Runner counts
  ASSERT_EQ(s.decision(), Decision::kCountGuess);
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal.size(), 21u);  // 3 suits x 0..6
  EXPECT_EQ(reason(s, "count C 7").empty(), false);
  // Around (1,1): JC 3C 2C 9C and AD 2D: four clubs.
  EXPECT_EQ(s.layout().count_in_area(cell("1,1"), kClubs), 4);
  play(s, "count C 4");
  EXPECT_EQ(s.decision(), Decision::kMain);  // no damage
}

TEST(PathfinderHex, VeilReachesTheSixHexDiagonals_21) {
  const Layout l = parse_maze(kFixture, Topology::kHex, true);
  std::array<Link, kMaxLinks> out{};
  const int n = l.links(cell("3,2"), std::uint64_t{1} << kVeilCard, nullptr, out);
  std::vector<std::string> veil;
  for (int i = 0; i < n; ++i) {
    if (out[i].label / 8 == kVeilLink) {
      veil.push_back(cell_name(out[i].cell) + " " + link_label(out[i].label, Topology::kHex));
    }
  }
  EXPECT_EQ(veil, (std::vector<std::string>{"5,1 ENE", "4,0 N", "2,1 WNW", "1,3 WSW", "2,4 S",
                                            "4,3 ESE"}));
  // Steps are the six hex neighbours; the Rope and the Mirror follow the three hex axes.
  const int steps = l.links(cell("3,2"), 0, nullptr, out);
  EXPECT_EQ(steps, 6);
}

TEST(PathfinderHex, RopeAndMirrorFollowTheThreeAxes) {
  // A hex maze whose NE-SW axis through (2,2) has a gap at (3,1): the Rope jumps it to (4,0).
  Layout l = parse_maze(kFixture, Topology::kHex, true);
  l.move(cell("3,1"), cell("8,0"));  // QC to the east end of row 0
  Lines lines;
  l.fill_lines(lines);
  std::array<Link, kMaxLinks> out{};
  const int n = l.links(cell("2,2"), std::uint64_t{1} << kRopeCard, &lines, out);
  std::vector<std::string> rope;
  for (int i = 0; i < n; ++i) {
    if (out[i].label / 8 == kRopeLink) {
      rope.push_back(cell_name(out[i].cell) + " " + link_label(out[i].label, Topology::kHex));
    }
  }
  EXPECT_EQ(rope, std::vector<std::string>{"4,0 NE+rope"});
  // Mirror: from (7,2) east nothing lies beyond; the wrap goes to the row's west end (0,2).
  const int m = l.links(cell("7,2"), std::uint64_t{1} << kMirrorCard, &lines, out);
  bool wrap_w = false;
  for (int i = 0; i < m; ++i) {
    wrap_w |= out[i].label / 8 == kWrapLink && cell_name(out[i].cell) == "0,2" &&
              link_label(out[i].label, Topology::kHex) == "E+wrap";
  }
  EXPECT_TRUE(wrap_w);
}

TEST(PathfinderHex, TextFormDrawsShearedAndReadsBack) {
  const Game game = load(kHex);
  const State s = State::from_json({{"maze", kFixture}}, game.options());
  const std::string drawn = draw_maze(s.layout());
  EXPECT_EQ(drawn.rfind("AC", 0), 0u);                   // row 0 starts at the margin
  EXPECT_NE(drawn.find("\n    AD"), std::string::npos);  // row 2 is indented 4
  const Layout back = parse_maze(drawn, Topology::kHex, false);
  for (int id = 0; id < kNumCards; ++id) EXPECT_EQ(back.cell_of(id), s.layout().cell_of(id));
  EXPECT_EQ(s.view(kRunner)["board"], "hex");
}

}  // namespace
}  // namespace mw::pathfinder_cards
