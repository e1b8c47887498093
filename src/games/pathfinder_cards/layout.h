#pragma once
// The maze of Thorin Tatge's Pathfinder (seed 000, rulings G1) as a value: the 40 maze cards on a
// bounded board, their facing, and the geometry the rules ask about (adjacency, the tens' area,
// connectivity, the diamond path, the active chain). Square and hexagonal boards share one
// topology switch (G1.1) so the hex variant only has to add its notation and rendering.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
// The cells of the diamonds and the Joker: the graph of the build constraint (G1.2 3b), of the
// Pathfinder's directions and of the Advisor's paths.
constexpr bool in_diamond_graph(int id) {
  return is_diamond(id) || id == kJoker;
}
constexpr std::uint64_t kAllCards = (std::uint64_t{1} << kNumCards) - 1;
constexpr std::uint64_t kDiamondMask = ((std::uint64_t{1} << 13) - 1) << 13;

std::string card_code(int id);  // "AD", "10C", "JS", "JK"
// The same, read from the table of codes (id a maze card or the Joker).
std::string_view card_code_view(int id);
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
std::string cell_name(int cell);            // "3,2" = (x, y), x east, y south
std::string_view cell_name_view(int cell);  // the same from the table (cell on the board)
int parse_cell(std::string_view text);      // "3,2" or "(3,2)"; -1 otherwise

enum class Topology : std::uint8_t { kSquare, kHex };

