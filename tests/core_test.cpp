// Unit tests of the core layer (src/core): randomness, hashing, cards, grid, options, registry,
// records, matches and agent specs. Golden values pin the algorithms: seeds are stored in records
// and keys between processes, so a changed number here is a compatibility break, not a detail.
// Every suite is named "core" so that `ctest -R core` selects them.
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "ai/agents.h"
#include "ai/random_agent.h"
#include "core/cards.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hash.h"
#include "core/json_depth.h"
#include "core/match.h"
#include "core/options.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/rng.h"
#include "games/all_games.h"

namespace mw {
namespace {

// Runs `f`, which must throw mw::Error with `code`; returns the message for further checks.
template <class F>
std::string error_of(ErrorCode code, F&& f) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(error_code_name(e.code()), error_code_name(code)) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "expected an Error(" << error_code_name(code) << ")";
  return "";
}

// ---- Rng, derive_seed ---------------------------------------------------------------------------

TEST(core, RngSameSeedSameStream) {
  Rng a(7), b(7);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
}

// The reference outputs of SplitMix64 and xoshiro256** (checked against an independent
// implementation of the published algorithms), and of Lemire's bounded draw built on them.
TEST(core, RngGoldenValues) {
  std::uint64_t x = 0;
  EXPECT_EQ(splitmix64(x), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(splitmix64(x), 0x6e789e6aa1b965f4ULL);
  static_assert([] {
    Rng r(0);
    return r.next() == 0x99ec5f36cb75f2b4ULL && r.next() == 0xbf6e1f784956452aULL &&
           r.next() == 0x1a5f849d4933e6e0ULL;
  }());
  Rng below(42);
  std::vector<std::uint64_t> draws;
  for (int i = 0; i < 10; ++i) draws.push_back(below.below(10));
  EXPECT_EQ(draws, (std::vector<std::uint64_t>{0, 3, 6, 9, 9, 7, 7, 8, 7, 5}));
  EXPECT_DOUBLE_EQ(Rng(42).uniform(), 0.08386297105988216);
  std::vector<int> cards(10);
  std::iota(cards.begin(), cards.end(), 0);
  Rng shuffler(7);
  shuffler.shuffle(cards.begin(), cards.end());
  EXPECT_EQ(cards, (std::vector<int>{1, 8, 3, 0, 4, 5, 9, 6, 2, 7}));
}

TEST(core, RngBelowStaysInRangeAndIsRoughlyUniform) {
  Rng rng(1);
  constexpr int kBound = 6, kDraws = 60'000;
  std::array<int, kBound> counts{};
  for (int i = 0; i < kDraws; ++i) {
    const auto v = rng.below(kBound);
    ASSERT_LT(v, static_cast<std::uint64_t>(kBound));
    ++counts[v];
  }
  double chi2 = 0;
  for (int c : counts)
    chi2 += (c - kDraws / kBound) * (c - kDraws / kBound) / (kDraws / double{kBound});
  EXPECT_LT(chi2, 20.5);  // the 0.1% critical value for 5 degrees of freedom
  for (int i = 0; i < 100; ++i) EXPECT_EQ(rng.below(1), 0u);
  const std::uint64_t huge = (1ULL << 63) + 1;  // rejection sampling is exercised here
  for (int i = 0; i < 1000; ++i) EXPECT_LT(rng.below(huge), huge);
  for (int i = 0; i < 1000; ++i) {
    const double u = rng.uniform();
    EXPECT_TRUE(u >= 0.0 && u < 1.0) << u;
  }
}

TEST(core, RngShuffleIsAPermutation) {
  Rng rng(3);
  for (int n : {0, 1, 2, 25, 54}) {
    std::vector<int> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), 0);
    rng.shuffle(v.begin(), v.end());
    EXPECT_EQ(std::set<int>(v.begin(), v.end()).size(), static_cast<std::size_t>(n));
  }
}

