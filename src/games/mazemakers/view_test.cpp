// view() writes the observer's document field by field; the reference below is the construction
// it replaced (members looked up as they were written, coins sorted by their names and dumps),
// reading the state's private fields from its body, kept to prove the documents are the same.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/all_games.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/pentomino.h"
#include "support/option_cases.h"
#include "support/state_testing.h"

namespace mw::mazemakers {
namespace {

constexpr std::array<std::string_view, 15> kPhaseNames = {
    "first",      "suit", "extraSuit", "walls",   "tiles",       "control", "coins", "coinSuits",
    "wallAction", "move", "block",     "pvpRoll", "monsterRoll", "rolloff", "over"};

Json seat_or_null(int seat) {
  return seat < 0 ? Json(nullptr) : Json(fmt::format("P{}", seat + 1));
}

std::string suit_name(int s) {
  return std::string(kSuitNames[s]);
}

Json reference_combat_view(const State& s) {
  const Combat& c = s.last_combat();
  if (!c.any()) return nullptr;
  const auto side = [](int seat, int die, int bonus) {
    return Json{{"seat", fmt::format("P{}", seat + 1)},
                {"die", die},
                {"artifacts", bonus},
                {"total", die + bonus}};
  };
  const bool won = c.fighter_won();
  Json v = Json::object();
  v["kind"] = c.vs_monster() ? "monster" : "players";
  v["square"] = s.name(c.cell);
  v["fighter"] = side(c.fighter, c.fighter_die, c.fighter_bonus);
  v["opponent"] = c.vs_monster() ? Json{{"monster", c.monster}, {"total", c.monster}}
                                 : side(c.blocker, c.blocker_die, c.blocker_bonus);
  v["winner"] = won              ? v["fighter"]["seat"]
                : c.vs_monster() ? Json("monster")
                                 : v["opponent"]["seat"];
  v["damage"] = s.combat_damage(c);
  v["monster_removed"] = c.vs_monster() && won && s.config().remove_defeated;
  v["died"] = c.loser_died;
  v["revived"] = c.loser_died && s.config().revival;
  v["stopped_at"] = c.stopped_at < 0 ? Json(nullptr) : Json(s.name(c.stopped_at));
  return v;
}

Json reference_view(const State& s, Player observer) {
  const Json body = s.to_json();
  const Phase phase = s.phase();
  const int n = s.config().players;
  const bool all = observer == kOmniscient || phase == Phase::kOver;
  Json v = Json::object();
  Json seats = Json::array();
  for (Player p = 0; p < n; ++p) seats.push_back(fmt::format("P{}", p + 1));
  v["game"] = "mazemakers";
  v["seats"] = seats;
  v["observer"] = observer >= 0            ? Json(fmt::format("P{}", observer + 1))
                  : observer == kSpectator ? Json("spectator")
                                           : Json("omniscient");
  v["phase"] = kPhaseNames[static_cast<int>(phase)];
  const Player to_act = s.current_player();
  v["to_act"] = to_act >= 0 ? seat_or_null(to_act) : Json(to_act == kChancePlayer ? "chance" : "");
  v["round"] = s.round() + 1;
  v["round_limit"] = s.config().round_limit;
  v["first"] = phase == Phase::kFirst ? Json(nullptr) : seat_or_null(s.first_player());
  Json used = Json::array();
  for (int suit = 0; suit < kNumSuits; ++suit) {
    if ((s.used_suits() >> suit) & 1) used.push_back(suit_name(suit));
  }
  v["suits_in_play"] = used;
  Json players = Json::array();
  for (Player p = 0; p < n; ++p) {
    Json pj = Json::object();
    pj["seat"] = fmt::format("P{}", p + 1);
    pj["suit"] = s.suit(p) < 0 ? Json(nullptr) : Json(suit_name(s.suit(p)));
    pj["pawn"] = s.pawn(p) < 0 ? Json(nullptr) : Json(s.name(s.pawn(p)));
    pj["health"] = s.health(p);
    pj["artifacts"] = s.artifacts(p);
    pj["coins_in_hand"] = s.alive(p) ? s.hand(p) : 0;
    pj["alive"] = s.alive(p);
    pj["exited"] = s.exited(p);
    players.push_back(pj);
  }
  v["players"] = players;
  Json walls = Json::array();
  v["board"] = s.tiles_board() ? "noPentominos" : "pentomino";
  if (s.tiles_board()) {
    Json tiles = Json::array();
    for (int pos = 0; pos < kTileSlots; ++pos) {
      if (s.tile_at(pos)) tiles.push_back(s.name(tile_corner(pos)));
      const int slot = s.hole_slot(pos);
      if (slot < 0) continue;
      Json wj = Json::object();
      wj["hole"] = s.name(tile_corner(pos));
      wj["owner"] = seat_or_null(s.wall_owner(slot));
      wj["coins"] = s.wall_coins(slot);
      walls.push_back(wj);
    }
    v["tiles"] = tiles;
    v["start_tile"] = s.name(tile_corner(kStartTile));
    if (phase == Phase::kTiles) v["tiles_moved"] = s.setup_count();
  }
  for (int w = 0; w < kNumPieces && !s.tiles_board(); ++w) {
    if (s.wall_placement(w) < 0) continue;
    Json wj = Json::object();
    wj["piece"] = std::string(1, kPieceLetters[w]);
    wj["placement"] = s.action_to_string(kPlaceBase + s.wall_placement(w));
    wj["owner"] = seat_or_null(s.wall_owner(w));
    wj["coins"] = s.wall_coins(w);
    walls.push_back(wj);
  }
  v["walls"] = walls;
  if (!s.tiles_board()) {
    v["unplaced_pieces"] = [&] {
      std::string out;
      for (int w = 0; w < kNumPieces; ++w) {
        if (s.wall_placement(w) < 0) out += kPieceLetters[w];
      }
      return out;
    }();
  }
  std::vector<Json> coins, gone;
  for (int c = 0; c < kNumCoins; ++c) {
    const bool on_board = s.coin_cell(c) >= 0;
    if (!on_board && !((s.removed() >> c) & 1)) continue;
    Json cj = Json::object();
    if (on_board) cj["cell"] = s.name(s.coin_cell(c));
    cj["value"] = coin_value(c);
    const bool known = all || (observer >= 0 && ((s.landed(observer) >> c) & 1));
    if (known) cj["suit"] = suit_name(coin_suit(c));
    Json monster_for = Json::array();
    for (Player p = 0; p < n; ++p) {
      if ((s.landed(p) >> c) & 1) monster_for.push_back(fmt::format("P{}", p + 1));
    }
    cj["monster_for"] = monster_for;
    (on_board ? coins : gone).push_back(cj);
  }
  std::sort(coins.begin(), coins.end(), [&](const Json& a, const Json& b) {
    return parse_cell(a["cell"].get<std::string>(), s.board()) <
           parse_cell(b["cell"].get<std::string>(), s.board());
  });
  std::sort(gone.begin(), gone.end(),
            [](const Json& a, const Json& b) { return a.dump() < b.dump(); });
  v["coins"] = coins;
  v["removed_monsters"] = gone;
  Json taken = Json::array();
  for (int c = 0; c < kNumCoins; ++c) {
    if ((s.taken() >> c) & 1)
      taken.push_back(fmt::format("{}-{}", suit_name(coin_suit(c)), coin_value(c)));
  }
  v["artifacts_found"] = taken;
  if (phase == Phase::kCoins)
    v["coins_to_deal"] = [&] {
      int left = 0;
      for (int c = 0; c < kNumCoins; ++c) {
        left += ((s.used_suits() >> coin_suit(c)) & 1) && s.coin_cell(c) < 0 ? 1 : 0;
      }
      return left;
    }();
  if (phase >= Phase::kWallAction && phase <= Phase::kMonsterRoll) {
    const int forced = s.forced_piece();
    Json t = Json::object();
    t["mover"] = seat_or_null(s.mover());
    t["forced_wall"] = forced < 0        ? Json(nullptr)
                       : s.tiles_board() ? Json(s.name(tile_corner(s.wall_placement(forced))))
                                         : Json(std::string(1, kPieceLetters[forced]));
    t["steps_left"] = s.steps_left();
    t["target"] = s.target() < 0 ? Json(nullptr) : Json(s.name(s.target()));
    t["blocker"] = phase == Phase::kBlockChoice || phase == Phase::kPvpRoll
                       ? seat_or_null(s.blocker())
                       : Json(nullptr);
    t["mover_roll"] = body["pending_roll"];
    t["began_on_start"] = body["began_on_start"];
    t["left_start"] = body["left_start"];
    t["last_free"] = s.name(body["last_free"].get<int>());
    v["turn"] = t;
  }
  v["lastCombat"] = reference_combat_view(s);
  if (phase == Phase::kRolloff || body["rolloff"] != 0) {
    v["rolloff"] = {{"in", body["rolloff"]},
                    {"rolled", body["rolloff_done"]},
                    {"totals", body["rolloff_total"]}};
  }
  if (phase == Phase::kOver) {
    Json w = Json::array();
    for (Player p = 0; p < n; ++p) {
      if ((s.winners() >> p) & 1) w.push_back(fmt::format("P{}", p + 1));
    }
    v["winners"] = w;
  }
  return v;
}

// Each option set the game's suites use, and the board variants with more players.
std::vector<Json> option_sets() {
  std::vector<Json> out = ::mw::test_support::options_of(builtin_games(), "mazemakers");
  out.push_back({{"players", 4}, {"board", "noPentominos"}});
  out.push_back({{"players", 3}, {"removeDefeatedMonsters", true}, {"revival", true}});
  return out;
}

// The server writes the view as text directly (core ViewTextWriting); expect_views_match holds it
// to view() at every position it compares.
static_assert(ViewTextWriting<State>);

TEST(MazeMakersView, IsTheReferenceDocumentForEveryObserverAlongRandomGames) {
  for (const Json& options : option_sets()) {
    const Game game = builtin_games().load("mazemakers", options);
    const int compared = state_testing::expect_views_match<State>(game, 4, 3000, reference_view);
    EXPECT_GT(compared, 4 * 4) << options.dump();
  }
}

}  // namespace
}  // namespace mw::mazemakers
