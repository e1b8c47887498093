// WebSocket frames as the server reads and writes them (ws_frames.h): the RFC 6455 examples, every
// rule a client frame can break, and random messages cut at random places.
#include "server/ws_frames.h"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "core/rng.h"
#include "support/ws_frame_bytes.h"

namespace mw::server::ws {
namespace {

using test::client_frame;
using Kind = Event::Kind;

std::string bytes(std::initializer_list<int> values) {
  std::string out;
  for (const int v : values) out.push_back(static_cast<char>(v));
  return out;
}

// Every event the reader finds in `input`, given to it whole, up to the first kNeedMore or kFail.
std::vector<Event> events_of(const std::string& input, std::size_t max = 1 << 20) {
  static std::deque<std::string> kept;  // the payloads outlive the reader, in place
  FrameReader reader(max);
  reader.append(input);
  std::vector<Event> out;
  for (;;) {
    Event e = reader.next();
    if (e.kind == Kind::kNeedMore) return out;
    kept.emplace_back(e.payload);
    e.payload = kept.back();
    out.push_back(e);
    if (e.kind == Kind::kFail) return out;
  }
}

Event only_event(const std::string& input, std::size_t max = 1 << 20) {
  const std::vector<Event> all = events_of(input, max);
  EXPECT_EQ(all.size(), 1u);
  return all.empty() ? Event{} : all.front();
}

void expect_fail(const std::string& input, CloseCode code, std::size_t max = 1 << 20) {
  const std::vector<Event> all = events_of(input, max);
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all.back().kind, Kind::kFail);
  EXPECT_EQ(all.back().code, code);
}

TEST(WsFrames, ReadsTheMaskedHelloOfTheRfc) {
  // RFC 6455, 5.7: a single-frame masked text message "Hello".
  const std::string hello =
      bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58});
  const Event e = only_event(hello);
  EXPECT_EQ(e.kind, Kind::kText);
  EXPECT_EQ(e.payload, "Hello");
}

TEST(WsFrames, AClientReadsTheUnmaskedHelloOfTheRfcAndRefusesMaskedFrames) {
  // RFC 6455, 5.7: a single-frame unmasked text message, as a server sends it.
  FrameReader client(1 << 20, Role::kClient);
  client.append(bytes({0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f}));
  const Event e = client.next();
  EXPECT_EQ(e.kind, Kind::kText);
  EXPECT_EQ(e.payload, "Hello");
  FrameReader strict(1 << 20, Role::kClient);
  strict.append(bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58}));
  EXPECT_EQ(strict.next().code, CloseCode::kProtocolError);  // a server must not mask
}

TEST(WsFrames, MaskedFramesReadBackAsTheyWereWritten) {
  for (const std::size_t size : {0, 1, 125, 126, 65535, 65536, 70000}) {
    std::string text(size, ' ');
    for (std::size_t i = 0; i < size; ++i) text[i] = static_cast<char>('a' + i % 26);
    const auto key = static_cast<std::uint32_t>(0x37fa213dU + size);
    const std::string frame = masked_frame(Opcode::kText, text, key);
    EXPECT_EQ(frame.size(), (size < 126 ? 6 : size < 65536 ? 8 : 14) + size);
    if (size > 0) {
      EXPECT_NE(frame.substr(frame.size() - size), text);  // masked on the wire
    }
    const Event e = only_event(frame);
    EXPECT_EQ(e.kind, Kind::kText);
    EXPECT_EQ(e.payload, text);
  }
}

TEST(WsFrames, WaitsForWholeFramesGivenAByteAtATime) {
  const std::string frame = client_frame(Opcode::kText, std::string(300, 'a'), true, 7);
  FrameReader reader(1 << 20);
  for (std::size_t i = 0; i + 1 < frame.size(); ++i) {
    reader.append(frame.substr(i, 1));
    ASSERT_EQ(reader.next().kind, Kind::kNeedMore) << "after byte " << i;
  }
  reader.append(frame.substr(frame.size() - 1));
  const Event e = reader.next();
  EXPECT_EQ(e.kind, Kind::kText);
  EXPECT_EQ(e.payload, std::string(300, 'a'));
}

