"""The expression / statement evaluator: a tiny abstract interpreter over ``ast``.

Frames are plain dicts of local names. Anything the interpreter cannot compute becomes
``Unknown`` and stays so (arithmetic on it is Unknown; an ``if`` on it runs both branches and
marks what they register as unresolved). Every loop, call depth, step and the wall clock are
bounded (``Budget``), so hostile code ends in a clear note, not a hang.
"""

from __future__ import annotations

import ast
import operator
import time
from typing import Any

from driftcheck.parsers.source.values import (
    Budget,
    Config,
    Func,
    Obj,
    Return,
    Tensor,
    Unknown,
    is_unknown,
    plain,
)

MAX_STEPS = 3_000_000
MAX_DEPTH = 60
MAX_LOOP = 20_000
MAX_SECONDS = 30.0

_BINOPS = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_,
    ast.BitXor: operator.xor,
}
_CMPOPS = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_SIMPLE = (int, float, str, bool, type(None), complex, bytes)


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


class Frame:
    """One function activation: locals, the module it runs in, the class for ``super()``."""

    __slots__ = ("locals", "mod", "func", "closure")

    def __init__(self, mod: Any, func: Func | None = None, closure: dict | None = None) -> None:
        self.locals: dict[str, Any] = {}
        self.mod = mod
        self.func = func
        self.closure = closure


def truth(v: Any) -> bool | None:
    """Python truthiness of an abstract value; None when unknown."""
    v = plain(v)
    if isinstance(v, Unknown):
        return None
    if isinstance(v, _SIMPLE) or isinstance(v, (tuple, list, dict, set, frozenset, range)):
        if isinstance(v, (tuple, list)) and any(is_unknown(x) for x in v) and not v:
            return None
        return bool(v)
    if isinstance(v, Config):
        return True
    if isinstance(v, Tensor):
        return None
    return True  # objects, classes, functions, modules are truthy


