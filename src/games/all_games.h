#pragma once
// The built-in games: the one place that knows every game folder.
#include "core/registry.h"

namespace mw {
const Registry& builtin_games();
}  // namespace mw
