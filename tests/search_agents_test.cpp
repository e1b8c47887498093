// The search agents of src/ai (ISMCTS, PIMC/MCTS, alpha-beta): their parameters, their
// reproducibility under an iteration or depth budget, and strength checks that can fail. Every
// game is reached through the registry and the erased State only, as tools do.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ai/agent_params.h"
#include "ai/agents.h"
#include "ai/ismcts.h"
#include "ai/rollout.h"
#include "ai/search_tree.h"
#include "ai/selfplay.h"
#include "core/error.h"
#include "core/match.h"
#include "games/all_games.h"

namespace mw {
namespace {

Game treasure_hunt() {
  return builtin_games().load("treasure-hunt");
}

std::string unknown_agent_message(const Game& game, const std::string& spec) {
  try {
    make_agent(game, spec);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kUnknownAgent) << e.what();
    return e.what();
  }
  ADD_FAILURE() << spec << " was accepted";
  return "";
}

// A position after the deal, with Green to move.
State dealt_position(const Game& game, std::uint64_t seed) {
  State s = game.new_initial_state();
  Rng rng(seed);
  while (s.is_chance_node()) s.apply(s.sample_chance(rng));
  return s;
}

TEST(SearchAgents, ParametersAreTypedAndChecked) {
  const Game game = treasure_hunt();
  EXPECT_NE(unknown_agent_message(game, "ismcts:c=x").find("ismcts: c expects a number"),
            std::string::npos);
  for (const char* spec : {"ismcts:c=nan", "ismcts:c=inf", "ismcts:c=-inf"}) {
    // Not "got null": JSON has no NaN, and the message quotes what was written.
    const std::string message = unknown_agent_message(game, spec);
    EXPECT_NE(message.find("c expects a number"), std::string::npos) << message;
    EXPECT_EQ(message.find("null"), std::string::npos) << message;
  }
  EXPECT_NE(unknown_agent_message(game, "ismcts:bogus=1").find("unknown parameter 'bogus'"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:ms=0").find("give a budget"), std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:rollout=smart").find("one of random, heuristic"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "pimc:threads=2").find("unknown parameter 'threads'"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "pimc:prior=heuristic").find("unknown parameter 'prior'"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:eps=2").find("a number in 0..1"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:prior=greedy").find("one of none, heuristic"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:iterations=9,policy=greedy:bogus=1").find("bogus"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:opponents=greedy").find("one of search, policy"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "pimc:opponents=policy").find("'opponents'"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:iterations=5,oeps=0.2").find("opponents=policy"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:iterations=5,opponents=policy,oeps=2")
                .find("a number in 0..1"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:iterations=5,opponents=policy,oeps=guess")
                .find("one of learn, classify"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:iterations=5,oeps=learn").find("opponents=policy"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "ismcts:iterations=5,opponents=policy,omax=0.5")
                .find("oeps=learn"),
            std::string::npos);
  EXPECT_NE(unknown_agent_message(game, "alphabeta:depth=99").find("an integer in 0..64"),
            std::string::npos);
  for (const char* ok : {"ismcts:iterations=10,c=1.5,final=mean,observer=single,depth=5",
                         "ismcts:ms=20,rollout=heuristic,threads=2", "pimc:worlds=3,ms=10",
                         "ismcts:iterations=5,prior=heuristic,pw=2,rollout=heuristic,eps=0.1",
                         "ismcts:iterations=5,rollout=heuristic,policy=greedy:defend=false",
                         "pimc:iterations=5,rollout=heuristic,policy=random", "mcts:iterations=10",
                         "ismcts:iterations=5,opponents=policy,policy=greedy:defend=false",
                         "ismcts:iterations=5,opponents=policy,oeps=0.3",
                         "ismcts:iterations=5,opponents=policy,oeps=learn",
                         "ismcts:iterations=5,opponents=policy,oeps=classify,omax=0.9",
                         "alphabeta:depth=2,tableBits=12"}) {
    EXPECT_NO_THROW(make_agent(game, ok)) << ok;
  }
}

// A server caps thinking time and stops searches when it shuts down (Agent::set_stop): whatever
// the spec's own budget, a search whose stop is reached returns a legal move after a handful of
// iterations. Without the stop each of these would run for minutes.
TEST(SearchAgents, AnOutsideStopEndsEverySearchEarly) {
  const Game game = treasure_hunt();
  const State s = dealt_position(game, 11);
  std::atomic<bool> cancelled = true;
  const StopSignal stop(StopSignal::Clock::time_point::max(), &cancelled);
  for (const std::string spec :
       {"ismcts:iterations=100000000", "ismcts:ms=3600000", "ismcts:iterations=100000000,threads=2",
        "pimc:iterations=100000000", "mcts:iterations=100000000", "alphabeta:depth=64",
        "alphabeta:ms=3600000"}) {
    auto agent = make_agent(game, spec);
    agent->set_stop(&stop);
    Rng rng(3);
    EXPECT_TRUE(s.is_legal(agent->choose(Observation(s, s.current_player()), rng))) << spec;
    if (const auto* searcher = dynamic_cast<const IsmctsAgent*>(agent.get())) {
      EXPECT_LE(searcher->last_search().iterations, 16) << spec;
    }
  }
  // A deadline already past works like the flag.
  const StopSignal past(StopSignal::Clock::now());
  auto agent = make_agent(game, "ismcts:iterations=100000000");
  agent->set_stop(&past);
  Rng rng(4);
  agent->choose(Observation(s, s.current_player()), rng);
  EXPECT_LE(dynamic_cast<const IsmctsAgent&>(*agent).last_search().iterations, 8);
  // Without a stop the same spec searches its whole budget (here a small one).
  auto free_agent = make_agent(game, "ismcts:iterations=300");
  free_agent->choose(Observation(s, s.current_player()), rng);
  EXPECT_EQ(dynamic_cast<const IsmctsAgent&>(*free_agent).last_search().iterations, 300);
}

// The maker designs many candidates, each played out by other agents: the stop reaches them all,
// and the maker keeps the best design drawn so far (at least one).
TEST(SearchAgents, AnOutsideStopEndsTheMakersDesignSearch) {
  const Game game = builtin_games().load("pathfinder-barriers");
  std::atomic<bool> cancelled = true;
  const StopSignal stop(StopSignal::Clock::time_point::max(), &cancelled);
  auto agent =
      make_agent(game, "maker:candidates=10000,sims=1000,play=ismcts:iterations=100000000");
  agent->set_stop(&stop);
  State s = game.new_initial_state();
  Rng rng(5);
  while (s.current_player() == 0 && game.entry().designing(s)) {
    const Action a = agent->choose(Observation(s, 0), rng);
    ASSERT_TRUE(s.is_legal(a));
    s.apply(a);
  }
  EXPECT_FALSE(s.current_player() == 0 && game.entry().designing(s));
}

TEST(SearchAgents, AlphaBetaIsOfferedOnlyWhereItApplies) {
  bool listed = false;
  for (const auto& a : list_agents(treasure_hunt())) listed = listed || a.name == "alphabeta";
  EXPECT_TRUE(listed);
  for (const GameEntry* e : builtin_games().entries()) {
    const Game game = builtin_games().load(e->info.id);
    const bool applies = game.info().perfect_information && game.num_players() == 2 &&
                         static_cast<bool>(game.entry().evaluate);
    bool offered = false;
    for (const auto& a : list_agents(game)) offered = offered || a.name == "alphabeta";
    EXPECT_EQ(offered, applies) << e->info.id;
    if (!applies) unknown_agent_message(game, "alphabeta");
  }
}

// `play` seats the strongest agent opposite a human in every seat of every game and player count.
TEST(SearchAgents, EveryGameNamesAStrongestAgentThatEverySeatCanUse) {
  for (const GameEntry* e : builtin_games().entries()) {
    for (int players = e->info.min_players; players <= e->info.max_players; ++players) {
      Json options = Json::object();
      if (e->info.min_players != e->info.max_players) options["players"] = players;
      const Game game = builtin_games().load(e->info.id, options);
      const std::string spec = strongest_agent(game);
      EXPECT_NO_THROW(make_agent(game, spec)) << e->info.id << " " << spec;
    }
  }
  EXPECT_EQ(strongest_agent(treasure_hunt()), "alphabeta");
  EXPECT_EQ(default_agent(treasure_hunt()), "greedy");
  const Json catalog = game_catalog(builtin_games());
  for (const Json& g : catalog) EXPECT_TRUE(g.contains("strongest_agent")) << g["id"];
}

// The lobby picks the strong computer by the match's player count from the catalogue.
TEST(SearchAgents, TheCatalogueNamesTheStrongestAgentForEachPlayerCount) {
  const Json catalog = game_catalog(builtin_games());
  for (const Json& g : catalog) {
    const Json& by_players = g["strongest_agent_by_players"];
    const int counts = g["max_players"].get<int>() - g["min_players"].get<int>() + 1;
    EXPECT_EQ(static_cast<int>(by_players.size()), counts) << g["id"];
    EXPECT_EQ(by_players[std::to_string(g["min_players"].get<int>())], g["strongest_agent"])
        << g["id"];
  }
  const auto mazemakers = [](int players) {
    return strongest_agent(builtin_games().load("mazemakers", {{"players", players}}));
  };
  EXPECT_EQ(mazemakers(2).find("oeps="), std::string::npos);
  EXPECT_NE(mazemakers(3).find("oeps=classify"), std::string::npos);
  EXPECT_NE(mazemakers(4).find("oeps=classify"), std::string::npos);
  const auto jokers = [](int players) {
    return strongest_agent(builtin_games().load("jokers-labyrinth", {{"players", players}}));
  };
  EXPECT_NE(jokers(2).find("iterations=4000,"), std::string::npos);
  EXPECT_NE(jokers(3).find("iterations=16000,"), std::string::npos);
  EXPECT_NE(jokers(4).find("iterations=16000,"), std::string::npos);
  for (const Json& g : catalog) {
    if (g["id"] == "mazemakers") {
      EXPECT_EQ(g["strongest_agent_by_players"]["3"], mazemakers(3));
    }
    if (g["id"] == "jokers-labyrinth") {
      EXPECT_EQ(g["strongest_agent_by_players"]["4"], jokers(4));
    }
  }
}

TEST(SearchAgents, IterationBudgetsAreReproducible) {
  const Game game = treasure_hunt();
  const State s = dealt_position(game, 3);
  for (const char* spec : {"ismcts:iterations=300", "ismcts:iterations=300,threads=2",
                           "ismcts:iterations=300,observer=single", "pimc:iterations=300,worlds=3",
                           "ismcts:iterations=300,rollout=heuristic,opponents=policy",
                           "ismcts:iterations=300,rollout=heuristic,opponents=policy,oeps=0.5",
                           "ismcts:iterations=300,rollout=heuristic,opponents=policy,oeps=learn",
                           "alphabeta:depth=3"}) {
    auto a = make_agent(game, spec);
    auto b = make_agent(game, spec);
    Rng ra(9), rb(9);
    const Observation obs(s, s.current_player());
    EXPECT_EQ(a->choose(obs, ra), b->choose(obs, rb)) << spec;
  }
}

TEST(SearchAgents, IsmctsSpendsItsBudgetOnLegalActions) {
  const Game game = treasure_hunt();
  const State s = dealt_position(game, 4);
  IsmctsConfig config;
  config.iterations = 500;
  Rng rng(1);
  const RootStatistics stats = ismcts_search(Observation(s, s.current_player()), config, rng);
  EXPECT_EQ(stats.iterations, 500);
  std::uint64_t visits = 0;
  for (const SearchEdge& e : stats.edges) {
    EXPECT_TRUE(s.is_legal(e.action));
    visits += e.visits;
  }
  EXPECT_EQ(stats.edges.size(), s.legal_actions().size());
  EXPECT_EQ(visits, 500u);  // every iteration starts with a root decision
  EXPECT_GT(stats.nodes, 1u);
}

TEST(SearchTree, AHintIsTriedFirstAndFavouredAmongEquals) {
  SearchNode node;
  node.hint = 7;
  const ActionList legal = {3, 5, 7, 9};
  Rng rng(1);
  bool untried = false;
  std::size_t e = select_edge(node, legal, 0.7, rng, untried, 1.0);
  EXPECT_TRUE(untried);
  EXPECT_EQ(node.edges[e].action, 7);
  // The hint is looked at again before the budget is spread over the untried actions...
  node.back_up(e, 0.2);
  e = select_edge(node, legal, 0.7, rng, untried, 1.0);
  EXPECT_FALSE(untried);
  EXPECT_EQ(node.edges[e].action, 7);
  // ...unless it did badly: then an untried action.
  node.back_up(e, -1.6);
  node.back_up(e, -1.6);
  e = select_edge(node, legal, 0.7, rng, untried, 1.0);
  EXPECT_TRUE(untried);
  EXPECT_NE(node.edges[e].action, 7);
  // Without guidance the untried actions come first.
  SearchNode plain;
  for (int i = 0; i < 5; ++i) plain.back_up(plain.edge_index(3), 1.0);
  e = select_edge(plain, legal, 0.7, rng, untried);
  EXPECT_TRUE(untried);
  EXPECT_NE(plain.edges[e].action, 3);
  // Every edge tried once with the same result: the bias alone decides.
  const auto node_with = [&legal](const auto& visits_and_reward) {
    SearchNode n;
    n.hint = 7;
    for (const Action a : legal) {
      const auto [visits, reward] = visits_and_reward(a);
      const std::size_t i = n.edge_index(a);
      for (int v = 0; v < visits; ++v) n.back_up(i, reward);
      n.edges[i].available = static_cast<std::uint32_t>(visits) + 3;  // it was legal 3 more times
    }
    return n;
  };
  SearchNode even = node_with([](Action) { return std::pair{1, 0.5}; });
  e = select_edge(even, legal, 0.7, rng, untried, 1.0);
  EXPECT_FALSE(untried);
  EXPECT_EQ(even.edges[e].action, 7);
  // The bias fades: a hint far behind in results loses.
  SearchNode behind = node_with([](Action a) { return std::pair{100, a == 7 ? -0.5 : 0.5}; });
  e = select_edge(behind, legal, 0.7, rng, untried, 1.0);
  EXPECT_NE(behind.edges[e].action, 7);
}

TEST(SearchAgents, OneIterationWithAHeuristicPriorPlaysTheHeuristicsMove) {
  const Game game = treasure_hunt();
  int tested = 0;
  for (std::uint64_t seed = 1; seed <= 40 && tested < 5; ++seed) {
    State s = dealt_position(game, seed);
    Rng walk(seed);
    s.play_random(walk, 12);  // past the opening, where every move scores alike
    if (s.is_terminal() || s.is_chance_node()) continue;
    const Observation obs(s, s.current_player());
    std::set<Action> greedy_moves;  // greedy breaks ties at random
    auto greedy = make_agent(game, "greedy");
    for (std::uint64_t r = 0; r < 1000; ++r) {
      Rng rng(r);
      greedy_moves.insert(greedy->choose(obs, rng));
    }
    if (greedy_moves.size() * 4 > s.legal_actions().size()) continue;  // too many ties to tell
    auto searcher = make_agent(game, "ismcts:iterations=1,prior=heuristic");
    Rng rng(seed);
    EXPECT_TRUE(greedy_moves.contains(searcher->choose(obs, rng))) << "seed " << seed;
    ++tested;
  }
  EXPECT_EQ(tested, 5);
}

double win_rate(const Game& game, const std::vector<std::string>& agents, int games) {
  SelfplayConfig config;
  config.agents = agents;
  config.games = games;
  config.seed = 5;
  const SelfplaySummary s = run_selfplay(game, config);
  return static_cast<double>(s.wins[0]) / static_cast<double>(s.games);
}

TEST(SearchAgents, SearchBeatsRandomAndAlphaBetaBeatsGreedy) {
  const Game game = treasure_hunt();
  EXPECT_GE(win_rate(game, {"ismcts:iterations=100,depth=8", "random"}, 6), 5.0 / 6);
  EXPECT_GE(win_rate(game, {"alphabeta:depth=4", "greedy"}, 10), 0.7);
}

TEST(SearchAgents, GuidedIsmctsBeatsTheHeuristicItIsGuidedBy) {
  const Game game = treasure_hunt();
  EXPECT_GE(
      win_rate(game, {"ismcts:iterations=150,rollout=heuristic,prior=heuristic", "greedy"}, 8),
      5.0 / 8);
}

// With the opponent played by the policy inside the tree, the search is a best response to it.
TEST(SearchAgents, IsmctsWithThePolicyAsOpponentModelBeatsThatPolicy) {
  const Game game = treasure_hunt();
  EXPECT_GE(win_rate(game,
                     {"ismcts:iterations=150,rollout=heuristic,prior=heuristic,opponents=policy",
                      "greedy"},
                     8),
            5.0 / 8);
}

// oeps: a modelled opponent who sometimes plays at random is a different opponent, so the search
// values the root's moves differently; without the noise the same search sees the same values.
TEST(SearchAgents, OpponentNoiseChangesWhatTheSearchExpects) {
  const Game game = treasure_hunt();
  const State s = dealt_position(game, 5);
  const Observation obs(s, s.current_player());
  const auto root_means = [&](double oeps) {
    IsmctsConfig config;
    config.iterations = 1500;  // enough to come back to root moves, where the opponent replies
    config.rollout = RolloutPolicy::kHeuristic;
    config.rollout_depth = 8;
    config.opponents_by_policy = true;
    config.opponent_epsilon = oeps;
    Rng rng(11);
    std::vector<double> means;
    for (const SearchEdge& e : ismcts_search(obs, config, rng).edges) means.push_back(e.mean());
    return means;
  };
  EXPECT_EQ(root_means(0.0), root_means(0.0));
  EXPECT_NE(root_means(0.0), root_means(1.0));
}

// Rollouts follow the opponent model: the seat whose noise is 1 plays uniformly at random, the
// other seats play the heuristic, so a search that expects a seat to play at random expects it
// beyond the tree too.
TEST(SearchAgents, RolloutSeatNoiseMakesThatSeatPlayAtRandom) {
  const Game game = treasure_hunt();
  const State s = dealt_position(game, 5);
  const auto mover = static_cast<std::size_t>(s.current_player());
  const auto distinct_first_moves = [&](std::vector<double> noise) {
    Rollout rollout(game, RolloutPolicy::kHeuristic);
    rollout.set_seat_noise(std::move(noise));
    std::set<std::string> after;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      State world = s;
      Rng rng(seed);
      rollout.finish(world, 1, rng);
      after.insert(world.to_json().dump());
    }
    return after.size();
  };
  std::vector<double> noisy_mover(2, 0.0);
  std::vector<double> noisy_other(2, 0.0);
  noisy_mover[mover] = 1;
  noisy_other[1 - mover] = 1;
  const std::size_t heuristic = distinct_first_moves({});
  EXPECT_EQ(distinct_first_moves(noisy_other), heuristic);
  EXPECT_GT(distinct_first_moves(noisy_mover), heuristic + 10);
}

// Seat 0 (`watcher_spec`) watches a heuristic seat 1 and a random seat 2 through one MazeMakers
// game per seed 1..games; after each game, the noise it expects of each of them.
struct ExpectedNoise {
  double of_policy = 0;
  double of_random = 0;
};
std::vector<ExpectedNoise> noise_after_watching(const std::string& watcher_spec, int games) {
  const Game game = builtin_games().load("mazemakers", Json{{"players", 3}});
  auto watcher = make_agent(game, watcher_spec);
  const auto& learner = dynamic_cast<const IsmctsAgent&>(*watcher);
  auto policy = make_agent(game, "heuristic");
  auto random = make_agent(game, "random");
  std::vector<ExpectedNoise> after;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
    play_match(game, {watcher.get(), policy.get(), random.get()}, {seed});
    after.push_back({learner.expected_noise(1), learner.expected_noise(2)});
  }
  return after;
}

// oeps=learn: the agent compares each move it is shown with the policy's choices, seat by seat,
// so in one game it expects the seat that plays the policy to play it and the seat that plays at
// random to play at random.
TEST(SearchAgents, LearnedOpponentNoiseTellsThePolicyFromRandomPlay) {
  const auto after =
      noise_after_watching("ismcts:iterations=2,depth=5,opponents=policy,oeps=learn", 8);
  double of_policy = 0, of_random = 0;
  for (const ExpectedNoise& noise : after) {
    EXPECT_LT(noise.of_policy, noise.of_random);
    of_policy += noise.of_policy / static_cast<double>(after.size());
    of_random += noise.of_random / static_cast<double>(after.size());
  }
  EXPECT_LT(of_policy, 0.3);
  EXPECT_GT(of_random, 0.8);
  // Before any move is seen: the prior.
  IsmctsAgent fresh(IsmctsConfig::from_params(
      {{"iterations", 1}, {"opponents", "policy"}, {"oeps", "learn"}}, "ismcts"));
  EXPECT_DOUBLE_EQ(fresh.expected_noise(1), IsmctsConfig::kNoisePrior);
}

// A replayed MazeMakers game (3 players, the searcher at seat 0 against two random seats): in
// round 7 seat 0 stands at health 1 on i3, one step from h3, a monster of value 3 it has already
// lost to there (a 50% death: die 0-5 against 3). Nothing lies beyond h3.
const std::vector<Action> kHealthOneNextToAKnownMonster = {
    6646, 6642, 6645, 6643, 2134, 4,    810,  1764, 4306, 6246, 4631, 2885, 5420, 6300, 6303, 6307,
    6677, 6705, 6714, 6713, 6681, 6663, 6657, 6693, 6736, 6703, 6715, 6701, 6987, 6998, 6988, 4571,
    6393, 6392, 6382, 6383, 6373, 6982, 6313, 6392, 6638, 6393, 6392, 6382, 406,  6393, 6638, 6393,
    6392, 6638, 6302, 6363, 6978, 2424, 6392, 6393, 6639, 6310, 6393, 6641, 6638, 6639, 1074, 6353,
    6979, 6311, 6392, 6638, 6639, 6307, 6639, 6300, 6352, 6351, 6361, 6981, 6313, 6392, 6639, 6304,
    6392, 6640, 6980, 6978, 6393, 6392, 6640, 6980, 6982, 6301, 6351, 6341, 6979, 6301, 6638, 6401,
    6639, 4470, 6639, 705,  6342, 6312, 6639, 3284, 6392, 6639, 6304};

// With the rivals modelled as random players, who never finish, a line in which the searcher
// dies used to be played to the end of the game (a draw at the round limit, 0) while every line
// in which it lives was cut off at the depth and scored by the evaluation (behind its rivals,
// -0.25): stepping onto the monster looked best and it died. Cut off alike, a death scores -0.95.
TEST(SearchAgents, ALineInWhichTheSearcherDiesIsCutOffLikeEveryOther) {
  const Game game = builtin_games().load("mazemakers", Json{{"players", 3}});
  State s = game.new_initial_state();
  for (Action a : kHealthOneNextToAKnownMonster) s.apply(a);
  ASSERT_EQ(s.current_player(), 0);
  const IsmctsConfig config = IsmctsConfig::from_params({{"iterations", 300},
                                                         {"depth", 20},
                                                         {"opponents", "policy"},
                                                         {"oeps", 1},
                                                         {"rollout", "heuristic"},
                                                         {"prior", "heuristic"}},
                                                        "ismcts");
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Rng rng(seed);
    const Action chosen =
        final_move(ismcts_search(Observation(s, 0), config, rng), FinalMoveRule::kMostVisited);
    EXPECT_NE(s.action_to_string(chosen), "h3") << "seed " << seed;
  }
}

