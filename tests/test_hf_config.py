"""HF config reading: facts keyed exactly, static config completion, bad configs -> exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from transformers import (
    AutoConfig,
    BertConfig,
    GPT2Config,
    LlamaConfig,
    LlavaConfig,
    MixtralConfig,
    Qwen2Config,
    T5Config,
)

from driftcheck.cli import main
from driftcheck.errors import DriftcheckError
from driftcheck.parsers import hf_registry as reg
from driftcheck.parsers.hf import load_config_graph
from driftcheck.parsers.hf_defaults import complete
from driftcheck.parsers.hf_facts import extract


def save(cfg, tmp_path: Path, name: str = "config.json") -> Path:
    path = tmp_path / name
    cfg.to_json_file(path)
    return path


def facts_of(path: Path) -> dict:
    data = json.loads(path.read_text())
    return {k: (f.value, f.loc.key) for k, f in extract(data, str(path)).items()}


# ---------------------------------------------------------------------- registry
def test_registry_reads_auto_mappings_without_importing_transformers():
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES
    from transformers.models.auto.modeling_auto import MODEL_MAPPING_NAMES

    assert reg.known_model_types() == sorted(CONFIG_MAPPING_NAMES)
    for mt in ("bert", "gpt2", "llama", "t5", "llava", "gpt-sw3", "mimi_encoder", "funnel"):
        assert reg.config_class_name(mt) == CONFIG_MAPPING_NAMES[mt]
        want = MODEL_MAPPING_NAMES[mt]
        assert reg.model_class_name(mt) == (want[0] if isinstance(want, tuple) else want)


def test_registry_finds_the_defining_files():
    import inspect

    import transformers

    for cls in ("BertModel", "GPT2Model", "LlamaModel", "T5Model", "CLIPModel"):
        mt = {"BertModel": "bert", "GPT2Model": "gpt2", "LlamaModel": "llama"}.get(cls)
        path = reg.find_class(cls, "modeling", mt)
        assert path is not None and Path(inspect.getsourcefile(getattr(transformers, cls))) == path


# ---------------------------------------------------------------------- facts
def test_bert_facts_keyed_and_located(tmp_path):
    path = save(BertConfig(), tmp_path)
    f = facts_of(path)
    assert f["numLayers"] == (12, "num_hidden_layers")
    assert f["hiddenSize"] == (768, "hidden_size")
    assert f["numHeads"] == (12, "num_attention_heads")
    assert f["numKvHeads"] == (12, "num_attention_heads")  # MHA: defaults to numHeads
    assert f["headDim"][0] == 64
    assert f["intermediateSize"] == (3072, "intermediate_size")
    assert f["vocabSize"] == (30522, "vocab_size")
    assert f["maxPositionEmbeddings"] == (512, "max_position_embeddings")
    assert f["normEps"] == (1e-12, "layer_norm_eps")
    assert f["modelType"] == ("bert", "model_type")
    g = load_config_graph(str(path))
    assert g.facts["numLayers"].loc.file == str(path)


def test_gpt2_aliases(tmp_path):
    f = facts_of(save(GPT2Config(n_layer=6, n_embd=512, n_head=8), tmp_path))
    assert f["numLayers"] == (6, "n_layer")
    assert f["hiddenSize"] == (512, "n_embd")
    assert f["numHeads"] == (8, "n_head")
    assert f["maxPositionEmbeddings"] == (1024, "n_positions")
    assert f["normEps"] == (1e-5, "layer_norm_epsilon")


def test_llama_gqa_rope_dtype_quantization(tmp_path):
    cfg = LlamaConfig(num_key_value_heads=8, rope_scaling={"rope_type": "linear", "factor": 4.0})
    path = save(cfg, tmp_path)
    data = json.loads(path.read_text())
    data["torch_dtype"] = "bfloat16"
    data["quantization_config"] = {"quant_method": "awq", "bits": 4}
    data["architectures"] = ["LlamaForCausalLM"]
    path.write_text(json.dumps(data))
    f = facts_of(path)
    assert f["numKvHeads"] == (8, "num_key_value_heads")
    assert f["headDim"] == (128, "head_dim")
    assert f["ropeTheta"] == (10000.0, "rope_parameters.rope_theta")
    assert f["ropeScaling"][0]["factor"] == 4.0
    assert f["dtype"] == ("bfloat16", "torch_dtype")
    assert f["quantization"] == ("awq", "quantization_config.quant_method")
    assert f["architectures"] == (["LlamaForCausalLM"], "architectures")
    assert f["tieWordEmbeddings"] == (False, "tie_word_embeddings")


def test_transformers4_style_rope_keys(tmp_path):
    path = tmp_path / "config.json"
    path.write_text(
        json.dumps(
            {
                "model_type": "llama",
                "rope_theta": 500000.0,
                "rope_scaling": {"rope_type": "llama3", "factor": 8.0},
            }
        )
    )
    f = facts_of(path)
    assert f["ropeTheta"] == (500000.0, "rope_theta")
    assert f["ropeScaling"] == ({"rope_type": "llama3", "factor": 8.0}, "rope_scaling")


def test_moe_and_sliding_window(tmp_path):
    f = facts_of(save(MixtralConfig(sliding_window=4096), tmp_path))
    assert f["numExperts"] == (8, "num_local_experts")
    assert f["numExpertsPerTok"] == (2, "num_experts_per_tok")
    assert f["slidingWindow"] == (4096, "sliding_window")
    # Qwen2 writes a window but switches it off: no slidingWindow fact
    assert "slidingWindow" not in facts_of(save(Qwen2Config(), tmp_path, "q.json"))


def test_encoder_decoder_layers(tmp_path):
    f = facts_of(save(T5Config(num_layers=6, num_decoder_layers=4), tmp_path))
    assert f["numEncoderLayers"] == (6, "num_layers")
    assert f["numDecoderLayers"] == (4, "num_decoder_layers")
    assert f["numLayers"] == (4, "num_decoder_layers")
    assert f["hiddenSize"] == (512, "d_model")
    assert f["headDim"] == (64, "d_kv")


def test_multimodal_facts_come_from_text_config(tmp_path):
    f = facts_of(save(LlavaConfig(), tmp_path))
    assert f["numLayers"] == (32, "text_config.num_hidden_layers")
    assert f["hiddenSize"] == (4096, "text_config.hidden_size")
    assert f["vocabSize"][0] == 32000
    assert f["modelType"] == ("llava", "model_type")


# ---------------------------------------------------------------------- completion
@pytest.mark.parametrize(
    "model_type", ["bert", "gpt2", "llama", "mistral", "t5", "llava", "clip", "whisper", "qwen2"]
)
def test_minimal_config_completes_like_the_config_class(model_type):
    want = json.loads(json.dumps(AutoConfig.for_model(model_type).to_dict(), default=str))
    got, info = complete({"model_type": model_type})
    assert info is not None

    def numeric(d: dict, prefix: str = "") -> dict:
        out = {}
        for k, v in d.items():
            if k in ("id2label", "label2id", "transformers_version"):
                continue
            if isinstance(v, dict):
                out.update(numeric(v, f"{prefix}{k}."))
            elif isinstance(v, int | float) and not isinstance(v, bool):
                out[prefix + k] = v
        return out

    w, g = numeric(want), numeric(got)
    assert {k: g.get(k) for k in w} == w


@pytest.mark.parametrize(
    "model_type, key",
    [
        (
            "falcon_mamba",
            "time_step_rank",
        ),  # "auto" -> math.ceil(hidden_size / 16) in __post_init__
        ("jamba", "mamba_dt_rank"),
        ("qwen3_moe", "num_local_experts"),  # field declared as num_experts, stored by alias
        ("deepseek_v3", "num_nextn_predict_layers"),
    ],
)
def test_completion_takes_what_only_the_interpreter_derives(model_type, key):
    """``hf_defaults.complete`` fills its holes from the source interpreter's build of the
    config class (``hf_built.overlay``); the value must be what transformers builds."""
    want = AutoConfig.for_model(model_type).to_dict()[key]
    got, _ = complete({"model_type": model_type})
    assert got[key] == want and isinstance(want, int)
    written, _ = complete({"model_type": model_type, key: 7})
    assert written[key] == 7  # a value the file writes is never replaced


def test_post_init_fills_derived_fields():
    got, _ = complete({"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 16})
    assert got["head_dim"] == 128 and got["num_key_value_heads"] == 16
    got, _ = complete({"model_type": "gpt2", "hidden_size": 256})  # alias written by the user
    assert got["n_embd"] == 256 and got["hidden_size"] == 256


# ---------------------------------------------------------------------- bad input
def run_main(args: list[str], capsys) -> tuple[int, str, str]:
    rc = main(args)
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "invalid JSON"),
        ("[1, 2, 3]", "must be a JSON object"),
        ('{"model_type": "bert", "hidden_size": 7', "invalid JSON"),  # truncated
        ("[" * 50 + "]" * 50, "must be a JSON object"),
        ('{"a":' * 200 + "1" + "}" * 200, "nested over 64 levels"),
        ('{"a":' * 100000 + "1" + "}" * 100000, "nested too deeply"),
        ('{"model_type": 3}', "model_type must be a string"),
        ("\xff\xfe", "not UTF-8"),
    ],
)
def test_bad_configs_exit_2_one_line(tmp_path, capsys, text, message):
    path = tmp_path / "config.json"
    path.write_bytes(text.encode("latin-1") if text.startswith("\xff") else text.encode())
    rc, out, err = run_main(["graph", str(path), "--format", "json"], capsys)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and message in err and str(path) in err


def test_directory_without_config_json(tmp_path, capsys):
    with pytest.raises(DriftcheckError, match="no config.json"):
        load_config_graph(str(tmp_path))


def test_unknown_model_type_is_a_facts_only_graph(tmp_path, capsys):
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": "my_private_arch", "hidden_size": 64, "n_layer": 3}))
    rc, out, err = run_main(["graph", str(path), "--format", "json"], capsys)
    assert rc == 0, err
    data = json.loads(out)
    assert data["params_total"] is None  # never a wrong 0
    assert any("my_private_arch" in n and "facts only" in n for n in data["notes"])
    assert data["facts"]["hiddenSize"]["value"] == 64
    assert data["facts"]["numLayers"]["loc"]["key"] == "n_layer"
    assert data["origin"]["route"] == "static"
    rc, out, _ = run_main(["graph", str(path)], capsys)  # the text tree says why, too
    assert rc == 0
    notes = out.split("notes:\n", 1)[1]
    assert "my_private_arch" in notes.splitlines()[0]
    assert out.rstrip().endswith("params_total: unresolved")


def test_unknown_model_type_with_exact_exits_2(tmp_path, capsys):
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": "my_private_arch"}))
    rc, out, err = run_main(["graph", str(path), "--exact"], capsys)
    assert rc == 2 and "transformers cannot build this config" in err
