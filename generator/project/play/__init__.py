"""``deckpress play``: a table in the browser, the human against the game's players.

:func:`open_table` sets a table up (the game and deck, the seats, the card images, the
server) and returns it running; :func:`play` serves it until Ctrl-C. Every game is
dealt from a fresh secret seed (``seed=`` for a chosen deal) and saved as
``play-<date>.json`` in the table's folder after each move (:mod:`.record`), which is
never served; ``replay=FILE`` steps through a saved game, ``resume=FILE`` goes on with
an interrupted one (and the table offers the latest interrupted game of its folder).
A saved game's own project runs only where the user said so (:func:`saved_target`).
"""

from __future__ import annotations

import ipaddress
import json
import secrets
import webbrowser
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...deck import Deck, resolve_deck
from ...errors import ParameterError
from ...games.designer.find import resolve
from ...games.registry import (
    GAMES,
    default_deck,
    entry,
    make_game,
    make_params,
    make_strategy,
    specs,
)
from . import record
from .cards import names, render_cards
from .server import Store, Tabletop, fresh_seed, start_table, stop_table
from .session import Seating, Session, Step, play_step
from .zones import table_hook


def alias(name: str) -> tuple[str, dict[str, Any]]:
    """Another name of a registered game (its spec's ``aliases``: ``viashilym`` is Viashi
    for 6): the game's name and the rule parameters the name stands for."""
    if name not in GAMES:
        for spec in specs():
            if name in spec.aliases:
                return spec.name, dict(spec.aliases[name])
    return name, {}

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
    made_token: bool = False  # an address other than loopback without --token: a token was made

    @property
    def seed(self) -> int:
        return self.top.session.seed

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


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def saved_target(head: dict[str, Any], given: str | None, path: Path, option: str = "--replay") -> str:
    """Which game a saved game is played with: the one named on the command line, a
    bundled (registered) game by its name, else the project in the file's own folder.
    The path a file records is never loaded on its own (loading a project runs its
    ``game.py``, and a file can name any folder)."""
    recorded = str(head.get("target") or "")
    if given:
        return given
    if recorded in GAMES or alias(recorded)[1]:
        return recorded
    folder = path.resolve().parent
    if (folder / "deck.yaml").is_file():
        return str(folder)
    raise ParameterError(f"{path}: it was played with {recorded!r}, which is not a bundled game; a project's "
                         f"rules run only when you name it: deckpress play PROJECT {option} {path.name} "
                         "(or keep the file in the project's folder)")


