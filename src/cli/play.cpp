// `mazeworks play <game>`: a whole game in the terminal between humans (hot-seat) and computer
// players. Seeding follows play_match (chance from chance_rng(seed), seat p from seat_rng(seed,
// p)), so a game between computer players only is exactly the one play_match plays.
#include <fmt/format.h>

#include <charconv>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <thread>
#include <utility>

#include "ai/agents.h"
#include "cli/commands.h"
#include "cli/terminal.h"
#include "core/error.h"
#include "core/match.h"
#include "games/all_games.h"

namespace mw::cli {
namespace {

constexpr std::string_view kHuman = "human";

// The random streams of a game in progress. They are saved at each human decision so that `undo`
// takes back the dice too: replaying the same move meets the same outcomes and replies.
struct PlayStreams {
  Rng chance;
  std::vector<Rng> seats;

  static PlayStreams seeded(std::uint64_t seed, int players) {
    PlayStreams s{chance_rng(seed), {}};
    for (Player p = 0; p < players; ++p) s.seats.push_back(seat_rng(seed, p));
    return s;
  }
};

// What to do after one line typed at a human's prompt.
enum class Next { kPromptAgain, kPositionChanged, kQuit };

class Session {
 public:
  Session(const Game& game, std::vector<std::string> specs, std::uint64_t seed, std::istream& in,
          std::ostream& out, RenderStyle style, bool out_is_tty, bool study_waits)
      : game_(game),
        specs_(std::move(specs)),
        seed_(seed),
        state_(game.new_initial_state()),
        streams_(PlayStreams::seeded(seed, game.num_players())),
        names_(seat_names(state_)),
        untold_(static_cast<std::size_t>(game.num_players())),
        in_(in),
        out_(out),
        style_(style),
        out_is_tty_(out_is_tty),
        study_waits_(study_waits) {
    record_.game = game.id();
    record_.options = game.options().to_json();
    record_.seed = seed;
    record_.players = specs_;
    make_agents();
  }

  int run() {
    introduce();
    while (!state_.is_terminal()) {
      const Player p = state_.current_player();
      if (p == kChancePlayer) {
        apply(state_.sample_chance(streams_.chance));
      } else if (!is_human(p)) {
        play_computer(p);
      } else if (!play_human(p)) {
        return 0;
      }
    }
    flush_secret_run();
    show_end();
    return 0;
  }

 private:
  // ---- the turn loop ----

  void play_computer(Player p) {
    give_study_time(p);
    if (human_count() == 0) show_board(kSpectator);
    const Action a = agents_[p]->choose(Observation(state_, p), streams_.seats[p]);
    // "" (a secret set-up step): the watcher is told nothing, not even that it happened.
    // A secret move is told as a sentence naming who played ("South draws a card"): print it as
    // it is, the computer player after it, not after "plays" or a second name.
    if (const std::string told = state_.action_to_string_for(watcher(), a); !told.empty()) {
      if (told == state_.action_to_string(a)) {
        flush_secret_run();
        out_ << fmt::format("{} ({}) plays {}\n", names_[p], specs_[p], told);
      } else {
        add_to_secret_run(p, told);
      }
    }
    apply(a);
  }

  // A computer's secret moves in a row (40 cards of a maze, a grid's chips) are one line, told
  // once the run ends: its last sentence and how many moves it took.
  struct SecretRun {
    Player seat = kChancePlayer;
    std::string last;
    int moves = 0;
  };

  void add_to_secret_run(Player p, const std::string& told) {
    if (secret_run_.moves > 0 && secret_run_.seat != p) flush_secret_run();
    secret_run_.seat = p;
    secret_run_.last = told;
    ++secret_run_.moves;
    if (human_count() == 0) flush_secret_run();  // computers only: every move is shown anyway
  }

