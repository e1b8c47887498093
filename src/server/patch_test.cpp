// Patch messages (docs/server.md, "Patches"): view_patch's operations, and for every game under
// every option set, random matches played through the match service with every seat and a
// spectator attached: applying each observer's patches in order gives exactly its full view at
// every version, and no patch carries a value that view lacks.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "core/json_text.h"
#include "core/rng.h"
#include "games/all_games.h"
#include "server/messages.h"
#include "server/observer_views.h"
#include "server/patch_memo.h"
#include "server/view_patch.h"
#include "support/option_cases.h"
#include "support/sanitizer_scale.h"
#include "support/server_fixture.h"
#include "support/state_follower.h"

namespace mw::server {
namespace {

using test::Client;
using test::Fixture;
using test::StateFollower;
using test_support::OptionCase;

Json patched(const Json& from, const Json& to) {
  return from.patch(view_patch(from, to));
}

TEST(ViewPatch, TurnsOneViewIntoTheOtherExactly) {
  const Json from = Json::parse(R"({"phase": "play", "hand": ["AH", "4H", "7D"], "n": 1,
                                    "a/b": {"c~d": 1}, "gone": true})");
  const Json to = Json::parse(R"({"phase": "over", "hand": ["AH", "KS"], "n": 1,
                                  "a/b": {"c~d": 2}, "winner": [0]})");
  const Json ops = view_patch(from, to);
  EXPECT_EQ(ops, Json::parse(R"([
    {"op": "replace", "path": "/phase", "value": "over"},
    {"op": "replace", "path": "/hand/1", "value": "KS"},
    {"op": "remove", "path": "/hand/2"},
    {"op": "replace", "path": "/a~1b/c~0d", "value": 2},
    {"op": "remove", "path": "/gone"},
    {"op": "add", "path": "/winner", "value": [0]}])"));
  EXPECT_EQ(patched(from, to).dump(), to.dump());
  EXPECT_EQ(view_patch(to, to), Json::array());
}

// An element inserted into or taken out of the middle of an array is one operation: the elements
// both arrays end with are left alone (a sorted list growing by one, as the barrier game's).
TEST(ViewPatch, AnElementInsertedOrRemovedMidArrayIsOneOperation) {
  const Json from = Json::parse(R"({"open": ["a", "c", "d"], "trail": [1, 2, 3, 4]})");
  const Json to = Json::parse(R"({"open": ["a", "b", "c", "d"], "trail": [1, 3, 4]})");
  EXPECT_EQ(view_patch(from, to), Json::parse(R"([
    {"op": "add", "path": "/open/1", "value": "b"},
    {"op": "remove", "path": "/trail/1"}])"));
  EXPECT_EQ(patched(from, to).dump(), to.dump());
  EXPECT_EQ(patched(to, from).dump(), from.dump());
  // A middle that changed: paired element by element, the rest removed or added in place.
  const Json x = Json::parse(R"([0, {"k": 1}, 5, 6, 9])");
  const Json y = Json::parse(R"([0, {"k": 2}, 7, 8, 4, 9])");
  EXPECT_EQ(view_patch(x, y), Json::parse(R"([
    {"op": "replace", "path": "/1/k", "value": 2},
    {"op": "replace", "path": "/2", "value": 7},
    {"op": "replace", "path": "/3", "value": 8},
    {"op": "add", "path": "/4", "value": 4}])"));
  EXPECT_EQ(patched(x, y).dump(), y.dump());
  EXPECT_EQ(view_patch(y, x), Json::parse(R"([
    {"op": "replace", "path": "/1/k", "value": 1},
    {"op": "replace", "path": "/2", "value": 5},
    {"op": "replace", "path": "/3", "value": 6},
    {"op": "remove", "path": "/4"}])"));
  EXPECT_EQ(patched(y, x).dump(), x.dump());
}

