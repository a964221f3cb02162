"""Write the library half of the wild-code corpus: ``benchmarks/wild/cases/<library>/<case>.py``.

Each case is a short user-style script that builds one model from a PyPI model library with
explicit small keyword arguments and binds it to the module global ``model`` (the truth builder,
``build_truth.py``, reads that global). Simple cases (a callee and keyword arguments) are also
written in the two other shapes users write them in, chosen by the case's index: the keyword
arguments gathered in a config dict and splatted (``model = Net(**config)``), and the library
model held by a user ``nn.Module`` with a learned scale of its own. Free-form cases are written as
given. Run from the repository root: ``python benchmarks/wild/gen_cases.py`` (it rewrites
``cases/``; the files are committed, so this only matters when the table changes).
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "cases"

# (library label, case stem, import lines, callee, keyword arguments as source)
SIMPLE: list[tuple[str, str, str, str, str]] = []
# (library label, case stem, full body)
FREE: list[tuple[str, str, str]] = []


def simple(lib: str, stem: str, imports: str, callee: str, kwargs: str) -> None:
    SIMPLE.append((lib, stem, imports, callee, kwargs))


def free(lib: str, stem: str, body: str) -> None:
    FREE.append((lib, stem, textwrap.dedent(body).lstrip()))


# --- timm -----------------------------------------------------------------------------------
for name, extra in [
    ("resnet18", "num_classes=10"),
    ("resnet10t", "num_classes=5, in_chans=1"),
    ("resnet50", "num_classes=100, drop_rate=0.1"),
    ("efficientnet_b0", "num_classes=10"),
    ("mobilenetv3_small_100", "num_classes=10"),
    ("vit_tiny_patch16_224", "num_classes=10"),
    ("deit_tiny_patch16_224", "num_classes=10, img_size=64"),
    ("convnext_atto", "num_classes=10"),
    ("regnetx_002", "num_classes=10"),
    ("densenet121", "num_classes=10"),
    ("mixer_s16_224", "num_classes=10"),
    ("levit_128s", "num_classes=10"),
    ("edgenext_xx_small", "num_classes=10"),
    ("poolformer_s12", "num_classes=10"),
    ("swin_tiny_patch4_window7_224", "num_classes=10"),
    ("ghostnet_100", "num_classes=10"),
]:
    free(
        "timm",
        f"create_{name}",
        f"""
        import timm

        model = timm.create_model("{name}", pretrained=False, {extra})
        """,
    )
simple(
    "timm",
    "vision_transformer_small",
    "from timm.models.vision_transformer import VisionTransformer",
    "VisionTransformer",
    "img_size=32, patch_size=4, embed_dim=64, depth=2, num_heads=4, num_classes=10",
)
simple(
    "timm",
    "convnext_small_dims",
    "from timm.models.convnext import ConvNeXt",
    "ConvNeXt",
    "depths=(1, 1, 2, 1), dims=(16, 32, 64, 128), num_classes=10",
)
free(
    "timm",
    "resnet_basicblock",
    """
    from timm.models.resnet import BasicBlock, ResNet

    model = ResNet(block=BasicBlock, layers=[1, 1, 1, 1], num_classes=10, in_chans=3)
    """,
)
simple(
    "timm",
    "mlp_layer",
    "from timm.layers import Mlp",
    "Mlp",
    "in_features=64, hidden_features=256, out_features=32",
)

# --- torchvision ----------------------------------------------------------------------------
for name, extra in [
    ("resnet18", "num_classes=10"),
    ("resnet50", "num_classes=10"),
    ("mobilenet_v3_small", "num_classes=10"),
    ("mobilenet_v2", "num_classes=10, width_mult=0.5"),
    ("squeezenet1_1", "num_classes=10"),
    ("shufflenet_v2_x0_5", "num_classes=10"),
    ("efficientnet_b0", "num_classes=10"),
    ("densenet121", "num_classes=10"),
    ("convnext_tiny", "num_classes=10"),
    ("regnet_y_400mf", "num_classes=10"),
    ("mnasnet0_5", "num_classes=10"),
    ("vgg11", "num_classes=10"),
    ("googlenet", "num_classes=10, aux_logits=False, init_weights=True"),
    ("swin_t", "num_classes=10"),
]:
    free(
        "torchvision",
        f"models_{name}",
        f"""
        import torchvision

        model = torchvision.models.{name}(weights=None, {extra})
        """,
    )
for name in [
    "fasterrcnn_mobilenet_v3_large_fpn",
    "retinanet_resnet50_fpn",
    "ssdlite320_mobilenet_v3_large",
    "fcos_resnet50_fpn",
]:
    free(
        "torchvision",
        f"detection_{name}",
        f"""
        from torchvision.models import detection

        model = detection.{name}(weights=None, weights_backbone=None, num_classes=3)
        """,
    )
for name in ["fcn_resnet50", "deeplabv3_mobilenet_v3_large", "lraspp_mobilenet_v3_large"]:
    free(
        "torchvision",
        f"segmentation_{name}",
        f"""
        from torchvision.models import segmentation

        model = segmentation.{name}(weights=None, weights_backbone=None, num_classes=4)
        """,
    )
free(
    "torchvision",
    "resnet_class",
    """
    from torchvision.models.resnet import BasicBlock, ResNet

    model = ResNet(BasicBlock, [1, 1, 1, 1], num_classes=10)
    """,
)
simple(
    "torchvision",
    "vit_class",
    "from torchvision.models import VisionTransformer",
    "VisionTransformer",
    "image_size=32, patch_size=8, num_layers=2, num_heads=2, hidden_dim=32, mlp_dim=64, num_classes=10",
)

# --- efficientnet_pytorch -------------------------------------------------------------------
for name, extra in [
    ("efficientnet-b0", "num_classes=10"),
    ("efficientnet-b1", "num_classes=10, image_size=128"),
    ("efficientnet-b2", "num_classes=5, dropout_rate=0.1"),
    ("efficientnet-b0", "num_classes=2, in_channels=1"),
    ("efficientnet-b3", "num_classes=10"),
]:
    stem = name.replace("-", "_") + ("_gray" if "in_channels" in extra else "")
    free(
        "efficientnet_pytorch",
        f"from_name_{stem}",
        f"""
        from efficientnet_pytorch import EfficientNet

        model = EfficientNet.from_name("{name}", {extra})
        """,
    )
free(
    "efficientnet_pytorch",
    "custom_params",
    """
    from efficientnet_pytorch import EfficientNet
    from efficientnet_pytorch.utils import efficientnet

    blocks_args, global_params = efficientnet(
        width_coefficient=0.5, depth_coefficient=0.5, image_size=64, num_classes=10
    )
    model = EfficientNet(blocks_args, global_params)
    """,
)

# --- segmentation_models_pytorch ------------------------------------------------------------
for i, (arch, enc, extra) in enumerate(
    [
        ("Unet", "resnet18", "classes=2"),
        ("Unet", "resnet34", "classes=3, in_channels=1"),
        ("FPN", "resnet18", "classes=4"),
        ("DeepLabV3Plus", "resnet18", "classes=2"),
        ("Linknet", "resnet18", "classes=2"),
        ("PSPNet", "resnet18", "classes=2"),
        ("PAN", "resnet18", "classes=2"),
        ("UnetPlusPlus", "resnet18", "classes=2"),
        ("MAnet", "resnet18", "classes=2"),
        ("Unet", "efficientnet-b0", "classes=2"),
        ("Unet", "mobilenet_v2", "classes=2"),
        ("Segformer", "mit_b0", "classes=2"),
        ("Unet", "tu-resnet10t", "classes=2"),
        ("Unet", "resnet18", "classes=2, encoder_depth=3, decoder_channels=(64, 32, 16)"),
    ]
):
    stem = f"{arch.lower()}_{enc.replace('-', '_')}" + (f"_{i}" if i in (1, 13) else "")
    free(
        "segmentation_models_pytorch",
        stem,
        f"""
        import segmentation_models_pytorch as smp

        model = smp.{arch}(encoder_name="{enc}", encoder_weights=None, {extra})
        """,
    )

# --- vit-pytorch ----------------------------------------------------------------------------
VP = "image_size=32, patch_size=8, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128"
for mod, cls, kw in [
    ("vit_pytorch", "ViT", VP),
    ("vit_pytorch", "SimpleViT", VP),
    ("vit_pytorch.vit", "ViT", VP + ", dim_head=16, pool='mean'"),
    ("vit_pytorch.cait", "CaiT", VP + ", cls_depth=1"),
    ("vit_pytorch.deepvit", "DeepViT", VP),
    (
        "vit_pytorch.pit",
        "PiT",
        "image_size=32, patch_size=4, num_classes=10, dim=32, depth=(1, 1, 1), heads=2, mlp_dim=64",
    ),
    ("vit_pytorch.local_vit", "LocalViT", VP),
    ("vit_pytorch.parallel_vit", "ViT", VP),
    ("vit_pytorch.vit_for_small_dataset", "ViT", VP),
    ("vit_pytorch.simple_vit_with_register_tokens", "SimpleViT", VP + ", num_register_tokens=2"),
    (
        "vit_pytorch.vit_1d",
        "ViT",
        "seq_len=64, patch_size=8, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128",
    ),
    (
        "vit_pytorch.vit_3d",
        "ViT",
        "image_size=32, image_patch_size=8, frames=8, frame_patch_size=2, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128",
    ),
    ("vit_pytorch.na_vit", "NaViT", VP),
    (
        "vit_pytorch.levit",
        "LeViT",
        "image_size=64, num_classes=10, dim=(32, 48, 64), depth=1, heads=(2, 3, 4), mlp_mult=2",
    ),
    (
        "vit_pytorch.mobile_vit",
        "MobileViT",
        "image_size=(64, 64), dims=[32, 40, 48], channels=[8, 8, 16, 16, 24, 24, 32, 32, 40, 40, 96], num_classes=10",
    ),
    (
        "vit_pytorch.nest",
        "NesT",
        "image_size=32, patch_size=4, num_classes=10, dim=32, heads=2, num_hierarchies=2, block_repeats=(1, 1)",
    ),
    (
        "vit_pytorch.cross_vit",
        "CrossViT",
        "image_size=32, num_classes=10, sm_dim=32, lg_dim=64, sm_patch_size=8, lg_patch_size=16, sm_enc_mlp_dim=64, lg_enc_mlp_dim=128, lg_enc_depth=1, depth=1",
    ),
    (
        "vit_pytorch.t2t",
        "T2TViT",
        "image_size=32, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128, t2t_layers=((7, 4), (3, 2))",
    ),
    (
        "vit_pytorch.cct",
        "CCT",
        "img_size=32, embedding_dim=64, n_conv_layers=1, kernel_size=3, stride=1, padding=1, num_layers=2, num_heads=4, mlp_ratio=2.0, num_classes=10",
    ),
    (
        "vit_pytorch.max_vit",
        "MaxViT",
        "num_classes=10, dim=32, depth=(1, 1), dim_head=16, window_size=4",
    ),
]:
    stem = f"{mod.split('.')[-1]}_{cls.lower()}"
    simple("vit_pytorch", stem, f"from {mod} import {cls}", cls, kw)

# --- diffusers ------------------------------------------------------------------------------
simple(
    "diffusers",
    "unet2d",
    "from diffusers import UNet2DModel",
    "UNet2DModel",
    "sample_size=32, in_channels=3, out_channels=3, layers_per_block=1, block_out_channels=(32, 64), "
    "down_block_types=('DownBlock2D', 'AttnDownBlock2D'), up_block_types=('AttnUpBlock2D', 'UpBlock2D'), norm_num_groups=8",
)
simple(
    "diffusers",
    "unet2d_condition",
    "from diffusers import UNet2DConditionModel",
    "UNet2DConditionModel",
    "sample_size=16, in_channels=4, out_channels=4, layers_per_block=1, block_out_channels=(32, 64), "
    "down_block_types=('CrossAttnDownBlock2D', 'DownBlock2D'), up_block_types=('UpBlock2D', 'CrossAttnUpBlock2D'), "
    "cross_attention_dim=32, attention_head_dim=8, norm_num_groups=8",
)
simple(
    "diffusers",
    "autoencoder_kl",
    "from diffusers import AutoencoderKL",
    "AutoencoderKL",
    "in_channels=3, out_channels=3, down_block_types=('DownEncoderBlock2D', 'DownEncoderBlock2D'), "
    "up_block_types=('UpDecoderBlock2D', 'UpDecoderBlock2D'), block_out_channels=(16, 32), latent_channels=4, "
    "norm_num_groups=8, layers_per_block=1",
)
simple(
    "diffusers",
    "vq_model",
    "from diffusers import VQModel",
    "VQModel",
    "in_channels=3, out_channels=3, down_block_types=('DownEncoderBlock2D', 'DownEncoderBlock2D'), "
    "up_block_types=('UpDecoderBlock2D', 'UpDecoderBlock2D'), block_out_channels=(16, 32), latent_channels=4, "
    "norm_num_groups=8, layers_per_block=1, num_vq_embeddings=64",
)
simple(
    "diffusers",
    "dit_transformer",
    "from diffusers import DiTTransformer2DModel",
    "DiTTransformer2DModel",
    "num_attention_heads=2, attention_head_dim=16, in_channels=4, num_layers=2, sample_size=8, patch_size=2, num_embeds_ada_norm=10",
)
simple(
    "diffusers",
    "sd3_transformer",
    "from diffusers import SD3Transformer2DModel",
    "SD3Transformer2DModel",
    "sample_size=16, patch_size=2, in_channels=4, num_layers=2, attention_head_dim=8, num_attention_heads=2, "
    "joint_attention_dim=32, caption_projection_dim=16, pooled_projection_dim=16, out_channels=4, pos_embed_max_size=32",
)
simple(
    "diffusers",
    "flux_transformer",
    "from diffusers import FluxTransformer2DModel",
    "FluxTransformer2DModel",
    "patch_size=1, in_channels=16, num_layers=1, num_single_layers=1, attention_head_dim=16, "
    "num_attention_heads=2, joint_attention_dim=32, pooled_projection_dim=32, axes_dims_rope=(4, 6, 6)",
)
simple(
    "diffusers",
    "controlnet",
    "from diffusers import ControlNetModel",
    "ControlNetModel",
    "block_out_channels=(32, 64), layers_per_block=1, in_channels=4, down_block_types=('CrossAttnDownBlock2D', 'DownBlock2D'), "
    "cross_attention_dim=32, attention_head_dim=8, norm_num_groups=8, conditioning_embedding_out_channels=(16, 32)",
)
simple(
    "diffusers",
    "unet1d",
    "from diffusers import UNet1DModel",
    "UNet1DModel",
    "sample_size=64, in_channels=2, out_channels=2, block_out_channels=(16, 32, 64), extra_in_channels=16, "
    "down_block_types=('DownBlock1DNoSkip', 'DownBlock1D', 'AttnDownBlock1D'), "
    "up_block_types=('AttnUpBlock1D', 'UpBlock1D', 'UpBlock1DNoSkip'), mid_block_type='UNetMidBlock1D'",
)
simple(
    "diffusers",
    "prior_transformer",
    "from diffusers import PriorTransformer",
    "PriorTransformer",
    "num_attention_heads=2, attention_head_dim=8, num_layers=2, embedding_dim=16, num_embeddings=4, additional_embeddings=2",
)

# --- x-transformers -------------------------------------------------------------------------
XT = [
    ("decoder_basic", "Decoder(dim=64, depth=2, heads=4)", ""),
    (
        "decoder_rotary_glu",
        "Decoder(dim=64, depth=2, heads=4, rotary_pos_emb=True, ff_glu=True)",
        "",
    ),
    (
        "decoder_rmsnorm",
        "Decoder(dim=64, depth=2, heads=4, use_rmsnorm=True, attn_dim_head=16)",
        "",
    ),
    ("decoder_gqa", "Decoder(dim=64, depth=2, heads=4, attn_kv_heads=2, attn_dim_head=16)", ""),
    ("decoder_tied", "Decoder(dim=64, depth=2, heads=4)", ", tie_embedding=True"),
    ("decoder_memkv", "Decoder(dim=64, depth=2, heads=4, attn_num_mem_kv=4)", ""),
    ("decoder_macaron", "Decoder(dim=64, depth=2, heads=4, macaron=True, ff_mult=2)", ""),
    ("encoder_basic", "Encoder(dim=64, depth=2, heads=4)", ""),
    ("encoder_memory_tokens", "Encoder(dim=64, depth=2, heads=4)", ", num_memory_tokens=4"),
    (
        "decoder_sandwich",
        "Decoder(dim=64, depth=2, heads=4, sandwich_norm=True, attn_gate_values=True)",
        "",
    ),
]
for stem, layers, extra in XT:
    cls = layers.split("(")[0]
    free(
        "x_transformers",
        stem,
        f"""
        from x_transformers import {cls}, TransformerWrapper

        model = TransformerWrapper(
            num_tokens=256,
            max_seq_len=64,
            attn_layers={layers}{extra},
        )
        """,
    )
free(
    "x_transformers",
    "vit_wrapper",
    """
    from x_transformers import Encoder, ViTransformerWrapper

    model = ViTransformerWrapper(
        image_size=32, patch_size=8, num_classes=10, attn_layers=Encoder(dim=64, depth=2, heads=4)
    )
    """,
)
simple(
    "x_transformers",
    "xtransformer",
    "from x_transformers import XTransformer",
    "XTransformer",
    "dim=64, enc_num_tokens=100, enc_depth=1, enc_heads=4, enc_max_seq_len=32, "
    "dec_num_tokens=100, dec_depth=1, dec_heads=4, dec_max_seq_len=32",
)
free(
    "x_transformers",
    "continuous_wrapper",
    """
    from x_transformers import ContinuousTransformerWrapper, Encoder

    model = ContinuousTransformerWrapper(
        dim_in=8, dim_out=8, max_seq_len=32, attn_layers=Encoder(dim=64, depth=2, heads=4)
    )
    """,
)

# --- perceiver-pytorch ----------------------------------------------------------------------
PC = (
    "input_channels=3, input_axis=2, num_freq_bands=4, max_freq=10.0, depth=2, num_latents=16, "
    "latent_dim=32, cross_heads=1, latent_heads=4, cross_dim_head=16, latent_dim_head=16, num_classes=10"
)
simple("perceiver_pytorch", "perceiver", "from perceiver_pytorch import Perceiver", "Perceiver", PC)
simple(
    "perceiver_pytorch",
    "perceiver_tied",
    "from perceiver_pytorch import Perceiver",
    "Perceiver",
    PC + ", weight_tie_layers=True",
)
simple(
    "perceiver_pytorch",
    "perceiver_1d",
    "from perceiver_pytorch import Perceiver",
    "Perceiver",
    PC.replace("input_axis=2", "input_axis=1") + ", self_per_cross_attn=2",
)
simple(
    "perceiver_pytorch",
    "perceiver_io",
    "from perceiver_pytorch import PerceiverIO",
    "PerceiverIO",
    "dim=32, queries_dim=16, logits_dim=10, depth=2, num_latents=16, latent_dim=32, cross_heads=1, "
    "latent_heads=4, cross_dim_head=16, latent_dim_head=16",
)
simple(
    "perceiver_pytorch",
    "perceiver_io_tied",
    "from perceiver_pytorch import PerceiverIO",
    "PerceiverIO",
    "dim=32, queries_dim=16, logits_dim=10, depth=3, num_latents=16, latent_dim=32, latent_heads=4, "
    "weight_tie_layers=True, decoder_ff=True",
)
simple(
    "perceiver_pytorch",
    "perceiver_lm",
    "from perceiver_pytorch import PerceiverLM",
    "PerceiverLM",
    "num_tokens=100, dim=32, depth=2, max_seq_len=64, num_latents=16, latent_dim=32, latent_heads=4",
)

# --- performer-pytorch ----------------------------------------------------------------------
PF = "num_tokens=100, max_seq_len=64, dim=64, depth=2, heads=4, dim_head=16"
for stem, kw in [
    ("lm_causal", PF + ", causal=True, nb_features=16"),
    ("lm_local_heads", PF + ", local_attn_heads=2, local_window_size=16"),
    ("lm_tied", PF + ", tie_embed=True"),
    ("lm_glu", PF + ", ff_glu=True, ff_mult=2"),
    ("lm_reversible", PF + ", reversible=True"),
    (
        "lm_axial",
        PF + ", axial_position_emb=True, axial_position_shape=(8, 8), rotary_position_emb=False",
    ),
]:
    simple(
        "performer_pytorch", stem, "from performer_pytorch import PerformerLM", "PerformerLM", kw
    )
simple(
    "performer_pytorch",
    "performer",
    "from performer_pytorch import Performer",
    "Performer",
    "dim=64, depth=2, heads=4, dim_head=16, causal=True",
)

# --- conformer ------------------------------------------------------------------------------
for stem, kw in [
    ("conformer_small", "dim=64, depth=2, dim_head=16, heads=4, ff_mult=2, conv_kernel_size=7"),
    (
        "conformer_causal",
        "dim=32, depth=1, dim_head=8, heads=4, conv_causal=True, conv_kernel_size=5",
    ),
    ("conformer_deep", "dim=48, depth=4, dim_head=12, heads=4, conv_expansion_factor=1"),
]:
    simple("conformer", stem, "from conformer import Conformer", "Conformer", kw)
simple(
    "conformer",
    "block",
    "from conformer import ConformerBlock",
    "ConformerBlock",
    "dim=64, dim_head=16, heads=4, ff_mult=2, conv_kernel_size=7",
)
free(
    "conformer",
    "conv_module",
    """
    from conformer import ConformerConvModule

    model = ConformerConvModule(dim=32, causal=False, expansion_factor=2, kernel_size=7)
    """,
)

# --- linear-attention-transformer -----------------------------------------------------------
LA = "num_tokens=100, dim=64, heads=4, depth=2, max_seq_len=64"
for stem, kw in [
    ("lm", LA + ", causal=True"),
    ("lm_local", LA + ", n_local_attn_heads=2, local_attn_window_size=16"),
    ("lm_emb_dim", LA + ", emb_dim=32, ff_glu=True"),
    ("lm_reversible", LA + ", reversible=True, dim_head=16"),
    ("lm_no_axial", LA + ", use_axial_pos_emb=False, use_rotary_emb=True"),
]:
    simple(
        "linear_attention_transformer",
        stem,
        "from linear_attention_transformer import LinearAttentionTransformerLM",
        "LinearAttentionTransformerLM",
        kw,
    )
simple(
    "linear_attention_transformer",
    "transformer",
    "from linear_attention_transformer import LinearAttentionTransformer",
    "LinearAttentionTransformer",
    "dim=64, heads=4, depth=2, max_seq_len=64, n_local_attn_heads=2",
)

# --- reformer-pytorch -----------------------------------------------------------------------
RF = "num_tokens=100, dim=64, depth=2, max_seq_len=128, heads=4, bucket_size=16"
for stem, kw in [
    ("lm", RF + ", causal=True"),
    ("lm_weight_tie", RF + ", weight_tie=True"),
    ("lm_tied_embedding", RF + ", weight_tie_embedding=True"),
    ("lm_axial", RF + ", axial_position_emb=True, axial_position_shape=(8, 16)"),
    ("lm_emb_dim", RF + ", emb_dim=32, ff_glu=True"),
]:
    simple("reformer_pytorch", stem, "from reformer_pytorch import ReformerLM", "ReformerLM", kw)
simple(
    "reformer_pytorch",
    "reformer",
    "from reformer_pytorch import Reformer",
    "Reformer",
    "dim=64, depth=2, heads=4, lsh_dropout=0.1, causal=True",
)

# --- torch_geometric ------------------------------------------------------------------------
for stem, cls, kw in [
    ("gcn", "GCN", "in_channels=16, hidden_channels=32, num_layers=2, out_channels=4"),
    (
        "gcn_deep_norm",
        "GCN",
        "in_channels=16, hidden_channels=32, num_layers=4, out_channels=4, norm='batch_norm'",
    ),
    ("gat", "GAT", "in_channels=16, hidden_channels=32, num_layers=2, out_channels=4, heads=4"),
    ("graphsage", "GraphSAGE", "in_channels=16, hidden_channels=32, num_layers=3, out_channels=4"),
    ("gin", "GIN", "in_channels=16, hidden_channels=32, num_layers=3, out_channels=4"),
    ("edgecnn", "EdgeCNN", "in_channels=16, hidden_channels=32, num_layers=2, out_channels=4"),
    ("mlp", "MLP", "channel_list=[16, 32, 32, 4], dropout=0.1"),
    (
        "schnet",
        "SchNet",
        "hidden_channels=32, num_filters=32, num_interactions=2, num_gaussians=20, cutoff=5.0",
    ),
    (
        "attentivefp",
        "AttentiveFP",
        "in_channels=16, hidden_channels=32, out_channels=1, edge_dim=4, num_layers=2, num_timesteps=2",
    ),
    ("graph_unet", "GraphUNet", "in_channels=16, hidden_channels=32, out_channels=4, depth=2"),
    ("gcn_jk", "GCN", "in_channels=16, hidden_channels=32, num_layers=3, out_channels=4, jk='cat'"),
]:
    simple("torch_geometric", stem, f"from torch_geometric.nn.models import {cls}", cls, kw)

# --- pytorch-tabnet -------------------------------------------------------------------------
# the network classes take the group matrix as a tensor and per-column embedding sizes as a list
# (the sklearn-style TabNetClassifier builds these from its own arguments)
TN = "import torch\nfrom pytorch_tabnet.tab_network import {}"
for stem, cls, kw in [
    (
        "tabnet",
        "TabNet",
        "input_dim=10, output_dim=2, n_d=8, n_a=8, n_steps=3, group_attention_matrix=torch.eye(10)",
    ),
    (
        "tabnet_cat",
        "TabNet",
        "input_dim=10, output_dim=2, n_d=8, n_a=8, n_steps=3, cat_idxs=[0, 1], cat_dims=[5, 7], cat_emb_dim=[2, 3], group_attention_matrix=torch.eye(10)",
    ),
    (
        "tabnet_entmax",
        "TabNet",
        "input_dim=12, output_dim=3, n_d=16, n_a=16, n_steps=4, mask_type='entmax', group_attention_matrix=torch.eye(12)",
    ),
    (
        "tabnet_shared1",
        "TabNet",
        "input_dim=10, output_dim=1, n_d=8, n_a=8, n_steps=2, n_shared=1, n_independent=1, group_attention_matrix=torch.eye(10)",
    ),
    ("no_embeddings", "TabNetNoEmbeddings", "input_dim=10, output_dim=2, n_d=8, n_a=8, n_steps=3"),
]:
    simple("pytorch_tabnet", stem, TN.format(cls), cls, kw)

# --- rtdl_revisiting_models -----------------------------------------------------------------
for stem, cls, kw in [
    ("mlp", "MLP", "d_in=10, d_out=1, n_blocks=2, d_block=32, dropout=0.1"),
    ("mlp_wide", "MLP", "d_in=20, d_out=3, n_blocks=3, d_block=64, dropout=0.0"),
    (
        "resnet",
        "ResNet",
        "d_in=10, d_out=1, n_blocks=2, d_block=32, d_hidden=None, d_hidden_multiplier=2.0, dropout1=0.1, dropout2=0.0",
    ),
    (
        "resnet_hidden",
        "ResNet",
        "d_in=8, d_out=2, n_blocks=1, d_block=16, d_hidden=48, d_hidden_multiplier=None, dropout1=0.1, dropout2=0.1",
    ),
    (
        "ft_transformer",
        "FTTransformer",
        "n_cont_features=5, cat_cardinalities=[3, 4], d_out=1, n_blocks=2, d_block=64, attention_n_heads=8, attention_dropout=0.1, ffn_d_hidden=None, ffn_d_hidden_multiplier=4 / 3, ffn_dropout=0.1, residual_dropout=0.0",
    ),
]:
    simple("rtdl_revisiting_models", stem, f"from rtdl_revisiting_models import {cls}", cls, kw)

# --- monai ----------------------------------------------------------------------------------
for stem, cls, kw in [
    (
        "unet",
        "UNet",
        "spatial_dims=2, in_channels=1, out_channels=2, channels=(8, 16, 32), strides=(2, 2)",
    ),
    (
        "unet_res",
        "UNet",
        "spatial_dims=3, in_channels=1, out_channels=2, channels=(8, 16, 32), strides=(2, 2), num_res_units=2",
    ),
    (
        "basic_unet",
        "BasicUNet",
        "spatial_dims=2, in_channels=1, out_channels=2, features=(8, 8, 16, 32, 64, 8)",
    ),
    ("segresnet", "SegResNet", "spatial_dims=2, init_filters=8, in_channels=1, out_channels=2"),
    (
        "attention_unet",
        "AttentionUnet",
        "spatial_dims=2, in_channels=1, out_channels=2, channels=(8, 16, 32), strides=(2, 2)",
    ),
    ("densenet121", "DenseNet121", "spatial_dims=2, in_channels=1, out_channels=2"),
    (
        "unetr",
        "UNETR",
        "in_channels=1, out_channels=2, img_size=(32, 32, 32), feature_size=8, hidden_size=96, mlp_dim=192, num_heads=4",
    ),
    (
        "swin_unetr",
        "SwinUNETR",
        "in_channels=1, out_channels=2, feature_size=12, spatial_dims=2, depths=(1, 1, 1, 1)",
    ),
    ("vnet", "VNet", "spatial_dims=3, in_channels=1, out_channels=2"),
    (
        "dynunet",
        "DynUNet",
        "spatial_dims=2, in_channels=1, out_channels=2, kernel_size=[3, 3, 3], strides=[1, 2, 2], upsample_kernel_size=[2, 2]",
    ),
    (
        "vit",
        "ViT",
        "in_channels=1, img_size=(32, 32), patch_size=(8, 8), hidden_size=64, mlp_dim=128, num_layers=2, num_heads=4, spatial_dims=2",
    ),
    (
        "autoencoder",
        "AutoEncoder",
        "spatial_dims=2, in_channels=1, out_channels=1, channels=(4, 8), strides=(2, 2)",
    ),
]:
    simple("monai", stem, f"from monai.networks.nets import {cls}", cls, kw)

# --- segment_anything -----------------------------------------------------------------------
SAMI = "from segment_anything.modeling import ImageEncoderViT"
simple(
    "segment_anything",
    "image_encoder",
    SAMI,
    "ImageEncoderViT",
    "img_size=64, patch_size=16, embed_dim=64, depth=2, num_heads=4, out_chans=32",
)
simple(
    "segment_anything",
    "image_encoder_relpos",
    SAMI,
    "ImageEncoderViT",
    "img_size=64, patch_size=8, embed_dim=64, depth=2, num_heads=4, out_chans=32, use_rel_pos=True, window_size=4, global_attn_indexes=(1,)",
)
simple(
    "segment_anything",
    "prompt_encoder",
    "from segment_anything.modeling import PromptEncoder",
    "PromptEncoder",
    "embed_dim=32, image_embedding_size=(4, 4), input_image_size=(64, 64), mask_in_chans=8",
)
simple(
    "segment_anything",
    "two_way_transformer",
    "from segment_anything.modeling import TwoWayTransformer",
    "TwoWayTransformer",
    "depth=2, embedding_dim=32, num_heads=4, mlp_dim=64",
)
free(
    "segment_anything",
    "mask_decoder",
    """
    from segment_anything.modeling import MaskDecoder, TwoWayTransformer

    model = MaskDecoder(
        transformer_dim=32,
        transformer=TwoWayTransformer(depth=2, embedding_dim=32, num_heads=4, mlp_dim=64),
        num_multimask_outputs=3,
        iou_head_depth=2,
        iou_head_hidden_dim=32,
    )
    """,
)
free(
    "segment_anything",
    "sam_small",
    """
    from segment_anything.modeling import (
        ImageEncoderViT,
        MaskDecoder,
        PromptEncoder,
        Sam,
        TwoWayTransformer,
    )

    prompt_dim = 32
    model = Sam(
        image_encoder=ImageEncoderViT(
            img_size=64, patch_size=16, embed_dim=64, depth=2, num_heads=4, out_chans=prompt_dim
        ),
        prompt_encoder=PromptEncoder(
            embed_dim=prompt_dim,
            image_embedding_size=(4, 4),
            input_image_size=(64, 64),
            mask_in_chans=8,
        ),
        mask_decoder=MaskDecoder(
            transformer_dim=prompt_dim,
            transformer=TwoWayTransformer(depth=2, embedding_dim=prompt_dim, num_heads=4, mlp_dim=64),
            iou_head_hidden_dim=32,
        ),
    )
    """,
)

# --- mambapy --------------------------------------------------------------------------------
for stem, kw in [
    ("mamba", "d_model=64, n_layers=2"),
    ("mamba_state8", "d_model=32, n_layers=3, d_state=8, expand_factor=2"),
    ("mamba_dt_rank", "d_model=64, n_layers=2, dt_rank=8, d_conv=3"),
    ("mamba_bias", "d_model=48, n_layers=2, bias=True, conv_bias=False"),
    ("mamba_inner_ln", "d_model=64, n_layers=1, inner_layernorms=True"),
]:
    free(
        "mambapy",
        stem,
        f"""
        from mambapy.mamba import Mamba, MambaConfig

        config = MambaConfig({kw})
        model = Mamba(config)
        """,
    )

# --- fair-esm -------------------------------------------------------------------------------
for stem, kw in [
    ("esm2", "num_layers=2, embed_dim=64, attention_heads=4"),
    (
        "esm2_alphabet",
        "num_layers=2, embed_dim=64, attention_heads=4, alphabet='ESM-1b', token_dropout=False",
    ),
    ("esm2_deep", "num_layers=4, embed_dim=32, attention_heads=2"),
]:
    simple("esm", stem, "from esm.model.esm2 import ESM2", "ESM2", kw)
simple(
    "esm",
    "transformer_layer",
    "from esm.modules import TransformerLayer",
    "TransformerLayer",
    "embed_dim=64, ffn_embed_dim=256, attention_heads=4, use_rotary_embeddings=True",
)
simple(
    "esm",
    "contact_head",
    "from esm.modules import ContactPredictionHead",
    "ContactPredictionHead",
    "in_features=32, prepend_bos=True, append_eos=True, eos_idx=2",
)

# --- e3nn -----------------------------------------------------------------------------------
free(
    "e3nn",
    "o3_linear",
    """
    from e3nn import o3

    model = o3.Linear("8x0e + 4x1o", "4x0e + 2x1o")
    """,
)
free(
    "e3nn",
    "o3_linear_irreps",
    """
    from e3nn import o3

    irreps_in = o3.Irreps("16x0e + 8x1o + 4x2e")
    irreps_out = o3.Irreps("8x0e + 8x1o")
    model = o3.Linear(irreps_in, irreps_out)
    """,
)
free(
    "e3nn",
    "fully_connected_tp",
    """
    from e3nn import o3

    model = o3.FullyConnectedTensorProduct("2x0e + 1x1o", "2x0e + 1x1o", "4x0e + 2x1o")
    """,
)
free(
    "e3nn",
    "fully_connected_net",
    """
    import torch
    from e3nn import nn

    model = nn.FullyConnectedNet([8, 16, 16, 4], torch.nn.functional.silu)
    """,
)
free(
    "e3nn",
    "tensor_square",
    """
    from e3nn import o3

    model = o3.TensorSquare("4x0e + 2x1o", "8x0e + 2x2e")
    """,
)
free(
    "e3nn",
    "user_block",
    """
    import torch
    from e3nn import nn as enn
    from e3nn import o3


    class EquivariantBlock(torch.nn.Module):
        def __init__(self, irreps_in: str, irreps_out: str, hidden: int):
            super().__init__()
            self.lin1 = o3.Linear(irreps_in, irreps_out)
            self.lin2 = o3.Linear(irreps_out, irreps_out)
            self.radial = enn.FullyConnectedNet([4, hidden, 1], torch.nn.functional.silu)

        def forward(self, x, r):
            return self.lin2(self.lin1(x)) * self.radial(r)


    model = EquivariantBlock("8x0e + 4x1o", "4x0e + 4x1o", hidden=16)
    """,
)

# --- tab-transformer-pytorch ----------------------------------------------------------------
simple(
    "tab_transformer_pytorch",
    "tab_transformer",
    "from tab_transformer_pytorch import TabTransformer",
    "TabTransformer",
    "categories=(10, 5, 6), num_continuous=4, dim=32, depth=2, heads=4, dim_out=1",
)
simple(
    "tab_transformer_pytorch",
    "tab_transformer_mlp",
    "from tab_transformer_pytorch import TabTransformer",
    "TabTransformer",
    "categories=(10, 5), num_continuous=3, dim=16, depth=1, heads=2, dim_out=2, mlp_hidden_mults=(2, 1), use_shared_categ_embed=False",
)
simple(
    "tab_transformer_pytorch",
    "ft_transformer",
    "from tab_transformer_pytorch import FTTransformer",
    "FTTransformer",
    "categories=(10, 5, 6), num_continuous=4, dim=32, depth=2, heads=4, dim_out=1",
)
simple(
    "tab_transformer_pytorch",
    "ft_transformer_streams",
    "from tab_transformer_pytorch import FTTransformer",
    "FTTransformer",
    "categories=(4, 4), num_continuous=2, dim=16, depth=1, heads=2, dim_out=3, num_residual_streams=1",
)
simple(
    "tab_transformer_pytorch",
    "tab_transformer_streams1",
    "from tab_transformer_pytorch import TabTransformer",
    "TabTransformer",
    "categories=(3, 7), num_continuous=5, dim=16, depth=2, heads=2, num_residual_streams=1",
)

# --- mlp-mixer-pytorch ----------------------------------------------------------------------
for stem, kw in [
    ("mixer", "image_size=32, channels=3, patch_size=8, dim=64, depth=2, num_classes=10"),
    ("mixer_rect", "image_size=(32, 64), channels=1, patch_size=8, dim=32, depth=3, num_classes=5"),
    (
        "mixer_expansion",
        "image_size=32, channels=3, patch_size=4, dim=48, depth=2, num_classes=10, expansion_factor=2, expansion_factor_token=1",
    ),
]:
    simple("mlp_mixer_pytorch", stem, "from mlp_mixer_pytorch import MLPMixer", "MLPMixer", kw)

# --- egnn-pytorch ---------------------------------------------------------------------------
simple(
    "egnn_pytorch",
    "egnn_layer",
    "from egnn_pytorch import EGNN",
    "EGNN",
    "dim=16, edge_dim=0, m_dim=16",
)
simple(
    "egnn_pytorch",
    "egnn_layer_edges",
    "from egnn_pytorch import EGNN",
    "EGNN",
    "dim=32, edge_dim=4, m_dim=8, fourier_features=2, norm_feats=True",
)
simple(
    "egnn_pytorch",
    "egnn_network",
    "from egnn_pytorch import EGNN_Network",
    "EGNN_Network",
    "num_tokens=21, dim=32, depth=2, num_positions=64, m_dim=16",
)
simple(
    "egnn_pytorch",
    "egnn_network_edges",
    "from egnn_pytorch import EGNN_Network",
    "EGNN_Network",
    "num_tokens=10, num_edge_tokens=4, edge_dim=4, dim=16, depth=2, num_nearest_neighbors=8",
)
simple(
    "egnn_pytorch",
    "egnn_network_adj",
    "from egnn_pytorch import EGNN_Network",
    "EGNN_Network",
    "num_tokens=21, dim=16, depth=2, num_adj_degrees=2, adj_dim=4",
)

# --- zuko -----------------------------------------------------------------------------------
for stem, cls, kw in [
    ("maf", "MAF", "features=4, context=2, transforms=2, hidden_features=(32, 32)"),
    ("nsf", "NSF", "features=4, context=0, transforms=2, bins=4, hidden_features=(16, 16)"),
    ("realnvp", "RealNVP", "features=6, transforms=3, hidden_features=(32,)"),
    ("nice", "NICE", "features=6, context=3, transforms=2, hidden_features=(16, 16)"),
    ("gf", "GF", "features=3, transforms=2, components=4"),
    ("naf", "NAF", "features=3, context=1, transforms=2, signal=8, hidden_features=(16,)"),
    ("sospf", "SOSPF", "features=3, transforms=2, degree=3, polynomials=2, hidden_features=(16,)"),
    ("cnf", "CNF", "features=3, hidden_features=(32, 32)"),
]:
    simple("zuko", stem, f"from zuko.flows import {cls}", cls, kw)

# --- vector-quantize-pytorch ----------------------------------------------------------------
for stem, cls, kw in [
    ("vq", "VectorQuantize", "dim=64, codebook_size=128"),
    (
        "vq_codebook_dim",
        "VectorQuantize",
        "dim=64, codebook_size=128, codebook_dim=16, heads=2, separate_codebook_per_head=True",
    ),
    (
        "vq_learnable",
        "VectorQuantize",
        "dim=32, codebook_size=64, learnable_codebook=True, ema_update=False",
    ),
    ("residual_vq", "ResidualVQ", "dim=32, num_quantizers=4, codebook_size=64"),
    ("fsq", "FSQ", "levels=[8, 5, 5, 5], dim=32"),
    ("lfq", "LFQ", "dim=16, codebook_size=256"),
]:
    simple("vector_quantize_pytorch", stem, f"from vector_quantize_pytorch import {cls}", cls, kw)

# --- local-attention ------------------------------------------------------------------------
LT = "num_tokens=100, max_seq_len=64, dim=64, depth=2, heads=4, dim_head=16, local_attn_window_size=16"
for stem, kw in [
    ("local_transformer", LT),
    ("local_transformer_causal_off", LT + ", causal=False, ff_mult=2"),
    ("local_transformer_streams", LT + ", num_residual_streams=1"),
    ("local_transformer_dynamic_pos", LT + ", use_dynamic_pos_bias=True"),
]:
    simple(
        "local_attention",
        stem,
        "from local_attention import LocalTransformer",
        "LocalTransformer",
        kw,
    )
simple(
    "local_attention",
    "local_attention_relpos",
    "from local_attention import LocalAttention",
    "LocalAttention",
    "window_size=16, causal=True, dim=64, use_rotary_pos_emb=False, rel_pos_emb_config=(16, 4)",
)

# --- g-mlp-pytorch --------------------------------------------------------------------------
simple(
    "g_mlp_pytorch",
    "gmlp_lm",
    "from g_mlp_pytorch import gMLP",
    "gMLP",
    "num_tokens=100, dim=64, depth=2, seq_len=64",
)
simple(
    "g_mlp_pytorch",
    "gmlp_attn",
    "from g_mlp_pytorch import gMLP",
    "gMLP",
    "num_tokens=100, dim=64, depth=2, seq_len=64, attn_dim=16, heads=2",
)
simple(
    "g_mlp_pytorch",
    "gmlp_causal_circulant",
    "from g_mlp_pytorch import gMLP",
    "gMLP",
    "num_tokens=50, dim=32, depth=3, seq_len=32, causal=True, circulant_matrix=True",
)
simple(
    "g_mlp_pytorch",
    "gmlp_vision",
    "from g_mlp_pytorch import gMLPVision",
    "gMLPVision",
    "image_size=32, patch_size=8, num_classes=10, dim=64, depth=2",
)
simple(
    "g_mlp_pytorch",
    "gmlp_no_tokens",
    "from g_mlp_pytorch import gMLP",
    "gMLP",
    "dim=32, depth=2, seq_len=16, ff_mult=2",
)

# --- st-moe-pytorch -------------------------------------------------------------------------
simple(
    "st_moe_pytorch",
    "moe",
    "from st_moe_pytorch import MoE",
    "MoE",
    "dim=64, num_experts=4, gating_top_n=2",
)
simple(
    "st_moe_pytorch",
    "moe_wide",
    "from st_moe_pytorch import MoE",
    "MoE",
    "dim=32, num_experts=8, expert_hidden_mult=2",
)
free(
    "st_moe_pytorch",
    "sparse_block",
    """
    from st_moe_pytorch import MoE, SparseMoEBlock

    moe = MoE(dim=64, num_experts=4, gating_top_n=2)
    model = SparseMoEBlock(moe, add_ff_before=True, add_ff_after=True)
    """,
)
free(
    "st_moe_pytorch",
    "sparse_block_after",
    """
    from st_moe_pytorch import MoE, SparseMoEBlock

    model = SparseMoEBlock(MoE(dim=32, num_experts=2), add_ff_after=True)
    """,
)

# --- soft-moe-pytorch -----------------------------------------------------------------------
simple(
    "soft_moe_pytorch",
    "soft_moe",
    "from soft_moe_pytorch import SoftMoE",
    "SoftMoE",
    "dim=64, seq_len=32, num_experts=4",
)
simple(
    "soft_moe_pytorch",
    "soft_moe_slots",
    "from soft_moe_pytorch import SoftMoE",
    "SoftMoE",
    "dim=32, num_slots=8, num_experts=4, expert_mult=2",
)
simple(
    "soft_moe_pytorch",
    "soft_moe_geglu",
    "from soft_moe_pytorch import SoftMoE",
    "SoftMoE",
    "dim=32, seq_len=16, num_experts=2, geglu=True, use_layernorm=True",
)

# --- nystrom-attention ----------------------------------------------------------------------
simple(
    "nystrom_attention",
    "nystromformer",
    "from nystrom_attention import Nystromformer",
    "Nystromformer",
    "dim=64, depth=2, dim_head=16, heads=4, num_landmarks=16",
)
simple(
    "nystrom_attention",
    "nystromformer_noresidual",
    "from nystrom_attention import Nystromformer",
    "Nystromformer",
    "dim=32, depth=3, dim_head=8, heads=4, num_landmarks=8, attn_values_residual=False",
)
simple(
    "nystrom_attention",
    "nystrom_attention_layer",
    "from nystrom_attention import NystromAttention",
    "NystromAttention",
    "dim=64, dim_head=16, heads=4, num_landmarks=16, residual_conv_kernel=9",
)

# --- lambda-networks ------------------------------------------------------------------------
simple(
    "lambda_networks",
    "lambda_local",
    "from lambda_networks import LambdaLayer",
    "LambdaLayer",
    "dim=32, dim_out=32, r=5, dim_k=16, heads=4, dim_u=1",
)
simple(
    "lambda_networks",
    "lambda_global",
    "from lambda_networks import LambdaLayer",
    "LambdaLayer",
    "dim=32, dim_out=64, n=64, dim_k=16, heads=4, dim_u=4",
)
simple(
    "lambda_networks",
    "lambda_intra",
    "from lambda_networks import LambdaLayer",
    "LambdaLayer",
    "dim=16, dim_out=16, r=3, dim_k=8, heads=2, dim_u=2",
)

# --- litgpt ---------------------------------------------------------------------------------
for stem, kw in [
    (
        "gpt_small",
        "n_layer=2, n_head=4, n_embd=64, block_size=64, vocab_size=100, padded_vocab_size=128",
    ),
    (
        "gpt_llama_like",
        "n_layer=2, n_head=4, n_embd=64, block_size=64, vocab_size=100, padded_vocab_size=128, "
        "bias=False, norm_class_name='RMSNorm', mlp_class_name='LLaMAMLP', intermediate_size=172, parallel_residual=False",
    ),
    (
        "gpt_gqa",
        "n_layer=2, n_head=4, n_query_groups=2, n_embd=64, block_size=64, vocab_size=100, padded_vocab_size=128, "
        "mlp_class_name='LLaMAMLP', intermediate_size=128",
    ),
    (
        "gpt_moe",
        "n_layer=2, n_head=4, n_embd=64, block_size=64, vocab_size=100, padded_vocab_size=128, "
        "mlp_class_name='LLaMAMoE', moe_intermediate_size=64, n_expert=4, n_expert_per_token=2",
    ),
    (
        "gpt_head_size",
        "n_layer=2, n_head=4, head_size=8, n_embd=64, block_size=64, vocab_size=100, padded_vocab_size=128",
    ),
]:
    free(
        "litgpt",
        stem,
        f"""
        from litgpt.config import Config
        from litgpt.model import GPT

        config = Config({kw})
        model = GPT(config)
        """,
    )
for stem, name, over in [
    ("from_name_pythia14m", "pythia-14m", ""),
    ("from_name_smollm2_135m", "SmolLM2-135M", ", n_layer=2"),
    (
        "from_name_llama_override",
        "Llama-3.2-1B",
        ", n_layer=2, n_embd=128, n_head=4, n_query_groups=2, intermediate_size=256, padded_vocab_size=512",
    ),
]:
    free(
        "litgpt",
        stem,
        f"""
        from litgpt.config import Config
        from litgpt.model import GPT

        model = GPT(Config.from_name("{name}"{over}))
        """,
    )

# --- open_clip ------------------------------------------------------------------------------
free(
    "open_clip",
    "clip_small_cfg",
    """
    from open_clip.model import CLIP, CLIPTextCfg, CLIPVisionCfg

    model = CLIP(
        embed_dim=64,
        vision_cfg=CLIPVisionCfg(layers=2, width=64, patch_size=8, image_size=32, head_width=16),
        text_cfg=CLIPTextCfg(context_length=16, vocab_size=100, width=64, heads=4, layers=2),
    )
    """,
)
free(
    "open_clip",
    "clip_dict_cfg",
    """
    from open_clip.model import CLIP

    vision = dict(layers=2, width=32, patch_size=8, image_size=32, head_width=16)
    text = dict(context_length=16, vocab_size=64, width=32, heads=2, layers=1)
    model = CLIP(embed_dim=32, vision_cfg=vision, text_cfg=text)
    """,
)
free(
    "open_clip",
    "clip_resnet_tower",
    """
    from open_clip.model import CLIP, CLIPTextCfg, CLIPVisionCfg

    model = CLIP(
        embed_dim=64,
        vision_cfg=CLIPVisionCfg(layers=(1, 1, 1, 1), width=16, image_size=64),
        text_cfg=CLIPTextCfg(context_length=16, vocab_size=100, width=64, heads=4, layers=1),
    )
    """,
)
for name in ["RN50", "ViT-B-32"]:
    free(
        "open_clip",
        f"create_{name.replace('-', '_').lower()}",
        f"""
        import open_clip

        model = open_clip.create_model("{name}", pretrained=None)
        """,
    )
free(
    "open_clip",
    "vision_transformer",
    """
    from open_clip.transformer import VisionTransformer

    model = VisionTransformer(
        image_size=32, patch_size=8, width=64, layers=2, heads=4, mlp_ratio=4.0, output_dim=32
    )
    """,
)

# --- encodec --------------------------------------------------------------------------------
simple(
    "encodec",
    "seanet_encoder",
    "from encodec.modules import SEANetEncoder",
    "SEANetEncoder",
    "channels=1, dimension=32, n_filters=8, ratios=[4, 2], lstm=1",
)
simple(
    "encodec",
    "seanet_decoder",
    "from encodec.modules import SEANetDecoder",
    "SEANetDecoder",
    "channels=1, dimension=32, n_filters=8, ratios=[4, 2], lstm=1",
)
simple(
    "encodec",
    "seanet_encoder_causal",
    "from encodec.modules import SEANetEncoder",
    "SEANetEncoder",
    "channels=2, dimension=16, n_filters=4, ratios=[2, 2], lstm=0, causal=True, norm='weight_norm'",
)
simple(
    "encodec",
    "residual_vq",
    "from encodec.quantization import ResidualVectorQuantizer",
    "ResidualVectorQuantizer",
    "dimension=32, n_q=4, bins=64",
)
free(
    "encodec",
    "encodec_model",
    """
    from encodec.model import EncodecModel
    from encodec.modules import SEANetDecoder, SEANetEncoder
    from encodec.quantization import ResidualVectorQuantizer

    encoder = SEANetEncoder(channels=1, dimension=32, n_filters=8, ratios=[4, 2], lstm=1)
    decoder = SEANetDecoder(channels=1, dimension=32, n_filters=8, ratios=[4, 2], lstm=1)
    quantizer = ResidualVectorQuantizer(dimension=32, n_q=4, bins=64)
    model = EncodecModel(
        encoder, decoder, quantizer, target_bandwidths=[1.5, 3.0], sample_rate=16000, channels=1
    )
    """,
)

# --- siren-pytorch --------------------------------------------------------------------------
simple(
    "siren_pytorch",
    "siren_net",
    "from siren_pytorch import SirenNet",
    "SirenNet",
    "dim_in=2, dim_hidden=64, dim_out=3, num_layers=3",
)
simple(
    "siren_pytorch",
    "siren_net_nobias",
    "from siren_pytorch import SirenNet",
    "SirenNet",
    "dim_in=3, dim_hidden=32, dim_out=1, num_layers=5, use_bias=False, w0_initial=30.0",
)
simple(
    "siren_pytorch",
    "siren_layer",
    "from siren_pytorch import Siren",
    "Siren",
    "dim_in=2, dim_out=16, is_first=True",
)
free(
    "siren_pytorch",
    "siren_wrapper",
    """
    from siren_pytorch import SirenNet, SirenWrapper

    net = SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=2)
    model = SirenWrapper(net, image_width=16, image_height=16, latent_dim=8)
    """,
)

# --- transformer-in-transformer -------------------------------------------------------------
simple(
    "transformer_in_transformer",
    "tnt",
    "from transformer_in_transformer import TNT",
    "TNT",
    "image_size=32, patch_dim=64, pixel_dim=16, patch_size=8, pixel_size=4, depth=2, num_classes=10, heads=4, dim_head=16",
)
simple(
    "transformer_in_transformer",
    "tnt_deep",
    "from transformer_in_transformer import TNT",
    "TNT",
    "image_size=32, patch_dim=32, pixel_dim=8, patch_size=16, pixel_size=4, depth=3, num_classes=5, heads=2, dim_head=16",
)
simple(
    "transformer_in_transformer",
    "tnt_gray",
    "from transformer_in_transformer import TNT",
    "TNT",
    "image_size=32, patch_dim=32, pixel_dim=8, patch_size=8, pixel_size=2, depth=1, num_classes=10, channels=1",
)

# --- axial-attention ------------------------------------------------------------------------
simple(
    "axial_attention",
    "axial_attention_2d",
    "from axial_attention import AxialAttention",
    "AxialAttention",
    "dim=32, dim_index=1, heads=4, num_dimensions=2",
)
simple(
    "axial_attention",
    "axial_attention_3d",
    "from axial_attention import AxialAttention",
    "AxialAttention",
    "dim=16, dim_index=1, dim_heads=8, heads=2, num_dimensions=3, sum_axial_out=False",
)
simple(
    "axial_attention",
    "axial_image_transformer",
    "from axial_attention import AxialImageTransformer",
    "AxialImageTransformer",
    "dim=32, depth=2, heads=4, reversible=True",
)
simple(
    "axial_attention",
    "axial_image_transformer_pos",
    "from axial_attention import AxialImageTransformer",
    "AxialImageTransformer",
    "dim=16, depth=1, heads=2, reversible=False, axial_pos_emb_shape=(8, 8)",
)
simple(
    "axial_attention",
    "axial_pos_emb",
    "from axial_attention import AxialPositionalEmbedding",
    "AxialPositionalEmbedding",
    "dim=32, shape=(8, 8), emb_dim_index=1",
)

# --- torchaudio -----------------------------------------------------------------------------
TA = "from torchaudio import models"
for stem, callee, kw in [
    (
        "conformer",
        "models.Conformer",
        "input_dim=80, num_heads=4, ffn_dim=128, num_layers=2, depthwise_conv_kernel_size=31",
    ),
    ("wav2letter", "models.Wav2Letter", "num_classes=40, input_type='mfcc', num_features=13"),
    (
        "conv_tasnet",
        "models.ConvTasNet",
        "num_sources=2, enc_kernel_size=16, enc_num_feats=64, msk_num_feats=32, msk_num_hidden_feats=64, msk_num_layers=2, msk_num_stacks=1",
    ),
    ("deepspeech", "models.DeepSpeech", "n_feature=40, n_hidden=64, n_class=30"),
    (
        "emformer",
        "models.Emformer",
        "input_dim=64, num_heads=4, ffn_dim=128, num_layers=2, segment_length=4, right_context_length=1",
    ),
    (
        "wavernn",
        "models.WaveRNN",
        "upsample_scales=[5, 5, 8], n_classes=256, hop_length=200, n_res_block=2, n_rnn=64, n_fc=64, n_freq=40, n_hidden=32, n_output=32",
    ),
    (
        "tacotron2",
        "models.Tacotron2",
        "n_mels=40, n_symbol=40, symbol_embedding_dim=64, encoder_embedding_dim=64, decoder_rnn_dim=64, attention_rnn_dim=64, attention_hidden_dim=32, prenet_dim=32, postnet_embedding_dim=64",
    ),
    ("hdemucs", "models.HDemucs", "sources=['drums', 'bass'], channels=8, depth=3, nfft=512"),
    ("wav2vec2_base", "models.wav2vec2_base", "aux_num_out=32"),
    ("hubert_base", "models.hubert_base", "aux_num_out=None"),
]:
    simple("torchaudio", stem, TA, callee, kw)


# --- writing --------------------------------------------------------------------------------
HEADER = '"""{lib}: {stem} (wild-code corpus, benchmarks/wild)."""\n\n'


def render_simple(i: int, lib: str, stem: str, imports: str, callee: str, kwargs: str):
    args = ",\n".join("    " + a.strip() for a in split_kwargs(kwargs))
    yield stem, f"{imports}\n\nmodel = {callee}(\n{args},\n)\n"
    if i % 3 == 1:
        yield (
            f"{stem}_config",
            f"{imports}\n\nconfig = dict(\n{args},\n)\nmodel = {callee}(**config)\n",
        )
    if i % 3 == 2:
        yield (
            f"{stem}_wrapped",
            "import torch\nfrom torch import nn\n\n"
            f"{imports}\n\n\n"
            "class Net(nn.Module):\n"
            "    def __init__(self, **kwargs):\n"
            "        super().__init__()\n"
            f"        self.body = {callee}(**kwargs)\n"
            "        self.scale = nn.Parameter(torch.ones(1))\n\n"
            "    def forward(self, *args):\n"
            "        return self.body(*args) * self.scale\n\n\n"
            f"model = Net(\n{args},\n)\n",
        )


def split_kwargs(src: str) -> list[str]:
    """Split ``a=1, b=(2, 3)`` at top-level commas."""
    parts, depth, cur = [], 0, ""
    for ch in src:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def main() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    n = 0
    for i, (lib, stem, imports, callee, kwargs) in enumerate(SIMPLE):
        for name, body in render_simple(i, lib, stem, imports, callee, kwargs):
            write(lib, name, body)
            n += 1
    for lib, stem, body in FREE:
        write(lib, stem, body)
        n += 1
    print(f"wrote {n} files for {len({c[0] for c in SIMPLE} | {c[0] for c in FREE})} libraries")


def write(lib: str, stem: str, body: str) -> None:
    path = OUT / lib / f"{stem}.py"
    if stem == lib:
        # ``cases/conformer/conformer.py`` would be the module ``conformer`` for its siblings
        # run as scripts (their folder is first on sys.path): a case never shadows its library
        raise SystemExit(f"case {lib}/{stem} has its library's name")
    if path.exists():
        raise SystemExit(f"duplicate case {lib}/{stem}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEADER.format(lib=lib, stem=stem) + body)


if __name__ == "__main__":
    main()
