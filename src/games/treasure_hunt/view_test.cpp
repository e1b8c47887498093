// view() writes the observer's document field by field; the reference below is the construction
// it replaced (the whole body, written member by member, copied in), kept to prove the documents
// are the same.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "games/all_games.h"
#include "games/treasure_hunt/treasure_hunt.h"
#include "support/option_cases.h"
#include "support/state_testing.h"

namespace mw::treasure_hunt {
namespace {

// The server writes this game's views as text directly
// (core.JsonTextWritesEveryGamesViewsAsDumpDoes checks that text against view()).
static_assert(ViewTextWriting<State>);

constexpr std::array<const char*, 5> kPhaseNames = {"deal", "choose_first", "swap", "step", "over"};

Json card_list(DeckKind deck, const std::array<int, 2>& cards) {
  Json out = Json::array();
  for (int c : cards) {
    if (c >= 0) out.push_back(card_code(deck, c));
  }
  return out;
}

// The body as to_json() wrote it (to_move, which has no accessor, read back from it).
Json reference_body(const State& s) {
  const DeckKind deck = s.config().deck;
  Json board = Json::array();
  for (int r = 0; r < kSize; ++r) {
    Json row = Json::array();
    for (int c = 0; c < kSize; ++c) {
      const int card = s.card_at(r * kSize + c);
      row.push_back(card < 0 ? Json(nullptr) : Json(card_code(deck, card)));
    }
    board.push_back(std::move(row));
  }
  Json j;
  j["phase"] = kPhaseNames[static_cast<int>(s.phase())];
  j["to_move"] = s.to_json()["to_move"];
  j["board"] = board;
  j["pawns"] = {cell_name(s.pawn(0)), cell_name(s.pawn(1))};
  j["scores"] = {s.score(0), s.score(1)};
  j["treasure"] = card_code(deck, s.treasure());
  j["locked"] = card_list(deck, s.locked_cards());
  j["swapped"] = card_list(deck, s.swapped_cards());
  j["turn"] = s.turn();
  j["winner"] = s.winner() < 0 ? Json(nullptr) : Json(s.winner());
  return j;
}

Json reference_view(const State& s, Player observer) {
  const Config& config = s.config();
  Json v;
  v["game"] = "treasure-hunt";
  v["observer"] =
      observer >= 0 ? Json(observer) : Json(observer == kSpectator ? "spectator" : "omniscient");
  v["seats"] = {kSeatNames[0], kSeatNames[1]};
  v["deck"] = config.deck == DeckKind::kStandard ? "standard" : "specialized";
  Json key = Json::object();
  for (int card = 0; card < kNumCards; ++card) {
    const std::string code = card_code(config.deck, card);
    const std::string group = config.deck == DeckKind::kStandard ? code.substr(code.size() - 1)
                              : card < 9                         ? "T"
                                                                 : code.substr(0, 1);
    key[group] = dir_name(config.dir(card));
  }
  v["key"] = std::move(key);
  Json body = reference_body(s);
  for (auto& [k, value] : body.items()) v[k] = value;
  v["treasure_value"] = card_value(config.deck, s.treasure());
  if (config.deck == DeckKind::kSpecialized) v["target_score"] = config.target_score;
  return v;
}

TEST(TreasureHuntView, IsTheReferenceDocumentForEveryObserverAlongRandomGames) {
  for (const Json& options : ::mw::test_support::options_of(builtin_games(), "treasure-hunt")) {
    const Game game = builtin_games().load("treasure-hunt", options);
    const int compared = state_testing::expect_views_match<State>(game, 10, 400, reference_view);
    EXPECT_GT(compared, 10 * 4) << options.dump();
  }
}

}  // namespace
}  // namespace mw::treasure_hunt
