"""The thirty-fourth fresh held-out set of re-implementations (written blind in session 37):
twelve architectures the earlier manifests hold once or twice and fresh33 does not (Seed-OSS,
Hunyuan dense, SmolLM3, VaultGemma, FlexOlmo, Hunyuan MoE, Mamba, Splinter, RemBERT,
Megatron-BERT, ImageGPT, GPT-BigCode), each a whole one-file port with NEW model code (no body
is taken from an earlier set). Each port has its own naming, fused or split projections,
einsum / einops / SDPA attention and its own config object (a merged pair of dicts, a keyword
class, a ``dict.update``, an ``ast.literal_eval`` of logged text, a YAML block, a list of
pairs, a CSV table, dotted overrides, an ``IntEnum``, a ``get_args()`` namespace, a variant
string, a ``ChainMap``). It was NOT run through driftcheck while it was written; run it once
(``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` is fresh11's.

    python benchmarks/reimpl/fresh34/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus fresh34 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sub  # noqa: E402

_rope = set_checks.rope
_TOK = set_checks.TOKENS


def _eps(line: str, left: str = "1e-5", right: str = "0.1") -> tuple:
    return sub("normEps", line, left, right, (float(left), float(right)))


def _theta(line: str, left: str, right: str) -> tuple:
    return sub("ropeTheta", line, left, right, (float(left), float(right)))


_DQ = '    "{}": {{}},\n'
_KW4 = "    {}={{}},\n"
_KW8 = "        {}={{}},\n"
_SQ = "    '{}': {{}},\n"
_PAIR = '    ("{}", {{}}),\n'
_CSV = "{},int,{{}}\n"
_DOT = '    "model.{}={{}}",\n'
_ENUM = "    {} = {{}}\n"
_IGPT = 'VARIANT = "igpt-L{}-H{}-D{}"\n'

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value[, config's value of the fact])
CASES: dict[str, tuple] = {
    "seed_oss_dict_merge": (
        "seed_oss",
        "SeedOssConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=24,
            rope_parameters=_rope(10000.0),
            rms_norm_eps=1e-6,
            attention_bias=True,
            attention_out_bias=False,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "SeedOssForCausalLM",
        [
            sub("vocabSize", _DQ.format("vocab"), 640, 768),
            sub("hiddenSize", _DQ.format("d_model"), 64, 96),
            sub("intermediateSize", _DQ.format("d_ff"), 160, 192),
            sub("numLayers", _DQ.format("n_layer"), 2, 3),
            sub("numHeads", _DQ.format("n_q"), 4, 8),
            sub("numKvHeads", _DQ.format("n_kv"), 2, 4),
            sub("headDim", _DQ.format("d_head"), 24, 32),
            _theta(_DQ.format("rope_base"), "10000.0", "1000000.0"),
            _eps(_DQ.format("eps"), "1e-6"),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("intermediateSize", "intermediate_size", 192, 160),
        ],
    ),
    "hunyuan_dense_kwargs_class": (
        "hunyuan_v1_dense",
        "HunYuanDenseV1Config",
        dict(
            vocab_size=700,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            rope_parameters=_rope(10000.0),
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "HunYuanDenseV1ForCausalLM",
        [
            sub("vocabSize", _KW4.format("vocab_size"), 700, 800),
            sub("hiddenSize", _KW4.format("dim"), 64, 96),
            sub("intermediateSize", _KW4.format("ffn_dim"), 192, 256),
            sub("numLayers", _KW4.format("n_layers"), 2, 3),
            sub("numHeads", _KW4.format("n_heads"), 4, 8),
            sub("numKvHeads", _KW4.format("n_kv_heads"), 2, 4),
            sub("headDim", _KW4.format("head_dim"), 16, 32),
            _theta(_KW4.format("rope_theta"), "10000.0", "1000000.0"),
            # the run does not pass the epsilon: the keyword default is the value
            _eps(_KW8.format("rms_eps")),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
            ("vocabSize", "vocab_size", 800, 700),
        ],
    ),
    "smollm3_nope_dict_update": (
        "smollm3",
        "SmolLM3Config",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=1,
            rope_parameters=_rope(50000.0),
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            **_TOK,
        ),
        "SmolLM3ForCausalLM",
        [
            sub("vocabSize", _KW4.format("vocab"), 512, 640),
            sub("hiddenSize", _KW4.format("hidden"), 64, 128),
            sub("intermediateSize", _KW4.format("mlp"), 128, 192),
            sub("numLayers", _KW4.format("layers"), 4, 3),
            sub("numHeads", _KW4.format("heads"), 4, 8),
            sub("numKvHeads", _KW4.format("kv_heads"), 1, 2),
            _theta(_KW4.format("rope_theta"), "50000.0", "2000000.0"),
            # epsilon and tying are the 3B card's (the run does not update them)
            _eps(_KW4.format("eps"), "1e-6"),
            sub("tieWordEmbeddings", _KW4.format("tied"), True, False),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
            ("numKvHeads", "num_key_value_heads", 2, 1),
        ],
    ),
    "vaultgemma_literal_eval": (
        "vaultgemma",
        "VaultGemmaConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            query_pre_attn_scalar=16,
            sliding_window=32,
            attn_logit_softcapping=50.0,
            final_logit_softcapping=30.0,
            rope_parameters=_rope(10000.0),
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            **_TOK,
        ),
        "VaultGemmaForCausalLM",
        [
            sub("vocabSize", _SQ.format("vocab"), 512, 640),
            sub("hiddenSize", _SQ.format("width"), 64, 96),
            sub("intermediateSize", _SQ.format("ffw"), 128, 192),
            sub("numLayers", _SQ.format("depth"), 2, 3),
            sub("numHeads", _SQ.format("q_heads"), 4, 8),
            sub("numKvHeads", _SQ.format("kv_heads"), 2, 4),
            sub("headDim", _SQ.format("head_size"), 16, 32),
            sub("slidingWindow", _SQ.format("window"), 32, 16),
            _theta(_SQ.format("rope_base"), "10000.0", "100000.0"),
            _eps(_SQ.format("norm_eps"), "1e-6"),
        ],
        [
            ("headDim", "head_dim", 32, 16),
            ("numKvHeads", "num_key_value_heads", 4, 2),
        ],
    ),
    "flex_olmo_yaml_text": (
        "flex_olmo",
        "FlexOlmoConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_experts=4,
            num_experts_per_tok=2,
            rope_parameters=_rope(500000.0),
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "FlexOlmoForCausalLM",
        [
            sub("vocabSize", "  vocab_size: {}\n", 640, 768),
            sub("hiddenSize", "  d_model: {}\n", 64, 96),
            sub("numLayers", "  n_layers: {}\n", 2, 3),
            sub("numHeads", "    n_heads: {}\n", 4, 8),
            sub("numKvHeads", "    n_kv_heads: {}\n", 2, 4),
            _theta("    rope_theta: {}\n", "500000.0", "10000.0"),
            sub("numExperts", "    num_experts: {}\n", 4, 8),
            sub("numExpertsPerTok", "    top_k: {}\n", 2, 1),
            sub("intermediateSize", "    hidden_size: {}\n", 96, 128),
            _eps("  layer_norm_eps: {}\n", "1.0e-6"),
        ],
        [
            ("numExperts", "num_experts", 8, 4),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "hunyuan_moe_pair_list": (
        "hunyuan_v1_moe",
        "HunYuanMoEV1Config",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            num_experts=4,
            moe_topk=2,
            rope_parameters=_rope(10000.0),
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "HunYuanMoEV1ForCausalLM",
        [
            sub("vocabSize", _PAIR.format("vocab"), 512, 640),
            sub("hiddenSize", _PAIR.format("hidden"), 64, 96),
            sub("intermediateSize", _PAIR.format("expert_ffn"), 96, 128),
            sub("numLayers", _PAIR.format("n_layers"), 2, 3),
            sub("numHeads", _PAIR.format("n_heads"), 4, 8),
            sub("numKvHeads", _PAIR.format("n_kv"), 2, 4),
            sub("headDim", _PAIR.format("head_dim"), 16, 32),
            sub("numExperts", _PAIR.format("n_experts"), 4, 8),
            sub("numExpertsPerTok", _PAIR.format("topk"), 2, 1),
            _eps(_PAIR.format("eps")),
        ],
        [
            ("numExperts", "num_experts", 8, 4),
            ("intermediateSize", "intermediate_size", 128, 96),
        ],
    ),
    "mamba_csv_rows": (
        "mamba",
        "MambaConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            state_size=8,
            num_hidden_layers=2,
            expand=2,
            conv_kernel=4,
            time_step_rank=8,
            layer_norm_epsilon=1e-5,
            use_bias=False,
            use_conv_bias=True,
            tie_word_embeddings=True,
            pad_token_id=0,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "MambaForCausalLM",
        [
            sub("vocabSize", _CSV.format("vocab"), 512, 640),
            sub("hiddenSize", _CSV.format("d_model"), 64, 96),
            sub("stateSize", _CSV.format("d_state"), 8, 16),
            sub("numLayers", _CSV.format("n_layer"), 2, 3),
            sub("expand", _CSV.format("expand"), 2, 3),
            sub("convKernel", _CSV.format("d_conv"), 4, 3),
            _eps("norm_eps,float,{}\n"),
            (
                "tieWordEmbeddings",
                "tie_embeddings,bool,1\n",
                "tie_embeddings,bool,0\n",
                True,
                False,
            ),
        ],
        [
            ("stateSize", "state_size", 16, 8),
            ("convKernel", "conv_kernel", 3, 4),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "splinter_dotted_overrides": (
        "splinter",
        "SplinterConfig",
        dict(
            vocab_size=600,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=96,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
        ),
        "SplinterModel",
        [
            sub("vocabSize", _DOT.format("vocab"), 600, 700),
            sub("hiddenSize", _DOT.format("hidden"), 64, 96),
            sub("numLayers", _DOT.format("layers"), 2, 3),
            sub("numHeads", _DOT.format("heads"), 4, 8),
            sub("intermediateSize", _DOT.format("intermediate"), 128, 256),
            sub("maxPositionEmbeddings", _DOT.format("max_positions"), 96, 128),
            # not overridden: BERT-base's defaults are the values
            sub("typeVocabSize", _DQ.format("model.type_vocab"), 2, 3),
            _eps(_DQ.format("model.ln_eps"), "1e-12"),
        ],
        [
            ("maxPositionEmbeddings", "max_position_embeddings", 128, 96),
            ("intermediateSize", "intermediate_size", 256, 128),
        ],
    ),
    "rembert_intenum_dims": (
        "rembert",
        "RemBertConfig",
        dict(
            vocab_size=500,
            input_embedding_size=32,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=64,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            output_embedding_size=64,
            **_TOK,
        ),
        "RemBertModel",
        [
            sub("vocabSize", _ENUM.format("VOCAB"), 500, 600),
            sub("embeddingSize", _ENUM.format("EMBED"), 32, 48),
            sub("hiddenSize", _ENUM.format("HIDDEN"), 64, 96),
            sub("numLayers", _ENUM.format("LAYERS"), 2, 3),
            sub("numHeads", _ENUM.format("HEADS"), 4, 8),
            sub("intermediateSize", _ENUM.format("FFN"), 128, 256),
            sub("maxPositionEmbeddings", _ENUM.format("POSITIONS"), 64, 128),
            sub("typeVocabSize", _ENUM.format("SEGMENTS"), 2, 3),
            _eps("LN_EPS = {}\n", "1e-12"),
        ],
        [
            ("embeddingSize", "input_embedding_size", 48, 32),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "megatron_bert_get_args": (
        "megatron-bert",
        "MegatronBertConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=80,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
        ),
        "MegatronBertModel",
        [
            sub("vocabSize", _KW8.format("padded_vocab_size"), 640, 768),
            sub("hiddenSize", _KW8.format("hidden_size"), 64, 128),
            sub("numLayers", _KW8.format("num_layers"), 2, 3),
            sub("numHeads", _KW8.format("num_attention_heads"), 4, 8),
            sub("intermediateSize", _KW8.format("ffn_hidden_size"), 256, 192),
            sub("maxPositionEmbeddings", _KW8.format("max_position_embeddings"), 80, 128),
            sub("typeVocabSize", _KW8.format("num_tokentypes"), 2, 3),
            _eps(_KW8.format("layernorm_epsilon"), "1e-12"),
        ],
        [
            ("vocabSize", "vocab_size", 768, 640),
            ("typeVocabSize", "type_vocab_size", 3, 2),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "imagegpt_variant_string": (
        "imagegpt",
        "ImageGPTConfig",
        dict(
            vocab_size=65,
            n_positions=64,
            n_embd=64,
            n_layer=2,
            n_head=4,
            layer_norm_epsilon=1e-5,
        ),
        "ImageGPTForCausalImageModeling",
        [
            ("numLayers", _IGPT.format(2, 4, 64), _IGPT.format(3, 4, 64), 2, 3),
            ("numHeads", _IGPT.format(2, 4, 64), _IGPT.format(2, 8, 64), 4, 8),
            ("hiddenSize", _IGPT.format(2, 4, 64), _IGPT.format(2, 4, 96), 64, 96),
            # the vocabulary is the palette + 1, the context the pixels of the square image
            sub("vocabSize", "CLUSTERS = {}\n", 64, 128, (65, 129)),
            sub("maxPositionEmbeddings", "RESOLUTION = {}\n", 8, 10, (64, 100)),
            _eps("EPS = {}\n"),
        ],
        [
            ("vocabSize", "vocab_size", 129, 65),
            ("maxPositionEmbeddings", "n_positions", 100, 64),
            ("numLayers", "n_layer", 3, 2),
        ],
    ),
    "gpt_bigcode_chainmap": (
        "gpt_bigcode",
        "GPTBigCodeConfig",
        dict(
            vocab_size=700,
            n_positions=128,
            n_embd=64,
            n_layer=2,
            n_head=4,
            multi_query=True,
            layer_norm_epsilon=1e-5,
            activation_function="gelu_pytorch_tanh",
            **_TOK,
        ),
        "GPTBigCodeForCausalLM",
        [
            sub("vocabSize", _DQ.format("n_vocab"), 700, 800),
            sub("hiddenSize", _DQ.format("width"), 64, 96),
            sub("numLayers", _DQ.format("depth"), 2, 3),
            sub("maxPositionEmbeddings", _DQ.format("ctx"), 128, 256),
            # the command line's heads win over the checkpoint's 8
            sub("numHeads", _DQ.format("heads"), 4, 2),
            sub("numKvHeads", _DQ.format("multi_query"), True, False, (1, 4)),
            _eps(_DQ.format("ln_eps")),
        ],
        [
            ("numLayers", "n_layer", 3, 2),
            ("vocabSize", "vocab_size", 800, 700),
            ("maxPositionEmbeddings", "n_positions", 256, 128),
            ("numKvHeads", "multi_query", False, 1, 4),
        ],
    ),
}


def _layers(case_prefix: str, hf_prefix: str, pairs: dict[str, str]) -> list[tuple]:
    """One rule per (case name, HF name) inside layer ``N``: ``<case_prefix>N.<a>`` ->
    ``<hf_prefix>N.<b>`` (``b`` may join several HF tensors with ``+``)."""
    rules = []
    for a, b in pairs.items():
        parts = "+".join(f"{hf_prefix}\\1.{x}" for x in b.split("+"))
        rules.append((rf"^{case_prefix}(\d+)\.{a}$", parts))
    return rules


def _wb(pairs: dict[str, str]) -> dict[str, str]:
    """weight and bias of each (case module, HF module)."""
    return {f"{a}\\.{p}": f"{b}.{p}" for a, b in pairs.items() for p in ("weight", "bias")}


def _w(pairs: dict[str, str]) -> dict[str, str]:
    """the weight of each (case module, HF module)."""
    return {f"{a}\\.weight": f"{b}.weight" for a, b in pairs.items()}


_QKV = "self_attn.q_proj+self_attn.k_proj+self_attn.v_proj"
_BERT = {
    "attention.self.query": "q",
    "attention.self.key": "k",
    "attention.self.value": "v",
}


def _llama(mapping: dict[str, str]) -> dict[str, str]:
    """weights of a bias-free decoder layer; a ``+`` joins HF tensors cut into one."""
    out = {}
    for a, b in mapping.items():
        out[f"{a}\\.weight"] = "+".join(f"{x}.weight" for x in b.split("+"))
    return out


SAME_OUTPUT: dict[str, list[tuple]] = {
    "seed_oss_dict_merge": [
        (r"^tok\.", "model.embed_tokens."),
        (r"^norm_out\.", "model.norm."),
        (r"^head\.", "lm_head."),
        *_layers(
            r"layers\.",
            "model.layers.",
            {
                r"attn\.fused\.bias": "+".join(f"{x}.bias" for x in _QKV.split("+")),
                **_llama(
                    {
                        r"norm_attn": "input_layernorm",
                        r"norm_ffn": "post_attention_layernorm",
                        r"attn\.fused": _QKV,
                        r"attn\.proj": "self_attn.o_proj",
                        r"ffn\.w_in": "mlp.gate_proj+mlp.up_proj",
                        r"ffn\.w_out": "mlp.down_proj",
                    }
                ),
            },
        ),
    ],
    "hunyuan_dense_kwargs_class": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^output\.", "lm_head."),
        *_layers(
            r"layers\.",
            "model.layers.",
            _llama(
                {
                    r"attention_norm": "input_layernorm",
                    r"ffn_norm": "post_attention_layernorm",
                    r"attention\.wq": "self_attn.q_proj",
                    r"attention\.wk": "self_attn.k_proj",
                    r"attention\.wv": "self_attn.v_proj",
                    r"attention\.wo": "self_attn.o_proj",
                    r"attention\.q_norm": "self_attn.query_layernorm",
                    r"attention\.k_norm": "self_attn.key_layernorm",
                    r"feed_forward\.w1": "mlp.gate_proj",
                    r"feed_forward\.w3": "mlp.up_proj",
                    r"feed_forward\.w2": "mlp.down_proj",
                }
            ),
        ),
    ],
    "smollm3_nope_dict_update": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^final\.gain$", "model.norm.weight"),
        *_layers(
            r"blocks\.",
            "model.layers.",
            {
                r"pre_attn\.gain": "input_layernorm.weight",
                r"pre_mlp\.gain": "post_attention_layernorm.weight",
                **_llama(
                    {
                        r"attn\.to_q": "self_attn.q_proj",
                        r"attn\.to_k": "self_attn.k_proj",
                        r"attn\.to_v": "self_attn.v_proj",
                        r"attn\.to_out": "self_attn.o_proj",
                        r"mlp\.gate": "mlp.gate_proj",
                        r"mlp\.up": "mlp.up_proj",
                        r"mlp\.down": "mlp.down_proj",
                    }
                ),
            },
        ),
    ],
    "vaultgemma_literal_eval": [
        (r"^embedder\.", "model.embed_tokens."),
        (r"^final_norm\.scale$", "model.norm.weight"),
        *_layers(
            r"stack\.",
            "model.layers.",
            {
                r"norm1\.scale": "input_layernorm.weight",
                r"norm2\.scale": "pre_feedforward_layernorm.weight",
                **_llama(
                    {
                        r"attn\.q": "self_attn.q_proj",
                        r"attn\.kv": "self_attn.k_proj+self_attn.v_proj",
                        r"attn\.o": "self_attn.o_proj",
                        r"ffw\.gate": "mlp.gate_proj",
                        r"ffw\.up": "mlp.up_proj",
                        r"ffw\.down": "mlp.down_proj",
                    }
                ),
            },
        ),
    ],
    "flex_olmo_yaml_text": [
        (r"^wte\.", "model.embed_tokens."),
        (r"^ln_f\.", "model.norm."),
        (r"^lm_head\.", "lm_head."),
        (r"^blocks\.(\d+)\.experts\.router$", r"model.layers.\1.mlp.gate.weight"),
        (r"^blocks\.(\d+)\.experts\.w_gate$", r"model.layers.\1.mlp.experts.gate_up_proj", "half0"),
        (r"^blocks\.(\d+)\.experts\.w_up$", r"model.layers.\1.mlp.experts.gate_up_proj", "half1"),
        (r"^blocks\.(\d+)\.experts\.w_down$", r"model.layers.\1.mlp.experts.down_proj"),
        *_layers(
            r"blocks\.",
            "model.layers.",
            _llama(
                {
                    r"attention\.w_q": "self_attn.q_proj",
                    r"attention\.w_k": "self_attn.k_proj",
                    r"attention\.w_v": "self_attn.v_proj",
                    r"attention\.w_out": "self_attn.o_proj",
                    r"attention\.q_norm": "self_attn.q_norm",
                    r"attention\.k_norm": "self_attn.k_norm",
                    r"attn_norm": "post_attention_layernorm",
                    r"ff_norm": "post_feedforward_layernorm",
                }
            ),
        ),
    ],
    "hunyuan_moe_pair_list": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^ln_f\.w$", "model.norm.weight"),
        (r"^unembed\.", "lm_head."),
        *[
            (
                rf"^layers\.(\d+)\.moe\.experts\.(\d+)\.fc_{part}\.weight$",
                rf"model.layers.\1.mlp.experts.{hf}",
                f"expert:{part}",
            )
            for part, hf in (
                ("gate", "gate_up_proj"),
                ("up", "gate_up_proj"),
                ("down", "down_proj"),
            )
        ],
        *_layers(
            r"layers\.",
            "model.layers.",
            {
                r"ln_1\.w": "input_layernorm.weight",
                r"ln_2\.w": "post_attention_layernorm.weight",
                r"attn\.qn\.w": "self_attn.query_layernorm.weight",
                r"attn\.kn\.w": "self_attn.key_layernorm.weight",
                **_llama(
                    {
                        r"attn\.q": "self_attn.q_proj",
                        r"attn\.k": "self_attn.k_proj",
                        r"attn\.v": "self_attn.v_proj",
                        r"attn\.o": "self_attn.o_proj",
                        r"moe\.router": "mlp.gate.wg",
                        r"moe\.shared\.fc_gate": "mlp.shared_mlp.gate_proj",
                        r"moe\.shared\.fc_up": "mlp.shared_mlp.up_proj",
                        r"moe\.shared\.fc_down": "mlp.shared_mlp.down_proj",
                    }
                ),
            },
        ),
    ],
    "mamba_csv_rows": [
        (r"^embedding\.", "backbone.embeddings."),
        (r"^norm_f\.", "backbone.norm_f."),
        (r"^layers\.(\d+)\.mixer\.conv\.", r"backbone.layers.\1.mixer.conv1d."),
        (r"^layers\.", "backbone.layers."),
    ],
    "splinter_dotted_overrides": [
        (r"^word\.", "embeddings.word_embeddings."),
        (r"^pos\.", "embeddings.position_embeddings."),
        (r"^seg\.", "embeddings.token_type_embeddings."),
        (r"^emb_ln\.", "embeddings.LayerNorm."),
        *_layers(
            r"layers\.",
            "encoder.layer.",
            _wb(
                {
                    r"attn\.proj_q": "attention.self.query",
                    r"attn\.proj_k": "attention.self.key",
                    r"attn\.proj_v": "attention.self.value",
                    r"attn\.proj_o": "attention.output.dense",
                    r"attn\.ln": "attention.output.LayerNorm",
                    r"ff_in": "intermediate.dense",
                    r"ff_out": "output.dense",
                    r"ff_ln": "output.LayerNorm",
                }
            ),
        ),
    ],
    "rembert_intenum_dims": [
        (r"^embeddings\.token\.", "embeddings.word_embeddings."),
        (r"^embeddings\.position\.", "embeddings.position_embeddings."),
        (r"^embeddings\.segment\.", "embeddings.token_type_embeddings."),
        (r"^embeddings\.norm\.", "embeddings.LayerNorm."),
        (r"^embeddings\.up\.", "encoder.embedding_hidden_mapping_in."),
        (r"^pooler\.", "pooler.dense."),
        *_layers(
            r"encoder\.",
            "encoder.layer.",
            _wb(
                {
                    r"qkv\.q": "attention.self.query",
                    r"qkv\.k": "attention.self.key",
                    r"qkv\.v": "attention.self.value",
                    r"attn_out": "attention.output.dense",
                    r"attn_norm": "attention.output.LayerNorm",
                    r"ffn_in": "intermediate.dense",
                    r"ffn_out": "output.dense",
                    r"ffn_norm": "output.LayerNorm",
                }
            ),
        ),
    ],
    "megatron_bert_get_args": [
        (r"^word_embeddings\.", "embeddings.word_embeddings."),
        (r"^position_embeddings\.", "embeddings.position_embeddings."),
        (r"^tokentype_embeddings\.", "embeddings.token_type_embeddings."),
        (r"^final_layernorm\.", "encoder.ln."),
        (r"^pooler\.", "pooler.dense."),
        *_layers(
            r"layers\.",
            "encoder.layer.",
            {
                r"self_attention\.query_key_value\.weight": "+".join(f"{x}.weight" for x in _BERT),
                r"self_attention\.query_key_value\.bias": "+".join(f"{x}.bias" for x in _BERT),
                **_wb(
                    {
                        r"input_layernorm": "attention.ln",
                        r"self_attention\.dense": "attention.output.dense",
                        r"post_attention_layernorm": "ln",
                        r"dense_h_to_4h": "intermediate.dense",
                        r"dense_4h_to_h": "output.dense",
                    }
                ),
            },
        ),
    ],
    "imagegpt_variant_string": [
        (r"^wte\.", "transformer.wte."),
        (r"^wpe\.", "transformer.wpe."),
        (r"^ln_f\.g$", "transformer.ln_f.weight"),
        (r"^head\.", "lm_head."),
        (r"^h\.(\d+)\.(ln_[12])\.g$", r"transformer.h.\1.\2.weight"),
        (
            r"^h\.(\d+)\.(attn\.c_attn|attn\.c_proj|mlp\.c_fc|mlp\.c_proj)\.weight$",
            r"transformer.h.\1.\2.weight",
            "T",
        ),
        (
            r"^h\.(\d+)\.(attn\.c_attn|attn\.c_proj|mlp\.c_fc|mlp\.c_proj)\.bias$",
            r"transformer.h.\1.\2.bias",
        ),
    ],
    "gpt_bigcode_chainmap": [
        (r"^wte\.", "transformer.wte."),
        (r"^wpe\.", "transformer.wpe."),
        (r"^ln_f\.", "transformer.ln_f."),
        *_layers(
            r"blocks\.",
            "transformer.h.",
            _wb(
                {
                    r"ln_1": "ln_1",
                    r"ln_2": "ln_2",
                    r"attn\.c_attn": "attn.c_attn",
                    r"attn\.c_proj": "attn.c_proj",
                    r"fc_in": "mlp.c_fc",
                    r"fc_out": "mlp.c_proj",
                }
            ),
        ),
    ],
}
# the encoders return their hidden states (and the pooled first token where the HF model pools)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "splinter_dotted_overrides": ("ids", ["last_hidden_state"]),
    "rembert_intenum_dims": ("ids", ["last_hidden_state", "pooler_output"]),
    "megatron_bert_get_args": ("ids", ["last_hidden_state", "pooler_output"]),
}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config


def hf_shapes(config) -> dict[str, tuple]:
    """The HF model's state-dict shapes for ``config`` (built on the meta device)."""
    import torch
    import transformers

    with torch.device("meta"):
        model = getattr(transformers, config.architectures[0])(config)
    return {k: tuple(v.shape) for k, v in model.state_dict().items()}


