"""Session 39 (wrongfix39): confident wrongs left by review38 (issue #16, "unknown stays
honest") and more of the same family found by probes. Each probe runs in torch (and in
pydantic / attrs where it uses them) and by driftcheck: driftcheck's count is torch's count,
or unknown where the brief allows it; never another number."""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.values.abstract import Unknown, UnknownState, called_of
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _count(tmp_path, code: str, device: str = "meta", files: dict | None = None):
    """(driftcheck's count, torch's count or the exception class name torch raised)."""
    for name, text in (files or {}).items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    got = parse_source(path).params_total()
    try:
        want = torch_count(path, root="model", device=device, sys_path=tmp_path if files else None)
    except Exception as e:  # torch (or the config library) raised: driftcheck must not count
        want = type(e).__name__
    return got, want


# ---- item 5 (review38 D4): the optimizer an unknown came from is data, not note text ----


def test_called_of_reads_the_marker_not_the_note():
    # the note text alone names no call: rewording a note cannot change a verdict
    assert called_of(Unknown("call of torch.optim.Adam"), "torch.optim.") is None
    assert (
        called_of(Unknown("reworded note", called="torch.optim.Adam"), "torch.optim.")
        == "torch.optim.Adam"
    )
    assert called_of(Unknown("x", called="torch.amp.GradScaler"), "torch.optim.") is None
    # only a plain Unknown: a subclass (a state read, a module) is another kind of value
    s = UnknownState("call of torch.optim.Adam")
    s.called = "torch.optim.Adam"
    assert called_of(s, "torch.optim.") is None


OPT_NET = """
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 4)
        self.opt = torch.optim.{opt}(self.parameters(), lr=0.1)

    def forward(self, x):
        h = self.fc(x)
        s = torch.optim.lr_scheduler.CyclicLR(self.opt, 0.01, 0.1)
        return h
"""


@pytest.mark.parametrize("opt", ["Adagrad", "SGD"])
@pytest.mark.parametrize("reword", [False, True])
def test_optimizer_rule_survives_a_reworded_note(tmp_path, capsys, monkeypatch, opt, reword):
    """CyclicLR on an Adagrad (no momentum) raises, on SGD it runs: the blocker follows torch,
    and rewording every unknown's note (the text ``call of torch.optim.Adagrad``) changes
    nothing, since the rule reads the structured ``called`` marker."""
    from tests.crash_rule_support import blockers, torch_crashes

    path = tmp_path / "net.py"
    path.write_text(OPT_NET.format(opt=opt))
    crashes = torch_crashes(path, (4, 6), "float")
    assert crashes is (opt == "Adagrad")
    if reword:
        init = Unknown.__init__

        def reworded(self, why="", called=None):
            init(self, f"(reworded) {why}", called)

        monkeypatch.setattr(Unknown, "__init__", reworded)
    assert bool(blockers(path, (4, 6), capsys)) is crashes
