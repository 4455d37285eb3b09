"""Golden outputs: a hash of every file ``deckpress build`` makes from the bundled decks
(card and tile sheets, rule booklets, balance reports, card images), and the seeded
``simulate --json`` / ``check --json`` of every bundled deck, pinned in
tests/goldens/goldens.json. PDFs are written in ReportLab's invariant mode (fixed
dates and ids), so the same input gives the same bytes; images are hashed by their
decoded pixels (mode, size, bytes), so a different zlib or PNG encoder setting does
not count as a change.

``make goldens`` (this script) rewrites goldens.json after a deliberate change;
tests/goldens/test_goldens.py recomputes everything and compares.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import zlib
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GOLDENS = Path(__file__).with_name("goldens.json")
BALANCE_GAMES = "200"  # games per balance report in the build
SIMULATE = [  # (game, deck): every bundled deck with the game that plays it
    ("weiji", "lighting"), ("weiji", "cognitio"), ("weiji", "eagle"),
    ("war", "piecepack"), ("war", "standard52"), ("viashi", "viashi"),
]
CHECK = ["lighting", "cognitio", "eagle", "piecepack", "standard52", "viashi"]
SKIP = {"index.html"}  # the gallery page: it is html for people, not print output
IMAGES = {".png", ".jpg", ".jpeg", ".webp"}


def deckpress(*args: str, cwd: Path) -> str:
    env = {**os.environ, "COLUMNS": "200"}
    result = subprocess.run([sys.executable, "-c", "from generator.cli import main; main()", *args],
                            cwd=cwd, env=env, capture_output=True, text=True, timeout=1200)
    if result.returncode not in (0, 1):  # 1: a bundled deck with balance findings
        raise RuntimeError(f"deckpress {' '.join(args)} exited {result.returncode}:\n{result.stderr}")
    return result.stdout


def file_hash(path: Path) -> str:
    if path.suffix.lower() in IMAGES:
        from PIL import Image

        with Image.open(path) as image:
            image.load()
            digest = hashlib.sha256(f"{image.mode} {image.width}x{image.height}\n".encode())
            digest.update(image.tobytes())
        return "pixels:" + digest.hexdigest()[:32]
    return "bytes:" + hashlib.sha256(path.read_bytes()).hexdigest()[:32]


def environment() -> dict[str, str]:
    """The library versions whose output the hashes depend on (a different ReportLab can
    write different bytes: then the goldens are regenerated deliberately)."""
    found = {name: version(name) for name in ("reportlab", "pillow", "pypdf", "pypdfium2", "svglib", "numpy")}
    return {**found, "zlib": zlib.ZLIB_RUNTIME_VERSION, "python": ".".join(map(str, sys.version_info[:2]))}


def compute(work: Path) -> dict[str, Any]:
    """Everything pinned, made in the empty folder ``work``."""
    out = work / "out"

    def build() -> None:
        deckpress("build", "-o", str(out), "--balance-games", BALANCE_GAMES, cwd=work)

    def simulate(game: str, deck: str) -> tuple[str, Any]:
        return f"{game} --deck {deck}", json.loads(deckpress("simulate", game, "--deck", deck, "--games", "500",
                                                             "--seed", "1", "--json", cwd=work))

    def check(deck: str) -> tuple[str, Any]:
        found = json.loads(deckpress("check", deck, "--games", BALANCE_GAMES, "--seed", "1", "--json", cwd=work))
        text = json.dumps(found, sort_keys=True)
        return deck, {"verdict": found.get("verdict"), "errors": found.get("errors"), "warnings": found.get("warnings"),
                      "sha256": hashlib.sha256(text.encode()).hexdigest()[:32]}

    with ThreadPoolExecutor(max_workers=2) as pool:  # each task is its own process
        built = pool.submit(build)
        sims = [pool.submit(simulate, g, d) for g, d in SIMULATE]
        checks = [pool.submit(check, d) for d in CHECK]
        built.result()
        simulated = dict(f.result() for f in sims)
        checked = dict(f.result() for f in checks)
    files = {p.relative_to(out).as_posix(): file_hash(p) for p in sorted(out.rglob("*"))
             if p.is_file() and p.name not in SKIP and not any(part.startswith(".") for part in p.relative_to(out).parts)}
    return {"files": files, "simulate": simulated, "check": checked}


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="deckpress-goldens-") as tmp:
        found = compute(Path(tmp))
    found = {"environment": environment(), **found}
    GOLDENS.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{GOLDENS.relative_to(ROOT)}: {len(found['files'])} files, {len(found['simulate'])} simulations, "
          f"{len(found['check'])} checks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
