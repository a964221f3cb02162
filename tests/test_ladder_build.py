"""Graph -> torch module (issue #21): every catalogue layer that maps to torch, built by the
ladder inside a one-layer graph, has the catalogue's weights, parameter count and output
shape; so do the blocks it builds and whole designs (generated and the gym's, retargeted)."""

from __future__ import annotations

from tests import gym_support  # noqa: F401  (gym/ on the path: before driftcheck_gym)

# isort: split

import pytest
import torch
from driftcheck_gym.ladder.build import OPS, STACKS, Unbuildable, build_module, buildable

from driftcheck.graph import catalogue
from driftcheck.graph.model import Graph, Node
from driftcheck.graph.shapes import infer_shapes

OWN = {*OPS, *STACKS, "Parameter", "Attention"}
SPECS = [s for s in catalogue.layers() if s.torch or s.name in OWN]


def one_layer(spec, example) -> Graph:
    g = Graph()
    kinds = spec.extra.get("input_dtype", ())
    for i, shape in enumerate(example.inputs):
        kind = kinds[i] if i < len(kinds) else "float"
        dtype = "long" if kind == "long" or kind.startswith("full:") else kind
        dtype = "float32" if dtype in ("float", "positive") else dtype
        g.add(Node(id=f"in{i}", type="Input", params={"shape": list(shape), "dtype": dtype}))
    g.add(Node(id="L", type=spec.name, params=dict(example.params)))
    for i in range(len(example.inputs)):
        g.connect(f"in{i}", "L", i)
    g.outputs = ["L"]
    return g


def inputs_for(spec, example, device: str) -> list[torch.Tensor]:
    kinds = spec.extra.get("input_dtype", ())
    out = []
    for i, shape in enumerate(example.inputs):
        kind = kinds[i] if i < len(kinds) else "float"
        if kind.startswith("full:"):
            out.append(torch.full(shape, int(kind[5:]), dtype=torch.long, device=device))
        elif kind in ("long", "bool"):
            dt = torch.long if kind == "long" else torch.bool
            out.append(torch.zeros(shape, dtype=dt, device=device))
        elif kind == "positive":
            out.append(torch.rand(shape, device=device) + 0.1)
        else:
            out.append(torch.randn(shape, device=device))
    return out


def run(graph, spec, example):
    """Meta first (no memory); CPU when meta lacks a kernel (RNNs, some losses)."""
    for device in ("meta", "cpu"):
        try:
            torch.manual_seed(0)
            mod = build_module(graph, device).eval()
            with torch.no_grad():
                return mod, mod(*inputs_for(spec, example, device))
        except (NotImplementedError, RuntimeError):
            if device == "cpu":
                raise
    raise AssertionError("unreachable")


def test_every_torch_layer_is_covered() -> None:
    torch_layers = [s.name for s in catalogue.layers() if s.torch]
    assert len(torch_layers) >= 130
    assert set(torch_layers) <= {s.name for s in SPECS}


@pytest.mark.parametrize("name", [s.name for s in SPECS])
def test_layer_matches_catalogue(name: str) -> None:
    spec = catalogue.get(name)
    for example in spec.examples:
        g = one_layer(spec, example)
        mod, out = run(g, spec, example)
        bound = spec.bind(example.params)
        got = {k.split(".", 2)[2]: tuple(p.shape) for k, p in mod.named_parameters()}
        assert got == spec.weights(bound), name
        n = sum(p.numel() for p in mod.parameters())
        assert n == spec.param_count(example.params) == g.params_total()
        assert tuple(out.shape) == tuple(infer_shapes(g).output_shapes[0])


BUILT_BLOCKS = {
    "BasicBlock", "Bottleneck", "ConvNextLayer", "DenseLayer", "DenseTransition",
    "DepthwiseSeparableConv", "DoubleConv", "Downsample2D", "FusedMBConv", "InceptionModule",
    "MBConv", "MixerBlock", "MobileNetV2InvertedResidual", "PreActBlock", "ResNetBasicLayer",
    "ResNetBottleNeckLayer", "ResnetBlock2D", "SEBlock", "TimestepEmbedding",
    "TorchTransformerDecoderLayer", "TorchTransformerEncoderLayer", "UNetDown", "UNetUp",
    "Upsample2D", "VGGBlock",
}  # fmt: skip


