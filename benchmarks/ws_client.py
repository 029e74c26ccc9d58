"""The load client of ``benchmarks/server.py``: N tables' four seat sockets, lean enough to
leave the server a core of its own.

It speaks RFC 6455 itself on raw asyncio protocols (no WebSocket library, no task per
socket): the opening handshake, masked client frames (section 5.3: a fresh 4-byte mask for
each frame), the server's unmasked frames, pong for ping and close for close. A frame is not
JSON-decoded when its beginning tells what it is: the server writes ``{"type":"ack",...`` and
``{"type":"update",...`` (compact JSON, ``type`` first) and the client reads only the type and
the first ``"seq":`` (which in an update comes before its events); anything else is decoded
in full (and an error frame counted).

Run by ``benchmarks/server.py`` as its own process (``python ws_client.py SPEC RESULT``),
pinned to one core with ``os.sched_setaffinity``. SPEC is a JSON file::

    {"port": 8000, "server_pid": 123, "interval": 7, "duration": 30, "seed": 1, "core": 1,
     "tables": [{"table": "...", "seats": {"N": "token", ...},
                 "steps": [["N", "{...command frame...}", ack_seq, last_seq], ...]}]}

Each table plays its steps in order, one every ``interval`` seconds (x0.5-1.5, the first
after a random wait): it sends the command, then waits for the acknowledgement on the actor's
socket (an ``ack`` whose ``seq`` is ``ack_seq``) and for an ``update`` reaching ``last_seq``
on each of the three other sockets. An action not complete within 10 s counts its missing
acknowledgement and frames, and that table stops. RESULT receives the latencies, the counts
and the server's and the client's CPU seconds over the measured window.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import random
import struct
import sys
import time
import zlib
from pathlib import Path
from typing import Any, cast

#: How long an action may wait for its acknowledgement and frames.
ACTION_TIMEOUT = 10.0
#: Handshakes in flight at once while connecting.
CONNECT_BATCH = 200

_ACK = b'{"type":"ack"'
_UPDATE = b'{"type":"update"'
_SEQ = b'"seq":'


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, all its threads (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def waited_seconds(pid: int) -> float:
    """Time the threads of a process have spent runnable but waiting for a CPU (Linux
    schedstat): what other work on the same core cost it."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            total += int((task / "schedstat").read_text().split()[1])
    return total / 1e9


def masked(opcode: int, payload: bytes) -> bytes:
    """A client frame (FIN set): header, a fresh mask, the payload XORed with it."""
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
    mask = os.urandom(4)
    key = (mask * (size // 4 + 1))[:size]
    body = (int.from_bytes(payload, "little") ^ int.from_bytes(key, "little")).to_bytes(
        size, "little"
    )
    return header + mask + body


def classify(payload: bytes) -> tuple[str, int]:
    """A text frame's type and top-level ``seq`` (-1 if none), decoding JSON only if needed."""
    kind = "ack" if payload.startswith(_ACK) else "update" if payload.startswith(_UPDATE) else ""
    if kind:
        start = payload.find(_SEQ) + len(_SEQ)
        end = start
        while payload[end] in b"0123456789-":
            end += 1
        return kind, int(payload[start:end])
    frame = json.loads(payload)
    return str(frame.get("type", "")), int(frame.get("seq", -1))


class Stats:
    """What one run measured."""

    def __init__(self) -> None:
        self.ack: list[float] = []
        self.sent: list[float] = []
        self.others: list[float] = []
        self.actions = 0
        self.timeouts = 0
        self.missing_acks = 0
        self.missing_frames = 0
        self.refused = 0
        self.frames = 0
        self.other_frames = 0


class SeatSocket(asyncio.Protocol):
    """One seat's WebSocket connection."""

    def __init__(self, table: TableRun, seat: str, request: bytes) -> None:
        self.table = table
        self.seat = seat
        self.request = request
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.handshake_done = False
        self.fragments: list[bytes] = []
        self.compressed = False
        self.inflater: Any = None
        self.reset_inflater = False
        self.first_frame = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is no subclass
        self.transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))
        self.table.lost(self.seat)

    def send_text(self, payload: bytes) -> None:
        """Send one text frame."""
        assert self.transport is not None
        self.transport.write(masked(0x1, payload))

    def close(self) -> None:
        """Send a close frame (1000) and close the connection."""
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(masked(0x8, struct.pack("!H", 1000)))
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        if not self.handshake_done:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(buffer[:end]).lower()
            status = head[: head.find(b"\r\n")]
            del buffer[: end + 4]
            if b"permessage-deflate" in head:  # RFC 7692: inflate the compressed messages
                self.inflater = zlib.decompressobj(wbits=-15)
                self.reset_inflater = b"server_no_context_takeover" in head
            if b" 101 " not in status:
                self.opened.set_exception(ConnectionError(status.decode(errors="replace")))
                assert self.transport is not None
                self.transport.close()
                return
            self.handshake_done = True
            self.opened.set_result(None)
        now = time.perf_counter()
        while len(buffer) >= 2:
            first, second = buffer[0], buffer[1]
            size = second & 0x7F
            offset = 2
            if size == 126:
                if len(buffer) < 4:
                    return
                size = struct.unpack_from("!H", buffer, 2)[0]
                offset = 4
            elif size == 127:
                if len(buffer) < 10:
                    return
                size = struct.unpack_from("!Q", buffer, 2)[0]
                offset = 10
            if second & 0x80:  # a server must not mask (RFC 6455 5.1); unmask anyway
                offset += 4
            if len(buffer) < offset + size:
                return
            payload = bytes(buffer[offset : offset + size])
            if second & 0x80:
                mask = buffer[offset - 4 : offset]
                payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
            del buffer[: offset + size]
            self._frame(first, payload, now)

    def _frame(self, first: int, payload: bytes, now: float) -> None:
        fin, rsv1, opcode = first & 0x80, first & 0x40, first & 0x0F
        if opcode in {0x0, 0x1, 0x2}:
            if opcode:
                self.compressed = bool(rsv1)
            self.fragments.append(payload)
            if not fin:
                return
            text = b"".join(self.fragments)
            self.fragments.clear()
            if self.compressed:
                text = self.inflater.decompress(text + b"\x00\x00\xff\xff")
                if self.reset_inflater:
                    self.inflater = zlib.decompressobj(wbits=-15)
            self.first_frame = True
            self.table.frame(self.seat, text, now)
        elif opcode == 0x9:  # ping: pong with its payload
            assert self.transport is not None
            self.transport.write(masked(0xA, payload))
        elif opcode == 0x8:
            self.close()


