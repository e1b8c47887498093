// MatchService: the ways a match ends other than by its rules (a resignation) and what follows it
// (a rematch).
#include <fmt/format.h>

#include "server/match_service.h"
#include "server/match_service_detail.h"
#include "server/messages.h"
#include "server/rematch.h"
#include "server/server_error.h"
#include "server/tokens.h"

namespace mw::server {

using detail::fresh_seed;
using detail::refusal;
using detail::unix_seconds_now;

void MatchService::resign(const std::shared_ptr<Subscription>& sub, std::uint64_t version) {
  auto [entry, lock] = lock_match(sub->match);
  resign_locked(entry, sub, version);
}

void MatchService::resign_locked(const std::shared_ptr<Entry>& entry,
                                 const std::shared_ptr<Subscription>& sub, std::uint64_t version) {
  // A move in commit may end the match: the resignation is judged once it is applied.
  if (defer_while_committing(entry, [=, this] { resign_locked(entry, sub, version); })) return;
  catch_up_if_shared(entry);  // a move made through another instance may have ended it
  LiveMatch& m = *entry->match;
  try {
    if (sub->observer < 0) fail("unauthorized", 403, "a spectator cannot resign");
    if (m.finished()) fail("finished", 409, "the match is over");
    // The version guards against resigning a position the player has not seen (a move that
    // would have won, say, arrived meanwhile).
    if (version != m.version_for(sub->observer)) {
      fail("stale_version", 409,
           fmt::format("the match is at version {}, the resignation was made at version {}",
                       m.version_for(sub->observer), version));
    }
    // Nobody hears of what the database lacks; a move through another instance meanwhile makes
    // it a conflict: judged again on the caught-up match (a stale version, then).
    store_.set_resigned(m.id(), sub->observer, m.version());
  } catch (const std::exception& e) {
    if (caught_up_after_conflict(entry, e)) return resign_locked(entry, sub, version);
    sub->send(refusal(e, m.version_for(sub->observer), "resign"));
    int status = 0;
    if (error_json(e, status)["code"] == "stale_version" && sub->syncs.take()) {
      send_full_state(*entry, *sub);
    }
    return;
  }
  m.resign(sub->observer);
  entry->deadline.reset();
  entry->last_active = now_();
  // No action was played, so versions stay: each connection gets a patch with no change to its
  // view and no new event (normally), with the new status, returns and "resigned".
  push(*entry, /*ending=*/true);
}

void MatchService::rematch(const std::shared_ptr<Subscription>& sub) {
  auto [entry, lock] = lock_match(sub->match);
  rematch_locked(entry, sub);
}

void MatchService::rematch_locked(const std::shared_ptr<Entry>& entry,
                                  const std::shared_ptr<Subscription>& sub) {
  if (defer_while_committing(entry, [=, this] { rematch_locked(entry, sub); })) return;
  LiveMatch& m = *entry->match;
  try {
    if (sub->observer < 0) fail("unauthorized", 403, "only a seated player may ask for a rematch");
    if (!m.finished()) {
      fail("not_finished", 409,
           "the match is still being played: a rematch is offered once it is over");
    }
    if (m.rematch().empty()) return start_rematch(*entry);
    // Asked again (the other seat, or a seat that was away when it was made): the same match.
    auto [next, next_lock] = lock_match(m.rematch());
    const std::string token = issue_token(*next, sub->observer);
    sub->send(rematch_message(m.rematch(), sub->observer, token).dump());
  } catch (const std::exception& e) {
    sub->send(refusal(e, m.version_for(sub->observer), "rematch"));
  }
}

void MatchService::start_rematch(Entry& entry) {
  LiveMatch& m = *entry.match;
  MatchSetup setup = m.setup();
  setup.id = new_match_id();
  setup.created = unix_seconds_now();
  // A new deal: the old seed was revealed with the finished match's record.
  setup.seed = fresh_seed();
  setup.seed_salt = new_token();
  setup.options = rematch_options(registry_, setup.game, setup.options);
  make_room();
  auto live = std::make_unique<LiveMatch>(registry_, setup);
  store_.create_match(setup);
  auto next = add(std::move(live));
  std::vector<std::string> tokens(static_cast<std::size_t>(m.num_seats()));
  {
    std::lock_guard next_lock(next->mutex);
    // Only seats that are here now get a token: one sent to nobody would hold the seat for
    // nothing. A seat away now gets its token when it comes back and asks.
    for (Player s = 0; s < m.num_seats(); ++s) {
      if (entry.holds_seat(s)) tokens[s] = issue_token(*next, s);
    }
    start(next);
  }
  store_.set_rematch(m.id(), setup.id);
  m.set_rematch(setup.id);
  for (const auto& sub : entry.subs) {
    const bool seated = sub->observer >= 0;
    sub->send(rematch_message(setup.id,
                              seated ? std::optional<Player>(sub->observer) : std::nullopt,
                              seated ? tokens[sub->observer] : "")
                  .dump());
  }
}

std::string MatchService::issue_token(Entry& entry, Player seat) {
  LiveMatch& m = *entry.match;
  if (m.is_agent_seat(seat) || m.joined(seat)) return "";
  const std::string token = new_token();
  const SeatToken stored{sha256_hex(token), unix_seconds_now(), false};
  store_.set_token(m.id(), seat, stored);
  m.set_token(seat, stored);
  entry.last_active = now_();
  arm_clock(entry);
  announce(entry, seat, "joined");
  return token;
}

}  // namespace mw::server
