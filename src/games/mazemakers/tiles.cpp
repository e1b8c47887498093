// The No-Pentominos board (G4.1, G4.2 6'-8', G4.3 B1'/B2', A-G4-23): tiles relocated at setup,
// holes (empty tile positions) as walls, control coins in holes, and a wall moved by filling its
// hole with a free tile, which opens a new hole where that tile was.
#include <fmt/format.h>

#include <algorithm>

#include "games/mazemakers/mazemakers.h"

namespace mw::mazemakers {
namespace {

Mask tile_bit(int pos) {
  return Mask{1} << pos;
}

// Whether some tile other than `except` (START included) touches position `pos` orthogonally.
bool touches_tile(const State& s, int pos, int except) {
  const int r = pos / kTileSide, c = pos % kTileSide;
  const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
  for (int k = 0; k < 4; ++k) {
    const int nr = r + dr[k], nc = c + dc[k];
    if (nr < 0 || nr >= kTileSide || nc < 0 || nc >= kTileSide) continue;
    const int q = nr * kTileSide + nc;
    if (q != except && (q == kStartTile || s.tile_at(q))) return true;
  }
  return false;
}

}  // namespace

// G4.2 6': in playing order a player moves one grid tile (never START) to another empty position
// of the window orthogonally next to at least one other tile (A-G4-23; the 9x9 window is our cap).
void State::legal_relocations(ActionList& out) const {
  for (int from = 0; from < kTileSlots; ++from) {
    if (!tile_at(from)) continue;
    for (int to = 0; to < kTileSlots; ++to) {
      if (to == from || to == kStartTile || tile_at(to)) continue;
      if (touches_tile(*this, to, from)) out.push_back(kRelocBase + from * kTileSlots + to);
    }
  }
}

std::string State::reloc_reason(Action a) const {
  if (phase_ != Phase::kTiles) return "tiles are relocated only at setup";  // G4.2 6'
  const int from = static_cast<int>((a - kRelocBase) / kTileSlots);
  const int to = static_cast<int>((a - kRelocBase) % kTileSlots);
  if (from == kStartTile) return "the START tile never moves";  // A-G4-23
  if (!tile_at(from)) return fmt::format("there is no grid tile at {}", name(tile_corner(from)));
  if (to == from) return "a tile must go to another spot";  // G4.2 6'
  if (to == kStartTile || tile_at(to)) {
    return fmt::format("there is already a tile at {}", name(tile_corner(to)));
  }
  if (!touches_tile(*this, to, from)) {
    return "a moved tile must be orthogonally next to another tile";  // G4.2 6'
  }
  return "";
}

void State::apply_relocate(int from, int to) {
  tiles_ = (tiles_ & ~tile_bit(from)) | tile_bit(to);
  if (++setup_count_ == kTileMoves) {
    setup_count_ = 0;
    phase_ = Phase::kControl;
    if (!any_free_hole()) phase_ = Phase::kCoins;  // no hole inside the board: nothing to hold
  }
}

// ---- control coins in holes ---------------------------------------------------------------------

bool State::any_free_hole() const {
  for (int pos = 0; pos < kTileSlots; ++pos) {
    if (hole_control_reason(pos).empty()) return true;
  }
  return false;
}

std::string State::hole_control_reason(int pos) const {
  if (pos == kStartTile || tile_at(pos)) return "coins go into holes, not on tiles";  // G4.2 7'
  if (!inside_board(pos)) return "control coins go into holes inside the board";      // A-G4-23
  const int slot = hole_slot(pos);
  if (phase_ == Phase::kControl) {
    return slot < 0 ? "" : "that hole already has a coin (one coin per hole at setup)";
  }
  if (forced_ >= 0)
    return "a hole holding two or more of your coins must be filled first";         // G4.3 A
  if (slot >= 0 && owner_[slot] == mover_) return "you already control that hole";  // A-G4-12
  const int need = slot < 0 ? 1 : owner_coins_[slot] + 1;
  if (hand(mover_) < need) {
    return fmt::format("taking that hole needs {} suit-up coins and you have {}", need,  // G4.3 B2
                       hand(mover_));
  }
  return "";
}

void State::apply_hole_control(int pos) {
  int slot = hole_slot(pos);
  if (slot < 0) {
    slot =
        static_cast<int>(std::find(placement_.begin(), placement_.end(), -1) - placement_.begin());
    placement_[slot] = static_cast<std::int16_t>(pos);
    owner_coins_[slot] = 0;
  }
  if (phase_ == Phase::kControl) {
    owner_[slot] = static_cast<std::int8_t>(seat_in_order(config_.players - 1 - setup_count_));
    owner_coins_[slot] = 1;
    if (++setup_count_ == config_.players || !any_free_hole()) {
      phase_ = Phase::kCoins;
      setup_count_ = 0;
    }
    return;
  }
  // One coin into an empty hole, or one more than the holder's (whose coins return) (G4.3 B2').
  owner_coins_[slot] = static_cast<std::int8_t>(owner_[slot] < 0 ? 1 : owner_coins_[slot] + 1);
  owner_[slot] = mover_;
  start_move();
}

// ---- moving a wall: filling a hole --------------------------------------------------------------

void State::add_fills(int slot, ActionList& out) const {
  const int hole = placement_[slot];
  const Mask free = tiles_ & ~busy_tiles();
  for (int t = 0; t < kTileSlots; ++t) {
    if ((free >> t) & 1) out.push_back(kFillBase + hole * kTileSlots + t);
  }
}

void State::legal_tile_wall_actions(ActionList& out) const {
  if (forced_ >= 0) {
    add_fills(forced_, out);
    // No free tile: "the player doesn't take the coin and cannot move the wall" [T].
    if (out.empty()) out.push_back(kPass);
    return;
  }
  out.push_back(kPass);
  for (int w = 0; w < kNumPieces; ++w) {
    if (placement_[w] >= 0 && owner_[w] == mover_) add_fills(w, out);
  }
  for (int pos = 0; pos < kTileSlots; ++pos) {
    if (hole_control_reason(pos).empty()) out.push_back(kHoleCoinBase + pos);
  }
  std::sort(out.begin(), out.end());
}

std::string State::fill_reason(Action a) const {
  if (phase_ != Phase::kWallAction) return "walls move only before moving the pawn";
  const int hole = static_cast<int>((a - kFillBase) / kTileSlots);
  const int t = static_cast<int>((a - kFillBase) % kTileSlots);
  const int slot = hole_slot(hole);
  if (slot < 0 || owner_[slot] != mover_) {
    return fmt::format("you have no coin in a hole at {}", name(tile_corner(hole)));
  }
  if (forced_ >= 0 && slot != forced_) {
    return fmt::format("you must fill the hole at {} first",  // G4.3 A
                       name(tile_corner(placement_[forced_])));
  }
  if (t == kStartTile) return "the START tile never moves";  // A-G4-23
  if (!tile_at(t)) return fmt::format("there is no grid tile at {}", name(tile_corner(t)));
  if (!free_tile(t)) return "a tile with a coin or a pawn on it cannot be moved";  // G4.3 B1'
  return "";
}

void State::apply_fill(int hole, int tile) {
  tiles_ = (tiles_ & ~tile_bit(tile)) | tile_bit(hole);
  const int slot = hole_slot(hole);
  placement_[slot] = -1;  // the coins go back to their owner (G4.3 B1')
  owner_[slot] = -1;
  owner_coins_[slot] = 0;
  start_move();
}

}  // namespace mw::mazemakers
