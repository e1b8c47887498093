// The random_sim suite's checks: node and deep invariants, sampled nodes and replays of a game.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/hash.h"
#include "core/record.h"
#include "games/all_games.h"
#include "random_sim_support.h"

namespace mw::random_sim {

std::ostream& operator<<(std::ostream& os, const Where& at) {
  return os << "\n  in " << at.sim->game << " [" << at.sim->label << "] seed " << at.seed
            << ", node after " << at.action << " actions, checking " << at.check
            << "\n  rerun: MAZEWORKS_RANDOM_SEED=" << at.seed
            << " tests/random_sim_test --gtest_filter='random_sim/*/" << at.sim->test_name << "'";
}

namespace {

ActionList sorted(ActionList list) {
  std::sort(list.begin(), list.end());
  return list;
}

bool contains(const ActionList& list, Action a) {
  return std::find(list.begin(), list.end(), a) != list.end();
}

std::vector<Player> seats(const State& s) {
  std::vector<Player> out;
  for (Player p = 0; p < s.num_players(); ++p) out.push_back(p);
  return out;
}

std::vector<Player> observers(const State& s) {
  std::vector<Player> out = seats(s);
  out.push_back(kSpectator);
  out.push_back(kOmniscient);
  return out;
}

// ---- Node invariants (cheap: every node of every game) ------------------------------------------

void check_player_and_terminal(Where& at, const Game& game, const State& s) {
  at.check = "current_player / is_terminal";
  const Player p = s.current_player();
  EXPECT_EQ(s.num_players(), game.num_players()) << at;
  EXPECT_TRUE((p >= 0 && p < s.num_players()) || p == kChancePlayer || p == kTerminalPlayer)
      << "current_player() = " << p << at;
  EXPECT_EQ(p == kTerminalPlayer, s.is_terminal()) << "current_player() = " << p << at;
  if (p == kChancePlayer) {
    EXPECT_TRUE(game.info().has_chance)
        << "a chance node, but GameInfo says has_chance = false" << at;
  }
}

void check_legal_list(Where& at, const State& s, const ActionList& legal) {
  at.check = "legal_actions";
  if (s.is_terminal()) {
    EXPECT_TRUE(legal.empty()) << "a terminal node has legal actions" << at;
    return;
  }
  EXPECT_FALSE(legal.empty()) << "a non-terminal node has no legal action" << at;
  const ActionList order = sorted(legal);
  EXPECT_EQ(std::adjacent_find(order.begin(), order.end()), order.end())
      << "legal_actions() lists an action twice" << at;
}

void check_chance_outcomes(Where& at, const State& s, const ActionList& legal) {
  at.check = "chance_outcomes";
  double total = 0;
  ActionList actions;
  for (const ChanceOutcome& o : s.chance_outcomes()) {
    EXPECT_GT(o.probability, 0.0) << "outcome " << o.action << at;
    total += o.probability;
    actions.push_back(o.action);
  }
  EXPECT_NEAR(total, 1.0, 1e-9) << at;
  EXPECT_EQ(sorted(actions), sorted(legal)) << "chance outcomes are not the legal actions" << at;
}

void check_returns(Where& at, const State& s) {
  at.check = "returns";
  const std::vector<double> returns = s.returns();
  ASSERT_EQ(returns.size(), static_cast<std::size_t>(s.num_players())) << at;
  for (double r : returns) {
    if (s.is_terminal()) {
      EXPECT_TRUE(std::isfinite(r) && std::abs(r) <= 1.0) << "return " << r << at;
    } else {
      EXPECT_EQ(r, 0.0) << "a non-zero return before the end" << at;
    }
  }
}

}  // namespace

void check_node(Where& at, const Game& game, const State& s) {
  check_player_and_terminal(at, game, s);
  const ActionList legal = s.legal_actions();
  check_legal_list(at, s, legal);
  if (s.is_chance_node()) check_chance_outcomes(at, s, legal);
  check_returns(at, s);
}

// ---- Deep invariants (every node of the first games, sampled nodes of the others) ---------------

// What tools can observe of a state, taken once per state: a view costs ~50 us to build.
struct Observed {
  Json body;
  Player to_act = kTerminalPlayer;
  ActionList legal;
  std::vector<double> returns;
  std::vector<std::uint64_t> keys;  // information_state_key of each seat
  std::vector<Json> views;          // view of each seat, then kSpectator, then kOmniscient

