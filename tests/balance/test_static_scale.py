"""The static checks count by sorting (memory linear in the deck) and must give exactly
what the all-pairs computation they replaced gave: that computation is kept here, as
it was, as the reference, and both run on the bundled decks, the balance fixtures and
generated decks (ties, "no data", copies, ``better: lower``), through both dominance
paths (numpy blocks and the compiled bit-set kernel)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from generator.balance import dominance, static_weiji
from generator.balance.static_weiji import _goodness, weiji_static
from generator.deck import Deck, load_deck, resolve_deck

from .conftest import fixture_deck

# -- the reference: the all-pairs computation as it was (n x n x attributes) -------------


def ref_beats_matrix(grid: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        return np.asarray(grid[:, None, :] > grid[None, :, :])


def ref_ranks(x: np.ndarray) -> np.ndarray:
    order = np.argsort(x, kind="mergesort")
    ranks = np.empty(len(x))
    ranks[order] = np.arange(1, len(x) + 1)
    for value in np.unique(x):
        same = x == value
        if same.sum() > 1:
            ranks[same] = ranks[same].mean()
    return ranks


def ref_attribute_ties(grid: np.ndarray, copies: np.ndarray, ids: list[str]) -> list[tuple[float, int]]:
    """(pair ties excluding "no data", top_ties) per attribute, as before."""
    out = []
    for a in range(grid.shape[1]):
        col = grid[:, a]
        has = ~np.isnan(col)
        same = 0.0
        for g in np.unique(col[has]):
            c = copies[has][col[has] == g].sum()
            same += c * (c - 1)
        best_g = col[has].max() if has.any() else None
        top = [ids[i] for i in range(len(ids)) if has[i] and col[i] == best_g]
        out.append((same, int(copies[[ids.index(t) for t in top]].sum()) if top else 0))
    return out


def ref_card_stats(deck: Deck, grid: np.ndarray, copies: np.ndarray, ids: list[str]) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
    beats = ref_beats_matrix(grid)
    n = copies.sum()
    others = np.maximum(1.0, n - 1)
    share = np.einsum("ija,j->ia", beats, copies) / others
    strength = share.mean(axis=1) if grid.shape[1] else np.zeros(len(ids))
    col_best = np.nanmax(np.where(np.isnan(grid), -np.inf, grid), axis=0) if len(ids) else np.array([])
    beaten_by: np.ndarray = np.asarray(beats.any(axis=2))
    dominated: dict[str, list[str]] = {}
    cards = []
    for i, cid in enumerate(ids):
        best_on = [deck.attributes[a].key for a in range(grid.shape[1]) if not np.isnan(grid[i, a]) and grid[i, a] == col_best[a]]
        sole = [k for a, k in enumerate(deck.attributes) if k.key in best_on and int(((grid[:, a] == grid[i, a]) * copies).sum()) == 1]
        by = [ids[j] for j in range(len(ids)) if j != i and beaten_by[j, i] and not beaten_by[i, j]]
        if by:
            dominated[cid] = by
        cards.append({
            "id": cid, "name": deck.cards[i].name, "strength": float(strength[i]),
            "per_attribute": {deck.attributes[a].key: float(share[i, a]) for a in range(grid.shape[1])},
            "best_on": best_on, "sole_best_on": [a.key for a in sole],
            "no_data": [deck.attributes[a].key for a in range(grid.shape[1]) if np.isnan(grid[i, a])],
            "unbeatable": bool(not beaten_by[:, i].any()), "hopeless": bool(not beaten_by[i, :].any()),
            "dominated_by": by,
        })
    return cards, dominated


def ref_spearman(x: np.ndarray, y: np.ndarray) -> float | None:
    both = ~(np.isnan(x) | np.isnan(y))
    if both.sum() < 3:
        return None
    rx, ry = ref_ranks(x[both]), ref_ranks(y[both])
    if rx.std() == 0 or ry.std() == 0:
        return None
    return float(np.corrcoef(rx, ry)[0, 1])


# -- the comparison --------------------------------------------------------------------


def same_as_reference(deck: Deck) -> None:
    ids, grid, copies = _goodness(deck)
    new = weiji_static(deck)
    cards, dominated = ref_card_stats(deck, grid, copies, ids)
    assert [c.to_json() for c in new.cards or ()] == cards  # exact: every share and strength to the last bit
    assert {k: list(v) for k, v in (new.dominance or {}).items()} == dominated
    n = copies.sum()
    pairs = n * (n - 1)
    for stats, (same, top_ties), a in zip(new.attributes or (), ref_attribute_ties(grid, copies, ids),
                                          range(grid.shape[1]), strict=True):
        m = copies[np.isnan(grid[:, a])].sum()
        with_none = pairs - (n - m) * (n - m - 1)
        assert stats.pair_tie == (float((same + with_none) / pairs) if pairs else 0.0)
        assert stats.top_ties == top_ties
    keys = [a.key for a in deck.attributes]
    expected = [{"a": keys[a], "b": keys[b], "rho": rho} for a in range(len(keys)) for b in range(a + 1, len(keys))
                if (rho := ref_spearman(grid[:, a], grid[:, b])) is not None]
    assert [r.to_json() for r in new.correlations or ()] == expected


@pytest.fixture(params=["numpy", "bitsets"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "bitsets":
        monkeypatch.setattr(dominance, "NUMPY_UP_TO", 0)
    return str(request.param)


@pytest.mark.parametrize("name", ["lighting", "cognitio", "eagle"])
def test_bundled_decks_match_the_all_pairs_reference(name: str, path: str) -> None:
    same_as_reference(resolve_deck(name))


@pytest.mark.parametrize("name", ["balanced", "hopeless", "ties", "unbeatable"])
def test_balance_fixtures_match_the_all_pairs_reference(name: str, path: str) -> None:
    same_as_reference(fixture_deck(name))


def generated(folder: Path, seed: int, n: int, spread: int) -> Deck:
    """A deck of ``n`` cards with values from ``spread`` levels (many ties when small),
    10% "no data", copies 1-3, one attribute where lower is better."""
    rng = np.random.default_rng(seed)
    rows = ["id,name,copies,speed,power,range,weight"]
    for i in range(n):
        cells = [str(int(v)) if rng.random() > 0.1 else "" for v in rng.integers(0, spread, 4)]
        rows.append(f"G{i:03d},Card {i},{int(rng.integers(1, 4))}," + ",".join(cells))
    (folder / "cards.csv").write_text("\n".join(rows) + "\n")
    (folder / "deck.yaml").write_text(
        "name: Generated\ngame: weiji\nattributes:\n"
        "  - {key: speed, label: Speed}\n  - {key: power, label: Power}\n  - {key: range, label: Range}\n"
        "  - {key: weight, label: Weight, better: lower}\ncards: cards.csv\n")
    return load_deck(folder / "deck.yaml")


@pytest.mark.parametrize(("seed", "n", "spread"), [(1, 2, 3), (2, 40, 3), (3, 97, 6), (4, 150, 40), (5, 70, 2)])
def test_generated_decks_match_the_all_pairs_reference(tmp_path: Path, seed: int, n: int, spread: int, path: str) -> None:
    same_as_reference(generated(tmp_path, seed, n, spread))


def test_large_decks_list_the_first_dominators_and_count_them_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = generated(tmp_path, 6, 120, 5)
    full = {c.id: c.dominated_by for c in weiji_static(deck).cards or ()}
    monkeypatch.setattr(static_weiji, "FULL_LISTS_UP_TO", 50)
    monkeypatch.setattr(static_weiji, "LISTED", 3)
    short = weiji_static(deck).cards or ()
    assert any(len(by) > 3 for by in full.values()), "the deck has no card with more than 3 dominators"
    for card in short:
        assert card.dominated_by == full[card.id][:3]
        assert card.dominated_count == len(full[card.id])
