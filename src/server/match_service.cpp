// MatchService: the match lifecycle (create, join, attach, moves, commits, clocks, agents).
#include "server/match_service.h"

#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "ai/agents.h"
#include "core/rng.h"
#include "server/agent_budget.h"
#include "server/match_service_detail.h"
#include "server/messages.h"
#include "server/server_error.h"
#include "server/tokens.h"

namespace mw::server {

using detail::fresh_seed;
using detail::plan_move;
using detail::refusal;
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

namespace detail {

std::int64_t unix_seconds_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::uint64_t fresh_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) | device();
}

// What act() checks before anything is stored; throws the refusal. Changes nothing.
ActionList plan_move(const LiveMatch& m, Player observer, const std::string& text,
                     std::uint64_t version) {
  if (observer < 0) fail("unauthorized", 403, "a spectator cannot move");
  if (text.size() > kMaxActionTextBytes) {
    fail("too_large", 413, fmt::format("an action is at most {} bytes", kMaxActionTextBytes));
  }
  return m.plan(observer, text, version);
}

// An error message for a refusal of the client's `request`, at the match's version.
std::string refusal(const std::exception& e, std::uint64_t version, const std::string& request) {
  int status = 0;
  const Json err = error_json(e, status);
  return error_message(err["code"].get<std::string>(), err["message"].get<std::string>(), version,
                       request)
      .dump();
}

}  // namespace detail

MatchService::MatchService(const Registry& registry, Store& store, int agent_threads,
                           bool group_commit, ServerLimits limits)
    : registry_(registry),
      store_(store),
      limits_(limits),
      committer_(group_commit ? std::make_unique<GroupCommitter>(store) : nullptr),
      pool_(agent_threads) {}

MatchService::~MatchService() {
  stopping_ = true;  // searches stop now; no new computer moves: the pool and committer run dry
  set_executor(nullptr);
  wait_idle();
}

void MatchService::set_executor(Executor executor) {
  std::lock_guard lock(executor_mutex_);
  executor_ = std::move(executor);
}

void MatchService::run_after_commit(std::function<void()> job) {
  {
    std::lock_guard lock(executor_mutex_);
    if (executor_) {
      executor_(std::move(job));
      return;
    }
  }
  job();
}

std::shared_ptr<MatchService::Entry> MatchService::add(std::unique_ptr<LiveMatch> match) {
  auto entry = std::make_shared<Entry>(std::move(match));
  entry->sequence = next_sequence_++;
  const Game game = registry_.load(entry->match->setup().game, entry->match->setup().options);
  for (const SeatConfig& seat : entry->match->setup().seats) {
    entry->agents.push_back(seat.human ? nullptr : make_agent(game, seat.agent));
  }
  // A restored match: its agents watch the game so far, as they did before the restart.
  ActionList played;
  for (const Event& e : entry->match->events()) played.push_back(e.action);
  tell_moves(seated(entry->agents), entry->match->start_state(), played);
  entry->last_active = now_();
  entry->suggestions = TokenBucket(2 * limits_.suggestions_per_second,
                                   std::max(2.0, 6 * limits_.suggestions_per_second));
  std::unique_lock lock(matches_mutex_);
  // Loaded twice at once (two requests for an evicted match): the first one in stays.
  const auto [it, inserted] = matches_.try_emplace(entry->match->id(), entry);
  return it->second;
}

std::pair<std::shared_ptr<MatchService::Entry>, std::unique_lock<std::mutex>>
MatchService::lock_match(const std::string& id) {
  for (;;) {
    auto entry = find(id);
    std::unique_lock lock(entry->mutex);
    if (!entry->evicted) return {std::move(entry), std::move(lock)};
  }
}

void MatchService::make_room() {
  {
    std::shared_lock lock(matches_mutex_);
    if (matches_.size() < limits_.max_live_matches) return;
  }
  sweep();
  std::shared_lock lock(matches_mutex_);
  if (matches_.size() >= limits_.max_live_matches) {
    fail("server_full", 503, "the server holds as many live matches as it may; try again later");
  }
}