TEST(ViewPatch, KeepsTheOrderOfMembersAndTheKindOfNumbers) {
  // A member that appears before others cannot be appended: its object is replaced whole.
  const Json from = Json::parse(R"({"x": {"a": 1, "c": 3}, "y": [1, 2, 3]})");
  const Json to = Json::parse(R"({"x": {"a": 1, "b": 2, "c": 3}, "y": [1]})");
  EXPECT_EQ(view_patch(from, to), Json::parse(R"([
    {"op": "replace", "path": "/x", "value": {"a": 1, "b": 2, "c": 3}},
    {"op": "remove", "path": "/y/2"}, {"op": "remove", "path": "/y/1"}])"));
  EXPECT_EQ(patched(from, to).dump(), to.dump());
  const Json reordered = Json::parse(R"({"y": [1, 2, 3], "x": {"a": 1, "c": 3}})");
  EXPECT_EQ(patched(from, reordered).dump(), reordered.dump());
  EXPECT_EQ(patched(Json(1), Json(1.0)).dump(), "1.0");
  EXPECT_EQ(patched(Json::object(), Json::array()).dump(), "[]");
}

TEST(ViewPatch, TellsValuesApartThatBeginAlike) {
  // Only `from` is scanned where the two texts agree: a number whose digits begin another's, or
  // a literal, must still end where its own text ends.
  const Json from =
      Json::parse(R"({"n": 12, "a": [1, 2, "x"], "t": true, "s": "ab", "o": {"k": 1}})");
  const Json to = Json::parse(R"({"n": 123, "a": [10, 2, "x", 4], "t": true, "s": "abc",
                                  "o": {"k": 1, "j": 0}})");
  EXPECT_EQ(view_patch(from, to), Json::parse(R"([
    {"op": "replace", "path": "/n", "value": 123},
    {"op": "replace", "path": "/a/0", "value": 10},
    {"op": "add", "path": "/a/-", "value": 4},
    {"op": "replace", "path": "/s", "value": "abc"},
    {"op": "add", "path": "/o/j", "value": 0}])"));
  EXPECT_EQ(patched(from, to).dump(), to.dump());
  EXPECT_EQ(patched(to, from).dump(), from.dump());
}

// A random small document: numbers, short strings, booleans, arrays and objects, three deep.
Json random_json(Rng& rng, int depth) {
  switch (depth > 2 ? rng.below(3) : rng.below(5)) {
    case 0:
      return static_cast<int>(rng.below(100));
    case 1:
      return std::string(1 + rng.below(3), static_cast<char>('a' + rng.below(3)));
    case 2:
      return rng.below(2) == 0;
    case 3: {
      Json a = Json::array();
      for (int n = static_cast<int>(rng.below(4)); n > 0; --n)
        a.push_back(random_json(rng, depth + 1));
      return a;
    }
    default: {
      Json o = Json::object();
      for (int n = static_cast<int>(rng.below(4)); n > 0; --n) {
        o[std::string(1, static_cast<char>('k' + rng.below(4)))] = random_json(rng, depth + 1);
      }
      return o;
    }
  }
}

