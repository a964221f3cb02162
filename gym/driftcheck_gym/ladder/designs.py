"""Designs for the ladder's task families: a seeded generator, perturbations, and the gym's
reference plans.

A generated design is drawn as *genes* (depth, width, activation, normalization, residual
paths, sequence core, positional table, pooling...) and written as a driftcheck graph of
catalogue layers, with the task's input contract. A perturbation redraws one or two genes of a
design. Selectors never see genes: they read the graph (``select.features``), as they would a
design nobody generated.

Gym designs (``gym_designs``): each gym design task's reference plan applied to its starting
graph, then *retargeted* to the ladder family whose data fits it (``retarget``): the Input
shape and dtype set to the family's, the first consumer of each changed width and the output
head's width rewritten, every other layer as the plan wrote it. What cannot be retargeted is
left out and said so.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import numpy as np

from driftcheck.graph.model import Graph, Node
from driftcheck_gym.ladder.tasks import LadderTask, get_task

__all__ = ["design_digest", "generate", "make_design", "perturb", "sample_genes"]

ACTS = ("ReLU", "Tanh", "GELU", "Sigmoid", "none")
WIDTHS = (4, 8, 16, 32, 64, 128, 256)


def design_digest(graph: Graph) -> str:
    """Content digest of a design (nodes, edges, outputs; names and notes ignored)."""
    data = {
        "nodes": [[n.id, n.type, n.params, n.parent, n.repeat] for n in graph.nodes],
        "edges": [[e.src, e.dst, e.index] for e in graph.edges],
        "outputs": list(graph.outputs),
    }
    text = json.dumps(data, sort_keys=True, default=repr, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class _B:
    """Chain builder: ``add`` connects the new node after the current one."""

    def __init__(self, task: LadderTask, name: str) -> None:
        self.g = Graph(name=name)
        self.n = 0
        self.cur = self.node(
            "Input", {"shape": list(task.input_shape), "dtype": task.input_dtype}, ()
        )

    def node(self, type_: str, params: dict[str, Any], srcs: tuple[str, ...] | None = None) -> str:
        self.n += 1
        nid = f"{type_.lower()}_{self.n}"
        self.g.add(Node(id=nid, type=type_, params=params))
        for i, s in enumerate(self.cur if srcs is None else srcs):
            self.g.connect(s, nid, i if (srcs is not None and len(srcs) > 1) else None)
        return nid

    def add(self, type_: str, params: dict[str, Any] | None = None) -> str:
        self.cur = self.node(type_, params or {}, (self.cur,))
        return self.cur

    def join(self, type_: str, a: str, b: str, params: dict[str, Any] | None = None) -> str:
        self.cur = self.node(type_, params or {}, (a, b))
        return self.cur

    def act(self, name: str) -> None:
        if name != "none":
            self.add(name)

    def done(self) -> Graph:
        self.g.outputs = [self.cur]
        return self.g


# ---------------------------------------------------------------------------- genes
def _kind(task: LadderTask) -> str:
    if task.name == "digits-image":
        return "image"
    if task.input_dtype == "long":
        return "seq"
    return "mlp"


def sample_genes(task: LadderTask, rng: np.random.Generator) -> dict[str, Any]:
    c = lambda xs: xs[int(rng.integers(len(xs)))]  # noqa: E731
    kind = _kind(task)
    if kind == "mlp":
        return {
            "depth": int(rng.integers(0, 5)),
            "width": c(WIDTHS),
            "act": c(ACTS),
            "norm": c(("none", "none", "BatchNorm1d", "LayerNorm")),
            "dropout": c((0.0, 0.0, 0.1, 0.5)),
            "residual": bool(rng.random() < 0.3),
        }
    if kind == "image":
        return {
            "arch": c(("conv", "conv", "basic", "vgg", "mlp")),
            "stages": int(rng.integers(1, 4)),
            "channels": c((4, 8, 16, 32)),
            "act": c(ACTS),
            "norm": c(("none", "BatchNorm2d")),
            "pool": c(("MaxPool2d", "AvgPool2d", "none")),
            "head": c(("flatten", "gap")),
            "width": c(WIDTHS[1:6]),
        }
    return {
        "d": c((8, 16, 32, 64)),
        "core": c(("transformer", "transformer", "lstm", "gru", "mlp", "conv", "none")),
        "layers": int(rng.integers(1, 3)),
        "pos": bool(rng.random() < 0.6),
        "bidir": bool(rng.random() < 0.5),
        "heads": c((1, 2, 4)),
        "ff": c((1, 2, 4)),
        "norm_first": bool(rng.random() < 0.5),
        "pool": c(("mean", "flatten", "last")),
        "act": c(ACTS[:3]),
    }


def perturb(task: LadderTask, genes: dict[str, Any], rng: np.random.Generator) -> dict[str, Any]:
    """A copy of ``genes`` with one or two of them redrawn (different from before)."""
    new = copy.deepcopy(genes)
    fresh = sample_genes(task, rng)
    keys = sorted(genes)
    n = 1 + int(rng.random() < 0.5)
    for k in rng.choice(keys, size=min(n, len(keys)), replace=False):
        for _ in range(8):
            if fresh[k] != genes[k]:
                break
            fresh = sample_genes(task, rng)
        new[str(k)] = fresh[k]
    return new


def make_design(task: LadderTask, genes: dict[str, Any], name: str | None = None) -> Graph:
    kind = _kind(task)
    b = _B(task, name or f"{task.name}-design")
    if kind == "mlp":
        _mlp(b, task, genes)
    elif kind == "image":
        _image(b, task, genes)
    else:
        _seq(b, task, genes)
    g = b.done()
    g.notes.append("genes " + json.dumps(genes, sort_keys=True))
    return g


def _mlp(b: _B, task: LadderTask, g: dict[str, Any], fin: int | None = None) -> None:
    fin = fin if fin is not None else task.sample_shape[-1]
    w = g["width"]
    if g["depth"] == 0:
        b.add("Linear", {"in_features": fin, "out_features": task.n_out})
        return
    b.add("Linear", {"in_features": fin, "out_features": w})
    _mlp_tail(b, g)
    for _ in range(g["depth"] - 1):
        start = b.cur
        b.add("Linear", {"in_features": w, "out_features": w})
        _mlp_tail(b, g)
        if g["residual"]:
            b.join("Add", start, b.cur)
    b.add("Linear", {"in_features": w, "out_features": task.n_out})


def _mlp_tail(b: _B, g: dict[str, Any]) -> None:
    if g["norm"] == "BatchNorm1d":
        b.add("BatchNorm1d", {"num_features": g["width"]})
    elif g["norm"] == "LayerNorm":
        b.add("LayerNorm", {"normalized_shape": [g["width"]]})
    b.act(g["act"])
    if g["dropout"]:
        b.add("Dropout", {"p": g["dropout"]})


def _image(b: _B, task: LadderTask, g: dict[str, Any]) -> None:
    c_in, side = task.sample_shape[0], task.sample_shape[1]
    if g["arch"] == "mlp":
        b.add("Flatten", {"start_dim": 1})
        _mlp(
            b,
            task,
            {"depth": g["stages"], "width": g["width"], "act": g["act"], "norm": "none"}
            | {"dropout": 0.0, "residual": False},
            fin=c_in * side * side,
        )
        return
    ch = g["channels"]
    if g["arch"] == "basic":
        b.add("Conv2d", {"in_channels": c_in, "out_channels": ch, "kernel_size": 3, "padding": 1})
        for _ in range(g["stages"]):
            b.add("BasicBlock", {"inplanes": ch, "planes": ch})
    else:
        cur = c_in
        for s in range(g["stages"]):
            out = ch * (2**s)
            if g["arch"] == "vgg":
                bn = g["norm"] == "BatchNorm2d"
                b.add("VGGBlock", {"in_channels": cur, "out_channels": out, "batch_norm": bn})
                # VGGBlock ends with its own 2x2 max pool
                side //= 2
            else:
                conv = {"in_channels": cur, "out_channels": out, "kernel_size": 3, "padding": 1}
                b.add("Conv2d", conv)
                if g["norm"] == "BatchNorm2d":
                    b.add("BatchNorm2d", {"num_features": out})
                b.act(g["act"])
                if g["pool"] != "none" and side >= 2:
                    b.add(g["pool"], {"kernel_size": 2})
                    side //= 2
            cur = out
        ch = cur
    if g["head"] == "gap":
        b.add("AdaptiveAvgPool2d", {"output_size": 1})
        b.add("Flatten", {"start_dim": 1})
        b.add("Linear", {"in_features": ch, "out_features": task.n_out})
    else:
        b.add("Flatten", {"start_dim": 1})
        b.add("Linear", {"in_features": ch * side * side, "out_features": task.n_out})


def _seq(b: _B, task: LadderTask, g: dict[str, Any]) -> None:
    d, T = g["d"], task.seq_len
    b.add("Embedding", {"num_embeddings": task.vocab, "embedding_dim": d})
    if g["pos"]:
        emb = b.cur
        pos = b.node("Parameter", {"shape": [T, d]}, ())
        b.join("Add", emb, pos)
    width = d
    core = g["core"]
    if core == "transformer":
        heads = g["heads"] if d % g["heads"] == 0 else 1
        for _ in range(g["layers"]):
            layer = {"d_model": d, "nhead": heads, "dim_feedforward": d * g["ff"]}
            layer |= {"dropout": 0.0, "batch_first": True, "norm_first": g["norm_first"]}
            b.add("TransformerEncoderLayer", layer)
    elif core in ("lstm", "gru"):
        rnn = {"input_size": d, "hidden_size": d, "num_layers": g["layers"]}
        rnn |= {"batch_first": True, "bidirectional": g["bidir"]}
        b.add("LSTM" if core == "lstm" else "GRU", rnn)
        width = d * (2 if g["bidir"] else 1)
    elif core == "mlp":
        for _ in range(g["layers"]):
            b.add("Linear", {"in_features": d, "out_features": d * g["ff"]})
            b.act(g["act"])
            b.add("Linear", {"in_features": d * g["ff"], "out_features": d})
    elif core == "conv":
        b.add("Transpose", {"dim0": 1, "dim1": 2})
        for _ in range(g["layers"]):
            b.add("Conv1d", {"in_channels": d, "out_channels": d, "kernel_size": 3, "padding": 1})
            b.act(g["act"])
        b.add("Transpose", {"dim0": 1, "dim1": 2})
    if task.kind == "seq2seq":
        b.add("Linear", {"in_features": width, "out_features": task.n_out})
        return
    if g["pool"] == "mean":
        b.add("Mean", {"dim": 1})
        b.add("Linear", {"in_features": width, "out_features": task.n_out})
    elif g["pool"] == "last":
        b.add("Select", {"dim": 1, "index": -1})
        b.add("Linear", {"in_features": width, "out_features": task.n_out})
    else:
        b.add("Flatten", {"start_dim": 1})
        b.add("Linear", {"in_features": width * T, "out_features": task.n_out})


# ---------------------------------------------------------------------------- a campaign's set
def generate(
    tasks: list[str], per_task: int, seed: int, perturbed: float = 0.5
) -> list[tuple[str, str, Graph]]:
    """``per_task`` designs per family: fresh draws, and (a share ``perturbed``) perturbations
    of earlier draws of the same family. Returns (task, source, graph); digests are unique."""
    out: list[tuple[str, str, Graph]] = []
    for ti, name in enumerate(tasks):
        task = get_task(name)
        rng = np.random.default_rng([seed, ti])
        pool: list[dict[str, Any]] = []
        seen: set[str] = set()
        tries = 0
        while sum(1 for t, _, _ in out if t == name) < per_task and tries < 50 * per_task:
            tries += 1
            if pool and rng.random() < perturbed:
                genes = perturb(task, pool[int(rng.integers(len(pool)))], rng)
                source = "perturbation"
            else:
                genes = sample_genes(task, rng)
                source = "generator"
            g = make_design(task, genes, name=f"{name}-{len(seen)}")
            dg = design_digest(g)
            if dg in seen:
                continue
            seen.add(dg)
            pool.append(genes)
            out.append((name, source, g))
    return out


# ---------------------------------------------------------------------------- gym designs
_IN_WIDTH: dict[str, tuple[str, int]] = {
    "Linear": ("in_features", -1),
    "Conv1d": ("in_channels", 1),
    "Conv2d": ("in_channels", 1),
    "BatchNorm1d": ("num_features", 1),
    "BatchNorm2d": ("num_features", 1),
    "LayerNorm": ("normalized_shape", -1),
    "RMSNorm": ("normalized_shape", -1),
}
"""The parameter that must equal one axis of a layer's input: what ``retarget`` rewrites."""
_HEADS = ("Linear", "Conv1d", "Conv2d")
_PASS = {"BatchNorm1d", "LayerNorm", "RMSNorm", "Dropout", "ReLU", "GELU", "Tanh", "Identity"}

