"""The speed layer (``driftcheck/speed.py``): one object owns every memo, cache, fast path and
the GC pause, each can be switched off on its own, and none of them changes a graph.

The graphs of a corpus sample -- every 10th transformers type of the corpus by the source
route, two of them by the config route (result cache, derived tables, templates traced from
another config first), the zoo and six wild-code files -- are built with every mechanism on
(one set of stores, in order) and compared byte for byte (``Graph.to_json``) with every
mechanism off; a smaller part of the sample with each mechanism off alone. With each graph
goes what the graph layer computes from it (shapes, counts, cost, drift findings), where the
catalogue, binding, shape-rule, price, count and matcher memos act.
``benchmarks/bench_speed_off.py`` runs the larger sweeps.
"""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest

from benchmarks.bench_speed_off import graphs, sample
from benchmarks.corpus import _quiet
from driftcheck.errors import DriftcheckError
from driftcheck.speed import STORES, Speed, Stores, current, use

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", autouse=True)
def _roomy_time_budget():
    """The parser's CPU-time budget (30 s an analysis) is not what these tests compare: with
    every mechanism off, rt_detr and pp_ocrv5_mobile_rec take 17-28 CPU s here, and a loaded
    machine (CPU time inflates under contention) pushed one over the budget, so its graph
    differed for a reason that is not a speed mechanism. The budget itself is tested with
    hostile inputs (tests/test_serving_hostile.py, tests/test_fuzz.py)."""
    from driftcheck.parsers.source.library import machine

    old = machine.MAX_SECONDS
    machine.MAX_SECONDS = 600.0
    yield
    machine.MAX_SECONDS = old


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, _roomy_time_budget):
    """The sample, and its graphs with every mechanism on (one set of stores, in order)."""
    _quiet()
    tmp = tmp_path_factory.mktemp("speed")
    old = os.environ.get("DRIFTCHECK_CACHE_DIR")
    os.environ["DRIFTCHECK_CACHE_DIR"] = str(tmp / "cache-on")
    try:
        cases = sample(10, 2, None, None, tmp)
        want, _ = graphs(cases, Speed(stores=Stores()))
    finally:
        _restore("DRIFTCHECK_CACHE_DIR", old)
    return cases, want, tmp


def _restore(key: str, old: str | None) -> None:
    if old is None:
        os.environ.pop(key, None)
    else:
        os.environ[key] = old


def _same(cases, want, sp, cache: Path) -> list[str]:
    """The names of the cases whose graph under ``sp`` differs from ``want``."""
    old = os.environ.get("DRIFTCHECK_CACHE_DIR")
    os.environ["DRIFTCHECK_CACHE_DIR"] = str(cache)  # a pass never reads another's results
    try:
        got, _ = graphs(cases, sp)
    finally:
        _restore("DRIFTCHECK_CACHE_DIR", old)
    return [k for k in want if got[k] != want[k]]


def test_the_sample_is_what_the_issue_names(corpus):
    cases, want, _ = corpus
    kinds = [n.split(":")[0] for n, _ in cases]
    assert kinds.count("hf") >= 50 and kinds.count("config") == 2
    assert kinds.count("zoo") == len(list((ROOT / "tests" / "zoo").glob("*.py")))
    assert kinds.count("wild") == 6
    # real graphs, not a column of equal errors
    assert sum(not v.startswith("error") for v in want.values()) >= 0.9 * len(want)


def test_every_mechanism_off_changes_no_graph(corpus):
    cases, want, tmp = corpus
    assert _same(cases, want, Speed.all_off(), tmp / "cache-off") == []


# each mechanism off alone, on a part of the sample: a few corpus types by both routes (the
# config route is where the result cache, the derived tables and the templates act), ten zoo
# models and two wild files
_PART = ("hf:", "config:", "zoo:", "wild:")


def _part(cases):
    out, seen = [], {k: 0 for k in _PART}
    limit = {"hf:": 4, "config:": 1, "zoo:": 10, "wild:": 2}
    for name, build in cases:
        k = next(p for p in _PART if name.startswith(p))
        if seen[k] < limit[k]:
            seen[k] += 1
            out.append((name, build))
    return out


@pytest.mark.parametrize("name", Speed.names())
def test_each_mechanism_off_alone_changes_no_graph(corpus, name):
    cases, want, tmp = corpus
    part = _part(cases)
    sp = Speed(stores=Stores()).without(name)
    assert not getattr(sp, name) and sum(not getattr(sp, n) for n in Speed.names()) == 1
    assert _same(part, {k: want[k] for k, _ in part}, sp, tmp / f"cache-{name}") == []