TEST(ViewPatch, MemberStartsFoundOnceServeTheNextDiff) {
  const std::string a = R"({"x":1,"ys":[1,2],"z":"q"})";
  const std::string b = R"({"x":2,"ys":[1,2,3],"z":"q"})";
  const std::string c = R"({"x":2,"ys":[1],"w":0,"z":"r"})";
  TextNotes first;
  EXPECT_EQ(view_patch_text(a, b, first), view_patch_text(a, b));
  EXPECT_EQ(first.to_starts, (MemberStarts{1, 7, 20}));
  TextNotes second;
  second.from_starts = &first.to_starts;
  EXPECT_EQ(view_patch_text(b, c, second), view_patch_text(b, c));
  EXPECT_EQ(second.to_starts, (MemberStarts{1, 7, 16, 22}));
  const MemberStarts wrong{1, 5};  // not where b's members begin: checked, and not used
  TextNotes third;
  third.from_starts = &wrong;
  EXPECT_EQ(view_patch_text(b, c, third), view_patch_text(b, c));
  const MemberStarts inside_a_number{1, 6};  // would make x's value empty
  TextNotes fourth;
  fourth.from_starts = &inside_a_number;
  EXPECT_EQ(view_patch_text(R"({"x":12,"y":1})", R"({"x":13,"y":1})", fourth),
            R"([{"op":"replace","path":"/x","value":13}])");
  // Chains of random changes, each diff told the last one's starts: the patches of a plain diff.
  Rng rng(9);
  for (int chain = 0; chain < 2000; ++chain) {
    Json doc = Json::object();
    for (const char* key : {"a", "b", "c", "d"}) doc[key] = random_json(rng, 0);
    std::string text = doc.dump();
    MemberStarts starts;
    for (int step = 0; step < 6; ++step) {
      const std::string key(1, static_cast<char>('a' + rng.below(5)));
      if (rng.below(4) == 0 && doc.contains(key)) {
        doc.erase(key);
      } else {
        doc[key] = random_json(rng, 0);
      }
      const std::string next = doc.dump();
      TextNotes notes;
      notes.from_starts = starts.empty() ? nullptr : &starts;
      ASSERT_EQ(view_patch_text(text, next, notes), view_patch_text(text, next))
          << text << " -> " << next;
      starts = notes.to_starts;
      text = next;
    }
  }
}

TEST(PatchMemo, GivesTheSecondSeatTheFirstSeatsPatch) {
  const std::string from0 = R"({"observer":0,"board":["AH","2S"],"turn":3})";
  const std::string to0 = R"({"observer":0,"board":["2S","AH"],"turn":4})";
  std::string from1 = from0, to1 = to0;
  from1[12] = to1[12] = '1';
  PatchMemo memo;
  EXPECT_EQ(memo.patch(from0, to0), view_patch_text(from0, to0));
  EXPECT_FALSE(memo.last_reused());
  EXPECT_EQ(memo.patch(from1, to1), view_patch_text(from1, to1));
  EXPECT_TRUE(memo.last_reused());
}

TEST(PatchMemo, DiffsAgainWhereThePatchCouldDiffer) {
  PatchMemo memo;
  const auto check = [&](const std::string& from, const std::string& to) {
    EXPECT_EQ(memo.patch(from, to), view_patch_text(from, to)) << from << " -> " << to;
    return memo.last_reused();
  };
  check(R"({"a":[1,2,7],"b":0})", R"({"a":[1,2,8],"b":0})");
  // The same length and the same change after it, but other elements before it: other indices.
  EXPECT_FALSE(check(R"({"a":["x",7],"b":0})", R"({"a":["x",8],"b":0})"));
  // A difference inside what the last patch copied.
  check(R"({"a":1,"b":"xy"})", R"({"a":2,"b":"xy"})");
  EXPECT_FALSE(check(R"({"a":3,"b":"xy"})", R"({"a":2,"b":"xy"})"));
  // A difference the move made in one pair and not in the other.
  check(R"({"o":0,"n":5})", R"({"o":0,"n":6})");
  EXPECT_FALSE(check(R"({"o":1,"n":5})", R"({"o":2,"n":6})"));
}

MemberStarts starts_of(const std::string& text) {
  TextNotes notes;
  view_patch_text(text, text, notes);
  return notes.to_starts;
}

