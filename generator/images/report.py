"""What an export wrote, for the CLI and ``deckpress build``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class ImageReport:
    out_dir: Path
    output: str = "images"  # images | tts | screentop | pcio | pdf (the preset's output kind)
    files: list[Path] = field(default_factory=list)
    rendered: int = 0  # piece sides drawn and rasterised (or PDF pages)
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        return self.rendered / self.seconds if self.seconds > 0 else 0.0
