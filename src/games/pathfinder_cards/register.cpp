#include "games/pathfinder_cards/register.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <deque>
#include <vector>

#include "core/state.h"
#include "games/pathfinder_cards/agents.h"
#include "games/pathfinder_cards/observation.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {

std::string render_view(const Json& view, const RenderStyle& style);
std::string describe_result(const Json& view, const Options& options);

namespace {

// Face-down diamonds the Runner must still turn up to reach a cell next to the Joker, plus one
// for the Joker itself when face down (0-1 search: face-up diamonds are free). In a sampled
// world the hidden cards are known, which is what a search's leaf needs.
int cards_to_turn(const Layout& l) {
  std::array<int, kCells> dist;
  dist.fill(1 << 20);
  std::deque<int> queue;
  const int start = l.cell_of(kAceOfDiamonds);
  dist[start] = 0;
  queue.push_back(start);
  // The edges enabled now (in the advanced game also the active artifacts'); all symmetric.
  const std::uint64_t arts = l.enabled(l.active());
  Lines lines;
  if (arts != 0) l.fill_lines(lines);
  std::array<Link, kMaxLinks> nb{};
  while (!queue.empty()) {
    const int cell = queue.front();
    queue.pop_front();
    const int n = l.links(cell, arts, arts != 0 ? &lines : nullptr, nb);
    for (int i = 0; i < n; ++i) {
      const int to = nb[i].cell;
      const int c = l.at[to];
      if (!is_diamond(c)) continue;
      const int cost = l.face_up(c) ? 0 : 1;
      if (dist[cell] + cost >= dist[to]) continue;
      dist[to] = dist[cell] + cost;
      if (cost == 0) {
        queue.push_front(to);
      } else {
        queue.push_back(to);
      }
    }
  }
  int best = 1 << 20;
  const int n = l.links(l.cell_of(kJoker), arts, arts != 0 ? &lines : nullptr, nb);
  for (int i = 0; i < n; ++i) best = std::min(best, dist[nb[i].cell]);
  return std::min(best, kNumCards) + (l.face_up(kJoker) ? 0 : 1);  // no route now: "far"
}

// The Runner's chances: each card she turns up costs her about a third of a heart on average
// (spades and trials), and a hand of hearts is what she has to pay with.
std::vector<double> evaluate(const mw::State& state) {
  const State& s = state.as<State>();
  if (s.is_terminal()) return s.returns();
  if (s.phase() == Phase::kBuild) return {0.0, 0.0};
  const double hearts = std::popcount(s.hand()) + (s.compass() == CompassState::kTable ? 1 : 0);
  const double v = 0.9 * std::tanh((hearts - 0.4 * cards_to_turn(s.layout()) - 2.0) / 3.0);
  return {-v, v};
}

}  // namespace

// What the terminal's `help rules` and the browser's "How to play" show.
constexpr const char* kHowToPlay =
    R"(Two roles: the Maze Maker builds a maze of 40 cards (the clubs, diamonds, spades and one Joker),
face down; the Maze Runner explores it holding the 13 hearts. Each game decides who is who.
Building: the Maker places the cards one by one, each touching the maze. The engine keeps one rule
for her: a path of diamonds must still be able to lead from the A of diamonds (face up, the
start) to the Joker.
Exploring: the Runner turns up a face-down card next to her chain of face-up diamonds joined to
the A of diamonds. She wins when the Joker is face up next to that chain.
Dangers: a spade costs her a heart (picked at random). A 10, Jack, Queen or King starts a trial
(a count, a guess or a memory test) that costs hearts when she fails. An A of clubs or spades lets
the Maker change the maze. If she loses the A of hearts and cannot pay for it, the Maker wins.
Help: before exploring she picks a Compass heart; while the diamond of its rank is in her chain
she may spend it to see the Joker. The 10, J, Q and K of hearts are powers (the Advisor answers a
question about the maze, the Pathfinder shows a route, the Seer looks at cards, the Mover moves
one).
Score: a Runner who wins scores 5 plus one per heart she still holds.
Advanced game: the J, Q and K of diamonds are a Rope, a Veil and a Mirror that join diamonds
across gaps, diagonally, or from one end of a line to the other.
)";

GameEntry entry() {
  static_assert(GameState<State>);
  static_assert(SetupPhases<State>);
  static_assert(MultiActionParsing<State>);
  GameEntry e = make_game_entry<State>(GameInfo{
      /*id=*/"pathfinder-cards",
      /*name=*/"Pathfinder (Thorin Tatge)",
      /*summary=*/
      "the Maze Maker builds a 40-card maze; the Runner explores it from A♦ to the "
      "Joker while spades and trials drain her hearts (basic and advanced game, square or hex "
      "board)",
      /*min_players=*/2,
      /*max_players=*/2,
      /*perfect_information=*/false,
      /*has_chance=*/true,
      /*options=*/option_specs(),
      /*typing_help=*/
      "before the first card the Maker may type the whole maze at once: rows of card codes, "
      "'.' for no card, rows separated by '/' (e.g. 'AC 2C 3C 4C 5C 6C 7C 8C / 9C 10C ...'; "
      "docs/rules/pathfinder-cards.md, the whole-maze text form)",
      /*how_to_play=*/kHowToPlay,
  });
  e.render_view = render_view;
  e.describe_result = describe_result;
  // A rematch hands the seat-bound choice to the other seat; "random" stays random.
  e.rematch_options = swap_option_values("roles", "seat0Maker", "seat0Runner");
  e.evaluate = evaluate;
  e.observation_shape = observation_shape;
  e.encode_observation = encode_observation;
  e.designing = [](const mw::State& s) { return s.as<State>().phase() == Phase::kBuild; };
  // A design search over 128 of the hardest plans by successive halving (2 runs each, then 2 more
  // for the better half, ...; ~20 s once, capped at 30 s): the baseline Runner beat its mazes
  // 10 of 72 times, the default search's 7 of 12 (docs/ai.md#strength-table).
  e.strongest_agent = [](const Options&) {
    return std::string(
        "maker:build=baseline:difficulty=4,halving=true,candidates=128,sims=2,ms=30000");
  };
  e.agents.push_back({"baseline",
                      "both seats: the Maker builds planned mazes (the board's own shapes; in the "
                      "advanced game half of them bridged by an artifact) and hurts the Runner in "
                      "every choice; the Runner explores by sampled likelihood of diamonds toward "
                      "the Joker (params: samples=8, difficulty=2 (0..4), "
                      "artifacts=auto|never|always, "
                      "shape=auto|rect)",
                      BaselineAgent::make});
  return e;
}

}  // namespace mw::pathfinder_cards
