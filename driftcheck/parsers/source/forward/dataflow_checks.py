"""Forward crashes on real sizes (``check --input-shape``) that are not a catalogue op's shape
rule: torch's own checks on dtypes, index values, tuple results and the arguments of a few
functional ops. Each rule is what torch raises, on facts the pass knows for certain:

- ``F.conv1d/2d/3d(x, weight, bias, groups=g)`` with a weight of known shape (a Parameter):
  ``x``'s channels must be ``weight.shape[1] * g`` and ``weight.shape[0]`` divisible by ``g``;
- ``t.index_select(dim, index)``: ``index`` must be a vector (0-D or 1-D);
- a tuple result (an LSTM / GRU / MultiheadAttention call, ``torch.max(x, dim)``) indexed by a
  tuple (``out[:, -1]``: TypeError) or put into ``torch.cat`` as if it were a tensor;
- the hidden state an RNN returns, ``(num_layers * directions, batch, hidden)``, so
  ``_, h = gru(x); fc(h[-1])`` is checked as a tensor of that shape;
- ``nn.MultiheadAttention``'s ``key_padding_mask`` must be ``(batch, source length)`` and a 2-D
  ``attn_mask`` ``(target length, source length)``;
- dtypes known at their source only (``Flow.value_facts``, keyed by the tensor object, never
  carried through another op): ``torch.linspace`` and true division ``/`` make floats,
  ``torch.arange`` on ints and ``F.one_hot`` make int64. An ``nn.Embedding`` fed floats, or a
  Linear / convolution fed ints, raises; ``nn.Embedding`` fed ``arange(n)`` with ``n`` above
  its table raises IndexError.

What is not known for certain (a value read from data, an unknown dtype, a tensor without a
known shape) gives no crash: the result is unknown, as before.
"""

from __future__ import annotations

import ast
import operator
from typing import Any

from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

FLOAT = "float"
INT = "int64"
# uint8 apart from the signed integers: torch indexes with it as a mask (``x[m]``) and takes it
# as ``torch.where``'s condition, as it does a bool tensor
UINT8 = "uint8"
# layers whose weight is floating point: an integer input is a dtype crash in torch
FLOAT_WEIGHT = {"Linear", "Conv1d", "Conv2d", "Conv3d", "Bilinear", "LazyLinear"}
RNN = {"LSTM", "GRU", "RNN"}
# graph ops whose result is one tensor for certain (unpacking it iterates axis 0); a layer
# node is not among them (``MaxPool2d(return_indices=True)`` returns a pair)
SINGLE_TENSOR = {
    "View", "Reshape", "Permute", "Transpose", "Unflatten", "Flatten", "Stack", "Concat",
    "Select", "Slice", "Unsqueeze", "Squeeze", "Expand", "Repeat", "MatMul", "BMM", "Einsum",
    "Add", "Sub", "Mul", "Div",
}  # fmt: skip


_is_int = is_int
_shape = known_shape


def _facts(f: Any) -> dict[int, dict]:
    return f.value_facts


# facts about a tensor's values (not its dtype or layout): an in-place write anywhere may change
# them (through a view or an alias), so each is kept with the ``Flow.tensor_writes`` count of
# when it was true (``STAMP``) and read only while that count holds
# ``fill``: the one float every item holds (``torch.full(size, 100.0)``; dataflow_known.filled)
# ``bounds``: inclusive bounds of every value (``check --input-range``; dataflow_fix26)
# ``nonpos``: every value is <= 0 or NaN (a ``log_softmax`` / ``logsigmoid`` result; dataflow_fix30)
# ``hasnan``: some value is NaN (``masked_fill(mask, nan)`` with a true item; dataflow_fix31b)
VALUE_FACTS = frozenset(
    {
        "array",
        "count",
        "values",
        "range",
        "fill",
        "bounds",
        "nonpos",
        "hasnan",
        "fix32_minmax",
        "fix34d_nonfinite",
    }
)
STAMP = "_writes"


def _stamped(f: Any, facts: dict, stamp: int | None) -> dict:
    if STAMP not in facts and not VALUE_FACTS.isdisjoint(facts):
        facts[STAMP] = f.tensor_writes if stamp is None else stamp
    return facts


def mark(f: Any, t: Any, stamp: int | None = None, **facts: Any) -> Any:
    """Remember what is certain about tensor ``t`` (its dtype, its value range). ``stamp``:
    the write count at which its values were true (default: now; 0 for values ``__init__``
    left, which hold only until forward's first write)."""
    if f.input_shape is not None and isinstance(t, Tens):
        # the tensor is kept so its id stays its own
        _facts(f)[id(t)] = (t, _stamped(f, facts, stamp))
    return t


