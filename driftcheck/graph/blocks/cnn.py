"""Convolutional blocks, ResNet family: HF ``ResNetBasicLayer``/``ResNetBottleNeckLayer``,
MobileNetV2's inverted residual, torchvision's BasicBlock/Bottleneck (ResNeXt, Wide), and the
pre-activation block; the shared conv-BN helper lives here too (``convnets.py`` has the rest).

Every block is (B, C, H, W) -> (B, C', H', W'); strides and paddings are parameters so the
graph's shape propagation gives the downsampled size. Convolutions before a BatchNorm have no
bias, as in every one of these models. Names follow the code each block mirrors: HF's
``layer.0.convolution`` / ``shortcut.normalization``, torchvision's ``conv1``/``bn1``/
``downsample.0``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag, real, text
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.model import Graph


def conv_bn(
    b: Builder,
    conv: str,
    bn: str | None,
    x: str,
    cin: int,
    cout: int,
    k: int = 3,
    stride: int = 1,
    *,
    groups: int = 1,
    act: str | None = None,
    act_name: str | None = None,
    eps: float = 1e-5,
    bias: bool = False,
    padding: int | None = None,
) -> str:
    """Conv2d (padding k//2) -> BatchNorm2d -> optional activation."""
    pad = k // 2 if padding is None else padding
    params = {
        "in_channels": cin,
        "out_channels": cout,
        "kernel_size": k,
        "stride": stride,
        "padding": pad,
        "groups": groups,
        "bias": bias,
    }
    y = b.add("Conv2d", conv, params, x)
    if bn is not None:
        y = b.add("BatchNorm2d", bn, {"num_features": cout, "eps": eps}, y)
    return b.act(act_name, act, y) if act else y


def image(b: Builder, c: int) -> str:
    return b.input("pixel_values", ("B", c, "H", "W"))


# ---------------------------------------------------------------------- HF ResNet / MobileNetV2
def _hf_conv(b, prefix, x, cin, cout, k=3, stride=1, act="relu"):
    return conv_bn(
        b, f"{prefix}.convolution", f"{prefix}.normalization", x, cin, cout, k, stride, act=act
    )


def _hf_shortcut(b, x, cin, cout, stride):
    if cin == cout and stride == 1:
        return x
    return _hf_conv(b, "shortcut", x, cin, cout, 1, stride, act=None)


def _hf_basic(p: Mapping[str, Any]) -> Graph:
    b = Builder("ResNetBasicLayer")
    cin, cout, s = p["in_channels"], p["out_channels"], p["stride"]
    x = image(b, cin)
    res = _hf_shortcut(b, x, cin, cout, s)
    y = _hf_conv(b, "layer.0", x, cin, cout, 3, s, p["activation"])
    y = _hf_conv(b, "layer.1", y, cout, cout, 3, 1, None)
    return b.done(b.act(None, p["activation"], b.residual(y, res)))


def _hf_bottleneck(p: Mapping[str, Any]) -> Graph:
    b = Builder("ResNetBottleNeckLayer")
    cin, cout, s = p["in_channels"], p["out_channels"], p["stride"]
    mid = cout // p["reduction"]
    first = s if p["downsample_in_bottleneck"] else 1
    x = image(b, cin)
    res = _hf_shortcut(b, x, cin, cout, s)
    y = _hf_conv(b, "layer.0", x, cin, mid, 1, first, p["activation"])
    y = _hf_conv(b, "layer.1", y, mid, mid, 3, s if first == 1 else 1, p["activation"])
    y = _hf_conv(b, "layer.2", y, mid, cout, 1, 1, None)
    return b.done(b.act(None, p["activation"], b.residual(y, res)))


def make_divisible(value: float, divisor: int = 8, min_value: int | None = None) -> int:
    """Round a channel count to a multiple of ``divisor`` (MobileNet / EfficientNet rule)."""
    min_value = min_value or divisor
    new = max(min_value, int(value + divisor / 2) // divisor * divisor)
    return new + divisor if new < 0.9 * value else new


def _hf_mnv2(p: Mapping[str, Any]) -> Graph:
    b = Builder("MobileNetV2InvertedResidual")
    cin, cout, s = p["in_channels"], p["out_channels"], p["stride"]
    mid = make_divisible(round(cin * p["expand_ratio"]), p["depth_divisible_by"], p["min_depth"])
    x = image(b, cin)

    def layer(prefix, src, ci, co, k, stride=1, groups=1, act=True):
        return conv_bn(
            b,
            f"{prefix}.convolution",
            f"{prefix}.normalization",
            src,
            ci,
            co,
            k,
            stride,
            groups=groups,
            act="relu6" if act else None,
            eps=1e-3,
        )

    y = layer("expand_1x1", x, cin, mid, 1)
    y = layer("conv_3x3", y, mid, mid, 3, s, groups=mid)
    y = layer("reduce_1x1", y, mid, cout, 1, act=False)
    return b.done(b.residual(x, y) if s == 1 and cin == cout else y)


# ---------------------------------------------------------------------- torchvision-style
def _tv_basic(p: Mapping[str, Any]) -> Graph:
    b = Builder("BasicBlock")
    cin, planes, s = p["inplanes"], p["planes"], p["stride"]
    x = image(b, cin)
    y = conv_bn(b, "conv1", "bn1", x, cin, planes, 3, s, act="relu")
    y = conv_bn(b, "conv2", "bn2", y, planes, planes, 3)
    res = x
    if s != 1 or cin != planes:
        res = conv_bn(b, "downsample.0", "downsample.1", x, cin, planes, 1, s)
    return b.done(b.act(None, "relu", b.residual(y, res)))


def _tv_bottleneck(p: Mapping[str, Any]) -> Graph:
    b = Builder("Bottleneck")
    cin, planes, s, g = p["inplanes"], p["planes"], p["stride"], p["groups"]
    width = int(planes * (p["base_width"] / 64.0)) * g
    out = planes * 4
    x = image(b, cin)
    y = conv_bn(b, "conv1", "bn1", x, cin, width, 1, act="relu")
    y = conv_bn(b, "conv2", "bn2", y, width, width, 3, s, groups=g, act="relu")
    y = conv_bn(b, "conv3", "bn3", y, width, out, 1)
    res = x
    if s != 1 or cin != out:
        res = conv_bn(b, "downsample.0", "downsample.1", x, cin, out, 1, s)
    return b.done(b.act(None, "relu", b.residual(y, res)))


def _preact(p: Mapping[str, Any]) -> Graph:
    b = Builder("PreActBlock")
    cin, planes, s = p["in_planes"], p["planes"], p["stride"]
    x = image(b, cin)
    y = b.act(None, "relu", b.add("BatchNorm2d", "bn1", {"num_features": cin}, x))
    res = x
    if s != 1 or cin != planes:
        res = conv_bn(b, "shortcut.0", None, y, cin, planes, 1, s)
    y = conv_bn(b, "conv1", None, y, cin, planes, 3, s)
    y = b.act(None, "relu", b.add("BatchNorm2d", "bn2", {"num_features": planes}, y))
    return b.done(b.residual(conv_bn(b, "conv2", None, y, planes, planes, 3), res))


def cnn_spec(name, params, build, reference, doc, ex, aliases=()):
    """A BlockSpec of the cnn family (shared by cnn.py and convnets.py)."""
    return BlockSpec(
        name=name,
        family="cnn",
        params=params,
        build=build,
        examples=ex,
        doc=doc,
        role="conv_block",
        reference=reference,
        aliases=aliases,
    )


IO = (dim("in_channels"), dim("out_channels"), dim("stride", default=1))
HAND = "hand-written torchvision-style module (tests/reference_blocks.py)"

BLOCKS = [
    cnn_spec(
        "ResNetBasicLayer",
        (*IO, text("activation", "relu")),
        _hf_basic,
        "transformers ResNetBasicLayer",
        "Two 3x3 conv-BN (ReLU between), 1x1 conv-BN shortcut when the shape changes.",
        examples(
            ({"in_channels": 16, "out_channels": 16}, ((2, 16, 8, 8),)),
            ({"in_channels": 16, "out_channels": 32, "stride": 2}, ((2, 16, 9, 9),)),
        ),
    ),
    cnn_spec(
        "ResNetBottleNeckLayer",
        (
            *IO,
            text("activation", "relu"),
            dim("reduction", default=4),
            flag("downsample_in_bottleneck", False),
        ),
        _hf_bottleneck,
        "transformers ResNetBottleNeckLayer",
        "1x1 reduce, 3x3, 1x1 expand (conv-BN each), projection shortcut when needed.",
        examples(
            ({"in_channels": 64, "out_channels": 64}, ((2, 64, 8, 8),)),
            ({"in_channels": 32, "out_channels": 64, "stride": 2}, ((1, 32, 8, 8),)),
            (
                {
                    "in_channels": 32,
                    "out_channels": 64,
                    "stride": 2,
                    "downsample_in_bottleneck": True,
                },
                ((1, 32, 7, 7),),
            ),
        ),
    ),
    cnn_spec(
        "MobileNetV2InvertedResidual",
        (
            *IO,
            real("expand_ratio", 6.0),
            dim("depth_divisible_by", default=8),
            dim("min_depth", default=8),
        ),
        _hf_mnv2,
        "transformers MobileNetV2InvertedResidual (tf_padding=False)",
        "Inverted residual: 1x1 expand, 3x3 depthwise (stride), 1x1 linear reduce, ReLU6; "
        "residual when stride 1 and channels equal.",
        examples(
            ({"in_channels": 16, "out_channels": 16}, ((2, 16, 8, 8),)),
            ({"in_channels": 16, "out_channels": 24, "stride": 2}, ((2, 16, 8, 8),)),
        ),
    ),
    cnn_spec(
        "BasicBlock",
        (dim("inplanes"), dim("planes"), dim("stride", default=1)),
        _tv_basic,
        HAND,
        "torchvision ResNet BasicBlock: conv1/bn1/relu/conv2/bn2 (+ downsample.0/.1).",
        examples(
            ({"inplanes": 16, "planes": 16}, ((2, 16, 8, 8),)),
            ({"inplanes": 16, "planes": 32, "stride": 2}, ((2, 16, 8, 8),)),
        ),
        aliases=("ResNetBasicBlock",),
    ),
    cnn_spec(
        "Bottleneck",
        (
            dim("inplanes"),
            dim("planes"),
            dim("stride", default=1),
            dim("groups", default=1),
            dim("base_width", default=64),
        ),
        _tv_bottleneck,
        HAND,
        "torchvision ResNet/ResNeXt Bottleneck (expansion 4, stride on the 3x3, grouped for "
        "ResNeXt, wider for Wide ResNet), downsample when the shape changes.",
        examples(
            ({"inplanes": 64, "planes": 16}, ((2, 64, 8, 8),)),
            ({"inplanes": 32, "planes": 16, "stride": 2}, ((2, 32, 8, 8),)),
            ({"inplanes": 64, "planes": 16, "groups": 4, "base_width": 8}, ((1, 64, 6, 6),)),
        ),
        aliases=("ResNetBottleneck", "ResNeXtBottleneck"),
    ),
    cnn_spec(
        "PreActBlock",
        (dim("in_planes"), dim("planes"), dim("stride", default=1)),
        _preact,
        HAND,
        "Pre-activation ResNet block: BN-ReLU before each conv, conv shortcut.",
        examples(
            ({"in_planes": 16, "planes": 16}, ((2, 16, 8, 8),)),
            ({"in_planes": 16, "planes": 32, "stride": 2}, ((2, 16, 8, 8),)),
        ),
    ),
]
