#include "ai/agent_params.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"

namespace mw {

AgentParams::AgentParams(std::string agent, const Json& params)
    : agent_(std::move(agent)), params_(params) {}

const Json* AgentParams::find(std::string_view name) {
  known_.emplace_back(name);
  const auto it = params_.find(std::string(name));
  return it == params_.end() ? nullptr : &*it;
}

bool AgentParams::has(std::string_view name) const {
  return params_.contains(std::string(name));
}

void AgentParams::fail(std::string_view name, std::string_view expected, const Json& got) const {
  throw Error(ErrorCode::kUnknownAgent,
              fmt::format("{}: {} expects {}, got {}", agent_, name, expected, got.dump()));
}

bool AgentParams::get_bool(std::string_view name, bool fallback) {
  const Json* v = find(name);
  if (v == nullptr) return fallback;
  if (!v->is_boolean()) fail(name, "true or false", *v);
  return v->get<bool>();
}

std::int64_t AgentParams::get_int(std::string_view name, std::int64_t fallback, std::int64_t min,
                                  std::int64_t max) {
  const Json* v = find(name);
  if (v == nullptr) return fallback;
  if (!v->is_number_integer() || v->get<std::int64_t>() < min || v->get<std::int64_t>() > max) {
    fail(name, fmt::format("an integer in {}..{}", min, max), *v);
  }
  return v->get<std::int64_t>();
}

double AgentParams::get_double(std::string_view name, double fallback, double min, double max) {
  const Json* v = find(name);
  if (v == nullptr) return fallback;
  if (!v->is_number() || v->get<double>() < min || v->get<double>() > max) {
    fail(name, fmt::format("a number in {}..{}", min, max), *v);
  }
  return v->get<double>();
}

std::string AgentParams::get_choice(std::string_view name, std::string_view fallback,
                                    std::initializer_list<std::string_view> choices) {
  const Json* v = find(name);
  if (v == nullptr) return std::string(fallback);
  if (v->is_string()) {
    for (std::string_view c : choices) {
      if (v->get<std::string>() == c) return std::string(c);
    }
  }
  fail(name, fmt::format("one of {}", fmt::join(choices, ", ")), *v);
}

std::string AgentParams::get_string(std::string_view name, std::string_view fallback) {
  const Json* v = find(name);
  if (v == nullptr) return std::string(fallback);
  if (!v->is_string()) fail(name, "a text", *v);
  return v->get<std::string>();
}

std::string AgentParams::get_agent_spec(std::string_view name, std::string_view fallback) {
  std::string spec = get_string(name, fallback);
  std::replace(spec.begin(), spec.end(), ';', ',');
  return spec;
}

void AgentParams::finish() const {
  for (const auto& [name, value] : params_.items()) {
    bool asked = false;
    for (const auto& k : known_) asked = asked || k == name;
    if (!asked) {
      throw Error(ErrorCode::kUnknownAgent, fmt::format("{}: unknown parameter '{}'; known: {}",
                                                        agent_, name, fmt::join(known_, ", ")));
    }
  }
}

}  // namespace mw
