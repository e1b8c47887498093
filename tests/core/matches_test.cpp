// Core layer: play_match (determinism, truncation, what each seat sees) and agent specs.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "ai/agents.h"
#include "ai/random_agent.h"
#include "core/error.h"
#include "core/match.h"
#include "core/rng.h"
#include "core_support.h"
#include "games/all_games.h"

namespace mw {
namespace {

using namespace core_support;

// ---- Matches ------------------------------------------------------------------------------------

TEST(core, PlayMatchIsDeterministicPerSeed) {
  const Game game = first_game();
  const MatchResult a = random_match(game, 3), b = random_match(game, 3), c = random_match(game, 4);
  EXPECT_EQ(a.record.actions, b.record.actions);
  EXPECT_EQ(a.returns, b.returns);
  EXPECT_EQ(a.decisions, b.decisions);
  EXPECT_NE(a.record.actions, c.record.actions);
  EXPECT_FALSE(a.truncated);
  EXPECT_EQ(static_cast<std::size_t>(a.decisions + a.chance_actions), a.record.actions.size());
  EXPECT_EQ(a.record.game, game.id());
  EXPECT_EQ(a.record.seed, 3u);
}

TEST(core, PlayMatchTruncatesAndChecksSeats) {
  const Game game = first_game();
  const MatchResult cut = random_match(game, 3, 10);
  EXPECT_TRUE(cut.truncated);
  EXPECT_EQ(cut.record.actions.size(), 10u);
  EXPECT_EQ(cut.returns, std::vector<double>(static_cast<std::size_t>(game.num_players()), 0.0));
  RandomAgent agent;
  const std::vector<Agent*> one_too_many(static_cast<std::size_t>(game.num_players() + 1), &agent);
  error_of(ErrorCode::kBadRequest, [&] { play_match(game, one_too_many, {}); });
}

// Plays at random and writes down every move it is shown.
class WatchingAgent final : public Agent {
 public:
  Action choose(const Observation& obs, Rng& rng) override { return random_.choose(obs, rng); }
  void observe(const Observation& before, Action action) override {
    seen.push_back({before.player(), before.to_act(), action});
  }
  bool observes_moves() const override { return true; }
  struct Seen {
    Player watcher, actor;
    Action action;
    bool operator==(const Seen&) const = default;
  };
  std::vector<Seen> seen;

 private:
  RandomAgent random_;
};

// An agent that ignores observations is not told the moves at all (the telling formats each move
// for each seat); one that observes is.
TEST(core, OnlyAgentsThatObserveAreTold) {
  class Counting final : public Agent {
   public:
    explicit Counting(bool observes) : observes_(observes) {}
    Action choose(const Observation& obs, Rng& rng) override { return random_.choose(obs, rng); }
    void observe(const Observation&, Action) override { ++told; }
    bool observes_moves() const override { return observes_; }
    int told = 0;

   private:
    bool observes_;
    RandomAgent random_;
  };
  const Game game = builtin_games().load("treasure-hunt");
  Counting deaf(false);
  Counting watching(true);
  play_match(game, {&deaf, &watching}, {3, 1'000'000, false});
  EXPECT_EQ(deaf.told, 0);
  EXPECT_GT(watching.told, 10);
}

// Each seat is shown the other seats' decisions, in order, except the secret ones (a hidden pawn
// and barriers in Pathfinder with barriers), which it is told only happened.
TEST(core, PlayMatchShowsEachSeatTheMovesItMaySee) {
  const Game game = builtin_games().load("pathfinder-barriers");
  std::vector<WatchingAgent> agents(2);
  const MatchResult r = play_match(game, {&agents[0], &agents[1]}, {5, 1'000'000, true});
  std::vector<std::vector<WatchingAgent::Seen>> expected(2);
  int secrets = 0;
  State s = game.new_initial_state();
  for (const Action a : r.record.actions) {
    const Player actor = s.current_player();
    for (Player q = 0; q < 2 && actor >= 0; ++q) {
      if (q == actor) continue;
      if (s.action_to_string_for(q, a) == s.action_to_string(a)) {
        expected[static_cast<std::size_t>(q)].push_back({q, actor, a});
      } else {
        ++secrets;
      }
    }
    s.apply(a);
  }
  EXPECT_GT(secrets, 0);
  for (std::size_t q = 0; q < 2; ++q) {
    EXPECT_FALSE(agents[q].seen.empty());
    EXPECT_EQ(agents[q].seen, expected[q]);
  }
}

TEST(core, MatchStreamsAreDerivedFromTheSeed) {
  EXPECT_EQ(chance_rng(9).next(), Rng(derive_seed(9, 0)).next());
  EXPECT_EQ(seat_rng(9, 0).next(), Rng(derive_seed(9, 1)).next());
  EXPECT_EQ(seat_rng(9, 3).next(), Rng(derive_seed(9, 4)).next());
}

// ---- Agent specs --------------------------------------------------------------------------------

TEST(core, AgentSpecParsesTypedParameters) {
  const AgentSpec plain = AgentSpec::parse("random");
  EXPECT_EQ(plain.name, "random");
  EXPECT_EQ(plain.params, Json::object());
  const AgentSpec spec = AgentSpec::parse("mcts:iters=100,c=1.5,verbose=true,mode=fast,neg=-3");
  EXPECT_EQ(spec.name, "mcts");
  EXPECT_EQ(spec.params["iters"], 100);
  EXPECT_TRUE(spec.params["iters"].is_number_integer());
  EXPECT_EQ(spec.params["c"], 1.5);
  EXPECT_EQ(spec.params["verbose"], true);
  EXPECT_EQ(spec.params["mode"], "fast");
  EXPECT_EQ(spec.params["neg"], -3);
  EXPECT_EQ(AgentSpec::parse(spec.to_string()).params, spec.params);
  EXPECT_EQ(spec.to_string(), "mcts:iters=100,c=1.5,verbose=true,mode=fast,neg=-3");
  EXPECT_EQ(AgentSpec::parse("a:").params, Json::object());
}

TEST(core, AgentSpecRejectsMalformedText) {
  EXPECT_EQ(error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse(""); }),
            "an agent spec is name[:key=value,...], got an empty name");
  error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse(":x=1"); });
  EXPECT_EQ(error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse("a:x"); }),
            "agent parameter 'x' should be key=value");
  error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse("a:=1"); });
  error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse("a:x=1,,y=2"); });
  const Game game = first_game();
  EXPECT_NE(make_agent(game, "random"), nullptr);
  const std::string message = error_of(ErrorCode::kUnknownAgent, [&] { make_agent(game, "nope"); });
  EXPECT_NE(message.find("known: random"), std::string::npos) << message;
}

}  // namespace
}  // namespace mw
