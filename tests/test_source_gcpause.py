"""The parser pauses cyclic garbage collection while it runs (``parsers/source/speed/gcpause.py``).

The collector must be on again after every analysis (also one that fails), stay off when the
caller had turned it off, and the cycles an analysis leaves must be freed right after it.
"""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

from driftcheck.errors import DriftcheckError
from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.speed.gcpause import cycle_gc_paused

MODEL = """
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)
"""


def test_collector_back_on_after_parse(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text(MODEL)
    assert gc.isenabled()
    g = parse_source(f)
    assert g.params_total() == 4 * 2 + 2
    assert gc.isenabled()


def test_collector_back_on_after_failure(tmp_path: Path) -> None:
    f = tmp_path / "bad.py"
    f.write_text("class Net(nn.Module:\n    pass\n")
    with pytest.raises(DriftcheckError):
        parse_source(f)
    assert gc.isenabled()


def test_collector_stays_off_when_caller_turned_it_off(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text(MODEL)
    gc.disable()
    try:
        parse_source(f)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_pause_is_off_inside_and_nests() -> None:
    with cycle_gc_paused():
        assert not gc.isenabled()
        with cycle_gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer pause still holds
    assert gc.isenabled()


def test_cycles_left_by_the_body_are_freed_after() -> None:
    class Box:
        pass

    with cycle_gc_paused():
        a, b = Box(), Box()
        a.other, b.other = b, a  # a reference cycle: only the collector frees it
        ref = weakref.ref(a)
        del a, b
        assert ref() is not None  # nothing collects while paused
    assert ref() is None


def _interps() -> int:
    from driftcheck.parsers.source.library.machine import Interp

    return sum(isinstance(o, Interp) for o in gc.get_objects())


def test_the_interpreter_is_freed_without_the_collector(tmp_path: Path) -> None:
    # Interp and its parts refer to each other while the analysis runs; ``Interp.close`` ends
    # that when it is over, so reference counting frees the interpreter (and all it holds) as
    # soon as the analysis drops it: no cycle is left to the collector
    from driftcheck.speed import Speed

    f = tmp_path / "m.py"
    f.write_text(MODEL)
    gc.collect()
    before = _interps()
    gc.disable()
    try:
        g = parse_source(f, speed=Speed.from_env().without("gc_pause", "result_cache"))
        assert g.params_total() == 4 * 2 + 2
        assert _interps() == before
    finally:
        gc.enable()
