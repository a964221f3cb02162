"""Grounding study: every verifier blocker must be a real crash, and real crashes get flagged.

The corpus: small models, clean and systematically corrupted (widths, channels, head counts,
KV heads, missing flatten, top-k, dropout, structure ...), as driftcheck graphs, each built as
a real torch module by a generic graph -> torch builder and run on CPU with a small input.

Every model is rebuilt from ``(family, seed, corruption)``. The builder uses the catalogue's
torch class and kwargs for each node (``spec.torch`` + ``constructor_kwargs``), or the real
transformers / reference module from ``reference_layers`` where torch.nn lacks the layer
(LlamaAttention, LlamaMLP, MixtralSparseMoeBlock, nanoGPT attention); raw params go to the
torch constructor when they do not bind, so a typo fails exactly as torch fails.
"""

from __future__ import annotations

import importlib
import random
from collections import deque

import reference_layers
import torch
from torch import nn

from driftcheck.graph import catalogue
from driftcheck.graph.catalogue.spec import CatalogueError
from driftcheck.graph.model import Graph
from driftcheck.verifier.build import L, net

SYMBOL = 2  # every symbolic dim (B, T) runs as 2


# ---------------------------------------------------------------------------- the builder
class GraphModule(nn.Module):
    """Runs a (repeat-expanded) graph: nodes in topological order, edges by input index."""

    def __init__(self, graph: Graph) -> None:
        super().__init__()
        g = graph.expand()
        self.g = g
        self.order = _topo(g)
        self.mods = nn.ModuleDict()
        self.key = {}
        for k, n in enumerate(g.nodes):
            if n.type in ("Input", "Module") or g.children(n.id):
                continue
            self.key[n.id] = f"m{k}"
            self.mods[f"m{k}"] = _module(n)
        for n in g.nodes:  # ties: share the owner's tensor, as HF's tie_weights does
            for own, ref in n.tied.items():
                owner, _, weight = ref.partition(".")
                setattr(self.mods[self.key[n.id]], own, getattr(self.mods[self.key[owner]], weight))
        self.preds = {}
        for e in g.edges:
            self.preds.setdefault(e.dst, []).append((e.index if e.index is not None else 0, e.src))

    def forward(self, inputs: dict[str, torch.Tensor]) -> list[torch.Tensor]:
        vals: dict[str, torch.Tensor] = {}
        for nid in self.order:
            n = self.g.index[nid]
            if n.type == "Input":
                vals[nid] = inputs[nid]
                continue
            if nid not in self.key:
                continue
            mod = self.mods[self.key[nid]]
            args = [vals[s] for _, s in sorted(self.preds.get(nid, []))]
            out = getattr(mod, "dc_forward", mod)(*args)
            vals[nid] = out[0] if isinstance(out, (tuple, list)) else out
        return [vals[o] for o in self.g.outputs]


def _topo(g: Graph) -> list[str]:
    indeg = {n.id: 0 for n in g.nodes}
    out: dict[str, list[str]] = {}
    for e in g.edges:
        indeg[e.dst] += 1
        out.setdefault(e.src, []).append(e.dst)
    q = deque(i for i, d in indeg.items() if d == 0)
    order = []
    while q:
        i = q.popleft()
        order.append(i)
        for d in out.get(i, ()):
            indeg[d] -= 1
            if indeg[d] == 0:
                q.append(d)
    if len(order) < len(indeg):
        raise RuntimeError("the dataflow has a cycle: no order to run the layers in")
    return order


def _module(n) -> nn.Module:
    spec = catalogue.get(n.type)
    if spec is None:
        raise RuntimeError(f"no module for layer type {n.type!r}")
    try:
        bound = spec.bind(n.params)
    except CatalogueError:
        # let torch judge the raw attributes (unexpected / missing keyword -> TypeError)
        return _torch_class(spec.torch)(**n.params)
    if "reference" in spec.extra:
        return reference_layers.build(spec, dict(bound))
    return _torch_class(spec.torch)(**spec.constructor_kwargs(bound))


