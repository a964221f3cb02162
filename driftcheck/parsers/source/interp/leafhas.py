"""``hasattr(layer, name)`` on a torch layer of the catalogue (a ``Leaf``), as Python answers it
on the real module.

The old answer was ``name in params or name in ("weight", "bias")``: ``hasattr(nn.ReLU(),
"weight")`` was True (torch: False) and every method or instance attribute torch's class has
(``reset_parameters``, ``forward``, ``_parameters``) was False: library-style probes
(``if hasattr(m, "reset_parameters"): m.reset_parameters()``, ``hasattr(m, "weight") and
m.weight is not None``) took the wrong branch, a confident wrong count.

Here the layer's torch class is read from torch's source on disk (never imported): a name its
class or a base defines (methods, class constants), or that an ``__init__`` in its MRO binds on
``self`` unconditionally (``self.in_features = ...``, ``self.register_parameter("bias",
None)``), is True; a name none of them binds is False unless user code wrote it on the layer
(``Leaf.written``); one bound only under a condition (``if bias: ... else:
register_parameter("bias", None)`` binds it on both paths, but a one-armed ``if`` does not) is
undecided. Without torch's source: the same answers from the table shipped with driftcheck
(``instance_names`` of driftcheck/data/torch_signatures.json, computed from torch's source by
tools/gen_torch_signatures.py); for a class it lacks, True for what every module has
(``NN_MODULE_MEMBERS``), the layer's constructor arguments and weights, else undecided.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp.dunders import NN_MODULE
from driftcheck.parsers.source.values.abstract import Cls, Leaf, Unknown
from driftcheck.speed import tree_memos

_REGISTERS = ("register_parameter", "register_buffer", "add_module", "register_module")
# a name bound under a computed name (``setattr(self, f"weight_ih_l{k}", w)`` in RNNBase), or
# a class ``__getattr__``: any name may be there (put in ``maybe``)
_DYNAMIC = "<dynamic>"
# a name registered under a computed key (``self.add_module(str(idx), module)`` in
# nn.Sequential, ``register_parameter`` / ``setattr`` of a computed name): on a module whose
# registrations the interpreter recorded (an ``Obj`` of a torch container, nothing unresolved)
# such a name is one of its children / parameters / buffers / attributes, checked before
_REGISTERED = "<registered>"
_MODULE_QUALS = NN_MODULE


def _bound_on_self(stmts: list[ast.stmt], sure: set[str], maybe: set[str], top: bool) -> None:
    """Names ``self.X = ...`` / ``self.register_*("X", ...)`` / ``setattr(self, "X", ...)``
    bind in ``stmts``: into ``sure`` at the body's top level, else ``maybe``. Both arms of an
    ``if``/``else`` binding a name make it sure (torch's ``bias`` pattern)."""
    for st in stmts:
        if isinstance(st, ast.If) and top:
            a_sure: set[str] = set()
            b_sure: set[str] = set()
            _bound_on_self(st.body, a_sure, maybe, True)
            _bound_on_self(st.orelse, b_sure, maybe, True)
            sure |= a_sure & b_sure
            maybe |= a_sure ^ b_sure
            continue
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(st, (ast.If, ast.For, ast.While, ast.Try, ast.With)):
            _bound_on_self(list(ast.iter_child_nodes(st)), sure, maybe, False)  # type: ignore[arg-type]
            continue
        into = sure if top else maybe
        for n in ast.walk(st):
            if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
                if isinstance(n.value, ast.Name) and n.value.id == "self":
                    into.add(n.attr)
            elif isinstance(n, ast.Call) and n.args:
                f = n.func
                key = n.args[0]
                if (
                    isinstance(f, ast.Attribute)
                    and f.attr in _REGISTERS
                    and isinstance(f.value, ast.Name)
                    and f.value.id == "self"
                ):
                    _add_key(key, into, maybe)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "setattr":
                a = n.args
                if len(a) >= 2 and isinstance(a[0], ast.Name) and a[0].id == "self":
                    _add_key(a[1], into, maybe)


def _add_key(key: ast.expr, into: set[str], maybe: set[str]) -> None:
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        into.add(key.value)
    else:
        maybe.add(_REGISTERED)


def _class_names(cls: Cls) -> tuple[frozenset[str], frozenset[str], bool]:
    """(names surely on an instance, names maybe on one, whether every base was read) for the
    torch class ``cls`` read from source; cached on the class node."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = getattr(cls.node, "_dc_leafhas", None) if keep else None
    if got is not None:
        return got
    sure: set[str] = set()
    maybe: set[str] = set()
    complete = True
    for c in cls.mro():
        if not isinstance(c, Cls):
            if getattr(c, "qual", "") not in _MODULE_QUALS:
                complete = False  # a base we did not read (not nn.Module itself)
            continue
        for st in c.node.body:
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                sure.add(st.name)
                if st.name == "__getattr__" and c.qual not in _MODULE_QUALS:
                    # nn.Module's own __getattr__ only finds registered parameters, buffers and
                    # submodules, which callers check first (``Obj.children``, ``Leaf.owned``):
                    # not any name at all, unlike a subclass's own __getattr__
                    maybe.add(_DYNAMIC)
                if st.name == "__init__":
                    _bound_on_self(st.body, sure, maybe, True)
            elif isinstance(st, ast.Assign):
                sure.update(t.id for t in st.targets if isinstance(t, ast.Name))
            elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                if st.value is not None:
                    sure.add(st.target.id)
                else:
                    maybe.add(st.target.id)  # an annotation only: bound by __init__, or not
    got = (frozenset(sure), frozenset(maybe - sure), complete)
    if keep:
        cls.node._dc_leafhas = got  # type: ignore[attr-defined]
    return got


def leaf_hasattr(ip: Any, leaf: Leaf, name: str, module_members: frozenset[str]) -> Any:
    """True / False as Python's ``hasattr`` on the torch layer ``leaf`` stands for, or
    ``Unknown`` where that cannot be known here (see the module docstring)."""
    if name in leaf.gone:
        return Unknown(f"hasattr {name} of a layer whose {name} was deleted")
    if name in module_members or name in leaf.written or name in leaf.tied or name in leaf.owned:
        return True
    got = torch_class_has(ip, leaf.torch, name)
    if got is not None:
        return got
    if name in leaf.params:
        return True
    return Unknown(f"hasattr {name} of {leaf.type} (torch's source not read)")


def torch_class_has(ip: Any, q: Any, name: str, recorded: bool = False) -> Any:
    """Whether an instance of the torch.nn class ``q`` (read from torch's source) has ``name``
    from its class and ``__init__`` alone: True, False, ``Unknown`` (bound under a condition),
    or None where the class is not read (no torch source, not a torch.nn class). ``recorded``:
    the caller holds every name the instance registered under a computed key (``_REGISTERED``)
    and looked ``name`` up there first (``hasattr(nn.Sequential(...), "reset_parameters")``
    was undecided for ``add_module(str(idx), m)``)."""
    cls = ip.library.torch_class(q) if isinstance(q, str) and q.startswith("torch.nn.") else None
    if isinstance(cls, Cls):
        sure, maybe, complete = _class_names(cls)
    else:
        got = _shipped_names(q)
        if got is None:
            return None
        sure, maybe, complete = got
    if name in sure:
        return True
    dynamic = _DYNAMIC in maybe or (_REGISTERED in maybe and not recorded)
    if name not in maybe and not dynamic and complete:
        return False
    return Unknown(f"hasattr {name} of {q.rsplit('.', 1)[-1]}: bound under a condition")


def _shipped_names(q: Any) -> tuple[frozenset[str], frozenset[str], bool] | None:
    """``_class_names`` of the torch.nn class ``q`` as tools/gen_torch_signatures.py computed
    it from torch's source (the table shipped with driftcheck), where that source is not on
    disk (the core install): the same answers with and without torch."""
    from driftcheck.parsers.source.library.torchlib import shipped_instance_names

    if not isinstance(q, str) or not q.startswith("torch.nn."):
        return None
    row = shipped_instance_names(f"torch.nn.{q.rsplit('.', 1)[-1]}")
    if row is None:
        return None
    return frozenset(row["sure"]), frozenset(row["maybe"]), bool(row["complete"])


# members of ``NN_MODULE_MEMBERS`` that ``nn.Module.__init__`` sets on the instance: no
# attribute of the class object (``hasattr(nn.ReLU, "training")`` is False)
MODULE_INSTANCE_ONLY = frozenset(
    """_backward_hooks _backward_pre_hooks _buffers _forward_hooks _forward_hooks_always_called
    _forward_hooks_with_kwargs _forward_pre_hooks _forward_pre_hooks_with_kwargs
    _is_full_backward_hook _load_state_dict_post_hooks _load_state_dict_pre_hooks _modules
    _non_persistent_buffers_set _parameters _state_dict_hooks _state_dict_pre_hooks
    training""".split()
)
# what ``type`` gives every class object (``__name__``, ``mro``, ...): found on any class
_TYPE_NAMES = frozenset(dir(type))
# class-body statements whose bindings are read off the syntax; any other (an ``if``, a loop,
# an import) makes the class's names not listed
_LISTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign, ast.AnnAssign, ast.Pass)


def _class_object_names(cls: Cls) -> tuple[frozenset[str], bool]:
    """(names the class bodies along ``cls``'s MRO bind, whether that list is complete: every
    base read from source but nn.Module, no metaclass, every statement one of ``_LISTED``);
    cached on the class node."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = getattr(cls.node, "_dc_classobj", None) if keep else None
    if got is not None:
        return got
    names: set[str] = set()
    complete = True
    for c in cls.mro():
        if not isinstance(c, Cls):
            complete = complete and getattr(c, "qual", "") in _MODULE_QUALS + ("builtins.object",)
            continue
        if any(k.arg == "metaclass" or k.arg is None for k in c.node.keywords):
            complete = False
        for i, st in enumerate(c.node.body):
            if isinstance(st, ast.Expr) and i == 0 and isinstance(st.value, ast.Constant):
                continue  # the docstring
            if not isinstance(st, _LISTED):
                complete = False
            elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(st.name)
            else:
                targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                if isinstance(st, ast.AnnAssign) and st.value is None:
                    continue  # an annotation alone binds nothing on the class
                for t in targets:
                    for n in ast.walk(t):
                        if isinstance(n, ast.Name):
                            names.add(n.id)
                        elif isinstance(n, (ast.Attribute, ast.Subscript)):
                            complete = False
    got = (frozenset(names), complete)
    if keep:
        cls.node._dc_classobj = got  # type: ignore[attr-defined]
    return got


def torch_class_object_has(ip: Any, q: Any, name: str, module_members: frozenset[str]) -> Any:
    """``hasattr(nn.ReLU, name)`` on the torch.nn class ``q`` itself (no instance): True for
    a name a class body along its MRO binds, that nn.Module's class has (``module_members``
    but ``MODULE_INSTANCE_ONLY``) or that ``type`` gives every class; False for any other name that is no dunder when the
    bodies are listed completely; None where this does not decide (no torch source, not a
    torch.nn class, a dunder)."""
    if q in NN_MODULE and not (name.startswith("__") and name.endswith("__")):
        # ``nn.Module`` itself (bases: object): its class body's names are the members less
        # those ``__init__`` sets on the instance (tests/test_wild_constructs28b.py holds them
        # equal to ``vars(nn.Module)``), with or without torch's source
        return name in _TYPE_NAMES or (name in module_members and name not in MODULE_INSTANCE_ONLY)
    cls = ip.library.torch_class(q) if isinstance(q, str) and q.startswith("torch.nn.") else None
    if not isinstance(cls, Cls):
        return None
    names, complete = _class_object_names(cls)
    if name in names or name in _TYPE_NAMES:
        return True
    if name in module_members and name not in MODULE_INSTANCE_ONLY:
        return True
    if complete and not (name.startswith("__") and name.endswith("__")):
        return False
    return None
