"""A catalogue layer whose parameters are deleted and registered again under other names
(issue #16): torchdeq's ``WeightNorm.apply`` / ``SpectralNorm.apply``, a hypernetwork that
strips its target net's parameters.

torch keeps a layer's parameters in its ``_parameters`` dict. ``del layer._parameters[w]``
(or ``delattr(layer, w)``) drops ``w``; ``layer.register_parameter("w_g", Parameter(t))``
(or ``layer.w_g = Parameter(t)``) adds one; ``setattr(layer, w, t)`` with a plain tensor (or
None) after the deletion is a plain attribute, no parameter. The catalogue counts a layer
from its constructor arguments, so each of these left the layer unresolved. Here, where the
layer's weights are known (its arguments resolved, no condition undecided):

- a deleted catalogue weight is recorded on the layer (``Leaf.gone``) and not counted; the
  graph then holds the layer as a module with its remaining weights as parameters
  (output/builder.py);
- a parameter added to the layer whose shape is known is counted with it (``Leaf.owned``
  under the layer's own path ``""``); the deleted weight registered again under another name
  (spectral norm's ``weight_orig``) has the deleted weight's shape;
- ``layer._parameters`` reads as the dict torch holds (``LeafParams``): iterated, indexed,
  ``in`` and ``len`` as Python does; a write through it (``[k] = v``, ``pop``, ``update``)
  leaves the layer unresolved unless a statement form modelled here handles it.

Anything else (a shape not known, a parameter of another module, a deletion under a
condition) keeps the note it had: unknown, never a guess.
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph import catalogue
from driftcheck.parsers.source.values.abstract import Leaf, Tensor, Unknown, WeightRef, plain

_FROM = "_driftcheck_renamed_from"  # on a Tensor in ``Leaf.owned[""]``: the deleted weight it is


def catalogue_weights(leaf: Leaf) -> dict[str, tuple] | None:
    """The layer's weights by the catalogue, shapes all ints; None when not known."""
    spec = catalogue.get(leaf.type)
    if spec is None or leaf.unresolved or type(leaf) is not Leaf:
        return None
    try:
        w = dict(spec.weights(spec.bind(leaf.params)))
    except Exception:  # noqa: BLE001 - arguments the catalogue cannot bind: unknown
        return None
    out = {}
    for k, shp in w.items():
        dims = tuple(plain(d) for d in shp)
        if not all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
            return None
        out[k] = dims
    return out


def held(leaf: Leaf) -> list[str] | None:
    """The names in the layer's ``_parameters``, in torch's order (the catalogue's weights
    less those deleted, then those added); None when not known."""
    w = catalogue_weights(leaf)
    if w is None or leaf.tied or leaf.wnorm or any(p for p in leaf.owned if p):
        return None
    return [k for k in w if k not in leaf.gone] + [n for n, _ in leaf.owned.get("", [])]


def delete(leaf: Leaf, name: str, uncertain: bool) -> bool:
    """``del layer._parameters[name]`` of a catalogue weight: recorded (True) when the
    layer's weights are known and no condition is undecided; False leaves it to the caller's
    note."""
    if uncertain or name in leaf.tied or leaf.wnorm:
        return False
    w = catalogue_weights(leaf)
    if w is None:
        return False
    own = leaf.owned.get("", [])
    if any(n == name for n, _ in own):
        leaf.owned[""] = [(n, p) for n, p in own if n != name]
        if not leaf.owned[""]:
            del leaf.owned[""]
        return True
    if name in leaf.gone:
        return False
    if name not in w:
        from driftcheck.parsers.source.interp.leafclass import NONE_WHEN_ABSENT, _torch_short

        if name not in NONE_WHEN_ABSENT.get(_torch_short(leaf) or "", {}):
            return False  # not in ``_parameters`` (a buffer, a plain attribute): the caller's
    leaf.gone.append(name)  # a None entry deleted too: ``_parameters`` reads without it
    return True