TEST(WsFrames, JoinsFragmentsAroundAPing) {
  // RFC 6455, 5.4 and 5.5: control frames may come between the fragments of a message.
  const std::string input = client_frame(Opcode::kText, "Hel", false, 1) +
                            client_frame(Opcode::kPing, "are you there", true, 2) +
                            client_frame(Opcode::kContinuation, "lo", true, 3);
  const std::vector<Event> all = events_of(input);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].kind, Kind::kPing);
  EXPECT_EQ(all[0].payload, "are you there");
  EXPECT_EQ(all[1].kind, Kind::kText);
  EXPECT_EQ(all[1].payload, "Hello");
}

TEST(WsFrames, ReadsSeveralFramesInOneReadInOrder) {
  const std::string input = client_frame(Opcode::kText, "one", true, 1) +
                            client_frame(Opcode::kPong, "", true, 2) +
                            client_frame(Opcode::kText, std::string(70000, 'z'), true, 3) +
                            client_frame(Opcode::kText, "three", true, 4);
  const std::vector<Event> all = events_of(input);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[0].payload, "one");
  EXPECT_EQ(all[1].kind, Kind::kPong);
  EXPECT_EQ(all[2].payload.size(), 70000u);  // the 64-bit length form
  EXPECT_EQ(all[3].payload, "three");
}

TEST(WsFrames, AcceptsACharacterSplitBetweenFragments) {
  const std::string euro = "\xE2\x82\xAC";  // one character, three bytes
  const std::string input = client_frame(Opcode::kText, "price " + euro.substr(0, 1), false, 1) +
                            client_frame(Opcode::kContinuation, euro.substr(1), true, 2);
  const Event e = only_event(input);
  EXPECT_EQ(e.kind, Kind::kText);
  EXPECT_EQ(e.payload, "price " + euro);
}

TEST(WsFrames, RefusesFramesTheRfcForbidsAClientToSend) {
  std::string unmasked = client_frame(Opcode::kText, "hi", true, 1);
  unmasked[1] = static_cast<char>(unmasked[1] & 0x7F);
  expect_fail(bytes({0x81, 0x02, 'h', 'i'}), CloseCode::kProtocolError);  // not masked
  std::string reserved = client_frame(Opcode::kText, "hi", true, 1);
  reserved[0] = static_cast<char>(reserved[0] | 0x40);  // RSV1: no extension was agreed
  expect_fail(reserved, CloseCode::kProtocolError);
  expect_fail(client_frame(static_cast<Opcode>(0x3), "x", true, 1), CloseCode::kProtocolError);
  expect_fail(client_frame(static_cast<Opcode>(0xB), "x", true, 1), CloseCode::kProtocolError);
  expect_fail(client_frame(Opcode::kPing, "x", false, 1), CloseCode::kProtocolError);
  expect_fail(client_frame(Opcode::kPing, std::string(126, 'p'), true, 1),
              CloseCode::kProtocolError);
  expect_fail(client_frame(Opcode::kContinuation, "orphan", true, 1), CloseCode::kProtocolError);
  expect_fail(
      client_frame(Opcode::kText, "a", false, 1) + client_frame(Opcode::kText, "b", true, 2),
      CloseCode::kProtocolError);
  expect_fail(client_frame(Opcode::kBinary, "\x01\x02", true, 1), CloseCode::kUnsupportedData);
}

