"""Config-parametric templates: interpret a modeling file once, evaluate it for other configs.

The static route interprets ``__init__`` and ``forward`` of a model for every config it is
given. A *template* is the graph of one interpretation run under a ``symbolic.Trace``: the
config's numbers entered it as expressions, so the template knows which numbers of the graph
are which expressions of the config (its *holes*) and which decisions the interpretation took
on them (its *guards*, pins included). For another config of the same shape (the same keys,
the same non-numeric values, numbers of the same types: ``symbolic.shape_key``) on which every
guard comes out as it did, the graph is the template's with each hole evaluated on the new
numbers: no interpretation at all.

A template is kept only when it reproduces the graph of the plain (untraced) run of the config
it was traced on, exactly (``Graph.to_json``), and only in this process, and it answers only
while every file the traced run read still has its content (``cache.still_same`` on the stamps
recorded during the trace: a template of an edited modeling file is dropped). Those stamps are
recorded for an enclosing cached result on each hit. A config that misses every
template of its shape is interpreted as before and traced for a new template
(``MAX_TEMPLATES`` per shape). The templates live in the ``Speed``'s stores
(``Stores.templates``; ``stats``: ``Stores.template_stats``), and its ``template`` switch turns
them off (``DRIFTCHECK_TEMPLATE=0``; the CLI builds its ``Speed`` with templates off: one config
per process would be traced and never reused). The trace is no global: ``symbolize`` gives
each traced number the ``Trace`` of this run, and the interpreter finds it on the config.

Tested against fresh interpretation of perturbed configs over the corpus
(``tests/test_template.py``, ``benchmarks/bench_template.py``).
"""

from __future__ import annotations

import os
import pickle
from typing import Any

from driftcheck.graph.model import Graph
from driftcheck.parsers import cache
from driftcheck.parsers.source.speed import symbolic
from driftcheck.parsers.source.speed.symbolic import (
    CMP,
    HoleFloat,
    HoleInt,
    evaluate,
    pattern,
    unholed,
)
from driftcheck.speed import STORES, Speed, current

MAX_TEMPLATES = 4  # per (model file, class, config shape)
MAX_KEYS = 64  # shapes kept in this process (the oldest goes first)
stats = STORES.template_stats  # the process's counters (a Speed given its own Stores has its own)


def enabled() -> bool:
    return current().template


def clear(speed: Speed | None = None) -> None:
    """Forget the templates of ``speed``'s stores (the one in force) and zero its counters."""
    st = (speed or current()).stores
    st.templates.clear()
    for k in st.template_stats:
        st.template_stats[k] = 0


def _holes_in(v: Any) -> bool:
    c = v.__class__
    if c is HoleInt or c is HoleFloat:
        return True
    if c is tuple or c is list:
        return any(_holes_in(x) for x in v)
    if c is dict:
        return any(_holes_in(x) for x in v.values())
    return False


def _fill(v: Any, env: dict[str, Any], memo: dict) -> Any:
    c = v.__class__
    if c is HoleInt or c is HoleFloat:
        x = evaluate(v.expr, env, memo)
        if x.__class__ is not c.__mro__[1]:
            raise _Miss()  # a number of another type than the traced one
        return x
    if c is tuple or c is list:
        return c(_fill(x, env, memo) for x in v)
    if c is dict:
        return {k: _fill(x, env, memo) for k, x in v.items()}
    return v


class _Miss(Exception):
    pass


def _value(e: Any, env: dict[str, Any], memo: dict) -> Any:
    return e if e.__class__ is tuple and e[0] == "=" else evaluate(e, env, memo)


