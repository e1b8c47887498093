// Resampling a Joker's Labyrinth state: a world consistent with all that one seat knows.
#include <bitset>
#include <utility>
#include <vector>

#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {

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

}  // namespace mw::jokers_labyrinth
