"""``deckpress watch`` as a designer sees it (issue 37): save one card's text, then

* **the page**: time until the printed page (``cards-a4.pdf``, the first sheet the
  rebuild writes) is rewritten with the edit (goal <= 1 s), and the card's image served;
* **the verdict**: time until the balance report (``balance.json``) of the designer's
  own game is rewritten (goal <= 30 s).

Whole processes: ``deckpress new PROJ --game custom`` (a game.py of the designer's own:
Crown Tricks), then the installed ``deckpress watch PROJ --no-open`` as a subprocess,
with its default options (the project's balance games). Each round changes one card's
crowns in cards.csv (a cell of the spreadsheet, as a designer edits it: the card prints
its crowns, and the game scores them; the card's name is printed by no layout of this
starter, so renaming it changes no drawing) and polls every 10 ms for
the files to be replaced (their inode or modification time changes: every output is
written atomically), then waits for the page to say "up to date" before the next edit.
CPU time (user + system) of the watch process and its children is read from
/proc/PID/stat after each round, so a busy machine's share of it can be told apart.

The baseline, in the same run: the loop without watch, the same edit followed by
``deckpress build PROJ`` as a command (incremental), until the same two files are
rewritten (the build ends after both).

Run: .venv/bin/python benchmarks/bench_watch.py [--rounds N] [--baseline-rounds N]
Never part of the unit tests.
"""

from __future__ import annotations

import argparse
import http.client
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PAGE_GOAL, VERDICT_GOAL = 1.0, 30.0
DECKPRESS = str(Path(sys.executable).parent / "deckpress")
CARDS = ("1S", "2H", "3D", "4C")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def fetch(port: int, path: str) -> bytes:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        return body if response.status == 200 else b""
    finally:
        conn.close()


def stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns


def wait_for(check, timeout: float, what: str) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        try:
            if check():
                return time.perf_counter()
        except OSError:
            pass
        time.sleep(0.01)
    raise SystemExit(f"timed out after {timeout:.0f} s waiting for {what}")


def cpu_of(pid: int) -> float:
    """User + system seconds of a live process and its reaped children (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICKS


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def edit(csv: Path, card: str) -> float:
    """Change ``card``'s crowns in cards.csv (the cell the card prints, ♛, and the game
    scores) and return the time of the save."""
    lines = csv.read_text(encoding="utf-8").splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(f"{card},"):
            cells = line.rstrip("\n").split(",")
            cells[-1] = "2" if cells[-1] != "2" else "1"
            lines[i] = ",".join(cells) + "\n"
            break
    else:
        raise SystemExit(f"no card {card} in {csv}")
    with open(csv, "w", encoding="utf-8") as f:
        f.write("".join(lines))
        f.flush()
        os.fsync(f.fileno())
    return time.perf_counter()


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s (min {min(values):.2f}, max {max(values):.2f}, n={len(values)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4, help="edits saved while watch runs")
    parser.add_argument("--baseline-rounds", type=int, default=2, help="edits followed by `deckpress build`")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        project, out = root / "proj", root / "out"
        subprocess.run([DECKPRESS, "new", str(project), "--game", "custom"], check=True, capture_output=True)
        csv = project / "cards.csv"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        log = open(root / "watch.log", "wb")  # noqa: SIM115 (closed below)
        proc = subprocess.Popen([DECKPRESS, "watch", str(project), "-o", str(out), "--no-open", "--port", str(port)],
                                stdout=log, stderr=log)
        pages: list[float] = []
        images: list[float] = []
        verdicts: list[float] = []
        cpus: list[float] = []
        try:
            start = time.perf_counter()
            wait_for(lambda: b"up to date" in fetch(port, "/"), 600, "the first build")
            print(f"first build and serve: {time.perf_counter() - start:.1f} s")
            made = sorted(out.glob("*/balance.json"))
            if len(made) != 1 or not (made[0].parent / "cards-a4.pdf").is_file():
                raise SystemExit(f"the first build made no cards-a4.pdf and balance.json: see {root / 'watch.log'}")
            key = made[0].parent.name  # the deck's key: its output folder
            page_pdf, verdict = out / key / "cards-a4.pdf", made[0]
            for i in range(args.rounds):
                card = CARDS[i % len(CARDS)]
                page_before, verdict_before = stamp(page_pdf), stamp(verdict)
                image = f"/{key}/images/{card}.png"
                image_before = fetch(port, image)
                cpu = cpu_of(proc.pid)
                saved = edit(csv, card)
                shown = wait_for(lambda i=image, b=image_before: fetch(port, i) not in (b, b""), 60, "the image")  # type: ignore[misc]
                images.append(shown - saved)
                paged = wait_for(lambda b=page_before: stamp(page_pdf) != b, 120, page_pdf.name)  # type: ignore[misc]
                pages.append(paged - saved)
                judged = wait_for(lambda b=verdict_before: stamp(verdict) != b, 300, verdict.name)  # type: ignore[misc]
                verdicts.append(judged - saved)
                wait_for(lambda: b"up to date" in fetch(port, "/"), 300, "up to date")
                cpus.append(cpu_of(proc.pid) - cpu)
                print(f"edit {i + 1}: image {images[-1]:.2f} s, page {pages[-1]:.2f} s, verdict {verdicts[-1]:.1f} s, "
                      f"CPU of watch {cpus[-1]:.1f} s")
            proc.send_signal(signal.SIGINT)
            code = proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            log.close()

        rebuilds: list[float] = []
        rebuild_cpus: list[float] = []
        for i in range(args.baseline_rounds):  # the loop without watch: edit, then the build command
            cpu = children_cpu()
            saved = edit(csv, CARDS[i % len(CARDS)])
            subprocess.run([DECKPRESS, "build", str(project), "-o", str(out)], check=True, capture_output=True)
            rebuilds.append(time.perf_counter() - saved)
            rebuild_cpus.append(children_cpu() - cpu)

    print(f"load average: {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} cores")
    print(f"save -> card image served:      {spread(images)}")
    print(f"save -> page PDF rewritten:     {spread(pages)} (goal <= {PAGE_GOAL} s)")
    print(f"save -> verdict rewritten:      {spread(verdicts)} (goal <= {VERDICT_GOAL:.0f} s)")
    print(f"CPU of watch per edit (all its work, to up to date): {spread(cpus)}")
    if rebuilds:
        print(f"baseline, edit then `deckpress build`: {spread(rebuilds)}, CPU {spread(rebuild_cpus)}; "
              f"watch's verdict is {statistics.median(rebuilds) / statistics.median(verdicts):.1f}x sooner")
    print(f"watch exit code after Ctrl-C: {code}")
    ok = statistics.median(pages) <= PAGE_GOAL and statistics.median(verdicts) <= VERDICT_GOAL and code == 130
    print("goals met (medians)" if ok else "goals NOT met (medians)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
