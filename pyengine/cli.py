"""The command line: ``python -m pyengine ...`` (also installed as ``pyengine``).

Subcommands live in :mod:`pyengine.commands`, one module each, found automatically.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import pkgutil
import re
import sys
from typing import Any, TextIO

from . import __version__, commands


class CommandError(Exception):
    """A problem the user can fix (a missing file, an unknown deck): message, exit code 2."""


#: Control characters (C0 but newline, DEL, C1 — ESC, BEL, CSI, OSC start here) and the bidi
#: overrides that could make a terminal run a sequence or show text out of order.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    """``text`` with every control character escaped as ``\\uXXXX`` (``ESC`` -> ``\\u001b``),
    newlines and tabs kept: what this program prints can never drive the terminal, whatever
    the input held. The escape is JSON's own, so ``--json`` output stays valid JSON."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class _SafeStream:
    """A text stream that escapes control characters on their way to the terminal (used for
    stdout and stderr while a command runs, in every output mode, JSON included)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(terminal_safe(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, encoding, isatty ...
        return getattr(self._stream, name)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every command module's ``register`` adds its commands."""
    parser = argparse.ArgumentParser(
        prog="pyengine",
        description="Rules engine for Swarm Mode, Horde and Team Commander.",
    )
    parser.add_argument("--version", action="version", version=f"pyengine {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(subparsers)
    return parser


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """:func:`build_parser`, built once per process (about a hundred sub-parsers take ~10 ms;
    parsing leaves no state in them, so every run in one process can share them)."""
    return build_parser()


def main(argv: list[str] | None = None) -> int:
    """Run one command. Nothing it prints holds a control character from its input; no input
    makes it print a traceback (``PYENGINE_DEBUG=1`` shows one for an unexpected error)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _SafeStream(out), _SafeStream(err)
    try:
        return _run(argv)
    finally:
        sys.stdout, sys.stderr = out, err


def _run(argv: list[str] | None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0) if isinstance(exit_.code, int) else 2
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except CommandError as error:
        print(f"pyengine: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except KeyboardInterrupt:  # pragma: no cover
        print("pyengine: stopped", file=sys.stderr)
        return 130
    except RecursionError:
        print("pyengine: error: the input is nested too deeply to be read", file=sys.stderr)
        return 2
    except Exception:
        if os.environ.get("PYENGINE_DEBUG"):
            raise
        print("pyengine: error: something unexpected stopped the command, so nothing was "
              "done; please report this with the command you ran (PYENGINE_DEBUG=1 shows the "
              "details)", file=sys.stderr)
        return 70


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
