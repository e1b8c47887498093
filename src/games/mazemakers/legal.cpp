// MazeMakers: wall placements, pawn moves, legal actions, chance nodes and why actions are refused.
#include <fmt/format.h>

#include <array>
#include <bit>
#include <bitset>
#include <string>
#include <utility>

#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/rules_internal.h"

namespace mw::mazemakers {

using detail::borders_start;
using detail::kBoard;
using detail::kStartNeighbourSquares;

// ---- walls --------------------------------------------------------------------------------------

// The board squares under a pawn or a board coin (pentomino board).
Mask State::pawns_and_coins() const {
  // Without a branch per coin or pawn (which coins are on the board changes all game long), in
  // two 64-bit halves: a 128-bit shift by a variable costs several instructions.
  std::uint64_t low = 0, high = 0;
  const auto add = [&low, &high](int cell) {
    const auto c = static_cast<unsigned>(cell);  // -1 (off the board) and kStart fall outside
    const std::uint64_t bit = std::uint64_t{1} << (c & 63);
    low |= bit & (std::uint64_t{0} - std::uint64_t{c < 64});
    high |= bit & (std::uint64_t{0} - std::uint64_t{c - 64 < kCells - 64});
  };
  for (Player p = 0; p < config_.players; ++p) add(pawn_[p]);
  for (int c = 0; c < kNumCoins; ++c) add(coin_cell_[c]);
  return Mask{high} << 64 | low;
}

// Pawns and number-up coins a moved wall may not cover (G4.3 B1), plus the other walls: walls_
// without this one, since walls never overlap (A-G4-13; from_json checks it).
Mask State::blocked_for_move(int piece, Mask pawns_and_coins) const {
  const int pl = placement_[piece];
  const Mask own = pl >= 0 ? placement_mask(pl / kCells, pl % kCells) : Mask{0};
  return ~kBoard | (walls_ & ~own) | pawns_and_coins;
}

Mask State::blocked_for_move(int piece) const {
  return blocked_for_move(piece, pawns_and_coins());
}

template <class F>
void State::for_each_placement_set(int piece, const ShiftedSquares& blocked, int current,
                                   F&& f) const {
  const AnchorTable& table = anchor_table();
  const auto p = static_cast<std::size_t>(piece);
  for (int o = table.first[p]; o < table.first[p + 1]; ++o) {
    Mask fits = fitting_anchors(table, o, blocked);
    // The wall's own placement covers nothing blocked; a move must change it (A-G4-14). Two
    // placements of one piece cover the same squares only when they are the same placement.
    if (current >= 0 && current / kCells == o) fits &= ~cell_bit(current % kCells);
    f(o, fits);
  }
}

void State::add_placements(int piece, const ShiftedSquares& blocked, int current,
                           ActionList& out) const {
  for_each_placement_set(piece, blocked, current, [&out](int o, Mask fits) {
    // Anchors in increasing order, the order of the action numbers, written without a check
    // per action (a set-up wall phase lists thousands of them, at every visit of a search node),
    // one 64-bit half at a time.
    const std::size_t base = out.size();
    out.resize(base + static_cast<std::size_t>(cells_in(fits)));
    Action* next = out.data() + base;
    const Action first = kPlaceBase + o * kCells;
    for (auto low = static_cast<std::uint64_t>(fits); low != 0; low &= low - 1) {
      *next++ = first + std::countr_zero(low);
    }
    for (auto high = static_cast<std::uint64_t>(fits >> 64); high != 0; high &= high - 1) {
      *next++ = first + 64 + std::countr_zero(high);
    }
  });
}

void State::wall_move_results(int piece, std::vector<Mask>& out) const {
  const int pl = placement_[piece];
  if (tiles_board() || pl < 0) return;
  const Mask current = placement_mask(pl / kCells, pl % kCells);
  ActionList moves;
  add_placements(piece, ShiftedSquares(blocked_for_move(piece)), pl, moves);
  for (Action a : moves) {
    const int o = static_cast<int>(a - kPlaceBase) / kCells;
    const int anchor = static_cast<int>(a - kPlaceBase) % kCells;
    out.push_back((walls_ & ~current) | placement_mask(o, anchor));
  }
}

// Whether some unplaced pentomino still fits on the free board squares (setup, G4.2 step 6).
bool State::any_setup_placement() const {
  const AnchorTable& table = anchor_table();
  const ShiftedSquares taken(walls_ | ~kBoard);
  for (int piece = 0; piece < kNumPieces; ++piece) {
    if (placement_[piece] >= 0) continue;
    for (int o = table.first[piece]; o < table.first[piece + 1]; ++o) {
      if (fitting_anchors(table, o, taken) != 0) return true;
    }
  }
  return false;
}

bool State::can_place(int o, int anchor) const {
  return place_reason(kPlaceBase + o * kCells + anchor).empty();
}

// ---- movement -----------------------------------------------------------------------------------

// Whether a mover standing on occupied `cell` with `steps` left can still end its move legally
// (A-G4-17: it may not end on an occupied square, so it may enter one only with a way out).
bool State::can_finish(int cell, int steps) const {
  std::bitset<kMaxCells + 1> seen;
  seen.set(static_cast<std::size_t>(cell));
  std::array<std::int16_t, kMaxCells + 1> frontier{}, next{};
  int n_frontier = 1;
  frontier[0] = static_cast<std::int16_t>(cell);
  for (int s = 0; s < steps && n_frontier > 0; ++s) {
    int n_next = 0;
    for (int i = 0; i < n_frontier; ++i) {
      std::array<int, 8> nb{};
      const int n = neighbours(frontier[i], nb);
      for (int k = 0; k < n; ++k) {
        const int t = nb[k];
        if (t == kStart) return true;
        if (seen.test(static_cast<std::size_t>(t))) continue;
        if (occupant(t) < 0) return true;  // a free square or a coin to land on
        seen.set(static_cast<std::size_t>(t));
        if (coin_at(t) < 0) next[n_next++] = static_cast<std::int16_t>(t);
      }
    }
    frontier = next;
    n_frontier = n_next;
  }
  return false;
}

bool State::step_ok(int target) const {
  if (target == kStart) return true;
  if (!walkable(target)) return false;
  if (occupant(target) < 0) return true;
  if (coin_at(target) >= 0) return false;  // landing on an occupied square (A-G4-17)
  return can_finish(target, steps_left_ - 1);
}

namespace {

// The board squares orthogonally next to each cell of the 10x10 grid.
constexpr std::array<Mask, kCells> kNextTo = [] {
  std::array<Mask, kCells> out{};
  for (int cell = 0; cell < kCells; ++cell) {
    const int r = cell / kSide, c = cell % kSide;
    Mask m = 0;
    if (r > 0) m |= cell_bit(cell - kSide);
    if (c < kSide - 1) m |= cell_bit(cell + 1);
    if (r < kSide - 1) m |= cell_bit(cell + kSide);
    if (c > 0) m |= cell_bit(cell - 1);
    out[static_cast<std::size_t>(cell)] = m & kBoard;
  }
  return out;
}();

}  // namespace

// The pawn's choices this step on the pentomino board as masks (a rollout asks at every step):
// the squares step_ok allows, whether START is one, and whether stopping is allowed.
State::StepSet State::pentomino_step_set() const {
  const int from = pawn_[mover_];
  const bool on_start = from == kStart;
  const Mask near =
      (on_start ? kStartNeighbourSquares : kNextTo[static_cast<std::size_t>(from)]) & ~walls_;
  Mask others = 0;  // squares of the other living pawns
  for (Player p = 0; p < config_.players; ++p) {
    if (p != mover_ && pawn_[p] >= 0 && pawn_[p] < kCells) others |= cell_bit(pawn_[p]);
  }
  StepSet out;
  out.squares = near & ~others;
  // Another pawn's square may be entered only with a way out (A-G4-17): seldom next to the mover,
  // so tested one at a time.
  for (Mask m = near & others; m != 0; m &= m - 1) {
    const int t = lowest_cell(m);
    if (coin_at(t) < 0 && can_finish(t, steps_left_ - 1)) out.squares |= cell_bit(t);
  }
  out.start = !on_start && borders_start(from);
  const bool on_free = on_start || (others & cell_bit(from)) == 0;
  // exactMovement (A-G4-4): stopping early is allowed only when no step is possible.
  out.stop = on_free && (!config_.exact_movement || (out.squares == 0 && !out.start));
  return out;
}

Action State::StepSet::nth(int k) const {
  const int on_squares = cells_in(squares);
  if (k < on_squares) {
    Mask rest = squares;
    for (int i = 0; i < k; ++i) rest &= rest - 1;  // at most three: four squares border one
    return kStepBase + lowest_cell(rest);
  }
  return start && k == on_squares ? kStepBase + kStart : kStop;
}

void State::legal_steps(ActionList& out) const {
  std::array<Action, 9> moves;
  const int n = step_choices(moves);
  out.insert(out.end(), moves.begin(), moves.begin() + n);
}

int State::step_choices(std::array<Action, 9>& out) const {
  int k = 0;
  if (!tiles_board()) {
    const StepSet steps = pentomino_step_set();
    for (Mask m = steps.squares; m != 0; m &= m - 1) {
      out[static_cast<std::size_t>(k++)] = kStepBase + lowest_cell(m);
    }
    if (steps.start) out[static_cast<std::size_t>(k++)] = kStepBase + kStart;
    if (steps.stop) out[static_cast<std::size_t>(k++)] = kStop;
    return k;
  }
  std::array<int, 8> ok{};
  std::array<int, 8> nb{};
  const int n = neighbours(pawn_[mover_], nb);
  for (int i = 0; i < n; ++i) {
    if (step_ok(nb[i])) ok[k++] = nb[i];
  }
  for (int i = 1; i < k; ++i) {  // insertion sort: at most 8 squares
    for (int j = i; j > 0 && ok[j - 1] > ok[j]; --j) std::swap(ok[j - 1], ok[j]);
  }
  for (int i = 0; i < k; ++i) out[static_cast<std::size_t>(i)] = kStepBase + ok[i];
  const bool on_free = pawn_[mover_] == kStart || occupant(pawn_[mover_]) < 0;
  // exactMovement (A-G4-4): stopping early is allowed only when no step is possible.
  if (on_free && (!config_.exact_movement || k == 0)) out[static_cast<std::size_t>(k++)] = kStop;
  return k;
}

// ---- legal actions ------------------------------------------------------------------------------

void State::legal_wall_actions(ActionList& out) const {
  if (tiles_board()) {
    legal_tile_wall_actions(out);
    return;
  }
  if (forced_ >= 0) {
    const int pl = placement_[forced_];
    add_placements(forced_, ShiftedSquares(blocked_for_move(forced_)), pl, out);
    if (out.empty()) out.push_back(kRecover);  // A-G4-15
    return;
  }
  const Mask pawns_coins = pawns_and_coins();
  const unsigned held = walls_held();
  for (unsigned walls = held; walls != 0; walls &= walls - 1) {
    const int w = std::countr_zero(walls);
    add_placements(w, ShiftedSquares(blocked_for_move(w, pawns_coins)), placement_[w], out);
  }
  for (unsigned takes = walls_to_take(held); takes != 0; takes &= takes - 1) {
    out.push_back(kControlBase + std::countr_zero(takes));
  }
  out.push_back(kPass);
}

// Bit sets built from the walls' bytes at once (rules_internal.h): whose walls are whose changes
// every turn, and tests per wall cost more than the counting.
unsigned State::walls_held() const {
  return detail::walls_where_byte_is(owner_, mover_);
}

// control_reason(w).empty() without building the reasons (not forced, so G4.3 B2 alone): placed,
// not the mover's, and affordable: control_price(w) <= the coins in hand, that is an unowned wall
// with a coin in hand, or one whose owner has fewer coins on it than the mover has in hand.
unsigned State::walls_to_take(unsigned held) const {
  const int coins = hand(mover_);
  if (coins <= 0) return 0;
  const unsigned unowned = detail::walls_where_byte_is(owner_, -1);
  const unsigned cheaper = ~detail::walls_where_byte_at_least(owner_coins_, coins);
  unsigned placed = 0;
  for (int w = 0; w < kNumPieces; ++w) placed |= static_cast<unsigned>(placement_[w] >= 0) << w;
  return placed & ~held & (unowned | cheaper) & detail::kAllWalls;
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kSuit:
      for (int s = 0; s < kNumSuits; ++s) {
        if (((used_suits_ >> s) & 1) == 0) out.push_back(kSuitBase + s);
      }
      return;
    case Phase::kWalls: {
      const ShiftedSquares taken(walls_ | ~kBoard);
      for (int w = 0; w < kNumPieces; ++w) {
        if (placement_[w] < 0) add_placements(w, taken, -1, out);
      }
      return;
    }
    case Phase::kTiles:
      legal_relocations(out);
      return;
    case Phase::kControl:
      if (tiles_board()) {
        for (int pos = 0; pos < kTileSlots; ++pos) {
          if (hole_control_reason(pos).empty()) out.push_back(kHoleCoinBase + pos);
        }
        return;
      }
      for (int w = 0; w < kNumPieces; ++w) {
        if (placement_[w] >= 0 && owner_[w] < 0) out.push_back(kControlBase + w);
      }
      return;
    case Phase::kWallAction:
      legal_wall_actions(out);
      return;
    case Phase::kMove:
      legal_steps(out);
      return;
    case Phase::kBlockChoice:
      out.assign({kBlock, kAllow});
      return;
    case Phase::kOver:
      return;
    default:
      for (const auto& o : chance_outcomes()) out.push_back(o.action);
      return;
  }
}