TEST(WsFrames, RefusesLengthsNotInTheirShortestForm) {
  // 5 bytes announced in the 16-bit form, 200 in the 64-bit form, and a 64-bit length with its
  // top bit set.
  expect_fail(bytes({0x81, 0xFE, 0x00, 0x05, 1, 2, 3, 4, 'a', 'b', 'c', 'd', 'e'}),
              CloseCode::kProtocolError);
  expect_fail(bytes({0x81, 0xFF, 0, 0, 0, 0, 0, 0, 0, 200, 1, 2, 3, 4}), CloseCode::kProtocolError);
  expect_fail(bytes({0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4}),
              CloseCode::kProtocolError);
}

TEST(WsFrames, RefusesAMessageOverTheBoundBeforeItsPayloadComes) {
  // Only the header of a frame announcing a gigabyte: refused at once, nothing waited for.
  expect_fail(bytes({0x81, 0xFF, 0, 0, 0, 0, 0x40, 0, 0, 0, 1, 2, 3, 4}), CloseCode::kTooBig, 1000);
  expect_fail(client_frame(Opcode::kText, std::string(1001, 'x'), true, 1), CloseCode::kTooBig,
              1000);
  EXPECT_EQ(only_event(client_frame(Opcode::kText, std::string(1000, 'x'), true, 1), 1000).kind,
            Kind::kText);
  // In fragments, the sum counts.
  expect_fail(client_frame(Opcode::kText, std::string(600, 'x'), false, 1) +
                  client_frame(Opcode::kContinuation, std::string(401, 'x'), true, 2),
              CloseCode::kTooBig, 1000);
}

TEST(WsFrames, RefusesTextThatIsNotUtf8) {
  expect_fail(client_frame(Opcode::kText, "caf\xC3", true, 1), CloseCode::kInvalidPayload);
  expect_fail(client_frame(Opcode::kText, "a\xC3", false, 1) +
                  client_frame(Opcode::kContinuation, "(", true, 2),
              CloseCode::kInvalidPayload);
}

TEST(WsFrames, ReadsCloseFramesAndRefusesBadOnes) {
  Event e = only_event(client_frame(Opcode::kClose, "", true, 1));
  EXPECT_EQ(e.kind, Kind::kClose);
  EXPECT_EQ(e.code, CloseCode::kNormal);
  e = only_event(client_frame(Opcode::kClose, bytes({0x03, 0xE9}) + "bye", true, 1));
  EXPECT_EQ(e.kind, Kind::kClose);
  EXPECT_EQ(e.code, CloseCode::kGoingAway);
  EXPECT_EQ(
      static_cast<int>(only_event(client_frame(Opcode::kClose, bytes({0x0F, 0xA0}), true, 1)).code),
      4000);  // a private code
  expect_fail(client_frame(Opcode::kClose, "x", true, 1), CloseCode::kProtocolError);
  expect_fail(client_frame(Opcode::kClose, bytes({0x03, 0xED}), true, 1),  // 1005: never sent
              CloseCode::kProtocolError);
  expect_fail(client_frame(Opcode::kClose, bytes({0x03, 0xE7}), true, 1),  // 999
              CloseCode::kProtocolError);
  expect_fail(client_frame(Opcode::kClose, bytes({0x03, 0xE8, 0xFF}), true, 1),
              CloseCode::kInvalidPayload);
}

TEST(WsFrames, StaysFailedOnceFailed) {
  FrameReader reader(1 << 20);
  reader.append(bytes({0x81, 0x02, 'h', 'i'}) + client_frame(Opcode::kText, "fine", true, 1));
  EXPECT_EQ(reader.next().kind, Kind::kFail);
  EXPECT_EQ(reader.next().kind, Kind::kFail);
}

