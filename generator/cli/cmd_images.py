"""``deckpress images``: card images for print vendors and virtual tabletops."""

from __future__ import annotations

from pathlib import Path

import typer

from ..errors import ParameterError
from ..executor import parse_jobs
from ..images import FORMATS, PRESETS, deck_pieces, export_pieces, plan_export
from ..render.geometry import parse_card_size
from . import options
from .app import app, friendly
from .checked import load_checked
from .lang_args import in_language
from .progress import progress_bar
from .sheet_args import echo_notes


@app.command()
@friendly
def images(
    deck: str = options.DeckArg,
    output: Path = typer.Option(..., "-o", "--output", help="The folder to write into.", show_default=False),
    dpi: float | None = typer.Option(None, "--dpi", help="Pixels per inch, 30-1200 (default 300).",
                                      show_default=False),
    bleed: bool | None = typer.Option(None, "--bleed/--no-bleed",
                                      help="Add 1/8 in (3.175 mm) of bleed art around each image "
                                      "(default: no bleed; vendor presets set theirs).", show_default=False),
    format: str | None = typer.Option(None, "--format", help=f"Image format: {', '.join(FORMATS)} (default png).",
                                      show_default=False),
    backs: bool | None = typer.Option(None, "--backs/--no-backs",
                                      help="Also write the backs (default: no; presets: yes).",
                                      show_default=False),
    preset: str | None = typer.Option(None, "--preset", help=f"A vendor preset: {', '.join(PRESETS)} "
                                      "(see docs/images.md).", show_default=False),
    corner_radius: float | None = typer.Option(None, "--corner-radius",
                                               help="Round the corners by this many mm (transparent; png, webp).",
                                               show_default=False),
    color: str = typer.Option("rgb", "--color", help="rgb, or cmyk for the vendor PDF (--preset dtc): CMYK colours and images, a CMYK output intent, no transparency (see docs/images.md)."),
    layout: str | None = typer.Option(None, "--layout", help="A layout file, name or folder."),
    size: str | None = typer.Option(None, "--size", help="Card size: a preset (poker, bridge, ...) or WxH mm."),
    jobs: str = options.Jobs,
    strict: bool = options.Strict,
    lang: str | None = options.Lang,
    showcase: bool = typer.Option(False, "--showcase", help="Instead of one image per card: a fan of cards in hand and a tidy spread (showcase-fan.png, showcase-spread.png) with soft shadows."),
    cards: str | None = typer.Option(None, "--cards", metavar="IDS", help="With --showcase: the cards to show, comma-separated (default: the first five).", show_default=False),
    background: str = typer.Option("transparent", "--background", help="With --showcase: transparent, or a colour (white, #1e1e2e)."),
    showcase_width: int = typer.Option(1600, "--showcase-width", help="With --showcase: each picture's width in pixels."),
) -> None:
    """Card images: one per face (and back) at exact pixel size and DPI; tgc, mpc, dtc, tts presets."""
    workers = parse_jobs(jobs)
    plan = plan_export(preset.lower() if preset else None, dpi=dpi, bleed=bleed,
                       format=format.lower() if format else None, backs=backs,
                       corner_radius=corner_radius, color=color.lower())
    loaded = in_language(load_checked(deck), lang, strict, layout)
    pieces = deck_pieces(loaded, layout, parse_card_size(size) if size else None, strict=strict)
    if showcase:
        from ..images.showcase import ShowcaseOptions, write_showcase

        ids = tuple(i.strip() for i in cards.split(",") if i.strip()) if cards else ()
        written = write_showcase(pieces, output, ShowcaseOptions(showcase_width, background, ids))
        typer.echo(f"{output}: " + ", ".join(p.name for p in written))
        return
    if cards is not None or background != "transparent" or showcase_width != 1600:
        raise ParameterError("--cards, --background and --showcase-width go with --showcase")
    with progress_bar() as bar:
        task = bar.add_task(f"{loaded.name}", total=None)
        report = export_pieces(
            pieces, output, plan, name=loaded.key or "deck", title=loaded.name,
            jobs=workers,
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
