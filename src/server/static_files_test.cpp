// What `serve` gives a browser: the app's files with their types and caching, the app found
// beside the executable without --web-root, and the lobby's list of matches (newest first).
#include "server/static_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "support/scratch_dir.h"
#include "support/server_fixture.h"

namespace mw::server {
namespace {

namespace fs = std::filesystem;

using test_support::ScratchDir;

TEST(StaticFiles, IndexIsRevalidatedAndHashedAssetsCachedForGood) {
  const ScratchDir root("static");
  root.write("index.html", "<h1>maze</h1>");
  root.write("assets/index-3f2a1b.js", "let a = 1;");
  root.write("assets/index-3f2a1b.js.map", "{}");
  const StaticReply index = static_file(root.path().string(), "/?x=1");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.body, "<h1>maze</h1>");
  EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(index.cache_control, "no-cache");
  const StaticReply script = static_file(root.path().string(), "/assets/index-3f2a1b.js");
  EXPECT_EQ(script.status, 200);
  EXPECT_EQ(script.content_type, "text/javascript");
  EXPECT_EQ(script.cache_control, "public, max-age=31536000, immutable");
  EXPECT_EQ(static_file(root.path().string(), "/assets/index-3f2a1b.js.map").content_type,
            "application/json");
  EXPECT_EQ(static_file(root.path().string(), "/missing.js").status, 404);
  EXPECT_EQ(static_file(root.path().string(), "/assets/").status, 404);
  EXPECT_EQ(static_file(root.path().string(), "/../static/index.html").status, 404);
  EXPECT_EQ(static_file("", "/").status, 404);
  EXPECT_EQ(mime_type("a.woff2"), "font/woff2");
  EXPECT_EQ(mime_type("robots.txt"), "text/plain; charset=utf-8");
  EXPECT_EQ(mime_type("data.bin"), "application/octet-stream");
}

TEST(StaticFiles, TheDefaultWebRootIsTheAppBesideTheBuildFolder) {
  const ScratchDir repo("default-root");
  const fs::path executable = repo.path() / "build" / "mazeworks";
  EXPECT_EQ(default_web_root(executable), "");  // no web/dist yet
  repo.write("web/dist/index.html", "app");
  EXPECT_EQ(fs::path(default_web_root(executable)), fs::canonical(repo.path() / "web" / "dist"));
  EXPECT_EQ(default_web_root(""), "");
}

TEST(Lobby, ListsPublicMatchesNewestFirstWithCreationTimeAndFreeSeats) {
  test::Fixture f("lobby", 1, /*in_memory=*/true);
  MatchService& s = *f.service;
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  std::vector<std::string> made;
  for (int i = 0; i < 3; ++i) {
    made.push_back(s.create_match(
        {{"game", "treasure-hunt"}, {"seats", {"human", {{"agent", "random"}}}}})["match"]);
  }
  s.create_match({{"game", "treasure-hunt"}, {"public", false}});
  s.join(made[1], Json::object());
  const Json list = s.list_public();
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0]["match"], made[2]);  // created in the same second: the later one first
  EXPECT_EQ(list[1]["match"], made[1]);
  EXPECT_EQ(list[2]["match"], made[0]);
  for (const Json& m : list) EXPECT_NEAR(m["created"].get<double>(), double(now), 5.0);
  EXPECT_EQ(list[1]["seats"][0], Json({{"seat", 0}, {"kind", "human"}, {"joined", true}}));
  EXPECT_EQ(list[2]["seats"][0]["joined"], false);  // a free human seat
  EXPECT_EQ(list[2]["seats"][1]["joined"], true);   // the computer's
}

TEST(Lobby, TheListIsCappedAndCreationTimesSurviveARestart) {
  test::Fixture f("lobby-cap");
  for (std::size_t i = 0; i < kMaxListedMatches + 3; ++i) {
    f.service->create_match({{"game", "treasure-hunt"}, {"seed", i}});
  }
  const Json before = f.service->list_public();
  EXPECT_EQ(before.size(), kMaxListedMatches);
  f.close();
  f.open();
  f.service->restore();
  const Json after = f.service->list_public();
  ASSERT_EQ(after.size(), kMaxListedMatches);
  EXPECT_EQ(after[0]["created"], before[0]["created"]);
}

}  // namespace
}  // namespace mw::server