// oeps=classify: from the same moves the agent judges each seat a policy player or a random one,
// so the seat that plays the policy is modelled as the policy (not as a policy with the noise
// its hidden knowledge looks like) and the random seat as random.
TEST(SearchAgents, ClassifiedOpponentsAreModelledAsThePolicyOrAsRandom) {
  for (const ExpectedNoise& noise :
       noise_after_watching("ismcts:iterations=2,depth=5,opponents=policy,oeps=classify", 8)) {
    EXPECT_LT(noise.of_policy, 0.05);
    EXPECT_GT(noise.of_random, 0.95);
  }
  IsmctsAgent fresh(IsmctsConfig::from_params(
      {{"iterations", 1}, {"opponents", "policy"}, {"oeps", "classify"}}, "ismcts"));
  EXPECT_DOUBLE_EQ(fresh.expected_noise(1), 0.5);  // an even prior before any move is seen
}

// The chance the watcher gives seat 1's moves of being random, before and after seat 1 places its
// 3 of the 9 setup walls (after choosing its suit), when seat 1 plays the heuristic.
struct BeforeAndAfter {
  double before = 0;
  double after = 0;
};
BeforeAndAfter noise_around_setup_walls(const std::string& watcher_spec, std::uint64_t seed) {
  const Game game = builtin_games().load("mazemakers", Json{{"players", 3}});
  auto watcher = make_agent(game, watcher_spec);
  const auto& judge = dynamic_cast<const IsmctsAgent&>(*watcher);
  auto policy = make_agent(game, "heuristic");
  BeforeAndAfter noise;
  Rng rng(seed);
  State s = game.new_initial_state();
  int moves_of_seat_1 = 0;
  while (moves_of_seat_1 < 4) {
    if (s.is_chance_node()) {
      s.apply(s.sample_chance(rng));
      continue;
    }
    const Player p = s.current_player();
    const Action a = policy->choose(Observation(s, p), rng);
    if (p == 1 && ++moves_of_seat_1 == 2) noise.before = judge.expected_noise(1);
    if (p != 0) observe_action(*watcher, 0, s, a);
    s.apply(a);
  }
  noise.after = judge.expected_noise(1);
  return noise;
}