# gym family -> the ladder families whose data its designs can be retargeted to
GYM_FAMILIES: dict[str, tuple[str, ...]] = {
    "gen-mlp": ("digits", "breast-cancer", "wine", "diabetes"),
    "gen-norm": ("digits", "breast-cancer", "wine", "diabetes"),
    "gen-trim": ("digits", "breast-cancer", "wine", "diabetes"),
    "gen-grow": ("digits", "breast-cancer", "wine", "diabetes"),
    "gen-cnn": ("digits-image",),
    "gen-txf": ("seq-reverse", "seq-sort"),
    "gen-fix": ("seq-reverse", "seq-sort"),
    "gen-gqa": ("seq-reverse", "seq-sort"),
    "gen-retrofit": ("seq-reverse", "seq-sort"),
}


def retarget(graph: Graph, task: LadderTask) -> tuple[Graph | None, str]:
    """``graph`` rewritten to ``task``'s contract, or (None, why not). Rewrites only: the
    Input's shape and dtype, an input Embedding's vocabulary, the output head's width, and
    the input width of each layer whose input changed because of those (``_IN_WIDTH``)."""
    from driftcheck.graph.shapes import MISMATCH, infer_shapes

    g = Graph.from_data(json.loads(graph.model_dump_json()))
    ins = g.inputs()
    if len(ins) != 1 or len(g.outputs) != 1:
        return None, "needs one input and one output"
    inp = ins[0]
    inp.params = {"shape": list(task.input_shape), "dtype": task.input_dtype}
    first = [e.dst for e in g.edges if e.src == inp.id]
    for nid in first:
        n = g.node(nid)
        is_emb = n.type == "Embedding"
        if is_emb != (task.input_dtype == "long"):
            return None, f"first layer {n.type} does not take the task's {task.input_dtype} input"
        if is_emb:
            n.params = {**n.params, "num_embeddings": task.vocab, "padding_idx": None}
    # the output head: the last Linear/Conv before the output through pass-through layers
    cur = g.node(g.outputs[0])
    seen = 0
    while cur.type not in _HEADS and seen < 8:
        preds = [e.src for e in g.edges if e.dst == cur.id]
        if cur.type not in _PASS or len(preds) != 1:
            return None, f"output layer {cur.type} is no head the ladder can resize"
        cur = g.node(preds[0])
        seen += 1
    key = "out_features" if cur.type == "Linear" else "out_channels"
    cur.params = {**cur.params, key: task.n_out}
    g.invalidate()
    for _ in range(64):
        res = infer_shapes(g)
        bad = [e for e in res.errors if e.kind == MISMATCH]
        if not bad:
            break
        n = g.node(bad[0].node)
        fix = _IN_WIDTH.get(n.type)
        got = bad[0].inputs[0][1] if bad[0].inputs else None
        if fix is None or not got or not isinstance(got[fix[1]], int):
            return None, f"{n.id} ({n.type}) cannot take the retargeted shapes"
        name, axis = fix
        value: Any = got[axis]
        if name == "normalized_shape":
            value = [value]
        n.params = {**n.params, name: value}
        g.invalidate()
    res = infer_shapes(g)
    if res.errors:
        return None, res.errors[0].message
    out = res.output_shapes[0]
    want = (1, task.seq_len, task.n_out) if task.kind == "seq2seq" else (1, task.n_out)
    if out is None or tuple(out) != want:
        return None, f"output shape {out}, the task needs {want}"
    return g, "ok"