def config_plants_visible() -> list[str]:
    """Every config plant changes a state-dict shape of the HF model of the planted config (an
    unscorable plant, one the HF model never reads, fails here)."""
    bad = []
    for name, (*_, config_plants) in CASES.items():
        clean = hf_shapes(build_config(name))
        for _fact, key, value, *_ in config_plants:
            planted = hf_shapes(build_config(name, {key: value}))
            changed = sorted(
                k for k in clean.keys() | planted.keys() if clean.get(k) != planted.get(k)
            )
            print(f"  {name}__cfg_{key:24} HF state-dict entries changed: {len(changed)}")
            if not changed:
                bad.append(f"{name}__cfg_{key} (the HF model does not see it)")
    return bad


def _attrs(prefix: str, **facts: str) -> dict[str, str]:
    return {fact: f"{prefix}{key}" for fact, key in facts.items()}


def _keys(name: str, **facts: str) -> dict[str, str]:
    return {fact: f'{name}["{key}"]' for fact, key in facts.items()}


# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {
    "seed_oss_dict_merge": _keys(
        "HP",
        vocabSize="vocab",
        hiddenSize="d_model",
        intermediateSize="d_ff",
        numLayers="n_layer",
        numHeads="n_q",
        numKvHeads="n_kv",
        headDim="d_head",
        ropeTheta="rope_base",
        normEps="eps",
    ),
    "hunyuan_dense_kwargs_class": _attrs(
        "ARGS.",
        vocabSize="vocab_size",
        hiddenSize="dim",
        intermediateSize="ffn_dim",
        numLayers="n_layers",
        numHeads="n_heads",
        numKvHeads="n_kv_heads",
        headDim="head_dim",
        ropeTheta="rope_theta",
        normEps="rms_eps",
    ),
    "smollm3_nope_dict_update": _keys(
        "RUN",
        vocabSize="vocab",
        hiddenSize="hidden",
        intermediateSize="mlp",
        numLayers="layers",
        numHeads="heads",
        numKvHeads="kv_heads",
        ropeTheta="rope_theta",
        normEps="eps",
        tieWordEmbeddings="tied",
    ),
    "vaultgemma_literal_eval": _keys(
        "HP",
        vocabSize="vocab",
        hiddenSize="width",
        intermediateSize="ffw",
        numLayers="depth",
        numHeads="q_heads",
        numKvHeads="kv_heads",
        headDim="head_size",
        slidingWindow="window",
        ropeTheta="rope_base",
        normEps="norm_eps",
    ),
    "flex_olmo_yaml_text": {
        **_keys(
            "MODEL",
            vocabSize="vocab_size",
            hiddenSize="d_model",
            numLayers="n_layers",
            normEps="layer_norm_eps",
        ),
        **_keys("ATTN", numHeads="n_heads", numKvHeads="n_kv_heads", ropeTheta="rope_theta"),
        **_keys(
            "MOE",
            numExperts="num_experts",
            numExpertsPerTok="top_k",
            intermediateSize="hidden_size",
        ),
    },
    "hunyuan_moe_pair_list": _keys(
        "S",
        vocabSize="vocab",
        hiddenSize="hidden",
        intermediateSize="expert_ffn",
        numLayers="n_layers",
        numHeads="n_heads",
        numKvHeads="n_kv",
        headDim="head_dim",
        numExperts="n_experts",
        numExpertsPerTok="topk",
        normEps="eps",
    ),
    "mamba_csv_rows": _keys(
        "H",
        vocabSize="vocab",
        hiddenSize="d_model",
        stateSize="d_state",
        numLayers="n_layer",
        expand="expand",
        convKernel="d_conv",
        normEps="norm_eps",
        tieWordEmbeddings="tie_embeddings",
    ),
    "splinter_dotted_overrides": _keys(
        "C",
        vocabSize="vocab",
        hiddenSize="hidden",
        numLayers="layers",
        numHeads="heads",
        intermediateSize="intermediate",
        maxPositionEmbeddings="max_positions",
        typeVocabSize="type_vocab",
        normEps="ln_eps",
    ),
    "rembert_intenum_dims": {
        **{
            fact: f"int(Dims.{key})"
            for fact, key in dict(
                vocabSize="VOCAB",
                embeddingSize="EMBED",
                hiddenSize="HIDDEN",
                numLayers="LAYERS",
                numHeads="HEADS",
                intermediateSize="FFN",
                maxPositionEmbeddings="POSITIONS",
                typeVocabSize="SEGMENTS",
            ).items()
        },
        "normEps": "LN_EPS",
    },
    "megatron_bert_get_args": _attrs(
        "ARGS.",
        vocabSize="padded_vocab_size",
        hiddenSize="hidden_size",
        numLayers="num_layers",
        numHeads="num_attention_heads",
        intermediateSize="ffn_hidden_size",
        maxPositionEmbeddings="max_position_embeddings",
        typeVocabSize="num_tokentypes",
        normEps="layernorm_epsilon",
    ),
    "imagegpt_variant_string": dict(
        vocabSize="N_VOCAB",
        maxPositionEmbeddings="N_CTX",
        hiddenSize="N_EMBD",
        numLayers="N_LAYER",
        numHeads="N_HEAD",
        normEps="EPS",
    ),
    "gpt_bigcode_chainmap": {
        **_keys(
            "SETTINGS",
            vocabSize="n_vocab",
            hiddenSize="width",
            numLayers="depth",
            maxPositionEmbeddings="ctx",
            numHeads="heads",
            normEps="ln_eps",
        ),
        "numKvHeads": '1 if SETTINGS["multi_query"] else SETTINGS["heads"]',
    },
}


