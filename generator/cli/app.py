"""The Typer application and the error boundary every command shares."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from .. import __version__, notices
from ..errors import DeckpressError
from . import (
    options,  # noqa: F401  (its import shows flags as flags in every help, the root's too)
    signals,
)
from .lazy import LazyGroup

app = typer.Typer(
    name="deckpress",
    help="Print-and-play studio: card and tile sheets, rule booklets, card images, "
    "and a rules simulator that playtests your deck before you print it.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    cls=LazyGroup,  # commands import their modules on demand (see lazy.py)
)
LazyGroup.typer_app = app  # where the command modules register (lazy.py needs no import of this module)

F = TypeVar("F", bound=Callable[..., Any])

# Exit codes scripts can rely on.
EXIT_OK = 0
EXIT_FINDINGS = 1  # balance errors (or warnings with --strict), a failed build step
EXIT_BAD_INPUT = 2  # invalid deck, layout, option or parameter
EXIT_INTERRUPTED = 130


def friendly(func: F) -> F:
    """Turn input errors into one line per problem on stderr and exit code 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except DeckpressError as exc:
            for problem in exc.problems:
                typer.echo(f"error: {problem}", err=True)
            raise typer.Exit(exc.exit_code) from None
        except KeyboardInterrupt as exc:  # Ctrl-C (130), or SIGTERM (143, see signals.py)
            typer.echo(f"{signals.message()}: nothing half-written was left behind", err=True)
            raise typer.Exit(signals.exit_code(exc)) from None
        except OSError as exc:  # an output path that cannot be written, a folder that is a file...
            where = exc.filename if exc.filename is not None else ""
            reason = exc.strerror or type(exc).__name__
            typer.echo(f"error: {where}: {reason}" if where else f"error: {reason}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT) from None
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except typer.BadParameter:  # a flag that does not fit the others (--trace without --deal): a usage error, exit 2
            raise
        except Exception as exc:  # the last line of defence: a bug of ours, never a traceback
            from ..games.designer.loader import designer_failure

            failure = designer_failure(exc)  # raised in a designer's game.py: their error, named by file and line
            if isinstance(failure, DeckpressError) and not DEBUG:
                for problem in failure.problems:
                    typer.echo(f"error: {problem}", err=True)
                raise typer.Exit(failure.exit_code) from None
            command = func.__name__.removesuffix("_command").replace("_", "-")
            internal_error(exc, command, kwargs.get("deck") or kwargs.get("target") or kwargs.get("game"))

    return wrapper  # type: ignore[return-value]


DEBUG = False  # --debug: let unexpected exceptions show their traceback
REPORT_TO = "the deckpress issue tracker"


def internal_error(exc: BaseException, command: str, deck: Any = None) -> None:
    """An unexpected exception: one line naming the command and the deck (exit 1),
    the traceback only with ``deckpress --debug``."""
    if DEBUG:
        raise exc
    where = f" on {deck}" if deck else ""
    detail = str(exc).splitlines()[0][:200] if str(exc) else ""
    typer.echo(f"error: deckpress {command}{where}: internal error ({type(exc).__name__}{': ' + detail if detail else ''}). "
               f"This is a bug in deckpress, not in your deck: run the same command with `deckpress --debug ...` "
               f"and report its output to {REPORT_TO}.", err=True)
    raise typer.Exit(EXIT_FINDINGS)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckpress {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
    debug: bool = typer.Option(False, "--debug", help="Show the full traceback of an internal error (for bug reports)."),
    quiet: bool = typer.Option(False, "--quiet", help="No notes on stderr (such as the line saying a project's "
                               "game.py is run); errors and warnings still show."),
) -> None:
    """deckpress: print-and-play studio for game designers."""
    global DEBUG
    DEBUG = debug
    notices.quiet = quiet


def main() -> None:
    signals.install()
    try:
        app()
    except KeyboardInterrupt as exc:
        typer.echo(signals.message(), err=True)
        sys.exit(signals.exit_code(exc))
    except Exception as exc:  # outside a command (option parsing, a lazy import): still one line
        if DEBUG or "--debug" in sys.argv[1:2]:
            raise
        typer.echo(f"error: deckpress: internal error ({type(exc).__name__}: {str(exc)[:200]}). "
                   f"Run the same command with `deckpress --debug ...` and report its output to {REPORT_TO}.", err=True)
        sys.exit(EXIT_FINDINGS)
