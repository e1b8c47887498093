// The Advisor's question language (RULINGS G1.6.1, A-G1-41/43): grammar as prefix tokens, the
// infix text form (printer and parser) and the truthful evaluation against the maze.
#include "games/pathfinder_cards/aql.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "core/error.h"

namespace mw::pathfinder_cards::aql {
namespace {

constexpr std::array<const char*, 10> kExprNames = {
    "not",          "and",        "or", "card", "joker_in", "count", "dist", "on_shortest_path",
    "on_some_path", "path_exists"};
constexpr std::array<const char*, 9> kRegionNames = {
    "cell", "cells", "rect", "halfplane", "side_of_line", "neighbors", "row", "col", "all"};
constexpr std::array<const char*, 7> kPredNames = {
    "suit", "rank", "red", "black", "joker", "diamond_or_joker", "any"};
constexpr std::array<const char*, 3> kFacingNames = {"face_down", "face_up", "any"};
constexpr std::array<const char*, 6> kCmpNames = {"=", "!=", "<", "<=", ">", ">="};
constexpr std::array<const char*, 4> kNbNames = {"orth", "diag", "all", "hex"};
constexpr std::array<const char*, kNumDirs> kDirNames = {"N",  "E",  "S",  "W",
                                                         "NE", "NW", "SW", "SE"};
constexpr std::array<const char*, 13> kRankNames = {"A", "2", "3",  "4", "5", "6", "7",
                                                    "8", "9", "10", "J", "Q", "K"};
constexpr int kInf = 1 << 20;

[[noreturn]] void fail(const std::string& what) {
  throw Error(ErrorCode::kParse, "pathfinder-cards: Advisor question: " + what);
}

Slot token_slot(int id) {
  if (id < 10) return Slot::kExpr;
  if (id < 20) return Slot::kRegion;
  if (id < 27) return Slot::kPred;
  if (id < 30) return Slot::kFacing;
  if (id == kTargetJoker) return Slot::kTarget;
  if (id < kAxisX) return Slot::kCmp;
  if (id < kLeft) return Slot::kAxis;
  if (id < kOrth) return Slot::kSide;
  if (id < kSuitBase) return Slot::kNbKind;
  if (id < kDirBase) return Slot::kSuit;
  if (id < kRankBase) return Slot::kDir;
  if (id < kIntBase) return Slot::kRank;
  if (id < kCountBase) return Slot::kInt;
  if (id < kNumBase) return Slot::kCount;
  if (id < kCellBase) return Slot::kNum;
  return Slot::kCell;
}

bool valid_id(int id) {
  if (id < 0 || id >= kTokenEnd) return false;
  if (id > kPathExists && id < kRegCell) return false;
  if (id > kRegAll && id < kPredSuit) return false;
  if (id >= kDirBase + kNumDirs && id <= kRankBase) return false;
  if (id > kRankBase + 13 && id < kIntBase) return false;
  if (id > kIntBase + kMaxInt && id <= kCountBase) return false;
  if (id > kCountBase + 8 && id < kNumBase) return false;
  if (id > kNumBase + 81 && id < kCellBase) return false;
  return true;
}

bool fits(int id, Slot s) {
  if (!valid_id(id)) return false;
  const Slot t = token_slot(id);
  return t == s || (s == Slot::kTarget && t == Slot::kCell);
}

int children(int id, std::array<Slot, 12>& out) {
  auto set = [&](std::initializer_list<Slot> l) {
    std::copy(l.begin(), l.end(), out.begin());
    return static_cast<int>(l.size());
  };
  using S = Slot;
  switch (id) {
    case kNot:
      return set({S::kExpr});
    case kAnd:
    case kOr:
      return set({S::kExpr, S::kExpr});
    case kCard:
      return set({S::kCell, S::kPred});
    case kJokerIn:
      return set({S::kRegion});
    case kCountQ:
      return set({S::kRegion, S::kPred, S::kFacing, S::kCmp, S::kInt});
    case kDist:
      return set({S::kCell, S::kTarget, S::kCmp, S::kInt});
    case kOnShortestPath:
      return set({S::kCell, S::kDir});
    case kOnSomePath:
    case kRegCell:
      return set({S::kCell});
    case kPathExists:
      return set({S::kCell, S::kTarget});
    case kRegCells:
      return set({S::kCount});
    case kRect:
      return set({S::kInt, S::kInt, S::kInt, S::kInt});
    case kHalfplane:
      return set({S::kAxis, S::kCmp, S::kNum});
    case kSideOfLine:
      return set({S::kCell, S::kCell, S::kSide});
    case kNeighbors:
      return set({S::kCell, S::kNbKind});
    case kRow:
    case kCol:
      return set({S::kInt});
    case kPredSuit:
      return set({S::kSuit});
    case kPredRank:
      return set({S::kCmp, S::kRank});
    default:
      break;
  }
  if (id > kCountBase && id <= kCountBase + 8) {
    const int k = id - kCountBase;
    std::fill_n(out.begin(), k, S::kCell);
    return k;
  }
  return 0;
}

int min_len(Slot s) {
  return s == Slot::kExpr || s == Slot::kCount ? 2 : 1;
}

void candidates(Slot s, std::vector<int>& out) {
  auto range = [&](int lo, int hi) {
    for (int i = lo; i <= hi; ++i) out.push_back(i);
  };
  switch (s) {
    case Slot::kExpr:
      return range(kNot, kPathExists);
    case Slot::kRegion:
      return range(kRegCell, kRegAll);
    case Slot::kCell:
      return range(kCellBase, kTokenEnd - 1);
    case Slot::kPred:
      return range(kPredSuit, kPredAny);
    case Slot::kFacing:
      return range(kFaceDown, kFacingAny);
    case Slot::kTarget:
      out.push_back(kTargetJoker);
      return range(kCellBase, kTokenEnd - 1);
    case Slot::kCmp:
      return range(kCmpBase, kCmpBase + 5);
    case Slot::kInt:
      return range(kIntBase, kIntBase + kMaxInt);
    case Slot::kNum:
      return range(kNumBase, kNumBase + 81);
    case Slot::kAxis:
      return range(kAxisX, kAxisY);
    case Slot::kSide:
      return range(kLeft, kRight);
    case Slot::kNbKind:
      return range(kOrth, kNbHex);
    case Slot::kSuit:
      return range(kSuitBase, kSuitBase + 2);
    case Slot::kRank:
      return range(kRankBase + 1, kRankBase + 13);
    case Slot::kDir:
      return range(kDirBase, kDirBase + kNumDirs - 1);
    case Slot::kCount:
      return range(kCountBase + 1, kCountBase + 8);
  }
}

std::string lower(std::string_view text) {
  std::string out;
  for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string num_text(int k) {
  // value (k - 1) / 2
  const int twice = k - 1;
  if (twice % 2 == 0) return std::to_string(twice / 2);
  return twice < 0 ? "-0.5" : fmt::format("{}.5", twice / 2);
}

std::string cell_text(int cell) {
  return fmt::format("({},{})", cell_x(cell), cell_y(cell));
}

// cmp indexes kCmpNames: =, !=, <, <=, >, >=.
template <typename T>
bool compare(T a, int cmp, T b) {
  switch (cmp) {
    case 0:
      return a == b;
    case 1:
      return a != b;
    case 2:
      return a < b;
    case 3:
      return a <= b;
    case 4:
      return a > b;
    default:
      return a >= b;
  }
}

bool in_graph(const Layout& l, int cell) {
  const int c = l.at[cell];
  return c >= 0 && (is_diamond(c) || c == kJoker);
}

// The edges of G: steps, plus those of the artifacts enabled now (advanced game, G1.3.4).
class Edges {
 public:
  explicit Edges(const Layout& l) : Edges(l, l.enabled(l.active())) {}
  Edges(const Layout& l, std::uint64_t arts) : l_(l), arts_(arts) {
    if (arts_ != 0) l.fill_lines(lines_);
  }
  int operator()(int cell, std::array<Link, kMaxLinks>& out) const {
    return l_.links(cell, arts_, arts_ != 0 ? &lines_ : nullptr, out);
  }

 private:
  const Layout& l_;
  std::uint64_t arts_;
  Lines lines_;
};

// Cells of G reached from `from` without passing `banned` (-1: none); bit per card id.
std::uint64_t reach(const Layout& l, const Edges& edges, int from, int banned) {
  std::uint64_t seen = std::uint64_t{1} << l.at[from];
  std::array<int, kNumCards> queue{};
  int head = 0;
  int tail = 0;
  queue[tail++] = from;
  std::array<Link, kMaxLinks> nb{};
  while (head < tail) {
    const int k = edges(queue[head++], nb);
    for (int q = 0; q < k; ++q) {
      const int m = nb[q].cell;
      if (m == banned || !in_graph(l, m) || ((seen >> l.at[m]) & 1)) continue;
      seen |= std::uint64_t{1} << l.at[m];
      queue[tail++] = m;
    }
  }
  return seen;
}

// ---- Printer
// -------------------------------------------------------------------------------------

struct Printer {
  const std::uint16_t* t;
  int len;
  int i = 0;

  int take() { return i < len ? t[i++] : -1; }
  int peek() const { return i < len ? t[i] : -1; }

  std::string cell() {
    const int id = take();
    return id < 0 ? "?" : id == kTargetJoker ? "joker" : cell_text(id - kCellBase);
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
        std::string a = plain();
        std::string b = plain();
        std::string c = plain();
        return fmt::format("rect({} {} {} {})", a, b, c, plain());
      }
      case kHalfplane: {
        std::string a = plain();
        std::string c = plain();
        return fmt::format("halfplane({} {} {})", a, c, plain());
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
        return "row " + plain();
      case kCol:
        return "col " + plain();
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

// ---- Parser
// --------------------------------------------------------------------------------------

struct Lexeme {
  enum Kind { kIdent, kNumber, kSym, kEnd } kind;
  std::string text;
};

std::vector<Lexeme> lex(std::string_view raw) {
  std::string text;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const auto rest = raw.substr(i);
    auto sym = [&](std::string_view s, const char* to) {
      if (rest.substr(0, s.size()) != s) return false;
      text += to;
      i += s.size() - 1;
      return true;
    };
    if (sym("♦", " d ") || sym("♣", " c ") || sym("♠", " s ") || sym("♥", " h ")) continue;
    text += raw[i];
  }
  std::vector<Lexeme> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (std::isspace(c)) {
      ++i;
      continue;
    }
    if (std::isalpha(c) || c == '_') {
      std::size_t j = i;
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) ||
                                 text[j] == '_' || text[j] == '-')) {
        ++j;
      }
      out.push_back({Lexeme::kIdent, lower(text.substr(i, j - i))});
      i = j;
      continue;
    }
    const bool neg =
        c == '-' && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]));
    if (std::isdigit(c) || neg) {
      std::size_t j = i + 1;
      while (j < text.size() &&
             (std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '.')) {
        ++j;
      }
      out.push_back({Lexeme::kNumber, text.substr(i, j - i)});
      i = j;
      continue;
    }
    if (i + 1 < text.size()) {
      const std::string two = text.substr(i, 2);
      if (two == "!=" || two == "<=" || two == ">=" || two == "==") {
        out.push_back({Lexeme::kSym, two == "==" ? "=" : two});
        i += 2;
        continue;
      }
    }
    if (std::string_view("(){},=<>").find(static_cast<char>(c)) != std::string_view::npos) {
      out.push_back({Lexeme::kSym, std::string(1, static_cast<char>(c))});
      ++i;
      continue;
    }
    fail(fmt::format("unexpected character '{}'", text[i]));
  }
  out.push_back({Lexeme::kEnd, ""});
  return out;
}

