"""Tabletop Simulator custom dice: a piecepack's dice as ``Custom_Dice`` objects.

TTS makes a six-sided die from one image laid out as its *d6 template* (shipped with
TTS in ``Tabletop Simulator/Modding/Dice Templates``). The layout kept here is the one
that template shows on TTS's own knowledge-base page on custom dice (docs/images.md
gives the source and what could not be checked from here):

- a square image of 3 x 3 equal cells; the top row is not on the die;
- the middle row holds the faces TTS numbers 2, 4 and 5, the bottom row 1, 3 and 6
  (left to right), the 1 and the 6 drawn upside down.

Our die is drawn as a fold-and-glue net (:mod:`generator.render.piecepack.dice`); each
face is cut out of the net drawn large (:data:`FACE_PX` pixels a face) and put in its
cell. The piecepack faces null, ace, 2, 3, 4, 5 become TTS's values 1 to 6, which keeps
opposite faces opposite (null/5, ace/4, 2/3 on the net; 1/6, 2/5, 3/4 on a standard d6).

In the saved object (:mod:`.tts_save`) each die is a ``Custom_Dice`` whose
``CustomImage`` holds ``ImageURL`` (the texture) and ``CustomDice: {"Type": 1}`` (TTS's
number for a six-sided die in its scripting API's ``setCustomObject``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from ..render.piece import Piece
from ..render.piecepack.dice import FACES
from .files import safe_name, save_image
from .report import ImageReport
from .work import Task, run_tasks

FACE_PX = 256  # pixels a die face on the texture
D6 = 1  # CustomDice "Type" of a six-sided die
# TTS value -> (column, row, turned 180 degrees) of its cell on the d6 template
CELLS = {1: (0, 2, True), 2: (0, 1, False), 3: (1, 2, False), 4: (1, 1, False), 5: (2, 1, False), 6: (2, 2, True)}
UNUSED = "white"  # the template's top row, not on the die


def is_die(piece: Piece) -> bool:
    """A piecepack die net (six faces laid out as :data:`FACES`)."""
    return getattr(piece, "kind", None) == "die"


def texture(net: Image.Image) -> Image.Image:
    """The d6 texture from a drawn die net whose faces are ``net.width / 3`` pixels."""
    face = net.width / 3
    size = round(face)
    out = Image.new("RGB", (3 * size, 3 * size), UNUSED)
    for value, (col, row) in enumerate(FACES, 1):  # rank order null, ace, 2, 3, 4, 5 -> values 1..6
        box = (round(col * face), round(row * face), round((col + 1) * face), round((row + 1) * face))
        cell = net.crop(box).convert("RGB").resize((size, size), Image.Resampling.LANCZOS)
        c, r, turned = CELLS[value]
        out.paste(cell.rotate(180) if turned else cell, (c * size, r * size))
    return out


def write_textures(pieces: Sequence[Piece], out_dir: Path, fmt: str, report: ImageReport,
                   jobs: int = 1) -> dict[str, str]:
    """``<die id>-texture.<fmt>`` for every die among ``pieces``: piece id -> file name."""
    dice = [i for i, p in enumerate(pieces) if is_die(p)]
    if not dice:
        return {}
    tasks = []
    for i in dice:
        piece = pieces[i]
        per_mm = FACE_PX / (piece.width / 3)
        tasks.append(Task(i, "front", (3 * FACE_PX, round(piece.height * per_mm)), "image"))
    batch = run_tasks(pieces, tasks, 0.0, jobs=jobs)
    report.rendered += len(tasks)
    written = {}
    for done in batch.done:
        piece = pieces[done.task.index]
        assert done.image is not None
        path = out_dir / f"{safe_name(piece.id)}-texture.{fmt}"
        dpi = FACE_PX / (piece.width / 3) * 25.4
        save_image(texture(done.image), path, fmt, dpi)
        report.files.append(path)
        written[piece.id] = path.name
    return written


def faces_text(piece: Piece) -> str:
    """What each TTS value shows: ``1 null, 2 ace, 3 2, ...`` (from the piecepack's ranks)."""
    ranks = getattr(getattr(piece, "style", None), "ranks", ())
    labels = [str(getattr(rank, "name", "") or getattr(rank, "key", "")) for rank in ranks]
    if len(labels) != len(FACES):
        return ""
    return "TTS values: " + ", ".join(f"{n} = {label}" for n, label in enumerate(labels, 1))


def custom_die(piece: Piece, url: str, guid: str, transform: dict[str, float]) -> dict[str, Any]:
    """The ``Custom_Dice`` object of one die, its texture at ``url``."""
    return {
        "GUID": guid,
        "Name": "Custom_Dice",
        "Transform": transform,
        "Nickname": str(getattr(piece, "name", piece.id) or piece.id),
        "Description": faces_text(piece),
        "GMNotes": piece.id,
        "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True,
        "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": False, "Hands": False,
        "CustomImage": {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                        "CustomDice": {"Type": D6}},
        "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
    }
