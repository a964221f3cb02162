"""torch functions and tensor methods in forward(): which catalogue op each one is.

Only ops that exist in the catalogue become nodes, with the parameters its shape rule needs
(``Flatten(start_dim, end_dim)``, ``Transpose(dim0, dim1)``...). Ops that keep the shape and add
nothing a check needs (dropout, contiguous, dtype casts, masked_fill) keep the producer. A
``view`` whose sizes come from ``x.size()`` is rewritten with the symbolic shape into an op that
does not need the input size: ``view(B, T, nh, C // nh)`` on ``(B, T, C)`` is
``Unflatten(2, (nh, -1))`` and ``view(B, T, C)`` on ``(B, T, nh, hs)`` is ``Flatten(2)``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from driftcheck.parsers.source.forward import (
    dataflow_argtypes,
    dataflow_floats,
    dataflow_keywords,
    dataflow_modargs,
)
from driftcheck.parsers.source.forward.dataflow import concrete
from driftcheck.parsers.source.forward.dataflow_axes import METHODS as METHODS_AXES
from driftcheck.parsers.source.forward.dataflow_axes import WINDOWS
from driftcheck.parsers.source.forward.dataflow_common import (
    arg,
    missing_dim_error,
    numpy_aliases,
    numpy_keyword_error,
)
from driftcheck.parsers.source.forward.dataflow_views import (
    expand_sizes,
    int_args,
    is_int,
    reshape,
    sized_by,
)
from driftcheck.parsers.source.values.dataflow_values import (
    NUM,
    UNK,
    ShapeOf,
    Sym,
    Tens,
    UserFunc,
    known_shape,
)

ACT = {
    "relu": "ReLU",
    "relu6": "ReLU6",
    "gelu": "GELU",
    "silu": "SiLU",
    "sigmoid": "Sigmoid",
    "tanh": "Tanh",
    "elu": "ELU",
    "leaky_relu": "LeakyReLU",
    "mish": "Mish",
    "softplus": "Softplus",
    "hardswish": "Hardswish",
    "hardsigmoid": "Hardsigmoid",
    "selu": "SELU",
    "logsigmoid": "LogSigmoid",
}
SOFTMAX = {"softmax": "Softmax", "log_softmax": "LogSoftmax"}
KEEP = {
    "dropout", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout", "feature_alpha_dropout",
    "contiguous", "clone", "detach", "float", "half", "double", "bfloat16", "to", "type",
    "type_as", "cuda", "cpu", "requires_grad_", "masked_fill", "clamp", "clamp_min", "clip",
    "abs", "exp", "sqrt", "rsqrt", "neg", "sin", "cos", "pow", "square", "normalize",
    "layer_norm", "group_norm", "rms_norm", "cumsum", "tril", "triu", "log", "reciprocal",
    "fill_", "zero_", "copy_", "float_power", "nan_to_num", "sign", "round", "floor", "ceil",
    "where", "batch_norm", "instance_norm", "local_response_norm",
}  # fmt: skip
BINARY = {"add": "Add", "sub": "Sub", "subtract": "Sub", "mul": "Mul", "multiply": "Mul",
          "div": "Div", "divide": "Div", "true_divide": "Div", "matmul": "MatMul",
          "mm": "MatMul", "bmm": "BMM"}  # fmt: skip
# methods whose result has the shape of the tensor they are called on (used for shape-only
# tensors on real sizes: they have no node, only a shape)
SELF_SHAPED = {"scatter", "scatter_add", "index_fill", "index_copy", "masked_scatter", "index_add",
               "select_scatter", "slice_scatter", "diagonal_scatter"}  # fmt: skip
# scalar comparisons as methods (``ids.eq(pad_id)``): on real sizes the tensor's shape
COMPARE = {"eq", "ne", "lt", "le", "gt", "ge", "greater", "less", "not_equal"}
REDUCE = {"mean": "Mean", "sum": "Sum", "amax": "Amax", "amin": "Amin"}
# functional-only ops: torch name -> (catalogue type, positional parameter names after input)
FUNCTIONAL = {
    "max_pool1d": ("MaxPool1d", ("kernel_size", "stride", "padding", "dilation")),
    "max_pool2d": ("MaxPool2d", ("kernel_size", "stride", "padding", "dilation")),
    "avg_pool1d": ("AvgPool1d", ("kernel_size", "stride", "padding")),
    "avg_pool2d": ("AvgPool2d", ("kernel_size", "stride", "padding")),
    "adaptive_avg_pool1d": ("AdaptiveAvgPool1d", ("output_size",)),
    "adaptive_avg_pool2d": ("AdaptiveAvgPool2d", ("output_size",)),
    "adaptive_max_pool2d": ("AdaptiveMaxPool2d", ("output_size",)),
    "adaptive_max_pool1d": ("AdaptiveMaxPool1d", ("output_size",)),
    "interpolate": ("Interpolate", ("size", "scale_factor", "mode")),
    "pad": ("Pad", ("pad", "mode", "value")),
    "pixel_shuffle": ("PixelShuffle", ("upscale_factor",)),
    "pixel_unshuffle": ("PixelUnshuffle", ("downscale_factor",)),
}
CREATE = {"zeros", "ones", "empty", "full", "arange", "randn", "rand", "randint", "tensor",
          "zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like",
          "linspace", "eye", "as_tensor", "from_numpy", "triu_indices", "tril_indices"}  # fmt: skip


@dataclass(eq=False)
class Super:
    """``super()`` inside a method: attribute lookups continue after the defining class."""

    fr: Any


@dataclass(eq=False)
class TorchForward:
    """``super().forward`` in a subclass of a torch layer (``class LayerNorm2d(nn.LayerNorm)``):
    the layer's own computation, a catalogue node on the module's weights (``Flow.torch_module``),
    the same whether torch's source is installed or not."""

    self_mod: Any


_LINEAR_FNS = frozenset({"torch.nn.functional.linear", "torch.nn.functional.bilinear"})


def super_attr(run: Any, s: Super, name: str) -> Any:
    fr = s.fr
    owner = getattr(fr.func, "owner", None)
    if fr.self_mod is None or owner is None or getattr(fr.self_mod.obj, "cls", None) is None:
        return UNK
    try:
        ok, v, where = run.f.interp.classes.mro_attr(fr.self_mod.obj.cls, name, after=owner)
    except Exception:  # noqa: BLE001
        return UNK
    from driftcheck.parsers.source.values.abstract import Ext, Func

    if ok and isinstance(v, Func):
        return UserFunc(v, fr.self_mod)
    if (
        name == "forward"
        and isinstance(where, Ext)
        and where.qual.startswith("torch.nn.")
        and getattr(fr.self_mod.obj, "qual", None)
    ):
        return TorchForward(fr.self_mod)
    return UNK


_arg = arg  # ``dataflow_common.arg``, under the name this module's code reads


# ---------------------------------------------------------------------- torch.* functions
def _top_k(run: Any, k: Any, fr: Any, at: Any) -> None:
    """``topk(x, k)`` in ``forward``: the k a router keeps (MoE top-k) where the module
    holds it under no fact's name (``self.k = cfg["top_k"]``). Kept as a ``topK`` use; the
    matcher reads it as ``numExpertsPerTok`` only on a side with experts."""
    from driftcheck.parsers.source.speed.symbolic import plain_hole

    k = plain_hole(k)
    if isinstance(k, bool) or not isinstance(k, int) or k <= 0 or at is None:
        return
    path, line = fr.loc(at)
    owner = getattr(fr.func, "owner", None)
    name = getattr(fr.func, "name", None) or "<module>"
    via = f"{owner.name}.{name}" if owner is not None else name
    run.f.interp.value_uses.setdefault(
        ("topK", k, path, line), ("topK", k, (path, line, None), via)
    )


