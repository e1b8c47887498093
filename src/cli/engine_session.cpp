// The engine protocol: line framing, field checks, and one handler per request. docs/protocol.md
// is the client's side of the same rules; the doc test replays its examples against this file.
#include "cli/engine_session.h"

#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "ai/agents.h"
#include "core/error.h"
#include "core/json_depth.h"
#include "core/match.h"
#include "core/record.h"
#include "core/state.h"

namespace mw::cli {
namespace {

constexpr const char* kRequestNames =
    "version, games, new, load, state, view, legal, play, chance, undo, ai, record, quit";

[[noreturn]] void bad_request(const std::string& message) {
  throw Error(ErrorCode::kBadRequest, message);
}

// Cuts `text` to at most `max` bytes on a UTF-8 character boundary.
std::string shorten(std::string text, std::size_t max) {
  if (text.size() <= max) return text;
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  text.resize(cut);
  return text + "…";
}

// A client's value quoted in a message, cut short: a 1 MiB string should not come back whole.
std::string brief(const Json& value) {
  return shorten(value.dump(-1, ' ', false, Json::error_handler_t::replace), 60);
}

// Messages can quote raw input (nlohmann's "last read: ..."), so invalid UTF-8 becomes U+FFFD and
// the reply can always be written as JSON.
std::string clean_message(const std::string& text) {
  const std::string quoted = Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
  return shorten(Json::parse(quoted).get<std::string>(), 1000);
}

Json error_reply(const Json& id, ErrorCode code, const std::string& message) {
  Json reply;
  reply["id"] = id;
  reply["ok"] = false;
  reply["error"]["code"] = std::string(error_code_name(code));
  reply["error"]["message"] = clean_message(message);
  return reply;
}

// nlohmann prefixes "[json.exception.parse_error.101] "; the client needs only what follows.
std::string without_exception_tag(const std::string& what) {
  const auto end = what.find("] ");
  return what.rfind("[json.exception.", 0) == 0 && end != std::string::npos ? what.substr(end + 2)
                                                                            : what;
}

// --- request fields. An optional field set to null counts as absent: many clients send null for
// "not set". Every type error names the field and what it expects.

const Json* field(const Json& req, const char* name) {
  const auto it = req.find(name);
  return it == req.end() || it->is_null() ? nullptr : &*it;
}

[[noreturn]] void wrong_type(const char* name, const char* expected, const Json& got) {
  bad_request(fmt::format("\"{}\" must be {}, got {}", name, expected, brief(got)));
}

std::optional<std::string> opt_string(const Json& req, const char* name) {
  const Json* v = field(req, name);
  if (v == nullptr) return std::nullopt;
  if (!v->is_string()) wrong_type(name, "a string", *v);
  return v->get<std::string>();
}

std::string need_string(const Json& req, const char* name, const char* what) {
  auto s = opt_string(req, name);
  if (!s) bad_request(fmt::format("missing \"{}\" ({})", name, what));
  return *s;
}

std::optional<bool> opt_bool(const Json& req, const char* name) {
  const Json* v = field(req, name);
  if (v == nullptr) return std::nullopt;
  if (!v->is_boolean()) wrong_type(name, "true or false", *v);
  return v->get<bool>();
}

std::optional<std::uint64_t> opt_uint(const Json& req, const char* name, std::uint64_t min = 0) {
  const Json* v = field(req, name);
  if (v == nullptr) return std::nullopt;
  const bool non_negative =
      v->is_number_unsigned() || (v->is_number_integer() && v->get<std::int64_t>() >= 0);
  if (!non_negative || v->get<std::uint64_t>() < min) {
    wrong_type(name, min == 0 ? "a non-negative integer" : "a positive integer", *v);
  }
  return v->get<std::uint64_t>();
}

const Json* opt_object(const Json& req, const char* name) {
  const Json* v = field(req, name);
  if (v != nullptr && !v->is_object()) wrong_type(name, "a JSON object", *v);
  return v;
}

Json player_json(Player p) {
  return p == kTerminalPlayer ? Json(nullptr) : Json(p);
}

// One applied or listed action as the client sees it; `state` is the state it applies to.
// Built with room for its fields: a legal list can hold 64,000 of these.
Json action_json(const State& state, Action a) {
  Json j = Json::object();
  auto& fields = j.get_ref<Json::object_t&>();
  fields.reserve(4);  // and "probability" for a chance outcome
  fields.emplace("player", player_json(state.current_player()));
  fields.emplace("action", a);
  fields.emplace("text", state.action_to_string(a));
  return j;
}

// Puts `fields` after what `into` already holds (ordered JSON keeps replies readable: short
// fields first, the document last); moved, since a summary carries the whole state document.
void append(Json& into, Json fields) {
  for (auto& [k, v] : fields.get_ref<Json::object_t&>()) into[k] = std::move(v);
}

}  // namespace

// The current game. Handlers change a copy and install it only when the request succeeded, which
// is how every failed request leaves the session untouched.
struct EngineSession::Match {
  // The session's random streams, seeded as play_match seeds them, so a session driven only by
  // `ai ... play` and automatic chance plays the very game `selfplay` plays with that seed.
  struct Streams {
    Rng chance;
    std::vector<Rng> seats;
    Streams(std::uint64_t seed, int num_players) : chance(chance_rng(seed)) {
      for (Player p = 0; p < num_players; ++p) seats.push_back(seat_rng(seed, p));
    }
  };