def test_blocks_build_from_their_subgraphs() -> None:
    """A block leaf is built from its catalogue sub-graph: counts and shapes as the catalogue
    says; a block with a layer the ladder cannot build is Unbuildable, naming that layer."""
    built = set()
    for block in catalogue.blocks():
        for ex in block.examples:
            g = Graph()
            for i, s in enumerate(ex.inputs):
                g.add(Node(id=f"in{i}", type="Input", params={"shape": list(s)}))
            g.add(Node(id="B", type=block.name, params=dict(ex.params)))
            for i in range(len(ex.inputs)):
                g.connect(f"in{i}", "B", i)
            g.outputs = ["B"]
            try:
                mod = build_module(g, "meta")
            except Unbuildable as e:
                assert e.one_line().count("\n") == 0 and "B > " in e.one_line()
                continue
            xs = [torch.zeros(s, device="meta") for s in ex.inputs]
            try:
                out = mod(*xs)
            except (RuntimeError, KeyError):
                continue  # an example whose input is token ids or a block-level parameter
            assert sum(p.numel() for p in mod.parameters()) == g.params_total(), block.name
            assert tuple(out.shape) == tuple(infer_shapes(g).output_shapes[0]), block.name
            built.add(block.name)
    assert BUILT_BLOCKS <= built, BUILT_BLOCKS - built


def _designs():
    from driftcheck_gym.ladder.designs import generate, gym_designs
    from driftcheck_gym.ladder.tasks import task_names

    gym, _ = gym_designs("train", 1, 20)
    return generate(task_names(), 2, seed=7) + gym


def test_whole_designs_match_catalogue_on_cpu() -> None:
    """Generated designs (MLPs with residual adds, CNNs with BasicBlocks and VGG blocks,
    transformers, LSTMs, GRUs, conv1d stacks, positional tables) and the gym's reference
    designs: real CPU forward at batch 3, counts and shapes as the catalogue says."""
    from driftcheck_gym.ladder.tasks import get_task

    designs = _designs()
    assert len({t for t, _, _ in designs}) == 8 and any(s.startswith("gym") for _, s, _ in designs)
    for t, _, g in designs:
        task = get_task(t)
        torch.manual_seed(0)
        mod = build_module(g).eval()
        assert sum(p.numel() for p in mod.parameters()) == g.params_total(), g.name
        shape = (3, *task.sample_shape)
        x = torch.randint(0, task.vocab, shape) if task.vocab else torch.randn(shape)
        with torch.no_grad():
            out = mod(x)
        want = infer_shapes(g, {g.inputs()[0].id: shape}).output_shapes[0]
        assert tuple(out.shape) == tuple(want), g.name


def test_tied_weights_are_one_parameter() -> None:
    g = Graph()
    g.add(Node(id="x", type="Input", params={"shape": [2, 5], "dtype": "long"}))
    g.add(Node(id="emb", type="Embedding", params={"num_embeddings": 11, "embedding_dim": 6}))
    g.add(
        Node(
            id="head",
            type="Linear",
            params={"in_features": 6, "out_features": 11, "bias": False},
            tied={"weight": "emb.weight"},
        )
    )
    g.connect("x", "emb")
    g.connect("emb", "head")
    g.outputs = ["head"]
    mod = build_module(g)
    assert mod.layers["head"].weight is mod.layers["emb"].weight
    assert sum(p.numel() for p in mod.parameters()) == g.params_total() == 66


def test_unbuildable_names_the_node() -> None:
    g = Graph()
    g.add(Node(id="x", type="Input", params={"shape": [2, 4]}))
    g.add(Node(id="odd", type="WarpDrive", params={}))
    g.connect("x", "odd")
    g.outputs = ["odd"]
    why = buildable(g)
    assert why is not None and "odd" in why and "WarpDrive" in why and "\n" not in why
    g.nodes[1] = Node(
        id="odd", type="Attention", params={"hidden_size": 8, "num_heads": 4, "num_kv_heads": 3}
    )
    g.invalidate()
    assert "odd" in (buildable(g) or "")
