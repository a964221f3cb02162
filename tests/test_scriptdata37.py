"""Session 37 (lead, review37 items 4, 5, 8): a script's own folder is read by default; only
absolute data paths (built from ``__file__`` / ``importlib.resources``) are followed; every
data file read is a dependency of a cached result; the note says which kind of folder."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers import cache
from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device=None)

NEXT_TO = """
import json
from pathlib import Path
import torch.nn as nn
with open(Path(__file__).parent / "cfg.json") as fh:
    N = json.load(fh)["n"]
model = nn.Linear(N, N)
"""

RELATIVE = """
import json
import torch.nn as nn
with open("cfg.json") as fh:
    N = json.load(fh)["n"]
model = nn.Linear(N, N)
"""


def _script(tmp_path: Path, code: str, n: int = 5) -> Path:
    (tmp_path / "cfg.json").write_text(json.dumps({"n": n}))
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(code))
    return f


def _run_in(folder: Path, script: Path) -> int:
    """The program run as users run it (``python m.py`` from ``folder``): its count."""
    code = (
        "import runpy, sys; m = runpy.run_path(sys.argv[1], run_name='__main__')['model'];"
        "print(sum(p.numel() for p in m.parameters()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(script)], cwd=folder, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return int(out.stdout.strip())


def test_script_folder_read_by_default_and_switch_turns_it_off(tmp_path, monkeypatch):
    f = _script(tmp_path, NEXT_TO)
    assert torch_count(f, sys_path=f.parent) == 30
    g = parse_source(f)
    assert g.params_total() == 30
    assert any("data file read (script folder)" in n and "cfg.json" in n for n in g.notes)
    monkeypatch.setenv("DRIFTCHECK_NO_SCRIPT_DIR_DATA", "1")
    assert parse_source(f).params_total() is None


def test_relative_data_path_is_unknown_wherever_the_analyzer_runs(tmp_path, monkeypatch):
    # the program reads cfg.json from ITS working directory: 30 from the script's folder, 72
    # from another one; the analyzer's own working directory says nothing about which
    f = _script(tmp_path, RELATIVE)
    other = tmp_path / "other"
    other.mkdir()
    (other / "cfg.json").write_text(json.dumps({"n": 8}))
    assert _run_in(tmp_path, f) == 30
    assert _run_in(other, f) == 72
    for cwd in (tmp_path, other):
        monkeypatch.chdir(cwd)
        g = parse_source(f)
        assert g.params_total() is None


def test_relative_script_argument_still_reads_next_to_it(tmp_path, monkeypatch):
    # ``__file__`` is absolute as Python binds it, whatever path the analyzer was given
    f = _script(tmp_path, NEXT_TO, n=3)
    monkeypatch.chdir(tmp_path)
    assert _run_in(tmp_path, f) == 12
    assert parse_source(Path("m.py")).params_total() == 12


def test_data_file_read_is_a_cache_dependency(tmp_path):
    f = _script(tmp_path, NEXT_TO)
    with cache.recording() as rec:
        assert parse_source(f).params_total() == 30
    assert os.path.realpath(tmp_path / "cfg.json") in rec


GLOB = """
import json
from pathlib import Path
import torch.nn as nn
HERE = Path(__file__).parent
SIZES = [json.loads(p.read_text())["n"] for p in sorted(HERE.glob("*.json"))]
model = nn.ModuleList([nn.Linear(n, 1) for n in SIZES])
"""


def test_glob_listing_is_a_cache_dependency(tmp_path):
    f = _script(tmp_path, GLOB, n=4)
    (tmp_path / "b.json").write_text(json.dumps({"n": 2}))
    assert torch_count(f, sys_path=f.parent) == 5 + 3
    with cache.recording() as rec:
        assert parse_source(f).params_total() == 8
    assert os.path.realpath(tmp_path) in rec
    assert rec[os.path.realpath(tmp_path)][5].startswith("listing:")
    # a file added to the folder: the folder's stamp no longer holds
    (tmp_path / "c.json").write_text(json.dumps({"n": 1}))
    os.utime(tmp_path, ns=(0, 0))
    assert not cache.still_same(rec[os.path.realpath(tmp_path)])


NP_BOOL = """
import numpy as np
import torch.nn as nn
flag = np.bool_(True) + np.bool_(True)
model = nn.Linear(int(flag) + 1, 1)
"""


def test_numpy_bool_arithmetic_is_never_python_arithmetic(tmp_path):
    # review37 item 9: numpy's True + True is True (logical or), so torch counts 3; Python's
    # would give 2 and 4 parameters. np.bool_ is not modelled: unknown, never 4
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(NP_BOOL))
    assert torch_count(f, sys_path=f.parent) == 3
    assert parse_source(f).params_total() is None
