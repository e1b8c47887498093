#include "core/state.h"

#include <fmt/format.h>

#include <exception>
#include <string>

namespace mw {
namespace {

std::string action_to_string_or_number(const State& s, Action a) {
  try {
    return s.action_to_string(a);
  } catch (const std::exception&) {
    return std::to_string(a);
  }
}

}  // namespace

void State::check_legal(Action a) const {
  if (is_terminal()) throw Error(ErrorCode::kIllegalAction, "the game is over");
  std::string reason = illegal_reason(a);
  if (!reason.empty()) {
    throw Error(ErrorCode::kIllegalAction, fmt::format("illegal action {}: {}", a, reason));
  }
}

void State::apply(Action a) {
  check_legal(a);
  impl_->apply_legal(a);
}

void State::apply_all(const std::vector<Action>& actions) {
  if (actions.empty()) throw Error(ErrorCode::kIllegalAction, "no action given");
  if (actions.size() == 1) return apply(actions.front());
  State next = *this;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    try {
      next.apply(actions[i]);
    } catch (const Error& e) {
      throw Error(ErrorCode::kIllegalAction,
                  fmt::format("action {} of {} ({}): {}", i + 1, actions.size(),
                              action_to_string_or_number(next, actions[i]), e.what()));
    }
  }
  *this = std::move(next);
}

Json State::to_document() const {
  Json doc = game_.to_json();
  doc["state"] = to_json();
  return doc;
}

void State::check_type(const std::type_info& wanted) const {
  const auto& held = *impl_;
  if (typeid(held) != wanted) {
    throw Error(ErrorCode::kInternal,
                fmt::format("state of game '{}' accessed as another game's type", game_.id()));
  }
}

}  // namespace mw
