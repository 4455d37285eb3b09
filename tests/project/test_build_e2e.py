"""End-to-end: ``deckpress build`` writes every expected file, skips what is up to
date, and rebuilds only the deck whose data changed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pypdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import BUNDLED, resolve_deck
from generator.project import build
from generator.project.cache import MANIFEST

pytestmark = pytest.mark.slow
GAMES = 40  # balance games per deck: enough to exercise the report, quick to run


@pytest.fixture(scope="module")
def full_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("out")
    summary = build((), out, workers=2, balance_games=GAMES)
    return out, summary


def expected_files(out: Path) -> list[Path]:
    files = []
    for name in BUNDLED:
        deck = resolve_deck(name)
        sheet = "tiles" if deck.kind == "piecepack" else "cards"
        files += [out / name / f"{sheet}-{page}.pdf" for page in ("a4", "letter")]
        files += [out / name / "balance.pdf", out / name / "balance.json"]
    files += [out / "rules" / f"{b}-booklet.pdf" for b in ("weiji", "viashi", "war-classic", "war-russian")]
    files.append(out / "index.html")
    return files


def test_build_writes_every_expected_file(full_build: tuple[Path, object]) -> None:
    out, summary = full_build
    assert summary.ok, [(r.job.id, r.error) for r in summary.results if r.error]  # type: ignore[attr-defined]
    for path in expected_files(out):
        assert path.is_file() and path.stat().st_size > 0, path
    for name in BUNDLED:
        images = list((out / name / "images").rglob("*.png"))
        assert images, f"no card images for {name}"
    for pdf in out.rglob("*.pdf"):
        assert len(pypdf.PdfReader(pdf).pages) >= 1, pdf
    report = json.loads((out / "lighting" / "balance.json").read_text())
    assert "findings" in report
    assert not list(out.rglob("*.tmp*")), "temporary files left behind"


def test_second_build_skips_everything(full_build: tuple[Path, object]) -> None:
    out, first = full_build
    stamps = {p: p.stat().st_mtime_ns for p in out.rglob("*.pdf")}
    again = build((), out, workers=2, balance_games=GAMES)
    assert again.ok
    assert not again.built, [r.job.id for r in again.built]
    assert len(again.skipped) == len(first.results)  # type: ignore[attr-defined]
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*.pdf")} == stamps


def test_changing_one_card_rebuilds_only_that_deck(tmp_path: Path) -> None:
    project = tmp_path / "mygame"
    runner = CliRunner()
    assert runner.invoke(app, ["new", str(project)]).exit_code == 0
    out = tmp_path / "out"
    first = build((str(project), "eagle"), out, workers=2, balance_games=GAMES)
    assert first.ok, [(r.job.id, r.error) for r in first.results if r.error]
    key = resolve_deck(project).key
    assert (out / key / "cards-a4.pdf").is_file()

    csv = project / "cards.csv"
    csv.write_text(csv.read_text().replace("Skylark", "Skylark II"))
    second = build((str(project), "eagle"), out, workers=2, balance_games=GAMES)
    rebuilt = {r.job.id for r in second.built}
    assert rebuilt and all(job.startswith(f"{key}/") for job in rebuilt), rebuilt
    assert {r.job.id for r in second.skipped} >= {j for j in (r.job.id for r in first.results) if j.startswith("eagle/")}
    text = "".join(page.extract_text() for page in pypdf.PdfReader(out / key / "cards-a4.pdf").pages)
    assert "Skylark II" in text


def test_a_broken_deck_fails_alone_and_the_exit_code_says_so(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: Broken\ngame: weiji\ncards: [{id: X1, nmae: typo}]\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(broken), "standard52", "-o", str(out), "--balance-games", "20"])
    assert result.exit_code == 2, result.output  # a broken deck is bad input (2); the others still build
    assert "Traceback" not in result.output
    assert (out / "standard52" / "cards-a4.pdf").is_file()
    assert str(broken) in result.output
    assert (out / MANIFEST).is_file()


def test_build_of_one_deck_writes_only_that_deck(tmp_path: Path) -> None:
    out = tmp_path / "out"
    summary = build(("standard52",), out, workers=1, balance_games=GAMES)
    assert summary.ok
    assert sorted(p.name for p in out.iterdir() if p.is_dir() and not p.name.startswith("_")) == ["standard52"]


# -- the gallery, in a real headless browser ------------------------------------------
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BROWSER_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars", "--virtual-time-budget=5000",
]


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.refs.append(value)


def test_gallery_links_and_images_resolve(full_build: tuple[Path, object]) -> None:
    out, _ = full_build
    page = out / "index.html"
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    assert parser.refs
    html = page.read_text(encoding="utf-8")
    for ref in parser.refs:
        assert "://" not in ref, f"network resource in the gallery: {ref}"
        if ref.startswith("#"):  # a language switch: a section of the page
            assert f'id="{ref[1:]}"' in html, ref
            continue
        assert (out / unquote(ref)).exists(), ref
    for name in BUNDLED:
        assert f'id="{name}"' in html
    assert "balance" in html


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
def test_gallery_in_headless_chromium(full_build: tuple[Path, object], tmp_path: Path) -> None:
    out, _ = full_build
    url = (out / "index.html").resolve().as_uri()
    profile = tmp_path / "profile"
    dom = subprocess.run(
        [CHROMIUM, *BROWSER_FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
        capture_output=True, text=True, timeout=120,
    ).stdout
    loaded = re.search(r'data-images="(\d+)/(\d+)"', dom)
    assert loaded, "the page did not finish loading"
    ok, total = map(int, loaded.groups())
    assert total >= len(BUNDLED) and ok == total, f"{ok} of {total} images loaded"

    shot = tmp_path / "gallery.png"
    subprocess.run(
        [CHROMIUM, *BROWSER_FLAGS, f"--user-data-dir={profile}", f"--screenshot={shot}",
         "--window-size=1280,1600", url],
        capture_output=True, timeout=120,
    )
    with Image.open(shot) as im:
        colours = im.convert("RGB").resize((128, 160)).getcolors(128 * 160)
    assert colours is not None and len(colours) > 200, "the screenshot shows no thumbnails"


def test_two_projects_build_into_their_own_folders(tmp_path: Path) -> None:
    runner = CliRunner()
    for name in ("alpha", "beta"):
        assert runner.invoke(app, ["new", str(tmp_path / name)]).exit_code == 0
    out = tmp_path / "out"
    summary = build((str(tmp_path / "alpha"), str(tmp_path / "beta")), out, workers=2, balance_games=GAMES)
    assert summary.ok
    assert (out / "alpha" / "cards-a4.pdf").is_file() and (out / "beta" / "cards-a4.pdf").is_file()
    ids = [r.job.id for r in summary.results]
    assert len(ids) == len(set(ids)), "two projects planned the same job"


def test_editing_a_layout_or_the_back_image_rebuilds_and_a_deleted_card_leaves_no_image(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    assert CliRunner().invoke(app, ["new", str(project)]).exit_code == 0
    out = tmp_path / "out"
    assert build((str(project),), out, workers=1, balance_games=GAMES).ok
    assert (out / "proj" / "images" / "A12.png").is_file()

    layout = project / "layouts" / "mycards.yaml"
    layout.write_text(layout.read_text().replace("size: 7.5", "size: 8"))
    again = build((str(project),), out, workers=1, balance_games=GAMES)
    assert {"proj/cards-a4", "proj/cards-letter", "proj/images"} <= {r.job.id for r in again.built}

    Image.new("RGB", (40, 60), "red").save(project / "back.png")
    deck_file = project / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("back: {", "back: {image: back.png, "))
    assert "proj/cards-a4" in {r.job.id for r in build((str(project),), out, workers=1, balance_games=GAMES).built}

    rows = (project / "cards.csv").read_text().splitlines()
    (project / "cards.csv").write_text("\n".join(r for r in rows if not r.startswith("A12,")) + "\n")
    assert build((str(project),), out, workers=1, balance_games=GAMES).ok
    assert not (out / "proj" / "images" / "A12.png").exists(), "a deleted card's image stayed behind"
    assert (out / "proj" / "images" / "A11.png").is_file()


def test_gallery_thumbnails_follow_deck_order(full_build: tuple[Path, object]) -> None:
    out, _ = full_build
    html = (out / "index.html").read_text(encoding="utf-8")
    section = html.split('id="standard52"', 1)[1].split("</section>", 1)[0]
    first = re.findall(r'<figcaption>([^<]+)</figcaption>', section)
    deck = resolve_deck("standard52")
    assert first[:3] == [c.id for c in deck.cards[:3]]


def test_the_gallery_lists_every_deck_in_the_folder_after_a_three_deck_then_one_deck_build(tmp_path: Path) -> None:
    runner = CliRunner()
    for name in ("alpha", "beta", "gamma"):
        assert runner.invoke(app, ["new", str(tmp_path / name)]).exit_code == 0
    beta = tmp_path / "beta" / "deck.yaml"  # two decks with one name: told apart by their folder
    renamed = re.sub(r'(?m)^name: "?Beta"?$', "name: Alpha", beta.read_text())
    assert renamed != beta.read_text()
    beta.write_text(renamed)
    gamma = tmp_path / "gamma" / "cards.csv"  # a tagline too long for its box: a render warning
    gamma.write_text(gamma.read_text().replace("Built to last", "Built to last " + "and to go on " * 12))
    out = tmp_path / "out"
    three = [str(tmp_path / name) for name in ("alpha", "beta", "gamma")]
    assert build(three, out, workers=2, balance_games=0).ok
    assert build(three[:1], out, workers=1, balance_games=0).ok

    html = (out / "index.html").read_text(encoding="utf-8")
    assert "<p>3 decks." in html, "the gallery forgot the decks of the earlier build"
    for key in ("alpha", "beta", "gamma"):
        assert f'id="{key}"' in html
    sections = {key: html.split(f'id="{key}"', 1)[1].split("</section>", 1)[0] for key in ("alpha", "beta", "gamma")}
    assert sections["alpha"].count("<h2>Alpha</h2>") == sections["beta"].count("<h2>Alpha</h2>") == 1
    assert str(beta) in sections["beta"] and str(tmp_path / "alpha" / "deck.yaml") in sections["alpha"]
    assert ">alpha/<" in sections["alpha"] and ">beta/<" in sections["beta"]
    warnings = re.findall(r"<li>([^<]*does not fit[^<]*)</li>", sections["gamma"])
    assert len(warnings) == 1 and "A02" in warnings[0], "each render warning once, not once per output"
    assert "does not fit" not in sections["alpha"] + sections["beta"]
    parser = _Links()
    parser.feed(html)
    for ref in parser.refs:
        assert (out / unquote(ref)).exists(), ref


def test_new_quotes_its_hint_and_build_without_arguments_builds_the_project_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    project = tmp_path / "My Pirate Game"
    result = runner.invoke(app, ["new", str(project)])
    assert result.exit_code == 0, result.output
    assert f"next: deckpress check '{project}'   then   deckpress build '{project}'" in result.output
    monkeypatch.chdir(project)
    result = runner.invoke(app, ["build", "-o", str(tmp_path / "out"), "--balance-games", "0", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    built = sorted(p.name for p in (tmp_path / "out").iterdir() if p.is_dir() and not p.name.startswith("_"))
    assert built == ["My-Pirate-Game"] or (len(built) == 1 and "standard52" not in built), built