def _torch_class(qualname: str):
    module, _, attr = qualname.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def make_inputs(g: Graph) -> dict[str, torch.Tensor]:
    out = {}
    for n in g.inputs():
        shape = [d if isinstance(d, int) else SYMBOL for d in n.params.get("shape") or ()]
        if str(n.params.get("dtype", "float32")).startswith("int"):
            out[n.id] = torch.randint(0, 4, shape)
        else:
            out[n.id] = torch.randn(shape)
    return out


def crashes(g: Graph) -> str | None:
    """None when the model builds and runs one forward on CPU, else the exception's line."""
    torch.manual_seed(0)
    try:
        model = GraphModule(g).eval()
        with torch.no_grad():
            model(make_inputs(g))
    except Exception as e:  # noqa: BLE001 - any failure to build or run is what we measure
        return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:160]
    return None


# ---------------------------------------------------------------------------- the corpus
def _lin(i, o, id, **kw):
    return L("Linear", id, in_features=i, out_features=o, **kw)


def mlp(rng: random.Random, corrupt: str | None) -> Graph:
    d, h, k = rng.choice([4, 6, 8]), rng.choice([8, 12, 16]), rng.choice([2, 3, 5])
    n_blocks = rng.randint(1, 3)
    act = rng.choice(["ReLU", "GELU", "SiLU", "Tanh"])
    mids = [rng.choice([8, 16, 24]) for _ in range(n_blocks)]
    nodes = [L("Input", "x", shape=["B", d]), _lin(d, h, "fc0"), L(act, "a0")]
    edges = ["x->fc0", "fc0->a0"]
    prev = "a0"
    for b, m in enumerate(mids):
        nodes += [
            _lin(h, m, f"up{b}"),
            L(act, f"act{b}"),
            _lin(m, h, f"down{b}"),
            L("Add", f"res{b}"),
        ]
        edges += [
            f"{prev}->up{b}",
            f"up{b}->act{b}",
            f"act{b}->down{b}",
            f"{prev}->res{b}:0",
            f"down{b}->res{b}:1",
        ]
        prev = f"res{b}"
    nodes += [L("Dropout", "drop", p=rng.choice([0.0, 0.1, 0.2])), _lin(h, k, "head")]
    edges += [f"{prev}->drop", "drop->head"]
    g = net(nodes, edges, ["head"])
    b = rng.randrange(n_blocks)
    if corrupt == "width":
        _set(g, rng.choice(["head", f"up{b}"]), in_features=h + rng.randint(1, 3))
    elif corrupt == "residual":
        _set(g, f"down{b}", out_features=h + rng.choice([-2, -1, 1, 2]))
    elif corrupt == "dropout":
        _set(g, "drop", p=rng.choice([1.5, -0.2, 10.0]))
    elif corrupt == "negative":
        _set(g, f"up{b}", out_features=-rng.randint(1, 4))
    elif corrupt == "extra_input":
        g.connect("x", f"up{b}")
    elif corrupt == "missing_input":
        g.edges = [e for e in g.edges if not (e.dst == f"res{b}" and e.index == 1)]
    elif corrupt == "unknown_type":
        g.node(f"act{b}").type = rng.choice(["Swishy", "Dense", "Frob"])
    elif corrupt == "cycle":
        g.connect(f"down{b}", f"up{b}")
    elif corrupt == "unreachable":
        g.add(L("Linear", "orphan", in_features=h, out_features=k).node("orphan"))
        g.outputs = ["orphan"]
    elif corrupt == "typo_param":
        g.node("head").params = {"in_features": h, "out_feature": k}
    elif corrupt == "zero_width":  # builds and runs (empty tensors): a warning, not a blocker
        _set(g, f"up{b}", out_features=0)
        _set(g, f"down{b}", in_features=0)
    elif corrupt == "stacked":  # runs: an info smell
        g.node(f"act{b}").type = "Identity" if catalogue.get("Identity") else "Dropout"
    return g