// The seats of a game of imperfect information: each sees its own hidden part, which the move
// leaves alone, and the same change elsewhere. The second seat's patch is the first's, taken
// member by member without a diff; a pair that could have another patch is diffed.
TEST(PatchMemo, ReusesThePatchMemberByMemberWhereTheSeatsDifferOnlyInUnchangedMembers) {
  const std::string from0 =
      R"({"observer":0,"homes":[{"pawn":"B-3"},null],"open":["a","c"],"n":3})";
  const std::string to0 =
      R"({"observer":0,"homes":[{"pawn":"B-3"},null],"open":["a","b","c"],"n":4})";
  const std::string from1 =
      R"({"observer":1,"homes":[null,{"pawn":"E-5"}],"open":["a","c"],"n":3})";
  const std::string to1 =
      R"({"observer":1,"homes":[null,{"pawn":"E-5"}],"open":["a","b","c"],"n":4})";
  // Each case after the first seat's pair: whether it may be reused.
  const auto after_first = [&](const std::string& from, const std::string& to) {
    PatchMemo memo;
    MemberStarts starts = starts_of(from0);
    memo.patch(from0, to0, starts);
    EXPECT_FALSE(memo.last_reused());
    starts = starts_of(from);
    EXPECT_EQ(memo.patch(from, to, starts), view_patch_text(from, to)) << from << " -> " << to;
    EXPECT_EQ(starts, starts_of(to));
    return memo.last_reused();
  };
  EXPECT_TRUE(after_first(from1, to1));
  // The shared change differs, or is missing.
  EXPECT_FALSE(after_first(
      from1, R"({"observer":1,"homes":[null,{"pawn":"E-5"}],"open":["a","d","c"],"n":4})"));
  EXPECT_FALSE(
      after_first(from1, R"({"observer":1,"homes":[null,{"pawn":"E-5"}],"open":["a","c"],"n":4})"));
  // A member the first pair left alone changes in this one.
  EXPECT_FALSE(after_first(
      from1, R"({"observer":1,"homes":[null,{"pawn":"E-6"}],"open":["a","b","c"],"n":4})"));
  // A number that goes on past the one it must equal, a member more, a member fewer.
  EXPECT_FALSE(after_first(
      from1, R"({"observer":1,"homes":[null,{"pawn":"E-5"}],"open":["a","b","c"],"n":45})"));
  EXPECT_FALSE(after_first(
      from1, R"({"observer":1,"homes":[null,{"pawn":"E-5"}],"open":["a","b","c"],"n":4,"w":0})"));
  EXPECT_FALSE(
      after_first(from1, R"({"observer":1,"homes":[null,{"pawn":"E-5"}],"open":["a","b","c"]})"));
  // The first pair's keys differed (a member added): its operations are not member by member.
  PatchMemo memo;
  MemberStarts starts = starts_of(from0);
  const std::string added =
      R"({"observer":0,"homes":[{"pawn":"B-3"},null],"open":["a","c"],"n":3,"w":1})";
  memo.patch(from0, added, starts);
  starts = starts_of(from1);
  const std::string added1 =
      R"({"observer":1,"homes":[null,{"pawn":"E-5"}],"open":["a","c"],"n":3,"w":1})";
  EXPECT_EQ(memo.patch(from1, added1, starts), view_patch_text(from1, added1));
  EXPECT_FALSE(memo.last_reused());
}

// Random pairs of seats' views: a member of each seat's own (random, changed by the move or not),
// and a shared one whose change is the same for both seats or not. The memo's patch and the
// starts it gives are always what a diff gives.
TEST(PatchMemo, GivesWhatADiffGivesForRandomSeatsViews) {
  Rng rng(11);
  int reused = 0;
  for (int round = 0; round < 20000; ++round) {
    const Json shared_from = random_json(rng, 0), shared_to = random_json(rng, 0);
    const auto view = [](int seat, const Json& own, const Json& shared) {
      Json v = Json::object();
      v["observer"] = seat;
      v["own"] = own;
      v["shared"] = shared;
      return v.dump();
    };
    const Json own0 = random_json(rng, 0);
    const std::string from0 = view(0, own0, shared_from), to0 = view(0, own0, shared_to);
    const Json own1 = random_json(rng, 0);
    const Json own1_after = rng.below(4) == 0 ? random_json(rng, 0) : own1;
    const Json shared_after = rng.below(4) == 0 ? random_json(rng, 0) : shared_to;
    const std::string from1 = view(1, own1, shared_from), to1 = view(1, own1_after, shared_after);
    PatchMemo memo;
    MemberStarts starts = starts_of(from0);
    memo.patch(from0, to0, starts);
    starts = starts_of(from1);
    ASSERT_EQ(memo.patch(from1, to1, starts), view_patch_text(from1, to1))
        << from1 << " -> " << to1;
    ASSERT_EQ(starts, starts_of(to1));
    reused += memo.last_reused();
  }
  EXPECT_GT(reused, 5000);
}

