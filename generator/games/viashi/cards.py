"""Viashi card rules: rank order, following and capture, as pure functions on
card numbers (a card is its index in the deck's card list; the two printed
copies of Viashilym are the same number, which is how twins are recognised).

:class:`CardRules` is public knowledge (the rules on the table), so strategies
get it through ``view(seat)["rules"]``.

Capture (:meth:`CardRules.capture`), for the cards of one trick in play order:

1. Dead cards first (Viashilym only): a card that occurs twice in the trick
   (both twins played) is dead. Dead cards are ignored from here on: they
   cannot capture and do not trigger the Fool or Changeling rules, but they are
   taken with the trick.
2. If any live god was played, the strongest live god captures, except that
   the Changeling captures when the Lady is also in the trick (rule ``god`` /
   ``changeling``).
3. Otherwise the strongest live card of the suit led captures (``suit``),
   except that the Fool of that suit captures when its top card (Queen; human
   rules: King) is also in the trick (``fool``).
4. No live candidate (possible only when the led card is dead and no other
   live card of its suit and no live god was played): nobody captures and the
   trick is removed from play (``removed``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from ...deck.model import Deck
from ...errors import ParameterError

RULES = ("suit", "fool", "god", "changeling", "removed")


@dataclass(frozen=True)
class CardRules:
    ids: tuple[str, ...]  # card number -> card id
    suit: tuple[int, ...]  # card number -> suit number (the gods are a suit too)
    power: tuple[int, ...]  # strength within its suit (human rules: King above Queen)
    god: tuple[bool, ...]
    top: tuple[bool, ...]  # the top card of a regular suit: Queen (elvish) or King (human)
    fool: tuple[bool, ...]  # the weakest card of a regular suit
    rank8: tuple[bool, ...]  # the Magicians/Scholars (second weakest rank of a regular suit)
    lady: int  # the strongest god
    changeling: int  # the weakest god
    twins: bool  # two decks: identical cards in one trick are dead
    threats: tuple[frozenset[int], ...]  # card c -> cards that capture a 2-card trick led by c (or kill it)

    @cached_property
    def number(self) -> dict[str, int]:
        """card id -> card number."""
        return {cid: i for i, cid in enumerate(self.ids)}

    def capture(self, cards: Sequence[int]) -> tuple[int, str]:
        """(position of the capturing card in ``cards``, rule); (-1, "removed")
        when nobody captures. ``cards[0]`` is the led card."""
        if self.twins:
            live = [i for i, c in enumerate(cards) if cards.count(c) == 1]
        else:
            live = list(range(len(cards)))
        god, power = self.god, self.power
        gods = [i for i in live if god[cards[i]]]
        if gods:
            lady = next((i for i in gods if cards[i] == self.lady), -1)
            changeling = next((i for i in gods if cards[i] == self.changeling), -1)
            if lady >= 0 and changeling >= 0:
                return changeling, "changeling"
            return max(gods, key=lambda i: power[cards[i]]), "god"
        led = self.suit[cards[0]]
        follow = [i for i in live if self.suit[cards[i]] == led]
        if not follow:
            return -1, "removed"
        top = next((i for i in follow if self.top[cards[i]]), -1)
        fool = next((i for i in follow if self.fool[cards[i]]), -1)
        if top >= 0 and fool >= 0:
            return fool, "fool"
        return max(follow, key=lambda i: power[cards[i]]), "suit"

    def follow(self, options: Sequence[int], led: int) -> list[int]:
        """The cards of ``options`` that may follow ``led``: its suit (a god
        if a god was led) if any, else all of them."""
        suit = self.suit[led]
        same = [c for c in options if self.suit[c] == suit]
        return same or list(options)

    def value(self, card: int) -> int:
        """A rough worth for strategies: gods above every regular card, the
        Fool a little above its rank (it can take its suit's top card)."""
        if self.god[card]:
            return 10 + self.power[card]
        return self.power[card] + (3 if self.fool[card] else 0)


def card_rules(deck: Deck, *, human: bool, twins: bool) -> CardRules:
    """The card rules of ``deck``: a suit marked ``gods`` and regular suits
    whose ranks are ordered by ``strength``."""
    gods = [s.key for s in deck.suits if s.gods]
    regular = [s.key for s in deck.suits if not s.gods]
    if len(gods) != 1 or not regular:
        raise ParameterError(f"deck {deck.name!r} needs one suit of gods and regular suits to play Viashi "
                             "(mark the gods' suit `gods: true`)")
    if len(deck.ranks) < 3:
        raise ParameterError(f"deck {deck.name!r} needs at least three ranks to play Viashi")
    ranks = sorted(deck.ranks, key=lambda r: -r.strength)  # strongest first
    order = [ranks[1], ranks[0], *ranks[2:]] if human else ranks
    regular_power = {r.key: len(order) - i for i, r in enumerate(order)}
    god_power = {r.key: len(ranks) - i for i, r in enumerate(ranks)}  # the god order never changes
    suit_no = {key: i for i, key in enumerate(regular + gods)}
    ids, suit, power, god, top, fool, rank8 = [], [], [], [], [], [], []
    for c in deck.cards:
        if c.suit not in suit_no or c.rank not in god_power:
            raise ParameterError(f"deck {deck.name!r}: card {c.id!r} needs a suit and a rank to play Viashi")
        is_god = c.suit == gods[0]
        ids.append(c.id)
        suit.append(suit_no[c.suit])
        power.append(god_power[c.rank] if is_god else regular_power[c.rank])
        god.append(is_god)
        top.append(not is_god and c.rank == order[0].key)
        fool.append(not is_god and c.rank == ranks[-1].key)
        rank8.append(not is_god and c.rank == ranks[-2].key)
    god_cards = [i for i, g in enumerate(god) if g]
    lady = max(god_cards, key=power.__getitem__)
    changeling = min(god_cards, key=power.__getitem__)
    base = CardRules(tuple(ids), tuple(suit), tuple(power), tuple(god), tuple(top), tuple(fool), tuple(rank8),
                     lady, changeling, twins, ())
    n = len(ids)
    threats = tuple(frozenset(x for x in range(n) if (x != c or twins) and base.capture((c, x))[0] != 0)
                    for c in range(n))
    return replace(base, threats=threats)
