"""The forward() interpreter: statements and expressions over dataflow values.

Lighter than the ``__init__`` interpreter on purpose: it only needs to know which tensor goes
where. Python-level values that decide the path (``self.training``, flags read from the config,
optional arguments left at their defaults) are computed; a condition it cannot decide runs both
branches and merges what they disagree on into an unknown tensor. Unknown user-code calls mark
the module as *not fully followed*, which keeps the "unused in forward" note honest.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from driftcheck.parsers.source.forward import (
    dataflow_argtypes,
    dataflow_axes,
    dataflow_catch,
    dataflow_dtype_ops,
    dataflow_grown,
    dataflow_logbucket,
    dataflow_misuse,
    dataflow_modargs,
    dataflow_partition,
)
from driftcheck.parsers.source.forward import dataflow_lists as lists
from driftcheck.parsers.source.forward import dataflow_ops as ops
from driftcheck.parsers.source.forward.dataflow import Flow, Stop, concrete
from driftcheck.parsers.source.forward.dataflow_call import MAX_LOOP, Calls
from driftcheck.parsers.source.forward.dataflow_namedrow import NamedRow
from driftcheck.parsers.source.forward.dataflow_skipped import note_skipped
from driftcheck.parsers.source.ops.pyops import KNOWN as _KNOWN
from driftcheck.parsers.source.ops.pyops import compare_one, py_binop, py_unary, truth
from driftcheck.parsers.source.sizes import TooBig
from driftcheck.parsers.source.values.abstract import Cls, Ext, Obj
from driftcheck.parsers.source.values.dataflow_values import (
    NUM,
    UNK,
    Bound,
    CfgV,
    Mod,
    Multi,
    ShapeOf,
    Tens,
    UnkNum,
    known_shape,
)
from driftcheck.speed import current

MAX_STEPS = 300_000
# facts ``forward`` splits its tensors by (``view(b, t, hp["n_head"], -1)``): no weight shape
# holds the head count when heads x head_dim is the width (``DataflowEval.item_use``)
_VIEW_FACTS = frozenset(("numHeads", "headDim"))


class Ret(Exception):
    def __init__(self, value: Any) -> None:
        self.value = value


class Dead(Exception):
    """The path raises: nothing after it on this path happens."""


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class _Loop:
    """A loop being run (``Frame.loops``): the locals of branches that jumped under an
    undecided ``if`` (``continue``: joined at the end of the pass; ``break``: at the end of
    the loop) and the speculative regions opened after them (crashhole32: after ``if c:
    continue`` the rest of the pass may not run, after ``if c: break`` the rest of the loop)."""

    __slots__ = ("cont", "brk", "spec_pass", "spec_loop", "node", "part")

    def __init__(self, node: ast.AST | None = None) -> None:
        self.cont: list[dict[str, Any]] = []
        self.brk: list[dict[str, Any]] = []
        self.spec_pass = 0
        self.spec_loop = 0
        self.node = node  # the ``for`` statement (``dataflow_partition``)
        self.part: Any = None  # its partition proof (``dataflow_partition.Part``)


class Frame:
    """One activation: locals, the defining module, ``self``, the node that owns new op nodes."""

    def __init__(self, mod: Any, self_mod: Mod | None, parent: str | None, func: Any) -> None:
        self.locals: dict[str, Any] = {}
        self.mod = mod
        self.self_mod = self_mod
        self.parent = parent
        self.func = func
        self.pending: Any = None  # a value returned under a condition we could not decide
        # after such a return the rest of the function may not run: its speculative regions
        # opened (``Runner.both``), closed when the call ends (``Calls.run_func``)
        self.after_return = 0
        self.loops: list[_Loop] = []  # the loops being run, innermost last (``Runner.both``)
        # parameters bound from their defaults at this call (``bias=None`` not passed)
        self.defaulted: set[str] = set()

    def loc(self, node: ast.AST) -> tuple[str, int]:
        return (str(self.mod.path), getattr(node, "lineno", 0))


class Runner:
    """The forward pass's interpreter: frames, budget, statements and expressions; calls are
    its ``calls`` part (``dataflow_call.Calls``)."""

    def __init__(self, flow: Flow) -> None:
        self.f = flow
        self.calls = Calls(self)
        self.steps = 0
        self.depth = 0
        self.notes: list[str] = []
        self.unfollowed_notes: set[str] = set()  # (``unfollowed``)
        self.stack: list[Frame] = []
        # (call node, its receiver's value) of the calls being run (``Calls.call_expr``)
        self.receivers: list[tuple[Any, Any]] = []

    def tick(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Stop(f"step budget ({MAX_STEPS}) exhausted")

    def taint(self, why: str) -> None:
        """Something unknown ran here: the current module's unused-layer verdict is off."""
        self.f.doubts += 1  # and no list's length is certain any more (``dataflow_lists``)
        self.f.tensor_writes += 1  # nor any tensor's values (it may write them in place)
        for fr in reversed(self.stack):
            if fr.self_mod is not None:
                self.f.queries.taint_module(fr.self_mod.obj)
                break
        self.note(why)

    def note(self, why: str) -> None:
        if len(self.notes) < 20 and why not in self.notes:
            self.notes.append(why)

    def unfollowed(self, why: str) -> None:
        """A note naming a construct the pass did not follow (``why`` starts with its
        file:line): also kept for the graph's ``unfollowed`` record (session 38)."""
        self.note(why)
        self.unfollowed_notes.add(why)

    # ------------------------------------------------------------------ statements
    def body(self, stmts: list[ast.stmt], fr: Frame) -> None:
        for st in stmts:
            self.stmt(st, fr)

    def stmt(self, st: ast.stmt, fr: Frame) -> None:
        self.tick()
        if isinstance(st, ast.Assign):
            v = self.eval(st.value, fr)
            if isinstance(st.value, ast.Call) and self.f.input_shape is not None:
                from driftcheck.parsers.source.forward import dataflow_fix28b

                dataflow_fix28b.unpack_call(self, st, fr)  # ``U, S = torch.linalg.svd(a)``
            for t in st.targets:
                if isinstance(t, ast.Attribute) and self.f.input_shape is not None:
                    from driftcheck.parsers.source.forward import dataflow_params

                    dataflow_params.stored(self, t, st.value, v, fr)  # ``lin.weight = w * m``
                self.assign(t, v, fr)
        elif isinstance(st, ast.AnnAssign):
            if st.value is not None:
                self.assign(st.target, self.eval(st.value, fr), fr)
        elif isinstance(st, ast.AugAssign):
            if isinstance(st.target, ast.Name):
                cur = self.lookup(st.target.id, fr)
                rhs = self.eval(st.value, fr)
                inplace = isinstance(st.op, (ast.Add, ast.Sub, ast.Mult, ast.Div))
                if self.f.input_shape is not None and inplace and isinstance(cur, Tens):
                    from driftcheck.parsers.source.forward import dataflow_ranks

                    dataflow_ranks.inplace(self.f, cur, rhs, fr.loc(st))
                dataflow_dtype_ops.augassign(self.f, st.op, cur, rhs, fr.loc(st))  # ``t /= n``
                from driftcheck.parsers.source.forward import dataflow_more23

                dataflow_more23.aug_name(self.f, st.op, cur, rhs, fr.loc(st))  # ``mask += 1``
                if isinstance(cur, Tens):
                    self.f.tensor_writes += 1  # ``t -= 1`` writes ``t``, seen by its aliases
                lists.drop(self.f, cur)  # ``xs += ys`` grows the list other names may share
                fr.locals[st.target.id] = self.binop(st.op, cur, rhs, fr, st)
            else:
                rhs = self.eval(st.value, fr)
                from driftcheck.parsers.source.forward import dataflow_more23

                dataflow_more23.aug_attribute(self, st, rhs, fr)  # ``self.count += h.sum(0)``
                from driftcheck.parsers.source.forward import dataflow_fix28b

                dataflow_fix28b.aug_assigned(self, st, rhs, fr)  # ``self.step += 1`` stored
                from driftcheck.parsers.source.forward import dataflow_fix39a

                dataflow_fix39a.aug_attr(self, st, rhs, fr)  # ``cache.n += 1`` on a plain object
                if not self.aug_item(st, rhs, fr):  # ``out[-1] *= r`` on a local list
                    self.f.tensor_writes += 1  # ``self.pos += 1``, ``x[i] += v``: may be a tensor
        elif isinstance(st, ast.Expr):
            self.eval(st.value, fr)
        elif isinstance(st, ast.Return):
            raise Ret(self.eval(st.value, fr) if st.value is not None else None)
        elif isinstance(st, ast.If):
            self.if_(st, fr)
        elif isinstance(st, (ast.For, ast.AsyncFor)):
            self.for_(st, fr)
        elif isinstance(st, ast.While):
            # an unknown number of passes (zero included), as ``for`` over a value we cannot
            # enumerate: after it, a name keeps only what holds both before the body and
            # after one pass of it (``x = conv(x)`` in ``while i < k``: x's shape is unknown)
            start = dict(fr.locals)
            with self.f.maybe():
                self.loop_once(st.body, fr)
            fr.locals = self.join(start, fr.locals)
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            for item in st.items:
                v = self.eval(item.context_expr, fr)
                if self.f.input_shape is not None:
                    from driftcheck.parsers.source.forward import dataflow_fix31b

                    dataflow_fix31b.with_item(self, item, v, fr)  # ``with torch.no_grad:``
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, v, fr)
            from driftcheck.parsers.source.forward import dataflow_fix30b

            modes = dataflow_fix30b.with_enter(self, st, fr)  # ``torch.inference_mode()``
            from driftcheck.parsers.source.forward import dataflow_fix31b

            dataflow_fix31b.with_modes(self.f, fr, modes, +1)  # which frame set ``enable_grad``
            try:
                # what its managers may swallow (``dataflow_catch``: the one place that
                # decides it for ``with`` and ``try``)
                swallows = dataflow_catch.with_swallows(self, st, fr)
                dataflow_catch.run_guarded(self, swallows, st.body, fr)
            finally:
                dataflow_fix30b.with_leave(self, st, fr, modes)
                if self.f.input_shape is not None:
                    from driftcheck.parsers.source.forward import dataflow_fix32b

                    dataflow_fix32b.with_left(self, st, fr, modes)  # ``prior = self.enc(x)``
                dataflow_fix31b.with_modes(self.f, fr, modes, -1)
        elif isinstance(st, ast.Try):
            # an error there may be what a handler catches (``dataflow_catch``: every error,
            # or only the builtin classes the handlers name)
            swallows = dataflow_catch.try_swallows(self, st, fr)
            dataflow_catch.run_guarded(self, swallows, st.body, fr)
            self.body(st.orelse, fr)
            self.body(st.finalbody, fr)
        elif isinstance(st, ast.Raise):
            raise Dead()
        elif isinstance(st, ast.Break):
            raise _Break()
        elif isinstance(st, ast.Continue):
            raise _Continue()
        elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            fr.locals[st.name] = ops.Local(st, fr)
        elif isinstance(st, (ast.Import, ast.ImportFrom)):
            _local_import(st, fr)
        elif isinstance(st, ast.Assert) and self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_checks

            dataflow_checks.assert_sizes(self, st, fr)  # ``assert t <= block_size``
        elif isinstance(st, ast.Delete) and self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix28b

            dataflow_fix28b.deleted(self, st, fr)  # ``del self.cache``
            from driftcheck.parsers.source.forward import dataflow_fix40a

            dataflow_fix40a.item_deleted(self, st, fr)  # ``del sd["x"]`` of a dict held
        # pass, assert, del, import, global, nonlocal, class defs: no dataflow

    def aug_item(self, st: ast.AugAssign, rhs: Any, fr: Frame) -> bool:
        """``out[-1] *= r`` on a local list of plain items: Python stores ``out[-1] * r`` back
        (``out = list(x.shape); out[-1] *= r; y.reshape(out)``). Leaving the old item there
        sized the reshape wrongly, a false crash. An item that is a tensor (written in place)
        or a key that is not a plain int is not followed here (False: the caller's default)."""
        tgt = st.target
        if self.f.input_shape is None or not isinstance(tgt, ast.Subscript):
            return False
        if not isinstance(tgt.value, ast.Name):
            return False
        base = fr.locals.get(tgt.value.id)
        if not isinstance(base, list):
            return False
        key = self.eval(tgt.slice, fr)
        if not (type(key) is int and -len(base) <= key < len(base)):
            return False
        cur = base[key]
        if isinstance(cur, (Tens, list, dict)):
            return False
        self.assign(tgt, self.binop(st.op, cur, rhs, fr, st), fr)
        return True

    def assign(self, tgt: ast.expr, v: Any, fr: Frame) -> None:
        if isinstance(tgt, ast.Name):
            fr.locals[tgt.id] = v
        elif isinstance(tgt, (ast.Tuple, ast.List)):
            starred = any(isinstance(e, ast.Starred) for e in tgt.elts)
            items = self.unpack(v, len(tgt.elts), None if starred else (fr, tgt))
            if self.f.input_shape is not None and not starred:
                from driftcheck.parsers.source.forward import dataflow_fix31

                dataflow_fix31.unpacked(self.f, tgt, v)  # ``a, w = attn(.., need_weights=False)``
            star = [i for i, e in enumerate(tgt.elts) if isinstance(e, ast.Starred)]
            if star:
                for e in tgt.elts:
                    self.assign(e.value if isinstance(e, ast.Starred) else e, UNK, fr)
                return
            for e, x in zip(tgt.elts, items):
                self.assign(e, x, fr)
        elif isinstance(tgt, ast.Starred):
            self.assign(tgt.value, UNK, fr)
        elif isinstance(tgt, ast.Subscript) and self.f.input_shape is not None:
            base = fr.locals.get(tgt.value.id) if isinstance(tgt.value, ast.Name) else None
            if isinstance(tgt.value, ast.Attribute):  # ``self.heads[k] = nn.Linear(...)``
                held = self.eval(tgt.value, fr)
                if isinstance(held, Mod):
                    dataflow_grown.mark(self.f, held.obj)
                    dataflow_grown.stored(self.f, held.obj, self.eval(tgt.slice, fr), fr.loc(tgt))
            if isinstance(tgt.value, ast.Name):  # ``xs[a:b] = ys`` may change its length
                lists.drop(self.f, base)
                lists.store(self, tgt, base, v, fr)
                if isinstance(base, dict) and self.f.run_state:
                    from driftcheck.parsers.source.forward import dataflow_fix37c

                    dataflow_fix37c.dict_store(self, tgt, base, v, fr)  # a fetched item's dict
            from driftcheck.parsers.source.forward import dataflow_args, dataflow_fix30b

            dataflow_fix30b.setitem(self, tgt, fr)  # ``m[:, 0] = 0`` of an inference tensor
            dataflow_args.setitem(self, tgt, v, fr)  # ``x[mask] = value``: torch's checks
            dataflow_argtypes.setitem(self, tgt, v, fr)  # ``buf[:, 1:] = x``: expands
            from driftcheck.parsers.source.forward import dataflow_fix30

            dataflow_fix30.setitem(self, tgt, v, fr)  # ``out[sel] = y.half()``: index put
            from driftcheck.parsers.source.forward import dataflow_fix32

            dataflow_fix32.setitem(self, tgt, base, fr)  # a leaf that requires grad written
            if not isinstance(base, (list, dict)):
                self.f.tensor_writes += 1  # ``t[i] = v``: ``t``'s values (and its views') change
        if isinstance(tgt, ast.Attribute) and self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix34c

            dataflow_fix34c.ctx_store(fr, tgt, v)  # ``ctx.scale = s`` of a custom Function
            from driftcheck.parsers.source.forward import dataflow_fix39a

            dataflow_fix39a.attr_stored(self, tgt, v, fr)  # a plain object changed unseen
        if isinstance(tgt, (ast.Attribute, ast.Subscript)) and self.f.input_shape is not None:
            # a list stored where other code may reach it (``self.cache = outs``)
            dataflow_axes.escapes(self.f, UNK, [v], {})
            from driftcheck.parsers.source.forward import dataflow_fix28b

            dataflow_fix28b.assigned(self, tgt, v, fr)  # ``self.cache = t``: later reads see t
        # attribute / subscript stores (caches, in-place writes) carry no module dataflow

    def unpack(self, v: Any, n: int, site: tuple | None = None) -> list[Any]:
        if site is not None and isinstance(v, tuple) and len(v) != n:
            from driftcheck.parsers.source.forward import dataflow_fix28b

            if dataflow_fix28b.unpack_known(self, v, n, site):  # ``ys, xs = x4d.nonzero(..)``
                return [UNK] * n
        if isinstance(v, (tuple, list)) and len(v) == n:
            return list(v)
        if isinstance(v, ShapeOf):
            if self.f.input_shape is not None and site is not None:
                from driftcheck.parsers.source.forward import dataflow_ranks

                if dataflow_ranks.shape_unpacked(self.f, v.t, n, site[0].loc(site[1])):
                    return [UNK] * n
            v.t.learn_rank(n)
            return [v.t.dim(i) for i in range(n)]
        if isinstance(v, Multi):
            if v.rest is not None and len(v.rest) + 1 == n:
                return [v.first, *v.rest]
            return [v.first] + [UNK] * (n - 1)
        if isinstance(v, Mod):
            # ``for block1, block2, attn, down in self.downs``: a ModuleList item unpacked
            # (also without an input shape: ``n1, attn, n2, mlp = self.parts`` calls each
            # layer, so the ops of the layers' forwards are the graph's as a loop's are)
            kids = self.calls.iterate(v)
            if kids is not None and len(kids) == n:
                return kids
        if isinstance(v, (Mod, str)) and site is not None:
            from driftcheck.parsers.source.forward import dataflow_fix30b

            got = dataflow_fix30b.unpacked(self, v, n, site)  # ``for i, blk in self.blocks``
            if got is not None:
                return got
        if isinstance(v, ops.Pieces):
            if v.count is not None and v.count != n:
                self.f.crash(v.loc, f"{v.count} pieces unpacked into {n} names")
                return [Tens(None)] * n
            if v.count is not None:
                items = v.items()
                if dataflow_dtype_ops.is_half(self.f, v.t):
                    for it in items:
                        dataflow_dtype_ops.give_half(self.f, it)
                from driftcheck.parsers.source.forward import dataflow_checks

                dt = dataflow_checks.fact(self.f, v.t, "dtype")
                if dt is not None:  # ``logmag, phase = h.chunk(2, 1)``: pieces of h's dtype
                    for it in items:
                        dataflow_checks.add_facts(self.f, it, replace=False, dtype=dt)
                from driftcheck.parsers.source.forward import dataflow_fix31

                dataflow_fix31.hand_pieces(self.f, v, items)  # strides, exact dtype
                return items
            items = [Tens(v.t.src, v.t.shape) for _ in range(n)]
            from driftcheck.parsers.source.forward import dataflow_fix31

            dataflow_fix31.hand_pieces(self.f, v, items)  # ``q, k, v = h.unbind(2)``
            return items
        if isinstance(v, Tens):
            if self.f.input_shape is not None and site is not None:
                from driftcheck.parsers.source.forward import dataflow_checks, dataflow_fix31b

                if dataflow_fix31b.listed_unpacked(self.f, v, n, site):
                    return [Tens(None)] * n  # ``for name, p in self.parameters()``
                got = dataflow_checks.unpack_tensor(self, v, n, *site)
                if got is not None:
                    return got
            return [Tens(None)] * n
        return [UNK] * n

    def if_(self, st: ast.If, fr: Frame) -> None:
        test = self.eval(st.test, fr)
        if isinstance(test, Tens) and self.f.input_shape is not None:
            dataflow_axes.tensor_bool(self.f, test, fr.loc(st.test))
        c = truth(test)
        if c is True:
            if self.f.input_shape is not None and st.body and isinstance(st.body[0], ast.Raise):
                from driftcheck.parsers.source.forward import dataflow_fix30b

                dataflow_fix30b.guard_raises(self, st, fr)  # ``if T % hop: raise``
            note_skipped(self, st.orelse, fr)
            self.body(st.body, fr)
        elif c is False:
            note_skipped(self, st.body, fr)
            self.body(st.orelse, fr)
        else:
            self.both(st.body, st.orelse, fr, st)

    def both(
        self, a: list[ast.stmt], b: list[ast.stmt], fr: Frame, st: ast.If | None = None
    ) -> None:
        """Run both branches of an undecidable ``if``; keep what they agree on."""
        start = dict(fr.locals)
        outs: list[dict[str, Any]] = []
        jumps: list[Exception] = []
        jumped: list[dict[str, Any]] = []  # the locals each jumping branch had
        for branch in (a, b):
            fr.locals = dict(start)
            try:
                with self.f.maybe():
                    self.body(branch, fr)
                outs.append(fr.locals)
            except Ret as r:
                if fr.pending is None:
                    fr.pending = r.value
                if self.f.input_shape is not None:
                    # the other branch goes on, but this one may have returned: what follows
                    # may not run on this input (crashfix32; ``if h.dtype == torch.float:
                    # return h`` then a crash is no certain crash)
                    self.f.speculative += 1
                    self.f.doubts += 1
                    fr.after_return += 1
            except Dead:
                pass
            except (_Break, _Continue) as j:
                # ``if rows.numel() == 0: continue`` (an MoE expert no token chose): the loop
                # body goes on along the other branch, as after a branch that raises
                jumps.append(j)
                jumped.append(fr.locals)
        if self.f.input_shape is not None and jumps and fr.loops and (outs or fr.pending is None):
            self.jumped(fr, jumps, jumped, bool(outs), st)
            if not outs:
                raise jumps[-1]
        if not outs:
            fr.locals = start
            if fr.pending is not None:
                raise Ret(fr.pending)
            if jumps:
                raise jumps[0]
            raise Dead()
        if len(outs) == 1:
            fr.locals = outs[0]
            return
        fr.locals = self.join(outs[0], outs[1])

    def jumped(
        self, fr: Frame, jumps: list[Exception], jumped: list[dict], on: bool, st: Any = None
    ) -> None:
        """Branches of an undecided ``if`` jumped (crashhole32): what follows may not run
        (``if h.dtype == torch.float: continue`` then a crash), and the jumping branch's locals
        join the path's at the end of the pass (``continue``) or of the loop (``break``). ``on``:
        the other branch went on. Both jumped: the locals they agree on go with the jump
        raised; a ``break`` beside a ``continue`` is recorded and the loop goes on."""
        lp = fr.loops[-1]
        if not on:
            cont = [loc for j, loc in zip(jumps, jumped) if isinstance(j, _Continue)]
            brk = [loc for j, loc in zip(jumps, jumped) if isinstance(j, _Break)]
            if cont and brk:
                lp.brk.extend(brk)
                self.f.speculative += 1
                self.f.doubts += 1
                lp.spec_loop += 1
                jumps[:] = [_Continue()]
            ends = cont or brk
            fr.locals = ends[0] if len(ends) == 1 else self.join(ends[0], ends[1])
            return
        # crashfix33: ``if rows.numel() == 0: continue`` over a partition of the rows (top-k
        # routing): a crash every pass meets after it is carried to the loop's end
        part = (
            isinstance(st, ast.If)
            and len(jumps) == 1
            and isinstance(jumps[0], _Continue)
            and not self.f.speculative
            and self.f.partition is None
            and dataflow_partition.guard(self, st, fr, lp)
        )
        for j, loc in zip(jumps, jumped):
            (lp.cont if isinstance(j, _Continue) else lp.brk).append(loc)
            self.f.speculative += 1
            self.f.doubts += 1
            if isinstance(j, _Continue):
                lp.spec_pass += 1
            else:
                lp.spec_loop += 1
        if part:
            self.f.partition = lp.part

    def pass_end(self, fr: Frame, lp: _Loop) -> None:
        """A pass of a loop ended: the passes that ``continue``d join it (crashhole32)."""
        self.f.speculative -= lp.spec_pass
        lp.spec_pass = 0
        if lp.part is not None:
            dataflow_partition.pass_end(self.f, lp)
        for other in lp.cont:
            fr.locals = self.join(fr.locals, other)
        lp.cont = []

    def loop_end(self, fr: Frame, lp: _Loop) -> None:
        self.pass_end(fr, lp)
        for other in lp.brk:
            fr.locals = self.join(fr.locals, other)
        lp.brk = []

    def dtypes_differ(self, x: Tens, y: Tens) -> bool:
        """On real sizes: two tensors of one node whose dtypes the pass holds apart (``z = h``
        on one path, ``z = h.double()`` on the other): the join keeps neither's dtype
        (crashhole32; keeping the first path's gave a false blocker)."""
        if self.f.input_shape is None:
            return False
        from driftcheck.parsers.source.forward import dataflow_checks, dataflow_fix25b

        return dataflow_fix25b.exact(self.f, x) != dataflow_fix25b.exact(self.f, y) or (
            dataflow_checks.fact(self.f, x, "dtype") != dataflow_checks.fact(self.f, y, "dtype")
        )

    def join(self, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
        """The locals two paths agree on (an undecided ``if``, a loop run zero times or more)."""
        outs = [a, b]
        merged = dict(outs[0])
        for k in set(outs[0]) | set(outs[1]):
            x, y = outs[0].get(k, UNK), outs[1].get(k, UNK)
            if x is y:
                continue
            if (
                isinstance(x, Tens)
                and isinstance(y, Tens)
                and x.src is not None
                and x.src == y.src
                and not self.dtypes_differ(x, y)
            ):
                merged[k] = x  # (two tensors without a node are not one: their shapes decide)
            elif (
                self.f.input_shape is not None
                and isinstance(x, Tens)
                and isinstance(y, Tens)
                and concrete(x.shape)
                and x.shape == y.shape
            ):  # on real sizes both branches agree on the shape: a shape-only tensor
                merged[k] = Tens(None, x.shape)
            elif isinstance(x, Tens) or isinstance(y, Tens):
                merged[k] = Tens(None)
            else:
                merged[k] = x if (isinstance(x, _KNOWN) and x == y) else UNK
        return merged

    def for_(self, st: ast.For | ast.AsyncFor, fr: Frame) -> None:
        it = self.eval(st.iter, fr)
        before = len(it) if isinstance(it, list) else None
        try:
            self._for(st, it, fr)
        finally:
            lists.walked(self.f, it, before)

    def _for(self, st: ast.For | ast.AsyncFor, it: Any, fr: Frame) -> None:
        items = self.calls.iterate(it, fr.loc(st), st)
        if items is None:
            self.taint(f"line {st.lineno}: loop over a value we cannot enumerate")
            self.assign(st.target, UNK, fr)
            start = dict(fr.locals)
            with self.f.maybe():
                self.loop_once(st.body, fr)
            # the loop runs an unknown number of times (zero included): after it, a name keeps
            # only what holds both before the body and after one pass of it (``x = conv(x)`` in
            # ``for _ in range(k)``: x's shape after the loop is unknown, not one pass's)
            fr.locals = self.join(start, fr.locals)
            return
        lp = _Loop(st)
        fr.loops.append(lp)
        try:
            for i, x in enumerate(items):
                if i >= MAX_LOOP:
                    self.taint(f"line {st.lineno}: loop cut at {MAX_LOOP} iterations")
                    break
                self.assign(st.target, x, fr)
                try:
                    self.body(st.body, fr)
                except _Break:
                    return
                except _Continue:
                    pass
                self.pass_end(fr, lp)
            else:
                if lp.part is not None:
                    dataflow_partition.settle(self, lp, len(items))
                fr.loops.pop()  # (a jump in ``else`` is the outer loop's)
                self.body(st.orelse, fr)
        finally:
            if fr.loops and fr.loops[-1] is lp:
                fr.loops.pop()
            self.loop_end(fr, lp)
            self.f.speculative -= lp.spec_loop

    def loop_once(self, stmts: list[ast.stmt], fr: Frame) -> None:
        lp = _Loop()
        fr.loops.append(lp)
        try:
            try:
                self.body(stmts, fr)
            except (_Break, _Continue):
                pass
            self.loop_end(fr, lp)
        finally:
            fr.loops.pop()
            self.f.speculative -= lp.spec_pass + lp.spec_loop

    # ------------------------------------------------------------------ expressions
    def eval(self, e: ast.expr | None, fr: Frame) -> Any:
        if e is None:
            return None
        self.tick()
        if isinstance(e, ast.Constant):
            return e.value
        if isinstance(e, ast.Name):
            return self.lookup(e.id, fr, e)
        if isinstance(e, ast.Attribute):
            out = self.attr(self.eval(e.value, fr), e.attr, fr, e)
            self.global_item_use(e, out, fr)
            return out
        if isinstance(e, ast.Call):
            out = self.calls.call_expr(e, fr)
            if e.args and out.__class__ in (int, float):
                self.keyed_call_use(e, out, fr)
            return out
        if isinstance(e, ast.BinOp):
            a, b = self.eval(e.left, fr), self.eval(e.right, fr)
            if isinstance(e.op, ast.Add):
                self.eps_sum_use(e, a, b, fr)
            elif isinstance(e.op, ast.Div) and isinstance(e.right, ast.Call):
                dataflow_logbucket.far_distance(self, e, b, fr)  # T5's bucket formula
            out = self.binop(e.op, a, b, fr, e)
            if self.f.input_shape is not None and isinstance(out, Tens):
                from driftcheck.parsers.source.forward import dataflow_fix34d

                dataflow_fix34d.binop(self.f, e.op, a, b, out)  # ``logits / 0.0``
            return out
        if isinstance(e, ast.UnaryOp):
            v = self.eval(e.operand, fr)
            if isinstance(e.op, ast.Invert) and isinstance(v, Tens):
                dataflow_dtype_ops.invert(self.f, v, fr.loc(e))  # ``~float_mask``
            if isinstance(e.op, ast.USub) and dataflow_argtypes.negate(self.f, v, fr.loc(e)):
                return Tens(None)  # ``-mask`` of a bool tensor
            return self.unary(e.op, v)
        if isinstance(e, ast.BoolOp):
            return self.boolop(e, fr)
        if isinstance(e, ast.Compare):
            return self.compare(e, fr)
        if isinstance(e, ast.IfExp):
            c = truth(self.eval(e.test, fr))
            if c is not None:
                note_skipped(self, [e.orelse if c else e.body], fr)
                return self.eval(e.body if c else e.orelse, fr)
            with self.f.maybe():
                a, b = self.eval(e.body, fr), self.eval(e.orelse, fr)
            if isinstance(a, Tens) and isinstance(b, Tens) and a.src == b.src:
                return a
            return Tens(None) if isinstance(a, Tens) or isinstance(b, Tens) else UNK
        if isinstance(e, (ast.Tuple, ast.List)):
            out: list[Any] = []
            for x in e.elts:
                if isinstance(x, ast.Starred):
                    items = self.calls.iterate(self.eval(x.value, fr))
                    if items is None:
                        return UNK
                    out.extend(items)
                else:
                    out.append(self.eval(x, fr))
            if isinstance(e, ast.List) and not any(isinstance(x, ast.Starred) for x in e.elts):
                lists.made(self.f, out)
            seq = tuple(out) if isinstance(e, ast.Tuple) else out
            if self.f.input_shape is not None and None in out and isinstance(e, ast.Tuple):
                from driftcheck.parsers.source.forward import dataflow_fix31

                dataflow_fix31.tuple_made(self, e, fr, seq)  # ``return out, w`` (w surely None)
            return dataflow_axes.made_empty(self.f, seq) if not seq else seq
        if isinstance(e, ast.Dict):
            d: dict[Any, Any] = {}
            for k, v in zip(e.keys, e.values):
                if k is None:
                    sub = self.eval(v, fr)
                    if isinstance(sub, dict):
                        d.update(sub)
                    continue
                key = self.eval(k, fr)
                if isinstance(key, _KNOWN):
                    d[key] = self.eval(v, fr)
            if self.f.input_shape is not None:
                self.f.made_dicts.append(d)  # a real ``dict`` (attribute reads are checked)
            return d
        if isinstance(e, ast.Subscript):
            out = self.subscript(self.eval(e.value, fr), e.slice, fr, e)
            self.global_item_use(e, out, fr)
            return out
        if isinstance(e, ast.Slice):
            parts = [
                self.eval(x, fr) if x is not None else None for x in (e.lower, e.upper, e.step)
            ]
            return slice(*parts)
        if isinstance(e, (ast.ListComp, ast.GeneratorExp)):
            return self.comprehension(e, fr)
        if isinstance(e, ast.DictComp) and self.f.input_shape is not None:
            return self.dict_comprehension(e, fr)
        if isinstance(e, ast.NamedExpr):
            v = self.eval(e.value, fr)
            self.assign(e.target, v, fr)
            return v
        if isinstance(e, ast.Starred):
            return self.eval(e.value, fr)
        if isinstance(e, ast.Lambda):  # a closure over this frame, as a nested def
            return ops.Local(e, fr)  # type: ignore[arg-type]
        if isinstance(e, ast.JoinedStr):
            return self.fstring(e, fr)
        return UNK

    def fstring(self, e: ast.JoinedStr, fr: Frame) -> Any:
        """``f"{side}_layer_{i}"`` of known plain values (str, int, bool, None) without a
        format spec or conversion: the string (``getattr(self, f"{side}_positions")``); an
        unknown part leaves it unknown."""
        out = []
        for part in e.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                out.append(part.value)
                continue
            if (
                isinstance(part, ast.FormattedValue)
                and part.format_spec
                and part.conversion == -1
                and self.f.input_shape is not None
            ):
                from driftcheck.parsers.source.forward import dataflow_fix29

                err = dataflow_fix29.format_spec(
                    self.f, self.eval(part.value, fr), part.format_spec
                )
                if err is not None:
                    self.f.crash(fr.loc(part), err)  # ``f"{t:.4f}"`` of a 1-D tensor
                return UNK
            if (
                not isinstance(part, ast.FormattedValue)
                or part.format_spec
                or part.conversion != -1
            ):
                return UNK
            v = self.eval(part.value, fr)
            if v.__class__ not in (str, int, bool, type(None)):
                return UNK  # (a traced number's hole is an int subclass: not written out)
            out.append(str(v))
        return "".join(out)

    def lookup(self, name: str, fr: Frame, at: ast.AST | None = None) -> Any:
        if name in fr.locals:
            return fr.locals[name]
        closure = getattr(fr.func, "closure", None)
        if isinstance(closure, dict) and name in closure:
            return closure[name]
        if isinstance(closure, Frame):
            return self.lookup(name, closure)
        try:
            v = self.f.interp.names.global_lookup(fr.mod, name)
        except Exception:  # noqa: BLE001 - a global we cannot evaluate is just unknown
            return UNK
        if at is not None:
            self.global_use(name, v, fr, at)
        return self.convert(v)

    def global_use(self, name: str, v: Any, fr: Frame, at: ast.AST) -> None:
        """A module constant whose name means a fact (``SLIDING_WINDOW = 4096``), read by
        ``forward`` (a mask's ``i - j < SLIDING_WINDOW``): a value the model computes with
        that no module attribute holds, for ``Graph.uses``. A constant named ``EPS`` is one
        only in a norm's own ``forward`` (its class named a norm): elsewhere it is as often a
        division guard as a norm's eps."""
        from driftcheck.graph.facts import CONSTANT_FACTS, NAME_FACTS
        from driftcheck.parsers.source.speed.symbolic import (
            UNREAD,
            plain_hole,
            plain_hole_unread,
        )

        key = CONSTANT_FACTS.get(name)
        # the value first (session 32): a global that is no number is never recorded, and most
        # globals ``forward`` reads are modules, classes, functions; the syntax walks below
        # (two of the function's whole body per read) cost 3% of the calls of a heavy file
        # (the ``test_order`` switch; off: UNREAD, the walks first, as before session 32)
        peek = plain_hole_unread(v) if current().test_order else UNREAD
        if peek is not UNREAD and (isinstance(peek, bool) or not isinstance(peek, (int, float))):
            return
        func = fr.func
        owner = getattr(func, "owner", None)
        if key is None and NAME_FACTS.get(name.lower()) == "normEps":
            # ``EPS`` read by a norm's own ``forward`` (``rsqrt(mean(x^2) + EPS)``): that
            # norm's epsilon, as ``self.eps`` would be; so too in any function (a module-level
            # ``def rms(x, w)``, a class not named a norm) where it is added to a mean or a
            # variance under a square root: a normalisation's epsilon, whatever the names
            node = getattr(func, "node", None)
            named = owner is not None and "norm" in owner.name.lower()
            site = named or (node is not None and scan(node, norm_eps_site, name))
            key = "normEps" if site else None
        if (
            key is None
            and getattr(func, "node", None) is not None
            and scan(func.node, norm_eps_arg, name)
        ):
            # any name passed as a functional norm's ``eps`` (``F.layer_norm(x, s, w, b,
            # HEAD_EPS)``): torch computes that norm with it, whatever the name says
            key = "normEps"
        any_name = False
        if (
            key is None
            and (peek is UNREAD or (isinstance(peek, float) and 0 < peek < 1))
            and getattr(func, "node", None) is not None
            and scan(func.node, norm_eps_site, name)
        ):
            # a global of any name added to a mean or a variance under a square root
            # (``rsqrt(x.pow(2).mean(-1, keepdim=True) + RMS_EPS)``): the normalisation's
            # epsilon by what torch computes with it, whatever the name says (a positive
            # float below 1 only, as ``eps_sum_use`` takes a computed one)
            key, any_name = "normEps", True
        if key is None:
            return
        raw = plain_hole(v)
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            return
        if any_name and not (isinstance(raw, float) and 0 < raw < 1):
            return
        path, line = fr.loc(at)
        via = f"{owner.name}.{getattr(func, 'name', '?')}" if owner is not None else name
        self.f.interp.value_uses.setdefault(
            (key, raw, path, line), (key, raw, (path, line, None), via)
        )

    def eps_sum_use(self, e: ast.BinOp, a: Any, b: Any, fr: Frame) -> None:
        """``rsqrt(mean + hp("eps"))``: a number computed by a call or read by a subscript,
        added to a mean or a variance under a square root, is a normalisation's epsilon
        (torch's norms compute ``x / sqrt(var + eps)``), for ``Graph.uses``; so is a local
        name of the function (``def rms(x, w, eps=EPS)``: the parameter's value at this
        call, its default or the caller's argument). A global name is ``global_use``'s, an
        attribute the module's own."""
        from driftcheck.parsers.source.speed.symbolic import plain_hole

        pairs = ((e.left, e.right, b, a), (e.right, e.left, a, b))
        eps = [
            v
            for side, other, v, m in pairs
            if (
                isinstance(other, (ast.Call, ast.Subscript))
                or (isinstance(other, ast.Name) and other.id in fr.locals)
            )
            and (_moment(side) or _moment_of(m))
        ]
        if len(eps) != 1:
            return
        raw = plain_hole(eps[0])
        if isinstance(raw, bool) or not isinstance(raw, float) or not 0 < raw < 1:
            return
        node = getattr(fr.func, "node", None)
        if node is None or not scan(node, _under_root, e):
            return
        owner = getattr(fr.func, "owner", None)
        path, line = fr.loc(e)
        via = f"{owner.name}.{getattr(fr.func, 'name', '?')}" if owner is not None else "eps"
        self.f.interp.value_uses.setdefault(
            ("normEps", raw, path, line), ("normEps", raw, (path, line, None), via)
        )

    def global_item_use(self, e: ast.Subscript | ast.Attribute, v: Any, fr: Frame) -> None:
        """``H["rms_eps"]`` / ``cfg.rms_norm_eps``, an item under a constant key or an
        attribute of a module global, added to a mean or a variance under a square root in
        ``forward`` (``torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + H["rms_eps"])``): the
        normalisation's epsilon by what the expression computes, whatever the key's name
        (``norm_eps_site``), as a global named ``EPS`` is. (``self.eps`` is the module's own
        attribute: ``self`` is a local.)"""
        if not (
            isinstance(e.value, ast.Name)
            and e.value.id not in fr.locals
            and (
                isinstance(e, ast.Attribute)
                or (isinstance(e.slice, ast.Constant) and isinstance(e.slice.value, str))
            )
        ):
            return
        from driftcheck.parsers.source.speed.symbolic import plain_hole

        raw = plain_hole(v)
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            return
        node = getattr(fr.func, "node", None)
        if node is None or not scan(node, norm_eps_site, e):
            return
        owner = getattr(fr.func, "owner", None)
        path, line = fr.loc(e)
        via = f"{owner.name}.{getattr(fr.func, 'name', '?')}" if owner is not None else e.value.id
        self.f.interp.value_uses.setdefault(
            ("normEps", raw, path, line), ("normEps", raw, (path, line, None), via)
        )

    def comprehension(self, e: ast.ListComp | ast.GeneratorExp, fr: Frame) -> Any:
        if len(e.generators) != 1:
            return UNK
        g = e.generators[0]
        src = self.eval(g.iter, fr)
        items = self.calls.iterate(src, fr.loc(e), e)
        if items is None or len(items) > MAX_LOOP:
            return UNK  # over the bound ``iterate`` cuts at: a shorter list would be wrong
        saved = dict(fr.locals)
        out = []
        for x in items:
            self.assign(g.target, x, fr)
            keep = [truth(self.eval(c, fr)) for c in g.ifs]
            if None in keep and False not in keep and self.f.input_shape is not None:
                # a filter undecided here: the list's length is unknown, not shorter (an
                # empty list is a crash in ``torch.cat``)
                fr.locals = saved
                return UNK
            if all(k is True for k in keep):
                out.append(self.eval(e.elt, fr))
        fr.locals = saved
        if isinstance(e, ast.ListComp):
            lists.made(self.f, out, src)
        if not out and self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix34b

            if dataflow_fix34b.from_attribute(self, g.iter, fr):
                return out  # an attribute's container: others may fill it (not made empty)
        return dataflow_axes.made_empty(self.f, out) if not out else out

    def dict_comprehension(self, e: ast.DictComp, fr: Frame) -> Any:
        """``{"expert.%d" % i: nn.Linear(d, d) for i in range(n)}`` on real sizes: its items
        where every key is known (a ModuleDict's names are checked by torch), else unknown."""
        if len(e.generators) != 1:
            return UNK
        g = e.generators[0]
        items = self.calls.iterate(self.eval(g.iter, fr), fr.loc(e))
        if items is None or len(items) > MAX_LOOP:
            return UNK
        saved = dict(fr.locals)
        out: dict[Any, Any] = {}
        try:
            for x in items:
                self.assign(g.target, x, fr)
                keep = [truth(self.eval(c, fr)) for c in g.ifs]
                if None in keep and False not in keep:
                    return UNK
                if all(k is True for k in keep):
                    key = self.eval(e.key, fr)
                    if not isinstance(key, _KNOWN):
                        return UNK
                    out[key] = self.eval(e.value, fr)
        finally:
            fr.locals = saved
        return out

    def binop(self, op: ast.operator, a: Any, b: Any, fr: Frame, at: ast.AST) -> Any:
        if self.f.input_shape is not None and at is not None:
            from driftcheck.parsers.source.forward import dataflow_fix32b

            err = dataflow_fix32b.binop_error(self.f, op, a, b)  # ``"block" + i``, ``t * [..]``
            if err is not None:
                self.f.crash(fr.loc(at), err)
                return Tens(None) if isinstance(a, Tens) or isinstance(b, Tens) else UNK
            if dataflow_fix32b.binop_saved(self, op, a, b, fr, at):  # ``prior * self.scale``
                return Tens(None)
        if self.f.input_shape is not None and (
            isinstance(a, Bound) or isinstance(b, Bound) or a is None or b is None
        ):
            if isinstance(at, ast.BinOp):
                sides = (at.left, at.right)
            elif isinstance(at, ast.AugAssign):
                sides = (at.target, at.value)
            else:
                sides = (None, None)
            a_, b_ = (self.sure_none(a, sides[0], fr), self.sure_none(b, sides[1], fr))
            if dataflow_misuse.method_operand(self.f, op, a_, b_, fr.loc(at)):  # ``x.numel // 2``
                return UNK
            from driftcheck.parsers.source.forward import dataflow_fix31b

            if dataflow_fix31b.none_number(self.f, op, a_, b_, fr.loc(at)):  # ``None + 1e-5``
                return UNK
        if self.f.input_shape is not None and (isinstance(a, Tens) or isinstance(b, Tens)):
            from driftcheck.parsers.source.forward import dataflow_fix30b

            dataflow_fix30b.quantized_operand(self.f, op, a, b, fr.loc(at))  # ``q + h``
            from driftcheck.parsers.source.forward import dataflow_fix29b

            err = dataflow_fix29b.tuple_operand(self.f, op, a, b)  # ``x + self.attn(h, h, h)``
            if err is not None:
                self.f.crash(fr.loc(at), err)
                return Tens(None)
        if isinstance(b, Tens) and op.__class__ is ast.Pow and not isinstance(a, Tens):
            self.power_base(a, b, fr, at)
        if isinstance(a, Tens) or isinstance(b, Tens):
            err = dataflow_modargs.binop_error(self.f, op, a, b)  # ``s @ self.fc1``
            if err is None and isinstance(op, ast.MatMult):
                err = dataflow_dtype_ops.matmul_error(self.f, a, b)  # ``adj @ h``, bool adj
            if err is not None:
                self.f.crash(fr.loc(at), err)
                return Tens(None)
            dataflow_dtype_ops.binop(self.f, op, a, b, fr.loc(at))  # ``k ** -1``, ``f | m``
            if dataflow_argtypes.binop(self.f, op, a, b, fr.loc(at)):
                return Tens(None)  # ``1 - mask`` of a bool tensor
            from driftcheck.parsers.source.forward import dataflow_fix29

            err = dataflow_fix29.binop(self.f, op, a, b)  # ``ids % 0``
            if err is not None:
                self.f.crash(fr.loc(at), err)
                return Tens(None)
            out = ops.tensor_binop(self, op, a, b, fr, at)
            dataflow_dtype_ops.half_binop(self.f, op, a, b, out)  # float16 stays float16
            if self.f.input_shape is not None and isinstance(op, ast.MatMult):
                from driftcheck.parsers.source.forward import dataflow_strides

                dataflow_strides.made_contiguous(self.f, out)  # ``att @ v`` is a fresh tensor
            elif self.f.input_shape is not None and not isinstance(at, ast.AugAssign):
                from driftcheck.parsers.source.forward import dataflow_fix25

                dataflow_fix25.fresh_storage(self.f, out, a, b)  # ``x * 2``: its own items
            if self.f.input_shape is not None and isinstance(op, ast.Div):
                from driftcheck.parsers.source.forward import dataflow_checks

                dataflow_checks.true_div(self.f, out, a, b)  # ``arange(T) / 1`` is float
            if self.f.input_shape is not None and isinstance(
                op, (ast.Add, ast.Sub, ast.Mult, ast.Div)
            ):
                from driftcheck.parsers.source.forward import dataflow_args

                dataflow_args.promote(self.f, a, b, out)  # float64 operands
            if self.f.input_shape is not None and isinstance(
                op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)
            ):
                from driftcheck.parsers.source.forward import dataflow_dtypes

                dataflow_dtypes.carry_binop(self.f, type(op).__name__, a, b, out)
                from driftcheck.parsers.source.forward import dataflow_dtype_accept

                dataflow_dtype_accept.carry_binop(self.f, type(op).__name__, a, b, out)
                from driftcheck.parsers.source.forward import dataflow_fix25

                dataflow_fix25.width_binop(self.f, type(op).__name__, a, b, out)
                from driftcheck.parsers.source.forward import dataflow_known

                dataflow_known.arith(self.f, type(op).__name__, a, b, out)
                from driftcheck.parsers.source.forward import dataflow_fix26

                dataflow_fix26.arith(self.f, type(op).__name__, a, b, out)  # ``ids + 3``
                from driftcheck.parsers.source.forward import dataflow_fix24

                dataflow_fix24.carry_binop(self.f, a, b, out)  # ``x.sigmoid() * 7``
            from driftcheck.parsers.source.forward import dataflow_fix25b

            dataflow_fix25b.binop(self.f, op, a, b, out)  # ``x.double() * 2``: float64
            if self.f.input_shape is not None:
                from driftcheck.parsers.source.forward import dataflow_fix32

                dataflow_fix32.binop(self.f, op, a, b, out, fr, at)  # the autograd graph
            return out
        if self.f.input_shape is not None and isinstance(op, ast.Pow):
            # ``head_dim ** 0.5`` (attention's scale) on real sizes: a float power of a known
            # non-negative number is cheap and bounded (an overflow is unknown)
            num = (int, float)
            if isinstance(a, num) and isinstance(b, float) and not isinstance(a, bool):
                if 0 <= a and abs(b) <= 64:
                    try:
                        return float(a) ** b
                    except (OverflowError, ZeroDivisionError):
                        return UNK
        if self.f.input_shape is not None and isinstance(op, ast.Add):
            if dataflow_misuse.size_plus_list(self.f, a, b, fr.loc(at)):
                return UNK
        if self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix31b

            if dataflow_fix31b.size_number(self.f, op, a, b, fr.loc(at)):
                return UNK  # ``x.shape[2:] * 1.5``, ``x.shape[2:] // 2``
        if self.f.input_shape is not None and isinstance(op, (ast.Div, ast.FloorDiv, ast.Mod)):
            from driftcheck.parsers.source.forward import dataflow_ranks

            sign = {ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%"}[type(op)]
            dataflow_ranks.zero_division(self.f, sign, a, b, fr.loc(at))
        if self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix25

            got = dataflow_fix25.tuple_binop(self.f, op, a, b, fr.loc(at))  # ``h.max(-1) * 2``
            if got is False:
                return UNK
            if got is not None:
                return got
        if _num_arith(op, a, b):
            return NUM  # ``t.item() * 2``: still a plain number
        try:
            return py_binop(op, a, b)
        except TooBig as e:  # over the size bound (sizes.py)
            path, line = fr.loc(at)
            self.unfollowed(f"{path.rsplit('/', 1)[-1]}:{line}: {e.what}: value unknown")
            return UNK

    def sure_none(self, v: Any, node: ast.AST | None, fr: Frame) -> Any:
        """``v``, or UNK for a None the pass may hold wrongly. Surely None: a name of the
        function whose every assignment there is ``name = None``, and which is either such a
        local or a parameter left at its ``None`` default in this call. A module attribute set
        in ``forward`` (``self.scale = nn.Parameter(...)``) is not followed, so its
        ``__init__`` None (or a local read from it) is stale and never counts."""
        if v is not None:
            return v
        if isinstance(node, ast.Attribute):
            from driftcheck.parsers.source.forward import dataflow_fix30b

            if dataflow_fix30b.sure_bias_none(self, node, fr):
                return None  # ``self.conv.bias`` of a layer built with ``bias=False``
            from driftcheck.parsers.source.forward import dataflow_fix31b

            if dataflow_fix31b.sure_leaf_none(self, node, fr):
                return None  # ``self.bn.running_var`` of ``track_running_stats=False``
        fn = getattr(fr.func, "node", None)
        if not isinstance(node, ast.Name) or not isinstance(
            fn, (ast.FunctionDef, ast.AsyncFunctionDef)
        ):
            return UNK
        nones = set()
        for n in ast.walk(fn):
            if isinstance(n, ast.Assign) and len(n.targets) == 1:
                t = n.targets[0]
                if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant):
                    if n.value.value is None:
                        nones.add(id(t))
        if self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix31

            nones |= dataflow_fix31.sure_none_stores(self.f)  # unpacked certain Nones
        stores = [
            n
            for n in ast.walk(fn)
            if isinstance(n, ast.Name) and n.id == node.id and not isinstance(n.ctx, ast.Load)
        ]
        if any(id(n) not in nones for n in stores):
            return UNK
        return None if stores or node.id in fr.defaulted else UNK

    def power_base(self, a: Any, b: Any, fr: Frame, at: ast.AST) -> None:
        """``number ** tensor`` in ``forward``: a rotary embedding's frequencies computed per
        call (``theta ** (-arange(0, hd, 2) / hd)``), as ``interp/exprs.power_base`` keeps
        them in ``__init__``; read by ``output/value_uses.py`` as a RoPE base."""
        from driftcheck.parsers.source.interp.exprs import rotary_dim
        from driftcheck.parsers.source.speed.symbolic import plain_hole, unholed
        from driftcheck.parsers.source.values.abstract import Sourced

        v = plain_hole(a)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 1:
            return
        if isinstance(a, Sourced) and a.file and a.line:
            where = (str(a.file), a.line, a.key)
        else:
            path, line = fr.loc(at)
            where = (path, line, None)
        func = fr.func
        owner = getattr(func, "owner", None)
        name = getattr(func, "name", None) or "<module>"
        via = f"{owner.name}.{name}" if owner is not None else name
        self.f.interp.power_bases.setdefault((unholed(v), where), (v, where, via))
        path, line = fr.loc(at)
        rotary_dim(self.f.interp, b, (path, line, None), via)
        if isinstance(at, ast.BinOp):
            self.arange_rotary_dim(at.right, fr, (path, line, None), via)

    def arange_rotary_dim(self, e: ast.expr, fr: Frame, where: tuple, via: str) -> None:
        """The rotary dimensions of a ``base ** exponent`` whose tensor shape ``forward``
        does not track: the one ``arange`` in the exponent, ``arange(0, dim, 2)`` (one
        frequency per pair of ``dim``) or ``arange(half)`` (``half`` pairs). Another form
        (``arange(0, dim)``, two aranges) says nothing."""
        from driftcheck.parsers.source.speed.symbolic import plain_hole

        calls = [
            c
            for c in ast.walk(e)
            if isinstance(c, ast.Call)
            and isinstance(c.func, (ast.Attribute, ast.Name))
            and (c.func.attr if isinstance(c.func, ast.Attribute) else c.func.id) == "arange"
        ]
        if len(calls) != 1 or calls[0].keywords and len(calls[0].args) != 3:
            return
        args = calls[0].args
        if any(isinstance(a, ast.Starred) for a in args):
            return
        vals = [plain_hole(self.eval(a, fr)) for a in args]
        if any(isinstance(v, bool) or not isinstance(v, int) for v in vals):
            return
        if len(vals) == 3 and vals[2] == 2 and vals[1] > vals[0] == 0:
            dim = vals[1] + vals[1] % 2
        elif len(vals) == 1 and vals[0] > 0:
            dim = 2 * vals[0]
        else:
            return
        uses = self.f.interp.value_uses
        uses.setdefault(("rotaryDim", dim, where), ("rotaryDim", dim, where, via))

    def unary(self, op: ast.unaryop, v: Any) -> Any:
        if isinstance(v, Tens):
            out = Tens(v.src, v.shape)
            if self.f.input_shape is not None and isinstance(op, ast.Invert):
                from driftcheck.parsers.source.forward import dataflow_known

                dataflow_known.invert(self.f, v, out)  # ``~mask``
            if self.f.input_shape is not None and isinstance(op, (ast.USub, ast.UAdd)):
                from driftcheck.parsers.source.forward import dataflow_dtype_ops, dataflow_fix26

                # ``-t`` is ``t.neg()``: the same dtype (a bool one raised above)
                dataflow_dtype_ops.after_method(self.f, v, "neg", [], {}, out, None)
                if isinstance(op, ast.USub):
                    dataflow_fix26.negate(self.f, v, out)  # ``-ids``: bounds mirrored
            return out
        if isinstance(v, UnkNum) and isinstance(op, (ast.USub, ast.UAdd)):
            return NUM  # ``-t.item()``
        return py_unary(op, v)

    def boolop(self, e: ast.BoolOp, fr: Frame) -> Any:
        is_and = isinstance(e.op, ast.And)
        v: Any = UNK
        undecided: Any = None
        for x in e.values:
            v = self.eval(x, fr)
            t = truth(v)
            if t is None:
                if undecided is None:
                    undecided = v
                continue
            if t is not is_and:
                # ``unknown and False`` is falsy whichever way the unknown goes (``or True``:
                # truthy): the condition is decided even though the value is not
                return v
        if undecided is not None:
            return UNK if not isinstance(undecided, Tens) else undecided
        return v

    def compare(self, e: ast.Compare, fr: Frame) -> Any:
        left = self.eval(e.left, fr)
        if self.f.input_shape is not None and len(e.ops) == 1 and left.__class__ is str:
            from driftcheck.parsers.source.forward import dataflow_fix31b

            got = dataflow_fix31b.registry_member(self, e, left, fr)  # ``"a" in self._modules``
            if got is not None:
                return got
        for op, rx in zip(e.ops, e.comparators):
            right = self.eval(rx, fr)
            if len(e.ops) == 1 and (_tensorish(left) or _tensorish(right)):
                from driftcheck.parsers.source.forward.dataflow_window import window_use

                window_use(self, e, left, right, fr)  # a band mask's ``i - j < window``
            lnode = e.left if op is e.ops[0] else None
            if self.f.input_shape is not None and dataflow_misuse.method_operand(
                self.f,
                op,
                self.sure_none(left, lnode, fr),
                self.sure_none(right, rx, fr),
                fr.loc(e),
            ):
                return UNK  # ``x.numel < 3``
            if self.f.input_shape is not None and len(e.ops) == 1:
                from driftcheck.parsers.source.forward import dataflow_dtype_accept

                err = dataflow_dtype_accept.compare(self.f, type(op).__name__, left, right)
                if err is not None:  # ``X > 0.5`` of a complex X
                    self.f.crash(fr.loc(e), err)
                    return UNK
                from driftcheck.parsers.source.forward import dataflow_known

                got = dataflow_known.compare(self.f, op, left, right)
                if got is not None:
                    return got  # a boolean tensor, its values when known
                # on real sizes, ``mask == 0`` is a tensor of the mask's shape (a scalar
                # comparison keeps the shape; the mask then feeds ``masked_fill``)
                scalar = (int, float, bool)
                from driftcheck.parsers.source.forward.dataflow_ranks import compared

                if isinstance(left, Tens) and isinstance(right, scalar):
                    return compared(self.f, op, Tens(left.src, left.shape))
                if isinstance(right, Tens) and isinstance(left, scalar):
                    return compared(self.f, op, Tens(right.src, right.shape))
            r = compare_one(op, left, right)
            if r is not True:
                return r
            left = right
        return True

    def subscript(self, v: Any, sl: ast.expr, fr: Frame, at: ast.AST) -> Any:
        key = self.eval(sl, fr)
        dataflow_misuse.subscripted(self.f, v, fr.loc(at))  # ``x.size[0]``
        if self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix27b

            err = dataflow_fix27b.slice_error(v, key)  # ``x[:, : T / 2]``
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix29b

                err = dataflow_fix29b.index_error(self.f, v, key)  # ``x[idx.float()]``
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix30b

                err = dataflow_fix30b.subscripted(self.f, v, key, fr.loc(at))  # ``emb[ids]``
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix32b

                err = dataflow_fix32b.subscript_error(self.f, v, key)  # ``gen[0]``, ``d[t]``
            if err is not None:
                self.f.crash(fr.loc(at), err)
                return Tens(None)
        got = ops.subscript(self, v, key, fr, at)
        if self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix27b

            dataflow_fix27b.after_subscript(self.f, v, key, got)  # ``ids[:, 1:]``: bounds
            from driftcheck.parsers.source.forward import dataflow_fix30b

            dataflow_fix30b.after_subscript(self.f, v, key, got)  # ``h[:, 0]``: a view
            from driftcheck.parsers.source.forward import dataflow_fix31

            dataflow_fix31.after_subscript(self.f, v, key, got)  # its strides
            from driftcheck.parsers.source.forward import dataflow_fix32

            dataflow_fix32.masked_rank(self.f, v, key, got)  # ``x[m]``: (K, *rest), K unknown
        if isinstance(key, str) and (isinstance(v, dict) or _settings(v)):
            self.item_use(key, got, fr, at)
        elif isinstance(key, int) and isinstance(v, (list, tuple)):
            self.per_layer_use(at, got, fr)
        return got

    def keyed_call_use(self, e: ast.Call, got: Any, fr: Frame) -> None:
        """``cfg.get("n_heads", 12)`` / ``getattr(hp, "n_heads", 12)`` read by ``forward``
        (reimplfix36): the value under that key, as ``cfg["n_heads"]`` / ``hp.n_heads`` is
        (``item_use``). Not a module's own (``getattr(self, ...)``)."""
        f, a = e.func, e.args
        if (
            isinstance(f, ast.Attribute)
            and f.attr == "get"
            and 1 <= len(a) <= 2
            and not (isinstance(f.value, ast.Name) and f.value.id == "self")
        ):
            key = a[0]
        elif isinstance(f, ast.Name) and f.id == "getattr" and len(a) in (2, 3):
            if isinstance(a[0], ast.Name) and a[0].id == "self":
                return
            key = a[1]
        else:
            return
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            self.item_use(key.value, got, fr, e)

    def per_layer_use(self, at: ast.AST, got: Any, fr: Frame) -> None:
        """``C["heads"][i]`` / ``hp.n_heads[i]``: one entry of a per-layer list of a table's
        or a settings object's, read by ``forward`` (reimplfix36): the value this layer
        computes with, under the list's key (``item_use``). Not a module's own list
        (``self.heads[i]``: its attributes are the module's)."""
        inner = getattr(at, "value", None)
        if isinstance(inner, ast.Subscript) and isinstance(inner.slice, ast.Constant):
            key = inner.slice.value
        elif isinstance(inner, ast.Attribute):
            key = inner.attr
        else:
            return
        base = inner.value
        if not isinstance(key, str) or (isinstance(base, ast.Name) and base.id == "self"):
            return
        self.item_use(key, got, fr, at)

    def item_use(self, key: str, v: Any, fr: Frame, at: ast.AST) -> None:
        """A table's item (or a settings object's attribute) under a key that names a fact
        no weight shape holds, read by ``forward`` (a mask's ``i - j < hp["window"]``,
        ``cfg["rope_theta"]``, ``hp.sliding_window``): a value
        the model computes with, for ``Graph.uses``, as a module constant of that name is
        (``global_use``). Only those facts (``VALUE_FACTS``) and the head count: a size such
        as ``hp["width"]`` is in the weights already, and a table's key names less surely
        than an attribute."""
        from driftcheck.graph.facts import NAME_FACTS, VALUE_FACTS
        from driftcheck.parsers.source.speed.symbolic import plain_hole

        fact = NAME_FACTS.get(key)
        owner = getattr(fr.func, "owner", None)
        norm_eps = fact == "normEps" and owner is not None and "norm" in owner.name.lower()
        if fact not in VALUE_FACTS and fact not in _VIEW_FACTS and not norm_eps:
            # (an eps read by a norm's own ``forward``, ``cfg.rms_norm_eps``, is that norm's
            # epsilon, as a constant ``EPS`` there is in ``global_use``)
            return
        v = plain_hole(v)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            return
        path, line = fr.loc(at)
        via = f"{owner.name}.{getattr(fr.func, 'name', '?')}" if owner is not None else key
        self.f.interp.value_uses.setdefault(
            (fact, v, path, line), (fact, v, (path, line, key), via)
        )

    def attr(self, v: Any, name: str, fr: Frame, at: ast.AST | None = None) -> Any:
        from driftcheck.parsers.source.forward.dataflow_fix25 import DtypeInfo

        if isinstance(v, DtypeInfo):
            return v.attr(name)  # ``torch.iinfo(ids.dtype).bits``: a number
        # a Function's ``ctx`` (``dataflow_fix34c``), an object of the code's own class built
        # in forward (``dataflow_fix37c``; a plain one: ``dataflow_fix39a``)
        if v.__class__.__name__ in ("Ctx", "Inst", "PlainInst"):
            return v.get(name)
        if v is None and at is not None and self.f.input_shape is not None and self.f.run_state:
            from driftcheck.parsers.source.forward import dataflow_fix37c

            dataflow_fix37c.none_attr(self, name, fr, at)  # ``get_worker_info().id``
        if (
            isinstance(v, Multi)
            and v.rest is not None
            and at is not None
            and self.f.input_shape is not None
            and name not in ("count", "index")
        ):
            # ``self.attn(q, k, v).squeeze(1)``: torch's MultiheadAttention / RNN returns a
            # tuple (known to be one here: ``rest`` is set for torch's own classes only)
            self.f.crash(fr.loc(at), f"AttributeError: 'tuple' object has no attribute '{name}'")
            return UNK
        if name in ("H", "mH") and at is not None and isinstance(v, Tens):
            from driftcheck.parsers.source.forward.dataflow_dtype_accept import rank_refused

            err = rank_refused(self.f, f"Tensor.{name}", v)  # ``h.H`` of a batch of matrices
            if err is not None:
                self.f.crash(fr.loc(at), err)
                return UNK
        if self.f.input_shape is not None and isinstance(at, ast.Attribute):
            from driftcheck.parsers.source.forward import dataflow_fix30b

            if v is None:
                dataflow_fix30b.none_attribute(self, at.value, name, fr, fr.loc(at))  # bias None
                from driftcheck.parsers.source.forward import dataflow_fix31b

                dataflow_fix31b.none_attribute(self, at.value, name, fr, fr.loc(at))
                from driftcheck.parsers.source.forward import dataflow_fix32

                dataflow_fix32.none_grad(self, at.value, name, fr, fr.loc(at))  # ``w.grad.norm``
            elif name == "shape":
                dataflow_fix30b.lazy_read(self.f, v, name, fr.loc(at))  # lazy weight's shape
            from driftcheck.parsers.source.forward import dataflow_fix32b

            err = dataflow_fix32b.leaf_attr(self, v, name)  # ``self.emb.shape``
            err = err or dataflow_fix32b.attribute_error(self.f, v, name)  # ``gen.device``
            if err is not None:
                self.f.crash(fr.loc(at), err)
                return UNK
        got = ops.attribute(self, v, name, fr)
        if got is UNK and isinstance(v, Mod) and self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix39a

            got = dataflow_fix39a.held_attr(self, v, name) or got  # ``self.scaler``: one value
        if at is not None and self.f.input_shape is not None and name in ("real", "imag"):
            from driftcheck.parsers.source.forward import dataflow_dtype_accept

            if isinstance(got, Bound) and known_shape(v) is not None:
                got = Tens(None, known_shape(v))  # ``.real`` / ``.imag``: a tensor of v's shape
            err = dataflow_dtype_accept.attribute(self.f, v, name, got)  # ``x.imag`` of a real x
            if err is not None:
                self.f.crash(fr.loc(at), err)
                return UNK
        if got is UNK and at is not None and isinstance(v, Mod) and self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_attrs

            dataflow_attrs.missing_attr(self, v, name, fr.loc(at))  # torch's AttributeError
        if got is UNK and at is not None and self.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix29

            err = dataflow_fix29.dict_attribute(self.f, v, name)  # ``out.mean(1)`` of a dict
            if err is not None:
                self.f.crash(fr.loc(at), err)
                return UNK
            from driftcheck.parsers.source.forward.dataflow_axes import IndexTuple, NamedPair

            if isinstance(v, (NamedPair, IndexTuple)) and name not in type(v).attrs:
                # ``x.topk(2).softmax(-1)``, ``torch.where(mask).sum()``: torch.return_types
                # and a tuple of index vectors have no tensor methods
                kind = "torch.return_types" if isinstance(v, NamedPair) else "tuple"
                self.f.crash(
                    fr.loc(at), f"AttributeError: '{kind}' object has no attribute '{name}'"
                )
        if at is not None and (
            _settings(v) or _value_holder(v, name) or self._settings_class(v, name)
        ):
            self.item_use(name, got, fr, at)  # a settings object's ``hp.sliding_window``
        return got

    def convert(self, v: Any) -> Any:
        return ops.convert(self, v)

    def _settings_class(self, v: Any, name: str) -> bool:
        """A settings class of the code's own read as an object (``S = TinySettings``,
        ``x.view(b, t, S.n_heads, -1)``; reimplfix36): its attribute under a head count's or
        a head size's name is the value ``forward`` splits by, as a settings instance's
        (``_settings``). Only for those facts (``_VIEW_FACTS``): a value fact is
        ``_value_holder``'s already; a module class is no settings class."""
        from driftcheck.graph.facts import NAME_FACTS

        if not isinstance(v, Cls) or NAME_FACTS.get(name) not in _VIEW_FACTS:
            return False
        return not self.f.interp.classes.is_module_cls(v)

    # used by ops for Bound calls on python containers
    def bound_call(self, b: Bound, args: list[Any], kwargs: dict[str, Any], fr: Frame, at: Any):
        return ops.call_bound(self, b, args, kwargs, fr, at)