double odds(double chance) {
  return chance / (1 - chance);
}

// MazeMakers' heuristic places each setup wall as the best of 150 placements sampled from up to
// thousands, so its own samples seldom hit the wall it places: such a move differs from the
// policy's samples whoever plays it and must not be judged as random play.
TEST(SearchAgents, ClassifiedOpponentsAreNotJudgedByMovesThePolicyPicksAtRandom) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const BeforeAndAfter chance = noise_around_setup_walls(
        "ismcts:iterations=2,depth=5,opponents=policy,oeps=classify", seed);
    // Judged as a deterministic policy's moves, three misses would multiply them by (1/m)^3 = 37.
    EXPECT_LT(odds(chance.after) / odds(chance.before), 2.0) << "seed " << seed;
  }
}

// The learned noise reads the same walls the same way: counted as plain misses, three of them
// would take a seat from its prior of 0.5 to 5/7 (odds 2.5).
TEST(SearchAgents, LearnedNoiseIsNotRaisedByMovesThePolicyPicksAtRandom) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const BeforeAndAfter noise =
        noise_around_setup_walls("ismcts:iterations=2,depth=5,opponents=policy,oeps=learn", seed);
    EXPECT_LT(odds(noise.after) / odds(noise.before), 2.0) << "seed " << seed;
  }
}