def computed(path: Path, case: str, fact: str):
    """The value the module at ``path`` (a case or a variant of it) computes for ``fact``
    when Python runs it (``VALUES``)."""
    from benchmarks.reimpl.make import load_module

    return eval(VALUES[case][fact], vars(load_module(path)))  # noqa: S307


def recorded_values_match() -> list[str]:
    """Every code plant's recorded values are what Python computes: ``left`` in the clean case,
    ``right`` in the planted file (a plant whose line Python reads otherwise fails here)."""
    import json

    bad = []
    manifest = json.loads((HERE / "manifest.json").read_text())
    for p in manifest["planted"]:
        if p["where"] != "code":
            continue
        left = computed(HERE / "cases" / f"{p['case']}.py", p["case"], p["fact"])
        right = computed(HERE / p["code"], p["case"], p["fact"])
        if (left, right) != (p["left"], p["right"]) or type(left) is not type(p["left"]):
            bad.append(f"{p['name']}: computed {(left, right)}, recorded {(p['left'], p['right'])}")
    return bad


def other_values_unchanged() -> list[str]:
    """A code plant changes only its own fact: every other fact of ``VALUES`` computes the same
    value in the planted file as in the clean case."""
    import json

    bad = []
    manifest = json.loads((HERE / "manifest.json").read_text())
    for p in manifest["planted"]:
        if p["where"] != "code":
            continue
        for fact in VALUES[p["case"]]:
            if fact == p["fact"]:
                continue
            left = computed(HERE / "cases" / f"{p['case']}.py", p["case"], fact)
            right = computed(HERE / p["code"], p["case"], fact)
            if left != right:
                bad.append(f"{p['name']}: {fact} {left} -> {right}")
    return bad


def main(argv: list[str] | None = None) -> int:
    """The shared command line; with ``--check`` also ``config_plants_visible``,
    ``recorded_values_match`` and ``other_values_unchanged``."""
    rc = _MAKE.main(argv)
    if "--check" not in (sys.argv[1:] if argv is None else argv):
        return rc
    bad = config_plants_visible()
    print("config plants:", "all visible to torch" if not bad else f"not seen: {bad}")
    wrong = recorded_values_match()
    print("recorded code-plant values:", "all computed by Python" if not wrong else wrong)
    moved = other_values_unchanged()
    print("other facts of each code plant:", "unchanged" if not moved else moved)
    return rc or (1 if bad or wrong or moved else 0)


if __name__ == "__main__":
    raise SystemExit(main())