struct Parser {
  std::vector<Lexeme> lx;
  std::size_t i = 0;
  std::vector<std::uint16_t> out;

  const Lexeme& peek() const { return lx[i]; }
  std::string where() const {
    return peek().kind == Lexeme::kEnd ? "at the end of the question"
                                       : fmt::format("at '{}'", peek().text);
  }
  [[noreturn]] void expected(const std::string& what) const {
    fail(fmt::format("expected {} {}", what, where()));
  }
  bool accept_sym(const char* s) {
    if (peek().kind == Lexeme::kSym && peek().text == s) {
      ++i;
      return true;
    }
    return false;
  }
  void sym(const char* s) {
    if (!accept_sym(s)) expected(fmt::format("'{}'", s));
  }
  bool accept_word(const char* w) {
    if (peek().kind == Lexeme::kIdent && peek().text == w) {
      ++i;
      return true;
    }
    return false;
  }
  void emit(int id) { out.push_back(static_cast<std::uint16_t>(id)); }

  int integer(int lo, int hi, const char* what) {
    if (peek().kind != Lexeme::kNumber || peek().text.find('.') != std::string::npos) {
      expected(what);
    }
    int v = 0;
    const std::string& t = peek().text;
    auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc() || v < lo || v > hi) {
      fail(fmt::format("{} must be {}..{}, not {}", what, lo, hi, t));
    }
    ++i;
    return v;
  }
  void cell() {
    if (!accept_sym("(")) expected("a cell like (4,2)");
    const int x = integer(0, kSide - 1, "a column x");
    sym(",");
    const int y = integer(0, kSide - 1, "a row y");
    sym(")");
    emit(kCellBase + make_cell(x, y));
  }
  void cmp() {
    for (int k = 0; k < 6; ++k) {
      if (accept_sym(kCmpNames[k])) return emit(kCmpBase + k);
    }
    expected("a comparison (= != < <= > >=)");
  }
  void int_token() { emit(kIntBase + integer(0, kMaxInt, "a whole number")); }
  template <std::size_t N>
  void word(const std::array<const char*, N>& names, int base, const char* what) {
    for (std::size_t k = 0; k < N; ++k) {
      if (accept_word(names[k])) return emit(base + static_cast<int>(k));
    }
    expected(what);
  }
  void suit() {
    if (peek().kind == Lexeme::kIdent) {
      const std::string t = peek().text;
      if (t == "h" || t == "hearts" || t == "heart") {
        fail("the hearts are the Runner's hand, not in the maze: ask about C, D or S");
      }
      const int s = parse_suit_code(t);
      if (s >= 0 && s < kNoSuit) {
        ++i;
        return emit(kSuitBase + s);
      }
    }
    expected("a suit (C, D or S)");
  }
  void rank() {
    const Lexeme& l = peek();
    for (int r = 1; r <= 13; ++r) {
      if (lower(kRankNames[r - 1]) == l.text ||
          (l.kind == Lexeme::kNumber && r == 1 && l.text == "14")) {
        ++i;
        return emit(kRankBase + r);
      }
    }
    static const std::array<const char*, 4> words = {"ace", "jack", "queen", "king"};
    static const std::array<int, 4> ranks = {1, 11, 12, 13};
    for (int k = 0; k < 4; ++k) {
      if (accept_word(words[k])) return emit(kRankBase + ranks[k]);
    }
    expected("a rank (A, 2..10, J, Q, K)");
  }
  void target() {
    if (accept_word("joker")) return emit(kTargetJoker);
    if (peek().kind == Lexeme::kSym && peek().text == "(") return cell();
    expected("'joker' or a cell like (4,2)");
  }
  void pred() {
    if (accept_word("suit")) {
      emit(kPredSuit);
      return suit();
    }
    if (accept_word("rank")) {
      emit(kPredRank);
      if (peek().kind == Lexeme::kSym) {
        cmp();
      } else {
        emit(kCmpBase);
      }
      return rank();
    }
    for (int k = 2; k < 7; ++k) {
      if (accept_word(kPredNames[k])) return emit(kPredSuit + k);
    }
    expected("a card test (suit S, rank R, rank < R, red, black, joker, diamond_or_joker, any)");
  }
  void region() {
    if (accept_word("cell")) return emit(kRegCell), cell();
    if (accept_word("cells")) {
      emit(kRegCells);
      const std::size_t at = out.size();
      emit(kCountBase + 1);
      sym("{");
      int n = 0;
      do {
        if (++n > 8) fail("cells{...} lists at most 8 cells");
        cell();
      } while (accept_sym(","));
      sym("}");
      out[at] = static_cast<std::uint16_t>(kCountBase + n);
      return;
    }
    if (accept_word("rect")) {
      emit(kRect);
      sym("(");
      for (int k = 0; k < 4; ++k) {
        int_token();
        accept_sym(",");
      }
      return sym(")");
    }
    if (accept_word("halfplane")) {
      emit(kHalfplane);
      sym("(");
      word(std::array<const char*, 2>{"x", "y"}, kAxisX, "x or y");
      cmp();
      if (peek().kind != Lexeme::kNumber) expected("a number like 3 or 3.5");
      double v = 0;
      const std::string& t = peek().text;
      auto r = std::from_chars(t.data(), t.data() + t.size(), v);
      if (r.ec != std::errc() || r.ptr != t.data() + t.size() || v < -0.5 || v > 40 ||
          std::floor(v * 2) != v * 2) {
        fail(fmt::format("a line position is a whole or half number -0.5..40, not {}", t));
      }
      ++i;
      emit(kNumBase + static_cast<int>(v * 2) + 1);
      return sym(")");
    }
    if (accept_word("side_of_line")) {
      emit(kSideOfLine);
      sym("(");
      cell();
      accept_sym(",");
      cell();
      accept_sym(",");
      word(std::array<const char*, 2>{"left", "right"}, kLeft, "left or right");
      return sym(")");
    }
    if (accept_word("neighbors") || accept_word("neighbours")) {
      emit(kNeighbors);
      sym("(");
      cell();
      sym(",");
      word(kNbNames, kOrth, "orth, diag, all or hex");
      return sym(")");
    }
    if (accept_word("row")) return emit(kRow), int_token();
    if (accept_word("col")) return emit(kCol), int_token();
    if (accept_word("all")) return emit(kRegAll);
    expected(
        "a region (cell, cells{...}, rect, halfplane, side_of_line, neighbors, row, col, all)");
  }
  void atom() {
    if (accept_word("card")) {
      emit(kCard);
      cell();
      if (!accept_word("is")) expected("'is'");
      return pred();
    }
    if (accept_word("joker_in")) return emit(kJokerIn), region();
    if (accept_word("count")) {
      emit(kCountQ);
      sym("(");
      region();
      sym(",");
      pred();
      if (accept_sym(",")) {
        word(kFacingNames, kFaceDown, "face_down, face_up or any");
      } else {
        emit(kFacingAny);
      }
      sym(")");
      cmp();
      return int_token();
    }
    if (accept_word("dist")) {
      emit(kDist);
      sym("(");
      cell();
      sym(",");
      target();
      sym(")");
      cmp();
      return int_token();
    }
    if (accept_word("on_shortest_path")) {
      emit(kOnShortestPath);
      sym("(");
      cell();
      sym(",");
      bool found = false;
      for (int d = 0; d < kNumDirs && !found; ++d) {
        if (accept_word(lower(kDirNames[d]).c_str())) {
          emit(kDirBase + d);
          found = true;
        }
      }
      if (!found) expected("a direction (N, E, S, W; hex E, NE, NW, W, SW, SE)");
      return sym(")");
    }
    if (accept_word("on_some_path")) {
      emit(kOnSomePath);
      sym("(");
      cell();
      return sym(")");
    }
    if (accept_word("path_exists")) {
      emit(kPathExists);
      sym("(");
      cell();
      sym(",");
      target();
      return sym(")");
    }
    expected(
        "a question (card, joker_in, count, dist, on_shortest_path, on_some_path, path_exists, "
        "not, or a parenthesised question)");
  }
  void unary() {
    if (accept_word("not")) {
      emit(kNot);
      return unary();
    }
    if (accept_sym("(")) {
      expr();
      return sym(")");
    }
    atom();
  }
  void binary(int op, void (Parser::*sub)(), const char* word_text) {
    const std::size_t start = out.size();
    (this->*sub)();
    while (accept_word(word_text)) {
      out.insert(out.begin() + static_cast<std::ptrdiff_t>(start), static_cast<std::uint16_t>(op));
      (this->*sub)();
    }
  }
  void and_expr() { binary(kAnd, &Parser::unary, "and"); }
  void expr() { binary(kOr, &Parser::and_expr, "or"); }
};

