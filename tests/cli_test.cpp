// The `mazeworks` program as a user meets it: commands run with piped input, their output, files
// and exit codes. MAZEWORKS_BINARY is the built program (tests/CMakeLists.txt defines it).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "ai/random_agent.h"
#include "cli/terminal.h"
#include "core/match.h"
#include "core/options.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "support/scratch_dir.h"

namespace mw {
namespace {

namespace fs = std::filesystem;

struct CliRun {
  int code = -1;
  std::string out;
  std::string err;
};

std::string slurp(const fs::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

using test_support::ScratchDir;

// Runs `mazeworks <args>` with `input` on stdin; NO_COLOR keeps escapes out of the output.
CliRun mazeworks(const ScratchDir& dir, const std::string& args, const std::string& input = "") {
  std::ofstream(dir / "stdin.txt") << input;
  const std::string command = fmt::format(
      "NO_COLOR=1 LANG=C '{}' {} < '{}' > '{}' 2> '{}'", MAZEWORKS_BINARY, args,
      (dir / "stdin.txt").string(), (dir / "stdout.txt").string(), (dir / "stderr.txt").string());
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "stdout.txt"),
          slurp(dir / "stderr.txt")};
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Seed 3 deals a board on which Green, to move first, may swap 3H-4C and then step left.
constexpr const char* kPlay = "play treasure-hunt --seed 3 --seat 1=random";

TEST(CliPlay, RefusesAnIllegalMoveWithItsReasonAndPlaysOn) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(dir, kPlay, "up\nfoo\n3H-4C\nmoves\nquit\n");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("'up' is not legal now: first swap two cards"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("'foo' is not Treasure Hunt notation"), std::string::npos);
  // The swap was taken: Green is asked again, now for the step.
  EXPECT_EQ(count(run.out, "Green to move."), 2) << run.out;
  EXPECT_NE(run.out.find("legal moves:\n    up  right  down  left"), std::string::npos);
}

// Games whose seats have no names of their own (P1, P2 in Joker's Labyrinth and MazeMakers) are
// spoken of as the browser does, "Player 1", in the seat list, the prompt and the turn line.
TEST(CliPlay, UnnamedSeatsReadPlayerN) {
  const ScratchDir dir("cli");
  for (const char* game : {"jokers-labyrinth", "mazemakers"}) {
    const CliRun run = mazeworks(
        dir, fmt::format("play {} --seat 0=human --seat 1=random --seed 3", game), "quit\n");
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_NE(run.out.find("Player 1 (seat 0): human"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Player 1 to move."), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("P1 to move."), std::string::npos) << run.out;
  }
}

// A human Maker's first prompt had 64,000 placements, one per line: past 100 moves the prompt
// lists their forms with counts, and `moves all` lists every one.
TEST(CliPlay, ManyLegalMovesAreSummarisedByForm) {
  std::vector<std::string> names;
  for (const char* card : {"AD", "2D"})
    for (int x = 0; x < 60; ++x) names.push_back(fmt::format("{}@{},0", card, x));
  names.push_back("pass");
  const std::string shown = cli::summarise_moves(names);
  EXPECT_EQ(shown,
            "    121 moves, by their first word ('moves all' lists every one):\n"
            "    AD@… ×60  2D@… ×60  pass\n");
  names.resize(5);
  EXPECT_EQ(cli::summarise_moves(names), "    AD@0,0  AD@1,0  AD@2,0  AD@3,0  AD@4,0\n");

  const ScratchDir dir("cli");
  const std::string maker = "play pathfinder-cards --seat 1=random --seed 1";
  const CliRun summary = mazeworks(dir, maker, "moves\nquit\n");
  EXPECT_EQ(summary.code, 0) << summary.err;
  EXPECT_NE(summary.out.find("64000 moves, by their first word"), std::string::npos)
      << summary.out.substr(0, 3000);
  EXPECT_LT(count(summary.out, "\n"), 200);
  const CliRun all = mazeworks(dir, maker, "moves all\nquit\n");
  EXPECT_NE(all.out.find("AD@39,39"), std::string::npos);
}

// A computer's secret move is told as the game's sentence, not as "plays <sentence>".
TEST(CliPlay, ASecretComputerMoveIsToldAsASentence) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(
      dir, "play pathfinder-barriers --seat 0=random --seat 1=human --option firstPlayer=north",
      "quit\n");
  EXPECT_NE(run.out.find("\nNorth finishes the setup (random)\n"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("plays North"), std::string::npos);
  EXPECT_EQ(run.out.find("North (random): North"), std::string::npos);
}

// A computer Maker's 40 secret placements are one line, not forty.
TEST(CliPlay, AComputersSecretMovesInARowAreOneLine) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(
      dir,
      "play pathfinder-cards --seat 0=random --seat 1=human --seed 4 --option roles=seat0Maker",
      "quit\n");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(count(run.out, "Maker places a card"), 1) << run.out;
  EXPECT_NE(run.out.find("Maker places a card (40 of 40) (40 secret moves, random)\n"),
            std::string::npos)
      << run.out;
}

// The Joker's Labyrinth board says what its marks mean.
TEST(CliPlay, TheJokersLabyrinthBoardHasALegend) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(dir, "play jokers-labyrinth --seat 1=random --seed 3", "quit\n");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("legend: # face down"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("the ring outside the Dungeon"), std::string::npos);
}

// The hex board's column numbers come again under its last row, aligned with it (the rows are
// sheared), and the marks on the maze are explained.
TEST(CliPlay, TheHexMazeLabelsItsSlantingColumnsAndHasALegend) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(
      dir, "play pathfinder-cards --seat 0=random --seat 1=random --seed 2 --option board=hex");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("(columns slant)"), std::string::npos);
  EXPECT_NE(run.out.find("legend: ## face down"), std::string::npos);  // LANG=C: ASCII
}