// ---- random actions without the list ------------------------------------------------------------

namespace {

// The placements of the wall phase as anchor sets by orientation, in the order legal_actions lists
// them, and how many there are in all.
struct PlacementSets {
  // Only the first `sets` entries are written: no zeroing of a kilobyte per draw.
  std::array<Mask, kNumOrientations> anchors;
  std::array<std::int8_t, kNumOrientations> orientation;
  int sets = 0;
  int count = 0;

  void add(int o, Mask fits) {
    if (fits == 0) return;
    anchors[static_cast<std::size_t>(sets)] = fits;
    orientation[static_cast<std::size_t>(sets++)] = static_cast<std::int8_t>(o);
    count += cells_in(fits);
  }
  // The k-th placement (k < count).
  Action nth(int k) const {
    for (std::size_t i = 0;; ++i) {
      const int here = cells_in(anchors[i]);
      if (k < here) return kPlaceBase + orientation[i] * kCells + nth_cell(anchors[i], k);
      k -= here;
    }
  }
};

}  // namespace

Action State::random_wall_action(Rng& rng) const {
  PlacementSets placements;
  const auto collect = [&placements](int o, Mask fits) { placements.add(o, fits); };
  // What legal_wall_actions lists after the placements: takeovers by wall, then this one.
  unsigned takes = 0;
  Action last = kNoAction;
  if (phase_ == Phase::kWalls) {
    const ShiftedSquares taken(walls_ | ~kBoard);
    for (int w = 0; w < kNumPieces; ++w) {
      if (placement_[w] < 0) for_each_placement_set(w, taken, -1, collect);
    }
  } else if (forced_ >= 0) {
    for_each_placement_set(forced_, ShiftedSquares(blocked_for_move(forced_)), placement_[forced_],
                           collect);
    if (placements.count == 0) last = kRecover;  // A-G4-15
  } else {
    const unsigned held = walls_held();
    takes = walls_to_take(held);
    last = kPass;
    // Most turns the mover holds no wall or one: the pawns and coins only when one is held.
    const Mask pawns_coins = held != 0 ? pawns_and_coins() : Mask{0};
    for (unsigned walls = held; walls != 0; walls &= walls - 1) {
      const int w = std::countr_zero(walls);
      for_each_placement_set(w, ShiftedSquares(blocked_for_move(w, pawns_coins)), placement_[w],
                             collect);
    }
  }
  const int n_takes = std::popcount(takes);
  const int n = placements.count + n_takes + static_cast<int>(last != kNoAction);
  auto k = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
  if (k < placements.count) return placements.nth(k);
  k -= placements.count;
  return k < n_takes ? kControlBase + nth_set_bit(takes, static_cast<std::uint64_t>(k)) : last;
}

