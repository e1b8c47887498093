#include "server/cluster_sync.h"

#include <fmt/format.h>

namespace mw::server {

ClusterSync::ClusterSync(MatchService& service, const std::string& url)
    : listener_(
          url,
          [&service](const ActionsNotice& notice) {
            service.heard_commit(notice.match, notice.actions, notice.refresh);
          },
          [&service](bool listening, const std::string& why) {
            if (!listening) {
              fmt::print(stderr, "mazeworks serve: not hearing other instances' commits: {}\n",
                         why);
              return;
            }
            fmt::print(stderr, "mazeworks serve: hearing other instances' commits again\n");
            service.catch_up_all();
          }) {}

}  // namespace mw::server
