#pragma once
// One match in memory: its state, its event log told to each observer, its seats and their token
// hashes, and a version (the number of actions applied). No locking and no sockets here: the
// service serialises calls, so every rule (who may move, what each seat is told) is testable alone.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/registry.h"
#include "core/state.h"
#include "server/store.h"

namespace mw::server {

// An applied action and what each observer was told of it (action_to_string_for, computed from the
// state before it applied). told[seat] for seats, then the spectator's text last. An empty text:
// that observer is told nothing, not even that the action happened (a secret set-up step).
// `setup`: played while the game was being set up (State::in_setup); `outcome`: what it concluded
// for everyone (State::outcome_of: a fight's record), null for most actions.
struct Event {
  Player player;
  Action action;
  std::vector<std::string> told;
  bool setup = false;
  Json outcome;
};

class LiveMatch {
 public:
  // A new match at the game's initial state (chance at the start is played at once).
  LiveMatch(const Registry& registry, MatchSetup setup);
  // A stored match, rebuilt by replaying its actions. Throws Error(kBadRecord) if one fails.
  LiveMatch(const Registry& registry, const StoredMatch& stored);

  const MatchSetup& setup() const { return setup_; }
  const std::string& id() const { return setup_.id; }
  const State& state() const { return state_; }
  // The position before the first action: with events(), the whole game move by move.
  const State& start_state() const { return initial_; }
  // Actions applied (the match's own count: the store's indices, the chance streams).
  std::uint64_t version() const { return events_.size(); }
  // The version `observer` sees: the events it was told of. Moves are made, checked and refused
  // at these; a spectator's is the public one (the lobby's). kOmniscient: version().
  std::uint64_t version_for(Player observer) const;
  // Where in events() the events `observer` (a seat or the spectator) was told of are, in order:
  // its event n is events()[told_events(observer)[n]].
  const std::vector<std::uint32_t>& told_events(Player observer) const;
  const std::vector<Event>& events() const { return events_; }
  int num_seats() const { return static_cast<int>(setup_.seats.size()); }
  // Over: the game reached its end, or a seat resigned.
  bool finished() const { return resigned_.has_value() || state_.is_terminal(); }
  // The seat that resigned, if the match ended that way.
  std::optional<Player> resigned() const { return resigned_; }
  // Ends the match at once: `seat` loses. The caller stores it first (Store::set_resigned).
  void resign(Player seat) { resigned_ = seat; }
  // The result per seat: the game's returns, or after a resignation resignation_returns().
  std::vector<double> returns() const;
  // The match that replays this one once it is over ("" until someone asks for a rematch).
  const std::string& rematch() const { return rematch_; }
  void set_rematch(std::string id) { rematch_ = std::move(id); }
  // The seat to act, or nullopt (over).
  std::optional<Player> seat_to_act() const;
  bool is_agent_seat(Player seat) const;

  // Tokens: joined() says whether a seat has a token; authenticate() finds the seat whose token
  // it is (constant-time comparison of the hashes), or nullopt.
  bool joined(Player seat) const { return !tokens_.at(seat).hash.empty(); }
  const SeatToken& token(Player seat) const { return tokens_.at(seat); }
  void set_token(Player seat, SeatToken token) { tokens_.at(seat) = std::move(token); }
  std::optional<Player> authenticate(std::string_view token) const;

  // The commitment to the seed published at creation: SHA-256 of
  // "mazeworks-seed:<id>:<seed>:<salt>" in hex (docs/server.md, "Verifying a deal").
  const std::string& seed_commitment() const { return seed_commitment_; }

  // What `seat` playing `text` at `version` means: the seat's own actions (one text may stand for
  // several) followed by the chance outcomes that follow them. Throws ServerError/Error saying why
  // it is refused; changes nothing. The caller persists the result, then commit()s it.
  ActionList plan(Player seat, std::string_view text, std::uint64_t version) const;
  // The same for an action chosen by an agent (from legal_actions()).
  ActionList plan_action(Action action) const;
  // Chance outcomes owed now (at the start, or after a rebuild stopped at a chance node).
  ActionList plan_chance() const;
  // Applies planned actions (legal by construction) and logs what each observer is told.
  void commit(const ActionList& actions);

  // The record (GameRecord JSON) of a finished match, or for anyone during play: not allowed.
  Json record_json(const Registry& registry) const;

 private:
  void append_chance(State& state, ActionList& out) const;
  void apply_logged(Action a);

  MatchSetup setup_;
  State initial_;
  State state_;
  std::vector<Event> events_;
  // Per told_index: the indices of the events with a text for that observer (so a push reads
  // only the new ones, and an observer's version is the count).
  std::vector<std::vector<std::uint32_t>> told_events_;
  std::string seed_commitment_;  // computed once: every message to every observer carries it
  std::vector<SeatToken> tokens_;
  std::optional<Player> resigned_;
  std::string rematch_;
};

// A resignation's result: the resigner -1, the others share +1 equally (2 seats: +1; 3: +1/2;
// 4: +1/3), so the returns sum to 0 as in the games' own zero-sum results.
std::vector<double> resignation_returns(int num_seats, Player resigner);

// Index of an observer's texts in Event::told: seats first, the spectator last.
std::size_t told_index(const LiveMatch& match, Player observer);

}  // namespace mw::server
