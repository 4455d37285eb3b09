"""``deckpress images``: card images for print vendors and virtual tabletops."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..deck.model import Deck
from ..deck.resolve import checked, resolve
from ..deck.settings import ImageFilesIn, ShowcaseIn
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
    pdfx: str | None = typer.Option(None, "--pdfx", help="With --color cmyk: the PDF/X-1a standard of the vendor PDF, 2003 (default: DriveThruCards' publisher guide) or 2001 (the older one).", show_default=False),
    layout: options.Layout = None,
    size: options.Size = None,
    jobs: options.Jobs = "auto",
    strict: options.Strict = False,
    lang: options.Lang = None,
    showcase: bool = typer.Option(False, "--showcase", help="Instead of one image per card: a fan of cards in hand and a tidy spread (showcase-fan.png, showcase-spread.png) with soft shadows."),
    cards: str | None = typer.Option(None, "--cards", metavar="IDS", help="With --showcase: the cards to show, comma-separated (default: build.showcase.cards, else the first five).", show_default=False),
    background: str | None = typer.Option(None, "--background", help="With --showcase: transparent, or a colour (white, #1e1e2e) (default: build.showcase.background, else transparent).", show_default=False),
    showcase_width: int | None = typer.Option(None, "--showcase-width", help="With --showcase: each picture's width in pixels (default: build.showcase.width, else 1600).", show_default=False),
    base_url: str | None = typer.Option(None, "--base-url", metavar="URL", show_default=False,
                                        help="With --preset tts: where you upload the sheets (https://.../); the saved object's image URLs start with it (default: file:/// paths on this computer)."),
    old_backs: options.OldImageBacks = None,
    old_no_bleed: options.OldNoBleed = False,
) -> None:
    """Card images: one per face (and back) at exact pixel size and DPI; tgc, mpc, dtc, tts, screentop, tabletopia, pcio presets."""
    workers = parse_jobs(jobs)
    if back_images is None:
        back_images = old_backs
    if old_no_bleed and bleed is None:
        bleed = 0.0
    loaded = in_language(load_checked(deck), lang, strict, layout)
    if showcase:
        from ..images.showcase import ShowcaseOptions, write_showcase

        pieces = deck_pieces(loaded, layout, parse_card_size(size) if size else None, strict=strict)
        ids = [i.strip() for i in cards.split(",") if i.strip()] if cards else None
        show = resolve(loaded.build, "showcase", ShowcaseIn,
                       {"width": showcase_width, "background": background, "cards": ids})
        chosen = checked(loaded, show, lambda v: ShowcaseOptions(v.width, v.background, tuple(v.cards)))
        written = write_showcase(pieces, output, chosen)
        typer.echo(f"{output}: " + ", ".join(p.name for p in written))
        return
    if cards is not None or background is not None or showcase_width is not None:
        raise ParameterError("--cards, --background and --showcase-width go with --showcase")
    if base_url is not None:
        check_base_url(base_url, preset)
    plan = _plan(loaded, preset.lower() if preset else None, dpi=dpi, bleed=bleed,
                 format=format.lower() if format else None, back_images=back_images,
                 corner_radius=corner_radius, color=color.lower(), pdfx=pdfx)
    pieces = deck_pieces(loaded, layout, parse_card_size(size) if size else None, strict=strict)
    finished = [0, 0]  # sides rendered, of all: what an interrupt reports

    def advance(done: int, total: int) -> None:
        finished[:] = [done, total]
        bar.update(task, completed=done, total=total)

    with progress_bar() as bar:
        task = bar.add_task(f"{loaded.name}", total=None)
        try:
            report = export_pieces(
                pieces, output, plan, name=loaded.key or "deck", title=loaded.name,
                jobs=workers, language=loaded.language if loaded.languages else "",
                progress=advance, base_url=base_url,
            )
        except KeyboardInterrupt as exc:
            from .signals import exit_code, message

            bar.stop()
            typer.echo(f"{message()}: at least {finished[0]} of {finished[1] or 'the'} card sides were finished; "
                       "every file written is whole and no partial file was left behind", err=True)
            raise typer.Exit(exit_code(exc)) from None
    echo_notes(report)
    kit = [p for p in report.files if p.name in ("quantities.csv", "UPLOAD.md")]  # the vendor upload kit
    made = [p for p in report.files if p not in kit]
    what = {"images": "image files", "tts": "Tabletop Simulator files", "screentop": "Screentop.gg files",
            "pcio": "playingcards.io room file",
            "pdf": "vendor PDF" if len(made) == 1 else "vendor PDFs"}[report.output]
    typer.echo(f"{output}: {len(made)} {what}{' + upload kit (quantities.csv, UPLOAD.md)' if kit else ''} "
               f"({report.rendered} images in "
               f"{report.seconds:.1f} s, {report.per_second:.1f}/s)")


def _plan(deck: Deck, preset: str | None, *, dpi: float | None, bleed: float | None, format: str | None,
          back_images: bool | None, corner_radius: float | None, color: str,
          pdfx: str | None = None) -> ExportPlan:
    """The flags, then (without a vendor preset, which fixes its own) the project's
    ``build.images``, then the defaults."""
    given: dict[str, Any] = {"dpi": dpi, "bleed": bleed, "format": format, "back_images": back_images}
    if preset is not None:  # the preset's own values, then the flags (each checked against the preset)
        return plan_export(preset, dpi=dpi, bleed=bleed, format=format, backs=back_images,
                           corner_radius=corner_radius, color=color, pdfx=pdfx)
    return checked(deck, resolve(deck.build, "images", ImageFilesIn, given), lambda images: plan_export(
        None, dpi=images.dpi, bleed=images.bleed, format=images.format, backs=images.back_images,
        corner_radius=corner_radius, color=color, pdfx=pdfx))


def check_base_url(base_url: str, preset: str | None) -> None:
    """``--base-url`` goes with the TTS preset and is a web address."""
    from urllib.parse import urlsplit

    if (preset or "").lower() != "tts":
        raise ParameterError("--base-url goes with --preset tts (the saved object's image URLs)")
    parts = urlsplit(base_url)
    if parts.scheme not in ("https", "http") or not parts.netloc:
        raise ParameterError(f"--base-url {base_url!r}: give the web address the sheets are uploaded to, "
                             "such as https://example.com/my-deck/")
