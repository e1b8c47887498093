// Pathfinder Cards: the list of every swap and move the Maker's Ace alteration (G1.3.6) or the
// Runner's Mover (G1.3.4) may propose. Random play lists them often (each Mover proposal that
// is cancelled lists them again), so each moved card is judged from one look at the layout
// without it (its pieces) instead of a layout copy and a connectivity search per target; the
// list is exactly what alteration_ok / mover_ok accept, in ascending order, built without a sort.
#include <algorithm>
#include <bit>

#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {
namespace {

// What the layout looks like without the card on `gone`: the pieces it falls into (a piece
// number per card id, -1 for the card taken away and unplaced cards) and the other cards'
// bounding box.
struct Without {
  std::array<std::int8_t, kNumCards> piece{};
  int pieces = 0;
  int x0 = kSide;
  int y0 = kSide;
  int x1 = -1;
  int y1 = -1;
};

Without look_without(const Layout& l, int gone) {
  Without w;
  w.piece.fill(-1);
  std::array<int, kNumCards> queue{};
  std::array<int, 6> nb{};
  for (int id = 0; id < kNumCards; ++id) {
    const int cell = l.pos[id];
    if (cell < 0 || cell == gone) continue;
    w.x0 = std::min(w.x0, cell_x(cell));
    w.y0 = std::min(w.y0, cell_y(cell));
    w.x1 = std::max(w.x1, cell_x(cell));
    w.y1 = std::max(w.y1, cell_y(cell));
    if (w.piece[id] >= 0) continue;
    int head = 0;
    int tail = 0;
    queue[tail++] = id;
    w.piece[id] = static_cast<std::int8_t>(w.pieces);
    while (head < tail) {
      const int n = l.neighbors(l.pos[queue[head++]], nb);
      for (int i = 0; i < n; ++i) {
        const int c = l.at[nb[i]];
        if (c < 0 || nb[i] == gone || w.piece[c] >= 0) continue;
        w.piece[c] = static_cast<std::int8_t>(w.pieces);
        queue[tail++] = c;
      }
    }
    ++w.pieces;
  }
  return w;
}

// The card on `gone` put on (x, y) (maybe just outside the box) joins the layout into one piece:
// it touches every piece of the layout without it (Layout::touches_card and connected() of the
// layout after the move; a shift back into the box changes neither).
bool joins_all(const Layout& l, const Without& w, int gone, int x, int y) {
  std::uint64_t touched = 0;
  for (const auto& [dx, dy] : neighbor_steps(l.topo)) {
    if (!in_box(x + dx, y + dy)) continue;
    const int c = make_cell(x + dx, y + dy);
    if (c != gone && l.at[c] >= 0) touched |= std::uint64_t{1} << w.piece[l.at[c]];
  }
  return touched != 0 && touched == (std::uint64_t{1} << w.pieces) - 1;
}

// Layout::move_to can shift the other cards back into the box for a target outside it.
bool shift_fits(const Without& w, int x, int y) {
  const int dx = x < 0 ? 1 : x >= kSide ? -1 : 0;
  const int dy = y < 0 ? 1 : y >= kSide ? -1 : 0;
  return !(dx == 1 && w.x1 + 1 >= kSide) && !(dx == -1 && w.x0 - 1 < 0) &&
         !(dy == 1 && w.y1 + 1 >= kSide) && !(dy == -1 && w.y0 - 1 < 0);
}

// Layout::has_diamond_path after the card on `from` moved to (x, y), maybe just outside the box
// (the shift back into the box moves every card alike), without building that layout.
bool diamond_path_after_move(const Layout& l, int from, int x, int y) {
  if (l.pos[kAceOfDiamonds] < 0 || l.pos[kJoker] < 0) return false;
  const int moved = l.at[from];
  const auto card_at = [&](int cx, int cy) {
    if (cx == x && cy == y) return moved;
    if (!in_box(cx, cy) || make_cell(cx, cy) == from) return -1;
    return static_cast<int>(l.at[make_cell(cx, cy)]);
  };
  std::uint64_t seen = std::uint64_t{1} << kAceOfDiamonds;
  std::array<int, 13> queue{kAceOfDiamonds};
  int head = 0;
  int tail = 1;
  while (head < tail) {
    const int id = queue[head++];
    const int cx = id == moved ? x : cell_x(l.pos[id]);
    const int cy = id == moved ? y : cell_y(l.pos[id]);
    for (const auto& [dx, dy] : neighbor_steps(l.topo)) {
      const int c = card_at(cx + dx, cy + dy);
      if (c == kJoker) return true;
      if (c >= 0 && is_diamond(c) && !((seen >> c) & 1)) {
        seen |= std::uint64_t{1} << c;
        queue[tail++] = c;
      }
    }
  }
  return false;
}

}  // namespace

