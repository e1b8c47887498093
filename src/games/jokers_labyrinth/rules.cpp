// The rules of The Joker's Labyrinth (G5.3): setup, the turn, fights, PvP, Aces, chance nodes.
#include <algorithm>
#include <cstdlib>

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
      OptionSpec::integer("players", 2, 2, 4, "number of players (Jacks), 2-4 (G5.2)"),
      OptionSpec::boolean("startingGear", false,
                          "deal 7-10 of diamonds to players 1-4 (optional rule, A-G5-54)"),
      OptionSpec::choice("jokerPickupWithoutFight", "droppedOnly",
                         {"droppedOnly", "always", "never"},
                         "which board Jokers are taken by moving onto them without a fight "
                         "(A-G5-9)"),
      OptionSpec::boolean("aceUseCostsAction", true, "using an Ace costs an action (A-G5-14)"),
      OptionSpec::boolean("queenLossDiscardsJokers", false,
                          "losing to a hostile Queen discards held Jokers too (A-G5-16)"),
      OptionSpec::boolean("scavengedNpcFriendlyToAll", true,
                          "a scavenged Q/K of hearts is friendly to whoever draws it (A-G5-19)"),
      OptionSpec::choice("pvpRelocation", "startSpot", {"startSpot", "cornerCellIfEmpty"},
                         "where a PvP winner puts the loser (A-G5-24)"),
      OptionSpec::integer("roundLimit", 0, 0, 10000,
                          "end the game as a draw after this many rounds; 0 = off (A-G5-57)"),
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
  s.put(kJokerPhys, kCenter);
  for (int i = 0; i < 49; ++i) {
    if (grid_cell(i) != kCenter) s.down_.set(static_cast<std::size_t>(grid_cell(i)));
  }
  return s;
}

void State::put(int phys, std::uint8_t where) {
  const int from = loc_[phys];
  if (from < kCells) {
    if (cell_card_[from] == phys) cell_card_[from] = -1;
    if (guard_[from] == phys) guard_[from] = -1;
  }
  loc_[phys] = where;
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
  switch (phase_) {
    case Phase::kFirstRoll:
    case Phase::kDeal:
    case Phase::kGuardian:
    case Phase::kDice:
    case Phase::kScavDraw:
    case Phase::kShuffleDraw:
    case Phase::kShuffleDeal:
      return kChancePlayer;
    case Phase::kOver:
      return kTerminalPlayer;
    default:
      return actor();
  }
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
  int n = 0;
  for (int phys : {52, 53, 106, 107}) n += loc_[phys] == kLocHand + p ? 1 : 0;
  return n;
}

int State::jack_at(int cell) const {
  for (int p = 0; p < config_.players; ++p) {
    if (players_[p].pos == cell) return p;
  }
  return -1;
}

std::vector<int> State::hand(int p) const {
  std::vector<int> out;
  for (int phys = 0; phys < kNumPhys; ++phys) {
    if (loc_[phys] == kLocHand + p) out.push_back(phys);
  }
  return out;
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
  return is_npc(phys) && deck_of(phys) == 0 && suit_of(phys) == players_[p].suit;
}

// Equipment or a Friendly NPC in p's hand; every Queen/King in a hand is friendly to its holder
// (own suit, won and kept A-G5-52, or scavenged A-G5-19).
bool State::value_card_ok(int p, int phys) const {
  return loc_[phys] == kLocHand + p && (is_equipment(phys) || is_npc(phys));
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
  if (cell < 0 || jack_at(cell) >= 0) return Enter::kNo;
  const int card = cell_card_[cell];
  if (!in_grid(cell)) {
    if (players_[p].entered) return Enter::kNo;  // once inside, never outside again [T]
    if (card < 0) return Enter::kStep;
    return joker_needs_fight(cell) ? Enter::kMustFight : Enter::kPickUp;  // A-G5-55
  }
  if (down_[cell]) return Enter::kNo;
  if (card < 0) return Enter::kStep;
  if (is_joker(card)) return joker_needs_fight(cell) ? Enter::kMustFight : Enter::kPickUp;
  if (guard_[cell] >= 0) return suit_of(card) == players_[p].suit ? Enter::kOwnAce : Enter::kNo;
  if (is_ace(card)) return Enter::kOwnAce;
  if (is_equipment(card) || friendly_npc_for(p, card)) return Enter::kPickUp;
  return Enter::kNo;  // Hazards and Hostile NPCs block
}

bool State::fight_target(int p, int cell) const {
  if (cell < 0) return false;
  const int q = jack_at(cell);
  if (q >= 0) return q != p;
  const int card = cell_card_[cell];
  if (card < 0 || down_[cell]) return false;
  if (!in_grid(cell) && players_[p].entered) return false;
  if (is_joker(card)) return joker_needs_fight(cell);
  if (guard_[cell] >= 0) return true;
  if (is_hazard_card(card)) return true;
  return is_npc(card) && !friendly_npc_for(p, card);
}

bool State::can_scavenge() const {
  const PlayerState& ps = players_[to_move_];
  if (scavenged_ || paid_actions_ < 1 || !in_grid(ps.pos)) return false;  // A-G5-12, A-G5-20
  if (cell_card_[ps.pos] >= 0 || down_[ps.pos]) return false;
  for (int phys = 0; phys < kNumPhys; ++phys) {
    if (loc_[phys] == kLocScavDeck || loc_[phys] == kLocScavDiscard) return true;
  }
  return false;
}