  const Json& view(Player p) const {
    const std::size_t n = keys.size();
    return views[p >= 0 ? static_cast<std::size_t>(p) : p == kSpectator ? n : n + 1];
  }
};

namespace {

Observed observe(const State& s) {
  Observed o{s.to_json(), s.current_player(), s.legal_actions(), s.returns(), {}, {}};
  for (Player p : seats(s)) o.keys.push_back(s.information_state_key(p));
  for (Player p : observers(s)) o.views.push_back(s.view(p));
  return o;
}

// Two states that must be the same position look the same to every observer and tool.
void expect_same_position(Where& at, const Observed& a, const Observed& b) {
  EXPECT_EQ(a.body, b.body) << at;
  EXPECT_EQ(a.to_act, b.to_act) << at;
  EXPECT_EQ(a.legal, b.legal) << at;
  EXPECT_EQ(a.returns, b.returns) << at;
  EXPECT_EQ(a.keys, b.keys) << "information_state_key of the seats" << at;
  EXPECT_EQ(a.views, b.views) << "views of the seats, spectator, omniscient" << at;
}

void check_views_are_objects(Where& at, const Observed& seen) {
  at.check = "views";
  for (const Json& view : seen.views) EXPECT_TRUE(view.is_object()) << view.dump() << at;
}

void check_renders(Where& at, const Game& game, const Observed& seen) {
  at.check = "render";
  for (const Json& view : seen.views) {
    for (const RenderStyle style : {RenderStyle{true, true}, RenderStyle{false, false}}) {
      EXPECT_FALSE(game.render(view, style).empty()) << "render of " << view.dump() << at;
    }
  }
}

void expect_notation_round_trip(Where& at, const State& s, Action a) {
  const std::string text = s.action_to_string(a);
  try {
    EXPECT_EQ(s.parse_action(text), a) << "'" << text << "'" << at;
  } catch (const Error& e) {
    ADD_FAILURE() << "parse_action('" << text << "') of legal action " << a
                  << " threw: " << e.what() << at;
  }
}

// Every listed action is legal, applies, and round-trips through notation; copies do not share.
void check_legal_actions_apply(Where& at, const State& s, const Observed& seen) {
  for (Action a : seen.legal) {
    at.check = "legal action applies on a copy";
    EXPECT_EQ(s.illegal_reason(a), "") << "legal action " << a << at;
    State copy = s;
    copy.apply(a);
    at.check = "notation round trip";
    expect_notation_round_trip(at, s, a);
    at.check = "what observers are told of the action";
    const std::string full = s.action_to_string(a);
    EXPECT_EQ(s.action_to_string_for(kOmniscient, a), full) << at;
    if (!s.is_chance_node()) {
      EXPECT_EQ(s.action_to_string_for(s.current_player(), a), full)
          << "the seat acting is told less than its own action" << at;
    }
    // "" tells an observer nothing, not even that the action happened: then nothing it sees
    // may change (its view, whose turn it is).
    std::vector<Player> observers{kSpectator};
    for (Player p = 0; p < s.num_players(); ++p) observers.push_back(p);
    for (const Player p : observers) {
      const std::string told = s.action_to_string_for(p, a);
      EXPECT_EQ(s.sees_action_in_full(p, a), told == full)
          << "sees_action_in_full disagrees with the text seat " << p << " is told" << at;
      if (!told.empty()) continue;
      EXPECT_EQ(copy.view(p), s.view(p))
          << "told nothing, yet seat " << p << "'s view changed" << at;
      EXPECT_EQ(copy.current_player(), s.current_player())
          << "told nothing, yet the turn passed, seat " << p << at;
    }
  }
  at.check = "copies are independent";
  EXPECT_EQ(s.to_json(), seen.body) << "applying actions to copies changed the original" << at;
}

// Actions outside the list are refused with a reason, and a refused apply changes nothing.
void check_illegal_actions_rejected(Where& at, const State& s, const Observed& seen, Rng& rng) {
  at.check = "illegal actions are rejected";
  ActionList candidates = {-1, std::numeric_limits<Action>::min(),
                           std::numeric_limits<Action>::max(), Action{1} << 40};
  const ActionList& legal = seen.legal;
  const Action top = legal.empty() ? 1024 : *std::max_element(legal.begin(), legal.end()) + 1;
  for (int i = 0; i < 4; ++i) {
    const auto a = static_cast<Action>(rng.below(static_cast<std::uint64_t>(2 * top + 64)));
    if (!contains(legal, a)) candidates.push_back(a);
  }
  for (Action a : candidates) {
    EXPECT_NE(s.illegal_reason(a), "")
        << "action " << a << " is not listed but has no reason" << at;
    State copy = s;
    try {
      copy.apply(a);
      ADD_FAILURE() << "apply(" << a << ") of an unlisted action did not throw" << at;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::kIllegalAction) << e.what() << at;
    }
    EXPECT_EQ(copy.to_json(), seen.body) << "a refused apply(" << a << ") changed the state" << at;
  }
}

void check_garbage_notation_rejected(Where& at, const State& s) {
  at.check = "garbage notation is rejected";
  for (const char* text : {"", "#!?", "zzzz qqqq xxxx yyyy", "\xff\xfe\x01"}) {
    try {
      const Action a = s.parse_action(text);
      ADD_FAILURE() << "parse_action('" << text << "') returned " << a << at;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::kParse) << e.what() << at;
    }
  }
}

