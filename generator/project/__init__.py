"""``deckpress build``: everything for every deck, incrementally and in parallel."""

from .run import BuildSummary, build

__all__ = ["BuildSummary", "build"]
