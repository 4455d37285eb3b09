"""Weiji's rule booklet: the facts its template (templates/rules/weiji.md.j2) uses
beyond the parameters (its spec's ``booklet``) and what its figures show (``figures``)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from ...deck.model import Attribute, Card, Deck
from ...errors import ParameterError
from ...i18n import _
from ..rulebook import PICKUP, WINS, Figure, Shown, attr, deal, deal_text
from .params import WeijiParams


def _examples(deck: Deck) -> dict[str, Any]:
    """A showdown one card wins (a lower-is-better attribute if there is one) and a tie."""
    out: dict[str, Any] = {}
    cards = list(deck.cards)
    attrs = sorted(deck.attributes, key=lambda a: a.better != "lower")
    for a, (x, y) in ((a, pair) for a in attrs for pair in combinations(cards[:6], 2)):
        vx, vy = x.value(a.key), y.value(a.key)
        if vx is not None and vy is not None and vx != vy:
            win, lose = (x, y) if a.beats(vx, vy) else (y, x)
            out["compare"] = {"attr": attr(a), "winner": _show(win, a, deck), "loser": _show(lose, a, deck)}
            break
    for (x, y), a in ((pair, a) for pair in combinations(cards, 2) for a in deck.attributes):
        vx, vy = x.value(a.key), y.value(a.key)
        if vx is not None and vx == vy:
            out["tie"] = {"attr": attr(a), "cards": [_show(x, a, deck), _show(y, a, deck)], "no_data": False}
            break
    else:
        for x, y in combinations(cards, 2):
            gap = next((a for a in deck.attributes if x.value(a.key) is None), None)
            if gap is not None and y.value(gap.key) is not None:
                out["tie"] = {"attr": attr(gap), "cards": [_show(x, gap, deck), _show(y, gap, deck)],
                              "no_data": True}
                break
    return out


def _show(card: Card, a: Attribute, deck: Deck) -> dict[str, str]:
    return {"id": card.id, "name": card.name, "value": a.format(card.value(a.key), deck.no_data)}


def context(params: WeijiParams, deck: Deck) -> dict[str, Any]:
    if not deck.attributes:
        raise ParameterError(f"deck {deck.name!r} has no attributes; Weiji needs a deck with attributes")
    total = sum(1 for _ in deck.printed())
    if total < params.players:
        raise ParameterError(f"deck {deck.name!r} has {total} cards, too few for {params.players} players")
    no_data = any(v is None for c in deck.cards for v in c.values.values())
    first = deck.attributes[0]
    draw_wins = "lowest" if first.better == "lower" and params.tiebreak_draw == "best" else "highest"
    return {
        "cards": deal(total, params.players),
        "attributes": [attr(a) for a in deck.attributes],
        "first_attribute": attr(first),
        "lower_labels": ", ".join(f"**{a.label}**" for a in deck.attributes if a.better == "lower"),
        # the tiebreak draw: the highest value (the seed's words) or the best one
        "draw_wins": draw_wins,
        "has_no_data": no_data,
        "draw_best": _(WINS[draw_wins]),
        "pickup": _(PICKUP[params.pickup]),
        "examples": _examples(deck),
        "chosen": [(_("Players"), str(params.players)),
                   (_("Cards"), f"{total} ({deal_text(total, params.players)})"),
                   (_("Won cards go under the stack"), _(PICKUP[params.pickup])),
                   (_("Tiebreak draw"), _("the %(wins)s %(label)s chooses")
                    % {"wins": _(WINS[draw_wins]), "label": first.label})],
    }


def figures(ctx: Mapping[str, Any]) -> dict[str, Figure]:
    """``weiji-compare``: the winner and the loser, the chosen attribute outlined;
    ``weiji-tie``: two tied cards, an arrow, and the middle pile."""
    out, ex = {}, ctx["examples"]
    if "compare" in ex:
        key = ex["compare"]["attr"]["key"]
        win, lose = ex["compare"]["winner"], ex["compare"]["loser"]
        out["weiji-compare"] = Figure((Shown(win["id"], _("wins: %(value)s") % {"value": win["value"]}, key),
                                       Shown(lose["id"], lose["value"], key)))
    if "tie" in ex:
        key = ex["tie"]["attr"]["key"]
        row = [Shown(c["id"], c["value"], key) for c in ex["tie"]["cards"]]
        row.append(Shown(row[0].card, _("the middle"), face_down=True, pile=2))
        out["weiji-tie"] = Figure(tuple(row), arrow_before=2)
    return out
