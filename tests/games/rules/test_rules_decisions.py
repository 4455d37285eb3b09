"""A rules file's own decisions (``decisions:``: what its source leaves open, and the rule
it plays) close its booklet, marked as the file's choices, and ``booklet:`` (intro, notes)
reaches the booklet; both are checked like every key, before any game is played."""

from __future__ import annotations

from typer.testing import CliRunner

from generator.cli import app

from .test_rules_cli import text_of
from .test_rules_errors import GOOD, load, refused

runner = CliRunner()

OWN = GOOD.replace("variables: {turns: 0}\n", """\
variables: {turns: 0}
parameters:
  hand_size: {default: 3, min: 1, max: 5, description: cards each}
booklet:
  intro: Three cards each, the highest hand wins.
  notes: [Play quickly.]
decisions:
  - question: Who starts?
    answer: The first seat starts, always.
  - question: How many cards?
    answer: Three unless you say otherwise.
    parameter: hand_size
""")


def test_decisions_and_booklet_sentences_load(tmp_path):
    spec = load(tmp_path, OWN)
    assert spec.players == (2, 2)


def test_a_decision_with_an_unknown_key_names_the_line_and_the_nearest(tmp_path):
    message = refused(tmp_path, OWN.replace("    answer: The first seat", "    anwser: The first seat"))
    assert "game.yaml:" in message and "unknown key 'anwser'" in message and "did you mean 'answer'?" in message


def test_a_decision_without_its_answer_is_refused(tmp_path):
    message = refused(tmp_path, OWN.replace("    answer: The first seat starts, always.\n", ""))
    assert "a decision: give its answer" in message


def test_a_decision_naming_no_parameter_of_the_file_is_refused(tmp_path):
    message = refused(tmp_path, OWN.replace("    parameter: hand_size", "    parameter: hand_sise"))
    assert "parameter 'hand_sise' is not one of this file's parameters" in message and "did you mean 'hand_size'?" in message


def test_booklet_notes_must_be_sentences(tmp_path):
    message = refused(tmp_path, OWN.replace("  notes: [Play quickly.]", "  notes: {a: 1}"))
    assert "booklet: notes: a list of sentences" in message
    message = refused(tmp_path, OWN.replace("  intro: Three", "  intros: Three"))
    assert "unknown key 'intros'" in message and "did you mean 'intro'?" in message


def test_the_booklet_closes_with_the_files_decisions(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["--quiet", "new", "own", "--from", "crazy-eights"])
    assert result.exit_code == 0, result.output
    (tmp_path / "own" / "game.yaml").write_text(OWN.replace("name: tiny", "name: own"), encoding="utf-8")
    out = tmp_path / "own.pdf"
    result = runner.invoke(app, ["rules", "own", "-o", str(out), "--imposition", "sheet"])
    assert result.exit_code == 0, result.output
    text = " ".join(text_of(out).split())
    assert "Three cards each, the highest hand wins." in text and "Play quickly." in text
    assert "Where the original rules are silent" in text
    assert "Who starts? The first seat starts, always." in text
    assert "How many cards? Three unless you say otherwise. Changed with --set hand_size=" in text


def test_gin_rummys_hand_cap_is_marked_as_ours(tmp_path):
    out = tmp_path / "gin.pdf"
    result = runner.invoke(app, ["rules", "gin-rummy", "-o", str(out), "--imposition", "sheet"])
    assert result.exit_code == 0, result.output
    text = " ".join(text_of(out).split())
    closing = text[text.index("Where the original rules are silent"):]
    assert "After max_hands hands (dead hands included) the game ends and the higher total wins" in closing
    assert "This cap is ours" in closing and "Changed with --set max_hands=" in closing
    assert "the hand is dead: no one scores" in closing
