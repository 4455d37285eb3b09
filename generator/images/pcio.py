"""playingcards.io: the deck as a room file (``<deck>.pcio``) to import into a room.

A ``.pcio`` file is what playingcards.io's *Export to file* writes and *Import from
file* reads (Edit mode > Room Options). As far as the public record shows (288 room
files exported from the site, the importer of the open-source VirtualTabletop and
tools that write these files; sources and dates in docs/images.md), it is a ZIP
archive (entries stored, not compressed) holding:

- ``widgets.json``: a list of widgets, each with ``id``, ``type``, ``x``, ``y``, ``z``;
- ``userassets/`` (a folder entry) and ``userassets/<name>.<ext>``: the uploaded images,
  referred to from the widgets as ``package://userassets/<name>.<ext>``.

What we write, per group of equal-sized pieces (one deck for cards; tiles, coins, dice
and pawns of a piecepack):

- a ``cardPile`` (the holder the cards sit in, with a label and a shuffle button);
- a ``cardDeck``: ``cardWidth``/``cardHeight`` (table units, :data:`UNITS_PER_MM`),
  ``cardTypes`` (one per distinct piece: ``label`` its name, ``face`` and ``back`` its
  images), a ``faceTemplate`` that draws the ``face`` image over the whole card and a
  ``backTemplate`` that draws the shared back (or each card's ``back`` when they differ);
- one ``card`` per copy: its ``deck``, ``cardType`` and ``parent`` (the pile), face down.

Plus the ``hand`` widget every room has. No ``schemaVersion`` entry: the files the site
writes today carry one (6 in the newest we have seen) and rename ``cardPile`` to
``holder``; we write the older form most exported files have (286 of 288), which the
site is reported to import. Ids are UUIDs derived from the deck's title and the piece,
so an export is byte-for-byte the same each time.
"""

from __future__ import annotations

import json
import uuid
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from ..errors import ParameterError
from ..render.atomic import atomic_write
from ..render.piece import Piece
from .files import file_stems, group_name, image_bytes, is_round
from .options import ALPHA_FORMATS, ImageOptions
from .rasterise import pixel_size
from .report import ImageReport
from .tts import size_groups
from .work import Progress, Task, run_tasks

UNITS_PER_MM = 160 / 88.9  # a poker card 160 units tall, as playingcards.io's own cards (103 x 160)
PILE_MARGIN = 4.0  # a card sits 4 units inside its pile on every side (as in exported rooms)
GAP = 40.0  # between piles
MAX_WIDGETS = 1300  # the room's widget cap, as reported from the site's client code (docs/images.md)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed entry dates: the same deck gives the same bytes
ASSETS = "userassets/"
NAMESPACE = uuid.UUID("6f0c6a52-2b8e-4d6e-9a55-6b1a3f0d5c21")  # deckpress's pcio ids


def _id(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "\0".join(parts)))


def _units(mm: float) -> float:
    return round(mm * UNITS_PER_MM, 2)


@dataclass
class _Asset:
    name: str  # the file name under userassets/
    data: bytes

    @property
    def ref(self) -> str:
        return f"package://{ASSETS}{self.name}"


def _template(value: str, dynamic: bool, w: float, h: float, round_piece: bool) -> dict[str, Any]:
    return {
        "includeBorder": False,
        "includeRadius": not round_piece,
        "objects": [{"type": "image", "x": 0, "y": 0, "w": w, "h": h,
                     "color": "transparent" if round_piece else "white",
                     "valueType": "dynamic" if dynamic else "static", "value": value}],
    }


