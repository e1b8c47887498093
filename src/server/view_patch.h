#pragma once
// The difference between two views of one observer as an RFC 6902 JSON Patch, for the server's
// patch messages (docs/server.md, "Patches"). Only three operations are written: "add" (a new
// member of an object, or an element of an array: at its end, path ".../-", or at an index before
// the elements it shares with the old array's end), "remove" and "replace".
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
std::string view_patch_text(std::string_view from, std::string_view to);

// Where the members of a view's top-level object begin (the offsets of their keys' quotes): kept
// beside a view's text, it spares the next diff scanning that text for its members' ends.
using MemberStarts = std::vector<std::uint32_t>;

// What a diff is told and tells beside the patch.
struct TextNotes {
  const MemberStarts* from_starts = nullptr;  // in: `from`'s, if known (checked before use)
  MemberStarts to_starts;                     // out: `to`'s (empty unless `to` is an object)
  std::size_t first_copied = 0;  // out: no byte before it, of either text, is in the patch
  // out: from_starts fit `from`, and the two top-level objects have the same keys in the same
  // order: each member's operations come from that member's two texts alone, in member order.
  bool members_in_step = false;
};
// Whether `starts` can be where the members of the object `text` begin (a cheap check of a list
// kept beside a text, not a proof; the diff makes the same one before it uses them).
bool member_starts_fit(std::string_view text, const MemberStarts& starts);
std::string view_patch_text(std::string_view from, std::string_view to, TextNotes& notes);

}  // namespace mw::server