def transformer(rng: random.Random, corrupt: str | None) -> Graph:
    heads = rng.choice([2, 4, 8])
    hd = rng.choice([4, 8])
    hidden = heads * hd
    kv = rng.choice([x for x in (1, 2, 4, 8) if heads % x == 0])
    inter = rng.choice([16, 32])
    norm = rng.choice(["RMSNorm", "LayerNorm"])
    moe = rng.random() < 0.3 or corrupt == "topk"
    mlp_node = (
        L(
            "SparseMoE",
            "mlp",
            hidden_size=hidden,
            num_experts=4,
            intermediate_size=inter,
            top_k=rng.choice([1, 2]),
        )
        if moe
        else L("GatedMLP", "mlp", hidden_size=hidden, intermediate_size=inter)
    )
    nodes = [
        L("Input", "x", shape=["B", "T", hidden]),
        L(norm, "n1", normalized_shape=hidden),
        L("Attention", "attn", hidden_size=hidden, num_heads=heads, num_kv_heads=kv),
        L("Add", "r1"),
        L(norm, "n2", normalized_shape=hidden),
        mlp_node,
        L("Add", "r2"),
        L(norm, "nf", normalized_shape=hidden),
        _lin(hidden, 11, "head", bias=False),
    ]
    edges = [
        "x->n1",
        "n1->attn",
        "x->r1:0",
        "attn->r1:1",
        "r1->n2",
        "n2->mlp",
        "r1->r2:0",
        "mlp->r2:1",
        "r2->nf",
        "nf->head",
    ]
    g = net(nodes, edges, ["head"])
    if corrupt == "kv":
        _set(g, "attn", num_kv_heads=rng.choice([x for x in (3, 5, 6, 16) if heads % x]))
    elif corrupt == "heads_hidden":  # transformers 5's LlamaConfig refuses it
        _set(
            g, "attn", num_heads=rng.choice([x for x in (3, 5, 6, 7) if hidden % x]), num_kv_heads=1
        )
    elif corrupt == "norm_width":
        _set(g, rng.choice(["n1", "n2", "nf"]), normalized_shape=hidden + rng.choice([2, 4]))
    elif corrupt == "mlp_width":
        _set(g, "mlp", hidden_size=hidden + rng.choice([2, 4]))
    elif corrupt == "topk":
        _set(g, "mlp", top_k=rng.choice([5, 6]))
    elif corrupt == "zero_heads":
        _set(g, "attn", num_heads=0)
    elif corrupt == "head_width":
        _set(g, "head", in_features=hidden + 1)
    return g


def cnn(rng: random.Random, corrupt: str | None) -> Graph:
    c0, size = rng.choice([1, 3]), rng.choice([8, 12, 16])
    chans = [rng.choice([4, 8]) for _ in range(rng.randint(1, 2))]
    norm = rng.choice(["BatchNorm2d", "GroupNorm"])
    nodes = [L("Input", "x", shape=["B", c0, size, size])]
    edges = []
    prev, c_in, s = "x", c0, size
    for i, c in enumerate(chans):
        nodes += [
            L(
                "Conv2d",
                f"conv{i}",
                in_channels=c_in,
                out_channels=c,
                kernel_size=3,
                padding=1,
                bias=False,
            ),
            L("BatchNorm2d", f"bn{i}", num_features=c)
            if norm == "BatchNorm2d"
            else L("GroupNorm", f"bn{i}", num_groups=2, num_channels=c),
            L("ReLU", f"relu{i}"),
            L("MaxPool2d", f"pool{i}", kernel_size=2),
        ]
        edges += [f"{prev}->conv{i}", f"conv{i}->bn{i}", f"bn{i}->relu{i}", f"relu{i}->pool{i}"]
        prev, c_in, s = f"pool{i}", c, s // 2
    nodes += [L("Flatten", "flat"), _lin(c_in * s * s, 10, "fc")]
    edges += [f"{prev}->flat", "flat->fc"]
    g = net(nodes, edges, ["fc"])
    i = rng.randrange(len(chans))
    if corrupt == "channels":
        _set(g, f"conv{i}", in_channels=g.node(f"conv{i}").params["in_channels"] + 1)
    elif corrupt == "no_flatten":
        g.edges = [e for e in g.edges if e.dst != "flat" and e.src != "flat"]
        g.nodes = [n for n in g.nodes if n.id != "flat"]
        g.invalidate()
        g.connect(prev, "fc")
    elif corrupt == "flat_width":
        _set(g, "fc", in_features=c_in * s * s + rng.choice([-1, 1, 4]))
    elif corrupt == "groups":
        _set(g, f"conv{i}", groups=3)
    elif corrupt == "stride0":
        _set(g, f"conv{i}", stride=0)
    elif corrupt == "kernel_big":
        _set(g, f"conv{i}", kernel_size=size + 3, padding=0)
    elif corrupt == "pool_pad":
        _set(g, f"pool{i}", padding=2)
    elif corrupt == "norm_groups":
        g.node(f"bn{i}").type = "GroupNorm"
        g.node(f"bn{i}").params = {"num_groups": 3, "num_channels": chans[i]}
    elif corrupt == "bn_width":
        g.node(f"bn{i}").type = "BatchNorm2d"
        g.node(f"bn{i}").params = {"num_features": chans[i] + 1}
    elif corrupt == "rank":
        g.node("x").params["shape"] = ["B", c0 * size * size]
    elif corrupt == "conv_bias":  # runs: an info smell
        _set(g, f"conv{i}", bias=True)
    return g


