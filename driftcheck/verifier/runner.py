"""``verify(graph, options) -> Report``: deterministic, pure, fast.

Checks run in phases (see ``Check.phase``) and, inside a phase, by id, so the output order
never depends on dict or file order. Nothing here reads files: suppression comments are applied
by the caller (``driftcheck.verifier.suppress``), which keeps ``verify`` usable as a reward.
"""

from __future__ import annotations

import gc
from operator import attrgetter
from typing import Any

from driftcheck.findings import Finding
from driftcheck.graph.model import Graph
from driftcheck.speed import _ACTIVE, STORES, Speed, current, use
from driftcheck.verifier.base import Check, Hit
from driftcheck.verifier.context import Context
from driftcheck.verifier.options import VerifyOptions
from driftcheck.verifier.registry import run_order
from driftcheck.verifier.report import Report, score

STRUCT_MEMO: bool | None = None
"""Remember the hits of the structural checks (``Check.structural``: they read the graph's
structure only, never params, shapes or costs) by that structure (``_structure``): graphs that
differ only in their layers' params (the gym's plans of one family, a config sweep) are
judged once for wiring, names and types. Only for graphs of at most ``STRUCT_MAX_NODES``
nodes (the key holds every node). The run's ``Speed`` decides (``check_structure``, read at
each run: DRIFTCHECK_VERIFY_NO_MEMO=1 or DRIFTCHECK_SPEED_OFF=check_structure); True or False
here overrides it (``runner.STRUCT_MEMO = False``); tests/test_verifier_gates.py proves
identical reports."""
LOCAL_PASS: bool | None = None
"""Ask the layer-local checks (``Check.local``: LAY002, LAY003, LAY011) in one pass over the
graph's layer groups, their verdicts on a group remembered together by (type, params key), and
skip those no group can fire, instead of each check walking the groups. The run's ``Speed``
decides (``check_local_pass``: DRIFTCHECK_VERIFY_NO_MEMO=1 or
DRIFTCHECK_SPEED_OFF=check_local_pass); True or False here overrides it (``runner.LOCAL_PASS =
False``); tests prove identical reports."""
GC_PAUSE: bool | None = None
"""Pause the cyclic garbage collector for a run (see ``verify``). The run's ``Speed`` decides
(``verify_gc_pause``: DRIFTCHECK_SPEED_OFF=verify_gc_pause); True or False here overrides it.
The collector's state is all it changes: tests prove identical reports."""
CHECK_PLAN: bool | None = None
"""With the structure memo (``STRUCT_MEMO``): once every structural check of a run's check
order has its hits remembered for the graph's structure, keep that structure's run list
without the structural checks that found nothing there (no ``when`` gate: nothing they read
can differ), so a later graph of that structure runs only the others, in the same order (its
findings are the same: a skipped check would have replayed no hit). The run's ``Speed``
decides (``check_plan``: DRIFTCHECK_VERIFY_NO_MEMO=1 or DRIFTCHECK_SPEED_OFF=check_plan); True
or False here overrides it; tests prove identical reports."""
STRUCT_MAX_NODES = 512
_STRUCT = STORES.check_structure  # the process's store (a run reads its Speed's)
_NAME = attrgetter("name")
_REPEAT = attrgetter("repeat")
_EDGE = attrgetter("src", "dst", "index")
_EXACT = frozenset({str})
_EXACT_OR_NONE = frozenset({str, type(None)})
_INDEX_TYPES = frozenset({int, type(None)})


