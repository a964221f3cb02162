"""Where a copy of a reference modeling file hard-codes a literal the reference reads from the config.

Remote-code repositories are mostly forks of a transformers modeling file. A literal written
where transformers reads ``config.x`` is drift waiting to happen, and often one no comparison of
the built models can see: in a ``getattr`` default the config overrides, in a class the model
loads from the installed package, in a check that passes either way. This module compares the
two files as *source* (``ast``; nothing is imported or run):

1. functions are paired by qualified name (``Class.method``) as a hint: the pair is kept when
   their statements mostly align, else the reference function of the same name whose statements
   align best is taken (a fork that renamed its classes still pairs);
2. inside a pair, statement lists are aligned with ``difflib`` over normalized statement keys in
   which a config read and a literal are the same token, so a substitution keeps a statement in
   place while an added log line or a rewritten statement is an insertion or a replacement;
3. aligned statements are walked in parallel; a statement is reported only when the two sides
   are equal everywhere except where the reference reads the config and the copy has a literal.
   Anything else that differs in the statement (a renamed variable, another call) makes it
   silent, so ordinary edits never produce findings. Compound statements (``if``, ``for``,
   ``with``, nested ``def``) compare their header this way and align their bodies recursively.

Which side is stale is not decided here: the caller states the difference.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

# a pair kept on its name needs this share of aligned statements; one found by structure more
NAME_PAIR_RATIO = 0.5
STRUCT_PAIR_RATIO = 0.7
BODY_FIELDS = ("body", "orelse", "finalbody")
CLAUSE_FIELDS = ("handlers", "cases")  # except clauses and match cases: a header and a body
TEXT_CONFIG = "<text>"  # ``config.get_text_config()``
NOT_LITERAL = object()


@dataclass(frozen=True)
class ConfigRead:
    """A read of ``attr`` from the function's config, below the sub-config names in ``path``."""

    path: tuple[str, ...]
    attr: str

    @property
    def text(self) -> str:
        return ".".join(("config", *self.path, self.attr))


@dataclass(frozen=True)
class HardCoded:
    """One literal in the copy where the reference reads the config."""

    file: Path
    line: int
    column: int
    qualname: str
    literal: Any
    read: ConfigRead
    ref_file: Path
    ref_line: int
    ref_qualname: str
    ref_config_class: str | None  # the config class the reference function's class receives


@dataclass
class _Fn:
    qual: str
    node: ast.FunctionDef | ast.AsyncFunctionDef
    file: Path
    config_class: str | None
    text: str = ""

    def stmt_keys(self) -> list[tuple]:
        """The body's statement keys: what pairing compares two functions by."""
        return [stmt_key(s) for s in self.node.body]


# ---------------------------------------------------------------- config reads and literals
def config_object(node: ast.AST) -> tuple[str, ...] | None:
    """The sub-config path of an expression that is a config object, else None.

    ``config`` and ``self.config`` are the function's config; ``text_config`` (a local, or an
    attribute of a config) is that sub-config; ``config.get_text_config()`` the text config."""
    if isinstance(node, ast.Name):
        if node.id == "config":
            return ()
        return (node.id,) if node.id.endswith("_config") else None
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            if node.attr == "config":
                return ()
            return (node.attr,) if node.attr.endswith("_config") else None
        base = config_object(node.value)
        if base is not None and node.attr.endswith("_config"):
            return (*base, node.attr)
        return None
    if isinstance(node, ast.Call) and not node.args and not node.keywords:
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "get_text_config":
            base = config_object(f.value)
            return None if base is None else (*base, TEXT_CONFIG)
    return None


