"""The combinations of the command matrix: see tests/matrix/__init__.py."""

from __future__ import annotations

import json
import re
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

from generator.games.registry import builtin_names

from .conftest import Deckpress, KnownIssue, conclude, examine
from .pairwise import Row, pairwise

# Combination id (or an fnmatch pattern of ids) -> what makes it fail today: one or more
# labels of SIGNS joined by " + ". Each is marked xfail(strict=True): when the fix is
# merged it passes, strict turns that into a failure, and its entry goes.
KNOWN_FAILURES: dict[str, str] = {}  # every failure the matrix found is fixed (issues 23, 24)

# A label -> a regular expression that every problem of its combinations matches, so a
# known failure hides no other problem: anything else fails the combination outright.
SIGNS: dict[str, str] = {
    "issue 23 item 1": r"cannot pickle",
    "issue 23 item 2": r"UnicodeDecodeError|codec can't decode|--json printed no JSON",
    "issue 23 item 12": r"fonts not embedded: /Helvetica$",
    "issue 23 item 14": r"unknown page size 'a3'",
    # printshop's issue 24: dice and pawns have no backs, yet duplex backs add a blank page
    "issue 24 blank back page": r"page \d+: no TrimBox/BleedBox on a page of pieces",
}

SHEETS = ("*.pdf",)  # every PDF a sheet command writes carries pieces


def known(combo: str) -> str | None:
    """The labels of every KNOWN_FAILURES entry that matches ``combo``, joined by " + "."""
    labels = dict.fromkeys(label for pattern, item in KNOWN_FAILURES.items() if fnmatch(combo, pattern)
                           for label in item.split(" + "))
    return " + ".join(labels) or None


def _param(combo: str, args: list[str], expect: tuple[int, ...] = (0,), **extra: Any) -> Any:
    reason = known(combo)
    marks = [pytest.mark.xfail(strict=True, raises=KnownIssue, reason=reason)] if reason else []
    return pytest.param(combo, args, expect, extra, id=combo, marks=marks)


# -- cards ---------------------------------------------------------------------------
CARDS = {
    "deck": ["xlsx", "csv", "settings"], "page": ["a4", "letter", "a3"],
    "backs": ["none", "duplex-long", "duplex-short", "fold"], "arrangement": ["auto", "gap", "touching"],
    "color": ["rgb", "cmyk"], "bleed": ["3", "0"],
    "flag": ["plain", "--cut-lines", "--no-cut-lines", "--proof", "--crop-marks", "--no-crop-marks"],
    "cut": ["none", "svg", "dxf"],
}
# settings: the deck file's build: section sets every sheet option (kitchen.py); the
# flags given win, the rest (margin, gap, crop marks, cut lines) come from it.
DECKS = {"xlsx": "KITCHEN", "csv": "KITCHEN/csv.yaml", "settings": "KITCHEN/settings.yaml"}

# Old spellings (renamed for one meaning per name): they still work, and say on one
# stderr line what to use instead (``deprecated``: a pattern of that line).
DEPRECATED = r"warning: .* is deprecated: use "


def deck_arg(deck: str) -> str:
    return DECKS[deck]


def cards_combos() -> list[Any]:
    out = []
    for r in pairwise(CARDS):
        combo = "cards-" + "-".join(str(r[k]).lstrip("-") for k in CARDS)
        args = ["cards", deck_arg(r["deck"]), "-o", "OUT/cards.pdf", "--page", r["page"], "--backs", r["backs"],
                "--arrangement", r["arrangement"], "--color", r["color"], "--bleed", r["bleed"]]
        args += ["--cut-file", r["cut"]] if r["cut"] != "none" else []
        out.append(_param(combo, args + ([r["flag"]] if r["flag"] != "plain" else []), pieces=SHEETS))
    return out + print_then_cut_combos("cards", ["cards", deck_arg("csv"), "-o", "OUT/cards.pdf"])


