// The view as text, written directly (core ViewTextWriting): the server writes every watched
// seat's view after each move, and a tree of the layout's forty cards costs far more to build than
// the text. The members and their order are view()'s (view.cpp); what only some positions have
// (the effects under way, the answers, a match's earlier games...) comes from view()'s own
// helpers through w.value(), so that logic is written once.
#include <array>
#include <cstdint>
#include <span>

#include "core/json_text.h"
#include "games/pathfinder_cards/json_common.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {

namespace {

void write_hearts(JsonTextWriter& w, std::uint16_t hearts) {
  w.begin_array();
  for (int r = 1; r <= 13; ++r) {
    if ((hearts >> r) & 1) w.string(heart_code(r));
  }
  w.end_array();
}

// The cells among `occupied` (in cell order) that hold one of `cards`.
void write_cells(JsonTextWriter& w, const Layout& l, std::span<const int> occupied,
                 std::uint64_t cards) {
  w.begin_array();
  for (const int cell : occupied) {
    if ((cards >> l.at[cell]) & 1) w.string(cell_name(cell));
  }
  w.end_array();
}

void write_powers(JsonTextWriter& w, std::uint8_t used) {
  w.begin_array();
  for (int p = 0; p < 4; ++p) {
    if ((used >> p) & 1) w.string(kPowerNames[static_cast<std::size_t>(p)]);
  }
  w.end_array();
}

}  // namespace

void State::write_view(Player observer, JsonTextWriter& w) const {
  const bool all = sees_everything(observer);
  // The occupied cells, sorted once for the cards and the play lists.
  std::array<int, kNumCards> cells;
  const std::span<const int> occupied(cells.data(),
                                      static_cast<std::size_t>(occupied_cells(layout_, cells)));
  w.begin_object();
  write_base_view(observer, all, occupied, w);
  w.key("hand");
  write_hearts(w, hand_);
  w.key("compass");
  w.begin_object();
  w.key("state");
  w.string(kCompassNames[static_cast<int>(compass_)]);
  w.key("card");
  if (compass_rank_ == 0) {
    w.null();
  } else {
    w.string(heart_code(compass_rank_));
  }
  w.key("usable");
  w.boolean(compass_usable());
  w.end_object();
  w.key("discards");
  w.begin_array();
  for (int i = 0; i < num_discards_; ++i) w.string(heart_code(discards_[i]));
  w.end_array();
  w.key("lostToDamage");
  write_hearts(w, lost_to_damage_);
  if (phase_ == Phase::kPlay || phase_ == Phase::kOver) write_play_view(occupied, w);
  write_knowledge_view(all, w);
  Json closing = json_object(0);
  add_closing_view(closing, observer);
  w.members(closing);
  w.end_object();
}

// add_base_view as text.
void State::write_base_view(Player observer, bool all, std::span<const int> occupied,
                            JsonTextWriter& w) const {
  const Player p = current_player();
  w.key("game");
  w.string("pathfinder-cards");
  w.key("seats");
  w.begin_array();
  w.string(seat_name(0));
  w.string(seat_name(1));
  w.end_array();
  w.key("observer");
  w.string(observer >= 0            ? seat_name(observer)
           : observer == kSpectator ? "spectator"
                                    : "omniscient");
  w.key("phase");
  w.string(kPhaseNames[static_cast<int>(phase_)]);
  w.key("toAct");
  if (p >= 0) {
    w.string(seat_name(p));
  } else if (p == kChancePlayer) {
    w.string("chance");
  } else {
    w.null();
  }
  w.key("decision");
  w.string(kDecisionNames[static_cast<int>(decision())]);
  if (config_.topo == Topology::kHex) {
    w.key("board");
    w.string("hex");
  }
  if (config_.advanced) {
    w.key("advanced");
    w.boolean(true);
  }
  w.key("roles");
  if (first_maker_ < 0) {
    w.null();
  } else {
    w.begin_object();
    w.key("maker");
    w.string(seat_name(seat_of(kMaker)));
    w.key("runner");
    w.string(seat_name(seat_of(kRunner)));
    w.end_object();
  }
  if (config_.match_games > 1) {
    w.key("match");
    w.value(match_json());
  }
  if (phase_ == Phase::kBuild && !all) {
    w.key("placed");
    w.integer(layout_.count);
  } else {
    w.key("cards");
    write_cards(all, occupied, w);
  }
  if (all && phase_ != Phase::kBuild) {
    w.key("maze");
    w.string(draw_maze(layout_));
  }
}

// cards_json as text.
void State::write_cards(bool all, std::span<const int> occupied, JsonTextWriter& w) const {
  w.begin_array();
  for (const int cell : occupied) {
    const int c = layout_.at[cell];
    w.begin_object();
    w.key("cell");
    w.string(cell_name(cell));
    if (all || layout_.face_up(c)) {
      w.key("card");
      w.string(card_code(c));
    }
    if (all) {
      w.key("up");
      w.boolean(layout_.face_up(c));
    }
    w.end_object();
  }
  w.end_array();
}

// add_play_view as text.
void State::write_play_view(std::span<const int> occupied, JsonTextWriter& w) const {
  const std::uint64_t act = layout_.active();
  w.key("active");
  write_cells(w, layout_, occupied, act);
  w.key("explorable");
  write_cells(w, layout_, occupied, layout_.explorable(act));
  if (!config_.advanced) return;
  const std::uint64_t on = layout_.enabled(act);
  w.key("artifacts");
  w.begin_array();
  if ((on >> kRopeCard) & 1) w.string("rope");
  if ((on >> kVeilCard) & 1) w.string("veil");
  if ((on >> kMirrorCard) & 1) w.string("mirror");
  w.end_array();
}

// From "pending" to "answers": the lists are always there, their entries (mostly none) from the
// helpers view() builds them with.
void State::write_knowledge_view(bool all, JsonTextWriter& w) const {
  w.key("pending");
  w.begin_array();
  for (int i = depth_ - 1; i >= 0; --i) w.value(task_json(stack_[i], all));
  w.end_array();
  w.key("tens");
  w.begin_array();
  for (const TenResult& r : tens_) {
    if (r.cell >= 0) w.value(ten_json(r));
  }
  w.end_array();
  if (decision() == Decision::kKingName) {
    w.key("kingBefore");
    w.value(king_before_json());
  }
  w.key("powersUsed");
  write_powers(w, used_powers_);
  w.key("answers");
  w.begin_array();
  for (int i = 0; i < num_answers_; ++i) w.value(answer_json(answers_[i]));
  w.end_array();
}

}  // namespace mw::pathfinder_cards
