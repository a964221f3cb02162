"""``enum`` classes read from source: members, lookup by value or name, iteration, ``len``.

A member of a plain ``Enum`` is an ``EnumMember`` (compared by identity, as Python does); a
member of an ``IntEnum`` / ``StrEnum`` or of an ``(int, Enum)`` / ``(str, Enum)`` mix-in is an
int or str subclass, so it also equals its value. Members are made once per class.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.library import enumflags
from driftcheck.parsers.source.values.abstract import Cls, Ext, Unknown, plain

ENUM_BASES = {"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"}


class EnumMember:
    __slots__ = ("name", "value", "cls")
    _enum_member = True
    memo_shared = True  # immutable, compared by identity: shared by memo.py's copies

    def __init__(self, name: str, value: Any, cls: Cls) -> None:
        self.name, self.value, self.cls = name, value, cls

    def __repr__(self) -> str:
        return f"{self.cls.name}.{self.name}"


class IntMember(int):
    _enum_member = True
    memo_shared = True
    name: str
    value: Any
    cls: Cls


class StrMember(str):
    _enum_member = True
    memo_shared = True
    name: str
    value: Any
    cls: Cls


def is_enum(cls: Any) -> bool:
    return enumflags.derives_from(cls, ENUM_BASES, "__is_enum__")


def _mixin(cls: Cls) -> type | None:
    for c in cls.mro():
        if isinstance(c, Ext):
            if c.qual in ("enum.IntEnum", "enum.IntFlag", "builtins.int"):
                return int
            if c.qual in ("enum.StrEnum", "builtins.str"):
                return str
    return None


def members(interp: Any, cls: Cls) -> dict[str, Any]:
    """The members in definition order (``enum.auto()`` numbered from 1, or the lowercased
    name in a ``StrEnum``); a member whose value is unknown is left out and makes the whole
    set unknown to callers that need all of them (``members_known``)."""
    key = "__enum_members__"
    if key in cls.ns:
        return cls.ns[key]
    out: dict[str, Any] = {}
    cls.ns[key] = out
    mix = _mixin(cls)
    last = 0
    flag = enumflags.is_flag(cls)
    seen: list[int] = []  # the int values so far: a flag's ``auto()`` is the next bit
    values: list[Any] = []  # every member value so far (``_generate_next_value_``'s last_values)
    gnv = _own_next_value(interp, cls)
    for c in reversed([c for c in cls.mro() if isinstance(c, Cls)]):
        for st in c.node.body:
            if not (isinstance(st, ast.Assign) and len(st.targets) == 1):
                continue
            t = st.targets[0]
            if not isinstance(t, ast.Name) or t.id.startswith("_"):
                continue
            ok, v = interp.classes.class_attr(c, t.id)
            v = plain(v)
            if (
                isinstance(v, Unknown)
                and v.why.startswith("enum.auto()")
                and isinstance(st.value, ast.Call)  # ``AB = A | B`` of two auto(): no auto()
            ):
                if isinstance(gnv, Unknown):
                    v = gnv
                elif gnv is not None:
                    # CPython calls the class's own ``_generate_next_value_(name, start, count,
                    # last_values)`` for each ``auto()`` (count: the member names so far)
                    v = plain(interp.calls.call_func(gnv, [t.id, 1, len(out), list(values)], {}))
                elif mix is str:
                    v = t.id.lower()
                else:
                    v = enumflags.next_auto(seen) if flag else last + 1
            elif isinstance(v, Unknown) and out and _of_names(st.value):
                v = plain(_with_members(interp, c, st.value, out))
            if isinstance(v, int) and not isinstance(v, bool):
                last = v
                seen.append(v)
            values.append(v)
            dup = next((m for m in out.values() if _same(m.value, v)), None)
            if dup is not None:  # an alias: Python gives the first member
                out[t.id] = dup
                continue
            out[t.id] = _make(t.id, v, c if c is cls else cls, mix)
            _run_init(interp, cls, out[t.id])
    return out


_EXTRA = "__enum_member_attrs__"


def _run_init(interp: Any, cls: Cls, m: Any) -> None:
    """The enum class's own ``__init__`` run on a new member, as ``EnumType`` runs it with the
    value's items as arguments (``S = (32, 2)`` with ``def __init__(self, width, depth)``):
    what it sets on ``self`` is the member's attribute (``M.S.width``: unknown before). An
    ``__init__`` that raises or that we cannot run leaves those attributes unknown."""
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Func, Obj

    ok, fn, where = interp.classes.mro_attr(cls, "__init__")
    extra = cls.ns.setdefault(_EXTRA, {})
    if not (ok and isinstance(where, Cls)):
        return
    if not isinstance(fn, Func) or isinstance(m.value, Unknown):
        extra[m.name] = Unknown(f"{cls.name}.{m.name}: its __init__ not followed")
        return
    reads = _reads_class(fn.node, cls.name)
    if reads is not None:
        # the members are added one by one as each ``__init__`` runs: a read of the class
        # (``len(self.__class__.__members__)``, iteration of it) sees only those made so far
        extra[m.name] = Unknown(
            f"{cls.name}.{m.name}: its __init__ reads the class while it is built "
            f"({reads} at {fn.mod.path.name}:{fn.node.lineno})"
        )
        return
    args = list(m.value) if type(m.value) is tuple else [m.value]
    keep = {"name": m.name, "value": m.value, "_name_": m.name, "_value_": m.value}
    me = Obj(cls=cls, module=False, attrs=dict(keep))
    try:
        interp.calls.call_func(Func(fn.node, fn.mod, fn.closure, fn.owner, me), args, {})
    except Raised as e:
        extra[m.name] = Unknown(f"{cls.name}.{m.name}: its __init__ raised {e.what}")
        return
    if any(me.attrs.get(k) is not x for k, x in keep.items()):
        extra[m.name] = Unknown(f"{cls.name}.{m.name}: its __init__ rebinds name / value")
        return
    extra[m.name] = {k: x for k, x in me.attrs.items() if k not in keep}


_CLASS_READS = frozenset(
    ("__class__", "__members__", "_member_map_", "_member_names_", "_value2member_map_")
)


def _reads_class(node: Any, name: str) -> str | None:
    """What in an enum member's ``__init__`` may read the enum class (``self.__class__``,
    ``type(self)``, ``__members__``, the class's own name), else None."""
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and n.attr in _CLASS_READS:
            return ast.unparse(n)
        if isinstance(n, ast.Name) and n.id == name:
            return name
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "type":
            return ast.unparse(n)
    return None


