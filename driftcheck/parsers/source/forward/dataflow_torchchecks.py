"""Session 36 (torchchecks36): torch's own argument checks, applied from a table read out of
torch's source (``driftcheck/data/torch_checks.json``, written by ``tools/gen_torch_checks.py``).

The table holds, for public constructors and functions of ``torch.optim``, its schedulers,
``torch.utils.data``, ``torch.nn`` modules, ``torch.nn.functional`` / ``init`` / ``utils``,
the parameters (with literal defaults) and the checks torch's Python code runs on them, in
torch's order: a condition over the parameters (a small expression language: literals,
comparisons, ``and`` / ``or`` / ``not``, arithmetic, constant subscripts, ``isinstance``,
``len``, ``abs``, ``min``, ``max``, ``float``, ``int``), the exception type, the message
expression and torch's file:line. ``tests/test_torchchecks36.py`` runs a violating and a
valid call of every entry in real torch.

Here, after a call in ``forward`` on real sizes whose callee is such a name (``Ext.qual``),
the call's arguments are bound to the parameters and the conditions evaluated on the values
the pass knows exactly (plain numbers, strings, bools, None, literal tuples / lists of them);
anything else is unknown. The first check (in torch's order) whose condition is true is the
crash, with torch's message; a condition that raises on known values (``0.0 <= None``) is the
same Python error torch meets. A check whose condition is unknown does not stop the ones after
it (whichever raises, the call raises). A call that does not bind (a ``*args`` / ``**kw``
spread, a keyword the callable has not, too many positionals, a required one missing) gives
no verdict. A crash another rule already reported at the same place is not repeated.

Switch: ``DRIFTCHECK_NO_TORCH_CHECKS=1``.
"""

from __future__ import annotations

import ast
import functools
import json
import math
import numbers
import operator
import os
from pathlib import Path
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks

TABLE_PATH = Path(__file__).resolve().parents[3] / "data" / "torch_checks.json"


def _off(f: Any) -> bool:
    """Whether the table's checks are switched off for this pass (``Flow.switches``)."""
    return f.switches.get("DRIFTCHECK_NO_TORCH_CHECKS") == "1"


@functools.lru_cache(maxsize=1)
def table() -> dict[str, Any]:
    """The generated table (a data file shipped with the package, read once: not a store of
    the analysis)."""
    return json.loads(TABLE_PATH.read_text(encoding="utf-8"))


def entry_of(qual: str) -> tuple[str, dict] | None:
    """``(key, entry)`` of a qualified name (a public alias or torch's own module path)."""
    t = table()
    key = t["aliases"].get(qual, qual)
    got = t["entries"].get(key)
    return (key, got) if got is not None else None


# ------------------------------------------------------------------ the expression language
class Unknown(Exception):
    """A value the condition needs is not known."""


