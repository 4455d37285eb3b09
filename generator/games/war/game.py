"""War for piecepack (Mesomorph Games), classic and Russian, as an ``api.State``.

Rules as implemented (``WarParams``: players, packs, variant, objective,
tie_method, pickup, max_tricks):

* Deck: the tiles of ``packs`` piecepacks (or ``packs`` copies of any deck with
  ranks, e.g. the standard 52 cards); rank strength is ``Rank.strength``
  (piecepack: 5 > 4 > 3 > 2 > ace > null); suits are ignored.
* Deal (chance): shuffle, deal one tile at a time from seat 0; equal hands, the
  remainder is set aside for the whole game (only possible with 3+ players)
  [war.set-aside].

Decisions the seed rules leave open carry an identifier in brackets; each is
registered in :mod:`.decisions` and stated in the booklet.
* A *trick* is one showdown including any war it causes. Every player with tiles
  turns one up; a single highest tile wins. A tie for highest starts a war in
  which ALL players of the trick take part (not only the tied ones)
  [war.everyone-in-war]: each plays
  one tile face down, then one face up, and the face-up tiles are compared
  again, repeated while the highest ties. The trick's winner takes every tile of
  the trick.
* Running out during a war: a player who cannot play the face-down or the
  face-up tile drops out of the war (and the game); their tiles on the table
  stay in the trick [war.out-in-war]. If one player is left in the war, they win
  the trick (with two players: the other player "wins the war" and the game)
  [war.out-in-war-two]. If nobody is left (every remaining player ran out at the
  same moment) the game is a draw and the trick's tiles stay on the table
  [war.all-out-draw]. (refwar.c gives that rare case to seat 1; the
  draw is ours, everything else matches its conventions.)
* Won tiles go to the bottom of the winner's stack: ``pickup=shuffled`` in random
  order (a chance node whose outcome is a permutation), ``winner-first`` the
  winner's tiles in play order, then each other seat's from the winner's left
  [war.pickup].
* Players with no tiles drop out; the last player with tiles wins.
* Russian (2 players): null high down to five low, but a five beats a null (in
  general: the strongest rank of the deck beats the weakest, otherwise the
  weaker rank wins) [war.russian-any-deck]. ``tie_method=1``: a tie is settled by one new tile face
  up, ``2``: one face down then one face up (running out as above).
  ``objective=1``: whoever ends with all the tiles LOSES (the player who ran out
  wins); ``objective=2``: whoever runs out first loses. A player who cannot play
  the tiles a tie needs has run out: the other takes the trick (ours, both
  objectives) [war.russian-out-in-tie].
* Cannot hang: a game reaching ``max_tricks`` tricks is unfinished; with
  ``winner-first`` pickup play is deterministic after the deal, so a repeated
  position (all stacks equal to an earlier trick's) is a cycle: unfinished.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from ...deck.model import Deck
from ...errors import ParameterError
from .. import table
from ..api import CHANCE, TERMINAL, Action, Result, StateBase, TrickObserver
from ..deals import available, check_keys, deal_stacks
from ..too_few import too_few
from .params import WarParams


class WarGame:
    """War with validated ``WarParams`` on a deck with ranks."""

    name = "war"

    def __init__(self, deck: Deck, params: WarParams) -> None:
        if not isinstance(params, WarParams):
            raise ParameterError("war needs WarParams (see generator.games.params.make_params)")
        if not deck.ranks:
            raise ParameterError(f"deck {deck.name!r} has no ranks, so it cannot play War (try piecepack or standard52)")
        ranks = {r.key: r.strength for r in deck.ranks}
        missing = [c.id for c in deck.cards if c.rank not in ranks]
        if missing:
            raise ParameterError(f"deck {deck.name!r}: card {missing[0]!r} has no rank, so it cannot play War")
        self.deck = deck
        self.params = params
        self.ids: list[str] = [c.id for c in deck.cards]
        self.index: dict[str, int] = {cid: i for i, cid in enumerate(self.ids)}
        self.strength: list[int] = [ranks[c.rank] for c in deck.cards if c.rank is not None]
        self.cards: list[int] = [i for _ in range(params.packs) for i, c in enumerate(deck.cards) for _ in range(c.copies)]
        if len(self.cards) < params.players:
            raise ParameterError(too_few(deck, len(self.cards), params.players, "tiles"))
        self.high = max(ranks.values())
        self.low = min(ranks.values())
        self.russian = params.variant == "russian"
        self.facedown = params.variant == "classic" or params.tie_method == 2
        self.shuffled = params.pickup == "shuffled"

    def new_state(self, observer: TrickObserver | None = None) -> WarState:
        return WarState(self, observer)

    def best(self, faces: Sequence[int]) -> int:
        """Index of the single winning face-up tile, or -1 for a tie."""
        st = self.strength
        if self.russian:
            a, b = st[faces[0]], st[faces[1]]
            if a == b:
                return -1
            if a == self.high and b == self.low:
                return 0
            if a == self.low and b == self.high:
                return 1
            return 0 if a < b else 1
        vals = [st[c] for c in faces]
        top = max(vals)
        return vals.index(top) if vals.count(top) == 1 else -1


class WarState(StateBase):
    """One game of War; see the module docstring for the rules."""

    def __init__(self, game: WarGame, observer: TrickObserver | None = None) -> None:
        self.game = game
        self.observer = observer
        n = game.params.players
        self.stacks: table.Stacks = [deque() for _ in range(n)]
        self.dealt = False
        self.over = False
        self.winner: int | None = None
        self.unfinished = False
        self.tricks = 0
        self.wars = 0
        self.aside = 0
        self.on_table = 0  # tiles left on the table by a drawn game
        self.pending: tuple[int, list[int]] | None = None  # (winner, won tiles) awaiting a shuffled pickup
        self.cycles = table.CycleDetector() if not game.shuffled else None

    # -- api.State ---------------------------------------------------------------
    def current(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE  # War has no decisions: only the deal and shuffled pickups

    def legal_actions(self) -> Sequence[Action]:
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        if not self.dealt:
            g = self.game
            return table.sample_deal(g.cards, g.ids, g.params.players, rng, equal=True)
        if self.pending is None:
            raise RuntimeError("no chance node: the game is over")
        return table.sample_pickup(len(self.pending[1]), rng)

    def apply(self, action: Action) -> None:
        if action.kind == "deal" and not self.dealt:
            index = self.game.index
            for seat, stack in enumerate(action.value):
                self.stacks[seat].extend(index[c] for c in stack)
            self.aside = len(self.game.cards) - sum(len(s) for s in self.stacks)
            self.dealt = True
        elif action.kind == "pickup" and self.pending is not None:
            winner, won = self.pending
            self.pending = None
            table.apply_pickup(self.stacks[winner], won, action.value)
            if self._ended():
                return
        else:
            raise ValueError(f"war: action {action} is not legal now")
        self._run()

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        return Result(
            winner=self.winner,
            tricks=self.tricks,
            counts=[len(s) for s in self.stacks],
            unfinished=self.unfinished,
            details={"wars": float(self.wars), "set_aside": float(self.aside), "left_on_table": float(self.on_table)},
        )

    def view(self, seat: int) -> Mapping[str, Any]:
        return {"count": len(self.stacks[seat]), "counts": [len(s) for s in self.stacks],
                "facedown": self.game.facedown}  # a war's middle tiles go face down (the table keeps them so)

    # -- play ------------------------------------------------------------------
    def _run(self) -> None:
        """Play tricks until the game ends or a shuffled pickup needs chance."""
        g = self.game
        cap = g.params.max_tricks
        while not self.over:
            if self.tricks >= cap:
                self._finish(None, unfinished=True)
                return
            winner, piles = self._trick()
            self.tricks += 1
            if winner < 0:  # everyone in the war ran out: a draw
                self.on_table = sum(len(p) for p in piles)
                self._report(piles, None)
                self._finish(None)
                return
            won = table.pickup_order(piles, winner)
            self._report(piles, winner)
            if g.shuffled:
                self.pending = (winner, won)
                return
            self.stacks[winner].extend(won)
            if self._ended():
                return
            if self.cycles is not None and self.cycles.seen(self.stacks):
                self._finish(None, unfinished=True)

    def _trick(self) -> tuple[int, list[list[int]]]:
        """One showdown with its wars: (winning seat or -1 for nobody, tiles played per seat)."""
        g = self.game
        stacks = self.stacks
        part = [s for s in range(len(stacks)) if stacks[s]]
        piles: list[list[int]] = [[] for _ in stacks]
        while True:
            faces = []
            for s in part:
                c = stacks[s].popleft()
                piles[s].append(c)
                faces.append(c)
            w = g.best(faces)
            if w >= 0:
                return part[w], piles
            self.wars += 1
            if g.facedown:
                part = [s for s in part if stacks[s]]
                if len(part) <= 1:
                    break
                for s in part:
                    piles[s].append(stacks[s].popleft())
            part = [s for s in part if stacks[s]]
            if len(part) <= 1:
                break
        return (part[0] if part else -1), piles

    def _ended(self) -> bool:
        """After a pickup: end the game if at most one player has tiles."""
        alive = [s for s, st in enumerate(self.stacks) if st]
        if len(alive) > 1:
            return False
        if not alive:
            self._finish(None)
        elif self.game.russian and self.game.params.objective == 1:
            # whoever ends with all the tiles loses: the player who ran out wins
            self._finish(1 - alive[0])
        else:
            self._finish(alive[0])
        return True

    def _finish(self, winner: int | None, unfinished: bool = False) -> None:
        self.over = True
        self.winner = winner
        self.unfinished = unfinished

    def _report(self, piles: list[list[int]], winner: int | None) -> None:
        """One trace record, called before the winner picks up (which may still
        wait for a shuffled pickup): ``counts`` are those AFTER the pickup, so the
        last record's counts are the result's (a draw leaves its tiles on the table)."""
        if self.observer is not None:
            ids = self.game.ids
            tiles = sum(len(p) for p in piles)
            counts = [len(s) for s in self.stacks]
            if winner is not None:
                counts[winner] += tiles
            self.observer(
                {
                    "trick": self.tricks,
                    "played": [[ids[c] for c in p] for p in piles],
                    "winner": winner,
                    "tiles": tiles,
                    "counts": counts,
                }
            )


def war_deal_actions(game: WarGame, deal: Mapping[str, Any]) -> list[Action]:
    """A ``--deal`` file for War: ``stacks:`` per seat, top first; tiles not in a
    stack are set aside. Later shuffled pickups are seeded by ``seed:``."""
    check_keys(deal, "war", ("stacks", "seed"))
    stacks = deal_stacks(deal, game.params.players, available(game.deck, game.params.packs))
    if not all(stacks):
        raise ParameterError("deal: every seat needs at least one tile")
    return [table.deal_action(stacks)]
