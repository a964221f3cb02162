"""Forward-crash rules of session 23 (crashburn23: the burned held-out parts of fresh10..fresh13,
the Embedding-of-an-int-cast false blocker, ``__init__`` dtype casts) against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.crash_rule_support import check_blocker_iff_crash, check_both_sides

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, shape: tuple[int, ...], src: str, kind: str = "float") -> None:
    MODELS[name] = (textwrap.dedent(src), shape, kind)


def lin(name: str, shape: tuple[int, ...], body: str, init: str = "") -> None:
    """A model whose forward is ``h = self.proj(x)`` (``(2, 5, 24)``) then ``body``."""
    model(
        name,
        shape,
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(24, 24)
        self.mix = nn.Linear(6, 6)
        {init or "pass"}

    def forward(self, x):
        h = self.proj(x)
        {body}
""",
    )


L = (2, 5, 24)
N = "\n        "  # a new line of forward's body

# ---- ``out = list(x.shape); out[-1] *= r``: the augmented item store is followed
_SUB = "out = list(h.shape)" + N
lin("augitem_ok_mul", L, _SUB + "out[-1] *= 2" + N + "return h[..., :12].reshape(out[0], -1, 24)")
lin(
    "augitem_ok_reshape",
    L,
    _SUB + "out[-1] //= 4" + N + "out[1] *= 4" + N + "return h.reshape(out)",
)
lin("augitem_mul", L, _SUB + "out[-1] *= 3" + N + "return h.reshape(out)")
lin("augitem_sub", L, _SUB + "out[1] -= 1" + N + "return h.view(out)")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)
