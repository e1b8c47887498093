#include "games/pathfinder_cards/step_graph.h"

#include <bit>

namespace mw::pathfinder_cards {
namespace {

constexpr std::uint64_t bit(int slot) {
  return std::uint64_t{1} << slot;
}

}  // namespace

StepGraph::StepGraph(const Layout& l) {
  std::array<std::int16_t, kNumCards> cell_of{};
  int slots = 0;
  for (int id = 0; id < kNumCards; ++id) {
    if (l.pos[id] < 0) continue;
    slot_[l.pos[id]] = static_cast<std::int8_t>(slots);
    cell_of[slots++] = l.pos[id];
  }
  std::array<Link, kMaxLinks> nb;
  for (int s = 0; s < slots; ++s) {
    const int k = l.links(cell_of[s], 0, nullptr, nb);  // steps to occupied cells: at most 6
    degree_[s] = static_cast<std::int8_t>(k);
    for (int q = 0; q < k; ++q) {
      const int t = slot_[nb[q].cell];
      steps_[s] |= bit(t);
      to_[s][q] = static_cast<std::int8_t>(t);
      label_[s][q] = nb[q].label;
    }
    mark(l, cell_of[s]);
  }
}

void StepGraph::mark(const Layout& l, int cell) {
  const int id = l.at[cell];
  const std::uint64_t b = bit(slot_[cell]);
  graph_ = in_diamond_graph(id) ? graph_ | b : graph_ & ~b;
  diamonds_ = is_diamond(id) ? diamonds_ | b : diamonds_ & ~b;
}

void StepGraph::swap(Layout& l, int a, int b) {
  l.swap_cells(a, b);
  // The two cards trade cells, so the two slots trade their memberships: a set that holds exactly
  // one of them holds the other instead (what mark() of both would find, without reading the
  // cards again).
  const int sa = slot_[a];
  const int sb = slot_[b];
  for (std::uint64_t* set : {&graph_, &diamonds_}) {
    const std::uint64_t differ = ((*set >> sa) ^ (*set >> sb)) & 1;
    *set ^= (differ << sa) | (differ << sb);
  }
}

std::uint64_t StepGraph::closure(std::uint64_t from, std::uint64_t allowed) const {
  std::uint64_t reached = from;
  std::uint64_t frontier = from;
  while (frontier != 0) {
    std::uint64_t next = 0;
    for (std::uint64_t m = frontier; m != 0; m &= m - 1) next |= steps_[std::countr_zero(m)];
    frontier = next & allowed & ~reached;
    reached |= frontier;
  }
  return reached;
}

bool StepGraph::diamond_path(const Layout& l) const {
  const int ace = l.pos[kAceOfDiamonds];
  const int joker = l.pos[kJoker];
  if (ace < 0 || joker < 0) return false;
  // The diamonds joined to A♦ by steps; the path exists iff one of them is next to the Joker.
  return (closure(bit(slot_[ace]), diamonds_) & steps_[slot_[joker]]) != 0;
}

std::uint32_t StepGraph::pathfinder_dirs(const Layout& l, int cell) const {
  const int joker = l.pos[kJoker];
  if (joker < 0 || cell < 0 || l.at[cell] < 0 || joker == cell) return 0;
  // The cells of G reached from the Joker without passing `cell` (A-G1-27): the first steps from
  // `cell` toward the Joker are the steps onto them.
  const int x = slot_[cell];
  const std::uint64_t reached = closure(bit(slot_[joker]), graph_ & ~bit(x));
  std::uint32_t out = 0;
  for (int q = 0; q < degree_[x]; ++q) {
    if ((reached >> to_[x][q]) & 1) out |= std::uint32_t{1} << label_[x][q];
  }
  return out;
}

}  // namespace mw::pathfinder_cards