// ---- Evaluation
// ----------------------------------------------------------------------------------

struct Region {
  int kind = kRegAll;
  std::array<int, 12> v{};  // neighbors: the centre, then up to 8 cells
  int n = 0;
  Topology topo = Topology::kSquare;

  bool contains(int cell) const {
    const int x = cell_x(cell);
    const int y = cell_y(cell);
    switch (kind) {
      case kRegCell:
      case kRegCells:
        return std::find(v.begin(), v.begin() + n, cell) != v.begin() + n;
      case kRect:
        return x >= std::min(v[0], v[2]) && x <= std::max(v[0], v[2]) &&
               y >= std::min(v[1], v[3]) && y <= std::max(v[1], v[3]);
      case kHalfplane:
        return compare<double>(v[0] == kAxisX ? x : y, v[1], (v[2] - 1) / 2.0);
      case kSideOfLine: {
        const int dx = cell_x(v[1]) - cell_x(v[0]);
        const int dy = cell_y(v[1]) - cell_y(v[0]);
        const int cross = dx * (y - cell_y(v[0])) - dy * (x - cell_x(v[0]));
        // y grows downwards: "left" as seen on the screen is a negative cross product (A-G1-43).
        return v[2] == kLeft ? cross < 0 : cross > 0;
      }
      case kNeighbors:
        return std::find(v.begin() + 1, v.begin() + n, cell) != v.begin() + n;
      case kRow:
        return y == v[0];
      case kCol:
        return x == v[0];
      default:
        return true;
    }
  }
};

