#include "games/all_games.h"

#include "games/jokers_labyrinth/register.h"
#include "games/treasure_hunt/register.h"

namespace mw {

const Registry& builtin_games() {
  static const Registry registry = [] {
    Registry r;
    r.add(treasure_hunt::entry());
    r.add(jokers_labyrinth::entry());
    return r;
  }();
  return registry;
}

}  // namespace mw
