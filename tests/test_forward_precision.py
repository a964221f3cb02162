"""``check --input-shape`` on constructs of real model libraries, against torch.

Each source here is a small model in the style of a wild library (benchmarks/wild) whose
forward the shape pass once got wrong; each comes in a version torch runs and one torch
crashes on. Both are built and run in real torch here, and ``driftcheck check`` must give a
blocker exactly when torch raised. The corpus-wide figure is
``benchmarks/crash/bench_wild_blockers.py``.
"""

from __future__ import annotations

import runpy

import pytest

from driftcheck.cli import main

torch = pytest.importorskip("torch")

LAYERNORM_2D = '''
import torch
import torch.nn as nn
import torch.nn.functional as F


class LayerNorm2d(nn.LayerNorm):
    """timm's: a LayerNorm subclass whose own forward normalizes NCHW over channels."""

    def __init__(self, num_channels, eps=1e-6, affine=True, **kwargs):
        super().__init__(num_channels, eps=eps, elementwise_affine=affine, **kwargs)

    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        x = x.permute(0, 3, 1, 2)
        return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 4, stride=4), LayerNorm2d({width}))

    def forward(self, x):
        return self.stem(x)
'''

SUPER_FORWARD = '''
import torch
import torch.nn as nn


class LayerNorm(nn.LayerNorm):
    """CLIP's and Whisper's: a LayerNorm subclass computing in float32 via super().forward."""

    def forward(self, x):
        orig_type = x.dtype
        ret = super().forward(x.type(torch.float32))
        return ret.type(orig_type)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = LayerNorm(32)
        self.proj = nn.Parameter(torch.randn({proj}, 8))

    def forward(self, x):
        return self.ln(x) @ self.proj
'''

# (name, source, input shape, input kind)
CASES = [
    ("super_forward_ok", SUPER_FORWARD.format(proj=32), (2, 5, 32), "float"),
    ("super_forward_bad", SUPER_FORWARD.format(proj=16), (2, 5, 32), "float"),
    ("layernorm2d_ok", LAYERNORM_2D.format(width=16), (2, 3, 32, 32), "float"),
    ("layernorm2d_bad", LAYERNORM_2D.format(width=8), (2, 3, 32, 32), "float"),
]


def _torch_crashes(path, shape, kind) -> bool:
    torch.manual_seed(0)
    model = runpy.run_path(str(path), run_name="__case__")["Net"]()
    x = torch.randint(0, 2, shape) if kind == "tokens" else torch.randn(shape)
    try:
        with torch.no_grad():
            model(x)
    except Exception:  # noqa: BLE001 - any error forward raises is the crash
        return True
    return False


@pytest.mark.parametrize("name,src,shape,kind", CASES, ids=[c[0] for c in CASES])
def test_blocker_iff_torch_crashes(name, src, shape, kind, tmp_path, capsys):
    path = tmp_path / f"{name}.py"
    path.write_text(src)
    crashes = _torch_crashes(path, shape, kind)
    assert crashes is name.endswith("_bad")  # each pair has both sides
    rc = main(["check", f"{path}::Net", "--input-shape", ",".join(map(str, shape)), "-q"])
    out = capsys.readouterr().out
    blockers = [ln for ln in out.splitlines() if "blocker" in ln.lower() or " SHP0" in ln]
    assert (rc == 1 and bool(blockers)) is crashes, out
