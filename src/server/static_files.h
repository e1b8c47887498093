#pragma once
// The browser app's files (web/dist, built by Vite) as plain functions, so what is served, with
// which type and caching, is tested without sockets. net_server.cpp only frames the reply.
#include <filesystem>
#include <string>
#include <string_view>

namespace mw::server {

struct StaticReply {
  int status = 200;  // 200, or 404 (no web root, a path outside it, no such file)
  std::string content_type;
  std::string cache_control;  // empty on a 404
  std::string body;
};

// The file `target` names under `web_root` ("/" is index.html; the query string is ignored).
// Paths with ".." or backslashes are refused outright.
StaticReply static_file(const std::string& web_root, std::string_view target);

// The Content-Type of a file by its extension (application/octet-stream when unknown).
std::string mime_type(const std::filesystem::path& path);

// Where `serve` finds the app without --web-root: web/dist beside the build folder that holds the
// executable (the repository's layout: build/mazeworks → web/dist). Empty when it does not exist.
std::string default_web_root(const std::filesystem::path& executable);

}  // namespace mw::server
