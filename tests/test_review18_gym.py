"""Review of session 20's ``state.SHARE_START`` (review18): the shared copy's cost.

``apply(share=True)`` found whether a component was still the start's by scanning every
start component per edit, so a plan of ``scale_params`` over a large start took about 17
times the plain copy's time (6 s against 0.35 s for 512 components and 256 actions, the
bounds the action models allow; measured at 8b06904): a fast path slower than the slow one on a hostile plan.
It now looks the dict up in a set of ids. Same result as ``Arch.copy``, start untouched.
"""

from __future__ import annotations

import copy
import importlib
import time
from pathlib import Path

import gym_support  # noqa: F401 - puts this tree's gym/ on the path
import pytest

from driftcheck.speed import Speed, Stores, use

ST = importlib.import_module("driftcheck_gym.state")
pytestmark = pytest.mark.skipif(
    gym_support.ROOT not in Path(ST.__file__).resolve().parents,
    reason="driftcheck_gym was imported from another checkout (a worktree run)",
)


def _start(n: int):
    comps = {
        f"l{i}": {"type": "linear", "params": {"inFeatures": 8, "outFeatures": 8}} for i in range(n)
    }
    return ST.Arch(comps, [(f"l{i}", f"l{i + 1}") for i in range(n - 1)])


def _timed(start, plan, share: bool) -> tuple[float, object]:
    with use(Speed(stores=Stores())):
        t = time.perf_counter()
        got = ST.apply(start, plan, share=share)
        return time.perf_counter() - t, got


def test_scale_params_on_a_large_start_costs_no_more_shared():
    start = _start(512)
    before = copy.deepcopy(start)
    plan = [{"type": "scale_params", "param_key": "inFeatures", "factor": 1.0}] * 64
    plan += [{"type": "rename_component", "name": "l0", "new_name": "first"}]
    plan += [{"type": "update_params", "name": "first", "params": {"inFeatures": 4}}]
    plan += [{"type": "update_params", "name": "l1", "params": {"outFeatures": 4}}]
    t_copy, want = _timed(start, plan, share=False)
    t_shared, got = _timed(start, plan, share=True)
    assert got.arch == want.arch and got.applied == want.applied == len(plan)
    assert start == before  # the start is never edited
    # the shared copy does less work than the full one (measured: a third of its time; four
    # times it before, a scan of the start per edit)
    assert t_shared < 1.5 * t_copy + 0.05, (t_shared, t_copy)


def test_a_start_dict_under_two_names_is_copied_for_each():
    """Two names holding one dict (the start's own sharing): an edit under either copies it,
    so the other keeps the start's values, as ``Arch.copy`` gives."""
    start = _start(2)
    start.components["l1"] = start.components["l0"]
    plan = [{"type": "update_params", "name": "l0", "params": {"inFeatures": 3}}]
    _, got = _timed(start, plan, share=True)
    _, want = _timed(start, plan, share=False)
    assert got.arch == want.arch
    assert got.arch.components["l1"]["params"]["inFeatures"] == 8
    assert start.components["l0"]["params"]["inFeatures"] == 8