// help tells the forms a game takes beyond one move (a Maker's whole maze).
TEST(CliPlay, HelpTellsTheWholeMazeForm) {
  const ScratchDir dir("cli");
  const CliRun run =
      mazeworks(dir, "play pathfinder-cards --seat 1=random --seed 1", "help\nquit\n");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("also: before the first card the Maker may type the whole maze"),
            std::string::npos)
      << run.out.substr(0, 3000);
}

TEST(CliPlay, HelpTellsTheWholeGridForm) {
  const ScratchDir dir("cli");
  const CliRun run =
      mazeworks(dir, "play pathfinder-barriers --seat 1=random --seed 1", "help\nquit\n");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("also: a whole home grid at once during your set-up"), std::string::npos)
      << run.out.substr(0, 3000);
}

// A 200 KB line is refused without being echoed whole, and typed control bytes (an escape
// sequence that would clear the screen) come back written out, never raw.
TEST(CliPlay, LongLinesAreRefusedAndControlBytesWrittenOut) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(dir, kPlay, std::string(200'000, 'x') + "\n\x1b[2Jfoo\nquit\n");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("(a line is at most 65536 bytes: ignored)"), std::string::npos);
  EXPECT_LT(run.out.size(), 20'000u);
  EXPECT_NE(run.out.find("\\x1b[2Jfoo"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find('\x1b'), std::string::npos);
}

// A hot-seat hand-over (and the end of the King trial's timed look) clears the scrollback too:
// with the screen alone, the previous seat's hidden pawn stayed a scroll away.
TEST(CliPlay, ClearingTheScreenClearsTheScrollback) {
  std::ostringstream tty, pipe;
  cli::clear_screen(tty, /*is_tty=*/true);
  EXPECT_EQ(tty.str(), "\x1b[2J\x1b[3J\x1b[H");
  cli::clear_screen(pipe, /*is_tty=*/false);
  EXPECT_EQ(pipe.str().find('\x1b'), std::string::npos);
}

TEST(CliPlay, EndOfInputQuitsWithAMessage) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(dir, kPlay, "");
  EXPECT_EQ(run.code, 0);
  EXPECT_NE(run.out.find("end of input"), std::string::npos);
}

TEST(CliPlay, SavesARecordThatReplayReads) {
  const ScratchDir dir("cli");
  const std::string file = (dir / "game.json").string();
  const CliRun run = mazeworks(dir, kPlay, fmt::format("3H-4C\nleft\nsave {}\nquit\n", file));
  ASSERT_EQ(run.code, 0) << run.err;
  const Json record = Json::parse(slurp(file));
  EXPECT_EQ(record["game"], "treasure-hunt");
  EXPECT_EQ(record["seed"], 3);
  EXPECT_EQ(record["players"], Json::array({"human", "random"}));
  EXPECT_EQ(record["actions"].size(), 26u + 4u);  // the deal, Green's turn, Purple's turn
  EXPECT_EQ(record["notation"][26], "3H-4C");

  const CliRun shown = mazeworks(dir, "replay " + file);
  EXPECT_EQ(shown.code, 0) << shown.err;
  EXPECT_NE(shown.out.find("action 27: Green plays 3H-4C"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("action 28: Green plays left"), std::string::npos);
  const CliRun stepped = mazeworks(dir, "replay --step --seat 1 " + file, "\n\nb\nq\n");
  EXPECT_EQ(stepped.code, 0) << stepped.err;
  EXPECT_EQ(count(stepped.out, "== step 1/"), 2);  // once forward, once back
}

// The fights of a record, each in the terminal's words (what `play` must have printed).
int fights_in(const GameRecord& record) {
  State s = replay(builtin_games(), record, 0);
  int fights = 0;
  for (const Action a : record.actions) {
    if (!s.outcome_of(a).is_null()) ++fights;
    s.apply(a);
  }
  return fights;
}

// Between a human's turns the board shows only the last fight: the human is told every fight since
// its last move at its prompt, one line each.
TEST(CliPlay, EveryFightSinceTheHumansLastMoveIsOneLine) {
  const ScratchDir dir("cli");
  const std::string file = (dir / "game.json").string();
  // The set-up (the choices not legal are refused), then end every turn; defend with no card.
  std::string input = "jack H\njack S\n";
  for (const char* spot : {"a0", "z1", "g0", "h1", "z7", "a8", "h7", "g8"}) {
    input += fmt::format("spot {}\n", spot);
  }
  for (int turn = 0; turn < 40; ++turn) input += "end\nnocard\nnoreroll\nspot h7\nspot g8\n";
  input += fmt::format("save {}\nquit\n", file);
  const CliRun run = mazeworks(dir, "play jokers-labyrinth --seed 4 --seat 1=random", input);
  ASSERT_EQ(run.code, 0) << run.err;
  const int fights = fights_in(GameRecord::from_json(Json::parse(slurp(file))));
  EXPECT_GE(fights, 2);
  EXPECT_EQ(count(run.out, "\n  Fight: Player "), fights) << run.out;
  EXPECT_NE(run.out.find("since your last move:\n  Fight: Player 2 fought "), std::string::npos);
}

// With computers only, each fight is told as it happens.
TEST(CliPlay, AComputersOnlyGameTellsEachFight) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(
      dir, "play mazemakers --seed 5 --seat 0=random --seat 1=random --option roundLimit=30");
  ASSERT_EQ(run.code, 0) << run.err;
  const Game game = builtin_games().load("mazemakers", {{"roundLimit", 30}});
  RandomAgent a, b;
  MatchConfig config;
  config.seed = 5;
  config.keep_record = true;
  const MatchResult match = play_match(game, {&a, &b}, config);
  const int fights = fights_in(match.record);
  EXPECT_GE(fights, 1);
  EXPECT_EQ(count(run.out, "\n  Combat: P"), fights);
}

TEST(CliPlay, UndoTakesBackToTheHumansPreviousDecision) {
  const ScratchDir dir("cli");
  const std::string file = (dir / "game.json").string();
  const CliRun run =
      mazeworks(dir, kPlay, fmt::format("3H-4C\nleft\nundo\nundo\nsave {}\nquit\n", file));
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(count(run.out, "taken back"), 2);
  EXPECT_EQ(Json::parse(slurp(file))["actions"].size(), 26u);  // only the deal is left
}

TEST(CliPlay, LoadContinuesASavedGame) {
  const ScratchDir dir("cli");
  const std::string file = (dir / "game.json").string();
  ASSERT_EQ(mazeworks(dir, kPlay, fmt::format("3H-4C\nsave {}\nquit\n", file)).code, 0);
  const CliRun run =
      mazeworks(dir, "play treasure-hunt --seed 99 --seat 1=random",
                fmt::format("load {}\nload {}/missing.json\nquit\n", file, dir.path().string()));
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("loaded"), std::string::npos);
  EXPECT_NE(run.out.find("legal moves:\n    up  right  down  left"), std::string::npos);
  EXPECT_NE(run.out.find("cannot read"), std::string::npos);  // reported, and play goes on
}

TEST(CliPlay, HotSeatHidesOneHumansViewFromTheNext) {
  const ScratchDir dir("cli");
  const CliRun run =
      mazeworks(dir, "play treasure-hunt --seed 3 --seat 1=human", "3H-4C\nleft\n\nquit\n");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("pass the device to Purple"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Purple to move."), std::string::npos);
}

TEST(CliPlay, ComputerOnlyGameIsPlayMatchs) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(dir, "play treasure-hunt --seed 5 --seat 0=random --seat 1=random");
  ASSERT_EQ(run.code, 0) << run.err;
  const Game game = builtin_games().load("treasure-hunt");
  RandomAgent a, b;
  MatchConfig config;
  config.seed = 5;
  const MatchResult match = play_match(game, {&a, &b}, config);
  const std::string expected =
      "result: " + cli::format_returns(match.returns, {"Green", "Purple"}) + "\n";
  EXPECT_NE(run.out.find(expected), std::string::npos) << expected;
  EXPECT_EQ(count(run.out, " (random) plays "), match.decisions);
}

// The end of a game is told in its own words: the score and what decided it, not returns.
TEST(CliPlay, TheEndIsToldInTheGamesOwnWords) {
  const ScratchDir dir("cli");
  const std::vector<std::pair<std::string, std::string>> ends = {
      {"treasure-hunt",
       R"(game over: (Green|Purple) wins \d+–\d+ points: the King of Diamonds was scored)"},
      {"treasure-hunt --option turnLimit=6",
       R"(game over: ((Green|Purple) wins \d+–\d+|a draw, \d+–\d+) points: the turn limit of 6 )"
       R"(was reached)"},
      {"pathfinder-barriers",
       R"(game over: (North|South) found (North|South)'s pawn in \d+ turns? and wins; )"
       R"((North|South) searched for \d+ turns?)"},
      {"pathfinder-cards --option roles=seat0Maker",
       R"(game over: (Maker wins: the Runner (lost her soul|cannot go on) \(.+\) and scores 0|)"
       R"(Runner reaches the Joker and wins, scoring \d+))"},
      {"pathfinder-cards",
       R"(game over: Player [12] \((Maker\) wins: the Runner (lost her soul|cannot go on)|)"
       R"(Runner\) reaches the Joker and wins, scoring \d+))"},
      {"jokers-labyrinth --option roundLimit=3",
       R"(game over: (Player [12] holds both Jokers and wins|a draw: round limit 3 reached, )"
       R"(Jokers \d–\d))"},
      {"mazemakers --option roundLimit=5",
       R"(game over: (Player [12] wins: left the maze by START with three artifacts and \d )"
       R"(health|Player 1 and Player 2 share the win|a draw: (nobody is left alive|the round )"
       R"(limit of 5 was reached with nobody out) \(artifacts \d–\d\)))"},
  };
  for (const auto& [game, pattern] : ends) {
    const CliRun run =
        mazeworks(dir, fmt::format("play {} --seed 5 --seat 0=random --seat 1=random", game));
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_TRUE(std::regex_search(run.out, std::regex(pattern)))
        << game << ":\n"
        << run.out.substr(run.out.size() - std::min<std::size_t>(run.out.size(), 400));
  }
}

// `help rules` tells a new player how to play, in plain words.
TEST(CliPlay, HelpRulesTellsHowToPlay) {
  const ScratchDir dir("cli");
  for (const char* game : {"treasure-hunt", "pathfinder-barriers", "pathfinder-cards",
                           "jokers-labyrinth", "mazemakers"}) {
    const CliRun run =
        mazeworks(dir, fmt::format("play {} --seed 1 --seat 1=random", game), "help rules\nquit\n");
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_TRUE(std::regex_search(run.out, std::regex("Goal:|Two roles:"))) << game << run.out;
    EXPECT_FALSE(std::regex_search(run.out, std::regex(R"(A-G\d+-\d+)"))) << game;
  }
}

// One name per seat: the boards' player lines, the turn line, the last fight or combat and the end
// say "Player 1", as the prompt does; only a cell of the board keeps the short [P1] of a Jack.
TEST(CliPlay, TheBoardsNameEachSeatAsThePromptDoes) {
  const ScratchDir dir("cli");
  const CliRun jokers = mazeworks(
      dir, "play jokers-labyrinth --seed 5 --seat 0=random --seat 1=random --option roundLimit=3");
  ASSERT_EQ(jokers.code, 0) << jokers.err;
  EXPECT_NE(jokers.out.find("| turn of Player 1 |"), std::string::npos) << jokers.out;
  EXPECT_NE(jokers.out.find("\n  Player 2 Jack "), std::string::npos);
  EXPECT_NE(jokers.out.find("[P1] Player 1's Jack"), std::string::npos);
  EXPECT_FALSE(std::regex_search(jokers.out, std::regex(R"(turn of P\d|\n  P\d Jack|P\d holds)")));
  const CliRun maze = mazeworks(
      dir, "play mazemakers --seed 5 --seat 0=random --seat 1=random --option roundLimit=5");
  ASSERT_EQ(maze.code, 0) << maze.err;
  EXPECT_NE(maze.out.find("to act: Player "), std::string::npos) << maze.out;
  EXPECT_NE(maze.out.find("\nPlayer 1 "), std::string::npos);
  EXPECT_FALSE(
      std::regex_search(maze.out, std::regex(R"(to act: P\d|\nP\d |Winners: P\d|P\d \(die)")));
}

// Refusals and option help are in plain words: the rule or ruling behind them is a comment in the
// code and a line of the rules page, never a "(A-G2-9)" shown to the player.
TEST(CliPlay, RefusalsAndOptionsCiteNoRulingIds) {
  const ScratchDir dir("cli");
  const CliRun run =
      mazeworks(dir, "play pathfinder-barriers --seat 0=human --seat 1=random --seed 2",
                "done\npawn A-1\nbar A-1|B-1\nbar A-1|A-2\nbar |A-1\nquit\n");
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("'done' is not legal now: first place your short pawn on a square of your "
                         "home grid\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(
      run.out.find("'bar |A-1' is not legal now: a chip in |A-1 would cut every route from an "
                   "open entry slot to your pawn on A-1\n"),
      std::string::npos)
      << run.out;
  // MazeMakers' refusal of an overlapping wall (A-G4-13 in the code, not on the screen).
  const CliRun maze = mazeworks(dir, "play mazemakers --seat 0=human --seat 1=random --seed 3",
                                "suns\nI1@a1\nL1@a1\nquit\n");
  ASSERT_EQ(maze.code, 0) << maze.err;
  EXPECT_NE(maze.out.find("'L1@a1' is not legal now: walls may not overlap\n"), std::string::npos)
      << maze.out;
  for (const std::string& out : {run.out, maze.out}) {
    EXPECT_FALSE(std::regex_search(out, std::regex(R"(A-G\d|\(G\d)"))) << out;
  }
  const CliRun games = mazeworks(dir, "games");
  ASSERT_EQ(games.code, 0) << games.err;
  EXPECT_FALSE(std::regex_search(games.out, std::regex(R"(A-G\d+-\d+|seat 0 or seat 1)")))
      << games.out;
}

// The browser's table of option labels (web/src/app/option-words.ts) is checked against
// web/src/app/fixtures/game-options.json; this keeps that list the engine's: a new option or
// choice fails here until the list, and then the web's unit test until its label, are written.
TEST(CliGames, TheWebAppsListOfOptionsIsTheEngines) {
  const char* root = std::getenv("MAZEWORKS_SOURCE_DIR");
  ASSERT_NE(root, nullptr) << "MAZEWORKS_SOURCE_DIR is not set (ctest sets it)";
  const std::string text = slurp(fs::path(root) / "web/src/app/fixtures/game-options.json");
  ASSERT_FALSE(text.empty()) << "web/src/app/fixtures/game-options.json not found";
  Json engine = Json::object();
  for (const GameEntry* e : builtin_games().entries()) {
    Json options = Json::array();
    for (const OptionSpec& o : e->info.options) {
      Json j = {{"name", o.name}, {"type", o.to_json()["type"]}};
      if (o.type == OptionType::kChoice) j["choices"] = o.choices;
      options.push_back(std::move(j));
    }
    engine[e->info.id] = std::move(options);
  }
  EXPECT_EQ(Json::parse(text), engine)
      << "regenerate the list: build/mazeworks games --json | node -e \"let s='';"
         "process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.stringify(Object."
         "fromEntries(JSON.parse(s).map(g=>[g.id,g.options.map(({name,type,choices})=>({name,"
         "type,choices}))])),null,1)))\" > web/src/app/fixtures/game-options.json\nengine: "
      << engine.dump();
}

Json selfplay_json(const ScratchDir& dir, int threads) {
  const CliRun run = mazeworks(
      dir, fmt::format("selfplay treasure-hunt --agents random,random --games 200 --seed 11 "
                       "--json --threads {}",
                       threads));
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_TRUE(run.err.empty()) << "no progress bar when stderr is not a terminal";
  Json j = Json::parse(run.out);
  EXPECT_EQ(j["threads"], threads);
  for (const char* key : {"threads", "seconds", "games_per_sec", "actions_per_sec"}) {
    EXPECT_TRUE(j.contains(key)) << key;
    j.erase(key);
  }
  return j;
}

TEST(CliSelfplay, JsonIsTheSameWhateverTheThreads) {
  const ScratchDir dir("cli");
  const Json one = selfplay_json(dir, 1);
  for (const char* key : {"game", "options", "games", "seed", "agents", "wins", "draws",
                          "truncated", "mean_actions", "mean_chance_actions"}) {
    EXPECT_TRUE(one.contains(key)) << key;
  }
  EXPECT_EQ(one["games"], 200);
  EXPECT_EQ(one, selfplay_json(dir, 2));
}

TEST(CliSelfplay, TableShowsWinRatesWithIntervals) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(dir, "selfplay treasure-hunt --agents random --games 20 --seed 1");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("95% CI"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Purple"), std::string::npos);
}

TEST(CliAgents, ListsTheGamesAgentsAsJson) {
  const ScratchDir dir("cli");
  const CliRun run = mazeworks(dir, "agents treasure-hunt --json");
  ASSERT_EQ(run.code, 0) << run.err;
  const Json j = Json::parse(run.out);
  EXPECT_EQ(j["game"], "treasure-hunt");
  EXPECT_EQ(j["agents"][0]["name"], "random");
}

struct BadCall {
  const char* args;
  const char* message;
};

TEST(CliErrors, BadArgumentsExitTwoWithAMessage) {
  const ScratchDir dir("cli");
  const BadCall calls[] = {
      {"play no-such-game", "unknown game 'no-such-game'; known: "},
      {"selfplay treasure-hunt --players 3", "unknown option 'players'"},
      {"play treasure-hunt --option deck=foo", "option 'deck' expects one of"},
      {"selfplay treasure-hunt --option nope=1", "unknown option 'nope'"},
      {"play treasure-hunt --seat 7=random", "--seat expects SEAT=human"},
      {"play treasure-hunt --seat 1=nobody", "unknown agent 'nobody'"},
      {"selfplay treasure-hunt --agents random,random,random", "--agents names 3 agents"},
      {"selfplay treasure-hunt --games -1", "--games"},
      {"replay /no/such/record.json", "cannot read '/no/such/record.json'"},
      {"play", "game is required"},
      {"frobnicate", "unknown command 'frobnicate'; commands: games, agents"},
      {"selfplay treasure-hunt --seed abc", "a seed is a whole number"},
      {"selfplay treasure-hunt --seed -1", "a seed is a whole number"},
      {"selfplay treasure-hunt --seed 99999999999999999999999", "a seed is a whole number"},
      {"play treasure-hunt --seed 1x", "a seed is a whole number"},
      {"selfplay mazemakers --players 3 --option players=4", "option 'players' is given twice"},
      {"selfplay treasure-hunt --option deck=standard --option deck=specialized",
       "option 'deck' is given twice"},
      {"selfplay treasure-hunt --games abc", "--games"},
  };
  for (const auto& call : calls) {
    const CliRun run = mazeworks(dir, call.args);
    EXPECT_EQ(run.code, 2) << call.args;
    EXPECT_NE(run.err.find(call.message), std::string::npos) << call.args << ": " << run.err;
    // Every error says whose it is, CLI11's own included (docs/cli.md).
    EXPECT_EQ(run.err.rfind("mazeworks: ", 0), 0u) << call.args << ": " << run.err;
  }
  // The same option given twice with the same value is no conflict.
  EXPECT_EQ(mazeworks(dir, "selfplay mazemakers --players 3 --option players=3 --games 1").code, 0);
#ifdef MAZEWORKS_HAVE_SERVER
  // serve's commit window is bounded and refused before anything starts (a database that cannot
  // be opened makes a value let through fail here rather than serve for good).
  for (const char* value : {"-1", "100001", "abc"}) {
    const CliRun run = mazeworks(
        dir, fmt::format("serve --port 0 --db /dev/null/x.db --commit-window-us {}", value));
    EXPECT_EQ(run.code, 2) << value;
    EXPECT_NE(run.err.find("--commit-window-us"), std::string::npos) << value << ": " << run.err;
    EXPECT_EQ(run.err.rfind("mazeworks: ", 0), 0u) << value << ": " << run.err;
  }
#endif
}

TEST(CliErrors, BadRecordsAreNamed) {
  const ScratchDir dir("cli");
  std::ofstream(dir / "not_json.json") << "nope";
  std::ofstream(dir / "bad_action.json") << R"({"game": "treasure-hunt", "actions": [1]})";
  std::ofstream(dir / "no_actions.json") << R"({"game": "treasure-hunt"})";
  const std::pair<const char*, const char*> cases[] = {
      {"not_json.json", "is not JSON"},
      {"bad_action.json", "action #1 (1) does not apply"},
      {"no_actions.json", "\"actions\" must be an array"},
      {"deep_game.json", "nested deeper than 64 levels"},
      {"deep_start.json", "nested deeper than 64 levels"},
  };
  // 100,000 brackets in a field: refused with a message, never a crashed stack.
  const std::string deep = std::string(100'000, '[') + std::string(100'000, ']');
  std::ofstream(dir / "deep_game.json") << R"({"game": )" << deep << R"(, "actions": []})";
  std::ofstream(dir / "deep_start.json")
      << R"({"game": "treasure-hunt", "start": )" << deep << R"(, "actions": []})";
  for (const auto& [file, message] : cases) {
    const CliRun run = mazeworks(dir, "replay " + (dir / file).string());
    EXPECT_EQ(run.code, 2) << file;
    EXPECT_NE(run.err.find(message), std::string::npos) << file << ": " << run.err;
    EXPECT_EQ(run.err.rfind("mazeworks: ", 0), 0u) << run.err;
  }
}

}  // namespace
}  // namespace mw
