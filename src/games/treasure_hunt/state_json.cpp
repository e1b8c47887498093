// The JSON forms of a Treasure Hunt state: the serialized body (to_json / from_json) and the views.
// Schema: docs/rules/treasure-hunt.md.
#include <fmt/format.h>

#include <bit>

#include "core/error.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {
namespace {

constexpr std::array<const char*, 5> kPhaseNames = {"deal", "choose_first", "swap", "step", "over"};

[[noreturn]] void bad(const std::string& what) {
  throw Error(ErrorCode::kBadState, "treasure-hunt state: " + what);
}

Json card_or_null(DeckKind deck, int card) { return card < 0 ? Json(nullptr) : Json(card_code(deck, card)); }

Json card_pair(DeckKind deck, const std::array<std::int8_t, 2>& cards) {
  Json out = Json::array();
  for (auto c : cards) {
    if (c >= 0) out.push_back(card_code(deck, c));
  }
  return out;
}

const Json& member(const Json& body, const char* name) {
  if (!body.contains(name)) bad(fmt::format("missing \"{}\"", name));
  return body[name];
}

int seat_of(const Json& j, const char* name) {
  if (!j.is_number_integer() || j.get<int>() < 0 || j.get<int>() > 1) {
    bad(fmt::format("\"{}\" must be 0 (Green) or 1 (Purple)", name));
  }
  return j.get<int>();
}

}  // namespace

Json State::board_json() const {
  Json board = Json::array();
  for (int r = 0; r < kSize; ++r) {
    Json row = Json::array();
    for (int c = 0; c < kSize; ++c) row.push_back(card_or_null(config_.deck, card_at_[r * kSize + c]));
    board.push_back(std::move(row));
  }
  return board;
}

Json State::to_json() const {
  Json j;
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["to_move"] = to_move_;
  j["board"] = board_json();
  j["pawns"] = {cell_name(pawn_[0]), cell_name(pawn_[1])};
  j["scores"] = {score_[0], score_[1]};
  j["treasure"] = card_code(config_.deck, treasure_);
  j["locked"] = card_pair(config_.deck, locked_);
  j["swapped"] = card_pair(config_.deck, swapped_);
  j["turn"] = turn_;
  j["winner"] = winner_ < 0 ? Json(nullptr) : Json(winner_);
  return j;
}

