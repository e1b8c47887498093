#include "core/cards.h"

#include <array>
#include <cctype>

namespace mw {
namespace {

constexpr std::array<std::string_view, kNumSuits> kAsciiSuits = {"C", "D", "H", "S"};
constexpr std::array<std::string_view, kNumSuits> kUnicodeSuits = {"♣", "♦", "♥", "♠"};
constexpr std::array<std::string_view, kNumSuits> kUnicodeHollowSuits = {"♧", "♢", "♡", "♤"};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<int> parse_rank(std::string_view text) {
  const std::string t = lower(text);
  if (t == "a") return 1;
  if (t == "t" || t == "10") return 10;
  if (t == "j") return 11;
  if (t == "q") return 12;
  if (t == "k") return 13;
  if (t.size() == 1 && t[0] >= '2' && t[0] <= '9') return t[0] - '0';
  return std::nullopt;
}

}  // namespace

std::string_view suit_symbol(Suit suit, CardStyle style) {
  const auto i = static_cast<std::size_t>(suit);
  return style == CardStyle::kUnicode ? kUnicodeSuits[i] : kAsciiSuits[i];
}

std::string rank_name(int rank) {
  switch (rank) {
    case 1: return "A";
    case 11: return "J";
    case 12: return "Q";
    case 13: return "K";
    default: return std::to_string(rank);
  }
}

std::string card_name(Card card, CardStyle style) {
  if (card.is_joker()) {
    const bool second = card.code() == Card::kBlackJokerCode;
    if (style == CardStyle::kUnicode) return second ? "Joker2" : "Joker";
    return second ? "JK2" : "JK";
  }
  return rank_name(card.rank()) + std::string(suit_symbol(card.suit(), style));
}

std::optional<Suit> parse_suit(std::string_view text) {
  const std::string t = lower(text);
  for (std::size_t i = 0; i < kNumSuits; ++i) {
    if (t == lower(kAsciiSuits[i]) || text == kUnicodeSuits[i] || text == kUnicodeHollowSuits[i]) {
      return static_cast<Suit>(i);
    }
  }
  static constexpr std::array<std::string_view, kNumSuits> kWords = {"clubs", "diamonds", "hearts",
                                                                     "spades"};
  for (std::size_t i = 0; i < kNumSuits; ++i) {
    if (t == kWords[i] || t + "s" == kWords[i]) return static_cast<Suit>(i);
  }
  return std::nullopt;
}

std::optional<Card> parse_card(std::string_view text) {
  const std::string t = lower(text);
  if (t == "jk" || t == "joker" || t == "jk1" || t == "joker1") return Card::joker(true);
  if (t == "jk2" || t == "joker2") return Card::joker(false);
  // The rank is the leading ASCII part ("10", "a"); the rest is the suit (ASCII or a symbol).
  std::size_t split = 0;
  while (split < text.size() && std::isalnum(static_cast<unsigned char>(text[split]))) ++split;
  if (split == text.size() && split >= 2) split = text.size() - 1;  // "10d", "as"
  if (split == 0 || split == text.size()) return std::nullopt;
  auto rank = parse_rank(text.substr(0, split));
  auto suit = parse_suit(text.substr(split));
  if (!rank || !suit) return std::nullopt;
  return Card::of(*suit, *rank);
}

}  // namespace mw
