"""The pre-flight of ``deckpress check``: a deck read in the language asked, with the
deck validation (:mod:`.deck`) and the passes the render commands make, as findings
instead of refusals (:func:`prepare`).

The rule booklet's pass (its template, the characters no font has) belongs to the
booklet layer, above this one: the caller hands it in as ``rules`` (``check`` gives
:func:`generator.booklet.rules_check.rules_problems`), so no layer reaches sideways
into another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..deck import resolve_deck
from ..deck.issues import Issue
from ..deck.languages import localize
from ..deck.model import Deck
from ..errors import DeckpressError
from ..games.rules.registered import game_deck
from .deck import validate_deck

RulesCheck = Callable[[Deck, "str | None"], list[str]]  # (deck, language) -> the booklet's problems (raises for a broken template)


@dataclass
class Prepared:
    """A deck read for checking: as written (``source``), in the language asked
    (``deck``), its validation issues and the print checks' warnings."""

    name: str
    source: Deck
    deck: Deck
    issues: list[Issue]
    printing: list[str] = field(default_factory=list)
    undrawn: list[str] = field(default_factory=list)  # characters no font has, on a card or in the booklet: errors


def prepare(name: str, lang: str | None = None, *, rules: RulesCheck | None = None) -> Prepared:
    """Load deck ``name`` (in language ``lang``) and run the passes every command makes
    before it uses a deck: the validation (its errors become findings), the card check
    of the render commands, a translation's overflow and, where ``rules`` is given, the
    rule booklet's (the project's rules template; the characters no font has). Raises
    DeckpressError for a deck that cannot be checked."""
    from ..render.cards import print_check

    source = game_deck(name) or resolve_deck(name)  # a rules game's name: its bundled deck, playing it
    loaded, translation = localize(source, lang)
    issues = validate_deck(loaded)  # the validation every command runs: its errors are findings here
    # the pass every render command makes: the same errors, the same warnings (unless the
    # validation found print errors: it would repeat them)
    printing = [str(w) for w in translation.warnings()] if translation is not None else []
    undrawn: list[str] = []
    if not any(i.level == "error" and not i.play for i in issues):
        try:
            warned, glyphs = print_check(loaded)
            printing += warned
            undrawn += [str(p) for p in glyphs]
        except DeckpressError:
            if not any(i.level == "error" for i in issues):
                raise
            # a card the validation refused (a Viashi card without a rank...) fails its layout too:
            # the validation's errors, at the deck's lines, say why; not the bundled layout file
    if translation is not None:
        from ..render.overflow import translation_overflow

        printing += translation_overflow(source, loaded)  # a translation cut where the source fits
    if rules is not None and not any(i.level == "error" for i in issues):  # an invalid deck: its errors say why
        undrawn += [p for p in rules(loaded, lang) if p not in undrawn]
    return Prepared(name, source, loaded, issues, printing, undrawn)
