"""``deckpress check --suggest``: for each card flagged as too strong or too
weak, the smallest change to its attribute values that brings it within the
thresholds, verified by re-simulation, shown as a diff of the deck file.

Search: one step moves one attribute of the card just past the next distinct
value of another card (never onto it: no new ties); each round takes the step
with the most strength gained per unit of change (change measured as a share
of the attribute's range), until the card's strength is inside
``[strength_min, strength_max]`` and it is neither unbeatable nor hopeless.
Then the changed deck is checked again with the simulator; while the card is
still flagged in play, the search takes further steps.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.console import Console
from rich.text import Text

from ..console import SafeConsole
from ..deck.model import Deck, FrozenMap
from ..deck.thresholds import Thresholds
from .changes_result import Change, Suggestion
from .checks import run_checks
from .deckdiff import deck_diff, format_value
from .findings import Report
from .playstats import named, report_hooks
from .run import CheckOptions, default_games
from .static_result import AttributeStatic, CardStrength
from .static_weiji import weiji_static

STRONG = ("unbeatable", "too_strong", "card_wins")
WEAK = ("hopeless", "too_weak", "card_loses")
MAX_STEPS = 60
VERIFY_ROUNDS = 4


def decimals(deck: Deck, key: str) -> int:
    attr = deck.attribute(key)
    if attr.decimals is not None:
        return attr.decimals
    texts = [f"{v:g}" for c in deck.cards if (v := c.value(key)) is not None]
    return max((len(t.split(".")[1]) for t in texts if "." in t), default=0)


def _with_values(deck: Deck, card_id: str, values: dict[str, float | None]) -> Deck:
    cards = tuple(replace(c, values=FrozenMap(values)) if c.id == card_id else c for c in deck.cards)
    return replace(deck, cards=cards)


def _status(deck: Deck, card_id: str, t: Thresholds) -> CardStrength:
    return weiji_static(deck).card(card_id)


def _ok(card: CardStrength, t: Thresholds) -> bool:
    """Within the thresholds: neither unbeatable nor hopeless, its strength in the band."""
    return not card.unbeatable and not card.hopeless and t.strength_min <= card.strength <= t.strength_max


def _steps(deck: Deck, card_id: str, weaken: bool) -> list[tuple[str, float, float]]:
    """(attribute, new value, cost) for every one-step move of the card: just
    past the next other card's value, in a gap where no value ties."""
    card = deck.card(card_id)
    out = []
    for attr in deck.attributes:
        mine = card.value(attr.key)
        others = sorted({v for c in deck.cards if c.id != card_id and (v := c.value(attr.key)) is not None})
        if mine is None or not others:
            continue
        span = (max(others + [mine]) - min(others + [mine])) or 1.0
        down = weaken == (attr.better == "higher")  # move the number down?
        ahead = sorted((v for v in others if (v < mine if down else v > mine)), reverse=down)
        d = decimals(deck, attr.key)
        unit = 10.0 ** -d
        for i, passed in enumerate(ahead):
            nxt = ahead[i + 1] if i + 1 < len(ahead) else None
            new = round((passed + nxt) / 2, d) if nxt is not None else round(passed - unit if down else passed + unit, d)
            if nxt is not None and not (min(passed, nxt) < new < max(passed, nxt)):
                continue  # no tie-free value between these two: pass the next one too
            if new > 0 or min(others) <= 0:  # keep positive attributes positive
                out.append((attr.key, new, abs(new - mine) / span))
            break
    return out


def _search(deck: Deck, card_id: str, weaken: bool, t: Thresholds, steps: int) -> tuple[Deck, CardStrength]:
    status = _status(deck, card_id, t)
    for _ in range(steps):
        if _ok(status, t):
            break
        best = None
        for key, new, cost in _steps(deck, card_id, weaken):
            values = dict(deck.card(card_id).values)
            values[key] = new
            trial = _with_values(deck, card_id, values)
            s = _status(trial, card_id, t)
            gain = (status.strength - s.strength) if weaken else (s.strength - status.strength)
            flag_fixed = (status.unbeatable and not s.unbeatable) or (status.hopeless and not s.hopeless)
            score = (flag_fixed, gain / max(cost, 1e-9))
            if best is None or score > best[0]:
                best = (score, trial, s)
        if best is None:
            break
        _, deck, status = best
    return deck, status


