// The JSON forms of a Joker's Labyrinth state (body, views), the information-state key,
// resampling and the reasons for refusing an action. Schema: docs/rules/jokers-labyrinth.md.
#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/hash.h"
#include "core/json_depth.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {

// Private access for the JSON reader (a friend of State).
struct Access {
  static State blank(const Config& c) { return State(c); }
  static State& self(State& s) { return s; }
  // A turn action that is certainly legal, checked without listing every legal action (callers
  // check each listed action, and a turn with Aces lists a hundred or more). Must agree with
  // legal_main(); false means "not shown here", not "illegal".
  static bool quick_legal(const State& s, Action a) {
    if (s.phase_ != Phase::kMain) return false;
    const int p = s.to_move_;
    const auto in_hand = [&](int phys) { return s.loc_[phys] == kLocHand + p; };
    const bool paid = s.actions_left_ > 0;
    if (a >= kAceRecon && a < kAceShift && (a < kAceAdvRecon || a >= kAceShuffle)) {
      const int suit = static_cast<int>(a < kAceAdvRecon ? a - kAceRecon : (a - kAceShuffle) / 25);
      const bool acts =
          a < kAceAdvRecon
              ? s.recon_reveals(p)
              : s.shuffle_has_target(cell_at(static_cast<int>((a - kAceShuffle) % 25) / 5 + 2,
                                             static_cast<int>((a - kAceShuffle) % 25) % 5 + 2));
      return in_hand(phys_of(0, Card::of(static_cast<Suit>(suit), 1))) &&
             (paid || !s.config_.ace_costs_action) && acts;  // A-G5-60
    }
    if (a >= kKingGain && a < kBolster)
      return in_hand(static_cast<int>(a - kKingGain)) && is_king(static_cast<int>(a - kKingGain));
    if (a >= kBoost && a < kPortal) {
      const int phys = static_cast<int>((a - kBoost) / 4), d = static_cast<int>((a - kBoost) % 4);
      return !s.boost_used_ && in_hand(phys) && !is_joker(phys) &&
             s.enter_kind(p, neighbour(s.players_[p].pos, d)) != State::Enter::kNo;
    }
    if (a >= kRelocate && a < kPay) {
      const int phys = static_cast<int>((a - kRelocate) / 16);
      const int x = static_cast<int>((a - kRelocate) % 16 / 4),
                y = static_cast<int>((a - kRelocate) % 4);
      return paid && in_hand(phys) && is_queen(phys) && x < y && y < s.config_.players;
    }
    if (a >= kPay && a < kPayEnd) {
      const int i = static_cast<int>((a - kPay) / kNumPhys),
                j = static_cast<int>((a - kPay) % kNumPhys);
      return s.players_[p].debt >= 2 && i < j && s.value_card_ok(p, i) && s.value_card_ok(p, j);
    }
    return false;
  }
};

