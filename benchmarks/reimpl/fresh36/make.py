"""The thirty-fifth fresh held-out set of re-implementations (written blind in session 38):
twelve architectures the earlier manifests hold once or twice and neither fresh33 nor fresh34
uses (GLM, ERNIE-4.5, BitNet, Ministral, Granite-MoE-shared, LFM2, nanochat, EuroBERT, ViT-MSN,
AST, SigLIP vision, XLM-RoBERTa-XL), each a whole one-file port with NEW model code (no
body is taken from an earlier set). Each port has its own naming, fused or split projections,
einsum / SDPA / hand-written attention and its own config object (argparse, a logged JSON
string, a dataclass ``replace``, environment variables, a pydantic model, a nested dict, a TOML
string, constants, a ``NamedTuple._replace``, ``dict(zip(...))``, a ``key=value`` string, a
frozen dataclass checked in ``__post_init__``). It was NOT run through driftcheck while it was
written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's.

    python benchmarks/reimpl/fresh35/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus fresh35 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402

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

_NET = "  {}: {{}}\n"
CASES["internlm3_yaml_recipe"] = (
    "internlm3",
    "InternLM3Config",
    dict(
        vocab_size=704,
        hidden_size=64,
        intermediate_size=176,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=16,
        rope_parameters=_rope(50000000.0),
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "LlamaForCausalLM",
    [
        sub("vocabSize", _NET.format("vocab"), 704, 832),
        sub("hiddenSize", _NET.format("dim"), 64, 96),
        sub("intermediateSize", _NET.format("ffn_dim"), 176, 240),
        sub("numLayers", _NET.format("depth"), 2, 3),
        sub("numHeads", _NET.format("n_q"), 4, 8),
        sub("numKvHeads", _NET.format("n_kv"), 2, 1),
        sub("headDim", _NET.format("d_head"), 16, 32),
        _theta(_NET.format("rope_base"), "50000000.0", "10000.0"),
        sub("normEps", _NET.format("rms_eps"), "1.0e-5", "0.1", (1e-5, 0.1)),
    ],
    [
        ("numKvHeads", "num_key_value_heads", 4, 2),
        ("intermediateSize", "intermediate_size", 240, 176),
    ],
)
SAME_OUTPUT["internlm3_yaml_recipe"] = [
    (r"^tok\.", "model.embed_tokens."),
    (r"^norm_out\.g$", "model.norm.weight"),
    (r"^proj_vocab\.", "lm_head."),
    *_layers(
        r"blocks\.",
        "model.layers.",
        {
            r"attn_in\.g": "input_layernorm.weight",
            r"ffn_in\.g": "post_attention_layernorm.weight",
            **_w(
                {
                    r"attn\.wq": "self_attn.q_proj",
                    r"attn\.wk": "self_attn.k_proj",
                    r"attn\.wv": "self_attn.v_proj",
                    r"attn\.wo": "self_attn.o_proj",
                    r"ffn\.w1": "mlp.gate_proj",
                    r"ffn\.w3": "mlp.up_proj",
                    r"ffn\.w2": "mlp.down_proj",
                }
            ),
        },
    ),
]
VALUES["internlm3_yaml_recipe"] = _keys(
    "NET",
    vocabSize="vocab",
    hiddenSize="dim",
    intermediateSize="ffn_dim",
    numLayers="depth",
    numHeads="n_q",
    numKvHeads="n_kv",
    headDim="d_head",
    ropeTheta="rope_base",
    normEps="rms_eps",
)

_HP = "    {}: int = {{}}\n"
CASES["glm4_dataclass_fields"] = (
    "glm4",
    "Glm4Config",
    dict(
        vocab_size=672,
        hidden_size=64,
        intermediate_size=144,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=16,
        partial_rotary_factor=0.5,
        rope_parameters=_rope(10000.0, partial_rotary_factor=0.5),
        rms_norm_eps=1.5625e-07,
        attention_bias=True,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "Glm4ForCausalLM",
    [
        sub("vocabSize", _HP.format("n_vocab"), 672, 768),
        sub("hiddenSize", _HP.format("d_model"), 64, 128),
        sub("intermediateSize", _HP.format("d_ff"), 144, 208),
        sub("numLayers", _HP.format("n_layer"), 2, 4),
        sub("numHeads", _HP.format("n_head"), 4, 8),
        sub("numKvHeads", _HP.format("n_group"), 2, 4),
        sub("headDim", _HP.format("d_head"), 16, 32),
        _theta("    theta: float = {}\n", "10000.0", "1000000.0"),
        _eps("    eps: float = {}\n", "1.5625e-07"),
    ],
    [
        ("numLayers", "num_hidden_layers", 3, 2),
        ("headDim", "head_dim", 32, 16),
    ],
)
SAME_OUTPUT["glm4_dataclass_fields"] = [
    (r"^wte\.", "model.embed_tokens."),
    (r"^ln_f\.scale$", "model.norm.weight"),
    (r"^head\.", "lm_head."),
    *_layers(
        r"layers\.",
        "model.layers.",
        {
            r"norm_a\.scale": "input_layernorm.weight",
            r"norm_a_out\.scale": "post_self_attn_layernorm.weight",
            r"norm_m\.scale": "post_attention_layernorm.weight",
            r"norm_m_out\.scale": "post_mlp_layernorm.weight",
            r"attn\.qkv\.weight": _QKV.replace("+", ".weight+") + ".weight",
            r"attn\.qkv\.bias": _QKV.replace("+", ".bias+") + ".bias",
            **_w(
                {
                    r"attn\.dense": "self_attn.o_proj",
                    r"mlp\.fc_in": "mlp.gate_up_proj",
                    r"mlp\.fc_out": "mlp.down_proj",
                }
            ),
        },
    ),
]
VALUES["glm4_dataclass_fields"] = _attrs(
    "HP.",
    vocabSize="n_vocab",
    hiddenSize="d_model",
    intermediateSize="d_ff",
    numLayers="n_layer",
    numHeads="n_head",
    numKvHeads="n_group",
    headDim="d_head",
    ropeTheta="theta",
    normEps="eps",
)

_NS = "    {}={{}},\n"
CASES["olmo3_simplenamespace"] = (
    "olmo3",
    "Olmo3Config",
    dict(
        vocab_size=528,
        hidden_size=64,
        intermediate_size=192,
        num_hidden_layers=4,
        num_attention_heads=4,
        num_key_value_heads=2,
        sliding_window=16,
        rope_parameters=_rope(500000.0),
        rms_norm_eps=1e-6,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "Olmo3ForCausalLM",
    [
        sub("vocabSize", _NS.format("vocab_size"), 528, 640),
        sub("hiddenSize", _NS.format("d_model"), 64, 128),
        sub("intermediateSize", _NS.format("mlp_hidden"), 192, 256),
        sub("numLayers", _NS.format("n_layers"), 4, 5),
        sub("numHeads", _NS.format("n_heads"), 4, 8),
        sub("numKvHeads", _NS.format("n_kv_heads"), 2, 4),
        sub("slidingWindow", _NS.format("window"), 16, 4),
        _theta(_NS.format("rope_theta"), "500000.0", "10000.0"),
        _eps(_NS.format("eps"), "1e-6"),
    ],
    [
        ("numKvHeads", "num_key_value_heads", 1, 2),
        ("hiddenSize", "hidden_size", 96, 64),
    ],
)
SAME_OUTPUT["olmo3_simplenamespace"] = [
    (r"^embed\.", "model.embed_tokens."),
    (r"^norm\.", "model.norm."),
    (r"^unembed\.", "lm_head."),
    *_layers(
        r"blocks\.",
        "model.layers.",
        _w(
            {
                r"attn\.q_proj": "self_attn.q_proj",
                r"attn\.k_proj": "self_attn.k_proj",
                r"attn\.v_proj": "self_attn.v_proj",
                r"attn\.o_proj": "self_attn.o_proj",
                r"attn\.q_norm": "self_attn.q_norm",
                r"attn\.k_norm": "self_attn.k_norm",
                r"attn_post": "post_attention_layernorm",
                r"ff_post": "post_feedforward_layernorm",
                r"ff\.gate": "mlp.gate_proj",
                r"ff\.up": "mlp.up_proj",
                r"ff\.down": "mlp.down_proj",
            }
        ),
    ),
]
VALUES["olmo3_simplenamespace"] = _attrs(
    "args.",
    vocabSize="vocab_size",
    hiddenSize="d_model",
    intermediateSize="mlp_hidden",
    numLayers="n_layers",
    numHeads="n_heads",
    numKvHeads="n_kv_heads",
    slidingWindow="window",
    ropeTheta="rope_theta",
    normEps="eps",
)

_EA = "    {}={{}},\n"
_MOE = r"ffn\.experts\.(\d+)\."
CASES["ernie45_moe_attrs"] = (
    "ernie4_5_moe",
    "Ernie4_5_MoeConfig",
    dict(
        vocab_size=624,
        hidden_size=64,
        intermediate_size=160,
        moe_intermediate_size=32,
        num_hidden_layers=3,
        num_attention_heads=4,
        num_key_value_heads=2,
        moe_num_experts=6,
        moe_k=2,
        moe_num_shared_experts=1,
        moe_layer_start_index=1,
        rope_parameters=_rope(500000.0),
        rms_norm_eps=1e-5,
        tie_word_embeddings=True,
        **_TOK,
    ),
    "Ernie4_5_MoeForCausalLM",
    [
        sub("vocabSize", _EA.format("vocab"), 624, 768),
        sub("hiddenSize", _EA.format("width"), 64, 128),
        sub("intermediateSize", _EA.format("dense_ffn"), 160, 224),
        sub("moeIntermediateSize", _EA.format("expert_ffn"), 32, 48),
        sub("numLayers", _EA.format("layers"), 3, 4),
        sub("numHeads", _EA.format("q_heads"), 4, 8),
        sub("numKvHeads", _EA.format("kv_heads"), 2, 1),
        sub("numExperts", _EA.format("experts"), 6, 8),
        sub("numExpertsPerTok", _EA.format("top_k"), 2, 1),
        sub("numSharedExperts", _EA.format("shared"), 1, 2),
        # not overridden by the run: the card's base, epsilon and tying are the values
        _theta("    rope_theta: float = {}\n", "500000.0", "10000.0"),
        _eps("    rms_eps: float = {}\n"),
        sub("tieWordEmbeddings", "    tied: bool = {}\n", True, False),
    ],
    [
        ("numExperts", "moe_num_experts", 8, 6),
        ("moeIntermediateSize", "moe_intermediate_size", 48, 32),
    ],
)
SAME_OUTPUT["ernie45_moe_attrs"] = [
    (r"^embed\.", "model.embed_tokens."),
    (r"^norm\.w$", "model.norm.weight"),
    (r"^lm_head\.", "lm_head."),
    (
        rf"^layers\.(\d+)\.{_MOE}gate\.weight$",
        r"model.layers.\1.mlp.experts.gate_up_proj",
        "expert:gate",
    ),
    (
        rf"^layers\.(\d+)\.{_MOE}up\.weight$",
        r"model.layers.\1.mlp.experts.gate_up_proj",
        "expert:up",
    ),
    (
        rf"^layers\.(\d+)\.{_MOE}down\.weight$",
        r"model.layers.\1.mlp.experts.down_proj",
        "expert:down",
    ),
    *_layers(
        r"layers\.",
        "model.layers.",
        {
            r"pre_attn\.w": "input_layernorm.weight",
            r"pre_ffn\.w": "post_attention_layernorm.weight",
            r"ffn\.select_bias": "mlp.gate.moe_statics.e_score_correction_bias",
            **_w(
                {
                    r"attn\.q": "self_attn.q_proj",
                    r"attn\.k": "self_attn.k_proj",
                    r"attn\.v": "self_attn.v_proj",
                    r"attn\.o": "self_attn.o_proj",
                    r"ffn\.router": "mlp.gate",
                    r"ffn\.shared\.gate": "mlp.shared_experts.gate_proj",
                    r"ffn\.shared\.up": "mlp.shared_experts.up_proj",
                    r"ffn\.shared\.down": "mlp.shared_experts.down_proj",
                    r"ffn\.gate": "mlp.gate_proj",
                    r"ffn\.up": "mlp.up_proj",
                    r"ffn\.down": "mlp.down_proj",
                }
            ),
        },
    ),
]
VALUES["ernie45_moe_attrs"] = _attrs(
    "A.",
    vocabSize="vocab",
    hiddenSize="width",
    intermediateSize="dense_ffn",
    moeIntermediateSize="expert_ffn",
    numLayers="layers",
    numHeads="q_heads",
    numKvHeads="kv_heads",
    numExperts="experts",
    numExpertsPerTok="top_k",
    numSharedExperts="shared",
    ropeTheta="rope_theta",
    normEps="rms_eps",
    tieWordEmbeddings="tied",
)

CASES["dots1_toml_table"] = (
    "dots1",
    "Dots1Config",
    dict(
        vocab_size=592,
        hidden_size=64,
        intermediate_size=176,
        moe_intermediate_size=24,
        num_hidden_layers=3,
        num_attention_heads=4,
        num_key_value_heads=2,
        n_routed_experts=8,
        n_shared_experts=1,
        n_group=2,
        topk_group=1,
        num_experts_per_tok=2,
        first_k_dense_replace=1,
        norm_topk_prob=True,
        routed_scaling_factor=2.5,
        rope_parameters=_rope(10000.0),
        rms_norm_eps=1e-6,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "Dots1ForCausalLM",
    [
        sub("vocabSize", "vocab_size = {}\n", 592, 704),
        sub("hiddenSize", "hidden = {}\n", 64, 96),
        sub("intermediateSize", "dense_inner = {}\n", 176, 240),
        sub("numLayers", "n_blocks = {}\n", 3, 4),
        sub("firstKDenseReplace", "dense_blocks = {}\n", 1, 2),
        _eps("rms_eps = {}\n", "1e-6"),
        sub("numHeads", "heads = {}\n", 4, 8),
        sub("numKvHeads", "kv_heads = {}\n", 2, 4),
        _theta("rope_theta = {}\n", "10000.0", "1000000.0"),
        sub("numExperts", "routed = {}\n", 8, 12),
        sub("numExpertsPerTok", "per_token = {}\n", 2, 3),
        sub("moeIntermediateSize", "inner = {}\n", 24, 40),
    ],
    [
        ("numExperts", "n_routed_experts", 12, 8),
        ("numLayers", "num_hidden_layers", 4, 3),
    ],
)
_DOTS = r"^blocks\.(\d+)\.mlp\."
SAME_OUTPUT["dots1_toml_table"] = [
    (r"^tok_embed\.", "model.embed_tokens."),
    (r"^ln_f\.", "model.norm."),
    (r"^out\.", "lm_head."),
    (_DOTS + r"router$", r"model.layers.\1.mlp.gate.weight"),
    (_DOTS + r"w_in$", r"model.layers.\1.mlp.experts.gate_up_proj"),
    (_DOTS + r"w_out$", r"model.layers.\1.mlp.experts.down_proj"),
    (_DOTS + r"shared\.(\w+)\.weight$", r"model.layers.\1.mlp.shared_experts.\2.weight"),
    *_layers(
        r"blocks\.",
        "model.layers.",
        _w(
            {
                r"ln1": "input_layernorm",
                r"ln2": "post_attention_layernorm",
                r"attn\.q_proj": "self_attn.q_proj",
                r"attn\.k_proj": "self_attn.k_proj",
                r"attn\.v_proj": "self_attn.v_proj",
                r"attn\.o_proj": "self_attn.o_proj",
                r"attn\.q_norm": "self_attn.q_norm",
                r"attn\.k_norm": "self_attn.k_norm",
                r"mlp\.gate_proj": "mlp.gate_proj",
                r"mlp\.up_proj": "mlp.up_proj",
                r"mlp\.down_proj": "mlp.down_proj",
            }
        ),
    ),
]
VALUES["dots1_toml_table"] = {
    **_keys(
        "M",
        vocabSize="vocab_size",
        hiddenSize="hidden",
        intermediateSize="dense_inner",
        numLayers="n_blocks",
        firstKDenseReplace="dense_blocks",
        normEps="rms_eps",
    ),
    **_keys("ATT", numHeads="heads", numKvHeads="kv_heads", ropeTheta="rope_theta"),
    **_keys("MOE", numExperts="routed", numExpertsPerTok="per_token", moeIntermediateSize="inner"),
}

_FLAG = '        "--{}={{}}",\n'
CASES["ijepa_argparse_flags"] = (
    "ijepa",
    "IJepaConfig",
    set_checks.enc(image_size=32, patch_size=8, intermediate_size=192, layer_norm_eps=1e-12),
    "IJepaModel",
    [
        sub("imageSize", _FLAG.format("img-size"), 32, 64),
        sub("patchSize", _FLAG.format("patch"), 8, 16),
        sub("hiddenSize", _FLAG.format("embed-dim"), 64, 96),
        sub("numLayers", _FLAG.format("depth"), 2, 3),
        sub("numHeads", _FLAG.format("num-heads"), 4, 8),
        sub("intermediateSize", _FLAG.format("mlp-dim"), 192, 256),
        _eps(_FLAG.format("ln-eps"), "1e-12"),
    ],
    [
        ("intermediateSize", "intermediate_size", 256, 192),
        ("imageSize", "image_size", 64, 32),
    ],
)
SAME_OUTPUT["ijepa_argparse_flags"] = [
    (r"^patchify\.", "embeddings.patch_embeddings.projection."),
    (r"^pos$", "embeddings.position_embeddings"),
    (r"^norm\.", "layernorm."),
    *_layers(
        r"blocks\.",
        "layers.",
        {
            r"attn\.to_qkv\.weight": "+".join(f"attention.{x}_proj.weight" for x in "qkv"),
            r"attn\.to_qkv\.bias": "+".join(f"attention.{x}_proj.bias" for x in "qkv"),
            **_wb(
                {
                    r"norm1": "layernorm_before",
                    r"norm2": "layernorm_after",
                    r"attn\.proj": "attention.o_proj",
                    r"fc1": "mlp.fc1",
                    r"fc2": "mlp.fc2",
                }
            ),
        },
    ),
]
SAME_OUTPUT_IO["ijepa_argparse_flags"] = ("pixels", ["last_hidden_state"])
VALUES["ijepa_argparse_flags"] = _attrs(
    "OPT.",
    imageSize="img_size",
    patchSize="patch",
    hiddenSize="embed_dim",
    numLayers="depth",
    numHeads="num_heads",
    intermediateSize="mlp_dim",
    normEps="ln_eps",
)

_DINO = "CFG = BackboneCfg(img=32, patch=8, dim=64, depth=2, heads=4, mlp_ratio=3)\n"


def _dino(fact: str, old: str, new: str, left, right) -> tuple:
    """A code plant of one keyword of DINOv2's ``BackboneCfg(...)`` call."""
    assert _DINO.count(old) == 1
    return (fact, _DINO, _DINO.replace(old, new), left, right)


