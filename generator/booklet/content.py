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
from itertools import combinations
from typing import Any

from ..deck.load import BUNDLED, bundled_path
from ..deck.model import Attribute, Card, Deck, Rank, Suit
from ..errors import ParameterError, Problem
from ..games.params import Params, ViashiParams, WarParams, WeijiParams
from ..games.registry import entry, make_game
from ..games.spec import load_hook
from ..i18n import N_, _, ngettext
from .ours import MARK, markers, own_names, token

# The booklet's words for parameter values (marked for the catalogue, translated where used)
PICKUP = {
    "shuffled": N_("mixed, in no particular order"),
    "winner-first": N_("in seating order, starting with the winner's own"),
}
WINS = {"highest": N_("highest"), "lowest": N_("lowest")}
DIRECTION = {True: N_("clockwise"), False: N_("counterclockwise")}


def an(word: str) -> str:
    """The indefinite article for a rank or card name: "an Ace", "a Two", "an 8"."""
    w = word.strip().lower()
    if w[:1].isdigit():
        return "an" if w.startswith(("8", "11", "18")) else "a"
    if w.startswith(("one", "uni", "use", "eu")):
        return "a"
    return "an" if w[:1] in "aeiou" else "a"


def deal(total: int, players: int) -> dict[str, int]:
    """An even deal: ``base`` each, ``extra`` players get one more (Weiji: every card is dealt)."""
    return {"total": total, "players": players, "base": total // players, "extra": total % players}


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


def _attr(a: Attribute) -> dict[str, Any]:
    """An attribute as the templates see it; ``wins`` is "highest" or "lowest" (compared),
    ``best`` the same word in the booklet's language."""
    wins = "highest" if a.better == "higher" else "lowest"
    return {"key": a.key, "label": a.label, "unit": a.unit, "better": a.better, "wins": wins, "best": _(WINS[wins])}


def _weiji_examples(deck: Deck) -> dict[str, Any]:
    """A showdown one card wins (a lower-is-better attribute if there is one) and a tie."""
    out: dict[str, Any] = {}
    cards = list(deck.cards)
    attrs = sorted(deck.attributes, key=lambda a: a.better != "lower")
    for a, (x, y) in ((a, pair) for a in attrs for pair in combinations(cards[:6], 2)):
        vx, vy = x.value(a.key), y.value(a.key)
        if vx is not None and vy is not None and vx != vy:
            win, lose = (x, y) if a.beats(vx, vy) else (y, x)
            out["compare"] = {"attr": _attr(a), "winner": _show(win, a, deck), "loser": _show(lose, a, deck)}
            break
    for (x, y), a in ((pair, a) for pair in combinations(cards, 2) for a in deck.attributes):
        vx, vy = x.value(a.key), y.value(a.key)
        if vx is not None and vx == vy:
            out["tie"] = {"attr": _attr(a), "cards": [_show(x, a, deck), _show(y, a, deck)], "no_data": False}
            break
    else:
        for x, y in combinations(cards, 2):
            gap = next((a for a in deck.attributes if x.value(a.key) is None), None)
            if gap is not None and y.value(gap.key) is not None:
                out["tie"] = {"attr": _attr(gap), "cards": [_show(x, gap, deck), _show(y, gap, deck)],
                              "no_data": True}
                break
    return out


def _show(card: Card, a: Attribute, deck: Deck) -> dict[str, str]:
    return {"id": card.id, "name": card.name, "value": a.format(card.value(a.key), deck.no_data)}


def weiji_context(params: WeijiParams, deck: Deck) -> dict[str, Any]:
    if not deck.attributes:
        raise ParameterError(f"deck {deck.name!r} has no attributes; Weiji needs a deck with attributes")
    total = sum(1 for _ in deck.printed())
    if total < params.players:
        raise ParameterError(f"deck {deck.name!r} has {total} cards, too few for {params.players} players")
    no_data = any(v is None for c in deck.cards for v in c.values.values())
    first = deck.attributes[0]
    draw_wins = "lowest" if first.better == "lower" and params.tiebreak_draw == "best" else "highest"
    return {
        "cards": deal(total, params.players),
        "attributes": [_attr(a) for a in deck.attributes],
        "first_attribute": _attr(first),
        "lower_labels": ", ".join(f"**{a.label}**" for a in deck.attributes if a.better == "lower"),
        # the tiebreak draw: the highest value (the seed's words) or the best one
        "draw_wins": draw_wins,
        "has_no_data": no_data,
        "draw_best": _(WINS[draw_wins]),
        "pickup": _(PICKUP[params.pickup]),
        "examples": _weiji_examples(deck),
        "chosen": [(_("Players"), str(params.players)),
                   (_("Cards"), f"{total} ({_deal_text(total, params.players)})"),
                   (_("Won cards go under the stack"), _(PICKUP[params.pickup])),
                   (_("Tiebreak draw"), _("the %(wins)s %(label)s chooses")
                    % {"wins": _(WINS[draw_wins]), "label": first.label})],
    }


def _deal_text(total: int, players: int) -> str:
    d = deal(total, players)
    if d["extra"] == 0:
        return _("%(n)s cards each") % {"n": d["base"]}
    more, rest = d["extra"], players - d["extra"]
    return (ngettext("%(n)s player gets %(cards)s cards", "%(n)s players get %(cards)s cards", more)
            % {"n": more, "cards": d["base"] + 1} + ", "
            + ngettext("%(n)s gets %(cards)s", "%(n)s get %(cards)s", rest) % {"n": rest, "cards": d["base"]})


def _ranked(deck: Deck) -> list[Rank]:
    return sorted(deck.ranks, key=lambda r: -r.strength)


def war_context(params: WarParams, deck: Deck) -> dict[str, Any]:
    held = {c.rank for c in deck.printed()}
    ranks = [r for r in _ranked(deck) if r.key in held]  # the ranks on its tiles, strongest first
    if len(ranks) < 2:
        raise ParameterError(Problem(f"deck {deck.name!r} has tiles of {len(ranks)} rank(s); War compares ranks, "
                                     "so it needs tiles of at least two", deck.path or deck.name, field="ranks"))
    per_pack = sum(1 for _ in deck.printed())
    total = per_pack * params.packs
    d = deal(total, params.players)
    russian = params.variant == "russian"
    order = list(reversed(ranks)) if russian else ranks  # strongest first
    high, low = ranks[0], ranks[-1]  # classic top and bottom: 5 and null
    first_of: dict[str | None, Card] = {}
    for c in deck.cards:
        first_of.setdefault(c.rank, c)
    if russian:  # the surprising one: the lowest rank beats the highest
        pair = (first_of[high.key], first_of[low.key])
    else:
        # the second strongest against the fourth (5 or 4 against 3 or 2): a plain win, no exception
        stronger = ranks[1] if len(ranks) > 2 else high
        pair = (first_of[stronger.key], first_of[ranks[min(3, len(ranks) - 1)].key])
    piecepack = deck.kind == "piecepack"
    counted = _("%(n)s tiles") if piecepack else _("%(n)s cards")
    chosen = [(_("Version"), _("Russian") if russian else _("classic")), (_("Players"), str(params.players)),
              (_("Piecepacks") if piecepack else _("Decks"), f"{params.packs} ({counted % {'n': total}})"),
              (_("Deal"), _("%(n)s tiles each") % {"n": d["base"]}
               + (_(", %(n)s set aside") % {"n": d["extra"]} if d["extra"] else ""))]
    if russian:
        chosen += [(_("Objective"), f"{params.objective}: " + _(OBJECTIVES[params.objective])),
                   (_("Tie method"), f"{params.tie_method}: " + _(TIE_METHODS[params.tie_method]))]
    chosen.append((_("Won tiles go under the stack"), _(PICKUP[params.pickup])))
    return {
        # what the deck is: a piecepack's tiles, or the cards of another ranked deck
        "pack": "piecepack" if piecepack else f"{deck.name} deck", "tile": "tile" if piecepack else "card",
        "piecepack": piecepack,
        "tiles": d, "per_pack": per_pack, "russian": russian,
        "order": [r.name for r in order], "high": high.name, "low": low.name,
        "objective_text": _(OBJECTIVES[params.objective]), "tie_text": _(TIE_METHODS[params.tie_method]),
        "pickup": _(PICKUP[params.pickup]),
        "examples": {"compare": {"tiles": [pair[0].id, pair[1].id],
                                 "names": [_rank_name(deck, pair[0]), _rank_name(deck, pair[1])]}},
        "chosen": chosen,
    }


OBJECTIVES = {1: N_("avoid collecting all the tiles"), 2: N_("do not run out of tiles")}
TIE_METHODS = {1: N_("one new tile face up"), 2: N_("one tile face down, then one face up")}


def _rank_name(deck: Deck, card: Card) -> str:
    return deck.rank(card.rank).name if card.rank else card.name


def _listing(items: list[str], most: int = 10) -> str:
    return ", ".join(items[:most]) + (f" and {len(items) - most} more" if len(items) > most else "")


def _viashi_gaps(deck: Deck) -> None:
    """The one-line errors ``deckpress check`` gives for a Viashi deck missing a card of
    its suits x ranks (a Fool changed to another rank, say): a booklet needs every card."""
    have = {(c.suit, c.rank) for c in deck.cards}
    missing = [f"{s.key}-{r.key}" for s in deck.suits for r in deck.ranks if (s.key, r.key) not in have]
    if missing:
        expected = len(deck.suits) * len(deck.ranks)
        raise ParameterError(Problem(f"{len(missing)} of the {expected} cards the suits x ranks define are "
                                     f"missing: {_listing(missing)}.", deck.path))


def _counted(counts: list[int]) -> str:
    """``[9, 9, 9]`` -> "9"; uneven suits -> "7 or 8"."""
    distinct = sorted(set(counts))
    return " or ".join(str(n) for n in distinct)


def _rank_label(rank: Rank) -> str:
    """How the booklet names a rank's cards: "rank 8" where the deck numbers its ranks."""
    return _("rank %(key)s") % {"key": rank.key} if rank.key.isdigit() else _("the %(name)s rank") % {"name": rank.name}


def _magicians(deck: Deck, regular: list[Suit], rank: Rank) -> str:
    """Which cards score the Magician bonus, in the deck's words."""
    kinds: dict[str, list[str]] = {}
    for s in regular:
        if s.rank8:
            kinds.setdefault(s.rank8, []).append(s.name)
    if not kinds:  # no suit says Magician or Scholar: the rank's own name, as the scoring table says
        return _("The cards of %(rank)s are %(which)s") % {"rank": _rank_label(rank), "which": _kind(rank.name)[1]}
    parts = [_("%(kinds)s in %(suits)s") % {"kinds": _kind(k)[1], "suits": _and(v)} for k, v in kinds.items()]
    return _("The cards of %(rank)s are %(which)s") % {"rank": _rank_label(rank), "which": _(" and ").join(parts)}


def _and(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the booklet's language."""
    if len(items) < 3:
        return _(" and ").join(items)
    return ", ".join(items[:-1]) + _(" and ") + items[-1]


# the bundled Viashi deck's rank-8 kinds (suits' ``rank8:``), singular and plural
KINDS = {"magician": (N_("Magician"), N_("Magicians")), "scholar": (N_("Scholar"), N_("Scholars"))}
# the god suit's usual name: the booklet names the suit only where the deck calls it something else
GODS = N_("Gods")


def _kind(kind: str) -> tuple[str, str]:
    """A rank-8 kind's name, singular and plural (a kind of the designer's own: English -s)."""
    known = KINDS.get(kind.lower())
    return (_(known[0]), _(known[1])) if known else (kind.title(), f"{kind.title()}s")


def _bonus_names(regular: list[Suit], rank: Rank) -> dict[str, str]:
    """The Magician bonus cards by the deck's names: "Magicians and Scholars", "Magician or Scholar"."""
    kinds = [_kind(k) for k in dict.fromkeys(s.rank8 for s in regular if s.rank8)] or [(rank.name, f"{rank.name}s")]
    return {"bonus_cards": _(" and ").join(p for _s, p in kinds), "bonus_card": _(" or ").join(s for s, _p in kinds)}


def viashi_context(params: ViashiParams, deck: Deck) -> dict[str, Any]:
    gods = [s for s in deck.suits if s.gods]
    regular = [s for s in deck.suits if not s.gods]
    ranks = _ranked(deck)
    if not regular or len(ranks) < 3:
        raise ParameterError(f"deck {deck.name!r} has no Viashi suits and ranks")
    _viashi_gaps(deck)
    human = params.variant == "human"
    order = [ranks[1], ranks[0], *ranks[2:]] if human else ranks
    decks = 2 if params.players == 6 else 1
    total = sum(1 for _ in deck.printed()) * decks
    per = total // params.players
    god_keys = {s.key for s in gods}
    god_cards = sorted((c for c in deck.cards if c.suit in god_keys),
                       key=lambda c: -deck.rank(c.rank).strength if c.rank else 0)
    lead = regular[0]

    def card(suit: str, rank: Rank) -> Card:
        return next(c for c in deck.cards if c.suit == suit and c.rank == rank.key)

    top, fool, middle = order[0], ranks[-1], ranks[len(ranks) // 2]
    trick = [card(lead.key, top), card(lead.key, fool), card(lead.key, middle)]
    rank8 = ranks[-2]
    tricks = per
    name = "Viashilym" if params.players == 6 else "Viashi"
    per_suit = [sum(1 for c in deck.printed() if c.suit == s.key) for s in regular]
    chosen = [(_("Game"), name + (_(" (three teams of two, two decks)") if decks == 2 else "")),
              (_("Rules"), _("human") if human else _("elvish")), (_("Players"), str(params.players)),
              (_("Cards"), f"{total} (" + _("%(per)s each: %(table)s table, %(hand)s hand")
               % {"per": per, "table": per // 2, "hand": per - per // 2} + ")"),
              (_("Hands"), str(params.hands)),
              (_("Tournament handicap"), _("yes") if params.handicap else _("no"))]
    return {
        "name": name, "decks": decks, "human": human, "teams": decks == 2,
        "cards": {"total": total, "per_player": per, "table": per // 2, "hand": per - per // 2,
                  "tricks": tricks, "trick_size": params.players},
        "suits": [{"name": s.name, "border": s.border or ""} for s in regular],
        # how the deck is made: every number from the deck, never the bundled 5 x 9 + 9
        "suit_count": len(regular), "per_suit": _counted(per_suit),
        "god_suit": gods[0].name if gods else "", "god_count": len(god_cards),
        "god_suit_named": bool(gods) and gods[0].name.lower() not in {"gods", _(GODS).lower()},
        "order": [r.name for r in order], "top": top.name, "fool": fool.name, "rank8": rank8.name,
        "magicians": _magicians(deck, regular, rank8),
        **_bonus_names(regular, rank8),
        # the numbers printed on the cards (rank keys), when the deck numbers its ranks
        "numbers": ({r.name: r.key for r in ranks} if all(r.key.isdigit() for r in ranks) else {}),
        "rank8_count": sum(1 for c in deck.printed() if c.rank == rank8.key and c.suit in {s.key for s in regular}) * decks,
        "gods": [c.name for c in god_cards],
        "direction": _(DIRECTION[human]),
        "captives": tricks * (params.players - 1),
        "captives_per_trick": params.players - 1,
        "points_total": tricks + 2,
        "examples": {"fool": {"cards": [c.id for c in trick], "names": [c.name for c in trick],
                              "ranks": [top.name, fool.name, middle.name], "suit": lead.name}},
        "chosen": chosen,
    }


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
    facts = load_hook(spec.booklet)(params, deck) if spec.booklet else {}
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
