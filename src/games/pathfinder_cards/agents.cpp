#include "games/pathfinder_cards/agents.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/error.h"
#include "core/state.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {
namespace {

// The index of `value` among `names` when `key` is `name` and the value one of them, else -1.
template <std::size_t N>
int choice_index(const std::array<const char*, N>& names, const std::string& key, const char* name,
                 const Json& value) {
  if (key != name || !value.is_string()) return -1;
  for (std::size_t i = 0; i < N; ++i) {
    if (value.get<std::string>() == names[i]) return static_cast<int>(i);
  }
  return -1;
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
  // The edges enabled now: steps, plus the active artifacts' in the advanced game.
  const std::uint64_t arts = l.enabled(act);
  Lines lines;
  if (arts != 0) l.fill_lines(lines);
  std::array<Link, kMaxLinks> nb{};
  for (bool changed = true; changed;) {  // Bellman-Ford over 40 cards: tiny
    changed = false;
    for (int id = 0; id < kNumCards; ++id) {
      if (dist[id] == 99 || (!is_diamond(id))) continue;
      const int n = l.links(l.pos[id], arts, arts != 0 ? &lines : nullptr, nb);
      for (int i = 0; i < n; ++i) {
        const int c = l.at[nb[i].cell];
        if (!is_diamond(c) && c != kJoker) continue;
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

std::unique_ptr<Agent> BaselineAgent::make(const Game&, const Json& params) {
  Params p;
  for (const auto& [key, value] : params.items()) {
    if (key == "samples" && value.is_number_integer() && value.get<int>() >= 1 &&
        value.get<int>() <= 256) {
      p.samples = value.get<int>();
    } else if (key == "difficulty" && value.is_number_integer() && value.get<int>() >= 0 &&
               value.get<int>() <= 4) {
      p.difficulty = value.get<int>();
    } else if (const int a = choice_index(kArtifactUseNames, key, "artifacts", value); a >= 0) {
      p.artifacts = static_cast<ArtifactUse>(a);
    } else if (const int sh = choice_index(kMazeShapeNames, key, "shape", value); sh >= 0) {
      p.shape = static_cast<MazeShape>(sh);
    } else if (key == "memory" && value.is_string() && (value == "perfect" || value == "noisy")) {
      p.noisy_memory = value == "noisy";
    } else if (key == "powers" && value.is_boolean()) {
      p.powers = value.get<bool>();
    } else if (key == "forget" && value.is_number_integer() && value.get<int>() >= 0 &&
               value.get<int>() <= 100) {
      p.forget_percent = value.get<int>();
    } else {
      throw Error(ErrorCode::kUnknownAgent,
                  "baseline: unknown or bad parameter '" + key +
                      "' (samples=1..256, difficulty=0..4, artifacts=auto|never|always, "
                      "shape=auto|rect, memory=perfect|noisy, forget=0..100, powers=true|false)");
    }
  }
  return std::make_unique<BaselineAgent>(p);
}

Action BaselineAgent::choose(const Observation& obs, Rng& rng) {
  const mw::State world = obs.sample_world(rng);
  const auto& s = world.as<State>();
  return s.role_of(obs.player()) == kMaker ? maker(obs, s, rng) : runner(obs, s, rng);
}

Action BaselineAgent::maker(const Observation& obs, const State& s, Rng& rng) {
  const ActionList legal = obs.legal_actions();
  const Layout& l = s.layout();
  auto is_legal = [&](Action a) { return std::binary_search(legal.begin(), legal.end(), a); };
  switch (s.decision()) {
    case Decision::kPlace: {
      if (l.count == 0 || plan_.empty()) {
        const MazePlan plan{params_.difficulty, s.config().topo, s.config().advanced,
                            params_.artifacts, params_.shape};
        plan_ = placement_order(plan_maze(rng, plan));
      }
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
        // Never a change that lets her win (in a match the next game may have begun).
        if ((next.is_terminal() || next.game_index() != s.game_index()) &&
            next.game_winner(s.game_index()) == kRunner) {
          continue;
        }
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

namespace {

bool has(const ActionList& legal, Action a) {
  return std::binary_search(legal.begin(), legal.end(), a);
}

double diamond_weight(int card) {
  return is_diamond(card) ? 1.0 : 0.0;
}

// The Seer looks for the Joker above all.
double diamond_or_joker_weight(int card) {
  return card == kJoker ? 3.0 : diamond_weight(card);
}

// The legal cell action whose card scores most over the sampled worlds (`weight` of the card lying
// there), a card not yet explorable from the chain counting `remote_factor` as much.
Action likeliest_cell(const State& s, const ActionList& legal, const std::vector<State>& worlds,
                      double (*weight)(int card), double remote_factor) {
  const std::uint64_t explorable = s.layout().explorable(s.layout().active());
  Action best = legal.front();
  double best_score = -1;
  for (Action a : legal) {
    const int cell = static_cast<int>(a - kCellBase);
    double score = 0;
    for (const State& w : worlds) score += weight(w.layout().at[cell]);
    if (((explorable >> s.layout().at[cell]) & 1) == 0) score *= remote_factor;
    if (score > best_score) {
      best_score = score;
      best = a;
    }
  }
  return best;
}

// The Advisor's questions: halve the sampled Joker positions, first by column then by row.
std::array<int, 5> bisect_question(const std::vector<State>& worlds, int axis) {
  std::vector<int> coords;
  for (const State& w : worlds) {
    const int c = w.layout().cell_of(kJoker);
    coords.push_back(axis == 0 ? cell_x(c) : cell_y(c));
  }
  std::sort(coords.begin(), coords.end());
  const int median = coords.empty() ? 0 : coords[coords.size() / 2];
  // "joker_in halfplane(x < median - 0.5)": token Num k stands for (k - 1) / 2.
  return {aql::kJokerIn, aql::kHalfplane, axis == 0 ? aql::kAxisX : aql::kAxisY, aql::kCmpBase + 2,
          aql::kNumBase + 2 * median};
}

int spread(const std::vector<State>& worlds, int axis) {
  int lo = kSide;
  int hi = -1;
  for (const State& w : worlds) {
    const int c = w.layout().cell_of(kJoker);
    const int v = axis == 0 ? cell_x(c) : cell_y(c);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return hi - lo;
}

// The active diamond with the most face-down neighbours: where the Pathfinder helps most.
Action pathfinder_stand(const State& s, const ActionList& legal) {
  const Layout& l = s.layout();
  Action best = legal.front();
  int best_n = -1;
  std::array<int, 6> nb{};
  for (Action a : legal) {
    const int cell = static_cast<int>(a - kCellBase);
    const int k = l.neighbors(cell, nb);
    int n = 0;
    for (int i = 0; i < k; ++i) n += l.at[nb[i]] >= 0 && !l.face_up(l.at[nb[i]]);
    if (n > best_n) {
      best_n = n;
      best = a;
    }
  }
  return best;
}

}  // namespace

// Special hearts are also the one-card A♥ saves, so the Runner spends them only while her hand is
// large, and only where they tell or show her something: the Seer turns up frontier cards with no
// spade or trial, the Advisor halves the Joker's possible places, the Pathfinder points the way
// at a fork. She never uses the Mover or a Recall (three hearts of life for one power).
Action BaselineAgent::power_choice(const State& s, const ActionList& legal,
                                   const std::vector<State>& worlds) const {
  const int hand = std::popcount(s.hand());
  const Layout& l = s.layout();
  if (!params_.powers || l.face_up(kJoker)) return kNoAction;
  const int frontier = std::popcount(l.explorable(l.active()));
  if (has(legal, kUsePowerBase + kSeer) && hand >= 7 && frontier >= 2) {
    return kUsePowerBase + kSeer;
  }
  if (has(legal, kUsePowerBase + kAdvisor) && hand >= 9 &&
      spread(worlds, 0) + spread(worlds, 1) >= 6) {
    return kUsePowerBase + kAdvisor;
  }
  if (has(legal, kUsePowerBase + kPathfinder) && hand >= 8 && frontier >= 3) {
    return kUsePowerBase + kPathfinder;
  }
  return kNoAction;
}

// The King trial's answer. The changed cell shows as a difference between what she studied and
// what she sees now. A card turned face up shows its identity; a card turned face down must be
// remembered: with the noisy model (G1.6.2) she has forgotten it with the given probability and
// guesses uniformly among the cards she cannot see.
Action BaselineAgent::king_answer(const State& s, const ActionList& legal, Rng& rng) const {
  const std::uint64_t before = s.king_before_up();
  const Layout& l = s.layout();
  const std::uint64_t changed = before ^ l.up;
  if (changed == 0) return legal.front();
  int card = std::countr_zero(changed);
  const int cell = l.pos[card];
  const bool turned_down = !l.face_up(card);
  if (turned_down && params_.noisy_memory &&
      rng.below(100) < static_cast<std::uint64_t>(params_.forget_percent)) {
    std::vector<int> unseen;
    for (int id = 0; id < kNumCards; ++id) {
      if (!l.face_up(id)) unseen.push_back(id);
    }
    card = unseen[rng.below(unseen.size())];
  }
  const Action a = kNameBase + Action{cell} * kNumCards + card;
  return has(legal, a) ? a : legal.front();
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
      if (const Action p = power_choice(s, legal, worlds); p != kNoAction) return p;
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
    case Decision::kTenSpadesFlip:
      sample();
      return likeliest_cell(s, legal, worlds, diamond_weight, 0.5);
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
    case Decision::kSeerPick: {
      // The face-down card most likely to be a diamond (or the Joker) next to the chain.
      sample();
      return likeliest_cell(s, legal, worlds, diamond_or_joker_weight, 0.3);
    }
    case Decision::kAdvisorAsk: {
      const int step = s.top()->step;
      if (step == 1 && s.question_length() == 0 && has(legal, kContinue)) {
        sample();
        if (spread(worlds, 1) < 2) return kContinue;
      }
      if (s.question_length() == 0 || worlds.empty()) sample();
      const auto q = bisect_question(worlds, step);
      const int i = s.question_length();
      if (i < static_cast<int>(q.size()) &&
          has(legal, kTokenBase + q[static_cast<std::size_t>(i)])) {
        return kTokenBase + q[static_cast<std::size_t>(i)];
      }
      return legal.back();  // never reached with the question above
    }
    case Decision::kPathfinderPick:
      return pathfinder_stand(s, legal);
    case Decision::kMoverMove:
      return has(legal, kContinue) ? kContinue : legal.front();
    case Decision::kKingName:
      return king_answer(s, legal, rng);
    default:
      return legal[rng.below(legal.size())];
  }
}

}  // namespace mw::pathfinder_cards
