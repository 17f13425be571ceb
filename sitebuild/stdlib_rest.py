"""The rest of the standard library, fetched the first time a page imports a module of it
(issue 43, point 1).

The play pages start on a trimmed copy of Pyodide's standard library archive: the modules
their start and the engine import, compiled (``sitebuild/precompile.py``). A module left out
of it (one that only some function of the library imports, when it runs, or a codec found by
name) is not lost: the build adds this module to the trimmed archive as ``_stdlib_rest``, with
``LEFT_OUT`` filled in, and ``runtime/pyodide/start.mjs`` calls :func:`install` once Python
has started. The first import of a module left out then fetches the whole archive as Pyodide
ships it (``python_stdlib.zip``, kept on the device with the rest of the runtime) and imports
the module from it; any later one comes from the same copy.

Standard library only, and no import of ``js`` until a fetch is needed: it runs in Pyodide, and
the unit tests run it in CPython with a ``fetch`` of their own.
"""

import sys
import zipimport

#: The modules the trimmed archive leaves out (the build writes them here, sorted).
LEFT_OUT: frozenset[str] = frozenset()
#: Where the whole archive is written once fetched.
WHOLE = "/lib/python_stdlib_whole.zip"


def fetch_now(url: str) -> bytes:
    """The bytes at ``url``, fetched synchronously (an import cannot wait) as an
    ``ArrayBuffer``: Python runs in a web worker on every page (a page's own thread refuses a
    synchronous request for one, which then fails as the import's error)."""
    from js import XMLHttpRequest  # Pyodide's; only in a browser

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    return bytes(request.response.to_bytes())


class RestOfStdlib:
    """The last finder on ``sys.meta_path``: a module of ``LEFT_OUT`` is found in the whole
    archive at ``url``, fetched (with ``fetch``) on the first such import."""

    def __init__(self, url: str, fetch, left_out: frozenset[str], whole: str = WHOLE) -> None:
        self.url = url
        self.fetch = fetch
        self.left_out = left_out
        self.whole = whole
        self.ready = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.left_out:
            return None
        if not self.ready:
            try:
                data = self.fetch(self.url)
            except Exception as error:  # noqa: BLE001 - said as the import's own error
                raise ImportError(f"{fullname} is not in the trimmed standard library and the "
                                  f"whole one did not load from {self.url}: {error}",
                                  name=fullname) from error
            with open(self.whole, "wb") as handle:
                handle.write(data)
            self.ready = True
        parent = fullname.rpartition(".")[0]
        where = self.whole + ("/" + parent.replace(".", "/") + "/" if parent else "")
        return zipimport.zipimporter(where).find_spec(fullname)

    def invalidate_caches(self) -> None:
        """Nothing to forget (the archive does not change)."""


def install(url: str, fetch=fetch_now) -> RestOfStdlib:
    """Put a :class:`RestOfStdlib` for ``url`` last on ``sys.meta_path`` (in place of one put
    there before, as on a start from a memory snapshot); the finder."""
    sys.meta_path[:] = [finder for finder in sys.meta_path
                        if type(finder).__name__ != RestOfStdlib.__name__]
    finder = RestOfStdlib(url, fetch, LEFT_OUT)
    sys.meta_path.append(finder)
    return finder