// Random documents and a random change, then the same texts with the same bytes overwritten in
// both (anything that leaves both texts as Json::dump writes them): the memo's patch is always
// the one a diff gives.
TEST(PatchMemo, GivesThePatchADiffGivesForRandomTexts) {
  Rng rng(5);
  const std::string alphabet = R"(0123456789abc"[]{},:\-)";
  const auto canonical = [](const std::string& text) {
    return Json::accept(text) && Json::parse(text).dump() == text;
  };
  int reused = 0;
  for (int round = 0; round < 50000; ++round) {
    Json from = Json::object();
    from["o"] = static_cast<int>(rng.below(10));
    from["v"] = random_json(rng, 0);
    Json to = from;
    to["v"] = random_json(rng, 0);
    const std::string from0 = from.dump(), to0 = to.dump();
    PatchMemo memo;
    memo.patch(from0, to0);
    std::string from1 = from0, to1 = to0;
    const std::size_t at = rng.below(from0.size());
    const std::size_t n = 1 + rng.below(3);
    for (std::size_t i = at; i < at + n && i < from1.size() && i < to1.size(); ++i) {
      from1[i] = to1[i] = alphabet[rng.below(alphabet.size())];
    }
    if (!canonical(from1) || !canonical(to1)) continue;
    ASSERT_EQ(memo.patch(from1, to1), view_patch_text(from1, to1)) << from1 << " -> " << to1;
    reused += memo.last_reused();
  }
  EXPECT_GT(reused, 1000);  // the shortcut was taken often enough to be tested
}

// A two-seat treasure-hunt match at its first decision (the deal played).
LiveMatch dealt_match() {
  MatchSetup setup;
  setup.id = "views";
  setup.game = "treasure-hunt";
  setup.seed = 3;
  setup.seats = {SeatConfig{}, SeatConfig{}};
  LiveMatch m(builtin_games(), setup);
  m.commit(m.plan_chance());
  return m;
}

// What a connection gets first (hello, resync) is written as text: the bytes of the state message
// built as a Json and dumped, for every game, seat and the spectator, from the first event, from
// the middle and from beyond the log, along a random match and once it is over (the Maker's first
// placement among them: 64,000 legal moves written straight).
TEST(StateMessage, TextIsTheMessageDumpedForEveryGameObserverAndStep) {
  for (const GameEntry* entry : builtin_games().entries()) {
    const std::string& game = entry->info.id;
    MatchSetup setup;
    setup.id = "text-" + game;
    setup.game = game;
    setup.seed = 5;
    const int seats = builtin_games().load(game).new_initial_state().num_players();
    setup.seats.assign(static_cast<std::size_t>(seats), SeatConfig{});
    LiveMatch m(builtin_games(), setup);
    m.commit(m.plan_chance());
    ObserverViews views;
    Rng rng(7);
    const auto expect_same = [&](int step) {
      for (Player o = 0; o <= seats; ++o) {
        const Player observer = o < seats ? o : kSpectator;
        const std::uint64_t told = m.version_for(observer);
        for (const std::uint64_t from : {std::uint64_t{0}, told / 2, told + 3}) {
          EXPECT_EQ(state_message_text(m, observer, from, views.current_text(m, observer)),
                    json_text(state_message(m, observer, from, m.state().view(observer))))
              << game << ", step " << step << ", observer " << observer << ", from " << from;
        }
      }
    };
    int step = 0;
    for (; step < test_support::scaled_for_sanitizers(40) && !m.finished(); ++step) {
      expect_same(step);
      const ActionList legal = m.state().legal_actions();
      m.commit(m.plan_action(legal[rng.below(legal.size())]));
    }
    m.resign(0);  // over: the message ends with the returns and who resigned
    expect_same(step);
  }
}

