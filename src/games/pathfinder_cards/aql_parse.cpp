// The Advisor's question language: reading a token or a whole infix question (lexer, parser).
#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

#include "core/error.h"
#include "games/pathfinder_cards/aql.h"
#include "games/pathfinder_cards/aql_internal.h"

namespace mw::pathfinder_cards::aql {

using detail::candidates;
using detail::kCmpNames;
using detail::kDirNames;
using detail::kFacingNames;
using detail::kNbNames;
using detail::kPredNames;
using detail::kRankNames;
using detail::token_slot;

namespace {

[[noreturn]] void fail(const std::string& what) {
  throw Error(ErrorCode::kParse, "pathfinder-cards: Advisor question: " + what);
}

std::string lower(std::string_view text) {
  std::string out;
  for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

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
  int parens = 0;  // open parentheses around the current position
  static constexpr int kMaxParens = 2 * kMaxTokens;

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
    // A text far beyond the budget is refused before its nesting can exhaust the stack.
    if (out.size() > static_cast<std::size_t>(kMaxTokens)) {
      fail(fmt::format("the question is too long (more than {} tokens)", kMaxTokens));  // A-G1-50
    }
    if (accept_word("not")) {
      emit(kNot);
      return unary();
    }
    if (accept_sym("(")) {
      if (++parens > kMaxParens) {
        fail(fmt::format("the question nests parentheses more than {} deep", kMaxParens));
      }
      expr();
      --parens;
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

}  // namespace

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
    fail(fmt::format("the question is too long ({} tokens; at most {})", p.out.size(),
                     kMaxTokens));  // A-G1-50
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

}  // namespace mw::pathfinder_cards::aql
