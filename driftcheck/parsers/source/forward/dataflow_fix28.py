"""Forward rules of session 28 (crashfix28: what the fuzzer's new op families of model code
missed). Each is torch's own behaviour (torch 2.13, CPU; ``tests/test_crash28a.py`` runs every
verdict in torch), on facts the pass knows for certain; anything not known gives no crash:

- ``torch.randint(low, high, size)`` / ``randint(high, size)`` / ``size=``: a tensor of that
  shape, int64 unless ``dtype=`` says otherwise (``dataflow_concrete.created`` and here);
- class-index targets of ``F.cross_entropy`` / ``F.nll_loss`` (and of ``nn.CrossEntropyLoss``
  / ``nn.NLLLoss``, whose forward calls them): torch's ``nll_loss_nd`` checks. A target of the
  input's exact shape is ``cross_entropy``'s class-probabilities form and must be floating;
  otherwise the target's batch must be the input's, its shape ``(N, d1, ...)`` for an input
  ``(N, C, d1, ...)`` (``()`` or ``(1,)`` for a 1-D input, 3-D for a 4-D input), and its dtype
  int64 (or uint8 for a 1-D or 2-D input);
- ``F.bilinear(x1, x2, weight, bias)`` (weight 3-D): inputs of one rank and equal leading
  sizes (no broadcasting), ``x1``'s last size ``weight.size(1)``, ``x2``'s ``weight.size(2)``,
  bias ``weight.size(0)``; the result ``(*x1.shape[:-1], weight.size(0))``;
- ``F.glu(t, dim)`` of a tensor the graph has no node for (a ``grid_sample`` result, a loss
  added to a tensor): the catalogue GLU's rule (the axis must exist and be even; it halves);
- ``F.affine_grid(theta, size)`` with a size of neither 4 nor 5 items (NotImplementedError);
- ``F.max_pool2d(x, k, return_indices=True)`` (and the 1-D and adaptive max pools): the pair
  ``(values, indices)``, the indices of the values' shape (before, ``[0]`` indexed the values'
  first axis: a wrong shape); a ``return_indices`` not known: an unknown result;
- ``F.prelu(x, weight)``: ``weight`` 0-D or 1-D, of one item or of the channels (axis 1; a
  1-D input has one channel, a 0-D input none); the result has ``x``'s shape;
- ``F.ctc_loss``: as many input and target lengths as the batch of 3-D ``log_probs``; the
  result of ``reduction`` "mean" / "sum" is 0-D;
- ``pad_packed_sequence(rnn(pack_padded_sequence(x, lengths, ...))[0], batch_first, ...,
  total_length)`` with the lengths known and torch's own LSTM / GRU / RNN: the pair
  ``(padded, lengths)``, padded ``(B, T, D * H_out)`` (``(T, B, ...)`` unless ``batch_first``),
  ``T`` the ``total_length`` or the longest length.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

# torch's words for dtypes in its messages (the pass's dtype lattice; INT has its own word)
_WORDS = {"bool": "Bool", dataflow_checks.FLOAT: "Float", "float64": "Double"}
# torch's loss modules whose forward calls a class-index functional loss with its own target
LOSS_MODULES = {"torch.nn.CrossEntropyLoss": "cross_entropy", "torch.nn.NLLLoss": "nll_loss"}


def _word(f: Any, t: Any) -> str | None:
    """torch's word for ``t``'s dtype when the pass knows it for certain, else None."""
    dt = dataflow_checks.fact(f, t, "dtype")
    if dt == dataflow_checks.INT:
        return dataflow_checks.int_word(f, t)
    if dt == dataflow_checks.UINT8:
        return "Byte"
    return _WORDS.get(dt)


def randint_size(args: list, kwargs: dict) -> Any:
    """The ``size`` of ``torch.randint(high, size)`` / ``randint(low, high, size)`` (or
    ``size=``), a tuple or list as torch requires; else None."""
    if "size" in kwargs:
        size = kwargs["size"]
    elif len(args) in (2, 3):
        size = args[-1]
    else:
        return None
    return size if isinstance(size, (tuple, list)) else None


def randint_made(f: Any, name: str, kwargs: dict, out: Any) -> None:
    """``torch.randint(...)`` without ``dtype=`` is int64 (torch's default for it)."""
    if name == "randint" and "dtype" not in kwargs and isinstance(out, Tens):
        dataflow_checks.add_facts(f, out, replace=False, dtype=dataflow_checks.INT, long=True)


def class_target_error(f: Any, name: str, x: Any, target: Any) -> str | None:
    """torch's checks of ``F.cross_entropy`` / ``F.nll_loss(x, target)`` between the input's
    shape and the target's shape and dtype; None when they pass or are not known."""
    xs, ts = known_shape(x), known_shape(target)
    if xs is None or ts is None or not isinstance(target, Tens):
        return None
    return target_error(name, tuple(xs), tuple(ts), _word(f, target))


def target_error(name: str, xs: tuple, ts: tuple, word: str | None) -> str | None:
    """``class_target_error`` on plain facts: the input's and target's shapes, torch's word
    for the target's dtype (None: not known)."""
    if not xs:
        return None
    if name == "cross_entropy" and ts == xs:
        if word in ("Long", "Int", "Short", "Char", "Byte", "Bool"):
            return (
                "RuntimeError: Expected floating point type for target with class "
                f"probabilities, got {word}"
            )
        return None  # class probabilities (floating or not known)
    if len(xs) == 1:
        if len(ts) == 1 and ts[0] != 1:
            return (
                "ValueError: For 1D input, 1D target must have size 1, but got target size: "
                f"{ts[0]}"
            )
        if len(ts) > 1:
            return "RuntimeError: 0D or 1D target tensor expected, multi-target not supported"
    else:
        if not ts or ts[0] != xs[0]:
            got = ts[0] if ts else 0
            return (
                f"ValueError: Expected input batch_size ({xs[0]}) to match target batch_size "
                f"({got})."
            )
        if len(xs) == 2 and len(ts) != 1:
            return "RuntimeError: 0D or 1D target tensor expected, multi-target not supported"
        if len(xs) == 4 and len(ts) != 3:
            return (
                "RuntimeError: only batches of spatial targets supported (3D tensors) but got "
                f"targets of dimension: {len(ts)}"
            )
        want = (xs[0], *xs[2:])
        if len(xs) >= 3 and ts != want:
            return f"RuntimeError: Expected target size {list(want)}, got {list(ts)}"
    if word is None or word == "Long":
        return None
    if len(xs) <= 2 and word != "Byte":
        return f"RuntimeError: expected target dtype to be Long or Byte, but got {word}"
    if len(xs) > 2:  # the spatial kernels take int64 only (measured: uint8 is refused there)
        return f"RuntimeError: expected scalar type Long but found {word}"
    return None


def loss_module(f: Any, obj: Any, args: list, kwargs: dict, loc: Any) -> bool:
    """``nn.CrossEntropyLoss()(x, target)`` / ``nn.NLLLoss()(...)``: the functional's checks
    (``class_target_error``); True after a crash."""
    torch_cls = obj.torch if isinstance(getattr(obj, "torch", None), str) else ""
    if torch_cls.rpartition(".")[2] != getattr(obj, "type", None):
        return False  # a class of the model's own that shares the name
    name = LOSS_MODULES.get(torch_cls)
    if name is None or f.input_shape is None:
        return False
    err = class_target_error(f, name, arg(args, kwargs, 0, "input"), arg(args, kwargs, 1, "target"))
    if err is None:
        return False
    f.crash(loc, err)
    return True


def bilinear(args: list, kwargs: dict, x1: tuple) -> tuple[str | None, tuple | None]:
    """``F.bilinear(x1, x2, weight, bias=None)``: (torch's error, None) or (None, the result
    shape), or (None, None) when not known."""
    x2, w = known_shape(arg(args, kwargs, 0, "input2")), known_shape(arg(args, kwargs, 1, "weight"))
    b = arg(args, kwargs, 2, "bias")
    if x2 is None or w is None or len(w) != 3 or not x1 or not x2:
        return None, None
    if len(x1) != len(x2):
        return (
            f"RuntimeError: bilinear(): input dimensions do not match: got {len(x1)} and {len(x2)}",
            None,
        )
    for i, (p, q) in enumerate(zip(x1[:-1], x2[:-1], strict=True)):
        if p != q:
            return (
                f"RuntimeError: bilinear(): input batch dimensions do not match: got {p} and {q} at dim {i}",
                None,
            )
    if x1[-1] != w[1]:
        return (
            f"RuntimeError: bilinear(): input1 size does not match weight size: got {x1[-1]} but expected {w[1]}",
            None,
        )
    if x2[-1] != w[2]:
        return (
            f"RuntimeError: bilinear(): input2 size does not match weight size: got {x2[-1]} but expected {w[2]}",
            None,
        )
    if b is not None:
        bs = known_shape(b)
        if bs is None or not bs:
            return None, None
        if bs[0] != w[0]:
            return (
                f"RuntimeError: bilinear(): bias size does not match weight size: got {bs[0]} but expected {w[0]}",
                None,
            )
    return None, (*x1[:-1], w[0])


def glu(args: list, kwargs: dict, shape: tuple) -> tuple[str | None, tuple | None]:
    """``F.glu(t, dim=-1)``: (torch's error, None) or (None, the halved shape)."""
    dim = arg(args, kwargs, 0, "dim", -1)
    if not is_int(dim):
        return None, None
    if not shape:
        return "RuntimeError: glu does not support scalars because halving size must be even", None
    n = len(shape)
    if not -n <= dim < n:
        return (
            f"IndexError: Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
            f"but got {dim})",
            None,
        )
    d = dim % n
    if shape[d] % 2:
        return (
            f"RuntimeError: Halving dimension must be even, but dimension {d} is size {shape[d]}",
            None,
        )
    return None, tuple(v // 2 if i == d else v for i, v in enumerate(shape))


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.bilinear(t, ...)`` / ``F.glu(t, ...)`` (``args`` after ``t``) on real sizes: the
    result (a shaped ``Tens``, or ``Tens(None)`` after a crash) where a rule above decides,
    else None."""
    if f.input_shape is None:
        return None
    shape = known_shape(t)
    if shape is None:
        return None
    if name == "bilinear" and not set(kwargs) - {"input2", "weight", "bias"}:
        err, out = bilinear(args, kwargs, tuple(shape))
    elif name == "glu" and t.src is None and not set(kwargs) - {"dim"}:
        err, out = glu(args, kwargs, tuple(shape))
    elif name == "prelu" and not set(kwargs) - {"weight"}:
        err, out = prelu(args, kwargs, tuple(shape))
    else:
        return None
    if err is not None:
        f.crash(loc, err)
        return Tens(None)
    return Tens(None, out) if out is not None else None


def affine_grid_size(theta: Any, size: Any) -> str | None:
    """``F.affine_grid(theta, size)`` with ``size`` of neither 4 nor 5 items: torch's
    NotImplementedError (after its floating-theta check, a ValueError: a crash either way)."""
    if not isinstance(theta, Tens) or not isinstance(size, (tuple, list)):
        return None
    if len(size) in (4, 5):
        return None
    return (
        "NotImplementedError: affine_grid only supports 4D and 5D sizes, for 2D and 3D affine "
        f"transforms, respectively. Got size {list(size)}."
    )


def pool_pair(ri: Any, out: Any) -> Any:
    """``F.max_pool*d(..., return_indices=ri)``'s result: ``(values, indices)`` when ``ri`` is
    True, unknown when it is not known (a tensor or a pair)."""
    from driftcheck.parsers.source.values.dataflow_values import UNK, Multi

    if ri is not True:
        return UNK
    shape = getattr(out, "shape", None)
    return Multi(out, (Tens(None, shape),))


def prelu(args: list, kwargs: dict, shape: tuple) -> tuple[str | None, tuple | None]:
    """``F.prelu(x, weight)``: (torch's error, None) or (None, ``x``'s shape)."""
    w = arg(args, kwargs, 0, "weight")
    ws = known_shape(w)
    if not isinstance(w, Tens) or ws is None:
        return None, None
    if len(ws) > 1:
        return (
            "RuntimeError: prelu: Expected `weight` to be a scalar or 1D tensor, but got: "
            f"ndim = {len(ws)}",
            None,
        )
    n = ws[0] if ws else 1
    if n == 1:
        return None, shape
    if not shape:
        return "RuntimeError: Not allow zero-dim input tensor.", None
    channels = shape[1] if len(shape) >= 2 else 1
    if n != channels:
        return (
            "RuntimeError: Mismatch of parameter numbers and input channel size. Found "
            f"parameter numbers = {n} and channel size = {channels}.",
            None,
        )
    return None, shape


def _count(v: Any) -> int | None:
    """How many lengths ``v`` holds: a list or tuple, or a 1-D tensor of known size."""
    if isinstance(v, (list, tuple)):
        return len(v)
    vs = known_shape(v) if isinstance(v, Tens) else None
    return vs[0] if vs is not None and len(vs) == 1 else None


def ctc(f: Any, ts: tuple | None, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, reduction)``
    (``args`` after ``log_probs``) after ``dataflow_losses``' length checks: one input and one
    target length per item of a 3-D ``log_probs`` (torch's "input_lengths must be of size
    batch_size"); else the result's shape where ``reduction`` says it."""
    if ts is None or len(ts) not in (2, 3):
        return None
    if len(ts) == 3:
        for i, key in ((1, "input_lengths"), (2, "target_lengths")):
            n = _count(arg(args, kwargs, i, key))
            if n is not None and n != ts[1]:
                f.crash(loc, f"RuntimeError: {key} must be of size batch_size")
                return Tens(None)
    red = arg(args, kwargs, 4, "reduction", "mean")
    if red in ("mean", "sum"):
        return Tens(None, ())
    if red == "none":
        return Tens(None, (ts[1],) if len(ts) == 3 else ())
    return None


_PACKED = "packed_sizes"  # (batch, features) of an RNN's packed output (not a value fact)


def packed_rnn(f: Any, obj: Any, x: Any, out: Any) -> None:
    """torch's own LSTM / GRU / RNN run on a packed sequence of known lengths: its packed
    output's batch and features (``D * (proj_size or hidden_size)``)."""
    from driftcheck.parsers.source.forward.dataflow_packed import PackedSeq
    from driftcheck.parsers.source.values.dataflow_values import Multi

    first = out.first if isinstance(out, Multi) else None
    if not isinstance(x, PackedSeq) or x.batch is None or not isinstance(first, Tens):
        return
    if obj.type not in dataflow_checks.RNN or not isinstance(obj.torch, str):
        return
    p = obj.params
    h, bi, proj = p.get("hidden_size"), p.get("bidirectional", False), p.get("proj_size", 0)
    if not is_int(h) or not isinstance(bi, bool) or not is_int(proj):
        return
    dataflow_checks.add_facts(f, first, **{_PACKED: (x.batch, (2 if bi else 1) * (proj or h))})


def pad_packed(f: Any, args: list, kwargs: dict) -> Any:
    """``pad_packed_sequence(seq, batch_first=False, padding_value=0.0, total_length=None)``
    of a packed RNN output ``packed_rnn`` sized: ``(padded, lengths)``; else None."""
    from driftcheck.parsers.source.forward import dataflow_packed
    from driftcheck.parsers.source.values.dataflow_values import Multi

    seq = arg(args, kwargs, 0, "sequence")
    sizes = dataflow_checks.fact(f, seq, _PACKED) if isinstance(seq, Tens) else None
    steps = dataflow_packed.steps(f, seq)
    bf = arg(args, kwargs, 1, "batch_first", False)
    total = arg(args, kwargs, 3, "total_length")
    if sizes is None or steps is None or not isinstance(bf, bool):
        return None
    if total is not None and not is_int(total):
        return None
    b, feat = sizes
    t = total if total is not None else steps
    shape = (b, t, feat) if bf else (t, b, feat)
    return Multi(Tens(None, shape), (Tens(None, (b,)),))
