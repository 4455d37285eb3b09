"""Run every benchmark in turn (``make bench``); each prints its own ratios."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
SCRIPTS = ("bench_process.py", "bench_cards.py", "bench_sim.py", "bench_scale.py", "bench_watch.py", "bench_designer.py")


def main() -> int:
    failed = 0
    for script in SCRIPTS:
        print(f"\n== {script} ==", flush=True)
        failed += subprocess.run([sys.executable, str(HERE / script)], check=False).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
