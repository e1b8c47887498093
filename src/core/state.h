#pragma once
// The state API. A game is a concrete value type that satisfies the GameState concept (fixed-size,
// copyable, no virtuals: searches copy it millions of times). Tools use `State`, a type-erased
// value handle over any GameState, so AI, CLI, server and Python never know a game's internals.
// docs/architecture.md records the measurement behind this split.
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <typeinfo>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/game.h"
#include "core/json.h"
#include "core/json_text.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/types.h"

namespace mw {

// What every game implements. Preconditions are the caller's: apply_legal() takes only an action
// from legal_actions(); the erased State checks, the hot loops of search do not need to.
template <class S>
concept GameState = std::copyable<S> &&
    requires(const S& cs, S& s, Action a, Player p, Rng& rng, ActionList& out,
             std::string_view text, const Json& j, const Options& o) {
  { S::initial(o) } -> std::same_as<S>;
  { S::from_json(j, o) } -> std::same_as<S>;  // throws Error(kBadState) saying what is wrong
  { cs.num_players() } -> std::convertible_to<int>;
  { cs.current_player() } -> std::same_as<Player>;  // a seat, kChancePlayer or kTerminalPlayer
  { cs.is_terminal() } -> std::same_as<bool>;
  { cs.legal_actions(out) } -> std::same_as<void>;  // clears `out` first; chance actions too
  { cs.chance_outcomes() } -> std::same_as<std::vector<ChanceOutcome>>;
  { cs.illegal_reason(a) } -> std::same_as<std::string>;  // "" when legal
  { s.apply_legal(a) } -> std::same_as<void>;
  { cs.returns() } -> std::same_as<std::vector<double>>;
  { cs.action_to_string(a) } -> std::same_as<std::string>;
  {
    cs.parse_action(text)
    } -> std::same_as<Action>;           // throws Error(kParse) saying what was expected
  { cs.view(p) } -> std::same_as<Json>;  // a seat, kSpectator or kOmniscient
  { cs.information_state_key(p) } -> std::same_as<std::uint64_t>;
  { cs.resample(p, rng) } -> std::same_as<S>;  // a full state consistent with what p has observed
  { cs.to_json() } -> std::same_as<Json>;
};

// Optional capability: a game writes an observer's view as text itself (JsonTextWriter), the same
// text as json_text(view(p)) without building the tree: the server writes every watched
// observer's view after each move. Games without it have their view() written.
template <class S>
concept ViewTextWriting = requires(const S& cs, Player p, JsonTextWriter& w) {
  { cs.write_view(p, w) } -> std::same_as<void>;
};

// json_text(s.view(observer)) appended to `out`: written directly by a game that can.
template <class S>
void append_view_text_of(const S& s, Player observer, std::string& out) {
  if constexpr (ViewTextWriting<S>) {
    JsonTextWriter writer(out);
    s.write_view(observer, writer);
  } else {
    append_json_text(out, s.view(observer));
  }
}

// Optional capability: a game writes an action's text (action_to_string's) as a JSON string
// itself, without making a std::string: the server lists the mover's legal moves after each move.
template <class S>
concept ActionTextWriting = requires(const S& cs, Action a, JsonTextWriter& w) {
  { cs.write_action_text(a, w) } -> std::same_as<void>;
};

// Optional capability: a game may sample its chance node without building the outcome list.
template <class S>
concept FastChanceSampling = requires(const S& cs, Rng& rng) {
  { cs.sample_chance(rng) } -> std::same_as<Action>;
};

// Optional capability: text that stands for several consecutive decisions of the seat to act (a
// whole path, a whole home grid), for people who type moves. The game returns them in order; the
// sequence ends where another seat or chance would have to act, and the caller checks each action
// where it falls (State::apply_all). Games without it take one action per text.
template <class S>
concept MultiActionParsing = requires(const S& cs, std::string_view text) {
  { cs.parse_actions(text) } -> std::same_as<std::vector<Action>>;
};

// Optional capability: what `observer` is told of action `a` played from this state (before it
// applies). A game with secret decisions or secret chance outcomes (a secret commitment, a card
// dealt face down) returns e.g. "South draws a card" to the others; "" tells the observer nothing,
// not even that the action happened (a secret set-up's steps: their count is secret too), and
// such an action must leave that observer's view and whose turn it is unchanged. Without it every
// observer reads action_to_string. kOmniscient always reads the full text.
// sees_action_in_full answers, without formatting text, whether action_to_string_for(observer, a)
// is action_to_string(a): self-play asks it for every move and every other seat.
template <class S>
concept PrivateActionText = requires(const S& cs, Player observer, Action a) {
  { cs.action_to_string_for(observer, a) } -> std::same_as<std::string>;
  { cs.sees_action_in_full(observer, a) } -> std::same_as<bool>;
};

// Optional capability: whether the game is being set up, before its first turn of play (a deal,
// the seats choosing colours, a secret maze or grid being built). A log tells the actions played
// from such a state as the set-up, not as turns. It must follow from what every observer sees
// (the phase in every view). Without it: never.
template <class S>
concept SetupPhases = requires(const S& cs) {
  { cs.in_setup() } -> std::same_as<bool>;
};

// Optional capability: what action `a`, legal and played from this state, concluded for everyone
// beyond its text: a fight's public record once its cost is settled, as a JSON object the game's
// rules page documents; null when it concluded nothing to tell. It goes to every observer told of
// the action, so everything in it must be public once `a` has applied (every view shows it then).
// Without it: null.
template <class S>
concept ActionOutcome = requires(const S& cs, Action a) {
  { cs.outcome_of(a) } -> std::same_as<Json>;
};

// Optional capability: a decision drawn uniformly from legal_actions() without building the list,
// for a game whose list is dear to build while one draw checks one action (the barrier game's
// set-up tests every chip slot for a cut route). It may draw from the rng differently from
// picking an index of the list. Without it: the list, and an index drawn uniformly.
template <class S>
concept FastRandomAction = requires(const S& cs, Rng& rng, ActionList& scratch) {
  { cs.random_legal_action(rng, scratch) } -> std::same_as<Action>;
};

template <GameState S>
Action random_legal_action(const S& state, Rng& rng, ActionList& scratch) {
  if constexpr (FastRandomAction<S>) {
    return state.random_legal_action(rng, scratch);
  } else {
    state.legal_actions(scratch);
    return scratch[rng.below(scratch.size())];
  }
}

template <GameState S>
Action sample_chance_outcome(const S& state, Rng& rng) {
  if constexpr (FastChanceSampling<S>) {
    return state.sample_chance(rng);
  } else {
    const auto outcomes = state.chance_outcomes();
    double r = rng.uniform();
    for (const auto& o : outcomes) {
      if (r < o.probability) return o.action;
      r -= o.probability;
    }
    return outcomes.back().action;
  }
}

// Plays uniformly random decisions (chance by its probabilities) until the end or `max_actions`;
// returns the number of actions applied. The rollout of every search and the random benchmark.
template <GameState S>
int play_random_actions(S& state, Rng& rng, int max_actions, ActionList& scratch) {
  int applied = 0;
  while (applied < max_actions && !state.is_terminal()) {
    Action a;
    if (state.current_player() == kChancePlayer) {
      a = sample_chance_outcome(state, rng);
    } else {
      a = random_legal_action(state, rng, scratch);
    }
    state.apply_legal(a);
    ++applied;
  }
  return applied;
}

namespace detail {

class StateConcept {
 public:
  virtual ~StateConcept() = default;
  virtual std::unique_ptr<StateConcept> clone() const = 0;
  virtual int num_players() const = 0;
  virtual Player current_player() const = 0;
  virtual bool is_terminal() const = 0;
  virtual void legal_actions(ActionList& out) const = 0;
  virtual std::vector<ChanceOutcome> chance_outcomes() const = 0;
  virtual Action sample_chance(Rng& rng) const = 0;
  virtual Action random_legal_action(Rng& rng, ActionList& scratch) const = 0;
  virtual std::string illegal_reason(Action a) const = 0;
  virtual void apply_legal(Action a) = 0;
  virtual std::vector<double> returns() const = 0;
  virtual std::string action_to_string(Action a) const = 0;
  virtual Action parse_action(std::string_view text) const = 0;
  virtual std::vector<Action> parse_actions(std::string_view text) const = 0;
  virtual bool has_private_action_text() const = 0;
  virtual std::string action_to_string_for(Player observer, Action a) const = 0;
  virtual bool sees_action_in_full(Player observer, Action a) const = 0;
  virtual bool in_setup() const = 0;
  virtual Json outcome_of(Action a) const = 0;
  virtual Json view(Player observer) const = 0;
  virtual void append_view_text(Player observer, std::string& out) const = 0;
  virtual void write_legal_action_texts(JsonTextWriter& w) const = 0;
  virtual std::uint64_t information_state_key(Player p) const = 0;
  virtual std::unique_ptr<StateConcept> resample(Player p, Rng& rng) const = 0;
  virtual Json to_json() const = 0;
  virtual int play_random(Rng& rng, int max_actions) = 0;
  virtual const void* raw() const = 0;
  virtual void* raw() = 0;
};

template <GameState S>
class StateModel final : public StateConcept {
  static_assert(
      PrivateActionText<S> ||
          !requires(const S& cs) { cs.action_to_string_for(Player{}, Action{}); },
      "a game with action_to_string_for also answers sees_action_in_full");

