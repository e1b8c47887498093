#include "core/seats.h"

#include <fmt/format.h>

namespace mw {

std::string player_name(Player p) {
  return fmt::format("Player {}", p + 1);
}

std::string spelled_seat(const std::string& name) {
  const bool shorthand = name.size() >= 2 && name[0] == 'P' &&
                         name.find_first_not_of("0123456789", 1) == std::string::npos;
  return shorthand ? "Player " + name.substr(1) : name;
}

std::vector<std::string> seat_names(const State& state) {
  const Json view = state.view(kSpectator);
  std::vector<std::string> names;
  const auto seats = view.find("seats");
  for (Player p = 0; p < state.num_players(); ++p) {
    const bool named = seats != view.end() && seats->is_array() &&
                       static_cast<std::size_t>(p) < seats->size() && (*seats)[p].is_string();
    names.push_back(named ? spelled_seat((*seats)[p].get<std::string>()) : player_name(p));
  }
  return names;
}

}  // namespace mw
