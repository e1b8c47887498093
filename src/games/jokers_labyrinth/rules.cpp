// The rules of The Joker's Labyrinth (G5.3): the options, setup and the queries the rules share.
#include <algorithm>
#include <cstdlib>

#include "core/bits.h"
#include "core/error.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace {

constexpr int kJokerPhys = 52;  // the red Joker of the main deck starts face up in the centre

// The Scavenger deck (G5.1): black and red 2-6, 7-10 of hearts, Q and K of hearts.
bool is_scavenger_card(int phys) {
  if (deck_of(phys) != 1 || is_joker(phys)) return false;
  const int r = rank_of(phys);
  if (r >= 2 && r <= 6) return true;
  const Suit s = card_of(phys).suit();
  return s == Suit::kHearts && ((r >= 7 && r <= 10) || r == 12 || r == 13);
}

}  // namespace

Config Config::from_options(const Options& options) {
  Config c;
  c.players = static_cast<std::int8_t>(options.get_int("players"));
  c.starting_gear = options.get_bool("startingGear");
  const std::string pickup = options.get_string("jokerPickupWithoutFight");
  c.joker_pickup = pickup == "always"  ? JokerPickup::kAlways
                   : pickup == "never" ? JokerPickup::kNever
                                       : JokerPickup::kDroppedOnly;
  c.ace_costs_action = options.get_bool("aceUseCostsAction");
  c.queen_loss_discards_jokers = options.get_bool("queenLossDiscardsJokers");
  c.scavenged_npc_friendly = options.get_bool("scavengedNpcFriendlyToAll");
  c.relocation = options.get_string("pvpRelocation") == "cornerCellIfEmpty"
                     ? PvpRelocation::kCornerCellIfEmpty
                     : PvpRelocation::kStartSpot;
  c.round_limit = static_cast<std::int16_t>(options.get_int("roundLimit"));
  return c;
}

std::vector<OptionSpec> option_specs() {
  return {
      OptionSpec::integer("players", 2, 2, 4, "number of players (Jacks), 2-4"),  // G5.2
      OptionSpec::boolean("startingGear", false,
                          "deal 7-10 of diamonds to players 1-4 (an optional rule)"),  // A-G5-54
      OptionSpec::choice(
          "jokerPickupWithoutFight", "droppedOnly", {"droppedOnly", "always", "never"},
          "which board Jokers are taken by moving onto them without a fight"),         // A-G5-9
      OptionSpec::boolean("aceUseCostsAction", true, "using an Ace costs an action"),  // A-G5-14
      OptionSpec::boolean("queenLossDiscardsJokers", false,
                          "losing to a hostile Queen discards held Jokers too"),  // A-G5-16
      OptionSpec::boolean("scavengedNpcFriendlyToAll", true,
                          "a scavenged Q/K of hearts is friendly to whoever draws it"),  // A-G5-19
      OptionSpec::choice("pvpRelocation", "startSpot", {"startSpot", "cornerCellIfEmpty"},
                         "where the winner of a fight between Jacks puts the loser"),  // A-G5-24
      OptionSpec::integer("roundLimit", 0, 0, 10000,
                          "end the game as a draw after this many rounds; 0 = off"),  // A-G5-57
  };
}

// ---- Construction -------------------------------------------------------------------------------

State State::initial(const Options& options) {
  State s(Config::from_options(options));
  s.cell_card_.fill(-1);
  s.guard_.fill(-1);
  s.aside_.fill(-1);
  for (int phys = 0; phys < kNumPhys; ++phys) {
    std::uint8_t where = kLocUnused;
    if (deck_of(phys) == 0) {
      // G5.1: Jacks are tokens, 2C starts the Main discard, the other 48 make the Dungeon.
      if (rank_of(phys) == 11 && !is_joker(phys)) {
        where = kLocUnused;
      } else if (phys == phys_of(0, Card::of(Suit::kClubs, 2))) {
        where = kLocMainDiscard;
      } else if (phys != kJokerPhys) {
        where = kLocPool;
      }
    } else if (is_guardian_card(phys)) {
      where = kLocGuardDeck;
    } else if (is_scavenger_card(phys)) {
      where = kLocScavDeck;
    }
    s.loc_[phys] = where;
  }
  s.index_piles();
  s.put(kJokerPhys, kCenter);
  for (int i = 0; i < 49; ++i) {
    if (grid_cell(i) != kCenter) s.down_.set(static_cast<std::size_t>(grid_cell(i)));
  }
  return s;
}

