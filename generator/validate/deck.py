"""The one deck validation every command runs before it uses a deck.

``check``, ``simulate``, ``cards``, ``tiles``, ``images``, ``rules`` and ``build``
all call :func:`validate_deck`, so they agree on every deck: ``check`` lists the
issues as findings (errors exit 1); the other commands refuse a deck with errors
(:func:`require_valid`, exit 2) with the same words, at the deck's own lines,
before anything is written, and print the warnings.

What is checked: whether the suits can be printed (symbols, borders, colours;
:mod:`generator.render.suit_checks`) and whether the game the deck declares can be played
with it (the game's ``GameSpec.deck_issues``). Layouts, templates, fonts and
art are checked by the card check itself (``render.cards.check_cards``).

Layering: the ``validate`` layer (generator/validate/), imported by cli, project,
images, booklet and balance; imports render and games.
"""

from __future__ import annotations

from ..deck.issues import Issue, deck_file, setting_line
from ..deck.model import Deck
from ..errors import DeckError, Problem
from ..games.registry import GAMES
from ..render.suit_checks import print_issues


def validate_deck(deck: Deck) -> list[Issue]:
    """Every issue of ``deck``, errors first."""
    issues = print_issues(deck) + booklet_issues(deck)
    spec = GAMES.get(deck.game)  # a registered game (a designer's once check or simulate loaded it)
    if spec is not None and spec.deck_issues is not None:
        issues += spec.deck_issues(deck)
    return sorted(issues, key=lambda i: i.level != "error")


def require_valid(deck: Deck) -> list[str]:
    """Raise DeckError listing the deck's errors; else return its warnings (one line each)."""
    issues = validate_deck(deck)
    errors = [i.problem for i in issues if i.level == "error"]
    if errors:
        raise DeckError(errors)
    return [f"warning: {i.problem}" for i in issues]


def booklet_issues(deck: Deck) -> list[Issue]:
    """The project's ``build: booklets: variants:``: each variant's rule parameters must be
    the game's (``make_params``, as ``--set`` is checked), so ``build`` never fails on them
    after ``check`` passed. Each error names the variant's line."""
    variants = deck.build.booklets.variants
    if not variants:
        return []
    from ..errors import DeckpressError, ParameterError
    from ..games.designer.find import game_of
    from ..games.registry import make_params

    try:
        spec = game_of(deck)
    except DeckpressError:
        return []  # the game itself does not load: its own error says why
    field = "build.booklets.variants"
    if spec is None:
        return [Issue("error", "booklets", Problem(
            "booklet variants need a game: the deck's game: names none", deck_file(deck),
            setting_line(deck, "booklets", "variants"), field=field))]
    issues = []
    for name, sets in variants.items():
        try:
            make_params(spec, sets)
        except ParameterError as exc:
            issues.append(Issue("error", "booklets", Problem(
                f"booklet variant {name!r}: {str(exc).removeprefix('error: ')}", deck_file(deck),
                setting_line(deck, "booklets", "variants", name), field=f"{field}.{name}")))
    return issues

