"""The thirty-third fresh held-out set of re-implementations (written blind in session 36):
twelve architectures the earlier manifests hold once or twice (GPT-1, CTRL, BertGeneration,
data2vec-text, RoBERTa-PreLayerNorm, Arcee, Helium, BioGPT, FNet, Granite MoE, XGLM, Persimmon),
each a whole one-file port with NEW model code (no body is taken from an earlier set: fresh32
reused fresh5's bodies and so measured config reading only). Each port has its own naming,
fused or split projections, einsum / einops / SDPA attention and its own config object (an
argparse ``parse_args`` list, module constants, a frozen dataclass, a nested yaml-like dict, a
JSON blob, environment variables, a preset table, a fairseq ``Namespace`` repr, a NamedTuple ``_replace``, a
``key: value`` run card, a settings subclass, an INI section). It was NOT run through
driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's.

    python benchmarks/reimpl/fresh33/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus fresh33 --mode both --show 200
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


_AP = '        "--{}={{}}",\n'
_CONST = "{} = {{}}\n"
_KW = "    {}={{}},\n"
_Y = '            "{}": {{}},\n'
_J = '  "{}": {{}},\n'
_ENV_I = '{} = int(os.environ.get("AFM_{}", "{{}}"))\n'
_ENV_F = '{} = float(os.environ.get("AFM_{}", "{{}}"))\n'
_PRE = "        {}={{}},\n"
_INI = "{} = {{}}\n"
_NS = '    "{}={{}}, "\n'
_CARD = "{}: {{}}\n"
_ATTR = "    {} = {{}}\n"

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value)
CASES: dict[str, tuple] = {
    "openai_gpt_argparse_defaults": (
        "openai-gpt",
        "OpenAIGPTConfig",
        dict(
            vocab_size=600,
            n_positions=64,
            n_embd=64,
            n_layer=2,
            n_head=4,
            layer_norm_epsilon=1e-5,
            afn="gelu",
        ),
        "OpenAIGPTLMHeadModel",
        [
            sub("vocabSize", _AP.format("n_vocab"), 600, 640),
            sub("maxPositionEmbeddings", _AP.format("n_ctx"), 64, 128),
            sub("hiddenSize", _AP.format("n_embd"), 64, 96),
            sub("numHeads", _AP.format("n_head"), 4, 8),
            sub("numLayers", _AP.format("n_layer"), 2, 3),
            _eps(_AP.format("ln_eps")),
        ],
        [("vocabSize", "vocab_size", 640, 600), ("numLayers", "n_layer", 3, 2)],
    ),
    "ctrl_module_constants": (
        "ctrl",
        "CTRLConfig",
        dict(
            vocab_size=700,
            n_positions=64,
            n_embd=64,
            dff=128,
            n_layer=2,
            n_head=4,
            layer_norm_epsilon=1e-6,
        ),
        "CTRLLMHeadModel",
        [
            sub("vocabSize", _CONST.format("VOCAB"), 700, 800),
            sub("hiddenSize", _CONST.format("D_MODEL"), 64, 96),
            sub("numHeads", _CONST.format("N_HEADS"), 4, 8),
            sub("numLayers", _CONST.format("N_LAYERS"), 2, 3),
            sub("intermediateSize", _CONST.format("DFF"), 128, 256),
            _eps(_CONST.format("FINAL_EPS"), "1e-6"),
        ],
        [
            ("intermediateSize", "dff", 256, 128),
            ("numLayers", "n_layer", 3, 2),
            ("vocabSize", "vocab_size", 800, 700),
        ],
    ),
    "bert_generation_frozen_dataclass": (
        "bert-generation",
        "BertGenerationConfig",
        dict(
            vocab_size=500,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=64,
            layer_norm_eps=1e-12,
        ),
        "BertGenerationEncoder",
        [
            sub("vocabSize", _KW.format("vocab"), 500, 600),
            sub("hiddenSize", _KW.format("width"), 64, 96),
            sub("numLayers", _KW.format("layers"), 2, 3),
            sub("numHeads", _KW.format("heads"), 4, 8),
            sub("intermediateSize", _KW.format("ffn"), 128, 256),
            sub("maxPositionEmbeddings", _KW.format("max_len"), 64, 128),
            _eps("    eps: float = {}\n", "1e-12"),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 128),
            ("maxPositionEmbeddings", "max_position_embeddings", 128, 64),
        ],
    ),
    "data2vec_text_nested_yaml_dict": (
        "data2vec-text",
        "Data2VecTextConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=160,
            max_position_embeddings=66,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
            pad_token_id=1,
        ),
        "Data2VecTextModel",
        [
            sub("vocabSize", _Y.format("vocab_size"), 800, 1000),
            sub("maxPositionEmbeddings", _Y.format("max_positions"), 66, 130),
            sub("typeVocabSize", _Y.format("token_types"), 1, 2),
            sub("numLayers", _Y.format("depth"), 2, 4),
            sub("hiddenSize", _Y.format("dim"), 64, 128),
            sub("numHeads", _Y.format("n_heads"), 4, 8),
            sub("intermediateSize", _Y.format("mlp_dim"), 160, 256),
            _eps(_Y.format("norm_eps")),
        ],
        [
            ("numLayers", "num_hidden_layers", 4, 2),
            ("typeVocabSize", "type_vocab_size", 2, 1),
        ],
    ),
    "roberta_prelayernorm_json_blob": (
        "roberta-prelayernorm",
        "RobertaPreLayerNormConfig",
        dict(
            vocab_size=900,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=192,
            max_position_embeddings=130,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=1,
        ),
        "RobertaPreLayerNormModel",
        [
            sub("vocabSize", _J.format("vocab"), 900, 1000),
            sub("hiddenSize", _J.format("hidden"), 64, 128),
            sub("numLayers", _J.format("layers"), 3, 2),
            sub("numHeads", _J.format("heads"), 4, 8),
            sub("intermediateSize", _J.format("ffn"), 192, 256),
            sub("maxPositionEmbeddings", _J.format("positions"), 130, 258),
            sub("typeVocabSize", _J.format("segments"), 2, 1),
            _eps(_J.format("ln_eps"), "1e-12"),
        ],
        [
            ("vocabSize", "vocab_size", 1000, 900),
            ("intermediateSize", "intermediate_size", 256, 192),
        ],
    ),
    "arcee_env_overrides": (
        "arcee",
        "ArceeConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=224,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            rope_parameters=_rope(10000.0),
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "ArceeForCausalLM",
        [
            sub("vocabSize", _ENV_I.format("VOCAB", "VOCAB"), 640, 768),
            sub("hiddenSize", _ENV_I.format("DIM", "DIM"), 64, 128),
            sub("intermediateSize", _ENV_I.format("MLP", "MLP"), 224, 256),
            sub("numLayers", _ENV_I.format("DEPTH", "DEPTH"), 2, 3),
            sub("numHeads", _ENV_I.format("Q_HEADS", "Q_HEADS"), 4, 8),
            sub("numKvHeads", _ENV_I.format("KV_HEADS", "KV_HEADS"), 2, 4),
            sub("headDim", _ENV_I.format("HEAD", "HEAD"), 16, 32),
            _theta(_ENV_F.format("BASE", "ROPE_BASE"), "10000.0", "500000.0"),
            _eps(_ENV_F.format("EPS", "RMS_EPS")),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("intermediateSize", "intermediate_size", 256, 224),
        ],
    ),
    "helium_preset_table": (
        "helium",
        "HeliumConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            head_dim=16,
            rope_parameters=_rope(20000.0),
            rms_norm_eps=1e-8,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "HeliumForCausalLM",
        [
            sub("vocabSize", _PRE.format("vocab"), 512, 640),
            sub("hiddenSize", _PRE.format("d"), 64, 96),
            sub("intermediateSize", _PRE.format("hidden"), 160, 192),
            sub("numLayers", _PRE.format("n_layers"), 2, 3),
            sub("numHeads", _PRE.format("n_heads"), 4, 8),
            sub("numKvHeads", _PRE.format("n_kv"), 4, 2),
            sub("headDim", _PRE.format("d_head"), 16, 32),
            _theta(_PRE.format("theta"), "20000.0", "10000.0"),
            _eps(_PRE.format("eps"), "1e-8"),
        ],
        [
            ("vocabSize", "vocab_size", 640, 512),
            ("numKvHeads", "num_key_value_heads", 2, 4),
        ],
    ),
    "biogpt_fairseq_namespace_repr": (
        "biogpt",
        "BioGptConfig",
        dict(
            vocab_size=700,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=100,
            scale_embedding=True,
            pad_token_id=1,
        ),
        "BioGptForCausalLM",
        [
            sub("vocabSize", _NS.format("vocab_size"), 700, 800),
            sub("hiddenSize", _NS.format("decoder_embed_dim"), 64, 96),
            sub("intermediateSize", _NS.format("decoder_ffn_embed_dim"), 128, 256),
            sub("numLayers", _NS.format("decoder_layers"), 2, 3),
            sub("numHeads", _NS.format("decoder_attention_heads"), 4, 8),
            sub("maxPositionEmbeddings", _NS.format("max_target_positions"), 100, 200),
        ],
        [
            ("vocabSize", "vocab_size", 800, 700),
            ("maxPositionEmbeddings", "max_position_embeddings", 200, 100),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "fnet_namedtuple_sizes": (
        "fnet",
        "FNetConfig",
        dict(
            vocab_size=600,
            hidden_size=64,
            num_hidden_layers=2,
            intermediate_size=128,
            max_position_embeddings=64,
            type_vocab_size=4,
            layer_norm_eps=1e-12,
        ),
        "FNetModel",
        [
            sub("vocabSize", _KW.format("vocab"), 600, 700),
            sub("hiddenSize", _KW.format("hidden"), 64, 96),
            sub("intermediateSize", _KW.format("ffn"), 128, 256),
            sub("numLayers", _KW.format("layers"), 2, 3),
            sub("maxPositionEmbeddings", _KW.format("max_len"), 64, 128),
            sub("typeVocabSize", "    segments: int = {}\n", 4, 2),
            _eps("    eps: float = {}\n", "1e-12"),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
            ("typeVocabSize", "type_vocab_size", 2, 4),
        ],
    ),
    "granitemoe_key_value_text": (
        "granitemoe",
        "GraniteMoeConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_local_experts=4,
            num_experts_per_tok=2,
            rope_parameters=_rope(10000.0),
            rms_norm_eps=1e-6,
            embedding_multiplier=12.0,
            residual_multiplier=0.22,
            attention_multiplier=0.0625,
            logits_scaling=4.0,
            tie_word_embeddings=True,
            **_TOK,
        ),
        "GraniteMoeForCausalLM",
        [
            sub("vocabSize", _CARD.format("vocab"), 512, 640),
            sub("hiddenSize", _CARD.format("hidden"), 64, 96),
            sub("intermediateSize", _CARD.format("expert_hidden"), 96, 128),
            sub("numLayers", _CARD.format("layers"), 2, 3),
            sub("numHeads", _CARD.format("q_heads"), 4, 8),
            sub("numKvHeads", _CARD.format("kv_heads"), 2, 4),
            sub("numExperts", _CARD.format("experts"), 4, 8),
            sub("numExpertsPerTok", _CARD.format("active_experts"), 2, 1),
            # RoPE base 10000 -> 500000 moved the outputs by 7.80e-6 only: dropped
            _eps(_CARD.format("rms_eps"), "1e-6"),
        ],
        [
            ("numExperts", "num_local_experts", 8, 4),
            ("vocabSize", "vocab_size", 640, 512),
        ],
    ),
    "xglm_class_attributes": (
        "xglm",
        "XGLMConfig",
        dict(
            vocab_size=800,
            d_model=64,
            ffn_dim=256,
            num_layers=2,
            attention_heads=4,
            max_position_embeddings=64,
            scale_embedding=True,
            pad_token_id=1,
        ),
        "XGLMForCausalLM",
        [
            sub("vocabSize", _ATTR.format("vocab"), 800, 1000),
            sub("hiddenSize", _ATTR.format("d_model"), 64, 128),
            sub("intermediateSize", _ATTR.format("ffn"), 256, 192),
            sub("numLayers", _ATTR.format("n_layers"), 2, 3),
            # the tiny run's line taken out: the base class's 16 heads
            ("numHeads", "    n_heads = 4\n", "", 4, 16),
        ],
        [
            ("numLayers", "num_layers", 3, 2),
            ("intermediateSize", "ffn_dim", 512, 256),
            ("vocabSize", "vocab_size", 1000, 800),
        ],
    ),
    "persimmon_ini_string": (
        "persimmon",
        "PersimmonConfig",
        dict(
            vocab_size=700,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            rope_parameters=_rope(25000.0, partial_rotary_factor=0.5),
            layer_norm_eps=1e-5,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "PersimmonForCausalLM",
        [
            sub("vocabSize", _INI.format("vocab_size"), 700, 800),
            sub("hiddenSize", _INI.format("hidden_size"), 64, 128),
            sub("intermediateSize", _INI.format("ffn_size"), 256, 192),
            sub("numLayers", _INI.format("num_layers"), 2, 3),
            sub("numHeads", _INI.format("num_heads"), 4, 8),
            _theta(_INI.format("rope_theta"), "25000.0", "10000.0"),
            _eps(_INI.format("layernorm_epsilon")),
        ],
        [
            ("vocabSize", "vocab_size", 800, 700),
            ("intermediateSize", "intermediate_size", 192, 256),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
}

_L = r"^blocks\.(\d+)\."


def _layers(case_prefix: str, hf_prefix: str, pairs: dict[str, str]) -> list[tuple]:
    """One rule per (case name, HF name) inside layer ``N``: ``<case_prefix>N.<a>`` ->
    ``<hf_prefix>N.<b>`` (``b`` may join several HF tensors with ``+``)."""
    rules = []
    for a, b in pairs.items():
        parts = "+".join(f"{hf_prefix}\\1.{x}" for x in b.split("+"))
        rules.append((rf"^{case_prefix}(\d+)\.{a}$", parts))
    return rules


def _conv1d(case: str, hf: str) -> list[tuple]:
    """A ``Linear`` read from HF's GPT ``Conv1D`` ([in, out]): weight transposed, bias as is."""
    return [
        (rf"^blocks\.(\d+)\.{case}\.weight$", rf"transformer.h.\1.{hf}.weight", "T"),
        (rf"^blocks\.(\d+)\.{case}\.bias$", rf"transformer.h.\1.{hf}.bias"),
    ]