# libraries whose names a local import binds to the library's own (``import math`` inside
# forward: ``math.exp(t)`` is then ``math.exp``, as with a module-level import)
_LOCAL_IMPORTS = frozenset({"math", "torch", "numpy", "einops"})


def _local_import(st: ast.Import | ast.ImportFrom, fr: Frame) -> None:
    """``import math`` / ``import torch.nn.functional as F`` / ``from math import exp``
    inside a function: the names bound are those libraries' (``Ext``). Any other module (the
    analyzed code's own, a relative import) is left to the global lookup, as before."""
    if isinstance(st, ast.ImportFrom):
        mod = st.module or ""
        if st.level or mod.split(".", 1)[0] not in _LOCAL_IMPORTS:
            return
        for a in st.names:
            if a.name != "*":
                fr.locals[a.asname or a.name] = Ext(f"{mod}.{a.name}")
        return
    for a in st.names:
        if a.name.split(".", 1)[0] not in _LOCAL_IMPORTS:
            continue
        if a.asname:
            fr.locals[a.asname] = Ext(a.name)
        else:
            top = a.name.split(".", 1)[0]
            fr.locals[top] = Ext(top)  # ``import torch.nn``: the name bound is ``torch``


_NUM_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)


def _num_arith(op: ast.operator, a: Any, b: Any) -> bool:
    """Arithmetic of an unknown plain number (``NUM``) with numbers: a plain number again."""
    if not isinstance(op, _NUM_OPS) or not (isinstance(a, UnkNum) or isinstance(b, UnkNum)):
        return False
    return all(isinstance(v, (int, float, UnkNum)) for v in (a, b))


