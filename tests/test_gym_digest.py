"""The gym's fast paths change no grade: a digest of every grade's payload over a fixed, seeded
set of never-seen plans (``benchmarks/bench_gym_ab.py``: each generated component task's
reference plan, the empty plan and half its reference plan) is the same with every fast path
on (cold memos, then warm), with all of them off (``Speed.all_off``) and with each one off
alone (``bench_gym_ab.FAST_PATHS``)."""

from __future__ import annotations

import sys

import gym_support  # noqa: F401 - puts gym/ on the path
import pytest

from driftcheck.speed import Speed, Stores, current

sys.path.insert(0, str(gym_support.ROOT / "benchmarks"))
import bench_gym_ab as AB  # noqa: E402


@pytest.fixture(scope="module")
def pairs():
    out = AB.plan_set(seed=3, count=48)
    assert len(out) >= 90 and len({t.family for t, _ in out}) >= 10
    return out


def test_the_grade_digest_is_the_same_with_the_fast_paths_off(pairs):
    cold = AB.digest(pairs, Speed(stores=Stores()))  # every memo starts empty
    on = current()
    warm = AB.digest(pairs, on)
    assert AB.digest(pairs, on) == warm == cold  # warm memos, the structures' run lists kept
    assert AB.digest(pairs, Speed.all_off()) == warm
    for name in AB.FAST_PATHS:
        assert name in Speed.names(), name
        assert AB.digest(pairs, on.without(name)) == warm, name


def test_the_digest_sees_a_changed_grade(pairs):
    """The digest is not blind: one plan graded differently changes it."""
    a = AB.digest(pairs[:6])
    t, p = pairs[0]
    b = AB.digest([(t, p[:-1]), *pairs[1:6]])
    assert a != b


def _archs(pairs):
    from driftcheck_gym.state import apply

    return [apply(t.start_arch(), p, repair=t.kind == "repair").arch for t, p in pairs]


def test_ends_and_path_memo_answers_as_the_walk(pairs):
    """``Arch.ends_and_path`` (memo by names, types and wiring) gives what ``ends`` and
    ``on_path`` compute, on a miss and on a hit, and falls back where a name, a type or a
    connection is not exact text."""
    from driftcheck_gym.state import Arch

    sp = Speed(stores=Stores())
    archs = _archs(pairs)
    for _ in range(2):  # cold, then every key remembered
        for a in archs:
            ends = a.ends()
            assert a.ends_and_path(sp) == (ends, a.on_path(ends))
    assert sp.stores.gym_paths
    odd = Arch(
        {"x": {"type": "Input", "params": {}}, "o": {"type": 7, "params": {}}},
        [("x", "o")],
    )
    assert odd.wiring_key() is None
    assert odd.ends_and_path(sp) == (odd.ends(), odd.on_path(odd.ends()))
    listed = Arch({"x": {"type": "Input", "params": {}}}, [["x", "x"]])
    assert listed.wiring_key() is None


def test_wiring_memo_builds_the_same_graph(pairs):
    """``to_graph`` with its edges remembered by wiring (``WIRING_MEMO``) and its nodes'
    translations by content (``NODE_MEMO``) gives the same typed graph as building them, on a
    miss and on a hit."""
    from driftcheck_gym import state

    from driftcheck.speed import use

    archs = _archs(pairs)
    sp = Speed(stores=Stores())
    try:
        state.WIRING_MEMO = state.NODE_MEMO = False
        with use(sp):
            plain = [state.to_graph(a, "t").model_dump() for a in archs]
        state.WIRING_MEMO = state.NODE_MEMO = True
        with use(sp):
            for _ in range(2):
                got = [state.to_graph(a, "t") for a in archs]
                assert [g.model_dump() for g in got] == plain
                assert [n.model_fields_set for g in got for n in g.nodes] == [
                    {"id", "type", "name", "params"} for g in got for _ in g.nodes
                ]
        assert sp.stores.gym_wiring and sp.stores.gym_nodes
    finally:
        state.WIRING_MEMO = state.NODE_MEMO = None


def test_counted_degrees_are_counters():
    from collections import Counter

    from driftcheck.graph.prepared import _counted

    for xs in ([], ["a"], ["a", "b", "a", "c", "a"]):
        c = _counted(xs)
        assert type(c) is Counter and c == Counter(xs) and list(c) == list(Counter(xs))
        assert c["missing"] == 0


def test_node_memo_keeps_the_sign_of_a_zero():
    """``0.0 == -0.0`` (and they hash alike), so a node memo keyed by values alone handed a plan
    writing ``-0.0`` the node of an earlier ``0.0``; with the memo on, each keeps its own."""
    import math

    from driftcheck_gym import state

    from driftcheck.speed import use

    def arch(p: float) -> state.Arch:
        return state.Arch.from_data(
            {
                "components": [
                    {"name": "x", "type": "input", "params": {"shape": [4, 8]}},
                    {"name": "d", "type": "dropout", "params": {"p": p}},
                    {"name": "y", "type": "output", "params": {}},
                ],
                "connections": [{"from": "x", "to": "d"}, {"from": "d", "to": "y"}],
            }
        )

    sp = Speed(stores=Stores())
    try:
        state.NODE_MEMO = True
        with use(sp):
            signs = []
            for p in (0.0, -0.0, 0.0):
                g = state.to_graph(arch(p), "t")
                (node,) = [n for n in g.nodes if n.id == "d"]
                signs.append(math.copysign(1.0, node.params["p"]))
        assert signs == [1.0, -1.0, 1.0]
        assert sp.stores.gym_nodes  # the memo was in use
    finally:
        state.NODE_MEMO = None
