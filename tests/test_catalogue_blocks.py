"""The block catalogue, checked entry by entry against real torch modules.

One generic test per (block, example): the block's graph must have the same parameter
count as the torch reference (transformers' own class where it exists), the same
state-dict names and shapes (unless the block declares that its layout differs, e.g. a
fused qkv projection modelled as q/k/v), and its output shape, propagated through the
graph with each layer's catalogue shape rule, must equal the shape torch's forward returns.
"""

from __future__ import annotations

from math import prod

import networkx as nx
import pytest

from driftcheck.graph import catalogue
from driftcheck.graph.counting import node_weights
from driftcheck.graph.model import Graph
from tests.reference_blocks import REFERENCES, reference

BLOCKS = sorted(catalogue.blocks(), key=lambda s: s.name)
CASES = [
    pytest.param(spec.name, k, id=f"{spec.name}-{k}")
    for spec in BLOCKS
    for k in range(len(spec.examples))
]


def propagate(graph: Graph, inputs: list[tuple]) -> dict[str, tuple]:
    """Output shape of every leaf, walking dataflow edges in topological order."""
    shapes: dict[str, tuple] = {}
    given = dict(zip([n.id for n in graph.inputs()], inputs, strict=True))
    dag = nx.DiGraph()
    dag.add_nodes_from(n.id for n in graph.leaves())
    dag.add_edges_from((e.src, e.dst) for e in graph.edges)
    for node_id in nx.topological_sort(dag):
        node = graph.node(node_id)
        if node.type == "Input":
            shapes[node_id] = tuple(given[node_id])
            continue
        ins = [shapes[e.src] for e in graph.predecessors(node_id)]
        shapes[node_id] = catalogue.get(node.type).output_shape(node.params, ins)
    return shapes


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

    shapes = propagate(graph, list(ex.inputs))
    assert shapes[graph.outputs[0]] == ref.output_shape()


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
    assert catalogue.lookup(spec.name) == spec.name


def test_catalogue_size() -> None:
    assert len(BLOCKS) >= 80
    assert sum(len(s.examples) >= 2 for s in BLOCKS) >= 40
