// The Joker's Labyrinth heuristic player: its parameters, its choice per phase and its fights.
#include "games/jokers_labyrinth/heuristic_agent.h"

#include <fmt/format.h>

#include <cmath>

#include "core/error.h"
#include "games/jokers_labyrinth/heuristic_chooser.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace heuristic {
namespace {

// Exact win probability after rerolling the faces in `mask` (bit 6: the final die).
double reroll_odds(const Combat& c, int mask) {
  int kept = 0, rerolled = 0;
  for (int f = 0; f < 6; ++f) {
    if (c.faces[f] == 0) continue;
    if ((mask & (1 << f)) != 0) {
      rerolled += c.faces[f];
    } else {
      kept |= 1 << f;
    }
  }
  const double fresh = five_sixths_to(rerolled);
  if ((mask & (1 << 6)) == 0) {
    return (kept & (1 << (c.final_die - 1))) != 0 ? 0.0 : fresh;
  }
  int free_faces = 0;
  for (int f = 0; f < 6; ++f) free_faces += (kept & (1 << f)) == 0 ? 1 : 0;
  return free_faces / 6.0 * fresh;
}

}  // namespace

Action Chooser::choose() {
  switch (s_.phase()) {
    case Phase::kCombatPrep:
      return prep(false);
    case Phase::kPvpPrep:
      return prep(true);
    case Phase::kRerolling:
      return reroll();
    case Phase::kJokerLoss:
      return legal_.size() > 1 ? legal_.front() : kTakeDebt;
    case Phase::kKeepNpc:
    case Phase::kScavKeep:
      return kKeep;
    case Phase::kRelocating:
      return legal_.back();
    case Phase::kPeeking:
      return params_.basic ? (legal_.size() > 1 ? legal_[1] : kDone) : peek();
    case Phase::kMain:
      return main();
    default:
      return legal_.front();
  }
}

Action Chooser::prep(bool pvp) {
  for (Action a : legal_) {
    if (a >= kPay && a < kPayEnd) return a;  // fewer dice for every later fight
  }
  if (!pvp) {
    const int target = s_.combat().target;
    const Pick pick = best_value_card(s_, me_, s_.board_fight_value_public(target), &legal_);
    // Against a Joker, a spare Queen bolsters (one die fewer) when it is not the value card.
    if (is_joker(s_.card_on(target)) && pick.dice > 1 && !s_.player(me_).bolster) {
      for (Action a : legal_) {
        if (a >= kBolster && a < kHinder && kValueCard + (a - kBolster) != pick.action) return a;
      }
    }
    return pick.action;
  }
  // PvP: the highest value card.
  Action best = kNoCard;
  int value = 0;
  for (Action a : legal_) {
    if (a >= kValueCard && a < kKingGain && value_of(static_cast<int>(a - kValueCard)) > value) {
      best = a;
      value = value_of(static_cast<int>(a - kValueCard));
    }
  }
  if (!params_.basic && on(64)) {
    // A Queen that is not the value card: Bolster myself (+1), then Hinder the other side (-1).
    const Combat& c = s_.combat();
    const int them = me_ == c.attacker ? c.defender : c.attacker;
    for (Action a : legal_) {
      if (a >= kBolster && a < kHinder && kValueCard + (a - kBolster) != best &&
          !s_.player(me_).bolster)
        return a;
      if (a >= kHinder && a < kBoost && static_cast<int>((a - kHinder) % 4) == them &&
          kValueCard + (a - kHinder) / 4 != best && !s_.player(them).hindered)
        return a;
    }
  }
  return best;
}

Action Chooser::reroll() {
  const Combat& c = s_.combat();
  if (c.defender >= 0) {
    const int side = c.side;
    const int mine = c.die[side], theirs = c.die[1 - side];
    const int my_card = c.commit[side] >= 0 ? value_of(c.commit[side]) : 0;
    const int their_card = c.commit[1 - side] >= 0 ? value_of(c.commit[1 - side]) : 0;
    const int them = side == 0 ? c.defender : c.attacker;
    const int gap = mine + my_card + s_.pvp_bonus(me_) - theirs - their_card - s_.pvp_bonus(them);
    return gap <= 0 && has(legal_, kReroll + 1) ? kReroll + 1 : kReroll;
  }
  Action best = kReroll;
  double odds = reroll_odds(c, 0);
  for (Action a : legal_) {
    if (a >= kRerollOne) continue;  // part of equal dice: never better than all or none of them
    const double o = reroll_odds(c, static_cast<int>(a - kReroll));
    if (o > odds + 1e-12) {
      odds = o;
      best = a;
    }
  }
  return best;
}

}  // namespace heuristic

std::unique_ptr<Agent> HeuristicAgent::make(const Game&, const Json& params) {
  Params p;
  for (const auto& [name, value] : params.items()) {
    if (name == "off" && value.is_number_integer()) {
      p.off = value.get<int>();
      continue;
    }
    if (name == "basic" && value.is_boolean()) {
      p.basic = value.get<bool>();
      continue;
    }
    if ((name != "jokerOdds" && name != "hazardOdds") || !value.is_number() ||
        value.get<double>() < 0 || value.get<double>() > 1) {
      throw Error(ErrorCode::kUnknownAgent,
                  fmt::format("heuristic agent: unknown parameter {}={} (jokerOdds, hazardOdds in "
                              "0..1, basic, off)",
                              name, value.dump()));
    }
    (name == "jokerOdds" ? p.joker_odds : p.hazard_odds) = value.get<double>();
  }
  if (p.basic && !params.contains("hazardOdds")) p.hazard_odds = 0.5;  // the basic player's odds
  return std::make_unique<HeuristicAgent>(p);
}

Action HeuristicAgent::choose(const Observation& obs, Rng& /*rng*/) {
  obs.legal_actions(legal_);
  if (legal_.size() == 1) return legal_.front();
  // Only public facts and this seat's own cards are read, so a world sampled for the seat would
  // give the same choice (JokersLabyrinthAgent.ChoosesFromWhatItsSeatKnowsAlone).
  const State& s = obs.position_read_fairly<State>();
  const Action a = heuristic::Chooser(s, legal_, params_).choose();
  return heuristic::has(legal_, a) ? a : legal_.front();
}

}  // namespace mw::jokers_labyrinth
