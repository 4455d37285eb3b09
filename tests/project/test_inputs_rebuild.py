"""One input recorder (generator/deck/inputs.py): every file a deck's outputs depend on
is hashed and recorded in one place, so replacing any of them in place (same name,
new content) makes ``build`` redo exactly the outputs that read it, and nothing else;
and ``watch``'s rebuild step (which runs in one long-lived process) re-runs them with
the new file, ``game.py`` included (issue 41: the stale verdict)."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.paths import fonts_dir
from generator.project import build
from generator.project.serve import LivePage
from generator.project.watch import Watcher

from .live import WAIT, free_port

pytestmark = pytest.mark.slow
cli = CliRunner()

PRINTED = {"cards-a4", "images", "rules"}  # what draws cards (a booklet's cover draws them too)
SETTINGS = """
fonts: [fonts/Extra.ttf]
build:
  outputs: [sheets, images, booklets, balance]
  sheets: {pages: [a4]}
  images: {dpi: 30}
  balance: {games: 30}
"""
WINNER = "winner = top[0] if len(top) == 1 else None"


def _project(root: Path) -> Path:
    folder = root / "p"
    result = cli.invoke(app, ["--quiet", "new", str(folder), "--game", "custom"])
    assert result.exit_code == 0, result.output
    (folder / "fonts").mkdir()
    shutil.copy(fonts_dir() / "DejaVuSans.ttf", folder / "fonts" / "Extra.ttf")
    (folder / "icons").mkdir()
    Image.new("RGB", (32, 32), "red").save(folder / "icons" / "spade.png")
    Image.new("RGB", (32, 32), "blue").save(folder / "icons" / "gem.png")  # drawn by name (:gem:, symbol: gem)
    Image.new("RGB", (40, 56), "navy").save(folder / "art.png")
    deck = (folder / "deck.yaml").read_text()
    deck = deck.replace("symbol: spade}", "symbol: icons/spade.png}")
    deck = deck.replace("back: {text: P, color: '#1F5C4A'}", "back: {text: P, color: '#1F5C4A', image: art.png}")
    (folder / "deck.yaml").write_text(deck + SETTINGS)
    rows = (folder / "cards.csv").read_text().splitlines()
    rows = [rows[0] + ",art", rows[1] + ",art.png", *(r + "," for r in rows[2:])]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n")
    # a project module game.py imports (the folder on sys.path, as a designer may do)
    (folder / "scoring.py").write_text("def first_seat_wins():\n    return False\n")
    game = (folder / "game.py").read_text()
    game = game.replace("from __future__ import annotations\n", "from __future__ import annotations\n\n"
                        "import sys as _sys\nfrom pathlib import Path as _Path\n"
                        "_sys.path.insert(0, str(_Path(__file__).parent))\nimport scoring  # noqa: E402\n", 1)
    assert WINNER in game
    game = game.replace(WINNER, WINNER + "\n            if scoring.first_seat_wins():\n                winner = 0")
    (folder / "game.py").write_text(game)
    return folder


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    root = tmp_path_factory.mktemp("inputs")
    folder = _project(root)
    out = root / "out"
    summary = build([str(folder)], out, workers=1)
    assert summary.ok, summary.failed_decks or [r.error for r in summary.results]
    yield folder, out


def built(folder: Path, out: Path) -> set[str]:
    summary = build([str(folder)], out, workers=1)
    assert summary.ok, summary.failed_decks or [r.error for r in summary.results]
    return {r.job.id.split("/", 1)[1] for r in summary.built}


def _replace_png(path: Path, colour: str) -> None:
    with Image.open(path) as im:
        size = im.size
    Image.new("RGB", size, colour).save(path)


def test_every_kind_of_input_is_recorded(made: tuple[Path, Path]) -> None:
    folder, _ = made
    deck = resolve_deck(folder)
    recorded = {p.resolve().relative_to(folder.resolve()).as_posix() for p in deck.inputs}
    assert {"deck.yaml", "cards.csv", "fonts/Extra.ttf", "icons/spade.png", "icons/gem.png", "art.png",
            "layouts/crowns.yaml",
            "rules/crowns.md.j2", "game.py", "scoring.py"} <= recorded
    assert "tests/test_game.py" not in recorded  # not imported by the game: not an input


@pytest.mark.parametrize(("name", "edit", "expected"), [
    ("font", lambda f: shutil.copy(fonts_dir() / "DejaVuSerif.ttf", f / "fonts" / "Extra.ttf"), PRINTED),
    ("card art and back image", lambda f: _replace_png(f / "art.png", "orange"), PRINTED),
    ("suit icon", lambda f: _replace_png(f / "icons" / "spade.png", "green"), PRINTED),
    ("an icon drawn by name", lambda f: _replace_png(f / "icons" / "gem.png", "white"), PRINTED),
    ("layout", lambda f: (f / "layouts" / "crowns.yaml").write_text(
        (f / "layouts" / "crowns.yaml").read_text() + "\n# edited\n"), PRINTED),
    ("rules template", lambda f: (f / "rules" / "crowns.md.j2").write_text(
        (f / "rules" / "crowns.md.j2").read_text() + "\nOne more rule.\n"), {"rules"}),
    ("game.py", lambda f: (f / "game.py").write_text((f / "game.py").read_text() + "\n# a comment\n"),
     {"balance", "rules"}),
    ("a module game.py imports", lambda f: (f / "scoring.py").write_text(
        (f / "scoring.py").read_text() + "\n# a comment\n"), {"balance", "rules"}),
    ("card data", lambda f: (f / "cards.csv").write_text(
        (f / "cards.csv").read_text().replace("One of Spades", "Ace of Spades")), {*PRINTED, "balance"}),
])
def test_replacing_an_input_rebuilds_exactly_what_reads_it(made: tuple[Path, Path], name: str, edit: object,
                                                          expected: set[str]) -> None:
    folder, out = made
    assert built(folder, out) == set()  # up to date before the edit
    edit(folder)  # type: ignore[operator]
    assert built(folder, out) == expected, name
    assert built(folder, out) == set()


def test_a_translation_rebuilds_only_its_language(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    assert cli.invoke(app, ["--quiet", "new", str(folder), "--game", "weiji"]).exit_code == 0
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text() + "languages: [en, de]\nbuild: {outputs: [sheets], sheets: {pages: [a4]}}\n")
    result = cli.invoke(app, ["--quiet", "translate", str(folder), "--lang", "de"])
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    assert built(folder, out) == {"cards-a4", "de/cards-a4"}
    table = next((folder / "translations").glob("*de.csv"))
    lines = table.read_text().splitlines()
    first = next(i for i, line in enumerate(lines[1:], 1) if line.count(",") >= 2)
    lines[first] = lines[first].rstrip() + "X" if not lines[first].endswith(",") else lines[first] + "Übersetzt"
    table.write_text("\n".join(lines) + "\n")
    assert built(folder, out) == {"de/cards-a4"}


def _wins(out: Path) -> list[int]:
    return list(json.loads((out / "p" / "balance.json").read_text())["playtest"]["wins"])


def test_watch_re_runs_an_edited_game_py_and_the_module_it_imports(tmp_path: Path) -> None:
    """Issue 41's stale verdict: seat 0 made to always win, in game.py and then in the module
    it imports, changes balance.json within the same watching process; a new ``title``
    reaches the booklet's footer."""
    folder = _project(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    lines: list[str] = []
    watcher = Watcher(str(folder), out, LivePage(out), None, lines.append)
    watcher.rebuild(set())
    before = _wins(out)
    assert before[1] > 0, before

    game = folder / "game.py"
    game.write_text(game.read_text().replace("if scoring.first_seat_wins():", "if True:"))
    watcher.changed({game})
    assert _wins(out) == [30, 0], lines
    assert any(line.startswith("balance: new error") for line in lines), lines

    game.write_text(game.read_text().replace("if True:", "if scoring.first_seat_wins():"))
    watcher.changed({game})
    assert _wins(out) == before  # the rules as they are now, not as first loaded
    (folder / "scoring.py").write_text("def first_seat_wins():\n    return True\n")
    watcher.changed({folder / "scoring.py"})
    assert _wins(out) == [30, 0], lines

    game.write_text(game.read_text().replace('title = "Crown Tricks"', 'title = "Crown Feasts"'))
    watcher.changed({game})
    footer = PdfReader(out / "p" / "rules-booklet.pdf").pages[1].extract_text()
    assert "Crown Feasts rules" in footer and "Crown Tricks" not in footer
    assert built(folder, out) == set()  # what watch built is what build would build


def test_a_replaced_font_is_drawn_again_by_the_same_process(tmp_path: Path) -> None:
    """watch draws in one process: a font replaced under the same name is loaded again."""
    from generator.render.fonts import register_font_file

    font = tmp_path / "Mine.ttf"
    shutil.copy(fonts_dir() / "DejaVuSans.ttf", font)
    from reportlab.pdfbase import pdfmetrics

    register_font_file(font)
    sans = pdfmetrics.getFont("Mine").face.name
    shutil.copy(fonts_dir() / "DejaVuSerif.ttf", font)
    register_font_file(font)
    assert pdfmetrics.getFont("Mine").face.name != sans


def test_watch_end_to_end_re_runs_the_rules_after_a_save(tmp_path: Path) -> None:
    """The real ``deckpress watch`` in a subprocess: save game.py with seat 0 always
    winning and balance.json follows; the run says once that it runs game.py."""
    folder = _project(tmp_path)
    out = tmp_path / "out"
    log = tmp_path / "watch.log"
    balance = out / "p" / "balance.json"
    with open(log, "wb") as sink:
        proc = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", "watch", str(folder),
                                 "-o", str(out), "--no-open", "--port", str(free_port())],
                                stdout=sink, stderr=subprocess.STDOUT)

    def until(what: str, check: object) -> None:
        end = time.monotonic() + WAIT
        while not check():  # type: ignore[operator]
            assert proc.poll() is None and time.monotonic() < end, f"timed out waiting for {what}:\n{log.read_text()}"
            time.sleep(0.2)

    try:
        until("the first build", lambda: "built " in log.read_text() and balance.exists())
        first = _wins(out)
        assert first[1] > 0
        game = folder / "game.py"
        game.write_text(game.read_text().replace("if scoring.first_seat_wins():", "if True:"))
        until("the new verdict", lambda: _wins(out) == [30, 0])
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    text = log.read_text()
    assert text.count("running the project's own Python code") == 1, text
    assert "Traceback" not in text, text