// The edge-neighbour steps (dx, dy): square N E S W; hex axial E NE NW W SW SE (A-G1-42).
inline constexpr std::array<std::array<int, 2>, 4> kSquareNeighborSteps = {
    {{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
inline constexpr std::array<std::array<int, 2>, 6> kHexNeighborSteps = {
    {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};
inline std::span<const std::array<int, 2>> neighbor_steps(Topology topo) {
  if (topo == Topology::kSquare) return kSquareNeighborSteps;
  return kHexNeighborSteps;
}

// How far a layout was shifted to keep it in the box after a card moved out of it (A-G1-48): a
// cell named (x, y) before is (x + dx, y + dy) after. Each shift is one cell per axis and a game
// has at most 6 moves (two Ace alterations, four Mover moves), so int8 holds any sum.
struct Shift {
  std::int8_t dx = 0;
  std::int8_t dy = 0;
  bool none() const { return dx == 0 && dy == 0; }
  void add(const Shift& s) {
    dx = static_cast<std::int8_t>(dx + s.dx);
    dy = static_cast<std::int8_t>(dy + s.dy);
  }
};
// "x,y" for any coordinates (a cell named before a shift may lie outside the box now).
std::string xy_name(int x, int y);
// A cell named in the coordinates before `s`, as it is named now.
std::string shifted_cell_name(int cell, const Shift& s);
// "x,y" or "(x,y)" with -1 <= x, y <= kSide: a cell of the box or just outside it (A-G1-48).
bool parse_frame_xy(std::string_view text, int& x, int& y);

// The advanced game's artifacts (G1.4): J♦ Magic Rope, Q♦ Magic Veil, K♦ Magic Mirror.
inline constexpr int kRopeCard = card_id(kDiamonds, 11);
inline constexpr int kVeilCard = card_id(kDiamonds, 12);
inline constexpr int kMirrorCard = card_id(kDiamonds, 13);
inline constexpr std::uint64_t kArtifactMask = (std::uint64_t{1} << kRopeCard) |
                                               (std::uint64_t{1} << kVeilCard) |
                                               (std::uint64_t{1} << kMirrorCard);
// Cards that swap places without changing the build constraint (basic or advanced), a ten count
// or a Pathfinder answer: cards of one suit, but A♦, the Joker and (advanced game) each artifact
// apart. All of those depend only on which cells hold a card (a swap keeps that), which hold
// which suit, and where A♦, the Joker and the artifacts lie.
constexpr int swap_class(int id, bool advanced) {
  if (id == kAceOfDiamonds || id == kJoker) return id == kJoker ? 5 : 4;
  if (advanced && ((kArtifactMask >> id) & 1)) return 6 + id;
  return card_suit(id);
}

// An edge of the exploration graph (G1.3 derived state) from a cell: where it leads and its label
// kind * 8 + dir, kind 0 = a step, 1 = a Veil (diagonal) step, 2 = a Rope jump over a gap, 3 = a
// Mirror wrap. Dirs: square N E S W NE NW SW SE (0..7); hex steps, jumps and wraps E NE NW W SW SE
// use the same indices (1 4 5 3 6 7), hex Veil steps ENE N WNW WSW S ESE are 0..5 (A-G1-42).
struct Link {
  std::int16_t cell = -1;
  std::uint8_t label = 0;
};
inline constexpr int kMaxLinks = 24;
inline constexpr int kStepLink = 0;
inline constexpr int kVeilLink = 1;
inline constexpr int kRopeLink = 2;
inline constexpr int kWrapLink = 3;
std::string link_label(int label, Topology topo);            // "N", "NE", "N+rope", "E+wrap", "ENE"
int parse_link_label(std::string_view text, Topology topo);  // -1 when not one

// Which cells hold a card, by line: what the Rope and the Mirror look along (G1.4). Left
// uninitialised when declared (Layout::fill_lines writes all of it): 1.3 KB zeroed per chain or
// answer evaluation was a fifth of the Runner's resampling, mostly where no artifact is enabled.
struct Lines {
  std::array<std::uint64_t, 40> row;   // bit x per row y
  std::array<std::uint64_t, 40> col;   // bit y per column x
  std::array<std::uint64_t, 79> anti;  // hex NE-SW axis: bit x per x + y
};

struct Layout {
  std::array<std::int8_t, kCells> at;       // card id on each cell, -1 when empty
  std::array<std::int16_t, kNumCards> pos;  // cell of each card, -1 when not placed
  std::uint64_t up = 0;                     // bit per card id: face up
  std::int8_t count = 0;                    // cards placed
  Topology topo = Topology::kSquare;
  bool advanced = false;      // the advanced game's artifacts and build constraint (G1.4)
  std::uint64_t dormant = 0;  // artifacts whose own trial is not over yet (A-G1-38)

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
  // The cells of `cards` (placed ones), ascending; returns how many: a list in board order
  // without reading the 1,600 cells.
  int cells_of(std::uint64_t cards, std::array<int, kNumCards>& out) const;
  void place(int id, int cell);
  void remove(int id);
  void swap_cells(int a, int b);  // both occupied
  void move(int from, int to);    // `to` empty
  // Moves the card on `from` to the vacant cell (x, y), inside the box or one cell outside it;
  // then a layout reaching outside is shifted one cell back in on that axis (A-G1-48). Returns
  // false (and leaves the layout alone) when (x, y) is taken or the layout cannot fit the box.
  bool move_to(int from, int x, int y, Shift& shift);

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
      for (const auto& [dx, dy] : kSquareNeighborSteps) add(dx, dy);
    } else {  // axial (q = x, r = y): E NE NW W SW SE (A-G1-42)
      for (const auto& [dx, dy] : kHexNeighborSteps) add(dx, dy);
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
  // The build constraint of this game: the basic diamond path, or in the advanced game the Joker
  // reachable eventually, every card treated as visible (G1.2 3b', G1.3.6 closure).
  // (A diamond path is the closure's cheap special case: checked first.)
  bool maze_ok() const {
    return has_diamond_path() || (advanced && closure_reaches_joker(kArtifactMask));
  }
  // The advanced closure where only the artifacts in `allowed` may enable their edges (A-G1-35).
  bool closure_reaches_joker(std::uint64_t allowed) const;
  bool valid_maze() const { return count == kNumCards && connected() && maze_ok(); }
  // The active chain (G1.3 derived state): face-up diamonds joined to a face-up A♦ by enabled
  // edges (in the advanced game, those of the active artifacts whose trial is over); card ids.
  std::uint64_t active() const;
  // The artifacts whose edges are enabled for the chain `act`.
  std::uint64_t enabled(std::uint64_t act) const {
    return advanced ? act & kArtifactMask & ~dormant : 0;
  }
  // Face-down cards joined by an enabled edge to an active diamond (card ids).
  std::uint64_t explorable(std::uint64_t act) const;
  bool joker_active(std::uint64_t act) const;
  // The edges from `cell` to cards with the artifacts `arts` enabled (any facing). `lines` is
  // needed only when arts holds the Rope or the Mirror.
  int links(int cell, std::uint64_t arts, const Lines* lines,
            std::array<Link, kMaxLinks>& out) const;
  void fill_lines(Lines& lines) const;
  // The fixpoint of G1.3: diamonds among `visible` joined to A♦, artifact edges enabled once the
  // artifact (if in `allowed`) is in the set. Returns the set; `arts` gets the enabled artifacts.
  std::uint64_t chain(std::uint64_t visible, std::uint64_t allowed, std::uint64_t* arts) const;
  // Whether the Joker's cell is joined to a card of `set` by an edge of `arts`.
  bool joker_joined(std::uint64_t set, std::uint64_t arts) const;
  // Cards of `suit` (any facing) in the area of `cell` (the ten-count trials).
  int count_in_area(int cell, int suit) const;
};

// A rectangle of cells, bounds included (empty when x1 < x0).
struct CellBox {
  int x0 = 0;
  int y0 = 0;
  int x1 = -1;
  int y1 = -1;
  bool holds(int cell) const {
    return cell_x(cell) >= x0 && cell_x(cell) <= x1 && cell_y(cell) >= y0 && cell_y(cell) <= y1;
  }
};
// The placed cards' bounding box grown by `margin` cells on every side, clipped to the board:
// where the build searches look for the cells a completion may use.
CellBox grown_bounding_box(const Layout& layout, int margin);

// Whether a partial layout (edge-connected, fewer than 40 cards) can still be completed into a
// valid basic maze with the unplaced cards, each new card touching the layout. Exact for the
// endpoints placed; see build.cpp for the argument.
bool build_feasible(const Layout& layout);

// Whether a diamond, and whether another card (not A♦ nor the Joker), on each empty cell next to
// the layout keeps a basic completion possible (build_feasible of the layout with that card):
// legal_build's hot loop, answered from one look at the layout instead of one search per cell and
// card class. With both endpoints placed, from two searches (the cheapest paths A♦ .. e and
// e .. Joker): exact for a diamond, and for another card unless e lies on the one cheapest path
// found. With fewer, build_feasible's quick answers hold unless e is the cell they relied on,
// and a missing endpoint on e is answered from one search from the placed one (exact), or, with
// neither placed, by e having an empty neighbour. 1 yes, 0 no, -1 unknown (ask build_feasible).
struct PlacementVerdict {
  std::int8_t diamond = -1;
  std::int8_t other = -1;
  std::int8_t ace = -1;    // A♦ on e
  std::int8_t joker = -1;  // the Joker on e
};
std::vector<PlacementVerdict> placement_verdicts(const Layout& layout,
                                                 const std::vector<int>& cells);
// The build check of one placement that made `layout` (State's legal placements, the computer
// Maker's plans): a basic completion stays possible, or in the advanced game the engine builds a
// whole valid maze from it (completion.cpp); the last card is checked exactly against the
// closure.
bool completion_possible(const Layout& layout);

// The advanced game's completion search (completion.cpp): `found` with the whole valid maze it
// built from the layout (`witness`), or not found; `exhausted` when it stopped at its bound
// (steps: layouts grown and cards tried) rather than having tried everything. The build check's
// bound keeps a rare hard question from stalling the game (about 0.2 s at worst).
inline constexpr int kCompletionSearchBudget = 50'000;
struct CompletionAnswer {
  bool found = false;
  bool exhausted = false;
  Layout witness;
};
CompletionAnswer search_completion(const Layout& layout, int budget = kCompletionSearchBudget);

}  // namespace mw::pathfinder_cards
