#include "games/mazemakers/pentomino.h"

#include <algorithm>
#include <cstdlib>
#include <tuple>
#include <utility>
#include <vector>

namespace mw::mazemakers {
namespace {

using Cells = std::vector<std::pair<int, int>>;

// The shapes of ../shared/rules-tools/pento.py.
constexpr std::array<std::array<std::string_view, 3>, kNumPieces> kShapes = {{
    {".##", "##.", ".#."},
    {"#####", "", ""},
    {"####", "#...", ""},
    {"##..", ".###", ""},
    {"##", "##", "#."},
    {"###", ".#.", ".#."},
    {"#.#", "###", ""},
    {"#..", "#..", "###"},
    {"#..", "##.", ".##"},
    {".#.", "###", ".#."},
    {"####", ".#..", ""},
    {"##.", ".#.", ".##"},
}};

Cells normalized(Cells cs) {
  int mr = 99, mc = 99;
  for (auto [r, c] : cs) mr = std::min(mr, r), mc = std::min(mc, c);
  for (auto& [r, c] : cs) r -= mr, c -= mc;
  std::sort(cs.begin(), cs.end());
  return cs;
}

std::vector<Cells> fixed_orientations(const Cells& base) {
  std::vector<Cells> out;
  for (int flip = 0; flip < 2; ++flip) {
    Cells cur = base;
    if (flip) {
      for (auto& [r, c] : cur) c = -c;
    }
    for (int k = 0; k < 4; ++k) {
      out.push_back(normalized(cur));
      for (auto& [r, c] : cur) std::tie(r, c) = std::pair(c, -r);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

struct Tables {
  std::array<Orientation, kNumOrientations> orient{};
  AnchorTable anchors{};
};

Tables build() {
  Tables t;
  int n = 0;
  for (int piece = 0; piece < kNumPieces; ++piece) {
    t.anchors.first[piece] = n;
    Cells base;
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < static_cast<int>(kShapes[piece][r].size()); ++c) {
        if (kShapes[piece][r][c] == '#') base.emplace_back(r, c);
      }
    }
    const auto all = fixed_orientations(base);
    for (std::size_t k = 0; k < all.size(); ++k, ++n) {
      Orientation& o = t.orient[n];
      o.piece = static_cast<std::int8_t>(piece);
      o.index_in_piece = static_cast<std::int8_t>(k);
      for (int i = 0; i < 5; ++i) {
        o.dr[i] = static_cast<std::int8_t>(all[k][i].first);
        o.dc[i] = static_cast<std::int8_t>(all[k][i].second);
        o.height = std::max<std::int8_t>(o.height, static_cast<std::int8_t>(o.dr[i] + 1));
        o.width = std::max<std::int8_t>(o.width, static_cast<std::int8_t>(o.dc[i] + 1));
      }
      for (int i = 0; i < 5; ++i) {
        t.anchors.offsets[n][i] = static_cast<std::int8_t>(o.dr[i] * kSide + o.dc[i]);
        t.anchors.shape[n] |= cell_bit(t.anchors.offsets[n][i]);
        const auto slot =
            std::find(kSquareOffsets.begin(), kSquareOffsets.end(), t.anchors.offsets[n][i]);
        if (slot == kSquareOffsets.end()) std::abort();  // kSquareOffsets must list every offset
        t.anchors.offset_slots[n][i] = static_cast<std::uint8_t>(slot - kSquareOffsets.begin());
      }
      for (int anchor = 0; anchor < kCells; ++anchor) {
        const int r0 = anchor / kSide, c0 = anchor % kSide;
        if (r0 + o.height <= kSide && c0 + o.width <= kSide) {
          t.anchors.on_grid[n] |= cell_bit(anchor);
        }
      }
    }
  }
  t.anchors.first[kNumPieces] = n;
  return t;
}

const Tables& tables() {
  static const Tables t = build();
  return t;
}

}  // namespace

const std::array<Orientation, kNumOrientations>& orientations() {
  return tables().orient;
}
int first_orientation(int piece) {
  return tables().anchors.first[piece];
}
int orientation_count(int piece) {
  return tables().anchors.first[piece + 1] - tables().anchors.first[piece];
}
const AnchorTable& anchor_table() {
  return tables().anchors;
}
Mask fitting_anchors(int o, Mask blocked) {
  return fitting_anchors(anchor_table(), o, ShiftedSquares(blocked));
}

}  // namespace mw::mazemakers
