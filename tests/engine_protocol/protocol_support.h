#pragma once
// Shared by the engine-protocol tests: a coin-race game with broken agents, and request helpers.
#include <cstdint>
#include <string>

#include "cli/engine_session.h"
#include "core/json.h"
#include "core/registry.h"

namespace mw::cli::protocol_support {

// A registry of one game, the coin race: a chance node after every decision, and two broken
// agents ("illegal", "throwing") for the engine's internal-error path (protocol_support.cpp).
const Registry& coin_registry();

Json call(EngineSession& s, const Json& request);

std::string error_code(const Json& reply);

// Asserts a successful reply and returns it.
Json ok(EngineSession& s, const Json& request);

// Everything a failed request must leave as it was: the record (start, seed, actions) and the
// state summary (position, settings).
std::string snapshot(EngineSession& s);

Json new_th(EngineSession& s, std::uint64_t seed = 7, bool auto_chance = true);

// A file of the source tree (MAZEWORKS_SOURCE_DIR), "" when missing.
std::string source_file(const std::string& relative);

}  // namespace mw::cli::protocol_support