  void flush_secret_run() {
    if (secret_run_.moves == 0) return;
    const std::string& spec = specs_[secret_run_.seat];
    if (secret_run_.moves == 1) {
      out_ << fmt::format("{} ({})\n", secret_run_.last, spec);
    } else {
      out_ << fmt::format("{} ({} secret moves, {})\n", secret_run_.last, secret_run_.moves, spec);
    }
    secret_run_ = {};
  }

  // Who reads the screen: the one human, else (hot-seat, or computers only) anyone at the table,
  // so a computer's secret moves are told as the game tells them to the public.
  Player watcher() const {
    if (human_count() != 1) return kSpectator;
    for (Player p = 0; p < state_.num_players(); ++p) {
      if (is_human(p)) return p;
    }
    return kSpectator;
  }

  // Returns false when the player quits (or the input ends).
  bool play_human(Player p) {
    flush_secret_run();
    snapshots_.try_emplace(record_.actions.size(), streams_);
    give_study_time(p);
    if (!hand_over_to(p)) return false;
    show_board(p);
    tell_untold(p);
    out_ << fmt::format("{} to move.\n", names_[p]);
    show_moves();
    while (true) {
      const auto line = prompt_line(in_, out_, fmt::format("{}> ", names_[p]));
      if (!line) {
        out_ << "\nend of input: quitting (the game is not finished; 'save <file>' keeps one)\n";
        return false;
      }
      const Next next = handle_line(trim(*line));
      if (next == Next::kQuit) return false;
      if (next == Next::kPositionChanged) return true;
    }
  }

  Next handle_line(const std::string& line) {
    const auto space = line.find(' ');
    const std::string command = line.substr(0, space);
    const std::string argument = space == std::string::npos ? "" : trim(line.substr(space));
    if (line.empty()) return Next::kPromptAgain;
    // A game's own move may share a word with a command (Pathfinder's "save 10H"): a legal move
    // wins.
    if (const std::optional<Action> move = legal_move(line)) {
      apply(*move);
      return Next::kPositionChanged;
    }
    if ((command == "help" || command == "?") && argument == "rules") return show_rules();
    if (command == "help" || command == "?") return show_help();
    if (command == "moves" || command == "legal") return show_moves(argument == "all");
    if (command == "undo") return undo();
    if (command == "save") return save(argument);
    if (command == "load") return load(argument);
    if (command == "quit" || command == "exit") return Next::kQuit;
    return try_move(line);
  }

  // The one action `text` names when it is legal now; nullopt for anything else (said by try_move).
  std::optional<Action> legal_move(const std::string& text) const {
    try {
      const std::vector<Action> actions = state_.parse_actions(text);
      if (actions.size() == 1 && state_.illegal_reason(actions[0]).empty()) return actions[0];
      return std::nullopt;
    } catch (const Error&) {
      return std::nullopt;  // not notation
    }
  }

  // Nothing changes when the text is not notation or the move is not legal: say why, ask again.
  Next try_move(const std::string& text) {
    try {
      const std::vector<Action> actions = state_.parse_actions(text);
      if (actions.size() == 1) {
        if (const std::string reason = state_.illegal_reason(actions[0]); !reason.empty()) {
          out_ << fmt::format("  '{}' is not legal now: {}\n", printable(text), reason);
          return Next::kPromptAgain;
        }
      }
      // Several actions (a whole path, a whole setup) apply all or none.
      State before = state_;
      try {
        state_.apply_all(actions);
      } catch (const Error& e) {
        out_ << fmt::format("  '{}' is not legal now: {}\n", printable(text), printable(e.what()));
        return Next::kPromptAgain;
      }
      record_.actions.insert(record_.actions.end(), actions.begin(), actions.end());
      for (const Action a : actions) {
        note_outcome(before.outcome_of(a));
        before.apply_legal(a);
      }
      return Next::kPositionChanged;
    } catch (const Error& e) {
      // The message may quote what was typed: written out, so an escape sequence stays text.
      out_ << fmt::format("  {}\n  (type 'moves' for the legal moves, 'help' for commands)\n",
                          printable(e.what()));
      return Next::kPromptAgain;
    }
  }

