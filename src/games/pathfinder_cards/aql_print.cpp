// The Advisor's question language: the infix text of tokens and questions (the printer).
#include <fmt/format.h>

#include <cstdlib>
#include <string>

#include "games/pathfinder_cards/aql.h"
#include "games/pathfinder_cards/aql_internal.h"

namespace mw::pathfinder_cards::aql {

using detail::kCmpNames;
using detail::kDirNames;
using detail::kExprNames;
using detail::kFacingNames;
using detail::kNbNames;
using detail::kPredNames;
using detail::kRankNames;
using detail::kRegionNames;
using detail::token_slot;
using detail::valid_id;

namespace {

std::string num_text(int k) {
  // value (k - 1) / 2
  const int twice = k - 1;
  if (twice % 2 == 0) return std::to_string(twice / 2);
  return fmt::format("{}{}.5", twice < 0 ? "-" : "", std::abs(twice) / 2);
}

// "(x,y)": every cell of the board is a legal token while a question asks for one.
std::string cell_text(int cell, const Shift& s = {}) {
  std::string out = "(";
  out +=
      s.dx == 0 && s.dy == 0 ? cell_name(cell) : xy_name(cell_x(cell) + s.dx, cell_y(cell) + s.dy);
  out += ')';
  return out;
}

// ---- Printer
// -------------------------------------------------------------------------------------

struct Printer {
  const std::uint16_t* t;
  int len;
  Shift shift;  // the layout's shift since the question was asked: coordinates follow it
  int i = 0;

  int take() { return i < len ? t[i++] : -1; }
  int peek() const { return i < len ? t[i] : -1; }

  std::string cell() {
    const int id = take();
    return id < 0 ? "?" : id == kTargetJoker ? "joker" : cell_text(id - kCellBase, shift);
  }
  // A column or row number (rect, row, col) or a line position (halfplane), shifted by `by`.
  std::string coordinate(int by) {
    const int id = take();
    if (id < 0) return "?";
    if (by == 0) return token_text(id);
    if (token_slot(id) == Slot::kNum) return num_text(id - kNumBase + 2 * by);
    return std::to_string(id - kIntBase + by);
  }
  std::string plain() {
    const int id = take();
    return id < 0 ? "?" : token_text(id);
  }
  // An operand printed in parentheses when the grammar would otherwise group it differently.
  std::string operand(bool wrap_and) {
    const bool wrap = peek() == kOr || (wrap_and && peek() == kAnd);
    std::string e = expr();
    return wrap ? "(" + e + ")" : e;
  }
  std::string expr() {
    const int id = take();
    if (id < 0) return "?";
    switch (id) {
      case kNot: {
        const bool binary = peek() == kAnd || peek() == kOr;
        const std::string e = expr();
        return binary ? "not (" + e + ")" : "not " + e;
      }
      case kAnd: {
        std::string a = operand(false);
        return a + " and " + operand(true);
      }
      case kOr: {
        std::string a = expr();
        return a + " or " + operand(false);
      }
      case kCard: {
        std::string c = cell();
        return "card " + c + " is " + pred();
      }
      case kJokerIn:
        return "joker_in " + region();
      case kCountQ: {
        std::string r = region();
        std::string p = pred();
        std::string f = plain();
        std::string c = plain();
        return fmt::format("count({}, {}, {}) {} {}", r, p, f, c, plain());
      }
      case kDist: {
        std::string c = cell();
        std::string tg = cell();
        std::string cmp = plain();
        return fmt::format("dist({}, {}) {} {}", c, tg, cmp, plain());
      }
      case kOnShortestPath: {
        std::string c = cell();
        return fmt::format("on_shortest_path({}, {})", c, plain());
      }
      case kOnSomePath:
        return fmt::format("on_some_path({})", cell());
      case kPathExists: {
        std::string c = cell();
        return fmt::format("path_exists({}, {})", c, cell());
      }
      default:
        return "?";
    }
  }
  std::string region() {
    const int id = take();
    switch (id) {
      case kRegCell:
        return "cell " + cell();
      case kRegCells: {
        const int k = take();
        if (k < 0) return "cells{?}";
        std::string out = "cells{";
        for (int j = 0; j < k - kCountBase; ++j) out += (j ? ", " : "") + cell();
        return out + "}";
      }
      case kRect: {
        std::string a = coordinate(shift.dx);
        std::string b = coordinate(shift.dy);
        std::string c = coordinate(shift.dx);
        return fmt::format("rect({} {} {} {})", a, b, c, coordinate(shift.dy));
      }
      case kHalfplane: {
        const bool x = peek() == kAxisX;
        std::string a = plain();
        std::string c = plain();
        return fmt::format("halfplane({} {} {})", a, c, coordinate(x ? shift.dx : shift.dy));
      }
      case kSideOfLine: {
        std::string a = cell();
        std::string b = cell();
        return fmt::format("side_of_line({} {} {})", a, b, plain());
      }
      case kNeighbors: {
        std::string c = cell();
        return fmt::format("neighbors({}, {})", c, plain());
      }
      case kRow:
        return "row " + coordinate(shift.dy);
      case kCol:
        return "col " + coordinate(shift.dx);
      case kRegAll:
        return "all";
      default:
        return "?";
    }
  }
  std::string pred() {
    const int id = take();
    if (id == kPredSuit) return "suit " + plain();
    if (id == kPredRank) {
      const int cmp = take();
      if (cmp == kCmpBase) return "rank " + plain();
      std::string c = cmp < 0 ? "?" : token_text(cmp);
      return "rank " + c + " " + plain();
    }
    return id < 0 ? "?" : token_text(id);
  }
};

}  // namespace

std::string token_text(int id) {
  if (!valid_id(id)) return "?";
  switch (token_slot(id)) {
    case Slot::kExpr:
      return kExprNames[id];
    case Slot::kRegion:
      return kRegionNames[id - kRegCell];
    case Slot::kPred:
      return kPredNames[id - kPredSuit];
    case Slot::kFacing:
      return kFacingNames[id - kFaceDown];
    case Slot::kTarget:
      return "joker";
    case Slot::kCmp:
      return kCmpNames[id - kCmpBase];
    case Slot::kAxis:
      return id == kAxisX ? "x" : "y";
    case Slot::kSide:
      return id == kLeft ? "left" : "right";
    case Slot::kNbKind:
      return kNbNames[id - kOrth];
    case Slot::kSuit:
      return suit_code(id - kSuitBase);
    case Slot::kDir:
      return kDirNames[id - kDirBase];
    case Slot::kRank:
      return kRankNames[id - kRankBase - 1];
    case Slot::kInt:
      return std::to_string(id - kIntBase);
    case Slot::kCount:
      return std::to_string(id - kCountBase);
    case Slot::kNum:
      return num_text(id - kNumBase);
    case Slot::kCell:
      return cell_text(id - kCellBase);
  }
  return "?";
}

std::string question_text(const std::uint16_t* tokens, int len, const Shift& since) {
  Printer p{tokens, len, since};
  return p.expr();
}

}  // namespace mw::pathfinder_cards::aql
