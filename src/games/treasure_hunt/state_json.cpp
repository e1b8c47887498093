// The JSON forms of a Treasure Hunt state: the serialized body (to_json / from_json) and the views.
// Schema: docs/rules/treasure-hunt.md.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/json_depth.h"
#include "core/json_write.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {
namespace {

constexpr std::array<const char*, 5> kPhaseNames = {"deal", "choose_first", "swap", "step", "over"};
constexpr std::array<const char*, 10> kMembers = {"phase",  "to_move",  "board",  "pawns",
                                                  "scores", "treasure", "locked", "swapped",
                                                  "turn",   "winner"};

[[noreturn]] void bad(const std::string& what) {
  throw Error(ErrorCode::kBadState, "treasure-hunt state: " + what);
}

const char* deck_name(DeckKind deck) {
  return deck == DeckKind::kStandard ? "standard" : "specialized";
}

Json card_or_null(DeckKind deck, int card) {
  return card < 0 ? Json(nullptr) : Json(card_code(deck, card));
}

// The map key's groups (the suits, or T and the four colours) in the order of their first card,
// each with the last card of the group, whose direction the key shows for the group.
struct KeyGroup {
  std::string name;
  int card = 0;
};

const std::vector<KeyGroup>& key_groups(DeckKind deck) {
  static const auto kGroups = [] {
    std::array<std::vector<KeyGroup>, 2> groups;
    for (const DeckKind d : {DeckKind::kStandard, DeckKind::kSpecialized}) {
      std::vector<KeyGroup>& list = groups[static_cast<int>(d)];
      for (int card = 0; card < kNumCards; ++card) {
        const std::string code = card_code(d, card);
        const std::string name = d == DeckKind::kStandard ? code.substr(code.size() - 1)
                                 : card < 9               ? "T"
                                                          : code.substr(0, 1);
        const auto it = std::find_if(list.begin(), list.end(),
                                     [&](const KeyGroup& g) { return g.name == name; });
        if (it == list.end()) {
          list.push_back({name, card});
        } else {
          it->card = card;
        }
      }
    }
    return groups;
  }();
  return kGroups[static_cast<int>(deck)];
}

Json key_json(const Config& config) {
  const std::vector<KeyGroup>& groups = key_groups(config.deck);
  Json key = json_object(groups.size());
  for (const KeyGroup& g : groups) add_member(key, g.name.c_str(), dir_name(config.dir(g.card)));
  return key;
}

Json card_list(DeckKind deck, const std::array<int, 2>& cards) {
  Json out = json_array(2);
  for (int c : cards) {
    if (c >= 0) out.push_back(card_code(deck, c));
  }
  return out;
}

const Json& member(const Json& body, const char* name) {
  if (!body.contains(name)) bad(fmt::format("missing \"{}\"", name));
  return body[name];
}

void check_members(const Json& body) {
  for (const auto& [name, value] : body.items()) {
    if (std::find(kMembers.begin(), kMembers.end(), name) == kMembers.end()) {
      bad(
          fmt::format("unknown member \"{}\"; expected phase, to_move, board, pawns, scores, "
                      "treasure, locked, swapped, turn, winner",
                      name));
    }
  }
}

int seat_of(const Json& j, const char* name) {
  if (!j.is_number_integer() || j.get<std::int64_t>() < 0 || j.get<std::int64_t>() > 1) {
    bad(fmt::format("\"{}\" must be 0 (Green) or 1 (Purple), got {}", name, json_excerpt(j)));
  }
  return j.get<int>();
}

std::int64_t integer_in(const Json& j, const char* name, std::int64_t max) {
  if (!j.is_number_integer() || j.get<std::int64_t>() < 0 || j.get<std::int64_t>() > max) {
    bad(fmt::format("\"{}\" must be an integer in 0..{}, got {}", name, max, json_excerpt(j)));
  }
  return j.get<std::int64_t>();
}

Phase read_phase(const Json& body) {
  const Json& phase = member(body, "phase");
  const std::string name = phase.is_string() ? phase.get<std::string>() : "";
  const auto it = std::find(kPhaseNames.begin(), kPhaseNames.end(), name);
  if (it == kPhaseNames.end()) {
    bad(fmt::format("\"phase\" must be one of deal, choose_first, swap, step, over; got {}",
                    json_excerpt(phase)));
  }
  return static_cast<Phase>(it - kPhaseNames.begin());
}

}  // namespace

