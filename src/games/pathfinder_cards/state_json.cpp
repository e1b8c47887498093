// The JSON forms of a Pathfinder state: the body (to_json / from_json) and the views.
// Schema: docs/rules/pathfinder-cards.md.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "core/error.h"
#include "core/hash.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {
namespace {

constexpr std::array<const char*, 4> kPhaseNames = {"build", "compass", "play", "over"};
constexpr std::array<const char*, 4> kCompassNames = {"none", "table", "withdrawn", "used"};
constexpr std::array<const char*, 9> kTaskNames = {
    "encounter", "damage", "trial", "alteration", "advisor", "pathfinder", "seer", "mover", "wake"};
constexpr std::array<const char*, 6> kTrialNames = {"10S", "10C", "10D", "jack", "queen", "king"};
constexpr std::array<const char*, 22> kDecisionNames = {
    "none",         "place",         "compass",   "explore",   "damage-window", "damage-pick",
    "save",         "trial-window",  "ten-flip",  "count",     "ten-suit",      "jack-predict",
    "queen-choose", "queen-predict", "king-flip", "king-name", "alteration",    "ask",
    "pathfinder",   "seer",          "mover",     "roles"};
constexpr std::array<const char*, 16> kMembers = {
    "phase",       "cards",  "hand",     "compass", "discards",   "stack", "tens",    "winner",
    "compassCard", "powers", "question", "answers", "lastCancel", "game",  "results", "firstMaker"};

[[noreturn]] void bad(const std::string& what) {
  throw Error(ErrorCode::kBadState, "pathfinder-cards state: " + what);
}

template <std::size_t N>
int index_of(const std::array<const char*, N>& names, const Json& j, const char* what) {
  if (j.is_string()) {
    for (std::size_t i = 0; i < N; ++i) {
      if (j.get<std::string>() == names[i]) return static_cast<int>(i);
    }
  }
  bad(fmt::format("\"{}\" is not a valid {}", j.dump(), what));
}

const Json& member(const Json& body, const char* name) {
  if (!body.contains(name)) bad(fmt::format("missing \"{}\"", name));
  return body[name];
}

int int_in(const Json& j, int lo, int hi, const char* what) {
  if (!j.is_number_integer()) bad(fmt::format("{} must be an integer", what));
  const auto v = j.get<std::int64_t>();
  if (v < lo || v > hi) bad(fmt::format("{} = {} is out of range {}..{}", what, v, lo, hi));
  return static_cast<int>(v);
}

int cell_of_json(const Json& j, const char* what) {
  if (j.is_null()) return -1;
  if (!j.is_string() || parse_cell(j.get<std::string>()) < 0) {
    bad(fmt::format("{} must be a cell \"x,y\" or null", what));
  }
  return parse_cell(j.get<std::string>());
}

Json cell_json(int cell) {
  return cell < 0 ? Json(nullptr) : Json(cell_name(cell));
}

int heart_of_json(const Json& j) {
  if (!j.is_string() || parse_heart_code(j.get<std::string>()) < 0) {
    bad(fmt::format("{} is not a heart code", j.dump()));
  }
  return parse_heart_code(j.get<std::string>());
}

Json hearts_json(std::uint16_t hand) {
  Json out = Json::array();
  for (int r = 1; r <= 13; ++r) {
    if ((hand >> r) & 1) out.push_back(heart_code(r));
  }
  return out;
}

Json cells_json(const Layout& l, std::uint64_t cards) {
  Json out = Json::array();
  for (int cell = 0; cell < kCells; ++cell) {
    const int c = l.at[cell];
    if (c >= 0 && ((cards >> c) & 1)) out.push_back(cell_name(cell));
  }
  return out;
}

}  // namespace

struct JsonIo {
  static Json task_json(const Task& t) {
    return {{"kind", kTaskNames[static_cast<int>(t.kind)]},
            {"trial", kTrialNames[static_cast<int>(t.trial)]},
            {"step", t.step},
            {"aux", t.aux},
            {"cell", cell_json(t.cell)},
            {"cell2", cell_json(t.cell2)},
            {"flags", t.flags},
            {"pay", hearts_json(t.pay)}};
  }