def init_attr(m: Any, name: str) -> Any:
    """What the enum class's ``__init__`` set as the member's attribute ``name`` (None: not
    set there; an unknown where that ``__init__`` was not followed)."""
    cls = getattr(m, "cls", None)
    got = cls.ns.get(_EXTRA, {}).get(m.name) if isinstance(cls, Cls) else None
    if isinstance(got, Unknown):
        return got
    return got.get(name) if isinstance(got, dict) else None


def _own_next_value(interp: Any, cls: Cls) -> Any:
    """The ``_generate_next_value_`` a class read from source (or a source base) defines, as a
    function to call; None for the library's own (Enum's ``last + 1``, Flag's next bit,
    StrEnum's lowercased name: modelled above). Before, ``auto()`` was numbered the default way
    even where the class defined its own: a confident wrong (16, 32, 100, 64 read as 1, 2, 100,
    101)."""
    from driftcheck.parsers.source.values.abstract import Func

    ok, fn, where = interp.classes.mro_attr(cls, "_generate_next_value_")
    if not (ok and isinstance(where, Cls)):
        return None
    # one that is no function read from source (a callable object, a value not known):
    # its numbering is not known
    return (
        fn if isinstance(fn, Func) else Unknown("enum auto(): _generate_next_value_ not followed")
    )


