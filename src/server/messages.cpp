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

// Whether the observer's messages list its legal moves: a seat, when it is to act.
bool lists_legal(const LiveMatch& match, Player observer) {
  return observer >= 0 && match.seat_to_act() == observer;
}

// The seat's legal moves in notation when it is to act, else [].
Json legal_for(const LiveMatch& match, Player observer) {
  Json legal = Json::array();
  if (!lists_legal(match, observer)) return legal;
  const State& state = match.state();
  for (const Action a : state.legal_actions()) legal.push_back(state.action_to_string(a));
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

void write_player_or_null(JsonTextWriter& w, std::optional<Player> p) {
  if (p) {
    w.integer(*p);
  } else {
    w.null();
  }
}

// The "legal" member: legal_for as its text, each move's text written straight.
void write_legal(JsonTextWriter& w, const LiveMatch& match, Player observer) {
  w.key("legal");
  w.begin_array();
  if (lists_legal(match, observer)) match.state().write_legal_action_texts(w);
  w.end_array();
}

// events_for as its text.
void write_events(JsonTextWriter& w, const LiveMatch& match, Player observer, std::uint64_t from) {
  const auto& events = match.events();
  const auto& mine = match.told_events(observer);
  const std::size_t told = told_index(match, observer);
  w.begin_array();
  for (std::size_t n = from; n < mine.size(); ++n) {
    const Event& event = events[mine[n]];
    w.begin_object();
    w.key("n");
    w.integer(n);
    w.key("player");
    if (event.player >= 0) {
      w.integer(event.player);
    } else {
      w.string("chance");
    }
    w.key("text");
    w.string(event.told[told]);
    if (event.setup) {
      w.key("setup");
      w.boolean(true);
    }
    if (!event.outcome.is_null()) {
      w.key("outcome");
      w.value(event.outcome);
    }
    w.end_object();
  }
  w.end_array();
}

// add_ending as text: the members a finished match's message ends with.
void write_ending(JsonTextWriter& w, const LiveMatch& match) {
  if (!match.finished()) return;
  w.key("returns");
  w.value(Json(match.returns()));
  if (match.resigned()) {
    w.key("resigned");
    w.integer(*match.resigned());
  }
  if (!match.rematch().empty()) {
    w.key("rematch");
    w.string(match.rematch());
  }
}

}  // namespace

// Written straight as text, member by member in the order a Json object of them would dump:
// one is built for every observer of every move.
std::string patch_message(const LiveMatch& match, Player observer, std::uint64_t base,
                          std::string_view patch) {
  std::string text;
  {
    JsonTextWriter w(text);
    w.begin_object();
    w.key("type");
    w.string("patch");
    w.key("match");
    w.string(match.id());
    w.key("version");
    w.integer(match.version_for(observer));
    w.key("base");
    w.integer(base);
    w.key("to_act");
    write_player_or_null(w, match.seat_to_act());
    w.key("status");
    w.string(match.finished() ? "finished" : "playing");
    w.key("patch");
    w.raw(patch);
    write_legal(w, match, observer);
    w.key("events");
    write_events(w, match, observer, base);
    write_ending(w, match);
    w.end_object();
  }
  return text;
}

std::string state_message_text(const LiveMatch& match, Player observer, std::uint64_t events_from,
                               std::string_view view_text) {
  // A client ahead of us: send everything.
  if (events_from > match.told_events(observer).size()) events_from = 0;
  std::string text;
  text.reserve(view_text.size() + 256);
  {
    JsonTextWriter w(text);
    w.begin_object();
    w.key("type");
    w.string("state");
    w.key("match");
    w.string(match.id());
    w.key("game");
    w.string(match.setup().game);
    w.key("version");
    w.integer(match.version_for(observer));
    w.key("seat");
    write_player_or_null(w, observer >= 0 ? std::optional<Player>(observer) : std::nullopt);
    w.key("to_act");
    write_player_or_null(w, match.seat_to_act());
    w.key("status");
    w.string(match.finished() ? "finished" : "playing");
    w.key("view");
    w.raw(view_text);
    write_legal(w, match, observer);
    w.key("events_from");
    w.integer(events_from);
    w.key("events");
    write_events(w, match, observer, events_from);
    write_ending(w, match);
    w.key("seed_commitment");
    w.string(match.seed_commitment());
    w.end_object();
  }
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
