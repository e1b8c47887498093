// resample(Runner): a full maze consistent with what the Runner knows (the shape, every face-up
// card, her ten-count answers) and with the build constraint (a diamond path from A♦ to the
// Joker). Uniform rejection sampling is hopeless early on (a random deal of 39 hidden cards rarely
// holds a diamond path), so the sampler works in two stages:
//
//  1. Construct: a randomized fewest-hidden-cells search from A♦ picks a Joker cell among the
//     hidden cells it can reach with the hidden diamonds available, lays hidden diamonds along the
//     path, and deals every other hidden card uniformly onto the remaining hidden cells. Valid by
//     construction.
//  2. Mix: a Metropolis chain of swaps of two hidden cards; the proposal is symmetric and a swap
//     is accepted iff the maze stays valid and the ten-count answers still hold, so the chain's
//     stationary law is uniform over the consistent mazes (the exact posterior of a Runner who
//     believes every valid maze equally likely). While the construction violates a ten answer,
//     swaps that do not increase the violation are accepted first; if that fails within its
//     budget the chain starts from the true maze instead (still consistent, mixed the same way).
//
// The Maker sees everything, so his resample is the state itself. During building the Runner is
// out of the room: her resample is the first cards of a freshly planned maze.
#include <algorithm>
#include <bit>
#include <optional>

#include "games/pathfinder_cards/maze_plan.h"
#include "games/pathfinder_cards/pathfinder_cards.h"
#include "games/pathfinder_cards/step_graph.h"

