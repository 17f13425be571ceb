"""Every play page's widget module, held against the widget contract
(:class:`.contract.WidgetModule`): mypy checks this assignment, so a page module that leaves a
member out, or declares one of another type, fails the type check.

Nothing in the site imports this module (the worker imports only its own page's widget,
:mod:`pyengine.browser`, so a page starts with its own engine only); the tests do, to walk
every page.
"""

from __future__ import annotations

from . import check, horde, shuffler, swarm, team
from .contract import WidgetModule

#: The page name (``widget:`` in a page's front matter) -> its module.
PAGES: dict[str, WidgetModule] = {"check": check, "horde": horde, "shuffler": shuffler,
                                  "swarm": swarm, "team": team}
