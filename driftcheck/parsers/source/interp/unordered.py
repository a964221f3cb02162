"""Values known as "these items, in an order not known" (issue #16, session 37).

``list(set(names))`` of strings: Python iterates the set in hash order, which
``PYTHONHASHSEED`` changes from run to run, so the list's order is not the program's (it was an
unknown as a whole). Its items are known, though, and many readers do not depend on their
order: sevenn's ``chemical_species_preprocess`` does ``sorted([x.strip() for x in
list(set(species))])`` and counts ``len(...)``.

Such a value is an ``Unordered``: an ``Unknown`` to every reader that does not know it (indexing,
a loop, ``enumerate``, ``zip``, ``str``...: the order would show), holding its items. The
readers that do not depend on the order read them exactly (``read``), when every item is a
plain ``str`` / ``int`` (no two distinct items equal, a total order):

- ``len``, ``set`` / ``frozenset``, ``sorted`` (no ``key``), ``min`` / ``max`` (no ``key``),
  ``sum`` (ints), ``any`` / ``all``; ``x in u``;
- ``list(u)`` / ``tuple(u)``: the same kind of value again;
- a list / set comprehension or generator expression over it, one ``for``, whose element and
  ``if`` tests are pure expressions of the item (``x.strip()``, ``x + "_"``, ``len(x)``...:
  ``pure``): the mapped items, again in an order not known (a set comprehension: a set).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Unknown, plain

# methods of ``str`` (and ``int``) that read only the value and return a new one
_PURE_METHODS = frozenset(
    "strip lstrip rstrip lower upper casefold title capitalize swapcase replace split rsplit "
    "startswith endswith isdigit isalpha isalnum isupper islower isspace removeprefix "
    "removesuffix zfill center ljust rjust count find rfind index rindex join partition "
    "rpartition bit_length".split()
)
_PURE_FUNCS = frozenset("len str int abs ord chr bool min max".split())
_SAFE = (str, int)


class Unordered(Unknown):
    """Items known, their order not (see the module docstring)."""

    __slots__ = ("items",)

    def __init__(self, items: list[Any], why: str) -> None:
        super().__init__(why)
        self.items = list(items)


def plain_items(u: Unordered) -> list | None:
    """Its items when each is a plain ``str`` or a plain ``int`` (not a bool); else None."""
    xs = [plain(x) for x in u.items]
    if all(x.__class__ in _SAFE for x in xs):
        return xs
    return None


def read(name: str, args: list, kwargs: dict) -> Any:
    """A builtin ``name`` called with an ``Unordered`` among its arguments: the answer where
    it does not depend on the order; an unknown naming the construct otherwise; NotImplemented
    where no argument is one."""
    if not any(plain(a).__class__ is Unordered for a in args):
        return NotImplemented
    u = plain(args[0]) if args else None
    if len(args) != 1 or u.__class__ is not Unordered:
        return Unknown(f"{name}() of {_what(args)}")
    if name in ("list", "tuple") and not kwargs:
        return Unordered(u.items, u.why)
    xs = plain_items(u)
    if xs is None:
        return Unknown(f"{name}() of {u.why} (items not plain strings or ints)")
    if kwargs and not (name == "sorted" and set(kwargs) == {"reverse"}):
        return Unknown(f"{name}() with keywords of {u.why}")
    mixed = len({x.__class__ for x in xs}) > 1
    try:
        if name == "len":
            return len(xs)
        if name in ("set", "frozenset"):
            return set(xs) if name == "set" else frozenset(xs)
        if name == "sorted" and not mixed:
            rev = plain(kwargs.get("reverse", False))
            if rev.__class__ is not bool:
                return Unknown(f"sorted() of {u.why} with reverse not known")
            return sorted(xs, reverse=rev)
        if name in ("min", "max") and not mixed and xs:
            return min(xs) if name == "min" else max(xs)
        if name == "sum" and all(x.__class__ is int for x in xs):
            return sum(xs)
        if name in ("any", "all"):
            return any(xs) if name == "any" else all(xs)
    except TypeError:
        pass
    return Unknown(f"{name}() of {u.why}")


def _what(args: list) -> str:
    u = next(plain(a) for a in args if plain(a).__class__ is Unordered)
    return u.why


def contains(u: Unordered, item: Any) -> Any:
    """``item in u``."""
    xs = plain_items(u)
    x = plain(item)
    if xs is None or x.__class__ not in _SAFE:
        return Unknown(f"in of {u.why}")
    return x in xs


def pure(node: ast.AST, target: str, depth: int = 0) -> bool:
    """An expression whose value depends only on the names it reads, with no effect: names,
    constants, operators, subscripts, tuples, f-strings, ``str`` methods of the
    ``_PURE_METHODS`` and the builtins ``_PURE_FUNCS`` (the items are plain strings / ints,
    so a method call on a name bound to one is ``str``'s / ``int``'s own)."""
    if depth > 30:
        return False
    t = type(node)
    if t in (ast.Name, ast.Constant):
        return True
    if t is ast.Subscript:  # ``x[0]`` of the item only (another object's ``__getitem__``: no)
        v = node.value
        return isinstance(v, ast.Name) and v.id == target and pure(node.slice, target, depth + 1)
    if t is ast.Call:
        f = node.func
        if node.keywords and any(k.arg is None for k in node.keywords):
            return False
        args = [*node.args, *(k.value for k in node.keywords)]
        if any(isinstance(a, ast.Starred) for a in args):
            return False
        if isinstance(f, ast.Attribute) and f.attr in _PURE_METHODS:
            return pure(f.value, target, depth + 1) and all(
                pure(a, target, depth + 1) for a in args
            )
        if isinstance(f, ast.Name) and f.id in _PURE_FUNCS:
            return all(pure(a, target, depth + 1) for a in args)
        return False
    if t in (
        ast.BinOp,
        ast.UnaryOp,
        ast.BoolOp,
        ast.Compare,
        ast.IfExp,
        ast.Tuple,
        ast.Slice,
        ast.JoinedStr,
        ast.FormattedValue,
        ast.Load,
    ) or isinstance(node, (ast.operator, ast.unaryop, ast.boolop, ast.cmpop)):
        return all(pure(c, target, depth + 1) for c in ast.iter_child_nodes(node))
    return False


def comprehension_applies(e: Any) -> bool:
    """A list / set comprehension or generator expression with one plain ``for`` (its target
    a name) whose element and tests are ``pure``."""
    if not isinstance(e, (ast.ListComp, ast.SetComp, ast.GeneratorExp)) or len(e.generators) != 1:
        return False
    g = e.generators[0]
    if g.is_async or not isinstance(g.target, ast.Name):
        return False
    return pure(e.elt, g.target.id) and all(pure(c, g.target.id) for c in g.ifs)


def free_names(e: Any) -> set[str]:
    """The names the element and tests read besides the loop's target and the builtins
    ``pure`` allows: each must hold a plain value (``plain_value``) for the items to be
    computed without any effect."""
    g = e.generators[0]
    out: set[str] = set()
    for part in (e.elt, *g.ifs):
        for n in ast.walk(part):
            if isinstance(n, ast.Name) and n.id != g.target.id and n.id not in _PURE_FUNCS:
                out.add(n.id)
    return out


def plain_value(v: Any, depth: int = 0) -> bool:
    """A value no operator or method of which runs code: a str, number, bool, None, or a
    tuple of those."""
    v = plain(v)
    if v.__class__ in (str, int, float, bool, type(None)):
        return True
    return v.__class__ is tuple and depth < 8 and all(plain_value(x, depth + 1) for x in v)


def made(e: Any, out: list) -> Any:
    """The value of the comprehension ``e`` whose items (over an ``Unordered``) are ``out``:
    a set for a set comprehension, else again items in an order not known; an unknown where
    an item is not a plain value."""
    if not all(plain_value(x) for x in out):
        return Unknown("comprehension over items in an order not known (items not plain)")
    if isinstance(e, ast.SetComp):
        return {plain(x) for x in out}
    return Unordered([plain(x) for x in out], "items in an order not known (a comprehension)")
