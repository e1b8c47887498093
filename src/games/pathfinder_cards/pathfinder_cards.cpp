// The rules of the basic game (RULINGS G1.3): options, setup, whose decision it is, scoring.
#include "games/pathfinder_cards/pathfinder_cards.h"

#include <bit>
#include <bitset>
#include <string>

namespace mw::pathfinder_cards {
namespace {

int heart_value(int rank) {
  return rank == 1 ? 14 : rank;
}

}  // namespace

std::vector<OptionSpec> option_specs() {
  return {
      OptionSpec::boolean("tenSpadesJokerZeroIsSafe", false,
                          "10♠ trial: a flipped Joker (value 0) counts as matched"),  // A-G1-8
      OptionSpec::boolean("predictJokerAllowed", true,
                          "Jack/Queen trials: the Runner may predict 'Joker'"),  // A-G1-14, A-G1-46
      OptionSpec::boolean("makerMayMoveAceOfDiamondsOrFaceUpJoker", true,
                          "Ace alteration: the Maker may move A♦ and a face-up Joker"),  // A-G1-17
      OptionSpec::boolean("scoreCountsAce", true,
                          "scoring: the A♥ counts as a heart left"),  // A-G1-30
      OptionSpec::boolean("scoreCountsCompassOnTable", true,
                          "scoring: a Compass card still on the table counts"),  // A-G1-30
      OptionSpec::boolean("moverSpentOnCancel", false,
                          "Mover: a move cancelled because the Joker would be unreachable still "
                          "spends the heart(s)"),  // A-G1-16, A-G1-40
      OptionSpec::boolean(
          "recallIncludesDamageDiscards", false,
          "Recall: a special heart lost to damage (the damage pick or an A♥ "
          "save) counts as used; hearts paid into a Recall never do"),  // A-G1-23, A-G1-49
      OptionSpec::boolean("advanced", false,
                          "the advanced game: J♦ Magic Rope, Q♦ Magic Veil and K♦ Magic Mirror, "
                          "the Joker reachable eventually through artifacts"),  // G1.4
      OptionSpec::choice("board", "square", {"square", "hex"},
                         "the maze's grid: square, or the hexagonal variant"),  // G1.4
      OptionSpec::choice("matchGames", "1", {"1", "2", "4"},
                         "match play: games in the match, the seats alternating roles, the higher "
                         "total of the Runner's scores wins"),  // G1.3.7
      OptionSpec::choice("roles", "random", {"random", "seat0Maker", "seat0Runner"},
                         "who makes the (first) maze: drawn at random at the start, Player 1 or "
                         "Player 2"),  // G1.2 step 1
      OptionSpec::integer("kingStudySeconds", 30, 0, 600,
                          "King trial: seconds a human Runner's client shows the maze before the "
                          "Maker's flip; told in the view, no effect on the rules"),  // G1.6.2
  };
}

Config Config::from_options(const Options& o) {
  Config c;
  c.ten_spades_joker_safe = o.get_bool("tenSpadesJokerZeroIsSafe");
  c.predict_joker = o.get_bool("predictJokerAllowed");
  c.maker_moves_ad_joker = o.get_bool("makerMayMoveAceOfDiamondsOrFaceUpJoker");
  c.score_ace = o.get_bool("scoreCountsAce");
  c.score_compass = o.get_bool("scoreCountsCompassOnTable");
  c.mover_spent_on_cancel = o.get_bool("moverSpentOnCancel");
  c.recall_damage_discards = o.get_bool("recallIncludesDamageDiscards");
  c.king_study_seconds = static_cast<int>(o.get_int("kingStudySeconds"));
  c.advanced = o.get_bool("advanced");
  c.match_games = std::stoi(o.get_string("matchGames"));
  c.topo = o.get_string("board") == "hex" ? Topology::kHex : Topology::kSquare;
  const std::string roles = o.get_string("roles");
  c.roles = roles == "seat0Maker"    ? Roles::kSeat0Maker
            : roles == "seat0Runner" ? Roles::kSeat0Runner
                                     : Roles::kRandom;
  return c;
}

State State::initial(const Options& options) {
  return State(Config::from_options(options));
}

State State::from_layout(const Layout& layout, const Options& options) {
  State s(Config::from_options(options));
  if (s.first_maker_ < 0) s.first_maker_ = 0;  // roles=random: as if seat 0 had been drawn
  for (int id = 0; id < kNumCards; ++id) {
    if (layout.pos[id] >= 0) s.layout_.place(id, layout.pos[id]);
  }
  if (s.layout_.count == kNumCards) s.finish_build();
  return s;
}

Decision State::decision() const {
  switch (phase_) {
    case Phase::kBuild:
      return first_maker_ < 0 ? Decision::kRoles : Decision::kPlace;
    case Phase::kCompass:
      return Decision::kCompass;
    case Phase::kOver:
      return Decision::kNone;
    case Phase::kPlay:
      break;
  }
  if (depth_ == 0) return Decision::kMain;
  const Task& t = stack_[depth_ - 1];
  switch (t.kind) {
    case TaskKind::kEncounter:
    case TaskKind::kWake:
      return Decision::kNone;
    case TaskKind::kAlteration:
      return Decision::kAlteration;
    case TaskKind::kDamage:
      return t.step == 0   ? Decision::kDamageWindow
             : t.step == 1 ? Decision::kDamagePick
                           : Decision::kSave;
    case TaskKind::kAdvisor:
      return Decision::kAdvisorAsk;
    case TaskKind::kPathfinder:
      return Decision::kPathfinderPick;
    case TaskKind::kSeer:
      return Decision::kSeerPick;
    case TaskKind::kMover:
      return Decision::kMoverMove;
    case TaskKind::kTrial:
      break;
  }
  if (t.step == 0) return Decision::kTrialWindow;
  const bool first = t.step == 1;
  switch (t.trial) {
    case TrialKind::kTenSpades:
      return Decision::kTenSpadesFlip;
    case TrialKind::kTenClubs:
      return Decision::kCountGuess;
    case TrialKind::kTenDiamonds:
      return first ? Decision::kTenDiamondsSuit : Decision::kCountGuess;
    case TrialKind::kJack:
      return Decision::kJackPredict;
    case TrialKind::kQueen:
      return first ? Decision::kQueenPick : Decision::kQueenPredict;
    case TrialKind::kKing:
      return first ? Decision::kKingFlip : Decision::kKingName;
  }
  return Decision::kNone;
}

Player State::role_to_act() const {
  switch (decision()) {
    case Decision::kNone:
      return kTerminalPlayer;
    case Decision::kDamagePick:
    case Decision::kRoles:
      return kChancePlayer;
    case Decision::kPlace:
    case Decision::kTenDiamondsSuit:
    case Decision::kQueenPick:
    case Decision::kKingFlip:
    case Decision::kAlteration:
      return kMaker;
    default:
      return kRunner;
  }
}

std::vector<int> State::discards() const {
  return {discards_.begin(), discards_.begin() + num_discards_};
}

bool State::compass_usable() const {
  if (compass_ != CompassState::kTable) return false;
  return (layout_.active() >> card_id(kDiamonds, compass_rank_)) & 1;
}

int State::score() const {
  if (winner_ != kRunner) return 0;
  std::uint16_t h = hand_;
  if (!config_.score_ace) h &= static_cast<std::uint16_t>(~2u);
  int s = 5 + std::popcount(h);
  if (config_.score_compass && compass_ == CompassState::kTable) ++s;
  return s;
}

bool State::hand_matches(int value) const {
  if (value == 0) return config_.ten_spades_joker_safe;  // A-G1-8: only the empty group sums to 0
  std::bitset<256> sums;  // sums of non-empty groups of hearts in hand
  for (int r = 1; r <= 13; ++r) {
    if (!in_hand(r)) continue;
    const int v = heart_value(r);
    sums |= sums << static_cast<std::size_t>(v);
    sums.set(static_cast<std::size_t>(v));
  }
  return sums.test(static_cast<std::size_t>(value));
}

void State::save_actions(ActionList& out) const {
  for (int r = 10; r <= 13; ++r) {
    if (in_hand(r)) out.push_back(kSaveOneBase + r);
  }
  std::uint16_t ranks = 0;  // ranks of the active diamonds
  for (std::uint64_t m = layout_.active(); m != 0; m &= m - 1) {
    ranks |= static_cast<std::uint16_t>(1u << card_rank(std::countr_zero(m)));
  }
  const std::uint16_t usable = hand_ & ranks & static_cast<std::uint16_t>(~2u);
  for (int r1 = 2; r1 <= 13; ++r1) {
    for (int r2 = r1 + 1; r2 <= 13; ++r2) {
      if (((usable >> r1) & 1) && ((usable >> r2) & 1)) out.push_back(kSavePairBase + r1 * 14 + r2);
    }
  }
}

std::uint64_t State::king_before_up() const {
  const Task* t = top();
  std::uint64_t up = layout_.up;
  if (t == nullptr || t->kind != TaskKind::kTrial || t->trial != TrialKind::kKing || t->step != 2) {
    return up;
  }
  const auto bit = std::uint64_t{1} << layout_.at[t->cell2];
  return (t->flags & kWasUp) ? up | bit : up & ~bit;
}

}  // namespace mw::pathfinder_cards
