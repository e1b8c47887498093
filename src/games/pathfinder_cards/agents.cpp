#include "games/pathfinder_cards/agents.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/error.h"
#include "core/state.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {
namespace {

constexpr std::array<std::array<int, 2>, 4> kShapes = {{{8, 5}, {5, 8}, {10, 4}, {4, 10}}};

bool in_rect(int x, int y, int w, int h) {
  return x >= 0 && y >= 0 && x < w && y < h;
}

// A self-avoiding walk that never touches itself (no shortcuts) of `len` cells from a random
// start, then a Joker cell next to its end; empty when the walk got stuck.
std::vector<int> winding_path(Rng& rng, int w, int h, int len) {
  std::vector<int> path;
  std::array<bool, kCells> used{};
  const int sx = static_cast<int>(rng.below(static_cast<std::uint64_t>(w)));
  const int sy = static_cast<int>(rng.below(static_cast<std::uint64_t>(h)));
  path.push_back(make_cell(sx, sy));
  used[path.back()] = true;
  constexpr std::array<std::array<int, 2>, 4> steps = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
  while (static_cast<int>(path.size()) < len + 1) {  // the last cell is the Joker's
    const int cur = path.back();
    std::vector<int> next;
    for (const auto& s : steps) {
      const int x = cell_x(cur) + s[0];
      const int y = cell_y(cur) + s[1];
      if (!in_rect(x, y, w, h) || used[make_cell(x, y)]) continue;
      bool touches = false;  // next to an earlier path cell: a shortcut
      for (const auto& t : steps) {
        const int nx = x + t[0];
        const int ny = y + t[1];
        if (in_rect(nx, ny, w, h) && used[make_cell(nx, ny)] && make_cell(nx, ny) != cur) {
          touches = true;
        }
      }
      if (!touches) next.push_back(make_cell(x, y));
    }
    if (next.empty()) return {};
    path.push_back(next[rng.below(next.size())]);
    used[path.back()] = true;
  }
  return path;
}

int manhattan(int a, int b) {
  return std::abs(cell_x(a) - cell_x(b)) + std::abs(cell_y(a) - cell_y(b));
}

// Hidden cells on the cheapest diamond route from the active chain to the Joker (the Maker's
// measure of how far the Runner still is); 99 when none.
int distance_to_joker(const Layout& l) {
  std::array<int, kNumCards> dist{};
  dist.fill(99);
  const std::uint64_t act = l.active();
  for (std::uint64_t m = act; m != 0; m &= m - 1) dist[std::countr_zero(m)] = 0;
  std::array<int, 6> nb{};
  for (bool changed = true; changed;) {  // Bellman-Ford over 40 cards: tiny
    changed = false;
    for (int id = 0; id < kNumCards; ++id) {
      if (dist[id] == 99 || (!is_diamond(id))) continue;
      const int n = l.neighbors(l.pos[id], nb);
      for (int i = 0; i < n; ++i) {
        const int c = l.at[nb[i]];
        if (c < 0 || (!is_diamond(c) && c != kJoker)) continue;
        const int d = dist[id] + (l.face_up(c) ? 0 : 1);
        if (d < dist[c]) {
          dist[c] = d;
          changed = true;
        }
      }
    }
  }
  return dist[kJoker];
}

}  // namespace