def config_read(node: ast.AST) -> ConfigRead | None:
    """``config.x``, ``self.config.x``, ``config.text_config.x``, ``getattr(config, "x"[, d])``."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        if node.attr.endswith("_config") or node.attr == "config":
            return None
        base = config_object(node.value)
        return None if base is None else ConfigRead(base, node.attr)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) in (2, 3)
        and not node.keywords
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        base = config_object(node.args[0])
        return None if base is None else ConfigRead(base, node.args[1].value)
    return None


def literal(node: ast.AST) -> Any:
    """The value of a literal (number, string, bool, None, or a tuple/list of them), else NOT_LITERAL."""
    if not isinstance(node, (ast.Constant, ast.UnaryOp, ast.Tuple, ast.List)):
        return NOT_LITERAL
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NOT_LITERAL
    return value if _plain(value) else NOT_LITERAL


def _plain(v: Any) -> bool:
    if isinstance(v, (list, tuple)):
        return all(_plain(x) for x in v)
    return v is None or isinstance(v, (bool, int, float, str))


# ---------------------------------------------------------------- normalized keys
def _tokens(node: Any, out: list) -> None:
    """A flat token stream of ``node`` where config reads and literals are one token (``$``)."""
    if isinstance(node, ast.AST):
        if config_read(node) is not None or literal(node) is not NOT_LITERAL:
            out.append("$")
            return
        out.append(type(node).__name__)
        for name in node._fields:
            if name in BODY_FIELDS or name in CLAUSE_FIELDS:
                continue
            _tokens(getattr(node, name), out)
    elif isinstance(node, list):
        out.append(len(node))
        for x in node:
            _tokens(x, out)
    elif node is not None:
        out.append(node)


def stmt_key(stmt: ast.stmt) -> tuple:
    """A statement's alignment key: its header (bodies excluded), literals and reads as ``$``.
    Kept on the node: a statement's key is asked for by pairing and by alignment."""
    key = getattr(stmt, "_dc_key", None)
    if key is None:
        out: list = []
        _tokens(stmt, out)
        key = tuple(out)
        stmt._dc_key = key  # type: ignore[attr-defined]
    return key


# ---------------------------------------------------------------- parallel walk
def _same(r: Any, u: Any, subs: list) -> bool:
    """True when ``u`` equals ``r`` except for literals where ``r`` reads the config (those
    are appended to ``subs`` as (reference node, copy node, read, value))."""
    if isinstance(r, ast.AST):
        read = config_read(r)
        if read is not None:
            value = literal(u)
            if value is not NOT_LITERAL:
                subs.append((r, u, read, value))
                return True
        if type(r) is not type(u):
            return False
        return all(_same(getattr(r, f), getattr(u, f), subs) for f in r._fields)
    if isinstance(r, list):
        return isinstance(u, list) and len(r) == len(u) and all(map(_same, r, u, [subs] * len(r)))
    return type(r) is type(u) and r == u


def _header_same(r: ast.AST, u: ast.AST, subs: list) -> bool:
    return type(r) is type(u) and all(
        _same(getattr(r, f), getattr(u, f), subs)
        for f in r._fields
        if f not in BODY_FIELDS and f not in CLAUSE_FIELDS
    )


class _Pairing:
    """Collects substitutions over one pair of functions."""

    def __init__(self) -> None:
        self.found: list[tuple] = []

    def block(self, rs: list[ast.stmt], us: list[ast.stmt]) -> None:
        rk = [stmt_key(s) for s in rs]
        uk = [stmt_key(s) for s in us]
        sm = SequenceMatcher(None, rk, uk, autojunk=False)
        for tag, i1, i2, j1, j2 in sm.get_opcodes():
            if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
                for r, u in zip(rs[i1:i2], us[j1:j2]):
                    self.stmt(r, u)
            elif tag == "replace":  # compound statements of one type keep their bodies aligned
                rt = [type(s).__name__ for s in rs[i1:i2]]
                ut = [type(s).__name__ for s in us[j1:j2]]
                for m in SequenceMatcher(None, rt, ut, autojunk=False).get_matching_blocks():
                    for k in range(m.size):
                        r, u = rs[i1 + m.a + k], us[j1 + m.b + k]
                        if _bodies(r):
                            self.stmt(r, u)

    def stmt(self, r: ast.stmt, u: ast.stmt) -> None:
        if type(r) is not type(u):
            return
        if not _bodies(r):
            subs: list = []
            if _same(r, u, subs):
                self.found += subs
            return
        subs = []
        if _header_same(r, u, subs):
            self.found += subs
        for name in BODY_FIELDS:
            rb, ub = getattr(r, name, None), getattr(u, name, None)
            if isinstance(rb, list) and isinstance(ub, list):
                self.block(rb, ub)
        for name in CLAUSE_FIELDS:
            rh, uh = getattr(r, name, None), getattr(u, name, None)
            if isinstance(rh, list) and isinstance(uh, list) and len(rh) == len(uh):
                for a, b in zip(rh, uh):
                    subs = []
                    if _header_same(a, b, subs):
                        self.found += subs
                    self.block(a.body, b.body)


def _bodies(stmt: ast.stmt) -> bool:
    return any(isinstance(getattr(stmt, f, None), list) for f in (*BODY_FIELDS, *CLAUSE_FIELDS))


