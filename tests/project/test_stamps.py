"""No-op rebuilds answer from stamps (generator/project/stamps.py) without loading a
deck, and every change the content-hash keys catch still makes the build plan again."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PIL import Image

from generator.deck import resolve_deck
from generator.project import run as run_module
from generator.project import stamps
from generator.project.run import build


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "proj"
    (project / "layouts").mkdir(parents=True)
    Image.new("RGB", (8, 8), "red").save(project / "art.png")
    Image.new("RGB", (8, 8), "blue").save(project / "back.png")
    (project / "cards.csv").write_text("id,name,art\nA,Ace,art.png\nB,Bee,\n", encoding="utf-8")
    (project / "deck.yaml").write_text(
        "name: Tiny\ngame: none\nlayout: mine\nback: {image: back.png}\ncards: cards.csv\n", encoding="utf-8")
    (project / "layouts" / "mine.yaml").write_text("name: mine\nextends: base\n", encoding="utf-8")
    return project


def _stamped(tmp_path: Path) -> tuple[Path, Path]:
    """Stamps of the project as a build takes them, with one recorded job."""
    project = _project(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").write_text("gallery")
    (out / "cards.pdf").write_text("pdf")
    deck = resolve_deck(str(project))
    taken = stamps.take((str(project),), 7, deck.inputs, [project])
    assert taken is not None
    job = {"id": "proj/cards", "deck": str(project), "kind": "cards", "outputs": [str(out / "cards.pdf")],
           "key": "k", "options": {}, "warnings": []}
    stamps.write(out, taken, [job])
    _age(tmp_path)
    return project, out


def _age(folder: Path) -> None:
    """Make every file look old (a stamp does not trust a file changed within seconds of it)."""
    for path in [folder, *folder.rglob("*")]:
        os.utime(path, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    for stamp in folder.rglob(stamps.STAMPS):
        data = json.loads(stamp.read_text())
        for name, entry in data["files"].items():
            if Path(name).is_relative_to(folder):
                entry[1] = Path(name).stat().st_mtime_ns
        stamp.write_text(json.dumps(data))


def fresh(out: Path, project: Path, games: int = 7) -> bool:
    return stamps.fresh_jobs(out, (str(project),), games) is not None


def test_nothing_changed_is_fresh_and_touching_is_not_a_change(tmp_path: Path) -> None:
    project, out = _stamped(tmp_path)
    assert fresh(out, project)
    os.utime(project / "cards.csv")  # newer time, same content: checked by hash, still fresh
    assert fresh(out, project)


@pytest.mark.parametrize("name", ["deck.yaml", "cards.csv", "art.png", "back.png", "layouts/mine.yaml"])
def test_an_edited_input_is_not_fresh(tmp_path: Path, name: str) -> None:
    project, out = _stamped(tmp_path)
    path = project / name
    path.write_bytes(path.read_bytes() + b"\n")
    assert not fresh(out, project)


def test_same_size_edit_with_an_old_time_is_caught_by_the_recorded_time(tmp_path: Path) -> None:
    project, out = _stamped(tmp_path)
    path = project / "cards.csv"
    before = path.stat().st_mtime_ns
    path.write_text(path.read_text().replace("Ace", "Axe"))
    os.utime(path, ns=(before + 1, before + 1))
    assert not fresh(out, project)


def test_a_new_layout_or_template_file_is_not_fresh(tmp_path: Path) -> None:
    project, out = _stamped(tmp_path)
    (project / "layouts" / "other.yaml").write_text("name: other\nextends: base\n")
    assert not fresh(out, project)


def test_other_options_a_missing_output_or_gallery_are_not_fresh(tmp_path: Path) -> None:
    project, out = _stamped(tmp_path)
    assert not fresh(out, project, games=8)
    (out / "cards.pdf").unlink()
    assert not fresh(out, project)


def test_toolchain_files_are_stamped_so_a_new_version_rebuilds(tmp_path: Path) -> None:
    project, out = _stamped(tmp_path)
    data = json.loads((out / stamps.STAMPS).read_text())
    names = [Path(n) for n in data["files"]]
    for expected in ("generator/__init__.py", "generator/render/cards.py", "templates/cards/base.yaml"):
        assert any(n.as_posix().endswith(expected) for n in names), expected
    assert any(n.suffix == ".ttf" for n in names)
    version = next(n for n in data["files"] if n.endswith("generator/__init__.py"))
    data["files"][version][0] += 1  # as if the file (and __version__) were different
    (out / stamps.STAMPS).write_text(json.dumps(data))
    assert not fresh(out, project)


def test_a_file_named_like_a_bundled_deck_is_not_fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").write_text("gallery")
    taken = stamps.take(("eagle",), 7, resolve_deck("eagle").inputs, [])
    assert taken is not None
    stamps.write(out, taken, [])
    assert stamps.fresh_jobs(out, ("eagle",), 7) is not None
    (tmp_path / "eagle").write_text("name: Shadow\n")
    assert stamps.fresh_jobs(out, ("eagle",), 7) is None


def test_a_noop_build_loads_no_deck_and_an_edit_builds_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path)
    out = tmp_path / "out"
    first = build((str(project),), out, workers=1)
    assert first.ok and first.built
    _age(tmp_path)

    def no_planning(*args: object) -> None:
        raise AssertionError("an up-to-date build planned (loaded the decks)")

    with monkeypatch.context() as patch:
        patch.setattr(run_module, "plan", no_planning)
        again = build((str(project),), out, workers=1)
    assert again.ok and not again.built
    assert sorted(r.job.id for r in again.skipped) == sorted(r.job.id for r in first.results)
    csv = project / "cards.csv"
    csv.write_text(csv.read_text().replace("Bee", "Bea"))
    third = build((str(project),), out, workers=1)
    assert {r.job.id for r in third.built} == {r.job.id for r in first.results}
