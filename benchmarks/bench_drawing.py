"""The longest drawing times inputs within the limits of ``generator.deck.limits`` cause.

Issue 41: one 4,999-character word took 42.8 s to draw on one card, a layout text of
99,999 characters did not finish in 120 s, a rule booklet of 760k characters took
148 s. Drawing is now bounded by construction (long words broken by bisection, sizes
that cannot fit skipped, longer texts refused); this prints the CPU seconds of the
worst cases left:

- fitting one text at the longest a layout text may be (DRAWN_TEXT characters) — one
  unbroken word and plain words — from 500 pt down to 1 pt into a box where it is cut,
  one where it fits once broken, and a 2 x 2 pt box (one letter a line);
- the same for a card field at its limit (CARD_TEXT);
- ``deckpress rules`` of a project whose rules text is just under RULES_TEXT, as
  sentences and as two long words.

Run: .venv/bin/python benchmarks/bench_drawing.py
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.deck.limits import CARD_TEXT, DRAWN_TEXT, RULES_TEXT
from generator.render.fonts import register_fonts
from generator.render.layout.linebreak import hyphenation_points, opportunities
from generator.render.layout.textfit import fit_rich

DECKPRESS = str(Path(sys.executable).with_name("deckpress"))
BOXES = {"cut": (60.0, 40.0), "fits broken": (300.0, 300.0), "2 x 2 pt": (2.0, 2.0)}


def fits() -> float:
    register_fonts()
    worst = 0.0
    for n in (CARD_TEXT, DRAWN_TEXT):
        for kind, text in (("one word", "W" * n), ("words", " ".join(["word"] * (n // 5))),
                           ("CJK", "中" * n)):
            for box, (w, h) in BOXES.items():
                fit_rich.cache_clear()
                opportunities.cache_clear()  # every case from cold: the line-break memo of one case
                hyphenation_points.cache_clear()  # (the tails of 'WWW...') would serve the next
                start = time.process_time()
                fit_rich(text, "Roboto", (500.0, 1.0), (w, h))
                seconds = time.process_time() - start
                worst = max(worst, seconds)
                print(f"fit {n:>6,} chars, {kind:<8} {box:<12} {seconds:6.2f} s CPU")
    return worst


def booklets() -> float:
    worst = 0.0
    with tempfile.TemporaryDirectory() as root:
        folder = Path(root) / "proj"
        subprocess.run([DECKPRESS, "new", str(folder)], check=True, stdout=subprocess.DEVNULL)
        rules = folder / "rules" / "weiji.md.j2"
        base = rules.read_text()
        sentence = "A paragraph of filler text number {{ i }} that says nothing much at all here."
        room = RULES_TEXT - 20_000  # the bundled text and the numbers
        cases = {
            "sentences": f"{{% for i in range({room // (len(sentence) + 1)}) %}}\n{sentence}\n{{% endfor %}}",
            "two long words": f"{{{{ 'x' * {room // 2} }}}} {{{{ 'y' * {room // 2} }}}}",
            # a template itself as long as a booklet may be (rule templates may be RULES_TEXT long)
            "long template": "\n\n".join(["A rule sentence of plain text in a long rulebook."] * (room // 51)),
            "dense template": "{{ 1 }} " * (room // 8),  # as many expressions as fit
        }
        for name, extra in cases.items():
            rules.write_text(base + "\n" + extra + "\n")
            out = Path(root) / f"{name}.pdf"
            start = time.perf_counter()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            done = subprocess.run([DECKPRESS, "rules", "weiji", "--deck", str(folder), "-o", str(out)],
                                  capture_output=True, text=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            seconds = time.perf_counter() - start
            if done.returncode != 0:
                raise SystemExit(done.stdout + done.stderr)
            worst = max(worst, cpu)
            print(f"rules booklet, {name:<15} {cpu:6.1f} s CPU {seconds:6.1f} s wall  {done.stdout.strip()[:60]}")
    return worst


if __name__ == "__main__":
    print(f"limits: card field {CARD_TEXT:,}, layout text {DRAWN_TEXT:,}, rule booklet {RULES_TEXT:,} characters")
    worst_fit = fits()
    worst_booklet = booklets()
    print(f"worst: one text fitted in {worst_fit:.2f} s CPU; one rule booklet in {worst_booklet:.1f} s CPU "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
