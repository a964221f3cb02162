"""The editable architecture: named components and connections, the edits, and the typed graph.

An ``Arch`` is what a policy sees and edits: components by unique name (type and params as the
policy wrote them) and directed connections between names, plus, on tasks over a real
architecture, the model's config (edited with ``update_config`` and rebuilt into a graph by
driftcheck's HF route). ``to_graph`` turns it into driftcheck's typed graph (catalogue types
and params, ``origin.kind = "gym"``) for the verifier and the cost model; ``apply`` runs a plan
and reports every action it could not apply, one line each, never raising.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import Any

from driftcheck.graph.model import Edge, Graph, Node, Origin
from driftcheck.speed import STORES, Speed, current
from driftcheck_gym import actions as A
from driftcheck_gym.vocab import OUTPUT, negative_zero, resolve_type, translate

MAX_COMPONENTS = 512
MAX_CONNECTIONS = 2048


_UNSET: Any = object()


@dataclass
class Arch:
    """Components (name -> {"type", "params"}, in insertion order) and connections (src, dst)."""

    components: dict[str, dict[str, Any]] = field(default_factory=dict)
    connections: list[tuple[str, str]] = field(default_factory=list)
    config: dict[str, Any] | None = None
    """The model config, on tasks over a real architecture (graph built from it)."""
    input_shape: list[int] | None = None
    input_dtype: str | None = None
    counter: int = 0

    # ------------------------------------------------------------------ data
    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Arch:
        """From ``{"components": [{name, type|componentType, params}], "connections":
        [{from, to}], "config"?, "inputShape"?}``; harness fixtures (with ids) are read by
        name."""
        comps = data.get("components") or []
        by_id = {}
        arch = cls(config=_clone(data.get("config")))
        for c in comps:
            name = c["name"]
            arch.components[name] = {
                "type": c.get("type") or c.get("componentType"),
                "params": _clone(c.get("params") or {}),
            }
            if "id" in c:
                by_id[c["id"]] = name
        for cn in data.get("connections") or []:
            s = by_id.get(cn["from"], cn["from"])
            d = by_id.get(cn["to"], cn["to"])
            arch.connections.append((s, d))
        shape = data.get("inputShape")
        if shape is None:
            for c in arch.components.values():
                if str(c["type"]).lower() == "input" and c["params"].get("shape"):
                    shape = c["params"]["shape"]
                    break
        arch.input_shape = list(shape) if shape else None
        arch.input_dtype = data.get("inputDtype")
        return arch

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "components": [
                {"name": n, "type": c["type"], "params": c["params"]}
                for n, c in self.components.items()
            ],
            "connections": [{"from": s, "to": d} for s, d in self.connections],
        }
        if self.config is not None:
            out["config"] = self.config
        if self.input_shape is not None:
            out["inputShape"] = self.input_shape
        if self.input_dtype is not None:
            out["inputDtype"] = self.input_dtype
        return out

    def copy(self) -> Arch:
        return Arch(
            {
                n: {"type": c["type"], "params": _clone(c["params"])}
                for n, c in self.components.items()
            },
            list(self.connections),
            _clone(self.config),
            self.input_shape,
            self.input_dtype,
            self.counter,
        )

    def key(self) -> str:
        """Canonical text of the content (two archs with equal keys are the same model)."""
        return json.dumps(
            [sorted(self.components.items()), sorted(self.connections), self.config],
            sort_keys=True,
            default=repr,
        )

    # ------------------------------------------------------------------ queries
    def preds(self, name: str) -> list[str]:
        return [s for s, d in self.connections if d == name]

    def succs(self, name: str) -> list[str]:
        return [d for s, d in self.connections if s == name]

    def ends(self) -> tuple[list[str], list[str]]:
        ins: list[str] = []
        outs: list[str] = []
        for n, c in self.components.items():
            low = str(c["type"]).lower()
            if low == "input":
                ins.append(n)
            elif low == OUTPUT:
                outs.append(n)
        return ins, outs

    def on_path(self, ends: tuple[list[str], list[str]] | None = None) -> set[str]:
        """Components on some path from an input to an output (both ends included);
        ``ends``: ``self.ends()`` when the caller has it already."""
        ins, outs = ends if ends is not None else self.ends()
        fwd: dict[str, list[str]] = {}
        bwd: dict[str, list[str]] = {}
        for s, d in self.connections:
            fwd.setdefault(s, []).append(d)
            bwd.setdefault(d, []).append(s)

        def reach(starts: list[str], adj: dict[str, list[str]]) -> set[str]:
            seen = set(starts)
            stack = list(starts)
            while stack:
                for m in adj.get(stack.pop(), ()):
                    if m not in seen:
                        seen.add(m)
                        stack.append(m)
            return seen

        return reach(ins, fwd) & reach(outs, bwd)

    def wiring_key(self) -> tuple | None:
        """(component names, their types, the connections) as exact tuples: what the ends,
        the paths and the typed graph's edges read (not the params); None when a name or type
        is not a str or a connection not a pair of str (no memo then)."""
        comps = self.components
        try:
            types = tuple(map(_TYPE_OF, comps.values()))
            conns = tuple(self.connections)
            if (
                not _STR_ONLY.issuperset(map(type, types))
                or not _STR_ONLY.issuperset(map(type, comps))
                or not _PAIR.issuperset(map(type, conns))
                or not _STR_ONLY.issuperset(map(type, chain.from_iterable(conns)))
                or not all(map(_IS_TWO, map(len, conns)))
            ):
                return None
        except (TypeError, KeyError):
            return None
        return (tuple(comps), types, conns)

    def ends_and_path(
        self, speed: Speed | None = None, key: Any = _UNSET
    ) -> tuple[tuple[list[str], list[str]], set[str]]:
        """``(self.ends(), self.on_path())``, remembered by what they read: the component
        names and types in order and the connections (``_PATHS``: plans of one family
        share their wiring and differ in widths). Exact: only when every name and type is a
        str (else computed as before). Fresh lists and set for the caller each time."""
        if key is _UNSET:  # else the caller's ``self.wiring_key()``, read since no edit
            key = self.wiring_key()
        if key is None:
            ends = self.ends()
            return ends, self.on_path(ends)
        memo = (speed or current()).stores.gym_paths
        hit = memo.get(key)
        if hit is None:
            ends = self.ends()
            if len(memo) >= 50_000:
                memo.clear()
            hit = memo[key] = (tuple(ends[0]), tuple(ends[1]), frozenset(self.on_path(ends)))
        return (list(hit[0]), list(hit[1])), set(hit[2])

    def reaches_output(self) -> bool:
        ins, outs = self.ends()
        return bool(ins and outs and set(outs) & self.on_path())


_TYPE_OF = itemgetter("type")
_STR_ONLY = frozenset({str})
_PAIR = frozenset({tuple})
_IS_TWO = (2).__eq__
_PATHS: dict[tuple, tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]] = STORES.gym_paths
"""``Arch.ends_and_path``'s memo (the process's; a call reads its ``Speed``'s): (names, types,
connections) -> (inputs, outputs, names on an input-to-output path). Bounded: cleared past
50,000 entries."""

_LEAVES = frozenset({int, str, float, bool, type(None), tuple})


def _clone(v: Any) -> Any:
    """A copy of JSON-like data (dicts and lists copied, leaves shared: they are immutable)."""
    t = type(v)
    if t is dict:
        if _LEAVES.issuperset(map(type, v.values())):  # flat: one C-level copy
            return dict(v)
        return {k: _clone(x) for k, x in v.items()}
    if t is list:
        return [_clone(x) for x in v]
    return v if t in (int, str, float, bool, type(None), tuple) else copy.deepcopy(v)


# ---------------------------------------------------------------------- edits
class _Refused(Exception):
    pass


def _fresh_name(arch: Arch, type_name: str) -> str:
    base = re.sub(r"[^A-Za-z0-9_]", "", type_name)[:24].lower() or "layer"
    while True:
        arch.counter += 1
        name = f"{base}_{arch.counter}"
        if name not in arch.components:
            return name


INT64 = 2**63 - 1


_FLAT_OK = frozenset({str, bool, type(None)})
_INF = float("inf")


def _bounded(v: Any, where: str, depth: int = 0) -> None:
    """Numbers a model can hold: integers within int64, finite floats; nesting bounded."""
    if type(v) is dict and depth == 0:  # flat params (most are): each value read once here
        for x in v.values():
            t = type(x)
            if t is int:
                if not -INT64 <= x <= INT64:
                    break
            elif t is float:
                if x != x or x == _INF or x == -_INF:
                    break
            elif t not in _FLAT_OK:
                break
        else:
            return  # each value a str, bool, None, int within int64 or finite float: all fine
    if depth > 16:
        raise _Refused(f"{where}: params nested too deeply")
    t = type(v)
    if t is int and not -INT64 <= v <= INT64:
        raise _Refused(f"{where}: {str(v)[:12]}... is beyond a 64-bit integer")
    if t is float and (v != v or v in (float("inf"), float("-inf"))):
        raise _Refused(f"{where}: {v} is not a finite number")
    if t is dict:
        for k, x in v.items():
            _bounded(x, f"{where}.{k}", depth + 1)
    elif t is list or t is tuple:
        for x in v:
            _bounded(x, where, depth + 1)


def _need(arch: Arch, name: str) -> None:
    if name not in arch.components:
        raise _Refused(f"no component named {name!r}")


def _add_edge(arch: Arch, s: str, d: str) -> None:
    if s == d:
        raise _Refused(f"a connection from {s!r} to itself")
    if (s, d) not in arch.connections:
        if len(arch.connections) >= MAX_CONNECTIONS:
            raise _Refused(f"more than {MAX_CONNECTIONS} connections")
        arch.connections.append((s, d))


def _delete(arch: Arch, name: str) -> None:
    preds, succs = arch.preds(name), arch.succs(name)
    arch.connections = [(s, d) for s, d in arch.connections if s != name and d != name]
    for p in preds:
        for q in succs:
            if p != q and (p, q) not in arch.connections:
                arch.connections.append((p, q))
    del arch.components[name]


class _Pattern:
    """A policy's name pattern, matched with the ``regex`` module under a time limit: Python's
    ``re`` backtracks exponentially on patterns such as ``(a+)+$`` (seconds for 24 characters),
    and a reward must come back in bounded time."""

    def __init__(self, text: str) -> None:
        import regex

        try:
            self.rx = regex.compile(text)
        except (regex.error, RecursionError, OverflowError) as e:
            raise _Refused(f"bad name pattern {text!r}: {e}") from None
        self.text = text

    def search(self, name: str) -> bool:
        try:
            return self.rx.search(name, timeout=0.05) is not None
        except TimeoutError:
            raise _Refused(f"name pattern {self.text!r} takes too long to match") from None


def _pattern(text: str) -> _Pattern:
    return _Pattern(text)


def _owned(arch: Arch, name: str, shared: frozenset[int] | None) -> dict[str, Any]:
    """``arch.components[name]``, made ``arch``'s own first when it is still one of the
    start's dicts (``apply(..., share=True)``; ``shared``: their ids, stable while the start
    holds them): the copy ``Arch.copy`` would have made of it. A set lookup, not a scan of the
    start's components: ``scale_params`` edits every component, 256 times in a plan."""
    c = arch.components[name]
    if shared is not None and id(c) in shared:
        c = arch.components[name] = {"type": c["type"], "params": _clone(c["params"])}
    return c


