"""Graph transforms: expanding repeats, collapsing identical consecutive blocks."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from driftcheck.graph.model import Graph, Node


def _subtree(graph: Graph, root: Node) -> list[Node]:
    return [root, *graph.walk(root.id)]


def expand(graph: Graph) -> Graph:
    """Write every ``repeat > 1`` subtree out as explicit copies chained in dataflow order.

    Copy k of node ``x`` gets id ``x`` for k == 0 and ``x#k`` after; edges entering the block
    go to copy 0, edges leaving it leave the last copy, and each copy feeds the next (the
    dataflow that entered copy 0 enters copy k from copy k-1's exits).
    """
    g = graph.model_copy(deep=True)
    while True:
        target = next((n for n in g.nodes if n.repeat > 1), None)
        if target is None:
            return g
        g = _expand_one(g, target)


def _expand_one(g: Graph, target: Node) -> Graph:
    from driftcheck.graph.model import Edge, Graph

    sub = _subtree(g, target)
    sub_ids = {n.id for n in sub}
    times = target.repeat
    entering = [e for e in g.edges if e.dst in sub_ids and e.src not in sub_ids]
    leaving = [e for e in g.edges if e.src in sub_ids and e.dst not in sub_ids]
    internal = [e for e in g.edges if e.src in sub_ids and e.dst in sub_ids]
    others = [e for e in g.edges if e.src not in sub_ids and e.dst not in sub_ids]

    def cid(i: str, k: int) -> str:
        return i if k == 0 else f"{i}#{k}"

    new_nodes: list = []
    for n in g.nodes:
        if n.id != target.id:
            if n.id not in sub_ids:
                new_nodes.append(n)
            continue
        for k in range(times):
            for m in sub:
                c = m.model_copy(deep=True)
                c.id = cid(m.id, k)
                if m.id == target.id:
                    c.repeat = 1
                    if c.name and k:
                        c.name = f"{c.name}#{k}"
                else:
                    c.parent = cid(m.parent, k) if m.parent in sub_ids else m.parent
                    if c.name and k:
                        c.name = f"{c.name}#{k}"
                c.tied = {
                    w: (cid(t.split(".", 1)[0], k) + "." + t.split(".", 1)[1])
                    if t.split(".", 1)[0] in sub_ids
                    else t
                    for w, t in m.tied.items()
                }
                new_nodes.append(c)
    edges = list(others)
    for k in range(times):
        edges += [Edge(src=cid(e.src, k), dst=cid(e.dst, k), index=e.index) for e in internal]
    edges += list(entering)
    for k in range(1, times):
        # copy k takes, at each entry point, what leaves copy k-1
        exits = [e.src for e in leaving] or []
        for e in entering:
            src = cid(exits[0], k - 1) if exits else e.src
            edges.append(Edge(src=src, dst=cid(e.dst, k), index=e.index))
    edges += [Edge(src=cid(e.src, times - 1), dst=e.dst, index=e.index) for e in leaving]
    outputs = [cid(o, times - 1) if o in sub_ids else o for o in g.outputs]
    seen = set()
    uniq = []
    for e in edges:
        key = (e.src, e.dst, e.index)
        if key not in seen:
            seen.add(key)
            uniq.append(e)
    return Graph(
        name=g.name,
        origin=g.origin,
        nodes=new_nodes,
        edges=uniq,
        outputs=outputs,
        facts=g.facts,
        notes=g.notes,
        unfollowed=g.unfollowed,
    )
