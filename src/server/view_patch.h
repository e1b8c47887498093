#pragma once
// The difference between two views of one observer as an RFC 6902 JSON Patch, for the server's
// patch messages (docs/server.md, "Patches"). Only three operations are written: "add" (a new
// member of an object, or an element at the end of an array: path ".../-"), "remove" and "replace".
// Applying the patch to `from` gives a view that prints exactly as `to` does (Json::dump), the
// order of an object's members included: an object whose members would come out in another order
// is replaced whole.
// Every value a patch carries is a part of `to`, so it tells nothing that `to` does not.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"

namespace mw::server {

// The operations that turn `from` into `to`, in the order they must be applied ([] if equal).
Json view_patch(const Json& from, const Json& to);

// The same between two views as Json::dump() writes them (compact: no indent), and written as
// JSON text. Equal text is an equal view, so a server can keep each observer's last view as its
// text: one block of memory, compared byte by byte, where a tree of nodes scattered over the heap
// would be walked; the values are copied as written, never parsed.
// `first_copied`, when given, is set to an offset before which no byte of either text is in the
// patch.
std::string view_patch_text(std::string_view from, std::string_view to,
                            std::size_t* first_copied = nullptr);

// Where the members of a view's top-level object begin (the offsets of their keys' quotes): kept
// beside a view's text, it spares the next diff scanning that text for its members' ends.
using MemberStarts = std::vector<std::uint32_t>;

// What a diff is told and tells beside the patch.
struct TextNotes {
  const MemberStarts* from_starts = nullptr;  // in: `from`'s, if known (checked before use)
  MemberStarts to_starts;                     // out: `to`'s (empty unless `to` is an object)
  std::size_t first_copied = 0;               // out: as above
};
std::string view_patch_text(std::string_view from, std::string_view to, TextNotes& notes);

// view_patch_text with the last patch kept: the same patch serves the next pair of views when they
// differ from the last pair only where that move changed nothing and the patch copied nothing.
// The seats of a game of perfect information see the same view but for their "observer": after a
// move the second seat's patch is the first's, found with a few comparisons of bytes.
class PatchMemo {
 public:
  // `starts`: where `from`'s top-level members begin (empty if not known) in, `to`'s out.
  const std::string& patch(std::string_view from, std::string_view to, MemberStarts& starts);
  const std::string& patch(std::string_view from, std::string_view to);
  bool last_reused() const { return last_reused_; }  // whether the last patch() diffed nothing

 private:
  bool reusable(std::string_view from, std::string_view to) const;

  bool held_ = false;
  bool last_reused_ = false;
  std::string from_;
  std::string to_;
  std::string patch_;
  MemberStarts to_starts_;
  std::size_t first_change_ = 0;  // from_ and to_ are the same before it
  std::size_t first_copied_ = 0;  // patch_ holds nothing of from_ or to_ before it
};

}  // namespace mw::server
