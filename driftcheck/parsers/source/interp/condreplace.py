"""A layer with weights replaced under an undecided condition by one without (issue #16,
session 17).

``if random.random() < p: setattr(self, name, nn.Identity())`` over a ``nn.Linear``: torch
holds the Linear or the Identity. ``Attrs.register`` marks the new layer unresolved under the
condition, but the count reads only layers that have weights: an unresolved Identity counts
nothing, the Linear is gone, and the total was a confident one without it (0 for a head of
64 weights). Here the slot becomes an ``Unknown`` layer instead, with the note, whenever the
layer it replaced had weights and what replaces it has none (a layer without weights, ``None``
or another plain value). Two weightless layers either way (``nn.ReLU`` / ``nn.GELU``) change
nothing and stay as they were.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Leaf, Obj, is_module, plain


def mark(ip: Any, obj: Obj, name: str, old: Any, v: Any, line: int | None) -> None:
    """After ``obj.name = v`` under an undecided condition: see the module docstring."""
    from driftcheck.parsers.source.interp.statements import weightless

    if not ip.uncertain or not obj.module or not is_module(old) or weightless(old):
        return
    new = plain(v)
    if new is old or (is_module(new) and not weightless(new)):
        return  # a layer with weights: unresolved itself, so counted as unknown
    why = (
        f"{name} replaced by a layer without weights under the unresolved condition at line "
        f"{ip.uncertain[-1]} (torch holds either)"
    )
    obj.children[name] = Leaf("Unknown", {}, obj.loc, torch=None, unresolved=[why])
    if why not in obj.unresolved:
        obj.unresolved.append(why)