  // One action of the history and the streams just before it: undo restores them, so asking again
  // after an undo gives the same answer (a session is a function of its requests).
  struct Step {
    Action action;
    Player player;
    Streams before;
  };

  Match(State first, std::optional<Json> body, std::uint64_t seed_value, bool automatic)
      : start(first),
        start_body(std::move(body)),
        state(std::move(first)),
        streams(seed_value, start.num_players()),
        seed(seed_value),
        auto_chance(automatic) {}

  State start;                     // where the history begins
  std::optional<Json> start_body;  // its body for the record; none = the game's initial state
  State state;                     // start + every step
  std::vector<Step> steps;
  Streams streams;
  std::uint64_t seed;
  bool auto_chance;
  std::vector<std::string> players;  // from a loaded record (informational)

  const Game& game() const { return state.game(); }

  // Throws illegal_action (and the caller drops this copy) when `a` is not legal.
  Json apply(Action a, const Streams& before) {
    state.check_legal(a);  // before describing it: a record's action may be any number
    Json entry = action_json(state, a);
    const Player p = state.current_player();
    state.apply_legal(a);
    steps.push_back({a, p, before});
    return entry;
  }

  // Samples chance outcomes from the chance stream until a decision, the end, or `max` outcomes.
  void run_chance(Json& applied, std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) {
    for (std::uint64_t n = 0; n < max && state.is_chance_node(); ++n) {
      const Streams before = streams;
      const Action a = state.sample_chance(streams.chance);
      applied.push_back(apply(a, before));
    }
  }

  // Keeps the first `length` steps by replaying them from the start: the state API has no undo,
  // and a replay is exact for every game. Returns the removed actions in the order played.
  Json truncate(std::size_t length) {
    State replayed = start;
    for (std::size_t i = 0; i < length; ++i) replayed.apply(steps[i].action);
    Json undone = Json::array();
    State tail = replayed;
    for (std::size_t i = length; i < steps.size(); ++i) {
      undone.push_back(action_json(tail, steps[i].action));
      tail.apply(steps[i].action);
    }
    if (length < steps.size()) streams = steps[length].before;
    state = std::move(replayed);
    steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(length), steps.end());
    return undone;
  }

  // A fresh agent for seat `p` watches the game so far, as a seated one would have.
  void show_game_to(Agent& agent, Player p) const {
    std::vector<Agent*> seats(static_cast<std::size_t>(state.num_players()), nullptr);
    seats[static_cast<std::size_t>(p)] = &agent;
    ActionList played;
    for (const Step& s : steps) played.push_back(s.action);
    tell_moves(seats, start, played);
  }

  GameRecord record() const {
    GameRecord r;
    r.game = game().id();
    r.options = game().options().to_json();
    r.seed = seed;
    r.start = start_body;
    for (const Step& s : steps) r.actions.push_back(s.action);
    r.players = players;
    return r;
  }

  // The reply of every request that shows the position (see `state` in docs/protocol.md).
  Json summary() const {
    Json j;
    j["current_player"] = player_json(state.current_player());
    j["is_terminal"] = state.is_terminal();
    if (state.is_terminal()) j["returns"] = state.returns();
    j["history_length"] = steps.size();
    j["seed"] = seed;
    j["auto_chance"] = auto_chance;
    j["document"] = state.to_document();
    return j;
  }
};

EngineSession::EngineSession(const Registry& registry) : registry_(registry) {}
EngineSession::~EngineSession() = default;

