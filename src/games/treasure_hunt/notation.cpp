// Options, card and cell names, and the action notation of Treasure Hunt
// (docs/rules/treasure-hunt.md).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <stdexcept>

#include "core/cards.h"
#include "core/error.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {
namespace {

constexpr std::string_view kDirLetters = "URDL";  // index = Dir

std::vector<std::string> permutations(std::string letters) {
  std::sort(letters.begin(), letters.end());
  std::vector<std::string> out;
  do out.push_back(letters);
  while (std::next_permutation(letters.begin(), letters.end()));
  return out;
}

// Red opposite blue and yellow opposite green (the text); which way each points is a ruling.
std::vector<std::string> specialized_keys() {
  std::vector<std::string> out;
  for (char red : kDirLetters) {
    const auto r = static_cast<Dir>(kDirLetters.find(red));
    for (char yellow : kDirLetters) {
      const auto y = static_cast<Dir>(kDirLetters.find(yellow));
      if (y == r || y == opposite(r)) continue;
      out.push_back({red, kDirLetters[static_cast<int>(opposite(r))], yellow,
                     kDirLetters[static_cast<int>(opposite(y))]});
    }
  }
  return out;
}

Dir letter_dir(char c) {
  return static_cast<Dir>(kDirLetters.find(c));
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() &&
           (std::isspace(static_cast<unsigned char>(text[i])) || text[i] == '-' || text[i] == ',' ||
            text[i] == '<' || text[i] == '>')) {
      ++i;
    }
    std::size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) &&
           text[j] != '-' && text[j] != ',' && text[j] != '<' && text[j] != '>') {
      ++j;
    }
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

constexpr std::array<char, 4> kColourLetters = {'R', 'B', 'Y', 'G'};

}  // namespace

std::vector<OptionSpec> option_specs() {
  return {
      OptionSpec::choice("deck", "standard", {"standard", "specialized"},
                         "standard: 13 diamonds + A-4 of the other suits; specialized: the "
                         "reconstructed 9 Treasures + 16 coloured arrows"),  // A-G3-14
      OptionSpec::choice("mapKey", "LDUR", permutations("DLRU"),
                         "directions of clubs, diamonds, hearts, spades as U/R/D/L letters; LDUR "
                         "is from the worked examples, LDRU the text's sample key"),  // A-G3-1
      OptionSpec::choice(
          "cycleRule", "stopBeforeRepeat", {"stopBeforeRepeat", "stopOnRepeat"},
          "an involuntary chain that would revisit a card stops before it or on it"),  // A-G3-3
      OptionSpec::choice("firstPlayer", "random", {"random", "green", "purple"},
                         "who takes the first turn; random: drawn at the start"),  // A-G3-12
      OptionSpec::choice("specializedKey", "UDLR", specialized_keys(),
                         "directions of red, blue, yellow, green arrows"),  // A-G3-16
      OptionSpec::choice("specializedTreasureDirection", "down", {"up", "right", "down", "left"},
                         "the direction Treasure cards move a pawn"),  // G3.1
      OptionSpec::integer("targetScore", 50, 1, 10000,
                          "specialized deck: the score that wins at the end of one's own turn"),
      OptionSpec::integer("turnLimit", 0, 0, 1000000,
                          "end after this many turns, most points winning (0: no limit)"),
  };
}

Config Config::from_options(const Options& options) {
  Config c;
  c.deck =
      options.get_string("deck") == "specialized" ? DeckKind::kSpecialized : DeckKind::kStandard;
  c.cycle_rule = options.get_string("cycleRule") == "stopOnRepeat" ? CycleRule::kStopOnRepeat
                                                                   : CycleRule::kStopBeforeRepeat;
  const std::string first = options.get_string("firstPlayer");
  c.first_player = first == "green" ? 0 : first == "purple" ? 1 : -1;
  c.target_score = static_cast<std::int32_t>(options.get_int("targetScore"));
  c.turn_limit = static_cast<std::int32_t>(options.get_int("turnLimit"));
  std::array<Dir, kNumCards> dirs{};
  if (c.deck == DeckKind::kStandard) {
    const std::string key = options.get_string("mapKey");  // clubs, diamonds, hearts, spades
    for (int card = 0; card < kNumCards; ++card) {
      const int suit = card < 13 ? 1 : card < 17 ? 0 : card < 21 ? 2 : 3;
      dirs[card] = letter_dir(key[suit]);
    }
  } else {
    const std::string key = options.get_string("specializedKey");  // red, blue, yellow, green
    const Dir treasure = *parse_dir(options.get_string("specializedTreasureDirection"));
    for (int card = 0; card < kNumCards; ++card) {
      dirs[card] = card < 9 ? treasure : letter_dir(key[(card - 9) / 4]);
    }
  }
  c.moves = CardMoves::get(c.deck, dirs);
  return c;
}

int num_treasures(DeckKind deck) {
  return deck == DeckKind::kStandard ? 13 : 9;
}
bool is_treasure(DeckKind deck, int card) {
  return card < num_treasures(deck);
}

