// Writing a Joker's Labyrinth state: its body (to_json), the views and the information-state key.
#include <fmt/format.h>

#include <array>
#include <string>
#include <vector>

#include "core/hash.h"
#include "core/json_write.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace {

Json bits_list(const auto& bits, int n) {
  Json out = Json::array();
  for (int i = 0; i < n; ++i) {
    if (bits[static_cast<std::size_t>(i)]) out.push_back(i);
  }
  return out;
}

// A mostly-zero array written sparsely: [index, value, index, value, ...] for the non-zero entries.
Json sparse(const auto& values) {
  Json out = Json::array();
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] == 0) continue;
    out.push_back(i);
    out.push_back(values[i]);
  }
  return out;
}

// The cards of a pile, in card order.
Json card_list(const CardSet& cards) {
  Json out = json_array(static_cast<std::size_t>(cards.count()));
  cards.for_each([&](int phys) { out.push_back(phys_name(phys)); });
  return out;
}

// Whether `observer` sees the face-down card on cell c (a peek), or card `phys` in p's hand.
bool sees_cell(const State& s, Player observer, bool all, int c) {
  return all || (observer >= 0 && s.peeked_by(c, observer));
}

bool sees_card(const State& s, Player observer, bool all, int p, int phys) {
  return all || observer == p || !s.is_private(phys);
}

Json player_view(const State& s, int p, Player observer, bool all) {
  const PlayerState& ps = s.player(p);
  const CardSet& hand = s.cards_at(static_cast<std::uint8_t>(kLocHand + p));
  Json shown = json_array(static_cast<std::size_t>(hand.count()));
  int hidden = 0;
  hand.for_each([&](int phys) {
    if (sees_card(s, observer, all, p, phys)) {
      shown.push_back(phys_name(phys));
    } else {
      ++hidden;
    }
  });
  const int hand_size = static_cast<int>(shown.size()) + hidden;
  Json pj = json_object(12);
  add_member(pj, "seat", kSeatNames[p]);
  add_member(pj, "jack", ps.suit >= 0 ? std::string(suit_symbol(static_cast<Suit>(ps.suit))) : "");
  add_member(pj, "cell", ps.pos >= 0 ? cell_name(ps.pos) : "");
  add_member(pj, "entered", ps.entered);
  add_member(pj, "debt", ps.debt);
  add_member(pj, "skip", ps.skip);
  add_member(pj, "bolster", ps.bolster);
  add_member(pj, "hindered", ps.hindered);
  add_member(pj, "jokers", s.jokers_held(p));
  add_member(pj, "hand_size", hand_size);
  add_member(pj, "hand", std::move(shown));
  add_member(pj, "hidden", hidden);
  return pj;
}

// player_view as text.
void write_player(JsonTextWriter& w, const State& s, int p, Player observer, bool all) {
  const PlayerState& ps = s.player(p);
  const CardSet& hand = s.cards_at(static_cast<std::uint8_t>(kLocHand + p));
  int hidden = 0;
  hand.for_each([&](int phys) { hidden += sees_card(s, observer, all, p, phys) ? 0 : 1; });
  w.begin_object();
  w.key("seat");
  w.string(kSeatNames[p]);
  w.key("jack");
  w.string(ps.suit >= 0 ? suit_symbol(static_cast<Suit>(ps.suit)) : "");
  w.key("cell");
  w.string(ps.pos >= 0 ? cell_name(ps.pos) : "");
  w.key("entered");
  w.boolean(ps.entered);
  w.key("debt");
  w.integer(ps.debt);
  w.key("skip");
  w.boolean(ps.skip);
  w.key("bolster");
  w.boolean(ps.bolster);
  w.key("hindered");
  w.boolean(ps.hindered);
  w.key("jokers");
  w.integer(s.jokers_held(p));
  w.key("hand_size");
  w.integer(hand.count());
  w.key("hand");
  w.begin_array();
  hand.for_each([&](int phys) {
    if (sees_card(s, observer, all, p, phys)) w.string(phys_name(phys));
  });
  w.end_array();
  w.key("hidden");
  w.integer(hidden);
  w.end_object();
}