TEST(core, DeriveSeedGivesIndependentStreams) {
  EXPECT_EQ(derive_seed(1, 2), 0xb2ffcc13bd6d4b83ULL);
  EXPECT_EQ(derive_seed(0, 0), 0x890acd8dd443c47cULL);
  std::set<std::uint64_t> seen;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    for (std::uint64_t stream = 0; stream < 200; ++stream) {
      seen.insert(derive_seed(seed, stream));
      seen.insert(Rng(derive_seed(seed, stream)).next());
    }
  }
  EXPECT_EQ(seen.size(), 2u * 50 * 200) << "two (seed, stream) pairs collide";
}

// ---- Hasher -------------------------------------------------------------------------------------

TEST(core, HasherIsStableAndOrderSensitive) {
  static_assert(Hasher().add(1).add("abc").value() == 0x1e794aac16246088ULL);
  EXPECT_EQ(Hasher().value(), 0xa8e6d9f9d2146d73ULL);
  EXPECT_EQ(Hasher(7).add(std::uint64_t{0}).value(), 0x6e43946f0015e078ULL);
  EXPECT_EQ(mix64(1), 0xb456bcfc34c2cb2cULL);
  EXPECT_NE(Hasher().add(1).add(2).value(), Hasher().add(2).add(1).value());
  EXPECT_NE(Hasher().add("ab").add("c").value(), Hasher().add("abc").value());  // lengths count
  EXPECT_NE(Hasher(1).value(), Hasher(2).value());
}

// ---- Cards --------------------------------------------------------------------------------------

TEST(core, EveryCardRoundTripsThroughItsNames) {
  for (int code = 0; code < Card::kNumCodes; ++code) {
    const Card card = Card::from_code(static_cast<std::uint8_t>(code));
    for (CardStyle style : {CardStyle::kAscii, CardStyle::kUnicode}) {
      const std::string name = card_name(card, style);
      EXPECT_EQ(parse_card(name), card) << name;
    }
    std::string lower = card_name(card);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(parse_card(lower), card) << lower;
  }
}

TEST(core, CardProperties) {
  const Card ten = Card::of(Suit::kDiamonds, 10);
  EXPECT_EQ(card_name(ten), "10D");
  EXPECT_EQ(card_name(ten, CardStyle::kUnicode), "10♦");
  EXPECT_EQ(ten.rank(), 10);
  EXPECT_EQ(ten.suit(), Suit::kDiamonds);
  EXPECT_TRUE(ten.is_red());
  EXPECT_FALSE(Card::of(Suit::kSpades, 1).is_red());
  EXPECT_FALSE(Card::of(Suit::kClubs, 13).is_red());
  EXPECT_TRUE(Card::joker(true).is_joker());
  EXPECT_TRUE(Card::joker(true).is_red());
  EXPECT_FALSE(Card::joker(false).is_red());
  EXPECT_EQ(Card::joker().rank(), 0);
  EXPECT_EQ(card_name(Card::joker(false)), "JK2");
  EXPECT_EQ(card_name(Card::joker(false), CardStyle::kUnicode), "Joker2");
  int reds = 0;
  for (int code = 0; code < 52; ++code)
    reds += Card::from_code(static_cast<std::uint8_t>(code)).is_red();
  EXPECT_EQ(reds, 26);
}

TEST(core, CardAliasesParse) {
  EXPECT_EQ(parse_card("TD"), Card::of(Suit::kDiamonds, 10));
  EXPECT_EQ(parse_card("td"), Card::of(Suit::kDiamonds, 10));
  EXPECT_EQ(parse_card("A♤"), Card::of(Suit::kSpades, 1));
  EXPECT_EQ(parse_card("Q♡"), Card::of(Suit::kHearts, 12));
  EXPECT_EQ(parse_card("joker"), Card::joker(true));
  EXPECT_EQ(parse_card("JK1"), Card::joker(true));
  EXPECT_EQ(parse_suit("Spades"), Suit::kSpades);
  EXPECT_EQ(parse_suit("club"), Suit::kClubs);
  EXPECT_EQ(parse_suit("♢"), Suit::kDiamonds);
}