TEST(ObserverViews, KeepsTheLastViewPerObserverAndSaysWhatItAppliesTo) {
  LiveMatch m = dealt_match();
  ObserverViews views;
  PatchMemo memo;
  // Never shown: no base, so a client needs the whole state.
  EXPECT_FALSE(views.advance(m, 0, memo).base.has_value());
  const std::uint64_t at = m.version_for(1);
  const Json shown = Json::parse(views.current_text(m, 1));
  EXPECT_EQ(shown, m.state().view(1));
  // Nothing played: the same version, an empty patch (a resignation's push).
  const ObserverViews::Change same = views.advance(m, 1, memo);
  EXPECT_EQ(same.base, at);
  EXPECT_EQ(same.patch, "[]");
  m.commit(m.plan_action(m.state().legal_actions().front()));
  const ObserverViews::Change moved = views.advance(m, 1, memo);
  EXPECT_EQ(moved.base, at);
  EXPECT_EQ(shown.patch(Json::parse(moved.patch)).dump(), m.state().view(1).dump());
  EXPECT_EQ(views.advance(m, 1, memo).base, m.version_for(1));  // the new view is the one kept
  views.forget(m, 1);
  EXPECT_FALSE(views.advance(m, 1, memo).base.has_value());
}

// One observer's connection: each message is followed (a patch applied to the last state) and
// the view it makes compared with the observer's own view of the test's replay of the match.
struct Watcher {
  Watcher(Player who, std::unique_ptr<Client> connection)
      : observer(who), client(std::move(connection)) {}
  Player observer;
  std::unique_ptr<Client> client;
  StateFollower follower;
  std::size_t read = 0;
  int patches = 0;
  int full_states = 0;

  void check_new(const State& truth, const std::string& where) {
    const std::vector<std::string> raw = client->inbox.raw_copy();
    for (; read < raw.size(); ++read) {
      const Json msg = Json::parse(raw[read]);
      const std::string type = msg["type"];
      if (type != "state" && type != "patch") continue;
      const std::string at = where + " observer " + std::to_string(observer) + " message " +
                             std::to_string(read) + " (" + type + ")";
      Json state;
      try {
        state = follower.follow(msg);
      } catch (const std::exception& e) {
        ADD_FAILURE() << at << ": " << e.what();
        return;
      }
      // Exactly the full view: the same members in the same order, the same kinds of numbers.
      EXPECT_EQ(state["view"].dump(), truth.view(observer).dump()) << at;
      // The legal moves in notation for the seat to act, none for anyone else nor after a
      // resignation (which the test's replay does not hold).
      Json legal = Json::array();
      if (observer >= 0 && truth.current_player() == observer && !msg.contains("resigned")) {
        for (const Action a : truth.legal_actions()) legal.push_back(truth.action_to_string(a));
      }
      EXPECT_EQ(msg["legal"], legal) << at;
      if (type == "patch") {
        ++patches;
        // Written as text, member by member: exactly what a dump of its members would be.
        EXPECT_EQ(msg.dump(), raw[read]) << at;
        EXPECT_EQ(test::patch_values_outside(msg["patch"], state["view"]), "") << at;
        // What a patch message holds beside the patch is what a state message would have.
        for (const auto& [k, v] : msg.items()) {
          static const std::set<std::string> kPatchKeys = {
              "type",  "match", "version", "base",    "to_act",   "status",
              "patch", "legal", "events",  "returns", "resigned", "rematch"};
          EXPECT_TRUE(kPatchKeys.contains(k)) << at << " has " << k;
        }
      } else {
        ++full_states;
      }
    }
  }
};

