#pragma once
// Standard playing cards (52 + 2 Jokers), shared by the card games. A card is one byte so that
// game states holding many of them stay small and cheap to copy.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mw {

enum class Suit : std::uint8_t { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };
inline constexpr int kNumSuits = 4;

class Card {
 public:
  static constexpr std::uint8_t kRedJokerCode = 52;
  static constexpr std::uint8_t kBlackJokerCode = 53;
  static constexpr int kNumCodes = 54;

  constexpr Card() = default;
  static constexpr Card of(Suit suit, int rank) {
    return Card(static_cast<std::uint8_t>(static_cast<int>(suit) * 13 + (rank - 1)));
  }
  static constexpr Card joker(bool red = true) {
    return Card(red ? kRedJokerCode : kBlackJokerCode);
  }
  static constexpr Card from_code(std::uint8_t code) { return Card(code); }

  constexpr std::uint8_t code() const { return code_; }
  constexpr bool is_joker() const { return code_ >= kRedJokerCode; }
  // Rank 1 (Ace) .. 13 (King); 0 for a Joker.
  constexpr int rank() const { return is_joker() ? 0 : code_ % 13 + 1; }
  constexpr Suit suit() const { return static_cast<Suit>(code_ / 13); }
  constexpr bool is_red() const {
    return is_joker() ? code_ == kRedJokerCode
                      : (suit() == Suit::kDiamonds || suit() == Suit::kHearts);
  }
  friend constexpr bool operator==(Card, Card) = default;

 private:
  constexpr explicit Card(std::uint8_t code) : code_(code) {}
  std::uint8_t code_ = 0;
};

enum class CardStyle { kAscii, kUnicode };

// "10♦" / "10D", "A♠" / "AS", "Joker" / "JK" (the black Joker: "Joker2" / "JK2").
std::string card_name(Card card, CardStyle style = CardStyle::kAscii);
std::string_view suit_symbol(Suit suit, CardStyle style = CardStyle::kAscii);
std::string rank_name(int rank);

// Accepts "10D", "TD", "10♦", "td", "ad", "QH", "JK", "Joker" (case-insensitive, ♦♥♣♠ or ♢♡♧♤).
std::optional<Card> parse_card(std::string_view text);
std::optional<Suit> parse_suit(std::string_view text);

}  // namespace mw
