#include "server/static_files.h"

#include <fstream>
#include <sstream>

namespace mw::server {
namespace {

// Vite names every file under /assets/ by a hash of its content: a changed file gets a new name,
// so these may be cached for good. index.html names the current ones and is revalidated each time.
constexpr const char* kImmutable = "public, max-age=31536000, immutable";
constexpr const char* kRevalidate = "no-cache";

StaticReply not_found() {
  StaticReply r;
  r.status = 404;
  r.content_type = "application/json";
  r.body = R"({"error":{"code":"not_found","message":"not found"}})";
  return r;
}

}  // namespace

std::string mime_type(const std::filesystem::path& path) {
  const std::string ext = path.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript";
  if (ext == ".css") return "text/css";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".woff") return "font/woff";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  if (ext == ".webmanifest") return "application/manifest+json";
  return "application/octet-stream";
}

StaticReply static_file(const std::string& web_root, std::string_view target) {
  std::string path(target.substr(0, target.find('?')));
  if (web_root.empty() || path.find("..") != std::string::npos ||
      path.find('\\') != std::string::npos || path.empty() || path[0] != '/') {
    return not_found();
  }
  if (path.back() == '/') path += "index.html";
  const std::filesystem::path file = std::filesystem::path(web_root) / path.substr(1);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return not_found();
  std::ifstream in(file, std::ios::binary);
  if (!in) return not_found();
  std::ostringstream content;
  content << in.rdbuf();
  StaticReply r;
  r.content_type = mime_type(file);
  r.cache_control = path.starts_with("/assets/") ? kImmutable : kRevalidate;
  r.body = content.str();
  return r;
}

std::string default_web_root(const std::filesystem::path& executable) {
  if (executable.empty()) return "";
  const std::filesystem::path dist = executable.parent_path().parent_path() / "web" / "dist";
  std::error_code ec;
  if (!std::filesystem::is_directory(dist, ec)) return "";
  return std::filesystem::weakly_canonical(dist, ec).string();
}

}  // namespace mw::server
