#include "core/agent.h"

#include <algorithm>

namespace mw {

void observe_action(Agent& agent, Player seat, const State& before, Action action) {
  if (!agent.observes_moves()) return;
  const Player actor = before.current_player();
  if (actor < 0 || actor == seat) return;  // chance, or its own move
  if (!before.sees_action_in_full(seat, action)) {
    return;  // a secret move: the seat is told that it happened, not what it was
  }
  agent.observe(Observation(before, seat), action);
}

void tell_moves(std::span<Agent* const> seats, const State& from, std::span<const Action> actions) {
  // Most seats are people's: a match without computer seats copies no state for them.
  if (std::ranges::none_of(seats, [](const Agent* agent) { return agent != nullptr; })) return;
  State position = from;
  for (const Action a : actions) {
    for (Player q = 0; q < static_cast<Player>(seats.size()); ++q) {
      if (seats[static_cast<std::size_t>(q)] != nullptr) {
        observe_action(*seats[static_cast<std::size_t>(q)], q, position, a);
      }
    }
    position.apply_legal(a);
  }
}

void tell_moves(const std::vector<std::unique_ptr<Agent>>& agents, const State& position,
                std::span<const Action> actions) {
  if (std::ranges::none_of(agents, [](const auto& agent) { return agent != nullptr; })) return;
  tell_moves(seated(agents), position, actions);
}

std::vector<Agent*> seated(const std::vector<std::unique_ptr<Agent>>& agents) {
  std::vector<Agent*> out;
  for (const auto& a : agents) out.push_back(a.get());
  return out;
}

}  // namespace mw
