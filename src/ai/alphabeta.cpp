#include "ai/alphabeta.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <limits>

#include "ai/agent_params.h"
#include "core/error.h"
#include "core/hash.h"
#include "core/state.h"

namespace mw {

// Its types are its own members, not an anonymous namespace's: a class with external linkage may
// not hold those (GCC's -Wsubobject-linkage in unity builds, where this file is an include).
struct AlphaBetaAgent::Impl {
  enum class Bound : std::uint8_t { kNone, kExact, kLower, kUpper };

  struct TableEntry {
    std::uint64_t key = 0;
    double value = 0;
    Action best = 0;
    std::int16_t depth = -1;
    Bound bound = Bound::kNone;
  };

  struct TimeUp {};

  explicit Impl(const AlphaBetaConfig& c) : table(std::size_t{1} << c.table_bits) {}

  std::vector<TableEntry> table;
  std::vector<std::uint32_t> history;  // by action, for actions below kHistorySize
  static constexpr std::size_t kHistorySize = 1 << 16;
  std::chrono::steady_clock::time_point deadline;
  bool timed = false;
  const StopSignal* stop = nullptr;  // from outside (Agent::set_stop): ends the search like time
  std::int64_t nodes = 0;
  Player root = 0;
  const GameEntry* entry = nullptr;

  TableEntry& slot(std::uint64_t key) { return table[key & (table.size() - 1)]; }

  std::uint64_t key_of(const State& s) const {
    // Perfect information: every seat's key is the state's key.
    return Hasher().add(s.information_state_key(0)).value();
  }

  // The value of `s` for the root seat.
  double search(const State& s, int depth, double alpha, double beta) {
    if ((++nodes & 1023) == 0 &&
        ((timed && std::chrono::steady_clock::now() >= deadline) || (stop && stop->reached()))) {
      throw TimeUp{};
    }
    if (s.is_terminal()) return s.returns()[static_cast<std::size_t>(root)];
    if (depth == 0) return entry->evaluate(s)[static_cast<std::size_t>(root)];
    if (s.is_chance_node()) {
      double total = 0;
      for (const ChanceOutcome& o : s.chance_outcomes()) {
        State next = s;
        next.apply_legal(o.action);
        total += o.probability * search(next, depth, -1.0, 1.0);
      }
      return total;
    }
    const std::uint64_t key = key_of(s);
    TableEntry& e = slot(key);
    Action hint = 0;
    bool has_hint = false;
    if (e.key == key && e.bound != Bound::kNone) {
      hint = e.best;
      has_hint = true;
      if (e.depth >= depth) {
        if (e.bound == Bound::kExact) return e.value;
        if (e.bound == Bound::kLower && e.value >= beta) return e.value;
        if (e.bound == Bound::kUpper && e.value <= alpha) return e.value;
      }
    }
    ActionList moves;
    s.legal_actions(moves);
    order(moves, has_hint, hint);
    const bool maximizing = s.current_player() == root;
    const double alpha0 = alpha, beta0 = beta;
    double best = maximizing ? -2.0 : 2.0;
    Action best_move = moves.front();
    for (const Action a : moves) {
      State next = s;
      next.apply_legal(a);
      const double v = search(next, depth - 1, alpha, beta);
      if (maximizing ? v > best : v < best) {
        best = v;
        best_move = a;
      }
      if (maximizing)
        alpha = std::max(alpha, v);
      else
        beta = std::min(beta, v);
      if (alpha >= beta) {
        if (a >= 0 && static_cast<std::size_t>(a) < kHistorySize) {
          history[static_cast<std::size_t>(a)] += static_cast<std::uint32_t>(depth * depth);
        }
        break;
      }
    }
    TableEntry& out = slot(key);
    out.key = key;
    out.value = best;
    out.best = best_move;
    out.depth = static_cast<std::int16_t>(depth);
    out.bound = best <= alpha0 ? Bound::kUpper : best >= beta0 ? Bound::kLower : Bound::kExact;
    return best;
  }

  // The table's move first, then by history score (stable, so ties keep the game's order).
  void order(ActionList& moves, bool has_hint, Action hint) const {
    const auto score = [&](Action a) -> std::uint64_t {
      if (has_hint && a == hint) return std::numeric_limits<std::uint64_t>::max();
      return a >= 0 && static_cast<std::size_t>(a) < kHistorySize
                 ? history[static_cast<std::size_t>(a)]
                 : 0;
    };
    std::stable_sort(moves.begin(), moves.end(),
                     [&](Action a, Action b) { return score(a) > score(b); });
  }
};

AlphaBetaConfig AlphaBetaConfig::from_params(const Json& params) {
  AgentParams p("alphabeta", params);
  AlphaBetaConfig c;
  c.max_depth = static_cast<int>(p.get_int("depth", 0, 0, 64));
  c.ms = p.get_double("ms", c.max_depth > 0 ? 0.0 : 1000.0, 0, 86'400'000);
  c.table_bits = static_cast<int>(p.get_int("tableBits", c.table_bits, 10, 28));
  if (c.max_depth == 0 && c.ms <= 0) {
    throw Error(ErrorCode::kUnknownAgent, "alphabeta: give a budget: depth > 0 or ms > 0");
  }
  p.finish();
  return c;
}

AlphaBetaAgent::AlphaBetaAgent(AlphaBetaConfig config)
    : config_(config), impl_(std::make_unique<Impl>(config)) {
  impl_->history.assign(Impl::kHistorySize, 0);
}

AlphaBetaAgent::~AlphaBetaAgent() = default;

std::unique_ptr<Agent> AlphaBetaAgent::make(const Game& game, const Json& params) {
  if (!game.info().perfect_information || game.num_players() != 2 || !game.entry().evaluate) {
    throw Error(ErrorCode::kUnknownAgent,
                fmt::format("alphabeta plays two-seat games of perfect information with an "
                            "evaluation; {} is not one",
                            game.id()));
  }
  auto agent = std::make_unique<AlphaBetaAgent>(AlphaBetaConfig::from_params(params));
  agent->impl_->entry = &game.entry();
  return agent;
}

AlphaBetaResult AlphaBetaAgent::search(const State& state) {
  Impl& m = *impl_;
  m.entry = &state.game().entry();
  m.root = state.current_player();
  m.nodes = 0;
  m.timed = config_.max_depth == 0;
  m.stop = stop_signal();
  m.deadline = std::chrono::steady_clock::now() +
               std::chrono::microseconds(static_cast<std::int64_t>(config_.ms * 1000));
  std::fill(m.history.begin(), m.history.end(), 0);
  AlphaBetaResult result;
  ActionList moves;
  state.legal_actions(moves);
  result.action = moves.front();
  const int limit = config_.max_depth > 0 ? config_.max_depth : 64;
  for (int depth = 1; depth <= limit; ++depth) {
    try {
      const double v = m.search(state, depth, -2.0, 2.0);
      const Impl::TableEntry& e = m.slot(m.key_of(state));
      result.action = e.best;
      result.value = v;
      result.depth = depth;
    } catch (const Impl::TimeUp&) {
      break;
    }
    if (std::abs(result.value) >= 1.0) break;  // a forced result: deeper cannot change it
  }
  result.nodes = m.nodes;
  return result;
}

Action AlphaBetaAgent::choose(const Observation& obs, Rng& rng) {
  const ActionList legal = obs.legal_actions();
  if (legal.size() == 1) return legal.front();
  return search(obs.sample_world(rng)).action;
}

}  // namespace mw
