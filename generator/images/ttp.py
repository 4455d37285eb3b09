"""Tabletop Playground card templates beside the Tabletop Simulator export.

``images DECK --preset tts`` writes sheets of card faces (and a back image or back
sheets) for TTS; Tabletop Playground (TTP) imports the *same* sheet images as a
"card sheet" template: one JSON file per sheet, with the grid, the card size in
centimetres and the names of the cards. Conventions (TTP's template format, as its
editor writes it):

- ``FrontTexture`` the face sheet; ``BackTexture`` the back image with
  ``BackIndex: -2`` (one back for every card) or the back sheet with
  ``BackIndex: -3`` (a back sheet laid out like the face sheet);
- ``NumHorizontal`` x ``NumVertical`` the grid; ``Indices`` the slots that hold
  cards (the TTS hidden slot, bottom right, is not one of them); ``CardNames`` the
  card's name by slot;
- ``Width``/``Height`` the cut size in cm (TTP's world unit), ``Thickness`` 0.05 cm;
- ``GUID`` 32 hex digits derived from the deck and the sheet's file name, so a
  re-export keeps the same template identity.

To use them, copy the images into a package's ``assets/Textures/`` and the JSON
files into ``assets/Templates/`` (docs/images.md).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..render.atomic import atomic_write
from ..render.piece import Piece

THICKNESS_CM = 0.05


def _guid(*parts: str) -> str:
    return hashlib.md5("\0".join(parts).encode("utf-8"), usedforsecurity=False).hexdigest().upper()


def ttp_template(entry: Mapping[str, Any], pieces: Mapping[str, Piece], title: str, sheet: int, sheets: int) -> dict[str, Any]:
    """The TTP card-sheet template for one TTS sheet entry of ``tts.json``."""
    ids: Sequence[str] = entry["cards"]
    first = pieces[ids[0]]
    back = entry["back"]
    return {
        "Type": "Card",
        "GUID": _guid(title, str(entry["face"])),
        "Name": title + (f" {sheet}/{sheets}" if sheets > 1 else ""),
        "Metadata": "",
        "CollisionType": "Regular",
        "Friction": 0.7,
        "Restitution": 0,
        "Density": 0.5,
        "SurfaceType": "Cardboard",
        "Roughness": 1,
        "Metallic": 0,
        "PrimaryColor": {"R": 255, "G": 255, "B": 255},
        "SecondaryColor": {"R": 0, "G": 0, "B": 0},
        "Flippable": True,
        "AutoStraighten": False,
        "ShouldSnap": True,
        "ScriptName": "",
        "Blueprint": "",
        "Models": [],
        "Collision": [],
        "SnapPointsGlobal": False,
        "SnapPoints": [],
        "ZoomViewDirection": {"X": 0, "Y": 0, "Z": 0},
        "FrontTexture": entry["face"],
        "BackTexture": back or "",
        "HiddenTexture": "",
        "BackIndex": -3 if entry["unique_backs"] else -2,
        "HiddenIndex": -1,
        "NumHorizontal": entry["width"],
        "NumVertical": entry["height"],
        "Width": round(first.width / 10, 4),
        "Height": round(first.height / 10, 4),
        "Thickness": THICKNESS_CM,
        "HiddenInHand": True,
        "UsedWithCardHolders": True,
        "CanStack": True,
        "UsePrimaryColorForSide": False,
        "FrontTextureOverrideExposed": False,
        "AllowFlippedInStack": False,
        "MirrorBack": True,
        "Model": "Rounded",
        "Indices": list(range(len(ids))),
        "CardNames": {str(slot): str(getattr(pieces[i], "name", i)) for slot, i in enumerate(ids)},
        "CardMetadata": {str(slot): i for slot, i in enumerate(ids)},
        "CardTags": {},
        "GroundAccessibility": "ZoomAndContext",
    }


def write_ttp(manifest: Sequence[Mapping[str, Any]], pieces: Sequence[Piece], out_dir: Path, title: str) -> list[Path]:
    """One ``<face sheet>.ttp.json`` template per sheet of the TTS export."""
    by_id = {p.id: p for p in pieces}
    written = []
    for n, entry in enumerate(manifest, 1):
        face = Path(str(entry["face"]))
        path = out_dir / f"{face.stem}.ttp.json"
        with atomic_write(path) as tmp:
            tmp.write_text(json.dumps(ttp_template(entry, by_id, title or "deck", n, len(manifest)), indent=2) + "\n")
        written.append(path)
    return written
