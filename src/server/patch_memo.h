#pragma once
// One move's patches for its observers in turn (docs/server.md, "Patches"): the diff of the first
// observer's views is kept, and serves the next observer when the byte-level conditions in
// patch_memo.cpp show that a diff would give the same patch.
#include <cstddef>
#include <string>
#include <string_view>

#include "server/view_patch.h"

namespace mw::server {

// view_patch_text with the last patch kept: the same patch serves the next pair of views when they
// differ from the last pair only where that move changed nothing and the patch copied nothing.
// The seats of a game of perfect information see the same view but for their "observer": after a
// move the second seat's patch is the first's, found with a few comparisons of bytes. The seats
// of a game of imperfect information differ in members a move leaves alone (each seat's own
// hidden part), and see the same change elsewhere: the patch is reused member by member.
class PatchMemo {
 public:
  // `starts`: where `from`'s top-level members begin (empty if not known) in, `to`'s out.
  const std::string& patch(std::string_view from, std::string_view to, MemberStarts& starts);
  const std::string& patch(std::string_view from, std::string_view to);
  bool last_reused() const { return last_reused_; }  // whether the last patch() diffed nothing
  // The new view of the last pair diffed (an earlier observer's view after this move), or empty.
  std::string_view last_view() const { return held_ ? std::string_view(to_) : std::string_view(); }

 private:
  bool reusable(std::string_view from, std::string_view to) const;
  // Where `to`'s members begin, when each member of the pair is either the same in `from` and
  // `to` and in the last pair too, or the same in `from` as in the last pair's and the same in
  // `to` as in its; false otherwise. `starts`: `from`'s.
  bool reusable_by_members(std::string_view from, std::string_view to, const MemberStarts& starts,
                           MemberStarts& to_starts) const;

  bool held_ = false;
  bool last_reused_ = false;
  std::string from_;
  std::string to_;
  std::string patch_;
  MemberStarts to_starts_;
  MemberStarts from_starts_;  // from_'s, when the last diff walked the members in step; else empty
  std::size_t first_change_ = 0;  // from_ and to_ are the same before it
  std::size_t first_copied_ = 0;  // patch_ holds nothing of from_ or to_ before it
};

}  // namespace mw::server