def apply_one(
    arch: Arch,
    act: Any,
    *,
    repair: bool,
    config_task: bool,
    shared: frozenset[int] | None = None,
) -> None:
    """Apply one validated action to ``arch`` in place; raise ``_Refused`` with the reason.
    ``shared``: the ids of the start's component dicts ``arch`` may still share (``apply(...,
    share=True)``); a component's params are copied before they are edited."""
    t = act.type
    if config_task and t not in ("update_config",):
        raise _Refused(
            f"{t}: this task edits the model's config; use update_config {{params: {{...}}}}"
        )
    if t == "update_config" and not config_task:
        raise _Refused("update_config: this task has no config; edit the components")
    if repair and t in ("replace_model", "clear_canvas"):
        raise _Refused(f"{t} is refused on a repair task: fix the graph in place")
    if t in ("add_component", "update_params", "update_config"):
        _bounded(act.params, f"{t} params")
    elif t == "replace_model":
        for c in act.components:
            _bounded(c.params, f"replace_model {c.name} params")
    if t == "add_component":
        if len(arch.components) >= MAX_COMPONENTS:
            raise _Refused(f"more than {MAX_COMPONENTS} components")
        name = act.name or _fresh_name(arch, act.component_type)
        if name in arch.components:
            raise _Refused(f"add_component: a component named {name!r} exists (names are unique)")
        if act.after is not None:
            _need(arch, act.after)
        arch.components[name] = {"type": act.component_type, "params": dict(act.params)}
        if act.after is not None:
            arch.connections = [(name if s == act.after else s, d) for s, d in arch.connections]
            arch.connections.append((act.after, name))
    elif t == "add_connection":
        _need(arch, act.src)
        _need(arch, act.dst)
        _add_edge(arch, act.src, act.dst)
    elif t == "delete_connection":
        _need(arch, act.src)
        _need(arch, act.dst)
        if (act.src, act.dst) not in arch.connections:
            raise _Refused(f"no connection {act.src!r} -> {act.dst!r}")
        arch.connections.remove((act.src, act.dst))
    elif t == "delete_component":
        _need(arch, act.name)
        _delete(arch, act.name)
    elif t == "delete_components_matching":
        rx = _pattern(act.name_pattern)
        hits = [n for n in arch.components if rx.search(n)]
        if not hits:
            raise _Refused(f"no component name matches {act.name_pattern!r}")
        for n in hits:
            _delete(arch, n)
    elif t == "update_params":
        _need(arch, act.name)
        p = _owned(arch, act.name, shared)["params"]
        for k, v in act.params.items():
            if v is None:
                p.pop(k, None)
            else:
                p[k] = v
    elif t == "scale_params":
        rx = _pattern(act.name_pattern) if act.name_pattern else None
        touched = 0
        lo = act.min_value if act.min_value is not None else 1
        for n, c in arch.components.items():
            if rx is not None and not rx.search(n):
                continue
            cur = c["params"].get(act.param_key)
            if isinstance(cur, int) and not isinstance(cur, bool):
                new = max(lo, round(cur * act.factor))
                if new > INT64:
                    raise _Refused(f"scale_params: {n}.{act.param_key} would pass a 64-bit integer")
                _owned(arch, n, shared)["params"][act.param_key] = new
                touched += 1
        if not touched:
            raise _Refused(f"scale_params: no component has an integer {act.param_key!r}")
    elif t == "rename_component":
        _need(arch, act.name)
        if act.new_name in arch.components:
            raise _Refused(f"rename_component: {act.new_name!r} exists (names are unique)")
        arch.components = {
            (act.new_name if n == act.name else n): c for n, c in arch.components.items()
        }
        arch.connections = [
            (act.new_name if s == act.name else s, act.new_name if d == act.name else d)
            for s, d in arch.connections
        ]
    elif t == "replace_model":
        names = [c.name for c in act.components]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise _Refused(f"replace_model: component names repeat: {', '.join(dup)}")
        comps = {
            c.name: {"type": c.component_type, "params": dict(c.params)} for c in act.components
        }
        conns: list[tuple[str, str]] = []
        for e in act.connections:
            if e.src not in comps or e.dst not in comps:
                raise _Refused(
                    f"replace_model: connection {e.src!r} -> {e.dst!r} names no component"
                )
            if e.src == e.dst:
                raise _Refused(f"replace_model: a connection from {e.src!r} to itself")
            if (e.src, e.dst) not in conns:
                conns.append((e.src, e.dst))
        arch.components, arch.connections = comps, conns
    elif t == "clear_canvas":
        arch.components, arch.connections = {}, []
    elif t == "update_config":
        assert arch.config is not None
        for k, v in act.params.items():
            if v is None:
                arch.config.pop(k, None)
            else:
                arch.config[k] = v
    else:  # pragma: no cover - the discriminated union lists every type
        raise _Refused(f"unknown action {t!r}")


