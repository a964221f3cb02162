"""Write (or check) ``driftcheck/parsers/source/forward/dtype_table.py``: which dtype families
each torch op refuses, measured in the installed torch.

The static path never imports torch, so what torch accepts is measured here once and written
down as data. Each probe below is a torch call with small tensors ``T0``, ``T1``, ... in it; for
every tensor position and every dtype family the call is run with that tensor in each dtype of
the family, the other tensors float32 and then of the same dtype, under every variant given. A
family is recorded as refused at that position only when **every** one of those runs raised
(so a dtype of the family that works, or an argument combination that works, keeps the family
out: the table claims a crash only where torch always raises). A probe where no family's call
(every tensor of that family's usual dtype) runs is broken and is left out (printed).

Families (the forward pass's dtype facts, ``dataflow_checks``): ``int`` (int8/16/32/64),
``uint8``, ``bool``, ``float`` (float16, bfloat16, float32, float64), ``complex`` (complex64,
complex128).

    python tools/gen_dtype_table.py          # rewrite the table
    python tools/gen_dtype_table.py --check  # exit 1 if torch disagrees with the table
"""

from __future__ import annotations

import argparse
import pprint
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "driftcheck/parsers/source/forward/dtype_table.py"

FAMILIES = {
    "int": ("int8", "int16", "int32", "int64"),
    "uint8": ("uint8",),
    "bool": ("bool",),
    "float": ("float16", "bfloat16", "float32", "float64"),
    "complex": ("complex64", "complex128"),
}
# the dtype whose message is written down for each family
SHOWN = {
    "int": "int64",
    "uint8": "uint8",
    "bool": "bool",
    "float": "float32",
    "complex": "complex64",
}

V = (2, 8)  # a batch of vectors
M = (2, 3, 8)  # a batch of sequences (channels first)
I4 = (2, 3, 8, 8)  # a batch of maps
# key -> (templates (each a variant), shapes of T0, T1, ...). A key is the qualified name the
# forward pass sees: ``torch.<fn>``, ``torch.nn.functional.<fn>``, ``Tensor.<method>``, a layer
# type ``nn.<Layer>`` (called on T0), or ``Tensor.__<cmp>__`` for ``T0 < number``.
UNARY_F = [
    "relu", "relu6", "gelu", "silu", "elu", "selu", "celu", "mish", "softplus", "softsign",
    "leaky_relu", "hardswish", "hardsigmoid", "hardtanh", "logsigmoid", "tanhshrink",
    "softshrink", "hardshrink", "sigmoid", "tanh", "normalize",
]  # fmt: skip
UNARY_T = [
    "abs", "sign", "sgn", "floor", "ceil", "round", "trunc", "frac", "exp", "exp2", "expm1",
    "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "sin", "cos", "tan", "sinh", "cosh",
    "tanh", "asin", "acos", "atan", "sigmoid", "erf", "erfc", "erfinv", "lgamma", "digamma",
    "reciprocal", "neg", "square", "relu", "logit", "angle", "conj", "isnan", "isinf",
    "isfinite", "nan_to_num", "mean", "nanmean", "median", "nanmedian", "var", "std",
    "var_mean", "std_mean", "prod", "sum", "cumsum", "cumprod", "cummax", "cummin", "logsumexp",
    "max", "min", "amax", "amin", "argmax", "argmin", "sort", "argsort", "msort", "topk",
    "kthvalue", "mode", "softmax", "log_softmax", "norm", "renorm", "rand_like", "randn_like",
    "randint_like", "bernoulli", "multinomial", "poisson", "histc", "bincount", "unique",
    "nonzero", "count_nonzero", "clamp", "clip", "flip", "roll", "tril", "triu", "diff",
    "trapezoid", "trapz", "cumulative_trapezoid", "logcumsumexp", "quantile", "nanquantile",
    "signbit", "frexp", "deg2rad", "rad2deg", "sinc", "i0", "positive", "bitwise_not",
    "logical_not", "view_as_real", "view_as_complex", "real", "imag", "isreal", "argwhere",
    "dropout", "alpha_dropout", "hann_window_like",
]  # fmt: skip
# how a one-tensor function / method is called (default: with no more arguments)
CALL_ARGS = {
    "mean": ["", "dim=-1"], "nanmean": ["", "dim=-1"], "median": ["", "-1"],
    "nanmedian": ["", "-1"], "var": ["", "-1"], "std": ["", "-1"], "var_mean": ["", "-1"],
    "std_mean": ["", "-1"], "cumsum": ["-1"], "cumprod": ["-1"], "cummax": ["-1"],
    "cummin": ["-1"], "logsumexp": ["-1"], "logcumsumexp": ["-1"], "sort": ["", "-1"],
    "argsort": ["", "-1"], "topk": ["2", "2, -1"], "kthvalue": ["2", "2, -1"], "mode": ["-1"],
    "softmax": ["-1"], "log_softmax": ["-1"], "renorm": ["2, 0, 1.0"], "randint_like": ["5"],
    "multinomial": ["1"], "max": ["", "-1"], "min": ["", "-1"], "amax": ["-1"],
    "amin": ["-1"], "argmax": ["", "-1"], "argmin": ["", "-1"], "clamp": ["0, 1", "min=0"],
    "clip": ["0, 1", "min=0"], "flip": ["[-1]"], "roll": ["1, -1"], "diff": ["", "dim=-1"],
    "quantile": ["0.5", "0.5, -1"], "nanquantile": ["0.5", "0.5, -1"], "histc": [""],
    "bincount": [""], "view_as_complex": [""], "dropout": ["0.5"], "alpha_dropout": ["0.5"],
    "nan_to_num": [""], "norm": ["", "dim=-1"], "unique": [""], "nonzero": [""],
}  # fmt: skip
# shapes the one-tensor ops need that are not a batch of vectors
SHAPE = {"bincount": (8,), "histc": (8,), "view_as_complex": (2, 8, 2), "multinomial": V}
NOT_FUNCTION = {"hann_window_like", "dropout", "alpha_dropout"}  # (torch.dropout wants `train`)
NOT_METHOD = {"view_as_real", "view_as_complex", "real", "imag", "trapz", "cumulative_trapezoid",
              "hann_window_like", "alpha_dropout", "dropout", "trapezoid"}  # fmt: skip


