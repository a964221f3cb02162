"""The twenty-fifth fresh held-out set of re-implementations (written blind in session 28): the
architectures users re-implement most (Phi-3, GPT-2, Llama, Qwen3, Mistral, BERT, Swin, ViT),
half in the plain styles users write (a lit-gpt ``Config`` with derived fields, nanoGPT's
``GPTConfig(**model_args)``, a pasted ``config.json``, a dataclass filled from Hugging Face
keys) and half with sizes in a source no earlier set used (``string.Formatter`` field specs,
IPv4 octets, ``xml.dom.minidom`` elements, ``re.Scanner`` tokens). It was NOT run through
driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's. Every model body is an earlier set's output-proven one
(fresh22's Mistral, fresh23's Phi-3, GPT-2, Llama, Qwen3 and BERT, fresh24's Swin and ViT) with
a new size source in front, so their parameter-name maps are imported from those sets.

    python benchmarks/reimpl/fresh25/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh25 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.fresh22.make import SAME_OUTPUT as _F22  # noqa: E402
from benchmarks.reimpl.fresh23.make import SAME_OUTPUT as _F23  # noqa: E402
from benchmarks.reimpl.fresh24.make import SAME_OUTPUT as _F24  # noqa: E402
from benchmarks.reimpl.set_checks import TOKENS, rope  # noqa: E402

_LIT = "        {}={{}},\n"
_PY = "{} = {{}}\n"
_JSON = '  "{}": {{}},\n'
_HF = "    {}={{}},\n"
_XML = '      {}="{{}}"\n'
_SPEC = "{}{{}}\n"
_ADDR = 'MODEL_ADDR = ipaddress.ip_address("{}.{}.{}.{}")  # vocab.width.layers.heads'
_EXTRA = 'EXTRA_ADDR = ipaddress.ip_address("{}.{}.{}.{}")  # ffn.positions.types.(unused)'
_JS4 = '    "{}": {{}},\n'
_JS8 = '        "{}": {{}},\n'
_RULE = '    "{}": ((), lambda: {{}}),\n'
_STAGE = '    <stage depth="{}" heads="{}"/>\n'


def _field(name: str) -> str:
    """One ``{name:value}`` field of the Mistral run-name template (its line, ``{}`` for the value)."""
    return '    "-{{' + name + ':{}}}"\n'


def _dec(**kw) -> dict:
    """A tiny decoder config: width 64, 4 heads, 2 layers, 128 positions; ``kw`` on top."""
    return dict(
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        max_position_embeddings=128,
        **TOKENS,
        **kw,
    )


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "phi3_litgpt_config_derived": (
        "phi3",
        "Phi3Config",
        _dec(
            vocab_size=96,
            num_key_value_heads=2,
            intermediate_size=128,
            rms_norm_eps=1e-5,
            original_max_position_embeddings=128,
            rope_parameters=rope(10000.0),
        ),
        "Phi3ForCausalLM",
        [
            sub("vocabSize", _LIT.format("vocab_size"), 96, 128),
            sub("numLayers", _LIT.format("n_layer"), 2, 3),
            sub("numHeads", _LIT.format("n_head"), 4, 8),
            sub("numKvHeads", _LIT.format("n_query_groups"), 2, 1),
            sub("hiddenSize", _LIT.format("n_embd"), 64, 96),
            sub("intermediateSize", _LIT.format("intermediate_size"), 128, 192),
            sub("normEps", _LIT.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _LIT.format("rope_base"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "gpt2_nanogpt_model_args": (
        "gpt2",
        "GPT2Config",
        dict(
            vocab_size=96,
            n_positions=64,
            n_embd=64,
            n_layer=2,
            n_head=4,
            n_inner=256,
            layer_norm_epsilon=1e-5,
            **TOKENS,
        ),
        "GPT2Model",
        [
            sub("numLayers", _PY.format("n_layer"), 2, 3),
            sub("numHeads", _PY.format("n_head"), 4, 2),
            sub("hiddenSize", _PY.format("n_embd"), 64, 96),
            sub("maxPositionEmbeddings", _PY.format("block_size"), 64, 128),
            sub("vocabSize", "meta_vocab_size = {}  # read from data/tiny/meta.pkl\n", 96, 128),
            sub("normEps", _PY.format("LN_EPS"), "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("intermediateSize", "n_inner", 128, 256)],
    ),
    "llama_config_json_object_hook": (
        "llama",
        "LlamaConfig",
        _dec(
            vocab_size=96,
            num_key_value_heads=2,
            intermediate_size=160,
            rms_norm_eps=1e-5,
            rope_parameters=rope(10000.0),
        ),
        "LlamaForCausalLM",
        [
            sub("vocabSize", _JSON.format("vocab_size"), 96, 128),
            sub("hiddenSize", _JSON.format("hidden_size"), 64, 96),
            sub("intermediateSize", _JSON.format("intermediate_size"), 160, 192),
            sub("numLayers", _JSON.format("num_hidden_layers"), 2, 3),
            sub("numHeads", _JSON.format("num_attention_heads"), 4, 8),
            sub("numKvHeads", _JSON.format("num_key_value_heads"), 2, 1),
            sub("normEps", _JSON.format("rms_norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub(
                "ropeTheta",
                _JSON.format("rope_theta"),
                "10000.0",
                "500000.0",
                (10000.0, 500000.0),
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "qwen3_dataclass_from_hf_keys": (
        "qwen3",
        "Qwen3Config",
        _dec(
            vocab_size=96,
            num_key_value_heads=2,
            head_dim=16,
            intermediate_size=128,
            rms_norm_eps=1e-6,
            rope_parameters=rope(10000.0),
        ),
        "Qwen3ForCausalLM",
        [
            sub("vocabSize", _HF.format("vocab_size"), 96, 128),
            sub("hiddenSize", _HF.format("hidden_size"), 64, 96),
            sub("numLayers", _HF.format("num_hidden_layers"), 2, 3),
            sub("numHeads", _HF.format("num_attention_heads"), 4, 8),
            sub("numKvHeads", _HF.format("num_key_value_heads"), 2, 1),
            sub("headDim", _HF.format("head_dim"), 16, 8),
            sub("intermediateSize", _HF.format("intermediate_size"), 128, 192),
            sub("normEps", _HF.format("rms_norm_eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", _HF.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("headDim", "head_dim", 32, 16)],
    ),
    "mistral_formatter_field_specs": (
        "mistral",
        "MistralConfig",
        dict(
            vocab_size=96,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=1,
            sliding_window=16,
            rms_norm_eps=1e-5,
            max_position_embeddings=128,
            rope_parameters=rope(10000.0),
            **TOKENS,
        ),
        "MistralForCausalLM",
        [
            sub("vocabSize", _field("vocab_size"), 96, 128),
            sub("hiddenSize", _field("dim"), 64, 96),
            sub("numLayers", _field("n_layers"), 2, 3),
            sub("numHeads", _field("n_heads"), 4, 8),
            sub("numKvHeads", _field("n_kv_heads"), 1, 2),
            sub("intermediateSize", _field("hidden_dim"), 160, 192),
            sub("slidingWindow", _field("sliding_window"), 16, 4),
            sub("normEps", _field("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub(
                "ropeTheta",
                _field("rope_theta"),
                "10000.0",
                "1000000.0",
                (10000.0, 1000000.0),
            ),
        ],
        [("intermediateSize", "intermediate_size", 128, 160)],
    ),
    "bert_ipaddress_octets": (
        "bert",
        "BertConfig",
        dict(
            vocab_size=96,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=64,
            type_vocab_size=2,
        ),
        "BertModel",
        [
            sizes_line("vocabSize", _ADDR, (96, 64, 2, 4), 0, 128),
            sizes_line("hiddenSize", _ADDR, (96, 64, 2, 4), 1, 96),
            sizes_line("numLayers", _ADDR, (96, 64, 2, 4), 2, 3),
            sizes_line("numHeads", _ADDR, (96, 64, 2, 4), 3, 2),
            sizes_line("intermediateSize", _EXTRA, (128, 64, 2, 0), 0, 192),
            sizes_line("maxPositionEmbeddings", _EXTRA, (128, 64, 2, 0), 1, 128),
            sizes_line("typeVocabSize", _EXTRA, (128, 64, 2, 0), 2, 3),
            sub("normEps", _PY.format("EPS"), "1e-12", "0.01", (1e-12, 0.01)),
        ],
        [("intermediateSize", "intermediate_size", 256, 128)],
    ),
    "swin_minidom_stage_elements": (
        "swin",
        "SwinConfig",
        dict(
            image_size=32,
            patch_size=2,
            embed_dim=16,
            depths=[2, 2],
            num_heads=[2, 4],
            window_size=4,
        ),
        "SwinModel",
        [
            sub("embedDim", _XML.format("embed_dim"), 16, 24),
            sub("patchSize", _XML.format("patch"), 2, 4),
            sub("windowSize", _XML.format("window"), 4, 8),
            sub("mlpRatio", _XML.format("mlp_ratio"), "4.0", "2.0", (4.0, 2.0)),
            sub("normEps", '      eps="{}">\n', "1e-05", "0.1", (1e-05, 0.1)),
            sizes_line("depths", _STAGE, (2, 4), 0, 4, ([2, 2], [2, 4])),
            sizes_line("numHeads", _STAGE, (2, 4), 1, 8, ([2, 4], [2, 8])),
        ],
        [("depths", "depths", [2, 3], [2, 2], [2, 3])],
    ),
    "vit_re_scanner_spec": (
        "vit",
        "ViTConfig",
        dict(
            image_size=32,
            patch_size=8,
            hidden_size=32,
            num_attention_heads=4,
            intermediate_size=64,
            num_hidden_layers=2,
            layer_norm_eps=1e-12,
        ),
        "ViTModel",
        [
            sub("imageSize", _SPEC.format("img"), 32, 64),
            sub("patchSize", _SPEC.format("patch"), 8, 4),
            sub("hiddenSize", _SPEC.format("width"), 32, 48),
            sub("numHeads", _SPEC.format("heads"), 4, 2),
            sub("intermediateSize", _SPEC.format("mlp"), 64, 128),
            sub("numLayers", _SPEC.format("depth"), 2, 3),
            sub("normEps", _SPEC.format("eps"), "1e-12", "0.1", (1e-12, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mixtral_nested_moe_args": (
        "mixtral",
        "MixtralConfig",
        _dec(
            vocab_size=96,
            num_key_value_heads=2,
            intermediate_size=96,
            num_local_experts=4,
            num_experts_per_tok=2,
            rms_norm_eps=1e-5,
            rope_parameters=rope(1000000.0),
        ),
        "MixtralForCausalLM",
        [
            sub("vocabSize", _JS4.format("vocab_size"), 96, 128),
            sub("numLayers", _JS4.format("n_layers"), 2, 3),
            sub("numHeads", _JS4.format("n_heads"), 4, 8),
            sub("numKvHeads", _JS4.format("n_kv_heads"), 2, 1),
            sub("intermediateSize", _JS4.format("hidden_dim"), 96, 64),
            sub("numExperts", _JS8.format("num_experts"), 4, 8),
            sub("numExpertsPerTok", _JS8.format("num_experts_per_tok"), 2, 1),
            sub("normEps", _JS4.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub(
                "ropeTheta",
                _JS4.format("rope_theta"),
                "1000000.0",
                "10000.0",
                (1000000.0, 10000.0),
            ),
        ],
        [("numExperts", "num_local_experts", 8, 4)],
    ),
    "whisper_model_dimensions_checkpoint": (
        "whisper",
        "WhisperConfig",
        dict(
            vocab_size=96,
            num_mel_bins=16,
            d_model=32,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_source_positions=16,
            max_target_positions=32,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            decoder_start_token_id=1,
        ),
        "WhisperModel",
        [
            sub("numMelBins", _JS8.format("n_mels"), 16, 8),
            sub("maxSourcePositions", _JS8.format("n_audio_ctx"), 16, 32),
            sub("numHeads", _JS8.format("n_audio_head"), 4, 2),
            sub("numEncoderLayers", _JS8.format("n_audio_layer"), 2, 3),
            sub("vocabSize", _JS8.format("n_vocab"), 96, 128),
            sub("maxTargetPositions", _JS8.format("n_text_ctx"), 32, 64),
            sub("numDecoderLayers", _JS8.format("n_text_layer"), 2, 1),
        ],
        [("encoderFfnDim", "encoder_ffn_dim", 64, 128)],
    ),
    "t5_graphlib_size_rules": (
        "t5",
        "T5Config",
        dict(
            vocab_size=96,
            d_model=32,
            d_kv=8,
            d_ff=64,
            num_layers=2,
            num_decoder_layers=2,
            num_heads=4,
            relative_attention_num_buckets=32,
            relative_attention_max_distance=128,
            layer_norm_epsilon=1e-6,
            feed_forward_proj="relu",
            pad_token_id=0,
            eos_token_id=1,
            decoder_start_token_id=0,
        ),
        "T5ForConditionalGeneration",
        [
            sub("vocabSize", _RULE.format("vocab"), 96, 128),
            sub("numEncoderLayers", _RULE.format("enc_layers"), 2, 3),
            sub("numDecoderLayers", _RULE.format("dec_layers"), 2, 1),
            sub("relativeAttentionNumBuckets", _RULE.format("buckets"), 32, 16),
            sub("relativeAttentionMaxDistance", _RULE.format("max_distance"), 128, 32),
            sub("normEps", _RULE.format("eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub(
                "intermediateSize",
                '    "d_ff": (("d_model",), lambda d_model: {} * d_model),\n',
                2,
                4,
                (64, 128),
            ),
            sub(
                "headDim",
                '    "d_kv": (("d_model", "n_heads"), lambda d_model, n_heads: d_model // {}),\n',
                "n_heads",
                "(2 * n_heads)",
                (8, 4),
            ),
        ],
        [("numHeads", "num_heads", 8, 4)],
    ),
    "gpt_neox_json_repeated_keys": (
        "gpt_neox",
        "GPTNeoXConfig",
        dict(
            vocab_size=96,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=128,
            layer_norm_eps=1e-5,
            rope_parameters=rope(10000.0, partial_rotary_factor=0.25),
        ),
        "GPTNeoXForCausalLM",
        [
            sub("vocabSize", _JSON.format("vocab_size"), 96, 112),
            sub("hiddenSize", _JSON.format("hidden_size"), 64, 96),
            sub("numLayers", _JSON.format("num_hidden_layers"), 2, 3),
            sub("numHeads", _JSON.format("num_attention_heads"), 4, 2),
            sub("intermediateSize", _JSON.format("intermediate_size"), 256, 128),
            sub("partialRotaryFactor", _JSON.format("rotary_pct"), 0.25, 0.5),
            sub("ropeTheta", _JSON.format("rotary_emb_base"), "10000.0", "500.0", (10000.0, 500.0)),
            sub("normEps", '  "layer_norm_eps": {}\n', "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {
    "phi3_litgpt_config_derived": _F23["phi3_lzma_literal_eval"],
    "gpt2_nanogpt_model_args": _F23["gpt2_arch_dsl_string"],
    "llama_config_json_object_hook": _F23["llama_tarfile_member"],
    "qwen3_dataclass_from_hf_keys": _F23["qwen3_sha256_preset_table"],
    "mistral_formatter_field_specs": _F22["mistral_plist_xml"],
    "bert_ipaddress_octets": _F23["bert_fnmatch_name_presets"],
    "swin_minidom_stage_elements": _F24["swin_match_variant_name"],
    "vit_re_scanner_spec": _F24["vit_codecs_rot13_json"],
    "mixtral_nested_moe_args": _F23["mixtral_weakref_class_registry"],
    "whisper_model_dimensions_checkpoint": _F22["whisper_html_card_table"],
    "t5_graphlib_size_rules": _F22["t5_zipfile_config_member"],
    "gpt_neox_json_repeated_keys": _F22["gpt_neox_threading_local"],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "phi3_litgpt_config_derived": ("ids", ["logits"]),
    "gpt2_nanogpt_model_args": ("ids", ["last_hidden_state"]),
    "llama_config_json_object_hook": ("ids", ["logits"]),
    "qwen3_dataclass_from_hf_keys": ("ids", ["logits"]),
    "mistral_formatter_field_specs": ("ids", ["logits"]),
    "bert_ipaddress_octets": ("ids+types+mask", ["last_hidden_state", "pooler_output"]),
    "swin_minidom_stage_elements": ("pixels", ["last_hidden_state", "pooler_output"]),
    "vit_re_scanner_spec": ("pixels", ["last_hidden_state", "pooler_output"]),
    "mixtral_nested_moe_args": ("ids", ["logits"]),
    "whisper_model_dimensions_checkpoint": ("audio", ["tied_logits"]),
    "t5_graphlib_size_rules": ("seq2seq", ["logits"]),
    "gpt_neox_json_repeated_keys": ("ids", ["logits"]),
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


# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {
    "phi3_litgpt_config_derived": dict(
        vocabSize="config.padded_vocab_size",
        numLayers="config.n_layer",
        numHeads="config.n_head",
        numKvHeads="config.n_query_groups",
        hiddenSize="config.n_embd",
        intermediateSize="config.intermediate_size",
        normEps="config.norm_eps",
        ropeTheta="config.rope_base",
    ),
    "gpt2_nanogpt_model_args": dict(
        numLayers="gptconf.n_layer",
        numHeads="gptconf.n_head",
        hiddenSize="gptconf.n_embd",
        maxPositionEmbeddings="gptconf.block_size",
        vocabSize="gptconf.vocab_size",
        normEps="LN_EPS",
    ),
    "llama_config_json_object_hook": dict(
        vocabSize="cfg.vocab_size",
        hiddenSize="cfg.hidden_size",
        intermediateSize="cfg.intermediate_size",
        numLayers="cfg.num_hidden_layers",
        numHeads="cfg.num_attention_heads",
        numKvHeads="cfg.num_key_value_heads",
        normEps="cfg.rms_norm_eps",
        ropeTheta="cfg.rope_theta",
    ),
    "qwen3_dataclass_from_hf_keys": dict(
        vocabSize="ARGS.vocab_size",
        hiddenSize="ARGS.dim",
        numLayers="ARGS.n_layers",
        numHeads="ARGS.n_heads",
        numKvHeads="ARGS.n_kv_heads",
        headDim="ARGS.head_dim",
        intermediateSize="ARGS.hidden_dim",
        normEps="ARGS.norm_eps",
        ropeTheta="ARGS.rope_theta",
    ),
    "mistral_formatter_field_specs": dict(
        vocabSize='P["vocab_size"]',
        hiddenSize='P["dim"]',
        numLayers='P["n_layers"]',
        numHeads='P["n_heads"]',
        numKvHeads='P["n_kv_heads"]',
        intermediateSize='P["hidden_dim"]',
        slidingWindow='P["sliding_window"]',
        normEps='P["norm_eps"]',
        ropeTheta='P["rope_theta"]',
    ),
    "bert_ipaddress_octets": dict(
        vocabSize='C["vocab"]',
        hiddenSize='C["width"]',
        numLayers='C["layers"]',
        numHeads='C["heads"]',
        intermediateSize='C["ffn"]',
        maxPositionEmbeddings='C["pos"]',
        typeVocabSize='C["types"]',
        normEps="EPS",
    ),
    "swin_minidom_stage_elements": dict(
        embedDim="EMBED_DIM",
        patchSize="PATCH_SIZE",
        windowSize="WINDOW_SIZE",
        mlpRatio="MLP_RATIO",
        normEps="NORM_EPS",
        depths="list(DEPTHS)",
        numHeads="list(NUM_HEADS)",
    ),
    "vit_re_scanner_spec": dict(
        imageSize="IMAGE",
        patchSize="PATCH",
        hiddenSize="WIDTH",
        numHeads="HEADS",
        intermediateSize="MLP",
        numLayers="DEPTH",
        normEps="EPS",
    ),
    "mixtral_nested_moe_args": dict(
        vocabSize="args.vocab_size",
        numLayers="args.n_layers",
        numHeads="args.n_heads",
        numKvHeads="args.n_kv_heads",
        intermediateSize="args.hidden_dim",
        numExperts="args.moe.num_experts",
        numExpertsPerTok="args.moe.num_experts_per_tok",
        normEps="args.norm_eps",
        ropeTheta="args.rope_theta",
    ),
    "whisper_model_dimensions_checkpoint": dict(
        numMelBins="dims.n_mels",
        maxSourcePositions="dims.n_audio_ctx",
        numHeads="dims.n_audio_head",
        numEncoderLayers="dims.n_audio_layer",
        vocabSize="dims.n_vocab",
        maxTargetPositions="dims.n_text_ctx",
        numDecoderLayers="dims.n_text_layer",
    ),
    "t5_graphlib_size_rules": dict(
        vocabSize='C["vocab"]',
        numEncoderLayers='C["enc_layers"]',
        numDecoderLayers='C["dec_layers"]',
        relativeAttentionNumBuckets='C["buckets"]',
        relativeAttentionMaxDistance='C["max_distance"]',
        normEps='C["eps"]',
        intermediateSize='C["d_ff"]',
        headDim='C["d_kv"]',
    ),
    "gpt_neox_json_repeated_keys": dict(
        vocabSize='CFG["vocab_size"]',
        hiddenSize='CFG["hidden_size"]',
        numLayers='CFG["num_hidden_layers"]',
        numHeads='CFG["num_attention_heads"]',
        intermediateSize='CFG["intermediate_size"]',
        partialRotaryFactor='CFG["rotary_pct"]',
        ropeTheta='CFG["rotary_emb_base"]',
        normEps='CFG["layer_norm_eps"]',
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


def main(argv: list[str] | None = None) -> int:
    """The shared command line; with ``--check`` also ``config_plants_visible`` and
    ``recorded_values_match``."""
    rc = _MAKE.main(argv)
    if "--check" not in (sys.argv[1:] if argv is None else argv):
        return rc
    bad = config_plants_visible()
    print("config plants:", "all visible to torch" if not bad else f"not seen: {bad}")
    wrong = recorded_values_match()
    print("recorded code-plant values:", "all computed by Python" if not wrong else wrong)
    return rc or (1 if bad or wrong else 0)


if __name__ == "__main__":
    raise SystemExit(main())