# ---------------------------------------------------------------- functions of a file
def functions(tree: ast.Module, file: Path, lines: list[str]) -> list[_Fn]:
    """Every top-level function and method (nested classes too), with the config class its
    class receives (``config: XConfig`` on the function or ``__init__``, or a class-level
    ``config_class = X`` / ``config: X``, along base classes defined in the same file), and
    its source text (an unchanged copy is recognised by text, without walking it)."""
    classes: dict[str, ast.ClassDef] = {}
    found: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]] = []

    def visit(body: list[ast.stmt], prefix: str, cls: ast.ClassDef | None) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((prefix + node.name, node, cls))
            elif isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, node)
                visit(node.body, f"{prefix}{node.name}.", node)

    visit(tree.body, "", None)
    out = []
    for qual, node, cls in found:
        cc = _annotation(node) or (_class_config(cls, classes, set()) if cls else None)
        text = "\n".join(x.strip() for x in lines[node.lineno - 1 : node.end_lineno])
        out.append(_Fn(qual, node, file, cc, text))
    return out


def _annotation(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs):
        if a.arg == "config" and a.annotation is not None:
            return _type_name(a.annotation)
    return None


def _type_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.rsplit(".", 1)[-1]
    return None


def _class_config(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], seen: set) -> str | None:
    if cls.name in seen:
        return None
    seen.add(cls.name)
    for node in cls.body:
        if isinstance(node, ast.FunctionDef) and node.name == "__init__":
            found = _annotation(node)
            if found:
                return found
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if node.target.id == "config":
                return _type_name(node.annotation)
            if node.target.id == "config_class" and node.value is not None:
                return _type_name(node.value)
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "config_class" for t in node.targets
        ):
            return _type_name(node.value)
    for base in cls.bases:
        name = _type_name(base)
        if name in classes:
            found = _class_config(classes[name], classes, seen)
            if found:
                return found
    return None


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _read(path: Path, text: str) -> tuple[ast.Module, list[str]] | None:
    try:
        return ast.parse(text, str(path)), text.splitlines()
    except (SyntaxError, ValueError, RecursionError):
        return None


# ---------------------------------------------------------------- pairing and the result
def _ratio(a: _Fn, b: _Fn) -> float:
    sm = SequenceMatcher(None, a.stmt_keys(), b.stmt_keys(), autojunk=False)
    if sm.real_quick_ratio() < STRUCT_PAIR_RATIO:
        return sm.real_quick_ratio()
    return sm.ratio()


def pair_functions(user: list[_Fn], ref: list[_Fn]) -> list[tuple[_Fn, _Fn]]:
    """Each copy function with its reference counterpart (name as a hint, structure decides).
    A function whose text equals its namesake's is left out: it cannot hold a substitution."""
    by_qual: dict[str, _Fn] = {}
    by_name: dict[str, list[_Fn]] = {}
    texts = set()
    for f in ref:
        by_qual.setdefault(f.qual, f)
        by_name.setdefault(f.node.name, []).append(f)
        texts.add(f.text)
    out = []
    for u in user:
        r = by_qual.get(u.qual)
        if u.text in texts:
            continue
        if r is not None and _ratio(r, u) >= NAME_PAIR_RATIO:
            out.append((r, u))
            continue
        best, score = None, STRUCT_PAIR_RATIO
        for cand in by_name.get(u.node.name, []):
            s = _ratio(cand, u)
            if s >= score and (best is None or s > score):
                best, score = cand, s
        if best is not None:
            out.append((best, u))
    return out


def hardcoded_reads(user_file: Path, ref_files: list[Path]) -> list[HardCoded]:
    """Literals in ``user_file`` where the paired code of ``ref_files`` reads the config."""
    user_text = _text(user_file) if ref_files else None
    refs = [(p, _text(p)) for p in ref_files if p.resolve() != user_file.resolve()]
    if user_text is None or any(t == user_text for _, t in refs):
        return []  # an unmodified copy of a reference file: nothing to parse
    read = _read(user_file, user_text)
    if read is None:
        return []
    ref: list[_Fn] = []
    for path, text in refs:
        got = _read(path, text) if text is not None else None
        if got is not None:
            ref += functions(got[0], path, got[1])
    out: list[HardCoded] = []
    seen: set[tuple[int, int]] = set()
    for r, u in pair_functions(functions(read[0], user_file, read[1]), ref):
        p = _Pairing()
        p.block(r.node.body, u.node.body)
        for rnode, unode, cread, value in p.found:
            at = (unode.lineno, unode.col_offset)
            if at in seen:
                continue
            seen.add(at)
            out.append(
                HardCoded(
                    user_file, unode.lineno, unode.col_offset, u.qual, value, cread,
                    r.file, rnode.lineno, r.qual, r.config_class,
                )
            )  # fmt: skip
    return sorted(out, key=lambda h: (h.line, h.column))