Layout plan_maze(Rng& rng, int difficulty) {
  for (;;) {
    const auto& shape = kShapes[rng.below(kShapes.size())];
    const int w = shape[0];
    const int h = shape[1];
    const int len = std::min(13, 5 + 2 * difficulty + static_cast<int>(rng.below(3)));
    const std::vector<int> path = winding_path(rng, w, h, len);
    if (path.empty()) continue;
    Layout l;
    std::array<int, 12> diamonds{};
    for (int r = 2; r <= 13; ++r) diamonds[r - 2] = card_id(kDiamonds, r);
    rng.shuffle(diamonds.begin(), diamonds.end());
    l.place(kAceOfDiamonds, path[0]);
    int nd = 0;
    for (int i = 1; i < len; ++i) l.place(diamonds[nd++], path[i]);
    l.place(kJoker, path[len]);
    // Decoys: the other diamonds branch off the path (dead ends), never next to the Joker.
    std::array<int, 6> nb{};
    for (int tries = 0; nd < 12 && tries < 400; ++tries) {
      const int base = l.pos[card_id(kDiamonds, 1 + static_cast<int>(rng.below(13)))];
      if (base < 0) continue;
      const int k = l.neighbors(base, nb);
      const int c = nb[rng.below(static_cast<std::uint64_t>(k))];
      if (!in_rect(cell_x(c), cell_y(c), w, h) || l.at[c] >= 0) continue;
      bool near_joker = false;
      const int k2 = l.neighbors(c, nb);
      for (int i = 0; i < k2; ++i) near_joker |= l.at[nb[i]] == kJoker;
      if (!near_joker) l.place(diamonds[nd++], c);
    }
    if (nd < 12) continue;
    // Spades and the trial cards along the diamonds (the frontier), clubs elsewhere.
    std::vector<int> rest;
    for (int id = 0; id < kNumCards; ++id) {
      if (!is_diamond(id) && id != kJoker) rest.push_back(id);
    }
    rng.shuffle(rest.begin(), rest.end());
    std::stable_partition(rest.begin(), rest.end(), [&](int id) {
      return difficulty > 0 && (card_suit(id) == kSpades || card_rank(id) >= 10);
    });
    std::vector<int> frontier;
    std::vector<int> far;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const int c = make_cell(x, y);
        if (l.at[c] >= 0) continue;
        bool near = false;
        const int k = l.neighbors(c, nb);
        for (int i = 0; i < k; ++i) near |= l.at[nb[i]] >= 0 && is_diamond(l.at[nb[i]]);
        (near ? frontier : far).push_back(c);
      }
    }
    rng.shuffle(frontier.begin(), frontier.end());
    rng.shuffle(far.begin(), far.end());
    frontier.insert(frontier.end(), far.begin(), far.end());
    for (std::size_t i = 0; i < rest.size(); ++i) l.place(rest[i], frontier[i]);
    if (l.valid_maze()) return l;
  }
}

std::unique_ptr<Agent> BaselineAgent::make(const Game&, const Json& params) {
  Params p;
  for (const auto& [key, value] : params.items()) {
    if (key == "samples" && value.is_number_integer() && value.get<int>() >= 1 &&
        value.get<int>() <= 256) {
      p.samples = value.get<int>();
    } else if (key == "difficulty" && value.is_number_integer() && value.get<int>() >= 0 &&
               value.get<int>() <= 3) {
      p.difficulty = value.get<int>();
    } else {
      throw Error(ErrorCode::kUnknownAgent, "baseline: unknown or bad parameter '" + key +
                                                "' (samples=1..256, difficulty=0..3)");
    }
  }
  return std::make_unique<BaselineAgent>(p);
}

Action BaselineAgent::choose(const Observation& obs, Rng& rng) {
  const mw::State world = obs.sample_world(rng);
  const auto& s = world.as<State>();
  return obs.player() == kMaker ? maker(obs, s, rng) : runner(obs, s, rng);
}

