"""Findings from the static checks, each in plain language with its evidence."""

from __future__ import annotations

from ..deck.model import Deck
from ..deck.thresholds import Thresholds
from ..games.finding import Finding, Level
from ..games.registry import GAMES
from ..games.reporting import pct
from .static_result import AttributeStatic, CardStrength, SuitedStatic


def listing(items: list[str], most: int = 6, total: int | None = None) -> str:
    total = len(items) if total is None else total
    return ", ".join(items[:most]) + (f" and {total - most} more" if total > most else "")


def dominated_count(c: CardStrength) -> int:
    """How many cards dominate card ``c`` (large decks list only the first few)."""
    return c.dominators


def _dominance(c: CardStrength) -> str:
    by, count = list(c.dominated_by), dominated_count(c)
    if not by:
        return ""
    return (f", and it is dominated by {count} card{'s' if count > 1 else ''} ({listing(by, total=count)}): each is at least as good on every "
            f"attribute and better on one, so {c.id} can never beat {'them' if count > 1 else 'it'}")


def weiji_findings(deck: Deck, static: AttributeStatic, t: Thresholds) -> list[Finding]:
    out: list[Finding] = []
    n_attr = len(deck.attributes)
    printed = sum(c.copies for c in deck.cards)
    if len(deck.cards) < 2:  # nothing to compare a lone card with: not "unbeatable", just too few
        where = f"{deck.path}: " if deck.path is not None else ""
        return [Finding("error", "too_few_cards", f"{where}the deck has {len(deck.cards)} card; comparing cards needs "
                        "at least 2 different ones (and one per player to deal)", tuple(c.id for c in deck.cards))]
    for c in static.cards or ():
        cid = c.id
        if c.unbeatable:
            how = "best" if len(c.sole_best_on) == n_attr else "best or tied-best"
            gaps = f" (\"no data\" on {', '.join(c.no_data)})" if c.no_data else ""
            leave = ("it never loses a showdown, so whoever is dealt it cannot lose it and the deal decides the game"
                     if len(c.sole_best_on) == n_attr else
                     "no card ever beats it, so it leaves its holder only through a tie and the deal largely decides the game")
            out.append(Finding("error", "unbeatable", f"{cid} is unbeatable: it is {how} on all {n_attr} attributes{gaps}; {leave}.",
                               (cid,), evidence={"best_on": list(c.best_on), "strength": c.strength}))
        elif c.hopeless:
            out.append(Finding("warning", "hopeless", f"{cid} is hopeless: it beats no other card on any of the {n_attr} attributes, "
                               "so it can never win a showdown; whoever holds it loses it every time it is shown (or ties).",
                               (cid,), evidence={"strength": c.strength}))
        elif c.strength > t.strength_max:
            out.append(Finding("warning", "too_strong", f"{cid} is too strong: on an average attribute it beats {pct(c.strength)} of the deck "
                               f"(strength_max {t.strength_max:g}); best on {listing(list(c.best_on)) or 'no attribute'}.",
                               (cid,), evidence={"strength": c.strength, "per_attribute": dict(c.per_attribute)}))
        elif c.strength < t.strength_min:
            out.append(Finding("warning", "too_weak", f"{cid} is too weak: on an average attribute it beats only {pct(c.strength)} of the deck "
                               f"(strength_min {t.strength_min:g}){_dominance(c)}.",
                               (cid,), evidence={"strength": c.strength, "per_attribute": dict(c.per_attribute),
                                                 "dominated_by": list(c.dominated_by)}))
        elif dominated_count(c) / max(1, len(deck.cards) - 1) > t.dominated_share_max:
            by = list(c.dominated_by)
            out.append(Finding("warning", "dominated", f"{cid} is dominated{_dominance(c)[len(', and it is dominated'):]} "
                               f"(more than {pct(t.dominated_share_max)} of the deck).", (cid, *by), evidence={"dominated_by": by}))
    for a in static.attributes or ():
        key = a.key
        if a.no_data_share > t.no_data_max:
            out.append(Finding("warning", "no_data", f"{a.label} has \"no data\" on {len(a.no_data)} of {printed} cards ({pct(a.no_data_share)}, "
                               f"no_data_max {pct(t.no_data_max)}): choosing it ties whenever one of them is shown.",
                               a.no_data, (key,), {"no_data": list(a.no_data)}))
        if a.pair_tie > t.pair_tie_max:
            out.append(Finding("warning", "ties", f"{a.label} ties often: two random cards have equal values or \"no data\" {pct(a.pair_tie)} of the time "
                               f"(pair_tie_max {pct(t.pair_tie_max)}); it has only {a.distinct} distinct value{'s' if a.distinct != 1 else ''}.",
                               (), (key,), {"pair_tie": a.pair_tie, "distinct": a.distinct}))
        if a.top_ties > t.top_tie_max:
            out.append(Finding("warning", "top_ties", f"{a.top_ties} cards share the best {a.label} ({a.best:g} {a.unit}".rstrip() + f"): "
                               f"{listing(list(a.top_cards))}; a showdown between two of them on {a.label} is a tie (top_tie_max {t.top_tie_max:g}).",
                               a.top_cards, (key,), {"top_cards": list(a.top_cards)}))
    for r in static.correlations or ():
        if r.rho > t.correlation_max:
            out.append(Finding("warning", "near_copies", f"{r.a} and {r.b} are near copies: rank correlation {r.rho:.2f} "
                               f"(correlation_max {t.correlation_max:g}); choosing one is almost choosing the other.",
                               (), (r.a, r.b), {"rho": r.rho}))
    return out


def suited_findings(deck: Deck, static: SuitedStatic, t: Thresholds) -> list[Finding]:
    out: list[Finding] = []
    hooks = GAMES[deck.game].report if deck.game in GAMES else None
    trick = hooks is not None and hooks.trick_taking  # a trick's winner must be clear
    level: Level = "error" if trick else "warning"
    if static.no_rank:
        out.append(Finding("error", "no_rank", f"{len(static.no_rank)} card(s) have no rank ({listing(list(static.no_rank))}), so they cannot be played in {deck.game}.",
                           static.no_rank))
    if trick and static.no_suit:
        out.append(Finding("error", "no_suit", f"{len(static.no_suit)} card(s) have no suit ({listing(list(static.no_suit))}).", static.no_suit))
    for d in static.duplicates:
        out.append(Finding(level, "duplicate", f"the {d.rank} of {d.suit} is in the deck {d.count} times ({listing(list(d.cards), 12)})"
                           + ("; two identical cards make a trick's winner ambiguous." if trick else "."), d.cards))
    if static.missing:
        names = [f"{m.suit}-{m.rank}" for m in static.missing]
        out.append(Finding(level, "missing", f"{len(names)} of the {static.expected} cards the suits x ranks define are missing: {listing(names, 10)}.",
                           evidence={"missing": [m.to_json() for m in static.missing]}))
    for what, counts in (("ranks", static.ranks), ("suits", static.suits)):
        if counts and max(counts.values()) - min(counts.values()) > t.rank_count_spread:
            detail = ", ".join(f"{k}: {v}" for k, v in counts.items())
            out.append(Finding("warning", f"uneven_{what}", f"the {what} have uneven card counts ({detail}).", evidence={what: counts}))
    return out
