"""The static path on the install the pre-commit hook and the Action make (``pip install
driftcheck``): torch absent, transformers on disk as source the static route reads and never
imports. ``benchmarks/installs.py`` simulates it in a subprocess with a meta-path finder (torch's
source out of reach too; any import of transformers refused and the run failed), and the
``--no-deps`` install (neither package) where a test says so; the parser then names positional
arguments from the shipped table.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from benchmarks import installs
from tests.conftest import ROOT


def run_install(mode: str, *args: str) -> subprocess.CompletedProcess:
    """``driftcheck *args`` in a fresh interpreter simulating install ``mode``; exit 3 if the
    run imported (or tried to import) torch or transformers."""
    return subprocess.run(
        [sys.executable, "-c", installs.cli(mode), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def run_without_torch(*args: str) -> subprocess.CompletedProcess:
    """The core install (the hook's and the Action's)."""
    return run_install("core", *args)


@pytest.mark.parametrize("mode", ["core", "bare"])
def test_source_graph_without_torch_equals_torch_count(mode):
    import torch

    sys.path.insert(0, str(ROOT / "examples" / "drift"))
    try:
        import tiny_encoder
    finally:
        sys.path.pop(0)
    classes = [
        c
        for c in vars(tiny_encoder).values()
        if isinstance(c, type) and issubclass(c, torch.nn.Module) and c.__module__ == "tiny_encoder"
    ]
    root = next(c for c in classes if c.__name__ == "TinyEncoder")
    with torch.device("meta"):
        want = sum(p.numel() for p in root().parameters())
    r = run_install(
        mode, "graph", "examples/drift/tiny_encoder.py::TinyEncoder", "--format", "json"
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["params_total"] == want


def test_simulated_core_install_hides_torch_and_refuses_transformers_imports():
    """The simulation can fail: transformers is findable (its source is read) but an import is
    refused and recorded even when swallowed; torch is not found at all."""
    probe = (
        installs.prelude("core")
        + "import importlib.util, sys\n"
        + "assert importlib.util.find_spec('transformers').submodule_search_locations\n"
        + "try:\n    importlib.util.find_spec('torch')\nexcept ModuleNotFoundError:\n    pass\n"
        + "else:\n    raise SystemExit('torch found')\n"
        + "assert not _dc_imported()\n"
        + "try:\n    import transformers\nexcept ImportError:\n    pass\n"
        + "print(_dc_imported())\n"
    )
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "['attempted transformers']"


def test_check_blocker_without_torch(tmp_path):
    f = tmp_path / "attn.py"
    f.write_text(
        "import torch.nn as nn\n\n\nclass E(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.attn = nn.MultiheadAttention(100, 3)\n\n"
        "    def forward(self, x):\n        return self.attn(x, x, x)[0]\n"
    )
    r = run_without_torch("check", str(f))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "ATT001" in r.stdout and "attn.py:7" in r.stdout


def test_shipped_signatures_match_installed_torch():
    r = subprocess.run(
        [sys.executable, "tools/gen_torch_signatures.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout + r.stderr


WEIGHT_NORM_PICK = """
import torch.nn as nn

# transformers' HuBERT / wav2vec2 positional conv picks its weight norm by a feature test
if hasattr(nn.utils.parametrizations, "weight_norm"):
    weight_norm = nn.utils.parametrizations.weight_norm
else:
    weight_norm = nn.utils.weight_norm


class PosConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = weight_norm(nn.Conv1d(8, 8, 4, groups=2), name="weight", dim=2)


model = PosConv()
"""


@pytest.mark.parametrize("mode", ["core", "bare"])
def test_feature_test_on_torch_nn_utils_is_decided_without_torch(tmp_path, mode):
    """``hasattr(nn.utils.parametrizations, "weight_norm")`` reads the shipped ``dir()`` table
    (tools/gen_torch_signatures.py) where torch is absent: the core install counted HuBERT's
    config route with an unknown layer where the full install was exact."""
    import runpy

    p = tmp_path / "posconv.py"
    p.write_text(WEIGHT_NORM_PICK)
    want = sum(t.numel() for t in runpy.run_path(str(p))["model"].parameters())
    r = run_install(mode, "graph", str(p), "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["params_total"] == want
