"""A structure's skeleton (``Speed.verify_template``, graph/skeleton.py) changes no report and
no grade.

With the switch on, a ``Prepared`` asked for its skeleton (the gym asks) copies the tables its
structure decides (nodes by type, producers, consumers, degrees, the structure key's memo, the
layer ids, the in-degrees per type, the path's types in the gym) from the first graph of that
structure instead of deriving them again. Each use is checked (the same ids and types in order,
the same edge objects, equal parents, and for the structure key the rest of what it reads), so
with the switch off (``DRIFTCHECK_SPEED_OFF=verify_template``) every report and grade must be
the same: this file runs every verifier equivalence case (tests/verifier_cases.py) through a
``Context`` that asks for a skeleton, fresh, again on the same graph (a hit), and on a copy
with new node objects and the same edges (a hit on other nodes); and the gym's plans (every
component family of every split: reference, empty, partial, other tasks' references, widths
as 2 / 2.0 / True, the adversarial suite, and a generated train split), both ways, in fresh
stores and in warm ones.
"""

from __future__ import annotations

import importlib

import gym_support  # noqa: F401 - puts this tree's gym/ on the path
import pytest

from driftcheck.speed import Speed, Stores, use
from driftcheck.verifier import verify
from driftcheck.verifier.context import Context
from tests.verifier_cases import cases


def _twin(g):
    """``g`` with new node objects of equal content and the very same edge objects (what a
    gym plan of the same structure gives the verifier), its cached index dropped."""
    nodes = [n.model_copy(deep=True) for n in g.nodes]
    twin = g.model_copy(update={"nodes": nodes})
    priv = getattr(twin, "__pydantic_private__", None)
    if priv:
        for k in priv:
            priv[k] = 0 if k == "_kids_n" else None
    assert twin.edges is g.edges or all(a is b for a, b in zip(twin.edges, g.edges))
    return twin


def _reports(all_cases, sp: Speed, twin: bool = False) -> list:
    out = []
    with use(sp):
        for _, g, opts in all_cases:
            if twin:
                g = _twin(g)
            ctx = Context(g, opts, skeleton=True)
            out.append(verify(g, opts, context=ctx).model_dump(mode="json"))
    return out


def test_skeletons_off_give_identical_reports():
    all_cases = list(cases())
    assert len(all_cases) >= 1500
    off = [
        verify(g, opts, speed=Speed(stores=Stores())).model_dump(mode="json")
        for _, g, opts in all_cases
    ]
    on = Speed(stores=Stores())
    assert _reports(all_cases, on) == off  # each structure's first graph: skeletons kept
    assert on.stores.skeletons  # kept
    assert _reports(all_cases, on) == off  # the same graphs again: skeleton hits
    assert _reports(all_cases, on, twin=True) == off  # new nodes, same edges: hits
    plain = Speed(stores=Stores()).without("verify_template")
    assert _reports(all_cases, plain) == off
    assert not plain.stores.skeletons


def test_a_skeleton_is_used_only_for_its_structure():
    """Same ids, types and edges but other parents: not the skeleton's graph (derived
    again); and a hit's tables are those the graph itself derives."""
    from driftcheck.graph.model import Edge, Graph, Node
    from driftcheck.graph.prepared import Prepared

    edges = [Edge(src="a", dst="b"), Edge(src="b", dst="c")]

    def graph(parent=None):
        return Graph(
            nodes=[
                Node(id="a", type="Input", params={"shape": [1, 4]}),
                Node(id="b", type="Linear", params={"in_features": 4, "out_features": 3}),
                Node(id="c", type="ReLU", parent=parent),
            ],
            edges=edges,
            outputs=["c"],
        )

    sp = Speed(stores=Stores())
    first = Prepared(graph(), sp, skeleton=True)
    assert first.skeleton is not None
    hit = Prepared(graph(), sp, skeleton=True)
    assert hit.skeleton is first.skeleton
    other = Prepared(graph(parent="b"), sp, skeleton=True)
    assert other.skeleton is not first.skeleton  # parents differ: derived, a new skeleton
    fresh = Edge(src="a", dst="b"), Edge(src="b", dst="c")
    g = graph()
    g.edges = list(fresh)
    assert Prepared(g, sp, skeleton=True).skeleton is not other.skeleton  # other edge objects
    plain = Prepared(graph(), sp.without("verify_template"), skeleton=True)
    assert plain.skeleton is None
    for name in ("srcs", "dsts", "n_edges", "indegree", "outdegree", "sources", "forward"):
        assert getattr(hit, name) == getattr(plain, name), name
    assert {t: [n.id for n in ns] for t, ns in hit.by_type.items()} == {
        t: [n.id for n in ns] for t, ns in plain.by_type.items()
    }


def test_the_switch_is_read_from_the_environment():
    assert Speed.from_env({}).verify_template
    assert not Speed.from_env({"DRIFTCHECK_SPEED_OFF": "verify_template"}).verify_template
    assert not Speed.from_env({"DRIFTCHECK_SPEED_OFF": "all"}).verify_template


@pytest.fixture(scope="module")
def gym_cases():
    from driftcheck_gym.generate import generate_tasks

    from tests.test_gym_calibration import _shared_cases

    plans = _shared_cases()
    plans += [(t, t.reference_plan) for t in generate_tasks("train", 3, 1200) if not t.config_task]
    return plans


def test_skeletons_off_give_identical_grades(gym_cases, monkeypatch):
    """Whole grade payloads with ``verify_template`` on and off, grade memos and shared
    analyses off so every plan builds its graph and runs the verifier."""
    import driftcheck_gym as G

    gr = importlib.import_module("driftcheck_gym.grade")
    monkeypatch.setattr(gr, "MEMO", False)
    monkeypatch.setattr(gr, "ANALYSES", False)
    assert len(gym_cases) > 3000

    def run(sp: Speed) -> list:
        with use(sp):
            return [G.grade(t, plan).to_dict() for t, plan in gym_cases]

    on = Speed(stores=Stores())
    kept = run(on)
    assert on.stores.skeletons and on.stores.gym_on
    plain = run(Speed(stores=Stores()).without("verify_template"))
    assert kept == plain
    assert run(on) == plain  # warm stores: every structure's skeleton a hit
    assert run(on.without("verify_template")) == plain  # off in the warm stores


def test_a_hit_copies_the_tables_the_graph_derives():
    """On every equivalence case (again, and on a twin with new nodes and the same edges), the
    tables a skeleton hit copies equal those the graph derives itself: whether or not a report
    reads them on that case."""
    sp = Speed(stores=Stores())
    plain = sp.without("verify_template")
    names = ("srcs", "dsts", "n_edges", "indegree", "outdegree", "sources", "shared_index")
    names += ("forward",)
    hits = 0
    for _, g, opts in cases():
        Context(g, opts, sp, skeleton=True)  # keeps the skeleton
        for graph in (g, _twin(g)):
            got = Context(graph, opts, sp, skeleton=True)
            want = Context(graph, opts, plain, skeleton=True)
            if got.prep.skeleton is None:
                continue
            hits += 1
            for name in names:
                assert getattr(got.prep, name) == getattr(want.prep, name), name
            assert {t: [id(n) for n in ns] for t, ns in got.by_type.items()} == {
                t: [id(n) for n in ns] for t, ns in want.by_type.items()
            }
            assert got.layer_ids == want.layer_ids
            assert got.in_degrees() == want.in_degrees()
            again = Context(graph, opts, sp, skeleton=True)  # layer ids, in-degrees kept now
            assert again.layer_ids == want.layer_ids
            assert again.in_degrees() == want.in_degrees()
    assert hits > 1000
