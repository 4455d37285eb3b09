"""The whole-deck pre-flight every command makes before it uses a deck: the one
deck validation (:mod:`.deck`) and the passes ``check`` adds to it (:mod:`.preflight`:
the print check, a translation's overflow and, given by the caller, the rule booklet's).

A layer of its own (tests/test_architecture.py): below images, booklet and balance,
which import it; above render and games, which it imports.
"""