def suggest_changes(deck: Deck, report: Report, sets: Any = (), players: int | None = None, seed: int = 1) -> list[Suggestion]:
    hooks = report_hooks(named(deck.game))
    if hooks is None or not hooks.showdowns or not deck.attributes:
        return []
    t = Thresholds.of(report.thresholds)  # the report's thresholds, those not shown at their defaults
    games = report.playtest.games if report.playtest else default_games()  # --games 0: verified at the default
    targets: dict[str, bool] = {}
    for f in report.findings:
        if f.cards and f.code in STRONG + WEAK:
            targets.setdefault(f.cards[0], f.code in STRONG)
    out = []
    for card_id, weaken in targets.items():
        changed, status = _search(deck, card_id, weaken, t, MAX_STEPS)
        verified = None
        for _ in range(VERIFY_ROUNDS):
            check = run_checks(changed, CheckOptions(games=games, players=players, seed=seed, sets=tuple(sets),
                                                     thresholds=report.thresholds))
            still = [f.message for f in check.findings if f.cards[:1] == (card_id,) and f.code in STRONG + WEAK]
            shown = check.playtest.showdowns if check.playtest else None
            play = shown.cards[card_id].to_json() if shown is not None else None
            verified = {"games": games, "still_flagged": still, "win_when_shown": play}
            if not still:
                break
            further = {"strength_max": status.strength - 0.03} if weaken else {"strength_min": status.strength + 0.03}
            changed, status = _search(changed, card_id, weaken, replace(t, **further), MAX_STEPS)
        old, new = deck.card(card_id).values, changed.card(card_id).values
        edits = {k: format_value(float(v), decimals(deck, k)) for k, v in new.items() if v != old.get(k) and v is not None}
        out.append(Suggestion(
            card=card_id, direction="weaken" if weaken else "strengthen",
            reason=next(f.message for f in report.findings if f.cards[:1] == (card_id,)),
            changes={k: Change(old.get(k), float(new[k] or 0)) for k in edits},
            change=", ".join(f"{k}: {old.get(k):g} -> {v}" for k, v in edits.items()) or "no change found",
            strength=f"{_strength(report, card_id):.0%} -> {status.strength:.0%}",
            verified=_verdict(verified),
            ok=bool(verified and not verified["still_flagged"]),
            diff=deck_diff(deck.card(card_id), edits) if edits else "",
        ))
    return out


def _strength(report: Report, card_id: str) -> float:
    """The card's static strength in the report (a deck checked as a Top-Trumps deck)."""
    assert isinstance(report.static, AttributeStatic)
    return report.static.card(card_id).strength


def _verdict(v: dict[str, Any] | None) -> str:
    if v is None:
        return ""
    win = v["win_when_shown"]
    rate = f"wins {win['share']:.0%} when shown over {v['games']:,} games" if win else f"{v['games']:,} games"
    return (f"verified: {rate}, no longer flagged" if not v["still_flagged"] else f"still flagged after re-simulation ({rate})")


def print_suggestions(report: Report, console: Console | None = None) -> None:
    console = console or SafeConsole()
    hooks = report_hooks(named(report.game))
    if not report.suggestions and (hooks is None or not hooks.showdowns):
        console.print(f"[dim]suggest: attribute changes are suggested only for games that compare attributes in"
                      f" showdowns (Weiji); {report.game} does not[/dim]")
    elif not report.suggestions:
        console.print("[dim]suggest: no card is flagged as too strong or too weak[/dim]")
    for s in report.suggestions:
        colour = "green" if s.ok else "yellow"
        console.print(f"[bold]suggestion for {s.card}[/bold] ({s.direction}): {s.change}; strength {s.strength}; [{colour}]{s.verified}[/]")
        for line in s.diff.splitlines():
            colour = "red" if line.startswith("-") else "green" if line.startswith("+") else "dim"
            console.print(Text(line, style=colour), soft_wrap=True)