int State::free_spot_ok(int spot) const {
  const int cell = kStartSpots[spot];
  return jack_at(cell) < 0 && cell_card_[cell] < 0;
}

// ---- Legal actions ------------------------------------------------------------------------------

void State::legal_pairs(ActionList& out, int p) const {
  std::array<int, kNumPhys> cards{};
  int n = 0;
  for (int phys = 0; phys < kNumPhys; ++phys) {
    if (value_card_ok(p, phys)) cards[n++] = phys;
  }
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) out.push_back(kPay + cards[i] * kNumPhys + cards[j]);
  }
}

void State::legal_prep(ActionList& out, int p, bool pvp) const {
  if (players_[p].debt >= 2) legal_pairs(out, p);
  for (int phys = 0; phys < kNumPhys; ++phys) {
    if (loc_[phys] != kLocHand + p) continue;
    if (pvp && combat_.side == 1 && combat_.commit[0] == phys) continue;
    if (is_queen(phys)) {
      out.push_back(kBolster + phys);
      for (int t = 0; t < config_.players; ++t) out.push_back(kHinder + phys * 4 + t);
    }
    if (value_card_ok(p, phys)) out.push_back(kValueCard + phys);
  }
  out.push_back(kNoCard);
}

void State::legal_reroll(ActionList& out) const {
  out.push_back(kReroll);  // keep the dice
  const int p = actor();
  bool king = false;
  for (int phys = 0; phys < kNumPhys; ++phys) king |= is_king(phys) && loc_[phys] == kLocHand + p;
  if (!king) return;
  if (combat_.defender >= 0) {
    out.push_back(kReroll + 1);
    return;
  }
  // A-G5-18: any set of the own dice. Dice showing the same face are rerolled together: rerolling
  // only some of equal dice can never remove that face, so it is never better (rules page).
  int present = 0;
  for (int f = 0; f < 6; ++f) present |= combat_.faces[f] > 0 ? 1 << f : 0;
  present |= 1 << 6;
  for (int m = 1; m < 128; ++m) {
    if ((m & ~present) == 0) out.push_back(kReroll + m);
  }
}

void State::legal_relocate(ActionList& out) const {
  if (config_.relocation == PvpRelocation::kCornerCellIfEmpty) {
    for (int i = 0; i < 4; ++i) {
      const int c = kCorners[i];
      if (jack_at(c) < 0 && cell_card_[c] < 0 && !down_[c]) out.push_back(kCorner + i);
    }
    if (!out.empty()) return;
  }
  for (int i = 0; i < kNumStartSpots; ++i) {
    const int cell = kStartSpots[i];
    if ((jack_at(cell) < 0 || jack_at(cell) == combat_.loser) && cell_card_[cell] < 0) {
      out.push_back(kSpot + i);
    }
  }
}

void State::legal_main(ActionList& out) const {
  const int p = to_move_;
  const PlayerState& ps = players_[p];
  out.push_back(kEndTurn);
  const bool paid = actions_left_ > 0;
  std::array<bool, 4> can_enter{};  // where a Move or a Boost may go
  for (int d = 0; d < 4; ++d) can_enter[d] = enter_kind(p, neighbour(ps.pos, d)) != Enter::kNo;
  for (int d = 0; d < 4; ++d) {
    const int nb = neighbour(ps.pos, d);
    if (!paid || nb < 0) continue;
    if (in_grid(nb) && down_[nb]) out.push_back(kReveal + d);
    if (can_enter[d]) out.push_back(kMove + d);
    if (fight_target(p, nb)) out.push_back(kFight + d);
  }
  if (paid && can_scavenge()) out.push_back(kScavenge);
  const bool ace_ok = paid || !config_.ace_costs_action;
  // What an Ace may do does not depend on which Ace: work it out once, at the first Ace.
  bool aces_known = false, any_down = false;
  std::array<std::int16_t, 196> shifts{};  // grid cell * 4 + dir of each legal Hazard Shift
  int num_shifts = 0;
  auto list_ace_uses = [&] {
    aces_known = true;
    std::bitset<kCells> jacks;
    for (int q = 0; q < config_.players; ++q) {
      if (players_[q].pos >= 0) jacks.set(static_cast<std::size_t>(players_[q].pos));
    }
    for (int i = 0; i < 49; ++i) {
      const int cell = grid_cell(i);
      any_down |= down_[cell];
      const int card = cell_card_[cell];
      if (down_[cell] || card < 0 || !is_hazard_card(card) || guard_[cell] >= 0) continue;
      for (int d = 0; d < 4; ++d) {
        const int to = neighbour(cell, d);
        if (to < 0 || !in_grid(to) || down_[to] || jacks[static_cast<std::size_t>(to)]) continue;
        shifts[static_cast<std::size_t>(num_shifts++)] = static_cast<std::int16_t>(i * 4 + d);
      }
    }
  };
  for (int phys = 0; phys < kNumPhys; ++phys) {
    if (loc_[phys] != kLocHand + p) continue;
    if (is_ace(phys) && ace_ok) {
      if (!aces_known) list_ace_uses();
      const int s = suit_of(phys);
      out.push_back(kAceRecon + s);
      if (any_down) out.push_back(kAceAdvRecon + s);
      for (int c = 0; c < 25; ++c) out.push_back(kAceShuffle + s * 25 + c);
      for (int k = 0; k < num_shifts; ++k) out.push_back(kAceShift + s * 196 + shifts[k]);
    }
    if (is_king(phys)) out.push_back(kKingGain + phys);
    if (!boost_used_ && !is_joker(phys)) {
      for (int d = 0; d < 4; ++d) {
        if (can_enter[d]) out.push_back(kBoost + phys * 4 + d);
      }
    }
    if (paid && last_was_reveal_ && value_card_ok(p, phys)) {
      for (int d = 0; d < 4; ++d) {
        const int nb = neighbour(ps.pos, d);
        if (nb >= 0 && in_grid(nb) && down_[nb]) out.push_back(kPortal + phys * 4 + d);
      }
    }
    if (paid && is_queen(phys)) {
      for (int a = 0; a < config_.players; ++a) {
        for (int b = a + 1; b < config_.players; ++b)
          out.push_back(kRelocate + phys * 16 + a * 4 + b);
      }
    }
  }
  if (ps.debt >= 2) legal_pairs(out, p);
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kOver:
      return;
    case Phase::kFirstRoll:
    case Phase::kDeal:
    case Phase::kGuardian:
    case Phase::kDice:
    case Phase::kScavDraw:
    case Phase::kShuffleDraw:
    case Phase::kShuffleDeal:
      for (const ChanceOutcome& o : chance_outcomes()) out.push_back(o.action);
      break;
    case Phase::kChooseSuit:
      for (int s = 0; s < 4; ++s) {
        bool taken = false;
        for (int p = 0; p < config_.players; ++p) taken |= players_[p].suit == s;
        if (!taken) out.push_back(kSuit + s);
      }
      break;
    case Phase::kPlace:
      for (int i = 0; i < kNumStartSpots; ++i) {
        if (jack_at(kStartSpots[i]) < 0) out.push_back(kSpot + i);
      }
      break;
    case Phase::kMain:
      legal_main(out);
      break;
    case Phase::kCombatPrep:
      legal_prep(out, to_move_, false);
      break;
    case Phase::kPvpPrep:
      legal_prep(out, actor(), true);
      break;
    case Phase::kRerolling:
      legal_reroll(out);
      break;
    case Phase::kKeepNpc:
    case Phase::kScavKeep:
      out.assign({kKeep, kDiscard});
      break;
    case Phase::kJokerLoss:
      legal_pairs(out, to_move_);
      out.push_back(kTakeDebt);
      break;
    case Phase::kRelocating:
      legal_relocate(out);
      break;
    case Phase::kPeeking:
      out.push_back(kDone);
      for (int i = 0; i < 49; ++i) {
        const int cell = grid_cell(i);
        if (down_[cell] && (known_[cell] & (1u << to_move_)) == 0) out.push_back(kPeek + i);
      }
      break;
  }
  std::sort(out.begin(), out.end());
}

