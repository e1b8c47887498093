// The load generator against a server whose database fails one commit: the refused move's seat
// asks for the state again and the run finishes, counting the refusal as an error.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>

#include "games/all_games.h"
#include "server/net_client.h"
#include "server/net_server.h"
#include "server/server_error.h"
#include "support/server_fixture.h"

namespace mw::server {
namespace {

// Every call goes to `inner`, except the `fail_at`-th commit of moves, which fails as a database
// error would.
class FailingStore : public Store {
 public:
  FailingStore(std::unique_ptr<Store> inner, int fail_at)
      : inner_(std::move(inner)), fail_at_(fail_at) {}
  std::string describe() const override { return inner_->describe(); }
  void create_match(const MatchSetup& s) override { inner_->create_match(s); }
  void insert_matches(const std::vector<StoredMatch>& m) override { inner_->insert_matches(m); }
  void set_token(const std::string& m, int seat, const SeatToken& t) override {
    inner_->set_token(m, seat, t);
  }
  void clear_token(const std::string& m, int seat) override { inner_->clear_token(m, seat); }
  void claim_token(const std::string& m, int seat) override { inner_->claim_token(m, seat); }
  void set_resigned(const std::string& m, int seat, std::uint64_t actions) override {
    inner_->set_resigned(m, seat, actions);
  }
  void set_rematch(const std::string& m, const std::string& next) override {
    inner_->set_rematch(m, next);
  }
  std::vector<StoredMatch> load_all() const override { return inner_->load_all(); }
  std::optional<StoredMatch> load(const std::string& m) const override { return inner_->load(m); }
  std::vector<StoredMatch> load_active(std::int64_t since, std::size_t limit) const override {
    return inner_->load_active(since, limit);
  }
  std::size_t count() const override { return inner_->count(); }

 protected:
  void commit_appends(const std::vector<Append>& batch, std::size_t begin,
                      std::size_t end) override {
    if (++commits_ == fail_at_) throw Error(ErrorCode::kIo, "database: the disk is full");
    const std::vector<Append> part(batch.begin() + static_cast<std::ptrdiff_t>(begin),
                                   batch.begin() + static_cast<std::ptrdiff_t>(end));
    for (const std::exception_ptr& e : inner_->append_batch(part)) {
      if (e) std::rethrow_exception(e);
    }
  }

 private:
  std::unique_ptr<Store> inner_;
  int fail_at_;
  int commits_ = 0;
};

TEST(Loadtest, ARefusedMoveIsPlayedAgainAfterAResync) {
  test::Fixture f("loadtest-refusal", 1, false, /*with_group_commit=*/true);
  f.service.reset();
  f.store = std::make_unique<FailingStore>(std::move(f.store), 6);
  f.service = std::make_unique<MatchService>(builtin_games(), *f.store, 1, true, f.limits);
  HttpServer server(*f.service, ServerConfig{"127.0.0.1", 0, "", 2});
  server.start();
  LoadtestConfig config;
  config.port = server.port();
  config.matches = 1;
  config.max_moves = 12;
  // Run on its own thread: before the resync, the refused seat waited for good.
  std::packaged_task<LoadtestResult()> task([&] { return run_loadtest(config); });
  std::future<LoadtestResult> result = task.get_future();
  std::thread runner(std::move(task));
  const bool finished = result.wait_for(std::chrono::seconds(60)) == std::future_status::ready;
  if (!finished) {
    ADD_FAILURE() << "the load run hangs after the refused move";
    runner.detach();
    std::_Exit(1);  // its sockets and this server cannot be torn down while it waits
  }
  runner.join();
  const LoadtestResult r = result.get();
  EXPECT_EQ(r.errors, 1);  // the refusal, and nothing else
  EXPECT_GE(r.moves, 11);
}

}  // namespace
}  // namespace mw::server