void State::legal_rearrangements(ActionList& out, bool mover) const {
  std::array<int, kNumCards> cells{};
  int n = 0;
  for (int id = 0; id < kNumCards; ++id) {
    if (layout_.pos[id] >= 0) cells[n++] = layout_.pos[id];
  }
  std::sort(cells.begin(), cells.begin() + n);
  // The Maker may not touch A♦ nor a face-up Joker under option A-G1-17; the Mover never may.
  const auto held = [&](int card) {
    return (mover || !config_.maker_moves_ad_joker) && mover_fixed(card);
  };
  // Swaps. A swap within a swap_class (or of two cards outside the diamond graph) leaves the
  // build constraint as it is; the others are tried on one scratch layout.
  const bool maze_now = layout_.maze_ok();
  Layout scratch = layout_;
  for (int i = 0; i < n; ++i) {
    const int ci = layout_.at[cells[i]];
    for (int j = i + 1; j < n; ++j) {
      const int cj = layout_.at[cells[j]];
      if (held(ci) || held(cj)) continue;
      bool ok = true;
      if (!mover) {
        if (swap_class(ci, layout_.advanced) == swap_class(cj, layout_.advanced) ||
            (!in_diamond_graph(ci) && !in_diamond_graph(cj))) {
          ok = maze_now;
        } else {
          scratch.swap_cells(cells[i], cells[j]);
          ok = scratch.maze_ok();
          scratch.swap_cells(cells[i], cells[j]);
        }
      }
      if (ok) out.push_back(kSwapBase + Action{cells[i]} * kCells + cells[j]);
    }
  }
  // Vacant cells next to the layout (A-G1-18), on every side: the cells just outside the box too
  // (A-G1-48), as (x, y), in the order of their frame index (for the cells inside the box, that
  // of the cells), so the moves come out sorted.
  const std::span<const std::array<int, 2>> steps = neighbor_steps(layout_.topo);
  std::array<bool, kFrameSide * kFrameSide> vacant{};
  for (int i = 0; i < n; ++i) {
    for (const auto& [dx, dy] : steps) {
      const int x = cell_x(cells[i]) + dx;
      const int y = cell_y(cells[i]) + dy;
      if (x < -1 || y < -1 || x > kSide || y > kSide) continue;
      if (in_box(x, y) && layout_.at[make_cell(x, y)] >= 0) continue;
      vacant[(y + 1) * kFrameSide + (x + 1)] = true;
    }
  }
  std::array<std::array<std::int16_t, 2>, 6 * kNumCards> targets{};
  int inside = 0;  // the targets in the box come first: their actions are the smaller
  int num_targets = 0;
  for (const bool in : {true, false}) {
    for (int f = 0; f < kFrameSide * kFrameSide; ++f) {
      const int x = f % kFrameSide - 1;
      const int y = f / kFrameSide - 1;
      if (vacant[f] && in_box(x, y) == in) {
        targets[num_targets++] = {static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
      }
    }
    if (in) inside = num_targets;
  }
  std::array<Without, kNumCards> without;
  for (int i = 0; i < n; ++i) without[i] = look_without(layout_, cells[i]);
  for (const bool in : {true, false}) {
    for (int i = 0; i < n; ++i) {
      const int from = cells[i];
      const Without& w = without[i];
      if (held(layout_.at[from])) continue;
      for (int t = in ? 0 : inside; t < (in ? inside : num_targets); ++t) {
        const int x = targets[t][0];
        const int y = targets[t][1];
        // A Mover's card that leaves the layout in one piece is listed without the shift check
        // (as ever: the layout spans the box only in a line of 40 cards).
        if (!in && !shift_fits(w, x, y) && !(mover && w.pieces <= 1)) continue;
        if (!joins_all(layout_, w, from, x, y)) continue;
        const Action a = encode_move(from, x, y);
        if (!mover && !diamond_path_after_move(layout_, from, x, y) &&
            !(layout_.advanced && alteration_ok(a))) {
          continue;
        }
        out.push_back(a);
      }
    }
  }
}

}  // namespace mw::pathfinder_cards
