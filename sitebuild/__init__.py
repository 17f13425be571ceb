"""The site build's own logic, as plain functions over page text and files.

Nothing here imports MkDocs: the hooks in ``hooks/`` only call these functions from MkDocs
events, so another builder (Zensical, see ``scripts/zensical_trial.py``) can call them too.

* ``sitebuild.offline`` - the service worker (``sitebuild/sw.js``), its precache list and
  release version, the web app manifest and the icons.
* ``sitebuild.csp`` - the Content-Security-Policy hashes of a page's inline scripts and styles.
* ``sitebuild.a11y`` - accessibility fixes on built pages: focusable table regions, the search
  dialog's name.
* ``sitebuild.rules`` - rule markers and references, the glossaries and their pages, first-use
  term links, stacked table labels, one search entry per rule.
* ``sitebuild.pyscript`` - the runtime checks and copy, the engine zip, widget pages' front
  matter.
"""

from __future__ import annotations


class BuildError(Exception):
    """The build cannot go on; the message says what to fix. Hooks turn it into MkDocs'
    ``PluginError``."""
