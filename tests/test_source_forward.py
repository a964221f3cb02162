"""forward() dataflow of the static source parser, checked against real PyTorch.

Every model in ``tests/zoo_forward`` is ours: the test imports it, runs it in torch on CPU on
its declared ``INPUT`` (``tests/zoo_io.py``), and asserts that shape inference over the
statically built graph (``infer_shapes`` along the dataflow edges) returns torch's output
shapes, and that the parameter count is unchanged by the op nodes the dataflow adds. The broken models crash in torch; ``driftcheck check`` must report a
blocker for them and nothing for the clean ones.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
import torch

from driftcheck.cli import main
from driftcheck.graph.model import Graph
from driftcheck.graph.shapes import infer_shapes
from driftcheck.parsers import load
from tests.zoo_io import load_module, static_output_shapes, torch_output_shapes

ZOO = Path(__file__).parent / "zoo_forward"
MODELS = sorted(p.name for p in ZOO.glob("*.py"))
BROKEN = {
    "width_mismatch.py": "SHP001",
    "conv_linear.py": "SHP002",
    "wrong_channels.py": "SHP001",
    "residual_width.py": "SHP",
    "attention_heads.py": "SHP001",
}


def _module(path: Path):
    return load_module(path, "zoo_forward")


def _torch_out(mod) -> list[tuple[int, ...]]:
    return torch_output_shapes(mod.Net(), mod)


_graphs: dict[str, Graph] = {}


def _graph(path: Path) -> Graph:
    key = str(path)
    if key not in _graphs:
        _graphs[key] = load(key)
    return _graphs[key]


def _shape_case(name: str):
    why = getattr(_module(ZOO / name), "OUTPUT_UNKNOWN", None)
    marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
    return pytest.param(name, marks=marks)


@pytest.mark.parametrize("name", [_shape_case(n) for n in MODELS])
def test_output_shape_equals_torch(name):
    path = ZOO / name
    mod = _module(path)
    res = static_output_shapes(_graph(path), mod)
    assert res.errors == []
    assert res.output_shapes == _torch_out(mod)
    assert all(_graph(path).index[o].type != "Input" for o in _graph(path).outputs)


@pytest.mark.parametrize("name", MODELS)
def test_params_unchanged_by_dataflow(name):
    """Op nodes and copies of re-used modules hold no new weights: the count is torch's."""
    path = ZOO / name
    mod = _module(path)
    assert _graph(path).params_total() == sum(p.numel() for p in mod.Net().parameters())


def test_at_least_fifteen_models():
    assert len(MODELS) >= 15


def test_graph_round_trips_json():
    g = _graph(ZOO / "attention.py")
    assert Graph.from_json(g.to_json()) == g


# ---------------------------------------------------------------------- structure
def _edges(g: Graph) -> set[tuple[str, str]]:
    return {(e.src, e.dst) for e in g.edges}


def test_loop_over_repeated_block_enters_and_leaves_once():
    g = _graph(ZOO / "attention.py")
    block = g.index["h/0"]
    assert block.repeat == 3
    members = {block.id, *(n.id for n in g.walk(block.id))}
    entering = [e for e in g.edges if e.dst in members and e.src not in members]
    leaving = [e for e in g.edges if e.src in members and e.dst not in members]
    assert {e.src for e in entering} == {"input_x"}
    assert {e.dst for e in entering} == {"h/0/ln_1", "h/0/op_1_Add"}
    assert [(e.src, e.dst) for e in leaving] == [("h/0/op_2_Add", "ln_f")]
    assert g.outputs == ["lm_head"]


def test_view_from_sizes_becomes_size_free_ops():
    g = _graph(ZOO / "attention.py")
    ops = [n for n in g.nodes if n.parent == "h/0/attn" and n.id.split("/")[-1].startswith("op_")]
    types = [n.type for n in ops]
    assert types.count("Unflatten") == 3 and "Flatten" in types
    assert all(not n.unresolved for n in ops)
    unflat = next(n for n in ops if n.type == "Unflatten")
    assert unflat.params == {"dim": 2, "unflattened_size": [4, -1]}
    assert unflat.loc is not None and unflat.loc.line == 22


def test_leaf_repeat_in_loop_is_one_edge_in_one_out():
    g = _graph(ZOO / "modulelist_loop.py")
    assert g.index["layers/0"].repeat == 4
    assert ("inp", "layers/0") in _edges(g)
    relu = [n for n in g.nodes if n.type == "ReLU"]
    assert len(relu) == 1 and ("layers/0", relu[0].id) in _edges(g)
    assert (relu[0].id, "head") in _edges(g)