Action State::random_coin_cell(Rng& rng) const {
  Mask free = kBoard & ~walls_;
  for (int c = 0; c < kNumCoins; ++c) {
    if (coin_cell_[c] >= 0) free &= ~cell_bit(coin_cell_[c]);
  }
  const auto k = static_cast<int>(rng.below(static_cast<std::uint64_t>(cells_in(free))));
  return kCoinCellBase + nth_cell(free, k);
}

Action State::random_legal_action(Rng& rng, ActionList& scratch) const {
  if (phase_ == Phase::kMove && !tiles_board()) {
    const StepSet steps = pentomino_step_set();
    return steps.nth(static_cast<int>(rng.below(static_cast<std::uint64_t>(steps.count()))));
  }
  if (phase_ == Phase::kMove) {
    std::array<Action, 9> moves;
    const int n = step_choices(moves);
    return moves[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(n)))];
  }
  if (!tiles_board() && (phase_ == Phase::kWalls || phase_ == Phase::kWallAction)) {
    return random_wall_action(rng);
  }
  legal_actions(scratch);
  return scratch[rng.below(scratch.size())];
}

std::vector<ChanceOutcome> State::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  switch (phase_) {
    case Phase::kFirst:
      for (int p = 0; p < config_.players; ++p) {
        out.push_back({kFirstBase + p, 1.0 / config_.players});
      }
      break;
    case Phase::kExtraSuit:
      for (int s = 0; s < kNumSuits; ++s) {
        if (((used_suits_ >> s) & 1) == 0) out.push_back({kExtraSuitBase + s, 0.5});
      }
      break;
    case Phase::kCoins: {
      std::bitset<kMaxCells> taken;
      for (int c = 0; c < kNumCoins; ++c) {
        if (coin_cell_[c] >= 0) taken.set(static_cast<std::size_t>(coin_cell_[c]));
      }
      for (int cell = 0; cell < num_cells(); ++cell) {
        if (walkable(cell) && !taken.test(static_cast<std::size_t>(cell))) {
          out.push_back({kCoinCellBase + cell, 0.0});
        }
      }
      for (auto& o : out) o.probability = 1.0 / static_cast<double>(out.size());
      break;
    }
    case Phase::kCoinSuits: {
      const int k = suits_in_play();
      const int count = k == 4 ? 24 : k == 3 ? 6 : 2;
      for (int i = 0; i < count; ++i) out.push_back({kPermBase + i, 1.0 / count});
      break;
    }
    case Phase::kPvpRoll:
    case Phase::kMonsterRoll:
    case Phase::kRolloff:
      for (int f = 0; f < 6; ++f) out.push_back({kDieBase + f, 1.0 / 6});
      break;
    default:
      break;
  }
  return out;
}

