// Core layer: options (resolve, parse_assignments, OptionSpec) and every refusal's message.
#include "core/options.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"
#include "core_support.h"

namespace mw {
namespace {

using namespace core_support;

std::vector<OptionSpec> sample_specs() {
  return {OptionSpec::boolean("fast", false, "help"),
          OptionSpec::integer("players", 2, 2, 4, "help"),
          OptionSpec::choice("deck", "standard", {"standard", "small"}, "help")};
}

TEST(core, OptionsResolveFillsDefaultsAndAppliesOverrides) {
  const auto specs = sample_specs();
  const Options defaults = Options::resolve(specs, Json::object());
  EXPECT_FALSE(defaults.get_bool("fast"));
  EXPECT_EQ(defaults.get_int("players"), 2);
  EXPECT_EQ(defaults.get_string("deck"), "standard");
  EXPECT_EQ(Options::resolve(specs, nullptr), defaults);
  const Options set = Options::resolve(specs, {{"players", 4}, {"deck", "small"}, {"fast", true}});
  EXPECT_TRUE(set.get_bool("fast"));
  EXPECT_EQ(set.get_int("players"), 4);
  EXPECT_EQ(set.get_string("deck"), "small");
  EXPECT_NE(set, defaults);
  EXPECT_EQ(error_of(ErrorCode::kInternal, [&] { defaults.get_int("nope"); }),
            "option 'nope' was never declared");
}

TEST(core, OptionsResolveRejectsEveryBadOverride) {
  const auto specs = sample_specs();
  auto bad = [&](const Json& overrides) {
    return error_of(ErrorCode::kBadOption, [&] { Options::resolve(specs, overrides); });
  };
  EXPECT_EQ(bad(Json::array()), "options must be a JSON object of name: value");
  EXPECT_EQ(bad(42), "options must be a JSON object of name: value");
  EXPECT_EQ(bad({{"speed", 1}}), "unknown option 'speed'; known: fast, players, deck");
  EXPECT_EQ(bad({{"fast", 1}}), "option 'fast' expects true or false, got 1");
  EXPECT_EQ(bad({{"players", "3"}}), "option 'players' expects an integer, got \"3\"");
  EXPECT_EQ(bad({{"players", 2.5}}), "option 'players' expects an integer, got 2.5");
  EXPECT_EQ(bad({{"players", 1}}), "option 'players' must be in 2..4, got 1");
  EXPECT_EQ(bad({{"players", 5}}), "option 'players' must be in 2..4, got 5");
  EXPECT_EQ(bad({{"deck", "big"}}),
            "option 'deck' expects one of standard, small (a string), got \"big\"");
  EXPECT_EQ(bad({{"deck", 1}}), "option 'deck' expects one of standard, small (a string), got 1");
  // A choice that reads as a number may come as that number (matchGames: 1, 2, 4).
  const std::vector<OptionSpec> numbered = {
      OptionSpec::choice("games", "1", {"1", "2", "4"}, "help")};
  EXPECT_EQ(Options::resolve(numbered, {{"games", 2}}).to_json()["games"], "2");
  EXPECT_EQ(error_of(ErrorCode::kBadOption,
                     [&] {
                       Options::resolve(numbered, {{"games", 3}});
                     }),
            "option 'games' expects one of 1, 2, 4 (a string), got 3");
  // Above INT64_MAX: must not wrap to a negative number that a range like -5..5 would accept.
  const std::vector<OptionSpec> signed_range = {OptionSpec::integer("offset", 0, -5, 5, "help")};
  EXPECT_EQ(error_of(ErrorCode::kBadOption,
                     [&] {
                       Options::resolve(signed_range, {{"offset", 18446744073709551615ULL}});
                     }),
            "option 'offset' must be in -5..5, got 18446744073709551615");
  EXPECT_EQ(error_of(ErrorCode::kBadOption,
                     [] {
                       Options::resolve({}, {{"x", 1}});
                     }),
            "unknown option 'x'; known: (this game has no options)");
}

TEST(core, OptionsParseAssignmentsTypesValues) {
  const auto specs = sample_specs();
  EXPECT_EQ(Options::parse_assignments(specs, {"players=3", "deck=small", "fast=yes"}),
            (Json{{"players", 3}, {"deck", "small"}, {"fast", true}}));
  for (const char* yes : {"true", "1", "yes", "on"}) {
    EXPECT_EQ(Options::parse_assignments(specs, {std::string("fast=") + yes})["fast"], true);
  }
  for (const char* no : {"false", "0", "no", "off"}) {
    EXPECT_EQ(Options::parse_assignments(specs, {std::string("fast=") + no})["fast"], false);
  }
  EXPECT_EQ(Options::parse_assignments(specs, {}), Json::object());
}

TEST(core, OptionsParseAssignmentsRejectsEveryBadAssignment) {
  const auto specs = sample_specs();
  auto bad = [&](const std::string& text) {
    return error_of(ErrorCode::kBadOption, [&] { Options::parse_assignments(specs, {text}); });
  };
  EXPECT_EQ(bad("players"), "expected an option as name=value, got 'players'");
  EXPECT_EQ(bad("=3"), "expected an option as name=value, got '=3'");
  EXPECT_EQ(bad("speed=1"), "unknown option 'speed'; known: fast, players, deck");
  EXPECT_EQ(bad("fast=maybe"), "option 'fast' expects true or false, got 'maybe'");
  EXPECT_EQ(bad("players=3x"), "option 'players' expects an integer, got '3x'");
  EXPECT_EQ(bad("players="), "option 'players' expects an integer, got ''");
  EXPECT_EQ(bad("players= 3"), "option 'players' expects an integer, got ' 3'");
  EXPECT_EQ(bad("players=9"), "option 'players' must be in 2..4, got 9");
  EXPECT_EQ(bad("deck=big"),
            "option 'deck' expects one of standard, small (a string), got \"big\"");
}

TEST(core, OptionSpecDescribesItself) {
  const auto specs = sample_specs();
  EXPECT_EQ(specs[0].to_json()["type"], "bool");
  EXPECT_EQ(specs[1].to_json()["min"], 2);
  EXPECT_EQ(specs[1].to_json()["max"], 4);
  EXPECT_EQ(specs[2].to_json()["choices"], (Json{"standard", "small"}));
  EXPECT_EQ(specs[2].to_json()["default"], "standard");
}

}  // namespace
}  // namespace mw
