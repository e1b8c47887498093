// MatchService: the computer seats, thinking on the worker pool and playing when nothing moved.
#include <optional>

#include "core/rng.h"
#include "server/match_service.h"
#include "server/match_service_detail.h"

namespace mw::server {

void MatchService::schedule_agent(const std::shared_ptr<Entry>& entry) {
  const LiveMatch& m = *entry->match;
  const auto seat = m.seat_to_act();
  // While a move is committing, finish_commit schedules the agent once it is applied.
  if (!seat || !m.is_agent_seat(*seat) || entry->agent_busy || entry->committing || stopping_) {
    return;
  }
  if (!entry->moved_here) {
    // Another instance made the last move and thinks for this seat; this one steps in only if
    // that one is gone (expire_clocks, after takeover_delay()).
    if (!entry->takeover) entry->takeover = now_() + takeover_delay();
    return;
  }
  entry->agent_busy = true;
  const std::uint64_t version = m.version();
  pool_.submit(m.id(), [this, entry, version] { agent_move(entry, version); });
}

// Thinks on a copy of the state without the match's lock, then applies the move if nothing
// changed meanwhile. The agent sees only an Observation (its seat's view and sampled worlds).
void MatchService::agent_move(const std::shared_ptr<Entry>& entry, std::uint64_t version) {
  std::optional<State> copy;
  Player seat = 0;
  Agent* agent = nullptr;
  {
    std::lock_guard lock(entry->mutex);
    entry->agent_busy = false;
    if (stopping_) return;  // a restart plays this move
    const auto to_act = entry->match->seat_to_act();
    if (entry->match->version() != version || !to_act) {
      schedule_agent(entry);  // the match moved on meanwhile: think about the new position
      return;
    }
    seat = *to_act;
    agent = entry->agents[seat].get();
    copy.emplace(entry->match->state());
    entry->agent_busy = true;
  }
  Rng rng(derive_seed(entry->match->setup().seed, 2 * version + 2));
  Action action = kNoAction;
  // Whatever the spec's own budget, the move stops at the server's cap or when it shuts down.
  const StopSignal stop = thinking_stop();
  agent->set_stop(&stop);
  try {
    action = agent->choose(Observation(*copy, seat), rng);
  } catch (const std::exception&) {
    action = kNoAction;
  }
  agent->set_stop(nullptr);
  std::lock_guard lock(entry->mutex);
  entry->agent_busy = false;
  if (stopping_) return;  // a move cut short by the shutdown is not played: a restart thinks again
  // A resignation meanwhile ends the match without changing its version.
  if (entry->match->finished()) return;
  if (entry->match->version() != version || entry->committing) {
    schedule_agent(entry);  // the match moved on meanwhile (or finish_commit will schedule)
    return;
  }
  if (action == kNoAction || !copy->is_legal(action)) {
    // Never stall a match on a broken agent: fall back to the first legal action.
    action = copy->legal_actions().front();
  }
  try {
    advance(entry, entry->match->plan_action(action), nullptr);
  } catch (const std::exception& e) {
    // The database refused: the move is not made; a restart will retry it. Another instance's
    // move first: the match catches up and its computer seat, if still to act, thinks again.
    caught_up_after_conflict(entry, e);
  }
}

}  // namespace mw::server
