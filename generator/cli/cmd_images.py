"""``deckpress images``: card images for print vendors and virtual tabletops."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..deck.model import Deck
from ..errors import ParameterError
from ..executor import parse_jobs
from ..images import PRESETS, deck_pieces, export_pieces, plan_export
from ..images.presets import ExportPlan
from ..render.geometry import parse_card_size
from . import options
from .app import app, friendly
from .checked import load_checked
from .lang_args import in_language
from .progress import progress_bar
from .project_args import checked, from_project, setting
from .sheet_args import echo_notes


@app.command(cls=options.BareBleed)  # a bare --bleed (the old switch) still reads, with a warning
@friendly
def images(
    deck: options.DeckArg,
    output: Path = typer.Option(..., "-o", "--output", help="The folder to write into.", show_default=False),
    dpi: options.Dpi = None,
    bleed: options.ImageBleed = None,
    format: options.ImageFormat = None,
    back_images: options.BackImages = None,
    preset: str | None = typer.Option(None, "--preset", help=f"A vendor preset: {', '.join(PRESETS)} "
                                      "(see docs/images.md); build.images in the deck file does not apply to it.",
                                      show_default=False),
    corner_radius: float | None = typer.Option(None, "--corner-radius",
                                               help="Round the corners by this many mm (transparent; png, webp).",
                                               show_default=False),
    color: str = typer.Option("rgb", "--color", help="rgb, or cmyk for the vendor PDF (--preset dtc): CMYK colours and images, a CMYK output intent, no transparency (see docs/images.md)."),
    layout: options.Layout = None,
    size: options.Size = None,
    jobs: options.Jobs = "auto",
    strict: options.Strict = False,
    lang: options.Lang = None,
    showcase: bool = typer.Option(False, "--showcase", help="Instead of one image per card: a fan of cards in hand and a tidy spread (showcase-fan.png, showcase-spread.png) with soft shadows."),
    cards: str | None = typer.Option(None, "--cards", metavar="IDS", help="With --showcase: the cards to show, comma-separated (default: build.showcase.cards, else the first five).", show_default=False),
    background: str | None = typer.Option(None, "--background", help="With --showcase: transparent, or a colour (white, #1e1e2e) (default: build.showcase.background, else transparent).", show_default=False),
    showcase_width: int | None = typer.Option(None, "--showcase-width", help="With --showcase: each picture's width in pixels (default: build.showcase.width, else 1600).", show_default=False),
    old_backs: options.OldImageBacks = None,
    old_no_bleed: options.OldNoBleed = False,
) -> None:
    """Card images: one per face (and back) at exact pixel size and DPI; tgc, mpc, dtc, tts presets."""
    workers = parse_jobs(jobs)
    if back_images is None:
        back_images = old_backs
    if old_no_bleed and bleed is None:
        bleed = 0.0
    loaded = in_language(load_checked(deck), lang, strict, layout)
    if showcase:
        from ..images.showcase import ShowcaseOptions, write_showcase

        pieces = deck_pieces(loaded, layout, parse_card_size(size) if size else None, strict=strict)
        ids = tuple(i.strip() for i in cards.split(",") if i.strip()) if cards else None
        chosen = ShowcaseOptions(setting(loaded, "showcase", "width", showcase_width, 1600),
                                 setting(loaded, "showcase", "background", background, "transparent"),
                                 tuple(setting(loaded, "showcase", "cards", ids, ())))
        written = write_showcase(pieces, output, chosen)
        typer.echo(f"{output}: " + ", ".join(p.name for p in written))
        return
    if cards is not None or background is not None or showcase_width is not None:
        raise ParameterError("--cards, --background and --showcase-width go with --showcase")
    plan = _plan(loaded, preset.lower() if preset else None, dpi=dpi, bleed=bleed,
                 format=format.lower() if format else None, back_images=back_images,
                 corner_radius=corner_radius, color=color.lower())
    pieces = deck_pieces(loaded, layout, parse_card_size(size) if size else None, strict=strict)
    with progress_bar() as bar:
        task = bar.add_task(f"{loaded.name}", total=None)
        report = export_pieces(
            pieces, output, plan, name=loaded.key or "deck", title=loaded.name,
            jobs=workers, language=loaded.language if loaded.languages else "",
            progress=lambda done, total: bar.update(task, completed=done, total=total),
        )
    echo_notes(report)
    kit = [p for p in report.files if p.name in ("quantities.csv", "UPLOAD.md")]  # the vendor upload kit
    made = [p for p in report.files if p not in kit]
    what = {"images": "image files", "tts": "Tabletop Simulator files",
            "pdf": "vendor PDF" if len(made) == 1 else "vendor PDFs"}[report.output]
    typer.echo(f"{output}: {len(made)} {what}{' + upload kit (quantities.csv, UPLOAD.md)' if kit else ''} "
               f"({report.rendered} images in "
               f"{report.seconds:.1f} s, {report.per_second:.1f}/s)")


def _plan(deck: Deck, preset: str | None, *, dpi: float | None, bleed: float | None, format: str | None,
          back_images: bool | None, corner_radius: float | None, color: str) -> ExportPlan:
    """The flags, then (without a vendor preset, which fixes its own) the project's
    ``build.images``, then the defaults."""
    given: dict[str, Any] = {"dpi": dpi, "bleed": bleed, "format": format, "back_images": back_images}
    if preset is None:
        used = {key: from_project(deck, "images", key, value) for key, value in given.items()}
        given = {key: setting(deck, "images", key, value, None) for key, value in given.items()}
    else:
        used = {}
    return checked(deck, "images", used, lambda: plan_export(
        preset, dpi=given["dpi"], bleed=given["bleed"], format=given["format"], backs=given["back_images"],
        corner_radius=corner_radius, color=color))
