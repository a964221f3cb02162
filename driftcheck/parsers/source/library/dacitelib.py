"""``dacite.from_dict(data_class=C, data=d, config=Config(...))``: a dataclass config built from
a plain dict (xlstm's README: YAML -> OmegaConf -> ``to_container`` -> dacite).

dacite's own code walks ``typing`` introspection (``get_type_hints``, generic origins, a cache
keyed by types) that the interpreter cannot follow; its meaning is simple and modelled here:
each field of ``C`` whose key the dict holds gets that value -- a nested dict for a field typed
as a dataclass (or ``Optional`` of one) becomes that dataclass, built the same way, a list of
dicts for ``List[dataclass]`` a list of them -- and the other fields keep their defaults; the
class is then constructed as calling it does (``__post_init__`` runs). ``strict=True`` with a
key no field has raises in dacite: unknown here, as is any type hint we cannot read, a
``type_hooks`` / ``cast`` config (which convert values) or a dict we do not know.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls, Config, Unknown, plain

DA = Group("dacite")
_MAX_DEPTH = 16


def _fields(ip: Any, cls: Cls) -> list[tuple[str, ast.expr, Cls]] | None:
    """(name, annotation, defining class) of the dataclass's fields, in MRO order."""
    if not ip.calls.is_dataclass(cls):
        return None
    out: list[tuple[str, ast.expr, Cls]] = []
    for c in reversed(cls.mro()):
        if not isinstance(c, Cls):
            continue
        for st in c.node.body:
            if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                out = [f for f in out if f[0] != st.target.id]
                out.append((st.target.id, st.annotation, c))
    return out


def _dataclass_of(ip: Any, ann: ast.expr, owner: Cls) -> tuple[Any, bool]:
    """(the dataclass an annotation names, through ``Optional[X]`` / ``X | None`` /
    ``Union[X, None]``, or None; whether it is ``List[...]`` / ``list[...]`` of it)."""
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        try:
            ann = ast.parse(ann.value, mode="eval").body
        except SyntaxError:
            return None, False
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        parts = [ann.left, ann.right]
        others = [p for p in parts if not (isinstance(p, ast.Constant) and p.value is None)]
        return _dataclass_of(ip, others[0], owner) if len(others) == 1 else (None, False)
    if isinstance(ann, ast.Subscript):
        head = (
            ann.value.attr if isinstance(ann.value, ast.Attribute) else getattr(ann.value, "id", "")
        )
        inner = ann.slice
        if head == "Optional":
            return _dataclass_of(ip, inner, owner)
        if head == "Union" and isinstance(inner, ast.Tuple):
            others = [
                p for p in inner.elts if not (isinstance(p, ast.Constant) and p.value is None)
            ]
            return _dataclass_of(ip, others[0], owner) if len(others) == 1 else (None, False)
        if head in ("List", "list", "Sequence"):
            got, _ = _dataclass_of(ip, inner, owner)
            return got, got is not None
        return None, False
    if isinstance(ann, (ast.Name, ast.Attribute)):
        v = plain(ip.exprs.eval(ann, owner.ns["__frame__"]))
        if isinstance(v, Cls) and ip.calls.is_dataclass(v):
            return v, False
    return None, False


def build(c: Call, cls: Cls, data: Any, strict: bool, depth: int = 0) -> Any:
    ip = c.interp
    d = plain(data)
    if isinstance(d, Config):
        d = dict(d.fields)
    if not isinstance(d, dict) or depth > _MAX_DEPTH or "**" in d:
        return c.unknown(f"dacite.from_dict() of data we cannot follow at {c.where}")
    fields = _fields(ip, cls)
    if fields is None:
        return c.unknown(f"dacite.from_dict() of {cls.name}, not a dataclass read from source")
    names = {f[0] for f in fields}
    if strict and set(d) - names:
        extra = ", ".join(sorted(str(k) for k in set(d) - names))
        why = f"dacite.from_dict(strict=True) raises at {c.where}: {cls.name} has no field {extra}"
        c.interp.stmts.note(why)
        return c.unknown(why)
    kwargs: dict[str, Any] = {}
    for name, ann, owner in fields:
        if name not in d:
            continue
        v = d[name]
        sub, many = _dataclass_of(ip, ann, owner)
        pv = plain(v)
        if sub is not None and many and isinstance(pv, list):
            v = [build(c, sub, x, strict, depth + 1) for x in pv]
        elif sub is not None and not many and isinstance(pv, (dict, Config)):
            v = build(c, sub, pv, strict, depth + 1)
        elif isinstance(pv, (dict, list)) and sub is None:
            # a nested dict for a field whose type we cannot read: dacite may convert it
            head = ast.unparse(ann)
            if not head.startswith(("dict", "Dict", "Mapping", "list", "List", "Any")):
                return c.unknown(f"dacite.from_dict(): field {name}: {head} not read")
        if isinstance(plain(v), Unknown):
            return v
        kwargs[name] = v
    return ip.calls.call(cls, [], kwargs, c.loc)


class DaciteConfig:
    """``dacite.Config(strict=True, ...)``: its options, as given."""

    __slots__ = ("options",)
    library_type = "dacite.Config"
    memo_shared = True

    def __init__(self, options: dict) -> None:
        self.options = options

    def attr(self, name: str) -> Any:
        return self.options.get(name, Unknown(f"dacite.Config.{name}"))


@DA.entry("Config", doc="Config(**options): dacite's options, read by from_dict")
def _config(c: Call) -> Any:
    if c.args or "**" in c.kwargs:
        return c.unknown("dacite.Config() with options we cannot read")
    return DaciteConfig(dict(c.kwargs))


@DA.entry(
    "from_dict",
    doc="from_dict(data_class, data, config): the dataclass built from the dict's keys, nested "
    "dataclass fields from nested dicts, defaults for the rest (strict: unknown on extra keys; "
    "type_hooks / cast: unknown)",
    also=("dacite.core.from_dict",),
)
def _from_dict(c: Call) -> Any:
    cls = c.plain(0, "data_class")
    data = c.arg(1, "data")
    cfg = c.plain(2, "config")
    strict = False
    if cfg is not None:
        if not isinstance(cfg, DaciteConfig):
            return c.unknown("dacite.from_dict() with a config we cannot read")
        opts = {k: plain(v) for k, v in cfg.options.items()}
        if set(opts) - {"strict", "check_types", "forward_references", "type_hooks", "cast"}:
            return c.unknown("dacite.from_dict() with config options not modelled")
        for k in ("type_hooks", "cast"):
            if opts.get(k) not in (None, {}, []):
                return c.unknown(f"dacite.from_dict() with config {k} (values converted)")
        strict = opts.get("strict") is True
    if not isinstance(cls, Cls):
        return c.unknown("dacite.from_dict() of a class not read from source")
    return build(c, cls, data, strict)