void State::index_piles() {
  piles_ = {};
  for (int phys = 0; phys < kNumPhys; ++phys) {
    if (loc_[phys] >= kCells) piles_[loc_[phys] - kCells].add(phys);
  }
}

int CardSet::nth(int k) const {
  return nth_set_bit(words_[0], words_[1], k);
}

void State::put(int phys, std::uint8_t where) {
  const int from = loc_[phys];
  if (from < kCells) {
    if (cell_card_[from] == phys) cell_card_[from] = -1;
    if (guard_[from] == phys) guard_[from] = -1;
  } else {
    piles_[from - kCells].remove(phys);
  }
  loc_[phys] = where;
  if (where >= kCells) piles_[where - kCells].add(phys);
  // Knowing that a card is in a shuffle group ends when it leaves the board and the shuffle.
  if (phys < 54 && where >= kCells && where != kLocShuffle) gknown_[phys] = 0;
  if (where < kCells) {
    if (is_guardian_card(phys)) {
      guard_[where] = static_cast<std::int8_t>(phys);
    } else {
      cell_card_[where] = static_cast<std::int8_t>(phys);
    }
  }
  if (where < kLocHand || where >= kLocHand + kMaxPlayers) private_.reset(phys);
}

void State::set_turn(int seat, int actions) {
  to_move_ = static_cast<std::int8_t>(seat);
  actions_left_ = static_cast<std::int8_t>(actions);
  paid_actions_ = static_cast<std::int8_t>(2 - std::min(actions, 2));
  phase_ = Phase::kMain;
}

// ---- Queries ------------------------------------------------------------------------------------

Player State::current_player() const {
  if (is_chance_phase(phase_)) return kChancePlayer;
  return phase_ == Phase::kOver ? kTerminalPlayer : actor();
}

Player State::actor() const {
  if (phase_ == Phase::kPvpPrep || (phase_ == Phase::kRerolling && combat_.defender >= 0)) {
    return combat_.side == 0 ? combat_.attacker : combat_.defender;
  }
  if (phase_ == Phase::kRelocating) {
    return combat_.loser == combat_.attacker ? combat_.defender : combat_.attacker;
  }
  return to_move_;
}

int State::jokers_held(int p) const {
  return (hand(p) & kJokers).count();
}

int State::jack_at(int cell) const {
  for (int p = 0; p < config_.players; ++p) {
    if (players_[p].pos == cell) return p;
  }
  return -1;
}

std::bitset<kCells> State::jack_cells() const {
  std::bitset<kCells> jacks;
  for (int p = 0; p < config_.players; ++p) {
    if (players_[p].pos >= 0) jacks.set(static_cast<std::size_t>(players_[p].pos));
  }
  return jacks;
}

int State::dice_count(int p, int attack, int defend) const {
  const PlayerState& ps = players_[p];
  int n = base_dice(std::abs(attack - defend));
  n -= jokers_held(p) > 0 ? 1 : 0;  // Joker's Possession
  n -= ps.bolster ? 1 : 0;
  n += ps.hindered ? 1 : 0;
  n += ps.debt / 2;
  return std::max(1, n);  // A-G5-17: min 1 on the final count
}

int State::pvp_bonus(int p) const {
  const PlayerState& ps = players_[p];
  return (jokers_held(p) > 0 ? 1 : 0) + (ps.bolster ? 1 : 0) - (ps.hindered ? 1 : 0) - ps.debt / 2;
}

// A-G5-31: a board Queen/King is friendly to the Jack of its suit.
bool State::friendly_npc_for(int p, int phys) const {
  const CardTraits& t = kCardTraits[phys];
  return t.npc && t.main_deck && t.suit == players_[p].suit;
}

// Equipment or a Friendly NPC in p's hand; every Queen/King in a hand is friendly to its holder
// (own suit, won and kept A-G5-52, or scavenged A-G5-19).
bool State::value_card_ok(int p, int phys) const {
  return loc_[phys] == kLocHand + p && kValueCards.has(phys);
}

bool State::keepable_by(int p, int phys) const {
  if (is_equipment(phys)) return true;
  if (!is_npc(phys)) return false;
  return config_.scavenged_npc_friendly || suit_of(phys) == players_[p].suit;
}

