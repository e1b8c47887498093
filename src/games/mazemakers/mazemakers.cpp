// The rules of MazeMakers (RULINGS G4.2-G4.4): setup, the turn state machine, combat, death and
// the end of the game.
#include "games/mazemakers/mazemakers.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <bitset>

#include "core/error.h"

namespace mw::mazemakers {
namespace {

constexpr Mask kBoard = [] {
  Mask m = 0;
  for (int c = 0; c < kCells; ++c) {
    if (c / kSide < 8 || c % kSide < 8) m |= cell_bit(c);  // the START hole is rows/cols 8-9
  }
  return m;
}();

// The squares orthogonally bordering START (A-G4-2, G4.7 example 7).
constexpr std::array<int, 4> kStartNeighbours = {78, 79, 87, 97};

constexpr bool borders_start(int cell) {
  return cell == 78 || cell == 79 || cell == 87 || cell == 97;
}

// No-Pentominos: the squares orthogonally bordering the START tile (rows/cols 12-13 of the
// window), in cell order.
constexpr int np(int r, int c) {
  return r * kMaxSide + c;
}
constexpr std::array<int, 8> kTileStartNeighbours = {
    np(11, 12), np(11, 13), np(12, 11), np(12, 14), np(13, 11), np(13, 14), np(14, 12), np(14, 13)};

constexpr bool borders_start_tile(int cell) {
  return std::find(kTileStartNeighbours.begin(), kTileStartNeighbours.end(), cell) !=
         kTileStartNeighbours.end();
}

// The 5x5 frame of tile positions (rows/cols 2-6 of the window) without the centre and START.
constexpr Mask kInitialTiles = [] {
  Mask m = 0;
  for (int r = 2; r <= 6; ++r) {
    for (int c = 2; c <= 6; ++c) {
      const int pos = r * kTileSide + c;
      if (pos != kCentreTile && pos != kStartTile) m |= Mask{1} << pos;
    }
  }
  return m;
}();

constexpr bool has(Mask m, int cell) {
  return ((m >> cell) & 1) != 0;
}

int popcount8(std::uint8_t x) {
  return std::popcount(static_cast<unsigned>(x));
}

}  // namespace

bool State::walkable(int cell) const {
  if (cell < 0 || cell >= num_cells()) return false;
  if (tiles_board()) return tile_at(tile_of(cell));
  return has(kBoard & ~walls_, cell);
}

int State::neighbours(int cell, std::array<int, 8>& out) const {
  int n = 0;
  if (cell == kStart) {
    if (tiles_board()) {
      for (int c : kTileStartNeighbours) {
        if (walkable(c)) out[n++] = c;
      }
    } else {
      for (int c : kStartNeighbours) {
        if (!has(walls_, c)) out[n++] = c;
      }
    }
    return n;
  }
  const int w = side();
  const int r = cell / w, c = cell % w;
  if (r > 0 && walkable(cell - w)) out[n++] = cell - w;
  if (c < w - 1 && walkable(cell + 1)) out[n++] = cell + 1;
  if (r < w - 1 && walkable(cell + w)) out[n++] = cell + w;
  if (c > 0 && walkable(cell - 1)) out[n++] = cell - 1;
  if (tiles_board() ? borders_start_tile(cell) : borders_start(cell)) out[n++] = kStart;
  return n;
}

bool State::adjacent(int from, int to) const {
  if (from == to) return false;
  if (from == kStart || to == kStart) {
    const int other = from == kStart ? to : from;
    return tiles_board() ? borders_start_tile(other) : borders_start(other);
  }
  const int w = side();
  const int dr = std::abs(from / w - to / w), dc = std::abs(from % w - to % w);
  return dr + dc == 1;
}

bool State::inside_board(int pos) const {
  const Mask all = tiles_ | (Mask{1} << kStartTile);
  int r0 = kTileSide, r1 = -1;
  std::uint32_t cols = 0;
  for (int r = 0; r < kTileSide; ++r) {
    const auto row = static_cast<std::uint32_t>((all >> (r * kTileSide)) & 0x1FF);
    if (row == 0) continue;
    r0 = std::min(r0, r), r1 = r;
    cols |= row;
  }
  const int c0 = std::countr_zero(cols), c1 = 31 - std::countl_zero(cols);
  const int r = pos / kTileSide, c = pos % kTileSide;
  return r >= r0 && r <= r1 && c >= c0 && c <= c1;
}

int State::hole_slot(int pos) const {
  for (int w = 0; w < kNumPieces; ++w) {
    if (placement_[w] == pos) return w;
  }
  return -1;
}

bool State::free_tile(int pos) const {
  return tile_at(pos) && ((busy_tiles() >> pos) & 1) == 0;
}

// Tile positions under a board coin or a pawn (No-Pentominos).
Mask State::busy_tiles() const {
  Mask m = 0;
  for (int c = 0; c < kNumCoins; ++c) {
    if (coin_cell_[c] >= 0) m |= Mask{1} << tile_of(coin_cell_[c]);
  }
  for (Player p = 0; p < config_.players; ++p) {
    if (pawn_[p] >= 0 && pawn_[p] != kStart) m |= Mask{1} << tile_of(pawn_[p]);
  }
  return m;
}

State State::initial(const Options& options) {
  State s(Config::from_options(options));
  s.placement_.fill(-1);
  s.owner_.fill(-1);
  s.coin_cell_.fill(-1);
  if (s.tiles_board()) s.tiles_ = kInitialTiles;
  return s;
}

Player State::current_player() const {
  switch (phase_) {
    case Phase::kSuit:
      return seat_in_order(order_index_);
    case Phase::kWalls:
    case Phase::kTiles:
      return seat_in_order(setup_count_ % config_.players);
    case Phase::kControl:
      return seat_in_order(config_.players - 1 - setup_count_);
    case Phase::kWallAction:
    case Phase::kMove:
      return mover_;
    case Phase::kBlockChoice:
      return blocker_;
    case Phase::kOver:
      return kTerminalPlayer;
    default:
      return kChancePlayer;
  }
}

int State::hand(Player p) const {
  int on_walls = 0;
  for (int w = 0; w < kNumPieces; ++w) {
    if (owner_[w] == p) on_walls += owner_coins_[w];
  }
  return 3 - on_walls;
}

int State::coin_at(int cell) const {
  for (int c = 0; c < kNumCoins; ++c) {
    if (coin_cell_[c] == cell) return c;
  }
  return -1;
}

int State::next_coin_to_deal() const {
  int k = 0;
  for (int v = 2; v <= 4; ++v) {
    for (int s = 0; s < kNumSuits; ++s) {
      if (((used_suits_ >> s) & 1) == 0) continue;
      if (k++ == setup_count_) return s * 3 + (v - 2);
    }
  }
  return -1;
}

// Permutation `index` (lexicographic) of the suits in play, dealt over the coins of `value` in
// the order their squares were dealt (suit order of the provisional labels).
void State::deal_suits(int value, int index) {
  std::array<int, 4> suits{};
  std::array<std::int16_t, 4> cells{};
  int k = 0;
  for (int s = 0; s < kNumSuits; ++s) {
    if ((used_suits_ >> s) & 1) {
      cells[k] = coin_cell_[s * 3 + (value - 2)];
      suits[k++] = s;
    }
  }
  std::array<int, 4> perm = suits;
  for (int i = 0; i < index; ++i) std::next_permutation(perm.begin(), perm.begin() + k);
  for (int j = 0; j < k; ++j) coin_cell_[perm[j] * 3 + (value - 2)] = cells[j];
}

int State::die_value(int face) const {
  return config_.die == CombatDie::kD6 ? face + 1 : face;  // A-G4-3
}

Mask State::open_squares() const {
  return kBoard & ~walls_;
}

int State::occupant(int cell) const {
  for (Player p = 0; p < config_.players; ++p) {
    if (p != mover_ && pawn_[p] == cell && cell != kStart) return p;
  }
  return -1;
}

// ---- walls --------------------------------------------------------------------------------------

// Pawns and number-up coins a moved wall may not cover (G4.3 B1), plus the other walls.
Mask State::blocked_for_move(int piece) const {
  Mask blocked = ~kBoard;
  for (int w = 0; w < kNumPieces; ++w) {
    if (w != piece && placement_[w] >= 0) {
      blocked |= placement_mask(placement_[w] / kCells, placement_[w] % kCells);
    }
  }
  for (Player p = 0; p < config_.players; ++p) {
    if (pawn_[p] >= 0 && pawn_[p] < kCells) blocked |= cell_bit(pawn_[p]);
  }
  for (int c = 0; c < kNumCoins; ++c) {
    if (coin_cell_[c] >= 0) blocked |= cell_bit(coin_cell_[c]);
  }
  return blocked;
}

void State::add_placements(int piece, Mask blocked, Mask current, ActionList& out) const {
  const int first = first_orientation(piece), count = orientation_count(piece);
  for (int o = first; o < first + count; ++o) {
    for (int a = 0; a < kCells; ++a) {
      const Mask m = placement_mask(o, a);
      if (m == 0 || (m & blocked) != 0 || m == current) continue;
      out.push_back(kPlaceBase + o * kCells + a);
    }
  }
}

// Whether some unplaced pentomino still fits on the free board squares (setup, G4.2 step 6).
bool State::any_setup_placement() const {
  for (int piece = 0; piece < kNumPieces; ++piece) {
    if (placement_[piece] >= 0) continue;
    const int first = first_orientation(piece), count = orientation_count(piece);
    for (int o = first; o < first + count; ++o) {
      for (int a = 0; a < kCells; ++a) {
        const Mask m = placement_mask(o, a);
        if (m != 0 && (m & (walls_ | ~kBoard)) == 0) return true;
      }
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

void State::legal_steps(ActionList& out) const {
  std::array<int, 8> nb{};
  const int n = neighbours(pawn_[mover_], nb);
  std::array<int, 8> ok{};
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (step_ok(nb[i])) ok[k++] = nb[i];
  }
  for (int i = 1; i < k; ++i) {  // insertion sort: at most 8 squares
    for (int j = i; j > 0 && ok[j - 1] > ok[j]; --j) std::swap(ok[j - 1], ok[j]);
  }
  for (int i = 0; i < k; ++i) out.push_back(kStepBase + ok[i]);
  const bool on_free = pawn_[mover_] == kStart || occupant(pawn_[mover_]) < 0;
  // exactMovement (A-G4-4): stopping early is allowed only when no step is possible.
  if (on_free && (!config_.exact_movement || k == 0)) out.push_back(kStop);
}

// ---- legal actions ------------------------------------------------------------------------------

void State::legal_wall_actions(ActionList& out) const {
  if (tiles_board()) {
    legal_tile_wall_actions(out);
    return;
  }
  if (forced_ >= 0) {
    const int pl = placement_[forced_];
    add_placements(forced_, blocked_for_move(forced_), placement_mask(pl / kCells, pl % kCells),
                   out);
    if (out.empty()) out.push_back(kRecover);  // A-G4-15
    return;
  }
  for (int w = 0; w < kNumPieces; ++w) {
    if (owner_[w] != mover_) continue;
    const int pl = placement_[w];
    add_placements(w, blocked_for_move(w), placement_mask(pl / kCells, pl % kCells), out);
  }
  for (int w = 0; w < kNumPieces; ++w) {
    if (control_reason(w).empty()) out.push_back(kControlBase + w);
  }
  out.push_back(kPass);
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kSuit:
      for (int s = 0; s < kNumSuits; ++s) {
        if (((used_suits_ >> s) & 1) == 0) out.push_back(kSuitBase + s);
      }
      return;
    case Phase::kWalls:
      for (int w = 0; w < kNumPieces; ++w) {
        if (placement_[w] < 0) add_placements(w, walls_ | ~kBoard, 0, out);
      }
      return;
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
  if (forced_ >= 0) return "a wall holding two or more of your coins must be moved first (G4.3 A)";
  if (owner_[piece] == mover_) return "you already control that wall (A-G4-12)";
  const int need = owner_[piece] < 0 ? 1 : owner_coins_[piece] + 1;
  if (hand(mover_) < need) {
    return fmt::format("taking that wall needs {} suit-up coins and you have {} (G4.3 B2)", need,
                       hand(mover_));
  }
  return "";
}

std::string State::place_reason(Action a) const {
  const int o = static_cast<int>(a / kCells), anchor = static_cast<int>(a % kCells);
  const int piece = orientations()[o].piece;
  const Mask m = placement_mask(o, anchor);
  const std::string name(1, kPieceLetters[piece]);
  if (m == 0) return "that placement leaves the 10x10 grid";
  if ((m & ~kBoard) != 0) return "a wall may not cover the START hole (G4.2)";
  if (phase_ == Phase::kWalls) {
    if (placement_[piece] >= 0) return fmt::format("{} is already on the board", name);
    if ((m & walls_) != 0) return "walls may not overlap (A-G4-13)";
    return "";
  }
  if (phase_ != Phase::kWallAction) return "no wall can be placed or moved now";
  if (forced_ >= 0 && piece != forced_) {
    return fmt::format("you must move wall {} first (G4.3 A)",
                       std::string(1, kPieceLetters[forced_]));
  }
  if (owner_[piece] != mover_) return fmt::format("you do not control wall {}", name);
  const int pl = placement_[piece];
  if (m == placement_mask(pl / kCells, pl % kCells)) {
    return "a moved wall must cover a different set of squares (A-G4-14)";
  }
  if ((m & blocked_for_move(piece)) != 0) {
    return "a wall may not cover other walls, pawns or coins (G4.3 B1)";
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
    if (coin_at(target) >= 0) return "you may not land on another pawn's square (A-G4-17)";
    if (!step_ok(target)) {
      return "you could not leave that occupied square with the steps left (A-G4-17)";
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
    if (tiles_board()) return "a stuck hole keeps its coins: play 'pass' (G4.3 B1')";
    if (phase_ != Phase::kWallAction || forced_ < 0) return "there is no forced wall to recover";
    ActionList tmp;
    legal_wall_actions(tmp);
    return tmp.front() == kRecover ? "" : "the forced wall can still be moved (A-G4-15)";
  }
  if (a == kPass) {
    if (phase_ != Phase::kWallAction) return "'pass' skips the wall action before moving";
    if (forced_ >= 0 && tiles_board()) {
      ActionList tmp;
      add_fills(forced_, tmp);
      return tmp.empty() ? "" : "a hole holding two or more of your coins must be filled (G4.3 A)";
    }
    return forced_ >= 0 ? "a wall holding two or more of your coins must be moved (G4.3 A)" : "";
  }
  if (a < kStop) return step_reason(a);
  if (a == kStop) {
    if (phase_ != Phase::kMove) return "no one is moving now";
    if (pawn_[mover_] != kStart && occupant(pawn_[mover_]) >= 0) {
      return "you may not end your move on another pawn's square (A-G4-17)";
    }
    ActionList tmp;
    legal_steps(tmp);
    return !tmp.empty() && tmp.back() == kStop
               ? ""
               : "exactMovement: you must keep moving while you can (A-G4-4)";
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

// ---- applying actions ---------------------------------------------------------------------------

void State::apply_place(int o, int anchor) {
  const int piece = orientations()[o].piece;
  if (placement_[piece] >= 0) {
    walls_ &= ~placement_mask(placement_[piece] / kCells, placement_[piece] % kCells);
  }
  placement_[piece] = static_cast<std::int16_t>(o * kCells + anchor);
  walls_ |= placement_mask(o, anchor);
  if (phase_ == Phase::kWalls) {
    // Placement also stops, with fewer walls, if no remaining piece fits (our reading; it needs
    // a board fragmented on purpose and never happens in practice).
    if (++setup_count_ == kWallsToPlace || !any_setup_placement()) {
      phase_ = Phase::kControl;
      setup_count_ = 0;
    }
    return;
  }
  owner_[piece] = -1;  // the mover's coins come back (G4.3 B1)
  owner_coins_[piece] = 0;
  start_move();
}

void State::start_move() {
  forced_ = -1;
  phase_ = Phase::kMove;
  steps_left_ = static_cast<std::int8_t>(move_steps_allowance());
  last_free_ = pawn_[mover_];
}

void State::apply_control(int piece) {
  if (phase_ == Phase::kControl) {
    owner_[piece] = static_cast<std::int8_t>(seat_in_order(config_.players - 1 - setup_count_));
    owner_coins_[piece] = 1;
    bool free_wall = false;
    for (int w = 0; w < kNumPieces; ++w) free_wall |= placement_[w] >= 0 && owner_[w] < 0;
    if (++setup_count_ == config_.players || !free_wall) {
      phase_ = Phase::kCoins;
      setup_count_ = 0;
    }
    return;
  }
  // A takeover puts one more coin than the holder has; the holder's coins return (G4.3 B2).
  owner_coins_[piece] = static_cast<std::int8_t>(owner_[piece] < 0 ? 1 : owner_coins_[piece] + 1);
  owner_[piece] = mover_;
  start_move();
}

// A-G4-16: the allowance is the health at the start of the move.
int State::move_steps_allowance() const {
  return health_[mover_];
}

void State::apply_step(int target) {
  if (target == kStart) {
    pawn_[mover_] = kStart;
    last_free_ = kStart;
    --steps_left_;
    if (artifacts_[mover_] == 3) {  // exit (A-G4-26)
      exited_ |= static_cast<std::uint8_t>(1u << mover_);
      end_move();
    } else if (steps_left_ == 0) {
      end_move();
    }
    return;
  }
  if (occupant(target) >= 0) {
    target_ = static_cast<std::int16_t>(target);
    blocker_ = static_cast<std::int8_t>(occupant(target));
    phase_ = Phase::kBlockChoice;
    return;
  }
  enter(target);
}

void State::enter(int target) {
  if (pawn_[mover_] == kStart) left_start_ = true;
  pawn_[mover_] = static_cast<std::int16_t>(target);
  --steps_left_;
  phase_ = Phase::kMove;
  if (occupant(target) >= 0) return;  // passing through; can_finish() left a way out
  last_free_ = static_cast<std::int16_t>(target);
  const int coin = coin_at(target);
  if (coin >= 0) {
    land_on_coin(coin);
  } else if (steps_left_ == 0) {
    end_move();
  }
}

void State::land_on_coin(int coin) {
  if (coin_suit(coin) == suit_[mover_]) {  // an artifact, shown to all (G4.3 C)
    coin_cell_[coin] = -1;
    taken_ |= static_cast<std::uint16_t>(1u << coin);
    ++artifacts_[mover_];
    health_[mover_] = static_cast<std::int8_t>(std::min(kMaxHealth, health_[mover_] + 1));
    end_move();
    return;
  }
  landed_[mover_] |= static_cast<std::uint16_t>(1u << coin);
  target_ = static_cast<std::int16_t>(coin_cell_[coin]);
  phase_ = Phase::kMonsterRoll;
}

void State::resolve_monster(int roll) {
  const int coin = coin_at(target_);
  const int total = roll + artifacts_[mover_];
  last_rolls_ = {static_cast<std::int8_t>(total), static_cast<std::int8_t>(coin_value(coin))};
  if (total >= coin_value(coin)) {  // A-G4-27
    if (config_.remove_defeated) {  // A-G4-6 option
      coin_cell_[coin] = -1;
      removed_ |= static_cast<std::uint16_t>(1u << coin);
    }
  } else {
    damage(mover_, config_.harsh_damage ? coin_value(coin) - total : 1);  // variant 3
  }
  end_move();
}

void State::resolve_pvp() {
  const int mt = pending_roll_ + artifacts_[mover_];
  const int bt = last_rolls_[1];
  last_rolls_[0] = static_cast<std::int8_t>(mt);
  const int diff = std::abs(mt - bt);
  if (mt >= bt) {  // a tie damages the blocker (G4.3 C)
    damage(blocker_, config_.harsh_damage ? std::max(1, diff) : 1);  // A-G4-22
    enter(target_);
    return;
  }
  damage(mover_, config_.harsh_damage ? diff : 1);
  if (pawn_[mover_] >= 0 && pawn_[mover_] != kStart) {
    // Back to the square before the block; on a square being passed through, the last free one.
    if (occupant(pawn_[mover_]) >= 0) pawn_[mover_] = last_free_;
  }
  end_move();
}

void State::damage(Player p, int amount) {
  health_[p] = static_cast<std::int8_t>(std::max(0, health_[p] - amount));
  if (health_[p] == 0) kill(p);
}

void State::release_walls(Player p, bool) {
  for (int w = 0; w < kNumPieces; ++w) {
    if (owner_[w] == p) {
      owner_[w] = -1;
      owner_coins_[w] = 0;
      if (tiles_board()) placement_[w] = -1;  // a hole slot exists only while it holds coins
    }
  }
}

// G4.3 D; variant 1 revives at once on START with 2 health (A-G4-20).
void State::kill(Player p) {
  release_walls(p, config_.revival);
  if (config_.revival) {
    pawn_[p] = kStart;
    health_[p] = 2;
    if (p == mover_) left_start_ = true;  // a revived player did not spend the turn on START
  } else {
    pawn_[p] = -1;
    health_[p] = 0;
  }
}

// A death during the mover's own move also ends it (G4.3 D): every combat ends here.
void State::end_move() {
  end_turn();
}

void State::end_turn() {
  // Variant 2 (A-G4-21): a whole turn on START heals 1.
  if (config_.start_healing && turn_began_on_start_ && !left_start_ && pawn_[mover_] == kStart &&
      !exited(mover_)) {
    health_[mover_] = static_cast<std::int8_t>(std::min(kMaxHealth, health_[mover_] + 1));
  }
  phase_ = Phase::kWallAction;  // placeholder until the next turn starts
  for (;;) {
    if (++order_index_ == config_.players) {
      order_index_ = 0;
      ++round_;
      bool any_alive = false;
      for (Player p = 0; p < config_.players; ++p) any_alive |= alive(p);
      if (exited_ != 0 || !any_alive ||
          (config_.round_limit > 0 && round_ >= config_.round_limit)) {
        finish_game();
        return;
      }
    }
    const Player p = seat_in_order(order_index_);
    if (alive(p) && !exited(p)) {
      mover_ = static_cast<std::int8_t>(p);
      start_turn();
      return;
    }
  }
}

void State::start_turn() {
  forced_ = -1;
  for (int w = 0; w < kNumPieces; ++w) {
    if (owner_[w] == mover_ && owner_coins_[w] >= 2) forced_ = static_cast<std::int8_t>(w);
  }
  turn_began_on_start_ = pawn_[mover_] == kStart;
  left_start_ = false;
  target_ = -1;
  blocker_ = -1;
  steps_left_ = 0;
  phase_ = Phase::kWallAction;
}

void State::begin_play() {
  order_index_ = 0;
  mover_ = static_cast<std::int8_t>(first_);
  start_turn();
}

// G4.3 E: every player who exited in the final round wins; optional tie-breaks.
void State::finish_game() {
  winners_ = exited_;
  phase_ = Phase::kOver;
  if (popcount8(winners_) < 2) return;
  if (config_.tie_break == TieBreak::kHealth) {
    int best = 0;
    for (Player p = 0; p < config_.players; ++p) {
      if (exited(p)) best = std::max<int>(best, health_[p]);
    }
    for (Player p = 0; p < config_.players; ++p) {
      if (exited(p) && health_[p] < best) winners_ &= static_cast<std::uint8_t>(~(1u << p));
    }
  } else if (config_.tie_break == TieBreak::kRolloff) {
    rolloff_ = winners_;
    rolloff_done_ = 0;
    phase_ = Phase::kRolloff;
  }
}

void State::finish_rolloff() {
  int best = -1;
  for (Player p = 0; p < config_.players; ++p) {
    if ((rolloff_ >> p) & 1) best = std::max<int>(best, rolloff_total_[p]);
  }
  for (Player p = 0; p < config_.players; ++p) {
    if (((rolloff_ >> p) & 1) && rolloff_total_[p] < best) {
      rolloff_ &= static_cast<std::uint8_t>(~(1u << p));
    }
  }
  rolloff_done_ = 0;
  if (popcount8(rolloff_) == 1) {
    winners_ = rolloff_;
    rolloff_ = 0;
    phase_ = Phase::kOver;
  }
}

void State::apply_legal(Action a) {
  switch (phase_) {
    case Phase::kFirst:
      first_ = static_cast<std::int8_t>(a - kFirstBase);
      phase_ = Phase::kSuit;
      order_index_ = 0;
      return;
    case Phase::kSuit:
      suit_[seat_in_order(order_index_)] = static_cast<std::int8_t>(a - kSuitBase);
      used_suits_ |= static_cast<std::uint8_t>(1u << (a - kSuitBase));
      if (++order_index_ == config_.players) {
        order_index_ = 0;
        if (config_.players == 2) {
          phase_ = Phase::kExtraSuit;
        } else {
          used_suits_ = 0xF;  // k = min(4, players + 1) = 4 (G4.1)
          phase_ = tiles_board() ? Phase::kTiles : Phase::kWalls;
        }
      }
      return;
    case Phase::kExtraSuit:
      used_suits_ |= static_cast<std::uint8_t>(1u << (a - kExtraSuitBase));
      phase_ = tiles_board() ? Phase::kTiles : Phase::kWalls;
      return;
    case Phase::kCoins:
      coin_cell_[next_coin_to_deal()] = static_cast<std::int16_t>(a - kCoinCellBase);
      ++setup_count_;
      if (next_coin_to_deal() < 0) {
        phase_ = Phase::kCoinSuits;
        setup_count_ = 0;
      }
      return;
    case Phase::kCoinSuits:
      deal_suits(setup_count_ + 2, static_cast<int>(a - kPermBase));
      if (++setup_count_ == 3) begin_play();
      return;
    case Phase::kPvpRoll:
      if (pending_roll_ < 0) {
        pending_roll_ = static_cast<std::int8_t>(die_value(static_cast<int>(a - kDieBase)));
      } else {
        last_rolls_[1] = static_cast<std::int8_t>(die_value(static_cast<int>(a - kDieBase)) +
                                                  artifacts_[blocker_]);
        resolve_pvp();
        pending_roll_ = -1;
      }
      return;
    case Phase::kMonsterRoll:
      resolve_monster(die_value(static_cast<int>(a - kDieBase)));
      return;
    case Phase::kRolloff: {
      const std::uint8_t left = rolloff_ & static_cast<std::uint8_t>(~rolloff_done_);
      const int p = std::countr_zero(static_cast<unsigned>(left));
      rolloff_total_[p] =
          static_cast<std::int8_t>(die_value(static_cast<int>(a - kDieBase)) + artifacts_[p]);
      rolloff_done_ |= static_cast<std::uint8_t>(1u << p);
      if (rolloff_done_ == rolloff_) finish_rolloff();
      return;
    }
    case Phase::kBlockChoice:
      if (a == kAllow) {
        enter(target_);
      } else {
        phase_ = Phase::kPvpRoll;
        pending_roll_ = -1;
      }
      return;
    default:
      break;
  }
  if (a >= kRelocBase) {
    if (a < kFillBase) {
      apply_relocate(static_cast<int>((a - kRelocBase) / kTileSlots),
                     static_cast<int>((a - kRelocBase) % kTileSlots));
    } else if (a < kHoleCoinBase) {
      apply_fill(static_cast<int>((a - kFillBase) / kTileSlots),
                 static_cast<int>((a - kFillBase) % kTileSlots));
    } else {
      apply_hole_control(static_cast<int>(a - kHoleCoinBase));
    }
  } else if (a < kControlBase) {
    apply_place(static_cast<int>(a / kCells), static_cast<int>(a % kCells));
  } else if (a < kRecover) {
    apply_control(static_cast<int>(a - kControlBase));
  } else if (a == kRecover || a == kPass) {
    if (a == kRecover) {
      owner_[forced_] = -1;
      owner_coins_[forced_] = 0;
    }
    start_move();  // with a stuck forced hole (No-Pentominos) the coins stay (G4.3 B1')
  } else if (a == kStop) {
    end_move();
  } else {
    apply_step(static_cast<int>(a - kStepBase));
  }
}

std::vector<double> State::returns() const {
  std::vector<double> out(static_cast<std::size_t>(config_.players), 0.0);
  if (phase_ != Phase::kOver || winners_ == 0) return out;
  for (Player p = 0; p < config_.players; ++p) out[p] = ((winners_ >> p) & 1) ? 1.0 : -1.0;
  return out;
}

}  // namespace mw::mazemakers
