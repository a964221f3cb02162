"""Forward-crash rules of session 18, part 2 (crashfix18c) against real torch: in-place
writes into an ``expand``ed tensor, boolean-mask and integer-tensor indexing
(``forward/dataflow_ranks.py``) and a Python list indexed past its end
(``forward/dataflow_lists.py``).

As in ``test_crash18_ranks.py``: each small model is built and run in torch on its input, and
``driftcheck check --input-shape`` must report a blocker exactly when torch raised; every rule
family (the name's first word) has a crashing model and a clean twin. The clean twins include
the forms the rules must leave alone: ``fill_`` into an expanded tensor (torch does not check
it), a uint8 index (a mask to torch), a list whose length the pass cannot be sure of.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS, kind_first=True)


# ---- an in-place write into an expanded tensor (items sharing memory): torch raises
_EXPAND = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.reg = nn.Parameter(torch.zeros(1, 3, 8))
        self.pos = nn.Parameter(torch.ones(1, 3, 8))
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        r = self.reg.expand({n}, -1, -1)
        {op}
        return self.fc(torch.cat([r, x], 1))
"""
model("expand_iadd", (2, 5, 8), src=_EXPAND.format(n="x.shape[0]", op="r += self.pos"))
model("expand_add_", (2, 5, 8), src=_EXPAND.format(n="x.shape[0]", op="r.mul_(2.0)"))
model("expand_copy_", (2, 5, 8), src=_EXPAND.format(n="x.shape[0]", op="r.copy_(x[:, :3])"))
model("expand_clone", (2, 5, 8), src=_EXPAND.format(n="x.shape[0]", op="r = r.clone(); r += 1"))
model("expand_batch1", (1, 5, 8), src=_EXPAND.format(n="x.shape[0]", op="r += self.pos"))
model("expand_fill_", (2, 5, 8), src=_EXPAND.format(n="x.shape[0]", op="r.fill_(0.5)"))
model("expand_outofplace", (2, 5, 8), src=_EXPAND.format(n="x.shape[0]", op="r = r + self.pos"))

# ---- a boolean mask's axes must equal the axes it indexes
_MASK = """
class Net(nn.Module):
    def __init__(self, n_mask={n}):
        super().__init__()
        self.n_mask = n_mask
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        B, N, D = x.shape
        keep = (torch.arange(self.n_mask) % 2 == 0)[None].expand(B, -1)
        return self.fc({index}).sum()
"""
model("mask_match", (2, 6, 8), src=_MASK.format(n=6, index="x[keep]"))
model("mask_short", (2, 6, 8), src=_MASK.format(n=4, index="x[keep]"))
model("mask_after_slice", (2, 6, 8), src=_MASK.format(n=6, index="x[:, None][:, 0, :][keep]"))
model("mask_one_axis", (2, 6, 8), src=_MASK.format(n=6, index="x[:, keep[0]]"))
model("mask_wrong_axis", (2, 6, 8), src=_MASK.format(n=6, index="x[keep[0]]"))

# ---- integer index tensors must broadcast together
_GATHER = """
class Net(nn.Module):
    def __init__(self, k={k}):
        super().__init__()
        self.k = k
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        B = x.shape[0]
        idx = self.fc(x).amax(-1).topk(self.k, dim=1).indices
        return x[{rows}, idx]
"""
model("gather_rows_column", (2, 6, 8), src=_GATHER.format(k=3, rows="torch.arange(B)[:, None]"))
model("gather_rows_flat", (2, 6, 8), src=_GATHER.format(k=3, rows="torch.arange(B)"))
model("gather_k_eq_b", (2, 6, 8), src=_GATHER.format(k=2, rows="torch.arange(B)"))
# a uint8 index is a mask to torch (each one matching its axis): not judged as integers
model(
    "gather_uint8_mask",
    (2, 6, 16),
    src="""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(11, 4)

    def forward(self, x):
        rows = torch.arange(12, dtype=torch.uint8).view(2, 6)  # 11 items set: a mask
        return self.fc(x[rows, torch.arange(11)])
""",
)

# ---- a Python list indexed past its end, where its length is certain
_LIST = """
class Net(nn.Module):
    def __init__(self, chans=(4, 6, 8)):
        super().__init__()
        self.stages = nn.ModuleList()
        cin = 3
        for c in chans:
            self.stages.append(nn.Sequential(nn.Conv2d(cin, c, 3, stride=2, padding=1), nn.ReLU()))
            cin = c
        self.lateral = nn.ModuleList([nn.Conv2d(c, 4, 1) for c in chans])

    def forward(self, x):
        feats = []
        {build}
        lat = [l(f) for l, f in zip(self.lateral, feats)]
        outs = [lat[-1]]
        for i in {rng}:
            outs.append(lat[i] + F.interpolate(lat[i + 1], size=lat[i].shape[-2:]))
        return torch.stack([o.mean() for o in outs])
"""
_LOOP = "for s in self.stages:\n            x = s(x)\n            feats.append(x)"
# the pass runs a ``while`` body once, speculatively: the list's length is not certain
_WHILE = (
    "while len(feats) < len(self.stages):\n"
    "            x = self.stages[len(feats)](x)\n"
    "            feats.append(x)"
)
model("list_top_down", (2, 3, 16, 16), src=_LIST.format(build=_LOOP, rng="range(len(lat) - 1)"))
model("list_one_past", (2, 3, 16, 16), src=_LIST.format(build=_LOOP, rng="range(len(lat))"))
model(
    "list_reversed_one_past",
    (2, 3, 16, 16),
    src=_LIST.format(build=_LOOP, rng="reversed(range(len(lat)))"),
)
model("list_while_built", (2, 3, 16, 16), src=_LIST.format(build=_WHILE, rng="range(2)"))
# a library function given the list may grow it (here by one item): no longer certain
model(
    "list_grown_by_library",
    (2, 3, 16, 16),
    src="import operator\n"
    + _LIST.replace("torch.stack([o.mean() for o in outs])", "feats[3].mean()").format(
        build=_LOOP + "\n        operator.iadd(feats, [feats[-1]])", rng="range(2)"
    ),
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS,
        HEAD,
        ("expand_iadd", "mask_short", "gather_rows_flat", "list_one_past"),
        tmp_path,
        capsys,
    )