@dataclass
class Applied:
    arch: Arch
    applied: int
    errors: list[str]
    actions: list[Any]
    """The validated actions, in order (None where one did not validate)."""


def apply(
    arch: Arch,
    plan: list[Any],
    *,
    repair: bool = False,
    config_task: bool = False,
    share: bool = False,
) -> Applied:
    """Apply a plan (raw dicts or action models) to a copy of ``arch``. Actions that do not
    validate or cannot be applied are skipped, each with one line in ``errors``.

    ``share``: the copy shares ``arch``'s component dicts (``SHARE_START``), and a
    component's params are copied only when an action edits them (``_owned``): for a caller
    that neither edits the result nor lets it out (the grade), and never edits ``arch``."""
    shared = None
    if share and (current().gym_fast if SHARE_START is None else SHARE_START):
        shared = frozenset(map(id, arch.components.values()))
        out = Arch(
            dict(arch.components),
            list(arch.connections),
            _clone(arch.config),
            arch.input_shape,
            arch.input_dtype,
            arch.counter,
        )
    else:
        out = arch.copy()
    errors: list[str] = []
    models: list[Any] = []
    applied = 0
    if len(plan) > A.MAX_PLAN_ACTIONS:
        errors.append(f"plan has {len(plan)} actions; only the first {A.MAX_PLAN_ACTIONS} ran")
        plan = plan[: A.MAX_PLAN_ACTIONS]
    for i, raw in enumerate(plan):
        act, why = A.validate_action(raw)
        models.append(act)
        if act is None:
            errors.append(f"action {i}: {why}")
            continue
        try:
            apply_one(out, act, repair=repair, config_task=config_task, shared=shared)
            applied += 1
        except _Refused as e:
            errors.append(f"action {i}: {e}")
    return Applied(out, applied, errors, models)