def add_facts(f: Any, t: Any, replace: bool = True, stamp: int | None = None, **facts: Any) -> Any:
    """Add ``facts`` to what is known of tensor ``t``, keeping its other facts (``mark``
    replaces them all); with ``replace=False`` a fact ``t`` already has is kept."""
    if f.input_shape is None or not isinstance(t, Tens):
        return t
    got = _facts(f).get(id(t))
    old = dict(got[1]) if got is not None and got[0] is t else {}
    if replace and not VALUE_FACTS.isdisjoint(facts):
        old.pop(STAMP, None)  # new values: stamped now (or at ``stamp``)
    merged = {**old, **facts} if replace else {**facts, **old}
    _facts(f)[id(t)] = (t, _stamped(f, merged, stamp))
    return t


def fact(f: Any, t: Any, key: str) -> Any:
    """A fact of ``t``; a value fact only while no in-place write has happened since it was
    stamped (``VALUE_FACTS``)."""
    got = _facts(f).get(id(t)) if isinstance(t, Tens) else None
    if got is None or got[0] is not t:
        return None
    if key in VALUE_FACTS and got[1].get(STAMP) != f.tensor_writes:
        return None
    return got[1].get(key)


def wrote(f: Any) -> None:
    """An in-place tensor write (or code not followed that may make one): every tensor's
    known values are in doubt from here on."""
    f.tensor_writes += 1


# ---------------------------------------------------------------------- dtype sources
# ``INT`` is any integer dtype; the ``itype`` fact keeps torch's own word for it where a cast
# or a ``dtype=`` names it (``.int()`` is int32: torch's messages say 'Int', not 'Long')
_INT_WORDS = {"long": "Long", "int64": "Long", "int": "Int", "int32": "Int", "short": "Short",
              "int16": "Short", "int8": "Char"}  # fmt: skip
_WORD_DTYPES = {"Long": "int64", "Int": "int32", "Short": "int16", "Char": "int8"}


def int_word_of(v: Any) -> str | None:
    """torch's word ('Long', 'Int', 'Short', 'Char') for the integer dtype ``v`` names
    (``torch.int32``, the cast method's name ``"int"``), else None."""
    q = getattr(v, "qual", None) or (v if isinstance(v, str) else None)
    return _INT_WORDS.get(q.rsplit(".", 1)[-1]) if isinstance(q, str) else None


def int_word(f: Any, t: Any) -> str:
    """torch's word for integer tensor ``t``'s dtype in its messages: the ``itype`` a cast or a
    ``dtype=`` recorded, else 'Long' (int64: what argmax, arange, randint, ``.long()`` make)."""
    return fact(f, t, "itype") or "Long"


def int_dtype(word: str) -> str:
    """'Int' -> 'int32' (the dtype name a message shows beside torch's word)."""
    return _WORD_DTYPES.get(word, "int64")


def dtype_name(v: Any) -> str | None:
    """``torch.long`` / ``torch.float32`` as read by the interpreter: a qualified name."""
    q = getattr(v, "qual", None) or (v if isinstance(v, str) else None)
    if not isinstance(q, str):
        return None
    name = q.rsplit(".", 1)[-1]
    if name in ("long", "int64", "int", "int32", "int16", "int8", "short"):
        return INT
    if name in ("uint8", "byte"):
        return UINT8
    if name in ("float64", "double"):
        return "float64"  # kept apart from FLOAT (float16 / bfloat16 / float32), as ``cast`` does
    if name in ("float", "float32", "half", "float16", "bfloat16"):
        return FLOAT
    if name == "bool":
        return "bool"
    if name in ("complex64", "complex128", "cfloat", "cdouble"):
        return "complex"
    return None


def created(f: Any, name: str, args: list, kwargs: dict, out: Any) -> Any:
    """Facts of a tensor made by ``torch.<name>(...)``: ``linspace`` is float by default;
    ``arange`` on ints is int64 with values ``start .. end - step``."""
    if f.input_shape is None or not isinstance(out, Tens):
        return out
    given = dtype_name(kwargs["dtype"]) if "dtype" in kwargs else None
    if "dtype" in kwargs and given is None:
        return out  # a dtype we cannot read: nothing is certain
    if name == "linspace":
        return mark(f, out, dtype=given or FLOAT)
    if name == "arange" and 1 <= len(args) <= 3 and all(_is_int(a) for a in args):
        start, end, step = (0, args[0], 1) if len(args) == 1 else (args[0], args[1], 1)
        if len(args) == 3:
            step = args[2]
        n = out.shape[0] if _shape(out) and len(out.shape) == 1 else None
        if step > 0 and n:
            facts: dict[str, Any] = {"dtype": given or INT}
            if given is None:
                facts["long"] = True  # int64 for certain (a uint8 index would be a mask)
            elif given == INT:
                facts["itype"] = int_word_of(kwargs["dtype"])
            if (given or INT) == INT:
                facts["range"] = (start, start + step * (n - 1))
            return mark(f, out, **facts)
    return out


