"""Can this deck be played as Viashi? Checked before any command uses it: one suit
marked ``gods: true`` and regular suits, at least three ranks, every card a suit and
a rank, each card once, and every special card present (the top card and the Fool
of each regular suit, the Lady and the Changeling of the gods), named as the deck
names them, at the deck's own lines."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from ...deck.issues import Issue, deck_file, deck_line
from ...deck.model import Deck, Rank, Suit
from ...errors import Problem


def viashi_issues(deck: Deck) -> list[Issue]:
    return [replace(i, play=True) for i in _issues(deck)]


def _issues(deck: Deck) -> list[Issue]:
    where = deck_file(deck)
    gods = [s for s in deck.suits if s.gods]
    regular = [s for s in deck.suits if not s.gods]
    out: list[Issue] = []
    if not gods:
        out.append(Issue("error", "no_gods", Problem(
            "no suit is marked `gods: true`: Viashi needs one suit of gods beside its regular suits; "
            "add `gods: true` to the gods' suit", where, deck_line(deck, "suits"), field="suits")))
    for extra in gods[1:]:
        out.append(Issue("error", "no_gods", Problem(
            f"suits {gods[0].key!r} and {extra.key!r} are both marked `gods: true`; Viashi has one suit of gods",
            where, extra.source.line, field=f"suits[{extra.key}].gods")))
    if not regular:
        out.append(Issue("error", "no_suit", Problem(
            "Viashi needs regular suits beside the gods (suits without `gods: true`)", where,
            deck_line(deck, "suits"), field="suits")))
    if len(deck.ranks) < 3:
        out.append(Issue("error", "no_rank", Problem(
            f"Viashi needs at least three ranks (a top card, a Fool and one between); the deck has {len(deck.ranks)}",
            where, deck_line(deck, "ranks"), field="ranks")))
    if out:
        return out
    ranked = sorted(deck.ranks, key=lambda r: -r.strength)  # as the game orders them: ties in listed order
    for above, below in zip(ranked, ranked[1:], strict=False):
        if above.strength == below.strength:
            out.append(Issue("warning", "same_strength", Problem(
                f"ranks {above.name!r} and {below.name!r} have the same strength {above.strength}: Viashi "
                f"ranks every card of a suit, so it plays the {above.name} above the {below.name} (the order "
                "they are listed in); give each rank its own `strength:`", where, deck_line(deck, "ranks"),
                field="ranks")))
    held: dict[tuple[str, str], list[str]] = defaultdict(list)
    for card in deck.cards:
        if card.suit is None or card.rank is None:
            missing = "suit" if card.suit is None else "rank"
            out.append(Issue("error", f"no_{missing}", Problem(
                f"a Viashi card needs a suit and a rank: add `{missing}:`", card.source.file or where,
                card.source.line, card.id, missing), (card.id,)))
            continue
        for _ in range(card.copies):
            held[(card.suit, card.rank)].append(card.id)
    for (suit_key, rank_key), ids in held.items():
        if len(ids) > 1:
            first = deck.card(ids[0])
            again = next((deck.card(i) for i in ids[1:] if i != ids[0]), first)
            out.append(Issue("error", "duplicate", Problem(
                f"{_card_words(deck, suit_key, rank_key)} is in the deck {len(ids)} times "
                f"({_listed(deck, ids, suit_key, rank_key)}; first at line {first.source.line}): each card once, or "
                "two identical cards make a trick's winner ambiguous", again.source.file or where, again.source.line,
                again.id, "rank"), tuple(dict.fromkeys(ids))))
    strongest, weakest = ranked[0], ranked[-1]  # the game's top card and Fool
    for suit in [*regular, *gods]:
        for rank in deck.ranks:
            if (suit.key, rank.key) in held:
                continue
            role = special_role(suit, rank, strongest, weakest)
            what = (f"rank {rank.key!r} of {suit.name}" if suit.gods else f"the {rank.name} of {suit.name}") \
                + (f" ({role})" if role else "")
            out.append(Issue("error", "missing_special" if role else "missing", Problem(
                f"{what} is missing: add a card with `suit: {suit.key}, rank: '{rank.key}'`",
                where, suit.source.line, field=f"suits[{suit.key}]"), (f"{suit.key}-{rank.key}",)))
    total = sum(len(ids) for ids in held.values())
    if not out and total % 6:  # 3 players (or 6 with two decks) draw two cards a turn, in equal turns
        lower, upper = total - total % 6, total - total % 6 + 6
        out.append(Issue("error", "deal", Problem(
            f"{total} cards ({len(deck.suits)} suits of {len(deck.ranks)}) cannot be drawn two at a time by 3 "
            f"players (or 6 with two decks) in equal turns: Viashi needs a multiple of 6 cards ({lower} or "
            f"{upper} here); change the number of suits or ranks", where, deck_line(deck, "suits"), field="suits")))
    return out


def special_role(suit: Suit, rank: Rank, strongest: Rank, weakest: Rank) -> str | None:
    """What the card of ``suit`` and ``rank`` is in the rules, in the deck's names, or None."""
    if suit.gods:
        if rank == strongest:
            return "the Lady: the strongest god, taken only by the Changeling"
        if rank == weakest:
            return "the Changeling: the weakest god, which takes the Lady"
        return None
    if rank == weakest:
        return "the Fool: the weakest card of its suit, which takes the suit's top card"
    if rank == strongest:
        return "the suit's top card"
    return None


