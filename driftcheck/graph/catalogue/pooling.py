"""Pooling: max/avg/LP (1/2/3-D), adaptive, fractional, and max-unpooling. No weights.

MACs: output elements * prod(kernel) (each output reads its window once); adaptive pools
cost one MAC per input element.
"""

from __future__ import annotations

from math import ceil, floor, prod

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, in_numel_macs, known
from driftcheck.graph.catalogue.spec import LayerSpec, P, fmt, numel, tup


def _split(name: str, x, n: int):
    if len(x) not in (n + 1, n + 2):
        raise ShapeError(f"{name} expected {n + 1}-D or {n + 2}-D input, got shape {fmt(x)}")
    return tuple(x[:-n]), tuple(x[-n:])


def _pool_len(name, x, size, k, s, p, d, ceil_mode):
    if not known(size):
        return size
    if p > k // 2:
        raise ShapeError(f"{name} padding={p} must be at most half of kernel_size={k}")
    num = size + 2 * p - d * (k - 1) - 1
    out = (ceil(num / s) if ceil_mode else floor(num / s)) + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    if out < 1:
        raise ShapeError(f"{name} kernel_size={k} too large for input shape {fmt(x)}")
    return out


def _pool_lengths(name: str, n: int, p: dict) -> None:
    """torch's max / avg pools take one entry per spatial axis or one for all (``stride``
    also none: omitted); ``max_pool2d(kernel_size=(2, 2, 2))`` raises at forward (measured on
    torch 2.13, the module and the functional alike)."""
    for key in ("kernel_size", "stride", "padding", "dilation"):
        v = p.get(key)
        if not isinstance(v, (list, tuple)):
            continue
        if len(v) not in ((0, 1, n) if key == "stride" else (1, n)):
            raise ShapeError(
                f"{name}: {key} must either be a single int, or a tuple of {n} ints "
                f"(got {key}={list(v)})"
            )


def _pool_shape(name: str, n: int, dilation: bool, padding: bool = True):
    def rule(p, shapes):
        x = shapes[0]
        div = p.get("divisor_override")
        if isinstance(div, int) and not isinstance(div, bool) and div == 0:
            # falsy in Python, but torch passes it on: "divisor must be not zero" at forward
            raise ShapeError(f"{name} divisor_override=0: divisor must be not zero")
        lead, sp = _split(name, x, n)
        if name.startswith(("MaxPool", "AvgPool")):
            _pool_lengths(name, n, p)
        stride = p["stride"]
        if isinstance(stride, (list, tuple)) and not stride:
            stride = None  # ``stride=()``: omitted, the kernel's (torch)
        k = tup(p["kernel_size"], n)
        s = tup(stride if stride is not None else p["kernel_size"], n)
        pad = tup(p["padding"], n) if padding else (0,) * n
        d = tup(p["dilation"], n) if dilation else (1,) * n
        out = tuple(
            _pool_len(name, x, v, k[i], s[i], pad[i], d[i], p["ceil_mode"])
            for i, v in enumerate(sp)
        )
        return (*lead, *out)

    return rule


def _window_macs(n: int):
    def rule(p, shapes, out):
        return (numel(out) or 0) * prod(tup(p["kernel_size"], n))

    return rule


_SHAPES = {
    1: ((2, 3, 10), (3, 9)),
    2: ((2, 3, 8, 8), (3, 7, 9)),
    3: ((1, 2, 6, 6, 6), (2, 5, 6, 7)),
}