  static Task read_task(const Json& j, const Layout& l) {
    if (!j.is_object()) bad("a stack entry must be an object");
    Task t;
    t.kind = static_cast<TaskKind>(index_of(kTaskNames, member(j, "kind"), "task kind"));
    t.trial = static_cast<TrialKind>(index_of(kTrialNames, member(j, "trial"), "trial"));
    t.step = static_cast<std::uint8_t>(int_in(member(j, "step"), 0, 2, "step"));
    t.aux = static_cast<std::int8_t>(int_in(member(j, "aux"), -1, kNumCards - 1, "aux"));
    t.cell = static_cast<std::int16_t>(cell_of_json(member(j, "cell"), "cell"));
    t.cell2 = static_cast<std::int16_t>(cell_of_json(member(j, "cell2"), "cell2"));
    t.flags = static_cast<std::uint8_t>(int_in(member(j, "flags"), 0, 7, "flags"));
    if (j.contains("pay")) {
      if (!j["pay"].is_array()) bad("\"pay\" must be a list of hearts");
      for (const Json& h : j["pay"]) t.pay |= static_cast<std::uint16_t>(1u << heart_of_json(h));
    }
    if (t.kind == TaskKind::kWake) {
      if (!l.advanced || t.aux < 0 || !((kArtifactMask >> t.aux) & 1) || t.step != 0 ||
          t.pay != 0 || l.pos[t.aux] < 0) {
        bad("a wake entry names an artifact of the advanced game (J♦, Q♦, K♦)");
      }
      return t;
    }
    if (t.aux > 2) bad("aux = " + std::to_string(t.aux) + " is out of range -1..2");
    const bool power = t.kind >= TaskKind::kAdvisor;
    if (power) {
      const int max_step = t.kind == TaskKind::kAdvisor || t.kind == TaskKind::kSeer ? 1 : 0;
      if (t.step > max_step) bad("a special heart's effect has no such step");
      if (t.kind != TaskKind::kMover && t.pay != 0)
        bad("only the Mover pays when its move is made");
      if (t.kind == TaskKind::kMover && (std::popcount(t.pay) == 0 || (t.pay & 2))) {
        bad("the Mover pays K♥ or three hearts other than A♥");
      }
      return t;
    }
    if (t.pay != 0) bad("only the Mover pays hearts");
    const bool needs_cell = t.kind != TaskKind::kDamage;
    if (needs_cell && (t.cell < 0 || l.at[t.cell] < 0)) bad("a stack entry's cell holds no card");
    if (t.kind == TaskKind::kAlteration && t.step != 0) bad("an alteration has only step 0");
    if (t.kind == TaskKind::kEncounter && t.step != 0) bad("an encounter has only step 0");
    if (t.kind == TaskKind::kTrial && t.step == 2) {
      const bool two = t.trial == TrialKind::kTenDiamonds || t.trial == TrialKind::kQueen ||
                       t.trial == TrialKind::kKing;
      if (!two) bad("this trial has no step 2");
      if (t.trial == TrialKind::kTenDiamonds && t.aux < 0) bad("the 10♦ suit is missing");
      if (t.trial != TrialKind::kTenDiamonds && (t.cell2 < 0 || l.at[t.cell2] < 0)) {
        bad("the trial's chosen card is missing");
      }
    }
    return t;
  }

  static void read_cards(State& s, const Json& cards) {
    if (!cards.is_array() || cards.size() > kNumCards) bad("\"cards\" must be a list of cards");
    Layout l;
    l.topo = s.config_.topo;
    l.advanced = s.config_.advanced;
    for (const Json& e : cards) {
      if (!e.is_array() || e.size() != 3 || !e[0].is_string() || !e[2].is_boolean()) {
        bad("each card is [code, \"x,y\", faceUp]");
      }
      const int card = parse_card_code(e[0].get<std::string>());
      const int cell = cell_of_json(e[1], "a card's cell");
      if (card < 0 || cell < 0) bad(fmt::format("bad card entry {}", e.dump()));
      if (l.pos[card] >= 0 || l.at[cell] >= 0)
        bad(fmt::format("duplicate card or cell {}", e.dump()));
      l.place(card, cell);
      l.set_up(card, e[2].get<bool>());
    }
    if (!l.connected()) bad("the cards are not joined edge to edge in one piece");
    if (s.phase_ == Phase::kBuild) {
      if (l.count == kNumCards || !build_feasible(l) || l.up != 0) {
        bad("a layout being built must be face down, incomplete and completable");
      }
    } else if (!l.valid_maze()) {
      bad(l.advanced ? "the maze needs all 40 cards and the Joker reachable through artifacts"
                     : "the maze needs all 40 cards and a diamond path from A♦ to the Joker");
    }
    s.layout_ = l;
  }