def load_target(target: str, deck_name: str | None = None) -> tuple[Any, Deck]:
    """GAME (its bundled deck), a deck file or a project folder: the game spec and deck."""
    target = alias(target)[0]
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
    seed: int | None = None,
    host: str = "127.0.0.1",
    port: int = 0,
    token: bool = False,
    images: bool = True,
    replay: Path | None = None,
    resume: Path | None = None,
    deck: str | None = None,
) -> Table:
    """Set the table up and start serving it (see the module docstring)."""
    if replay is not None and resume is not None:
        raise ParameterError("--replay and --resume: give one (replay watches a game, resume plays on)")
    head: dict[str, Any] = {}
    script: list[Step] = []
    saved_file = replay or resume
    if saved_file is not None:
        head, script = record.read(saved_file)
        target = saved_target(head, target or None, saved_file, "--replay" if replay else "--resume")
        seed = int(head["seed"])
        deck = deck or head.get("deck")
        humans = tuple(int(s) for s in head.get("humans") or (0,))
    aliased = alias(target)[1]
    if aliased.get("players") and players not in (None, aliased["players"]):
        raise ParameterError(f"{target} is played by {aliased['players']}, not --players {players}")
    spec, loaded = load_target(target, deck)
    if head and head.get("game") != spec.name:
        raise ParameterError(f"{saved_file}: a game of {head.get('game')!r}, but {target} plays {spec.name!r}")
    params = spec.params.model_validate(head.get("params") or {}) if head else \
        make_params(spec, sets, players=players or aliased.get("players"))
    count = int(getattr(params, "players", 2))
    chosen = tuple(humans) if humans else (seat,)
    for s in chosen:
        if not 0 <= s < count:
            flag = "--humans" if humans else "--seat"  # the flag the seat came from
            raise ParameterError(f"{flag} {s}: {spec.title} with {count} players has seats 0 to {count - 1}")
    game = make_game(spec, loaded, params)
    if replay is not None:
        seats = Seating(chosen, {}, {s: n for s, n in enumerate(head.get("seats") or []) if s not in chosen})
        _check_script(game, script, replay)
        script_steps: list[Step] = script
    else:
        if resume is not None:
            named = [str(n) for s, n in enumerate(head.get("seats") or []) if s not in chosen and n]
            strategy = ",".join(named) or None
        seats = seating(spec.name, chosen, strategy, count)
        script_steps = []
    ids = frozenset(c.id for c in loaded.cards)
    hook = table_hook(spec, game)
    card_names = names(loaded)
    folder.mkdir(parents=True, exist_ok=True)
    cards = render_cards(loaded, folder) if images else {"fronts": {}, "backs": {}, "back": None}

    def start(game_seed: int) -> Session:
        return Session(game, spec, ids, card_names, seats, game_seed, hook, script_steps)

    where = str(Path(target).resolve()) if Path(target).exists() else target
    setup = {"game": spec.name, "target": where, "deck": deck, "deck_name": loaded.name,
             "params": params.model_dump(mode="json", exclude_unset=True), "humans": list(seats.humans)}
    saved_to: dict[int, Path] = {}
    first: Session | None = None
    save = discard = reopen = None
    if replay is None:
        def save(session: Session) -> None:
            path = saved_to.setdefault(id(session), folder / record.file_name())
            result = session.result_words(seats.humans[0]) if session.over else None
            record.write(path, {**setup, "seed": session.seed,
                                "seats": ["human" if s in seats.humans else seats.names.get(s, "")
                                          for s in range(session.players)]},
                         session.steps, result)

        def discard(session: Session) -> None:
            path = saved_to.pop(id(session), None)
            if path is not None:
                path.unlink(missing_ok=True)

        def reopen(path: Path) -> Session:
            data, steps = record.read(path)
            session = start(int(data["seed"]))
            session.redo(steps)
            saved_to[id(session)] = path
            return session

        if resume is not None:
            first = reopen(resume)
    if seed is None:
        seed = fresh_seed()
    who = ["human" if s in seats.humans else seats.names.get(s, "") for s in range(count)]
    offers = [] if saved_file is not None else interrupted(folder, {**setup, "seats": who})
    title = f"{spec.title} — {loaded.name}" + (" (replay)" if replay else "")
    made = bool(not token and not loopback(host))
    tokens = {secrets.token_urlsafe(12): s for s in seats.humans} if token or made else None
    top = Tabletop(start, seed, cards, title, Store(save, reopen, discard), tokens, first=first, offers=offers)
    server = start_table(folder, top, host, port)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else f"[{host}]" if ":" in host else host
    base = f"http://{shown}:{server.server_port}/"
    links = {s: f"{base}?token={t}" for t, s in tokens.items()} if tokens else {}
    url = links[seats.humans[0]] if links else base
    return Table(url, server.server_port, links, top, server, folder, made)


def _check_script(game: Any, steps: Sequence[Step], path: Path) -> None:
    """Every recorded step of a replay checked before anything is served: a clear error naming the step."""
    state = game.new_state()
    for number, step in enumerate(steps, 1):
        try:
            play_step(state, step, number)
        except ParameterError as exc:
            raise ParameterError(f"{path}: {'; '.join(map(str, exc.problems))}") from None


def interrupted(folder: Path, setup: dict[str, Any], most: int = 1) -> list[Path]:
    """The latest games of this table's folder that stopped before their end (the same
    game, deck, rules and seats), to offer after a restart."""
    found = []
    for path in sorted(folder.glob("play-*.json"), reverse=True):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict) or data.get("result") is not None or not data.get("actions"):
            continue
        if all(data.get(k) == v for k, v in setup.items()):
            found.append(path)
        if len(found) >= most:
            break
    return found


def play(target: str, *, open_browser: bool = True, log: Log = print, **options: Any) -> None:
    """Serve a table until interrupted (KeyboardInterrupt propagates to the caller)."""
    import time

    if options.get("images", True):
        log("setting the table: the deck's card images are rendered once (again only when the deck changes)")
    table = open_table(target, **options)
    log(f"the table is at {table.url} (Ctrl-C stops); games are saved in {table.folder}")
    if table.made_token:
        log("  the table answers your network, so its link carries a token (made now): share only that link")
    if table.top.offers:
        log(f"  an interrupted game can be resumed from the page: {', '.join(table.top.offers)}")
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
