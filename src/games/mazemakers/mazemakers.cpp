// The rules of MazeMakers (RULINGS G4.2-G4.4): board geometry, setup and the shared queries.
#include "games/mazemakers/mazemakers.h"

#include <algorithm>
#include <bit>

#include "games/mazemakers/rules_internal.h"

namespace mw::mazemakers {

using detail::borders_start;
using detail::kBoard;
using detail::kStartNeighbours;

namespace {

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
  return 3 - detail::sum_where_byte_is(owner_coins_, owner_, p);
}

int State::coin_at(int cell) const {
  int found = -1;  // the first such coin, without a branch per coin
  for (int c = kNumCoins - 1; c >= 0; --c) found = coin_cell_[c] == cell ? c : found;
  return found;
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

}  // namespace mw::mazemakers
