"""A float where torch takes an int (on real sizes): torch's TypeError.

``padding=(k - 1) / 2``, ``nn.AdaptiveAvgPool2d(base / s)``, ``F.pad(x, (d * (k - 1) * 1.0,
0))``, ``range(T / c)``: Python's true division (or a float factor) makes a float even where
the value is whole, and torch's argument parser (or Python's ``range``) rejects it. Judged
only on a value the pass knows is a Python float (its class is ``float``: a traced size,
a symbolic hole or an unknown is never one), never on a name.

``LAYER_INT_PARAMS`` lists the catalogue parameters where torch raises (in the constructor
or in forward) on a whole float, measured in torch 2.13 by building each catalogue layer's
example with one parameter made a float (tests/test_crash21a.py re-measures it).
"""

from __future__ import annotations

from typing import Any

# catalogue layer -> parameters torch rejects as a (whole) float; measured, see the docstring
_CONV = ("in_channels", "out_channels", "kernel_size", "stride", "padding", "groups", "dilation")
_POOL = ("kernel_size", "padding")
LAYER_INT_PARAMS: dict[str, frozenset[str]] = {
    **{f"AdaptiveAvgPool{n}d": frozenset({"output_size"}) for n in (1, 2, 3)},
    **{f"AdaptiveMaxPool{n}d": frozenset({"output_size"}) for n in (1, 2, 3)},
    **{f"AvgPool{n}d": frozenset(_POOL) for n in (1, 2, 3)},
    **{f"MaxPool{n}d": frozenset({*_POOL, "dilation"}) for n in (1, 2, 3)},
    **{f"LPPool{n}d": frozenset({"kernel_size"}) for n in (1, 2, 3)},
    **{f"BatchNorm{n}d": frozenset({"num_features"}) for n in (1, 2, 3)},
    **{f"Conv{n}d": frozenset(_CONV) for n in (1, 2, 3)},
    **{f"ConvTranspose{n}d": frozenset({*_CONV, "output_padding"}) for n in (1, 2, 3)},
    **{
        f"{kind}Pad{n}d": frozenset({"padding"})
        for kind in ("Circular", "Constant", "Reflection", "Replication", "Zero")
        for n in (1, 2, 3)
    },
    "Bilinear": frozenset({"in1_features", "in2_features", "out_features"}),
    "ChannelShuffle": frozenset({"groups"}),
    "CosineSimilarity": frozenset({"dim"}),
    "Flatten": frozenset({"start_dim", "end_dim"}),
    "Fold": frozenset({"output_size", "kernel_size", "dilation", "padding", "stride"}),
    "Unfold": frozenset({"kernel_size", "dilation", "padding", "stride"}),
    "FractionalMaxPool2d": frozenset({"kernel_size", "output_size"}),
    "FractionalMaxPool3d": frozenset({"kernel_size", "output_size"}),
    "GLU": frozenset({"dim"}),
    "GRU": frozenset({"input_size", "hidden_size", "num_layers"}),
    "LSTM": frozenset({"input_size", "hidden_size", "num_layers"}),
    "RNN": frozenset({"input_size", "hidden_size", "num_layers"}),
    "GRUCell": frozenset({"input_size", "hidden_size"}),
    "LSTMCell": frozenset({"input_size", "hidden_size"}),
    "RNNCell": frozenset({"input_size", "hidden_size"}),
    "GroupNorm": frozenset({"num_groups", "num_channels"}),
    "LayerNorm": frozenset({"normalized_shape"}),
    "RMSNorm": frozenset({"normalized_shape"}),
    "Linear": frozenset({"in_features", "out_features"}),
    "LocalResponseNorm": frozenset({"size"}),
    "LogSoftmax": frozenset({"dim"}),
    "Softmax": frozenset({"dim"}),
    "Softmin": frozenset({"dim"}),
    "MultiheadAttention": frozenset({"embed_dim", "num_heads"}),
    "PReLU": frozenset({"num_parameters"}),
    "PixelShuffle": frozenset({"upscale_factor"}),
    "PixelUnshuffle": frozenset({"downscale_factor"}),
    "SyncBatchNorm": frozenset({"num_features"}),
    "Transformer": frozenset(
        {"d_model", "nhead", "num_encoder_layers", "num_decoder_layers", "dim_feedforward"}
    ),
    "TransformerDecoderLayer": frozenset({"d_model", "nhead", "dim_feedforward"}),
    "TransformerEncoderLayer": frozenset({"d_model", "nhead", "dim_feedforward"}),
    "Unflatten": frozenset({"dim", "unflattened_size"}),
}


def has_float(v: Any) -> bool:
    """``v`` is a Python float, or a list / tuple with one (``(3.0, 0)``)."""
    if v.__class__ is float:
        return True
    if v.__class__ in (list, tuple):
        return any(x.__class__ is float for x in v)
    return False


def layer_params(f: Any, type_: str, params: dict, loc: Any) -> bool:
    """A catalogue layer whose int parameter is a float: a crash (True) where torch raises."""
    if f.input_shape is None:
        return False
    from driftcheck.parsers.source.forward import dataflow_more23

    err = dataflow_more23.layer_error(type_, params)  # ``nn.CELU(alpha=0.0)``
    if err is not None:
        f.crash(loc, f"{type_}: {err}")
        return True
    names = LAYER_INT_PARAMS.get(type_)
    if not names:
        return False
    for name in sorted(names):
        v = params.get(name)
        if has_float(v):
            f.crash(loc, f"TypeError: {type_} {name}={v!r}: torch takes an int here, not a float")
            return True
    return False