Json State::board_json() const {
  Json board = json_array(kSize);
  for (int r = 0; r < kSize; ++r) {
    Json row = json_array(kSize);
    for (int c = 0; c < kSize; ++c) {
      row.push_back(card_or_null(config_.deck, card_at_[r * kSize + c]));
    }
    board.push_back(std::move(row));
  }
  return board;
}

// The body's members, in order, appended to `j` (to_json, and every view after its own fields).
void State::write_body(Json& j) const {
  add_member(j, "phase", kPhaseNames[static_cast<int>(phase_)]);
  add_member(j, "to_move", to_move_);
  add_member(j, "board", board_json());
  add_member(j, "pawns", Json::array({cell_name(pawn_[0]), cell_name(pawn_[1])}));
  add_member(j, "scores", Json::array({score_[0], score_[1]}));
  add_member(j, "treasure", card_code(config_.deck, treasure_));
  add_member(j, "locked", card_list(config_.deck, locked_cards()));
  add_member(j, "swapped", card_list(config_.deck, swapped_cards()));
  add_member(j, "turn", turn_);
  add_member(j, "winner", winner_ < 0 ? Json(nullptr) : Json(winner_));
}

Json State::to_json() const {
  Json j = json_object(10);
  write_body(j);
  return j;
}

// "board": 5 rows of 5 card codes, null for cells not dealt yet (dealt in row-major order).
void State::read_board(const Json& body) {
  const DeckKind deck = config_.deck;
  const Json& board = member(body, "board");
  if (!board.is_array() || board.size() != kSize) bad("\"board\" must be 5 rows of 5 cards");
  for (int r = 0; r < kSize; ++r) {
    if (!board[r].is_array() || board[r].size() != kSize) {
      bad(fmt::format("board row {} must hold 5 cards", r + 1));
    }
    for (int c = 0; c < kSize; ++c) {
      const Json& cell = board[r][c];
      const int index = r * kSize + c;
      if (cell.is_null()) continue;
      const int card = cell.is_string() ? parse_card_code(deck, cell.get<std::string>()) : -1;
      if (card < 0) {
        bad(fmt::format("{} on {} is not a card of the {} deck", json_excerpt(cell),
                        cell_name(index), deck_name(deck)));
      }
      if (cell_of_[card] >= 0) bad(fmt::format("{} appears twice", card_code(deck, card)));
      card_at_[index] = static_cast<std::int8_t>(card);
      cell_of_[card] = static_cast<std::int8_t>(index);
      undealt_ &= ~(1u << card);
    }
  }
  dealt_ = static_cast<std::int8_t>(kNumCards - std::popcount(undealt_));
  for (int i = 0; i < kCells; ++i) {
    if ((card_at_[i] >= 0) != (i < dealt_)) {
      bad("cards are dealt in row-major order: the dealt cells must come first");
    }
  }
  if (phase_ != Phase::kDeal && dealt_ != kCells) {
    bad("every cell needs a card once the deal is over");
  }
  if (phase_ == Phase::kDeal && dealt_ == kCells) bad("a complete board is not in the deal phase");
}

// "locked" / "swapped": no card or the two cards of one swap (same row or column).
std::uint32_t State::read_swap_cells(const Json& body, const char* name) const {
  const Json& list = body.contains(name) ? body[name] : Json::array();
  if (!list.is_array() || (list.size() != 0 && list.size() != 2)) {
    bad(fmt::format("\"{}\" must list no card or the two cards of one swap, got {}", name,
                    json_excerpt(list)));
  }
  std::uint32_t cells = 0;
  for (const Json& item : list) {
    const int card = item.is_string() ? parse_card_code(config_.deck, item.get<std::string>()) : -1;
    if (card < 0)
      bad(fmt::format("\"{}\" holds {}, not a card of this deck", name, json_excerpt(item)));
    cells |= 1u << cell_of_[card];
  }
  if (cells != 0) {
    const int a = std::countr_zero(cells), b = 31 - std::countl_zero(cells);
    const Cell ca = Board::cell(a), cb = Board::cell(b);
    if (a == b || (ca.row != cb.row && ca.col != cb.col)) {
      bad(fmt::format("\"{}\" must be two different cards in one row or column (rule 1)", name));
    }
  }
  return cells;
}

