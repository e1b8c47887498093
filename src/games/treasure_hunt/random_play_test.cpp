// Random play: the bench signature, legality agreeing with legal_actions, and the state's shape.
#include <gtest/gtest.h>

#include <algorithm>
#include <type_traits>

#include "core/hash.h"
#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

// Searches copy states millions of times: keep it a small block of bytes.
static_assert(std::is_trivially_copyable_v<State>);

TEST(TreasureHuntState, IsSmallAndTriviallyCopyable) {
  EXPECT_TRUE(std::is_trivially_copyable_v<State>);
  EXPECT_LE(sizeof(State), 112u);
}

struct Signature {
  std::uint64_t hash = 0;
  long actions = 0;
};

// Every action of `games` seeded uniformly random games, hashed. Chance uses sample_chance and
// decisions pick legal[rng.below(size)], as play_random_actions does.
Signature signature(const Json& options, int games) {
  const Game game = load(options);
  Hasher h;
  Signature sig;
  ActionList legal;
  for (int seed = 0; seed < games; ++seed) {
    State s = State::initial(game.options());
    Rng rng(static_cast<std::uint64_t>(seed));
    while (!s.is_terminal()) {
      Action a;
      if (s.current_player() == kChancePlayer) {
        a = s.sample_chance(rng);
      } else {
        s.legal_actions(legal);
        a = legal[rng.below(legal.size())];
      }
      h.add(static_cast<std::uint64_t>(a));
      s.apply_legal(a);
      ++sig.actions;
    }
    h.add(static_cast<std::uint64_t>(s.score(0))).add(static_cast<std::uint64_t>(s.score(1)));
  }
  sig.hash = h.value();
  return sig;
}

// The bench signature (STYLE.md): 200 seeded random games per variant. The figures were taken
// from the first implementation of the rules, before the speed work, so they also prove that the
// optimised legal_actions / apply_legal play exactly the same games. Any change to the rules, to
// the order of legal actions or to the chance sampling changes them: update them only on purpose.
TEST(TreasureHuntRandomPlay, BenchSignatureIsPinned) {
  const struct {
    const char* options;
    std::uint64_t hash;
    long actions;
  } cases[] = {
      {"{}", 0x19e21d1b8e5bbaf0, 152202},
      {R"({"deck": "specialized"})", 0x1fcc38bd1f26b8a0, 212526},
      {R"({"cycleRule": "stopOnRepeat", "firstPlayer": "purple"})", 0xc0c2ac40099d4723, 154180},
      {R"({"turnLimit": 40})", 0x33b7ae6912b14af1, 21200},
  };
  for (const auto& c : cases) {
    const Signature sig = signature(Json::parse(c.options), 200);
    EXPECT_EQ(sig.hash, c.hash) << c.options;
    EXPECT_EQ(sig.actions, c.actions) << c.options;
  }
}

TEST(TreasureHuntRandomPlay, IllegalReasonIsEmptyExactlyForLegalActions) {
  for (const Json& options : {Json::object(), specialized_options()}) {
    const Game game = load(options);
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList legal, scratch;
      while (!s.is_terminal()) {
        s.legal_actions(legal);
        ASSERT_FALSE(legal.empty());
        ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
        for (Action a = -2; a <= kNumActions + 1; ++a) {
          const bool listed = std::binary_search(legal.begin(), legal.end(), a);
          ASSERT_EQ(s.illegal_reason(a).empty(), listed)
              << "action " << a << " (" << s.action_to_string(a) << "): '" << s.illegal_reason(a)
              << "' in " << s.to_json().dump();
        }
        play_random_actions(s, rng, 1, scratch);
      }
      ActionList none;
      s.legal_actions(none);
      EXPECT_TRUE(none.empty());
    }
  }
}

TEST(TreasureHuntRandomPlay, TheErasedHandlePlaysTheSameGames) {
  const Game game = load();
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    mw::State erased = game.new_initial_state();
    Rng a(seed), b(seed);
    const int erased_actions = erased.play_random(a, 1'000'000);
    State concrete = State::initial(game.options());
    ActionList scratch;
    const int concrete_actions = play_random_actions(concrete, b, 1'000'000, scratch);
    EXPECT_EQ(erased_actions, concrete_actions);
    EXPECT_EQ(erased.to_json(), concrete.to_json());
    EXPECT_EQ(erased.returns(), concrete.returns());
  }
}

TEST(TreasureHuntRandomPlay, CheckedApplyAcceptsEveryLegalActionAndRefusesTheRest) {
  const Game game = load();
  mw::State s = game.new_initial_state();
  Rng rng(3);
  while (!s.is_terminal()) {
    const ActionList legal = s.legal_actions();
    const Action a = s.is_chance_node() ? s.sample_chance(rng) : legal[rng.below(legal.size())];
    if (!s.is_chance_node() && legal.size() < 100) {
      for (Action bad = 0; bad < kNumActions; ++bad) {
        if (std::find(legal.begin(), legal.end(), bad) != legal.end()) continue;
        const mw::State before = s;
        EXPECT_NE(error_of([&] { s.apply(bad); }, ErrorCode::kIllegalAction), "");
        EXPECT_EQ(s.to_json(), before.to_json()) << "a refused action changes nothing";
        break;
      }
    }
    s.apply(a);
  }
  EXPECT_NE(error_of([&] { s.apply(0); }, ErrorCode::kIllegalAction), "");
}

TEST(TreasureHuntRandomPlay, PerfectInformation) {
  const State s = random_position(load(), 9, 80);
  EXPECT_EQ(s.information_state_key(0), s.information_state_key(1));
  Rng rng(1);
  EXPECT_EQ(s.resample(0, rng).to_json(), s.to_json());
  EXPECT_EQ(s.view(0)["board"], s.view(1)["board"]);
}

}  // namespace
}  // namespace mw::treasure_hunt
