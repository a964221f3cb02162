"""Forward-crash rules of session 18 (``forward/dataflow_known.py``, ``dataflow_args.setitem``)
against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin
that differs only in the defect, so a rule that flags everything or nothing fails.
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

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS, kind_first=True)


# ---- masked_select: as many items as the mask (lengths known from a buffer) holds true
_SELECT = """
class Net(nn.Module):
    def __init__(self, lengths={lengths}):
        super().__init__()
        self.register_buffer("lengths", torch.tensor(lengths))
        self.fc = nn.Linear(16, 3)

    def forward(self, x):
        B, T, C = x.shape
        pad = torch.arange(T)[None] >= self.lengths[:, None]
        kept = torch.masked_select(x, ~pad[..., None]).view(B, -1, C)
        return self.fc(kept)
"""
model("select_even", (2, 6, 16), src=_SELECT.format(lengths=(4, 4)))
model("select_ragged", (2, 6, 16), src=_SELECT.format(lengths=(4, 3)))
model("select_flat", (2, 6, 16), src=_SELECT.format(lengths=(4, 3)).replace("B, -1, C", "-1, C"))

# ---- a comparison of two tensors is a mask of their broadcast shape
_CMP = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("lengths", torch.tensor([5, 2]))
        self.fc = nn.Linear(16, 3)

    def forward(self, x):
        T = x.shape[1]
        mask = torch.arange(T).unsqueeze(0) < self.lengths.unsqueeze(1)
        return self.fc(x.masked_fill({mask}, 0.0))
"""
model("cmp_mask_last_axis", (2, 6, 16), src=_CMP.format(mask="~mask"))
model("cmp_mask_unsqueezed", (2, 6, 16), src=_CMP.format(mask="~mask[..., None]"))

# ---- x[key] = value with a key whose dtype is not known (values the library does not compute)
_PUT_MASK = """
class Net(nn.Module):
    def __init__(self, dim=32, n_tokens=16):
        super().__init__()
        self.mask_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.register_buffer("mask", torch.arange(n_tokens).repeat(2, 1) % 3 == 0)
        self.fc = nn.Linear(dim, 4)

    def forward(self, x):
        x = x.clone()
        x[self.mask] = {value}
        return self.fc(x)
"""
model("putmask_expanded", (2, 16, 32), src=_PUT_MASK.format(value="self.mask_token.expand_as(x)"))
model("putmask_token", (2, 16, 32), src=_PUT_MASK.format(value="self.mask_token"))
_PUT_ROWS = """
class Net(nn.Module):
    def __init__(self, n=4, k=3):
        super().__init__()
        self.register_buffer("rows", torch.randint(0, n, (k,)))
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        x = x.clone()
        x[self.rows] = {value}
        return self.fc(x)
"""
model("putrows_all", (4, 8, 16), src=_PUT_ROWS.format(value="x * 2"))
model("putrows_picked", (4, 8, 16), src=_PUT_ROWS.format(value="x[:3] * 2"))

# ---- an index tensor whose values are known: inside the axis it indexes
_TABLE = """
class Net(nn.Module):
    def __init__(self, n=4, heads=2):
        super().__init__()
        self.table = nn.Parameter(torch.zeros({rows}, heads))
        self.register_buffer("index", (torch.arange(n)[:, None] + torch.arange(n)[None, :]))
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        bias = self.table[self.index.view(-1)].view(4, 4, -1).sum(-1)
        return self.fc(x) + bias.sum()
"""
model("table_sized", (2, 8), src=_TABLE.format(rows="2 * n - 1"))
model("table_small", (2, 8), src=_TABLE.format(rows="n"))
# the index halved in place before use: its values from ``__init__`` are stale, not followed
_HALVED = """
class Net(nn.Module):
    def __init__(self, n=16):
        super().__init__()
        self.table = nn.Parameter(torch.zeros(n, 2))
        self.register_buffer("index", torch.arange(n) * 2)
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        {write}
        return self.fc(x) + self.table[self.index].sum()
"""
model(
    "table_halved_inplace",
    (2, 8),
    src=_HALVED.format(write="self.index.div_(2, rounding_mode='floor')"),
)
model("table_halved_augassign", (2, 8), src=_HALVED.format(write="self.index //= 2"))


# ---- uint8 masks: torch.where and indexing take them as masks, masked_fill refuses them
_BYTE = """
class Net(nn.Module):
    def __init__(self, n=6):
        super().__init__()
        self.register_buffer("keep", (torch.arange(n) % 2).byte())
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        x = x.clone()
        {use}
        return self.fc(x)
"""
model(
    "byte_where", (6, 6), src=_BYTE.format(use="x = torch.where(self.keep, x, torch.zeros_like(x))")
)
model("byte_masked_fill", (6, 6), src=_BYTE.format(use="x = x.masked_fill(self.keep, 0.0)"))
model("byte_put_rows", (6, 6), src=_BYTE.format(use="x[self.keep] = torch.zeros(3, 6)"))
model("byte_put_all", (6, 6), src=_BYTE.format(use="x[self.keep] = torch.zeros(6, 6)"))

# ---- torch.cat of a list that code the pass does not follow fills (a hook, map, checkpoint):
# not known to be empty; one nothing fills is
_FILLED = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.fc2 = nn.Linear(8, 8)

    def forward(self, x):
        feats = []
        {fill}
        return torch.cat(feats, 0)
"""
model("cat_never_filled", (2, 8), src=_FILLED.format(fill="self.fc2(self.fc(x))"))
model(
    "cat_hook_filled",
    (2, 8),
    src=_FILLED.format(
        fill="h = self.fc.register_forward_hook(lambda m, i, o: feats.append(o))\n"
        "        self.fc2(self.fc(x))\n        h.remove()"
    ),
)
model("cat_map_filled", (2, 8), src=_FILLED.format(fill="list(map(feats.append, (self.fc(x),)))"))
model(
    "cat_checkpoint_filled",
    (2, 8),
    src=_FILLED.format(
        fill="torch.utils.checkpoint.checkpoint(lambda t: feats.append(self.fc(t)), x, "
        "use_reentrant=False)"
    ),
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("select_ragged", "putmask_expanded", "table_small"), tmp_path, capsys
    )


@pytest.mark.parametrize("name", ["table_small", "table_halved_inplace", "select_ragged"])
def test_attr_scans_switch_same_findings(name, tmp_path, capsys, monkeypatch):
    """The ``attr_scans`` memo (a file's write scan once per pass) changes no finding."""
    import json

    from driftcheck.cli import main
    from tests.crash_rule_support import write

    path = write(MODELS, HEAD, name, tmp_path)
    shape = ",".join(map(str, MODELS[name][1]))
    outs = []
    for off in ("", "attr_scans"):
        monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", off)
        monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
        main(["check", f"{path}::Net", "--input-shape", shape, "--format", "json"])
        outs.append(json.loads(capsys.readouterr().out)["findings"])
    assert outs[0] == outs[1]
