#include "server/rate_limit.h"

#include <arpa/inet.h>

#include <algorithm>

namespace mw::server {

TokenBucket::TokenBucket(double rate_per_second, double burst)
    : rate_(rate_per_second), burst_(std::max(1.0, burst)), tokens_(burst_) {}

bool TokenBucket::take(RateClock::time_point now) {
  if (rate_ <= 0) return true;
  if (started_) {
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    tokens_ = std::min(burst_, tokens_ + std::max(0.0, elapsed) * rate_);
  }
  started_ = true;
  last_ = now;
  if (tokens_ < 1.0) return false;
  tokens_ -= 1.0;
  return true;
}

bool TokenBucket::full(RateClock::time_point now) const {
  if (rate_ <= 0 || !started_) return true;
  const double elapsed = std::chrono::duration<double>(now - last_).count();
  return tokens_ + elapsed * rate_ >= burst_;
}

KeyedRateLimiter::KeyedRateLimiter(double rate_per_minute, std::size_t max_keys)
    : rate_per_minute_(rate_per_minute), max_keys_(std::max<std::size_t>(1, max_keys)) {}

bool KeyedRateLimiter::allow(std::string_view key, RateClock::time_point now) {
  if (rate_per_minute_ <= 0) return true;
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(std::string(key));
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_keys_) {
      // Buckets that have refilled hold no memory of their client: forget them.
      std::erase_if(buckets_, [now](const auto& kv) { return kv.second.full(now); });
      // Still full: too many clients at their limit at once; refuse newcomers rather than grow.
      if (buckets_.size() >= max_keys_) return false;
    }
    it = buckets_.emplace(std::string(key), TokenBucket(rate_per_minute_ / 60.0, rate_per_minute_))
             .first;
  }
  return it->second.take(now);
}

std::size_t KeyedRateLimiter::keys() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

std::string client_key(std::string_view address) {
  const std::string text(address);
  in6_addr v6{};
  if (inet_pton(AF_INET6, text.c_str(), &v6) != 1) return text;
  const bool v4_mapped = std::all_of(v6.s6_addr, v6.s6_addr + 10, [](auto b) { return b == 0; }) &&
                         v6.s6_addr[10] == 0xff && v6.s6_addr[11] == 0xff;
  char buf[INET6_ADDRSTRLEN] = {};
  if (v4_mapped) {
    inet_ntop(AF_INET, v6.s6_addr + 12, buf, sizeof buf);
    return buf;
  }
  std::fill(v6.s6_addr + 8, v6.s6_addr + 16, 0);
  inet_ntop(AF_INET6, &v6, buf, sizeof buf);
  return std::string(buf) + "/64";
}

}  // namespace mw::server
