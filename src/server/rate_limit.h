#pragma once
// Token buckets: `rate` requests a second on average, `burst` at once. One bucket alone (a
// connection's syncs) or one per key (client addresses), the keyed map bounded so that a client
// rotating through addresses cannot grow it without end.
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace mw::server {

using RateClock = std::chrono::steady_clock;

class TokenBucket {
 public:
  // rate <= 0: unlimited.
  TokenBucket(double rate_per_second, double burst);
  // Takes one token if there is one at `now`.
  bool take(RateClock::time_point now = RateClock::now());
  // Full again at `now` (its state is then the same as a fresh bucket's).
  bool full(RateClock::time_point now) const;

 private:
  double rate_, burst_, tokens_;
  RateClock::time_point last_{};
  bool started_ = false;
};

class KeyedRateLimiter {
 public:
  // rate_per_minute <= 0: unlimited. A key's bucket holds a minute's worth (at least 1).
  explicit KeyedRateLimiter(double rate_per_minute, std::size_t max_keys = 100'000);
  bool allow(std::string_view key, RateClock::time_point now = RateClock::now());
  std::size_t keys() const;

 private:
  mutable std::mutex mutex_;
  double rate_per_minute_;
  std::size_t max_keys_;
  std::unordered_map<std::string, TokenBucket> buckets_;
};

// The key a client address is limited by: an IPv4 address as it is; an IPv6 address by its /64
// (one subscriber usually holds a whole /64), IPv4-mapped IPv6 as the IPv4 address.
std::string client_key(std::string_view address);

}  // namespace mw::server
