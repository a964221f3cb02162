"""Reuse the forward() pass of identical modules: record one call, replay it for the others.

Hybrid decoders (qwen3_next, lara_mini, deepseek_v4...) alternate layer kinds, so no run of
identical layers is compacted into one ``repeat=n`` node and every layer's forward is
interpreted: most of the pass's time. Layers of one kind are built identically, though, and
get the same kind of input. ``Reuse.call`` therefore records the first call of a module whose
structure other graph modules share (``dataflow_tape``, replayed by ``dataflow_player``: every call the interpreter made to the
pass state, with arguments and results) and, for a later module of that structure, *replays*
the recorded calls renamed onto that module's nodes instead of interpreting its forward.

Nothing is assumed equal; everything the interpreter observed is checked:

- the module subtree has the same structure (classes, child, parameter, buffer and attribute
  names, leaf types and parameters) and every attribute the recorded forward *read*
  (``self.layer_idx``, ``self.attention_type``, a flag) has an equal value;
- the arguments match the recorded ones (constants equal, tensors with the same producer
  pattern and symbolic shape, containers with the same identities);
- each replayed call returns what the recording got, up to a one-to-one renaming of node ids
  and symbol ids (``Player.match``): lost/grounded verdicts, memo hits, symbol homes, copies of
  shared modules...

The pass state is snapshotted first; at the first difference it is restored and the module is
interpreted as usual, so a replay either gives exactly what interpretation gives or is not
used. The interpreter is a deterministic function of what it observes, up to renaming (it
compares ids and symbols only for equality), hence the graph is identical with and without
reuse; ``benchmarks/bench_source_corpus.py --audit-reuse`` compares graphs parsed both ways.

Reuse is OFF by default (``DRIFTCHECK_FWD_REUSE=1`` turns it on): measured, a replay costs
about what interpreting the layer costs. Most of a layer's forward time is the pass-state
work a replay must redo call by call (op nodes, edges, symbolic shapes, memo lookups), and
decoding and checking each call takes about what the interpreter spent between two calls;
a recording costs about 1.6 interpretations. On lara_mini (34 layers, two kinds) the whole
parse took 0.56 CPU s without and 0.79 with reuse; qwen3_next 1.06 / 1.27; deepseek_v4 0.90 /
0.87 (best of 4, warm). What would pay is copying the recorded *delta* (nodes and edges)
instead of re-issuing the calls; the tape, the structure check and the attribute guards here
are what such a copy needs to know it is allowed.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

from driftcheck.parsers.source import dataflow_values
from driftcheck.parsers.source.dataflow_player import Player, compact
from driftcheck.parsers.source.dataflow_tape import (
    Abandon,
    Mismatch,
    Tape,
    attr_print,
    walk_modules,
)
from driftcheck.parsers.source.dataflow_values import Mod, Tens
from driftcheck.parsers.source.values import Leaf, Obj

MAX_TEMPLATES = 4  # recordings kept per module structure
MIN_MODULES = 4  # modules in a subtree worth recording (the root included)
MAX_RECORDS = 3  # recordings tried per module structure (a recording costs a little extra)
# arguments (by position) that are node ids, and results that are node ids / symbol homes
ID_ARGS = {"add_op": (3,), "grounded": (0,), "node_type": (0,), "enter": (0, 1), "leave": (0,)}
RESULTS = {"nid": "id", "size_home": "home"}
_REBUILT = ("adj", "radj", "index", "rep")  # rebuilt from the edge and node lists on restore
STATS: Counter = Counter()  # replays, recordings and diverged replays in this process (tests)


class TapeFlow:
    """The pass state as the interpreter sees it while a call is recorded: every method the
    interpreter uses is forwarded to the real ``Flow`` and logged on the tape."""

    def __init__(self, flow: Any, tape: Tape) -> None:
        self._f = flow
        self._t = tape
        self.interp = flow.interp

    def __getattr__(self, name: str) -> Any:
        # state the interpreter reads without a logged method: forward it, keep no template
        self._t.broken = True
        return getattr(self._f, name)

    def _log(self, name: str, *args: Any) -> Any:
        t = self._t
        if t.broken:
            return getattr(self._f, name)(*args)
        ids = ID_ARGS.get(name, ())
        try:
            enc = tuple(t.ident(a) if i in ids else t.enc(a) for i, a in enumerate(args))
        except Abandon:
            t.broken = True
            return getattr(self._f, name)(*args)
        out = getattr(self._f, name)(*args)
        kind = RESULTS.get(name)
        try:
            if kind == "id":
                res = t.ident(out)
            elif kind == "home":
                res = None if out is None else (t.ident(out[0]), out[1])
            else:
                res = t.enc(out)
        except Abandon:
            t.broken = True
            return out
        t.events.append(("call", name, enc, res))
        return out

    def add_op(self, type_, params, inputs, parent, loc, unresolved=None):  # noqa: ANN001, ANN201
        return self._log("add_op", type_, params, inputs, parent, loc, unresolved)

    def leaf_call(self, leaf, inputs, loc=None):  # noqa: ANN001, ANN201
        return self._log("leaf_call", leaf, inputs, loc)

    def torch_module(self, obj, inputs, loc):  # noqa: ANN001, ANN201
        return self._log("torch_module", obj, inputs, loc)

    def note_shape(self, t):  # noqa: ANN001, ANN201
        return self._log("note_shape", t)

    def size_home(self, d):  # noqa: ANN001, ANN201
        return self._log("size_home", d)

    def lost(self, t):  # noqa: ANN001, ANN201
        return self._log("lost", t)

    def grounded(self, nid):  # noqa: ANN001, ANN201
        return self._log("grounded", nid)

    def nid(self, obj):  # noqa: ANN001, ANN201
        return self._log("nid", obj)

    def resolve(self, obj):  # noqa: ANN001, ANN201
        return self._log("resolve", obj)

    def node_type(self, nid):  # noqa: ANN001, ANN201
        return self._log("node_type", nid)

    def enter(self, nid, first):  # noqa: ANN001, ANN201
        return self._log("enter", nid, first)

    def leave(self, nid, out):  # noqa: ANN001, ANN201
        return self._log("leave", nid, out)

    def mark_weights_read(self, obj):  # noqa: ANN001, ANN201
        return self._log("mark_weights_read", obj)

    def mark_ran(self, obj):  # noqa: ANN001, ANN201
        return self._log("mark_ran", obj)

    def taint_module(self, obj):  # noqa: ANN001, ANN201
        return self._log("taint_module", obj)

    def param_tensor(self, obj, name):  # noqa: ANN001, ANN201
        return self._log("param_tensor", obj, name)


class Template:
    """One recorded call: what must match, the calls to replay, what the call returned."""

    def __init__(self, tape: Tape, pattern: list, inputs: Any, depth: int, steps: int) -> None:
        self.pattern = pattern
        self.reads = tape.reads
        self.pins = tape.pins
        self.inputs = inputs
        self.events = tape.events
        self.depth = depth
        self.steps = steps
        self.result: Any = None
        self.finals: list[tuple[int, tuple]] = []
        self.steps_list: list[tuple] = []

    def compile(self) -> None:
        """Compact the slots; per call, which arguments are constants (passed as recorded:
        the pass state keeps none of them), node ids, or values to decode."""
        self.inputs, events, self.result, self.finals = compact(
            self.inputs, self.events, self.result, self.finals
        )
        for ev in events:
            if ev[0] != "call":
                self.steps_list.append(ev)
                continue
            _, name, enc, res = ev
            ids = ID_ARGS.get(name, ())
            spec = []
            for i, a in enumerate(enc):
                if i in ids:
                    spec.append((1, a))
                elif a.__class__ is not tuple:
                    spec.append((0, a))
                elif a[0] == "K" and a[1] < 0:
                    spec.append((0, a[2]))
                else:
                    spec.append((2, a))
            self.steps_list.append(("call", name, tuple(spec), res, RESULTS.get(name)))


class Reuse:
    """Record / replay of module calls for one forward pass (owned by the ``Runner``)."""

    on = os.environ.get("DRIFTCHECK_FWD_REUSE", "0") == "1"

    def __init__(self, run: Any) -> None:
        self.run = run
        self.groups: dict[int, int] | None = None  # id(module) -> structure group, if shared
        self.templates: dict[tuple, list[Template]] = {}
        self.records: Counter = Counter()
        self.wins: Counter = Counter()
        self.fails: Counter = Counter()  # replays that diverged after the arguments matched
        self.called: set[int] = set()
        self.hits = 0
        self.misses = 0

    def call(self, obj: Obj, fn: Any, args: list, kwargs: dict, fr: Any) -> Any:
        """``obj``'s forward on these arguments: replayed when a recording fits, else run."""
        run = self.run
        key = self._key(obj, fn) if self.on and run.tape is None else None
        if key is None:
            return run.run_func(fn, Mod(obj), args, kwargs, fr)
        tpls = self.templates.get(key, ())
        if self.fails[key] > 2 * self.wins[key] + 2:  # it keeps diverging: stop trying
            tpls = ()
        for i, tpl in enumerate(tpls):
            out = self._replay(tpl, obj, args, kwargs, key)
            if out is not _MISS:
                self.hits += 1
                self.wins[key] += 1
                STATS["replays"] += 1
                tpls.insert(0, tpls.pop(i))  # layers of one kind come in runs: try it first
                return out
        if self.records[key] >= MAX_RECORDS or len(self.templates.get(key, ())) >= MAX_TEMPLATES:
            return run.run_func(fn, Mod(obj), args, kwargs, fr)
        self.records[key] += 1
        return self._record(key, obj, fn, args, kwargs, fr)

    def _key(self, obj: Obj, fn: Any) -> tuple | None:
        if self.groups is None:
            self.groups = _shared_groups(self.run.f.b)
        g = self.groups.get(id(obj))
        if g is None or id(obj) in self.called:
            # a module called again meets its own earlier ops in the pass's memo: interpret
            return None
        self.called.add(id(obj))
        return (g, id(fn.node))

    # ------------------------------------------------------------------ recording
    def _record(self, key: tuple, obj: Obj, fn: Any, args: list, kwargs: dict, fr: Any) -> Any:
        run = self.run
        mods, pattern = walk_modules(obj)
        tape = Tape(mods, next(dataflow_values._ids))
        try:
            inputs = tape.enc((tuple(args), dict(kwargs)))
        except Abandon:
            return run.run_func(fn, Mod(obj), args, kwargs, fr)
        tape.inputs = False
        flow, depth, steps = run.f, run.depth, run.steps
        run.f, run.tape = TapeFlow(flow, tape), tape
        try:
            out = run.run_func(fn, Mod(obj), args, kwargs, fr)
        finally:
            run.f, run.tape = flow, None
        tpl = Template(tape, pattern, inputs, depth, run.steps - steps)
        try:
            tpl.result = tape.enc(out)
            tpl.finals = [
                (s, tape.state(t)) for s, t in enumerate(tape.keep) if t.__class__ is Tens
            ]
        except Abandon:
            return out
        if not tape.broken and tape.unchanged():
            tpl.compile()
            self.templates.setdefault(key, []).append(tpl)
            STATS["recordings"] += 1
        return out

    # ------------------------------------------------------------------ replay
    def _replay(self, tpl: Template, obj: Obj, args: list, kwargs: dict, key: tuple) -> Any:
        from driftcheck.parsers.source.dataflow_eval import MAX_STEPS

        run = self.run
        flow = run.f
        if run.depth != tpl.depth or run.steps + tpl.steps > MAX_STEPS:
            return _MISS
        mods, pattern = walk_modules(obj)
        if pattern != tpl.pattern:
            return _MISS
        where = {id(m): k for k, m in enumerate(mods)}
        for (k, name), want in tpl.reads.items():
            m = mods[k]
            src = m.params if isinstance(m, Leaf) else m.attrs
            if name not in src or attr_print(src[name], where) != want:
                return _MISS
        p = Player(mods, tpl.pins, next(dataflow_values._ids))
        try:  # the arguments first: a mismatch there costs no snapshot
            p.match(tpl.inputs, (tuple(args), dict(kwargs)))
        except Mismatch:
            p.undo()
            return _MISS
        p.inputs = False
        snap = _snapshot(flow, run)
        try:
            ident, dec = p.ident, p.dec
            for ev in tpl.steps_list:
                if ev[0] == "note":
                    run.note(ev[1])
                    continue
                _, name, spec, res, kind = ev
                vals = [a if m == 0 else (dec(a) if m == 2 else ident(a)) for m, a in spec]
                out = getattr(flow, name)(*vals)
                if kind is None:
                    p.match(res, out)
                elif kind == "id":
                    p.name(res, out)
                elif kind == "home":
                    if (res is None) != (out is None):
                        raise Mismatch("size home")
                    if res is not None:
                        p.name(res[0], out[0])
                        if res[1] != out[1]:
                            raise Mismatch("size home")
            result = p.dec(tpl.result)
            for s, state in tpl.finals:
                if p.states.get(s) != state:
                    p.sync(p.objs[s], state)
        except Mismatch:
            p.undo()
            _restore(flow, run, snap)
            self.misses += 1
            self.fails[key] += 1
            STATS["diverged"] += 1
            return _MISS
        run.steps += tpl.steps
        return result


