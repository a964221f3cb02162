"""Where a copy of a reference modeling file hard-codes a literal the reference reads from config.

Remote-code repositories are mostly forks of a transformers modeling file. A literal written
where transformers reads ``config.x`` is drift waiting to happen, and often one no comparison of
the built models can see: in a ``getattr`` default the config overrides, in a class the model
loads from the installed package, in a check that passes either way. This module compares the
two files as *source* (``ast``; nothing is imported or run):

1. functions are paired by qualified name (``Class.method``) as a hint: the pair is kept when
   their statements mostly align, else the reference function of the same name whose statements
   align best is taken (a fork that renamed its classes still pairs);
2. inside a pair, statement lists are aligned with ``difflib`` over normalized statement keys in
   which a config read and a literal are the same token (and the function's own names one
   token), so a substitution or a renamed local keeps a statement in place while an added log
   line or a rewritten statement is an insertion or a replacement;
3. aligned statements are walked in parallel; a statement is reported only when the two sides
   are equal everywhere except where the reference reads the config and the copy has a literal
   (names the function binds itself may be renamed, consistently over the function). Anything
   else that differs in the statement (another call, another attribute, an inconsistent name)
   makes it silent, so ordinary edits never produce findings. Compound statements (``if``,
   ``for``, ``with``, nested ``def``) compare their header this way and align their bodies.

Which side is stale is not decided here: the caller states the difference.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from driftcheck.drift.fork_source import (
    NOT_LITERAL,
    TEXT_CONFIG,
    ConfigRead,
    Fn,
    config_read,
    functions,
    literal,
    parse,
    read_text,
)
from driftcheck.speed import tree_memos

__all__ = [
    "NOT_LITERAL",
    "TEXT_CONFIG",
    "ConfigRead",
    "HardCoded",
    "config_read",
    "hardcoded_reads",
    "literal",
]

# a pair kept on its name needs this share of aligned statements; one found by structure more
NAME_PAIR_RATIO = 0.5
STRUCT_PAIR_RATIO = 0.7
BODY_FIELDS = ("body", "orelse", "finalbody")
CLAUSE_FIELDS = ("handlers", "cases")  # except clauses and match cases: a header and a body


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


# ---------------------------------------------------------------- normalized keys
def _tokens(node: Any, out: list, local: frozenset[str]) -> None:
    """A flat token stream of ``node`` where config reads and literals are one token (``$``)
    and the function's own names one token (``_``), so a renamed local keeps its place."""
    if isinstance(node, ast.AST):
        if config_read(node) is not None or literal(node) is not NOT_LITERAL:
            out.append("$")
            return
        if isinstance(node, ast.Name) and node.id in local:
            out.append("_")
            return
        out.append(type(node).__name__)
        for name in node._fields:
            if name in BODY_FIELDS or name in CLAUSE_FIELDS:
                continue
            _tokens(getattr(node, name), out, local)
    elif isinstance(node, list):
        out.append(len(node))
        for x in node:
            _tokens(x, out, local)
    elif node is not None:
        out.append(node)


def stmt_key(stmt: ast.stmt, local: frozenset[str] = frozenset()) -> tuple:
    """A statement's alignment key: its header (bodies excluded), literals and reads as ``$``,
    the function's own names as ``_``. Kept on the node (a statement belongs to one function):
    pairing and alignment both ask for it."""
    keep = tree_memos()  # the ``tree_memos`` switch
    key = getattr(stmt, "_dc_key", None) if keep else None
    if key is None:
        out: list = []
        _tokens(stmt, out, local)
        key = tuple(out)
        if keep:
            stmt._dc_key = key  # type: ignore[attr-defined]
    return key


