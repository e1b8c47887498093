#include "ai/report_html.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace mw {
namespace {

std::string escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string pct(double x) {
  return fmt::format("{:.1f}%", 100 * x);
}

// One bar per item, values in [0, 1] drawn as percentages, with optional error bars and a dashed
// reference line (the fair share).
struct Bar {
  std::string label;
  double value = 0, low = 0, high = 0;
  bool has_interval = false;
};

std::string bar_chart(const std::string& title, const std::vector<Bar>& bars, double reference) {
  const int width = 640, height = 260, left = 50, bottom = 60, top = 30;
  const int plot_h = height - bottom - top;
  const double slot = static_cast<double>(width - left - 10) /
                      static_cast<double>(std::max<std::size_t>(1, bars.size()));
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" role=\"img\" "
      "aria-label=\"{}\"><text x=\"{}\" y=\"18\" class=\"title\">{}</text>",
      width, height, escape(title), left, escape(title));
  const auto y_of = [&](double v) { return top + plot_h * (1.0 - std::clamp(v, 0.0, 1.0)); };
  for (int tick = 0; tick <= 4; ++tick) {
    const double v = tick / 4.0;
    svg += fmt::format(
        "<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" class=\"grid\"/>"
        "<text x=\"{}\" y=\"{:.1f}\" class=\"axis\" text-anchor=\"end\">{:.0f}%</text>",
        left, width - 10, y_of(v), y_of(v), left - 6, y_of(v) + 4, 100 * v);
  }
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    const double x = left + slot * static_cast<double>(i) + slot * 0.15;
    const double w = slot * 0.7;
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" class=\"bar{}\">"
        "<title>{}: {}</title></rect>",
        x, y_of(b.value), w, top + plot_h - y_of(b.value), i % 4, escape(b.label), pct(b.value));
    if (b.has_interval) {
      const double cx = x + w / 2;
      svg += fmt::format(
          "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" class=\"err\"/>"
          "<line x1=\"{3:.1f}\" x2=\"{4:.1f}\" y1=\"{1:.1f}\" y2=\"{1:.1f}\" class=\"err\"/>"
          "<line x1=\"{3:.1f}\" x2=\"{4:.1f}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" class=\"err\"/>",
          cx, y_of(b.low), y_of(b.high), cx - 6, cx + 6);
    }
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{}\" class=\"axis\" text-anchor=\"middle\">{}</text>"
        "<text x=\"{:.1f}\" y=\"{}\" class=\"axis\" text-anchor=\"middle\">{}</text>",
        x + w / 2, height - bottom + 16, escape(b.label), x + w / 2, height - bottom + 32,
        pct(b.value));
  }
  if (reference > 0) {
    svg += fmt::format(
        "<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" class=\"ref\"/>"
        "<text x=\"{}\" y=\"{:.1f}\" class=\"axis\" text-anchor=\"end\">fair share</text>",
        left, width - 10, y_of(reference), y_of(reference), width - 12, y_of(reference) - 4);
  }
  return svg + "</svg>";
}

std::string histogram(const std::string& title, const std::vector<GameFigures>& games) {
  const int width = 640, height = 240, left = 50, bottom = 40, top = 30;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" role=\"img\" "
      "aria-label=\"{}\"><text x=\"{}\" y=\"18\" class=\"title\">{}</text>",
      width, height, escape(title), left, escape(title));
  if (games.empty()) return svg + "</svg>";
  int lo = games.front().decisions, hi = lo;
  for (const GameFigures& g : games) {
    lo = std::min(lo, g.decisions);
    hi = std::max(hi, g.decisions);
  }
  const int bins = std::clamp(hi - lo + 1, 1, 24);
  const double span = static_cast<double>(hi - lo + 1) / bins;
  std::vector<int> counts(static_cast<std::size_t>(bins), 0);
  for (const GameFigures& g : games) {
    const int b = std::min(bins - 1, static_cast<int>((g.decisions - lo) / span));
    ++counts[static_cast<std::size_t>(b)];
  }
  const int most = *std::max_element(counts.begin(), counts.end());
  const int plot_h = height - bottom - top;
  const double slot = static_cast<double>(width - left - 10) / bins;
  for (int b = 0; b < bins; ++b) {
    const double h = plot_h * static_cast<double>(counts[static_cast<std::size_t>(b)]) / most;
    const int from = lo + static_cast<int>(std::ceil(b * span));
    const int to = lo + static_cast<int>(std::ceil((b + 1) * span)) - 1;
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" class=\"bar0\">"
        "<title>{}-{} decisions: {} games</title></rect>",
        left + slot * b + 1, top + plot_h - h, slot - 2, h, from, to,
        counts[static_cast<std::size_t>(b)]);
  }
  svg += fmt::format(
      "<text x=\"{}\" y=\"{}\" class=\"axis\">{}</text>"
      "<text x=\"{}\" y=\"{}\" class=\"axis\" text-anchor=\"end\">{}</text>"
      "<text x=\"{}\" y=\"{}\" class=\"axis\" text-anchor=\"middle\">decisions per game</text>"
      "<text x=\"{}\" y=\"{}\" class=\"axis\" text-anchor=\"end\">{}</text>",
      left, height - bottom + 16, lo, width - 10, height - bottom + 16, hi, (width + left) / 2,
      height - 8, left - 6, top + 8, most);
  return svg + "</svg>";
}

