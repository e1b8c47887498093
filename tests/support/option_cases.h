// The option sets the cross-game suites exercise: every registered game under its defaults and
// under each declared variant, one option changed at a time.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/registry.h"

namespace mw::test_support {

struct OptionCase {
  std::string game;   // registry id
  std::string label;  // "default" or "name=value"
  Json options;       // overrides of the defaults
  std::string name;   // an identifier: "treasure_hunt", "mazemakers_players_3"
  bool is_default = true;
};

// GoogleTest names a case by its game and variant, not by its bytes.
inline void PrintTo(const OptionCase& c, std::ostream* os) {
  *os << c.game << " [" << c.label << "]";
}

// Every other value of a choice or a bool, and every other player count. Other integers (scores,
// limits) are tuning, not rules, and keep their defaults.
std::vector<Json> variant_values(const OptionSpec& spec);

std::vector<OptionCase> option_cases(const Registry& registry);

// The options of every case of one game (registry id).
std::vector<Json> options_of(const Registry& registry, const std::string& game);

// Letters and digits kept, everything else '_': usable as a test or file name.
std::string identifier(std::string text);

}  // namespace mw::test_support
