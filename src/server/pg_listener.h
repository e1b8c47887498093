#pragma once
// Listens, on a connection of its own, for what other server instances commit to a shared
// PostgreSQL database: PgStore announces every commit of actions on kActionsChannel, and this
// calls back with the match and its new action count. Notifications sent while the connection is
// down are lost: the listener says so, connects again, and says when it listens again, so that its
// owner reloads whatever it holds.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/pg_connection.h"

namespace mw::server {

struct ActionsNotice {
  std::string match;
  std::uint64_t actions = 0;  // the match's action count after the commit
  bool finished = false;
  // Something other than actions changed (a seat's token, a resignation, a rematch): listeners
  // holding the match read its tokens and ending again.
  bool refresh = false;
};

// Parses a notification's payload ({"match": id, "actions": n, "finished": b, "refresh"?: b});
// throws Error(kIo) for anything else.
ActionsNotice parse_actions_notice(const std::string& payload);

class PgListener {
 public:
  using OnNotice = std::function<void(const ActionsNotice&)>;
  // false and libpq's reason when the connection dropped; true (and "") once it listens again.
  using OnConnection = std::function<void(bool listening, const std::string& why)>;

  // Connects and listens before returning (throws Error(kIo) if it cannot, as PgStore does), then
  // calls back on a thread of its own. After a drop it tries again every `retry`.
  PgListener(const std::string& url, OnNotice on_notice, OnConnection on_connection,
             std::chrono::milliseconds retry = std::chrono::seconds(1));
  ~PgListener();  // stops listening and joins the thread; no callback runs after it returns
  PgListener(const PgListener&) = delete;
  PgListener& operator=(const PgListener&) = delete;

  // The server process of the current connection, 0 while disconnected (tests end it on purpose).
  int backend_pid() const;

 private:
  void loop();                        // the thread
  bool wait_readable();               // false when asked to stop
  void receive();                     // reads what arrived and calls back
  void lost(const std::string& why);  // drops the connection and says so
  bool reconnect();                   // false when asked to stop

  std::string url_;
  OnNotice on_notice_;
  OnConnection on_connection_;
  std::chrono::milliseconds retry_;
  int wake_fd_ = -1;  // an eventfd: the destructor's signal to the thread
  mutable std::mutex mutex_;
  std::unique_ptr<pg::Connection> conn_;  // null while disconnected
  std::thread thread_;
};

}  // namespace mw::server
