"""The yardstick for random play: the rules of the scaffolded Crown Tricks and of
Market Draft (benchmarks/games/market) written as a plain Python loop, without
deckpress's game API (no State, no Turn, no views, no per-game Result): what a
designer would write to play their rules at random.

    python benchmarks/plain_games.py crowns 10000     # prints the wins per seat and draws
    python benchmarks/plain_games.py market 10000

benchmarks/bench_random_play.py times it as a whole process against
``deckpress simulate PROJECT --strategy random --jobs 1`` of the same rules.
"""

from __future__ import annotations

import random
import sys


def crowns(games: int, players: int = 2, hand: int = 9, seed: int = 1) -> list[int]:
    """Crown Tricks: 4 suits of ranks 1-9, the crowns of templates/starters/custom/cards.csv."""
    crowned = {1: 1, 7: 1, 8: 2, 9: 3}  # every suit alike
    deck = [(s, r, crowned.get(r, 0)) for s in range(4) for r in range(1, 10)]
    tally = [0] * (players + 1)  # wins per seat, draws last
    rng = random.Random(seed)
    for _ in range(games):
        order = deck[:]
        rng.shuffle(order)
        hands = [order[k * hand:(k + 1) * hand] for k in range(players)]
        points, won, lead = [0] * players, [0] * players, 0
        for _trick in range(hand):
            trick: list[tuple[int, tuple[int, int, int]]] = []
            for k in range(players):
                seat = (lead + k) % players
                cards = hands[seat]
                legal = [c for c in cards if c[0] == trick[0][1][0]] if trick else cards
                card = (legal or cards)[rng.randrange(len(legal or cards))]
                cards.remove(card)
                trick.append((seat, card))
            led = trick[0][1][0]
            lead = max((p for p in trick if p[1][0] == led), key=lambda p: p[1][1])[0]
            won[lead] += 1
            points[lead] += sum(c[2] for _, c in trick)
        best = max(zip(points, won, strict=True))
        top = [s for s in range(players) if (points[s], won[s]) == best]
        tally[top[0] if len(top) == 1 else players] += 1
    return tally


def market(games: int, players: int = 3, rounds: int = 4, seed: int = 1) -> list[int]:
    """Market Draft: 4 crops of ranks 1-10, rounds of drafting from a market of 2 * players + 1."""
    deck = [(crop, rank) for crop in range(4) for rank in range(1, 11)]
    size = 2 * players + 1
    tally = [0] * (players + 1)
    rng = random.Random(seed)
    for _ in range(games):
        left = deck[:]
        taken: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        for rnd in range(rounds):
            market_cards = rng.sample(left, size)
            for card in market_cards:
                left.remove(card)
            turn = rnd % players
            for _pick in range(2 * players):
                card = market_cards.pop(rng.randrange(len(market_cards)))
                taken[turn].append(card)
                turn = (turn + 1) % players
        points = [sum(r for _, r in cards) for cards in taken]
        for crop in range(4):
            held = [sum(c == crop for c, _ in cards) for cards in taken]
            top = max(held)
            if top and held.count(top) == 1:
                points[held.index(top)] += 5
        best = max(points)
        tally[points.index(best) if points.count(best) == 1 else players] += 1
    return tally


if __name__ == "__main__":
    game, n = sys.argv[1], int(sys.argv[2])
    print({"crowns": crowns, "market": market}[game](n))
