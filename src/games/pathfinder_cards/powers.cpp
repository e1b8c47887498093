// The special hearts (RULINGS G1.3.4): the Advisor's two questions (AQL, G1.6.1, A-G1-41), the
// Pathfinder's directions (A-G1-27/28/44), the Seer's two cards, the Mover with its cancellation
// (A-G1-15/16/18/40) and the Recall by three hearts (A-G1-23). Only in MAIN, stack empty [T].
#include <algorithm>
#include <bit>
#include <cstdlib>

#include "games/pathfinder_cards/pathfinder_cards.h"
#include "games/pathfinder_cards/step_graph.h"

namespace mw::pathfinder_cards {
std::uint8_t State::recallable() const {
  std::uint8_t out = used_powers_;
  if (config_.recall_damage_discards) {
    // A-G1-23 option, A-G1-49: a special heart lost to damage (the random pick or an A♥ save)
    // counts as used; hearts paid into a Recall or spent as the Compass do not.
    out |= static_cast<std::uint8_t>((lost_to_damage_ >> 10) & 0xfu);
  }
  return out;
}

void State::legal_powers(ActionList& out) const {
  for (int p = 0; p < 4; ++p) {
    if (in_hand(10 + p)) out.push_back(kUsePowerBase + p);
  }
  const std::uint8_t again = recallable();
  if (again == 0) return;
  // Three hearts of ranks 2..13 from the hand: A♥ is never discarded (A-G1-23).
  std::array<unsigned, 12> bits{};
  int n = 0;
  for (int r = 2; r <= 13; ++r) {
    if (in_hand(r)) bits[n++] = 1u << (r - 2);
  }
  if (n < 3) return;
  std::array<unsigned, 220> masks{};
  int m = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      for (int k = j + 1; k < n; ++k) masks[m++] = bits[i] | bits[j] | bits[k];
    }
  }
  std::sort(masks.begin(), masks.begin() + m);
  for (int p = 0; p < 4; ++p) {
    if (!((again >> p) & 1)) continue;
    for (int i = 0; i < m; ++i) out.push_back(kRecallBase + p * 4096 + Action{masks[i]});
  }
}

bool State::power_use_ok(Action a) const {
  if (a >= kUsePowerBase && a < kUsePowerBase + 4) {
    return in_hand(static_cast<int>(10 + a - kUsePowerBase));
  }
  if (a < kRecallBase || a >= kRecallBase + 4 * 4096) return false;
  const auto power = static_cast<int>((a - kRecallBase) / 4096);
  const auto mask = static_cast<unsigned>((a - kRecallBase) % 4096);
  const unsigned hand12 = (hand_ >> 2) & 0xfffu;
  return ((recallable() >> power) & 1) && std::popcount(mask) == 3 && (mask & ~hand12) == 0;
}

void State::apply_power_use(Action a) {
  Task t;
  std::uint16_t pay = 0;
  int power = 0;
  if (a < kUsePowerBase + 4) {
    power = static_cast<int>(a - kUsePowerBase);
    pay = static_cast<std::uint16_t>(1u << (10 + power));
  } else {
    power = static_cast<int>((a - kRecallBase) / 4096);
    pay = static_cast<std::uint16_t>(((a - kRecallBase) % 4096) << 2);
  }
  t.kind = static_cast<TaskKind>(static_cast<int>(TaskKind::kAdvisor) + power);
  if (power == kMover) {
    t.pay = pay;  // paid once a move is made (a cancelled move costs nothing by default, A-G1-16)
  } else {
    for (int r = 2; r <= 13; ++r) {
      if ((pay >> r) & 1) discard(r);
    }
    used_powers_ |= static_cast<std::uint8_t>(1u << power);
  }
  q_len_ = 0;
  push(t);
}

bool State::mover_ok(Action a) const {
  // Never A♦, nor the Joker once it is face up [T]; a face-down Joker may move unknowingly [I].
  const auto fixed = [&](int c) {
    return c == kAceOfDiamonds || (c == kJoker && layout_.face_up(kJoker));
  };
  if (a >= kSwapBase && a < kMoveBase) {
    const auto i = a - kSwapBase;
    const int x = static_cast<int>(i / kCells);
    const int y = static_cast<int>(i % kCells);
    if (x >= y || y >= kCells || layout_.at[x] < 0 || layout_.at[y] < 0) return false;
    return !fixed(layout_.at[x]) && !fixed(layout_.at[y]);
  }
  Layout l;
  Shift shift;
  if (!rearranged(a, l, shift)) return false;
  const int c = layout_.at[decode_move(a)->from];
  return !fixed(c) && l.touches_card(l.pos[c]) && l.connected();  // A-G1-18, A-G1-48
}

void State::legal_power_task(ActionList& out) const {
  const Task& t = *top();
  switch (t.kind) {
    case TaskKind::kAdvisor: {
      if (t.step == 1 && q_len_ == 0) out.push_back(kContinue);  // she may stop (A-G1-41)
      std::vector<int> ids;
      aql::next_tokens(q_.data(), q_len_, layout_.topo, ids);
      for (int id : ids) out.push_back(kTokenBase + id);
      return;
    }
    case TaskKind::kPathfinder: {
      std::array<int, kNumCards> cells{};
      const int n = layout_.cells_of(layout_.active() & layout_.placed(), cells);
      for (int i = 0; i < n; ++i) out.push_back(kCellBase + cells[i]);
      return;
    }
    case TaskKind::kSeer:
      legal_cells_face_down(out, kCellBase, 1, 1);
      return;
    case TaskKind::kMover:
      if (t.flags & kTried) out.push_back(kContinue);
      legal_rearrangements(out, true);
      return;
    default:
      return;
  }
}