// The piles in the view's order: the face-up ones listed card by card, the face-down ones counted.
struct Pile {
  const char* name;
  std::uint8_t loc;
  bool face_up;
};
constexpr std::array<Pile, 6> kPiles = {{{"main_discard", kLocMainDiscard, true},
                                         {"scavenger_discard", kLocScavDiscard, true},
                                         {"scavenger_deck", kLocScavDeck, false},
                                         {"guardian_deck", kLocGuardDeck, true},
                                         {"guardians_aside", kLocAside, true},
                                         {"unseen_dungeon", kLocPool, false}}};

void write_card_list(JsonTextWriter& w, const CardSet& cards) {
  w.begin_array();
  cards.for_each([&](int phys) { w.string(phys_name(phys)); });
  w.end_array();
}

// The fight under way: a commitment stays "committed" to the others until both sides have one.
Json combat_view(const State& s, Player observer, bool all) {
  const Combat& c = s.combat();
  Json cj = json_object(9);
  add_member(cj, "attacker", c.attacker);
  add_member(cj, "target", c.target >= 0 ? cell_name(c.target) : "");
  if (c.defender >= 0) {
    add_member(cj, "defender", c.defender);
    Json commits = json_array(2);
    const bool both = c.commit[0] != -2 && c.commit[1] != -2;
    for (int side = 0; side < 2; ++side) {
      const int seat = side == 0 ? c.attacker : c.defender;
      const int card = c.commit[side];
      if (card == -2) {
        commits.push_back(nullptr);
      } else if (both || all || observer == seat) {
        commits.push_back(card >= 0 ? phys_name(card) : "none");
      } else {
        commits.push_back("committed");
      }
    }
    add_member(cj, "commit", std::move(commits));
    add_member(cj, "dice", c.die);
    add_member(cj, "side", c.side);
    add_member(cj, "loser", c.loser);
  } else {
    add_member(cj, "value_card", c.value_card >= 0 ? phys_name(c.value_card) : "");
    add_member(cj, "defender_value", s.board_fight_value_public(c.target));
    add_member(cj, "dice", c.dice);
    add_member(cj, "faces", c.faces);
    add_member(cj, "final_die", c.final_die);
    if (c.set_aside != 0) {
      Json faces = json_array(6);
      for (int f = 0; f < 6; ++f) {
        if ((c.set_aside & (1 << f)) != 0) faces.push_back(f + 1);
      }
      Json set_aside = json_object(2);
      add_member(set_aside, "dice", c.dice - c.rolled);
      add_member(set_aside, "faces", std::move(faces));
      add_member(cj, "set_aside", std::move(set_aside));
    }
  }
  add_member(cj, "rerolled", c.rerolled);
  return cj;
}

}  // namespace

// ---- Body ---------------------------------------------------------------------------------------

Json State::to_json() const {
  Json j = Json::object();
  j["phase"] = kPhaseNames[static_cast<std::size_t>(phase_)];
  j["loc"] = loc_;
  j["down"] = bits_list(down_, kCells);
  j["dropped"] = bits_list(dropped_, kCells);
  j["private"] = bits_list(private_, kNumPhys);
  j["known"] = sparse(known_);
  j["group"] = sparse(group_);
  j["gknown"] = sparse(gknown_);
  j["aside"] = aside_;
  Json players = Json::array();
  for (int p = 0; p < config_.players; ++p) {
    const PlayerState& ps = players_[p];
    players.push_back({ps.pos, ps.suit, ps.entered ? 1 : 0, ps.skip ? 1 : 0, ps.bolster ? 1 : 0,
                       ps.hindered ? 1 : 0, ps.debt});
  }
  j["players"] = players;
  const Combat& c = combat_;
  j["combat"] = {c.attacker,  c.target,   c.defender,  c.value_card, c.dice,     c.rolled,
                 c.faces[0],  c.faces[1], c.faces[2],  c.faces[3],   c.faces[4], c.faces[5],
                 c.final_die, c.rerolled, c.commit[0], c.commit[1],  c.die[0],   c.die[1],
                 c.side,      c.loser,    c.set_aside};
  j["pending"] = bits_list(pending_, kCells);
  j["reveal"] = {static_cast<int>(after_), after_target_, portal_card_, peeks_left_};
  Json rs = Json::array();
  for (int i = 0; i < rs_count_; ++i) rs.push_back(rs_items_[i]);
  j["shuffle_items"] = rs;
  j["shuffle"] = {rs_need_, rs_next_, rs_centre_, rs_group_};
  j["turn"] = {first_,
               to_move_,
               actions_left_,
               paid_actions_,
               last_was_reveal_ ? 1 : 0,
               boost_used_ ? 1 : 0,
               scavenged_ ? 1 : 0,
               setup_step_,
               round_,
               winner_,
               held_card_,
               turns_};
  j["last_fight"] = last_fight_body();
  return j;
}

