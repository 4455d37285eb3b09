"""Faults that used to give unclear or no messages: a rule template including a file that
is missing or outside its folders, SVG art with a colon inside a CSS ``url()``, SVG art
linking images that are remote or outside its folder, and an output folder that cannot
be written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from filelock import FileLock
from typer.testing import CliRunner

from generator.cli import app
from generator.project.scaffold import scaffold
from generator.render.layout.images import ImageProblem
from generator.render.layout.svg import svg_drawing, svg_notes

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">{}</svg>'


def project(tmp_path: Path) -> Path:
    folder = tmp_path / "proj"
    scaffold(folder)
    return folder


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize(("include", "why"), [
    ("missing.md.j2", "does not exist"),
    ("../deck.yaml", "is outside the rules folders"),
    ("/etc/passwd", "is outside the rules folders"),
])
def test_a_rule_template_including_a_missing_or_outside_file_names_it(tmp_path: Path, include: str, why: str) -> None:
    folder = project(tmp_path)
    rules = folder / "rules" / "weiji.md.j2"
    lines = rules.read_text().splitlines()
    rules.write_text("\n".join([*lines, f'{{% include "{include}" %}}', ""]))
    code, output = run("rules", "weiji", "--deck", str(folder), "-o", str(tmp_path / "r.pdf"))
    assert code == 2, output
    assert f"weiji.md.j2:{len(lines) + 1}:" in output, output
    assert repr(include) in output and why in output, output
    assert "no rule template for" not in output and "Traceback" not in output
    assert not (tmp_path / "r.pdf").exists()


def test_svg_with_a_colon_in_a_css_url_gets_a_clear_message(tmp_path: Path) -> None:
    art = tmp_path / "art.svg"
    art.write_text(SVG.format('\n<rect width="100" height="100" style="fill: url(\'data:image/png;base64,AAAA\')"/>'))
    with pytest.raises(ImageProblem) as caught:
        svg_drawing(art)
    message = str(caught.value)
    assert "too many values" not in message and "ValueError" not in message, message
    assert message.startswith("line 2: a style attribute holds a url(...) with a colon"), message


def test_svg_images_linked_from_outside_or_remote_are_left_out_with_a_warning(tmp_path: Path) -> None:
    folder = project(tmp_path)
    (tmp_path / "secret.png").write_bytes(b"\x89PNG not really")
    links = ['http://example.com/x.png', 'https://example.com/y.png', '/etc/hosts.png', '../secret.png']
    (folder / "art.svg").write_text(SVG.format("".join(
        f'<image width="10" height="10" xlink:href="{link}"/>' for link in links)))
    notes = svg_notes(folder / "art.svg")
    assert len(notes) == 1 and all(repr(link) in notes[0] for link in links), notes
    assert "web address" in notes[0] and "outside the SVG's folder" in notes[0]

    cards = folder / "cards.csv"
    rows = cards.read_text().splitlines()
    cards.write_text("\n".join([rows[0] + ",art", rows[1] + ",art.svg", *rows[2:]]) + "\n")
    code, output = run("cards", str(folder), "-o", str(tmp_path / "cards.pdf"))
    assert code == 0, output
    warning = [line for line in output.splitlines() if "art.svg" in line]
    assert warning and warning[0].startswith("warning: ") and "A01" in warning[0], output
    assert all(repr(link) in output for link in links)
    assert (tmp_path / "cards.pdf").exists()


def test_a_clean_svg_has_no_notes(tmp_path: Path) -> None:
    art = tmp_path / "art.svg"
    art.write_text(SVG.format('<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>'
                              '<rect id="r" width="100" height="100" fill="url(#g)" style="stroke: black"/>'
                              '<use xlink:href="#r"/>'))
    svg_drawing(art)
    assert svg_notes(art) == []


def test_an_output_folder_that_cannot_be_written_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    out.mkdir()

    def refuse(self: FileLock, *args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", self.lock_file)

    monkeypatch.setattr(FileLock, "acquire", refuse)  # root ignores a read-only folder's mode
    code, output = run("build", "lighting", "-o", str(out), "--balance-games", "0")
    assert code == 2, output
    assert f"error: {out}: cannot write in the output folder (Permission denied)" in output, output
    assert ".deckpress-build.lock" not in output


@pytest.mark.skipif(getattr(os, "getuid", lambda: 0)() == 0, reason="root writes into read-only folders")
def test_a_read_only_output_folder_is_named(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    try:
        code, output = run("build", "lighting", "-o", str(out), "--balance-games", "0")
    finally:
        out.chmod(0o755)
    assert code == 2 and f"{out}: cannot write in the output folder" in output, output
    assert ".deckpress-build.lock" not in output
