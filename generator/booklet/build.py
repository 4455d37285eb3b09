"""``build_booklet``: rule parameters + deck -> a printable rule booklet PDF.

The game's template (templates/rules/GAME.md.j2) is rendered with the context
from :mod:`.content`, turned into flowables by :mod:`.markup` and laid out with
platypus. ``format="sheet"`` writes plain A4/Letter pages; ``format="booklet"``
lays the text out on A5 (half-letter) pages and imposes them two-up on
landscape A4 (Letter) in saddle-stitch order (:mod:`.imposition`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, SimpleDocTemplate

from ..deck.limits import RULES_TEXT
from ..deck.model import Deck
from ..errors import ParameterError, Problem, RenderError
from ..games.params import Params
from ..games.registry import entry
from ..i18n import SOURCE, _, coverage, locale_dirs, ngettext, speaking
from ..paths import templates_dir
from ..render.atomic import atomic_write
from ..render.fonts import SANS, register_fonts
from ..render.geometry import page_size
from ..render.layout.sandbox import Budget, CardSandbox
from ..render.piece import Piece
from .content import booklet_context
from .figures import cover, drawn
from .glyphcheck import booklet_glyph_problems, may_lack_glyphs, unset_problems
from .imposition import impose_pdf, padded_count
from .markup import parse, title_flowables
from .setting import LATIN, Script, draw_centred
from .style import BookletStyle, page_style

FORMATS = ("booklet", "sheet")


def booklet_sizes(format: str, page: str) -> tuple[tuple[float, float], tuple[float, float] | None]:
    """(page of the text, sheet it is imposed on) in points, for any page size the
    sheet commands take (``geometry.page_size``): a booklet's text page is half the
    sheet turned landscape (A4 -> A5 pages, letter -> half-letter)."""
    w, h = page_size(page)
    if format == "sheet":
        return (w * mm, h * mm), None
    return (h / 2 * mm, w * mm), (h * mm, w * mm)



@dataclass(frozen=True)
class BookletReport:
    path: Path
    game: str
    format: str
    page: str
    pages: int  # pages of the booklet as read (booklet: padded to a multiple of 4)
    blank: int  # blank pages added to reach a multiple of 4
    sheets: int  # PDF pages written (booklet: sheet sides, two booklet pages each)
    params: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # a catalogue that lacks sentences of this booklet


def rules_search_path(deck: Deck | None = None) -> list[Path]:
    """Where rule templates are looked up: the deck's project folder (``rules/``)
    first, so a designer's own text wins, then the bundled templates."""
    own = [deck.folder / "rules"] if deck is not None and deck.folder is not None else []
    return [p for p in own if p.is_dir()] + [templates_dir() / "rules"]


def render_rules_text(game: str, context: dict[str, Any], search: Sequence[Path] = ()) -> str:
    """The game's template rendered with ``context`` (the booklet markup, as text).
    Templates run in Jinja2's sandbox: a project's own rules text is untrusted."""
    folders = list(search) or [templates_dir() / "rules"]
    # the hardened sandbox of layout templates: no file system, bounded work (hostile input)
    env = CardSandbox(folders, trim_blocks=True, lstrip_blocks=True)
    env.speak(_, ngettext)  # {{ _("...") }}: the booklet's sentences in the language being spoken
    name = f"{context.get('template', game)}.md.j2"  # a rules-file game: the generated booklet (games/rules)
    where: Path = folders[0] / name
    try:
        template = env.get_template(name)
        where = Path(template.filename or where)
        with Budget(steps=1_000_000, text=2_000_000, seconds=60):
            return _bounded(template, context)  # check renders it too: refused there as here
    except _TooLong as exc:
        file, line = exc.args if exc.args[0] is not None else (where, None)
        raise RenderError(Problem(f"rule template: the booklet's text grows past what a rule booklet may hold "
                                  f"({RULES_TEXT:,} characters, about {RULES_TEXT // 2_800} A5 pages of plain "
                                  "text) at this line", file, line)) from None
    except jinja2.TemplateNotFound as exc:
        if exc.name not in (None, name):  # the game's template was found; a file it includes was not
            raise RenderError(Problem(_missing_include(str(exc.name), folders), where, _line(exc))) from None
        raise RenderError(Problem(f"no rule template for {game!r}", where)) from None
    except jinja2.TemplateError as exc:  # SecurityError (sandbox) included
        line = getattr(exc, "lineno", None) or _template_line(exc, where)
        raise RenderError(Problem(f"rule template: {exc}", where, line)) from None
    except Exception as exc:  # a project's template may fail in any way (1/0): never a traceback
        raise RenderError(Problem(f"rule template: {type(exc).__name__}: {exc}", where,
                                  _template_line(exc, where))) from None


