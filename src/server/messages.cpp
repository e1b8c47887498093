#include "server/messages.h"

#include "core/json_text.h"

namespace mw::server {
namespace {

Json player_or_null(std::optional<Player> p) {
  return p ? Json(*p) : Json(nullptr);
}

// How a finished match ended (public facts): the returns, who resigned, and its rematch.
void add_ending(const LiveMatch& match, Json& m) {
  if (!match.finished()) return;
  m["returns"] = match.returns();
  if (match.resigned()) m["resigned"] = *match.resigned();
  if (!match.rematch().empty()) m["rematch"] = match.rematch();
}

}  // namespace

namespace {

// An object with room for a message's members: Json's objects are vectors, and one that grows
// copies the members it holds (the view among them) each time.
Json message_object() {
  Json m = Json::object();
  m.get_ref<Json::object_t&>().reserve(16);
  return m;
}

// Calls `f` with each of the seat's legal moves in notation when it is to act, else never.
template <typename F>
void each_legal_text(const LiveMatch& match, Player observer, F f) {
  if (observer < 0 || match.seat_to_act() != observer) return;
  const State& state = match.state();
  for (const Action a : state.legal_actions()) f(state.action_to_string(a));
}

// The seat's legal moves in notation when it is to act, else [].
Json legal_for(const LiveMatch& match, Player observer) {
  Json legal = Json::array();
  each_legal_text(match, observer, [&](std::string text) { legal.push_back(std::move(text)); });
  return legal;
}

// The events this observer was told of from its event `from` on, numbered among themselves: one
// told nothing of an action does not learn that it happened, nor how many such actions there were.
Json events_for(const LiveMatch& match, Player observer, std::uint64_t from) {
  const auto& events = match.events();
  const auto& mine = match.told_events(observer);
  const std::size_t told = told_index(match, observer);
  Json log = Json::array();
  for (std::size_t n = from; n < mine.size(); ++n) {
    const Event& event = events[mine[n]];
    Json e;
    e["n"] = n;
    e["player"] = event.player >= 0 ? Json(event.player) : Json("chance");
    e["text"] = event.told[told];
    add_event_facts(event.setup, event.outcome, e);
    log.push_back(std::move(e));
  }
  return log;
}

}  // namespace

Json state_message(const LiveMatch& match, Player observer, std::uint64_t events_from,
                   const Json& view) {
  Json m = message_object();
  m["type"] = "state";
  m["match"] = match.id();
  m["game"] = match.setup().game;
  m["version"] = match.version_for(observer);
  m["seat"] = observer >= 0 ? Json(observer) : Json(nullptr);
  m["to_act"] = player_or_null(match.seat_to_act());
  m["status"] = match.finished() ? "finished" : "playing";
  m["view"] = view;
  m["legal"] = legal_for(match, observer);
  // A client ahead of us: send everything.
  if (events_from > match.told_events(observer).size()) events_from = 0;
  m["events_from"] = events_from;
  m["events"] = events_for(match, observer, events_from);
  add_ending(match, m);
  m["seed_commitment"] = match.seed_commitment();
  return m;
}

namespace {

// legal_for as its text, without a Json string per move: a seat to act in some games has hundreds.
void append_legal(std::string& out, const LiveMatch& match, Player observer) {
  JsonTextWriter w(out);
  w.begin_array();
  each_legal_text(match, observer, [&](const std::string& text) { w.string(text); });
  w.end_array();
}

}  // namespace

std::string patch_message(const LiveMatch& match, Player observer, std::uint64_t base,
                          std::string_view patch) {
  Json head = message_object();
  head["type"] = "patch";
  head["match"] = match.id();
  head["version"] = match.version_for(observer);
  head["base"] = base;
  head["to_act"] = player_or_null(match.seat_to_act());
  head["status"] = match.finished() ? "finished" : "playing";
  Json tail = message_object();
  tail["events"] = events_for(match, observer, base);
  add_ending(match, tail);
  // {head..., "patch": <patch>, "legal": <legal>, tail...}: neither object is empty.
  std::string text = json_text(head);
  text.back() = ',';
  text += "\"patch\":";
  text += patch;
  text += ",\"legal\":";
  append_legal(text, match, observer);
  text += ',';
  const std::size_t brace = text.size();
  append_json_text(text, tail);
  text.erase(brace, 1);  // the tail's members go on the message's
  return text;
}

void add_event_facts(bool setup, const Json& outcome, Json& event) {
  if (setup) event["setup"] = true;
  if (!outcome.is_null()) event["outcome"] = outcome;
}

Json error_message(const std::string& code, const std::string& message, std::uint64_t version,
                   const std::string& request) {
  Json m;
  m["type"] = "error";
  m["code"] = code;
  m["message"] = message;
  m["version"] = version;
  if (!request.empty()) m["request"] = request;
  return m;
}

namespace {

Json seat_entry(const LiveMatch& match, Player s) {
  Json entry;
  entry["seat"] = s;
  entry["kind"] = match.setup().seats[s].human ? "human" : "agent";
  if (!match.setup().seats[s].human) entry["agent"] = match.setup().seats[s].agent;
  entry["joined"] = match.setup().seats[s].human ? match.joined(s) : true;
  return entry;
}

}  // namespace

Json presence_message(const LiveMatch& match, const std::vector<bool>& connected, Player seat,
                      std::string_view event) {
  Json seats = Json::array();
  for (Player s = 0; s < match.num_seats(); ++s) {
    Json entry = seat_entry(match, s);
    // A computer seat is always there; a human one when a connection holds it.
    entry["connected"] = !match.setup().seats[s].human ||
                         (static_cast<std::size_t>(s) < connected.size() && connected[s]);
    seats.push_back(std::move(entry));
  }
  return {{"type", "presence"}, {"seat", seat}, {"event", event}, {"seats", std::move(seats)}};
}

Json rematch_message(const std::string& next, std::optional<Player> seat,
                     const std::string& token) {
  Json m = {{"type", "rematch"}, {"match", next}};
  if (seat) m["seat"] = *seat;
  if (!token.empty()) m["token"] = token;
  return m;
}

Json match_summary(const LiveMatch& match) {
  Json j;
  j["match"] = match.id();
  j["game"] = match.setup().game;
  j["options"] = match.setup().options;
  j["public"] = match.setup().is_public;
  j["created"] = match.setup().created;
  if (match.setup().move_ms > 0) j["clock"] = {{"move_seconds", match.setup().move_ms / 1000}};
  Json seats = Json::array();
  for (Player s = 0; s < match.num_seats(); ++s) seats.push_back(seat_entry(match, s));
  j["seats"] = std::move(seats);
  j["version"] = match.version_for(kSpectator);  // public steps only
  j["seed_commitment"] = match.seed_commitment();
  j["to_act"] = player_or_null(match.seat_to_act());
  j["status"] = match.finished() ? "finished" : "playing";
  add_ending(match, j);
  return j;
}

}  // namespace mw::server