 public:
  explicit StateModel(S s) : s_(std::move(s)) {}
  std::unique_ptr<StateConcept> clone() const override { return std::make_unique<StateModel>(s_); }
  int num_players() const override { return s_.num_players(); }
  Player current_player() const override { return s_.current_player(); }
  bool is_terminal() const override { return s_.is_terminal(); }
  void legal_actions(ActionList& out) const override { s_.legal_actions(out); }
  std::vector<ChanceOutcome> chance_outcomes() const override { return s_.chance_outcomes(); }
  Action sample_chance(Rng& rng) const override { return sample_chance_outcome(s_, rng); }
  Action random_legal_action(Rng& rng, ActionList& scratch) const override {
    return mw::random_legal_action(s_, rng, scratch);
  }
  std::string illegal_reason(Action a) const override { return s_.illegal_reason(a); }
  void apply_legal(Action a) override { s_.apply_legal(a); }
  std::vector<double> returns() const override { return s_.returns(); }
  std::string action_to_string(Action a) const override { return s_.action_to_string(a); }
  Action parse_action(std::string_view text) const override { return s_.parse_action(text); }
  std::vector<Action> parse_actions(std::string_view text) const override {
    if constexpr (MultiActionParsing<S>) {
      return s_.parse_actions(text);
    } else {
      return {s_.parse_action(text)};
    }
  }
  bool has_private_action_text() const override { return PrivateActionText<S>; }
  std::string action_to_string_for(Player observer, Action a) const override {
    if constexpr (PrivateActionText<S>) {
      if (observer != kOmniscient) return s_.action_to_string_for(observer, a);
    }
    return s_.action_to_string(a);
  }
  bool sees_action_in_full(Player observer, Action a) const override {
    if constexpr (PrivateActionText<S>) {
      return observer == kOmniscient || s_.sees_action_in_full(observer, a);
    }
    return true;
  }
  bool in_setup() const override {
    if constexpr (SetupPhases<S>) {
      return s_.in_setup();
    } else {
      return false;
    }
  }
  Json outcome_of(Action a) const override {
    if constexpr (ActionOutcome<S>) {
      return s_.outcome_of(a);
    } else {
      return nullptr;
    }
  }
  Json view(Player observer) const override { return s_.view(observer); }
  void append_view_text(Player observer, std::string& out) const override {
    append_view_text_of(s_, observer, out);
  }
  void write_legal_action_texts(JsonTextWriter& w) const override {
    ActionList legal;
    s_.legal_actions(legal);
    for (const Action a : legal) {
      if constexpr (ActionTextWriting<S>) {
        s_.write_action_text(a, w);
      } else {
        w.string(s_.action_to_string(a));
      }
    }
  }
  std::uint64_t information_state_key(Player p) const override {
    return s_.information_state_key(p);
  }
  std::unique_ptr<StateConcept> resample(Player p, Rng& rng) const override {
    return std::make_unique<StateModel>(s_.resample(p, rng));
  }
  Json to_json() const override { return s_.to_json(); }
  int play_random(Rng& rng, int max_actions) override {
    return play_random_actions(s_, rng, max_actions, scratch_);
  }
  const void* raw() const override { return &s_; }
  void* raw() override { return &s_; }

