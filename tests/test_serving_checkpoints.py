"""Checkpoints written by their real libraries, read back as graphs and checked against torch."""

from __future__ import annotations

import json
import re
from math import prod

import gguf
import numpy as np
import pytest
import torch
from safetensors.numpy import save_file as np_save_file
from safetensors.torch import save_file
from transformers import LlamaConfig, LlamaForCausalLM, Qwen3Config, Qwen3ForCausalLM

from driftcheck.drift.load_prediction import predict_load, state_dict_shapes
from driftcheck.parsers import load
from driftcheck.parsers.hf import load_config_graph
from driftcheck.parsers.serving import load_manifest

BASE = dict(
    vocab_size=96,
    hidden_size=32,
    intermediate_size=48,
    num_hidden_layers=3,
    num_attention_heads=4,
    num_key_value_heads=2,
    max_position_embeddings=256,
    tie_word_embeddings=False,
    architectures=["LlamaForCausalLM"],
)


def llama(**over) -> LlamaForCausalLM:
    torch.manual_seed(0)
    return LlamaForCausalLM(LlamaConfig(**{**BASE, **over}))


def table(model: torch.nn.Module) -> dict:
    return {k: tuple(v.shape) for k, v in model.state_dict().items()}


def save(model: torch.nn.Module, path, dtype=None, drop=()) -> dict:
    sd = {k: v.contiguous() for k, v in model.state_dict().items() if k not in drop}
    if dtype is not None:
        sd = {k: v.to(dtype) for k, v in sd.items()}
    save_file(sd, str(path))
    return sd


# ----------------------------------------------------------------------------- safetensors
def test_safetensors_table_count_and_facts(tmp_path):
    model = llama()
    save(model, tmp_path / "model.safetensors", dtype=torch.bfloat16)
    g = load(str(tmp_path / "model.safetensors"))
    assert g.origin.kind == "checkpoint"
    assert state_dict_shapes(g) == table(model)
    assert g.params_total() == sum(p.numel() for p in model.parameters())
    f = {k: v.value for k, v in g.facts.items()}
    cfg = model.config
    assert f["numLayers"] == cfg.num_hidden_layers
    assert f["vocabSize"] == cfg.vocab_size
    assert f["hiddenSize"] == cfg.hidden_size
    assert f["intermediateSize"] == cfg.intermediate_size
    assert f["dtype"] == "bfloat16"
    assert f["tensorCount"] == len(model.state_dict())
    assert "tieWordEmbeddings" not in f  # lm_head.weight is stored
    # the 3 identical decoder layers are one node x 3
    blocks = [n for n in g.nodes if n.repeat > 1]
    assert [(b.name, b.repeat) for b in blocks] == [("model.layers.0", 3)]
    assert g.node("model/layers/0/self_attn/k_proj").params["out_features"] == 2 * 8


def test_safetensors_heads_from_qk_norm(tmp_path):
    cfg = Qwen3Config(vocab_size=64, hidden_size=32, intermediate_size=40, num_hidden_layers=2,
                      num_attention_heads=4, num_key_value_heads=2, head_dim=16)  # fmt: skip
    model = Qwen3ForCausalLM(cfg)
    save(model, tmp_path / "q.safetensors", drop=("lm_head.weight",))
    f = {k: v.value for k, v in load_manifest(str(tmp_path / "q.safetensors")).facts.items()}
    assert (f["numHeads"], f["numKvHeads"], f["headDim"]) == (4, 2, 16)
    assert f["tieWordEmbeddings"] is True


def test_sharded_index_reads_every_shard(tmp_path):
    model = llama()
    sd = {k: v.contiguous() for k, v in model.state_dict().items()}
    names = sorted(sd)
    halves = {"model-00001-of-00002.safetensors": names[::2],
              "model-00002-of-00002.safetensors": names[1::2]}  # fmt: skip
    for shard, keys in halves.items():
        save_file({k: sd[k] for k in keys}, str(tmp_path / shard))
    index = {"metadata": {"total_size": sum(v.numel() * 4 for v in sd.values())},
             "weight_map": {k: s for s, keys in halves.items() for k in keys}}  # fmt: skip
    (tmp_path / "model.safetensors.index.json").write_text(json.dumps(index))
    g = load(str(tmp_path / "model.safetensors.index.json"))
    assert state_dict_shapes(g) == table(model)
    assert g.origin.detail == "safetensors-index"


def test_numpy_written_safetensors(tmp_path):
    arrays = {
        "encoder.0.weight": np.zeros((8, 4), np.float16),
        "encoder.0.bias": np.zeros((8,), np.float16),
        "scale": np.ones((3, 2), np.float32),
    }
    np_save_file(arrays, str(tmp_path / "n.safetensors"))
    g = load_manifest(str(tmp_path / "n.safetensors"))
    assert state_dict_shapes(g) == {k: v.shape for k, v in arrays.items()}
    assert g.params_total() == sum(a.size for a in arrays.values())
    assert g.fact("dtype") == "float16"  # 48 fp16 elements against 6 fp32


