"""Read a PDF back for the PDF/X-1a checks: every colour operator, image and graphics state.

Content streams are parsed with pypdf's ``ContentStream`` (pages and, recursively,
the form XObjects they draw), so an operator hidden in a card's form is found too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

RGB_OPERATORS = {b"rg", b"RG"}
OTHER_COLOUR_OPERATORS = {b"g", b"G", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}
DIELINE_SPOTS = ("/Dieline", "/Crease")  # the non-printing spot colours of cut and fold lines (not counted)
OVERPRINT_KEYS = {"/Type", "/OP", "/op", "/OPM"}  # an ExtGState that only overprints (the dieline's)


@dataclass
class PdfInks:
    operators: Counter[bytes] = field(default_factory=Counter)
    images: list[dict[str, Any]] = field(default_factory=list)  # one per image XObject
    graphics_states: list[dict[str, Any]] = field(default_factory=list)
    fonts: list[dict[str, Any]] = field(default_factory=list)  # font descriptors
    inline_images: int = 0
    dielines: int = 0  # colours set to a dieline spot colour
    max_ink: float = 0.0  # the largest C + M + Y + K set by a k or K operator


def read_inks(path: Path) -> PdfInks:
    reader = PdfReader(path)
    inks = PdfInks()
    seen: set[int] = set()

    def walk(contents: Any, resources: Any) -> None:
        dieline = False
        for operands, op in ContentStream(contents, reader).operations:
            if op in (b"CS", b"cs") and str(operands[0]) in DIELINE_SPOTS:  # issue 52: the dieline's spot
                inks.dielines += 1
                dieline = True
                continue
            if op in (b"SCN", b"scn") and dieline:
                dieline = False
                continue
            inks.operators[op] += 1
            if op in (b"k", b"K") and [float(v) for v in operands] != [1.0] * 4:
                # the registration colour (crop marks, outside the bleed) is the one colour
                # allowed over the ink cap: it is cut away
                inks.max_ink = max(inks.max_ink, sum(float(v) for v in operands))
            if op == b"INLINE IMAGE":
                inks.inline_images += 1
        resources = resources.get_object() if resources is not None else {}
        for ref in (resources.get("/XObject") or {}).values():
            key = ref.idnum
            if key in seen:
                continue
            seen.add(key)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                inks.images.append(dict(obj))
            else:
                walk(obj, obj.get("/Resources"))
        for ref in (resources.get("/ExtGState") or {}).values():
            inks.graphics_states.append(dict(ref.get_object()))
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            for descendant in font.get("/DescendantFonts") or []:
                font = descendant.get_object()
            inks.fonts.append(dict(font.get("/FontDescriptor", {}).get_object() or {}))

    for page in reader.pages:
        walk(page.get_contents(), page.get("/Resources"))
    return inks