class _Opaque:
    """An item that exists (a list's length is known) but whose value is not."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<unknown>"


OPAQUE = _Opaque()
UNK = object()  # a parameter whose value is not known


class Foreign:
    """A class of torch (``Tensor``, ``Optimizer``...): no plain value is an instance of it."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class Dtype:
    """``torch.float32`` and its aliases, by torch's canonical name; compares by that name."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dtype) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("Dtype", self.name))

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    __str__ = __repr__


DTYPES = {
    "float32": "float32", "float": "float32", "float64": "float64", "double": "float64",
    "float16": "float16", "half": "float16", "bfloat16": "bfloat16", "int64": "int64",
    "long": "int64", "int32": "int32", "int": "int32", "int16": "int16", "short": "int16",
    "int8": "int8", "uint8": "uint8", "bool": "bool", "complex64": "complex64",
    "cfloat": "complex64", "complex128": "complex128", "cdouble": "complex128",
}  # fmt: skip
_FLOATING = {"float32", "float64", "float16", "bfloat16"}
_COMPLEX = {"complex64", "complex128"}
FAMILY_FLOAT, FAMILY_OTHER = "floating", "not floating"


class TensorV:
    """A tensor argument (Session 37, torchchecks37): its shape (a tuple whose sizes are ints
    or ``OPAQUE``; None: rank not known) and dtype (torch's canonical name, or a family:
    ``FAMILY_FLOAT`` / ``FAMILY_OTHER`` / None). What the rows read of it: ``dim()``,
    ``ndim``, ``shape`` / ``size()`` / ``size(i)``, ``numel()``, ``dtype``,
    ``is_floating_point()``, ``is_complex()``, ``len(t)``; anything else is unknown."""

    __slots__ = ("shape", "dtype")

    def __init__(self, shape: tuple | None, dtype: str | None = None) -> None:
        self.shape = shape
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"<tensor {self.shape} {self.dtype}>"

    def rank(self) -> int:
        if self.shape is None:
            raise Unknown
        return len(self.shape)

    def size(self, i: Any = None) -> Any:
        if self.shape is None:
            raise Unknown
        if i is None:
            return tuple(self.shape)
        if i.__class__ is not int:
            raise Unknown
        n = len(self.shape)
        if n == 0:  # torch's IndexError for ``size(i)`` of a 0-d tensor
            raise IndexError(f"Dimension specified as {i} but tensor has no dimensions")
        if not -n <= i < n:
            raise IndexError(
                f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {i})"
            )
        return _known(self.shape[i])

    def floating(self) -> bool:
        if self.dtype in _FLOATING or self.dtype == FAMILY_FLOAT:
            return True
        if self.dtype is None:
            raise Unknown
        return False

    def complex_(self) -> bool:
        if self.dtype in _COMPLEX:
            return True
        if self.dtype in DTYPES.values():
            return False
        raise Unknown

    def exact_dtype(self) -> Dtype:
        if self.dtype in DTYPES.values():
            return Dtype(self.dtype)
        raise Unknown


_TYPES: dict[str, Any] = {
    "int": int, "float": float, "bool": bool, "str": str, "list": list, "tuple": tuple,
    "dict": dict, "set": set,
}  # fmt: skip
_FOREIGN = {"Tensor", "Optimizer", "Parameter", "Module", "SymInt", "SymFloat", "SymBool"}
_CMP = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}  # fmt: skip
_BIN = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}  # fmt: skip
_PLAIN = (int, float, bool, str, type(None))


def _known(v: Any) -> Any:
    """``v`` itself when nothing in it is opaque, else Unknown (a tensor is never a plain
    value: its arithmetic, truth and formatting are torch's business)."""
    if v is OPAQUE or v is UNK or v.__class__ is TensorV:
        raise Unknown
    if v.__class__ in (list, tuple, set):
        for x in v:
            _known(x)
    elif v.__class__ is dict:
        for k, x in v.items():
            _known(k)
            _known(x)
    return v


def _truth(v: Any) -> bool:
    if v is OPAQUE or v is UNK or v.__class__ is TensorV:
        raise Unknown
    return bool(v)


def ev(n: ast.AST, env: dict[str, Any]) -> Any:  # noqa: PLR0911, PLR0912 - one case per node
    """The value of ``n``; Unknown when it needs a value not known; a Python error of the
    known values (``0.0 <= None``) propagates, as it does in torch."""
    if isinstance(n, ast.Constant):
        return n.value
    if isinstance(n, ast.Name):
        if n.id in env:
            v = env[n.id]
            if v is UNK:
                raise Unknown
            return v
        if n.id in _TYPES:
            return _TYPES[n.id]
        if n.id in _FOREIGN:
            return Foreign(n.id)
        if n.id in ("math", "numbers", "torch"):
            return n.id
        raise Unknown
    if isinstance(n, ast.Attribute):
        base = ev(n.value, env)
        if base == "numbers" and n.attr in ("Number", "Real", "Integral", "Complex", "Rational"):
            return getattr(numbers, n.attr)
        if base == "math" and n.attr in ("inf", "pi", "e", "nan"):
            return getattr(math, n.attr)
        if base == "torch" and n.attr in _FOREIGN:
            return Foreign(n.attr)
        if base == "torch" and n.attr in DTYPES:
            return Dtype(DTYPES[n.attr])
        if base.__class__ is TensorV:
            if n.attr == "ndim":
                return base.rank()
            if n.attr == "shape":
                return base.size()
            if n.attr == "dtype":
                return base.exact_dtype()
            raise Unknown
        if base.__class__ is Dtype:
            if n.attr == "is_floating_point":
                return base.name in _FLOATING
            if n.attr == "is_complex":
                return base.name in _COMPLEX
            raise Unknown
        raise Unknown
    if isinstance(n, (ast.Tuple, ast.List, ast.Set)):
        items = [ev(x, env) for x in n.elts]
        if isinstance(n, ast.Set):
            return set(_known(x) for x in items)
        return tuple(items) if isinstance(n, ast.Tuple) else items
    if isinstance(n, ast.Slice):  # ``shape[:2]`` (constant bounds)
        parts = [None if x is None else _known(ev(x, env)) for x in (n.lower, n.upper, n.step)]
        return slice(*parts)
    if isinstance(n, ast.Subscript):
        base = ev(n.value, env)
        idx = ev(n.slice, env)
        if base is OPAQUE or base.__class__ not in (list, tuple, str, dict):
            raise Unknown
        return base[idx]
    if isinstance(n, ast.BoolOp):
        return _boolop(n, env)
    if isinstance(n, ast.UnaryOp):
        v = ev(n.operand, env)
        if isinstance(n.op, ast.Not):
            return not _truth(v)
        _known(v)
        if isinstance(n.op, ast.USub):
            return -v
        if isinstance(n.op, ast.UAdd):
            return +v
        raise Unknown
    if isinstance(n, ast.BinOp):
        a = _known(ev(n.left, env))
        b = _known(ev(n.right, env))
        fn = _BIN.get(type(n.op))
        if fn is None:
            raise Unknown
        return fn(a, b)
    if isinstance(n, ast.Compare):
        left = ev(n.left, env)
        for op, right_n in zip(n.ops, n.comparators, strict=True):
            right = ev(right_n, env)
            if isinstance(op, (ast.Is, ast.IsNot)):
                if left is OPAQUE or right is OPAQUE:
                    raise Unknown
            else:
                _known(left)
                _known(right)
            if not _CMP[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(n, ast.IfExp):
        return ev(n.body, env) if _truth(ev(n.test, env)) else ev(n.orelse, env)
    if isinstance(n, ast.Call):
        return _call(n, env)
    if isinstance(n, ast.JoinedStr):
        out = []
        for v in n.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value))
            elif isinstance(v, ast.FormattedValue):
                x = _known(ev(v.value, env))
                spec = ast.unparse(v.format_spec)[2:-1] if v.format_spec is not None else ""
                x = repr(x) if v.conversion == ord("r") else x
                out.append(format(x, spec))
        return "".join(out)
    raise Unknown


