"""Session 33 (house33): every syntax memo and reordered test of the source analyser has a
switch in ``driftcheck/speed.py`` (``tree_memos``, ``test_order``), and none changes an answer.

- ``tree_memos``: the scans of the analysed code kept on its tree (a comprehension's ``:=``
  targets, a function's free names / generator-ness / code locals / context split / replay
  verdict / outer effects, a class's body index / qualnames / written names / ``__class__``
  binding / leaf names, a module's body table / global writers / definition loads / registry
  writers / ``__set_name__`` classes, an annotation's text, ``dataflow_call._may_set``, which
  was a process-wide ``functools.cache`` keyed by class node). Off: scanned at every ask, and
  nothing stored is read.
- ``test_order``: session 32's reorderings (house32): ``Runner.global_use`` asks the value
  before the norm-epsilon walks; ``globalstmt.local_names`` tests a node's exact class against
  ``_WALK_ONLY`` before its isinstance chain. Off: the order before session 32.

The identity checks: the CLI's JSON (``check FILE --format json``) of wild main dev, fresh31 dev
files with every mechanism on, with every one off, and with the two new ones off; the graphs
(and what the graph layer computes from them) of a few transformers types by the source route.
The unit checks prove each switch acts (a memo written on, none written off; the reordered
tests reached or not), so the identity is not that of a switch that does nothing.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from driftcheck.speed import Speed, Stores, use

ROOT = Path(__file__).resolve().parent.parent
WILD = ROOT / "benchmarks" / "wild"


def _dev(truth: Path, stride: int, fresh: bool) -> list[str]:
    """Every ``stride``-th dev case's file (the hash split of bench_wild: held-out never read)."""
    sys.path.insert(0, str(WILD))
    try:
        from build_truth import held_out
    finally:
        sys.path.remove(str(WILD))
    cases = json.loads(truth.read_text())["cases"]
    if fresh:
        names = sorted(k for k in cases if not held_out(k))
    else:
        names = sorted(k for k, v in cases.items() if v["held_out"] is False)
    return [cases[k]["path"] for k in names[::stride]]


FILES = _dev(WILD / "truth.json", 92, False) + _dev(WILD / "fresh31" / "truth.json", 20, True)
OFFS = ("", "all", "tree_memos,test_order")


def _check(path: str, off: str, monkeypatch, capsys) -> str:
    from driftcheck.cli import main

    if (WILD / ".vendor").is_dir():  # the wild libraries, as bench_wild puts them on the path
        monkeypatch.syspath_prepend(str(WILD / ".vendor"))
    monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", off)
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    capsys.readouterr()
    main(["check", str(ROOT / path), "--format", "json"])
    return capsys.readouterr().out


def test_the_sample_is_dev_and_real():
    assert len(FILES) == 7 and all((ROOT / p).is_file() for p in FILES)
    assert sum("fresh31" in p for p in FILES) == 3


@pytest.mark.parametrize("path", FILES)
def test_cli_json_identical_with_switches_off(path, monkeypatch, capsys):
    outs = [_check(path, off, monkeypatch, capsys) for off in OFFS]
    assert outs[0].strip().startswith("{")
    if (WILD / ".vendor").is_dir():  # a real analysis (libraries found); CI has no .vendor
        assert json.loads(outs[0])["params_total"] is not None
    assert outs[1] == outs[0]
    assert outs[2] == outs[0]


def test_transformers_graphs_identical_with_switches_off():
    from benchmarks.bench_speed_off import _source_case, graphs
    from benchmarks.corpus import _quiet, built, load_oracle

    _quiet()
    # four types of the corpus by the source route (an encoder, two decoders, a vision model;
    # small enough for one core: test_speed.py runs every 10th type)
    types = ("bert", "codegen", "dinov3_convnext", "mistral")
    cases = [_source_case(r) for r in built(load_oracle()).values() if r["model_type"] in types]
    assert len(cases) == len(types)
    want, _ = graphs(cases, Speed(stores=Stores()))
    assert sum(not v.startswith("error") for v in want.values()) == len(cases)
    for sp in (Speed.all_off(), Speed(stores=Stores()).without("tree_memos", "test_order")):
        got, _ = graphs(cases, sp)
        assert [k for k in want if got[k] != want[k]] == []


# ---------------------------------------------------------------- the switches act

SRC = """
class A:
    x = 1
    def f(self, n):
        ys = [(y := i) for i in range(n)]
        for q in ys:
            yield q + n
class B(A):
    __class__ = A
    def g(self):
        return len(B.__dict__)
"""


