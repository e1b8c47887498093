#include "ai/maker.h"

#include <algorithm>
#include <chrono>

#include "ai/agent_params.h"
#include "ai/agents.h"
#include "ai/halving.h"
#include "core/error.h"

namespace mw {
namespace {

bool designing(const Game& game, const State& s) {
  return !s.is_terminal() && !s.is_chance_node() && game.entry().designing(s);
}

}  // namespace

MakerConfig MakerConfig::from_params(const Game& game, const Json& params) {
  AgentParams p("maker", params);
  MakerConfig c;
  const std::string fallback = default_agent(game);
  c.build = p.get_agent_spec("build", fallback);
  c.play = p.get_agent_spec("play", fallback);
  c.rivals = p.get_agent_spec("rivals", c.play);
  c.candidates = static_cast<int>(p.get_int("candidates", c.candidates, 1, 10000));
  c.sims = static_cast<int>(p.get_int("sims", c.sims, 1, 10000));
  c.halving = p.get_bool("halving", c.halving);
  c.ms = p.get_double("ms", c.ms, 0, 1e9);
  c.max_actions = static_cast<int>(p.get_int("maxActions", c.max_actions, 1, 100000000));
  p.finish();
  return c;
}

MakerAgent::MakerAgent(const Game& game, MakerConfig config)
    : game_(game), config_(std::move(config)) {
  build_ = make_agent(game_, config_.build);
  play_ = make_agent(game_, config_.play);
}

std::unique_ptr<Agent> MakerAgent::make(const Game& game, const Json& params) {
  if (!applies(game)) {
    throw Error(ErrorCode::kUnknownAgent,
                game.id() + " has no secret design for the maker agent to search");
  }
  return std::make_unique<MakerAgent>(game, MakerConfig::from_params(game, params));
}

void MakerAgent::set_stop(const StopSignal* stop) {
  Agent::set_stop(stop);
  build_->set_stop(stop);
  play_->set_stop(stop);
  for (auto& agent : simulated_) agent->set_stop(stop);
}

void MakerAgent::reset() {
  plan_ = {};
  next_ = 0;
  build_->reset();
  play_->reset();
}

Action MakerAgent::choose(const Observation& obs, Rng& rng) {
  if (follows_plan(obs)) return plan_.actions[next_++];
  const State world = obs.sample_world(rng);
  if (!designing(game_, world)) return play_->choose(obs, rng);
  plan(obs, rng);
  return plan_.actions[next_++];
}

bool MakerAgent::follows_plan(const Observation& obs) const {
  return next_ < plan_.actions.size() && plan_.keys[next_] == obs.information_state_key();
}

void MakerAgent::plan(const Observation& obs, Rng& rng) {
  const auto start = std::chrono::steady_clock::now();
  const auto out_of_time = [&](int drawn) {
    if (drawn >= 1 && stop_reached()) return true;  // from outside: the best design so far
    if (config_.ms <= 0 || drawn < 2) return false;
    const std::chrono::duration<double, std::milli> spent =
        std::chrono::steady_clock::now() - start;
    return spent.count() >= config_.ms;
  };
  simulated_.clear();
  for (int seat = 0; seat < game_.num_players(); ++seat) {
    simulated_.push_back(make_agent(game_, seat == obs.player() ? config_.play : config_.rivals));
    simulated_.back()->set_stop(stop_signal());
  }
  next_ = 0;
  plan_ = config_.halving ? halve(obs, rng, out_of_time, last_score_)
                          : best_of(obs, rng, out_of_time, last_score_);
}

MakerAgent::Design MakerAgent::best_of(const Observation& obs, Rng& rng,
                                       const std::function<bool(int)>& out_of_time, double& score) {
  Design best;
  score = -2;
  for (int c = 0; c < config_.candidates && !out_of_time(c); ++c) {
    Design design = draw_design(obs, rng);
    const double s = total_return(obs, design, config_.sims, rng) / config_.sims;
    if (s > score) {
      score = s;
      best = std::move(design);
    }
  }
  return best;
}

MakerAgent::Design MakerAgent::draw_design(const Observation& obs, Rng& rng) {
  State s = obs.sample_world(rng);
  const Player me = obs.player();
  build_->reset();
  Design design;
  while (designing(game_, s) && s.current_player() == me) {
    const Action a = build_->choose(Observation(s, me), rng);
    design.keys.push_back(s.information_state_key(me));
    design.actions.push_back(a);
    s.apply(a);
  }
  return design;
}

MakerAgent::Design MakerAgent::halve(const Observation& obs, Rng& rng,
                                     const std::function<bool(int)>& out_of_time, double& score) {
  std::vector<Design> pool;
  for (int c = 0; c < config_.candidates && !out_of_time(c); ++c) {
    pool.push_back(draw_design(obs, rng));
  }
  const HalvingResult kept = successive_halving(
      pool.size(),
      [&](std::size_t i) {
        return BatchTotal{total_return(obs, pool[i], config_.sims, rng), config_.sims};
      },
      [&] { return out_of_time(static_cast<int>(pool.size())); });
  score = kept.mean;
  return std::move(pool[kept.best]);
}

double MakerAgent::total_return(const Observation& obs, const Design& design, int games, Rng& rng) {
  double total = 0;
  for (int i = 0; i < games; ++i) {
    // Stopped from outside: the games played so far stand for all of them (same mean).
    if (i > 0 && stop_reached()) return total * games / i;
    State world = obs.sample_world(rng);
    world.apply_all(design.actions);  // this seat's own decisions: legal in every such world
    total += simulate(std::move(world), rng)[static_cast<std::size_t>(obs.player())];
  }
  return total;
}

std::vector<double> MakerAgent::simulate(State world, Rng& rng) {
  for (auto& agent : simulated_) agent->reset();
  for (int n = 0; n < config_.max_actions && !world.is_terminal(); ++n) {
    if (world.is_chance_node()) {
      world.apply_legal(world.sample_chance(rng));
      continue;
    }
    const Player q = world.current_player();
    world.apply_legal(simulated_[static_cast<std::size_t>(q)]->choose(Observation(world, q), rng));
  }
  if (world.is_terminal()) return world.returns();
  if (game_.entry().evaluate) return game_.entry().evaluate(world);
  return std::vector<double>(static_cast<std::size_t>(world.num_players()), 0.0);
}

}  // namespace mw
