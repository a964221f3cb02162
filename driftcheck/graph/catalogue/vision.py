"""Resampling layers of vision models: pixel (un)shuffle, upsampling, channel shuffle.

No weights. MACs: zero for pure data movement (shuffles, nearest), one per output element for
interpolating modes (linear, bilinear, bicubic, trilinear).
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, known, out_numel_macs, zero_macs
from driftcheck.graph.catalogue.spec import LayerSpec, P, fmt, numel, tup


def _pixel_shuffle(p, shapes):
    x = shapes[0]
    r = p["upscale_factor"]
    if len(x) < 3:
        raise ShapeError(f"PixelShuffle expected >= 3-D input, got shape {fmt(x)}")
    c, h, w = x[-3:]
    if known(c) and c % (r * r):
        raise ShapeError(f"PixelShuffle channels must be divisible by {r * r}, got shape {fmt(x)}")
    up = lambda v: v * r if known(v) else v  # noqa: E731
    return (*x[:-3], c // (r * r) if known(c) else c, up(h), up(w))


def _pixel_unshuffle(p, shapes):
    x = shapes[0]
    r = p["downscale_factor"]
    if len(x) < 3:
        raise ShapeError(f"PixelUnshuffle expected >= 3-D input, got shape {fmt(x)}")
    c, h, w = x[-3:]
    for v in (h, w):
        if known(v) and v % r:
            raise ShapeError(f"PixelUnshuffle H and W must be divisible by {r}, got shape {fmt(x)}")
    down = lambda v: v // r if known(v) else v  # noqa: E731
    return (*x[:-3], c * r * r if known(c) else c, down(h), down(w))


def _upsample_shape(name: str):
    def rule(p, shapes):
        x = shapes[0]
        if len(x) < 3:
            raise ShapeError(f"{name} expected (N, C, *spatial) input, got shape {fmt(x)}")
        n = len(x) - 2
        if p["size"] is not None:
            out = tup(p["size"], n)
            if len(out) != n:
                raise ShapeError(f"{name} size {fmt(out)} does not fit input shape {fmt(x)}")
        elif p["scale_factor"] is not None:
            f = tup(p["scale_factor"], n)
            out = tuple(int(v * f[i]) if known(v) else v for i, v in enumerate(x[2:]))
        else:
            raise ShapeError(f"{name} needs size or scale_factor")
        return (*x[:2], *out)

    return rule


def _upsample_macs(p, shapes, out):
    return 0 if p.get("mode", "nearest") == "nearest" else numel(out) or 0


def _channel_shuffle(p, shapes):
    x = shapes[0]
    g = p["groups"]
    if len(x) < 3:
        raise ShapeError(f"ChannelShuffle expected >= 3-D input, got shape {fmt(x)}")
    if known(x[1]) and x[1] % g:
        raise ShapeError(f"ChannelShuffle channels must be divisible by groups={g}, got {fmt(x)}")
    return tuple(x)


_UP_PARAMS = (P("size", "ints", None), P("scale_factor", "floats", None))

LAYERS = [
    LayerSpec(
        name="PixelShuffle",
        family="vision",
        params=(P("upscale_factor"),),
        shape=_pixel_shuffle,
        macs=zero_macs,
        torch="torch.nn.PixelShuffle",
        role="op",
        aliases=("pixel_shuffle", "DepthToSpace"),
        doc="(*, C*r^2, H, W) -> (*, C, H*r, W*r) (sub-pixel convolution upsampling).",
        examples=ex(
            ({"upscale_factor": 2}, ((1, 8, 3, 3),)), ({"upscale_factor": 3}, ((9, 2, 4),))
        ),
        extra={"bad": ex(({"upscale_factor": 2}, ((1, 6, 3, 3),)))},
    ),
    LayerSpec(
        name="PixelUnshuffle",
        family="vision",
        params=(P("downscale_factor"),),
        shape=_pixel_unshuffle,
        macs=zero_macs,
        torch="torch.nn.PixelUnshuffle",
        role="op",
        aliases=("pixel_unshuffle", "SpaceToDepth"),
        doc="(*, C, H*r, W*r) -> (*, C*r^2, H, W).",
        examples=ex(
            ({"downscale_factor": 2}, ((1, 2, 4, 6),)), ({"downscale_factor": 3}, ((2, 6, 3),))
        ),
        extra={"bad": ex(({"downscale_factor": 2}, ((1, 2, 5, 6),)))},
    ),
    LayerSpec(
        name="Upsample",
        family="vision",
        params=(*_UP_PARAMS, P("mode", "str", "nearest"), P("align_corners", "bool", None)),
        shape=_upsample_shape("Upsample"),
        macs=_upsample_macs,
        torch="torch.nn.Upsample",
        role="op",
        aliases=("upsample", "Interpolate2d", "Resize"),
        doc="Resize (N, C, *spatial) to size or by scale_factor (nearest, linear, bilinear, ...).",
        examples=ex(
            ({"scale_factor": 2.0}, ((1, 3, 4, 4),)),
            ({"size": 7, "mode": "linear", "align_corners": False}, ((2, 3, 5),)),
            ({"scale_factor": (2.0, 1.0, 1.5), "mode": "trilinear"}, ((1, 2, 2, 3, 4),)),
        ),
    ),
    LayerSpec(
        name="UpsamplingNearest2d",
        family="vision",
        params=_UP_PARAMS,
        shape=_upsample_shape("UpsamplingNearest2d"),
        macs=zero_macs,
        torch="torch.nn.UpsamplingNearest2d",
        role="op",
        doc="Nearest-neighbour 2-D upsampling (deprecated alias of Upsample).",
        examples=ex(({"scale_factor": 2.0}, ((1, 3, 4, 4),)), ({"size": (5, 6)}, ((2, 1, 3, 3),))),
    ),
    LayerSpec(
        name="UpsamplingBilinear2d",
        family="vision",
        params=_UP_PARAMS,
        shape=_upsample_shape("UpsamplingBilinear2d"),
        macs=out_numel_macs,
        torch="torch.nn.UpsamplingBilinear2d",
        role="op",
        doc="Bilinear 2-D upsampling with align_corners=True.",
        examples=ex(({"scale_factor": 2.0}, ((1, 3, 4, 4),)), ({"size": (5, 6)}, ((2, 1, 3, 3),))),
    ),
    LayerSpec(
        name="ChannelShuffle",
        family="vision",
        params=(P("groups"),),
        shape=_channel_shuffle,
        macs=zero_macs,
        torch="torch.nn.ChannelShuffle",
        role="op",
        aliases=("channel_shuffle",),
        doc="ShuffleNet channel shuffle of (N, C, *) input across groups.",
        examples=ex(({"groups": 2}, ((1, 4, 3, 3),)), ({"groups": 3}, ((2, 6, 5),))),
        extra={"bad": ex(({"groups": 4}, ((1, 6, 3, 3),)))},
    ),
]

LAYERS = checked(LAYERS)
