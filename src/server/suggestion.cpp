#include "server/suggestion.h"

#include <fmt/format.h>

#include "server/server_error.h"

namespace mw::server {
namespace {

// Whether `text` stands for exactly `chosen` at `start`, or, in a design, for the same design
// (the seat's view and who acts next equal): a whole-maze drawing places the same cards in
// another order. Then a client can send it back as one `act`.
bool stands_for(const State& start, Player seat, const std::string& text, const ActionList& chosen,
                const State* designed) {
  try {
    const ActionList parsed = start.parse_actions(text);
    if (parsed == chosen) return true;
    if (designed == nullptr) return false;
    State replayed = start;
    replayed.apply_all(parsed);
    return replayed.current_player() == designed->current_player() &&
           replayed.view(seat) == designed->view(seat);
  } catch (const Error&) {
    return false;
  }
}

// The texts that may stand for the whole suggestion, tried in order: the actions joined by ", "
// (Pathfinder barriers: `pawn A-1, bar A-1|A-2, done`; one action: its notation), then a whole
// design the game draws in the seat's view ("maze": the Pathfinder cards Maker's drawing).
std::optional<std::string> one_text(const State& start, Player seat, const Suggestion& suggestion,
                                    const ActionList& chosen, const State* designed) {
  std::vector<std::string> candidates{fmt::format("{}", fmt::join(suggestion.actions, ", "))};
  if (const auto it = suggestion.view.find("maze");
      designed && it != suggestion.view.end() && it->is_string()) {
    candidates.push_back(it->get<std::string>());
  }
  for (const std::string& text : candidates) {
    if (stands_for(start, seat, text, chosen, designed)) return text;
  }
  return std::nullopt;
}

}  // namespace

Suggestion suggest_actions(const State& start, Player seat, Agent& agent, Rng& rng,
                           const std::function<bool(const State&)>& designing) {
  const bool design = designing && designing(start);
  State state = start;
  Suggestion out;
  ActionList chosen;
  do {
    if (chosen.size() >= kMaxSuggestedActions) {
      fail("internal", 500,
           fmt::format("the agent did not finish its design in {} actions", kMaxSuggestedActions));
    }
    const Action a = agent.choose(Observation(state, seat), rng);
    if (const std::string why = state.illegal_reason(a); !why.empty()) {
      fail("internal", 500, "the agent chose an illegal action: " + why);
    }
    out.actions.push_back(state.action_to_string(a));
    chosen.push_back(a);
    state.apply_legal(a);
  } while (design && !state.is_terminal() && state.current_player() == seat && designing(state));
  out.view = design ? state.view(seat) : start.view(seat);
  out.text = one_text(start, seat, out, chosen, design ? &state : nullptr);
  return out;
}

Json suggestion_message(const Suggestion& suggestion, std::uint64_t version) {
  Json m;
  m["type"] = "suggestion";
  m["version"] = version;
  m["actions"] = suggestion.actions;
  m["view"] = suggestion.view;
  if (suggestion.text) m["text"] = *suggestion.text;
  return m;
}

}  // namespace mw::server
