"""Methods of ``nn.Module`` read as attributes: never a layer (issue #16, session 18).

``self.forward = module.forward`` (torchnlp's ``WeightDrop`` hands its wrapper the wrapped
layer's ``forward``) stores a *bound method* on a module. torch's ``Module.__setattr__``
registers only ``nn.Module`` and ``nn.Parameter`` values, and a bound method is neither, so
the wrapper holds no parameters through it. The interpreter does not model torch's methods of
a catalogue layer (``nn.GRU.forward``): reading one gave an unknown that "may be a layer", and
the wrapper stayed unresolved although torch's count is plain.

A catalogue layer is a torch class: the names below are methods ``nn.Module`` defines for every
module (torch 2.x), so reading one off a layer gives a method, unless the instance was given an
attribute of that name. A module or parameter written onto a catalogue layer already leaves
it unresolved (``interp/attrs.leaf_addition``), so a layer still resolved holds no layer under
these names. Calling the method is unknown too (its result is not modelled), but it is a
method's result: a torch layer's ``forward`` returns tensors, never a new layer.
"""

from __future__ import annotations

from driftcheck.parsers.source.values.abstract import Unknown

# ``nn.Module``'s own methods that return no sub-module (``get_submodule``, ``children`` and
# the walks are modelled elsewhere or may return layers, so they are not here)
MODULE_METHODS = frozenset(
    {
        "forward",
        "__call__",
        "_call_impl",
        "_wrapped_call_impl",
        "extra_repr",
        "state_dict",
        "load_state_dict",
        "zero_grad",
        "share_memory",
        "half",
        "double",
        "bfloat16",
        "cpu",
        "type",
        "_get_name",
        "__repr__",
        "__dir__",
        "register_forward_hook",
        "register_forward_pre_hook",
        "register_full_backward_hook",
        "register_backward_hook",
        "flatten_parameters",
    }
)

# the ``why`` of such a value (interp/opaque.py lists the prefix as never a module)
PREFIX = "method "


def layer_method(type_name: str, name: str) -> Unknown | None:
    """``layer.forward`` on a torch layer of the catalogue: a bound method (not modelled, never
    a layer); None for any other name."""
    if name not in MODULE_METHODS:
        return None
    return Unknown(f"{PREFIX}{type_name}.{name}")