def _boolop(n: ast.BoolOp, env: dict[str, Any]) -> Any:
    """``and`` / ``or`` as Python runs them, unknown operands held: an unknown one before a
    deciding known one still decides the truth (``a and False`` is false whatever ``a``); an
    error after an unknown one may not be reached in torch, so it is unknown."""
    is_and = isinstance(n.op, ast.And)
    pending = False
    last: Any = None
    for x in n.values:
        try:
            v = ev(x, env)
            t = _truth(v)
        except Unknown:
            pending = True
            continue
        except Exception:  # noqa: BLE001 - a Python error of known values
            if pending:
                raise Unknown from None
            raise
        if t != is_and:  # a falsy operand of ``and`` / a truthy one of ``or`` decides
            return v if not pending else (not is_and)
        last = v
    if pending:
        raise Unknown
    return last


_TENSOR_METHODS = {"dim", "ndimension", "size", "numel", "is_floating_point", "is_complex"}


def _tensor_method(t: TensorV, name: str, args: list) -> Any:
    if name in ("dim", "ndimension") and not args:
        return t.rank()
    if name == "size" and len(args) <= 1:
        return t.size(*args)
    if name == "numel" and not args:
        return math.prod(_known(t.size()))
    if name == "is_floating_point" and not args:
        return t.floating()
    if name == "is_complex" and not args:
        return t.complex_()
    raise Unknown


def _call(n: ast.Call, env: dict[str, Any]) -> Any:
    f = n.func
    if isinstance(f, ast.Attribute) and f.attr in _TENSOR_METHODS and not n.keywords:
        base = ev(f.value, env)
        if base.__class__ is TensorV:
            return _tensor_method(base, f.attr, [_known(ev(a, env)) for a in n.args])
        raise Unknown
    if isinstance(f, ast.Attribute) and f.attr in ("lower", "upper", "strip") and not n.args:
        v = _known(ev(f.value, env))
        return getattr(v, f.attr)()  # a value that is no str: torch's AttributeError too
    if not isinstance(n.func, ast.Name) or n.keywords:
        raise Unknown
    fn = n.func.id
    args = [ev(a, env) for a in n.args]
    if fn == "isinstance" and len(args) == 2:
        v, types = args
        if v is OPAQUE or v is UNK:
            raise Unknown
        kinds = types if types.__class__ is tuple else (types,)
        if v.__class__ is TensorV:
            # a tensor argument is a Tensor (a Parameter: not known)
            if any(isinstance(k, Foreign) and k.name == "Tensor" for k in kinds):
                return True
            if any(isinstance(k, Foreign) and k.name == "Parameter" for k in kinds):
                raise Unknown
            if not all(isinstance(k, (type, Foreign)) for k in kinds):
                raise Unknown
            return False
        real = tuple(k for k in kinds if not isinstance(k, Foreign))
        if not all(isinstance(k, type) for k in real):
            raise Unknown
        if real and isinstance(v, real):
            return True
        # a plain value (or a list / tuple / dict of anything) is no instance of torch's classes
        return False
    if fn == "len" and len(args) == 1:
        v = args[0]
        if v is OPAQUE or v is UNK:
            raise Unknown
        if v.__class__ is TensorV:
            if v.rank() == 0:
                raise TypeError("len() of a 0-d tensor")
            return _known(v.shape[0])
        return len(v)
    if fn in _FUNCS and len(args) == 1:
        # every item known (``sorted`` / ``sum`` / ``set`` read each); on a value that is no
        # iterable / number the builtin raises as it does in torch
        return _FUNCS[fn](_known(args[0]))
    if fn in ("min", "max") and len(args) > 1:
        return _FUNCS[fn](*(_known(a) for a in args))
    raise Unknown