def token_model(rng: random.Random, corrupt: str | None) -> Graph:
    v, h = rng.choice([8, 12, 16]), rng.choice([4, 8])
    heads = rng.choice([1, 2, 4])
    nodes = [
        L("Input", "x", shape=["B", "T"], dtype="int64"),
        L("Embedding", "emb", num_embeddings=v, embedding_dim=h, padding_idx=0),
    ]
    edges = ["x->emb"]
    if rng.random() < 0.5:
        nodes.append(L("MultiheadAttention", "mha", embed_dim=h, num_heads=heads, batch_first=True))
        edges += ["emb->mha:0", "emb->mha:1", "emb->mha:2"]
        last = "mha"
    else:
        nodes.append(L("CausalSelfAttention", "mha", n_embd=h, n_head=heads))
        edges += ["emb->mha"]
        last = "mha"
    nodes += [L("LayerNorm", "ln", normalized_shape=h), _lin(h, v, "head", bias=False)]
    edges += [f"{last}->ln", "ln->head"]
    g = net(nodes, edges, ["head"])
    g.node("head").tied = {"weight": "emb.weight"}
    if corrupt == "pad_idx":
        _set(g, "emb", padding_idx=v + rng.randint(0, 3))
    elif corrupt == "float_ids":
        g.node("x").params["dtype"] = "float32"
    elif corrupt == "emb_width":
        _set(g, "ln", normalized_shape=h + 2)
    elif corrupt == "heads_width":
        key = "num_heads" if g.node("mha").type == "MultiheadAttention" else "n_head"
        _set(g, "mha", **{key: rng.choice([x for x in (3, 5, 6) if h % x])})
    elif corrupt == "bad_tie":
        g.node("head").tied = {"weight": "nowhere.weight"}
    elif corrupt == "not_batch_first":  # runs, attends over the wrong axis: info
        if g.node("mha").type == "MultiheadAttention":
            _set(g, "mha", batch_first=False)
    return g


def _set(g: Graph, nid: str, **params) -> None:
    g.node(nid).params.update(params)


FAMILIES = {
    "mlp": (
        mlp,
        [
            "width",
            "residual",
            "dropout",
            "negative",
            "extra_input",
            "missing_input",
            "unknown_type",
            "cycle",
            "unreachable",
            "typo_param",
            "zero_width",
            "stacked",
        ],
    ),
    "transformer": (
        transformer,
        ["kv", "heads_hidden", "norm_width", "mlp_width", "topk", "zero_heads", "head_width"],
    ),
    "cnn": (
        cnn,
        [
            "channels",
            "no_flatten",
            "flat_width",
            "groups",
            "stride0",
            "kernel_big",
            "pool_pad",
            "norm_groups",
            "bn_width",
            "rank",
            "conv_bias",
        ],
    ),
    "tokens": (
        token_model,
        ["pad_idx", "float_ids", "emb_width", "heads_width", "bad_tie", "not_batch_first"],
    ),
}


