"""Viashi (3 players, elvish or human rules) and Viashilym (6 players in three
teams, two decks) as an ``api.State``.

Rules as implemented (``ViashiParams``: players, variant, hands, handicap,
max_tricks); card order and capture are in :mod:`.viashi_cards`, scoring in
:mod:`.viashi_scoring`, the play itself in :mod:`.viashi_state`. Decisions
for what the rules leave open are marked *(ours)* with an identifier in
brackets, registered in :mod:`.decisions`; the booklet
(templates/rules/viashi.md.j2) states each of them.

* Seats (ours): seats are numbered in the direction of play, so the next seat
  is always ``seat + 1`` (mod players): counterclockwise round the table for
  the elvish rules and Viashilym, clockwise for the human rules. Viashilym:
  seats s and s + 3 sit opposite and form team s (0, 1, 2) [viashi.seats].
* Draw phase: a chance node shuffles the pile (``Action("pile", ids top
  first)``). Seat 0 draws first in the first hand; in later hands the first
  draw passes to the next seat (hand h: seat h mod players), so a 9-hand
  elvish round lets everyone draw first three times. Each player in turn
  draws the top two cards and chooses which one goes face up to the table
  (``Action("place", card id)``); the other goes face down to the hand. The
  last to draw leads the first trick [viashi.last-to-draw-leads]. Players remember what they put face down,
  so the elvish ban on looking at hand cards during the draw changes nothing
  for a simulated player (ours) [viashi.remember-face-down].
* Viashilym table rule: a card already face up on any table may not be placed
  on the table, unless both drawn cards already are; then both are revealed
  (counted as ``table_reveals``) and the player still puts one on the table and
  one in the hand, as they like (ours: so hands and tables stay equal)
  [viashi.table-reveal].
* Handicap (``handicap=true``, ours where open): a seat that won the last 1, 2
  or 3+ hands in a row (the unique highest score of a hand; in Viashilym both
  seats of the winning team) has its first 1, 2 or 3 draws of the next hand
  split at random: a chance node choosing uniformly among the legal
  placements (the Viashilym table rule still applies). No effect with one hand
  [viashi.handicap].
* A trick: the leader plays a card from hand or table (``Action("play",
  "hand:winds-3")`` or ``"table:winds-3"``); the others, in seat order, play
  from the same place, following the suit led (a god if a god was led) if they
  can, otherwise any card from that place. Everyone always has as many hand
  and table cards as everyone else. Capture: see :mod:`.viashi_cards`. The
  capturer owns all cards of the trick and leads next.
* Viashilym twins: both copies in one trick are dead (cannot capture, can be
  taken) and count for nothing in any capture rule: a dead god is no god, the
  Fool cannot take a dead Queen (ours) [viashi.dead-cards]. A trick with no live capturer (the led card dead, no other live card
  of its suit, no live god) is removed from play: it belongs to nobody, scores
  nothing, and the same player leads again (ours) [viashi.dead-trick]. It still
  counts as a trick.
* Scoring (:mod:`.viashi_scoring`): captives are the cards of a captured
  trick other than the capturer's own (2 a trick, 5 in Viashilym)
  [viashi.captives], a partner's card included (ours) [viashi.partner-captive];
  Viashilym's "ten for taking more than both opposing teams combined" is 10
  instead of the 5 for the most (ours, as the elvish 9 instead of 3)
  [viashi.ten-instead]; "the most" bonuses need a single leader (ours)
  [viashi.most-needs-one-leader]; Viashilym scores no Magician bonus (ours: its
  scoring paragraph replaces the elvish one) [viashi.viashilym-no-magicians].
* A hand ends when every card is played (18 tricks); after ``hands`` hands the
  highest total wins (Viashilym: the team; ``winner`` is its first seat, 0-2,
  and both seats show the team's points). A shared top total is a draw
  (``winner`` None) [viashi.equal-top-draw]. Human rules number the cards in
  the elvish order (Queen 1, King 2): the booklet says how to read them
  [viashi.human-numbers]. Over ``max_tricks`` tricks: unfinished.

Result: ``tricks`` (all tricks, removed ones included), ``counts`` (captives
per seat, all hands), ``scores`` (points per seat, all hands), ``card_stats``
(card id -> times played, times it captured) and ``details`` counters, summed
over hands: ``hands``; ``hand_leads``, ``table_leads`` (tricks by source);
``suit_captures``, ``fool_captures``, ``god_captures``, ``changeling_captures``
(tricks by capture rule); ``leader_captures`` (tricks the leader took);
``bonus_points`` and ``bonus_ties`` (hands with the "most" bonus shared, so
not given); elvish: ``captive_points``, ``bonus3``, ``bonus9``,
``magician_points``; human: ``trick_points``, ``bonus2``; Viashilym:
``trick_points`` (5 a trick), ``bonus5``, ``bonus10``, ``twin_points``,
``dead_cards``, ``dead_tricks``, ``removed_cards``, ``table_reveals``; with
the handicap: ``handicap_draws``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...deck.model import Deck
from ...errors import ParameterError
from ..api import Action, TrickObserver
from ..deals import available, check_keys, deal_cards
from .cards import CardRules, card_rules
from .params import ViashiParams
from .state import ViashiState

SOURCES = ("hand", "table")


class ViashiGame:
    """Viashi or Viashilym with validated ``ViashiParams`` on a Viashi deck."""

    name = "viashi"

    def __init__(self, deck: Deck, params: ViashiParams) -> None:
        if not isinstance(params, ViashiParams):
            raise ParameterError("viashi needs ViashiParams (see generator.games.params.make_params)")
        self.deck = deck
        self.params = params
        self.players = params.players
        self.teams = params.players == 6
        self.decks = 2 if self.teams else 1
        self.rules: CardRules = card_rules(deck, human=params.variant == "human", twins=self.teams)
        self.ids = self.rules.ids
        self.index = {cid: i for i, cid in enumerate(self.ids)}
        self.cards = [i for _ in range(self.decks) for i, c in enumerate(deck.cards) for _ in range(c.copies)]
        if not self.cards or len(self.cards) % (2 * self.players):
            raise ParameterError(f"viashi: {len(self.cards)} cards cannot be drawn two at a time by {self.players} players"
                                 " in equal turns")
        self.copies = [0] * len(self.ids)
        for c in self.cards:
            self.copies[c] += 1
        self.place = tuple(Action("place", cid) for cid in self.ids)
        self.play = {src: tuple(Action("play", f"{src}:{cid}") for cid in self.ids) for src in SOURCES}
        self.parse = {a.value: (src, i) for src in SOURCES for i, a in enumerate(self.play[src])}
        keys = ["hands", "hand_leads", "table_leads", "suit_captures", "fool_captures", "god_captures",
                "changeling_captures", "leader_captures", "bonus_points", "bonus_ties"]
        if self.teams:
            keys += ["trick_points", "bonus5", "bonus10", "twin_points", "dead_cards", "dead_tricks",
                     "removed_cards", "table_reveals"]
        elif params.variant == "human":
            keys += ["trick_points", "bonus2"]
        else:
            keys += ["captive_points", "bonus3", "bonus9", "magician_points"]
        if params.handicap:
            keys.append("handicap_draws")
        self.counter_keys = tuple(keys)

    def new_state(self, observer: TrickObserver | None = None) -> ViashiState:
        return ViashiState(self, observer)

    def resample(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> ViashiState:
        """A state ``seat`` cannot tell from the real one, from its view alone (see
        :func:`generator.games.viashi.resample.resample`)."""
        from .resample import resample

        return resample(self, view, seat, rng)


def viashi_deal_actions(game: ViashiGame, deal: Mapping[str, Any]) -> list[Action]:
    """A ``--deal`` file for Viashi: ``pile:`` the draw pile, card ids, top
    first (the whole deck: 54 cards, Viashilym 108); optional ``choices:``
    (scripted decisions in order: a card id to place on the table, or
    ``hand:ID`` / ``table:ID`` to play) and ``seed:`` (later hands' shuffles,
    handicap splits)."""
    check_keys(deal, "viashi", ("pile", "choices", "seed"))
    raw = deal.get("pile")
    whole = len(game.cards)
    if not game.teams and isinstance(raw, list) and len(raw) == 2 * whole:
        raise ParameterError(f"deal: the pile has {len(raw)} cards, two decks: that is Viashilym (--players 6)")
    pile = deal_cards(deal, "pile", available(game.deck, game.decks))
    if len(pile) != whole:
        raise ParameterError(f"deal: the pile has {len(pile)} cards; {game.players} players draw the whole deck of {whole}")
    for i, choice in enumerate(deal.get("choices") or []):
        if str(choice) not in game.index and str(choice) not in game.parse:
            raise ParameterError(f"deal: choices[{i}]: {choice!r} is neither a card id to place on the table"
                                 " nor hand:ID / table:ID to play")
    return [Action("pile", tuple(pile))]
