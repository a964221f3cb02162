"""More convolutional blocks: squeeze-excitation, EfficientNet MBConv and Fused-MBConv,
DenseNet layer and transition, VGG stage, GoogLeNet Inception, MobileNetV1's depthwise-separable
conv. Names follow torchvision, whose modules the tests rebuild by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag, real
from driftcheck.graph.blocks.cnn import IO, cnn_spec, conv_bn, image, make_divisible
from driftcheck.graph.model import Graph

HAND = "hand-written torchvision-style module (tests/reference_blocks.py)"


def squeeze_excite(b: Builder, prefix: str, x: str, c: int, squeeze: int, act: str = "relu") -> str:
    """x * sigmoid(fc2(act(fc1(avgpool(x))))), torchvision's SqueezeExcitation layout."""
    s = b.add("AdaptiveAvgPool2d", None, {"output_size": 1}, x)
    s = b.add(
        "Conv2d", f"{prefix}fc1", {"in_channels": c, "out_channels": squeeze, "kernel_size": 1}, s
    )
    s = b.add(
        "Conv2d",
        f"{prefix}fc2",
        {"in_channels": squeeze, "out_channels": c, "kernel_size": 1},
        b.act(None, act, s),
    )
    return b.add("Mul", None, {}, x, b.add("Sigmoid", None, {}, s))


def _se(p: Mapping[str, Any]) -> Graph:
    b = Builder("SEBlock")
    x = image(b, p["input_channels"])
    return b.done(squeeze_excite(b, "", x, p["input_channels"], p["squeeze_channels"]))


