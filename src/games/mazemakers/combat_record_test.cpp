// Issue 33: the last combat kept in the state, shown in every view as `lastCombat`, written to and
// read from the state document, and told in one sentence by the terminal drawing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

const std::string kPrefix = "MazeMakers state: ";

// P2 stands on i8, next to START: P1's first step asks it to block.
State blocked_at_i8(const Json& options = Json::object()) {
  State s = two_edited(options, [](Json& b) { b["pawns"][1] = parse_cell("i8"); });
  play(s, "pass");
  play(s, "i8");
  play(s, "block");
  return s;
}

// The "Last combat: ..." line of the plain terminal drawing, "" when there is none.
std::string combat_line(const State& s, const Json& options = Json::object()) {
  const std::string text = load(options).render(s.view(0), RenderStyle{false, false});
  const auto at = text.find("Last combat: ");
  return at == std::string::npos ? "" : text.substr(at, text.find('\n', at) - at);
}

State reloaded(const State& s, const Json& options = Json::object()) {
  return State::from_json(s.to_json(), load(options).options());
}

TEST(MazeMakersLastCombat, NoneBeforeTheFirstFight) {
  const State s = two();
  EXPECT_FALSE(s.last_combat().any());
  EXPECT_TRUE(s.view(0)["lastCombat"].is_null());
  EXPECT_TRUE(s.to_json()["last_combat"].is_null());
  EXPECT_EQ(combat_line(s), "");
}

// G4.7 example 1's fight: P1 (no artifact) rolls 2 against the 4 on i7 and loses.
TEST(MazeMakersLastCombat, LostMonsterFight) {
  State s = two();
  play(s, "pass");
  play(s, "i8");
  play(s, "i7");
  play(s, "roll 2");
  const Combat& c = s.last_combat();
  EXPECT_EQ(c.fighter, 0);
  EXPECT_TRUE(c.vs_monster());
  EXPECT_EQ(c.monster, 4);
  EXPECT_EQ(c.cell, cell("i7"));
  EXPECT_EQ(c.fighter_total(), 2);
  EXPECT_FALSE(c.fighter_won());
  EXPECT_EQ(s.combat_damage(c), 1);
  const Json expected = {{"kind", "monster"},
                         {"square", "i7"},
                         {"fighter", {{"seat", "P1"}, {"die", 2}, {"artifacts", 0}, {"total", 2}}},
                         {"opponent", {{"monster", 4}, {"total", 4}}},
                         {"winner", "monster"},
                         {"damage", 1},
                         {"monster_removed", false},
                         {"died", false},
                         {"revived", false},
                         {"stopped_at", nullptr}};
  // Public: every seat and the spectator see the same record, never the monster's suit.
  for (const Player p : {Player{0}, Player{1}, kSpectator}) {
    EXPECT_EQ(s.view(p)["lastCombat"], expected) << p;
  }
  EXPECT_EQ(combat_line(s),
            "Last combat: Player 1 (die 2 + 0 = 2) lost to the 4 monster on i7: Player 1 takes 1 "
            "damage.");
}

TEST(MazeMakersLastCombat, WonMonsterFightCountsArtifactsAndTellsTheCoin) {
  State s = two_edited(Json::object(), [](Json& b) { give_artifacts(b, 0, 1); });
  play(s, "pass");
  play(s, "i8");
  play(s, "h8");
  play(s, "h7");
  play(s, "g7");
  play(s, "roll 2");  // 2 + 1 >= 3 (A-G4-27)
  EXPECT_EQ(s.view(1)["lastCombat"]["winner"], "P1");
  EXPECT_EQ(s.view(1)["lastCombat"]["damage"], 0);
  EXPECT_EQ(
      combat_line(s),
      "Last combat: Player 1 (die 2 + 1 = 3) beat the 3 monster on g7: the monster stays on its "
      "square.");
  const Json removing = {{"removeDefeatedMonsters", true}};
  State r = two(removing);
  play(r, "pass");
  play(r, "i8");
  play(r, "i7");
  play(r, "roll 5");
  EXPECT_EQ(r.view(0)["lastCombat"]["monster_removed"], true);
  EXPECT_EQ(
      combat_line(r, removing),
      "Last combat: Player 1 (die 5 + 0 = 5) beat the 4 monster on i7: the monster is removed.");
}

