"""The static path on a machine without torch or transformers (the hook's and Action's case).

A subprocess installs a meta-path finder that makes ``torch`` and ``transformers`` look not
installed, for imports and for ``importlib.util.find_spec`` alike, so torch's source on disk
is out of reach too; the parser then names positional arguments from the shipped table.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from tests.conftest import ROOT

BLOCK = textwrap.dedent(
    """
    import sys
    class _NotInstalled:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("torch", "transformers"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None
    sys.meta_path.insert(0, _NotInstalled())
    from driftcheck.cli import main
    rc = main(sys.argv[1:])
    assert "torch" not in sys.modules and "transformers" not in sys.modules
    sys.exit(rc)
    """
)


def run_without_torch(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", BLOCK, *args], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def test_source_graph_without_torch_equals_torch_count():
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
    r = run_without_torch(
        "graph", "examples/drift/tiny_encoder.py::TinyEncoder", "--format", "json"
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["params_total"] == want


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
