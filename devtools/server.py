"""Serving a built site the way GitHub Pages serves a project site: from a sub-path, on a free
port of 127.0.0.1, with the content types the Python runtime needs."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

#: The site is served from a sub-path, like a GitHub Pages project site.
SUB_PATH = "/coop-magic/"


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Static files under ``SUB_PATH`` only, with the content types the runtime needs."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }

    def translate_path(self, path):
        parsed = urlsplit(path).path
        if not parsed.startswith(SUB_PATH):
            return str(Path(self.directory) / "__outside_sub_path__")
        return super().translate_path("/" + parsed[len(SUB_PATH):])

    def log_message(self, format, *args):  # quiet
        pass


def start_server(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``directory`` under the sub-path on a free port: the server and its base URL."""
    handler = functools.partial(SubPathHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"


@contextlib.contextmanager
def serve_site(directory: Path) -> Iterator[str]:
    """Serve a built site for the duration of a ``with`` block; yields its base URL."""
    server, url = start_server(directory)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()
