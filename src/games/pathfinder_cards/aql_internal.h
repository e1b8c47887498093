#pragma once
// What the question-language files (aql*.cpp) share: the words of the tokens, the slots.
#include <array>
#include <vector>

#include "games/pathfinder_cards/aql.h"

namespace mw::pathfinder_cards::aql::detail {

// The words of the tokens, in token order within each slot.
inline constexpr std::array<const char*, 10> kExprNames = {
    "not",          "and",        "or", "card", "joker_in", "count", "dist", "on_shortest_path",
    "on_some_path", "path_exists"};
inline constexpr std::array<const char*, 9> kRegionNames = {
    "cell", "cells", "rect", "halfplane", "side_of_line", "neighbors", "row", "col", "all"};
inline constexpr std::array<const char*, 7> kPredNames = {
    "suit", "rank", "red", "black", "joker", "diamond_or_joker", "any"};
inline constexpr std::array<const char*, 3> kFacingNames = {"face_down", "face_up", "any"};
inline constexpr std::array<const char*, 6> kCmpNames = {"=", "!=", "<", "<=", ">", ">="};
inline constexpr std::array<const char*, 4> kNbNames = {"orth", "diag", "all", "hex"};
inline constexpr std::array<const char*, kNumDirs> kDirNames = {"N",  "E",  "S",  "W",
                                                                "NE", "NW", "SW", "SE"};
inline constexpr std::array<const char*, 13> kRankNames = {"A", "2", "3",  "4", "5", "6", "7",
                                                           "8", "9", "10", "J", "Q", "K"};

// The slot a token fills; whether an id is a token at all.
Slot token_slot(int id);
bool valid_id(int id);
// Every token that fills slot `s`, in id order (appended to `out`).
void candidates(Slot s, std::vector<int>& out);

}  // namespace mw::pathfinder_cards::aql::detail