class PatchesFollowTheView : public ::testing::TestWithParam<OptionCase> {};

constexpr int kGames = 2;
constexpr int kMaxMoves = 150;

TEST_P(PatchesFollowTheView, ForEveryObserverAtEveryVersion) {
  const OptionCase& c = GetParam();
  Fixture f("patches-" + c.name, 1, /*in_memory=*/true);
  for (int g = 0; g < mw::test_support::scaled_for_sanitizers(kGames); ++g) {
    Rng rng(derive_seed(7, static_cast<std::uint64_t>(g)));
    const Json summary =
        f.service->create_match({{"game", c.game}, {"options", c.options}, {"seed", 300 + g}});
    const std::string id = summary["match"];
    const int seats = static_cast<int>(summary["seats"].size());
    std::vector<Watcher> watchers;
    std::vector<std::string> tokens;
    for (int s = 0; s <= seats; ++s) {  // the last one watches as the spectator
      tokens.push_back(s < seats ? f.service->join(id, {{"seat", s}})["token"].get<std::string>()
                                 : "");
      watchers.emplace_back(s < seats ? s : kSpectator, std::make_unique<Client>(*f.service));
      watchers.back().client->hello(id, tokens.back());
    }
    // A second connection of seat 0 is sent the very same messages as the first.
    Client twin(*f.service);
    twin.hello(id, tokens[0]);
    State truth = builtin_games().load(c.game, c.options).new_initial_state();
    std::size_t applied = 0;
    bool synced = false;
    const auto check_all = [&] {
      f.service->inspect(id, [&](const LiveMatch& m) {
        for (; applied < m.events().size(); ++applied) truth.apply(m.events()[applied].action);
      });
      for (Watcher& w : watchers) w.check_new(truth, c.game + " [" + c.label + "]");
    };
    check_all();
    const int resign_at = g == 1 ? kMaxMoves / 3 : -1;
    for (int move = 0; move < kMaxMoves && !truth.is_terminal(); ++move) {
      const Player to_act = truth.current_player();
      ASSERT_GE(to_act, 0);
      Client& mover = *watchers[static_cast<std::size_t>(to_act)].client;
      const Json last = watchers[static_cast<std::size_t>(to_act)].follower.last();
      if (move == resign_at) {  // the view stays; status and returns change
        mover.send({{"type", "resign"}, {"version", last["version"]}});
        check_all();
        break;
      }
      if (move == 10) {  // a resync midway: a full state, then patches on it again
        watchers.back().client->send({{"type", "sync"}});
        synced = true;
        check_all();
      }
      const Json& legal = last["legal"];
      ASSERT_FALSE(legal.empty());
      mover.act(legal[rng.below(legal.size())], last["version"]);
      check_all();
    }
    for (const Watcher& w : watchers) {
      EXPECT_GT(w.patches, 0) << c.game << " observer " << w.observer;
      EXPECT_EQ(w.full_states, w.observer == kSpectator && synced ? 2 : 1)
          << c.game << " observer " << w.observer;
    }
    const std::vector<std::string> twin_got = twin.inbox.raw_copy();
    ASSERT_GE(twin_got.size(), 1u);
    EXPECT_EQ(watchers[0].client->inbox.raw_copy(), twin_got);
  }
}

// Every game under every option set; under the sanitizers each game's default options only: the
// server's part is the same code for every option set (each game's own suite plays them all
// there), and its 78 cases were half of the sanitized server suite's time (72 of 141 s).
std::vector<test_support::OptionCase> patch_cases() {
  std::vector<test_support::OptionCase> cases = test_support::option_cases(builtin_games());
  if (MAZEWORKS_ASAN) std::erase_if(cases, [](const auto& c) { return !c.is_default; });
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllGames, PatchesFollowTheView, ::testing::ValuesIn(patch_cases()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace mw::server
