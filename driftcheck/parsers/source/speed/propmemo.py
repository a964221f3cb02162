"""Config property results reused while the config fields they read are unchanged.

A ``@property`` of a config class runs every time it is read. mistral_large4's 72 decoder
layers each read ``config.kv_sharing_modes[layer_idx]`` twice, and that property walks every
layer with a quadratic ``i in self.kv_source_layers[i + 1 :]``: 145 evaluations, about 0.6 CPU s
of the model's 1.9 (and as much again in mistral_large4_text).

A getter is reused only when its result can depend on nothing but the config fields it names:

- statically (once per getter), its body reads ``self.<name>`` attributes, its own locals and
  builtins, calls builtins only, and writes nothing but its own locals;
- at each read, every ``self.<name>`` is a field of the config (not another property or a class
  attribute), every free name is Python's builtin, and the fields' values -- by value, deeply,
  with the config key and line of ``Sourced`` ones -- equal those of the recorded evaluation,
  under the same open conditions. The fields are compared again after an evaluation; a getter
  that changed them is not recorded.

Each read gets its own copy of the result (``memo.Template``: what the config holds is shared,
what the getter built is copied), as a fresh evaluation would build new lists. Turned off with
layer reuse (``DRIFTCHECK_MEMO=0``), so ``--audit-memo`` compares both ways.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.speed.memo import Template, _reachable, _Uncopyable
from driftcheck.parsers.source.values.abstract import Config, Ext, Func, Probe, Sourced, Unknown

_ATOMS = frozenset((bool, int, float, str, bytes, complex, type(None)))
_ATTR = "_driftcheck_reads"  # (self attributes, free names) or False, kept on the getter node
MAX_ITEMS = 4096  # field values compared per read, at most


class _Changing(Exception):
    """A value the comparison cannot stand for."""


def call_property(ip: Any, f: Func, cfg: Config) -> Any:
    """The value of property ``f`` (already bound to ``cfg``), reused when nothing it reads
    has changed since it was computed."""
    reads = _reads(f.node) if ip.speed.propmemo and not ip.tries else False
    state = _state(ip, f, cfg, reads) if reads else None
    if state is None:
        return ip.calls.call_func(f, [], {})
    cache: dict[int, tuple] = ip.__dict__.setdefault("_property_results", {})
    hit = cache.get(id(f.node))
    if hit is not None and hit[0] is cfg and hit[1] == state:
        return hit[2].copy([])
    result = ip.calls.call_func(f, [], {})
    if _state(ip, f, cfg, reads) != state:
        return result  # the getter changed the config (a sub-config made from a dict...)
    try:
        tpl = Template(result, None, _reachable([cfg]))
        out = tpl.copy([])
    except _Uncopyable:
        return result
    cache[id(f.node)] = (cfg, state, tpl)
    return out


def _state(ip: Any, f: Func, cfg: Config, reads: tuple) -> tuple | None:
    attrs, free = reads
    for name in free:
        g = ip.names.global_lookup(f.mod, name)
        if g.__class__ is not Ext or g.qual != f"builtins.{name}":
            return None  # the module defines or imports ``name``
    values = []
    budget = [MAX_ITEMS]
    try:
        for name in attrs:
            found, v = cfg.lookup(name)
            if not found:
                return None  # another property or a class attribute: not followed here
            values.append(_value(v, budget))
    except _Changing:
        return None
    return (tuple(ip.uncertain), ip.class_writes, tuple(values))


def _value(v: Any, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise _Changing()
    t = v.__class__
    if t in _ATOMS:
        return (t, v)  # 1, 1.0 and True stay apart
    if t is Sourced:
        return ("S", _value(v.value, budget), v.key, v.file, v.line)
    if t is list or t is tuple:
        return (t, tuple([_value(x, budget) for x in v]))
    if t is dict:
        return ("d", tuple([(_value(a, budget), _value(b, budget)) for a, b in v.items()]))
    if t is Config:
        return ("C", id(v))  # a sub-config: the getter cannot read into it (``_reads``)
    if isinstance(v, Unknown) and t is not Probe:
        return ("U", t.__name__, v.why)
    raise _Changing()


def _reads(node: ast.AST) -> tuple | bool:
    """(self attributes, free names) of a getter whose result depends on nothing else; False
    for any other getter. Computed once per getter."""
    got = node.__dict__.get(_ATTR)
    if got is None:
        got = _scan(node) or False
        setattr(node, _ATTR, got)
    return got


def _scan(node: ast.AST) -> tuple | None:
    if not isinstance(node, ast.FunctionDef):
        return None
    a = node.args
    if len(a.args) != 1 or a.posonlyargs or a.kwonlyargs or a.vararg or a.kwarg:
        return None
    me = a.args[0].arg
    local: set[str] = set()
    loads: set[str] = set()
    attrs: set[str] = set()
    in_comps: set[int] = set()  # comprehension targets: their names stay free (see below)
    for n in ast.walk(ast.Module(body=node.body, type_ignores=[])):
        if isinstance(n, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return None
        if isinstance(n, (ast.Global, ast.Nonlocal, ast.Delete, ast.Yield, ast.YieldFrom)):
            return None
        if isinstance(n, ast.Call) and not isinstance(n.func, ast.Name):
            return None  # a method call may write (``xs.append``) or read anything
        if isinstance(n, ast.Attribute):
            if not (isinstance(n.value, ast.Name) and n.value.id == me):
                return None  # ``self.sub.x``, ``math.pi``: outside what is compared
            if not isinstance(n.ctx, ast.Load):
                return None  # ``self.x = ...`` writes the config
            attrs.add(n.attr)
        if isinstance(n, ast.Subscript) and not isinstance(n.ctx, ast.Load):
            if not (isinstance(n.value, ast.Name) and n.value.id != me):
                return None
        if isinstance(n, ast.comprehension):
            in_comps.update(id(x) for x in ast.walk(n.target))
        if isinstance(n, ast.Name):
            if isinstance(n.ctx, ast.Load):
                loads.add(n.id)
            elif id(n) not in in_comps:
                local.add(n.id)
    # a comprehension's variable is local to it: the same name read elsewhere in the body is
    # a global, so it stays in the free names (checked to be no module-level name). A local
    # aliasing a field (``x = self.xs; x[0] = 1``) writes the config: the fields compared
    # after the evaluation catch it.
    free = loads - local - {me}
    return tuple(sorted(attrs)), tuple(sorted(free))
