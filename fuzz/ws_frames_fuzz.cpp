// Bytes after the WebSocket upgrade, as the frame reader takes them (src/server/ws_frames.h), on
// the server's side (a client's frames) or the load generator's (the server's): whatever comes in,
// a message handed on is within the bound and valid UTF-8, a control payload is at most 125 bytes,
// a failed reader stays failed, and the events do not depend on how the bytes were cut into reads.
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "server/ws_frames.h"

namespace {

using mw::server::ws::Event;
using mw::server::ws::FrameReader;
using mw::server::ws::Role;

constexpr std::size_t kMaxMessage = 4096;

struct Seen {
  Event::Kind kind;
  std::string payload;
  std::uint16_t code;
  bool operator==(const Seen&) const = default;
};

// Takes events until the reader needs more bytes; false once it failed.
bool take(FrameReader& reader, std::vector<Seen>& out) {
  for (;;) {
    const Event e = reader.next();
    if (e.kind == Event::Kind::kNeedMore) return true;
    out.push_back({e.kind, std::string(e.payload), static_cast<std::uint16_t>(e.code)});
    if (e.kind == Event::Kind::kText &&
        (e.payload.size() > kMaxMessage || !mw::server::ws::valid_utf8(e.payload)))
      mw::fuzz::violated("a message out of bounds or not UTF-8", std::string(e.payload));
    if ((e.kind == Event::Kind::kPing || e.kind == Event::Kind::kPong) && e.payload.size() > 125)
      mw::fuzz::violated("a control payload over 125 bytes", std::string(e.payload));
    if (e.kind == Event::Kind::kFail) {
      if (reader.next().kind != Event::Kind::kFail)
        mw::fuzz::violated("a failed reader read on", "");
      return false;
    }
  }
}

std::vector<Seen> events(std::string_view bytes, std::size_t chunk, Role role) {
  FrameReader reader(kMaxMessage, role);
  std::vector<Seen> out;
  for (std::size_t at = 0; at < bytes.size(); at += chunk) {
    const std::string_view piece = bytes.substr(at, chunk);
    const std::span<char> room = reader.prepare(piece.size());
    std::copy(piece.begin(), piece.end(), room.begin());
    reader.commit(piece.size());
    if (!take(reader, out)) break;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Role role = (data[0] & 0x80) != 0 ? Role::kClient : Role::kServer;
  const std::size_t chunk = 1 + (data[0] & 0x7F) % 17;
  const std::string_view bytes = mw::fuzz::as_text(data + 1, size - 1);
  const std::vector<Seen> whole = events(bytes, bytes.size() + 1, role);
  const std::vector<Seen> cut = events(bytes, chunk, role);
  if (whole != cut)
    mw::fuzz::violated("events depend on how the bytes were read", std::string(bytes));
  return 0;
}
