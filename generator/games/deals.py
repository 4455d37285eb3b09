"""``--deal FILE``: one fixed deal, as YAML.

    stacks:            # one list per seat, card ids, top first (Weiji, War)
      - [L01, L07, L13]
      - [L02, L08]
    choices: [weight, lumens]   # optional: scripted decisions in order (Weiji: attribute keys)
    seed: 0                     # optional: seeds later chance (shuffled pickups)

Viashi gives its draw pile instead (engineer B's key, read with
:func:`deal_cards`). :func:`load_deal` only reads the mapping; each game's
registered ``deal_actions`` hook validates it against the deck and turns it
into the scripted chance outcomes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from ..deck.model import Deck
from ..errors import ParameterError, Problem


def load_deal(path: Path | str) -> dict[str, Any]:
    """Read a deal file (a YAML mapping); errors name the file."""
    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ParameterError(Problem(f"cannot read the deal file: {exc.strerror}", file=path)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise ParameterError(Problem(f"not valid YAML: {getattr(exc, 'problem', exc)}", file=path, line=line)) from None
    if not isinstance(raw, dict):
        raise ParameterError(Problem("a deal file is a mapping with 'stacks:' (or a draw pile)", file=path))
    return raw


def check_keys(deal: Mapping[str, Any], game: str, allowed: tuple[str, ...]) -> None:
    unknown = [k for k in deal if k not in allowed]
    if unknown:
        raise ParameterError(f"deal: unknown key {unknown[0]!r} for {game}; valid: {', '.join(allowed)}")


def available(deck: Deck, packs: int = 1) -> Counter[str]:
    """How many of each card id are in play (``copies`` x ``packs``)."""
    return Counter({c.id: c.copies * packs for c in deck.cards})


def deal_cards(deal: Mapping[str, Any], key: str, stock: Counter[str]) -> list[str]:
    """The list of card ids under ``key``; each id must exist and is taken from
    ``stock`` (so no card is used more often than it is printed)."""
    items = deal.get(key)
    if not isinstance(items, list):
        raise ParameterError(f"deal: {key!r} must be a list of card ids")
    out = []
    for i, item in enumerate(items):
        card = str(item)
        if card not in stock:
            raise ParameterError(f"deal: {key}[{i}]: unknown card id {card!r}")
        if stock[card] == 0:
            raise ParameterError(f"deal: {key}[{i}]: card {card!r} is used more often than the deck holds it")
        stock[card] -= 1
        out.append(card)
    return out


def deal_stacks(deal: Mapping[str, Any], players: int, stock: Counter[str]) -> list[list[str]]:
    """``stacks:``: one list of card ids per seat, top first."""
    stacks = deal.get("stacks")
    if not isinstance(stacks, list) or not all(isinstance(s, list) for s in stacks):
        raise ParameterError("deal: 'stacks' must be a list with one list of card ids per seat")
    if len(stacks) != players:
        raise ParameterError(f"deal: {len(stacks)} stacks for {players} players (set --players to match)")
    return [deal_cards({f"stacks[{i}]": s}, f"stacks[{i}]", stock) for i, s in enumerate(stacks)]


def deal_players(deal: Mapping[str, Any]) -> int | None:
    """The number of seats a deal's ``stacks:`` gives (None if it has none)."""
    stacks = deal.get("stacks")
    return len(stacks) if isinstance(stacks, list) else None


def deal_seed(deal: Mapping[str, Any]) -> int:
    seed = deal.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ParameterError(f"deal: 'seed' must be a whole number, got {seed!r}")
    return seed


def deal_choices(deal: Mapping[str, Any]) -> list[str]:
    """Weiji ``choices:``: attribute keys used in order (empty if absent)."""
    choices = deal.get("choices", [])
    if not isinstance(choices, list):
        raise ParameterError("deal: 'choices' must be a list of attribute keys")
    return [str(c) for c in choices]
