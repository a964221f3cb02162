"""Code after an undecided ``continue`` / ``break`` in a loop (session 32, crashhole32): after
``if <unknown>: continue`` the rest of that pass may not run, after ``if <unknown>: break``
the rest of the loop (its later passes and its ``else``) may not run, and the locals the
jumping branch had join those of the path that went on (``Runner.both``, ``Frame.loops``).
A crash there is no certain blocker; a crash after a decided ``if``, or after the loop, still
is. Small models run in torch; a blocker exactly when torch raised (train and eval mode).
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
LAYERS = ("self.fc = nn.Linear(8, 8)", "self.d = nn.Linear(8, 8).double()")


def fwd(name: str, body: str, shape=(2, 8)) -> None:
    model(name, shape, net_source(LAYERS, body))


def loop(test: str, jump: str, rest: str, after: str = "return h", head: str = "") -> str:
    return (
        f"{head}for _ in range(2):\n            if {test}:\n                {jump}\n"
        f"            {rest}\n        {after}"
    )


UNDECIDED = "h.dtype == torch.float"  # torch: True; the pass does not compare dtypes
# torch skips the double layer: the pass must not claim the crash it would be
fwd("jump_ok_continue", loop(UNDECIDED, "continue", "h = self.d(h)"))
fwd("jump_ok_break", loop(UNDECIDED, "break", "h = self.d(h)"))
fwd("jump_ok_is_continue", loop("x.dtype is torch.float32", "continue", "h = self.d(h)"))
fwd("jump_ok_not_break", loop("not h.dtype == torch.double", "break", "h = self.d(h)"))
fwd("jump_ok_while_continue", "i = 0\n        while i < 2:\n            i += 1\n"
    "            if h.dtype == torch.float:\n                continue\n"
    "            h = self.d(h)\n        return h")  # fmt: skip
fwd("jump_ok_for_else", "for _ in range(2):\n            if h.dtype == torch.float:\n"
    "                break\n        else:\n            h = self.d(h)\n        return h")  # fmt: skip
fwd("jump_ok_nested", "for _ in range(2):\n            for _ in range(2):\n"
    "                if h.dtype == torch.float:\n                    continue\n"
    "                h = self.d(h)\n            h = self.fc(h)\n        return h")  # fmt: skip
# the jumping branch's locals are kept: after the loop z may be the float h
fwd("jump_ok_break_locals", loop(UNDECIDED, "z = h\n                break", "z = z * 2",
    "return self.fc(z)", "z = h.double()\n        "))  # fmt: skip
fwd("jump_ok_continue_locals", loop(UNDECIDED, "z = h\n                continue", "z = z + 1",
    "return self.fc(z)", "z = h.double()\n        "))  # fmt: skip
# the same crashes where torch reaches them: a decided ``if``, or code after the loop
fwd("jump_continue_decided", loop("h.shape[0] == 3", "continue", "h = self.d(h)"))
fwd("jump_break_decided", loop("h.shape[1] != 8", "break", "h = self.d(h)"))
fwd("jump_after_loop", loop(UNDECIDED, "continue", "h = h * 2", "return self.d(g)",
    "g = h\n        "))  # fmt: skip
fwd("jump_after_break", loop(UNDECIDED, "break", "h = h * 2", "return self.d(g)",
    "g = h\n        "))  # fmt: skip
fwd("jump_before_if", loop(UNDECIDED, "continue", "h = h * 2", "return h",
    "h = self.d(h)\n        "))  # fmt: skip
fwd("jump_later_loop", loop(UNDECIDED, "break", "h = h * 2",
    "for _ in range(2):\n            h = self.d(h)\n        return h"))  # fmt: skip


# a plain undecided ``if`` joins two tensors of one node and different dtypes: neither is kept
fwd("join_ok_branch_double", "z = h\n        if h.dtype == torch.double:\n"
    "            z = h.double()\n        return self.fc(z)")  # fmt: skip
fwd("join_both_double", "z = h.double()\n        if h.dtype == torch.double:\n"
    "            z = h.double() * 2\n        return self.fc(z)")  # fmt: skip


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_family_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("jump_after_loop", "jump_ok_break"), tmp_path, capsys)
