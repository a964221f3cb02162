"""Session 39 (crashfix39b): crash rules checked against torch (CPU, seeded): a blocker exactly
when torch raises; the clean twins (``_ok``) show what the rules must not claim.

``torch.autograd.grad(..., is_grads_batched=True)``: the first dim of each gradient is a batch,
``grad[0]`` must have its output's shape (a 0-dim gradient: IndexError).
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import check_blocker_iff_crash, registrar, torch_crashes, write

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def net(name: str, init: str, body: str, shape: tuple[int, ...] = (2, 4), pre: str = "") -> None:
    src = (
        f"\n{pre}\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"        {init}\n\n    def forward(self, x):\n        {body}\n        return x\n"
    )
    model(name, shape, src)


# ---------------------------------------------------------------- is_grads_batched
LIN = "self.f = nn.Sequential(nn.Linear(4, 4), nn.Tanh())"
GRAD = (
    "with torch.enable_grad():\n"
    "            xi = x[0].clone().requires_grad_()\n"
    "            y = self.f(xi)\n"
    "            {pre}(J,) = torch.autograd.grad({call})\n"
    "        x = x + J.sum()"
)
for _name, _pre, _call in (
    ("batched_ok_eye", "", "y, xi, torch.eye(4), is_grads_batched=True"),
    ("batched_ok_two_rows", "", "y, xi, torch.eye(y.numel())[:2], is_grads_batched=True"),
    ("batched_ok_one_row", "", "y, xi, torch.ones(1, 4), is_grads_batched=True"),
    (
        "batched_ok_view",
        "",
        "y, xi, torch.eye(y.numel()).view(-1, *y.shape), is_grads_batched=True",
    ),
    ("batched_ok_positional", "", "y, xi, torch.eye(4), None, False, True, None, True"),
    (
        "batched_ok_flag_var",
        "flag = True\n            ",
        "y, xi, torch.eye(4), is_grads_batched=flag",
    ),
    ("batched_ok_list", "", "[y], [xi], [torch.eye(4)], is_grads_batched=True"),
    ("batched_ok_int_flag", "", "y, xi, torch.eye(4), is_grads_batched=1"),
    ("batched_no_batch_dim", "", "y, xi, torch.ones(4, 1), is_grads_batched=True"),
    ("batched_unbatched_grad", "", "y, xi, torch.ones(4), is_grads_batched=True"),
    ("batched_zero_dim", "", "y, xi, torch.tensor(1.0), is_grads_batched=True"),
    (
        "batched_transposed",
        "",
        "y, xi, torch.eye(8).reshape(2, 8, 4)[0].t(), is_grads_batched=True",
    ),
    ("batched_positional_bad", "", "y, xi, torch.ones(4, 1), None, False, True, None, True"),
    ("batched_flag_off_eye", "", "y, xi, torch.eye(4), is_grads_batched=False"),
    ("batched_flag_default_eye", "", "y, xi, torch.eye(4)"),
    ("batched_ok_flag_off_plain", "", "y, xi, torch.ones(4), is_grads_batched=False"),
):
    net(_name, LIN, GRAD.format(pre=_pre, call=_call))

# through a helper function, the basis built there
JAC = (
    "def jac_rows(y, x):\n"
    "    basis = {basis}\n"
    "    return torch.autograd.grad(y, x, basis, is_grads_batched=True)[0]\n"
)
for _name, _basis in (
    ("batched_ok_helper_view", "torch.eye(y.numel()).view(-1, *y.shape)"),
    ("batched_ok_helper_reshape", "torch.eye(y.numel()).reshape(y.numel(), *y.shape)"),
    ("batched_helper_transposed", "torch.eye(6).reshape(6, 3, 2)"),
):
    net(_name, "self.lin = nn.Linear(3, 3)",
        "with torch.enable_grad():\n"
        "            xr = x.clone().requires_grad_()\n"
        "            y = self.lin(xr).tanh()\n"
        "            J = jac_rows(y, xr)\n"
        "        x = J.flatten(1).norm(dim=1)",
        shape=(2, 3), pre=JAC.format(basis=_basis))  # fmt: skip


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    assert torch_crashes(write(MODELS, HEAD, name, tmp_path), shape, kind) is ("_ok" not in name)
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_both_sides_present():
    """Each family has crashing and clean models (the names say which)."""
    fams: dict[str, set[bool]] = {}
    for name in MODELS:
        fams.setdefault(name.split("_")[0], set()).add("_ok" in name)
    assert all(v == {True, False} for v in fams.values()), fams