namespace mw::pathfinder_cards {
namespace {

constexpr int kDescentSteps = 4000;
constexpr int kMixPerCard = 12;

struct Hidden {
  std::array<int, kNumCards> cells{};
  int n = 0;
};

// Stage 1. Returns false when no construction is found (then the caller starts from the truth).
bool construct(Layout& l, const Hidden& h, Rng& rng) {
  std::array<int, kNumCards> cards{};
  for (int i = 0; i < h.n; ++i) cards[i] = l.at[h.cells[i]];
  const int hidden_diamonds = static_cast<int>(
      std::count_if(cards.begin(), cards.begin() + h.n, [](int c) { return is_diamond(c); }));
  const bool joker_hidden =
      std::find(cards.begin(), cards.begin() + h.n, kJoker) != cards.begin() + h.n;
  std::array<bool, kCells> hidden{};
  for (int i = 0; i < h.n; ++i) hidden[h.cells[i]] = true;
  // Dijkstra over the cells that may carry diamonds: known diamonds cost 0, hidden cells 1 plus a
  // random jitter below 1/40 (random among the paths with fewest hidden cells).
  constexpr int kUnit = 1 << 10;
  std::array<int, kCells> dist;
  std::array<int, kCells> prev;
  dist.fill(1 << 30);
  prev.fill(-1);
  std::array<bool, kCells> done{};
  const int start = l.pos[kAceOfDiamonds];
  dist[start] = 0;
  std::array<int, 6> nb{};
  for (;;) {
    int best = -1;
    for (int id = 0; id < kNumCards; ++id) {
      const int c = l.pos[id];
      if (!done[c] && dist[c] < (1 << 30) && (best < 0 || dist[c] < dist[best])) best = c;
    }
    if (best < 0) break;
    done[best] = true;
    const int k = l.neighbors(best, nb);
    for (int i = 0; i < k; ++i) {
      const int c = nb[i];
      const int card = l.at[c];
      if (card < 0) continue;
      int w = 0;
      if (hidden[c]) {
        w = kUnit + static_cast<int>(rng.below(kUnit / kNumCards));
      } else if (!is_diamond(card)) {
        continue;
      }
      if (dist[best] + w < dist[c]) {
        dist[c] = dist[best] + w;
        prev[c] = best;
      }
    }
  }
  // The Joker's cell and the path's last cell next to it.
  int joker_cell = -1;
  int last = -1;
  if (!joker_hidden) {
    joker_cell = l.pos[kJoker];
    const int k = l.neighbors(joker_cell, nb);
    for (int i = 0; i < k; ++i) {
      const int c = nb[i];
      if (l.at[c] >= 0 && c != joker_cell && dist[c] / kUnit <= hidden_diamonds &&
          (last < 0 || dist[c] < dist[last]) && (hidden[c] || is_diamond(l.at[c]))) {
        last = c;
      }
    }
  } else {
    std::array<int, kNumCards> options{};
    std::array<int, kNumCards> via{};
    int m = 0;
    for (int i = 0; i < h.n; ++i) {
      const int j = h.cells[i];
      int bestn = -1;
      const int k = l.neighbors(j, nb);
      for (int q = 0; q < k; ++q) {
        const int c = nb[q];
        if (l.at[c] < 0 || dist[c] >= (1 << 30)) continue;
        if (!hidden[c] && !is_diamond(l.at[c])) continue;
        if (bestn < 0 || dist[c] < dist[bestn]) bestn = c;
      }
      if (bestn >= 0 && dist[bestn] / kUnit <= hidden_diamonds) {
        options[m] = j;
        via[m++] = bestn;
      }
    }
    if (m == 0) return false;
    const auto pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(m)));
    joker_cell = options[pick];
    last = via[pick];
  }
  if (last < 0) return false;
  // Cells of the path that are hidden get hidden diamonds; the Joker goes to its cell.
  std::array<bool, kCells> path{};
  for (int c = last; c >= 0; c = prev[c]) {
    if (c == joker_cell) return false;
    path[c] = hidden[c];
  }
  std::array<int, kNumCards> diamonds{};
  std::array<int, kNumCards> others{};
  int nd = 0;
  int no = 0;
  for (int i = 0; i < h.n; ++i) {
    const int c = cards[i];
    if (c == kJoker) continue;
    if (is_diamond(c)) {
      diamonds[nd++] = c;
    } else {
      others[no++] = c;
    }
  }
  rng.shuffle(diamonds.begin(), diamonds.begin() + nd);
  std::array<int, kNumCards> rest{};
  int nr = 0;
  std::array<int, kNumCards> assignment{};
  int used_d = 0;
  for (int i = 0; i < h.n; ++i) {
    const int cell = h.cells[i];
    if (cell == joker_cell) {
      assignment[i] = kJoker;
    } else if (path[cell]) {
      if (used_d == nd) return false;
      assignment[i] = diamonds[used_d++];
    } else {
      assignment[i] = -1;
    }
  }
  for (int i = used_d; i < nd; ++i) rest[nr++] = diamonds[i];
  for (int i = 0; i < no; ++i) rest[nr++] = others[i];
  rng.shuffle(rest.begin(), rest.begin() + nr);
  int next = 0;
  for (int i = 0; i < h.n; ++i) {
    if (assignment[i] < 0) assignment[i] = rest[next++];
  }
  for (int i = 0; i < h.n; ++i) {
    l.at[h.cells[i]] = static_cast<std::int8_t>(assignment[i]);
    l.pos[assignment[i]] = static_cast<std::int16_t>(h.cells[i]);
  }
  return l.maze_ok();
}

}  // namespace

State State::resample(Player p, Rng& rng) const {
  if (role_of(p) != kRunner && p != kSpectator) return *this;
  if (first_maker_ < 0) return *this;        // nothing is placed before the roles are drawn
  if (phase_ == Phase::kOver) return *this;  // everything is revealed at the end
  if (phase_ == Phase::kBuild) return random_build(layout_.count, rng);
  return resample_runner(rng);
}