class _TooLong(Exception):
    """A rule booklet's rendered text over RULES_TEXT characters: the template file and
    line that was writing when it passed the limit (None, None where unknown)."""


def _bounded(template: Any, context: dict[str, Any]) -> str:
    """``template`` rendered chunk by chunk, stopped as soon as its text passes RULES_TEXT
    (no more is rendered: a text far over the limit costs no more than one at it)."""
    parts: list[str] = []
    total = 0
    stream = template.generate(**context)
    for chunk in stream:
        total += len(chunk)
        if total > RULES_TEXT:
            found = _writing(stream)
            stream.close()
            raise _TooLong(*found)
        parts.append(chunk)
    return "".join(parts)


def _writing(stream: Any) -> tuple[Path | None, int | None]:
    """The template file and line a paused render is at: the innermost Jinja2 frame (a
    block or an included file is a generator of its own, reached through ``gi_yieldfrom``)."""
    found: tuple[Path | None, int | None] = (None, None)
    while stream is not None and getattr(stream, "gi_frame", None) is not None:
        frame = stream.gi_frame
        template = frame.f_globals.get("__jinja_template__")
        if template is not None and template.filename:
            found = (Path(template.filename), template.get_corresponding_lineno(frame.f_lineno))
        stream = getattr(stream, "gi_yieldfrom", None)
    return found


def _template_line(exc: BaseException, where: Path) -> int | None:
    """The template line an error was raised at: Jinja2 maps its frames to the
    template's own lines, the last such frame of ``where`` is the one."""
    import traceback

    lines = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == str(where)]
    return lines[-1] if lines else None


def check_project_rules(deck: Deck) -> None:
    """The project's own rules template (``rules/GAME.md.j2`` beside the deck), rendered
    with the default parameters as `rules` and `build` would: RenderError naming its
    file and line. Bundled templates are tested with the package: nothing to do."""
    from ..errors import DeckpressError
    from ..games.designer.find import game_of

    try:
        spec = game_of(deck)  # a built-in game, or the project's game.py
    except DeckpressError:
        return  # a game that does not load: check reports that itself
    if deck.folder is None or spec is None:
        return
    own = deck.folder / "rules" / f"{spec.name}.md.j2"
    if not own.is_file():
        return
    from ..games.registry import make_params

    render_rules_text(spec.name, booklet_context(spec.name, make_params(spec.name), deck), rules_search_path(deck))


def _missing_include(included: str, folders: Sequence[Path]) -> str:
    """Why ``{% include %}`` / ``{% import %}`` / ``{% extends %}`` of ``included`` failed."""
    parts = included.replace("\\", "/").split("/")
    if included.startswith("/") or ".." in parts or any(
            (f / included).is_symlink() or ((f / included).exists() and not (f / included).resolve().is_relative_to(f.resolve()))
            for f in folders):
        why = "is outside the rules folders (a rule template includes only files beside it)"
    else:
        why = "does not exist"
    shown = ", ".join(str(f) for f in folders)
    return f"rule template: the file it includes, {included!r}, {why}; looked in {shown}"


def _line(exc: BaseException) -> int | None:
    """The line of the rule template the error was raised from: Jinja rewrites the traceback
    so that a template's frames carry its file name and line."""
    tb, line = exc.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(".j2"):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def figure_pieces(game: str, deck: Deck) -> list[Piece]:
    """The pieces the illustrated examples show: the deck's cards, or its tiles."""
    if deck.kind == "piecepack":
        from ..render.piecepack import tile_pieces
        return list(tile_pieces(deck))
    from ..render.cards import card_pieces
    return list(card_pieces(deck))


