#include "option_cases.h"

#include <cctype>
#include <cstdint>

namespace mw::test_support {

namespace {

std::string value_text(const Json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

}  // namespace

std::string identifier(std::string text) {
  for (char& c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return text;
}

std::vector<Json> variant_values(const OptionSpec& spec) {
  std::vector<Json> out;
  switch (spec.type) {
    case OptionType::kChoice:
      for (const auto& c : spec.choices) {
        if (Json(c) != spec.default_value) out.emplace_back(c);
      }
      break;
    case OptionType::kBool:
      out.emplace_back(!spec.default_value.get<bool>());
      break;
    case OptionType::kInt:
      if (spec.name == "players" && spec.max - spec.min <= 16) {
        for (std::int64_t n = spec.min; n <= spec.max; ++n) {
          if (Json(n) != spec.default_value) out.emplace_back(n);
        }
      }
      break;
  }
  return out;
}

std::vector<OptionCase> option_cases(const Registry& registry) {
  std::vector<OptionCase> out;
  for (const GameEntry* entry : registry.entries()) {
    const std::string& id = entry->info.id;
    out.push_back({id, "default", Json::object(), identifier(id), true});
    for (const OptionSpec& spec : entry->info.options) {
      for (const Json& value : variant_values(spec)) {
        Json options = Json::object();
        options[spec.name] = value;
        const std::string label = spec.name + "=" + value_text(value);
        out.push_back({id, label, options, identifier(id + "_" + label), false});
      }
    }
  }
  return out;
}

std::vector<Json> options_of(const Registry& registry, const std::string& game) {
  std::vector<Json> out;
  for (const OptionCase& c : option_cases(registry)) {
    if (c.game == game) out.push_back(c.options);
  }
  return out;
}

}  // namespace mw::test_support
