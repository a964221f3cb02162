"""The result cache (driftcheck/parsers/cache.py): hits equal fresh results, a changed source
file or config invalidates, a damaged entry is a miss, and the CLI reuses results across runs.

Counts are checked against torch (the test's own tiny model built for real, BERT on meta)."""

from __future__ import annotations

import json
import os
import time

import pytest
import torch
from torch import nn
from transformers import AutoModel, BertConfig, ViTConfig

from driftcheck.parsers import cache
from driftcheck.parsers.hf import load_config_graph
from driftcheck.parsers.source import parse_source
from tests.conftest import run_cli

MODEL = """\
import torch.nn as nn


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, {width})
        self.out = nn.Linear({width}, 2)

    def forward(self, x):
        return self.out(self.fc(x))
"""


def torch_tiny(width: int) -> int:
    """The same model built in torch: the oracle for the parsed counts."""
    model = nn.Sequential(nn.Linear(4, width), nn.Linear(width, 2))
    return sum(p.numel() for p in model.parameters())


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A private cache directory, caching on, the memory layer empty."""
    monkeypatch.setenv("DRIFTCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("DRIFTCHECK_NO_CACHE", raising=False)
    cache.clear_memory()
    yield tmp_path / "cache"
    cache.clear_memory()


class Counting:
    """``compute`` for ``cached_graph`` that counts how often it really ran."""

    def __init__(self, path):
        self.path, self.calls = path, 0

    def __call__(self):
        self.calls += 1
        return parse_source(self.path)


def test_changed_source_file_invalidates(fresh, tmp_path):
    src = tmp_path / "tiny.py"
    src.write_text(MODEL.format(width=8))
    compute = Counting(src)
    first = cache.cached_graph("test", {"path": str(src)}, compute)
    again = cache.cached_graph("test", {"path": str(src)}, compute)
    assert compute.calls == 1
    assert first == again and again.params_total() == torch_tiny(8)

    src.write_text(MODEL.format(width=16))  # one changed size, same key
    changed = cache.cached_graph("test", {"path": str(src)}, compute)
    assert compute.calls == 2
    assert changed.params_total() == torch_tiny(16) != torch_tiny(8)


def test_same_bytes_rewritten_still_hits(fresh, tmp_path):
    """A checkout that rewrites identical bytes moves the mtime, not the content."""
    src = tmp_path / "tiny.py"
    src.write_text(MODEL.format(width=8))
    compute = Counting(src)
    cache.cached_graph("test", {"path": str(src)}, compute)
    later = time.time() + 5
    os.utime(src, (later, later))
    cache.clear_memory()  # and from disk this time
    hit = cache.cached_graph("test", {"path": str(src)}, compute)
    assert compute.calls == 1 and hit.params_total() == torch_tiny(8)


def test_imported_file_is_a_dependency(fresh, tmp_path):
    """A change in a file the model imports (not the file named) invalidates too."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "sizes.py").write_text("WIDTH = 8\n")
    (pkg / "model.py").write_text(
        MODEL.replace("import torch.nn as nn", "import torch.nn as nn\nfrom .sizes import WIDTH")
        .replace("{width}", "WIDTH")
        .format()
    )
    compute = Counting(pkg / "model.py")
    with cache.recording() as rec:
        g = cache.cached_graph("test", {"path": "pkg"}, compute)
    assert str((pkg / "sizes.py").resolve()) in rec and g.params_total() == torch_tiny(8)
    with cache.recording() as outer:  # a hit tells an enclosing recording what it depends on
        cache.cached_graph("test", {"path": "pkg"}, compute)
    assert compute.calls == 1 and outer == rec
    (pkg / "sizes.py").write_text("WIDTH = 32\n")
    g = cache.cached_graph("test", {"path": "pkg"}, compute)
    assert compute.calls == 2 and g.params_total() == torch_tiny(32)


def test_damaged_entry_is_a_miss_and_no_cache_recomputes(fresh, tmp_path, monkeypatch):
    src = tmp_path / "tiny.py"
    src.write_text(MODEL.format(width=8))
    compute = Counting(src)
    cache.cached_graph("test", {"path": str(src)}, compute)
    [entry] = list((fresh / "graphs").glob("*.json"))
    entry.write_text('{"format": 1, "files": [], "graph": "{not json')
    cache.clear_memory()
    g = cache.cached_graph("test", {"path": str(src)}, compute)
    assert compute.calls == 2 and g.params_total() == torch_tiny(8)

    for damaged in (
        {"format": 2, "files": [["x", "not an int", 0, "d"]], "graph": "{}"},
        {"format": 2, "files": [], "graph": "[" * 100_000},
        {"format": 2, "files": 5, "graph": "{}"},
    ):
        entry.write_text(json.dumps(damaged))
        cache.clear_memory()
        g = cache.cached_graph("test", {"path": str(src)}, compute)
        assert g.params_total() == torch_tiny(8)
        [entry] = list((fresh / "graphs").glob("*.json"))  # rewritten by the recompute
    assert compute.calls == 5

    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    cache.cached_graph("test", {"path": str(src)}, compute)
    cache.cached_graph("test", {"path": str(src)}, compute)
    assert compute.calls == 7


