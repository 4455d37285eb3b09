"""deckpress: a print-and-play studio for game designers."""

__version__ = "0.1.0"