Action State::sample_chance(Rng& rng) const {
  switch (phase_) {
    case Phase::kPvpRoll:
    case Phase::kMonsterRoll:
    case Phase::kRolloff:
      return kDieBase + static_cast<Action>(rng.below(6));
    case Phase::kFirst:
      return kFirstBase +
             static_cast<Action>(rng.below(static_cast<std::uint64_t>(config_.players)));
    case Phase::kCoins:  // chance_outcomes()[rng.below(its size)], without the list
      if (!tiles_board()) return random_coin_cell(rng);
      [[fallthrough]];
    default: {
      const auto outcomes = chance_outcomes();
      return outcomes[rng.below(outcomes.size())].action;  // all are uniform
    }
  }
}

// ---- illegal reasons ----------------------------------------------------------------------------

std::string State::control_reason(int piece) const {
  if (placement_[piece] < 0) return "that pentomino is not on the board";
  if (phase_ == Phase::kControl) {
    return owner_[piece] < 0 ? "" : "that wall already has a coin (one coin per wall at setup)";
  }
  if (forced_ >= 0)
    return "a wall holding two or more of your coins must be moved first";  // G4.3 A
  if (owner_[piece] == mover_) return "you already control that wall";      // A-G4-12
  const int need = control_price(piece);
  if (hand(mover_) < need) {
    return fmt::format("taking that wall needs {} suit-up coins and you have {}", need,
                       hand(mover_));  // G4.3 B2
  }
  return "";
}

