#pragma once
// Numeric observations for learning agents: an optional, generic capability of a game (the
// GameEntry fields observation_shape / encode_observation). One seat's view becomes a fixed-shape
// vector of floats (row-major, OpenSpiel's observation_tensor). Built from State::view(seat) only,
// so two states a seat cannot tell apart give it the same tensor. Games without it: kBadRequest.
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <vector>

#include "core/error.h"
#include "core/game.h"
#include "core/state.h"

namespace mw {

inline bool has_observation_tensor(const Game& game) {
  return static_cast<bool>(game.entry().observation_shape) &&
         static_cast<bool>(game.entry().encode_observation);
}

// Throws Error(kBadRequest) when the game has no numeric observation.
inline std::vector<int> observation_tensor_shape(const Game& game) {
  if (!has_observation_tensor(game)) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("{} has no numeric observation (observation_tensor); its views are "
                            "JSON only (docs/rules/{}.md)",
                            game.id(), game.id()));
  }
  return game.entry().observation_shape(game.options());
}

inline std::size_t observation_tensor_size(const std::vector<int>& shape) {
  std::size_t n = 1;
  for (int d : shape) n *= static_cast<std::size_t>(d);
  return n;
}

// A count or a number of rounds as an observation value: x / scale, held within [0, 1].
inline float unit_fraction(float x, float scale) {
  return std::clamp(x / scale, 0.0F, 1.0F);
}

// An encoder's output seen as `planes` planes of `cells` values each (plane-major), zeroed first.
// Games with extra geometry (squares by name, tiles) derive from it.
class ObservationPlanes {
 public:
  ObservationPlanes(std::vector<float>& out, int planes, int cells) : out_(out), cells_(cells) {
    out_.assign(static_cast<std::size_t>(planes) * static_cast<std::size_t>(cells), 0.0F);
  }
  // A cell outside the plane (a name that parsed to -1, a node that is no square) is ignored.
  void set(int plane, int cell, float value) {
    if (cell >= 0 && cell < cells_) out_[index(plane, cell)] = value;
  }
  float get(int plane, int cell) const { return out_[index(plane, cell)]; }
  void fill(int plane, float value) {
    for (int cell = 0; cell < cells_; ++cell) set(plane, cell, value);
  }
  int cells() const { return cells_; }

 private:
  std::size_t index(int plane, int cell) const {
    return static_cast<std::size_t>(plane) * static_cast<std::size_t>(cells_) +
           static_cast<std::size_t>(cell);
  }
  std::vector<float>& out_;
  int cells_;
};

// Seat `seat`'s view of `state`, encoded. Throws Error(kBadRequest) for a game without it or an
// observer that is not a seat, Error(kInternal) if the game's encoder breaks its own shape.
inline std::vector<float> observation_tensor(const State& state, Player seat) {
  const Game& game = state.game();
  const std::vector<int> shape = observation_tensor_shape(game);
  if (seat < 0 || seat >= state.num_players()) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("observation_tensor is per seat: expected 0..{}, got {}",
                            state.num_players() - 1, seat));
  }
  std::vector<float> out;
  game.entry().encode_observation(state.view(seat), game.options(), out);
  if (out.size() != observation_tensor_size(shape)) {
    throw Error(ErrorCode::kInternal,
                fmt::format("{}'s observation encoder wrote {} values for a shape of {}", game.id(),
                            out.size(), observation_tensor_size(shape)));
  }
  return out;
}

}  // namespace mw
