"""What a rule template sees: the chosen parameters plus facts computed from the deck.

``booklet_context(game, params, deck)`` returns a plain dict: ``params`` (the
validated pydantic object the simulator uses), ``deck``, ``chosen`` (label,
value rows stating exactly the parameters of this booklet), ``command`` (the
``deckpress rules`` line that prints it again) and the game's own facts — card
counts and deal sizes, attribute names with the winning direction, rank orders,
and the cards the illustrated examples show (``examples``).
"""

from __future__ import annotations

import shlex
from typing import Any

from ..deck.load import BUNDLED, bundled_path
from ..deck.model import Deck
from ..errors import ParameterError
from ..games.params import Params
from ..games.registry import entry, make_game
from ..games.rulebook import an
from ..i18n import _
from .ours import MARK, markers, own_names, token


def _changed(params: Params) -> list[str]:
    """``--set key=value`` for each parameter this booklet's game does not take by default."""
    defaults = type(params)()
    return [f"--set {k}={str(v).lower() if isinstance(v, bool) else v}"
            for k, v in params.describe().items() if k != "max_tricks" and v != getattr(defaults, k)]


def _sets(game: str, params: Params, deck: Deck) -> str:
    """The command that prints this booklet again, to paste: a bundled deck by its
    name, any other deck by its file path as given (``--deck elements`` would fail)."""
    return " ".join([f"deckpress rules {game}", *(["--deck", _deck_argument(deck)] if deck.key else []),
                     *_changed(params)])


def _deck_argument(deck: Deck) -> str:
    if deck.path is None or _is_bundled(deck):
        return deck.key
    text = deck.path.as_posix()
    return shlex.quote(text)


def _is_bundled(deck: Deck) -> bool:
    try:
        return deck.key in BUNDLED and deck.path is not None and \
            deck.path.resolve() == bundled_path(deck.key).resolve()
    except OSError:
        return False


def booklet_context(game: str, params: Params, deck: Deck) -> dict[str, Any]:
    """Everything the template ``templates/rules/GAME.md.j2`` uses (the game's
    own facts come from its spec's ``booklet`` hook; a game without one gets
    the parameters, the deck and the command only)."""
    spec = entry(game)
    if not isinstance(params, spec.params):
        raise ParameterError(f"{game} booklet needs {spec.params.__name__}, got {type(params).__name__}")
    # the deck must be playable with these parameters, as for `deckpress simulate`: a
    # deck that does not fit the game is the same clear error, never a template failure
    make_game(game, deck, params)
    facts = spec.booklet(params, deck) if spec.booklet else {}
    # (key, value, meaning): a built-in game's meanings are msgids (N_ in games/params.py)
    # (the simulator's turn cap, max_tricks, is no rule of the game: never printed to players)
    parameters = [(key, getattr(params, key), _(info.description or "")) for key, info in type(params).model_fields.items()
                  if key != "max_tricks"]
    ctx = {"game": game, "params": params, "deck": deck, "command": _sets(game, params, deck), "an": an,
           "parameters": parameters,
           # the deck option of the commands a booklet suggests: "" for the game's own bundled deck
           "deck_option": "" if _is_bundled(deck) and deck.key == spec.default_deck else
           f" --deck {_deck_argument(deck)}",
           # the --set options of this game: the simulator plays exactly this booklet's game with them
           "set_options": "".join(f" {o}" for o in _changed(params)),
           **facts}
    # issue #27: the rules and names that are ours, marked where stated and listed at the end
    ours, mark, silent = markers(game, ctx)
    own = own_names(deck)
    ctx.update(ours=ours, mark=mark, silent=silent, marker=MARK,
               own_names=[c.name for c in deck.cards if c.id in own],
               published_names=[c.name for c in deck.cards if own and c.id not in own and c.name],
               # the bundled Viashi deck's Magician/Scholar choice per suit is ours too
               mark_deck_fact=token("name") if own else "")
    return ctx