def _structure(ctx: Context, graph: Graph) -> tuple | None:
    """What a structural check reads, as a hashable key of exact values (None when some
    value is not of the validated type, e.g. assigned after validation: no memo then)."""
    prep = ctx.prep
    nodes = prep.nodes
    if len(nodes) > STRUCT_MAX_NODES:
        return None
    names = tuple(map(_NAME, nodes))
    parents = tuple(prep.parents)
    edges = tuple(map(_EDGE, graph.edges))
    outputs = tuple(graph.outputs)
    noted = prep.with_field("notes")  # mostly none: no generator made for them then
    if (
        not _EXACT.issuperset(map(type, prep.ids))
        or not _EXACT.issuperset(map(type, prep.types))
        or not _EXACT_OR_NONE.issuperset(map(type, names))
        or not _EXACT_OR_NONE.issuperset(map(type, parents))
        or not _EXACT.issuperset(map(type, outputs))
        or not _INDEX_TYPES.issuperset(type(e[2]) for e in edges)
    ):
        return None
    try:
        return (
            graph.origin.kind,
            tuple(prep.ids),
            tuple(prep.types),
            names,
            parents,
            tuple(map(_REPEAT, nodes)),
            tuple((n.id, *n.notes) for n in noted) if noted else (),
            tuple(graph.notes),
            bool(graph.facts),
            edges,
            outputs,
        )
    except TypeError:  # an unhashable value where a str belongs
        return None


def _skeleton_memo(kept: tuple, ctx: Context, graph: Graph) -> dict | None:
    """The structural hits' memo that ``_structure``'s key finds, read from the graph's
    skeleton (graph/skeleton.py) without building and hashing the key, when the key would be
    equal: the skeleton fixes the ids, types, parents and edges (the same objects); the rest
    of the key (names, repeats, outputs, origin, no notes, whether facts exist) and the
    exact types ``_structure`` asks for are compared here, in C. None: not proven (the key
    decides). The memo kept is the one the key found when the skeleton's first graph ran; a
    memo is a function of the structure, so it serves every graph of that key."""
    skey, smemo = kept
    prep = ctx.prep
    nodes = prep.nodes
    names = tuple(map(_NAME, nodes))
    if (
        graph.notes
        or prep.with_field("notes")
        or bool(graph.facts) is not skey[8]
        or graph.origin.kind != skey[0]
        or names != skey[3]
        or tuple(map(_REPEAT, nodes)) != skey[5]
        or tuple(graph.outputs) != skey[10]
        or not _EXACT.issuperset(map(type, prep.ids))
        or not _EXACT.issuperset(map(type, prep.types))
        or not _EXACT_OR_NONE.issuperset(map(type, names))
        or not _EXACT_OR_NONE.issuperset(map(type, prep.parents))
        or not _EXACT.issuperset(map(type, graph.outputs))
    ):
        return None
    return smemo


def _run_structural(chk: Check, ctx: Context, memo: dict[str, tuple | None]) -> list[Hit]:
    """``chk.run(ctx)``'s hits, served from or stored in ``memo`` (this structure's)."""
    got = memo.get(chk.id, _UNSEEN)
    index = ctx.index
    if got is _UNSEEN:
        hits = list(chk.run(ctx))
        keep: tuple | None = tuple(
            (
                None if h.node is None else h.node.id,
                h.message,
                dict(h.values),
                h.evidence,
                h.attribute,
            )
            for h in hits
        )
        if any(h.node is not None and index.get(h.node.id) is not h.node for h in hits):
            keep = None  # a hit on a node made by the check: not a function of the structure
        memo[chk.id] = keep
        return hits
    if got is None:
        return list(chk.run(ctx))
    return [
        Hit(None if nid is None else index[nid], msg, dict(values), evidence, attribute)
        for nid, msg, values, evidence, attribute in got
    ]


_UNSEEN: Any = object()
_PLAN = ("plan",)  # the run list's key in a structure's memo (check ids are str)


def verify(
    graph: Graph,
    options: VerifyOptions | None = None,
    *,
    context: Context | None = None,
    speed: Speed | None = None,
) -> Report:
    """Run every wanted check over ``graph``. The cyclic garbage collector is paused for the
    run: a check run allocates many small dicts and tuples and no reference cycles, and each
    collection it would trigger walks the young (or the whole) heap for nothing (measured:
    index building 7.9 -> 4.6 ms median on a 1,000-node graph, docs/verifier.md).

    ``context``: a fresh ``Context(graph, options)`` the caller keeps, to read the analyses
    the run computed (``context.shapes``, ``context.cost``, ``context.prep``) without
    computing them again (the gym's requirements read the same shapes and counts).
    ``speed``: the run's Speed (its memos and switches; a ``context`` brings its own)."""
    # the speed in force, fixed for the run: the graph layer asks ``current()`` per node
    # and layer (about 45 times on a 9-node graph), and a speed put in force is one
    # lookup where the environment's is re-read from four variables each time
    sp = speed if speed is not None else context.prep.speed if context is not None else current()
    pause = sp.verify_gc_pause if GC_PAUSE is None else GC_PAUSE
    paused = pause and gc.isenabled()
    if paused:
        gc.disable()
    try:
        if _ACTIVE.get() is sp:  # in force already (a gym grade fixes it for its run)
            return _verify(graph, options, context, speed)
        with use(sp):
            return _verify(graph, options, context, speed)
    finally:
        if paused:
            gc.enable()


