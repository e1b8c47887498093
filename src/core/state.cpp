#include "core/state.h"

#include <fmt/format.h>

namespace mw {

void State::apply(Action a) {
  if (is_terminal()) throw Error(ErrorCode::kIllegalAction, "the game is over");
  std::string reason = illegal_reason(a);
  if (!reason.empty()) {
    throw Error(ErrorCode::kIllegalAction, fmt::format("illegal action {}: {}", a, reason));
  }
  impl_->apply_legal(a);
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