TEST(core, JunkIsNotACard) {
  for (const char* junk : {"", "X", "D", "10", "1D", "11D", "0H", "AX", "A", "♦", "A♦x", "AD ",
                           " AD", "JK3", "Joker3", "KK", "10DD", "♦A"}) {
    EXPECT_FALSE(parse_card(junk).has_value()) << "'" << junk << "'";
  }
  for (const char* junk : {"", "X", "DD", "spade s", "♦♦"}) {
    EXPECT_FALSE(parse_suit(junk).has_value()) << "'" << junk << "'";
  }
}

// ---- Grid ---------------------------------------------------------------------------------------

TEST(core, DirectionsNameParseAndOppose) {
  for (Dir d : kAllDirs) {
    EXPECT_EQ(parse_dir(dir_name(d)), d);
    EXPECT_EQ(opposite(opposite(d)), d);
    EXPECT_EQ(row_delta(d) + row_delta(opposite(d)), 0);
    EXPECT_EQ(col_delta(d) + col_delta(opposite(d)), 0);
    EXPECT_EQ(std::abs(row_delta(d)) + std::abs(col_delta(d)), 1);
  }
  EXPECT_EQ(parse_dir("N"), Dir::kUp);
  EXPECT_EQ(parse_dir("east"), Dir::kRight);
  EXPECT_EQ(parse_dir("S"), Dir::kDown);
  EXPECT_EQ(parse_dir("l"), Dir::kLeft);
  for (const char* junk : {"", "x", "upp", "north-east", "2"}) {
    EXPECT_FALSE(parse_dir(junk).has_value()) << junk;
  }
}

TEST(core, RectGridIndexesRowMajor) {
  using Grid = RectGrid<3, 4>;
  static_assert(Grid::kCells == 12);
  for (int i = 0; i < Grid::kCells; ++i) {
    EXPECT_TRUE(Grid::contains(Grid::cell(i)));
    EXPECT_EQ(Grid::index(Grid::cell(i)), i);
  }
  EXPECT_EQ(Grid::cell(5), (Cell{1, 1}));
  EXPECT_EQ((Cell{1, 1}.step(Dir::kUp)), (Cell{0, 1}));
  EXPECT_EQ((Cell{1, 1}.step(Dir::kRight, 2)), (Cell{1, 3}));
  EXPECT_FALSE(Grid::contains(Cell{0, 0}.step(Dir::kLeft)));
  EXPECT_FALSE(Grid::contains(Cell{2, 0}.step(Dir::kDown)));
  EXPECT_FALSE(Grid::contains({0, 4}));
}

// ---- Options ------------------------------------------------------------------------------------

std::vector<OptionSpec> sample_specs() {
  return {OptionSpec::boolean("fast", false, "help"),
          OptionSpec::integer("players", 2, 2, 4, "help"),
          OptionSpec::choice("deck", "standard", {"standard", "small"}, "help")};
}

TEST(core, OptionsResolveFillsDefaultsAndAppliesOverrides) {
  const auto specs = sample_specs();
  const Options defaults = Options::resolve(specs, Json::object());
  EXPECT_FALSE(defaults.get_bool("fast"));
  EXPECT_EQ(defaults.get_int("players"), 2);
  EXPECT_EQ(defaults.get_string("deck"), "standard");
  EXPECT_EQ(Options::resolve(specs, nullptr), defaults);
  const Options set = Options::resolve(specs, {{"players", 4}, {"deck", "small"}, {"fast", true}});
  EXPECT_TRUE(set.get_bool("fast"));
  EXPECT_EQ(set.get_int("players"), 4);
  EXPECT_EQ(set.get_string("deck"), "small");
  EXPECT_NE(set, defaults);
  EXPECT_EQ(error_of(ErrorCode::kInternal, [&] { defaults.get_int("nope"); }),
            "option 'nope' was never declared");
}

