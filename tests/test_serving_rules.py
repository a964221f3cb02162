"""SRV rules: the serving engines' start-up and load-time checks, config vs served artifact."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from safetensors.torch import save_file
from transformers import LlamaConfig, LlamaForCausalLM

from driftcheck.drift import serving_findings
from driftcheck.drift.vllm_max_len import derived_max_len
from driftcheck.findings import Finding, Severity
from driftcheck.parsers import load
from driftcheck.parsers.hf import load_config_graph
from driftcheck.parsers.serving import load_manifest

CONFIG = {
    "model_type": "llama",
    "architectures": ["LlamaForCausalLM"],
    "vocab_size": 96,
    "hidden_size": 32,
    "intermediate_size": 48,
    "num_hidden_layers": 2,
    "num_attention_heads": 8,
    "num_key_value_heads": 4,
    "max_position_embeddings": 4096,
    "torch_dtype": "bfloat16",
    "tie_word_embeddings": False,
}


def pair(tmp_path, manifest_name: str, manifest: str, **cfg_over):
    cfg = {**CONFIG, **cfg_over}
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    (tmp_path / manifest_name).write_text(manifest)
    config = load(str(tmp_path / "config.json"))
    served = load(str(tmp_path / manifest_name))
    return serving_findings(config, served)


def ids(findings: list[Finding]) -> list[str]:
    return [f.check_id for f in findings]


# --------------------------------------------------------------- vLLM derived max length
@pytest.mark.parametrize(
    ("cfg", "want"),
    [
        ({"max_position_embeddings": 4096}, 4096),
        ({"max_position_embeddings": 4096, "n_positions": 2048}, 2048),  # smallest key wins
        ({"max_position_embeddings": 8192, "model_max_length": 16384}, 16384),  # Cohere
        ({"max_position_embeddings": 4096, "rope_scaling": {"type": "linear", "factor": 2.0}},
         8192),
        ({"max_position_embeddings": 4096, "rope_scaling": {"rope_type": "dynamic",
                                                             "factor": 2.0}}, 8192),
        ({"max_position_embeddings": 131072, "rope_scaling": {"rope_type": "llama3",
                                                               "factor": 8.0}}, 131072),
        ({"max_position_embeddings": 32768, "rope_scaling": {
            "rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 8192}},
         32768),
        ({"max_position_embeddings": 131072, "model_type": "gemma3_text",
          "rope_scaling": {"rope_type": "linear", "factor": 8.0}}, 131072),
        ({"text_config": {"max_position_embeddings": 2048}}, 2048),
        ({}, 2048),  # vLLM's default when no key is present
    ],
)  # fmt: skip
def test_derived_max_len_follows_vllm(cfg, want):
    assert derived_max_len(cfg).value == want


def test_srv001_max_model_len_both_values(tmp_path):
    out = pair(tmp_path, "serve.sh", "vllm serve m --max-model-len 8192\n")
    (f,) = [f for f in out if f.check_id == "SRV001"]
    assert f.severity == Severity.blocker
    assert f.values == {"left": 4096, "right": 8192}
    assert [loc.key for loc in f.locations] == ["--max-model-len", "max_position_embeddings"]
    assert {loc.side for loc in f.locations} == {"left", "right"}


def test_srv001_rope_scaling_allows_it(tmp_path):
    rope = {"rope_type": "linear", "factor": 2.0}
    assert ids(pair(tmp_path, "s.sh", "vllm serve m --max-model-len 8192\n",
                    rope_scaling=rope)) == []  # fmt: skip


def test_srv001_hf_overrides_count(tmp_path):
    script = (
        "vllm serve m --max-model-len 8192 --hf-overrides '{\"max_position_embeddings\": 8192}'\n"
    )
    assert "SRV001" not in ids(pair(tmp_path, "s.sh", script))


def test_srv001_env_permission_downgrades(tmp_path):
    out = pair(
        tmp_path, "s.sh", "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 vllm serve m --max-model-len 9000\n"
    )
    (f,) = [f for f in out if f.check_id == "SRV001"]
    assert f.severity == Severity.major


def test_srv001_ollama_num_ctx(tmp_path):
    out = pair(tmp_path, "Modelfile", "FROM x.gguf\nPARAMETER num_ctx 16384\n")
    assert ids(out) == ["SRV001"] and out[0].severity == Severity.major


# --------------------------------------------------------------- tensor parallel
@pytest.mark.parametrize(
    ("tp", "heads", "kv", "want"),
    [
        (2, 8, 4, []),
        (8, 8, 4, []),  # tp > kv heads: vLLM replicates each KV head twice
        (3, 8, 4, ["SRV002", "SRV003"]),
        (4, 12, 6, ["SRV003"]),  # heads split, but 6 KV heads over 4 ranks do not
        (16, 32, 12, ["SRV003"]),
        (6, 12, 4, ["SRV003"]),
    ],
)
def test_tp_rules(tmp_path, tp, heads, kv, want):
    out = pair(tmp_path, "s.sh", f"vllm serve m -tp {tp}\n", num_attention_heads=heads,
               num_key_value_heads=kv)  # fmt: skip
    assert ids(out) == want
    # the rule is the arithmetic vLLM applies: heads % tp, and kv % tp or tp % kv
    assert ("SRV002" in want) == bool(heads % tp)
    assert ("SRV003" in want) == bool((tp % kv) if tp >= kv else (kv % tp))


def test_tgi_num_shard_and_token_limits(tmp_path):
    out = pair(tmp_path, "tgi.env", "NUM_SHARD=3\nMAX_INPUT_TOKENS=4096\nMAX_TOTAL_TOKENS=4096\n")
    assert ids(out) == ["SRV002", "SRV003", "SRV004"]
    srv4 = out[-1]
    assert srv4.values == {"input": 4096, "total": 4096}
    assert [loc.key for loc in srv4.locations] == ["MAX_INPUT_TOKENS", "MAX_TOTAL_TOKENS"]


# --------------------------------------------------------------- dtype and quantization
@pytest.mark.parametrize(
    ("cfg_quant", "served", "want"),
    [
        (None, "awq", ["SRV008"]),
        (None, "fp8", []),  # online quantization needs no quantization_config
        ({"quant_method": "awq", "bits": 4}, "awq_marlin", []),
        ({"quant_method": "awq", "bits": 4}, "gptq", ["SRV008"]),
        ({"quant_method": "gptq", "bits": 4}, "gptq_marlin", []),
    ],
)
def test_quantization(tmp_path, cfg_quant, served, want):
    over = {"quantization_config": cfg_quant} if cfg_quant else {}
    out = pair(tmp_path, "s.sh", f"vllm serve m --quantization {served} --dtype bfloat16\n",
               **over)  # fmt: skip
    assert ids(out) == want


def test_dtype_bf16_served_fp16(tmp_path):
    (f,) = pair(tmp_path, "s.sh", "vllm serve m --dtype half\n")
    assert (f.check_id, f.severity, f.values) == (
        "SRV007", Severity.warning, {"left": "bfloat16", "right": "float16"})  # fmt: skip


# --------------------------------------------------------------- checkpoints
def _ckpt(tmp_path, drop=(), **over):
    torch.manual_seed(0)
    cfg = {k: v for k, v in {**CONFIG, **over}.items() if k not in ("model_type", "torch_dtype")}
    model = LlamaForCausalLM(LlamaConfig(**cfg))
    sd = {k: v.contiguous() for k, v in model.state_dict().items() if k not in drop}
    save_file(sd, str(tmp_path / "model.safetensors"))
    return load_manifest(str(tmp_path / "model.safetensors"))


def _config(tmp_path, exact=False, **over):
    (tmp_path / "config.json").write_text(json.dumps({**CONFIG, **over}))
    if exact:
        return load_config_graph(str(tmp_path / "config.json"), exact=True, entry="architectures")
    return load(str(tmp_path / "config.json"))


def test_checkpoint_layer_count_vocab_and_missing_head(tmp_path):
    ckpt = _ckpt(tmp_path, drop=("lm_head.weight",), num_hidden_layers=3, vocab_size=100)
    out = serving_findings(_config(tmp_path), ckpt)
    by = {f.check_id: f for f in out}
    assert by["SRV005"].values == {"left": 2, "right": 3}
    assert by["SRV009"].values == {"left": 96, "right": 100}
    assert by["SRV006"].values == {"left": False, "right": "absent"}
    assert by["SRV007"].values == {"left": "bfloat16", "right": "float32"}


def test_srv010_size_mismatch_groups_layers(tmp_path):
    ckpt = _ckpt(tmp_path, num_key_value_heads=2)
    out = [f for f in serving_findings(_config(tmp_path, exact=True), ckpt)
           if f.check_id == "SRV010"]  # fmt: skip
    got = {f.message.split(" (")[0] for f in out}
    assert got == {"size mismatch for model.layers.*.self_attn.k_proj.weight",
                   "size mismatch for model.layers.*.self_attn.v_proj.weight"}  # fmt: skip
    k = next(f for f in out if "k_proj" in f.message)
    assert k.values == {"left": [16, 32], "right": [8, 32]}
    assert k.evidence == (
        "size mismatch for model.layers.0.self_attn.k_proj.weight: copying a param with shape "
        "torch.Size([8, 32]) from checkpoint, the shape in current model is "
        "torch.Size([16, 32]).")  # fmt: skip


def test_gguf_block_count_against_its_tensors(tmp_path):
    import gguf
    import numpy as np

    w = gguf.GGUFWriter(str(tmp_path / "m.gguf"), "llama")
    w.add_block_count(3)
    for i in range(2):  # one block short of what the header states
        w.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(32, np.float32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    out = serving_findings(_config(tmp_path), load_manifest(str(tmp_path / "m.gguf")))
    # the model's tensors in GGUF names (gguf's own map over torch's state dict), head excluded
    want = _gguf_names_of(LlamaForCausalLM(LlamaConfig(**_arch())))
    want.pop("output.weight")
    assert [(f.check_id, f.values) for f in out] == [
        ("SRV005", {"stated": 3, "tensors": 2}),
        ("SRV005", {"left": 2, "right": 3}),
        ("SRV011", {"left": len(want), "right": 2}),
    ]


def _arch(**over) -> dict:
    cfg = {**CONFIG, **over}
    return {k: v for k, v in cfg.items() if k not in ("model_type", "torch_dtype")}


def _gguf_names_of(model) -> dict:
    import gguf

    tmap = gguf.get_tensor_name_map(gguf.MODEL_ARCH.LLAMA, model.config.num_hidden_layers)
    return {tmap.get_name(k, try_suffixes=(".weight",)): tuple(v.shape)
            for k, v in model.state_dict().items()}  # fmt: skip


def test_srv011_gguf_from_another_model(tmp_path):
    from test_serving_checkpoints import _write_gguf

    drifted = LlamaForCausalLM(LlamaConfig(**_arch(intermediate_size=40)))
    _write_gguf(tmp_path / "m.gguf", drifted)
    out = serving_findings(_config(tmp_path, exact=True), load_manifest(str(tmp_path / "m.gguf")))
    (f,) = [f for f in out if f.check_id == "SRV011"]
    ours, theirs = _gguf_names_of(LlamaForCausalLM(LlamaConfig(**_arch()))), _gguf_names_of(drifted)
    differ = [g for g in ours if ours[g] != theirs[g]]
    assert f"{len(differ)} shape(s) differ" in f.message
    assert "missing" not in f.message and "not in the model" not in f.message
    _write_gguf(tmp_path / "same.gguf", LlamaForCausalLM(LlamaConfig(**_arch())))
    same = serving_findings(
        _config(tmp_path, exact=True), load_manifest(str(tmp_path / "same.gguf"))
    )
    assert "SRV011" not in ids(same)


def test_clean_pair_has_no_findings(tmp_path):
    assert pair(tmp_path, "s.sh", "vllm serve m --max-model-len 4096 -tp 4 --dtype bf16\n") == []


def test_sides_follow_the_compare_arguments(tmp_path):
    (tmp_path / "config.json").write_text(json.dumps(CONFIG))
    (tmp_path / "s.sh").write_text("vllm serve m --max-model-len 8192\n")
    config, served = load(str(tmp_path / "config.json")), load(str(tmp_path / "s.sh"))
    (f,) = serving_findings(config, served, sides=("right", "left"))
    assert f.values == {"right": 4096, "left": 8192}
    assert [(loc.side, loc.key) for loc in f.locations] == [
        ("left", "--max-model-len"), ("right", "max_position_embeddings")]  # fmt: skip


EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "serving"
PLANTED = {
    "Modelfile": ["SRV001"],
    "config.pbtxt": ["SRV001"],
    "docker-compose.yaml": ["SRV001"],
    "kserve.yaml": ["SRV001"],
    "model-config.yaml": ["SRV002", "SRV003"],
    "tgi.env": ["SRV004"],
    "vllm-config.yaml": ["SRV008"],
    "vllm-serve.sh": ["SRV001", "SRV002", "SRV003"],
}


def test_every_shipped_example_shows_its_planted_drift():
    config = load(str(EXAMPLES / "config.json"))
    shipped = sorted(p.name for p in EXAMPLES.iterdir() if p.name != "config.json")
    assert shipped == sorted(PLANTED)
    for name, want in PLANTED.items():
        served = load(str(EXAMPLES / name))
        found = serving_findings(config, served)
        assert ids(found) == want, name
        for f in found:  # both sides' values are reported
            assert len(f.values) == 2 and None not in f.values.values(), (name, f)


def test_pair_findings_picks_the_served_side(tmp_path):
    from driftcheck.drift import pair_findings

    (tmp_path / "config.json").write_text(json.dumps(CONFIG))
    (tmp_path / "s.sh").write_text("vllm serve m --max-model-len 8192\n")
    (tmp_path / "Modelfile").write_text("FROM x\nPARAMETER num_ctx 9000\n")
    config, served = load(str(tmp_path / "config.json")), load(str(tmp_path / "s.sh"))
    (a,) = pair_findings(config, served)
    (b,) = pair_findings(served, config)
    assert a.values == {"left": 4096, "right": 8192}
    assert b.values == {"right": 4096, "left": 8192}
    assert pair_findings(served, load(str(tmp_path / "Modelfile"))) == []
    assert pair_findings(config, config) == []


def test_gguf_plays_the_model_against_its_modelfile(tmp_path):
    import gguf
    import numpy as np

    from driftcheck.drift import pair_findings

    w = gguf.GGUFWriter(str(tmp_path / "m.gguf"), "llama")
    w.add_context_length(4096)
    w.add_head_count(32)
    w.add_tensor("blk.0.attn_norm.weight", np.ones(8, np.float32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    (tmp_path / "Modelfile").write_text("FROM ./m.gguf\nPARAMETER num_ctx 8192\n")
    ckpt, ollama = load(str(tmp_path / "m.gguf")), load(str(tmp_path / "Modelfile"))
    (f,) = pair_findings(ollama, ckpt)
    assert (f.check_id, f.values) == ("SRV001", {"right": 4096, "left": 8192})
    assert {loc.key for loc in f.locations} == {"num_ctx", "llama.context_length"}


def test_srv_findings_render_in_every_report_format():
    """What compare would print: every renderer takes SRV findings, the text shows both sides."""
    from driftcheck.reports import FORMATS, ReportContext, render

    config = load(str(EXAMPLES / "config.json"))
    served = load(str(EXAMPLES / "vllm-serve.sh"))
    found = serving_findings(config, served)
    ctx = ReportContext(command="compare", sources={"left": "config.json", "right": "serve.sh"})
    for fmt in FORMATS:
        assert render(found, fmt, ctx).strip(), fmt
    text = render(found, "text", ctx)
    assert "[--max-model-len] = 8192" in text
    assert "[max_position_embeddings] = 4096" in text