namespace {

[[noreturn]] void bad(const std::string& what) {
  throw Error(ErrorCode::kBadState, "jokers-labyrinth state: " + what);
}

const Json& member(const Json& body, const char* name) {
  if (!body.is_object()) bad("the body must be an object");
  if (!body.contains(name)) bad(fmt::format("missing \"{}\"", name));
  return body[name];
}

int int_in(const Json& j, const char* what, int lo, int hi) {
  if (!j.is_number_integer())
    bad(fmt::format("\"{}\" must be an integer, got {}", what, json_excerpt(j)));
  const auto v = j.get<std::int64_t>();
  if (v < lo || v > hi) bad(fmt::format("\"{}\" must be in {}..{}, got {}", what, lo, hi, v));
  return static_cast<int>(v);
}

std::vector<int> int_array(const Json& body, const char* name, std::size_t size, int lo, int hi) {
  const Json& j = member(body, name);
  if (!j.is_array() || (size > 0 && j.size() != size)) {
    bad(fmt::format("\"{}\" must be an array of {} integers", name, size));
  }
  std::vector<int> out;
  for (const Json& v : j) out.push_back(int_in(v, name, lo, hi));
  return out;
}

std::vector<int> int_list(const Json& body, const char* name, int lo, int hi) {
  const Json& j = member(body, name);
  if (!j.is_array()) bad(fmt::format("\"{}\" must be an array", name));
  std::vector<int> out;
  for (const Json& v : j) out.push_back(int_in(v, name, lo, hi));
  return out;
}

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

std::vector<int> from_sparse(const Json& body, const char* name, int size, int hi) {
  const auto flat = int_list(body, name, 0, std::max(size - 1, hi));
  if (flat.size() % 2 != 0) bad(fmt::format("\"{}\" must list index, value pairs", name));
  std::vector<int> out(static_cast<std::size_t>(size), 0);
  for (std::size_t i = 0; i < flat.size(); i += 2) {
    const int at = flat[i], v = flat[i + 1];
    if (at >= size || v < 1 || v > hi) bad(fmt::format("\"{}\": bad pair {} {}", name, at, v));
    if (out[static_cast<std::size_t>(at)] != 0) bad(fmt::format("\"{}\": {} twice", name, at));
    out[static_cast<std::size_t>(at)] = v;
  }
  return out;
}

Json card_list(const std::vector<int>& cards) {
  Json out = Json::array();
  for (int c : cards) out.push_back(phys_name(c));
  return out;
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

State State::from_json(const Json& body, const Options& options) {
  State s = Access::blank(Config::from_options(options));
  const int n = s.config_.players;
  if (!body.is_object()) bad("the body must be an object");
  const Json& phase = member(body, "phase");
  const auto it = std::find(kPhaseNames.begin(), kPhaseNames.end() - 1,
                            phase.is_string() ? phase.get<std::string>() : std::string("?"));
  if (it == kPhaseNames.end() - 1) bad(fmt::format("unknown \"phase\" {}", json_excerpt(phase)));
  s.phase_ = static_cast<Phase>(it - kPhaseNames.begin());
  const auto loc = int_array(body, "loc", kNumPhys, 0, kNumLocs - 1);
  s.cell_card_.fill(-1);
  s.guard_.fill(-1);
  for (int phys = 0; phys < kNumPhys; ++phys) {
    s.loc_[phys] = static_cast<std::uint8_t>(loc[phys]);
    const int where = loc[phys];
    if (where >= kCells) continue;
    auto& slot = is_guardian_card(phys) ? s.guard_[where] : s.cell_card_[where];
    if (slot >= 0) bad(fmt::format("two cards on cell {}", cell_name(where)));
    slot = static_cast<std::int8_t>(phys);
  }
  for (int c : int_list(body, "down", 0, kCells - 1)) s.down_.set(static_cast<std::size_t>(c));
  for (int c : int_list(body, "dropped", 0, kCells - 1))
    s.dropped_.set(static_cast<std::size_t>(c));
  for (int c : int_list(body, "private", 0, kNumPhys - 1))
    s.private_.set(static_cast<std::size_t>(c));
  const auto known = from_sparse(body, "known", kCells, (1 << kMaxPlayers) - 1);
  const auto group = from_sparse(body, "group", kCells, 255);
  for (int c = 0; c < kCells; ++c) {
    s.known_[c] = static_cast<std::uint8_t>(known[c]);
    s.group_[c] = static_cast<std::uint8_t>(group[c]);
  }
  const auto gknown = from_sparse(body, "gknown", 54, kGroupPublic | 0xF);
  for (int phys = 0; phys < 54; ++phys) s.gknown_[phys] = static_cast<std::uint8_t>(gknown[phys]);
  const auto aside = int_array(body, "aside", 4, -1, kNumPhys - 1);
  for (int i = 0; i < 4; ++i) s.aside_[i] = static_cast<std::int8_t>(aside[i]);
  const Json& players = member(body, "players");
  if (!players.is_array() || players.size() != static_cast<std::size_t>(n)) {
    bad(fmt::format("\"players\" must list {} players", n));
  }
  for (int p = 0; p < n; ++p) {
    // Each entry is [pos, suit, entered, skip, bolster, hindered, debt]; an error names the field.
    const Json& v = players[static_cast<std::size_t>(p)];
    if (!v.is_array() || v.size() != 7) {
      bad(fmt::format("\"players\"[{}] must be [pos, suit, entered, skip, bolster, hindered, debt]",
                      p));
    }
    const auto field = [&](std::size_t i, const char* name, int lo, int hi) {
      return int_in(v[i], fmt::format("players[{}] {}", p, name).c_str(), lo, hi);
    };
    PlayerState& ps = s.players_[p];
    ps.pos = static_cast<std::int8_t>(field(0, "pos", -1, kCells - 1));
    ps.suit = static_cast<std::int8_t>(field(1, "suit", -1, 3));
    ps.entered = field(2, "entered", 0, 1) == 1;
    ps.skip = field(3, "skip", 0, 1) == 1;
    ps.bolster = field(4, "bolster", 0, 1) == 1;
    ps.hindered = field(5, "hindered", 0, 1) == 1;
    ps.debt = static_cast<std::uint16_t>(field(6, "debt", 0, kMaxDebt));
  }
  // 21 entries; a document written before the reroll of part of equal dice (A-G5-61) has 20.
  const Json& combat = member(body, "combat");
  const std::size_t combat_size = combat.is_array() && combat.size() == 20 ? 20 : 21;
  const auto cb = int_array(body, "combat", combat_size, -2, kMaxDice);
  Combat& c = s.combat_;
  c.attacker = static_cast<std::int8_t>(int_in(cb[0], "combat attacker", -1, n - 1));
  c.target = static_cast<std::int8_t>(int_in(cb[1], "combat target", -1, kCells - 1));
  c.defender = static_cast<std::int8_t>(int_in(cb[2], "combat defender", -1, n - 1));
  c.value_card = static_cast<std::int8_t>(int_in(cb[3], "combat value card", -1, kNumPhys - 1));
  c.dice = static_cast<std::uint16_t>(int_in(cb[4], "combat dice", 0, kMaxDice));
  c.rolled = static_cast<std::uint16_t>(int_in(cb[5], "combat rolled", 0, c.dice));
  int sum = 0;
  for (int f = 0; f < 6; ++f) {
    c.faces[f] = static_cast<std::uint16_t>(int_in(cb[6 + f], "combat faces", 0, c.dice));
    sum += c.faces[f];
  }
  if (sum != c.rolled) bad("combat faces do not add up to the dice rolled");
  c.final_die = static_cast<std::uint8_t>(int_in(cb[12], "final die", 0, 6));
  c.rerolled = static_cast<std::uint8_t>(int_in(cb[13], "rerolled", 0, 15));
  c.commit[0] = static_cast<std::int8_t>(int_in(cb[14], "commit", -2, kNumPhys - 1));
  c.commit[1] = static_cast<std::int8_t>(int_in(cb[15], "commit", -2, kNumPhys - 1));
  c.die[0] = static_cast<std::uint8_t>(int_in(cb[16], "pvp die", 0, 6));
  c.die[1] = static_cast<std::uint8_t>(int_in(cb[17], "pvp die", 0, 6));
  c.side = static_cast<std::uint8_t>(int_in(cb[18], "side", 0, 2));
  c.loser = static_cast<std::int8_t>(int_in(cb[19], "loser", -1, n - 1));
  if (combat_size == 21)
    c.set_aside = static_cast<std::uint8_t>(int_in(cb[20], "set aside", 0, 63));
  for (int cell : int_list(body, "pending", 0, kCells - 1))
    s.pending_.set(static_cast<std::size_t>(cell));
  const auto rv = int_array(body, "reveal", 4, -1, 255);
  s.after_ = static_cast<After>(int_in(rv[0], "after", 0, 4));
  s.after_target_ = static_cast<std::int8_t>(int_in(rv[1], "after target", -1, kCells - 1));
  s.portal_card_ = static_cast<std::int8_t>(int_in(rv[2], "portal card", -1, kNumPhys - 1));
  s.peeks_left_ = static_cast<std::uint8_t>(int_in(rv[3], "peeks left", 0, 3));
  const auto items = int_list(body, "shuffle_items", 0, 300);
  if (items.size() > 9) bad("\"shuffle_items\" holds at most 9 items");
  s.rs_count_ = static_cast<std::uint8_t>(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    s.rs_items_[i] = static_cast<std::int16_t>(items[i]);
  const auto sh = int_array(body, "shuffle", 4, -1, 255);
  s.rs_need_ = static_cast<std::uint8_t>(int_in(sh[0], "shuffle need", 0, 9));
  s.rs_next_ = static_cast<std::uint8_t>(int_in(sh[1], "shuffle next", 0, 9));
  s.rs_centre_ = static_cast<std::int8_t>(int_in(sh[2], "shuffle centre", -1, kCells - 1));
  s.rs_group_ = static_cast<std::uint8_t>(int_in(sh[3], "shuffle group", 0, 255));
  const auto t = int_array(body, "turn", 12, -1, std::max(s.max_round(), kSafetyTurns + 1));
  s.first_ = static_cast<std::int8_t>(int_in(t[0], "first", 0, n - 1));
  s.to_move_ = static_cast<std::int8_t>(int_in(t[1], "to_move", 0, n - 1));
  s.actions_left_ = static_cast<std::int8_t>(int_in(t[2], "actions left", 0, kMaxActions));
  s.paid_actions_ = static_cast<std::int8_t>(int_in(t[3], "paid actions", 0, kMaxActions));
  s.last_was_reveal_ = int_in(t[4], "last was reveal", 0, 1) == 1;
  s.boost_used_ = int_in(t[5], "boost used", 0, 1) == 1;
  s.scavenged_ = int_in(t[6], "scavenged", 0, 1) == 1;
  s.setup_step_ = static_cast<std::int8_t>(int_in(t[7], "setup step", 0, n));
  s.round_ = static_cast<std::int16_t>(int_in(t[8], "round", 0, s.max_round()));
  s.winner_ = static_cast<std::int8_t>(int_in(t[9], "winner", -1, n - 1));
  s.held_card_ = static_cast<std::int8_t>(int_in(t[10], "held card", -1, kNumPhys - 1));
  s.turns_ = static_cast<std::int16_t>(int_in(t[11], "turns", 0, kSafetyTurns + 1));
  s.read_last_fight(body);
  s.validate();
  s.validate_end();
  s.validate_last_fight();
  return s;
}

// The most rounds play reaches: a turn start can pass the first seat twice (once ending the turn,
// once skipping lost turns, A-G5-32), so at most L + 1 with roundLimit L, and never more than
// twice the turns the safeguard allows.
int State::max_round() const {
  const int safeguard = 2 * (kSafetyTurns + 1);
  return config_.round_limit > 0 ? std::min<int>(config_.round_limit + 1, safeguard) : safeguard;
}

// The end and the winner follow from the Jokers held and the counters: two Jokers win at once
// (A-G5-36); otherwise only roundLimit (A-G5-57) or the turn safeguard end the game, in a draw.
void State::validate_end() const {
  const bool setup =
      phase_ == Phase::kFirstRoll || phase_ == Phase::kChooseSuit || phase_ == Phase::kPlace;
  if (setup && (turns_ != 0 || round_ != 0))
    bad("\"turn\": no turn or round before the setup ends");
  // Each turn start passes the first seat at most twice (see max_round).
  if (round_ > 2 * turns_) {
    bad(fmt::format("\"turn\": round {} cannot come after only {} turns", round_, turns_));
  }
  for (int p = 0; p < config_.players; ++p) {
    if (jokers_held(p) >= 2 && (phase_ != Phase::kOver || winner_ != p)) {
      bad(
          fmt::format("{} holds two Jokers, which wins at once (A-G5-36): \"phase\" must be "
                      "\"over\" with {} the winner",
                      kSeatNames[p], kSeatNames[p]));
    }
  }
  const bool limit = config_.round_limit > 0 && round_ >= config_.round_limit;
  const bool safeguard = turns_ > kSafetyTurns;
  if (phase_ == Phase::kOver) {
    if (winner_ >= 0 && jokers_held(winner_) < 2) {
      bad(fmt::format("\"winner\" {} does not hold two Jokers", kSeatNames[winner_]));
    }
    if (winner_ < 0 && !limit && !safeguard) {
      bad("phase \"over\" without a winner needs roundLimit rounds or the 1200-turn safeguard");
    }
  } else if (!setup && (limit || safeguard)) {
    bad(
        fmt::format("\"turn\": round {} / turn {} is past the end (roundLimit or the 1200-turn "
                    "safeguard), so \"phase\" must be \"over\"",
                    round_, turns_));
  }
}

// Structural checks so that an accepted body is a position the rules can play on.
void State::validate() const {
  const int n = config_.players;
  auto count = [&](std::uint8_t where) {
    int k = 0;
    for (int phys = 0; phys < kNumPhys; ++phys) k += loc_[phys] == where ? 1 : 0;
    return k;
  };
  // Cards only where they can be.
  for (int phys = 0; phys < kNumPhys; ++phys) {
    const int where = loc_[phys];
    const bool dungeon = deck_of(phys) == 0 && !(rank_of(phys) == 11 && !is_joker(phys));
    if (where == kLocPool && !dungeon)
      bad(fmt::format("{} cannot be in the Dungeon pool", phys_name(phys)));
    if (where == kLocGuardDeck && !is_guardian_card(phys))
      bad(fmt::format("{} is not a Guardian", phys_name(phys)));
    if (where == kLocAside && !is_guardian_card(phys))
      bad(fmt::format("{} is not a Guardian", phys_name(phys)));
    if ((where == kLocScavDeck || where == kLocScavDiscard) &&
        (deck_of(phys) != 1 || is_guardian_card(phys))) {
      bad(fmt::format("{} is not a Scavenger card", phys_name(phys)));
    }
    if (where == kLocMainDiscard && deck_of(phys) != 0)
      bad(fmt::format("{} is not a main-deck card", phys_name(phys)));
    if (where < kCells && !dungeon && !is_guardian_card(phys))
      bad(fmt::format("{} cannot be on the board", phys_name(phys)));
    if (where >= kLocHand && where < kLocHand + kMaxPlayers && where - kLocHand >= n)
      bad("a card in the hand of a missing player");
    if (where >= kLocHand && where < kLocHand + kMaxPlayers &&
        (is_guardian_card(phys) || (rank_of(phys) == 11 && !is_joker(phys)))) {
      bad(fmt::format("{} cannot be in a hand", phys_name(phys)));
    }
    if (where == kLocShuffle && phase_ != Phase::kShuffleDraw && phase_ != Phase::kShuffleDeal)
      bad("a card in a finished shuffle");
    if (private_[phys] && (where < kLocHand || where >= kLocHand + kMaxPlayers))
      bad("a private card outside a hand");
  }
  for (int i = 0; i < 4; ++i) {
    if (aside_[i] >= 0 && loc_[aside_[i]] != kLocAside)
      bad("\"aside\" names a Guardian that is not set aside");
  }
  if (count(kLocAside) !=
      static_cast<int>(std::count_if(aside_.begin(), aside_.end(), [](int g) { return g >= 0; }))) {
    bad("set-aside Guardians and \"aside\" disagree");
  }
  int undetermined = 0;
  for (int c = 0; c < kCells; ++c) {
    if ((down_[c] || pending_[c] || group_[c] != 0 || known_[c] != 0) && !in_grid(c))
      bad("face-down state outside the grid");
    if (!down_[c] && (group_[c] != 0 || known_[c] != 0 || pending_[c]))
      bad(fmt::format("{} is face up but marked as hidden", cell_name(c)));
    if (down_[c] && (guard_[c] >= 0 || dropped_[c]))
      bad(fmt::format("{} is face down with a Guardian or dropped Joker", cell_name(c)));
    if (down_[c] && cell_card_[c] < 0) ++undetermined;
    if (pending_[c] && cell_card_[c] >= 0) bad("a pending cell already holds a card");
    if (known_[c] >= (1 << n)) bad("a peek by a missing player");
    if (guard_[c] >= 0 && (cell_card_[c] < 0 || !is_ace(cell_card_[c])))
      bad("a Guardian not on an Ace");
    if (dropped_[c] && (cell_card_[c] < 0 || !is_joker(cell_card_[c])))
      bad("a dropped mark without a Joker");
    if (!in_grid(c) && cell_card_[c] >= 0 && !is_joker(cell_card_[c]))
      bad("a card outside the grid");
  }
  int tokens = 0;
  for (int i = 0; i < rs_count_; ++i) {
    const int item = rs_items_[i];
    if (item == 300) {
      ++tokens;
    } else if (item >= 200) {
      if (item - 200 >= n || players_[item - 200].pos != -1)
        bad("a shuffled Jack that is on the board");
    } else if (item >= kNumPhys || loc_[item] != kLocShuffle) {
      bad("a shuffle item that is not being shuffled");
    }
  }
  if (count(kLocPool) != undetermined + tokens)
    bad("the unseen pool does not match the face-down cells");
  if (count(kLocShuffle) + tokens +
          [&] {
            int j = 0;
            for (int i = 0; i < rs_count_; ++i)
              j += rs_items_[i] >= 200 && rs_items_[i] < 300 ? 1 : 0;
            return j;
          }() !=
      rs_count_) {
    bad("shuffle items and shuffled cards disagree");
  }
  const bool setup =
      phase_ == Phase::kFirstRoll || phase_ == Phase::kChooseSuit || phase_ == Phase::kPlace;
  const bool shuffling = phase_ == Phase::kShuffleDraw || phase_ == Phase::kShuffleDeal;
  for (int p = 0; p < n; ++p) {
    const PlayerState& ps = players_[p];
    if (ps.pos < 0 && !setup && !shuffling) bad(fmt::format("{} has no cell", kSeatNames[p]));
    if (ps.pos >= 0) {
      if (down_[ps.pos]) bad("a Jack on a face-down card");
      if (cell_card_[ps.pos] >= 0 && !(phase_ == Phase::kRelocating && p == combat_.loser))
        bad("a Jack on a card");
      if (ps.entered != in_grid(ps.pos)) bad("\"entered\" disagrees with the Jack's cell");
      for (int q = 0; q < p; ++q) {
        if (players_[q].pos == ps.pos) bad("two Jacks on one cell");
      }
    }
    if (ps.debt % 2 != 0) bad("debt is counted in pairs");
    for (int q = 0; q < p; ++q) {
      if (ps.suit >= 0 && players_[q].suit == ps.suit) bad("two players with one Jack");
    }
    if (!setup && ps.suit < 0) bad(fmt::format("{} has no Jack", kSeatNames[p]));
  }
  if (setup) {
    for (int p = 0; p < n; ++p) {
      if (players_[p].pos >= 0 && phase_ != Phase::kPlace)
        bad("a Jack placed before the placement");
    }
  }
  const int cells_ok = [&] {
    for (int c = 0; c < kCells; ++c) {
      if (in_grid(c) && !down_[c] && cell_card_[c] >= 0 && is_ace(cell_card_[c]) && guard_[c] < 0 &&
          phase_ != Phase::kGuardian && phase_ != Phase::kDeal) {
        return 0;
      }
    }
    return 1;
  }();
  if (!cells_ok) bad("a face-up Ace without its Guardian");
  if (phase_ != Phase::kOver && winner_ >= 0) bad("a winner before the end");
  if (combat_.set_aside != 0 && (phase_ != Phase::kRerolling || combat_.defender >= 0))
    bad("dice set aside outside the choice of a King reroll");
  const Combat& c = combat_;
  switch (phase_) {
    case Phase::kDeal:
      if (pending_.none()) bad("a deal with no pending cell");
      break;
    case Phase::kGuardian: {
      int cell = -1;
      ace_needs_guardian(cell);
      if (cell < 0 || count(kLocGuardDeck) == 0) bad("a Guardian draw with no Ace to guard");
      break;
    }
    case Phase::kCombatPrep:
    case Phase::kDice:
    case Phase::kRerolling:
    case Phase::kKeepNpc:
    case Phase::kJokerLoss:
    case Phase::kPvpPrep:
    case Phase::kRelocating: {
      if (c.attacker != to_move_) bad("the attacker is not the player to move");
      const bool pvp = c.defender >= 0;
      if (pvp) {
        if (c.defender == c.attacker || c.target < 0) bad("a malformed PvP fight");
        if (phase_ == Phase::kCombatPrep || phase_ == Phase::kKeepNpc ||
            phase_ == Phase::kJokerLoss)
          bad("a PvP fight in a PvE phase");
        if (phase_ == Phase::kRelocating &&
            (c.loser < 0 || (c.loser != c.attacker && c.loser != c.defender)))
          bad("no PvP loser");
        if (phase_ == Phase::kPvpPrep &&
            (c.side > 1 || c.commit[1] != -2 || (c.side == 1) != (c.commit[0] != -2)))
          bad("malformed PvP commitments");
        if (phase_ == Phase::kPvpPrep && c.commit[0] >= 0 &&
            !value_card_ok(c.attacker, c.commit[0]))
          bad("a committed card not in hand");
        if (phase_ == Phase::kDice && (c.die[0] != 0 && c.die[1] != 0)) bad("no PvP die to roll");
        if (phase_ == Phase::kRerolling && (c.side > 1 || c.die[0] == 0 || c.die[1] == 0))
          bad("a PvP reroll before the dice");
        if ((phase_ == Phase::kDice || phase_ == Phase::kRerolling) &&
            (c.commit[0] == -2 || c.commit[1] == -2))
          bad("PvP dice before both commitments");
        break;
      }
      if (c.target < 0 || c.loser >= 0) bad("a fight without a target");
      const int card = cell_card_[c.target];
      if (phase_ != Phase::kKeepNpc && (card < 0 || down_[c.target]))
        bad("a fight against nothing");
      if (phase_ == Phase::kPvpPrep || phase_ == Phase::kRelocating)
        bad("a PvE fight in a PvP phase");
      if (phase_ == Phase::kDice && (c.dice == 0 || (c.rolled == c.dice && c.final_die != 0)))
        bad("no die to roll");
      if (phase_ == Phase::kDice && c.rolled < c.dice && fight_decided())
        bad("dice still to roll in a fight already lost (all six faces shown, no reroll)");
      // Dice are missing from the shown ones only when set aside for a reroll being chosen.
      if (phase_ == Phase::kRerolling &&
          ((c.rolled != c.dice) != (c.set_aside != 0) || c.final_die == 0 || c.dice == 0))
        bad("a reroll before the dice");
      for (int f = 0; f < 6; ++f) {
        if ((c.set_aside & (1 << f)) != 0 && c.faces[f] == 0)
          bad("every die of a face set aside: that face is rerolled whole");
      }
      if (c.set_aside != 0 && (c.rerolled & (1u << c.attacker)) == 0)
        bad("dice set aside without the King reroll");
      // Nothing changes the count while the dice are rolled: it is the one the fight gives.
      if ((phase_ == Phase::kDice || phase_ == Phase::kRerolling) &&
          c.dice != dice_count(c.attacker, c.value_card >= 0 ? value_of(c.value_card) : 0,
                               board_fight_value(c.target)))
        bad(fmt::format("{} shown dice where the fight gives {} (G5.3.1)", c.dice,
                        dice_count(c.attacker, c.value_card >= 0 ? value_of(c.value_card) : 0,
                                   board_fight_value(c.target))));
      if (phase_ == Phase::kKeepNpc &&
          (held_card_ < 0 || loc_[held_card_] != kLocHand + to_move_ || !is_npc(held_card_)))
        bad("no NPC to keep");
      if (phase_ == Phase::kJokerLoss && (card < 0 || !is_joker(card)))
        bad("a Joker loss without a Joker");
      break;
    }
    case Phase::kScavKeep:
      if (held_card_ < 0 || loc_[held_card_] != kLocHand + to_move_ || !private_[held_card_])
        bad("no scavenged card to keep");
      break;
    case Phase::kScavDraw:
      if (count(kLocScavDeck) == 0) bad("a Scavenger draw from an empty deck");
      break;
    case Phase::kShuffleDraw:
      if (rs_need_ == 0 || count(kLocMainDiscard) < rs_need_)
        bad("a shuffle draw with nothing to draw");
      [[fallthrough]];
    case Phase::kShuffleDeal:
      if (rs_centre_ < 0 || !in_grid(rs_centre_) || row_of(rs_centre_) < 2 ||
          row_of(rs_centre_) > 6 || col_of(rs_centre_) < 2 || col_of(rs_centre_) > 6 ||
          rs_count_ == 0 || rs_count_ + rs_need_ + rs_next_ > 9 || rs_group_ == 0) {
        bad("a malformed Reality Shuffle");
      }
      break;
    case Phase::kPeeking:
      if (peeks_left_ == 0) bad("a peek with none left");
      break;
    default:
      break;
  }
  if (phase_ == Phase::kDeal || phase_ == Phase::kGuardian) {
    if (after_target_ < 0 && after_ != After::kNone) bad("a reveal without a target");
    if (after_ == After::kPortalled &&
        (portal_card_ < 0 || (after_target_ >= 0 && !in_grid(after_target_))))
      bad("a Portal without its card");
    if (after_ == After::kPeeked && peeks_left_ == 0) bad("a peek with none left");
    if (after_ == After::kRevealed && (after_target_ < 0 || !in_grid(after_target_)))
      bad("a reveal outside the grid");
  } else if (pending_.any()) {
    bad("pending cells outside a deal");
  }
}

// ---- Views --------------------------------------------------------------------------------------

Json State::view(Player observer) const {
  const bool all = observer == kOmniscient || phase_ == Phase::kOver;
  auto sees_cell = [&](int c) {
    return all || (observer >= 0 && (known_[c] & (1u << observer)) != 0);
  };
  auto sees_card = [&](int p, int phys) { return all || observer == p || !private_[phys]; };
  Json v = Json::object();
  Json seats = Json::array();
  for (int p = 0; p < config_.players; ++p) seats.push_back(kSeatNames[p]);
  v["seats"] = seats;
  v["observer"] = observer;
  v["phase"] = kPhaseNames[static_cast<std::size_t>(phase_)];
  v["to_act"] = current_player();
  v["turn"] = {{"seat", to_move_},
               {"actions_left", actions_left_},
               {"paid", paid_actions_},
               {"last_was_reveal", last_was_reveal_},
               {"boost_used", boost_used_},
               {"scavenged", scavenged_},
               {"round", round_},
               {"first", first_},
               {"turns", turns_}};
  Json board = Json::array();
  for (int r = 0; r < kSide; ++r) {
    Json row = Json::array();
    for (int col = 0; col < kSide; ++col) {
      const int c = cell_at(r, col);
      std::string text;
      if (down_[c]) {
        text = "#";
        if (cell_card_[c] >= 0 && sees_cell(c)) text += phys_name(cell_card_[c]);
        if (group_[c] != 0) text += fmt::format("~{}", group_[c]);
      } else if (cell_card_[c] >= 0) {
        text = phys_name(cell_card_[c]);
        if (guard_[c] >= 0) text += "/" + phys_name(guard_[c]);
        if (dropped_[c]) text += "!";
      }
      row.push_back(text);
    }
    board.push_back(row);
  }
  v["board"] = board;
  Json peeks = Json::array();
  for (int c = 0; c < kCells; ++c) {
    if (known_[c] != 0) peeks.push_back({cell_name(c), known_[c]});
  }
  v["peeked"] = peeks;
  Json players = Json::array();
  for (int p = 0; p < config_.players; ++p) {
    const PlayerState& ps = players_[p];
    std::vector<int> shown;
    int hidden = 0;
    for (int phys : hand(p)) {
      if (sees_card(p, phys)) {
        shown.push_back(phys);
      } else {
        ++hidden;
      }
    }
    players.push_back(
        {{"seat", kSeatNames[p]},
         {"jack", ps.suit >= 0 ? std::string(suit_symbol(static_cast<Suit>(ps.suit))) : ""},
         {"cell", ps.pos >= 0 ? cell_name(ps.pos) : ""},
         {"entered", ps.entered},
         {"debt", ps.debt},
         {"skip", ps.skip},
         {"bolster", ps.bolster},
         {"hindered", ps.hindered},
         {"jokers", jokers_held(p)},
         {"hand_size", static_cast<int>(shown.size()) + hidden},
         {"hand", card_list(shown)},
         {"hidden", hidden}});
  }
  v["players"] = players;
  auto pile = [&](std::uint8_t where) {
    std::vector<int> cards;
    for (int phys = 0; phys < kNumPhys; ++phys) {
      if (loc_[phys] == where) cards.push_back(phys);
    }
    return cards;
  };
  v["main_discard"] = card_list(pile(kLocMainDiscard));
  v["scavenger_discard"] = card_list(pile(kLocScavDiscard));
  v["scavenger_deck"] = pile(kLocScavDeck).size();
  v["guardian_deck"] = card_list(pile(kLocGuardDeck));
  v["guardians_aside"] = card_list(pile(kLocAside));
  v["unseen_dungeon"] = pile(kLocPool).size();
  if (phase_ == Phase::kCombatPrep || phase_ == Phase::kDice || phase_ == Phase::kRerolling ||
      phase_ == Phase::kKeepNpc || phase_ == Phase::kJokerLoss || phase_ == Phase::kPvpPrep ||
      phase_ == Phase::kRelocating) {
    const Combat& c = combat_;
    Json cj = {{"attacker", c.attacker}, {"target", c.target >= 0 ? cell_name(c.target) : ""}};
    if (c.defender >= 0) {
      cj["defender"] = c.defender;
      Json commits = Json::array();
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
      cj["commit"] = commits;
      cj["dice"] = c.die;
      cj["side"] = c.side;
      cj["loser"] = c.loser;
    } else {
      cj["value_card"] = c.value_card >= 0 ? phys_name(c.value_card) : "";
      cj["defender_value"] = board_fight_value(c.target);
      cj["dice"] = c.dice;
      cj["faces"] = c.faces;
      cj["final_die"] = c.final_die;
      if (c.set_aside != 0) {
        Json faces = Json::array();
        for (int f = 0; f < 6; ++f) {
          if ((c.set_aside & (1 << f)) != 0) faces.push_back(f + 1);
        }
        cj["set_aside"] = {{"dice", c.dice - c.rolled}, {"faces", faces}};
      }
    }
    cj["rerolled"] = c.rerolled;
    v["combat"] = cj;
  }
  if (phase_ == Phase::kScavKeep || phase_ == Phase::kKeepNpc) {
    v["held"] = sees_card(to_move_, held_card_) ? phys_name(held_card_) : "hidden";
  }
  if (phase_ == Phase::kPeeking || after_ == After::kPeeked) v["peeks_left"] = peeks_left_;
  if (phase_ == Phase::kShuffleDraw || phase_ == Phase::kShuffleDeal) {
    v["shuffle"] = {{"centre", cell_name(rs_centre_)},
                    {"items", rs_count_},
                    {"draws", rs_need_},
                    {"next", rs_next_}};
  }
  if (phase_ == Phase::kDeal || phase_ == Phase::kGuardian) {
    v["revealing"] = {{"after", static_cast<int>(after_)},
                      {"target", after_target_ >= 0 ? cell_name(after_target_) : ""},
                      {"pending", bits_list(pending_, kCells)},
                      {"portal_card", portal_card_ >= 0 ? phys_name(portal_card_) : ""}};
  }
  if (phase_ == Phase::kOver) v["winner"] = winner_;
  if (last_fight_.attacker >= 0) v["lastFight"] = last_fight_view();
  return v;
}

// A hash of exactly what view(p) shows (kept in step with view(): hidden facts enter only as
// "unseen"), without building the JSON.
std::uint64_t State::information_state_key(Player p) const {
  if (phase_ == Phase::kOver) return Hasher(0x4a4f4b4552ULL).add(view(p).dump()).value();
  Hasher h(0x4a4f4b4553ULL);
  h.add(static_cast<std::uint64_t>(p + 8)).add(static_cast<std::uint64_t>(phase_));
  h.add(static_cast<std::uint64_t>(current_player() + 8));
  for (int v : {int(to_move_), int(actions_left_), int(paid_actions_), int(last_was_reveal_),
                int(boost_used_), int(scavenged_), int(round_), int(first_), int(turns_)}) {
    h.add(static_cast<std::uint64_t>(v + 1000));
  }
  const auto mine = static_cast<unsigned>(1u << p);
  std::array<int, 8> counts{};  // pool, Scavenger deck, hidden cards of each hand
  for (int phys = 0; phys < kNumPhys; ++phys) {
    const int where = loc_[phys];
    int shown = where;
    if (where == kLocPool || where == kLocScavDeck || where == kLocShuffle ||
        (where < kCells && down_[where] && (known_[where] & mine) == 0) ||
        (where >= kLocHand && where < kLocHand + kMaxPlayers && where - kLocHand != p &&
         private_[phys])) {
      shown = 200;  // not named in the view
    }
    if (where == kLocPool) ++counts[0];
    if (where == kLocScavDeck) ++counts[1];
    if (shown == 200 && where >= kLocHand && where < kLocHand + kMaxPlayers)
      ++counts[2 + where - kLocHand];
    h.add(static_cast<std::uint64_t>(shown));
  }
  for (int k : counts) h.add(static_cast<std::uint64_t>(k));
  for (int c = 0; c < kCells; ++c) {
    h.add(static_cast<std::uint64_t>(down_[c]) | static_cast<std::uint64_t>(dropped_[c]) << 1 |
          static_cast<std::uint64_t>(known_[c]) << 2 | static_cast<std::uint64_t>(group_[c]) << 8);
  }
  for (int q = 0; q < config_.players; ++q) {
    const PlayerState& ps = players_[q];
    h.add(static_cast<std::uint64_t>(ps.pos + 2)).add(static_cast<std::uint64_t>(ps.suit + 2));
    h.add(static_cast<std::uint64_t>(ps.entered) | static_cast<std::uint64_t>(ps.skip) << 1 |
          static_cast<std::uint64_t>(ps.bolster) << 2 |
          static_cast<std::uint64_t>(ps.hindered) << 3);
    h.add(ps.debt);
  }
  const bool combat = phase_ == Phase::kCombatPrep || phase_ == Phase::kDice ||
                      phase_ == Phase::kRerolling || phase_ == Phase::kKeepNpc ||
                      phase_ == Phase::kJokerLoss || phase_ == Phase::kPvpPrep ||
                      phase_ == Phase::kRelocating;
  if (combat) {
    const Combat& c = combat_;
    for (int v : {int(c.attacker), int(c.target), int(c.defender), int(c.side), int(c.loser),
                  int(c.rerolled), int(c.die[0]), int(c.die[1]), int(c.value_card), int(c.dice),
                  int(c.final_die), int(c.set_aside)}) {
      h.add(static_cast<std::uint64_t>(v + 1000));
    }
    for (int f : c.faces) h.add(static_cast<std::uint64_t>(f));
    const bool both = c.commit[0] != -2 && c.commit[1] != -2;
    for (int side = 0; side < 2; ++side) {
      const int seat = side == 0 ? c.attacker : c.defender;
      const int card = c.commit[side];
      const int shown = card == -2 ? -2 : (both || p == seat) ? card : -3;
      h.add(static_cast<std::uint64_t>(shown + 1000));
    }
  }
  if (phase_ == Phase::kScavKeep || phase_ == Phase::kKeepNpc) {
    h.add(static_cast<std::uint64_t>(p == to_move_ || !private_[held_card_] ? held_card_ + 1000
                                                                            : 999));
  }
  if (phase_ == Phase::kPeeking || after_ == After::kPeeked) h.add(peeks_left_);
  if (phase_ == Phase::kShuffleDraw || phase_ == Phase::kShuffleDeal) {
    h.add(static_cast<std::uint64_t>(rs_centre_ + 1000)).add(rs_count_).add(rs_need_).add(rs_next_);
  }
  if (phase_ == Phase::kDeal || phase_ == Phase::kGuardian) {
    h.add(static_cast<std::uint64_t>(after_)).add(static_cast<std::uint64_t>(after_target_ + 1000));
    h.add(static_cast<std::uint64_t>(portal_card_ + 1000));
    for (int c = 0; c < kCells; ++c) h.add(static_cast<std::uint64_t>(pending_[c]));
  }
  hash_last_fight(h);
  return h.value();
}

// ---- Resampling ---------------------------------------------------------------------------------

State State::resample(Player p, Rng& rng) const {
  State w = *this;
  if (phase_ == Phase::kOver || p == kOmniscient) return w;
  const auto mine = static_cast<unsigned>(p >= 0 ? 1u << p : 0u);
  const unsigned knows = mine | kGroupPublic;
  // 1. Each Reality Shuffle group: a uniform permutation of what lies on the cells p has not
  //    seen (cards and still undetermined cells alike).
  std::bitset<256> groups;
  for (int c = 0; c < kCells; ++c) groups.set(group_[c]);
  for (int g = 1; g < 256; ++g) {
    if (!groups[static_cast<std::size_t>(g)]) continue;
    std::vector<int> gs, gc;
    for (int c = 0; c < kCells; ++c) {
      if (down_[c] && group_[c] == g && (known_[c] & mine) == 0 && !pending_[c]) {
        gs.push_back(c);
        gc.push_back(w.cell_card_[c]);
      }
    }
    if (gs.size() < 2) continue;
    rng.shuffle(gc.begin(), gc.end());
    for (int c : gs) {
      if (w.cell_card_[c] >= 0) w.put(w.cell_card_[c], kLocShuffle);
    }
    for (std::size_t i = 0; i < gs.size(); ++i) {
      if (gc[i] >= 0) w.put(gc[i], static_cast<std::uint8_t>(gs[i]));
    }
  }
  // 2. Every card whose identity p does not know is exchangeable with the unseen pool: dealt
  //    face-down cards p has not seen (peeked by others), cards of a shuffle group p does not know
  //    to be in it, and such cards of a Reality Shuffle being dealt.
  std::vector<int> cells, items, cards;
  for (int c = 0; c < kCells; ++c) {
    const int card = w.cell_card_[c];
    if (!down_[c] || card < 0 || pending_[c] || (known_[c] & mine) != 0) continue;
    if (group_[c] != 0 && (card >= 54 || (w.gknown_[card] & knows) != 0)) continue;
    cells.push_back(c);
    cards.push_back(card);
  }
  for (int i = 0; i < rs_count_; ++i) {
    const int item = rs_items_[i];
    if (item < 54 && loc_[item] == kLocShuffle && (gknown_[item] & knows) == 0) {
      items.push_back(i);
      cards.push_back(item);
    }
  }
  for (int phys = 0; phys < kNumPhys; ++phys) {
    if (loc_[phys] == kLocPool) cards.push_back(phys);
  }
  if (!cells.empty() || !items.empty()) {
    rng.shuffle(cards.begin(), cards.end());
    for (int c : cells) w.put(w.cell_card_[c], kLocPool);
    for (int i : items) w.put(w.rs_items_[i], kLocPool);
    std::size_t k = 0;
    for (int c : cells) w.put(cards[k++], static_cast<std::uint8_t>(c));
    for (int i : items) {
      w.put(cards[k], kLocShuffle);
      w.rs_items_[i] = static_cast<std::int16_t>(cards[k++]);
    }
  }
  // 3. Other players' privately scavenged cards: any keepable card of the Scavenger deck.
  std::vector<std::pair<int, int>> held;  // (seat, old card)
  for (int phys = 0; phys < kNumPhys; ++phys) {
    const int where = loc_[phys];
    if (private_[phys] && where - kLocHand != p) held.emplace_back(where - kLocHand, phys);
  }
  for (const auto& [q, old] : held) w.put(old, kLocScavDeck);
  for (const auto& [q, old] : held) {
    std::vector<int> options;
    for (int phys = 0; phys < kNumPhys; ++phys) {
      if (w.loc_[phys] == kLocScavDeck && w.keepable_by(q, phys)) options.push_back(phys);
    }
    const int pick = options[rng.below(options.size())];
    w.put(pick, static_cast<std::uint8_t>(kLocHand + q));
    w.private_.set(static_cast<std::size_t>(pick));
    if (held_card_ == old) w.held_card_ = static_cast<std::int8_t>(pick);
    if (combat_.commit[0] == old) w.combat_.commit[0] = static_cast<std::int8_t>(pick);
  }
  // 4. A hidden PvP commitment of the attacker: any of its possible choices.
  if (phase_ == Phase::kPvpPrep && combat_.side == 1 && p != combat_.attacker) {
    std::vector<int> options = {-1};
    for (int phys = 0; phys < kNumPhys; ++phys) {
      if (w.value_card_ok(combat_.attacker, phys)) options.push_back(phys);
    }
    w.combat_.commit[0] = static_cast<std::int8_t>(options[rng.below(options.size())]);
  }
  return w;
}

// ---- Reasons ------------------------------------------------------------------------------------

std::string State::illegal_reason(Action a) const {
  if (phase_ == Phase::kOver) return "the game is over";
  if (a < 0 || a >= kNumActions) return fmt::format("{} is not a Joker's Labyrinth action", a);
  if (Access::quick_legal(*this, a)) return {};
  ActionList legal;
  legal.reserve(256);  // one allocation: this runs for every action a caller checks
  legal_actions(legal);
  if (std::binary_search(legal.begin(), legal.end(), a)) return {};
  const std::string what = action_to_string(a);
  if (current_player() == kChancePlayer)
    return fmt::format("'{}' is not a possible chance outcome now", what);
  if (a >= kChanceFirst)
    return fmt::format("'{}' is a chance outcome; {} is to act", what, kSeatNames[actor()]);
  switch (phase_) {
    case Phase::kChooseSuit:
      return "choose a free Jack now (G5.2 step 4)";
    case Phase::kPlace:
      return "place the Jack on a free start spot next to a corner card (A-G5-7)";
    case Phase::kCombatPrep:
    case Phase::kPvpPrep:
      return "in a fight choose one Equipment or Friendly NPC from your hand, or nocard; pay debt, "
             "bolster or hinder (G5.3.1)";
    case Phase::kRerolling:
      return "reroll own dice once per combat, only while holding a King (A-G5-18)";
    case Phase::kKeepNpc:
    case Phase::kScavKeep:
      return "answer keep or discard";
    case Phase::kJokerLoss:
      return "after losing to a Joker pay two Equipment/Friendly NPC cards or take the debt";
    case Phase::kRelocating:
      return "place the loser on a free start spot (A-G5-24)";
    case Phase::kPeeking:
      return "peek at a face-down card you have not seen, or done (Advanced Recon)";
    default:
      break;
  }
  const PlayerState& ps = players_[to_move_];
  if (a >= kReveal && a < kScavenge && actions_left_ <= 0)
    return "no action left this turn (2 a turn)";
  if (a >= kReveal && a < kMove) return "Reveal needs an adjacent face-down Dungeon card";
  if (a >= kMove && a < kFight) {
    const int cell = neighbour(ps.pos, static_cast<int>(a - kMove));
    if (cell >= 0 && !in_grid(cell) && ps.entered)
      return "once inside the Dungeon you may not leave it";
    return "Move goes to an adjacent empty space, Equipment, Friendly NPC, own-suit Ace or Joker; "
           "not "
           "onto face-down cards, Hazards, Hostile NPCs or Jacks";
  }
  if (a >= kFight && a < kScavenge)
    return "Fight needs an adjacent Hazard, Guardian, Hostile NPC, Joker or Jack";
  if (a == kScavenge)
    return "Scavenge is not the first action, once a turn, on an empty Dungeon space (A-G5-12, "
           "A-G5-20)";
  if (a >= kPortal && a < kRelocate)
    return "Portal follows a Reveal, discarding Equipment or a Friendly NPC, onto an adjacent "
           "face-down card";
  if (a >= kBoost && a < kPortal)
    return "Boost is once a turn, discarding a non-Joker card, to a space a Move could reach";
  if (a >= kPay && a < kPayEnd) return "pay debt with two Equipment/Friendly NPC cards while owing";
  if (a >= kAceRecon && a < kReroll)
    return "use an Ace you hold on something it changes: Recon needs a face-down card around the "
           "Jack, Advanced Recon one you have not peeked, a Reality Shuffle a card, Jack or "
           "face-down card in its area, a Hazard Shift a face-up Hazard that can move (A-G5-60)";
  return "not legal in this situation";
}

}  // namespace mw::jokers_labyrinth
