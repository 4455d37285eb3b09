"""Right-to-left decks on layouts that declare themselves mirrorable (``mirror: true``).

A deck in Arabic, Hebrew, Persian or Urdu reads from the right: on a layout that says
``mirror: true`` (the bundled ones do, through ``base``) every element's box is drawn
at its mirror place across the card's vertical axis, text aligned left is aligned
right (and the other way round), and the attribute table puts its marks and labels on
the right and the values on the left. Art and symbols keep their own orientation (a
picture is not flipped). A layout that does not declare it is drawn as designed.
"""

from __future__ import annotations

from .model import Element, Text

MIRRORED = "_mirrored"  # set in the drawing context of a mirrored side (the attribute table reads it)
RTL = frozenset({"ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr"})
_SWAP = {"left": "right", "right": "left"}


def right_to_left(lang: str) -> bool:
    """Is ``lang`` (``ar``, ``he-IL``...) written right to left?"""
    return lang.replace("_", "-").split("-")[0].lower() in RTL


def mirror_element(el: Element) -> Element:
    """``el`` as a mirrored layout draws it: text alignment swapped."""
    if isinstance(el, Text) and el.align in _SWAP:
        return el.model_copy(update={"align": _SWAP[el.align]})
    return el