Json EngineSession::handle(std::string_view line) {
  Json id = nullptr;  // until the request's own id is read
  try {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // CRLF clients
    if (line.size() > kMaxLineBytes) {
      bad_request(fmt::format("a request line is at most {} bytes", kMaxLineBytes));
    }
    if (json_nests_deeper_than(line, kMaxNesting)) {
      bad_request(fmt::format("JSON nested deeper than {} levels", kMaxNesting));
    }
    Json req;
    try {
      req = Json::parse(line.begin(), line.end());
    } catch (const Json::exception& e) {
      bad_request("not JSON: " + without_exception_tag(e.what()));
    }
    if (!req.is_object()) {
      bad_request("a request is a JSON object such as {\"id\": 1, \"request\": \"version\"}");
    }
    const auto it = req.find("id");
    if (it == req.end()) bad_request("missing \"id\" (a string or number the reply echoes)");
    if (it->is_structured()) bad_request("\"id\" must be a string, number, boolean or null");
    id = *it;
    const auto name = req.find("request");
    if (name == req.end())
      bad_request(fmt::format("missing \"request\" (one of {})", kRequestNames));
    if (!name->is_string()) wrong_type("request", "a string", *name);
    Json reply;
    reply["id"] = id;
    reply["ok"] = true;
    append(reply, dispatch(name->get<std::string>(), req));
    return reply;
  } catch (const Error& e) {
    return error_reply(id, e.code(), e.what());
  } catch (const std::exception& e) {
    // Not a client error we foresaw: say so rather than guess a code.
    return error_reply(id, ErrorCode::kInternal, e.what());
  } catch (...) {
    return error_reply(id, ErrorCode::kInternal, "unknown exception");
  }
}

Json EngineSession::dispatch(const std::string& request, const Json& req) {
  if (request == "version" || request == "hello") return on_version();
  if (request == "games") return on_games();
  if (request == "new") return on_new(req);
  if (request == "load") return on_load(req);
  if (request == "state") return on_state();
  if (request == "view") return on_view(req);
  if (request == "legal") return on_legal();
  if (request == "play") return on_play(req);
  if (request == "chance") return on_chance(req);
  if (request == "undo") return on_undo(req);
  if (request == "ai") return on_ai(req);
  if (request == "record") return on_record();
  if (request == "quit") return on_quit();
  bad_request(fmt::format("unknown request {}; known: {}", brief(Json(request)), kRequestNames));
}

const EngineSession::Match& EngineSession::match() const {
  if (!match_) bad_request("no game: send new or load first");
  return *match_;
}

Json EngineSession::on_version() {
  Json j;
  j["name"] = "mazeworks";
  j["version"] = std::string(kEngineVersion);
  j["protocol"] = kProtocolVersion;
  return j;
}

Json EngineSession::on_games() {
  Json games = game_catalog(registry_);
  Json j;
  j["games"] = std::move(games);
  return j;
}

Json EngineSession::on_new(const Json& req) {
  const std::string id = need_string(req, "game", "a game id; the games request lists them");
  const Json* options = opt_object(req, "options");
  const std::uint64_t seed = opt_uint(req, "seed").value_or(0);
  const bool auto_chance = opt_bool(req, "auto_chance").value_or(true);
  const Game game = registry_.load(id, options ? *options : Json::object());
  Match next(game.new_initial_state(), std::nullopt, seed, auto_chance);
  Json j;
  j["applied"] = Json::array();
  if (auto_chance) next.run_chance(j["applied"]);
  append(j, next.summary());
  match_ = std::make_unique<Match>(std::move(next));
  return j;
}

namespace {

// Client JSON reaches game code here, so nlohmann's own type errors become the load's error code.
template <class F>
auto loading(ErrorCode code, const char* what, F&& f) {
  try {
    return f();
  } catch (const Error& e) {
    // An unknown game or option is reported as such: the client learns what the engine lacks.
    if (e.code() == code || e.code() == ErrorCode::kUnknownGame ||
        e.code() == ErrorCode::kBadOption) {
      throw;
    }
    throw Error(code, fmt::format("{}: {}", what, e.what()));
  } catch (const std::exception& e) {
    throw Error(code, fmt::format("{}: {}", what, without_exception_tag(e.what())));
  }
}

}  // namespace

