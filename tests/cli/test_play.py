"""`dupbridge play`: a scripted human plays whole boards through a pseudo-terminal (Rich live
display) and through pipes (plain lines); what he sees, and what is refused."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Card, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")
PROMPT = re.compile(r"(your call|to play) \(legal: ([^)]*)\): ?$")
COMMAND = [sys.executable, "-m", "dupbridge.cli", "play"]


def clean(data: bytes) -> str:
    return ANSI.sub("", data.decode("utf-8", "replace"))


def answer_for(kind: str, legal: str) -> str:
    """The scripted human: passes throughout, plays his first legal card."""
    return "Pass" if kind == "your call" else legal.split(maxsplit=1)[0]


def play_in_pty(args: list[str], record: Path) -> tuple[int, list[str]]:
    """Run `dupbridge play` on a pseudo-terminal, answering each prompt; the output
    before each prompt, then the output after the last one."""
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "50"}
    process = subprocess.Popen(
        [*COMMAND, *args, "--pace", "0", "--record", str(record)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    chunks: list[str] = []
    buffer = b""
    try:
        while True:
            ready, _w, _x = select.select([master], [], [], 60)
            assert ready, "no output for 60 s: " + clean(buffer)[-500:]
            try:
                data = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                break
            if not data:
                break
            buffer += data
            match = PROMPT.search(clean(buffer).rstrip("\n"))
            if match:
                chunks.append(clean(buffer))
                buffer = b""
                os.write(master, (answer_for(match.group(1), match.group(2)) + "\n").encode())
    finally:
        code = process.wait(timeout=60)
        os.close(master)
    chunks.append(clean(buffer))
    return code, chunks


def robot_actions_between_prompts(record: Path, human: Seat) -> list[list[str]]:
    """From the table record: the robots' actions (as shown, `West: 2♦`) before each of the
    human's turns; declarer plays dummy, so a robot declarer's dummy cards are robot's."""
    data = json.loads(record.read_text(encoding="utf-8"))
    groups: list[list[str]] = [[]]
    for action in data["actions"]:
        seat = Seat.from_str(action["seat"])
        shown = (
            parse_call(action["call"]).to_str(symbols=True)
            if "call" in action
            else Card.from_str(action["card"]).to_str(symbols=True)
        )
        groups[-1].append(f"{seat.title}: {shown}")
        if seat is human:
            groups.append([])
    return groups


@pytest.mark.slow
def test_human_plays_a_board_in_a_terminal(tmp_path: Path) -> None:
    """Law 41D, 77: at each of his prompts the human has seen every robot action since his
    last one; dummy is shown after the opening lead; the end shows contract, tricks, score."""
    record = tmp_path / "board.json"
    code, chunks = play_in_pty(["--seed", "4", "--seat", "S"], record)  # South defends
    assert 0 == code, chunks[-1][-1000:]
    assert len(chunks) > 5  # he called and played
    groups = robot_actions_between_prompts(record, Seat.S)
    # each chunk before a prompt holds the robots' actions since his previous action
    for chunk, expected in zip(chunks[:-1], groups, strict=False):
        robots = [line for line in expected if not line.startswith("South:")]
        flat = " ".join(chunk.split())  # the live display may wrap a line anywhere
        positions = [flat.find(line) for line in robots]
        assert -1 not in positions, (robots, chunk[-800:])
    data = json.loads(record.read_text(encoding="utf-8"))
    calls = sum(1 for a in data["actions"] if a["seat"] == "S" and "call" in a)
    for chunk in chunks[:calls]:  # the grid before each of his calls
        assert "Auction (dealer North" in chunk
    # after the opening lead dummy's hand is shown: a suit dummy has not played from
    deal = Deal.from_pbn(data["deal"])
    lead = Card.from_str(next(a["card"] for a in data["actions"] if "card" in a))
    contract_seat = re.search(r"Contract: \S+ by (\w+)", chunks[calls])
    assert contract_seat is not None
    declarer = next(s for s in Seat if s.title == contract_seat.group(1))
    hand = deal[declarer.partner]
    suit = next(s for s in Suit if s is not lead.suit and hand.suit(s))
    line = f"{suit.symbol} " + "".join(rank.char for rank in hand.suit(suit))
    assert line in chunks[calls], (line, chunks[calls][-1500:])
    assert re.search(r"Tricks: NS \d+, EW \d+", chunks[-1])
    assert re.search(r"by \w+, \d+ tricks \([^)]*\): NS [+-]\d+, EW [+-]\d+", chunks[-1])


def run_piped(args: list[str], lines: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], input=lines, capture_output=True, text=True, check=False, timeout=120
    )


def test_piped_game_reads_one_action_per_line(tmp_path: Path) -> None:
    """Piped input is read as the human's calls and cards; the output is plain lines, one
    per call and card, with the auction grid before each of his calls."""
    process = subprocess.Popen(
        [*COMMAND, "--seed", "4", "--seat", "S"],  # South defends 3NT
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    seen: list[str] = []
    for line in process.stdout:
        seen.append(line.rstrip("\n"))
        if line.startswith("South to call"):
            process.stdin.write("Pass\n")
            process.stdin.flush()
        elif line.startswith("South to play (legal: "):
            process.stdin.write(line.split("legal: ")[1].split()[0].rstrip(")") + "\n")
            process.stdin.flush()
    assert 0 == process.wait(timeout=60), process.stderr.read() if process.stderr else ""
    text = "\n".join(seen)
    assert "\x1b[" not in text  # plain, no terminal codes
    assert re.search(r"^North: (Pass|[1-7])", text, re.M)  # each robot call is shown
    assert re.search(r"^Dummy \(\w+\): ", text, re.M)
    assert re.search(r"^Trick 13 won by \w+\. Tricks: NS \d+, EW \d+$", text, re.M)
    assert re.search(r"NS [+-]\d+, EW [+-]\d+$", text)


def test_piped_input_that_ends_early_is_an_error() -> None:
    """The end of the input before the board is over is an error (exit 1), not robot play."""
    result = run_piped(["--seed", "4"], "Pass\n")  # South still has calls and cards to play
    assert 1 == result.returncode
    assert "standard input ended before the board was over" in result.stderr


def test_piped_line_the_laws_refuse_names_the_line() -> None:
    """An insufficient bid on a piped line (Law 27) stops the run with the line number."""
    result = run_piped(["--seed", "3"], "# my calls\n1C\n")
    assert 1 == result.returncode
    assert "<stdin>:2:" in result.stderr
    assert "27" in result.stderr


@pytest.mark.parametrize("seat", ["Q", "North-ish", ""])
def test_bad_seat_is_a_usage_error(seat: str) -> None:
    """`--seat Q` is refused with exit 2, whether or not input is piped."""
    result = run_piped(["--seat", seat], "")
    assert 2 == result.returncode
    assert "error:" in result.stderr


def test_piped_input_with_auto_is_refused() -> None:
    """Robots at every seat read nothing: piped calls with --auto are refused (exit 2), not
    silently ignored."""
    result = run_piped(["--auto", "--seed", "3"], "Pass\n")
    assert 2 == result.returncode
    assert "piped input would be ignored" in result.stderr


def test_auto_with_empty_input_plays_the_board() -> None:
    """With nothing piped the robots play the board to its score (Law 77)."""
    result = run_piped(["--auto", "--seed", "3"], "")
    assert 0 == result.returncode, result.stderr
    assert re.search(r"NS [+-]?\d+, EW [+-]?\d+$", result.stdout.strip())
