"""What an edit did to the game: two checked versions of a deck compared
(``deckpress check DECK --against OLD``).

Both versions are checked with the same seeds, games and options, so the
differences come from the deck alone. A simulated figure is compared with a 95 %
interval on the *difference* (Newcombe's hybrid score interval for two
proportions, built from the Wilson intervals the report already holds; for a
mean, the normal interval from both standard errors); it is *significant* only
when that interval excludes zero. Static figures (a card's strength) are exact:
any change is shown.

``--fail-on worse`` fails (exit 1) when a balance finding appeared that the old
version did not have: a threshold was crossed in the wrong direction since OLD.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..deck.model import Card, Deck
from ..games.finding import Finding
from ..games.reporting import Share
from .changes_result import (
    CardChanges,
    CardEdit,
    CardRef,
    Change,
    Changes,
    FindingChanges,
    MeasureChange,
    OldVersion,
    StrengthChange,
    WinRateChange,
)
from .findings import Report
from .playstats import first_player, named
from .result import Length, Playtest
from .static_result import AttributeStatic, CardStrength

Estimate = tuple[float, float, float]  # a share (or an edge, a gap) with its interval: value, low, high

EPS = 1e-12
CARD_FIELDS = ("name", "copies", "suit", "rank", "subtitle", "text", "flavour", "back")


def _fmt(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def card_edits(old: Card, new: Card) -> dict[str, Change]:
    """Field -> its change for every field that differs between two versions of a card."""
    out: dict[str, Change] = {}
    for name in CARD_FIELDS:
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            out[name] = Change(a, b)
    if (old.art.name if old.art else None) != (new.art.name if new.art else None):
        out["art"] = Change(old.art.name if old.art else None, new.art.name if new.art else None)
    for group in ("values", "fields"):
        a_map, b_map = getattr(old, group), getattr(new, group)
        for key in sorted(set(a_map) | set(b_map)):
            a, b = a_map.get(key), b_map.get(key)
            if a != b:
                out[key] = Change(_fmt(a), _fmt(b))
    return out


def card_changes(old: Deck, new: Deck) -> CardChanges:
    before = {c.id: c for c in old.cards}
    after = {c.id: c for c in new.cards}
    edited = []
    for cid, card in after.items():
        if cid in before:
            fields = card_edits(before[cid], card)
            if fields:
                edited.append(CardEdit(cid, card.name, fields))
    return CardChanges(
        added=tuple(CardRef(c.id, c.name) for cid, c in after.items() if cid not in before),
        removed=tuple(CardRef(c.id, c.name) for cid, c in before.items() if cid not in after),
        edited=tuple(edited),
    )


def diff_interval(old: Mapping[str, float] | Estimate, new: Mapping[str, float] | Estimate) -> Estimate:
    """(new - old, low, high): Newcombe's hybrid score interval from two Wilson intervals
    (each a share's mapping, as the JSON has it, or ``(share, low, high)``)."""
    p1, l1, u1 = _estimate(old)
    p2, l2, u2 = _estimate(new)
    d = p2 - p1
    return d, d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2), d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)


def _estimate(x: Mapping[str, float] | Estimate) -> Estimate:
    return (x["share"], x["low"], x["high"]) if isinstance(x, Mapping) else x


def _of(x: Share) -> Estimate:
    return x.share, x.low, x.high


def _share_measure(name: str, old: Estimate, new: Estimate) -> MeasureChange:
    d, low, high = diff_interval(old, new)
    return MeasureChange(name, old[0], new[0], d, low, high, low > 0 or high < 0)


def _mean_measure(name: str, old: Length, new: Length) -> MeasureChange:
    se_old = (old.mean_high - old.mean_low) / (2 * 1.959964)
    se_new = (new.mean_high - new.mean_low) / (2 * 1.959964)
    d = new.mean - old.mean
    half = 1.959964 * math.sqrt(se_old ** 2 + se_new ** 2)
    return MeasureChange(name, old.mean, new.mean, d, d - half, d + half, abs(d) > half + EPS)


def _advantage(play: Playtest) -> str:
    """Seat 0's edge in the game's words: "first-player advantage" where the game says seat 0
    starts, "team 0 advantage" for teams, else "seat 0 advantage"."""
    if play.seats.teams:
        return "team 0 advantage"
    return "first-player advantage" if first_player(named(play.game)) == 0 else "seat 0 advantage"


def game_measures(old: Playtest | None, new: Playtest | None) -> list[MeasureChange]:
    """Seat advantage, game length, draws, unfinished games and skill gap, old -> new."""
    if not old or not new:
        return []
    fa_old, fa_new = old.seats.first_player_advantage, new.seats.first_player_advantage
    out = [_share_measure(_advantage(new), (fa_old.edge, fa_old.low, fa_old.high), (fa_new.edge, fa_new.low, fa_new.high)),
           _mean_measure("game length (mean)", old.length, new.length),
           _share_measure("draws", _of(old.draws), _of(new.draws)),
           _share_measure("unfinished games", _of(old.unfinished), _of(new.unfinished))]
    s_old, s_new = old.skill, new.skill
    if s_old is not None and s_new is not None and s_old.measured and s_new.measured:
        out.append(_share_measure("skill gap", (s_old.gap, s_old.low, s_old.high), (s_new.gap, s_new.low, s_new.high)))
    return out


