#pragma once
// Typed reading of an agent spec's parameters ("ismcts:ms=500,c=0.7"): each read names the agent,
// the parameter and what was expected, and finish() refuses parameters nobody asked for.
#include <cstdint>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"

namespace mw {

class AgentParams {
 public:
  AgentParams(std::string agent, const Json& params);

  bool get_bool(std::string_view name, bool fallback);
  std::int64_t get_int(std::string_view name, std::int64_t fallback, std::int64_t min,
                       std::int64_t max);
  double get_double(std::string_view name, double fallback, double min, double max);
  std::string get_choice(std::string_view name, std::string_view fallback,
                         std::initializer_list<std::string_view> choices);
  // Any text.
  std::string get_string(std::string_view name, std::string_view fallback);
  // A nested agent spec, written with ';' for ',' inside the outer spec ("play=ismcts:ms=50;c=1").
  std::string get_agent_spec(std::string_view name, std::string_view fallback);
  bool has(std::string_view name) const;
  // Throws Error(kUnknownAgent) for a parameter none of the reads above asked for.
  void finish() const;

 private:
  [[noreturn]] void fail(std::string_view name, std::string_view expected, const Json& got) const;
  const Json* find(std::string_view name);

  std::string agent_;
  const Json& params_;
  std::vector<std::string> known_;
};

}  // namespace mw
