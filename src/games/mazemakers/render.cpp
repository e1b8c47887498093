// Draws a MazeMakers view for the terminal: the 10x10 board of small squares with the START hole,
// the pentomino walls (letter; lower case when nobody controls it), number-up coins (their value,
// or the suit initial when the observer knows it), pawns (1-4), then each player's line.
// Input is a view, never the state. With RenderStyle{.unicode = false, .color = false} the output
// is plain ASCII.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/seats.h"
#include "games/mazemakers/mazemakers.h"

namespace mw::mazemakers {
namespace {

struct Paint {
  bool on;
  std::string operator()(std::string_view text, const char* code) const {
    return on ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
  }
};

constexpr std::array<const char*, 4> kSeatColours = {"31;1", "36;1", "33;1", "34;1"};

// The squares of a placement written "F2@c4" (pentomino.h); empty when it is not one.
std::vector<int> wall_cells(const std::string& code) {
  const auto at = code.find('@');
  if (at == std::string::npos || at < 2) return {};
  const auto piece = kPieceLetters.find(code[0]);
  const int cell = parse_cell(code.substr(at + 1));
  const int k = std::atoi(code.substr(1, at - 1).c_str());
  if (piece == std::string_view::npos || cell < 0 || cell >= kCells || k < 1 ||
      k > orientation_count(static_cast<int>(piece))) {
    return {};
  }
  const Mask m = placement_mask(first_orientation(static_cast<int>(piece)) + k - 1, cell);
  std::vector<int> out;
  for (int c = 0; c < kCells; ++c) {
    if ((m >> c) & 1) out.push_back(c);
  }
  return out;
}

std::string str(const Json& j, const char* name) {
  return j.contains(name) && j[name].is_string() ? j[name].get<std::string>() : "";
}

// The No-Pentominos board: the bounding box of the tiles (START included), holes blank; a hole
// holding control coins shows the holder and the count in its four squares ("C1" = Player 1's
// coins).
struct TileLayout {
  std::vector<bool> tile = std::vector<bool>(kTileSlots, false);
  int start = kStartTile;
  int r0 = kTileSide, r1 = -1, c0 = kTileSide, c1 = -1;
};

TileLayout tile_layout(const Json& view) {
  TileLayout t;
  auto pos_of = [](const std::string& name) {
    const int cell = parse_cell(name, BoardKind::kTiles);
    return cell >= 0 && cell < kMaxCells ? tile_of(cell) : -1;
  };
  if (view.contains("tiles")) {
    for (const Json& j : view["tiles"]) {
      const int pos = j.is_string() ? pos_of(j.get<std::string>()) : -1;
      if (pos >= 0) t.tile[pos] = true;
    }
  }
  if (view.contains("start_tile") && view["start_tile"].is_string()) {
    t.start = std::max(0, pos_of(view["start_tile"].get<std::string>()));
  }
  for (int pos = 0; pos < kTileSlots; ++pos) {
    if (!t.tile[pos] && pos != t.start) continue;
    t.r0 = std::min(t.r0, pos / kTileSide), t.r1 = std::max(t.r1, pos / kTileSide);
    t.c0 = std::min(t.c0, pos % kTileSide), t.c1 = std::max(t.c1, pos % kTileSide);
  }
  return t;
}

// "Player 1 (die 4 + 2 = 6)": one side of a combat, artifacts as the bonus.
std::string fighter_words(const Json& side) {
  return fmt::format("{} (die {} + {} = {})", spelled_seat(str(side, "seat")),
                     side["die"].get<int>(), side["artifacts"].get<int>(),
                     side["total"].get<int>());
}

// What the fight cost the loser, and where a mover goes on or stops.
std::string consequence_words(const Json& c) {
  const bool monster = str(c, "kind") == "monster";
  const std::string fighter = str(c["fighter"], "seat");
  const bool won = str(c, "winner") == fighter;
  if (monster && won) {
    return c["monster_removed"].get<bool>() ? "the monster is removed"
                                            : "the monster stays on its square";
  }
  const std::string loser = spelled_seat(won ? str(c["opponent"], "seat") : fighter);
  std::string out = fmt::format("{} takes {} damage", loser, c["damage"].get<int>());
  if (c["died"].get<bool>()) {
    out += c["revived"].get<bool>() ? " and dies, revived on START with 2 health" : " and dies";
  }
  if (!monster && won) out += fmt::format(", and {} moves on", spelled_seat(fighter));
  if (!monster && c["stopped_at"].is_string()) {
    const std::string at = str(c, "stopped_at");
    out += fmt::format(", and {} stops on {}", spelled_seat(fighter), at == "start" ? "START" : at);
  }
  return out;
}

}  // namespace

// One sentence for a view's `lastCombat` (issue 33): "Player 1 (die 4 + 2 = 6) beat the 3
// monster on h5: the monster stays on its square."
std::string combat_sentence(const Json& c) {
  const bool monster = str(c, "kind") == "monster";
  const bool won = str(c, "winner") == str(c["fighter"], "seat");
  const std::string opponent =
      monster
          ? fmt::format("the {} monster on {}", c["opponent"]["monster"].get<int>(),
                        str(c, "square"))
          : fmt::format("{}, who blocked on {}", fighter_words(c["opponent"]), str(c, "square"));
  return fmt::format("{} {} {}: {}.", fighter_words(c["fighter"]), won ? "beat" : "lost to",
                     opponent, consequence_words(c));
}

// An action's outcome (State::outcome_of) for the terminal: "Combat: P1 (die 4 + 2 = 6) beat …".
std::string describe_outcome(const Json& outcome, const RenderStyle&) {
  if (!outcome.is_object() || !outcome.contains("combat") || !outcome["combat"].is_object()) {
    return "";
  }
  return "Combat: " + combat_sentence(outcome["combat"]);
}

std::string render_view(const Json& view, const RenderStyle& style) {
  const Paint paint{style.color};
  const bool tiles = view.value("board", std::string("pentomino")) == "noPentominos";
  const BoardKind board = tiles ? BoardKind::kTiles : BoardKind::kPentomino;
  const int side = tiles ? kMaxSide : kSide;
  std::map<int, std::string> cell_text;  // 2 columns per square
  if (tiles && view.contains("walls")) {
    for (const Json& w : view["walls"]) {
      const int cell = parse_cell(str(w, "hole"), board);
      if (cell < 0 || cell >= kMaxCells) continue;
      const std::string mark = "C" + str(w, "owner").substr(1);
      const int corner = tile_corner(tile_of(cell));
      for (int c : {corner, corner + 1, corner + kMaxSide, corner + kMaxSide + 1}) {
        cell_text[c] = paint(mark, "7");
      }
    }
  } else if (view.contains("walls")) {
    for (const Json& w : view["walls"]) {
      std::string letter = str(w, "piece");
      const bool owned = w.contains("owner") && w["owner"].is_string();
      if (!owned)
        letter[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(letter[0])));
      const std::string mark =
          owned ? str(w, "owner").substr(1) : std::string(style.unicode ? "█" : "#");
      for (int c : wall_cells(str(w, "placement"))) cell_text[c] = paint(letter + mark, "7");
    }
  }
  if (view.contains("coins")) {
    for (const Json& c : view["coins"]) {
      std::string t = fmt::format("{}", c["value"].get<int>());
      t +=
          c.contains("suit") ? str(c, "suit").substr(0, 1) : (c["monster_for"].empty() ? "?" : "!");
      cell_text[parse_cell(str(c, "cell"), board)] = paint(t, "33");
    }
  }
  std::string on_start;
  if (view.contains("players")) {
    int i = 0;
    for (const Json& p : view["players"]) {
      const std::string pawn = str(p, "pawn");
      const std::string label = fmt::format("P{}", i + 1);
      if (pawn == "start") {
        on_start += paint(label, kSeatColours[i % 4]) + " ";
      } else if (!pawn.empty()) {
        cell_text[parse_cell(pawn, board)] = paint(label, kSeatColours[i % 4]);
      }
      ++i;
    }
  }
  const TileLayout layout = tiles ? tile_layout(view) : TileLayout{};
  const int row0 = tiles ? 2 * layout.r0 : 0, row1 = tiles ? 2 * layout.r1 + 1 : kSide - 1;
  const int col0 = tiles ? 2 * layout.c0 : 0, col1 = tiles ? 2 * layout.c1 + 1 : kSide - 1;
  std::string out = "    ";
  for (int c = col0; c <= col1; ++c) out += fmt::format("{}  ", static_cast<char>('a' + c));
  out += "\n";
  for (int r = row0; r <= row1; ++r) {
    out += fmt::format("{:>2}  ", r + 1);
    for (int c = col0; c <= col1; ++c) {
      const int cell = r * side + c;
      if (tiles) {
        const int pos = tile_of(cell);
        if (pos == layout.start) {
          out += (cell == tile_corner(pos))       ? "ST "
                 : (cell == tile_corner(pos) + 1) ? "AR "
                                                  : "   ";
          continue;
        }
        if (!layout.tile[pos] && cell_text.find(cell) == cell_text.end()) {
          out += style.unicode ? "░░ " : "## ";  // a hole: a wall
          continue;
        }
      } else if (r >= 8 && c >= 8) {
        out += (r == 8 && c == 8) ? "ST " : (r == 8 && c == 9) ? "AR " : "   ";
        continue;
      }
      const auto it = cell_text.find(cell);
      out += it == cell_text.end() ? std::string(style.unicode ? "· " : ". ") : it->second;
      out += " ";
    }
    out += "\n";
  }
  out += fmt::format("START: {}\n", on_start.empty() ? "-" : on_start);
  if (view.contains("players")) {
    for (const Json& p : view["players"]) {
      out += fmt::format("{} {:<7} health {} artifacts {} coins {}{}{}\n",
                         spelled_seat(str(p, "seat")), p["suit"].is_string() ? str(p, "suit") : "-",
                         p["health"].get<int>(), p["artifacts"].get<int>(),
                         p["coins_in_hand"].get<int>(), p["alive"].get<bool>() ? "" : " (dead)",
                         p["exited"].get<bool>() ? " (exited)" : "");
    }
  }
  if (view.contains("lastCombat") && view["lastCombat"].is_object()) {
    out += "Last combat: " + combat_sentence(view["lastCombat"]) + "\n";
  }
  out += fmt::format("round {}, phase {}, to act: {}", view.value("round", 0), str(view, "phase"),
                     view.contains("to_act") && view["to_act"].is_string()
                         ? spelled_seat(str(view, "to_act"))
                         : "-");
  if (view.contains("turn")) {
    out += fmt::format(", steps left {}", view["turn"]["steps_left"].get<int>());
    if (view["turn"]["forced_wall"].is_string()) {
      out += fmt::format(", must move wall {}", str(view["turn"], "forced_wall"));
    }
  }
  if (view.contains("tiles_moved")) {
    out += fmt::format(", tiles moved {} of {}", view["tiles_moved"].get<int>(), kTileMoves);
  }
  if (view.contains("unplaced_pieces") && str(view, "phase") == "walls") {
    out += fmt::format(", pieces left {}", str(view, "unplaced_pieces"));
  }
  if (view.contains("winners")) {
    std::string w;
    for (const Json& s : view["winners"]) w += spelled_seat(s.get<std::string>()) + " ";
    out += fmt::format("\nGame over. Winners: {}", w.empty() ? "none (draw)" : w);
  }
  out += tiles ? "\nKey: 3? number-up coin (suit unknown), 3! a monster for someone, 3M known "
                 "suit; ## a hole (wall), C1 a hole holding Player 1's control coins; P1 Player "
                 "1's pawn\n"
               : "\nKey: 3? number-up coin (suit unknown), 3! a monster for someone, 3M known "
                 "suit; F1 wall F held by Player 1, f# free wall; P1 Player 1's pawn\n";
  return out;
}