// ---- Views --------------------------------------------------------------------------------------

Json State::view(Player observer) const {
  const bool all = observer == kOmniscient || phase_ == Phase::kOver;
  Json v = json_object(21);
  Json seats = json_array(static_cast<std::size_t>(config_.players));
  for (int p = 0; p < config_.players; ++p) seats.push_back(kSeatNames[p]);
  add_member(v, "seats", std::move(seats));
  add_member(v, "observer", observer);
  add_member(v, "phase", kPhaseNames[static_cast<std::size_t>(phase_)]);
  add_member(v, "to_act", current_player());
  Json turn = json_object(9);
  add_member(turn, "seat", to_move_);
  add_member(turn, "actions_left", actions_left_);
  add_member(turn, "paid", paid_actions_);
  add_member(turn, "last_was_reveal", last_was_reveal_);
  add_member(turn, "boost_used", boost_used_);
  add_member(turn, "scavenged", scavenged_);
  add_member(turn, "round", round_);
  add_member(turn, "first", first_);
  add_member(turn, "turns", turns_);
  add_member(v, "turn", std::move(turn));
  add_member(v, "board", board_view(observer, all));
  Json peeks = json_array(0);
  for (int c = 0; c < kCells; ++c) {
    if (known_[c] != 0) peeks.push_back(Json::array({cell_name(c), known_[c]}));
  }
  add_member(v, "peeked", std::move(peeks));
  Json players = json_array(static_cast<std::size_t>(config_.players));
  for (int p = 0; p < config_.players; ++p) players.push_back(player_view(*this, p, observer, all));
  add_member(v, "players", std::move(players));
  for (const Pile& pile : kPiles) {
    const CardSet& cards = cards_at(pile.loc);
    add_member(v, pile.name,
               pile.face_up ? card_list(cards) : Json(static_cast<std::size_t>(cards.count())));
  }
  add_members(v, phase_members_view(observer, all));
  return v;
}

Json State::phase_members_view(Player observer, bool all) const {
  Json v = json_object(4);
  if (is_fight_phase(phase_)) add_member(v, "combat", combat_view(*this, observer, all));
  if (phase_ == Phase::kScavKeep || phase_ == Phase::kKeepNpc) {
    add_member(
        v, "held",
        sees_card(*this, observer, all, to_move_, held_card_) ? phys_name(held_card_) : "hidden");
  }
  if (phase_ == Phase::kPeeking || after_ == After::kPeeked)
    add_member(v, "peeks_left", peeks_left_);
  if (phase_ == Phase::kShuffleDraw || phase_ == Phase::kShuffleDeal) {
    Json shuffle = json_object(4);
    add_member(shuffle, "centre", cell_name(rs_centre_));
    add_member(shuffle, "items", rs_count_);
    add_member(shuffle, "draws", rs_need_);
    add_member(shuffle, "next", rs_next_);
    add_member(v, "shuffle", std::move(shuffle));
  }
  if (phase_ == Phase::kDeal || phase_ == Phase::kGuardian) {
    Json revealing = json_object(4);
    add_member(revealing, "after", static_cast<int>(after_));
    add_member(revealing, "target", after_target_ >= 0 ? cell_name(after_target_) : "");
    add_member(revealing, "pending", bits_list(pending_, kCells));
    add_member(revealing, "portal_card", portal_card_ >= 0 ? phys_name(portal_card_) : "");
    add_member(v, "revealing", std::move(revealing));
  }
  if (phase_ == Phase::kOver) add_member(v, "winner", winner_);
  if (last_fight_.attacker >= 0) add_member(v, "lastFight", last_fight_view());
  return v;
}