SHARE_START: bool | None = None
"""``apply(..., share=True)`` (the grade's): the edited copy shares the start's component
dicts instead of copying every component's params (``Arch.copy``), and copies one only
before an action edits its params (``update_params``, ``scale_params``: the only edits made
in place; the others replace dicts, lists or entries). The grade never edits the result or
lets it out, and no one edits a task's start. The ``Speed`` in force decides (``gym_fast``:
DRIFTCHECK_GYM_NO_FAST=1 or DRIFTCHECK_SPEED_OFF=gym_fast); True or False here overrides
it; tests prove identical grades and an untouched start."""


# ---------------------------------------------------------------------- typed graph
def to_graph(arch: Arch, name: str | None = None, *, wiring: Any = _UNSET) -> Graph:
    """driftcheck's typed graph of ``arch`` (catalogue types and params). Unknown types stay
    as written (the verifier names them); the output marker becomes ``graph.outputs``; an
    attention layer with one incoming connection is self-attention (that tensor is its
    query, key and value)."""
    if arch.config is not None:
        from driftcheck_gym.hf import config_graph

        return config_graph(arch.config)
    sp = current()
    lean = sp.gym_lean_graph if LEAN_GRAPH is None else LEAN_GRAPH
    edge = _edge if (sp.gym_edges if EDGE_MEMO is None else EDGE_MEMO) else _new_edge
    nodes: list[Node] = []
    out_names = set()
    kinds: dict[str, str] = {}
    cmemo = (
        sp.stores.gym_nodes
        if lean and sp.gym_vocab and (sp.gym_fast if NODE_MEMO is None else NODE_MEMO)
        else None
    )
    for n, c in arch.components.items():
        key = None
        if cmemo is not None:  # flat params of exact scalars, a str type: one lookup
            t, p0 = c["type"], c["params"]
            if type(t) is str and type(p0) is dict:
                vals = p0.values()
                types = tuple(map(type, vals))
                if _SCALARS.issuperset(types) and not (float in types and negative_zero(vals)):
                    key = (t, tuple(p0), tuple(vals), types)
                    hit = cmemo.get(key)
                    if hit is not None:
                        canon, params, trusted = hit
                        kinds[n] = canon
                        if canon == OUTPUT:
                            out_names.add(n)
                        elif trusted and type(n) is str and n:
                            nodes.append(_fresh_node(n, canon, params))
                        else:
                            nodes.append(_node(n, canon, params, lean))
                        continue
        ikey = None
        if key is None and cmemo is not None and INPUT_MEMO is not False:
            ikey = _input_key(c, arch)  # an input: its params and the arch's shape and dtype
            hit = None if ikey is None else cmemo.get(ikey)
            if hit is not None:
                canon, params = hit
                kinds[n] = canon
                params = dict(params)
                if type(params["shape"]) is list:
                    params["shape"] = list(params["shape"])
                nodes.append(_node(n, canon, params, lean))
                continue
        t = str(c["type"])
        canon, params = translate(t, c["params"] if isinstance(c["params"], dict) else {}, sp)
        if key is not None and canon != "Input":  # an input reads the arch's shape too
            if len(cmemo) >= 50_000:
                cmemo.clear()
            cmemo[key] = (
                canon,
                params,
                type(canon) is str
                and bool(canon)
                and type(params) is dict
                and _STR.issuperset(map(type, params)),
            )
        kinds[n] = canon
        if canon == OUTPUT:
            out_names.add(n)
            continue
        if canon == "Input":
            shape = params.get("shape") or arch.input_shape
            p: dict[str, Any] = {
                "shape": list(shape) if isinstance(shape, (list, tuple)) else shape
            }
            dtype = params.get("dtype") or arch.input_dtype
            if dtype:
                p["dtype"] = dtype
            params = p
            if ikey is not None:
                if len(cmemo) >= 50_000:
                    cmemo.clear()
                sh = p["shape"]
                cmemo[ikey] = (canon, {**p, "shape": list(sh)} if type(sh) is list else dict(p))
        nodes.append(_node(n, canon, params, lean))
    wkey = wired = None
    if edge is _edge and (sp.gym_fast if WIRING_MEMO is None else WIRING_MEMO):
        # the edges read the names, types and connections only (``wiring``: the caller's
        # ``arch.wiring_key()``, read since no edit)
        wkey = arch.wiring_key() if wiring is _UNSET else wiring
        wiring = sp.stores.gym_wiring
        wired = None if wkey is None else wiring.get(wkey)
    if wired is not None:
        edges, outs = list(wired[0]), list(wired[1])
    else:
        edges, outs = _wire(arch, kinds, out_names, edge, sp)
    if lean:
        g = _trusted_graph(name, nodes, edges, outs, wired is not None and wired[2])
        if g is not None:
            if wkey is not None and wired is None:
                if len(wiring) >= 50_000:
                    wiring.clear()
                wiring[wkey] = (tuple(edges), tuple(outs), True)  # references checked
            return g
    if wkey is not None and wired is None:
        if len(wiring) >= 50_000:
            wiring.clear()
        wiring[wkey] = (tuple(edges), tuple(outs), False)
    return Graph(name=name, origin=_GYM, nodes=nodes, edges=edges, outputs=outs)


