"""Balance across versions: ``check --against OLD`` (a file, a folder, a git
revision), ``--fail-on``, ``--suggest --apply`` (YAML, CSV, XLSX written back
with their formatting), the "What changed" page of the report."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import Font
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.balance.changes import diff_interval
from generator.cli import app
from generator.deck.edit import apply_values
from generator.deck.load import load_deck
from generator.paths import deck_data_dir

runner = CliRunner()
EAGLE = deck_data_dir() / "eagle.yaml"
# E01 before: 4.46 kg, zoom 4, 2 MP, 20 m, innovation 85; after: the best on four attributes.
E01_OLD = "E01,Eagle Dome 2,4.46,4,2,20,85"
E01_NEW = "E01,Eagle Dome 2,0.3,30,12,150,99"


def run(*args: object, cwd: Path | None = None):
    return runner.invoke(app, ["check", *map(str, args)], catch_exceptions=False)


def eagle_copy(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EAGLE, folder / "eagle.yaml")
    shutil.copy(deck_data_dir() / "eagle-cards.csv", folder / "eagle-cards.csv")
    return folder / "eagle.yaml"


def strengthen_e01(deck: Path) -> None:
    rows = deck.with_name("eagle-cards.csv")
    text = rows.read_text()
    assert E01_OLD in text
    rows.write_text(text.replace(E01_OLD, E01_NEW))


def test_difference_interval_by_hand() -> None:
    # 0.40 (0.35-0.45) -> 0.50 (0.46-0.54): d = 0.10;
    # low = 0.10 - sqrt(0.04^2 + 0.05^2) = 0.10 - 0.0640312 = 0.0359688
    # high = 0.10 + sqrt(0.04^2 + 0.05^2) = 0.1640312
    d, low, high = diff_interval({"share": 0.40, "low": 0.35, "high": 0.45}, {"share": 0.50, "low": 0.46, "high": 0.54})
    assert d == pytest.approx(0.10)
    assert low == pytest.approx(0.0359688, abs=1e-6) and high == pytest.approx(0.1640312, abs=1e-6)


def test_against_a_file_shows_the_edit_and_what_it_did(tmp_path: Path) -> None:
    old = eagle_copy(tmp_path / "old")
    new = eagle_copy(tmp_path / "new")
    strengthen_e01(new)
    result = run(new, "--against", old, "--games", "600", "--json")
    assert result.exit_code == 0, result.output  # no --fail-on: the verdict alone decides
    changes = json.loads(result.stdout)["changes"]
    assert changes["cards"]["added"] == [] and changes["cards"]["removed"] == []
    [edited] = changes["cards"]["edited"]
    assert edited["id"] == "E01" and edited["name"] == "Eagle Dome 2"
    assert edited["fields"] == {"weight": {"from": 4.46, "to": 0.3}, "zoom": {"from": 4, "to": 30},
                                "resolution": {"from": 2, "to": 12}, "range": {"from": 20, "to": 150},
                                "innovation": {"from": 85, "to": 99}}
    e01 = next(r for r in changes["win_rates"] if r["id"] == "E01")
    assert e01["significant"] and e01["low"] > 0.2  # from about 47 % to about 83 % when shown
    assert changes["strength"][0]["id"] == "E01" and changes["strength"][0]["delta"] > 0.5
    appeared = {(f["code"], tuple(f.get("cards", ())[:1])) for f in changes["findings"]["appeared"]}
    assert ("too_strong", ("E01",)) in appeared and changes["worse"] is True
    assert {m["measure"] for m in changes["measures"]} >= {"first-player advantage", "game length (mean)", "draws", "skill gap"}


def test_the_same_deck_changes_nothing(tmp_path: Path) -> None:
    deck = eagle_copy(tmp_path / "a")
    result = run(deck, "--against", EAGLE, "--games", "300", "--json", "--fail-on", "changed")
    assert result.exit_code == 0, result.output
    changes = json.loads(result.stdout)["changes"]
    assert changes["cards"] == {"added": [], "removed": [], "edited": []}
    assert changes["significant"] == [] and changes["worse"] is False
    assert all(r["delta"] == 0 for r in changes["win_rates"])  # same seeds, same deck: the same games


def test_fail_on_worse_is_the_regression_gate(tmp_path: Path) -> None:
    old = eagle_copy(tmp_path / "old")
    new = eagle_copy(tmp_path / "new")
    strengthen_e01(new)
    worse = run(new, "--against", old, "--games", "300", "--fail-on", "worse")
    assert worse.exit_code == 1, worse.output
    assert "changes since" in worse.stdout and "new warning" in worse.stdout and "too_strong" in worse.stdout
    assert "--fail-on worse" in worse.stderr
    # the edit undone (static checks: a playtest of the original Eagle has a seat-advantage warning of its own)
    better = run(old, "--against", new, "--games", "0", "--fail-on", "worse")
    assert better.exit_code == 0, better.output
    assert "gone warning" in better.stdout and "too_strong" in better.stdout and "new warning" not in better.stdout


def test_against_a_folder_and_a_git_revision(tmp_path: Path) -> None:
    project = tmp_path / "project"
    eagle_copy(project)
    (project / "eagle.yaml").rename(project / "deck.yaml")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run([*git, "-C", str(tmp_path), "add", "."], check=True)
    subprocess.run([*git, "-C", str(tmp_path), "commit", "-qm", "v1"], check=True)
    subprocess.run([*git, "-C", str(tmp_path), "tag", "v1"], check=True)
    strengthen_e01(project / "deck.yaml")
    subprocess.run([*git, "-C", str(tmp_path), "commit", "-qam", "v2"], check=True)
    copy = tmp_path.parent / f"{tmp_path.name}-copy"
    shutil.copytree(project, copy)
    (copy / "eagle-cards.csv").write_text((copy / "eagle-cards.csv").read_text().replace(E01_NEW, E01_OLD))
    for against in ("HEAD~1", "v1", str(copy)):
        result = run(project, "--against", against, "--games", "200", "--json")
        assert result.exit_code == 0, (against, result.output)
        changes = json.loads(result.stdout)["changes"]
        assert [c["id"] for c in changes["cards"]["edited"]] == ["E01"], against
    label = json.loads(run(project / "deck.yaml", "--against", "HEAD~1", "--games", "0", "--json").stdout)["changes"]["against"]
    assert label == "HEAD~1:project/deck.yaml"
    # the working tree is untouched: no checkout happened
    assert E01_NEW in (project / "eagle-cards.csv").read_text()
    assert subprocess.run(["git", "-C", str(tmp_path), "status", "--porcelain"], capture_output=True, text=True).stdout == ""
    # a revision the repository does not have (two commits: no HEAD~5) says so, not "in a git repository"
    missing = run(project, "--against", "HEAD~5", "--games", "0")
    assert missing.exit_code == 2, missing.output
    assert f"the git repository {tmp_path.resolve()} has no commit 'HEAD~5'" in " ".join(missing.output.split())


def test_bad_against_and_option_misuse_exit_2(tmp_path: Path) -> None:
    deck = eagle_copy(tmp_path)
    for args, words in (([deck, "--against", "no-such-thing"], "not a deck file, a project folder, a bundled deck or a git revision"),
                        ([deck, "--fail-on", "worse"], "--against OLD"),
                        ([deck, "--against", EAGLE, "--fail-on", "sometimes"], "--fail-on must be one of"),
                        ([deck, "--apply"], "add --suggest")):
        result = run(*args, "--games", "0")
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output and "Traceback" not in result.output


def test_report_has_a_what_changed_page_with_both_cards(tmp_path: Path) -> None:
    old = eagle_copy(tmp_path / "old")
    new = eagle_copy(tmp_path / "new")
    strengthen_e01(new)
    pdf = tmp_path / "report.pdf"
    result = run(new, "--against", old, "--games", "200", "--report", pdf)
    assert result.exit_code == 0, result.output
    reader = PdfReader(pdf)
    pages = [p.extract_text() for p in reader.pages]
    [page] = [t for t in pages if "What changed" in t]
    assert "Edited cards, old and new" in page and "E01 Eagle Dome 2" in page
    assert "4.46" in page and "0.3" in page  # the weight, old and new
    assert page.count("Eagle Dome 2") >= 3  # the table row and the name drawn on both cards


# -- --suggest --apply --------------------------------------------------------

def _lighting(tmp_path: Path) -> Path:
    text = (deck_data_dir() / "lighting.yaml").read_text()
    path = tmp_path / "lighting.yaml"
    path.write_text(text.replace("name: Lighting\n", "name: Lighting  # the deck's name\n# a comment of my own\n", 1))
    return path


def test_apply_writes_yaml_keeping_comments_and_layout(tmp_path: Path) -> None:
    path = _lighting(tmp_path)
    before = path.read_text().splitlines()
    result = run(path, "--suggest", "--apply", "--games", "300", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    [applied] = data["changes"]["applied"]  # L17 is the one card too strong
    assert applied["card"] == "L17"
    after = path.read_text().splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == 1 and "id: L17" in changed[0][0]  # one line, the card's own
    assert "# a comment of my own" in after and "name: Lighting  # the deck's name" in after
    new_line = changed[0][1]
    assert new_line.startswith("  - {id: L17,")  # the flow mapping and its indent kept
    card = load_deck(path).card("L17")
    for key, change in applied["changes"].items():
        assert card.value(key) == pytest.approx(change["to"])
    assert data["changes"]["cards"]["edited"][0]["id"] == "L17"  # the re-check compares old -> new


def test_apply_csv_keeps_delimiter_quoting_and_line_endings(tmp_path: Path) -> None:
    rows = list(csv.reader((deck_data_dir() / "eagle-cards.csv").read_text().splitlines()))
    with (tmp_path / "eagle-cards.csv").open("w", newline="") as out:
        csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\r\n").writerows(rows)
    shutil.copy(EAGLE, tmp_path / "eagle.yaml")
    deck = load_deck(tmp_path / "eagle.yaml")
    before = (tmp_path / "eagle-cards.csv").read_bytes()
    apply_values(deck.card("E18"), {"range": "45"})
    after = (tmp_path / "eagle-cards.csv").read_bytes()
    old_lines, new_lines = before.split(b"\r\n"), after.split(b"\r\n")
    diff = [(a, b) for a, b in zip(old_lines, new_lines, strict=True) if a != b]
    assert len(diff) == 1
    assert diff[0][1].startswith(b'"E18",') and b'"45"' in diff[0][1]
    assert load_deck(tmp_path / "eagle.yaml").card("E18").value("range") == 45


def test_apply_xlsx_keeps_formatting_and_other_sheets(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in csv.reader((deck_data_dir() / "eagle-cards.csv").read_text().splitlines()):
        sheet.append([float(x) if x.replace(".", "", 1).isdigit() else x for x in row])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.column_dimensions["B"].width = 31
    for (cell,) in sheet.iter_rows(min_row=2, min_col=3, max_col=3):
        cell.number_format = "0.00"
    book.create_sheet("Notes")["A1"] = "my notes"
    book.save(tmp_path / "cards.xlsx")
    (tmp_path / "eagle.yaml").write_text(EAGLE.read_text().replace("eagle-cards.csv", "cards.xlsx"))
    apply_values(load_deck(tmp_path / "eagle.yaml").card("E18"), {"range": "45", "weight": "1.25"})
    book = openpyxl.load_workbook(tmp_path / "cards.xlsx")
    sheet = book["Cards"]
    row = next(r for r in sheet.iter_rows(min_row=2) if r[0].value == "E18")
    assert row[5].value == 45 and row[2].value == 1.25 and row[2].number_format == "0.00"
    assert sheet["A1"].font.b and sheet.column_dimensions["B"].width == 31
    assert book["Notes"]["A1"].value == "my notes"


def test_apply_refuses_a_formula_cell(tmp_path: Path) -> None:
    from generator.errors import DeckError

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["id", "name", "power"])
    sheet.append(["A1", "Ace", "=2*3"])
    book.save(tmp_path / "c.xlsx")
    deck_file = tmp_path / "d.yaml"
    deck_file.write_text("name: D\ngame: weiji\nattributes:\n- {key: power, better: higher}\ncards: c.xlsx\n")
    with pytest.raises(DeckError, match="formula"):
        apply_values(load_deck(deck_file).card("A1"), {"power": "7"})


def test_docs_ci_workflow_runs_the_gate() -> None:
    import yaml

    text = (Path(__file__).resolve().parents[2] / "docs" / "balance.md").read_text()
    block = text.split("```yaml\n# .github/workflows/balance.yml\n", 1)[1].split("```", 1)[0]
    workflow = yaml.safe_load(block)
    steps = workflow["jobs"]["balance"]["steps"]
    commands = " ".join(s.get("run", "") for s in steps)
    assert "pip install" in commands and "deckpress" in commands
    assert "deckpress check" in commands and "--against" in commands and "--fail-on worse" in commands
    assert any("fetch-depth" in str(s.get("with", {})) for s in steps)  # the old revision must be there
