"""Live preview latency: save a one-cell edit of the card spreadsheet, time until
``deckpress watch`` serves the updated card image (and the page names the card anew).

Whole process, as a designer uses it: ``deckpress watch --no-open`` runs as a
subprocess on a fresh ``deckpress new`` project; each round renames one card in
cards.csv and polls the server every 10 ms for the card's PNG until its bytes
change. The baseline, measured in the same run, is the loop without watch: the
same edit followed by ``deckpress build PROJECT`` (incremental) as a command.
Goal: save -> updated image <= 1.5 s.

Run: .venv/bin/python benchmarks/bench_watch.py [--rounds N]
"""

from __future__ import annotations

import argparse
import http.client
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_SECONDS = 1.5
CARDS = ("A01", "A02", "A03", "A04")
NAMES = ("Skylark", "Ironclad", "Comet", "Nomad")
DECKPRESS = [sys.executable, "-c", "from generator.cli import main; main()"]


def fetch(port: int, path: str) -> bytes:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        return body if response.status == 200 else b""
    finally:
        conn.close()


def wait_for(check, timeout: float) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        try:
            if check():
                return time.perf_counter()
        except OSError:
            pass
        time.sleep(0.01)
    raise SystemExit(f"timed out after {timeout:.0f} s")


def rename(csv: Path, old: str, new: str) -> float:
    text = csv.read_text()
    with open(csv, "w") as f:
        f.write(text.replace(f",{old},", f",{new},", 1))
        f.flush()
        os.fsync(f.fileno())
    return time.perf_counter()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        project, out = root / "proj", root / "out"
        subprocess.run([*DECKPRESS, "new", str(project)], check=True, capture_output=True)
        csv = project / "cards.csv"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        log = open(root / "watch.log", "wb")  # noqa: SIM115 (closed below)
        proc = subprocess.Popen([*DECKPRESS, "watch", str(project), "-o", str(out), "--no-open",
                                 "--port", str(port), "--balance-games", "200"], stdout=log, stderr=log)
        try:
            start = time.perf_counter()
            wait_for(lambda: b"up to date" in fetch(port, "/"), 300)
            print(f"first build and serve: {time.perf_counter() - start:.1f} s")
            images, pages = [], []
            names = dict(zip(CARDS, NAMES, strict=True))
            for i in range(args.rounds):
                card = CARDS[i % len(CARDS)]
                old, new = names[card], f"{NAMES[i % len(NAMES)]} {i}"
                before = fetch(port, f"/proj/images/{card}.png")
                saved = rename(csv, old, new)
                names[card] = new
                image, shown = f"/proj/images/{card}.png", f"{card} · {new}".encode()
                images.append(wait_for(lambda i=image, b=before: fetch(port, i) not in (b, b""), 30) - saved)  # type: ignore[misc]
                pages.append(wait_for(lambda s=shown: s in fetch(port, "/"), 30) - saved)  # type: ignore[misc]
                wait_for(lambda: b"up to date" in fetch(port, "/"), 120)  # sheets and balance done too
            proc.send_signal(signal.SIGINT)
            code = proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            log.close()

        rebuilds = []
        for i in range(3):  # the loop without watch: edit, then the build command
            rename(csv, names["A01"], f"Rebuilt {i}")
            names["A01"] = f"Rebuilt {i}"
            start = time.perf_counter()
            subprocess.run([*DECKPRESS, "build", str(project), "-o", str(out), "--balance-games", "200"],
                           check=True, capture_output=True)
            rebuilds.append(time.perf_counter() - start)

    image, page, rebuild = statistics.median(images), statistics.median(pages), statistics.median(rebuilds)
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"save -> updated image served: median {image:.2f} s, worst {max(images):.2f} s "
          f"over {len(images)} edits (goal <= {GOAL_SECONDS} s)")
    print(f"save -> page names the card anew: median {page:.2f} s, worst {max(pages):.2f} s")
    print(f"baseline, edit then `deckpress build`: median {rebuild:.2f} s; watch is {rebuild / image:.1f}x sooner")
    print(f"watch exit code after Ctrl-C: {code}")
    ok = max(images) <= GOAL_SECONDS and code == 130
    print("goal met" if ok else "goal NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
