// `mazeworks analyze`: the designer's questions (seat and role balance, draws, timeouts, length,
// branching, first-seat advantage, skill trace, variants compared) as an HTML report with SVG
// charts, plus JSON and CSV of the raw figures.
#include <fmt/format.h>

#include <cstdio>
#include <fstream>

#include "ai/agents.h"
#include "ai/analysis.h"
#include "ai/report_html.h"
#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/mpi_support.h"
#include "cli/terminal.h"
#include "core/error.h"
#include "games/all_games.h"

namespace mw::cli {
namespace {

// "k=v,k=v" on top of the --option assignments, typed by the game's option specs.
Json variant_overrides(const GameEntry& entry, const std::vector<std::string>& base,
                       const std::string& variant) {
  std::vector<std::string> assignments = base;
  std::string_view rest = variant;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    assignments.emplace_back(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  return Options::parse_assignments(entry.info.options, assignments);
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  if (!file || !(file << text) || !file.flush()) {
    throw Error(ErrorCode::kIo, fmt::format("cannot write '{}'", path));
  }
}

void print_summary(const Analysis& a) {
  fmt::print("{}: {} variant{}, {:.2f} s\n", a.game_id, a.variants.size(),
             a.variants.size() == 1 ? "" : "s", a.seconds);
  for (std::size_t i = 0; i < a.variants.size(); ++i) {
    const VariantAnalysis& v = a.variants[i];
    const double n = static_cast<double>(std::max<std::size_t>(1, v.games.size()));
    fmt::print("\n  {} ({} games; {})\n", v.label, v.games.size(), fmt::join(v.agents, ", "));
    for (const SeatFigures& s : v.seats) {
      fmt::print("    {:<16} wins {:>6.1f}%  [{:.1f}%, {:.1f}%]\n", s.name,
                 100 * static_cast<double>(s.wins) / n, 100 * s.win_interval.low,
                 100 * s.win_interval.high);
    }
    fmt::print(
        "    draws {:.1f}%, timeouts {:.1f}%; decisions mean {:.1f} (median {:.1f}); branching "
        "{:.1f}; first-seat advantage {:+.1f} points\n",
        100 * static_cast<double>(v.draws) / n, 100 * static_cast<double>(v.truncated) / n,
        v.mean_decisions, v.median_decisions, v.mean_branching, 100 * v.first_seat_advantage);
    if (i < a.skill.size()) {
      const SkillTrace& t = a.skill[i];
      fmt::print("    skill trace: {} wins {} of {} against {} (fair share {:.1f}%)\n", t.strong,
                 t.strong_wins, t.games, t.weak, 100 * t.fair_share);
    }
  }
}

void write_outputs(const AnalyzeArgs& args, const Analysis& analysis) {
  if (!args.report.empty()) write_file(args.report, analysis_html(analysis));
  if (!args.json_file.empty()) write_file(args.json_file, analysis_json(analysis).dump(1) + "\n");
  if (!args.csv_file.empty()) write_file(args.csv_file, analysis_csv(analysis));
  print_summary(analysis);
  for (const auto& [what, path] :
       {std::pair{"report", args.report}, {"JSON", args.json_file}, {"CSV", args.csv_file}}) {
    if (!path.empty()) fmt::print("\n{} written to {}", what, path);
  }
  fmt::print("\n");
}

int run_distributed(const Registry& registry, const AnalyzeArgs& args, AnalysisConfig config) {
  return run_under_mpi([&](const auto& mpi) {
    distribute_analysis(mpi, config);
    const Analysis analysis = run_analysis(registry, args.game, config);
    if (mpi.rank() == 0) write_outputs(args, analysis);
  });
}

}  // namespace

int run_analyze(const AnalyzeArgs& args) {
  const Registry& registry = builtin_games();
  const GameEntry& entry = registry.entry(args.game);
  AnalysisConfig config;
  if (args.variants.empty()) {
    config.variants.push_back(variant_overrides(entry, args.options, ""));
  }
  for (const auto& v : args.variants) {
    config.variants.push_back(variant_overrides(entry, args.options, v));
  }
  const Game first = registry.load(args.game, config.variants.front());
  config.agents = args.agents.empty() ? std::vector<std::string>{default_agent(first)}
                                      : split_agent_specs(args.agents);
  copy_run_settings(args, config);
  config.strong = args.strong;
  config.weak = args.weak;
  if (config.strong.empty() != config.weak.empty()) {
    throw Error(ErrorCode::kBadRequest, "--strong and --weak go together (the skill trace)");
  }

  if (args.mpi) return run_distributed(registry, args, config);
  const Analysis analysis =
      with_progress_bar("analysis", true, [&](const AnalysisProgress& progress) {
        return run_analysis(registry, args.game, config, progress);
      });
  write_outputs(args, analysis);
  return 0;
}

}  // namespace mw::cli
