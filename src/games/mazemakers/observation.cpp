#include "games/mazemakers/observation.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "core/observation.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/pentomino.h"

namespace mw::mazemakers {
namespace {

// Board planes (docs/python.md, "MazeMakers", lists every plane).
enum BoardPlane : int {
  kFloor = 0,    // a square a pawn may stand on, as the view's walls and tiles draw it
  kWall = 1,     // under a pentomino wall / a hole inside the tiles' bounding box
  kStartSq = 2,  // START's squares: the 2x2 hole / the START tile
  kForcedWall = 3,
  kTarget = 4,
  kLastFree = 5,
  kCoinValue2 = 6,  // then 3, 4
  kCoinMine = 9,    // a coin whose suit this seat knows to be its own
  kCoinOther = 10,  // a coin whose suit this seat knows to be another's
  kPhase = 11,      // 15 phases, one-hot
  kRound = 26,
  kStepsLeft = 27,
  kMoverRoll = 28,
  kBeganOnStart = 29,
  kLeftStart = 30,
  kLastCombat = 31,  // mover, other
  kRemoved = 33,
  kTilesMoved = 34,
  kUnplaced = 35,
  kCoinsToDeal = 36,
  kSuitInPlay = 37,  // Suns, Moons, Crowns, Arms
  kPiece = 41,       // pentomino board: piece F I L N P T U V W X Y Z's squares (12 planes)
};
static_assert(kPiece + kNumPieces == kObservationGlobalPlanes);

// Per-seat planes, from the seat block's first plane.
enum SeatPlane : int {
  kPawn = 0,
  kControls = 1,    // its walls / holes: coins on it / 3
  kMonsterFor = 2,  // coins publicly a monster for it
  kOnStart = 3,
  kAlive = 4,
  kExited = 5,
  kHealth = 6,
  kArtifacts = 7,
  kHand = 8,
  kToAct = 9,
  kMover = 10,
  kBlocker = 11,
  kFirst = 12,
  kSuit = 13,  // one-hot, 4
  kWinner = 17,
  kInRolloff = 18,
  kRolled = 19,
  kRolloffTotal = 20,
};
static_assert(kRolloffTotal + 1 == kObservationSeatPlanes);

constexpr std::array<std::string_view, 15> kPhaseNames = {
    "first",      "suit", "extraSuit", "walls",   "tiles",       "control", "coins", "coinSuits",
    "wallAction", "move", "block",     "pvpRoll", "monsterRoll", "rolloff", "over"};
constexpr float kRoundScale = 100.0F;  // when there is no round limit
constexpr float kStepScale = 10.0F;
constexpr float kRollScale = 12.0F;

int side_of(BoardKind board) {
  return board == BoardKind::kTiles ? kMaxSide : kSide;
}

// START is no square: set() ignores it.
class Planes : public ObservationPlanes {
 public:
  Planes(std::vector<float>& out, int planes, BoardKind board)
      : ObservationPlanes(out, planes, side_of(board) * side_of(board)), board_(board) {}
  int cell(const Json& name) const {
    return name.is_string() ? parse_cell(name.get<std::string>(), board_) : -1;
  }
  void square(int plane, const Json& name, float value = 1.0F) { set(plane, cell(name), value); }
  // The 2x2 squares of a tile position.
  void tile(int plane, int pos, float value) {
    const int corner = tile_corner(pos);
    for (const int d : {0, 1, kMaxSide, kMaxSide + 1}) set(plane, corner + d, value);
  }

