"""Layers sized by transcendental functions of small tensors (RegNet's widths), against torch.

``torch.log`` / ``exp`` / ``pow`` are computed with numpy in float32 and kept *approximate*
(``library/tensorvalues.py``: torch's kernels may differ by an ulp): only arithmetic and the
rounding functions read them, and a rounding is exact only when no element is near its edge.
Each model here is built in real torch (CPU: ``.tolist()`` needs values) and counted.
"""

from __future__ import annotations

import json
import runpy

import pytest

torch = pytest.importorskip("torch")

from driftcheck.parsers.source import parse_source  # noqa: E402

# timm's ``generate_regnet`` and torchvision's ``BlockParams.from_init_params``, as written there
REGNET = """
import math

import torch
from torch import nn


def timm_widths(width_slope, width_initial, width_mult, depth, group_size, quant=8):
    widths_cont = torch.arange(depth, device="cpu", dtype=torch.float32) * width_slope + width_initial
    width_exps = torch.round(torch.log(widths_cont / width_initial) / math.log(width_mult))
    widths = torch.round((width_initial * torch.pow(width_mult, width_exps)) / quant) * quant
    num_stages, max_stage = len(torch.unique(widths)), int(width_exps.max().item()) + 1
    groups = torch.tensor([group_size for _ in range(num_stages)], device="cpu", dtype=torch.int32)
    return widths.int().tolist(), num_stages, groups.tolist()


def torchvision_widths(depth, w_0, w_a, w_m):
    QUANT = 8
    widths_cont = torch.arange(depth) * w_a + w_0
    block_capacity = torch.round(torch.log(widths_cont / w_0) / math.log(w_m))
    block_widths = (torch.round(torch.divide(w_0 * torch.pow(w_m, block_capacity), QUANT)) * QUANT).int().tolist()
    num_stages = len(set(block_widths))
    split_helper = zip(block_widths + [0], [0] + block_widths, block_widths + [0], [0] + block_widths)
    splits = [w != wp or r != rp for w, wp, r, rp in split_helper]
    stage_widths = [w for w, t in zip(block_widths, splits[:-1]) if t]
    stage_depths = torch.diff(torch.tensor([d for d, t in enumerate(splits) if t])).int().tolist()
    return stage_widths, stage_depths, num_stages


class Net(nn.Module):
    def __init__(self, cfg=CONFIG):
        super().__init__()
        wa, w0, wm, depth, gs = cfg
        widths, num_stages, groups = timm_widths(wa, w0, wm, depth, gs)
        self.timm = nn.ModuleList(nn.Linear(w, g) for w, g in zip(widths, groups * depth))
        self.stages = nn.Linear(num_stages, 1)
        sw, sd, n = torchvision_widths(depth, w0, wa, wm)
        self.tv = nn.ModuleList(nn.Linear(w, d) for w, d in zip(sw, sd))
        self.n = nn.Embedding(n, 2)


model = Net()
"""

CONFIGS = {  # timm's and torchvision's RegNet configurations: wa, w0, wm, depth, group size
    "regnetx_002": (36.44, 24, 2.49, 13, 8),
    "regnetx_004": (24.48, 24, 2.54, 22, 16),
    "regnety_004": (27.89, 48, 2.09, 16, 8),
    "regnety_008": (25.82, 56, 2.64, 14, 16),
    "regnet_x_800mf": (35.73, 56, 2.28, 16, 16),
    "regnety_032": (42.63, 80, 2.66, 21, 24),
}


def _torch_count(path) -> int:
    model = runpy.run_path(str(path), run_name="__approx__")["model"]
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_regnet_widths_count_as_torch(tmp_path, name):
    path = tmp_path / "regnet.py"
    path.write_text(REGNET.replace("CONFIG", repr(CONFIGS[name])))
    want = _torch_count(path)
    g = parse_source(str(path), entry="Net")
    assert g.params_total() == want, [str(n) for n in g.notes]


def test_regnet_widths_count_as_torch_without_torch(tmp_path):
    from tests.test_no_torch import run_without_torch

    path = tmp_path / "regnet.py"
    path.write_text(REGNET.replace("CONFIG", repr(CONFIGS["regnety_004"])))
    r = run_without_torch("graph", f"{path}::Net", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["params_total"] == _torch_count(path)


# values a transcendental function puts at a rounding edge: torch's kernel may land on either
# side, so the layer sized by them is unknown (never a guess), and so is a comparison of them
EDGES = {
    "round_half": "int(torch.round(torch.log(torch.tensor([math.exp(2.5)]))).item())",
    "truncate_integral": "torch.log2(torch.tensor([8.0])).int().item()",
    "floor_integral": "int(torch.floor(torch.exp(torch.tensor([0.0])) * 3).item())",
    "compare": "int((torch.log(torch.tensor([math.e])) == 1.0).item()) + 2",
    "item": "int(torch.exp(torch.tensor([2.0])).item())",
}


@pytest.mark.parametrize("name", sorted(EDGES))
def test_approximate_values_at_an_edge_are_unknown(tmp_path, name):
    path = tmp_path / "edge.py"
    path.write_text(
        "import math\n\nimport torch\nfrom torch import nn\n\n\n"
        "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"        self.fc = nn.Linear({EDGES[name]}, 4)\n\n\nmodel = M()\n"
    )
    assert _torch_count(path) > 0  # torch builds it
    g = parse_source(str(path), entry="M")
    assert g.params_total() is None, [str(n) for n in g.notes]


def test_exact_arithmetic_promotions_count_as_torch(tmp_path):
    """An integer tensor with a Python float (float32 in torch), a float tensor with a Python
    int, ``torch.divide`` without a rounding mode: IEEE arithmetic, exact."""
    path = tmp_path / "promote.py"
    path.write_text(
        "import torch\nfrom torch import nn\n\n\n"
        "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        a = torch.arange(7) * 0.7 + 3\n"
        "        b = torch.divide(a, 2)\n"
        "        c = torch.floor(b * 10)\n"
        "        self.layers = nn.ModuleList(nn.Linear(w, 2) for w in c.int().tolist())\n"
        "        self.top = nn.Linear(int(c.max().item()), int(c.min().item()))\n\n\n"
        "model = M()\n"
    )
    want = _torch_count(path)
    g = parse_source(str(path), entry="M")
    assert g.params_total() == want, [str(n) for n in g.notes]


def test_regnet_widths_the_same_computed_at_once(tmp_path):
    """The ``lazy_values`` speed switch off (values computed at once) gives the same graph."""
    from driftcheck.speed import Speed, Stores, use

    path = tmp_path / "regnet.py"
    path.write_text(REGNET.replace("CONFIG", repr(CONFIGS["regnetx_002"])))
    with use(Speed(stores=Stores())):
        lazy = parse_source(str(path), entry="Net")
    with use(Speed(stores=Stores()).without("lazy_values")):
        eager = parse_source(str(path), entry="Net")
    assert lazy.to_json() == eager.to_json()
    assert lazy.params_total() == _torch_count(path)