def _wb(pairs: dict[str, str]) -> dict[str, str]:
    """weight and bias of each (case module, HF module)."""
    return {f"{a}\\.{p}": f"{b}.{p}" for a, b in pairs.items() for p in ("weight", "bias")}


def _qkv(prefix: str, names: tuple[str, str, str], p: str = "weight") -> str:
    return "+".join(f"{prefix}{n}.{p}" for n in names)


_BERT_SELF = "attention.self."
_LLAMA_QKV = ("q_proj", "k_proj", "v_proj")

SAME_OUTPUT: dict[str, list[tuple]] = {
    "openai_gpt_argparse_defaults": [
        (r"^tok\.", "transformer.tokens_embed."),
        (r"^pos\.", "transformer.positions_embed."),
        *_conv1d(r"attn\.qkv", "attn.c_attn"),
        *_conv1d(r"attn\.proj", "attn.c_proj"),
        *_conv1d("fc_in", "mlp.c_fc"),
        *_conv1d("fc_out", "mlp.c_proj"),
        (_L + r"norm_a\.", r"transformer.h.\1.ln_1."),
        (_L + r"norm_m\.", r"transformer.h.\1.ln_2."),
    ],
    "ctrl_module_constants": [
        (r"^embed\.", "transformer.w."),
        (r"^out_bias$", "lm_head.bias"),
        (r"^ln_out\.", "transformer.layernorm."),
        *_layers(
            r"layers\.",
            "transformer.h.",
            _wb(
                {
                    r"ln_attn": "layernorm1",
                    r"ln_ffn": "layernorm2",
                    r"mha\.wq": "multi_head_attention.Wq",
                    r"mha\.wk": "multi_head_attention.Wk",
                    r"mha\.wv": "multi_head_attention.Wv",
                    r"mha\.wo": "multi_head_attention.dense",
                    r"ffn\.0": "ffn.0",
                    r"ffn\.2": "ffn.2",
                }
            ),
        ),
    ],
    "bert_generation_frozen_dataclass": [
        (r"^words\.", "embeddings.word_embeddings."),
        (r"^positions\.", "embeddings.position_embeddings."),
        (r"^emb_norm\.", "embeddings.LayerNorm."),
        *_layers(
            r"stack\.",
            "encoder.layer.",
            _wb(
                {
                    r"attention\.q": _BERT_SELF + "query",
                    r"attention\.k": _BERT_SELF + "key",
                    r"attention\.v": _BERT_SELF + "value",
                    r"attention\.o": "attention.output.dense",
                    r"attention\.norm": "attention.output.LayerNorm",
                    r"up": "intermediate.dense",
                    r"down": "output.dense",
                    r"norm": "output.LayerNorm",
                }
            ),
        ),
    ],
    "data2vec_text_nested_yaml_dict": [
        (r"^tokens\.", "embeddings.word_embeddings."),
        (r"^positions\.", "embeddings.position_embeddings."),
        (r"^types\.", "embeddings.token_type_embeddings."),
        (r"^emb_norm\.", "embeddings.LayerNorm."),
        (r"^pool\.", "pooler.dense."),
        *_layers(
            r"blocks\.",
            "encoder.layer.",
            {
                r"attn\.to_qkv\.weight": _qkv(_BERT_SELF, ("query", "key", "value")),
                r"attn\.to_qkv\.bias": _qkv(_BERT_SELF, ("query", "key", "value"), "bias"),
                **_wb(
                    {
                        r"attn\.to_out": "attention.output.dense",
                        r"attn\.norm": "attention.output.LayerNorm",
                        r"fc1": "intermediate.dense",
                        r"fc2": "output.dense",
                        r"norm": "output.LayerNorm",
                    }
                ),
            },
        ),
    ],
    "roberta_prelayernorm_json_blob": [
        (r"^word\.", "embeddings.word_embeddings."),
        (r"^position\.", "embeddings.position_embeddings."),
        (r"^segment\.", "embeddings.token_type_embeddings."),
        (r"^emb_ln\.", "embeddings.LayerNorm."),
        (r"^final_ln\.", "LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
        *_layers(
            r"layers\.",
            "encoder.layer.",
            _wb(
                {
                    r"attn_ln": "attention.LayerNorm",
                    r"wq": _BERT_SELF + "query",
                    r"wk": _BERT_SELF + "key",
                    r"wv": _BERT_SELF + "value",
                    r"wo": "attention.output.dense",
                    r"ffn_ln": "intermediate.LayerNorm",
                    r"w1": "intermediate.dense",
                    r"w2": "output.dense",
                }
            ),
        ),
    ],
    "arcee_env_overrides": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^norm\.scale$", "model.norm.weight"),
        (r"^unembed\.", "lm_head."),
        *_layers(
            r"blocks\.",
            "model.layers.",
            {
                r"pre_attn\.scale": "input_layernorm.weight",
                r"pre_mlp\.scale": "post_attention_layernorm.weight",
                r"attn\.wqkv\.weight": _qkv("self_attn.", _LLAMA_QKV),
                r"attn\.wo\.weight": "self_attn.o_proj.weight",
                r"up\.weight": "mlp.up_proj.weight",
                r"down\.weight": "mlp.down_proj.weight",
            },
        ),
    ],
    "helium_preset_table": [
        (r"^emb\.", "model.embed_tokens."),
        (r"^norm\.g$", "model.norm.weight"),
        (r"^head\.", "lm_head."),
        *_layers(
            r"layers\.",
            "model.layers.",
            {
                r"n1\.g": "input_layernorm.weight",
                r"n2\.g": "post_attention_layernorm.weight",
                **{rf"attn\.{x}\.weight": f"self_attn.{x}_proj.weight" for x in "qkvo"},
                **{rf"{x}\.weight": f"mlp.{x}_proj.weight" for x in ("gate", "up", "down")},
            },
        ),
    ],
    "biogpt_fairseq_namespace_repr": [(r"^", "biogpt.")],
    "fnet_namedtuple_sizes": [
        (r"^word\.", "embeddings.word_embeddings."),
        (r"^pos\.", "embeddings.position_embeddings."),
        (r"^seg\.", "embeddings.token_type_embeddings."),
        (r"^emb_norm\.", "embeddings.LayerNorm."),
        (r"^emb_proj\.", "embeddings.projection."),
        (r"^pool\.", "pooler.dense."),
        *_layers(
            r"layers\.",
            "encoder.layer.",
            _wb(
                {
                    r"mix_norm": "fourier.output.LayerNorm",
                    r"ff1": "intermediate.dense",
                    r"ff2": "output.dense",
                    r"ff_norm": "output.LayerNorm",
                }
            ),
        ),
    ],
    "granitemoe_key_value_text": [
        (r"^wte\.", "model.embed_tokens."),
        (r"^ln_f$", "model.norm.weight"),
        *_layers(
            r"blocks\.",
            "model.layers.",
            {
                r"ln1": "input_layernorm.weight",
                r"ln2": "post_attention_layernorm.weight",
                **{rf"w{x}\.weight": f"self_attn.{x}_proj.weight" for x in "qkvo"},
                r"router": "block_sparse_moe.router.weight",
                r"w_in": "block_sparse_moe.experts.gate_up_proj",
                r"w_out": "block_sparse_moe.experts.down_proj",
            },
        ),
    ],
    "xglm_class_attributes": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^ln_final\.", "model.layer_norm."),
        *_layers(
            r"layers\.",
            "model.layers.",
            _wb(
                {
                    r"ln_attn": "self_attn_layer_norm",
                    **{rf"in_proj\.{x}": f"self_attn.{x}_proj" for x in "qkv"},
                    r"out_proj": "self_attn.out_proj",
                    r"ln_ffn": "final_layer_norm",
                    r"fc1": "fc1",
                    r"fc2": "fc2",
                }
            ),
        ),
    ],
    "persimmon_ini_string": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^final_ln\.", "model.final_layernorm."),
        (r"^unembed\.", "lm_head."),
        *_layers(
            r"blocks\.",
            "model.layers.",
            _wb(
                {
                    r"input_ln": "input_layernorm",
                    r"qkv": "self_attn.query_key_value",
                    r"q_ln": "self_attn.q_layernorm",
                    r"k_ln": "self_attn.k_layernorm",
                    r"attn_out": "self_attn.dense",
                    r"post_ln": "post_attention_layernorm",
                    r"mlp_in": "mlp.dense_h_to_4h",
                    r"mlp_out": "mlp.dense_4h_to_h",
                }
            ),
        ),
    ],
}
# the encoders return their hidden states (and the pooled first token where the HF model pools)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "bert_generation_frozen_dataclass": ("ids", ["last_hidden_state"]),
    "data2vec_text_nested_yaml_dict": ("ids", ["last_hidden_state", "pooler_output"]),
    "roberta_prelayernorm_json_blob": ("ids", ["last_hidden_state", "pooler_output"]),
    "fnet_namedtuple_sizes": ("ids", ["last_hidden_state", "pooler_output"]),
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
    "openai_gpt_argparse_defaults": _attrs(
        "HP.",
        vocabSize="n_vocab",
        maxPositionEmbeddings="n_ctx",
        hiddenSize="n_embd",
        numHeads="n_head",
        numLayers="n_layer",
        normEps="ln_eps",
    ),
    "ctrl_module_constants": dict(
        vocabSize="VOCAB",
        hiddenSize="D_MODEL",
        numHeads="N_HEADS",
        numLayers="N_LAYERS",
        intermediateSize="DFF",
        normEps="FINAL_EPS",
    ),
    "bert_generation_frozen_dataclass": _attrs(
        "SIZES.",
        vocabSize="vocab",
        hiddenSize="width",
        numLayers="layers",
        numHeads="heads",
        intermediateSize="ffn",
        maxPositionEmbeddings="max_len",
        normEps="eps",
    ),
    "data2vec_text_nested_yaml_dict": {
        **_keys(
            "EMB",
            vocabSize="vocab_size",
            maxPositionEmbeddings="max_positions",
            typeVocabSize="token_types",
        ),
        **_keys(
            "ENC",
            numLayers="depth",
            hiddenSize="dim",
            numHeads="n_heads",
            intermediateSize="mlp_dim",
            normEps="norm_eps",
        ),
    },
    "roberta_prelayernorm_json_blob": _keys(
        "HPARAMS",
        vocabSize="vocab",
        hiddenSize="hidden",
        numLayers="layers",
        numHeads="heads",
        intermediateSize="ffn",
        maxPositionEmbeddings="positions",
        typeVocabSize="segments",
        normEps="ln_eps",
    ),
    "arcee_env_overrides": dict(
        vocabSize="VOCAB",
        hiddenSize="DIM",
        intermediateSize="MLP",
        numLayers="DEPTH",
        numHeads="Q_HEADS",
        numKvHeads="KV_HEADS",
        headDim="HEAD",
        ropeTheta="BASE",
        normEps="EPS",
    ),
    "helium_preset_table": _keys(
        "P",
        vocabSize="vocab",
        hiddenSize="d",
        intermediateSize="hidden",
        numLayers="n_layers",
        numHeads="n_heads",
        numKvHeads="n_kv",
        headDim="d_head",
        ropeTheta="theta",
        normEps="eps",
    ),
    "biogpt_fairseq_namespace_repr": _keys(
        "M",
        vocabSize="vocab_size",
        hiddenSize="embed_dim",
        intermediateSize="ffn_embed_dim",
        numLayers="layers",
        numHeads="attention_heads",
        maxPositionEmbeddings="max_target_positions",
    ),
    "fnet_namedtuple_sizes": _attrs(
        "SIZES.",
        vocabSize="vocab",
        hiddenSize="hidden",
        intermediateSize="ffn",
        numLayers="layers",
        maxPositionEmbeddings="max_len",
        typeVocabSize="segments",
        normEps="eps",
    ),
    "granitemoe_key_value_text": _keys(
        "C",
        vocabSize="vocab",
        hiddenSize="hidden",
        intermediateSize="expert_hidden",
        numLayers="layers",
        numHeads="q_heads",
        numKvHeads="kv_heads",
        numExperts="experts",
        numExpertsPerTok="active_experts",
        ropeTheta="rope_theta",
        normEps="rms_eps",
    ),
    "xglm_class_attributes": _attrs(
        "S.",
        vocabSize="vocab",
        hiddenSize="d_model",
        intermediateSize="ffn",
        numLayers="n_layers",
        numHeads="n_heads",
    ),
    "persimmon_ini_string": dict(
        vocabSize="VOCAB",
        hiddenSize="HIDDEN",
        intermediateSize="FFN",
        numLayers="LAYERS",
        numHeads="HEADS",
        ropeTheta="THETA",
        normEps="EPS",
    ),
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
