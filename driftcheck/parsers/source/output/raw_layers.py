"""User modules that ARE a catalogue layer, proven by their own ``forward``.

A hand-rolled linear (``Dense`` holding ``weight`` of shape ``[out, in]`` made by
``torch.empty`` and filled by ``kaiming_uniform_``, an optional ``bias`` of shape ``[out]``)
whose ``forward`` is exactly ``return F.linear(x, self.weight, self.bias)`` computes what
``nn.Linear(in, out, bias=...)`` computes, with the same parameters under the same names
(``weight``, ``bias``): the graph carries it as that ``Linear`` (a catalogue leaf), so its
facts (widths, heads read off projections) and its structure match a config's. Nothing is
read from names: the proof is the forward body and the parameter shapes; a module with any
other parameter, buffer, child or statement stays the user module it is.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import (
    Ext,
    Func,
    Leaf,
    Obj,
    Sourced,
    Tensor,
    plain,
)

_LINEAR = frozenset(("torch.nn.functional.linear", "torch._C._nn.linear"))


def type_raw_layers(root: Obj, interp: Any) -> None:
    """Replace, everywhere in the module tree under ``root``, each user module that is a
    linear layer by its forward with the equivalent ``Linear`` leaf (one leaf per module
    object: a module held in two places stays one shared layer)."""
    seen: set[int] = set()
    made: dict[int, Any] = {}
    holders: dict[int, set[int]] = {}  # a layer -> the modules holding it as a child
    todo = [root]
    while todo:
        m = todo.pop()
        if id(m) in seen:
            continue
        seen.add(id(m))
        for c in m.children.values():
            holders.setdefault(id(c), set()).add(id(m))
            if isinstance(c, Obj):
                todo.append(c)
    seen.clear()
    todo = [root]
    while todo:
        m = todo.pop()
        if id(m) in seen:
            continue
        seen.add(id(m))
        for name, c in list(m.children.items()):
            if not isinstance(c, Obj):
                continue
            if id(c) not in made:
                made[id(c)] = _as_linear(c, interp, holders)
            leaf = made[id(c)]
            if leaf is not None:
                m.children[name] = leaf
            else:
                todo.append(c)


def _as_linear(c: Obj, interp: Any, holders: dict[int, set[int]]) -> Leaf | None:
    if not c.module or c.cls is None or c.kind or c.buffers or c.unresolved:
        return None
    ok, fn, _ = interp.classes.mro_attr(c.cls, "forward")
    if not ok or not isinstance(fn, Func) or not isinstance(fn.node, ast.FunctionDef):
        return None
    call = _single_return_call(fn.node)
    if call is None or len(call.args) not in (2, 3):
        return None
    from driftcheck.parsers.source.interp.exprs import Frame

    try:
        f = plain(interp.exprs.eval(call.func, Frame(fn.mod)))
    except Exception:  # noqa: BLE001 - a callee we cannot name: not proven
        return None
    if not isinstance(f, Ext) or f.qual not in _LINEAR:
        return None
    params = [*fn.node.args.posonlyargs, *fn.node.args.args]
    if len(params) != 2 or fn.node.args.vararg or fn.node.args.kwarg:
        return None
    me, x = params[0].arg, params[1].arg
    if not (isinstance(call.args[0], ast.Name) and call.args[0].id == x):
        return None
    w = _self_attr(call.args[1], me)
    if w is None and c.children:
        return _tied_head(c, call, me, holders)
    if c.children:
        return None
    bias_arg = call.args[2] if len(call.args) == 3 else None
    for k in call.keywords:
        if k.arg == "bias" and bias_arg is None:
            bias_arg = k.value
        else:
            return None
    b = _self_attr(bias_arg, me) if bias_arg is not None else None
    if w is None or (bias_arg is not None and b is None and not _is_none(bias_arg)):
        return None
    weight = c.params.get(w)
    if not _own_param(weight, c) or set(c.params) - {w, b}:
        return None
    shape = weight.shape if isinstance(weight.shape, tuple) else ()
    if len(shape) != 2:
        return None
    out_f, in_f = plain(shape[0]), plain(shape[1])
    if not _size(out_f) or not _size(in_f):
        return None
    has_bias = False
    if b is not None:
        bias = c.params.get(b)
        if bias is None:
            if b in c.params or c.attrs.get(b, None) is not None:
                return None  # a bias that is neither a parameter nor None: not proven
        elif _own_param(bias, c) and isinstance(bias.shape, tuple) and len(bias.shape) == 1:
            if plain(bias.shape[0]) != out_f:
                return None
            has_bias = True
        else:
            return None
    leaf = Leaf(
        type="Linear",
        params={"in_features": in_f, "out_features": out_f, "bias": has_bias},
        loc=c.loc,
        torch=None,
        notes=[f"{c.cls.name}: a linear layer by its forward (F.linear of its own weight)"],
    )
    for k, d in (("out_features", shape[0]), ("in_features", shape[1])):
        if isinstance(d, Sourced) and d.key and not getattr(d, "bare", False):
            leaf.param_keys[k] = (d.key, d.file, d.line)
    return leaf


def _tied_head(c: Obj, call: ast.Call, me: str, holders: dict[int, set[int]]) -> Leaf | None:
    """``return F.linear(h, self.embedding.weight)`` in a module holding only that embedding
    (registered elsewhere in the model too): the output head tied to the token table, a
    ``Linear(dim, vocab, bias=False)`` whose weight is the table's."""
    if len(call.args) != 2 or call.keywords or c.params:
        return None
    e = call.args[1]
    if not (isinstance(e, ast.Attribute) and e.attr == "weight"):
        return None
    child = _self_attr(e.value, me)
    table = c.children.get(child) if child is not None else None
    if len(c.children) != 1 or not isinstance(table, Leaf) or table.type != "Embedding":
        return None
    if table.unresolved or len(holders.get(id(table), ())) < 2:
        return None  # the table is this head's alone: torch counts it here, not tied
    vocab, dim = table.params.get("num_embeddings"), table.params.get("embedding_dim")
    if not _size(vocab) or not _size(dim):
        return None
    return Leaf(
        type="Linear",
        params={"in_features": dim, "out_features": vocab, "bias": False},
        loc=c.loc,
        tied={"weight": (table, "weight")},
        notes=[f"{c.cls.name}: the output head on the embedding's own table (F.linear)"],
    )


