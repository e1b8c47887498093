// The public record of the last fight (issue 33, "Fights and dice"): what it holds after each
// kind of fight, that every seat's view shows it whole, the terminal's sentence, and its body.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/jokers_labyrinth/test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

// Puts seat's Jack on an empty, face-up Dungeon cell. Turning up a cell no card was dealt to
// leaves the unseen pool one card too many for a document: one goes to the Main discard.
void stand(State& s, int seat, const char* where) {
  const bool undealt = s.face_down(cell(where)) && s.card_on(cell(where)) < 0;
  clear(s, where);
  s.mutable_player(seat).pos = static_cast<std::int8_t>(cell(where));
  s.mutable_player(seat).entered = true;
  for (int phys = 0; undealt && phys < kNumPhys; ++phys) {
    if (s.loc(phys) == kLocPool && !is_joker(phys)) {
      s.put(phys, kLocMainDiscard);
      break;
    }
  }
}

// Every seat and the spectator see the same record: nothing in it is private.
void expect_public(const State& s) {
  const Json shown = s.view(kSpectator).at("lastFight");
  for (int p = 0; p < s.num_players(); ++p) EXPECT_EQ(s.view(p).at("lastFight"), shown) << p;
  EXPECT_EQ(s.view(kOmniscient).at("lastFight"), shown);
}

void expect_round_trip(const State& s, const Game& game) {
  const Json body = s.to_json();
  const State back = State::from_json(body, game.options());
  EXPECT_EQ(back.to_json(), body);
  EXPECT_EQ(back.last_fight(), s.last_fight());
}

// A won fight against a Hazard: 8 against 8 gives 2 dice.
State hazard_fight_won() {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  lay(s, "c2", "8S");
  give(s, 0, "8D*");
  play_script(s, "fight right; use 8D*; die 6; die 6; die 2");
  return s;
}

TEST(JokersLabyrinthLastFight, NoneBeforeTheFirstFight) {
  const State s = setup();
  EXPECT_EQ(s.last_fight().attacker, -1);
  EXPECT_FALSE(s.view(0).contains("lastFight"));
  EXPECT_EQ(s.to_json().at("last_fight"), Json::array());
}

TEST(JokersLabyrinthLastFight, AWonFightAgainstAHazard) {
  const State s = hazard_fight_won();
  ASSERT_EQ(s.phase(), Phase::kMain);
  const LastFight& f = s.last_fight();
  EXPECT_EQ(f.attacker, 0);
  EXPECT_EQ(f.defender, -1);
  EXPECT_EQ(f.foe, card("8S"));
  EXPECT_EQ(f.card[0], card("8D*"));
  EXPECT_EQ(f.dice, 2);
  EXPECT_EQ(f.faces[5], 2);
  EXPECT_EQ(f.final_die, 2);
  EXPECT_EQ(f.total[0], 8);
  EXPECT_EQ(f.total[1], 8);
  EXPECT_TRUE(f.attacker_won);
  EXPECT_EQ(f.consequence, Consequence::kHazardDiscarded);
  expect_public(s);
  const Json v = s.view(1).at("lastFight");
  EXPECT_EQ(v.at("foe"), "8S");
  EXPECT_EQ(v.at("cards"), Json::array({"8D*", nullptr}));
  EXPECT_EQ(v.at("winner"), "attacker");
  EXPECT_EQ(v.at("consequence"), "hazard_discarded");
  EXPECT_EQ(last_fight_sentence(s.view(1), true),
            "Last fight: Player 1 fought 8♠ with 8♦* — 8 against 8, 2 dice 6+6, final die 2: "
            "Player 1 wins; 8♠ is discarded.");
  expect_round_trip(s, load());
}

