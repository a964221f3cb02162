"""Forward-crash rules of session 16 against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin
that differs only in the defect, so a rule that flags everything or nothing fails.
"""

from __future__ import annotations

import json
import os
import textwrap

import pytest

from driftcheck.cli import main
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, shape: tuple[int, ...], kind: str = "float", src: str = "") -> None:
    MODELS[name] = (textwrap.dedent(src), shape, kind)


# ---- F.pad's non-constant modes: reflection pads below the axis size, circular wraps once,
# and only the last 1/2/3 axes of an input with one or two leading axes
_PAD = """
class Net(nn.Module):
    def __init__(self, ch=4, dilations=(1, 2, 4)):
        super().__init__()
        self.dilations = dilations
        self.conv = nn.Conv1d(1, ch, 3)
        self.dil = nn.ModuleList(nn.Conv1d(ch, ch, 3, dilation=d) for d in dilations)

    def forward(self, x):
        h = self.conv(x)
        for d, conv in zip(self.dilations, self.dil):
            h = h + conv(F.pad(h, (d, d), mode="{mode}"))
        return h
"""
# h is the input's length less 2; the last block pads 4 on each side
model("pad_reflect_fits", (2, 1, 7), src=_PAD.format(mode="reflect"))
model("pad_reflect_too_wide", (2, 1, 6), src=_PAD.format(mode="reflect"))
model("pad_replicate_wide", (2, 1, 5), src=_PAD.format(mode="replicate"))
model("pad_circular_once", (2, 1, 6), src=_PAD.format(mode="circular"))
model("pad_circular_twice", (2, 1, 5), src=_PAD.format(mode="circular"))
# a 2-D reflection pad on a 4-D input: torch pads the last two axes of (N, C, H, W) only
_PAD2 = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)

    def forward(self, x):
        return self.conv(F.pad(x, {pad}, mode="reflect"))
"""
model("pad_rank_two_axes", (2, 3, 8, 8), src=_PAD2.format(pad="(1, 1, 1, 1)"))
model("pad_rank_one_axis", (2, 3, 8, 8), src=_PAD2.format(pad="(1, 1)"))

# ---- F.conv with padding="same": only on stride 1 (torch will not pick an output size)
_SAME = """
class Net(nn.Module):
    def __init__(self, cin=3, cout=4, stride={stride}):
        super().__init__()
        self.stride = stride
        self.weight = nn.Parameter(torch.randn(cout, cin, 3, 3) * 0.1)
        self.head = nn.Linear(4 * 8 * 8, 2)

    def forward(self, x):
        y = F.conv2d(x, self.weight, None, stride=self.stride, padding="{pad}")
        return self.head(y.flatten(1))
"""
model("same_stride_one", (2, 3, 8, 8), src=_SAME.format(stride="1", pad="same"))
model("same_stride_pair", (2, 3, 8, 8), src=_SAME.format(stride="(1, 1)", pad="same"))
model("same_strided", (2, 3, 8, 8), src=_SAME.format(stride="(1, 2)", pad="same"))
# "valid" is no padding: a 6x6 map into a Linear sized for 8x8
model("same_valid_shrinks", (2, 3, 8, 8), src=_SAME.format(stride="1", pad="valid"))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS, HEAD, ("pad_reflect_too_wide", "same_strided"), tmp_path, capsys
    )


def test_same_findings_without_speed_machinery(tmp_path, capsys, monkeypatch):
    """DRIFTCHECK_SPEED_OFF=all gives the same JSON on these rules' models."""
    for name in ("pad_reflect_too_wide", "same_strided"):
        src, shape, _ = MODELS[name]
        path = tmp_path / f"{name}.py"
        path.write_text(HEAD + src)
        argv = ["check", f"{path}::Net", "--input-shape", ",".join(map(str, shape))]
        outs = []
        for off in (None, "all"):
            if off:
                monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", off)
            main([*argv, "--format", "json"])
            outs.append(json.loads(capsys.readouterr().out)["findings"])
        monkeypatch.delenv("DRIFTCHECK_SPEED_OFF", raising=False)
        assert outs[0] == outs[1], name
    assert "DRIFTCHECK_SPEED_OFF" not in os.environ
