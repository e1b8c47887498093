#include "games/pathfinder_cards/layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/cards.h"

namespace mw::pathfinder_cards {
namespace {

constexpr std::array<const char*, 13> kRanks = {"A", "2", "3",  "4", "5", "6", "7",
                                                "8", "9", "10", "J", "Q", "K"};
constexpr std::array<const char*, 3> kSuits = {"C", "D", "S"};
constexpr std::array<const char*, 3> kSuitSymbols = {"♣", "♦", "♠"};

std::string upper(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (!std::isspace(static_cast<unsigned char>(c))) {
      out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

constexpr std::array<std::array<int, 2>, 8> kRingSteps = {
    {{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}};

}  // namespace

namespace {
std::string make_card_code(int id) {
  if (id == kJoker) return "JK";
  return std::string(kRanks[card_rank(id) - 1]) + kSuits[card_suit(id)];
}

std::string make_cell_name(int cell) {
  std::string out = std::to_string(cell_x(cell));
  out += ',';
  out += std::to_string(cell_y(cell));
  return out;
}

// Codes and cell names are written once: views name every card of the layout, and the Maker's
// legal placements are every card on every cell.
const std::array<std::string, kNumCards>& card_codes() {
  static const auto kCodes = [] {
    std::array<std::string, kNumCards> codes;
    for (int i = 0; i < kNumCards; ++i) codes[i] = make_card_code(i);
    return codes;
  }();
  return kCodes;
}

const std::vector<std::string>& cell_names() {
  static const auto kNames = [] {
    std::vector<std::string> names(kCells);
    for (int i = 0; i < kCells; ++i) names[i] = make_cell_name(i);
    return names;
  }();
  return kNames;
}
}  // namespace

std::string card_code(int id) {
  return id >= 0 && id < kNumCards ? card_codes()[id] : make_card_code(id);
}

std::string_view card_code_view(int id) {
  return card_codes().at(static_cast<std::size_t>(id));
}

std::string card_display(int id, bool unicode) {
  if (!unicode) return card_code(id);
  if (id == kJoker) return "JK";
  return std::string(kRanks[card_rank(id) - 1]) + kSuitSymbols[card_suit(id)];
}

int parse_card_code(std::string_view text) {
  const std::string t = upper(text);
  if (t == "JK" || t == "JOKER") return kJoker;
  const auto card = parse_card(t);
  if (!card || card->is_joker() || card->suit() == Suit::kHearts) return -1;
  const int suit = card->suit() == Suit::kClubs      ? kClubs
                   : card->suit() == Suit::kDiamonds ? kDiamonds
                                                     : kSpades;
  return card_id(suit, card->rank());
}

std::string suit_code(int suit) {
  if (suit == kNoSuit) return "JK";
  // Any number: action_to_string names every action id, offered or not (engine, Python).
  return suit >= 0 && suit < static_cast<int>(kSuits.size()) ? kSuits[suit] : "?";
}

int parse_suit_code(std::string_view text) {
  const std::string t = upper(text);
  if (t == "JK" || t == "JOKER") return kNoSuit;
  if (t == "C" || t == "CLUBS" || t == "♣") return kClubs;
  if (t == "D" || t == "DIAMONDS" || t == "♦") return kDiamonds;
  if (t == "S" || t == "SPADES" || t == "♠") return kSpades;
  return -1;
}

std::string heart_code(int rank) {
  if (rank < 1 || rank > static_cast<int>(kRanks.size())) return "?H";  // any number: see suit_code
  return std::string(kRanks[rank - 1]) + "H";
}

int parse_heart_code(std::string_view text) {
  const auto card = parse_card(upper(text));
  if (!card || card->is_joker() || card->suit() != Suit::kHearts) return -1;
  return card->rank();
}

std::string cell_name(int cell) {
  return cell >= 0 && cell < kCells ? cell_names()[cell] : make_cell_name(cell);
}

std::string_view cell_name_view(int cell) {
  return cell_names().at(static_cast<std::size_t>(cell));
}

std::string xy_name(int x, int y) {
  std::string out = std::to_string(x);
  out += ',';
  out += std::to_string(y);
  return out;
}

std::string shifted_cell_name(int cell, const Shift& s) {
  return xy_name(cell_x(cell) + s.dx, cell_y(cell) + s.dy);
}

bool parse_frame_xy(std::string_view text, int& x, int& y) {
  std::string t = upper(text);
  if (t.size() >= 2 && t.front() == '(' && t.back() == ')') t = t.substr(1, t.size() - 2);
  const auto comma = t.find(',');
  if (comma == std::string::npos) return false;
  const char* b = t.data();
  const char* e = t.data() + t.size();
  auto rx = std::from_chars(b, b + comma, x);
  auto ry = std::from_chars(b + comma + 1, e, y);
  if (rx.ec != std::errc() || rx.ptr != b + comma || ry.ec != std::errc() || ry.ptr != e) {
    return false;
  }
  return x >= -1 && y >= -1 && x <= kSide && y <= kSide;
}

int parse_cell(std::string_view text) {
  std::string t = upper(text);
  if (t.size() >= 2 && t.front() == '(' && t.back() == ')') t = t.substr(1, t.size() - 2);
  const auto comma = t.find(',');
  if (comma == std::string::npos) return -1;
  int x = 0;
  int y = 0;
  const char* b = t.data();
  const char* e = t.data() + t.size();
  auto rx = std::from_chars(b, b + comma, x);
  auto ry = std::from_chars(b + comma + 1, e, y);
  if (rx.ec != std::errc() || rx.ptr != b + comma || ry.ec != std::errc() || ry.ptr != e) {
    return -1;
  }
  return in_box(x, y) ? make_cell(x, y) : -1;
}

std::uint64_t Layout::placed() const {
#if defined(__SSE2__)
  // The sign bits of pos (-1 where a card is not placed), eight cards a step: random builds ask
  // this for every card they draw, and the plain loop was a tenth of a search's time.
  static_assert(kNumCards % 8 == 0);
  std::uint64_t unplaced = 0;
  for (int i = 0; i < kNumCards; i += 8) {
    const __m128i cells = _mm_loadu_si128(reinterpret_cast<const __m128i*>(pos.data() + i));
    const __m128i bytes = _mm_packs_epi16(cells, cells);  // saturating: the signs are kept
    unplaced |= static_cast<std::uint64_t>(_mm_movemask_epi8(bytes) & 0xFF) << i;
  }
  return ~unplaced & kAllCards;
#else
  std::uint64_t m = 0;
  for (int id = 0; id < kNumCards; ++id) {
    if (pos[id] >= 0) m |= std::uint64_t{1} << id;
  }
  return m;
#endif
}

int Layout::cells_of(std::uint64_t cards, std::array<int, kNumCards>& out) const {
  int n = 0;
  for (; cards != 0; cards &= cards - 1) out[n++] = pos[std::countr_zero(cards)];
  std::sort(out.begin(), out.begin() + n);
  return n;
}

void Layout::place(int id, int cell) {
  at[cell] = static_cast<std::int8_t>(id);
  pos[id] = static_cast<std::int16_t>(cell);
  ++count;
}

void Layout::remove(int id) {
  at[pos[id]] = -1;
  pos[id] = -1;
  --count;
}

void Layout::swap_cells(int a, int b) {
  const int ca = at[a];
  const int cb = at[b];
  at[a] = static_cast<std::int8_t>(cb);
  at[b] = static_cast<std::int8_t>(ca);
  pos[ca] = static_cast<std::int16_t>(b);
  pos[cb] = static_cast<std::int16_t>(a);
}

void Layout::move(int from, int to) {
  const int c = at[from];
  at[from] = -1;
  at[to] = static_cast<std::int8_t>(c);
  pos[c] = static_cast<std::int16_t>(to);
}

bool Layout::move_to(int from, int x, int y, Shift& shift) {
  const int id = at[from];
  if (id < 0 || x < -1 || y < -1 || x > kSide || y > kSide) return false;
  shift.dx = static_cast<std::int8_t>(x < 0 ? 1 : x >= kSide ? -1 : 0);
  shift.dy = static_cast<std::int8_t>(y < 0 ? 1 : y >= kSide ? -1 : 0);
  if (shift.none()) {
    if (at[make_cell(x, y)] >= 0) return false;
    move(from, make_cell(x, y));
    return true;
  }
  // The target lies outside the box: every other card moves one cell back in, if it can.
  for (int other = 0; other < kNumCards; ++other) {
    if (other == id || pos[other] < 0) continue;
    if (!in_box(cell_x(pos[other]) + shift.dx, cell_y(pos[other]) + shift.dy)) return false;
  }
  std::array<std::int16_t, kNumCards> cells = pos;
  cells[id] = static_cast<std::int16_t>(-1);
  at.fill(-1);
  for (int other = 0; other < kNumCards; ++other) {
    if (cells[other] < 0) continue;
    const int c = make_cell(cell_x(cells[other]) + shift.dx, cell_y(cells[other]) + shift.dy);
    at[c] = static_cast<std::int8_t>(other);
    pos[other] = static_cast<std::int16_t>(c);
  }
  const int to = make_cell(x + shift.dx, y + shift.dy);
  at[to] = static_cast<std::int8_t>(id);
  pos[id] = static_cast<std::int16_t>(to);
  return true;
}

int Layout::area(int cell, std::array<int, 8>& out) const {
  if (topo == Topology::kHex) {
    std::array<int, 6> nb{};
    const int n = neighbors(cell, nb);
    std::copy_n(nb.begin(), n, out.begin());
    return n;
  }
  const int x = cell_x(cell);
  const int y = cell_y(cell);
  int n = 0;
  for (const auto& s : kRingSteps) {
    if (in_box(x + s[0], y + s[1])) out[n++] = make_cell(x + s[0], y + s[1]);
  }
  return n;
}

CellBox grown_bounding_box(const Layout& l, int margin) {
  CellBox b{kSide, kSide, -1, -1};
  for (std::uint64_t cards = l.placed(); cards != 0; cards &= cards - 1) {
    const int cell = l.pos[std::countr_zero(cards)];
    b.x0 = std::min(b.x0, cell_x(cell));
    b.y0 = std::min(b.y0, cell_y(cell));
    b.x1 = std::max(b.x1, cell_x(cell));
    b.y1 = std::max(b.y1, cell_y(cell));
  }
  return {std::max(0, b.x0 - margin), std::max(0, b.y0 - margin),
          std::min(kSide - 1, b.x1 + margin), std::min(kSide - 1, b.y1 + margin)};
}

bool Layout::touches_card(int cell) const {
  std::array<int, 6> nb{};
  const int n = neighbors(cell, nb);
  for (int i = 0; i < n; ++i) {
    if (at[nb[i]] >= 0) return true;
  }
  return false;
}

bool Layout::connected() const {
  if (count == 0) return true;
  std::uint64_t seen = 0;
  std::array<int, kNumCards> queue{};
  int head = 0;
  int tail = 0;
  for (int id = 0; id < kNumCards && tail == 0; ++id) {
    if (pos[id] >= 0) {
      queue[tail++] = id;
      seen |= std::uint64_t{1} << id;
    }
  }
  std::array<int, 6> nb{};
  while (head < tail) {
    const int n = neighbors(pos[queue[head++]], nb);
    for (int i = 0; i < n; ++i) {
      const int c = at[nb[i]];
      if (c >= 0 && !((seen >> c) & 1)) {
        seen |= std::uint64_t{1} << c;
        queue[tail++] = c;
      }
    }
  }
  return tail == count;
}

bool Layout::has_diamond_path() const {
  if (pos[kAceOfDiamonds] < 0 || pos[kJoker] < 0) return false;
  std::uint64_t seen = std::uint64_t{1} << kAceOfDiamonds;
  std::array<int, 13> queue{kAceOfDiamonds};
  int head = 0;
  int tail = 1;
  std::array<int, 6> nb{};
  while (head < tail) {
    const int n = neighbors(pos[queue[head++]], nb);
    for (int i = 0; i < n; ++i) {
      const int c = at[nb[i]];
      if (c == kJoker) return true;
      if (c >= 0 && is_diamond(c) && !((seen >> c) & 1)) {
        seen |= std::uint64_t{1} << c;
        queue[tail++] = c;
      }
    }
  }
  return false;
}

namespace {

struct Step {
  int dx;
  int dy;
  int dir;  // label dir
};
constexpr std::array<Step, 4> kSquareSteps = {{{0, -1, 0}, {1, 0, 1}, {0, 1, 2}, {-1, 0, 3}}};
constexpr std::array<Step, 4> kSquareDiagonals = {{{1, -1, 4}, {-1, -1, 5}, {-1, 1, 6}, {1, 1, 7}}};
constexpr std::array<Step, 6> kHexSteps = {
    {{1, 0, 1}, {1, -1, 4}, {0, -1, 5}, {-1, 0, 3}, {-1, 1, 6}, {0, 1, 7}}};
// One step, a 60° turn, one step (G1.1 hex-diagonals): ENE N WNW WSW S ESE.
constexpr std::array<Step, 6> kHexDiagonals = {
    {{2, -1, 0}, {1, -2, 1}, {-1, -1, 2}, {-2, 1, 3}, {-1, 2, 4}, {1, 1, 5}}};
constexpr std::array<const char*, 8> kDirNames = {"N", "E", "S", "W", "NE", "NW", "SW", "SE"};
constexpr std::array<const char*, 6> kHexDiagonalNames = {"ENE", "N", "WNW", "WSW", "S", "ESE"};

// The line through `cell` along a step direction, as an occupancy mask and a position on it.
struct OnLine {
  std::uint64_t mask = 0;
  int pos = 0;
  int x = 0;  // to turn a position back into a cell
  int y = 0;
  int axis = 0;  // 0 row, 1 column, 2 hex NE-SW
  int cell_at(int p) const {
    return axis == 0 ? make_cell(p, y) : axis == 1 ? make_cell(x, p) : make_cell(p, x + y - p);
  }
};

OnLine on_line(const Lines& lines, int cell, const Step& s) {
  OnLine o;
  o.x = cell_x(cell);
  o.y = cell_y(cell);
  if (s.dy == 0) {
    o.mask = lines.row[o.y];
    o.pos = o.x;
  } else if (s.dx == 0) {
    o.axis = 1;
    o.mask = lines.col[o.x];
    o.pos = o.y;
  } else {
    o.axis = 2;
    o.mask = lines.anti[o.x + o.y];
    o.pos = o.x;
  }
  return o;
}

std::uint64_t below(int p) {
  return (std::uint64_t{1} << p) - 1;
}

}  // namespace

std::string link_label(int label, Topology topo) {
  const int kind = label / 8;
  const int dir = label % 8;
  if (kind == kVeilLink && topo == Topology::kHex) return kHexDiagonalNames[dir % 6];
  std::string out = kDirNames[dir];
  if (kind == kRopeLink) out += "+rope";
  if (kind == kWrapLink) out += "+wrap";
  return out;
}

int parse_link_label(std::string_view text, Topology topo) {
  for (int label = 0; label < 32; ++label) {
    const int kind = label / 8;
    const int dir = label % 8;
    if (kind == kVeilLink && topo == Topology::kHex && dir >= 6) continue;
    if (upper(link_label(label, topo)) == upper(text)) return label;
  }
  return -1;
}

void Layout::fill_lines(Lines& lines) const {
  lines.row.fill(0);
  lines.col.fill(0);
  lines.anti.fill(0);
  for (int id = 0; id < kNumCards; ++id) {
    const int c = pos[id];
    if (c < 0) continue;
    const int x = cell_x(c);
    const int y = cell_y(c);
    lines.row[y] |= std::uint64_t{1} << x;
    lines.col[x] |= std::uint64_t{1} << y;
    lines.anti[x + y] |= std::uint64_t{1} << x;
  }
}

int Layout::links(int cell, std::uint64_t arts, const Lines* lines,
                  std::array<Link, kMaxLinks>& out) const {
  const int x = cell_x(cell);
  const int y = cell_y(cell);
  int n = 0;
  const auto add_step = [&](const Step& s, int kind) {
    if (!in_box(x + s.dx, y + s.dy)) return;
    const int c = make_cell(x + s.dx, y + s.dy);
    if (at[c] >= 0)
      out[n++] = {static_cast<std::int16_t>(c), static_cast<std::uint8_t>(kind * 8 + s.dir)};
  };
  const bool hex = topo == Topology::kHex;
  const auto steps = [&](auto&& f) {
    if (hex) {
      for (const Step& s : kHexSteps) f(s);
    } else {
      for (const Step& s : kSquareSteps) f(s);
    }
  };
  steps([&](const Step& s) { add_step(s, kStepLink); });
  if (arts & (std::uint64_t{1} << kVeilCard)) {
    if (hex) {
      for (const Step& s : kHexDiagonals) add_step(s, kVeilLink);
    } else {
      for (const Step& s : kSquareDiagonals) add_step(s, kVeilLink);
    }
  }
  const bool rope = (arts >> kRopeCard) & 1;
  const bool mirror = (arts >> kMirrorCard) & 1;
  if ((rope || mirror) && lines != nullptr) {
    steps([&](const Step& s) {
      const OnLine o = on_line(*lines, cell, s);
      const bool plus = (o.axis == 1 ? s.dy : s.dx) > 0;
      const std::uint64_t ahead = plus ? o.mask & ~below(o.pos + 1) : o.mask & below(o.pos);
      const std::uint64_t behind = plus ? o.mask & below(o.pos) : o.mask & ~below(o.pos + 1);
      if (rope && ahead != 0) {
        // The nearest card ahead, across at least one empty cell.
        const int p = plus ? std::countr_zero(ahead) : 63 - std::countl_zero(ahead);
        if (p != o.pos + (plus ? 1 : -1)) {
          out[n++] = {static_cast<std::int16_t>(o.cell_at(p)),
                      static_cast<std::uint8_t>(kRopeLink * 8 + s.dir)};
        }
      }
      if (mirror && ahead == 0 && behind != 0) {
        // Nothing further this way: wrap to the farthest card the other way.
        const int p = plus ? std::countr_zero(behind) : 63 - std::countl_zero(behind);
        out[n++] = {static_cast<std::int16_t>(o.cell_at(p)),
                    static_cast<std::uint8_t>(kWrapLink * 8 + s.dir)};
      }
    });
  }
  return n;
}

std::uint64_t Layout::chain(std::uint64_t visible, std::uint64_t allowed,
                            std::uint64_t* arts_out) const {
  std::uint64_t arts = 0;
  if (pos[kAceOfDiamonds] < 0 || !((visible >> kAceOfDiamonds) & 1)) {
    if (arts_out != nullptr) *arts_out = 0;
    return 0;
  }
  std::uint64_t seen = std::uint64_t{1} << kAceOfDiamonds;
  Lines lines;
  bool have_lines = false;
  std::array<Link, kMaxLinks> nb{};
  // Passes until no new artifact is enabled: a new artifact's edges apply from every member.
  for (std::uint64_t last = ~std::uint64_t{0}; last != arts;) {
    last = arts;
    if (!have_lines &&
        (arts & ((std::uint64_t{1} << kRopeCard) | (std::uint64_t{1} << kMirrorCard)))) {
      fill_lines(lines);
      have_lines = true;
    }
    std::array<int, 14> queue{};
    int head = 0;
    int tail = 0;
    for (std::uint64_t m = seen; m != 0; m &= m - 1) queue[tail++] = std::countr_zero(m);
    while (head < tail) {
      const int k = links(pos[queue[head++]], arts, have_lines ? &lines : nullptr, nb);
      for (int i = 0; i < k; ++i) {
        const int c = at[nb[i].cell];
        if (!is_diamond(c) || !((visible >> c) & 1) || ((seen >> c) & 1)) continue;
        seen |= std::uint64_t{1} << c;
        queue[tail++] = c;
      }
      if (head == tail) arts = seen & allowed & kArtifactMask;
    }
  }
  if (arts_out != nullptr) *arts_out = arts;
  return seen;
}

bool Layout::joker_joined(std::uint64_t set, std::uint64_t arts) const {
  if (pos[kJoker] < 0) return false;
  Lines lines;
  const bool need =
      (arts & ((std::uint64_t{1} << kRopeCard) | (std::uint64_t{1} << kMirrorCard))) != 0;
  if (need) fill_lines(lines);
  std::array<Link, kMaxLinks> nb{};
  // Every edge type is symmetric, so the Joker's own edges are those that reach it.
  const int k = links(pos[kJoker], arts, need ? &lines : nullptr, nb);
  for (int i = 0; i < k; ++i) {
    if ((set >> at[nb[i].cell]) & 1) return true;
  }
  return false;
}

bool Layout::closure_reaches_joker(std::uint64_t allowed) const {
  std::uint64_t arts = 0;
  const std::uint64_t all = placed();
  const std::uint64_t set = chain(all, allowed, &arts);
  return joker_joined(set, arts);
}

std::uint64_t Layout::active() const {
  if (advanced) return chain(up, kArtifactMask & ~dormant, nullptr);
  if (pos[kAceOfDiamonds] < 0 || !face_up(kAceOfDiamonds)) return 0;
  std::uint64_t seen = std::uint64_t{1} << kAceOfDiamonds;
  std::array<int, 13> queue{kAceOfDiamonds};
  int head = 0;
  int tail = 1;
  std::array<int, 6> nb{};
  while (head < tail) {
    const int n = neighbors(pos[queue[head++]], nb);
    for (int i = 0; i < n; ++i) {
      const int c = at[nb[i]];
      if (c >= 0 && is_diamond(c) && face_up(c) && !((seen >> c) & 1)) {
        seen |= std::uint64_t{1} << c;
        queue[tail++] = c;
      }
    }
  }
  return seen;
}

std::uint64_t Layout::explorable(std::uint64_t act) const {
  std::uint64_t out = 0;
  const std::uint64_t arts = enabled(act);
  if (arts != 0) {
    Lines lines;
    fill_lines(lines);
    std::array<Link, kMaxLinks> nb{};
    for (std::uint64_t m = act; m != 0; m &= m - 1) {
      const int k = links(pos[std::countr_zero(m)], arts, &lines, nb);
      for (int i = 0; i < k; ++i) {
        const int c = at[nb[i].cell];
        if (!face_up(c)) out |= std::uint64_t{1} << c;
      }
    }
    return out;
  }
  std::array<int, 6> nb{};
  for (std::uint64_t m = act; m != 0; m &= m - 1) {
    const int n = neighbors(pos[std::countr_zero(m)], nb);
    for (int i = 0; i < n; ++i) {
      const int c = at[nb[i]];
      if (c >= 0 && !face_up(c)) out |= std::uint64_t{1} << c;
    }
  }
  return out;
}

bool Layout::joker_active(std::uint64_t act) const {
  if (pos[kJoker] < 0 || !face_up(kJoker)) return false;
  const std::uint64_t arts = enabled(act);
  if (arts != 0) return joker_joined(act, arts);
  std::array<int, 6> nb{};
  const int n = neighbors(pos[kJoker], nb);
  for (int i = 0; i < n; ++i) {
    const int c = at[nb[i]];
    if (c >= 0 && ((act >> c) & 1)) return true;
  }
  return false;
}

int Layout::count_in_area(int cell, int suit) const {
  std::array<int, 8> ring{};
  const int n = area(cell, ring);
  int k = 0;
  for (int i = 0; i < n; ++i) {
    const int c = at[ring[i]];
    if (c >= 0 && card_suit(c) == suit) ++k;
  }
  return k;
}

}  // namespace mw::pathfinder_cards
