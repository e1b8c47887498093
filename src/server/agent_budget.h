#pragma once
// The server's cap on what a computer player may cost (ServerLimits::max_think_ms and
// max_iterations): specs asking for more are refused before a match is created or a suggestion
// computed, and the catalogue the server offers names specs that fit. Whatever a spec says, each
// move is also stopped at the cap while it thinks (MatchService gives it a StopSignal).
#include <string>
#include <string_view>

#include "core/json.h"
#include "server/limits.h"

namespace mw::server {

// Throws ServerError("over_budget", 400) naming the parameter when `spec` (or an agent spec
// nested in it: build=, play=, rivals=, policy=) asks for more than `limits` allow: ms above
// max_think_ms, iterations above max_iterations, or threads above 1 (a match thinks on one worker).
void check_agent_budget(std::string_view spec, const ServerLimits& limits);

// `spec` with ms, iterations and threads lowered to what `limits` allow (nested specs too).
std::string fit_agent_budget(std::string_view spec, const ServerLimits& limits);

// The catalogue (game_catalog) with every strongest_agent fitted to `limits`.
Json fit_catalog(Json catalog, const ServerLimits& limits);

}  // namespace mw::server