def gym_designs(
    split: str, seed: int, count: int, families: tuple[str, ...] = tuple(GYM_FAMILIES)
) -> tuple[list[tuple[str, str, Graph]], list[str]]:
    """The gym's reference plans on ``generate_tasks(split, seed, count)``, applied and
    retargeted: (task, source, graph) rows and one line per design left out."""
    from driftcheck_gym import generate_tasks
    from driftcheck_gym.state import apply, to_graph

    tasks = generate_tasks(split, seed, count, families=[f for f in families])
    out: list[tuple[str, str, Graph]] = []
    skipped: list[str] = []
    seen: set[str] = set()
    turn: dict[str, int] = {}
    for t in tasks:
        targets = GYM_FAMILIES.get(t.family)
        if not targets or t.config_task:
            continue
        applied = apply(t.start_arch(), t.reference_plan, repair=t.kind == "repair")
        g0 = to_graph(applied.arch, name=t.id)
        g0 = Graph.from_data(json.loads(g0.model_dump_json()))
        k = turn.get(t.family, 0)
        turn[t.family] = k + 1
        name = targets[k % len(targets)]
        g, why = retarget(g0, get_task(name))
        if g is None:
            skipped.append(f"{t.id} -> {name}: {why}")
            continue
        g.name = f"{t.id}->{name}"
        dg = design_digest(g)
        if dg in seen:
            skipped.append(f"{t.id} -> {name}: same design as an earlier one")
            continue
        seen.add(dg)
        out.append((name, f"gym:{t.family}", g))
    return out, skipped
