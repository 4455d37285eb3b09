"""War's rule booklet: the facts its template (templates/rules/war.md.j2) uses
beyond the parameters (its spec's ``booklet``) and what its figures show (``figures``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...deck.model import Card, Deck
from ...errors import ParameterError, Problem
from ...i18n import N_, _
from ..rulebook import PICKUP, Figure, Shown, deal, ranked
from .params import WarParams


def context(params: WarParams, deck: Deck) -> dict[str, Any]:
    held = {c.rank for c in deck.printed()}
    ranks = [r for r in ranked(deck) if r.key in held]  # the ranks on its tiles, strongest first
    if len(ranks) < 2:
        raise ParameterError(Problem(f"deck {deck.name!r} has tiles of {len(ranks)} rank(s); War compares ranks, "
                                     "so it needs tiles of at least two", deck.path or deck.name, field="ranks"))
    per_pack = sum(1 for _ in deck.printed())
    total = per_pack * params.packs
    d = deal(total, params.players)
    russian = params.variant == "russian"
    order = list(reversed(ranks)) if russian else ranks  # strongest first
    high, low = ranks[0], ranks[-1]  # classic top and bottom: 5 and null
    first_of: dict[str | None, Card] = {}
    for c in deck.cards:
        first_of.setdefault(c.rank, c)
    if russian:  # the surprising one: the lowest rank beats the highest
        pair = (first_of[high.key], first_of[low.key])
    else:
        # the second strongest against the fourth (5 or 4 against 3 or 2): a plain win, no exception
        stronger = ranks[1] if len(ranks) > 2 else high
        pair = (first_of[stronger.key], first_of[ranks[min(3, len(ranks) - 1)].key])
    piecepack = deck.kind == "piecepack"
    counted = _("%(n)s tiles") if piecepack else _("%(n)s cards")
    chosen = [(_("Version"), _("Russian") if russian else _("classic")), (_("Players"), str(params.players)),
              (_("Piecepacks") if piecepack else _("Decks"), f"{params.packs} ({counted % {'n': total}})"),
              (_("Deal"), _("%(n)s tiles each") % {"n": d["base"]}
               + (_(", %(n)s set aside") % {"n": d["extra"]} if d["extra"] else ""))]
    if russian:
        chosen += [(_("Objective"), f"{params.objective}: " + _(OBJECTIVES[params.objective])),
                   (_("Tie method"), f"{params.tie_method}: " + _(TIE_METHODS[params.tie_method]))]
    chosen.append((_("Won tiles go under the stack"), _(PICKUP[params.pickup])))
    return {
        # what the deck is: a piecepack's tiles, or the cards of another ranked deck
        "pack": "piecepack" if piecepack else f"{deck.name} deck", "tile": "tile" if piecepack else "card",
        "piecepack": piecepack,
        "tiles": d, "per_pack": per_pack, "russian": russian,
        "order": [r.name for r in order], "high": high.name, "low": low.name,
        "objective_text": _(OBJECTIVES[params.objective]), "tie_text": _(TIE_METHODS[params.tie_method]),
        "pickup": _(PICKUP[params.pickup]),
        "examples": {"compare": {"tiles": [pair[0].id, pair[1].id],
                                 "names": [_rank_name(deck, pair[0]), _rank_name(deck, pair[1])]}},
        "chosen": chosen,
    }


OBJECTIVES = {1: N_("avoid collecting all the tiles"), 2: N_("do not run out of tiles")}
TIE_METHODS = {1: N_("one new tile face up"), 2: N_("one tile face down, then one face up")}


def _rank_name(deck: Deck, card: Card) -> str:
    return deck.rank(card.rank).name if card.rank else card.name


def figures(ctx: Mapping[str, Any]) -> dict[str, Figure]:
    """``war-compare``: the two example tiles, the winner first."""
    ex = ctx["examples"]["compare"]
    a, b = ex["tiles"]
    return {"war-compare": Figure((Shown(a, _("%(name)s: wins") % {"name": ex["names"][0]}), Shown(b, ex["names"][1])))}
