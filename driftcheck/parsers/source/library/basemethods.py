"""``super().name(...)`` where the next class in the MRO is a library class (issue #16, session 25).

``Library.ext_method`` answers a method a class inherits from a base it cannot read
(``nn.Module``, a torch layer, ``object``, a library class). Everything it did not model was
"a call returning None": ``super().named_parameters()`` was None (session 24), and so was
``super().train(mode)`` (torch returns the module), ``super().extra_repr()`` (a string),
``super().state_dict()`` (a dict) or a method ``object`` lacks (Python raises
``AttributeError``). None is a definite value: a wrapper returning it, or testing it, was
read as certain.

Here: the ``nn.Module`` methods whose result or effect torch fixes whatever the module holds
(each proven in tests/test_wild_honest25.py against torch) are the same as on the instance
(``self.train()``), and every other inherited method is an unknown naming the base and the
method. ``__init_subclass__`` returns None whatever the base (``type.__new__`` ignores it,
and CPython's ``object.__init_subclass__`` returns None).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Ext, Obj, Unknown

# ``nn.Module`` methods that return the module itself (torch 2.x: ``return self``)
RETURN_SELF = frozenset(
    {"train", "eval", "cuda", "cpu", "xpu", "ipu", "mtia", "requires_grad_", "share_memory"}
)
# ``nn.Module`` methods that return None and change no weight count or dtype
RETURN_NONE = frozenset({"zero_grad", "__init_subclass__"})
# torch layers' own ``reset_parameters`` re-draws values in place and returns None
LAYER_NONE = frozenset({"reset_parameters"})


def module_base_method(lib: Any, inst: Obj, base: Ext, name: str) -> Any:
    """The bound torch method ``name`` of module ``inst`` as its base ``base`` defines it, or
    None when torch's result is not modelled here (the caller then gives an unknown)."""
    from driftcheck.parsers.source.interp import fwdhooks, modtree, submodpath
    from driftcheck.parsers.source.library import modmethods, wildlib
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    if name in RETURN_SELF:
        return BuiltinMethod(lambda a, k: inst)
    if name in RETURN_NONE:
        return BuiltinMethod(lambda a, k: None)
    if name in LAYER_NONE and base.qual != "torch.nn.Module":
        return BuiltinMethod(lambda a, k: None)
    if name in modmethods.CASTS and name != "type":
        modmethods.mark_cast(inst)
        return BuiltinMethod(lambda a, k: modmethods.cast_call(inst, name, a, k))
    if name == "apply":  # ``fn`` on every sub-module, the module returned
        return modtree.apply_method(inst, lib.ip)
    if name in submodpath.METHODS:  # ``super().get_submodule(path)``
        return submodpath.method(lib.ip, inst, name)
    if wildlib.is_hook_registration(name):  # a handle; the hook runs in forward only
        run = fwdhooks.registration(inst, name, lib.ip)  # forward hooks run (interp)
        return run if run is not None else wildlib.hook_method(inst, name)
    if name == "__delattr__":  # torch's: drops the parameter, buffer, module or attribute
        stmts = lib.stmts

        def delete(a: list, k: dict) -> Any:
            from driftcheck.parsers.source.values.abstract import plain

            key = plain(a[0]) if a else None
            if not isinstance(key, str):
                inst.unresolved.append("__delattr__ of a name not known statically")
                return None
            stmts.delete_attr(inst, key, None)
            return None

        return BuiltinMethod(delete)
    return None


def unmodelled(base: Ext, name: str) -> Any:
    """What any other inherited library method gives: None for ``__init_subclass__`` (see the
    module's doc), else an unknown that names the method (an honest unknown, never None)."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    if name == "__init_subclass__":
        return BuiltinMethod(lambda a, k: None)
    why = f"super().{name}(): {base.qual}.{name} is not modelled"
    return BuiltinMethod(lambda a, k: Unknown(why))