TEST(WsFrames, RandomMessagesCutAnywhereComeOutWhole) {
  Rng rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<std::string> sent;
    std::string wire;
    for (int m = 0; m < 5; ++m) {
      const std::size_t size = rng.below(3) == 0 ? rng.below(70000) : rng.below(200);
      std::string text(size, ' ');
      for (char& c : text) c = static_cast<char>('a' + rng.below(26));
      sent.push_back(text);
      // Some messages in fragments.
      const std::size_t cut = size > 1 && rng.below(2) == 0 ? rng.below(size) : size;
      wire += client_frame(Opcode::kText, text.substr(0, cut), cut == size, rng.next());
      if (cut < size)
        wire += client_frame(Opcode::kContinuation, text.substr(cut), true, rng.next());
    }
    FrameReader reader(1 << 20);
    std::vector<std::string> got;
    std::size_t at = 0;
    while (at < wire.size()) {
      const std::size_t n = std::min(wire.size() - at, std::size_t{1} + rng.below(5000));
      const std::span<char> room = reader.prepare(n);
      std::copy_n(wire.data() + at, n, room.data());
      reader.commit(n);
      at += n;
      for (Event e = reader.next(); e.kind != Kind::kNeedMore; e = reader.next()) {
        ASSERT_EQ(e.kind, Kind::kText);
        got.emplace_back(e.payload);
      }
    }
    ASSERT_EQ(got, sent) << "trial " << trial;
  }
}

TEST(WsFrames, WritesHeadersInTheShortestForm) {
  std::uint8_t header[10];
  EXPECT_EQ(write_frame_header(header, Opcode::kText, 0), 2u);
  EXPECT_EQ(header[0], 0x81);
  EXPECT_EQ(header[1], 0);
  EXPECT_EQ(write_frame_header(header, Opcode::kText, 125), 2u);
  EXPECT_EQ(header[1], 125);
  EXPECT_EQ(write_frame_header(header, Opcode::kText, 126), 4u);
  EXPECT_EQ(header[1], 126);
  EXPECT_EQ(header[2] * 256 + header[3], 126);
  EXPECT_EQ(write_frame_header(header, Opcode::kText, 65535), 4u);
  EXPECT_EQ(write_frame_header(header, Opcode::kText, 65536), 10u);
  EXPECT_EQ(header[1], 127);
  EXPECT_EQ(header[7], 1);  // 65536 = 0x0000000000010000
  EXPECT_EQ(header[8], 0);
  EXPECT_EQ(close_frame(CloseCode::kTooBig), bytes({0x88, 0x02, 0x03, 0xF1}));
  EXPECT_EQ(pong_frame("abc"), bytes({0x8A, 0x03, 'a', 'b', 'c'}));
  EXPECT_EQ(ping_frame(), bytes({0x89, 0x00}));
}

TEST(WsFrames, KnowsWellFormedUtf8) {
  EXPECT_TRUE(valid_utf8(""));
  EXPECT_TRUE(valid_utf8("plain ASCII, longer than eight bytes"));
  EXPECT_TRUE(valid_utf8("\xC3\xA9"));          // é
  EXPECT_TRUE(valid_utf8("\xE2\x82\xAC"));      // €
  EXPECT_TRUE(valid_utf8("\xF0\x9F\x83\x8F"));  // a playing card, U+1F0CF
  EXPECT_TRUE(valid_utf8("\xF4\x8F\xBF\xBF"));  // U+10FFFF
  EXPECT_FALSE(valid_utf8("\x80"));             // a lone continuation byte
  EXPECT_FALSE(valid_utf8("\xC0\x80"));         // overlong NUL
  EXPECT_FALSE(valid_utf8("\xC1\xBF"));
  EXPECT_FALSE(valid_utf8("\xE0\x80\x80"));      // overlong
  EXPECT_FALSE(valid_utf8("\xED\xA0\x80"));      // a surrogate, U+D800
  EXPECT_FALSE(valid_utf8("\xF0\x80\x80\x80"));  // overlong
  EXPECT_FALSE(valid_utf8("\xF4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(valid_utf8("\xF5\x80\x80\x80"));
  EXPECT_FALSE(valid_utf8("\xE2\x82"));  // cut short
  EXPECT_FALSE(valid_utf8("abcdefgh\xE2\x28\xA1"));
  EXPECT_FALSE(valid_utf8("\xFF"));
}

}  // namespace
}  // namespace mw::server::ws