struct Eval {
  const std::uint16_t* t;
  int len;
  int i = 0;
  const Layout& l;
  std::uint64_t up;

  int take() { return i < len ? t[i++] : -1; }
  int cell() { return take() - kCellBase; }
  int target() {
    const int id = take();
    return id == kTargetJoker ? l.pos[kJoker] : id - kCellBase;
  }

  Region region() {
    Region r;
    r.kind = take();
    r.topo = l.topo;
    switch (r.kind) {
      case kRegCell:
        r.v[0] = cell();
        r.n = 1;
        break;
      case kRegCells:
        r.n = take() - kCountBase;
        for (int k = 0; k < r.n; ++k) r.v[k] = cell();
        break;
      case kRect:
        for (int k = 0; k < 4; ++k) r.v[k] = take() - kIntBase;
        break;
      case kHalfplane:
        r.v[0] = take();
        r.v[1] = take() - kCmpBase;
        r.v[2] = take() - kNumBase;
        break;
      case kSideOfLine:
        r.v[0] = cell();
        r.v[1] = cell();
        r.v[2] = take();
        break;
      case kNeighbors: {
        const int c = cell();
        const int kind = take();
        r.n = 1;
        const int x = cell_x(c);
        const int y = cell_y(c);
        auto add = [&](int dx, int dy) {
          if (in_box(x + dx, y + dy)) r.v[r.n++] = make_cell(x + dx, y + dy);
        };
        if (kind == kNbHex) {
          for (int d : {1, 4, 5, 3, 6, 7}) {
            const auto st = dir_step(d, Topology::kHex);
            add(st[0], st[1]);
          }
        } else {
          if (kind != kDiag) add(0, -1), add(1, 0), add(0, 1), add(-1, 0);
          if (kind != kOrth) add(1, -1), add(-1, -1), add(-1, 1), add(1, 1);
        }
        break;
      }
      case kRow:
      case kCol:
        r.v[0] = take() - kIntBase;
        break;
      default:
        break;
    }
    return r;
  }