// The same members in the same order as view(), the frequent ones written directly.
void State::write_view(Player observer, JsonTextWriter& w) const {
  const bool all = observer == kOmniscient || phase_ == Phase::kOver;
  w.begin_object();
  w.key("seats");
  w.begin_array();
  for (int p = 0; p < config_.players; ++p) w.string(kSeatNames[p]);
  w.end_array();
  w.key("observer");
  w.integer(observer);
  w.key("phase");
  w.string(kPhaseNames[static_cast<std::size_t>(phase_)]);
  w.key("to_act");
  w.integer(current_player());
  w.key("turn");
  w.begin_object();
  w.key("seat");
  w.integer(to_move_);
  w.key("actions_left");
  w.integer(actions_left_);
  w.key("paid");
  w.integer(paid_actions_);
  w.key("last_was_reveal");
  w.boolean(last_was_reveal_);
  w.key("boost_used");
  w.boolean(boost_used_);
  w.key("scavenged");
  w.boolean(scavenged_);
  w.key("round");
  w.integer(round_);
  w.key("first");
  w.integer(first_);
  w.key("turns");
  w.integer(turns_);
  w.end_object();
  w.key("board");
  write_board(observer, all, w);
  w.key("peeked");
  w.begin_array();
  for (int c = 0; c < kCells; ++c) {
    if (known_[c] == 0) continue;
    w.begin_array();
    w.string(cell_name(c));
    w.integer(known_[c]);
    w.end_array();
  }
  w.end_array();
  w.key("players");
  w.begin_array();
  for (int p = 0; p < config_.players; ++p) write_player(w, *this, p, observer, all);
  w.end_array();
  for (const Pile& pile : kPiles) {
    w.key(pile.name);
    if (pile.face_up) {
      write_card_list(w, cards_at(pile.loc));
    } else {
      w.integer(cards_at(pile.loc).count());
    }
  }
  w.members(phase_members_view(observer, all));
  w.end_object();
}

// Each cell as text: "#" face down (its card when seen, "~group" in a Reality Shuffle group), the
// card face up ("/Guardian" on an Ace, "!" for a dropped Joker), "" when empty.
Json State::board_view(Player observer, bool all) const {
  Json board = json_array(kSide);
  for (int r = 0; r < kSide; ++r) {
    Json row = json_array(kSide);
    for (int col = 0; col < kSide; ++col) {
      std::string text;
      append_cell_text(cell_at(r, col), observer, all, text);
      row.push_back(std::move(text));
    }
    board.push_back(std::move(row));
  }
  return board;
}

void State::write_board(Player observer, bool all, JsonTextWriter& w) const {
  std::string text;
  w.begin_array();
  for (int r = 0; r < kSide; ++r) {
    w.begin_array();
    for (int col = 0; col < kSide; ++col) {
      text.clear();
      append_cell_text(cell_at(r, col), observer, all, text);
      w.string(text);
    }
    w.end_array();
  }
  w.end_array();
}

void State::append_cell_text(int c, Player observer, bool all, std::string& text) const {
  if (down_[c]) {
    text += '#';
    if (cell_card_[c] >= 0 && sees_cell(*this, observer, all, c)) text += phys_name(cell_card_[c]);
    if (group_[c] != 0) {
      text += '~';
      text += std::to_string(group_[c]);
    }
  } else if (cell_card_[c] >= 0) {
    text += phys_name(cell_card_[c]);
    if (guard_[c] >= 0) {
      text += '/';
      text += phys_name(guard_[c]);
    }
    if (dropped_[c]) text += '!';
  }
}