# Which arguments torch's parser reads as int / int[] (a float there is a TypeError), by name;
# each entry a (position, keyword) pair (position None: every positional argument). For a
# Tensor method the positions count after ``self``; for a ``torch.`` / ``F.`` function from
# its first argument (the tensor). Every entry is checked in torch (tests/test_crash21a.py).
ALL = None
_K, _S, _P, _D = (1, "kernel_size"), (2, "stride"), (3, "padding"), (4, "dilation")
FN_INT_ARGS: dict[str, tuple[tuple[int | None, str], ...]] = {
    "pad": ((1, "pad"),),
    **{f"avg_pool{n}d": (_K, _S, _P) for n in (1, 2, 3)},
    **{f"max_pool{n}d": (_K, _S, _P, _D) for n in (1, 2, 3)},
    **{f"adaptive_{k}_pool{n}d": ((1, "output_size"),) for k in ("avg", "max") for n in (1, 2, 3)},
    **{
        f"conv{n}d": ((3, "stride"), (4, "padding"), (5, "dilation"), (6, "groups"))
        for n in (1, 2, 3)
    },
    "pixel_shuffle": ((1, "upscale_factor"),),
    "pixel_unshuffle": ((1, "downscale_factor"),),
    "one_hot": ((1, "num_classes"),),
    "interpolate": ((1, "size"),),
    "reshape": ((1, "shape"),),
    "flatten": ((1, "start_dim"), (2, "end_dim")),
    "transpose": ((1, "dim0"), (2, "dim1")),
    "cat": ((1, "dim"),),
    "stack": ((1, "dim"),),
}
# ``torch.zeros(2, n / 2)``: every positional argument and ``size`` are sizes
FACTORIES = frozenset({"zeros", "ones", "empty", "rand", "randn"})
# ``torch.hann_window(n)`` ...: ``window_length`` is an int (tests/test_crash24b.py)
WINDOWS = frozenset(
    {"hann_window", "hamming_window", "blackman_window", "bartlett_window", "kaiser_window"}
)
# ``torch.<name>`` functions of FN_INT_ARGS (the others are ``F.<name>`` only)
TORCH_FNS = frozenset({"reshape", "flatten", "transpose", "cat", "stack"})
METHOD_INT_ARGS: dict[str, tuple[tuple[int | None, str], ...]] = {
    **{
        m: ((ALL, "size"),)
        for m in ("view", "reshape", "expand", "new_zeros", "new_ones", "new_empty")
    },
    "repeat": ((ALL, "repeats"),),
    "tile": ((ALL, "dims"),),
    "permute": ((ALL, "dims"),),
    "flatten": ((0, "start_dim"), (1, "end_dim")),
    "unflatten": ((0, "dim"), (1, "sizes")),
    "unsqueeze": ((0, "dim"),),
    "squeeze": ((0, "dim"),),
    "transpose": ((0, "dim0"), (1, "dim1")),
    "movedim": ((0, "source"), (1, "destination")),
    "narrow": ((0, "dim"), (1, "start"), (2, "length")),
    "select": ((0, "dim"), (1, "index")),
    "chunk": ((0, "chunks"), (1, "dim")),
    "split": ((0, "split_size"), (1, "dim")),
    "unfold": ((0, "dimension"), (1, "size"), (2, "step")),
    "topk": ((0, "k"), (1, "dim")),
    "softmax": ((0, "dim"),),
    "log_softmax": ((0, "dim"),),
    "roll": ((0, "shifts"), (1, "dims")),
}


def _first_float(spec: tuple, args: list, kwargs: dict) -> tuple[str, Any] | None:
    for pos, kw in spec:
        vals = list(args) if pos is ALL else ([args[pos]] if pos < len(args) else [])
        if kw in kwargs:
            vals.append(kwargs[kw])
        for v in vals:
            if has_float(v):
                return kw, v
    return None


def int_arg_error(
    args: list, kwargs: dict, q: str | None = None, method: str | None = None
) -> str | None:
    """torch's TypeError for a float given where the call takes an int (or ints)."""
    if method is not None:
        spec = METHOD_INT_ARGS.get(method)
        what = f"Tensor.{method}"
    else:
        if q is None:
            return None
        name = q.rsplit(".", 1)[-1]
        top = q.startswith("torch.") and q.count(".") == 1
        spec = None
        if top and name in FACTORIES:
            spec = ((ALL, "size"),)
        elif top and name in WINDOWS:
            spec = ((0, "window_length"),)  # ``torch.hann_window(n_fft / 4)``
        elif q.startswith("torch.nn.functional.") or (top and name in TORCH_FNS):
            spec = FN_INT_ARGS.get(name)
        what = q
    if not spec:
        return None
    got = _first_float(spec, args, kwargs)
    if got is None:
        return None
    return f"TypeError: {what}(): argument {got[0]!r} must be int (or ints), got {got[1]!r}"


def range_error(args: list) -> str | None:
    """``range(T / c)``: Python's TypeError for a float bound."""
    if any(a.__class__ is float for a in args):
        return "TypeError: 'float' object cannot be interpreted as an integer (range)"
    return None
