"""``compare --format html``: one self-contained page, both sides' graphs side by side.

Nothing is fetched: the CSS, the SVG drawings and the few lines of script are inline, so the
file opens from disk, from a CI artifact or an e-mail. Each side's layers are drawn as an SVG in
dataflow order (networkx's topological generations: one row per generation); every finding in
the list links to the nodes it concerns, found by its graph node id, by the code line it points
at (a node built on that line) or by the layer type its attribute names
(``multiheadAttention.numHeads`` -> the MultiheadAttention layers). Linked nodes carry a badge
with the finding's number; clicking a finding highlights and scrolls to them. The script marks
the page ``data-ready`` once the links are made (the browser test waits for it).

The graphs are the sides compare loaded (``ReportContext.graphs``, with its ``--entry-*``
options); a caller that gives none gets them loaded from the sources the report names. A side
that cannot be loaded is shown as a note, never as an error.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from driftcheck.findings import Finding
from driftcheck.reports.common import ReportContext, fmt_value, ordered, summary_line

MAX_NODES = 400
BOX_W, BOX_H, GAP_X, GAP_Y = 170, 34, 18, 26
HIT = "#d7263d"  # the badge colour (the browser test looks for it in the screenshot)


def _load(ctx: ReportContext) -> dict[str, Any]:
    if ctx.graphs.get("left") is not None and ctx.graphs.get("right") is not None:
        return {"left": ctx.graphs["left"], "right": ctx.graphs["right"]}  # compare's own sides
    left, right = ctx.sources.get("left"), ctx.sources.get("right")
    if not left or not right:
        return {}
    try:
        from driftcheck.drift import load_sides

        sides = load_sides(left, right)
    except Exception as e:  # noqa: BLE001 - the page still shows the findings
        return {"error": f"{type(e).__name__}: {e}"}
    return {"left": sides.left, "right": sides.right}


def _layers(graph) -> list:
    leaves = [n for n in graph.leaves() if n.type not in ("Module",)]
    return leaves[:MAX_NODES]


def _layout(graph, nodes: list) -> dict[str, tuple[int, int]]:
    import networkx as nx

    ids = {n.id for n in nodes}
    order = {n.id: i for i, n in enumerate(nodes)}
    g = nx.DiGraph()
    g.add_nodes_from(n.id for n in nodes)
    g.add_edges_from((e.src, e.dst) for e in graph.edges if e.src in ids and e.dst in ids)
    try:
        rows = [sorted(gen, key=order.__getitem__) for gen in nx.topological_generations(g)]
    except nx.NetworkXUnfeasible:  # a cycle: plain order, four to a row
        order = [n.id for n in nodes]
        rows = [order[i : i + 4] for i in range(0, len(order), 4)]
    pos: dict[str, tuple[int, int]] = {}
    for r, row in enumerate(rows):
        for c, nid in enumerate(row):
            pos[nid] = (GAP_X + c * (BOX_W + GAP_X), GAP_Y + r * (BOX_H + GAP_Y))
    return pos


def _targets(f: Finding, side: str, graph, nodes: list) -> list[str]:
    """Node ids on ``side`` that finding ``f`` concerns."""
    ids = {n.id for n in nodes}
    out: list[str] = []
    if f.node and f.node in ids:
        out.append(f.node)
    for loc in f.locations:
        if loc.side not in (side, None) or not loc.file or not loc.line:
            continue
        name = Path(loc.file).name
        for n in graph.nodes:  # a layer built on that line, or the layers of a block built there
            if n.loc and n.loc.line == loc.line and n.loc.file and Path(n.loc.file).name == name:
                if n.id in ids:
                    out.append(n.id)
                else:
                    out += [x.id for x in nodes if n in graph.ancestors(x)][:50]
    if not out and f.attribute:
        head = f.attribute.split(".", 1)[0].lower()
        out += [n.id for n in nodes if n.type.lower() == head]
    return list(dict.fromkeys(out))


def _svg(side: str, graph, nodes: list, links: dict[str, list[int]]) -> str:
    pos = _layout(graph, nodes)
    w = max((x for x, _ in pos.values()), default=0) + BOX_W + GAP_X
    h = max((y for _, y in pos.values()), default=0) + BOX_H + GAP_Y
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img">']
    for e in graph.edges:
        if e.src in pos and e.dst in pos:
            (x1, y1), (x2, y2) = pos[e.src], pos[e.dst]
            parts.append(
                f'<line x1="{x1 + BOX_W // 2}" y1="{y1 + BOX_H}" x2="{x2 + BOX_W // 2}" '
                f'y2="{y2}" class="edge"/>'
            )
    for n in nodes:
        if n.id not in pos:
            continue
        x, y = pos[n.id]
        label = (n.name or n.id).rsplit(".", 2)
        text = ".".join(label[-2:])[:24]
        nums = links.get(n.id, [])
        cls = "node linked" if nums else "node"
        parts.append(
            f'<g class="{cls}" id="{side}:{html.escape(n.id)}" data-findings="'
            f'{" ".join(map(str, nums))}"><title>{html.escape(n.name or n.id)} ({n.type})'
            f"{' line ' + str(n.loc.line) if n.loc and n.loc.line else ''}</title>"
            f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="5"/>'
            f'<text x="{x + 6}" y="{y + 14}">{html.escape(text)}</text>'
            f'<text x="{x + 6}" y="{y + 28}" class="type">{html.escape(n.type)}</text>'
        )
        if nums:
            tag = "#" + ",".join(map(str, nums[:3])) + ("+" if len(nums) > 3 else "")
            bw = 8 + 7 * len(tag)
            parts.append(
                f'<rect class="badge" x="{x + BOX_W - bw + 4}" y="{y - 8}" width="{bw}" '
                f'height="16" rx="3" fill="{HIT}"/><text class="badge-text" '
                f'x="{x + BOX_W - bw + 8}" y="{y + 4}">{tag}</text>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


CSS = f"""
body{{font:14px system-ui,sans-serif;margin:16px;color:#222}}
h1{{font-size:18px}} .sides{{display:flex;gap:16px;align-items:flex-start}}
.side{{flex:1;min-width:0;border:1px solid #ccc;border-radius:6px;padding:8px;overflow:auto;
max-height:80vh}} .side h2{{font-size:15px;margin:4px 0 8px}}
.edge{{stroke:#999;stroke-width:1}} .node rect{{fill:#eef3fb;stroke:#5b7db1}}
.node text{{font:11px monospace;fill:#111}} .node text.type{{fill:#555}}
.node.linked>rect:first-of-type{{stroke:{HIT};stroke-width:3}}
.node.hit>rect:first-of-type{{fill:#ffe08a}} .node rect.badge{{fill:{HIT};stroke:none}}
.badge-text{{fill:#fff;font:bold 10px monospace}}
ol.findings li{{margin:4px 0}} .sev{{font-weight:bold;padding:0 4px;border-radius:3px}}
.sev.blocker,.sev.major{{background:{HIT};color:#fff}} .sev.minor,.sev.warning{{background:#f0ad4e}}
.sev.info{{background:#9bc}} .where{{color:#555;font:12px monospace}} .note{{color:#a40}}
"""

JS = """
document.querySelectorAll('li.finding').forEach(function(li){
  var n = 0;
  (li.dataset.targets || '').split(' ').filter(Boolean).forEach(function(t){
    if (document.getElementById(t)) n++;
  });
  li.dataset.linked = n;
  li.querySelector('.count').textContent = n ? n + ' node(s)' : 'no node';
  li.addEventListener('click', function(){
    document.querySelectorAll('.hit').forEach(function(e){ e.classList.remove('hit'); });
    (li.dataset.targets || '').split(' ').filter(Boolean).forEach(function(t, i){
      var el = document.getElementById(t);
      if (el){ el.classList.add('hit'); if (i === 0) el.scrollIntoView({block:'center'}); }
    });
  });
});
document.body.dataset.ready = '1';
"""


def render_html(findings: list[Finding], ctx: ReportContext) -> str:
    graphs = _load(ctx)
    fs = ordered(findings)
    nodes = {s: _layers(graphs[s]) for s in ("left", "right") if s in graphs}
    targets: list[list[str]] = []
    links: dict[str, dict[str, list[int]]] = {s: {} for s in nodes}
    for i, f in enumerate(fs, 1):
        mine = []
        for s, ns in nodes.items():
            for nid in _targets(f, s, graphs[s], ns):
                mine.append(f"{s}:{nid}")
                links[s].setdefault(nid, []).append(i)
        targets.append(mine)
    title = " vs ".join(ctx.sources.get(s, s) for s in ("left", "right"))
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>driftcheck: {html.escape(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>driftcheck {html.escape(ctx.version)}: {html.escape(title)}</h1>",
        f"<p>{html.escape(summary_line(fs))}</p>",
        '<ol class="findings">',
    ]
    for i, (f, t) in enumerate(zip(fs, targets), 1):
        where = "; ".join(
            f"{loc.side or 'at'}: {ctx.where(loc)}"
            + (f" = {fmt_value(f.values[loc.side])}" if loc.side in f.values else "")
            for loc in f.locations
        )
        out.append(
            f'<li class="finding" id="finding-{i}" data-targets="{html.escape(" ".join(t))}">'
            f'<span class="sev {f.severity.value}">{f.severity.value}</span> '
            f"<b>#{i} {html.escape(f.check_id)}</b> {html.escape(f.message)} "
            f'<span class="count"></span><div class="where">{html.escape(where)}</div></li>'
        )
    out.append("</ol>")
    if "error" in graphs:
        out.append(f'<p class="note">graphs not drawn: {html.escape(graphs["error"])}</p>')
    out.append('<div class="sides">')
    for s in ("left", "right"):
        if s not in nodes:
            continue
        g = graphs[s]
        shown = len(nodes[s])
        more = len([n for n in g.leaves() if n.type != "Module"]) - shown
        note = f' <span class="note">(first {shown} layers; {more} more)</span>' if more else ""
        out.append(
            f'<div class="side" id="side-{s}"><h2>{s}: {html.escape(ctx.sources.get(s, ""))}'
            f"{note}</h2>{_svg(s, g, nodes[s], links[s])}</div>"
        )
    out.append("</div>")
    data = json.dumps({"sources": ctx.sources, "findings": len(fs)})
    out.append(f'<script type="application/json" id="report-data">{html.escape(data)}</script>')
    out.append(f"<script>{JS}</script></body></html>")
    return "\n".join(out) + "\n"