Json EngineSession::on_load(const Json& req) {
  const Json* document = field(req, "document");
  const Json* record = field(req, "record");
  if ((document == nullptr) == (record == nullptr)) {
    bad_request("load takes one of \"document\" (a state document) or \"record\" (a game record)");
  }
  const std::optional<std::uint64_t> seed = opt_uint(req, "seed");
  const bool auto_chance = opt_bool(req, "auto_chance").value_or(true);
  std::optional<Match> next;
  if (document != nullptr) {
    State s = loading(ErrorCode::kBadState, "state document",
                      [&] { return registry_.state_from_document(*document); });
    Json body = s.to_json();
    next.emplace(std::move(s), std::move(body), seed.value_or(0), auto_chance);
  } else {
    loading(ErrorCode::kBadRecord, "game record", [&] {
      const GameRecord r = GameRecord::from_json(*record);
      next.emplace(replay(registry_, r, 0), r.start, seed.value_or(r.seed), auto_chance);
      for (std::size_t i = 0; i < r.actions.size(); ++i) {
        try {
          next->apply(r.actions[i], next->streams);
        } catch (const Error& e) {
          const std::string what = fmt::format("game record: action #{} ({}) does not apply: {}",
                                               i + 1, r.actions[i], e.what());
          throw Error(ErrorCode::kBadRecord, what);
        }
      }
      next->players = r.players;
    });
  }
  Json j;
  j["applied"] = Json::array();
  if (auto_chance) next->run_chance(j["applied"]);
  append(j, next->summary());
  match_ = std::make_unique<Match>(std::move(*next));
  return j;
}

Json EngineSession::on_state() {
  return match().summary();
}

Json EngineSession::on_view(const Json& req) {
  const Match& m = match();
  const Json* who = field(req, "player");
  if (who == nullptr)
    bad_request("missing \"player\" (a seat number, \"spectator\" or \"omniscient\")");
  Player observer = kSpectator;
  if (who->is_string() && *who == "spectator") {
    observer = kSpectator;
  } else if (who->is_string() && *who == "omniscient") {
    observer = kOmniscient;
  } else if (who->is_number_integer() && (*who).get<std::int64_t>() >= 0 &&
             (*who).get<std::uint64_t>() < static_cast<std::uint64_t>(m.state.num_players())) {
    observer = (*who).get<Player>();
  } else {
    bad_request(
        fmt::format("\"player\" must be a seat 0..{}, \"spectator\" or \"omniscient\", got {}",
                    m.state.num_players() - 1, brief(*who)));
  }
  Json j;
  j["player"] = *who;
  j["view"] = m.state.view(observer);
  if (opt_bool(req, "render").value_or(false) && m.game().entry().render_view) {
    j["text"] = m.game().render(j["view"], RenderStyle{/*color=*/false, /*unicode=*/true});
  }
  return j;
}

Json EngineSession::on_legal() {
  const State& s = match().state;
  Json actions = Json::array();
  if (s.is_chance_node()) {
    for (const ChanceOutcome& o : s.chance_outcomes()) {
      Json a = action_json(s, o.action);
      a["probability"] = o.probability;
      actions.push_back(std::move(a));
    }
  } else if (!s.is_terminal()) {
    const ActionList legal = s.legal_actions();
    actions.get_ref<Json::array_t&>().reserve(legal.size());
    for (const Action a : legal) actions.push_back(action_json(s, a));
  }
  Json j;
  j["player"] = player_json(s.current_player());
  j["actions"] = std::move(actions);
  return j;
}

Json EngineSession::on_play(const Json& req) {
  Match next = match();
  const Json* v = field(req, "action");
  if (v == nullptr) bad_request("missing \"action\" (notation text or an action number)");
  std::vector<Action> actions;
  if (v->is_string()) {
    actions = next.state.parse_actions(v->get<std::string>());
  } else if (v->is_number_integer() &&
             !(v->is_number_unsigned() &&
               v->get<std::uint64_t>() >
                   static_cast<std::uint64_t>(std::numeric_limits<Action>::max()))) {
    actions.push_back(v->get<Action>());
  } else {
    wrong_type("action", "notation text or an action number", *v);
  }
  Json j;
  j["applied"] = Json::array();
  // Text may stand for several decisions (a whole path); they apply all or none.
  for (std::size_t i = 0; i < actions.size(); ++i) {
    try {
      j["applied"].push_back(next.apply(actions[i], next.streams));
    } catch (const Error& e) {
      if (actions.size() == 1) throw;
      throw Error(e.code(), fmt::format("action {} of {}: {}", i + 1, actions.size(), e.what()));
    }
  }
  if (next.auto_chance) next.run_chance(j["applied"]);
  append(j, next.summary());
  *match_ = std::move(next);
  return j;
}