  static void read_rest(State& s, const Json& body) {
    s.hand_ = 0;
    const Json& hand = member(body, "hand");
    if (!hand.is_array()) bad("\"hand\" must be a list of hearts");
    for (const Json& h : hand) s.hand_ |= static_cast<std::uint16_t>(1u << heart_of_json(h));
    s.compass_ =
        static_cast<CompassState>(index_of(kCompassNames, member(body, "compass"), "compass"));
    const Json& cc = member(body, "compassCard");
    s.compass_rank_ = cc.is_null() ? 0 : static_cast<std::int8_t>(heart_of_json(cc));
    if ((s.compass_ == CompassState::kNone) != (s.compass_rank_ == 0) || s.compass_rank_ == 1) {
      bad("the Compass card must be a non-Ace heart exactly when one was chosen");
    }
    const Json& discards = member(body, "discards");
    if (!discards.is_array() || discards.size() > 13) bad("\"discards\" must be a list of hearts");
    std::uint16_t seen = s.hand_;
    if (s.compass_ == CompassState::kTable) {
      if (s.in_hand(s.compass_rank_)) bad("the Compass card on the table is not in the hand");
      seen |= static_cast<std::uint16_t>(1u << s.compass_rank_);
    }
    s.num_discards_ = 0;
    for (const Json& d : discards) {
      const int r = heart_of_json(d);
      if ((seen >> r) & 1) bad("a heart is both discarded and held");
      seen |= static_cast<std::uint16_t>(1u << r);
      s.discards_[s.num_discards_++] = static_cast<std::int8_t>(r);
    }
    if (s.phase_ != Phase::kOver && !s.in_hand(1)) bad("the Runner holds A♥ until the game ends");
    const Json& stack = member(body, "stack");
    if (!stack.is_array() || stack.size() > kMaxTasks - 4) bad("\"stack\" must be a short list");
    if (s.phase_ != Phase::kPlay && !stack.empty()) bad("effects are pending only in play");
    s.depth_ = 0;
    for (const Json& t : stack) s.push(read_task(t, s.layout_));
    // Artifacts whose trial is not over (A-G1-38): those of a pending encounter or wake.
    s.layout_.dormant = 0;
    for (int i = 0; i < s.depth_; ++i) {
      const Task& t = s.stack_[i];
      const int card = t.kind == TaskKind::kWake        ? t.aux
                       : t.kind == TaskKind::kEncounter ? s.layout_.at[t.cell]
                                                        : -1;
      if (card >= 0 && s.config_.advanced && ((kArtifactMask >> card) & 1)) {
        s.layout_.dormant |= std::uint64_t{1} << card;
      }
    }
    const Json& tens = member(body, "tens");
    if (!tens.is_array() || tens.size() != 3) bad("\"tens\" must be a list of three results");
    for (int i = 0; i < 3; ++i) s.tens_[i] = read_ten(tens[i]);
    const int w = int_in(member(body, "winner"), -1, 1, "winner");
    if ((w >= 0) != (s.phase_ == Phase::kOver)) bad("a winner exactly when the game is over");
    s.winner_ = static_cast<std::int8_t>(w);
  }

  static TenResult read_ten(const Json& j) {
    if (!j.is_object()) bad("a ten result must be an object");
    TenResult r;
    r.valid = member(j, "valid").is_boolean() && j["valid"].get<bool>();
    r.cell = static_cast<std::int16_t>(cell_of_json(member(j, "cell"), "ten cell"));
    r.suit = static_cast<std::int8_t>(int_in(member(j, "suit"), 0, 2, "suit"));
    r.guess = static_cast<std::int8_t>(int_in(member(j, "guess"), 0, 8, "guess"));
    r.actual = static_cast<std::int8_t>(int_in(member(j, "actual"), 0, 8, "actual"));
    r.ten = static_cast<std::int8_t>(int_in(member(j, "ten"), 0, kNumCards - 1, "ten"));
    if (r.valid && r.cell < 0) bad("a valid ten result needs its cell");
    return r;
  }

  static Json powers_json(std::uint8_t used) {
    Json out = Json::array();
    for (int p = 0; p < 4; ++p) {
      if ((used >> p) & 1) out.push_back(kPowerNames[p]);
    }
    return out;
  }

