"""``check --human-games DIR``: the games people played at ``deckpress play`` as a
human-vs-AI sample, so the designer sees whether the AI is a fair stand-in.

Reads the ``play-*.json`` records in DIR (generator/project/play/record.py writes
them) of the game being checked: finished games with one human seat (or several of
one team), not replays. The measure is the human's win share with its 95 % Wilson
interval (:func:`~generator.balance.intervals.wilson`) against the share a seat wins
when every seat plays alike (one over the number of sides). A share above the
interval says people beat the AI more often than that: the playtest's players are
weaker than your players, so its verdict may miss what people find; below, the AI is
the stronger player. Few games give a wide interval: the lines say how many.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..deck import safejson
from ..errors import ParameterError, visible
from ..games.spec import GameSpec
from .intervals import wilson
from .playstats import contenders

FORMAT = "deckpress-play/1"


@dataclass
class HumanGames:
    game: str  # the name the played games' records carry (play-*.json), kept as written
    folder: Path
    games: int = 0
    wins: int = 0
    draws: int = 0
    sides: int = 0
    opponents: Counter[str] = field(default_factory=Counter)
    skipped: list[str] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def fair(self) -> float:
        return 1.0 / self.sides if self.sides else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games) if self.games else (0.0, 1.0)

    def verdict(self) -> str:
        low, high = self.interval()
        if not self.games:
            return "no finished games to compare"
        if self.fair < low:
            return "people beat the AI more often than a seat's fair share: the playtest's players are weaker than yours"
        if self.fair > high:
            return "the AI beats people more often than a seat's fair share: it plays stronger than your playtesters"
        return "people win about a seat's fair share: the AI is a fair stand-in (within the 95 % interval)"

    def lines(self) -> list[str]:
        if not self.games:
            out = [f"human games in {self.folder}: no finished {self.game} game played by people"]
        else:
            low, high = self.interval()
            against = ", ".join(f"{name} ({n})" for name, n in self.opponents.most_common())
            out = [f"human games in {self.folder}: {self.games} {self.game} game(s) against {against or 'the AI'}",
                   f"the human won {self.wins} ({self.share:.0%}, 95 % interval {low:.0%}-{high:.0%}), "
                   f"{self.draws} draw(s); a seat's fair share is {self.fair:.0%}",
                   self.verdict()]
        out += [f"skipped {s}" for s in self.skipped]
        return out

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"folder": str(self.folder), "game": self.game, "games": self.games, "wins": self.wins,
                "draws": self.draws, "share": self.share, "interval": [low, high], "fair_share": self.fair,
                "opponents": dict(self.opponents), "verdict": self.verdict(), "skipped": self.skipped}


def read_human_games(folder: Path, spec: GameSpec, deck_name: str | None = None) -> HumanGames:
    """The human-vs-AI sample of game ``spec`` (and ``deck_name``, when a record names its deck) in ``folder``."""
    if not folder.is_dir():
        raise ParameterError(f"--human-games {folder}: no such folder (deckpress play saves its games in output/play)")
    out = HumanGames(spec.name, folder)
    for path in sorted(folder.glob("play-*.json")):
        why = _add(out, path, spec, deck_name)
        if why:
            out.skipped.append(f"{path.name}: {why}")
    return out


def _add(out: HumanGames, path: Path, game: GameSpec, deck_name: str | None) -> str | None:
    try:
        data = safejson.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return f"not readable ({visible(str(exc))[:200]})"
    try:
        return _count(out, data, game, deck_name)
    except (ValueError, TypeError, OverflowError, AttributeError):  # a seat or winner that is no number
        return "not a played game (a malformed record)"


def _count(out: HumanGames, data: Any, game: GameSpec, deck_name: str | None) -> str | None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return "not a played game"
    if data.get("game") != game.name:
        return f"a game of {visible(str(data.get('game')))[:80]}"
    if deck_name and data.get("deck_name") and data["deck_name"] != deck_name:
        return f"played with another deck ({visible(str(data['deck_name']))[:80]})"
    result, seats, humans = data.get("result"), data.get("seats") or [], data.get("humans") or []
    if not isinstance(result, dict):
        return "not finished"
    sides = contenders(game, len(seats))
    teams = {int(s) % sides for s in humans}
    if len(teams) != 1:
        return "people on several sides (pass-and-play)"
    winner = result.get("winner")
    winner = None if winner is None else int(winner)  # checked before anything is counted
    out.sides = sides
    out.games += 1
    if winner is None:
        out.draws += 1
    elif winner == teams.pop():
        out.wins += 1
    names = sorted({visible(str(name))[:80] for s, name in enumerate(seats) if s not in humans and name})
    out.opponents[",".join(names) or "chance"] += 1
    return None