CASES["dinov2_pydantic_model"] = (
    "dinov2",
    "Dinov2Config",
    set_checks.enc(image_size=32, patch_size=8, mlp_ratio=3, layer_norm_eps=1e-6),
    "Dinov2Model",
    [
        _dino("imageSize", "img=32", "img=64", 32, 64),
        _dino("patchSize", "patch=8", "patch=16", 8, 16),
        _dino("hiddenSize", "dim=64", "dim=96", 64, 96),
        _dino("numLayers", "depth=2", "depth=3", 2, 3),
        _dino("numHeads", "heads=4", "heads=8", 4, 8),
        _dino("mlpRatio", "mlp_ratio=3", "mlp_ratio=4", 3, 4),
        # not passed by the run: the card's epsilon is the value
        _eps("    norm_eps: float = {}\n", "1e-6"),
    ],
    [
        ("mlpRatio", "mlp_ratio", 4, 3),
        ("patchSize", "patch_size", 16, 8),
    ],
)
SAME_OUTPUT["dinov2_pydantic_model"] = [
    (r"^patch_embed\.", "embeddings.patch_embeddings.projection."),
    (r"^cls_token$", "embeddings.cls_token"),
    (r"^mask_token$", "embeddings.mask_token"),
    (r"^pos_embed$", "embeddings.position_embeddings"),
    (r"^norm\.", "layernorm."),
    *_layers(
        r"blocks\.",
        "encoder.layer.",
        {
            r"ls1\.gamma": "layer_scale1.lambda1",
            r"ls2\.gamma": "layer_scale2.lambda1",
            **_wb(
                {
                    r"n1": "norm1",
                    r"n2": "norm2",
                    r"attn\.q": "attention.q_proj",
                    r"attn\.k": "attention.k_proj",
                    r"attn\.v": "attention.v_proj",
                    r"attn\.out": "attention.o_proj",
                    r"mlp\.0": "mlp.fc1",
                    r"mlp\.2": "mlp.fc2",
                }
            ),
        },
    ),
]
SAME_OUTPUT_IO["dinov2_pydantic_model"] = ("pixels", ["last_hidden_state", "pooler_output"])
VALUES["dinov2_pydantic_model"] = _attrs(
    "CFG.",
    imageSize="img",
    patchSize="patch",
    hiddenSize="dim",
    numLayers="depth",
    numHeads="heads",
    mlpRatio="mlp_ratio",
    normEps="norm_eps",
)