 private:
  S s_;
  ActionList scratch_;
};

}  // namespace detail

// A game state as a value: copying it copies the position. Every method keeps the invariant that
// a failed call (bad text, illegal action) leaves the state unchanged.
class State {
 public:
  State(Game game, std::unique_ptr<detail::StateConcept> impl)
      : game_(std::move(game)), impl_(std::move(impl)) {}
  State(const State& other) : game_(other.game_), impl_(other.impl_->clone()) {}
  State& operator=(const State& other) {
    if (this != &other) {
      game_ = other.game_;
      impl_ = other.impl_->clone();
    }
    return *this;
  }
  State(State&&) noexcept = default;
  State& operator=(State&&) noexcept = default;

  const Game& game() const { return game_; }
  int num_players() const { return impl_->num_players(); }
  Player current_player() const { return impl_->current_player(); }
  bool is_chance_node() const { return current_player() == kChancePlayer; }
  bool is_terminal() const { return impl_->is_terminal(); }

  ActionList legal_actions() const {
    ActionList out;
    impl_->legal_actions(out);
    return out;
  }
  void legal_actions(ActionList& out) const { impl_->legal_actions(out); }
  std::vector<ChanceOutcome> chance_outcomes() const { return impl_->chance_outcomes(); }
  Action sample_chance(Rng& rng) const { return impl_->sample_chance(rng); }
  // A decision drawn uniformly from legal_actions() (see FastRandomAction); `scratch` is room
  // for the list when the game builds one.
  Action random_legal_action(Rng& rng, ActionList& scratch) const {
    return impl_->random_legal_action(rng, scratch);
  }

