"""The twenty-eighth fresh held-out set of re-implementations (written blind in session 31): the
architectures the earlier manifests hold least (ALBERT, DeiT, DistilBERT, Gemma 3, OLMo,
StableLM, Cohere, BLOOM, GPT-J, Qwen3-MoE, OLMoE, BART), eight in plain styles users write that no
earlier README lists (Lightning's ``save_hyperparameters``, Keras' ``get_config`` /
``from_config``, a distillation student from its teacher's config, gemma_pytorch's
``get_config_for_<variant>``, OLMo's dotted command-line overrides, a GPT-NeoX YAML with dashed
keys, ``fire``'s function defaults, an old Hugging Face ``PRETRAINED_CONFIG_ARCHIVE_MAP``) and
four with a new size source (Megatron-DeepSpeed's dashed ``argparse`` defaults under a launch
string, mesh-transformer-jax's ``params`` JSON, dataclass inheritance, a decorator registry of
named sizes). It was NOT run through driftcheck while it was written; run it once
(``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` is fresh11's. Every model body is an earlier set's output-proven one (fresh3's, fresh4's,
fresh5's, fresh6's, fresh19's, fresh27's) with a new size source in front, so their
parameter-name maps and I/O kinds are imported.

    python benchmarks/reimpl/fresh28/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh28 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh3.make import CASES as _C3  # noqa: E402
from benchmarks.reimpl.fresh3.make import SAME_OUTPUT as _F3  # noqa: E402
from benchmarks.reimpl.fresh3.make import SAME_OUTPUT_IO as _IO3  # noqa: E402
from benchmarks.reimpl.fresh4.make import CASES as _C4  # noqa: E402
from benchmarks.reimpl.fresh4.make import SAME_OUTPUT as _F4  # noqa: E402
from benchmarks.reimpl.fresh4.make import SAME_OUTPUT_IO as _IO4  # noqa: E402
from benchmarks.reimpl.fresh5.make import CASES as _C5  # noqa: E402
from benchmarks.reimpl.fresh5.make import SAME_OUTPUT as _F5  # noqa: E402
from benchmarks.reimpl.fresh5.make import SAME_OUTPUT_IO as _IO5  # noqa: E402
from benchmarks.reimpl.fresh6.make import CASES as _C6  # noqa: E402
from benchmarks.reimpl.fresh6.make import SAME_OUTPUT as _F6  # noqa: E402
from benchmarks.reimpl.fresh6.make import SAME_OUTPUT_IO as _IO6  # noqa: E402
from benchmarks.reimpl.fresh11.make import sub  # noqa: E402
from benchmarks.reimpl.fresh19.make import CASES as _C19  # noqa: E402
from benchmarks.reimpl.fresh19.make import SAME_OUTPUT as _F19  # noqa: E402
from benchmarks.reimpl.fresh19.make import SAME_OUTPUT_IO as _IO19  # noqa: E402
from benchmarks.reimpl.fresh27.make import CASES as _C27  # noqa: E402
from benchmarks.reimpl.fresh27.make import SAME_OUTPUT as _F27  # noqa: E402
from benchmarks.reimpl.fresh27.make import SAME_OUTPUT_IO as _IO27  # noqa: E402

# a line break first: the deeper-indented lines of the same text do not match
_KW4 = "\n    {}={{}},\n"
_KW8 = "        {}={{}},\n"
_KW12 = "            {}={{}},\n"
_JS4 = '    "{}": {{}},\n'
_JS2 = '  "{}": {{}},\n'
_DASH = "    --{} {{}}\n"
_OVR = '    "--{}={{}}",\n'
_FIELD = "    {}: {} = {{}}\n"

# the case each body comes from: (its set's CASES, SAME_OUTPUT, SAME_OUTPUT_IO, the case's name)
_BODY = {
    "albert_lightning_save_hyperparameters": (_C6, _F6, _IO6, "albert_shared_list"),
    "deit_keras_get_config_from_config": (_C6, _F6, _IO6, "deit_field_metadata"),
    "distilbert_student_from_teacher_config": (_C3, _F3, _IO3, "distilbert_getattr"),
    "gemma3_pytorch_get_config_for_variant": (_C3, _F3, _IO3, "gemma3_layer_idx"),
    "olmo_dotlist_overrides": (_C3, _F3, _IO3, "olmo_hydra"),
    "stablelm_neox_yaml_dashed_keys": (_C3, _F3, _IO3, "stablelm_vars_args"),
    "cohere_fire_cli_function_defaults": (_C3, _F3, _IO3, "cohere_parallel"),
    "bloom_megatron_deepspeed_launch_args": (_C4, _F4, _IO4, "bloom_baddbmm_alibi"),
    "gptj_mesh_transformer_jax_params": (_C4, _F4, _IO4, "gptj_sincos_table"),
    "qwen3_moe_dataclass_inheritance": (_C5, _F5, _IO5, "qwen3moe_slots_cfg"),
    "olmoe_named_size_registry": (_C19, _F19, _IO19, "olmoe_nested_dataclasses"),
    "bart_archive_map_from_pretrained": (_C27, _F27, _IO27, "bart_fairseq_architecture_getattr"),
}


def _cfg(name: str) -> tuple:
    """The earlier set's (arch, config class, kwargs, HF class) of the body ``name`` reuses."""
    cases, _, _, body = _BODY[name]
    return cases[body][:4]


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "albert_lightning_save_hyperparameters": (
        *_cfg("albert_lightning_save_hyperparameters"),
        [
            sub("vocabSize", _KW4.format("vocab_size"), 760, 800),
            sub("embeddingSize", _KW4.format("embedding_size"), 32, 48),
            sub("hiddenSize", _KW4.format("hidden_size"), 96, 120),
            sub("numLayers", _KW4.format("num_hidden_layers"), 4, 6),
            sub("numHeads", _KW4.format("num_attention_heads"), 6, 4),
            sub("intermediateSize", _KW4.format("intermediate_size"), 256, 384),
            sub("maxPositionEmbeddings", _KW4.format("max_position_embeddings"), 160, 256),
            sub("normEps", _KW4.format("layer_norm_eps"), "1e-12", "0.01", (1e-12, 0.01)),
            # not passed by the run: the signature's default
            sub("typeVocabSize", _KW8.format("type_vocab_size"), 2, 3),
        ],
        [("vocabSize", "vocab_size", 800, 760)],
    ),
    "deit_keras_get_config_from_config": (
        *_cfg("deit_keras_get_config_from_config"),
        [
            sub("imageSize", _JS4.format("image"), 32, 64),
            sub("patchSize", _JS4.format("patch"), 8, 4),
            sub("hiddenSize", _JS4.format("dim"), 96, 120),
            sub("numLayers", _JS4.format("depth"), 3, 4),
            sub("numHeads", _JS4.format("heads"), 6, 4),
            sub("intermediateSize", _JS4.format("mlp_dim"), 384, 256),
            sub("normEps", _JS4.format("eps"), "1e-12", "0.01", (1e-12, 0.01)),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "distilbert_student_from_teacher_config": (
        *_cfg("distilbert_student_from_teacher_config"),
        [
            sub("vocabSize", _JS4.format("vocab_size"), 900, 1000),
            sub("hiddenSize", _JS4.format("dim"), 64, 96),
            # the student keeps half the teacher's layers
            sub("numLayers", _JS4.format("n_layers"), 6, 8, (3, 4)),
            sub("numHeads", _JS4.format("n_heads"), 4, 8),
            sub("intermediateSize", _JS4.format("hidden_dim"), 160, 192),
            sub("maxPositionEmbeddings", _JS4.format("max_position_embeddings"), 128, 256),
        ],
        [("vocabSize", "vocab_size", 1000, 900), ("numLayers", "n_layers", 4, 3)],
    ),
    "gemma3_pytorch_get_config_for_variant": (
        *_cfg("gemma3_pytorch_get_config_for_variant"),
        [
            sub("numLayers", _KW8.format("num_hidden_layers"), 3, 4),
            sub("numHeads", _KW8.format("num_attention_heads"), 4, 8),
            sub("numKvHeads", _KW8.format("num_key_value_heads"), 1, 2),
            sub("intermediateSize", _KW8.format("intermediate_size"), 160, 192),
            sub("vocabSize", _KW8.format("vocab_size"), 640, 768),
            sub("slidingWindow", _KW8.format("sliding_window_size"), 48, 64),
            sub(
                "ropeTheta",
                "            AttentionType.GLOBAL: {},\n",
                "1_000_000",
                "100_000",
                (1000000.0, 100000.0),
            ),
            sub("normEps", _KW8.format("rms_norm_eps"), "1e-6", "0.1", (1e-06, 0.1)),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "olmo_dotlist_overrides": (
        *_cfg("olmo_dotlist_overrides"),
        [
            sub("hiddenSize", _OVR.format("model.d_model"), 96, 120),
            sub("numLayers", _OVR.format("model.n_layers"), 2, 3),
            sub("vocabSize", _OVR.format("model.vocab_size"), 1000, 1024),
            sub("numHeads", _OVR.format("model.attention.n_heads"), 6, 8),
            sub("intermediateSize", _OVR.format("model.mlp.hidden_size"), 256, 320),
            sub("tieWordEmbeddings", _OVR.format("model.weight_tying"), False, True),
            # not overridden: the base config's value
            sub(
                "ropeTheta",
                _JS4.format("rope_theta").replace("    ", "            ", 1),
                "10000.0",
                "500000.0",
                (10000.0, 500000.0),
            ),  # fmt: skip
        ],
        [("vocabSize", "vocab_size", 1024, 1000)],
    ),
    "stablelm_neox_yaml_dashed_keys": (
        *_cfg("stablelm_neox_yaml_dashed_keys"),
        [
            sub("numLayers", _JS2.format("num-layers"), 2, 3),
            sub("hiddenSize", _JS2.format("hidden-size"), 64, 96),
            sub("numHeads", _JS2.format("num-attention-heads"), 4, 8),
            sub("numKvHeads", _JS2.format("num-kv-heads"), 4, 2),
            sub("intermediateSize", _JS2.format("intermediate-size"), 176, 192),
            sub("vocabSize", _JS2.format("padded-vocab-size"), 800, 1024),
            sub("normEps", _JS2.format("layernorm-epsilon"), "1.0e-5", "1.0e-1", (1e-05, 0.1)),
            sub("partialRotaryFactor", _JS2.format("rotary-pct"), 0.25, 0.5),
            sub("ropeTheta", _JS2.format("rotary-emb-base"), 10000, 500, (10000.0, 500.0)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "cohere_fire_cli_function_defaults": (
        *_cfg("cohere_fire_cli_function_defaults"),
        [
            sub("vocabSize", _KW4.format("vocab_size"), 960, 1024),
            sub("hiddenSize", _KW4.format("hidden"), 64, 96),
            sub("numLayers", _KW4.format("layers"), 2, 3),
            sub("numHeads", _KW4.format("q_heads"), 4, 8),
            sub("numKvHeads", _KW4.format("kv_heads"), 2, 1),
            sub("intermediateSize", _KW4.format("ffn"), 192, 256),
            sub("ropeTheta", _KW4.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
            # not passed by the run: the function's default
            sub("normEps", _KW4.format("eps"), "1e-5", "0.1", (1e-05, 0.1)),
        ],
        [("intermediateSize", "intermediate_size", 256, 192)],
    ),
    "bloom_megatron_deepspeed_launch_args": (
        *_cfg("bloom_megatron_deepspeed_launch_args"),
        [
            sub("numLayers", _DASH.format("num-layers"), 2, 3),
            sub("hiddenSize", _DASH.format("hidden-size"), 64, 128),
            sub("numHeads", _DASH.format("num-attention-heads"), 8, 4),
            sub("vocabSize", _DASH.format("padded-vocab-size"), 1280, 1024),
            # not on the launch line: the option's default
            sub(
                "normEps",
                '    group.add_argument("--layernorm-epsilon", type=float, default={})\n',
                "1e-5",
                "0.1",
                (1e-05, 0.1),
            ),
        ],
        [("vocabSize", "vocab_size", 1024, 1280), ("numLayers", "n_layer", 3, 2)],
    ),
    "gptj_mesh_transformer_jax_params": (
        *_cfg("gptj_mesh_transformer_jax_params"),
        [
            sub("numLayers", _JS2.format("layers"), 2, 3),
            sub("numHeads", _JS2.format("n_heads"), 4, 8),
            sub("vocabSize", _JS2.format("n_vocab"), 1000, 1024),
            sub("rotaryDim", _JS2.format("pe_rotary_dims"), 8, 16),
            sub("normEps", "LN_EPS = {}\n", "1e-5", "0.1", (1e-05, 0.1)),
        ],
        [("vocabSize", "vocab_size", 1024, 1000), ("intermediateSize", "n_inner", 192, 256)],
    ),
    "qwen3_moe_dataclass_inheritance": (
        *_cfg("qwen3_moe_dataclass_inheritance"),
        [
            sub("vocabSize", _FIELD.format("vocab", "int"), 512, 640),
            sub("numLayers", _FIELD.format("n_layers", "int"), 2, 3),
            sub("numHeads", _FIELD.format("n_heads", "int"), 4, 8),
            sub("numKvHeads", _FIELD.format("n_kv", "int"), 2, 1),
            sub("numExperts", _FIELD.format("n_experts", "int"), 8, 6),
            sub("numExpertsPerTok", _FIELD.format("top_k", "int"), 2, 4),
            sub("moeIntermediateSize", _FIELD.format("expert_ffn", "int"), 48, 64),
            # not redeclared by the run's class: the base class's defaults
            sub(
                "ropeTheta",
                _FIELD.format("theta", "float"),
                "1000000.0",
                "10000.0",
                (1000000.0, 10000.0),
            ),
            sub("normEps", _FIELD.format("eps", "float"), "1e-6", "0.1", (1e-06, 0.1)),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "olmoe_named_size_registry": (
        *_cfg("olmoe_named_size_registry"),
        [
            sub("vocabSize", _KW8.format("vocab_size"), 256, 320),
            sub("hiddenSize", _KW8.format("d_model"), 64, 96),
            sub("numLayers", _KW8.format("n_layers"), 2, 3),
            sub("numHeads", _KW12.format("n_heads"), 4, 8),
            sub("numKvHeads", _KW12.format("n_kv_heads"), 2, 4),
            sub("ropeTheta", _KW12.format("rope_theta"), "10000.0", "500000.0", (1e4, 5e5)),
            sub("numExperts", _KW12.format("num_experts"), 4, 8),
            sub("numExpertsPerTok", _KW12.format("top_k"), 2, 1),
            sub("intermediateSize", _KW12.format("expert_hidden"), 128, 96),
        ],
        [("numExperts", "num_experts", 8, 4)],
    ),
    "bart_archive_map_from_pretrained": (
        *_cfg("bart_archive_map_from_pretrained"),
        [
            sub("vocabSize", _KW4.format("vocab_size"), 700, 800),
            sub("hiddenSize", _KW4.format("d_model"), 64, 96),
            sub("numEncoderLayers", _KW4.format("encoder_layers"), 2, 3),
            sub("numDecoderLayers", _KW4.format("decoder_layers"), 2, 1),
            sub("maxPositionEmbeddings", _KW4.format("max_position_embeddings"), 128, 256),
        ],
        [
            ("decoderFfnDim", "decoder_ffn_dim", 256, 128),
            ("numEncoderLayers", "encoder_layers", 3, 2),
        ],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {n: f[body] for n, (_, f, _, body) in _BODY.items()}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    n: io[body] for n, (_, _, io, body) in _BODY.items() if body in io
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
    "albert_lightning_save_hyperparameters": dict(
        vocabSize="VOCAB_SIZE",
        embeddingSize="EMBEDDING_SIZE",
        hiddenSize="HIDDEN_SIZE",
        numLayers="NUM_LAYERS",
        numHeads="NUM_HEADS",
        intermediateSize="INTERMEDIATE",
        maxPositionEmbeddings="MAX_POSITIONS",
        normEps="EPS",
        typeVocabSize="TYPE_VOCAB",
    ),
    "deit_keras_get_config_from_config": dict(
        imageSize="CFG.image",
        patchSize="CFG.patch",
        hiddenSize="CFG.dim",
        numLayers="CFG.depth",
        numHeads="CFG.heads",
        intermediateSize="CFG.mlp_dim",
        normEps="CFG.eps",
    ),
    "distilbert_student_from_teacher_config": dict(
        vocabSize="cfg.vocab_size",
        hiddenSize="cfg.dim",
        numLayers="cfg.n_layers",
        numHeads="cfg.n_heads",
        intermediateSize="cfg.hidden_dim",
        maxPositionEmbeddings="cfg.max_position_embeddings",
    ),
    "gemma3_pytorch_get_config_for_variant": dict(
        numLayers="N_LAYERS",
        numHeads="N_HEADS",
        numKvHeads="N_KV_HEADS",
        intermediateSize="FFN",
        vocabSize="VOCAB_SIZE",
        slidingWindow="SLIDING_WINDOW",
        ropeTheta="ROPE_GLOBAL_BASE",
        normEps="RMS_EPS",
    ),
    "olmo_dotlist_overrides": {
        fact: f'resolve(CFG)["model"]{path}'
        for fact, path in dict(
            hiddenSize='["d_model"]',
            numLayers='["n_layers"]',
            vocabSize='["vocab_size"]',
            numHeads='["attention"]["n_heads"]',
            intermediateSize='["mlp"]["hidden_size"]',
            tieWordEmbeddings='["weight_tying"]',
            ropeTheta='["attention"]["rope_theta"]',
        ).items()
    },
    "stablelm_neox_yaml_dashed_keys": {
        fact: f"DEFAULTS.{key}"
        for fact, key in dict(
            numLayers="n_layers",
            hiddenSize="dim",
            numHeads="n_heads",
            numKvHeads="n_kv_heads",
            intermediateSize="ffn_dim",
            vocabSize="vocab_size",
            normEps="norm_eps",
            partialRotaryFactor="rotary_pct",
            ropeTheta="rope_theta",
        ).items()
    },
    "cohere_fire_cli_function_defaults": {
        fact: f"CohereArgs.{key}"
        for fact, key in dict(
            vocabSize="vocab_size",
            hiddenSize="hidden",
            numLayers="layers",
            numHeads="q_heads",
            numKvHeads="kv_heads",
            intermediateSize="ffn",
            ropeTheta="rope_theta",
            normEps="eps",
        ).items()
    },
    "bloom_megatron_deepspeed_launch_args": dict(
        numLayers="N_LAYER",
        hiddenSize="N_EMBD",
        numHeads="N_HEAD",
        vocabSize="VOCAB",
        normEps="LN_EPS",
    ),
    "gptj_mesh_transformer_jax_params": dict(
        numLayers="opt.n_layer",
        numHeads="opt.n_head",
        vocabSize="opt.vocab",
        rotaryDim="opt.rotary_dim",
        normEps="LN_EPS",
    ),
    "qwen3_moe_dataclass_inheritance": {
        fact: f"C.{key}"
        for fact, key in dict(
            vocabSize="vocab",
            numLayers="n_layers",
            numHeads="n_heads",
            numKvHeads="n_kv",
            numExperts="n_experts",
            numExpertsPerTok="top_k",
            moeIntermediateSize="expert_ffn",
            ropeTheta="theta",
            normEps="eps",
        ).items()
    },
    "olmoe_named_size_registry": dict(
        vocabSize="CONFIG.vocab_size",
        hiddenSize="CONFIG.d_model",
        numLayers="CONFIG.n_layers",
        numHeads="CONFIG.attn.n_heads",
        numKvHeads="CONFIG.attn.n_kv_heads",
        ropeTheta="CONFIG.attn.rope_theta",
        numExperts="CONFIG.moe.num_experts",
        numExpertsPerTok="CONFIG.moe.top_k",
        intermediateSize="CONFIG.moe.expert_hidden",
    ),
    "bart_archive_map_from_pretrained": dict(
        vocabSize="SPEC.vocab",
        hiddenSize="SPEC.d_model",
        numEncoderLayers="SPEC.encoder.layers",
        numDecoderLayers="SPEC.decoder.layers",
        maxPositionEmbeddings="SPEC.max_positions",
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