def corpus(per_family: int = 90):
    """(name, graph) for ``per_family`` models of each family; a third are clean."""
    for fam, (make, kinds) in FAMILIES.items():
        for seed in range(per_family):
            rng = random.Random(f"{fam}-{seed}")
            kind = None if seed % 3 == 0 else kinds[seed % len(kinds)]
            yield f"{fam}/{seed}/{kind or 'clean'}", make(rng, kind)


# ---------------------------------------------------------------------------- the study
def test_grounding_blockers_are_real_crashes():
    from driftcheck.findings import Severity
    from driftcheck.verifier import verify

    rows = []
    for name, g in corpus():
        report = verify(g)
        blockers = sorted({f.check_id for f in report.findings if f.severity is Severity.blocker})
        rows.append((name, blockers, crashes(g)))
    tp = [r for r in rows if r[1] and r[2]]
    fp = [r for r in rows if r[1] and not r[2]]
    fn = [r for r in rows if not r[1] and r[2]]
    tn = [r for r in rows if not r[1] and not r[2]]
    print(f"\ngrounding: {len(rows)} models, {len(tp) + len(fn)} crash in torch")
    print("                  torch crashes   torch runs")
    print(f"blocker flagged   {len(tp):>13}   {len(fp):>10}")
    print(f"no blocker        {len(fn):>13}   {len(tn):>10}")
    precision = len(tp) / max(1, len(tp) + len(fp))
    recall = len(tp) / max(1, len(tp) + len(fn))
    print(f"precision {precision:.3f}  recall {recall:.3f}")
    for label, bad in (("FALSE BLOCKER", fp), ("MISSED CRASH", fn)):
        for name, ids, crash in bad:
            print(f"{label}: {name} {ids} {crash}")
    kinds = {r[0].split("/")[2] for r in rows}
    assert len(rows) >= 300 and len(kinds) >= 30
    assert len(tp) >= 150 and len(tn) >= 100  # both classes are well represented
    assert not fp, fp[:5]
    assert recall >= 0.95, fn[:5]


# ---------------------------------------------------------------------------- source variants
MLP_SRC = """\
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, h, m):
        super().__init__()
        self.up = nn.Linear({up_in}, m)
        self.down = nn.Linear(m, {down_out})

    def forward(self, x):
        return self.down(torch.{act}(self.up(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc0 = nn.Linear({d}, {h})
        self.blocks = nn.ModuleList([Block({h}, {m}) for _ in range({n})])
        self.drop = nn.Dropout({p})
        self.head = nn.Linear({head_in}, {k})

    def forward(self, x):
        x = torch.relu(self.fc0(x))
        for blk in self.blocks:
            x = x + blk(x)
        return self.head(self.drop(x))
"""

CNN_SRC = """\
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d({c0}, {c1}, {k}, stride={stride}, padding={pad}, groups={groups})
        self.norm = {norm}
        self.pool = nn.MaxPool2d(2, padding={pool_pad})
        self.conv2 = nn.Conv2d({c2_in}, {c2}, 3, padding=1)
        self.fc = nn.Linear({fc_in}, 10)

    def forward(self, x):
        x = self.pool(torch.relu(self.norm(self.conv1(x))))
        x = torch.relu(self.conv2(x)){flatten}
        return self.fc(x)
"""


def mlp_source(rng, corrupt):
    d, h, m, k = rng.choice([4, 8]), rng.choice([8, 16]), rng.choice([12, 24]), rng.choice([2, 5])
    v = dict(
        d=d,
        h=h,
        m=m,
        k=k,
        n=rng.randint(1, 3),
        p=rng.choice([0.0, 0.1]),
        act=rng.choice(["relu", "tanh", "sigmoid"]),
        up_in="h",
        down_out="h",
        head_in=h,
    )
    if corrupt == "width":
        v["head_in"] = h + rng.randint(1, 3)
    elif corrupt == "up_width":
        v["up_in"] = f"h + {rng.randint(1, 3)}"
    elif corrupt == "residual":
        v["down_out"] = f"h + {rng.choice([1, 2])}"
    elif corrupt == "dropout":
        v["p"] = rng.choice([1.5, -0.5])
    elif corrupt == "negative":
        v["m"] = -rng.randint(1, 4)
    return MLP_SRC.format(**v), ("B", d)


