#include "games/jokers_labyrinth/observation.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "core/observation.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace {

// Board planes (each 81 floats). Per seat, after kBoardShared: its Jack, and the cells it has
// seen face down (the view's "peeked").
enum BoardPlane : int {
  kInGrid = 0,  // the 7x7 Dungeon (the ring is outside)
  kStartSpot = 1,
  kFaceDown = 2,
  kCardSeen = 3,   // a face-up card, or a face-down one this seat has seen
  kCardValue = 4,  // value / 14 (numbers by rank, Queen 12, King 13, Joker 14; Ace 0)
  kJoker = 5,
  kAce = 6,
  kNpc = 7,         // Queen or King
  kEquipment = 8,   // red 2-10
  kHazard = 9,      // black 2-10
  kSuitClubs = 10,  // then diamonds, hearts, spades
  kResourceDeck = 14,
  kGuardianValue = 15,  // a Guardian on an Ace: its value / 14
  kDropped = 16,        // a dropped Joker
  kShuffleGroup = 17,   // part of a Reality Shuffle area (the view's "~g")
  kCombatTarget = 18,
  kRevealTarget = 19,
  kRevealPending = 20,
  kShuffleCentre = 21,
  kBoardShared = 22,
};
constexpr int kBoardPerSeat = 2;  // Jack, seen

// Card locations (per physical card), after one "in seat r's hand, shown to me" per seat.
enum CardLocation : int {
  kOnBoard = 0,  // seen on the board (a Guardian included)
  kMainDiscard = 1,
  kScavengerDiscard = 2,
  kGuardianDeck = 3,
  kGuardiansAside = 4,
  kHeld = 5,    // the scavenged card or NPC being kept
  kCombat = 6,  // a value card committed to the current fight, shown to me
  kInPortal = 7,
  kCardShared = 8,
};

enum SeatField : int {
  kJackSuit = 0,  // one-hot, 4
  kPlaced = 4,
  kEntered = 5,
  kDebt = 6,  // / 10, capped
  kSkip = 7,
  kBolstered = 8,
  kHindered = 9,
  kJokersHeld = 10,  // / 2
  kHandSize = 11,    // / 20, capped
  kHidden = 12,      // cards in its hand I may not see / 20
  kToAct = 13,
  kTurnSeat = 14,
  kFirst = 15,
  kWinner = 16,
  kAttacker = 17,
  kDefender = 18,
  kRerolled = 19,
  kCommitPending = 20,
  kCommitHidden = 21,
  kCommitNone = 22,
  kCommitValue = 23,  // / 14
  kLoser = 24,
  kPvpDie = 25,  // / 6
  kSeatFields = 26,
};

enum GlobalField : int {
  kPhase = 0,  // 19 phases, one-hot
  kActionsLeft = 19,
  kPaid = 20,
  kLastWasReveal = 21,
  kBoostUsed = 22,
  kScavenged = 23,
  kRound = 24,  // / roundLimit, or / 100 capped with none
  kTurns = 25,  // / 1200 (the safeguard)
  kScavengerDeck = 26,
  kUnseenDungeon = 27,
  kDice = 28,      // PvE shown dice / 7
  kFaces = 29,     // 6: dice showing each face / 7
  kFinalDie = 35,  // / 6
  kDefenderValue = 36,
  kValueCard = 37,     // PvE attacker's card value / 14
  kPeeksLeft = 38,     // / 4
  kShuffleItems = 39,  // items, draws, next: / 9
  kRevealAfter = 42,   // 5, one-hot (none, revealed, portalled, recon, peeked)
  kGlobalFields = 47,
};

constexpr int kNumPhases = 19;

// A view field that may be absent or null counts 0.
float capped(const Json& x, float scale) {
  return x.is_number() ? unit_fraction(x.get<float>(), scale) : 0.0F;
}