def _splat(at: Any, f: Any = None) -> bool:
    """The call passes ``*seq`` or ``**kw`` (arguments the pass may not see): not where every
    splat was spread whole at this evaluation (``dataflow_fix38b.seen_whole``, pass ``f``)."""
    if not isinstance(at, ast.Call):
        return True
    if not (
        any(isinstance(a, ast.Starred) for a in at.args) or any(k.arg is None for k in at.keywords)
    ):
        return False
    from driftcheck.parsers.source.forward import dataflow_fix38b

    return not dataflow_fix38b.seen_whole(f, at)


def call_torch(run: Any, q: str, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    """``torch.<...>(*args, **kwargs)``: its result. One that writes a tensor in place
    (``torch.clamp_(t)``, ``nn.init.zeros_(t)``, ``out=t``, ``F.relu(t, inplace=True)``) puts
    every tensor's known values in doubt after it (``dataflow_checks.wrote``). numpy's
    ``axis=`` / ``keepdims=`` are read as torch reads them (``numpy_aliases``)."""
    kwargs = numpy_aliases(kwargs, q=q)
    err = (
        numpy_keyword_error(kwargs, q=q)
        or missing_dim_error(len(args) - 1 if args else 0, kwargs, at, q=q)
        or dataflow_argtypes.torch_error(run.f, q, args, kwargs, at)
        or dataflow_modargs.torch_error(run.f, q, args, kwargs)  # ``F.linear(h, self.emb)``
        or dataflow_keywords.torch_error(run.f, q, kwargs)  # ``F.softmax(x, dims=-1)``
    )
    if err is None and run.f.input_shape is not None:
        err = dataflow_floats.int_arg_error(args, kwargs, q=q)  # ``F.pad(x, (k / 2, 0))``
        if err is None:
            from driftcheck.parsers.source.forward import dataflow_misuse

            err = dataflow_misuse.numpy_function(q)  # ``torch.expand_dims(x, 1)``
            err = err or dataflow_misuse.missing_function(q)  # ``torch.symeig(a)``
            err = err or dataflow_misuse.mode_error(q, args, kwargs)  # ``F.pad(mode="same")``
            if err is None and not _splat(at, run.f):
                from driftcheck.parsers.source.forward import dataflow_fix29b

                err = dataflow_fix29b.torch_error(run.f, q, args, kwargs)  # ``torch.vander``
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix26b

                err = dataflow_fix26b.torch_error(run.f, q, args, kwargs)  # ``index_add``
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix27

                err = dataflow_fix27.torch_error(run.f, q, args, kwargs)  # ``F.embedding``
            if err is None and not _splat(at, run.f):
                from driftcheck.parsers.source.forward import dataflow_fix27b

                err = dataflow_fix27b.torch_error(run.f, q, args, kwargs)  # ``torch.sum(list)``
            if err is None and not _splat(at, run.f):
                from driftcheck.parsers.source.forward import dataflow_fix29

                err = dataflow_fix29.torch_error(run.f, q, args, kwargs)  # ``torch.flip(x, 1)``
            if err is None and not _splat(at, run.f):
                from driftcheck.parsers.source.forward import dataflow_fix30

                err = dataflow_fix30.torch_error(run.f, q, args, kwargs)  # ``F.linear`` dtypes
            if err is None and not _splat(at, run.f):
                from driftcheck.parsers.source.forward import dataflow_fix31

                err = dataflow_fix31.torch_error(run.f, q, args, kwargs)  # ``F.embedding_bag``
            if err is None and not _splat(at, run.f):
                from driftcheck.parsers.source.forward import dataflow_fix32b

                err = dataflow_fix32b.torch_error(run.f, q, args, kwargs)  # ``torch.long(x)``
            if err is None and not _splat(at, run.f):
                from driftcheck.parsers.source.forward import dataflow_fix33b

                err = dataflow_fix33b.torch_error(run.f, q, args, kwargs)  # ``optim.Adam(eps=-1)``
        name = q.rsplit(".", 1)[-1]
        top = q.startswith("torch.nn.functional.") or q.count(".") == 1
        if err is None and top and args:
            from driftcheck.parsers.source.forward import dataflow_dtype_ops as dt_ops

            err = dt_ops.float_only_error(run.f, name, args[0], args[1:], kwargs)
            err = err or dt_ops.scatter_error(run.f, name, args[0], args[1:], kwargs)
            if err is None and name in dt_ops.MATMULS and len(args) >= 2:
                err = dt_ops.matmul_error(run.f, args[0], args[1])  # ``torch.mm(adj, h)``
            if err is None and name == "interpolate":
                err = dt_ops.interpolate_error(run.f, args[0], kwargs)
            if err is None and name == "one_hot" and q.startswith("torch.nn.functional."):
                err = dt_ops.one_hot_error(run.f, args[0])
        if err is None:
            from driftcheck.parsers.source.forward import dataflow_dtype_accept

            err = dataflow_dtype_accept.torch_call(run.f, q, args, kwargs)  # ``F.gelu(ids)``
        if err is None and q.startswith("torch.fft."):
            from driftcheck.parsers.source.forward import dataflow_fftargs

            err = dataflow_fftargs.error(q, args, kwargs)  # ``rfft(x, norm="unitary")``
        if err is None and q in ("torch.finfo", "torch.iinfo") and args:
            err = _info_error(run, q, args[0], at, fr)  # ``torch.finfo(ids.dtype)``
    if err is not None and at is not None:
        run.f.crash(fr.loc(at), err)
        return Tens(None)
    if q == "torch._assert" and run.f.input_shape is not None and isinstance(at, ast.Call):
        from driftcheck.parsers.source.forward import dataflow_fix25

        dataflow_fix25.torch_assert(run, at, fr)  # ``torch._assert(x.shape[1] == d, msg)``
    if q in ("torch.finfo", "torch.iinfo") and run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_fix25

        got = dataflow_fix25.info(run, q, args, kwargs, fr, at)  # ``torch.iinfo(t.dtype).bits``
        if got is not None:
            return got
    if q == "torch.func.stack_module_state":
        stacked = dataflow_argtypes.stack_module_state(run, args, kwargs)
        if stacked is not None:
            return stacked
    if q == "torch.Size":
        size = dataflow_argtypes.torch_size(run.f, args, kwargs)
        if size is not None:
            return size
    out = _call_torch(run, q, args, kwargs, fr, at)
    if run.f.input_shape is not None and (q.startswith(("torch.optim.", "torch.utils.data."))):
        from driftcheck.parsers.source.forward import dataflow_fix33b

        out = dataflow_fix33b.torch_result(run.f, q, args, kwargs, out)  # optimizer, loader
    if run.f.input_shape is not None and q in (
        "torch.nn.functional.embedding_bag",
        "torch.take_along_dim",
    ):
        from driftcheck.parsers.source.forward import dataflow_fix31

        out = dataflow_fix31.torch_result(run.f, q, args, kwargs, out) or out  # (B, E)
    if run.f.input_shape is not None and q.startswith("torch.distributions."):
        from driftcheck.parsers.source.forward import dataflow_fix27b

        out = dataflow_fix27b.dist_built(run.f, q, args, kwargs)[1] or out  # ``Normal(mu, s)``
        from driftcheck.parsers.source.forward import dataflow_fix32

        out = dataflow_fix32.dist_value(q, out)  # ``Poisson(rate)``: a distribution all the same
    name = q.rsplit(".", 1)[-1]
    if run.f.input_shape is not None and q in _LINEAR_FNS:
        from driftcheck.parsers.source.forward import dataflow_fix26

        dataflow_fix26.linear_dtype(run.f, name, args, kwargs, out)  # ``F.linear(x, w)``
    if run.f.input_shape is not None and not q.startswith("torch.nn."):
        from driftcheck.parsers.source.forward import dataflow_dtype_ops

        dataflow_dtype_ops.after_torch(run.f, name, args, kwargs, out)
        from driftcheck.parsers.source.forward import dataflow_fix27b

        dataflow_fix27b.after_torch(run.f, q, args, kwargs, out)  # ``torch.meshgrid``
        from driftcheck.parsers.source.forward import dataflow_dtype_accept

        dataflow_dtype_accept.after_torch(run.f, q, args, kwargs, out)  # ``torch.fft.rfft``
        from driftcheck.parsers.source.forward import dataflow_fix25

        dataflow_fix25.width_torch(run.f, q, args, kwargs, out)  # complex64 / complex128
        from driftcheck.parsers.source.forward import dataflow_strides

        if q == f"torch.{name}" and dataflow_strides.fresh(name, kwargs):
            dataflow_strides.made_contiguous(run.f, out)  # ``torch.zeros(B, T, C)``
    if run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_fix30

        dataflow_fix30.after_torch(run.f, q, out)  # ``F.log_softmax``: every value <= 0
        from driftcheck.parsers.source.forward import dataflow_fix31

        dataflow_fix31.fn_output(run.f, q, args, kwargs, out)  # ``F.batch_norm``: x's dtype
    if run.f.input_shape is not None and q.startswith("torch.nn.functional.") and args:
        from driftcheck.parsers.source.forward import dataflow_fix25b

        if isinstance(args[0], Tens) and out is not args[0]:
            dataflow_fix25b.after_method(run.f, args[0], name, args[1:], kwargs, out)  # F.relu
    if (
        (name.endswith("_") and not name.endswith("__"))
        or kwargs.get("out") is not None
        or kwargs.get("inplace") is True
    ):
        from driftcheck.parsers.source.forward import dataflow_checks

        dataflow_checks.wrote(run.f)
    return out


def _call_torch(run: Any, q: str, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    name = q.rsplit(".", 1)[-1]
    if run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_bounds, dataflow_ranks

        loc0 = fr.loc(at) if at is not None else None
        dataflow_ranks.torch_fn(run, q, name, args, kwargs, loc0)
        from driftcheck.parsers.source.forward import dataflow_argvals

        dataflow_argvals.torch_fn(run.f, q, name, args, kwargs, loc0)
        if not (args and isinstance(args[0], Tens)):
            got = dataflow_bounds.torch_fn(run.f, name, args, kwargs, loc0)
            if got is not None:
                return got
    if name == "topk":
        _top_k(run, _arg(args, kwargs, 1, "k"), fr, at)
    if q.endswith("functional.linear") and not run.f.speculative:
        w = _arg(args, kwargs, 1, "weight")
        table = run.f.table_weights.get(id(w)) if isinstance(w, Tens) else None
        if table is not None and table[1] is w:
            run.f.table_heads.add(table[0])  # ``F.linear(h, self.embed.weight)``: the
            # output head is the table itself (tied), on a path forward surely runs
    if name == "pack_padded_sequence" and run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_args

        before = len(run.f.crashes)
        overlong = dataflow_args.pack_padded(run, args, kwargs, fr.loc(at))
        if len(run.f.crashes) == before:
            from driftcheck.parsers.source.forward import dataflow_packed

            got = dataflow_packed.packed(run.f, args, kwargs, overlong)
            if got is not None:
                return got
    if name == "pad_packed_sequence" and run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_packed

        before = len(run.f.crashes)
        dataflow_packed.pad_packed(run.f, args, kwargs, fr.loc(at))
        if len(run.f.crashes) == before:
            from driftcheck.parsers.source.forward import dataflow_fix28

            got = dataflow_fix28.pad_packed(run.f, args, kwargs)  # ``(padded, lengths)``
            if got is not None:
                return got
    if name == "generate_square_subsequent_mask":
        from driftcheck.parsers.source.forward import dataflow_masks

        got = dataflow_masks.square_mask(run, args, kwargs)
        if got is not None:
            return got
    if q.startswith("torch.nn.") and not q.startswith("torch.nn.functional."):
        if run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_axes

            dataflow_axes.layer_ctor(run.f, q, args, kwargs, fr.loc(at))
            from driftcheck.parsers.source.forward import dataflow_ctors

            got = dataflow_ctors.built(run, q, args, kwargs, fr.loc(at))
            if got is not None:
                return got
            from driftcheck.parsers.source.forward import dataflow_matrix

            dataflow_matrix.init_call(run.f, q, args, kwargs, fr.loc(at))  # ``dirac_(w2d)``
        return UNK  # nn.init.*, building a layer inside forward: no dataflow we can follow
    if run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_cover23

        got = dataflow_cover23.torch_fn(run, q, name, args, kwargs, fr.loc(at))  # ``F.fold``
        if got is not None:
            return got
        if name == "broadcast_tensors":
            from driftcheck.parsers.source.forward import dataflow_cover23b

            got = dataflow_cover23b.broadcast_tensors(args, kwargs)
            if got is not None:
                return got
        if q.endswith("functional.embedding_bag"):
            from driftcheck.parsers.source.forward import dataflow_cover23b

            err = dataflow_cover23b.embedding_bag_error(args, kwargs)
            if err is not None:
                run.f.crash(fr.loc(at), err)
                return Tens(None)
    if name in ("cat", "concat", "concatenate", "stack"):
        seq = _arg(args, kwargs, 0, "tensors", ())
        dim = _arg(args, kwargs, 1, "dim", 0)
        if run.f.input_shape is not None and isinstance(seq, (list, tuple)) and not seq:
            from driftcheck.parsers.source.forward import dataflow_axes

            dataflow_axes.empty_join(run.f, name, seq, fr.loc(at))
        if not isinstance(seq, (list, tuple)) or not seq or not is_int(dim):
            return Tens(None)
        if not all(isinstance(t, Tens) for t in seq):
            from driftcheck.parsers.source.forward import dataflow_checks

            dataflow_checks.cat_items(run, seq, fr.loc(at))
            return Tens(None)
        kind = "Stack" if name == "stack" else "Concat"
        out = run.f.add_op(kind, {"dim": dim}, list(seq), fr.parent, fr.loc(at))
        if run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_ranks

            dataflow_ranks.joined(run.f, seq, out)
        return out
    if name == "einsum" and args and isinstance(args[0], str):
        operands = list(args[1]) if len(args) == 2 and isinstance(args[1], list) else args[1:]
        if operands and all(isinstance(t, Tens) for t in operands):
            return run.f.add_op("Einsum", {"equation": args[0]}, operands, fr.parent, fr.loc(at))
        return Tens(None)
    if name == "scaled_dot_product_attention":
        qkv = [_arg(args, kwargs, i, n) for i, n in enumerate(("query", "key", "value"))]
        if all(isinstance(t, Tens) for t in qkv):
            if run.f.input_shape is not None:
                from driftcheck.parsers.source.forward import dataflow_masks

                mask = _arg(args, kwargs, 3, "attn_mask")
                dataflow_masks.sdpa_mask(run.f, qkv, mask, fr.loc(at))
                from driftcheck.parsers.source.forward import dataflow_fix25b

                dataflow_fix25b.sdpa_dtypes(run.f, qkv, fr.loc(at))  # ``q.double()``
            causal = kwargs.get("is_causal", False)
            params = {"is_causal": causal} if isinstance(causal, bool) else {}
            if "enable_gqa" in kwargs or len(args) > 7:  # None: not statically known
                gqa = _arg(args, kwargs, 7, "enable_gqa")
                params["enable_gqa"] = gqa if isinstance(gqa, bool) else None
            if "dropout_p" in kwargs or len(args) > 4:  # None: not statically known
                drop = _arg(args, kwargs, 4, "dropout_p")
                ok = isinstance(drop, int | float) and not isinstance(drop, bool)
                params["dropout_p"] = float(drop) if ok else None
            return run.f.add_op("ScaledDotProductAttention", params, qkv, fr.parent, fr.loc(at))
        return Tens(None)
    if name == "addmm":  # GPT-2's Conv1D: bias + x @ W, written as the two ops it is
        b, m1, m2 = (_arg(args, kwargs, i, n) for i, n in enumerate(("input", "mat1", "mat2")))
        if not all(isinstance(v, Tens) for v in (b, m1, m2)):
            return Tens(None)
        prod = run.f.add_op("MatMul", {}, [m1, m2], fr.parent, fr.loc(at))
        return run.f.add_op("Add", {}, [prod, b], fr.parent, fr.loc(at))
    if q.endswith("functional.unfold"):  # im2col (``Tensor.unfold(dim, size, step)`` differs)
        x = _arg(args, kwargs, 0, "input")
        params = {}
        for i, n in enumerate(("kernel_size", "dilation", "padding", "stride")):
            v = _arg(args, kwargs, i + 1, n)
            v = tuple(v) if isinstance(v, list) else v
            if v is not None and (not isinstance(v, (int, tuple)) or isinstance(v, bool)):
                return Tens(None)
            if v is not None:
                params[n] = v
        if not isinstance(x, Tens) or "kernel_size" not in params:
            return Tens(None)
        return run.f.add_op("Unfold", params, [x], fr.parent, fr.loc(at))
    if run.f.input_shape is not None and q.endswith("linalg.solve"):
        from driftcheck.parsers.source.forward import dataflow_axes

        got = dataflow_axes.solve(run, args, kwargs, fr.loc(at))
        return got if got is not None else Tens(None)
    if run.f.input_shape is not None and name in WINDOWS:
        from driftcheck.parsers.source.forward import dataflow_axes

        return dataflow_axes.window(args, kwargs)
    if name == "sparse_coo_tensor" and run.f.input_shape is not None:
        return _sparse_coo(args, kwargs)
    if name in CREATE:
        if run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_checks
            from driftcheck.parsers.source.forward import dataflow_concrete as concrete_ops

            out = concrete_ops.created(name, args, kwargs)
            out = dataflow_checks.created(run.f, name, args, kwargs, out)
            from driftcheck.parsers.source.forward import dataflow_more23

            dataflow_more23.created(run.f, name, args, kwargs, out)  # ``torch.tensor(0)``
            from driftcheck.parsers.source.forward import dataflow_fix28

            dataflow_fix28.randint_made(run.f, name, kwargs, out)  # int64
            from driftcheck.parsers.source.forward import dataflow_fix29b

            dataflow_fix29b.full_made(run.f, name, args, kwargs, out)  # ``full(s, 3)``: int64
            from driftcheck.parsers.source.forward import dataflow_fix30

            dataflow_fix30.factory_made(run.f, name, kwargs, out)  # ``torch.eye(n)``: float32
            if name == "arange":
                from driftcheck.parsers.source.forward import dataflow_known

                dataflow_known.arange(run.f, args, kwargs, out)
            elif name in ("full", "zeros", "ones", "tensor", "as_tensor"):
                from driftcheck.parsers.source.forward import dataflow_known

                dataflow_known.filled(run.f, name, args, kwargs, out)
                from driftcheck.parsers.source.forward import dataflow_fix25b

                dataflow_fix25b.float_filled(run.f, name, kwargs, out)  # ``torch.ones(n, n)``
            elif name in ("triu_indices", "tril_indices"):
                from driftcheck.parsers.source.forward import dataflow_known

                dataflow_known.tri_indices(run.f, name, args, kwargs, out)
            return out
        return Tens(None)
    if run.f.input_shape is not None and name in ("view_as_complex", "view_as_real"):
        from driftcheck.parsers.source.forward import dataflow_checks

        return dataflow_checks.complex_view(run, name, _arg(args, kwargs, 0, "input"), fr.loc(at))
    if run.f.input_shape is not None and name in ("one_hot", "conv1d", "conv2d", "conv3d"):
        from driftcheck.parsers.source.forward import dataflow_checks

        if name == "one_hot":
            return dataflow_checks.one_hot(run, args, kwargs, fr.loc(at))
        x = args[0] if args else kwargs.get("input")
        got = dataflow_checks.conv_functional(run, name, x, args[1:], kwargs, fr.loc(at))
        if got is not None:
            return got
    if run.f.input_shape is not None and (
        q.startswith("torch.fft.")
        or name in ("affine_grid", "grid_sample", "interpolate", "meshgrid", "stft")
    ):
        from driftcheck.parsers.source.forward import dataflow_args

        got = dataflow_args.call(run, q, name, args, kwargs, fr.loc(at))
        if got is not None:
            return got
    x = args[0] if args else kwargs.get("input")
    if isinstance(x, Tens):
        return method(run, x, name, args[1:], kwargs, fr, at)
    return Tens(None) if any(isinstance(a, Tens) for a in args) else UNK


def _info_error(run: Any, q: str, arg: Any, at: Any, fr: Any) -> str | None:
    """``torch.finfo`` of an integer or bool dtype, ``torch.iinfo`` of a floating or complex
    one: torch's TypeError. The dtype is a literal (``torch.long``) or ``<name>.dtype`` of a
    tensor whose dtype the pass knows."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.forward.dataflow_params import _names

    dt = dataflow_checks.dtype_name(arg)
    node = at.args[0] if isinstance(at, ast.Call) and len(at.args) == 1 else None
    if dt is None and isinstance(node, ast.Attribute) and node.attr == "dtype":
        if _names(node.value):  # read again: a name or attribute chain has no effect
            dt = dataflow_checks.fact(run.f, run.eval(node.value, fr), "dtype")
    ints = (dataflow_checks.INT, dataflow_checks.UINT8, "bool")
    if q == "torch.finfo" and dt in ints:
        return (
            "TypeError: torch.finfo() requires a floating point input type. Use torch.iinfo "
            "to handle 'torch.finfo'"
        )
    if q == "torch.iinfo" and dt in (dataflow_checks.FLOAT, "float64", "complex"):
        return (
            "TypeError: torch.iinfo() requires an integer input type. Use torch.finfo to "
            "handle 'torch.iinfo'"
        )
    return None


# ---------------------------------------------------------------------- tensor methods
def method(run: Any, t: Tens, name: str, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    """``t.<name>(*args, **kwargs)`` (or ``torch.<name>(t, ...)``): its result; on real
    sizes the facts torch makes certain of the result (dtype, an expanded view) are added
    after it, and a tensor whose values are known keeps them through a reshaping method."""
    before = len(run.f.crashes)
    from driftcheck.parsers.source.forward import dataflow_fix27

    name, args = dataflow_fix27.alias(name, args, kwargs)  # ``x.absolute()``: ``x.abs()``
    out = _method(run, t, name, args, kwargs, fr, at)
    if run.f.input_shape is not None and isinstance(out, Tens) and out is not t:
        if out.shape is None and len(run.f.crashes) == before:
            from driftcheck.parsers.source.forward import dataflow_cover23b

            got = dataflow_cover23b.result(run.f, t, name, args, kwargs)  # ``F.softmin(x)``
            if got is None:
                from driftcheck.parsers.source.forward import dataflow_fix24

                got = dataflow_fix24.result(run.f, t, name, args, kwargs)  # ``F.nll_loss``
            if got is None:
                from driftcheck.parsers.source.forward import dataflow_fix25

                got = dataflow_fix25.result(run.f, t, name, args, kwargs)  # ``as_strided``
            out = out if got is None else got
    if name.endswith("_") and not name.endswith("__"):
        from driftcheck.parsers.source.forward import dataflow_checks

        dataflow_checks.wrote(run.f)  # ``t.clamp_()``: ``t``'s values (and its views') change
    if run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_known, dataflow_ranks

        dataflow_ranks.after_method(run.f, t, name, out)
        dataflow_known.method(run.f, t, name, args, kwargs, out)
        from driftcheck.parsers.source.forward import dataflow_more23

        dataflow_more23.after_method(run.f, t, name, args, kwargs, out)  # ``h.sum(0)``
        from driftcheck.parsers.source.forward import dataflow_fix24

        dataflow_fix24.after_method(run.f, t, name, args, kwargs, out)  # ``x.sigmoid()``
        dataflow_fix27.after_method(run.f, t, name, args, kwargs, out)  # ``new_zeros(dtype=)``
    return out


def _method(run: Any, t: Tens, name: str, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    f = run.f
    loc = fr.loc(at) if at is not None else None
    if name == "topk":
        _top_k(run, _arg(args, kwargs, 0, "k"), fr, at)
    if f.input_shape is not None:
        # linalg / losses judge their ops first (required arguments, matrix ranks, loss
        # shapes); ``dataflow_ranks`` then gives the result shapes of the ones that pass
        from driftcheck.parsers.source.forward import (
            dataflow_bounds,
            dataflow_linalg,
            dataflow_losses,
            dataflow_ranks,
        )

        got = dataflow_bounds.method(f, t, name, args, kwargs, loc)
        if got is None and name.startswith("index_fill"):
            from driftcheck.parsers.source.forward import dataflow_index_dtype

            got = dataflow_index_dtype.method(f, t, name, args, kwargs, loc)
        if got is None:
            got = dataflow_linalg.method(f, t, name, args, kwargs, loc, at)
        if got is None:
            from driftcheck.parsers.source.forward import dataflow_more23

            got = dataflow_more23.method(f, t, name, args, kwargs, loc)  # session 23's rules
        if got is None:
            from driftcheck.parsers.source.forward import dataflow_cover23

            got = dataflow_cover23.method(f, t, name, args, kwargs, loc)  # ``cover_table``
        if got is None:
            from driftcheck.parsers.source.forward import dataflow_fix25b

            got = dataflow_fix25b.method(f, t, name, args, kwargs, loc)  # session 25's rules
        if got is None:
            from driftcheck.parsers.source.forward import dataflow_fix27

            got = dataflow_fix27.method(f, t, name, args, kwargs, loc)  # ``diag_embed``
        if got is None:
            from driftcheck.parsers.source.forward import dataflow_fix28

            got = dataflow_fix28.method(f, t, name, args, kwargs, loc)  # ``F.bilinear``
        if got is None:
            got = dataflow_losses.method(f, t, name, args, kwargs, loc)
        if got is None:
            got = dataflow_ranks.method(run, t, name, args, kwargs, fr, loc)
        if got is not None:
            return got
    if name.endswith("_") and not name.endswith("__") and name[:-1] in (*ACT, *BINARY, *KEEP):
        name = name[:-1]  # in-place variants
    if name == "size":
        i = _arg(args, kwargs, 0, "dim")
        return t.dim(i) if is_int(i) else ShapeOf(t)
    if name in ("dim", "ndimension"):
        return len(t.shape) if t.shape is not None else UNK
    if name == "item" and f.input_shape is not None and not args and not kwargs:
        return NUM  # a Python number (its size was judged above): arithmetic keeps shapes
    if f.input_shape is not None and not args and not kwargs:
        from driftcheck.parsers.source.forward import dataflow_fix25

        got = dataflow_fix25.metadata(f, t, name, args, kwargs)  # ``x.numel()``: an int
        if got is not None:
            return got
    if name in ("numel", "item", "tolist", "any", "all", "data_ptr", "is_contiguous", "numpy"):
        return UNK  # ``numpy()``: an array, whose methods are numpy's (``a.transpose()``)
    if name in ACT:
        params: dict[str, Any] = {}
        approx = kwargs.get("approximate")
        if name == "gelu" and isinstance(approx, str):
            params["approximate"] = approx
        return f.add_op(ACT[name], params, [t], fr.parent, loc)
    if name in SOFTMAX:
        dim = _arg(args, kwargs, 0, "dim")
        return f.add_op(SOFTMAX[name], {"dim": dim} if is_int(dim) else {}, [t], fr.parent, loc)
    if f.input_shape is not None and name == "gather":
        from driftcheck.parsers.source.forward import dataflow_args

        got = dataflow_args.gather(run, t, args, kwargs, loc)
        if got is not None:
            return got
    if f.input_shape is not None and name.rstrip("_") in (
        "index_add",
        "scatter_add",
        "scatter",
        "scatter_reduce",
    ):
        from driftcheck.parsers.source.forward import dataflow_args

        crashes = len(f.crashes)
        if name.rstrip("_") in ("index_add", "scatter_add"):
            dataflow_args.index_add(run, t, name.rstrip("_"), args, kwargs, loc)
        if name.rstrip("_") in dataflow_args.SCATTERS and len(f.crashes) == crashes:
            dataflow_args.scatter_range(run, t, args, kwargs, loc)  # ``arange(n) % p`` indices
    shaped = name in SELF_SHAPED or (name.endswith("_") and name[:-1] in SELF_SHAPED)
    if f.input_shape is not None and t.src is None and shaped and concrete(t.shape):
        return Tens(None, t.shape)  # a shape-only tensor (``zeros_like(x).scatter(...)``)
    if f.input_shape is not None and name in ("where", "nonzero") and not args:
        as_tuple = kwargs.get("as_tuple", name == "where")
        if name == "where" or as_tuple is True:
            # ``torch.where(mask)``: one index vector per axis, as long as mask has true items
            # (known only on data); every vector the same length
            if t.shape is None:
                return UNK
            n = Sym(("nonzero", t.uid))
            from driftcheck.parsers.source.forward.dataflow_axes import IndexTuple

            return IndexTuple(Tens(None, (n,)) for _ in t.shape)
    if f.input_shape is not None and name == "where" and len(args) == 2:
        from driftcheck.parsers.source.forward import dataflow_dtypes

        if dataflow_dtypes.bool_mask(f, name, t, loc):
            return Tens(None)
        # ``torch.where(cond, x, y)``: the broadcast of all three (not cond's shape alone)
        ts = [a for a in args if isinstance(a, Tens)]
        if all(isinstance(a, (Tens, int, float)) and not isinstance(a, bool) for a in args):
            if not ts:
                return Tens(t.src, t.shape)
            return f.add_op("Where", {}, [t, ts[0], ts[-1]], fr.parent, loc)
        return Tens(None)
    if f.input_shape is not None and name in ("max", "min") and (args or "dim" in kwargs):
        from driftcheck.parsers.source.forward import dataflow_concrete as concrete_ops

        got = concrete_ops.max_min(run, t, name, args, kwargs, fr.parent, loc)
        if got is not None:
            return got
    if f.input_shape is not None and name == "topk":
        # ``torch.topk(x, k, dim)``: (values, indices), values a TopK op (k must not exceed
        # the axis: MoE routing with ``top_k > num_experts``), indices the same shape
        k, dim = _arg(args, kwargs, 0, "k"), _arg(args, kwargs, 1, "dim", -1)
        if is_int(k) and is_int(dim):
            from driftcheck.parsers.source.forward.dataflow_axes import NamedPair

            values = f.add_op("TopK", {"k": k, "dim": dim}, [t], fr.parent, loc)
            indices = Tens(None, values.shape)
            from driftcheck.parsers.source.forward import dataflow_partition

            dataflow_partition.topk_bounds(f, t, dim, indices)  # values in [0, n - 1]
            return NamedPair((values, indices))
        return (Tens(None), Tens(None))
    if f.input_shape is not None and name in ("layer_norm", "group_norm", "rms_norm"):
        from driftcheck.parsers.source.forward import dataflow_concrete as concrete_ops

        concrete_ops.norm_check(run, t, name, args, kwargs, loc)
    if f.input_shape is not None and name in METHODS_AXES:
        from driftcheck.parsers.source.forward import dataflow_axes

        got = dataflow_axes.method(run, t, name, args, kwargs, loc)
        if got is not None:
            return got
    if f.input_shape is not None and name in ("masked_fill", "repeat_interleave"):
        from driftcheck.parsers.source.forward import dataflow_concrete as concrete_ops

        if name == "masked_fill":
            from driftcheck.parsers.source.forward import dataflow_dtypes

            if dataflow_dtypes.bool_mask(f, name, _arg(args, kwargs, 0, "mask"), loc):
                return Tens(None)
            out = concrete_ops.masked_fill(run, t, _arg(args, kwargs, 0, "mask"), fr, loc)
        else:
            reps, dim = _arg(args, kwargs, 0, "repeats"), _arg(args, kwargs, 1, "dim")
            out = concrete_ops.repeat_interleave(run, t, reps, dim, fr, loc)
        if out is not None:
            return out
    if f.input_shape is not None and name in COMPARE and len(args) == 1:
        if isinstance(args[0], (int, float)):  # ``ids.eq(pad_id)``: the shape of ``ids``
            return Tens(t.src, t.shape)
    if f.input_shape is not None and name == "masked_select":
        from driftcheck.parsers.source.forward import dataflow_known

        got = dataflow_known.masked_select(f, t, _arg(args, kwargs, 0, "mask"))
        if got is not None:
            return got
    if f.input_shape is not None and name == "index_select":
        from driftcheck.parsers.source.forward import dataflow_checks

        got = dataflow_checks.index_select(run, t, args, kwargs, loc)
        if got is not None:
            return got
    if name in KEEP:
        if f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_checks

            out = dataflow_checks.cast(f, name, Tens(t.src, t.shape))
            if name in ("double", "float", "half", "bfloat16") and not args and not kwargs:
                from driftcheck.parsers.source.forward import dataflow_fix25b

                dataflow_fix25b.give_exact(f, out, dataflow_fix25b.CASTS[name])
            return out
        return Tens(t.src, t.shape)
    if name in BINARY:
        other = _arg(args, kwargs, 0, "other")
        if isinstance(other, Tens):
            return f.add_op(BINARY[name], {}, [t, other], fr.parent, loc)
        return Tens(t.src, t.shape) if isinstance(other, (int, float)) else Tens(None)
    if name in ("view", "reshape"):
        return reshape(run, t, "View" if name == "view" else "Reshape", args, fr, loc)
    if name == "flatten":
        a, b = _arg(args, kwargs, 0, "start_dim", 0), _arg(args, kwargs, 1, "end_dim", -1)
        if is_int(a) and is_int(b):
            return f.add_op("Flatten", {"start_dim": a, "end_dim": b}, [t], fr.parent, loc)
        return Tens(None)
    if name == "unflatten":
        # ``q_proj(x).unflatten(-1, (heads, head_dim))``: the op itself, an axis counted
        # from the front where the input's rank is known (as a view's unflatten is)
        d, sizes = _arg(args, kwargs, 0, "dim"), _arg(args, kwargs, 1, "sizes")
        sizes = int_args([sizes]) if isinstance(sizes, (list, tuple)) else None
        if is_int(d) and sizes and all(is_int(x) for x in sizes) and sizes.count(-1) <= 1:
            if d < 0 and t.shape is not None and len(t.shape) >= -d:
                d += len(t.shape)
            size = tuple(sizes)
            return f.add_op("Unflatten", {"dim": d, "unflattened_size": size}, [t], fr.parent, loc)
        return Tens(None)
    if name == "t" and not args and f.input_shape is not None and concrete(t.shape):
        if len(t.shape) < 2:  # ``x.t()`` of a 1-D tensor is itself
            return Tens(t.src, t.shape)
        if len(t.shape) == 2:
            return f.add_op("Transpose", {"dim0": 0, "dim1": 1}, [t], fr.parent, loc)
        f.crash(loc, f"t() expects a tensor with <= 2 dimensions, got {list(t.shape)}")
        return Tens(None)
    if name in ("transpose", "swapaxes"):
        a, b = _arg(args, kwargs, 0, "dim0"), _arg(args, kwargs, 1, "dim1")
        if is_int(a) and is_int(b):
            return f.add_op("Transpose", {"dim0": a, "dim1": b}, [t], fr.parent, loc)
        return Tens(None)
    if name in ("movedim", "moveaxis") and t.shape is not None:
        # ``x.movedim(2, 1)`` with one int source and destination, the rank known: the
        # permutation that moves that axis (reimplfix39a: lost before, a fused q|k|v head
        # axis moved so and cut apart was read as the query heads)
        a, b = _arg(args, kwargs, 0, "source"), _arg(args, kwargs, 1, "destination")
        r = len(t.shape)
        if is_int(a) and is_int(b) and -r <= a < r and -r <= b < r:
            order = [i for i in range(r) if i != a % r]
            order.insert(b % r, a % r)
            return f.add_op("Permute", {"dims": tuple(order)}, [t], fr.parent, loc)
    if name == "permute":
        dims = int_args(args) or kwargs.get("dims")
        if isinstance(dims, (list, tuple)) and dims and all(is_int(d) for d in dims):
            return f.add_op("Permute", {"dims": tuple(dims)}, [t], fr.parent, loc)
        return Tens(None)
    if name in ("unsqueeze", "squeeze"):
        d = _arg(args, kwargs, 0, "dim")
        if is_int(d):
            return f.add_op(name.capitalize(), {"dim": d}, [t], fr.parent, loc)
        if name == "squeeze" and d is None:
            return f.add_op("Squeeze", {}, [t], fr.parent, loc)
        if name == "squeeze" and isinstance(d, tuple | list) and all(is_int(v) for v in d):
            return f.add_op("Squeeze", {"dim": tuple(d)}, [t], fr.parent, loc)  # torch >= 2.0
        return Tens(None)
    if f.input_shape is not None and name in ("std", "var"):
        from driftcheck.parsers.source.forward import dataflow_masks

        got = dataflow_masks.stat_reduce(t, args, kwargs)
        if got is not None:
            return got
    if name in REDUCE:
        d, keep = _arg(args, kwargs, 0, "dim"), _arg(args, kwargs, 1, "keepdim", False)
        if (d is None or is_int(d) or isinstance(d, tuple)) and isinstance(keep, bool):
            p = {"dim": d, "keepdim": keep} if d is not None else {"keepdim": keep}
            return f.add_op(REDUCE[name], p, [t], fr.parent, loc)
        return Tens(None)
    if name in ("chunk", "split", "unbind", "tensor_split"):
        return pieces(run, t, name, args, kwargs, fr, loc)
    if f.input_shape is not None and name == "expand_as" and len(args) + len(kwargs) == 1:
        # ``t.expand_as(o)`` is ``t.expand(o.size())``: on real sizes ``o``'s shape is known
        shape = known_shape(_arg(args, kwargs, 0, "other"))
        if shape is None:
            return Tens(None)
        name, args, kwargs = "expand", list(shape), {}
    if name == "expand" and int_args(args) and not all(is_int(s) for s in int_args(args)):
        sizes = expand_sizes(t.shape, int_args(args))
        if sizes is None:  # ``cls.expand(x.size(0), -1, -1)``: sized by another tensor
            return sized_by(run, t, "ExpandFrom", "sizes", int_args(args), fr, loc)
        out = f.add_op("Expand", {"sizes": sizes}, [t], fr.parent, loc)
        if out.src is not None:
            out.shape = tuple(int_args(args))
            f.note_shape(out)
        return out
    if name == "repeat" and not args and not kwargs and concrete(t.shape):
        f.crash(loc, "TypeError: repeat() missing 1 required positional arguments: 'repeats'")
        return Tens(None)
    if name in ("expand", "repeat"):
        sizes = int_args(args)
        if sizes and all(is_int(s) for s in sizes):
            kind, key = ("Expand", "sizes") if name == "expand" else ("Repeat", "repeats")
            return f.add_op(kind, {key: tuple(sizes)}, [t], fr.parent, loc)
        return Tens(None)
    if name in FUNCTIONAL:
        kind, names = FUNCTIONAL[name]
        params = {}
        for i, n in enumerate(names):
            v = _arg(args, kwargs, i, n)
            if v is not None:
                if isinstance(v, list):
                    v = tuple(v)
                if not isinstance(v, (int, float, str, tuple)) or isinstance(v, bool):
                    return Tens(None)
                params[n] = v
        if name == "avg_pool2d":
            # ``divisor_override`` (after ceil_mode, count_include_pad): 0 raises at the call
            div = _arg(args, kwargs, 5, "divisor_override")
            if is_int(div):
                params["divisor_override"] = div
        if "max_pool" in name:
            # ``return_indices`` (position 2 of the adaptive pools, 6 of the others): the
            # result is the pair ``(values, indices)``, not a tensor (session 28)
            from driftcheck.parsers.source.forward import dataflow_fix28

            ri = _arg(args, kwargs, 1 if name.startswith("adaptive") else 5, "return_indices")
            if ri is not None and ri is not False:
                return dataflow_fix28.pool_pair(ri, f.add_op(kind, params, [t], fr.parent, loc))
        return f.add_op(kind, params, [t], fr.parent, loc)
    return Tens(None)  # an op we do not model: the producer is unknown from here


def _last_piece(shape: Any, dim: int, n: int, step: int, count: int) -> tuple | None:
    """The shape of the last piece of ``n`` cut in ``step``s when it is shorter (None when
    every piece has the same shape)."""
    rest = n - step * (count - 1)
    if not count or rest == step:
        return None
    out = list(shape)
    out[dim] = rest
    return tuple(out)


def pieces(run: Any, t: Tens, name: str, args: list, kwargs: dict, fr: Any, loc: Any) -> Any:
    from driftcheck.parsers.source.forward.dataflow_ops import Pieces

    f = run.f
    dim = _arg(args, kwargs, 1, "dim", 0) if name != "unbind" else _arg(args, kwargs, 0, "dim", 0)
    if not is_int(dim):
        return Tens(None)
    if name == "unbind":
        return Pieces(f.add_op("Unbind", {"dim": dim}, [t], fr.parent, loc))
    size = _arg(args, kwargs, 0, "split_size_or_sections" if name == "split" else "chunks")
    if name == "split" and size is None:
        size = _arg(args, kwargs, 0, "split_size")
    n_along = None  # on real sizes, the length being cut
    if f.input_shape is not None and concrete(t.shape) and -len(t.shape) <= dim < len(t.shape):
        n_along = t.shape[dim]
    if name == "chunk" and is_int(size):
        count, last = None, None
        if n_along is not None and size > 0:  # torch: ceil(n / ceil(n / chunks)) pieces
            step = -(-n_along // size)
            count = -(-n_along // step) if step else 0
            last = _last_piece(t.shape, dim, n_along, step, count)
        out = f.add_op("Chunk", {"chunks": size, "dim": dim}, [t], fr.parent, loc)
        return Pieces(out, count, loc, last)
    if (
        name == "split"
        and is_int(size)
        and n_along is not None
        and (size < 0 or size == 0 < n_along)
    ):
        # torch's checks: ``T // n_chunks`` is 0 on a short input
        if size < 0:
            f.crash(loc, f"split expects split_size be non-negative, but got split_size={size}")
        else:
            f.crash(
                loc,
                "split_size can only be 0 if dimension size is 0, but got dimension size of "
                f"{n_along}",
            )
        return Tens(None)
    if name == "split" and is_int(size):
        p = {"split_size_or_sections": size, "dim": dim}
        count = -(-n_along // size) if n_along is not None and size > 0 else None
        last = _last_piece(t.shape, dim, n_along, size, count) if count else None
        return Pieces(f.add_op("Split", p, [t], fr.parent, loc), count, loc, last)
    if name == "tensor_split" and n_along is not None:
        n = _arg(args, kwargs, 0, "indices_or_sections")
        if n is None:
            n = _arg(args, kwargs, 0, "sections")
        if is_int(n) and n > 0:
            # n pieces, the first ``n_along % n`` one longer (torch.tensor_split's rule)
            base, extra = divmod(n_along, n)
            shapes = []
            for i in range(n):
                s = list(t.shape)
                s[dim] = base + (1 if i < extra else 0)
                shapes.append(tuple(s))
            return Pieces(Tens(None, shapes[0]), n, loc, None, tuple(shapes))
    if name == "split" and isinstance(size, (list, tuple)) and all(is_int(s) for s in size):
        if n_along is not None and sum(size) != n_along:
            f.crash(loc, f"split sizes {list(size)} do not sum to {n_along} (dim {dim})")
            return tuple(Tens(None) for _ in size)
        out, start = [], 0
        for s in size:  # unequal sections: one exact Narrow per piece
            p = {"dim": dim, "start": start, "length": s}
            out.append(f.add_op("Narrow", p, [t], fr.parent, loc))
            start += s
        return tuple(out)
    return Tens(None)


def index(run: Any, t: Tens, key: Any, fr: Any, at: Any) -> Tens:
    """``x[:, 0]``, ``x[..., :8]``, ``x[:, None]``: Select / Slice / Unsqueeze chains."""
    f = run.f
    loc = fr.loc(at)
    items = list(key) if isinstance(key, tuple) else [key]
    if f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_ranks

        if dataflow_ranks.too_many_indices(f, t, items, loc):
            return Tens(None)
    if f.input_shape is not None and any(i is Ellipsis for i in items):
        # on real sizes ``...`` stands for the axes the other items do not name (a trailing
        # ``None`` in ``x[..., None]`` is an unsqueeze at the end, not dropped)
        items = dataflow_argtypes.trailing_ellipses(items)  # ``g[..., None, ...]``
        if t.shape is None or sum(i is Ellipsis for i in items) > 1:
            return Tens(None)
        pos = items.index(Ellipsis)
        named = sum(1 for i in items if i is not None and i is not Ellipsis)
        items = items[:pos] + [slice(None)] * max(len(t.shape) - named, 0) + items[pos + 1 :]
    if any(i is Ellipsis for i in items):
        pos = items.index(Ellipsis)
        after = [i for i in items[pos + 1 :] if i is not None]
        if not after:
            items = items[:pos]
        elif t.shape is None:
            return Tens(None)
        else:
            before = [i for i in items[:pos] if i is not None]
            fill = len(t.shape) - len(before) - len(after)
            items = items[:pos] + [slice(None)] * max(fill, 0) + items[pos + 1 :]
    if f.input_shape is not None and any(isinstance(i, list) for i in items):
        from driftcheck.parsers.source.forward import dataflow_known

        # ``x[:, [0, 8]]``: a list of ints is an index tensor (a bare list key of lists is
        # read by torch as a tuple of indices, deprecated: not judged)
        flat = not isinstance(key, list) or all(type(i) is int for i in key)
        if flat and dataflow_known.index_range(f, t, items, loc):
            return Tens(None)
    if f.input_shape is not None and any(isinstance(i, Tens) for i in items):
        from driftcheck.parsers.source.forward import dataflow_known, dataflow_ranks

        if dataflow_known.index_range(f, t, items, loc):
            return Tens(None)
        got = dataflow_ranks.tensor_index(f, t, items, loc)
        return got if got is not None else gather(t, items, f)
    cur, dim = t, 0
    for it in items:
        if it is None:
            cur = f.add_op("Unsqueeze", {"dim": dim}, [cur], fr.parent, loc)
            dim += 1
        elif is_int(it):
            cur = f.add_op("Select", {"dim": dim, "index": it}, [cur], fr.parent, loc)
        elif isinstance(it, slice):
            parts = (it.start, it.stop, it.step)
            if all(p is None for p in parts):
                dim += 1
                continue
            if not all(p is None or is_int(p) for p in parts):
                return Tens(None)
            if it.step is not None and it.step <= 0 and concrete(t.shape):
                # torch's tensor indexing takes no step of 0 or below (ValueError), whatever
                # the sizes; judged on a tensor of known shape only (a value the pass holds
                # as a tensor of unknown shape may be a list, which ``[::-1]`` reverses)
                f.crash(
                    loc,
                    "ValueError: slice step cannot be zero"
                    if it.step == 0
                    else "ValueError: step must be greater than zero",
                )
                return Tens(None)
            p = {"dim": dim, "start": it.start, "end": it.stop, "step": it.step or 1}
            cur = f.add_op("Slice", p, [cur], fr.parent, loc)
            dim += 1
        else:
            return Tens(None)
        if cur.src is None and cur.shape is None:  # a shape-only tensor (real sizes) goes on
            return cur
    return cur if cur is not t else Tens(t.src, t.shape)


def _sparse_coo(args: list, kwargs: dict) -> Tens:
    """``torch.sparse_coo_tensor(indices, values, size)`` on real sizes: a tensor of that
    size (a shape-only tensor; the ops after it are judged as on a dense one, whose size
    checks torch's sparse kernels make as well: ``torch.sparse.mm(adj, h)``). Only the plain
    form (``(sparse_dim, nnz)`` indices, 1-D values, ``len(size) == sparse_dim``): torch does
    not check the indices against the size when it builds the tensor."""
    ix, vals = _arg(args, kwargs, 0, "indices"), _arg(args, kwargs, 1, "values")
    size = _arg(args, kwargs, 2, "size")
    if isinstance(size, ShapeOf):
        size = size.t.shape
    ixs = known_shape(ix) or (ix.shape if isinstance(ix, Tens) else None)
    vs = known_shape(vals) or (vals.shape if isinstance(vals, Tens) else None)
    if not isinstance(size, (tuple, list)) or not all(is_int(d) and d >= 0 for d in size):
        return Tens(None)
    if not isinstance(ixs, tuple) or len(ixs) != 2 or not isinstance(vs, tuple) or len(vs) != 1:
        return Tens(None)
    if not is_int(ixs[0]) or ixs[0] != len(size) or ixs[1] != vs[0]:
        return Tens(None)
    return Tens(None, tuple(size))


def gather(t: Tens, items: list, f: Any = None) -> Tens:
    """``x[rows]``, ``w[rows, slot, None]`` on real sizes: 1-D index vectors side by side (one
    length, or the same unknown length from one ``torch.where``) pick that many entries of the
    axes they index; ``:`` keeps an axis, ``None`` adds one. The result is a shape-only tensor
    (no graph node); its picked size is unknown unless the vectors come from ``torch.where``,
    whose length they share, or are known to be signed integer tensors (``f``'s dtype facts: an
    integer index picks one entry per item, where a bool mask of that length picks a count
    known on data only). Any other form (a mask of several axes, vectors apart) is not
    followed."""
    if t.shape is None:
        return Tens(None)
    pos = [i for i, it in enumerate(items) if isinstance(it, Tens)]
    vecs = [items[i] for i in pos]
    if pos != list(range(pos[0], pos[-1] + 1)):
        return Tens(None)
    if any(v.shape is None or len(v.shape) != 1 for v in vecs):
        return Tens(None)
    n = vecs[0].shape[0]
    if any(v.shape[0] != n for v in vecs):
        return Tens(None)
    from driftcheck.parsers.source.forward import dataflow_checks

    ints = f is not None and all(
        dataflow_checks.fact(f, v, "dtype") == dataflow_checks.INT for v in vecs
    )
    if ints and is_int(n):
        pass  # integer indices: one entry each
    elif not (isinstance(n, Sym) and isinstance(n.key, tuple) and n.key[0] == "nonzero"):
        n = Sym(("gather", t.uid, id(vecs[0])))  # a bool mask picks an unknown count
    out: list = []
    axis = 0
    for i, it in enumerate(items):
        if it is None:
            out.append(1)
        elif isinstance(it, Tens):
            if i == pos[0]:
                out.append(n)
            axis += 1
        elif isinstance(it, slice) and it == slice(None):
            if axis >= len(t.shape):
                return Tens(None)
            out.append(t.shape[axis])
            axis += 1
        else:
            return Tens(None)
    if axis > len(t.shape):
        return Tens(None)
    return Tens(None, (*out, *t.shape[axis:]))