def _tensorish(v: Any) -> bool:
    """A tensor, or a value not followed (positions from ``torch.arange`` are not tracked)."""
    return isinstance(v, Tens) or v is UNK


def _value_holder(v: Any, name: str) -> bool:
    """A class's attribute (``Config.logit_scale``, a namespace class of the code's own) or a
    module's (``self.logit_scale`` of transformers' ``CohereForCausalLM``, a wrapper around
    the graph's root whose attributes ``record_uses`` never walks) read by ``forward`` under
    the name of a fact no weight shape holds: the value the model computes with. Sizes are
    left to the weights; a module inside the root holds the same value as an attribute
    already (a use of the same value is one value in the comparison)."""
    from driftcheck.graph.facts import NAME_FACTS, VALUE_FACTS

    if NAME_FACTS.get(name) not in VALUE_FACTS:
        return False
    return isinstance(v, Cls) or (isinstance(v, Mod) and isinstance(v.obj, Obj) and v.obj.module)


def _settings(v: Any) -> bool:
    """A plain object of the code's own as ``forward`` sees it (a settings object or
    mapping, not a layer)."""
    if isinstance(v, NamedRow):  # a namedtuple of sizes (forward/dataflow_namedrow.py)
        return True
    if isinstance(v, CfgV):
        # a namespace the code made (``SimpleNamespace(**sizes)``, ``parser.parse_args(argv)``;
        # reimplfix36), not a config class bound to a config file
        return getattr(v.cfg, "made_by", None) in ("argparse.Namespace", "types.SimpleNamespace")
    return isinstance(v, Mod) and isinstance(v.obj, Obj) and not v.obj.module


