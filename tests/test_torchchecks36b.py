"""Session 36 (torchchecks36b): torch's argument checks (``driftcheck/data/torch_checks.json``)
on constructions the source interpreter runs in ``__init__`` (``interp/torchchecks_init.py``).

Every case is built in real torch: a construction that raises there is an IMP004 blocker with
torch's exception type and message at the call's line; its clean twin is not; unknown values,
a ``try`` around the call or ``DRIFTCHECK_NO_TORCH_CHECKS=1`` give no verdict from the table.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
torch = pytest.importorskip("torch")

CASE = """
import torch
import torch.nn as nn
from torch.optim.lr_scheduler import StepLR
from torch.optim.swa_utils import SWALR


class Net(nn.Module):
    def __init__(self, width={width}):
        super().__init__()
        self.body = nn.Linear(8, width)
        self.attn = nn.MultiheadAttention(width, {heads})
        self.drop = nn.Dropout({p})
        self.rnn = nn.LSTM(8, {hidden}, proj_size={proj})
        self.emb = nn.Embedding(10, 4, padding_idx={pad})
        self.opt = torch.optim.SGD(self.body.parameters(), lr={lr}, momentum={mom})
        self.sched = StepLR(self.opt, step_size={step})
        self.swa = SWALR(self.opt, swa_lr=0.05, anneal_strategy={strategy!r})

    def forward(self, x):
        return self.drop(self.body(x))
"""

CLEAN = {
    "width": 8, "heads": 2, "p": 0.1, "hidden": 8, "proj": 0, "pad": 0, "lr": 0.1, "mom": 0.0,
    "step": 3, "strategy": "cos",
}  # fmt: skip
LINE = {  # the line of each construction in CASE (after the blank first line is dropped)
    "heads": 11, "p": 12, "proj": 13, "hidden": 13, "pad": 14, "lr": 15, "mom": 15, "step": 16,
    "strategy": 17,
}  # fmt: skip


def _src(**kw: Any) -> str:
    return textwrap.dedent(CASE).lstrip("\n").format(**{**CLEAN, **kw})


def _blockers(tmp_path: Path, src: str, env: dict | None = None) -> list[dict]:
    p = tmp_path / "case.py"
    p.write_text(src)
    r = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", f"{p}::Net", "--format", "json"],
        capture_output=True, text=True, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )  # fmt: skip
    got = json.loads(r.stdout)["findings"]
    return [f for f in got if f["severity"] == "blocker"]


def _torch_raises(tmp_path: Path, src: str) -> BaseException | None:
    ns: dict = {}
    exec(compile(src, str(tmp_path / "case.py"), "exec"), ns)  # noqa: S102
    try:
        ns["Net"]()
    except Exception as ex:  # noqa: BLE001
        return ex
    return None


@pytest.mark.parametrize(
    "kw",
    [
        {},
        {"heads": 3},
        {"p": 1.5},
        {"hidden": 8, "proj": 8},
        {"pad": 12},
        {"lr": -0.5},
        {"mom": -1.0},
        {"step": 0},
        {"strategy": "cosine"},
    ],
    ids=lambda kw: "-".join(f"{k}={v}" for k, v in kw.items()) or "clean",
)
def test_init_construction_agrees_with_torch(tmp_path: Path, kw: dict) -> None:
    src = _src(**kw)
    truth = _torch_raises(tmp_path, src)
    found = _blockers(tmp_path, src)
    if truth is None:
        assert found == []
        return
    assert found, f"torch raises {type(truth).__name__}: {truth}"
    # one finding for the construction: the catalogue's (ATT001, LAY001, LAY006) where it
    # reads it, else the table's IMP004 with torch's type and message (session 37)
    assert len(found) == 1, found
    f = found[0]
    if f["check_id"] == "IMP004":
        assert f["values"]["exception"] == type(truth).__name__
        assert str(truth).split("\n")[0][:40] in f["message"], (f["message"], str(truth))
    assert f["locations"][0]["line"] == LINE[next(iter(kw))]
    off = _blockers(tmp_path, src, {"DRIFTCHECK_NO_TORCH_CHECKS": "1"})
    assert not any("raises in torch" in x["message"] for x in off)


def test_unknown_or_guarded_gives_no_verdict(tmp_path: Path) -> None:
    """A value not known exactly, or a call inside ``try``, is not judged (torch raises in
    both sources below: the verdict is only withheld)."""
    src = _src(p="1.5 if len(__import__('sys').argv) > 0 else 0.1")
    assert isinstance(_torch_raises(tmp_path, src), ValueError)
    assert not any("raises in torch" in x["message"] for x in _blockers(tmp_path, src))
    guarded = _src().replace(
        "        self.drop = nn.Dropout(0.1)\n",
        "        try:\n            self.drop = nn.Dropout(1.5)\n"
        "        except ValueError:\n            self.drop = nn.Dropout(0.1)\n",
    )
    assert guarded != _src()
    assert _torch_raises(tmp_path, guarded) is None
    # the table's verdict only (the catalogue's LAY001 reads the try body's Dropout(1.5): a
    # known false blocker of the catalogue, not of the table; see reports37/torchchecks37.md)
    assert not any("raises in torch" in x["message"] for x in _blockers(tmp_path, guarded))


REPEATED = """
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, proj):
        super().__init__()
        self.rnn = nn.LSTM(8, 8, proj_size=proj)

    def forward(self, x):
        return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Block(0)
        self.b = Block(0)
        self.c = Block(8)

    def forward(self, x):
        return self.c(self.b(self.a(x)))
"""


def test_repeated_blocks_speed_on_and_off(tmp_path: Path) -> None:
    """A block built again with other values is judged again (a memo's replay of the first
    one would skip the check): the same verdict with the speed layer on and off."""
    src = textwrap.dedent(REPEATED).lstrip("\n")
    assert isinstance(_torch_raises(tmp_path, src), ValueError)
    on = _blockers(tmp_path, src)
    off = _blockers(tmp_path, src, {"DRIFTCHECK_SPEED_OFF": "all", "DRIFTCHECK_NO_CACHE": "1"})
    assert [f["message"] for f in on] == [f["message"] for f in off]
    assert len(on) == 1 and on[0]["locations"][0]["line"] == 7
    assert on[0]["check_id"] == "IMP004"
    assert "proj_size has to be smaller than hidden_size" in on[0]["message"]
