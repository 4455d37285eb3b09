"""The rule decisions the engines make where the seed rules leave things open.

Every such decision has an identifier (``weiji.tiebreak-tie``), a one-line summary,
and the sentence the rule booklet states it with. The identifier is written next to
the rule in the engine's docstring and in docs/simulate.md; the test
``tests/booklet/test_decisions.py`` renders every game's booklet for the
parameters where a decision applies and checks that its sentence is there. So a
new decision the simulator plays without the booklet saying it fails the suite.
Each game lists its own in its package (``games/<g>/decisions.py``), named by its
spec's ``decisions``; this module holds the :class:`Decision` type and the lookups
over the specs it is given (it imports no registry: the spec imports it).

``booklet`` is compared with the booklet text with its markup removed (``**``,
``*``, backquotes) and white space folded: write it as plain words.

A booklet marks each of these rules where it states it (``{{ ours("id") }}`` in
the template: a small diamond in the PDF) and lists every one that applies in its
closing section, "Where the original rules are silent": ``question``, ``answer``
and, where a rule parameter changes it, ``parameter`` (issue #27).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Context = Mapping[str, Any]  # what the booklet template sees (generator.booklet.content)


def _always(ctx: Context) -> bool:
    return True


def said(key: str) -> Callable[[Context], str]:
    """An answer that is the booklet context's ``key`` (a parameter's words) as a sentence."""
    def answer(ctx: Context) -> str:
        text = str(ctx[key])
        return f"{text[:1].upper()}{text[1:]}."
    return answer


@dataclass(frozen=True)
class Decision:
    id: str
    summary: str
    booklet: str | Callable[[Context], str]
    applies: Callable[[Context], bool] = _always
    question: str = ""  # the closing section: what the seed leaves open
    answer: str | Callable[[Context], str] = ""  # ... and our answer, in the booklet's words
    parameter: str | None = None  # the rule parameter that changes it, if any
    # the seed's own words where the seed states this rule (the entry records how the
    # engine plays it): such a rule is the original's, so the booklet does not mark it
    seed: str = ""

    @property
    def ours(self) -> bool:
        return not self.seed

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    def sentence(self, ctx: Context) -> str:
        return self.booklet(ctx) if callable(self.booklet) else self.booklet

    def reply(self, ctx: Context) -> str:
        return self.answer(ctx) if callable(self.answer) else self.answer


def every(specs: Iterable[Any]) -> tuple[Decision, ...]:
    """The rule decisions of ``specs`` (GameSpecs, e.g. the registry's ``specs()``), in order."""
    return tuple(d for spec in specs for d in spec.decisions)


def by_id(specs: Iterable[Any]) -> dict[str, Decision]:
    """The rule decisions of ``specs`` by identifier."""
    return {d.id: d for d in every(specs)}