def _strengths(report: Report) -> tuple[CardStrength, ...]:
    return (report.static.cards or ()) if isinstance(report.static, AttributeStatic) else ()


def strength_changes(old: Report, new: Report, names: dict[str, str]) -> list[StrengthChange]:
    """Per-card static strength (share of the deck a card beats), where it changed."""
    before = {c.id: c for c in _strengths(old)}
    out = []
    for c in _strengths(new):
        b = before.get(c.id)
        if b is not None and abs(c.strength - b.strength) > EPS:
            out.append(StrengthChange(c.id, names.get(c.id, ""), b.strength, c.strength, c.strength - b.strength))
    return sorted(out, key=lambda r: -abs(r.delta))


def win_rate_changes(old: Playtest | None, new: Playtest | None, names: dict[str, str]) -> list[WinRateChange]:
    """Per-card win rate when shown (a game of showdowns: Weiji), old -> new with an
    interval on the difference."""
    shown_old, shown_new = old.showdowns if old else None, new.showdowns if new else None
    if shown_old is None or shown_new is None:
        return []
    before, after = shown_old.cards, shown_new.cards
    out = []
    for cid, a in after.items():
        if cid in before:
            m = _share_measure(cid, _of(before[cid]), _of(a))
            out.append(WinRateChange(cid, names.get(cid, ""), m.from_, m.to, m.delta, m.low, m.high, m.significant))
    return sorted(out, key=lambda r: (not r.significant, -abs(r.delta)))


def _key(f: Finding) -> tuple[str, str, tuple[str, ...]]:
    """What a finding is about: its attributes where it names some (the cards it
    lists are evidence), else the card it is about (the first it names)."""
    return (f.level, f.code, f.attributes or f.cards[:1])


def finding_changes(old: Report, new: Report) -> FindingChanges:
    before = {_key(f) for f in old.findings}
    after = {_key(f) for f in new.findings}
    return FindingChanges(
        appeared=tuple(f for f in new.findings if _key(f) not in before),
        disappeared=tuple(f for f in old.findings if _key(f) not in after),
    )


def compare(old: Report, new: Report, old_deck: Deck, new_deck: Deck, against: str) -> Changes:
    """The ``changes`` object of ``check --against``."""
    names = {c.id: c.name for c in old_deck.cards} | {c.id: c.name for c in new_deck.cards}
    win_rates = win_rate_changes(old.playtest, new.playtest, names)
    measures = game_measures(old.playtest, new.playtest)
    findings = finding_changes(old, new)
    return Changes(
        against=against,
        old=OldVersion(old.deck, old.cards, old.verdict()),
        cards=card_changes(old_deck, new_deck),
        strength=tuple(strength_changes(old, new, names)),
        win_rates=tuple(win_rates),
        measures=tuple(measures),
        findings=findings,
        significant=tuple([r.id for r in win_rates if r.significant] + [m.measure for m in measures if m.significant]),
        worse=bool(findings.appeared),
    )


def failed(changes: Changes, fail_on: str) -> bool:
    """Whether ``--fail-on`` trips: ``worse`` (a finding appeared since OLD),
    ``changed`` (any significant change in play), ``never``."""
    if fail_on == "worse":
        return changes.worse
    if fail_on == "changed":
        return bool(changes.significant or changes.findings.appeared)
    return False


def _pp(x: float) -> str:
    return f"{x * 100:+.1f} pp"


def summary_lines(changes: Changes, limit: int = 8) -> list[str]:
    """The few things that moved, one line each (the watch page shows them after a save)."""
    lines = []
    for m in changes.measures:
        if m.significant:
            if m.measure == "game length (mean)":
                lines.append(f"{m.measure}: {m.from_:.1f} -> {m.to:.1f} ({m.delta:+.1f}, "
                             f"95 % interval {m.low:+.1f} to {m.high:+.1f})")
            else:
                lines.append(f"{m.measure}: {m.from_:.1%} -> {m.to:.1%} ({_pp(m.delta)}, "
                             f"95 % interval {_pp(m.low)} to {_pp(m.high)})")
    for r in changes.win_rates:
        if r.significant:
            lines.append(f"{r.id} {r.name}: wins when shown {r.from_:.0%} -> {r.to:.0%} "
                         f"({_pp(r.delta)}, 95 % interval {_pp(r.low)} to {_pp(r.high)})")
    lines += [f"new {f.level}: {f.message}" for f in changes.findings.appeared]
    lines += [f"gone {f.level}: {f.message}" for f in changes.findings.disappeared]
    if not lines:
        return ["no balance measure moved beyond its 95 % interval"]
    return lines[:limit] + ([f"... and {len(lines) - limit} more"] if len(lines) > limit else [])