def _probes() -> dict[str, tuple[list[str], list[tuple[int, ...]]]]:
    p: dict[str, tuple[list[str], list[tuple[int, ...]]]] = {}
    for n in UNARY_F:
        p[f"torch.nn.functional.{n}"] = ([f"F.{n}(T0)"], [V])
    for n in UNARY_T:
        extra = CALL_ARGS.get(n, [""])
        shape = SHAPE.get(n, V)
        if n not in NOT_FUNCTION:
            p[f"torch.{n}"] = ([f"torch.{n}(T0{', ' + a if a else ''})" for a in extra], [shape])
        if n not in NOT_METHOD:
            p[f"Tensor.{n}"] = ([f"T0.{n}({a})" for a in extra], [shape])
    for n in ("softmax", "log_softmax", "softmin"):
        p[f"torch.nn.functional.{n}"] = ([f"F.{n}(T0, -1)"], [V])
    p["torch.nn.functional.glu"] = (["F.glu(T0)"], [V])
    p["torch.nn.functional.dropout"] = (["F.dropout(T0, 0.5, True)"], [V])
    p["torch.nn.functional.layer_norm"] = (["F.layer_norm(T0, (8,))"], [V])
    p["torch.nn.functional.group_norm"] = (["F.group_norm(T0, 1)"], [M])
    p["torch.nn.functional.instance_norm"] = (["F.instance_norm(T0)"], [M])
    p["torch.nn.functional.rms_norm"] = (["F.rms_norm(T0, (8,))"], [V])
    for n in ("max_pool1d", "avg_pool1d", "lp_pool1d"):
        args = "2, 2" if n == "lp_pool1d" else "2"
        p[f"torch.nn.functional.{n}"] = ([f"F.{n}(T0, {args})"], [M])
    for n in ("max_pool2d", "avg_pool2d"):
        p[f"torch.nn.functional.{n}"] = ([f"F.{n}(T0, 2)"], [I4])
    for n in ("adaptive_avg_pool1d", "adaptive_max_pool1d"):
        p[f"torch.nn.functional.{n}"] = ([f"F.{n}(T0, 2)"], [M])
    for n in ("adaptive_avg_pool2d", "adaptive_max_pool2d"):
        p[f"torch.nn.functional.{n}"] = ([f"F.{n}(T0, 2)"], [I4])
    p["torch.nn.functional.unfold"] = (["F.unfold(T0, 2)"], [I4])
    p["torch.nn.functional.pixel_shuffle"] = (["F.pixel_shuffle(T0, 2)"], [(2, 4, 3, 3)])
    for n in ("mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "cosine_similarity",
              "pairwise_distance", "kl_div", "soft_margin_loss"):  # fmt: skip
        p[f"torch.nn.functional.{n}"] = ([f"F.{n}(T0, T1)"], [V, V])
    p["torch.nn.functional.binary_cross_entropy_with_logits"] = (
        ["F.binary_cross_entropy_with_logits(T0, T1)"],
        [V, V],
    )
    p["torch.nn.functional.scaled_dot_product_attention"] = (
        ["F.scaled_dot_product_attention(T0, T1, T2)"],
        [M, M, M],
    )
    for n in ("cdist", "dist", "atan2", "lerp", "polar", "complex", "maximum", "minimum",
              "fmax", "fmin", "remainder", "fmod", "floor_divide", "heaviside", "xlogy",
              "gcd", "lcm", "hypot", "copysign", "nextafter", "logaddexp", "ldexp",
              "bitwise_and", "bitwise_or", "bitwise_xor", "outer", "kron", "cross",
              "searchsorted", "bucketize", "isclose", "true_divide", "pow", "float_power"):  # fmt: skip
        shapes = {"cdist": [M, M], "outer": [(8,), (8,)], "cross": [(2, 3), (2, 3)],
                  "searchsorted": [(8,), V], "bucketize": [V, (8,)]}.get(n, [V, V])  # fmt: skip
        tmpl = "torch.{n}(T0, T1, 0.5)" if n == "lerp" else "torch.{n}(T0, T1)"
        p[f"torch.{n}"] = ([tmpl.format(n=n)], shapes)
        if n not in ("polar", "complex", "searchsorted", "bucketize"):
            p[f"Tensor.{n}"] = ([tmpl.format(n=n).replace(f"torch.{n}(T0, ", f"T0.{n}(")], shapes)
    p["torch.lerp"] = (["torch.lerp(T0, T1, 0.5)", "torch.lerp(T0, T1, T2)"], [V, V, V])
    p["Tensor.lerp"] = (["T0.lerp(T1, 0.5)", "T0.lerp(T1, T2)"], [V, V, V])
    p["torch.trapezoid"] = (["torch.trapezoid(T0)", "torch.trapezoid(T0, T1)"], [V, V])
    p["torch.istft"] = (
        ["torch.istft(T0, 8, window=torch.hann_window(8))", "torch.istft(T0, 8)"],
        [(2, 5, 6)],
    )
    p["torch.stft"] = (["torch.stft(T0, 8, window=torch.hann_window(8), return_complex=True)"],
                       [(2, 32)])  # fmt: skip
    for n in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
        p[f"torch.fft.{n}"] = ([f"torch.fft.{n}(T0)", f"torch.fft.{n}(T0, dim=-1)"], [V])
    for n in ("fft2", "ifft2", "rfft2", "irfft2", "fftn", "rfftn", "irfftn"):
        p[f"torch.fft.{n}"] = ([f"torch.fft.{n}(T0)"], [I4])
    p["torch.fft.fftshift"] = (["torch.fft.fftshift(T0)"], [V])
    for n in ("vector_norm", "norm", "matrix_norm", "inv", "det", "slogdet", "svd", "svdvals",
              "qr", "pinv", "matrix_rank", "eigvals", "matrix_exp", "cond", "eig", "eigh",
              "eigvalsh", "cholesky", "lu_factor", "lu"):  # fmt: skip
        shape = V if n == "vector_norm" else (2, 4, 4)
        p[f"torch.linalg.{n}"] = ([f"torch.linalg.{n}(T0)"], [shape])
    for n in ("det", "logdet", "inverse", "matrix_exp", "pinverse", "svd", "qr"):
        p[f"torch.{n}"] = ([f"torch.{n}(T0)"], [(2, 4, 4)])
    p["torch.histogram"] = (["torch.histogram(T0, 4)", "torch.histogram(T0, bins=4)"], [V])
    p["torch.nn.Parameter"] = (["torch.nn.Parameter(T0)"], [V])
    p["Tensor.requires_grad_"] = (["T0.requires_grad_()", "T0.requires_grad_(True)"], [V])
    for n in ("normal_", "uniform_", "exponential_", "cauchy_", "log_normal_", "geometric_"):
        arg = "0.5" if n == "geometric_" else ""
        p[f"Tensor.{n}"] = ([f"T0.clone().{n}({arg})"], [V])
    for op, sym in (("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">=")):
        p[f"Tensor.__{op}__"] = ([f"T0 {sym} 0.5", f"T0 {sym} T1"], [V, V])
        p[f"torch.{op}"] = ([f"torch.{op}(T0, 0.5)", f"torch.{op}(T0, T1)"], [V, V])
    # layers (``nn.<Type>``: the catalogue's node type), train and eval mode
    for mod, shape in (
        ("ReLU()", V), ("ReLU6()", V), ("GELU()", V), ("SiLU()", V), ("ELU()", V),
        ("SELU()", V), ("CELU()", V), ("Mish()", V), ("Softplus()", V), ("Softsign()", V),
        ("LeakyReLU()", V), ("PReLU()", V), ("Hardswish()", V), ("Hardsigmoid()", V),
        ("Hardtanh()", V), ("LogSigmoid()", V), ("Tanh()", V), ("Sigmoid()", V),
        ("Softmax(-1)", V), ("LogSoftmax(-1)", V), ("Softmin(-1)", V), ("GLU()", V),
        ("LayerNorm(8)", V), ("RMSNorm(8)", V), ("GroupNorm(1, 3)", M),
        ("InstanceNorm1d(3)", M), ("BatchNorm1d(3)", M), ("BatchNorm2d(3)", I4),
        ("MaxPool1d(2)", M), ("AvgPool1d(2)", M), ("MaxPool2d(2)", I4), ("AvgPool2d(2)", I4),
        ("AdaptiveAvgPool1d(2)", M), ("AdaptiveMaxPool1d(2)", M), ("AdaptiveAvgPool2d(2)", I4),
        ("AdaptiveMaxPool2d(2)", I4), ("Dropout(0.5)", V), ("Embedding(8, 4)", V),
        ("Linear(8, 4)", V), ("Conv1d(3, 4, 3)", M), ("Conv2d(3, 4, 3)", I4),
        ("LSTM(8, 4, batch_first=True)", M), ("GRU(8, 4, batch_first=True)", M),
    ):  # fmt: skip
        name = mod.split("(")[0]
        p[f"nn.{name}"] = ([f"_train(nn.{mod})(T0)", f"_eval(nn.{mod})(T0)"], [shape])
    return p


PROBES = _probes()


def _make(torch, shape: tuple[int, ...], dtype_name: str):
    dt = getattr(torch, dtype_name)
    if dt == torch.bool:
        return torch.rand(shape) > 0.5
    if dt.is_complex:
        return torch.randn(shape, dtype=dt)
    if dt.is_floating_point:
        return torch.rand(shape).to(dt) + 0.1
    return torch.randint(1, 4, shape).to(dt)


def _raises(torch, tmpl: str, tensors: list, extra: dict | None = None) -> str | None:
    """torch's message (first line) when the call raises, else None."""
    import warnings

    import torch.nn as nn
    import torch.nn.functional as F

    env = {
        "torch": torch,
        "nn": nn,
        "F": F,
        "_train": lambda m: m.train(),
        "_eval": lambda m: m.eval(),
        **{f"T{i}": t for i, t in enumerate(tensors)},
        **(extra or {}),
    }
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            eval(tmpl, env)  # noqa: S307 - the probe templates above, nothing else
    except Exception as e:  # noqa: BLE001 - any error is torch refusing the call
        return (
            (f"{type(e).__name__}: " + str(e).strip().splitlines()[0])[:200]
            if str(e)
            else type(e).__name__
        )
    return None


def probe(key: str) -> dict[int, dict[str, str]] | None:
    """{position: {family: torch's message}} for the families every run refused; None when
    no family's call (every tensor of one dtype) runs (a broken probe)."""
    import torch

    tmpls, shapes = PROBES[key]
    torch.manual_seed(0)
    if not any(
        _raises(torch, t, [_make(torch, s, SHOWN[fam]) for s in shapes]) is None
        for fam in FAMILIES
        for t in tmpls
    ):
        return None
    out: dict[int, dict[str, str]] = {}
    for pos in range(len(shapes)):
        used = [t for t in tmpls if f"T{pos}" in t]  # (a form without this tensor says nothing)
        for fam, dtypes in FAMILIES.items():
            msg = None
            refused = True
            for dn in dtypes:
                for others in ("float32", dn):
                    ts = [_make(torch, s, dn if i == pos else others) for i, s in enumerate(shapes)]
                    for t in used:
                        got = _raises(torch, t, ts)
                        if got is None:
                            refused = False
                            break
                        if dn == SHOWN[fam] and others == "float32" and msg is None:
                            msg = got
                    if not refused:
                        break
                if not refused:
                    break
            if refused:
                out.setdefault(pos, {})[fam] = msg or "refused"
    return out


def table() -> tuple[dict[tuple[str, int], dict[str, str]], list[str]]:
    rows: dict[tuple[str, int], dict[str, str]] = {}
    broken = []
    for key in sorted(PROBES):
        got = probe(key)
        if got is None:
            broken.append(key)
            continue
        for pos, fams in sorted(got.items()):
            rows[(key, pos)] = dict(sorted(fams.items()))
    return rows, broken


# ---------------------------------------------------------------------- ranks
RANKS = range(0, 6)
SIZES = (2, 4, 6)  # every axis this long: a rank is refused when all three raise
# key -> templates (variants); T0 is the tensor whose rank is probed; F32 (T0's shape), V1
# (a vector) and V2 (a matrix) are float32 helpers for an op that takes two tensors. Where an
# argument (an axis) could make a rank valid, variants with other values keep it out.
RANK_PROBES: dict[str, list[str]] = {
    "torch.renorm": ["torch.renorm(T0, 2, 0, 1.0)", "torch.renorm(T0, 2, -1, 1.0)"],
    "Tensor.renorm": ["T0.renorm(2, 0, 1.0)", "T0.renorm(2, -1, 1.0)"],
    "torch.dsplit": ["torch.dsplit(T0, 2)", "torch.dsplit(T0, [1])"],
    "torch.hsplit": ["torch.hsplit(T0, 2)", "torch.hsplit(T0, [1])"],
    "torch.vsplit": ["torch.vsplit(T0, 2)", "torch.vsplit(T0, [1])"],
    "Tensor.dsplit": ["T0.dsplit(2)", "T0.dsplit([1])"],
    "Tensor.hsplit": ["T0.hsplit(2)", "T0.hsplit([1])"],
    "Tensor.vsplit": ["T0.vsplit(2)", "T0.vsplit([1])"],
    "torch.dstack": ["torch.dstack([T0, T0])"],
    "torch.diag": ["torch.diag(T0)"],
    "torch.diagonal": ["torch.diagonal(T0)"],
    "Tensor.diagonal": ["T0.diagonal()"],
    "torch.diag_embed": ["torch.diag_embed(T0)"],
    "torch.trace": ["torch.trace(T0)"],
    "Tensor.trace": ["T0.trace()"],
    "torch.t": ["torch.t(T0)"],
    "Tensor.t": ["T0.t()"],
    "Tensor.mT": ["T0.mT"],
    "Tensor.mH": ["T0.mH"],
    "Tensor.H": ["T0.H"],
    "torch.matmul": ["torch.matmul(T0, F32)", "torch.matmul(T0, V1)", "torch.matmul(T0, V2)"],
    "torch.cdist": ["torch.cdist(T0, F32)", "torch.cdist(T0, V2)"],
    "torch.combinations": ["torch.combinations(T0)"],
    "torch.cartesian_prod": ["torch.cartesian_prod(T0, T0)"],
    "torch.bincount": ["torch.bincount(T0.long())"],
    "torch.block_diag": ["torch.block_diag(T0, T0)"],
    "torch.nn.functional.pixel_shuffle": ["F.pixel_shuffle(T0, 1)"],
    "torch.nn.functional.pixel_unshuffle": ["F.pixel_unshuffle(T0, 1)"],
    "torch.nn.functional.unfold": ["F.unfold(T0, 1)"],
    "torch.nn.functional.max_pool1d": ["F.max_pool1d(T0, 1)"],
    "torch.nn.functional.avg_pool1d": ["F.avg_pool1d(T0, 1)"],
    "torch.nn.functional.max_pool2d": ["F.max_pool2d(T0, 1)"],
    "torch.nn.functional.avg_pool2d": ["F.avg_pool2d(T0, 1)"],
    "torch.nn.functional.max_pool3d": ["F.max_pool3d(T0, 1)"],
    "torch.nn.functional.avg_pool3d": ["F.avg_pool3d(T0, 1)"],
    "torch.nn.functional.adaptive_avg_pool1d": ["F.adaptive_avg_pool1d(T0, 1)"],
    "torch.nn.functional.adaptive_avg_pool2d": ["F.adaptive_avg_pool2d(T0, 1)"],
    "torch.nn.functional.adaptive_max_pool1d": ["F.adaptive_max_pool1d(T0, 1)"],
    "torch.nn.functional.adaptive_max_pool2d": ["F.adaptive_max_pool2d(T0, 1)"],
    "torch.nn.functional.instance_norm": ["F.instance_norm(T0)"],
    "torch.nn.functional.group_norm": ["F.group_norm(T0, 1)"],
    "torch.nn.functional.normalize": [
        "F.normalize(T0)",
        "F.normalize(T0, dim=0)",
        "F.normalize(T0, dim=-1)",
    ],
    "torch.nn.functional.cosine_similarity": [
        "F.cosine_similarity(T0, F32)",
        "F.cosine_similarity(T0, F32, dim=0)",
        "F.cosine_similarity(T0, F32, dim=-1)",
        "F.cosine_similarity(T0, V1, dim=-1)",
    ],
    "torch.nn.functional.glu": ["F.glu(T0)", "F.glu(T0, 0)"],
    "torch.fft.rfft2": ["torch.fft.rfft2(T0)", "torch.fft.rfft2(T0, dim=(0,))"],
    "torch.fft.fft2": ["torch.fft.fft2(T0)", "torch.fft.fft2(T0, dim=(0,))"],
    "torch.fft.irfft2": ["torch.fft.irfft2(T0)", "torch.fft.irfft2(T0, dim=(0,))"],
    "torch.fft.ifft2": ["torch.fft.ifft2(T0)", "torch.fft.ifft2(T0, dim=(0,))"],
    "torch.linalg.det": ["torch.linalg.det(T0)"],
    "torch.linalg.inv": ["torch.linalg.inv(T0)"],
    "torch.linalg.svd": ["torch.linalg.svd(T0)"],
    "torch.linalg.svdvals": ["torch.linalg.svdvals(T0)"],
    "torch.linalg.qr": ["torch.linalg.qr(T0)"],
    "torch.linalg.matrix_norm": ["torch.linalg.matrix_norm(T0)"],
    "torch.linalg.pinv": ["torch.linalg.pinv(T0)"],
    "torch.det": ["torch.det(T0)"],
    "torch.inverse": ["torch.inverse(T0)"],
    "torch.logdet": ["torch.logdet(T0)"],
    "torch.matrix_exp": ["torch.matrix_exp(T0)"],
    "torch.cholesky_inverse": ["torch.cholesky_inverse(T0)"],
    "torch.triu": ["torch.triu(T0)"],
    "torch.tril": ["torch.tril(T0)"],
    "torch.kthvalue": ["torch.kthvalue(T0, 1)"],
    "torch.trapezoid": ["torch.trapezoid(T0)"],
    "torch.cumulative_trapezoid": ["torch.cumulative_trapezoid(T0)"],
    "torch.histc": ["torch.histc(T0)"],
}


def probe_ranks(key: str) -> dict[int, str] | None:
    """{rank: torch's message} for the ranks every size and variant raised; None when no rank
    runs (a broken probe)."""
    import torch

    out: dict[int, str] = {}
    for r in RANKS:
        msg = None
        for n in SIZES:
            t = torch.rand((n,) * r) + 0.1
            for tmpl in RANK_PROBES[key]:
                helpers = {"F32": torch.rand((n,) * r) + 0.1, "V1": torch.rand(n),
                           "V2": torch.rand(n, n)}  # fmt: skip
                got = _raises(torch, tmpl, [t], extra=helpers)
                if got is None:
                    break
                msg = msg or got
            else:
                continue
            break
        else:
            out[r] = msg or "refused"
    return None if len(out) == len(RANKS) else out


HEADER = '''"""Which dtype families torch refuses, per op and tensor position (generated: do not edit).

Written by ``tools/gen_dtype_table.py`` from torch {version} (CPU): ``REFUSES[(op, position)]``
maps a family (``int`` = int8..int64, ``uint8``, ``bool``, ``float`` = float16..float64,
``complex``) to torch's message, for the families where every dtype of the family, with the
other tensors float32 or of the same dtype, under every probed call form, raised. ``op`` is
``torch.<fn>``, ``torch.nn.functional.<fn>``, ``Tensor.<method>``, ``Tensor.__lt__`` (a
comparison with a number or a tensor) or ``nn.<Layer>`` (a layer of that type called on it).
``tests/test_crash22_dtypes.py`` re-measures it against the installed torch.
"""

from __future__ import annotations

TORCH_VERSION = {version!r}

REFUSES: dict[tuple[str, int], dict[str, str]] = '''


RANK_HEADER = """

# ``RANK_REFUSES[op]``: the ranks (0..5) of the op's first tensor (``self`` for a method) that
# torch refused for every axis length tried (2, 4, 6) under every probed call form
RANK_REFUSES: dict[str, dict[int, str]] = """


def rank_table() -> dict[str, dict[int, str]]:
    rows = {}
    for key in sorted(RANK_PROBES):
        got = probe_ranks(key)
        if got:
            rows[key] = got
        elif got is None:
            print("rank probe left out (no rank runs):", key, file=sys.stderr)
    return rows


def render(rows: dict, ranks: dict, version: str) -> str:
    fmt = pprint.pformat
    return (
        HEADER.format(version=version)
        + fmt(rows, width=99, sort_dicts=True)
        + "\n"
        + RANK_HEADER
        + fmt(ranks, width=99, sort_dicts=True)
        + "\n"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the written table")
    a = ap.parse_args(argv)
    import torch

    rows, broken = table()
    if broken:
        print("probes left out (no dtype runs):", ", ".join(broken), file=sys.stderr)
    if a.check:
        from driftcheck.parsers.source.forward.dtype_table import RANK_REFUSES, REFUSES

        same = {k: set(v) for k, v in REFUSES.items()} == {k: set(v) for k, v in rows.items()}
        ranks = rank_table()
        same = same and {k: set(v) for k, v in RANK_REFUSES.items()} == {
            k: set(v) for k, v in ranks.items()
        }
        print("table matches torch" if same else "table DIFFERS from torch")
        return 0 if same else 1
    OUT.write_text(render(rows, rank_table(), torch.__version__.split("+")[0]))
    import subprocess

    try:  # the repo's formatting (the data is the same either way; ``--check`` reads data)
        subprocess.run(["ruff", "format", "-q", str(OUT)], check=False)
    except OSError:
        print("ruff not found: run `ruff format` on the table", file=sys.stderr)
    print(f"wrote {OUT} ({len(rows)} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