 private:
  BoardKind board_;
};

// "P3" -> 2; -1 for anything else (null, "chance", "").
int seat_of(const Json& name) {
  if (!name.is_string()) return -1;
  const std::string s = name.get<std::string>();
  if (s.size() != 2 || s[0] != 'P' || s[1] < '1' || s[1] > '4') return -1;
  return s[1] - '1';
}

int suit_of(const Json& name) {
  if (!name.is_string()) return -1;
  const auto it = std::find(kSuitNames.begin(), kSuitNames.end(), name.get<std::string>());
  return it == kSuitNames.end() ? -1 : static_cast<int>(it - kSuitNames.begin());
}

// "F2@c4" (the view's placement) -> the wall's squares on the 10x10 board; 0 if unreadable.
Mask placement_squares(const std::string& text) {
  const auto at = text.find('@');
  const auto piece = kPieceLetters.find(text.empty() ? '?' : text[0]);
  if (at == std::string::npos || at < 2 || piece == std::string_view::npos) return 0;
  int k = 0;
  for (std::size_t i = 1; i < at; ++i) {
    if (text[i] < '0' || text[i] > '9' || k > 99) return 0;
    k = k * 10 + (text[i] - '0');
  }
  const int anchor = parse_cell(text.substr(at + 1));
  const int p = static_cast<int>(piece);
  if (k < 1 || k > orientation_count(p) || anchor < 0 || anchor >= kCells) return 0;
  return placement_mask(first_orientation(p) + k - 1, anchor);
}

void mark_mask(Planes& planes, int plane, Mask m, float value) {
  for (int c = 0; c < kCells; ++c) {
    if (((m >> c) & 1) != 0) planes.set(plane, c, value);
  }
}

// Floor, walls and START, and each seat's controlled walls, on the pentomino board.
void encode_pentomino_board(Planes& planes, const Json& view, int seat_base, int me, int n) {
  for (const int c : {88, 89, 98, 99}) planes.set(kStartSq, c, 1.0F);
  Mask walls = 0;
  const Json& turn = view.value("turn", Json::object());
  std::string forced;
  if (turn.contains("forced_wall") && turn["forced_wall"].is_string()) {
    forced = turn["forced_wall"].get<std::string>();
  }
  for (const Json& w : view["walls"]) {
    const Mask m = placement_squares(w["placement"].get<std::string>());
    walls |= m;
    if (const auto piece = kPieceLetters.find(w["piece"].get<std::string>());
        piece != std::string_view::npos) {
      mark_mask(planes, kPiece + static_cast<int>(piece), m, 1.0F);
    }
    if (w["piece"] == forced) mark_mask(planes, kForcedWall, m, 1.0F);
    if (const int owner = seat_of(w["owner"]); owner >= 0) {
      const int rel = (owner - me + n) % n;
      mark_mask(planes, seat_base + rel * kObservationSeatPlanes + kControls, m,
                unit_fraction(static_cast<float>(w["coins"].get<int>()), 3.0F));
    }
  }
  mark_mask(planes, kWall, walls, 1.0F);
  for (int c = 0; c < kCells; ++c) {
    if (planes.get(kWall, c) == 0.0F && planes.get(kStartSq, c) == 0.0F) {
      planes.set(kFloor, c, 1.0F);
    }
  }
}

// The same on the No-Pentominos window: tiles are floor, holes inside the bounding box walls.
void encode_tiles_board(Planes& planes, const Json& view, int seat_base, int me, int n) {
  const int start = tile_of(planes.cell(view["start_tile"]));
  planes.tile(kStartSq, start, 1.0F);
  int top = start / kTileSide, bottom = top, left = start % kTileSide, right = left;
  for (const Json& t : view["tiles"]) {
    const int pos = tile_of(planes.cell(t));
    planes.tile(kFloor, pos, 1.0F);
    top = std::min(top, pos / kTileSide);
    bottom = std::max(bottom, pos / kTileSide);
    left = std::min(left, pos % kTileSide);
    right = std::max(right, pos % kTileSide);
  }
  for (int r = top; r <= bottom; ++r) {
    for (int c = left; c <= right; ++c) {
      const int pos = r * kTileSide + c;
      if (pos != start && planes.get(kFloor, tile_corner(pos)) == 0.0F) {
        planes.tile(kWall, pos, 1.0F);
      }
    }
  }
  const Json& turn = view.value("turn", Json::object());
  if (turn.contains("forced_wall")) {
    const int forced = planes.cell(turn["forced_wall"]);
    if (forced >= 0) planes.tile(kForcedWall, tile_of(forced), 1.0F);
  }
  for (const Json& w : view["walls"]) {
    const int owner = seat_of(w["owner"]);
    const int hole = planes.cell(w["hole"]);
    if (owner < 0 || hole < 0) continue;
    const int rel = (owner - me + n) % n;
    planes.tile(seat_base + rel * kObservationSeatPlanes + kControls, tile_of(hole),
                unit_fraction(static_cast<float>(w["coins"].get<int>()), 3.0F));
  }
}

void encode_coins(Planes& planes, const Json& view, int my_suit, int seat_base, int me, int n) {
  for (const Json& coin : view["coins"]) {
    const int cell = planes.cell(coin["cell"]);
    const int value = coin["value"].get<int>();
    if (value >= 2 && value <= 4) planes.set(kCoinValue2 + value - 2, cell, 1.0F);
    if (const int suit = suit_of(coin.value("suit", Json())); suit >= 0) {
      planes.set(suit == my_suit ? kCoinMine : kCoinOther, cell, 1.0F);
    }
    for (const Json& who : coin["monster_for"]) {
      const int seat = seat_of(who);
      if (seat >= 0)
        planes.set(seat_base + ((seat - me + n) % n) * kObservationSeatPlanes + kMonsterFor, cell,
                   1.0F);
    }
  }
}

void encode_seat(Planes& planes, const Json& view, int base, int seat) {
  const Json& p = view["players"][seat];
  planes.square(base + kPawn, p["pawn"]);
  if (p["pawn"] == "start") planes.fill(base + kOnStart, 1.0F);
  if (p["alive"].get<bool>()) planes.fill(base + kAlive, 1.0F);
  if (p["exited"].get<bool>()) planes.fill(base + kExited, 1.0F);
  planes.fill(base + kHealth,
              unit_fraction(static_cast<float>(p["health"].get<int>()), kMaxHealth));
  planes.fill(base + kArtifacts,
              unit_fraction(static_cast<float>(p["artifacts"].get<int>()), 3.0F));
  planes.fill(base + kHand, unit_fraction(static_cast<float>(p["coins_in_hand"].get<int>()), 3.0F));
  if (seat_of(view["to_act"]) == seat) planes.fill(base + kToAct, 1.0F);
  if (seat_of(view["first"]) == seat) planes.fill(base + kFirst, 1.0F);
  if (const int suit = suit_of(p["suit"]); suit >= 0) planes.fill(base + kSuit + suit, 1.0F);
  if (view.contains("turn")) {
    if (seat_of(view["turn"]["mover"]) == seat) planes.fill(base + kMover, 1.0F);
    if (seat_of(view["turn"]["blocker"]) == seat) planes.fill(base + kBlocker, 1.0F);
  }
  if (view.contains("winners")) {
    for (const Json& w : view["winners"]) {
      if (seat_of(w) == seat) planes.fill(base + kWinner, 1.0F);
    }
  }
  if (view.contains("rolloff")) {
    const Json& r = view["rolloff"];
    if (((r["in"].get<int>() >> seat) & 1) != 0) planes.fill(base + kInRolloff, 1.0F);
    if (((r["rolled"].get<int>() >> seat) & 1) != 0) planes.fill(base + kRolled, 1.0F);
    planes.fill(base + kRolloffTotal,
                unit_fraction(static_cast<float>(r["totals"][seat].get<int>()), kRollScale));
  }
}

void encode_turn(Planes& planes, const Json& view) {
  if (!view.contains("turn")) return;
  const Json& t = view["turn"];
  planes.square(kTarget, t["target"]);
  planes.square(kLastFree, t["last_free"]);
  planes.fill(kStepsLeft,
              unit_fraction(static_cast<float>(t["steps_left"].get<int>()), kStepScale));
  planes.fill(kMoverRoll,
              unit_fraction(static_cast<float>(t["mover_roll"].get<int>() + 1), kRollScale));
  if (t["began_on_start"].get<bool>()) planes.fill(kBeganOnStart, 1.0F);
  if (t["left_start"].get<bool>()) planes.fill(kLeftStart, 1.0F);
}

void encode_counts(Planes& planes, const Json& view) {
  const std::string phase_name = view["phase"].get<std::string>();
  const auto phase = std::find(kPhaseNames.begin(), kPhaseNames.end(), phase_name);
  if (phase != kPhaseNames.end()) {
    planes.fill(kPhase + static_cast<int>(phase - kPhaseNames.begin()), 1.0F);
  }
  const int limit = view["round_limit"].get<int>();
  planes.fill(kRound, unit_fraction(static_cast<float>(view["round"].get<int>()),
                                    limit > 0 ? static_cast<float>(limit) : kRoundScale));
  // The two totals (a monster's is its value); both planes 0 before the first combat.
  const Json& combat = view["lastCombat"];
  for (int i = 0; i < 2 && !combat.is_null(); ++i) {
    const int total = combat[i == 0 ? "fighter" : "opponent"]["total"].get<int>();
    planes.fill(kLastCombat + i, unit_fraction(static_cast<float>(total + 1), kRollScale));
  }
  planes.fill(kRemoved,
              unit_fraction(static_cast<float>(view["removed_monsters"].size()), kNumCoins));
  planes.fill(kTilesMoved,
              unit_fraction(static_cast<float>(view.value("tiles_moved", 0)), kTileMoves));
  planes.fill(kUnplaced, unit_fraction(static_cast<float>(view.value("unplaced_pieces", "").size()),
                                       kNumPieces));
  planes.fill(kCoinsToDeal,
              unit_fraction(static_cast<float>(view.value("coins_to_deal", 0)), kNumCoins));
  for (const Json& s : view["suits_in_play"]) {
    if (const int suit = suit_of(s); suit >= 0) planes.fill(kSuitInPlay + suit, 1.0F);
  }
}

}  // namespace

std::vector<int> observation_shape(const Options& options) {
  const Config config = Config::from_options(options);
  const int side = config.board == BoardKind::kTiles ? kMaxSide : kSide;
  return {kObservationGlobalPlanes + kObservationSeatPlanes * config.players, side, side};
}

void encode_observation(const Json& view, const Options& options, std::vector<float>& out) {
  const Config config = Config::from_options(options);
  const int n = config.players;
  Planes planes(out, kObservationGlobalPlanes + kObservationSeatPlanes * n, config.board);
  const int me = seat_of(view["observer"]);
  const int seat_base = kObservationGlobalPlanes;
  if (config.board == BoardKind::kTiles) {
    encode_tiles_board(planes, view, seat_base, me, n);
  } else {
    encode_pentomino_board(planes, view, seat_base, me, n);
  }
  encode_coins(planes, view, suit_of(view["players"][me]["suit"]), seat_base, me, n);
  for (int rel = 0; rel < n; ++rel) {
    encode_seat(planes, view, seat_base + rel * kObservationSeatPlanes, (me + rel) % n);
  }
  encode_turn(planes, view);
  encode_counts(planes, view);
}

}  // namespace mw::mazemakers
