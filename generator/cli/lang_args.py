"""``--lang``: a command's deck in one of its declared languages, with the
translation report's warnings on stderr (missing texts, changed sources)."""

from __future__ import annotations

import typer

from ..deck.languages import localize
from ..deck.model import Deck


def in_language(deck: Deck, lang: str | None, strict: bool = False) -> Deck:
    """The deck in ``lang`` (None: as written); ``strict``: a missing translation is an error."""
    localized, report = localize(deck, lang, strict=strict)
    for warning in report.warnings() if report is not None else ():
        typer.echo(f"warning: {warning}", err=True)
    return localized
