#pragma once
// The analysis report as one self-contained HTML file: tables and inline SVG charts (win rates
// with 95% intervals as error bars, game-length histograms, variant comparisons, the skill
// trace). No scripts, no external files: it opens in any browser, offline.
#include <string>

#include "ai/analysis.h"

namespace mw {

std::string analysis_html(const Analysis& analysis);

}  // namespace mw