// A move that differs from the policy is 1/m times likelier from a random player; one that
// matches it is likelier from the policy player, the more so the fewer of the legal moves match.
TEST(SearchAgents, ObservedPlayWeighsEachMoveByItsLikelihoodUnderBothKinds) {
  ObservedPlay play;
  play.add(true, 0.5);
  EXPECT_NEAR(play.random_chance(), 1 / (1 + IsmctsConfig::kPolicyMismatch), 1e-12);
  ObservedPlay matching_few, matching_many;
  matching_few.add(false, 0.9);   // one of ten moves was the policy's
  matching_many.add(false, 0.1);  // nine of ten were
  EXPECT_LT(matching_few.random_chance(), matching_many.random_chance());
  EXPECT_LT(matching_many.random_chance(), 0.5);
  // A policy whose 8 samples were 8 different moves has a move they missed about 8 times in 9
  // (Good-Turing), so differing from them says little about who played.
  ObservedPlay spread;
  spread.add(true, 0.998, 8.0 / 9.0);
  EXPECT_GT(spread.random_chance(), 0.5);
  EXPECT_LT(spread.random_chance(), 0.55);
  // The learned noise counts that move as a policy player's near-certain miss, too.
  EXPECT_NEAR(spread.noise(), IsmctsConfig::kNoisePrior, 0.02);
}

// omax caps what is learned: the seat that plays at random is expected to play at random at most
// that often, while the seat that plays the policy keeps its lower estimate.
TEST(SearchAgents, LearnedOpponentNoiseIsCappedByOmax) {
  const ExpectedNoise last =
      noise_after_watching("ismcts:iterations=2,depth=5,opponents=policy,oeps=learn,omax=0.4", 3)
          .back();
  EXPECT_DOUBLE_EQ(last.of_random, 0.4);
  EXPECT_LT(last.of_policy, 0.3);
}

}  // namespace
}  // namespace mw
