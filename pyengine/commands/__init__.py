"""Command-line subcommands. Every module here is found by :mod:`pyengine.cli`.

A module provides ``register(subparsers)``: it adds its parser(s) and sets ``func`` with
``parser.set_defaults(func=...)``; ``func(args)`` prints its output and returns an exit code
(0 success, 1 a "no" answer such as an illegal deck, 2 unreadable input).
"""
