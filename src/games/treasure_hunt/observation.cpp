#include "games/treasure_hunt/observation.h"

#include <algorithm>
#include <array>
#include <string>

#include "core/observation.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {
namespace {

// Plane indices (docs/rules/treasure-hunt.md lists them).
enum Plane : int {
  kDealt = 0,
  kValue = 1,
  kMovesUp = 2,  // then right, down, left
  kIsTreasure = 6,
  kMarker = 7,
  kMyPawn = 8,
  kTheirPawn = 9,
  kLocked = 10,
  kSwapped = 11,
  kPhaseDeal = 12,  // then choose_first, swap, step, over
  kMyTurn = 17,
  kMyScore = 18,
  kTheirScore = 19,
  kTreasureValue = 20,
  kTurn = 21,
};

constexpr float kMaxRank = 13.0F;
constexpr float kStandardPoints = 91.0F;  // A..K of diamonds: every treasure of the game
constexpr float kTurnScale = 200.0F;
constexpr std::array<const char*, 5> kPhases = {"deal", "choose_first", "swap", "step", "over"};
constexpr std::array<const char*, 4> kDirNames = {"up", "right", "down", "left"};

using Planes = ObservationPlanes;

// The suit (or colour, or "T") letter under which the view's key gives a card's direction.
std::string key_group(DeckKind deck, int card) {
  const std::string code = card_code(deck, card);
  if (deck == DeckKind::kStandard) return code.substr(code.size() - 1);
  return card < num_treasures(deck) ? "T" : code.substr(0, 1);
}

int dir_index(const Json& key, const std::string& group) {
  if (!key.contains(group)) return -1;
  const std::string name = key[group].get<std::string>();
  const auto it = std::find(kDirNames.begin(), kDirNames.end(), name);
  return it == kDirNames.end() ? -1 : static_cast<int>(it - kDirNames.begin());
}

void encode_card(Planes& planes, DeckKind deck, const Json& key, int cell, int card) {
  planes.set(kDealt, cell, 1.0F);
  planes.set(kValue, cell, static_cast<float>(card_value(deck, card)) / kMaxRank);
  if (const int d = dir_index(key, key_group(deck, card)); d >= 0)
    planes.set(kMovesUp + d, cell, 1);
  if (is_treasure(deck, card)) planes.set(kIsTreasure, cell, 1.0F);
}

// Board cells holding the listed cards ("locked", "swapped").
void mark_cards(Planes& planes, int plane, const Json& cards,
                const std::array<int, kCells>& cell_of, DeckKind deck) {
  for (const Json& c : cards) {
    const int card = parse_card_code(deck, c.get<std::string>());
    if (card >= 0 && cell_of[card] >= 0) planes.set(plane, cell_of[card], 1.0F);
  }
}

void mark_pawn(Planes& planes, int plane, const Json& pawns, int seat) {
  if (!pawns.is_array() || pawns.size() < 2 || !pawns[seat].is_string()) return;
  const int cell = parse_cell(pawns[seat].get<std::string>());
  if (cell >= 0) planes.set(plane, cell, 1.0F);
}

}  // namespace

std::vector<int> observation_shape(const Options&) {
  return {kObservationPlanes, kSize, kSize};
}

void encode_observation(const Json& view, const Options&, std::vector<float>& out) {
  Planes planes(out, kObservationPlanes, kCells);
  const int me = view["observer"].get<int>();
  const int them = 1 - me;
  const DeckKind deck = view["deck"].get<std::string>() == "specialized" ? DeckKind::kSpecialized
                                                                         : DeckKind::kStandard;
  std::array<int, kCells> cell_of{};
  cell_of.fill(-1);
  const Json& board = view["board"];
  for (int r = 0; r < kSize; ++r) {
    for (int c = 0; c < kSize; ++c) {
      const Json& code = board[r][c];
      if (!code.is_string()) continue;
      const int card = parse_card_code(deck, code.get<std::string>());
      if (card < 0) continue;
      cell_of[card] = r * kSize + c;
      encode_card(planes, deck, view["key"], r * kSize + c, card);
    }
  }
  if (view.contains("treasure") && view["treasure"].is_string()) {
    const int card = parse_card_code(deck, view["treasure"].get<std::string>());
    if (card >= 0 && cell_of[card] >= 0) planes.set(kMarker, cell_of[card], 1.0F);
  }
  mark_pawn(planes, kMyPawn, view.value("pawns", Json()), me);
  mark_pawn(planes, kTheirPawn, view.value("pawns", Json()), them);
  mark_cards(planes, kLocked, view.value("locked", Json::array()), cell_of, deck);
  mark_cards(planes, kSwapped, view.value("swapped", Json::array()), cell_of, deck);

  const std::string phase = view["phase"].get<std::string>();
  const auto it = std::find(kPhases.begin(), kPhases.end(), phase);
  if (it != kPhases.end()) planes.fill(kPhaseDeal + static_cast<int>(it - kPhases.begin()), 1.0F);
  const bool deciding = phase == "swap" || phase == "step";
  if (deciding && view["to_move"].get<int>() == me) planes.fill(kMyTurn, 1.0F);
  const float points = deck == DeckKind::kSpecialized
                           ? static_cast<float>(view.value("target_score", 50))
                           : kStandardPoints;
  if (view.contains("scores") && view["scores"].is_array()) {
    const auto fraction = [&](int seat) {
      return std::min(static_cast<float>(view["scores"][seat].get<int>()) / points, 1.0F);
    };
    planes.fill(kMyScore, fraction(me));
    planes.fill(kTheirScore, fraction(them));
  }
  planes.fill(kTreasureValue, static_cast<float>(view.value("treasure_value", 0)) / kMaxRank);
  planes.fill(kTurn, std::min(static_cast<float>(view.value("turn", 0)), kTurnScale) / kTurnScale);
}

}  // namespace mw::treasure_hunt
