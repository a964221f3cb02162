"""Weight reparametrizations in ``__init__``: ``weight_norm`` and ``spectral_norm``.

``self.conv = weight_norm(nn.Conv1d(...), dim=2)`` (wav2vec2's positional convolution, the
audio codecs, VITS) does not keep the layer's weights: torch replaces ``weight`` by a magnitude
``g`` and a direction ``v``. ``v`` has the weight's shape; ``g`` keeps only dimension ``dim``
(all sizes 1 elsewhere), or is a scalar when ``dim`` is None or -1 (``torch.norm_except_dim``).
So the parameter count grows by ``numel(g)``, and the layer becomes a module owning those
tensors, named as torch names them:

- ``torch.nn.utils.weight_norm``: ``weight_g`` and ``weight_v`` on the module itself;
- ``torch.nn.utils.parametrizations.weight_norm``:
  ``parametrizations.weight.original0`` (g) and ``.original1`` (v).

``spectral_norm`` keeps one tensor of the weight's shape (``weight_orig`` / ``original``) plus
buffers, so the count is unchanged: the module is returned as it is.
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph import catalogue
from driftcheck.parsers.source.values import Leaf, Obj, Tensor, Unknown, plain

WRAPPERS = {"weight_norm", "spectral_norm"}


def apply(q: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """The module ``weight_norm`` / ``spectral_norm`` returns.

    When its weights cannot be known, the module comes back marked unresolved (never dropped,
    never guessed); a non-module argument gives Unknown.
    """
    mod = plain(args[0]) if args else plain(kwargs.get("module"))
    if not isinstance(mod, (Leaf, Obj)) or isinstance(mod, Obj) and not mod.module:
        return Unknown(f"call of {q}")
    if q.rsplit(".", 1)[-1] == "spectral_norm":
        return mod
    why = _weight_norm(q, mod, args, kwargs)
    if isinstance(why, str):
        mod.unresolved.append(f"{q.rsplit('.', 2)[-2]}.weight_norm: {why}")
        return mod
    return why


def _weight_norm(q: str, mod: Leaf | Obj, args: list[Any], kwargs: dict[str, Any]) -> Obj | str:
    """The weight-normed module, or why it cannot be built."""
    name = plain(args[1]) if len(args) > 1 else plain(kwargs.get("name", "weight"))
    dim = plain(args[2]) if len(args) > 2 else plain(kwargs.get("dim", 0))
    if not isinstance(name, str) or isinstance(dim, bool) or not isinstance(dim, (int, type(None))):
        return "name or dim unknown"
    obj = _leaf_as_module(mod) if isinstance(mod, Leaf) else mod
    if obj is None:
        return "layer size unknown"
    w = obj.params.get(name)
    if not isinstance(w, Tensor) or w.owner not in (None, obj):
        return f"no parameter {name} we can see"
    shape = w.shape
    if isinstance(shape, Unknown) or any(not isinstance(plain(d), int) for d in shape):
        return f"{name} shape unknown"
    shape = tuple(plain(d) for d in shape)
    g = _magnitude_shape(shape, dim)
    if g is None:
        return f"dim {dim} out of range"
    del obj.params[name]
    if "parametrizations" in q:
        plist = Obj(
            cls=None,
            module=True,
            loc=obj.loc,
            qual="torch.nn.utils.parametrize.ParametrizationList",
        )
        plist.params = {
            "original0": Tensor(g, param=True, owner=plist, name="original0"),
            "original1": Tensor(shape, param=True, owner=plist, name="original1"),
        }
        holder = obj.children.get("parametrizations")
        if not isinstance(holder, Obj):
            holder = Obj(
                cls=None, module=True, loc=obj.loc, kind="ModuleDict", qual="torch.nn.ModuleDict"
            )
            obj.children["parametrizations"] = holder
        holder.children[name] = plist
    else:
        obj.params[f"{name}_g"] = Tensor(g, param=True, owner=obj, name=f"{name}_g")
        obj.params[f"{name}_v"] = Tensor(shape, param=True, owner=obj, name=f"{name}_v")
    return obj


def _magnitude_shape(shape: tuple[int, ...], dim: int | None) -> tuple[int, ...] | None:
    """Shape of ``torch.norm_except_dim(weight, 2, dim)``: what ``weight_norm`` keeps as g."""
    if dim is None or dim == -1:
        return ()
    if not -len(shape) <= dim < len(shape):
        return None
    d = dim % len(shape)
    return tuple(s if i == d else 1 for i, s in enumerate(shape))


def _leaf_as_module(leaf: Leaf) -> Obj | None:
    """A catalogue layer as a module owning its weight tensors (shapes from the catalogue)."""
    spec = catalogue.get(leaf.type)
    if spec is None or leaf.unresolved or leaf.tied:
        return None
    try:
        weights = spec.weights(spec.bind(leaf.params))
    except (TypeError, ValueError, KeyError, catalogue.CatalogueError):
        return None
    obj = Obj(cls=None, module=True, loc=leaf.loc, qual=leaf.torch or f"torch.nn.{leaf.type}")
    obj.attrs.update(leaf.params)  # what the forward pass reads as the layer's attributes
    obj.notes = list(leaf.notes)
    for w, shape in weights.items():
        obj.params[w] = Tensor(tuple(shape), param=True, owner=obj, name=w)
    return obj