  static Json answer_json(const Answer& a) {
    return {{"kind", a.kind == 0 ? "advisor" : "pathfinder"},
            {"yes", a.yes},
            {"current", a.current},
            {"dirs", a.dirs},
            {"cell", cell_json(a.cell)},
            {"up", a.up},
            {"tokens", std::vector<int>(a.tokens.begin(), a.tokens.begin() + a.len)}};
  }

  static std::vector<std::uint16_t> read_tokens(const Json& j, bool complete) {
    if (!j.is_array() || j.size() > aql::kMaxTokens)
      bad("a question is a list of at most 24 tokens");
    std::vector<std::uint16_t> out;
    for (const Json& t : j) {
      out.push_back(static_cast<std::uint16_t>(int_in(t, 0, aql::kTokenEnd - 1, "a token")));
    }
    const aql::Pending p = aql::pending(out.data(), static_cast<int>(out.size()));
    if (!p.ok || (complete && p.n != 0) || (!complete && !out.empty() && p.n == 0)) {
      bad("a question's tokens do not follow the grammar (G1.6.1)");
    }
    return out;
  }

  static Answer read_answer(const Json& j, const Layout& l) {
    if (!j.is_object()) bad("an answer must be an object");
    Answer a;
    const Json& kind = member(j, "kind");
    if (kind != "advisor" && kind != "pathfinder") bad("an answer's kind is advisor or pathfinder");
    a.kind = kind == "advisor" ? 0 : 1;
    if (!member(j, "yes").is_boolean() || !member(j, "current").is_boolean()) {
      bad("an answer's yes and current are booleans");
    }
    a.yes = j["yes"].get<bool>();
    a.current = j["current"].get<bool>();
    const Json& dirs = member(j, "dirs");
    if (!dirs.is_number_integer() || dirs.get<std::int64_t>() < 0 ||
        dirs.get<std::int64_t>() > 0xffffffffLL) {
      bad("dirs must be an integer 0..2^32-1");
    }
    a.dirs = static_cast<std::uint32_t>(dirs.get<std::int64_t>());
    a.cell = static_cast<std::int16_t>(cell_of_json(member(j, "cell"), "an answer's cell"));
    if (!member(j, "up").is_number_unsigned() && !j["up"].is_number_integer())
      bad("up must be a number");
    a.up = j["up"].get<std::uint64_t>() & kAllCards;
    const auto tokens = read_tokens(member(j, "tokens"), a.kind == 0);
    a.len = static_cast<std::int8_t>(tokens.size());
    std::copy(tokens.begin(), tokens.end(), a.tokens.begin());
    if (a.kind == 1 && (a.cell < 0 || l.at[a.cell] < 0))
      bad("a Pathfinder answer names a card's cell");
    if (a.kind == 0 && a.len == 0) bad("an Advisor answer needs its question");
    return a;
  }

  static void read_powers(State& s, const Json& body) {
    if (body.contains("powers")) {
      if (!body["powers"].is_array()) bad("\"powers\" must be a list");
      for (const Json& p : body["powers"]) {
        s.used_powers_ |= static_cast<std::uint8_t>(1u << index_of(kPowerNames, p, "power"));
      }
    }
    if (body.contains("question")) {
      const auto q = read_tokens(body["question"], false);
      const Task* t = s.top();
      if (!q.empty() && (t == nullptr || t->kind != TaskKind::kAdvisor)) {
        bad("a question is under way only while the Advisor is used");
      }
      s.q_len_ = static_cast<std::int8_t>(q.size());
      std::copy(q.begin(), q.end(), s.q_.begin());
    }
    if (body.contains("answers")) {
      const Json& a = body["answers"];
      if (!a.is_array() || a.size() > kMaxAnswers) bad("\"answers\" must be a short list");
      for (const Json& e : a) s.answers_[s.num_answers_++] = read_answer(e, s.layout_);
    }
    if (body.contains("lastCancel") && !body["lastCancel"].is_null()) {
      s.last_cancel_ = int_in(body["lastCancel"], static_cast<int>(kSwapBase),
                              static_cast<int>(kActionEnd - 1), "lastCancel");
    }
    for (int i = 0; i < s.depth_; ++i) {
      const Task& t = s.stack_[i];
      const bool power = t.kind >= TaskKind::kAdvisor && t.kind <= TaskKind::kMover;
      if (power && (i != s.depth_ - 1 || s.depth_ != 1)) {
        bad("a special heart is used only with no other effect pending");
      }
      if (t.kind == TaskKind::kMover && (t.pay & ~s.hand_) != 0)
        bad("the Mover's price is not in hand");
    }
  }

