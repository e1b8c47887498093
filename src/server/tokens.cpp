#include "server/tokens.h"

#include <nettle/sha2.h>
#include <sys/random.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "core/error.h"

namespace mw::server {
namespace {

std::string random_hex(int words32) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::array<std::uint32_t, 4> words{};  // tokens are 4 words, match ids 2
  words32 = std::min(words32, static_cast<int>(words.size()));
  random_bytes(words.data(), sizeof(std::uint32_t) * static_cast<std::size_t>(words32));
  std::string out;
  for (int w = 0; w < words32; ++w) {
    std::uint32_t bits = words[w];
    for (int i = 0; i < 8; ++i) {
      out.push_back(kHex[bits & 0xF]);
      bits >>= 4;
    }
  }
  return out;
}

}  // namespace

// getrandom(2) itself: std::random_device's constructor probes the CPU (cpuid) every time, which
// in a virtual machine costs about 55 µs against about 3 µs for the system call.
void random_bytes(void* out, std::size_t size) {
  auto* bytes = static_cast<unsigned char*>(out);
  while (size > 0) {
    const ssize_t got = getrandom(bytes, size, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw Error(ErrorCode::kIo, std::string("getrandom: ") + std::strerror(errno));
    }
    bytes += got;
    size -= static_cast<std::size_t>(got);
  }
}

std::uint64_t random_u64() {
  std::uint64_t v = 0;
  random_bytes(&v, sizeof v);
  return v;
}

std::string new_token() {
  return random_hex(4);
}
std::string new_match_id() {
  return random_hex(2);
}

std::string sha256_hex(std::string_view text) {
  sha256_ctx ctx;
  sha256_init(&ctx);
  sha256_update(&ctx, text.size(), reinterpret_cast<const std::uint8_t*>(text.data()));
  std::array<std::uint8_t, SHA256_DIGEST_SIZE> digest{};
  sha256_digest(&ctx, digest.size(), digest.data());
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const std::uint8_t b : digest) {
    out.push_back(kHex[b >> 4]);
    out.push_back(kHex[b & 0xF]);
  }
  return out;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff |=
        static_cast<unsigned>(static_cast<unsigned char>(a[i]) ^ static_cast<unsigned char>(b[i]));
  }
  return diff == 0;
}

}  // namespace mw::server