_NK = "        {}={{}},\n"
CASES["nomic_bert_kwarg_defaults"] = (
    "nomic_bert",
    "NomicBertConfig",
    dict(
        vocab_size=656,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=128,
        type_vocab_size=2,
        layer_norm_eps=1e-12,
        rope_parameters=_rope(1000.0),
    ),
    "NomicBertModel",
    [
        sub("vocabSize", _NK.format("vocab"), 656, 768),
        sub("hiddenSize", _NK.format("width"), 64, 96),
        sub("numLayers", _NK.format("n_layers"), 2, 3),
        sub("numHeads", _NK.format("n_heads"), 4, 8),
        sub("intermediateSize", _NK.format("mlp_width"), 128, 192),
        sub("typeVocabSize", _NK.format("type_vocab"), 2, 1),
        _eps(_NK.format("ln_eps"), "1e-12"),
        _theta(_NK.format("rotary_base"), "1000.0", "10000.0"),
    ],
    [
        ("intermediateSize", "intermediate_size", 192, 128),
        ("vocabSize", "vocab_size", 768, 656),
    ],
)
SAME_OUTPUT["nomic_bert_kwarg_defaults"] = [
    (r"^word_embeddings\.", "embeddings.word_embeddings."),
    (r"^token_type_embeddings\.", "embeddings.token_type_embeddings."),
    (r"^emb_ln\.", "embeddings.LayerNorm."),
    *_layers(
        r"layers\.",
        "layers.",
        {
            r"Wqkv\.weight": _QKV.replace("+", ".weight+") + ".weight",
            r"fc_in\.weight": "mlp.up_proj.weight+mlp.gate_proj.weight",
            **_w({r"out_proj": "self_attn.o_proj", r"fc_out": "mlp.down_proj"}),
            **_wb({r"norm1": "post_attention_layernorm", r"norm2": "post_mlp_layernorm"}),
        },
    ),
]
SAME_OUTPUT_IO["nomic_bert_kwarg_defaults"] = ("ids", ["last_hidden_state"])
VALUES["nomic_bert_kwarg_defaults"] = {
    fact: f'NomicEncoder.__init__.__kwdefaults__["{key}"]'
    for fact, key in dict(
        vocabSize="vocab",
        hiddenSize="width",
        numLayers="n_layers",
        numHeads="n_heads",
        intermediateSize="mlp_width",
        typeVocabSize="type_vocab",
        normEps="ln_eps",
        ropeTheta="rotary_base",
    ).items()
}

