// `mazeworks replay <record.json>`: a recorded game step by step, as one seat saw it or omniscient.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>

#include "cli/commands.h"
#include "cli/terminal.h"
#include "core/error.h"
#include "games/all_games.h"

namespace mw::cli {
namespace {

// One screen of the replay: the position after `state`'s actions and what led to it. A run of
// chance outcomes (a whole deal) is one step, so stepping never means pressing Enter 25 times.
struct ReplayStep {
  std::string label;
  State state;
};

std::string chance_label(const std::vector<std::string>& outcomes, bool shown) {
  if (!shown)
    return fmt::format("chance ({} hidden outcome{})", outcomes.size(),
                       outcomes.size() == 1 ? "" : "s");
  constexpr std::size_t kListed = 4;
  std::string text = "chance: ";
  for (std::size_t i = 0; i < std::min(outcomes.size(), kListed); ++i) {
    text += (i == 0 ? "" : ", ") + outcomes[i];
  }
  if (outcomes.size() > kListed) text += fmt::format(", ... ({} outcomes)", outcomes.size());
  return text;
}

// Seats see each action as the game tells it to them (PrivateActionText); for a game that does
// not say, every decision's notation, and chance outcomes only when the game has no hidden
// information or the replay is omniscient, since a deal may be a secret.
std::vector<ReplayStep> plan_steps(const GameRecord& record, Player observer) {
  State state = replay(builtin_games(), record, 0);
  // A game that says what each observer sees of an action is trusted to hide its own secrets.
  const bool tells = state.has_private_action_text();
  const bool show_chance =
      tells || observer == kOmniscient || state.game().info().perfect_information;
  const auto names = seat_names(state);
  std::vector<ReplayStep> steps{{"start", state}};
  std::size_t i = 0;
  while (i < record.actions.size()) {
    std::string label;
    if (state.is_chance_node()) {
      const std::size_t first = i + 1;
      std::vector<std::string> outcomes;
      for (; i < record.actions.size() && state.is_chance_node(); ++i) {
        outcomes.push_back(state.action_to_string_for(observer, record.actions[i]));
        state.apply_legal(record.actions[i]);
      }
      const std::string numbers =
          first == i ? fmt::format("action {}", i) : fmt::format("actions {}-{}", first, i);
      label = fmt::format("{}: {}", numbers, chance_label(outcomes, show_chance));
    } else {
      const Player mover = state.current_player();
      const std::string told = state.action_to_string_for(observer, record.actions[i]);
      label = fmt::format("action {}: {} plays {}", i + 1, names[static_cast<std::size_t>(mover)],
                          told.empty() ? "a step this seat is not told of" : told);
      state.apply_legal(record.actions[i]);
      ++i;
    }
    steps.push_back({std::move(label), state});
  }
  return steps;
}

Player observer_of(const ReplayArgs& args, const GameRecord& record) {
  if (!args.seat) return kOmniscient;
  const int players = replay(builtin_games(), record, 0).num_players();
  if (*args.seat < 0 || *args.seat >= players) {
    throw Error(ErrorCode::kBadRequest, fmt::format("--seat {}: this {} game has seats 0..{}",
                                                    *args.seat, record.game, players - 1));
  }
  return *args.seat;
}

void show_step(const std::vector<ReplayStep>& steps, std::size_t k, Player observer,
               const RenderStyle& style) {
  const ReplayStep& step = steps[k];
  std::cout << fmt::format("== step {}/{} · {} ==\n", k, steps.size() - 1, step.label);
  std::cout << step.state.game().render(step.state.view(observer), style);
  if (k + 1 < steps.size()) return;
  if (step.state.is_terminal()) {
    const auto returns = step.state.returns();
    const auto names = seat_names(step.state);
    std::cout << fmt::format("result: {} ({})\n", format_returns(returns, names),
                             describe_end(step.state, names));
  } else {
    std::cout << "the record ends before the game does\n";
  }
}

// Enter: next, b: back, q or end of input: quit. Returns the next step to show, or none.
std::optional<std::size_t> ask_next(std::size_t k, std::size_t last) {
  const char* prompt =
      k == last ? "[end] b back, Enter or q quit > " : "Enter next, b back, q quit > ";
  const auto line = prompt_line(std::cin, std::cout, prompt);
  if (!line) return std::nullopt;
  const std::string command = trim(*line);
  if (command == "q" || command == "quit") return std::nullopt;
  if (command == "b" || command == "back") return k == 0 ? 0 : k - 1;
  if (k == last) return std::nullopt;
  return k + 1;
}

}  // namespace

int run_replay(const ReplayArgs& args) {
  const GameRecord record = read_record_file(args.file);
  try {
    replay(builtin_games(), record);  // every action is checked first, naming the first bad one
  } catch (const Error& e) {
    throw Error(e.code(), fmt::format("'{}': {}", args.file, e.what()));
  }
  const Player observer = observer_of(args, record);
  const std::vector<ReplayStep> steps = plan_steps(record, observer);
  const RenderStyle style = stdout_style(args.ascii);
  const std::size_t last = steps.size() - 1;
  std::cout << fmt::format(
      "{} · seed {} · {} actions · players: {}\n", record.game, record.seed, record.actions.size(),
      record.players.empty() ? "not recorded" : fmt::format("{}", fmt::join(record.players, ", ")));
  for (std::optional<std::size_t> k = 0; k;) {
    show_step(steps, *k, observer, style);
    if (args.step) {
      k = ask_next(*k, last);
    } else {
      k = *k == last ? std::nullopt : std::optional<std::size_t>(*k + 1);
    }
  }
  return 0;
}

}  // namespace mw::cli