class Evaluator:
    """Expression and statement evaluation; call/attribute semantics live in ``Semantics``."""

    def __init__(self) -> None:
        self.steps = 0
        self.depth = 0
        self.deadline = time.monotonic() + MAX_SECONDS
        self.uncertain: list[int] = []  # lines of unknown conditions we are inside
        self.notes: list[str] = []

    # ------------------------------------------------------------------ budget
    def tick(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Budget(f"step budget ({MAX_STEPS}) exhausted")
        if not self.steps & 1023 and time.monotonic() > self.deadline:
            raise Budget(f"time budget ({MAX_SECONDS:.0f}s) exhausted")

    def note(self, text: str) -> None:
        if len(self.notes) < 200 and text not in self.notes:
            self.notes.append(text)

    # ------------------------------------------------------------------ statements
    def run_body(self, body: list[ast.stmt], fr: Frame) -> None:
        for st in body:
            self.exec_stmt(st, fr)

    def exec_stmt(self, st: ast.stmt, fr: Frame) -> None:
        self.tick()
        t = type(st)
        try:
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
        except Exception as e:  # noqa: BLE001 - an odd construct degrades to a note
            self.note(f"{fr.mod.path.name}:{st.lineno}: not interpreted ({type(e).__name__}: {e})")

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

    # ------------------------------------------------------------------ expressions
    def eval(self, e: ast.expr, fr: Frame) -> Any:
        t = type(e)
        if t is ast.Constant:
            return e.value
        if t is ast.Name:
            return self.lookup(e.id, fr)
        if t is ast.Attribute:
            return self.getattr(self.eval(e.value, fr), e.attr, (str(fr.mod.path), e.lineno))
        if t is ast.Call:
            return self.eval_call(e, fr)
        if t is ast.BinOp:
            return self.binop(e.op, self.eval(e.left, fr), self.eval(e.right, fr))
        if t is ast.Subscript:
            return self.getitem(self.eval(e.value, fr), self.eval(e.slice, fr))
        if t is ast.Compare:
            return self.compare(e, fr)
        if t is ast.BoolOp:
            return self.boolop(e, fr)
        if t is ast.UnaryOp:
            return self.unary(e.op, self.eval(e.operand, fr))
        if t is ast.IfExp:
            c = truth(self.eval(e.test, fr))
            if c is None:
                a, b = self.eval(e.body, fr), self.eval(e.orelse, fr)
                return a if _same(a, b) else Unknown(f"condition at line {e.lineno}")
            return self.eval(e.body if c else e.orelse, fr)
        if t is ast.Tuple:
            return tuple(self.eval_elts(e.elts, fr))
        if t is ast.List:
            return self.eval_elts(e.elts, fr)
        if t is ast.Set:
            items = self.eval_elts(e.elts, fr)
            try:
                return set(plain(items))
            except TypeError:
                return Unknown("set")
        if t is ast.Dict:
            return self.eval_dict(e, fr)
        if t in (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp):
            return self.comprehension(e, fr)
        if t is ast.JoinedStr:
            return self.fstring(e, fr)
        if t is ast.Slice:
            parts = [
                None if x is None else plain(self.eval(x, fr)) for x in (e.lower, e.upper, e.step)
            ]
            if any(is_unknown(x) for x in parts):
                return Unknown("slice")
            return slice(*parts)
        if t is ast.Lambda:
            return Func(node=e, mod=fr.mod, closure=self.closure_of(fr))
        if t is ast.NamedExpr:
            v = self.eval(e.value, fr)
            fr.locals[e.target.id] = v
            return v
        if t is ast.Starred:
            return self.eval(e.value, fr)
        return Unknown(type(e).__name__)

    def eval_elts(self, elts: list[ast.expr], fr: Frame) -> list[Any]:
        out: list[Any] = []
        for x in elts:
            if isinstance(x, ast.Starred):
                items = self.iterate(self.eval(x.value, fr))
                if items is None:
                    return [Unknown("starred")]
                out.extend(items)
            else:
                out.append(self.eval(x, fr))
        return out

    def eval_dict(self, e: ast.Dict, fr: Frame) -> Any:
        out: dict[Any, Any] = {}
        for k, v in zip(e.keys, e.values):
            if k is None:
                more = plain(self.eval(v, fr))
                if isinstance(more, Config):
                    more = dict(more.fields)
                if not isinstance(more, dict):
                    return Unknown("dict unpack")
                out.update(more)
                continue
            key = plain(self.eval(k, fr))
            try:
                out[key] = self.eval(v, fr)
            except TypeError:
                return Unknown("dict key")
        return out

    def comprehension(self, e: Any, fr: Frame) -> Any:
        sub = Frame(fr.mod, fr.func, fr.closure)
        sub.locals = dict(fr.locals)
        out: list[Any] = []
        ok = self._gen(e, e.generators, 0, sub, out)
        if not ok:
            return Unknown("comprehension over an unknown iterable")
        if isinstance(e, ast.DictComp):
            try:
                return {plain(k): v for k, v in out}
            except TypeError:
                return Unknown("dict comprehension")
        if isinstance(e, ast.SetComp):
            try:
                return set(plain(out))
            except TypeError:
                return Unknown("set comprehension")
        return out

    def _gen(self, e: Any, gens: list[ast.comprehension], i: int, fr: Frame, out: list) -> bool:
        if i == len(gens):
            if isinstance(e, ast.DictComp):
                out.append((self.eval(e.key, fr), self.eval(e.value, fr)))
            else:
                out.append(self.eval(e.elt, fr))
            return True
        g = gens[i]
        items = self.iterate(self.eval(g.iter, fr))
        if items is None:
            return False
        for n, item in enumerate(items):
            if n >= MAX_LOOP:
                raise Budget(f"comprehension over {MAX_LOOP} items")
            self.tick()
            self.assign(g.target, item, fr)
            conds = [truth(self.eval(c, fr)) for c in g.ifs]
            if any(c is None for c in conds):
                return False
            if all(conds) and not self._gen(e, gens, i + 1, fr, out):
                return False
        return True

    def fstring(self, e: ast.JoinedStr, fr: Frame) -> Any:
        parts = []
        for v in e.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            elif isinstance(v, ast.FormattedValue):
                x = plain(self.eval(v.value, fr))
                if not isinstance(x, _SIMPLE):
                    return Unknown("f-string")
                parts.append(str(x))
        return "".join(parts)

    def binop(self, op: ast.operator, a: Any, b: Any) -> Any:
        a, b = plain(a), plain(b)
        if isinstance(a, Unknown) or isinstance(b, Unknown):
            return a if isinstance(a, Unknown) else b
        if isinstance(a, Tensor) or isinstance(b, Tensor):
            return a if isinstance(a, Tensor) else b
        if isinstance(a, Config) or isinstance(b, Config):
            return Unknown("config arithmetic")
        fn = _BINOPS.get(type(op))
        if fn is None:
            return Unknown("operator")
        if isinstance(a, (list, tuple)) and isinstance(b, int) and isinstance(op, ast.Mult):
            if len(a) * b > MAX_LOOP:
                raise Budget("sequence repetition too large")
        if isinstance(op, ast.Pow) and isinstance(b, (int, float)) and abs(b) > 4096:
            return Unknown("huge power")
        if isinstance(op, ast.LShift) and isinstance(b, int) and b > 4096:
            return Unknown("huge shift")
        try:
            return fn(a, b)
        except Exception:  # noqa: BLE001 - e.g. object + object, division by zero
            return Unknown("operator")

    def unary(self, op: ast.unaryop, v: Any) -> Any:
        if isinstance(op, ast.Not):
            t = truth(v)
            return Unknown("not") if t is None else not t
        v = plain(v)
        if isinstance(v, (Unknown, Tensor)):
            return v
        try:
            if isinstance(op, ast.USub):
                return -v
            if isinstance(op, ast.UAdd):
                return +v
            if isinstance(op, ast.Invert):
                return ~v
        except TypeError:
            pass
        return Unknown("unary")

    def boolop(self, e: ast.BoolOp, fr: Frame) -> Any:
        is_and = isinstance(e.op, ast.And)
        v: Any = None
        for x in e.values:
            v = self.eval(x, fr)
            t = truth(v)
            if t is None:
                return Unknown("boolean of unknown")
            if t is not is_and:
                return v
        return v

    def compare(self, e: ast.Compare, fr: Frame) -> Any:
        left = self.eval(e.left, fr)
        for op, rexp in zip(e.ops, e.comparators):
            right = self.eval(rexp, fr)
            r = self.compare_one(op, left, right)
            if isinstance(r, Unknown) or not r:
                return r
            left = right
        return True

    def compare_one(self, op: ast.cmpop, a: Any, b: Any) -> Any:
        a, b = plain(a), plain(b)
        if isinstance(op, (ast.Is, ast.IsNot)):
            if isinstance(a, Unknown) or isinstance(b, Unknown):
                return Unknown("is")
            same = a is b if not (a is None or b is None) else (a is None and b is None)
            if isinstance(a, (int, str, bool)) or isinstance(b, (int, str, bool)):
                same = same or (type(a) is type(b) and a == b)
            return same if isinstance(op, ast.Is) else not same
        if isinstance(op, (ast.In, ast.NotIn)):
            r = self.contains(b, a)
            if isinstance(r, Unknown):
                return r
            return r if isinstance(op, ast.In) else not r
        if isinstance(a, Unknown) or isinstance(b, Unknown):
            return Unknown("compare")
        if not (isinstance(a, _SIMPLE + (tuple, list)) and isinstance(b, _SIMPLE + (tuple, list))):
            if isinstance(op, ast.Eq):
                return a is b if not isinstance(a, Tensor) else Unknown("tensor ==")
            if isinstance(op, ast.NotEq):
                return a is not b if not isinstance(a, Tensor) else Unknown("tensor !=")
            return Unknown("compare")
        try:
            return _CMPOPS[type(op)](a, b)
        except TypeError:
            return Unknown("compare")

    def contains(self, container: Any, item: Any) -> Any:
        if isinstance(container, Unknown) or isinstance(item, Unknown):
            return Unknown("in")
        if isinstance(container, Config):
            return container.lookup(item)[0] if isinstance(item, str) else False
        if isinstance(container, Obj):
            if container.kind == "ModuleDict":
                return item in container.children
            return Unknown("in object")
        if isinstance(container, (list, tuple, set, frozenset)):
            if any(isinstance(x, Unknown) for x in container):
                return Unknown("in")
            return any(plain(x) == item for x in container if isinstance(plain(x), _SIMPLE))
        if isinstance(container, (dict, str, range)):
            try:
                return item in container
            except TypeError:
                return Unknown("in")
        return Unknown("in")


def _same(a: Any, b: Any) -> bool:
    a, b = plain(a), plain(b)
    if isinstance(a, _SIMPLE) and isinstance(b, _SIMPLE):
        return type(a) is type(b) and a == b
    return False