  static void read_match(State& s, const Json& body) {
    if (body.contains("game")) {
      s.game_no_ = static_cast<std::int8_t>(
          int_in(body["game"], 0, s.config_.match_games - 1, "game (the match's game index)"));
    }
    if (body.contains("results")) {
      const Json& r = body["results"];
      if (!r.is_array() || static_cast<int>(r.size()) != s.game_no_) {
        bad("\"results\" lists the Runner's score of each finished game of the match");
      }
      for (int g = 0; g < s.game_no_; ++g) {
        const int v = int_in(r[static_cast<std::size_t>(g)], 0, 19, "a game's score");
        if (v > 0 && v < 5) bad("a won game scores at least 5 (G1.3.7)");
        s.results_[static_cast<std::size_t>(g)] = static_cast<std::int8_t>(v);
      }
    } else if (s.game_no_ != 0) {
      bad("\"results\" is missing");
    }
    read_first_maker(s, body);
  }

  // G1.2 step 1: the seat that makes the first maze. Undrawn (null) only at the very start of a
  // roles=random session; a body without it from before the option had seat 0 making first.
  static void read_first_maker(State& s, const Json& body) {
    const bool start = s.phase_ == Phase::kBuild && s.layout_.count == 0 && s.game_no_ == 0;
    const Json none;
    const Json& f = body.contains("firstMaker") ? body["firstMaker"] : none;
    const int fixed = s.first_maker_;  // from the option, -1 for random
    int seat = -1;
    if (!f.is_null()) {
      seat = int_in(f, 0, 1, "firstMaker (the seat that makes the first maze)");
    } else if (fixed >= 0) {
      seat = fixed;
    } else if (!start) {
      if (body.contains("firstMaker")) bad("firstMaker is drawn before the first card is placed");
      seat = 0;
    }
    if (fixed >= 0 && seat != fixed) {
      bad(fmt::format("firstMaker must be {} under option roles={}", fixed,
                      kRolesNames[static_cast<int>(s.config_.roles)]));
    }
    s.first_maker_ = static_cast<std::int8_t>(seat);
  }

  static Json ten_json(const TenResult& r) {
    return {{"cell", cell_json(r.cell)}, {"ten", r.ten},       {"suit", r.suit},
            {"guess", r.guess},          {"actual", r.actual}, {"valid", r.valid}};
  }
};

Json State::to_json() const {
  Json cards = Json::array();
  for (int cell = 0; cell < kCells; ++cell) {
    const int c = layout_.at[cell];
    if (c >= 0) cards.push_back(Json::array({card_code(c), cell_name(cell), layout_.face_up(c)}));
  }
  Json stack = Json::array();
  for (int i = 0; i < depth_; ++i) stack.push_back(JsonIo::task_json(stack_[i]));
  Json tens = Json::array();
  for (const TenResult& r : tens_) tens.push_back(JsonIo::ten_json(r));
  Json discards = Json::array();
  for (int i = 0; i < num_discards_; ++i) discards.push_back(heart_code(discards_[i]));
  Json answers = Json::array();
  for (int i = 0; i < num_answers_; ++i) answers.push_back(JsonIo::answer_json(answers_[i]));
  return {{"phase", kPhaseNames[static_cast<int>(phase_)]},
          {"cards", cards},
          {"hand", hearts_json(hand_)},
          {"compass", kCompassNames[static_cast<int>(compass_)]},
          {"compassCard", compass_rank_ == 0 ? Json(nullptr) : Json(heart_code(compass_rank_))},
          {"discards", discards},
          {"stack", stack},
          {"tens", tens},
          {"winner", winner_},
          {"powers", JsonIo::powers_json(used_powers_)},
          {"question", Json(std::vector<int>(q_.begin(), q_.begin() + q_len_))},
          {"answers", answers},
          {"lastCancel", last_cancel_ < 0 ? Json(nullptr) : Json(last_cancel_)},
          {"game", game_no_},
          {"firstMaker", first_maker_ < 0 ? Json(nullptr) : Json(first_maker_)},
          {"results", Json(std::vector<int>(results_.begin(), results_.begin() + game_no_))}};
}