  // A card test, read from the tokens; returns a predicate's parameters.
  struct Pred {
    int kind = kPredAny;
    int arg = 0;
    int cmp = 0;
    bool operator()(int card) const {
      switch (kind) {
        case kPredSuit:
          return card_suit(card) == arg;
        case kPredRank:  // A-G1-43: A = 14; the Joker has no rank
          return card != kJoker && compare(card_value(card), cmp, arg == 1 ? 14 : arg);
        case kRed:
          return is_diamond(card);
        case kBlack:
          return card != kJoker && !is_diamond(card);
        case kPredJoker:
          return card == kJoker;
        case kDiamondOrJoker:
          return card == kJoker || is_diamond(card);
        default:
          return true;
      }
    }
  };
  Pred pred() {
    Pred p;
    p.kind = take();
    if (p.kind == kPredSuit) p.arg = take() - kSuitBase;
    if (p.kind == kPredRank) {
      p.cmp = take() - kCmpBase;
      p.arg = take() - kRankBase;
    }
    return p;
  }

  bool compare_dist(int d, int cmp, int n) const {
    return compare(d < 0 ? kInf : d, cmp, n);  // ∞ compares greater than every number
  }

  int distance(int from, int to) const {
    if (from < 0 || to < 0 || !in_graph(l, from) || !in_graph(l, to)) return -1;
    std::array<int, kCells> d{};
    graph_distances(l, from, d);
    return d[to];
  }