def true_div(f: Any, out: Any, a: Any = None, b: Any = None) -> Any:
    """``a / b`` of tensors is floating point whatever the operands' dtypes; of the default
    float family (FLOAT) only when no operand may be float64 or complex (a tensor operand of
    unknown dtype may: ``buf64 / 2`` is float64; ``dataflow_args.promote`` and the complex
    rule give those their own facts)."""
    if not isinstance(out, Tens):
        return out
    for v in (a, b):
        if isinstance(v, Tens) and fact(f, v, "dtype") in (None, "float64", "complex"):
            return out
        if isinstance(v, complex):
            return out
    return mark(f, out, dtype=FLOAT)


def cast(f: Any, name: str, out: Any) -> Any:
    """``x.float()`` / ``.half()`` / ``.double()`` / ``.bfloat16()``: floating point."""
    if name == "double":  # float64: a float32 weight rejects it (dataflow_args.F64)
        return mark(f, out, dtype="float64", real=True)
    if name in ("float", "half", "bfloat16"):
        return mark(f, out, dtype=FLOAT, real=True)
    return out


def one_hot(run: Any, args: list, kwargs: dict, loc: Any = None) -> Any:
    """``F.one_hot(ids, num_classes=n)``: int64 of shape ``(*ids.shape, n)`` (no node); an
    unknown ``n`` (the default -1 reads the data) gives an unknown tensor."""
    f = run.f
    ids = args[0] if args else kwargs.get("tensor", kwargs.get("input"))
    n = args[1] if len(args) > 1 else kwargs.get("num_classes", -1)
    shape = _shape(ids)
    if f.input_shape is not None and shape is not None and fact(f, ids, "dtype") == INT:
        from driftcheck.parsers.source.forward import dataflow_fix26

        err = dataflow_fix26.one_hot_error(f, ids, n)  # ``--input-range``: ``ids - 2``
        if err is not None:
            f.crash(loc, err)
            return Tens(None)
    if f.input_shape is None or shape is None or not _is_int(n) or n < 1:
        return Tens(None)
    if fact(f, ids, "dtype") in (FLOAT, "float64"):
        f.crash(None, "one_hot is only applicable to index tensor (got a float tensor)")
        return Tens(None)
    rng = fact(f, ids, "range")  # ``arange(T)``: the values are known
    if rng is not None and shape and (rng[1] >= n or rng[0] < 0):
        what = "non-negative" if rng[0] < 0 else "smaller than num_classes"
        f.crash(
            loc,
            f"one_hot: Class values must be {what} (values {rng[0]}..{rng[1]}, num_classes={n})",
        )
        return Tens(None)
    return mark(f, Tens(None, (*shape, n)), dtype=INT)


# ---------------------------------------------------------------------- layer inputs
def layer_input(f: Any, node: Any, inputs: list, loc: Any) -> None:
    """A catalogue layer called on a tensor whose dtype or values are known: torch's checks."""
    if f.input_shape is None or node is None or not inputs:
        return
    from driftcheck.parsers.source.forward import dataflow_bounds

    dataflow_bounds.layer(f, node, loc)
    x = inputs[0]
    dtype = fact(f, x, "dtype")
    crashes = len(f.crashes)
    _layer_input(f, node, x, dtype, loc)
    if len(f.crashes) == crashes and node.type in RNN:
        from driftcheck.parsers.source.forward import dataflow_fix25b

        dataflow_fix25b.rnn_input(f, node, x, loc)  # float64 into float32 weights
    if len(f.crashes) == crashes:
        from driftcheck.parsers.source.forward import dataflow_fix31

        err = dataflow_fix31.param_dtype_error(f, node, x)  # ``nn.LayerNorm(d).half()``
        if err is not None:
            f.crash(loc, err)
    if len(f.crashes) == crashes and not _cast(f, node):
        # the table was measured on float32 weights: a layer built with ``dtype=`` or cast
        # (``nn.Linear(..., dtype=torch.cfloat)`` takes complex inputs) is not judged by it
        from driftcheck.parsers.source.forward import dataflow_dtype_accept

        err = dataflow_dtype_accept.layer_call(f, node.type, x)  # ``nn.LayerNorm`` of int64
        if err is not None:
            f.crash(loc, f"{node.type}: {err}")


