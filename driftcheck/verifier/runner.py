"""``verify(graph, options) -> Report``: deterministic, pure, fast.

Checks run in phases (see ``Check.phase``) and, inside a phase, by id, so the output order
never depends on dict or file order. Nothing here reads files: suppression comments are applied
by the caller (``driftcheck.verifier.suppress``), which keeps ``verify`` usable as a reward.
"""

from __future__ import annotations

import gc

from driftcheck.findings import Finding
from driftcheck.graph.model import Graph
from driftcheck.speed import Speed
from driftcheck.verifier.base import Check
from driftcheck.verifier.context import Context
from driftcheck.verifier.options import VerifyOptions
from driftcheck.verifier.registry import run_order
from driftcheck.verifier.report import Report, score


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
    paused = gc.isenabled()
    gc.disable()
    try:
        return _verify(graph, options, context, speed)
    finally:
        if paused:
            gc.enable()


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
    key = (frozenset(ctx.by_type), frozenset(facts))
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
    for chk in order:
        if not gated:
            if not (every or opts.wants(chk.id, chk.name)):
                continue
            ran += 1
            if (chk.types and types.isdisjoint(chk.types)) or (
                chk.facts and facts.isdisjoint(chk.facts)
            ):
                continue  # nothing it reads is in the graph: it would find nothing
        if chk.when is not None and not chk.when(ctx):
            continue
        sev = opts.severity_of(chk.id, chk.name, chk.severity) if opts.severity else chk.severity
        for hit in chk.run(ctx):
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
