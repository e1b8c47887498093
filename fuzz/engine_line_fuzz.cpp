// The engine protocol (docs/protocol.md) fed line by line, as `mazeworks engine` reads stdin:
// every line gets a JSON reply, and nothing crashes whatever the lines say.
//
// The searches an `ai` line asks for are made small here, not in the engine: the engine rightly
// accepts a search of a day, and at its default of a second an `ai` line leaves the fuzzer a few
// inputs a second. Every agent and every parameter still reaches the engine; only the budgets
// shrink (a time budget becomes a small iteration budget, so a run stays reproducible), and a
// budget the engine would refuse is passed on unchanged.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ai/agents.h"
#include "cli/engine_session.h"
#include "core/error.h"
#include "core/json_depth.h"
#include "fuzz_support.h"
#include "games/all_games.h"

namespace {

using mw::Json;

struct Cap {
  const char* key;
  double most;
};
// The cost of a search grows with these; each keeps its smallest useful value or more.
constexpr Cap kCaps[] = {{"iterations", 16}, {"depth", 2},   {"worlds", 2},
                         {"candidates", 2},  {"sims", 2},    {"maxActions", 2000},
                         {"samples", 8},     {"threads", 1}, {"tableBits", 12}};
// Budgets an agent gets when it names none: the searches would take a second (`ms` is dropped)
// and play each rollout to the end (a Joker's Labyrinth game is thousands of random moves),
// alpha-beta would take a second too and zero a 2^20-entry table for each request (a fifth of
// the fuzzer's time by perf, 2026-11-29), and the maker plays 12 designs 6 times each.
struct Budget {
  const char* agent;
  const char* key;
  int value;
  // Also in place of a value below 1, which means "by time" or "to the end" for these; otherwise
  // only when absent, so that the engine still sees (and refuses) a value out of its range.
  bool below_one = true;
};
constexpr Budget kBudgets[] = {{"ismcts", "iterations", 16}, {"pimc", "iterations", 16},
                               {"mcts", "iterations", 16},   {"ismcts", "depth", 2},
                               {"pimc", "depth", 2},         {"mcts", "depth", 2},
                               {"alphabeta", "depth", 2},    {"maker", "candidates", 2},
                               {"maker", "sims", 2},         {"alphabeta", "tableBits", 12, false}};
// Parameters that hold another agent's spec, written with ';' for ','.
constexpr const char* kNestedSpecs[] = {"build", "play", "rivals", "policy"};

// A time budget the searches accept (0 to a day): it is dropped. The maker's `ms` may go further,
// but it only cuts short the games its (bounded) candidates and sims play.
void drop_accepted_ms(Json& fields) {
  auto it = fields.find("ms");
  if (it != fields.end() && it->is_number() && it->get<double>() >= 0 &&
      it->get<double>() <= 86'400'000) {
    fields.erase(it);
  }
}

void cap(Json& params, const char* key, double most) {
  auto it = params.find(key);
  if (it != params.end() && it->is_number() && it->get<double>() > most) {
    *it = static_cast<std::int64_t>(most);
  }
}

std::string replaced(std::string text, char from, char to) {
  for (char& c : text) {
    if (c == from) c = to;
  }
  return text;
}

std::string bounded_spec(const std::string& text);

void bound(mw::AgentSpec& spec) {
  Json& p = spec.params;
  drop_accepted_ms(p);
  for (const Cap& c : kCaps) cap(p, c.key, c.most);
  for (const Budget& b : kBudgets) {
    if (spec.name != b.agent) continue;
    auto it = p.find(b.key);
    if (it == p.end() || (b.below_one && it->is_number() && it->get<double>() < 1)) {
      p[b.key] = b.value;
    }
  }
  for (const char* key : kNestedSpecs) {
    auto it = p.find(key);
    if (it != p.end() && it->is_string()) {
      *it = replaced(bounded_spec(replaced(it->get<std::string>(), ';', ',')), ',', ';');
    }
  }
}

// `text` with its budgets bounded, or unchanged when it is not a spec (the engine refuses it).
std::string bounded_spec(const std::string& text) {
  try {
    mw::AgentSpec spec = mw::AgentSpec::parse(text);
    bound(spec);
    return spec.to_string();
  } catch (const mw::Error&) {
    return text;
  }
}

// `line` with an `ai` request's search bounded; any other line unchanged.
std::string bounded_line(std::string_view line) {
  Json request;
  try {
    request = mw::parse_untrusted_json(line, mw::ErrorCode::kBadRequest, "line");
  } catch (const mw::Error&) {
    return std::string(line);
  }
  if (!request.is_object() || request.value("request", Json()) != "ai") return std::string(line);
  drop_accepted_ms(request);
  // The engine takes a non-negative integer here, and 0 would mean the default second.
  auto iterations = request.find("iterations");
  if (iterations != request.end() && iterations->is_number_unsigned()) {
    *iterations = std::clamp<std::uint64_t>(iterations->get<std::uint64_t>(), 1, 16);
  }
  auto agent = request.find("agent");
  if (agent != request.end() && agent->is_string()) {
    *agent = bounded_spec(agent->get<std::string>());
  }
  return request.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mw;
  // MW_FUZZ_ECHO=1 prints each line as the engine got it and its reply (to read a reproduction).
  static const bool echo = std::getenv("MW_FUZZ_ECHO") != nullptr;
  cli::EngineSession session(builtin_games());
  std::string_view rest = fuzz::as_text(data, size);
  for (int lines = 0; !rest.empty() && lines < 64; ++lines) {
    const auto end = rest.find('\n');
    const std::string line = bounded_line(rest.substr(0, end));
    const Json reply = session.handle(line);
    if (echo) std::fprintf(stderr, "> %s\n< %s\n", line.c_str(), reply.dump().c_str());
    if (!reply.is_object() || !reply.contains("ok")) {
      fuzz::violated("every line gets a reply with \"ok\"", reply.dump());
    }
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  return 0;
}