Action BaselineAgent::maker(const Observation& obs, const State& s, Rng& rng) {
  const ActionList legal = obs.legal_actions();
  const Layout& l = s.layout();
  auto is_legal = [&](Action a) { return std::binary_search(legal.begin(), legal.end(), a); };
  switch (s.decision()) {
    case Decision::kPlace: {
      if (l.count == 0 || plan_.empty())
        plan_ = placement_order(plan_maze(rng, params_.difficulty));
      const auto k = static_cast<std::size_t>(l.count);
      bool on_plan = k < plan_.size();
      for (std::size_t i = 0; on_plan && i < k; ++i) {
        on_plan = l.pos[plan_[i] / kCells] == plan_[i] % kCells;
      }
      if (on_plan && is_legal(plan_[k])) return plan_[k];
      return legal[rng.below(legal.size())];
    }
    case Decision::kTenDiamondsSuit: {
      // The suit whose true count is furthest from what the Runner can expect.
      std::array<int, 3> hidden{};
      int total = 0;
      for (int id = 0; id < kNumCards; ++id) {
        if (!l.face_up(id) && id != kJoker) {
          ++hidden[card_suit(id)];
        }
        if (!l.face_up(id)) ++total;
      }
      std::array<int, 8> ring{};
      const int n = l.area(s.top()->cell, ring);
      double best = -1;
      Action pick = kSuitBase;
      for (int suit = 0; suit < 3; ++suit) {
        double expect = 0;
        for (int i = 0; i < n; ++i) {
          const int c = l.at[ring[i]];
          if (c < 0) continue;
          expect += l.face_up(c) ? (card_suit(c) == suit) : double(hidden[suit]) / total;
        }
        const double gap = std::abs(l.count_in_area(s.top()->cell, suit) - expect);
        if (gap > best) {
          best = gap;
          pick = kSuitBase + suit;
        }
      }
      return pick;
    }
    case Decision::kQueenPick: {
      // A club or spade of the rarer hidden suit (she will predict the commoner), never a diamond
      // or the Joker (they would help her).
      std::array<int, 3> hidden{};
      for (int id = 0; id < kJoker; ++id) hidden[card_suit(id)] += !l.face_up(id);
      const int rare = hidden[kClubs] <= hidden[kSpades] ? kClubs : kSpades;
      Action best = legal[rng.below(legal.size())];
      int best_score = -1;
      for (Action a : legal) {
        const int c = l.at[a - kCellBase];
        const int score = (card_suit(c) == rare ? 2 : 0) + (card_suit(c) == 3 - rare) +
                          (c == kJoker || is_diamond(c) ? -5 : 0);
        if (score > best_score) {
          best_score = score;
          best = a;
        }
      }
      return best;
    }
    case Decision::kKingFlip: {
      // A face-up card other than A♦ turned face down; never turn the Joker up.
      for (Action a : legal) {
        const int c = l.at[a - kCellBase];
        if (l.face_up(c) && c != kAceOfDiamonds && c != kJoker) return a;
      }
      for (Action a : legal) {
        if (l.at[a - kCellBase] == kAceOfDiamonds) return a;
      }
      return legal.front();
    }
    case Decision::kAlteration: {
      // The change that puts the Joker furthest from the active chain, then cuts off the most
      // active diamonds; never one that lets her win.
      Action best = kPass;
      double best_score = -1e9;
      for (Action a : legal) {
        State next = s;
        next.apply_legal(a);
        if (next.is_terminal() && next.winner() == kRunner) continue;
        const Layout& n = next.layout();
        const double score = 10.0 * distance_to_joker(n) - std::popcount(n.active()) -
                             (next.compass_usable() ? 5 : 0) + rng.uniform() * 0.01;
        if (score > best_score) {
          best_score = score;
          best = a;
        }
      }
      return best;
    }
    default:
      return legal[rng.below(legal.size())];
  }
}

