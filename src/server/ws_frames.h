#pragma once
// WebSocket frames (RFC 6455, section 5) as the server reads and writes them once Beast has
// answered the upgrade: no sockets here, only bytes in and events out, so every rule is tested and
// fuzzed without a network (docs/server.md, "WebSocket frames").
//
// Reading, the server side of the RFC: every client frame must be masked; no extension is ever
// negotiated, so the reserved bits must be clear; control frames are whole and at most 125 bytes;
// a message is text (JSON), whole or in fragments, at most `max_message_bytes`, valid UTF-8.
// Anything else fails the connection with the close code the RFC names. A length over the bound
// fails as soon as the header is read, before its payload is waited for, so a client cannot make
// the server hold more than one message's worth of bytes.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace mw::server::ws {

// The close codes the server sends (RFC 6455, 7.4.1).
enum class CloseCode : std::uint16_t {
  kNormal = 1000,
  kGoingAway = 1001,
  kProtocolError = 1002,
  kUnsupportedData = 1003,  // a binary message: the protocol is JSON text
  kInvalidPayload = 1007,   // text that is not UTF-8
  kTooBig = 1009,
};

enum class Opcode : std::uint8_t {
  kContinuation = 0x0,
  kText = 0x1,
  kBinary = 0x2,
  kClose = 0x8,
  kPing = 0x9,
  kPong = 0xA,
};

struct Event {
  enum class Kind {
    kNeedMore,  // no whole frame yet: read more bytes
    kText,      // a whole message
    kPing,
    kPong,
    kClose,  // the client's close frame: `code` (kNormal when it gave none) and `payload`, its body
    kFail,   // the connection must fail with `code` (the reader stays failed)
  };
  Kind kind = Kind::kNeedMore;
  // kText: the message; kPing, kPong: the payload; kClose: the frame's body as sent. Valid until
  // the next call of the reader.
  std::string_view payload;
  CloseCode code = CloseCode::kNormal;
};

// Which side reads: the server reads a client's frames, which must be masked; a client (the load
// generator) reads the server's, which must not be.
enum class Role { kServer, kClient };

class FrameReader {
 public:
  explicit FrameReader(std::size_t max_message_bytes, Role role = Role::kServer)
      : max_message_bytes_(max_message_bytes), role_(role) {}

  // Room for at least `bytes` more bytes to be read into; commit() says how many were.
  std::span<char> prepare(std::size_t bytes);
  void commit(std::size_t bytes);
  // prepare() and commit() in one: for bytes already read elsewhere (the rest of an HTTP read).
  void append(std::string_view bytes);

  // The next event in the bytes committed so far.
  Event next();

 private:
  // The event of the next frame; nullopt when it was a fragment kept for a message not yet whole.
  std::optional<Event> next_frame();
  Event fail(CloseCode code);
  Event control(Opcode op, std::string_view payload);
  std::optional<Event> data(Opcode op, bool fin, std::string_view payload);

  std::size_t max_message_bytes_;
  Role role_;
  std::string in_;  // bytes read: [start_, end_) not yet taken as frames
  std::size_t start_ = 0;
  std::size_t end_ = 0;
  std::string message_;  // the fragments of a message not yet whole
  bool fragmented_ = false;
  bool failed_ = false;
};

// The header of an unmasked (server-to-client) final frame of `payload_bytes`: 2, 4 or 10 bytes
// written to `out`, their count returned.
std::size_t write_frame_header(std::uint8_t* out, Opcode op, std::size_t payload_bytes);

// A whole final frame as a client writes it: masked with `key`.
std::string masked_frame(Opcode op, std::string_view payload, std::uint32_t key);

// A whole control frame from the server: a pong echoing `payload` (at most 125 bytes), or a close
// with `code`.
std::string pong_frame(std::string_view payload);
std::string ping_frame();
std::string close_frame(CloseCode code);

// Whether the body of a client's close frame is one the RFC allows (empty, or a code a client may
// send and a UTF-8 reason): kNormal when it is, else the code to fail the connection with.
CloseCode check_close_body(std::string_view body);

// Whether `text` is well-formed UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF).
bool valid_utf8(std::string_view text);

}  // namespace mw::server::ws