_FUNCS = {
    "abs": abs, "min": min, "max": max, "float": float, "int": int, "bool": bool,
    "sorted": sorted, "set": set, "list": list, "tuple": tuple, "sum": sum,
}  # fmt: skip


# ------------------------------------------------------------------ binding and checking
def _parse(src: str) -> ast.expr:
    """A row's expression, parsed once (``DRIFTCHECK_NO_CACHE=1``: parsed at each use; the
    trees are only read). One lookup of a row: ``verdict_first`` reads the switch once per
    verdict (``parser()``), not per row (review36 item 10)."""
    return parser()(src)


def parser() -> Any:
    """The row parser of this verdict: the cached one, or a fresh parse per use when
    ``DRIFTCHECK_NO_CACHE=1`` (the switch read here, once per verdict)."""
    if os.environ.get("DRIFTCHECK_NO_CACHE") == "1":
        return _parse_fresh
    return _parsed


def _parse_fresh(src: str) -> ast.expr:
    return ast.parse(src, mode="eval").body


@functools.lru_cache(maxsize=4096)
def _parsed(src: str) -> ast.expr:
    return ast.parse(src, mode="eval").body


def plain(v: Any, node: ast.AST | None) -> Any:
    """The Python value of an argument the pass knows exactly, else ``UNK``. A list the pass
    holds for a call's result (``m.parameters()`` is a generator in torch) is not one."""
    from driftcheck.parsers.source.values.abstract import has_run

    if v.__class__ in _PLAIN or v.__class__ is TensorV:
        return v
    if v.__class__ in (list, tuple):
        if has_run(v):
            return UNK
        if node is not None and isinstance(node, ast.Call):
            f = node.func
            if not (isinstance(f, ast.Name) and f.id in ("list", "tuple")):
                return UNK
        items = [x if x.__class__ in _PLAIN else _inner(x) for x in v]
        return items if v.__class__ is list else tuple(items)
    return UNK


def tensor_of(f: Any, t: Any) -> TensorV:
    """What the rows may read of the forward pass's tensor ``t`` (a ``Tens``): its sizes where
    they are ints (a symbolic size is ``OPAQUE``; no shape: rank unknown) and its dtype where
    the pass's facts pin it (``dataflow_fix25.exact_dtype``), else its family (floating or
    not) where a fact gives it, else unknown."""
    from driftcheck.parsers.source.forward import dataflow_checks as dc
    from driftcheck.parsers.source.forward.dataflow_fix25 import exact_dtype

    shape = t.shape
    if isinstance(shape, tuple):
        shape = tuple(d if d.__class__ is int else OPAQUE for d in shape)
    else:
        shape = None
    dt = exact_dtype(f, None, t)
    if dt not in DTYPES.values():
        fam = dc.fact(f, t, "dtype")
        dt = (
            FAMILY_FLOAT if fam == dc.FLOAT else FAMILY_OTHER if fam in (dc.INT, dc.UINT8) else None
        )
    return TensorV(shape, dt)


def _inner(v: Any) -> Any:
    if v.__class__ in (list, tuple):
        got = plain(v, None)
        return OPAQUE if got is UNK else got
    return OPAQUE