class Writer {
 public:
  Writer(std::vector<float>& out, const ObservationLayout& layout, int players, int me)
      : out_(out), layout_(layout), n_(players), me_(me) {
    out_.assign(static_cast<std::size_t>(layout.size(players)), 0.0F);
  }
  int rel(int seat) const { return (seat - me_ + n_) % n_; }
  bool is_seat(const Json& j) const {
    return j.is_number_integer() && j.get<int>() >= 0 && j.get<int>() < n_;
  }
  void board(int plane, int cell, float v = 1.0F) {
    if (cell >= 0 && cell < kCells) at(plane * kCells + cell) = v;
  }
  void seat_board(int seat, int which, int cell) {
    board(kBoardShared + rel(seat) * kBoardPerSeat + which, cell);
  }
  void card(int phys, int location) {
    if (phys >= 0) at(layout_.cards_offset() + phys * layout_.card_locations + location) = 1.0F;
  }
  void hand_card(int seat, int phys) { card(phys, kCardShared + rel(seat)); }
  void seat(int s, int field, float v = 1.0F) {
    at(layout_.seats_offset() + rel(s) * layout_.seat_fields + field) = v;
  }
  void global(int field, float v = 1.0F) { at(layout_.globals_offset(n_) + field) = v; }

 private:
  float& at(int i) { return out_[static_cast<std::size_t>(i)]; }
  std::vector<float>& out_;
  const ObservationLayout& layout_;
  int n_;
  int me_;
};

int cell_of(const Json& name) {
  return name.is_string() ? parse_cell(name.get<std::string>()) : -1;
}
int card_named(std::string_view name) {
  return name.empty() ? -1 : parse_phys(name);
}

void card_features(Writer& w, int cell, int phys) {
  w.board(kCardSeen, cell);
  w.board(kCardValue, cell, static_cast<float>(value_of(phys)) / 14.0F);
  if (is_joker(phys)) {
    w.board(kJoker, cell);
  } else {
    w.board(kSuitClubs + suit_of(phys), cell);
  }
  if (is_ace(phys)) w.board(kAce, cell);
  if (is_npc(phys)) w.board(kNpc, cell);
  if (is_equipment(phys)) w.board(kEquipment, cell);
  if (is_hazard_card(phys)) w.board(kHazard, cell);
  if (deck_of(phys) == 1) w.board(kResourceDeck, cell);
  w.card(phys, kOnBoard);
}

// One board cell's text: "" | NAME[/GUARD][!] face up | #[NAME][~g] face down.
void encode_cell(Writer& w, int cell, std::string text) {
  if (text.empty()) return;
  if (text[0] == '#') {
    w.board(kFaceDown, cell);
    text.erase(0, 1);
    if (const auto tilde = text.find('~'); tilde != std::string::npos) {
      w.board(kShuffleGroup, cell);
      text.erase(tilde);
    }
    if (const int phys = card_named(text); phys >= 0) card_features(w, cell, phys);
    return;
  }
  if (text.back() == '!') {
    w.board(kDropped, cell);
    text.pop_back();
  }
  if (const auto slash = text.find('/'); slash != std::string::npos) {
    const int guard = card_named(text.substr(slash + 1));
    if (guard >= 0) {
      w.board(kGuardianValue, cell, static_cast<float>(value_of(guard)) / 14.0F);
      w.card(guard, kOnBoard);
    }
    text.erase(slash);
  }
  if (const int phys = card_named(text); phys >= 0) card_features(w, cell, phys);
}

void encode_board(Writer& w, const Json& view, int n) {
  for (int r = 0; r < kSide; ++r) {
    for (int c = 0; c < kSide; ++c) {
      const int cell = cell_at(r, c);
      if (in_grid(cell)) w.board(kInGrid, cell);
      encode_cell(w, cell, view["board"][r][c].get<std::string>());
    }
  }
  for (const int spot : kStartSpots) w.board(kStartSpot, spot);
  for (const Json& peek : view["peeked"]) {
    const int cell = cell_of(peek[0]);
    const int known = peek[1].get<int>();
    for (int p = 0; p < n; ++p) {
      if (((known >> p) & 1) != 0) w.seat_board(p, 1, cell);
    }
  }
}

