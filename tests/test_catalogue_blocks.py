"""The block catalogue, checked entry by entry against real torch modules.

One generic test per (block, example): the block's graph must have the same parameter
count as the torch reference (transformers' own class where it exists), the same
state-dict names and shapes (unless the block declares that its layout differs, e.g. a
fused qkv projection modelled as q/k/v), and its output shape, propagated through the
graph by ``driftcheck.graph.shapes.infer_shapes`` (the catalogue's shape rules in
topological order), must equal the shape torch's forward returns.
"""

from __future__ import annotations

from math import prod

import networkx as nx
import pytest

from driftcheck.errors import DriftcheckError
from driftcheck.graph import catalogue
from driftcheck.graph.counting import node_weights
from driftcheck.graph.model import Graph
from driftcheck.graph.shapes import ShapeResult, infer_shapes
from tests.reference_blocks import REFERENCES, reference

BLOCKS = sorted(catalogue.blocks(), key=lambda s: s.name)
CASES = [
    pytest.param(spec.name, k, id=f"{spec.name}-{k}")
    for spec in BLOCKS
    for k in range(len(spec.examples))
]


def propagate(graph: Graph, inputs: list[tuple]) -> ShapeResult:
    """The graph-level shape inference, fed the example's input shapes in input order."""
    given = dict(zip([n.id for n in graph.inputs()], inputs, strict=True))
    return infer_shapes(graph, given)


def state_dict(graph: Graph) -> dict[str, tuple[int, ...]]:
    """Weight name -> shape, as torch's ``named_parameters`` would list the block."""
    out: dict[str, tuple[int, ...]] = {}
    for leaf in graph.leaves():
        for w, shape in (node_weights(leaf) or {}).items():
            if w in leaf.tied:
                continue
            # a bare nn.Parameter is named by its attribute path alone
            full = leaf.name if leaf.type == "Parameter" else f"{leaf.name}.{w}"
            out[full] = tuple(shape)
    return out


@pytest.mark.parametrize("name,k", CASES)
def test_block_matches_torch(name: str, k: int) -> None:
    spec = catalogue.get_block(name)
    ex = spec.examples[k]
    graph = spec.graph(ex.params)
    ref = reference(name, dict(ex.params), list(ex.inputs))

    assert graph.params_total() == ref.params(), "parameter count differs from torch"
    if "layout" not in spec.extra:
        ours, theirs = state_dict(graph), ref.named()
        assert ours == theirs, (set(ours) ^ set(theirs)) or "shapes differ"
        assert sum(prod(s) for s in ours.values()) == ref.params()

    result = propagate(graph, list(ex.inputs))
    assert result.ok, [e.message for e in result.errors]
    assert result.shapes[graph.outputs[0]] == ref.output_shape()


@pytest.mark.parametrize("spec", BLOCKS, ids=lambda s: s.name)
def test_block_is_well_formed(spec) -> None:
    """Every weight-holding leaf lies on a dataflow path from an input to the output."""
    assert spec.examples, "every block needs an example"
    assert spec.doc and spec.family and spec.reference
    assert spec.name in REFERENCES, "no torch reference registered"
    graph = spec.graph(spec.examples[0].params)
    assert len(graph.outputs) >= 1 and graph.inputs()
    dag = nx.DiGraph()
    dag.add_nodes_from(n.id for n in graph.leaves())
    dag.add_edges_from((e.src, e.dst) for e in graph.edges)
    reach = set().union(*(nx.descendants(dag, i.id) | {i.id} for i in graph.inputs()))
    feeds = nx.ancestors(dag, graph.outputs[0]) | {graph.outputs[0]}
    for leaf in graph.leaves():
        if leaf.type in ("Input", "Module") or leaf.type == "Parameter":
            continue
        assert leaf.id in reach and leaf.id in feeds, f"{leaf.id} is off the dataflow path"
    assert all("." not in n.id for n in graph.nodes)
    # the declared, symbolic input shapes ("B", "T", hidden) propagate without a rejection
    assert infer_shapes(graph).ok
    assert catalogue.lookup(spec.name) == spec.name


def test_catalogue_size() -> None:
    assert len(BLOCKS) >= 80
    assert sum(len(s.examples) >= 2 for s in BLOCKS) >= 40


def test_repeated_and_tied_model_expands_to_the_same_count() -> None:
    """NanoGPT holds its blocks as one repeated subtree and ties lm_head to wte."""
    spec = catalogue.get_block("NanoGPT")
    ex = spec.examples[0]
    graph = spec.graph(ex.params)
    flat = graph.expand()
    assert len(flat.nodes) > len(graph.nodes)
    assert (
        flat.params_total()
        == graph.params_total()
        == reference("NanoGPT", dict(ex.params), list(ex.inputs)).params()
    )
    assert propagate(flat, list(ex.inputs)).ok


