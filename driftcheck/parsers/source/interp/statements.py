"""The expression / statement evaluator: a tiny abstract interpreter over ``ast``.

Frames are plain dicts of local names. Anything the interpreter cannot compute becomes
``Unknown`` and stays so (arithmetic on it is Unknown; an ``if`` on it runs both branches and
marks what they register as unresolved). Every loop, call depth, step and the wall clock are
bounded (``Budget``), so hostile code ends in a clear note, not a hang.
"""

from __future__ import annotations

import ast
import time
from typing import Any

from driftcheck.parsers.source.interp.exprs import (  # noqa: F401 - re-exported
    MAX_DEPTH,
    MAX_LOOP,
    MAX_SECONDS,
    MAX_STEPS,
    Expressions,
    Frame,
    truth,
)
from driftcheck.parsers.source.sizes import TooBig
from driftcheck.parsers.source.speed import fastpath
from driftcheck.parsers.source.values.abstract import Budget, Obj, Return, Unknown


class Raised(Exception):
    """The analyzed code raised (``raise X``) on a path we believe is taken."""

    def __init__(self, what: str, line: int | None) -> None:
        super().__init__(what)
        self.what = what
        self.line = line


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class Evaluator(Expressions):
    """Expression and statement evaluation; call/attribute semantics live in ``Semantics``."""

    def __init__(self) -> None:
        self.steps = 0
        self.depth = 0
        # CPU time, not wall: on a loaded machine the wall clock measures the neighbours
        self.deadline = time.process_time() + MAX_SECONDS
        self.uncertain: list[int] = []  # lines of unknown conditions we are inside
        self.notes: list[str] = []
        self.at_mod: Any = None  # the statement running now (for notes without a node)
        self.at_line = 0

    # ------------------------------------------------------------------ budget
    def tick(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Budget(f"step budget ({MAX_STEPS}) exhausted")
        if not self.steps & 1023 and time.process_time() > self.deadline:
            raise Budget(f"time budget ({MAX_SECONDS:.0f}s) exhausted")

    def note(self, text: str) -> None:
        if len(self.notes) < 200 and text not in self.notes:
            self.notes.append(text)

    def too_big(self, e: TooBig) -> Unknown:
        """An operation over the size bound (sizes.py): its value is unknown, and a note says
        what and where (the statement running)."""
        where = f"{self.at_mod.path.name}:{self.at_line}" if self.at_mod is not None else "?"
        self.note(f"{where}: {e.what}: value unknown")
        return Unknown(e.what)

    # ------------------------------------------------------------------ statements
    def run_body(self, body: list[ast.stmt], fr: Frame) -> None:
        for st in body:
            self.exec_stmt(st, fr)

    def exec_stmt(self, st: ast.stmt, fr: Frame) -> None:
        self.tick()
        self.at_mod = fr.mod
        self.at_line = st.lineno
        t = type(st)
        try:
            if self.fast_on and fastpath.run(
                self, st, fr
            ):  # plain values only (levit's offset tables)
                return
            if t is ast.Expr:
                self.eval(st.value, fr)
            elif t is ast.Assign:
                v = self.eval(st.value, fr)
                for tgt in st.targets:
                    self.assign(tgt, v, fr)
            elif t is ast.AnnAssign:
                if st.value is not None:
                    self.assign(st.target, self.eval(st.value, fr), fr)
            elif t is ast.AugAssign:
                self.aug_assign(st, fr)
            elif t is ast.If:
                self.exec_if(st, fr)
            elif t is ast.For:
                self.exec_for(st, fr)
            elif t is ast.While:
                self.exec_while(st, fr)
            elif t is ast.Return:
                raise Return(self.eval(st.value, fr) if st.value is not None else None)
            elif t in (ast.FunctionDef, ast.AsyncFunctionDef):
                fr.locals[st.name] = self.make_func(st, fr)
            elif t is ast.ClassDef:
                fr.locals[st.name] = self.make_class(st, fr.mod, fr)
            elif t is ast.Try:
                self.exec_try(st, fr)
            elif t is ast.With:
                for item in st.items:
                    v = self.eval(item.context_expr, fr)
                    if item.optional_vars is not None:
                        self.assign(item.optional_vars, Unknown("with"), fr)
                    del v
                self.run_body(st.body, fr)
            elif t is ast.Raise:
                if self.uncertain:
                    return
                raise Raised(self._raise_text(st, fr), st.lineno)
            elif t is ast.Break:
                raise _Break()
            elif t is ast.Continue:
                raise _Continue()
            elif t is ast.Delete:
                for tgt in st.targets:
                    self.delete(tgt, fr)
            elif t in (ast.Import, ast.ImportFrom):
                self.exec_import(st, fr)
            # Pass, Assert, Global, Nonlocal and the rest: nothing to do
        except (Return, Raised, Budget, _Break, _Continue, RecursionError):
            raise
        except TooBig as e:  # a size-bounded helper not caught nearer: the statement is lost
            self.note(f"{fr.mod.path.name}:{st.lineno}: not interpreted ({e.what})")
            self.mark_lost(st, fr)
        except Exception as e:  # noqa: BLE001 - an odd construct degrades to a note
            self.note(f"{fr.mod.path.name}:{st.lineno}: not interpreted ({type(e).__name__}: {e})")

    def mark_lost(self, st: ast.stmt, fr: Frame) -> None:
        """The names a statement that could not be interpreted would bind are unknown (not
        left holding what they held before)."""
        t = type(st)
        targets = st.targets if t is ast.Assign else [getattr(st, "target", None)]
        for tgt in targets:
            if tgt is None:
                continue
            for n in ast.walk(tgt):
                if isinstance(n, ast.Name):
                    fr.locals[n.id] = Unknown("statement not interpreted")

    def _raise_text(self, st: ast.Raise, fr: Frame) -> str:
        exc = st.exc
        if isinstance(exc, ast.Call):
            exc = exc.func
        return ast.unparse(exc)[:80] if exc is not None else "re-raise"

    def exec_if(self, st: ast.If, fr: Frame) -> None:
        cond = truth(self.eval(st.test, fr))
        if cond is True:
            self.run_body(st.body, fr)
        elif cond is False:
            self.run_body(st.orelse, fr)
        else:
            self.uncertain.append(st.lineno)
            try:
                self.run_body(st.body, fr)
                self.run_body(st.orelse, fr)
            finally:
                self.uncertain.pop()

    def exec_for(self, st: ast.For, fr: Frame) -> None:
        it = self.iterate(self.eval(st.iter, fr))
        if it is None:
            self.uncertain.append(st.lineno)
            try:
                self.assign(st.target, Unknown("loop item"), fr)
                self._loop_body(st.body, fr)
            finally:
                self.uncertain.pop()
            return
        broke = False
        for n, item in enumerate(it):
            if n >= MAX_LOOP:
                raise Budget(f"loop at line {st.lineno} runs over {MAX_LOOP} iterations")
            self.assign(st.target, item, fr)
            if self._loop_body(st.body, fr):
                broke = True
                break
        if not broke:
            self.run_body(st.orelse, fr)

    def _loop_body(self, body: list[ast.stmt], fr: Frame) -> bool:
        try:
            self.run_body(body, fr)
        except _Break:
            return True
        except _Continue:
            pass
        return False

    def exec_while(self, st: ast.While, fr: Frame) -> None:
        for _ in range(MAX_LOOP):
            cond = truth(self.eval(st.test, fr))
            if cond is False:
                self.run_body(st.orelse, fr)
                return
            if cond is None:
                self.uncertain.append(st.lineno)
                try:
                    self._loop_body(st.body, fr)
                finally:
                    self.uncertain.pop()
                return
            if self._loop_body(st.body, fr):
                return
        raise Budget(f"while loop at line {st.lineno} runs over {MAX_LOOP} iterations")

    def exec_try(self, st: ast.Try, fr: Frame) -> None:
        try:
            self.run_body(st.body, fr)
        except Raised:
            if not st.handlers:
                raise
            h = st.handlers[0]
            if h.name:
                fr.locals[h.name] = Unknown("exception")
            self.run_body(h.body, fr)
        else:
            self.run_body(st.orelse, fr)
        finally:
            self.run_body(st.finalbody, fr)

    def exec_import(self, st: ast.stmt, fr: Frame) -> None:
        """A function-local import binds names like a module-level one."""
        from driftcheck.parsers.source.loader import resolve_relative

        if isinstance(st, ast.Import):
            for a in st.names:
                name = a.asname or a.name.split(".")[0]
                fr.locals[name] = self.import_value(a.name if a.asname else name, None)
        elif isinstance(st, ast.ImportFrom):
            base = resolve_relative(fr.mod, st.module, st.level)
            for a in st.names:
                if a.name != "*":
                    fr.locals[a.asname or a.name] = self.import_value(base, a.name)

    # ------------------------------------------------------------------ assignment
    def assign(self, tgt: ast.expr, v: Any, fr: Frame) -> None:
        t = type(tgt)
        if t is ast.Name:
            fr.locals[tgt.id] = v
        elif t is ast.Attribute:
            self.setattr(self.eval(tgt.value, fr), tgt.attr, v, tgt.lineno, fr)
        elif t in (ast.Tuple, ast.List):
            self.unpack(tgt.elts, v, fr)
        elif t is ast.Subscript:
            self.setitem(self.eval(tgt.value, fr), self.eval(tgt.slice, fr), v)
        elif t is ast.Starred:
            self.assign(tgt.value, v, fr)

    def unpack(self, elts: list[ast.expr], v: Any, fr: Frame) -> None:
        items = self.iterate(v)
        star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
        if items is None or (star is None and len(items) != len(elts)):
            for e in elts:
                self.assign(e, Unknown("unpack"), fr)
            return
        if star is None:
            for e, x in zip(elts, items):
                self.assign(e, x, fr)
            return
        after = len(elts) - star - 1
        for e, x in zip(elts[:star], items[:star]):
            self.assign(e, x, fr)
        self.assign(elts[star], list(items[star : len(items) - after]), fr)
        for e, x in zip(elts[star + 1 :], items[len(items) - after :]):
            self.assign(e, x, fr)

    def aug_assign(self, st: ast.AugAssign, fr: Frame) -> None:
        cur = self.eval(st.target, fr) if not isinstance(st.target, ast.Name) else None
        if isinstance(st.target, ast.Name):
            cur = self.lookup(st.target.id, fr)
        rhs = self.eval(st.value, fr)
        if isinstance(st.op, ast.Add) and self.inplace_add(cur, rhs):
            return
        self.assign(st.target, self.binop(st.op, cur, rhs), fr)

    def delete(self, tgt: ast.expr, fr: Frame) -> None:
        if isinstance(tgt, ast.Name):
            fr.locals.pop(tgt.id, None)
        elif isinstance(tgt, ast.Attribute):
            obj = self.eval(tgt.value, fr)
            if isinstance(obj, Obj):
                for d in (obj.attrs, obj.children, obj.params, obj.buffers):
                    d.pop(tgt.attr, None)