TEST(core, OptionsResolveRejectsEveryBadOverride) {
  const auto specs = sample_specs();
  auto bad = [&](const Json& overrides) {
    return error_of(ErrorCode::kBadOption, [&] { Options::resolve(specs, overrides); });
  };
  EXPECT_EQ(bad(Json::array()), "options must be a JSON object of name: value");
  EXPECT_EQ(bad(42), "options must be a JSON object of name: value");
  EXPECT_EQ(bad({{"speed", 1}}), "unknown option 'speed'; known: fast, players, deck");
  EXPECT_EQ(bad({{"fast", 1}}), "option 'fast' expects true or false, got 1");
  EXPECT_EQ(bad({{"players", "3"}}), "option 'players' expects an integer, got \"3\"");
  EXPECT_EQ(bad({{"players", 2.5}}), "option 'players' expects an integer, got 2.5");
  EXPECT_EQ(bad({{"players", 1}}), "option 'players' must be in 2..4, got 1");
  EXPECT_EQ(bad({{"players", 5}}), "option 'players' must be in 2..4, got 5");
  EXPECT_EQ(bad({{"deck", "big"}}),
            "option 'deck' expects one of standard, small (a string), got \"big\"");
  EXPECT_EQ(bad({{"deck", 1}}), "option 'deck' expects one of standard, small (a string), got 1");
  // A choice that reads as a number may come as that number (matchGames: 1, 2, 4).
  const std::vector<OptionSpec> numbered = {
      OptionSpec::choice("games", "1", {"1", "2", "4"}, "help")};
  EXPECT_EQ(Options::resolve(numbered, {{"games", 2}}).to_json()["games"], "2");
  EXPECT_EQ(error_of(ErrorCode::kBadOption, [&] { Options::resolve(numbered, {{"games", 3}}); }),
            "option 'games' expects one of 1, 2, 4 (a string), got 3");
  // Above INT64_MAX: must not wrap to a negative number that a range like -5..5 would accept.
  const std::vector<OptionSpec> signed_range = {OptionSpec::integer("offset", 0, -5, 5, "help")};
  EXPECT_EQ(error_of(ErrorCode::kBadOption,
                     [&] {
                       Options::resolve(signed_range, {{"offset", 18446744073709551615ULL}});
                     }),
            "option 'offset' must be in -5..5, got 18446744073709551615");
  EXPECT_EQ(error_of(ErrorCode::kBadOption,
                     [] {
                       Options::resolve({}, {{"x", 1}});
                     }),
            "unknown option 'x'; known: (this game has no options)");
}

TEST(core, OptionsParseAssignmentsTypesValues) {
  const auto specs = sample_specs();
  EXPECT_EQ(Options::parse_assignments(specs, {"players=3", "deck=small", "fast=yes"}),
            (Json{{"players", 3}, {"deck", "small"}, {"fast", true}}));
  for (const char* yes : {"true", "1", "yes", "on"}) {
    EXPECT_EQ(Options::parse_assignments(specs, {std::string("fast=") + yes})["fast"], true);
  }
  for (const char* no : {"false", "0", "no", "off"}) {
    EXPECT_EQ(Options::parse_assignments(specs, {std::string("fast=") + no})["fast"], false);
  }
  EXPECT_EQ(Options::parse_assignments(specs, {}), Json::object());
}

TEST(core, OptionsParseAssignmentsRejectsEveryBadAssignment) {
  const auto specs = sample_specs();
  auto bad = [&](const std::string& text) {
    return error_of(ErrorCode::kBadOption, [&] { Options::parse_assignments(specs, {text}); });
  };
  EXPECT_EQ(bad("players"), "expected an option as name=value, got 'players'");
  EXPECT_EQ(bad("=3"), "expected an option as name=value, got '=3'");
  EXPECT_EQ(bad("speed=1"), "unknown option 'speed'; known: fast, players, deck");
  EXPECT_EQ(bad("fast=maybe"), "option 'fast' expects true or false, got 'maybe'");
  EXPECT_EQ(bad("players=3x"), "option 'players' expects an integer, got '3x'");
  EXPECT_EQ(bad("players="), "option 'players' expects an integer, got ''");
  EXPECT_EQ(bad("players= 3"), "option 'players' expects an integer, got ' 3'");
  EXPECT_EQ(bad("players=9"), "option 'players' must be in 2..4, got 9");
  EXPECT_EQ(bad("deck=big"),
            "option 'deck' expects one of standard, small (a string), got \"big\"");
}

