"""The twenty-first fresh held-out set of re-implementations (written blind in session 24): the
architectures users re-implement most (Gemma 2, GPT-NeoX, CLIP's text tower, BERT, ConvNeXt,
...), each in a style no earlier set used. It was NOT run through driftcheck while it was
written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's.

    python benchmarks/reimpl/fresh21/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh21 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.set_checks import rope  # noqa: E402

_ARG = '    p.add_argument("--{}", type={}, default={{}})\n'

_MIX = 'CHECKPOINT = "mixtral-{}x{}-d{}-l{}-h{}-kv{}-top{}-v{}"\n'
_MIX_V = (4, 48, 64, 2, 4, 2, 2, 96)

_GG = '    "t5.{}": {{}},\n'

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "gemma2_litgpt_derived_config": (
        "gemma2",
        "Gemma2Config",
        dict(
            vocab_size=128,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            query_pre_attn_scalar=24,
            sliding_window=8,
            rms_norm_eps=1e-6,
            rope_parameters=rope(10000.0),
        ),
        "Gemma2ForCausalLM",
        [
            sub("vocabSize", "    vocab_size: int = {}\n", 128, 192),
            sub("numLayers", "    n_layer: int = {}\n", 2, 3),
            sub("numHeads", "    n_head: int = {}\n", 4, 8),
            sub("numKvHeads", "    n_query_groups: int | None = {}\n", 2, 4),
            sub("headDim", "    head_size: int | None = {}\n", 16, 8),
            sub("intermediateSize", "    mlp_ratio: float = {}\n", 2.0, 3.0, (128, 192)),
            sub("normEps", "    norm_eps: float = {}\n", 1e-06, 1e-02),
            sub("ropeTheta", "    rope_base: int = {}\n", 10000, 100),
            sub("slidingWindow", "    sliding_window_size: int = {}\n", 8, 4),
        ],
        [("numLayers", "num_hidden_layers", 4, 2)],
    ),
    "gpt_neox_add_module_loop": (
        "gpt_neox",
        "GPTNeoXConfig",
        dict(
            vocab_size=96,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=128,
        ),
        "GPTNeoXForCausalLM",
        [
            sub("vocabSize", "    vocab={},\n", 96, 128),
            sub("numLayers", "    depth={},\n", 2, 3),
            sub("numHeads", "    heads={},\n", 4, 2),
            sub("intermediateSize", "    ffn={},\n", 128, 256),
            sub("partialRotaryFactor", "    rotary_fraction={},\n", 0.25, 0.5),
            sub("ropeTheta", "    rotary_base={},\n", 10000, 100),
            sub("normEps", "    eps={},\n", 1e-05, 1e-01),
        ],
        [("hiddenSize", "hidden_size", 128, 64)],
    ),
    "clip_text_yaml_block": (
        "clip_text",
        "CLIPTextConfig",
        dict(
            vocab_size=99,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            max_position_embeddings=32,
            projection_dim=16,
            bos_token_id=1,
            eos_token_id=2,
            pad_token_id=0,
        ),
        "CLIPTextModel",
        [
            sub("vocabSize", "  vocab_size: {}\n", 99, 128),
            sub("maxPositionEmbeddings", "  context_length: {}\n", 32, 77),
            sub("numLayers", "  layers: {}\n", 2, 3),
            sub("numHeads", "  heads: {}\n", 4, 2),
            sub("intermediateSize", "  mlp_width: {}\n", 64, 128),
            sub("normEps", "  ln_eps: {}\n", "1e-05", "1e-01", (1e-05, 1e-01)),
        ],
        [("hiddenSize", "hidden_size", 64, 32)],
    ),
    "bert_megatron_tensor_parallel": (
        "bert",
        "BertConfig",
        dict(
            vocab_size=112,
            hidden_size=48,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=96,
            max_position_embeddings=64,
        ),
        "BertModel",
        [
            sub("vocabSize", _ARG.format("padded-vocab-size", "int"), 112, 128),
            sub("maxPositionEmbeddings", _ARG.format("max-position-embeddings", "int"), 64, 128),
            sub("typeVocabSize", _ARG.format("num-tokentypes", "int"), 2, 1),
            sub("numLayers", _ARG.format("num-layers", "int"), 2, 3),
            sub("numHeads", _ARG.format("num-attention-heads", "int"), 4, 2),
            sub("intermediateSize", _ARG.format("ffn-hidden-size", "int"), 96, 192),
            sub("normEps", _ARG.format("layernorm-epsilon", "float"), 1e-12, 1e-01),
        ],
        [("hiddenSize", "hidden_size", 96, 48)],
    ),
    "convnext_flat_compile_friendly": (
        "convnext",
        "ConvNextConfig",
        dict(
            num_stages=2,
            hidden_sizes=[16, 32],
            depths=[1, 2],
            patch_size=4,
            image_size=32,
            layer_scale_init_value=1.0,
        ),
        "ConvNextModel",
        [
            sub("hiddenSizes", "DIMS = {}\n", (16, 32), (16, 48), ([16, 32], [16, 48])),
            sub("depths", "DEPTHS = {}\n", (1, 2), (1, 3), ([1, 2], [1, 3])),
            sub("patchSize", "STEM_PATCH = {}\n", 4, 2),
            sub("numChannels", "IN_CHANS = {}\n", 3, 1),
            sub("normEps", "HEAD_EPS = {}\n", 1e-12, 1e-1),
        ],
        # no config plant: ConvNeXt never reads ``image_size`` (torch: ``ConvNextModel`` at
        # 32 and 64 holds the same state-dict shapes and, with the same weights, gives the
        # same outputs on any input size), so a changed ``image_size`` is no drift; the
        # ``cfg_image_size`` plant of the first run was dropped in session 25 (82 -> 81)
        [],
    ),
    "whisper_mlx_port_shim": (
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
            encoder_ffn_dim=64,
            decoder_ffn_dim=64,
            max_source_positions=16,
            max_target_positions=32,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            decoder_start_token_id=1,
        ),
        "WhisperModel",
        [
            sub("numMelBins", "    n_mels: int = {}\n", 16, 32),
            sub("maxSourcePositions", "    n_audio_ctx: int = {}\n", 16, 24),
            sub("numEncoderLayers", "    n_audio_layer: int = {}\n", 2, 3),
            sub("encoderFfnDim", "    n_audio_mlp: int = {}\n", 64, 128),
            sub("vocabSize", "    n_vocab: int = {}\n", 96, 128),
            sub("numHeads", "    n_text_head: int = {}\n", 4, 2),
            sub("numDecoderLayers", "    n_text_layer: int = {}\n", 2, 1),
        ],
        [("decoderFfnDim", "decoder_ffn_dim", 128, 64)],
    ),
    "swin_timm_names_load_hook": (
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
            sub("embedDim", "EMBED_DIM = {}\n", 16, 24, (16, 24)),
            sub("depths", "DEPTHS = {}\n", (2, 2), (2, 4), ([2, 2], [2, 4])),
            sub("numHeads", "NUM_HEADS = {}\n", (2, 4), (2, 8), ([2, 4], [2, 8])),
            sub("windowSize", "WINDOW_SIZE = {}\n", 4, 8),
            sub("patchSize", "PATCH_SIZE = {}\n", 2, 4),
            sub("mlpRatio", "MLP_RATIO = {}\n", 4.0, 2.0),
            sub("normEps", "NORM_EPS = {}\n", 1e-05, 1e-01),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "mixtral_name_string_dense_dispatch": (
        "mixtral",
        "MixtralConfig",
        dict(
            vocab_size=96,
            hidden_size=64,
            intermediate_size=48,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_local_experts=4,
            num_experts_per_tok=2,
            rope_parameters=rope(1e6),
        ),
        "MixtralForCausalLM",
        [
            sizes_line("numExperts", _MIX, _MIX_V, 0, 8),
            sizes_line("intermediateSize", _MIX, _MIX_V, 1, 96),
            sizes_line("numLayers", _MIX, _MIX_V, 3, 3),
            sizes_line("numHeads", _MIX, _MIX_V, 4, 8),
            sizes_line("numKvHeads", _MIX, _MIX_V, 5, 4),
            sizes_line("numExpertsPerTok", _MIX, _MIX_V, 6, 1),
            sizes_line("vocabSize", _MIX, _MIX_V, 7, 128),
            sub("ropeTheta", "ROPE_THETA = {}\n", 1e6, 1e4),
        ],
        [("numExpertsPerTok", "num_experts_per_tok", 1, 2)],
    ),
    "t5_gguf_metadata_keys": (
        "t5",
        "T5Config",
        dict(vocab_size=96, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_heads=4),
        "T5ForConditionalGeneration",
        [
            sub("vocabSize", _GG.format("vocab_size"), 96, 128),
            sub("hiddenSize", _GG.format("embedding_length"), 32, 48),
            sub("intermediateSize", _GG.format("feed_forward_length"), 64, 128),
            sub("numEncoderLayers", _GG.format("block_count"), 2, 3),
            sub("numDecoderLayers", _GG.format("decoder_block_count"), 2, 1),
            sub("numHeads", _GG.format("attention.head_count"), 4, 8),
            sub("headDim", _GG.format("attention.key_length"), 8, 16),
            sub(
                "relativeAttentionNumBuckets",
                _GG.format("attention.relative_buckets_count"),
                32,
                16,
            ),
            sub(
                "relativeAttentionMaxDistance",
                _GG.format("attention.relative_max_distance"),
                128,
                32,
            ),
            sub("normEps", _GG.format("attention.layer_norm_rms_epsilon"), 1e-06, 1e-02),
        ],
        [("numDecoderLayers", "num_decoder_layers", 3, 2)],
    ),
    "clip_vision_openclip_head_width": (
        "clip_vision",
        "CLIPVisionConfig",
        dict(
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            image_size=32,
            patch_size=8,
            projection_dim=16,
        ),
        "CLIPVisionModel",
        [
            sub("numHeads", "    head_width: int = {}\n", 8, 16, (4, 2)),
            sub("numLayers", "    layers: int = {}\n", 2, 3),
            sub("intermediateSize", "    mlp_ratio: float = {}\n", 2.0, 4.0, (64, 128)),
            sub("patchSize", "    patch_size: int = {}\n", 8, 4),
            sub("imageSize", "    image_size: int = {}\n", 32, 64),
            sub("normEps", "    ln_eps: float = {}\n", 1e-05, 1e-01),
        ],
        [("numHeads", "num_attention_heads", 2, 4)],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {
    "gemma2_litgpt_derived_config": [
        (r"^transformer\.wte\.", "model.embed_tokens."),
        (r"^transformer\.ln_f\.", "model.norm."),
        (
            r"^transformer\.h\.(\d+)\.attn\.qkv\.",
            r"model.layers.\1.self_attn.q_proj.+model.layers.\1.self_attn.k_proj."
            r"+model.layers.\1.self_attn.v_proj.",
        ),
        (r"^transformer\.h\.(\d+)\.attn\.proj\.", r"model.layers.\1.self_attn.o_proj."),
        (r"^transformer\.h\.(\d+)\.norm_1\.", r"model.layers.\1.input_layernorm."),
        (
            r"^transformer\.h\.(\d+)\.post_attention_norm\.",
            r"model.layers.\1.post_attention_layernorm.",
        ),
        (r"^transformer\.h\.(\d+)\.norm_2\.", r"model.layers.\1.pre_feedforward_layernorm."),
        (
            r"^transformer\.h\.(\d+)\.post_mlp_norm\.",
            r"model.layers.\1.post_feedforward_layernorm.",
        ),
        (r"^transformer\.h\.(\d+)\.mlp\.fc_1\.", r"model.layers.\1.mlp.gate_proj."),
        (r"^transformer\.h\.(\d+)\.mlp\.fc_2\.", r"model.layers.\1.mlp.up_proj."),
        (r"^transformer\.h\.(\d+)\.mlp\.proj\.", r"model.layers.\1.mlp.down_proj."),
    ],
    "gpt_neox_add_module_loop": [
        (r"^wte\.", "gpt_neox.embed_in."),
        (r"^ln_final\.", "gpt_neox.final_layer_norm."),
        (r"^unembed\.", "lm_head."),
        (r"^block_(\d+)\.ln_attn\.", r"gpt_neox.layers.\1.input_layernorm."),
        (r"^block_(\d+)\.ln_mlp\.", r"gpt_neox.layers.\1.post_attention_layernorm."),
        (r"^block_(\d+)\.qkv\.", r"gpt_neox.layers.\1.attention.query_key_value."),
        (r"^block_(\d+)\.out\.", r"gpt_neox.layers.\1.attention.dense."),
        (r"^block_(\d+)\.up\.", r"gpt_neox.layers.\1.mlp.dense_h_to_4h."),
        (r"^block_(\d+)\.down\.", r"gpt_neox.layers.\1.mlp.dense_4h_to_h."),
    ],
    "clip_text_yaml_block": [
        (r"^token_embedding\.", "embeddings.token_embedding."),
        (r"^positional_embedding$", "embeddings.position_embedding.weight"),
        (r"^ln_final\.", "final_layer_norm."),
        (r"^resblocks\.(\d+)\.ln_([12])\.", r"encoder.layers.\1.layer_norm\2."),
        (
            r"^resblocks\.(\d+)\.(q|k|v|out)_proj\.",
            r"encoder.layers.\1.self_attn.\2_proj.",
        ),
        (r"^resblocks\.(\d+)\.c_fc\.", r"encoder.layers.\1.mlp.fc1."),
        (r"^resblocks\.(\d+)\.c_proj\.", r"encoder.layers.\1.mlp.fc2."),
    ],
    "bert_megatron_tensor_parallel": [
        (r"^word_embeddings\.", "embeddings.word_embeddings."),
        (r"^position_embeddings\.", "embeddings.position_embeddings."),
        (r"^tokentype_embeddings\.", "embeddings.token_type_embeddings."),
        (r"^embedding_layernorm\.", "embeddings.LayerNorm."),
        (
            r"^layers\.(\d+)\.self_attention\.query_key_value\.",
            r"encoder.layer.\1.attention.self.query.+encoder.layer.\1.attention.self.key."
            r"+encoder.layer.\1.attention.self.value.",
        ),
        (r"^layers\.(\d+)\.self_attention\.dense\.", r"encoder.layer.\1.attention.output.dense."),
        (
            r"^layers\.(\d+)\.post_attention_layernorm\.",
            r"encoder.layer.\1.attention.output.LayerNorm.",
        ),
        (r"^layers\.(\d+)\.dense_h_to_4h\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^layers\.(\d+)\.dense_4h_to_h\.", r"encoder.layer.\1.output.dense."),
        (r"^layers\.(\d+)\.post_mlp_layernorm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
    ],
    "convnext_flat_compile_friendly": [
        (r"^stem_w$", "embeddings.patch_embeddings.weight"),
        (r"^stem_b$", "embeddings.patch_embeddings.bias"),
        (r"^stem_norm_w$", "embeddings.layernorm.weight"),
        (r"^stem_norm_b$", "embeddings.layernorm.bias"),
        (r"^s(\d+)_down_norm_w$", r"encoder.stages.\1.downsampling_layer.0.weight"),
        (r"^s(\d+)_down_norm_b$", r"encoder.stages.\1.downsampling_layer.0.bias"),
        (r"^s(\d+)_down_w$", r"encoder.stages.\1.downsampling_layer.1.weight"),
        (r"^s(\d+)_down_b$", r"encoder.stages.\1.downsampling_layer.1.bias"),
        (r"^s(\d+)_b(\d+)_dw_w$", r"encoder.stages.\1.layers.\2.dwconv.weight"),
        (r"^s(\d+)_b(\d+)_dw_b$", r"encoder.stages.\1.layers.\2.dwconv.bias"),
        (r"^s(\d+)_b(\d+)_norm_w$", r"encoder.stages.\1.layers.\2.layernorm.weight"),
        (r"^s(\d+)_b(\d+)_norm_b$", r"encoder.stages.\1.layers.\2.layernorm.bias"),
        (r"^s(\d+)_b(\d+)_fc([12])_w$", r"encoder.stages.\1.layers.\2.pwconv\3.weight"),
        (r"^s(\d+)_b(\d+)_fc([12])_b$", r"encoder.stages.\1.layers.\2.pwconv\3.bias"),
        (r"^s(\d+)_b(\d+)_gamma$", r"encoder.stages.\1.layers.\2.layer_scale_parameter"),
        (r"^head_norm_w$", "layernorm.weight"),
        (r"^head_norm_b$", "layernorm.bias"),
    ],
    "whisper_mlx_port_shim": [
        (r"^encoder\.conv([12])\.", r"encoder.conv\1."),
        (r"^encoder\.positional_embedding$", "encoder.embed_positions.weight"),
        (r"^decoder\.positional_embedding$", "decoder.embed_positions.weight"),
        (r"^decoder\.token_embedding\.", "decoder.embed_tokens."),
        (r"^encoder\.ln_post\.", "encoder.layer_norm."),
        (r"^decoder\.ln\.", "decoder.layer_norm."),
        (r"^(en|de)coder\.blocks\.(\d+)\.attn\.query\.", r"\1coder.layers.\2.self_attn.q_proj."),
        (r"^(en|de)coder\.blocks\.(\d+)\.attn\.key\.", r"\1coder.layers.\2.self_attn.k_proj."),
        (r"^(en|de)coder\.blocks\.(\d+)\.attn\.value\.", r"\1coder.layers.\2.self_attn.v_proj."),
        (r"^(en|de)coder\.blocks\.(\d+)\.attn\.out\.", r"\1coder.layers.\2.self_attn.out_proj."),
        (r"^(en|de)coder\.blocks\.(\d+)\.attn_ln\.", r"\1coder.layers.\2.self_attn_layer_norm."),
        (
            r"^decoder\.blocks\.(\d+)\.cross_attn\.query\.",
            r"decoder.layers.\1.encoder_attn.q_proj.",
        ),
        (r"^decoder\.blocks\.(\d+)\.cross_attn\.key\.", r"decoder.layers.\1.encoder_attn.k_proj."),
        (
            r"^decoder\.blocks\.(\d+)\.cross_attn\.value\.",
            r"decoder.layers.\1.encoder_attn.v_proj.",
        ),
        (
            r"^decoder\.blocks\.(\d+)\.cross_attn\.out\.",
            r"decoder.layers.\1.encoder_attn.out_proj.",
        ),
        (
            r"^decoder\.blocks\.(\d+)\.cross_attn_ln\.",
            r"decoder.layers.\1.encoder_attn_layer_norm.",
        ),
        (r"^(en|de)coder\.blocks\.(\d+)\.mlp\.0\.", r"\1coder.layers.\2.fc1."),
        (r"^(en|de)coder\.blocks\.(\d+)\.mlp\.2\.", r"\1coder.layers.\2.fc2."),
        (r"^(en|de)coder\.blocks\.(\d+)\.mlp_ln\.", r"\1coder.layers.\2.final_layer_norm."),
    ],
    "swin_timm_names_load_hook": [
        (r"^patch_embed\.proj\.", "embeddings.patch_embeddings.projection."),
        (r"^patch_embed\.norm\.", "embeddings.norm."),
        (r"^norm\.", "layernorm."),
        (r"^layers\.(\d+)\.downsample\.", r"encoder.layers.\1.downsample."),
        (
            r"^layers\.(\d+)\.blocks\.(\d+)\.norm1\.",
            r"encoder.layers.\1.blocks.\2.layernorm_before.",
        ),
        (
            r"^layers\.(\d+)\.blocks\.(\d+)\.norm2\.",
            r"encoder.layers.\1.blocks.\2.layernorm_after.",
        ),
        (
            r"^layers\.(\d+)\.blocks\.(\d+)\.attn\.relative_position_bias_table$",
            r"encoder.layers.\1.blocks.\2.attention.relative_position_bias.relative_position_bias_table",
        ),
        (
            r"^layers\.(\d+)\.blocks\.(\d+)\.attn\.qkv\.",
            r"encoder.layers.\1.blocks.\2.attention.q_proj."
            r"+encoder.layers.\1.blocks.\2.attention.k_proj."
            r"+encoder.layers.\1.blocks.\2.attention.v_proj.",
        ),
        (
            r"^layers\.(\d+)\.blocks\.(\d+)\.attn\.proj\.",
            r"encoder.layers.\1.blocks.\2.attention.o_proj.",
        ),
        (
            r"^layers\.(\d+)\.blocks\.(\d+)\.mlp\.fc1\.",
            r"encoder.layers.\1.blocks.\2.mlp.fc1.",
        ),
        (r"^layers\.(\d+)\.blocks\.(\d+)\.mlp\.fc2\.", r"encoder.layers.\1.blocks.\2.mlp.fc2."),
    ],
    "mixtral_name_string_dense_dispatch": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^output\.", "lm_head."),
        (r"^layers\.(\d+)\.attention_norm\.", r"model.layers.\1.input_layernorm."),
        (r"^layers\.(\d+)\.ffn_norm\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^layers\.(\d+)\.attention\.w([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^layers\.(\d+)\.moe\.router\.", r"model.layers.\1.mlp.gate."),
        (r"^layers\.(\d+)\.moe\.w_gate$", r"model.layers.\1.mlp.experts.gate_up_proj", "half0"),
        (r"^layers\.(\d+)\.moe\.w_up$", r"model.layers.\1.mlp.experts.gate_up_proj", "half1"),
        (r"^layers\.(\d+)\.moe\.w_down$", r"model.layers.\1.mlp.experts.down_proj"),
    ],
    "t5_gguf_metadata_keys": [
        (r"^token_embd\.", "shared."),
        (r"^(enc|dec)_output_norm\.", r"\1oder.final_layer_norm."),
        (r"^(enc|dec)_blk\.(\d+)\.attn_norm\.", r"\1oder.block.\2.layer.0.layer_norm."),
        (
            r"^(enc|dec)_blk\.(\d+)\.attn\.attn_([qkvo])\.",
            r"\1oder.block.\2.layer.0.SelfAttention.\3.",
        ),
        (
            r"^(enc|dec)_blk\.(\d+)\.attn\.attn_rel_b\.",
            r"\1oder.block.\2.layer.0.SelfAttention.relative_attention_bias.",
        ),
        (r"^dec_blk\.(\d+)\.cross_attn_norm\.", r"decoder.block.\1.layer.1.layer_norm."),
        (
            r"^dec_blk\.(\d+)\.cross_attn\.attn_([qkvo])\.",
            r"decoder.block.\1.layer.1.EncDecAttention.\2.",
        ),
        (r"^enc_blk\.(\d+)\.ffn_norm\.", r"encoder.block.\1.layer.1.layer_norm."),
        (r"^enc_blk\.(\d+)\.ffn\.ffn_up\.", r"encoder.block.\1.layer.1.DenseReluDense.wi."),
        (r"^enc_blk\.(\d+)\.ffn\.ffn_down\.", r"encoder.block.\1.layer.1.DenseReluDense.wo."),
        (r"^dec_blk\.(\d+)\.ffn_norm\.", r"decoder.block.\1.layer.2.layer_norm."),
        (r"^dec_blk\.(\d+)\.ffn\.ffn_up\.", r"decoder.block.\1.layer.2.DenseReluDense.wi."),
        (r"^dec_blk\.(\d+)\.ffn\.ffn_down\.", r"decoder.block.\1.layer.2.DenseReluDense.wo."),
    ],
    "clip_vision_openclip_head_width": [
        (r"^conv1\.", "embeddings.patch_embedding."),
        (r"^class_embedding$", "embeddings.class_embedding"),
        (r"^positional_embedding$", "embeddings.position_embedding.weight"),
        (r"^ln_pre\.", "pre_layrnorm."),
        (r"^ln_post\.", "post_layernorm."),
        (r"^resblocks\.(\d+)\.ln_([12])\.", r"encoder.layers.\1.layer_norm\2."),
        (
            r"^resblocks\.(\d+)\.attn\.in_proj_(weight|bias)$",
            r"encoder.layers.\1.self_attn.q_proj.\2"
            r"+encoder.layers.\1.self_attn.k_proj.\2"
            r"+encoder.layers.\1.self_attn.v_proj.\2",
        ),
        (
            r"^resblocks\.(\d+)\.attn\.out_proj\.",
            r"encoder.layers.\1.self_attn.out_proj.",
        ),
        (r"^resblocks\.(\d+)\.mlp\.c_fc\.", r"encoder.layers.\1.mlp.fc1."),
        (r"^resblocks\.(\d+)\.mlp\.c_proj\.", r"encoder.layers.\1.mlp.fc2."),
    ],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "gemma2_litgpt_derived_config": ("ids", ["logits"]),
    "gpt_neox_add_module_loop": ("ids", ["logits"]),
    "clip_text_yaml_block": ("ids", ["last_hidden_state", "pooler_output"]),
    "bert_megatron_tensor_parallel": ("ids+types+mask", ["last_hidden_state", "pooler_output"]),
    "convnext_flat_compile_friendly": ("pixels", ["last_hidden_state", "pooler_output"]),
    "whisper_mlx_port_shim": ("audio", ["tied_logits"]),
    "swin_timm_names_load_hook": ("pixels", ["last_hidden_state", "pooler_output"]),
    "mixtral_name_string_dense_dispatch": ("ids", ["logits"]),
    "t5_gguf_metadata_keys": ("seq2seq", ["logits"]),
    "clip_vision_openclip_head_width": ("pixels", ["last_hidden_state", "pooler_output"]),
}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config

if __name__ == "__main__":
    raise SystemExit(_MAKE.main())
