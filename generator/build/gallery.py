"""``output/index.html``: a static page of every deck with thumbnails, links and
the balance verdict. Plain HTML and CSS; no network resources."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from PIL import Image

from ..paths import templates_dir
from ..render.atomic import atomic_write

if TYPE_CHECKING:
    from .run import BuildSummary

THUMB_HEIGHT = 300  # px; shown at 150 px for sharp high-DPI screens
FACES_SHOWN = 5
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")


def write_gallery(summary: BuildSummary) -> Path:
    out = summary.out
    thumbs = out / "_gallery"
    thumbs.mkdir(exist_ok=True)
    decks = [_deck_entry(deck, out, thumbs) for deck in summary.decks]
    for entry in decks:
        errors = [r.error for r in summary.results if r.job.id.startswith(entry["key"] + "/") and r.error]
        entry["error"] = "\n".join(e for e in errors if e)
    booklets = []
    for pdf in sorted((out / "rules").glob("*.pdf")):
        thumb = thumbs / f"rules-{pdf.stem}.png"
        if _pdf_thumb(pdf, thumb):
            booklets.append({"href": _rel(pdf, out), "src": _rel(thumb, out), "alt": pdf.stem, "caption": pdf.stem})
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates_dir() / "gallery"), autoescape=True)
    html = env.get_template("index.html.j2").render(decks=decks, booklets=booklets, failed=summary.failed_decks)
    page = out / "index.html"
    with atomic_write(page) as tmp:
        Path(tmp).write_text(html, encoding="utf-8")
    return page


def _deck_entry(deck: Any, out: Path, thumbs: Path) -> dict[str, Any]:
    folder = out / deck.key
    files = sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []
    order = {card.id: i for i, card in enumerate(deck.cards)}  # thumbnails in deck order
    images = sorted((p for p in files if p.suffix.lower() in IMAGE_SUFFIXES and p.parent.name == "images"),
                    key=lambda p: (order.get(p.stem, len(order)), p.name))
    backs = [p for p in images if "back" in p.stem]
    faces = [p for p in images if p not in backs]
    shown = faces[:FACES_SHOWN] + backs[:1]
    entry_thumbs = []
    for image in shown:
        thumb = thumbs / f"{deck.key}-{image.stem}.png"
        _image_thumb(image, thumb)
        caption = "back" if image in backs else image.stem
        entry_thumbs.append({"href": _rel(image, out), "src": _rel(thumb, out), "alt": f"{deck.name} {caption}", "caption": caption})
    verdict, verdict_text, findings = _verdict(folder / "balance.json")
    return {
        "key": deck.key,
        "name": deck.name,
        "game": deck.game,
        "kind": deck.kind,
        "cards": sum(c.copies for c in deck.cards),
        "thumbs": entry_thumbs,
        "groups": _groups(files, folder, out),
        "verdict": verdict,
        "verdict_text": verdict_text,
        "findings": findings,
    }


def _groups(files: list[Path], folder: Path, out: Path) -> list[dict[str, Any]]:
    """The deck's files in three groups: what to print, the balance report, the images."""
    groups: dict[str, list[dict[str, str]]] = {"Print": [], "Balance": [], "Images": []}
    for path in files:
        name = path.relative_to(folder).as_posix()
        group = "Images" if name.startswith("images/") else "Balance" if name.startswith("balance") else "Print"
        groups[group].append({"href": _rel(path, out), "name": name.removeprefix("images/")})
    return [{"title": title, "files": items, "fold": title == "Images"} for title, items in groups.items() if items]


def _verdict(path: Path) -> tuple[str, str, list[str]]:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return "none", "no balance report", []
    findings = data.get("findings", []) if isinstance(data, dict) else []
    levels = [f.get("level") for f in findings if isinstance(f, dict)]
    lines = [f"{f.get('level')}: {f.get('message')}" for f in findings if isinstance(f, dict)][:8]
    if "error" in levels:
        return "errors", f"{levels.count('error')} balance error(s)", lines
    if "warning" in levels:
        return "warnings", f"{levels.count('warning')} balance warning(s)", lines
    return "clean", "balanced: no findings", lines


def _image_thumb(source: Path, thumb: Path) -> None:
    with Image.open(source) as im:
        rgb = im.convert("RGB")
    rgb.thumbnail((THUMB_HEIGHT * 2, THUMB_HEIGHT))
    with atomic_write(thumb) as tmp:
        rgb.save(tmp, format="PNG", optimize=True)


def _pdf_thumb(pdf: Path, thumb: Path) -> bool:
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(str(pdf))
    except pdfium.PdfiumError:
        return False
    try:
        page = doc[0]
        scale = THUMB_HEIGHT / page.get_height()
        image = page.render(scale=scale).to_pil().convert("RGB")
        with atomic_write(thumb) as tmp:
            image.save(tmp, format="PNG", optimize=True)
        return True
    finally:
        doc.close()


def _rel(path: Path, out: Path) -> str:
    return path.relative_to(out).as_posix()
