// Match play (G1.3.7): the seats alternate roles game by game and the higher total of the
// Runner's scores wins the match.
#include <gtest/gtest.h>

#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using namespace test_support;

const Json kMatch2 = {{"matchGames", "2"}};

// The maze from its text, by whichever seat makes it now.
void build_fixture(State& s) {
  for (Action a : s.parse_actions(kFixture)) {
    ASSERT_EQ(s.illegal_reason(a), "");
    s.apply_legal(a);
  }
}

void run_row_two(State& s, int last_x) {
  for (int x = 1; x <= last_x; ++x) play(s, "explore " + std::to_string(x) + ",2");
}

// A two-game match in its first game (the fixture, made by seat 0), the Runner one step from the
// Joker at (7,2).
State one_step_from_first_win(const Game& game) {
  State s = State::initial(game.options());
  build_fixture(s);
  play(s, "compass 2H");
  run_row_two(s, 6);
  return s;
}

TEST(PathfinderMatch, SeatsAlternateRolesAndTotalsDecide) {
  const Game game = load(kMatch2);
  State s = State::initial(game.options());
  EXPECT_EQ(s.current_player(), 0);  // seat 0 makes the first maze
  const Json v0 = s.view(0);
  EXPECT_EQ(v0["seats"], Json::array({"Player 1", "Player 2"}));
  EXPECT_EQ(v0["match"]["maker"], "Player 1");
  build_fixture(s);
  EXPECT_EQ(s.current_player(), 1);  // seat 1 runs
  play(s, "compass 2H");
  run_row_two(s, 7);  // the Joker at (7,2): she wins with 12 hearts and the Compass on the table
  ASSERT_FALSE(s.is_terminal());
  EXPECT_EQ(s.game_index(), 1);
  EXPECT_EQ(s.game_score(0), 18);  // 5 + 12 + the Compass (G1.3.7 defaults)
  EXPECT_EQ(s.game_winner(0), kRunner);
  EXPECT_EQ(s.phase(), Phase::kBuild);
  EXPECT_EQ(s.current_player(), 1);  // roles swapped: seat 1 makes the second maze
  EXPECT_EQ(s.role_of(0), kRunner);
  EXPECT_EQ(s.view(0)["match"]["totals"], Json::array({0, 18}));
  EXPECT_EQ(s.view(0).count("placed"), 1u);  // seat 0 is now the one out of the room
  EXPECT_EQ(s.view(1).count("cards"), 1u);
  // The body round-trips mid-match.
  EXPECT_EQ(State::from_json(s.to_json(), game.options()).to_json(), s.to_json());
  build_fixture(s);
  EXPECT_EQ(s.current_player(), 0);
  play(s, "compass 7H");
  run_row_two(s, 6);  // 7♦ active: the Compass turns the Joker up next to it
  play(s, "use-compass");
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.score(), 17);  // 5 + 12: the Compass was used
  EXPECT_EQ(s.totals(), (std::array<int, 2>{17, 18}));
  EXPECT_EQ(s.returns(), (std::vector<double>{-1.0, 1.0}));  // seat 1 has the higher total
  EXPECT_EQ(s.view(kSpectator)["winner"], "Player 1");       // of the last game
}