def print_then_cut_combos(command: str, base: list[str]) -> list[Any]:
    """``--print-then-cut`` (issue 40) for each machine, defaults first, with an explicit cut file
    and paper, and the refused fold backs (exit 2, nothing written)."""
    out = [_param(f"{command}-print-then-cut-{machine}", [*base, "--print-then-cut", machine], pieces=SHEETS)
           for machine in ("silhouette", "cricut")]
    out.append(_param(f"{command}-print-then-cut-silhouette-svg-letter",
                      [*base, "--print-then-cut", "silhouette", "--cut-file", "svg", "--page", "letter"],
                      pieces=SHEETS))
    out.append(_param(f"{command}-print-then-cut-silhouette-fold",
                      [*base, "--print-then-cut", "silhouette", "--backs", "fold"], expect=(2,), nothing=True))
    return out


# -- images --------------------------------------------------------------------------
IMAGES = {
    "deck": ["xlsx", "csv", "settings"], "preset": ["none", "tgc", "mpc", "dtc", "tts", "screentop", "tabletopia", "pcio"],
    "format": ["default", "png", "jpg", "webp"], "backs": ["default", "back-images", "no-back-images"],
    "bleed": ["default", "0", "3.175"], "jobs": ["1", "2"], "color": ["rgb", "cmyk"],
}


def images_allowed(r: Row) -> bool:
    preset, fmt = r.get("preset"), r.get("format")
    if r.get("color") == "cmyk" and (preset not in (None, "dtc") or fmt not in (None, "default")):
        return False  # cmyk is for the vendor PDF, which takes no --format
    if preset == "dtc" and fmt not in (None, "default"):
        return False
    if preset in ("dtc", "tts", "screentop", "tabletopia", "pcio") and r.get("backs") == "no-back-images":
        return False  # these always include the backs
    bleed = r.get("bleed")
    if preset in ("tgc", "mpc", "dtc") and bleed == "0" or preset == "mpc" and bleed == "3.175":
        return False  # a vendor's bleed is its own (MPC: 1/8 in plus)
    if preset in ("tts", "screentop", "tabletopia", "pcio") and bleed == "3.175":
        return False  # virtual tables take cut-size images
    return not (preset in ("tgc", "mpc", "tts", "screentop", "tabletopia", "pcio") and fmt == "webp")


def images_args(r: Row) -> list[str]:
    args = ["images", deck_arg(r["deck"]), "-o", "OUT/images", "--jobs", r["jobs"], "--color", r["color"]]
    if r["preset"] != "none":
        args += ["--preset", r["preset"]]
    if r["format"] != "default":
        args += ["--format", r["format"]]
    if r["backs"] != "default":
        args.append("--" + r["backs"])
    if r["bleed"] != "default":
        args += ["--bleed", r["bleed"]]
    return args


def images_combos() -> list[Any]:
    out = []
    for r in pairwise(IMAGES, images_allowed):
        combo = "images-" + "-".join(r[k] for k in IMAGES)
        out.append(_param(combo, images_args(r), pieces=("images/*.pdf",)))
    refused = [  # each refused pair once, on its own: exit 2 with an error line, nothing written
        {**{k: v[0] for k, v in IMAGES.items()}, "preset": "tgc", "format": "webp"},
        {**{k: v[0] for k, v in IMAGES.items()}, "preset": "dtc", "format": "png"},
        {**{k: v[0] for k, v in IMAGES.items()}, "preset": "tts", "color": "cmyk"},
        {**{k: v[0] for k, v in IMAGES.items()}, "color": "cmyk"},
        {**{k: v[0] for k, v in IMAGES.items()}, "preset": "tts", "backs": "no-back-images"},
        {**{k: v[0] for k, v in IMAGES.items()}, "preset": "tgc", "bleed": "0"},
        {**{k: v[0] for k, v in IMAGES.items()}, "preset": "tts", "bleed": "3.175"},
        {**{k: v[0] for k, v in IMAGES.items()}, "preset": "screentop", "backs": "no-back-images"},
        {**{k: v[0] for k, v in IMAGES.items()}, "preset": "tabletopia", "bleed": "3.175"},
        {**{k: v[0] for k, v in IMAGES.items()}, "preset": "pcio", "backs": "no-back-images"},
    ]
    for r in refused:
        combo = "images-refused-" + "-".join(r[k] for k in IMAGES)
        out.append(_param(combo, images_args(r), expect=(2,), nothing=True))
    base = ["images", "KITCHEN/csv.yaml", "-o", "OUT/images", "--jobs", "1", "--dpi", "60"]
    for old in (["--bleed"], ["--no-bleed"], ["--backs"], ["--no-backs"], ["--bleed", "--backs"]):
        combo = "images-deprecated" + "".join(old)
        out.append(_param(combo, base + old, pieces=("images/*.pdf",), deprecated=DEPRECATED))
    out.append(_param("images-showcase-settings", ["images", "KITCHEN/settings.yaml", "-o", "OUT/images",
                                                   "--showcase"]))
    return out


