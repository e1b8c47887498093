// view() writes the observer's document field by field; the reference below is the construction
// it replaced (each member looked up as it was written), reading the few private fields it needs
// from the state's body, kept to prove the documents are the same.
#include <gtest/gtest.h>

#include <bit>
#include <string>

#include "games/all_games.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"
#include "support/option_cases.h"
#include "support/state_testing.h"

namespace mw::pathfinder_barriers {
namespace {

// The server writes this game's views as text directly
// (core.JsonTextWritesEveryGamesViewsAsDumpDoes checks that text against view()).
static_assert(ViewTextWriting<State>);

constexpr std::array<const char*, 4> kPhaseNames = {"setup", "choose_first", "play", "over"};

Json reference_home_grid_json(const HomeGrid& grid) {
  Json barriers = Json::array();
  for (int slot : grid.barriers.slots()) barriers.push_back(slot_name(slot));
  return {{"pawn", grid.pawn < 0 ? Json(nullptr) : Json(square_name(grid.pawn))},
          {"barriers", std::move(barriers)}};
}

Json reference_tracking_json(const Tracking& t) {
  Json blocked = Json::array(), open = Json::array(), trail = Json::array();
  for (int slot : t.blocked.slots()) blocked.push_back(slot_name(slot));
  for (int slot : t.open.slots()) open.push_back(slot_name(slot));
  for (std::uint64_t m = t.visited; m != 0; m &= m - 1) {
    trail.push_back(square_name(std::countr_zero(m)));
  }
  return {{"explorer", t.pos < 0 ? Json(nullptr) : Json(square_name(t.pos))},
          {"blocked", blocked},
          {"open", open},
          {"trail", trail},
          {"last_exit", t.last_exit < 0 ? Json(nullptr) : Json(square_name(t.last_exit * kSize))},
          {"turns", t.turns}};
}

Json reference_view(const State& s, Player observer) {
  const Json body = s.to_json();
  Json v;
  v["game"] = "pathfinder-barriers";
  v["observer"] =
      observer >= 0 ? Json(observer) : Json(observer == kSpectator ? "spectator" : "omniscient");
  v["seats"] = {kSeatNames[0], kSeatNames[1]};
  v["max_barriers"] = s.config().max_barriers;
  v["phase"] = kPhaseNames[static_cast<int>(s.phase())];
  v["to_move"] = body["to_move"];
  v["first"] = body["first"];
  v["winner"] = s.winner() < 0 ? Json(nullptr) : Json(s.winner());
  v["setup_done"] = {s.setup_done(0), s.setup_done(1)};
  const bool all = observer == kOmniscient || s.phase() == Phase::kOver;
  Json homes = Json::array();
  for (Player p = 0; p < 2; ++p) {
    homes.push_back(all || observer == p ? reference_home_grid_json(s.home(p)) : Json(nullptr));
  }
  v["homes"] = std::move(homes);
  v["tracking"] = {reference_tracking_json(s.tracking(0)), reference_tracking_json(s.tracking(1))};
  const Json& last = body["last"];
  if (last.is_null()) {
    v["last"] = nullptr;
  } else {
    const auto action = last["action"].get<Action>();
    const int from = last["from"].is_null() ? -1 : parse_square(last["from"].get<std::string>());
    std::string question =
        action == kExit ? square_name(from) + ">exit"
        : action < kMoveBase
            ? "enter " + square_name(static_cast<int>(action - kEnterBase) * kSize)
            : square_name(from) + ">" +
                  square_name(neighbour(from, static_cast<Dir>(action - kMoveBase)));
    v["last"] = {{"seat", last["seat"]},
                 {"question", question},
                 {"answer", last["yes"].get<bool>() ? "yes" : "no"}};
  }
  return v;
}

TEST(PathfinderBarriersView, IsTheReferenceDocumentForEveryObserverAlongRandomGames) {
  for (const Json& options :
       ::mw::test_support::options_of(builtin_games(), "pathfinder-barriers")) {
    const Game game = builtin_games().load("pathfinder-barriers", options);
    const int compared = state_testing::expect_views_match<State>(game, 40, 3000, reference_view);
    EXPECT_GT(compared, 40 * 4) << options.dump();
  }
}

}  // namespace
}  // namespace mw::pathfinder_barriers
