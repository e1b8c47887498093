// Pathfinder Cards: the legal actions of every decision and why an action is refused.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <string>

#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {

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

// Cards of one class (A♦, Joker, other diamonds, other cards; in the advanced game each
// artifact) are interchangeable for the build constraint, so one feasibility search per class
// and cell decides them all.
std::array<std::uint64_t, kPlacementClasses> State::placement_classes() const {
  const std::uint64_t left = kAllCards & ~layout_.placed();
  constexpr std::uint64_t kAd = std::uint64_t{1} << kAceOfDiamonds;
  constexpr std::uint64_t kJk = std::uint64_t{1} << kJoker;
  // In the advanced game each artifact is a class of its own: its edges may be what completes
  // the maze (the basic verdicts still answer "yes" for it as for any diamond).
  const std::uint64_t arts = layout_.advanced ? left & kArtifactMask : 0;
  return {left & kAd,
          left & kJk,
          left & kDiamondMask & ~kAd & ~arts,
          left & ~kDiamondMask & ~kJk,
          arts & (std::uint64_t{1} << kRopeCard),
          arts & (std::uint64_t{1} << kVeilCard),
          arts & (std::uint64_t{1} << kMirrorCard)};
}

// A card of class `cls` (its lowest card stands for all) on `cell` keeps a completion possible.
// `scratch` holds the layout and is given back unchanged.
bool State::class_fits(std::uint64_t cls, int cell, Layout& scratch) const {
  const int rep = std::countr_zero(cls);
  scratch.place(rep, cell);
  const bool ok = build_ok(scratch);
  scratch.remove(rep);
  return ok;
}

void State::legal_build(ActionList& out) const {
  const std::uint64_t left = kAllCards & ~layout_.placed();
  if (layout_.count == 0) {
    // 64,000 actions, id * kCells + cell in order: one allocation and one plain fill (a search
    // lists them at its root on every iteration).
    constexpr int kPlacements = kNumCards * kCells;
    const std::size_t first = out.size();
    out.resize(first + kPlacements);
    Action* const placements = out.data() + first;
    for (int i = 0; i < kPlacements; ++i) placements[i] = kPlaceBase + i;
    return;
  }
  const std::array<std::uint64_t, kPlacementClasses> classes = placement_classes();
  std::vector<int> cells;  // the empty cells next to the layout, each once, in ascending order
  cells.reserve(4 * kNumCards);
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
  std::sort(cells.begin(), cells.end());
  // One look at the layout answers for most cells and classes (placement_verdicts) instead of a
  // search per cell and class; not the advanced game's last card, checked by the closure.
  const bool verdicts_apply = !(layout_.advanced && layout_.count + 1 == kNumCards);
  const std::vector<PlacementVerdict> verdicts =
      verdicts_apply ? placement_verdicts(layout_, cells) : std::vector<PlacementVerdict>{};
  Layout scratch = layout_;
  // fits[k][i]: a card of class k may go on cells[i]. Each placement is judged on its own,
  // exactly as placement_ok judges it: a bounded search's answer must not depend on the
  // questions asked before it.
  std::array<std::array<bool, 6 * kNumCards>, classes.size()> fits;  // at most 6 per card
  for (std::size_t k = 0; k < classes.size(); ++k) {
    const std::uint64_t cls = classes[k];
    if (cls == 0) continue;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      int ok = -1;
      if (verdicts_apply) {
        const PlacementVerdict& v = verdicts[i];
        ok = k == 0 ? v.ace : k == 1 ? v.joker : k == 3 ? v.other : v.diamond;
        // The verdicts answer for a basic completion; the advanced game may still have one
        // through an artifact (completion_possible).
        if (ok == 0 && layout_.advanced) ok = -1;
      }
      if (ok < 0) ok = class_fits(cls, cells[i], scratch);
      fits[k][i] = ok != 0;
    }
  }
  // By card, then by cell: the actions in ascending order without sorting a thousand of them.
  for (std::uint64_t m = left; m != 0; m &= m - 1) {
    const int id = std::countr_zero(m);
    std::size_t k = 0;
    while (!((classes[k] >> id) & 1)) ++k;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (fits[k][i]) out.push_back(kPlaceBase + id * kCells + cells[i]);
    }
  }
}

void State::legal_main(ActionList& out) const {
  std::array<int, kNumCards> cells{};
  const int n = layout_.cells_of(layout_.explorable(layout_.active()) & layout_.placed(), cells);
  for (int i = 0; i < n; ++i) out.push_back(kExploreBase + cells[i]);
  if (compass_ == CompassState::kTable) out.push_back(kWithdraw);
  if (compass_usable()) out.push_back(kUseCompass);
  legal_powers(out);
}

std::optional<MoveSpec> decode_move(Action a) {
  if (a >= kMoveBase && a < kActionEnd) {
    const auto i = a - kMoveBase;
    const auto to = static_cast<int>(i % kCells);
    return MoveSpec{static_cast<int>(i / kCells), cell_x(to), cell_y(to)};
  }
  if (a >= kMoveOutBase && a < kMoveOutEnd) {
    const auto i = a - kMoveOutBase;
    const auto frame = static_cast<int>(i % (kFrameSide * kFrameSide));
    return MoveSpec{static_cast<int>(i / (kFrameSide * kFrameSide)), frame % kFrameSide - 1,
                    frame / kFrameSide - 1};
  }
  return std::nullopt;
}

