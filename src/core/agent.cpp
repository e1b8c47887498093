#include "core/agent.h"

namespace mw {

void observe_action(Agent& agent, Player seat, const State& before, Action action) {
  const Player actor = before.current_player();
  if (actor < 0 || actor == seat) return;  // chance, or its own move
  if (before.has_private_action_text() &&
      before.action_to_string_for(seat, action) != before.action_to_string(action)) {
    return;  // a secret move: the seat is told that it happened, not what it was
  }
  agent.observe(Observation(before, seat), action);
}

}  // namespace mw
