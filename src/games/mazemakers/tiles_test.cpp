// The No-Pentominos board (option board=noPentominos; G4.1, G4.2 6'-8', G4.3 B1'/B2', G4.4,
// A-G4-23, G4.7 example 9).
#include <gtest/gtest.h>

#include <bit>
#include <memory>

#include "ai/random_agent.h"
#include "core/match.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

const Json kNp = {{"board", "noPentominos"}};

Json np_options(int players) {
  return {{"board", "noPentominos"}, {"players", players}};
}

int tile_count(const State& s) {
  return std::popcount(static_cast<std::uint64_t>(s.tiles())) +
         std::popcount(static_cast<std::uint64_t>(s.tiles() >> 64));
}

int holes_inside(const State& s) {
  int n = 0;
  for (int pos = 0; pos < kTileSlots; ++pos) {
    n += pos != kStartTile && !s.tile_at(pos) && s.inside_board(pos) ? 1 : 0;
  }
  return n;
}

int tcell(const char* name) {
  return parse_cell(name, BoardKind::kTiles);
}

// The first legal action (setup choices made deterministically).
void play_first(State& s) {
  ActionList legal;
  s.legal_actions(legal);
  s.apply_legal(legal.front());
}

// 2 players, P1 first, Suns/Moons (+Crowns); twelve scripted relocations that push the top row
// of the frame up and open holes; control coins and coins on the first legal choices.
const std::vector<std::string> kRelocations = {
    "tile e5>g3",  "tile i5>i3",  "tile k5>k3",   "tile m5>m3",   "tile e7>e5",   "tile e9>i9",
    "tile e11>e9", "tile e13>c9", "tile g13>c11", "tile i13>o11", "tile k13>o13", "tile g11>o9"};

State np_setup(const Json& options = kNp) {
  State s = fresh(options);
  play(s, "first P1");
  for (int p = 0; p < s.num_players(); ++p) play(s, std::string(kSuitNames[p]));
  if (s.num_players() == 2) play(s, "extra crowns");
  EXPECT_EQ(s.phase(), Phase::kTiles);
  for (const auto& r : kRelocations) play(s, r);
  play(s, "coin i5");  // P2, then P1 (reverse order)
  play(s, "coin e7");
  while (s.phase() == Phase::kCoins) play_first(s);
  while (s.phase() == Phase::kCoinSuits) play(s, "shuffle 1");
  return s;
}

TEST(MazeMakersTiles, BoardOptionDefaultsToPentominoes) {
  EXPECT_EQ(load().options().get_string("board"), "pentomino");
  EXPECT_FALSE(fresh().tiles_board());
  EXPECT_TRUE(fresh(kNp).tiles_board());
}

// G4.7 example 9: 23 grid tiles, START face up at frame (4,4), the centre (2,2) empty; after
// twelve relocations still 24 tiles, and holes inside the bounding box can exceed 1.
TEST(MazeMakersTiles, NoPentominoArithmetic) {
  State s = fresh(kNp);
  EXPECT_EQ(tile_count(s), 23);
  EXPECT_FALSE(s.tile_at(kCentreTile));
  EXPECT_FALSE(s.tile_at(kStartTile));  // START is the face-up tile, not a grid tile
  EXPECT_EQ(holes_inside(s), 1);        // only the centre
  EXPECT_EQ(s.name(tile_corner(kStartTile)), "m13");
  EXPECT_EQ(s.name(tile_corner(kCentreTile)), "i9");
  play(s, "first P2");
  play(s, "moons");
  play(s, "suns");
  play(s, "extra arms");
  for (std::size_t i = 0; i < kRelocations.size(); ++i) {
    ASSERT_EQ(s.phase(), Phase::kTiles);
    EXPECT_EQ(s.current_player(), (1 + static_cast<int>(i)) % 2);  // playing order from P2
    play(s, kRelocations[i]);
  }
  EXPECT_EQ(s.phase(), Phase::kControl);
  EXPECT_EQ(tile_count(s) + 1, 24);
  EXPECT_GT(holes_inside(s), 1);
  EXPECT_EQ(s.current_player(), 0);  // control coins in reverse order: P1 last of P2, P1
}

