"""Dielines: cut and fold lines a die-cutting shop can take off the printed plates.

A print shop's die-cutter (or its cutting table) reads the cut path from the PDF itself, as
a *named spot colour*: a Separation colour space whose plate is never printed (the shop
sets it to non-printing, or its RIP knows the name). So in a file for a print shop
(``--color cmyk``) the cut line is stroked in the spot colour :data:`CUT` (``Dieline``)
and the fold (crease) lines in :data:`FOLD` (``Crease``), each overprinting (``/OP true``),
so the artwork under them stays whole on the printed plates. On screen and on a proof the
spot colours show as their alternates: 100 % magenta (cut) and 100 % cyan (folds).

For home printing (an RGB file, or ``--dieline guide``) the same lines are a visible grey
guide instead, printed over the art: scissors follow them.

:data:`MODES`: ``spot`` (the spot colours) or ``guide`` (grey lines); :func:`mode_for`
picks ``spot`` for CMYK files and ``guide`` for RGB ones unless the designer says.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import CMYKColorSep

from ..errors import ParameterError

CUT = "Dieline"  # the spot colour of cut lines
FOLD = "Crease"  # the spot colour of fold lines
MODES = ("spot", "guide")
CUT_ALTERNATE = (0.0, 1.0, 0.0, 0.0)  # how the cut line shows on screen: 100 % magenta
FOLD_ALTERNATE = (1.0, 0.0, 0.0, 0.0)  # the folds: 100 % cyan


def mode_for(dieline: str | None, color: str) -> str:
    """``dieline`` checked, or the default for ``color`` (spot in CMYK, a visible guide in RGB)."""
    if dieline is None:
        return "spot" if color == "cmyk" else "guide"
    mode = dieline.strip().lower()
    if mode not in MODES:
        raise ParameterError(f"--dieline {dieline!r} is not valid; valid: {', '.join(MODES)}")
    return mode


def spot_colour(name: str) -> CMYKColorSep:
    c, m, y, k = CUT_ALTERNATE if name == CUT else FOLD_ALTERNATE
    return CMYKColorSep(c, m, y, k, spotName=name, density=1)


def stroke_spot(canvas: Any, name: str) -> None:
    """Stroke from here on in the spot colour ``name`` (a Separation), overprinting.

    Written straight into the content stream (``/Dieline CS 1 SCN``), past a CMYK canvas's
    conversion of every colour to process inks; call inside ``saveState``/``restoreState``."""
    colour = spot_colour(name)
    resource = canvas._checkSeparation(colour)  # ReportLab adds the Separation to the page's resources
    canvas._code.append(f"/{resource} CS 1 SCN")
    canvas._strokeColorObj = colour
    canvas.setStrokeOverprint(True)
    canvas.setOverprintMask(1)
