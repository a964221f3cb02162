"""Graph shape inference against real torch modules (meta device), plus the error cases."""

import random

import pytest
import torch

from driftcheck.graph import catalogue
from driftcheck.graph.model import Graph, Node, chain
from driftcheck.graph.shapes import CYCLE, MISMATCH, REPEAT, infer_shapes, parse_shape


def _linear(i, o, bias=True):
    return {"in_features": i, "out_features": o, "bias": bias}


def _torch_out(graph: Graph, x_shape):
    """Run the graph as torch modules on the meta device; returns the output shape."""
    vals = {}
    mods = {}
    for n in graph.nodes:
        spec = catalogue.get(n.type)
        if spec is not None and spec.torch:
            cls = eval(spec.torch, {"torch": torch})  # noqa: S307 - a catalogue qualname
            with torch.device("meta"):
                mods[n.id] = cls(**spec.constructor_kwargs(n.params))
    preds = {}
    for e in graph.edges:
        preds.setdefault(e.dst, []).append(e.src)
    for nid in infer_shapes(graph).order:
        n = graph.index[nid]
        if n.type == "Input":
            vals[nid] = torch.empty(x_shape, device="meta")
        elif n.type == "Add":
            a, b = (vals[p] for p in preds[nid])
            vals[nid] = a + b
        elif nid in mods:
            vals[nid] = mods[nid](vals[preds[nid][0]])
    return tuple(vals[graph.outputs[0]].shape)


@pytest.mark.parametrize("seed", range(12))
def test_random_residual_mlps_match_torch(seed):
    rng = random.Random(seed)
    width = rng.choice([4, 8, 16])
    g = Graph()
    g.add(Node(id="x", type="Input", params={"shape": ["B", "T", width]}))
    prev = "x"
    for k in range(rng.randint(1, 5)):
        hid = rng.choice([3, 8, 12])
        g.add(Node(id=f"up{k}", type="Linear", params=_linear(width, hid)))
        g.add(Node(id=f"down{k}", type="Linear", params=_linear(hid, width, rng.random() < 0.5)))
        g.add(Node(id=f"add{k}", type="Add"))
        chain(g, [prev, f"up{k}", f"down{k}"])
        g.connect(prev, f"add{k}", 0)
        g.connect(f"down{k}", f"add{k}", 1)
        prev = f"add{k}"
    g.add(Node(id="head", type="Linear", params=_linear(width, 5)))
    g.connect(prev, "head")
    g.outputs = ["head"]
    res = infer_shapes(g, {"x": (2, 3, width)})
    assert res.ok, res.errors
    assert res.output_shapes == [_torch_out(g, (2, 3, width))]
    # symbols pass through untouched
    assert infer_shapes(g).output_shapes == [("B", "T", 5)]


def test_width_mismatch_names_both_shapes_and_layers():
    g = Graph()
    g.add(Node(id="x", type="Input", params={"shape": [2, 8]}))
    g.add(Node(id="fc1", type="Linear", name="enc.fc1", params=_linear(8, 16)))
    g.add(Node(id="fc2", type="Linear", name="enc.fc2", params=_linear(12, 4)))
    chain(g, ["x", "fc1", "fc2"])
    g.outputs = ["fc2"]
    res = infer_shapes(g)
    (err,) = res.errors
    assert err.kind == MISMATCH and err.node == "fc2"
    assert "enc.fc2 (Linear)" in err.message and "enc.fc1 (Linear)" in err.message
    assert "in_features=12" in err.message and "(2, 16)" in err.message
    with torch.device("meta"), pytest.raises(RuntimeError):
        torch.nn.Linear(12, 4)(torch.nn.Linear(8, 16)(torch.empty(2, 8)))


def test_input_shape_override_and_parse():
    assert parse_shape("2,3,32,32") == (2, 3, 32, 32)
    assert parse_shape("B, T ,768") == ("B", "T", 768)
    g = Graph()
    g.add(Node(id="x", type="Input", params={"shape": None}))
    g.add(Node(id="fc", type="Linear", params=_linear(8, 3)))
    chain(g, ["x", "fc"])
    g.outputs = ["fc"]
    assert infer_shapes(g).output_shapes == [None]  # unknown is not an error
    assert infer_shapes(g).ok
    assert infer_shapes(g, {"x": (4, 8)}).output_shapes == [(4, 3)]
    assert infer_shapes(g, {"x": (4, 7)}).errors[0].kind == MISMATCH


def _repeated(width_out):
    g = Graph()
    g.add(Node(id="x", type="Input", params={"shape": [2, 8]}))
    g.add(Node(id="blk", type="Module", repeat=3))
    g.add(Node(id="fc", type="Linear", parent="blk", params=_linear(8, width_out)))
    g.add(Node(id="head", type="Linear", params=_linear(width_out, 2)))
    chain(g, ["x", "fc", "head"])
    g.outputs = ["head"]
    return g


def test_repeated_block_must_keep_its_shape():
    assert infer_shapes(_repeated(8)).ok
    res = infer_shapes(_repeated(6))
    (err,) = res.errors
    assert err.kind == REPEAT and "x3" in err.message and "(2, 8)" in err.message
    assert "(2, 6)" in err.message
    # the expanded graph shows the same problem as an ordinary mismatch, as torch would
    expanded = infer_shapes(_repeated(6).expand())
    assert [e.kind for e in expanded.errors] == [MISMATCH]


def test_cycle_is_reported_and_does_not_hang():
    g = Graph()
    g.add(Node(id="x", type="Input", params={"shape": [2, 4]}))
    g.add(Node(id="a", type="Add"))
    g.add(Node(id="b", type="Linear", params=_linear(4, 4)))
    g.connect("x", "a", 0)
    g.connect("b", "a", 1)
    g.connect("a", "b")
    g.outputs = ["b"]
    res = infer_shapes(g)
    assert [e.kind for e in res.errors] == [CYCLE]
    assert "a (Add)" in res.errors[0].message


def test_an_input_shape_holding_a_list_is_unknown_not_a_crash():
    """A hand-edited shape such as ``[[2], 4]`` used to raise TypeError (unhashable) out of
    verify; it is an unknown shape, which SHP008 reports."""
    from driftcheck.verifier import verify
    from driftcheck.verifier.build import L, seq

    g = seq(([2], 4), L("Linear", in_features=4, out_features=3))
    assert infer_shapes(g).shapes == {}
    assert verify(g).ids() == ["SHP008"]