def _story(game: str, text: str, context: dict[str, Any], deck: Deck, style: BookletStyle,
           frame: tuple[float, float], script: Script = LATIN) -> list[Flowable]:
    pieces = figure_pieces(game, deck)
    hook = entry(game).figures
    figures = drawn(hook(context), deck, style, pieces, script) if hook else {}
    parsed = parse(text, style, frame[0], figures, script)
    return [*title_flowables(parsed.title, style, frame[1], cover(deck, pieces, style), script), *parsed.body]


def _numbering(style: BookletStyle, label: str, script: Script = LATIN):  # type: ignore[no-untyped-def]
    def on_page(canvas: Canvas, doc: SimpleDocTemplate) -> None:
        number = canvas.getPageNumber()
        if number == 1:
            return
        canvas.saveState()
        if script.wants(label):  # a right-to-left or Japanese title: the text engine (setting.py)
            draw_centred(canvas, f"{label} · {number}", SANS, style.small_size, doc.pagesize[0] / 2,
                         style.footer * mm, colors.HexColor(style.muted), script)
        else:
            canvas.setFont(SANS, style.small_size)
            canvas.setFillColor(colors.HexColor(style.muted))
            canvas.drawCentredString(doc.pagesize[0] / 2, style.footer * mm, f"{label} · {number}")
        canvas.restoreState()
    return on_page


def _layout(story: Sequence[Flowable], size: tuple[float, float], style: BookletStyle,
            title: str, color: str = "rgb", script: Script = LATIN) -> tuple[bytes, int]:
    """Lay ``story`` out on ``size`` pages; the PDF bytes and the page count. Every page's
    TrimBox and BleedBox is the page (a booklet has no bleed: its margins are white);
    ``color="cmyk"``: the CMYK canvas of the sheets (PDF/X-1a, render/cmyk.py)."""
    buf = io.BytesIO()
    page = (0, 0, size[0], size[1])
    doc = SimpleDocTemplate(
        buf, pagesize=size, leftMargin=style.margin * mm, rightMargin=style.margin * mm,
        topMargin=style.margin * mm, bottomMargin=(style.margin + 3) * mm, invariant=1,
        pageCompression=1, initialFontName=SANS, initialFontSize=10, title=title,
        author="deckpress", creator="deckpress", producer="deckpress (ReportLab)",
        trimBox=page, bleedBox=page,
    )
    maker: Any = Canvas
    if color == "cmyk":
        from ..render.cmyk import CmykCanvas  # numpy and littleCMS: only when asked for

        maker = CmykCanvas
    doc.build(list(story), onLaterPages=_numbering(style, title, script), canvasmaker=maker)
    return buf.getvalue(), doc.page


def build_booklet(game: str, params: Params, deck: Deck, path: Path, *, format: str = "booklet",
                  page: str = "a4", lang: str | None = None, color: str = "rgb", strict: bool = False
                  ) -> BookletReport:
    """Write the rule booklet of ``game`` for ``params`` and ``deck`` at ``path`` (atomically),
    its fixed sentences in ``lang`` (None: English; a catalogue in templates/rules/locale/,
    see :mod:`generator.i18n`). The deck's own names are the deck's: pass it localized.
    A character no booklet font has is a warning (``strict``: a RenderError, nothing written)."""
    if format not in FORMATS:
        raise ParameterError(f"unknown format {format!r}; valid: {', '.join(FORMATS)}")
    if color not in ("rgb", "cmyk"):
        raise ParameterError(f"--color {color!r} is not valid; valid: rgb, cmyk")
    page = page.lower()
    sizes = booklet_sizes(format, page)  # a ParameterError naming the valid sizes
    register_fonts()
    folders = locale_dirs(deck.folder)  # the project's rules/locale/ first, then the package's
    with speaking(lang, folders):  # a ParameterError naming the booklet languages, or a .po file's line
        context = booklet_context(game, params, deck)
        text = render_rules_text(game, context, rules_search_path(deck))
        style = page_style(format)
        size, sheet = sizes
        frame = (size[0] - 2 * style.margin * mm, size[1] - 2 * style.margin * mm)
        title = _("%(game)s rules · %(deck)s") % {"game": _(entry(game).title), "deck": deck.name}
        undrawn = booklet_glyph_problems(f"{title}\n{text}", deck, glyph_sources(game, deck, lang))
        if strict and undrawn:
            raise RenderError(undrawn)
        script = Script(lang or "")
        story = _story(game, text, context, deck, style, frame, script)
        script.examine(title, SANS)
        unset = unset_problems(script, deck, glyph_sources(game, deck, lang))
        if strict and unset:
            raise RenderError(unset)
        pdf, pages = _layout(story, size, style, title, color, script)
        counted = coverage()
        lacking = counted.warning(lang or SOURCE) if counted is not None else None
    with atomic_write(path) as tmp:
        if sheet is None:
            tmp.write_bytes(pdf)
            total, written = pages, pages
        else:
            total = padded_count(pages)
            written = impose_pdf(pdf, tmp, sheet)
    return BookletReport(path, game, format, page, total, total - pages, written, params.describe(),
                         [*([lacking] if lacking else []), *(str(p) for p in [*undrawn, *unset])])