// A finished game's maze joins every seat's view (JSON and terminal) once that game is over: the
// whole maze, who made and ran it, the Runner's score. The maze under way never shows there.
TEST(PathfinderMatch, FinishedGamesMazesJoinEverySeatsView) {
  const Game game = load(kMatch2);
  State s = one_step_from_first_win(game);
  for (Player p : {0, 1, kSpectator}) EXPECT_EQ(s.view(p)["match"]["earlier"], Json::array());
  play(s, "explore 7,2");  // the Joker: game 1 is over, game 2 starts
  ASSERT_EQ(s.game_index(), 1);
  const std::string drawing = draw_maze(parse_maze(kFixture));
  for (Player p : {0, 1, kSpectator, kOmniscient}) {
    const Json earlier = s.view(p)["match"]["earlier"];
    ASSERT_EQ(earlier.size(), 1u) << p;
    EXPECT_EQ(earlier[0]["game"], 1);
    EXPECT_EQ(earlier[0]["maker"], "Player 1");
    EXPECT_EQ(earlier[0]["runner"], "Player 2");
    EXPECT_EQ(earlier[0]["runnerScore"], 18);
    EXPECT_EQ(earlier[0]["maze"], drawing);
    ASSERT_EQ(earlier[0]["cards"].size(), 40u);
    EXPECT_EQ(earlier[0]["cards"][13], (Json{{"cell", "0,2"}, {"card", "AD"}}));
  }
  const std::string text = game.render(s.view(0), RenderStyle{false, false});
  EXPECT_NE(text.find("game 1: Player 1 made the maze, Player 2 ran it and scored 18"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    AD  2D  3D  4D  5D  6D  7D  JK"), std::string::npos) << text;

  // Seat 1 builds game 2; seat 0, out of the room, sees the same view whatever it builds.
  State a = s;
  State b = s;
  const std::vector<Action> order = placement_order(parse_maze(kFixture));
  for (int i = 0; i < 3; ++i) {
    a.apply_legal(order[static_cast<std::size_t>(i)]);
    b.apply_legal(order[static_cast<std::size_t>(i)] + 2);  // the same cards two cells east
  }
  EXPECT_EQ(a.view(0), b.view(0));
  EXPECT_EQ(a.information_state_key(0), b.information_state_key(0));
  EXPECT_NE(a.view(1), b.view(1));  // the Maker sees his own cards

  // The body keeps the earlier mazes; a damaged one is refused; an old body without them loads
  // with the maze unknown.
  Json body = a.to_json();
  ASSERT_EQ(body["earlierMazes"].size(), 1u);
  EXPECT_EQ(State::from_json(body, game.options()).view(0), a.view(0));
  Json twice = body;
  twice["earlierMazes"][0][1] = twice["earlierMazes"][0][0];
  EXPECT_NE(error_of([&] { State::from_json(twice, game.options()); }, ErrorCode::kBadState)
                .find("placed twice"),
            std::string::npos);
  Json old = body;
  old.erase("earlierMazes");
  const Json unknown = State::from_json(old, game.options()).view(0)["match"]["earlier"][0];
  EXPECT_TRUE(unknown["maze"].is_null());
  EXPECT_EQ(unknown["runnerScore"], 18);
}

TEST(PathfinderMatch, EqualTotalsDrawAndSingleGamesKeepTheirReturns) {
  const Game game = load(kMatch2);
  State s = State::initial(game.options());
  for (int g = 0; g < 2; ++g) {
    build_fixture(s);
    play(s, "compass 2H");
    run_row_two(s, 7);
  }
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.totals(), (std::array<int, 2>{18, 18}));
  EXPECT_EQ(s.returns(), (std::vector<double>{0.0, 0.0}));
  // One game (the default): the game's winner takes it, as before.
  State one = State::initial(load().options());
  build_fixture(one);
  play(one, "compass 2H");
  run_row_two(one, 7);
  EXPECT_EQ(one.returns(), (std::vector<double>{-1.0, 1.0}));
  EXPECT_EQ(one.view(0)["seats"], Json::array({"Maker", "Runner"}));
}

TEST(PathfinderMatch, BadMatchBodiesAreRefused) {
  const Game game = load(kMatch2);
  State s = State::initial(game.options());
  Json body = s.to_json();
  body["game"] = 2;  // a 2-game match has games 0 and 1
  EXPECT_THROW(State::from_json(body, game.options()), Error);
  body["game"] = 1;  // results missing
  EXPECT_THROW(State::from_json(body, game.options()), Error);
  body["results"] = Json::array({3});  // a win scores at least 5
  EXPECT_THROW(State::from_json(body, game.options()), Error);
  body["results"] = Json::array({0});
  const State ok = State::from_json(body, game.options());
  EXPECT_EQ(ok.current_player(), 1);
}

TEST(PathfinderMatch, ResampleAndViewsFollowTheRoles) {
  const Game game = load(kMatch2);
  State s = one_step_from_first_win(game);
  play(s, "explore 7,2");
  build_fixture(s);  // game 2: seat 0 runs
  play(s, "compass 2H");
  Rng rng(3);
  const State w = s.resample(0, rng);  // the Runner's worlds move the hidden cards
  EXPECT_EQ(w.view(0), s.view(0));
  EXPECT_EQ(w.information_state_key(0), s.information_state_key(0));
  EXPECT_EQ(s.resample(1, rng).to_json(), s.to_json());  // the Maker knows everything
  EXPECT_FALSE(s.view(0)["cards"][1].contains("card"));  // face down for her
  EXPECT_TRUE(s.view(1)["cards"][1].contains("card"));
}

// Option roles (G1.2 step 1): random by default (a chance node before the build), or fixed.
TEST(PathfinderRoles, RandomIsAChanceNodeThenTheDrawnSeatMakes) {
  const Game game = load({{"roles", "random"}});
  for (const int maker : {0, 1}) {
    State s = State::initial(game.options());
    EXPECT_EQ(s.current_player(), kChancePlayer);
    const auto outcomes = s.chance_outcomes();
    ASSERT_EQ(outcomes.size(), 2u);
    EXPECT_EQ(outcomes[0].probability, 0.5);
    const Json v = s.view(0);
    EXPECT_EQ(v["seats"], Json::array({"Player 1", "Player 2"}));
    EXPECT_TRUE(v["roles"].is_null());
    EXPECT_EQ(v["decision"], "roles");
    EXPECT_EQ(State::from_json(s.to_json(), game.options()).to_json(), s.to_json());
    const std::string draw = maker == 0 ? "maker P1" : "maker P2";
    EXPECT_EQ(s.action_to_string(s.parse_action("MAKER p" + std::to_string(maker + 1))), draw);
    play(s, draw);
    EXPECT_EQ(s.current_player(), maker);
    EXPECT_EQ(s.role_of(maker), kMaker);
    const Json roles = {{"maker", maker == 0 ? "Player 1" : "Player 2"},
                        {"runner", maker == 0 ? "Player 2" : "Player 1"}};
    EXPECT_EQ(s.view(1 - maker)["roles"], roles);
    EXPECT_NE(s.information_state_key(0), State::initial(game.options()).information_state_key(0));
    build_fixture(s);
    EXPECT_EQ(s.view(1 - maker).count("cards"), 1u);
    EXPECT_EQ(State::from_json(s.to_json(), game.options()).to_json(), s.to_json());
    EXPECT_EQ(s.current_player(), 1 - maker);
    play(s, "compass 2H");
    run_row_two(s, 7);
    ASSERT_TRUE(s.is_terminal());
    EXPECT_EQ(s.returns()[static_cast<std::size_t>(1 - maker)], 1.0);  // the Runner's seat won
    EXPECT_EQ(s.view(kSpectator)["winner"], roles["runner"]);
  }
  EXPECT_THROW(State::initial(game.options()).parse_action("maker P3"), Error);
}

TEST(PathfinderRoles, FixedRolesNameTheSeatsByRole) {
  const Game maker0 = load({{"roles", "seat0Maker"}});
  State a = State::initial(maker0.options());
  EXPECT_EQ(a.current_player(), 0);
  EXPECT_EQ(a.view(0)["seats"], Json::array({"Maker", "Runner"}));
  const Game runner0 = load({{"roles", "seat0Runner"}});
  State b = State::initial(runner0.options());
  EXPECT_EQ(b.current_player(), 1);
  EXPECT_EQ(b.view(0)["seats"], Json::array({"Runner", "Maker"}));
  EXPECT_EQ(b.view(0)["roles"], (Json{{"maker", "Maker"}, {"runner", "Runner"}}));
  EXPECT_EQ(b.view(0).count("placed"), 1u);  // seat 0 runs: out of the room while b builds
  build_fixture(b);
  EXPECT_EQ(b.current_player(), 0);
  play(b, "compass 2H");
  run_row_two(b, 7);
  EXPECT_EQ(b.returns(), (std::vector<double>{1.0, -1.0}));
  // A body must agree with the option; an old body without firstMaker had seat 0 making.
  Json body = b.to_json();
  body["firstMaker"] = 0;
  EXPECT_THROW(State::from_json(body, runner0.options()), Error);
  body.erase("firstMaker");
  EXPECT_EQ(State::from_json(body, runner0.options()).first_maker(), 1);
  EXPECT_EQ(State::from_json(body, load({{"roles", "random"}}).options()).first_maker(), 0);
  body["firstMaker"] = nullptr;
  EXPECT_THROW(State::from_json(body, load({{"roles", "random"}}).options()), Error);
}

// A match under roles=random: the drawn seat makes the first maze, then the roles alternate.
TEST(PathfinderRoles, MatchStartsWithTheDrawnMaker) {
  const Game game = load({{"roles", "random"}, {"matchGames", "2"}});
  State s = State::initial(game.options());
  play(s, "maker P2");
  EXPECT_EQ(s.view(0)["match"]["maker"], "Player 2");
  build_fixture(s);
  play(s, "compass 2H");
  run_row_two(s, 7);
  EXPECT_EQ(s.current_player(), 0);  // game 2: seat 0 makes
  EXPECT_EQ(s.view(0)["match"]["totals"], Json::array({18, 0}));
}

}  // namespace
}  // namespace mw::pathfinder_cards
