"""The tenth fresh held-out set of re-implementations (written blind in session 17): hand-written
cases in styles no earlier set uses, over a third of them architectures no earlier set has. It
was NOT run through driftcheck while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` is the torch proof (shared with every set: ``benchmarks/reimpl/set_checks.py``).
Unlike fresh9's table, the repeated parts are built by the small helpers below: ``dec`` /
``enc`` / ``vis`` give a family's small config (a case lists only what differs), ``sub`` writes
a code plant whose old and new lines differ only in the value.

    python benchmarks/reimpl/fresh10/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh10 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402

_rope = set_checks.rope


def dec(theta: float = 10000.0, **kw) -> dict:
    """A small decoder config (Llama family names); ``kw`` overrides."""
    base = dict(
        vocab_size=512,
        hidden_size=64,
        intermediate_size=176,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=256,
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        rope_parameters=_rope(theta),
        **set_checks.TOKENS,
    )
    return {**base, **kw}


def enc(**kw) -> dict:
    """A small BERT-family encoder config; ``kw`` overrides."""
    base = dict(
        vocab_size=320,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=128,
        max_position_embeddings=128,
        pad_token_id=0,
    )
    return {**base, **kw}


def vis(**kw) -> dict:
    """A small ViT-family vision config (32 px images, 8 px patches); ``kw`` overrides."""
    base = dict(
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        image_size=32,
        patch_size=8,
    )
    return {**base, **kw}


def sub(fact: str, line: str, left, right, shown: tuple | None = None) -> tuple:
    """A code plant replacing ``line`` formatted with the config's value by the same line with
    the code's value; ``shown`` = (config's, code's) as recorded, where the line holds another
    value the fact derives from."""
    old, new = line.format(left), line.format(right)
    return (fact, old, new, *(shown or (left, right)))


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value) (``sub``)
# a config plant: (fact, key, new value, code's value[, config's value as recorded])
CASES: dict[str, tuple] = {
    "llama_fused_kv_cache_layout": (
        "llama",
        "LlamaConfig",
        dec(50000.0),
        "LlamaForCausalLM",
        [
            sub("numKvHeads", "Q_HEADS, KV_HEADS, HEAD = 4, {}, 16", 2, 1),
            sub("intermediateSize", "FFN = {}", 176, 192),
            sub("ropeTheta", "THETA = {}", 50000.0, 10000.0),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen2_functional_params": (
        "qwen2",
        "Qwen2Config",
        dec(1e6, vocab_size=640, hidden_size=96, intermediate_size=224, num_hidden_layers=3,
            num_attention_heads=6, rms_norm_eps=1e-6),
        "Qwen2ForCausalLM",
        [
            sub("numLayers", '"layers": {}, "heads"', 3, 2),
            sub("numKvHeads", '"heads": 6, "kv": {},', 2, 3),
            sub("vocabSize", 'HP = {{"vocab": {}, ', 640, 512),
        ],
        [("intermediateSize", "intermediate_size", 256, 224)],
    ),
}

_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."

# case parameter (regex) -> the HF tensors it is cut from (concatenated along dim 0)
SAME_OUTPUT: dict[str, list[tuple]] = {
    "llama_fused_kv_cache_layout": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^head\.", "lm_head."),
        (r"^norm\.", "model.norm."),
        (_L + r"attn_norm\.", _HL + "input_layernorm."),
        (_L + r"mlp_norm\.", _HL + "post_attention_layernorm."),
        (_L + r"wq\.", _HL + "self_attn.q_proj."),
        (_L + r"wkv\.", _HL + "self_attn.k_proj.+" + _HL + "self_attn.v_proj."),
        (_L + r"wo\.", _HL + "self_attn.o_proj."),
        (_L + r"(gate|up|down)\.", _HL + r"mlp.\2_proj."),
    ],
    "qwen2_functional_params": [
        (r"^lm_head\.", "lm_head."),
        (r"^norm$", "model.norm.weight"),
        (r"^", "model."),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {}

# same_output, build_config, write, check, check_keeping_plants, main: shared with every set
_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output, build_config, write = _MAKE.same_output, _MAKE.build_config, _MAKE.write
check, check_keeping_plants, main = _MAKE.check, _MAKE.check_keeping_plants, _MAKE.main

if __name__ == "__main__":
    raise SystemExit(main())
