"""Review of session 18's forward crash rules (review18): false blockers found by reading
``dataflow_lists`` and ``dataflow_known``, each against real torch.

- a ModuleList whose item count ``__init__`` could not know (built from a value it could not
  enumerate) was taken as certain, so a list made from it looked too short (``IndexError``
  claimed on a model that runs);
- a tensor's known values (``torch.arange`` in forward, a buffer ``__init__`` computed) were
  kept after an in-place write (``clamp_``, ``t[m] = v``, ``fill_`` through a view, ``out=``,
  a helper's write, a write through an alias of the buffer), so an index the write had brought
  in range was still judged out of range.

Each family (the name's first word) has a model torch rejects and ones it runs.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.crash_rule_support import check_blocker_iff_crash, check_both_sides

HEAD = "import os\nimport torch\nimport torch.nn as nn\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, src: str, shape: tuple[int, ...] = (2, 3)) -> None:
    MODELS[name] = (textwrap.dedent(src), shape, "float")


# ---- a list made from a ModuleList: certain only when the ModuleList's count is
_MODLIST = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        n = {count}
        self.layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(n)])

    def forward(self, x):
        outs = [layer(x) for layer in self.layers]
        return outs[{index}]
"""
# the environment is not read statically: the count is unknown, the index fine in torch
model("modlist_unknown_count", _MODLIST.format(count='int(os.environ.get("R18_N", "3"))', index=2))
model("modlist_known_count", _MODLIST.format(count="3", index=2))
model("modlist_known_past", _MODLIST.format(count="3", index=3))

# ---- values of an index tensor made in forward, then written in place
_VALUES = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("table", torch.zeros(4, 3))
        self.register_buffer("pos", torch.arange(6))

    def fix(self, t):
        t.clamp_(max=3)

    def forward(self, x):
        idx = torch.arange(6)
        {edit}
        return x + self.table[{which}].sum()
"""
for _name, _edit in {
    "untouched": "pass",
    "clamp": "idx.clamp_(max=3)",
    "mask_store": "idx[idx > 3] = 3",
    "view_fill": "v = idx.view(2, 3)\n        v.fill_(0)",
    "slice_store": "v = idx[3:]\n        v[:] = 0",
    "out_kwarg": "torch.clamp(idx, max=3, out=idx)",
    "helper": "self.fix(idx)",
    "alias_isub": "j = idx\n        idx -= 2",
}.items():
    model(f"values_{_name}", _VALUES.format(edit=_edit, which="j" if "alias" in _name else "idx"))
for _name, _edit in {
    "untouched": "pass",
    "alias_clamp": "p = self.pos\n        p.clamp_(max=3)",
    "view_store": "self.pos.view(2, 3)[:, :] = 0",
}.items():
    model(f"buffer_{_name}", _VALUES.format(edit=_edit, which="self.pos"))


# ---- a comparison's shape is torch's broadcast, where a 0-size axis beats a 1
_EMPTY = """
class Net(nn.Module):
    def forward(self, x):
        rows = x[:{n}]
        keep = rows[:, :1] > torch.zeros(1, 3)
        return rows[keep]
"""
model("empty_mask_rows", _EMPTY.format(n=0))
model("empty_mask_some_rows", _EMPTY.format(n=2))
model("empty_mask_wrong", _EMPTY.format(n=0).replace("rows[keep]", "x[keep]"))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_family_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)