TEST(core, OptionSpecDescribesItself) {
  const auto specs = sample_specs();
  EXPECT_EQ(specs[0].to_json()["type"], "bool");
  EXPECT_EQ(specs[1].to_json()["min"], 2);
  EXPECT_EQ(specs[1].to_json()["max"], 4);
  EXPECT_EQ(specs[2].to_json()["choices"], (Json{"standard", "small"}));
  EXPECT_EQ(specs[2].to_json()["default"], "standard");
}

// ---- Errors, registry, games --------------------------------------------------------------------

TEST(core, ErrorCodesHaveStableDistinctNames) {
  std::set<std::string_view> names;
  for (int c = 0; c <= static_cast<int>(ErrorCode::kInternal); ++c) {
    names.insert(error_code_name(static_cast<ErrorCode>(c)));
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(ErrorCode::kInternal) + 1);
  EXPECT_EQ(error_code_name(ErrorCode::kIllegalAction), "illegal_action");
  EXPECT_EQ(error_code_name(ErrorCode::kParse), "parse_error");
}

Game first_game() {
  return builtin_games().load(builtin_games().entries().front()->info.id);
}

TEST(core, RegistryNamesTheKnownGamesForAnUnknownId) {
  const std::string message =
      error_of(ErrorCode::kUnknownGame, [] { builtin_games().entry("no-such-game"); });
  EXPECT_EQ(message.rfind("unknown game 'no-such-game'; known: ", 0), 0u) << message;
  for (const GameEntry* e : builtin_games().entries()) {
    EXPECT_NE(message.find(e->info.id), std::string::npos) << message;
  }
  Registry twice;
  twice.add(*builtin_games().entries().front());
  error_of(ErrorCode::kInternal, [&] { twice.add(*builtin_games().entries().front()); });
}

TEST(core, RegistryLoadsGamesAndDocuments) {
  const Game game = first_game();
  EXPECT_EQ(game.to_json()["game"], game.id());
  EXPECT_EQ(game.to_json()["options"], game.options().to_json());
  EXPECT_TRUE(game == builtin_games().load(game.id()));
  const State s = game.new_initial_state();
  EXPECT_EQ(builtin_games().state_from_document(s.to_document()).to_json(), s.to_json());

  const Registry& r = builtin_games();
  const std::string shape =
      "a state document is {\"game\": id, \"options\": {...}, \"state\": {...}}";
  EXPECT_EQ(error_of(ErrorCode::kBadState, [&] { r.state_from_document(5); }), shape);
  EXPECT_EQ(error_of(ErrorCode::kBadState,
                     [&] {
                       r.state_from_document({{"game", game.id()}});
                     }),
            shape);
  EXPECT_EQ(error_of(ErrorCode::kBadState,
                     [&] {
                       r.state_from_document({{"game", 5}, {"state", Json::object()}});
                     }),
            shape);
  error_of(ErrorCode::kUnknownGame, [&] {
    r.state_from_document({{"game", "nope"}, {"state", Json::object()}});
  });
  error_of(ErrorCode::kBadOption, [&] {
    r.state_from_document(
        {{"game", game.id()}, {"options", {{"nope", 1}}}, {"state", s.to_json()}});
  });
  error_of(ErrorCode::kBadState, [&] {
    r.state_from_document({{"game", game.id()}, {"state", Json::array()}});
  });
}

// ---- Records and replays ------------------------------------------------------------------------

MatchResult random_match(const Game& game, std::uint64_t seed, int max_actions = 1'000'000) {
  std::vector<RandomAgent> agents(static_cast<std::size_t>(game.num_players()));
  std::vector<Agent*> seats;
  for (auto& a : agents) seats.push_back(&a);
  return play_match(game, seats, {seed, max_actions, true});
}