std::vector<ChanceOutcome> State::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  auto from_loc = [&](std::uint8_t where) {
    for (int phys = 0; phys < kNumPhys; ++phys) {
      if (loc_[phys] == where) out.push_back({kChanceCard + phys, 0.0});
    }
    for (auto& o : out) o.probability = 1.0 / static_cast<double>(out.size());
  };
  switch (phase_) {
    case Phase::kFirstRoll:
      // A-G5-6: each rolls a d6, ties reroll: every seat is first with probability 1/n.
      for (int p = 0; p < config_.players; ++p) {
        out.push_back({kChanceFirst + p, 1.0 / config_.players});
      }
      break;
    case Phase::kDeal:
      from_loc(kLocPool);
      break;
    case Phase::kGuardian:
      from_loc(kLocGuardDeck);
      break;
    case Phase::kScavDraw:
      from_loc(kLocScavDeck);
      break;
    case Phase::kShuffleDraw:
      from_loc(kLocMainDiscard);
      break;
    case Phase::kDice:
      for (int f = 0; f < 6; ++f) out.push_back({kChanceDie + f, 1.0 / 6});
      break;
    case Phase::kShuffleDeal:
      for (int i = 0; i < rs_count_; ++i) out.push_back({kChanceItem + i, 1.0 / rs_count_});
      break;
    default:
      break;
  }
  return out;
}

Action State::sample_chance(Rng& rng) const {
  auto pick = [&](std::uint8_t where) -> Action {
    int n = 0;
    for (int phys = 0; phys < kNumPhys; ++phys) n += loc_[phys] == where ? 1 : 0;
    auto k = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    for (int phys = 0; phys < kNumPhys; ++phys) {
      if (loc_[phys] == where && k-- == 0) return kChanceCard + phys;
    }
    return kNoAction;
  };
  switch (phase_) {
    case Phase::kFirstRoll:
      return kChanceFirst +
             static_cast<Action>(rng.below(static_cast<std::uint64_t>(config_.players)));
    case Phase::kDeal:
      return pick(kLocPool);
    case Phase::kGuardian:
      return pick(kLocGuardDeck);
    case Phase::kScavDraw:
      return pick(kLocScavDeck);
    case Phase::kShuffleDraw:
      return pick(kLocMainDiscard);
    case Phase::kDice:
      return kChanceDie + static_cast<Action>(rng.below(6));
    case Phase::kShuffleDeal:
      return kChanceItem + static_cast<Action>(rng.below(rs_count_));
    default:
      return kNoAction;
  }
}

std::vector<double> State::returns() const {
  std::vector<double> r(static_cast<std::size_t>(config_.players), 0.0);
  if (phase_ != Phase::kOver || winner_ < 0) return r;
  for (int p = 0; p < config_.players; ++p) {
    r[static_cast<std::size_t>(p)] = p == winner_ ? 1.0 : -1.0 / (config_.players - 1);
  }
  return r;
}

