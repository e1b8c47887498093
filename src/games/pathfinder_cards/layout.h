#pragma once
// The maze of Thorin Tatge's Pathfinder (seed 000, rulings G1) as a value: the 40 maze cards on a
// bounded board, their facing, and the geometry the rules ask about (adjacency, the tens' area,
// connectivity, the diamond path, the active chain). Square and hexagonal boards share one
// topology switch (G1.1) so the hex variant only has to add its notation and rendering.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace mw::pathfinder_cards {

// The board box. Every edge-connected layout of 40 cards fits in a 40 x 40 box (its width plus its
// height is at most 41), so the bound loses nothing (G1.1 "default UI bound 40x40").
inline constexpr int kSide = 40;
inline constexpr int kCells = kSide * kSide;

// Maze card ids: suit * 13 + (rank - 1) for clubs (0), diamonds (1), spades (2); 39 = the Joker.
inline constexpr int kNumCards = 40;
inline constexpr int kJoker = 39;
inline constexpr int kAceOfDiamonds = 13;
inline constexpr int kClubs = 0;
inline constexpr int kDiamonds = 1;
inline constexpr int kSpades = 2;
inline constexpr int kNoSuit = 3;  // the Joker has no suit (A-G1-7)

constexpr int card_suit(int id) {
  return id == kJoker ? kNoSuit : id / 13;
}
constexpr int card_rank(int id) {
  return id == kJoker ? 0 : id % 13 + 1;
}
// Trial values (G1.1): 2-10 face value, J 11, Q 12, K 13, A 14, Joker 0.
constexpr int card_value(int id) {
  const int r = card_rank(id);
  return r == 1 ? 14 : r;
}
constexpr int card_id(int suit, int rank) {
  return suit * 13 + rank - 1;
}
constexpr bool is_diamond(int id) {
  return id >= 13 && id < 26;
}
constexpr std::uint64_t kAllCards = (std::uint64_t{1} << kNumCards) - 1;
constexpr std::uint64_t kDiamondMask = ((std::uint64_t{1} << 13) - 1) << 13;

std::string card_code(int id);                   // "AD", "10C", "JS", "JK"
std::string card_display(int id, bool unicode);  // "A♦" / "AD"
int parse_card_code(std::string_view text);      // -1 when not a maze card
std::string suit_code(int suit);                 // "C", "D", "S", "JK"
int parse_suit_code(std::string_view text);      // 0..2, kNoSuit for the Joker, -1 otherwise
std::string heart_code(int rank);                // "AH", "10H", "KH"
int parse_heart_code(std::string_view text);     // rank 1..13, -1 otherwise

constexpr int cell_x(int cell) {
  return cell % kSide;
}
constexpr int cell_y(int cell) {
  return cell / kSide;
}
constexpr int make_cell(int x, int y) {
  return y * kSide + x;
}
constexpr bool in_box(int x, int y) {
  return x >= 0 && y >= 0 && x < kSide && y < kSide;
}
std::string cell_name(int cell);        // "3,2" = (x, y), x east, y south
int parse_cell(std::string_view text);  // "3,2" or "(3,2)"; -1 otherwise

enum class Topology : std::uint8_t { kSquare, kHex };

struct Layout {
  std::array<std::int8_t, kCells> at;       // card id on each cell, -1 when empty
  std::array<std::int16_t, kNumCards> pos;  // cell of each card, -1 when not placed
  std::uint64_t up = 0;                     // bit per card id: face up
  std::int8_t count = 0;                    // cards placed
  Topology topo = Topology::kSquare;

  Layout() {
    at.fill(-1);
    pos.fill(-1);
  }
  int card(int cell) const { return at[cell]; }
  int cell_of(int id) const { return pos[id]; }
  bool face_up(int id) const { return (up >> id) & 1; }
  void set_up(int id, bool value) {
    up = value ? up | (std::uint64_t{1} << id) : up & ~(std::uint64_t{1} << id);
  }
  std::uint64_t placed() const;
  void place(int id, int cell);
  void remove(int id);
  void swap_cells(int a, int b);  // both occupied
  void move(int from, int to);    // `to` empty

  // Edge neighbours inside the box (square: N E S W; hex axial: E NE NW W SW SE); returns count.
  // Inline: the building searches call it in their inner loops.
  int neighbors(int cell, std::array<int, 6>& out) const {
    const int x = cell_x(cell);
    const int y = cell_y(cell);
    int n = 0;
    const auto add = [&](int dx, int dy) {
      if (in_box(x + dx, y + dy)) out[n++] = make_cell(x + dx, y + dy);
    };
    if (topo == Topology::kSquare) {
      add(0, -1);
      add(1, 0);
      add(0, 1);
      add(-1, 0);
    } else {  // axial (q = x, r = y): E NE NW W SW SE (A-G1-42)
      add(1, 0);
      add(1, -1);
      add(0, -1);
      add(-1, 0);
      add(-1, 1);
      add(0, 1);
    }
    return n;
  }
  // The tens' area: the 8 cells around on a square board, the 6 neighbours on a hex board (G1.4).
  int area(int cell, std::array<int, 8>& out) const;
  bool touches_card(int cell) const;

  // All placed cards form one edge-connected piece (G1.1 layout validity).
  bool connected() const;
  // The basic build constraint (G1.2 3b): edge-adjacent diamonds, any facing, lead from A♦ to a
  // cell next to the Joker.
  bool has_diamond_path() const;
  bool valid_maze() const { return count == kNumCards && connected() && has_diamond_path(); }
  // The active chain (G1.3 derived state): face-up diamonds joined to a face-up A♦; card ids.
  std::uint64_t active() const;
  // Face-down cards next to an active diamond (card ids).
  std::uint64_t explorable(std::uint64_t act) const;
  bool joker_active(std::uint64_t act) const;
  // Cards of `suit` (any facing) in the area of `cell` (the ten-count trials).
  int count_in_area(int cell, int suit) const;
};

// Whether a partial layout (edge-connected, fewer than 40 cards) can still be completed into a
// valid basic maze with the unplaced cards, each new card touching the layout. Exact for the
// endpoints placed; see build.cpp for the argument.
bool build_feasible(const Layout& layout);

}  // namespace mw::pathfinder_cards