def _wire(
    arch: Arch, kinds: dict[str, str], out_names: set[str], edge: Any, sp: Speed
) -> tuple[list[Edge], list[str]]:
    """The typed graph's edges and outputs of ``arch``'s connections (``kinds``: each
    component's catalogue type; ``out_names``: the output markers)."""
    edges: list[Edge] = []
    outs: list[str] = []
    three = {"MultiheadAttention"}
    for s, d in arch.connections:
        if d in out_names:
            if s not in out_names and s not in outs:
                outs.append(s)
            continue
        if s in out_names:
            continue
        edges.append(edge(s, d, None, sp))
    # self-attention: one source feeds query, key and value
    for n, k in kinds.items():
        if k in three:
            ins = [e for e in edges if e.dst == n]
            if len(ins) == 1:
                src = ins[0].src
                edges = [e for e in edges if e.dst != n] + [edge(src, n, i, sp) for i in range(3)]
    return edges, outs


WIRING_MEMO: bool | None = None
"""Remember a typed graph's edges and outputs (shared ``Edge`` objects, as the edge memo
shares them) by the arch's component names, types and connections (``Arch.wiring_key``): the
edges read nothing else (a component's kind is its type's: ``translate`` maps a type name to
one catalogue type whatever the params), and plans of one family share their wiring. With
the lean graph, whether those references passed ``_refs_ok`` is kept too (the ids are the
names less the output markers, fixed by the same key). Only with the edge memo (``gym_edges``);
the ``Speed`` in force decides (``gym_fast``: DRIFTCHECK_GYM_NO_FAST=1 or
DRIFTCHECK_SPEED_OFF=gym_fast); True or False here overrides it."""
_WIRING: dict[tuple, tuple[tuple[Edge, ...], tuple[str, ...], bool]] = STORES.gym_wiring
"""The process's store (a graph reads its ``Speed``'s). Bounded: cleared past 50,000."""