// ---- Applying -----------------------------------------------------------------------------------

void State::discard(int phys) {
  put(phys, origin_pile(phys));
}

void State::check_win() {
  if (phase_ == Phase::kOver) return;
  for (int p = 0; p < config_.players; ++p) {
    if (jokers_held(p) >= 2) {  // A-G5-36: at once
      phase_ = Phase::kOver;
      winner_ = static_cast<std::int8_t>(p);
      return;
    }
  }
}

void State::to_main() {
  combat_ = Combat{};
  held_card_ = -1;
  after_ = After::kNone;
  after_target_ = -1;
  portal_card_ = -1;
  phase_ = Phase::kMain;
  check_win();
}

void State::start_turn(int seat) {
  for (int guard = 0; guard <= config_.players; ++guard) {
    to_move_ = static_cast<std::int8_t>(seat);
    PlayerState& ps = players_[seat];
    ps.bolster = false;  // "until the start of your next turn"
    ps.hindered = false;
    if (!ps.skip) break;
    ps.skip = false;  // A-G5-32: the whole turn is lost
    seat = (seat + 1) % config_.players;
    if (seat == first_) ++round_;
  }
  actions_left_ = 2;
  paid_actions_ = 0;
  last_was_reveal_ = false;
  boost_used_ = false;
  scavenged_ = false;
  phase_ = Phase::kMain;
  ++turns_;
  if (config_.round_limit > 0 ? round_ >= config_.round_limit : turns_ > kSafetyTurns) {
    phase_ = Phase::kOver;  // A-G5-57 (or the safeguard): a draw
    winner_ = -1;
  }
}

void State::end_turn() {
  const int next = (to_move_ + 1) % config_.players;
  if (next == first_) ++round_;
  start_turn(next);
}

void State::place_jack(int p, int cell) {
  players_[p].pos = static_cast<std::int8_t>(cell);
  players_[p].entered = in_grid(cell);  // A-G5-44
}

void State::pick_up(int p, int cell) {
  const int card = cell_card_[cell];
  dropped_.reset(static_cast<std::size_t>(cell));
  put(card, static_cast<std::uint8_t>(kLocHand + p));
}

void State::step_into(int p, int cell, bool) {
  switch (enter_kind(p, cell)) {
    case Enter::kNo:
      return;
    case Enter::kMustFight:
      start_fight(cell);  // A-G5-9, A-G5-45
      return;
    case Enter::kPickUp:
      pick_up(p, cell);
      break;
    case Enter::kOwnAce:
      // G5.3.3: the Guardian of an own-suit Ace goes back to its deck without a fight.
      if (guard_[cell] >= 0) put(guard_[cell], kLocGuardDeck);
      put(cell_card_[cell], static_cast<std::uint8_t>(kLocHand + p));
      break;
    case Enter::kStep:
      break;
  }
  place_jack(p, cell);
  check_win();
}

void State::start_fight(int cell) {
  combat_ = Combat{};
  combat_.attacker = to_move_;
  combat_.target = static_cast<std::int8_t>(cell);
  phase_ = Phase::kCombatPrep;
}

void State::start_pvp(int defender) {
  combat_ = Combat{};
  combat_.attacker = to_move_;
  combat_.defender = static_cast<std::int8_t>(defender);
  combat_.target = players_[defender].pos;
  phase_ = Phase::kPvpPrep;
}

void State::begin_dice() {
  const int p = combat_.attacker;
  const int attack = combat_.value_card >= 0 ? value_of(combat_.value_card) : 0;  // A-G5-8
  combat_.dice =
      static_cast<std::uint8_t>(dice_count(p, attack, board_fight_value(combat_.target)));
  combat_.rolled = 0;
  combat_.faces = {};
  combat_.final_die = 0;
  phase_ = Phase::kDice;
}

// The reroll decision is offered whenever the combatant might hold a King as far as the others
// know (a King, or any privately held card), so its absence does not reveal the hand.
static bool may_hold_king(const State& s, int p) {
  for (int phys = 0; phys < kNumPhys; ++phys) {
    if (s.loc(phys) == kLocHand + p && (is_king(phys) || s.is_private(phys))) return true;
  }
  return false;
}

void State::after_dice() {
  if (combat_.defender >= 0) {
    while (combat_.side < 2) {
      const int seat = combat_.side == 0 ? combat_.attacker : combat_.defender;
      if ((combat_.rerolled & (1u << seat)) == 0 && may_hold_king(*this, seat)) {
        phase_ = Phase::kRerolling;
        return;
      }
      ++combat_.side;
    }
    resolve_pvp();
    return;
  }
  const int p = combat_.attacker;
  if ((combat_.rerolled & (1u << p)) == 0 && may_hold_king(*this, p)) {
    phase_ = Phase::kRerolling;
    return;
  }
  resolve_pve();
}