def _found(findings: list[Finding], chk: Check, sev: Any, hit: Hit, ctx: Context) -> None:
    """One hit of ``chk`` as a finding (its node claimed when ``chk`` claims and blocks)."""
    node = hit.node
    if chk.claims and node is not None and sev.rank >= 3:
        ctx.claimed.add(node.id)
    findings.append(
        Finding(
            check_id=chk.id,
            name=chk.name,
            severity=sev,
            message=hit.message,
            attribute=hit.attribute,
            values=dict(hit.values),
            locations=[node.loc] if node is not None and node.loc is not None else [],
            node=node.id if node is not None else None,
            evidence=hit.evidence,
        )
    )


def _gated(order: tuple[Check, ...], ctx: Context, facts) -> tuple[int, tuple[Check, ...]]:
    """(number of checks, those whose type and fact gates pass), memoized by the sets of node
    types and facts present; only for a run that wants every check. The memo is the run's
    ``Speed``'s (``check_gates`` switch, ``Stores.gates``, DRIFTCHECK_VERIFY_NO_MEMO=1 or
    DRIFTCHECK_SPEED_OFF=check_gates): a run over a small graph does not test all ~90
    checks' gates one by one (the gates read nothing else); tests/test_verifier_gates.py
    proves identical reports either way."""
    gates = ctx.prep.speed.stores.gates
    if gates.get("order") is not order:  # another check order: what was kept is for it
        gates.clear()
        gates["order"] = order
    sk = ctx.prep.skeleton  # its types' frozenset: made once, its hash kept
    key = (sk.type_set if sk is not None else frozenset(ctx.by_type), frozenset(facts))
    hit = gates.get(key)
    if hit is None:
        types = key[0]
        hit = (
            len(order),
            tuple(
                c
                for c in order
                if not (
                    (c.types and types.isdisjoint(c.types))
                    or (c.facts and key[1].isdisjoint(c.facts))
                )
            ),
        )
        if len(gates) >= 10_000:
            gates.clear()
            gates["order"] = order
        gates[key] = hit
    return hit