// Moves inside the box keep their first encoding (records store them); only targets outside it
// use the frame's (A-G1-48).
Action encode_move(int from, int x, int y) {
  if (in_box(x, y)) return kMoveBase + Action{from} * kCells + make_cell(x, y);
  return kMoveOutBase + Action{from} * (kFrameSide * kFrameSide) + (y + 1) * kFrameSide + (x + 1);
}

bool State::rearranged(Action a, Layout& out, Shift& shift) const {
  out = layout_;
  shift = Shift{};
  if (a >= kSwapBase && a < kMoveBase) {
    const auto i = a - kSwapBase;
    const int x = static_cast<int>(i / kCells);
    const int y = static_cast<int>(i % kCells);
    if (x >= y || y >= kCells || out.at[x] < 0 || out.at[y] < 0) return false;
    out.swap_cells(x, y);
    return true;
  }
  const std::optional<MoveSpec> m = decode_move(a);
  if (!m || m->from < 0 || m->from >= kCells) return false;
  return out.move_to(m->from, m->x, m->y, shift);
}

bool State::alteration_ok(Action a) const {
  if (a == kPass) return true;
  Layout l;
  Shift shift;
  if (!rearranged(a, l, shift)) return false;
  const bool swap = a < kMoveBase;
  if (!config_.maker_moves_ad_joker) {
    const auto i = a - kSwapBase;
    const std::optional<MoveSpec> m = decode_move(a);
    const std::array<int, 2> cards = {swap ? layout_.at[i / kCells] : layout_.at[m->from],
                                      swap ? layout_.at[i % kCells] : -1};
    for (int c : cards) {
      if (c == kAceOfDiamonds || (c == kJoker && layout_.face_up(kJoker))) return false;
    }
  }
  if (swap) return l.maze_ok();
  const int to = l.pos[layout_.at[decode_move(a)->from]];
  return l.touches_card(to) && l.connected() && l.maze_ok();
}

void State::legal_alteration(ActionList& out) const {
  out.push_back(kPass);
  legal_rearrangements(out, false);
}

bool State::mover_fixed(int card) const {
  return card == kAceOfDiamonds || (card == kJoker && layout_.face_up(kJoker));
}

void State::legal_cells_face_down(ActionList& out, Action base, int per, int extra) const {
  std::array<int, kNumCards> cells{};
  const int n = layout_.cells_of(layout_.placed() & ~layout_.up, cells);
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < extra; ++k) out.push_back(base + Action{cells[i]} * per + k);
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
    case Decision::kKingFlip: {
      std::array<int, kNumCards> cells{};
      const int n = layout_.cells_of(layout_.placed(), cells);
      for (int i = 0; i < n; ++i) out.push_back(kCellBase + cells[i]);
      return;
    }
    case Decision::kKingName: {
      std::array<int, kNumCards> cells{};
      const int n = layout_.cells_of(layout_.placed(), cells);
      for (int i = 0; i < n; ++i) {
        for (int id = 0; id < kNumCards; ++id) out.push_back(kNameBase + cells[i] * kNumCards + id);
      }
      return;
    }
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
      return "cell " + cell_name(cell) + " does not touch the maze edge to edge";  // G1.1
    }
    if (!placement_ok(card, cell)) {
      return fmt::format(
          "{} on {} would leave no way to complete a diamond path from A♦ to the Joker with the "
          "cards left",  // G1.2
          card_code(card), cell_name(cell));
    }
    return "";
  }
  if (d == Decision::kAlteration) {
    if (alteration_ok(a)) return "";
    return "not an alteration the Maker may make: a swap of two cards or a move to a vacant cell "
           "next to the maze, keeping the maze in one piece and a diamond path from A♦ to the "
           "Joker";  // G1.3.6
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
  if (d == Decision::kMoverMove &&
      ((a >= kSwapBase && a < kActionEnd) || (a >= kMoveOutBase && a < kMoveOutEnd))) {
    if (mover_ok(a)) return "";
    return "not a move the Mover may make: swap two cards or move one to a vacant cell next to "
           "the maze keeping it in one piece, never A♦ nor a face-up Joker";  // G1.3.4
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
               " is not a face-down card next to an active diamond";  // G1.3: explore
      }
      if (a == kUseCompass) return "the Compass is not usable: its diamond is not active";  // G1.3
      if (a == kWithdraw) return "the Compass card is not on the table";
      if (a >= kUsePowerBase && a < kUsePowerBase + 4) {
        return heart_code(static_cast<int>(10 + a - kUsePowerBase)) +
               " is not in the Runner's hand";  // G1.3.4
      }
      if (a >= kRecallBase && a < kTokenBase) {
        return "a recall repeats a power already used by discarding three hearts from the hand, "
               "not A♥";  // G1.3.4, A-G1-23
      }
      return "the Runner explores, withdraws or uses the Compass or a special heart now";  // MAIN
    case Decision::kCompass:
      return "the Runner chooses a non-Ace heart from her hand as the Compass card";
    case Decision::kDamageWindow:
    case Decision::kTrialWindow:
      return "the Runner may withdraw the Compass card or continue";  // G1.6.4
    case Decision::kDamagePick:
      return "chance picks a heart from the Runner's hand";
    case Decision::kRoles:
      return "chance draws the player who makes the first maze";  // G1.2 step 1
    case Decision::kSave:
      return "A♥ was picked: discard 10♥/J♥/Q♥/K♥ or two hearts matching active diamonds; "
             "the Compass may not be withdrawn now";  // G1.3.3
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
                 ? "the Advisor: ask the second question or stop"  // A-G1-41
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

}  // namespace mw::pathfinder_cards