std::shared_ptr<MatchService::Entry> MatchService::bring_back(const StoredMatch& stored) {
  auto entry = add(std::make_unique<LiveMatch>(registry_, stored));
  std::lock_guard lock(entry->mutex);
  // Not if another request brought it back first. A crash between creating a match and drawing
  // its opening chance leaves it at a chance node; a match brought back gives the seat to act its
  // full time again.
  if (!entry->agents_started) start(entry);
  return entry;
}

// A match that has just entered memory (created, or brought back): its owed chance outcomes are
// drawn, the seat to act's clock armed and a computer seat to act set thinking.
void MatchService::start(const std::shared_ptr<Entry>& entry) {
  entry->agents_started = true;
  const ActionList chance = entry->match->plan_chance();
  if (!chance.empty()) advance_now(*entry, chance);  // rare: not worth a trip to the committer
  arm_clock(*entry);
  schedule_agent(entry);
}

StopSignal MatchService::thinking_stop() const {
  return StopSignal(StopSignal::Clock::now() + std::chrono::milliseconds(limits_.max_think_ms),
                    &stopping_);
}

std::shared_ptr<MatchService::Entry> MatchService::find(const std::string& match) {
  {
    std::shared_lock lock(matches_mutex_);
    const auto it = matches_.find(match);
    if (it != matches_.end()) return it->second;
  }
  // Not in memory: finished or idle, it is in the database (ids are short words of letters,
  // digits, '-' and '_'; anything else is not looked up at all).
  const bool plausible =
      !match.empty() && match.size() <= 64 &&
      match.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_") ==
          std::string::npos;
  const auto stored = plausible ? store_.load(match) : std::nullopt;
  if (!stored) fail("not_found", 404, fmt::format("no match '{}'", match));
  make_room();
  return bring_back(*stored);
}

std::size_t MatchService::restore() {
  const std::int64_t since =
      unix_seconds_now() -
      std::chrono::duration_cast<std::chrono::seconds>(limits_.idle_eviction).count();
  std::size_t count = 0;
  for (const StoredMatch& stored : store_.load_active(since, limits_.max_live_matches)) {
    try {
      bring_back(stored);
      ++count;
    } catch (const std::exception& e) {
      // One match that no longer replays (a changed rule, a damaged row) must not keep every
      // other match from being served: it stays stored, and asking for it reports why.
      fmt::print(stderr, "mazeworks serve: match {} not restored: {}\n", stored.setup.id, e.what());
    }
  }
  return count;
}

std::size_t MatchService::live_matches() const {
  std::shared_lock lock(matches_mutex_);
  return matches_.size();
}

bool MatchService::evictable(const Entry& entry, ClockTime now) const {
  if (!entry.subs.empty() || entry.agent_busy || entry.committing || !entry.deferred.empty() ||
      entry.suggestions_running > 0) {
    return false;
  }
  if (entry.match->finished()) return true;
  if (entry.deadline) return false;  // a clock runs: it plays for the seat when it runs out
  return now - entry.last_active >= limits_.idle_eviction;
}

std::size_t MatchService::sweep() {
  std::vector<std::shared_ptr<Entry>> all;
  {
    std::shared_lock lock(matches_mutex_);
    all.reserve(matches_.size());
    for (const auto& [id, e] : matches_) all.push_back(e);
  }
  const ClockTime now = now_();
  const std::int64_t unix_now = unix_seconds_now();
  std::size_t evicted = 0;
  for (const auto& entry : all) {
    std::lock_guard lock(entry->mutex);
    LiveMatch& m = *entry->match;
    for (Player seat = 0; seat < m.num_seats(); ++seat) {
      const SeatToken& t = m.token(seat);
      if (t.hash.empty() || t.claimed || unix_now - t.issued < limits_.unclaimed_seat.count()) {
        continue;
      }
      try {
        store_.clear_token(m.id(), seat);
        m.set_token(seat, SeatToken{});
        entry->deadline.reset();  // the clock waits for every human seat again
      } catch (const std::exception&) {
        // The database refused: the seat stays taken until the next sweep tries again.
      }
    }
    if (evictable(*entry, now)) {
      // Under the match's lock: whoever found it before waits, then sees it gone and loads it
      // again (lock_match).
      entry->evicted = true;
      std::unique_lock map_lock(matches_mutex_);
      matches_.erase(m.id());
      ++evicted;
    }
  }
  return evicted;
}