  void apply(Action a) {
    tell_moves(agents_, state_, std::span<const Action>(&a, 1));
    Json outcome = state_.outcome_of(a);
    state_.apply(a);
    record_.actions.push_back(a);
    note_outcome(outcome);
  }

  // What an action concluded for everyone (a fight, in one sentence): between a human's turns
  // the board shows only the last fight, so each human is told every one at its next prompt (a
  // hot-seat hand-over clears the screen: each keeps its own list); with computers only, as it
  // happens.
  void note_outcome(const Json& outcome) {
    const auto& describe = game_.entry().describe_outcome;
    if (outcome.is_null() || !describe) return;
    const std::string line = describe(outcome, style_);
    if (line.empty()) return;
    if (human_count() == 0) {
      flush_secret_run();
      out_ << "  " << line << "\n";
      return;
    }
    for (Player p = 0; p < state_.num_players(); ++p) {
      if (is_human(p)) untold_[static_cast<std::size_t>(p)].push_back(line);
    }
  }

  void tell_untold(Player p) {
    auto& lines = untold_[static_cast<std::size_t>(p)];
    if (lines.empty()) return;
    out_ << "since your last move:\n";
    for (const std::string& line : lines) out_ << "  " << line << "\n";
    lines.clear();
  }

  // After undo or load the agents start afresh: they watch the game so far again, so an agent
  // that learns its opponents' habits knows what it knew before.
  void retell_game() { tell_moves(agents_, replay(builtin_games(), record_, 0), record_.actions); }

  // ---- commands ----

  Next show_rules() {
    const std::string& rules = game_.info().how_to_play;
    out_ << (rules.empty() ? std::string("no summary of the rules for this game\n") : rules + "\n");
    return Next::kPromptAgain;
  }

  Next show_help() {
    out_ << "commands:\n"
            "  <move>        play a move in the game's notation (one of the legal moves)\n"
            "  help rules    how to play this game\n"
            "  moves, legal  list the legal moves (summarised past 100; 'moves all' lists all)\n"
            "  undo          take back to your previous decision\n"
            "  save <file>   write the game record (JSON) to <file>\n"
            "  load <file>   continue the game recorded in <file>\n"
            "  quit          stop playing\n";
    const auto moves = legal_move_names();
    if (!moves.empty()) {
      out_ << fmt::format("notation: type a move as listed, e.g. '{}' (case does not matter)\n",
                          moves.front());
    }
    if (const std::string& more = game_.info().typing_help; !more.empty()) {
      out_ << "also: " << more << "\n";
    }
    return show_moves();
  }

  Next show_moves(bool all = false) {
    const auto names = legal_move_names();
    out_ << "legal moves:\n" << (all ? wrap_list(names, "    ") : summarise_moves(names));
    return Next::kPromptAgain;
  }

  // Back to the latest earlier decision of a human: replay the record without the actions after
  // it (chance outcomes are in the record, so they replay identically).
  Next undo() {
    const auto target = previous_human_decision();
    if (!target) {
      out_ << "  nothing to undo\n";
      return Next::kPromptAgain;
    }
    record_.actions.resize(*target);
    state_ = replay(builtin_games(), record_);
    for (auto& lines : untold_) lines.clear();
    if (auto it = snapshots_.find(*target); it != snapshots_.end()) streams_ = it->second;
    snapshots_.erase(snapshots_.upper_bound(*target), snapshots_.end());
    for (auto& agent : agents_) {
      if (agent) agent->reset();
    }
    retell_game();
    out_ << fmt::format("  taken back to {}'s move\n", names_[state_.current_player()]);
    return Next::kPositionChanged;
  }

  std::optional<std::size_t> previous_human_decision() const {
    State state = replay(builtin_games(), record_, 0);
    std::optional<std::size_t> found;
    for (std::size_t i = 0; i < record_.actions.size(); ++i) {
      if (is_human(state.current_player())) found = i;
      state.apply_legal(record_.actions[i]);
    }
    return found;
  }