class Template:
    """A traced graph with its holes and guards (see the module doc)."""

    def __init__(self, graph: Graph, trace: symbolic.Trace) -> None:
        self.guards = trace.guards
        # holes: where in the graph a number is an expression of the config
        self.node_holes: list[tuple[int, str, Any]] = []
        self.fact_holes: list[tuple[str, Any]] = []
        self.use_holes: list[tuple[int, Any]] = []
        for i, n in enumerate(graph.nodes):
            for k, v in list(n.params.items()):
                if _holes_in(v):
                    self.node_holes.append((i, k, v))
                    n.params[k] = unholed(v)
        for k, f in graph.facts.items():
            if _holes_in(f.value):
                self.fact_holes.append((k, f.value))
                f.value = unholed(f.value)
        for j, u in enumerate(graph.uses):
            if _holes_in(u.value):
                self.use_holes.append((j, u.value))
                graph.uses[j] = u.model_copy(update={"value": unholed(u.value)})
        # sets of numbers the graph code decided on (symbolic.note_group)
        self.groups = trace.groups
        self.files: list[list[Any]] = []  # stamps of the files the traced run read
        self.data = pickle.dumps(graph, protocol=pickle.HIGHEST_PROTOCOL)

    def evaluate(self, env: dict[str, Any]) -> Graph | None:
        """The graph for the config numbers ``env``, or None when a guard does not hold."""
        memo: dict = {}
        try:
            for a, op, b, outcome in self.guards:
                if CMP[op](evaluate(a, env, memo), evaluate(b, env, memo)) is not outcome:
                    return None
            for exprs, want in self.groups:
                if pattern([_value(e, env, memo) for e in exprs]) != want:
                    return None
            g: Graph = pickle.loads(self.data)
            for i, k, v in self.node_holes:
                g.nodes[i].params[k] = _fill(v, env, memo)
            for k, v in self.fact_holes:
                g.facts[k].value = _fill(v, env, memo)
            for j, v in self.use_holes:
                g.uses[j] = g.uses[j].model_copy(update={"value": _fill(v, env, memo)})
        except (_Miss, KeyError, ArithmeticError, TypeError, ValueError):
            return None
        return g


def trace(
    parse: Any, cfg: dict[str, Any], speed: Speed | None = None
) -> tuple[Graph, Template] | None:
    """Interpret ``parse(symbolic config)`` under a trace of its own (the config's numbers
    carry it); None when it cannot be traced."""
    stats = (speed or current()).stores.template_stats
    tr = symbolic.Trace()
    try:
        graph = parse(symbolic.symbolize(cfg, tr))
    except Exception:  # noqa: BLE001 - a trace that fails is no template; the plain run stands
        if os.environ.get("DRIFTCHECK_TEMPLATE_DEBUG"):
            import traceback

            traceback.print_exc()
        return None
    finally:
        tr.close()
    stats["traced"] += 1
    if tr.poisoned:
        return None
    return graph, Template(graph, tr)


def parse_config(key: tuple, cfg: dict[str, Any], parse: Any, speed: Speed | None = None) -> Graph:
    """``parse(cfg)`` (the static parser on a config dict), through the templates of ``key``
    kept in ``speed``'s stores (the ``Speed`` in force when None) while its ``template`` is on."""
    sp = speed or current()
    if not sp.template:
        return parse(cfg)
    store, stats = sp.stores.templates, sp.stores.template_stats
    key = (*key, symbolic.shape_key(cfg))
    env = symbolic.numbers(cfg)
    variants = store.get(key, [])
    fresh = [t for t in variants if all(cache.still_same(f) for f in t.files)]
    if len(fresh) != len(variants):  # a file the traced interpretation read has changed
        variants = store[key] = fresh
    for tpl in variants:
        g = tpl.evaluate(env)
        if g is not None:
            stats["hits"] += 1
            cache.note_stamps(tpl.files)  # an enclosing cached result depends on them too
            return g
    stats["misses"] += 1
    graph = parse(cfg)
    if len(variants) < MAX_TEMPLATES:
        with cache.recording() as rec:
            got = trace(parse, cfg, sp)
        if got is not None:
            traced, tpl = got
            # the files the trace read; the sticky ones (tables memoised in this process) are
            # left out: a fresh interpretation here would reuse those same memoised tables
            tpl.files = [rec[p] for p in sorted(rec) if p not in cache.sticky_paths()]
            again = tpl.evaluate(env)
            want = graph.to_json()
            if again is not None and again.to_json() == want and traced.to_json() == want:
                if key not in store and len(store) >= MAX_KEYS:
                    del store[next(iter(store))]
                store.setdefault(key, []).append(tpl)
                stats["kept"] += 1
            else:
                stats["rejected"] += 1
    return graph