_ROOTS = frozenset(("rsqrt", "sqrt"))
_MOMENTS = frozenset(("mean", "var"))


def _moment(e: ast.expr) -> bool:
    """``e`` takes a mean or a variance (``x.pow(2).mean(-1)``, ``torch.var(x, -1)``)."""
    return any(
        isinstance(n, ast.Call)
        and (
            (isinstance(n.func, ast.Attribute) and n.func.attr in _MOMENTS)
            or (isinstance(n.func, ast.Name) and n.func.id in _MOMENTS)
        )
        for n in ast.walk(e)
    )


def _eps_sum(e: ast.expr, name: str | ast.Subscript | ast.Attribute) -> bool:
    """``moment + NAME`` (either order); ``name`` may be a subscript (``H["eps"]``) or an
    attribute (``cfg.eps``), matched by its text. The method spellings count too:
    ``moment.add(NAME)`` and ``torch.add(moment, NAME)`` (session 40 reimplfix40b: fresh37
    ``x.pow(2).mean(-1, keepdim=True).add(H["eps"]).sqrt()``)."""
    pair = _add_operands(e)
    if pair is None:
        return False
    for a, b in (pair, pair[::-1]):
        if isinstance(name, str):
            same = isinstance(a, ast.Name) and a.id == name
        else:
            same = isinstance(a, type(name)) and ast.dump(a) == ast.dump(name)
        if same and _moment(b):
            return True
    return False


