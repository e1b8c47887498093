// The engine-protocol tests' coin-race game, its broken agents and the request helpers.
#include "protocol_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/error.h"
#include "core/hash.h"
#include "core/state.h"

namespace mw::cli::protocol_support {
namespace {

// --- Coin race: a tiny game with a chance node after every decision, which Treasure Hunt (chance
// only in the deal) cannot show, and two broken agents for the engine's internal-error path.
// A seat adds 1..3 to the total, then a coin adds 1 (heads) or 0; reaching 10 wins for the mover.
class CoinRace {
 public:
  static CoinRace initial(const Options&) { return {}; }
  static CoinRace from_json(const Json& j, const Options&) {
    if (!j.is_object() || !j.contains("total") || !j["total"].is_number_integer()) {
      throw Error(ErrorCode::kBadState, "coin-race state: \"total\" must be an integer");
    }
    CoinRace s;
    s.total_ = j["total"].get<int>();
    s.to_move_ = j.value("to_move", 0);
    s.coin_ = j.value("coin", false);
    return s;
  }
  int num_players() const { return 2; }
  Player current_player() const {
    return is_terminal() ? kTerminalPlayer : coin_ ? kChancePlayer : to_move_;
  }
  bool is_terminal() const { return total_ >= 10; }
  void legal_actions(ActionList& out) const {
    out.clear();
    if (is_terminal()) return;
    if (coin_) {
      out = {3, 4};
    } else {
      out = {0, 1, 2};
    }
  }
  std::vector<ChanceOutcome> chance_outcomes() const {
    if (!coin_) return {};
    return {{3, 0.5}, {4, 0.5}};
  }
  std::string illegal_reason(Action a) const {
    if (is_terminal()) return "the game is over";
    if (coin_) return a == 3 || a == 4 ? "" : "the coin is in the air";
    return a >= 0 && a <= 2 ? "" : "add 1, 2 or 3";
  }
  void apply_legal(Action a) {
    if (coin_) {
      total_ += a == 3 ? 1 : 0;
      coin_ = false;
      if (!is_terminal()) to_move_ = 1 - to_move_;
    } else {
      total_ += static_cast<int>(a) + 1;
      coin_ = !is_terminal();
    }
  }
  std::vector<double> returns() const {
    return to_move_ == 0 ? std::vector<double>{1, -1} : std::vector<double>{-1, 1};
  }
  std::string action_to_string(Action a) const {
    return a <= 2 ? std::string("+") + std::to_string(a + 1) : a == 3 ? "heads" : "tails";
  }
  Action parse_action(std::string_view text) const {
    if (text == "+1" || text == "+2" || text == "+3") return text[1] - '1';
    if (text == "heads") return 3;
    if (text == "tails") return 4;
    throw Error(ErrorCode::kParse, "expected +1, +2, +3, heads or tails");
  }
  Json view(Player) const { return to_json(); }
  std::uint64_t information_state_key(Player) const {
    return Hasher().add(static_cast<std::uint64_t>(total_)).add(coin_).value();
  }
  CoinRace resample(Player, Rng&) const { return *this; }
  Json to_json() const {
    Json j;
    j["total"] = total_;
    j["to_move"] = to_move_;
    j["coin"] = coin_;
    return j;
  }

 private:
  int total_ = 0;
  Player to_move_ = 0;
  bool coin_ = false;
};

class IllegalAgent final : public Agent {
 public:
  Action choose(const Observation&, Rng&) override { return 99; }
};
class ThrowingAgent final : public Agent {
 public:
  Action choose(const Observation&, Rng&) override { throw std::runtime_error("out of ideas"); }
};

}  // namespace

const Registry& coin_registry() {
  static const Registry registry = [] {
    Registry r;
    GameEntry e = make_game_entry<CoinRace>(
        GameInfo{"coin-race", "Coin Race", "test game", 2, 2, true, true, {}, "", ""});
    e.agents.push_back({"illegal", "returns action 99", [](const Game&, const Json&) {
                          return std::unique_ptr<Agent>(new IllegalAgent());
                        }});
    e.agents.push_back({"throwing", "throws", [](const Game&, const Json&) {
                          return std::unique_ptr<Agent>(new ThrowingAgent());
                        }});
    r.add(std::move(e));
    return r;
  }();
  return registry;
}

Json call(EngineSession& s, const Json& request) {
  return s.handle(request.dump());
}

std::string error_code(const Json& reply) {
  if (!reply.is_object() || reply.value("ok", true)) return "(ok)";
  return reply["error"]["code"].get<std::string>();
}

// Asserts a successful reply and returns it.
Json ok(EngineSession& s, const Json& request) {
  Json reply = call(s, request);
  EXPECT_TRUE(reply.value("ok", false)) << request.dump() << " -> " << reply.dump();
  return reply;
}

// Everything a failed request must leave as it was: the record (start, seed, actions) and the
// state summary (position, settings).
std::string snapshot(EngineSession& s) {
  return call(s, Json{{"id", 0}, {"request", "record"}}).dump() +
         call(s, Json{{"id", 0}, {"request", "state"}}).dump();
}

Json new_th(EngineSession& s, std::uint64_t seed, bool auto_chance) {
  return ok(s, Json{{"id", "n"},
                    {"request", "new"},
                    {"game", "treasure-hunt"},
                    {"seed", seed},
                    {"auto_chance", auto_chance}});
}

std::string source_file(const std::string& relative) {
  const char* dir = std::getenv("MAZEWORKS_SOURCE_DIR");
  std::ifstream in(std::string(dir ? dir : ".") + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace mw::cli::protocol_support
