#pragma once
// Shared by the random_sim suite's files: the budget, the cases and the checks of a random game.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/game.h"
#include "core/json.h"
#include "core/rng.h"
#include "core/state.h"
#include "support/sanitizer_scale.h"

namespace mw::random_sim {

// ---- Budget -------------------------------------------------------------------------------------

// A random game that has not ended after this many actions is taken to be endless.
constexpr int kActionCap = 100'000;
// Deep checks (JSON, views, resampling, notation of every legal action) cost ~1-2 ms a node, so
// after the first games they run at this many uniformly chosen nodes of each game, plus its last.
constexpr int kSampledNodesPerGame = 1;
// Termination alone (no checks on the way) is cheap: this many random games per option set.
// Under the sanitizers a quarter of them: their job there is memory errors, which the contract
// tests below look for at every node.
#ifdef NDEBUG
constexpr int kEndingGames = 1000;
#else
constexpr int kEndingGames = test_support::scaled_for_sanitizers(100);
#endif
#ifdef NDEBUG
constexpr int kDefaultGames = 300;
constexpr int kFullyCheckedGames = 1;  // of the default option set: deep checks at every node
#else
// Debug and sanitizer builds run 5-10x slower: fewer games, and deep checks at sampled nodes only.
constexpr int kDefaultGames = 50;
constexpr int kFullyCheckedGames = 0;
#endif

// Separate random streams per game seed: what is played never depends on what is checked.
constexpr std::uint64_t kPlayStream = 0;
constexpr std::uint64_t kPickStream = 1;   // which nodes are checked deeply
constexpr std::uint64_t kCheckStream = 2;  // resampling, illegal candidates (per node)

// ---- Cases: every game x {defaults, each variant} -----------------------------------------------

struct SimCase {
  std::string game;   // registry id
  std::string label;  // "default" or "name=value"
  Json options;       // overrides of the defaults
  int games = 0;      // random games to play
  int fully_checked = 0;
  std::string test_name;
};

void PrintTo(const SimCase& c, std::ostream* os);

// Every registered game under its defaults and under each variant (cases.cpp).
std::vector<SimCase> all_cases();

// MAZEWORKS_RANDOM_SEED: the one seed to replay, with deep checks at every node (cases.cpp).
std::optional<std::uint64_t> only_seed();

// ---- Checks (checks.cpp) ------------------------------------------------------------------------

// Where a check runs; streamed into every failure so it names game, variant, seed and action.
struct Where {
  const SimCase* sim = nullptr;
  std::uint64_t seed = 0;
  std::size_t action = 0;  // the node after this many actions
  const char* check = "";  // the invariant being checked
};

std::ostream& operator<<(std::ostream& os, const Where& at);

struct Observed;

// Remembers, per seat, the view each information-state key was seen with: different views under
// one key would make a search merge positions its player can tell apart.
class KeyBook {
 public:
  void add(Where& at, const Observed& seen);

 private:
  std::vector<std::unordered_map<std::uint64_t, std::uint64_t>> seen_;  // key -> view digest
};

// The cheap invariants, checked at every node of every game.
void check_node(Where& at, const Game& game, const State& s);

Action random_action(const State& s, Rng& rng);

// Cheap checks at every node; deep checks at every node (`fully_checked`) or at a sampled node and
// the last one; renders of the last node; then the replays. Stops at the first failing node.
void play_and_check(Where& at, const Game& game, bool fully_checked, KeyBook& keys);

// The descriptor agrees with the game it describes.
void check_descriptor(const SimCase& sim, const Game& game);

}  // namespace mw::random_sim
