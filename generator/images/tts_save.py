"""A Tabletop Simulator *saved object*: the deck loads in one step.

``images DECK --preset tts`` writes the sheets (:mod:`.tts`) and, beside them,
``<deck>.json`` in the format TTS itself writes to its ``Saved Objects`` folder
(``Documents/My Games/Tabletop Simulator/Saves/Saved Objects/``): a save header
(``SaveName``, ``ObjectStates``, ...) whose ``ObjectStates`` holds one object per group
of equal-sized pieces:

- a group of two or more cards is a ``DeckCustom``: ``DeckIDs`` lists every card
  (copies repeated) and ``ContainedObjects`` one ``Card`` each, with its ``Nickname``
  (the card's name) and ``Description`` (its text); a group of one card is a ``Card``;
- ``CustomDeck`` maps a sheet number N (1, 2, ...) to its images: ``FaceURL`` (the face
  sheet), ``BackURL`` (the back image, or the back sheet with ``UniqueBack``),
  ``NumWidth``/``NumHeight`` (the grid), ``BackIsHidden: true`` (the back shows while a
  card is in a hand; we also put it in each sheet's last slot, TTS's hidden card);
- a card's ``CardID`` is ``N * 100 + slot`` (its place on sheet N, left to right, top to
  bottom), the numbering TTS uses;
- the card shape (``Type``): 0 rounded rectangle for cards and tiles, 4 rounded circle
  for coins; the size (``scaleX``/``scaleZ``) from the cut size, 1.0 being TTS's
  standard card (63.5 mm wide); one-sided pieces (piecepack pawns) are cards whose
  back is their hidden side;
- a piecepack's dice are ``Custom_Dice`` objects, one per die, textured with the image
  :mod:`.tts_dice` writes (their net sheets are not used by the saved object).

Image URLs are ``file:///`` paths to the written sheets by default: the save loads on
this computer. In multiplayer every player's TTS downloads the images itself, so
they must be on the web: upload the sheets and give ``--base-url https://.../`` (the
URLs become ``<base-url><file name>``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..render.atomic import atomic_write
from ..render.piece import Piece

TTS_CARD_WIDTH_MM = 63.5  # a TTS card at scale 1.0 (a poker card)
CARD_TYPES = {"rectangle": 0, "circle": 4}  # TTS's CustomDeck "Type": rounded rectangle, rounded circle
TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # the tint TTS writes for custom cards


def _guid(*parts: str) -> str:
    """Six hex digits, as TTS's GUIDs, stable across exports of the same deck."""
    return hashlib.sha1("\0".join(parts).encode(), usedforsecurity=False).hexdigest()[:6]


def _url(name: str, folder: Path, base_url: str | None) -> str:
    if base_url:
        return base_url + ("" if base_url.endswith("/") else "/") + name
    return (folder / name).resolve().as_uri()


def _transform(x: float, scale: float, face_down: bool) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _card(card_id: int, piece: Piece, custom: Mapping[str, Any], transform: dict[str, float],
          title: str) -> dict[str, Any]:
    card = getattr(piece, "_card", None)
    description = getattr(card, "text", "") or ""
    return {
        "GUID": _guid(title, piece.id, str(card_id)),
        "Name": "Card",
        "Transform": transform,
        "Nickname": str(getattr(piece, "name", piece.id) or piece.id),
        "Description": description,
        "GMNotes": piece.id,
        "ColorDiffuse": TINT,
        "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
        "GridProjection": False, "Hands": True, "SidewaysCard": False,
        "CardID": card_id,
        "CustomDeck": custom,
        "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
    }


Group = tuple[str, Sequence[Mapping[str, Any]]]  # a size group's name ("tile", "" for one group) and its sheets


def saved_object(groups: Sequence[Group], pieces: Mapping[str, Piece], folder: Path,
                 title: str, base_url: str | None = None,
                 dice: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The saved object for the sheets of ``groups`` (the entries of ``tts.json``, by size group);
    ``dice``: die piece id -> its custom-die texture file (those pieces become ``Custom_Dice``)."""
    from .tts_dice import custom_die

    objects = []
    sheet_no = 0
    dice = dice or {}
    for n, (group, entries) in enumerate(groups):
        first = pieces[entries[0]["cards"][0]]
        ids_in_group = [str(i) for entry in entries for i in entry["cards"]]
        if all(i in dice for i in ids_in_group):
            sheet_no += len(entries)  # the nets' sheets keep their numbers; the dice do not use them
            for k, piece_id in enumerate(ids_in_group):
                transform = {**_transform(n * 4.0, 1.0, False), "posZ": 3.0 * k, "rotY": 0.0,
                             "scaleY": 1.0}
                objects.append(custom_die(pieces[piece_id], _url(dice[piece_id], folder, base_url),
                                          _guid(title, piece_id, "die", str(k)), transform))
            continue
        round_piece = getattr(first, "kind", None) == "coin"
        scale = round(first.width / TTS_CARD_WIDTH_MM, 4)
        decks: dict[str, Any] = {}
        contained = []
        ids = []
        x = n * 4.0
        for entry in entries:
            sheet_no += 1
            custom = {
                "FaceURL": _url(str(entry["face"]), folder, base_url),
                "BackURL": _url(str(entry["back"] or entry["face"]), folder, base_url),
                "NumWidth": int(entry["width"]), "NumHeight": int(entry["height"]),
                "BackIsHidden": True, "UniqueBack": bool(entry["unique_backs"]),
                "Type": CARD_TYPES["circle" if round_piece else "rectangle"],
            }
            decks[str(sheet_no)] = custom
            for slot, piece_id in enumerate(entry["cards"]):
                card_id = sheet_no * 100 + slot
                ids.append(card_id)
                contained.append(_card(card_id, pieces[piece_id], {str(sheet_no): custom},
                                       _transform(x, scale, True), title))
        name = title + (f" ({group})" if group and len(groups) > 1 else "")
        if len(contained) == 1:
            single = dict(contained[0])
            single["Nickname"] = contained[0]["Nickname"]
            objects.append(single)
            continue
        objects.append({
            "GUID": _guid(title, group, "deck"),
            "Name": "DeckCustom",
            "Transform": _transform(x, scale, True),
            "Nickname": name,
            "Description": "",
            "GMNotes": "",
            "ColorDiffuse": TINT,
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "GridProjection": False, "Hands": False, "SidewaysCard": False,
            "DeckIDs": ids,
            "CustomDeck": decks,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ContainedObjects": contained,
        })
    return {
        "SaveName": title, "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "", "Table": "", "Sky": "",
        "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "VersionNumber": "",
        "ObjectStates": objects,
        "TabStates": {},
    }


def write_saved_object(groups: Sequence[Group], pieces: Sequence[Piece], folder: Path,
                       name: str, title: str, base_url: str | None = None,
                       dice: Mapping[str, str] | None = None) -> Path:
    by_id = {p.id: p for p in pieces}
    path = folder / f"{name if name not in ('tts', 'deck-sheets') else name + '-deck'}.json"
    with atomic_write(path) as tmp:
        Path(tmp).write_text(json.dumps(saved_object(groups, by_id, folder, title, base_url, dice), indent=2)
                             + "\n")
    return path
