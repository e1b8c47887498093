// The public record of the last fight (LastFight): its body in the state JSON, the checks that
// refuse what play cannot reach, its view and its part of the information-state key. Schema:
// docs/rules/jokers-labyrinth.md, "State body, views, resampling".
#include <fmt/format.h>

#include "core/error.h"
#include "core/json_depth.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace {

constexpr std::size_t kBodySize = 24;

constexpr std::array<const char*, kNumConsequences> kConsequenceNames = {
    "pending",       "hazard_discarded", "ace_taken",      "joker_taken", "npc_kept",
    "npc_discarded", "blocked",          "hand_discarded", "turn_lost",   "debt_taken",
    "debt_paid",     "relocated",        "stayed"};

[[noreturn]] void bad(const std::string& what) {
  throw Error(ErrorCode::kBadState, "jokers-labyrinth state: \"last_fight\" " + what);
}

int field(const Json& j, const char* name, int lo, int hi) {
  if (!j.is_number_integer())
    bad(fmt::format("{} must be an integer, got {}", name, json_excerpt(j)));
  const auto v = j.get<std::int64_t>();
  if (v < lo || v > hi) bad(fmt::format("{} must be in {}..{}, got {}", name, lo, hi, v));
  return static_cast<int>(v);
}

bool value_card_kind(int phys) {
  return is_equipment(phys) || is_npc(phys);
}

int value_or_zero(int phys) {
  return phys >= 0 ? value_of(phys) : 0;
}

Json card_or_null(int phys) {
  return phys >= 0 ? Json(phys_name(phys)) : Json(nullptr);
}

// What a fight against `foe` may cost, won or lost (G5.3.1); kPending where a decision follows.
bool pve_consequence_fits(int foe, bool won, Consequence c) {
  using C = Consequence;
  if (is_guardian_card(foe)) return c == (won ? C::kAceTaken : C::kBlocked);
  if (is_joker(foe))
    return won ? c == C::kJokerTaken
               : (c == C::kDebtTaken || c == C::kDebtPaid || c == C::kPending);
  if (is_npc(foe)) {
    if (won) return c == C::kNpcKept || c == C::kNpcDiscarded || c == C::kPending;
    return c == (is_queen(foe) ? C::kHandDiscarded : C::kTurnLost);
  }
  return c == (won ? C::kHazardDiscarded : C::kBlocked);
}

}  // namespace

Json State::last_fight_body() const {
  const LastFight& f = last_fight_;
  if (f.attacker < 0) return Json::array();
  return {f.attacker,
          f.defender,
          f.foe,
          f.card[0],
          f.card[1],
          f.dice,
          f.faces[0],
          f.faces[1],
          f.faces[2],
          f.faces[3],
          f.faces[4],
          f.faces[5],
          f.final_die,
          f.die[0],
          f.die[1],
          f.total[0],
          f.total[1],
          f.attacker_won ? 1 : 0,
          static_cast<int>(f.consequence),
          f.cell,
          f.paid[0],
          f.paid[1],
          f.joker_dropped ? 1 : 0,
          f.moved_in ? 1 : 0};
}