class TableRun:
    """One table: its sockets and its paced plan."""

    def __init__(self, client: Client, spec: dict[str, Any], rng: random.Random) -> None:
        self.client = client
        self.id: str = spec["table"]
        self.tokens: dict[str, str] = spec["seats"]
        self.steps = [
            (actor, frame.encode(), ack_seq, last) for actor, frame, ack_seq, last in spec["steps"]
        ]
        self.rng = rng
        self.sockets: dict[str, SeatSocket] = {}
        self.index = 0
        self.sent = 0.0
        self.acked: float | None = None
        self.pending: set[str] = set()
        self.seen: list[float] = []
        self.timer: asyncio.TimerHandle | None = None
        self.active = False

    async def open(self) -> None:
        """Connect the four seats (handshake done)."""
        loop = asyncio.get_running_loop()
        for seat, token in self.tokens.items():
            key = base64.b64encode(os.urandom(16)).decode()
            request = (
                f"GET /tables/{self.id}/ws?token={token} HTTP/1.1\r\n"
                f"Host: 127.0.0.1:{self.client.port}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                # what browsers offer: the server decides whether frames are compressed
                "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
            _transport, protocol = await loop.create_connection(
                lambda seat=seat, request=request: SeatSocket(self, seat, request),
                "127.0.0.1",
                self.client.port,
            )
            await asyncio.wait_for(protocol.opened, 60)
            self.sockets[seat] = protocol

    def start(self) -> None:
        """Begin playing after a random part of an interval."""
        self.active = True
        self._later(self.rng.uniform(0, self.client.interval))

    def _later(self, delay: float) -> None:
        self.timer = asyncio.get_running_loop().call_later(delay, self._fire)

    def _fire(self) -> None:
        if time.perf_counter() >= self.client.until or self.index >= len(self.steps):
            self._stop()
            return
        actor, frame, _ack_seq, _last = self.steps[self.index]
        self.acked = None
        self.pending = {seat for seat in self.sockets if seat != actor}
        self.seen = []
        self.sent = time.perf_counter()
        self.sockets[actor].send_text(frame)
        self.timer = asyncio.get_running_loop().call_later(ACTION_TIMEOUT, self._timeout)

    def frame(self, seat: str, text: bytes, now: float) -> None:
        """A text frame arrived on ``seat``'s socket."""
        stats = self.client.stats
        stats.frames += 1
        kind, seq = classify(text)
        if not self.active or self.timer is None or self.index >= len(self.steps):
            stats.other_frames += 1
            return
        actor, _frame, ack_seq, last = self.steps[self.index]
        if kind == "ack" and seat == actor and seq == ack_seq and self.acked is None:
            self.acked = now
        elif kind == "update" and seat in self.pending and seq >= last:
            self.pending.discard(seat)
            self.seen.append(now)
        elif kind == "error" and seat == actor:
            stats.refused += 1
            print(f"refused at table {self.id}: {text[:300]!r}", file=sys.stderr)
            self._timeout()
            return
        else:
            stats.other_frames += 1
            return
        if self.acked is not None and not self.pending:
            self.timer.cancel()
            stats.actions += 1
            stats.ack.append(self.acked - self.sent)
            stats.sent.append(self.sent)
            stats.others.extend(moment - self.sent for moment in self.seen)
            self.client.last_done = now
            self.index += 1
            self._later(self.client.interval * self.rng.uniform(0.5, 1.5))

    def _timeout(self) -> None:
        stats = self.client.stats
        stats.timeouts += 1
        stats.missing_acks += self.acked is None
        stats.missing_frames += len(self.pending)
        self._stop()

    def _stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = None
        if self.active:
            self.active = False
            self.client.finished(self)

    def lost(self, seat: str) -> None:
        """A socket closed: an action waiting on it will time out."""
        del seat

    def close(self) -> None:
        """Close the four sockets."""
        for sock in self.sockets.values():
            sock.close()


class Client:
    """All the tables of a run."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.port: int = spec["port"]
        self.interval: float = spec["interval"]
        self.duration: float = spec["duration"]
        self.server_pid: int = spec["server_pid"]
        self.stats = Stats()
        self.until = 0.0
        self.last_done = 0.0
        self.tables = [
            TableRun(self, table, random.Random(spec["seed"] * 100_003 + index))
            for index, table in enumerate(spec["tables"])
        ]
        self.running = len(self.tables)
        self.all_done: asyncio.Event | None = None

    def finished(self, table: TableRun) -> None:
        """A table has played its last action of the run."""
        del table
        self.running -= 1
        if self.running == 0 and self.all_done is not None:
            self.all_done.set()

    async def run(self) -> dict[str, Any]:
        """Connect everything, play for ``duration`` seconds, return the measurements."""
        started = time.perf_counter()
        for start in range(0, len(self.tables), CONNECT_BATCH // 4):
            batch = self.tables[start : start + CONNECT_BATCH // 4]
            await asyncio.gather(*(table.open() for table in batch))
        connected = time.perf_counter() - started
        await asyncio.sleep(2.0)  # the connections' presence events and first frames settle
        self.all_done = asyncio.Event()
        stats = self.stats
        server_before = cpu_seconds(self.server_pid)
        server_waited = waited_seconds(self.server_pid)
        client_waited = waited_seconds(os.getpid())
        client_before = time.process_time()
        wall_before = time.perf_counter()
        self.until = wall_before + self.duration
        for table in self.tables:
            table.start()
        await asyncio.wait_for(self.all_done.wait(), self.duration + 2 * ACTION_TIMEOUT + 60)
        wall = time.perf_counter() - wall_before
        server_cpu = cpu_seconds(self.server_pid) - server_before
        client_cpu = time.process_time() - client_before
        server_waited = waited_seconds(self.server_pid) - server_waited
        client_waited = waited_seconds(os.getpid()) - client_waited
        for table in self.tables:
            table.close()
        await asyncio.sleep(0.5)
        return {
            "ack": stats.ack,
            "others": stats.others,
            "actions": stats.actions,
            "timeouts": stats.timeouts,
            "missing_acks": stats.missing_acks,
            "missing_frames": stats.missing_frames,
            "refused": stats.refused,
            "frames": stats.frames,
            "server_cpu": server_cpu,
            "client_cpu": client_cpu,
            "server_waited": server_waited,
            "client_waited": client_waited,
            "sent_at": [moment - wall_before for moment in stats.sent],
            "wall": wall,
            "connect_seconds": connected,
        }


def main() -> None:
    """``ws_client.py SPEC RESULT``: run the spec, write the result."""
    spec_path, result_path = sys.argv[1], sys.argv[2]
    spec = json.loads(Path(spec_path).read_text())
    core = spec.get("core")
    if core is not None:
        os.sched_setaffinity(0, {int(core)})
    if spec.get("priority"):  # the process, and its scheduling group (Linux autogroup)
        os.setpriority(os.PRIO_PROCESS, 0, -int(spec["priority"]))
        with contextlib.suppress(OSError):
            Path("/proc/self/autogroup").write_text(str(-int(spec["priority"])))
    try:
        import uvloop  # noqa: PLC0415 - optional: the client's own loop, cheaper when present
    except ImportError:
        result = asyncio.run(Client(spec).run())
    else:
        result = uvloop.run(Client(spec).run())
    Path(result_path).write_text(json.dumps(result))


if __name__ == "__main__":
    main()