int card_value(DeckKind deck, int card) {
  if (deck == DeckKind::kStandard) return card < 13 ? card + 1 : (card - 13) % 4 + 1;
  return card < 9 ? card + 1 : (card - 9) % 4 + 1;
}

namespace {
Card standard_card(int card) {
  if (card < 13) return Card::of(Suit::kDiamonds, card + 1);
  static constexpr std::array<Suit, 3> kOthers = {Suit::kClubs, Suit::kHearts, Suit::kSpades};
  return Card::of(kOthers[(card - 13) / 4], (card - 13) % 4 + 1);
}

std::string make_cell_name(int cell) {
  const Cell c = Board::cell(cell);
  return fmt::format("{}{}", static_cast<char>('a' + c.col), c.row + 1);
}

std::string make_card_code(DeckKind deck, int card) {
  if (deck == DeckKind::kStandard) return card_name(standard_card(card), CardStyle::kAscii);
  if (card < 9) return fmt::format("T{}", card + 1);
  return fmt::format("{}{}", kColourLetters[(card - 9) / 4], (card - 9) % 4 + 1);
}
}  // namespace

// Card codes ("10D", "T1", "B4") and cell names ("a1") are at most this long.
constexpr std::size_t kLongestName = 3;

// Written once per deck: every view and every legal swap's text names cards.
const std::string& card_code_of(DeckKind deck, int card) {
  static const auto kCodes = [] {
    std::array<std::array<std::string, kNumCards>, 2> codes;
    for (const DeckKind d : {DeckKind::kStandard, DeckKind::kSpecialized}) {
      for (int c = 0; c < kNumCards; ++c) codes[static_cast<int>(d)][c] = make_card_code(d, c);
    }
    for (const auto& deck_codes : codes) {
      for (const std::string& code : deck_codes) {
        if (code.size() > kLongestName) throw std::logic_error("card code too long: " + code);
      }
    }
    return codes;
  }();
  return kCodes[static_cast<int>(deck)][card];
}

std::string card_code(DeckKind deck, int card) {
  return card < 0 ? "--" : card_code_of(deck, card);
}

std::string card_display(DeckKind deck, int card) {
  if (card >= 0 && deck == DeckKind::kStandard) {
    return card_name(standard_card(card), CardStyle::kUnicode);
  }
  return card_code(deck, card);
}

int parse_card_code(DeckKind deck, std::string_view text) {
  const auto standard = deck == DeckKind::kStandard ? parse_card(text) : std::nullopt;
  const std::string wanted = lower(text);
  for (int card = 0; card < kNumCards; ++card) {
    if (deck == DeckKind::kStandard ? standard && *standard == standard_card(card)
                                    : wanted == lower(card_code(deck, card))) {
      return card;
    }
  }
  return -1;
}

// Written once: every view names the pawns' cells.
const std::string& cell_name_of(int cell) {
  static const auto kNames = [] {
    std::array<std::string, kCells> names;
    for (int i = 0; i < kCells; ++i) names[i] = make_cell_name(i);
    return names;
  }();
  return kNames[cell];
}

std::string cell_name(int cell) {
  return cell >= 0 && cell < kCells ? cell_name_of(cell) : make_cell_name(cell);
}

int parse_cell(std::string_view text) {
  if (text.size() != 2) return -1;
  const int col = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  const int row = text[1] - '1';
  if (col < 0 || col >= kSize || row < 0 || row >= kSize) return -1;
  return Board::index({row, col});
}

// A card code or cell name in a fixed block, so that it is copied whole without a call: a swap
// decision lists 60-70 swaps in every message to the mover.
struct ShortName {
  std::array<char, kLongestName + 1> text{};
  std::size_t size = 0;
};

ShortName short_name(const std::string& name) {
  ShortName n;
  std::memcpy(n.text.data(), name.data(), name.size());
  n.size = name.size();
  return n;
}

// [deck][card] for the cards, [2][cell] for the cells.
static_assert(kNumCards <= kCells);
using ShortNames = std::array<std::array<ShortName, kCells>, 3>;

const ShortNames& short_names() {
  static const ShortNames kNames = [] {
    ShortNames names;
    for (const DeckKind d : {DeckKind::kStandard, DeckKind::kSpecialized}) {
      for (int c = 0; c < kNumCards; ++c) {
        names[static_cast<int>(d)][c] = short_name(card_code_of(d, c));
      }
    }
    for (int cell = 0; cell < kCells; ++cell) names[2][cell] = short_name(cell_name_of(cell));
    return names;
  }();
  return kNames;
}

// A swap's text ("4D-9D", or cells before the deal), built in place between quotes: card codes
// and cell names are letters and digits, so the quoted text is the JSON string as written.
struct SwapText {
  std::array<char, 2 * (kLongestName + 1) + 2> text;
  std::size_t size;
  std::string_view view() const { return {text.data() + 1, size}; }
  std::string_view as_json() const { return {text.data(), size + 2}; }
};

