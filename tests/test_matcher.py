"""The drift matcher on graphs built directly: names never matter, counts are numbers, one
finding per differing attribute, facts compared key by key and read off the structure."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from driftcheck.findings import Location, Severity
from driftcheck.graph.match import compare
from driftcheck.graph.match.align import name_role
from driftcheck.graph.model import Fact, Graph, Node

ROOT = Path(__file__).resolve().parent.parent


def _bench():
    spec = importlib.util.spec_from_file_location(
        "bench_match_speed", ROOT / "benchmarks" / "bench_match_speed.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


build_decoder = _bench().build_decoder
SMALL = {"hidden": 64, "heads": 4, "kv": 2, "inter": 176, "vocab": 1000}


def one(findings, kind):
    got = [f for f in findings if f.kind == kind]
    assert len(got) == 1, [f.message for f in findings]
    return got[0]


@pytest.mark.parametrize(("lc", "rc"), [(True, True), (True, False), (False, True), (False, False)])
def test_same_model_under_other_names_and_layouts_has_no_drift(lc, rc):
    left = build_decoder(6, **SMALL, compact=lc, style="hf")
    right = build_decoder(6, **SMALL, compact=rc, style="other")
    assert compare(left, right) == []


def test_layer_count_is_one_finding_with_both_counts():
    fs = compare(build_decoder(12, **SMALL), build_decoder(3, **SMALL, style="other"))
    assert len(fs) == 1
    f = fs[0]
    assert (f.kind, f.attribute, f.severity) == ("layer-count", "model.numLayers", Severity.major)
    assert f.values == {"left": 12, "right": 3}
    assert "12 layers" in f.message and "has 3" in f.message


def test_lone_layer_against_a_repeated_one_is_a_count_not_missing_layers():
    fs = compare(build_decoder(12, **SMALL), build_decoder(1, **SMALL, style="other"))
    assert [(f.kind, f.values) for f in fs] == [("layer-count", {"left": 12, "right": 1})]


def test_flat_graph_collapses_to_the_same_count():
    fs = compare(build_decoder(32, **SMALL, compact=False), build_decoder(30, **SMALL))
    assert [(f.kind, f.values) for f in fs] == [("layer-count", {"left": 32, "right": 30})]


def test_width_drift_in_every_layer_is_one_finding_per_attribute():
    left = build_decoder(8, **SMALL, compact=False)
    right = build_decoder(8, **{**SMALL, "inter": 128}, style="other")
    fs = compare(left, right)
    f = one(fs, "param")
    assert f.attribute == "model.intermediateSize"
    assert f.values == {"left": 176, "right": 128}
    assert f.severity is Severity.major
    assert len(fs) == 1, [x.message for x in fs]


def test_kv_width_drift_names_the_linear_and_counts_places():
    right = build_decoder(4, **{**SMALL, "kv": 1}, style="other")
    fs = compare(build_decoder(4, **SMALL), right)
    assert len(fs) == 1
    f = fs[0]
    assert (f.kind, f.attribute) == ("shape", "linear.outFeatures")
    assert f.values == {"left": 32, "right": 16}
    assert "(8 places)" in f.message  # k and v in 4 layers


def _attn_model(heads: int, layers: int = 12, *, where: str) -> Graph:
    g = Graph()
    g.add(Node(id="emb", type="Embedding", params={"num_embeddings": 30522, "embedding_dim": 768}))
    g.add(Node(id="blk", type="Module", repeat=layers, loc=Location(file=where, line=40)))
    g.add(
        Node(
            id="att",
            type="Attention",
            parent="blk",
            params={"hidden_size": 768, "num_heads": heads},
            param_locs={"num_heads": Location(file=where, line=22)},
        )
    )
    g.add(Node(id="ln", type="LayerNorm", parent="blk", params={"normalized_shape": [768]}))
    return g


def test_head_count_in_all_layers_is_one_major_finding_with_lines():
    fs = compare(_attn_model(12, where="a.py"), _attn_model(8, where="b.py"))
    assert len(fs) == 1
    f = fs[0]
    assert (f.attribute, f.severity) == ("attention.numHeads", Severity.major)
    assert f.values == {"left": 12, "right": 8}
    assert [(loc.file, loc.line, loc.side) for loc in f.locations] == [
        ("a.py", 22, "left"),
        ("b.py", 22, "right"),
    ]
    assert "(12 places)" in f.message


def test_config_facts_against_structure_fold_into_one_finding_per_attribute():
    cfg = Graph(
        origin={"kind": "config", "path": "config.json"},
        facts={
            "numLayers": Fact(value=12, loc=Location(file="config.json", key="num_hidden_layers")),
            "numHeads": Fact(value=12, loc=Location(file="config.json", key="num_attention_heads")),
            "vocabSize": Fact(value=30522, loc=Location(file="config.json", key="vocab_size")),
            "hiddenSize": Fact(value=768, loc=Location(file="config.json", key="hidden_size")),
        },
    )
    code = _attn_model(8, layers=3, where="enc.py")
    fs = compare(cfg, code)
    assert {f.kind for f in fs} == {"layer-count", "param"}
    count = one(fs, "layer-count")
    assert count.values == {"left": 12, "right": 3}
    assert [str(loc) for loc in count.locations] == ["config.json [num_hidden_layers]", "enc.py:40"]
    heads = one(fs, "param")
    assert heads.attribute == "attention.numHeads"
    assert heads.message.startswith("attention.numHeads is 12 in config.json but 8 in ")
    assert [loc.key or loc.line for loc in heads.locations] == ["num_attention_heads", 22]


def test_facts_only_graphs_compare_key_by_key():
    left = Graph(
        facts={
            "maxPositionEmbeddings": Fact(value=8192),
            "dtype": Fact(value="bfloat16"),
            "normEps": Fact(value=1e-5),
            "ropeTheta": Fact(value=500000.0),
            "modelType": Fact(value="llama"),
        }
    )
    right = Graph(
        facts={
            "maxPositionEmbeddings": Fact(value=4096),
            "dtype": Fact(value="bfloat16"),
            "normEps": Fact(value=1.0e-5),
            "ropeTheta": Fact(value=10000),
            "modelType": Fact(value="mistral"),
        }
    )
    got = {f.attribute: (f.kind, f.severity.value, f.values) for f in compare(left, right)}
    assert got == {
        "model.maxPositionEmbeddings": ("context-length", "minor", {"left": 8192, "right": 4096}),
        "model.ropeTheta": ("rope", "minor", {"left": 500000.0, "right": 10000}),
        "model.modelType": ("architecture", "info", {"left": "llama", "right": "mistral"}),
    }


def test_bias_flip_changes_weights_and_is_major():
    a, b = build_decoder(2, **SMALL), build_decoder(2, **SMALL, style="other")
    for n in b.nodes:
        if n.id.endswith("_q"):
            n.params["bias"] = True
    f = one(compare(a, b), "param")
    assert (f.attribute, f.values, f.severity) == (
        "linear.bias",
        {"left": False, "right": True},
        Severity.major,
    )


def test_eps_is_minor_and_dropout_is_ignored():
    a, b = build_decoder(2, **SMALL), build_decoder(2, **SMALL, style="other", eps=1e-6)
    b.add(Node(id="drop", type="Dropout", params={"p": 0.1}))
    fs = compare(a, b)
    assert [(f.attribute, f.severity) for f in fs] == [("rMSNorm.eps", Severity.minor)]


def test_extra_layer_is_reported_on_its_side():
    a, b = build_decoder(2, **SMALL), build_decoder(2, **SMALL, style="other")
    b.add(Node(id="proj", type="Linear", params={"in_features": 64, "out_features": 10}))
    f = one(compare(a, b), "extra-layer")
    assert f.values["left"] is None and f.values["right"].startswith("Linear(")
    assert f.severity is Severity.major


def test_same_weights_described_as_one_layer_or_four_linears_agree():
    fused = Graph()
    fused.add(Node(id="a", type="Attention", params={"hidden_size": 64, "num_heads": 4}))
    split = Graph()
    split.add(Node(id="m", type="Module"))
    for r in "qkvo":
        split.add(
            Node(
                id=r,
                type="Linear",
                parent="m",
                params={"in_features": 64, "out_features": 64, "bias": False},
            )
        )
    assert compare(fused, split) == []


def test_names_only_break_ties_between_same_typed_layers():
    a, b = build_decoder(2, **SMALL), build_decoder(2, **SMALL, style="hf")
    # swap the declaration order of k and v on the right: names say which is which
    kids = [n for n in b.nodes]
    ik = next(i for i, n in enumerate(kids) if n.id.endswith("_k"))
    iv = next(i for i, n in enumerate(kids) if n.id.endswith("_v"))
    kids[ik], kids[iv] = kids[iv], kids[ik]
    kids[iv].params["out_features"] = 32  # k stays 32 wide
    b = Graph(nodes=kids)
    assert compare(a, b) == []
    assert [name_role(x) for x in ("self_attn.q_proj", "attn.wk", "mlp.w2", "blocks.3")] == [
        "q",
        "k",
        "down",
        None,
    ]


def test_tied_embeddings_differ_without_shape_change():
    a, b = build_decoder(2, **SMALL), build_decoder(2, **SMALL, style="other")
    head = next(n for n in a.nodes if n.id.endswith("_head"))
    head.tied = {"weight": "hf_emb.weight"}
    f = one(compare(a, b), "tied-weights")
    assert f.values == {"left": True, "right": False}
    assert f.severity is Severity.major


def _windowed(tail: int) -> Graph:
    """Windowed layers with a lone global-attention layer after every two, then a tail run."""
    g = Graph()
    pattern = ["w", "w", "g", "w", "w", "g"] + ["w"] * tail
    for i, kind in enumerate(pattern):
        g.add(Node(id=f"L{i}", type="Module"))
        width = 32 if kind == "w" else 64  # a global layer differs in a dim, not in its types
        g.add(
            Node(
                id=f"L{i}.rel",
                type="Parameter",
                parent=f"L{i}",
                params={"shape": [width, 16]},
            )
        )
        g.add(
            Node(
                id=f"L{i}.fc",
                type="Linear",
                parent=f"L{i}",
                params={"in_features": 16, "out_features": 16},
            )
        )
    return g


def test_lone_layer_between_runs_stays_a_layer_and_counts_compare():
    fs = compare(_windowed(4), _windowed(8))
    assert [(f.kind, f.values) for f in fs] == [("layer-count", {"left": 4, "right": 8})]


def _with_op(sizes: list[int] | None, extra_op: bool = False) -> Graph:
    g = build_decoder(2, **SMALL)
    attn = next(n for n in g.nodes if n.id.endswith("_attn"))
    if sizes is not None:
        g.add(
            Node(
                id="split",
                type="Unflatten",
                parent=attn.id,
                params={"dim": 2, "unflattened_size": sizes},
            )
        )
    if extra_op:
        g.add(Node(id="t", type="Transpose", parent=attn.id, params={"dim0": 1, "dim1": 2}))
    return g


def test_forward_ops_compare_only_where_both_sides_have_them():
    assert compare(_with_op([4, 16]), _with_op(None, extra_op=True)) == []
    # a head split that differs at equal weights is a head count read off forward
    # (derive._head_splits): one major finding, the split sizes under it
    f = one(compare(_with_op([4, 16]), _with_op([8, 8])), "param")
    assert (f.attribute, f.values) == ("model.numHeads", {"left": 4, "right": 8})
    assert f.severity is Severity.major
    assert "unflatten.unflattenedSize [4, 16] -> [8, 8]" in (f.evidence or "")


def test_reshape_sizes_compare_up_to_the_inferred_size():
    """view(b, s, -1, 16) and view(b, s, 4, 16) are one reshape spelled twice."""
    assert compare(_with_op([4, 16]), _with_op([-1, 16])) == []
    assert compare(_with_op([4, -1]), _with_op([4, 16])) == []
    f = one(compare(_with_op([4, -1]), _with_op([8, -1])), "param")
    assert f.values == {"left": [4, -1], "right": [8, -1]}
    assert f.severity is Severity.minor


def test_layout_op_arguments_are_info():
    """Which axis holds the heads is the implementation's choice (Meta's vs HF's Llama)."""

    def transposed(d0: int) -> Graph:
        g = build_decoder(2, **SMALL)
        attn = next(n for n in g.nodes if n.id.endswith("_attn"))
        g.add(Node(id="t", type="Transpose", parent=attn.id, params={"dim0": d0, "dim1": 3}))
        return g

    f = one(compare(transposed(1), transposed(2)), "param")
    assert f.attribute == "transpose.dim0"
    assert f.severity is Severity.info
