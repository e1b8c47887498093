// Draws a Pathfinder view for the terminal: the two home grids side by side, each with what the
// observer may see of it (its chips when visible, else the seeker's tracking grid: light chips
// for "No" answers, open slots for "Yes"), the seeker's tall pawn (@), its trail discs (o) and the
// short pawn (P) when visible. Input is a view, never the state.
//
// A square is 3 columns wide; the slots between squares are drawn as walls ('|', '---') when a
// chip is there or known, as blanks when known open or when the whole grid is visible, and as
// dotted (':', ' . ') when unknown. The left edge of column 1 is the entry slots.
#include <fmt/format.h>

#include <string>

#include "core/game.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {
namespace {

struct Paint {
  bool on;
  std::string operator()(std::string_view text, const char* code) const {
    return on ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
  }
};

enum class SlotLook { kOpen, kUnknown, kChip, kLightChip };

struct GridLook {
  std::array<SlotLook, kSlots> slots{};
  std::string title;
  int pawn = -1, explorer = -1;
  std::uint64_t trail = 0;
};

SlotSet slots_of(const Json& list) {
  SlotSet out;
  if (!list.is_array()) return out;
  for (const Json& s : list) {
    const int slot = s.is_string() ? parse_slot(s.get<std::string>()) : -1;
    if (slot >= 0) out.add(slot);
  }
  return out;
}

std::uint64_t squares_of(const Json& list) {
  std::uint64_t out = 0;
  if (!list.is_array()) return out;
  for (const Json& s : list) {
    const int sq = s.is_string() ? parse_square(s.get<std::string>()) : -1;
    if (sq >= 0) out |= sq_bit(sq);
  }
  return out;
}

int square_of(const Json& j) {
  return j.is_string() ? parse_square(j.get<std::string>()) : -1;
}

// Home grid `q` as the view shows it: searched by the other seat.
GridLook look(const Json& view, int q) {
  GridLook g;
  const Json seats = view.value("seats", Json::array({"North", "South"}));
  const Json& home = view["homes"][q];
  const Json& track = view["tracking"][1 - q];
  const SlotSet blocked = slots_of(track.value("blocked", Json::array()));
  const SlotSet open = slots_of(track.value("open", Json::array()));
  const bool visible = home.is_object();
  const SlotSet chips = visible ? slots_of(home.value("barriers", Json::array())) : SlotSet{};
  for (int s = 0; s < kSlots; ++s) {
    g.slots[s] = blocked.contains(s)           ? SlotLook::kLightChip
                 : chips.contains(s)           ? SlotLook::kChip
                 : visible || open.contains(s) ? SlotLook::kOpen
                                               : SlotLook::kUnknown;
  }
  g.pawn = visible ? square_of(home.value("pawn", Json(nullptr))) : -1;
  g.explorer = square_of(track.value("explorer", Json(nullptr)));
  g.trail = squares_of(track.value("trail", Json::array()));
  g.title = fmt::format("{}'s grid ({} {})", seats[q].get<std::string>(),
                        seats[1 - q].get<std::string>(), visible ? "searching" : "tracking");
  return g;
}

struct Glyphs {
  const char* v_wall;
  const char* v_unknown;
  const char* h_wall;
  const char* h_unknown;
  const char* corner;
};

std::string vertical(SlotLook s, const Glyphs& gl, const Paint& paint) {
  switch (s) {
    case SlotLook::kOpen:
      return " ";
    case SlotLook::kUnknown:
      return paint(gl.v_unknown, "2");
    case SlotLook::kChip:
      return paint(gl.v_wall, "1");
    case SlotLook::kLightChip:
      return paint(gl.v_wall, "33;1");
  }
  return " ";
}

std::string horizontal(SlotLook s, const Glyphs& gl, const Paint& paint) {
  switch (s) {
    case SlotLook::kOpen:
      return "   ";
    case SlotLook::kUnknown:
      return paint(gl.h_unknown, "2");
    case SlotLook::kChip:
      return paint(gl.h_wall, "1");
    case SlotLook::kLightChip:
      return paint(gl.h_wall, "33;1");
  }
  return "   ";
}

std::string cell(const GridLook& g, int sq, const Paint& paint) {
  if (sq == g.explorer && sq == g.pawn) return paint("@P ", "31;1");
  if (sq == g.explorer) return paint(" @ ", "36;1");
  if (sq == g.pawn) return paint(" P ", "35;1");
  if ((g.trail >> sq) & 1) return paint(" o ", "31");
  return "   ";
}

// The lines of one grid, each exactly 27 terminal columns wide.
std::vector<std::string> draw(const GridLook& g, const Glyphs& gl, const Paint& paint) {
  std::vector<std::string> out;
  std::string edge = std::string("  ") + gl.corner;
  for (int c = 0; c < kSize; ++c) edge += std::string(gl.h_wall) + gl.corner;
  out.push_back("    1   2   3   4   5   6  ");
  out.push_back(edge);
  for (int r = 0; r < kSize; ++r) {
    std::string line = fmt::format("{} ", static_cast<char>('A' + r));
    line += vertical(g.slots[kFirstL + r], gl, paint);
    for (int c = 0; c < kSize; ++c) {
      line += cell(g, r * kSize + c, paint);
      line += c < kSize - 1 ? vertical(g.slots[r * 5 + c], gl, paint) : std::string(gl.v_wall);
    }
    out.push_back(line);
    if (r == kSize - 1) break;
    std::string below = std::string("  ") + gl.corner;
    for (int c = 0; c < kSize; ++c) {
      below += horizontal(g.slots[kFirstH + r * kSize + c], gl, paint) + gl.corner;
    }
    out.push_back(below);
  }
  out.push_back(edge);
  return out;
}

std::string status(const Json& view, const Paint& paint, std::string_view sep) {
  const Json seats = view.value("seats", Json::array({"North", "South"}));
  const std::string phase = view.value("phase", "");
  const int to_move = view.value("to_move", 0);
  const std::string mover = seats[to_move].get<std::string>();
  std::string line;
  if (phase == "over") {
    const Json& w = view["winner"];
    line = w.is_number_integer() ? fmt::format("game over: {} found the pawn and wins",
                                               seats[w.get<int>()].get<std::string>())
                                 : "game over";
  } else if (phase == "setup") {
    line = fmt::format("setup {} {} builds a home grid", sep, mover);
  } else if (phase == "choose_first") {
    line = "choosing the first player";
  } else {
    line = fmt::format("{} to ask", mover);
  }
  std::string out = fmt::format("{} {} {}", paint("Pathfinder", "1"), sep, line);
  const Json tracking = view.value("tracking", Json::array());
  if (phase == "play" || phase == "over") {
    for (int p = 0; p < 2; ++p) {
      out +=
          fmt::format("   {}: turn {}", seats[p].get<std::string>(), tracking[p].value("turns", 0));
    }
  }
  out += "\n";
  const Json& last = view["last"];
  if (last.is_object()) {
    const std::string answer = last.value("answer", "");
    out += fmt::format("last: {} asked {}: {}\n", seats[last.value("seat", 0)].get<std::string>(),
                       last.value("question", ""),
                       paint(answer == "yes" ? "Yes" : "No", answer == "yes" ? "32;1" : "31;1"));
  }
  return out;
}

}  // namespace