def test_module_called_twice_gets_a_tied_copy():
    g = _graph(ZOO / "resnet_block.py")
    copy = g.index["layer1/relu_call1"]
    assert copy.type == "ReLU" and copy.parent == "layer1"
    assert ("layer1/op_1_Add", "layer1/relu_call1") in _edges(g)
    assert ("layer1/relu_call1", "layer2/conv1") in _edges(g)
    assert ("layer1/relu_call1", "layer2/downsample/0") in _edges(g)


def test_residual_add_has_indexed_inputs():
    g = _graph(ZOO / "resnet_block.py")
    into = sorted((e.index, e.src) for e in g.edges if e.dst == "layer2/op_1_Add")
    assert into == [(0, "layer2/bn2"), (1, "layer2/downsample/1")]


def test_lstm_is_one_catalogue_node_in_every_install():
    """``nn.LSTM`` is the catalogue's LSTM node (the same with and without torch on disk,
    tests/test_core_parity.py), counted as torch counts it."""
    import runpy

    import torch

    g = _graph(ZOO / "lstm.py")
    node = g.index["lstm"]
    assert node.type == "LSTM" and node.params["batch_first"] is True
    assert node.params["num_layers"] == 2
    assert ("embed", "lstm") in _edges(g)
    net = runpy.run_path(str(ZOO / "lstm.py"))["Net"]()
    assert g.params_total() == sum(p.numel() for p in net.parameters())
    assert isinstance(net.lstm, torch.nn.LSTM)


def test_unused_layers_are_noted():
    g = _graph(ZOO / "unused_layer.py")
    assert "unused in forward" in g.index["extra"].notes
    assert "unused in forward" in g.index["forgotten_norm"].notes
    assert "unused in forward" not in g.index["fc"].notes


def test_unknown_call_restarts_dataflow_and_keeps_unused_verdict_off():
    g = _graph(ZOO / "unknown_helper.py")
    assert ("input_x", "a") in _edges(g)
    assert not any(e.dst == "b" for e in g.edges)  # no invented edge through the unknown
    assert g.outputs == ["b"]
    assert "unused in forward" not in g.index["spare"].notes
    assert any("unknown call" in n for n in g.notes)


def test_unused_in_forward_is_reported_by_check(capsys):
    rc, out = _check(ZOO / "unused_layer.py", (3, 8), capsys)
    assert rc == 0  # a warning, not a blocker
    assert "SML002" in out and "extra" in out and "forgotten_norm" in out


# ---------------------------------------------------------------------- check verdicts
def _check(path: Path, shape: tuple[int, ...], capsys) -> tuple[int, str]:
    rc = main(["check", str(path), "--input-shape", ",".join(map(str, shape))])
    return rc, capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_model_crashes_in_torch_and_is_a_blocker(name, capsys):
    path = ZOO / "broken" / name
    mod = _module(path)
    with pytest.raises(RuntimeError):
        _torch_out(mod)
    rc, out = _check(path, mod.INPUT, capsys)
    assert rc == 1, out
    assert "blocker" in out and BROKEN[name] in out


@pytest.mark.parametrize("name", ["attention.py", "resnet_block.py", "unet_cat.py", "lstm.py"])
def test_clean_model_has_no_blocker(name, capsys):
    path = ZOO / name
    rc, out = _check(path, _module(path).INPUT, capsys)
    assert rc == 0, out
    assert "blocker" not in out


# ---------------------------------------------------------------------- robustness
HOSTILE = """
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def again(self, x, n):
        return self.again(self.fc(x), n + 1)

    def forward(self, x, *rest, **kw):
        while True:
            x = self.fc(x)
        for i in range(10 ** 9):
            x = self.fc(x) + undefined_name(x)
        y = [t for t in x]
        x[0] = y
        return self.again(x, 0)
"""


def test_hostile_forward_is_bounded(tmp_path):
    p = tmp_path / "hostile.py"
    p.write_text(HOSTILE)
    g = load(str(p))
    assert g.edges and len(g.nodes) < 200
    assert any("depth" in n for n in g.notes)


UNROLLED = """
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        x = self.fc(x)
        for i in range(1, 200):  # chunked-attention style: an op per index
            x = x + x[:, i : i + 1]
        return x
"""


def test_loop_unrolled_op_by_op_is_cut_per_line(tmp_path):
    p = tmp_path / "unrolled.py"
    p.write_text(UNROLLED)
    g = load(str(p))
    ops = [n for n in g.nodes if n.id.startswith("op_")]
    assert 32 <= len(ops) <= 40  # not 2 x 199
    assert any("loop unrolled over 32 ops" in n for n in g.notes)