TEST(JokersLabyrinthLastFight, LosingToAJokerIsPendingUntilTheDebt) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "d3");
  play_script(s, "move down; nocard; die 1; die 2; die 3; die 4; die 5; die 1; die 1; die 1");
  ASSERT_EQ(s.phase(), Phase::kJokerLoss);
  EXPECT_EQ(s.last_fight().consequence, Consequence::kPending);
  EXPECT_EQ(last_fight_sentence(s.view(0), true),
            "Last fight: Player 1 fought the Joker with no card — 0 against 14, 7 dice "
            "1+1+1+2+3+4+5, final die 1: the Joker wins; Player 1 pays two cards or takes 2 debt.");
  expect_round_trip(s, load());
  play(s, "debt");
  EXPECT_EQ(s.last_fight().consequence, Consequence::kDebtTaken);
  EXPECT_EQ(last_fight_sentence(s.view(1), false),
            "Last fight: Player 1 fought the Joker with no card — 0 against 14, 7 dice "
            "1+1+1+2+3+4+5, final die 1: the Joker wins; Player 1 takes 2 debt.");
  expect_public(s);
  expect_round_trip(s, load());
}

TEST(JokersLabyrinthLastFight, AllSixFacesDecideBeforeTheFinalDie) {
  State s = setup("S", "a0", "H", "h7");
  stand(s, 0, "b2");
  lay(s, "c2", "QD");
  give(s, 0, "7H*");  // deck-1 cards: the unseen pool keeps its count
  play_script(s, "fight right; nocard; die 1; die 2; die 3; die 4; die 5; die 6");
  ASSERT_EQ(s.phase(), Phase::kMain);
  EXPECT_EQ(s.last_fight().final_die, 0);
  EXPECT_EQ(s.last_fight().consequence, Consequence::kHandDiscarded);
  EXPECT_EQ(last_fight_sentence(s.view(0), true),
            "Last fight: Player 1 fought Q♦ with no card — 0 against 12, 6 of 7 dice "
            "1+2+3+4+5+6, all six faces showed: Q♦ wins; Player 1 discards the hand.");
  expect_round_trip(s, load());
}

TEST(JokersLabyrinthLastFight, APlayerFightAndTheRelocation) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  stand(s, 1, "c2");
  give(s, 0, "JK");
  s.set_face_down(kCenter, false);
  give(s, 0, "6H*");
  play_script(s, "fight right; use 6H*; nocard; die 2; die 5");
  ASSERT_EQ(s.phase(), Phase::kRelocating);
  EXPECT_EQ(s.last_fight().consequence, Consequence::kPending);
  expect_round_trip(s, load());
  play(s, "spot h7");
  const LastFight& f = s.last_fight();
  EXPECT_EQ(f.defender, 1);
  EXPECT_EQ(f.total[0], 9);  // 2 + 6 + 1 for the Joker held
  EXPECT_EQ(f.total[1], 5);
  EXPECT_EQ(f.consequence, Consequence::kRelocated);
  EXPECT_EQ(cell_name(f.cell), "h7");
  EXPECT_TRUE(f.moved_in);
  expect_public(s);
  EXPECT_EQ(last_fight_sentence(s.view(0), true),
            "Last fight: Player 1 fought Player 2, 6♥* against no card — dice 2 and 5, 9 against "
            "5: Player 1 wins; Player 2 goes to h7; Player 1 moves in.");
  expect_round_trip(s, load());
}

TEST(JokersLabyrinthLastFight, TheTerminalBoardShowsTheSentence) {
  const State s = hazard_fight_won();
  const Game game = load();
  const std::string board = game.render(s.view(0), RenderStyle{});
  EXPECT_NE(board.find("Last fight: Player 1 fought 8"), std::string::npos) << board;
  // One name per seat: the players' lines and the turn say "Player 1", as the prompt does; the
  // board's cells keep the short [P1].
  EXPECT_NE(board.find("  Player 1 Jack "), std::string::npos) << board;
  EXPECT_NE(board.find("turn of Player 1 |"), std::string::npos) << board;
  EXPECT_EQ(board.find(" P1 "), std::string::npos) << board;
}

// Random play reaches every kind of fight: each record reloads and reads as a sentence.
TEST(JokersLabyrinthLastFight, RandomFightsRoundTripAndRead) {
  int fights = 0;
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      const State s = random_position(game, seed, static_cast<int>(100 + seed * 53 % 1400));
      if (s.last_fight().attacker < 0) continue;
      ++fights;
      expect_public(s);
      expect_round_trip(s, game);
      EXPECT_EQ(last_fight_sentence(s.view(0), true).rfind("Last fight: Player ", 0), 0u);
    }
  }
  EXPECT_GE(fights, 60);
}