def add(leaf: Leaf, name: str, v: Any, uncertain: bool) -> bool:
    """``layer.register_parameter(name, p)`` / ``layer.name = p`` of a parameter that is not
    one of the catalogue's: counted with the layer (True) when its shape is known, or it is a
    deleted weight of this layer registered again; False leaves the caller's note."""
    if uncertain or type(leaf) is not Leaf or leaf.tied or leaf.wnorm:
        return False
    w = catalogue_weights(leaf)
    if w is None or (name in w and name not in leaf.gone):
        return False
    x = plain(v)
    if isinstance(x, WeightRef) and x.owner is leaf and x.name in leaf.gone:
        shape: Any = w[x.name]  # the deleted weight itself, under a new name
    elif isinstance(x, Tensor) and x.param and x.owner is None and x.cond is None:
        shape = x.shape
        if isinstance(shape, Unknown):
            return False
        shape = tuple(plain(d) for d in shape)
        if not all(isinstance(d, int) and not isinstance(d, bool) for d in shape):
            return False
    else:
        return False
    t = Tensor(shape, param=True, owner=leaf, name=name)
    if isinstance(x, WeightRef):
        setattr(t, _FROM, x.name)  # the same Parameter: registered again under its old name,
        # torch counts it once (``reregistered``)
    own = [(n, p) for n, p in leaf.owned.get("", []) if n != name]
    leaf.owned[""] = [*own, (name, t)]
    return True


def reregistered(leaf: Leaf, name: str, v: Any) -> bool:
    """``setattr(layer, name, w)`` with ``w`` the deleted weight ``name`` itself (or its
    ``.data``) after it was registered again under another name: the same tensor, counted
    once by torch -- nothing new to count."""
    x = plain(v)
    if not (isinstance(x, WeightRef) and x.owner is leaf and x.name == name):
        return False
    return any(getattr(p, _FROM, None) == name for _, p in leaf.owned.get("", []))


def registry(leaf: Leaf) -> dict[str, Any] | None:
    """torch's ``layer._parameters`` by name: a reference to each parameter, None for one the
    layer's arguments turn off (torch's ``register_parameter("bias", None)``: the name is in
    the dict, ``len`` and iteration see it). Only for the torch classes whose None entries are
    known (``leafclass.NONE_WHEN_ABSENT``); None (unknown) for any other."""
    from driftcheck.parsers.source.interp.leafclass import NONE_WHEN_ABSENT, _torch_short

    names = held(leaf)
    table = NONE_WHEN_ABSENT.get(_torch_short(leaf) or "")
    if names is None or table is None:
        return None
    gone = set(leaf.gone)
    out: dict[str, Any] = {}
    for n in table:
        if n in names:
            out[n] = WeightRef(leaf, n)
        elif n not in gone:
            out[n] = None  # turned off by the arguments, registered as None
    for n in names:
        if n not in out:
            out[n] = WeightRef(leaf, n)
    return out


class LeafParams(dict):
    """``layer._parameters`` of a catalogue layer: a snapshot of what torch holds (``registry``).
    Reads are Python's; the mutating methods leave the layer unresolved (a snapshot cannot
    pass them on), never silently lost."""

    def __init__(self, leaf: Leaf, items: dict[str, Any]) -> None:
        super().__init__(items)
        self.leaf = leaf

    def _changed(self, how: str) -> None:
        self.leaf.unresolved.append(f"_parameters changed by {how} (not followed)")

    def __setitem__(self, k: Any, v: Any) -> None:
        self._changed("an item written")
        super().__setitem__(k, v)

    def __delitem__(self, k: Any) -> None:
        self._changed("del")
        super().__delitem__(k)

    def pop(self, *a: Any) -> Any:
        self._changed("pop")
        return super().pop(*a)

    def popitem(self) -> Any:
        self._changed("popitem")
        return super().popitem()

    def update(self, *a: Any, **k: Any) -> None:
        self._changed("update")
        super().update(*a, **k)

    def setdefault(self, *a: Any) -> Any:
        self._changed("setdefault")
        return super().setdefault(*a)

    def clear(self) -> None:
        self._changed("clear")
        super().clear()


def params_view(leaf: Leaf) -> Any:
    """``layer._parameters``: a ``LeafParams`` when the names are known, else unknown."""
    items = registry(leaf)
    if items is None:
        return Unknown(f"_parameters of the {leaf.type} layer")
    return LeafParams(leaf, items)
