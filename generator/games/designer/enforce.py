"""The contract, enforced: a designer's game passes :func:`~.contract.check_game`
before any command plays it, prints its booklet or builds its project.

:func:`enforce` runs the contract on the game with its default parameters and
the deck, once per content: the verdict is kept in the user's cache (:mod:`.verdicts`,
never in the project, which could carry a forged one) under a hash of the game file, the deck's input files
(``Deck.digest``) and the checker itself, so an edit to any of them checks
again, and an unchanged game costs nothing. A broken contract is refused (exit
2) with the rule broken, the seed and the step; an exception raised in the
designer's code while checking is named by file and line like any other.
Built-in and installed games are deckpress's own or a package's tested code and
are not checked here (their tests run the same contract).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator.games import verdicts  # absolute: the same line once enforce.py is in designer/

from ...deck.model import Deck
from ...errors import DeckpressError, ParameterError, shown_path
from ..spec import GameSpec
from .loader import designer_failure, game_files, is_file_ref


class ContractRefused(ParameterError):
    """A designer's game that breaks the contract: every command refuses it (exit 2)."""


SEEDS = 20  # random games the contract plays on a designer's game (every decision of a short game checked)


def game_file(spec: GameSpec) -> Path | None:
    """The designer's file a spec was loaded from (None: a built-in or installed game)."""
    if spec.source is None or not is_file_ref(spec.source):
        return None
    return Path(spec.source.partition(":")[0])


def contract_key(spec: GameSpec, deck: Deck, path: Path) -> str:
    """What the verdict depends on: every file of the game (:func:`.loader.game_files`:
    the game file and the project modules it imports), its class, the deck's inputs and
    the checker."""
    from . import contract

    digest = hashlib.sha256()
    folder = (deck.folder or path.parent).resolve()
    for file in game_files(spec.source or str(path), deck.folder):
        name = file.relative_to(folder).as_posix() if file.is_relative_to(folder) else str(file)
        digest.update(name.encode() + b"\0")  # a moved project keeps its key
        try:
            digest.update(file.read_bytes())
        except OSError:
            digest.update(b"(unreadable)")
    digest.update((spec.source or "").encode())
    digest.update((deck.digest or repr(deck.cards)).encode())
    digest.update(Path(contract.__file__).read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()


def enforce(spec: GameSpec, deck: Deck) -> None:
    """Refuse a designer's game that breaks the contract (see the module docstring)."""
    path = game_file(spec)
    if path is None or not path.is_file():
        return
    key = contract_key(spec, deck, path)
    if verdicts.passed(key):  # the user's cache: a project cannot bring its own verdict
        return
    from .contract import ContractError, check_game

    try:
        params = spec.params()
        spec.make(deck, params)
    except Exception:  # noqa: BLE001 - the defaults do not fit this deck: the command reports it with its own
        return
    try:
        check_game(spec, deck, params, seeds=range(SEEDS))
    except ContractError as exc:
        where = f" (seed {exc.seed}, step {exc.step})" if exc.seed is not None else ""
        raise ContractRefused(f"{shown_path(path)}: the game breaks the game API's rule \"{exc.rule}\"{where}:"
                             f" {exc.what} (docs/own-game.md, section 5: check the contract)") from None
    except DeckpressError:
        raise  # an error in the designer's file, named by file and line
    except Exception as exc:  # the designer's code raised while being checked
        failure = designer_failure(exc)
        if failure is exc:
            raise
        raise failure from None
    verdicts.remember(key)