CASES["gpt_neox_japanese_ini"] = (
    "gpt_neox_japanese",
    "GPTNeoXJapaneseConfig",
    dict(
        vocab_size=576,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_multiple_size=4,
        rope_parameters=_rope(10000.0, partial_rotary_factor=1.0),
        layer_norm_eps=1e-5,
        tie_word_embeddings=True,
        **_TOK,
    ),
    "GPTNeoXJapaneseForCausalLM",
    [
        sub("vocabSize", "vocab = {}\n", 576, 640),
        sub("hiddenSize", "hidden = {}\n", 64, 96),
        sub("numLayers", "layers = {}\n", 2, 3),
        sub("numHeads", "heads = {}\n", 4, 8),
        _theta("rotary_base = {}\n", "10000.0", "500000.0"),
        _eps("ln_eps = {}\n"),
        sub("tieWordEmbeddings", "tie_embeddings = {}\n", "yes", "no", (True, False)),
    ],
    [
        ("numLayers", "num_hidden_layers", 3, 2),
        ("vocabSize", "vocab_size", 640, 576),
    ],
)
SAME_OUTPUT["gpt_neox_japanese_ini"] = [
    (r"^embed_in\.", "gpt_neox_japanese.embed_in."),
    (r"^ln_f\.", "gpt_neox_japanese.final_layer_norm."),
    (r"^embed_out\.", "embed_out."),
    *_layers(
        r"layers\.",
        "gpt_neox_japanese.layers.",
        {
            r"attn\.out_bias": "attention.dense_bias",
            **_wb({r"ln_in": "input_layernorm", r"ln_mlp": "post_attention_layernorm"}),
            **_w(
                {
                    r"attn\.query_key_value": "attention.query_key_value",
                    r"attn\.dense": "attention.dense",
                    r"up": "mlp.dense_h_to_4h",
                    r"down": "mlp.dense_4h_to_h",
                }
            ),
        },
    ),
]
VALUES["gpt_neox_japanese_ini"] = dict(
    vocabSize="VOCAB",
    hiddenSize="HIDDEN",
    numLayers="LAYERS",
    numHeads="HEADS",
    ropeTheta="BASE",
    normEps="EPS",
    tieWordEmbeddings="TIE",
)