TEST(JokersLabyrinthLastFight, ImpossibleRecordsAreRefused) {
  const Game game = load();
  const Json body = hazard_fight_won().to_json();
  auto refusal = [&](int index, const Json& value) {
    Json damaged = body;
    damaged["last_fight"][static_cast<std::size_t>(index)] = value;
    return error_of([&] { State::from_json(damaged, game.options()); }, ErrorCode::kBadState);
  };
  EXPECT_NE(refusal(12, 7).find("\"last_fight\" final die must be in 0..6"), std::string::npos);
  EXPECT_NE(refusal(17, 0).find("attacker won disagrees with the dice"), std::string::npos);
  EXPECT_NE(refusal(18, static_cast<int>(Consequence::kDebtTaken)).find("consequence"),
            std::string::npos);
  EXPECT_NE(refusal(18, 0).find("does not fit phase"), std::string::npos);
  EXPECT_NE(refusal(15, 9).find("attacker total"), std::string::npos);
  EXPECT_NE(refusal(2, card("5D")).find("foe"), std::string::npos);
  Json short_record = body;
  short_record["last_fight"].erase(0);
  EXPECT_NE(error_of([&] { State::from_json(short_record, game.options()); }, ErrorCode::kBadState)
                .find("\"last_fight\" must be [] or an array of 24 integers"),
            std::string::npos);
  // A document written before the record existed still loads, with no record.
  Json old = body;
  old.erase("last_fight");
  EXPECT_EQ(State::from_json(old, game.options()).last_fight().attacker, -1);
}

// ---- every fight told where it ends (core ActionOutcome), and the fight under way in words ----

// Plays `script` and returns the outcome of each step (checked against the view right after).
std::vector<Json> play_told(State& s, std::string_view script) {
  std::vector<Json> outcomes;
  while (!script.empty()) {
    const std::size_t end = script.find(';');
    const std::string step(script.substr(0, end));
    const Action a = s.parse_action(step);
    outcomes.push_back(s.outcome_of(a));
    s.apply_legal(a);
    if (!outcomes.back().is_null()) {
      EXPECT_EQ(outcomes.back(), Json({{"fight", s.view(kSpectator).at("lastFight")}})) << step;
    }
    script = end == std::string_view::npos ? std::string_view{} : script.substr(end + 1);
  }
  return outcomes;
}

std::vector<bool> told(const std::vector<Json>& outcomes) {
  std::vector<bool> out;
  for (const Json& o : outcomes) out.push_back(!o.is_null());
  return out;
}

TEST(JokersLabyrinthOutcome, TheLastDieOfAFightCarriesItsRecord) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  lay(s, "c2", "8S");
  give(s, 0, "8D*");
  const auto outcomes = play_told(s, "fight right; use 8D*; die 6; die 6; die 2");
  EXPECT_EQ(told(outcomes), (std::vector<bool>{false, false, false, false, true}));
  EXPECT_EQ(load().entry().describe_outcome(outcomes.back(), RenderStyle{false, true}),
            "Fight: Player 1 fought 8♠ with 8♦* — 8 against 8, 2 dice 6+6, final die 2: Player 1 "
            "wins; 8♠ is "
            "discarded.");
}

// A cost decided after the dice: the fight is told at the decision, not at its last die.
TEST(JokersLabyrinthOutcome, ACostDecidedLaterIsToldWithIt) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "d3");
  const auto outcomes = play_told(
      s, "move down; nocard; die 1; die 2; die 3; die 4; die 5; die 1; die 1; die 1; debt");
  EXPECT_EQ(
      std::count_if(outcomes.begin(), outcomes.end(), [](const Json& o) { return !o.is_null(); }),
      1);
  EXPECT_EQ(outcomes.back().at("fight").at("consequence"), "debt_taken");
  State p = setup("H", "a0", "S", "h7");
  stand(p, 0, "b2");
  stand(p, 1, "c2");
  give(p, 0, "JK");
  p.set_face_down(kCenter, false);
  give(p, 0, "6H*");
  const auto pvp = play_told(p, "fight right; use 6H*; nocard; die 2; die 5; spot h7");
  EXPECT_EQ(told(pvp), (std::vector<bool>{false, false, false, false, false, true}));
  EXPECT_EQ(pvp.back().at("fight").at("consequence"), "relocated");
}

