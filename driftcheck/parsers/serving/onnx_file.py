"""ONNX models, read with the ``onnx`` package: ops and initializer shapes -> typed layers.

Mapping where it is unambiguous: Gemm, and MatMul (+ the Add of a bias) on an initializer ->
Linear; Conv -> Conv1d/2d/3d; Gather on a 2-D initializer -> Embedding; LayerNormalization ->
LayerNorm; every layer is checked by the catalogue's weight rule (``layers.classify``). Other
ops become weightless ``Module`` leaves named by their op, and initializers no layer claims
become ``Parameter`` nodes, so the parameter count stays the file's. ONNX graphs must be DAGs
(the spec requires topological order); a cycle is refused with the tensors on it.
"""

from __future__ import annotations

import os
from collections import Counter, deque
from math import prod
from pathlib import Path
from typing import Any

from driftcheck import safeio
from driftcheck.errors import DriftcheckError
from driftcheck.findings import Location
from driftcheck.graph.model import Edge, Graph, Node
from driftcheck.parsers.serving.common import FactSheet
from driftcheck.parsers.serving.layers import classify

MAX_ONNX_BYTES = 2 * 1024**3  # protobuf's own limit for one message
_FLOAT_TYPES = {1: "float32", 10: "float16", 11: "float64", 16: "bfloat16"}


def read_onnx(path: Path) -> Any:
    import onnx
    from google.protobuf.message import DecodeError

    where = str(path)
    try:
        with safeio.open_input(path) as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > MAX_ONNX_BYTES:
                raise DriftcheckError(
                    f"ONNX file is {size} bytes, over protobuf's 2 GB limit", where
                )
            data = fh.read(MAX_ONNX_BYTES + 1)
        return onnx.load_model_from_string(data)  # external data is never loaded
    except (DecodeError, ValueError, RuntimeError, OSError) as e:
        msg = str(e).splitlines()[0][:160] if str(e) else type(e).__name__
        raise DriftcheckError(f"not a readable ONNX model: {msg}", where) from None


def check_acyclic(graph: Any, where: str) -> None:
    """Kahn's algorithm over tensor dataflow; raise naming a node on the cycle."""
    producer = {}
    for i, node in enumerate(graph.node):
        for out in node.output:
            if out:
                producer[out] = i
    indeg = [0] * len(graph.node)
    users: dict[int, list[int]] = {}
    for i, node in enumerate(graph.node):
        for inp in node.input:
            p = producer.get(inp)
            if p is not None:
                indeg[i] += 1
                users.setdefault(p, []).append(i)
    queue = deque(i for i, d in enumerate(indeg) if d == 0)
    seen = 0
    while queue:
        i = queue.popleft()
        seen += 1
        for u in users.get(i, []):
            indeg[u] -= 1
            if indeg[u] == 0:
                queue.append(u)
    if seen != len(graph.node):
        stuck = [graph.node[i] for i, d in enumerate(indeg) if d > 0]
        names = ", ".join(f"{n.name or n.op_type}" for n in stuck[:4])
        raise DriftcheckError(
            f"ONNX graph has a cycle ({len(stuck)} nodes on or after it: {names}); "
            "ONNX graphs must be acyclic",
            where,
        )


def _path(node: Any, weight_name: str | None) -> str:
    if weight_name and weight_name.endswith(".weight"):
        return weight_name[: -len(".weight")]
    parts = [p for p in (node.name or "").split("/") if p]
    return ".".join(parts[:-1]) if len(parts) > 1 else (node.name or node.op_type)


def _attr(node: Any, name: str, default: Any) -> Any:
    import onnx

    for a in node.attribute:
        if a.name == name:
            return onnx.helper.get_attribute_value(a)
    return default


