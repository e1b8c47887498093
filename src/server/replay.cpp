#include "server/replay.h"

#include <fmt/format.h>

#include <charconv>

#include "server/messages.h"
#include "server/server_error.h"

namespace mw::server {

std::optional<Player> parse_replay_observer(const std::optional<std::string>& text, int num_seats) {
  if (!text) return std::nullopt;
  if (*text == "omniscient") return kOmniscient;
  if (*text == "spectator") return kSpectator;
  int seat = -1;
  const char* end = text->data() + text->size();
  const auto [ptr, ec] = std::from_chars(text->data(), end, seat);
  if (ec != std::errc() || ptr != end || seat < 0 || seat >= num_seats) {
    fail("bad_request", 400,
         fmt::format("\"seat\" is a seat number 0..{}, \"spectator\" or \"omniscient\"",
                     num_seats - 1));
  }
  return seat;
}

std::size_t parse_replay_step(const std::optional<std::string>& text, std::size_t steps) {
  if (!text) return steps;
  const auto out_of_range = [&] {
    fail("bad_request", 400,
         fmt::format("\"step\" is a whole number from 0 to {} (the actions replayed)", steps));
  };
  unsigned long long step = 0;
  const char* end = text->data() + text->size();
  const auto [ptr, ec] = std::from_chars(text->data(), end, step);
  if (ec == std::errc::result_out_of_range) out_of_range();
  if (ec != std::errc() || ptr != end || text->empty()) out_of_range();
  if (step > steps) out_of_range();
  return static_cast<std::size_t>(step);
}

namespace {

std::string observer_name(Player observer) {
  if (observer == kOmniscient) return "omniscient";
  if (observer == kSpectator) return "spectator";
  return "seat";
}

}  // namespace

Json replay_at(const Registry& registry, const MatchSetup& setup, const ActionList& actions,
               Player observer, std::size_t step, std::size_t steps) {
  State state = registry.load(setup.game, setup.options).new_initial_state();
  Json events = Json::array();
  std::size_t n = 0;
  for (std::size_t i = 0; i < actions.size() && n < step; ++i) {
    const Action a = actions[i];
    const Player player = state.current_player();
    std::string text = state.action_to_string_for(observer, a);
    if (!text.empty()) {
      Json e = {{"n", n++},
                {"player", player >= 0 ? Json(player) : Json("chance")},
                {"text", std::move(text)}};
      add_event_facts(state.in_setup(), state.outcome_of(a), e);
      events.push_back(std::move(e));
    }
    state.apply(a);  // stored actions were legal when played: replaying is exact
  }
  Json j;
  j["match"] = setup.id;
  j["game"] = setup.game;
  j["options"] = setup.options;
  j["step"] = step;
  j["steps"] = steps;
  j["seat"] = observer >= 0 ? Json(observer) : Json(nullptr);
  j["observer"] = observer_name(observer);
  j["view"] = state.view(observer);
  const Player to_act = state.current_player();
  j["to_act"] = to_act >= 0 ? Json(to_act) : Json(nullptr);
  j["status"] = state.is_terminal() ? "finished" : "playing";
  j["events"] = std::move(events);
  if (state.is_terminal()) j["returns"] = state.returns();
  return j;
}

}  // namespace mw::server