TEST(MazeMakersTiles, RelocationRules) {
  State s = fresh(kNp);
  play(s, "first P1");
  play(s, "suns");
  play(s, "moons");
  play(s, "extra crowns");
  EXPECT_EQ(reason(s, "tile m13>m11"), "the START tile never moves");
  EXPECT_EQ(reason(s, "tile e5>g5"), "there is already a tile at g5");
  EXPECT_EQ(reason(s, "tile i9>i9"), "there is no grid tile at i9");
  EXPECT_EQ(reason(s, "tile e5>e3"), "a moved tile must be orthogonally next to another tile");
  EXPECT_EQ(reason(s, "tile e5>a1"), "a moved tile must be orthogonally next to another tile");
  EXPECT_EQ(reason(s, "tile e5>g3"), "");   // above g5, outside the 5x5 frame (A-G4-23)
  EXPECT_EQ(reason(s, "tile g7>i9"), "");   // into the centre
  EXPECT_EQ(reason(s, "tile e5>o13"), "");  // next to START only
  EXPECT_NE(reason(s, "F1@a1"), "");
  ActionList legal;
  s.legal_actions(legal);
  for (Action a : legal) EXPECT_EQ(s.illegal_reason(a), "") << s.action_to_string(a);
  EXPECT_TRUE(std::is_sorted(legal.begin(), legal.end()));
}

TEST(MazeMakersTiles, ControlCoinsGoIntoHolesInsideTheBoard) {
  State s = fresh(kNp);
  play(s, "first P1");
  play(s, "suns");
  play(s, "moons");
  play(s, "extra crowns");
  for (const auto& r : kRelocations) play(s, r);
  ASSERT_EQ(s.phase(), Phase::kControl);
  EXPECT_EQ(s.current_player(), 1);  // reverse order
  EXPECT_EQ(reason(s, "coin g5"), "coins go into holes, not on tiles");
  EXPECT_EQ(reason(s, "coin a1"), "control coins go into holes inside the board");
  play(s, "coin i5");  // a hole left by a relocation
  EXPECT_EQ(reason(s, "coin i5"), "that hole already has a coin (one coin per hole at setup)");
  play(s, "coin e7");
  EXPECT_EQ(s.phase(), Phase::kCoins);
  EXPECT_EQ(s.wall_owner(s.hole_slot(tile_of(tcell("i5")))), 1);
  EXPECT_EQ(s.wall_owner(s.hole_slot(tile_of(tcell("e7")))), 0);
  // Board coins go on the squares of grid tiles only (G4.2 8').
  const auto outcomes = s.chance_outcomes();
  EXPECT_EQ(static_cast<int>(outcomes.size()), 23 * 4);
  for (const auto& o : outcomes) {
    EXPECT_TRUE(s.walkable(static_cast<int>(o.action - kCoinCellBase)));
  }
}

// G4.7 example 7 on this board: the first steps are the squares bordering the START tile.
TEST(MazeMakersTiles, StartTouchesTheSquaresAroundItsTile) {
  State s = np_setup();
  ASSERT_EQ(s.phase(), Phase::kWallAction);
  play(s, "pass");
  ActionList legal;
  s.legal_actions(legal);
  std::vector<std::string> steps;
  for (Action a : legal) steps.push_back(s.action_to_string(a));
  // Above START (m12, n12) and to its right (o13, o14) after "tile k13>o13"; the tile to its
  // left (k13) moved away.
  EXPECT_EQ(steps, (std::vector<std::string>{"m12", "n12", "o13", "o14", "stop"}));
  EXPECT_EQ(reason(s, "l13"), "l13 is a hole (a wall)");
  EXPECT_EQ(reason(s, "m11"), "m11 is not orthogonally adjacent to your pawn");
}