TEST(core, GameRecordFromJsonNamesTheBadField) {
  auto bad = [](const Json& j) {
    return error_of(ErrorCode::kBadRecord, [&] { GameRecord::from_json(j); });
  };
  const Json ok = {{"game", "g"}, {"actions", {1, 2}}};
  auto with = [&](const char* name, const Json& value) {
    Json j = ok;
    j[name] = value;
    return j;
  };
  EXPECT_EQ(bad(Json::array()), "game record: expected a JSON object");
  EXPECT_EQ(bad(with("format", "other")), "game record: format must be \"mazeworks-record\"");
  EXPECT_EQ(bad({{"actions", Json::array()}}), "game record: \"game\" must be a game id string");
  EXPECT_EQ(bad(with("game", 3)), "game record: \"game\" must be a game id string");
  EXPECT_EQ(bad(with("options", Json::array())), "game record: \"options\" must be an object");
  EXPECT_EQ(bad(with("seed", -1)), "game record: \"seed\" must be a non-negative integer");
  EXPECT_EQ(bad(with("seed", 1.5)), "game record: \"seed\" must be a non-negative integer");
  EXPECT_EQ(bad(with("seed", "7")), "game record: \"seed\" must be a non-negative integer");
  EXPECT_EQ(bad({{"game", "g"}}), "game record: \"actions\" must be an array");
  EXPECT_EQ(bad(with("actions", "1 2")), "game record: \"actions\" must be an array");
  EXPECT_EQ(bad(with("actions", {1, "2"})), "game record: every action must be an integer");
  EXPECT_EQ(bad(with("actions", {1.5})), "game record: every action must be an integer");
  EXPECT_EQ(bad(with("version", 2)),
            "game record: \"version\" 2 is not one this engine reads (it reads 1)");
  EXPECT_EQ(bad(with("version", "1")),
            "game record: \"version\" \"1\" is not one this engine reads (it reads 1)");
  EXPECT_NO_THROW(GameRecord::from_json(with("version", 1)));

  Json full = with("players", {"random", 3, "human"});
  full["seed"] = 9;
  full["start"] = nullptr;
  const GameRecord r = GameRecord::from_json(full);
  EXPECT_EQ(r.game, "g");
  EXPECT_EQ(r.seed, 9u);
  EXPECT_FALSE(r.start.has_value());
  EXPECT_EQ(r.actions, (ActionList{1, 2}));
  EXPECT_EQ(r.players, (std::vector<std::string>{"random", "human"}));  // non-strings are skipped
  EXPECT_EQ(GameRecord::from_json(with("seed", 18446744073709551615ULL)).seed,
            18446744073709551615ULL);
}

TEST(core, GameRecordRoundTripsAndReplays) {
  const Game game = first_game();
  const Registry& registry = builtin_games();
  GameRecord record = random_match(game, 11).record;
  record.players = {"random", "random"};
  const State end = replay(registry, record);
  EXPECT_TRUE(end.is_terminal());
  const Json json = Json::parse(record.to_json(registry).dump());
  EXPECT_EQ(json["format"], "mazeworks-record");
  EXPECT_EQ(json["version"], 1);
  EXPECT_EQ(json["notation"].size(), record.actions.size());
  EXPECT_EQ(json["returns"].get<std::vector<double>>(), end.returns());
  const GameRecord back = GameRecord::from_json(json);
  EXPECT_EQ(back.game, record.game);
  EXPECT_EQ(back.options, record.options);
  EXPECT_EQ(back.seed, record.seed);
  EXPECT_EQ(back.actions, record.actions);
  EXPECT_EQ(back.players, record.players);
  EXPECT_EQ(replay(registry, back).to_json(), end.to_json());
  EXPECT_EQ(replay(registry, record, 0).to_json(), game.new_initial_state().to_json());

  // From a set-up position: the start body and the remaining actions.
  ASSERT_GT(record.actions.size(), 30u);
  GameRecord resumed = record;
  resumed.start = replay(registry, record, 30).to_json();
  resumed.actions.erase(resumed.actions.begin(), resumed.actions.begin() + 30);
  const GameRecord resumed_back =
      GameRecord::from_json(Json::parse(resumed.to_json(registry).dump()));
  ASSERT_TRUE(resumed_back.start.has_value());
  EXPECT_EQ(replay(registry, resumed_back).to_json(), end.to_json());
}

