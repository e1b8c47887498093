#pragma once
// What a client does with the server's state and patch messages (docs/server.md, "Patches"), for
// the tests: it keeps the last state message, and turns each patch whose base is that state's
// version into the state message the server would have sent whole (the C++ twin of the browser's
// followPatch in web/src/core/protocol.ts).
#include <stdexcept>
#include <string>

#include "core/json.h"

namespace mw::server::test {

class StateFollower {
 public:
  // The state message `msg` stands for: itself for a state message, the state a patch makes of
  // the last one for a patch, null for any other message. Throws std::runtime_error when a patch
  // does not follow (no state yet, another base version) or does not apply.
  Json follow(const Json& msg) {
    const std::string type = msg.value("type", "");
    if (type == "state") return last_ = msg;
    if (type != "patch") return Json();
    if (last_.is_null() || last_["version"] != msg["base"]) {
      throw std::runtime_error("a patch on version " + msg["base"].dump() + " after the state at " +
                               (last_.is_null() ? std::string("none") : last_["version"].dump()));
    }
    Json next = last_;
    next["version"] = msg["version"];
    next["to_act"] = msg["to_act"];
    next["status"] = msg["status"];
    try {
      next["view"] = last_["view"].patch(msg["patch"]);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string("a patch that does not apply: ") + e.what());
    }
    next["legal"] = msg["legal"];
    next["events_from"] = msg["base"];
    next["events"] = msg["events"];
    for (const char* ending : {"returns", "resigned", "rematch"}) {
      next.erase(ending);
      if (msg.contains(ending)) next[ending] = msg[ending];
    }
    return last_ = std::move(next);
  }

  const Json& last() const { return last_; }

 private:
  Json last_;
};

// "" when every value `patch` carries is the value at its place in `after` (the view the patch
// makes): a patch then tells nothing its observer's full view would not. Else what differs.
inline std::string patch_values_outside(const Json& patch, const Json& after) {
  for (const Json& op : patch) {
    if (!op.contains("value")) continue;
    std::string path = op["path"];
    // "/-" appends: the value is then the array's last element. Later operations of a patch never
    // move an earlier one's value (view_patch removes array elements from the end).
    if (path.size() >= 2 && path.ends_with("/-")) {
      const Json& array = after.at(Json::json_pointer(path.substr(0, path.size() - 2)));
      bool found = false;
      for (const Json& element : array) found = found || element == op["value"];
      if (!found) return op.dump() + " is not in " + array.dump();
      continue;
    }
    const Json::json_pointer at(path);
    if (!after.contains(at) || after.at(at) != op["value"]) {
      return op.dump() + " is not the view's value there";
    }
  }
  return "";
}

}  // namespace mw::server::test