// The end in the game's words: whoever leaves the maze by START with three artifacts wins, with
// the health they leave with (together when several leave in one round, unless the tie-break
// option keeps the healthiest or the roll-off's winner); otherwise a draw, when everyone is dead
// or at the round limit.
std::string describe_result(const Json& view, const Options& options) {
  const Json& players = view.value("players", Json());
  if (view.value("phase", "") != "over" || !players.is_array()) return "";
  std::vector<std::string> winners;
  for (const Json& w : view.value("winners", Json::array())) {
    winners.push_back(w.is_string() ? w.get<std::string>() : w.dump());
  }
  const auto is_winner = [&](const Json& p) {
    return std::find(winners.begin(), winners.end(), str(p, "seat")) != winners.end();
  };
  if (!winners.empty()) {
    std::vector<std::string> names, also_out;
    int health = 0;
    for (const Json& p : players) {
      if (is_winner(p)) {
        names.push_back(spelled_seat(str(p, "seat")));
        health = p.value("health", 0);
      } else if (p.value("exited", false)) {
        also_out.push_back(spelled_seat(str(p, "seat")));
      }
    }
    if (names.size() > 1) {
      return fmt::format(
          "{} share the win: they left the maze by START with three artifacts in the same round",
          fmt::join(names, " and "));
    }
    std::string out = fmt::format(
        "{} wins: left the maze by START with three artifacts and {} health", names[0], health);
    if (!also_out.empty()) {
      const bool rolloff = options.get_string("tieBreak") == "rolloff";
      out += fmt::format("; {} also got out in that round but {}", fmt::join(also_out, " and "),
                         rolloff ? "lost the roll-off" : "with less health");
    }
    return out;
  }
  std::string artifacts;
  bool anyone_alive = false;
  for (const Json& p : players) {
    artifacts += (artifacts.empty() ? "" : "–") + std::to_string(p.value("artifacts", 0));
    anyone_alive = anyone_alive || p.value("alive", false);
  }
  if (!anyone_alive) return fmt::format("a draw: nobody is left alive (artifacts {})", artifacts);
  return fmt::format("a draw: the round limit of {} was reached with nobody out (artifacts {})",
                     view.value("round_limit", 0), artifacts);
}

}  // namespace mw::mazemakers