def write_pcio(pieces: Sequence[Piece], out_dir: Path, options: ImageOptions, *, jobs: int = 1,
               progress: Progress | None = None, name: str = "deck", title: str = "") -> ImageReport:
    """``<name>.pcio`` in ``out_dir``: every group's pile, deck and cards, every side's image."""
    report = ImageReport(out_dir, "pcio")
    title = title or name
    ext = options.format
    stems = file_stems([p.id for p in pieces])
    tasks: list[Task] = []
    for i, piece in enumerate(pieces):
        size = pixel_size(piece.width, piece.height, options.dpi)
        ellipse = is_round(piece) and ext in ALPHA_FORMATS  # coins: transparent around the disc
        tasks.append(Task(i, "front", size, "image", ellipse=ellipse))
        if getattr(piece, "double_sided", True):
            tasks.append(Task(i, "back", size, "image", ellipse=ellipse))
    batch = run_tasks(pieces, tasks, 0.0, jobs=jobs, progress=progress)
    report.rendered = len(tasks)
    report.warnings += batch.warnings
    images = {(d.task.index, d.task.side): d for d in batch.done}

    assets: dict[str, _Asset] = {}  # by file name
    widgets: list[dict[str, Any]] = [{"id": "hand", "type": "hand", "x": 50, "y": 820, "z": 1,
                                      "dragging": None, "enabled": True}]
    groups = size_groups(pieces)
    x = 50.0
    z = 2
    for order in groups:
        members = [pieces[i] for i in order]
        group = group_name(members) if len(groups) > 1 else ""
        first = members[0]
        w, h = _units(first.width), _units(first.height)
        round_piece = is_round(first)
        one_sided = not getattr(first, "double_sided", True)
        kinds = list(dict.fromkeys(order))
        backs = {i: images[(i, "back")] for i in kinds if (i, "back") in images}
        shared = len(backs) > 1 and len({d.digest for d in backs.values()}) == 1
        back_asset = None
        if shared:
            image = next(iter(backs.values())).image
            assert image is not None
            stem = f"{group + '-' if group else ''}back"
            if stem.lower() in {s.lower() for s in stems}:  # a card whose id is "back"
                stem = stem[: -len("back")] + "shared-back"
            back_asset = _add(assets, f"{stem}.{ext}", image, ext, options.dpi)
        card_types: dict[str, dict[str, str]] = {}
        for i in kinds:
            piece = pieces[i]
            front = images[(i, "front")].image
            assert front is not None
            face = _add(assets, f"{stems[i]}.{ext}", front, ext, options.dpi)
            if back_asset is not None:
                back = back_asset
            elif i in backs:
                image = backs[i].image
                assert image is not None
                back = _add(assets, f"{stems[i]}-back.{ext}", image, ext, options.dpi)
            else:
                back = face  # one-sided pieces (dice nets, pawns) show their face on both sides
            card_types[f"type-{stems[i]}"] = {"label": str(getattr(piece, "name", piece.id) or piece.id),
                                              "face": face.ref, "back": back.ref}
        pile_id = _id(title, group, "pile")
        deck_id = _id(title, group, "deck")
        widgets.append({"id": pile_id, "type": "cardPile", "x": x, "y": 100.0, "z": z,
                        "width": round(w + 2 * PILE_MARGIN, 2), "height": round(h + 2 * PILE_MARGIN, 2),
                        "label": group or title, "hasShuffleButton": True, "dragging": None})
        widgets.append({
            "id": deck_id, "type": "cardDeck", "x": x, "y": 100.0, "z": z + 1, "parent": pile_id,
            "cardWidth": w, "cardHeight": h, "enlarge": True,
            "cardTypes": card_types,
            "faceTemplate": _template("face", True, w, h, round_piece),
            "backTemplate": _template(back_asset.ref if back_asset else "back", back_asset is None, w, h,
                                      round_piece),
            "dragging": None,
        })
        z += 2
        for n, i in enumerate(order):
            widgets.append({"id": _id(title, group, "card", str(n)), "type": "card", "deck": deck_id,
                            "cardType": f"type-{stems[i]}", "parent": pile_id,
                            "x": x + PILE_MARGIN, "y": 100.0 + PILE_MARGIN, "z": 1000 + n,
                            "faceup": one_sided, "dragging": None, "owner": None})
        x = round(x + w + 2 * PILE_MARGIN + GAP, 2)
    if len(widgets) > MAX_WIDGETS:
        report.warnings.append(f"the room holds {len(widgets)} widgets (cards count one each); playingcards.io "
                               f"is reported to take at most {MAX_WIDGETS}: the import may fail, split the deck")
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{name}.pcio"
    with atomic_write(path) as tmp, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as archive:
        _entry(archive, "widgets.json", json.dumps(widgets, indent=1).encode("utf-8"))
        _entry(archive, ASSETS, b"")
        for asset in assets.values():
            _entry(archive, ASSETS + asset.name, asset.data)
    report.files.append(path)
    report.notes.append(f"{path.name}: {len(widgets)} widgets, {len(assets)} images at {options.dpi:g} dpi")
    return report


def _add(assets: dict[str, _Asset], file: str, image: Image.Image, ext: str, dpi: float) -> _Asset:
    """The asset for ``image`` under ``file``; another image already there is an error naming it
    (a card whose id is another's id plus ``-back``)."""
    data = image_bytes(image, ext, dpi)
    if file in assets and assets[file].data != data:
        raise ParameterError(f"two different images would both be userassets/{file} in the room file; "
                             "give the cards ids that differ more than by a -back ending")
    assets.setdefault(file, _Asset(file, data))
    return assets[file]


def _entry(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
    archive.writestr(info, data, zipfile.ZIP_STORED)

