"""The ``deckpress`` command line: thin Typer commands over library functions.

Each command lives in a ``cmd_*`` module, which registers it on ``app``. The
table of every command, its module and its one-line help (the first paragraph
of its docstring; a test keeps them equal) is in ``commands.py``: the
module is imported only when the command runs or shows its own help (see
``lazy.py``), so ``deckpress --help`` and ``--version`` start instantly. A new
command is one line there.
"""

from __future__ import annotations

from .app import app, main
from .commands import COMMANDS

__all__ = ["COMMANDS", "app", "main"]
