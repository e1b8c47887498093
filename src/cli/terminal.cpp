#include "cli/terminal.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unordered_map>

#include "core/error.h"
#include "core/json_depth.h"
#include "core/state.h"
#include "games/all_games.h"

namespace mw::cli {
namespace {

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::string() : std::string(value);
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

}  // namespace

bool is_tty(std::FILE* stream) {
  return ::isatty(::fileno(stream)) == 1;
}

bool color_enabled(std::FILE* stream) {
  if (!env("NO_COLOR").empty() || env("TERM") == "dumb") return false;
  return is_tty(stream);
}

bool unicode_enabled() {
  // The first of these that is set decides, as in setlocale(LC_CTYPE, "").
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const std::string value = lower(env(name));
    if (!value.empty()) {
      return value.find("utf-8") != std::string::npos || value.find("utf8") != std::string::npos;
    }
  }
  return false;
}

RenderStyle stdout_style(bool force_ascii) {
  return RenderStyle{/*color=*/!force_ascii && color_enabled(stdout),
                     /*unicode=*/!force_ascii && unicode_enabled()};
}

void clear_screen(std::ostream& out, bool tty) {
  if (tty) {
    out << "\x1b[2J\x1b[3J\x1b[H";  // the screen, the scrollback (3J), then home
  } else {
    out << std::string(40, '-') << "\n";
  }
  out.flush();
}

bool read_capped_line(std::istream& in, std::string& line, std::size_t limit) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;  // a last line without '\n' still counts
    }
    any = true;
    if (c == '\n') return true;
    if (line.size() < limit) line.push_back(static_cast<char>(c));
  }
}

std::string printable(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  return out;
}

std::optional<std::string> prompt_line(std::istream& in, std::ostream& out,
                                       std::string_view prompt) {
  out << prompt;
  out.flush();
  std::string line;
  // One byte over the limit tells a line that was cut from one that just fits.
  if (!read_capped_line(in, line, kMaxPromptLine + 1)) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  static const bool echo = !is_tty(stdin);
  if (line.size() > kMaxPromptLine) {
    if (echo) out << printable(line.substr(0, 60)) << "…\n";
    out << fmt::format("(a line is at most {} bytes: ignored)\n", kMaxPromptLine);
    return std::string();
  }
  if (echo) out << printable(line) << "\n";
  return line;
}

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(first, last - first + 1));
}

std::string wrap_list(const std::vector<std::string>& items, std::string_view indent,
                      std::size_t width, std::string_view separator) {
  std::string out;
  std::size_t column = 0;
  for (const auto& item : items) {
    if (column > 0 && column + separator.size() + item.size() > width) {
      out += "\n";
      column = 0;
    }
    if (column == 0) {
      out += indent;
      column = indent.size();
    } else {
      out += separator;
      column += separator.size();
    }
    out += item;
    column += item.size();
  }
  if (!out.empty()) out += "\n";
  return out;
}

std::string summarise_moves(const std::vector<std::string>& names, std::size_t limit) {
  if (names.size() <= limit) return wrap_list(names, "    ");
  std::vector<std::pair<std::string, std::size_t>> forms;  // in order of first appearance
  std::unordered_map<std::string, std::size_t> index;
  for (const std::string& name : names) {
    const auto cut = name.find_first_of(" @");
    const std::string form = cut == std::string::npos ? name : name.substr(0, cut + 1) + "…";
    const auto [it, fresh] = index.try_emplace(form, forms.size());
    if (fresh) forms.emplace_back(form, 0);
    ++forms[it->second].second;
  }
  std::vector<std::string> items;
  for (std::size_t i = 0; i < forms.size() && i < limit; ++i) {
    const auto& [form, n] = forms[i];
    items.push_back(n == 1 ? form : fmt::format("{} ×{}", form, n));
  }
  std::string out = fmt::format(
      "    {} moves, by their first word ('moves all' lists every one):\n", names.size());
  out += wrap_list(items, "    ");
  if (forms.size() > limit) out += fmt::format("    … and {} more forms\n", forms.size() - limit);
  return out;
}

ProgressBar::ProgressBar(std::FILE* stream, std::string label)
    : stream_(stream), label_(std::move(label)), start_(std::chrono::steady_clock::now()) {}

void ProgressBar::draw(std::int64_t done, std::int64_t total) {
  constexpr int kWidth = 30;
  const double fraction = total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  const int filled = static_cast<int>(fraction * kWidth);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  fmt::print(stream_, "\r\x1b[2K{} [{}{}] {:3.0f}%  {}/{}  {:.1f} s", label_,
             std::string(static_cast<std::size_t>(filled), '#'),
             std::string(static_cast<std::size_t>(kWidth - filled), '.'), fraction * 100, done,
             total, seconds);
  std::fflush(stream_);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (drawn_) fmt::print(stream_, "\r\x1b[2K");
  std::fflush(stream_);
  drawn_ = false;
}

Game load_game(std::string_view id, const std::vector<std::string>& option_assignments) {
  const Registry& registry = builtin_games();
  const GameEntry& entry = registry.entry(id);
  return registry.load(id, Options::parse_assignments(entry.info.options, option_assignments));
}

std::string format_returns(const std::vector<double>& returns,
                           const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t p = 0; p < returns.size(); ++p) {
    out += fmt::format("{}{} {:g}", p == 0 ? "" : ", ", names[p], returns[p]);
  }
  return out;
}

std::string describe_winner(const std::vector<double>& returns,
                            const std::vector<std::string>& names) {
  const auto best = std::max_element(returns.begin(), returns.end());
  if (best == returns.end() || std::count(returns.begin(), returns.end(), *best) > 1) {
    return "a draw";
  }
  return names[static_cast<std::size_t>(best - returns.begin())] + " wins";
}

std::string describe_end(const State& state, const std::vector<std::string>& names) {
  const auto& describe = state.game().entry().describe_result;
  if (describe) {
    std::string words = describe(state.view(kOmniscient), state.game().options());
    if (!words.empty()) return words;
  }
  return describe_winner(state.returns(), names);
}

GameRecord read_record_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) {
    throw Error(ErrorCode::kIo, fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  }
  std::stringstream text;
  text << file.rdbuf();
  const Json json =
      parse_untrusted_json(text.str(), ErrorCode::kBadRecord, fmt::format("'{}'", path));
  try {
    return GameRecord::from_json(json);
  } catch (const Error& e) {
    throw Error(e.code(), fmt::format("'{}': {}", path, e.what()));
  }
}

void write_record_file(const std::string& path, const GameRecord& record) {
  const std::string text = record.to_json(builtin_games()).dump(2) + "\n";
  std::ofstream file(path);
  if (!file || !(file << text) || !file.flush()) {
    throw Error(ErrorCode::kIo, fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
  }
}

}  // namespace mw::cli
