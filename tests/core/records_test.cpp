// Core layer: game records (from_json, to_json), replays and apply_all.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"
#include "core/record.h"
#include "core/rng.h"
#include "core/state.h"
#include "core_support.h"
#include "games/all_games.h"

namespace mw {
namespace {

using namespace core_support;

TEST(core, GameRecordFromJsonNamesTheBadField) {
  auto bad = [](const Json& j) {
    return error_of(ErrorCode::kBadRecord, [&] { GameRecord::from_json(j); });
  };
  const Json ok = {{"game", "g"}, {"actions", {1, 2}}};
  auto with = [&](const char* name, const Json& value) {
    Json j = ok;
    j[name] = value;
    return j;
  };
  EXPECT_EQ(bad(Json::array()), "game record: expected a JSON object");
  EXPECT_EQ(bad(with("format", "other")), "game record: format must be \"mazeworks-record\"");
  EXPECT_EQ(bad({{"actions", Json::array()}}), "game record: \"game\" must be a game id string");
  EXPECT_EQ(bad(with("game", 3)), "game record: \"game\" must be a game id string");
  EXPECT_EQ(bad(with("options", Json::array())), "game record: \"options\" must be an object");
  EXPECT_EQ(bad(with("seed", -1)), "game record: \"seed\" must be a non-negative integer");
  EXPECT_EQ(bad(with("seed", 1.5)), "game record: \"seed\" must be a non-negative integer");
  EXPECT_EQ(bad(with("seed", "7")), "game record: \"seed\" must be a non-negative integer");
  EXPECT_EQ(bad({{"game", "g"}}), "game record: \"actions\" must be an array");
  EXPECT_EQ(bad(with("actions", "1 2")), "game record: \"actions\" must be an array");
  EXPECT_EQ(bad(with("actions", {1, "2"})), "game record: every action must be an integer");
  EXPECT_EQ(bad(with("actions", {1.5})), "game record: every action must be an integer");
  EXPECT_EQ(bad(with("version", 2)),
            "game record: \"version\" 2 is not one this engine reads (it reads 1)");
  EXPECT_EQ(bad(with("version", "1")),
            "game record: \"version\" \"1\" is not one this engine reads (it reads 1)");
  EXPECT_NO_THROW(GameRecord::from_json(with("version", 1)));

  Json full = with("players", {"random", 3, "human"});
  full["seed"] = 9;
  full["start"] = nullptr;
  const GameRecord r = GameRecord::from_json(full);
  EXPECT_EQ(r.game, "g");
  EXPECT_EQ(r.seed, 9u);
  EXPECT_FALSE(r.start.has_value());
  EXPECT_EQ(r.actions, (ActionList{1, 2}));
  EXPECT_EQ(r.players, (std::vector<std::string>{"random", "human"}));  // non-strings are skipped
  EXPECT_EQ(GameRecord::from_json(with("seed", 18446744073709551615ULL)).seed,
            18446744073709551615ULL);
}

TEST(core, GameRecordRoundTripsAndReplays) {
  const Game game = first_game();
  const Registry& registry = builtin_games();
  GameRecord record = random_match(game, 11).record;
  record.players = {"random", "random"};
  const State end = replay(registry, record);
  EXPECT_TRUE(end.is_terminal());
  const Json json = Json::parse(record.to_json(registry).dump());
  EXPECT_EQ(json["format"], "mazeworks-record");
  EXPECT_EQ(json["version"], 1);
  EXPECT_EQ(json["notation"].size(), record.actions.size());
  EXPECT_EQ(json["returns"].get<std::vector<double>>(), end.returns());
  const GameRecord back = GameRecord::from_json(json);
  EXPECT_EQ(back.game, record.game);
  EXPECT_EQ(back.options, record.options);
  EXPECT_EQ(back.seed, record.seed);
  EXPECT_EQ(back.actions, record.actions);
  EXPECT_EQ(back.players, record.players);
  EXPECT_EQ(replay(registry, back).to_json(), end.to_json());
  EXPECT_EQ(replay(registry, record, 0).to_json(), game.new_initial_state().to_json());

  // From a set-up position: the start body and the remaining actions.
  ASSERT_GT(record.actions.size(), 30u);
  GameRecord resumed = record;
  resumed.start = replay(registry, record, 30).to_json();
  resumed.actions.erase(resumed.actions.begin(), resumed.actions.begin() + 30);
  const GameRecord resumed_back =
      GameRecord::from_json(Json::parse(resumed.to_json(registry).dump()));
  ASSERT_TRUE(resumed_back.start.has_value());
  EXPECT_EQ(replay(registry, resumed_back).to_json(), end.to_json());
}

TEST(core, ReplayNamesTheFirstActionThatDoesNotApply) {
  const Game game = first_game();
  const Registry& registry = builtin_games();
  GameRecord record = random_match(game, 5).record;
  GameRecord broken = record;
  broken.actions.insert(broken.actions.begin() + 3, -5);
  EXPECT_NE(error_of(ErrorCode::kBadRecord, [&] { replay(registry, broken); })
                .find("game record: action #4 (-5) does not apply: "),
            std::string::npos);
  GameRecord too_long = record;
  too_long.actions.push_back(record.actions.back());
  EXPECT_EQ(error_of(ErrorCode::kBadRecord, [&] { replay(registry, too_long); }),
            "game record: action #" + std::to_string(too_long.actions.size()) + " (" +
                std::to_string(record.actions.back()) + ") does not apply: the game is over");
  GameRecord unknown = record;
  unknown.game = "nope";
  error_of(ErrorCode::kUnknownGame, [&] { replay(registry, unknown); });
}

TEST(core, ApplyAllAppliesEveryActionOrNone) {
  State s = first_game().new_initial_state();
  Rng rng(11);
  while (s.is_chance_node()) s.apply(s.sample_chance(rng));
  ASSERT_FALSE(s.is_terminal());
  const Action first = s.legal_actions().front();
  State after_first = s;
  after_first.apply(first);
  ASSERT_FALSE(after_first.is_terminal());
  const Action second = after_first.legal_actions().front();
  State expected = after_first;
  expected.apply(second);

  const Json before = s.to_json();
  EXPECT_NE(error_of(ErrorCode::kIllegalAction,
                     [&] {
                       s.apply_all({first, -1});
                     })
                .find("action 2 of 2"),
            std::string::npos);
  EXPECT_EQ(s.to_json(), before) << "a refused sequence changed the state";
  error_of(ErrorCode::kIllegalAction, [&] { s.apply_all({}); });
  EXPECT_EQ(s.to_json(), before);

  s.apply_all({first, second});
  EXPECT_EQ(s.to_json(), expected.to_json());
  // A game without multi-action notation reads one action per text.
  EXPECT_EQ(expected.parse_actions(expected.action_to_string(expected.legal_actions().front())),
            std::vector<Action>{expected.legal_actions().front()});
}

}  // namespace
}  // namespace mw