  bool on_some_path(int c) const {
    const int start = l.pos[kAceOfDiamonds];
    const int goal = l.pos[kJoker];
    if (!in_graph(l, c)) return false;
    std::array<int, 16> path{};
    std::array<bool, kCells> on{};
    const Edges edges(l);
    bool found = false;
    // Depth-first over simple paths from A♦ (G has at most 14 nodes).
    auto dfs = [&](auto&& self, int cell, int depth) -> void {
      path[depth] = cell;
      if (cell == goal) {
        if (std::find(path.begin(), path.begin() + depth + 1, c) != path.begin() + depth + 1) {
          found = true;
        }
        return;
      }
      on[cell] = true;
      std::array<Link, kMaxLinks> nb{};
      const int k = edges(cell, nb);
      for (int q = 0; q < k && !found; ++q) {
        if (!on[nb[q].cell] && in_graph(l, nb[q].cell)) self(self, nb[q].cell, depth + 1);
      }
      on[cell] = false;
    };
    dfs(dfs, start, 0);
    return found;
  }

  bool expr() {
    const int id = take();
    switch (id) {
      case kNot:
        return !expr();
      case kAnd: {
        const bool a = expr();
        return expr() && a;
      }
      case kOr: {
        const bool a = expr();
        return expr() || a;
      }
      case kCard: {
        const int c = cell();
        const Pred p = pred();
        return l.at[c] >= 0 && p(l.at[c]);  // an empty cell is false [R]
      }
      case kJokerIn:
        return region().contains(l.pos[kJoker]);
      case kCountQ: {
        const Region r = region();
        const Pred p = pred();
        const int facing = take();
        const int cmp = take() - kCmpBase;
        const int n = take() - kIntBase;
        int k = 0;
        for (int id2 = 0; id2 < kNumCards; ++id2) {
          const bool is_up = (up >> id2) & 1;
          if (facing == kFaceDown && is_up) continue;
          if (facing == kFaceUp && !is_up) continue;
          if (r.contains(l.pos[id2]) && p(id2)) ++k;
        }
        return compare(k, cmp, n);
      }
      case kDist: {
        const int c = cell();
        const int to = target();
        const int cmp = take() - kCmpBase;
        const int n = take() - kIntBase;
        return compare_dist(distance(c, to), cmp, n);
      }
      case kOnShortestPath: {
        const int c = cell();
        const int dir = take() - kDirBase;
        const auto s = dir_step(dir, l.topo);
        const int x = cell_x(c) + s[0];
        const int y = cell_y(c) + s[1];
        if (!in_box(x, y)) return false;
        const int n = make_cell(x, y);
        const int goal = l.pos[kJoker];
        const int dc = distance(c, goal);
        const int dn = distance(n, goal);
        return dc > 0 && dn >= 0 && dn == dc - 1;
      }
      case kOnSomePath:
        return on_some_path(cell());
      case kPathExists: {
        const int c = cell();
        return distance(c, target()) >= 0;
      }
      default:
        return false;
    }
  }
};

}  // namespace

