"""``module.apply(fn)`` runs ``fn`` on every module of the tree (issue #16, session 18).

torch's ``nn.Module.apply`` calls ``fn`` on each child's subtree first, then on the module
itself (post-order, through ``children()``, a shared child once per place it is held), and
returns the module. Init functions usually only fill weights, so treating ``apply`` as a
no-op counted them right; but a function handed to ``apply`` may change the tree too
(``m.bias = None``, ``del m.bias`` + ``register_parameter("bias", None)``, a new
``m.weight = nn.Parameter(...)`` on a ``LayerNorm`` built without one): skipping it left the
removed biases counted -- a confidently wrong total with no note.

A function read from source (or a ``functools.partial`` of one) now runs on each module as
torch would. A callee the interpreter does not model (an external function) keeps the old
behaviour: the module is returned unchanged. A catalogue layer whose torch class may hold
sub-modules gets ``fn`` itself only (its hidden children are not in the analyzed tree).
The walk is bounded (``_MAX_MODULES`` calls): past that, the remaining modules are left as
they are and a note says so.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Func, Leaf, Obj, plain

# calls of ``fn`` one ``apply`` makes at most (a deep model has a few thousand modules)
_MAX_MODULES = 4000


def runs_user_code(fn: Any) -> bool:
    """True when ``fn`` is code the interpreter follows (a function or bound method read from
    source, or a library callable value such as a ``partial`` of one)."""
    fn = plain(fn)
    return isinstance(fn, Func) or bool(getattr(fn, "library_call", False))


def apply(ip: Any, m: Obj | Leaf, args: list, kwargs: dict, loc: tuple = ("", 0)) -> Any:
    """``m.apply(fn)``: ``fn`` on every module post-order, as torch; returns ``m``."""
    fn = args[0] if args else kwargs.get("fn")
    if fn is None or not runs_user_code(fn):
        return m  # an external or unknown callee: as before (the tree unchanged)
    order: list[Obj | Leaf] = []
    _post_order(m, order)
    if len(order) > _MAX_MODULES:
        ip.stmts.note(f"apply: {len(order)} modules, over the bound {_MAX_MODULES}: not run")
        return m
    for mod in order:
        ip.calls.call(fn, [mod], {}, loc)
    return m


def _post_order(m: Any, out: list, depth: int = 0) -> None:
    """The modules ``apply`` visits, in torch's order (children first, then ``m``)."""
    if len(out) > _MAX_MODULES or depth > 200:
        return
    if isinstance(m, Obj) and m.module:
        for c in list(m.children.values()):
            if isinstance(c, (Obj, Leaf)):
                _post_order(c, out, depth + 1)
    out.append(m)
