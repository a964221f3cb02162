"""Convolutions (1/2/3-D, transposed) and the im2col pair Fold/Unfold.

MACs of a convolution: output elements * (in_channels / groups) * prod(kernel); for a
transposed convolution: input elements * (out_channels / groups) * prod(kernel).
"""

from __future__ import annotations

from math import prod

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, known, zero_macs
from driftcheck.graph.catalogue.spec import (
    CatalogueError,
    LayerSpec,
    P,
    conv_out,
    expect_dim,
    fmt,
    numel,
    tup,
)

_IN = ("in_chans", "in_ch", "c_in", "input_channels", "in_dim")
_OUT = ("out_chans", "out_ch", "c_out", "filters", "output_channels", "out_dim")


def _conv_params(transposed: bool) -> tuple[P, ...]:
    params = [
        P("in_channels", dim=True, aliases=_IN),
        P("out_channels", dim=True, aliases=_OUT),
        P("kernel_size", "ints", dim=True, aliases=("kernel", "k", "ksize")),
        P("stride", "ints", 1, aliases=("strides",)),
        P("padding", "any", 0, doc="int, tuple, or 'same'/'valid' (non-transposed only)"),
    ]
    if transposed:
        params.append(P("output_padding", "ints", 0))
    params += [
        P("groups", "int", 1, aliases=("num_groups",)),
        P("bias", "bool", True, aliases=("use_bias",)),
        P("dilation", "ints", 1),
        P("padding_mode", "str", "zeros"),
    ]
    return tuple(params)


def _check_groups(name: str, p) -> None:
    g = p["groups"]
    for key in ("in_channels", "out_channels"):
        if p[key] % g:
            raise CatalogueError(f"{name} {key}={p[key]} is not divisible by groups={g}")