void encode_piles(Writer& w, const Json& view) {
  const auto pile = [&](const char* key, int location) {
    for (const Json& c : view.value(key, Json::array())) {
      w.card(card_named(c.get<std::string>()), location);
    }
  };
  pile("main_discard", kMainDiscard);
  pile("scavenger_discard", kScavengerDiscard);
  pile("guardian_deck", kGuardianDeck);
  pile("guardians_aside", kGuardiansAside);
  if (view.contains("held")) w.card(card_named(view["held"].get<std::string>()), kHeld);
}

int suit_index(const std::string& symbol) {
  for (int s = 0; s < kNumSuits; ++s) {
    if (suit_symbol(static_cast<Suit>(s)) == symbol) return s;
  }
  return -1;
}

void encode_seats(Writer& w, const Json& view, int n) {
  const Json& turn = view["turn"];
  for (int p = 0; p < n; ++p) {
    const Json& ps = view["players"][p];
    if (const int s = suit_index(ps["jack"].get<std::string>()); s >= 0) w.seat(p, kJackSuit + s);
    if (const int cell = cell_of(ps["cell"]); cell >= 0) {
      w.seat(p, kPlaced);
      w.seat_board(p, 0, cell);
    }
    if (ps["entered"].get<bool>()) w.seat(p, kEntered);
    w.seat(p, kDebt, capped(ps["debt"], 10.0F));
    if (ps["skip"].get<bool>()) w.seat(p, kSkip);
    if (ps["bolster"].get<bool>()) w.seat(p, kBolstered);
    if (ps["hindered"].get<bool>()) w.seat(p, kHindered);
    w.seat(p, kJokersHeld, capped(ps["jokers"], 2.0F));
    w.seat(p, kHandSize, capped(ps["hand_size"], 20.0F));
    w.seat(p, kHidden, capped(ps["hidden"], 20.0F));
    for (const Json& c : ps["hand"]) w.hand_card(p, card_named(c.get<std::string>()));
    if (view["to_act"] == p) w.seat(p, kToAct);
    if (turn["seat"] == p) w.seat(p, kTurnSeat);
    if (turn["first"] == p) w.seat(p, kFirst);
    if (view.contains("winner") && view["winner"] == p) w.seat(p, kWinner);
  }
}

// PvP: each side's commitment ("committed" = hidden from me) and die.
void encode_pvp(Writer& w, const Json& c) {
  w.seat(c["defender"].get<int>(), kDefender);
  for (int side = 0; side < 2; ++side) {
    const int seat = side == 0 ? c["attacker"].get<int>() : c["defender"].get<int>();
    const Json& commit = c["commit"][side];
    if (commit.is_null()) {
      w.seat(seat, kCommitPending);
    } else if (commit == "committed") {
      w.seat(seat, kCommitHidden);
    } else if (commit == "none") {
      w.seat(seat, kCommitNone);
    } else if (const int phys = card_named(commit.get<std::string>()); phys >= 0) {
      w.seat(seat, kCommitValue, static_cast<float>(value_of(phys)) / 14.0F);
      w.card(phys, kCombat);
    }
    w.seat(seat, kPvpDie, capped(c["dice"][side], 6.0F));
  }
  if (w.is_seat(c["loser"])) w.seat(c["loser"].get<int>(), kLoser);
}

