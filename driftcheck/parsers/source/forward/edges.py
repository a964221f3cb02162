"""forward() dataflow: the pass that follows the root's forward and adds inputs, op nodes,
edges and outputs to the graph (``Flow`` in ``dataflow``, the interpreter in ``dataflow_eval``).
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph.model import Graph
from driftcheck.parsers.source.forward.dataflow import CALLED_UNWIRED, MAX_SITE_OPS, Flow, Stop
from driftcheck.parsers.source.values.dataflow_values import Tens, first_tensor


def returned_tensors(v: Any, depth: int = 0) -> list[Tens]:
    """The model's outputs: every tensor of a returned tuple or list, in order (nested ones
    flattened: ``logits, (h, c)``); of a dict or ``ModelOutput``, its first tensor (what
    ``output[0]`` gives); a recurrent layer's tuple counts only its known first item."""
    if isinstance(v, Tens):
        return [v]
    if isinstance(v, (tuple, list)) and depth < 6:
        return [t for x in v for t in returned_tensors(x, depth + 1)]
    t = first_tensor(v)
    return [t] if t is not None else []


def add_edges(graph: Graph, builder: Any, interp: Any) -> None:
    """Entry point called by ``analyze``: interpret the root's forward, add inputs/ops/edges."""
    from driftcheck.parsers.source.forward.dataflow_eval import Runner

    root_id = next((n.id for n in graph.nodes if n.parent is None), None)
    root = builder.objs.get(root_id) if root_id is not None else None
    if root is None:
        return
    flow = Flow(graph, builder, interp)
    flow.map_tree(root)
    runner = Runner(flow)
    complete = True
    try:
        out = runner.run_root(root)
    except Stop as e:
        graph.notes.append(f"forward dataflow stopped: {e}")
        out, complete = None, False
    except RecursionError:
        graph.notes.append("forward dataflow stopped: recursion too deep")
        out, complete = None, False
    graph.edges.extend(flow.edges)
    graph.outputs = [t.src for t in returned_tensors(out) if t.src is not None]
    if complete:
        flow.mark_unused()
    wired = {e.src for e in flow.edges} | {e.dst for e in flow.edges}
    for nid in sorted(flow.called - wired):  # reached, but on tensors we could not follow
        node = flow.node(nid)
        if node is not None and node.type != "Module" and CALLED_UNWIRED not in node.notes:
            node.notes.append(CALLED_UNWIRED)
    if flow.capped_sites:
        lines = sorted({f"{loc[1]}" for loc, _ in flow.capped_sites if loc})[:5]
        graph.notes.append(
            f"forward: a loop unrolled over {MAX_SITE_OPS} ops at line(s) {', '.join(lines)}; "
            "later iterations not followed"
        )
    if flow.skipped_cycles:
        graph.notes.append(
            f"forward: {flow.skipped_cycles} edge(s) left out that would close a cycle "
            "(a module applied to its own output)"
        )
    graph.notes.extend(runner.notes[:20])
    graph.invalidate()
