#include "server/rematch.h"

namespace mw::server {

Json rematch_options(const Registry& registry, std::string_view game, const Json& options) {
  const auto& swap = registry.entry(game).rematch_options;
  return swap ? swap(options) : options;
}

}  // namespace mw::server
