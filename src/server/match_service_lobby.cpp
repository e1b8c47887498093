// MatchService: the lobby's requests (games, create, join, status, the public list, the record).
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "ai/agents.h"
#include "server/agent_budget.h"
#include "server/match_service.h"
#include "server/match_service_detail.h"
#include "server/messages.h"
#include "server/server_error.h"
#include "server/tokens.h"

namespace mw::server {

using detail::fresh_seed;
using detail::unix_seconds_now;

namespace {

[[noreturn]] void bad_request(const std::string& message) {
  fail("bad_request", 400, message);
}

const Json* member(const Json& req, const char* name) {
  const auto it = req.find(name);
  return it == req.end() || it->is_null() ? nullptr : &*it;
}

// The seats of a new match: given, or every seat human.
std::vector<SeatConfig> read_seats(const Json& request, int num_players) {
  std::vector<SeatConfig> seats;
  const Json* given = member(request, "seats");
  if (given == nullptr) return std::vector<SeatConfig>(static_cast<std::size_t>(num_players));
  if (!given->is_array()) bad_request("\"seats\" must be an array, one entry per seat");
  for (const Json& s : *given) seats.push_back(SeatConfig::from_json(s));
  if (static_cast<int>(seats.size()) != num_players) {
    bad_request(fmt::format("this game needs {} seats, got {}", num_players, seats.size()));
  }
  return seats;
}

MatchSetup read_setup(const Registry& registry, const Json& request, bool allow_client_seed) {
  if (!request.is_object()) bad_request("the body must be a JSON object");
  const Json* game = member(request, "game");
  if (game == nullptr || !game->is_string()) bad_request("missing \"game\" (a game id string)");
  const Json* options = member(request, "options");
  if (options != nullptr && !options->is_object()) bad_request("\"options\" must be an object");
  const Game g = registry.load(game->get<std::string>(), options ? *options : Json::object());
  MatchSetup setup;
  setup.id = new_match_id();
  setup.created = unix_seconds_now();
  setup.game = g.id();
  setup.options = g.options().to_json();
  setup.seats = read_seats(request, g.num_players());
  if (const Json* pub = member(request, "public")) {
    if (!pub->is_boolean()) bad_request("\"public\" must be true or false");
    setup.is_public = pub->get<bool>();
  }
  if (const Json* clock = member(request, "clock")) {
    const Json* seconds = clock->is_object() ? member(*clock, "move_seconds") : nullptr;
    if (seconds == nullptr || !seconds->is_number_integer() || seconds->get<std::int64_t>() < 1 ||
        seconds->get<std::int64_t>() > kMaxMoveSeconds) {
      bad_request(fmt::format(
          "\"clock\" must be {{\"move_seconds\": n}} with n a whole number from 1 to {}",
          kMaxMoveSeconds));
    }
    setup.move_ms = seconds->get<std::int64_t>() * 1000;
  }
  if (const Json* seed = member(request, "seed")) {
    if (!allow_client_seed) {
      bad_request(
          "\"seed\" is drawn by the server (a chosen seed is a known deal); this server does not "
          "take one from clients (mazeworks serve --allow-client-seeds, for tests and research)");
    }
    const bool non_negative =
        seed->is_number_unsigned() || (seed->is_number_integer() && seed->get<std::int64_t>() >= 0);
    if (!non_negative) bad_request("\"seed\" must be a non-negative integer");
    setup.seed = seed->get<std::uint64_t>();
  } else {
    setup.seed = fresh_seed();
  }
  setup.seed_salt = new_token();
  return setup;
}

}  // namespace

Json MatchService::games() const {
  return fit_catalog(game_catalog(registry_), limits_);
}

Json MatchService::create_match(const Json& request) {
  MatchSetup setup = read_setup(registry_, request, limits_.allow_client_seeds);
  auto match = std::make_unique<LiveMatch>(registry_, setup);
  // Agent specs are checked before anything is stored (make_agent throws unknown_agent), and so
  // is the room for one more match.
  const Game game = registry_.load(setup.game, setup.options);
  for (const SeatConfig& seat : setup.seats) {
    if (seat.human) continue;
    check_agent_budget(seat.agent, limits_);
    make_agent(game, seat.agent);
  }
  make_room();
  store_.create_match(setup);
  auto entry = add(std::move(match));
  std::lock_guard lock(entry->mutex);
  start(entry);
  return match_summary(*entry->match);
}

Json MatchService::join(const std::string& id, const Json& request) {
  auto [entry, lock] = lock_match(id);
  catch_up_if_shared(entry);  // seats taken through other instances
  LiveMatch& m = *entry->match;
  Player seat = -1;
  const Json* given = request.is_object() ? member(request, "seat") : nullptr;
  if (!request.is_object() && !request.is_null()) bad_request("the body must be a JSON object");
  if (given != nullptr) {
    if (!given->is_number_integer() || given->get<std::int64_t>() < 0 ||
        given->get<std::int64_t>() >= m.num_seats()) {
      bad_request(fmt::format("\"seat\" must be a seat number 0..{}", m.num_seats() - 1));
    }
    seat = given->get<Player>();
    if (m.is_agent_seat(seat)) fail("seat_taken", 409, "that seat is played by the computer");
    if (m.joined(seat)) fail("seat_taken", 409, fmt::format("seat {} is taken", seat));
  } else {
    for (Player s = 0; s < m.num_seats() && seat < 0; ++s) {
      if (!m.is_agent_seat(s) && !m.joined(s)) seat = s;
    }
    if (seat < 0) fail("seat_taken", 409, "every seat is taken");
  }
  const std::string token = new_token();
  const SeatToken stored{sha256_hex(token), unix_seconds_now(), false};
  try {
    store_.set_token(id, seat, stored);
  } catch (const SeatTaken&) {
    // Another instance's join took it first: this one learns of it, and the request is judged
    // again (a free seat's join gets the next free seat).
    if (!catch_up_locked(entry)) fail("seat_taken", 409, fmt::format("seat {} is taken", seat));
    lock.unlock();
    return join(id, request);
  }
  m.set_token(seat, stored);
  entry->last_active = now_();
  arm_clock(*entry);  // the clock starts once every human seat has joined
  announce(*entry, seat, "joined");
  Json j;
  j["match"] = id;
  j["seat"] = seat;
  j["token"] = token;
  return j;
}

Json MatchService::status(const std::string& id) {
  auto [entry, lock] = lock_match(id);
  catch_up_if_shared(entry);
  return match_summary(*entry->match);
}

Json MatchService::list_public() const {
  if (store_.shared()) return list_public_shared();  // matches created through other instances
  std::vector<std::shared_ptr<Entry>> listed;
  {
    std::shared_lock lock(matches_mutex_);
    for (const auto& [id, e] : matches_) {
      if (e->match->setup().is_public) listed.push_back(e);  // a setup never changes
    }
  }
  const auto newer = [](const std::shared_ptr<Entry>& a, const std::shared_ptr<Entry>& b) {
    const std::int64_t ca = a->match->setup().created, cb = b->match->setup().created;
    return ca != cb ? ca > cb : a->sequence > b->sequence;
  };
  const std::size_t shown = std::min(listed.size(), kMaxListedMatches);
  std::partial_sort(listed.begin(), listed.begin() + static_cast<std::ptrdiff_t>(shown),
                    listed.end(), newer);
  Json out = Json::array();
  for (std::size_t i = 0; i < shown; ++i) {
    std::lock_guard lock(listed[i]->mutex);
    out.push_back(match_summary(*listed[i]->match));
  }
  return out;
}

Json MatchService::record(const std::string& id, const std::optional<std::string>& token) {
  auto [entry, lock] = lock_match(id);
  catch_up_if_shared(entry);
  const LiveMatch& m = *entry->match;
  if (m.finished()) return m.record_json(registry_);
  Player observer = kSpectator;
  if (token) {
    const auto seat = m.authenticate(*token);
    if (!seat) fail("unauthorized", 403, "that token is not a seat of this match");
    observer = *seat;
    claim(*entry, observer);
  }
  // During play: what this observer was told, nothing more (no seed: it would let anyone
  // recompute the hidden deal).
  Json j = state_message(m, observer, 0, m.state().view(observer));
  j["type"] = "record";
  return j;
}

}  // namespace mw::server
