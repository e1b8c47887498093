#include "games/all_games.h"

#include "games/pathfinder_barriers/register.h"
#include "games/treasure_hunt/register.h"

namespace mw {

const Registry& builtin_games() {
  static const Registry registry = [] {
    Registry r;
    r.add(treasure_hunt::entry());
    r.add(pathfinder_barriers::entry());
    return r;
  }();
  return registry;
}

}  // namespace mw