def _add_operands(e: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """The two operands of a sum: ``a + b``, ``a.add(b)``, ``torch.add(a, b)`` (positional,
    no ``alpha=``: ``a.add(b, alpha=2)`` is ``a + 2 * b``); None for anything else."""
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        return e.left, e.right
    if not (isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute)) or e.keywords:
        return None
    if e.func.attr != "add" or any(isinstance(a, ast.Starred) for a in e.args):
        return None
    if len(e.args) == 1:
        return e.func.value, e.args[0]
    if len(e.args) == 2 and isinstance(e.func.value, ast.Name) and e.func.value.id == "torch":
        return e.args[0], e.args[1]
    return None


NORM_EPS_ARG = {
    "layer_norm": 4,
    "group_norm": 4,
    "rms_norm": 3,
    "batch_norm": 7,
    "instance_norm": 7,
}
"""torch's functional norms and the position of their ``eps`` argument: the same in
``torch.nn.functional`` and ``torch`` (``F.layer_norm(input, normalized_shape, weight, bias,
eps)``, ``torch.batch_norm(input, weight, bias, running_mean, running_var, training,
momentum, eps, ...)``; ``tests/test_drift25.py`` reads them off torch's signatures)."""


def norm_eps_arg(node: ast.AST, name: str) -> bool:
    """The function ``node`` passes the name ``name`` as the ``eps`` of one of torch's
    functional norms, called as a module's attribute (``F.layer_norm(..., HEAD_EPS)``,
    ``torch.rms_norm(x, s, w, eps=EPS)``): that norm's epsilon."""
    for n in ast.walk(node):
        if not isinstance(n, ast.Call) or not isinstance(n.func, ast.Attribute):
            continue
        at = NORM_EPS_ARG.get(n.func.attr)
        if at is None:
            continue
        args = [*n.args[at : at + 1], *(k.value for k in n.keywords if k.arg == "eps")]
        if any(isinstance(a, ast.Name) and a.id == name for a in args):
            return True
    return False