_MISS = object()


def _shared_groups(builder: Any) -> dict[int, int]:
    """Items of module lists (layers, blocks) whose structure (the builder's signature)
    another item shares and that hold at least ``MIN_MODULES`` modules: replaying a small
    module (a norm, an activation) costs about what interpreting it does."""
    sigs: dict[int, Any] = {}
    for o in builder.objs.values():
        if not isinstance(o, Obj) or o.kind not in ("ModuleList", "Sequential"):
            continue
        for c in o.children.values():
            if isinstance(c, Obj) and c.cls is not None and id(c) not in sigs:
                if len(walk_modules(c)[0]) >= MIN_MODULES:
                    sigs[id(c)] = builder.sig(c)
    count = Counter(sigs.values())
    numbers: dict[Any, int] = {}
    return {k: numbers.setdefault(s, len(numbers)) for k, s in sigs.items() if count[s] > 1}


# ---------------------------------------------------------------------- snapshot / restore
def _snapshot(flow: Any, run: Any) -> dict[str, Any]:
    """What a replay may change: containers are copied, lists remembered by length (they only
    grow), adjacency and the node index are rebuilt on restore (rare) instead of copied."""
    snap: dict[str, Any] = {"#nodes": len(flow.g.nodes), "#steps": run.steps}
    snap["#notes"] = list(run.notes)
    for k, v in vars(flow).items():
        if k in _REBUILT:
            continue
        if isinstance(v, (dict, set)):
            snap[k] = v.copy()
        elif isinstance(v, list):
            snap[k] = len(v)
        elif isinstance(v, int):
            snap[k] = v
    return snap


def _restore(flow: Any, run: Any, snap: dict[str, Any]) -> None:
    run.steps = snap["#steps"]
    snap["#new_edges"] = flow.edges[snap["edges"] :]
    run.notes[:] = snap["#notes"]
    for node in flow.g.nodes[snap["#nodes"] :]:
        flow.index.pop(node.id, None)
    del flow.g.nodes[snap["#nodes"] :]
    for k, v in snap.items():
        if k.startswith("#"):
            continue
        cur = getattr(flow, k)
        if isinstance(cur, list):
            del cur[v:]
        else:
            setattr(flow, k, v)
    gone = {(e.src, e.dst) for e in snap["#new_edges"]}
    kept = {(e.src, e.dst) for e in flow.edges if (e.src, e.dst) in gone}
    for s, d in gone - kept:
        flow.adj[s].discard(d)
        flow.radj[d].discard(s)