def test_a_module_found_only_when_game_py_runs_is_an_input_too(tmp_path: Path) -> None:
    """``import helper`` from a folder game.py puts on sys.path (lib/): no import statement
    names lib/helper.py, so the loader cannot see it; the build records it once the game ran."""
    folder = tmp_path / "p"
    assert cli.invoke(app, ["--quiet", "new", str(folder), "--game", "custom"]).exit_code == 0
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text() + "build: {outputs: [sheets, balance], sheets: {pages: [a4]}, "
                    "balance: {games: 20}}\n")
    (folder / "lib").mkdir()
    (folder / "lib" / "helper.py").write_text("SEAT0_WINS = False\n")
    game = folder / "game.py"
    head = "from __future__ import annotations\n"
    game.write_text(game.read_text().replace(head, head + "import sys as _sys\nfrom pathlib import Path as _Path\n"
                    "_sys.path.insert(0, str(_Path(__file__).parent / 'lib'))\nimport helper  # noqa: E402\n", 1)
                    .replace(WINNER, WINNER + "\n            if helper.SEAT0_WINS:\n                winner = 0"))
    out = tmp_path / "out"
    assert built(folder, out) == {"cards-a4", "balance"}
    assert built(folder, out) == set()
    (folder / "lib" / "helper.py").write_text("SEAT0_WINS = True\n")
    assert built(folder, out) == {"balance"}
    assert _wins(out) == [20, 0]
