"""A statement the interpreter itself fails on (an internal error, not the analyzed code's
``raise``) may have stopped half-way through a loop that builds layers. Its count must then be
unknown with a note, never confidently short. The failure is injected into the real
interpreter (a function named ``boom`` fails on its first call), since any construct that
crashes it today is a bug to be fixed; torch builds the same code and gives the true count."""

from __future__ import annotations

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.interp import objmodel

torch = pytest.importorskip("torch")

SELF_LIST = """
import torch.nn as nn


def boom(n):
    return range(n)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(8, 8)])
        for i in boom(3):
            self.layers.append(nn.Linear(8, 8))


model = Net()
"""

LOCAL_LIST = """
import torch.nn as nn


def boom(n):
    return range(n)


def make(n):
    layers = [nn.Linear(8, 8)]
    for i in boom(n - 1):
        layers.append(nn.Linear(8, 8))
    return nn.Sequential(*layers)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = make(4)
        self.head = nn.Linear(8, 2)


model = Net()
"""


def _torch_count(src: str) -> int:
    ns: dict = {}
    exec(compile(src, "<case>", "exec"), ns)  # the test's own code, built in torch for the truth
    return sum(p.numel() for p in ns["model"].parameters())


@pytest.fixture
def boom_fails(monkeypatch):
    real = objmodel.Calls.call_func
    calls = {"n": 0}

    def call_func(self, f, args, kwargs):
        if getattr(f.node, "name", None) == "boom":
            calls["n"] += 1
            if calls["n"] == 1:
                raise RuntimeError("injected interpreter failure")
        return real(self, f, args, kwargs)

    monkeypatch.setattr(objmodel.Calls, "call_func", call_func)
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    return calls


@pytest.mark.parametrize("src", [SELF_LIST, LOCAL_LIST], ids=["self_list", "local_list"])
def test_a_loop_the_interpreter_failed_in_is_unknown_not_short(tmp_path, src, boom_fails):
    path = tmp_path / "net.py"
    path.write_text(src)
    g = parse_source(str(path))
    assert boom_fails["n"] >= 1  # the failure did happen
    # the loop header failed, so the loop's 3 layers were never built: 1 of torch's 4 counted
    assert g.params_total() is None
    assert any("not interpreted" in n for n in g.notes)
    assert _torch_count(src) in (4 * 72, 4 * 72 + 18)


@pytest.mark.parametrize("src", [SELF_LIST, LOCAL_LIST], ids=["self_list", "local_list"])
def test_without_a_failure_the_count_is_torchs(tmp_path, src, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    path = tmp_path / "net.py"
    path.write_text(src)
    assert parse_source(str(path)).params_total() == _torch_count(src)


HARMLESS = """
import torch.nn as nn


def log(i):
    return i


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList()
        for i in range(4):
            self.layers.append(nn.Linear(8, 8))
            log(i)


model = Net()
"""


def test_a_failed_statement_that_touches_no_module_keeps_the_count(tmp_path, monkeypatch):
    # ``log(i)`` fails on one round: it stores nothing and names no module, so the layers the
    # loop goes on to build are all counted, as torch counts them
    real = objmodel.Calls.call_func

    def call_func(self, f, args, kwargs):
        if getattr(f.node, "name", None) == "log" and args and args[0] == 2:
            raise RuntimeError("injected interpreter failure")
        return real(self, f, args, kwargs)

    monkeypatch.setattr(objmodel.Calls, "call_func", call_func)
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    path = tmp_path / "net.py"
    path.write_text(HARMLESS)
    g = parse_source(str(path))
    assert any("not interpreted" in n for n in g.notes)
    assert g.params_total() == _torch_count(HARMLESS) == 4 * 72