def _max_pool(n: int) -> LayerSpec:
    name = f"MaxPool{n}d"
    a, b = _SHAPES[n]
    return LayerSpec(
        name=name,
        family="pool",
        params=(
            P("kernel_size", "ints"),
            P("stride", "ints", None),
            P("padding", "ints", 0),
            P("dilation", "ints", 1),
            P("return_indices", "bool", False),
            P("ceil_mode", "bool", False),
        ),
        shape=_pool_shape(name, n, dilation=True),
        macs=_window_macs(n),
        torch=f"torch.nn.{name}",
        role="pool",
        aliases=(f"max_pool{n}d", f"F.max_pool{n}d") + (("MaxPool",) if n == 2 else ()),
        doc=f"{n}-D max over windows; stride defaults to kernel_size.",
        examples=ex(
            ({"kernel_size": 2}, (a,)),
            ({"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True}, (b,)),
            ({"kernel_size": 2, "stride": 1, "dilation": 2}, (a,)),
        ),
    )


def _avg_pool(n: int) -> LayerSpec:
    name = f"AvgPool{n}d"
    a, b = _SHAPES[n]
    params = [
        P("kernel_size", "ints"),
        P("stride", "ints", None),
        P("padding", "ints", 0),
        P("ceil_mode", "bool", False),
        P("count_include_pad", "bool", True),
    ]
    if n > 1:
        params.append(P("divisor_override", "int", None))
    return LayerSpec(
        name=name,
        family="pool",
        params=tuple(params),
        shape=_pool_shape(name, n, dilation=False),
        macs=_window_macs(n),
        torch=f"torch.nn.{name}",
        role="pool",
        aliases=(f"avg_pool{n}d", f"F.avg_pool{n}d")
        + (("AvgPool", "AveragePooling2D") if n == 2 else ()),
        doc=f"{n}-D mean over windows; stride defaults to kernel_size.",
        examples=ex(
            ({"kernel_size": 2}, (a,)),
            ({"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True}, (b,)),
        ),
    )


def _lp_pool(n: int) -> LayerSpec:
    name = f"LPPool{n}d"
    a, b = _SHAPES[n]
    return LayerSpec(
        name=name,
        family="pool",
        params=(
            P("norm_type", "float"),
            P("kernel_size", "ints"),
            P("stride", "ints", None),
            P("ceil_mode", "bool", False),
        ),
        shape=lambda p, s: _pool_shape(name, n, dilation=False, padding=False)(p, s),
        macs=_window_macs(n),
        torch=f"torch.nn.{name}",
        role="pool",
        aliases=(f"lp_pool{n}d",),
        doc=f"{n}-D power-average pooling (norm_type p: (sum x^p)^(1/p)).",
        examples=ex(
            ({"norm_type": 2.0, "kernel_size": 2}, (a,)),
            ({"norm_type": 1.0, "kernel_size": 3, "stride": 1}, (b,)),
        ),
    )


def _all_ones(size, n: int) -> bool:
    """An output size of 1 on every one of ``n`` axes (an int 1 or a list of n ones)."""
    if isinstance(size, bool):
        return False
    if isinstance(size, int):
        return size == 1
    return isinstance(size, list | tuple) and len(size) == n and all(v == 1 for v in size)


def _adaptive_shape(name: str, n: int):
    def rule(p, shapes):
        x = shapes[0]
        size = p["output_size"]
        if isinstance(size, (list, tuple)) and len(size) != n:
            # torch takes an int or exactly n sizes (measured in torch 2.13 for every
            # Adaptive{Avg,Max}Pool{1,2,3}d: "adaptive_avg_pool2d: output_size must be 2")
            raise ShapeError(f"{name}: output_size must be {n} sizes, got {tuple(size)}")
        if name.startswith("AdaptiveAvg") and n > 1 and _all_ones(size, n):
            # torch's adaptive_avg_pool2d/3d take an output of all ones as a mean over the
            # last n axes, of any rank; only F.adaptive_avg_pool*'s own check on a list size
            # (rank > its length) is left (measured: AdaptiveAvgPool2d(1) on (3, 4) -> (1, 1),
            # on (2, 3, 4, 5, 6) -> (2, 3, 4, 1, 1); AdaptiveAvgPool2d((1, 1)) on (3, 4) raises)
            need = n if isinstance(size, int) else n + 1
            if len(x) < need:
                raise ShapeError(
                    f"{name}({size}) needs at least {need}-D input, got shape {fmt(x)}"
                )
            return (*x[:-n], *(1,) * n)
        lead, sp = _split(name, x, n)
        out = tup(size, n)
        return (*lead, *(sp[i] if o is None else o for i, o in enumerate(out)))

    return rule


def _adaptive(kind: str, n: int) -> LayerSpec:
    name = f"Adaptive{kind}Pool{n}d"
    a, b = _SHAPES[n]
    params = [P("output_size", "ints")]
    if kind == "Max":
        params.append(P("return_indices", "bool", False))
    second = 4 if n == 1 else (None,) + (2,) * (n - 1)
    return LayerSpec(
        name=name,
        family="pool",
        params=tuple(params),
        shape=_adaptive_shape(name, n),
        macs=in_numel_macs,
        torch=f"torch.nn.{name}",
        role="pool",
        aliases=(f"adaptive_{kind.lower()}_pool{n}d",)
        + (("GlobalAvgPool2d", "GlobalAveragePooling2D") if (kind, n) == ("Avg", 2) else ()),
        doc=f"{n}-D {kind.lower()} pooling to a fixed output_size (None keeps that axis).",
        examples=ex(({"output_size": 1}, (a,)), ({"output_size": second}, (b,))),
    )


def _fractional_shape(name: str, n: int):
    def rule(p, shapes):
        x = shapes[0]
        lead, sp = _split(name, x, n)
        k = tup(p["kernel_size"], n)
        if p["output_size"] is not None:
            out = tup(p["output_size"], n)
        elif p["output_ratio"] is not None:
            r = tup(p["output_ratio"], n)
            out = tuple(int(v * r[i]) if known(v) else None for i, v in enumerate(sp))
        else:
            raise ShapeError(f"{name} needs output_size or output_ratio")
        for i, v in enumerate(sp):
            if known(v, out[i]) and out[i] + k[i] - 1 > v:
                raise ShapeError(f"{name} output_size {fmt(out)} too large for input {fmt(x)}")
        return (*lead, *out)

    return rule


def _fractional(n: int) -> LayerSpec:
    name = f"FractionalMaxPool{n}d"
    a, b = _SHAPES[n]
    return LayerSpec(
        name=name,
        family="pool",
        params=(
            P("kernel_size", "ints"),
            P("output_size", "ints", None),
            P("output_ratio", "floats", None),
            P("return_indices", "bool", False),
        ),
        shape=_fractional_shape(name, n),
        macs=_window_macs(n),
        torch=f"torch.nn.{name}",
        role="pool",
        aliases=(f"fractional_max_pool{n}d",),
        doc=f"{n}-D max pooling with pseudo-random fractional strides (Graham 2014).",
        examples=ex(
            ({"kernel_size": 2, "output_size": 3}, (a,)),
            ({"kernel_size": 2, "output_ratio": 0.5}, (a,)),
        ),
        extra={"cpu": True},
    )


def _unpool_shape(name: str, n: int):
    def rule(p, shapes):
        x = shapes[0]
        lead, sp = _split(name, x, n)
        idx = tuple(shapes[1]) if len(shapes) > 1 else tuple(x)
        if len(idx) != len(x) or any(known(a, b) and a != b for a, b in zip(idx, x)):
            raise ShapeError(f"{name} indices {fmt(shapes[1])} must match input {fmt(x)}")
        k = tup(p["kernel_size"], n)
        s = tup(p["stride"] if p["stride"] is not None else p["kernel_size"], n)
        pad = tup(p["padding"], n)
        out = tuple((v - 1) * s[i] - 2 * pad[i] + k[i] if known(v) else v for i, v in enumerate(sp))
        return (*lead, *out)

    return rule


def _unpool(n: int) -> LayerSpec:
    name = f"MaxUnpool{n}d"
    a, b = _SHAPES[n]
    return LayerSpec(
        name=name,
        family="pool",
        params=(P("kernel_size", "ints"), P("stride", "ints", None), P("padding", "ints", 0)),
        shape=_unpool_shape(name, n),
        macs=in_numel_macs,
        torch=f"torch.nn.{name}",
        role="pool",
        n_inputs=2,
        aliases=(f"max_unpool{n}d",),
        doc=f"Inverse of MaxPool{n}d: scatters values to their indices (input, indices).",
        examples=ex(
            ({"kernel_size": 2}, (a, a)),
            ({"kernel_size": 3, "stride": 2, "padding": 1}, (b, b)),
        ),
        extra={"input_dtype": ("float", "long")},
    )


LAYERS = (
    [_max_pool(n) for n in (1, 2, 3)]
    + [_avg_pool(n) for n in (1, 2, 3)]
    + [_lp_pool(n) for n in (1, 2, 3)]
    + [_adaptive(k, n) for k in ("Avg", "Max") for n in (1, 2, 3)]
    + [_fractional(n) for n in (2, 3)]
    + [_unpool(n) for n in (1, 2, 3)]
)

LAYERS = checked(LAYERS)