void MatchService::claim(Entry& entry, Player seat) {
  SeatToken t = entry.match->token(seat);
  if (t.claimed) return;
  store_.claim_token(entry.match->id(), seat);
  t.claimed = true;
  entry.match->set_token(seat, std::move(t));
}

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
  store_.set_token(id, seat, stored);
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
  return match_summary(*entry->match);
}

Json MatchService::list_public() const {
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
  Json j = state_message(m, observer, 0);
  j["type"] = "record";
  return j;
}

std::shared_ptr<Subscription> MatchService::attach(const std::string& id,
                                                   const std::optional<std::string>& token,
                                                   Subscription::Sink send) {
  auto [entry, lock] = lock_match(id);
  auto sub = std::make_shared<Subscription>();
  sub->match = id;
  sub->syncs = TokenBucket(limits_.syncs_per_second, std::max(2.0, 2 * limits_.syncs_per_second));
  sub->suggestions = TokenBucket(limits_.suggestions_per_second,
                                 std::max(2.0, 3 * limits_.suggestions_per_second));
  if (token) {
    const auto seat = entry->match->authenticate(*token);
    if (!seat) fail("unauthorized", 403, "that token is not a seat of this match");
    sub->observer = *seat;
    claim(*entry, *seat);
  }
  entry->last_active = now_();
  sub->sink = std::move(send);
  sub->send(state_message(*entry->match, sub->observer, 0).dump(), MessageKind::kFullState);
  sub->sent_version = entry->match->version_for(sub->observer);
  const bool first_of_seat = sub->observer >= 0 && !entry->holds_seat(sub->observer);
  entry->subs.push_back(sub);
  if (first_of_seat) announce(*entry, sub->observer, "connected");
  return sub;
}

void MatchService::detach(const std::shared_ptr<Subscription>& sub) {
  std::shared_ptr<Entry> entry;
  {
    std::shared_lock lock(matches_mutex_);
    const auto it = matches_.find(sub->match);
    if (it == matches_.end()) return;  // never attached
    entry = it->second;
  }
  std::lock_guard lock(entry->mutex);
  if (std::erase(entry->subs, sub) == 0) return;
  entry->last_active = now_();
  const bool last_of_seat = sub->observer >= 0 && !entry->holds_seat(sub->observer);
  if (last_of_seat && !entry->evicted) announce(*entry, sub->observer, "disconnected");
}

void MatchService::act(const std::shared_ptr<Subscription>& sub, const std::string& text,
                       std::uint64_t version) {
  auto [entry, lock] = lock_match(sub->match);
  act_locked(entry, sub, text, version);
}

bool MatchService::defer_while_committing(const std::shared_ptr<Entry>& entry,
                                          std::function<void()> job) {
  if (!entry->committing) return false;
  entry->deferred.push_back([entry, job = std::move(job)] {
    std::lock_guard lock(entry->mutex);
    job();
  });
  return true;
}

void MatchService::act_locked(const std::shared_ptr<Entry>& entry,
                              const std::shared_ptr<Subscription>& sub, const std::string& text,
                              std::uint64_t version) {
  if (defer_while_committing(entry, [=, this] { act_locked(entry, sub, text, version); })) return;
  LiveMatch& m = *entry->match;
  try {
    advance(entry, plan_move(m, sub->observer, text, version), sub);
  } catch (const std::exception& e) {
    sub->send(refusal(e, m.version_for(sub->observer), "act"));
    int status = 0;
    // A stale move gets the state it missed, as often as a sync would.
    if (error_json(e, status)["code"] == "stale_version" && sub->syncs.take()) {
      sub->send(state_message(m, sub->observer, 0).dump(), MessageKind::kFullState);
      sub->sent_version = m.version_for(sub->observer);
    }
  }
}

void MatchService::resync(const std::shared_ptr<Subscription>& sub) {
  auto [entry, lock] = lock_match(sub->match);
  if (!sub->syncs.take()) {
    sub->send(error_message("rate_limited",
                            fmt::format("at most {} syncs a second; the state follows every "
                                        "change without asking",
                                        limits_.syncs_per_second),
                            entry->match->version_for(sub->observer), "sync")
                  .dump());
    return;
  }
  sub->send(state_message(*entry->match, sub->observer, 0).dump(), MessageKind::kFullState);
  sub->sent_version = entry->match->version_for(sub->observer);
}

