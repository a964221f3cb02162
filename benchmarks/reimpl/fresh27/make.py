"""The twenty-seventh fresh held-out set of re-implementations (written blind in session 30): the
architectures users re-implement most, eleven in the plain styles users write (nanoGPT's
``configurator.py`` overrides, lit-gpt's ``Config.from_name`` presets, Mistral's reference
``ModelArgs.from_dict``, timm's ``model_args`` entry points, Hugging Face's ``BertConfig`` copied
in, a frozen T5 dataclass with ``replace``, gpt-fast's ``transformer_configs``, a pasted
``config.json``, Microsoft's original Phi configuration class, fairseq's ``getattr`` defaults,
mmdetection's ``arch_settings``) and three with sizes in a source no
earlier set used (an ``xml.sax`` handler, ``heapq`` priority patches, a ``zlib`` run cache). It
was NOT run through driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` is fresh11's. Most model bodies are an earlier set's output-proven one (fresh25's,
fresh19's Qwen2-MoE, fresh3's Phi; the RoBERTa body is fresh25's BERT with positions starting
after the padding index) with a new size source in front, so their parameter-name maps are
imported; BART (fresh2's body) and ResNet (fresh2's trunk as an mmdet backbone) have new maps.

    python benchmarks/reimpl/fresh27/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh27 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh2.make import CASES as _C2  # noqa: E402
from benchmarks.reimpl.fresh3.make import CASES as _C3  # noqa: E402
from benchmarks.reimpl.fresh3.make import SAME_OUTPUT as _F3  # noqa: E402
from benchmarks.reimpl.fresh11.make import sub  # noqa: E402
from benchmarks.reimpl.fresh19.make import CASES as _C19  # noqa: E402
from benchmarks.reimpl.fresh19.make import SAME_OUTPUT as _F19  # noqa: E402
from benchmarks.reimpl.fresh25.make import CASES as _C25  # noqa: E402
from benchmarks.reimpl.fresh25.make import SAME_OUTPUT as _F25  # noqa: E402
from benchmarks.reimpl.fresh25.make import SAME_OUTPUT_IO as _IO25  # noqa: E402

_ARGV = '    "--{}={{}}",\n'
_KW8 = "        {}={{}},\n"
_KW4 = "    {}={{}},\n"
_JS4 = '    "{}": {{}},\n'
_JS2 = '  "{}": {{}},\n'
_SAX = '    <param name="{}" type="{}">{{}}</param>\n'
_PATCH = '    (2, "{}", {{}}),\n'


def _cfg(cases: dict, body: str) -> tuple:
    """An earlier set's (arch, config class, kwargs, HF class) of the body this set reuses."""
    return cases[body][:4]


