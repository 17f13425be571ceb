"""The sub-path server and Chromium lookup, now in ``devtools`` (shared with ``bench/``).

Kept so that ``from tests.browser.server import ...`` in the browser tests keeps working.
"""

from devtools.browser import (  # noqa: F401
    CHROMIUM_ARGS,
    METERED,
    NO_CONNECTION_INFO,
    UNMETERED,
    chromium_path,
)
from devtools.server import SUB_PATH, SubPathHandler, serve_site, start_server  # noqa: F401