State State::from_json(const Json& body, const Options& options) {
  if (!body.is_object()) bad("the body must be an object");
  State s(Config::from_options(options));
  // A fresh game from a whole maze: {"maze": ["AD 2D ...", ...]} or {"maze": "AD 2D .../..."}.
  if (body.contains("maze") && !body.contains("cards")) {
    std::string text;
    const Json& m = body["maze"];
    if (m.is_string()) {
      text = m.get<std::string>();
    } else if (m.is_array()) {
      for (const Json& row : m) {
        if (!row.is_string()) bad("\"maze\" rows must be strings");
        text += row.get<std::string>() + "\n";
      }
    } else {
      bad("\"maze\" must be a drawing (string or list of rows)");
    }
    try {
      return from_layout(parse_maze(text, s.config_.topo, s.config_.advanced), options);
    } catch (const Error& e) {
      bad(e.what());
    }
  }
  for (const auto& [name, value] : body.items()) {
    if (std::find_if(kMembers.begin(), kMembers.end(), [&](const char* m) { return name == m; }) ==
        kMembers.end()) {
      bad(fmt::format("unknown member \"{}\"", name));
    }
  }
  s.phase_ = static_cast<Phase>(index_of(kPhaseNames, member(body, "phase"), "phase"));
  JsonIo::read_cards(s, member(body, "cards"));
  JsonIo::read_rest(s, body);
  JsonIo::read_powers(s, body);
  JsonIo::read_match(s, body);
  s.settle();
  return s;
}

// ---- Views ------------------------------------------------------------------------------------

Json State::base_view(Player observer) const {
  const bool all = role_of(observer) == kMaker || observer == kOmniscient || phase_ == Phase::kOver;
  const Player p = current_player();
  Json v = {{"game", "pathfinder-cards"},
            {"seats", Json::array({seat_name(0), seat_name(1)})},
            {"observer", observer >= 0            ? seat_name(observer)
                         : observer == kSpectator ? "spectator"
                                                  : "omniscient"},
            {"phase", kPhaseNames[static_cast<int>(phase_)]},
            {"toAct", p >= 0               ? Json(seat_name(p))
                      : p == kChancePlayer ? Json("chance")
                                           : Json()},
            {"decision", kDecisionNames[static_cast<int>(decision())]}};
  if (config_.topo == Topology::kHex) v["board"] = "hex";
  if (config_.advanced) v["advanced"] = true;
  // Who makes this maze (G1.2 step 1): public; null until chance has drawn it.
  v["roles"] =
      first_maker_ < 0
          ? Json(nullptr)
          : Json({{"maker", seat_name(seat_of(kMaker))}, {"runner", seat_name(seat_of(kRunner))}});
  if (config_.match_games > 1) {
    // Match play (G1.3.7): public, game by game.
    Json results = Json::array();
    for (int g = 0; g < game_no_; ++g) results.push_back(results_[static_cast<std::size_t>(g)]);
    const auto t = totals();
    v["match"] = {{"games", config_.match_games},
                  {"game", game_no_ + 1},
                  {"maker", seat_name(seat_of(kMaker))},
                  {"runner", seat_name(seat_of(kRunner))},
                  {"runnerScores", results},
                  {"totals", Json::array({t[0], t[1]})}};
  }
  if (phase_ == Phase::kBuild && !all) {
    v["placed"] = layout_.count;  // the Runner is out of the room (G1.2)
  } else {
    Json cards = Json::array();
    for (int cell = 0; cell < kCells; ++cell) {
      const int c = layout_.at[cell];
      if (c < 0) continue;
      Json e = {{"cell", cell_name(cell)}};
      if (all || layout_.face_up(c)) e["card"] = card_code(c);
      if (all) e["up"] = layout_.face_up(c);
      cards.push_back(e);
    }
    v["cards"] = cards;
  }
  if (all && phase_ != Phase::kBuild) v["maze"] = draw_maze(layout_);
  return v;
}