// Pawns, scores, Treasure Marker, the rule-3 cards, turn and winner (once the deal is over).
void State::read_play(const Json& body) {
  const Json& pawns = member(body, "pawns");
  if (!pawns.is_array() || pawns.size() != 2) {
    bad("\"pawns\" must list Green's and Purple's cells, like [\"c3\", \"c3\"]");
  }
  for (int p = 0; p < 2; ++p) {
    const int cell = pawns[p].is_string() ? parse_cell(pawns[p].get<std::string>()) : -1;
    if (cell < 0)
      bad(fmt::format("{}'s pawn must be on a cell a1..e5, got {}", kSeatNames[p],
                      json_excerpt(pawns[p])));
    pawn_[p] = static_cast<std::int8_t>(cell);
  }
  const Json& treasure = member(body, "treasure");
  const int t =
      treasure.is_string() ? parse_card_code(config_.deck, treasure.get<std::string>()) : -1;
  if (t < 0 || !is_treasure(config_.deck, t)) {
    bad(fmt::format("\"treasure\" must be a treasure card, got {}", json_excerpt(treasure)));
  }
  treasure_ = static_cast<std::int8_t>(t);
  read_scores(body);
  locked_cells_ = read_swap_cells(body, "locked");
  swapped_cells_ = read_swap_cells(body, "swapped");
  if (phase_ == Phase::kStep && swapped_cells_ == 0) {
    bad("in the step phase \"swapped\" must name this turn's two cards");
  }
  if (phase_ != Phase::kStep && swapped_cells_ != 0) {
    bad("\"swapped\" is only set in the step phase");
  }
  if ((swapped_cells_ & locked_cells_) != 0) {
    bad("\"swapped\" may not include a \"locked\" card (rule 3)");
  }
  const std::uint32_t carried = 1u << pawn_[0] | 1u << pawn_[1] | 1u << cell_of_[treasure_];
  if ((swapped_cells_ & carried) != 0) {
    bad("\"swapped\" cards cannot carry a pawn or the Treasure Marker (rule 2)");
  }
  read_turn_and_winner(body);
  check_turn_zero();
  check_scores_match_treasure();
  check_end();
}

// The most a score can reach in play: every diamond (91), or one treasure (at most 9) over a
// target that was still missed at the start of the winning turn.
int State::max_score() const {
  return config_.deck == DeckKind::kStandard ? 91 : config_.target_score - 1 + 9;
}

void State::read_scores(const Json& body) {
  const Json& scores = member(body, "scores");
  if (!scores.is_array() || scores.size() != 2) bad("\"scores\" must be two integers");
  for (int p = 0; p < 2; ++p) {
    score_[p] = static_cast<std::int16_t>(integer_in(scores[p], "scores", max_score()));
  }
}

void State::read_turn_and_winner(const Json& body) {
  turn_ = static_cast<std::int32_t>(
      integer_in(body.contains("turn") ? body["turn"] : Json(0), "turn", kMaxTurn));
  const Json& winner = body.contains("winner") ? body["winner"] : Json(nullptr);
  if (!winner.is_null()) {
    if (phase_ != Phase::kOver) bad("only a finished game has a winner");
    winner_ = static_cast<std::int8_t>(seat_of(winner, "winner"));
  }
  // Turns alternate from the first player, so a fixed first player fixes whose turn it is
  // (a saturated counter no longer tells the parity).
  if (config_.first_player >= 0 && turn_ < kMaxTurn &&
      to_move_ != (config_.first_player + turn_) % 2) {
    bad(fmt::format("\"to_move\" must be {} after {} turns when {} moves first",
                    (config_.first_player + turn_) % 2, turn_, kSeatNames[config_.first_player]));
  }
  if (turn_ > 0 && locked_cells_ == 0) {
    bad("\"locked\" must name the prior turn's swap: every turn swaps");  // A-G3-11
  }
}

