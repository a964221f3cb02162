"""Session 19's fixed-cost cuts change no result.

- ``actions._VALIDATE``: the action adapter's core validator called directly (no Python
  wrapper forwarding its defaults) validates and refuses exactly as ``TypeAdapter`` does: the
  same models, the same one-line reasons, over every action of the shared gym cases and a set
  of malformed ones.
- ``grade.FREEZE_COLLECT``: the collection before the heap is frozen is of the young
  generations only; the grades are the same with a full one.
"""

from __future__ import annotations

import importlib

import gym_support  # noqa: F401 - puts this tree's gym/ on the path
import pytest

from driftcheck.speed import Speed, Stores, use

BAD_ACTIONS = [
    {"type": "add_component"},
    {"type": "add_component", "componentType": 3, "name": "x"},
    {"type": "add_component", "componentType": "linear", "params": "wide"},
    {"type": "add_component", "componentType": "linear", "params": {"a": 1}, "after": 7},
    {"type": "add_connection", "from": "a"},
    {"type": "add_connection", "from": ["a"], "to": "b"},
    {"type": "update_params", "name": "x", "params": []},
    {"type": "scale_params", "paramKey": "width", "factor": "2"},
    {"type": "rename_component", "name": "x"},
    {"type": "replace_model", "components": [{"name": "a"}], "connections": "none"},
    {"type": "delete_component", "name": None},
    {"type": "add_component", "componentType": "linear", "bogus": 1},
]


def _actions() -> list:
    from tests.test_gym_calibration import _shared_cases

    out = [a for _, plan in _shared_cases() for a in plan]
    return out + BAD_ACTIONS


def _dump(res: tuple) -> tuple:
    model, why = res
    return (None if model is None else (type(model).__name__, model.model_dump()), why)


def test_the_direct_validator_agrees_with_the_adapter(monkeypatch):
    A = importlib.import_module("driftcheck_gym.actions")
    assert A._VALIDATE is not A._ADAPTER.validate_python  # the direct path is the one in use
    acts = _actions()
    assert len(acts) > 5000
    fast = [_dump(A.validate_action(a)) for a in acts]
    monkeypatch.setattr(A, "_VALIDATE", A._ADAPTER.validate_python)
    slow = [_dump(A.validate_action(a)) for a in acts]
    assert fast == slow
    assert sum(m is None for m, _ in fast) >= len(BAD_ACTIONS)  # the refusals were compared


@pytest.mark.parametrize("generation", [2, 1])
def test_the_freeze_collects_the_young_generations_only(monkeypatch, generation):
    """The collection before the freeze is of ``FREEZE_COLLECT`` (1: the young generations),
    once; a full one (2, as before) gives the same grades."""
    import gc

    G, grade = (importlib.import_module(f"driftcheck_gym{m}") for m in ("", ".grade"))
    assert grade.FREEZE_COLLECT == 1
    seen: list = []
    monkeypatch.setattr(gc, "freeze", lambda: seen.append("freeze"))
    monkeypatch.setattr(gc, "collect", lambda *a: seen.append(("collect", *a)) or 0)
    monkeypatch.setattr(grade, "FREEZE_AFTER", 2)
    monkeypatch.setattr(grade, "FREEZE_COLLECT", generation)
    monkeypatch.setattr(grade, "MEMO", False)
    monkeypatch.setattr(grade, "_graded", 0)
    monkeypatch.delenv("DRIFTCHECK_SPEED_OFF", raising=False)
    task = next(t for t in G.curated_tasks() if not t.config_task)
    with use(Speed(stores=Stores())):
        got = [G.grade(task, task.reference_plan).to_dict() for _ in range(4)]
    assert got == [got[0]] * 4
    assert seen == [("collect", generation), "freeze"]


# ---------------------------------------------------------------------------- cost.FLAT_PATH
def _costs(graphs: list, sp: Speed, flat: bool, monkeypatch) -> tuple[list, int]:
    """Each graph's ``estimate`` with ``cost.FLAT_PATH`` as given (the shapes inferred in the
    same stores), as comparable values (the per-layer MACs' order included), and how many
    the flat path answered."""
    from driftcheck.graph import cost

    taken = [0]
    flat_fn = cost._estimate_flat

    def counted(*a, **kw):
        got = flat_fn(*a, **kw)
        taken[0] += got is not None
        return got

    monkeypatch.setattr(cost, "FLAT_PATH", flat)
    monkeypatch.setattr(cost, "_estimate_flat", counted)
    out = []
    with use(sp):
        for g, opts in graphs:
            from driftcheck.verifier.context import Context

            ctx = Context(g, opts, skeleton=True)
            c = ctx.cost
            out.append((repr(c), list(c.per_layer_macs.items()), c.params, c.macs))
    return out, taken[0]


def test_the_flat_estimate_gives_the_general_paths_costs(monkeypatch):
    """``cost.FLAT_PATH`` on every verifier equivalence case and every never-seen gym graph
    of a generated split, in fresh stores (memos cold: the general path answers and fills
    them) and warm ones (the flat path answers): the same ``Cost`` as with it off, field by
    field and in the per-layer order."""
    from driftcheck_gym.generate import generate_tasks
    from driftcheck_gym.state import apply, to_graph

    from tests.verifier_cases import cases

    graphs = [(g, opts) for _, g, opts in cases()]
    for t in generate_tasks("train", 4, 400):
        if not t.config_task:
            arch = apply(t.start_arch(), t.reference_plan, repair=t.kind == "repair").arch
            graphs.append((to_graph(arch, t.id), None))
    assert len(graphs) > 1800
    plain, none = _costs(graphs, Speed(stores=Stores()), False, monkeypatch)
    assert none == 0
    sp = Speed(stores=Stores())
    cold, _ = _costs(graphs, sp, True, monkeypatch)
    warm, taken = _costs(graphs, sp, True, monkeypatch)
    assert cold == plain and warm == plain
    assert taken > 500  # the flat path answered these (the gym's graphs among them)


def test_the_flat_estimate_follows_verify_lean(monkeypatch):
    from driftcheck.graph import cost

    monkeypatch.setattr(cost, "FLAT_PATH", None)
    calls = []
    monkeypatch.setattr(cost, "_estimate_flat", lambda *a: calls.append(1))
    G = importlib.import_module("driftcheck_gym")
    task = next(t for t in G.curated_tasks() if not t.config_task)
    from driftcheck_gym.state import apply, to_graph

    g = to_graph(apply(task.start_arch(), task.reference_plan).arch, task.id)
    for sp, n in ((Speed(stores=Stores()).without("verify_lean"), 0), (Speed(stores=Stores()), 1)):
        calls.clear()
        cost.estimate(g, speed=sp)
        assert len(calls) == n
