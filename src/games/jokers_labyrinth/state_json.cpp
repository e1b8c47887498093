// Reading a Joker's Labyrinth body (from_json), field by field (docs/rules/jokers-labyrinth.md).
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/json_depth.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"
#include "games/jokers_labyrinth/state_json_internal.h"

namespace mw::jokers_labyrinth {
namespace {

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

}  // namespace

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
  s.index_piles();
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

}  // namespace mw::jokers_labyrinth
