"""A parametrization with its own ``right_inverse`` (session 35, wildfix35b).

``parametrize.register_parametrization(layer, "weight", p)``: on the first registration of a
tensor torch stores ``p.right_inverse(weight)`` as ``parametrizations.weight.original``, not
the weight itself; a ``right_inverse`` that returns a tensor of another shape, or a tuple of
tensors (``original0``, ``original1``, ...), changes the layer's count. On a later
registration of the same tensor the originals stay; torch only checks (unless
``unsafe=True``) that ``right_inverse`` keeps the shape, and raises ValueError otherwise.

Here ``right_inverse`` of a class read from source is run on a tensor of the weight's shape:
where it returns a tensor of that very shape the count is the plain one (as before); anything
else (another shape, a tuple, a value not known) leaves the layer unresolved with a note
naming the parametrization and the call's place. A ``right_inverse`` that raises
``NotImplementedError`` is torch's identity, but the analyzer does not tell a raise from an
unknown result: unknown too.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Leaf, Obj, Tensor, plain


def _weight_shape(ip: Any, mod: Any, name: str) -> tuple | None:
    """The shape of ``mod.<name>`` as torch allocated it; None when not known."""
    shape = None
    if type(mod) is Leaf:
        weights = ip.attrs.weights_with(mod, {})
        shape = weights.get(name) if weights else None
    elif isinstance(mod, Obj):
        t = plain(mod.params.get(name)) if isinstance(mod.params, dict) else None
        shape = t.shape if isinstance(t, Tensor) else None
    if not isinstance(shape, (tuple, list)):
        return None
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in shape):
        return None
    return tuple(shape)


def unsure(c: Any, mod: Any, name: Any, p: Any) -> str | None:
    """A note when ``p`` (a module of a class read from source) defines ``right_inverse``
    and the analyzer cannot show that it keeps the shape of ``mod.<name>``; None when ``p``
    has no such method or it provably keeps the shape."""
    from driftcheck.parsers.source.interp import dunders

    ip = c.interp
    p = plain(p)
    if not isinstance(p, Obj) or p.cls is None:
        return None
    fn = dunders.source_method(ip, p.cls, "right_inverse")
    if fn is None:
        return None
    cname = getattr(p.cls, "name", "a parametrization")
    why = f"{cname}.right_inverse may change the stored shape of {name!r} ({c.where})"
    shape = _weight_shape(ip, mod, name) if isinstance(name, str) else None
    if shape is None:
        return why
    try:
        got = plain(ip.calls.call_func(ip.attrs.bind(fn, p), [Tensor(shape)], {}))
    except Exception:  # noqa: BLE001 - a method the interpreter cannot run: unknown
        return why
    if isinstance(got, Tensor) and isinstance(got.shape, tuple) and tuple(got.shape) == shape:
        return None
    return why
