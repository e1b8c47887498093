#include "server/live_match.h"

#include <fmt/format.h>

#include "core/record.h"
#include "core/rng.h"
#include "server/server_error.h"
#include "server/tokens.h"

namespace mw::server {
namespace {

// Chance outcome number `index` of the match is drawn from its own stream, so a rebuilt match
// draws what the original would have (and the stored actions replay it exactly anyway).
Rng chance_stream(std::uint64_t seed, std::uint64_t index) {
  return Rng(derive_seed(seed, 2 * index + 1));
}

State initial_state(const Registry& registry, const MatchSetup& setup) {
  const Game game = registry.load(setup.game, setup.options);
  return game.new_initial_state();
}

}  // namespace

LiveMatch::LiveMatch(const Registry& registry, MatchSetup setup)
    : setup_(std::move(setup)),
      initial_(initial_state(registry, setup_)),
      state_(initial_),
      told_events_(setup_.seats.size() + 1),
      seed_commitment_(sha256_hex(
          fmt::format("mazeworks-seed:{}:{}:{}", setup_.id, setup_.seed, setup_.seed_salt))),
      tokens_(setup_.seats.size()) {
  if (static_cast<int>(setup_.seats.size()) != state_.num_players()) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("{} needs {} seats with these options, got {}", setup_.game,
                            state_.num_players(), setup_.seats.size()));
  }
}

LiveMatch::LiveMatch(const Registry& registry, const StoredMatch& stored)
    : LiveMatch(registry, stored.setup) {
  tokens_ = stored.tokens;
  tokens_.resize(setup_.seats.size());
  resigned_ = stored.resigned;
  rematch_ = stored.rematch;
  for (std::size_t i = 0; i < stored.actions.size(); ++i) {
    const Action a = stored.actions[i];
    if (!state_.is_legal(a)) {
      throw Error(ErrorCode::kBadRecord,
                  fmt::format("match {}: stored action {} ({}) is not legal", id(), i + 1, a));
    }
    apply_logged(a);
  }
}

std::optional<Player> LiveMatch::seat_to_act() const {
  const Player p = state_.current_player();
  if (p < 0 || resigned_) return std::nullopt;
  return p;
}

bool LiveMatch::is_agent_seat(Player seat) const {
  return seat >= 0 && seat < num_seats() && !setup_.seats[seat].human;
}

std::optional<Player> LiveMatch::authenticate(std::string_view token) const {
  const std::string hash = sha256_hex(token);
  std::optional<Player> found;
  for (Player s = 0; s < num_seats(); ++s) {
    if (!tokens_[s].hash.empty() && constant_time_equal(tokens_[s].hash, hash)) found = s;
  }
  return found;
}

void LiveMatch::append_chance(State& state, ActionList& out) const {
  while (state.is_chance_node()) {
    Rng rng = chance_stream(setup_.seed, version() + out.size());
    const Action a = state.sample_chance(rng);
    state.apply_legal(a);
    out.push_back(a);
  }
}

ActionList LiveMatch::plan(Player seat, std::string_view text, std::uint64_t client_version) const {
  if (client_version != version_for(seat)) {
    fail("stale_version", 409,
         fmt::format("the match is at version {}, the move was made at version {}",
                     version_for(seat), client_version));
  }
  if (finished()) fail("finished", 409, "the match is over");
  if (seat_to_act() != seat) {
    fail("not_your_turn", 409,
         fmt::format("seat {} is to act, not seat {}", state_.current_player(), seat));
  }
  State next = state_;
  ActionList out = next.parse_actions(text);  // Error(kParse) says what was expected
  next.apply_all(out);                        // Error(kIllegalAction) with the reason
  append_chance(next, out);
  return out;
}

ActionList LiveMatch::plan_action(Action action) const {
  State next = state_;
  next.apply(action);
  ActionList out{action};
  append_chance(next, out);
  return out;
}

ActionList LiveMatch::plan_chance() const {
  State next = state_;
  ActionList out;
  if (resigned_) return out;  // over: nothing is owed
  append_chance(next, out);
  return out;
}

std::uint64_t LiveMatch::version_for(Player observer) const {
  if (observer == kOmniscient) return version();
  return told_events(observer).size();
}

const std::vector<std::uint32_t>& LiveMatch::told_events(Player observer) const {
  return told_events_[told_index(*this, observer)];
}

void LiveMatch::apply_logged(Action a) {
  Event e;
  e.player = state_.current_player();
  e.action = a;
  for (Player s = 0; s < num_seats(); ++s) e.told.push_back(state_.action_to_string_for(s, a));
  e.told.push_back(state_.action_to_string_for(kSpectator, a));
  e.setup = state_.in_setup();
  e.outcome = state_.outcome_of(a);
  for (std::size_t i = 0; i < e.told.size(); ++i) {
    if (!e.told[i].empty()) told_events_[i].push_back(static_cast<std::uint32_t>(events_.size()));
  }
  state_.apply(a);
  events_.push_back(std::move(e));
}

void LiveMatch::commit(const ActionList& actions) {
  for (const Action a : actions) apply_logged(a);
}

Json LiveMatch::record_json(const Registry& registry) const {
  GameRecord r;
  r.game = setup_.game;
  r.options = setup_.options;
  r.seed = setup_.seed;
  for (const Event& e : events_) r.actions.push_back(e.action);
  for (const auto& seat : setup_.seats) r.players.push_back(seat.human ? "human" : seat.agent);
  Json j = r.to_json(registry);
  if (resigned_) {
    j["resigned"] = *resigned_;
    j["returns"] = returns();
  }
  // The seed was committed to at creation: with the salt anyone can check it (seed_commitment).
  j["seed_salt"] = setup_.seed_salt;
  j["seed_commitment"] = seed_commitment();
  return j;
}

std::vector<double> LiveMatch::returns() const {
  if (resigned_) return resignation_returns(num_seats(), *resigned_);
  return state_.returns();
}

std::vector<double> resignation_returns(int num_seats, Player resigner) {
  std::vector<double> out(static_cast<std::size_t>(num_seats), 1.0 / (num_seats - 1));
  out.at(static_cast<std::size_t>(resigner)) = -1.0;
  return out;
}

std::size_t told_index(const LiveMatch& match, Player observer) {
  return observer >= 0 ? static_cast<std::size_t>(observer)
                       : static_cast<std::size_t>(match.num_seats());
}

}  // namespace mw::server
