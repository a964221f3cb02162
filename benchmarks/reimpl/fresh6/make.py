"""The sixth fresh held-out set of re-implementations (written blind in session 13): hand-written
cases in styles no earlier set uses, mostly of architectures no earlier set has. It was NOT run
through driftcheck while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` builds every clean case (and every planted code variant) and the HF model of its
config on the meta device and compares parameter counts (the torch proof that a clean pair is
one model, and that a code plant builds); for the cases in ``SAME_OUTPUT`` it also copies the
HF model's weights into the case and compares the outputs on CPU. The table, the writer and
the checks are shared with fresh3 to fresh5 (``benchmarks/reimpl/set_checks.py``).

    python benchmarks/reimpl/fresh6/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh6 --mode both --show 200
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402


def _rope(theta: float, **extra) -> dict:
    return {"rope_type": "default", "rope_theta": theta, **extra}


_TOKENS = dict(pad_token_id=0, bos_token_id=1, eos_token_id=2)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value[, config's value as the manifest records
#                  it, when the key's value is not the fact's value itself])
CASES: dict[str, tuple] = {
    "ministral3_configparser": (
        "ministral3",
        "Ministral3Config",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            sliding_window=24,
            tie_word_embeddings=False,
            rope_parameters=_rope(
                1000000.0, llama_4_scaling_beta=0.1, original_max_position_embeddings=32
            ),
            **_TOKENS,
        ),
        "Ministral3ForCausalLM",
        [
            ("numKvHeads", "n_kv = 2", "n_kv = 4", 2, 4),
            ("slidingWindow", "window = 24", "window = 48", 24, 48),
            ("ropeTheta", "rope_theta = 1000000.0", "rope_theta = 10000.0", 1000000.0, 10000.0),
            ("intermediateSize", "ffn = 160", "ffn = 224", 160, 224),
        ],
        [("numLayers", "num_hidden_layers", 4, 3)],
    ),
    "vaultgemma_factory_classes": (
        "vaultgemma",
        "VaultGemmaConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            query_pre_attn_scalar=16,
            sliding_window=16,
            attn_logit_softcapping=50.0,
            final_logit_softcapping=30.0,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "VaultGemmaForCausalLM",
        [
            ("slidingWindow", '"window": 16,', '"window": 32,', 16, 32),
            ("headDim", '"head_dim": 16,', '"head_dim": 32,', 16, 32),
            ("numLayers", '"layers": 4,', '"layers": 6,', 4, 6),
            ("vocabSize", '"vocab": 640,', '"vocab": 768,', 640, 768),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "apertus_signature_defaults": (
        "apertus",
        "ApertusConfig",
        dict(
            vocab_size=576,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=3,
            num_attention_heads=8,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(12000000.0),
            **_TOKENS,
        ),
        "ApertusForCausalLM",
        [
            ("intermediateSize", "d_ff=256,", "d_ff=320,", 256, 320),
            ("numKvHeads", "n_kv_heads=2,", "n_kv_heads=4,", 2, 4),
            ("ropeTheta", "rope_base=12000000.0,", "rope_base=500000.0,", 12000000.0, 500000.0),
        ],
        [("numLayers", "num_hidden_layers", 2, 3)],
    ),
    "flex_olmo_linked_blocks": (
        "flex_olmo",
        "FlexOlmoConfig",
        dict(
            vocab_size=704,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=4,
            num_experts=4,
            num_experts_per_tok=2,
            norm_topk_prob=False,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=_rope(500000.0),
            **_TOKENS,
        ),
        "FlexOlmoForCausalLM",
        [
            (
                "numExperts",
                "EXPERTS, TOP_K, EXPERT_FFN = 4, 2, 96",
                "EXPERTS, TOP_K, EXPERT_FFN = 6, 2, 96",
                4,
                6,
            ),
            (
                "numExpertsPerTok",
                "EXPERTS, TOP_K, EXPERT_FFN = 4, 2, 96",
                "EXPERTS, TOP_K, EXPERT_FFN = 4, 1, 96",
                2,
                1,
            ),
            (
                "numLayers",
                "VOCAB, WIDTH, DEPTH = 704, 64, 3",
                "VOCAB, WIDTH, DEPTH = 704, 64, 2",
                3,
                2,
            ),
        ],
        [("intermediateSize", "intermediate_size", 128, 96)],
    ),
    "granitemoeshared_typeddict": (
        "granitemoeshared",
        "GraniteMoeSharedConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=64,
            shared_intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_local_experts=4,
            num_experts_per_tok=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            embedding_multiplier=12.0,
            attention_multiplier=0.015625,
            residual_multiplier=0.22,
            logits_scaling=8.0,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "GraniteMoeSharedForCausalLM",
        [
            ("sharedExpertIntermediateSize", '"shared_ffn": 96,', '"shared_ffn": 128,', 96, 128),
            ("numExperts", '"experts": 4,', '"experts": 8,', 4, 8),
            ("numExpertsPerTok", '"top_k": 2,', '"top_k": 1,', 2, 1),
            (
                "tieWordEmbeddings",
                "        self.lm_head.weight = self.embed_tokens.weight\n",
                "",
                True,
                False,
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "eurobert_deepcopy_clones": (
        "eurobert",
        "EuroBertConfig",
        dict(
            vocab_size=600,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=3,
            num_attention_heads=6,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            rope_parameters=_rope(250000.0),
            mask_token_id=3,
            **_TOKENS,
        ),
        "EuroBertModel",
        [
            ("numKvHeads", "n_heads=6, n_kv=2,", "n_heads=6, n_kv=3,", 2, 3),
            ("intermediateSize", "dim=96, hidden=256,", "dim=96, hidden=384,", 256, 384),
            ("ropeTheta", "theta=250000.0,", "theta=10000.0,", 250000.0, 10000.0),
        ],
        [("vocabSize", "vocab_size", 640, 600)],
    ),
    "openai_gpt_generator": (
        "openai-gpt",
        "OpenAIGPTConfig",
        dict(
            vocab_size=478, n_positions=96, n_embd=64, n_layer=3, n_head=4, layer_norm_epsilon=1e-5
        ),
        "OpenAIGPTLMHeadModel",
        [
            ("maxPositionEmbeddings", "N_CTX = 96", "N_CTX = 128", 96, 128),
            ("numLayers", "N_LAYER = 3", "N_LAYER = 4", 3, 4),
            ("numHeads", "N_HEAD = 4", "N_HEAD = 8", 4, 8),
        ],
        [("vocabSize", "vocab_size", 512, 478)],
    ),
    "ctrl_missing_defaults": (
        "ctrl",
        "CTRLConfig",
        dict(
            vocab_size=1000,
            n_positions=128,
            n_embd=64,
            dff=192,
            n_layer=3,
            n_head=4,
            layer_norm_epsilon=1e-6,
        ),
        "CTRLLMHeadModel",
        [
            ("intermediateSize", "n_head=4, dff=192,", "n_head=4, dff=256,", 192, 256),
            ("numHeads", "n_layer=3, n_head=4,", "n_layer=3, n_head=8,", 4, 8),
            ("numLayers", "n_embd=64, n_layer=3,", "n_embd=64, n_layer=2,", 3, 2),
        ],
        [("vocabSize", "vocab_size", 1200, 1000)],
    ),
    "modernbert_cycle_pattern": (
        "modernbert",
        "ModernBertConfig",
        dict(
            vocab_size=800,
            hidden_size=96,
            intermediate_size=192,
            num_hidden_layers=4,
            num_attention_heads=6,
            local_attention=16,
            global_attn_every_n_layers=3,
            norm_eps=1e-5,
            max_position_embeddings=256,
            pad_token_id=0,
            eos_token_id=1,
            bos_token_id=2,
            cls_token_id=2,
            sep_token_id=1,
        ),
        "ModernBertModel",
        [
            ("intermediateSize", "FFN = 192", "FFN = 256", 192, 256),
            ("numLayers", "LAYERS = 4", "LAYERS = 5", 4, 5),
            ("slidingWindow", "LOCAL = 16", "LOCAL = 32", 8, 16),
        ],
        [("vocabSize", "vocab_size", 1024, 800)],
    ),
    "fnet_gin_bindings": (
        "fnet",
        "FNetConfig",
        dict(
            vocab_size=700,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=3,
            max_position_embeddings=128,
            type_vocab_size=4,
            layer_norm_eps=1e-12,
            pad_token_id=3,
        ),
        "FNetModel",
        [
            ("intermediateSize", "FNet.intermediate = 160", "FNet.intermediate = 128", 160, 128),
            ("typeVocabSize", "FNet.type_vocab = 4", "FNet.type_vocab = 2", 4, 2),
            (
                "maxPositionEmbeddings",
                "FNet.max_positions = 128",
                "FNet.max_positions = 512",
                128,
                512,
            ),
        ],
        [("numLayers", "num_hidden_layers", 4, 3)],
    ),
    "bigbird_markdown_table": (
        "big_bird",
        "BigBirdConfig",
        dict(
            vocab_size=900,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=256,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            attention_type="original_full",
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            sep_token_id=2,
        ),
        "BigBirdModel",
        [
            (
                "intermediateSize",
                "| intermediate size       | 256   |",
                "| intermediate size       | 192   |",
                256,
                192,
            ),
            (
                "numLayers",
                "| layers                  | 2     |",
                "| layers                  | 3     |",
                2,
                3,
            ),
            (
                "maxPositionEmbeddings",
                "| max positions           | 256   |",
                "| max positions           | 512   |",
                256,
                512,
            ),
        ],
        [("vocabSize", "vocab_size", 1000, 900)],
    ),
    "splinter_contextvar": (
        "splinter",
        "SplinterConfig",
        dict(
            vocab_size=830,
            hidden_size=80,
            num_hidden_layers=3,
            num_attention_heads=5,
            intermediate_size=224,
            max_position_embeddings=192,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
            question_token_id=4,
        ),
        "SplinterModel",
        [
            ("intermediateSize", '"ffn": 224,', '"ffn": 320,', 224, 320),
            ("numLayers", '"depth": 3,', '"depth": 2,', 3, 2),
            ("vocabSize", '"vocab": 830,', '"vocab": 1000,', 830, 1000),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 256, 192)],
    ),
    "xlm_getopt_argv": (
        "xlm",
        "XLMConfig",
        dict(
            vocab_size=950,
            emb_dim=64,
            n_layers=3,
            n_heads=8,
            max_position_embeddings=160,
            layer_norm_eps=1e-12,
            n_langs=1,
        ),
        "XLMModel",
        [
            ("numLayers", '"--n_layers", "3",', '"--n_layers", "4",', 3, 4),
            ("vocabSize", '"--n_words", "950",', '"--n_words", "1000",', 950, 1000),
            ("hiddenSize", '"--emb_dim", "64",', '"--emb_dim", "96",', 64, 96),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 512, 160)],
    ),
    "mt5_descriptors": (
        "mt5",
        "MT5Config",
        dict(
            vocab_size=900,
            d_model=64,
            d_kv=16,
            d_ff=160,
            num_layers=2,
            num_decoder_layers=3,
            num_heads=6,
            relative_attention_num_buckets=32,
            relative_attention_max_distance=128,
            layer_norm_epsilon=1e-6,
            feed_forward_proj="gated-gelu",
            tie_word_embeddings=False,
            pad_token_id=0,
            eos_token_id=1,
            decoder_start_token_id=0,
        ),
        "MT5Model",
        [
            ("numHeads", "heads = Dim(6)", "heads = Dim(4)", 6, 4),
            ("numDecoderLayers", "dec_layers = Dim(3)", "dec_layers = Dim(2)", 3, 2),
            ("relativeAttentionNumBuckets", "buckets = Dim(32)", "buckets = Dim(16)", 32, 16),
            (
                "relativeAttentionMaxDistance",
                "max_distance = Dim(128)",
                "max_distance = Dim(20)",
                128,
                20,
            ),
        ],
        [("intermediateSize", "d_ff", 256, 160)],
    ),
    "blenderbot_small_metaclass": (
        "blenderbot-small",
        "BlenderbotSmallConfig",
        dict(
            vocab_size=880,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_position_embeddings=128,
            scale_embedding=True,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            decoder_start_token_id=1,
        ),
        "BlenderbotSmallModel",
        [
            ("encoderFfnDim", "    encoder_ffn=128,", "    encoder_ffn=192,", 128, 192),
            ("numDecoderLayers", "    decoder_layers=2,", "    decoder_layers=3,", 2, 3),
            ("maxPositionEmbeddings", "    positions=128,", "    positions=256,", 128, 256),
        ],
        [("numEncoderLayers", "encoder_layers", 3, 2)],
    ),
    "mvp_singledispatch": (
        "mvp",
        "MvpConfig",
        dict(
            vocab_size=720,
            d_model=64,
            encoder_layers=2,
            decoder_layers=3,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_position_embeddings=100,
            use_prompt=False,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
            decoder_start_token_id=2,
        ),
        "MvpModel",
        [
            (
                "numDecoderLayers",
                "ENCODER_LAYERS, DECODER_LAYERS, MAX_POSITIONS = 2, 3, 100",
                "ENCODER_LAYERS, DECODER_LAYERS, MAX_POSITIONS = 2, 2, 100",
                3,
                2,
            ),
            (
                "maxPositionEmbeddings",
                "ENCODER_LAYERS, DECODER_LAYERS, MAX_POSITIONS = 2, 3, 100",
                "ENCODER_LAYERS, DECODER_LAYERS, MAX_POSITIONS = 2, 3, 128",
                100,
                128,
            ),
            (
                "vocabSize",
                "VOCAB, D_MODEL, HEADS, FFN_DIM = 720, 64, 4, 128",
                "VOCAB, D_MODEL, HEADS, FFN_DIM = 800, 64, 4, 128",
                720,
                800,
            ),
        ],
        [("encoderFfnDim", "encoder_ffn_dim", 256, 128)],
    ),
}

_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."

# how each case parameter maps to the HF model's tensors (first matching rule wins): the
# replacement names the HF tensor(s) (several joined by "+" are concatenated on dim 0)
SAME_OUTPUT: dict[str, list[tuple]] = {}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {}


def same_output(name: str, seq: int = 12, code: Path | None = None) -> float:
    """Max |output difference| between the case (or ``code``, a variant of it) and the HF model
    of its config, with the same weights (``set_checks.same_output``)."""
    return set_checks.same_output(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO, name, seq, code)


def build_config(name: str, overrides: dict | None = None):
    return set_checks.build_config(CASES, name, overrides)


def write() -> dict:
    return set_checks.write_set(HERE, CASES)


def check(manifest: dict) -> list[str]:
    """Clean cases must equal the HF count; planted code variants must build and differ."""
    return set_checks.check_counts(HERE, manifest)


def check_keeping_plants(manifest: dict, only: set[str] | None = None) -> list[str]:
    """The output check can fail: every code plant of an output-checked case that keeps every
    parameter count (RoPE theta, window, top-k, a scale) changes the outputs by more than
    1e-4."""
    from benchmarks.reimpl.make import code_params

    bad = []
    for p in manifest["planted"]:
        if p["where"] != "code" or p["case"] not in SAME_OUTPUT:
            continue
        if only and p["case"] not in only:
            continue
        if code_params(HERE / p["code"]) != code_params(HERE / "cases" / f"{p['case']}.py"):
            continue
        diff = same_output(p["case"], seq=80, code=HERE / p["code"])
        print(f"  {p['name']:44} keeps the counts, max |output diff| {diff:.2e}")
        if not diff > 1e-4:
            bad.append(f"{p['name']} (plant does not change the outputs)")
    return bad


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--only", default="", help="comma-separated case names (the check only)")
    args = ap.parse_args()
    m = write()
    archs = {c["arch"] for c in m["cases"]}
    print(f"{len(m['cases'])} cases over {len(archs)} architectures, {len(m['planted'])} planted")
    if args.check:
        only = set(args.only.split(",")) if args.only else None
        part = m
        if only:
            part = {
                "cases": [c for c in m["cases"] if c["name"] in only],
                "planted": [p for p in m["planted"] if p["case"] in only],
            }
        bad = check(part)
        for name in SAME_OUTPUT:
            if only and name not in only:
                continue
            diff = same_output(name, seq=80)
            print(f"{name:22} same weights, max |output diff| {diff:.2e}")
            if diff > 1e-4:
                bad.append(f"{name} (output)")
        bad += check_keeping_plants(m, only)
        print("param counts and logits:", "all equal" if not bad else f"differ: {bad}")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
