#include "games/all_games.h"

#include "games/jokers_labyrinth/register.h"
#include "games/mazemakers/register.h"
#include "games/pathfinder_barriers/register.h"
#include "games/pathfinder_cards/register.h"
#include "games/treasure_hunt/register.h"

namespace mw {

const Registry& builtin_games() {
  static const Registry registry = [] {
    Registry r;
    r.add(treasure_hunt::entry());
    r.add(pathfinder_barriers::entry());
    r.add(pathfinder_cards::entry());
    r.add(mazemakers::entry());
    r.add(jokers_labyrinth::entry());
    return r;
  }();
  return registry;
}

}  // namespace mw
