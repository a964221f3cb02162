"""A torch layer's weight replaced by a parameter of another shape, the layer's attributes
written to match afterwards (hand pruning: ``conv.weight = nn.Parameter(conv.weight[:k])``,
then ``conv.out_channels = k``).

torch counts the parameters the layer holds: a replaced weight is the new tensor, an untouched
one keeps its old shape, and attribute writes (``conv.out_channels = k``) change no tensor. The
catalogue derives every weight from the layer's arguments, so a replacement is only followed
where one set of arguments explains *all* the tensors the layer now holds: the arguments after
the writes give each replaced weight its new shape and each untouched weight its old one. Then
the leaf takes those arguments (exact counts, and ``forward`` sees the layer torch now has).

``attrs.set_weight`` already accepts a weight whose attributes were written *before* it; this
module handles the other order (weight first, attributes after) and several replaced weights:
a replacement no argument set explains yet is *pending* -- the leaf is unresolved (with the note
naming the shape and line), and every later attribute write or replacement on the leaf retries.
A pending replacement never resolved stays unresolved (an honest unknown, never a count of the
old layer). Reads of a pending weight's shape give the new tensor's shape, of an untouched
weight its old one (``wildlib.weight_shape``).

State lives on the interpreter (``ip.__dict__["leaf_swaps"]``, keyed by the leaf's id, like
``leaf_writes``); a leaf copied later keeps the unresolved note and so stays unknown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from driftcheck.parsers.source.values.abstract import Leaf


def _swaps(ip: Any) -> dict[int, dict[str, Any]]:
    return ip.__dict__.setdefault("leaf_swaps", {})


def pending_notes(ip: Any, leaf: Leaf) -> list[str]:
    """The unresolved notes of ``leaf`` that are pending replacements (this module's own)."""
    s = _swaps(ip).get(id(leaf))
    return list(s["notes"].values()) if s else []


def other_unresolved(ip: Any, leaf: Leaf) -> list[str]:
    """``leaf.unresolved`` less its pending replacements: what makes the catalogue unusable."""
    mine = pending_notes(ip, leaf)
    return [u for u in leaf.unresolved if u not in mine] if mine else list(leaf.unresolved)


def pending_shape(ip: Any, leaf: Leaf, name: str) -> tuple[int, ...] | None:
    """The shape of the tensor that replaced ``leaf.<name>`` while still pending, else None."""
    s = _swaps(ip).get(id(leaf))
    return s["new"].get(name) if s else None


def record(attrs: Any, leaf: Leaf, name: str, shape: tuple, note: str) -> bool:
    """``leaf.<name> = nn.Parameter(t)`` with ``t`` of a known all-int ``shape`` the layer's
    current arguments do not give. Returns False (the caller keeps its old handling) when the
    layer's original weights are not known; else the replacement is pending (or resolved now)."""
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in shape):
        return False
    swaps = _swaps(attrs.ip)
    s = swaps.get(id(leaf))
    if s is None:
        orig = attrs.weights_with(leaf, {})
        if orig is None:
            return False
        s = swaps[id(leaf)] = {"orig": orig, "new": {}, "notes": {}, "leaf": leaf}
    old = s["notes"].get(name)
    if old is not None and old in leaf.unresolved:
        leaf.unresolved.remove(old)
    s["new"][name] = tuple(shape)
    s["notes"][name] = note
    leaf.unresolved.append(note)
    resolve(attrs, leaf)
    return True


def resolve(attrs: Any, leaf: Leaf) -> None:
    """Take the written arguments when they explain every tensor the layer holds (see the
    module docstring); otherwise leave the replacements pending."""
    from driftcheck.parsers.source.values.abstract import plain

    ip = attrs.ip
    s = _swaps(ip).get(id(leaf))
    if s is None or ip.uncertain:
        return
    written = dict(ip.leaf_writes.get(id(leaf)) or {})
    now = attrs.weights_with(leaf, written)
    orig, new = s["orig"], s["new"]
    if now is None or set(now) != set(orig) or not set(new) <= set(now):
        return
    for n, shape in now.items():
        want = new.get(n, orig[n])
        got = tuple(plain(d) for d in shape) if isinstance(shape, (tuple, list)) else None
        if got is None or tuple(want) != got:
            return
    leaf.params.update(written)
    for note in s["notes"].values():
        if note in leaf.unresolved:
            leaf.unresolved.remove(note)
    del _swaps(ip)[id(leaf)]