Json EngineSession::on_chance(const Json& req) {
  Match next = match();
  const auto count = opt_uint(req, "count", 1);
  Json j;
  j["applied"] = Json::array();
  next.run_chance(j["applied"], count.value_or(std::numeric_limits<std::uint64_t>::max()));
  append(j, next.summary());
  *match_ = std::move(next);
  return j;
}

Json EngineSession::on_undo(const Json& req) {
  Match next = match();
  const std::uint64_t count = opt_uint(req, "count", 1).value_or(1);
  // With automatic chance a client only sees decisions, so undo counts decisions and also takes
  // back the chance outcomes that followed them; otherwise it counts every action.
  std::uint64_t available = 0;
  for (const Match::Step& s : next.steps)
    available += !next.auto_chance || s.player != kChancePlayer;
  if (count > available) {
    bad_request(available == 0
                    ? std::string("nothing to undo")
                    : fmt::format("cannot undo {}: only {} {} to take back", count, available,
                                  next.auto_chance ? "decisions" : "actions"));
  }
  std::size_t length = next.steps.size();
  for (std::uint64_t k = 0; k < count; ++k) {
    while (next.auto_chance && next.steps[length - 1].player == kChancePlayer) --length;
    --length;
  }
  Json j;
  j["undone"] = next.truncate(length);
  j["applied"] = Json::array();
  if (next.auto_chance) next.run_chance(j["applied"]);  // lands on a decision: normally nothing
  append(j, next.summary());
  *match_ = std::move(next);
  return j;
}

Json EngineSession::on_ai(const Json& req) {
  const Match& m = match();
  const std::string text = need_string(req, "agent", "an agent spec such as \"random\"");
  const bool play = opt_bool(req, "play").value_or(false);
  const AgentSpec plain = AgentSpec::parse(text);
  AgentSpec spec = plain;
  // Search budgets travel as spec parameters; agents without a budget ignore them.
  for (const char* budget : {"ms", "iterations"}) {
    if (auto v = opt_uint(req, budget)) spec.params[budget] = *v;
  }
  if (m.state.is_terminal()) bad_request("the game is over");
  if (m.state.is_chance_node()) {
    bad_request("chance is to act, not a seat: send chance, or play an outcome");
  }
  const Player p = m.state.current_player();
  if (p < 0 || p >= static_cast<Player>(m.streams.seats.size())) {
    throw Error(ErrorCode::kInternal, fmt::format("current player {} is not a seat", p));
  }
  std::unique_ptr<Agent> agent;
  try {
    agent = make_agent(m.game(), spec.to_string());
  } catch (const Error& e) {
    // An agent without a budget refuses the parameters as unknown (greedy checks its own): then
    // the budget does not apply to it, and the reply's `agent` shows the spec without it. A
    // budget the agent has but refuses (out of its range) is the caller's error.
    const bool unknown_parameter =
        std::string_view(e.what()).find("unknown parameter") != std::string_view::npos;
    if (e.code() != ErrorCode::kUnknownAgent || spec.params == plain.params || !unknown_parameter) {
      throw;
    }
    spec = plain;
    agent = make_agent(m.game(), spec.to_string());
  }
  m.show_game_to(*agent, p);
  Rng rng = m.streams.seats[p];  // a copy: asking without play leaves the stream where it was
  Action a = kNoAction;
  try {
    a = agent->choose(Observation(m.state, p), rng);
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw Error(ErrorCode::kInternal, fmt::format("agent '{}' failed: {}", text, e.what()));
  }
  if (const std::string why = m.state.illegal_reason(a); !why.empty()) {
    throw Error(ErrorCode::kInternal,
                fmt::format("agent '{}' chose an illegal action {}: {}", text, a, why));
  }
  Json j;
  j["agent"] = spec.to_string();
  append(j, action_json(m.state, a));
  if (play) {
    Match next = m;
    const Match::Streams before = next.streams;
    next.streams.seats[p] = rng;
    j["applied"] = Json::array();
    j["applied"].push_back(next.apply(a, before));
    if (next.auto_chance) next.run_chance(j["applied"]);
    append(j, next.summary());
    *match_ = std::move(next);
  }
  return j;
}

Json EngineSession::on_record() {
  Json j;
  j["record"] = match().record().to_json(registry_);
  return j;
}

Json EngineSession::on_quit() {
  finished_ = true;
  return Json::object();
}

std::string reply_line(const Json& reply) {
  // `replace` can never throw; handle() already made every message valid UTF-8.
  return reply.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace mw::cli
