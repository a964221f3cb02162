"""U-Net parts (milesial/Pytorch-UNet naming) and diffusers-style UNet blocks.

The U-Net up block takes two inputs, the deeper feature map and the skip connection, and
concatenates them on channels after upsampling (bilinear, or a stride-2 transposed conv that
also halves the channels). The diffusers ``ResnetBlock2D`` adds a projected timestep
embedding, reshaped to (B, C, 1, 1), between its two convolutions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag, real
from driftcheck.graph.blocks.cnn import conv_bn, image
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.model import Graph


def double_conv(
    b: Builder, prefix: str, x: str, cin: int, cout: int, mid: int | None = None
) -> str:
    """(conv3x3 => BN => ReLU) * 2, as ``double_conv.0`` .. ``double_conv.5``."""
    mid = mid or cout
    y = conv_bn(
        b,
        f"{prefix}double_conv.0",
        f"{prefix}double_conv.1",
        x,
        cin,
        mid,
        3,
        act="relu",
        act_name=f"{prefix}double_conv.2",
    )
    return conv_bn(
        b,
        f"{prefix}double_conv.3",
        f"{prefix}double_conv.4",
        y,
        mid,
        cout,
        3,
        act="relu",
        act_name=f"{prefix}double_conv.5",
    )


def _double(p: Mapping[str, Any]) -> Graph:
    b = Builder("DoubleConv")
    x = image(b, p["in_channels"])
    return b.done(double_conv(b, "", x, p["in_channels"], p["out_channels"], p["mid_channels"]))


def _down(p: Mapping[str, Any]) -> Graph:
    b = Builder("UNetDown")
    x = image(b, p["in_channels"])
    y = b.add("MaxPool2d", "maxpool_conv.0", {"kernel_size": 2}, x)
    return b.done(double_conv(b, "maxpool_conv.1.", y, p["in_channels"], p["out_channels"]))


def _up(p: Mapping[str, Any]) -> Graph:
    b = Builder("UNetUp")
    cin, cout = p["in_channels"], p["out_channels"]
    bilinear = p["bilinear"]
    x1 = b.input("x1", ("B", cin // 2 if bilinear else cin, "H", "W"))
    x2 = b.input("x2", ("B", cin // 2, "H2", "W2"))
    if bilinear:
        up = {"scale_factor": 2.0, "mode": "bilinear", "align_corners": True}
        y = b.add("Upsample", "up", up, x1)
        mid = cin // 2
    else:
        tconv = {"in_channels": cin, "out_channels": cin // 2, "kernel_size": 2, "stride": 2}
        y = b.add("ConvTranspose2d", "up", tconv, x1)
        mid = None
    cat = b.add("Concat", None, {"dim": 1}, x2, y)
    return b.done(double_conv(b, "conv.", cat, cin, cout, mid))


def _resnet2d(p: Mapping[str, Any]) -> Graph:
    b = Builder("ResnetBlock2D")
    cin, cout, g, eps = p["in_channels"], p["out_channels"], p["groups"], p["eps"]
    x = image(b, cin)
    temb = b.input("temb", ("B", p["temb_channels"]))
    h = b.add("GroupNorm", "norm1", {"num_groups": g, "num_channels": cin, "eps": eps}, x)
    conv = {"kernel_size": 3, "padding": 1}
    h = b.add(
        "Conv2d",
        "conv1",
        {"in_channels": cin, "out_channels": cout, **conv},
        b.add("SiLU", None, {}, h),
    )
    t = b.add(
        "Linear",
        "time_emb_proj",
        {"in_features": p["temb_channels"], "out_features": cout},
        b.add("SiLU", None, {}, temb),
    )
    h = b.residual(h, b.add("Reshape", None, {"shape": (-1, cout, 1, 1)}, t))
    h = b.add("GroupNorm", "norm2", {"num_groups": g, "num_channels": cout, "eps": eps}, h)
    h = b.add(
        "Conv2d",
        "conv2",
        {"in_channels": cout, "out_channels": cout, **conv},
        b.add("SiLU", None, {}, h),
    )
    if cin != cout:
        x = b.add(
            "Conv2d",
            "conv_shortcut",
            {"in_channels": cin, "out_channels": cout, "kernel_size": 1},
            x,
        )
    return b.done(b.residual(x, h))


def _downsample(p: Mapping[str, Any]) -> Graph:
    b = Builder("Downsample2D")
    c, out = p["channels"], p["out_channels"] or p["channels"]
    x = image(b, c)
    conv = {"in_channels": c, "out_channels": out, "kernel_size": 3, "stride": 2, "padding": 1}
    return b.done(b.add("Conv2d", "conv", conv, x))


def _upsample(p: Mapping[str, Any]) -> Graph:
    b = Builder("Upsample2D")
    c, out = p["channels"], p["out_channels"] or p["channels"]
    x = image(b, c)
    y = b.add("Upsample", None, {"scale_factor": 2.0, "mode": "nearest"}, x)
    conv = {"in_channels": c, "out_channels": out, "kernel_size": 3, "padding": 1}
    return b.done(b.add("Conv2d", "conv", conv, y))


def _timestep(p: Mapping[str, Any]) -> Graph:
    b = Builder("TimestepEmbedding")
    cin, d = p["in_channels"], p["time_embed_dim"]
    x = b.input("sample", ("B", cin))
    y = b.add("Linear", "linear_1", {"in_features": cin, "out_features": d}, x)
    y = b.add("SiLU", "act", {}, y)
    return b.done(b.add("Linear", "linear_2", {"in_features": d, "out_features": d}, y))


HAND = "hand-written module (tests/reference_blocks.py)"


def _spec(name, params, build, doc, ex, role="conv_block"):
    return BlockSpec(
        name=name,
        family="unet",
        params=params,
        build=build,
        examples=ex,
        doc=doc,
        role=role,
        reference=HAND,
    )


BLOCKS = [
    _spec(
        "DoubleConv",
        (dim("in_channels"), dim("out_channels"), dim("mid_channels", default=None)),
        _double,
        "U-Net DoubleConv: (3x3 conv, BN, ReLU) twice; mid_channels defaults to out.",
        examples(
            ({"in_channels": 3, "out_channels": 16}, ((2, 3, 16, 16),)),
            ({"in_channels": 32, "out_channels": 16, "mid_channels": 8}, ((1, 32, 8, 8),)),
        ),
    ),
    _spec(
        "UNetDown",
        (dim("in_channels"), dim("out_channels")),
        _down,
        "U-Net down step: 2x2 max pool then DoubleConv.",
        examples(
            ({"in_channels": 16, "out_channels": 32}, ((2, 16, 16, 16),)),
            ({"in_channels": 8, "out_channels": 8}, ((1, 8, 10, 10),)),
        ),
    ),
    _spec(
        "UNetUp",
        (dim("in_channels"), dim("out_channels"), flag("bilinear", False)),
        _up,
        "U-Net up step: upsample the deeper map (ConvTranspose2d halving channels, or "
        "bilinear), concatenate with the skip, DoubleConv.",
        examples(
            ({"in_channels": 32, "out_channels": 16}, ((2, 32, 4, 4), (2, 16, 8, 8))),
            (
                {"in_channels": 32, "out_channels": 8, "bilinear": True},
                ((2, 16, 4, 4), (2, 16, 8, 8)),
            ),
        ),
    ),
    _spec(
        "ResnetBlock2D",
        (
            dim("in_channels"),
            dim("out_channels"),
            dim("temb_channels", default=512),
            dim("groups", default=32),
            real("eps", 1e-6),
        ),
        _resnet2d,
        "diffusers ResnetBlock2D: GroupNorm-SiLU-conv, + projected timestep embedding, "
        "GroupNorm-SiLU-conv, 1x1 conv shortcut when channels change.",
        examples(
            (
                {"in_channels": 32, "out_channels": 32, "temb_channels": 64, "groups": 8},
                ((2, 32, 8, 8), (2, 64)),
            ),
            (
                {"in_channels": 16, "out_channels": 32, "temb_channels": 24, "groups": 4},
                ((1, 16, 6, 6), (1, 24)),
            ),
        ),
    ),
    _spec(
        "Downsample2D",
        (dim("channels"), dim("out_channels", default=None)),
        _downsample,
        "diffusers Downsample2D (use_conv): 3x3 conv with stride 2.",
        examples(
            ({"channels": 16}, ((2, 16, 8, 8),)),
            ({"channels": 16, "out_channels": 32}, ((1, 16, 7, 7),)),
        ),
    ),
    _spec(
        "Upsample2D",
        (dim("channels"), dim("out_channels", default=None)),
        _upsample,
        "diffusers Upsample2D (use_conv): nearest 2x upsampling then a 3x3 conv.",
        examples(
            ({"channels": 16}, ((2, 16, 4, 4),)),
            ({"channels": 32, "out_channels": 16}, ((1, 32, 3, 3),)),
        ),
    ),
    _spec(
        "TimestepEmbedding",
        (dim("in_channels"), dim("time_embed_dim")),
        _timestep,
        "diffusers TimestepEmbedding: linear_1, SiLU, linear_2.",
        examples(
            ({"in_channels": 32, "time_embed_dim": 128}, ((2, 32),)),
            ({"in_channels": 320, "time_embed_dim": 1280}, ((1, 320),)),
        ),
        role="embedding",
    ),
]