_MEMO = ("_dc_", "_driftcheck_")


def _memos(fn, node, *args):
    """The memo keys (``_dc_`` / ``_driftcheck_``) ``fn`` leaves on ``node`` with ``tree_memos`` on and off, and its
    answers (equal)."""
    keys, answers = [], []
    for sp in (Speed(stores=Stores()), Speed(stores=Stores()).without("tree_memos")):
        for k in [k for k in node.__dict__ if k.startswith(_MEMO)]:
            del node.__dict__[k]
        with use(sp):
            answers.append(fn(node, *args))
            answers.append(fn(node, *args))  # the second read: the memo, on
        keys.append(sorted(k for k in node.__dict__ if k.startswith(_MEMO)))
    assert answers[0] == answers[1] == answers[2] == answers[3]
    return keys


def test_tree_memos_switch_acts_on_function_scans():
    from driftcheck.parsers.source import loader
    from driftcheck.parsers.source.forward import dataflow_call
    from driftcheck.parsers.source.interp import compwalrus, genreplay, tuplesub

    tree = ast.parse(SRC)
    a, b = tree.body
    f = a.body[1]
    comp = f.body[0].value
    assert _memos(compwalrus.targets, comp) == [["_dc_walrus_targets"], []]
    assert _memos(tuplesub.is_generator, f) == [["_dc_gen"], []]
    assert _memos(genreplay.replayable, f) == [["_dc_replay"], []]
    assert _memos(loader.body_index, a) == [["_dc_index"], []]
    assert _memos(loader.unparse, f.args) == [["_dc_text"], []]
    assert _memos(dataflow_call._may_set, b, "x") == [["_dc_may_set"], []]
    assert tuplesub.is_generator(f) is True and compwalrus.targets(comp) == ("y",)


def test_tree_memos_switch_acts_on_more_scans():
    from driftcheck.drift import fork_diff
    from driftcheck.parsers.source.interp import compwalrus, objmodel

    tree = ast.parse(
        "def outer():\n    n = 0\n    def inner():\n        nonlocal n\n        n += 1\n"
        "    return any(seen.append(x) for x in range(3))\n"
    )
    inner = tree.body[0].body[1]
    gen = tree.body[0].body[2].value.args[0]
    assert _memos(objmodel.nonlocal_names, inner) == [["_driftcheck_nonlocal"], []]
    assert objmodel.nonlocal_names(inner) == ("n",)
    assert _memos(compwalrus._may_change_state, gen) == [["_driftcheck_calls"], []]
    assert compwalrus._may_change_state(gen) is True
    assert _memos(fork_diff.stmt_key, inner.body[1]) == [["_dc_key"], []]


def test_test_order_switch_same_locals_on_real_functions():
    """``local_names`` with the exact-class prefilter and without (the old isinstance chain on
    every node): the same sets over every function of a few real files."""
    from driftcheck.parsers.source.interp import globalstmt

    n = 0
    for rel in (
        *FILES,
        "driftcheck/parsers/source/interp/objmodel.py",
        "driftcheck/parsers/source/interp/statements.py",
        "driftcheck/parsers/source/forward/dataflow_eval.py",
    ):
        for node in ast.walk(ast.parse((ROOT / rel).read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                fast = globalstmt.local_names(node, keep=False, prefilter=True)
                slow = globalstmt.local_names(node, keep=False, prefilter=False)
                assert fast == slow, (rel, node.name)
                n += 1
    assert n > 200


def test_test_order_switch_reaches_the_walks(monkeypatch):
    """Off, ``global_use`` walks the function for a global that is no number (the order before
    session 32); on, it returns before the walk: the switch changes the work, not the answer
    (the identity tests above)."""
    from driftcheck.parsers.source.forward import dataflow_eval

    seen = []
    real = dataflow_eval.scan

    def counting(node, fn, key):
        seen.append(fn.__name__)
        return real(node, fn, key)

    monkeypatch.setattr(dataflow_eval, "scan", counting)

    class F:
        node = ast.parse("def f(x):\n    return x + HEAD\n").body[0]
        owner = None

    class Fr:
        func = F()

    runner = dataflow_eval.Runner.__new__(dataflow_eval.Runner)
    for sp, walks in ((Speed(stores=Stores()), 0), (Speed.all_off(), 1)):
        seen.clear()
        with use(sp):
            try:
                runner.global_use("HEAD", "a string", Fr(), F.node)
            except AttributeError:
                pass  # past the walks, a bare Runner has no graph: the walks ran or did not
        assert bool(seen) == bool(walks), (sp.test_order, seen)