// Random play: one outcome per fight, each the record the views show right after, and the set-up
// is the first roll and the Jacks chosen and placed.
TEST(JokersLabyrinthOutcome, RandomGamesTellEveryFightOnce) {
  int fights = 0;
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0;
         seed < static_cast<std::uint64_t>(::mw::test_support::scaled_for_sanitizers(8)); ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed + 100 * static_cast<std::uint64_t>(players));
      ActionList legal;
      bool fighting = false;
      for (int step = 0; step < 1500 && !s.is_terminal(); ++step) {
        EXPECT_EQ(s.in_setup(), s.phase() == Phase::kFirstRoll || s.phase() == Phase::kChooseSuit ||
                                    s.phase() == Phase::kPlace);
        s.legal_actions(legal);
        const Action a = s.current_player() == kChancePlayer ? s.sample_chance(rng)
                                                             : legal[rng.below(legal.size())];
        const Json outcome = s.outcome_of(a);
        s.apply_legal(a);
        const bool ended = fighting && !s.view(kSpectator).contains("combat");
        fighting = s.view(kSpectator).contains("combat");
        EXPECT_EQ(!outcome.is_null(), ended) << s.action_to_string(a);
        if (outcome.is_null()) continue;
        ++fights;
        EXPECT_EQ(outcome.at("fight"), s.view(kSpectator).at("lastFight"));
        EXPECT_NE(outcome.at("fight").at("consequence"), "pending");
      }
    }
  }
  EXPECT_GE(fights, 20);
}

// The terminal tells the fight under way in words: who fights whom, the dice so far, what is left.
TEST(JokersLabyrinthOutcome, TheTerminalTellsTheFightUnderWay) {
  const Game game = load();
  const auto fight_line = [&](const State& s, Player observer = 0) {
    const std::string board = game.render(s.view(observer), RenderStyle{false, true});
    EXPECT_EQ(board.find("fight: {"), std::string::npos) << board;
    const auto at = board.find("Fight under way: ");
    return at == std::string::npos ? std::string() : board.substr(at, board.find('\n', at) - at);
  };
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  lay(s, "c2", "8S");
  give(s, 0, "9D*");
  EXPECT_EQ(fight_line(s), "");
  play(s, "fight right");
  EXPECT_EQ(
      fight_line(s),
      "Fight under way: Player 1 fights 8♠ on c2 (value 8): choosing a value card, then the dice.");
  play_script(s, "use 9D*; die 6");
  EXPECT_EQ(fight_line(s),
            "Fight under way: Player 1 fights 8♠ on c2 with 9♦*, 9 against 8: 1 of 2 dice rolled "
            "6; 1 more "
            "die, then the final die.");
  play(s, "die 6");
  EXPECT_EQ(fight_line(s),
            "Fight under way: Player 1 fights 8♠ on c2 with 9♦*, 9 against 8: 2 of 2 dice rolled "
            "6+6; the "
            "final die to roll.");
  State p = setup("H", "a0", "S", "h7");
  stand(p, 0, "b2");
  stand(p, 1, "c2");
  give(p, 0, "6H*");
  play_script(p, "fight right; use 6H*");
  EXPECT_EQ(fight_line(p, 1),
            "Fight under way: Player 1 fights Player 2 on c2: Player 1 has chosen a card (hidden), "
            "Player 2 has not chosen a "
            "card yet; Player 2 to choose, then the dice.");
  EXPECT_NE(fight_line(p, 0).find("Player 1 fights with 6♥*"), std::string::npos);  // its own card
  play_script(p, "nocard; die 2");
  EXPECT_EQ(fight_line(p),
            "Fight under way: Player 1 fights Player 2 on c2: Player 1 fights with 6♥*, Player 2 "
            "fights with no card; Player 1's "
            "die 2, Player 2's die to roll.");
}

}  // namespace
}  // namespace mw::jokers_labyrinth