def _mbconv(p: Mapping[str, Any]) -> Graph:
    """torchvision EfficientNet MBConv: block.0 expand, block.1 depthwise, block.2 SE,
    block.3 project; residual when the shape is kept."""
    b = Builder("MBConv")
    cin, cout, s, k = p["input_channels"], p["out_channels"], p["stride"], p["kernel"]
    mid = make_divisible(cin * p["expand_ratio"], 8)
    x = image(b, cin)
    y, i = x, 0
    if mid != cin:
        y = conv_bn(b, "block.0.0", "block.0.1", y, cin, mid, 1, act="silu", eps=1e-3)
        i = 1
    y = conv_bn(
        b, f"block.{i}.0", f"block.{i}.1", y, mid, mid, k, s, groups=mid, act="silu", eps=1e-3
    )
    y = squeeze_excite(b, f"block.{i + 1}.", y, mid, max(1, cin // 4), act="silu")
    y = conv_bn(b, f"block.{i + 2}.0", f"block.{i + 2}.1", y, mid, cout, 1, eps=1e-3)
    return b.done(b.residual(y, x) if s == 1 and cin == cout else y)


def _fused_mbconv(p: Mapping[str, Any]) -> Graph:
    """torchvision EfficientNetV2 FusedMBConv: one k x k expand conv, then a 1x1 project."""
    b = Builder("FusedMBConv")
    cin, cout, s, k = p["input_channels"], p["out_channels"], p["stride"], p["kernel"]
    mid = make_divisible(cin * p["expand_ratio"], 8)
    x = image(b, cin)
    if mid != cin:
        y = conv_bn(b, "block.0.0", "block.0.1", x, cin, mid, k, s, act="silu", eps=1e-3)
        y = conv_bn(b, "block.1.0", "block.1.1", y, mid, cout, 1, eps=1e-3)
    else:
        y = conv_bn(b, "block.0.0", "block.0.1", x, cin, cout, k, s, act="silu", eps=1e-3)
    return b.done(b.residual(y, x) if s == 1 and cin == cout else y)


def _dense_layer(p: Mapping[str, Any]) -> Graph:
    b = Builder("DenseLayer")
    c, g, bn = p["num_input_features"], p["growth_rate"], p["bn_size"]
    x = image(b, c)
    y = b.act("relu1", "relu", b.add("BatchNorm2d", "norm1", {"num_features": c}, x))
    y = conv_bn(b, "conv1", None, y, c, bn * g, 1)
    y = b.act("relu2", "relu", b.add("BatchNorm2d", "norm2", {"num_features": bn * g}, y))
    y = conv_bn(b, "conv2", None, y, bn * g, g, 3)
    return b.done(b.add("Concat", None, {"dim": 1}, x, y))


def _transition(p: Mapping[str, Any]) -> Graph:
    b = Builder("DenseTransition")
    c = p["num_input_features"]
    x = image(b, c)
    y = b.act("relu", "relu", b.add("BatchNorm2d", "norm", {"num_features": c}, x))
    y = conv_bn(b, "conv", None, y, c, p["num_output_features"], 1)
    return b.done(b.add("AvgPool2d", "pool", {"kernel_size": 2, "stride": 2}, y))


def _vgg(p: Mapping[str, Any]) -> Graph:
    b = Builder("VGGBlock")
    cin, cout = p["in_channels"], p["out_channels"]
    y = image(b, cin)
    i = 0
    for n in range(p["num_convs"]):
        ci = cin if n == 0 else cout
        y = b.add(
            "Conv2d",
            f"layers.{i}",
            {"in_channels": ci, "out_channels": cout, "kernel_size": 3, "padding": 1},
            y,
        )
        i += 1
        if p["batch_norm"]:
            y = b.add("BatchNorm2d", f"layers.{i}", {"num_features": cout}, y)
            i += 1
        y = b.act(f"layers.{i}", "relu", y)
        i += 1
    return b.done(b.add("MaxPool2d", f"layers.{i}", {"kernel_size": 2, "stride": 2}, y))


def _inception(p: Mapping[str, Any]) -> Graph:
    """GoogLeNet Inception (torchvision): four branches of conv-BN-ReLU, concatenated."""
    b = Builder("InceptionModule")
    c = p["in_channels"]
    x = image(b, c)

    def basic(name, src, ci, co, k):
        return conv_bn(b, f"{name}.conv", f"{name}.bn", src, ci, co, k, act="relu", eps=1e-3)

    b1 = basic("branch1", x, c, p["ch1x1"], 1)
    b2 = basic(
        "branch2.1", basic("branch2.0", x, c, p["ch3x3red"], 1), p["ch3x3red"], p["ch3x3"], 3
    )
    b3 = basic(
        "branch3.1", basic("branch3.0", x, c, p["ch5x5red"], 1), p["ch5x5red"], p["ch5x5"], 3
    )
    pool = b.add(
        "MaxPool2d",
        "branch4.0",
        {"kernel_size": 3, "stride": 1, "padding": 1, "ceil_mode": True},
        x,
    )
    b4 = basic("branch4.1", pool, c, p["pool_proj"], 1)
    return b.done(b.add("Concat", None, {"dim": 1}, b1, b2, b3, b4))


def _dw_separable(p: Mapping[str, Any]) -> Graph:
    b = Builder("DepthwiseSeparableConv")
    cin, cout, s = p["in_channels"], p["out_channels"], p["stride"]
    x = image(b, cin)
    y = conv_bn(b, "depthwise.0", "depthwise.1", x, cin, cin, 3, s, groups=cin, act="relu")
    return b.done(conv_bn(b, "pointwise.0", "pointwise.1", y, cin, cout, 1, act="relu"))


BLOCKS = [
    cnn_spec(
        "SEBlock",
        (dim("input_channels"), dim("squeeze_channels")),
        _se,
        HAND,
        "Squeeze-and-excitation written out: pool, fc1, ReLU, fc2, sigmoid, scale.",
        examples(
            ({"input_channels": 32, "squeeze_channels": 8}, ((2, 32, 5, 5),)),
            ({"input_channels": 16, "squeeze_channels": 4}, ((1, 16, 3, 3),)),
        ),
    ),
    cnn_spec(
        "MBConv",
        (
            dim("input_channels"),
            dim("out_channels"),
            dim("stride", default=1),
            dim("kernel", default=3),
            real("expand_ratio", 6.0),
        ),
        _mbconv,
        HAND,
        "EfficientNet MBConv: 1x1 expand, depthwise k x k, SE (in/4), 1x1 project, residual.",
        examples(
            ({"input_channels": 16, "out_channels": 16}, ((2, 16, 8, 8),)),
            (
                {"input_channels": 16, "out_channels": 24, "stride": 2, "kernel": 5},
                ((2, 16, 8, 8),),
            ),
            ({"input_channels": 32, "out_channels": 16, "expand_ratio": 1.0}, ((1, 32, 4, 4),)),
        ),
    ),
    cnn_spec(
        "FusedMBConv",
        (
            dim("input_channels"),
            dim("out_channels"),
            dim("stride", default=1),
            dim("kernel", default=3),
            real("expand_ratio", 4.0),
        ),
        _fused_mbconv,
        HAND,
        "EfficientNetV2 Fused-MBConv: k x k expand conv then 1x1 project (one conv when "
        "expand_ratio is 1), residual when the shape is kept.",
        examples(
            ({"input_channels": 24, "out_channels": 24}, ((2, 24, 8, 8),)),
            ({"input_channels": 24, "out_channels": 48, "stride": 2}, ((2, 24, 8, 8),)),
            ({"input_channels": 24, "out_channels": 24, "expand_ratio": 1.0}, ((1, 24, 4, 4),)),
        ),
    ),
    cnn_spec(
        "DenseLayer",
        (dim("num_input_features"), dim("growth_rate", default=32), dim("bn_size", default=4)),
        _dense_layer,
        HAND,
        "DenseNet layer: BN-ReLU-1x1 conv (bn_size*growth) - BN-ReLU-3x3 conv (growth), "
        "concatenated to its input.",
        examples(
            ({"num_input_features": 16, "growth_rate": 8}, ((2, 16, 6, 6),)),
            ({"num_input_features": 32, "growth_rate": 12, "bn_size": 2}, ((1, 32, 4, 4),)),
        ),
    ),
    cnn_spec(
        "DenseTransition",
        (dim("num_input_features"), dim("num_output_features")),
        _transition,
        HAND,
        "DenseNet transition: BN-ReLU-1x1 conv, 2x2 average pool.",
        examples(
            ({"num_input_features": 32, "num_output_features": 16}, ((2, 32, 8, 8),)),
            ({"num_input_features": 24, "num_output_features": 12}, ((1, 24, 7, 7),)),
        ),
    ),
    cnn_spec(
        "VGGBlock",
        (
            dim("in_channels"),
            dim("out_channels"),
            dim("num_convs", default=2),
            flag("batch_norm", False),
        ),
        _vgg,
        HAND,
        "VGG stage: num_convs 3x3 conv(-BN)-ReLU, then 2x2 max pool.",
        examples(
            ({"in_channels": 3, "out_channels": 16}, ((2, 3, 8, 8),)),
            (
                {"in_channels": 16, "out_channels": 32, "num_convs": 3, "batch_norm": True},
                ((1, 16, 6, 6),),
            ),
        ),
    ),
    cnn_spec(
        "InceptionModule",
        (
            dim("in_channels"),
            dim("ch1x1"),
            dim("ch3x3red"),
            dim("ch3x3"),
            dim("ch5x5red"),
            dim("ch5x5"),
            dim("pool_proj"),
        ),
        _inception,
        HAND,
        "GoogLeNet Inception: 1x1 | 1x1-3x3 | 1x1-3x3 | pool-1x1 branches, concatenated.",
        examples(
            (
                {
                    "in_channels": 32,
                    "ch1x1": 8,
                    "ch3x3red": 8,
                    "ch3x3": 16,
                    "ch5x5red": 4,
                    "ch5x5": 8,
                    "pool_proj": 8,
                },
                ((2, 32, 7, 7),),
            ),
            (  # GoogLeNet inception3a
                {
                    "in_channels": 192,
                    "ch1x1": 64,
                    "ch3x3red": 96,
                    "ch3x3": 128,
                    "ch5x5red": 16,
                    "ch5x5": 32,
                    "pool_proj": 32,
                },
                ((1, 192, 28, 28),),
            ),
        ),
    ),
    cnn_spec(
        "DepthwiseSeparableConv",
        IO,
        _dw_separable,
        HAND,
        "MobileNetV1 block: 3x3 depthwise conv-BN-ReLU then 1x1 pointwise conv-BN-ReLU.",
        examples(
            ({"in_channels": 16, "out_channels": 32}, ((2, 16, 8, 8),)),
            ({"in_channels": 32, "out_channels": 32, "stride": 2}, ((1, 32, 7, 7),)),
        ),
    ),
]