def bind(entry: dict, e: ast.Call, args: list, kwargs: dict) -> dict[str, Any] | None:
    """Parameter name -> value (``UNK`` where not known) of the call, None when it does not
    bind as Python would bind it (no verdict then)."""
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return None
    if len(args) != len(e.args) or len(kwargs) != len(e.keywords):
        return None
    params = entry["params"]
    pos = [p for p in params if p["kind"] == "pos"]
    names = {p["name"] for p in params if p["kind"] in ("pos", "kwonly")}
    varargs = any(p["kind"] == "varargs" for p in params)
    varkw = any(p["kind"] == "varkw" for p in params)
    env: dict[str, Any] = {}
    if len(args) > len(pos) and not varargs:
        return None
    for p, v, node in zip(pos, args, e.args, strict=False):
        env[p["name"]] = plain(v, node)
    nodes = {k.arg: k.value for k in e.keywords}
    for k, v in kwargs.items():
        if k in env:
            return None
        if k not in names:
            if not varkw:
                return None
            continue
        env[k] = plain(v, nodes.get(k))
    for p in params:
        if p["kind"] in ("varargs", "varkw") or p["name"] in env:
            if p["kind"] in ("varargs", "varkw"):
                env[p["name"]] = UNK
            continue
        if "default" in p:
            env[p["name"]] = ast.literal_eval(p["default"])
        elif p.get("default_unknown"):
            env[p["name"]] = UNK
        else:
            return None  # a required parameter not given: torch's TypeError, not judged here
    return env


def verdict(entry: dict, env: dict[str, Any]) -> str | None:
    """torch's error for these values (``"ValueError: ..."`` with torch's file:line), None
    when no check is certain to fail."""
    return verdict_first(entry, env)[0]


def verdict_first(entry: dict, env: dict[str, Any]) -> tuple[str | None, bool]:
    """``(verdict, first)``: ``first`` when every row before the failing one was known (none
    unknown, no ``__unknown__`` statement torch runs there): the error is torch's first, its
    type and message; otherwise some error is certain, maybe an earlier one. A row with no
    exception type (``exc`` empty) is a statement torch evaluates there
    (``self.dropout = float(dropout)``): only its Python error counts."""
    first = True
    parse = parser()
    for c in entry["checks"]:
        try:
            fired = _truth(ev(parse(c["cond"]), env))
        except Unknown:
            first = False
            continue
        except Exception as ex:  # noqa: BLE001 - the condition itself raises in torch too
            return f"{type(ex).__name__}: {ex} (torch's check at {c['at']})", first
        if fired and c["exc"]:
            try:
                msg = ev(parse(c["msg"]), env)
            except Unknown:
                msg = _static(c["msg"])
            except Exception as ex:  # noqa: BLE001 - building torch's message raises first
                return f"{type(ex).__name__}: {ex} (torch's check at {c['at']})", first
            return f"{c['exc']}: {msg} (torch's check at {c['at']})", first
    return None, first


def _static(src: str) -> str:
    """A message the values do not render: its text as written in torch."""
    try:
        got = ast.literal_eval(src)
    except Exception:  # noqa: BLE001
        return src
    return got if isinstance(got, str) else src


@hooks.after(180)  # torch's argument checks, from the generated table
def checked(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    """After the call (so that a rule that judged the call itself is seen: no second crash at
    the same place): the first of torch's checks certain to fail is the crash."""
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Tens

    f = run.f
    if f.input_shape is None or fr is None or _off(f) or f.speculative:
        return
    if not isinstance(fv, Ext):
        return
    got = entry_of(fv.qual)
    if got is None:
        return
    if _tensors(got[1]):
        args = [tensor_of(f, a) if isinstance(a, Tens) else a for a in args]
        kwargs = {k: tensor_of(f, a) if isinstance(a, Tens) else a for k, a in kwargs.items()}
    from driftcheck.parsers.source.forward import dataflow_fix38b

    env = bind(got[1], dataflow_fix38b.spread_call(f, e, args, kwargs) or e, args, kwargs)
    if env is None:
        return
    err = verdict(got[1], env)
    if err is None:
        return
    loc = fr.loc(e)
    if any(tuple(c[0]) == tuple(loc) for c in f.crashes):
        return  # another rule reported this call already
    f.crash(loc, err)


_TENSOR_WORDS = (".dim(", ".ndim", ".ndimension(", ".shape", ".size(", ".numel(", ".dtype", ".is_floating_point",
                 ".is_complex")  # fmt: skip


def _tensors(entry: dict) -> bool:
    """Whether a row of ``entry`` reads a tensor's shape or dtype (Session 37): only then are
    tensor arguments handed to the rows as ``TensorV`` (the others read them as unknown)."""
    return any(w in c["cond"] for c in entry["checks"] for w in _TENSOR_WORDS)
