#include "playthrough.h"

#include <charconv>
#include <map>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "core/state.h"

namespace mw::test_support {

namespace {

using ViewLines = std::vector<std::pair<std::string, std::string>>;

// A view as "path = value" lines, in the view's own order: a diff of two of them is a diff of
// facts, and one changed fact is one changed line.
void flatten(const Json& value, const std::string& path, ViewLines& out) {
  if (value.is_object() && !value.empty()) {
    for (const auto& [key, item] : value.items()) {
      flatten(item, path.empty() ? key : path + "." + key, out);
    }
  } else if (value.is_array() && !value.empty()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      flatten(value[i], path + "[" + std::to_string(i) + "]", out);
    }
  } else {
    out.emplace_back(path, value.dump());
  }
}

ViewLines view_lines(const State& state, Player observer) {
  ViewLines out;
  flatten(state.view(observer), "", out);
  return out;
}

// Whether `path` lies inside `parent` ("a.b[2]" inside "a.b"), so one of the two lines says it.
bool nested_in(std::string_view path, std::string_view parent) {
  return path.size() > parent.size() && path.starts_with(parent) &&
         (path[parent.size()] == '.' || path[parent.size()] == '[');
}

// A path that is gone is worth a line only when no new line covers it: a list that became empty
// says so itself ("swapped = []"), and so does an empty list that got items.
bool covered(std::string_view gone, const std::map<std::string_view, std::string_view>& now) {
  for (auto it = now.lower_bound(gone); it != now.end() && it->first.starts_with(gone); ++it) {
    if (nested_in(it->first, gone)) return true;
  }
  for (std::size_t cut = gone.find_last_of(".["); cut != std::string_view::npos && cut > 0;
       cut = gone.find_last_of(".[", cut - 1)) {
    if (now.contains(gone.substr(0, cut))) return true;
  }
  return false;
}

std::string changes(const ViewLines& before, const ViewLines& after) {
  std::map<std::string_view, std::string_view> old_values;
  std::map<std::string_view, std::string_view> new_values;
  for (const auto& [path, value] : before) old_values.emplace(path, value);
  for (const auto& [path, value] : after) new_values.emplace(path, value);
  std::ostringstream out;
  for (const auto& [path, value] : after) {
    const auto it = old_values.find(path);
    if (it == old_values.end() || it->second != value)
      out << "  " << path << " = " << value << '\n';
  }
  for (const auto& [path, value] : before) {
    if (!new_values.contains(path) && !covered(path, new_values)) out << "  " << path << ": gone\n";
  }
  return out.str();
}

std::string whole(const ViewLines& lines) {
  std::ostringstream out;
  for (const auto& [path, value] : lines) out << "  " << path << " = " << value << '\n';
  return out.str();
}

std::vector<Player> observers(const State& state) {
  std::vector<Player> out{kSpectator};
  for (Player p = 0; p < state.num_players(); ++p) out.push_back(p);
  return out;
}

std::string observer_name(Player observer) {
  return observer == kSpectator ? "spectator" : "seat " + std::to_string(observer);
}

std::string actor_name(Player actor) {
  return actor == kChancePlayer ? "chance" : "seat " + std::to_string(actor);
}

Action random_action(const State& state, Rng& rng) {
  if (state.is_chance_node()) return state.sample_chance(rng);
  const ActionList legal = state.legal_actions();
  return legal[rng.below(legal.size())];
}

// Each observer's text of the action where it differs from the full notation.
std::string private_texts(const State& state, Action action, const std::string& text) {
  if (!state.has_private_action_text()) return {};
  std::ostringstream out;
  for (const Player observer : observers(state)) {
    const std::string seen = state.action_to_string_for(observer, action);
    if (seen != text) out << "  " << observer_name(observer) << " is told: " << seen << '\n';
  }
  return out.str();
}

// Every observer's changes; seats whose changes are the spectator's say so in one line.
std::string view_changes(const std::vector<ViewLines>& before, const std::vector<ViewLines>& after,
                         const std::vector<Player>& who) {
  std::ostringstream out;
  std::string spectator_changes;
  std::string seats_as_spectator;
  for (std::size_t i = 0; i < who.size(); ++i) {
    const std::string text = changes(before[i], after[i]);
    if (who[i] == kSpectator) {
      spectator_changes = text;
      if (!text.empty()) out << "spectator:\n" << text;
    } else if (text == spectator_changes) {
      seats_as_spectator += (seats_as_spectator.empty() ? "" : ", ") + std::to_string(who[i]);
    } else {
      out << observer_name(who[i]) << ":\n" << text;
    }
  }
  if (!seats_as_spectator.empty() && !spectator_changes.empty()) {
    out << "seats " << seats_as_spectator << ": as spectator\n";
  }
  return out.str();
}

Game load_case(const Registry& registry, const OptionCase& option_case) {
  return registry.load(option_case.game, option_case.options);
}

}  // namespace