def load_onnx(path: Path) -> Graph:
    where = str(path)
    model = read_onnx(path)
    g = model.graph
    check_acyclic(g, where)
    inits = {t.name: (tuple(int(d) for d in t.dims), t.data_type) for t in g.initializer}
    consumers: dict[str, list[Any]] = {}
    for node in g.node:
        for inp in node.input:
            consumers.setdefault(inp, []).append(node)
    nodes: list[Node] = []
    tensor_src: dict[str, str] = {}
    claimed: set[str] = set()
    skip: set[int] = set()
    used_ids: Counter[str] = Counter()

    def new_id(base: str) -> str:
        base = base.replace(".", "/") or "node"
        used_ids[base] += 1
        return base if used_ids[base] == 1 else f"{base}#{used_ids[base] - 1}"

    for inp in g.input:
        if inp.name in inits:
            continue
        dims = [d.dim_value if d.HasField("dim_value") else (d.dim_param or None)
                for d in inp.type.tensor_type.shape.dim]  # fmt: skip
        nid = new_id(f"input/{inp.name}")
        nodes.append(Node(id=nid, type="Input", name=inp.name, params={"shape": dims}))
        tensor_src[inp.name] = nid
    edges: list[tuple[str, str, int]] = []
    embed_rows = None
    for idx, node in enumerate(g.node):
        if idx in skip:
            continue
        layer, outputs, weights = _map(node, inits, consumers, skip, g.node)
        if node.op_type == "Gather" and weights:
            embed_rows = inits[weights[0]][0][0]
        nid = new_id(_path(node, weights[0] if weights else None) if layer else
                     (node.name or node.op_type).strip("/"))  # fmt: skip
        if layer is not None:
            claimed.update(weights)
            nodes.append(Node(id=nid, type=layer[0], name=_path(node, weights[0]),
                              params=layer[1], notes=[f"onnx {node.op_type}"]))  # fmt: skip
        else:
            nodes.append(Node(id=nid, type="Module", name=node.name or None,
                              notes=[f"onnx op {node.op_type}"]))  # fmt: skip
        for k, inp in enumerate(node.input):
            if inp in tensor_src:
                edges.append((tensor_src[inp], nid, k))
        for out in outputs:
            tensor_src[out] = nid
    for name, (shape, _) in inits.items():
        if name not in claimed and consumers.get(name):
            nodes.append(Node(id=new_id(f"param/{name}"), type="Parameter", name=name,
                              params={"shape": list(shape)}))  # fmt: skip
    sheet = FactSheet(where)
    floats = {n: s for n, (s, t) in inits.items() if t in _FLOAT_TYPES and consumers.get(n)}
    sheet.put("tensorCount", len(inits), "graph.initializer")
    sheet.put("numParameters", sum(prod(s) for s in floats.values()), "graph.initializer")
    by_type = Counter()
    for s, t in inits.values():
        if t in _FLOAT_TYPES:
            by_type[_FLOAT_TYPES[t]] += prod(s)
    if by_type:
        sheet.put("dtype", by_type.most_common(1)[0][0], "graph.initializer")
    sheet.put("vocabSize", embed_rows, "Gather")
    sheet.notes.append(
        "opset " + ", ".join(f"{o.domain or 'ai.onnx'}:{o.version}" for o in model.opset_import)
    )
    for n in nodes:
        n.loc = Location(file=where, key=n.name)
    ids = {n.id for n in nodes}
    links = [Edge(src=s, dst=d, index=k) for s, d, k in dict.fromkeys(edges) if s in ids]
    outputs = list(dict.fromkeys(tensor_src[o.name] for o in g.output if o.name in tensor_src))
    return sheet.graph("onnx", kind="checkpoint", name=g.name or path.name, nodes=nodes,
                       edges=links, outputs=outputs)  # fmt: skip


def _map(node: Any, inits: dict, consumers: dict, skip: set[int], all_nodes: Any):
    """(layer, output tensors, initializer names it owns) for one ONNX node; layer may be None."""
    op = node.op_type
    ins = list(node.input)
    outs = [o for o in node.output if o]
    if op == "Gemm" and len(ins) >= 2 and ins[1] in inits:
        w = inits[ins[1]][0]
        if len(w) == 2:
            w = w if _attr(node, "transB", 0) else (w[1], w[0])
            attrs = {"weight": w}
            owned = [ins[1]]
            if len(ins) > 2 and ins[2] in inits:
                attrs["bias"] = inits[ins[2]][0]
                owned.append(ins[2])
            return classify(_path(node, ins[1]), attrs), outs, owned
    if op == "MatMul" and len(ins) == 2 and ins[1] in inits and len(inits[ins[1]][0]) == 2:
        din, dout = inits[ins[1]][0]
        attrs: dict[str, tuple[int, ...]] = {"weight": (dout, din)}
        owned = [ins[1]]
        users = consumers.get(outs[0], []) if outs else []
        if len(users) == 1 and users[0].op_type == "Add":
            add = users[0]
            other = [i for i in add.input if i != outs[0]]
            if other and other[0] in inits and inits[other[0]][0] == (dout,):
                attrs["bias"] = (dout,)
                owned.append(other[0])
                skip.add(list(all_nodes).index(add))
                outs = [o for o in add.output if o]
        return classify(_path(node, ins[1]), attrs), outs, owned
    if op == "Conv" and len(ins) >= 2 and ins[1] in inits:
        attrs = {"weight": inits[ins[1]][0]}
        owned = [ins[1]]
        if len(ins) > 2 and ins[2] in inits:
            attrs["bias"] = inits[ins[2]][0]
            owned.append(ins[2])
        if _attr(node, "group", 1) == 1:
            return classify(_path(node, ins[1]), attrs), outs, owned
    if op == "Gather" and ins and ins[0] in inits and len(inits[ins[0]][0]) == 2:
        rows, dim = inits[ins[0]][0]
        # the name only steers classify to Embedding (a Gather table is never a Linear)
        return classify("embeddings", {"weight": (rows, dim)}), outs, [ins[0]]
    if op == "LayerNormalization" and len(ins) >= 2 and ins[1] in inits:
        attrs = {"weight": inits[ins[1]][0]}
        owned = [ins[1]]
        if len(ins) > 2 and ins[2] in inits:
            attrs["bias"] = inits[ins[2]][0]
            owned.append(ins[2])
        return classify(_path(node, ins[1]), attrs), outs, owned
    return None, outs, []
