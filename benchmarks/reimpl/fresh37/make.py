"""The thirty-seventh fresh held-out set of re-implementations (written blind in session 40,
helper reimpl37): architectures the earlier manifests hold once or twice and none of fresh34,
fresh35 or fresh36 uses, each a whole one-file port with NEW model code (no body is taken from an
earlier set), its own naming, fused or split projections, einsum / SDPA / hand-written attention
and its own config object (environment knobs, a ``NamedTuple._replace``, a shell line through
shlex + argparse, a ``MappingProxyType``, nested dataclasses through ``asdict``, an ``IntEnum``,
a nested ``dict(...)``, ``make_dataclass``, ``ast.literal_eval``, ``functools.partial``, a
``TypedDict``, dicts merged with ``|``, an XML descriptor, a list of stage rows).
It was NOT run through driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's.

    python benchmarks/reimpl/fresh37/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus fresh37 --mode both --show 200
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
    """the weight of each (case module, HF module); a ``+`` joins HF tensors cut into one."""
    return {
        f"{a}\\.weight": "+".join(f"{x}.weight" for x in b.split("+")) for a, b in pairs.items()
    }


_QKV = "self_attn.q_proj+self_attn.k_proj+self_attn.v_proj"


def _attrs(prefix: str, **facts: str) -> dict[str, str]:
    return {fact: f"{prefix}{key}" for fact, key in facts.items()}


def _keys(name: str, **facts: str) -> dict[str, str]:
    return {fact: f'{name}["{key}"]' for fact, key in facts.items()}


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value[, config's value of the fact])
CASES: dict[str, tuple] = {}
# case parameter name -> the HF tensors it is cut from
SAME_OUTPUT: dict[str, list[tuple]] = {}
# the encoders return their hidden states (and the pooled output where the HF model pools)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {}
# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {}

# ---- cases ----


_EX = '    "EXA_{}": "{{}}",\n'
CASES["exaone_environ_knobs"] = (
    "exaone",
    "ExaoneConfig",
    dict(
        vocab_size=608,
        hidden_size=64,
        intermediate_size=160,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        rope_parameters=_rope(500000.0),
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "LlamaForCausalLM",
    [
        sub("vocabSize", _EX.format("VOCAB"), 608, 704),
        sub("hiddenSize", _EX.format("WIDTH"), 64, 128),
        sub("intermediateSize", _EX.format("MLP"), 160, 224),
        sub("numLayers", _EX.format("LAYERS"), 2, 3),
        sub("numHeads", _EX.format("HEADS"), 4, 8),
        sub("numKvHeads", _EX.format("KV_HEADS"), 2, 4),
        _theta(_EX.format("ROPE_BASE"), "500000.0", "10000.0"),
        _eps(_EX.format("EPS")),
    ],
    [
        ("numKvHeads", "num_key_value_heads", 4, 2),
        ("intermediateSize", "intermediate_size", 224, 160),
    ],
)
SAME_OUTPUT["exaone_environ_knobs"] = [
    (r"^wte\.", "model.embed_tokens."),
    (r"^ln_f\.", "model.norm."),
    (r"^lm_head\.", "lm_head."),
    *_layers(
        r"h\.",
        "model.layers.",
        _w(
            {
                r"ln_1": "input_layernorm",
                r"ln_2": "post_attention_layernorm",
                r"attn\.qkv": _QKV,
                r"attn\.out": "self_attn.o_proj",
                r"mlp\.c_fc_0": "mlp.gate_proj",
                r"mlp\.c_fc_1": "mlp.up_proj",
                r"mlp\.c_proj": "mlp.down_proj",
            }
        ),
    ),
]
VALUES["exaone_environ_knobs"] = dict(
    vocabSize="VOCAB",
    hiddenSize="WIDTH",
    intermediateSize="MLP",
    numLayers="LAYERS",
    numHeads="HEADS",
    numKvHeads="KV_HEADS",
    ropeTheta="ROPE_BASE",
    normEps="EPS",
)

_NT = "    {}={{}},\n"
CASES["hyperclovax_namedtuple"] = (
    "hyperclovax",
    "HyperCLOVAXConfig",
    dict(
        vocab_size=560,
        hidden_size=64,
        intermediate_size=144,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=1,
        rope_parameters=_rope(10000.0),
        rms_norm_eps=1e-6,
        embedding_multiplier=2.0,
        residual_multiplier=0.5,
        attention_multiplier=0.125,
        logits_scaling=0.75,
        use_post_norm=True,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "HyperCLOVAXForCausalLM",
    [
        sub("vocabSize", _NT.format("vocab"), 560, 640),
        sub("hiddenSize", _NT.format("d_model"), 64, 96),
        sub("intermediateSize", _NT.format("d_ff"), 144, 208),
        sub("numLayers", _NT.format("n_layer"), 2, 3),
        sub("numHeads", _NT.format("n_head"), 4, 8),
        sub("numKvHeads", _NT.format("n_kv"), 1, 2),
        _theta(_NT.format("rope_base"), "10000.0", "500000.0"),
        _eps(_NT.format("eps"), "1e-6"),
    ],
    [
        ("numHeads", "num_attention_heads", 8, 4),
        ("numLayers", "num_hidden_layers", 3, 2),
    ],
)
SAME_OUTPUT["hyperclovax_namedtuple"] = [
    (r"^embed\.", "model.embed_tokens."),
    (r"^final_norm\.gamma$", "model.norm.weight"),
    (r"^readout\.", "lm_head."),
    *_layers(
        r"blocks\.",
        "model.layers.",
        {
            r"pre_attn\.gamma": "input_layernorm.weight",
            r"post_attn\.gamma": "post_norm1.weight",
            r"pre_mlp\.gamma": "post_attention_layernorm.weight",
            r"post_mlp\.gamma": "post_norm2.weight",
            r"attn\.kv\.weight": "self_attn.k_proj.weight+self_attn.v_proj.weight",
            r"gate_up\.weight": "mlp.gate_proj.weight+mlp.up_proj.weight",
            **_w(
                {
                    r"attn\.query": "self_attn.q_proj",
                    r"attn\.proj": "self_attn.o_proj",
                    r"down": "mlp.down_proj",
                }
            ),
        },
    ),
]
VALUES["hyperclovax_namedtuple"] = _attrs(
    "cfg.",
    vocabSize="vocab",
    hiddenSize="d_model",
    intermediateSize="d_ff",
    numLayers="n_layer",
    numHeads="n_head",
    numKvHeads="n_kv",
    ropeTheta="rope_base",
    normEps="eps",
)

CASES["ministral3_shlex_argv"] = (
    "ministral3",
    "Ministral3Config",
    dict(
        vocab_size=720,
        hidden_size=64,
        intermediate_size=192,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=32,
        sliding_window=24,
        rope_parameters=_rope(
            1000000.0, llama_4_scaling_beta=0.1, original_max_position_embeddings=16
        ),
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "Ministral3ForCausalLM",
    [
        sub("vocabSize", '    "train.py --vocab {} --dim 64', 720, 832),
        sub("hiddenSize", "--dim {} --hidden", 64, 96),
        sub("intermediateSize", "--hidden {} --n-layers", 192, 256),
        sub("numLayers", "--n-layers {} --n-heads", 2, 3),
        sub("numHeads", '--n-heads {}"', 4, 8),
        sub("numKvHeads", '" --n-kv-heads {} ', 2, 1),
        sub("headDim", "--head-dim {} --window", 32, 16),
        sub("slidingWindow", "--window {} --rope", 24, 4),
        _theta('--rope-theta {}"', "1000000.0", "10000.0"),
        _eps('" --norm-eps {} ', "1e-5"),
    ],
    [
        ("headDim", "head_dim", 16, 32),
        ("numKvHeads", "num_key_value_heads", 4, 2),
    ],
)
SAME_OUTPUT["ministral3_shlex_argv"] = [
    (r"^tok_embeddings\.", "model.embed_tokens."),
    (r"^norm\.", "model.norm."),
    (r"^output\.", "lm_head."),
    *_layers(
        r"layers\.",
        "model.layers.",
        _w(
            {
                r"attention_norm": "input_layernorm",
                r"ffn_norm": "post_attention_layernorm",
                r"attention\.wq": "self_attn.q_proj",
                r"attention\.wk": "self_attn.k_proj",
                r"attention\.wv": "self_attn.v_proj",
                r"attention\.wo": "self_attn.o_proj",
                r"feed_forward\.w1": "mlp.gate_proj",
                r"feed_forward\.w2": "mlp.down_proj",
                r"feed_forward\.w3": "mlp.up_proj",
            }
        ),
    ),
]
VALUES["ministral3_shlex_argv"] = _attrs(
    "args.",
    vocabSize="vocab",
    hiddenSize="dim",
    intermediateSize="hidden",
    numLayers="n_layers",
    numHeads="n_heads",
    numKvHeads="n_kv_heads",
    headDim="head_dim",
    slidingWindow="window",
    ropeTheta="rope_theta",
    normEps="norm_eps",
)

_MP = '        "{}": {{}},\n'
CASES["arcee_mappingproxy"] = (
    "arcee",
    "ArceeConfig",
    dict(
        vocab_size=656,
        hidden_size=64,
        intermediate_size=224,
        num_hidden_layers=3,
        num_attention_heads=8,
        num_key_value_heads=2,
        rope_parameters=_rope(10000.0),
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "ArceeForCausalLM",
    [
        sub("vocabSize", _MP.format("n_vocab"), 656, 768),
        sub("hiddenSize", _MP.format("n_embd"), 64, 128),
        sub("intermediateSize", _MP.format("n_inner"), 224, 288),
        sub("numLayers", _MP.format("n_layer"), 3, 4),
        sub("numHeads", _MP.format("n_head"), 8, 4),
        sub("numKvHeads", _MP.format("n_head_kv"), 2, 4),
        _theta(_MP.format("rope_freq_base"), "10000.0", "1000000.0"),
        _eps(_MP.format("rms_eps")),
    ],
    [
        ("intermediateSize", "intermediate_size", 288, 224),
        ("vocabSize", "vocab_size", 768, 656),
    ],
)
SAME_OUTPUT["arcee_mappingproxy"] = [
    (r"^embed\.", "model.embed_tokens."),
    (r"^rms_f\.scale$", "model.norm.weight"),
    (r"^unembed\.", "lm_head."),
    *_layers(
        r"decoders\.",
        "model.layers.",
        {
            r"rms_1\.scale": "input_layernorm.weight",
            r"rms_2\.scale": "post_attention_layernorm.weight",
            **_w(
                {
                    r"attn\.to_q": "self_attn.q_proj",
                    r"attn\.to_k": "self_attn.k_proj",
                    r"attn\.to_v": "self_attn.v_proj",
                    r"attn\.to_out": "self_attn.o_proj",
                    r"mlp\.up": "mlp.up_proj",
                    r"mlp\.down": "mlp.down_proj",
                }
            ),
        },
    ),
]
VALUES["arcee_mappingproxy"] = _keys(
    "HPARAMS",
    vocabSize="n_vocab",
    hiddenSize="n_embd",
    intermediateSize="n_inner",
    numLayers="n_layer",
    numHeads="n_head",
    numKvHeads="n_head_kv",
    ropeTheta="rope_freq_base",
    normEps="rms_eps",
)

_RT = "        {}={{}},\n"
_MS = "            {}={{}},\n"
_AS = "attn=AttnSection(heads=4, kv_heads=2, head_size=16, rotary_frac=0.5, base=1000000.0),\n"


def _glm_attn(fact: str, old: str, new: str, left, right) -> tuple:
    """A code plant of one keyword of GLM-4.5's ``AttnSection(...)`` call."""
    assert _AS.count(old) == 1
    return (fact, _AS, _AS.replace(old, new), left, right)