def test_hf_route_hit_equals_fresh_and_config_change_misses(fresh, tmp_path):
    path = tmp_path / "config.json"
    BertConfig().to_json_file(path)
    first = load_config_graph(str(path))
    hit = load_config_graph(str(path))  # memory
    cache.clear_memory()
    disk = load_config_graph(str(path))  # disk
    assert first == hit == disk
    with torch.device("meta"):
        want = sum(p.numel() for p in AutoModel.from_config(BertConfig()).parameters())
    assert disk.params_total() == want == 109_482_240

    BertConfig(num_hidden_layers=2).to_json_file(path)
    small = load_config_graph(str(path))
    with torch.device("meta"):
        want2 = sum(
            p.numel() for p in AutoModel.from_config(BertConfig(num_hidden_layers=2)).parameters()
        )
    assert small.params_total() == want2 != want


def test_cli_reuses_the_disk_cache(fresh, tmp_path):
    path = tmp_path / "config.json"
    BertConfig(num_hidden_layers=2).to_json_file(path)
    env = {"DRIFTCHECK_CACHE_DIR": str(fresh)}
    one = run_cli("graph", str(path), "--format", "json", env=env)
    assert one.returncode == 0, one.stderr
    [entry] = list((fresh / "graphs").glob("*.json"))
    written = entry.stat().st_mtime_ns
    two = run_cli("graph", str(path), "--format", "json", env=env)
    assert two.returncode == 0, two.stderr
    assert entry.stat().st_mtime_ns == written  # a miss would have rewritten the entry
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_disk_entries_are_bounded(fresh, tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 2)
    src = tmp_path / "tiny.py"
    src.write_text(MODEL.format(width=8))
    compute = Counting(src)
    for i in range(4):
        cache.cached_graph("test", {"path": str(src), "i": i}, compute)
    assert compute.calls == 4
    assert len(list((fresh / "graphs").glob("*.json"))) == 2


def test_tuples_come_back_as_tuples(fresh, tmp_path):
    """ViT's kernel_size / stride / shapes are tuples: a hit must not turn them into lists
    (the matcher compares a cached config side with freshly parsed code by value)."""
    path = tmp_path / "config.json"
    ViTConfig(num_hidden_layers=1).to_json_file(path)
    first = load_config_graph(str(path))
    cache.clear_memory()
    disk = load_config_graph(str(path))
    conv = next(n for n in disk.nodes if n.type == "Conv2d")
    assert isinstance(conv.params["kernel_size"], tuple)
    assert first == disk
    with torch.device("meta"):
        model = AutoModel.from_config(ViTConfig(num_hidden_layers=1))
    assert disk.params_total() == sum(p.numel() for p in model.parameters())


def test_compare_reuses_the_reference_analysis(fresh):
    """``compare`` code against a config analyzes transformers' own modeling file for the
    reference facts; a second run finds that analysis (and the config's graph) in the cache:
    no entry is written again and the report is the same."""
    env = {"DRIFTCHECK_CACHE_DIR": str(fresh)}
    args = (
        "compare",
        "examples/drift/bert-base-uncased.config.json",
        "examples/drift/tiny_encoder.py",
    )
    one = run_cli(*args, env=env)
    assert one.returncode == 1, one.stderr  # the example has drifted
    entries = {p: p.stat().st_mtime_ns for p in (fresh / "graphs").glob("*.json")}
    assert len(entries) >= 2  # the config's graph and the reference analysis
    two = run_cli(*args, env=env)
    assert {p: p.stat().st_mtime_ns for p in (fresh / "graphs").glob("*.json")} == entries
    assert two.stdout == one.stdout and two.returncode == 1


def test_key_depends_on_torch_being_installed():
    """A result computed where torch's source is readable is never served where torch is not
    installed (the parser answers from the catalogue there): the key says which."""
    import subprocess
    import sys

    from benchmarks import installs

    probe = "from driftcheck.parsers import cache\nprint(cache.make_key('graph', {'a': 1}))\n"
    keys = {}
    for mode in ("full", "core"):
        r = subprocess.run(
            [sys.executable, "-c", installs.prelude(mode) + probe],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert r.returncode == 0, r.stderr
        keys[mode] = r.stdout.strip()
    assert keys["full"] == cache.make_key("graph", {"a": 1})
    assert keys["core"] != keys["full"]
