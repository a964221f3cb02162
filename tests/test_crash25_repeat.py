"""A repeated block of identical layers that changes its input's shape (session 25, repeatfix25).

The graph stores a run of identical Sequential / ModuleList items as ONE node with ``repeat=n``
and the graph shape walk goes through it once. When the block changes the shape it passes on
(stride-2 convs), the walked shape is one copy's; every shape downstream of the block -- not only
its direct consumer -- came from it (``x.flatten(1)`` then a Linear), so none of them may carry a
verdict. Each model below is built and run in torch: a blocker exactly when torch raises.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import check_blocker_iff_crash, registrar

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS)


_CONVS = "nn.Conv2d(4, 4, 3, stride=2, padding=1) for _ in range(3)"


def convs(name: str, container: str, forward: str, head_in: int) -> None:
    """Three identical stride-2 convs (16 -> 8 -> 4 -> 2) then ``head(x.flatten(1))``."""
    items = f"*[{_CONVS}]" if container == "Sequential" else f"[{_CONVS}]"
    model(
        name,
        (2, 4, 16, 16),
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.{container}({items})
        self.head = nn.Linear({head_in}, 10)

    def forward(self, x):
        {forward}
        return self.head(x.flatten(1))
""",
    )


# 4 * 2 * 2 = 16 after three copies; 64 (4 * 4 * 4) is two copies' shape, 256 one copy's
convs("seq_clean", "Sequential", "x = self.blocks(x)", 16)
convs("seq_head64_crash", "Sequential", "x = self.blocks(x)", 64)
convs("seq_head256_crash", "Sequential", "x = self.blocks(x)", 256)
_INDEXED = "x = self.blocks[0](x)\n        x = self.blocks[0](x)\n        x = self.blocks[0](x)"
convs("mlist_indexed_clean", "ModuleList", _INDEXED, 16)
convs("mlist_indexed_crash", "ModuleList", _INDEXED, 256)
_EACH = "x = self.blocks[0](x)\n        x = self.blocks[1](x)\n        x = self.blocks[2](x)"
convs("mlist_each_clean", "ModuleList", _EACH, 16)
_LOOP = "for _ in range(3):\n            x = self.blocks[0](x)"
convs("loop_first_clean", "ModuleList", _LOOP, 16)
convs("loop_first_crash", "ModuleList", _LOOP, 256)
_ITER = "for b in self.blocks:\n            x = b(x)"
convs("iter_clean", "ModuleList", _ITER, 16)
convs("iter_crash", "ModuleList", _ITER, 64)

# a shape-preserving repeated block (transformer-like) is still checked downstream
_LAYER = """
class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.Linear(16, 16)
        self.norm = nn.LayerNorm(16)

    def forward(self, x):
        return self.norm(x + self.attn(x))
"""
for _name, _out in (("same_clean", 16), ("same_head_crash", 12)):
    model(
        _name,
        (2, 5, 16),
        _LAYER
        + f"""

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(*[Layer() for _ in range(4)])
        self.head = nn.Linear({_out}, 3)

    def forward(self, x):
        x = self.layers(x)
        return self.head(x.mean(1))
""",
    )

# a repeated Linear(8, 6) crashes at copy 2: still a blocker
for _name, _n in (("linear_repeat_crash", 8), ("linear_repeat_clean", 6)):
    model(
        _name,
        (2, 8),
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = nn.Linear(8, {_n})
        self.blocks = nn.Sequential(*[nn.Linear(6, 6) for _ in range(2)], nn.Linear(8, 6), nn.Linear(8, 6))
        self.out = nn.Linear(6, 2)

    def forward(self, x):
        return self.out(self.blocks(self.first(x)))
""",
    )
model(
    "linear86_repeat_crash",
    (2, 8),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Linear(8, 6) for _ in range(3)])
        self.out = nn.Linear(6, 2)

    def forward(self, x):
        return self.out(self.blocks(x))
""",
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_graph_walk_leaves_everything_downstream_unknown():
    """The graph walk alone (no forward pass, no torch): a repeated stride-2 conv block, then
    Flatten, then a Linear sized for the real (three-copy) shape. The Flatten's shape came from
    one copy's: neither it nor the Linear gets a shape or an issue; only the repeat is said."""
    from driftcheck.graph.shapes import MISMATCH, REPEAT, infer_shapes
    from driftcheck.verifier.build import L, net

    conv = dict(in_channels=4, out_channels=4, kernel_size=3, stride=2, padding=1)
    g = net(
        [
            L("Input", "x", shape=[2, 4, 16, 16]),
            L("Module", "blk", repeat=3),
            L("Conv2d", "conv", parent="blk", **conv),
            L("Flatten", "flat"),
            L("Linear", "head", in_features=16, out_features=10),
        ],
        ["x->conv", "conv->flat", "flat->head"],
        ["head"],
    )
    res = infer_shapes(g)
    kinds = {(e.kind, e.node) for e in res.errors}
    assert (REPEAT, "blk") in kinds, res.errors
    assert not [e for e in res.errors if e.kind == MISMATCH], res.errors
    assert "flat" not in res.shapes and "head" not in res.shapes
    assert res.output_shapes == [None]


def test_graph_walk_keeps_a_shape_preserving_repeat_checked():
    """A repeated block that keeps its shape: the Linear after it is still judged."""
    from driftcheck.graph.shapes import MISMATCH, infer_shapes
    from driftcheck.verifier.build import L, net

    g = net(
        [
            L("Input", "x", shape=[2, 8]),
            L("Module", "blk", repeat=3),
            L("Linear", "fc", parent="blk", in_features=8, out_features=8),
            L("ReLU", "act"),
            L("Linear", "head", in_features=12, out_features=2),
        ],
        ["x->fc", "fc->act", "act->head"],
        ["head"],
    )
    res = infer_shapes(g)
    assert [e.node for e in res.errors if e.kind == MISMATCH] == ["head"], res.errors