  Next save(const std::string& path) {
    if (path.empty()) return usage("save <file>");
    try {
      write_record_file(path, record_);
      out_ << fmt::format("  saved {} actions to {}\n", record_.actions.size(), path);
    } catch (const Error& e) {
      out_ << "  " << printable(e.what()) << "\n";
    }
    return Next::kPromptAgain;
  }

  Next load(const std::string& path) {
    if (path.empty()) return usage("load <file>");
    try {
      adopt(read_record_file(path));
      out_ << fmt::format("  loaded {} ({} actions)\n", path, record_.actions.size());
      return Next::kPositionChanged;
    } catch (const Error& e) {
      out_ << "  " << printable(e.what()) << "\n";
      return Next::kPromptAgain;
    }
  }

  // Continues the recorded game with the seats of this session. The streams go on from a seed
  // mixed with the record's length, so the dice after a load do not repeat the game's first ones.
  void adopt(GameRecord record) {
    if (record.game != game_.id()) {
      throw Error(ErrorCode::kBadRecord,
                  fmt::format("that is a {} game; this is {}", record.game, game_.id()));
    }
    State state = replay(builtin_games(), record);
    if (state.num_players() != game_.num_players()) {
      throw Error(ErrorCode::kBadRecord, fmt::format("that game has {} seats; this one has {}",
                                                     state.num_players(), game_.num_players()));
    }
    game_ = state.game();
    state_ = std::move(state);
    seed_ = record.seed;
    streams_ = PlayStreams::seeded(derive_seed(seed_, record.actions.size()), game_.num_players());
    record.players = specs_;
    record_ = std::move(record);
    snapshots_.clear();
    for (auto& lines : untold_) lines.clear();
    make_agents();
    retell_game();
  }

  Next usage(std::string_view form) {
    out_ << fmt::format("  usage: {}\n", form);
    return Next::kPromptAgain;
  }

  // ---- display ----

  void introduce() {
    out_ << fmt::format("{} · seed {}\n", game_.info().name, seed_);
    for (Player p = 0; p < game_.num_players(); ++p) {
      out_ << fmt::format("  {} (seat {}): {}\n", names_[p], p,
                          is_human(p) ? "human" : "computer, " + specs_[p]);
    }
    out_ << "type a move at your prompt, or 'help'\n";
  }

  // Hot-seat: one human's view must not stay on screen for the next human to read.
  bool hand_over_to(Player p) {
    const bool other_human_was_here = human_count() > 1 && on_screen_ >= 0 && on_screen_ != p;
    on_screen_ = p;
    if (!other_human_was_here) return true;
    clear_screen(out_, out_is_tty_);
    return prompt_line(in_, out_,
                       fmt::format("pass the device to {} (seat {}), press Enter ", names_[p], p))
        .has_value();
  }

  // A view may ask for a timed look before play goes on (`studySeconds`: Pathfinder's King trial,
  // G1.6.2). Each human but the mover gets it once per position, then the screen is cleared so
  // what was seen must be remembered. With scripted input (stdin not a terminal) nobody waits.
  void give_study_time(Player mover) {
    const std::size_t position = record_.actions.size();
    if (studied_at_ == position) return;
    for (Player h = 0; h < state_.num_players(); ++h) {
      if (h == mover || !is_human(h)) continue;
      const int seconds = state_.view(h).value("studySeconds", 0);
      if (seconds <= 0) continue;
      studied_at_ = position;
      if (!hand_over_to(h)) return;  // hot-seat: the mover must not see this board
      show_board(h);
      if (!study_waits_) {
        out_ << fmt::format("{}: {} s to study this (not timed: input is not a terminal)\n",
                            names_[h], seconds);
        continue;
      }
      out_ << fmt::format("{}: {} s to study this, then it is hidden\n", names_[h], seconds);
      out_.flush();
      std::this_thread::sleep_for(std::chrono::seconds(seconds));
      clear_screen(out_, out_is_tty_);
    }
  }

