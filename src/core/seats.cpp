#include "core/seats.h"

#include <fmt/format.h>

namespace mw {

std::vector<std::string> seat_names(const State& state) {
  const Json view = state.view(kSpectator);
  std::vector<std::string> names;
  const auto seats = view.find("seats");
  for (Player p = 0; p < state.num_players(); ++p) {
    const bool named = seats != view.end() && seats->is_array() &&
                       static_cast<std::size_t>(p) < seats->size() && (*seats)[p].is_string();
    names.push_back(named ? (*seats)[p].get<std::string>() : fmt::format("seat {}", p));
  }
  return names;
}

}  // namespace mw