  std::string illegal_reason(Action a) const { return impl_->illegal_reason(a); }
  bool is_legal(Action a) const { return illegal_reason(a).empty(); }
  // Throws Error(kIllegalAction) with the reason, and changes nothing, when `a` is not legal.
  void apply(Action a);
  // What apply() checks first: throws Error(kIllegalAction) with the reason, changes nothing.
  void check_legal(Action a) const;
  // Applies the actions in order, all or none: on the first that is not legal where it falls,
  // throws Error(kIllegalAction) naming it (1-based) and the reason, and changes nothing.
  void apply_all(const std::vector<Action>& actions);
  // For callers that took `a` from legal_actions() (search loops).
  void apply_legal(Action a) { impl_->apply_legal(a); }

  std::vector<double> returns() const { return impl_->returns(); }
  std::string action_to_string(Action a) const { return impl_->action_to_string(a); }
  Action parse_action(std::string_view text) const { return impl_->parse_action(text); }
  // What `observer` is told of `a` played now (see PrivateActionText).
  std::string action_to_string_for(Player observer, Action a) const {
    return impl_->action_to_string_for(observer, a);
  }
  // Whether that text is the action's full text (a cheap test; see PrivateActionText).
  bool sees_action_in_full(Player observer, Action a) const {
    return impl_->sees_action_in_full(observer, a);
  }
  // Whether the game says what each observer sees of an action; without it, tools must assume a
  // chance outcome may be secret in a game of imperfect information.
  bool has_private_action_text() const { return impl_->has_private_action_text(); }
  // Whether the game is being set up (see SetupPhases): false for a game that does not say.
  bool in_setup() const { return impl_->in_setup(); }
  // What the legal action `a`, played now, concludes for everyone (see ActionOutcome); null when
  // nothing, or for a game that does not say.
  Json outcome_of(Action a) const { return impl_->outcome_of(a); }
  // One or more actions (see MultiActionParsing); throws Error(kParse) like parse_action.
  std::vector<Action> parse_actions(std::string_view text) const {
    return impl_->parse_actions(text);
  }

  Json view(Player observer) const { return impl_->view(observer); }
  // json_text(view(observer)) appended to `out`, written directly by a game that can
  // (ViewTextWriting).
  void append_view_text(Player observer, std::string& out) const {
    impl_->append_view_text(observer, out);
  }
  // Each legal action's text (action_to_string) as a JSON string, in legal_actions() order: the
  // elements of the array `w` is writing (ActionTextWriting).
  void write_legal_action_texts(JsonTextWriter& w) const { impl_->write_legal_action_texts(w); }
  std::uint64_t information_state_key(Player p) const { return impl_->information_state_key(p); }
  State resample(Player p, Rng& rng) const { return State(game_, impl_->resample(p, rng)); }

  // The game-specific body (docs/rules/<game>.md documents its schema).
  Json to_json() const { return impl_->to_json(); }
  // {"game": id, "options": {...}, "state": body}: everything needed to set the position up again
  // (Registry::state_from_document reads it back).
  Json to_document() const;

  // Random play to the end (or max_actions) without per-step virtual dispatch.
  int play_random(Rng& rng, int max_actions) { return impl_->play_random(rng, max_actions); }

  // For a game's own code and tests: the concrete state. Throws if it is another game's.
  template <GameState S>
  const S& as() const {
    check_type(typeid(detail::StateModel<S>));
    return *static_cast<const S*>(impl_->raw());
  }
  template <GameState S>
  S& as() {
    check_type(typeid(detail::StateModel<S>));
    return *static_cast<S*>(impl_->raw());
  }

 private:
  void check_type(const std::type_info& wanted) const;
  Game game_;
  std::unique_ptr<detail::StateConcept> impl_;
};

template <GameState S>
State make_state(const Game& game, S s) {
  return State(game, std::make_unique<detail::StateModel<S>>(std::move(s)));
}

// The registry entry for a GameState type; the game adds its renderer and agents.
template <GameState S>
GameEntry make_game_entry(GameInfo info) {
  GameEntry e;
  e.info = std::move(info);
  e.num_players = [](const Options& o) { return S::initial(o).num_players(); };
  e.new_initial_state = [](const Game& g) { return make_state(g, S::initial(g.options())); };
  e.state_from_json = [](const Game& g, const Json& body) {
    return make_state(g, S::from_json(body, g.options()));
  };
  return e;
}

}  // namespace mw
