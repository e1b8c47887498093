// MatchService: the requests that leave the match as it is: check, suggest and the HTTP replay.
#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "ai/agents.h"
#include "core/rng.h"
#include "server/agent_budget.h"
#include "server/match_service.h"
#include "server/match_service_detail.h"
#include "server/messages.h"
#include "server/replay.h"
#include "server/server_error.h"
#include "server/suggestion.h"

namespace mw::server {

using detail::fresh_seed;
using detail::plan_move;
using detail::refusal;

Json MatchService::replay(const std::string& id, const std::optional<std::string>& observer_text,
                          const std::optional<std::string>& step_text,
                          const std::optional<std::string>& token) {
  MatchSetup setup;
  ActionList actions;
  Player observer = kSpectator;
  std::uint64_t steps = 0;
  {
    auto [entry, lock] = lock_match(id);
    const LiveMatch& m = *entry->match;
    std::optional<Player> token_seat;
    if (token) {
      token_seat = m.authenticate(*token);
      if (!token_seat) fail("unauthorized", 403, "that token is not a seat of this match");
      claim(*entry, *token_seat);
    }
    observer = parse_replay_observer(observer_text, m.num_seats())
                   .value_or(token_seat.value_or(kSpectator));
    if (!m.finished() && observer == kOmniscient) {
      fail("unauthorized", 403, "the omniscient replay opens once the match is over");
    }
    if (!m.finished() && observer >= 0 && token_seat != observer) {
      fail("unauthorized", 403,
           fmt::format("until the match is over, seat {}'s replay needs seat {}'s token", observer,
                       observer));
    }
    setup = m.setup();
    steps = m.version_for(observer);
    actions.reserve(m.events().size());
    for (const Event& e : m.events()) actions.push_back(e.action);
  }
  // Replayed without the match's lock: the copy of the actions is all it needs.
  return replay_at(registry_, setup, actions, observer, parse_replay_step(step_text, steps), steps);
}

void MatchService::check(const std::shared_ptr<Subscription>& sub, const std::string& text,
                         std::uint64_t version) {
  auto [entry, lock] = lock_match(sub->match);
  check_locked(entry, sub, text, version);
}

// The same checks as act_locked, on the same code path (plan_move), and nothing else: nothing is
// stored or applied, and only the asking connection hears of it.
void MatchService::check_locked(const std::shared_ptr<Entry>& entry,
                                const std::shared_ptr<Subscription>& sub, const std::string& text,
                                std::uint64_t version) {
  if (defer_while_committing(entry, [=, this] { check_locked(entry, sub, text, version); })) {
    return;
  }
  const LiveMatch& m = *entry->match;
  Json reply;
  reply["type"] = "check";
  try {
    plan_move(m, sub->observer, text, version);
    reply["ok"] = true;
    // How many actions the text stands for, only for a design (the seat's own secret): in play a
    // text may be cut where a hidden answer stops it (a Pathfinder path after its first "No"), and
    // its length would tell what only playing it may tell.
    const auto& designing = registry_.entry(m.setup().game).designing;
    if (designing && designing(m.state())) reply["actions"] = m.state().parse_actions(text).size();
  } catch (const std::exception& e) {
    int status = 0;
    const Json err = error_json(e, status);
    reply["ok"] = false;
    reply["code"] = err["code"];
    reply["message"] = err["message"];
  }
  reply["version"] = m.version_for(sub->observer);
  sub->send(reply.dump());
}

void MatchService::suggest(const std::shared_ptr<Subscription>& sub, const std::string& spec) {
  auto [entry, lock] = lock_match(sub->match);
  suggest_locked(entry, sub, spec);
}

void MatchService::suggest_locked(const std::shared_ptr<Entry>& entry,
                                  const std::shared_ptr<Subscription>& sub,
                                  const std::string& spec) {
  if (defer_while_committing(entry, [=, this] { suggest_locked(entry, sub, spec); })) return;
  const LiveMatch& m = *entry->match;
  try {
    check_agent_budget(spec, limits_);  // whoever asks, whenever
    if (sub->observer < 0) fail("unauthorized", 403, "a spectator has no moves to suggest");
    if (m.finished()) fail("finished", 409, "the match is over");
    if (m.seat_to_act() != sub->observer) {
      fail(
          "not_your_turn", 409,
          fmt::format("seat {} is to act, not seat {}", m.state().current_player(), sub->observer));
    }
    const Game game = registry_.load(m.setup().game, m.setup().options);
    std::shared_ptr<Agent> agent = make_agent(game, spec);  // unknown_agent for a bad spec
    if (sub->suggesting.load()) {
      fail("busy", 429, "a suggestion for this connection is still being computed");
    }
    if (!sub->suggestions.take() || !entry->suggestions.take()) {
      fail("rate_limited", 429,
           fmt::format("at most {} suggestions a second", limits_.suggestions_per_second));
    }
    sub->suggesting = true;
    ++entry->suggestions_running;
    // The agent thinks on a copy, on the worker pool, like a computer seat (never on an I/O
    // thread), and sees only this seat's Observation of it.
    pool_.submit(
        m.id(), [this, entry, sub, agent, state = m.state(), version = m.version_for(sub->observer),
                 designing = game.entry().designing] {
          std::string reply;
          try {
            if (stopping_) fail("internal", 503, "the server is stopping");
            Rng rng(fresh_seed());  // not the match's streams: those derive from its secret seed
            // Like a computer seat's move: stopped at the server's cap, or when it shuts down.
            const StopSignal stop = thinking_stop();
            agent->set_stop(&stop);
            reply = suggestion_message(
                        suggest_actions(state, sub->observer, *agent, rng, designing), version)
                        .dump();
          } catch (const std::exception& e) {
            reply = refusal(e, version, "suggest");
          }
          sub->suggesting = false;
          // Like every push: under the match's lock, and only to a connection still attached (a
          // closed one's sink may point into a network layer that is gone).
          std::lock_guard lock(entry->mutex);
          --entry->suggestions_running;
          if (std::ranges::find(entry->subs, sub) != entry->subs.end()) sub->send(reply);
        });
  } catch (const std::exception& e) {
    sub->send(refusal(e, m.version_for(sub->observer), "suggest"));
  }
}

}  // namespace mw::server