_PURE = (ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.Load, ast.operator, ast.unaryop)


def _of_names(e: ast.expr) -> bool:
    """An operator expression over names and constants (``AB = A | B``): no call to run."""
    return all(isinstance(n, _PURE) for n in ast.walk(e))


def _with_members(interp: Any, c: Cls, e: ast.expr, out: dict[str, Any]) -> Any:
    """``e`` as the class body evaluates it: Python's enum namespace binds each member name
    seen so far to its value (``auto()`` already numbered), so ``AB = A | B`` is 3 there. It
    was read with ``A`` and ``B`` still unknown ``auto()`` markers, and numbered as one more
    ``auto()`` (4 where Python has 3: a confident wrong value and every later bit shifted)."""
    from driftcheck.parsers.source.interp.exprs import Frame

    fr = Frame(c.mod)
    fr.locals = {k: m.value for k, m in out.items()}
    return interp.exprs.eval(e, fr)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, Unknown) or isinstance(b, Unknown):
        return False
    try:
        return type(a) is type(b) and a == b
    except Exception:  # noqa: BLE001
        return False


def _make(name: str, v: Any, cls: Cls, mix: type | None) -> Any:
    if mix is int and isinstance(v, int) and not isinstance(v, bool):
        m: Any = IntMember(v)
    elif mix is str and isinstance(v, str):
        m = StrMember(v)
    else:
        return EnumMember(name, v, cls)
    m.name, m.value, m.cls = name, v, cls
    return m


def member(interp: Any, cls: Cls, name: str) -> Any:
    """``Color.RED``: the member, or None when ``name`` is no member (a method...)."""
    return members(interp, cls).get(name)


def by_value(interp: Any, cls: Cls, args: list[Any], loc: tuple) -> Any:
    """``Color("red")``: the member with that value (a member given is itself)."""
    v = plain(args[0]) if args else Unknown("enum()")
    if getattr(v, "_enum_member", False) and v.cls is cls:
        return v
    if isinstance(v, Unknown):
        return Unknown(f"{cls.name}() of an unknown value at {loc[0]}:{loc[1]}")
    ms = members(interp, cls)
    for m in ms.values():
        if isinstance(m.value, Unknown):
            return Unknown(f"{cls.name}({v!r}) with an unknown member at {loc[0]}:{loc[1]}")
        if m.value == v:
            return m
    missing = _own_missing(interp, cls)
    if missing is not None:
        # no member has the value: ``Enum.__new__`` asks the class's ``_missing_`` (a member
        # of the class it returns; None is CPython's ValueError, anything else a TypeError)
        got = plain(interp.calls.call_func(missing, [v], {}))
        if getattr(got, "_enum_member", False) and got.cls is cls:
            return got
        return Unknown(f"{cls.name}({v!r}): its _missing_ gave no member at {loc[0]}:{loc[1]}")
    return Unknown(f"{cls.name}({v!r}) is no member (ValueError) at {loc[0]}:{loc[1]}")


def _own_missing(interp: Any, cls: Cls) -> Any:
    """The ``_missing_`` classmethod a class of the enum's MRO read from source defines,
    bound to ``cls``; None where only ``Enum``'s own (which returns None) applies."""
    from driftcheck.parsers.source.values.abstract import Func

    ok, fn, where = interp.classes.mro_attr(cls, "_missing_")
    if not (ok and isinstance(fn, Func) and isinstance(where, Cls) and fn.is_classmethod):
        return None
    return Func(fn.node, fn.mod, fn.closure, fn.owner, cls, is_classmethod=True)


_MEMBER_BODY = (
    ast.Assign,
    ast.AnnAssign,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Expr,
    ast.Pass,
)
_ATOMS = (int, float, str, bytes, type(None))


def _flat(v: Any) -> list[Any]:
    return [x for e in v for x in _flat(e)] if isinstance(v, tuple) else [v]


