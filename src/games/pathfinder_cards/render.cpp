// Draws a Pathfinder view for the terminal: the maze as cards on the table (face-up codes,
// face-down backs, explorable cards marked), then the Runner's hand, the Compass, the discards and
// what is pending. Input is a view, never the state.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "core/game.h"
#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards {
namespace {

struct Paint {
  bool on;
  std::string operator()(std::string_view text, const char* code) const {
    return on ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
  }
};

std::string pad(const std::string& text, int width, int shown) {
  return text + std::string(static_cast<std::size_t>(std::max(0, width - shown)), ' ');
}

int shown_width(const std::string& text) {
  int n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

std::string card_text(const std::string& code, const RenderStyle& style) {
  const int id = parse_card_code(code);
  if (id < 0) return code;
  const std::string label = card_display(id, style.unicode);
  const Paint paint{style.color};
  if (id == kJoker) return paint(label, "1;35");
  if (card_suit(id) == kDiamonds) return paint(label, "1;31");
  if (card_suit(id) == kSpades) return paint(label, "1;34");
  return label;
}

std::string join(const Json& list) {
  std::string out;
  if (!list.is_array()) return out;
  for (const Json& e : list) {
    if (!out.empty()) out += " ";
    out += e.is_string() ? e.get<std::string>() : e.dump();
  }
  return out.empty() ? "-" : out;
}

std::string draw_grid(const Json& view, const RenderStyle& style) {
  std::map<int, std::pair<std::string, bool>> cells;  // cell -> (code or "", face up)
  int x1 = 0;
  int y1 = 0;
  for (const Json& e : view["cards"]) {
    const int cell = parse_cell(e.value("cell", ""));
    if (cell < 0) continue;
    const bool up = e.contains("up") ? e["up"].get<bool>() : e.contains("card");
    cells[cell] = {e.value("card", ""), up};
    x1 = std::max(x1, cell_x(cell));
    y1 = std::max(y1, cell_y(cell));
  }
  std::set<int> explorable;
  if (view.contains("explorable")) {
    for (const Json& c : view["explorable"]) explorable.insert(parse_cell(c.get<std::string>()));
  }
  const Paint paint{style.color};
  // A hex board (axial q = x, r = y) is drawn sheared: row r starts r half-cells to the right, so
  // each card touches its six neighbours on the page.
  const bool hex = view.value("board", "square") == "hex";
  std::string out = "     ";
  for (int x = 0; x <= x1; ++x) out += fmt::format("{:<5}", x);
  out += "\n";
  for (int y = 0; y <= y1; ++y) {
    out += fmt::format("{:>3}  ", y);
    if (hex) out += std::string(static_cast<std::size_t>(y * 5 / 2), ' ');
    for (int x = 0; x <= x1; ++x) {
      const auto it = cells.find(make_cell(x, y));
      if (it == cells.end()) {
        out += "     ";
        continue;
      }
      const auto& [code, up] = it->second;
      const bool mark = explorable.count(it->first) > 0;
      if (up) {
        out += pad(card_text(code, style), 5,
                   shown_width(card_display(parse_card_code(code), style.unicode)));
      } else if (!code.empty()) {  // the Maker's view of a face-down card
        const std::string label = "(" + code + ")";
        out += pad(paint(label, "2"), 5, static_cast<int>(label.size()));
      } else {
        const std::string back = style.unicode ? (mark ? "▒?" : "▒▒") : (mark ? "#?" : "##");
        out += pad(paint(back, mark ? "33" : "2"), 5, 2);
      }
    }
    out += "\n";
  }
  if (hex) {
    // The columns slant with the rows: their numbers again under the last row, aligned with it,
    // so a column is read along the slant from one label to the other.
    out += std::string(static_cast<std::size_t>(5 + y1 * 5 / 2), ' ');
    for (int x = 0; x <= x1; ++x) out += fmt::format("{:<5}", x);
    out += " (columns slant)\n";
  }
  out += paint(
      style.unicode
          ? "  legend: ▒▒ face down  ▒? can be explored now  (7C) face down, seen by the Maker\n"
          : "  legend: ## face down  #? can be explored now  (7C) face down, seen by the Maker\n",
      "2");
  return out;
}

}  // namespace

std::string render_view(const Json& view, const RenderStyle& style) {
  std::string out = fmt::format("Pathfinder ({}), {} view\n", view.value("phase", "?"),
                                view.value("observer", "?"));
  if (view.contains("placed")) {
    out += fmt::format("The Maker is building the maze: {}/40 cards placed.\n",
                       view["placed"].get<int>());
  } else if (view.contains("cards")) {
    out += draw_grid(view, style);
  }
  if (view.contains("match") && view["match"].is_object()) {
    const Json& m = view["match"];
    const Json& t = m["totals"];
    out += fmt::format("match: game {} of {}; {} makes the maze, {} runs; totals {} {}\n",
                       m.value("game", 0), m.value("games", 0), m.value("maker", "?"),
                       m.value("runner", "?"), t.is_array() && !t.empty() ? t[0].dump() : "?",
                       t.is_array() && t.size() > 1 ? t[1].dump() : "?");
    for (const Json& e : m.value("earlier", Json::array())) {
      out +=
          fmt::format("  game {}: {} made the maze, {} ran it and scored {}\n", e.value("game", 0),
                      e.value("maker", "?"), e.value("runner", "?"), e.value("runnerScore", 0));
      const std::string maze =
          e["maze"].is_string() ? e["maze"].get<std::string>() : "(not kept)\n";
      for (std::size_t b = 0; b < maze.size();) {
        const std::size_t nl = maze.find('\n', b);
        out += "    " + maze.substr(b, nl - b) + "\n";
        b = nl == std::string::npos ? maze.size() : nl + 1;
      }
    }
  }
  const Json& roles = view.value("roles", Json());
  if (view.contains("roles") && roles.is_null()) {
    out += "roles: not drawn yet (chance picks who makes the maze)\n";
  } else if (roles.is_object() && !view.contains("match") && roles.value("maker", "") != "Maker") {
    out += fmt::format("roles: {} makes the maze, {} runs\n", roles.value("maker", "?"),
                       roles.value("runner", "?"));
  }
  if (view.contains("hand")) out += "hand: " + join(view["hand"]) + "\n";
  if (view.contains("compass") && view["compass"].is_object()) {
    const Json& c = view["compass"];
    out += fmt::format("compass: {}{}{}\n", c.value("state", "?"),
                       c["card"].is_string() ? " " + c["card"].get<std::string>() : "",
                       c.value("usable", false) ? " (usable)" : "");
  }
  if (view.contains("discards")) out += "discards: " + join(view["discards"]) + "\n";
  if (view.contains("tens")) {
    for (const Json& t : view["tens"]) {
      out += fmt::format("{} at {}: guessed {} {}, actual {}{}\n", t.value("ten", "?"),
                         t.value("cell", "?"), t.value("guess", 0), t.value("suit", "?"),
                         t.value("actual", 0),
                         t.value("current", false) ? "" : " (maze altered since)");
    }
  }
  if (view.contains("artifacts") && !view["artifacts"].empty()) {
    out += "artifacts in use: " + join(view["artifacts"]) + "\n";
  }
  if (view.contains("pending")) {
    for (const Json& p : view["pending"]) {
      out += "pending: " + p.value("effect", "?");
      if (p.contains("trial")) out += " " + p["trial"].get<std::string>();
      if (p.contains("cell") && p["cell"].is_string()) out += " at " + p["cell"].get<std::string>();
      if (p.contains("chosen") && p["chosen"].is_string()) {
        out += ", card chosen: " + p["chosen"].get<std::string>();
      }
      if (p.contains("suit")) out += ", suit " + p["suit"].get<std::string>();
      out += "\n";
    }
  }
  if (view.contains("answers")) {
    for (const Json& a : view["answers"]) {
      std::string line = a.contains("question")
                             ? fmt::format("Advisor: {} -> {}", a["question"].get<std::string>(),
                                           a["answer"].get<std::string>())
                             : "Pathfinder at " + a["pathfinder"].get<std::string>() + ": " +
                                   a["directions"].dump();
      if (!a.value("current", true)) line += " (cards may have moved since)";
      out += line + "\n";
    }
  }
  if (view.contains("question")) {
    const Json& q = view["question"];
    out += fmt::format("Advisor question {}: {} (next: {}; type ask <question>{})\n",
                       q.value("number", 1), q.value("text", ""), q.value("expect", "?"),
                       q.value("number", 1) == 2 && q.value("text", "").empty() ? " or stop" : "");
  }
  if (view.contains("moverCancelled")) {
    out += "Mover: " + view["moverCancelled"].get<std::string>() +
           " was cancelled (it would cut every path to the Joker)\n";
  }
  if (view.contains("studySeconds") && !view.contains("kingBefore")) {
    out += fmt::format("King trial: study the maze ({} s) before the Maker flips a card.\n",
                       view["studySeconds"].get<int>());
  }
  if (view.contains("kingBefore")) {
    out +=
        "King trial: the Maker flipped one card while you looked away; name its cell and card.\n";
  }
  if (view.contains("winner")) {
    out += fmt::format("winner: {} (Runner's score {})\n", view["winner"].get<std::string>(),
                       view.value("score", 0));
  } else if (view.contains("toAct") && view["toAct"].is_string()) {
    out += fmt::format("to act: {} ({})\n", view["toAct"].get<std::string>(),
                       view.value("decision", "?"));
  }
  return out;
}

namespace {

// Why the Maker won (G1.3.3, G1.3.1): damage took the Runner's soul (the A♥ was picked and she had
// no special heart nor two hearts matching active diamonds to save it), or she had nothing left to
// do (no face-down card next to her chain, no Compass on the table, no special heart). Told from
// the final view: cards she could still explore mean the damage ended it.
std::string maker_win_reason(const Json& view) {
  const Json& explorable = view.value("explorable", Json::array());
  if (explorable.is_array() && !explorable.empty()) {
    return "the Runner lost her soul (damage picked her A♥ and no hearts could save it)";
  }
  return "the Runner cannot go on (no card left to explore and no heart to spend)";
}

}  // namespace

// The end in the game's words: the Runner reaches the Joker (scoring 5 + her hearts) or the Maker
// wins when she cannot go on; a match by its totals (docs/rules/pathfinder-cards.md, Scoring).
std::string describe_result(const Json& view, const Options& /*options*/) {
  if (view.value("phase", "") != "over" || !view.contains("winner")) return "";
  const Json& roles = view.value("roles", Json());
  const std::string winner = view["winner"].get<std::string>();
  const bool runner = roles.is_object() && winner == roles.value("runner", "");
  // "Player 1 (Runner)", or just "Runner" when the seat is named by its role.
  const std::string role = runner ? "Runner" : "Maker";
  const std::string who = winner == role ? role : fmt::format("{} ({})", winner, role);
  std::string out =
      runner ? fmt::format("{} reaches the Joker and wins, scoring {}", who, view.value("score", 0))
             : fmt::format("{} wins: {} and scores 0", who, maker_win_reason(view));
  const Json& match = view.value("match", Json());
  if (match.is_object() && match.value("game", 0) == match.value("games", 0)) {
    const Json& t = match["totals"];
    const Json& seats = view["seats"];
    const int a = t[0].get<int>();
    const int b = t[1].get<int>();
    out += a == b
               ? fmt::format("; the match is a draw, {}–{}", a, b)
               : fmt::format("; {} wins the match {}–{}", seats[a > b ? 0 : 1].get<std::string>(),
                             std::max(a, b), std::min(a, b));
  }
  return out;
}

}  // namespace mw::pathfinder_cards