// The body reloads to the same position, and so does the document after a trip through text.
void check_json_round_trip(Where& at, const Game& game, const State& s, const Observed& seen) {
  at.check = "JSON body round trip";
  expect_same_position(at, seen, observe(game.state_from_json(seen.body)));
  at.check = "JSON document round trip";
  const State reloaded = builtin_games().state_from_document(Json::parse(s.to_document().dump()));
  EXPECT_TRUE(reloaded.game() == s.game()) << at;
  expect_same_position(at, seen, observe(reloaded));
}

}  // namespace

void KeyBook::add(Where& at, const Observed& seen) {
  at.check = "information_state_key separates views";
  seen_.resize(seen.keys.size());
  for (std::size_t p = 0; p < seen.keys.size(); ++p) {
    const std::string view = seen.views[p].dump();
    const std::uint64_t digest = Hasher().add(view).value();
    const auto [it, inserted] = seen_[p].try_emplace(seen.keys[p], digest);
    EXPECT_TRUE(inserted || it->second == digest)
        << "seat " << p << " has key " << it->first << " for two different views; this one is "
        << view << at;
  }
}

namespace {

// resample(p) re-randomizes all that p does not know, so a hidden fact leaking into view(p) shows
// up as a changed view; and a world p cannot tell apart must offer p the same choices, in order.
void check_resample(Where& at, const Game& game, const State& s, const Observed& seen, Player p,
                    Rng& rng, KeyBook& keys) {
  at.check = "resample";
  Rng same = rng;
  const State world = s.resample(p, rng);
  const Observed w = observe(world);
  EXPECT_EQ(s.resample(p, same).to_json(), w.body)
      << "resample(" << p << ") is not a function of the Rng" << at;
  EXPECT_EQ(w.view(p), seen.view(p)) << "view(" << p << ") changed under resample(" << p
                                     << "): it shows something seat " << p << " may not see" << at;
  EXPECT_EQ(w.keys[p], seen.keys[p]) << "information_state_key(" << p << ")" << at;
  EXPECT_EQ(w.view(kSpectator), seen.view(kSpectator))
      << "resample(" << p << ") changed a public fact" << at;
  if (seen.to_act == p) {  // in the same order: ISMCTS lists its root's actions only once
    EXPECT_EQ(w.legal, seen.legal) << "seat " << p << " to act" << at;
  }
  if (game.info().perfect_information) {
    EXPECT_EQ(w.body, seen.body) << "perfect information, yet resample changed the state" << at;
  }
  at.check = "resampled world is a valid state";
  EXPECT_EQ(game.state_from_json(w.body).to_json(), w.body) << at;
  check_node(at, game, world);
  keys.add(at, w);
}

// Returns what it observed, for checks that need it afterwards (renders at the end).
Observed check_deeply(Where& at, const Game& game, const State& s, KeyBook& keys) {
  // Seeded by the node, so a node checks the same whether sampled or in a rerun of its seed.
  Rng rng(derive_seed(derive_seed(at.seed, kCheckStream), at.action));
  Observed seen = observe(s);
  check_views_are_objects(at, seen);
  check_legal_actions_apply(at, s, seen);
  check_illegal_actions_rejected(at, s, seen, rng);
  check_garbage_notation_rejected(at, s);
  check_json_round_trip(at, game, s, seen);
  keys.add(at, seen);
  for (Player p : seats(s)) check_resample(at, game, s, seen, p, rng, keys);
  return seen;
}

// ---- Records and replays ------------------------------------------------------------------------

struct Sample {
  std::size_t action;  // the node after this many actions
  State state;
};

// Reservoir sampling: keeps kSampledNodesPerGame nodes uniformly chosen among all seen so far.
void offer_sample(std::vector<Sample>& samples, const State& s, std::size_t action, Rng& pick) {
  if (samples.size() < kSampledNodesPerGame) {
    samples.push_back({action, s});
  } else if (const auto slot = pick.below(action + 1); slot < kSampledNodesPerGame) {
    samples[slot] = {action, s};
  }
}

// The record replays to the end and to the sampled prefixes, and a game resumed from the JSON body
// of a sampled node plays on to the same end: the body holds the whole position.
void check_replays(Where& at, const GameRecord& record, const std::vector<Sample>& samples,
                   const State& last) {
  const Registry& registry = builtin_games();
  at.check = "replay of the record";
  at.action = record.actions.size();
  EXPECT_EQ(replay(registry, record).to_json(), last.to_json()) << at;
  for (const Sample& sample : samples) {
    at.action = sample.action;
    at.check = "replay of a prefix of the record";
    EXPECT_EQ(replay(registry, record, sample.action).to_json(), sample.state.to_json()) << at;
    at.check = "game resumed from the JSON body plays on identically";
    GameRecord resumed = record;
    resumed.start = sample.state.to_json();
    resumed.actions.erase(resumed.actions.begin(),
                          resumed.actions.begin() + static_cast<std::ptrdiff_t>(sample.action));
    EXPECT_EQ(replay(registry, resumed).to_json(), last.to_json()) << at;
  }
}

}  // namespace