Action BaselineAgent::runner(const Observation& obs, const State& s, Rng& rng) {
  const ActionList legal = obs.legal_actions();
  const int hand = std::popcount(s.hand());
  std::vector<State> worlds;
  auto sample = [&] {
    if (worlds.empty()) {
      for (int i = 0; i < params_.samples; ++i) {
        worlds.push_back(obs.sample_world(rng).as<State>());
      }
    }
  };
  switch (s.decision()) {
    case Decision::kCompass:
      for (int r : {7, 6, 8, 5, 9, 4, 3, 2, 10, 11, 12, 13}) {
        if (std::binary_search(legal.begin(), legal.end(), kCompassBase + r))
          return kCompassBase + r;
      }
      return legal.front();
    case Decision::kDamageWindow:
    case Decision::kTrialWindow:
      return hand <= 3 ? kWithdraw : kContinue;
    case Decision::kSave: {
      ActionList saves = legal;
      return saves.front();  // a single special (10H..KH) sorts before any pair, low pairs first
    }
    case Decision::kMain: {
      if (std::binary_search(legal.begin(), legal.end(), kUseCompass)) return kUseCompass;
      sample();
      const Layout& known = s.layout();
      const bool joker_known = known.face_up(kJoker);
      Action best = legal.front();
      double best_score = -1e9;
      for (Action a : legal) {
        if (a < kExploreBase || a >= kWithdraw) continue;
        const int cell = static_cast<int>(a - kExploreBase);
        double score = 0;
        for (const State& w : worlds) {
          const int c = w.layout().at[cell];
          if (c == kJoker) {
            score += 20;
          } else if (is_diamond(c)) {
            Layout after = w.layout();
            after.set_up(c, true);
            score += 2 + 6.0 / (1 + distance_to_joker(after));
          } else if (card_suit(c) == kSpades) {
            score -= 1.0;
          } else if (card_rank(c) >= 10 || card_rank(c) == 1) {
            score -= 0.3;
          }
        }
        score /= static_cast<double>(worlds.size());
        if (joker_known) score -= 0.2 * manhattan(cell, known.pos[kJoker]);
        if (score > best_score) {
          best_score = score;
          best = a;
        }
      }
      return best;
    }
    case Decision::kTenSpadesFlip: {
      sample();
      const std::uint64_t ex = s.layout().explorable(s.layout().active());
      Action best = legal.front();
      double best_p = -1;
      for (Action a : legal) {
        const int cell = static_cast<int>(a - kCellBase);
        double p = 0;
        for (const State& w : worlds) p += is_diamond(w.layout().at[cell]);
        if (((ex >> s.layout().at[cell]) & 1) == 0) p *= 0.5;
        if (p > best_p) {
          best_p = p;
          best = a;
        }
      }
      return best;
    }
    case Decision::kCountGuess: {
      sample();
      std::array<std::array<int, 16>, 3> freq{};
      for (const State& w : worlds) {
        for (int suit = 0; suit < 3; ++suit) {
          ++freq[suit][w.layout().count_in_area(s.top()->cell, suit)];
        }
      }
      Action best = legal.front();
      int best_f = -1;
      for (Action a : legal) {
        const int i = static_cast<int>(a - kGuessBase);
        if (freq[i / 16][i % 16] > best_f) {
          best_f = freq[i / 16][i % 16];
          best = a;
        }
      }
      return best;
    }
    case Decision::kJackPredict: {
      sample();
      const std::uint64_t ex = s.layout().explorable(s.layout().active());
      Action best = legal.front();
      double best_score = -1;
      for (Action a : legal) {
        const int i = static_cast<int>(a - kPredictAtBase);
        const int cell = i / 4;
        double hits = 0;
        double diamonds = 0;
        for (const State& w : worlds) {
          const int c = w.layout().at[cell];
          hits += card_suit(c) == i % 4;
          diamonds += is_diamond(c);
        }
        const bool frontier = (ex >> s.layout().at[cell]) & 1;
        const double score = hits + (frontier ? 0.5 * diamonds : 0);
        if (score > best_score) {
          best_score = score;
          best = a;
        }
      }
      return best;
    }
    case Decision::kQueenPredict: {
      sample();
      std::array<int, 4> freq{};
      for (const State& w : worlds) ++freq[card_suit(w.layout().at[s.top()->cell2])];
      Action best = legal.front();
      for (Action a : legal) {
        if (freq[a - kPredictBase] > freq[best - kPredictBase]) best = a;
      }
      return best;
    }
    case Decision::kKingName: {
      // Perfect memory (G1.6.2 aiMemoryModel = perfect): the card whose facing changed.
      const std::uint64_t before = s.king_before_up();
      const Layout& l = s.layout();
      const std::uint64_t changed = before ^ l.up;
      if (changed != 0) {
        const int card = std::countr_zero(changed);
        const Action a = kNameBase + Action{l.pos[card]} * kNumCards + card;
        if (std::binary_search(legal.begin(), legal.end(), a)) return a;
      }
      return legal.front();
    }
    default:
      return legal[rng.below(legal.size())];
  }
}

}  // namespace mw::pathfinder_cards
