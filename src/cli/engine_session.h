#pragma once
// The JSON-lines engine protocol (docs/protocol.md) as a class without a process: one request line
// in, one reply object out. `mazeworks engine` (engine.cpp) only frames lines around it, so every
// protocol rule can be tested here directly.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/json.h"
#include "core/registry.h"

namespace mw::cli {

// Bumped when a request or reply changes incompatibly; adding fields does not bump it (clients
// ignore fields they do not know).
inline constexpr int kProtocolVersion = 1;
// The project version from the top-level CMakeLists.txt (engine_protocol_test checks they agree).
inline constexpr std::string_view kEngineVersion = "0.1.0";
// Longer lines are refused unread, so a runaway client cannot make the engine hold gigabytes.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
// Deeper arrays/objects are refused before parsing: nlohmann's dump and comparisons recurse.
inline constexpr int kMaxNesting = 64;

class EngineSession {
 public:
  explicit EngineSession(const Registry& registry);
  ~EngineSession();
  EngineSession(const EngineSession&) = delete;
  EngineSession& operator=(const EngineSession&) = delete;

  // Answers one request line (without its '\n'). Never throws: any failure is an error reply, and
  // a failed request leaves the session exactly as it was.
  Json handle(std::string_view line);
  // True once `quit` was answered.
  bool finished() const { return finished_; }

 private:
  struct Match;  // the current game, its history and random streams
  Json dispatch(const std::string& request, const Json& fields);
  Json on_version();
  Json on_games();
  Json on_new(const Json& req);
  Json on_load(const Json& req);
  Json on_state();
  Json on_view(const Json& req);
  Json on_legal();
  Json on_play(const Json& req);
  Json on_chance(const Json& req);
  Json on_undo(const Json& req);
  Json on_ai(const Json& req);
  Json on_record();
  Json on_quit();
  const Match& match() const;  // throws bad_request when there is no game

  const Registry& registry_;
  std::unique_ptr<Match> match_;
  bool finished_ = false;
};

// One reply as the line written to stdout: compact JSON, no newline inside, valid UTF-8.
std::string reply_line(const Json& reply);

}  // namespace mw::cli