TEST(MazeMakersLastCombat, DeathAndRevivalAreTold) {
  for (const bool revival : {false, true}) {
    const Json opts = {{"revival", revival}, {"harshDamage", true}};
    State s = two_edited(opts, [](Json& b) {
      b["health"][0] = 1;
      b["pawns"][0] = parse_cell("i8");
    });
    play(s, "pass");
    play(s, "i7");
    play(s, "roll 0");
    EXPECT_TRUE(s.last_combat().loser_died);
    EXPECT_EQ(
        combat_line(s, opts),
        std::string(
            "Last combat: Player 1 (die 0 + 0 = 0) lost to the 4 monster on i7: Player 1 takes 4 "
            "damage and dies") +
            (revival ? ", revived on START with 2 health." : "."));
    EXPECT_EQ(reloaded(s, opts).to_json(), s.to_json());
  }
}

// G4.7 example 4: a tie damages the blocker and the mover walks on.
TEST(MazeMakersLastCombat, BlockTieGoesToTheMover) {
  State s = blocked_at_i8();
  play(s, "roll 3");
  EXPECT_FALSE(s.last_combat().any());  // recorded when the fight resolves, not at the first die
  play(s, "roll 3");
  const Json c = s.view(1)["lastCombat"];
  EXPECT_EQ(c["kind"], "players");
  EXPECT_EQ(c["opponent"], (Json{{"seat", "P2"}, {"die", 3}, {"artifacts", 0}, {"total", 3}}));
  EXPECT_EQ(c["winner"], "P1");
  EXPECT_EQ(combat_line(s),
            "Last combat: Player 1 (die 3 + 0 = 3) beat Player 2 (die 3 + 0 = 3), who blocked on "
            "i8: Player 2 takes "
            "1 damage, and Player 1 moves on.");
}

TEST(MazeMakersLastCombat, LostBlockTellsWhereTheMoverStops) {
  const Json harsh = {{"harshDamage", true}};
  State s = blocked_at_i8(harsh);
  play(s, "roll 1");
  play(s, "roll 4");
  EXPECT_EQ(s.last_combat().stopped_at, kStart);
  EXPECT_EQ(s.view(0)["lastCombat"]["stopped_at"], "start");
  EXPECT_EQ(combat_line(s, harsh),
            "Last combat: Player 1 (die 1 + 0 = 1) lost to Player 2 (die 4 + 0 = 4), who blocked "
            "on i8: Player 1 "
            "takes 3 damage, and Player 1 stops on START.");
}

TEST(MazeMakersLastCombat, StateDocumentRoundTrips) {
  State s = blocked_at_i8();
  play(s, "roll 1");
  play(s, "roll 4");
  const Json body = s.to_json();
  EXPECT_EQ(body["last_combat"], (Json{{"fighter", 0},
                                       {"blocker", 1},
                                       {"monster", 0},
                                       {"cell", cell("i8")},
                                       {"fighter_die", 1},
                                       {"fighter_bonus", 0},
                                       {"blocker_die", 4},
                                       {"blocker_bonus", 0},
                                       {"loser_died", false},
                                       {"stopped_at", kStart}}));
  const State back = reloaded(s);
  EXPECT_EQ(back.to_json(), body);
  EXPECT_EQ(back.last_combat(), s.last_combat());
  EXPECT_EQ(back.view(1), s.view(1));
  EXPECT_EQ(back.information_state_key(1), s.information_state_key(1));
}

// A fight's record is part of the public information state.
TEST(MazeMakersLastCombat, TheRecordChangesTheInformationState) {
  State a = blocked_at_i8();
  State b = a;
  play(a, "roll 3");
  play(a, "roll 3");
  play(b, "roll 4");
  play(b, "roll 4");
  for (const Player p : {Player{0}, Player{1}}) {
    EXPECT_NE(a.information_state_key(p), b.information_state_key(p)) << p;
  }
}

