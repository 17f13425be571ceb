"""pyengine: the rules engine behind the site's play tools.

The core modules import only the standard library, do no I/O and print nothing, so the same
code runs in CPython (tests, command line) and in the browser (Pyodide). ``cli``, ``files`` and
``browser`` are the only modules that touch the outside world, and the core never imports them.
"""

__version__ = "0.1.0"
