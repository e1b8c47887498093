// Resampling a Joker's Labyrinth state: a world consistent with all that one seat knows.
#include <algorithm>
#include <array>
#include <bit>
#include <bitset>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <tuple>
#include <utility>

#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace {

// Lists with room for every cell or every card, kept off the heap: a search resamples once an
// iteration.
template <std::size_t N>
using Fixed = boost::container::static_vector<int, N>;

// Calls f(i) for each set bit i of `bits`, in increasing order, a 64-bit word at a time: the
// face-down cells and the private cards are a few of their sets' positions.
template <std::size_t N, typename F>
void for_each_set(const std::bitset<N>& bits, F f) {
  static_assert(N > 64 && N <= 128, "two words");
  const std::bitset<N> low(~0ULL);
  const std::array<std::uint64_t, 2> words = {(bits & low).to_ullong(), (bits >> 64).to_ullong()};
  for (int k = 0; k < 2; ++k) {
    for (std::uint64_t w = words[k]; w != 0; w &= w - 1) f(64 * k + std::countr_zero(w));
  }
}

}  // namespace

State State::resample(Player p, Rng& rng) const {
  State w = *this;
  if (phase_ == Phase::kOver || p == kOmniscient) return w;
  const auto mine = static_cast<unsigned>(p >= 0 ? 1u << p : 0u);
  const unsigned knows = mine | kGroupPublic;
  // 1. Each Reality Shuffle group: a uniform permutation of what lies on the cells p has not
  //    seen (cards and still undetermined cells alike).
  Fixed<kCells> unseen;  // the cells to shuffle, by group and then by cell, in one pass
  for_each_set(down_, [&](int c) {
    if (group_[c] != 0 && (known_[c] & mine) == 0 && !pending_[c]) unseen.push_back(c);
  });
  std::sort(unseen.begin(), unseen.end(), [this](int a, int b) {
    return group_[a] != group_[b] ? group_[a] < group_[b] : a < b;
  });
  for (auto first = unseen.begin(); first != unseen.end();) {
    const auto last =
        std::find_if(first, unseen.end(), [&](int c) { return group_[c] != group_[*first]; });
    if (last - first >= 2) {
      Fixed<kCells> gc;
      for (auto c = first; c != last; ++c) gc.push_back(w.cell_card_[*c]);
      rng.shuffle(gc.begin(), gc.end());
      for (auto c = first; c != last; ++c) {
        if (w.cell_card_[*c] >= 0) w.put(w.cell_card_[*c], kLocShuffle);
      }
      for (std::size_t i = 0; i < gc.size(); ++i) {
        if (gc[i] >= 0) w.put(gc[i], static_cast<std::uint8_t>(first[i]));
      }
    }
    first = last;
  }
  // 2. Every card whose identity p does not know is exchangeable with the unseen pool: dealt
  //    face-down cards p has not seen (peeked by others), cards of a shuffle group p does not know
  //    to be in it, and such cards of a Reality Shuffle being dealt.
  Fixed<kCells> cells;
  Fixed<std::tuple_size_v<decltype(rs_items_)>> items;
  Fixed<kNumPhys> cards;  // each card once: the cells', the items' and the pool's are disjoint
  for_each_set(down_, [&](int c) {
    const int card = w.cell_card_[c];
    if (card < 0 || pending_[c] || (known_[c] & mine) != 0) return;
    if (group_[c] != 0 && (card >= 54 || (w.gknown_[card] & knows) != 0)) return;
    cells.push_back(c);
    cards.push_back(card);
  });
  for (int i = 0; i < rs_count_; ++i) {
    const int item = rs_items_[i];
    if (item < 54 && loc_[item] == kLocShuffle && (gknown_[item] & knows) == 0) {
      items.push_back(i);
      cards.push_back(item);
    }
  }
  if (!cells.empty() || !items.empty()) {
    cards_at(kLocPool).for_each([&](int phys) { cards.push_back(phys); });
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
  boost::container::static_vector<std::pair<int, int>, kNumPhys> held;  // (seat, old card)
  for_each_set(private_, [&](int phys) {
    const int where = loc_[phys];
    if (where - kLocHand != p) held.emplace_back(where - kLocHand, phys);
  });
  for (const auto& [q, old] : held) w.put(old, kLocScavDeck);
  for (const auto& [q, old] : held) {
    Fixed<kNumPhys> options;
    w.cards_at(kLocScavDeck).for_each([&](int phys) {
      if (w.keepable_by(q, phys)) options.push_back(phys);
    });
    const int pick = options[rng.below(options.size())];
    w.put(pick, static_cast<std::uint8_t>(kLocHand + q));
    w.private_.set(static_cast<std::size_t>(pick));
    if (held_card_ == old) w.held_card_ = static_cast<std::int8_t>(pick);
    if (combat_.commit[0] == old) w.combat_.commit[0] = static_cast<std::int8_t>(pick);
  }
  // 4. A hidden PvP commitment of the attacker: any of its possible choices.
  if (phase_ == Phase::kPvpPrep && combat_.side == 1 && p != combat_.attacker) {
    Fixed<kNumPhys + 1> options = {-1};
    for (int phys = 0; phys < kNumPhys; ++phys) {
      if (w.value_card_ok(combat_.attacker, phys)) options.push_back(phys);
    }
    w.combat_.commit[0] = static_cast<std::int8_t>(options[rng.below(options.size())]);
  }
  return w;
}

}  // namespace mw::jokers_labyrinth