namespace {

// The start's views whole, then per action its actor, notation and each observer's changed lines,
// then how it ended. `next` gives each action in turn, or nothing to stop.
template <class NextAction>
void write_play(std::ostringstream& out, State state, NextAction next) {
  const std::vector<Player> who = observers(state);
  std::vector<ViewLines> views;
  out << "\n== start\n";
  for (const Player observer : who) {
    views.push_back(view_lines(state, observer));
    out << observer_name(observer) << ":\n" << whole(views.back());
  }
  int actions = 0;
  for (; actions < kPlaythroughActionCap && !state.is_terminal(); ++actions) {
    const std::optional<Action> action = next(state);
    if (!action) break;
    const std::string text = state.action_to_string(*action);
    out << "== " << actions + 1 << ". " << actor_name(state.current_player()) << ": " << text
        << '\n'
        << private_texts(state, *action, text);
    state.apply(*action);
    std::vector<ViewLines> after;
    for (const Player observer : who) after.push_back(view_lines(state, observer));
    out << view_changes(views, after, who);
    views = std::move(after);
  }
  out << "== end after " << actions << " actions";
  if (state.is_terminal()) {
    out << ": returns " << Json(state.returns()).dump() << '\n';
  } else {
    out << ": stopped, the game goes on\n";
  }
}

constexpr std::string_view kBanner =
    "# Golden playthrough, regenerated by scripts/regen-playthroughs.sh (docs/testing.md)\n";

// The text after "\n<key>: " up to the end of its line.
std::optional<std::string_view> header_value(std::string_view text, std::string_view key) {
  const std::string marker = "\n" + std::string(key) + ": ";
  const bool first_line = text.starts_with(marker.substr(1));
  const auto at = first_line ? 0 : text.find(marker);
  if (at == std::string_view::npos) return std::nullopt;
  const auto from = at + marker.size() - (first_line ? 1 : 0);
  const auto end = text.find('\n', from);
  return text.substr(from, end == std::string_view::npos ? std::string_view::npos : end - from);
}

}  // namespace

std::string write_playthrough(const Registry& registry, const OptionCase& option_case,
                              std::uint64_t seed) {
  const Game game = load_case(registry, option_case);
  Rng rng(seed);
  std::ostringstream out;
  out << kBanner << "game: " << option_case.game << '\n'
      << "variant: " << option_case.label << '\n'
      << "options: " << game.options().to_json().dump() << '\n'
      << "seed: " << seed << '\n';
  write_play(out, game.new_initial_state(), [&](const State& state) -> std::optional<Action> {
    return random_action(state, rng);
  });
  return out.str();
}

std::optional<NamedPlaythrough> read_named_playthrough(std::string_view text) {
  const auto title = header_value(text, "title");
  const auto document = header_value(text, "document");
  const auto actions = header_value(text, "actions");
  if (!title || !document || !actions) return std::nullopt;
  NamedPlaythrough named{std::string(*title), Json::parse(*document), {}};
  for (const Json& action : Json::parse(*actions))
    named.actions.push_back(action.get<std::string>());
  return named;
}

std::string write_named_playthrough(const Registry& registry, const NamedPlaythrough& named) {
  const State start = registry.state_from_document(named.document);
  std::ostringstream out;
  out << kBanner << "title: " << named.title << '\n'
      << "document: " << named.document.dump() << '\n'
      << "actions: " << Json(named.actions).dump() << '\n';
  std::size_t played = 0;
  write_play(out, start, [&](const State& state) -> std::optional<Action> {
    if (played == named.actions.size()) return std::nullopt;
    return state.parse_action(named.actions[played++]);
  });
  return out.str();
}

std::optional<std::uint64_t> playthrough_seed(std::string_view text) {
  const auto value = header_value(text, "seed");
  if (!value) return std::nullopt;
  std::uint64_t seed = 0;
  const auto [end, error] = std::from_chars(value->data(), value->data() + value->size(), seed);
  if (error != std::errc() || end == value->data()) return std::nullopt;
  return seed;
}

std::uint64_t shortest_game_seed(const Registry& registry, const OptionCase& option_case,
                                 int candidates) {
  const Game game = load_case(registry, option_case);
  std::uint64_t best_seed = 1;
  int best_length = kPlaythroughActionCap + 1;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(candidates); ++seed) {
    State state = game.new_initial_state();
    Rng rng(seed);
    int length = 0;
    while (length < best_length && !state.is_terminal()) {
      state.apply_legal(random_action(state, rng));
      ++length;
    }
    if (state.is_terminal() && length < best_length) {
      best_length = length;
      best_seed = seed;
    }
  }
  return best_seed;
}

}  // namespace mw::test_support
