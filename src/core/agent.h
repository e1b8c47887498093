#pragma once
// Computer players. An agent is handed an Observation: its own seat's view, the legal actions and
// worlds sampled consistently with what it has seen. It never touches the true hidden state.
#include <atomic>
#include <chrono>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/rng.h"
#include "core/state.h"
#include "core/types.h"

namespace mw {

class Observation {
 public:
  Observation(const State& state, Player player) : state_(state), player_(player) {}

  Player player() const { return player_; }
  // Who acts in this position: player() when asked to choose; another seat when observing.
  Player to_act() const { return state_.current_player(); }
  const Game& game() const { return state_.game(); }
  int num_players() const { return state_.num_players(); }
  void legal_actions(ActionList& out) const { state_.legal_actions(out); }
  ActionList legal_actions() const { return state_.legal_actions(); }
  Action random_legal_action(Rng& rng, ActionList& scratch) const {
    return state_.random_legal_action(rng, scratch);
  }
  std::string action_to_string(Action a) const { return state_.action_to_string(a); }
  Json view() const { return state_.view(player_); }
  std::uint64_t information_state_key() const { return state_.information_state_key(player_); }
  // A full state consistent with everything this seat has observed (the state itself in games of
  // perfect information). The way an agent gets a State.
  State sample_world(Rng& rng) const { return state_.resample(player_, rng); }
  // The position itself, for a game's own policy that reads only what this seat knows (public
  // facts and its own private cards), as that game's tests show by comparing its choices here
  // and in sampled worlds. It spares such a policy a sampled world per decision, which inside a
  // search is most of its cost; every other agent reads sample_world().
  template <GameState S>
  const S& position_read_fairly() const {
    return state_.as<S>();
  }

 private:
  const State& state_;
  Player player_;
};

// A request from outside a search to stop early: a wall-clock deadline (a server's cap on thinking
// time) and a flag another thread may raise (a server shutting down). Searches poll it and return
// their best move so far; agents that do not search ignore it.
class StopSignal {
 public:
  using Clock = std::chrono::steady_clock;
  explicit StopSignal(Clock::time_point deadline = Clock::time_point::max(),
                      const std::atomic<bool>* cancelled = nullptr)
      : deadline_(deadline), cancelled_(cancelled) {}
  bool reached() const {
    if (cancelled_ != nullptr && cancelled_->load(std::memory_order_relaxed)) return true;
    return deadline_ != Clock::time_point::max() && Clock::now() >= deadline_;
  }

 private:
  Clock::time_point deadline_;
  const std::atomic<bool>* cancelled_;
};

class Agent {
 public:
  virtual ~Agent() = default;
  // From now on, searches stop once `stop` is reached (null: only by their own budget). The
  // signal must outlive the calls it covers. Agents that run other agents pass it on.
  virtual void set_stop(const StopSignal* stop) { stop_ = stop; }
  // Called only when obs.player() is to act; returns one of obs.legal_actions().
  virtual Action choose(const Observation& obs, Rng& rng) = 0;
  // A new game begins (agents that remember between moves reset here).
  virtual void reset() {}
  // Another seat, before.to_act(), played `action` from the position `before` shows this seat.
  // Only actions this seat is told in full arrive here (see observe_action); agents that model
  // their opponents learn from them, the others ignore them.
  virtual void observe(const Observation& before, Action action) {
    (void)before;
    (void)action;
  }
  // Whether observe() uses what it is shown. Telling an agent costs more than most moves (the
  // game formats the move for each seat to find whether it is secret), so agents that ignore
  // observations are not told.
  virtual bool observes_moves() const { return false; }

 protected:
  bool stop_reached() const { return stop_ != nullptr && stop_->reached(); }
  const StopSignal* stop_signal() const { return stop_; }

 private:
  const StopSignal* stop_ = nullptr;
};

// Tells the agent at `seat` what the seat to act in `before` played, if that is a decision of
// another seat and the game tells `seat` the action in full (no secret placement, no hidden
// card): an agent learns only what a player at the table would see.
void observe_action(Agent& agent, Player seat, const State& before, Action action);

// Shows each agent of `seats` (indexed by seat; null: nobody to tell) the moves `actions`, played
// in order from `position`, as observe_action tells them: after each move, or to agents made
// afresh (undo, load, a restart) the game so far.
void tell_moves(std::span<Agent* const> seats, const State& position,
                std::span<const Action> actions);
// The same for agents held by seat (null: a person's seat).
void tell_moves(const std::vector<std::unique_ptr<Agent>>& agents, const State& position,
                std::span<const Action> actions);
std::vector<Agent*> seated(const std::vector<std::unique_ptr<Agent>>& agents);

}  // namespace mw
