#pragma once
// The view each observer of a match was last sent, kept once per observer (a seat, the spectator),
// not once per connection: after a move the server builds each watched observer's new view once,
// diffs it against the last one (view_patch) and sends every connection of that observer the same
// patch. Observers nobody watches cost nothing: their views are neither built nor kept.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/types.h"
#include "server/live_match.h"
#include "server/patch_memo.h"

namespace mw::server {

class ObserverViews {
 public:
  // The observer's view now as its text (for a full state), which becomes the last one kept:
  // written by the game, no tree built.
  const std::string& current_text(const LiveMatch& match, Player observer);

  // How the observer's view moved since the last one kept: `base` is the observer's version that
  // view was built at (nullopt when none is kept: a client then needs the whole state), `patch`
  // (JSON text, view_patch_text) turns it into the view now, which becomes the last one kept.
  struct Change {
    std::optional<std::uint64_t> base;
    std::string patch = "[]";
  };
  // `memo` carries a patch from one observer to the next of the same move (PatchMemo).
  Change advance(const LiveMatch& match, Player observer, PatchMemo& memo);

  // Nobody watches `observer` any more: its view is dropped.
  void forget(const LiveMatch& match, Player observer);

 private:
  // The view as its text (Json::dump): one block of memory per observer, diffed byte by byte
  // (view_patch_text). Kept as a tree, a cold view scattered over the heap made the diff cost as
  // much as building the view.
  struct Kept {
    bool built = false;
    std::uint64_t match_version = 0;     // LiveMatch::version() when it was built
    std::uint64_t observer_version = 0;  // LiveMatch::version_for(observer) then
    std::string text;
    MemberStarts starts;  // where text's members begin, once a diff has found them
  };
  Kept& kept(const LiveMatch& match, Player observer);
  static void keep(const LiveMatch& match, Player observer, std::string text, Kept& k);

  std::vector<Kept> kept_;  // by told_index
};

}  // namespace mw::server
