// The hidden-information guarantee at the message level. Random games of every game, every seat a
// scripted client: each message a seat (or the spectator) receives is checked against what that
// observer may know: its view(), its legal actions when it is to act, the event log as the game
// tells it to that observer (recomputed here by an independent replay), and public facts. A world
// resampled from the seat's point of view must give the same view, legal actions and error texts,
// and the full text of a move told privately to others must never reach them. A "check" of a move
// (act's dry run) must read the same in the resampled world too. A patch is checked as the state
// it makes (the client's view after applying it) and on its own: every value it carries is that
// view's value at its place, so it holds nothing the full view would not.
#include <gtest/gtest.h>

#include <set>

#include "core/rng.h"
#include "games/all_games.h"
#include "support/leak_check.h"
#include "support/sanitizer_scale.h"
#include "support/server_fixture.h"
#include "support/state_follower.h"

namespace mw::server {
namespace {

using test::Client;
using test::Fixture;
using test::LeakCheck;
using test::Shadow;

std::string error_text(const State& s, const std::string& text) {
  try {
    State copy = s;
    copy.apply_all(copy.parse_actions(text));
    return "";
  } catch (const Error& e) {
    return std::string(error_code_name(e.code())) + ": " + e.what();
  }
}

// The reply to a "check" of `text` in `world`: what the server must answer in every world the seat
// considers possible (the count of actions only for a design, see MatchService::check).
Json expected_check(const State& world, const std::string& text, std::uint64_t version) {
  Json j = {{"type", "check"}};  // the members in the server's order (Json keeps insertion order)
  try {
    State copy = world;
    const ActionList parsed = copy.parse_actions(text);
    copy.apply_all(parsed);
    j["ok"] = true;
    const auto& designing = world.game().entry().designing;
    if (designing && designing(world)) j["actions"] = parsed.size();
  } catch (const Error& e) {
    j["ok"] = false;
    j["code"] = std::string(error_code_name(e.code()));
    j["message"] = e.what();
  }
  j["version"] = version;
  return j;
}

struct Variant {
  std::string game;
  Json options;
};

std::vector<Variant> variants() {
  std::vector<Variant> out;
  for (const GameEntry* e : builtin_games().entries()) {
    out.push_back({e->info.id, Json::object()});
    if (e->info.max_players > 2) out.push_back({e->info.id, {{"players", e->info.max_players}}});
  }
  return out;
}

constexpr int kGamesPerVariant = mw::test_support::scaled_for_sanitizers(2);
constexpr int kMaxMoves = 300;

TEST(HiddenInformation, NoMessageToAnObserverHoldsMoreThanItsView) {
  Fixture f("leak", 1, /*in_memory=*/true);
  for (const Variant& v : variants()) {
    for (int g = 0; g < kGamesPerVariant; ++g) {
      Rng rng(derive_seed(99, static_cast<std::uint64_t>(g)));
      const Json summary =
          f.service->create_match({{"game", v.game}, {"options", v.options}, {"seed", 1000 + g}});
      const std::string id = summary["match"];
      const int seats = static_cast<int>(summary["seats"].size());
      std::vector<std::unique_ptr<Client>> clients;
      std::vector<LeakCheck> checks;
      std::vector<std::size_t> seen;
      for (int s = 0; s <= seats; ++s) {  // the last client is a spectator
        clients.push_back(std::make_unique<Client>(*f.service));
        checks.emplace_back(v.game, s < seats ? s : kSpectator, rng);
        seen.push_back(0);
        clients.back()->hello(
            id, s < seats ? f.service->join(id, {{"seat", s}})["token"].get<std::string>() : "");
      }
      Shadow shadow(builtin_games().load(v.game, v.options).new_initial_state());
      const auto sync_shadow = [&] {
        f.service->inspect(id, [&](const LiveMatch& m) {
          for (std::size_t n = shadow.told.size(); n < m.events().size(); ++n) {
            shadow.apply(m.events()[n].action);
          }
        });
      };
      const auto check_new = [&] {
        sync_shadow();
        // The public summary counts only what the spectator is told.
        const auto spectator_told = std::ranges::count_if(
            shadow.told, [&](const auto& texts) { return !texts.back().empty(); });
        EXPECT_EQ(f.service->status(id)["version"], spectator_told) << v.game;
        for (int s = 0; s <= seats; ++s) {
          test::Inbox& in = clients[s]->inbox;
          for (; seen[s] < in.texts.size(); ++seen[s]) {
            const Json followed = Json::parse(in.texts[seen[s]]);
            if (const Json raw = Json::parse(in.raw[seen[s]]); raw["type"] == "patch") {
              checks[s].check_patch(raw, followed);
            }
            checks[s].check(followed, shadow);
          }
        }
      };
      check_new();
      for (int move = 0; move < kMaxMoves && !shadow.state.is_terminal(); ++move) {
        const int to_act = shadow.state.current_player();
        ASSERT_GE(to_act, 0);
        Client& c = *clients[to_act];
        const Json last = c.last();
        // First a refused move (a garbage text, then a stale one): the error must read the same
        // in any world the seat considers possible.
        const std::string garbage = "zz?" + std::to_string(move);
        c.act(garbage, last["version"]);
        const State world = shadow.state.resample(to_act, rng);
        EXPECT_EQ(
            c.last()["code"].get<std::string>() + ": " + c.last()["message"].get<std::string>(),
            error_text(world, garbage))
            << v.game;
        const auto& legal = last["legal"];
        ASSERT_FALSE(legal.empty()) << v.game;
        const std::string chosen = legal[rng.below(legal.size())];
        // A check (act's dry run) of the refused and of the chosen text reads the same in that
        // world: neither its verdict, its reason nor its count tells what the seat cannot know.
        const auto check = [&](const std::string& text) {
          c.send({{"type", "check"}, {"action", text}, {"version", last["version"]}});
          return c.last();
        };
        EXPECT_EQ(check(garbage), expected_check(world, garbage, last["version"])) << v.game;
        EXPECT_EQ(check(chosen), expected_check(world, chosen, last["version"])) << v.game;
        c.act(chosen, last["version"]);
        check_new();
      }
      const Json record = f.service->record(id, std::nullopt);
      if (shadow.state.is_terminal()) {
        EXPECT_TRUE(record.contains("actions")) << v.game;
      }
      for (auto& c : checks) EXPECT_GT(c.checked, 0) << v.game;
    }
  }
}

}  // namespace
}  // namespace mw::server