# -- tiles ---------------------------------------------------------------------------
TILES = {
    "components": ["tiles", "coins", "dice", "pawns", "tiles,coins,dice,pawns"],
    "arrangement": ["auto", "gap", "touching"], "color": ["rgb", "cmyk"],
    "backs": ["duplex-long", "duplex-short", "fold", "none"], "page": ["a4", "letter"], "packs": ["1", "2"],
    "flag": ["plain", "--cut-lines", "--no-crop-marks", "--bleed=0"],
    "cut": ["none", "svg", "dxf"],
}


def tiles_combos() -> list[Any]:
    out = []
    for r in pairwise(TILES):
        combo = "tiles-" + "-".join(r[k].replace(",", "+").lstrip("-") for k in TILES)
        args = ["tiles", "-o", "OUT/tiles.pdf", "--components", r["components"], "--arrangement", r["arrangement"],
                "--color", r["color"], "--backs", r["backs"], "--page", r["page"], "--packs", r["packs"]]
        args += ["--cut-file", r["cut"]] if r["cut"] != "none" else []
        out.append(_param(combo, args + ([r["flag"]] if r["flag"] != "plain" else []), pieces=SHEETS))
    return out + print_then_cut_combos("tiles", ["tiles", "-o", "OUT/tiles.pdf"])


# -- rules ---------------------------------------------------------------------------
RULES = {"game": list(builtin_names()), "page": ["default", "a4", "letter", "a3"],
         "imposition": ["default", "booklet", "sheet"], "deck": ["bundled", "kitchen", "settings"],
         "color": ["rgb", "cmyk"]}


def rules_combos() -> list[Any]:
    out = []
    for r in pairwise(RULES, lambda r: r.get("deck") in (None, "bundled") or r.get("game") in (None, "weiji")):
        combo = "rules-" + "-".join(r[k] for k in RULES)
        args = ["rules", r["game"], "-o", "OUT/rules.pdf"]
        args += ["--page", r["page"]] if r["page"] != "default" else []
        args += ["--imposition", r["imposition"]] if r["imposition"] != "default" else []
        args += ["--color", "cmyk"] if r["color"] == "cmyk" else []
        decks = {"kitchen": ["--deck", "KITCHEN"], "settings": ["--deck", "KITCHEN/settings.yaml"]}
        out.append(_param(combo, args + decks.get(r["deck"], [])))
    out.append(_param("rules-deprecated-format", ["rules", "weiji", "-o", "OUT/rules.pdf", "--format", "sheet"],
                      deprecated=DEPRECATED))
    return out


# -- tuckbox -------------------------------------------------------------------------
TUCKBOX = {"deck": ["xlsx", "csv", "settings"], "color": ["rgb", "cmyk"], "sleeves": ["plain", "sleeves"],
           "thickness": ["default", "0.35", "thick"], "page": ["default", "a4", "letter", "a3"]}


def tuckbox_allowed(r: Row) -> bool:
    """The kitchen deck sleeved is a box larger than A4 holds (on thick stock, larger than
    Letter too): those pairs are left out; a box too big for its page is tested once as the
    clear "use --page ..." error (tuckbox-too-big)."""
    if r.get("sleeves") != "sleeves":
        return True
    if r.get("thickness") in ("0.35", "thick"):
        return r.get("page") in (None, "a3")
    return r.get("page") != "a4"  # sleeved: the kitchen deck's box needs Letter or larger


