#pragma once
// WebSocket frames as a client writes them (RFC 6455, 5.2: masked), for the tests of the server's
// frame reader and of the server over a raw socket.
#include <cstdint>
#include <string>
#include <string_view>

#include "server/ws_frames.h"

namespace mw::server::ws::test {

// One masked frame: `fin` ends the message; the masking key comes from `key`.
inline std::string client_frame(Opcode op, std::string_view payload, bool fin, std::uint64_t key) {
  std::string frame;
  frame.push_back(static_cast<char>((fin ? 0x80 : 0) | static_cast<std::uint8_t>(op)));
  const std::size_t n = payload.size();
  if (n < 126) {
    frame.push_back(static_cast<char>(0x80 | n));
  } else if (n < 65536) {
    frame.push_back(static_cast<char>(0x80 | 126));
    frame.push_back(static_cast<char>(n >> 8));
    frame.push_back(static_cast<char>(n & 0xFF));
  } else {
    frame.push_back(static_cast<char>(0x80 | 127));
    for (int i = 7; i >= 0; --i)
      frame.push_back(static_cast<char>((std::uint64_t{n} >> (8 * i)) & 0xFF));
  }
  char mask[4];
  for (int i = 0; i < 4; ++i) mask[i] = static_cast<char>((key >> (8 * i)) & 0xFF);
  frame.append(mask, 4);
  for (std::size_t i = 0; i < n; ++i) frame.push_back(static_cast<char>(payload[i] ^ mask[i & 3]));
  return frame;
}

}  // namespace mw::server::ws::test
