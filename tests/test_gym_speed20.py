"""Session 20's fixed-cost cuts change no grade.

- ``state.SHARE_START``: the grade's edited copy shares the start's component dicts and copies
  one only before an action edits its params. Grades are identical with it off, and no plan
  (edits in place included: ``update_params``, ``scale_params``, renames, deletions) leaves a
  task's start changed.
- ``state.INPUT_MEMO``: an input component's node params remembered by its type, params and
  the arch's input shape and dtype. Typed graphs are identical (``model_dump`` and every
  node's fields-set) with it off, warm or cold, over every task's graphs and inputs written
  in odd ways (a ``-0.0``, a bool or float in a shape, a tuple, nested lists, a dtype).
"""

from __future__ import annotations

import copy
import importlib
from pathlib import Path

import gym_support  # noqa: F401 - puts this tree's gym/ on the path
import pytest

from driftcheck.speed import Speed, Stores, use

G = importlib.import_module("driftcheck_gym")
GR = importlib.import_module("driftcheck_gym.grade")
ST = importlib.import_module("driftcheck_gym.state")
pytestmark = pytest.mark.skipif(
    gym_support.ROOT not in Path(ST.__file__).resolve().parents,
    reason="driftcheck_gym was imported from another checkout (a worktree run)",
)


def _tasks() -> list:
    """The curated tasks and two tasks of every family of every split (as the calibration
    tests sample them)."""
    from tests.test_gym_calibration import TASKS

    return TASKS


def _edits(t) -> list[list]:
    """Plans that edit the start in place: params updated, set to null, scaled, a component
    renamed then edited, deleted, and a refused scale (an int past 64 bits) after an update.
    No name pattern: a pattern's match is time-bounded (``state._Pattern``), and on a loaded
    machine a refusal by time would differ between two runs."""
    comps = list(t.start_arch().components)
    if not comps:
        return []
    a, z = comps[0], comps[-1]
    return [
        [{"type": "update_params", "name": a, "params": {"width": 3, "bias": None}}],
        [{"type": "update_params", "name": z, "params": {"outFeatures": 7}}],
        [{"type": "scale_params", "paramKey": "outFeatures", "factor": 2}],
        [{"type": "scale_params", "paramKey": "outChannels", "factor": 0.5}],
        [
            {"type": "rename_component", "name": a, "newName": "renamed"},
            {"type": "update_params", "name": "renamed", "params": {"x": [1, 2]}},
        ],
        [{"type": "delete_component", "name": z}, {"type": "update_params", "name": a}],
        [
            {"type": "update_params", "name": z, "params": {"outFeatures": 2**62}},
            {"type": "scale_params", "paramKey": "outFeatures", "factor": 1000},
        ],
        [{"type": "update_config", "params": {"num_key_value_heads": 1}}],
    ]


def _grades(cases: list, monkeypatch, **flags) -> list[dict]:
    for name, v in flags.items():
        monkeypatch.setattr(ST, name, v)
    monkeypatch.setattr(GR, "MEMO", False)
    monkeypatch.setattr(GR, "ANALYSES", False)
    with use(Speed(stores=Stores())):
        return [G.grade(t, plan).to_dict() for t, plan in cases]


def test_a_shared_start_gives_identical_grades_and_stays_untouched(monkeypatch):
    from tests.test_gym_calibration import CASES

    tasks = _tasks()
    cases = [(t, p) for t in tasks for p in (t.reference_plan, [], t.reference_plan[:1])]
    cases += [(t, p) for t in tasks for p in _edits(t)]
    cases += [(t, p(t)) for p, t in CASES]
    before = {id(t): copy.deepcopy(t.start_arch()) for t in tasks}
    shared = _grades(cases, monkeypatch, SHARE_START=True)
    for t in tasks:  # no plan edited a start (the grade's copy shared its dicts)
        assert t.start_arch() == before[id(t)], t.id
    copied = _grades(cases, monkeypatch, SHARE_START=False)
    assert shared == copied
    assert len(cases) > 300
    # the in-place edits ran: some were applied (not all refused)
    edits = [r for (t, p), r in zip(cases, shared) if p and p[0]["type"] == "update_params"]
    assert sum(r["applied"] > 0 for r in edits) > 20


def test_a_shared_start_is_copied_before_an_edit():
    """``apply(share=True)``: untouched components are the start's dicts; an edited one is
    the arch's own (``_owned``), equal to what ``Arch.copy`` gives."""
    t = next(t for t in _tasks() if not t.config_task and len(t.start_arch().components) > 2)
    start = t.start_arch()
    a, b = list(start.components)[:2]
    plan = [{"type": "update_params", "name": a, "params": {"width": 5}}]
    with use(Speed(stores=Stores())):
        got = ST.apply(start, plan, share=True).arch
        want = ST.apply(start, plan).arch
    assert got == want
    assert got.components[b] is start.components[b]
    assert got.components[a] is not start.components[a]
    assert "width" not in start.components[a]["params"]


def _inputs() -> list:
    """Arches whose input is written in ways the memo keeps apart or refuses to key."""
    out = []
    for shape in ([1, 64], [1, 64.0], [1, True], (1, 64), [[1], 64], [1, -0.0], None, []):
        for arch_shape in (None, [1, 64], [2, 64], (1, 64)):
            for dtype in (None, "int64", 3):
                params = {} if shape is None else {"shape": shape}
                if dtype == "int64":
                    params["dtype"] = dtype
                arch = ST.Arch(
                    {
                        "input": {"type": "input", "params": params},
                        "fc": {"type": "linear", "params": {"inFeatures": 64, "outFeatures": 8}},
                        "out": {"type": "output", "params": {}},
                    },
                    [("input", "fc"), ("fc", "out")],
                    input_shape=arch_shape,
                    input_dtype=dtype if dtype != "int64" else None,
                )
                out.append(arch)
    return out


@pytest.mark.parametrize("rounds", [1, 2])
def test_the_input_memo_gives_identical_graphs(monkeypatch, rounds):
    from driftcheck_gym.state import apply, to_graph

    archs = _inputs()
    for t in _tasks():
        if not t.config_task:
            archs.append(apply(t.start_arch(), t.reference_plan, repair=t.kind == "repair").arch)

    def graphs(on: bool) -> list:
        monkeypatch.setattr(ST, "INPUT_MEMO", None if on else False)
        out = []
        with use(Speed(stores=Stores())):
            for _ in range(rounds):  # the second round: served from the memo
                for a in archs:
                    try:
                        g = to_graph(a, "x")
                    except Exception as e:  # noqa: BLE001 - the same refusal either way
                        out.append(repr(e))
                        continue
                    out.append((g.model_dump(), [sorted(n.model_fields_set) for n in g.nodes]))
            if on and rounds == 2:
                kept = [k for k in current_nodes() if k[0] == "input"]
                assert kept  # the memo answered
        return out

    def current_nodes():
        from driftcheck.speed import current

        return current().stores.gym_nodes

    assert graphs(True) == graphs(False)


def test_the_input_memo_hands_out_fresh_params():
    """A hit copies the params and their shape list: a graph's input is its own."""
    from driftcheck_gym.state import to_graph

    arch = _inputs()[0]
    with use(Speed(stores=Stores())):
        gs = [to_graph(arch, "a"), to_graph(arch, "b"), to_graph(arch, "c")]  # a miss, 2 hits
    n1, n2, n3 = (next(n for n in g.nodes if n.type == "Input") for g in gs)
    assert n1.params == n2.params == n3.params == {"shape": [1, 64]}
    assert n2.params is not n3.params and n2.params["shape"] is not n3.params["shape"]
