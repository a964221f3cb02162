"""Session 35 (pins35): the test helper that runs a model file with a folder on ``sys.path``
(tests/model_count_support.py ``torch_count(..., sys_path=...)``) drops afterwards only the
modules imported from that folder. It used to drop every module new since the run -- torch
submodules the file pulled in first too (``torch._dynamo``); re-imported by a later test, they
re-registered their operator libraries and torch's Python meta kernels failed, so
``floor_divide`` on meta broke for every later test of that xdist worker
(tests/test_wild_fresh6.py node_oblivious_trees, CI#2 at 19cf4f92). Run in a fresh interpreter
so that a regression cannot pollute this one."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("torch")

SCRIPT = """
import sys
import torch
from tests.model_count_support import torch_count

assert "torch._dynamo" not in sys.modules
n = torch_count({model!r}, root="model", device="meta", sys_path={folder!r})
assert n == 4 * 3 + 3, n
assert "helperpkg" not in sys.modules  # the package written in the folder is dropped
assert "torch._dynamo" in sys.modules  # torch's own submodules stay
import torch._dynamo  # a later test importing it again: no second registration
out = torch.floor_divide(torch.ones(5, device="meta"), 2)
assert out.shape == (5,) and out.device.type == "meta"
print("OK")
"""


def test_sys_path_run_keeps_torch_submodules(tmp_path: Path) -> None:
    pkg = tmp_path / "helperpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("import torch._dynamo\nWIDTH = 3\n")
    model = tmp_path / "model.py"
    model.write_text(
        textwrap.dedent(
            """\
            import torch.nn as nn
            from helperpkg import WIDTH

            model = nn.Linear(4, WIDTH)
            """
        )
    )
    code = SCRIPT.format(model=str(model), folder=str(tmp_path))
    root = Path(__file__).resolve().parents[1]
    r = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0 and r.stdout.strip().endswith("OK"), r.stderr[-2000:]