# ----------------------------------------------------------------------------- load prediction
def _torch_errors(model: torch.nn.Module, sd: dict) -> tuple[set, set, set]:
    try:
        model.load_state_dict(sd)
    except RuntimeError as e:
        text = str(e)
    else:
        return set(), set(), set()
    sizes = set(re.findall(r"size mismatch for [^\n]*?is torch\.Size\(\[[\d, ]*\]\)\.", text))
    missing = re.search(r"Missing key\(s\) in state_dict: (.*?)\. ", text)
    unexpected = re.search(r"Unexpected key\(s\) in state_dict: (.*?)\. ", text)

    def keys(m):
        return set(re.findall(r'"([^"]+)"', m.group(1))) if m else set()

    return sizes, keys(missing), keys(unexpected)


@pytest.mark.parametrize(
    "ckpt_over",
    [
        {"num_key_value_heads": 1, "intermediate_size": 40, "vocab_size": 100},
        {"num_hidden_layers": 2, "num_key_value_heads": 4},
        {"num_hidden_layers": 4, "hidden_size": 48},
        {},
    ],
)
def test_predicted_size_mismatches_equal_torch(tmp_path, ckpt_over):
    """The model side comes from the config (torch-meta route); the checkpoint from real
    weights of a drifted model; torch's own load_state_dict is the oracle."""
    model = llama()
    model.config.to_json_file(tmp_path / "config.json")
    sd = save(llama(**ckpt_over), tmp_path / "model.safetensors")
    real_sizes, real_missing, real_unexpected = _torch_errors(model, sd)
    graph = load_config_graph(str(tmp_path / "config.json"), exact=True, entry="architectures")
    pred = predict_load(load_manifest(str(tmp_path / "model.safetensors")), graph)
    assert set(pred.size_mismatch) == real_sizes
    assert set(pred.missing) == real_missing
    assert set(pred.unexpected) == real_unexpected
    assert pred.unresolved == 0
    assert pred.ok == (not (real_sizes or real_missing or real_unexpected))


# ----------------------------------------------------------------------------- GGUF
def _write_gguf(path, model: LlamaForCausalLM, quant_first: bool = False, drop_block=None):
    cfg = model.config
    w = gguf.GGUFWriter(str(path), "llama")
    w.add_block_count(cfg.num_hidden_layers)
    w.add_embedding_length(cfg.hidden_size)
    w.add_feed_forward_length(cfg.intermediate_size)
    w.add_head_count(cfg.num_attention_heads)
    w.add_head_count_kv(cfg.num_key_value_heads)
    w.add_context_length(cfg.max_position_embeddings)
    w.add_rope_freq_base(cfg.rope_parameters["rope_theta"])
    w.add_layer_norm_rms_eps(cfg.rms_norm_eps)
    w.add_file_type(gguf.LlamaFileType.MOSTLY_Q8_0 if quant_first else gguf.LlamaFileType.ALL_F32)
    w.add_token_list([f"<t{i}>" for i in range(cfg.vocab_size)])
    names = gguf.get_tensor_name_map(gguf.MODEL_ARCH.LLAMA, cfg.num_hidden_layers)
    out = {}
    for hf_name, t in model.state_dict().items():
        name = names.get_name(hf_name, try_suffixes=(".weight", ".bias"))
        if drop_block is not None and name.startswith(f"blk.{drop_block}."):
            continue
        data = t.float().numpy()
        if quant_first and name.endswith("attn_q.weight"):
            q = gguf.quants.quantize(data, gguf.GGMLQuantizationType.Q8_0)
            w.add_tensor(name, q, raw_dtype=gguf.GGMLQuantizationType.Q8_0)
        else:
            w.add_tensor(name, data)
        out[name] = tuple(t.shape)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return out


def test_gguf_facts_and_tensors(tmp_path):
    model = llama()
    shapes = _write_gguf(tmp_path / "m.gguf", model, quant_first=True)
    g = load(str(tmp_path / "m.gguf"))
    cfg = model.config
    f = {k: v.value for k, v in g.facts.items()}
    assert f["numLayers"] == cfg.num_hidden_layers
    assert f["hiddenSize"] == cfg.hidden_size
    assert f["intermediateSize"] == cfg.intermediate_size
    assert (f["numHeads"], f["numKvHeads"]) == (4, 2)
    assert f["maxPositionEmbeddings"] == cfg.max_position_embeddings
    assert f["normEps"] == cfg.rms_norm_eps
    assert f["tokenizerVocabSize"] == f["vocabSize"] == cfg.vocab_size
    assert f["quantization"] == "Q8_0"
    assert f["tensorCount"] == len(shapes)
    assert g.facts["numLayers"].loc.key == "llama.block_count"
    # torch-order shapes, also for the Q8_0 tensor; counts are the model's parameters
    assert state_dict_shapes(g) == shapes
    assert g.params_total() == sum(p.numel() for p in model.parameters())


