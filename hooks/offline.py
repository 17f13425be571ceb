"""MkDocs hook: make the built site work without signal and installable (plain functions in
sitebuild/offline.py; the service worker's own source is sitebuild/sw.js).

After every other hook and plugin has written its files, writes the icons, the web app manifest
and ``sw.js`` at the site root: a service worker that keeps every page and asset of the release,
and the Python runtime only once a page asks for it (``docs/assets/sw-register.js``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the sitebuild package

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402

from sitebuild import BuildError, offline  # noqa: E402


def on_config(config):
    config.extra.setdefault("theme_color", offline.THEME_COLOR)
    return config


@event_priority(-200)  # after every other hook and plugin has written its files
def on_post_build(config):
    try:
        offline.write_offline_files(Path(config["site_dir"]), config.get("site_name"),
                                    config.get("site_description"))
    except BuildError as error:
        raise PluginError(f"offline hook: {error}") from error
