#pragma once
// The hidden-information check of one observer's messages (a seat or the spectator): each message
// is compared with what that observer may know, from the test's own replay of the match (Shadow):
// its view(), its legal actions when it is to act, the event log as the game tells it to that
// observer, and public facts; a world resampled from the seat's point of view must give the same
// view and legal actions, and the full text of a move told privately to others must never reach
// it. Used by the single-server leak test and by the several-instances tests.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/rng.h"
#include "core/state.h"
#include "support/state_follower.h"

namespace mw::server::test {

// seed_commitment hides the seed behind a salt revealed only with the record (LiveMatch).
inline const std::set<std::string> kStateKeys = {
    "type", "match", "game",        "version", "seat",    "to_act",         "status",
    "view", "legal", "events_from", "events",  "returns", "seed_commitment"};

// A patch message holds what a state message holds beside the view and the fixed facts (match
// and game, seat, seed commitment), with the patch in place of the view.
inline const std::set<std::string> kPatchKeys = {"type",   "match", "version", "base",   "to_act",
                                                 "status", "patch", "legal",   "events", "returns"};

inline void collect_strings(const Json& j, std::set<std::string>& out) {
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

class LeakCheck {
 public:
  LeakCheck(const std::string& game, Player observer, Rng& rng)
      : game_(game), observer_(observer), rng_(rng) {}

  // `raw` as sent; `followed` the state message it makes (checked by check()).
  void check_patch(const Json& raw, const Json& followed) const {
    const std::string where =
        game_ + " observer " + std::to_string(observer_) + " patch to " + raw["version"].dump();
    for (const auto& [k, v] : raw.items()) EXPECT_TRUE(kPatchKeys.contains(k)) << k << where;
    EXPECT_EQ(patch_values_outside(raw["patch"], followed["view"]), "") << where;
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

}  // namespace mw::server::test
