#include "games/pathfinder_cards/observation.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "core/observation.h"
#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards {
namespace {

enum BoardPlane : int {
  kCard = 0,       // a maze card on the cell
  kFaceUp = 1,     // face up (the Maker, who knows every card, reads "up"; others see up cards)
  kKnown = 2,      // its identity is in this seat's view
  kValue = 3,      // trial value / 14 (2-10, J 11, Q 12, K 13, A 14, Joker 0)
  kSuitClubs = 4,  // then diamonds, spades, the Joker
  kActive = 8,
  kExplorable = 9,
  kPendingCell = 10,  // a cell an effect on the stack is about
  kTrialCell2 = 11,   // the Queen trial's chosen cell, the King trial's flipped cell (if shown)
  kTenCell = 12,      // where a ten's count was made
  kKingBefore = 13,   // a face-up card studied before the King flip
  kPathfinderAnswer = 14,
};
static_assert(kPathfinderAnswer + 1 == kObservationBoardPlanes);

// View names, in the view's own order (state_json.cpp). A name this list does not know sets the
// "other" slot: a view that gains values keeps the same length.
constexpr std::array<std::string_view, 4> kPhases = {"build", "compass", "play", "over"};
constexpr std::array<std::string_view, 21> kDecisions = {
    "none",         "place",         "compass",   "explore",   "damage-window", "damage-pick",
    "save",         "trial-window",  "ten-flip",  "count",     "ten-suit",      "jack-predict",
    "queen-choose", "queen-predict", "king-flip", "king-name", "alteration",    "ask",
    "pathfinder",   "seer",          "mover"};
constexpr std::array<std::string_view, 4> kCompass = {"none", "table", "withdrawn", "used"};
constexpr std::array<std::string_view, 8> kEffects = {
    "encounter", "damage", "trial", "alteration", "advisor", "pathfinder", "seer", "mover"};
constexpr std::array<std::string_view, 6> kTrials = {"10S", "10C", "10D", "jack", "queen", "king"};
constexpr std::array<std::string_view, 4> kPowers = {"advisor", "pathfinder", "seer", "mover"};
constexpr std::array<std::string_view, 3> kTens = {"10C", "10D", "10S"};

// Global fields (after the planes).
enum GlobalField : int {
  kIAmMaker = 0,
  kPhase = 1,          // 4 + other
  kDecision = 6,       // 21 + other
  kToActMe = 28,       // then the other seat, chance
  kPlaced = 31,        // cards placed / 40 (the Runner during the build)
  kHand = 32,          // hearts in the Runner's hand, ranks A..K (13)
  kDiscards = 45,      // hearts discarded (13)
  kCompassState = 58,  // 4 + other
  kCompassCard = 63,   // 13
  kCompassUsable = 76,
  kPowersUsed = 77,  // 4
  kStackDepth = 81,  // / 8
  kTopEffect = 82,   // 8 + other
  kTopTrial = 91,    // 6
  kTopStep = 97,     // / 2
  kTopWindow = 98,
  kTopSuit = 99,      // C D S Joker
  kTenResult = 103,   // per ten (10C, 10D, 10S): made, current, guess / 15, actual / 15,
                      // suit C D S Joker (8 each)
  kAdvisorYes = 127,  // advisor answers still current: yes / 8, no / 8
  kAdvisorNo = 128,
  kAsking = 129,     // an Advisor question is being put
  kRunnerWon = 130,  // at the end; also the score / 20 below
  kScore = 131,
};
static_assert(kScore + 1 == kObservationGlobals);

constexpr float kMaxValue = 14.0F;

template <std::size_t N>
int index_in(const std::array<std::string_view, N>& names, const Json& name) {
  if (!name.is_string()) return static_cast<int>(N);
  const auto it = std::find(names.begin(), names.end(), name.get<std::string>());
  return static_cast<int>(it - names.begin());  // N: not known
}

class Writer {
 public:
  explicit Writer(std::vector<float>& out) : out_(out) {
    out_.assign(static_cast<std::size_t>(kObservationBoardPlanes * kCells + kObservationGlobals),
                0.0F);
  }
  void board(int plane, const Json& cell_name, float v = 1.0F) {
    if (!cell_name.is_string()) return;
    const int cell = parse_cell(cell_name.get<std::string>());
    if (cell >= 0 && cell < kCells) out_[static_cast<std::size_t>(plane * kCells + cell)] = v;
  }
  void global(int field, float v = 1.0F) {
    out_[static_cast<std::size_t>(kObservationBoardPlanes * kCells + field)] = v;
  }

