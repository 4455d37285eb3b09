"""Weiji (Qvis Lighting & Security's Top-Trumps style game) as an ``api.State``.

Rules as implemented (``WeijiParams``: players, pickup, max_tricks):

* Deal (chance): shuffle every printed card and deal one at a time from seat 0,
  so hands are as equal as possible (the first seats get one more)
  [weiji.deal-extra].

Decisions the seed rules leave open carry an identifier in brackets; each is
registered in :mod:`.decisions` and stated in the booklet.
* Seat 0 (the player to the dealer's left) chooses first. The chooser picks an
  attribute; every player with cards shows their top card; the single best
  value wins (``better: lower`` attributes: the lowest). The winner takes the
  shown cards and everything in the middle to the bottom of their stack
  (``pickup=shuffled``: random order, a chance node; ``winner-first``: the
  winner's cards in play order, then each other seat's from the winner's
  left) [weiji.pickup] and chooses next.
* Tie: two or more share the best value, or ANY shown card has "no data" for
  the attribute [weiji.no-data-tie]. All shown cards go to the middle, the same player chooses
  again, and the next winner also takes the middle.
* Players with no cards drop out. One player left: the game ends at once, they
  take the middle and win [weiji.last-player-takes-middle]. Nobody left (the
  last players ran out at the same time, in a tie): the game is a DRAW (winner
  None) and the middle stays on the table [weiji.all-out-draw].
* The chooser out of cards after a tie: the remaining players each draw their
  top card and put it at the bottom of their own stack; the HIGHEST value of the
  first attribute chooses next (the seed's words, ``tiebreak_draw=highest``), or
  the BEST one (``better`` respected: the lowest where lower is better,
  ``tiebreak_draw=best``) [weiji.tiebreak-draw]. Decisions left open by the rules: a drawn card with
  "no data" cannot win the draw [weiji.tiebreak-no-data]; if the best value is
  shared (or every drawn card has "no data") the tied player sitting first to
  the left of the player who dropped out chooses, nobody draws again (counted
  as ``tiebreak_ties``) [weiji.tiebreak-tie]. A draw is not a trick.
* Cannot hang: ``max_tricks`` showdowns (ties included) make the game
  unfinished; with ``winner-first`` pickup and deterministic strategies the
  runner enables cycle detection (stacks and chooser repeating after a win).

Result.details counters: ``ties`` (all ties), ``no_data_ties`` (those caused by
"no data"), ``ties:<attr>`` (ties per attribute), ``chosen:<attr>``,
``tiebreak_draws``, ``tiebreak_ties``, ``chooser_wins`` (showdowns the chooser
won), ``left_on_table`` (cards in the middle when a game ends in a draw). Result.card_stats: card id -> (times shown in a showdown, times it won one).
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from ...deck.model import Deck
from ...errors import ParameterError
from .. import table
from ..api import CHANCE, TERMINAL, Action, Result, StateBase, TrickObserver
from ..deals import available, check_keys, deal_stacks
from ..too_few import too_few
from .params import WeijiParams


class WeijiGame:
    """Weiji with validated ``WeijiParams`` on a deck with attributes."""

    name = "weiji"

    def __init__(self, deck: Deck, params: WeijiParams) -> None:
        if not isinstance(params, WeijiParams):
            raise ParameterError("weiji needs WeijiParams (see generator.games.params.make_params)")
        if not deck.attributes:
            raise ParameterError(f"deck {deck.name!r} has no attributes, so it cannot play Weiji")
        self.deck = deck
        self.params = params
        self.keys: list[str] = [a.key for a in deck.attributes]
        self.lower: list[bool] = [a.better == "lower" for a in deck.attributes]
        self.ids: list[str] = [c.id for c in deck.cards]
        self.index: dict[str, int] = {cid: i for i, cid in enumerate(self.ids)}
        self.values: list[list[float | None]] = [[c.value(k) for k in self.keys] for c in deck.cards]
        self.cards: list[int] = [i for i, c in enumerate(deck.cards) for _ in range(c.copies)]
        self.copies: list[int] = [c.copies for c in deck.cards]
        # printed facts every player knows (for card-counting strategies): values per card id
        self.printed: Mapping[str, tuple[float | None, ...]] = {
            cid: tuple(v) for cid, v in zip(self.ids, self.values, strict=True)}
        if len(self.cards) < params.players:
            raise ParameterError(too_few(deck, len(self.cards), params.players, "cards"))
        self.actions: tuple[Action, ...] = tuple(Action("choose", k) for k in self.keys)
        self.attr: dict[str, int] = {k: i for i, k in enumerate(self.keys)}
        self.ranks: list[tuple[float, ...]] = self._ranks()
        self.shuffled = params.pickup == "shuffled"
        # the tiebreak draw compares the first attribute lowest-first only when it is
        # lower-is-better AND the rules read "best" (the seed says "highest")
        self.draw_lower: bool = self.lower[0] and params.tiebreak_draw == "best"
        self.counter_keys: tuple[str, ...] = (
            ("ties", "no_data_ties", "tiebreak_draws", "tiebreak_ties", "chooser_wins", "left_on_table")
            + tuple(f"ties:{k}" for k in self.keys)
            + tuple(f"chosen:{k}" for k in self.keys)
        )

    def _ranks(self) -> list[tuple[float, ...]]:
        """Per card and attribute: the share of the other printed cards (copies counted)
        this card beats (-1 for "no data", which can only tie). One sort per attribute
        and a binary search per card: n·log n, so a 100,000-card deck costs seconds."""
        per_attribute = []
        for a in range(len(self.keys)):
            printed = sorted(v for c in self.cards if (v := self.values[c][a]) is not None)
            column = []
            for row in self.values:
                mine = row[a]
                if mine is None:
                    column.append(-1.0)
                    continue
                worse = (len(printed) - bisect_right(printed, mine)) if self.lower[a] else bisect_left(printed, mine)
                column.append(worse / max(1, len(self.cards) - 1))
            per_attribute.append(column)
        return [tuple(column[i] for column in per_attribute) for i in range(len(self.ids))]

    def beats(self, a: int, x: float, y: float) -> bool:
        return x < y if self.lower[a] else x > y

    def new_state(self, observer: TrickObserver | None = None) -> WeijiState:
        return WeijiState(self, observer)

    def resample(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> WeijiState:
        """A state ``seat`` cannot tell from the real one, from its view alone (see
        :func:`generator.games.weiji.resample.resample`)."""
        from .resample import resample

        return resample(self, view, seat, rng)


class WeijiState(StateBase):
    """One game of Weiji; see the module docstring for the rules."""

    def __init__(self, game: WeijiGame, observer: TrickObserver | None = None) -> None:
        self.game = game
        self.observer = observer
        n = game.params.players
        self.stacks: table.Stacks = [deque() for _ in range(n)]
        self.middle: list[list[int]] = [[] for _ in range(n)]  # cards in play, per seat
        self.chooser = 0
        self.dealt = False
        self.over = False
        self.winner: int | None = None
        self.unfinished = False
        self.tricks = 0
        self.pending: tuple[int, list[int]] | None = None
        self.cycles: table.CycleDetector | None = None
        self.counters: dict[str, int] = dict.fromkeys(game.counter_keys, 0)
        self.shown = [0] * len(game.ids)
        self.won = [0] * len(game.ids)
        # public knowledge. A stack is its dealt cards nobody has seen (``unknown``, on
        # top) and below them the cards everybody saw go in (won cards, tie-break
        # draws): ``known[seat][card]`` copies
        self.unknown = [0] * n
        self.known = [[0] * len(game.ids) for _ in range(n)]
        # the same record in stack order: per seat, the batches of cards below its unseen
        # dealt cards, each [cards top first, shuffled] (a shuffled pickup's order is unseen)
        self.batches: list[deque[list[Any]]] = [deque() for _ in range(n)]

    def enable_cycle_check(self) -> None:
        """Called by the runner when every strategy is deterministic: with
        ``winner-first`` pickup a repeated position is then a cycle."""
        if not self.game.shuffled:
            self.cycles = table.CycleDetector()

    # -- api.State ---------------------------------------------------------------
    def current(self) -> int:
        if self.over:
            return TERMINAL
        if not self.dealt or self.pending is not None:
            return CHANCE
        return self.chooser

    def legal_actions(self) -> Sequence[Action]:
        return self.game.actions if self.current() >= 0 else ()

    def sample_chance(self, rng: random.Random) -> Action:
        if not self.dealt:
            g = self.game
            return table.sample_deal(g.cards, g.ids, g.params.players, rng, equal=False)
        if self.pending is None:
            raise RuntimeError("no chance node now")
        return table.sample_pickup(len(self.pending[1]), rng)

    def apply(self, action: Action) -> None:
        if action.kind == "choose" and self.current() >= 0 and action.value in self.game.attr:
            self._showdown(self.game.attr[action.value])
        elif action.kind == "deal" and not self.dealt:
            index = self.game.index
            for seat, stack in enumerate(action.value):
                self.stacks[seat].extend(index[c] for c in stack)
                self.unknown[seat] = len(self.stacks[seat])
            self.dealt = True
            self._check_alive()
        elif action.kind == "pickup" and self.pending is not None:
            winner, won = self.pending
            self.pending = None
            stack = self.stacks[winner]
            table.apply_pickup(stack, won, action.value)
            self._learn(winner, [stack[i] for i in range(len(stack) - len(won), len(stack))], shuffled=True)
            self._after_win()
        else:
            raise ValueError(f"weiji: action {action} is not legal now")

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        details = {k: float(v) for k, v in self.counters.items()}
        return Result(
            winner=self.winner,
            tricks=self.tricks,
            counts=[len(s) for s in self.stacks],
            unfinished=self.unfinished,
            details=details,
            card_stats={cid: (self.shown[i], self.won[i]) for i, cid in enumerate(self.game.ids)},
        )

    def view(self, seat: int) -> Mapping[str, Any]:
        """What ``seat`` may see: its own top card, every stack's size, the middle,
        the printed values of every card, and what the whole table has seen go into
        each stack: ``known`` (per seat, card id -> copies, below its unseen cards),
        ``unseen_left`` (per seat, how many dealt cards nobody has seen are still on
        top) and ``unseen`` (card id -> copies of the cards nobody but their holder
        could have seen: every printed card less the middle, the known cards and
        this seat's own top card); ``batches`` (per seat, the cards below its unseen
        ones in the order they went in: card ids top first and whether the batch was
        shuffled, then sorted, as its order was not seen), ``middle_cards`` (per seat,
        its cards in the middle) and ``tricks`` (showdowns so far). All a seat
        knows, so that :mod:`.resample` deals from the view alone."""
        stack = self.stacks[seat]
        top = stack[0] if stack else None
        g = self.game
        ids = g.ids
        return {
            "batches": [[(tuple(sorted(ids[c] for c in b)) if shuffled else tuple(ids[c] for c in b), shuffled)
                         for b, shuffled in batches] for batches in self.batches],
            "middle_cards": [[ids[c] for c in m] for m in self.middle],
            "tricks": self.tricks,
            "unseen": self._unseen(seat, top),
            "unseen_left": list(self.unknown),
            "known": [{g.ids[c]: n for c, n in enumerate(k) if n} for k in self.known],
            "printed": g.printed,
            "lower": g.lower,
            "top": g.ids[top] if top is not None else None,
            "values": dict(zip(g.keys, g.values[top], strict=True)) if top is not None else {},
            "ranks": g.ranks[top] if top is not None else (0.0,) * len(g.keys),
            "count": len(stack),
            "counts": [len(s) for s in self.stacks],
            "middle": sum(len(m) for m in self.middle),
        }

    def _unseen(self, seat: int, top: int | None) -> dict[str, int]:
        left = list(self.game.copies)
        for pile in self.middle:
            for c in pile:
                left[c] -= 1
        for known in self.known:
            for c, n in enumerate(known):
                left[c] -= n
        if top is not None and self.unknown[seat]:
            left[top] -= 1  # my own top card, still one of my dealt cards
        return {self.game.ids[c]: n for c, n in enumerate(left) if n > 0}

    def _learn(self, seat: int, cards: Sequence[int], shuffled: bool = False) -> None:
        """``cards`` (in stack order) went under ``seat``'s stack in everybody's sight."""
        known = self.known[seat]
        for c in cards:
            known[c] += 1
        self.batches[seat].append([list(cards), shuffled])

    def _take_top(self, seat: int) -> int:
        """Pop ``seat``'s top card, keeping the public record."""
        c = self.stacks[seat].popleft()
        if self.unknown[seat]:
            self.unknown[seat] -= 1
        else:
            self.known[seat][c] -= 1
            batches = self.batches[seat]
            batch = batches[0][0]
            batch.pop(0)
            if not batch:
                batches.popleft()
        return c

    # -- play ------------------------------------------------------------------
    def _count(self, key: str) -> None:
        self.counters[key] += 1

    def _showdown(self, a: int) -> None:
        g = self.game
        self.tricks += 1
        self._count("chosen:" + g.keys[a])
        active = [s for s, st in enumerate(self.stacks) if st]
        tops = []
        for s in active:
            c = self._take_top(s)
            self.middle[s].append(c)
            self.shown[c] += 1
            tops.append(c)
        vals = [g.values[c][a] for c in tops]
        winner = -1
        no_data = None in vals
        if not no_data:
            nums = [v for v in vals if v is not None]
            best = min(nums) if g.lower[a] else max(nums)
            if nums.count(best) == 1:
                winner = active[nums.index(best)]
                self.won[tops[nums.index(best)]] += 1
        if self.observer is not None:
            shown: list[str | None] = [None] * len(self.stacks)
            for s, c in zip(active, tops, strict=True):
                shown[s] = g.ids[c]
            self._report({"attribute": g.keys[a], "chooser": self.chooser, "shown": shown, "winner": winner if winner >= 0 else None, "no_data": no_data})
        if winner < 0:
            self._count("ties")
            self._count("ties:" + g.keys[a])
            if no_data:
                self._count("no_data_ties")
            self._after_tie()
            return
        if winner == self.chooser:
            self._count("chooser_wins")
        won = table.pickup_order(self.middle, winner)
        self.middle = [[] for _ in self.middle]
        self.chooser = winner
        if g.shuffled:
            self.pending = (winner, won)
            return
        self.stacks[winner].extend(won)
        self._learn(winner, won)
        self._after_win()

    def _after_win(self) -> None:
        if self._check_alive():
            return
        if self.cycles is not None and self.cycles.seen(self.stacks, self.chooser):
            self._finish(None, unfinished=True)
        elif self.tricks >= self.game.params.max_tricks:
            self._finish(None, unfinished=True)

    def _after_tie(self) -> None:
        if self._check_alive():
            return
        if not self.stacks[self.chooser]:
            self._tiebreak_draw()
        if self.tricks >= self.game.params.max_tricks:
            self._finish(None, unfinished=True)

    def _check_alive(self) -> bool:
        """End the game if at most one player has cards; True if it ended."""
        alive = [s for s, st in enumerate(self.stacks) if st]
        if len(alive) > 1:
            return False
        if alive:  # the last player takes the middle and wins
            self.stacks[alive[0]].extend(table.pickup_order(self.middle, alive[0]))
            self.middle = [[] for _ in self.middle]
            self._finish(alive[0])
        else:  # the last players ran out together: a draw, the middle stays on the table
            self.counters["left_on_table"] = sum(len(m) for m in self.middle)
            self._finish(None)
        return True

    def _tiebreak_draw(self) -> None:
        """The chooser is out after a tie: the highest (``tiebreak_draw=best``: the
        best) first-attribute value among the remaining players' top cards chooses next."""
        g = self.game
        self._count("tiebreak_draws")
        lower = g.draw_lower
        drawn: dict[int, float | None] = {}
        for s, st in enumerate(self.stacks):
            if st:
                c = self._take_top(s)
                st.append(c)
                self._learn(s, (c,))  # everybody saw it go under this stack
                drawn[s] = g.values[c][0]
        nums = [v for v in drawn.values() if v is not None]
        if nums:
            best = min(nums) if lower else max(nums)
            tied = [s for s, v in drawn.items() if v == best]
        else:
            tied = list(drawn)
        old, n = self.chooser, len(self.stacks)
        if len(tied) > 1:
            self._count("tiebreak_ties")
        self.chooser = min(tied, key=lambda s: (s - old) % n)
        if self.observer is not None:
            shown = [g.ids[st[-1]] if s in drawn else None for s, st in enumerate(self.stacks)]
            self._report({"event": "tiebreak", "drawn": shown, "chooser": self.chooser})

    def _finish(self, winner: int | None, unfinished: bool = False) -> None:
        self.over = True
        self.winner = winner
        self.unfinished = unfinished

    def _report(self, record: dict[str, Any]) -> None:
        """One trace record. A showdown is reported before its cards move on, so
        ``counts`` add what happens next: the winner takes the middle (``table``,
        the cards in the middle at this showdown), and after a tie that leaves one
        player with cards, that player does; so the last record's counts are the
        result's (a draw leaves the middle on the table)."""
        if self.observer is not None:
            record = {"trick": self.tricks, "event": record.pop("event", "showdown"), **record}
            counts = [len(s) for s in self.stacks]
            middle = sum(len(m) for m in self.middle)
            if record["event"] == "showdown":
                alive = [s for s, n in enumerate(counts) if n]
                taker = record["winner"] if record["winner"] is not None else alive[0] if len(alive) == 1 else None
                if taker is not None:
                    counts[taker] += middle
            record["counts"] = counts
            record["table"] = middle  # cards in the middle at this point (a winner takes them all)
            self.observer(record)


def weiji_deal_actions(game: WeijiGame, deal: Mapping[str, Any]) -> list[Action]:
    """A ``--deal`` file for Weiji: ``stacks:`` per seat (top first), optional
    ``choices:`` (used by the runner's fixed strategy) and ``seed:``."""
    check_keys(deal, "weiji", ("stacks", "choices", "seed"))
    stacks = deal_stacks(deal, game.params.players, available(game.deck))
    if not all(stacks):
        raise ParameterError("deal: every seat needs at least one card")
    for i, key in enumerate(deal.get("choices") or []):
        if str(key) not in game.attr:
            raise ParameterError(f"deal: choices[{i}]: {key!r} is not an attribute of this deck; valid: {', '.join(game.keys)}")
    return [table.deal_action(stacks)]