// Before the first turn is over nothing has moved but this turn's swap (G3.2).
void State::check_turn_zero() const {
  if (turn_ != 0) return;
  if (pawn_[0] != kCenterCell || pawn_[1] != kCenterCell) {
    bad("\"pawns\" must both be on c3 before the first turn is over (turn 0)");
  }
  if (treasure_ != 0 || score_[0] != 0 || score_[1] != 0) {
    bad("\"scores\" must be [0, 0] and \"treasure\" the first one at turn 0");
  }
  if (locked_cells_ != 0) bad("\"locked\" must be empty at turn 0: no turn came before");
}

// Treasures are scored in order, so the scores add up to the treasures before the marker:
// T(t) = 1 + ... + t for the standard deck (91 once the King is taken); for the specialized deck
// T(t) plus any number of full rounds of T1..T9 (45 each).
void State::check_scores_match_treasure() const {
  const int sum = score_[0] + score_[1];
  const int before = treasure_ * (treasure_ + 1) / 2;
  const bool ok = config_.deck == DeckKind::kStandard
                      ? sum == before || (phase_ == Phase::kOver && treasure_ == 12 && sum == 91)
                      : sum >= before && (sum - before) % 45 == 0;
  if (!ok) {
    bad(fmt::format("\"scores\" add up to {}, which the treasures scored before {} cannot make",
                    sum, card_code(config_.deck, treasure_)));
  }
}

// The end and the winner follow from the scores and the turn: the game is over exactly when the
// King is scored (standard), a player reaches targetScore (specialized) or turnLimit is reached;
// the winner is the higher score (none on a tie) or, by target, the player who just moved.
void State::check_end() const {
  const bool limit = config_.turn_limit > 0;
  if (limit && turn_ > config_.turn_limit) {
    bad(fmt::format("\"turn\" {} is past turnLimit {}", turn_, config_.turn_limit));
  }
  const bool limit_reached = limit && turn_ == config_.turn_limit;
  if (config_.deck == DeckKind::kSpecialized) {
    check_specialized_end();
    if (score_[0] >= config_.target_score || score_[1] >= config_.target_score) return;
  }
  const bool king = config_.deck == DeckKind::kStandard && score_[0] + score_[1] == 91;
  const bool over = phase_ == Phase::kOver;
  if (over != (king || limit_reached)) {
    bad(over ? "phase \"over\" needs the King of Diamonds scored, a target reached or turnLimit "
               "turns played"
             : "the game is over (the King of Diamonds scored or turnLimit turns played), so "
               "\"phase\" must be \"over\"");
  }
  const Player higher = score_[0] > score_[1] ? 0 : score_[1] > score_[0] ? 1 : -1;
  if (over && winner_ != higher) {
    bad(fmt::format("\"winner\" must be {} for scores [{}, {}], got {}",
                    higher < 0 ? "null (a draw)" : std::to_string(higher), score_[0], score_[1],
                    winner_ < 0 ? "null" : std::to_string(winner_)));
  }
}

// Specialized deck (A-G3-14): only the mover scores and is checked at the end of his turn, so a
// score at the target belongs to the player who just moved, who won, and was below the target
// before the treasure he just took.
void State::check_specialized_end() const {
  const int target = config_.target_score;
  const int mover = 1 - to_move_;
  if (score_[0] < target && score_[1] < target) return;
  if (phase_ != Phase::kOver || score_[to_move_] >= target) {
    bad(
        fmt::format("\"scores\" [{}, {}]: reaching targetScore {} ends the game at once, won by "
                    "the player who just moved",
                    score_[0], score_[1], target));
  }
  const int taken = (treasure_ + num_treasures(config_.deck) - 1) % num_treasures(config_.deck);
  if (score_[mover] - card_value(config_.deck, taken) >= target) {
    bad(fmt::format("\"scores\": {} was already at targetScore {} before this turn",
                    kSeatNames[mover], target));
  }
  if (winner_ != mover) {
    bad(fmt::format("\"winner\" must be {}, who reached targetScore {}", mover, target));
  }
}

