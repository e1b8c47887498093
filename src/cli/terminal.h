#pragma once
// What the interactive commands (play, replay, selfplay) share: how the terminal behaves (colour,
// Unicode, clearing, a progress bar, line input) and how a command line names a game or a record.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/record.h"
#include "core/seats.h"
#include "core/types.h"

namespace mw::cli {

// ---- the terminal ----

bool is_tty(std::FILE* stream);
// Colour when `stream` is a terminal, unless NO_COLOR is set (https://no-color.org) or TERM=dumb.
bool color_enabled(std::FILE* stream);
// Unicode card symbols when the locale says UTF-8 (LC_ALL, LC_CTYPE, then LANG).
bool unicode_enabled();
// The style for drawing boards on standard output.
RenderStyle stdout_style(bool force_ascii);

// Clears a terminal screen and its scrollback (a hot-seat hand-over must leave nothing of the
// previous seat's board to scroll back to); on a pipe only draws a separator, since escapes would
// pollute a log.
void clear_screen(std::ostream& out, bool is_tty);
// Reads one line without its '\n', keeping at most `limit` bytes of it (the rest of the line is
// read and dropped, so an endless line costs no memory). False at end of input.
bool read_capped_line(std::istream& in, std::string& line, std::size_t limit);
// The longest line `prompt_line` takes: room for a whole card maze drawn on one line.
inline constexpr std::size_t kMaxPromptLine = 64 * 1024;
// Prints `prompt`, flushes, and reads one line (a trailing '\r' removed); nullopt at end of input.
// A longer line than kMaxPromptLine is refused (said, and read as an empty line). Input that is
// not typed at a terminal (a script) is echoed, control characters written out (\x1b as \x1b),
// so the transcript reads like a game and typed escape sequences do not act on the screen.
std::optional<std::string> prompt_line(std::istream& in, std::ostream& out,
                                       std::string_view prompt);
// `text` with control characters written out (\x1b), for echoing what a user typed.
std::string printable(std::string_view text);
std::string trim(std::string_view text);
// Items separated by `separator`, wrapped at `width` columns, each line starting with `indent`.
std::string wrap_list(const std::vector<std::string>& items, std::string_view indent,
                      std::size_t width = 100, std::string_view separator = "  ");

// The legal moves as a prompt lists them: every one when there are at most `limit`; else one entry
// per form, the text up to the first space or '@' with its count ("AD@… ×1600"), so that a Maker's
// 64,000 placements fit a screen; else the first `limit` forms and how many more.
std::string summarise_moves(const std::vector<std::string>& names, std::size_t limit = 100);

// A one-line progress bar redrawn in place ("\r" + erase line); call finish() to end the line.
class ProgressBar {
 public:
  ProgressBar(std::FILE* stream, std::string label);
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  void draw(std::int64_t done, std::int64_t total);
  void finish();

 private:
  std::FILE* stream_;
  std::string label_;
  std::chrono::steady_clock::time_point start_;
  bool drawn_ = false;
};

// ---- what a command line names ----

// The game `id` with "name=value" option assignments (kUnknownGame lists the known ids,
// kBadOption says what the option expects).
Game load_game(std::string_view id, const std::vector<std::string>& option_assignments);

// "Green 1, Purple -1"
std::string format_returns(const std::vector<double>& returns,
                           const std::vector<std::string>& names);
// "Green wins" / "a draw" (several seats share the best return).
std::string describe_winner(const std::vector<double>& returns,
                            const std::vector<std::string>& names);
// How a finished game ended: the game's own words when it gives them ("Purple wins 72–19
// points."), else describe_winner.
std::string describe_end(const State& state, const std::vector<std::string>& names);

// Throws Error(kIo) when the file cannot be read, Error(kBadRecord) when it is not a record.
GameRecord read_record_file(const std::string& path);
// Throws Error(kIo) when the file cannot be written.
void write_record_file(const std::string& path, const GameRecord& record);

}  // namespace mw::cli