TEST(core, ReplayNamesTheFirstActionThatDoesNotApply) {
  const Game game = first_game();
  const Registry& registry = builtin_games();
  GameRecord record = random_match(game, 5).record;
  GameRecord broken = record;
  broken.actions.insert(broken.actions.begin() + 3, -5);
  EXPECT_NE(error_of(ErrorCode::kBadRecord, [&] { replay(registry, broken); })
                .find("game record: action #4 (-5) does not apply: "),
            std::string::npos);
  GameRecord too_long = record;
  too_long.actions.push_back(record.actions.back());
  EXPECT_EQ(error_of(ErrorCode::kBadRecord, [&] { replay(registry, too_long); }),
            "game record: action #" + std::to_string(too_long.actions.size()) + " (" +
                std::to_string(record.actions.back()) + ") does not apply: the game is over");
  GameRecord unknown = record;
  unknown.game = "nope";
  error_of(ErrorCode::kUnknownGame, [&] { replay(registry, unknown); });
}

TEST(core, ApplyAllAppliesEveryActionOrNone) {
  State s = first_game().new_initial_state();
  Rng rng(11);
  while (s.is_chance_node()) s.apply(s.sample_chance(rng));
  ASSERT_FALSE(s.is_terminal());
  const Action first = s.legal_actions().front();
  State after_first = s;
  after_first.apply(first);
  ASSERT_FALSE(after_first.is_terminal());
  const Action second = after_first.legal_actions().front();
  State expected = after_first;
  expected.apply(second);

  const Json before = s.to_json();
  EXPECT_NE(error_of(ErrorCode::kIllegalAction,
                     [&] {
                       s.apply_all({first, -1});
                     })
                .find("action 2 of 2"),
            std::string::npos);
  EXPECT_EQ(s.to_json(), before) << "a refused sequence changed the state";
  error_of(ErrorCode::kIllegalAction, [&] { s.apply_all({}); });
  EXPECT_EQ(s.to_json(), before);

  s.apply_all({first, second});
  EXPECT_EQ(s.to_json(), expected.to_json());
  // A game without multi-action notation reads one action per text.
  EXPECT_EQ(expected.parse_actions(expected.action_to_string(expected.legal_actions().front())),
            std::vector<Action>{expected.legal_actions().front()});
}

// ---- Matches ------------------------------------------------------------------------------------

TEST(core, PlayMatchIsDeterministicPerSeed) {
  const Game game = first_game();
  const MatchResult a = random_match(game, 3), b = random_match(game, 3), c = random_match(game, 4);
  EXPECT_EQ(a.record.actions, b.record.actions);
  EXPECT_EQ(a.returns, b.returns);
  EXPECT_EQ(a.decisions, b.decisions);
  EXPECT_NE(a.record.actions, c.record.actions);
  EXPECT_FALSE(a.truncated);
  EXPECT_EQ(static_cast<std::size_t>(a.decisions + a.chance_actions), a.record.actions.size());
  EXPECT_EQ(a.record.game, game.id());
  EXPECT_EQ(a.record.seed, 3u);
}

TEST(core, PlayMatchTruncatesAndChecksSeats) {
  const Game game = first_game();
  const MatchResult cut = random_match(game, 3, 10);
  EXPECT_TRUE(cut.truncated);
  EXPECT_EQ(cut.record.actions.size(), 10u);
  EXPECT_EQ(cut.returns, std::vector<double>(static_cast<std::size_t>(game.num_players()), 0.0));
  RandomAgent agent;
  const std::vector<Agent*> one_too_many(static_cast<std::size_t>(game.num_players() + 1), &agent);
  error_of(ErrorCode::kBadRequest, [&] { play_match(game, one_too_many, {}); });
}

// Plays at random and writes down every move it is shown.
class WatchingAgent final : public Agent {
 public:
  Action choose(const Observation& obs, Rng& rng) override { return random_.choose(obs, rng); }
  void observe(const Observation& before, Action action) override {
    seen.push_back({before.player(), before.to_act(), action});
  }
  struct Seen {
    Player watcher, actor;
    Action action;
    bool operator==(const Seen&) const = default;
  };
  std::vector<Seen> seen;

 private:
  RandomAgent random_;
};