_GYM = Origin(kind="gym")

LEAN_GRAPH: bool | None = None
"""Build the typed graph of an edit without pydantic's validation where nothing could fail
it: each node's and the graph's fields are set as validation would set them (params copied
into a new dict with str keys, defaults fresh), and the graph's reference checks
(``Graph._check_refs``) run as written. Anything validation could refuse or coerce (an empty
id or type, a params key that is not a str, a bad reference) takes the validated path, which
raises the same error as before. About 1.5 us a node instead of 3 and a graph for a few us
instead of 10. The ``Speed`` in force decides (``gym_lean_graph``, read at each graph: off with
DRIFTCHECK_GYM_NO_FAST=1 or DRIFTCHECK_SPEED_OFF=gym_lean_graph); True or False here overrides
it (``state.LEAN_GRAPH = False``); tests prove equal graphs (``model_dump`` and field sets) and identical grades."""

_NODE_SET = frozenset({"id", "type", "name", "params"})
_STR = frozenset({str})
_GRAPH_SET = frozenset({"name", "origin", "nodes", "edges", "outputs"})
_new = object.__new__
_set = object.__setattr__


def _fresh_node(nid: str, type_: str, params: dict[str, Any]) -> Node:
    """``_trusted_node`` where its checks are known to pass (``NODE_MEMO`` kept them with
    the translation): ``nid`` and ``type_`` non-empty str, ``params`` a dict of str keys."""
    n = _new(Node)
    _set(
        n,
        "__dict__",
        {
            "id": nid,
            "type": type_,
            "name": nid,
            "params": dict(params),
            "parent": None,
            "repeat": 1,
            "loc": None,
            "param_locs": {},
            "tied": {},
            "unresolved": [],
            "user_class": None,
            "notes": [],
        },
    )
    _set(n, "__pydantic_fields_set__", set(_NODE_SET))
    _set(n, "__pydantic_extra__", None)
    _set(n, "__pydantic_private__", None)
    return n