@pytest.mark.parametrize("spec", BLOCKS, ids=lambda s: s.name)
def test_bad_parameters_are_one_line_errors(spec) -> None:
    params = dict(spec.examples[0].params)
    with pytest.raises(DriftcheckError) as e:
        spec.graph({**params, "no_such_parameter": 1})
    assert "no_such_parameter" in e.value.one_line()
    first = next(p for p in spec.params if p.required)
    with pytest.raises(DriftcheckError) as e:
        spec.graph({k: v for k, v in params.items() if k not in (first.name, *first.aliases)})
    assert "\n" not in e.value.one_line()


def test_bad_choice_is_an_error() -> None:
    spec = catalogue.get_block("RNNEncoder")
    with pytest.raises(DriftcheckError, match="cell"):
        spec.graph({"vocab_size": 10, "embed_dim": 4, "hidden_size": 4, "cell": "rnn"})


# a wrong input width must be rejected by the graph's shape walk AND by torch itself
# (block, example, which input, which axis)
WRONG = [
    ("LlamaDecoderLayer", 0, 0, -1),
    ("BertLayer", 0, 0, -1),
    ("T5DecoderBlock", 1, 0, -1),
    ("ResNetBottleNeckLayer", 0, 0, 1),
    ("MBConv", 0, 0, 1),
    ("UNetUp", 0, 1, 1),
    ("ConvNextLayer", 0, 0, 1),
    ("TorchTransformerEncoderLayer", 0, 0, -1),
]


@pytest.mark.parametrize("name,k,i,axis", WRONG, ids=[w[0] for w in WRONG])
def test_wrong_width_is_caught_like_torch(name: str, k: int, i: int, axis: int) -> None:
    import torch

    spec = catalogue.get_block(name)
    ex = spec.examples[k]
    bad = [list(s) for s in ex.inputs]
    bad[i][axis] += 3
    bad_inputs = [tuple(s) for s in bad]
    result = propagate(spec.graph(ex.params), bad_inputs)
    assert not result.ok and result.errors[0].kind == "mismatch"
    ref = reference(name, dict(ex.params), bad_inputs)
    with pytest.raises((RuntimeError, ValueError, AssertionError)):
        with torch.no_grad():
            ref.module(*ref.args, **ref.kwargs)


# real published sizes, counted on the meta device only (no memory, no forward)
REAL = [
    (
        "LlamaDecoderLayer",
        {
            "hidden_size": 4096,
            "num_attention_heads": 32,
            "num_key_value_heads": 8,
            "intermediate_size": 14336,
        },
    ),  # Llama-3-8B
    (
        "Qwen3DecoderLayer",
        {
            "hidden_size": 4096,
            "num_attention_heads": 32,
            "num_key_value_heads": 8,
            "intermediate_size": 12288,
        },
    ),  # Qwen3-8B
    (
        "MixtralDecoderLayer",
        {
            "hidden_size": 4096,
            "num_attention_heads": 32,
            "num_key_value_heads": 8,
            "intermediate_size": 14336,
            "num_local_experts": 8,
        },
    ),  # Mixtral-8x7B
    (
        "DeepseekV3DecoderLayer",
        {
            "hidden_size": 7168,
            "num_attention_heads": 128,
            "num_key_value_heads": 128,
            "intermediate_size": 18432,
            "moe_intermediate_size": 2048,
            "n_routed_experts": 256,
            "num_experts_per_tok": 8,
            "q_lora_rank": 1536,
            "kv_lora_rank": 512,
            "layer_idx": 3,
        },
    ),  # DeepSeek-V3 MoE layer
    (
        "BertLayer",
        {"hidden_size": 1024, "num_attention_heads": 16, "intermediate_size": 4096},
    ),  # BERT-large
]


@pytest.mark.parametrize("name,params", REAL, ids=[r[0] for r in REAL])
def test_real_size_counts(name: str, params: dict) -> None:
    spec = catalogue.get_block(name)
    ref = reference(name, {**params, "_device": "meta"}, [(1, 1, params["hidden_size"])])
    assert spec.param_count(params) == ref.params()


def test_block_as_a_node_type_counts_its_repeats() -> None:
    """A graph may use a block name as a node type (a decoder layer x 32)."""
    from driftcheck.graph.model import Node

    params = {
        "hidden_size": 64,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "intermediate_size": 128,
    }
    g = Graph()
    g.add(Node(id="layers", type="LlamaDecoderLayer", params=params, repeat=32))
    one = catalogue.get_block("LlamaDecoderLayer").param_count(params)
    assert g.params_total() == 32 * one
