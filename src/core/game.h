#pragma once
// A game's declarative descriptor (after OpenSpiel's GameType) and `Game`: a descriptor with its
// options resolved. Tools hold a Game and create States from it; they never see a game's types.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/options.h"

namespace mw {

class Game;
class State;
class Agent;

struct GameInfo {
  std::string id;       // "treasure-hunt"
  std::string name;     // "Treasure Hunt"
  std::string summary;  // one line
  int min_players = 2;
  int max_players = 2;
  bool perfect_information = true;
  bool has_chance = true;
  std::vector<OptionSpec> options;
  // Forms beyond one move that a player may type, for a prompt's help ("a whole maze at once:
  // ..."); "" when the game has none.
  std::string typing_help;
  // How to play, for a new player: the goal, a turn, the special cards or pieces, in plain words
  // (no ruling ids). The terminal's `help rules` and the browser's "How to play" show it.
  std::string how_to_play;
  Json to_json() const;
};

struct RenderStyle {
  bool color = true;
  bool unicode = true;
};

// A computer player offered by one game (e.g. Treasure Hunt's greedy agent). Generic agents
// (random, search) live in src/ai and work for every game.
struct GameAgentEntry {
  std::string name;
  std::string help;
  std::function<std::unique_ptr<Agent>(const Game&, const Json& params)> make;
};

// What a game folder registers. Built with make_game_entry<S>() (core/state.h) from a GameState.
struct GameEntry {
  GameInfo info;
  std::function<int(const Options&)> num_players;
  std::function<State(const Game&)> new_initial_state;
  std::function<State(const Game&, const Json& body)> state_from_json;
  // Draws a view (never a State) so a terminal shows exactly what that observer may see.
  std::function<std::string(const Json& view, const RenderStyle&)> render_view;
  // Optional: how a finished game ended in its own words (who won, the score, why), from the
  // omniscient view and the options: the terminal's "game over" line. Unset: the winner by
  // returns.
  std::function<std::string(const Json& view, const Options&)> describe_result;
  // Optional: an action's outcome (State::outcome_of) as the terminal's one line ("Fight: P1
  // fought …"). Unset: the terminal prints no line for it.
  std::function<std::string(const Json& outcome, const RenderStyle&)> describe_outcome;
  // Optional: the options of a rematch, each seat-bound choice (who makes the maze, who goes
  // first) handed to the other seat; a random choice stays random. Unset: the same options.
  std::function<Json(const Json& options)> rematch_options;
  std::vector<GameAgentEntry> agents;
  // The strongest computer player measured for this game with these options, as an agent spec
  // for any seat (the strength table in docs/ai.md): what `play` and the lobby's strong computer
  // seat. The options matter where one spec is not the strongest for every player count
  // (MazeMakers). Unset: the first agent.
  std::function<std::string(const Options&)> strongest_agent;
  // Optional: the game's estimate of each seat's final return (in [-1, 1]) for a position that is
  // not over. Searches use it where they cut a rollout short; without it such a position counts as
  // a draw.
  std::function<std::vector<double>(const State&)> evaluate;
  // Optional: whether the seat to act is designing its secret setup (a card maze, a barrier grid):
  // a run of its own decisions that a `maker` agent plans as a whole by simulating the game.
  std::function<bool(const State&)> designing;
  // Optional: a fixed-shape numeric observation for learning agents (core/observation.h). The
  // encoder reads only one seat's view (never the State), so it cannot leak what that seat may not
  // see; `out` arrives empty and leaves with the product of the shape's dimensions values.
  std::function<std::vector<int>(const Options&)> observation_shape;
  std::function<void(const Json& view, const Options&, std::vector<float>& out)> encode_observation;
};

// A GameEntry::rematch_options for a game with one seat-bound choice: `option` set to `first`
// becomes `second` and the other way round; any other value (random) stays.
std::function<Json(const Json& options)> swap_option_values(std::string option, std::string first,
                                                            std::string second);

class Game {
 public:
  Game(const GameEntry& entry, Options options);

  const GameInfo& info() const { return impl_->entry->info; }
  const GameEntry& entry() const { return *impl_->entry; }
  const std::string& id() const { return impl_->entry->info.id; }
  const Options& options() const { return impl_->options; }
  int num_players() const { return impl_->num_players; }

  State new_initial_state() const;
  // `body` is the "state" member of a state document (see State::to_document).
  State state_from_json(const Json& body) const;
  std::string render(const Json& view, const RenderStyle& style) const;

  // {"game": id, "options": {...}}
  Json to_json() const;
  friend bool operator==(const Game& a, const Game& b) {
    return a.impl_->entry == b.impl_->entry && a.impl_->options == b.impl_->options;
  }

 private:
  struct Impl {
    const GameEntry* entry;
    Options options;
    int num_players;
  };
  std::shared_ptr<const Impl> impl_;
};

}  // namespace mw