const char* slot_name(Slot s) {
  static constexpr std::array<const char*, 16> kNames = {
      "a question",      "a region",        "a cell",        "a card test",
      "a facing",        "joker or a cell", "a comparison",  "a number 0..40",
      "a line position", "x or y",          "left or right", "orth, diag, all or hex",
      "a suit",          "a rank",          "a direction",   "how many cells"};
  return kNames[static_cast<int>(s)];
}

std::array<int, 2> dir_step(int dir, Topology topo) {
  if (topo == Topology::kHex) {
    // E NE NW W SW SE in axial coordinates; N and S have no hex meaning.
    static constexpr std::array<std::array<int, 2>, kNumDirs> kHex = {
        {{0, 0}, {1, 0}, {0, 0}, {-1, 0}, {1, -1}, {0, -1}, {-1, 1}, {0, 1}}};
    return kHex[dir];
  }
  static constexpr std::array<std::array<int, 2>, kNumDirs> kSquare = {
      {{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {-1, -1}, {-1, 1}, {1, 1}}};
  return kSquare[dir];
}

bool dir_allowed(int dir, Topology topo) {
  if (dir < 0 || dir >= kNumDirs) return false;
  return topo == Topology::kHex ? (dir != 0 && dir != 2) : dir < 4;
}

const char* dir_name(int dir) {
  return kDirNames[dir];
}

Pending pending(const std::uint16_t* tokens, int len) {
  Pending p;
  p.slot[p.n++] = Slot::kExpr;
  std::array<Slot, 12> ch{};
  for (int i = 0; i < len; ++i) {
    if (p.n == 0 || !fits(tokens[i], p.slot[p.n - 1])) {
      p.ok = false;
      return p;
    }
    --p.n;
    const int k = children(tokens[i], ch);
    if (p.n + k > static_cast<int>(p.slot.size())) {
      p.ok = false;
      return p;
    }
    for (int j = k - 1; j >= 0; --j) p.slot[p.n++] = ch[j];
  }
  return p;
}

bool token_allowed(const std::uint16_t* tokens, int len, Topology topo, int id) {
  const Pending p = pending(tokens, len);
  if (!p.ok || p.n == 0 || !fits(id, p.slot[p.n - 1])) return false;
  if (token_slot(id) == Slot::kDir && !dir_allowed(id - kDirBase, topo)) return false;
  int rest = 0;
  for (int j = 0; j + 1 < p.n; ++j) rest += min_len(p.slot[j]);
  std::array<Slot, 12> ch{};
  const int k = children(id, ch);
  int need = 1;
  for (int j = 0; j < k; ++j) need += min_len(ch[j]);
  return len + need + rest <= kMaxTokens;
}

void next_tokens(const std::uint16_t* tokens, int len, Topology topo, std::vector<int>& out) {
  out.clear();
  const Pending p = pending(tokens, len);
  if (!p.ok || p.n == 0) return;
  std::vector<int> cand;
  candidates(p.slot[p.n - 1], cand);
  int rest = 0;
  for (int j = 0; j + 1 < p.n; ++j) rest += min_len(p.slot[j]);
  std::array<Slot, 12> ch{};
  for (int id : cand) {
    if (token_slot(id) == Slot::kDir && !dir_allowed(id - kDirBase, topo)) continue;
    const int k = children(id, ch);
    int need = 1;
    for (int j = 0; j < k; ++j) need += min_len(ch[j]);
    if (len + need + rest <= kMaxTokens) out.push_back(id);
  }
  std::sort(out.begin(), out.end());
}

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

std::string question_text(const std::uint16_t* tokens, int len) {
  Printer p{tokens, len};
  return p.expr();
}

int parse_token(std::string_view text, Slot expected) {
  const std::string t = lower(text);
  std::vector<int> cand;
  candidates(expected, cand);
  if (expected == Slot::kCell || expected == Slot::kTarget) {
    if (t == "joker" && expected == Slot::kTarget) return kTargetJoker;
    const int c = parse_cell(t);
    return c < 0 ? -1 : kCellBase + c;
  }
  if (expected == Slot::kSuit) {
    const int s = parse_suit_code(t);
    return s >= 0 && s < kNoSuit ? kSuitBase + s : -1;
  }
  for (int id : cand) {
    if (lower(token_text(id)) == t) return id;
  }
  if (expected == Slot::kNum) {
    double v = 0;
    auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec == std::errc() && r.ptr == t.data() + t.size() && v >= -0.5 && v <= 40 &&
        std::floor(v * 2) == v * 2) {
      return kNumBase + static_cast<int>(v * 2) + 1;
    }
  }
  return -1;
}

