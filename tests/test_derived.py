"""Tables derived from transformers' sources are kept on disk (driftcheck/parsers/derived.py):
a hit equals the freshly computed value, an edited / added / removed file is a miss, a damaged
entry is a miss, and ``DRIFTCHECK_NO_CACHE`` computes every time. The real tables (auto
mappings, the class index of every modeling file) read back equal to a fresh read."""

from __future__ import annotations

import json

import pytest

from driftcheck.parsers import derived as dv
from driftcheck.parsers import hf_registry as reg
from driftcheck.parsers.source.interp import hfauto
from tests.conftest import run_cli


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("DRIFTCHECK_NO_CACHE", raising=False)
    return tmp_path / "cache" / "derived"


class Count:
    def __init__(self, files):
        self.files, self.calls = files, 0

    def __call__(self):
        self.calls += 1
        return {f.name: (f.read_text(), len(f.read_text())) for f in self.files if f.exists()}


def test_hit_miss_and_invalidation(fresh, tmp_path):
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("x = 1\n")
    b.write_text("y = 2\n")
    files = [a, b]
    fn = Count(files)
    first = dv.derived("t", files, fn)
    again = dv.derived("t", files, fn)
    assert fn.calls == 1 and again == first
    assert again["a.py"] == ("x = 1\n", 6)  # tuples come back as tuples
    a.write_text("x = 10\n")  # size and mtime move: a miss
    assert dv.derived("t", files, fn)["a.py"] == ("x = 10\n", 7) and fn.calls == 2
    c = tmp_path / "c.py"
    c.write_text("z = 3\n")
    files.append(c)  # a file added to the set the caller lists: a miss
    assert "c.py" in dv.derived("t", files, fn) and fn.calls == 3
    c.unlink()  # removed: its stamp changes, a miss
    assert "c.py" not in dv.derived("t", files, fn) and fn.calls == 4
    assert dv.derived("other-kind", files, fn) and fn.calls == 5  # kinds never share


def test_damaged_entry_unstorable_value_and_no_cache(fresh, tmp_path, monkeypatch):
    f = tmp_path / "a.py"
    f.write_text("x = 1\n")
    fn = Count([f])
    dv.derived("t", [f], fn)
    [entry] = fresh.glob("*.json")
    entry.write_text("{not json")
    assert dv.derived("t", [f], fn) == fn() and fn.calls == 3  # miss (2) + the direct call (3)
    assert json.loads(entry.read_text())["body"]["value"]  # rewritten whole
    calls = []
    assert dv.derived("odd", [f], lambda: calls.append(1) or {1: "int key"}) == {1: "int key"}
    assert dv.derived("odd", [f], lambda: calls.append(1) or {1: "int key"}) == {1: "int key"}
    assert len(calls) == 2  # not plain JSON: never stored, always computed
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    n = fn.calls
    dv.derived("t", [f], fn)
    dv.derived("t", [f], fn)
    assert fn.calls == n + 2


def test_real_tables_read_back_equal(fresh):
    pkg = reg.package_dir()
    assert pkg is not None
    files = sorted((pkg / "models").glob("*/modeling_*.py"))
    want = reg._read_index(files)
    assert len(want) > 1000 and want["BertModel"].endswith("modeling_bert.py")
    for _ in range(2):  # computed and stored, then read back
        got = dv.derived("class-index-modeling", files, lambda: reg._read_index(files))
        assert got == want
    auto = sorted((pkg / "models" / "auto").glob("*.py"))
    tables = hfauto._read_tables(auto)
    assert dv.derived("auto-tables", auto, lambda: hfauto._read_tables(auto)) == tables
    assert dv.derived("auto-tables", auto, lambda: {}) == tables  # the stored one
    assert tables["MODEL_MAPPING_NAMES"]["bert"] == "BertModel"


def test_cli_writes_and_reuses_the_tables(tmp_path):
    """Two CLI runs on a config: the second finds the derived tables on disk (none rewritten)
    and prints the same graph."""
    from transformers import BertConfig

    path = tmp_path / "config.json"
    BertConfig(num_hidden_layers=2).to_json_file(path)
    env = {"DRIFTCHECK_CACHE_DIR": str(tmp_path / "cache"), "DRIFTCHECK_NO_CACHE": ""}
    one = run_cli("graph", str(path), "--format", "json", env=env)
    assert one.returncode == 0, one.stderr
    entries = {p: p.stat().st_mtime_ns for p in (tmp_path / "cache" / "derived").glob("*.json")}
    kinds = {json.loads(p.read_text())["body"]["kind"] for p in entries}
    assert "auto-mappings" in kinds, kinds
    two = run_cli("graph", str(path), "--format", "json", env=env)
    assert two.returncode == 0, two.stderr
    assert {p: p.stat().st_mtime_ns for p in entries} == entries
    assert json.loads(one.stdout) == json.loads(two.stdout)