def cnn_source(rng, corrupt):
    c0, c1, c2, s = rng.choice([1, 3]), rng.choice([4, 8]), rng.choice([4, 6]), rng.choice([8, 12])
    v = dict(
        c0=c0,
        c1=c1,
        c2=c2,
        k=3,
        stride=1,
        pad=1,
        groups=1,
        pool_pad=0,
        c2_in=c1,
        norm=f"nn.BatchNorm2d({c1})",
        fc_in=c2 * (s // 2) ** 2,
        flatten="\n        x = torch.flatten(x, 1)",
    )
    if corrupt == "channels":
        v["c2_in"] = c1 + 1
    elif corrupt == "no_flatten":
        v["flatten"] = ""
    elif corrupt == "fc_width":
        v["fc_in"] += rng.choice([-1, 3])
    elif corrupt == "groups":
        v["groups"] = 3
    elif corrupt == "stride0":
        v["stride"] = 0
    elif corrupt == "kernel_big":
        v["k"], v["pad"] = s + 3, 0
    elif corrupt == "pool_pad":
        v["pool_pad"] = 2
    elif corrupt == "norm_groups":
        v["norm"] = f"nn.GroupNorm(3, {c1})"
    elif corrupt == "bn_width":
        v["norm"] = f"nn.BatchNorm2d({c1 + 1})"
    return CNN_SRC.format(**v), ("B", c0, s, s)


SOURCE_FAMILIES = {
    "mlp_src": (mlp_source, ["width", "up_width", "residual", "dropout", "negative"]),
    "cnn_src": (
        cnn_source,
        [
            "channels",
            "no_flatten",
            "fc_width",
            "groups",
            "stride0",
            "kernel_big",
            "pool_pad",
            "norm_groups",
            "bn_width",
        ],
    ),
}


def source_crashes(code: str, shape) -> str | None:
    """Execute the model code for real (the oracle; the analyzer never does) and run it."""
    torch.manual_seed(0)
    try:
        ns: dict = {}
        exec(compile(code, "<model>", "exec"), ns)  # noqa: S102 - tests only: the oracle
        with torch.no_grad():
            ns["Net"]().eval()(torch.randn([d if isinstance(d, int) else SYMBOL for d in shape]))
    except Exception as e:  # noqa: BLE001 - any failure to build or run is what we measure
        return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:160]
    return None


def test_grounding_source_files(tmp_path):
    from driftcheck.findings import Severity
    from driftcheck.parsers.source import parse_source
    from driftcheck.verifier import VerifyOptions, verify

    rows = []
    for fam, (make, kinds) in SOURCE_FAMILIES.items():
        for seed in range(40):
            rng = random.Random(f"{fam}-{seed}")
            kind = None if seed % 3 == 0 else kinds[seed % len(kinds)]
            code, shape = make(rng, kind)
            path = tmp_path / f"{fam}_{seed}.py"
            path.write_text(code)
            g = parse_source(str(path), entry="Net")
            concrete = tuple(d if isinstance(d, int) else SYMBOL for d in shape)
            report = verify(g, VerifyOptions(input_shapes={"x": concrete}))
            ids = sorted({f.check_id for f in report.findings if f.severity is Severity.blocker})
            rows.append((f"{fam}/{seed}/{kind or 'clean'}", ids, source_crashes(code, shape)))
    tp = sum(1 for _, b, c in rows if b and c)
    fp = [r for r in rows if r[1] and not r[2]]
    fn = [r for r in rows if not r[1] and r[2]]
    tn = sum(1 for _, b, c in rows if not b and not c)
    print(
        f"\nsource grounding: {len(rows)} files; flagged&crash {tp}, flagged&runs {len(fp)}, "
        f"missed crash {len(fn)}, clean&runs {tn}"
    )
    for r in fp + fn:
        print("MISMATCH", r)
    assert len(rows) >= 80 and tp >= 40 and tn >= 25
    assert not fp, fp[:5]
    assert tp / (tp + len(fn)) >= 0.95, fn[:5]