Json State::view(Player observer) const {
  const bool all = role_of(observer) == kMaker || observer == kOmniscient || phase_ == Phase::kOver;
  Json v = base_view(observer);
  v["hand"] = hearts_json(hand_);
  v["compass"] = {{"state", kCompassNames[static_cast<int>(compass_)]},
                  {"card", compass_rank_ == 0 ? Json(nullptr) : Json(heart_code(compass_rank_))},
                  {"usable", compass_usable()}};
  Json discards = Json::array();
  for (int i = 0; i < num_discards_; ++i) discards.push_back(heart_code(discards_[i]));
  v["discards"] = discards;
  if (phase_ == Phase::kPlay || phase_ == Phase::kOver) {
    const std::uint64_t act = layout_.active();
    v["active"] = cells_json(layout_, act);
    v["explorable"] = cells_json(layout_, layout_.explorable(act));
    if (config_.advanced) {
      // The artifacts whose powers she may use now (G1.4): active, their trial over.
      Json arts = Json::array();
      const std::uint64_t on = layout_.enabled(act);
      if ((on >> kRopeCard) & 1) arts.push_back("rope");
      if ((on >> kVeilCard) & 1) arts.push_back("veil");
      if ((on >> kMirrorCard) & 1) arts.push_back("mirror");
      v["artifacts"] = arts;
    }
  }
  Json pending = Json::array();
  for (int i = depth_ - 1; i >= 0; --i) {
    const Task& t = stack_[i];
    Json e = {{"effect", kTaskNames[static_cast<int>(t.kind)]}, {"cell", cell_json(t.cell)}};
    if (t.kind == TaskKind::kTrial) {
      e["trial"] = kTrialNames[static_cast<int>(t.trial)];
      e["step"] = t.step;
      if (t.aux >= 0) e["suit"] = suit_code(t.aux);
      if (t.trial == TrialKind::kQueen) e["chosen"] = cell_json(t.cell2);
      if (t.trial == TrialKind::kKing && all) e["flipped"] = cell_json(t.cell2);
    }
    if (t.kind == TaskKind::kDamage) {
      e["step"] = t.step;
      e["window"] = (t.flags & kNoWindow) == 0;
    }
    if (t.kind == TaskKind::kWake) e["artifact"] = card_code(t.aux);
    pending.push_back(e);
  }
  v["pending"] = pending;
  Json tens = Json::array();
  for (const TenResult& r : tens_) {
    if (r.cell < 0) continue;
    tens.push_back({{"ten", card_code(r.ten)},
                    {"cell", cell_name(r.cell)},
                    {"suit", suit_code(r.suit)},
                    {"guess", r.guess},
                    {"actual", r.actual},
                    {"current", r.valid}});
  }
  v["tens"] = tens;
  if (decision() == Decision::kKingName) {
    // What she studied before looking away (G1.6.2): the face-up cards of the layout before.
    Json before = Json::array();
    const std::uint64_t up = king_before_up();
    for (int cell = 0; cell < kCells; ++cell) {
      const int c = layout_.at[cell];
      if (c >= 0 && ((up >> c) & 1))
        before.push_back({{"cell", cell_name(cell)}, {"card", card_code(c)}});
    }
    v["kingBefore"] = before;
  }
  v["powersUsed"] = JsonIo::powers_json(used_powers_);
  Json answers = Json::array();
  for (int i = 0; i < num_answers_; ++i) {
    const Answer& a = answers_[i];
    if (a.kind == 0) {
      answers.push_back({{"question", aql::question_text(a.tokens.data(), a.len)},
                         {"answer", a.yes ? "yes" : "no"},
                         {"current", a.current}});
    } else {
      Json dirs = Json::array();
      for (int d = 0; d < 32; ++d) {
        if ((a.dirs >> d) & 1) dirs.push_back(link_label(d, layout_.topo));
      }
      answers.push_back(
          {{"pathfinder", cell_name(a.cell)}, {"directions", dirs}, {"current", a.current}});
    }
  }
  v["answers"] = answers;
  if (decision() == Decision::kAdvisorAsk) {
    const aql::Pending p = aql::pending(q_.data(), q_len_);
    v["question"] = {{"number", top()->step + 1},
                     {"text", q_len_ == 0 ? "" : aql::question_text(q_.data(), q_len_)},
                     {"expect", aql::slot_name(p.slot[p.n - 1])}};
  }
  if (last_cancel_ >= 0) v["moverCancelled"] = action_to_string(last_cancel_);
  // The Runner's study before the Maker's King flip (G1.6.2): a client gives her this long.
  if (decision() == Decision::kKingFlip && observer >= 0 && role_of(observer) == kRunner) {
    v["studySeconds"] = config_.king_study_seconds;
  }

  if (phase_ == Phase::kOver) {
    v["winner"] = seat_name(seat_of(winner_));
    v["score"] = score();
  }
  return v;
}