State State::from_json(const Json& body, const Options& options) {
  if (!body.is_object()) bad(fmt::format("expected a JSON object, got {}", body.type_name()));
  check_members(body);
  State s = initial(options);
  s.phase_ = read_phase(body);
  s.read_board(body);
  s.to_move_ = static_cast<std::int8_t>(
      seat_of(body.contains("to_move") ? body["to_move"] : Json(0), "to_move"));
  if (s.phase_ == Phase::kChooseFirst && s.config_.first_player >= 0) {
    bad("the choose_first phase needs the option firstPlayer=random");
  }
  if (s.phase_ == Phase::kDeal || s.phase_ == Phase::kChooseFirst) return s;
  s.read_play(body);
  return s;
}

Json State::view(Player observer) const {
  // Perfect information: every observer sees the whole position.
  Json v = json_object(17);
  add_member(v, "game", "treasure-hunt");
  add_member(
      v, "observer",
      observer >= 0 ? Json(observer) : Json(observer == kSpectator ? "spectator" : "omniscient"));
  add_member(v, "seats", Json::array({kSeatNames[0], kSeatNames[1]}));
  add_member(v, "deck", deck_name(config_.deck));
  add_member(v, "key", key_json(config_));
  write_body(v);
  add_member(v, "treasure_value", card_value(config_.deck, treasure_));
  if (config_.deck == DeckKind::kSpecialized) add_member(v, "target_score", config_.target_score);
  return v;
}

namespace {

void write_cards(JsonTextWriter& w, DeckKind deck, const std::array<int, 2>& cards) {
  w.begin_array();
  for (const int c : cards) {
    if (c >= 0) w.string(card_code_of(deck, c));
  }
  w.end_array();
}

}  // namespace

// The same members in the same order as view(): core.JsonTextWritesEveryGamesViewsAsDumpDoes
// holds the two to one text for every observer of random games.
void State::write_view(Player observer, JsonTextWriter& w) const {
  const DeckKind deck = config_.deck;
  w.begin_object();
  write_view_opening(w, "treasure-hunt", observer, kSeatNames);
  w.key("deck");
  w.string(deck_name(deck));
  w.key("key");
  w.begin_object();
  for (const KeyGroup& g : key_groups(deck)) {
    w.key(g.name);
    w.string(dir_name(config_.dir(g.card)));
  }
  w.end_object();
  w.key("phase");
  w.string(kPhaseNames[static_cast<int>(phase_)]);
  w.key("to_move");
  w.integer(to_move_);
  w.key("board");
  w.begin_array();
  for (int r = 0; r < kSize; ++r) {
    w.begin_array();
    for (int c = 0; c < kSize; ++c) {
      const int card = card_at_[r * kSize + c];
      if (card < 0) {
        w.null();
      } else {
        w.string(card_code_of(deck, card));
      }
    }
    w.end_array();
  }
  w.end_array();
  w.key("pawns");
  w.begin_array();
  w.string(cell_name_of(pawn_[0]));
  w.string(cell_name_of(pawn_[1]));
  w.end_array();
  w.key("scores");
  w.begin_array();
  w.integer(score_[0]);
  w.integer(score_[1]);
  w.end_array();
  w.key("treasure");
  w.string(card_code_of(deck, treasure_));
  w.key("locked");
  write_cards(w, deck, locked_cards());
  w.key("swapped");
  write_cards(w, deck, swapped_cards());
  w.key("turn");
  w.integer(turn_);
  w.key("winner");
  if (winner_ < 0) {
    w.null();
  } else {
    w.integer(winner_);
  }
  w.key("treasure_value");
  w.integer(card_value(deck, treasure_));
  if (deck == DeckKind::kSpecialized) {
    w.key("target_score");
    w.integer(config_.target_score);
  }
  w.end_object();
}

}  // namespace mw::treasure_hunt
