"""The ``match`` statement (PEP 634): cases tried in order against the subject, as CPython
tries them (``case ("attention", int(heads)): return SelfAttention(heads)``).

Skipping the statement would leave a builder function returning None, a model with no layers:
a confident wrong count. So each pattern is decided on the abstract subject: literals and
singletons by value, sequences and mappings by their known items, class patterns through
``isinstance`` (builtins' self-matching positional pattern, ``__match_args__`` of a class read
from source, keyword attributes), captures and ``|`` alternatives. A pattern or guard we cannot
decide (an unknown subject, a class we cannot test) stops there: every name the remaining cases
bind is unknown, and where one of them returns, the function's result is unknown too.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Config, Obj, Unknown, plain, unwrap

_UNDECIDED = object()  # a pattern or guard we cannot decide
_SIMPLE = (int, float, str, bytes, bool, type(None), complex)
# builtins whose class pattern's single positional sub-pattern matches the subject itself
_SELF_MATCHING = frozenset(
    f"builtins.{n}"
    for n in ("bool", "bytearray", "bytes", "dict", "float", "frozenset", "int", "list")
    + ("set", "str", "tuple")
)


def exec_match(stmts: Any, st: ast.Match, fr: Any) -> None:
    """Run ``st`` in frame ``fr`` (``stmts``: the interpreter's statement runner)."""
    from driftcheck.parsers.source.interp.statements import Return

    subject = stmts.exprs.eval(st.subject, fr)
    for i, case in enumerate(st.cases):
        binds: dict[str, Any] = {}
        got = _match(stmts, case.pattern, subject, binds, fr)
        if got is True:
            fr.locals.update(binds)
            if case.guard is not None:
                from driftcheck.parsers.source.interp.exprs import truth

                g = truth(stmts.exprs.eval(case.guard, fr))
                if g is False:
                    continue
                if g is not True:
                    got = _UNDECIDED
            if got is True:
                stmts.run_body(case.body, fr)
                return
        if got is False:
            continue
        # undecided: what the remaining cases would bind is unknown; a return in one of them
        # makes the function's result unknown
        why = f"match statement at {fr.mod.path.name}:{st.lineno} not decided statically"
        rest = st.cases[i:]
        for c in rest:
            for node in (c.pattern, *c.body):
                for n in ast.walk(node):
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                        fr.locals[n.id] = Unknown(why)
                    elif isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
                        fr.locals[n.name] = Unknown(why)
        stmts.note(why)
        if any(isinstance(n, ast.Return) for c in rest for b in c.body for n in ast.walk(b)):
            raise Return(Unknown(why))
        return


def _match(stmts: Any, p: ast.pattern, v: Any, binds: dict, fr: Any) -> Any:
    """True / False, or ``_UNDECIDED``; captures go into ``binds``."""
    raw = plain(v)
    if isinstance(p, ast.MatchAs):
        if p.pattern is not None:
            got = _match(stmts, p.pattern, v, binds, fr)
            if got is not True:
                return got
        if p.name:
            binds[p.name] = v
        return True
    if isinstance(p, ast.MatchOr):
        for alt in p.patterns:
            got = _match(stmts, alt, v, binds, fr)
            if got is not False:
                return got
        return False
    if isinstance(raw, Unknown):
        return _UNDECIDED
    if isinstance(p, ast.MatchSingleton):
        return raw is p.value
    if isinstance(p, ast.MatchValue):
        want = plain(stmts.exprs.eval(p.value, fr))
        if isinstance(want, _SIMPLE) and isinstance(raw, _SIMPLE):
            return bool(raw == want)
        if isinstance(want, _SIMPLE) and isinstance(raw, (list, tuple, dict)):
            return False  # a container never equals a literal
        return _UNDECIDED
    if isinstance(p, ast.MatchSequence):
        return _sequence(stmts, p, v, binds, fr)
    if isinstance(p, ast.MatchMapping):
        return _mapping(stmts, p, v, binds, fr)
    if isinstance(p, ast.MatchClass):
        return _class(stmts, p, v, binds, fr)
    return _UNDECIDED


def _sequence(stmts: Any, p: ast.MatchSequence, v: Any, binds: dict, fr: Any) -> Any:
    raw = unwrap(v)
    if isinstance(raw, (str, bytes, dict, Config)) or isinstance(plain(raw), _SIMPLE):
        return False
    if isinstance(raw, Obj) and _never_a_sequence(raw, stmts):
        return False  # ``case ("conv", out, k, 1)`` against a dataclass instance
    if not isinstance(raw, (list, tuple)):
        return _UNDECIDED
    items = list(raw)
    star = next((i for i, q in enumerate(p.patterns) if isinstance(q, ast.MatchStar)), None)
    if star is None:
        if len(items) != len(p.patterns):
            return False
        pairs = list(zip(p.patterns, items))
    else:
        before, after = p.patterns[:star], p.patterns[star + 1 :]
        if len(items) < len(before) + len(after):
            return False
        tail = items[len(items) - len(after) :] if after else []
        pairs = list(zip(before, items)) + list(zip(after, tail))
        name = p.patterns[star].name  # type: ignore[attr-defined]
        if name:
            binds[name] = items[len(before) : len(items) - len(after)]
    for q, x in pairs:
        got = _match(stmts, q, x, binds, fr)
        if got is not True:
            return got
    return True


# classes a class read from source may derive from and still not be a
# ``collections.abc.Sequence`` (what a sequence pattern requires)
_NOT_SEQUENCE_BASES = frozenset(
    ("builtins.object", "torch.nn.Module", "torch.nn.modules.module.Module", "abc.ABC")
)


def _never_a_sequence(obj: Obj, stmts: Any) -> bool:
    """An instance of a class read from source whose every base is read from source too, or
    ``object`` / ``nn.Module`` / ``ABC``, holding no tuple items (``tuplesub``): Python's
    sequence pattern needs a ``collections.abc.Sequence`` (by inheritance or a ``register``
    call on it or a subclass: ``classtype.std_registered``; one found or not followed leaves
    it undecided), so it never matches. Any other base may make it one: undecided."""
    from driftcheck.parsers.source.interp import classtype
    from driftcheck.parsers.source.interp.tuplesub import ITEMS
    from driftcheck.parsers.source.values.abstract import Cls, Ext

    if obj.cls is None or ITEMS in obj.attrs or obj.kind:
        return False
    for c in obj.cls.mro():
        if isinstance(c, Ext):
            if c.qual not in _NOT_SEQUENCE_BASES:
                return False
        elif not isinstance(c, Cls):
            return False
    return classtype.std_registered(stmts.ip, obj.cls, "collections.abc.Sequence") is None


def _mapping(stmts: Any, p: ast.MatchMapping, v: Any, binds: dict, fr: Any) -> Any:
    raw = unwrap(v)
    if isinstance(plain(raw), (*_SIMPLE, list, tuple)):
        return False
    if not isinstance(raw, dict):
        return _UNDECIDED
    for k, q in zip(p.keys, p.patterns):
        key = plain(stmts.exprs.eval(k, fr))
        if not isinstance(key, _SIMPLE):
            return _UNDECIDED
        if key not in raw:
            return False
        got = _match(stmts, q, raw[key], binds, fr)
        if got is not True:
            return got
    if p.rest:
        used = {plain(stmts.exprs.eval(k, fr)) for k in p.keys}
        binds[p.rest] = {k: x for k, x in raw.items() if k not in used}
    return True


def _class(stmts: Any, p: ast.MatchClass, v: Any, binds: dict, fr: Any) -> Any:
    cls = stmts.exprs.eval(p.cls, fr)
    ok = stmts.ip.items.isinstance(v, cls)
    if ok is not True:
        return ok if ok is False else _UNDECIDED
    c = plain(cls)
    qual = getattr(c, "qual", None)
    if p.patterns:
        if qual in _SELF_MATCHING:
            if len(p.patterns) != 1:
                return _UNDECIDED  # CPython raises TypeError
            got = _match(stmts, p.patterns[0], v, binds, fr)
            if got is not True:
                return got
        else:
            names = _match_args(stmts, c)
            if names is None or len(p.patterns) > len(names):
                return _UNDECIDED
            for q, n in zip(p.patterns, names):
                got = _attr_match(stmts, q, v, n, binds, fr)
                if got is not True:
                    return got
    for n, q in zip(p.kwd_attrs, p.kwd_patterns):
        got = _attr_match(stmts, q, v, n, binds, fr)
        if got is not True:
            return got
    return True


def _match_args(stmts: Any, c: Any) -> list[str] | None:
    from driftcheck.parsers.source.values.abstract import Cls

    if not isinstance(c, Cls):
        return None
    ok, names, _ = stmts.ip.classes.mro_attr(c, "__match_args__")
    if not ok and stmts.ip.calls.is_dataclass(c):
        # the dataclass decorator writes ``__match_args__``: its fields, in order
        fields: list[str] = []
        for k in reversed(c.mro()):
            if isinstance(k, Cls):
                for st in k.node.body:
                    if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                        if st.target.id not in fields:
                            fields.append(st.target.id)
        return fields
    names = plain(names) if ok else None
    if isinstance(names, tuple) and all(isinstance(n, str) for n in names):
        return list(names)
    return None


def _attr_match(stmts: Any, q: ast.pattern, v: Any, name: str, binds: dict, fr: Any) -> Any:
    raw = plain(v)
    if not isinstance(raw, Obj) or raw.module:
        return _UNDECIDED
    if name not in raw.attrs:
        return _UNDECIDED
    return _match(stmts, q, raw.attrs[name], binds, fr)