def tuckbox_combos() -> list[Any]:
    out = []
    for r in pairwise(TUCKBOX, tuckbox_allowed):
        combo = "tuckbox-" + "-".join(r[k] for k in TUCKBOX)
        args = ["tuckbox", deck_arg(r["deck"]), "-o", "OUT/box.pdf", "--color", r["color"]]
        args += ["--sleeves"] if r["sleeves"] == "sleeves" else []
        args += ["--card-thickness", r["thickness"]] if r["thickness"] != "default" else []
        args += ["--page", r["page"]] if r["page"] != "default" else []
        out.append(_param(combo, args, pieces=("box.pdf",)))
    out.append(_param("tuckbox-too-big", ["tuckbox", "KITCHEN", "-o", "OUT/box.pdf", "--count", "400"], (2,)))
    return out


# -- check ---------------------------------------------------------------------------
CHECK = {"deck": ["xlsx", "csv", "settings"], "output": ["tables", "json"], "report": ["no-report", "report"],
         "suggest": ["no-suggest", "suggest"], "strategy": ["default", "best", "random", "expert"],
         "jobs": ["1", "2"], "warnings": ["default", "fail-on-warnings"]}


def check_combos() -> list[Any]:
    out = []
    for r in pairwise(CHECK):
        combo = "check-" + "-".join(r[k] for k in CHECK)
        args = ["check", deck_arg(r["deck"]), "--games", "200", "--jobs", r["jobs"]]
        args += ["--json"] if r["output"] == "json" else []
        args += ["--report", "OUT/balance.pdf"] if r["report"] == "report" else []
        args += ["--suggest"] if r["suggest"] == "suggest" else []
        args += ["--strategy", r["strategy"]] if r["strategy"] != "default" else []
        args += ["--fail-on-warnings"] if r["warnings"] != "default" else []
        out.append(_param(combo, args, expect=(0, 1), json=r["output"] == "json"))
    out.append(_param("check-settings-games", ["check", "KITCHEN/settings.yaml", "--json", "--jobs", "1"],
                      expect=(0, 1), json=True))  # the project's balance.games: 50
    out.append(_param("check-deprecated-strict", ["check", "KITCHEN/csv.yaml", "--games", "0", "--strict"],
                      expect=(0, 1), deprecated=DEPRECATED))
    return out


def run_combination(deckpress: Deckpress, tmp_path: Path, combo: str, args: list[str],
                    expect: tuple[int, ...], extra: dict[str, Any]) -> None:
    """Run one combination in ``tmp_path`` and check everything about it."""
    out = tmp_path / "out"
    out.mkdir()
    args = [a.replace("KITCHEN", str(deckpress.kitchen)).replace("OUT", str(out)) for a in args]
    result = deckpress.run(args, cwd=tmp_path)
    outcome = examine(result, args, out, expect, extra.get("pieces", ()))
    if result.returncode == 0 and args[0] != "check" and not any(out.rglob("*")):
        outcome.problems.append("exit 0 but nothing written")
    if extra.get("nothing") and any(out.rglob("*")):
        outcome.problems.append("refused (exit 2) but files were written")
    warned = [line for line in result.stderr.splitlines() if "deprecated" in line]
    if extra.get("deprecated") and not (len(warned) == len(set(warned)) >= 1
                                        and all(re.match(extra["deprecated"], w) for w in warned)):
        outcome.problems.append(f"an old spelling did not say (once) what to use instead: {warned}")
    if not extra.get("deprecated") and warned:
        outcome.problems.append(f"a current spelling was called deprecated: {warned}")
    if extra.get("json") and result.returncode in (0, 1):
        try:
            json.loads(result.stdout)
        except ValueError:
            outcome.problems.append("--json printed no JSON object on stdout")
    conclude(outcome, known(combo), SIGNS)


PARAMS = "combo, args, expect, extra"