NODE_MEMO: bool | None = None
"""With the lean graph and the translation memo: remember, by a component's type and flat
params (exact scalars, types kept apart as ``translate``'s memo keeps them), its catalogue
type, translated params and whether ``_trusted_node``'s checks on them pass, so a node of
known content is made with one lookup (``_fresh_node``). Inputs are not remembered (their
params read the arch's input shape). The ``Speed`` in force decides (``gym_fast``); True or
False here overrides it."""
_SCALARS = frozenset({int, float, str, bool, type(None)})
_INTS = frozenset({int})

INPUT_MEMO: bool | None = None
"""With the node memo (``NODE_MEMO``): remember an input component's node params too, by its
type, its params (scalars and lists of exact ints, types kept apart, no ``-0.0``) and the
arch's input shape and dtype, which are all an input's node reads; a hit copies the params
and their shape list, as the translation path makes fresh ones. None: as ``NODE_MEMO``;
False: off."""


def _input_key(c: dict[str, Any], arch: Arch) -> tuple | None:
    """The node memo's key of a component that may be an input, or None (not plain enough:
    a nested value other than a list of ints, a ``-0.0``, an odd input shape or dtype)."""
    t, p0 = c["type"], c["params"]
    if type(t) is not str or type(p0) is not dict:
        return None
    vals = []
    for v in p0.values():
        tv = type(v)
        if tv is list:
            if not _INTS.issuperset(map(type, v)):
                return None
            v = tuple(v)
        elif tv not in _SCALARS or (tv is float and negative_zero((v,))):
            return None
        vals.append(v)
    shape, dtype = arch.input_shape, arch.input_dtype
    if shape is not None:
        if type(shape) is not list or not _INTS.issuperset(map(type, shape)):
            return None
        shape = tuple(shape)
    if dtype is not None and type(dtype) is not str:
        return None
    return ("input", t, tuple(p0), tuple(vals), tuple(map(type, p0.values())), shape, dtype)


def _trusted_node(nid: Any, type_: Any, params: Any) -> Node | None:
    """``Node(id=nid, type=type_, name=nid, params=params)`` without validation, or None
    when validation could refuse or change a value (the caller validates then)."""
    if type(nid) is not str or type(type_) is not str or not nid or not type_:
        return None
    if type(params) is not dict or not _STR.issuperset(map(type, params)):
        return None
    n = _new(Node)
    _set(
        n,
        "__dict__",
        {
            "id": nid,
            "type": type_,
            "name": nid,
            "params": dict(params),
            "parent": None,
            "repeat": 1,
            "loc": None,
            "param_locs": {},
            "tied": {},
            "unresolved": [],
            "user_class": None,
            "notes": [],
        },
    )
    _set(n, "__pydantic_fields_set__", set(_NODE_SET))
    _set(n, "__pydantic_extra__", None)
    _set(n, "__pydantic_private__", None)
    return n


