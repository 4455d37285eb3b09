"""The shipped artefact works: the wheel, installed with its dependencies and without
extras into a fresh virtual environment, runs every command on the bundled data from
a folder outside the clone (issue #14). A runtime dependency missing from
pyproject.toml, a data file left out of the wheel, or a path that only works from the
source tree fails here, while the editable dev install would hide it.

The last test makes the installed package folder read-only and checks that the
compiled kernels are cached in the user's cache folder instead.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from conftest import Install
from pypdf import PdfReader

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NOTE = "note: compiling the fast"
NOBODY = 65534


@pytest.fixture(scope="module")
def installed(wheel_install: Install) -> Install:
    return wheel_install


def pages(path: Path) -> int:
    assert path.is_file() and path.stat().st_size > 1000, path
    return len(PdfReader(path).pages)


def test_installed_without_extras_outside_the_clone(installed: Install) -> None:
    result = installed.run("--version")
    assert result.stdout.startswith("deckpress ")
    package = installed.package()
    assert not package.is_relative_to(ROOT) and not installed.work.is_relative_to(ROOT)
    freeze = subprocess.run([str(installed.venv / "bin" / "python"), "-m", "pip", "list", "--format=json"],
                            capture_output=True, text=True, check=True).stdout
    names = {p["name"].lower() for p in json.loads(freeze)}
    assert not names & {"pytest", "ruff", "mypy", "hypothesis", "pymupdf", "open-spiel"}, "dev extras leaked in"


def test_printing_commands(installed: Install) -> None:
    run = installed.run
    run("cards", "lighting", "-o", "a4.pdf")
    run("cards", "eagle", "--page", "letter", "-o", "letter.pdf")
    run("cards", "viashi", "--backs", "duplex-long", "-o", "duplex.pdf")
    run("tiles", "-o", "tiles.pdf")
    run("cards", "standard52", "--color", "cmyk", "-o", "cmyk.pdf")  # needs the bundled ICC profile
    w = installed.work
    assert pages(w / "cmyk.pdf") >= 1 and "/OutputIntents" in PdfReader(w / "cmyk.pdf").trailer["/Root"]
    assert pages(w / "a4.pdf") >= 1 and pages(w / "letter.pdf") >= 1 and pages(w / "tiles.pdf") >= 1
    assert pages(w / "duplex.pdf") % 2 == 0  # fronts and backs alternate
    box = PdfReader(w / "letter.pdf").pages[0].mediabox  # Letter, either way round
    assert sorted((float(box.width), float(box.height))) == [pytest.approx(612, abs=1), pytest.approx(792, abs=1)]


@pytest.mark.parametrize("game, sets", [
    ("weiji", ()), ("war", ("variant=classic",)), ("war", ("variant=russian",)),
    ("viashi", ("variant=elvish",)), ("viashi", ("variant=human",)),
])
def test_rules_for_each_game_and_variant(installed: Install, game: str, sets: tuple[str, ...]) -> None:
    name = "-".join([game, *(s.split("=")[1] for s in sets)]) + ".pdf"
    installed.run("rules", game, *(a for s in sets for a in ("--set", s)), "-o", name)
    assert pages(installed.work / name) >= 2


def test_german_rules_from_the_installed_catalogue(installed: Install) -> None:
    """The booklet catalogue (templates/rules/locale/de.po) travels in the wheel and babel
    is a runtime dependency: a German booklet prints from the installed package."""
    installed.run("rules", "war", "--lang", "de", "--imposition", "sheet", "-o", "krieg.pdf")
    text = "".join(page.extract_text() for page in PdfReader(installed.work / "krieg.pdf").pages)
    assert "Die Rangfolge der Plättchen" in text and "Ranking the tiles" not in text


def test_images_tts(installed: Install) -> None:
    installed.run("images", "lighting", "--preset", "tts", "-o", "tts")
    images = list((installed.work / "tts").glob("*.png"))
    assert images and all(p.stat().st_size > 1000 for p in images)
    assert json.loads((installed.work / "tts" / "tts.json").read_text())


def test_simulate_each_game_and_the_first_compile_note(installed: Install) -> None:
    weiji = installed.run("simulate", "weiji", "--games", "200")
    assert "200 games" in weiji.stdout
    assert NOTE in weiji.stderr and "Weiji" in weiji.stderr  # a fresh install compiles: said so
    war = installed.run("simulate", "war", "--games", "200", "--json")
    assert json.loads(war.stdout)["games"] == 200
    assert NOTE not in war.stderr + war.stdout  # --json is for scripts: no note anywhere
    viashi = installed.run("simulate", "viashi", "--games", "200")
    assert "200 games" in viashi.stdout and NOTE in viashi.stderr
    again = installed.run("simulate", "weiji", "--games", "200")
    assert NOTE not in again.stderr  # compiled once, cached


def test_check(installed: Install) -> None:
    installed.run("check", "lighting", "--games", "200", "--report", "balance.pdf")
    assert pages(installed.work / "balance.pdf") >= 1


def test_new_project_then_build(installed: Install) -> None:
    installed.run("new", "my-game")
    assert (installed.work / "my-game" / "deck.yaml").is_file()
    installed.run("build", "my-game", "-o", "out-mine", "--balance-games", "200")
    folder = installed.work / "out-mine" / "my-game"
    assert pages(folder / "cards-a4.pdf") >= 1 and pages(folder / "cards-letter.pdf") >= 1
    assert pages(folder / "rules-booklet.pdf") >= 1 and pages(folder / "balance.pdf") >= 1
    assert any((folder / "images").glob("*.png"))


def test_build_everything(installed: Install) -> None:
    installed.run("build", "-o", "out", "--balance-games", "500")
    out = installed.work / "out"
    assert (out / "index.html").stat().st_size > 1000
    for deck in ("lighting", "cognitio", "eagle", "viashi", "standard52"):
        assert pages(out / deck / "cards-a4.pdf") >= 1 and pages(out / deck / "balance.pdf") >= 1
        assert any((out / deck / "images").glob("*.png")), deck
    assert pages(out / "piecepack" / "tiles-letter.pdf") >= 1
    for book in ("weiji", "war-classic", "war-russian", "viashi"):
        assert pages(out / "rules" / f"{book}-booklet.pdf") >= 2


# -- a read-only install ------------------------------------------------------------
def _as_other_user() -> list[str]:
    """How to run a command so that write permission bits bind: root ignores them, so
    as root the command runs as ``nobody`` (util-linux setpriv)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: cannot make the install folder unwritable")
    return [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]