void State::forget_positions() {
  // The cards may have moved while she looked away (or blindly, with the Mover): what she was
  // told about places stays in her view but no longer binds the sampler (rules page).
  for (TenResult& r : tens_) r.valid = false;
  for (int i = 0; i < num_answers_; ++i) answers_[i].current = false;
}

void State::follow_shift(const Shift& shift) {
  if (shift.none()) return;
  // The same places keep their names in her view: each record adds the shift to its cells.
  for (TenResult& r : tens_) {
    if (r.cell >= 0) r.since.add(shift);
  }
  for (int i = 0; i < num_answers_; ++i) answers_[i].since.add(shift);
  if (last_cancel_ >= 0) cancel_since_.add(shift);
  // The pending effects name cards' cells, and every card moved with the layout.
  for (int i = 0; i < depth_; ++i) {
    for (std::int16_t* c : {&stack_[i].cell, &stack_[i].cell2}) {
      if (*c < 0) continue;
      const int x = cell_x(*c) + shift.dx;
      const int y = cell_y(*c) + shift.dy;
      *c = static_cast<std::int16_t>(in_box(x, y) ? make_cell(x, y) : -1);
    }
  }
}

void State::apply_power_task(Action a) {
  Task& t = top_task();
  switch (t.kind) {
    case TaskKind::kAdvisor: {
      if (a == kContinue) {
        pop();
        return;
      }
      q_[q_len_++] = static_cast<std::uint16_t>(a - kTokenBase);
      if (aql::pending(q_.data(), q_len_).n != 0) return;
      // The question is complete: the engine answers truthfully from the true maze.
      if (num_answers_ < kMaxAnswers) {
        Answer& ans = answers_[num_answers_++];
        ans = Answer{};
        ans.kind = 0;
        ans.len = q_len_;
        std::copy_n(q_.begin(), q_len_, ans.tokens.begin());
        ans.up = layout_.up;
        ans.yes = aql::evaluate(q_.data(), q_len_, layout_, layout_.up);
      }
      q_len_ = 0;
      if (t.step == 0) {
        t.step = 1;
      } else {
        pop();
      }
      return;
    }
    case TaskKind::kPathfinder: {
      const int cell = static_cast<int>(a - kCellBase);
      if (num_answers_ < kMaxAnswers) {
        Answer& ans = answers_[num_answers_++];
        ans = Answer{};
        ans.kind = 1;
        ans.cell = static_cast<std::int16_t>(cell);
        ans.up = layout_.up;
        ans.dirs = aql::pathfinder_dirs(layout_, cell);
      }
      pop();
      return;
    }
    case TaskKind::kSeer:
      flip_up(static_cast<int>(a - kCellBase));  // no effect (A-G1-32); activity still applies
      if (++t.step == 2) pop();
      return;
    case TaskKind::kMover: {
      if (a == kContinue) {
        pop();
        return;
      }
      Layout l;
      Shift shift;
      rearranged(a, l, shift);
      const bool keeps_path = l.maze_ok();
      if (!keeps_path) {
        last_cancel_ = static_cast<std::int32_t>(a);  // "must let her know" [T]
        cancel_since_ = Shift{};
      }
      if (keeps_path || config_.mover_spent_on_cancel) {
        for (int r = 2; r <= 13; ++r) {
          if ((t.pay >> r) & 1) discard(r);
        }
        used_powers_ |= static_cast<std::uint8_t>(1u << kMover);
        if (keeps_path) {
          layout_ = l;  // facing kept, no Encounter; activity is recomputed (A-G1-15)
          forget_positions();
          follow_shift(shift);
        }
        pop();
        return;
      }
      t.flags |= kTried;  // cancelled: nothing spent; another proposal or stop (A-G1-16/40)
      return;
    }
    default:
      return;
  }
}

int State::knowledge_violation(const Layout& l, bool graph_kept, const StepGraph* graph,
                               int stop_above) const {
  int v = 0;
  for (const TenResult& r : tens_) {
    if (r.valid) v += std::abs(l.count_in_area(r.cell, r.suit) - r.actual);
    if (v > stop_above) return v;
  }
  for (int i = 0; i < num_answers_; ++i) {
    const Answer& ans = answers_[i];
    if (!ans.current) continue;
    if (ans.kind == 0) {
      v += aql::evaluate(ans.tokens.data(), ans.len, l, ans.up) != ans.yes;
    } else if (!graph_kept) {
      const std::uint32_t dirs = graph != nullptr ? graph->pathfinder_dirs(l, ans.cell)
                                                  : aql::pathfinder_dirs(l, ans.cell);
      v += dirs != ans.dirs;
    }
    if (v > stop_above) return v;
  }
  return v;
}

bool State::knowledge_holds(const Layout& l, bool graph_kept, const StepGraph* graph) const {
  return knowledge_violation(l, graph_kept, graph, 0) == 0;
}

}  // namespace mw::pathfinder_cards