std::string variant_section(const VariantAnalysis& v, const SkillTrace* skill) {
  const double n = static_cast<double>(std::max<std::size_t>(1, v.games.size()));
  std::string html =
      fmt::format("<section><h2>{}</h2><p class=\"muted\">agents: {}</p>", escape(v.label),
                  escape(fmt::format("{}", fmt::join(v.agents, ", "))));
  html += "<table><tr><th>seat</th><th>wins</th><th>win rate</th><th>95% CI</th></tr>";
  std::vector<Bar> bars;
  for (const SeatFigures& s : v.seats) {
    const double rate = static_cast<double>(s.wins) / n;
    html +=
        fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>[{}, {}]</td></tr>", escape(s.name),
                    s.wins, pct(rate), pct(s.win_interval.low), pct(s.win_interval.high));
    bars.push_back({s.name, rate, s.win_interval.low, s.win_interval.high, true});
  }
  html += fmt::format(
      "<tr><td>draws</td><td>{}</td><td>{}</td><td>[{}, {}]</td></tr>"
      "<tr><td>timeouts</td><td>{}</td><td>{}</td><td>[{}, {}]</td></tr></table>",
      v.draws, pct(static_cast<double>(v.draws) / n), pct(v.draw_interval.low),
      pct(v.draw_interval.high), v.truncated, pct(static_cast<double>(v.truncated) / n),
      pct(v.truncated_interval.low), pct(v.truncated_interval.high));
  bars.push_back(
      {"draws", static_cast<double>(v.draws) / n, v.draw_interval.low, v.draw_interval.high, true});
  html += fmt::format(
      "<p>{} games. Decisions per game: mean {:.1f}, median {:.1f}, range {}–{}. Mean branching "
      "factor {:.1f} legal actions a decision. First-seat advantage {:+.1f} points (95% CI "
      "[{:+.1f}, {:+.1f}]).</p>",
      v.games.size(), v.mean_decisions, v.median_decisions, v.min_decisions, v.max_decisions,
      v.mean_branching, 100 * v.first_seat_advantage, 100 * v.first_seat_interval.low,
      100 * v.first_seat_interval.high);
  html += bar_chart("Win rate by seat (95% Wilson intervals)", bars,
                    1.0 / static_cast<double>(v.seats.size()));
  html += histogram("Game length", v.games);
  if (skill != nullptr) {
    const double rate = skill->games > 0 ? static_cast<double>(skill->strong_wins) /
                                               static_cast<double>(skill->games)
                                         : 0;
    html += fmt::format(
        "<h3>Skill trace</h3><p>{} in one seat against {} in the others, every seat in turn: "
        "{} wins of {} ({}; fair share {}).</p>",
        escape(skill->strong), escape(skill->weak), skill->strong_wins, skill->games, pct(rate),
        pct(skill->fair_share));
    html += bar_chart("Stronger agent's win rate",
                      {{skill->strong, rate, skill->interval.low, skill->interval.high, true}},
                      skill->fair_share);
  }
  return html + "</section>";
}

std::string comparison(const Analysis& a) {
  std::string html = "<section><h2>Variants compared</h2>";
  const std::size_t seats = a.variants.front().seats.size();
  for (std::size_t p = 0; p < seats; ++p) {
    std::vector<Bar> bars;
    for (const VariantAnalysis& v : a.variants) {
      const double n = static_cast<double>(std::max<std::size_t>(1, v.games.size()));
      bars.push_back({v.label, static_cast<double>(v.seats[p].wins) / n,
                      v.seats[p].win_interval.low, v.seats[p].win_interval.high, true});
    }
    html += bar_chart(fmt::format("{}: win rate by variant", a.variants.front().seats[p].name),
                      bars, 1.0 / static_cast<double>(seats));
  }
  html +=
      "<table><tr><th>variant</th><th>mean decisions</th><th>branching</th><th>draws</th>"
      "<th>timeouts</th></tr>";
  for (const VariantAnalysis& v : a.variants) {
    html += fmt::format("<tr><td>{}</td><td>{:.1f}</td><td>{:.1f}</td><td>{}</td><td>{}</td></tr>",
                        escape(v.label), v.mean_decisions, v.mean_branching, v.draws, v.truncated);
  }
  return html + "</table></section>";
}

constexpr const char* kStyle = R"(
body{font-family:system-ui,sans-serif;max-width:900px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ddd;padding:.3em .7em;text-align:right}
td:first-child,th:first-child{text-align:left}.muted{color:#666}
svg{display:block;margin:1em 0}.title{font-weight:600;font-size:14px}.axis{font-size:11px;fill:#444}
.grid{stroke:#eee}.ref{stroke:#c33;stroke-dasharray:4 3}.err{stroke:#222;stroke-width:1.5}
.bar0{fill:#4a7fb5}.bar1{fill:#e08a3c}.bar2{fill:#5aa469}.bar3{fill:#9b6bb3}
)";

}  // namespace

std::string analysis_html(const Analysis& a) {
  std::string html = fmt::format(
      "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{} — balance "
      "report</title><style>{}</style></head><body><h1>{} — balance report</h1>"
      "<p class=\"muted\">Game <code>{}</code>, {} variant{}, {:.1f} s of self-play. Intervals "
      "are 95% Wilson score intervals.</p>",
      escape(a.game_name), kStyle, escape(a.game_name), escape(a.game_id), a.variants.size(),
      a.variants.size() == 1 ? "" : "s", a.seconds);
  if (a.variants.size() > 1) html += comparison(a);
  for (std::size_t i = 0; i < a.variants.size(); ++i) {
    html += variant_section(a.variants[i], i < a.skill.size() ? &a.skill[i] : nullptr);
  }
  return html + "</body></html>\n";
}

}  // namespace mw
