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
#include "support/server_fixture.h"
#include "support/state_follower.h"

namespace mw::server {
namespace {

using test::Client;
using test::Fixture;

// seed_commitment hides the seed behind a salt revealed only with the record (LiveMatch).
const std::set<std::string> kStateKeys = {
    "type", "match", "game",        "version", "seat",    "to_act",         "status",
    "view", "legal", "events_from", "events",  "returns", "seed_commitment"};

void collect_strings(const Json& j, std::set<std::string>& out) {
  if (j.is_string()) out.insert(j.get<std::string>());
  if (j.is_structured()) {
    for (const auto& v : j) collect_strings(v, out);
  }
}

// The test's own replay of the match: what each observer was told of each action.
struct Shadow {
  explicit Shadow(State s) : state(std::move(s)) {}
  State state;
  std::vector<std::vector<std::string>> told;  // [event][observer index: seats, spectator]
  std::vector<std::string> full;               // [event] the omniscient text
  std::vector<bool> setup;                     // [event] played during the set-up
  std::vector<Json> outcome;                   // [event] what it concluded, for everyone
  void apply(Action a) {
    std::vector<std::string> texts;
    for (Player p = 0; p < state.num_players(); ++p) {
      texts.push_back(state.action_to_string_for(p, a));
    }
    texts.push_back(state.action_to_string_for(kSpectator, a));
    told.push_back(std::move(texts));
    full.push_back(state.action_to_string(a));
    setup.push_back(state.in_setup());
    outcome.push_back(state.outcome_of(a));
    state.apply(a);
  }
};

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

// A patch message holds what a state message holds beside the view and the fixed facts (match
// and game, seat, seed commitment), with the patch in place of the view.
const std::set<std::string> kPatchKeys = {"type",   "match", "version", "base",   "to_act",
                                          "status", "patch", "legal",   "events", "returns"};

class LeakCheck {
 public:
  LeakCheck(const std::string& game, Player observer, Rng& rng)
      : game_(game), observer_(observer), rng_(rng) {}

  // `raw` as sent; `followed` the state message it makes (checked by check()).
  void check_patch(const Json& raw, const Json& followed) const {
    const std::string where =
        game_ + " observer " + std::to_string(observer_) + " patch to " + raw["version"].dump();
    for (const auto& [k, v] : raw.items()) EXPECT_TRUE(kPatchKeys.contains(k)) << k << where;
    EXPECT_EQ(test::patch_values_outside(raw["patch"], followed["view"]), "") << where;
  }

  void check(const Json& msg, const Shadow& shadow) {
    const State& s = shadow.state;
    const std::string where = game_ + " observer " + std::to_string(observer_) + " version " +
                              std::to_string(shadow.told.size());
    if (msg["type"] == "error") {
      for (const auto& [k, v] : msg.items()) {
        EXPECT_TRUE(k == "type" || k == "code" || k == "message" || k == "version" ||
                    k == "request")
            << where;
      }
      return;
    }
    if (msg["type"] == "check") {  // compared with a resampled world's answer where it is sent
      for (const auto& [k, v] : msg.items()) {
        EXPECT_TRUE(k == "type" || k == "ok" || k == "code" || k == "message" || k == "version" ||
                    k == "actions")
            << where;
      }
      return;
    }
    for (const auto& [k, v] : msg.items()) EXPECT_TRUE(kStateKeys.contains(k)) << k << where;
    // The observer's own numbering: the events it was told of, and only those, are counted.
    const std::size_t who = observer_ >= 0 ? static_cast<std::size_t>(observer_) : s.num_players();
    std::vector<std::size_t> mine;
    for (std::size_t n = 0; n < shadow.told.size(); ++n) {
      if (!shadow.told[n][who].empty()) mine.push_back(n);
    }
    EXPECT_EQ(msg["version"], mine.size()) << where;
    // A push with nothing new would tell that something unseen happened.
    if (msg["events_from"] != 0) {
      EXPECT_FALSE(msg["events"].empty()) << where;
    }
    EXPECT_EQ(msg["view"], s.view(observer_)) << where;
    const bool to_act = observer_ >= 0 && s.current_player() == observer_;
    Json legal = Json::array();
    if (to_act) {
      for (const Action a : s.legal_actions()) legal.push_back(s.action_to_string(a));
    }
    EXPECT_EQ(msg["legal"], legal) << where;
    // The event texts of this message (the view and the legal list are checked exactly above and
    // may hold the same notation for this seat's own pieces).
    std::set<std::string> strings;
    collect_strings(msg["events"], strings);
    for (const Json& e : msg["events"]) {
      const std::size_t n = e["n"];
      ASSERT_LT(n, mine.size()) << where;
      EXPECT_EQ(e["text"], shadow.told[mine[n]][who]) << where << " event " << n;
      // Beyond its text an event says only whether it was of the set-up and what it concluded
      // for everyone (the same for every observer told of it: public, like a fight's record).
      for (const auto& [k, v] : e.items()) {
        EXPECT_TRUE(k == "n" || k == "player" || k == "text" || k == "setup" || k == "outcome")
            << where << " event " << n << " has " << k;
      }
      EXPECT_EQ(e.value("setup", false), shadow.setup[mine[n]]) << where << " event " << n;
      EXPECT_EQ(e.value("outcome", Json()), shadow.outcome[mine[n]]) << where << " event " << n;
    }
    // A move's full text, where the game tells this observer less, must not be in the message.
    for (std::size_t n = 0; n < shadow.told.size(); ++n) {
      if (shadow.full[n] != shadow.told[n][who] && !is_told_elsewhere(shadow, n, who)) {
        EXPECT_FALSE(strings.contains(shadow.full[n])) << where << " leaks " << shadow.full[n];
      }
    }
    if (observer_ >= 0 && !s.is_terminal()) {
      const State world = s.resample(observer_, rng_);
      EXPECT_EQ(world.view(observer_), msg["view"]) << where;
      if (to_act) {
        Json world_legal = Json::array();
        for (const Action a : world.legal_actions())
          world_legal.push_back(world.action_to_string(a));
        EXPECT_EQ(world_legal, legal) << where;
      }
    }
    ++checked;
  }

  int checked = 0;

 private:
  // The same text may legitimately be told for another action (e.g. a public move).
  static bool is_told_elsewhere(const Shadow& shadow, std::size_t n, std::size_t who) {
    for (const auto& texts : shadow.told) {
      if (texts[who] == shadow.full[n]) return true;
    }
    (void)n;
    return false;
  }
  std::string game_;
  Player observer_;
  Rng& rng_;
};

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

constexpr int kGamesPerVariant = 2;
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