_CA = "    {} = {{}}\n"
CASES["exaone4_class_attrs"] = (
    "exaone4",
    "Exaone4Config",
    dict(
        vocab_size=688,
        hidden_size=64,
        intermediate_size=208,
        num_hidden_layers=4,
        num_attention_heads=4,
        num_key_value_heads=1,
        sliding_window=12,
        sliding_window_pattern=4,
        rope_parameters=_rope(1000000.0),
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "Exaone4ForCausalLM",
    [
        sub("vocabSize", _CA.format("vocab"), 688, 768),
        sub("hiddenSize", _CA.format("d_model"), 64, 128),
        sub("intermediateSize", _CA.format("d_inner"), 208, 256),
        sub("numLayers", _CA.format("n_layers"), 4, 5),
        sub("numHeads", _CA.format("n_heads"), 4, 8),
        sub("numKvHeads", _CA.format("n_kv"), 1, 2),
        sub("slidingWindow", _CA.format("local_window"), 12, 32),
        _theta(_CA.format("rope_base"), "1000000.0", "10000.0"),
        _eps(_CA.format("eps")),
    ],
    [
        ("numKvHeads", "num_key_value_heads", 2, 1),
        ("intermediateSize", "intermediate_size", 256, 208),
    ],
)
SAME_OUTPUT["exaone4_class_attrs"] = [
    (r"^wte\.", "model.embed_tokens."),
    (r"^ln_f\.", "model.norm."),
    (r"^lm_head\.", "lm_head."),
    *_layers(
        r"h\.",
        "model.layers.",
        _w(
            {
                r"self_attn\.q_proj": "self_attn.q_proj",
                r"self_attn\.k_proj": "self_attn.k_proj",
                r"self_attn\.v_proj": "self_attn.v_proj",
                r"self_attn\.o_proj": "self_attn.o_proj",
                r"self_attn\.q_norm": "self_attn.q_norm",
                r"self_attn\.k_norm": "self_attn.k_norm",
                r"norm_after_attn": "post_attention_layernorm",
                r"norm_after_mlp": "post_feedforward_layernorm",
                r"mlp\.gate_proj": "mlp.gate_proj",
                r"mlp\.up_proj": "mlp.up_proj",
                r"mlp\.down_proj": "mlp.down_proj",
            }
        ),
    ),
]
VALUES["exaone4_class_attrs"] = _attrs(
    "S.",
    vocabSize="vocab",
    hiddenSize="d_model",
    intermediateSize="d_inner",
    numLayers="n_layers",
    numHeads="n_heads",
    numKvHeads="n_kv",
    slidingWindow="local_window",
    ropeTheta="rope_base",
    normEps="eps",
)

_CM = '    "{}": {{}},\n'
CASES["cohere2_chainmap"] = (
    "cohere2",
    "Cohere2Config",
    dict(
        vocab_size=752,
        hidden_size=64,
        intermediate_size=192,
        num_hidden_layers=4,
        num_attention_heads=4,
        num_key_value_heads=2,
        sliding_window=8,
        logit_scale=0.25,
        rope_parameters=_rope(50000.0),
        layer_norm_eps=1e-5,
        tie_word_embeddings=True,
        **_TOK,
    ),
    "Cohere2ForCausalLM",
    [
        sub("vocabSize", _CM.format("vocab"), 752, 896),
        sub("hiddenSize", _CM.format("d"), 64, 96),
        sub("intermediateSize", _CM.format("ff"), 192, 256),
        sub("numLayers", _CM.format("layers"), 4, 5),
        sub("numHeads", _CM.format("heads"), 4, 8),
        sub("numKvHeads", _CM.format("kv_heads"), 2, 4),
        sub("slidingWindow", _CM.format("window"), 8, 32),
        # not in the run's overrides: the card's values are read
        _theta(_CM.format("rope_theta"), "50000.0", "10000.0"),
        _eps(_CM.format("ln_eps")),
        sub("logitScale", _CM.format("logit_scale"), 0.25, 0.0625),
    ],
    [
        ("numKvHeads", "num_key_value_heads", 4, 2),
        ("hiddenSize", "hidden_size", 96, 64),
    ],
)
SAME_OUTPUT["cohere2_chainmap"] = [
    (r"^embed\.", "model.embed_tokens."),
    (r"^ln_out\.", "model.norm."),
    *_layers(
        r"blocks\.",
        "model.layers.",
        _w(
            {
                r"ln": "input_layernorm",
                r"wq": "self_attn.q_proj",
                r"wk": "self_attn.k_proj",
                r"wv": "self_attn.v_proj",
                r"wo": "self_attn.o_proj",
                r"w_gate": "mlp.gate_proj",
                r"w_up": "mlp.up_proj",
                r"w_down": "mlp.down_proj",
            }
        ),
    ),
]
VALUES["cohere2_chainmap"] = _keys(
    "C",
    vocabSize="vocab",
    hiddenSize="d",
    intermediateSize="ff",
    numLayers="layers",
    numHeads="heads",
    numKvHeads="kv_heads",
    slidingWindow="window",
    ropeTheta="rope_theta",
    normEps="ln_eps",
    logitScale="logit_scale",
)

_JS = '  "{}": {{}},\n'
CASES["m2m100_json_settings"] = (
    "m2m_100",
    "M2M100Config",
    dict(
        vocab_size=544,
        d_model=64,
        encoder_layers=2,
        decoder_layers=2,
        encoder_attention_heads=4,
        decoder_attention_heads=4,
        encoder_ffn_dim=128,
        decoder_ffn_dim=160,
        max_position_embeddings=128,
        scale_embedding=True,
        pad_token_id=1,
        bos_token_id=0,
        eos_token_id=2,
        decoder_start_token_id=2,
    ),
    "M2M100Model",
    [
        sub("vocabSize", _JS.format("vocab_size"), 544, 640),
        sub("hiddenSize", _JS.format("embed_dim"), 64, 96),
        sub("numEncoderLayers", _JS.format("encoder_layers"), 2, 3),
        sub("numDecoderLayers", _JS.format("decoder_layers"), 2, 4),
        sub("numHeads", _JS.format("heads"), 4, 8),
        sub("encoderFfnDim", _JS.format("encoder_ffn"), 128, 192),
        sub("decoderFfnDim", _JS.format("decoder_ffn"), 160, 224),
    ],
    [
        ("numDecoderLayers", "decoder_layers", 3, 2),
        ("encoderFfnDim", "encoder_ffn_dim", 192, 128),
        ("vocabSize", "vocab_size", 640, 544),
    ],
)
_M2M_LAYER = {
    **{rf"attn\.{x}_proj": f"self_attn.{x}_proj" for x in "qkv"},
    r"attn\.out_proj": "self_attn.out_proj",
    **{rf"cross\.{x}_proj": f"encoder_attn.{x}_proj" for x in "qkv"},
    r"cross\.out_proj": "encoder_attn.out_proj",
    r"attn_ln": "self_attn_layer_norm",
    r"cross_ln": "encoder_attn_layer_norm",
    r"ffn_ln": "final_layer_norm",
    r"fc1": "fc1",
    r"fc2": "fc2",
}
SAME_OUTPUT["m2m100_json_settings"] = [
    (r"^shared\.", "shared."),
    (r"^enc_ln\.", "encoder.layer_norm."),
    (r"^dec_ln\.", "decoder.layer_norm."),
    *_layers(r"enc\.", "encoder.layers.", _wb(_M2M_LAYER)),
    *_layers(r"dec\.", "decoder.layers.", _wb(_M2M_LAYER)),
]
SAME_OUTPUT_IO["m2m100_json_settings"] = (
    "seq2seq",
    ["last_hidden_state", "encoder_last_hidden_state"],
)
VALUES["m2m100_json_settings"] = _keys(
    "SETTINGS",
    vocabSize="vocab_size",
    hiddenSize="embed_dim",
    numEncoderLayers="encoder_layers",
    numDecoderLayers="decoder_layers",
    numHeads="heads",
    encoderFfnDim="encoder_ffn",
    decoderFfnDim="decoder_ffn",
)

_VV = "FRAMES, SIDE, WIDTH, DEPTH, HEADS, MLP = {}, {}, {}, {}, {}, {}\n"
_VV_V = ("4", "32", "64", "2", "4", "160")
CASES["vivit_tuple_unpack"] = (
    "vivit",
    "VivitConfig",
    set_checks.enc(
        image_size=32,
        num_frames=4,
        tubelet_size=[2, 8, 8],
        intermediate_size=160,
        layer_norm_eps=1e-6,
    ),
    "VivitModel",
    [
        sizes_line("numFrames", _VV, _VV_V, 0, "8", (4, 8)),
        sizes_line("imageSize", _VV, _VV_V, 1, "64", (32, 64)),
        sizes_line("hiddenSize", _VV, _VV_V, 2, "96", (64, 96)),
        sizes_line("numLayers", _VV, _VV_V, 3, "3", (2, 3)),
        sizes_line("numHeads", _VV, _VV_V, 4, "8", (4, 8)),
        sizes_line("intermediateSize", _VV, _VV_V, 5, "256", (160, 256)),
        _eps("LN_EPS = {}\n", "1e-6"),
    ],
    [
        ("numLayers", "num_hidden_layers", 3, 2),
        ("numFrames", "num_frames", 8, 4),
    ],
)
SAME_OUTPUT["vivit_tuple_unpack"] = [
    (r"^tubelets\.", "embeddings.patch_embeddings.projection."),
    (r"^cls$", "embeddings.cls_token"),
    (r"^pos$", "embeddings.position_embeddings"),
    (r"^ln\.", "layernorm."),
    (r"^pool\.", "pooler.dense."),
    *_layers(
        r"layers\.",
        "layers.",
        _wb(
            {
                r"ln_before": "layernorm_before",
                r"ln_after": "layernorm_after",
                r"attention\.query": "attention.q_proj",
                r"attention\.key": "attention.k_proj",
                r"attention\.value": "attention.v_proj",
                r"attention\.output": "attention.o_proj",
                r"intermediate": "mlp.fc1",
                r"out": "mlp.fc2",
            }
        ),
    ),
]
SAME_OUTPUT_IO["vivit_tuple_unpack"] = ("video", ["last_hidden_state", "pooler_output"])
VALUES["vivit_tuple_unpack"] = dict(
    numFrames="FRAMES",
    imageSize="SIDE",
    hiddenSize="WIDTH",
    numLayers="DEPTH",
    numHeads="HEADS",
    intermediateSize="MLP",
    normEps="LN_EPS",
)

_AD = "    {}={{}},\n"
CASES["cwm_attrdict"] = (
    "cwm",
    "CwmConfig",
    dict(
        vocab_size=816,
        hidden_size=64,
        intermediate_size=224,
        num_hidden_layers=4,
        num_attention_heads=8,
        num_key_value_heads=2,
        head_dim=16,
        sliding_window=24,
        rope_parameters=_rope(1000000.0),
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        **_TOK,
    ),
    "CwmForCausalLM",
    [
        sub("vocabSize", _AD.format("vocab"), 816, 896),
        sub("hiddenSize", _AD.format("dim"), 64, 96),
        sub("intermediateSize", _AD.format("hidden"), 224, 288),
        sub("numLayers", _AD.format("n_layers"), 4, 6),
        sub("numHeads", _AD.format("n_heads"), 8, 4),
        sub("numKvHeads", _AD.format("n_kv_heads"), 2, 4),
        sub("headDim", _AD.format("head_dim"), 16, 8),
        sub("slidingWindow", _AD.format("window"), 24, 6),
        _theta(_AD.format("theta"), "1000000.0", "10000.0"),
        _eps(_AD.format("norm_eps")),
    ],
    [
        ("numHeads", "num_attention_heads", 4, 8),
        ("numLayers", "num_hidden_layers", 2, 4),
    ],
)
SAME_OUTPUT["cwm_attrdict"] = [
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
VALUES["cwm_attrdict"] = _attrs(
    "H.",
    vocabSize="vocab",
    hiddenSize="dim",
    intermediateSize="hidden",
    numLayers="n_layers",
    numHeads="n_heads",
    numKvHeads="n_kv_heads",
    headDim="head_dim",
    slidingWindow="window",
    ropeTheta="theta",
    normEps="norm_eps",
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