std::vector<std::uint16_t> parse_question(std::string_view text, Topology topo) {
  Parser p{lex(text), 0, {}};
  if (p.peek().kind == Lexeme::kEnd) fail("the question is empty");
  p.expr();
  if (p.peek().kind != Lexeme::kEnd)
    fail(fmt::format("unexpected '{}' after the question", p.peek().text));
  if (static_cast<int>(p.out.size()) > kMaxTokens) {
    fail(fmt::format("the question is too long ({} tokens; at most {})", p.out.size(), kMaxTokens));
  }
  for (std::size_t k = 0; k < p.out.size(); ++k) {
    const int id = p.out[k];
    if (token_slot(id) == Slot::kDir && !dir_allowed(id - kDirBase, topo)) {
      fail(fmt::format("direction {} does not exist on this board ({})", kDirNames[id - kDirBase],
                       topo == Topology::kHex ? "E, NE, NW, W, SW, SE" : "N, E, S, W"));
    }
  }
  const Pending rest = pending(p.out.data(), static_cast<int>(p.out.size()));
  if (!rest.ok || rest.n != 0) fail("the question is incomplete");
  return p.out;
}

bool evaluate(const std::uint16_t* tokens, int len, const Layout& l, std::uint64_t up) {
  Eval e{tokens, len, 0, l, up};
  return e.expr();
}

void graph_distances(const Layout& l, int from, std::array<int, kCells>& dist) {
  dist.fill(-1);
  if (from < 0 || !in_graph(l, from)) return;
  const Edges edges(l);
  std::array<int, kNumCards> queue{};
  int head = 0;
  int tail = 0;
  queue[tail++] = from;
  dist[from] = 0;
  std::array<Link, kMaxLinks> nb{};
  while (head < tail) {
    const int c = queue[head++];
    const int k = edges(c, nb);
    for (int q = 0; q < k; ++q) {
      const int n = nb[q].cell;
      if (dist[n] < 0 && in_graph(l, n)) {
        dist[n] = dist[c] + 1;
        queue[tail++] = n;
      }
    }
  }
}

namespace {

// The labels of the edges from `cell` whose far end reaches a card of `goals` in G without
// passing `cell` again: first steps of simple paths (A-G1-27, A-G1-44 every label).
std::uint32_t first_steps(const Layout& l, const Edges& edges, int cell, std::uint64_t goals) {
  std::uint32_t out = 0;
  std::array<Link, kMaxLinks> nb{};
  const int k = edges(cell, nb);
  for (int q = 0; q < k; ++q) {
    const int n = nb[q].cell;
    if (!in_graph(l, n)) continue;
    if (reach(l, edges, n, cell) & goals) out |= std::uint32_t{1} << nb[q].label;
  }
  return out;
}

}  // namespace

std::uint32_t pathfinder_dirs(const Layout& l, int cell) {
  if (l.pos[kJoker] < 0 || cell < 0 || l.at[cell] < 0) return 0;
  const std::uint64_t act = l.active();
  const Edges edges(l, l.enabled(act));
  const std::uint32_t direct = first_steps(l, edges, cell, std::uint64_t{1} << kJoker);
  if (direct != 0 || !l.advanced) return direct;
  // Advanced, no current path (A-G1-35): the targets are the inactive artifacts of the
  // inclusion-minimal sets S such that the Joker is reachable eventually with S and the active
  // artifacts; she is told the first steps toward any of them.
  const std::uint64_t on = act & kArtifactMask;
  const std::uint64_t off = kArtifactMask & l.placed() & ~on;
  std::array<std::uint64_t, 8> good{};
  int n = 0;
  for (std::uint64_t sub = off;; sub = (sub - 1) & off) {  // every subset of `off`
    if (l.closure_reaches_joker(on | sub)) good[n++] = sub;
    if (sub == 0) break;
  }
  std::uint64_t targets = 0;
  for (int i = 0; i < n; ++i) {
    bool minimal = true;
    for (int j = 0; j < n; ++j) {
      if (j != i && (good[j] & good[i]) == good[j] && good[j] != good[i]) minimal = false;
    }
    if (minimal) targets |= good[i];
  }
  return targets == 0 ? 0 : first_steps(l, edges, cell, targets);
}

}  // namespace mw::pathfinder_cards::aql