void State::resolve_pve() {
  const int p = combat_.attacker;
  const int cell = combat_.target;
  const bool win = combat_.faces[combat_.final_die - 1] == 0;
  const int card = cell_card_[cell];
  const bool move_in = in_grid(cell) || !players_[p].entered;
  if (guard_[cell] >= 0) {
    if (win) {  // the Guardian goes back to its deck, the Ace is collected
      put(guard_[cell], kLocGuardDeck);
      put(card, static_cast<std::uint8_t>(kLocHand + p));
      place_jack(p, cell);
    }
    to_main();
    return;
  }
  if (is_joker(card)) {
    if (win) {
      pick_up(p, cell);
      if (move_in) place_jack(p, cell);
      to_main();
    } else {
      phase_ = Phase::kJokerLoss;  // pay two cards or take the debt
    }
    return;
  }
  if (is_npc(card)) {
    if (win) {
      put(card, static_cast<std::uint8_t>(kLocHand + p));  // A-G5-11: may keep it
      place_jack(p, cell);
      held_card_ = static_cast<std::int8_t>(card);
      phase_ = Phase::kKeepNpc;
      return;
    }
    if (is_queen(card)) {  // discard the whole hand (A-G5-16: Jokers kept by default)
      for (int phys = 0; phys < kNumPhys; ++phys) {
        if (loc_[phys] != kLocHand + p) continue;
        if (is_joker(phys) && !config_.queen_loss_discards_jokers) continue;
        discard(phys);
      }
    } else {
      players_[p].skip = true;  // King: lose the next turn
    }
    to_main();
    return;
  }
  if (win) {  // a Hazard
    discard(card);
    place_jack(p, cell);
  }
  to_main();
}

int State::roll_total(int side) const {
  const int seat = side == 0 ? combat_.attacker : combat_.defender;
  const int card = combat_.commit[side];
  return combat_.die[side] + (card >= 0 ? value_of(card) : 0) + pvp_bonus(seat);
}

void State::resolve_pvp() {
  const int a = roll_total(0), b = roll_total(1);
  if (a == b) {  // a tie: cards already discarded; fight on (A-G5-26, A-G5-41)
    combat_.commit = {-2, -2};
    combat_.die = {0, 0};
    combat_.side = 0;
    phase_ = Phase::kPvpPrep;
    return;
  }
  const int loser = a > b ? combat_.defender : combat_.attacker;
  combat_.loser = static_cast<std::int8_t>(loser);
  // The loser leaves one Joker (no more than 1) on its cell.
  for (int phys : {52, 53, 106, 107}) {
    if (loc_[phys] == kLocHand + loser) {
      put(phys, static_cast<std::uint8_t>(players_[loser].pos));
      dropped_.set(static_cast<std::size_t>(players_[loser].pos));
      break;
    }
  }
  combat_.target = players_[loser].pos;
  phase_ = Phase::kRelocating;
}

// A-G5-25, A-G5-43: the winning initiator moves into the loser's cell if it may stand there.
void State::finish_pvp_move() {
  const int p = combat_.attacker;
  const int cell = combat_.target;
  if (combat_.loser != p && jack_at(cell) < 0 && (in_grid(cell) || !players_[p].entered)) {
    const Enter kind = enter_kind(p, cell);
    if (kind == Enter::kStep || kind == Enter::kPickUp) {
      if (kind == Enter::kPickUp) pick_up(p, cell);
      place_jack(p, cell);
    }
  }
  to_main();
}

void State::apply_prep(Action a) {
  const int p = actor();
  const bool pvp = phase_ == Phase::kPvpPrep;
  if (a >= kPay) {
    const int x = static_cast<int>((a - kPay) / kNumPhys),
              y = static_cast<int>((a - kPay) % kNumPhys);
    discard(x);
    discard(y);
    players_[p].debt = static_cast<std::uint16_t>(players_[p].debt - 2);
    return;
  }
  if (a >= kHinder && a < kBoost) {
    const int phys = static_cast<int>((a - kHinder) / 4);
    discard(phys);
    players_[(a - kHinder) % 4].hindered = true;
    return;
  }
  if (a >= kBolster && a < kHinder) {
    discard(static_cast<int>(a - kBolster));
    players_[p].bolster = true;
    return;
  }
  const int card = a == kNoCard ? -1 : static_cast<int>(a - kValueCard);
  if (!pvp) {
    combat_.value_card = static_cast<std::int8_t>(card);
    if (card >= 0) discard(card);
    begin_dice();
    return;
  }
  combat_.commit[combat_.side] = static_cast<std::int8_t>(card);
  if (combat_.side == 0) {
    combat_.side = 1;
    return;
  }
  // Both committed: revealed together, then discarded after the fight (discarded now: same).
  for (int c : combat_.commit) {
    if (c >= 0) discard(c);
  }
  combat_.side = 0;
  combat_.die = {0, 0};
  phase_ = Phase::kDice;
}

void State::ace_needs_guardian(int& cell) const {
  cell = -1;
  for (int i = 0; i < 49; ++i) {
    const int c = grid_cell(i);
    if (!down_[c] && cell_card_[c] >= 0 && is_ace(cell_card_[c]) && guard_[c] < 0) {
      cell = c;
      return;
    }
  }
}

void State::reveal_cells(std::bitset<kCells> cells, After after, int target) {
  after_ = after;
  after_target_ = static_cast<std::int8_t>(target);
  pending_.reset();
  for (int c = 0; c < kCells; ++c) {
    if (cells[c] && down_[c] && cell_card_[c] < 0) pending_.set(static_cast<std::size_t>(c));
  }
  if (pending_.any()) {
    phase_ = Phase::kDeal;
  } else {
    continue_reveal();
  }
}