TEST(MazeMakersTiles, MovingAWallFillsItsHoleWithAFreeTile) {
  State s = np_setup();
  ASSERT_EQ(s.current_player(), 0);
  const int hole = s.wall_placement(s.hole_slot(tile_of(tcell("e7"))));
  ASSERT_EQ(hole, tile_of(tcell("e7")));
  EXPECT_EQ(s.hand(0), 2);
  // A tile with a board coin on it cannot move; START cannot; P1 holds no coin in i5.
  int coin_tile = -1;
  for (int c = 0; c < kNumCoins && coin_tile < 0; ++c) {
    if (s.coin_cell(c) >= 0) coin_tile = tile_of(s.coin_cell(c));
  }
  ASSERT_GE(coin_tile, 0);
  EXPECT_EQ(reason(s, "fill e7 " + s.name(tile_corner(coin_tile))),
            "a tile with a coin or a pawn on it cannot be moved");
  EXPECT_EQ(reason(s, "fill e7 m13"), "the START tile never moves");
  EXPECT_EQ(reason(s, "fill i5 o13"), "you have no coin in a hole at i5");
  EXPECT_EQ(reason(s, "fill e7 o13"), "");
  const auto path = s.parse_actions("fill e7 o13 m12 m11");  // a whole turn in one text
  ASSERT_EQ(path.size(), 3u);
  EXPECT_EQ(s.action_to_string(path[0]), "fill e7 o13");
  EXPECT_EQ(path[2], kStepBase + tcell("m11"));
  play(s, "fill e7 o13");
  EXPECT_TRUE(s.tile_at(tile_of(tcell("e7"))));
  EXPECT_FALSE(s.tile_at(tile_of(tcell("o13"))));  // a new hole where the tile was
  EXPECT_EQ(s.hole_slot(tile_of(tcell("e7"))), -1);
  EXPECT_EQ(s.hand(0), 3);  // the coin comes back
  EXPECT_EQ(s.phase(), Phase::kMove);
  EXPECT_EQ(tile_count(s), 23);
}

// G4.7 example 5 on this board: a takeover puts m + 1 coins in the hole; the taker must then
// fill it first on its next turn.
TEST(MazeMakersTiles, TakeoverAndForcedFill) {
  State s = np_setup();
  play(s, "coin e11");  // P1 (A) puts a coin into an empty hole inside the board
  play(s, "stop");
  ASSERT_EQ(s.current_player(), 1);
  EXPECT_EQ(reason(s, "coin i5"), "you already control that hole");
  play(s, "coin e11");  // B takes it with two coins
  EXPECT_EQ(s.wall_owner(s.hole_slot(tile_of(tcell("e11")))), 1);
  EXPECT_EQ(s.wall_coins(s.hole_slot(tile_of(tcell("e11")))), 2);
  EXPECT_EQ(s.hand(0), 2);  // A's coin returned (one is still in e7)
  play(s, "stop");
  play(s, "pass");
  play(s, "stop");
  ASSERT_EQ(s.current_player(), 1);
  EXPECT_TRUE(s.forced_wall());
  EXPECT_EQ(reason(s, "pass"), "a hole holding two or more of your coins must be filled");
  EXPECT_EQ(reason(s, "fill i5 o13"), "you must fill the hole at e11 first");
  ActionList legal;
  s.legal_actions(legal);
  for (Action a : legal) EXPECT_EQ(s.action_to_string(a).rfind("fill e11 ", 0), 0u);
  play(s, "fill e11 o13");
  EXPECT_EQ(s.hand(1), 2);  // both coins back; one still in i5
}

