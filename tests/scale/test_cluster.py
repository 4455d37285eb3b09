"""``--cluster``: games on a Dask LocalCluster give byte-identical JSON to ``--jobs``
for every game and kind of strategy, survive a killed worker, and fail clearly
when no scheduler answers or Dask is not installed."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck.load import resolve_deck
from generator.executor import DaskCluster, executing
from generator.games.registry import make_params
from generator.games.runner import simulate

pytest.importorskip("distributed")
cli = CliRunner()

RUNS = [  # (game, deck, players, strategy, engine): every game, every kind of strategy
    ("war", "piecepack", 2, None, "auto"),  # fast kernel, no decisions
    ("war", "piecepack", 3, None, "reference"),
    ("weiji", "eagle", 2, "best", "auto"),  # fast kernel with a strategy
    ("weiji", "eagle", 3, "expert,best,random", "auto"),  # card counting, per seat: reference engine
    ("viashi", "viashi", 3, "greedy", "auto"),
    ("viashi", "viashi", 3, "random", "reference"),
    ("viashi", "viashi", 3, "expert:2,greedy,random", "auto"),  # the search kernel inside a reference game
    ("viashi", "viashi", 6, "greedy", "auto"),  # Viashilym: teams
]


@pytest.fixture(scope="module")
def cluster() -> Iterator[DaskCluster]:
    with executing(1, "local:2") as executor:
        assert isinstance(executor, DaskCluster)
        yield executor


@pytest.mark.parametrize(("game", "deck", "players", "strategy", "engine"), RUNS)
def test_a_cluster_gives_the_same_json_as_jobs(cluster: DaskCluster, game: str, deck: str, players: int,
                                               strategy: str | None, engine: str) -> None:
    loaded, params = resolve_deck(deck), make_params(game, [], players=players)
    games = 24 if "expert" in (strategy or "") else 60
    seen: list[int] = []
    on_cluster = simulate(game, loaded, params, games=games, seed=7, strategy=strategy, engine=engine,
                          executor=cluster, progress=seen.append)
    here = simulate(game, loaded, params, games=games, seed=7, strategy=strategy, engine=engine, jobs=1)
    assert json.dumps(on_cluster.to_json()) == json.dumps(here.to_json())
    assert json.dumps(simulate(game, loaded, params, games=games, seed=7, strategy=strategy, engine=engine,
                               jobs=2).to_json()) == json.dumps(here.to_json())
    assert sum(seen) == games  # the progress bar counts every game finished on the cluster
    assert len(seen) > 1  # in chunks, not in one task


def test_a_worker_killed_mid_run_has_its_chunks_rerun(cluster: DaskCluster) -> None:
    loaded, params = resolve_deck("viashi"), make_params("viashi", [])
    pids: dict[str, Any] = cluster.client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed: list[int] = []

    def kill_one_worker(done: int) -> None:
        if not killed:  # after the first chunk comes back, while the others are queued or running
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    seen = simulate("viashi", loaded, params, games=160, seed=9, strategy="greedy", engine="reference",
                    executor=cluster, progress=kill_one_worker)
    here = simulate("viashi", loaded, params, games=160, seed=9, strategy="greedy", engine="reference", jobs=1)
    assert killed == [victim]
    assert json.dumps(seen.to_json()) == json.dumps(here.to_json())


def test_check_on_a_cluster_gives_the_same_json_as_jobs() -> None:
    args = ["check", "viashi", "--games", "24", "--strategy", "expert:2,greedy,greedy", "--json"]
    one = cli.invoke(app, [*args, "--jobs", "1"])
    on_cluster = cli.invoke(app, [*args, "--cluster", "local:2"])
    assert one.exit_code in (0, 1) and "Traceback" not in one.output, one.output
    assert on_cluster.exit_code == one.exit_code, on_cluster.output
    assert json.loads(on_cluster.output) == json.loads(one.output)
    assert json.loads(one.output)["playtest"]["skill"]["games"] == 24


def test_simulate_cli_on_a_cluster_gives_the_same_json_as_the_default_jobs() -> None:
    args = ["simulate", "weiji", "--games", "40", "--strategy", "expert", "--json"]
    default = cli.invoke(app, args)
    on_cluster = cli.invoke(app, [*args, "--cluster", "local:1"])
    assert default.exit_code == 0 and on_cluster.exit_code == 0, on_cluster.output
    assert on_cluster.output == default.output


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    result = cli.invoke(app, ["simulate", "war", "--games", "10", "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--cluster tcp://127.0.0.1:9: no Dask scheduler answered within 5 s" in result.output
    assert "dask scheduler" in result.output


@pytest.mark.parametrize("address", ["local:0", "local:x"])
def test_a_bad_local_cluster_size_is_a_clear_error(address: str) -> None:
    result = cli.invoke(app, ["check", "viashi", "--games", "10", "--cluster", address])
    assert result.exit_code == 2 and "local:N needs N" in result.output


def test_without_dask_cluster_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)  # import distributed fails
    for command in (["simulate", "war"], ["check", "piecepack"]):
        result = cli.invoke(app, [*command, "--games", "10", "--cluster", "local:1"])
        assert result.exit_code == 2, result.output
        assert "--cluster needs Dask distributed, an optional extra: pip install 'deckpress[cluster]'" in result.output


def test_rounds_on_a_cluster_send_the_same_deck_again_safely(cluster: DaskCluster) -> None:
    from generator.balance.run import Run
    from generator.balance.simulate import playtest
    from generator.games.registry import GAMES

    loaded, params = resolve_deck("eagle"), make_params("weiji", [])
    looks: list[int] = []
    run = Run(GAMES["weiji"], loaded, params, 90, 3, strategy="expert", executor=cluster)
    pt = playtest(run, decided=lambda s: bool(looks.append(s.games)), round_games=30)
    assert looks == [30, 60] and pt.summary.games == 90
    here = simulate("weiji", loaded, params, games=90, seed=3, strategy="expert", jobs=1)
    assert json.dumps(pt.summary.to_json()) == json.dumps(here.to_json())


class _Listener:
    """A loopback server that is not Dask: silent (a web server waiting for a request) or
    one that greets with a banner of its own (SSH)."""

    def __init__(self, greeting: bytes) -> None:
        import socket
        import threading

        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.greeting = greeting
        self.accepted: list[Any] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted.append(conn)
            if self.greeting:
                conn.sendall(self.greeting)

    def close(self) -> None:
        self.sock.close()
        for conn in self.accepted:
            conn.close()


@pytest.mark.parametrize("greeting", [b"", b"SSH-2.0-OpenSSH_9.6\r\n"], ids=["silent", "ssh-banner"])
def test_a_server_that_is_not_dask_is_a_clear_error_in_seconds(greeting: bytes) -> None:
    import subprocess
    import sys
    import time

    listener = _Listener(greeting)
    try:
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-c", "from generator.cli import main; main()", "simulate", "war", "--games", "10",
             "--cluster", f"tcp://127.0.0.1:{listener.port}"],
            capture_output=True, text=True, timeout=60,
        )
        took = time.monotonic() - started
    finally:
        listener.close()
    output = done.stdout + done.stderr
    assert done.returncode == 2, output
    assert f"--cluster tcp://127.0.0.1:{listener.port}: no Dask scheduler answered within 5 s" in output
    assert ("not a Dask scheduler" in output) == bool(greeting), output
    assert "Traceback" not in output and "Exception ignored" not in output, output
    assert took < 30, f"took {took:.0f} s"  # Dask's own client waited minutes, then printed a traceback


def test_a_scheduler_address_is_accepted_and_gives_the_same_json(cluster: DaskCluster) -> None:
    address = cluster._cluster.scheduler_address  # a real scheduler's tcp://127.0.0.1:PORT
    assert address.startswith("tcp://127.0.0.1:")
    args = ["simulate", "war", "--games", "200", "--json"]
    here = cli.invoke(app, args)
    there = cli.invoke(app, [*args, "--cluster", address])
    assert there.exit_code == 0, there.output
    assert there.output == here.output
