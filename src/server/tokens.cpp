#include "server/tokens.h"

#include <nettle/sha2.h>

#include <array>
#include <cstdint>
#include <random>

namespace mw::server {
namespace {

std::string random_hex(int words32) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::random_device device;  // libstdc++ reads getrandom()/dev/urandom: not a PRNG
  std::string out;
  for (int w = 0; w < words32; ++w) {
    std::uint32_t bits = device();
    for (int i = 0; i < 8; ++i) {
      out.push_back(kHex[bits & 0xF]);
      bits >>= 4;
    }
  }
  return out;
}

}  // namespace

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