TEST(MazeMakersTiles, NotationAndJsonRoundTrip) {
  const Game game = load(kNp);
  Rng rng(7);
  int checked = 0;
  for (int g = 0; g < 6; ++g) {
    State s = State::initial(game.options());
    ActionList legal;
    while (!s.is_terminal()) {
      s.legal_actions(legal);
      for (Action a : legal) {
        const std::string text = s.action_to_string(a);
        ASSERT_EQ(s.parse_action(text), a) << text;
        ++checked;
      }
      ASSERT_EQ(State::from_json(s.to_json(), game.options()).to_json(), s.to_json());
      s.apply_legal(s.current_player() == kChancePlayer ? s.sample_chance(rng)
                                                        : legal[rng.below(legal.size())]);
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_EQ(fresh(kNp).parse_action("TILE E5>G3"), fresh(kNp).parse_action("tile e5 g3"));
  Json body = np_setup().to_json();
  body["tiles"].push_back(kStartTile);
  EXPECT_NE(error_of([&] { State::from_json(body, game.options()); }, ErrorCode::kBadState), "");
}

// Random play to the end with 2, 3 and 4 players and the variant flags, with views, keys and
// resample checked along the way.
TEST(MazeMakersTiles, RandomGamesEndWithEveryPlayerCountAndVariant) {
  const std::vector<Json> variants = {
      Json::object(),
      {{"revival", true}, {"startHealing", true}},
      {{"harshDamage", true}, {"removeDefeatedMonsters", true}, {"tieBreak", "rolloff"}},
      {{"revival", true}, {"harshDamage", true}, {"exactMovement", true}}};
  for (int players = 2; players <= 4; ++players) {
    for (const Json& v : variants) {
      Json options = v;
      options["board"] = "noPentominos";
      options["players"] = players;
      const Game game = load(options);
      Rng rng(static_cast<std::uint64_t>(players * 10 + v.size()));
      for (int g = 0; g < 3; ++g) {
        State s = State::initial(game.options());
        ActionList scratch;
        while (!s.is_terminal()) {
          play_random_actions(s, rng, 1 + static_cast<int>(rng.below(60)), scratch);
          if (s.is_terminal()) break;
          const Player p = static_cast<Player>(rng.below(static_cast<std::uint64_t>(players)));
          const State w = s.resample(p, rng);
          ASSERT_EQ(w.view(p), s.view(p));
          ASSERT_EQ(w.information_state_key(p), s.information_state_key(p));
          ASSERT_EQ(w.view(kSpectator), s.view(kSpectator));
        }
        EXPECT_TRUE(s.is_terminal());
        EXPECT_EQ(static_cast<int>(s.returns().size()), players);
      }
    }
  }
}

TEST(MazeMakersTiles, HeuristicPlaysTheBoardAndBeatsRandom) {
  int wins = 0;
  const int games = 12;
  for (int g = 0; g < games; ++g) {
    const Game game = load(np_options(2));
    const GameEntry& entry = builtin_games().entry("mazemakers");
    std::vector<std::unique_ptr<Agent>> owned;
    std::vector<Agent*> seats;
    const int hero = g % 2;
    for (int p = 0; p < 2; ++p) {
      owned.push_back(p == hero ? entry.agents[0].make(game, Json::object())
                                : std::make_unique<RandomAgent>());
      seats.push_back(owned.back().get());
    }
    const MatchResult r = play_match(game, seats, {static_cast<std::uint64_t>(g), 100000, false});
    wins += r.returns[hero] > 0 ? 1 : 0;
  }
  EXPECT_GE(wins, 8);
}

// The computer plays the board to the end with 3 and 4 players and the variant flags.
TEST(MazeMakersTiles, HeuristicFinishesThreeAndFourPlayerGamesWithVariants) {
  for (int players = 3; players <= 4; ++players) {
    Json options = np_options(players);
    options["revival"] = players == 3;
    options["startHealing"] = true;
    options["harshDamage"] = players == 4;
    const Game game = load(options);
    const GameEntry& entry = builtin_games().entry("mazemakers");
    std::vector<std::unique_ptr<Agent>> owned;
    std::vector<Agent*> seats;
    for (int p = 0; p < players; ++p) {
      owned.push_back(p < 2 ? entry.agents[0].make(game, Json::object())
                            : std::make_unique<RandomAgent>());
      seats.push_back(owned.back().get());
    }
    const MatchResult r =
        play_match(game, seats, {static_cast<std::uint64_t>(players), 100000, false});
    EXPECT_FALSE(r.truncated);
    EXPECT_EQ(static_cast<int>(r.returns.size()), players);
  }
}

TEST(MazeMakersTiles, RenderDrawsHolesAndStart) {
  const State s = np_setup();
  const std::string text = load(kNp).render(s.view(0), RenderStyle{false, false});
  EXPECT_NE(text.find("ST"), std::string::npos);
  EXPECT_NE(text.find("C1"), std::string::npos);  // P1's control coin in a hole
  EXPECT_NE(text.find("## "), std::string::npos);
}

}  // namespace
}  // namespace mw::mazemakers
