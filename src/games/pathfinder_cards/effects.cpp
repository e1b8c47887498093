// Pathfinder Cards: the effect stack (encounters, damage, trials), its settling, and the match.
#include <algorithm>
#include <bit>

#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {
namespace {

constexpr int kTenClubs = card_id(kClubs, 10);
constexpr int kTenSpades = card_id(kSpades, 10);

}  // namespace

// ---- The effect stack and the end of a game -------------------------------------------------

void State::discard(int rank) {
  hand_ &= static_cast<std::uint16_t>(~(1u << rank));
  discards_[num_discards_++] = static_cast<std::int8_t>(rank);
}

void State::discard_lost_to_damage(int rank) {
  discard(rank);
  lost_to_damage_ |= static_cast<std::uint16_t>(1u << rank);
}

void State::finish(Player winner) {
  winner_ = static_cast<std::int8_t>(winner);
  phase_ = Phase::kOver;
  depth_ = 0;
  layout_.dormant = 0;  // no trial is pending any more
  if (game_no_ + 1 < config_.match_games) next_game();
}

// Match play (G1.3.7): the game's score is kept and the next game starts at once with the roles
// swapped; everything else is as in a fresh game.
void State::next_game() {
  results_[static_cast<std::size_t>(game_no_)] = static_cast<std::int8_t>(score());
  earlier_[static_cast<std::size_t>(game_no_)] = layout_.pos;
  State fresh(config_);
  fresh.game_no_ = static_cast<std::int8_t>(game_no_ + 1);
  fresh.results_ = results_;
  fresh.earlier_ = earlier_;
  fresh.first_maker_ = first_maker_;
  *this = fresh;
}

Layout State::earlier_maze(int g) const {
  Layout l;
  l.topo = config_.topo;
  l.advanced = config_.advanced;
  const auto& cells = earlier_[static_cast<std::size_t>(g)];
  for (int id = 0; id < kNumCards; ++id) {
    if (cells[static_cast<std::size_t>(id)] >= 0) l.place(id, cells[static_cast<std::size_t>(id)]);
  }
  l.up = l.placed();
  return l;
}

Player State::game_winner(int g) const {
  if (g == game_no_) return winner_;
  return results_[static_cast<std::size_t>(g)] > 0 ? kRunner : kMaker;
}

std::array<int, 2> State::totals() const {
  std::array<int, 2> t{};
  const int done = game_no_ + (phase_ == Phase::kOver ? 1 : 0);
  for (int g = 0; g < done; ++g) {
    const int runner_seat = kRunner ^ (first_maker_ > 0 ? 1 : 0) ^ (g & 1);
    t[static_cast<std::size_t>(runner_seat)] += g == game_no_ ? score() : results_[g];
  }
  return t;
}

void State::finish_build() {
  // Shift the maze to the top-left corner of the box: the Runner sees the shape, not where on the
  // table the Maker happened to start.
  int x0 = kSide;
  int y0 = kSide;
  for (int id = 0; id < kNumCards; ++id) {
    x0 = std::min(x0, cell_x(layout_.pos[id]));
    y0 = std::min(y0, cell_y(layout_.pos[id]));
  }
  Layout l;
  l.topo = layout_.topo;
  l.advanced = layout_.advanced;
  for (int id = 0; id < kNumCards; ++id) {
    const int c = layout_.pos[id];
    l.place(id, make_cell(cell_x(c) - x0, cell_y(c) - y0));
  }
  l.up = std::uint64_t{1} << kAceOfDiamonds;  // G1.2 step 4
  layout_ = l;
  phase_ = Phase::kCompass;
}

void State::push_damage(std::uint8_t flags, int units) {
  for (int i = 0; i < units; ++i) {
    Task t;
    t.kind = TaskKind::kDamage;
    t.flags = flags;
    push(t);
  }
}