_ROBERTA = dict(
    vocab_size=96,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    intermediate_size=128,
    max_position_embeddings=66,
    type_vocab_size=1,
    layer_norm_eps=1e-5,
    pad_token_id=1,
    bos_token_id=0,
    eos_token_id=2,
)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "gpt2_nanogpt_configurator_argv": (
        *_cfg(_C25, "gpt2_nanogpt_model_args"),
        [
            sub("numLayers", _ARGV.format("n_layer"), 2, 3),
            sub("numHeads", _ARGV.format("n_head"), 4, 2),
            sub("maxPositionEmbeddings", _ARGV.format("block_size"), 64, 128),
            sub("vocabSize", _ARGV.format("meta_vocab_size"), 96, 128),
            sub("normEps", "LN_EPS = {}\n", "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("intermediateSize", "n_inner", 128, 256), ("vocabSize", "vocab_size", 128, 96)],
    ),
    "llama_litgpt_config_from_name": (
        *_cfg(_C25, "llama_config_json_object_hook"),
        [
            sub("vocabSize", _KW8.format("padded_vocab_size"), 96, 128),
            sub("hiddenSize", _KW8.format("n_embd"), 64, 96),
            sub("intermediateSize", _KW8.format("intermediate_size"), 160, 192),
            sub("numLayers", _KW8.format("n_layer"), 2, 3),
            sub("numHeads", _KW8.format("n_head"), 4, 8),
            sub("numKvHeads", _KW8.format("n_query_groups"), 2, 1),
            sub("normEps", _KW8.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _KW8.format("rope_base"), 10000, 100, (10000.0, 100.0)),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "mistral_reference_modelargs_from_dict": (
        *_cfg(_C25, "mistral_formatter_field_specs"),
        [
            sub("vocabSize", _JS4.format("vocab_size"), 96, 128),
            sub("hiddenSize", _JS4.format("dim"), 64, 96),
            sub("numLayers", _JS4.format("n_layers"), 2, 3),
            sub("numHeads", _JS4.format("n_heads"), 4, 8),
            sub("numKvHeads", _JS4.format("n_kv_heads"), 1, 2),
            sub("intermediateSize", _JS4.format("hidden_dim"), 160, 192),
            sub("slidingWindow", _JS4.format("sliding_window"), 16, 4),
            sub("normEps", _JS4.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _JS4.format("rope_theta"), "10000.0", "1000000.0", (1e4, 1e6)),
        ],
        [("intermediateSize", "intermediate_size", 128, 160)],
    ),
    "vit_timm_model_args_entrypoint": (
        *_cfg(_C25, "vit_re_scanner_spec"),
        [
            sub("imageSize", _KW8.format("img_size"), 32, 64),
            sub("patchSize", _KW8.format("patch_size"), 8, 4),
            sub("numHeads", _KW8.format("num_heads"), 4, 2),
            sub("intermediateSize", _KW8.format("mlp_ratio"), "2.0", "4.0", (64, 128)),
            sub("numLayers", _KW8.format("depth"), 2, 3),
            sub("normEps", _KW8.format("norm_eps"), "1e-12", "0.1", (1e-12, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "bert_hf_config_from_dict": (
        *_cfg(_C25, "bert_ipaddress_octets"),
        [
            sub("vocabSize", _JS4.format("vocab_size"), 96, 128),
            sub("hiddenSize", _JS4.format("hidden_size"), 64, 96),
            sub("numLayers", _JS4.format("num_hidden_layers"), 2, 3),
            sub("numHeads", _JS4.format("num_attention_heads"), 4, 2),
            sub("intermediateSize", _JS4.format("intermediate_size"), 128, 192),
            sub("maxPositionEmbeddings", _JS4.format("max_position_embeddings"), 64, 128),
            sub("typeVocabSize", _JS4.format("type_vocab_size"), 2, 3),
            sub("normEps", '    "layer_norm_eps": {},\n', "1e-12", "0.01", (1e-12, 0.01)),
        ],
        [("intermediateSize", "intermediate_size", 256, 128)],
    ),
    "t5_frozen_dataclass_replace": (
        *_cfg(_C25, "t5_graphlib_size_rules"),
        [
            sub("vocabSize", _KW4.format("vocab_size"), 96, 128),
            sub("headDim", _KW4.format("d_kv"), 8, 16),
            sub("intermediateSize", _KW4.format("d_ff"), 64, 128),
            sub("numEncoderLayers", _KW4.format("num_layers"), 2, 3),
            sub("numDecoderLayers", _KW4.format("num_decoder_layers"), 2, 1),
            sub("numHeads", _KW4.format("num_heads"), 4, 2),
            sub(
                "relativeAttentionNumBuckets",
                "    relative_attention_num_buckets: int = {}\n",
                32,
                16,
            ),
            sub(
                "relativeAttentionMaxDistance",
                "    relative_attention_max_distance: int = {}\n",
                128,
                32,
            ),
            sub("normEps", "    layer_norm_epsilon: float = {}\n", "1e-06", "0.1", (1e-06, 0.1)),
        ],
        [("numHeads", "num_heads", 8, 4)],
    ),
    "mixtral_gpt_fast_from_name": (
        *_cfg(_C25, "mixtral_nested_moe_args"),
        [
            sub("vocabSize", _KW8.format("vocab_size"), 96, 128),
            sub("numLayers", _KW8.format("n_layer"), 2, 3),
            sub("numHeads", _KW8.format("n_head"), 4, 8),
            sub("numKvHeads", _KW8.format("n_local_heads"), 2, 1),
            sub("intermediateSize", _KW8.format("intermediate_size"), 96, 64),
            sub("numExperts", _KW8.format("num_experts"), 4, 8),
            sub("numExpertsPerTok", _KW8.format("num_activated_experts"), 2, 1),
            sub("normEps", _KW8.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _KW8.format("rope_base"), "1000000.0", "10000.0", (1e6, 1e4)),
        ],
        [("numExperts", "num_local_experts", 8, 4)],
    ),
    "qwen2_moe_config_json_namespace": (
        *_cfg(_C19, "qwen2_moe_parameterlist_shared_gate"),
        [
            sub("vocabSize", _JS2.format("vocab_size"), 256, 320),
            sub("numLayers", _JS2.format("num_hidden_layers"), 2, 3),
            sub("numKvHeads", _JS2.format("num_key_value_heads"), 2, 1),
            sub("numExperts", _JS2.format("num_experts"), 4, 8),
            sub("numExpertsPerTok", _JS2.format("num_experts_per_tok"), 2, 1),
            sub("moeIntermediateSize", _JS2.format("moe_intermediate_size"), 32, 48),
            sub(
                "sharedExpertIntermediateSize",
                _JS2.format("shared_expert_intermediate_size"),
                64,
                96,
            ),
            sub("ropeTheta", _JS2.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "phi_original_config_class": (
        *_cfg(_C3, "phi_flax_init"),
        [
            sub("vocabSize", _KW4.format("vocab_size"), 880, 1024),
            sub("numLayers", _KW4.format("n_layer"), 2, 3),
            sub("intermediateSize", _KW4.format("n_inner"), 256, 192),
            sub("partialRotaryFactor", _KW4.format("rotary_dim"), 8, 4, (0.5, 0.25)),
            # the signature's default (8 spaces) holds the same text: the line break anchors it
            sub(
                "ropeTheta", "\n" + _KW4.format("rotary_base"), "10000.0", "100.0", (10000.0, 100.0)
            ),
            sub("normEps", _KW4.format("layer_norm_epsilon"), "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "gpt_neox_xml_sax_param_handler": (
        *_cfg(_C25, "gpt_neox_json_repeated_keys"),
        [
            sub("vocabSize", _SAX.format("vocab_size", "int"), 96, 112),
            sub("hiddenSize", _SAX.format("hidden_size", "int"), 64, 96),
            sub("numLayers", _SAX.format("num_hidden_layers", "int"), 2, 3),
            sub("numHeads", _SAX.format("num_attention_heads", "int"), 4, 2),
            sub("intermediateSize", _SAX.format("intermediate_size", "int"), 256, 128),
            sub("partialRotaryFactor", _SAX.format("rotary_pct", "float"), 0.25, 0.5),
            sub(
                "ropeTheta",
                _SAX.format("rotary_emb_base", "float"),
                "10000.0",
                "500.0",
                (10000.0, 500.0),
            ),
            sub("normEps", _SAX.format("layer_norm_eps", "float"), "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "roberta_heapq_priority_patches": (
        "roberta",
        "RobertaConfig",
        _ROBERTA,
        "RobertaModel",
        [
            sub("vocabSize", _PATCH.format("vocab"), 96, 128),
            sub("hiddenSize", _PATCH.format("width"), 64, 96),
            sub("numLayers", _PATCH.format("layers"), 2, 3),
            sub("numHeads", _PATCH.format("heads"), 4, 8),
            sub("intermediateSize", _PATCH.format("ffn"), 128, 192),
            sub("maxPositionEmbeddings", _PATCH.format("pos"), 66, 130),
            sub("typeVocabSize", _PATCH.format("types"), 1, 2),
            sub("normEps", _PATCH.format("eps"), "1e-05", "0.01", (1e-05, 0.01)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "swin_zlib_run_cache": (
        *_cfg(_C25, "swin_minidom_stage_elements"),
        [
            sub("embedDim", _JS4.format("embed_dim"), 16, 24),
            sub("patchSize", _JS4.format("patch_size"), 2, 4),
            sub("windowSize", _JS4.format("window_size"), 4, 8),
            sub("mlpRatio", _JS4.format("mlp_ratio"), "4.0", "2.0", (4.0, 2.0)),
            sub("normEps", _JS4.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("depths", _JS4.format("depths"), "[2, 2]", "[2, 4]", ([2, 2], [2, 4])),
            sub("numHeads", _JS4.format("num_heads"), "[2, 4]", "[2, 8]", ([2, 4], [2, 8])),
        ],
        [("depths", "depths", [2, 3], [2, 2], [2, 3])],
    ),
    "bart_fairseq_architecture_getattr": (
        *_cfg(_C2, "bart_nested_dc"),
        [
            sub("vocabSize", _KW4.format("vocab_size"), 700, 800),
            sub("hiddenSize", _KW4.format("encoder_embed_dim"), 64, 96),
            sub("numEncoderLayers", _KW4.format("encoder_layers"), 2, 3),
            sub("numDecoderLayers", _KW4.format("decoder_layers"), 2, 1),
            sub("maxPositionEmbeddings", _KW4.format("max_source_positions"), 128, 256),
        ],
        [
            ("decoderFfnDim", "decoder_ffn_dim", 256, 128),
            ("numEncoderLayers", "encoder_layers", 3, 2),
        ],
    ),
    "resnet_mmdet_arch_settings": (
        *_cfg(_C2, "resnet_make_layer"),
        [
            sub("depths", _KW4.format("depth"), 18, 34, ([2, 2], [3, 4])),
            sub("hiddenSizes", _KW4.format("base_channels"), 16, 24, ([16, 32], [24, 48])),
            sub("embeddingSize", _KW4.format("stem_channels"), 16, 24),
            sub("numChannels", _KW4.format("in_channels"), 3, 1),
        ],
        [
            ("depths", "depths", [2, 3], [2, 2], [2, 3]),
            ("hiddenSizes", "hidden_sizes", [16, 48], [16, 32], [16, 48]),
        ],
    ),
}

# the case each body comes from (its parameter-name map and I/O)
_BODY25 = {
    "gpt2_nanogpt_configurator_argv": "gpt2_nanogpt_model_args",
    "llama_litgpt_config_from_name": "llama_config_json_object_hook",
    "mistral_reference_modelargs_from_dict": "mistral_formatter_field_specs",
    "vit_timm_model_args_entrypoint": "vit_re_scanner_spec",
    "bert_hf_config_from_dict": "bert_ipaddress_octets",
    "t5_frozen_dataclass_replace": "t5_graphlib_size_rules",
    "mixtral_gpt_fast_from_name": "mixtral_nested_moe_args",
    "gpt_neox_xml_sax_param_handler": "gpt_neox_json_repeated_keys",
    "swin_zlib_run_cache": "swin_minidom_stage_elements",
    # RobertaModel's parameter names are BertModel's
    "roberta_heapq_priority_patches": "bert_ipaddress_octets",
}
SAME_OUTPUT: dict[str, list[tuple]] = {name: _F25[body] for name, body in _BODY25.items()}
SAME_OUTPUT["qwen2_moe_config_json_namespace"] = _F19["qwen2_moe_parameterlist_shared_gate"]
SAME_OUTPUT["phi_original_config_class"] = _F3["phi_flax_init"]
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    name: _IO25[body] for name, body in _BODY25.items()
}
SAME_OUTPUT_IO["qwen2_moe_config_json_namespace"] = ("ids", ["logits"])
SAME_OUTPUT_IO["phi_original_config_class"] = ("ids", ["logits"])
# fresh2's BART body: BartModel's own names but the positions (``embed_positions``)
SAME_OUTPUT["bart_fairseq_architecture_getattr"] = [
    (r"^(encoder|decoder)\.positions\.", r"\1.embed_positions."),
    (r"^", ""),
]
SAME_OUTPUT_IO["bart_fairseq_architecture_getattr"] = ("seq2seq", ["last_hidden_state"])
# torchvision's names onto ResNetModel's (batch-norm statistics are the defaults on both sides)
_ST = r"^stages\.(\d+)\.(\d+)\."
_HS = r"encoder.stages.\1.layers.\2."
SAME_OUTPUT["resnet_mmdet_arch_settings"] = [
    (r"^conv1\.", "embedder.embedder.convolution."),
    (r"^bn1\.", "embedder.embedder.normalization."),
    (_ST + r"conv1\.", _HS + "layer.0.convolution."),
    (_ST + r"bn1\.", _HS + "layer.0.normalization."),
    (_ST + r"conv2\.", _HS + "layer.1.convolution."),
    (_ST + r"bn2\.", _HS + "layer.1.normalization."),
    (_ST + r"downsample\.0\.", _HS + "shortcut.convolution."),
    (_ST + r"downsample\.1\.", _HS + "shortcut.normalization."),
]
SAME_OUTPUT_IO["resnet_mmdet_arch_settings"] = ("pixels", ["last_hidden_state", "pooler_output"])

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
    "gpt2_nanogpt_configurator_argv": dict(
        numLayers="gptconf.n_layer",
        numHeads="gptconf.n_head",
        maxPositionEmbeddings="gptconf.block_size",
        vocabSize="gptconf.vocab_size",
        normEps="LN_EPS",
    ),
    "llama_litgpt_config_from_name": dict(
        vocabSize="cfg.vocab_size",
        hiddenSize="cfg.hidden_size",
        intermediateSize="cfg.intermediate_size",
        numLayers="cfg.num_hidden_layers",
        numHeads="cfg.num_attention_heads",
        numKvHeads="cfg.num_key_value_heads",
        normEps="cfg.rms_norm_eps",
        ropeTheta="cfg.rope_theta",
    ),
    "mistral_reference_modelargs_from_dict": {
        fact: f'P["{key}"]'
        for fact, key in dict(
            vocabSize="vocab_size",
            hiddenSize="dim",
            numLayers="n_layers",
            numHeads="n_heads",
            numKvHeads="n_kv_heads",
            intermediateSize="hidden_dim",
            slidingWindow="sliding_window",
            normEps="norm_eps",
            ropeTheta="rope_theta",
        ).items()
    },
    "vit_timm_model_args_entrypoint": dict(
        imageSize="IMAGE",
        patchSize="PATCH",
        numHeads="HEADS",
        intermediateSize="MLP",
        numLayers="DEPTH",
        normEps="EPS",
    ),
    "bert_hf_config_from_dict": {
        **{
            fact: f'C["{key}"]'
            for fact, key in dict(
                vocabSize="vocab",
                hiddenSize="width",
                numLayers="layers",
                numHeads="heads",
                intermediateSize="ffn",
                maxPositionEmbeddings="pos",
                typeVocabSize="types",
            ).items()
        },
        "normEps": "EPS",
    },
    "t5_frozen_dataclass_replace": {
        fact: f'C["{key}"]'
        for fact, key in dict(
            vocabSize="vocab",
            headDim="d_kv",
            intermediateSize="d_ff",
            numEncoderLayers="enc_layers",
            numDecoderLayers="dec_layers",
            numHeads="n_heads",
            relativeAttentionNumBuckets="buckets",
            relativeAttentionMaxDistance="max_distance",
            normEps="eps",
        ).items()
    },
    "mixtral_gpt_fast_from_name": dict(
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
    "qwen2_moe_config_json_namespace": dict(
        vocabSize="hp.vocab",
        numLayers="hp.n_layer",
        numKvHeads="hp.n_kv",
        numExperts="hp.n_expert",
        numExpertsPerTok="hp.k",
        moeIntermediateSize="hp.expert_ffn",
        sharedExpertIntermediateSize="hp.shared_ffn",
        ropeTheta="hp.theta",
    ),
    "phi_original_config_class": {
        fact: f'HYPER["{key}"]'
        for fact, key in dict(
            vocabSize="vocab",
            numLayers="n_layer",
            intermediateSize="d_ff",
            partialRotaryFactor="rotary_frac",
            ropeTheta="rope_base",
            normEps="ln_eps",
        ).items()
    },
    "gpt_neox_xml_sax_param_handler": {
        fact: f'CFG["{key}"]'
        for fact, key in dict(
            vocabSize="vocab_size",
            hiddenSize="hidden_size",
            numLayers="num_hidden_layers",
            numHeads="num_attention_heads",
            intermediateSize="intermediate_size",
            partialRotaryFactor="rotary_pct",
            ropeTheta="rotary_emb_base",
            normEps="layer_norm_eps",
        ).items()
    },
    "roberta_heapq_priority_patches": {
        **{
            fact: f'C["{key}"]'
            for fact, key in dict(
                vocabSize="vocab",
                hiddenSize="width",
                numLayers="layers",
                numHeads="heads",
                intermediateSize="ffn",
                maxPositionEmbeddings="pos",
                typeVocabSize="types",
            ).items()
        },
        "normEps": "EPS",
    },
    "bart_fairseq_architecture_getattr": dict(
        vocabSize="SPEC.vocab",
        hiddenSize="SPEC.d_model",
        numEncoderLayers="SPEC.encoder.layers",
        numDecoderLayers="SPEC.decoder.layers",
        maxPositionEmbeddings="SPEC.max_positions",
    ),
    "resnet_mmdet_arch_settings": dict(
        depths='list(ResNet.arch_settings[model["depth"]][1][: model["num_stages"]])',
        hiddenSizes='[model["base_channels"] * 2**i for i in range(model["num_stages"])]',
        embeddingSize='model["stem_channels"]',
        numChannels='model["in_channels"]',
    ),
    "swin_zlib_run_cache": dict(
        embedDim="EMBED_DIM",
        patchSize="PATCH_SIZE",
        windowSize="WINDOW_SIZE",
        mlpRatio="MLP_RATIO",
        normEps="NORM_EPS",
        depths="list(DEPTHS)",
        numHeads="list(NUM_HEADS)",
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