bool State::joker_needs_fight(int cell) const {
  if (dropped_[cell]) return config_.joker_pickup == JokerPickup::kNever;
  return config_.joker_pickup != JokerPickup::kAlways;
}

int State::board_fight_value(int cell) const {
  if (guard_[cell] >= 0) return value_of(guard_[cell]);
  return cell_card_[cell] >= 0 ? value_of(cell_card_[cell]) : 0;
}

State::Enter State::enter_kind(int p, int cell) const {
  return enter_kind(p, cell, cell < 0 ? -1 : jack_at(cell));
}

State::Enter State::enter_kind(int p, int cell, int jack) const {
  if (cell < 0 || jack >= 0) return Enter::kNo;
  const int card = cell_card_[cell];
  if (!kCellLinks[cell].grid) {
    if (players_[p].entered) return Enter::kNo;  // once inside, never outside again [T]
    if (card < 0) return Enter::kStep;
    return joker_needs_fight(cell) ? Enter::kMustFight : Enter::kPickUp;  // A-G5-55
  }
  if (down_[cell]) return Enter::kNo;
  if (card < 0) return Enter::kStep;
  const CardTraits& t = kCardTraits[card];
  if (t.joker) return joker_needs_fight(cell) ? Enter::kMustFight : Enter::kPickUp;
  if (guard_[cell] >= 0) return t.suit == players_[p].suit ? Enter::kOwnAce : Enter::kNo;
  if (t.ace) return Enter::kOwnAce;
  if (t.equipment || friendly_npc_for(p, card)) return Enter::kPickUp;
  return Enter::kNo;  // Hazards and Hostile NPCs block
}

bool State::fight_target(int p, int cell) const {
  return fight_target(p, cell, cell < 0 ? -1 : jack_at(cell));
}

bool State::fight_target(int p, int cell, int jack) const {
  if (cell < 0) return false;
  if (jack >= 0) return jack != p;
  const int card = cell_card_[cell];
  if (card < 0 || down_[cell]) return false;
  if (!kCellLinks[cell].grid && players_[p].entered) return false;
  const CardTraits& t = kCardTraits[card];
  if (t.joker) return joker_needs_fight(cell);
  // A-G5-62: the Guardian of an own-suit Ace goes back without a fight (a Move takes the Ace).
  if (guard_[cell] >= 0) return t.suit != players_[p].suit;
  if (t.hazard) return true;
  return t.npc && !friendly_npc_for(p, card);  // a Hostile NPC
}

bool State::can_scavenge() const {
  const PlayerState& ps = players_[to_move_];
  if (scavenged_ || paid_actions_ < 1 || ps.pos < 0 || !kCellLinks[ps.pos].grid) {
    return false;  // A-G5-12, A-G5-20
  }
  if (cell_card_[ps.pos] >= 0 || down_[ps.pos]) return false;
  return !cards_at(kLocScavDeck).empty() || !cards_at(kLocScavDiscard).empty();
}

bool State::recon_reveals(int p) const {
  const int pos = players_[p].pos;
  if (pos < 0) return false;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      const int r = row_of(pos) + dr, c = col_of(pos) + dc;
      if (r < 1 || r > 7 || c < 1 || c > 7) continue;  // clipped to the grid (A-G5-56)
      if (down_[cell_at(r, c)]) return true;
    }
  }
  return false;
}

bool State::advanced_recon_finds(int p) const {
  for (int i = 0; i < 49; ++i) {
    const int cell = grid_cell(i);
    if (down_[cell] && (known_[cell] & (1u << p)) == 0) return true;
  }
  return false;
}

// An area with no card, no Jack and no unseen cell: the shuffle would only discard the Ace.
bool State::shuffle_has_target(int centre) const {
  return shuffle_has_target(centre, jack_cells());
}

bool State::shuffle_has_target(int centre, const std::bitset<kCells>& jacks) const {
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      const int c = cell_at(row_of(centre) + dr, col_of(centre) + dc);
      if (down_[c] || cell_card_[c] >= 0 || jacks[static_cast<std::size_t>(c)]) return true;
    }
  }
  return false;
}

int State::free_spot_ok(int spot) const {
  const int cell = kStartSpots[spot];
  return jack_at(cell) < 0 && cell_card_[cell] < 0;
}

}  // namespace mw::jokers_labyrinth
