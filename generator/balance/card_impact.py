"""Per-card impact by restricted play, for any game with player decisions.

For each card X of the deck, the same seeded games are played twice: as usual,
and with one seat that never plays X while it has another legal action (it
holds X back; where X is its only move, it must). The seat rotates over every
seat position. The impact of X is the restricted seat's win share minus the
usual share of the same seats in the same games (the deal of game ``i`` is
the same in both, as chance comes first): a card whose holder does much worse
without playing it carries the game (a strong card); one whose holder does as
well or better is a card that barely matters (or one better kept). The
interval is Newcombe's, from the two Wilson intervals.

A game whose actions name the card they play (``Action("play", "9S")``; any
action whose value is the card id, or ends in ``:ID``) supports it; others are
skipped with a note.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ..deck.model import Deck
from ..games import runner
from ..games.api import CHANCE, SIMULTANEOUS, Turn
from ..games.params import Params
from ..games.registry import entry, make_game, make_strategy, seat_strategies
from .intervals import wilson

IMPACT_GAMES = 120  # games per card, over all seat positions
Progress = Callable[[int], None]


def _card_of(action: Any) -> str:
    value = str(action.value)
    return value.rpartition(":")[2]


class _Without:
    """Plays as ``inner`` but never card ``card`` while another legal action exists."""

    name = "without"
    deterministic = False

    def __init__(self, inner: Any, card: str) -> None:
        self.inner, self.card = inner, card

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        legal = turn.legal
        if not any(_card_of(a) == self.card for a in legal):
            return self.inner.choose(turn, rng)
        others = [a for a in legal if _card_of(a) != self.card]
        if not others:
            return legal[0]
        action = self.inner.choose(turn.with_legal(others), rng)
        return action if action in others else others[0]


def card_impact(game: str, deck: Deck, params: Params, games: int, seed: int, confidence: float,
                strategy: str | None = None, progress: Progress | None = None) -> dict[str, Any]:
    """Each card's impact (see the module docstring), strongest first."""
    spec = entry(game)
    if spec.default_strategy is None:
        return {"cards": [], "reason": f"{game} has no player decisions"}
    players = int(getattr(params, "players", 2))
    names = seat_strategies(game, strategy, players)
    built = make_game(game, deck, params)
    per_seat = max(1, min(games, IMPACT_GAMES) // players)
    probe: Any = built.new_state()
    while probe.current() == CHANCE and not probe.is_over():
        probe.apply(probe.sample_chance(random.Random(seed)))
    first = (probe.legal_actions(0) if probe.current() == SIMULTANEOUS else probe.legal_actions()) \
        if not probe.is_over() else []
    if probe.is_over() or not any(_card_of(a) in {c.id for c in deck.cards} for a in first):
        return {"cards": [], "reason": "the game's actions do not name the card they play"}

    def play_all(card: str | None) -> int:
        won = 0
        for seat in range(players):
            for index in range(per_seat):
                strategies = [make_strategy(game, n) for n in names]
                if card is not None:
                    strategies[seat] = _Without(strategies[seat], card)  # type: ignore[assignment]
                result = runner.play(built, strategies, runner.game_rng(seed + 7919 * seat, index))
                won += result.winner == seat and not result.unfinished
        if progress is not None:
            progress(per_seat * players)
        return won

    total = per_seat * players
    base = play_all(None)
    b_low, b_high = wilson(base, total, confidence)
    rows: list[dict[str, Any]] = []
    for card in deck.cards:
        won = play_all(card.id)
        low, high = wilson(won, total, confidence)
        p, q = won / total, base / total
        delta = p - q
        rows.append({"card": card.id, "name": card.name, "share": p, "usual": q, "impact": delta,
                     "low": delta - math.hypot(p - low, b_high - q), "high": delta + math.hypot(high - p, q - b_low)})
    rows.sort(key=lambda r: r["impact"])
    return {"games_per_card": total, "usual_share": base / total, "cards": rows,
            "method": "a seat that never plays the card (while it has another move), seats rotated"}
