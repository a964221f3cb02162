"""The tenth fresh held-out set of re-implementations (written blind in session 17): hand-written
cases in styles no earlier set uses, over a third of them architectures no earlier set has. It
was NOT run through driftcheck while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` is the torch proof (shared with every set: ``benchmarks/reimpl/set_checks.py``).
Unlike fresh9's table, the repeated parts are built by the small helpers below: ``dec`` /
``enc`` / ``vis`` give a family's small config (a case lists only what differs), ``sub`` writes
a code plant whose old and new lines differ only in the value.

    python benchmarks/reimpl/fresh10/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh10 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402

_rope = set_checks.rope


def dec(theta: float = 10000.0, **kw) -> dict:
    """A small decoder config (Llama family names); ``kw`` overrides."""
    base = dict(
        vocab_size=512,
        hidden_size=64,
        intermediate_size=176,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=256,
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        rope_parameters=_rope(theta),
        **set_checks.TOKENS,
    )
    return {**base, **kw}


def enc(**kw) -> dict:
    """A small BERT-family encoder config; ``kw`` overrides."""
    base = dict(
        vocab_size=320,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=128,
        max_position_embeddings=128,
        pad_token_id=0,
    )
    return {**base, **kw}


def vis(**kw) -> dict:
    """A small ViT-family vision config (32 px images, 8 px patches); ``kw`` overrides."""
    base = dict(
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        image_size=32,
        patch_size=8,
    )
    return {**base, **kw}


def sub(fact: str, line: str, left, right, shown: tuple | None = None) -> tuple:
    """A code plant replacing ``line`` formatted with the config's value by the same line with
    the code's value; ``shown`` = (config's, code's) as recorded, where the line holds another
    value the fact derives from."""
    old, new = line.format(left), line.format(right)
    return (fact, old, new, *(shown or (left, right)))


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value) (``sub``)
# a config plant: (fact, key, new value, code's value[, config's value as recorded])
CASES: dict[str, tuple] = {
    "llama_fused_kv_cache_layout": (
        "llama",
        "LlamaConfig",
        dec(50000.0),
        "LlamaForCausalLM",
        [
            sub("numKvHeads", "Q_HEADS, KV_HEADS, HEAD = 4, {}, 16", 2, 1),
            sub("intermediateSize", "FFN = {}", 176, 192),
            sub("ropeTheta", "THETA = {}", 50000.0, 10000.0),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen2_functional_params": (
        "qwen2",
        "Qwen2Config",
        dec(
            1e6,
            vocab_size=640,
            hidden_size=96,
            intermediate_size=224,
            num_hidden_layers=3,
            num_attention_heads=6,
            rms_norm_eps=1e-6,
        ),
        "Qwen2ForCausalLM",
        [
            sub("numLayers", '"layers": {}, "heads"', 3, 2),
            sub("numKvHeads", '"heads": 6, "kv": {},', 2, 3),
            sub("vocabSize", 'HP = {{"vocab": {}, ', 640, 512),
        ],
        [("intermediateSize", "intermediate_size", 256, 224)],
    ),
    "llama_scan_stacked_layers": (
        "llama",
        "LlamaConfig",
        dec(
            vocab_size=768,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=3,
            num_attention_heads=6,
            num_key_value_heads=3,
        ),
        "LlamaForCausalLM",
        [
            sub("numLayers", "N_LAYERS = {}", 3, 2),
            sub("numKvHeads", "N_KV = {}", 3, 2),
            sub("vocabSize", "N_VOCAB = {}", 768, 640),
        ],
        [("intermediateSize", "intermediate_size", 288, 256)],
    ),
    "mistral_checkpoint_shape_table": (
        "mistral",
        "MistralConfig",
        dec(1e6, intermediate_size=192, num_key_value_heads=1, sliding_window=32),
        "MistralForCausalLM",
        [
            sub("numKvHeads", '"layers.0.attention.wk.weight": ({}, 64),', 16, 32, (1, 2)),
            sub("slidingWindow", "SLIDING_WINDOW = {}", 32, 64),
            sub("numLayers", '"layers.{}.ffn_norm.weight": (64,),', 1, 2, (2, 3)),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "mistral_grouped_qkv_rows": (
        "mistral",
        "MistralConfig",
        dec(
            vocab_size=640,
            hidden_size=96,
            intermediate_size=288,
            num_attention_heads=6,
            head_dim=16,
            sliding_window=24,
        ),
        "MistralForCausalLM",
        [
            sub("numKvHeads", "n_heads, n_groups, head_dim = 6, {}, 16", 2, 3),
            sub("intermediateSize", "mlp_dim, window, eps, base = {}, 24,", 288, 320),
            sub("numLayers", "vocab, dim, n_layers = 640, 96, {}", 2, 3),
        ],
        [("slidingWindow", "sliding_window", 48, 24)],
    ),
    "qwen3_divmod_head_split": (
        "qwen3",
        "Qwen3Config",
        dec(1e6, intermediate_size=160, head_dim=32, rms_norm_eps=1e-6, tie_word_embeddings=True),
        "Qwen3ForCausalLM",
        [
            sub("numKvHeads", "KV_WIDTH = {}", 64, 96, (2, 3)),
            sub("numHeads", "Q_WIDTH = {}", 128, 256, (4, 8)),
            sub("numLayers", "LAYERS = {}", 2, 3),
        ],
        [("tieWordEmbeddings", "tie_word_embeddings", False, True)],
    ),
    "gemma_mixed_naming_fromkeys": (
        "gemma",
        "GemmaConfig",
        dec(
            vocab_size=384,
            intermediate_size=256,
            num_key_value_heads=1,
            head_dim=16,
            rms_norm_eps=1e-6,
            hidden_activation="gelu_pytorch_tanh",
            tie_word_embeddings=True,
        ),
        "GemmaForCausalLM",
        [
            sub("numHeads", "COUNTS.update(q_heads={}, n_layers=2)", 4, 8),
            sub("numLayers", "COUNTS.update(q_heads=4, n_layers={})", 2, 3),
            sub("intermediateSize", '"mlp": {},', 256, 320),
        ],
        [("vocabSize", "vocab_size", 512, 384)],
    ),
    "olmo2_partial_registry": (
        "olmo2",
        "Olmo2Config",
        dec(500000.0, intermediate_size=192, num_key_value_heads=4, rms_norm_eps=1e-6),
        "Olmo2ForCausalLM",
        [
            sub("numLayers", "layers={}, heads=4, kv=4, ffn=192", 2, 3),
            sub("numKvHeads", "kv={}, ffn=192", 4, 2),
            sub("intermediateSize", "ffn={}),", 192, 256),
        ],
        [("ropeTheta", "rope_parameters", _rope(10000.0), 500000.0, 10000.0)],
    ),
    "granite_key_value_spec": (
        "granite",
        "GraniteConfig",
        dec(
            embedding_multiplier=12.0,
            attention_multiplier=0.0625,
            residual_multiplier=0.22,
            logits_scaling=8.0,
            tie_word_embeddings=True,
        ),
        "GraniteForCausalLM",
        [
            sub("numLayers", " L={} ", 2, 3),
            sub("numKvHeads", " kv={} ", 2, 4),
            sub("intermediateSize", " ff={} ", 176, 208),
        ],
        [("numKvHeads", "num_key_value_heads", 1, 2)],
    ),
    "stablelm_depth_from_drop_path": (
        "stablelm",
        "StableLmConfig",
        dec(
            intermediate_size=160,
            num_key_value_heads=4,
            partial_rotary_factor=0.25,
            layer_norm_eps=1e-5,
        ),
        "StableLmForCausalLM",
        [
            sub("numLayers", "DROP_PATH = {}", (0.0, 0.05), (0.0, 0.05, 0.1), (2, 3)),
            sub("intermediateSize", "FFN = {}", 160, 192),
            sub("vocabSize", "VOCAB = {}", 512, 448),
        ],
        [
            # transformers 5 keeps the factor in rope_parameters (a bare kwarg is overridden)
            (
                "partialRotaryFactor",
                "rope_parameters",
                _rope(10000.0, partial_rotary_factor=0.5),
                0.25,
                0.5,
            )
        ],
    ),
    "phi_islice_repeat": (
        "phi",
        "PhiConfig",
        dec(
            vocab_size=448,
            intermediate_size=256,
            num_key_value_heads=4,
            partial_rotary_factor=0.5,
            layer_norm_eps=1e-5,
        ),
        "PhiForCausalLM",
        [
            sub("numLayers", "N_LAYER = {}", 2, 3),
            sub("intermediateSize", '"d_mlp={}"', 256, 192),
            sub("vocabSize", "VOCAB_SIZE = {}", 448, 512),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "falcon_dotenv_text": (
        "falcon",
        "FalconConfig",
        dict(
            vocab_size=448,
            hidden_size=64,
            num_attention_heads=4,
            num_hidden_layers=2,
            ffn_hidden_size=256,
            multi_query=True,
            new_decoder_architecture=False,
            parallel_attn=True,
            bias=False,
            tie_word_embeddings=True,
        ),
        "FalconForCausalLM",
        [
            sub("numLayers", "FALCON_LAYERS={}", 2, 3),
            sub("intermediateSize", "FALCON_FFN={}", 256, 320),
            sub("vocabSize", "FALCON_VOCAB={}", 448, 512),
        ],
        [("intermediateSize", "ffn_hidden_size", 192, 256)],
    ),
    "gpt_neox_vars_namespace_class": (
        "gpt_neox",
        "GPTNeoXConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            num_attention_heads=4,
            num_hidden_layers=3,
            intermediate_size=256,
            partial_rotary_factor=0.25,
            layer_norm_eps=1e-5,
            tie_word_embeddings=False,
            use_parallel_residual=True,
        ),
        "GPTNeoXForCausalLM",
        [
            sub("numLayers", "    layers = {}", 3, 2),
            sub("intermediateSize", "    mlp = {}", 256, 320),
            sub("vocabSize", "    vocab = {}", 512, 640),
        ],
        [("numLayers", "num_hidden_layers", 2, 3)],
    ),
    "gpt2_float_mlp_ratio": (
        "gpt2",
        "GPT2Config",
        dict(
            vocab_size=700,
            n_embd=96,
            n_head=6,
            n_layer=2,
            n_positions=128,
            bos_token_id=1,
            eos_token_id=2,
        ),
        "GPT2LMHeadModel",
        [
            sub("intermediateSize", "MLP_RATIO = {}", 4.0, 3.0, (384, 288)),
            sub("numLayers", "N_LAYER = {}", 2, 3),
            sub("maxPositionEmbeddings", "N_CTX = {}", 128, 256),
        ],
        [("vocabSize", "vocab_size", 768, 700)],
    ),
    "opt_torch_size_shape": (
        "opt",
        "OPTConfig",
        dict(
            vocab_size=400,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            ffn_dim=256,
            max_position_embeddings=128,
            word_embed_proj_dim=32,
            do_layer_norm_before=True,
            tie_word_embeddings=True,
        ),
        "OPTForCausalLM",
        [
            sub("numLayers", "SHAPE = torch.Size([{}, 64", 2, 3),
            sub("intermediateSize", "4, {}])", 256, 320),
            sub("maxPositionEmbeddings", "MAX_POS = {}", 128, 256),
        ],
        [("vocabSize", "vocab_size", 448, 400)],
    ),
    "bert_generator_parts": (
        "bert",
        "BertConfig",
        enc(),
        "BertModel",
        [
            sub("numLayers", "HIDDEN, HEADS, INTERMEDIATE, LAYERS = 64, 4, 128, {}", 2, 3),
            sub("intermediateSize", "= 64, 4, {}, 2", 128, 192),
            sub("typeVocabSize", "VOCAB, TYPES, POSITIONS = 320, {}, 128", 2, 3),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 256, 128)],
    ),
    "roberta_fraction_ratio": (
        "roberta",
        "RobertaConfig",
        enc(
            vocab_size=500,
            hidden_size=96,
            num_attention_heads=6,
            intermediate_size=256,
            max_position_embeddings=130,
            type_vocab_size=1,
            pad_token_id=1,
            layer_norm_eps=1e-5,
        ),
        "RobertaModel",
        [
            sub("intermediateSize", "FFN_RATIO = Fraction({}, 3)", 8, 10, (256, 320)),
            sub("numLayers", "DEPTH = {}", 2, 3),
            sub("maxPositionEmbeddings", "MAX_POSITIONS = {}", 128, 256, (130, 258)),
        ],
        [("vocabSize", "vocab_size", 560, 500)],
    ),
    "vit_getitem_config": (
        "vit",
        "ViTConfig",
        vis(layer_norm_eps=1e-12),
        "ViTModel",
        [
            sub("patchSize", "    patch = {}", 8, 16),
            sub("numLayers", "    depth = {}", 2, 3),
            sub("intermediateSize", "    mlp = {}", 128, 192),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "xlnet_einsum_head_tensors": (
        "xlnet",
        "XLNetConfig",
        dict(
            vocab_size=320,
            d_model=64,
            n_layer=2,
            n_head=4,
            d_inner=160,
            ff_activation="gelu",
            layer_norm_eps=1e-12,
        ),
        "XLNetLMHeadModel",
        [
            sub("numLayers", "N_LAYER = {}", 2, 3),
            sub("intermediateSize", "D_INNER = {}", 160, 192),
            sub("vocabSize", "N_TOKEN = {}", 320, 384),
            sub("numHeads", "N_HEAD = {}", 4, 8),
        ],
        [("numLayers", "n_layer", 3, 2)],
    ),
    "longformer_global_loop_names": (
        "longformer",
        "LongformerConfig",
        enc(
            vocab_size=400,
            intermediate_size=192,
            max_position_embeddings=130,
            type_vocab_size=1,
            pad_token_id=1,
            attention_window=[16, 16],
            layer_norm_eps=1e-5,
        ),
        "LongformerModel",
        [
            sub("numLayers", "WINDOWS = {}", [16, 16], [16, 16, 16], (2, 3)),
            sub("intermediateSize", "FFN = {}", 192, 256),
            sub("maxPositionEmbeddings", "MAX_POSITIONS = {}", 130, 258),
        ],
        [("vocabSize", "vocab_size", 448, 400)],
    ),
    "tapas_transposed_table": (
        "tapas",
        "TapasConfig",
        enc(
            vocab_size=300, max_position_embeddings=256, type_vocab_sizes=[3, 32, 32, 2, 64, 64, 10]
        ),
        "TapasModel",
        [
            sub("numLayers", '("layers", {}),', 2, 3),
            sub("intermediateSize", '("ffn", {}),', 128, 160),
            sub("vocabSize", '("vocab", {}),', 300, 360),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 512, 256)],
    ),
    "dpr_nn_transformer_encoder": (
        "dpr",
        "DPRConfig",
        enc(projection_dim=32),
        "DPRQuestionEncoder",
        [
            sub("numLayers", "NUM_LAYERS = {}", 2, 3),
            sub("intermediateSize", "DIM_FEEDFORWARD = {}", 128, 192),
            sub("vocabSize", "VOCAB = {}", 320, 384),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 256, 128)],
    ),
    "imagegpt_palette_sizes": (
        "imagegpt",
        "ImageGPTConfig",
        dict(
            vocab_size=65, n_positions=64, n_embd=64, n_layer=2, n_head=4, layer_norm_epsilon=1e-5
        ),
        "ImageGPTForCausalImageModeling",
        [
            sub("vocabSize", "PALETTE = {}", 64, 128, (65, 129)),
            sub("maxPositionEmbeddings", "SIDE = {}", 8, 16, (64, 256)),
            sub("numLayers", "N_EMBD, N_HEAD, N_LAYER = 64, 4, {}", 2, 3),
        ],
        [("intermediateSize", "n_inner", 192, 256)],
    ),
    "pixtral_vision_param_tree": (
        "pixtral",
        "PixtralVisionConfig",
        vis(),
        "PixtralVisionModel",
        [
            sub("patchSize", "C, P, D, F_DIM, L, H = 3, {}, 64, 128, 2, 4", 8, 16),
            sub("intermediateSize", "= 3, 8, 64, {}, 2, 4", 128, 192),
            sub("numLayers", "= 3, 8, 64, 128, {}, 4", 2, 3),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "siglip2_math_prod_patches": (
        "siglip2_vision_model",
        "Siglip2VisionConfig",
        {
            k: v
            for k, v in vis(patch_size=16, num_patches=16, layer_norm_eps=1e-6).items()
            if k != "image_size"
        },
        "Siglip2VisionModel",
        [
            sub("patchSize", "PATCH_SHAPE = (3, {0}, {0})", 16, 14),
            sub("numLayers", "WIDTH, HEADS, MLP, DEPTH = 64, 4, 128, {}", 2, 3),
            sub("intermediateSize", "= 64, 4, {}, 2", 128, 192),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "metaclip2_partialmethod_layers": (
        "metaclip_2_text_model",
        "MetaClip2TextConfig",
        enc(max_position_embeddings=32, layer_norm_eps=1e-5, bos_token_id=1, eos_token_id=2),
        "MetaClip2TextModel",
        [
            sub("maxPositionEmbeddings", "CONTEXT = {}", 32, 64),
            sub("vocabSize", "VOCAB = {}", 320, 384),
            sub("numLayers", "LAYERS = {}", 2, 3),
        ],
        [("intermediateSize", "intermediate_size", 160, 128)],
    ),
    "altclip_nested_class_attrgetter": (
        "altclip_text_model",
        "AltCLIPTextConfig",
        enc(
            vocab_size=360,
            intermediate_size=160,
            max_position_embeddings=130,
            project_dim=48,
            type_vocab_size=1,
            pad_token_id=1,
            layer_norm_eps=1e-5,
        ),
        "AltCLIPTextModel",
        [
            sub("numLayers", "        depth = {}", 2, 3),
            sub("intermediateSize", "        ffn = {}", 160, 192),
            sub("maxPositionEmbeddings", "        positions = {}", 130, 258),
        ],
        [("vocabSize", "vocab_size", 400, 360)],
    ),
    "chinese_clip_counter_plan": (
        "chinese_clip_text_model",
        "ChineseCLIPTextConfig",
        enc(vocab_size=360, intermediate_size=160),
        "ChineseCLIPTextModel",
        [
            sub("numLayers", 'PLAN = "{}"', "E-E", "E-E-E", (2, 3)),
            sub("intermediateSize", "= 360, 64, 4, {}, 128, 2", 160, 192),
            sub("vocabSize", "= {}, 64, 4, 160, 128, 2", 360, 400),
        ],
        [("typeVocabSize", "type_vocab_size", 3, 2)],
    ),
    "git_vision_sum_flattened": (
        "git_vision_model",
        "GitVisionConfig",
        vis(layer_norm_eps=1e-5),
        "GitVisionModel",
        [
            sub(
                "patchSize", "IMAGE, PATCH, WIDTH, HEADS, MLP, DEPTH = 32, {}, 64, 4, 128, 2", 8, 16
            ),
            sub("numLayers", "= 32, 8, 64, 4, 128, {}", 2, 3),
            sub("intermediateSize", "= 32, 8, 64, 4, {}, 2", 128, 192),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "dpr_context_hex_sizes": (
        "dpr",
        "DPRConfig",
        enc(
            vocab_size=448,
            hidden_size=96,
            num_hidden_layers=3,
            num_attention_heads=6,
            intermediate_size=256,
            projection_dim=0,
        ),
        "DPRContextEncoder",
        [
            sub("numLayers", "N_LAYERS = {}", "0x3", "0x2", (3, 2)),
            sub("intermediateSize", "FFN = {}", "0x100", "0x140", (256, 320)),
            sub("vocabSize", "VOCAB = {}", "0x1C0", "0x200", (448, 512)),
        ],
        [("numLayers", "num_hidden_layers", 4, 3)],
    ),
}

_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."
_B, _HB = r"^model\.blocks\.(\d+)\.", r"model.layers.\1."
_QE = "question_encoder.bert_model."
_E, _HE = r"^encoder\.layers\.(\d+)\.", _QE + r"encoder.layer.\1."
_V, _HV = r"^encoder\.(\d+)\.", r"layers.\1."

# case parameter (regex) -> the HF tensors it is cut from (concatenated along dim 0)
SAME_OUTPUT: dict[str, list[tuple]] = {
    "llama_fused_kv_cache_layout": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^head\.", "lm_head."),
        (r"^norm\.", "model.norm."),
        (_L + r"attn_norm\.", _HL + "input_layernorm."),
        (_L + r"mlp_norm\.", _HL + "post_attention_layernorm."),
        (_L + r"wq\.", _HL + "self_attn.q_proj."),
        (_L + r"wkv\.", _HL + "self_attn.k_proj.+" + _HL + "self_attn.v_proj."),
        (_L + r"wo\.", _HL + "self_attn.o_proj."),
        (_L + r"(gate|up|down)\.", _HL + r"mlp.\2_proj."),
    ],
    "qwen2_functional_params": [
        (r"^lm_head\.", "lm_head."),
        (r"^norm$", "model.norm.weight"),
        (r"^", "model."),
    ],
    "qwen3_divmod_head_split": [
        (_L + r"((gate|up|down)_proj)\.", _HL + r"mlp.\2."),
        (r"^", "model."),
    ],
    # a registry wrapper (``model.``) around OLMo-style names; gate and up fused in ``ff_proj``
    "olmo2_partial_registry": [
        (r"^model\.wte\.", "model.embed_tokens."),
        (r"^model\.ln_f\.", "model.norm."),
        (r"^model\.ff_out\.", "lm_head."),
        (_B + r"ff_proj\.", _HB + "mlp.gate_proj." + "+" + _HB + "mlp.up_proj."),
        (_B + r"ff_out\.", _HB + "mlp.down_proj."),
        (_B + r"([qkvo]_proj|[qk]_norm)\.", _HB + r"self_attn.\2."),
        (_B, _HB),
    ],
    "gpt_neox_vars_namespace_class": [
        (r"^embed_out\.", "lm_head."),
        (_L + r"(query_key_value|dense)\.", r"gpt_neox.layers.\1.attention.\2."),
        (_L + r"(dense_h_to_4h|dense_4h_to_h)\.", r"gpt_neox.layers.\1.mlp.\2."),
        (r"^", "gpt_neox."),
    ],
    # generator-added parts: embeddings, ``layer_<i>`` with BERT's sub-layers renamed, pooler
    "bert_generator_parts": [
        (r"^(word|position|token_type)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
        (r"^layer_(\d+)\.(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
        (r"^layer_(\d+)\.attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (r"^layer_(\d+)\.attn_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (r"^layer_(\d+)\.intermediate\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^layer_(\d+)\.output\.", r"encoder.layer.\1.output.dense."),
        (r"^layer_(\d+)\.out_norm\.", r"encoder.layer.\1.output.LayerNorm."),
    ],
    # PyTorch's nn.TransformerEncoderLayer: q/k/v fused in ``in_proj_*``, post-norm
    "dpr_nn_transformer_encoder": [
        (r"^tok\.", _QE + "embeddings.word_embeddings."),
        (r"^pos\.", _QE + "embeddings.position_embeddings."),
        (r"^seg\.", _QE + "embeddings.token_type_embeddings."),
        (r"^emb_ln\.", _QE + "embeddings.LayerNorm."),
        (r"^encode_proj\.", "question_encoder.encode_proj."),
        (
            _E + r"self_attn\.in_proj_(weight|bias)$",
            "+".join(_HE + rf"attention.self.{n}.\2" for n in ("query", "key", "value")),
        ),
        (_E + r"self_attn\.out_proj\.", _HE + "attention.output.dense."),
        (_E + r"norm1\.", _HE + "attention.output.LayerNorm."),
        (_E + r"linear1\.", _HE + "intermediate.dense."),
        (_E + r"linear2\.", _HE + "output.dense."),
        (_E + r"norm2\.", _HE + "output.LayerNorm."),
    ],
    "imagegpt_palette_sizes": [
        (r"^(wte|wpe|ln_f)\.", r"transformer.\1."),
        (r"^h\.(\d+)\.c_(attn|proj)\.", r"transformer.h.\1.attn.c_\2."),
        (r"^h\.(\d+)\.c_fc\.", r"transformer.h.\1.mlp.c_fc."),
        (r"^h\.(\d+)\.mlp_proj\.", r"transformer.h.\1.mlp.c_proj."),
        (r"^h\.", "transformer.h."),
        (r"^lm_head\.", "lm_head."),
    ],
    "metaclip2_partialmethod_layers": [
        (r"^(token|position)_embedding\.", r"embeddings.\1_embedding."),
        (r"^layers\.(\d+)\.([qkv]_proj|out_proj)\.", r"encoder.layers.\1.self_attn.\2."),
        (r"^layers\.(\d+)\.(fc[12])\.", r"encoder.layers.\1.mlp.\2."),
        (r"^layers\.", "encoder.layers."),
        (r"^final_layer_norm\.", "final_layer_norm."),
    ],
    # the Sequential holds two residual modules per layer: 2 i (attention), 2 i + 1 (MLP)
    "git_vision_sum_flattened": [
        (r"^(class_embedding)$", r"vision_model.embeddings.\1"),
        (r"^(patch|position)_embedding\.", r"vision_model.embeddings.\1_embedding."),
        (r"^(pre_layrnorm|post_layernorm)\.", r"vision_model.\1."),
        *[
            rule
            for i in range(2)
            for rule in (
                (rf"^encoder\.{2 * i}\.body\.0\.", f"vision_model.encoder.layers.{i}.layer_norm1."),
                (
                    rf"^encoder\.{2 * i}\.body\.1\.",
                    f"vision_model.encoder.layers.{i}.self_attn.",
                ),
                (
                    rf"^encoder\.{2 * i + 1}\.body\.0\.",
                    f"vision_model.encoder.layers.{i}.layer_norm2.",
                ),
                (rf"^encoder\.{2 * i + 1}\.body\.1\.", f"vision_model.encoder.layers.{i}.mlp.fc1."),
                (rf"^encoder\.{2 * i + 1}\.body\.3\.", f"vision_model.encoder.layers.{i}.mlp.fc2."),
            )
        ],
    ],
    "vit_getitem_config": [
        (r"^patchify\.", "embeddings.patch_embeddings.projection."),
        (r"^cls$", "embeddings.cls_token"),
        (r"^pos$", "embeddings.position_embeddings"),
        (r"^norm\.", "layernorm."),
        (r"^pooler\.", "pooler.dense."),
        (_V + r"qkv\.0\.", _HV + "attention.q_proj."),
        (_V + r"qkv\.1\.", _HV + "attention.k_proj."),
        (_V + r"qkv\.2\.", _HV + "attention.v_proj."),
        (_V + r"proj\.", _HV + "attention.o_proj."),
        (_V + r"fc_in\.", _HV + "mlp.fc1."),
        (_V + r"fc_out\.", _HV + "mlp.fc2."),
        (_V, _HV),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "bert_generator_parts": ("ids+types+mask", ["last_hidden_state", "pooler_output"]),
    "dpr_nn_transformer_encoder": ("ids+types+mask", ["pooler_output"]),
    "vit_getitem_config": ("pixels", ["last_hidden_state", "pooler_output"]),
    # transformers 5.24 MetaClip2TextModel pooler_output indexes the batch only (the whole
    # sequence, not the EOS token): the hidden states are compared
    "metaclip2_partialmethod_layers": ("ids", ["last_hidden_state"]),
    "git_vision_sum_flattened": ("pixels", ["last_hidden_state"]),
}

# same_output, build_config, write, check, check_keeping_plants, main: shared with every set
_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output, build_config, write = _MAKE.same_output, _MAKE.build_config, _MAKE.write
check, check_keeping_plants, main = _MAKE.check, _MAKE.check_keeping_plants, _MAKE.main

if __name__ == "__main__":
    raise SystemExit(main())
