#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (fuzz/corpus/<target>/) from real engine output: state
documents and records of every game at a few positions, notation the games print, engine protocol
lines, Advisor questions and server messages. Run from the repository root after a build:
    python3 scripts/make-fuzz-corpus.py build/mazeworks
"""
import json
import os
import subprocess
import sys

GAMES = ["treasure-hunt", "pathfinder-barriers", "pathfinder-cards", "mazemakers", "jokers-labyrinth"]
OUT = "fuzz/corpus"


def engine(binary, requests):
    text = "".join(json.dumps(r) + "\n" for r in requests)
    out = subprocess.run([binary, "engine"], input=text, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def write(target, name, data):
    os.makedirs(os.path.join(OUT, target), exist_ok=True)
    with open(os.path.join(OUT, target, name), "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "build/mazeworks"
    for gi, game in enumerate(GAMES):
        requests = [{"id": 0, "request": "new", "game": game, "seed": 11}]
        for k in range(1, 40):
            requests.append({"id": k, "request": "ai", "agent": "random", "play": True})
        requests.append({"id": 99, "request": "record"})
        requests.append({"id": 100, "request": "legal"})
        replies = engine(binary, requests)
        for k, reply in enumerate(replies):
            if "document" in reply and k in (0, 5, 20, 39):
                write("state_json_fuzz", f"{game}-{k}.json", json.dumps(reply["document"]))
            if "text" in reply and k % 7 == 1:
                write("notation_fuzz", f"{game}-{k}.txt", chr(gi * 3) + reply["text"])
        record = replies[-2].get("record")
        if record:
            write("record_fuzz", f"{game}.json", json.dumps(record))
        lines = "\n".join(json.dumps(r) for r in requests[:6]) + "\n"
        write("engine_line_fuzz", f"{game}.jsonl", lines)
        # Every request kind once, on positions this game reached: what a client session does.
        doc = next((r["document"] for r in reversed(replies) if "document" in r), None)
        texts = [r["text"] for r in replies if "text" in r][:3]
        session = [{"id": 1, "request": "version"},
                   {"id": 2, "request": "new", "game": game, "seed": 5, "auto_chance": False},
                   {"id": 3, "request": "legal"}, {"id": 4, "request": "chance", "count": 2},
                   {"id": 5, "request": "state"}, {"id": 6, "request": "view", "player": 0},
                   {"id": 7, "request": "view", "player": "spectator", "render": True},
                   {"id": 8, "request": "ai", "agent": "random", "play": True, "iterations": 1}]
        session += [{"id": 9 + i, "request": "play", "action": t} for i, t in enumerate(texts)]
        session += [{"id": 20, "request": "undo", "count": 2}, {"id": 21, "request": "record"}]
        if record:
            session.append({"id": 22, "request": "load", "record": record})
        if doc:
            session.append({"id": 23, "request": "load", "document": doc})
        session.append({"id": 24, "request": "quit"})
        write("engine_line_fuzz", f"{game}-session.jsonl",
              "\n".join(json.dumps(r) for r in session) + "\n")
    questions = ["joker_in halfplane(x < 3.5)",
                 "count(neighbors((4,2), orth), suit D, face_down) >= 1",
                 "card (5,1) is suit D", "on_shortest_path((4,2), N)"]
    for i, q in enumerate(questions):
        write("advisor_fuzz", f"q{i}.txt", "\x00" + q)
    write("server_message_fuzz", "ws-hello.txt", "\x00H\n" + json.dumps({"type": "sync"}) + "\n" +
          json.dumps({"type": "act", "action": "up", "version": 0}))
    write("server_message_fuzz", "ws-suggest.txt", "\x00H\n" + json.dumps({"type": "suggest", "agent": "random"}))
    write("server_message_fuzz", "http-create.txt",
          "\x01\x00/api/matches\n" + json.dumps({"game": "treasure-hunt", "seats": ["human", {"agent": "random"}]}))
    write("server_message_fuzz", "http-static.txt", "\x01\x01/assets/%2e%2e/index.html?x=1")
    write("server_message_fuzz", "http-replay.txt", "\x01\x01/api/matches/0123456789abcdef/replay?step=1&seat=0")
    write_ws_frames_corpus()
    for name, act in [("act", {"type": "act", "action": "9D-4D", "version": 18}),
                      ("reordered", {"version": 0, "action": "move b3 up", "type": "act"})]:
        write("compact_act_fuzz", name, json.dumps(act, separators=(",", ":")))
    write("compact_act_fuzz", "escaped", '{"type":"act","action":"u\\u0070","version":1}')


def masked_frame(opcode, payload, fin=True, key=b"\x01\x02\x03\x04"):
    """A WebSocket frame as a client writes it (RFC 6455, 5.2)."""
    n = len(payload)
    head = bytes([(0x80 if fin else 0) | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
    else:
        head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
    return head + key + bytes(c ^ key[i % 4] for i, c in enumerate(payload))


def write_ws_frames_corpus():
    # The first byte: its top bit the side that reads (set: the load generator reading the
    # server's unmasked frames), the rest how the bytes are cut into reads.
    write("ws_frames_fuzz", "hello", b"\x05" + bytes(
        [0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]))  # RFC 6455, 5.7
    write("ws_frames_fuzz", "fragments-ping", b"\x03" + masked_frame(1, b'{"type":', fin=False) +
          masked_frame(9, b"ping") + masked_frame(0, b'"sync"}'))
    write("ws_frames_fuzz", "close", b"\x01" + masked_frame(8, b"\x03\xe8bye"))
    write("ws_frames_fuzz", "long", b"\x10" + masked_frame(1, b"x" * 300) + masked_frame(10, b""))
    write("ws_frames_fuzz", "utf8", b"\x02" + masked_frame(1, "caf\u00e9 \u20ac \U0001F0CF".encode()))
    write("ws_frames_fuzz", "client-hello", bytes([0x83, 0x81, 0x05]) + b"Hello" + bytes([0x89, 0x00]))


if __name__ == "__main__":
    main()
