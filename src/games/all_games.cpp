#include "games/all_games.h"

#include "games/treasure_hunt/register.h"

namespace mw {

const Registry& builtin_games() {
  static const Registry registry = [] {
    Registry r;
    r.add(treasure_hunt::entry());
    return r;
  }();
  return registry;
}

}  // namespace mw