// The facts view(p) shows, hashed directly (no JSON): what view() derives from them (toAct,
// active, explorable, the maze drawing, the score) needs no hashing of its own. Sets of cards are
// folded with a commutative sum, so the key never depends on the hidden identities' order.
std::uint64_t State::information_state_key(Player p) const {
  const bool all = role_of(p) == kMaker || p == kOmniscient || phase_ == Phase::kOver;
  Hasher h(0x7061746866696e64ULL);
  h.add(static_cast<std::uint64_t>(game_no_)).add(static_cast<std::uint64_t>(first_maker_ + 1));
  for (int g = 0; g < game_no_; ++g) h.add(static_cast<std::uint64_t>(results_[g]));
  h.add(static_cast<std::uint64_t>(p + 8)).add(all).add(static_cast<std::uint64_t>(phase_));
  h.add(static_cast<std::uint64_t>(decision()));
  if (phase_ == Phase::kBuild && !all) {
    h.add(static_cast<std::uint64_t>(layout_.count));
  } else {
    std::uint64_t cards = 0;
    for (int id = 0; id < kNumCards; ++id) {
      const int cell = layout_.pos[id];
      if (cell < 0) continue;
      const bool up = layout_.face_up(id);
      const std::uint64_t shown = all || up ? static_cast<std::uint64_t>(id) : 63;
      cards += mix64((static_cast<std::uint64_t>(cell) << 8) | (shown << 1) | (all && up));
    }
    h.add(cards).add(static_cast<std::uint64_t>(layout_.count));
  }
  h.add(hand_)
      .add(static_cast<std::uint64_t>(compass_))
      .add(static_cast<std::uint64_t>(compass_rank_));
  h.add(compass_usable()).add(static_cast<std::uint64_t>(num_discards_));
  for (int i = 0; i < num_discards_; ++i) h.add(static_cast<std::uint64_t>(discards_[i]));
  h.add(static_cast<std::uint64_t>(depth_));
  for (int i = depth_ - 1; i >= 0; --i) {
    const Task& t = stack_[i];
    h.add(static_cast<std::uint64_t>(t.kind)).add(static_cast<std::uint64_t>(t.cell + 1));
    if (t.kind == TaskKind::kTrial) {
      h.add(static_cast<std::uint64_t>(t.trial))
          .add(t.step)
          .add(static_cast<std::uint64_t>(t.aux + 1));
      if (t.trial == TrialKind::kQueen || (t.trial == TrialKind::kKing && all)) {
        h.add(static_cast<std::uint64_t>(t.cell2 + 1));
      }
    }
    if (t.kind == TaskKind::kDamage) h.add(t.step).add((t.flags & kNoWindow) == 0);
    if (t.kind == TaskKind::kWake) h.add(static_cast<std::uint64_t>(t.aux));
  }
  for (const TenResult& r : tens_) {
    if (r.cell < 0) continue;
    h.add(static_cast<std::uint64_t>(r.ten)).add(static_cast<std::uint64_t>(r.cell));
    h.add(static_cast<std::uint64_t>(r.suit)).add(static_cast<std::uint64_t>(r.guess));
    h.add(static_cast<std::uint64_t>(r.actual)).add(r.valid);
  }
  if (decision() == Decision::kKingName) {
    std::uint64_t before = 0;
    const std::uint64_t up = king_before_up();
    for (std::uint64_t m = up & layout_.placed(); m != 0; m &= m - 1) {
      const int id = std::countr_zero(m);
      before += mix64((static_cast<std::uint64_t>(layout_.pos[id]) << 8) |
                      static_cast<std::uint64_t>(id));
    }
    h.add(before);
  }
  h.add(used_powers_).add(static_cast<std::uint64_t>(q_len_));
  for (int i = 0; i < q_len_; ++i) h.add(q_[i]);
  h.add(static_cast<std::uint64_t>(num_answers_));
  for (int i = 0; i < num_answers_; ++i) {
    const Answer& a = answers_[i];
    h.add(a.kind).add(a.yes).add(a.current).add(a.dirs).add(static_cast<std::uint64_t>(a.cell + 1));
    h.add(static_cast<std::uint64_t>(a.len));
    for (int k = 0; k < a.len; ++k) h.add(a.tokens[k]);
  }
  h.add(static_cast<std::uint64_t>(last_cancel_ + 1));
  if (phase_ == Phase::kOver)
    h.add(static_cast<std::uint64_t>(winner_)).add(static_cast<std::uint64_t>(score()));
  return h.value();
}

}  // namespace mw::pathfinder_cards