def _trusted_graph(
    name: str | None,
    nodes: list[Node],
    edges: list[Edge],
    outs: list[str],
    refs_ok: bool = False,
) -> Graph | None:
    """``Graph(name=, origin=_GYM, nodes=, edges=, outputs=)`` without validation when its
    reference checks pass (None otherwise: the validated path raises as before).
    ``refs_ok``: ``_refs_ok`` passed on these very ids, edges and outputs before."""
    if name is not None and type(name) is not str:
        return None
    for o in outs:
        if type(o) is not str:
            return None
    g = _new(Graph)
    _set(
        g,
        "__dict__",
        {
            "schema_version": "driftcheck.graph/1",
            "name": name,
            "origin": _GYM,
            "nodes": list(nodes),
            "edges": list(edges),
            "outputs": list(outs),
            "facts": {},
            "uses": [],
            "notes": [],
            "unfollowed": [],  # every Graph field (session 38 added this one)
        },
    )
    _set(g, "__pydantic_fields_set__", set(_GRAPH_SET))
    _set(g, "__pydantic_extra__", None)
    _set(g, "__pydantic_private__", {"_index": None, "_kids": None, "_kids_n": 0})
    if not refs_ok and not _refs_ok(nodes, edges, outs):
        try:
            g._check_refs()
        except ValueError:
            return None
    return g


def _refs_ok(nodes: list[Node], edges: list[Edge], outs: list[str]) -> bool:
    """True when ``Graph._check_refs`` would pass on these trusted nodes (parent None each:
    ``_trusted_node`` sets it), read with sets: ids unique, every edge end and output an id.
    False: not proven (``_check_refs`` decides, and raises as before)."""
    ids = {n.id for n in nodes}
    if len(ids) != len(nodes):
        return False
    for e in edges:
        if e.src not in ids or e.dst not in ids:
            return False
    return ids.issuperset(outs)


# validated constructors: in pydantic 2.13 they are faster than model_construct (7 us against
# 12 us a node: model_construct resolves each default in Python)
def _node(nid: str, type_: str, params: dict[str, Any], lean: bool) -> Node:
    if lean:
        n = _trusted_node(nid, type_, params)
        if n is not None:
            return n
    return Node(id=nid, type=type_, name=nid, params=params)


def _new_edge(src: str, dst: str, index: int | None, sp: Speed) -> Edge:
    return Edge(src=src, dst=dst, index=index)


def _edge(src: str, dst: str, index: int | None, sp: Speed) -> Edge:
    k = (src, dst, index)
    memo = sp.stores.gym_edges
    e = memo.get(k)
    if e is None:
        if len(memo) >= 50_000:
            memo.clear()
        e = memo[k] = Edge(src=src, dst=dst, index=index)
    return e


EDGE_MEMO: bool | None = None
"""Share ``Edge`` objects between graphs by (src, dst, index): an edge is frozen (pydantic
``frozen=True``), so one object serves every graph that holds it, validated once (component
names repeat across plans). The ``Speed`` in force decides (``gym_edges``: DRIFTCHECK_GYM_NO_MEMO=1
or DRIFTCHECK_SPEED_OFF=gym_edges); True or False here overrides it (``state.EDGE_MEMO =
False``)."""
_EDGES: dict[tuple[str, str, int | None], Edge] = STORES.gym_edges  # the process's store


def graph_to_text(graph: Any) -> str:
    """A compact rendering for LLM policies: one line per component, ``name: type(params)
    <- inputs``, then the output. Accepts an ``Arch``, its JSON-able dict, or a driftcheck
    ``Graph``."""
    if isinstance(graph, Graph):
        lines = []
        preds: dict[str, list[str]] = {}
        for e in graph.edges:
            preds.setdefault(e.dst, []).append(e.src)
        for n in graph.nodes:
            p = ", ".join(f"{k}={v}" for k, v in n.params.items() if v is not None)
            src = preds.get(n.id)
            rep = f" x{n.repeat}" if n.repeat > 1 else ""
            lines.append(
                f"{n.id}: {n.type}({p}){rep}"
                + (f" <- {', '.join(dict.fromkeys(src))}" if src else "")
            )
        lines.append(f"outputs: {', '.join(graph.outputs) or '(none)'}")
        return "\n".join(lines)
    arch = graph if isinstance(graph, Arch) else Arch.from_data(graph)
    if arch.config is not None:
        return "config:\n" + "\n".join(
            f"  {k}: {json.dumps(v)}" for k, v in sorted(arch.config.items())
        )
    lines = []
    for n, c in arch.components.items():
        params = c["params"] if isinstance(c["params"], dict) else {}
        p = ", ".join(f"{k}={json.dumps(v)}" for k, v in params.items())
        src = arch.preds(n)
        lines.append(f"{n}: {c['type']}({p})" + (f" <- {', '.join(src)}" if src else ""))
    return "\n".join(lines) if lines else "(empty graph)"


def known_type(type_name: str) -> bool:
    return resolve_type(type_name) is not None
