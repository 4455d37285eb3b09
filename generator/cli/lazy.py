"""Commands that load on demand: ``deckpress --help`` and ``--version`` import
almost nothing but Typer, and a command imports only its own module.

The group knows every command's name and one-line help from the table
``COMMANDS`` in ``generator/cli/commands.py``. It imports a ``cmd_*`` module the
first time one of its commands is run, asked for its own ``--help`` or walked by
a tool (``typer ... utils docs``); the group's help lists the commands from the
table alone.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup


class LazyGroup(TyperGroup):
    _listing = False  # True while the group's own help is formatted: stubs suffice
    typer_app: Any = None  # the Typer app the command modules register on (set by app.py)

    def list_commands(self, ctx: Any) -> list[str]:
        from .commands import COMMANDS

        names = [name for name, _module, _help in COMMANDS]
        return names + [n for n in super().list_commands(ctx) if n not in names]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands:
            found = _entry(cmd_name)
            if found is None:
                return super().get_command(ctx, cmd_name)
            module, help_text = found
            if self._listing:
                return TyperCommand(cmd_name, help=help_text)  # for the listing only
            self._load(module)
        return super().get_command(ctx, cmd_name)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def _load(self, module: str) -> None:
        """Import ``module`` (it registers its commands on the Typer app) and add them here."""
        app = self.typer_app
        import_module(f"{__package__}.{module}")
        for info in app.registered_commands:
            name = info.name or typer.main.get_command_name(info.callback.__name__)  # type: ignore[union-attr]
            if name not in self.commands:
                self.add_command(typer.main.get_command_from_info(
                    info, pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=self.rich_markup_mode
                ))


def _entry(name: str) -> tuple[str, str] | None:
    from .commands import COMMANDS

    for command, module, help_text in COMMANDS:
        if command == name:
            return module, help_text
    return None


def load_all() -> None:
    """Import every command module (for code that walks the Typer app itself)."""
    from .commands import COMMANDS

    for module in dict.fromkeys(module for _name, module, _help in COMMANDS):
        import_module(f"{__package__}.{module}")


__all__ = ["LazyGroup", "load_all"]