def members_mapping(interp: Any, cls: Cls) -> Any:
    """``Color.__members__``: every member name in definition order, aliases included (each
    name of an alias maps to the member it aliases), unlike iteration; unknown where a
    member's value is not known (it might alias an earlier member) or a body statement may
    bind a member this reading does not list."""
    for c in cls.mro():
        if not isinstance(c, Cls):
            continue
        for st in c.node.body:
            if isinstance(st, ast.AnnAssign) and st.value is not None:
                return Unknown(f"{cls.name}.__members__: an annotated member at line {st.lineno}")
            if not isinstance(st, _MEMBER_BODY):  # a nested class is a member up to 3.12
                return Unknown(
                    f"{cls.name}.__members__: a class-body statement at line {st.lineno}"
                )
            if isinstance(st, ast.Assign) and not (
                len(st.targets) == 1 and isinstance(st.targets[0], ast.Name)
            ):
                return Unknown(f"{cls.name}.__members__: an assignment at line {st.lineno}")
    out = members(interp, cls)
    for m in out.values():
        v = getattr(m, "value", None)
        if not all(isinstance(x, _ATOMS) and not isinstance(x, Unknown) for x in _flat(v)):
            return Unknown(f"{cls.name}.__members__: member {m.name} of a value not known")
    return dict(out)


def class_defined(interp: Any, m: Any, name: str) -> Any:
    """``Act.GELU.module``: a method, property, classmethod or staticmethod the member's enum
    class (or a base read from source) defines, bound to the member, as Python looks a
    member's attribute up on its class (curated-transformers' ``Activation.module`` property).
    None where no such function is found: ``name`` / ``value`` and the mix-in's methods then
    (``member_attr``); a dunder is left to those too (``__eq__`` is not modelled)."""
    from driftcheck.parsers.source.values.abstract import Func

    if name in ("name", "value") or name.startswith("__") or not isinstance(m.cls, Cls):
        return None
    ok, fn, where = interp.classes.mro_attr(m.cls, name)
    if not (ok and isinstance(fn, Func) and isinstance(where, Cls)):
        return None
    if member(interp, m.cls, name) is not None:
        return None  # a member name (``Color.RED.GREEN``): not a function of the class
    if fn.is_static:
        return fn
    if fn.is_classmethod:
        return Func(fn.node, fn.mod, fn.closure, fn.owner, m.cls, is_classmethod=True)
    return interp.attrs.bind(fn, m)


def member_attr(m: Any, name: str) -> Any:
    if name == "name":
        return m.name
    if name == "value":
        return m.value
    own = init_attr(m, name)
    if own is not None:  # set by the class's own ``__init__`` (``_run_init``)
        return own
    if isinstance(m, (StrMember, IntMember)) and not name.startswith("_"):
        # a str/int mix-in member has its value's methods (``opt.strip()``, ``.lower()``)
        from driftcheck.parsers.source.library.pybuiltins import value_method

        return value_method(str(m) if isinstance(m, StrMember) else int(m), name, None)
    return Unknown(f"enum member attribute {name}")


def unique(interp: Any, cls: Cls) -> list[Any] | None:
    """The members ``for m in cls`` / ``len(cls)`` see: aliases once; of a flag class only its
    single-bit members, as Python 3.11+ iterates one (``AB = A | B`` and ``NONE = 0`` are
    left out: counting them gave a confident wrong ``len``)."""
    flag = enumflags.is_flag(cls)
    seen: list[Any] = []
    for m in members(interp, cls).values():
        v = getattr(m, "value", None)
        if flag and isinstance(v, Unknown):
            return None  # whether it is one bit decides whether Python lists it
        if flag and isinstance(v, int) and not isinstance(v, bool) and (v <= 0 or v & (v - 1)):
            continue
        if not any(m is s for s in seen):
            seen.append(m)
    return seen