def _set_writable(folder: Path, writable: bool) -> None:
    for path in [folder, *folder.rglob("*")]:
        mode = path.stat().st_mode
        path.chmod(mode | stat.S_IWUSR if writable else mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def test_read_only_install_caches_kernels_in_the_user_cache(installed: Install) -> None:
    prefix = _as_other_user()
    package = installed.package()
    home = installed.base / "home"
    home.mkdir()
    if prefix:
        os.chown(home, NOBODY, NOBODY)
    for stale in package.rglob("*.nb[ic]"):  # kernels cached beside the source by earlier tests
        stale.unlink()
    _set_writable(package, False)
    try:
        python = str(installed.venv / "bin" / "python")
        probe = subprocess.run([*prefix, python, "-c", "import sys, tempfile; tempfile.TemporaryFile(dir=sys.argv[1])",
                                str(package / "rules" / "fast" / "__pycache__")], capture_output=True)
        assert probe.returncode != 0, "the install folder is still writable"

        def simulate() -> subprocess.CompletedProcess[str]:
            env = installed.env(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"))
            return subprocess.run([*prefix, installed.deckpress, "simulate", "war", "--games", "10", "--engine", "fast"],
                                  cwd=home, env=env, capture_output=True, text=True, timeout=600)

        first = simulate()
        assert first.returncode == 0, first.stderr
        kernels = home / ".cache" / "deckpress" / "kernels"
        assert NOTE in first.stderr and str(kernels) in first.stderr
        assert list(kernels.rglob("*.nbi")), "no kernel cached in the user's cache folder"
        second = simulate()
        assert second.returncode == 0, second.stderr
        assert NOTE not in second.stderr  # loaded from the user cache, not compiled again
        assert second.stdout == first.stdout  # the same seeded games
        assert not list(package.rglob("*.nb[ic]"))  # nothing was written into the install
    finally:
        _set_writable(package, True)