def test_bert_modeling_file_gets_edges():
    transformers = pytest.importorskip("transformers")
    path = Path(transformers.__file__).parent / "models" / "bert" / "modeling_bert.py"
    g = load(f"{path}::BertModel")
    srcs = {e.src for e in g.edges}
    assert len(g.edges) >= 30
    assert "embeddings/word_embeddings" in srcs and g.outputs
    assert json.loads(g.to_json())["edges"]


def test_llama_modeling_file_output_shape_equals_torch(tmp_path):
    """Through RoPE (broadcast cos/sin), eager attention and RMSNorm of the real Llama code."""
    transformers = pytest.importorskip("transformers")
    cfg = {
        "model_type": "llama",
        "hidden_size": 64,
        "intermediate_size": 96,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 4,
        "head_dim": 16,
        "vocab_size": 100,
        "max_position_embeddings": 64,
    }
    p = tmp_path / "config.json"
    p.write_text(json.dumps(cfg))
    src = Path(transformers.__file__).parent / "models" / "llama" / "modeling_llama.py"
    g = load(f"{src}::LlamaModel", config=str(p))
    res = infer_shapes(g, {g.inputs()[0].id: (2, 7)})
    net = transformers.LlamaModel(transformers.LlamaConfig(**cfg)).eval()
    with torch.no_grad():
        y = net(torch.randint(0, 100, (2, 7))).last_hidden_state
    assert res.errors == []
    assert res.output_shapes == [tuple(y.shape)]
    assert g.params_total() == sum(t.numel() for t in net.parameters())


UNUSED_VERDICTS = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class ShortConv(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.conv = nn.Conv1d(d, d, 3, groups=d, padding=2)

    def forward(self, x):  # the weights are used, the module is never called
        y = F.conv1d(x.transpose(1, 2), self.conv.weight, self.conv.bias, padding=2, groups=8)
        return y[..., : x.shape[1]].transpose(1, 2)


class Vision(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch = nn.Conv2d(3, 8, 4, stride=4)

    def forward(self, pixel_values=None):
        if pixel_values is None:
            raise ValueError("pixel_values is required")
        return self.patch(pixel_values).flatten(2).transpose(1, 2)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(50, 8)
        self.mix = ShortConv(8)
        self.vision = Vision()
        self.spare = nn.Linear(8, 8)  # really unused

    def forward(self, input_ids, pixel_values=None):
        h = self.mix(self.embed(input_ids))
        image = self.vision(pixel_values=pixel_values)
        return h, image
"""


def test_unused_verdict_skips_functional_weights_and_raising_forwards(tmp_path):
    """A layer whose weights forward passes to ``F.conv1d`` is used; a submodule whose forward
    raises on the inputs followed (``pixel_values`` left out) says nothing about its layers;
    a layer nothing touches is still noted. torch agrees that the model runs with both inputs
    and that ``spare`` gets no gradient."""
    p = tmp_path / "net.py"
    p.write_text(UNUSED_VERDICTS)
    g = load(f"{p}::Net")
    assert "unused in forward" not in g.index["mix/conv"].notes
    assert "unused in forward" not in g.index["vision/patch"].notes
    assert "unused in forward" in g.index["spare"].notes

    spec = importlib.util.spec_from_file_location("unused_verdicts", p)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    net = mod.Net()
    h, image = net(torch.randint(0, 50, (2, 6)), torch.randn(2, 3, 8, 8))
    (h.sum() + image.sum()).backward()
    assert net.mix.conv.weight.grad is not None and net.vision.patch.weight.grad is not None
    assert net.spare.weight.grad is None


def test_forward_decided_per_layer_index_and_type():
    """Branches on a layer's own index (``self.layer_idx % 4``) and per-layer type
    (sliding / full): each layer's forward is followed with its own values."""
    mod = _module(ZOO / "layer_index_forward.py")
    relus = [n for n in _graph(ZOO / "layer_index_forward.py").nodes if n.type == "ReLU"]
    assert len(relus) == mod.RELU_BLOCKS
    assert {n.parent for n in relus} == {"layers/0", "layers/4"}
    mod = _module(ZOO / "sliding_full_layers.py")
    g = _graph(ZOO / "sliding_full_layers.py")
    sliding = {f"layers/{2 * i}/attn" for i, t in enumerate(mod.LAYER_TYPES) if t == "sliding"}
    assert {n.parent for n in g.nodes if n.type == "Tanh"} == sliding
