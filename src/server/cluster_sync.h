#pragma once
// Several `serve` instances on one PostgreSQL database: this instance hears every commit the
// others make (PgListener on the store's notification channel) and has its match service catch up
// the matches it holds (MatchService::heard_commit). When the listener's connection drops,
// notices may have been lost, so once it listens again every held match catches up.
// docs/server.md, "Several instances".
#include <string>

#include "server/match_service.h"
#include "server/pg_listener.h"

namespace mw::server {

class ClusterSync {
 public:
  // Listens before returning (throws Error(kIo) if it cannot). Destroy it before `service`.
  ClusterSync(MatchService& service, const std::string& url);
  ClusterSync(const ClusterSync&) = delete;
  ClusterSync& operator=(const ClusterSync&) = delete;

 private:
  PgListener listener_;
};

}  // namespace mw::server
