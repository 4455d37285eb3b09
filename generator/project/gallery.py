"""``output/index.html``: a static page of every deck in the output folder with
thumbnails, links, render warnings and the balance verdict. Plain HTML and CSS;
no network resources.

Each deck's folder keeps a small record of the deck it was built from
(``<deck>/.deck.json``: name, game, cards, source file, warnings), so the page
lists every deck the folder holds, not only the last build's. ``deckpress
watch`` serves the same page with every card shown and live updates
(``render_gallery(..., live=True)``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from PIL import Image

from ..images.files import safe_name
from ..paths import templates_dir
from ..render.atomic import atomic_write

if TYPE_CHECKING:
    from ..deck import Deck
    from .run import BuildSummary

THUMB_HEIGHT = 300  # px; shown at 150 px for sharp high-DPI screens
FACES_SHOWN = 5
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
RECORD = ".deck.json"  # in each deck's output folder: what the gallery needs to list it


def write_gallery(summary: BuildSummary) -> Path:
    out = summary.out
    for deck in summary.decks:
        for lang in ("", *deck.languages[1:]):  # the source in <deck>/, each translation in <deck>/<lang>/
            prefix = deck.key + "/"
            mine = [r for r in summary.results if r.job.id.startswith(prefix) and r.job.lang == lang]
            warnings = [w for r in mine if r.job.kind != "balance" for w in r.warnings]
            errors = [f"{r.job.id}: {r.error}" for r in mine if r.error]
            write_record(out, _in_language(deck, lang), warnings=warnings, errors=errors, lang=lang)
    html = render_gallery(out, first=[d.key for d in summary.decks], failed=summary.failed_decks)
    page = out / "index.html"
    with atomic_write(page) as tmp:
        Path(tmp).write_text(html, encoding="utf-8")
    return page


def _in_language(deck: Deck, lang: str) -> Deck:
    from ..deck.languages import localize
    from ..errors import DeckpressError

    try:
        return localize(deck, lang or None)[0]
    except DeckpressError:  # the build's jobs report it
        return deck


def write_record(out: Path, deck: Deck, *, warnings: Sequence[str] | None = None,
                 errors: Sequence[str] | None = None, lang: str = "") -> None:
    """Remember what ``out/<deck key>/`` (a translation: ``out/<deck key>/<lang>/``) was
    built from; warnings and errors left as None keep the recorded ones (a quick
    rebuild of a few card images)."""
    folder = out / deck.key / lang if lang else out / deck.key
    old = read_record(folder)
    record = {
        "languages": list(deck.languages),
        "language": deck.language,
        "name": deck.name,
        "game": deck.game,
        "kind": deck.kind,
        "copies": sum(c.copies for c in deck.cards),
        "cards": [[safe_name(c.id), c.id, c.name] for c in deck.cards],
        "source": str(deck.path) if deck.path is not None else "",
        "warnings": list(dict.fromkeys(warnings)) if warnings is not None else old.get("warnings", []),
        "errors": list(errors) if errors is not None else old.get("errors", []),
    }
    with atomic_write(folder / RECORD) as tmp:
        tmp.write_text(json.dumps(record, indent=1), encoding="utf-8")


def read_record(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def render_gallery(
    out: Path,
    *,
    first: Sequence[str] = (),
    failed: Mapping[str, str] | None = None,
    live: bool = False,
    problems: Sequence[str] = (),
    status: str = "",
    version: int = 0,
    balance: Sequence[str] = (),
) -> str:
    """The page: ``first`` decks (this build's) in order, then every other deck
    folder in ``out`` by name. ``live`` shows every card image full-size-on-click
    and subscribes to ``/events``; ``problems`` go in a banner at the top."""
    keys = [k for k in first if (out / k / RECORD).is_file()]
    keys += sorted(p.parent.name for p in out.glob(f"*/{RECORD}") if p.parent.name not in keys)
    keys = [k for key in keys for k in (key, *_translations(out, key))]
    thumbs = out / "_gallery"
    if not live:
        thumbs.mkdir(exist_ok=True)
    decks = [_deck_entry(key, read_record(out / key), out, thumbs, live) for key in keys]
    names = [d["name"] for d in decks]
    for entry in decks:
        entry["shared_name"] = names.count(entry["name"]) > 1
    booklets = []
    for pdf in sorted((out / "rules").glob("*.pdf")):
        thumb = thumbs / f"rules-{pdf.stem}.png"
        if thumb.is_file() if live else _pdf_thumb(pdf, thumb):
            booklets.append({"href": _rel(pdf, out), "src": _rel(thumb, out), "alt": pdf.stem, "caption": pdf.stem})
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates_dir() / "gallery"), autoescape=True)
    return env.get_template("index.html.j2").render(
        decks=decks, booklets=booklets, failed=failed or {}, live=live, problems=list(problems),
        status=status, version=version, balance=list(balance),
        deck_count=sum("/" not in key for key in keys),  # a deck in three languages is one deck
    )


def _translations(out: Path, key: str) -> list[str]:
    """``key/<lang>`` for each declared translation built into ``out/<key>/<lang>/``."""
    languages = read_record(out / key).get("languages", [])
    return [f"{key}/{lang}" for lang in languages[1:] if isinstance(lang, str) and (out / key / lang / RECORD).is_file()]


def _languages(key: str, record: dict[str, Any], out: Path) -> list[dict[str, Any]]:
    """The links that switch between a deck's languages (none for a one-language deck)."""
    source = key.split("/")[0]
    languages = [lang for lang in record.get("languages", []) if isinstance(lang, str)]
    if len(languages) < 2:
        return []
    built = [languages[0], *(lang for lang in languages[1:] if (out / source / lang / RECORD).is_file())]
    current = record.get("language") or languages[0]
    return [{"lang": lang, "anchor": source if i == 0 else f"{source}-{lang}", "current": lang == current}
            for i, lang in enumerate(built)]


def _deck_entry(key: str, record: dict[str, Any], out: Path, thumbs: Path, live: bool) -> dict[str, Any]:
    folder = out / key
    own = {lang for lang in record.get("languages", [])[1:] if "/" not in key}  # translations' subfolders
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not _hidden(p, folder)
                   and p.relative_to(folder).parts[0] not in own) if folder.is_dir() else []
    cards = {stem: (i, ident, name) for i, (stem, ident, name) in enumerate(record.get("cards", []))}
    images = sorted((p for p in files if p.suffix.lower() in IMAGE_SUFFIXES and p.parent.name == "images"),
                    key=lambda p: (cards.get(p.stem, (len(cards),))[0], p.name))  # deck order
    backs = [p for p in images if "back" in p.stem]
    faces = [p for p in images if p not in backs]
    shown = faces + backs[:1] if live else faces[:FACES_SHOWN] + backs[:1]
    entry_thumbs = []
    for image in shown:
        own_back = image.with_name(f"{image.stem}-back{image.suffix}")
        back = own_back if own_back.is_file() else (backs[0] if backs and image not in backs else None)
        if live:  # the image itself, its modification time busting the browser's cache
            src = f"{_rel(image, out)}?v={image.stat().st_mtime_ns}"
        else:
            thumb = thumbs / f"{key.replace('/', '-')}-{image.stem}.png"
            _image_thumb(image, thumb)
            src = _rel(thumb, out)
        _, ident, name = cards.get(image.stem, (0, image.stem, ""))
        caption = "back" if image in backs else (f"{ident} · {name}" if live and name else ident)
        entry_thumbs.append({
            "href": _rel(image, out), "src": src, "alt": f"{record.get('name', key)} {caption}",
            "caption": caption, "back": _rel(back, out) + (f"?v={back.stat().st_mtime_ns}" if live else "")
            if back is not None else "",
        })
    verdict, verdict_text, findings = _verdict(folder / "balance.json")
    showcase = [{"href": _rel(p, out), "src": _rel(p, out) + (f"?v={p.stat().st_mtime_ns}" if live else ""),
                 "alt": f"{record.get('name', key)} {p.stem.replace('-', ' ')}"}
                for p in sorted((folder / "showcase").glob("showcase-*.png"))]  # build: outputs: [showcase]
    return {
        "key": key,
        "anchor": key.replace("/", "-"),
        "languages": _languages(key, record, out),
        "name": record.get("name", key),
        "game": record.get("game", ""),
        "kind": record.get("kind", "cards"),
        "cards": record.get("copies", len(faces)),
        "source": record.get("source", ""),
        "warnings": record.get("warnings", []),
        "error": "\n".join(record.get("errors", [])),
        "thumbs": entry_thumbs,
        "showcase": showcase,
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
        group = "Images" if name.startswith(("images/", "images-", "showcase/")) else "Balance" if name.startswith("balance") else "Print"
        groups[group].append({"href": _rel(path, out), "name": name.removeprefix("images/")})  # vendor kits keep their folder
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


def _up_to_date(thumb: Path, source: Path) -> bool:
    try:
        return thumb.stat().st_mtime_ns >= source.stat().st_mtime_ns
    except OSError:
        return False


def _image_thumb(source: Path, thumb: Path) -> None:
    if _up_to_date(thumb, source):
        return
    with Image.open(source) as im:
        rgb = im.convert("RGB")
    rgb.thumbnail((THUMB_HEIGHT * 2, THUMB_HEIGHT))
    with atomic_write(thumb) as tmp:
        rgb.save(tmp, format="PNG", optimize=True)


def _pdf_thumb(pdf: Path, thumb: Path) -> bool:
    import pypdfium2 as pdfium

    if _up_to_date(thumb, pdf):
        return True
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


def _hidden(path: Path, folder: Path) -> bool:
    """Records, manifests and half-made folders (``.images.new``) are not outputs."""
    return any(part.startswith(".") for part in path.relative_to(folder).parts)


def _rel(path: Path, out: Path) -> str:
    return path.relative_to(out).as_posix()