void State::continue_reveal() {
  const int p = to_move_;
  const int t = after_target_;
  auto flip = [&](int c) {
    down_.reset(static_cast<std::size_t>(c));
    known_[c] = 0;
    group_[c] = 0;
  };
  switch (after_) {
    case After::kPeeked:
      known_[t] = static_cast<std::uint8_t>(known_[t] | (1u << p));
      after_ = After::kNone;
      phase_ = --peeks_left_ > 0 ? Phase::kPeeking : Phase::kMain;
      if (phase_ == Phase::kMain) to_main();
      return;
    case After::kRevealed:
      flip(t);
      break;
    case After::kRecon:
      for (int c = 0; c < kCells; ++c) {
        if (in_grid(c) && std::abs(row_of(c) - row_of(t)) <= 1 &&
            std::abs(col_of(c) - col_of(t)) <= 1) {
          flip(c);
        }
      }
      break;
    case After::kPortalled: {
      if (!down_[t]) break;  // already handled (a Guardian was being drawn)
      flip(t);
      const int card = cell_card_[t];
      // G5.3 Portal: Equipment, Friendly NPC or own-suit Ace (A-G5-47) to hand, card returned.
      if (is_equipment(card) || friendly_npc_for(p, card) ||
          (is_ace(card) && suit_of(card) == players_[p].suit)) {
        if (is_ace(card) && aside_[suit_of(card)] >= 0) {  // its set-aside Guardian goes home
          put(aside_[suit_of(card)], kLocGuardDeck);
          aside_[suit_of(card)] = -1;
        }
        put(card, static_cast<std::uint8_t>(kLocHand + p));
        put(portal_card_, static_cast<std::uint8_t>(kLocHand + p));
        to_main();
        return;
      }
      break;
    }
    case After::kNone:
      break;
  }
  int cell = -1;
  for (ace_needs_guardian(cell); cell >= 0; ace_needs_guardian(cell)) {
    const int s = suit_of(cell_card_[cell]);
    if (aside_[s] >= 0) {  // the Guardian set aside by a Reality Shuffle comes back
      put(aside_[s], static_cast<std::uint8_t>(cell));
      aside_[s] = -1;
      continue;
    }
    bool any = false;
    for (int phys = 0; phys < kNumPhys; ++phys) any |= loc_[phys] == kLocGuardDeck;
    if (!any) break;
    phase_ = Phase::kGuardian;
    return;
  }
  const int card = t >= 0 ? cell_card_[t] : -1;
  if ((after_ == After::kRevealed || after_ == After::kPortalled) && card >= 0 &&
      (is_joker(card) || after_ == After::kPortalled)) {
    start_fight(t);  // a revealed Joker must be fought at once [T]; Portal fights what it flips
    return;
  }
  to_main();
}

void State::start_shuffle(int centre) {
  // A-G5-27: 3x3 inside the grid; cards face down, Jacks shuffled in, Guardians set aside.
  rs_count_ = 0;
  rs_centre_ = static_cast<std::int8_t>(centre);
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      const int c = cell_at(row_of(centre) + dr, col_of(centre) + dc);
      const int q = jack_at(c);
      std::int16_t item = -1;
      if (q >= 0) {
        item = static_cast<std::int16_t>(200 + q);
        players_[q].pos = -1;
      } else if (down_[c] && cell_card_[c] < 0) {
        item = 300;  // an unseen card stays in the unseen pool
      } else if (cell_card_[c] >= 0) {
        const int card = cell_card_[c];
        if (guard_[c] >= 0) {
          aside_[suit_of(card)] = guard_[c];
          put(guard_[c], kLocAside);
        }
        // Who knows this card is now in the shuffle: everyone if it lay face up, else those who
        // peeked it or knew it was in its former group.
        const unsigned knew =
            down_[c] ? known_[c] | (group_[c] != 0 ? gknown_[card] : 0u) : kGroupPublic | 0xFu;
        put(card, kLocShuffle);
        if (card < 54) gknown_[card] = static_cast<std::uint8_t>(knew);
        item = static_cast<std::int16_t>(card);
      }
      down_.reset(static_cast<std::size_t>(c));
      dropped_.reset(static_cast<std::size_t>(c));
      known_[c] = 0;
      group_[c] = 0;
      if (item >= 0) rs_items_[rs_count_++] = item;
    }
  }
  int discards = 0;
  for (int phys = 0; phys < kNumPhys; ++phys) discards += loc_[phys] == kLocMainDiscard ? 1 : 0;
  rs_need_ = static_cast<std::uint8_t>(std::min(9 - rs_count_, discards));  // A-G5-48
  rs_next_ = 0;
  // The smallest group id no face-down card uses.
  std::bitset<256> used;
  for (int c = 0; c < kCells; ++c) used.set(group_[c]);
  rs_group_ = 1;
  while (used[rs_group_]) ++rs_group_;
  phase_ = rs_need_ > 0 ? Phase::kShuffleDraw : Phase::kShuffleDeal;
  if (rs_count_ == 0) to_main();
}

