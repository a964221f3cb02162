"""Human renderings of a graph: an indented text tree, Mermaid and Graphviz dot."""

from __future__ import annotations

from math import prod

from driftcheck.graph.counting import node_weights, shown_notes
from driftcheck.graph.model import Graph, Node

MAX_NOTES = 10


def _params_of(graph: Graph, node: Node) -> int | None:
    if graph.is_leaf(node):
        if node.type in ("Input", "Module"):
            return 0
        w = node_weights(node)
        if w is None:
            return None
        return sum(prod(s) for k, s in w.items() if k not in node.tied) * node.repeat
    total = 0
    for c in graph.children(node.id):
        n = _params_of(graph, c)
        if n is None:
            return None
        total += n
    return total * node.repeat


def _attrs(node: Node) -> str:
    items = [f"{k}={v}" for k, v in node.params.items() if v is not None and k != "name"]
    items += [f"{k}=?" for k in node.unresolved]
    return ", ".join(items)


def render_text(graph: Graph) -> str:
    total = graph.params_total()
    head = f"{graph.name or 'graph'}  [{graph.origin.kind}"
    head += f": {graph.origin.path}]" if graph.origin.path else "]"
    lines = [head]

    def visit(node: Node, depth: int) -> None:
        n = _params_of(graph, node)
        rep = f" x{node.repeat}" if node.repeat > 1 else ""
        label = node.name or node.id
        count = "?" if n is None else f"{n:,}"
        where = f"  @{node.loc}" if node.loc and node.loc.line else ""
        lines.append(
            f"{'  ' * depth}{label}: {node.type}{rep}({_attrs(node)})  params={count}{where}"
        )
        for c in graph.children(node.id):
            visit(c, depth + 1)

    for r in graph.roots():
        visit(r, 1)
    if graph.facts:
        lines.append("facts:")
        lines += [
            f"  {k} = {f.value!r}" + (f"  @{f.loc}" if f.loc else "")
            for k, f in graph.facts.items()
        ]
    notes = shown_notes(graph)
    if notes:  # why a count is unresolved or a pass stopped: said, not hidden
        lines.append("notes:")
        lines += [f"  {n}" for n in notes[:MAX_NOTES]]
        if len(notes) > MAX_NOTES:
            lines.append(f"  ... {len(notes) - MAX_NOTES} more (--format json has all)")
    lines.append(f"params_total: {'unresolved' if total is None else f'{total:,}'}")
    return "\n".join(lines)


def _safe(i: str) -> str:
    return "n_" + "".join(ch if ch.isalnum() else "_" for ch in i)


def render_mermaid(graph: Graph) -> str:
    out = ["flowchart TD"]

    def visit(node: Node, depth: int) -> None:
        pad = "  " * depth
        kids = graph.children(node.id)
        rep = f" x{node.repeat}" if node.repeat > 1 else ""
        if kids:
            out.append(
                f'{pad}subgraph {_safe(node.id)}["{node.name or node.id}: {node.type}{rep}"]'
            )
            for c in kids:
                visit(c, depth + 1)
            out.append(f"{pad}end")
        else:
            out.append(f'{pad}{_safe(node.id)}["{node.name or node.id}: {node.type}{rep}"]')

    for r in graph.roots():
        visit(r, 1)
    for e in graph.edges:
        out.append(f"  {_safe(e.src)} --> {_safe(e.dst)}")
    return "\n".join(out)


def render_dot(graph: Graph) -> str:
    out = ["digraph driftcheck {", "  rankdir=TB;", "  node [shape=box, fontname=monospace];"]

    def visit(node: Node, depth: int) -> None:
        pad = "  " * depth
        kids = graph.children(node.id)
        rep = f" x{node.repeat}" if node.repeat > 1 else ""
        label = f"{node.name or node.id}\\n{node.type}{rep}".replace('"', "'")
        if kids:
            out.append(f"{pad}subgraph cluster_{_safe(node.id)} {{")
            out.append(f'{pad}  label="{label}";')
            for c in kids:
                visit(c, depth + 1)
            out.append(f"{pad}}}")
        else:
            out.append(f'{pad}{_safe(node.id)} [label="{label}"];')

    for r in graph.roots():
        visit(r, 1)
    for e in graph.edges:
        attr = f' [label="{e.index}"]' if e.index is not None else ""
        out.append(f"  {_safe(e.src)} -> {_safe(e.dst)}{attr};")
    out.append("}")
    return "\n".join(out)


def render(graph: Graph, fmt: str) -> str:
    return {"text": render_text, "mermaid": render_mermaid, "dot": render_dot}[fmt](graph)