def _moment_of(v: Any) -> bool:
    """``v`` is a tensor a mean or a variance op made (``var = x.pow(2).mean(-1)`` read
    back by name)."""
    src = getattr(v, "src", None) if isinstance(v, Tens) else None
    return isinstance(src, str) and re.search(r"(^|/)op_\d+_(Mean|Var)$", src) is not None


def _under_root(node: ast.AST, e: ast.AST) -> bool:
    """``e`` is the argument of a square root in the function ``node``
    (``torch.rsqrt(e)``, ``e.sqrt()``, ``torch.sqrt(e)``)."""
    for n in ast.walk(node):
        if not isinstance(n, ast.Call):
            continue
        f = n.func
        if isinstance(f, ast.Attribute) and f.attr in _ROOTS:
            if any(a is e for a in (*n.args[:1], f.value)):
                return True
        elif isinstance(f, ast.Name) and f.id in _ROOTS and n.args[:1] and n.args[0] is e:
            return True
    return False


def norm_eps_site(node: ast.AST, name: str | ast.Subscript | ast.Attribute) -> bool:
    """The function ``node`` adds the global ``name`` to a mean or a variance under a square
    root -- ``torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)``, ``(var + EPS).sqrt()``,
    the epsilon of an RMS or layer normalisation, as
    ``nn.RMSNorm(eps=...)`` / ``F.layer_norm(..., eps=...)`` take it."""
    for n in ast.walk(node):
        if not isinstance(n, ast.Call):
            continue
        f = n.func
        if isinstance(f, ast.Attribute) and f.attr in _ROOTS:
            # ``torch.rsqrt(s)`` / ``s.rsqrt()``
            args = [*n.args[:1], f.value]
        elif isinstance(f, ast.Name) and f.id in _ROOTS:
            args = n.args[:1]
        else:
            continue
        if any(_eps_sum(a, name) for a in args):
            return True
    return False


def scan(node: ast.AST, fn: Any, key: Any) -> bool:
    """``fn(node, key)`` -- one of the syntax scans above (``norm_eps_site``,
    ``norm_eps_arg``, ``_under_root``): a function of the function's syntax tree and ``key``
    alone (a name, or a node of that tree), kept on the node while the ``attr_scans`` switch
    is on. ``forward`` reads a global at every evaluation of its name, and each read asked
    for two or three walks of the whole function: a long ``forward`` evaluated many times
    (fresh31 ``rlt_looped``: 35,598 global reads) spent most of its time in them."""
    if not current().attr_scans:
        return fn(node, key)
    memo = node.__dict__.get("_driftcheck_eps")
    if memo is None:
        memo = node._driftcheck_eps = {}  # type: ignore[attr-defined]
    got = memo.get((fn, key))
    if got is None:
        got = memo[(fn, key)] = fn(node, key)
    return got
