"""Predicted ``load_state_dict`` errors vs torch's, over transformers model types.

For each model type: a tiny config (from the model's own config class defaults, shrunk), the
model side read from it by driftcheck's torch-meta route, a checkpoint saved (safetensors) from
the same architecture with drifted widths and depth, and torch's real ``load_state_dict`` as
the oracle. Prints, per type, whether the predicted size mismatches, missing and unexpected
keys equal torch's, and the share of exact types.

    python benchmarks/serving_load_prediction.py [model_type ...]
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import time
from pathlib import Path

import torch
from safetensors.torch import save_file
from transformers import AutoConfig, AutoModelForCausalLM

from driftcheck.drift.load_prediction import predict_load
from driftcheck.parsers.hf import load_config_graph
from driftcheck.parsers.serving import load_manifest

TYPES = ["llama", "mistral", "qwen2", "qwen3", "gemma", "gemma2", "gemma3_text", "phi", "phi3",
         "gpt2", "gptj", "gpt_neox", "opt", "falcon", "mpt", "bloom", "stablelm", "starcoder2",
         "olmo2", "granite", "cohere", "mixtral", "qwen2_moe", "deepseek_v3", "llama4_text"]  # fmt: skip

SMALL = {
    "vocab_size": 128, "hidden_size": 64, "n_embd": 64, "d_model": 64, "intermediate_size": 96,
    "ffn_dim": 96, "n_inner": 96, "num_hidden_layers": 2, "n_layer": 2, "num_layers": 2,
    "num_attention_heads": 4, "n_head": 4, "num_key_value_heads": 2, "head_dim": 16,
    "word_embed_proj_dim": 64, "max_position_embeddings": 128, "n_positions": 128,
}  # fmt: skip
DRIFT = {"num_key_value_heads": 1, "intermediate_size": 80, "ffn_dim": 80, "n_inner": 80,
         "vocab_size": 130, "num_hidden_layers": 3, "n_layer": 3, "num_layers": 3}  # fmt: skip


def config_for(model_type: str, drift: bool):
    defaults = AutoConfig.for_model(model_type).to_dict()
    over = {**SMALL, **(DRIFT if drift else {})}
    data = {k: v for k, v in over.items() if k in defaults}
    data["layer_types"] = None  # per-layer lists follow the (changed) depth
    for tok in ("pad_token_id", "bos_token_id", "eos_token_id"):
        if isinstance(defaults.get(tok), int) and defaults[tok] >= data.get("vocab_size", 1e9):
            data[tok] = 0
    return AutoConfig.for_model(model_type, **data)


def torch_errors(model, sd) -> tuple[set, set, set]:
    try:
        model.load_state_dict(sd)
        return set(), set(), set()
    except RuntimeError as e:
        text = str(e)
    sizes = set(re.findall(r"size mismatch for [^\n]*?is torch\.Size\(\[[\d, ]*\]\)\.", text))

    def keys(label):
        m = re.search(label + r" key\(s\) in state_dict: (.*?)\. ", text)
        return set(re.findall(r'"([^"]+)"', m.group(1))) if m else set()

    return sizes, keys("Missing"), keys("Unexpected")


def run(model_type: str, tmp: Path) -> tuple[bool, str]:
    torch.manual_seed(0)
    base, drifted = config_for(model_type, False), config_for(model_type, True)
    model = AutoModelForCausalLM.from_config(base)
    arch = type(model).__name__
    data = base.to_dict()
    data["architectures"] = [arch]
    (tmp / "config.json").write_text(json.dumps(data))
    ckpt_model = AutoModelForCausalLM.from_config(drifted)
    sd = {k: v.contiguous() for k, v in ckpt_model.state_dict().items()}
    # tied tensors share storage: safetensors refuses duplicates, as save_pretrained drops them
    seen, unique = set(), {}
    for k, v in sd.items():
        if v.data_ptr() in seen:
            continue
        seen.add(v.data_ptr())
        unique[k] = v
    save_file(unique, str(tmp / "model.safetensors"))
    real = torch_errors(model, unique)
    graph = load_config_graph(str(tmp / "config.json"), exact=True, entry=arch)
    pred = predict_load(load_manifest(str(tmp / "model.safetensors")), graph)
    got = (set(pred.size_mismatch), set(pred.missing), set(pred.unexpected))
    ok = got == real
    why = (
        ""
        if ok
        else (
            f"sizes {len(got[0])}/{len(real[0])} missing {len(got[1])}/{len(real[1])} "
            f"unexpected {len(got[2])}/{len(real[2])} unresolved {pred.unresolved}"
        )
    )
    return ok, f"{len(real[0])} size, {len(real[1])} missing, {len(real[2])} unexpected {why}"


def main(types: list[str]) -> None:
    exact = 0
    t0 = time.time()
    for mt in types:
        with tempfile.TemporaryDirectory() as d:
            try:
                ok, detail = run(mt, Path(d))
            except Exception as e:  # a model type this transformers cannot build tiny
                ok, detail = False, f"error: {type(e).__name__}: {str(e).splitlines()[0][:80]}"
        exact += ok
        print(f"{mt:12} {'exact' if ok else 'DIFF '}  {detail}")
    print(f"exact: {exact}/{len(types)} model types ({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:] or TYPES)
