#include "core/game.h"

#include "core/error.h"
#include "core/state.h"

namespace mw {

std::function<Json(const Json& options)> swap_option_values(std::string option, std::string first,
                                                            std::string second) {
  return [option = std::move(option), first = std::move(first),
          second = std::move(second)](const Json& options) {
    Json out = options;
    const std::string value = out.value(option, "");
    if (value == first || value == second) out[option] = value == first ? second : first;
    return out;
  };
}

Json GameInfo::to_json() const {
  Json j;
  j["id"] = id;
  j["name"] = name;
  j["summary"] = summary;
  j["min_players"] = min_players;
  j["max_players"] = max_players;
  j["perfect_information"] = perfect_information;
  j["chance"] = has_chance;
  Json opts = Json::array();
  for (const auto& o : options) opts.push_back(o.to_json());
  j["options"] = std::move(opts);
  if (!typing_help.empty()) j["typing_help"] = typing_help;
  if (!how_to_play.empty()) j["how_to_play"] = how_to_play;
  return j;
}

Game::Game(const GameEntry& entry, Options options)
    : impl_(std::make_shared<const Impl>(Impl{&entry, options, entry.num_players(options)})) {}

State Game::new_initial_state() const {
  return impl_->entry->new_initial_state(*this);
}

State Game::state_from_json(const Json& body) const {
  try {
    return impl_->entry->state_from_json(*this, body);
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    // nlohmann type and range errors from a malformed body become a clear bad_state.
    throw Error(ErrorCode::kBadState, std::string("invalid state JSON: ") + e.what());
  }
}

std::string Game::render(const Json& view, const RenderStyle& style) const {
  return impl_->entry->render_view(view, style);
}

Json Game::to_json() const {
  Json j;
  j["game"] = id();
  j["options"] = options().to_json();
  return j;
}

}  // namespace mw
