"""Memory at scale: peak RSS rendering a 1,000- and a 10,000-card deck to PDF.

Each size runs in a fresh subprocess (so each peak is its own): it writes a Weiji
deck of N distinct cards (a YAML file naming a CSV, as designers keep them), loads
it, builds the pieces and writes duplex card sheets. Prints peak RSS per size,
the memory that rendering added on top of the loaded deck, seconds, PDF size,
and the 10k/1k ratios. Flat memory means the peak does not grow with the deck
(pages are streamed; only the PDF's own compressed page streams accumulate).

Run: .venv/bin/python benchmarks/bench_scale.py [N ...]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile

SIZES = (1_000, 10_000)

CHILD = r'''
import json, resource, sys, time
from pathlib import Path
n, folder = int(sys.argv[1]), Path(sys.argv[2])
def rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB
attrs = [("lumens", "Light output", "lm", "higher"), ("weight", "Weight", "kg", "lower"),
         ("efficacy", "Efficacy", "lm/W", "higher"), ("lifetime", "Lifetime", "kh", "higher")]
lines = ["id,name,subtitle,text," + ",".join(a[0] for a in attrs)]
for i in range(n):
    lines.append(f"C{i:05d},Lamp number {i},Series {i % 97},A sturdy lamp with a long life (no. {i}),"
                 f"{1000 + i},{(i % 50) / 10 + 0.1:.1f},{60 + i % 40},{10 + i % 90}")
(folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
deck_yaml = "name: Scale\ngame: weiji\nattributes:\n" + "".join(
    f"  - {{key: {k}, label: {l}, unit: {u}, better: {b}}}\n" for k, l, u, b in attrs) + "cards: cards.csv\n"
(folder / "deck.yaml").write_text(deck_yaml, encoding="utf-8")

from generator.deck import load_deck
from generator.render.cards import card_pieces
from generator.render.sheet import SheetOptions, write_sheets
from generator.render.fonts import register_fonts
register_fonts()
start = time.perf_counter()
deck = load_deck(folder / "deck.yaml")
pieces = card_pieces(deck)
loaded = rss_mb()
out = folder / "cards.pdf"
report = write_sheets(pieces, out, SheetOptions(backs="duplex-long"))
print(json.dumps({"cards": n, "peak_mb": rss_mb(), "loaded_mb": loaded, "pages": report.pages,
                  "seconds": time.perf_counter() - start, "pdf_mb": out.stat().st_size / 2**20}))
'''


def measure(n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, "-c", CHILD, str(n), tmp], check=True,
                              capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(sizes: tuple[int, ...]) -> None:
    results = [measure(n) for n in sizes]
    for r in results:
        print(f"{r['cards']:>6} cards: peak RSS {r['peak_mb']:7.1f} MB (deck and pieces loaded "
              f"{r['loaded_mb']:6.1f} MB, rendering added {r['peak_mb'] - r['loaded_mb']:6.1f} MB), "
              f"{r['pages']} pages, PDF {r['pdf_mb']:.1f} MB, {r['seconds']:.1f} s")
    if len(results) >= 2:
        small, big = results[0], results[-1]
        print(f"cards x{big['cards'] / small['cards']:.0f}: peak RSS x{big['peak_mb'] / small['peak_mb']:.2f}, "
              f"time x{big['seconds'] / small['seconds']:.1f}")


if __name__ == "__main__":
    main(tuple(int(a) for a in sys.argv[1:]) or SIZES)