std::string State::place_reason(Action a) const {
  const int o = static_cast<int>(a / kCells), anchor = static_cast<int>(a % kCells);
  const int piece = orientations()[o].piece;
  const Mask m = placement_mask(o, anchor);
  const std::string name(1, kPieceLetters[piece]);
  if (m == 0) return "that placement leaves the 10x10 grid";
  if ((m & ~kBoard) != 0) return "a wall may not cover the START hole";  // G4.2
  if (phase_ == Phase::kWalls) {
    if (placement_[piece] >= 0) return fmt::format("{} is already on the board", name);
    if ((m & walls_) != 0) return "walls may not overlap";  // A-G4-13
    return "";
  }
  if (phase_ != Phase::kWallAction) return "no wall can be placed or moved now";
  if (forced_ >= 0 && piece != forced_) {
    return fmt::format("you must move wall {} first",
                       std::string(1, kPieceLetters[forced_]));  // G4.3 A
  }
  if (owner_[piece] != mover_) return fmt::format("you do not control wall {}", name);
  const int pl = placement_[piece];
  if (m == placement_mask(pl / kCells, pl % kCells)) {
    return "a moved wall must cover a different set of squares";  // A-G4-14
  }
  if ((m & blocked_for_move(piece)) != 0) {
    return "a wall may not cover other walls, pawns or coins";  // G4.3 B1
  }
  return "";
}

