// The JSON body of a Pathfinder state (to_json / from_json; the views are in view.cpp).
// Schema: docs/rules/pathfinder-cards.md.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <utility>

#include "core/error.h"
#include "core/hash.h"
#include "core/json_depth.h"
#include "games/pathfinder_cards/json_common.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {
namespace {

constexpr std::array<const char*, 19> kMembers = {
    "phase",      "cards",        "hand",         "compass",        "discards",
    "stack",      "tens",         "winner",       "compassCard",    "powers",
    "question",   "answers",      "lastCancel",   "game",           "results",
    "firstMaker", "earlierMazes", "lostToDamage", "lastCancelShift"};

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
  bad(fmt::format("{} is not a valid {}", json_excerpt(j), what));
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

// A record's shift since it was made (A-G1-48): optional [dx, dy], absent when none.
Shift shift_of_json(const Json& parent, const char* name) {
  Shift s;
  if (!parent.contains(name)) return s;
  const Json& j = parent[name];
  if (!j.is_array() || j.size() != 2 || !j[0].is_number_integer() || !j[1].is_number_integer() ||
      std::abs(j[0].get<std::int64_t>()) > kSide || std::abs(j[1].get<std::int64_t>()) > kSide) {
    bad(fmt::format("\"{}\" must be [dx, dy] with -40 <= dx, dy <= 40", name));
  }
  s.dx = static_cast<std::int8_t>(j[0].get<std::int64_t>());
  s.dy = static_cast<std::int8_t>(j[1].get<std::int64_t>());
  return s;
}

void put_shift(Json& parent, const char* name, const Shift& s) {
  if (!s.none()) parent[name] = Json::array({s.dx, s.dy});
}

int heart_of_json(const Json& j) {
  if (!j.is_string() || parse_heart_code(j.get<std::string>()) < 0) {
    bad(fmt::format("{} is not a heart code", json_excerpt(j)));
  }
  return parse_heart_code(j.get<std::string>());
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
      if (card < 0 || cell < 0) bad(fmt::format("bad card entry {}", json_excerpt(e)));
      if (l.pos[card] >= 0 || l.at[cell] >= 0)
        bad(fmt::format("duplicate card or cell {}", json_excerpt(e)));
      l.place(card, cell);
      l.set_up(card, e[2].get<bool>());
    }
    if (!l.connected()) bad("the cards are not joined edge to edge in one piece");
    if (s.phase_ == Phase::kBuild) {
      if (l.count == kNumCards || !completion_possible(l) || l.up != 0) {
        bad("a layout being built must be face down, incomplete and completable");
      }
    } else if (!l.valid_maze()) {
      bad(l.advanced ? "the maze needs all 40 cards and the Joker reachable through artifacts"
                     : "the maze needs all 40 cards and a diamond path from A♦ to the Joker");
    }
    s.layout_ = l;
  }

  // The 13 hearts never leave the game: each is in the hand, on the table as the Compass or
  // discarded, and none leaves the hand before the Compass is chosen (G1.2 step 6).
  static void check_hearts_conserved(const State& s, std::uint16_t seen) {
    constexpr std::uint16_t kAllHearts = 0x3ffe;
    if (seen != kAllHearts) {
      std::string missing;
      for (int r = 1; r <= 13; ++r) {
        if (!((seen >> r) & 1)) missing += (missing.empty() ? "" : " ") + heart_code(r);
      }
      bad("every heart is in the hand, on the table as the Compass or discarded; missing: " +
          missing);
    }
    const bool before_play = s.phase_ == Phase::kBuild || s.phase_ == Phase::kCompass;
    if (before_play && (s.compass_ != CompassState::kNone || s.num_discards_ != 0)) {
      bad("the Runner holds all 13 hearts until the Compass is chosen");
    }
    if (!before_play && s.compass_ == CompassState::kNone) {
      bad("play starts with a Compass card chosen");
    }
    if (s.compass_ == CompassState::kUsed && s.in_hand(s.compass_rank_)) {
      bad("a used Compass card is discarded, not in the hand");
    }
  }

  static void read_rest(State& s, const Json& body) {
    s.hand_ = 0;
    const Json& hand = member(body, "hand");
    if (!hand.is_array()) bad("\"hand\" must be a list of hearts");
    for (const Json& h : hand) {
      const auto bit = static_cast<std::uint16_t>(1u << heart_of_json(h));
      if (s.hand_ & bit) bad(fmt::format("{} is twice in the hand", h.get<std::string>()));
      s.hand_ |= bit;
    }
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
    check_hearts_conserved(s, seen);
    read_lost_to_damage(s, body);
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

  // The discarded hearts lost to damage (A-G1-49), optional: a body without it lost none.
  static void read_lost_to_damage(State& s, const Json& body) {
    s.lost_to_damage_ = 0;
    if (!body.contains("lostToDamage")) return;
    const Json& lost = body["lostToDamage"];
    if (!lost.is_array()) bad("\"lostToDamage\" must be a list of hearts");
    std::uint16_t discarded = 0;
    for (int i = 0; i < s.num_discards_; ++i) {
      discarded |= static_cast<std::uint16_t>(1u << s.discards_[i]);
    }
    for (const Json& h : lost) {
      const int r = heart_of_json(h);
      const auto bit = static_cast<std::uint16_t>(1u << r);
      if (!(discarded & bit) || (s.compass_ == CompassState::kUsed && r == s.compass_rank_)) {
        bad(
            fmt::format("{} was lost to damage but is not among the discards (or was used as the "
                        "Compass)",
                        h.get<std::string>()));
      }
      s.lost_to_damage_ |= bit;
    }
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
    r.since = shift_of_json(j, "shift");
    if (r.valid && !r.since.none()) bad("a valid ten result was counted in today's coordinates");
    return r;
  }

  static Json answer_json(const Answer& a) {
    Json j = {{"kind", a.kind == 0 ? "advisor" : "pathfinder"},
              {"yes", a.yes},
              {"current", a.current},
              {"dirs", a.dirs},
              {"cell", cell_json(a.cell)},
              {"up", a.up},
              {"tokens", std::vector<int>(a.tokens.begin(), a.tokens.begin() + a.len)}};
    put_shift(j, "shift", a.since);
    return j;
  }

  static std::vector<std::uint16_t> read_tokens(const Json& j, bool complete) {
    if (!j.is_array() || j.size() > aql::kMaxTokens)
      bad(fmt::format("a question is a list of at most {} tokens", aql::kMaxTokens));  // A-G1-50
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
    a.since = shift_of_json(j, "shift");
    if (a.current && !a.since.none()) bad("a current answer was given in today's coordinates");
    if (!member(j, "up").is_number_unsigned() && !j["up"].is_number_integer())
      bad("up must be a number");
    a.up = j["up"].get<std::uint64_t>() & kAllCards;
    const auto tokens = read_tokens(member(j, "tokens"), a.kind == 0);
    a.len = static_cast<std::int8_t>(tokens.size());
    std::copy(tokens.begin(), tokens.end(), a.tokens.begin());
    if (a.kind == 1 && (a.cell < 0 || (a.current && l.at[a.cell] < 0)))
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
                              static_cast<int>(kMoveOutEnd - 1), "lastCancel");
      const bool swap_or_move = s.last_cancel_ < kActionEnd || s.last_cancel_ >= kMoveOutBase;
      if (!swap_or_move) bad("lastCancel must be a swap or a move");
      s.cancel_since_ = shift_of_json(body, "lastCancelShift");
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
    read_earlier_mazes(s, body);
  }

  // The finished games' mazes, optional: a body from before they were kept has none, and its
  // views show them as unknown.
  static void read_earlier_mazes(State& s, const Json& body) {
    if (!body.contains("earlierMazes")) return;
    const Json& mazes = body["earlierMazes"];
    if (!mazes.is_array() || static_cast<int>(mazes.size()) != s.game_no_) {
      bad("\"earlierMazes\" lists the maze of each finished game of the match");
    }
    for (int g = 0; g < s.game_no_; ++g) {
      const Json& cards = mazes[static_cast<std::size_t>(g)];
      if (!cards.is_array() || cards.size() != kNumCards) {
        bad("an earlier maze is a list of its 40 cards [code, \"x,y\"]");
      }
      Layout l;
      l.topo = s.config_.topo;
      l.advanced = s.config_.advanced;
      for (const Json& c : cards) {
        const int id = c.is_array() && c.size() == 2 && c[0].is_string()
                           ? parse_card_code(c[0].get<std::string>())
                           : -1;
        if (id < 0)
          bad(fmt::format("{} is not a card [code, \"x,y\"] of an earlier maze", json_excerpt(c)));
        const int cell = cell_of_json(c[1], "an earlier maze's cell");
        if (cell < 0 || l.pos[id] >= 0 || l.at[cell] >= 0) {
          bad(fmt::format("earlier maze {}: {} is placed twice or on a taken cell", g + 1,
                          json_excerpt(c)));
        }
        l.place(id, cell);
      }
      if (!l.valid_maze()) bad(fmt::format("earlier maze {} is not a valid maze", g + 1));
      s.earlier_[static_cast<std::size_t>(g)] = l.pos;
    }
  }

  static Json earlier_mazes_json(const State& s) {
    Json mazes = Json::array();
    for (int g = 0; g < s.game_no_; ++g) {
      Json cards = Json::array();
      const Layout l = s.earlier_maze(g);
      if (l.count == 0) return Json();  // unknown (see read_earlier_mazes): not written
      for (int id = 0; id < kNumCards; ++id) {
        cards.push_back(Json::array({card_code(id), cell_name(l.pos[id])}));
      }
      mazes.push_back(std::move(cards));
    }
    return mazes;
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
    Json j = {{"cell", cell_json(r.cell)}, {"ten", r.ten},       {"suit", r.suit},
              {"guess", r.guess},          {"actual", r.actual}, {"valid", r.valid}};
    put_shift(j, "shift", r.since);
    return j;
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
  Json body = {
      {"phase", kPhaseNames[static_cast<int>(phase_)]},
      {"cards", std::move(cards)},
      {"hand", hearts_json(hand_)},
      {"compass", kCompassNames[static_cast<int>(compass_)]},
      {"compassCard", compass_rank_ == 0 ? Json(nullptr) : Json(heart_code(compass_rank_))},
      {"discards", std::move(discards)},
      {"lostToDamage", hearts_json(lost_to_damage_)},
      {"stack", std::move(stack)},
      {"tens", std::move(tens)},
      {"winner", winner_},
      {"powers", powers_json(used_powers_)},
      {"question", Json(std::vector<int>(q_.begin(), q_.begin() + q_len_))},
      {"answers", std::move(answers)},
      {"lastCancel", last_cancel_ < 0 ? Json(nullptr) : Json(last_cancel_)},
      {"game", game_no_},
      {"firstMaker", first_maker_ < 0 ? Json(nullptr) : Json(first_maker_)},
      {"results", Json(std::vector<int>(results_.begin(), results_.begin() + game_no_))}};
  put_shift(body, "lastCancelShift", cancel_since_);
  if (game_no_ > 0) {
    Json earlier = JsonIo::earlier_mazes_json(*this);
    if (!earlier.is_null()) body["earlierMazes"] = std::move(earlier);
  }
  return body;
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

}  // namespace mw::pathfinder_cards
