"""Session 38 (house38, review36 item 12): ``a is b`` and ``a in b`` give a bool whatever their
operands are, so an unknown result of them is never a module (``UnknownPlain``): stored on a
module it leaves the parameter count exact. The counts are torch's.
"""

from __future__ import annotations

import runpy

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")

UNKNOWN = "getattr(__import__('sys'), 'ps9', None)"  # a value the interpreter does not know

CASES = {
    "is_none": f"self.missing = {UNKNOWN} is None",
    "is_not_none": f"self.present = {UNKNOWN} is not None",
    "is_of_two_unknowns": f"self.same = {UNKNOWN} is getattr(__import__('sys'), 'ps8', None)",
    "global_is_none": "self.missing = V is None",
    "in_list_of_unknown": "self.has = 'x' in [V]",
    "not_in_unknown": "self.lacks = 'y' not in getattr(__import__('sys'), 'ps9', ())",
}


def _source(line: str) -> str:
    return (
        "import torch\nimport torch.nn as nn\n\n"
        f"V = globals().get('QQ38H')\n\n\n"
        "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"        self.fc = nn.Linear(4, 4)\n        {line}\n\n"
        "    def forward(self, x):\n        return self.fc(x)\n\n\nmodel = Net()\n"
    )


@pytest.mark.parametrize("name", sorted(CASES))
def test_identity_and_membership_results_leave_the_count_exact(name, tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    path = tmp_path / "m.py"
    path.write_text(_source(CASES[name]))
    model = runpy.run_path(str(path))["model"]
    want = sum(p.numel() for p in model.parameters())
    assert parse_source(path).params_total() == want == 20


def test_an_unknown_that_may_be_a_layer_still_makes_the_count_unknown(tmp_path, monkeypatch):
    """The twin: the unknown value itself stored (it may be a layer) is still unknown."""
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    path = tmp_path / "m.py"
    path.write_text(_source(f"self.thing = {UNKNOWN}"))
    assert parse_source(path).params_total() is None
