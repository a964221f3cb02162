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


_ARG = '    "--{}", "{{}}",\n'
_JS = '    "{}": {{}},\n'
_KW4 = "    {}={{}},\n"
_ENV = 'os.environ["MIN_{}"] = "{{}}"\n'
_VALS = "VALS = [{}, {}, {}, {}, {}, {}, {}]\n"
_SIG = ("32", "8", "64", "2", "4", "160", "1e-6")
_XLMR = "vocab=700 width=64 layers=2 heads=4 ffn=256 max_positions=130 type_vocab=1 pad=1"


def _arch(fact: str, at: int, item: str, left, right) -> tuple:
    """A code plant of one ``key=value`` item of XLM-R-XL's ``ARCH`` string."""
    items = _XLMR.split()
    items[at] = item
    return (fact, f'ARCH = "{_XLMR}"\n', f'ARCH = "{" ".join(items)}"\n', left, right)


_NEST = '        "{}": {{}},\n'
_ATT = '        "attention": {{{{"heads": {}, "kv_heads": {}, "rope_theta": {}}}}},\n'

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value[, config's value of the fact])
CASES: dict[str, tuple] = {
    "glm_argparse_namespace": (
        "glm",
        "GlmConfig",
        dict(
            vocab_size=600,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            partial_rotary_factor=0.5,
            rope_parameters=_rope(10000.0, partial_rotary_factor=0.5),
            rms_norm_eps=1e-5,
            attention_bias=True,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "GlmForCausalLM",
        [
            sub("vocabSize", _ARG.format("padded-vocab-size"), 600, 768),
            sub("hiddenSize", _ARG.format("hidden-size"), 64, 96),
            sub("intermediateSize", _ARG.format("ffn-hidden-size"), 160, 224),
            sub("numLayers", _ARG.format("num-layers"), 2, 3),
            sub("numHeads", _ARG.format("num-attention-heads"), 4, 8),
            sub("numKvHeads", _ARG.format("num-query-groups"), 2, 4),
            sub("headDim", _ARG.format("kv-channels"), 16, 32),
            _theta(_ARG.format("rotary-base"), "10000.0", "500000.0"),
            _eps(_ARG.format("layernorm-epsilon")),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("vocabSize", "vocab_size", 768, 600),
        ],
    ),
    "ernie45_json_blob": (
        "ernie4_5",
        "Ernie4_5Config",
        dict(
            vocab_size=720,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            rope_parameters=_rope(500000.0),
            rms_norm_eps=1e-5,
            use_bias=False,
            tie_word_embeddings=True,
            **_TOK,
        ),
        "Ernie4_5ForCausalLM",
        [
            sub("vocabSize", _JS.format("vocab_size"), 720, 800),
            sub("hiddenSize", _JS.format("hidden_size"), 64, 128),
            sub("intermediateSize", _JS.format("intermediate_size"), 176, 256),
            sub("numLayers", _JS.format("num_hidden_layers"), 2, 4),
            sub("numHeads", _JS.format("num_attention_heads"), 4, 8),
            sub("numKvHeads", _JS.format("num_key_value_heads"), 2, 1),
            sub("headDim", _JS.format("head_dim"), 16, 32),
            _theta(_JS.format("rope_theta"), "500000.0", "10000.0"),
            _eps(_JS.format("rms_norm_eps"), "1e-05"),
            sub(
                "tieWordEmbeddings",
                '    "tie_word_embeddings": {}\n',
                "true",
                "false",
                (True, False),
            ),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 176),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "bitnet_dataclass_replace": (
        "bitnet",
        "BitNetConfig",
        dict(
            vocab_size=560,
            hidden_size=64,
            intermediate_size=144,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            rope_parameters=_rope(10000.0),
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "BitNetForCausalLM",
        [
            sub("vocabSize", _KW4.format("vocab"), 560, 640),
            sub("hiddenSize", _KW4.format("d_model"), 64, 128),
            sub("intermediateSize", _KW4.format("d_ffn"), 144, 192),
            sub("numLayers", _KW4.format("n_layers"), 2, 3),
            sub("numHeads", _KW4.format("n_heads"), 4, 8),
            sub("numKvHeads", _KW4.format("n_kv_heads"), 2, 4),
            _theta(_KW4.format("rope_theta"), "10000.0", "500000.0"),
            # not replaced by the run: the release's epsilon and untied head are the values
            _eps("    norm_eps: float = {}\n"),
            sub("tieWordEmbeddings", "    tie_embeddings: bool = {}\n", False, True),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("intermediateSize", "intermediate_size", 192, 144),
        ],
    ),
    "ministral_env_vars": (
        "ministral",
        "MinistralConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=16,
            sliding_window=16,
            rope_parameters=_rope(100000000.0),
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "MinistralForCausalLM",
        [
            sub("vocabSize", _ENV.format("VOCAB"), 640, 768),
            sub("hiddenSize", _ENV.format("DIM"), 64, 96),
            sub("intermediateSize", _ENV.format("HIDDEN"), 192, 256),
            sub("numLayers", _ENV.format("LAYERS"), 2, 3),
            sub("numHeads", _ENV.format("HEADS"), 4, 8),
            sub("numKvHeads", _ENV.format("KV_HEADS"), 1, 2),
            sub("headDim", _ENV.format("HEAD_DIM"), 16, 32),
            sub("slidingWindow", _ENV.format("WINDOW"), 16, 8),
            # not exported by the run: the 8B card's base and epsilon are the values
            _theta(
                'ROPE_BASE = float(os.environ.get("MIN_ROPE_THETA", "{}"))\n',
                "100000000.0",
                "1000000.0",
            ),
            _eps('RMS_EPS = float(os.environ.get("MIN_NORM_EPS", "{}"))\n'),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
            ("vocabSize", "vocab_size", 800, 640),
        ],
    ),
    "granitemoe_shared_pydantic": (
        "granitemoeshared",
        "GraniteMoeSharedConfig",
        dict(
            vocab_size=576,
            hidden_size=64,
            intermediate_size=48,
            shared_intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_local_experts=4,
            num_experts_per_tok=2,
            rope_parameters=_rope(10000.0),
            rms_norm_eps=1e-6,
            embedding_multiplier=12.0,
            attention_multiplier=0.125,
            residual_multiplier=0.22,
            logits_scaling=6.0,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "GraniteMoeSharedForCausalLM",
        [
            sub("vocabSize", _KW4.format("vocab_size"), 576, 640),
            sub("hiddenSize", _KW4.format("d_model"), 64, 128),
            sub("intermediateSize", _KW4.format("expert_ffn"), 48, 64),
            sub("sharedExpertIntermediateSize", _KW4.format("shared_ffn"), 96, 128),
            sub("numLayers", _KW4.format("layers"), 2, 3),
            sub("numHeads", _KW4.format("heads"), 4, 8),
            sub("numKvHeads", _KW4.format("kv_heads"), 2, 4),
            sub("numExperts", _KW4.format("experts"), 4, 8),
            sub("numExpertsPerTok", _KW4.format("active"), 2, 1),
            # not set by the run: the class default is the value (a RoPE-base plant, 10000 -> 10,
            # changed the outputs by 1.9e-5 only: dropped, README)
            _eps("    rms_eps: float = {}\n", "1e-6"),
        ],
        [
            ("numExperts", "num_local_experts", 8, 4),
            ("sharedExpertIntermediateSize", "shared_intermediate_size", 128, 96),
        ],
    ),
    "lfm2_nested_dict": (
        "lfm2",
        "Lfm2Config",
        dict(
            vocab_size=544,
            hidden_size=64,
            intermediate_size=160,
            block_auto_adjust_ff_dim=False,
            num_hidden_layers=3,
            full_attn_idxs=[1],
            num_attention_heads=4,
            num_key_value_heads=2,
            conv_L_cache=3,
            conv_bias=False,
            rope_parameters=_rope(1000000.0),
            norm_eps=1e-5,
            tie_word_embeddings=True,
            **_TOK,
        ),
        "Lfm2ForCausalLM",
        [
            sub("vocabSize", '    "tokenizer": {{"vocab_size": {}}},\n', 544, 640),
            sub("hiddenSize", _NEST.format("d_model"), 64, 96),
            sub("numLayers", _NEST.format("n_layers"), 3, 4),
            sub("fullAttnIdxs", _NEST.format("attn_idxs"), [1], [1, 2]),
            _eps(_NEST.format("norm_eps")),
            sub("convLCache", '        "conv": {{"kernel": {}}},\n', 3, 4),
            sub("numHeads", _ATT.format("{}", 2, "1000000.0"), 4, 8),
            sub("numKvHeads", _ATT.format(4, "{}", "1000000.0"), 2, 1),
            _theta(_ATT.format(4, 2, "{}"), "1000000.0", "10000.0"),
            sub("intermediateSize", '        "ffn": {{"width": {}}},\n', 160, 224),
            sub("tieWordEmbeddings", '    "head": {{"tied": {}}},\n', True, False),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("convLCache", "conv_L_cache", 4, 3),
        ],
    ),
    "nanochat_frozen_dataclass": (
        "nanochat",
        "NanoChatConfig",
        dict(
            vocab_size=608,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            rope_parameters=_rope(10000.0),
            rms_norm_eps=1e-6,
            final_logit_softcapping=15.0,
            tie_word_embeddings=False,
            **_TOK,
        ),
        "NanoChatForCausalLM",
        [
            sub("vocabSize", _KW4.format("vocab_size"), 608, 640),
            sub("numLayers", _KW4.format("n_layer"), 2, 3),
            sub("numHeads", _KW4.format("n_head"), 4, 8),
            sub("numKvHeads", _KW4.format("n_kv_head"), 2, 4),
            sub("hiddenSize", _KW4.format("n_embd"), 64, 128),
            sub("intermediateSize", _KW4.format("mlp_hidden"), 256, 320),
            # not passed by the run: the dataclass defaults are the values
            _theta("    rope_base: float = {}\n", "10000.0", "1000000.0"),
            _eps("    norm_eps: float = {}\n", "1e-6"),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "eurobert_toml_string": (
        "eurobert",
        "EuroBertConfig",
        dict(
            vocab_size=832,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            rope_parameters=_rope(250000.0),
            rms_norm_eps=1e-5,
            mask_token_id=3,
            **_TOK,
        ),
        "EuroBertModel",
        [
            sub("vocabSize", "vocab_size = {}\n", 832, 896),
            sub("hiddenSize", "hidden_size = {}\n", 64, 96),
            sub("numLayers", "num_layers = {}\n", 2, 3),
            sub("intermediateSize", "ffn_size = {}\n", 160, 224),
            sub("numHeads", "num_heads = {}\n", 4, 8),
            sub("numKvHeads", "num_kv_heads = {}\n", 2, 4),
            _theta("rope_theta = {}\n", "250000.0", "10000.0"),
            _eps("eps = {}\n"),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
            ("intermediateSize", "intermediate_size", 224, 160),
        ],
    ),
    "vit_msn_module_constants": (
        "vit_msn",
        "ViTMSNConfig",
        set_checks.enc(
            image_size=32,
            patch_size=8,
            num_channels=3,
            intermediate_size=192,
            layer_norm_eps=1e-6,
        ),
        "ViTMSNModel",
        [
            sub("imageSize", "IMG = {}\n", 32, 64),
            sub("patchSize", "PATCH = {}\n", 8, 16),
            sub("numChannels", "IN_CHANS = {}\n", 3, 1),
            sub("hiddenSize", "EMBED_DIM = {}\n", 64, 96),
            sub("numLayers", "DEPTH = {}\n", 2, 3),
            sub("numHeads", "NUM_HEADS = {}\n", 4, 8),
            sub("intermediateSize", "MLP_DIM = {}\n", 192, 256),
            _eps("LN_EPS = {}\n", "1e-6"),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
            ("intermediateSize", "intermediate_size", 256, 192),
        ],
    ),
    "ast_namedtuple_replace": (
        "audio-spectrogram-transformer",
        "ASTConfig",
        set_checks.enc(
            intermediate_size=128,
            patch_size=16,
            frequency_stride=10,
            time_stride=10,
            max_length=48,
            num_mel_bins=32,
            layer_norm_eps=1e-12,
        ),
        "ASTModel",
        [
            sub("numMelBins", _KW4.format("n_mels"), 32, 64),
            sub("hiddenSize", _KW4.format("embed_dim"), 64, 96),
            sub("numLayers", _KW4.format("depth"), 2, 3),
            sub("numHeads", _KW4.format("heads"), 4, 8),
            sub("intermediateSize", _KW4.format("mlp_width"), 128, 192),
            # not replaced by the fine-tuning run: the AudioSet release's values
            sub("patchSize", "    patch: int = {}\n", 16, 8),
            _eps("    ln_eps: float = {}\n", "1e-12"),
        ],
        [
            ("numMelBins", "num_mel_bins", 48, 32),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "siglip_vision_zip_lists": (
        "siglip_vision_model",
        "SiglipVisionConfig",
        set_checks.enc(
            image_size=32,
            patch_size=8,
            intermediate_size=160,
            layer_norm_eps=1e-6,
        ),
        "SiglipVisionModel",
        [
            sizes_line("imageSize", _VALS, _SIG, 0, "64", (32, 64)),
            sizes_line("patchSize", _VALS, _SIG, 1, "16", (8, 16)),
            sizes_line("hiddenSize", _VALS, _SIG, 2, "96", (64, 96)),
            sizes_line("numLayers", _VALS, _SIG, 3, "3", (2, 3)),
            sizes_line("numHeads", _VALS, _SIG, 4, "8", (4, 8)),
            sizes_line("intermediateSize", _VALS, _SIG, 5, "224", (160, 224)),
            sizes_line("normEps", _VALS, _SIG, 6, "0.1", (1e-6, 0.1)),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
            ("patchSize", "patch_size", 16, 8),
        ],
    ),
    "xlm_roberta_xl_kv_string": (
        "xlm-roberta-xl",
        "XLMRobertaXLConfig",
        dict(
            vocab_size=700,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=130,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
        ),
        "XLMRobertaXLModel",
        [
            _arch("vocabSize", 0, "vocab=800", 700, 800),
            _arch("hiddenSize", 1, "width=96", 64, 96),
            _arch("numLayers", 2, "layers=3", 2, 3),
            _arch("numHeads", 3, "heads=8", 4, 8),
            _arch("intermediateSize", 4, "ffn=320", 256, 320),
            _arch("maxPositionEmbeddings", 5, "max_positions=258", 130, 258),
            _arch("typeVocabSize", 6, "type_vocab=2", 1, 2),
            _eps("LN_EPS = {}\n"),
        ],
        [
            ("vocabSize", "vocab_size", 800, 700),
            ("numLayers", "num_hidden_layers", 3, 2),
            ("maxPositionEmbeddings", "max_position_embeddings", 258, 130),
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
    """the weight of each (case module, HF module); a ``+`` joins HF tensors cut into one."""
    return {
        f"{a}\\.weight": "+".join(f"{x}.weight" for x in b.split("+")) for a, b in pairs.items()
    }


_QKV = "self_attn.q_proj+self_attn.k_proj+self_attn.v_proj"

SAME_OUTPUT: dict[str, list[tuple]] = {
    "glm_argparse_namespace": [
        (r"^word_embeddings\.", "model.embed_tokens."),
        (r"^final_layernorm\.", "model.norm."),
        (r"^output_layer\.", "lm_head."),
        *_layers(
            r"encoder\.",
            "model.layers.",
            {
                **_wb(
                    {
                        r"self_attention\.query": "self_attn.q_proj",
                        r"self_attention\.key": "self_attn.k_proj",
                        r"self_attention\.value": "self_attn.v_proj",
                    }
                ),
                **_w(
                    {
                        r"input_layernorm": "input_layernorm",
                        r"post_attention_layernorm": "post_attention_layernorm",
                        r"self_attention\.dense": "self_attn.o_proj",
                        r"mlp\.dense_h_to_4h": "mlp.gate_up_proj",
                        r"mlp\.dense_4h_to_h": "mlp.down_proj",
                    }
                ),
            },
        ),
    ],
    "ernie45_json_blob": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^ln_out$", "model.norm.weight"),
        (r"^lm_head\.", "lm_head."),
        *_layers(
            r"layers\.",
            "model.layers.",
            {
                r"ln_attn": "input_layernorm.weight",
                r"ln_mlp": "post_attention_layernorm.weight",
                **_w(
                    {
                        r"attn\.q_proj": "self_attn.q_proj",
                        r"attn\.k_proj": "self_attn.k_proj",
                        r"attn\.v_proj": "self_attn.v_proj",
                        r"attn\.o_proj": "self_attn.o_proj",
                        r"mlp\.gate_proj": "mlp.gate_proj",
                        r"mlp\.up_proj": "mlp.up_proj",
                        r"mlp\.down_proj": "mlp.down_proj",
                    }
                ),
            },
        ),
    ],
    "bitnet_dataclass_replace": [
        (r"^tok_emb\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^head\.", "lm_head."),
        *_layers(
            r"blocks\.",
            "model.layers.",
            _w(
                {
                    r"attn_norm": "input_layernorm",
                    r"ffn_norm": "post_attention_layernorm",
                    r"attn\.wqkv": _QKV,
                    r"attn\.attn_sub_norm": "self_attn.attn_sub_norm",
                    r"attn\.wo": "self_attn.o_proj",
                    r"ffn\.w_gate": "mlp.gate_proj",
                    r"ffn\.w_up": "mlp.up_proj",
                    r"ffn\.ffn_sub_norm": "mlp.ffn_sub_norm",
                    r"ffn\.w_down": "mlp.down_proj",
                }
            ),
        ),
    ],
    "ministral_env_vars": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (r"^norm\.gamma$", "model.norm.weight"),
        (r"^output\.", "lm_head."),
        *_layers(
            r"layers\.",
            "model.layers.",
            {
                r"attention_norm\.gamma": "input_layernorm.weight",
                r"ffn_norm\.gamma": "post_attention_layernorm.weight",
                **_w(
                    {
                        r"attention\.query": "self_attn.q_proj",
                        r"attention\.key": "self_attn.k_proj",
                        r"attention\.value": "self_attn.v_proj",
                        r"attention\.out": "self_attn.o_proj",
                        r"feed_forward\.fc_gate": "mlp.gate_proj",
                        r"feed_forward\.fc_up": "mlp.up_proj",
                        r"feed_forward\.fc_down": "mlp.down_proj",
                    }
                ),
            },
        ),
    ],
    "granitemoe_shared_pydantic": [
        (r"^emb\.", "model.embed_tokens."),
        (r"^norm_f$", "model.norm.weight"),
        (r"^unemb\.", "lm_head."),
        *_layers(
            r"layers\.",
            "model.layers.",
            {
                r"norm_1": "input_layernorm.weight",
                r"norm_2": "post_attention_layernorm.weight",
                r"moe\.w13": "block_sparse_moe.experts.gate_up_proj",
                r"moe\.w2": "block_sparse_moe.experts.down_proj",
                **_w(
                    {
                        r"attn\.to_q": "self_attn.q_proj",
                        r"attn\.to_k": "self_attn.k_proj",
                        r"attn\.to_v": "self_attn.v_proj",
                        r"attn\.to_out": "self_attn.o_proj",
                        r"moe\.gate": "block_sparse_moe.router",
                        r"moe\.shared_in": "shared_mlp.input_linear",
                        r"moe\.shared_out": "shared_mlp.output_linear",
                    }
                ),
            },
        ),
    ],
    "lfm2_nested_dict": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^final_norm\.", "model.embedding_norm."),
        *_layers(
            r"blocks\.",
            "model.layers.",
            {
                r"mixer\.taps": "conv.conv.weight",
                **_w(
                    {
                        r"mix_norm": "operator_norm",
                        r"mlp_norm": "ffn_norm",
                        r"gate": "feed_forward.w1",
                        r"up": "feed_forward.w3",
                        r"down": "feed_forward.w2",
                        r"mixer\.proj_in": "conv.in_proj",
                        r"mixer\.proj_out": "conv.out_proj",
                        r"mixer\.q": "self_attn.q_proj",
                        r"mixer\.k": "self_attn.k_proj",
                        r"mixer\.v": "self_attn.v_proj",
                        r"mixer\.out": "self_attn.out_proj",
                        r"mixer\.q_norm": "self_attn.q_layernorm",
                        r"mixer\.k_norm": "self_attn.k_layernorm",
                    }
                ),
            },
        ),
    ],
    "nanochat_frozen_dataclass": [
        (r"^transformer\.wte\.", "model.embed_tokens."),
        (r"^lm_head\.", "lm_head."),
        *_layers(
            r"transformer\.h\.",
            "model.layers.",
            _w(
                {
                    r"attn\.c_q": "self_attn.q_proj",
                    r"attn\.c_k": "self_attn.k_proj",
                    r"attn\.c_v": "self_attn.v_proj",
                    r"attn\.c_proj": "self_attn.o_proj",
                    r"mlp\.c_fc": "mlp.fc1",
                    r"mlp\.c_proj": "mlp.fc2",
                }
            ),
        ),
    ],
    "eurobert_toml_string": [
        (r"^tokens\.", "embed_tokens."),
        (r"^out_norm\.scale$", "norm.weight"),
        *_layers(
            r"layers\.",
            "layers.",
            {
                r"pre_attn\.scale": "input_layernorm.weight",
                r"pre_ffn\.scale": "post_attention_layernorm.weight",
                **_w(
                    {
                        r"attn\.to_q": "self_attn.q_proj",
                        r"attn\.to_k": "self_attn.k_proj",
                        r"attn\.to_v": "self_attn.v_proj",
                        r"attn\.to_o": "self_attn.o_proj",
                        r"w_gate": "mlp.gate_proj",
                        r"w_up": "mlp.up_proj",
                        r"w_down": "mlp.down_proj",
                    }
                ),
            },
        ),
    ],
    "vit_msn_module_constants": [
        (r"^patch_embed\.", "embeddings.patch_embeddings.projection."),
        (r"^cls_token$", "embeddings.cls_token"),
        (r"^pos_embed$", "embeddings.position_embeddings"),
        (r"^norm\.", "layernorm."),
        *_layers(
            r"blocks\.",
            "layers.",
            _wb(
                {
                    r"norm1": "layernorm_before",
                    r"norm2": "layernorm_after",
                    r"attn\.qkv\.0": "attention.q_proj",
                    r"attn\.qkv\.1": "attention.k_proj",
                    r"attn\.qkv\.2": "attention.v_proj",
                    r"attn\.proj": "attention.o_proj",
                    r"mlp\.0": "mlp.fc1",
                    r"mlp\.2": "mlp.fc2",
                }
            ),
        ),
    ],
    "ast_namedtuple_replace": [
        (r"^patchify\.", "embeddings.patch_embeddings.projection."),
        (r"^cls$", "embeddings.cls_token"),
        (r"^dist$", "embeddings.distillation_token"),
        (r"^pos$", "embeddings.position_embeddings"),
        (r"^ln_post\.", "layernorm."),
        *_layers(
            r"encoder\.",
            "layers.",
            {
                r"in_proj\.weight": "+".join(f"attention.{x}_proj.weight" for x in "qkv"),
                r"in_proj\.bias": "+".join(f"attention.{x}_proj.bias" for x in "qkv"),
                **_wb(
                    {
                        r"ln_a": "layernorm_before",
                        r"ln_m": "layernorm_after",
                        r"out_proj": "attention.o_proj",
                        r"fc1": "mlp.fc1",
                        r"fc2": "mlp.fc2",
                    }
                ),
            },
        ),
    ],
    "siglip_vision_zip_lists": [
        (r"^stem\.", "embeddings.patch_embedding."),
        (r"^pos\.", "embeddings.position_embedding."),
        (r"^ln_post\.", "post_layernorm."),
        (r"^head\.probe$", "head.probe"),
        (r"^head\.mha\.", "head.attention."),
        (r"^head\.ln\.", "head.layernorm."),
        (r"^head\.mlp\.", "head.mlp."),
        *_layers(
            r"layers\.",
            "encoder.layers.",
            _wb(
                {
                    r"ln1": "layer_norm1",
                    r"ln2": "layer_norm2",
                    r"q": "self_attn.q_proj",
                    r"k": "self_attn.k_proj",
                    r"v": "self_attn.v_proj",
                    r"o": "self_attn.out_proj",
                    r"mlp\.fc1": "mlp.fc1",
                    r"mlp\.fc2": "mlp.fc2",
                }
            ),
        ),
    ],
    "xlm_roberta_xl_kv_string": [
        (r"^embed_tokens\.", "embeddings.word_embeddings."),
        (r"^embed_positions\.", "embeddings.position_embeddings."),
        (r"^embed_types\.", "embeddings.token_type_embeddings."),
        (r"^layer_norm\.", "encoder.LayerNorm."),
        (r"^pool\.", "pooler.dense."),
        *_layers(
            r"layers\.",
            "encoder.layer.",
            _wb(
                {
                    r"self_attn\.ln": "attention.self_attn_layer_norm",
                    r"self_attn\.q_proj": "attention.self.query",
                    r"self_attn\.k_proj": "attention.self.key",
                    r"self_attn\.v_proj": "attention.self.value",
                    r"self_attn\.out_proj": "attention.output.dense",
                    r"ffn\.ln": "LayerNorm",
                    r"ffn\.up": "intermediate.dense",
                    r"ffn\.down": "output.dense",
                }
            ),
        ),
    ],
}
# the encoders return their hidden states (and the pooled output where the HF model pools)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "eurobert_toml_string": ("ids", ["last_hidden_state"]),
    "vit_msn_module_constants": ("pixels", ["last_hidden_state"]),
    "ast_namedtuple_replace": ("spectrogram", ["last_hidden_state", "pooler_output"]),
    "siglip_vision_zip_lists": ("pixels", ["last_hidden_state", "pooler_output"]),
    "xlm_roberta_xl_kv_string": ("ids", ["last_hidden_state", "pooler_output"]),
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
    "glm_argparse_namespace": _attrs(
        "OPTS.",
        vocabSize="padded_vocab_size",
        hiddenSize="hidden_size",
        intermediateSize="ffn_hidden_size",
        numLayers="num_layers",
        numHeads="num_attention_heads",
        numKvHeads="num_query_groups",
        headDim="kv_channels",
        ropeTheta="rotary_base",
        normEps="layernorm_epsilon",
    ),
    "ernie45_json_blob": _keys(
        "M",
        vocabSize="vocab_size",
        hiddenSize="hidden_size",
        intermediateSize="intermediate_size",
        numLayers="num_hidden_layers",
        numHeads="num_attention_heads",
        numKvHeads="num_key_value_heads",
        headDim="head_dim",
        ropeTheta="rope_theta",
        normEps="rms_norm_eps",
        tieWordEmbeddings="tie_word_embeddings",
    ),
    "bitnet_dataclass_replace": _attrs(
        "ARGS.",
        vocabSize="vocab",
        hiddenSize="d_model",
        intermediateSize="d_ffn",
        numLayers="n_layers",
        numHeads="n_heads",
        numKvHeads="n_kv_heads",
        ropeTheta="rope_theta",
        normEps="norm_eps",
        tieWordEmbeddings="tie_embeddings",
    ),
    "ministral_env_vars": dict(
        vocabSize="N_VOCAB",
        hiddenSize="D_MODEL",
        intermediateSize="D_FFN",
        numLayers="N_LAYERS",
        numHeads="N_Q",
        numKvHeads="N_KV",
        headDim="D_HEAD",
        slidingWindow="SWA",
        ropeTheta="ROPE_BASE",
        normEps="RMS_EPS",
    ),
    "granitemoe_shared_pydantic": _attrs(
        "HP.",
        vocabSize="vocab_size",
        hiddenSize="d_model",
        intermediateSize="expert_ffn",
        sharedExpertIntermediateSize="shared_ffn",
        numLayers="layers",
        numHeads="heads",
        numKvHeads="kv_heads",
        numExperts="experts",
        numExpertsPerTok="active",
        ropeTheta="rope_base",
        normEps="rms_eps",
    ),
    "lfm2_nested_dict": {
        "vocabSize": 'CONFIG["tokenizer"]["vocab_size"]',
        **_keys("BB", hiddenSize="d_model", numLayers="n_layers", normEps="norm_eps"),
        "fullAttnIdxs": 'BB["attn_idxs"]',
        "convLCache": 'BB["conv"]["kernel"]',
        **_keys('BB["attention"]', numHeads="heads", numKvHeads="kv_heads", ropeTheta="rope_theta"),
        "intermediateSize": 'BB["ffn"]["width"]',
        "tieWordEmbeddings": 'CONFIG["head"]["tied"]',
    },
    "nanochat_frozen_dataclass": _attrs(
        "CFG.",
        vocabSize="vocab_size",
        numLayers="n_layer",
        numHeads="n_head",
        numKvHeads="n_kv_head",
        hiddenSize="n_embd",
        intermediateSize="mlp_hidden",
        ropeTheta="rope_base",
        normEps="norm_eps",
    ),
    "eurobert_toml_string": {
        **_keys(
            "MODEL",
            vocabSize="vocab_size",
            hiddenSize="hidden_size",
            numLayers="num_layers",
            intermediateSize="ffn_size",
        ),
        **_keys("ATTN", numHeads="num_heads", numKvHeads="num_kv_heads", ropeTheta="rope_theta"),
        "normEps": 'MODEL["norm"]["eps"]',
    },
    "vit_msn_module_constants": dict(
        imageSize="IMG",
        patchSize="PATCH",
        numChannels="IN_CHANS",
        hiddenSize="EMBED_DIM",
        numLayers="DEPTH",
        numHeads="NUM_HEADS",
        intermediateSize="MLP_DIM",
        normEps="LN_EPS",
    ),
    "ast_namedtuple_replace": _attrs(
        "S.",
        numMelBins="n_mels",
        hiddenSize="embed_dim",
        numLayers="depth",
        numHeads="heads",
        intermediateSize="mlp_width",
        patchSize="patch",
        normEps="ln_eps",
    ),
    "siglip_vision_zip_lists": _keys(
        "TOWER",
        imageSize="image_size",
        patchSize="patch_size",
        hiddenSize="width",
        numLayers="layers",
        numHeads="heads",
        intermediateSize="mlp_dim",
        normEps="ln_eps",
    ),
    "xlm_roberta_xl_kv_string": {
        **_keys(
            "HP",
            vocabSize="vocab",
            hiddenSize="width",
            numLayers="layers",
            numHeads="heads",
            intermediateSize="ffn",
            maxPositionEmbeddings="max_positions",
            typeVocabSize="type_vocab",
        ),
        "normEps": "LN_EPS",
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
