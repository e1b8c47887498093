#include "server/pg_listener.h"

#include <fmt/format.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.h"
#include "core/json.h"
#include "server/pg_store.h"

namespace mw::server {
namespace {

std::unique_ptr<pg::Connection> listening_connection(const std::string& url) {
  auto c = std::make_unique<pg::Connection>(url, "mazeworks-listener");
  c->exec("listen", fmt::format("LISTEN {}", kActionsChannel));
  return c;
}

}  // namespace

ActionsNotice parse_actions_notice(const std::string& payload) {
  try {
    const Json j = Json::parse(payload);
    return ActionsNotice{j.at("match").get<std::string>(), j.at("actions").get<std::uint64_t>(),
                         j.value("finished", false), j.value("refresh", false)};
  } catch (const Json::exception& e) {
    throw Error(ErrorCode::kIo, fmt::format("database: notification '{}': {}", payload, e.what()));
  }
}

PgListener::PgListener(const std::string& url, OnNotice on_notice, OnConnection on_connection,
                       std::chrono::milliseconds retry)
    : url_(url),
      on_notice_(std::move(on_notice)),
      on_connection_(std::move(on_connection)),
      retry_(retry) {
  conn_ = listening_connection(url_);
  wake_fd_ = eventfd(0, EFD_CLOEXEC);
  if (wake_fd_ < 0) throw Error(ErrorCode::kIo, "listener: eventfd failed");
  thread_ = std::thread([this] { loop(); });
}

PgListener::~PgListener() {
  const std::uint64_t one = 1;
  if (write(wake_fd_, &one, sizeof one) != sizeof one) {
    // Cannot happen for an eventfd below its maximum; the join below would then hang, so say so.
    std::perror("PgListener: waking the listener thread");
  }
  thread_.join();
  close(wake_fd_);
}

int PgListener::backend_pid() const {
  std::lock_guard lock(mutex_);
  return conn_ ? PQbackendPID(conn_->get()) : 0;
}

void PgListener::loop() {
  for (;;) {
    if (!conn_ && !reconnect()) return;
    if (!wait_readable()) return;
    receive();
  }
}

bool PgListener::wait_readable() {
  pollfd fds[2] = {{PQsocket(conn_->get()), POLLIN, 0}, {wake_fd_, POLLIN, 0}};
  while (poll(fds, 2, -1) < 0) {
    if (errno != EINTR) {
      lost(fmt::format("poll: {}", std::strerror(errno)));
      return true;
    }
  }
  return (fds[1].revents & POLLIN) == 0;
}

void PgListener::receive() {
  PGconn* c = conn_->get();
  if (PQconsumeInput(c) == 0 || PQstatus(c) != CONNECTION_OK) {
    lost(PQerrorMessage(c));
    return;
  }
  while (PGnotify* n = PQnotifies(c)) {
    std::string payload = n->extra;
    PQfreemem(n);
    try {
      if (on_notice_) on_notice_(parse_actions_notice(payload));
    } catch (const std::exception& e) {
      // A payload from something else on the channel, or a callback's own failure: not ours to
      // stop listening for.
      fmt::print(stderr, "mazeworks: listener: {}\n", e.what());
    }
  }
}

void PgListener::lost(const std::string& why) {
  {
    std::lock_guard lock(mutex_);
    conn_.reset();
  }
  std::string reason = why;
  while (!reason.empty() && reason.back() == '\n') reason.pop_back();
  if (on_connection_) on_connection_(false, reason.empty() ? "connection lost" : reason);
}

bool PgListener::reconnect() {
  for (;;) {
    try {
      auto fresh = listening_connection(url_);
      {
        std::lock_guard lock(mutex_);
        conn_ = std::move(fresh);
      }
      if (on_connection_) on_connection_(true, "");
      return true;
    } catch (const Error&) {
      // Still unreachable: wait and try again, unless asked to stop meanwhile.
    }
    pollfd wake{wake_fd_, POLLIN, 0};
    if (poll(&wake, 1, static_cast<int>(retry_.count())) > 0) return false;
  }
}

}  // namespace mw::server
