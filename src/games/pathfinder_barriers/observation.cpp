#include "games/pathfinder_barriers/observation.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "core/observation.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {
namespace {

// Plane groups (docs/rules/pathfinder-barriers.md lists them). A slot is drawn on the square on
// its left (V), above it (H), or on the column-1 square of its row (L, the entry slot).
inline constexpr int kHomePlanes = 4;      // pawn, chip right, chip below, chip at the entry
inline constexpr int kTrackingPlanes = 9;  // explorer, trail, blocked x3, open x3, last exit
inline constexpr int kMyHome = 0;
inline constexpr int kTheirHome = kMyHome + kHomePlanes;      // all zero until the end (rule 12)
inline constexpr int kMyTracking = kTheirHome + kHomePlanes;  // my search of their grid
inline constexpr int kTheirTracking = kMyTracking + kTrackingPlanes;
inline constexpr int kPhaseSetup =
    kTheirTracking + kTrackingPlanes;  // setup, choose_first, play, over
inline constexpr int kMyTurn = kPhaseSetup + 4;
inline constexpr int kMySetupDone = kMyTurn + 1;
inline constexpr int kTheirSetupDone = kMySetupDone + 1;
inline constexpr int kIPlayedFirst = kTheirSetupDone + 1;
inline constexpr int kMyChips = kIPlayedFirst + 1;  // my chips / max_barriers
inline constexpr int kMyTurns = kMyChips + 1;       // turns begun / 36
inline constexpr int kTheirTurns = kMyTurns + 1;
static_assert(kTheirTurns + 1 == kObservationPlanes);

constexpr float kTurnScale = 36.0F;  // capped at 1 beyond
constexpr std::array<const char*, 4> kPhases = {"setup", "choose_first", "play", "over"};

class Planes : public ObservationPlanes {
 public:
  explicit Planes(std::vector<float>& out) : ObservationPlanes(out, kObservationPlanes, kSquares) {}
  void square(int plane, const Json& name) {
    if (!name.is_string()) return;
    if (const int sq = parse_square(name.get<std::string>()); sq >= 0) set(plane, sq, 1.0F);
  }
  // Three planes from `first`: slots right of, below, and at the entry of a square.
  void slots(int first, const Json& names) {
    if (!names.is_array()) return;
    for (const Json& name : names) {
      const int slot = parse_slot(name.get<std::string>());
      if (slot < 0) continue;
      if (slot < kFirstH) {
        set(first, (slot / (kSize - 1)) * kSize + slot % (kSize - 1), 1.0F);
      } else if (slot < kFirstL) {
        set(first + 1, slot - kFirstH, 1.0F);
      } else {
        set(first + 2, (slot - kFirstL) * kSize, 1.0F);
      }
    }
  }
};

void encode_home(Planes& planes, int first, const Json& home) {
  if (!home.is_object()) return;  // another seat's grid before the end
  planes.square(first, home.value("pawn", Json()));
  planes.slots(first + 1, home.value("barriers", Json::array()));
}

void encode_tracking(Planes& planes, int first, const Json& t) {
  planes.square(first, t.value("explorer", Json()));
  for (const Json& sq : t.value("trail", Json::array())) planes.square(first + 1, sq);
  planes.slots(first + 2, t.value("blocked", Json::array()));
  planes.slots(first + 5, t.value("open", Json::array()));
  planes.square(first + 8, t.value("last_exit", Json()));
}

}  // namespace

std::vector<int> observation_shape(const Options&) {
  return {kObservationPlanes, kSize, kSize};
}

void encode_observation(const Json& view, const Options&, std::vector<float>& out) {
  Planes planes(out);
  const int me = view["observer"].get<int>();
  const int them = 1 - me;
  encode_home(planes, kMyHome, view["homes"][me]);
  encode_home(planes, kTheirHome, view["homes"][them]);
  encode_tracking(planes, kMyTracking, view["tracking"][me]);
  encode_tracking(planes, kTheirTracking, view["tracking"][them]);

  const std::string phase = view["phase"].get<std::string>();
  const auto it = std::find(kPhases.begin(), kPhases.end(), phase);
  if (it != kPhases.end()) planes.fill(kPhaseSetup + static_cast<int>(it - kPhases.begin()), 1.0F);
  const bool deciding = phase == "setup" || phase == "play";
  if (deciding && view["to_move"].get<int>() == me) planes.fill(kMyTurn, 1.0F);
  if (view["setup_done"][me].get<bool>()) planes.fill(kMySetupDone, 1.0F);
  if (view["setup_done"][them].get<bool>()) planes.fill(kTheirSetupDone, 1.0F);
  if (view["first"].is_number_integer() && view["first"].get<int>() == me) {
    planes.fill(kIPlayedFirst, 1.0F);
  }
  const Json& mine = view["homes"][me];
  const int cap = std::max(1, view.value("max_barriers", kDefaultMaxBarriers));
  if (mine.is_object() && mine.contains("barriers")) {
    planes.fill(kMyChips, static_cast<float>(mine["barriers"].size()) / static_cast<float>(cap));
  }
  for (const auto& [plane, seat] : {std::pair{kMyTurns, me}, std::pair{kTheirTurns, them}}) {
    const auto turns = static_cast<float>(view["tracking"][seat].value("turns", 0));
    planes.fill(plane, std::min(turns / kTurnScale, 1.0F));
  }
}

}  // namespace mw::pathfinder_barriers
