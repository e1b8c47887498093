#include "core/options.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "core/error.h"
#include "core/json_depth.h"

namespace mw {
namespace {

const OptionSpec* find_spec(const std::vector<OptionSpec>& specs, std::string_view name) {
  auto it = std::find_if(specs.begin(), specs.end(), [&](const auto& s) { return s.name == name; });
  return it == specs.end() ? nullptr : &*it;
}

std::string known_names(const std::vector<OptionSpec>& specs) {
  std::string out;
  for (const auto& s : specs) out += (out.empty() ? "" : ", ") + s.name;
  return out.empty() ? "(this game has no options)" : out;
}

std::string choice_list(const OptionSpec& spec) {
  std::string out;
  for (const auto& c : spec.choices) out += (out.empty() ? "" : ", ") + c;
  return out;
}

Json validate(const OptionSpec& spec, const Json& value) {
  switch (spec.type) {
    case OptionType::kBool:
      if (!value.is_boolean()) {
        throw Error(ErrorCode::kBadOption, fmt::format("option '{}' expects true or false, got {}",
                                                       spec.name, value.dump()));
      }
      return value;
    case OptionType::kInt: {
      if (!value.is_number_integer()) {
        throw Error(ErrorCode::kBadOption,
                    fmt::format("option '{}' expects an integer, got {}", spec.name, value.dump()));
      }
      const auto v = value.get<std::int64_t>();
      const bool wrapped = value.is_number_unsigned() && v < 0;  // above INT64_MAX
      if (wrapped || v < spec.min || v > spec.max) {
        throw Error(ErrorCode::kBadOption,
                    fmt::format("option '{}' must be in {}..{}, got {}", spec.name, spec.min,
                                spec.max, value.dump()));
      }
      return value;
    }
    case OptionType::kChoice: {
      // A choice that reads as a number (matchGames: 1, 2, 4) may come as that number.
      const std::string text = value.is_string()           ? value.get<std::string>()
                               : value.is_number_integer() ? value.dump()
                                                           : std::string();
      const bool known = (value.is_string() || value.is_number_integer()) &&
                         std::find(spec.choices.begin(), spec.choices.end(), text) !=
                             spec.choices.end();
      if (!known) {
        throw Error(ErrorCode::kBadOption,
                    fmt::format("option '{}' expects one of {} (a string), got {}", spec.name,
                                choice_list(spec), json_excerpt(value)));
      }
      return text;
    }
  }
  return value;
}

}  // namespace

OptionSpec OptionSpec::boolean(std::string name, bool value, std::string help) {
  return {std::move(name), OptionType::kBool, value, std::move(help), {}, 0, 0};
}

OptionSpec OptionSpec::integer(std::string name, std::int64_t value, std::int64_t min,
                               std::int64_t max, std::string help) {
  return {std::move(name), OptionType::kInt, value, std::move(help), {}, min, max};
}

OptionSpec OptionSpec::choice(std::string name, std::string value,
                              std::vector<std::string> choices, std::string help) {
  return {std::move(name), OptionType::kChoice, std::move(value), std::move(help),
          std::move(choices), 0, 0};
}

Json OptionSpec::to_json() const {
  Json j;
  j["name"] = name;
  j["type"] = type == OptionType::kBool ? "bool" : type == OptionType::kInt ? "int" : "choice";
  j["default"] = default_value;
  if (type == OptionType::kChoice) j["choices"] = choices;
  if (type == OptionType::kInt) {
    j["min"] = min;
    j["max"] = max;
  }
  j["help"] = help;
  return j;
}

Options Options::resolve(const std::vector<OptionSpec>& specs, const Json& overrides) {
  if (!overrides.is_null() && !overrides.is_object()) {
    throw Error(ErrorCode::kBadOption, "options must be a JSON object of name: value");
  }
  Options out;
  for (const auto& spec : specs) out.values_[spec.name] = spec.default_value;
  if (overrides.is_object()) {
    for (const auto& [name, value] : overrides.items()) {
      const OptionSpec* spec = find_spec(specs, name);
      if (spec == nullptr) {
        throw Error(ErrorCode::kBadOption,
                    fmt::format("unknown option '{}'; known: {}", name, known_names(specs)));
      }
      out.values_[name] = validate(*spec, value);
    }
  }
  return out;
}

Json Options::parse_assignments(const std::vector<OptionSpec>& specs,
                                const std::vector<std::string>& assignments) {
  Json out = Json::object();
  for (const auto& text : assignments) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw Error(ErrorCode::kBadOption,
                  fmt::format("expected an option as name=value, got '{}'", text));
    }
    const std::string name = text.substr(0, eq);
    const std::string value = text.substr(eq + 1);
    const OptionSpec* spec = find_spec(specs, name);
    if (spec == nullptr) {
      throw Error(ErrorCode::kBadOption,
                  fmt::format("unknown option '{}'; known: {}", name, known_names(specs)));
    }
    // Given twice (`--players 3 --option players=4`): which one was meant is not ours to guess.
    const Json earlier = out.contains(name) ? out[name] : Json();
    switch (spec->type) {
      case OptionType::kBool:
        if (value == "true" || value == "1" || value == "yes" || value == "on") {
          out[name] = true;
        } else if (value == "false" || value == "0" || value == "no" || value == "off") {
          out[name] = false;
        } else {
          throw Error(ErrorCode::kBadOption,
                      fmt::format("option '{}' expects true or false, got '{}'", name, value));
        }
        break;
      case OptionType::kInt: {
        std::int64_t v = 0;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec != std::errc() || end != value.data() + value.size()) {
          throw Error(ErrorCode::kBadOption,
                      fmt::format("option '{}' expects an integer, got '{}'", name, value));
        }
        out[name] = v;
        break;
      }
      case OptionType::kChoice: out[name] = value; break;
    }
    if (!earlier.is_null() && earlier != out[name]) {
      throw Error(ErrorCode::kBadOption,
                  fmt::format("option '{}' is given twice, as {} and as {}", name, earlier.dump(),
                              out[name].dump()));
    }
    validate(*spec, out[name]);
  }
  return out;
}

const Json& Options::at(std::string_view name) const {
  auto it = values_.find(name);
  if (it == values_.end()) {
    throw Error(ErrorCode::kInternal, fmt::format("option '{}' was never declared", name));
  }
  return *it;
}

bool Options::get_bool(std::string_view name) const { return at(name).get<bool>(); }
std::int64_t Options::get_int(std::string_view name) const {
  return at(name).get<std::int64_t>();
}
std::string Options::get_string(std::string_view name) const {
  return at(name).get<std::string>();
}

}  // namespace mw
