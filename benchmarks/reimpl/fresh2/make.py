"""The second fresh held-out set of re-implementations (written in session 9, while other
helpers tuned on ``fresh/``): hand-written cases in styles that neither the main corpus nor
``fresh/`` uses, and architectures neither has (GPT-J, OPT, Falcon, BLOOM, StarCoder2, ALBERT,
ELECTRA, DeiT, Swin, Gemma 2, CLIP text). It was NOT run through driftcheck while it was
written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` builds every clean case (and every planted code variant) and the HF model of its
config on the meta device and compares parameter counts (the torch proof that a clean pair is
one model, and that a code plant builds).

    python benchmarks/reimpl/fresh2/make.py [--check]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh2 --mode both --show 200
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


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value[, config's value as the manifest records
#                  it, when the key's value is not the fact's value itself])
CASES: dict[str, tuple] = {
    "llama_argparse": (
        "llama",
        "LlamaConfig",
        dict(
            vocab_size=768,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            max_position_embeddings=512,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=_rope(500000.0),
        ),
        "LlamaForCausalLM",
        [
            (
                "numHeads",
                'p.add_argument("--n-heads", type=int, default=6)',
                'p.add_argument("--n-heads", type=int, default=8)',
                6,
                8,
            ),
            (
                "ropeTheta",
                'p.add_argument("--rope-theta", type=float, default=500000.0)',
                'p.add_argument("--rope-theta", type=float, default=10000.0)',
                500000.0,
                10000.0,
            ),
        ],
        [("vocabSize", "vocab_size", 1024, 768)],
    ),
    "mistral_frozen": (
        "mistral",
        "MistralConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=16,
            sliding_window=96,
            max_position_embeddings=512,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
        ),
        "MistralForCausalLM",
        [
            ("slidingWindow", "    window: int = 96", "    window: int = 128", 96, 128),
            ("intermediateSize", "    mlp_width: int = 192", "    mlp_width: int = 224", 192, 224),
            ("numKvHeads", "    n_kv: int = 1", "    n_kv: int = 2", 1, 2),
        ],
        [("numLayers", "num_hidden_layers", 2, 3)],
    ),
    "qwen2_pydantic": (
        "qwen2",
        "Qwen2Config",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=144,
            num_hidden_layers=2,
            num_attention_heads=8,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            rope_parameters=_rope(1000000.0),
        ),
        "Qwen2ForCausalLM",
        [
            (
                "tieWordEmbeddings",
                "        self.lm_head = TiedHead(self.embed_tokens)",
                "        self.lm_head = nn.Linear(cfg.hidden_size, cfg.vocab_size, bias=False)",
                True,
                False,
            ),
            (
                "numKvHeads",
                "    num_key_value_heads: int = 2",
                "    num_key_value_heads: int = 4",
                2,
                4,
            ),
        ],
        [("normEps", "rms_norm_eps", 1e-5, 1e-6)],
    ),
    "gemma2_moduledict": (
        "gemma2",
        "Gemma2Config",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=24,
            query_pre_attn_scalar=24,
            sliding_window=32,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            pad_token_id=0,
            eos_token_id=1,
            bos_token_id=2,
        ),
        "Gemma2ForCausalLM",
        [
            ("headDim", "HEAD_DIM = 24", "HEAD_DIM = 16", 24, 16),
            ("numLayers", "LAYERS = 2", "LAYERS = 4", 2, 4),
        ],
        [("slidingWindow", "sliding_window", 64, 32)],
    ),
    "phi3_attrs": (
        "phi3",
        "Phi3Config",
        dict(
            vocab_size=800,
            hidden_size=96,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            max_position_embeddings=512,
            original_max_position_embeddings=512,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(10000.0),
        ),
        "Phi3ForCausalLM",
        [
            ("intermediateSize", "    ffn: int = 160", "    ffn: int = 192", 160, 192),
            ("numKvHeads", "    kv_heads: int = 2", "    kv_heads: int = 6", 2, 6),
        ],
        [("ropeTheta", "rope_parameters", _rope(250000.0), 10000.0, 250000.0)],
    ),
    "mixtral_registry": (
        "mixtral",
        "MixtralConfig",
        dict(
            vocab_size=600,
            hidden_size=64,
            intermediate_size=112,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            num_local_experts=6,
            num_experts_per_tok=2,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
        ),
        "MixtralForCausalLM",
        [
            ("numExperts", '    "n_experts": 6,', '    "n_experts": 8,', 6, 8),
            ("numExpertsPerTok", '    "top_k": 2,', '    "top_k": 3,', 2, 3),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "gpt2_paramlist": (
        "gpt2",
        "GPT2Config",
        dict(
            vocab_size=900,
            n_positions=128,
            n_embd=64,
            n_layer=2,
            n_head=4,
            layer_norm_epsilon=1e-5,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "GPT2LMHeadModel",
        [
            (
                "numLayers",
                "def __init__(self, vocab=900, ctx=128, d=64, depth=2, heads=4):",
                "def __init__(self, vocab=900, ctx=128, d=64, depth=3, heads=4):",
                2,
                3,
            ),
            (
                "maxPositionEmbeddings",
                "def __init__(self, vocab=900, ctx=128, d=64, depth=2, heads=4):",
                "def __init__(self, vocab=900, ctx=256, d=64, depth=2, heads=4):",
                128,
                256,
            ),
        ],
        [("numHeads", "n_head", 8, 4)],
    ),
    "neox_clones": (
        "gpt_neox",
        "GPTNeoXConfig",
        dict(
            vocab_size=700,
            hidden_size=96,
            num_hidden_layers=3,
            num_attention_heads=6,
            intermediate_size=288,
            max_position_embeddings=256,
            layer_norm_eps=1e-5,
            use_parallel_residual=False,
            tie_word_embeddings=False,
            bos_token_id=0,
            eos_token_id=0,
            rope_parameters=_rope(10000.0, partial_rotary_factor=0.5),
        ),
        "GPTNeoXForCausalLM",
        [
            ("numHeads", "        heads = 6", "        heads = 8", 6, 8),
            ("intermediateSize", "        ffn = 288", "        ffn = 384", 288, 384),
        ],
        [("normEps", "layer_norm_eps", 1e-6, 1e-5)],
    ),
    "gptj_from_name": (
        "gptj",
        "GPTJConfig",
        dict(
            vocab_size=640,
            n_positions=256,
            n_embd=64,
            n_layer=2,
            n_head=4,
            rotary_dim=8,
            n_inner=192,
            layer_norm_epsilon=1e-5,
            tie_word_embeddings=False,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "GPTJForCausalLM",
        [
            ("numLayers", "        n_layer=2,", "        n_layer=3,", 2, 3),
            ("intermediateSize", "        n_inner=192,", "        n_inner=256,", 192, 256),
        ],
        [("vocabSize", "vocab_size", 1000, 640)],
    ),
    "opt_json_literal": (
        "opt",
        "OPTConfig",
        dict(
            vocab_size=900,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            ffn_dim=192,
            max_position_embeddings=128,
            word_embed_proj_dim=64,
            do_layer_norm_before=True,
            pad_token_id=1,
            bos_token_id=2,
            eos_token_id=2,
        ),
        "OPTForCausalLM",
        [
            (
                "maxPositionEmbeddings",
                '  "max_positions": 128,',
                '  "max_positions": 256,',
                128,
                256,
            ),
            ("intermediateSize", '  "ffn": 192,', '  "ffn": 256,', 192, 256),
            (
                "tieWordEmbeddings",
                "        self.lm_head.weight = self.embed_tokens.weight\n",
                "",
                True,
                False,
            ),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "falcon_typeddict": (
        "falcon",
        "FalconConfig",
        dict(
            vocab_size=700,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=8,
            multi_query=True,
            new_decoder_architecture=False,
            parallel_attn=True,
            bias=False,
            alibi=False,
            ffn_hidden_size=256,
            max_position_embeddings=256,
            layer_norm_epsilon=1e-5,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(10000.0),
        ),
        "FalconForCausalLM",
        [
            ("numLayers", '    "n_layer": 2,', '    "n_layer": 3,', 2, 3),
            ("numKvHeads", '    "n_kv": 1,', '    "n_kv": 2,', 1, 2),
        ],
        [("numHeads", "num_attention_heads", 4, 8)],
    ),
    "bert_kaiming": (
        "bert",
        "BertConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=160,
            max_position_embeddings=128,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        "BertModel",
        [
            (
                "intermediateSize",
                "        intermediate: int = 160,",
                "        intermediate: int = 256,",
                160,
                256,
            ),
            ("normEps", "        eps: float = 1e-12,", "        eps: float = 1e-5,", 1e-12, 1e-5),
        ],
        [("numLayers", "num_hidden_layers", 4, 2)],
    ),
    "roberta_intenum": (
        "roberta",
        "RobertaConfig",
        dict(
            vocab_size=700,
            hidden_size=48,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=96,
            max_position_embeddings=66,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "RobertaModel",
        [
            ("numHeads", "    HEADS = 4", "    HEADS = 6", 4, 6),
            ("maxPositionEmbeddings", "    POSITIONS = 66", "    POSITIONS = 130", 66, 130),
        ],
        [("vocabSize", "vocab_size", 1000, 700)],
    ),
    "albert_ini": (
        "albert",
        "AlbertConfig",
        dict(
            vocab_size=600,
            embedding_size=32,
            hidden_size=64,
            num_hidden_layers=3,
            num_hidden_groups=1,
            inner_group_num=1,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=128,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
            bos_token_id=2,
            eos_token_id=3,
        ),
        "AlbertModel",
        [
            ("embeddingSize", "embedding_size = 32", "embedding_size = 48", 32, 48),
            ("intermediateSize", "intermediate_size = 128", "intermediate_size = 192", 128, 192),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "electra_attrdict": (
        "electra",
        "ElectraConfig",
        dict(
            vocab_size=600,
            embedding_size=32,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=128,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        "ElectraModel",
        [
            ("numLayers", '        "layers": 2,', '        "layers": 3,', 2, 3),
            ("embeddingSize", '        "emb": 32,', '        "emb": 48,', 32, 48),
        ],
        [("intermediateSize", "intermediate_size", 256, 128)],
    ),
    "bart_nested_dc": (
        "bart",
        "BartConfig",
        dict(
            vocab_size=700,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_position_embeddings=128,
            scale_embedding=False,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
            decoder_start_token_id=2,
            forced_eos_token_id=2,
        ),
        "BartModel",
        [
            (
                "numDecoderLayers",
                "    decoder: Stack = field(default_factory=lambda: Stack(layers=2))",
                "    decoder: Stack = field(default_factory=lambda: Stack(layers=3))",
                2,
                3,
            ),
            ("intermediateSize", "    ffn: int = 128", "    ffn: int = 192", 128, 192),
        ],
        [("numHeads", "encoder_attention_heads", 8, 4)],
    ),
    "deit_partial": (
        "deit",
        "DeiTConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            image_size=32,
            patch_size=8,
            num_channels=3,
            layer_norm_eps=1e-12,
        ),
        "DeiTModel",
        [
            ("numLayers", "        depth=2,", "        depth=3,", 2, 3),
            ("intermediateSize", "        mlp_ratio=4.0,", "        mlp_ratio=3.0,", 256, 192),
            ("patchSize", "        patch=8,", "        patch=4,", 8, 4),
        ],
        [("numHeads", "num_attention_heads", 2, 4)],
    ),
    "clip_vision_ns": (
        "clip_vision",
        "CLIPVisionConfig",
        dict(
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            image_size=32,
            patch_size=8,
            num_channels=3,
            layer_norm_eps=1e-5,
            projection_dim=32,
        ),
        "CLIPVisionModel",
        [
            ("numHeads", '    "heads": 4,', '    "heads": 8,', 4, 8),
            ("intermediateSize", '    "mlp": 128,', '    "mlp": 256,', 128, 256),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "clip_text_factory": (
        "clip_text",
        "CLIPTextConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            max_position_embeddings=77,
            layer_norm_eps=1e-5,
            projection_dim=32,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "CLIPTextModel",
        [
            ("maxPositionEmbeddings", '    "context": 77,', '    "context": 64,', 77, 64),
            ("normEps", '    "eps": 1e-5,', '    "eps": 1e-6,', 1e-5, 1e-6),
        ],
        [("vocabSize", "vocab_size", 1024, 800)],
    ),
    "whisper_partial": (
        "whisper",
        "WhisperConfig",
        dict(
            vocab_size=500,
            num_mel_bins=40,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_source_positions=100,
            max_target_positions=64,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=1,
            decoder_start_token_id=2,
        ),
        "WhisperModel",
        [
            ("numMelBins", "        return cls(mels=40,", "        return cls(mels=80,", 40, 80),
            (
                "numEncoderLayers",
                "                   enc_layers=2,",
                "                   enc_layers=3,",
                2,
                3,
            ),
        ],
        [("numDecoderLayers", "decoder_layers", 3, 2)],
    ),
    "convnext_zipped": (
        "convnext",
        "ConvNextConfig",
        dict(
            num_channels=3,
            patch_size=4,
            num_stages=3,
            hidden_sizes=[16, 32, 64],
            depths=[1, 1, 2],
            layer_norm_eps=1e-6,
            layer_scale_init_value=1e-6,
        ),
        "ConvNextModel",
        [
            (
                "depths",
                "WIDTHS, DEPTHS = (16, 32, 64), (1, 1, 2)",
                "WIDTHS, DEPTHS = (16, 32, 64), (1, 1, 3)",
                2,
                3,
            ),
            (
                "hiddenSizes",
                "WIDTHS, DEPTHS = (16, 32, 64), (1, 1, 2)",
                "WIDTHS, DEPTHS = (16, 48, 64), (1, 1, 2)",
                32,
                48,
            ),
        ],
        [("hiddenSizes", "hidden_sizes", [16, 32, 96], 64)],
    ),
    "resnet_make_layer": (
        "resnet",
        "ResNetConfig",
        dict(
            num_channels=3,
            embedding_size=16,
            hidden_sizes=[16, 32],
            depths=[2, 2],
            layer_type="basic",
            hidden_act="relu",
            downsample_in_first_stage=False,
        ),
        "ResNetModel",
        [
            (
                "depths",
                "    def __init__(self, layers=(2, 2), widths=(16, 32), stem=16):",
                "    def __init__(self, layers=(2, 3), widths=(16, 32), stem=16):",
                2,
                3,
            ),
        ],
        [("hiddenSizes", "hidden_sizes", [16, 48], 32)],
    ),
    "bloom_alibi_slots": (
        "bloom",
        "BloomConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            n_layer=2,
            n_head=8,
            layer_norm_epsilon=1e-5,
            bos_token_id=1,
            eos_token_id=2,
            pad_token_id=3,
        ),
        "BloomForCausalLM",
        [
            ("numHeads", "        self.n_head = 8", "        self.n_head = 4", 8, 4),
            ("vocabSize", "        self.vocab = 1000", "        self.vocab = 1024", 1000, 1024),
        ],
        [("numLayers", "n_layer", 3, 2)],
    ),
    "starcoder2_sdpa_window": (
        "starcoder2",
        "Starcoder2Config",
        dict(
            vocab_size=800,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=512,
            norm_epsilon=1e-5,
            sliding_window=128,
            use_bias=True,
            tie_word_embeddings=True,
            bos_token_id=0,
            eos_token_id=0,
            rope_parameters=_rope(100000.0),
        ),
        "Starcoder2ForCausalLM",
        [
            ("slidingWindow", "        self.window = 128", "        self.window = 256", 128, 256),
            (
                "ropeTheta",
                "        self.base = 100000.0",
                "        self.base = 10000.0",
                100000.0,
                10000.0,
            ),
        ],
        [
            ("intermediateSize", "intermediate_size", 192, 256),
            ("tieWordEmbeddings", "tie_word_embeddings", False, True),
        ],
    ),
    "t5_gated_functional": (
        "t5",
        "T5Config",
        dict(
            vocab_size=640,
            d_model=48,
            d_kv=16,
            d_ff=112,
            num_layers=2,
            num_decoder_layers=3,
            num_heads=4,
            relative_attention_num_buckets=32,
            relative_attention_max_distance=64,
            layer_norm_epsilon=1e-6,
            feed_forward_proj="gated-gelu",
            pad_token_id=0,
            eos_token_id=1,
            decoder_start_token_id=0,
        ),
        "T5ForConditionalGeneration",
        [
            ("numHeads", "    heads=4,", "    heads=6,", 4, 6),
            ("headDim", "    kv_dim=16,", "    kv_dim=12,", 16, 12),
            ("numDecoderLayers", "    n_dec=3,", "    n_dec=2,", 3, 2),
        ],
        [("intermediateSize", "d_ff", 128, 112)],
    ),
    "swin_windows": (
        "swin",
        "SwinConfig",
        dict(
            image_size=32,
            patch_size=2,
            num_channels=3,
            embed_dim=16,
            depths=[2, 2],
            num_heads=[2, 4],
            window_size=4,
            mlp_ratio=2.0,
            layer_norm_eps=1e-5,
        ),
        "SwinModel",
        [
            ("depths", "STAGES = [(2, 2), (2, 4)]", "STAGES = [(2, 2), (3, 4)]", 2, 3),
            ("windowSize", "WINDOW = 4", "WINDOW = 8", 4, 8),
        ],
        [("numHeads", "num_heads", [2, 8], 4)],
    ),
}


def build_config(name: str, overrides: dict | None = None):
    return set_checks.build_config(CASES, name, overrides)


def write() -> dict:
    return set_checks.write_set(HERE, CASES)


def check(manifest: dict) -> list[str]:
    """Clean cases must equal the HF count; planted code variants must build and differ."""
    return set_checks.check_counts(HERE, manifest)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    m = write()
    archs = {c["arch"] for c in m["cases"]}
    print(f"{len(m['cases'])} cases over {len(archs)} architectures, {len(m['planted'])} planted")
    if args.check:
        bad = check(m)
        print("param counts:", "all equal" if not bad else f"differ: {bad}")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
