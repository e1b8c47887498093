// json_text must write exactly what Json::dump() writes: the server's messages and the patches
// clients apply are compared byte for byte against views written either way.
#include "core/json_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/state.h"
#include "games/all_games.h"
#include "support/option_cases.h"

namespace mw {
namespace {

// dump()'s text, or "throws" when it throws (a string that is not UTF-8).
std::string dumped(const Json& value) {
  try {
    return value.dump();
  } catch (const Json::exception&) {
    return "throws";
  }
}

std::string written(const Json& value) {
  try {
    return json_text(value);
  } catch (const Json::exception&) {
    return "throws";
  }
}

// Bytes the escaping treats differently: controls, quote, backslash, DEL, slash, UTF-8 of two,
// three and four bytes, and bytes that are not UTF-8.
std::string random_string(Rng& rng) {
  static const std::vector<std::string> kPieces = {"a",
                                                   "Z",
                                                   "0",
                                                   " ",
                                                   "\"",
                                                   "\\",
                                                   "/",
                                                   "\b",
                                                   "\f",
                                                   "\n",
                                                   "\r",
                                                   "\t",
                                                   std::string(1, '\0'),
                                                   "\x01",
                                                   "\x1f",
                                                   "\x7f",
                                                   "\xc3\xa9",
                                                   "\xe2\x99\xa5",
                                                   "\xf0\x9f\x83\x8f",
                                                   "\xff",
                                                   "\xc3",
                                                   "key",
                                                   "hearts"};
  std::string s;
  const int n = static_cast<int>(rng.below(8));
  for (int i = 0; i < n; ++i) s += kPieces[rng.below(kPieces.size())];
  return s;
}

Json random_json(Rng& rng, int depth) {
  switch (rng.below(depth > 0 ? 10 : 8)) {
    case 0:
      return nullptr;
    case 1:
      return rng.below(2) == 1;
    case 2:
      return static_cast<std::int64_t>(rng.next()) >> rng.below(64);
    case 3:
      return rng.next() >> rng.below(64);
    case 4:
      return -static_cast<std::int64_t>(rng.below(1000));
    case 5: {
      static const double kFloats[] = {0.0,
                                       -0.0,
                                       1.0,
                                       0.1,
                                       1e300,
                                       -2.5e-7,
                                       123456789.125,
                                       std::numeric_limits<double>::quiet_NaN(),
                                       std::numeric_limits<double>::infinity()};
      return kFloats[rng.below(std::size(kFloats))];
    }
    case 6:
    case 7:
      return random_string(rng);
    case 8: {
      Json array = Json::array();
      const int n = static_cast<int>(rng.below(5));
      for (int i = 0; i < n; ++i) array.push_back(random_json(rng, depth - 1));
      return array;
    }
    default: {
      Json object = Json::object();
      const int n = static_cast<int>(rng.below(5));
      for (int i = 0; i < n; ++i) object[random_string(rng)] = random_json(rng, depth - 1);
      return object;
    }
  }
}

TEST(core, JsonTextWritesWhatDumpWritesForAnyDocument) {
  Rng rng(20261130);
  int throwing = 0;
  for (int i = 0; i < 20'000; ++i) {
    const Json value = random_json(rng, 4);
    const std::string expected = dumped(value);
    ASSERT_EQ(written(value), expected) << "document " << i;
    throwing += expected == "throws";
  }
  EXPECT_GT(throwing, 100);  // the bad UTF-8 was met, and thrown on, both ways
}

TEST(core, JsonTextEscapesEveryAsciiByteAsDumpDoes) {
  for (int c = 0; c < 128; ++c) {
    const Json value = std::string("x") + static_cast<char>(c) + "y";
    EXPECT_EQ(json_text(value), value.dump()) << "byte " << c;
    const Json keyed = {{std::string(1, static_cast<char>(c)), c}};
    EXPECT_EQ(json_text(keyed), keyed.dump()) << "key byte " << c;
  }
}

TEST(core, AWrittenStringGoesAfterWhatIsThereEvenWhenDumpWritesIt) {
  for (const std::string s : {"plain", "tab\there", "caf\xc3\xa9 \"", ""}) {
    std::string out = "[1,";
    JsonTextWriter(out).string(s);
    EXPECT_EQ(out, "[1," + Json(s).dump()) << s;
  }
}

TEST(core, AJsonTextWriterWritesWhatDumpWritesForTheSameDocument) {
  std::string out = "x";
  {
    JsonTextWriter w(out);
    w.begin_object();
    w.key("empty");
    w.begin_object();
    w.end_object();
    w.key("list");
    w.begin_array();
    w.integer(std::int8_t{-3});
    w.integer(std::uint64_t{18446744073709551615u});
    w.boolean(true);
    w.null();
    w.begin_array();
    w.end_array();
    w.string("a \"quoted\"\n\x01 line");
    w.string("caf\xc3\xa9");
    w.value(Json{{"nested", Json::array({1, "two", nullptr})}, {"f", 0.5}});
    w.end_array();
    w.key("last");
    w.integer(0);
    w.end_object();
  }
  const Json expected = {
      {"empty", Json::object()},
      {"list", Json::array({-3,
                            18446744073709551615u,
                            true,
                            nullptr,
                            Json::array(),
                            "a \"quoted\"\n\x01 line",
                            "caf\xc3\xa9",
                            {{"nested", Json::array({1, "two", nullptr})}, {"f", 0.5}}})},
      {"last", 0}};
  EXPECT_EQ(out, "x" + expected.dump());
}

// The seats, the spectator and the omniscient observer of `state`.
std::vector<Player> every_observer(const State& state) {
  std::vector<Player> observers = {kOmniscient, kSpectator};
  for (Player seat = 0; seat < state.num_players(); ++seat) observers.push_back(seat);
  return observers;
}

// Calls `check(state, step)` at each position of a random game of `game` (the seats' moves and
// chance drawn from `seed`), for at most 200 actions; stops at the first fatal failure.
template <typename Check>
void at_each_position(const Game& game, std::uint64_t seed, Check check) {
  Rng rng(seed);
  State state = game.new_initial_state();
  ActionList scratch;
  for (int step = 0; step < 200 && !state.is_terminal(); ++step) {
    check(state, step);
    if (::testing::Test::HasFatalFailure()) return;
    state.apply_legal(
        state.current_player() == kChancePlayer
            ? state.chance_outcomes()[rng.below(state.chance_outcomes().size())].action
            : state.random_legal_action(rng, scratch));
  }
}

// Every game's views under every option set the suites exercise, for every observer, as
// json_text and as the game writes them itself (State::append_view_text), against dump().
TEST(core, JsonTextWritesEveryGamesViewsAsDumpDoes) {
  for (const test_support::OptionCase& c : test_support::option_cases(builtin_games())) {
    const Game game = builtin_games().load(c.game, c.options);
    ASSERT_NO_FATAL_FAILURE(at_each_position(game, 7, [&](const State& state, int step) {
      for (const Player observer : every_observer(state)) {
        const Json view = state.view(observer);
        const std::string dumped = view.dump();
        ASSERT_EQ(json_text(view), dumped) << c.name << " step " << step;
        std::string written = "[";  // appended after what is there
        state.append_view_text(observer, written);
        ASSERT_EQ(written, "[" + dumped) << c.name << " step " << step;
      }
    }));
  }
}

// Every game's legal moves as the server lists them (State::write_legal_action_texts, written by
// the game where it can: ActionTextWriting) are action_to_string's texts, in order.
TEST(core, LegalActionTextsAreWrittenAsActionToStringGivesThem) {
  for (const test_support::OptionCase& c : test_support::option_cases(builtin_games())) {
    const Game game = builtin_games().load(c.game, c.options);
    ASSERT_NO_FATAL_FAILURE(at_each_position(game, 5, [&](const State& state, int step) {
      Json expected = Json::array();
      for (const Action a : state.legal_actions()) expected.push_back(state.action_to_string(a));
      std::string written;
      {
        JsonTextWriter w(written);
        w.begin_array();
        state.write_legal_action_texts(w);
        w.end_array();
      }
      ASSERT_EQ(written, expected.dump()) << c.name << " step " << step;
    }));
  }
}

// In every game of perfect information, each observer's view is another's with "observer"
// rewritten (what the server relies on to build a move's view once for every seat).
TEST(core, APerfectInformationViewIsEveryObserversButForItsObserver) {
  int games_checked = 0;
  for (const test_support::OptionCase& c : test_support::option_cases(builtin_games())) {
    const Game game = builtin_games().load(c.game, c.options);
    if (!game.info().perfect_information) continue;
    ++games_checked;
    ASSERT_NO_FATAL_FAILURE(at_each_position(game, 11, [&](const State& state, int step) {
      const std::vector<Player> observers = every_observer(state);
      for (const Player from : observers) {
        std::string source;
        state.append_view_text(from, source);
        for (const Player to : observers) {
          std::string expected, derived = "[";
          state.append_view_text(to, expected);
          ASSERT_TRUE(append_view_as_seen_by(source, to, derived)) << c.name;
          ASSERT_EQ(derived, "[" + expected) << c.name << " step " << step;
        }
      }
    }));
  }
  EXPECT_GT(games_checked, 0);
}

TEST(core, AViewThatDoesNotOpenAsWrittenIsNotRewritten) {
  for (const char* view :
       {R"({"observer":0,"game":"g","seats":[]})", R"({"game":"g\"","observer":0,"x":1})",
        R"({"game":"g","observer":1234,"x":1})", R"({"game":"g","observer":-1,"x":1})",
        R"({"game":"g","observer":"everyone","x":1})", R"({"game":"g","observer":0})",
        R"({"game":"g","seats":[],"observer":0,"x":1})", R"({"game":"g)", ""}) {
    std::string out = "kept";
    EXPECT_FALSE(append_view_as_seen_by(view, 1, out)) << view;
    EXPECT_EQ(out, "kept");
  }
  std::string out;
  ASSERT_TRUE(append_view_as_seen_by(R"({"game":"g","observer":"spectator","x":1})", 12, out));
  EXPECT_EQ(out, R"({"game":"g","observer":12,"x":1})");
}

}  // namespace
}  // namespace mw
