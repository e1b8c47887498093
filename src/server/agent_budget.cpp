#include "server/agent_budget.h"

#include <fmt/format.h>

#include <algorithm>

#include "ai/agents.h"
#include "server/server_error.h"

namespace mw::server {
namespace {

// Parameters whose value is itself an agent spec, written with ';' for ','.
bool nests_a_spec(const std::string& key) {
  return key == "build" || key == "play" || key == "rivals" || key == "policy";
}

std::string nested_text(const Json& value) {
  std::string text = value.get<std::string>();
  std::replace(text.begin(), text.end(), ';', ',');
  return text;
}

std::string to_nested(std::string text) {
  std::replace(text.begin(), text.end(), ',', ';');
  return text;
}

double number(const Json& v) {
  return v.is_number() ? v.get<double>() : 0.0;
}

[[noreturn]] void over(std::string_view spec, const std::string& what) {
  fail("over_budget", 400,
       fmt::format("agent '{}' asks for {}; this server allows each computer move at most its "
                   "limits (mazeworks serve --max-think-ms, --max-iterations)",
                   spec, what));
}

}  // namespace

void check_agent_budget(std::string_view text, const ServerLimits& limits) {
  const AgentSpec spec = AgentSpec::parse(text);
  for (const auto& [key, value] : spec.params.items()) {
    if (key == "ms" && number(value) > static_cast<double>(limits.max_think_ms)) {
      over(text, fmt::format("ms={} (at most {})", value.dump(), limits.max_think_ms));
    }
    if (key == "iterations" && number(value) > static_cast<double>(limits.max_iterations)) {
      over(text, fmt::format("iterations={} (at most {})", value.dump(), limits.max_iterations));
    }
    if (key == "threads" && number(value) > 1) {
      over(text, fmt::format("threads={} (one thread a match)", value.dump()));
    }
    if (nests_a_spec(key) && value.is_string() && !value.get<std::string>().empty()) {
      check_agent_budget(nested_text(value), limits);
    }
  }
}

std::string fit_agent_budget(std::string_view text, const ServerLimits& limits) {
  AgentSpec spec = AgentSpec::parse(text);
  for (auto& [key, value] : spec.params.items()) {
    if (key == "ms" && number(value) > static_cast<double>(limits.max_think_ms)) {
      value = limits.max_think_ms;
    } else if (key == "iterations" && number(value) > static_cast<double>(limits.max_iterations)) {
      value = limits.max_iterations;
    } else if (key == "threads" && number(value) > 1) {
      value = 1;
    } else if (nests_a_spec(key) && value.is_string() && !value.get<std::string>().empty()) {
      value = to_nested(fit_agent_budget(nested_text(value), limits));
    }
  }
  return spec.to_string();
}

Json fit_catalog(Json catalog, const ServerLimits& limits) {
  for (Json& game : catalog) {
    if (const auto it = game.find("strongest_agent"); it != game.end() && it->is_string()) {
      *it = fit_agent_budget(it->get<std::string>(), limits);
    }
    if (const auto it = game.find("strongest_agent_by_players");
        it != game.end() && it->is_object()) {
      for (auto& [count, spec] : it->items()) {
        if (spec.is_string()) spec = fit_agent_budget(spec.get<std::string>(), limits);
      }
    }
  }
  return catalog;
}

}  // namespace mw::server
