"""Forward-crash rules of session 20b (fresh10's dev part: the false blocker and misses)
against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, shape: tuple[int, ...], src: str, kind: str = "float") -> None:
    MODELS[name] = (textwrap.dedent(src), shape, kind)


def expr(name: str, shape: tuple[int, ...], body: str, init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` then ``body`` (which returns)."""
    model(
        name,
        shape,
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        {init or "pass"}

    def forward(self, x):
        h = self.fc(x)
        {body}
""",
    )


# ---- containers forward fills (``dataflow_grown``): their items are unknown, not empty
_STACK = "return torch.stack([e(h) for e in self.{a}], -1)"
expr(
    "grown_never_filled",
    (2, 8),
    _STACK.format(a="experts.values()"),
    "self.experts = nn.ModuleDict()",
)
expr(
    "grown_update",
    (2, 8),
    "if not len(self.experts):\n"
    "            self.experts.update({'e%d' % i: nn.Linear(8, 8) for i in range(3)})\n"
    "        " + _STACK.format(a="experts.values()"),
    "self.experts = nn.ModuleDict()",
)
expr(
    "grown_setitem",
    (2, 8),
    "self.experts['a'] = nn.Linear(8, 8)\n        " + _STACK.format(a="experts.values()"),
    "self.experts = nn.ModuleDict()",
)
expr(
    "grown_append",
    (2, 8),
    "if len(self.blocks) == 0:\n"
    "            self.blocks.append(nn.Linear(8, 8))\n"
    "        " + _STACK.format(a="blocks"),
    "self.blocks = nn.ModuleList()",
)
expr("grown_list_never", (2, 8), _STACK.format(a="blocks"), "self.blocks = nn.ModuleList()")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("grown_never_filled",), tmp_path, capsys)
