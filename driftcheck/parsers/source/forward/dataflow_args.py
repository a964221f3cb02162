"""Forward crashes on real sizes (``check --input-shape``) in the arguments of torch functions
whose shape rule is not a catalogue op (session 15): each check is what torch raises, on
shapes the pass knows for certain, and anything not known gives no crash:

- ``torch.fft.rfft / fft / irfft(x, n, dim)``: the transformed axis becomes ``n // 2 + 1``
  (rfft), ``n`` (fft, irfft; irfft's default ``2 * (m - 1)``), so an FFT convolution whose two
  spectra differ in length fails at their product; rfft / fft results are complex (a Linear
  fed one raises a dtype error, ``dataflow_checks.layer_input``);
- ``torch.stft(x, n_fft, hop, return_complex=True)``: complex ``(B, n_fft // 2 + 1, frames)``;
- ``F.affine_grid(theta, size)``: ``theta`` must be ``(N, 2, 3)`` for a 4-D size (``(N, 3,
  4)`` for 5-D) with ``N == size[0]``; the grid is ``(N, H, W, 2)``;
- ``torch.meshgrid`` of vectors: its grids' shapes;
- ``F.grid_sample(x, grid)``: a 4-D ``x`` takes a 4-D grid ``(N, H', W', 2)`` of the same
  batch; the result is ``(N, C, H', W')``;
- ``F.interpolate(mode="nearest" | "area" | "nearest-exact", align_corners=...)``: torch's
  ValueError (align_corners only with interpolating modes);
- ``t.index_add(dim, index, source)``: ``index`` is a vector as long as ``source``'s
  ``dim`` axis, and ``source``'s other axes are ``t``'s (no broadcasting); ``t.scatter_add(dim, index, src)``: ``index`` has ``t``'s rank;
- float64 tensors: a buffer ``__init__`` made with ``dtype=torch.float64`` (its values known),
  ``x.double()``, and an arithmetic result with a float64 operand of rank >= 1 (torch's type
  promotion: a 0-D float64 operand does not promote a float32 tensor); a Linear or
  convolution fed one raises (``dataflow_checks.layer_input``);
- a catalogue layer's ``weight`` / ``bias`` read in forward (a Conv-BN fusion:
  ``self.conv.weight * scale.reshape(1, -1, 1, 1)``) has the shape the catalogue gives it,
  and a BatchNorm's ``running_mean`` / ``running_var`` are ``(num_features,)``;
- ``x[mask] = value`` with a boolean mask of known rank (a buffer whose values ``__init__``
  computed): the mask's shape is ``x``'s leading axes, and ``value`` (its leading 1s aside)
  must broadcast to ``(selected, *x.shape[mask.ndim:])``; an integer key picks rows,
  ``(*key.shape, *x.shape[1:])``, and a key of unknown dtype is either (session 18);
- ``pack_padded_sequence(x, lengths)`` with lengths known (a list, or a buffer's values):
  one per batch item, each in 1..T, sorted decreasing unless ``enforce_sorted=False``;
- ``t.gather(dim, index)``: ``index`` has ``t``'s rank and no larger size on any other
  axis; the result has ``index``'s shape (an MoE's expert outputs stacked on the wrong axis);
- ``nn.MultiheadAttention(q, k, v)`` on 3-D inputs: the batch axis (1, or 0 with
  ``batch_first``) is the same in all three and key and value agree on their first two
  axes (a batch-first tensor given to a sequence-first layer);
- an RNN's initial state ``hx``: ``(layers * directions, batch, hidden)`` exactly, as torch
  checks ("Expected hidden size").
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg, axis
from driftcheck.parsers.source.values.dataflow_values import ShapeOf, Tens, is_int, known_shape

COMPLEX = "complex"
BOOL = "bool"
F64 = "float64"  # float64 is kept apart from FLOAT: a Linear's float32 weight rejects it
FFT = {"rfft", "fft", "irfft", "ifft"}
_NO_ALIGN = {"nearest", "area", "nearest-exact"}


_is_int = is_int
_shape = known_shape


def _ranked(t: Any) -> tuple | None:
    """The shape of a tensor whose rank is known (its sizes may not be)."""
    return t.shape if isinstance(t, Tens) and isinstance(t.shape, tuple) else None


_arg, _axis = arg, axis  # ``dataflow_common``'s, under the names this module's code reads


# ---------------------------------------------------------------------- torch.fft
def fft(run: Any, name: str, args: list, kwargs: dict) -> Tens | None:
    """The shape (and, for rfft / fft, the complex dtype) of a 1-D FFT of a known shape; None
    when not known (the caller's unknown result stands)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    f = run.f
    x = _arg(args, kwargs, 0, "input")
    n, dim = _arg(args, kwargs, 1, "n"), _arg(args, kwargs, 2, "dim", -1)
    xs = _shape(x)
    if xs is None or not xs or (n is not None and not _is_int(n)):
        return None
    ax = _axis(dim, len(xs))
    if ax is None:
        return None
    m = xs[ax]
    if name == "irfft":
        size = n if n is not None else 2 * (m - 1)
    else:
        size = n if n is not None else m
        if name == "rfft":
            size = size // 2 + 1
    if size < 1:
        return None
    out = Tens(None, (*xs[:ax], size, *xs[ax + 1 :]))
    if name in ("rfft", "fft"):
        return dataflow_checks.mark(f, out, dtype=COMPLEX)
    if name == "irfft":  # a real signal whatever the spectrum's dtype (view_as_real refuses it)
        return dataflow_checks.mark(f, out, real=True)
    return out


_REAL = ("float", "float64", "int64", "uint8", "bool")


def _real(f: Any, x: Any) -> bool:
    """``x`` is known to hold real numbers: a real dtype fact, or the model's input itself
    (``check --input-shape`` feeds a real tensor: floats, or token ids)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    if dataflow_checks.fact(f, x, "dtype") in _REAL:
        return True
    node = f.node(x.src) if isinstance(x, Tens) and x.src is not None else None
    return node is not None and node.type == "Input"


def short_signal(f: Any, xs: tuple, n_fft: int, center: Any, pad_mode: Any, loc: Any) -> bool:
    """``torch.stft`` of a signal too short for ``n_fft``: centred (the default), torch pads
    ``n_fft // 2`` on each side, and its default ``reflect`` padding needs fewer than the
    signal's length; not centred, a frame longer than the signal (both measured in torch
    2.13). True when reported."""
    n = xs[-1]
    if f.input_shape is None or loc is None or not _is_int(n):
        return False
    if center is True and pad_mode in (None, "reflect") and n_fft // 2 >= n:
        rows = [1, *xs] if len(xs) == 2 else [1, 1, *xs]
        f.crash(
            loc,
            "RuntimeError: Argument #4: Padding size should be less than the corresponding "
            f"input dimension, but got: padding ({n_fft // 2}, {n_fft // 2}) at dimension "
            f"{len(rows) - 1} of input {rows}",
        )
        return True
    if center is False and n_fft > n:
        f.crash(loc, f"RuntimeError: stft: expected 0 < n_fft <= {n}, but got n_fft={n_fft}")
        return True
    return False


def stft(run: Any, args: list, kwargs: dict, loc: Any = None) -> Tens | None:
    """``torch.stft(x, n_fft, hop, return_complex=True)`` of a real ``(L,)`` / ``(B, L)``
    signal: complex ``(B, n_fft // 2 + 1, frames)`` (``n_fft`` rows when not one-sided),
    frames ``1 + L // hop`` centred, ``1 + (L - n_fft) // hop`` not. None for every other
    form (a complex input, real output, a window or length torch might reject)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    f = run.f
    names = ("input", "n_fft", "hop_length", "win_length", "window", "center", "pad_mode")
    x, n_fft, hop, win, window, center, pad_mode = (
        _arg(args, kwargs, i, n) for i, n in enumerate(names)
    )
    center = True if center is None else center
    onesided = kwargs.get("onesided", True)
    onesided = True if onesided is None else onesided
    xs = _shape(x)
    if _is_int(n_fft) and n_fft > 0 and (win is None or _is_int(win)):
        from driftcheck.parsers.source.forward import dataflow_axes

        if dataflow_axes.stft_window(f, n_fft, win, window, loc):
            return Tens(None)
    if xs is None or len(xs) not in (1, 2) or not _is_int(n_fft) or n_fft < 1:
        return None
    if kwargs.get("return_complex") is None and len(args) <= 9 and _real(f, x):
        f.crash(
            loc,
            "stft requires the return_complex parameter be given for real inputs, and will "
            "further require that return_complex=True in a future PyTorch release.",
        )
        return Tens(None)
    if short_signal(f, xs, n_fft, center, pad_mode, loc):
        return Tens(None)
    if kwargs.get("return_complex") is not True or dataflow_checks.fact(f, x, "dtype") not in (
        None,
        dataflow_checks.FLOAT,
        "float64",
    ):
        return None  # (a real float signal's frames: a known float dtype is one too)
    hop = n_fft // 4 if hop is None else hop
    if (
        not _is_int(hop)
        or hop < 1
        or not isinstance(center, bool)
        or not isinstance(onesided, bool)
    ):
        return None
    if win is not None and win != n_fft:
        return None
    if _shape(window) not in (None, (n_fft,)):
        return None  # a window torch rejects: its error, not ours (an unknown one: either way
        # the result has this shape, or torch raises at this call)
    n = xs[-1]
    if center:
        if n_fft // 2 >= n:
            return None
        frames = 1 + n // hop
    else:
        if n < n_fft:
            return None
        frames = 1 + (n - n_fft) // hop
    rows = n_fft // 2 + 1 if onesided else n_fft
    return dataflow_checks.mark(f, Tens(None, (*xs[:-1], rows, frames)), dtype=COMPLEX)


# ---------------------------------------------------------------------- sampling grids
def _size_arg(v: Any) -> tuple[int, ...] | None:
    if isinstance(v, ShapeOf):
        return _shape(v.t)
    if isinstance(v, (tuple, list)) and all(_is_int(d) for d in v):
        return tuple(v)
    return None


def meshgrid(args: list, kwargs: dict) -> tuple | None:
    """``torch.meshgrid(a, b, indexing="ij")`` of vectors: one tensor per input, each of shape
    ``(len(a), len(b), ...)`` (``"xy"`` swaps the first two)."""
    ts = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
    shapes = [_shape(t) for t in ts]
    indexing = kwargs.get("indexing", "ij")
    if not ts or any(s is None or len(s) > 1 for s in shapes) or indexing not in ("ij", "xy"):
        return None
    sizes = [s[0] if s else 1 for s in shapes]
    if indexing == "xy" and len(sizes) > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    return tuple(Tens(None, tuple(sizes)) for _ in ts)


def affine_grid(run: Any, args: list, kwargs: dict, loc: Any) -> Tens | None:
    f = run.f
    theta, size = _arg(args, kwargs, 0, "theta"), _size_arg(_arg(args, kwargs, 1, "size"))
    ts = _shape(theta)
    if size is not None and len(size) not in (4, 5):
        from driftcheck.parsers.source.forward import dataflow_fix28

        err = dataflow_fix28.affine_grid_size(theta, size)
        if err is not None:
            f.crash(loc, err)  # ``[N, C, H]``: 4 or 5 items (session 28)
            return Tens(None)
    if ts is None or size is None or len(size) not in (4, 5):
        return None
    want = (size[0], 2, 3) if len(size) == 4 else (size[0], 3, 4)
    if ts != want:
        f.crash(
            loc,
            f"affine_grid: expected a batch of affine matrices of shape {list(want)} for size "
            f"{list(size)}, got theta of shape {list(ts)} (ValueError)",
        )
        return Tens(None)
    return Tens(None, (size[0], *size[2:], len(size) - 2))


def grid_sample(run: Any, args: list, kwargs: dict, loc: Any) -> Tens | None:
    f = run.f
    xs = _shape(_arg(args, kwargs, 0, "input"))
    gs = _shape(_arg(args, kwargs, 1, "grid"))
    if xs is None or gs is None or len(xs) not in (4, 5):
        return None
    nd = len(xs) - 2
    if len(gs) != len(xs):
        f.crash(loc, f"grid_sample: a {len(xs)}-D input takes a {len(xs)}-D grid, got {list(gs)}")
        return Tens(None)
    if gs[-1] != nd:
        f.crash(
            loc,
            f"grid_sample: expected grid to have size {nd} in last dimension, but got grid "
            f"with sizes {list(gs)}",
        )
        return Tens(None)
    if gs[0] != xs[0]:
        f.crash(loc, f"grid_sample: grid and input batch sizes differ ({gs[0]} and {xs[0]})")
        return Tens(None)
    return Tens(None, (xs[0], xs[1], *gs[1:-1]))


def interpolate_args(run: Any, args: list, kwargs: dict, loc: Any) -> None:
    xs = _ranked(_arg(args, kwargs, 0, "input"))
    for i, key, what in ((1, "size", "output size"), (2, "scale_factor", "scale_factor")):
        v = _arg(args, kwargs, i, key)
        if xs is not None and 3 <= len(xs) <= 5 and isinstance(v, (tuple, list)):
            if len(v) != len(xs) - 2:
                # ``size=(16,)`` for a 4-D input: one entry per spatial axis (ValueError)
                run.f.crash(
                    loc,
                    f"interpolate: Input and {'output' if i == 1 else key} must have the same "
                    f"number of spatial dimensions, but got input with {len(xs) - 2} spatial "
                    f"dimensions and {what} {tuple(v)} (ValueError)",
                )
                return
    mode = _arg(args, kwargs, 3, "mode", "nearest")
    ac = _arg(args, kwargs, 4, "align_corners")
    if isinstance(mode, str) and mode in _NO_ALIGN and isinstance(ac, bool):
        run.f.crash(
            loc,
            "interpolate: align_corners option can only be set with the interpolating modes "
            f"(linear, bilinear, bicubic, trilinear), not mode={mode!r} (ValueError)",
        )


# ---------------------------------------------------------------------- index_add / scatter_add
def index_add(run: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> None:
    """``t.index_add_(dim, index, source)`` / ``t.scatter_add(dim, index, src)``: torch's size
    checks between ``t``, ``index`` and the source (``alpha`` and reductions aside)."""
    f = run.f
    dim = _arg(args, kwargs, 0, "dim")
    ix = _shape(_arg(args, kwargs, 1, "index"))
    source = _arg(args, kwargs, 2, "source" if name == "index_add" else "src")
    if name == "index_add":
        # the ranks and the one size compared must be known (``m = lin(x[idx])`` has rows
        # known only on data, its width known)
        ts, src = _ranked(t), _ranked(source)
        if ts is None or ix is None or src is None or not ts:
            return
        ax = _axis(dim, len(ts))
        if ax is None:
            return
        if len(ix) > 1:
            f.crash(loc, f"index_add_(): Index is supposed to be a vector, got shape {list(ix)}")
        elif src and len(src) != len(ts):
            f.crash(
                loc,
                f"index_add_(): source {list(src)} and self {list(ts)} must have the same "
                "number of dimensions",
            )
        elif src and any(
            _is_int(a) and _is_int(b) and a != b for d, (a, b) in enumerate(zip(src, ts)) if d != ax
        ):
            # torch's CPU kernel: no broadcasting of the source (``(8, 1)`` into ``(6, 16)``
            # fails as well; ``m = self.msg(x[src])`` wider than the nodes ``x`` it is added
            # into); a size known only on data is not judged
            f.crash(
                loc,
                "index_add_(): source tensor shape must match self tensor shape, excluding "
                f"the specified dimension. Got self.shape = {list(ts)} source.shape = "
                f"{list(src)}",
            )
        elif src and _is_int(src[ax]) and src[ax] != (ix[0] if ix else 1):
            f.crash(
                loc,
                f"index_add_(): Number of indices ({ix[0] if ix else 1}) should be equal to "
                f"source.size(dim): ({src[ax]}), for dim: {ax}",
            )
        return
    ts, src = _ranked(t), _ranked(source)
    if ts is None or ix is None or src is None or not ts or not ix:
        return
    ax = _axis(dim, len(ts))
    if ax is None:
        return
    if len(ix) != len(ts) or len(src) != len(ts):
        f.crash(
            loc,
            f"scatter_add: index {list(ix)} must have the same number of dimensions as self "
            f"(rank {len(ts)}) and src (rank {len(src)})",
        )
        return
    ts, src = _shape(t), _shape(source)
    if ts is None or src is None:
        return
    if any(i > s for i, s in zip(ix, src)) or any(
        i > s for d, (i, s) in enumerate(zip(ix, ts)) if d != ax
    ):
        f.crash(
            loc,
            f"scatter_add: index {list(ix)} is larger than src {list(src)} or than self "
            f"{list(ts)} apart from dimension {ax}",
        )


# the scatter family: every index value must lie in ``[0, self.size(dim))`` (no wrapping)
SCATTERS = frozenset({"scatter", "scatter_add", "scatter_reduce"})


def scatter_range(run: Any, t: Tens, args: list, kwargs: dict, loc: Any) -> None:
    """``acc.scatter_add_(1, idx, h)`` with ``idx``'s values known (``arange(n) % p``
    expanded): a value outside ``[0, acc.shape[dim])`` is torch's RuntimeError "index 2 is
    out of bounds for dimension 1 with size 2" (torch 2.13's scatter/gather kernel checks
    each index; a negative one is not wrapped)."""
    from driftcheck.parsers.source.forward.dataflow_checks import index_values_out

    f = run.f
    ts = _shape(t)
    if ts is None or not ts:
        return
    ax = _axis(_arg(args, kwargs, 0, "dim"), len(ts))
    if ax is None or not _is_int(ts[ax]):
        return
    v = index_values_out(f, _arg(args, kwargs, 1, "index"), ts[ax])
    if v is not None:
        f.crash(loc, f"scatter: index {v} is out of bounds for dimension {ax} with size {ts[ax]}")


# ---------------------------------------------------------------------- RNN initial state
_TENSOR_STATE = ("GRU", "RNN", "GRUCell", "RNNCell")


def decoder_batch(f: Any, obj: Any, tgt: Any, memory: Any, loc: Any) -> bool:
    """torch's ``TransformerDecoderLayer(tgt, memory)`` on 3-D inputs: the cross-attention
    needs one batch size (axis 1, or 0 with ``batch_first``); another is a reshape error in
    ``multi_head_attention_forward`` (a DETR decoder fed batch-first queries to a layer built
    sequence-first). True when it crashed."""
    bf = obj.params.get("batch_first", False)
    ts, ms = _shape(tgt), _shape(memory)
    if f.input_shape is None or not isinstance(bf, bool) or ts is None or ms is None:
        return False
    if len(ts) != 3 or len(ms) != 3:
        return False
    b = 0 if bf else 1
    if not (_is_int(ts[b]) and _is_int(ms[b])) or ts[b] == ms[b]:
        return False
    layout = "(batch, seq, feature)" if bf else "(seq, batch, feature)"
    f.crash(
        loc,
        f"TransformerDecoderLayer(batch_first={bf}) reads {layout}: tgt {list(ts)} and memory "
        f"{list(ms)} have batch sizes {ts[b]} and {ms[b]} (the cross-attention's reshape fails)",
    )
    return True


def rnn_hx_kind(f: Any, type_: str, x: Any, hx: Any, loc: Any) -> bool:
    """The kind of an RNN's initial state (torch 2.13): a GRU / RNN (cell) takes one tensor,
    a tuple is ``AttributeError: 'tuple' object has no attribute 'dim'`` (an LSTM's
    ``(h, c)`` handed on to a GRU decoder); an LSTM takes ``(h0, c0)``, a tensor of known
    shape raises (``hx[1]`` past its first axis, or 2-D rows where 3-D states go); an
    ``LSTMCell`` on a batch given a tensor is ``lstm_cell()``'s TypeError (unbatched, torch
    reads the rows as the pair). True when it crashed."""
    if f.input_shape is None or hx is None:
        return False
    xs = _shape(x)
    if type_ in _TENSOR_STATE and isinstance(hx, (tuple, list)):
        kind = "tuple" if isinstance(hx, tuple) else "list"
        f.crash(loc, f"AttributeError: '{kind}' object has no attribute 'dim' ({type_}'s hx)")
        return True
    hs = _shape(hx) if isinstance(hx, Tens) else None
    if hs is None or xs is None:
        return False
    if type_ == "LSTM" and len(xs) in (2, 3):
        if hs and hs[0] == 1:
            err = "IndexError: index 1 is out of bounds for dimension 0 with size 1"
        else:
            err = "RuntimeError: LSTM's hx must be a tuple (h_0, c_0), got one tensor"
        f.crash(loc, err)
        return True
    if type_ == "LSTMCell" and len(xs) == 2:
        f.crash(
            loc,
            "TypeError: lstm_cell(): argument 'hx' (position 2) must be tuple of Tensors, "
            "not Tensor",
        )
        return True
    return False


def rnn_hx(f: Any, node: Any, args: list, kwargs: dict, loc: Any) -> None:
    """``gru(x, h0)``: ``h0`` must be the shape the call returns as ``h_n`` (an LSTM's
    ``(h0, c0)`` each its own); torch raises on any other shape."""
    from driftcheck.parsers.source.forward import dataflow_checks

    x = args[0] if args else kwargs.get("input")
    hx = args[1] if len(args) > 1 else kwargs.get("hx")
    if not isinstance(x, Tens) or hx is None:
        return
    if rnn_hx_kind(f, node.type, x, hx, loc) or node.type == "LSTMCell":
        return  # an ``LSTMCell``'s state is judged by ``rnn_hx_kind`` only (an unbatched
        # cell reads a ``(2, hidden)`` tensor as its pair)
    state = dataflow_checks.rnn_state(f, node, x)
    if not state:
        return
    want = state[0] if node.type == "LSTM" else (state[0],)
    got = tuple(hx) if node.type == "LSTM" and isinstance(hx, (tuple, list)) else (hx,)
    if len(got) != len(want):
        return
    for g, w in zip(got, want):
        gs, ws = _shape(g), _shape(w)
        if gs is not None and ws is not None and gs != ws:
            f.crash(
                loc,
                f"{node.type}: Expected hidden size {ws}, got {list(gs)} (initial state "
                "is (num_layers * num_directions, batch, hidden_size))",
            )
            return


def call(run: Any, q: str, name: str, args: list, kwargs: dict, loc: Any) -> Tens | None:
    """``call_torch``'s hook: the result of a function checked here, or None (go on)."""
    if q.startswith("torch.fft.") and name in FFT:
        return fft(run, name, args, kwargs)
    if name == "stft":
        return stft(run, args, kwargs, loc)
    if name == "meshgrid":
        return meshgrid(args, kwargs)
    if name == "affine_grid":
        return affine_grid(run, args, kwargs, loc)
    if name == "grid_sample":
        return grid_sample(run, args, kwargs, loc)
    if name == "interpolate":
        interpolate_args(run, args, kwargs, loc)
    return None


# ---------------------------------------------------------------------- float64
def buffer_dtype(f: Any, v: Any, out: Any) -> Any:
    """Facts of a buffer whose values ``__init__`` computed: float64 (``torch.tensor(stats,
    dtype=torch.float64)``), a boolean mask's count of true items, the values of a short
    integer or boolean vector (``lengths``). Values are as ``__init__`` left them, so they
    hold only until forward's first in-place write (``dataflow_checks.VALUE_FACTS``)."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.library import tensorvalues

    if f.input_shape is None or not isinstance(out, Tens) or out.shape is None:
        return out
    # approximate values (a ``torch.hann_window`` buffer) still have an exact dtype and shape
    arr, approx = tensorvalues.values(v)
    kind = getattr(getattr(arr, "dtype", None), "kind", None)
    if arr is None:
        return _made_dtype(f, v, out)
    if kind is None or tuple(arr.shape) != out.shape:
        return out
    facts: dict[str, Any] = {}
    if str(arr.dtype) == "float64":
        facts["dtype"] = F64
    elif str(arr.dtype) in ("float32", "float16"):
        facts["dtype"] = dataflow_checks.FLOAT  # torch.ones / tril of ones: a float mask
    elif kind == "i":
        facts["dtype"] = dataflow_checks.INT
        if str(arr.dtype) == "int64":
            facts["long"] = True  # surely int64 (not uint8): an index tensor's rows
    elif str(arr.dtype) == "uint8":
        facts["dtype"] = dataflow_checks.UINT8  # a mask to torch's indexing and ``where``
        facts["count"] = int((arr != 0).sum())
    elif kind == "b":
        facts["dtype"] = BOOL
        facts["count"] = int(arr.sum())  # the items a boolean mask selects
    if arr.ndim == 1 and arr.size <= 64 and kind in "bi" and not approx:
        facts["values"] = tuple(int(a) for a in arr.tolist())  # lengths, small index lists
    # values as ``__init__`` left them: true until forward's first in-place write (stamp 0),
    # which may reach the buffer through an alias (``p = self.pos; p.clamp_(...)``)
    out = dataflow_checks.mark(f, out, stamp=0, **facts) if facts else out
    if not approx:
        from driftcheck.parsers.source.forward import dataflow_known

        dataflow_known.remember(f, out, arr, stamp=0)  # followed through indexing, comparisons
    return out


# the interpreter's dtype of a buffer without values (``library/tensordtypes``: the factory's
# ``dtype=``, ``torch.full``'s fill, a cast) -> the forward's dtype facts
_MADE = {
    "float64": {"dtype": F64},
    "float32": {"dtype": "float"},
    "float16": {"dtype": "float"},
    "bfloat16": {"dtype": "float"},
    "int64": {"dtype": "int64", "long": True},
    "int32": {"dtype": "int64"},
    "int16": {"dtype": "int64"},
    "int8": {"dtype": "int64"},
    "uint8": {"dtype": "uint8"},
    "bool": {"dtype": BOOL},
}


def _made_dtype(f: Any, v: Any, out: Tens) -> Tens:
    """A buffer ``__init__`` made without known values (``torch.full((16,), 3)``): the dtype
    the interpreter gave it, when it has one; a float one only while the analyzed code cannot
    have changed torch's default dtype (``tensordtypes.default_may_change``)."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.library import tensordtypes

    d = tensordtypes.dtype_of(v)
    facts = _MADE.get(d or "")
    if facts is None or (d in tensordtypes.FLOATS and tensordtypes.default_may_change(f.interp)):
        return out
    return dataflow_checks.add_facts(f, out, replace=False, **facts)


def param_dtype(f: Any, v: Any, out: Tens) -> Tens:
    """``self.scale``, a Parameter: its dtype as ``__init__`` made it (a checkpoint's values are
    cast to it on load, so the dtype holds where the values do not: no value facts here)."""
    return _made_dtype(f, v, out)


def promote(f: Any, a: Any, b: Any, out: Any) -> None:
    """``x - mean`` with ``mean`` float64 of rank >= 1: the result is float64 (a complex
    operand, or a float64 0-D tensor beside a tensor of rank >= 1, gives no fact)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    if not isinstance(out, Tens):
        return
    dts = [dataflow_checks.fact(f, x, "dtype") if isinstance(x, Tens) else None for x in (a, b)]
    if COMPLEX in dts or F64 not in dts:
        return
    for x, dt in zip((a, b), dts):
        if dt != F64:
            continue
        if _ranked(x):  # rank >= 1: it takes part in the promotion whatever the other is
            dataflow_checks.mark(f, out, dtype=F64)
            return
        other = b if x is a else a
        if not isinstance(other, Tens) or _ranked(other) == ():
            dataflow_checks.mark(f, out, dtype=F64)  # with a number or another 0-D tensor
            return


# ---------------------------------------------------------------------- a layer's tensors
_BN = {"BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm"}


def _torch_leaf(leaf: Any) -> bool:
    """torch's own layer class (not a user class the catalogue reads as one, whose tensors
    and attributes may be laid out otherwise)."""
    return isinstance(leaf.torch, str) and leaf.torch.startswith("torch.nn.")


def leaf_tensor_shape(run: Any, leaf: Any, name: str) -> tuple | None:
    """The shape of ``layer.weight`` / ``.bias`` (a BatchNorm's running statistics too) of a
    catalogue layer whose parameters are all known; None otherwise (a reparametrized weight,
    an unresolved size, a layer without that tensor)."""
    if (
        run.f.input_shape is None
        or leaf.unresolved
        or leaf.wnorm
        or leaf.gone
        or not _torch_leaf(leaf)
    ):
        return None
    spec = run.f.queries.spec(leaf.type)
    if spec is None:
        return None
    try:
        bound = spec.bind(leaf.params)
        if name in ("running_mean", "running_var"):
            if leaf.type not in _BN or bound.get("track_running_stats") is not True:
                return None
            shape: Any = (bound.get("num_features"),)
        else:
            shape = spec.weights(bound).get(name)
    except Exception:  # noqa: BLE001 - parameters the rule cannot read
        return None
    if isinstance(shape, (tuple, list)) and shape and all(_is_int(d) and d > 0 for d in shape):
        return tuple(shape)
    return None


# attributes torch's layers hold as the plain value the catalogue binds
_SCALAR_ATTRS = {
    "eps", "momentum", "affine", "track_running_stats", "num_features", "in_features",
    "out_features", "in_channels", "out_channels", "groups", "num_embeddings", "embedding_dim",
    "hidden_size", "input_size", "num_layers", "bidirectional", "batch_first", "embed_dim",
    "num_heads", "num_groups", "num_channels",
}  # fmt: skip


def leaf_default(run: Any, leaf: Any, name: str) -> Any:
    """A catalogue layer's parameter left at its default (``self.bn.eps``), as torch's layer
    holds it: a plain number, string or flag; None when not one."""
    if name not in _SCALAR_ATTRS:
        return None  # torch keeps others in another form (``kernel_size`` as a tuple)
    spec = run.f.queries.spec(leaf.type)
    if spec is None or leaf.unresolved or not _torch_leaf(leaf):
        return None
    try:
        v = spec.bind(leaf.params).get(name)
    except Exception:  # noqa: BLE001 - parameters the rule cannot read
        return None
    return v if isinstance(v, (int, float, str, bool)) else None


# ---------------------------------------------------------------------- masked writes
def _fits(vs: tuple, target: tuple) -> bool:
    """Whether a value of shape ``vs`` can be written into an indexing result of shape
    ``target`` (``None``: a size not known, which any size may be). torch drops the value's
    leading 1s, then expands it to the result without widening it."""
    while vs and vs[0] == 1:
        vs = vs[1:]
    return len(vs) <= len(target) and all(
        a == 1 or b is None or a == b for a, b in zip(reversed(vs), reversed(target))
    )


def setitem(run: Any, tgt: Any, v: Any, fr: Any) -> None:
    """``x[key] = value`` with a tensor ``key`` (torch's ``index_put_``; only plain names and
    attributes are evaluated here: no op is added to the graph). A boolean (or uint8) key is a
    mask of ``x``'s leading axes and selects ``(count, *rest)``; an integer one picks rows,
    ``(*key.shape, *x.shape[1:])``; any other dtype raises. With the key's dtype known, its
    own form is checked; with it unknown, the write is a crash only when the value fits
    neither form (a mask's count unknown fits any size)."""
    import ast

    from driftcheck.parsers.source.forward import dataflow_checks

    f = run.f
    plain = (ast.Name, ast.Attribute)
    if not isinstance(tgt.value, plain) or not isinstance(tgt.slice, plain):
        return
    base, key = run.eval(tgt.value, fr), run.eval(tgt.slice, fr)
    xs, ms = _shape(base), _shape(key)
    if xs is None or ms is None or not xs or not ms:
        return
    dtype = dataflow_checks.fact(f, key, "dtype")
    if dtype not in (BOOL, dataflow_checks.UINT8, dataflow_checks.INT, None):
        return
    loc = fr.loc(tgt)
    mask_fits = len(ms) <= len(xs) and all(a == b for a, b in zip(ms, xs))
    masked = dtype in (BOOL, dataflow_checks.UINT8)  # torch reads uint8 as a mask too
    if masked and not mask_fits:
        f.crash(
            loc,
            f"IndexError: the shape of the mask {list(ms)} does not match the shape of the "
            f"indexed tensor {list(xs)}",
        )
        return
    vs = _shape(v)
    if vs is None:
        return
    count = dataflow_checks.fact(f, key, "count") if masked else None
    as_mask = (count if _is_int(count) else None, *xs[len(ms) :])
    as_rows = (*ms, *xs[1:])
    if masked:
        fits, target = _fits(vs, as_mask), as_mask
    elif dtype == dataflow_checks.INT:
        fits, target = _fits(vs, as_rows), as_rows
    else:  # a bool mask or integer rows: torch raises under either reading only
        fits = (mask_fits and _fits(vs, as_mask)) or _fits(vs, as_rows)
        target = as_mask if mask_fits else as_rows
    if not fits:
        shown = [d if d is not None else "?" for d in target]
        f.crash(
            loc,
            f"shape mismatch: value tensor of shape {list(vs)} cannot be broadcast to "
            f"indexing result of shape {shown}",
        )


# ---------------------------------------------------------------------- packed sequences
def pack_padded(run: Any, args: list, kwargs: dict, loc: Any) -> str | None:
    """torch's own checks of ``pack_padded_sequence`` (a crash at ``loc``); a length past the
    input's time steps is returned instead (torch raises only where the sequence is read)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    f = run.f
    names = ("input", "lengths", "batch_first", "enforce_sorted")
    x, lengths, bf, sort = (_arg(args, kwargs, i, n) for i, n in enumerate(names))
    bf = False if bf is None else bf
    sort = True if sort is None else sort
    xs = _shape(x)
    if isinstance(lengths, Tens):
        from driftcheck.parsers.source.forward import dataflow_known

        arr = dataflow_known.array(f, lengths)  # ``self.lengths.cpu()``: followed values
        got = dataflow_checks.fact(f, lengths, "values")
        if got is None and arr is not None and arr.ndim == 1 and arr.dtype.kind in "iu":
            got = tuple(int(v) for v in arr.tolist())
        lengths = got
    if xs is None or len(xs) < 2 or not isinstance(bf, bool) or not isinstance(sort, bool):
        return
    if not isinstance(lengths, (list, tuple)) or not all(_is_int(n) for n in lengths):
        return
    batch, steps = (xs[0], xs[1]) if bf else (xs[1], xs[0])
    why = None
    if len(lengths) != batch:
        why = f"Expected `len(lengths)` to be equal to batch_size, but got {len(lengths)} (batch_size={batch})"
    elif lengths and min(lengths) <= 0:
        why = "Length of all samples has to be greater than 0"
    elif sort and any(a < b for a, b in zip(lengths, lengths[1:])):
        why = "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True"
    if why:
        f.crash(loc, f"pack_padded_sequence: {why}")
    elif lengths and max(lengths) > steps:
        # torch 2.13 packs this without a check (fewer data rows than ``batch_sizes`` sums
        # to): what reads the packed sequence as one (an RNN, ``pad_packed_sequence``) raises,
        # ``.data`` alone runs. dataflow_packed carries the reason to those readers.
        return f"a length {max(lengths)} exceeds the {steps} time steps of the input"
    return None


# ---------------------------------------------------------------------- attention batch axis
def mha_batch(f: Any, node: Any, args: list, kwargs: dict, loc: Any) -> None:
    """torch views ``k`` as ``(S, batch * heads, head_dim)`` with the query's batch: a key
    or value of another batch cannot be viewed so (nor key and value of different lengths)."""
    if node is None or node.type != "MultiheadAttention":
        return
    qkv = [_arg(args, kwargs, i, n) for i, n in enumerate(("query", "key", "value"))]
    shapes = [_shape(t) for t in qkv]
    bf = node.params.get("batch_first", False)
    if any(s is None or len(s) != 3 for s in shapes) or not isinstance(bf, bool):
        return
    q, k, v = shapes
    b = 0 if bf else 1
    if q[b] != k[b] or k[b] != v[b] or k[1 - b] != v[1 - b]:
        layout = "(batch, seq, embed)" if bf else "(seq, batch, embed)"
        f.crash(
            loc,
            f"MultiheadAttention(batch_first={bf}) reads {layout}: query {list(q)}, key "
            f"{list(k)} and value {list(v)} do not share a batch (or key and value a length)",
        )


# ---------------------------------------------------------------------- gather
def gather(run: Any, t: Tens, args: list, kwargs: dict, loc: Any) -> Tens | None:
    ts, ix = _shape(t), _shape(_arg(args, kwargs, 1, "index"))
    if ts is None or ix is None or not ts or kwargs.get("sparse_grad"):
        return None
    ax = _axis(_arg(args, kwargs, 0, "dim"), len(ts))
    if ax is None:
        return None
    if len(ix) != len(ts):
        run.f.crash(
            loc,
            f"gather(): Index tensor {list(ix)} must have the same number of dimensions as "
            f"input tensor {list(ts)}",
        )
        return Tens(None)
    bad = [d for d in range(len(ts)) if d != ax and ix[d] > ts[d]]
    if bad:
        run.f.crash(
            loc,
            f"gather(): Size does not match at dimension {bad[0]}: expected index {list(ix)} "
            f"to be no larger than self {list(ts)} apart from dimension {ax}",
        )
        return Tens(None)
    from driftcheck.parsers.source.forward.dataflow_checks import index_values_out

    v = index_values_out(run.f, _arg(args, kwargs, 1, "index"), ts[ax])
    if v is not None:
        run.f.crash(
            loc, f"gather(): index {v} is out of bounds for dimension {ax} with size {ts[ax]}"
        )
        return Tens(None)
    return Tens(None, ix)
