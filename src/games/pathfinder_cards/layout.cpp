#include "games/pathfinder_cards/layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>

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

std::string card_code(int id) {
  if (id == kJoker) return "JK";
  return std::string(kRanks[card_rank(id) - 1]) + kSuits[card_suit(id)];
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
  return suit == kNoSuit ? "JK" : kSuits[suit];
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
  return std::string(kRanks[rank - 1]) + "H";
}

int parse_heart_code(std::string_view text) {
  const auto card = parse_card(upper(text));
  if (!card || card->is_joker() || card->suit() != Suit::kHearts) return -1;
  return card->rank();
}

std::string cell_name(int cell) {
  // Hot in the JSON forms: no format string.
  std::string out = std::to_string(cell_x(cell));
  out += ',';
  out += std::to_string(cell_y(cell));
  return out;
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
  std::uint64_t m = 0;
  for (int id = 0; id < kNumCards; ++id) {
    if (pos[id] >= 0) m |= std::uint64_t{1} << id;
  }
  return m;
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

std::uint64_t Layout::active() const {
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