void State::use_ace(Action a) {
  const int p = to_move_;
  int suit = 0;
  if (a >= kAceShift) {
    suit = static_cast<int>((a - kAceShift) / 196);
  } else if (a >= kAceShuffle) {
    suit = static_cast<int>((a - kAceShuffle) / 25);
  } else {
    suit = static_cast<int>((a - kAceRecon) % 4);
  }
  discard(phys_of(0, Card::of(static_cast<Suit>(suit), 1)));
  if (config_.ace_costs_action) {
    --actions_left_;
    ++paid_actions_;
    last_was_reveal_ = false;
  }
  if (a >= kAceShift) {  // Hazard Shift: move or swap one cell
    const int i = static_cast<int>((a - kAceShift) % 196 / 4),
              d = static_cast<int>((a - kAceShift) % 4);
    const int from = grid_cell(i), to = neighbour(from, d);
    const int x = cell_card_[from], y = cell_card_[to], gy = guard_[to];
    const bool dropped_y = dropped_[to];
    put(x, kLocUnused);
    if (gy >= 0) put(gy, kLocUnused);
    if (y >= 0) put(y, static_cast<std::uint8_t>(from));
    if (gy >= 0) put(gy, static_cast<std::uint8_t>(from));
    put(x, static_cast<std::uint8_t>(to));
    dropped_.set(static_cast<std::size_t>(from), dropped_y);
    dropped_.reset(static_cast<std::size_t>(to));
    return;
  }
  if (a >= kAceShuffle) {
    const int c = static_cast<int>((a - kAceShuffle) % 25);
    start_shuffle(cell_at(c / 5 + 2, c % 5 + 2));
    return;
  }
  if (a >= kAceAdvRecon) {
    peeks_left_ = 3;
    phase_ = Phase::kPeeking;
    return;
  }
  std::bitset<kCells> area;
  const int pos = players_[p].pos;
  for (int c = 0; c < kCells; ++c) {
    if (in_grid(c) && std::abs(row_of(c) - row_of(pos)) <= 1 &&
        std::abs(col_of(c) - col_of(pos)) <= 1) {
      area.set(static_cast<std::size_t>(c));
    }
  }
  reveal_cells(area, After::kRecon, pos);  // A-G5-13: Jokers revealed here are not fought
}

void State::apply_main(Action a) {
  const int p = to_move_;
  const int pos = players_[p].pos;
  if (a == kEndTurn) {
    end_turn();
    return;
  }
  if (a >= kPay) {
    apply_prep(a);
    return;
  }
  if (a >= kKingGain && a < kBolster) {  // A-G5-15: free
    discard(static_cast<int>(a - kKingGain));
    ++actions_left_;
    return;
  }
  if (a >= kBoost && a < kPortal) {  // free, once a turn
    discard(static_cast<int>((a - kBoost) / 4));
    boost_used_ = true;
    step_into(p, neighbour(pos, static_cast<int>((a - kBoost) % 4)), true);
    return;
  }
  if (a >= kAceRecon && a < kReroll) {
    use_ace(a);
    return;
  }
  // The paid actions.
  --actions_left_;
  ++paid_actions_;
  last_was_reveal_ = a >= kReveal && a < kMove;
  if (a >= kRelocate && a < kPay) {  // Queen: swap two Jacks (A-G5-44)
    discard(static_cast<int>((a - kRelocate) / 16));
    const int x = static_cast<int>((a - kRelocate) % 16 / 4),
              y = static_cast<int>((a - kRelocate) % 4);
    const int px = players_[x].pos, py = players_[y].pos;
    place_jack(x, py);
    place_jack(y, px);
    return;
  }
  if (a >= kPortal && a < kRelocate) {
    const int card = static_cast<int>((a - kPortal) / 4);
    const int cell = neighbour(pos, static_cast<int>((a - kPortal) % 4));
    discard(card);
    portal_card_ = static_cast<std::int8_t>(card);
    std::bitset<kCells> one;
    one.set(static_cast<std::size_t>(cell));
    reveal_cells(one, After::kPortalled, cell);
    return;
  }
  if (a == kScavenge) {
    scavenged_ = true;
    bool any = false;
    for (int phys = 0; phys < kNumPhys; ++phys) any |= loc_[phys] == kLocScavDeck;
    if (!any) {  // A-G5-22: reshuffle the Scavenger discard
      for (int phys = 0; phys < kNumPhys; ++phys) {
        if (loc_[phys] == kLocScavDiscard) loc_[phys] = kLocScavDeck;
      }
    }
    phase_ = Phase::kScavDraw;
    return;
  }
  const int d = static_cast<int>((a - kReveal) % 4);
  const int cell = neighbour(pos, d);
  if (a < kMove) {
    std::bitset<kCells> one;
    one.set(static_cast<std::size_t>(cell));
    reveal_cells(one, After::kRevealed, cell);
  } else if (a < kFight) {
    step_into(p, cell, false);
  } else {
    const int q = jack_at(cell);
    if (q >= 0) {
      start_pvp(q);
    } else {
      start_fight(cell);
    }
  }
}

