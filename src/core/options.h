#pragma once
// Typed game options (variants and the [R] rulings of ../shared/RULINGS.md) with defaults and a
// one-line help each. A game declares OptionSpecs; tools resolve user input against them once.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"

namespace mw {

enum class OptionType { kBool, kInt, kChoice };

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kBool;
  Json default_value;
  std::string help;
  std::vector<std::string> choices;  // kChoice only
  std::int64_t min = 0;              // kInt only
  std::int64_t max = 0;              // kInt only

  static OptionSpec boolean(std::string name, bool value, std::string help);
  static OptionSpec integer(std::string name, std::int64_t value, std::int64_t min,
                            std::int64_t max, std::string help);
  static OptionSpec choice(std::string name, std::string value, std::vector<std::string> choices,
                           std::string help);
  Json to_json() const;
};

// A complete, validated assignment of every declared option (defaults filled in).
class Options {
 public:
  Options() = default;
  // `overrides` is a JSON object; unknown names and ill-typed values are rejected (kBadOption).
  static Options resolve(const std::vector<OptionSpec>& specs, const Json& overrides);
  // "name=value" strings (from a command line) to a JSON object typed by the specs.
  static Json parse_assignments(const std::vector<OptionSpec>& specs,
                                const std::vector<std::string>& assignments);

  bool get_bool(std::string_view name) const;
  std::int64_t get_int(std::string_view name) const;
  std::string get_string(std::string_view name) const;
  const Json& to_json() const { return values_; }
  friend bool operator==(const Options&, const Options&) = default;

 private:
  const Json& at(std::string_view name) const;
  Json values_ = Json::object();
};

}  // namespace mw
