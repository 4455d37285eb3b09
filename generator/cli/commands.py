"""Every command, its module and its one-line help, in help order: the table the
lazy command group reads (``lazy.py``) without importing any command module. A
new command is one line here (a test keeps the help equal to its docstring)."""

from __future__ import annotations

COMMANDS: tuple[tuple[str, str, str], ...] = (  # (command, module, one-line help), in help order
    ("build", "cmd_build", "Build card/tile sheets (A4 and Letter), booklets, images and balance reports into OUTPUT/<deck>/."),
    ("ladder", "cmd_ladder", "A skill ladder (mcts:25 ... mcts:400, each rung against the last) and a round-robin tournament."),
    ("new", "cmd_build", "Start a new game: a deck, a card spreadsheet and a layout that extends a bundled one."),
    ("cards", "cmd_cards", "Print-and-play card sheets: exact cut size, bleed, crop marks, duplex or fold backs."),
    ("calibrate", "cmd_cards", "Duplex registration test sheet; with --printer NAME --back-offset X,Y store the offset."),
    ("check", "cmd_check", "Validate DECK and check its balance; --games 0 runs the static checks alone."),
    ("decks", "cmd_decks", "List the bundled decks with their game and card count."),
    ("eject", "cmd_eject", "Write a project's rules game as an equivalent game.py (its rules move into Python)."),
    ("games", "cmd_games", "List every game deckpress plays: built-in, rules files, installed, and a project's."),
    ("images", "cmd_images", "Card images: one per face (and back) at exact pixel size and DPI; tgc, mpc, dtc, tts, screentop, tabletopia, pcio presets."),
    ("play", "cmd_play", "Play your game in the browser against the AI players, with your own cards; every game is saved."),
    ("preflight", "cmd_preflight", "Check produced PDFs as a print shop does: page boxes, fonts, colour, ink, images, PDF/X."),
    ("pull", "cmd_pull", "Fetch the card rows of DECK's sheet link again (Google Sheets, a CSV URL) into the project's cache."),
    ("rules", "cmd_rules", "Rule booklet for GAME, stating exactly the chosen rule parameters (--set as for simulate)."),
    ("simulate", "cmd_simulate", "Simulate GAME to see how a deck plays: wins per seat, game lengths, ties."),
    ("tiles", "cmd_tiles", "Piecepack print-and-play: 2 in tiles, 3/4 in coins, die nets and fold-up pawns."),
    ("tuckbox", "cmd_tuckbox", "A one-piece tuck box for DECK: sized from the cards, with its back design, name and colours."),
    ("tune", "cmd_tune", "Search the changes you allow for one that meets the deck's design targets (balance: targets:)."),
    ("translate", "cmd_translate", "Write or update translations/LANG.csv: the source text beside each empty cell, changed sources marked."),
    ("watch", "cmd_watch", "Build once, serve the gallery, and rebuild what each saved edit affects; the page updates by itself."),
)