def _single_return_call(fn: ast.FunctionDef) -> ast.Call | None:
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    v = body[0].value
    return v if isinstance(v, ast.Call) else None


def _self_attr(e: ast.expr | None, me: str) -> str | None:
    if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == me:
        return e.attr
    return None


def _is_none(e: ast.expr) -> bool:
    return isinstance(e, ast.Constant) and e.value is None


def _own_param(t: Any, owner: Obj) -> bool:
    return isinstance(t, Tensor) and t.param and (t.owner is None or t.owner is owner)


def _size(v: Any) -> bool:
    return type(v) is int and v > 0


# ------------------------------------------------------------------ bare parameters
# A bare ``nn.Parameter`` attribute of a user module whose every use in the class's methods
# is one kind of layer use: ``x @ self.w`` / ``torch.einsum("...d,di->...i", x, self.w)``
# (a linear map stored [in, out], as mesh-tensorflow and the original GPT-2 checkpoint store
# it), or ``F.embedding(ids, self.table)`` (a lookup table; ``h @ self.table.t()``, the tied
# head, is a use of the same table). Such a parameter is carried as that layer (its count
# unchanged); a parameter with any other use (or none) stays a bare Parameter.

_EMBEDDING = frozenset(("torch.nn.functional.embedding", "torch.embedding"))
_EINSUM = frozenset(("torch.einsum", "torch.functional.einsum"))
_INIT_METHODS = frozenset(("__init__", "reset_parameters", "_reset_parameters", "init_weights"))


def type_raw_params(graph: Any, builder: Any, interp: Any) -> bool:
    """Type the graph's bare Parameter nodes whose uses prove a layer (after the forward
    pass: the interpreter's objects are left as torch has them, so ``x @ self.w`` is
    followed as the matmul it is). True when a node changed."""
    from driftcheck.findings import Location

    changed = False
    stacked = _row_selected(graph)
    for n in graph.nodes:
        if n.type != "Parameter" or n.parent is None or not n.name or n.unresolved:
            continue
        owner = builder.objs.get(n.parent)
        name = n.name.rsplit(".", 1)[-1]
        if not isinstance(owner, Obj) or not owner.module or owner.cls is None or owner.kind:
            continue
        if n.tied or (name in ("weight", "bias") and not _holds_layers(owner)):
            continue  # a module's own layer weight: the module itself is the layer
        leaf = _param_layer(owner, name, interp)
        if leaf is None or (leaf.type == "Embedding" and n.id in stacked):
            continue
        n.type, n.params = leaf.type, dict(leaf.params)
        n.notes.extend(leaf.notes)
        for k, (key, file, line) in leaf.param_keys.items():
            n.param_locs[k] = Location(file=file, line=line, key=key)
        changed = True
    if changed:
        graph.invalidate()
    return changed


