"""Benchmark: read a 10,000-board PBN file, against merely splitting it into tag lines.

The file is generated in this run: random deals played through the core Table (random legal
calls and cards, 25% of the calls alerted with an explanation), written with
``pbn.dumps`` in export format: the fifteen mandatory tags, the auction with its notes, the
play, and Score tags. Reading means ``pbn.loads`` with every check (tag values, the auction
against Laws 17-22, the play against the deal and Law 44, notes, result against the play) and
then asking each game for its deal, calls, cards in the order played, contract and result.

The floor is the least any PBN reader must do: split the text into games and tag lines,
picking out the name and value of each tag line with one regular expression and keeping the
other lines raw with their tag. Targets (issue 3): at least
5,000 complete boards per second, and within 10 times the floor.

Times are CPU seconds (``time.process_time``), best of several interleaved runs. Run:
``.venv/bin/python benchmarks/formats.py [--boards N] [--repeat K]``.
"""

from __future__ import annotations

import argparse
import random
import re
import time

from dupbridge import Deal, Phase, Table
from dupbridge.formats import pbn
from dupbridge.scoring import score

_TAG = re.compile(r'\[(\w+) "([^"]*)"\]')


def played_games(count: int, seed: int) -> list[pbn.Game]:
    """``count`` distinct boards played at random through the Table, as PBN games."""
    rng = random.Random(seed)
    games = []
    for number in range(1, count + 1):
        table = Table(number, Deal.random(rng))
        while table.phase is Phase.AUCTION:
            legal = table.legal_calls()
            call = legal[0] if rng.random() < 0.75 else rng.choice(legal)
            alert = rng.random() < 0.25
            table.make_call(
                table.turn, call, alert=alert, explanation="conventional" if alert else None
            )  # type: ignore[arg-type]
        while table.phase is Phase.PLAY:
            table.play_card(table.turn, rng.choice(table.legal_cards()))  # type: ignore[arg-type]
        game = pbn.Game.from_table(table, Event="Benchmark", Site="dupbridge", Date="2026.01.01")
        if table.contract is not None and table.result is not None:
            declarer = table.contract.declarer
            assert declarer is not None
            points = score(
                table.contract, table.result, table.board.vulnerability.is_vulnerable(declarer)
            )
            game["Score"] = f"{declarer.side} {points}"
        games.append(game)
    return games


def read(text: str) -> tuple[float, int]:
    """Read every game with its checks and parse the values of each; (seconds, cards)."""
    start = time.process_time()
    cards = 0
    for game in pbn.loads(text):
        assert game.deal is not None
        game.calls()
        cards += len(game.played())
        game.contract  # noqa: B018 - the benchmark asks for the value
        game.result  # noqa: B018
    return time.process_time() - start, cards


def floor(text: str) -> tuple[float, int]:
    """Split the file into games and tag lines, and nothing more; (seconds, tags).

    Each line is taken once: an empty line ends a game, a tag line gives its name and value
    (one regular expression), any other line is kept raw with the tag before it.
    """
    start = time.process_time()
    games: list[list[list[str]]] = []
    game: list[list[str]] = []
    tags = 0
    match = _TAG.match
    for line in text.split("\n"):
        if not line:
            if game:
                games.append(game)
                game = []
        elif line[0] == "[":
            found = match(line)
            if found is not None:
                game.append([found[1], found[2]])
                tags += 1
        elif game:
            game[-1].append(line)
    if game:
        games.append(game)
    return time.process_time() - start, tags


def main() -> None:
    """Generate the file, time both, print boards/s and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--distinct", type=int, default=500, help="distinct boards generated")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    distinct = played_games(min(args.distinct, args.boards), seed=1)
    games = []
    for number in range(1, args.boards + 1):
        game = distinct[(number - 1) % len(distinct)]
        games.append(game)
    text = pbn.dumps(games)
    lines = text.count("\n")
    read_best = floor_best = float("inf")
    for _ in range(args.repeat):
        seconds, _cards = read(text)
        read_best = min(read_best, seconds)
        seconds, _tags = floor(text)
        floor_best = min(floor_best, seconds)
    print(f"file: {args.boards} boards, {lines} lines, {len(text) / 1e6:.1f} MB")
    print(
        f"read (all checks, deal, calls, cards, result): {read_best:.3f} s, "
        f"{args.boards / read_best:,.0f} boards/s (target >= 5,000)"
    )
    print(f"floor (split into tag lines):                  {floor_best:.3f} s")
    print(f"ratio read / floor: {read_best / floor_best:.1f} (target <= 10)")


if __name__ == "__main__":
    main()
