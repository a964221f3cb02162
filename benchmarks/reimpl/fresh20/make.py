"""The twentieth fresh held-out set of re-implementations (written blind in session 23):
architecture breadth (encoder-only, encoder-decoder, vision, audio families no earlier set
used). It was NOT run through driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` is fresh11's.

    python benchmarks/reimpl/fresh20/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh20 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.set_checks import enc  # noqa: E402

_PVT = "    Stage(width={}, depth={}, heads={}, reduction={}, patch={}, mlp_ratio={}),\n"

_MLM = "WIDTH, HEADS, LAYERS, FFN = {}, {}, {}, {}\n"
_MLM_V = (64, 4, 2, 64)

_CLVP = "    Encoder, vocab={}, width={}, depth={}, heads={}, ffn={}, embed_dim={}, eps={}\n"
_CLVP_V = (64, 128, 2, 2, 160, 16, 1e-05)

_PIX = (
    "TINY = PixioSizes()._replace(image={}, patch={}, width={}, depth={}, heads={}, mlp_ratio={})\n"
)
_PIX_V = (32, 8, 32, 2, 4, 2)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "luke_nested_dict_entity_tables": (
        "luke",
        "LukeConfig",
        dict(
            vocab_size=120,
            entity_vocab_size=24,
            entity_emb_size=16,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=64,
            max_position_embeddings=64,
        ),
        "LukeModel",
        [
            sub("vocabSize", '        "vocab": {},\n', 120, 160),
            sub("numLayers", '        "depth": {},\n', 2, 3),
            sub("numHeads", '        "heads": {},\n', 4, 1),
            sub("intermediateSize", '        "ffn": {},\n', 64, 96),
            sub("typeVocabSize", '        "segments": {},\n', 2, 1),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 128, 64)],
    ),
    "pop2piano_flax_kernels": (
        "pop2piano",
        "Pop2PianoConfig",
        dict(vocab_size=96, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_heads=4),
        "Pop2PianoForConditionalGeneration",
        [
            sub("vocabSize", "VOCAB_SIZE = {}\n", 96, 128),
            sub("numHeads", "NUM_HEADS = {}\n", 4, 2),
            sub("intermediateSize", "MLP_DIM = {}\n", 64, 128),
            sub("numEncoderLayers", "NUM_ENCODER_LAYERS = {}\n", 2, 3),
            sub("relativeAttentionNumBuckets", "REL_BUCKETS = {}\n", 32, 16),
            sub("normEps", "EPS = {}\n", 1e-6, 1e-2),
        ],
        [("numDecoderLayers", "num_decoder_layers", 3, 2)],
    ),
    "pvt_frozen_stage_records": (
        "pvt",
        "PvtConfig",
        dict(
            image_size=32,
            num_encoder_blocks=2,
            depths=[1, 1],
            sequence_reduction_ratios=[2, 1],
            hidden_sizes=[16, 32],
            patch_sizes=[4, 2],
            strides=[4, 2],
            num_attention_heads=[1, 2],
            mlp_ratios=[2, 2],
        ),
        "PvtModel",
        [
            (
                "depths",
                _PVT.format(32, 1, 2, 1, 2, 2),
                _PVT.format(32, 2, 2, 1, 2, 2),
                [1, 1],
                [1, 2],
            ),
            (
                "hiddenSizes",
                _PVT.format(32, 1, 2, 1, 2, 2),
                _PVT.format(48, 1, 2, 1, 2, 2),
                [16, 32],
                [16, 48],
            ),
            (
                "numHeads",
                _PVT.format(32, 1, 2, 1, 2, 2),
                _PVT.format(32, 1, 4, 1, 2, 2),
                [1, 2],
                [1, 4],
            ),
            (
                "srRatios",
                _PVT.format(16, 1, 1, 2, 4, 2),
                _PVT.format(16, 1, 1, 4, 4, 2),
                [2, 1],
                [4, 1],
            ),
            (
                "mlpRatios",
                _PVT.format(16, 1, 1, 2, 4, 2),
                _PVT.format(16, 1, 1, 2, 4, 4),
                [2, 2],
                [4, 2],
            ),
            sub("normEps", "LN_EPS = {}\n", 1e-6, 1e-2),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "w2v_conformer_fairseq_layer_string": (
        "wav2vec2-conformer",
        "Wav2Vec2ConformerConfig",
        dict(
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=64,
            conv_dim=(16, 16),
            conv_stride=(5, 2),
            conv_kernel=(10, 3),
            num_conv_pos_embeddings=8,
            num_conv_pos_embedding_groups=4,
            position_embeddings_type="rotary",
            conv_depthwise_kernel_size=3,
            vocab_size=10,
        ),
        "Wav2Vec2ConformerModel",
        [
            sub("numLayers", '    "encoder_layers": {},\n', 2, 3),
            sub("numHeads", '    "encoder_attention_heads": {},\n', 4, 2),
            sub("intermediateSize", '    "encoder_ffn_embed_dim": {},\n', 64, 128),
            sub("numConvPosEmbeddings", '    "conv_pos": {},\n', 8, 16),
            sub("ropeTheta", '    "rotary_base": {},\n', 10000, 100),
        ],
        [("numLayers", "num_hidden_layers", 4, 2)],
    ),
    "markuplm_partial_factories_depth_dict": (
        "markuplm",
        "MarkupLMConfig",
        dict(
            enc(),
            vocab_size=150,
            intermediate_size=64,
            max_position_embeddings=64,
            max_depth=4,
            xpath_unit_hidden_size=8,
            max_xpath_tag_unit_embeddings=64,
            tag_pad_id=60,
            max_xpath_subs_unit_embeddings=128,
            subs_pad_id=100,
        ),
        "MarkupLMModel",
        [
            sizes_line("numHeads", _MLM, _MLM_V, 1, 8),
            sizes_line("numLayers", _MLM, _MLM_V, 2, 3),
            sizes_line("intermediateSize", _MLM, _MLM_V, 3, 96),
            sub("vocabSize", "VOCAB, MAX_POS, SEGMENTS, PAD = {}, 64, 2, 0\n", 150, 200),
            sub(
                "maxPositionEmbeddings", "VOCAB, MAX_POS, SEGMENTS, PAD = 150, {}, 2, 0\n", 64, 128
            ),
        ],
        [("hiddenSize", "hidden_size", 96, 64)],
    ),
    "internvit_scan_stacked_layers": (
        "internvl_vision",
        "InternVLVisionConfig",
        dict(
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=64,
            image_size=[32, 32],
            patch_size=[8, 8],
            norm_type="rms_norm",
            use_qk_norm=True,
        ),
        "InternVLVisionModel",
        [
            sub("numLayers", "DEPTH = {}\n", 2, 3),
            sub("numHeads", "N_HEADS = {}\n", 4, 2),
            sub("intermediateSize", "MLP = {}\n", 64, 96),
            sub("patchSize", "PATCH = {}\n", 8, 4),
            sub("normEps", "EPS = {}\n", 1e-06, 1e-02),
        ],
        [("imageSize", "image_size", [64, 64], 32, 64)],
    ),
    "clvp_init_subclass_sizes": (
        "clvp_encoder",
        "ClvpEncoderConfig",
        dict(
            vocab_size=64,
            hidden_size=128,
            intermediate_size=160,
            projection_dim=16,
            num_hidden_layers=2,
            num_attention_heads=2,
            max_position_embeddings=96,
            bos_token_id=1,
        ),
        "ClvpEncoder",
        [
            sizes_line("vocabSize", _CLVP, _CLVP_V, 0, 96),
            sizes_line("numLayers", _CLVP, _CLVP_V, 2, 3),
            sizes_line("numHeads", _CLVP, _CLVP_V, 3, 1),
            sizes_line("intermediateSize", _CLVP, _CLVP_V, 4, 256),
            sizes_line("normEps", _CLVP, _CLVP_V, 6, 0.01),
        ],
        [("numHeads", "num_attention_heads", 4, 2)],
    ),
    "pixio_namedtuple_replace_preset": (
        "pixio",
        "PixioConfig",
        dict(
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            mlp_ratio=2,
            image_size=32,
            patch_size=8,
        ),
        "PixioModel",
        [
            sizes_line("numLayers", _PIX, _PIX_V, 3, 3),
            sizes_line("numHeads", _PIX, _PIX_V, 4, 2),
            sizes_line("mlpRatio", _PIX, _PIX_V, 5, 4),
            sizes_line("patchSize", _PIX, _PIX_V, 1, 4),
            sub("numClsTokens", "    cls_tokens: int = {}\n", 8, 4),
            sub("normEps", "    eps: float = {}\n", 1e-06, 1e-02),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
}


def _stack(name: str, depth: int = 2) -> str:
    """The HF tensors one depth-stacked parameter is cut from ("+"-joined, layer 0 first)."""
    return "+".join(name.format(i) for i in range(depth))


SAME_OUTPUT: dict[str, list[tuple]] = {
    "luke_nested_dict_entity_tables": [
        (r"^tok\.", "embeddings.word_embeddings."),
        (r"^pos\.", "embeddings.position_embeddings."),
        (r"^seg\.", "embeddings.token_type_embeddings."),
        (r"^ln_emb\.", "embeddings.LayerNorm."),
        (r"^ent\.", "entity_embeddings.entity_embeddings."),
        (r"^ent_up\.", "entity_embeddings.entity_embedding_dense."),
        (r"^ent_pos\.", "entity_embeddings.position_embeddings."),
        (r"^ent_seg\.", "entity_embeddings.token_type_embeddings."),
        (r"^ent_ln\.", "entity_embeddings.LayerNorm."),
        (r"^layers\.(\d+)\.q\.", r"encoder.layer.\1.attention.self.query."),
        (r"^layers\.(\d+)\.k\.", r"encoder.layer.\1.attention.self.key."),
        (r"^layers\.(\d+)\.v\.", r"encoder.layer.\1.attention.self.value."),
        (r"^layers\.(\d+)\.q_(w2e|e2w|e2e)\.", r"encoder.layer.\1.attention.self.\2_query."),
        (r"^layers\.(\d+)\.attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (r"^layers\.(\d+)\.ln_attn\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (r"^layers\.(\d+)\.fc_in\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^layers\.(\d+)\.fc_out\.", r"encoder.layer.\1.output.dense."),
        (r"^layers\.(\d+)\.ln_ffn\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pool\.", "pooler.dense."),
    ],
    "pop2piano_flax_kernels": [
        (r"^token_embedder$", "shared.weight"),
        (r"^composer_embedder$", "mel_conditioner.embedding.weight"),
        (r"^logits_dense$", "lm_head.weight", "T"),
        (r"^(en|de)coder_norm\.scale$", r"\1coder.final_layer_norm.weight"),
        (
            r"^(en|de)coder\.layers_(\d+)\.pre_attention_layer_norm\.scale$",
            r"\1coder.block.\2.layer.0.layer_norm.weight",
        ),
        (
            r"^(en|de)coder\.layers_(\d+)\.SelfAttention\.rel_embedding$",
            r"\1coder.block.\2.layer.0.SelfAttention.relative_attention_bias.weight",
        ),
        (
            r"^(en|de)coder\.layers_(\d+)\.SelfAttention\.query$",
            r"\1coder.block.\2.layer.0.SelfAttention.q.weight",
            "T",
        ),
        (
            r"^(en|de)coder\.layers_(\d+)\.SelfAttention\.key$",
            r"\1coder.block.\2.layer.0.SelfAttention.k.weight",
            "T",
        ),
        (
            r"^(en|de)coder\.layers_(\d+)\.SelfAttention\.value$",
            r"\1coder.block.\2.layer.0.SelfAttention.v.weight",
            "T",
        ),
        (
            r"^(en|de)coder\.layers_(\d+)\.SelfAttention\.out$",
            r"\1coder.block.\2.layer.0.SelfAttention.o.weight",
            "T",
        ),
        (
            r"^decoder\.layers_(\d+)\.pre_cross_attention_layer_norm\.scale$",
            r"decoder.block.\1.layer.1.layer_norm.weight",
        ),
        (
            r"^decoder\.layers_(\d+)\.EncDecAttention\.query$",
            r"decoder.block.\1.layer.1.EncDecAttention.q.weight",
            "T",
        ),
        (
            r"^decoder\.layers_(\d+)\.EncDecAttention\.key$",
            r"decoder.block.\1.layer.1.EncDecAttention.k.weight",
            "T",
        ),
        (
            r"^decoder\.layers_(\d+)\.EncDecAttention\.value$",
            r"decoder.block.\1.layer.1.EncDecAttention.v.weight",
            "T",
        ),
        (
            r"^decoder\.layers_(\d+)\.EncDecAttention\.out$",
            r"decoder.block.\1.layer.1.EncDecAttention.o.weight",
            "T",
        ),
        (
            r"^encoder\.layers_(\d+)\.pre_mlp_layer_norm\.scale$",
            r"encoder.block.\1.layer.1.layer_norm.weight",
        ),
        (
            r"^encoder\.layers_(\d+)\.mlp\.(wi_0|wi_1|wo)$",
            r"encoder.block.\1.layer.1.DenseReluDense.\2.weight",
            "T",
        ),
        (
            r"^decoder\.layers_(\d+)\.pre_mlp_layer_norm\.scale$",
            r"decoder.block.\1.layer.2.layer_norm.weight",
        ),
        (
            r"^decoder\.layers_(\d+)\.mlp\.(wi_0|wi_1|wo)$",
            r"decoder.block.\1.layer.2.DenseReluDense.\2.weight",
            "T",
        ),
    ],
    "pvt_frozen_stage_records": [
        (r"^patch_embeds\.(\d+)\.", r"encoder.patch_embeddings.\1.projection."),
        (r"^patch_norms\.(\d+)\.", r"encoder.patch_embeddings.\1.layer_norm."),
        (r"^pos_embeds\.(\d+)$", r"encoder.patch_embeddings.\1.position_embeddings"),
        (r"^cls_token$", "encoder.patch_embeddings.1.cls_token"),
        (r"^norm\.", "encoder.layer_norm."),
        (r"^stages\.(\d+)\.(\d+)\.norm([12])\.", r"encoder.block.\1.\2.layer_norm_\3."),
        (r"^stages\.(\d+)\.(\d+)\.attn\.q\.", r"encoder.block.\1.\2.attention.self.query."),
        (r"^stages\.(\d+)\.(\d+)\.attn\.k\.", r"encoder.block.\1.\2.attention.self.key."),
        (r"^stages\.(\d+)\.(\d+)\.attn\.v\.", r"encoder.block.\1.\2.attention.self.value."),
        (
            r"^stages\.(\d+)\.(\d+)\.attn\.sr\.",
            r"encoder.block.\1.\2.attention.self.sequence_reduction.",
        ),
        (
            r"^stages\.(\d+)\.(\d+)\.attn\.sr_norm\.",
            r"encoder.block.\1.\2.attention.self.layer_norm.",
        ),
        (r"^stages\.(\d+)\.(\d+)\.attn\.proj\.", r"encoder.block.\1.\2.attention.output.dense."),
        (r"^stages\.(\d+)\.(\d+)\.fc([12])\.", r"encoder.block.\1.\2.mlp.dense\3."),
    ],
    "w2v_conformer_fairseq_layer_string": [
        (r"^feature_extractor\.convs\.(\d+)\.", r"feature_extractor.conv_layers.\1.conv."),
        (r"^feature_extractor\.group_norm\.", "feature_extractor.conv_layers.0.layer_norm."),
        (r"^layer_norm\.", "feature_projection.layer_norm."),
        (r"^post_extract_proj\.", "feature_projection.projection."),
        (r"^mask_emb$", "masked_spec_embed"),
        (r"^pos_conv\.", "encoder.pos_conv_embed.conv."),
        (r"^encoder_norm\.", "encoder.layer_norm."),
        (r"^layers\.(\d+)\.ffn([12])\.norm\.", r"encoder.layers.\1.ffn\2_layer_norm."),
        (r"^layers\.(\d+)\.ffn([12])\.w1\.", r"encoder.layers.\1.ffn\2.intermediate_dense."),
        (r"^layers\.(\d+)\.ffn([12])\.w2\.", r"encoder.layers.\1.ffn\2.output_dense."),
        (r"^layers\.(\d+)\.attn_norm\.", r"encoder.layers.\1.self_attn_layer_norm."),
        (r"^layers\.(\d+)\.([qkv])_proj\.", r"encoder.layers.\1.self_attn.linear_\2."),
        (r"^layers\.(\d+)\.out_proj\.", r"encoder.layers.\1.self_attn.linear_out."),
        (r"^layers\.(\d+)\.conv_norm\.", r"encoder.layers.\1.conv_module.layer_norm."),
        (r"^layers\.(\d+)\.pw([12])\.", r"encoder.layers.\1.conv_module.pointwise_conv\2."),
        (r"^layers\.(\d+)\.dw\.", r"encoder.layers.\1.conv_module.depthwise_conv."),
        (r"^layers\.(\d+)\.bn\.", r"encoder.layers.\1.conv_module.batch_norm."),
        (r"^layers\.(\d+)\.final_norm\.", r"encoder.layers.\1.final_layer_norm."),
    ],
    "markuplm_partial_factories_depth_dict": [
        (r"^word\.", "embeddings.word_embeddings."),
        (r"^position\.", "embeddings.position_embeddings."),
        (r"^segment\.", "embeddings.token_type_embeddings."),
        (r"^tags\.(\d+)\.", r"embeddings.xpath_embeddings.xpath_tag_sub_embeddings.\1."),
        (r"^subs\.(\d+)\.", r"embeddings.xpath_embeddings.xpath_subs_sub_embeddings.\1."),
        (r"^xpath_direct\.", "embeddings.xpath_embeddings.xpath_unitseq2_embeddings."),
        (r"^xpath_inner\.", "embeddings.xpath_embeddings.xpath_unitseq2_inner."),
        (r"^xpath_out\.", "embeddings.xpath_embeddings.inner2emb."),
        (r"^emb_norm\.", "embeddings.LayerNorm."),
        (r"^encoder\.layer(\d+)\.(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
        (r"^encoder\.layer(\d+)\.attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (r"^encoder\.layer(\d+)\.attn_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (r"^encoder\.layer(\d+)\.up\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^encoder\.layer(\d+)\.down\.", r"encoder.layer.\1.output.dense."),
        (r"^encoder\.layer(\d+)\.out_norm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
    ],
    "internvit_scan_stacked_layers": [
        (r"^patch\.", "embeddings.patch_embeddings.projection."),
        (r"^cls$", "embeddings.cls_token"),
        (r"^pos$", "embeddings.position_embeddings"),
        *(
            (f"^{mine}$", _stack(f"encoder.layer.{{}}.{hf}"), "reshape")
            for mine, hf in (
                ("ln1", "layernorm_before.weight"),
                ("ln2", "layernorm_after.weight"),
                ("wq", "attention.q_proj.weight"),
                ("wk", "attention.k_proj.weight"),
                ("wv", "attention.v_proj.weight"),
                ("q_scale", "attention.q_norm.weight"),
                ("k_scale", "attention.k_norm.weight"),
                ("wo", "attention.projection_layer.weight"),
                ("bo", "attention.projection_layer.bias"),
                ("w1", "mlp.fc1.weight"),
                ("b1", "mlp.fc1.bias"),
                ("w2", "mlp.fc2.weight"),
                ("b2", "mlp.fc2.bias"),
                ("ls1", "lambda_1"),
                ("ls2", "lambda_2"),
            )
        ),
    ],
    "clvp_init_subclass_sizes": [
        (r"^tokens\.", "token_embedding."),
        (r"^blocks\.(\d+)\.norm1\.", r"layers.\1.input_rmsnorm."),
        (r"^blocks\.(\d+)\.norm2\.", r"layers.\1.post_attention_rmsnorm."),
        (r"^blocks\.(\d+)\.([qkv])\.", r"layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.o\.", r"layers.\1.self_attn.out_proj."),
        (r"^blocks\.(\d+)\.glu\.", r"layers.\1.mlp.fc1.proj."),
        (r"^blocks\.(\d+)\.down\.", r"layers.\1.mlp.fc2."),
        (r"^final_norm\.", "final_layer_norm."),
        (r"^to_embed\.", "projection."),
    ],
    "pixio_namedtuple_replace_preset": [
        (r"^patchify\.", "embeddings.patch_embeddings.projection."),
        (r"^cls$", "embeddings.cls_token"),
        (r"^pos$", "embeddings.position_embeddings"),
        (r"^norm\.", "layernorm."),
        (r"^blocks\.(\d+)\.ln_1\.", r"layers.\1.layernorm_before."),
        (r"^blocks\.(\d+)\.ln_2\.", r"layers.\1.layernorm_after."),
        (r"^blocks\.(\d+)\.qkv\.0\.", r"layers.\1.attention.q_proj."),
        (r"^blocks\.(\d+)\.qkv\.1\.", r"layers.\1.attention.k_proj."),
        (r"^blocks\.(\d+)\.qkv\.2\.", r"layers.\1.attention.v_proj."),
        (r"^blocks\.(\d+)\.proj\.", r"layers.\1.attention.o_proj."),
        (r"^blocks\.(\d+)\.mlp\.0\.", r"layers.\1.mlp.fc1."),
        (r"^blocks\.(\d+)\.mlp\.2\.", r"layers.\1.mlp.fc2."),
    ],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "luke_nested_dict_entity_tables": ("ids+types+mask", ["last_hidden_state", "pooler_output"]),
    "pop2piano_flax_kernels": ("seq2seq", ["logits"]),
    "pvt_frozen_stage_records": ("pixels", ["last_hidden_state"]),
    "w2v_conformer_fairseq_layer_string": ("wave", ["last_hidden_state"]),
    "internvit_scan_stacked_layers": ("pixels", ["last_hidden_state"]),
    "clvp_init_subclass_sizes": ("ids", ["last_hidden_state", "embeds"]),
    "pixio_namedtuple_replace_preset": ("pixels", ["last_hidden_state", "pooler_output"]),
    "markuplm_partial_factories_depth_dict": (
        "ids+types+mask",
        ["last_hidden_state", "pooler_output"],
    ),
}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config

if __name__ == "__main__":
    raise SystemExit(_MAKE.main())