  void show_board(Player observer) { out_ << "\n" << game_.render(state_.view(observer), style_); }

  void show_end() {
    show_board(kOmniscient);
    const auto returns = state_.returns();
    out_ << fmt::format("game over: {}\nresult: {}\n", describe_end(state_, names_),
                        format_returns(returns, names_));
  }

  // ---- seats ----

  bool is_human(Player p) const { return p >= 0 && specs_[p] == kHuman; }
  int human_count() const {
    return static_cast<int>(std::count(specs_.begin(), specs_.end(), kHuman));
  }

  void make_agents() {
    agents_.clear();
    for (const auto& spec : specs_) {
      agents_.push_back(spec == kHuman ? nullptr : make_agent(game_, spec));
    }
    for (auto& agent : agents_) {
      if (agent) agent->reset();
    }
  }

  std::vector<std::string> legal_move_names() const {
    std::vector<std::string> names;
    for (Action a : state_.legal_actions()) names.push_back(state_.action_to_string(a));
    return names;
  }

  Game game_;
  std::vector<std::string> specs_;  // per seat: "human" or an agent spec
  std::uint64_t seed_;
  State state_;
  GameRecord record_;
  PlayStreams streams_;
  std::map<std::size_t, PlayStreams> snapshots_;  // by record length at a human decision
  std::vector<std::unique_ptr<Agent>> agents_;    // null for human seats
  std::vector<std::string> names_;
  // Per seat: the outcomes (fights) a human has not been told yet (note_outcome).
  std::vector<std::vector<std::string>> untold_;
  Player on_screen_ = kSpectator;  // the human whose view was drawn last
  std::istream& in_;
  std::ostream& out_;
  RenderStyle style_;
  bool out_is_tty_;
  bool study_waits_;
  std::optional<std::size_t> studied_at_;  // the position whose study time was given
  SecretRun secret_run_;                   // told when it ends
};

// "1=greedy" to {1, "greedy"}; nullopt unless it is SEAT=SPEC with SEAT one of the game's seats.
std::optional<std::pair<std::size_t, std::string>> parse_seat(const Game& game,
                                                              std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq + 1 == text.size()) return std::nullopt;
  int seat = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + eq, seat);
  if (ec != std::errc() || end != text.data() + eq || seat < 0 || seat >= game.num_players()) {
    return std::nullopt;
  }
  return std::pair{static_cast<std::size_t>(seat), std::string(text.substr(eq + 1))};
}

// "--seat" assignments over the defaults: seat 0 human, the others the game's strongest agent.
std::vector<std::string> seat_specs(const Game& game, const std::vector<std::string>& assignments) {
  std::vector<std::string> specs(static_cast<std::size_t>(game.num_players()),
                                 strongest_agent(game));
  specs[0] = kHuman;
  for (const auto& text : assignments) {
    const auto seat = parse_seat(game, text);
    if (!seat) {
      throw Error(ErrorCode::kBadRequest,
                  fmt::format("--seat expects SEAT=human or SEAT=<agent spec> with SEAT in 0..{}, "
                              "got '{}'",
                              game.num_players() - 1, text));
    }
    specs[seat->first] = seat->second;
  }
  for (const auto& spec : specs) {
    if (spec != kHuman) make_agent(game, spec);  // an unknown agent fails before the game starts
  }
  return specs;
}

}  // namespace

int run_play(const PlayArgs& args) {
  const Game game = load_game(args.game, args.options);
  const std::uint64_t seed = args.seed ? *args.seed : std::random_device{}();
  Session session(game, seat_specs(game, args.seats), seed, std::cin, std::cout,
                  stdout_style(args.ascii), is_tty(stdout), is_tty(stdin));
  return session.run();
}

}  // namespace mw::cli
