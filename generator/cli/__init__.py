"""The ``deckpress`` command line: thin Typer commands over library functions.

Each command lives in a ``cmd_*`` module, which registers it on ``app``. The
table below names every command, its module and its one-line help (the first
paragraph of its docstring; a test keeps them equal): the module is imported only
when the command runs or shows its own help (see ``lazy.py``), so ``deckpress
--help`` and ``--version`` start instantly. A new command is one line here.
"""

from __future__ import annotations

from .app import app, main

COMMANDS: tuple[tuple[str, str, str], ...] = (  # (command, module, one-line help), in help order
    ("build", "cmd_build", "Build card/tile sheets (A4 and Letter), booklets, images and balance reports into OUTPUT/<deck>/."),
    ("new", "cmd_build", "Start a new game: a deck, a card spreadsheet and a layout that extends a bundled one."),
    ("cards", "cmd_cards", "Print-and-play card sheets: exact cut size, bleed, crop marks, duplex or fold backs."),
    ("calibrate", "cmd_cards", "Duplex registration test sheet; with --printer NAME --back-offset X,Y store the offset."),
    ("check", "cmd_check", "Validate DECK and check its balance; --games 0 runs the static checks alone."),
    ("decks", "cmd_decks", "List the bundled decks with their game and card count."),
    ("images", "cmd_images", "Card images: one per face (and back) at exact pixel size and DPI; tgc, mpc, dtc, tts presets."),
    ("preflight", "cmd_preflight", "Check produced PDFs as a print shop does: page boxes, fonts, colour, ink, images, PDF/X."),
    ("rules", "cmd_rules", "Rule booklet for GAME, stating exactly the chosen rule parameters (--set as for simulate)."),
    ("simulate", "cmd_simulate", "Simulate GAME to see how a deck plays: wins per seat, game lengths, ties."),
    ("tiles", "cmd_tiles", "Piecepack print-and-play: 2 in tiles, 3/4 in coins, die nets and fold-up pawns."),
    ("watch", "cmd_watch", "Build once, serve the gallery, and rebuild what each saved edit affects; the page updates by itself."),
)

__all__ = ["COMMANDS", "app", "main"]
