#include "server/static_files.h"

#include <fstream>
#include <sstream>
#include <vector>

namespace mw::server {
namespace {

namespace fs = std::filesystem;

// Vite names every file under /assets/ by a hash of its content: a changed file gets a new name,
// so these may be cached for good. index.html names the current ones and is revalidated each time.
constexpr const char* kImmutable = "public, max-age=31536000, immutable";
constexpr const char* kRevalidate = "no-cache";

StaticReply refusal(int status, const char* code, const char* message) {
  StaticReply r;
  r.status = status;
  r.content_type = "application/json";
  r.body = std::string(R"({"error":{"code":")") + code + R"(","message":")" + message + "\"}}";
  r.content_length = r.body.size();
  return r;
}

StaticReply not_found() {
  return refusal(404, "not_found", "not found");
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Decodes %XX once. Refuses a malformed escape, an encoded '/' (it would join two segments the
// client sent as one) and anything still holding '%' afterwards (double encoding: "%252e").
std::optional<std::string> percent_decode(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] != '%') {
      out += in[i];
      continue;
    }
    if (i + 2 >= in.size()) return std::nullopt;
    const int hi = hex_value(in[i + 1]), lo = hex_value(in[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    const char c = static_cast<char>(hi * 16 + lo);
    if (c == '/' || c == '%') return std::nullopt;
    out += c;
    i += 2;
  }
  return out;
}

bool safe_segment(std::string_view segment) {
  if (segment.empty() || segment.front() == '.') return false;  // "", ".", "..", dotfiles
  for (const char c : segment) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f || c == '\\' || c == ':') return false;
  }
  return true;
}

// Whether `inner` is `root` or lies under it, comparing whole path components.
bool within(const fs::path& root, const fs::path& inner) {
  auto r = root.begin(), i = inner.begin();
  for (; r != root.end(); ++r, ++i) {
    if (i == inner.end() || *r != *i) return false;
  }
  return true;
}

}  // namespace

std::string mime_type(const fs::path& path) {
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

std::optional<fs::path> resolve_static_path(const std::string& web_root, std::string_view path) {
  if (web_root.empty() || path.empty() || path.front() != '/') return std::nullopt;
  const auto decoded = percent_decode(path.substr(1));
  if (!decoded) return std::nullopt;
  std::string relative = *decoded;
  if (relative.empty() || relative.back() == '/') relative += "index.html";
  fs::path file;
  std::string_view rest = relative;
  while (true) {
    const auto slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    if (!safe_segment(segment)) return std::nullopt;
    file /= fs::path(std::string(segment));
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  std::error_code ec;
  const fs::path root = fs::canonical(web_root, ec);
  if (ec) return std::nullopt;
  const fs::path resolved = fs::canonical(root / file, ec);  // follows every symlink
  if (ec || !within(root, resolved) || !fs::is_regular_file(resolved, ec)) return std::nullopt;
  return resolved;
}

StaticReply static_file(const std::string& web_root, std::string_view target,
                        std::string_view method) {
  if (method != "GET" && method != "HEAD") {
    return refusal(405, "method_not_allowed", "only GET and HEAD are served here");
  }
  const std::string_view path = target.substr(0, target.find('?'));
  const auto file = resolve_static_path(web_root, path);
  if (!file) return not_found();
  std::ifstream in(*file, std::ios::binary);
  if (!in) return not_found();
  std::ostringstream content;
  content << in.rdbuf();
  StaticReply r;
  r.content_type = mime_type(*file);
  r.cache_control = path.starts_with("/assets/") ? kImmutable : kRevalidate;
  r.body = content.str();
  r.content_length = r.body.size();
  if (method == "HEAD") r.body.clear();
  return r;
}

std::string default_web_root(const fs::path& executable) {
  if (executable.empty()) return "";
  const fs::path dist = executable.parent_path().parent_path() / "web" / "dist";
  std::error_code ec;
  if (!fs::is_directory(dist, ec)) return "";
  return fs::weakly_canonical(dist, ec).string();
}

}  // namespace mw::server
