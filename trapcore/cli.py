"""The ``trapcore`` command line: one subcommand per puzzle, each defined in its own module.

Each ``trapcore/<puzzle>/cli.py`` module has ``add_parser(subparsers)``, which adds its subcommand
and sets ``func`` (called with the parsed namespace, returning an exit status).
"""
from __future__ import annotations

import argparse
import importlib
import sys

# (subcommand module, in the order shown by --help)
_MODULES = ["trapcore.cat.cli", "trapcore.maze.cli", "trapcore.numberlink.cli", "trapcore.demo.cli"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trapcore",
        description="Fast engines for Trap the Cat, perfect mazes and Numberlink.",
    )
    from trapcore import __version__

    parser.add_argument("--version", action="version", version=f"trapcore {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _MODULES:
        importlib.import_module(name).add_parser(sub)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except (ValueError, TypeError, OSError) as exc:
        print(f"trapcore {args.command}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
