// Balance analysis: figures that add up, results that depend on the seed alone, and a report that
// holds its charts.
#include "ai/analysis.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "ai/report_html.h"
#include "core/error.h"
#include "games/all_games.h"

namespace mw {
namespace {

AnalysisConfig two_decks(int threads) {
  AnalysisConfig c;
  c.agents = {"greedy"};
  c.variants = {Json{{"deck", "standard"}}, Json{{"deck", "specialized"}}};
  c.games = 24;
  c.seed = 4;
  c.threads = threads;
  c.strong = "greedy";
  c.weak = "random";
  return c;
}

Json without_timing(Json j) {
  j.erase("seconds");
  return j;
}

TEST(Analysis, FiguresAddUpAndDependOnTheSeedAlone) {
  const Analysis one = run_analysis(builtin_games(), "treasure-hunt", two_decks(1));
  const Analysis two = run_analysis(builtin_games(), "treasure-hunt", two_decks(2));
  EXPECT_EQ(without_timing(analysis_json(one)), without_timing(analysis_json(two)));
  ASSERT_EQ(one.variants.size(), 2u);
  for (const VariantAnalysis& v : one.variants) {
    ASSERT_EQ(v.games.size(), 24u);
    std::int64_t total = v.draws + v.truncated;
    for (const SeatFigures& s : v.seats) total += s.wins;
    EXPECT_EQ(total, 24);
    EXPECT_EQ(v.seats[0].name, "Green");
    EXPECT_LE(v.min_decisions, v.median_decisions);
    EXPECT_LE(v.median_decisions, v.max_decisions);
    EXPECT_GT(v.mean_branching, 1.0);
    EXPECT_NEAR(v.first_seat_advantage, static_cast<double>(v.seats[0].wins) / 24 - 0.5, 1e-12);
  }
  EXPECT_EQ(one.variants[0].label, "deck=standard");
  ASSERT_EQ(one.skill.size(), 2u);
  EXPECT_EQ(one.skill[0].games, 24);
  EXPECT_EQ(one.skill[0].strong_wins, 24);  // greedy never loses to random
}

TEST(Analysis, ReportHoldsEveryVariantWithItsCharts) {
  const Analysis a = run_analysis(builtin_games(), "treasure-hunt", two_decks(1));
  const std::string html = analysis_html(a);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  for (const char* part : {"deck=standard", "deck=specialized", "Variants compared", "Game length",
                           "Skill trace", "fair share", "</html>"}) {
    EXPECT_NE(html.find(part), std::string::npos) << part;
  }
  std::size_t svgs = 0;
  for (auto at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) ++svgs;
  // comparison (one chart per seat) + per variant: win rates, lengths, skill trace
  EXPECT_EQ(svgs, 2u + 2u * 3u);
  const std::string csv = analysis_csv(a);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 2 * 24);
}

TEST(Analysis, MistakesAreReportedBeforePlaying) {
  AnalysisConfig c = two_decks(1);
  c.variants = {Json{{"deck", "nope"}}};
  EXPECT_THROW(run_analysis(builtin_games(), "treasure-hunt", c), Error);
  c = two_decks(1);
  c.agents = {"nobody"};
  EXPECT_THROW(run_analysis(builtin_games(), "treasure-hunt", c), Error);
  c = two_decks(1);
  c.agents = {"random", "random", "random"};
  EXPECT_THROW(run_analysis(builtin_games(), "treasure-hunt", c), Error);
}

}  // namespace
}  // namespace mw
