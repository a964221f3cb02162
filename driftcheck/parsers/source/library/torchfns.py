"""torch functions in ``__init__``: parameters, factories, containers, reparametrizations,
``torch.distributed`` of one process. Layer classes (``nn.Linear``...) are not entries: they
are the catalogue's, or read from torch's own source (``machine.Library.torch_layer``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driftcheck.parsers.source.interp.tensorshapes import KEEP_SHAPE, joined_shape, kept_shape
from driftcheck.parsers.source.library import tensordtypes, torchlib
from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values import torchsize
from driftcheck.parsers.source.values.abstract import (
    Leaf,
    Obj,
    Tensor,
    Unknown,
    UnknownModule,
    UnknownPlain,
    WeightRef,
    is_module,
    plain,
)

T = Group("torch")
NN = Group("torch.nn")
UT = Group("torch.nn.utils")
DIST = Group("torch.distributed")


def _parameter(c: Call) -> Any:
    from driftcheck.parsers.source.interp import gradflag
    from driftcheck.parsers.source.library import wildlib
    from driftcheck.parsers.source.values.abstract import WeightRef

    gradflag.parameter_made(c.interp, c.args, c.kwargs)  # a flag not True (interp/gradflag)
    t = plain(c.args[0]) if c.args else plain(c.kwargs.get("data"))
    if isinstance(t, WeightRef):  # ``nn.Parameter(conv.weight.clone())``: a new tensor, same shape
        known = wildlib.weight_shape(c.interp.attrs, t)
        t = Tensor(known) if known is not None else t
    if isinstance(t, Tensor) and not isinstance(t.shape, Unknown):
        shape = t.shape
    else:  # the note names the data's own reason and the call (a file:line to look at)
        src = t.shape if isinstance(t, Tensor) else t
        why = getattr(src, "why", None) or type(t).__name__
        where = f"{Path(str(c.loc[0])).name}:{c.loc[1]}"
        shape = Unknown(f"parameter data ({why[:160]}) of nn.Parameter at {where}")
    # a Parameter / Buffer keeps its data's dtype (library/paramconv.py decides ``p.double()``
    # by it; ``nn.Parameter(t)`` of an int64 ``t`` needs ``requires_grad=False``, stays int64)
    dtype = tensordtypes.dtype_of(t) if isinstance(t, Tensor) else None
    out = Tensor(shape, param=c.qual != "torch.nn.Buffer", dtype=dtype)
    if isinstance(t, Tensor) and t.data is not None and t.cls is None:
        # the values it was made with, for the forward pass only (a freshly built model's
        # ``log_std``: forward/dataflow_fix32.stored_values, which checks nothing wrote it);
        # the interpreter does not follow in-place writes of a parameter, so ``data`` stays
        # None for every other reader
        try:
            made = c.interp.made_values
        except AttributeError:
            made = c.interp.made_values = {}
        made[id(out)] = (out, t)
    return out


NN.add(
    "Parameter",
    _parameter,
    "Parameter(t): a parameter of t's shape",
    "torch.nn.parameter.Parameter",
)
NN.add("Buffer", _parameter, "Buffer(t): a buffer of t's shape (not a parameter)")


@NN.entry("Module", doc="Module(): an empty module filled by attribute writes")
def _module(c: Call) -> Any:
    return Obj(cls=None, module=True, loc=(str(c.loc[0]), c.loc[1]), qual="torch.nn.Module")


def _container(c: Call) -> Any:
    return torchlib.container(c.qual.rsplit(".", 1)[-1], c.args, c.kwargs, c.loc, c.interp)


for _k in sorted(torchlib.CONTAINERS):
    NN.add(
        _k,
        _container,
        f"{_k}(...): a container module of the given items",
        f"torch.nn.modules.container.{_k}",
    )


def _reparam(c: Call) -> Any:
    from driftcheck.parsers.source.library import torchsurgery

    got = c.interp.library.reparametrize(c.qual.rsplit(".", 1)[-1], c.args, c.kwargs, c.loc)
    name = c.plain(1, "name", "weight")  # what ``remove_parametrizations`` reads back
    torchsurgery.record(got, c.qual, name)
    from driftcheck.parsers.source.forward import dataflow_fix34b

    dataflow_fix34b.reparam_unsure(c, got, name)  # applied under an undecided condition
    return got


UT.rule(
    "torch.nn.utils.*.weight_norm / spectral_norm / orthogonal",
    lambda q: (
        q.startswith("torch.nn.utils.")
        and q.endswith((".weight_norm", ".spectral_norm", ".orthogonal"))
    ),
    doc="weight_norm(layer, name, dim) (old and parametrizations APIs) adds the magnitude "
    "tensor; spectral_norm and orthogonal keep the count (one original per weight)",
)(_reparam)


def _remove_old(c: Call) -> Any:
    from driftcheck.parsers.source.library import torchsurgery  # a cycle

    return torchsurgery.remove_old(c)


UT.rule(
    "torch.nn.utils.*.remove_weight_norm / remove_spectral_norm",
    lambda q: (
        q.startswith("torch.nn.utils.")
        and q.endswith((".remove_weight_norm", ".remove_spectral_norm"))
    ),
    doc="remove_weight_norm(m, name) / remove_spectral_norm(m, name) of the old hook API: "
    "weight_norm's magnitude gone (one weight left), spectral_norm's count unchanged; "
    "without that hook recorded (torch raises ValueError) unknown",
)(_remove_old)


@UT.entry(
    "parametrize.register_parametrization",
    doc="register_parametrization(layer, name, p): the count is unchanged for a p without "
    "weights; a p with weights leaves the layer's count unknown",
)
def _register_parametrization(c: Call) -> Any:
    from driftcheck.parsers.source.interp.statements import weightless  # a cycle

    mod, p = c.plain(0, "module"), c.plain(2, "parametrization")
    from driftcheck.parsers.source.forward import dataflow_fix34d  # a cycle

    dataflow_fix34d.reparam_unsure(c, c.plain(1, "tensor_name"))  # undecided / unknown module
    if not isinstance(mod, (Obj, Leaf)) or not is_module(mod):
        return UnknownModule("register_parametrization of an unknown module")
    from driftcheck.parsers.source.interp import ownedparts
    from driftcheck.parsers.source.library import torchsurgery

    name = c.plain(1, "tensor_name")
    index = len(getattr(mod, torchsurgery._RECORD, {}).get(name, ()))  # its place in the list
    if not weightless(p) and not ownedparts.add_parametrization(c.interp, mod, name, p, index):
        mod.unresolved.append(f"a parametrization that may hold weights ({c.where})")
    from driftcheck.parsers.source.interp import rightinverse

    # the stored original is ``p.right_inverse(weight)``: a shape or a tuple of its own
    unsafe = c.plain(3, "unsafe", False)
    # a later registration keeps the originals; ``unsafe=True`` skips torch's check of it
    inverse = None if index and unsafe is True else rightinverse.unsure(c, mod, name, p)
    if inverse is not None:
        mod.unresolved.append(inverse)

    # ``unsafe=True`` skips torch's check that the parametrized tensor keeps its shape: a
    # removal then leaves a tensor of a shape not known here (torchsurgery._remove)
    torchsurgery.record(mod, c.qual if unsafe is False else f"{c.qual}(unsafe)", name)
    return mod


@UT.entry("skip_init", doc="skip_init(cls, *args, **kw): the module cls(*args, **kw) builds")
def _skip_init(c: Call) -> Any:
    if not c.args:
        return c.unknown("skip_init() without a class")
    kw = {k: v for k, v in c.kwargs.items() if k != "device"}
    return c.interp.calls.call(c.args[0], c.args[1:], kw, c.loc)


# factories whose argument is data (or a tensor to copy the shape of), not sizes
_DATA_FACTORIES = (
    "tensor",
    "as_tensor",
    "from_numpy",
    "Tensor",
    *torchlib.TYPED_CONSTRUCTORS,
    "_like",
)


def _indexed(c: Call) -> Call:
    """``c`` with each size argument (or item of a sizes tuple / list) that is an instance of
    a source class with ``__index__`` replaced by the int that method returns: torch reads a
    size through ``operator.index``. ``c`` itself when there is none."""
    from dataclasses import replace

    from driftcheck.parsers.source.interp import numproto  # a cycle at import

    ip = c.interp
    changed = False

    def conv(a: Any) -> Any:
        # raw values only, never ``plain()``: a config hole read here would be a use a
        # template records (tests/test_template.py); a size object is never wrapped
        nonlocal changed
        if type(a) in (tuple, list) and any(numproto.applies(x) for x in a):
            changed = True
            return type(a)(numproto.index_value(ip, x) for x in a)
        if numproto.applies(a):
            changed = True
            return numproto.index_value(ip, a)
        return a

    args = [conv(a) for a in c.args]
    kwargs = {k: conv(v) if k == "size" else v for k, v in c.kwargs.items()}
    return replace(c, args=args, kwargs=kwargs) if changed else c


def _factory(c: Call) -> Any:
    if c.qual.endswith("_like") and c.args and isinstance(plain(c.args[0]), WeightRef):
        from driftcheck.parsers.source.library.wildlib import weight_shape

        # ``torch.zeros_like(conv.bias)``: the shape torch allocated for that weight
        shape = weight_shape(c.interp.attrs, plain(c.args[0]))
        if shape is not None:
            return Tensor(shape)
    if not c.qual.endswith(_DATA_FACTORIES):
        c = _indexed(c)  # a size object of the code's own with ``__index__``
    # its dtype where torch fixes it without values (library/tensordtypes.py)
    dtype = tensordtypes.factory(c.qual.rsplit(".", 1)[-1], c.args, c.kwargs)
    if "size" in c.kwargs and not c.qual.endswith(("tensor", "as_tensor")):  # normal(0, 1, size=)
        shape = torchlib.shape_of([c.kwargs["size"]], "torch.zeros")
    elif c.qual.endswith(".linspace") and "steps" in c.kwargs and len(c.args) == 2:
        shape = torchlib.shape_of([*c.args, c.kwargs["steps"]], c.qual)  # steps=n: (n,)
    else:
        shape = torchlib.shape_of(c.args, c.qual)
    return Tensor(shape, dtype=dtype)


for _f in sorted(torchlib.FACTORIES):
    T.add(_f, _factory, f"{_f}(...): a tensor of the shape its arguments give")
for _f in sorted(torchlib.ELEMENTWISE - torchlib.FACTORIES):
    T.add(
        _f,
        lambda c: tensordtypes.function(c.qual, c.args, torchlib.elementwise(c.args)),
        f"{_f}(...): the broadcast shape of its tensor arguments",
    )


@T.entry("is_tensor", doc="is_tensor(x): True for tensors, False for plain values and modules")
def _is_tensor(c: Call) -> Any:
    from driftcheck.parsers.source.values.abstract import Cls, Func, Leaf, WeightRef

    v = plain(c.args[0]) if len(c.args) == 1 else Unknown("is_tensor")
    if isinstance(v, (Tensor, WeightRef)):
        return True
    if isinstance(v, (int, float, str, bool, type(None), list, tuple, dict, Cls, Func, Leaf, Obj)):
        return False
    return c.unknown("is_tensor() of an unknown value")


@T.entry("Size", doc="Size(dims): the dims as a tuple")
def _size(c: Call) -> Any:
    v = plain(c.args[0]) if c.args else ()  # ``torch.Size()``: the empty shape (a scalar's)
    return torchsize.TorchSize(v) if isinstance(v, (list, tuple)) else Unknown("Size")


@T.entry("broadcast_shapes", doc="broadcast_shapes(*shapes): the broadcast shape, as a tuple")
def _broadcast_shapes(c: Call) -> Any:
    # gpytorch's ``batch_shape`` of a kernel with sub-kernels: sizes of 1 stretch; an int is a
    # one-dim shape; shapes that do not broadcast (torch raises) or unknown dims stay unknown
    out: Any = ()
    for a in c.args:
        a = plain(a)
        dims = (a,) if isinstance(a, int) and not isinstance(a, bool) else a
        if not isinstance(dims, (list, tuple)) or not all(
            isinstance(plain(d), int) and not isinstance(plain(d), bool) for d in dims
        ):
            return Unknown("Size")
        out = torchlib.broadcast(out, tuple(plain(d) for d in dims))
        if isinstance(out, Unknown):
            return Unknown("Size")
    return out


@T.entry("cat", "concat", "concatenate", "stack", doc="cat / stack of tensors of known shapes")
def _joined(c: Call) -> Any:
    args = c.args
    seq = plain(args[0]) if args else None
    if isinstance(seq, (list, tuple)) and any(isinstance(plain(x), WeightRef) for x in seq):
        # ``torch.cat([head.weight, torch.zeros(2, 64)])`` (growing a layer): a torch layer's
        # weight joins as a tensor of the shape torch allocated it (unknown when not known)
        from driftcheck.parsers.source.library.wildlib import weight_shape

        def as_tensor(x: Any) -> Any:
            if not isinstance(plain(x), WeightRef):
                return x
            shape = weight_shape(c.interp.attrs, plain(x))
            return Tensor(shape if shape is not None else Unknown("weight shape"))

        args = [[as_tensor(x) for x in seq], *args[1:]]
    return tensordtypes.joined(args, c.kwargs, Tensor(joined_shape(c.qual, args, c.kwargs)))


@T.entry(
    "set_default_dtype",
    "set_default_tensor_type",
    doc="set_default_dtype(d): None; float dtypes read afterwards are unknown",
)
def _set_default_dtype(c: Call) -> Any:
    tensordtypes.default_changed(c.interp)
    return None


# a dtype, a device or a number-format record: its value is unknown, but it is never a layer or
# a parameter, so a module storing one (kornia's ``self.dtype = torch.get_default_dtype()``)
# keeps its count (interp/opaque.py)
T.entry("device", "finfo", "iinfo", doc="unknown (a dtype or device)")(
    lambda c: UnknownPlain(c.qual)
)


@T.entry(
    "get_default_dtype",
    doc="get_default_dtype(): torch.float32, torch's default, while no module the analysis "
    "loaded names set_default_dtype / set_default_tensor_type (then unknown)",
)
def _get_default_dtype(c: Call) -> Any:
    """``dtype = torch.get_default_dtype()`` then ``if dtype.is_complex:`` (pykeen's
    embeddings): torch's default, float32, as ``t.dtype`` of a float tensor is read
    (library/tensordtypes.py ``read``): unknown once the default may have changed."""
    if c.args or c.kwargs or tensordtypes.default_may_change(c.interp):
        return UnknownPlain(c.qual)
    return tensordtypes.TorchDType("torch.float32")


# one process, as the analysis assumes: torch.distributed is available but not initialized
DIST.add("is_available", lambda c: True, "is_available(): True")
DIST.add("is_initialized", lambda c: False, "is_initialized(): False (one process)")
DIST.add("get_world_size", lambda c: 1, "get_world_size(): 1 (one process)")
DIST.add("get_rank", lambda c: 0, "get_rank(): 0 (one process)")
DIST.add("get_local_rank", lambda c: 0, "get_local_rank(): 0 (one process)")


@NN.rule(
    "torch.nn.init.*",
    lambda q: q.startswith("torch.nn.init."),
    doc="initializers: the tensor passed (values do not change counts)",
)
def _init(c: Call) -> Any:
    return c.args[0] if c.args else None


@NN.rule(
    "torch.nn.modules.module.*",
    lambda q: q.startswith("torch.nn.modules.module."),
    doc="helpers of torch's module file: their first argument",
)
def _module_helper(c: Call) -> Any:
    return c.args[0] if c.args else None


_NTUPLE = {"_single": 1, "_pair": 2, "_triple": 3, "_quadruple": 4, "_ntuple": 0}


@T.rule(
    "torch.*._single / _pair / _triple / _quadruple / _ntuple",
    lambda q: q.startswith("torch.") and q.rsplit(".", 1)[-1] in _NTUPLE,
    doc="torch's size helpers: a tuple of n copies (a sequence stays itself)",
)
def _ntuple(c: Call) -> Any:
    n = _NTUPLE[c.qual.rsplit(".", 1)[-1]]
    v = plain(c.args[0]) if c.args else Unknown("tuple")
    if isinstance(v, (list, tuple)):
        return tuple(v)
    return (v,) * n if n else Unknown("ntuple")


def _shape(v: Any) -> tuple | None:
    v = plain(v)
    if isinstance(v, Tensor) and isinstance(v.shape, tuple):
        if all(isinstance(plain(d), int) for d in v.shape):
            return tuple(plain(d) for d in v.shape)
    return None


def _same_shape(c: Call) -> Any:
    s = _shape(c.arg(0, "input"))
    return Tensor(s if s is not None else Unknown(f"{c.qual}() at {c.where}"))


for _q in sorted(KEEP_SHAPE):  # causal-mask buffers (interp/tensorshapes.py's rule)
    T.add(
        _q.rsplit(".", 1)[-1],
        lambda c: Tensor(kept_shape(c.qual, c.args, c.kwargs)),
        f"{_q[6:]}(t, ...): a tensor of t's shape",
    )
for _f in ("roll", "square", "relu", "sign", "erf", "logit"):
    T.add(_f, _same_shape, f"{_f}(t, ...): a tensor of t's shape")


@T.entry(
    "hann_window",
    "hamming_window",
    "blackman_window",
    "bartlett_window",
    doc="hann_window(n, periodic=True) and kin: shape (n,) (periodic does not change it)",
)
def _window(c: Call) -> Any:
    n = c.plain(0, "window_length")
    ok = type(n) is int and n >= 0  # torch refuses a negative length
    return Tensor((n,) if ok else Unknown(f"{c.qual}() of an unknown length at {c.where}"))


@T.entry("outer", "ger", doc="outer(a, b) of 1-d tensors: shape (len(a), len(b))")
def _outer(c: Call) -> Any:
    a, b = _shape(c.arg(0)), _shape(c.arg(1))
    if a is None or b is None or len(a) != 1 or len(b) != 1:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    return Tensor((a[0], b[0]))


@T.entry("polar", "complex", doc="polar(abs, angle) / complex(real, imag): the broadcast shape")
def _polar(c: Call) -> Any:
    return torchlib.elementwise(c.args[:2])


@T.entry("flatten", doc="flatten(t, start_dim=0, end_dim=-1): those dims merged")
def _flatten(c: Call) -> Any:
    s = _shape(c.arg(0, "input"))
    start, end = c.plain(1, "start_dim", 0), c.plain(2, "end_dim", -1)
    if s is None or not isinstance(start, int) or not isinstance(end, int):
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if not s:
        return Tensor((1,))
    if not (-len(s) <= start < len(s) and -len(s) <= end < len(s)):
        return Tensor(Unknown(f"{c.qual}() dims out of range at {c.where}"))
    a, b = start % len(s), end % len(s)
    if a > b:
        return Tensor(Unknown(f"{c.qual}() start_dim after end_dim at {c.where}"))
    n = 1
    for d in s[a : b + 1]:
        n *= d
    return Tensor((*s[:a], n, *s[b + 1 :]))


@T.entry(
    "repeat_interleave", doc="repeat_interleave(t, n[, dim]): that dim (or the flattened t) n times"
)
def _repeat_interleave(c: Call) -> Any:
    s, n, dim = _shape(c.arg(0, "input")), c.plain(1, "repeats"), c.plain(2, "dim")
    if s is None or not isinstance(n, int) or isinstance(n, bool):
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if dim is None:
        total = 1
        for d in s:
            total *= d
        return Tensor((total * n,))
    if not isinstance(dim, int) or not -len(s) <= dim < len(s):
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    d = dim % len(s)
    return Tensor(tuple(x * n if i == d else x for i, x in enumerate(s)))


# ------------------------------------------------------------------ linear algebra
# Glow's invertible 1x1 convolution: ``Q, _ = torch.linalg.qr(torch.randn(c, c))``, then
# ``P, L, U = torch.lu_unpack(*Q.lu())`` and ``U.diag()`` become its parameters. Shapes as
# torch's documentation gives them, for a matrix (m, n) with batch dims b: k = min(m, n).
LA = Group("torch.linalg")


def _matrix(c: Call, i: int = 0, name: str = "input") -> tuple | None:
    s = _shape(c.arg(i, name))
    return s if s is not None and len(s) >= 2 else None


def _unknown_tensors(c: Call, n: int) -> tuple:
    return tuple(Tensor(Unknown(f"{c.qual}() at {c.where}")) for _ in range(n))


@LA.entry("qr", doc="linalg.qr(A, mode='reduced'): Q (*, m, k), R (*, k, n); 'complete': Q (m, m)")
def _qr(c: Call) -> Any:
    s, mode = _matrix(c, 0, "A"), c.plain(1, "mode", "reduced")
    if s is None or mode not in ("reduced", "complete", "r"):
        return _unknown_tensors(c, 2)
    *b, m, n = s
    k = min(m, n)
    q = (*b, m, m if mode == "complete" else k) if mode != "r" else (0,)
    r = (*b, m if mode == "complete" else k, n)
    return (Tensor(q), Tensor(r))


def _square(c: Call) -> tuple | None:
    s = _matrix(c, 0, "A")
    return s if s is not None and s[-1] == s[-2] else None


def _eig(vectors: bool, fields: tuple[str, ...]) -> Any:
    def impl(c: Call) -> Any:
        from driftcheck.parsers.source.library.stdlib import NamedTupleType, NamedTupleValue

        s = _square(c)
        if s is None or len(c.args) + len(c.kwargs) > (2 if c.qual.endswith("h") else 1):
            return _unknown_tensors(c, 2) if vectors else Tensor(Unknown(f"{c.qual}()"))
        w = Tensor(s[:-1])
        if not vectors:
            return w
        return NamedTupleValue([w, Tensor(s)], NamedTupleType(c.qual[13:], fields, ()))

    return impl


@LA.entry("inv", doc="linalg.inv(A) of square matrices (*, n, n): the same shape")
def _inv(c: Call) -> Any:
    s = _square(c)
    ok = s is not None and len(c.args) + len(c.kwargs) == 1
    return Tensor(s) if ok else Tensor(Unknown(f"{c.qual}() at {c.where}"))


_EIG = ("eigenvalues", "eigenvectors")
LA.add(
    "eig",
    _eig(True, _EIG),
    "linalg.eig(A) of (*, n, n): eigenvalues (*, n), eigenvectors (*, n, n)",
)
LA.add(
    "eigh",
    _eig(True, _EIG),
    "linalg.eigh(A[, UPLO]) of (*, n, n): eigenvalues (*, n), eigenvectors (*, n, n)",
)
LA.add("eigvals", _eig(False, ()), "linalg.eigvals(A) of (*, n, n): (*, n)")
LA.add("eigvalsh", _eig(False, ()), "linalg.eigvalsh(A[, UPLO]) of (*, n, n): (*, n)")


def lu_factor_shapes(s: tuple) -> tuple[tuple, tuple]:
    """``A.lu()`` / ``torch.linalg.lu_factor(A)``: LU (*, m, n), pivots (*, min(m, n))."""
    *b, m, n = s
    return s, (*b, min(m, n))


@LA.entry("lu_factor", doc="linalg.lu_factor(A): LU (*, m, n), pivots (*, min(m, n))")
def _lu_factor(c: Call) -> Any:
    s = _matrix(c, 0, "A")
    if s is None:
        return _unknown_tensors(c, 2)
    lu, piv = lu_factor_shapes(s)
    return (Tensor(lu), Tensor(piv))


def _plu(c: Call, s: tuple | None) -> Any:
    if s is None:
        return _unknown_tensors(c, 3)
    *b, m, n = s
    k = min(m, n)
    return (Tensor((*b, m, m)), Tensor((*b, m, k)), Tensor((*b, k, n)))


@LA.entry("lu", doc="linalg.lu(A): P (*, m, m), L (*, m, k), U (*, k, n)")
def _lu(c: Call) -> Any:
    return _plu(c, _matrix(c, 0, "A"))


def _svd(linalg: bool) -> Any:
    """``torch.linalg.svd(A, full_matrices=True)``: U (*, m, m|k), S (*, k), Vh (*, n|k, n);
    ``torch.svd(input, some=True, compute_uv=True)``: U (*, m, k|m), S (*, k), V (*, n, k|n),
    and with ``compute_uv=False`` U (*, m, m) and V (*, n, n) zero-filled (torch's docs)."""

    def impl(c: Call) -> Any:
        from driftcheck.parsers.source.library.stdlib import NamedTupleType, NamedTupleValue

        s = _matrix(c, 0, "A" if linalg else "input")
        if linalg:
            full, uv, fields = c.plain(1, "full_matrices", True), True, ("U", "S", "Vh")
            allowed, most = {"A", "full_matrices"}, 2
        else:
            some, uv = c.plain(1, "some", True), c.plain(2, "compute_uv", True)
            full, fields = (not some if isinstance(some, bool) else None), ("U", "S", "V")
            allowed, most = {"input", "some", "compute_uv"}, 3
        if (
            s is None
            or not isinstance(full, bool)
            or not isinstance(uv, bool)
            or set(c.kwargs) - allowed
            or len(c.args) > most
        ):
            return _unknown_tensors(c, 3)
        *b, m, n = s
        k = min(m, n)
        full = full or not uv
        u = (*b, m, m if full else k)
        v = (*b, n, n) if full else ((*b, k, n) if linalg else (*b, n, k))
        out = [Tensor(u), Tensor((*b, k)), Tensor(v)]
        return NamedTupleValue(out, NamedTupleType(c.qual, fields, ()))

    return impl


LA.add(
    "svd",
    _svd(True),
    "linalg.svd(A, full_matrices=True): U (*, m, m), S (*, k), Vh (*, n, n); reduced: U "
    "(*, m, k), Vh (*, k, n); k = min(m, n)",
)
T.add(
    "svd",
    _svd(False),
    "svd(input, some=True, compute_uv=True): U (*, m, k), S (*, k), V (*, n, k); some=False "
    "or compute_uv=False: U (*, m, m), V (*, n, n); k = min(m, n)",
)

_LSTSQ_FIELDS = ("solution", "residuals", "rank", "singular_values")


@LA.entry(
    "lstsq",
    doc="linalg.lstsq(A, B): a named tuple whose solution is (*, n, k) for A (*, m, n) and "
    "B (*, m, k), (*, n) for B (*, m), batch dims broadcast; residuals, rank and singular values unknown (they "
    "depend on the driver and the values)",
)
def _lstsq(c: Call) -> Any:
    from driftcheck.parsers.source.library.stdlib import NamedTupleType, NamedTupleValue

    a, b = _matrix(c, 0, "A"), _shape(c.arg(1, "B"))
    sol: Any = Unknown(f"{c.qual}() at {c.where}")  # torch raises on the shapes left
    if a is not None and b is not None and len(b) == len(a) - 1 and b[-1] == a[-2]:
        batch = torchlib.broadcast(a[:-2], b[:-1])  # B one dim short: vectors (*, m)
        sol = sol if isinstance(batch, Unknown) else (*batch, a[-1])
    elif a is not None and b is not None and len(b) == len(a) and b[-2] == a[-2]:
        batch = torchlib.broadcast(a[:-2], b[:-2])
        sol = sol if isinstance(batch, Unknown) else (*batch, a[-1], b[-1])
    rest = [Tensor(Unknown(f"{c.qual}() {f} at {c.where}")) for f in _LSTSQ_FIELDS[1:]]
    return NamedTupleValue([Tensor(sol), *rest], NamedTupleType("lstsq", _LSTSQ_FIELDS, ()))


@T.entry("lu_unpack", doc="lu_unpack(LU, pivots): P (*, m, m), L (*, m, k), U (*, k, n)")
def _lu_unpack(c: Call) -> Any:
    return _plu(c, _matrix(c, 0, "LU_data"))


@T.entry("diag", doc="diag(t[, diagonal]): a 1-d t as a square matrix, a 2-d t's diagonal")
def _diag(c: Call) -> Any:
    return Tensor(diag_shape(_shape(c.arg(0, "input")), c.plain(1, "diagonal", 0)))


def diagonal_shape(s: tuple | None, off: Any, d1: Any, d2: Any) -> tuple | Unknown:
    """``torch.diagonal(t, offset, dim1, dim2)``'s shape: ``dim1`` and ``dim2`` removed, the
    diagonal's length appended (0 when the offset lies outside); torch raises for the same
    dim twice or a dim out of range (unknown here)."""
    if s is None or not all(x.__class__ is int for x in (off, d1, d2)) or len(s) < 2:
        return Unknown("diagonal")
    n = len(s)
    if not (-n <= d1 < n and -n <= d2 < n) or d1 % n == d2 % n:
        return Unknown("diagonal of dims torch refuses")
    a, b = s[d1 % n], s[d2 % n]
    k = min(a, b - off) if off >= 0 else min(a + off, b)
    rest = tuple(x for i, x in enumerate(s) if i not in (d1 % n, d2 % n))
    return (*rest, max(k, 0))


def _diagonal(c: Call) -> Any:
    lin = c.qual.startswith("torch.linalg.")
    s = _shape(c.arg(0, "A" if lin else "input"))
    off = c.plain(1, "offset", 0)
    d1 = c.plain(2, "dim1", -2 if lin else 0)
    d2 = c.plain(3, "dim2", -1 if lin else 1)
    return Tensor(diagonal_shape(s, off, d1, d2))


T.add(
    "diagonal",
    _diagonal,
    "diagonal(t, offset=0, dim1=0, dim2=1): dim1 and dim2 removed, the diagonal's length last",
)
T.add(
    "linalg.diagonal",
    _diagonal,
    "linalg.diagonal(A, offset=0, dim1=-2, dim2=-1): the batch dims, the diagonal's length last",
)


def diag_shape(s: tuple | None, off: Any) -> tuple | Unknown:
    """``torch.diag``'s shape: (n + |off|, n + |off|) of a vector of n, the diagonal's length
    of a matrix (m, n) (0 when the offset lies outside it)."""
    if s is None or not isinstance(off, int) or isinstance(off, bool):
        return Unknown("diag")
    if len(s) == 1:
        return (s[0] + abs(off),) * 2
    if len(s) == 2:
        m, n = s
        k = min(m, n - off) if off >= 0 else min(m + off, n)
        return (max(k, 0),)
    return Unknown("diag of a tensor of more than 2 dims")


@NN.entry(
    "modules.transformer._get_clones",
    doc="_get_clones(layer, n): a ModuleList of n deep copies of the layer (torch's helper, "
    "imported by libraries building their own transformer stacks)",
)
def _get_clones(c: Call) -> Any:
    layer, n = plain(c.arg(0, "module")), plain(c.arg(1, "N"))
    if len(c.args) + len(c.kwargs) != 2 or not is_module(layer):
        return c.unknown(f"{c.qual}() of a value that is not a known layer")
    if n.__class__ is not int or not 0 <= n <= 4096:
        return c.unknown(f"{c.qual}() of an unknown count")
    layers = torchlib.container("ModuleList", [], {}, c.loc, c.interp)
    for _ in range(n):
        torchlib.container_add(layers, c.interp.items.clone_module(layer))
    return layers


# ``from_pretrained``'s own keywords besides the tensor and ``freeze``, per class (torch 2.x
# ``nn.Embedding.from_pretrained`` / ``nn.EmbeddingBag.from_pretrained``): handed to the layer
_PRETRAINED_KW = {
    "Embedding": ("padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse"),
    "EmbeddingBag": (
        "max_norm",
        "norm_type",
        "scale_grad_by_freq",
        "mode",
        "sparse",
        "include_last_offset",
        "padding_idx",
    ),
}


def _from_pretrained(c: Call) -> Any:
    """torch's classmethod: a layer of ``embeddings.shape`` (2-D, asserted) whose weight is
    ``Parameter(embeddings)`` -- a parameter like any other (``freeze`` only clears its
    ``requires_grad``; ``parameters()`` still yields it)."""
    from driftcheck.parsers.source.library import wildlib

    kind = c.qual.rsplit(".", 2)[-2]
    t = plain(c.arg(0, "embeddings"))
    shape: Any = None
    if isinstance(t, WeightRef):
        shape = wildlib.weight_shape(c.interp.attrs, t)
    elif isinstance(t, Tensor):
        shape = t.shape
    extra = set(c.kwargs) - {"embeddings", "freeze", *_PRETRAINED_KW[kind]}
    if (
        not isinstance(shape, tuple)
        or len(shape) != 2
        or not all(plain(d).__class__ is int for d in shape)
        or len(c.args) > 2
        or extra
    ):
        return UnknownModule(f"{c.qual}() of a tensor of unknown shape at {c.where}")
    kw = {k: v for k, v in c.kwargs.items() if k in _PRETRAINED_KW[kind]}
    rows, cols = (plain(d) for d in shape)
    return c.interp.library.torch_layer(f"torch.nn.{kind}", [rows, cols], kw, c.loc)


for _kind in _PRETRAINED_KW:
    NN.add(
        f"{_kind}.from_pretrained",
        _from_pretrained,
        f"{_kind}.from_pretrained(embeddings, freeze=True, ...): a {_kind} of embeddings' "
        "2-D shape, its weight a parameter (frozen or not)",
    )


@NN.entry(
    "SyncBatchNorm.convert_sync_batchnorm",
    doc="SyncBatchNorm.convert_sync_batchnorm(module): every batch norm of the tree replaced "
    "by a SyncBatchNorm of the same weights, the other modules converted in place "
    "(library/syncbn.py)",
)
def _convert_sync_bn(c: Call) -> Any:
    from driftcheck.parsers.source.library import syncbn

    return syncbn.convert(c.interp, c.args, c.kwargs, c.loc)


@NN.entry(
    "Transformer.generate_square_subsequent_mask",
    doc="Transformer.generate_square_subsequent_mask(sz): a (sz, sz) float mask (-inf above "
    "the diagonal)",
)
def _square_mask(c: Call) -> Any:
    sz = plain(c.arg(0, "sz"))
    if isinstance(sz, bool) or not isinstance(sz, int) or sz < 0:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    return Tensor((sz, sz))


@NN.entry(
    "functional.pad",
    doc="functional.pad(t, pad, mode=, value=) of a tensor of known shape: the last "
    "len(pad)//2 dims grow by their (left, right) pairs; modes other than constant only where "
    "torch accepts them (len(pad)//2 in {ndim-1, ndim-2}, at most 3)",
)
def _f_pad(c: Call) -> Any:
    """speechbrain's ``Conv2d`` pads "same" with ``nn.functional.pad`` in the forward its
    shape-inferring ``Sequential`` runs in ``__init__``."""
    s = _shape(c.arg(0, "input"))
    pad = plain(c.arg(1, "pad"))
    mode = plain(c.arg(2, "mode", "constant"))
    bad = Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if s is None or not isinstance(pad, (list, tuple)) or not isinstance(mode, str):
        return bad
    pad = [plain(p) for p in pad]
    if len(pad) % 2 or any(isinstance(p, bool) or not isinstance(p, int) for p in pad):
        return bad
    n = len(pad) // 2
    if n > len(s) or mode != "constant" and (n not in (len(s) - 1, len(s) - 2) or not 1 <= n <= 3):
        return bad
    out = list(s)
    for i in range(n):
        d = len(s) - 1 - i
        out[d] = s[d] + pad[2 * i] + pad[2 * i + 1]
        if out[d] < 0 or mode != "constant" and min(pad[2 * i], pad[2 * i + 1]) < 0:
            return bad
    return Tensor(tuple(out))


@T.entry(
    "prod",
    doc="prod(t[, dim, keepdim=]) of a tensor: its values' product when known (speechbrain's "
    "``torch.prod(torch.tensor(input_shape[2:])).item()`` feature size), else the reduced shape",
)
def _prod(c: Call) -> Any:
    t = plain(c.arg(0, "input"))
    if not isinstance(t, Tensor):
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    m = torchlib.tensor_method(c.interp, t, "prod")
    kw = {k: v for k, v in c.kwargs.items() if k != "input"}
    return m.fn(list(c.args[1:]), kw) if isinstance(m, BuiltinMethod) else m


# ------------------------------------------------------------------ torch.distributions
# A one-number-per-draw family (``event_shape`` ``()``): its ``batch_shape`` is the broadcast of
# its parameters' shapes (a Python number is a 0-dim tensor), and ``sample(s)`` / ``rsample(s)``
# is a tensor of ``s + batch_shape`` -- what a parameter initialised from a draw needs
# (``nn.Parameter(Beta(a, b).sample((n,)))``). Values are never followed: only shapes.
TD = Group("torch.distributions")
_FAMILIES: dict[str, tuple[str, tuple[tuple[str, Any], ...]]] = {
    # name -> (torch's module, ((parameter, default; ``...`` = required), ...))
    "Beta": ("beta", (("concentration1", ...), ("concentration0", ...))),
    "Normal": ("normal", (("loc", ...), ("scale", ...))),
    "Uniform": ("uniform", (("low", ...), ("high", ...))),
    "Gamma": ("gamma", (("concentration", ...), ("rate", ...))),
    "Exponential": ("exponential", (("rate", ...),)),
    "Laplace": ("laplace", (("loc", ...), ("scale", ...))),
    "LogNormal": ("log_normal", (("loc", ...), ("scale", ...))),
    "Cauchy": ("cauchy", (("loc", ...), ("scale", ...))),
    "Poisson": ("poisson", (("rate", ...),)),
    "HalfNormal": ("half_normal", (("scale", ...),)),
    "HalfCauchy": ("half_cauchy", (("scale", ...),)),
    "Gumbel": ("gumbel", (("loc", ...), ("scale", ...))),
    "Chi2": ("chi2", (("df", ...),)),
    "StudentT": ("studentT", (("df", ...), ("loc", 0.0), ("scale", 1.0))),
}


class ScalarDistribution:
    """A distribution of one of ``_FAMILIES`` whose parameters' shapes are known."""

    __slots__ = ("family", "batch_shape")
    library_type = "torch.distributions.Distribution"

    def __init__(self, family: str, batch_shape: tuple) -> None:
        self.family, self.batch_shape = family, batch_shape

    def attr(self, name: str) -> Any:
        if name == "batch_shape":
            return self.batch_shape
        if name == "event_shape":
            return ()
        if name in ("sample", "rsample"):
            return BuiltinMethod(self._sample)
        # a tensor, a distribution or a flag: never a layer when stored (interp/opaque.py)
        return Unknown(f"tensor or distribution {self.family}.{name}")

    def _sample(self, a: list, k: dict) -> Any:
        s = plain(a[0]) if a else plain(k.get("sample_shape", ()))
        # torch.Size(s): a sequence of ints; a bare int raises TypeError in torch
        if not isinstance(s, (list, tuple)) or not all(
            isinstance(plain(d), int) and not isinstance(plain(d), bool) for d in s
        ):
            return Tensor(Unknown(f"{self.family}.sample shape"))
        return Tensor((*(plain(d) for d in s), *self.batch_shape))


def _param_shape(v: Any) -> Any:
    v = plain(v)
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return ()
    if isinstance(v, Tensor) and isinstance(v.shape, tuple):
        if all(isinstance(plain(d), int) for d in v.shape):
            return tuple(plain(d) for d in v.shape)
    return None


def _family(c: Call) -> Any:
    name = c.qual.rsplit(".", 1)[-1]
    spec = _FAMILIES[name][1]
    shape: Any = ()
    for i, (pname, default) in enumerate(spec):
        v = c.arg(i, pname, default)
        got = None if v is ... else _param_shape(v)
        if got is None:
            # a distribution all the same: never a layer when stored (interp/opaque.py)
            return UnknownPlain(f"{name}() of parameters of unknown shape at {c.where}")
        shape = torchlib.broadcast(shape, got)
        if isinstance(shape, Unknown):  # torch raises: the shapes do not broadcast
            return UnknownPlain(f"{name}() of parameters that do not broadcast at {c.where}")
    return ScalarDistribution(name, shape)


for _name, (_mod, _spec) in sorted(_FAMILIES.items()):
    TD.add(
        _name,
        _family,
        f"{_name}(...): batch_shape = broadcast of its parameters; sample(s) is s + batch_shape",
        f"torch.distributions.{_mod}.{_name}",
    )


class ShapedDistribution:
    """A distribution known by its ``batch_shape`` and ``event_shape`` only (``Independent``,
    ``MultivariateNormal``): what a normalizing flow sizes itself from (flowtorch's
    ``Flow(base, bijector)`` builds the bijector with ``shape=base_dist.event_shape``)."""

    __slots__ = ("family", "batch_shape", "event_shape")
    library_type = "torch.distributions.Distribution"

    def __init__(self, family: str, batch_shape: tuple, event_shape: tuple) -> None:
        self.family, self.batch_shape, self.event_shape = family, batch_shape, event_shape

    def attr(self, name: str) -> Any:
        if name in ("batch_shape", "event_shape"):
            return getattr(self, name)
        # a tensor, a distribution or a flag: never a layer when stored (interp/opaque.py)
        return Unknown(f"tensor or distribution {self.family}.{name}")


def _dist_shapes(v: Any) -> tuple[tuple, tuple] | None:
    d = plain(v)
    if isinstance(d, ScalarDistribution):
        return tuple(d.batch_shape), ()
    if isinstance(d, ShapedDistribution):
        return tuple(d.batch_shape), tuple(d.event_shape)
    return None


@TD.entry(
    "Independent",
    doc="Independent(base, n): the base's last n batch dims moved into the event shape",
    also=("torch.distributions.independent.Independent",),
)
def _independent(c: Call) -> Any:
    got = _dist_shapes(c.arg(0, "base_distribution"))
    n = c.plain(1, "reinterpreted_batch_ndims")
    if got is None or type(n) is not int or not 0 <= n <= len(got[0]):
        return UnknownPlain(f"Independent() of a distribution of unknown shape at {c.where}")
    b, e = got
    cut = len(b) - n
    return ShapedDistribution("Independent", b[:cut], (*b[cut:], *e))


@TD.entry(
    "MultivariateNormal",
    doc="MultivariateNormal(loc, covariance_matrix | scale_tril | precision_matrix): batch "
    "shape loc.shape[:-1] broadcast with the matrix's [:-2], event shape loc.shape[-1:]",
    also=("torch.distributions.multivariate_normal.MultivariateNormal",),
)
def _mvn(c: Call) -> Any:
    loc = _param_shape(c.arg(0, "loc"))
    keys = ("covariance_matrix", "precision_matrix", "scale_tril")
    mats = [c.kwargs[k] for k in keys if k in c.kwargs] or list(c.args[1:2])
    m = _param_shape(mats[0]) if len(mats) == 1 else None
    if loc is None or m is None or not loc or len(m) < 2:
        return UnknownPlain(f"MultivariateNormal() of unknown shapes at {c.where}")
    batch = torchlib.broadcast(loc[:-1], m[:-2])
    if isinstance(batch, Unknown):
        return UnknownPlain(f"MultivariateNormal() of shapes that do not broadcast at {c.where}")
    return ShapedDistribution("MultivariateNormal", tuple(batch), loc[-1:])


# ------------------------------------------------------------------ image resampling (wildfix16)
# an SSL wrapper's dummy forward in ``__init__`` crops and flips the batch before the backbone
# (pixel-level-contrastive-learning): the shapes the projector is sized from
@T.entry("flip", doc="flip(t, dims): a tensor of t's shape (each dim checked as torch does)")
def _flip(c: Call) -> Any:
    s, dims = _shape(c.arg(0, "input")), c.plain(1, "dims")
    dims = [dims] if type(dims) is int else dims
    if s is None or not isinstance(dims, (list, tuple)) or not dims:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if any(type(plain(d)) is not int or not -len(s) <= plain(d) < len(s) for d in dims):
        return Tensor(Unknown(f"{c.qual}() dims out of range at {c.where}"))
    return Tensor(s)


@NN.entry(
    "functional.interpolate",
    "functional.upsample",
    doc="interpolate(t, size=...): (N, C, *size) for a 3-5 dim t; scale_factor, or N / C not "
    "known: unknown",
)
def _interpolate(c: Call) -> Any:
    t, size = plain(c.arg(0, "input")), c.plain(1, "size")
    shp = t.shape if isinstance(t, Tensor) else None
    lead = tuple(plain(d) for d in shp[:2]) if isinstance(shp, tuple) and len(shp) >= 3 else ()
    spatial = len(shp) - 2 if lead else 0
    if not lead or not all(type(d) is int for d in lead) or spatial > 3:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if type(size) is int:
        size = (size,) * spatial
    if isinstance(size, (list, tuple)):
        size = tuple(plain(d) for d in size)
    ok = isinstance(size, tuple) and len(size) == spatial
    if not ok or c.plain(2, "scale_factor") is not None or any(type(d) is not int for d in size):
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    return Tensor((*lead, *size))


# S5's truncated normal clips to ``torch.nextafter(torch.tensor(lower), ...)`` (jax_compat),
# and its blocked HiPPO init joins eigenvector matrices with ``torch.block_diag(*[V] * k)``
T.add(
    "nextafter",
    lambda c: torchlib.elementwise(c.args),
    "nextafter(a, b): the broadcast shape of a and b",
)


@T.entry(
    "block_diag",
    doc="block_diag(*ts) of 0-2 dim tensors: (sum of rows, sum of columns); a 0-d tensor is "
    "(1, 1), a vector (1, n)",
)
def _block_diag(c: Call) -> Any:
    rows = cols = 0
    for a in c.args:
        s = _shape(a)
        if s is None or len(s) > 2 or c.kwargs or any(type(plain(d)) is not int for d in s):
            return Tensor(Unknown(f"{c.qual}() of tensors we cannot follow at {c.where}"))
        m, n = (1, 1) if not s else (1, plain(s[0])) if len(s) == 1 else map(plain, s)
        rows, cols = rows + m, cols + n
    return Tensor((rows, cols))


def _reduction(c: Call) -> Any:
    """``torch.mean(x, dim=-1, keepdim=True)`` and the like: the method's shape rule
    (x-clip's LayerNorm: ``torch.var(x, dim=-1, unbiased=False, keepdim=True)``)."""
    t = plain(c.arg(0, "input"))
    rest, kw = list(c.args[1:]), {k: v for k, v in c.kwargs.items() if k != "input"}
    if (
        not isinstance(t, Tensor)
        or set(kw) - {"dim", "keepdim", "unbiased", "correction", "dtype"}
        or any(isinstance(plain(x), bool) for x in rest[:1])  # ``torch.var(x, False)``
        or len(rest) > 2
        or (c.qual.endswith("logsumexp") and not rest and "dim" not in kw)
    ):
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if t.data is not None:
        # ``torch.sum(torch.tensor(input_shape))`` (flowtorch's ``input_dims``): of known
        # values, as the method computes them (library/tensorvalues.py)
        m = torchlib.tensor_method(c.interp, t, c.qual.rsplit(".", 1)[-1])
        got = m.fn(rest, kw) if isinstance(m, BuiltinMethod) else None
        if isinstance(got, Tensor) and got.data is not None:
            return got
    return Tensor(torchlib.reduce_shape(t.shape, rest, kw))


for _r in ("mean", "sum", "var", "std", "amax", "amin", "logsumexp"):
    T.add(_r, _reduction, f"{_r}(t[, dim, keepdim]): the reduced shape, as the method's")


@T.entry("norm", doc="norm(t, p, dim, keepdim): the reduced shape (p is not a dim)")
def _norm(c: Call) -> Any:
    t = plain(c.arg(0, "input"))
    if not isinstance(t, Tensor):
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    kw = {k: v for k, v in c.kwargs.items() if k != "input"}
    return Tensor(torchlib.norm_shape(t.shape, list(c.args[1:]), kw))


for _f in ("clamp_min", "clamp_max"):
    T.add(_f, lambda c: torchlib.elementwise(c.args[:1]), f"{_f}(t, v): t's shape")


@T.entry(
    "einsum",
    doc="einsum('ab,bc->ac', *ts) with explicit output letters (no '...'): the output shape; "
    "a letter's sizes must agree (1 broadcasts)",
)
def _einsum(c: Call) -> Any:
    eq = c.plain(0)
    ops = [plain(x) for x in c.args[1:]]
    if len(ops) == 1 and isinstance(ops[0], (list, tuple)):
        ops = [plain(x) for x in ops[0]]
    bad = Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if not isinstance(eq, str) or "->" not in eq or "." in eq or c.kwargs:
        return bad
    lhs, out = eq.replace(" ", "").split("->")
    ins = lhs.split(",")
    if len(ins) != len(ops) or not all(_shape(t) is not None for t in ops):
        return bad
    size: dict[str, int] = {}
    for letters, t in zip(ins, ops):
        s = _shape(t)
        if len(letters) != len(s) or not letters.isalpha():
            return bad
        for ch, d in zip(letters, s):
            if size.get(ch, 1) not in (1, d) and d != 1:
                return bad  # torch raises
            size[ch] = max(size.get(ch, 1), d) if d != 1 else size.get(ch, 1)
    if not out.isalpha() and out or len(set(out)) != len(out) or set(out) - set(size):
        return bad
    return Tensor(tuple(size[ch] for ch in out))


# activations and normalisations a module applies in a forward ``__init__`` follows (x-clip's
# GEGLU: ``x * F.gelu(gate)``): the input's shape
for _a in (
    "gelu",
    "relu",
    "silu",
    "sigmoid",
    "tanh",
    "softmax",
    "log_softmax",
    "leaky_relu",
    "elu",
    "dropout",
    "normalize",
):
    NN.add(
        f"functional.{_a}",
        lambda c: Tensor(_shape(c.arg(0, "input")) or Unknown(f"{c.qual}() at {c.where}")),
        f"functional.{_a}(t, ...): t's shape",
    )


@T.entry(
    "Tensor._make_subclass",
    doc="Tensor._make_subclass(cls, data, requires_grad): an instance of tensor class cls with "
    "data's shape, a parameter when cls derives from nn.Parameter (interp/tensorsub.py)",
)
def _make_subclass(c: Call) -> Any:
    from driftcheck.parsers.source.interp import tensorsub

    return tensorsub.make_subclass(c.args, c.kwargs)


def _jit_module(c: Call) -> Any:
    """``torch.jit.trace(module, example)`` / ``torch.jit.script(module)`` /
    ``torch.jit.trace_module(module, inputs)``: the scripted or traced module holds the very
    parameters of the module given (torch shares them, it does not copy), so it counts as
    that module. A function traced or scripted is a function: not followed (unknown)."""
    m = c.plain(0, "mod" if c.qual.endswith("trace_module") else "obj")
    if c.qual.endswith(".trace") and not c.args:
        m = plain(c.kwargs.get("func"))
    if is_module(m):
        return m
    from driftcheck.parsers.source.values.abstract import Func

    if isinstance(m, Func):
        return c.unknown(f"{c.qual} of a function")
    return UnknownModule(f"{c.qual} of a value we cannot follow (maybe a module) at {c.where}")


def _compile(c: Call) -> Any:
    """``torch.compile(fn)`` of a function read from source: a callable that computes what
    ``fn`` computes (torch's ``_TorchCompileWrapper`` / the function itself for
    ``disable=True``), holding no weights -- stored on a module it registers nothing.
    ``torch.compile(**options)`` with no function is a decorator doing the same. A module
    (an ``OptimizedModule`` wrapping it under ``_orig_mod``) or a value not known: unknown,
    as before (it may be a layer)."""
    from driftcheck.parsers.source.values.abstract import Func

    if not c.args and "model" not in c.kwargs:
        return BuiltinMethod(
            lambda a, k: (
                a[0] if len(a) == 1 and not k and isinstance(plain(a[0]), Func) else _compiled(c)
            )
        )
    fn = c.arg(0, "model")
    if isinstance(plain(fn), Func):
        return fn
    return _compiled(c)


def _compiled(c: Call) -> Any:
    what = "a layer" if any(is_module(plain(a)) for a in c.args) else "a value not followed"
    return UnknownModule(f"call of {c.qual} on {what} at {c.where}")


T.add(
    "compile",
    _compile,
    "compile(fn, **options) of a function read from source: a callable computing what fn "
    "does, no weights; compile(**options): such a decorator; of a module: unknown",
)


for _j in ("jit.trace", "jit.script", "jit.trace_module"):
    T.add(_j, _jit_module, f"{_j}(module, ...): the same module, its parameters shared")


# ------------------------------------------------------------------ torch.save / torch.load
# A run's hyperparameters saved beside the step into an in-memory buffer and read back:
# ``torch.save(obj, buf)`` into an empty ``io.BytesIO`` remembers a copy of ``obj`` (plain data
# only: str, bytes, numbers, None, lists, tuples and dicts of them; a tensor or an object is not
# kept) and ``torch.load`` of those bytes, from the start (the buffer after ``seek(0)`` or a new
# ``BytesIO(buf.getvalue())``), is a fresh copy (what ``weights_only=True`` allows too). A path,
# a file or any other stream is unknown: nothing is read from disk.


@T.entry(
    "save",
    doc="save(obj, f) into an empty io.BytesIO: the buffer holds a copy of obj (plain data "
    "only) for torch.load; anything else loses the buffer's content (unknown)",
)
def _torch_save(c: Call) -> Any:
    from driftcheck.parsers.source.library.configtexts import ByteStream, TorchSaved
    from driftcheck.parsers.source.library.purecalls import _constant, _NotConstant

    f = c.plain(1, "f")
    if not isinstance(f, ByteStream):
        return None  # a file or path: nothing modelled is changed
    extra = set(c.kwargs) - {"obj", "f"}
    if len(c.args) > 2 or extra or not f.changed() or f.content != b"" or f.at_end:
        f.lost, f.content = (
            "torch.save() not modelled (arguments, or into a non-empty buffer)",
            None,
        )
        return None
    try:
        data = _constant(c.arg(0, "obj"), [1 << 16])
    except _NotConstant:
        f.lost, f.content = "torch.save() of a value that is not plain data", None
        return None
    f.content, f.at_end = TorchSaved(data, f"bytes torch.save wrote at {c.where}"), True
    return None


@T.entry(
    "load",
    doc="load(f) of an io.BytesIO holding what torch.save wrote, read from its start: a fresh "
    "copy of the saved plain data; a path, a file or any other stream is unknown",
)
def _torch_load(c: Call) -> Any:
    from driftcheck.parsers.source.library.configtexts import ByteStream, TorchSaved
    from driftcheck.parsers.source.library.purecalls import _constant

    f = c.plain(0, "f")
    # map_location / mmap only move tensors (a saved dict of plain data holds none)
    keys = {"f", "map_location", "weights_only", "mmap"}
    if not isinstance(f, ByteStream) or len(c.args) > 2 or set(c.kwargs) - keys:
        return c.unknown("torch.load() of a file, a path or a stream not modelled")
    if not isinstance(f.content, TorchSaved) or f.at_end or not f.changed():
        return c.unknown("torch.load() of a buffer not read from the start of torch.save's bytes")
    f.at_end = True
    return _constant(f.content.data, [1 << 18])


@T.entry(
    "optim.swa_utils.AveragedModel",
    doc="AveragedModel(model, device=None, avg_fn=None, multi_avg_fn=None, use_buffers=False): "
    "torch's module holding a deep copy of the model (``module``) and the ``n_averaged`` "
    "buffer (a long scalar); the averaging functions are not run at construction",
)
def _averaged_model(c: Call) -> Any:
    """``AveragedModel(net, multi_avg_fn=get_ema_multi_avg_fn(0.999))`` (SWA / EMA weights):
    as torch's ``__init__`` builds it, ``self.module = deepcopy(model)`` (its parameters a
    copy's own: counted again, as ``parameters()`` gives them) and
    ``register_buffer("n_averaged", torch.tensor(0, dtype=torch.long))``."""
    keys = ("model", "device", "avg_fn", "multi_avg_fn", "use_buffers")
    m = plain(c.arg(0, "model"))
    if len(c.args) > len(keys) or set(c.kwargs) - set(keys[len(c.args) :]) or not is_module(m):
        return UnknownModule(f"{c.qual}() of arguments not followed at {c.where}")
    obj = Obj(cls=None, module=True, loc=(str(c.loc[0]), c.loc[1]), qual=c.qual)
    obj.children["module"] = c.interp.items.clone_module(m)
    obj.buffers["n_averaged"] = tensordtypes.given(Tensor(()), "int64")
    return obj
