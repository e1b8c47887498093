// The rules of the basic game as a state machine (RULINGS G1.3): building, the Compass choice,
// MAIN, and the effect stack of encounters, damage, trials and the Ace alteration.
#include "games/pathfinder_cards/pathfinder_cards.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <bitset>

#include "core/error.h"

namespace mw::pathfinder_cards {
namespace {

constexpr int kTenClubs = card_id(kClubs, 10);
constexpr int kTenDiamonds = card_id(kDiamonds, 10);
constexpr int kTenSpades = card_id(kSpades, 10);

int heart_value(int rank) {
  return rank == 1 ? 14 : rank;
}

}  // namespace

std::vector<OptionSpec> option_specs() {
  return {
      OptionSpec::boolean("tenSpadesJokerZeroIsSafe", false,
                          "10♠ trial: a flipped Joker (value 0) counts as matched (A-G1-8)"),
      OptionSpec::boolean("predictJokerAllowed", true,
                          "Jack/Queen trials: the Runner may predict 'Joker' (A-G1-14, A-G1-46)"),
      OptionSpec::boolean("makerMayMoveAceOfDiamondsOrFaceUpJoker", true,
                          "Ace alteration: the Maker may move A♦ and a face-up Joker (A-G1-17)"),
      OptionSpec::boolean("scoreCountsAce", true,
                          "scoring: the A♥ counts as a heart left (A-G1-30)"),
      OptionSpec::boolean("scoreCountsCompassOnTable", true,
                          "scoring: a Compass card still on the table counts (A-G1-30)"),
      OptionSpec::boolean("moverSpentOnCancel", false,
                          "Mover: a move cancelled because the Joker would be unreachable still "
                          "spends the heart(s) (A-G1-16, A-G1-40)"),
      OptionSpec::boolean("recallIncludesDamageDiscards", false,
                          "Recall: a special heart lost to damage or a save counts as used "
                          "(A-G1-23)"),
      OptionSpec::boolean("advanced", false,
                          "the advanced game: J♦ Magic Rope, Q♦ Magic Veil and K♦ Magic Mirror, "
                          "the Joker reachable eventually through artifacts (G1.4)"),
      OptionSpec::choice("board", "square", {"square", "hex"},
                         "the maze's grid: square, or the hexagonal variant (G1.4)"),
      OptionSpec::choice("matchGames", "1", {"1", "2", "4"},
                         "match play: games in the match, the seats alternating roles, the higher "
                         "total of the Runner's scores wins (G1.3.7)"),
      OptionSpec::choice("roles", "random", {"random", "seat0Maker", "seat0Runner"},
                         "who makes the (first) maze: drawn at random at the start, seat 0 or "
                         "seat 1 (G1.2 step 1)"),
      OptionSpec::integer("kingStudySeconds", 30, 0, 600,
                          "King trial: seconds a human Runner's client shows the maze before the "
                          "Maker's flip (G1.6.2); told in the view, no effect on the rules"),
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

// ---- Legal actions --------------------------------------------------------------------------

// A placement keeps a valid completion possible (layout.h completion_possible).
bool State::build_ok(const Layout& l) const {
  return completion_possible(l);
}

bool State::placement_ok(int card, int cell) const {
  if (card < 0 || card >= kNumCards || cell < 0 || cell >= kCells) return false;
  if (layout_.pos[card] >= 0 || layout_.at[cell] >= 0) return false;
  if (layout_.count == 0) return true;  // any first card anywhere (legal_build lists them all)
  if (!layout_.touches_card(cell)) return false;
  Layout l = layout_;
  l.place(card, cell);
  return build_ok(l);
}

void State::legal_build(ActionList& out) const {
  const std::uint64_t left = kAllCards & ~layout_.placed();
  if (layout_.count == 0) {
    // 64,000 actions: one allocation, not a doubling vector's copies of half a megabyte.
    out.reserve(out.size() + std::size_t{kNumCards} * kCells);
    for (int id = 0; id < kNumCards; ++id) {
      for (int cell = 0; cell < kCells; ++cell) out.push_back(kPlaceBase + id * kCells + cell);
    }
    return;
  }
  // Cards of one class (A♦, Joker, other diamonds, other cards) are interchangeable for the
  // build constraint, so one feasibility search per class and cell decides them all.
  constexpr std::uint64_t kAd = std::uint64_t{1} << kAceOfDiamonds;
  constexpr std::uint64_t kJk = std::uint64_t{1} << kJoker;
  const std::array<std::uint64_t, 4> classes = {left & kAd, left & kJk, left & kDiamondMask & ~kAd,
                                                left & ~kDiamondMask & ~kJk};
  std::vector<int> cells;  // the empty cells next to the layout, each once
  std::array<bool, kCells> seen{};
  std::array<int, 6> nb{};
  for (int id = 0; id < kNumCards; ++id) {
    if (layout_.pos[id] < 0) continue;
    const int n = layout_.neighbors(layout_.pos[id], nb);
    for (int i = 0; i < n; ++i) {
      if (layout_.at[nb[i]] >= 0 || seen[nb[i]]) continue;
      seen[nb[i]] = true;
      cells.push_back(nb[i]);
    }
  }
  // One look at the layout answers for most cells and classes (placement_verdicts) instead of a
  // search per cell and class; not the advanced game's last card, checked by the closure.
  const bool verdicts_apply = !(layout_.advanced && layout_.count + 1 == kNumCards);
  const std::vector<PlacementVerdict> verdicts =
      verdicts_apply ? placement_verdicts(layout_, cells) : std::vector<PlacementVerdict>{};
  Layout scratch = layout_;
  Layout* l = &scratch;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const int cell = cells[i];
    for (std::size_t k = 0; k < classes.size(); ++k) {
      const std::uint64_t cls = classes[k];
      if (cls == 0) continue;
      int ok = -1;
      if (verdicts_apply) {
        const PlacementVerdict& v = verdicts[i];
        ok = k == 0 ? v.ace : k == 1 ? v.joker : k == 2 ? v.diamond : v.other;
      }
      if (ok < 0) {
        const int rep = std::countr_zero(cls);
        l->place(rep, cell);
        ok = build_ok(*l);
        l->remove(rep);
      }
      if (ok == 0) continue;
      for (std::uint64_t m = cls; m != 0; m &= m - 1) {
        out.push_back(kPlaceBase + std::countr_zero(m) * kCells + cell);
      }
    }
  }
  std::sort(out.begin(), out.end());
}

void State::legal_main(ActionList& out) const {
  const std::uint64_t ex = layout_.explorable(layout_.active());
  for (int cell = 0; cell < kCells; ++cell) {
    const int c = layout_.at[cell];
    if (c >= 0 && ((ex >> c) & 1)) out.push_back(kExploreBase + cell);
  }
  if (compass_ == CompassState::kTable) out.push_back(kWithdraw);
  if (compass_usable()) out.push_back(kUseCompass);
  legal_powers(out);
}

bool State::alteration_ok(Action a) const {
  Layout l = layout_;
  if (a >= kSwapBase && a < kMoveBase) {
    const auto i = a - kSwapBase;
    const int x = static_cast<int>(i / kCells);
    const int y = static_cast<int>(i % kCells);
    if (x >= y || y >= kCells || l.at[x] < 0 || l.at[y] < 0) return false;
    if (!config_.maker_moves_ad_joker) {
      for (int c : {l.at[x], l.at[y]}) {
        if (c == kAceOfDiamonds || (c == kJoker && l.face_up(kJoker))) return false;
      }
    }
    l.swap_cells(x, y);
    return l.maze_ok();
  }
  if (a >= kMoveBase && a < kActionEnd) {
    const auto i = a - kMoveBase;
    const int from = static_cast<int>(i / kCells);
    const int to = static_cast<int>(i % kCells);
    const int c = l.at[from];
    if (c < 0 || l.at[to] >= 0) return false;
    if (!config_.maker_moves_ad_joker &&
        (c == kAceOfDiamonds || (c == kJoker && l.face_up(kJoker)))) {
      return false;
    }
    l.move(from, to);
    return l.touches_card(to) && l.connected() && l.maze_ok();
  }
  return a == kPass;
}

void State::legal_alteration(ActionList& out) const {
  out.push_back(kPass);
  legal_rearrangements(out, false);
}

// Every swap and move the Maker's alteration (mover = false) or the Runner's Mover may propose.
void State::legal_rearrangements(ActionList& out, bool mover) const {
  const auto ok = [&](Action a) { return mover ? mover_ok(a) : alteration_ok(a); };
  std::array<int, kNumCards> cells{};
  int n = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    if (layout_.at[cell] >= 0) cells[n++] = cell;
  }
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const Action a = kSwapBase + Action{cells[i]} * kCells + cells[j];
      if (ok(a)) out.push_back(a);
    }
  }
  // Vacant cells next to the layout (A-G1-18).
  std::array<bool, kCells> seen{};
  std::array<int, 6> nb{};
  std::vector<int> vacant;
  for (int i = 0; i < n; ++i) {
    const int k = layout_.neighbors(cells[i], nb);
    for (int j = 0; j < k; ++j) {
      if (layout_.at[nb[j]] < 0 && !seen[nb[j]]) {
        seen[nb[j]] = true;
        vacant.push_back(nb[j]);
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    // The Mover's moves: when the maze stays in one piece without the moved card, a vacant cell
    // keeps it in one piece iff it touches another card (no layout copy per target).
    bool removable = false;
    if (mover) {
      Layout l = layout_;
      l.remove(l.at[cells[i]]);
      removable = l.connected();
    }
    for (int to : vacant) {
      const Action a = kMoveBase + Action{cells[i]} * kCells + to;
      if (removable) {
        if (!mover_fixed(layout_.at[cells[i]]) && touches_other(to, cells[i])) out.push_back(a);
      } else if (ok(a)) {
        out.push_back(a);
      }
    }
  }
  std::sort(out.begin(), out.end());
}

bool State::mover_fixed(int card) const {
  return card == kAceOfDiamonds || (card == kJoker && layout_.face_up(kJoker));
}

bool State::touches_other(int cell, int except) const {
  std::array<int, 6> nb{};
  const int k = layout_.neighbors(cell, nb);
  for (int j = 0; j < k; ++j) {
    if (nb[j] != except && layout_.at[nb[j]] >= 0) return true;
  }
  return false;
}

void State::legal_cells_face_down(ActionList& out, Action base, int per, int extra) const {
  for (int cell = 0; cell < kCells; ++cell) {
    const int c = layout_.at[cell];
    if (c < 0 || layout_.face_up(c)) continue;
    for (int k = 0; k < extra; ++k) out.push_back(base + Action{cell} * per + k);
  }
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  const Task* t = top();
  const int preds = config_.predict_joker ? 4 : 3;
  const int max_count = config_.topo == Topology::kHex ? 6 : 8;
  switch (decision()) {
    case Decision::kNone:
      return;
    case Decision::kPlace:
      legal_build(out);
      return;
    case Decision::kCompass:
      for (int r = 2; r <= 13; ++r) {
        if (in_hand(r)) out.push_back(kCompassBase + r);
      }
      return;
    case Decision::kMain:
      legal_main(out);
      return;
    case Decision::kDamageWindow:
    case Decision::kTrialWindow:
      out = {kWithdraw, kContinue};
      return;
    case Decision::kDamagePick:
      for (int r = 1; r <= 13; ++r) {
        if (in_hand(r)) out.push_back(kPickBase + r);
      }
      return;
    case Decision::kRoles:
      out = {kRolesBase, kRolesBase + 1};
      return;
    case Decision::kSave:
      save_actions(out);
      std::sort(out.begin(), out.end());
      return;
    case Decision::kTenSpadesFlip: {
      std::array<int, 8> ring{};
      const int n = layout_.area(t->cell, ring);
      for (int i = 0; i < n; ++i) {
        const int c = layout_.at[ring[i]];
        if (c >= 0 && !layout_.face_up(c)) out.push_back(kCellBase + ring[i]);
      }
      std::sort(out.begin(), out.end());
      return;
    }
    case Decision::kCountGuess:
      for (int s = 0; s < 3; ++s) {
        if (t->trial == TrialKind::kTenDiamonds && s != t->aux) continue;
        for (int k = 0; k <= max_count; ++k) out.push_back(kGuessBase + s * 16 + k);
      }
      return;
    case Decision::kTenDiamondsSuit:
      out = {kSuitBase, kSuitBase + 1, kSuitBase + 2};
      return;
    case Decision::kJackPredict:
      legal_cells_face_down(out, kPredictAtBase, 4, preds);
      return;
    case Decision::kQueenPick:
      legal_cells_face_down(out, kCellBase, 1, 1);
      return;
    case Decision::kQueenPredict:
      for (int k = 0; k < preds; ++k) out.push_back(kPredictBase + k);
      return;
    case Decision::kKingFlip:
      for (int cell = 0; cell < kCells; ++cell) {
        if (layout_.at[cell] >= 0) out.push_back(kCellBase + cell);
      }
      return;
    case Decision::kKingName:
      for (int cell = 0; cell < kCells; ++cell) {
        if (layout_.at[cell] < 0) continue;
        for (int id = 0; id < kNumCards; ++id) out.push_back(kNameBase + cell * kNumCards + id);
      }
      return;
    case Decision::kAlteration:
      legal_alteration(out);
      return;
    case Decision::kAdvisorAsk:
    case Decision::kPathfinderPick:
    case Decision::kSeerPick:
    case Decision::kMoverMove:
      legal_power_task(out);
      return;
  }
}

std::string State::illegal_reason(Action a) const {
  if (phase_ == Phase::kOver) return "the game is over";
  const Decision d = decision();
  if (d == Decision::kPlace) {
    if (a < kPlaceBase || a >= kCompassBase) return "the Maker is building the maze: place a card";
    const int card = static_cast<int>(a / kCells);
    const int cell = static_cast<int>(a % kCells);
    if (layout_.pos[card] >= 0) return card_code(card) + " is already in the maze";
    if (layout_.at[cell] >= 0) return "cell " + cell_name(cell) + " is already taken";
    if (layout_.count > 0 && !layout_.touches_card(cell)) {
      return "cell " + cell_name(cell) + " does not touch the maze edge to edge (G1.1)";
    }
    if (!placement_ok(card, cell)) {
      return fmt::format(
          "{} on {} would leave no way to complete a diamond path from A♦ to the Joker with the "
          "cards left (G1.2)",
          card_code(card), cell_name(cell));
    }
    return "";
  }
  if (d == Decision::kAlteration) {
    if (alteration_ok(a)) return "";
    return "not an alteration the Maker may make: a swap of two cards or a move to a vacant cell "
           "next to the maze, keeping the maze in one piece and a diamond path from A♦ to the "
           "Joker (G1.3.6)";
  }
  if (d == Decision::kMain && a >= kUsePowerBase && a < kTokenBase &&
      (a < kUsePowerBase + 4 || a >= kRecallBase)) {
    return power_use_ok(a) ? "" : decision_reason(a);  // no need to list 900 recalls per check
  }
  if (d == Decision::kAdvisorAsk && a >= kTokenBase && a < kTokenEnd) {
    if (aql::token_allowed(q_.data(), q_len_, layout_.topo, static_cast<int>(a - kTokenBase))) {
      return "";
    }
    return decision_reason(a);
  }
  if (d == Decision::kMoverMove && a >= kSwapBase && a < kActionEnd) {
    if (mover_ok(a)) return "";
    return "not a move the Mover may make: swap two cards or move one to a vacant cell next to "
           "the maze keeping it in one piece, never A♦ nor a face-up Joker (G1.3.4)";
  }
  if (d == Decision::kKingName && a >= kNameBase && a < kNameBase + kCells * kNumCards &&
      layout_.at[(a - kNameBase) / kNumCards] >= 0) {
    return "";  // any occupied cell and any maze card (1,600 answers: no list needed)
  }
  ActionList legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return "";
  return decision_reason(a);
}

std::string State::decision_reason(Action a) const {
  switch (decision()) {
    case Decision::kMain:
      if (a >= kExploreBase && a < kWithdraw) {
        return "cell " + cell_name(static_cast<int>(a - kExploreBase)) +
               " is not a face-down card next to an active diamond (G1.3: explore)";
      }
      if (a == kUseCompass) return "the Compass is not usable: its diamond is not active (G1.3)";
      if (a == kWithdraw) return "the Compass card is not on the table";
      if (a >= kUsePowerBase && a < kUsePowerBase + 4) {
        return heart_code(static_cast<int>(10 + a - kUsePowerBase)) +
               " is not in the Runner's hand (G1.3.4)";
      }
      if (a >= kRecallBase && a < kTokenBase) {
        return "a recall repeats a power already used by discarding three hearts from the hand, "
               "not A♥ (G1.3.4, A-G1-23)";
      }
      return "the Runner explores, withdraws or uses the Compass or a special heart now (MAIN)";
    case Decision::kCompass:
      return "the Runner chooses a non-Ace heart from her hand as the Compass card";
    case Decision::kDamageWindow:
    case Decision::kTrialWindow:
      return "the Runner may withdraw the Compass card or continue (G1.6.4)";
    case Decision::kDamagePick:
      return "chance picks a heart from the Runner's hand";
    case Decision::kRoles:
      return "chance draws the seat that makes the first maze (G1.2 step 1)";
    case Decision::kSave:
      return "A♥ was picked: discard 10♥/J♥/Q♥/K♥ or two hearts matching active diamonds "
             "(G1.3.3); the Compass may not be withdrawn now";
    case Decision::kTenSpadesFlip:
      return "the 10♠ trial: turn up a face-down card around the 10♠";
    case Decision::kCountGuess:
      return "a ten trial: guess how many cards of the suit surround the ten";
    case Decision::kTenDiamondsSuit:
      return "the 10♦ trial: the Maker picks a suit (C, D or S)";
    case Decision::kJackPredict:
      return "the Jack trial: pick a face-down card and predict its suit";
    case Decision::kQueenPick:
      return "the Queen trial: the Maker picks a face-down card";
    case Decision::kQueenPredict:
      return "the Queen trial: predict the suit of the chosen card";
    case Decision::kKingFlip:
      return "the King trial: the Maker flips one card of the maze";
    case Decision::kKingName:
      return "the King trial: name the flipped card's cell and identity";
    case Decision::kAdvisorAsk:
      return question_length() == 0 && top()->step == 1
                 ? "the Advisor: ask the second question or stop (A-G1-41)"
                 : "the Advisor: the next token of the question (expected " +
                       std::string(
                           aql::slot_name(aql::pending(q_.data(), q_len_)
                                              .slot[aql::pending(q_.data(), q_len_).n - 1])) +
                       ")";
    case Decision::kPathfinderPick:
      return "the Pathfinder: choose the active diamond she stands on";
    case Decision::kSeerPick:
      return "the Seer: choose a face-down card to turn up";
    case Decision::kMoverMove:
      return "the Mover: propose a swap or a move";
    default:
      return "not a legal action now";
  }
}

// ---- Applying actions -----------------------------------------------------------------------

void State::discard(int rank) {
  hand_ &= static_cast<std::uint16_t>(~(1u << rank));
  discards_[num_discards_++] = static_cast<std::int8_t>(rank);
}

void State::finish(Player winner) {
  winner_ = static_cast<std::int8_t>(winner);
  phase_ = Phase::kOver;
  depth_ = 0;
  layout_.dormant = 0;  // no trial is pending any more
  if (game_no_ + 1 < config_.match_games) next_game();
}

// Match play (G1.3.7): the game's score is kept and the next game starts at once with the roles
// swapped; everything else is as in a fresh game.
void State::next_game() {
  results_[static_cast<std::size_t>(game_no_)] = static_cast<std::int8_t>(score());
  earlier_[static_cast<std::size_t>(game_no_)] = layout_.pos;
  State fresh(config_);
  fresh.game_no_ = static_cast<std::int8_t>(game_no_ + 1);
  fresh.results_ = results_;
  fresh.earlier_ = earlier_;
  fresh.first_maker_ = first_maker_;
  *this = fresh;
}

Layout State::earlier_maze(int g) const {
  Layout l;
  l.topo = config_.topo;
  l.advanced = config_.advanced;
  const auto& cells = earlier_[static_cast<std::size_t>(g)];
  for (int id = 0; id < kNumCards; ++id) {
    if (cells[static_cast<std::size_t>(id)] >= 0) l.place(id, cells[static_cast<std::size_t>(id)]);
  }
  l.up = l.placed();
  return l;
}

Player State::game_winner(int g) const {
  if (g == game_no_) return winner_;
  return results_[static_cast<std::size_t>(g)] > 0 ? kRunner : kMaker;
}

std::array<int, 2> State::totals() const {
  std::array<int, 2> t{};
  const int done = game_no_ + (phase_ == Phase::kOver ? 1 : 0);
  for (int g = 0; g < done; ++g) {
    const int runner_seat = kRunner ^ (first_maker_ > 0 ? 1 : 0) ^ (g & 1);
    t[static_cast<std::size_t>(runner_seat)] += g == game_no_ ? score() : results_[g];
  }
  return t;
}

void State::finish_build() {
  // Shift the maze to the top-left corner of the box: the Runner sees the shape, not where on the
  // table the Maker happened to start.
  int x0 = kSide;
  int y0 = kSide;
  for (int id = 0; id < kNumCards; ++id) {
    x0 = std::min(x0, cell_x(layout_.pos[id]));
    y0 = std::min(y0, cell_y(layout_.pos[id]));
  }
  Layout l;
  l.topo = layout_.topo;
  l.advanced = layout_.advanced;
  for (int id = 0; id < kNumCards; ++id) {
    const int c = layout_.pos[id];
    l.place(id, make_cell(cell_x(c) - x0, cell_y(c) - y0));
  }
  l.up = std::uint64_t{1} << kAceOfDiamonds;  // G1.2 step 4
  layout_ = l;
  phase_ = Phase::kCompass;
}

void State::push_damage(std::uint8_t flags, int units) {
  for (int i = 0; i < units; ++i) {
    Task t;
    t.kind = TaskKind::kDamage;
    t.flags = flags;
    push(t);
  }
}

void State::push_encounter(int cell) {
  Task t;
  t.kind = TaskKind::kEncounter;
  t.cell = static_cast<std::int16_t>(cell);
  push(t);
  // An artifact's power starts only once its trial is over (G1.3.2 step 5, A-G1-38).
  const int card = layout_.at[cell];
  if (config_.advanced && ((kArtifactMask >> card) & 1)) {
    layout_.dormant |= std::uint64_t{1} << card;
  }
}

void State::expand_encounter(const Task& e) {
  const int card = layout_.at[e.cell];
  const int rank = card_rank(card);
  if (config_.advanced && ((kArtifactMask >> card) & 1)) {
    Task w;
    w.kind = TaskKind::kWake;
    w.aux = static_cast<std::int8_t>(card);
    push(w);
  }
  // Pushed in reverse: damage first, then the trial, then the alteration (G1.3.2, A-G1-19).
  if (rank == 1 && card != kAceOfDiamonds) {
    Task t;
    t.kind = TaskKind::kAlteration;
    t.cell = e.cell;
    push(t);
  }
  if (rank >= 10) {
    Task t;
    t.kind = TaskKind::kTrial;
    t.cell = e.cell;
    t.trial = rank == 11           ? TrialKind::kJack
              : rank == 12         ? TrialKind::kQueen
              : rank == 13         ? TrialKind::kKing
              : card == kTenSpades ? TrialKind::kTenSpades
              : card == kTenClubs  ? TrialKind::kTenClubs
                                   : TrialKind::kTenDiamonds;
    push(t);
  }
  if (card_suit(card) == kSpades) push_damage(0);
}

// Runs everything that needs no decision, until a decision or the end: the state-based win
// (A-G1-11), encounters, windows that cannot be offered (A-G1-36), trials with nothing to pick.
void State::settle() {
  for (;;) {
    if (phase_ == Phase::kOver) return;
    if (phase_ == Phase::kCompass) {
      if ((hand_ & 0x3ffc) == 0) {
        phase_ = Phase::kPlay;
        continue;
      }
      return;
    }
    if (phase_ != Phase::kPlay) return;
    if (layout_.joker_active(layout_.active())) return finish(kRunner);
    if (depth_ == 0) {
      // MAIN has no action (cannot happen while the maze is valid, G1.3.1): checked without
      // listing the recalls.
      const bool recall = recallable() != 0 && std::popcount(hand_ & 0x3ffcu) >= 3;
      if (layout_.explorable(layout_.active()) == 0 && compass_ != CompassState::kTable &&
          (hand_ & 0x3c00u) == 0 && !recall) {
        finish(kMaker);
      }
      return;
    }
    Task& t = top_task();
    switch (t.kind) {
      case TaskKind::kEncounter: {
        const Task e = t;
        pop();
        expand_encounter(e);
        continue;
      }
      case TaskKind::kWake:
        layout_.dormant &= ~(std::uint64_t{1} << t.aux);
        pop();
        continue;
      case TaskKind::kAlteration:
      case TaskKind::kAdvisor:
      case TaskKind::kPathfinder:
      case TaskKind::kMover:
        return;
      case TaskKind::kSeer:
        if (layout_.up == kAllCards) {  // fewer than two face-down cards: as many as exist [R]
          pop();
          continue;
        }
        return;
      case TaskKind::kDamage:
        if (t.step == 0 && (compass_ != CompassState::kTable || (t.flags & kNoWindow))) {
          t.step = 1;
          continue;
        }
        if (t.step == 2) {
          ActionList saves;
          save_actions(saves);
          if (saves.empty()) finish(kMaker);  // her soul is stolen
        }
        return;
      case TaskKind::kTrial:
        if (t.step == 0 && compass_ != CompassState::kTable) {
          t.step = 1;
          continue;
        }
        if (t.step == 1) {
          ActionList picks;
          if (t.trial == TrialKind::kTenSpades || t.trial == TrialKind::kJack ||
              t.trial == TrialKind::kQueen) {
            legal_actions(picks);
            if (picks.empty()) {  // nothing face down to pick: no effect [T][R]
              pop();
              continue;
            }
          }
        }
        return;
    }
  }
}

void State::apply_main(Action a) {
  if (a == kWithdraw) {
    hand_ |= static_cast<std::uint16_t>(1u << compass_rank_);
    compass_ = CompassState::kWithdrawn;
  } else if (a == kUseCompass) {
    discards_[num_discards_++] = compass_rank_;
    compass_ = CompassState::kUsed;
    layout_.set_up(kJoker, true);
  } else if (a >= kUsePowerBase) {
    apply_power_use(a);
  } else {
    const int cell = static_cast<int>(a - kExploreBase);
    flip_up(cell);
    push_encounter(cell);
  }
}

void State::apply_damage(Action a) {
  Task& t = top_task();
  if (a == kWithdraw || a == kContinue) {
    if (a == kWithdraw) apply_main(kWithdraw);
    t.step = 1;
    return;
  }
  if (a >= kPickBase && a < kSaveOneBase) {
    const int r = static_cast<int>(a - kPickBase);
    if (r == 1) {
      t.step = 2;  // A♥ is kept; a save must follow (no window here [T])
    } else {
      discard(r);
      pop();
    }
    return;
  }
  if (a < kSavePairBase) {
    discard(static_cast<int>(a - kSaveOneBase));
  } else {
    const int i = static_cast<int>(a - kSavePairBase);
    discard(i / 14);
    discard(i % 14);
  }
  pop();
}

void State::record_ten(const Task& t, int suit, int guess) {
  TenResult& r = tens_[card_suit(layout_.at[t.cell])];
  r.cell = t.cell;
  r.ten = layout_.at[t.cell];
  r.suit = static_cast<std::int8_t>(suit);
  r.guess = static_cast<std::int8_t>(guess);
  r.actual = static_cast<std::int8_t>(layout_.count_in_area(t.cell, suit));
  r.valid = true;
}

void State::apply_trial(Action a) {
  Task& t = top_task();
  if (t.step == 0) {
    if (a == kWithdraw) apply_main(kWithdraw);
    t.step = 1;
    return;
  }
  const Task cur = t;
  switch (decision()) {
    case Decision::kTenSpadesFlip: {
      const int cell = static_cast<int>(a - kCellBase);
      flip_up(cell);
      pop();
      if (!hand_matches(card_value(layout_.at[cell]))) push_damage(kNoWindow);
      return;
    }
    case Decision::kCountGuess: {
      const int i = static_cast<int>(a - kGuessBase);
      record_ten(cur, i / 16, i % 16);
      pop();
      const TenResult& r = tens_[card_suit(layout_.at[cur.cell])];
      if (r.guess != r.actual) push_damage(0);
      return;
    }
    case Decision::kTenDiamondsSuit:
      t.aux = static_cast<std::int8_t>(a - kSuitBase);
      t.step = 2;
      return;
    case Decision::kJackPredict: {
      const int i = static_cast<int>(a - kPredictAtBase);
      const int cell = i / 4;
      const int card = layout_.at[cell];
      // A-G1-39: "adjacent to an active diamond" is judged before the card turns up.
      const bool reachable = (layout_.explorable(layout_.active()) >> card) & 1;
      flip_up(cell);
      pop();
      if (reachable) push_encounter(cell);
      if (i % 4 != card_suit(card)) push_damage(0);
      return;
    }
    case Decision::kQueenPick:
      t.cell2 = static_cast<std::int16_t>(a - kCellBase);
      t.step = 2;
      return;
    case Decision::kQueenPredict: {
      const int card = layout_.at[cur.cell2];
      flip_up(cur.cell2);
      pop();
      if (static_cast<int>(a - kPredictBase) != card_suit(card)) push_damage(0);
      return;
    }
    case Decision::kKingFlip: {
      const int cell = static_cast<int>(a - kCellBase);
      const int card = layout_.at[cell];
      t.cell2 = static_cast<std::int16_t>(cell);
      if (layout_.face_up(card)) t.flags |= kWasUp;
      layout_.set_up(card, !layout_.face_up(card));
      t.step = 2;
      return;
    }
    case Decision::kKingName: {
      const int i = static_cast<int>(a - kNameBase);
      const int flipped = layout_.at[cur.cell2];
      const int wrong = (i / kNumCards != cur.cell2) + (i % kNumCards != flipped);
      if (cur.flags & kWasUp) layout_.set_up(flipped, true);  // restored before damage, A-G1-37
      pop();
      push_damage(0, wrong);
      return;
    }
    default:
      return;
  }
}

void State::apply_alteration(Action a) {
  if (a >= kSwapBase && a < kMoveBase) {
    const auto i = a - kSwapBase;
    layout_.swap_cells(static_cast<int>(i / kCells), static_cast<int>(i % kCells));
  } else if (a >= kMoveBase) {
    const auto i = a - kMoveBase;
    layout_.move(static_cast<int>(i / kCells), static_cast<int>(i % kCells));
  }
  // The Runner looked away: what she counted around a ten may have moved. A pass counts too, or
  // the flags would tell her a pass from a swap of two face-down cards (G1.6.3).
  forget_positions();
  pop();
}

void State::apply_legal(Action a) {
  switch (decision()) {
    case Decision::kPlace:
      layout_.place(static_cast<int>(a / kCells), static_cast<int>(a % kCells));
      if (layout_.count == kNumCards) finish_build();
      break;
    case Decision::kCompass:
      compass_rank_ = static_cast<std::int8_t>(a - kCompassBase);
      hand_ &= static_cast<std::uint16_t>(~(1u << compass_rank_));
      compass_ = CompassState::kTable;
      phase_ = Phase::kPlay;
      break;
    case Decision::kMain:
      apply_main(a);
      break;
    case Decision::kDamageWindow:
    case Decision::kDamagePick:
    case Decision::kSave:
      apply_damage(a);
      break;
    case Decision::kAlteration:
      apply_alteration(a);
      break;
    case Decision::kNone:
      return;
    case Decision::kRoles:
      first_maker_ = static_cast<std::int8_t>(a - kRolesBase);
      break;
    case Decision::kAdvisorAsk:
    case Decision::kPathfinderPick:
    case Decision::kSeerPick:
    case Decision::kMoverMove:
      apply_power_task(a);
      break;
    default:
      apply_trial(a);
      break;
  }
  settle();
}

std::vector<ChanceOutcome> State::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (decision() == Decision::kRoles) return {{kRolesBase, 0.5}, {kRolesBase + 1, 0.5}};
  if (decision() != Decision::kDamagePick) return out;
  const double p = 1.0 / std::popcount(hand_);
  for (int r = 1; r <= 13; ++r) {
    if (in_hand(r)) out.push_back({kPickBase + r, p});
  }
  return out;
}

Action State::sample_chance(Rng& rng) const {
  if (decision() == Decision::kRoles) return kRolesBase + static_cast<Action>(rng.below(2));
  auto k = static_cast<int>(rng.below(static_cast<std::uint64_t>(std::popcount(hand_))));
  for (int r = 1; r <= 13; ++r) {
    if (in_hand(r) && k-- == 0) return kPickBase + r;
  }
  return kNoAction;
}

std::vector<double> State::returns() const {
  if (phase_ != Phase::kOver) return {0.0, 0.0};
  if (config_.match_games == 1) {
    return seat_of(winner_) == 1 ? std::vector<double>{-1.0, 1.0} : std::vector<double>{1.0, -1.0};
  }
  // A match: the higher total wins (G1.3.7); equal totals are a draw.
  const auto t = totals();
  if (t[0] == t[1]) return {0.0, 0.0};
  return t[0] > t[1] ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

}  // namespace mw::pathfinder_cards
