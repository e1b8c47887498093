#pragma once
// The Advisor's question language (AQL, RULINGS G1.6.1) as a sequence of tokens in prefix order,
// so that a question is asked one token at a time as Runner decisions (each decision lists only
// the tokens the grammar allows there, within a length budget) or parsed whole from its infix
// text before anything is spent (A-G1-41). The engine answers from the true maze.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards::aql {

// A question's length budget, in tokens: no reasonable question is refused (A-G1-50). The state
// keeps the tokens of the question under way and of each answer in arrays of this size.
inline constexpr int kMaxTokens = 64;

// What a position of the prefix form expects.
enum class Slot : std::uint8_t {
  kExpr,
  kRegion,
  kCell,
  kPred,
  kFacing,
  kTarget,  // "joker" or a cell
  kCmp,
  kInt,     // 0..40
  kNum,     // a line position -0.5 .. 40 in halves
  kAxis,    // x | y
  kSide,    // left | right
  kNbKind,  // orth | diag | all | hex
  kSuit,    // C | D | S
  kRank,    // A..K
  kDir,     // N E S W NE NW SW SE
  kCount,   // how many cells a "cells{...}" lists, 1..8
};
const char* slot_name(Slot s);

// Token ids (an action is kTokenBase + id; see pathfinder_cards.h).
enum Token : int {
  kNot = 0,
  kAnd,
  kOr,
  kCard,
  kJokerIn,
  kCountQ,
  kDist,
  kOnShortestPath,
  kOnSomePath,
  kPathExists,
  kRegCell = 10,
  kRegCells,
  kRect,
  kHalfplane,
  kSideOfLine,
  kNeighbors,
  kRow,
  kCol,
  kRegAll,
  kPredSuit = 20,
  kPredRank,
  kRed,
  kBlack,
  kPredJoker,
  kDiamondOrJoker,
  kPredAny,
  kFaceDown = 27,
  kFaceUp,
  kFacingAny,
  kTargetJoker = 30,
  kCmpBase = 31,  // = != < <= > >=
  kAxisX = 37,
  kAxisY,
  kLeft = 39,
  kRight,
  kOrth = 41,
  kDiag,
  kNbAll,
  kNbHex,
  kSuitBase = 45,    // C D S
  kDirBase = 48,     // N E S W NE NW SW SE
  kRankBase = 59,    // + rank 1..13
  kIntBase = 100,    // + 0..40
  kCountBase = 150,  // + 1..8
  kNumBase = 200,    // + 0..81: value (k - 1) / 2
  kCellBase = 1000,  // + cell
  kTokenEnd = 1000 + kCells,
};

inline constexpr int kMaxInt = 40;
inline constexpr int kNumDirs = 8;
// Direction offsets (x, y) for Dir tokens N E S W NE NW SW SE: square N/E/S/W; hex E NE NW W SW SE
// (axial q = x, r = y; A-G1-42).
std::array<int, 2> dir_step(int dir, Topology topo);
bool dir_allowed(int dir, Topology topo);
const char* dir_name(int dir);

// The pending slots of a partial question (top of the stack last); empty when complete.
struct Pending {
  std::array<Slot, 2 * kMaxTokens + 8> slot{};
  int n = 0;
  bool ok = true;  // false: the tokens do not fit the grammar
};
Pending pending(const std::uint16_t* tokens, int len);
// The tokens allowed next (ids, sorted), keeping the question completable within kMaxTokens.
void next_tokens(const std::uint16_t* tokens, int len, Topology topo, std::vector<int>& out);
bool token_allowed(const std::uint16_t* tokens, int len, Topology topo, int id);
// next_tokens without the list, for a uniform draw: how many tokens fill the next slot (0 when the
// question is complete or does not parse), and the k-th of them (k below that number) in
// ascending order; next_tokens lists the ones token_allowed accepts.
int next_candidates(const std::uint16_t* tokens, int len);
int nth_next_candidate(const std::uint16_t* tokens, int len, int k);

// Text of one token in its slot, and of a (partial or whole) question in infix form.
std::string token_text(int id);
// `since`: the layout's shift since the question was asked (A-G1-48); its cells, rows, columns
// and lines are then named as they are now (text for the view, not always a question to ask).
std::string question_text(const std::uint16_t* tokens, int len, const Shift& since = {});
// One token read in the slot expected now; -1 when it is not one.
int parse_token(std::string_view text, Slot expected);
// A whole question in infix form -> prefix tokens; throws Error(kParse) saying what is wrong.
std::vector<std::uint16_t> parse_question(std::string_view text, Topology topo);

// The truthful answer in `l` (facing taken from `up`, the cards' facing when asked).
bool evaluate(const std::uint16_t* tokens, int len, const Layout& l, std::uint64_t up);

// The diamond graph G of the Pathfinder and the path atoms: every diamond cell (any facing) and the
// Joker's cell, with the edge types enabled now (steps; in the advanced game also the active
// artifacts' edges). Distances in edges from `from` (-1 = unreachable).
void graph_distances(const Layout& l, int from, std::array<int, kCells>& dist);
// The Pathfinder's direction set at `cell` (bit per edge label, layout.h Link): the first steps of
// simple paths from `cell` to the Joker in G (RULINGS G1.3.4, A-G1-27/28/44); in the advanced
// game with no such path, toward the next necessary artifacts (A-G1-35).
std::uint32_t pathfinder_dirs(const Layout& l, int cell);

}  // namespace mw::pathfinder_cards::aql
