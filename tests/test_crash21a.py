"""Forward-crash rules of session 21a (fresh11's dev part, new defect classes) against real torch.

Each model below is built and run in torch on the input given, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval alike). Each
rule family has a crashing model and a clean twin (the names' first word).
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

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, shape: tuple[int, ...], init: str, body: str) -> None:
    """``Net`` with ``init`` after ``super().__init__()`` and ``body`` as forward."""
    src = (
        "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + textwrap.indent(textwrap.dedent(init).strip("\n"), " " * 8)
        + "\n\n    def forward(self, x):\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + "\n"
    )
    MODELS[name] = (src, shape, "float")


S = (2, 8)
# ---- a torch container indexed past its items: IndexError / KeyError
DICT = "self.e = nn.ModuleDict(dict(mlp=nn.Linear(8, 8), lin=nn.Linear(8, 8)))"
model("container_dict_missing", S, DICT, 'return self.e["ffn"](x)')
model("container_dict_case", S, DICT, 'return self.e["MLP"](x)')
model("container_dict_ok", S, DICT, 'return self.e["mlp"](x) + self.e["lin"](x)')
model(
    "container_dict_loop_ok",
    S,
    "self.e = nn.ModuleDict({k: nn.Linear(8, 8) for k in ('a', 'b')})",
    'return self.e["b"](x)',
)
model(
    "container_dict_setitem_ok",
    S,
    "self.e = nn.ModuleDict()\nself.e['a'] = nn.Linear(8, 8)\nself.e.add_module('b', nn.ReLU())",
    'return self.e["b"](self.e["a"](x))',
)
model(
    "container_dict_update_ok",
    S,
    "self.e = nn.ModuleDict()\nself.e.update({'a': nn.Linear(8, 8)})",
    'return self.e["a"](x)',
)
model(
    "container_dict_guarded_ok",
    S,
    DICT,
    'if "ffn" in self.e:\n    return self.e["ffn"](x)\nreturn self.e["lin"](x)',
)
LIST = "self.blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])"
model("container_list_past", S, LIST, "for i in range(4):\n    x = self.blocks[i](x)\nreturn x")
model("container_list_neg_past", S, LIST, "return self.blocks[-4](x)")
model("container_list_ok", S, LIST, "for i in range(3):\n    x = self.blocks[i](x)\nreturn x")
model("container_list_neg_ok", S, LIST, "return self.blocks[-3](x)")
model(
    "container_list_append_ok",
    S,
    "self.blocks = nn.ModuleList()\nfor _ in range(2):\n    self.blocks.append(nn.Linear(8, 8))",
    "return self.blocks[1](x)",
)
model(
    "container_seq_past",
    S,
    "self.seq = nn.Sequential(nn.Linear(8, 8), nn.ReLU())",
    "return self.seq[2](x)",
)
model(
    "container_seq_ok",
    S,
    "self.seq = nn.Sequential(nn.Linear(8, 8), nn.ReLU())",
    "return self.seq[1](self.seq[0](x))",
)
model(
    "container_grown_ok",
    S,
    LIST,
    "self.blocks.append(nn.Linear(8, 8))\nreturn self.blocks[3](x)",
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("container_dict_missing",), tmp_path, capsys)
