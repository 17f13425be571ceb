"""hooks/card_facts.py: the full card data becomes a site file under runtime/, which the
service worker keeps with the Python runtime, and which is not in the engine zip."""

from __future__ import annotations

import gzip
import importlib.util
import sys

import pytest

from tests.conftest import ROOT


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "hooks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(f"_hook_{name}", module)
    spec.loader.exec_module(module)
    return module


def test_post_build_writes_the_card_data_under_runtime(tmp_path):
    """The built site gets runtime/card-facts.tsv, the committed file decompressed."""
    hook = load("card_facts")
    hook.on_post_build({"site_dir": str(tmp_path)})
    written = (tmp_path / hook.SITE_PATH).read_bytes()
    assert written == gzip.decompress((ROOT / "decks" / "card-facts.tsv.gz").read_bytes())
    assert hook.SITE_PATH == "runtime/card-facts.tsv"


def test_it_is_kept_offline_with_the_runtime_and_not_zipped():
    """The service worker keeps runtime/ once a page asks (the check page does), so the card
    data is there offline; the engine zip leaves .gz files out, so other pages never load it."""
    from sitebuild import offline

    assert any(load("card_facts").SITE_PATH.startswith(p) for p in offline.ON_DEMAND_PREFIXES)
    import io
    import zipfile

    from sitebuild import pyscript

    names = zipfile.ZipFile(io.BytesIO(pyscript.engine_zip_bytes())).namelist()
    assert "decks/cards.tsv" in names
    assert not any("card-facts" in name for name in names)


def test_printed_names_and_combos_are_published_only_when_present(tmp_path):
    """The deploy's printed-names map and combos go next to the card data, decompressed; a
    local build (no such files) publishes neither."""
    hook = load("card_facts")
    made = tmp_path / "printed-names.tsv.gz"
    made.write_bytes(gzip.compress(b"# coop-magic printed names v1\nSolring\tde\tSol Ring\n"))
    absent = tmp_path / "absent.tsv.gz"
    site = tmp_path / "site"
    hook.on_post_build({"site_dir": str(site)}, optional={
        made: "runtime/printed-names.tsv", absent: "runtime/other.tsv"}, combos=absent)
    assert (site / "runtime" / "printed-names.tsv").read_text(encoding="utf-8").endswith(
        "Solring\tde\tSol Ring\n")
    assert not (site / "runtime" / "other.tsv").exists()
    assert set(hook.OPTIONAL.values()) == {"runtime/printed-names.tsv"}
    # without the map the site still serves the file the check may ask for, saying so
    bare = tmp_path / "bare"
    hook.on_post_build({"site_dir": str(bare)}, optional={absent: "runtime/printed-names.tsv"},
                       combos=absent)
    placeholder = (bare / "runtime" / "printed-names.tsv").read_text(encoding="utf-8")
    assert placeholder.startswith("# status: absent")
    from pyengine import printed_names

    with pytest.raises(ValueError):  # read as no map
        printed_names.parse(placeholder)
    # without a combo list the site still serves the file the check asks for, saying so
    from pyengine import combos

    stub = combos.parse((site / "runtime" / "combos.tsv").read_text(encoding="utf-8"))
    assert stub.meta["status"] == "absent" and len(stub) == 0
    hook.on_post_build({"site_dir": str(site)}, optional={}, combos=made)
    assert "Solring" in (site / "runtime" / "combos.tsv").read_text(encoding="utf-8")