// Each seat is shown the other seats' decisions, in order, except the secret ones (a hidden pawn
// and barriers in Pathfinder with barriers), which it is told only happened.
TEST(core, PlayMatchShowsEachSeatTheMovesItMaySee) {
  const Game game = builtin_games().load("pathfinder-barriers");
  std::vector<WatchingAgent> agents(2);
  const MatchResult r = play_match(game, {&agents[0], &agents[1]}, {5, 1'000'000, true});
  std::vector<std::vector<WatchingAgent::Seen>> expected(2);
  int secrets = 0;
  State s = game.new_initial_state();
  for (const Action a : r.record.actions) {
    const Player actor = s.current_player();
    for (Player q = 0; q < 2 && actor >= 0; ++q) {
      if (q == actor) continue;
      if (s.action_to_string_for(q, a) == s.action_to_string(a)) {
        expected[static_cast<std::size_t>(q)].push_back({q, actor, a});
      } else {
        ++secrets;
      }
    }
    s.apply(a);
  }
  EXPECT_GT(secrets, 0);
  for (std::size_t q = 0; q < 2; ++q) {
    EXPECT_FALSE(agents[q].seen.empty());
    EXPECT_EQ(agents[q].seen, expected[q]);
  }
}

TEST(core, MatchStreamsAreDerivedFromTheSeed) {
  EXPECT_EQ(chance_rng(9).next(), Rng(derive_seed(9, 0)).next());
  EXPECT_EQ(seat_rng(9, 0).next(), Rng(derive_seed(9, 1)).next());
  EXPECT_EQ(seat_rng(9, 3).next(), Rng(derive_seed(9, 4)).next());
}

// ---- Agent specs --------------------------------------------------------------------------------

TEST(core, AgentSpecParsesTypedParameters) {
  const AgentSpec plain = AgentSpec::parse("random");
  EXPECT_EQ(plain.name, "random");
  EXPECT_EQ(plain.params, Json::object());
  const AgentSpec spec = AgentSpec::parse("mcts:iters=100,c=1.5,verbose=true,mode=fast,neg=-3");
  EXPECT_EQ(spec.name, "mcts");
  EXPECT_EQ(spec.params["iters"], 100);
  EXPECT_TRUE(spec.params["iters"].is_number_integer());
  EXPECT_EQ(spec.params["c"], 1.5);
  EXPECT_EQ(spec.params["verbose"], true);
  EXPECT_EQ(spec.params["mode"], "fast");
  EXPECT_EQ(spec.params["neg"], -3);
  EXPECT_EQ(AgentSpec::parse(spec.to_string()).params, spec.params);
  EXPECT_EQ(spec.to_string(), "mcts:iters=100,c=1.5,verbose=true,mode=fast,neg=-3");
  EXPECT_EQ(AgentSpec::parse("a:").params, Json::object());
}

TEST(core, AgentSpecRejectsMalformedText) {
  EXPECT_EQ(error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse(""); }),
            "an agent spec is name[:key=value,...], got an empty name");
  error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse(":x=1"); });
  EXPECT_EQ(error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse("a:x"); }),
            "agent parameter 'x' should be key=value");
  error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse("a:=1"); });
  error_of(ErrorCode::kUnknownAgent, [] { AgentSpec::parse("a:x=1,,y=2"); });
  const Game game = first_game();
  EXPECT_NE(make_agent(game, "random"), nullptr);
  const std::string message = error_of(ErrorCode::kUnknownAgent, [&] { make_agent(game, "nope"); });
  EXPECT_NE(message.find("known: random"), std::string::npos) << message;
}

TEST(JsonDepth, CountsNestingOutsideStringsOnly) {
  EXPECT_FALSE(json_nests_deeper_than(R"({"a":[1,{"b":2}]})", 3));
  EXPECT_TRUE(json_nests_deeper_than(R"({"a":[1,{"b":[2]}]})", 3));
  EXPECT_FALSE(json_nests_deeper_than(R"({"a":"[[[[[[\"[[[["})", 1));
  EXPECT_TRUE(json_nests_deeper_than(std::string(100000, '['), 32));
}

}  // namespace
}  // namespace mw
