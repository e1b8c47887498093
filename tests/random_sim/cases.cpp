// The random_sim suite's cases: every game under its defaults and each variant, and the knobs.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/options.h"
#include "games/all_games.h"
#include "random_sim_support.h"

namespace mw::random_sim {
namespace {

int env_int(const char* name, int fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  const long value = std::strtol(text, nullptr, 10);
  return value > 0 ? static_cast<int>(value) : fallback;
}

// MAZEWORKS_RANDOM_GAMES scales the suite: random games of each game under its default options;
// its variants share half as many (at least 1 each). MAZEWORKS_RANDOM_SEED replays one seed, with
// deep checks at every node.
int games_per_default_set() {
  return env_int("MAZEWORKS_RANDOM_GAMES", kDefaultGames);
}

}  // namespace

std::optional<std::uint64_t> only_seed() {
  const char* text = std::getenv("MAZEWORKS_RANDOM_SEED");
  if (text == nullptr || *text == '\0') return std::nullopt;
  return std::strtoull(text, nullptr, 10);
}

void PrintTo(const SimCase& c, std::ostream* os) {
  *os << c.game << " [" << c.label << "]";
}

namespace {

std::string value_text(const Json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string identifier(std::string text) {
  for (char& c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return text;
}

// The variants tried one at a time: every other value of a choice or a bool, and every other
// player count. Other integers (scores, limits) are tuning, not rules, and keep their defaults.
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

}  // namespace

std::vector<SimCase> all_cases() {
  const int games = games_per_default_set();
  std::vector<SimCase> out;
  for (const GameEntry* entry : builtin_games().entries()) {
    const std::string& id = entry->info.id;
    out.push_back({id, "default", Json::object(), games, kFullyCheckedGames, identifier(id)});
    const std::size_t first_variant = out.size();
    for (const OptionSpec& spec : entry->info.options) {
      for (const Json& value : variant_values(spec)) {
        Json options = Json::object();
        options[spec.name] = value;
        const std::string label = spec.name + "=" + value_text(value);
        out.push_back({id, label, options, 0, 0, identifier(id + "_" + label)});
      }
    }
    const auto variants = static_cast<int>(out.size() - first_variant);
    for (std::size_t i = first_variant; i < out.size(); ++i) {
      out[i].games = std::max(1, games / (2 * variants));
    }
  }
  return out;
}

}  // namespace mw::random_sim
