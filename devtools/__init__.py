"""Development helpers shared by the tests (``tests/``) and the benchmarks (``bench/``).

Never shipped with the site or the engine; neither ``tests`` nor ``bench`` imports the other.

* ``devtools.site`` - build the real site with ``mkdocs build``, load a build hook by path.
* ``devtools.server`` - serve a built site from a sub-path on a free port, like GitHub Pages.
* ``devtools.browser`` - find Chromium, its flags, and init scripts that set what a page sees
  of the network connection (metered, unmetered, or nothing at all).
* ``devtools.inputs`` - hostile inputs shared by a test and a benchmark.
"""
