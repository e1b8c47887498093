// Core layer: error codes, the registry, state documents and the JSON depth check.
#include "core/registry.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "core/error.h"
#include "core/game.h"
#include "core/json_depth.h"
#include "core/state.h"
#include "core_support.h"
#include "games/all_games.h"

namespace mw {
namespace {

using namespace core_support;

TEST(core, ErrorCodesHaveStableDistinctNames) {
  std::set<std::string_view> names;
  for (int c = 0; c <= static_cast<int>(ErrorCode::kInternal); ++c) {
    names.insert(error_code_name(static_cast<ErrorCode>(c)));
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(ErrorCode::kInternal) + 1);
  EXPECT_EQ(error_code_name(ErrorCode::kIllegalAction), "illegal_action");
  EXPECT_EQ(error_code_name(ErrorCode::kParse), "parse_error");
}

TEST(core, RegistryNamesTheKnownGamesForAnUnknownId) {
  const std::string message =
      error_of(ErrorCode::kUnknownGame, [] { builtin_games().entry("no-such-game"); });
  EXPECT_EQ(message.rfind("unknown game 'no-such-game'; known: ", 0), 0u) << message;
  for (const GameEntry* e : builtin_games().entries()) {
    EXPECT_NE(message.find(e->info.id), std::string::npos) << message;
  }
  Registry twice;
  twice.add(*builtin_games().entries().front());
  error_of(ErrorCode::kInternal, [&] { twice.add(*builtin_games().entries().front()); });
}

TEST(core, RegistryLoadsGamesAndDocuments) {
  const Game game = first_game();
  EXPECT_EQ(game.to_json()["game"], game.id());
  EXPECT_EQ(game.to_json()["options"], game.options().to_json());
  EXPECT_TRUE(game == builtin_games().load(game.id()));
  const State s = game.new_initial_state();
  EXPECT_EQ(builtin_games().state_from_document(s.to_document()).to_json(), s.to_json());

  const Registry& r = builtin_games();
  const std::string shape =
      "a state document is {\"game\": id, \"options\": {...}, \"state\": {...}}";
  EXPECT_EQ(error_of(ErrorCode::kBadState, [&] { r.state_from_document(5); }), shape);
  EXPECT_EQ(error_of(ErrorCode::kBadState,
                     [&] {
                       r.state_from_document({{"game", game.id()}});
                     }),
            shape);
  EXPECT_EQ(error_of(ErrorCode::kBadState,
                     [&] {
                       r.state_from_document({{"game", 5}, {"state", Json::object()}});
                     }),
            shape);
  error_of(ErrorCode::kUnknownGame, [&] {
    r.state_from_document({{"game", "nope"}, {"state", Json::object()}});
  });
  error_of(ErrorCode::kBadOption, [&] {
    r.state_from_document(
        {{"game", game.id()}, {"options", {{"nope", 1}}}, {"state", s.to_json()}});
  });
  error_of(ErrorCode::kBadState, [&] {
    r.state_from_document({{"game", game.id()}, {"state", Json::array()}});
  });
}

TEST(JsonDepth, CountsNestingOutsideStringsOnly) {
  EXPECT_FALSE(json_nests_deeper_than(R"({"a":[1,{"b":2}]})", 3));
  EXPECT_TRUE(json_nests_deeper_than(R"({"a":[1,{"b":[2]}]})", 3));
  EXPECT_FALSE(json_nests_deeper_than(R"({"a":"[[[[[[\"[[[["})", 1));
  EXPECT_TRUE(json_nests_deeper_than(std::string(100000, '['), 32));
}

}  // namespace
}  // namespace mw
