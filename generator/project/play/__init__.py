"""``deckpress play``: a table in the browser, the human against the game's players.

:func:`open_table` sets a table up (the game and deck, the seats, the card images, the
server) and returns it running; :func:`play` serves it until Ctrl-C. Every game is
saved as ``play-<date>.json`` in the table's folder after each move (:mod:`.record`);
``replay=FILE`` steps through a saved game instead.
"""

from __future__ import annotations

import secrets
import webbrowser
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...deck import Deck, resolve_deck
from ...errors import ParameterError
from ...games.designer.find import resolve
from ...games.registry import default_deck, entry, make_game, make_params, make_strategy
from . import record
from .cards import names, render_cards
from .server import Tabletop, start_table, stop_table
from .session import Seating, Session, Step
from .zones import table_hook

Log = Callable[[str], None]


@dataclass
class Table:
    """A running table: its address, the server and what it serves."""

    url: str
    port: int
    links: dict[int, str]  # human seat -> its own link (several humans with --token)
    top: Tabletop
    server: Any
    folder: Path

    def close(self) -> None:
        stop_table(self.server)


def parse_seats(text: str | None, players: int, option: str) -> tuple[int, ...]:
    """``0,2`` -> (0, 2): seats that exist, each once."""
    if text is None:
        return ()
    seats = []
    for part in str(text).split(","):
        part = part.strip()
        if not part.isdigit() or int(part) >= players:
            raise ParameterError(f"{option} {text!r}: seats are numbers from 0 to {players - 1}")
        if int(part) in seats:
            raise ParameterError(f"{option} {text!r}: seat {part} is named twice")
        seats.append(int(part))
    return tuple(seats)


def seating(game: str, humans: Sequence[int], strategy: str | None, players: int) -> Seating:
    """The strategies of the seats no human plays: ``strategy`` is one name (every such
    seat), one name per AI seat (in seat order), or one per seat (the human seats' names
    are ignored); None: the game's default player."""
    ai = [s for s in range(players) if s not in humans]
    default = entry(game).default_strategy
    if default is None:
        if strategy is not None:
            raise ParameterError(f"{game} has no player decisions, so --strategy does not apply")
        return Seating(tuple(humans), {}, {})
    given = [n.strip() for n in (strategy or default).split(",")]
    if len(given) == 1:
        given = given * len(ai)
    elif len(given) == players and len(ai) != players:
        given = [given[s] for s in ai]
    if len(given) != len(ai):
        raise ParameterError(f"--strategy {strategy!r} names {len(given)} players for {len(ai)} AI seats"
                             f" ({', '.join(map(str, ai))}); give one name, one per AI seat or one per seat")
    strategies = {s: make_strategy(game, n) for s, n in zip(ai, given, strict=True)}  # unknown names: clear errors
    return Seating(tuple(humans), strategies, dict(zip(ai, given, strict=True)))


def load_target(target: str, deck_name: str | None = None) -> tuple[Any, Deck]:
    """GAME (its bundled deck), a deck file or a project folder: the game spec and deck."""
    spec, own = resolve(target)
    if deck_name is not None or own is None:
        from ...validate.deck import require_valid

        deck = resolve_deck(deck_name or default_deck(spec.name))
        require_valid(deck)
    else:
        deck = own
    return spec, deck


def open_table(
    target: str,
    *,
    folder: Path,
    seat: int = 0,
    humans: Sequence[int] | None = None,
    players: int | None = None,
    strategy: str | None = None,
    sets: Sequence[str] = (),
    seed: int = 1,
    host: str = "127.0.0.1",
    port: int = 0,
    token: bool = False,
    images: bool = True,
    replay: Path | None = None,
    deck: str | None = None,
) -> Table:
    """Set the table up and start serving it (see the module docstring)."""
    head: dict[str, Any] = {}
    script: list[Step] = []
    if replay is not None:
        head, script = record.read(replay)
        target = target or str(head["target"])
        seed = int(head["seed"])
        deck = deck or head.get("deck")
        humans = tuple(int(s) for s in head.get("humans") or (0,))
    spec, loaded = load_target(target, deck)
    params = spec.params.model_validate(head.get("params") or {}) if head else \
        make_params(spec, sets, players=players)
    count = int(getattr(params, "players", 2))
    chosen = tuple(humans) if humans else (seat,)
    for s in chosen:
        if not 0 <= s < count:
            raise ParameterError(f"--seat {s}: {spec.title} with {count} players has seats 0 to {count - 1}")
    game = make_game(spec, loaded, params)
    seats = seating(spec.name, chosen, None if head else strategy, count) if not head else \
        Seating(chosen, {}, {s: n for s, n in enumerate(head.get("seats") or []) if s not in chosen})
    ids = frozenset(c.id for c in loaded.cards)
    hook = table_hook(spec, game)
    card_names = names(loaded)
    folder.mkdir(parents=True, exist_ok=True)
    cards = render_cards(loaded, folder) if images else {"fronts": {}, "backs": {}, "back": None}

    def start(game_seed: int) -> Session:
        return Session(game, spec, ids, card_names, seats, game_seed, hook, script)

    save = None
    where = str(Path(target).resolve()) if Path(target).exists() else target  # replays from any folder
    if replay is None:
        saved_to: dict[int, Path] = {}

        def save(session: Session) -> None:
            path = saved_to.setdefault(id(session), folder / record.file_name())
            result = session.result_words(seats.humans[0]) if session.over else None
            record.write(path, {"game": spec.name, "target": where, "deck": deck, "deck_name": loaded.name,
                                "params": params.model_dump(mode="json", exclude_unset=True), "seed": session.seed,
                                "humans": list(seats.humans),
                                "seats": ["human" if s in seats.humans else seats.names.get(s, "")
                                          for s in range(session.players)]},
                         session.steps, result)

    title = f"{spec.title} — {loaded.name}" + (" (replay)" if replay else "")
    tokens = {secrets.token_urlsafe(12): s for s in seats.humans} if token else None
    top = Tabletop(start, seed, cards, title, save, tokens)
    server = start_table(folder, top, host, port)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else f"[{host}]" if ":" in host else host
    base = f"http://{shown}:{server.server_port}/"
    links = {s: f"{base}?token={t}" for t, s in tokens.items()} if tokens else {}
    url = links[seats.humans[0]] if links else base
    return Table(url, server.server_port, links, top, server, folder)


def play(target: str, *, open_browser: bool = True, log: Log = print, **options: Any) -> None:
    """Serve a table until interrupted (KeyboardInterrupt propagates to the caller)."""
    import time

    if options.get("images", True):
        log("setting the table: the deck's card images are rendered once (again only when the deck changes)")
    table = open_table(target, **options)
    log(f"the table is at {table.url} (Ctrl-C stops); games are saved in {table.folder}")
    if len(table.links) > 1:
        for seat, link in table.links.items():
            log(f"  seat {seat}'s link: {link}")
    if options.get("host", "127.0.0.1") in ("0.0.0.0", "::"):
        log("  on another machine of your network, put this machine's address in place of 127.0.0.1")
    try:
        if open_browser:
            webbrowser.open(table.url)
        while True:
            time.sleep(3600)
    finally:
        table.close()
