#include "server/ws_frames.h"

#include <algorithm>
#include <cstring>

namespace mw::server::ws {
namespace {

constexpr std::size_t kMaxControlPayload = 125;
constexpr std::size_t kMaskBytes = 4;

bool is_control(Opcode op) {
  return (static_cast<std::uint8_t>(op) & 0x8) != 0;
}

bool is_known(std::uint8_t op) {
  return op <= 0x2 || (op >= 0x8 && op <= 0xA);
}

std::uint64_t read_big_endian(const unsigned char* p, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value = (value << 8) | p[i];
  return value;
}

void unmask(char* payload, std::size_t size, const unsigned char* key) {
  for (std::size_t i = 0; i < size; ++i) payload[i] = static_cast<char>(payload[i] ^ key[i & 3]);
}

// The code at the front of a close frame's body of at least two bytes.
std::uint16_t close_code_of(std::string_view body) {
  return static_cast<std::uint16_t>(
      read_big_endian(reinterpret_cast<const unsigned char*>(body.data()), 2));
}

// A close code a client may send (RFC 6455, 7.4.1 and 7.4.2: 1004-1006 and 1015 are never sent).
bool sendable_code(std::uint16_t code) {
  if (code >= 3000 && code <= 4999) return true;
  return code >= 1000 && code <= 1014 && code != 1004 && code != 1005 && code != 1006;
}

}  // namespace

std::span<char> FrameReader::prepare(std::size_t bytes) {
  if (start_ == end_) {
    start_ = end_ = 0;
  } else if (start_ > 0 && in_.size() - end_ < bytes) {
    std::memmove(in_.data(), in_.data() + start_, end_ - start_);
    end_ -= start_;
    start_ = 0;
  }
  if (in_.size() - end_ < bytes) in_.resize(end_ + bytes);
  return {in_.data() + end_, in_.size() - end_};
}

void FrameReader::commit(std::size_t bytes) {
  end_ += std::min(bytes, in_.size() - end_);
}

void FrameReader::append(std::string_view bytes) {
  const std::span<char> room = prepare(bytes.size());
  std::memcpy(room.data(), bytes.data(), bytes.size());
  commit(bytes.size());
}

Event FrameReader::fail(CloseCode code) {
  failed_ = true;
  return {Event::Kind::kFail, {}, code};
}

Event FrameReader::next() {
  if (failed_) return {Event::Kind::kFail, {}, CloseCode::kProtocolError};
  if (!fragmented_) message_.clear();  // the last whole message was taken
  // A fragment that does not end its message is kept, and the next frame is looked at.
  for (;;) {
    if (const std::optional<Event> event = next_frame()) return *event;
  }
}

std::optional<Event> FrameReader::next_frame() {
  const std::size_t available = end_ - start_;
  if (available < 2) return Event{};
  const auto* p = reinterpret_cast<const unsigned char*>(in_.data() + start_);
  const bool fin = (p[0] & 0x80) != 0;
  const std::uint8_t raw_op = p[0] & 0x0F;
  if ((p[0] & 0x70) != 0 || !is_known(raw_op)) return fail(CloseCode::kProtocolError);
  const bool masked = (p[1] & 0x80) != 0;
  // A client must mask its frames, and a server must not (RFC 6455, 5.1).
  if (masked != (role_ == Role::kServer)) return fail(CloseCode::kProtocolError);
  const auto op = static_cast<Opcode>(raw_op);
  const std::uint8_t short_length = p[1] & 0x7F;
  if (is_control(op) && (!fin || short_length > kMaxControlPayload))
    return fail(CloseCode::kProtocolError);
  const int length_bytes = short_length == 126 ? 2 : short_length == 127 ? 8 : 0;
  const std::size_t header = 2 + static_cast<std::size_t>(length_bytes) + (masked ? kMaskBytes : 0);
  if (available < header) return Event{};
  std::uint64_t length = short_length;
  if (length_bytes > 0) {
    length = read_big_endian(p + 2, length_bytes);
    // The shortest form only (RFC 6455, 5.2), and the top bit of the 64-bit form clear.
    if ((length_bytes == 2 && length < 126) || (length_bytes == 8 && length < 65536) ||
        (length >> 63) != 0)
      return fail(CloseCode::kProtocolError);
  }
  // message_ never holds more than the bound: each fragment is checked before it is kept.
  const std::size_t held = op == Opcode::kContinuation ? message_.size() : 0;
  if (!is_control(op) && length > max_message_bytes_ - held) return fail(CloseCode::kTooBig);
  if (available - header < length) return Event{};
  char* payload = in_.data() + start_ + header;
  if (masked) unmask(payload, length, p + header - kMaskBytes);
  start_ += header + length;
  const std::string_view body(payload, length);
  return is_control(op) ? control(op, body) : data(op, fin, body);
}

Event FrameReader::control(Opcode op, std::string_view payload) {
  if (op == Opcode::kPing) return {Event::Kind::kPing, payload, CloseCode::kNormal};
  if (op == Opcode::kPong) return {Event::Kind::kPong, payload, CloseCode::kNormal};
  const CloseCode problem = check_close_body(payload);
  if (problem != CloseCode::kNormal) return fail(problem);
  const auto code =
      payload.size() >= 2 ? static_cast<CloseCode>(close_code_of(payload)) : CloseCode::kNormal;
  return {Event::Kind::kClose, payload, code};
}

std::optional<Event> FrameReader::data(Opcode op, bool fin, std::string_view payload) {
  if ((op == Opcode::kContinuation) != fragmented_) return fail(CloseCode::kProtocolError);
  if (op == Opcode::kBinary) return fail(CloseCode::kUnsupportedData);
  if (fin && !fragmented_) {  // a whole message in one frame, the usual case: not copied
    if (!valid_utf8(payload)) return fail(CloseCode::kInvalidPayload);
    return Event{Event::Kind::kText, payload, CloseCode::kNormal};
  }
  message_.append(payload);
  fragmented_ = !fin;
  if (!fin) return std::nullopt;
  if (!valid_utf8(message_)) return fail(CloseCode::kInvalidPayload);
  return Event{Event::Kind::kText, message_, CloseCode::kNormal};
}

std::size_t write_frame_header(std::uint8_t* out, Opcode op, std::size_t payload_bytes) {
  out[0] = static_cast<std::uint8_t>(0x80 | static_cast<std::uint8_t>(op));
  if (payload_bytes < 126) {
    out[1] = static_cast<std::uint8_t>(payload_bytes);
    return 2;
  }
  if (payload_bytes < 65536) {
    out[1] = 126;
    out[2] = static_cast<std::uint8_t>(payload_bytes >> 8);
    out[3] = static_cast<std::uint8_t>(payload_bytes);
    return 4;
  }
  out[1] = 127;
  for (int i = 0; i < 8; ++i)
    out[2 + i] =
        static_cast<std::uint8_t>(static_cast<std::uint64_t>(payload_bytes) >> (56 - 8 * i));
  return 10;
}

namespace {

std::string control_frame(Opcode op, std::string_view payload) {
  std::uint8_t header[10];
  const std::size_t n = write_frame_header(header, op, payload.size());
  std::string frame(reinterpret_cast<const char*>(header), n);
  frame.append(payload);
  return frame;
}

}  // namespace

std::string masked_frame(Opcode op, std::string_view payload, std::uint32_t key) {
  std::uint8_t header[10];
  const std::size_t n = write_frame_header(header, op, payload.size());
  header[1] |= 0x80;
  const unsigned char mask[kMaskBytes] = {
      static_cast<unsigned char>(key >> 24), static_cast<unsigned char>(key >> 16),
      static_cast<unsigned char>(key >> 8), static_cast<unsigned char>(key)};
  std::string frame(reinterpret_cast<const char*>(header), n);
  frame.append(reinterpret_cast<const char*>(mask), kMaskBytes);
  const std::size_t start = frame.size();
  frame.append(payload);
  unmask(frame.data() + start, payload.size(), mask);  // masking is the same XOR
  return frame;
}

std::string pong_frame(std::string_view payload) {
  return control_frame(Opcode::kPong, payload.substr(0, kMaxControlPayload));
}

std::string ping_frame() {
  return control_frame(Opcode::kPing, {});
}

std::string close_frame(CloseCode code) {
  const auto value = static_cast<std::uint16_t>(code);
  const char body[2] = {static_cast<char>(value >> 8), static_cast<char>(value & 0xFF)};
  return control_frame(Opcode::kClose, std::string_view(body, 2));
}

CloseCode check_close_body(std::string_view body) {
  if (body.empty()) return CloseCode::kNormal;
  if (body.size() == 1) return CloseCode::kProtocolError;
  if (!sendable_code(close_code_of(body))) return CloseCode::kProtocolError;
  if (!valid_utf8(body.substr(2))) return CloseCode::kInvalidPayload;
  return CloseCode::kNormal;
}

bool valid_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    // Eight ASCII bytes at a time: JSON is nearly all ASCII.
    if (i + 8 <= n) {
      std::uint64_t block;
      std::memcpy(&block, s + i, 8);
      if ((block & 0x8080808080808080ULL) == 0) {
        i += 8;
        continue;
      }
    }
    const unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    int more;
    unsigned char low = 0x80, high = 0xBF;  // the second byte's range (RFC 3629, section 4)
    if (c >= 0xC2 && c <= 0xDF) {
      more = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      more = 2;
      if (c == 0xE0) low = 0xA0;   // no overlong form
      if (c == 0xED) high = 0x9F;  // no surrogate
    } else if (c >= 0xF0 && c <= 0xF4) {
      more = 3;
      if (c == 0xF0) low = 0x90;   // no overlong form
      if (c == 0xF4) high = 0x8F;  // nothing past U+10FFFF
    } else {
      return false;
    }
    if (n - i <= static_cast<std::size_t>(more)) return false;
    if (s[i + 1] < low || s[i + 1] > high) return false;
    for (int k = 2; k <= more; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return false;
    }
    i += static_cast<std::size_t>(more) + 1;
  }
  return true;
}

}  // namespace mw::server::ws
