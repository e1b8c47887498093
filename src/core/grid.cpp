#include "core/grid.h"

#include <cctype>
#include <string>

namespace mw {

std::string_view dir_name(Dir d) {
  switch (d) {
    case Dir::kUp: return "up";
    case Dir::kRight: return "right";
    case Dir::kDown: return "down";
    case Dir::kLeft: return "left";
  }
  return "up";
}

std::optional<Dir> parse_dir(std::string_view text) {
  std::string t(text);
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "up" || t == "u" || t == "n" || t == "north") return Dir::kUp;
  if (t == "right" || t == "r" || t == "e" || t == "east") return Dir::kRight;
  if (t == "down" || t == "d" || t == "s" || t == "south") return Dir::kDown;
  if (t == "left" || t == "l" || t == "w" || t == "west") return Dir::kLeft;
  return std::nullopt;
}

}  // namespace mw