def glyph_sources(game: str, deck: Deck, lang: str | None) -> list[Path]:
    """Where a booklet's sentences come from, for naming a character no font has: the
    language's catalogues (the project's first), then the rules templates."""
    po = [folder / f"{lang}.po" for folder in locale_dirs(deck.folder)] if lang and lang != SOURCE else []
    return [*po, *(folder / f"{game}.md.j2" for folder in rules_search_path(deck))]


def booklet_glyphs(game: str, params: Params, deck: Deck, lang: str | None = None) -> list[Problem]:
    """The characters no booklet font has in the booklet's text (``check``), rendered as
    ``build_booklet`` renders it but not laid out. A language no catalogue has: nothing."""
    from ..i18n import has_booklet

    folders = locale_dirs(deck.folder)
    if not has_booklet(lang, folders):
        return []
    if not may_lack_glyphs(deck, [*glyph_sources(game, deck, lang), *(p for p in deck.inputs if p.suffix == ".py")]):
        return []  # every word it could print is drawable: no need to render it
    with speaking(lang, folders):
        context = booklet_context(game, params, deck)
        text = render_rules_text(game, context, rules_search_path(deck))
        title = _("%(game)s rules · %(deck)s") % {"game": _(entry(game).title), "deck": deck.name}
    return booklet_glyph_problems(f"{title}\n{text}", deck, glyph_sources(game, deck, lang))


def booklet_script_problems(deck: Deck, lang: str | None) -> list[Problem]:
    """``build --strict``: the booklet text of ``deck`` (localized to ``lang``) in ``lang``
    that could not be shaped or ordered for its script (:mod:`.setting`), each named at the
    ``.po`` or template line (or deck field) that writes it; set as ``rules`` sets it with
    the game's default parameters, not laid out. Nothing to do for a language no catalogue
    has, nor where no text of the booklet needs the text engine."""
    from ..errors import DeckpressError
    from ..games.designer.find import game_of
    from ..games.registry import make_params
    from ..i18n import has_booklet
    from .glyphcheck import _deck_words
    from .setting import needs_engine

    folders = locale_dirs(deck.folder)
    try:
        spec = game_of(deck)
    except DeckpressError:
        return []  # a game that does not load: the build reports it itself
    if spec is None or not has_booklet(lang, folders):
        return []
    script = Script(lang or "")
    sources = glyph_sources(spec.name, deck, lang)
    words = [text for _card, _field, text in _deck_words(deck)]
    written = [p.read_text(encoding="utf-8", errors="replace") for p in sources if p.is_file()]
    if not script.rtl and not any(needs_engine(t) for t in [*words, *written]):
        return []
    register_fonts()
    params = make_params(spec.name)
    with speaking(lang, folders):
        context = booklet_context(spec.name, params, deck)
        text = render_rules_text(spec.name, context, rules_search_path(deck))
        style = page_style("booklet")
        (w, h), _sheet = booklet_sizes("booklet", "a4")
        _story(spec.name, text, context, deck, style, (w - 2 * style.margin * mm, h - 2 * style.margin * mm), script)
        script.examine(_("%(game)s rules · %(deck)s") % {"game": _(entry(spec.name).title), "deck": deck.name}, SANS)
    return unset_problems(script, deck, sources)