def _card_words(deck: Deck, suit_key: str, rank_key: str) -> str:
    """A card by its place: "the Knight of Embers"; a god, named by card, "rank '3' of Spirits"."""
    suit = next((s for s in deck.suits if s.key == suit_key), None)
    if suit is not None and suit.gods:
        return f"rank {rank_key!r} of {suit.name}"
    return f"the {_rank_name(deck, rank_key)} of {_suit_name(deck, suit_key)}"


def _listed(deck: Deck, ids: list[str], suit_key: str, rank_key: str) -> str:
    """The ids of a doubled card; where the deck names them differently (a Fool moved to
    another rank keeps its name), each with its name and the suit and rank they share."""
    unique = list(dict.fromkeys(ids))
    names = [deck.card(i).name for i in unique]
    more = f" and {len(unique) - LISTED:,} more" if len(unique) > LISTED else ""  # the finding's cards hold all
    if len(set(names)) < 2:
        return ", ".join(unique[:LISTED]) + more
    return ", ".join(f"{i} {n!r}" for i, n in zip(unique[:LISTED], names, strict=False)) + more + \
        f": {'both' if len(unique) == 2 else 'all'} `suit: {suit_key}, rank: {rank_key!r}`"


LISTED = 12  # ids of a doubled card named in its message (a 100,000-row deck doubles each thousands of times)


def _rank_name(deck: Deck, key: str) -> str:
    return next((r.name for r in deck.ranks if r.key == key), key)


def _suit_name(deck: Deck, key: str) -> str:
    return next((s.name for s in deck.suits if s.key == key), key)


def special_names(deck: Deck) -> dict[str, str]:
    """The special cards by the names this deck gives them: ``fool`` (the weakest rank's
    name: "Fool", "Jester"), ``changeling`` and ``lady`` (the weakest and the strongest
    god card's names: "the Changeling", "the Trickster"), ``gods`` (the gods' suit name).
    Reports keep their JSON keys (``fool_captures``...) and print these names."""
    names = {"fool": "Fool", "changeling": "the Changeling", "lady": "the Lady", "gods": "Gods"}
    if not deck.ranks:
        return names
    ranked = sorted(deck.ranks, key=lambda r: -r.strength)  # as the game orders them: ties in listed order
    strongest, weakest = ranked[0], ranked[-1]
    names["fool"] = weakest.name
    gods = next((s for s in deck.suits if s.gods), None)
    if gods is not None:
        names["gods"] = gods.name
        for role, rank in (("changeling", weakest), ("lady", strongest)):
            card = next((c for c in deck.cards if c.suit == gods.key and c.rank == rank.key), None)
            if card is not None:
                names[role] = card.name
    return names


def counter_names(deck: Deck) -> dict[str, str]:
    """The simulator's capture counters as the deck names them, e.g.
    ``{"fool_captures": "Jester captures", "changeling_captures": "the Trickster captures"}``."""
    n = special_names(deck)
    return {"fool_captures": f"{n['fool']} captures", "changeling_captures": f"{n['changeling']} captures",
            "god_captures": f"{n['gods']} captures"}
