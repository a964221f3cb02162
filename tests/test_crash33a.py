"""Top-k routing loops over a partition of the rows (session 33, crashfix33,
``dataflow_partition``): after ``if rows.numel() == 0: continue`` the rest of a pass may not
run (crashhole32), but when the passes compare the top-k indices with every expert's number
some pass selects a row, so a crash every pass meets after the guard is certain. Small
models run in torch (train and eval mode): a blocker exactly when torch raised. Where the
proof does not hold (``break``, a loop over some of the experts, one bad expert among good
ones) torch runs clean on an input built for it, and no blocker is reported.
"""

from __future__ import annotations

import runpy

import pytest

from tests.crash_rule_support import (
    blockers,
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
SHAPE = (2, 8, 16)

MOE = """
class Expert(nn.Module):
    def __init__(self, dim, hidden, width):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden)
        self.w2 = nn.Linear(width, dim)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, dim=16, hidden=32, num_experts=4, top_k=2):
        super().__init__()
        self.top_k = top_k
        self.num_experts = num_experts
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList([Expert(dim, hidden, {width}) for i in range(num_experts)])

    def forward(self, x):
        b, t, d = x.shape
        x = x.view(-1, d)
        weights, idx = torch.topk(self.gate(x), self.top_k, dim=-1)
        weights = F.softmax(weights, dim=-1)
        out = torch.zeros_like(x)
        for {loop}:
            {select}
            if {test}:
                {skip}
            {use}
        return out.view(b, t, d)
"""

ENUM = "i, expert in enumerate(self.experts)"
WHERE = "rows, slot = torch.where(idx == i)"
USE_WHERE = "out[rows] += weights[rows, slot, None] * expert(x[rows])"
USE_ROWS = "out[rows] += expert(x[rows])"
# the guard forms: (loop, selection, test, use)
FORMS = {
    "where": (ENUM, WHERE, "rows.numel() == 0", USE_WHERE),
    "whereflip": (ENUM, "rows, slot = torch.where(i == idx)", "not rows.numel()", USE_WHERE),
    "tuple": (ENUM, "rows = (idx == i).nonzero(as_tuple=True)[0]", "len(rows) == 0", USE_ROWS),
    "any": (
        ENUM,
        "mask = idx.eq(i)",
        "not mask.any()",
        "rows = mask.any(-1)\n            " + USE_ROWS,
    ),  # fmt: skip
    "range": (
        "i in range(self.num_experts)",
        "rows = torch.where(idx == i)[0]",
        "rows.size(0) == 0",
        "out[rows] += self.experts[i](x[rows])",
    ),  # fmt: skip
}
CLEAN, BAD = "hidden", "dim"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def moe(width: str, form: str, skip: str = "continue", loop: str | None = None) -> str:
    lp, select, test, use = FORMS[form]
    return MOE.format(width=width, loop=loop or lp, select=select, test=test, skip=skip, use=use)


for _form in FORMS:
    model(f"{_form}_ok", SHAPE, moe(CLEAN, _form))
    model(f"{_form}_bad", SHAPE, moe(BAD, _form))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_family_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("where_bad", "range_bad"), tmp_path, capsys)


# not proven: (source, the experts an input can make every row choose: torch runs clean)
UNPROVEN = {
    # ``break`` at the first expert no row chose: an input where expert 0 is that one
    "break": (moe(BAD, "where", skip="break"), (1, 2)),
    # the loop compares with experts 2 and 3 only: rows that chose 0 and 1 skip every pass
    "partial": (moe(BAD, "where", loop="i, expert in list(enumerate(self.experts))[2:]"), (0, 1)),
    "partial_range": (
        moe(BAD, "range", loop="i in range(2, self.num_experts)"),
        (0, 1),
    ),
    # one bad expert among good ones: rows that never choose it
    "one_bad": (moe("16 if i == 0 else hidden", "where"), (2, 3)),
}


def _runs_clean(path, chosen: tuple[int, ...]) -> bool:
    """torch's forward on an input where every row's top-k is ``chosen``."""
    import torch

    torch.manual_seed(0)
    net = runpy.run_path(str(path), run_name="__crash33a__")["Net"]()
    with torch.no_grad():
        net.gate.weight.fill_(-1.0)
        for rank, e in enumerate(chosen):
            net.gate.weight[e] = float(len(chosen) - rank)
        x = torch.rand(SHAPE) + 0.1  # every item positive: the logits follow the weights
        idx = torch.topk(net.gate(x.view(-1, SHAPE[-1])), net.top_k, dim=-1)[1]
        assert set(idx.flatten().tolist()) == set(chosen)
        try:
            net(x)
        except Exception:  # noqa: BLE001 - any error forward raises is the crash
            return False
    return True


@pytest.mark.parametrize("name", sorted(UNPROVEN))
def test_unproven_stays_uncertain(name, tmp_path, capsys):
    pytest.importorskip("torch")
    src, chosen = UNPROVEN[name]
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + src)
    assert _runs_clean(path, chosen), name  # an input of this shape torch runs
    assert not blockers(path, SHAPE, capsys), name


def test_the_seeded_input_crashes_unproven(tmp_path):
    """The unproven models do crash on the seeded input (the verdict is input-dependent)."""
    from tests.crash_rule_support import torch_crashes

    for name in ("break", "one_bad"):
        path = tmp_path / f"{name}.py"
        path.write_text(HEAD + UNPROVEN[name][0])
        assert torch_crashes(path, SHAPE, "float"), name