def _layer_input(f: Any, node: Any, x: Any, dtype: Any, loc: Any) -> None:
    if node.type == "Embedding":
        if dtype in (FLOAT, "float64"):
            f.crash(
                loc,
                "Embedding: indices must be Long or Int, got a floating point tensor "
                "(torch.linspace / true division `/` make floats)",
            )
            return
        rng = fact(f, x, "range")
        size = node.params.get("num_embeddings")
        if rng is not None and _is_int(size) and (rng[0] < 0 or rng[1] >= size):
            f.crash(
                loc,
                f"Embedding: index {rng[1] if rng[1] >= size else rng[0]} out of range for a "
                f"table of {size} rows (IndexError: index out of range in self)",
            )
            return
        from driftcheck.parsers.source.forward import dataflow_fix26

        err = dataflow_fix26.embedding_error(f, x, size)  # ``--input-range``: ``ids + 20``
        if err is None:
            from driftcheck.parsers.source.forward import dataflow_fix27

            err = dataflow_fix27.values_error(f, x, size)  # ``torch.tensor([[9, 1]])``
        if err is not None:
            f.crash(loc, err)
    elif node.type in FLOAT_WEIGHT and dtype in (INT, UINT8):
        word = int_word(f, x)
        what = f"{int_dtype(word)} ({word})" if dtype == INT else "uint8 (Byte)"
        f.crash(loc, f"{node.type}: input is {what} but the weight is float (dtype mismatch)")
    elif node.type in FLOAT_WEIGHT and dtype in ("complex", "float64") and not _cast(f, node):
        # rfft, .double(); a layer built with ``dtype=`` or cast (``layer.double()``) may match
        f.crash(loc, f"{node.type}: input is {dtype} but the weight is float32 (dtype mismatch)")
    elif node.type in FLOAT_WEIGHT and dtype == FLOAT and _half_into_float32(f, node, x, loc):
        return  # ``self.head(h.bfloat16())``: float16 / bfloat16 into float32 weights
    elif node.type in FLOAT_WEIGHT and dtype is not None:
        # a layer cast to a dtype the pass read (``self.double()`` in ``__init__``): float64
        # weights take float64 only; float32 / float16 / bfloat16 ones no float64 or complex
        cast = _cast_dtype(f, node)
        refused = (FLOAT, "complex") if cast == "float64" else ("float64", "complex")
        if cast is not None and dtype in refused:
            f.crash(
                loc,
                f"{node.type}: input is {dtype} but the weight is {cast} (the module was cast "
                "in __init__; dtype mismatch)",
            )
            return
        from driftcheck.parsers.source.forward import dataflow_fix30

        err = dataflow_fix30.cast_layer_input(f, node.type, cast, x)  # ``.half()`` in __init__
        if err is not None:
            f.crash(loc, err)


def _half_into_float32(f: Any, node: Any, x: Any, loc: Any) -> bool:
    from driftcheck.parsers.source.forward import dataflow_fix28b

    if _cast(f, node):
        return False
    err = dataflow_fix28b.half_layer_input(f, node.type, x)
    if err is not None:
        f.crash(loc, err)
    return err is not None


def _cast_dtype(f: Any, node: Any) -> str | None:
    """The dtype a module cast gave the layer's weights, where the pass read it."""
    leaf = f.b.objs.get(node.id)
    cast = getattr(leaf, "cast", None)
    return cast if isinstance(cast, str) else None


def _cast(f: Any, node: Any) -> bool:
    """The layer was built with ``dtype=`` or a module cast ran on it (``Leaf.cast``), or its
    interpreted object is not at hand: its weights are not known to be float32."""
    leaf = f.b.objs.get(node.id)
    if getattr(f, "cast_in_forward", False):
        return True  # ``self.head.double()`` ran in ``forward`` (``dataflow_fix28b``)
    return leaf is None or bool(getattr(leaf, "cast", False))