class MazeMakersLastCombatRefusals : public ::testing::Test {
 protected:
  // A lost block (P1 sent back to START) as a body, to be spoilt one field at a time.
  Json body() const {
    State s = blocked_at_i8();
    play(s, "roll 1");
    play(s, "roll 4");
    return s.to_json();
  }
  static std::string rejection(const Json& b) {
    return error_of([&] { State::from_json(b, load().options()); }, ErrorCode::kBadState);
  }
  template <class F>
  std::string spoilt(F&& edit) const {
    Json b = body();
    edit(b["last_combat"]);
    return rejection(b);
  }
};

TEST_F(MazeMakersLastCombatRefusals, RangesNameTheField) {
  EXPECT_EQ(spoilt([](Json& c) { c["fighter"] = 2; }),
            kPrefix + "'last_combat.fighter' = 2 is outside 0..1");
  EXPECT_EQ(spoilt([](Json& c) { c["monster"] = 5; }),
            kPrefix + "'last_combat.monster' = 5 is outside 0..4");
  EXPECT_EQ(spoilt([](Json& c) { c["cell"] = 100; }),
            kPrefix + "'last_combat.cell' = 100 is outside 0..99");
  EXPECT_EQ(spoilt([](Json& c) { c["blocker_die"] = 6; }),
            kPrefix + "'last_combat.blocker_die' = 6 is outside 0..5");
  EXPECT_EQ(spoilt([](Json& c) { c["loser_died"] = 1; }),
            kPrefix + "'last_combat.loser_died' must be a boolean");
  EXPECT_EQ(spoilt([](Json& c) { c.erase("stopped_at"); }),
            kPrefix + "'last_combat.stopped_at' is missing");
  EXPECT_EQ(spoilt([](Json& c) {
              c = {1, 4};
            }),
            kPrefix + "'last_combat' must be null or an object");
}

// A document written before the record existed loads, with no last combat.
TEST_F(MazeMakersLastCombatRefusals, ADocumentWithoutTheRecordLoads) {
  Json b = body();
  b.erase("last_combat");
  EXPECT_EQ(rejection(b), "");
}

TEST_F(MazeMakersLastCombatRefusals, ImpossibleFightsAreRefused) {
  EXPECT_EQ(spoilt([](Json& c) { c["blocker"] = 0; }),
            kPrefix + "'last_combat.blocker' must be another seat than the fighter");
  EXPECT_EQ(spoilt([](Json& c) { c["monster"] = 3; }),
            kPrefix + "'last_combat.monster' must be 0 in a fight between players");
  EXPECT_EQ(spoilt([](Json& c) { c["fighter_bonus"] = 1; }),
            kPrefix + "'last_combat.fighter_bonus' = 1, but P1 holds 0 artifact(s)");
  EXPECT_EQ(spoilt([](Json& c) { c["loser_died"] = true; }),
            kPrefix + "'last_combat.loser_died', but P1 is alive and there is no revival");
  EXPECT_EQ(spoilt([](Json& c) { c["stopped_at"] = -1; }),
            kPrefix +
                "'last_combat.stopped_at' = -1: a square (or START) for a beaten mover still "
                "standing, -1 otherwise");
  // Against a monster: a value 2..4 and no blocker's die.
  EXPECT_EQ(spoilt([](Json& c) { c["blocker"] = -1; }),
            kPrefix + "'last_combat.monster' = 0 is outside 2..4 (no blocker: a monster fight)");
  EXPECT_EQ(spoilt([](Json& c) {
              c["blocker"] = -1;
              c["monster"] = 4;
            }),
            kPrefix +
                "'last_combat.blocker_die' and 'last_combat.blocker_bonus' must be 0 against a "
                "monster");
  Json setup = fresh().to_json();
  setup["last_combat"] = body()["last_combat"];
  EXPECT_EQ(rejection(setup), kPrefix + "'last_combat' must be null during setup");
}

}  // namespace
}  // namespace mw::mazemakers