// A document written before the record existed has no "last_fight": no fight recorded yet.
void State::read_last_fight(const Json& body) {
  if (!body.contains("last_fight")) return;
  const Json& j = body["last_fight"];
  if (!j.is_array() || (!j.empty() && j.size() != kBodySize))
    bad(fmt::format("must be [] or an array of {} integers", kBodySize));
  if (j.empty()) return;
  const int n = config_.players;
  const int min_total = -(kMaxDebt / 2) - 1;
  LastFight& f = last_fight_;
  f.attacker = static_cast<std::int8_t>(field(j[0], "attacker", 0, n - 1));
  f.defender = static_cast<std::int8_t>(field(j[1], "defender", -1, n - 1));
  f.foe = static_cast<std::int8_t>(field(j[2], "foe", -1, kNumPhys - 1));
  f.card[0] = static_cast<std::int8_t>(field(j[3], "attacker card", -1, kNumPhys - 1));
  f.card[1] = static_cast<std::int8_t>(field(j[4], "defender card", -1, kNumPhys - 1));
  f.dice = static_cast<std::uint16_t>(field(j[5], "dice", 0, kMaxDice));
  for (std::size_t i = 0; i < 6; ++i)
    f.faces[i] = static_cast<std::uint16_t>(field(j[6 + i], "faces", 0, kMaxDice));
  f.final_die = static_cast<std::uint8_t>(field(j[12], "final die", 0, 6));
  f.die[0] = static_cast<std::uint8_t>(field(j[13], "attacker die", 0, 6));
  f.die[1] = static_cast<std::uint8_t>(field(j[14], "defender die", 0, 6));
  f.total[0] = static_cast<std::int16_t>(field(j[15], "attacker total", min_total, 30));
  f.total[1] = static_cast<std::int16_t>(field(j[16], "defender total", min_total, 30));
  f.attacker_won = field(j[17], "attacker won", 0, 1) == 1;
  f.consequence = static_cast<Consequence>(field(j[18], "consequence", 0, kNumConsequences - 1));
  f.cell = static_cast<std::int8_t>(field(j[19], "cell", -1, kCells - 1));
  f.paid[0] = static_cast<std::int8_t>(field(j[20], "paid", -1, kNumPhys - 1));
  f.paid[1] = static_cast<std::int8_t>(field(j[21], "paid", -1, kNumPhys - 1));
  f.joker_dropped = field(j[22], "joker dropped", 0, 1) == 1;
  f.moved_in = field(j[23], "moved in", 0, 1) == 1;
}

// Only what a fight can leave behind: a record that agrees with the rules of its outcome, and a
// consequence still pending exactly while the attacker or the PvP winner decides it.
void State::validate_last_fight() const {
  const LastFight& f = last_fight_;
  const bool deciding =
      phase_ == Phase::kKeepNpc || phase_ == Phase::kJokerLoss || phase_ == Phase::kRelocating;
  if (f.attacker < 0) return;  // none yet, or a document written before the record existed
  if (deciding != (f.consequence == Consequence::kPending))
    bad(fmt::format("consequence \"{}\" does not fit phase \"{}\"",
                    kConsequenceNames[static_cast<std::size_t>(f.consequence)],
                    kPhaseNames[static_cast<std::size_t>(phase_)]));
  if (deciding && (f.attacker != combat_.attacker || f.defender != combat_.defender))
    bad("pending consequence of another fight than the one in progress");
  for (int side = 0; side < 2; ++side) {
    if (f.card[side] >= 0 && !value_card_kind(f.card[side]))
      bad(fmt::format("card {} is not Equipment or an NPC", phys_name(f.card[side])));
  }
  const bool debt_paid = f.consequence == Consequence::kDebtPaid;
  if (debt_paid != (f.paid[0] >= 0) || debt_paid != (f.paid[1] >= 0))
    bad("paid cards go with the consequence \"debt_paid\" only");
  if (debt_paid &&
      (f.paid[0] >= f.paid[1] || !value_card_kind(f.paid[0]) || !value_card_kind(f.paid[1])))
    bad("paid must be two different Equipment or NPC cards, in increasing order");
  if (f.defender < 0) {
    if (f.foe < 0 || !(is_hazard_card(f.foe) || is_npc(f.foe) || is_joker(f.foe)))
      bad("foe must be a Hazard, Guardian, Hostile NPC or Joker");
    if (f.card[1] >= 0 || f.die[0] != 0 || f.die[1] != 0 || f.cell >= 0 || f.joker_dropped ||
        f.moved_in)
      bad("PvP fields in a fight against a card");
    int shown = 0, faces_seen = 0;
    for (int count : f.faces) {
      shown += count;
      faces_seen += count > 0 ? 1 : 0;
    }
    if (f.dice == 0 || shown > f.dice) bad("faces must add up to at most dice, at least 1 die");
    // Dice stay unrolled (or the final die) only once all six faces decided the fight.
    if ((f.final_die == 0 || shown != f.dice) && faces_seen < 6)
      bad("dice not rolled although the shown faces did not decide the fight");
    if (f.attacker_won != (f.final_die != 0 && f.faces[f.final_die - 1] == 0))
      bad("attacker won disagrees with the dice (the final die must show none of the faces)");
    if (f.total[0] != value_or_zero(f.card[0]) || f.total[1] != value_of(f.foe))
      bad("attacker total and defender total must be the card values fought with");
    if (!pve_consequence_fits(f.foe, f.attacker_won, f.consequence))
      bad(fmt::format("consequence \"{}\" cannot follow this fight",
                      kConsequenceNames[static_cast<std::size_t>(f.consequence)]));
    return;
  }
  if (f.defender == f.attacker || f.foe >= 0 || f.dice != 0 || f.final_die != 0)
    bad("a PvP fight with a foe card, shown dice or its attacker as defender");
  for (int count : f.faces) {
    if (count != 0) bad("a PvP fight with shown dice");
  }
  if (f.card[0] >= 0 && f.card[0] == f.card[1]) bad("both sides fought with one card");
  for (int side = 0; side < 2; ++side) {
    if (f.die[side] == 0) bad("a PvP die not rolled");
    // Total = die + card + Joker held + Bolster - Hinder - debt / 2 (G5.3.2).
    const int bonus = f.total[side] - f.die[side] - value_or_zero(f.card[side]);
    if (bonus > 2 || bonus < -(kMaxDebt / 2) - 1)
      bad(fmt::format("total {} cannot come from die {} and that card", f.total[side],
                      f.die[side]));
  }
  if (f.total[0] == f.total[1]) bad("a tie is not an outcome: the fight goes on");  // A-G5-41
  if (f.attacker_won != (f.total[0] > f.total[1])) bad("attacker won disagrees with the totals");
  const Consequence c = f.consequence;
  if (c != Consequence::kPending && c != Consequence::kRelocated && c != Consequence::kStayed)
    bad(fmt::format("consequence \"{}\" cannot follow a PvP fight",
                    kConsequenceNames[static_cast<std::size_t>(c)]));
  if ((c == Consequence::kPending) != (f.cell < 0))
    bad("cell is where the loser stands once relocated or left in place");
  if (f.moved_in && (!f.attacker_won || c != Consequence::kRelocated))
    bad("only a winning initiator moves in, once the loser is relocated");
}