# ---------------------------------------------------------------------- functional ops
def conv_functional(run: Any, name: str, x: Any, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.conv{n}d(x, weight, bias, stride, padding, dilation, groups)`` with shapes known:
    torch's channel and group checks; the output shape where stride/padding/dilation are
    ints (else a tensor of unknown shape). None when the weight's shape is not known."""
    f = run.f
    nd = int(name[-2])
    w = args[0] if args else kwargs.get("weight")
    xs, ws = _shape(x), _shape(w)
    if xs is not None and ws is not None and len(ws) != nd + 2:
        # torch raises for every weight rank but nd + 2, whatever the input rank (measured:
        # a hypernetwork's flat ``(out, in*k*k)`` weight: "weight should have at least three
        # dimensions"; a 3-D weight into conv2d: a stride-length error)
        why = (
            "weight should have at least three dimensions"
            if len(ws) < 3
            else f"expected a {nd + 2}-D weight, got weight of size {list(ws)}"
        )
        f.crash(loc, f"{name}: {why}")
        return Tens(None)
    if xs is None or ws is None:
        return None
    names = ("bias", "stride", "padding", "dilation", "groups")
    vals = {n: (args[i + 1] if len(args) > i + 1 else kwargs.get(n)) for i, n in enumerate(names)}
    g = vals["groups"] if vals["groups"] is not None else 1
    if not _is_int(g) or g < 1:
        return Tens(None)
    if len(xs) not in (nd + 1, nd + 2):
        f.crash(loc, f"{name}: expected {nd + 1}-D or {nd + 2}-D input, got shape {list(xs)}")
        return Tens(None)
    batched = len(xs) == nd + 2
    c_in = xs[1] if batched else xs[0]
    if ws[0] % g:
        f.crash(
            loc, f"{name}: weight {list(ws)} has {ws[0]} out channels, not divisible by groups={g}"
        )
        return Tens(None)
    if c_in != ws[1] * g:
        f.crash(
            loc,
            f"{name}: groups={g}, weight of size {list(ws)} expects input with "
            f"{ws[1] * g} channels, but got {c_in} channels (input {list(xs)})",
        )
        return Tens(None)
    bs = _shape(vals["bias"])
    if bs is not None and (len(bs) != 1 or bs[0] != ws[0]):
        f.crash(
            loc,
            f"{name}: Given weight of size {list(ws)}, expected bias to be 1-dimensional with "
            f"{ws[0]} elements, but got bias of size {list(bs)} instead",
        )
        return Tens(None)
    for n in ("stride", "padding", "dilation"):
        v = vals[n]
        if isinstance(v, (tuple, list)) and len(v) not in (1, nd):
            # ``stride=(1, 2, 2)`` to conv2d: one value, or one per spatial axis (measured)
            f.crash(
                loc,
                f"{name}: expected {n} to be a single integer value or a list of {nd} values "
                f"to match the convolution dimensions, but got {n}={list(v)}",
            )
            return Tens(None)
    if isinstance(vals["padding"], str) and vals["padding"] == "valid":
        vals["padding"] = 0  # no padding: the general rule below
    if isinstance(vals["padding"], str):
        pad = vals["padding"]
        return _conv_padding_string(f, name, xs, ws, nd, batched, pad, vals["stride"], loc)
    spatial = []
    for i in range(nd):
        k = ws[2 + i]
        s, p, d = (
            _nth(vals[n], i, dflt) for n, dflt in (("stride", 1), ("padding", 0), ("dilation", 1))
        )
        if not all(_is_int(v) for v in (s, p, d)) or s < 1:
            return Tens(None)
        size = (xs[-nd + i] + 2 * p - d * (k - 1) - 1) // s + 1
        if size < 1:
            # the padded input is shorter than the dilated kernel: torch's RuntimeError
            f.crash(
                loc,
                f"{name}: Calculated padded input size per channel {xs[-nd + i] + 2 * p} is "
                f"smaller than the kernel size {d * (k - 1) + 1} (input {list(xs)}, weight "
                f"{list(ws)}, padding {p}, dilation {d})",
            )
            return Tens(None)
        spatial.append(size)
    return Tens(None, (*((xs[0],) if batched else ()), ws[0], *spatial))


def _conv_padding_string(f, name, xs, ws, nd, batched, pad, stride, loc) -> Any:  # noqa: ANN001
    """``F.conv{n}d(..., padding="same" / "valid")``: torch refuses "same" on any stride
    other than 1 (it would have to choose an output size) and any other string; "same"
    keeps the spatial sizes."""
    strides = [_nth(stride, i, 1) for i in range(nd)]
    if pad != "same":
        f.crash(loc, f"{name}: invalid padding string {pad!r} (torch takes 'same' or 'valid')")
        return Tens(None)
    if not all(_is_int(s) for s in strides):
        return Tens(None)
    if any(s != 1 for s in strides):
        f.crash(
            loc,
            f"{name}: padding='same' is not supported for strided convolutions (stride={stride!r})",
        )
        return Tens(None)
    return Tens(None, (*((xs[0],) if batched else ()), ws[0], *xs[-nd:]))


def _nth(v: Any, i: int, default: int) -> Any:
    """The ``i``-th spatial axis's value of a conv argument: one value for every axis, or one
    per axis; a one-item list counts for every axis (torch expands ``stride=(2,)`` to conv2d's
    two axes, measured)."""
    if v is None:
        return default
    if isinstance(v, (tuple, list)):
        if len(v) == 1:
            return v[0]
        return v[i] if i < len(v) else None
    return v


def index_select(run: Any, t: Any, args: list, kwargs: dict, loc: Any) -> Any:
    """``t.index_select(dim, index)``: the index must be 0-D or 1-D; the result has the
    index's length on ``dim`` (a shape-only tensor). None when not known."""
    f = run.f
    dim = args[0] if args else kwargs.get("dim")
    idx = args[1] if len(args) > 1 else kwargs.get("index")
    ts, xs = _shape(t), _shape(idx)
    if f.input_shape is None or ts is None or xs is None or not _is_int(dim):
        return None
    if len(xs) > 1:
        f.crash(loc, f"index_select(): Index is supposed to be a vector, got shape {list(xs)}")
        return Tens(None)
    if fact(f, idx, "dtype") in (FLOAT, "float64"):
        f.crash(loc, "index_select(): Expected dtype int32/int64 for index, got a float tensor")
        return Tens(None)
    if not -len(ts) <= dim < max(len(ts), 1):
        return None
    if ts and index_values_out(f, idx, ts[dim]) is not None:
        # torch's index_select takes no negative index either (IndexError on -1)
        f.crash(
            loc, f"IndexError: index out of range in self (index_select on an axis of {ts[dim]})"
        )
        return Tens(None)
    out = list(ts)
    if out:
        out[dim] = xs[0] if xs else 1
    return Tens(None, tuple(out))


def index_values_out(f: Any, idx: Any, size: int) -> int | None:
    """The first value of the integer tensor ``idx`` outside ``[0, size)`` when its values are
    known (``torch.arange(n)``, ``torch.full(shape, v)``): what ``index_select`` and
    ``gather`` reject (neither wraps a negative index). None otherwise."""
    from driftcheck.parsers.source.forward import dataflow_known

    a = dataflow_known.array(f, idx) if isinstance(idx, Tens) else None
    if a is None or getattr(a.dtype, "kind", None) != "i" or not a.size:
        return None
    bad = a[(a >= size) | (a < 0)]
    return int(bad.flat[0]) if bad.size else None


# ---------------------------------------------------------------------- tuple results
def tuple_indexed(run: Any, key: Any, loc: Any) -> None:
    """A Python tuple (an RNN's ``(output, h_n)``) indexed by a tuple key raises TypeError."""
    if isinstance(key, tuple):
        run.f.crash(
            loc,
            "tuple indices must be integers or slices, not tuple (a module that "
            "returns a tuple, e.g. an LSTM's (output, (h_n, c_n)), used as a tensor)",
        )


def cat_items(run: Any, seq: Any, loc: Any) -> bool:
    """``torch.cat([x, torch.max(x, 1)])``: an item that is a tuple of tensors is not a
    tensor (TypeError). True when that crash was reported."""
    if run.f.input_shape is None or not isinstance(seq, (list, tuple)):
        return False
    for i, item in enumerate(seq):
        if isinstance(item, tuple) and item and all(isinstance(v, Tens) for v in item):
            run.f.crash(loc, f"cat(): expected Tensor as element {i}, but got tuple")
            return True
    return False


def rnn_state(f: Any, node: Any, x: Any) -> tuple | None:
    """The items after the output of an LSTM / GRU / RNN call on ``x`` of known shape: GRU /
    RNN: ``(h_n,)``; LSTM: ``((h_n, c_n),)``. ``h_n`` is ``(layers * directions, batch,
    hidden)`` (no batch axis for a 2-D input; ``proj_size`` for an LSTM's ``h_n``). An
    ``LSTMCell`` returns the pair ``(h', c')``, each ``(batch, hidden)`` (``(hidden,)`` for a
    1-D input): its items after the first are ``(c',)``."""
    xs = _shape(x)
    if node is not None and node.type == "LSTMCell" and f.input_shape is not None:
        hidden = node.params.get("hidden_size")
        if xs is None or len(xs) not in (1, 2) or not _is_int(hidden):
            return None
        return (Tens(None, (*xs[:-1], hidden)),)
    if f.input_shape is None or node is None or node.type not in RNN or xs is None:
        return None
    p = node.params
    layers, hidden = p.get("num_layers", 1), p.get("hidden_size")
    bidir, bf = p.get("bidirectional", False), p.get("batch_first", False)
    if not (_is_int(layers) and _is_int(hidden)) or not isinstance(bidir, bool):
        return None
    if not isinstance(bf, bool) or len(xs) not in (2, 3):
        return None
    lead = (layers * (2 if bidir else 1),)
    batch = () if len(xs) == 2 else ((xs[0] if bf else xs[1]),)
    proj = p.get("proj_size") or 0
    if not _is_int(proj):
        return None
    h = Tens(None, (*lead, *batch, proj or hidden))
    if node.type == "LSTM":
        return ((h, Tens(None, (*lead, *batch, hidden))),)
    return (h,)


def mha_masks(f: Any, node: Any, args: list, kwargs: dict, loc: Any) -> None:
    """``nn.MultiheadAttention(q, k, v, key_padding_mask=m, attn_mask=a)``: torch requires
    ``m`` of shape (batch, source length) and a 2-D ``a`` of (target length, source length)
    (a 3-D ``a``: (batch * heads, target, source))."""
    if f.input_shape is None or node is None or node.type != "MultiheadAttention":
        return
    qkv = [
        args[i] if len(args) > i else kwargs.get(n) for i, n in enumerate(("query", "key", "value"))
    ]
    if any(_shape(t) is None for t in qkv):
        return
    q, k = qkv[0].shape, qkv[1].shape
    if len(q) != 3 or len(k) != 3:
        return
    bf = node.params.get("batch_first", False)
    heads = node.params.get("num_heads")
    if not isinstance(bf, bool):
        return
    n, tgt, src = (q[0], q[1], k[1]) if bf else (q[1], q[0], k[0])
    kpm = args[3] if len(args) > 3 else kwargs.get("key_padding_mask")
    ms = _shape(kpm)
    if ms is not None and ms != (n, src):
        f.crash(
            loc,
            f"MultiheadAttention: key_padding_mask of shape {list(ms)}, expected "
            f"(batch, source length) = {[n, src]}",
        )
        return
    am = args[5] if len(args) > 5 else kwargs.get("attn_mask")
    a = _shape(am)
    if a is None:
        return
    if len(a) == 2 and a != (tgt, src):
        f.crash(
            loc, f"MultiheadAttention: the 2D attn_mask is {list(a)}, but should be {[tgt, src]}"
        )
    elif len(a) == 3 and _is_int(heads) and a != (n * heads, tgt, src):
        f.crash(
            loc,
            f"MultiheadAttention: the 3D attn_mask is {list(a)}, but should be "
            f"{[n * heads, tgt, src]}",
        )
    elif len(a) not in (2, 3):
        f.crash(loc, f"MultiheadAttention: attn_mask must be 2-D or 3-D, got {list(a)}")


def tuple_result(
    f: Any, out: Any, args: list, kwargs: dict, tens: list, loc: Any, qual: Any
) -> Any:
    """The ``Multi`` of an LSTM / GRU / RNN / MultiheadAttention call. On real sizes, for
    torch's own class (``qual``: a user class the catalogue matched by name may return
    anything): an RNN's hidden state as its other items, MultiheadAttention's mask checks and
    its second item (None with ``need_weights=False``, else the weights: ``dataflow_fix31``),
    so the result is known to be a pair."""
    from driftcheck.parsers.source.values.dataflow_values import Multi

    node = f.node(out.src) if isinstance(out, Tens) and out.src is not None else None
    torch_class = isinstance(qual, str) and qual.startswith("torch.nn.")
    if f.input_shape is None or node is None or not torch_class:
        return Multi(out)
    if node.type == "MultiheadAttention":
        from driftcheck.parsers.source.forward import dataflow_args

        dataflow_args.mha_batch(f, node, args, kwargs, loc)
        mha_masks(f, node, args, kwargs, loc)
        from driftcheck.parsers.source.forward import dataflow_fix29b

        err = dataflow_fix29b.mha_causal(f, node, args, kwargs)  # ``is_causal=True``, no mask
        if err is not None:
            f.crash(loc, f"MultiheadAttention: {err}")
        from driftcheck.parsers.source.forward import dataflow_fix31

        w = dataflow_fix31.mha_weights(f, node, args, kwargs)  # None / the weights
        return dataflow_fix31.mark_sure_none(f, Multi(out, (w,)), {1} if w is None else set())
    from driftcheck.parsers.source.forward import dataflow_args

    dataflow_args.rnn_hx(f, node, args, kwargs, loc)
    return Multi(out, rnn_state(f, node, tens[0] if tens else None))


def unpack_tensor(run: Any, t: Tens, n: int, fr: Any, at: Any) -> list | None:
    """``q, k, v = qkv.permute(2, 0, 3, 1, 4)``: iterating a tensor gives its items along axis
    0, each a Select of shape ``shape[1:]``; another count of names than ``shape[0]`` is the
    ValueError Python raises. None when the shape is not known."""
    f = run.f
    shape = _shape(t)
    if shape is not None and shape and t.src is None and shape[0] == n:
        # a tensor with no node (a buffer: ``src, dst = self.edge_index``): its rows' shape
        # and dtype (int64 edge indices index rows of node features)
        rows = [Tens(None, shape[1:]) for _ in range(n)]
        keep = {k: fact(f, t, k) for k in ("dtype", "long") if fact(f, t, k) is not None}
        for r in rows if keep else ():
            add_facts(f, r, replace=False, **keep)
        return rows
    if shape is None or t.src is None or not shape:
        return None
    if f.queries.node_type(t.src) not in SINGLE_TENSOR:
        return None  # a layer may return a tuple the graph shows as its first item
    loc = fr.loc(at)
    if shape[0] != n:
        f.crash(loc, f"a tensor of shape {list(shape)} unpacked into {n} names")
        return [Tens(None)] * n
    return [f.add_op("Select", {"dim": 0, "index": i}, [t], fr.parent, loc) for i in range(n)]


# ---------------------------------------------------------------------- assertions
_CMP = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _size_value(v: Any) -> Any:
    """A size a forward assertion compares: an int, a tuple of ints, ``x.shape`` of a known
    shape (torch.Size compares as a tuple). None for anything else (a float, a flag, a
    tensor, an unknown): such an assertion is not judged."""
    from driftcheck.parsers.source.values.dataflow_values import ShapeOf

    if isinstance(v, ShapeOf):
        return _shape(v.t)
    if _is_int(v):
        return v
    if isinstance(v, (tuple, list)) and all(_is_int(d) for d in v):
        return tuple(v)
    return None


def _compare_false(run: Any, e: ast.expr, fr: Any) -> str | None:
    """The source of a size comparison in ``e`` (a Compare, or one of an ``and``) that is
    False on these sizes; None when every part holds or cannot be judged."""
    if isinstance(e, ast.BoolOp) and isinstance(e.op, ast.And):
        for part in e.values:
            got = _compare_false(run, part, fr)
            if got is not None:
                return got
        return None
    if not isinstance(e, ast.Compare) or not all(type(o) in _CMP for o in e.ops):
        return None
    left = _size_value(run.eval(e.left, fr))
    for op, rx in zip(e.ops, e.comparators):
        right = _size_value(run.eval(rx, fr))
        if left is None or right is None:
            return None
        if isinstance(left, tuple) != isinstance(right, tuple) and type(op) not in (
            ast.Eq,
            ast.NotEq,
        ):
            return None  # ``tuple < int`` is a TypeError, not this rule's
        if not _CMP[type(op)](left, right):
            return ast.unparse(e)
        left = right
    return None


def assert_sizes(run: Any, st: ast.Assert, fr: Any) -> None:
    """``assert t <= self.block_size`` / ``assert freqs.shape == (x.shape[1], x.shape[-1])``
    in forward, on real sizes: a comparison of sizes (ints, tuples, shapes) that is False is
    the AssertionError torch's forward raises. A condition with anything else (a flag, a
    call, a tensor value) is not judged."""
    for c in ast.walk(st.test):  # judge reads of sizes only: evaluating another call
        # (``x.mean()``) would add its op to the graph
        name = (
            c.func.attr if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) else None
        )
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Name):
            name = c.func.id
        if isinstance(c, ast.Call) and name not in ("size", "len", "dim"):
            return
    bad = _compare_false(run, st.test, fr)
    if bad is not None:
        run.f.crash(fr.loc(st), f"assertion fails on these sizes: assert {bad}")


def complex_view(run: Any, name: str, t: Any, loc: Any) -> Tens:
    """``torch.view_as_complex(x)``: x's last axis must be 2 (a real/imaginary pair) and goes
    away; ``torch.view_as_real(z)`` adds that axis. A shape-only tensor (no node) on real
    sizes; unknown when x's shape is."""
    shape = _shape(t)
    if shape is None:
        return Tens(None)
    if name == "view_as_real":
        if fact(run.f, t, "real"):  # irfft's result, a ``.float()`` cast: never complex
            run.f.crash(loc, "view_as_real is only supported for complex tensors")
            return Tens(None)
        return Tens(None, (*shape, 2))
    if not shape or shape[-1] != 2:
        run.f.crash(loc, f"view_as_complex: the last dimension must be 2, got shape {list(shape)}")
        return Tens(None)
    return Tens(None, shape[:-1])