def test_gguf_header_reader_agrees_with_gguf_reader(tmp_path):
    """Our one-pass header reader against the gguf package's own GGUFReader."""
    from gguf import GGUFReader

    from driftcheck.parsers.serving.gguf_header import GGUFArray, read_header

    _write_gguf(tmp_path / "m.gguf", llama(), quant_first=True)
    ours, _ = read_header(tmp_path / "m.gguf")
    ref = GGUFReader(str(tmp_path / "m.gguf"))
    assert [(t.name, t.shape, t.type) for t in ours.tensors] == [
        (t.name, tuple(int(d) for d in reversed(t.shape.tolist())), int(t.tensor_type))
        for t in ref.tensors
    ]
    ref_fields = {k: f for k, f in ref.fields.items() if not k.startswith("GGUF.")}
    assert set(ours.fields) == set(ref_fields)
    for key, f in ref_fields.items():
        mine = ours.fields[key]
        if isinstance(mine, GGUFArray):
            assert mine.length == len(f.data), key
            if mine.values is not None:
                assert mine.values == pytest.approx(f.contents()), key
        else:
            assert mine == pytest.approx(f.contents()), key


# ----------------------------------------------------------------------------- ONNX
class Small(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.emb = torch.nn.Embedding(50, 16)
        self.fc1 = torch.nn.Linear(16, 32)
        self.ln = torch.nn.LayerNorm(32)
        self.fc2 = torch.nn.Linear(32, 8, bias=False)
        self.conv = torch.nn.Conv2d(1, 4, 3)

    def forward(self, x, img):
        return self.fc2(torch.relu(self.ln(self.fc1(self.emb(x))))), self.conv(img)


def test_onnx_export_layers_and_counts(tmp_path):
    model = Small()
    path = tmp_path / "small.onnx"
    args = (torch.zeros(2, 5, dtype=torch.long), torch.zeros(1, 1, 8, 8))
    torch.onnx.export(model, args, str(path), dynamo=False)
    g = load(str(path))
    assert g.params_total() == sum(p.numel() for p in model.parameters())
    linears = {n.name: n.params for n in g.nodes if n.type == "Linear"}
    assert linears == {"fc1": {"in_features": 16, "out_features": 32, "bias": True},
                       "fc2": {"in_features": 32, "out_features": 8, "bias": False}}  # fmt: skip
    assert g.fact("numParameters") == sum(p.numel() for p in model.parameters())
    assert g.fact("vocabSize") == 50
    assert len(g.inputs()) == 2 and len(g.outputs) == 2
    # dataflow: fc1 feeds (through the norm and relu) fc2
    ids = {n.name: n.id for n in g.nodes}
    assert any(e.src == ids["fc1"] for e in g.edges)


def test_onnx_helper_gemm_without_transpose(tmp_path):
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    w = numpy_helper.from_array(np.zeros((6, 3), np.float32), "fc.weight")  # (in, out)
    b = numpy_helper.from_array(np.zeros((3,), np.float32), "fc.bias")
    node = helper.make_node("Gemm", ["x", "fc.weight", "fc.bias"], ["y"], name="/fc/Gemm")
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["B", 6])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["B", 3])], [w, b],
    )  # fmt: skip
    onnx.save(helper.make_model(graph), str(tmp_path / "g.onnx"))
    g = load_manifest(str(tmp_path / "g.onnx"))
    lin = [n for n in g.nodes if n.type == "Linear"]
    assert [n.params for n in lin] == [{"in_features": 6, "out_features": 3, "bias": True}]
    assert g.inputs()[0].params["shape"] == ["B", 6]
    assert g.params_total() == prod((6, 3)) + 3


@pytest.mark.parametrize("model_type", ["gpt2", "mixtral"])
def test_load_prediction_corpus_sample(model_type, tmp_path):
    """A sample of benchmarks/serving_load_prediction.py: GPT-2 (transposed Conv1D weights,
    tied head) and Mixtral (experts) against torch's real load_state_dict."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from serving_load_prediction import run

    ok, detail = run(model_type, tmp_path)
    assert ok, detail


@pytest.mark.parametrize("names", [[""], ["", ".weight", "x."]])
def test_gguf_tensor_with_an_empty_name_is_a_graph_not_an_internal_error(tmp_path, capsys, names):
    # found by the fuzz campaign (benchmarks/fuzz_campaign.py): a tensor named "" gave a node id
    # "" that the graph model refuses, and `graph` ended in the internal-error catch-all
    import numpy as np

    from driftcheck.cli import main

    path = tmp_path / "m.gguf"
    w = gguf.GGUFWriter(str(path), "llama")
    for i, name in enumerate(names):
        w.add_tensor(name, np.zeros((2, 3 + i), dtype=np.float32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    assert main(["graph", str(path), "--format", "json"]) == 0
    graph = json.loads(capsys.readouterr().out)
    assert len(graph["nodes"]) == len(names)
    assert len({n["id"] for n in graph["nodes"]}) == len(names)