State State::resample_runner(Rng& rng) const {
  Hidden h;
  // The card the Maker flipped face down in a King trial is one she studied: it stays known.
  const Task* t = top();
  const int kept = (t != nullptr && t->kind == TaskKind::kTrial && t->trial == TrialKind::kKing &&
                    t->step == 2 && (t->flags & kWasUp))
                       ? t->cell2
                       : -1;
  // By card, then in the order of the cells (the chain's draws index this list): the board has
  // 1,600 cells and at most 40 cards.
  for (int id = 0; id < kNumCards; ++id) {
    const int cell = layout_.pos[id];
    if (cell >= 0 && !layout_.face_up(id) && cell != kept) h.cells[h.n++] = cell;
  }
  std::sort(h.cells.begin(), h.cells.begin() + h.n);
  State s = *this;
  Layout& l = s.layout_;
  if (h.n < 2) return s;
  if (!construct(l, h, rng)) l = layout_;
  // In the basic game G's edges are its steps: a graph followed swap by swap answers the build
  // constraint and the Pathfinder (exactly as the layout's own searches would).
  std::optional<StepGraph> graph;
  if (!l.advanced) graph.emplace(l);
  const auto swap = [&](int a, int b) {
    if (graph) {
      graph->swap(l, a, b);
    } else {
      l.swap_cells(a, b);
    }
  };
  const auto maze_ok = [&] { return graph ? graph->diamond_path(l) : l.maze_ok(); };
  const StepGraph* followed = graph ? &*graph : nullptr;
  int energy = knowledge_violation(l, false, followed);
  for (int step = 0; step < kDescentSteps && energy > 0; ++step) {
    const int a = h.cells[rng.below(static_cast<std::uint64_t>(h.n))];
    const int b = h.cells[rng.below(static_cast<std::uint64_t>(h.n))];
    if (a == b) continue;
    swap(a, b);
    const int e = maze_ok() ? knowledge_violation(l, false, followed, energy) : energy + 1;
    if (e <= energy) {
      energy = e;
    } else {
      swap(a, b);
    }
  }
  if (energy > 0) {
    l = layout_;
    if (graph) graph.emplace(l);
  }
  // A swap is kept iff the maze stays valid and consistent. Most swaps cannot change that (see
  // swap_class), so once the layout is valid only what a swap can change is looked at; the
  // chain's choices, and so the sample, are exactly those of checking everything each time.
  bool advisor = false;  // an Advisor answer binds the sampler: it may name any card
  for (int i = 0; i < num_answers_; ++i) {
    advisor = advisor || (answers_[i].current && answers_[i].kind == 0);
  }
  bool valid = maze_ok() && knowledge_holds(l, false, followed);
  const int steps_to_mix = kMixPerCard * h.n;
  for (int step = 0; step < steps_to_mix; ++step) {
    const int a = h.cells[rng.below(static_cast<std::uint64_t>(h.n))];
    const int b = h.cells[rng.below(static_cast<std::uint64_t>(h.n))];
    if (a == b) continue;
    const int ca = l.at[a];
    const int cb = l.at[b];
    swap(a, b);
    bool ok = false;
    if (!valid) {
      ok = maze_ok() && knowledge_holds(l, false, followed);
    } else if (swap_class(ca, l.advanced) == swap_class(cb, l.advanced)) {
      ok = !advisor || knowledge_holds(l, true, followed);
    } else {
      const bool graph_kept = !in_diamond_graph(ca) && !in_diamond_graph(cb);
      ok = (graph_kept || maze_ok()) && knowledge_holds(l, graph_kept, followed);
    }
    if (ok) {
      valid = true;
    } else {
      swap(a, b);
    }
  }
  return s;
}

// The Runner is out of the room while the Maker builds: any partial layout with as many cards that
// can still be completed is consistent with what she knows. The first cards (in breadth-first
// order) of a planned valid maze are such a layout, and cheap (no feasibility searches).
State State::random_build(int cards, Rng& rng) const {
  State s(config_);
  s.game_no_ = game_no_;  // the match so far is public
  s.results_ = results_;
  s.earlier_ = earlier_;
  s.first_maker_ = first_maker_;
  // The first planner's square rectangles: valid on either board, and no artifact is needed.
  const MazePlan square{static_cast<int>(rng.below(4)), Topology::kSquare, false,
                        ArtifactUse::kNever, MazeShape::kRect};
  const Layout plan = plan_maze(rng, square);
  const std::vector<Action> order = placement_order(plan);
  for (int i = 0; i < cards; ++i) {
    s.layout_.place(static_cast<int>(order[i] / kCells), static_cast<int>(order[i] % kCells));
  }
  return s;
}

}  // namespace mw::pathfinder_cards
