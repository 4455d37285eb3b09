"""The rule-parameter reference (docs/parameters.md), generated from the
validated parameter models so the docs cannot drift from what ``--set`` accepts."""

from __future__ import annotations

from .params import valid_values
from .registry import builtin_names, entry


def params_markdown() -> str:
    lines = [
        "# Rule parameters",
        "",
        "Generated from each game's parameter model (`generator/games/<game>/params.py`) by `make docs`; a test keeps it current.",
        "`deckpress simulate GAME --set key=value` and `deckpress rules GAME --set key=value`",
        "take exactly these keys, so a booklet always states the rules the simulator played.",
        "Unknown keys or values are errors that list the valid ones.",
        "",
    ]
    for game in builtin_names():  # the built-in games (a designer's game documents itself)
        model = entry(game).params
        lines += [f"## {game}", "", (model.__doc__ or "").strip(), "",
                  "| key | default | valid | meaning |", "| --- | --- | --- | --- |"]
        for key, info in model.model_fields.items():
            valid = valid_values(model, key).removeprefix("valid: ")
            if valid.startswith("("):
                valid = "true, false" if isinstance(info.default, bool) else "-"
            lines.append(f"| `{key}` | `{info.default}` | {valid} | {info.description or ''} |")
        lines.append("")
    return "\n".join(lines)
