"""What every file a command leaves behind must be: ONE function, ``check_outputs``,
so that a further check (a print-shop preflight, say) is added in one place.

- every PDF parses (pypdf), every font it uses is embedded (Type 3 fonts are drawn
  in the file; Type 0 fonts through their descendant font), and pages that carry
  pieces (card and tile sheets, vendor PDFs) have a TrimBox and a BleedBox, the
  BleedBox holding the TrimBox;
- every PNG, JPEG and WebP decodes (Pillow), every JSON file parses;
- nothing half-written is left (``*.partial``, ``*.tmp``, ``*.new``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from PIL import Image
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

IMAGES = {".png", ".jpg", ".jpeg", ".webp"}
LEFTOVERS = ("*.partial", "*.partial.*", "*.tmp", "*.new", ".*.tmp")


def _resolve(obj: Any) -> Any:
    return obj.get_object() if isinstance(obj, IndirectObject) else obj


def _fonts(resources: Any, seen: set[int]) -> Iterator[tuple[str, DictionaryObject]]:
    """Every font of a resource dictionary, including those of its form XObjects."""
    resources = _resolve(resources)
    if not isinstance(resources, DictionaryObject) or id(resources) in seen:
        return
    seen.add(id(resources))
    for name, font in _resolve(resources.get("/Font", DictionaryObject())).items():
        yield str(name), _resolve(font)
    for xobject in _resolve(resources.get("/XObject", DictionaryObject())).values():
        xobject = _resolve(xobject)
        if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
            yield from _fonts(xobject["/Resources"], seen)


def _embedded(font: DictionaryObject) -> bool:
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        font = _resolve(_resolve(font["/DescendantFonts"])[0])
    descriptor = _resolve(font.get("/FontDescriptor"))
    return descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def check_pdf(path: Path, pieces: bool) -> list[str]:
    problems: list[str] = []
    try:
        reader = PdfReader(path, strict=False)
        pages = list(reader.pages)
    except Exception as exc:  # noqa: BLE001 - any failure to parse is the finding
        return [f"{path.name}: does not parse: {exc}"]
    if not pages:
        problems.append(f"{path.name}: no pages")
    bare: set[str] = set()
    for number, page in enumerate(pages, 1):
        for _, font in _fonts(page.get("/Resources"), set()):
            if not _embedded(font):
                bare.add(str(font.get("/BaseFont")))
        if pieces:
            if "/TrimBox" not in page or "/BleedBox" not in page:
                problems.append(f"{path.name} page {number}: no TrimBox/BleedBox on a page of pieces")
            else:
                trim, bleed = page.trimbox, page.bleedbox
                if not (bleed.left <= trim.left and bleed.bottom <= trim.bottom
                        and bleed.right >= trim.right and bleed.top >= trim.top):
                    problems.append(f"{path.name} page {number}: the BleedBox does not hold the TrimBox")
    if bare:
        problems.append(f"{path.name}: fonts not embedded: {', '.join(sorted(bare))}")
    return problems


def check_image(path: Path) -> list[str]:
    try:
        with Image.open(path) as image:
            image.load()
            if image.width < 1 or image.height < 1:
                return [f"{path.name}: empty image"]
    except Exception as exc:  # noqa: BLE001
        return [f"{path.name}: does not decode: {exc}"]
    return []


def check_pcio(path: Path) -> list[str]:
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            widgets = json.loads(archive.read("widgets.json"))
            names = set(archive.namelist())
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        return [f"{path.name}: not a room file: {exc}"]
    missing = {v[len("package://"):] for w in widgets if w.get("type") == "cardDeck"
               for t in w["cardTypes"].values() for v in t.values() if str(v).startswith("package://")} - names
    return [f"{path.name}: images missing: {sorted(missing)}"] if missing else []


def check_outputs(folder: Path, pieces: tuple[str, ...] = ()) -> list[str]:
    """Open every file under ``folder``; return one line per problem (empty: all good).
    ``pieces``: name patterns of the PDFs whose pages carry pieces (need Trim/BleedBox)."""
    problems: list[str] = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        rel = path.relative_to(folder).as_posix()
        if any(fnmatch(path.name, pattern) for pattern in LEFTOVERS):
            problems.append(f"{rel}: a half-written file was left behind")
        suffix = path.suffix.lower()
        if suffix == ".pdf":
            problems += check_pdf(path, any(fnmatch(rel, p) for p in pieces))
        elif suffix in IMAGES:
            problems += check_image(path)
        elif suffix == ".svg":  # a cut file (--cut-file svg): parses, one path or circle per piece
            try:
                root = ElementTree.parse(path).getroot()
                if not any(el.tag.endswith(("path", "circle")) for el in root.iter()):
                    problems.append(f"{rel}: a cut file without a cut path")
            except ElementTree.ParseError as exc:
                problems.append(f"{rel}: not SVG: {exc}")
        elif suffix == ".dxf":  # a cut file (--cut-file dxf): opens with ezdxf, one entity per piece
            import ezdxf

            try:
                if not len(ezdxf.readfile(path).modelspace()):
                    problems.append(f"{rel}: a cut file without a cut path")
            except Exception as exc:  # noqa: BLE001 - any failure to parse is the finding
                problems.append(f"{rel}: not DXF: {exc}")
        elif suffix == ".pcio":  # a playingcards.io room file: a ZIP whose widgets.json parses
            problems += check_pcio(path)
        elif suffix == ".json":
            try:
                json.loads(path.read_text(encoding="utf-8"))
            except ValueError as exc:
                problems.append(f"{rel}: not JSON: {exc}")
    return problems