std::string render_view(const Json& view, const RenderStyle& style) {
  const Paint paint{style.color};
  const Glyphs gl =
      style.unicode ? Glyphs{"┃", "┆", "━━━", "┄┄┄", "+"} : Glyphs{"|", ":", "---", " . ", "+"};
  const std::string_view sep = style.unicode ? "·" : "|";
  std::string out = status(view, paint, sep);
  if (!view.contains("homes") || !view.contains("tracking")) return out;
  const GridLook left = look(view, 0), right = look(view, 1);
  const auto a = draw(left, gl, paint), b = draw(right, gl, paint);
  out += fmt::format("  {:<33} {}\n", left.title, right.title);
  for (std::size_t i = 0; i < a.size(); ++i) out += "  " + a[i] + "       " + b[i] + "\n";
  out += "  @ explorer (tall pawn)  o trail disc  P short pawn  walls: chips, dotted: unknown\n";
  const Json homes = view["homes"];
  const Json observer = view.value("observer", Json(nullptr));
  if (observer.is_number_integer()) {
    const int me = observer.get<int>();
    const Json& mine = homes[me];
    if (mine.is_object()) {
      out +=
          fmt::format("  your grid: {} of {} chips\n", mine.value("barriers", Json::array()).size(),
                      view.value("max_barriers", kDefaultMaxBarriers));
    }
  }
  return out;
}

// The end in the game's words: the first seeker to find the other's pawn wins; the turns each
// searched tell how close it was.
std::string describe_result(const Json& view, const Options& /*options*/) {
  const Json seats = view.value("seats", Json::array({"North", "South"}));
  const Json& w = view.value("winner", Json());
  if (view.value("phase", "") != "over" || !w.is_number_integer()) return "";
  const int winner = w.get<int>();
  const auto turns = [&](int seat) {
    const Json& tracking = view.value("tracking", Json::array());
    return tracking.is_array() && static_cast<std::size_t>(seat) < tracking.size()
               ? tracking[static_cast<std::size_t>(seat)].value("turns", 0)
               : 0;
  };
  const auto plural = [](int n) { return fmt::format("{} turn{}", n, n == 1 ? "" : "s"); };
  const std::string name = seats[winner].get<std::string>();
  const std::string other = seats[1 - winner].get<std::string>();
  return fmt::format("{} found {}'s pawn in {} and wins; {} searched for {}", name, other,
                     plural(turns(winner)), other, plural(turns(1 - winner)));
}

}  // namespace mw::pathfinder_barriers