def _conv_weights(name: str, n: int, transposed: bool):
    def rule(p):
        _check_groups(name, p)
        k = tup(p["kernel_size"], n)
        if transposed:
            w = {"weight": (p["in_channels"], p["out_channels"] // p["groups"], *k)}
        else:
            w = {"weight": (p["out_channels"], p["in_channels"] // p["groups"], *k)}
        if p["bias"]:
            w["bias"] = (p["out_channels"],)
        return w

    return rule


def _padding(name: str, p, n: int, k, s, d) -> tuple:
    pad = p["padding"]
    if pad == "valid":
        return (0,) * n
    if pad == "same":
        if any(x != 1 for x in s):
            raise CatalogueError(f"{name} padding='same' needs stride 1, got stride={fmt(s)}")
        return None
    if isinstance(pad, str):
        raise CatalogueError(f"{name} padding must be an int, a tuple, 'same' or 'valid'")
    return tup(pad, n)


def _mode_padding(name: str, mode: str, pad: tuple, spatial: tuple, x) -> None:
    """A padding mode other than zeros pads with ``F.pad`` before the convolution, under that
    mode's own limit: ``circular`` wraps around at most once (each pad at most the axis's
    size), ``reflect`` needs each pad below the axis's size."""
    for j, i in enumerate(spatial):
        if not known(i, pad[j]):
            continue
        if mode == "circular" and pad[j] > i:
            raise ShapeError(
                f"{name} padding_mode='circular': padding {pad[j]} wraps around more than once "
                f"an axis of size {i} (input shape {fmt(x)})"
            )
        if mode == "reflect" and pad[j] >= i:
            raise ShapeError(
                f"{name} padding_mode='reflect': padding {pad[j]} must be less than the axis "
                f"size {i} (input shape {fmt(x)})"
            )


def _split(name: str, x, n: int):
    """(batch prefix, channels, spatial) of an (N, C, *sp) or unbatched (C, *sp) input."""
    if len(x) not in (n + 1, n + 2):
        raise ShapeError(f"{name} expected {n + 1}-D or {n + 2}-D input, got shape {fmt(x)}")
    lead = tuple(x[:1]) if len(x) == n + 2 else ()
    return lead, x[len(lead)], tuple(x[len(lead) + 1 :])


def _conv_shape(name: str, n: int, transposed: bool):
    def rule(p, shapes):
        x = shapes[0]
        lead, _, spatial = _split(name, x, n)
        expect_dim(name, x, len(lead), p["in_channels"], "in_channels")
        for key in ("stride", "padding", "dilation", "output_padding")[: 4 if transposed else 3]:
            v = p.get(key)
            if isinstance(v, (list, tuple)) and len(v) not in (1, n):
                # ``stride=(2, 2, 2)`` kept by ``nn.Conv2d``'s ``_ntuple``: forward refuses it
                raise ShapeError(
                    f"{name}: expected {key} to be a single integer value or a list of {n} "
                    f"values to match the convolution dimensions, but got {key}={list(v)}"
                )
        k, s, d = tup(p["kernel_size"], n), tup(p["stride"], n), tup(p["dilation"], n)
        if transposed:
            pad, op = tup(p["padding"], n), tup(p["output_padding"], n)
            for j in range(n):
                # torch's forward check: output_padding below the stride or the dilation
                if known(op[j]) and known(s[j]) and known(d[j]) and op[j] >= max(s[j], d[j]):
                    raise ShapeError(
                        "output padding must be smaller than either stride or "
                        f"dilation, got output_padding {op[j]}, stride {s[j]}, dilation {d[j]}"
                    )
            sp = tuple(
                (i - 1) * s[j] - 2 * pad[j] + d[j] * (k[j] - 1) + op[j] + 1 if known(i) else i
                for j, i in enumerate(spatial)
            )
        else:
            pad = _padding(name, p, n, k, s, d)
            if pad is None:
                sp = spatial
            else:
                _mode_padding(name, p.get("padding_mode", "zeros"), pad, spatial, x)
                sp = tuple(conv_out(i, k[j], s[j], pad[j], d[j]) for j, i in enumerate(spatial))
        if any(isinstance(v, int) and v < 1 for v in sp):
            raise ShapeError(f"{name} kernel larger than the padded input: input shape {fmt(x)}")
        return (*lead, p["out_channels"], *sp)

    return rule


def _conv_macs(n: int, transposed: bool):
    def rule(p, shapes, out):
        k = prod(tup(p["kernel_size"], n))
        if transposed:
            return (numel(shapes[0]) or 0) * (p["out_channels"] // p["groups"]) * k
        return (numel(out) or 0) * (p["in_channels"] // p["groups"]) * k

    return rule


_CONV_EX = {
    1: (
        ({"in_channels": 4, "out_channels": 8, "kernel_size": 3}, ((2, 4, 10),)),
        (
            {
                "in_channels": 6,
                "out_channels": 4,
                "kernel_size": 2,
                "stride": 2,
                "groups": 2,
                "bias": False,
                "padding": 1,
            },
            ((6, 9),),
        ),
        (
            {
                "in_channels": 4,
                "out_channels": 4,
                "kernel_size": 3,
                "padding": "same",
                "dilation": 2,
            },
            ((1, 4, 7),),
        ),
    ),
    2: (
        ({"in_channels": 3, "out_channels": 8, "kernel_size": 3, "padding": 1}, ((2, 3, 8, 8),)),
        (
            {
                "in_channels": 8,
                "out_channels": 8,
                "kernel_size": (3, 1),
                "stride": (2, 1),
                "groups": 8,
                "bias": False,
            },
            ((1, 8, 9, 5),),
        ),
        (
            {
                "in_channels": 2,
                "out_channels": 4,
                "kernel_size": 2,
                "dilation": 2,
                "padding": "valid",
            },
            ((2, 6, 6),),
        ),
    ),
    3: (
        ({"in_channels": 2, "out_channels": 4, "kernel_size": 3}, ((1, 2, 5, 5, 5),)),
        (
            {
                "in_channels": 4,
                "out_channels": 2,
                "kernel_size": (1, 2, 2),
                "stride": 2,
                "groups": 2,
            },
            ((4, 3, 6, 6),),
        ),
    ),
}

_TCONV_EX = {
    1: (
        ({"in_channels": 4, "out_channels": 2, "kernel_size": 3}, ((2, 4, 5),)),
        (
            {
                "in_channels": 4,
                "out_channels": 6,
                "kernel_size": 4,
                "stride": 2,
                "padding": 1,
                "groups": 2,
                "output_padding": 1,
            },
            ((4, 7),),
        ),
    ),
    2: (
        ({"in_channels": 8, "out_channels": 3, "kernel_size": 2, "stride": 2}, ((1, 8, 4, 4),)),
        (
            {
                "in_channels": 4,
                "out_channels": 4,
                "kernel_size": 3,
                "padding": 1,
                "bias": False,
                "dilation": 2,
            },
            ((2, 4, 5, 6),),
        ),
    ),
    3: (
        ({"in_channels": 2, "out_channels": 2, "kernel_size": 2, "stride": 2}, ((1, 2, 2, 3, 3),)),
        (
            {"in_channels": 4, "out_channels": 2, "kernel_size": 3, "groups": 2, "padding": 1},
            ((4, 3, 3, 3),),
        ),
    ),
}


def _conv(n: int, transposed: bool) -> LayerSpec:
    name = f"ConvTranspose{n}d" if transposed else f"Conv{n}d"
    examples = (_TCONV_EX if transposed else _CONV_EX)[n]
    bad_params, bad_input = examples[0]
    bad_shape = tuple(d + 1 if i == 1 else d for i, d in enumerate(bad_input[0]))
    aliases = (f"deconv{n}d", f"conv_transpose{n}d") if transposed else (f"conv{n}d_layer",)
    if n == 2 and not transposed:
        aliases += ("Conv", "Convolution2d", "DepthwiseConv2d")
    kind = "transposed convolution (learned upsampling)" if transposed else "convolution"
    return LayerSpec(
        name=name,
        family="conv",
        params=_conv_params(transposed),
        weights=_conv_weights(name, n, transposed),
        shape=_conv_shape(name, n, transposed),
        macs=_conv_macs(n, transposed),
        torch=f"torch.nn.{name}",
        role="conv",
        aliases=aliases,
        doc=f"{n}-D {kind} of (N, C_in, *{n} dims) or unbatched input; groups split channels "
        f"(groups == channels is depthwise).",
        examples=ex(*examples),
        extra={"bad": ex((bad_params, (bad_shape,)))},
    )


# ---------------------------------------------------------------- Fold / Unfold
def _unfold_shape(p, shapes):
    x = shapes[0]
    if len(x) not in (3, 4):
        raise ShapeError(f"Unfold expected 3-D or 4-D input, got shape {fmt(x)}")
    lead = tuple(x[:1]) if len(x) == 4 else ()
    c, h, w = x[len(lead) :]
    k, d = tup(p["kernel_size"], 2), tup(p["dilation"], 2)
    pad, s = tup(p["padding"], 2), tup(p["stride"], 2)
    oh, ow = (conv_out(v, k[i], s[i], pad[i], d[i]) for i, v in enumerate((h, w)))
    if known(oh, ow) and (oh < 1 or ow < 1):
        raise ShapeError(f"Unfold kernel larger than the padded input: input shape {fmt(x)}")
    blocks = oh * ow if known(oh, ow) else None
    return (*lead, c * k[0] * k[1] if known(c) else None, blocks)


def _fold_shape(p, shapes):
    x = shapes[0]
    if len(x) not in (2, 3):
        raise ShapeError(f"Fold expected 2-D or 3-D input, got shape {fmt(x)}")
    lead = tuple(x[:1]) if len(x) == 3 else ()
    ck, blocks = x[len(lead) :]
    k, d = tup(p["kernel_size"], 2), tup(p["dilation"], 2)
    pad, s = tup(p["padding"], 2), tup(p["stride"], 2)
    out = tup(p["output_size"], 2)
    kk = k[0] * k[1]
    if known(ck) and ck % kk:
        raise ShapeError(
            f"Fold input dim 1 must be divisible by prod(kernel_size)={kk}, got {fmt(x)}"
        )
    want = prod(conv_out(v, k[i], s[i], pad[i], d[i]) for i, v in enumerate(out))
    if known(blocks) and blocks != want:
        raise ShapeError(f"Fold expected {want} blocks for output_size {fmt(out)}, got {fmt(x)}")
    return (*lead, ck // kk if known(ck) else None, *out)


_IM2COL = (
    P("kernel_size", "ints", dim=True),
    P("dilation", "ints", 1),
    P("padding", "ints", 0),
    P("stride", "ints", 1),
)

UNFOLD = LayerSpec(
    name="Unfold",
    family="conv",
    params=_IM2COL,
    shape=_unfold_shape,
    macs=zero_macs,
    torch="torch.nn.Unfold",
    role="op",
    aliases=("im2col", "F.unfold"),
    doc="Sliding blocks of (N, C, H, W) as columns: -> (N, C*prod(kernel), L).",
    examples=ex(
        ({"kernel_size": 2}, ((2, 3, 4, 4),)),
        ({"kernel_size": (2, 3), "stride": 2, "padding": 1, "dilation": 1}, ((3, 5, 6),)),
    ),
    extra={"no_bad": "any channel count unfolds"},
)

FOLD = LayerSpec(
    name="Fold",
    family="conv",
    params=(P("output_size", "ints", dim=True), *_IM2COL),
    shape=_fold_shape,
    macs=zero_macs,
    torch="torch.nn.Fold",
    role="op",
    aliases=("col2im", "F.fold"),
    doc="Inverse of Unfold: sums columns (N, C*prod(kernel), L) into (N, C, *output_size).",
    examples=ex(
        ({"output_size": 4, "kernel_size": 2}, ((2, 12, 9),)),
        ({"output_size": (5, 6), "kernel_size": (2, 3), "stride": 2, "padding": 1}, ((18, 9),)),
    ),
    extra={"bad": ex(({"output_size": 4, "kernel_size": 2}, ((2, 12, 8),)))},
)

LAYERS = [_conv(n, t) for t in (False, True) for n in (1, 2, 3)] + [UNFOLD, FOLD]

LAYERS = checked(LAYERS)
