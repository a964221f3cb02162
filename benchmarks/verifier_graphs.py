"""Model graphs for the verifier benchmark and its equivalence test, each in three forms.

- ``compact``: one block with ``repeat=N`` (how the parsers store a stack of layers);
- ``explicit``: ``compact.expand()``, every copy written out with its own module node;
- ``flat``: the explicit copies with no module tree at all (hand-written graph JSON).

Models: a Llama-like decoder (token ids, RMSNorm, GQA attention, gated MLP, tied head), a
BERT-like encoder (post-norm, nn.MultiheadAttention, GELU MLP), a ResNet-like CNN (two stages
of basic blocks, global pooling) and random gym-like graphs (a model above with random edits).
Every builder is deterministic in its arguments (the equivalence test stores their findings).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from driftcheck.graph.model import Edge, Graph, Node, Origin

Part = tuple[str, str, dict]
"""(local id, type, params) of one layer inside a repeated block."""


def _block(
    g: Graph, prefix: str, parent: str | None, parts: list[Part], wires: list[tuple], entry: str
) -> str:
    """Add one block's layers and edges; ``entry`` stands for the block's input."""
    for nid, typ, params in parts:
        nid = f"{prefix}{nid}"
        g.add(Node(id=nid, type=typ, name=nid, parent=parent, params=dict(params)))
    for src, dst, idx in wires:
        g.connect(entry if src == "IN" else f"{prefix}{src}", f"{prefix}{dst}", idx)
    return f"{prefix}{parts[-1][0]}"


def _stack(
    g: Graph, form: str, name: str, n: int, parts: list[Part], wires: list[tuple], entry: str
) -> str:
    """N copies of a block after ``entry``; returns the id of the last layer."""
    if form == "compact":
        g.add(Node(id=name, type="Module", name=name, repeat=n))
        return _block(g, f"{name}.", name, parts, wires, entry)
    prev = entry
    for k in range(n):
        parent = None
        if form == "explicit":
            parent = f"{name}.{k}"
            g.add(Node(id=parent, type="Module", name=parent))
        prev = _block(g, f"{name}.{k}.", parent, parts, wires, prev)
    return prev


def llama(n: int, form: str = "flat", hidden: int = 64, vocab: int = 1024) -> Graph:
    g = Graph(name=f"llama-{form}-{n}", origin=Origin(kind="graph"))
    g.add(Node(id="ids", type="Input", params={"shape": ["B", 128], "dtype": "int64"}))
    g.add(
        Node(id="emb", type="Embedding", params={"num_embeddings": vocab, "embedding_dim": hidden})
    )
    g.connect("ids", "emb")
    attn = {"hidden_size": hidden, "num_heads": 8, "num_kv_heads": 2}
    parts = [
        ("n1", "RMSNorm", {"normalized_shape": hidden, "eps": 1e-6}),
        ("attn", "Attention", attn),
        ("r1", "Add", {}),
        ("n2", "RMSNorm", {"normalized_shape": hidden, "eps": 1e-6}),
        ("mlp", "GatedMLP", {"hidden_size": hidden, "intermediate_size": 4 * hidden}),
        ("r2", "Add", {}),
    ]
    wires = [
        ("IN", "n1", None),
        ("n1", "attn", None),
        ("IN", "r1", 0),
        ("attn", "r1", 1),
        ("r1", "n2", None),
        ("n2", "mlp", None),
        ("r1", "r2", 0),
        ("mlp", "r2", 1),
    ]
    last = _stack(g, form, "layers", n, parts, wires, "emb")
    g.add(Node(id="norm", type="RMSNorm", params={"normalized_shape": hidden, "eps": 1e-6}))
    head = {"in_features": hidden, "out_features": vocab, "bias": False}
    g.add(Node(id="head", type="Linear", params=head, tied={"weight": "emb.weight"}))
    g.connect(last, "norm")
    g.connect("norm", "head")
    g.outputs = ["head"]
    return g


def bert(n: int, form: str = "flat", hidden: int = 64, vocab: int = 1000) -> Graph:
    g = Graph(name=f"bert-{form}-{n}", origin=Origin(kind="graph"))
    g.add(Node(id="ids", type="Input", params={"shape": ["B", 64], "dtype": "int64"}))
    g.add(
        Node(id="emb", type="Embedding", params={"num_embeddings": vocab, "embedding_dim": hidden})
    )
    g.add(Node(id="emb_ln", type="LayerNorm", params={"normalized_shape": hidden}))
    g.add(Node(id="emb_drop", type="Dropout", params={"p": 0.1}))
    g.connect("ids", "emb")
    g.connect("emb", "emb_ln")
    g.connect("emb_ln", "emb_drop")
    mha = {"embed_dim": hidden, "num_heads": 4, "batch_first": True}
    parts = [
        ("attn", "MultiheadAttention", mha),
        ("r1", "Add", {}),
        ("ln1", "LayerNorm", {"normalized_shape": hidden, "eps": 1e-12}),
        ("mlp", "MLP", {"hidden_size": hidden, "intermediate_size": 4 * hidden}),
        ("r2", "Add", {}),
        ("ln2", "LayerNorm", {"normalized_shape": hidden, "eps": 1e-12}),
    ]
    wires = [
        ("IN", "attn", 0),
        ("IN", "attn", 1),
        ("IN", "attn", 2),
        ("IN", "r1", 0),
        ("attn", "r1", 1),
        ("r1", "ln1", None),
        ("ln1", "mlp", None),
        ("ln1", "r2", 0),
        ("mlp", "r2", 1),
        ("r2", "ln2", None),
    ]
    last = _stack(g, form, "encoder", n, parts, wires, "emb_drop")
    g.add(Node(id="cls", type="Linear", params={"in_features": hidden, "out_features": 2}))
    g.connect(last, "cls")
    g.outputs = ["cls"]
    return g


def _basic(c: int) -> tuple[list[Part], list[tuple]]:
    conv = {"in_channels": c, "out_channels": c, "kernel_size": 3, "padding": 1, "bias": False}
    parts = [
        ("conv1", "Conv2d", conv),
        ("bn1", "BatchNorm2d", {"num_features": c}),
        ("relu1", "ReLU", {}),
        ("conv2", "Conv2d", conv),
        ("bn2", "BatchNorm2d", {"num_features": c}),
        ("add", "Add", {}),
        ("relu2", "ReLU", {}),
    ]
    wires = [
        ("IN", "conv1", None),
        ("conv1", "bn1", None),
        ("bn1", "relu1", None),
        ("relu1", "conv2", None),
        ("conv2", "bn2", None),
        ("IN", "add", 0),
        ("bn2", "add", 1),
        ("add", "relu2", None),
    ]
    return parts, wires


def resnet(n: int, form: str = "flat", width: int = 16) -> Graph:
    """Two stages of ``n // 2`` basic blocks (width, then 2 x width at half the size)."""
    g = Graph(name=f"resnet-{form}-{n}", origin=Origin(kind="graph"))
    g.add(Node(id="x", type="Input", params={"shape": ["B", 3, 32, 32]}))
    stem = {"in_channels": 3, "out_channels": width, "kernel_size": 3, "padding": 1, "bias": False}
    g.add(Node(id="stem", type="Conv2d", params=stem))
    g.add(Node(id="stem_bn", type="BatchNorm2d", params={"num_features": width}))
    g.add(Node(id="stem_relu", type="ReLU"))
    for s, d in (("x", "stem"), ("stem", "stem_bn"), ("stem_bn", "stem_relu")):
        g.connect(s, d)
    last = _stack(g, form, "stage1", max(1, n // 2), *_basic(width), "stem_relu")
    down = {"in_channels": width, "out_channels": 2 * width, "kernel_size": 3}
    g.add(Node(id="down", type="Conv2d", params={**down, "stride": 2, "padding": 1}))
    g.connect(last, "down")
    last = _stack(g, form, "stage2", max(1, n - n // 2), *_basic(2 * width), "down")
    g.add(Node(id="pool", type="AdaptiveAvgPool2d", params={"output_size": 1}))
    g.add(Node(id="flat", type="Flatten"))
    g.add(Node(id="fc", type="Linear", params={"in_features": 2 * width, "out_features": 10}))
    for s, d in ((last, "pool"), ("pool", "flat"), ("flat", "fc")):
        g.connect(s, d)
    g.outputs = ["fc"]
    return g


MODELS: dict[str, tuple[Callable[..., Graph], int]] = {
    # name -> (builder, layers per block: how many blocks make about 1,000 nodes)
    "llama": (llama, 6),
    "bert": (bert, 6),
    "resnet": (resnet, 7),
}

JUNK = [None, -1, 0, 1, 2, 3, 7, 64, 10**9, 0.5, 1.5, "x", "gelu", True, [], [2, 3]]
TYPES = ["Linear", "Conv2d", "Attention", "RMSNorm", "LayerNorm", "Add", "ReLU", "Nope", "Input"]


def gym(seed: int, nodes: int = 1000, forms: tuple[str, ...] = ("flat", "explicit")) -> Graph:
    """A random model of about ``nodes`` nodes (any family, one of ``forms``) with 0-4 random
    edits of the kinds the gym makes: attribute values, types, rewired or dropped edges,
    repeats, ties."""
    rng = random.Random(f"gym-{seed}")
    fam = rng.choice(sorted(MODELS))
    make, per = MODELS[fam]
    g = make(max(2, nodes // per), rng.choice(forms))
    g.origin = Origin(kind="gym")
    for _ in range(rng.randint(0, 4)):
        n = rng.choice(g.nodes)
        move = rng.random()
        if move < 0.45 and n.params:
            n.params[rng.choice(sorted(n.params))] = rng.choice(JUNK)
        elif move < 0.55:
            n.params[rng.choice(["bogus", "num_heads", "top_k", "eps", "p"])] = rng.choice(JUNK)
        elif move < 0.65:
            n.type = rng.choice(TYPES)
        elif move < 0.75:
            a, b = rng.sample([x.id for x in g.nodes], 2)
            g.edges.append(Edge(src=a, dst=b, index=rng.choice([None, 0, 1, 5])))
        elif move < 0.85 and g.edges:
            g.edges.pop(rng.randrange(len(g.edges)))
        elif move < 0.92:
            n.repeat = rng.choice([1, 2, 3])
        else:
            other = rng.choice(g.nodes)
            n.tied = {"weight": f"{other.id}.{rng.choice(['weight', 'bias'])}"}
        g.invalidate()
    return g