 private:
  std::vector<float>& out_;
};

void encode_card(Writer& w, const Json& e) {
  const Json& cell = e["cell"];
  w.board(kCard, cell);
  if (!e.contains("card")) return;
  const int id = parse_card_code(e["card"].get<std::string>());
  if (id < 0) return;
  w.board(kKnown, cell);
  if (e.value("up", true)) w.board(kFaceUp, cell);
  w.board(kValue, cell, id == kJoker ? 0.0F : static_cast<float>(card_value(id)) / kMaxValue);
  w.board(kSuitClubs + card_suit(id), cell);
}

void encode_board(Writer& w, const Json& view) {
  for (const Json& e : view.value("cards", Json::array())) encode_card(w, e);
  for (const Json& c : view.value("active", Json::array())) w.board(kActive, c);
  for (const Json& c : view.value("explorable", Json::array())) w.board(kExplorable, c);
  for (const Json& t : view.value("pending", Json::array())) {
    w.board(kPendingCell, t.value("cell", Json()));
    w.board(kTrialCell2, t.value("chosen", Json()));
    w.board(kTrialCell2, t.value("flipped", Json()));
  }
  for (const Json& t : view.value("tens", Json::array())) w.board(kTenCell, t["cell"]);
  for (const Json& e : view.value("kingBefore", Json::array())) w.board(kKingBefore, e["cell"]);
  for (const Json& a : view.value("answers", Json::array())) {
    if (a.contains("pathfinder")) w.board(kPathfinderAnswer, a["pathfinder"]);
  }
}

void hearts(Writer& w, int first, const Json& list) {
  for (const Json& h : list) {
    const int rank = h.is_string() ? parse_heart_code(h.get<std::string>()) : -1;
    if (rank >= 1 && rank <= 13) w.global(first + rank - 1);
  }
}

int suit_index(const Json& code) {
  return code.is_string() ? parse_suit_code(code.get<std::string>()) : -1;
}

void encode_stack(Writer& w, const Json& view) {
  const Json& pending = view.value("pending", Json::array());
  w.global(kStackDepth, unit_fraction(static_cast<float>(pending.size()), 8.0F));
  if (pending.empty()) return;
  const Json& top = pending[0];  // the view lists the top of the stack first
  w.global(kTopEffect + index_in(kEffects, top.value("effect", Json())));  // 8: other
  if (const int t = index_in(kTrials, top.value("trial", Json())); t < 6) w.global(kTopTrial + t);
  w.global(kTopStep, unit_fraction(static_cast<float>(top.value("step", 0)), 2.0F));
  if (top.value("window", false)) w.global(kTopWindow);
  if (const int s = suit_index(top.value("suit", Json())); s >= 0) w.global(kTopSuit + s);
}

void encode_tens(Writer& w, const Json& view) {
  for (const Json& t : view.value("tens", Json::array())) {
    const int i = index_in(kTens, t["ten"]);
    if (i >= 3) continue;
    const int base = kTenResult + i * 8;
    w.global(base);
    if (t.value("current", false)) w.global(base + 1);
    w.global(base + 2, unit_fraction(static_cast<float>(t.value("guess", 0)), 15.0F));
    w.global(base + 3, unit_fraction(static_cast<float>(t.value("actual", 0)), 15.0F));
    if (const int s = suit_index(t.value("suit", Json())); s >= 0) w.global(base + 4 + s);
  }
}

void encode_globals(Writer& w, const Json& view) {
  const std::string me = view["observer"].get<std::string>();
  // The view names the seats holding the roles (option roles, matches): "Player 1/2" or the roles'
  // names. A view from before the option had the seats named "Maker" and "Runner".
  const Json& roles = view.value("roles", Json());
  const bool named = roles.is_object();
  const std::string maker = named ? roles["maker"].get<std::string>() : std::string("Maker");
  const std::string runner = named ? roles["runner"].get<std::string>() : std::string("Runner");
  if (me == maker && (named || !view.contains("roles"))) w.global(kIAmMaker);
  w.global(kPhase + index_in(kPhases, view["phase"]));
  w.global(kDecision + index_in(kDecisions, view.value("decision", Json())));
  const Json& to_act = view.value("toAct", Json());
  if (to_act == "chance") {
    w.global(kToActMe + 2);
  } else if (to_act.is_string()) {
    w.global(to_act == me ? kToActMe : kToActMe + 1);
  }
  w.global(kPlaced, unit_fraction(static_cast<float>(view.value("placed", 0)), kNumCards));
  hearts(w, kHand, view.value("hand", Json::array()));
  hearts(w, kDiscards, view.value("discards", Json::array()));
  if (view.contains("compass")) {
    const Json& c = view["compass"];
    w.global(kCompassState + index_in(kCompass, c.value("state", Json())));
    hearts(w, kCompassCard, Json::array({c.value("card", Json())}));
    if (c.value("usable", false)) w.global(kCompassUsable);
  }
  for (const Json& p : view.value("powersUsed", Json::array())) {
    if (const int i = index_in(kPowers, p); i < 4) w.global(kPowersUsed + i);
  }
  encode_stack(w, view);
  encode_tens(w, view);
  int yes = 0, no = 0;
  for (const Json& a : view.value("answers", Json::array())) {
    if (!a.contains("answer") || !a.value("current", false)) continue;
    (a["answer"] == "yes" ? yes : no) += 1;
  }
  w.global(kAdvisorYes, unit_fraction(static_cast<float>(yes), 8.0F));
  w.global(kAdvisorNo, unit_fraction(static_cast<float>(no), 8.0F));
  if (view.contains("question")) w.global(kAsking);
  if (view.value("winner", Json()) == runner) w.global(kRunnerWon);
  w.global(kScore, unit_fraction(static_cast<float>(view.value("score", 0)), 20.0F));
}

}  // namespace

std::vector<int> observation_shape(const Options&) {
  return {kObservationBoardPlanes * kCells + kObservationGlobals};
}

void encode_observation(const Json& view, const Options&, std::vector<float>& out) {
  Writer w(out);
  encode_board(w, view);
  encode_globals(w, view);
}

}  // namespace mw::pathfinder_cards
