"""Viashi's rule booklet: the facts its template (templates/rules/viashi.md.j2) uses
beyond the parameters (its spec's ``booklet``) and what its figures show (``figures``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...deck.model import Card, Deck, Rank, Suit
from ...errors import ParameterError, Problem
from ...i18n import N_, _
from ..rulebook import DIRECTION, Figure, Shown, and_, listing, ranked
from .params import ViashiParams


def _viashi_gaps(deck: Deck) -> None:
    """The one-line errors ``deckpress check`` gives for a Viashi deck missing a card of
    its suits x ranks (a Fool changed to another rank, say): a booklet needs every card."""
    have = {(c.suit, c.rank) for c in deck.cards}
    missing = [f"{s.key}-{r.key}" for s in deck.suits for r in deck.ranks if (s.key, r.key) not in have]
    if missing:
        expected = len(deck.suits) * len(deck.ranks)
        raise ParameterError(Problem(f"{len(missing)} of the {expected} cards the suits x ranks define are "
                                     f"missing: {listing(missing)}.", deck.path))


def _counted(counts: list[int]) -> str:
    """``[9, 9, 9]`` -> "9"; uneven suits -> "7 or 8"."""
    distinct = sorted(set(counts))
    return " or ".join(str(n) for n in distinct)


def _rank_label(rank: Rank) -> str:
    """How the booklet names a rank's cards: "rank 8" where the deck numbers its ranks."""
    return _("rank %(key)s") % {"key": rank.key} if rank.key.isdigit() else _("the %(name)s rank") % {"name": rank.name}


def _magicians(deck: Deck, regular: list[Suit], rank: Rank) -> str:
    """Which cards score the Magician bonus, in the deck's words."""
    kinds: dict[str, list[str]] = {}
    for s in regular:
        if s.rank8:
            kinds.setdefault(s.rank8, []).append(s.name)
    if not kinds:  # no suit says Magician or Scholar: the rank's own name, as the scoring table says
        return _("The cards of %(rank)s are %(which)s") % {"rank": _rank_label(rank), "which": _kind(rank.name)[1]}
    parts = [_("%(kinds)s in %(suits)s") % {"kinds": _kind(k)[1], "suits": and_(v)} for k, v in kinds.items()]
    return _("The cards of %(rank)s are %(which)s") % {"rank": _rank_label(rank), "which": _(" and ").join(parts)}


# the bundled Viashi deck's rank-8 kinds (suits' ``rank8:``), singular and plural
KINDS = {"magician": (N_("Magician"), N_("Magicians")), "scholar": (N_("Scholar"), N_("Scholars"))}
# the god suit's usual name: the booklet names the suit only where the deck calls it something else
GODS = N_("Gods")


def _kind(kind: str) -> tuple[str, str]:
    """A rank-8 kind's name, singular and plural (a kind of the designer's own: English -s)."""
    known = KINDS.get(kind.lower())
    return (_(known[0]), _(known[1])) if known else (kind.title(), f"{kind.title()}s")


def _bonus_names(regular: list[Suit], rank: Rank) -> dict[str, str]:
    """The Magician bonus cards by the deck's names: "Magicians and Scholars", "Magician or Scholar"."""
    kinds = [_kind(k) for k in dict.fromkeys(s.rank8 for s in regular if s.rank8)] or [(rank.name, f"{rank.name}s")]
    return {"bonus_cards": _(" and ").join(p for _s, p in kinds), "bonus_card": _(" or ").join(s for s, _p in kinds)}


def context(params: ViashiParams, deck: Deck) -> dict[str, Any]:
    gods = [s for s in deck.suits if s.gods]
    regular = [s for s in deck.suits if not s.gods]
    ranks = ranked(deck)
    if not regular or len(ranks) < 3:
        raise ParameterError(f"deck {deck.name!r} has no Viashi suits and ranks")
    _viashi_gaps(deck)
    human = params.variant == "human"
    order = [ranks[1], ranks[0], *ranks[2:]] if human else ranks
    decks = 2 if params.players == 6 else 1
    total = sum(1 for _ in deck.printed()) * decks
    per = total // params.players
    god_keys = {s.key for s in gods}
    god_cards = sorted((c for c in deck.cards if c.suit in god_keys),
                       key=lambda c: -deck.rank(c.rank).strength if c.rank else 0)
    lead = regular[0]

    def card(suit: str, rank: Rank) -> Card:
        return next(c for c in deck.cards if c.suit == suit and c.rank == rank.key)

    top, fool, middle = order[0], ranks[-1], ranks[len(ranks) // 2]
    trick = [card(lead.key, top), card(lead.key, fool), card(lead.key, middle)]
    rank8 = ranks[-2]
    tricks = per
    name = "Viashilym" if params.players == 6 else "Viashi"
    per_suit = [sum(1 for c in deck.printed() if c.suit == s.key) for s in regular]
    chosen = [(_("Game"), name + (_(" (three teams of two, two decks)") if decks == 2 else "")),
              (_("Rules"), _("human") if human else _("elvish")), (_("Players"), str(params.players)),
              (_("Cards"), f"{total} (" + _("%(per)s each: %(table)s table, %(hand)s hand")
               % {"per": per, "table": per // 2, "hand": per - per // 2} + ")"),
              (_("Hands"), str(params.hands)),
              (_("Tournament handicap"), _("yes") if params.handicap else _("no"))]
    return {
        "name": name, "decks": decks, "human": human, "teams": decks == 2,
        "cards": {"total": total, "per_player": per, "table": per // 2, "hand": per - per // 2,
                  "tricks": tricks, "trick_size": params.players},
        "suits": [{"name": s.name, "border": s.border or ""} for s in regular],
        # how the deck is made: every number from the deck, never the bundled 5 x 9 + 9
        "suit_count": len(regular), "per_suit": _counted(per_suit),
        "god_suit": gods[0].name if gods else "", "god_count": len(god_cards),
        "god_suit_named": bool(gods) and gods[0].name.lower() not in {"gods", _(GODS).lower()},
        "order": [r.name for r in order], "top": top.name, "fool": fool.name, "rank8": rank8.name,
        "magicians": _magicians(deck, regular, rank8),
        **_bonus_names(regular, rank8),
        # the numbers printed on the cards (rank keys), when the deck numbers its ranks
        "numbers": ({r.name: r.key for r in ranks} if all(r.key.isdigit() for r in ranks) else {}),
        "rank8_count": sum(1 for c in deck.printed() if c.rank == rank8.key and c.suit in {s.key for s in regular}) * decks,
        "gods": [c.name for c in god_cards],
        "direction": _(DIRECTION[human]),
        "captives": tricks * (params.players - 1),
        "captives_per_trick": params.players - 1,
        "points_total": tricks + 2,
        "examples": {"fool": {"cards": [c.id for c in trick], "names": [c.name for c in trick],
                              "ranks": [top.name, fool.name, middle.name], "suit": lead.name}},
        "chosen": chosen,
    }


def figures(ctx: Mapping[str, Any]) -> dict[str, Figure]:
    """``viashi-fool``: the example trick, each card labelled with its rank and part."""
    ex = ctx["examples"]["fool"]
    labels = [_("led"), _("captures"), _("played")]
    return {"viashi-fool": Figure(tuple(Shown(cid, f"{r}: {lab}")
                                        for cid, r, lab in zip(ex["cards"], ex["ranks"], labels, strict=True)))}