void State::apply_legal(Action a) {
  switch (phase_) {
    case Phase::kOver:
      return;
    case Phase::kFirstRoll:
      first_ = static_cast<std::int8_t>(a - kChanceFirst);
      to_move_ = first_;
      setup_step_ = 0;
      phase_ = Phase::kChooseSuit;
      return;
    case Phase::kChooseSuit:
      players_[to_move_].suit = static_cast<std::int8_t>(a - kSuit);
      to_move_ = static_cast<std::int8_t>((to_move_ + 1) % config_.players);
      if (++setup_step_ == config_.players) {
        if (config_.starting_gear) {  // 7D to the first player, 8D to the second, ...
          for (int i = 0; i < config_.players; ++i) {
            put(phys_of(1, Card::of(Suit::kDiamonds, 7 + i)),
                static_cast<std::uint8_t>(kLocHand + (first_ + i) % config_.players));
          }
        }
        setup_step_ = 0;
        phase_ = Phase::kPlace;
      }
      return;
    case Phase::kPlace:
      place_jack(to_move_, kStartSpots[a - kSpot]);
      to_move_ = static_cast<std::int8_t>((to_move_ + 1) % config_.players);
      if (++setup_step_ == config_.players) {
        round_ = 0;
        start_turn(first_);
      }
      return;
    case Phase::kMain:
      apply_main(a);
      return;
    case Phase::kDeal: {
      int cell = 0;
      while (!pending_[cell]) ++cell;
      pending_.reset(static_cast<std::size_t>(cell));
      put(static_cast<int>(a - kChanceCard), static_cast<std::uint8_t>(cell));
      if (pending_.none()) continue_reveal();
      return;
    }
    case Phase::kGuardian: {
      int cell = -1;
      ace_needs_guardian(cell);
      put(static_cast<int>(a - kChanceCard), static_cast<std::uint8_t>(cell));
      continue_reveal();
      return;
    }
    case Phase::kCombatPrep:
    case Phase::kPvpPrep:
      apply_prep(a);
      return;
    case Phase::kDice: {
      const auto face = static_cast<std::uint8_t>(a - kChanceDie + 1);
      if (combat_.defender >= 0) {
        const int side = combat_.die[0] == 0 ? 0 : 1;
        combat_.die[side] = face;
        if (combat_.die[0] != 0 && combat_.die[1] != 0) after_dice();
        return;
      }
      if (combat_.rolled < combat_.dice) {
        ++combat_.faces[face - 1];
        ++combat_.rolled;
      } else {
        combat_.final_die = face;
      }
      if (combat_.rolled == combat_.dice && combat_.final_die != 0) after_dice();
      return;
    }
    case Phase::kRerolling: {
      const int seat = actor();
      const int mask = static_cast<int>(a - kReroll);
      if (mask == 0) {
        if (combat_.defender >= 0) {
          ++combat_.side;
          after_dice();
        } else {
          resolve_pve();
        }
        return;
      }
      combat_.rerolled = static_cast<std::uint8_t>(combat_.rerolled | (1u << seat));
      for (int phys = 0; phys < kNumPhys; ++phys) {  // "you must reveal your king"
        if (is_king(phys) && loc_[phys] == kLocHand + seat) {
          private_.reset(phys);
          break;
        }
      }
      if (combat_.defender >= 0) {
        combat_.die[combat_.side] = 0;
        ++combat_.side;
        phase_ = Phase::kDice;
        return;
      }
      for (int f = 0; f < 6; ++f) {
        if ((mask & (1 << f)) != 0) {
          combat_.rolled = static_cast<std::uint8_t>(combat_.rolled - combat_.faces[f]);
          combat_.faces[f] = 0;
        }
      }
      if ((mask & (1 << 6)) != 0) combat_.final_die = 0;
      phase_ = Phase::kDice;
      return;
    }
    case Phase::kKeepNpc:
      if (a == kDiscard) discard(held_card_);
      to_main();
      return;
    case Phase::kJokerLoss:
      if (a == kTakeDebt) {
        players_[to_move_].debt = static_cast<std::uint16_t>(players_[to_move_].debt + 2);
      } else {
        discard(static_cast<int>((a - kPay) / kNumPhys));
        discard(static_cast<int>((a - kPay) % kNumPhys));
      }
      to_main();
      return;
    case Phase::kScavDraw: {
      const int card = static_cast<int>(a - kChanceCard);
      if (keepable_by(to_move_, card)) {
        put(card, static_cast<std::uint8_t>(kLocHand + to_move_));
        private_.set(static_cast<std::size_t>(card));  // only the drawer has seen it
        held_card_ = static_cast<std::int8_t>(card);
        phase_ = Phase::kScavKeep;
      } else {
        put(card, kLocScavDiscard);
        to_main();
      }
      return;
    }
    case Phase::kScavKeep:
      if (a == kDiscard) discard(held_card_);
      to_main();
      return;
    case Phase::kRelocating: {
      const int cell = a >= kCorner ? kCorners[a - kCorner] : kStartSpots[a - kSpot];
      place_jack(combat_.loser, cell);
      finish_pvp_move();
      return;
    }
    case Phase::kPeeking: {
      if (a == kDone) {
        to_main();
        return;
      }
      std::bitset<kCells> one;
      const int cell = grid_cell(static_cast<int>(a - kPeek));
      one.set(static_cast<std::size_t>(cell));
      reveal_cells(one, After::kPeeked, cell);
      return;
    }
    case Phase::kShuffleDraw:
      put(static_cast<int>(a - kChanceCard), kLocShuffle);
      if (a - kChanceCard < 54) gknown_[a - kChanceCard] = kGroupPublic | 0xFu;  // face up [T]
      rs_items_[rs_count_++] = static_cast<std::int16_t>(a - kChanceCard);
      if (--rs_need_ == 0) phase_ = Phase::kShuffleDeal;
      return;
    case Phase::kShuffleDeal: {
      const int i = static_cast<int>(a - kChanceItem);
      const int item = rs_items_[i];
      for (int k = i; k + 1 < rs_count_; ++k) rs_items_[k] = rs_items_[k + 1];
      --rs_count_;
      const int c =
          cell_at(row_of(rs_centre_) + rs_next_ / 3 - 1, col_of(rs_centre_) + rs_next_ % 3 - 1);
      ++rs_next_;
      if (item >= 200 && item < 300) {
        place_jack(item - 200, c);  // Jacks land face up (A-G5-27)
      } else {
        down_.set(static_cast<std::size_t>(c));
        group_[c] = rs_group_;
        if (item < 200) put(item, static_cast<std::uint8_t>(c));
      }
      if (rs_count_ == 0) to_main();
      return;
    }
  }
}

}  // namespace mw::jokers_labyrinth