// Persist, then apply, then tell: nobody hears of a move the database does not hold.
void MatchService::advance_now(Entry& entry, const ActionList& actions) {
  store_.append_actions(entry.match->id(), entry.match->version(), actions);
  apply_and_push(entry, actions);
}

void MatchService::apply_and_push(Entry& entry, const ActionList& actions) {
  LiveMatch& m = *entry.match;
  entry.last_active = now_();
  // Each computer seat sees the moves it may see. An agent thinking meanwhile on a pool thread is
  // one that owns its own locking (IsmctsAgent does).
  tell_moves(seated(entry.agents), m.state(), actions);
  m.commit(actions);
  if (m.finished()) {
    if (committer_) {
      committer_->submit(Append{m.id(), 0, {}, true}, nullptr);
    } else {
      store_.set_finished(m.id());
    }
  }
  arm_clock(entry);
  push(entry);
}

// A deadline for the human seat to act, once every human seat has joined; none otherwise.
void MatchService::arm_clock(Entry& entry) {
  const LiveMatch& m = *entry.match;
  entry.deadline.reset();
  if (m.setup().move_ms <= 0) return;
  const auto seat = m.seat_to_act();
  if (!seat || m.is_agent_seat(*seat)) return;
  for (Player s = 0; s < m.num_seats(); ++s) {
    if (!m.is_agent_seat(s) && !m.joined(s)) return;
  }
  entry.deadline = now_() + std::chrono::milliseconds(m.setup().move_ms);
  entry.deadline_version = m.version();
}

std::size_t MatchService::expire_clocks() {
  std::vector<std::shared_ptr<Entry>> all;
  {
    std::shared_lock lock(matches_mutex_);
    for (const auto& [id, e] : matches_) all.push_back(e);
  }
  std::size_t played = 0;
  const ClockTime now = now_();
  for (const auto& entry : all) {
    std::lock_guard lock(entry->mutex);
    const LiveMatch& m = *entry->match;
    if (!entry->deadline || now < *entry->deadline || entry->committing ||
        m.version() != entry->deadline_version) {
      continue;
    }
    entry->deadline.reset();
    // The seat's own stream (the one a computer seat would use at this version).
    Rng rng(derive_seed(m.setup().seed, 2 * m.version() + 2));
    const ActionList legal = m.state().legal_actions();
    try {
      advance(entry, m.plan_action(legal[rng.below(legal.size())]), nullptr);
      ++played;
    } catch (const std::exception&) {
      // The database refused: nothing was played; the seat keeps the move (no deadline now).
    }
  }
  return played;
}

void MatchService::advance(const std::shared_ptr<Entry>& entry, const ActionList& actions,
                           std::shared_ptr<Subscription> mover) {
  if (!committer_) {
    advance_now(*entry, actions);
    schedule_agent(entry);
    return;
  }
  entry->committing = true;
  committer_->submit(Append{entry->match->id(), entry->match->version(), actions, false},
                     [this, entry, actions, mover](std::exception_ptr error) {
                       run_after_commit([this, entry, actions, mover, error] {
                         finish_commit(entry, actions, mover, error);
                       });
                     });
}

// After the commit (or its failure): apply and tell, then run the moves that waited for it.
void MatchService::finish_commit(const std::shared_ptr<Entry>& entry, const ActionList& actions,
                                 const std::shared_ptr<Subscription>& mover,
                                 std::exception_ptr error) {
  std::vector<std::function<void()>> waiting;
  {
    std::lock_guard lock(entry->mutex);
    entry->committing = false;
    if (error) {
      // Not stored, so not made; the mover hears why (a computer seat tries again on restart).
      if (mover) {
        try {
          std::rethrow_exception(error);
        } catch (const std::exception& e) {
          int status = 0;
          const Json err = error_json(e, status);
          mover->send(error_message(err["code"].get<std::string>(),
                                    err["message"].get<std::string>(),
                                    entry->match->version_for(mover->observer), "act")
                          .dump());
        }
      }
    } else {
      apply_and_push(*entry, actions);
      schedule_agent(entry);
    }
    waiting.swap(entry->deferred);
  }
  for (auto& job : waiting) job();
}