# ---------------------------------------------------------------- parallel walk
class _Pairing:
    """Walks one pair of functions; collects substitutions (reference node, copy node, read,
    value). Names each function binds itself may differ if consistently (a renamed local):
    ``ren`` maps the reference's names to the copy's, one to one, and a statement that does
    not match leaves the map as it was."""

    def __init__(self, ref: Fn, user: Fn) -> None:
        self.rloc, self.uloc = ref.local, user.local
        self.ren: dict[str, str] = {}
        self.back: dict[str, str] = {}
        self.found: list[tuple] = []

    def same(self, r: Any, u: Any, subs: list) -> bool:
        """True when ``u`` equals ``r`` except for literals where ``r`` reads the config
        (appended to ``subs``) and consistently renamed local names."""
        if isinstance(r, ast.AST):
            read = config_read(r)
            if read is not None:
                value = literal(u)
                if value is not NOT_LITERAL:
                    subs.append((r, u, read, value))
                    return True
            if type(r) is not type(u):
                return False
            if isinstance(r, ast.Name) and r.id in self.rloc and u.id in self.uloc:
                return self._rename(r.id, u.id)
            return all(self.same(getattr(r, f), getattr(u, f), subs) for f in r._fields)
        if isinstance(r, list):
            return (
                isinstance(u, list)
                and len(r) == len(u)
                and all(map(self.same, r, u, [subs] * len(r)))
            )
        return type(r) is type(u) and r == u

    def _rename(self, rname: str, uname: str) -> bool:
        want = self.ren.get(rname)
        if want is not None:
            return want == uname
        if uname in self.back:
            return False
        self.ren[rname], self.back[uname] = uname, rname
        return True

    def _try(self, r: ast.AST, u: ast.AST, header: bool) -> None:
        """Walk a statement (or only its header); keep its substitutions and renames if the
        two sides match, else forget both."""
        saved = dict(self.ren), dict(self.back)
        subs: list = []
        fields = [f for f in r._fields if not header or f not in (*BODY_FIELDS, *CLAUSE_FIELDS)]
        if type(r) is type(u) and all(
            self.same(getattr(r, f), getattr(u, f), subs) for f in fields
        ):
            self.found += subs
        else:
            self.ren, self.back = saved

    def block(self, rs: list[ast.stmt], us: list[ast.stmt]) -> None:
        rk = [stmt_key(s, self.rloc) for s in rs]
        uk = [stmt_key(s, self.uloc) for s in us]
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
            self._try(r, u, header=False)
            return
        self._try(r, u, header=True)
        for name in BODY_FIELDS:
            rb, ub = getattr(r, name, None), getattr(u, name, None)
            if isinstance(rb, list) and isinstance(ub, list):
                self.block(rb, ub)
        for name in CLAUSE_FIELDS:
            rh, uh = getattr(r, name, None), getattr(u, name, None)
            if isinstance(rh, list) and isinstance(uh, list) and len(rh) == len(uh):
                for a, b in zip(rh, uh):
                    self._try(a, b, header=True)
                    self.block(a.body, b.body)


def _bodies(stmt: ast.stmt) -> bool:
    return any(isinstance(getattr(stmt, f, None), list) for f in (*BODY_FIELDS, *CLAUSE_FIELDS))


# ---------------------------------------------------------------- pairing and the result
def _ratio(a: Fn, b: Fn) -> float:
    ka = [stmt_key(s, a.local) for s in a.node.body]
    kb = [stmt_key(s, b.local) for s in b.node.body]
    sm = SequenceMatcher(None, ka, kb, autojunk=False)
    if sm.real_quick_ratio() < STRUCT_PAIR_RATIO:
        return sm.real_quick_ratio()
    return sm.ratio()


def pair_functions(user: list[Fn], ref: list[Fn]) -> list[tuple[Fn, Fn]]:
    """Each copy function with its reference counterpart (name as a hint, structure decides).
    A function whose text equals its namesake's is left out: it cannot hold a substitution."""
    by_qual: dict[str, Fn] = {}
    by_name: dict[str, list[Fn]] = {}
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
    user_text = read_text(user_file) if ref_files else None
    refs = [(p, read_text(p)) for p in ref_files if p.resolve() != user_file.resolve()]
    if user_text is None or any(t == user_text for _, t in refs):
        return []  # an unmodified copy of a reference file: nothing to parse
    read = parse(user_file, user_text)
    if read is None:
        return []
    ref: list[Fn] = []
    for path, text in refs:
        got = parse(path, text) if text is not None else None
        if got is not None:
            ref += functions(got[0], path, got[1])
    out: list[HardCoded] = []
    seen: set[tuple[int, int]] = set()
    for r, u in pair_functions(functions(read[0], user_file, read[1]), ref):
        p = _Pairing(r, u)
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
