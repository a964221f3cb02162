"""Session 34 (crashfix34b) rules on real sizes: crash fresh26's dev misses and false blockers.

``from_attribute``: a comprehension over a container read from an object's attribute
(``[f.mean(1) for f in self.features.values()]``) is not a list the pass knows to be empty
when the container holds nothing at ``__init__``'s end: a forward hook, a method the pass does
not follow, or a write in ``forward`` itself (``self.features[i] = out``, which the pass does
not carry to later reads of the attribute) may have filled it, so ``torch.cat`` of it is no
certain crash (``dataflow_axes.made_empty``)."""

from __future__ import annotations

import ast
from typing import Any

# calls that keep a container's items (``d.values()``, ``list(xs)``, ``enumerate(xs)``)
_VIEW_METHODS = frozenset({"values", "keys", "items", "copy"})
_KEEP_BUILTINS = frozenset({"list", "tuple", "sorted", "reversed", "enumerate", "iter"})


def _root(e: ast.expr) -> ast.expr:
    for _ in range(8):
        if not isinstance(e, ast.Call):
            return e
        fn = e.func
        if isinstance(fn, ast.Attribute) and fn.attr in _VIEW_METHODS and not e.args:
            e = fn.value
        elif isinstance(fn, ast.Name) and fn.id in _KEEP_BUILTINS and len(e.args) == 1:
            e = e.args[0]
        else:
            return e
    return e


def from_attribute(ev: Any, it: ast.expr, fr: Any) -> bool:
    """Whether the comprehension's iterable ``it`` reads its items from a container that is an
    attribute (``self.features``, ``self.cache.values()``): its emptiness is not the pass's."""
    root = _root(it)
    if not isinstance(root, ast.Attribute):
        return False
    try:
        v = ev.eval(root, fr)
    except Exception:  # noqa: BLE001
        return True
    return isinstance(v, (dict, list, set, tuple))
