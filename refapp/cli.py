"""The `refapp` command: one click group; each topic's commands live in refapp/commands/."""

from __future__ import annotations

import importlib
import pkgutil

import click


@click.group()
def main() -> None:
    """Bilingual rules reference for Dominion and Citadels."""


def _register_commands() -> None:
    """Add every `click` command or group that a module in refapp/commands/ exports as COMMANDS."""
    from refapp import commands

    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"refapp.commands.{info.name}")
        for command in getattr(module, "COMMANDS", []):
            main.add_command(command)


_register_commands()