// A hash of exactly what view(p) shows (kept in step with view(): hidden facts enter only as
// "unseen"), without building the JSON: its fields gathered, then hashed in one pass.
std::uint64_t State::information_state_key(Player p) const {
  // A location byte (every location is under 200) for a card the view does not name.
  constexpr std::uint8_t kNotNamed = 200;
  static_assert(kLocShuffle < kNotNamed, "the last location");
  if (phase_ == Phase::kOver) return Hasher(0x4a4f4b4552ULL).add(view(p).dump()).value();
  KeyFields k;
  k.add(p).add(static_cast<int>(phase_)).add(current_player());
  for (int v : {int(to_move_), int(actions_left_), int(paid_actions_), int(last_was_reveal_),
                int(boost_used_), int(scavenged_), int(round_), int(first_), int(turns_)}) {
    k.add(v);
  }
  const auto mine = static_cast<unsigned>(1u << p);
  std::array<int, 8> counts{};                    // pool, Scavenger deck, hidden cards of each hand
  std::array<std::uint8_t, kNumPhys> shown_at{};  // where the view names each card
  for (int phys = 0; phys < kNumPhys; ++phys) {
    const int where = loc_[phys];
    int shown = where;
    if (where == kLocPool || where == kLocScavDeck || where == kLocShuffle ||
        (where < kCells && down_[where] && (known_[where] & mine) == 0) ||
        (where >= kLocHand && where < kLocHand + kMaxPlayers && where - kLocHand != p &&
         private_[phys])) {
      shown = kNotNamed;
    }
    if (where == kLocPool) ++counts[0];
    if (where == kLocScavDeck) ++counts[1];
    if (shown == kNotNamed && where >= kLocHand && where < kLocHand + kMaxPlayers)
      ++counts[2 + where - kLocHand];
    shown_at[phys] = static_cast<std::uint8_t>(shown);
  }
  k.add_bytes(shown_at);
  for (int c : counts) k.add(c);
  std::array<std::uint8_t, kCells> face{};  // face down, a dropped Joker
  for (int c = 0; c < kCells; ++c) {
    face[c] =
        static_cast<std::uint8_t>(static_cast<int>(down_[c]) | static_cast<int>(dropped_[c]) << 1);
  }
  k.add_bytes(face).add_bytes(known_).add_bytes(group_);
  for (int q = 0; q < config_.players; ++q) {
    const PlayerState& ps = players_[q];
    k.add(ps.pos).add(ps.suit).add(ps.debt);
    k.add(int(ps.entered) | int(ps.skip) << 1 | int(ps.bolster) << 2 | int(ps.hindered) << 3);
  }
  if (is_fight_phase(phase_)) {
    const Combat& c = combat_;
    for (int v : {int(c.attacker), int(c.target), int(c.defender), int(c.side), int(c.loser),
                  int(c.rerolled), int(c.die[0]), int(c.die[1]), int(c.value_card), int(c.dice),
                  int(c.final_die), int(c.set_aside)}) {
      k.add(v);
    }
    for (int f : c.faces) k.add(f);
    const bool both = c.commit[0] != -2 && c.commit[1] != -2;
    for (int side = 0; side < 2; ++side) {
      const int seat = side == 0 ? c.attacker : c.defender;
      const int card = c.commit[side];
      k.add(card == -2 ? -2 : (both || p == seat) ? card : -3);
    }
  }
  if (phase_ == Phase::kScavKeep || phase_ == Phase::kKeepNpc)
    k.add(p == to_move_ || !private_[held_card_] ? held_card_ : -1);
  if (phase_ == Phase::kPeeking || after_ == After::kPeeked) k.add(peeks_left_);
  if (phase_ == Phase::kShuffleDraw || phase_ == Phase::kShuffleDeal)
    k.add(rs_centre_).add(rs_count_).add(rs_need_).add(rs_next_);
  if (phase_ == Phase::kDeal || phase_ == Phase::kGuardian) {
    k.add(static_cast<int>(after_)).add(after_target_).add(portal_card_);
    std::array<std::uint8_t, kCells> pending{};
    for (int c = 0; c < kCells; ++c) pending[c] = pending_[c];
    k.add_bytes(pending);
  }
  add_last_fight(k);
  return Hasher(0x4a4f4b4553ULL).add_bytes(k.bytes()).value();
}

}  // namespace mw::jokers_labyrinth
