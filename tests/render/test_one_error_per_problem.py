"""`cards --strict` says each distinct problem once (issue 51): a deck string no font can
draw (an attribute label every card prints) is one error listing the cards it touches,
not one per card; a card's own field stays that card's error."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def test_a_deck_string_is_one_error_listing_its_cards(tmp_path: Path) -> None:
    project = tmp_path / "game"
    assert runner.invoke(app, ["new", str(project)]).exit_code == 0
    deck = project / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("label: Speed,", 'label: "Speed 𓀀",'), encoding="utf-8")
    cards = project / "cards.csv"
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace("Ironclad", "Iron𓀁clad")  # the scaffold's second card, A02
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["cards", str(project), "--strict", "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()
    said = [line for line in result.output.splitlines() if line.startswith("error:")]
    label = [line for line in said if "attributes.speed.label" in line]
    assert len(label) == 1, said  # once, not twelve times
    assert "'𓀀' (U+13000)" in label[0] and "on 12 cards: A01, A02, A03, A04, A05, A06 and 6 more" in label[0]
    own = [line for line in said if "U+13001" in line]
    assert len(own) == 1 and "card A02, field 'name'" in own[0] and "cards:" not in own[0]
    assert len(said) == 2