def _holds_layers(owner: Obj) -> bool:
    """``owner`` holds layers of its own (an attention with q/k/v projections): its
    ``weight`` or ``bias`` parameter is no weight of the module as one layer (T5's relative
    bias table written ``self.bias = nn.Parameter(torch.zeros(buckets, heads))`` and
    looked up by bucket), so it is typed by its uses like any other bare parameter."""
    return any(
        isinstance(c, Leaf) or (isinstance(c, Obj) and c.module) for c in owner.children.values()
    )


def _row_selected(graph: Any) -> set[str]:
    """Nodes the traced forward reads one row of by an integer (``self.ln1[i]`` with ``i``
    a layer's number: a ``Select`` on axis 0). A 2-d parameter read so is per-layer weights
    stacked on a leading layer axis (a ``lax.scan`` port), not a lookup table gathered by
    token ids, even where the source's index is a bare name."""
    sel = {
        n.id
        for n in graph.nodes
        if n.type == "Select" and n.params.get("dim") == 0 and type(n.params.get("index")) is int
    }
    return {e.src for e in graph.edges if e.dst in sel} if sel else set()


def _param_layer(m: Obj, name: str, interp: Any) -> Leaf | None:
    t = m.params.get(name)
    if not _own_param(t, m) or t.cond or not isinstance(t.shape, tuple) or len(t.shape) != 2:
        return None
    rows, cols = plain(t.shape[0]), plain(t.shape[1])
    if not _size(rows) or not _size(cols):
        return None
    kinds = _uses(m, name, interp)
    if kinds is None:
        return None
    if kinds - {"init", "test"} == {"in_out"}:
        leaf = Leaf(
            type="Linear",
            params={"in_features": rows, "out_features": cols, "bias": False},
            loc=t_loc(m),
            notes=[f"{name}: a linear map by its uses (x @ {name}), stored [in, out]"],
        )
        dims = (("in_features", t.shape[0]), ("out_features", t.shape[1]))
    elif "table" in kinds and kinds <= {"table", "table_head", "init", "test"}:
        leaf = Leaf(
            type="Embedding",
            params={"num_embeddings": rows, "embedding_dim": cols},
            loc=t_loc(m),
            notes=[f"{name}: a lookup table by its uses (F.embedding)"],
        )
        dims = (("num_embeddings", t.shape[0]), ("embedding_dim", t.shape[1]))
    else:
        return None
    for k, d in dims:
        if isinstance(d, Sourced) and d.key and not getattr(d, "bare", False):
            leaf.param_keys[k] = (d.key, d.file, d.line)
    return leaf


def t_loc(m: Obj) -> tuple[str, int] | None:
    return m.loc


def _uses(m: Obj, name: str, interp: Any) -> set[str] | None:
    """The kinds of every read of ``self.<name>`` in the methods of ``m``'s classes (the
    ones interpreted from source), or None when one is not a layer use or there is none."""
    from driftcheck.parsers.source.interp.exprs import Frame
    from driftcheck.parsers.source.values.abstract import Cls

    kinds: set[str] = set()
    for cls in m.cls.mro():
        if not isinstance(cls, Cls) or cls.mod.name.split(".")[0] == "torch":
            continue
        for fn in cls.node.body:
            if not isinstance(fn, ast.FunctionDef) or not fn.args.args:
                continue
            me = fn.args.args[0].arg
            parents: dict[int, ast.AST] = {}
            for node in ast.walk(fn):
                for ch in ast.iter_child_nodes(node):
                    parents[id(ch)] = node
            for node in ast.walk(fn):
                if _self_attr(node, me) != name or not isinstance(node.ctx, ast.Load):
                    continue
                if fn.name in _INIT_METHODS:
                    continue  # made and initialised there
                sub = parents.get(id(node))
                if (
                    isinstance(sub, ast.Subscript)
                    and sub.value is node
                    and isinstance(sub.slice, ast.Name)
                    and _bound_to_position(fn, sub.slice.id)
                ):
                    return None  # ``self.w[rows]`` with ``rows = slice(a, b)``: a cut, no lookup
                frame = Frame(cls.mod)
                k = _use_kind(node, parents, lambda e, fr=frame: _callee(interp, e, fr))
                if k is None:
                    return None
                kinds.add(k)
    return kinds or None


