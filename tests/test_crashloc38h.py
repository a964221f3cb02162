"""Session 38 (house38, review36 item 11): a crash in one copy of a repeated block (a
ModuleList of identical blocks, one given a shape-changing pre-hook) is named by the layer that
ran (``blocks.2.lin``, a name torch's ``named_modules`` has), not by the stand-in copy the graph
shows for the repeat (``blocks/0``). The verdict is torch's.
"""

from __future__ import annotations

import runpy

import pytest

from tests.crash_rule_support import blockers, torch_crashes

torch = pytest.importorskip("torch")

SRC = """
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(6, 6)

    def forward(self, x):
        return self.lin(x)


def widen(m, args):
    return (torch.cat([args[0], args[0]], -1),)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(4)])
        self.blocks[HOOKED].register_forward_pre_hook(widen)

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return x
"""


@pytest.mark.parametrize("hooked", [1, 2, 3])
def test_crash_names_the_copy_that_ran(hooked, tmp_path, capsys):
    path = tmp_path / "m.py"
    path.write_text(SRC.replace("HOOKED", str(hooked)))
    assert torch_crashes(path, (3, 6), "float")
    names = dict(runpy.run_path(str(path))["Net"]().named_modules())
    assert f"blocks.{hooked}.lin" in names
    found = blockers(path, (3, 6), capsys)
    assert found, found
    text = " ".join(f["message"] for f in found)  # (``node`` keeps the graph's id)
    assert f"blocks.{hooked}.lin" in text, text
    assert "blocks/0" not in text, text


def test_no_hook_no_crash(tmp_path, capsys):
    path = tmp_path / "m.py"
    path.write_text(
        SRC.replace("        self.blocks[HOOKED].register_forward_pre_hook(widen)\n", "")
    )
    assert not torch_crashes(path, (3, 6), "float")
    assert blockers(path, (3, 6), capsys) == []
