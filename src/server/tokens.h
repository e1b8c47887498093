#pragma once
// Seat tokens: random 128-bit secrets handed to a player once, stored only as their SHA-256 (so a
// copy of the database does not let anyone play a seat).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace mw::server {

// `size` bytes from the operating system's random source (getrandom); throws if it fails.
void random_bytes(void* out, std::size_t size);
// 64 random bits from the same source.
std::uint64_t random_u64();
// 32 lowercase hex digits from the operating system's random source.
std::string new_token();
// A shorter random id for matches (16 hex digits); public, so it need not be secret.
std::string new_match_id();
// SHA-256 of `text` as 64 lowercase hex digits (Nettle, Debian's nettle-dev).
std::string sha256_hex(std::string_view text);
// Compares two equal-length strings in time independent of where they differ.
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace mw::server