std::string State::step_reason(Action a) const {
  if (phase_ != Phase::kMove) return "no one is moving now";
  const int target = static_cast<int>(a - kStepBase);
  if (target != kStart && target >= num_cells()) return "that square is not on this board";
  if (!adjacent(pawn_[mover_], target)) {
    return fmt::format("{} is not orthogonally adjacent to your pawn", name(target));
  }
  if (target == kStart) return "";
  if (!walkable(target)) {
    return name(target) + (tiles_board() ? " is a hole (a wall)" : " is under a wall");
  }
  if (occupant(target) >= 0) {
    if (coin_at(target) >= 0) return "you may not land on another pawn's square";  // A-G4-17
    if (!step_ok(target)) {
      return "you could not leave that occupied square with the steps left";  // A-G4-17
    }
  }
  return "";
}

std::string State::illegal_reason(Action a) const {
  if (phase_ == Phase::kOver) return "the game is over";
  if (a < 0 || a >= kNumActions) return fmt::format("{} is not a MazeMakers action", a);
  if (current_player() == kChancePlayer) {
    for (const auto& o : chance_outcomes()) {
      if (o.action == a) return "";
    }
    return "that is not a possible outcome of this chance event";
  }
  if (a >= kRelocBase) {
    if (!tiles_board()) return "that is a No-Pentominos action (option board=noPentominos)";
    if (a < kFillBase) return reloc_reason(a);
    if (a < kHoleCoinBase) return fill_reason(a);
    if (phase_ != Phase::kControl && phase_ != Phase::kWallAction) {
      return "coins go into holes only at setup or before moving";
    }
    return hole_control_reason(static_cast<int>(a - kHoleCoinBase));
  }
  if (tiles_board() && a < kRecover) {
    return "there are no pentominoes on the No-Pentominos board: walls are holes";
  }
  if (a < kControlBase) return place_reason(a);
  if (a < kRecover) {
    if (phase_ != Phase::kControl && phase_ != Phase::kWallAction) {
      return "coins go on walls only at setup or before moving";
    }
    return control_reason(static_cast<int>(a - kControlBase));
  }
  if (a == kRecover) {
    if (tiles_board()) return "a stuck hole keeps its coins: play 'pass'";  // G4.3 B1'
    if (phase_ != Phase::kWallAction || forced_ < 0) return "there is no forced wall to recover";
    ActionList tmp;
    legal_wall_actions(tmp);
    return tmp.front() == kRecover ? "" : "the forced wall can still be moved";  // A-G4-15
  }
  if (a == kPass) {
    if (phase_ != Phase::kWallAction) return "'pass' skips the wall action before moving";
    if (forced_ >= 0 && tiles_board()) {
      ActionList tmp;
      add_fills(forced_, tmp);
      return tmp.empty() ? ""
                         : "a hole holding two or more of your coins must be filled";  // G4.3 A
    }
    return forced_ >= 0 ? "a wall holding two or more of your coins must be moved" : "";  // G4.3 A
  }
  if (a < kStop) return step_reason(a);
  if (a == kStop) {
    if (phase_ != Phase::kMove) return "no one is moving now";
    if (pawn_[mover_] != kStart && occupant(pawn_[mover_]) >= 0) {
      return "you may not end your move on another pawn's square";  // A-G4-17
    }
    ActionList tmp;
    legal_steps(tmp);
    return !tmp.empty() && tmp.back() == kStop
               ? ""
               : "with exact movement you must keep moving while you can";  // A-G4-4
  }
  if (a == kBlock || a == kAllow) {
    return phase_ == Phase::kBlockChoice ? "" : "no one is asking to pass through your square";
  }
  if (a < kFirstBase) {
    if (phase_ != Phase::kSuit) return "suits are chosen at setup";
    return ((used_suits_ >> (a - kSuitBase)) & 1) ? "that suit is taken" : "";
  }
  return "that is a chance outcome, not a player's decision";
}

}  // namespace mw::mazemakers
