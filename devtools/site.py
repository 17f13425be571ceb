"""Building the real site and loading its build hooks, for the tests and the benchmarks."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "hooks"


class BuildError(RuntimeError):
    """``mkdocs build`` failed; the message holds its output."""


def build_site(site_dir: Path, *, strict: bool = True, config: Path | None = None,
               cwd: Path = ROOT) -> Path:
    """Build a site with ``mkdocs build`` (``--strict`` unless told) into ``site_dir``.

    ``SITE_URL`` is empty, as the tests and benchmarks serve the site from a local sub-path.
    Raises ``BuildError`` with mkdocs' output when the build fails.
    """
    command = [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site_dir)]
    if strict:
        command.append("--strict")
    if config is not None:
        command += ["-f", str(config)]
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                            env=dict(os.environ, SITE_URL="", NO_MKDOCS_2_WARNING="1"))
    if result.returncode != 0:
        flag = " --strict" if strict else ""
        raise BuildError(f"mkdocs build{flag} failed:\n" + result.stdout + result.stderr)
    return site_dir


def load_hook(name: str) -> ModuleType:
    """The MkDocs hook ``hooks/<name>.py`` as a module (hooks are files, not a package)."""
    module_name = f"{name}_hook_under_test"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, HOOKS / f"{name}.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"no hook file hooks/{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module
