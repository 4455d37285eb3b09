"""The limits of text that gets drawn, shared by validation (``check``) and the
renderers, so whatever ``check`` passes draws in bounded time and whatever a renderer
would refuse ``check`` refuses first, with the same words.

Each limit is a length, because drawing time grows with length only: text is fitted
by shrinking (a bounded number of sizes, skipped without wrapping when they cannot
fit) and wrapping (linear in the text, a word wider than its box broken by bisection).
The longest drawing times inputs within these limits cause are measured in
``benchmarks/bench_drawing.py`` and given in docs/safety.md.
"""

from __future__ import annotations

CARD_TEXT = 5_000  # characters of one card field (text, name, flavour...) in a deck
DRAWN_TEXT = 10_000  # characters a layout text may come to once its template is rendered
RULES_TEXT = 200_000  # characters of a rule booklet's text once its template is rendered