SwapText State::swap_text(Action a) const {
  const int x = static_cast<int>(a / kCells), y = static_cast<int>(a % kCells);
  const bool dealt = card_at_[x] >= 0 && card_at_[y] >= 0;
  const ShortNames& names = short_names();
  const auto& row = names[dealt ? static_cast<int>(config_.deck) : 2];
  const ShortName& first = row[dealt ? card_at_[x] : x];
  const ShortName& second = row[dealt ? card_at_[y] : y];
  SwapText t;
  t.text[0] = '"';
  std::memcpy(t.text.data() + 1, first.text.data(), first.text.size());
  t.text[1 + first.size] = '-';
  std::memcpy(t.text.data() + 2 + first.size, second.text.data(), second.text.size());
  t.size = first.size + 1 + second.size;
  t.text[1 + t.size] = '"';
  return t;
}

std::string State::action_to_string(Action a) const {
  if (a >= kSwapBase && a < kStepBase) return std::string(swap_text(a).view());
  if (a >= kStepBase && a < kDealBase)
    return std::string(dir_name(static_cast<Dir>(a - kStepBase)));
  if (a >= kDealBase && a < kFirstPlayerBase) {
    return "deal " + card_code(config_.deck, static_cast<int>(a - kDealBase));
  }
  if (a >= kFirstPlayerBase && a < kNumActions) {
    return fmt::format("first {}", lower(kSeatNames[a - kFirstPlayerBase]));
  }
  return fmt::format("invalid({})", a);
}

void State::write_action_text(Action a, JsonTextWriter& w) const {
  if (a >= kSwapBase && a < kStepBase) {
    w.raw(swap_text(a).as_json());
  } else if (a >= kStepBase && a < kDealBase) {
    w.string(dir_name(static_cast<Dir>(a - kStepBase)));
  } else {
    w.string(action_to_string(a));
  }
}

// A cell written in lower case wins: the specialized deck's Blue cards "B1".."B4" would otherwise
// shadow the cells b1..b4 (card codes are printed in upper case, so round trips are unaffected).
int State::parse_card_or_cell(std::string_view text) const {
  const bool lower_case = !text.empty() && std::islower(static_cast<unsigned char>(text[0]));
  if (const int cell = parse_cell(text); cell >= 0 && lower_case) return cell;
  if (int card = parse_card_code(config_.deck, text); card >= 0 && cell_of_[card] >= 0) {
    return cell_of_[card];
  }
  return parse_cell(text);
}

Action State::parse_swap(std::string_view first, std::string_view second) const {
  const int x = parse_card_or_cell(first), y = parse_card_or_cell(second);
  if (x < 0 || y < 0) {
    throw Error(ErrorCode::kParse,
                fmt::format("'{}' is not a dealt card or a cell; a swap names two cards or cells, "
                            "like '2D-3D' or 'a1-a4'",
                            x < 0 ? first : second));
  }
  return kSwapBase + std::min(x, y) * kCells + std::max(x, y);
}

// A step or a swap of two dealt cards exactly as action_to_string writes it (what a client sends
// back from the legal list), read without splitting words or folding case; nullopt for anything
// else, which parse_action reads the long way, to the same action for these texts.
std::optional<Action> State::parse_as_written(std::string_view text) const {
  for (const Dir d : kAllDirs) {
    if (text == dir_name(d)) return kStepBase + static_cast<int>(d);
  }
  const std::size_t dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto dealt_cell = [&](std::string_view code) {
    for (int card = 0; card < kNumCards; ++card) {
      if (card_code_of(config_.deck, card) == code) return static_cast<int>(cell_of_[card]);
    }
    return -1;
  };
  const int x = dealt_cell(text.substr(0, dash)), y = dealt_cell(text.substr(dash + 1));
  if (x < 0 || y < 0) return std::nullopt;
  return kSwapBase + std::min(x, y) * kCells + std::max(x, y);
}

Action State::parse_action(std::string_view text) const {
  if (const std::optional<Action> written = parse_as_written(text)) return *written;
  auto w = words(text);
  if (!w.empty() && (lower(w[0]) == "swap" || lower(w[0]) == "step" || lower(w[0]) == "move")) {
    w.erase(w.begin());
  }
  if (w.size() == 2 && lower(w[0]) == "deal") {
    const int card = parse_card_code(config_.deck, w[1]);
    if (card < 0)
      throw Error(ErrorCode::kParse, fmt::format("'{}' is not a card of this deck", w[1]));
    return kDealBase + card;
  }
  if (w.size() == 2 && lower(w[0]) == "first") {
    const std::string who = lower(w[1]);
    if (who == "green" || who == "0") return kFirstPlayerBase;
    if (who == "purple" || who == "1") return kFirstPlayerBase + 1;
    throw Error(ErrorCode::kParse, "expected 'first green' or 'first purple'");
  }
  if (w.size() == 1) {
    if (auto d = parse_dir(w[0])) return kStepBase + static_cast<int>(*d);
  }
  if (w.size() == 2) return parse_swap(w[0], w[1]);
  throw Error(ErrorCode::kParse,
              fmt::format("'{}' is not Treasure Hunt notation: expected a swap of two cards or "
                          "cells in one row or column ('2D-3D', 'a1-a4') or a step ('up', "
                          "'right', 'down', 'left')",
                          text));
}

}  // namespace mw::treasure_hunt
