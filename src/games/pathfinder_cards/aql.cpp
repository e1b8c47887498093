// The Advisor's question language (RULINGS G1.6.1, A-G1-41/43): the grammar of the prefix tokens.
#include "games/pathfinder_cards/aql.h"

#include <algorithm>

#include "games/pathfinder_cards/aql_internal.h"

namespace mw::pathfinder_cards::aql {

namespace detail {

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
  if (id > kRegAll && id < kPredSuit) return false;
  if (id >= kDirBase + kNumDirs && id <= kRankBase) return false;
  if (id > kRankBase + 13 && id < kIntBase) return false;
  if (id > kIntBase + kMaxInt && id <= kCountBase) return false;
  if (id > kCountBase + 8 && id < kNumBase) return false;
  if (id > kNumBase + 81 && id < kCellBase) return false;
  return true;
}

// The tokens of slot `s` as one or two ranges of ids (inclusive), ascending.
struct IdRanges {
  std::array<std::array<int, 2>, 2> range{};
  int n = 1;
  int size() const {
    int total = 0;
    for (int i = 0; i < n; ++i) total += range[i][1] - range[i][0] + 1;
    return total;
  }
  int nth(int k) const {
    for (int i = 0;; ++i) {
      const int width = range[i][1] - range[i][0] + 1;
      if (k < width || i + 1 == n) return range[i][0] + k;
      k -= width;
    }
  }
};

IdRanges candidate_ranges(Slot s) {
  const auto one = [](int lo, int hi) { return IdRanges{{{{lo, hi}, {0, -1}}}, 1}; };
  switch (s) {
    case Slot::kExpr:
      return one(kNot, kPathExists);
    case Slot::kRegion:
      return one(kRegCell, kRegAll);
    case Slot::kCell:
      return one(kCellBase, kTokenEnd - 1);
    case Slot::kPred:
      return one(kPredSuit, kPredAny);
    case Slot::kFacing:
      return one(kFaceDown, kFacingAny);
    case Slot::kTarget:
      return IdRanges{{{{kTargetJoker, kTargetJoker}, {kCellBase, kTokenEnd - 1}}}, 2};
    case Slot::kCmp:
      return one(kCmpBase, kCmpBase + 5);
    case Slot::kInt:
      return one(kIntBase, kIntBase + kMaxInt);
    case Slot::kNum:
      return one(kNumBase, kNumBase + 81);
    case Slot::kAxis:
      return one(kAxisX, kAxisY);
    case Slot::kSide:
      return one(kLeft, kRight);
    case Slot::kNbKind:
      return one(kOrth, kNbHex);
    case Slot::kSuit:
      return one(kSuitBase, kSuitBase + 2);
    case Slot::kRank:
      return one(kRankBase + 1, kRankBase + 13);
    case Slot::kDir:
      return one(kDirBase, kDirBase + kNumDirs - 1);
    case Slot::kCount:
      return one(kCountBase + 1, kCountBase + 8);
  }
  return IdRanges{{}, 0};
}

void candidates(Slot s, std::vector<int>& out) {
  const IdRanges ids = candidate_ranges(s);
  for (int r = 0; r < ids.n; ++r) {
    for (int id = ids.range[r][0]; id <= ids.range[r][1]; ++id) out.push_back(id);
  }
}

}  // namespace detail

using detail::candidates;
using detail::kDirNames;
using detail::token_slot;
using detail::valid_id;

namespace {

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
  // Sorted: the candidates come in ascending order.
}

int next_candidates(const std::uint16_t* tokens, int len) {
  const Pending p = pending(tokens, len);
  return !p.ok || p.n == 0 ? 0 : detail::candidate_ranges(p.slot[p.n - 1]).size();
}

int nth_next_candidate(const std::uint16_t* tokens, int len, int k) {
  const Pending p = pending(tokens, len);
  return detail::candidate_ranges(p.slot[p.n - 1]).nth(k);
}

}  // namespace mw::pathfinder_cards::aql