void State::push_encounter(int cell) {
  Task t;
  t.kind = TaskKind::kEncounter;
  t.cell = static_cast<std::int16_t>(cell);
  push(t);
  // An artifact's power starts only once its trial is over (G1.3.2 step 5, A-G1-38).
  const int card = layout_.at[cell];
  if (config_.advanced && ((kArtifactMask >> card) & 1)) {
    layout_.dormant |= std::uint64_t{1} << card;
  }
}

void State::expand_encounter(const Task& e) {
  const int card = layout_.at[e.cell];
  const int rank = card_rank(card);
  if (config_.advanced && ((kArtifactMask >> card) & 1)) {
    Task w;
    w.kind = TaskKind::kWake;
    w.aux = static_cast<std::int8_t>(card);
    push(w);
  }
  // Pushed in reverse: damage first, then the trial, then the alteration (G1.3.2, A-G1-19).
  if (rank == 1 && card != kAceOfDiamonds) {
    Task t;
    t.kind = TaskKind::kAlteration;
    t.cell = e.cell;
    push(t);
  }
  if (rank >= 10) {
    Task t;
    t.kind = TaskKind::kTrial;
    t.cell = e.cell;
    t.trial = rank == 11           ? TrialKind::kJack
              : rank == 12         ? TrialKind::kQueen
              : rank == 13         ? TrialKind::kKing
              : card == kTenSpades ? TrialKind::kTenSpades
              : card == kTenClubs  ? TrialKind::kTenClubs
                                   : TrialKind::kTenDiamonds;
    push(t);
  }
  if (card_suit(card) == kSpades) push_damage(0);
}

// Runs everything that needs no decision, until a decision or the end: the state-based win
// (A-G1-11), encounters, windows that cannot be offered (A-G1-36), trials with nothing to pick.
void State::settle() {
  for (;;) {
    if (phase_ == Phase::kOver) return;
    if (phase_ == Phase::kCompass) {
      if ((hand_ & 0x3ffc) == 0) {
        phase_ = Phase::kPlay;
        continue;
      }
      return;
    }
    if (phase_ != Phase::kPlay) return;
    if (layout_.joker_active(layout_.active())) return finish(kRunner);
    if (depth_ == 0) {
      // MAIN has no action (cannot happen while the maze is valid, G1.3.1): checked without
      // listing the recalls.
      const bool recall = recallable() != 0 && std::popcount(hand_ & 0x3ffcu) >= 3;
      if (layout_.explorable(layout_.active()) == 0 && compass_ != CompassState::kTable &&
          (hand_ & 0x3c00u) == 0 && !recall) {
        finish(kMaker);
      }
      return;
    }
    Task& t = top_task();
    switch (t.kind) {
      case TaskKind::kEncounter: {
        const Task e = t;
        pop();
        expand_encounter(e);
        continue;
      }
      case TaskKind::kWake:
        layout_.dormant &= ~(std::uint64_t{1} << t.aux);
        pop();
        continue;
      case TaskKind::kAlteration:
      case TaskKind::kAdvisor:
      case TaskKind::kPathfinder:
      case TaskKind::kMover:
        return;
      case TaskKind::kSeer:
        if (layout_.up == kAllCards) {  // fewer than two face-down cards: as many as exist [R]
          pop();
          continue;
        }
        return;
      case TaskKind::kDamage:
        if (t.step == 0 && (compass_ != CompassState::kTable || (t.flags & kNoWindow))) {
          t.step = 1;
          continue;
        }
        if (t.step == 2) {
          ActionList saves;
          save_actions(saves);
          if (saves.empty()) finish(kMaker);  // her soul is stolen
        }
        return;
      case TaskKind::kTrial:
        if (t.step == 0 && compass_ != CompassState::kTable) {
          t.step = 1;
          continue;
        }
        if (t.step == 1) {
          ActionList picks;
          if (t.trial == TrialKind::kTenSpades || t.trial == TrialKind::kJack ||
              t.trial == TrialKind::kQueen) {
            legal_actions(picks);
            if (picks.empty()) {  // nothing face down to pick: no effect [T][R]
              pop();
              continue;
            }
          }
        }
        return;
    }
  }
}

}  // namespace mw::pathfinder_cards