# ---------------------------------------------------------------------------- the object
def test_the_environment_switches_are_inputs_to_the_object():
    assert Speed.from_env({}) == Speed()
    off = Speed.from_env({"DRIFTCHECK_NO_CACHE": "1"})
    assert not off.result_cache and not off.derived and off.template
    assert not Speed.from_env({"DRIFTCHECK_TEMPLATE": "0"}).template
    memo = Speed.from_env({"DRIFTCHECK_MEMO": "0"})
    assert not memo.layer_memo and not memo.propmemo and memo.fastpath
    some = Speed.from_env({"DRIFTCHECK_SPEED_OFF": "fastpath, bind"})
    assert [n for n in Speed.names() if not getattr(some, n)] == ["fastpath", "bind"]
    assert Speed.from_env({"DRIFTCHECK_SPEED_OFF": "all"}) == Speed.all_off()
    # a caller's choice for what the environment leaves alone (the CLI: templates off)
    assert not Speed.from_env({}, template=False).template
    assert Speed.from_env({"DRIFTCHECK_TEMPLATE": "1"}, template=False).template
    with pytest.raises(DriftcheckError, match="no speed mechanism 'fastpth'"):
        Speed.from_env({"DRIFTCHECK_SPEED_OFF": "fastpth"})


def test_a_misspelt_switch_is_exit_2_and_one_line(monkeypatch, capsys):
    from driftcheck.cli import main

    monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", "fastpth")
    assert main(["schema"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DRIFTCHECK_SPEED_OFF" in err[0] and "fastpath" in err[0]


def test_use_puts_a_speed_in_force_for_a_block_only(monkeypatch):
    monkeypatch.delenv("DRIFTCHECK_SPEED_OFF", raising=False)
    monkeypatch.delenv("DRIFTCHECK_MEMO", raising=False)
    outer = current()
    assert outer.stores is STORES  # built from the environment: the process's stores
    mine = Speed.all_off()
    with use(mine):
        assert current() is mine
        with use(None):  # None keeps the one in force
            assert current() is mine
    assert current() == outer
    monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", "gc_pause")  # the environment read again
    assert not current().gc_pause and current().stores is STORES


def test_the_analysis_is_given_its_speed(tmp_path):
    """The interpreter keeps the Speed it is given and its own syntax trees when the tree
    cache is off: nothing reaches the process's stores."""
    from driftcheck.parsers.source import parse_source
    from driftcheck.parsers.source.library.machine import Interp

    seen = []
    orig = Interp.__init__

    def init(self, *a, **k):  # noqa: ANN001
        orig(self, *a, **k)
        seen.append(self)

    stores = Stores()
    sp = Speed(stores=stores).without("ast_cache", "fastpath")
    Interp.__init__ = init
    try:
        parse_source(ROOT / "tests" / "zoo" / "nanogpt.py", speed=sp)
    finally:
        Interp.__init__ = orig
    ip = seen[0]
    assert ip.speed is sp and not ip.fast_on and ip.trace is None
    assert ip.ast_store and ip.ast_store is not stores.ast and not stores.ast
    assert stores.catalogue  # the graph layer's lookups went to the given stores
    parse_source(ROOT / "tests" / "zoo" / "nanogpt.py", speed=Speed(stores=stores))
    assert stores.ast


def test_the_graph_layer_uses_the_speed_it_is_given():
    """Shapes, counts and cost take the analysis's Speed (through ``Prepared``), not the one in
    force: with every mechanism off in force, a given Speed's stores fill; with the given
    one all off, none does; the results are the same."""
    from driftcheck.graph.cost import estimate
    from driftcheck.graph.cost_counts import count_params
    from driftcheck.graph.shapes import infer_shapes
    from driftcheck.parsers.source import parse_source

    g = parse_source(ROOT / "tests" / "zoo" / "llama_like.py")
    out = []
    for given in (Speed(stores=Stores()), Speed.all_off()):
        with use(Speed.all_off()):
            res = infer_shapes(g, speed=given)
            out.append(
                (
                    repr(sorted(res.shapes.items())),
                    count_params(g, speed=given),
                    estimate(g, shapes=res, speed=given).summary(),
                )
            )
        st = given.stores
        filled = [st.key_bytes, st.layer_specs, st.bind, st.rules, st.counts, st.prices]
        if given.catalogue:
            assert all(filled), [len(x) for x in filled]
        else:
            assert not any(filled), [len(x) for x in filled]
    assert out[0] == out[1]


def test_the_gym_memos_belong_to_speed_and_change_no_grade(monkeypatch):
    """The gym's switches are ``Speed``'s (read when the gym is imported; the older variables
    are inputs) and its stores are the process's ``Stores``; grades are identical with every
    gym mechanism off (the verifier's memos are in ``measures`` above)."""
    import gym_support  # noqa: F401 - puts this tree's gym/ on the path

    G, grade, hf, state, vocab = (
        importlib.import_module(f"driftcheck_gym{m}")
        for m in ("", ".grade", ".hf", ".state", ".vocab")
    )  # after gym_support (G.grade is the function, ``grade`` the module)

    if ROOT not in Path(grade.__file__).resolve().parents:  # a worktree run: an earlier test
        pytest.skip("driftcheck_gym was imported from another checkout")  # imported main's gym
    env = {"DRIFTCHECK_GYM_NO_MEMO": "1", "DRIFTCHECK_GYM_NO_FAST": "1"}
    off = Speed.from_env({**env, "DRIFTCHECK_SPEED_OFF": "gym_gc_pause"})
    gym = ("gym_grades", "gym_fast", "gym_gc_pause", "gym_graphs", "gym_vocab", "gym_edges")
    gym += ("gym_lean_graph",)
    assert not any(getattr(off, n) for n in gym)
    assert Speed.from_env({"DRIFTCHECK_VERIFY_NO_MEMO": "1"}).without() == Speed().without(
        "verdicts", "check_gates", "check_structure", "check_local_pass", "check_plan"
    )
    assert grade._MEMO is STORES.gym_grades and grade._PLANS is STORES.gym_plans
    assert hf._MEMO is STORES.gym_graphs and vocab._MEMO is STORES.gym_vocab
    assert state._EDGES is STORES.gym_edges
    tasks = [t for t in G.curated_tasks() if not t.config_task][::5][:12]
    plans = [(t, p) for t in tasks for p in (t.reference_plan, t.reference_plan[:1])]
    on = [G.grade(t, p).to_dict() for t, p in plans]
    for mod, name, switch in (
        (grade, "MEMO", "gym_grades"),
        (grade, "FAST", "gym_fast"),
        (grade, "GC_PAUSE", "gym_gc_pause"),
        (hf, "MEMO", "gym_graphs"),
        (vocab, "MEMO", "gym_vocab"),
        (state, "EDGE_MEMO", "gym_edges"),
        (state, "LEAN_GRAPH", "gym_lean_graph"),
    ):
        monkeypatch.setattr(mod, name, getattr(off, switch))
    assert [G.grade(t, p).to_dict() for t, p in plans] == on


def test_no_module_level_store_is_left():
    """Every mutable store of the analysis lives in ``Stores``: a module-level dict, list or
    set assigned empty (to be filled as the program runs) is a store outside it. The verifier
    and gym keep their own (docs/parser.md "Speed" lists them)."""
    allowed = {
        # per-type tables of what the layer memo may share or copy (a class's answer never
        # changes; parsers/source/speed/memo.py)
        "driftcheck/parsers/source/speed/memo.py:_SHARED_TYPES",
        "driftcheck/parsers/source/speed/memo.py:_FIELDS",
        # filled once at import from a constant list (a table, not a store)
        "driftcheck/parsers/serving/cmdline.py:TGI_SHORT",
        # the modelled callables' table (library/registry.py): code entries declared by each
        # group module, filled once when first asked, never by an analysis
        "driftcheck/parsers/source/library/registry.py:REGISTRY",
        "driftcheck/parsers/source/library/registry.py:RULES",
        "driftcheck/parsers/source/library/registry.py:_loaded",
        "driftcheck/parsers/source/library/registry.py:_asked",
        # the forward call-site hooks' registry (forward/dataflow_called.py): filled by each rule
        # module's decorators at its import, and the run order derived from it once
        "driftcheck/parsers/source/forward/dataflow_called.py:_BEFORE",
        "driftcheck/parsers/source/forward/dataflow_called.py:_AFTER",
        "driftcheck/parsers/source/forward/dataflow_called.py:_ORDERED",
        # numpy's scalar classes, made once at import from the constant table SCALARS
        # (library/npdtypes.py, session 36)
        "driftcheck/parsers/source/library/npdtypes.py:_CLASSES",
        # one NamedTupleType per urllib.parse result class (a class's fields never change;
        # library/urlparts.py, session 36)
        "driftcheck/parsers/source/library/urlparts.py:_RESULTS",
        # the code fingerprint's per-file stat fields, filled once with code_fingerprint()
        # (cached per process, never by an analysis; parsers/cache.py, house38)
        "driftcheck/parsers/cache.py:_AT_START",
    }
    rx = re.compile(r"^([A-Za-z_]\w*)\s*(?::[^=]+)?=\s*(\{\}|\[\]|set\(\)|dict\(\))\s*(#.*)?$")
    found = set()
    for p in sorted((ROOT / "driftcheck").rglob("*.py")):
        rel = p.relative_to(ROOT).as_posix()
        if rel.startswith("driftcheck/verifier/"):
            continue
        for line in p.read_text().splitlines():
            m = rx.match(line)
            if m:
                found.add(f"{rel}:{m.group(1)}")
    assert found - allowed == set()
    assert "TRACE" not in (ROOT / "driftcheck/parsers/source/speed/symbolic.py").read_text()


def test_the_gym_and_the_verifier_read_their_switches_at_use(monkeypatch):
    """A switch set after import takes effect at the next grade or run (the gym and the
    verifier ask the ``Speed`` in force, as the graph layer does): the lean typed graph, the
    fast requirements, the grade memo, the gym's and the verifier's GC pauses. With each off,
    the grade is the same."""
    import gc

    import gym_support  # noqa: F401 - puts this tree's gym/ on the path

    G, grade, state = (
        importlib.import_module(f"driftcheck_gym{m}") for m in ("", ".grade", ".state")
    )
    from driftcheck.verifier import runner

    if ROOT not in Path(grade.__file__).resolve().parents:
        pytest.skip("driftcheck_gym was imported from another checkout")
    for name in ("FAST", "MEMO", "GC_PAUSE"):
        assert getattr(grade, name) is None  # no override: the Speed in force decides
    assert state.LEAN_GRAPH is None and runner.GC_PAUSE is None
    task = next(t for t in G.curated_tasks() if not t.config_task)
    seen: dict[str, list] = {"lean": [], "gc": []}
    trusted, inner = state._trusted_graph, runner._verify

    def spy_lean(*a, **k):
        seen["lean"].append(True)
        return trusted(*a, **k)

    def spy_gc(*a, **k):
        seen["gc"].append(gc.isenabled())
        return inner(*a, **k)

    monkeypatch.setattr(state, "_trusted_graph", spy_lean)
    monkeypatch.setattr(runner, "_verify", spy_gc)

    def run(off: str) -> dict:
        seen["lean"].clear()
        seen["gc"].clear()
        STORES.gym_plans.clear()
        STORES.gym_grades.clear()
        STORES.gym_analyses.clear()  # the shared analyses (grade.ANALYSES)
        monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", off)  # after import: read at the grade
        return G.grade(task, task.reference_plan).to_dict()

    on = run("")
    assert seen["lean"] and seen["gc"] == [False]
    G.grade(task, task.reference_plan)  # the grade memo answers: no second graph
    assert len(seen["lean"]) == 1
    for off in ("gym_lean_graph", "gym_fast", "gym_gc_pause", "verify_gc_pause"):
        assert run(f"{off},gym_grades") == on, off
        assert bool(seen["lean"]) == (off != "gym_lean_graph"), off
        assert seen["gc"] == [False], off  # either pause alone keeps the collector off
        G.grade(task, task.reference_plan)  # no grade memo: graded again
        assert len(seen["gc"]) == 2, off
    enabled = gc.isenabled()
    assert run("gym_gc_pause,verify_gc_pause") == on
    assert seen["gc"] == [enabled]  # both off: the collector as the caller left it
    monkeypatch.setattr(runner, "GC_PAUSE", True)  # a module override beats the Speed
    run("gym_gc_pause,verify_gc_pause")
    assert seen["gc"] == [False]


def test_the_gym_freezes_the_warm_heap_once_and_only_when_on(monkeypatch):
    """``grade.GC_FREEZE``: after ``FREEZE_AFTER`` top-level grades the heap is collected and
    frozen once (``gc.freeze``), never again, and not at all with ``gym_gc_freeze`` off; the
    grades are the same either way."""
    import gc

    import gym_support  # noqa: F401 - puts this tree's gym/ on the path

    G, grade = (importlib.import_module(f"driftcheck_gym{m}") for m in ("", ".grade"))
    if ROOT not in Path(grade.__file__).resolve().parents:
        pytest.skip("driftcheck_gym was imported from another checkout")
    calls: list[str] = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(gc, "collect", lambda *a: calls.append("collect") or 0)
    monkeypatch.setattr(grade, "FREEZE_AFTER", 3)
    monkeypatch.setattr(grade, "MEMO", False)
    task = next(t for t in G.curated_tasks() if not t.config_task)
    for off in ("gym_gc_freeze", ""):
        monkeypatch.setattr(grade, "_graded", 0)
        monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", off)
        got = [G.grade(task, task.reference_plan).to_dict() for _ in range(5)]
        assert got == [got[0]] * 5
        assert calls == ([] if off else ["collect", "freeze"]), off
    assert grade._graded == -1  # once per process