State State::from_json(const Json& body, const Options& options) {
  if (!body.is_object()) bad("expected a JSON object");
  State s = initial(options);
  const DeckKind deck = s.config_.deck;

  const Json& phase = member(body, "phase");
  auto it = std::find(kPhaseNames.begin(), kPhaseNames.end(), phase.is_string() ? phase.get<std::string>() : "");
  if (it == kPhaseNames.end()) bad("\"phase\" must be one of deal, choose_first, swap, step, over");
  s.phase_ = static_cast<Phase>(it - kPhaseNames.begin());

  const Json& board = member(body, "board");
  if (!board.is_array() || board.size() != kSize) bad("\"board\" must be 5 rows of 5 cards");
  for (int r = 0; r < kSize; ++r) {
    if (!board[r].is_array() || board[r].size() != kSize) bad(fmt::format("board row {} must hold 5 cards", r + 1));
    for (int c = 0; c < kSize; ++c) {
      const Json& cell = board[r][c];
      const int index = r * kSize + c;
      if (cell.is_null()) continue;
      const int card = cell.is_string() ? parse_card_code(deck, cell.get<std::string>()) : -1;
      if (card < 0) bad(fmt::format("{} on {} is not a card of the {} deck", cell.dump(), cell_name(index), deck == DeckKind::kStandard ? "standard" : "specialized"));
      if (s.cell_of_[card] >= 0) bad(fmt::format("{} appears twice", card_code(deck, card)));
      s.card_at_[index] = static_cast<std::int8_t>(card);
      s.cell_of_[card] = static_cast<std::int8_t>(index);
      s.undealt_ &= ~(1u << card);
    }
  }
  s.dealt_ = static_cast<std::int8_t>(kNumCards - std::popcount(s.undealt_));
  for (int i = 0; i < kCells; ++i) {
    if ((s.card_at_[i] >= 0) != (i < s.dealt_)) bad("cards are dealt in row-major order: the dealt cells must come first");
  }
  if (s.phase_ != Phase::kDeal && s.dealt_ != kCells) bad("every cell needs a card once the deal is over");
  if (s.phase_ == Phase::kDeal && s.dealt_ == kCells) bad("a complete board is not in the deal phase");

  s.to_move_ = static_cast<std::int8_t>(seat_of(body.value("to_move", Json(0)), "to_move"));
  if (s.phase_ == Phase::kDeal || s.phase_ == Phase::kChooseFirst) return s;

  const Json& pawns = member(body, "pawns");
  if (!pawns.is_array() || pawns.size() != 2) bad("\"pawns\" must list Green's and Purple's cells");
  for (int p = 0; p < 2; ++p) {
    const int cell = pawns[p].is_string() ? parse_cell(pawns[p].get<std::string>()) : -1;
    if (cell < 0) bad(fmt::format("pawn {} must be on a cell a1..e5, got {}", p, pawns[p].dump()));
    s.pawn_[p] = static_cast<std::int8_t>(cell);
  }
  const Json& scores = member(body, "scores");
  if (!scores.is_array() || scores.size() != 2 || !scores[0].is_number_integer() || !scores[1].is_number_integer() ||
      scores[0].get<int>() < 0 || scores[1].get<int>() < 0) {
    bad("\"scores\" must be two non-negative integers");
  }
  s.score_ = {scores[0].get<std::int16_t>(), scores[1].get<std::int16_t>()};
  const Json& treasure = member(body, "treasure");
  const int t = treasure.is_string() ? parse_card_code(deck, treasure.get<std::string>()) : -1;
  if (t < 0 || !is_treasure(deck, t)) bad(fmt::format("\"treasure\" must be a treasure card, got {}", treasure.dump()));
  s.treasure_ = static_cast<std::int8_t>(t);

  auto read_pair = [&](const char* name, std::array<std::int8_t, 2>& out) {
    const Json& list = body.value(name, Json::array());
    if (!list.is_array() || list.size() > 2) bad(fmt::format("\"{}\" must list at most two cards", name));
    for (std::size_t i = 0; i < list.size(); ++i) {
      const int card = list[i].is_string() ? parse_card_code(deck, list[i].get<std::string>()) : -1;
      if (card < 0) bad(fmt::format("\"{}\" holds {}, not a card", name, list[i].dump()));
      out[i] = static_cast<std::int8_t>(card);
    }
  };
  read_pair("locked", s.locked_);
  read_pair("swapped", s.swapped_);
  if (s.phase_ == Phase::kStep && s.swapped_[1] < 0) bad("in the step phase \"swapped\" must name this turn's two cards");
  if (s.phase_ != Phase::kStep && s.swapped_[0] >= 0) bad("\"swapped\" is only set in the step phase");
  const Json& turn = body.value("turn", Json(0));
  if (!turn.is_number_integer() || turn.get<int>() < 0) bad("\"turn\" must be a non-negative integer");
  s.turn_ = turn.get<std::int16_t>();
  const Json& winner = body.value("winner", Json(nullptr));
  if (!winner.is_null()) s.winner_ = static_cast<std::int8_t>(seat_of(winner, "winner"));
  if (s.phase_ != Phase::kOver && !winner.is_null()) bad("only a finished game has a winner");
  return s;
}

Json State::view(Player observer) const {
  // Perfect information: every observer sees the whole position.
  Json v;
  v["game"] = "treasure-hunt";
  v["observer"] = observer >= 0 ? Json(observer) : Json(observer == kSpectator ? "spectator" : "omniscient");
  v["seats"] = {kSeatNames[0], kSeatNames[1]};
  v["deck"] = config_.deck == DeckKind::kStandard ? "standard" : "specialized";
  Json key = Json::object();
  for (int card = 0; card < kNumCards; ++card) {
    const std::string code = card_code(config_.deck, card);
    const std::string group = config_.deck == DeckKind::kStandard ? code.substr(code.size() - 1) : (card < 9 ? "T" : code.substr(0, 1));
    key[group] = dir_name(config_.card_dir[card]);
  }
  v["key"] = std::move(key);
  Json body = to_json();
  for (auto& [k, value] : body.items()) v[k] = value;
  v["treasure_value"] = card_value(config_.deck, treasure_);
  if (config_.deck == DeckKind::kSpecialized) v["target_score"] = config_.target_score;
  return v;
}

}  // namespace mw::treasure_hunt
