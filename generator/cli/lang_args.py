"""``--lang``: a command's deck in one of its declared languages, with the
translation report's warnings on stderr (missing texts, changed sources)."""

from __future__ import annotations

import typer

from ..deck.languages import localize
from ..deck.model import Deck


def in_language(deck: Deck, lang: str | None, strict: bool = False, layout: str | None = None,
                overflow: bool = True) -> Deck:
    """The deck in ``lang`` (None: as written); ``strict``: a missing translation is an error.
    ``overflow``: also say which translated texts overflow a box the source text fits."""
    localized, report = localize(deck, lang, strict=strict)
    for warning in report.warnings() if report is not None else ():
        typer.echo(f"warning: {warning}", err=True)
    if overflow and localized is not deck and deck.kind == "cards":
        from ..render.overflow import translation_overflow

        for line in translation_overflow(deck, localized, layout):
            typer.echo(f"warning: {line}", err=True)
    return localized