void encode_combat(Writer& w, const Json& view, int n) {
  if (!view.contains("combat")) return;
  const Json& c = view["combat"];
  if (w.is_seat(c["attacker"])) w.seat(c["attacker"].get<int>(), kAttacker);
  w.board(kCombatTarget, cell_of(c["target"]));
  const int rerolled = c["rerolled"].get<int>();
  for (int p = 0; p < n; ++p) {
    if (((rerolled >> p) & 1) != 0) w.seat(p, kRerolled);
  }
  if (c.contains("defender")) {
    encode_pvp(w, c);
    return;
  }
  if (const int phys = card_named(c["value_card"].get<std::string>()); phys >= 0) {
    w.global(kValueCard, static_cast<float>(value_of(phys)) / 14.0F);
    w.card(phys, kCombat);
  }
  w.global(kDefenderValue, capped(c["defender_value"], 14.0F));
  w.global(kDice, capped(c["dice"], 7.0F));
  for (int f = 0; f < 6; ++f) w.global(kFaces + f, capped(c["faces"][f], 7.0F));
  w.global(kFinalDie, capped(c["final_die"], 6.0F));
}

void encode_globals(Writer& w, const Json& view, const Options& options) {
  const std::string phase = view["phase"].get<std::string>();
  for (int i = 0; i < kNumPhases; ++i) {
    if (phase == kPhaseNames[static_cast<std::size_t>(i)]) w.global(kPhase + i);
  }
  const Json& turn = view["turn"];
  w.global(kActionsLeft, capped(turn["actions_left"], 3.0F));
  w.global(kPaid, capped(turn["paid"], 3.0F));
  if (turn["last_was_reveal"].get<bool>()) w.global(kLastWasReveal);
  if (turn["boost_used"].get<bool>()) w.global(kBoostUsed);
  if (turn["scavenged"].get<bool>()) w.global(kScavenged);
  const auto limit = static_cast<float>(options.get_int("roundLimit"));
  w.global(kRound, capped(turn["round"], limit > 0 ? limit : 100.0F));
  w.global(kTurns, capped(turn["turns"], static_cast<float>(kSafetyTurns)));
  w.global(kScavengerDeck, capped(view["scavenger_deck"], 54.0F));
  w.global(kUnseenDungeon, capped(view["unseen_dungeon"], 49.0F));
  w.global(kPeeksLeft, capped(view.value("peeks_left", Json(0)), 4.0F));
  if (view.contains("shuffle")) {
    const Json& s = view["shuffle"];
    w.board(kShuffleCentre, cell_of(s["centre"]));
    w.global(kShuffleItems, capped(s["items"], 9.0F));
    w.global(kShuffleItems + 1, capped(s["draws"], 9.0F));
    w.global(kShuffleItems + 2, capped(s["next"], 9.0F));
  }
  if (view.contains("revealing")) {
    const Json& r = view["revealing"];
    const int after = r["after"].get<int>();
    if (after >= 0 && after < 5) w.global(kRevealAfter + after);
    w.board(kRevealTarget, cell_of(r["target"]));
    for (const Json& c : r["pending"]) w.board(kRevealPending, c.get<int>());
    w.card(card_named(r["portal_card"].get<std::string>()), kInPortal);
  }
}

}  // namespace

ObservationLayout observation_layout(int players) {
  ObservationLayout l;
  l.board_planes = kBoardShared + kBoardPerSeat * players;
  l.card_locations = kCardShared + players;
  l.seat_fields = kSeatFields;
  l.global_fields = kGlobalFields;
  return l;
}

std::vector<int> observation_shape(const Options& options) {
  const int n = static_cast<int>(options.get_int("players"));
  return {observation_layout(n).size(n)};
}

void encode_observation(const Json& view, const Options& options, std::vector<float>& out) {
  const int n = static_cast<int>(options.get_int("players"));
  const ObservationLayout layout = observation_layout(n);
  Writer w(out, layout, n, view["observer"].get<int>());
  encode_board(w, view, n);
  encode_piles(w, view);
  encode_seats(w, view, n);
  encode_combat(w, view, n);
  encode_globals(w, view, options);
}

}  // namespace mw::jokers_labyrinth
