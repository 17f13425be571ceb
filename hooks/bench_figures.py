"""MkDocs hook: the Performance page's bad-input figures (inputs tried, hangs, freezes over
200 ms, games lost: issue 40, point 8), made from the benchmarks' results files by
``sitebuild/bad_inputs.py`` where the page writes ``<!-- bad-input-row -->`` (its goals table)
and ``<!-- bad-input-freezes -->`` (the longest task per input). Run ``bench/bench_inputs.py``
and ``bench/bench_bad_inputs.py`` to refresh them."""

from __future__ import annotations

from mkdocs.exceptions import PluginError


def on_page_markdown(markdown, page, config, files):
    from sitebuild import bad_inputs

    try:
        return bad_inputs.fill(markdown)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise PluginError(f"the bad-input figures cannot be made from bench/results/ ({error}); "
                          "run bench/bench_inputs.py and bench/bench_bad_inputs.py") from None
