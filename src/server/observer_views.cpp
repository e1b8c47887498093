#include "server/observer_views.h"

#include "core/json_text.h"

namespace mw::server {

ObserverViews::Kept& ObserverViews::kept(const LiveMatch& match, Player observer) {
  const std::size_t i = told_index(match, observer);
  if (kept_.size() <= i) kept_.resize(static_cast<std::size_t>(match.num_seats()) + 1);
  return kept_[i];
}

void ObserverViews::keep(const LiveMatch& match, Player observer, std::string text, Kept& k) {
  k.text = std::move(text);
  k.built = true;
  k.match_version = match.version();
  k.observer_version = match.version_for(observer);
}

const std::string& ObserverViews::current_text(const LiveMatch& match, Player observer) {
  Kept& k = kept(match, observer);
  if (!k.built || k.match_version != match.version()) {
    std::string text;
    match.state().append_view_text(observer, text);
    keep(match, observer, std::move(text), k);
    k.starts.clear();  // found by a diff only
  }
  return k.text;
}

ObserverViews::Change ObserverViews::advance(const LiveMatch& match, Player observer,
                                             PatchMemo& memo) {
  Kept& k = kept(match, observer);
  Change change;
  if (k.built) change.base = k.observer_version;
  if (k.built && k.match_version == match.version()) return change;  // nothing was played
  std::string next;
  next.reserve(k.text.size() + k.text.size() / 4);  // a view grows little from move to move
  // In a game of perfect information the seats see one view, but for their "observer".
  const bool shared = match.state().game().info().perfect_information &&
                      !memo.last_view().empty() &&
                      append_view_as_seen_by(memo.last_view(), observer, next);
  if (!shared) match.state().append_view_text(observer, next);
  // A kept view with no base is a fresh one, with no member starts yet.
  if (change.base) change.patch = memo.patch(k.text, next, k.starts);  // and next's starts
  keep(match, observer, std::move(next), k);
  return change;
}

void ObserverViews::forget(const LiveMatch& match, Player observer) {
  Kept& k = kept(match, observer);
  k = Kept{};
}

}  // namespace mw::server