// Each observer hears of the events it is told of; one told nothing of these actions gets no
// message at all (its view is unchanged, and a message would count the secret steps for it).
void MatchService::push(Entry& entry) {
  for (const auto& sub : entry.subs) {
    const std::uint64_t seen = entry.match->version_for(sub->observer);
    if (seen == sub->sent_version) continue;
    sub->send(state_message(*entry.match, sub->observer, sub->sent_version).dump(),
              sub->sent_version == 0 ? MessageKind::kFullState : MessageKind::kState);
    sub->sent_version = seen;
  }
}

void MatchService::announce(Entry& entry, Player seat, std::string_view event) {
  std::vector<bool> connected;
  for (Player s = 0; s < entry.match->num_seats(); ++s) connected.push_back(entry.holds_seat(s));
  const std::string text = presence_message(*entry.match, connected, seat, event).dump();
  for (const auto& sub : entry.subs) sub->send(text);
}

void MatchService::schedule_agent(const std::shared_ptr<Entry>& entry) {
  const LiveMatch& m = *entry->match;
  const auto seat = m.seat_to_act();
  // While a move is committing, finish_commit schedules the agent once it is applied.
  if (!seat || !m.is_agent_seat(*seat) || entry->agent_busy || entry->committing || stopping_) {
    return;
  }
  entry->agent_busy = true;
  const std::uint64_t version = m.version();
  pool_.submit(m.id(), [this, entry, version] { agent_move(entry, version); });
}

// Thinks on a copy of the state without the match's lock, then applies the move if nothing
// changed meanwhile. The agent sees only an Observation (its seat's view and sampled worlds).
void MatchService::agent_move(const std::shared_ptr<Entry>& entry, std::uint64_t version) {
  std::optional<State> copy;
  Player seat = 0;
  Agent* agent = nullptr;
  {
    std::lock_guard lock(entry->mutex);
    entry->agent_busy = false;
    if (stopping_) return;  // a restart plays this move
    const auto to_act = entry->match->seat_to_act();
    if (entry->match->version() != version || !to_act) {
      schedule_agent(entry);  // the match moved on meanwhile: think about the new position
      return;
    }
    seat = *to_act;
    agent = entry->agents[seat].get();
    copy.emplace(entry->match->state());
    entry->agent_busy = true;
  }
  Rng rng(derive_seed(entry->match->setup().seed, 2 * version + 2));
  Action action = kNoAction;
  // Whatever the spec's own budget, the move stops at the server's cap or when it shuts down.
  const StopSignal stop = thinking_stop();
  agent->set_stop(&stop);
  try {
    action = agent->choose(Observation(*copy, seat), rng);
  } catch (const std::exception&) {
    action = kNoAction;
  }
  agent->set_stop(nullptr);
  std::lock_guard lock(entry->mutex);
  entry->agent_busy = false;
  if (stopping_) return;  // a move cut short by the shutdown is not played: a restart thinks again
  // A resignation meanwhile ends the match without changing its version.
  if (entry->match->finished()) return;
  if (entry->match->version() != version || entry->committing) {
    schedule_agent(entry);  // the match moved on meanwhile (or finish_commit will schedule)
    return;
  }
  if (action == kNoAction || !copy->is_legal(action)) {
    // Never stall a match on a broken agent: fall back to the first legal action.
    action = copy->legal_actions().front();
  }
  try {
    advance(entry, entry->match->plan_action(action), nullptr);
  } catch (const std::exception&) {
    return;  // the database refused: the move is not made; a restart will retry it
  }
}

void MatchService::inspect(const std::string& id, const std::function<void(const LiveMatch&)>& f) {
  auto [entry, lock] = lock_match(id);
  f(*entry->match);
}

void MatchService::wait_idle() {
  pool_.wait_idle();
  if (!committer_) return;
  // A commit may schedule a computer move, and a computer move a commit: until both are quiet.
  std::uint64_t seen = 0;
  do {
    seen = committer_->transactions();
    pool_.wait_idle();
    committer_->wait_idle();
  } while (committer_->transactions() != seen);
}

}  // namespace mw::server
