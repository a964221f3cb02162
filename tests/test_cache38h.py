"""Session 38 (house38, review36 item 9): the check before a cache store
(``parsers/cache.code_unchanged``) stats only the files that can have run -- the ``driftcheck``
modules in ``sys.modules`` and the data files -- instead of walking the whole package.

On a copy of the package in a temporary folder (never the tree under test), one process:
- nothing edited: unchanged;
- a module no one imported edited: unchanged (it cannot have answered); the full walk
  (``DRIFTCHECK_SPEED_OFF=ran_files_check``, as before) says changed;
- a module edited, then imported: changed (the race the check guards against);
- an imported module edited: changed; a data file added or edited: changed.
And the cache gives the same answers as no cache (``DRIFTCHECK_NO_CACHE=1``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import importlib, os, sys, time
from pathlib import Path
pkg = Path(sys.argv[1]) / "driftcheck"
from driftcheck.parsers import cache
from driftcheck.speed import Speed, use
assert cache.__file__.startswith(str(pkg)), cache.__file__
cache.code_fingerprint()
walk = Speed().without("ran_files_check")
out = {}

def both():
    with use(walk):
        full = cache.code_unchanged()
    return [cache.code_unchanged(), full]

def touch(p):
    time.sleep(0.01)
    p.write_text(p.read_text() + "\n# edited\n")

out["nothing"] = both()
idle = next(
    p for p in sorted(pkg.rglob("*.py"))
    if p.name not in ("__init__.py", "__main__.py")
    and "driftcheck." + ".".join(p.relative_to(pkg).with_suffix("").parts) not in sys.modules
)
touch(idle)
out["idle_edited"] = both()
name = "driftcheck." + ".".join(idle.relative_to(pkg).with_suffix("").parts)
importlib.import_module(name)
out["idle_then_imported"] = both()
"""

SCRIPT_IMPORTED = r"""
import sys, time
from pathlib import Path
pkg = Path(sys.argv[1]) / "driftcheck"
from driftcheck.parsers import cache
cache.code_fingerprint()
time.sleep(0.01)
p = pkg / "parsers" / "cache.py"
p.write_text(p.read_text() + "\n# edited\n")
print(cache.code_unchanged())
"""

SCRIPT_DATA = r"""
import sys, time
from pathlib import Path
pkg = Path(sys.argv[1]) / "driftcheck"
from driftcheck.parsers import cache
cache.code_fingerprint()
(pkg / "data" / "new38h.json").write_text("{}")
added = cache.code_unchanged()
(pkg / "data" / "new38h.json").unlink()
back = cache.code_unchanged()
time.sleep(0.01)
p = sorted((pkg / "data").glob("*.json"))[0]
p.write_text(p.read_text())
print(added, back, cache.code_unchanged())
"""


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("pkg38h")
    shutil.copytree(
        ROOT / "driftcheck", dest / "driftcheck", ignore=shutil.ignore_patterns("__pycache__")
    )
    return dest


def _run(tree: Path, script: str, **env: str) -> str:
    e = dict(os.environ, PYTHONPATH=str(tree), **env)
    e.pop("DRIFTCHECK_NO_CACHE", None)
    e.pop("DRIFTCHECK_SPEED_OFF", None)
    r = subprocess.run(
        [sys.executable, "-c", script, str(tree)],
        env=e,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tree,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout.strip()


def test_only_files_that_ran_count(tree):
    got = json.loads(_run(tree, SCRIPT + "print(__import__('json').dumps(out))"))
    assert got["nothing"] == [True, True]
    assert got["idle_edited"] == [True, False]  # the walk sees it; it cannot have run
    assert got["idle_then_imported"] == [False, False]


def test_an_imported_module_edited_is_a_change(tree):
    assert _run(tree, SCRIPT_IMPORTED) == "False"


def test_data_files_added_or_edited_are_a_change(tree):
    assert _run(tree, SCRIPT_DATA) == "False True False"


CHECK = """
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 8)
        self.out = nn.Linear(6, 2)

    def forward(self, x):
        return self.out(self.fc(x))
"""


def test_cached_runs_answer_as_uncached(tmp_path):
    """The same ``check`` JSON with the cache on (stored, then read) and off; the blocker is
    torch's (an 8-wide output into a 6-wide Linear raises)."""
    torch = pytest.importorskip("torch")
    path = tmp_path / "m.py"
    path.write_text(CHECK)
    ns: dict = {}
    exec(compile(CHECK, str(path), "exec"), ns)
    with pytest.raises(RuntimeError):
        ns["Net"]()(torch.randn(3, 4))
    outs = []
    for env in (
        {"DRIFTCHECK_CACHE_DIR": str(tmp_path / "c")},
        {"DRIFTCHECK_CACHE_DIR": str(tmp_path / "c")},
        {"DRIFTCHECK_NO_CACHE": "1"},
    ):
        e = dict(os.environ, PYTHONPATH=str(ROOT), **env)
        if "DRIFTCHECK_NO_CACHE" not in env:
            e.pop("DRIFTCHECK_NO_CACHE", None)
        r = subprocess.run(
            [sys.executable, "-m", "driftcheck", "check", f"{path}::Net", "--input-shape", "3,4"]
            + ["--format", "json"],
            env=e,
            capture_output=True,
            text=True,
            timeout=300,
        )
        outs.append(r.stdout)
    assert outs[0] == outs[1] == outs[2]
    assert '"blocker"' in outs[0]
