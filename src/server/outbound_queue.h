#pragma once
// The messages waiting to be written to one client, bounded by bytes rather than by count: a
// full state replaces the state messages queued before it (it holds all they would tell), so a
// client that asks for many and reads none costs one state, not thousands; a queue still over
// its bound after that means a client that does not read, and the connection is closed.
// No sockets here: net_server.cpp's writer takes the front, writes it, then pops it.
#include <algorithm>
#include <cstddef>
#include <deque>
#include <string>

#include "server/match_service.h"

namespace mw::server {

class OutboundQueue {
 public:
  explicit OutboundQueue(std::size_t max_bytes) : max_bytes_(max_bytes) {}

  // Queues `text`; false when the queue would exceed its bound (nothing is queued then: the
  // caller closes the connection).
  bool push(std::string text, MessageKind kind) {
    if (kind == MessageKind::kFullState) drop_states();
    if (bytes_ + text.size() > max_bytes_) return false;
    bytes_ += text.size();
    queue_.push_back({std::move(text), kind});
    return true;
  }
  bool empty() const { return queue_.empty(); }
  std::size_t size() const { return queue_.size(); }
  std::size_t bytes() const { return bytes_; }
  // The next message to write; it stays queued (and is never dropped) until pop().
  const std::string& front() {
    writing_ = true;
    return queue_.front().text;
  }
  void pop() {
    bytes_ -= queue_.front().text.size();
    queue_.pop_front();
    writing_ = false;
  }

 private:
  struct Item {
    std::string text;
    MessageKind kind;
  };
  // Every state not yet being written goes; replies stay, in their order.
  void drop_states() {
    const auto first = queue_.begin() + (writing_ && !queue_.empty() ? 1 : 0);
    const auto states = std::stable_partition(
        first, queue_.end(), [](const Item& i) { return i.kind == MessageKind::kReply; });
    for (auto it = states; it != queue_.end(); ++it) bytes_ -= it->text.size();
    queue_.erase(states, queue_.end());
  }

  std::size_t max_bytes_;
  std::deque<Item> queue_;
  std::size_t bytes_ = 0;
  bool writing_ = false;  // front() was taken and not yet popped
};

}  // namespace mw::server