Json State::last_fight_view() const {
  const LastFight& f = last_fight_;
  Json v = {{"attacker", f.attacker},
            {"cards", {card_or_null(f.card[0]), card_or_null(f.card[1])}},
            {"totals", f.total},
            {"winner", f.attacker_won ? "attacker" : "defender"},
            {"consequence", kConsequenceNames[static_cast<std::size_t>(f.consequence)]}};
  if (f.defender >= 0) {
    v["defender"] = f.defender;
    v["dice"] = f.die;
    v["joker_dropped"] = f.joker_dropped;
    v["moved_in"] = f.moved_in;
    if (f.cell >= 0) v["cell"] = cell_name(f.cell);
  } else {
    v["foe"] = phys_name(f.foe);
    v["dice"] = f.dice;
    v["faces"] = f.faces;
    v["final_die"] = f.final_die;
  }
  if (f.paid[0] >= 0) v["paid"] = {phys_name(f.paid[0]), phys_name(f.paid[1])};
  return v;
}

Json State::outcome_of(Action a) const {
  if (!is_fight_phase(phase_)) return nullptr;
  State next = *this;
  next.apply_legal(a);
  if (is_fight_phase(next.phase_) || next.last_fight_.attacker < 0) return nullptr;
  return {{"fight", next.last_fight_view()}};
}

void State::add_last_fight(KeyFields& k) const {
  const LastFight& f = last_fight_;
  for (int v : {int(f.attacker), int(f.defender), int(f.foe), int(f.card[0]), int(f.card[1]),
                int(f.dice), int(f.final_die), int(f.die[0]), int(f.die[1]), int(f.total[0]),
                int(f.total[1]), int(f.attacker_won), int(f.consequence), int(f.cell),
                int(f.paid[0]), int(f.paid[1]), int(f.joker_dropped), int(f.moved_in)}) {
    k.add(v);
  }
  for (int count : f.faces) k.add(count);
}

}  // namespace mw::jokers_labyrinth