// ---- One random game ----------------------------------------------------------------------------

Action random_action(const State& s, Rng& rng) {
  if (s.is_chance_node()) return s.sample_chance(rng);
  const ActionList legal = s.legal_actions();
  return legal[rng.below(legal.size())];
}

// Cheap checks at every node; deep checks at every node (`fully_checked`) or at a sampled node and
// the last one; renders of the last node; then the replays. Stops at the first failing node.
void play_and_check(Where& at, const Game& game, bool fully_checked, KeyBook& keys) {
  using ::testing::Test;
  Rng play(derive_seed(at.seed, kPlayStream));
  Rng pick(derive_seed(at.seed, kPickStream));
  State s = game.new_initial_state();
  GameRecord record{game.id(), game.options().to_json(), at.seed, std::nullopt, {}, {}};
  std::vector<Sample> samples;
  for (std::size_t i = 0;; ++i) {
    at.action = i;
    check_node(at, game, s);
    if (Test::HasFailure()) return;
    if (fully_checked) check_deeply(at, game, s, keys);
    if (s.is_terminal() || Test::HasFailure()) break;
    offer_sample(samples, s, i, pick);
    if (i == kActionCap) {
      at.check = "the game ends";
      ADD_FAILURE() << "no end within " << kActionCap << " random actions" << at;
      return;
    }
    const Action a = random_action(s, play);
    at.check = "the chosen action applies";
    s.apply(a);  // sample_chance() and legal_actions() must give actions that apply
    record.actions.push_back(a);
  }
  if (Test::HasFailure()) return;
  check_renders(at, game, fully_checked ? observe(s) : check_deeply(at, game, s, keys));
  if (!fully_checked) {
    for (const Sample& sample : samples) {
      at.action = sample.action;
      check_deeply(at, game, sample.state, keys);
    }
  }
  check_replays(at, record, samples, s);
}

// The descriptor agrees with the game it describes.
void check_descriptor(const SimCase& sim, const Game& game) {
  const GameInfo& info = game.info();
  EXPECT_FALSE(info.id.empty());
  EXPECT_LE(1, info.min_players);
  EXPECT_LE(info.min_players, game.num_players()) << sim.label;
  EXPECT_LE(game.num_players(), info.max_players) << sim.label;
  EXPECT_EQ(game.new_initial_state().num_players(), game.num_players()) << sim.label;
  EXPECT_EQ(Options::resolve(info.options, sim.options), game.options()) << sim.label;
}

}  // namespace mw::random_sim
