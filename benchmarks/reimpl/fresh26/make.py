"""The twenty-sixth fresh held-out set of re-implementations (written blind in session 29): the
least-covered of the architectures users re-implement most (Gemma 2, CLIP vision and text,
ConvNeXt, Swin, Qwen2, Whisper, T5), five in the plain styles users write (a dataclass read back
with ``asdict``, open_clip's JSON ``vision_cfg``, timm's ``@register_model`` entry points, the
Swin repository's yacs ``merge_from_list``, Meta's ``ModelArgs(**params)``) and three with sizes
in a source no earlier set used (a quoted-printable mail body, a ``raw_decode`` stream of JSON
documents, ``bz2``-compressed archive members). It was NOT run through driftcheck while it was
written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` is fresh11's. Every model body is fresh24's output-proven one with a new size source in
front, so the parameter-name maps are imported from fresh24's ``make.py``.

    python benchmarks/reimpl/fresh26/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh26 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sub  # noqa: E402
from benchmarks.reimpl.fresh24.make import CASES as _C24  # noqa: E402
from benchmarks.reimpl.fresh24.make import SAME_OUTPUT as _F24  # noqa: E402
from benchmarks.reimpl.fresh24.make import SAME_OUTPUT_IO as _IO24  # noqa: E402
from benchmarks.reimpl.set_checks import TOKENS, rope  # noqa: E402

_KW = "    {}={{}},\n"
_KW8 = "        {}={{}},\n"
_JV = '    "{}": {{}},\n'
_JW = '  "{}": {{}},\n'
_OPT = '    "{}", "{{}}",\n'
_QP = "{}=3D{{}}\n"
_PY = "{} = {{}}\n"
_MJ = '            "{}": {{}},\n'
_JS8 = '        "{}": {{}},\n'


def _cfg(fresh24_case: str) -> tuple:
    """fresh24's (arch, config class, kwargs, HF class) of the body this set reuses."""
    return _C24[fresh24_case][:4]


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "gemma2_dataclass_asdict": (
        *_cfg("gemma2_urllib_query_string"),
        [
            sub("vocabSize", _KW.format("vocab"), 128, 192),
            sub("hiddenSize", _KW.format("width"), 64, 96),
            sub("numLayers", _KW.format("layers"), 2, 3),
            sub("numHeads", _KW.format("heads"), 4, 8),
            sub("numKvHeads", _KW.format("kv_heads"), 2, 4),
            sub("headDim", _KW.format("head_dim"), 16, 8),
            sub("intermediateSize", _KW.format("ffn"), 128, 192),
            sub("normEps", _KW.format("eps"), "1e-06", "0.01", (1e-06, 0.01)),
            sub("ropeTheta", _KW.format("rope_base"), "10000.0", "100.0", (10000.0, 100.0)),
            sub("slidingWindow", _KW.format("window"), 8, 4),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "clip_vision_openclip_model_cfg": (
        *_cfg("clip_vision_cookie_header"),
        [
            sub("imageSize", _JV.format("image_size"), 32, 64),
            sub("patchSize", _JV.format("patch_size"), 8, 4),
            sub("numLayers", _JV.format("layers"), 2, 3),
            sub("numHeads", _JV.format("head_width"), 8, 16, (4, 2)),
            sub("intermediateSize", _JV.format("mlp_ratio"), "2.0", "4.0", (64, 128)),
            sub("normEps", '    "ln_eps": {}\n', "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("intermediateSize", "intermediate_size", 96, 64)],
    ),
    "convnext_timm_register_model": (
        *_cfg("convnext_dated_changelog"),
        [
            sub("hiddenSizes", _KW8.format("dims"), "[16, 32]", "[16, 48]", ([16, 32], [16, 48])),
            sub("depths", _KW8.format("depths"), "[1, 2]", "[1, 3]", ([1, 2], [1, 3])),
            sub("patchSize", _KW.format("patch"), 4, 2),
            sub("numChannels", _KW.format("in_chans"), 3, 1),
            sub("normEps", _KW.format("head_eps"), "1e-12", "0.1", (1e-12, 0.1)),
        ],
        [("hiddenSizes", "hidden_sizes", [16, 48], [16, 32], [16, 48])],
    ),
    "swin_yacs_merge_from_list": (
        *_cfg("swin_match_variant_name"),
        [
            sub("patchSize", _OPT.format("MODEL.SWIN.PATCH_SIZE"), 2, 4),
            sub("embedDim", _OPT.format("MODEL.SWIN.EMBED_DIM"), 16, 24),
            sub("depths", _OPT.format("MODEL.SWIN.DEPTHS"), "[2, 2]", "[2, 4]", ([2, 2], [2, 4])),
            sub(
                "numHeads",
                _OPT.format("MODEL.SWIN.NUM_HEADS"),
                "[2, 4]",
                "[2, 8]",
                ([2, 4], [2, 8]),
            ),
            sub("windowSize", _OPT.format("MODEL.SWIN.WINDOW_SIZE"), 4, 8),
            sub("mlpRatio", _OPT.format("MODEL.SWIN.MLP_RATIO"), "4.0", "2.0", (4.0, 2.0)),
            sub("normEps", "NORM_EPS = {}\n", "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("depths", "depths", [2, 3], [2, 2], [2, 3])],
    ),
    "qwen2_meta_params_json": (
        *_cfg("qwen2_tensor_parallel_world_one"),
        [
            sub("hiddenSize", _JV.format("dim"), 64, 96),
            sub("numLayers", _JV.format("n_layers"), 2, 3),
            sub("numHeads", _JV.format("n_heads"), 4, 8),
            sub("numKvHeads", _JV.format("n_kv_heads"), 2, 1),
            sub("vocabSize", _JV.format("vocab_size"), 96, 128),
            sub("intermediateSize", _JV.format("hidden_dim"), 128, 192),
            sub("normEps", _JV.format("norm_eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", '    "rope_theta": {}\n', "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("intermediateSize", "intermediate_size", 160, 128)],
    ),
    "clip_text_quopri_mail_body": (
        *_cfg("clip_text_difflib_preset"),
        [
            sub("vocabSize", _QP.format("vocab"), 99, 128),
            sub("maxPositionEmbeddings", _QP.format("ctx"), 32, 77),
            sub("hiddenSize", _QP.format("width"), 32, 48),
            sub("numHeads", _QP.format("heads"), 4, 2),
            sub("intermediateSize", _QP.format("mlp"), 64, 128),
            sub("numLayers", _QP.format("layers"), 2, 3),
            sub("normEps", _QP.format("eps"), "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "whisper_json_raw_decode_stream": (
        *_cfg("whisper_tokenize_dims_text"),
        [
            sub("numMelBins", _JW.format("n_mels"), 16, 8),
            sub("vocabSize", _JW.format("n_vocab"), 96, 128),
            sub("hiddenSize", _JW.format("d_model"), 32, 48),
            sub("numHeads", _JW.format("n_heads"), 4, 2),
            sub("numEncoderLayers", _JW.format("encoder_layers"), 2, 3),
            sub("numDecoderLayers", _JW.format("decoder_layers"), 2, 1),
            sub("maxSourcePositions", _JW.format("audio_ctx"), 16, 32),
            sub("maxTargetPositions", '  "text_ctx": {}\n', 32, 64),
        ],
        [("decoderFfnDim", "decoder_ffn_dim", 128, 64)],
    ),
    "t5_bz2_archive_members": (
        *_cfg("t5_exec_python_config"),
        [
            sub("vocabSize", _KW.format("vocab"), 96, 128),
            sub("headDim", _KW.format("d_kv"), 8, 16),
            sub("numHeads", _KW.format("n_heads"), 4, 2),
            sub("intermediateSize", _KW.format("d_ff"), 64, 128),
            sub("numEncoderLayers", _KW.format("enc_layers"), 2, 3),
            sub("numDecoderLayers", _KW.format("dec_layers"), 2, 1),
            sub("relativeAttentionNumBuckets", _KW.format("buckets"), 32, 16),
            sub("relativeAttentionMaxDistance", _KW.format("max_distance"), 128, 32),
            sub("normEps", _KW.format("eps"), "1e-06", "0.1", (1e-06, 0.1)),
        ],
        [("numHeads", "num_heads", 8, 4)],
    ),
    "mixtral_hf_config_class_copy": (
        *_cfg("mixtral_safetensors_header_shapes"),
        [
            sub("vocabSize", _KW.format("vocab_size"), 96, 128),
            sub("numLayers", _KW.format("num_hidden_layers"), 2, 3),
            sub("numHeads", _KW.format("num_attention_heads"), 4, 8),
            sub("numKvHeads", _KW.format("num_key_value_heads"), 2, 1),
            sub("intermediateSize", _KW.format("intermediate_size"), 96, 64),
            sub("numExperts", _KW.format("num_local_experts"), 4, 8),
            # the default's line (8 spaces) holds the same text: the line break anchors it
            sub("numExpertsPerTok", "\n" + _KW.format("num_experts_per_tok"), 2, 1),
            sub("normEps", _KW.format("rms_norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _KW.format("rope_theta"), "1000000.0", "10000.0", (1e6, 1e4)),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "gemma2_parametrize_norm_marshal": (
        *_cfg("gemma2_urllib_query_string"),
        [
            sub("vocabSize", _MJ.format("vocab"), 128, 192),
            sub("hiddenSize", _MJ.format("width"), 64, 96),
            sub("numLayers", _MJ.format("layers"), 2, 3),
            sub("numHeads", _MJ.format("heads"), 4, 8),
            sub("numKvHeads", _MJ.format("kv_heads"), 2, 4),
            sub("headDim", _MJ.format("head_dim"), 16, 8),
            sub("intermediateSize", _MJ.format("ffn"), 128, 192),
            sub("normEps", _MJ.format("eps"), "1e-06", "0.01", (1e-06, 0.01)),
            sub("ropeTheta", _MJ.format("rope_base"), "10000.0", "100.0", (10000.0, 100.0)),
            sub("slidingWindow", _MJ.format("window"), 8, 4),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "qwen2_functional_call_checkpoint_hparams": (
        *_cfg("qwen2_tensor_parallel_world_one"),
        [
            sub("hiddenSize", _JS8.format("dim"), 64, 96),
            sub("numLayers", _JS8.format("n_layers"), 2, 3),
            sub("numHeads", _JS8.format("n_heads"), 4, 8),
            sub("numKvHeads", _JS8.format("n_kv_heads"), 2, 1),
            sub("vocabSize", _JS8.format("vocab_size"), 96, 128),
            sub("intermediateSize", _JS8.format("hidden_dim"), 128, 192),
            sub("normEps", _JS8.format("norm_eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", _JS8.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "llama_flat_attention_buffer": (
        "llama",
        "LlamaConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            vocab_size=96,
            intermediate_size=128,
            rms_norm_eps=1e-6,
            max_position_embeddings=128,
            rope_parameters=rope(10000.0),
            tie_word_embeddings=False,
            **TOKENS,
        ),
        "LlamaForCausalLM",
        [
            sub("vocabSize", _PY.format("VOCAB_SIZE"), 96, 128),
            sub("hiddenSize", _PY.format("DIM"), 64, 96),
            sub("numLayers", 'LAYER_SPEC = "{}"', "D D", "D D D", (2, 3)),
            sub("numHeads", _PY.format("N_HEADS"), 4, 8),
            sub("numKvHeads", _PY.format("N_KV_HEADS"), 2, 1),
            sub("intermediateSize", _PY.format("FFN_DIM"), 128, 192),
            sub("normEps", _PY.format("NORM_EPS"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", _PY.format("ROPE_THETA"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
}

_BODY = {
    "gemma2_dataclass_asdict": "gemma2_urllib_query_string",
    "clip_vision_openclip_model_cfg": "clip_vision_cookie_header",
    "convnext_timm_register_model": "convnext_dated_changelog",
    "swin_yacs_merge_from_list": "swin_match_variant_name",
    "qwen2_meta_params_json": "qwen2_tensor_parallel_world_one",
    "clip_text_quopri_mail_body": "clip_text_difflib_preset",
    "whisper_json_raw_decode_stream": "whisper_tokenize_dims_text",
    "t5_bz2_archive_members": "t5_exec_python_config",
    "mixtral_hf_config_class_copy": "mixtral_safetensors_header_shapes",
}
_FLAT = "+".join(rf"model.layers.\1.self_attn.{p}_proj.weight" for p in "qkvo")
SAME_OUTPUT: dict[str, list[tuple]] = {name: _F24[body] for name, body in _BODY.items()}
# the flat attention parameter is q, k, v and o stacked by rows, flattened
SAME_OUTPUT["llama_flat_attention_buffer"] = [
    (r"^layers\.(\d+)\.attention\.flat_weight$", _FLAT, "reshape"),
    *(r for r in _F24["qwen2_tensor_parallel_world_one"] if r"attention\.w" not in r[0]),
]
# the parametrized norm gains are stored as ``<norm>.parametrizations.weight.original``
SAME_OUTPUT["gemma2_parametrize_norm_marshal"] = [
    *(
        (pat + r"parametrizations\.weight\.original$", repl + "weight")
        for pat, repl in _F24["gemma2_urllib_query_string"]
    ),
    *_F24["gemma2_urllib_query_string"],
]
# the functional Qwen2's flat ParameterDict: the template's names with "." written "__"
SAME_OUTPUT["qwen2_functional_call_checkpoint_hparams"] = [
    (r"^weights\.tok_embeddings__", "model.embed_tokens."),
    (r"^weights\.norm__", "model.norm."),
    (r"^weights\.output__", "lm_head."),
    (r"^weights\.layers__(\d+)__attention_norm__", r"model.layers.\1.input_layernorm."),
    (r"^weights\.layers__(\d+)__ffn_norm__", r"model.layers.\1.post_attention_layernorm."),
    (r"^weights\.layers__(\d+)__attention__w([qkvo])__", r"model.layers.\1.self_attn.\2_proj."),
    (r"^weights\.layers__(\d+)__feed_forward__w1__", r"model.layers.\1.mlp.gate_proj."),
    (r"^weights\.layers__(\d+)__feed_forward__w3__", r"model.layers.\1.mlp.up_proj."),
    (r"^weights\.layers__(\d+)__feed_forward__w2__", r"model.layers.\1.mlp.down_proj."),
]
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    name: _IO24[body] for name, body in _BODY.items()
}
SAME_OUTPUT_IO["qwen2_functional_call_checkpoint_hparams"] = ("ids", ["logits"])
SAME_OUTPUT_IO["gemma2_parametrize_norm_marshal"] = ("ids", ["logits"])
SAME_OUTPUT_IO["llama_flat_attention_buffer"] = ("ids", ["logits"])

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


def _hp(**facts: str) -> dict[str, str]:
    return {fact: f'HP["{key}"]' for fact, key in facts.items()}


# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {
    "gemma2_dataclass_asdict": _hp(
        vocabSize="vocab",
        hiddenSize="width",
        numLayers="layers",
        numHeads="heads",
        numKvHeads="kv_heads",
        headDim="head_dim",
        intermediateSize="ffn",
        normEps="eps",
        ropeTheta="rope_base",
        slidingWindow="window",
    ),
    "clip_vision_openclip_model_cfg": _hp(
        imageSize="image_size",
        patchSize="patch_size",
        numLayers="layers",
        numHeads="heads",
        intermediateSize="mlp_width",
        normEps="ln_eps",
    ),
    "convnext_timm_register_model": dict(
        hiddenSizes="list(DIMS)",
        depths="list(DEPTHS)",
        patchSize="PATCH",
        numChannels="IN_CHANS",
        normEps="HEAD_EPS",
    ),
    "swin_yacs_merge_from_list": dict(
        patchSize="PATCH_SIZE",
        embedDim="EMBED_DIM",
        depths="list(DEPTHS)",
        numHeads="list(NUM_HEADS)",
        windowSize="WINDOW_SIZE",
        mlpRatio="MLP_RATIO",
        normEps="NORM_EPS",
    ),
    "qwen2_meta_params_json": dict(
        hiddenSize="ARGS.dim",
        numLayers="ARGS.n_layers",
        numHeads="ARGS.n_heads",
        numKvHeads="ARGS.n_kv_heads",
        vocabSize="ARGS.vocab_size",
        intermediateSize="ARGS.hidden_dim",
        normEps="ARGS.norm_eps",
        ropeTheta="ARGS.rope_theta",
    ),
    "clip_text_quopri_mail_body": _hp(
        vocabSize="vocab",
        maxPositionEmbeddings="ctx",
        hiddenSize="width",
        numHeads="heads",
        intermediateSize="mlp",
        numLayers="layers",
        normEps="eps",
    ),
    "whisper_json_raw_decode_stream": {
        fact: f'DIMS["{key}"]'
        for fact, key in dict(
            numMelBins="n_mels",
            vocabSize="n_vocab",
            hiddenSize="d_model",
            numHeads="n_heads",
            numEncoderLayers="encoder_layers",
            numDecoderLayers="decoder_layers",
            maxSourcePositions="audio_ctx",
            maxTargetPositions="text_ctx",
        ).items()
    },
    "t5_bz2_archive_members": {
        fact: f'C["{key}"]'
        for fact, key in dict(
            vocabSize="vocab",
            headDim="d_kv",
            numHeads="n_heads",
            intermediateSize="d_ff",
            numEncoderLayers="enc_layers",
            numDecoderLayers="dec_layers",
            relativeAttentionNumBuckets="buckets",
            relativeAttentionMaxDistance="max_distance",
            normEps="eps",
        ).items()
    },
    "gemma2_parametrize_norm_marshal": _hp(
        vocabSize="vocab",
        hiddenSize="width",
        numLayers="layers",
        numHeads="heads",
        numKvHeads="kv_heads",
        headDim="head_dim",
        intermediateSize="ffn",
        normEps="eps",
        ropeTheta="rope_base",
        slidingWindow="window",
    ),
    "qwen2_functional_call_checkpoint_hparams": dict(
        hiddenSize="ARGS.dim",
        numLayers="ARGS.n_layers",
        numHeads="ARGS.n_heads",
        numKvHeads="ARGS.n_kv_heads",
        vocabSize="ARGS.vocab_size",
        intermediateSize="ARGS.hidden_dim",
        normEps="ARGS.norm_eps",
        ropeTheta="ARGS.rope_theta",
    ),
    "llama_flat_attention_buffer": dict(
        vocabSize="ARGS.vocab_size",
        hiddenSize="ARGS.dim",
        numLayers="ARGS.n_layers",
        numHeads="ARGS.n_heads",
        numKvHeads="ARGS.n_kv_heads",
        intermediateSize="ARGS.hidden_dim",
        normEps="ARGS.norm_eps",
        ropeTheta="ARGS.rope_theta",
    ),
    "mixtral_hf_config_class_copy": {
        fact: f'P["{key}"]'
        for fact, key in dict(
            vocabSize="vocab_size",
            numLayers="n_layers",
            numHeads="n_heads",
            numKvHeads="n_kv_heads",
            intermediateSize="hidden_dim",
            numExperts="n_experts",
            numExpertsPerTok="top_k",
            normEps="norm_eps",
            ropeTheta="rope_theta",
        ).items()
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
