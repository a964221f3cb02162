"""``module._modules = dict(module._modules)``: a module's registry replaced by another dict.

``nn.Module.__setattr__`` stores a value that is neither a Parameter nor a module, under a name
none of its registries holds, in the instance ``__dict__``; ``_modules``, ``_parameters`` and
``_buffers`` are such names, so the write REPLACES the registry torch reads (``children()``,
``parameters()``, ``state_dict()``), and later registrations go into the new dict. The common
use is after ``copy.copy(module)`` (library/modcopy.py), whose twin shares the original's
registries: ``b._modules = dict(b._modules)`` gives the twin its own dict, so a child set on it
afterwards (``b.out = nn.Linear(...)``) no longer replaces the original's. The write was kept
as a plain attribute, the registry stayed shared and the original lost its own head: a
confident wrong count (fresh21's shallow-copy Siamese tower, 1,500 where torch has 1,650).

A dict whose items are all what that registry holds becomes the registry (the same dict
object, so items written into it later register too, as in Python); anything else (an unknown
value, a dict holding values we cannot read) leaves the module unresolved with a note naming
the write, never counted as if the registry were still the old one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driftcheck.parsers.source.values.abstract import (
    Obj,
    Tensor,
    WeightRef,
    is_module,
    plain,
)

# torch's registry attribute -> the ``Obj`` field holding it
REGISTRIES = {"_parameters": "params", "_modules": "children", "_buffers": "buffers"}


def _fits(field: str, x: Any) -> bool:
    """Whether ``x`` is a value the registry ``field`` holds as torch would count it."""
    if field == "children":
        return is_module(x)
    if field == "params":
        return isinstance(x, WeightRef) or (isinstance(x, Tensor) and x.param)
    return isinstance(x, Tensor)


def replace(
    obj: Obj, name: str, v: Any, line: int | None, path: str | None, uncertain: bool = False
) -> bool:
    """``obj.<registry> = v`` on a module (see the module docstring): True when handled (the
    registry replaced, or the module left unresolved with a note); False for other names.
    Under an undecided condition the registry may or may not be the new one: unresolved."""
    field = REGISTRIES.get(name)
    if field is None or not obj.module:
        return False
    from driftcheck.parsers.source.interp.modtree import ModulesView

    raw = plain(v)
    if isinstance(raw, ModulesView):  # ``a._modules = b._modules``: b's registry, shared
        raw = raw.owner.children
    if not uncertain and type(raw) is dict and all(_fits(field, x) for x in raw.values()):
        setattr(obj, field, raw)
        if field == "params":
            for k, t in raw.items():
                if isinstance(t, Tensor) and t.owner is None:
                    t.owner, t.name = obj, k
        return True
    at = f" at {Path(path).name}:{line}" if path and line is not None else ""
    what = "under an undecided condition" if uncertain else "by a value whose items are not known"
    why = f"{name} replaced{at} {what}"
    if why not in obj.unresolved:
        # its own list: a ``copy.copy`` twin shares the original's (modcopy.py), whose
        # registry this write leaves alone
        obj.unresolved = [*obj.unresolved, why]
    return True