def _bound_to_position(fn: ast.FunctionDef, name: str) -> bool:
    """``name`` is bound in ``fn`` to a position rather than to index tensors: ``slice(...)``,
    an int constant, or a ``for name in range(...)`` target. ``self.w[name]`` then cuts or
    picks rows of one weight (experts stacked row-wise in a ``[E * I, d]`` parameter); it is not
    the gather by token ids that makes a parameter a lookup table."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            v = node.value
            if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "slice":
                return True
            if isinstance(v, ast.Constant) and type(v.value) is int:
                return True
        elif isinstance(node, ast.For) and isinstance(node.target, ast.Name):
            it = node.iter
            if (
                node.target.id == name
                and isinstance(it, ast.Call)
                and isinstance(it.func, ast.Name)
                and it.func.id == "range"
            ):
                return True
    return False


def _callee(interp: Any, e: ast.expr, frame: Any) -> str | None:
    try:
        v = plain(interp.exprs.eval(e, frame))
    except Exception:  # noqa: BLE001 - a callee we cannot name
        return None
    return v.qual if isinstance(v, Ext) else None


def _use_kind(a: ast.Attribute, parents: dict[int, ast.AST], callee) -> str | None:
    p = parents.get(id(a))
    if isinstance(p, ast.BinOp) and isinstance(p.op, ast.MatMult) and p.right is a:
        return "in_out"
    if isinstance(p, ast.Call) and a in p.args and not p.keywords:
        q = callee(p.func)
        if q in _EMBEDDING and len(p.args) == 2 and p.args[1] is a:
            return "table"
        if q in _EINSUM and len(p.args) == 3 and p.args[2] is a:
            spec = p.args[0]
            if isinstance(spec, ast.Constant) and isinstance(spec.value, str):
                return "in_out" if _linear_spec(spec.value) else None
        if q in _LINEAR and len(p.args) == 2 and p.args[1] is a:
            return "table_head"  # F.linear(h, self.table): the head on the table's rows
        if q and q.startswith("torch.nn.init.") and p.args[0] is a:
            return "init"
        return None
    # ``x + self.pos[:t]``: the first t rows of a position table, added to the stream
    if isinstance(p, ast.Subscript) and p.value is a and _leading_rows(p.slice):
        q = parents.get(id(p))
        if isinstance(q, ast.BinOp) and isinstance(q.op, ast.Add):
            return "table"
        return None
    # ``self.wte[ids]``: rows gathered by an index tensor named in the code (what
    # ``F.embedding(ids, self.wte)`` computes); a slice, a tuple or a constant index is not
    if isinstance(p, ast.Subscript) and p.value is a and isinstance(p.ctx, ast.Load):
        if isinstance(p.slice, (ast.Name, ast.Attribute)) or _index_tensor_call(p.slice):
            return "table"
        return None
    # ``if self.bias is not None``: an optional table tested for presence reads no weight
    if (
        isinstance(p, ast.Compare)
        and p.left is a
        and len(p.ops) == 1
        and isinstance(p.ops[0], (ast.Is, ast.IsNot))
        and isinstance(p.comparators[0], ast.Constant)
        and p.comparators[0].value is None
    ):
        return "test"
    # ``h @ self.table.t()`` / ``h @ self.table.T``: the head on the table's own rows
    if isinstance(p, ast.Attribute) and p.attr in ("t", "T"):
        q = parents.get(id(p))
        if p.attr == "t":
            if not (isinstance(q, ast.Call) and q.func is p and not q.args and not q.keywords):
                return None
            p, q = q, parents.get(id(q))
        if isinstance(q, ast.BinOp) and isinstance(q.op, ast.MatMult) and q.right is p:
            return "table_head"
    return None


_INDEX_METHODS = frozenset({"clamp", "clip", "long", "to", "view", "reshape", "flatten", "abs"})


def _index_tensor_call(sl: ast.expr) -> bool:
    """``self.table[rel.clamp(max=n - 1)]``: an index tensor named in the code, passed through
    a tensor method that keeps it an index tensor (a bucketed relative position, clamped)."""
    return (
        isinstance(sl, ast.Call)
        and isinstance(sl.func, ast.Attribute)
        and sl.func.attr in _INDEX_METHODS
        and isinstance(sl.func.value, (ast.Name, ast.Attribute, ast.Call))
    )


def _leading_rows(sl: ast.expr) -> bool:
    """``[:t]`` / ``[0:t]``: rows from the first, no step, no second axis."""
    if not isinstance(sl, ast.Slice) or sl.step is not None or sl.upper is None:
        return False
    return sl.lower is None or (isinstance(sl.lower, ast.Constant) and sl.lower.value == 0)


def _linear_spec(spec: str) -> bool:
    """``"btd,di->bti"`` (also with ``...``): the last axis of x contracted with the first
    of w, w's second axis taking its place."""
    s = spec.replace(" ", "")
    if "->" not in s or s.count(",") != 1:
        return False
    lhs, out = s.split("->")
    x, w = lhs.split(",")
    if len(w) != 2 or not x or x[-1] != w[0] or w[1] in x or w[0] == w[1]:
        return False
    body = x.replace("...", "")
    return len(set(body)) == len(body) and out == x[:-1] + w[1]