def _verify(
    graph: Graph,
    options: VerifyOptions | None,
    ctx: Context | None = None,
    speed: Speed | None = None,
) -> Report:
    if ctx is None:
        ctx = Context(graph, options or VerifyOptions(), speed)
    elif (
        ctx.graph is not graph
        or ctx.claimed
        or "shapes" in ctx.__dict__
        or (options is not None and options is not ctx.options)
    ):
        raise ValueError("verify: context must be a fresh Context of this graph and options")
    opts = ctx.options
    findings: list[Finding] = []
    ran = 0
    every = opts.select is None and not opts.disable
    types, facts = ctx.by_type.keys(), graph.facts.keys()
    order = run_order()
    gated = every and ctx.prep.speed.check_gates
    if gated:
        ran, order = _gated(order, ctx, facts)
    sp = ctx.prep.speed
    smemo = None
    if every and (sp.check_structure if STRUCT_MEMO is None else STRUCT_MEMO):
        sk = ctx.prep.skeleton
        if sk is not None and sk.struct is not None:
            smemo = _skeleton_memo(sk.struct, ctx, graph)
        if smemo is None:
            skey = _structure(ctx, graph)
            if skey is not None:
                struct = sp.stores.check_structure
                smemo = struct.get(skey)
                if smemo is None:
                    if len(struct) >= 10_000:
                        struct.clear()
                    smemo = struct[skey] = {}
                if sk is not None and not skey[6] and not skey[7]:
                    sk.struct = (skey, smemo)
    entries = None
    if (
        smemo is not None
        and gated
        and not opts.severity
        and (sp.check_plan if CHECK_PLAN is None else CHECK_PLAN)
    ):
        plan = smemo.get(_PLAN)
        if plan is not None and plan[0] is order:
            order = plan[1]  # the structural checks that found nothing here are left out
            entries = plan[2]
        else:
            plan = None
    else:
        plan = _UNSEEN  # no plan for this run
    quiet: set[str] | frozenset[str] = frozenset()
    if every and (sp.check_local_pass if LOCAL_PASS is None else LOCAL_PASS):
        locs = sp.stores.check_locals
        hit = locs.get(id(order))
        if hit is None or hit[2] is not order:
            local = tuple(c for c in order if c.local is not None)
            hit = locs[id(order)] = (local, ("local", tuple(c.id for c in local)), order)
            if len(locs) > 10_000:
                locs.clear()
        if hit[0]:
            quiet = ctx.quiet(hit[0], hit[1])
    if entries is not None:  # the kept run list: each check's fields read once, when kept
        for chk, cid, when, structural, run in entries:
            if cid in quiet or (when is not None and not when(ctx)):
                continue
            for hit in _run_structural(chk, ctx, smemo) if structural else run(ctx):
                _found(findings, chk, chk.severity, hit, ctx)
        order = ()
    for chk in order:
        if not gated:
            if not (every or opts.wants(chk.id, chk.name)):
                continue
            ran += 1
            if (chk.types and types.isdisjoint(chk.types)) or (
                chk.facts and facts.isdisjoint(chk.facts)
            ):
                continue  # nothing it reads is in the graph: it would find nothing
        if chk.id in quiet:
            continue  # a layer-local check no layer group can fire (``LOCAL_PASS``)
        if chk.when is not None and not chk.when(ctx):
            continue
        sev = opts.severity_of(chk.id, chk.name, chk.severity) if opts.severity else chk.severity
        hits = (
            _run_structural(chk, ctx, smemo)
            if smemo is not None and chk.structural
            else chk.run(ctx)
        )
        for hit in hits:
            _found(findings, chk, sev, hit, ctx)
    if plan is None:  # keep this structure's run list once every structural check is known
        silent = {
            c.id
            for c in order
            if c.structural and c.when is None and smemo.get(c.id, _UNSEEN) == ()
        }
        if all(
            c.id in smemo for c in order if c.structural and c.when is None
        ):  # each remembered (found nothing, found hits, or not a function of the structure)
            kept = tuple(c for c in order if c.id not in silent)
            smemo[_PLAN] = (
                order,
                kept,
                tuple((c, c.id, c.when, c.structural, c.run) for c in kept),
            )
    value, comp = score(findings)
    if "shapes" in ctx.__dict__:  # only when some check already paid for shape inference
        layers = ctx.layer_ids
        known = len(layers.intersection(ctx.shapes.shapes))
        comp["shape_coverage"] = round(known / len(layers), 4) if layers else 1.0
    return Report(findings=findings, score=value, components=comp, checks_run=ran)


def graph_from_data(data: object, where: str | None = None) -> Graph:
    """Graph JSON data -> Graph, keeping what the strict loader would refuse but a check can
    report: a node id used twice is renamed ``id~2`` and noted, so STR003 says so instead of
    the whole file failing to load (hand-built graphs are where this happens)."""
    if isinstance(data, dict) and isinstance(data.get("nodes"), list):
        seen: dict[str, int] = {}
        nodes = []
        for raw in data["nodes"]:
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                k = seen[raw["id"]] = seen.get(raw["id"], 0) + 1
                if k > 1:
                    raw = {
                        **raw,
                        "id": f"{raw['id']}~{k}",
                        "notes": [*raw.get("notes", []), f"duplicate id {raw['id']!r}"],
                    }
            nodes.append(raw)
        data = {**data, "nodes": nodes}
    return Graph.from_data(data, where)


def verify_data(data: object, options: VerifyOptions | None = None) -> Report:
    """``verify`` for graph JSON data (a dict), see ``graph_from_data``."""
    return verify(graph_from_data(data), options)
