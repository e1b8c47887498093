#pragma once
// The browser app's files (web/dist, built by Vite) as plain functions, so what is served, with
// which type and caching, is tested without sockets. net_server.cpp only frames the reply.
//
// Anyone on the network may send any request path, so a path is served only when it names a
// regular file inside the canonical web root: it is decoded once and refused if what remains
// could still mean something else to a file system (docs/server.md, "Security").
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace mw::server {

struct StaticReply {
  int status = 200;  // 200; 404 (no web root, a refused path, no such file); 405 (not GET/HEAD)
  std::string content_type;
  std::string cache_control;  // empty unless 200
  std::string body;           // empty for HEAD (content_length still counts the file)
  std::size_t content_length = 0;
};

// The file `target` names under `web_root` ("/" is index.html, "/dir/" is dir/index.html; the
// query string is ignored), for `method` GET or HEAD.
StaticReply static_file(const std::string& web_root, std::string_view target,
                        std::string_view method = "GET");

// The file a request path names inside `web_root`, or nullopt when the path is refused: not
// starting with '/', an empty, "." or ".." segment, a segment starting with '.', a backslash, a
// control character or NUL, a malformed or double percent-encoding, or a file whose canonical
// path (symlinks resolved) lies outside the canonical web root. Percent-encoded slashes are
// refused rather than decoded.
std::optional<std::filesystem::path> resolve_static_path(const std::string& web_root,
                                                         std::string_view path);

// The Content-Type of a file by its extension (application/octet-stream when unknown).
std::string mime_type(const std::filesystem::path& path);

// Where `serve` finds the app without --web-root: web/dist beside the build folder that holds the
// executable (the repository's layout: build/mazeworks → web/dist). Empty when it does not exist.
std::string default_web_root(const std::filesystem::path& executable);

}  // namespace mw::server
