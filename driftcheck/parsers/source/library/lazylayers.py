"""torch's lazy layers (``nn.LazyLinear(256)``, ``nn.LazyConv1d(64, 5)``,
``nn.LazyBatchNorm1d()``): the layer whose input size its first call sets.

torch builds a lazy layer with ``UninitializedParameter`` weights and, on the first forward,
reads the input size (``in_features = x.shape[-1]``, ``in_channels = x.shape[1]``,
``num_features = x.shape[1]``), materializes the weights and turns the module into the plain
layer (``LazyLinear`` becomes a ``Linear``). Modelled the same way: a lazy layer is the plain
layer's catalogue leaf with that one input size unknown (the count unknown, with a note naming
the layer); a call on a tensor of known shape while nothing is undecided (a dummy batch run
through the model after it is built, ``model(torch.zeros(2, 9, 128))``, or in ``__init__``)
sets it, as torch's ``initialize_parameters`` does. A lazy layer never called stays unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Leaf, plain

# lazy class -> (plain class, the input-size parameter, spatial dims (None: features last))
LAZY: dict[str, tuple[str, str, int | None]] = {"LazyLinear": ("Linear", "in_features", None)}
for _n in (1, 2, 3):
    LAZY[f"LazyConv{_n}d"] = (f"Conv{_n}d", "in_channels", _n)
    LAZY[f"LazyConvTranspose{_n}d"] = (f"ConvTranspose{_n}d", "in_channels", _n)
    LAZY[f"LazyBatchNorm{_n}d"] = (f"BatchNorm{_n}d", "num_features", _n)
    LAZY[f"LazyInstanceNorm{_n}d"] = (f"InstanceNorm{_n}d", "num_features", _n)

_KEY = "_dc_lazy"  # on the leaf: (lazy class, the parameter its first call sets)


def make(library: Any, short: str, args: list, kwargs: dict, loc: tuple) -> Leaf | None:
    """The plain layer's leaf for ``nn.<short>(*args, **kwargs)`` with its input size unknown,
    or None when the catalogue cannot model it (torch's own source is read then)."""
    from driftcheck.parsers.source.library import torchlib

    base, param, _ = LAZY[short]
    if param in kwargs:
        return None
    q = f"torch.nn.{base}"
    posnames = library.layer_posnames(q)
    if posnames is None or posnames[:1] != [param]:
        return None
    leaf = torchlib.make_leaf(q, [1, *args], kwargs, loc, posnames)
    if leaf is None or leaf.unresolved:
        return None
    leaf.params.pop(param, None)
    leaf.unresolved.append(
        f"{param} of {short}: set by its first forward, which the analysis did not see run "
        f"on an input of known shape"
    )
    leaf.__dict__[_KEY] = (short, param)
    return leaf


def materialize(ip: Any, leaf: Leaf, shape: Any) -> None:
    """A lazy leaf called on an input of ``shape``: its input size set, as torch does on the
    first forward (nothing undecided around the call; a later call changes nothing)."""
    got = leaf.__dict__.get(_KEY)
    if got is None or ip.uncertain or not isinstance(shape, tuple):
        return
    short, param = got
    _, _, spatial = LAZY[short]
    dims = [plain(d) for d in shape]
    if not dims or any(type(d) is not int for d in dims):
        return
    if spatial is None:
        size = dims[-1]
    elif len(dims) == spatial + 2:
        size = dims[1]
    elif len(dims) == spatial + 1 and not short.startswith("LazyBatchNorm"):
        size = dims[0]  # an unbatched input
    else:
        return  # torch raises on this rank: left unknown
    del leaf.__dict__[_KEY]
    leaf.params[param] = size
    leaf.unresolved = [u for u in leaf.unresolved if not u.startswith(f"{param} of {short}:")]


def is_lazy(leaf: Any) -> bool:
    return isinstance(leaf, Leaf) and _KEY in leaf.__dict__


def holds_lazy(m: Any, depth: int = 0) -> bool:
    """Whether the module ``m`` holds a lazy layer not materialized yet (bounded walk)."""
    from driftcheck.parsers.source.values.abstract import Obj

    m = plain(m)
    if is_lazy(m):
        return True
    if not isinstance(m, Obj) or depth > 32:
        return False
    return any(holds_lazy(c, depth + 1) for c in list(m.children.values()))
