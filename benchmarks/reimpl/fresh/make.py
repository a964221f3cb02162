"""The fresh held-out re-implementations: written by hand in styles the main corpus does not
use, measured once at the end of the session that wrote them (never tuned on).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` builds every clean case and the HF model of its config on the meta device and
compares their parameter counts (the torch proof that the pair is one model).

    python benchmarks/reimpl/fresh/make.py [--check]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh --mode full
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl.make import code_params, hf_params  # noqa: E402

_NEOX_ROPE = {"rope_type": "default", "rope_theta": 10000.0}

# name -> (config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value)
CASES: dict[str, tuple] = {
    "qwen2_params": (
        "Qwen2Config",
        dict(
            vocab_size=512,
            hidden_size=48,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            max_position_embeddings=128,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
        ),
        "Qwen2ForCausalLM",
        [
            ("numKvHeads", "N_KV = 2", "N_KV = 3", 2, 3),
            ("ropeTheta", "THETA = 1000000.0", "THETA = 10000.0", 1000000.0, 10000.0),
        ],
        [("intermediateSize", "intermediate_size", 128, 96)],
    ),
    "gemma_functional": (
        "GemmaConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=32,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            pad_token_id=0,
            eos_token_id=1,
            bos_token_id=2,
        ),
        "GemmaForCausalLM",
        [("intermediateSize", "hidden=192", "hidden=256", 192, 256)],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "neox_inherit": (
        "GPTNeoXConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=128,
            layer_norm_eps=1e-5,
            use_parallel_residual=True,
            tie_word_embeddings=False,
            bos_token_id=0,
            eos_token_id=0,
            rope_parameters={**_NEOX_ROPE, "partial_rotary_factor": 0.25},
        ),
        "GPTNeoXForCausalLM",
        [("numLayers", "for _ in range(2)", "for _ in range(3)", 2, 3)],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "phi_namespace": (
        "PhiConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            intermediate_size=256,
            max_position_embeddings=128,
            layer_norm_eps=1e-5,
            bos_token_id=0,
            eos_token_id=0,
            rope_parameters={**_NEOX_ROPE, "partial_rotary_factor": 0.5},
        ),
        "PhiForCausalLM",
        [("numHeads", "n_head=4,", "n_head=8,", 4, 8)],
        [("vocabSize", "vocab_size", 1024, 1000)],
    ),
    "bert_torch_layers": (
        "BertConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=96,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        "BertModel",
        [("intermediateSize", "ffn=128", "ffn=256", 128, 256)],
        [("maxPositionEmbeddings", "max_position_embeddings", 128, 96)],
    ),
    "t5_shared_stack": (
        "T5Config",
        dict(
            vocab_size=800,
            d_model=48,
            d_kv=12,
            d_ff=96,
            num_layers=2,
            num_decoder_layers=2,
            num_heads=4,
            relative_attention_num_buckets=16,
            layer_norm_epsilon=1e-6,
            feed_forward_proj="relu",
        ),
        "T5ForConditionalGeneration",
        [("intermediateSize", "d_ff=96", "d_ff=128", 96, 128)],
        [("numHeads", "num_heads", 6, 4)],
    ),
    "resnet_bottleneck": (
        "ResNetConfig",
        dict(
            num_channels=3,
            embedding_size=16,
            hidden_sizes=[32, 64],
            depths=[1, 2],
            layer_type="bottleneck",
            hidden_act="relu",
            downsample_in_first_stage=False,
            downsample_in_bottleneck=False,
        ),
        "ResNetModel",
        [("stageDepths", "depths=(1, 2)", "depths=(1, 3)", 2, 3)],
        [("stageWidths", "hidden_sizes", [32, 96], 64)],
    ),
    "mistral_namedtuple": (
        "MistralConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=8,
            num_key_value_heads=2,
            head_dim=8,
            sliding_window=64,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
        ),
        "MistralForCausalLM",
        [("slidingWindow", "window: int = 64", "window: int = 32", 64, 32)],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "llama_einops": (
        "LlamaConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=3,
            num_attention_heads=8,
            num_key_value_heads=4,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters={"rope_type": "default", "rope_theta": 500000.0},
        ),
        "LlamaForCausalLM",
        [("numKvHeads", "N_KV_HEADS = 4", "N_KV_HEADS = 2", 4, 2)],
        [("normEps", "rms_norm_eps", 1e-6, 1e-5)],
    ),
    "gpt2_class_attrs": (
        "GPT2Config",
        dict(
            vocab_size=1000,
            n_positions=64,
            n_embd=48,
            n_layer=3,
            n_head=3,
            layer_norm_epsilon=1e-5,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "GPT2LMHeadModel",
        [
            ("numLayers", "n_layer = 3", "n_layer = 4", 3, 4),
            (
                "tieWordEmbeddings",
                "        self.lm_head.weight = self.wte.weight\n",
                "",
                True,
                False,
            ),
        ],
        [("maxPositionEmbeddings", "n_positions", 128, 64)],
    ),
    "vit_linear_patches": (
        "ViTConfig",
        dict(
            hidden_size=48,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            image_size=32,
            patch_size=8,
            num_channels=3,
            layer_norm_eps=1e-12,
        ),
        "ViTModel",
        [("intermediateSize", "MLP = 192", "MLP = 256", 192, 256)],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mixtral_stacked": (
        "MixtralConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            num_local_experts=4,
            num_experts_per_tok=2,
            rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
        ),
        "MixtralForCausalLM",
        [("numExperts", "experts=4,", "experts=8,", 4, 8)],
        [("numExpertsPerTok", "num_experts_per_tok", 1, 2)],
    ),
    "distilbert_baddbmm": (
        "DistilBertConfig",
        dict(
            vocab_size=1000,
            dim=64,
            n_layers=2,
            n_heads=4,
            hidden_dim=256,
            max_position_embeddings=128,
            sinusoidal_pos_embds=False,
        ),
        "DistilBertModel",
        [("intermediateSize", "hidden_dim=256", "hidden_dim=512", 256, 512)],
        [("numHeads", "n_heads", 8, 4)],
    ),
}


def build_config(name: str, overrides: dict | None = None):
    import transformers

    cls, kw, hf, _, _ = CASES[name]
    cfg = getattr(transformers, cls)(**{**kw, **(overrides or {})})
    cfg.architectures = [hf]
    return cfg


def write() -> dict:
    for sub in ("configs", "planted"):
        shutil.rmtree(HERE / sub, ignore_errors=True)
        (HERE / sub).mkdir()
    manifest: dict = {"cases": [], "planted": []}
    for name, (_, _, hf, code_plants, config_plants) in CASES.items():
        build_config(name).save_pretrained(HERE / "configs" / name)
        arch = name.split("_")[0]
        config = f"configs/{name}/config.json"
        manifest["cases"].append(
            {
                "name": name,
                "arch": arch,
                "hf_class": hf,
                "code": f"cases/{name}.py",
                "config": config,
            }
        )
        src = (HERE / "cases" / f"{name}.py").read_text()
        for fact, old, new, left, right in code_plants:
            assert src.count(old) == 1, (name, old)
            pid = f"{name}__{fact}"
            (HERE / "planted" / f"{pid}.py").write_text(src.replace(old, new))
            manifest["planted"].append(
                dict(
                    name=pid,
                    case=name,
                    arch=arch,
                    fact=fact,
                    where="code",
                    left=left,
                    right=right,
                    code=f"planted/{pid}.py",
                    config=config,
                )
            )
        for fact, key, value, right in config_plants:
            pid = f"{name}__cfg_{key}"
            build_config(name, {key: value}).save_pretrained(HERE / "planted" / pid)
            left = value[-1] if isinstance(value, list) else value
            manifest["planted"].append(
                dict(
                    name=pid,
                    case=name,
                    arch=arch,
                    fact=fact,
                    where="config",
                    left=left,
                    right=right,
                    code=f"cases/{name}.py",
                    config=f"planted/{pid}/config.json",
                )
            )
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def check(manifest: dict) -> list[str]:
    bad = []
    for c in manifest["cases"]:
        want, got = hf_params(HERE / c["config"]), code_params(HERE / c["code"])
        print(f"{c['name']:22} hf {want:8d} code {got:8d} {'ok' if got == want else 'DIFF'}")
        if got != want:
            bad.append(c["name"])
    return bad


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    m = write()
    print(f"{len(m['cases'])} cases, {len(m['planted'])} planted")
    if args.check:
        bad = check(m)
        print("param counts:", "all equal" if not bad else f"differ: {bad}")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