CASES["glm4moe_nested_asdict"] = (
    "glm4_moe",
    "Glm4MoeConfig",
    dict(
        vocab_size=592,
        hidden_size=64,
        intermediate_size=160,
        moe_intermediate_size=32,
        num_hidden_layers=3,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=16,
        partial_rotary_factor=0.5,
        n_routed_experts=8,
        n_shared_experts=1,
        num_experts_per_tok=2,
        n_group=2,
        topk_group=1,
        routed_scaling_factor=2.5,
        norm_topk_prob=True,
        first_k_dense_replace=1,
        use_qk_norm=True,
        attention_bias=True,
        rope_parameters=_rope(1000000.0, partial_rotary_factor=0.5),
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "Glm4MoeForCausalLM",
    [
        sub("vocabSize", _RT.format("vocab"), 592, 704),
        sub("hiddenSize", _RT.format("width"), 64, 96),
        sub("intermediateSize", _RT.format("dense_width"), 160, 224),
        sub("numLayers", _RT.format("depth"), 3, 4),
        _eps(_RT.format("eps")),
        _glm_attn("numHeads", "heads=4,", "heads=8,", 4, 8),
        _glm_attn("numKvHeads", "kv_heads=2,", "kv_heads=4,", 2, 4),
        _glm_attn("headDim", "head_size=16,", "head_size=32,", 16, 32),
        _glm_attn("ropeTheta", "base=1000000.0", "base=10000.0", 1000000.0, 10000.0),
        sub("numExperts", _MS.format("experts"), 8, 12),
        sub("numExpertsPerTok", _MS.format("active"), 2, 3),
        sub("moeIntermediateSize", _MS.format("expert_width"), 32, 48),
        sub("firstKDenseReplace", _MS.format("leading_dense"), 1, 2),
    ],
    [
        ("numExperts", "n_routed_experts", 12, 8),
        ("firstKDenseReplace", "first_k_dense_replace", 2, 1),
    ],
)
SAME_OUTPUT["glm4moe_nested_asdict"] = [
    (r"^emb\.", "model.embed_tokens."),
    (r"^norm\.", "model.norm."),
    (r"^head\.", "lm_head."),
    (r"^layers\.(\d+)\.ff\.router$", r"model.layers.\1.mlp.gate.weight"),
    (
        r"^layers\.(\d+)\.ff\.experts\.(\d+)\.gate\.weight$",
        r"model.layers.\1.mlp.experts.gate_up_proj",
        "expert:gate",
    ),
    (
        r"^layers\.(\d+)\.ff\.experts\.(\d+)\.up\.weight$",
        r"model.layers.\1.mlp.experts.gate_up_proj",
        "expert:up",
    ),
    (
        r"^layers\.(\d+)\.ff\.experts\.(\d+)\.down\.weight$",
        r"model.layers.\1.mlp.experts.down_proj",
        "expert:down",
    ),
    (
        r"^layers\.(\d+)\.ff\.shared\.(\w+)\.weight$",
        r"model.layers.\1.mlp.shared_experts.\2_proj.weight",
    ),
    *_layers(
        r"layers\.",
        "model.layers.",
        {
            **_wb(
                {
                    r"attn\.q": "self_attn.q_proj",
                    r"attn\.k": "self_attn.k_proj",
                    r"attn\.v": "self_attn.v_proj",
                }
            ),
            **_w(
                {
                    r"norm1": "input_layernorm",
                    r"norm2": "post_attention_layernorm",
                    r"attn\.o": "self_attn.o_proj",
                    r"attn\.qn": "self_attn.q_norm",
                    r"attn\.kn": "self_attn.k_norm",
                    r"ff\.gate": "mlp.gate_proj",
                    r"ff\.up": "mlp.up_proj",
                    r"ff\.down": "mlp.down_proj",
                }
            ),
        },
    ),
]
VALUES["glm4moe_nested_asdict"] = {
    **_keys(
        "EXP",
        vocabSize="vocab",
        hiddenSize="width",
        intermediateSize="dense_width",
        numLayers="depth",
        normEps="eps",
    ),
    **_keys("A", numHeads="heads", numKvHeads="kv_heads", headDim="head_size", ropeTheta="base"),
    **_keys(
        "M",
        numExperts="experts",
        numExpertsPerTok="active",
        moeIntermediateSize="expert_width",
        firstKDenseReplace="leading_dense",
    ),
}

_IE = "    {} = {{}}\n"
CASES["granitemoe_enum_sizes"] = (
    "granitemoe",
    "GraniteMoeConfig",
    dict(
        vocab_size=624,
        hidden_size=64,
        intermediate_size=96,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=1,
        num_local_experts=6,
        num_experts_per_tok=2,
        embedding_multiplier=12.0,
        residual_multiplier=0.22,
        attention_multiplier=0.0625,
        logits_scaling=6.0,
        rope_parameters=_rope(10000.0),
        rms_norm_eps=1e-6,
        tie_word_embeddings=True,
        **_TOK,
    ),
    "GraniteMoeForCausalLM",
    [
        sub("vocabSize", _IE.format("VOCAB"), 624, 720),
        sub("hiddenSize", _IE.format("D"), 64, 96),
        sub("intermediateSize", _IE.format("EXPERT_FF"), 96, 128),
        sub("numLayers", _IE.format("LAYERS"), 2, 3),
        sub("numHeads", _IE.format("Q_HEADS"), 4, 8),
        sub("numKvHeads", _IE.format("KV_HEADS"), 1, 2),
        sub("numExperts", _IE.format("EXPERTS"), 6, 8),
        sub("numExpertsPerTok", _IE.format("TOP_K"), 2, 1),
        # RoPE base dropped: at attention multiplier 0.0625 and residual 0.22 torch shows a
        # base of 10 against 10000 moves the logits by 1.3e-5 only (< 1e-4)
        _eps("NORM_EPS = {}\n", "1e-6"),
    ],
    [
        ("numExperts", "num_local_experts", 8, 6),
        ("intermediateSize", "intermediate_size", 128, 96),
    ],
)
SAME_OUTPUT["granitemoe_enum_sizes"] = [
    (r"^embedding\.", "model.embed_tokens."),
    (r"^ln_final\.w$", "model.norm.weight"),
    (r"^layers\.(\d+)\.moe\.w_in$", r"model.layers.\1.block_sparse_moe.experts.gate_up_proj"),
    (r"^layers\.(\d+)\.moe\.w_out$", r"model.layers.\1.block_sparse_moe.experts.down_proj"),
    (r"^layers\.(\d+)\.moe\.router\.weight$", r"model.layers.\1.block_sparse_moe.router.weight"),
    *_layers(
        r"layers\.",
        "model.layers.",
        {
            r"ln_attn\.w": "input_layernorm.weight",
            r"ln_moe\.w": "post_attention_layernorm.weight",
            **_w(
                {
                    r"attention\.q_lin": "self_attn.q_proj",
                    r"attention\.k_lin": "self_attn.k_proj",
                    r"attention\.v_lin": "self_attn.v_proj",
                    r"attention\.out_lin": "self_attn.o_proj",
                }
            ),
        },
    ),
]
VALUES["granitemoe_enum_sizes"] = {
    **{
        fact: f"int(Size.{key})"
        for fact, key in dict(
            vocabSize="VOCAB",
            hiddenSize="D",
            intermediateSize="EXPERT_FF",
            numLayers="LAYERS",
            numHeads="Q_HEADS",
            numKvHeads="KV_HEADS",
            numExperts="EXPERTS",
            numExpertsPerTok="TOP_K",
        ).items()
    },
    "ropeTheta": "ROPE_BASE",
    "normEps": "NORM_EPS",
}

_LIT = "    '{}': {{}},\n"
CASES["videomae_ast_literal"] = (
    "videomae",
    "VideoMAEConfig",
    set_checks.enc(
        image_size=32,
        patch_size=8,
        num_frames=4,
        tubelet_size=2,
        intermediate_size=128,
        use_mean_pooling=False,
        layer_norm_eps=1e-12,
    ),
    "VideoMAEModel",
    [
        # clip length and crop dropped: they size a sinusoid buffer only (no parameter), so
        # the count-keeping output check cannot run them (the HF-shaped clip does not fit)
        sub("patchSize", _LIT.format("patch"), 8, 16),
        sub("hiddenSize", _LIT.format("embed_dim"), 64, 96),
        sub("numLayers", _LIT.format("depth"), 2, 3),
        sub("numHeads", _LIT.format("num_heads"), 4, 8),
        sub("intermediateSize", _LIT.format("mlp_dim"), 128, 192),
        _eps(_LIT.format("ln_eps"), "1e-12"),
    ],
    [
        ("numLayers", "num_hidden_layers", 3, 2),
        ("intermediateSize", "intermediate_size", 192, 128),
    ],
)
SAME_OUTPUT["videomae_ast_literal"] = [
    (r"^to_tokens\.", "embeddings.patch_embeddings.projection."),
    (r"^norm\.", "layernorm."),
    *_layers(
        r"blocks\.",
        "encoder.layer.",
        {
            r"attn\.in_proj": "+".join(
                f"attention.attention.{x}.weight" for x in ("query", "key", "value")
            ),
            r"attn\.q_bias": "attention.attention.query.bias",
            r"attn\.v_bias": "attention.attention.value.bias",
            **_wb(
                {
                    r"norm_a": "layernorm_before",
                    r"norm_b": "layernorm_after",
                    r"attn\.out": "attention.output.dense",
                    r"fc1": "intermediate.dense",
                    r"fc2": "output.dense",
                }
            ),
        },
    ),
]
SAME_OUTPUT_IO["videomae_ast_literal"] = ("video", ["last_hidden_state"])
VALUES["videomae_ast_literal"] = _keys(
    "SPEC",
    patchSize="patch",
    hiddenSize="embed_dim",
    numLayers="depth",
    numHeads="num_heads",
    intermediateSize="mlp_dim",
    normEps="ln_eps",
)

_PK = "    {}={{}},\n"
CASES["esm_partial_kwargs"] = (
    "esm",
    "EsmConfig",
    dict(
        vocab_size=33,
        hidden_size=64,
        num_hidden_layers=3,
        num_attention_heads=4,
        intermediate_size=256,
        position_embedding_type="rotary",
        emb_layer_norm_before=False,
        token_dropout=False,
        layer_norm_eps=1e-5,
        pad_token_id=1,
        mask_token_id=32,
    ),
    "EsmModel",
    [
        sub("vocabSize", _PK.format("alphabet"), 33, 64),
        sub("hiddenSize", _PK.format("embed_dim"), 64, 96),
        sub("intermediateSize", _PK.format("ffn_embed_dim"), 256, 192),
        sub("numLayers", _PK.format("layers"), 3, 4),
        sub("numHeads", _PK.format("attention_heads"), 4, 8),
        _theta(_PK.format("rope_base"), "10000.0", "100.0"),
        _eps(_PK.format("eps")),
    ],
    [
        ("numLayers", "num_hidden_layers", 4, 3),
        ("numHeads", "num_attention_heads", 8, 4),
        ("intermediateSize", "intermediate_size", 192, 256),
    ],
)
SAME_OUTPUT["esm_partial_kwargs"] = [
    (r"^model\.embed_tokens\.", "embeddings.word_embeddings."),
    (r"^model\.emb_layer_norm_after\.", "encoder.emb_layer_norm_after."),
    (r"^model\.contact_regression\.", "contact_head.regression."),
    (r"^model\.pool\.", "pooler.dense."),
    *_layers(
        r"model\.layers\.",
        "encoder.layer.",
        _wb(
            {
                r"self_attn_layer_norm": "attention.LayerNorm",
                r"self_attn\.q_proj": "attention.self.query",
                r"self_attn\.k_proj": "attention.self.key",
                r"self_attn\.v_proj": "attention.self.value",
                r"self_attn\.out_proj": "attention.output.dense",
                r"final_layer_norm": "LayerNorm",
                r"fc1": "intermediate.dense",
                r"fc2": "output.dense",
            }
        ),
    ),
]
SAME_OUTPUT_IO["esm_partial_kwargs"] = ("ids", ["last_hidden_state", "pooler_output"])
VALUES["esm_partial_kwargs"] = {
    fact: f'esm2_small.keywords["{key}"]'
    for fact, key in dict(
        vocabSize="alphabet",
        hiddenSize="embed_dim",
        intermediateSize="ffn_embed_dim",
        numLayers="layers",
        numHeads="attention_heads",
        ropeTheta="rope_base",
        normEps="eps",
    ).items()
}

_TD = '    "{}": {{}},\n'
CASES["blenderbot_small_typeddict"] = (
    "blenderbot-small",
    "BlenderbotSmallConfig",
    dict(
        vocab_size=576,
        d_model=64,
        encoder_layers=2,
        decoder_layers=2,
        encoder_attention_heads=4,
        decoder_attention_heads=4,
        encoder_ffn_dim=128,
        decoder_ffn_dim=192,
        max_position_embeddings=128,
        pad_token_id=0,
        bos_token_id=1,
        eos_token_id=2,
        decoder_start_token_id=1,
    ),
    "BlenderbotSmallModel",
    [
        sub("vocabSize", _TD.format("vocab"), 576, 640),
        sub("hiddenSize", _TD.format("d_model"), 64, 96),
        sub("numEncoderLayers", _TD.format("enc_layers"), 2, 3),
        sub("numDecoderLayers", _TD.format("dec_layers"), 2, 4),
        sub("numHeads", _TD.format("heads"), 4, 8),
        sub("encoderFfnDim", _TD.format("enc_ffn"), 128, 256),
        sub("decoderFfnDim", _TD.format("dec_ffn"), 192, 128),
        sub("maxPositionEmbeddings", _TD.format("max_pos"), 128, 256),
    ],
    [
        ("numEncoderLayers", "encoder_layers", 3, 2),
        ("decoderFfnDim", "decoder_ffn_dim", 128, 192),
        ("maxPositionEmbeddings", "max_position_embeddings", 256, 128),
    ],
)
_BB_ATT = {"q": "q_proj", "k": "k_proj", "v": "v_proj", "o": "out_proj"}
_BB_LAYER = {
    **{rf"sa\.{a}": f"self_attn.{b}" for a, b in _BB_ATT.items()},
    **{rf"xa\.{a}": f"encoder_attn.{b}" for a, b in _BB_ATT.items()},
    r"sa_norm": "self_attn_layer_norm",
    r"xa_norm": "encoder_attn_layer_norm",
    r"ff_norm": "final_layer_norm",
    r"ff1": "fc1",
    r"ff2": "fc2",
}
SAME_OUTPUT["blenderbot_small_typeddict"] = [
    (r"^tokens\.", "shared."),
    (r"^enc_pos\.", "encoder.embed_positions."),
    (r"^dec_pos\.", "decoder.embed_positions."),
    (r"^enc_emb_norm\.", "encoder.layernorm_embedding."),
    (r"^dec_emb_norm\.", "decoder.layernorm_embedding."),
    *_layers(r"encoder\.", "encoder.layers.", _wb(_BB_LAYER)),
    *_layers(r"decoder\.", "decoder.layers.", _wb(_BB_LAYER)),
]
SAME_OUTPUT_IO["blenderbot_small_typeddict"] = (
    "seq2seq",
    ["last_hidden_state", "encoder_last_hidden_state"],
)
VALUES["blenderbot_small_typeddict"] = _keys(
    "CFG",
    vocabSize="vocab",
    hiddenSize="d_model",
    numEncoderLayers="enc_layers",
    numDecoderLayers="dec_layers",
    numHeads="heads",
    encoderFfnDim="enc_ffn",
    decoderFfnDim="dec_ffn",
    maxPositionEmbeddings="max_pos",
)

_ROWS = [(16, 1), (32, 2), (48, 1)]


def _row(fact: str, at: int, new: tuple) -> tuple:
    """A code plant of one ``STAGE_ROWS`` row: the recorded values are the whole list."""
    rows = list(_ROWS)
    rows[at] = new
    col = 0 if fact == "hiddenSizes" else 1
    left, right = [r[col] for r in _ROWS], [r[col] for r in rows]
    return (fact, f"    {_ROWS[at]},\n", f"    {new},\n", left, right)


CASES["convnextv2_stage_rows"] = (
    "convnextv2",
    "ConvNextV2Config",
    dict(
        image_size=32,
        patch_size=4,
        num_channels=3,
        num_stages=3,
        hidden_sizes=[16, 32, 48],
        depths=[1, 2, 1],
        layer_norm_eps=1e-12,
    ),
    "ConvNextV2Model",
    [
        _row("hiddenSizes", 1, (24, 2)),
        _row("depths", 1, (32, 3)),
        sub("patchSize", "STEM_PATCH = {}\n", 4, 2),
        sub("numChannels", "IN_CHANNELS = {}\n", 3, 1),
        _eps("HEAD_NORM_EPS = {}\n", "1e-12"),
    ],
    [
        ("depths", "depths", [1, 3, 1], [1, 2, 1], [1, 3, 1]),
        ("hiddenSizes", "hidden_sizes", [16, 32, 64], [16, 32, 48], [16, 32, 64]),
    ],
)
SAME_OUTPUT["convnextv2_stage_rows"] = [
    (r"^stem\.", "embeddings.patch_embeddings."),
    (r"^stem_norm\.", "embeddings.layernorm."),
    (r"^head_norm\.", "layernorm."),
    (r"^downs\.(\d+)\.norm\.", r"encoder.stages.\1.downsampling_layer.0."),
    (r"^downs\.(\d+)\.conv\.", r"encoder.stages.\1.downsampling_layer.1."),
    (r"^stages\.(\d+)\.(\d+)\.dw\.", r"encoder.stages.\1.layers.\2.dwconv."),
    (r"^stages\.(\d+)\.(\d+)\.norm\.", r"encoder.stages.\1.layers.\2.layernorm."),
    (r"^stages\.(\d+)\.(\d+)\.expand\.", r"encoder.stages.\1.layers.\2.pwconv1."),
    (r"^stages\.(\d+)\.(\d+)\.project\.", r"encoder.stages.\1.layers.\2.pwconv2."),
    (r"^stages\.(\d+)\.(\d+)\.grn\.gamma$", r"encoder.stages.\1.layers.\2.grn.weight"),
    (r"^stages\.(\d+)\.(\d+)\.grn\.beta$", r"encoder.stages.\1.layers.\2.grn.bias"),
]
SAME_OUTPUT_IO["convnextv2_stage_rows"] = ("pixels", ["last_hidden_state", "pooler_output"])
VALUES["convnextv2_stage_rows"] = dict(
    hiddenSizes="[r[0] for r in STAGE_ROWS]",
    depths="[r[1] for r in STAGE_ROWS]",
    patchSize="STEM_PATCH",
    numChannels="IN_CHANNELS",
    normEps="HEAD_NORM_EPS",
)

_UN = '    "{}": {{}},\n'
CASES["plbart_dict_union"] = (
    "plbart",
    "PLBartConfig",
    dict(
        vocab_size=592,
        d_model=64,
        encoder_layers=2,
        decoder_layers=3,
        encoder_attention_heads=4,
        decoder_attention_heads=4,
        encoder_ffn_dim=160,
        decoder_ffn_dim=160,
        max_position_embeddings=96,
        scale_embedding=True,
        pad_token_id=1,
        bos_token_id=0,
        eos_token_id=2,
        decoder_start_token_id=2,
    ),
    "PLBartModel",
    [
        sub("vocabSize", _UN.format("vocab"), 592, 704),
        sub("hiddenSize", _UN.format("d"), 64, 96),
        sub("numEncoderLayers", _UN.format("enc_depth"), 2, 4),
        sub("numDecoderLayers", _UN.format("dec_depth"), 3, 2),
        sub("numHeads", _UN.format("n_heads"), 4, 8),
        sub("intermediateSize", _UN.format("ffn"), 160, 256),
        sub("maxPositionEmbeddings", _UN.format("max_len"), 96, 128),
    ],
    [
        ("numDecoderLayers", "decoder_layers", 2, 3),
        ("vocabSize", "vocab_size", 704, 592),
        ("maxPositionEmbeddings", "max_position_embeddings", 128, 96),
    ],
)
_PL_ATT = {f"{x}_proj": f"{x}_proj" for x in "qkv"} | {"out_proj": "out_proj"}
_PL_LAYER = {
    **{rf"self_attn\.{a}": f"self_attn.{b}" for a, b in _PL_ATT.items()},
    **{rf"cross_attn\.{a}": f"encoder_attn.{b}" for a, b in _PL_ATT.items()},
    r"fc1": "fc1",
    r"fc2": "fc2",
}
SAME_OUTPUT["plbart_dict_union"] = [
    (r"^emb\.", "shared."),
    (r"^enc\.pos\.", "encoder.embed_positions."),
    (r"^dec\.pos\.", "decoder.embed_positions."),
    (r"^enc\.ln_emb\.", "encoder.layernorm_embedding."),
    (r"^dec\.ln_emb\.", "decoder.layernorm_embedding."),
    *_layers(
        r"enc\.layers\.",
        "encoder.layers.",
        _wb(_PL_LAYER | {r"ln1": "self_attn_layer_norm", r"ln2": "final_layer_norm"}),
    ),
    *_layers(
        r"dec\.layers\.",
        "decoder.layers.",
        _wb(
            _PL_LAYER
            | {
                r"ln1": "self_attn_layer_norm",
                r"ln2": "encoder_attn_layer_norm",
                r"ln3": "final_layer_norm",
            }
        ),
    ),
]
SAME_OUTPUT_IO["plbart_dict_union"] = (
    "seq2seq",
    ["last_hidden_state", "encoder_last_hidden_state"],
)
VALUES["plbart_dict_union"] = _keys(
    "C",
    vocabSize="vocab",
    hiddenSize="d",
    numEncoderLayers="enc_depth",
    numDecoderLayers="dec_depth",
    numHeads="n_heads",
    intermediateSize="ffn",
    maxPositionEmbeddings="max_len",
)

_XML = "  <{0}>{{}}</{0}>\n"
CASES["data2vec_text_xml_sizes"] = (
    "data2vec-text",
    "Data2VecTextConfig",
    dict(
        vocab_size=640,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=160,
        max_position_embeddings=130,
        type_vocab_size=1,
        layer_norm_eps=1e-5,
        pad_token_id=1,
        bos_token_id=0,
        eos_token_id=2,
    ),
    "Data2VecTextModel",
    [
        sub("vocabSize", _XML.format("vocab"), 640, 768),
        sub("hiddenSize", _XML.format("hidden"), 64, 96),
        sub("numLayers", _XML.format("layers"), 2, 3),
        sub("numHeads", _XML.format("heads"), 4, 8),
        sub("intermediateSize", _XML.format("ffn"), 160, 256),
        sub("maxPositionEmbeddings", _XML.format("positions"), 130, 514),
        sub("typeVocabSize", _XML.format("segments"), 1, 2),
        _eps(_XML.format("eps")),
    ],
    [
        ("typeVocabSize", "type_vocab_size", 2, 1),
        ("numLayers", "num_hidden_layers", 3, 2),
    ],
)
SAME_OUTPUT["data2vec_text_xml_sizes"] = [
    (r"^embeddings\.word\.", "embeddings.word_embeddings."),
    (r"^embeddings\.position\.", "embeddings.position_embeddings."),
    (r"^embeddings\.segment\.", "embeddings.token_type_embeddings."),
    (r"^embeddings\.norm\.", "embeddings.LayerNorm."),
    (r"^pooler\.", "pooler.dense."),
    *_layers(
        r"layers\.",
        "encoder.layer.",
        {
            r"in_proj\.weight": "+".join(
                f"attention.self.{x}.weight" for x in ("query", "key", "value")
            ),
            r"in_proj\.bias": "+".join(
                f"attention.self.{x}.bias" for x in ("query", "key", "value")
            ),
            **_wb(
                {
                    r"attn_out": "attention.output.dense",
                    r"attn_norm": "attention.output.LayerNorm",
                    r"up": "intermediate.dense",
                    r"down": "output.dense",
                    r"out_norm": "output.LayerNorm",
                }
            ),
        },
    ),
]
SAME_OUTPUT_IO["data2vec_text_xml_sizes"] = ("ids", ["last_hidden_state", "pooler_output"])
VALUES["data2vec_text_xml_sizes"] = _keys(
    "H",
    vocabSize="vocab",
    hiddenSize="hidden",
    numLayers="layers",
    numHeads="heads",
    intermediateSize="ffn",
    maxPositionEmbeddings="positions",
    typeVocabSize="segments",
    normEps="eps",
)

_DB = "    {}={{}},\n"
_DB2 = "        {}={{}},\n"
CASES["dbrx_nested_kwargs_dict"] = (
    "dbrx",
    "DbrxConfig",
    dict(
        vocab_size=688,
        d_model=64,
        n_layers=2,
        n_heads=4,
        max_seq_len=128,
        attn_config=dict(kv_n_heads=2, clip_qkv=6.0, rope_theta=500000.0),
        ffn_config=dict(ffn_hidden_size=80, moe_num_experts=4, moe_top_k=2),
        rope_parameters=_rope(500000.0),
        tie_word_embeddings=False,
        **_TOK,
    ),
    "DbrxForCausalLM",
    [
        sub("vocabSize", _DB.format("vocab_size"), 688, 768),
        sub("hiddenSize", _DB.format("d_model"), 64, 128),
        sub("numLayers", _DB.format("n_layers"), 2, 3),
        sub("numHeads", _DB.format("n_heads"), 4, 8),
        sub("numKvHeads", _DB2.format("kv_n_heads"), 2, 1),
        _theta(_DB2.format("rope_theta"), "500000.0", "10000.0"),
        sub("intermediateSize", _DB2.format("ffn_hidden_size"), 80, 112),
        sub("numExperts", _DB2.format("moe_num_experts"), 4, 6),
        sub("numExpertsPerTok", _DB2.format("moe_top_k"), 2, 1),
    ],
    [
        ("numLayers", "n_layers", 3, 2),
        ("vocabSize", "vocab_size", 768, 688),
    ],
)
SAME_OUTPUT["dbrx_nested_kwargs_dict"] = [
    (r"^wte\.", "transformer.wte."),
    (r"^norm_f\.", "transformer.norm_f."),
    (r"^lm_head\.", "lm_head."),
    *_layers(
        r"blocks\.",
        "transformer.blocks.",
        {
            r"norm_1\.weight": "norm_attn_norm.norm_1.weight",
            r"norm_2\.weight": "norm_attn_norm.norm_2.weight",
            r"attn\.Wqkv\.weight": "norm_attn_norm.attn.Wqkv.weight",
            r"attn\.out_proj\.weight": "norm_attn_norm.attn.out_proj.weight",
            r"moe\.router\.weight": "ffn.router.layer.weight",
            r"moe\.w1": "ffn.experts.mlp.w1",
            r"moe\.v1": "ffn.experts.mlp.v1",
            r"moe\.w2": "ffn.experts.mlp.w2",
        },
    ),
]
VALUES["dbrx_nested_kwargs_dict"] = {
    **_keys(
        "ARCH",
        vocabSize="vocab_size",
        hiddenSize="d_model",
        numLayers="n_layers",
        numHeads="n_heads",
    ),
    **_keys("ATT", numKvHeads="kv_n_heads", ropeTheta="rope_theta"),
    **_keys(
        "FFN",
        intermediateSize="ffn_hidden_size",
        numExperts="moe_num_experts",
        numExpertsPerTok="moe_top_k",
    ),
}

_MD = '    ("{}", {}, {{}}),\n'
CASES["gpt_neo_make_dataclass"] = (
    "gpt_neo",
    "GPTNeoConfig",
    dict(
        vocab_size=576,
        max_position_embeddings=128,
        hidden_size=64,
        num_heads=4,
        intermediate_size=192,
        num_layers=4,
        attention_types=[[["global", "local"], 2]],
        window_size=8,
        layer_norm_epsilon=1e-5,
        tie_word_embeddings=True,
        bos_token_id=1,
        eos_token_id=2,
    ),
    "GPTNeoForCausalLM",
    [
        sub("vocabSize", _MD.format("vocab", "int"), 576, 640),
        sub("maxPositionEmbeddings", _MD.format("n_positions", "int"), 128, 256),
        sub("hiddenSize", _MD.format("n_embd", "int"), 64, 96),
        sub("numHeads", _MD.format("n_head", "int"), 4, 8),
        sub("intermediateSize", _MD.format("n_inner", "int"), 192, 256),
        sub("numLayers", _MD.format("n_layer", "int"), 4, 6),
        sub("windowSize", _MD.format("local_window", "int"), 8, 32),
        _eps(_MD.format("ln_eps", "float")),
    ],
    [
        ("intermediateSize", "intermediate_size", 256, 192),
        ("maxPositionEmbeddings", "max_position_embeddings", 256, 128),
    ],
)
SAME_OUTPUT["gpt_neo_make_dataclass"] = [
    (r"^wte\.", "transformer.wte."),
    (r"^wpe\.", "transformer.wpe."),
    (r"^ln_f\.", "transformer.ln_f."),
    *_layers(
        r"h\.",
        "transformer.h.",
        {
            **_w({rf"attn\.{x}_proj": f"attn.attention.{x}_proj" for x in "qkv"}),
            **_wb(
                {
                    r"attn\.out_proj": "attn.attention.out_proj",
                    r"ln_1": "ln_1",
                    r"ln_2": "ln_2",
                    r"c_fc": "mlp.c_fc",
                    r"c_proj": "mlp.c_proj",
                }
            ),
        },
    ),
]
VALUES["gpt_neo_make_dataclass"] = _attrs(
    "cfg.",
    vocabSize="vocab",
    maxPositionEmbeddings="n_positions",
    hiddenSize="n_embd",
    numHeads="n_head",
    intermediateSize="n_inner",
    numLayers="n_layer",
    windowSize="local_window",
    normEps="ln_eps",
)

# ---- end of cases ----

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
