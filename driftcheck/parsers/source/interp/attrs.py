"""Attribute reads and writes with ``nn.Module`` semantics, ``super()`` and module objects.

The ``attrs`` part of ``machine.Interp``.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftcheck.graph import catalogue
from driftcheck.parsers.source.interp import (
    classproxy,
    classtype,
    condreplace,
    deftime,
    dunders,
    gradflag,
    leafdel,
    leafflags,
    missingattr,
    moduleinit,
    ntmethods,
    opaque,
    ownerless,
    propset,
    pydclass,
    tensorsub,
    weightswap,
)
from driftcheck.parsers.source.interp.exprs import Frame
from driftcheck.parsers.source.interp.hfauto import model_kwargs
from driftcheck.parsers.source.library import enums
from driftcheck.parsers.source.library.pybuiltins import MATH_CONST, BuiltinMethod
from driftcheck.parsers.source.loader import ModInfo, body_index
from driftcheck.parsers.source.values.abstract import (
    CLASS_WRITES,
    Cls,
    Config,
    Ext,
    Func,
    Leaf,
    Obj,
    Probe,
    ReadOnlyView,
    Sourced,
    Tensor,
    Unknown,
    UnknownContainer,
    UnknownModule,
    WeightRef,
    is_module,
    plain,
    unwrap,
)

if TYPE_CHECKING:
    from driftcheck.parsers.source.library.machine import Interp


def ext_const(e: Ext) -> Any:
    """Constants of external modules (``math.pi``) are plain values."""
    return MATH_CONST.get(e.qual, e) if isinstance(e, Ext) else e  # ``ExtClass.__name__``


# what a ``types.MappingProxyType`` lacks of a dict's methods (values/abstract.py ReadOnlyView)
_VIEW_MUTATORS = frozenset(
    ("__setitem__", "__delitem__", "update", "setdefault", "pop", "popitem", "clear", "__ior__")
)


class ModRef:
    """A module object (``import foo.bar as fb``): attribute reads are its global names."""

    def __init__(self, name: str, mod: ModInfo | None) -> None:
        self.name = name
        self.mod = mod


class Super:
    def __init__(self, owner: Cls, inst: Any) -> None:
        self.owner = owner
        self.inst = inst


class ObjectSuper:
    """``super(nn.Module, self)``: the methods of ``object``, past ``nn.Module`` in the
    instance's MRO. ``__setattr__`` writes a plain attribute (no layer registered),
    ``__init__`` does nothing; any other method is unknown."""

    def __init__(self, inst: Any) -> None:
        self.inst = inst

    def attr(self, name: str) -> Any:
        inst = plain(self.inst)
        if name == "__setattr__" and isinstance(inst, Obj):
            from driftcheck.parsers.source.library.machine import object_setattr

            return BuiltinMethod(lambda a, k: object_setattr(inst, list(a)) if not k else None)
        if name == "__init__":
            return BuiltinMethod(lambda a, k: None)
        return Unknown(f"super(nn.Module, ...).{name}")


def _written_at(obj: Obj, name: str, v: Any, line: int, fr: Frame) -> tuple[str, int]:
    """Where an attribute's value was written: the caller's line when ``__init__`` stores an
    argument it was given (``self.eps = eps`` holds what ``Norm(dim, eps=1e-5)`` passed).

    An int is the argument only under the argument's own name: CPython shares small ints, so
    ``self.head_dim = 42`` is ``layer_idx`` of layer 42 by identity (and a layer index reused
    through memo.py is a ``Probe``, which must give the same answer)."""
    f = fr.func
    if f is not None and f.name == "__init__" and obj.loc is not None:
        a = f.node.args
        # (a bare traced number, symbolic.SymVal, is the plain int of an untraced run)
        int_like = v.__class__ is int or v.__class__ is Probe or getattr(v, "bare", False) is True
        for p in [*a.args[1:], *a.kwonlyargs]:
            if fr.locals.get(p.arg) is v and (p.arg == name or not int_like):
                return obj.loc
    return (str(fr.mod.path), line)


class Attributes:
    """Attribute reads and writes, ``nn.Module`` registration and weights."""

    def __init__(self, ip: Interp) -> None:
        self.ip = ip  # the owner: the state every part shares
        # (id(instance), name) of the reads a source ``__getattribute__`` is making now (its
        # own ``object.__getattribute__(self, name)``): emptied as each call returns
        self._in_getattribute: set[tuple[int, str]] = set()

    def wire(self) -> None:
        """The parts this one asks (set by the owner once all exist)."""
        ip = self.ip
        self.stmts = ip.stmts  # note
        self.names = ip.names  # import_value
        self.classes = ip.classes  # call_setter, config_from_dict_call, mro_attr, property_setter
        self.calls = ip.calls  # call_func
        self.configs = ip.configs  # config_attr, is_config_cls
        self.memo = ip.memo  # instantiate
        self.library = ip.library  # ext_method, leaf_attr, obj_method, tensor_attr, value_attr

    # ------------------------------------------------------------------ attributes
    def getattr(self, obj: Any, name: str, where: tuple | None = None) -> Any:
        if obj.__class__ is ReadOnlyView and name in _VIEW_MUTATORS:
            from driftcheck.parsers.source.interp.statements import Raised  # a cycle

            # ``proxy.update(...)``: a mappingproxy has no such method (abstract.py)
            raise Raised("AttributeError", where[1] if where else self.ip.at_line, None)
        if isinstance(obj, Sourced):
            obj = unwrap(obj)
        if obj.__class__ is UnknownContainer and obj.why.startswith("container "):
            # a dict either way of an undecided branch (statements._merge_locals): an attribute
            # of it (an ``AttributeDict``'s item) may be a layer, not the container itself
            return Unknown(f"attribute {name} of {obj.why}")
        if name in _GRAD_TOUCH:  # may change a parameter's requires_grad (interp/gradflag.py)
            gradflag.touched(self.ip, obj, name)
        if isinstance(obj, Obj):
            if obj.cls is not None and obj.cls.__class__ is Cls:
                hooked = self.user_getattribute(obj, name)
                if hooked is not None:
                    return hooked[0]
                if name in obj.attrs:
                    got = self.data_descriptor(obj, name)
                    if got is not None:
                        return got[0]
            for d in (obj.children, obj.params, obj.buffers, obj.attrs):
                if name in d:
                    v = d[name]
                    if isinstance(v, Tensor) and v.param and v.owner is None:
                        v.owner, v.name = obj, name
                    return v
            if name == "__class__" and obj.cls is not None:
                return obj.cls
            if (
                name == "__dict__"
                and not obj.module
                and not (obj.children or obj.params or obj.buffers)
                and obj.cls is not None
            ):
                # a plain object's namespace (a_unet's ``self.__dict__.update(**ka)``): its
                # attributes, read and written through the dict as Python does (a module's
                # ``__dict__`` is not its registered layers: unknown, below)
                return obj.attrs
            if name in _REGISTRIES and obj.module and not obj.kind and obj.cls is not None:
                # ``self._parameters.pop("k")`` (geoopt's PoincareBall re-registers its
                # curvature as ``isp_c``): torch's own dicts of what the module registered
                return getattr(obj, _REGISTRIES[name])
            if name == "__dict__" and obj.module and not obj.kind and obj.cls is not None:
                # a module's namespace: its plain attributes (interp/modnamespace.py)
                from driftcheck.parsers.source.interp.modnamespace import ModuleNamespace

                return ModuleNamespace(obj)
            if obj.cls is not None:
                ok, v, _ = self.classes.mro_attr(obj.cls, name)
                if ok:
                    get = self.descriptor(v, "__get__")
                    if get is not None:  # ``D.width`` where ``width = Dim(64)`` in the class
                        return self.calls.call_func(get, [obj, obj.cls], {})
                    return self.bind(v, obj)
            if name == "__doc__" and isinstance(obj.cls, Cls):
                return class_doc(obj.cls)  # ``self.__doc__``: the class's own docstring
            if name in ntmethods.NAMES and ntmethods.applies(obj):
                return ntmethods.method(obj, name)  # ``cfg._replace(...)``: interp/ntmethods.py
            if (
                name in pydclass.INSTANCE_METHODS
                and not obj.module
                and pydclass.is_pydantic(obj.cls)
            ):
                return pydclass.instance_method(self.ip, obj, name)  # interp/pydclass.py
            got = self.library.obj_method(obj, name)
            if isinstance(got, Unknown) and obj.cls is not None and not name.startswith("__"):
                return self.fallback_getattr(obj, name, got)
            return got
        if isinstance(obj, Leaf):
            return self.library.leaf_attr(obj, name)
        if isinstance(obj, Config):
            return self.configs.config_attr(obj, name, where)
        if isinstance(obj, Cls):
            if name == "__members__" and enums.is_enum(obj):
                return enums.members_mapping(self.ip, obj)  # aliases included (enums.py)
            if name == "__annotations__":  # the class's own, never a base's (classannots.py)
                from driftcheck.parsers.source.library.classannots import class_annotations

                return class_annotations(self.ip, obj)
            ok, v, _ = self.classes.mro_attr(obj, name)
            if ok and enums.is_enum(obj):  # ``Color.RED``: the member (library/enums.py)
                m = enums.member(self.ip, obj, name)
                if m is not None:
                    return m
            if ok:
                if isinstance(v, Func) and v.is_classmethod:
                    return Func(v.node, v.mod, v.closure, v.owner, obj, is_classmethod=True)
                get = self.descriptor(v, "__get__")
                if get is not None:  # read on the class: ``__get__(None, cls)``
                    return self.calls.call_func(get, [None, obj], {})
                return v
            if name == "__name__":
                return obj.name
            if name in ntmethods.CLASS_NAMES and ntmethods.is_class(obj):
                return ntmethods.class_attr(self.ip, obj, name)  # ``Cfg._make(xs)``
            if name == "__new__" and all(isinstance(c, Cls) for c in obj.mro()):
                # ``C.__new__(C)`` of a class whose bases are all read from source and define
                # no ``__new__``: ``object.__new__``, a fresh instance, ``__init__`` not run (a
                # ``__deepcopy__`` building its copy field by field)
                from driftcheck.parsers.source.interp import plainnew

                return plainnew.object_new(self.classes)
            if name == "__dict__":  # ``'__init__' in C.__dict__``: ``vars(C)`` (classvars.py)
                from driftcheck.parsers.source.library.classvars import class_dict

                return class_dict(self.ip, obj, (obj.mod.path, obj.node.lineno))
            if name == "__qualname__":
                return classtype.qualname(obj)  # its place in the syntax (interp/classtype.py)
            if name == "__doc__":
                return class_doc(obj)
            if name == "__mro__":
                from driftcheck.parsers.source.library.mrolib import class_mro

                mro = class_mro(obj)
                return (
                    mro if mro is not None else Unknown(f"{obj.name}.__mro__ with a library base")
                )
            if name == "mro" and not self.classes.mro_attr(obj, "mro")[0]:
                # ``C.mro()``: ``type.mro``, the list of ``C.__mro__`` (a metaclass may override
                # it: then the class's own ``mro`` found above in the MRO is not this)
                from driftcheck.parsers.source.library.mrolib import class_mro

                at = obj
                return BuiltinMethod(
                    lambda a, k: (
                        Unknown(f"{at.name}.mro() with arguments")
                        if a or k
                        else list(got)
                        if (got := class_mro(at)) is not None
                        else Unknown(f"{at.name}.mro() with a library base")
                    )
                )
            if name == "__bases__":
                from driftcheck.parsers.source.library.mrolib import class_bases

                got = class_bases(obj)
                return (
                    got if got is not None else Unknown(f"{obj.name}.__bases__: a base not known")
                )
            if name == "__subclasses__":
                cls = obj
                return BuiltinMethod(
                    lambda a, k: Unknown("__subclasses__(...)") if a or k else self.subclasses(cls)
                )
            if name == "from_dict" and self.configs.is_config_cls(obj):
                cls = obj
                return BuiltinMethod(lambda a, k: self.classes.config_from_dict_call(cls, a, k))
            if name in ("_from_config", "from_config", "from_pretrained") and self._takes_config(
                obj
            ):
                cls = obj
                return BuiltinMethod(  # extra keywords go to __init__, as in transformers
                    lambda a, k: self.memo.instantiate(
                        cls, a[:1], model_kwargs(k), (cls.mod.path, cls.node.lineno)
                    )
                )
            if name == "_make_subclass" and tensorsub.is_tensor_cls(obj):
                return BuiltinMethod(tensorsub.make_subclass)  # interp/tensorsub.py
            if name in pydclass.CLASS_METHODS and pydclass.is_pydantic(obj):
                return pydclass.class_method(self.ip, obj, name)  # interp/pydclass.py
            if name == "register" and classtype.is_abc(self.ip, obj):
                # ``ABCMeta.register``: gives its class back (``@Mixer.register class B``
                # binds ``B``); the registry is read from the source (interp/classtype.py)
                return BuiltinMethod(classtype.register_call)
            meta = self.calls.metaclass_of(obj)
            if isinstance(meta, Cls):
                # Python looks a name the class lacks up on its metaclass (a singleton
                # metaclass's ``cls._instances``; its methods bound to the class)
                ok, v, where = self.classes.mro_attr(meta, name)
                if ok and isinstance(where, Cls):
                    return self.bind(v, obj) if isinstance(v, Func) else v
            return Unknown(f"class attribute {name}")
        if obj.__class__ is ObjectSuper:
            return obj.attr(name)
        if isinstance(obj, Super):
            cls = obj.inst.cls if isinstance(obj.inst, (Obj, Config)) else obj.inst
            if isinstance(cls, Cls) and obj.owner not in cls.mro():
                cls = obj.owner  # a torch class run on a subclass instance: its own MRO
            if isinstance(cls, Cls) and name == "__init__" and isinstance(obj.inst, Obj):
                from driftcheck.parsers.source.library import wildlib

                dc = wildlib.inherited_dataclass(self.classes, cls, after=obj.owner)
                if dc is not None:  # ``super().__init__(...)`` of a dataclass's generated one
                    inst, calls = obj.inst, self.ip.calls
                    return BuiltinMethod(lambda a, k: calls.init_dataclass(inst, dc, a, dict(k)))
            if isinstance(cls, Cls):
                ok, v, where = self.classes.mro_attr(cls, name, after=obj.owner)
                if ok:
                    return self.bind(v, obj.inst)
                if isinstance(where, Ext):
                    return self.library.ext_method(obj.inst, where, name)
                if (
                    name == "__setattr__"
                    and isinstance(obj.inst, Obj)
                    and not obj.inst.module
                    and all(isinstance(c, Cls) for c in cls.mro())
                ):
                    # a class whose bases are all read from source: past them is ``object``,
                    # whose ``__setattr__`` writes the instance's namespace (library/machine.py)
                    from driftcheck.parsers.source.library.machine import object_setattr

                    inst = obj.inst
                    return BuiltinMethod(lambda a, k: object_setattr(inst, a))
                if name == "__new__":  # past the class: a ``namedtuple(...)`` base's own
                    from driftcheck.parsers.source.interp import plainnew, tuplesub

                    nt = tuplesub.namedtuple_base(cls, after=obj.owner)
                    if nt is not None:
                        return tuplesub.namedtuple_new(nt)
                    if all(isinstance(c, Cls) for c in cls.mro()):
                        return plainnew.object_new(self.classes)  # ``object.__new__(cls)``
            return Unknown(f"super().{name}")
        if isinstance(obj, Ext):
            if obj.qual in ("torch", "torch.version") and name == "__version__":
                from driftcheck.parsers.source.library.torchversion import torch_version

                got = torch_version(self.library)  # the installed torch's (its version.py)
                return got if got is not None else Unknown("torch.__version__")
            short = obj.qual.rsplit(".", 1)[-1]
            if name in ("__module__", "__name__", "__qualname__"):
                got = _builtin_type_name(obj.qual, name)
                if got is not None:  # ``dict.__module__`` (omegaconf's primitive-type check)
                    return got
            if name in ("__name__", "__qualname__") and short[:1].isupper():
                return short  # a library class's name (``nn.BatchNorm2d.__name__``)
            if name == "__dict__" and obj.qual == "builtins.object":
                # ``"step" in klass.__dict__`` along ``C.mro()``, ``object`` last: its names
                # (slot wrappers, values not modelled) as the running CPython has them
                return {k: Unknown(f"object.__dict__[{k!r}]") for k in object.__dict__}
            return ext_const(obj.attr(name))
        if isinstance(obj, ModRef):
            if obj.mod is None:
                return Ext(f"{obj.name}.{name}")
            if name == "__dict__":
                # ``pretrainedmodels.__dict__[model_name](...)``: the module's namespace, read
                # as ``globals()`` there would be (library/wildlib.py ``ModGlobals``)
                from driftcheck.parsers.source.library import wildlib

                return wildlib.ModGlobals(obj.mod)
            return self.names.import_value(obj.name, name)
        if isinstance(obj, Tensor):
            if obj.attrs and name in obj.attrs:  # written on a tensor subclass's instance
                return obj.attrs[name]
            if isinstance(obj.cls, Cls):  # a method or class attribute of a tensor subclass
                ok, v, where = self.classes.mro_attr(obj.cls, name)
                if ok and isinstance(where, Cls):
                    return self.bind(v, obj)
            if name == "as_subclass":  # ``t.as_subclass(cls)``: t's data as a ``cls`` instance
                src = obj
                return BuiltinMethod(lambda a, k: tensorsub.as_subclass(src, a, k))
            return self.library.tensor_attr(obj, name)
        return self.library.value_attr(obj, name)

    def user_getattribute(self, obj: Obj, name: str) -> tuple | None:
        """``(value,)`` of ``obj.name`` read through a ``__getattribute__`` that a class read
        from source (outside torch) in ``type(obj)``'s MRO defines: CPython calls it for
        every attribute read on the instance; an ``AttributeError`` it raises falls back to
        the class's ``__getattr__``. None where no such hook applies, or for the read the hook
        makes itself (``object.__getattribute__(self, name)``: the plain read below)."""
        if not any(
            isinstance(c, Cls) and "__getattribute__" in body_index(c.node) for c in obj.cls.mro()
        ):
            return None
        fn = dunders.source_method(self.ip, obj.cls, "__getattribute__")  # not torch's
        if fn is None:
            return None
        key = (id(obj), name)
        busy = self._in_getattribute
        if key in busy:
            return None
        from driftcheck.parsers.source.interp.statements import Raised

        busy.add(key)
        try:
            return (self.calls.call_func(self.bind(fn, obj), [name], {}),)
        except Raised as e:
            if "AttributeError" not in str(e.what):
                raise
            miss = Unknown(f"{obj.cls.name}.__getattribute__({name!r}) raised AttributeError")
            return (self.fallback_getattr(obj, name, miss),)
        finally:
            busy.discard(key)

    def data_descriptor(self, obj: Obj, name: str) -> tuple | None:
        """``(value,)`` where a class attribute ``name`` of ``type(obj)`` is a data descriptor
        (its class, read from source, defines ``__get__`` and ``__set__`` or ``__delete__``):
        CPython's ``object.__getattribute__`` calls its ``__get__`` before looking in the
        instance's ``__dict__`` (a value written there directly, ``self.__dict__["b"] = 50``,
        does not shadow it; a non-data descriptor's does). None otherwise. Only a class body
        binding ``name`` to a call's result (how a descriptor instance is made) is read;
        a ``@property`` of the class's source is one too (``property`` defines ``__set__``
        and ``__delete__``, setter or not; ``functools.cached_property`` does not)."""
        prop = _source_property(self.classes, obj.cls, name)
        if prop is not None:
            return (self.bind(prop, obj),)
        if not any(
            isinstance(c, Cls)
            and isinstance(st := body_index(c.node).get(name), (ast.Assign, ast.AnnAssign))
            and isinstance(st.value, ast.Call)
            for c in obj.cls.mro()
        ):
            return None
        ok, v, _ = self.classes.mro_attr(obj.cls, name)
        if not ok:
            return None
        get = self.descriptor(v, "__get__")
        if get is None:
            return None
        if self.descriptor(v, "__set__") is None and self.descriptor(v, "__delete__") is None:
            return None
        return (self.calls.call_func(get, [obj, obj.cls], {}),)

    def fallback_getattr(self, obj: Obj, name: str, missing: Unknown) -> Any:
        """An attribute the object and its class lack: the class's own ``__getattr__`` (one
        read from source outside torch: ``nn.Module``'s is what ``children``/``params`` above
        already model), as Python calls it; ``missing`` when there is none or it raises."""
        from driftcheck.parsers.source.interp.statements import Raised

        ok, fn, where = self.classes.mro_attr(obj.cls, "__getattr__")
        items = obj.attrs.get("__items__")
        if isinstance(items, dict) and (
            (ok and _dict_method(fn, _DICT_READS)) or obj.attrs.get("__dict__") is obj
        ):
            # a dict subclass read by attribute: ``__getattr__ = dict.__getitem__`` (or
            # ``dict.get``), or ``self.__dict__ = self``: the item, as the read finds it
            return items[name] if name in items else missing
        if not ok:  # Python's ``AttributeError`` where a ``try`` surely catches it
            return missingattr.read_missing(self.ip, obj, name, missing)
        if not isinstance(fn, Func) or where.mod.name.split(".")[0] == "torch":
            return missing
        try:
            v = self.calls.call_func(self.bind(fn, obj), [name], {})
        except Raised:
            return missing
        return v

    def _takes_config(self, cls: Any) -> bool:
        """Whether ``cls.from_config(cfg)`` may be read as ``cls(cfg)`` (transformers): its
        ``__init__`` takes the config object first. Another library's ``from_config`` (a
        diffusers ConfigMixin splats a dict into keywords) is not that: a class attribute we
        could not find there stays unknown, never ``cls(dict)`` built at its defaults."""
        init, _ = self.calls.find_init(cls)
        node = getattr(init, "node", None)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        params = [*node.args.posonlyargs, *node.args.args]
        return len(params) > 1 and params[1].arg == "config"

    def descriptor(self, v: Any, hook: str) -> Any:
        """The descriptor protocol: ``hook`` (``__get__`` / ``__set__`` / ``__set_name__``)
        of a class attribute that is an instance of a class read from source defining it,
        bound to that instance; None for any other value. CPython calls ``__get__`` when
        the attribute is read on an instance (``__get__(obj, type(obj))``) or on the class
        (``__get__(None, cls)``), ``__set__`` when an instance stores it, and
        ``__set_name__(owner, name)`` when the owning class is made (here: when its
        attribute is first read, ``Classes.class_attr``). torch's own classes are left out
        (its layers are modelled, not run)."""
        if v.__class__ is not Obj or v.module or v.cls is None:
            return None
        fn = dunders.source_method(self.ip, v.cls, hook)  # not torch's
        return None if fn is None else self.bind(fn, v)

    def subclasses(self, cls: Cls) -> Any:
        """``cls.__subclasses__()`` (a plugin lookup: the mixer whose ``kind`` matches): the
        classes of the analyzed code that name ``cls`` among their direct bases, in the order
        Python creates them (module load order, then definition order). Only top-level class
        statements are created by importing; one nested in a function or under a condition
        that may subclass ``cls`` makes the answer unknown rather than short."""
        from driftcheck.parsers.source.loader import installed

        out: list[Cls] = []
        for m in list(self.ip.mods.values()):
            if m is None or installed(m.path):
                continue
            top = {id(st) for st in m.tree.body}
            for node in ast.walk(m.tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "type"
                    and len(node.args) == 3
                ):  # ``type(name, bases, ns)``: a class made when that line runs
                    return Unknown(f"{cls.name}.__subclasses__() with a class made at run time")
                if not isinstance(node, ast.ClassDef) or not node.bases:
                    continue
                if id(node) not in top:
                    if any(cls.name in ast.unparse(b) for b in node.bases):
                        return Unknown(f"{cls.name}.__subclasses__() with a class made at run time")
                    continue
                v = self.names.global_lookup(m, node.name)
                if isinstance(v, Cls) and any(b is cls for b in v.bases):
                    out.append(v)
        return out

    def bind(self, v: Any, inst: Any) -> Any:
        if isinstance(v, Func) and not v.is_static:
            bound = inst.cls if v.is_classmethod and isinstance(inst, Obj) else inst
            f = Func(v.node, v.mod, v.closure, v.owner, bound, v.is_static, v.is_classmethod)
            if v.closure and v.closure.get("__property__"):
                if isinstance(inst, Config):  # reused while its fields are unchanged
                    from driftcheck.parsers.source.speed.propmemo import call_property  # a cycle

                    return call_property(self.ip, f, inst)
                got = self.calls.call_func(f, [], {})
                if v.closure.get("__cached__") and isinstance(inst, Obj) and not self.ip.uncertain:
                    # ``functools.cached_property`` writes the value into the instance's
                    # ``__dict__`` (no ``__setattr__``): later reads get it, not a recomputation
                    # from attributes changed since (was recomputed: 1275 vs torch's 81)
                    if not is_module(plain(got)) and not isinstance(plain(got), Tensor):
                        inst.attrs[v.node.name] = got
                return got
            return f
        if getattr(v, "library_method", False):  # a method read from a table (gymspaces.py)
            return v.bound_to(inst)
        return v

    def setattr(self, obj: Any, name: str, v: Any, line: int | None, fr: Frame) -> None:
        from driftcheck.parsers.source.interp import submodpath

        if name == "requires_grad":  # a parameter's flag written (interp/gradflag.py)
            gradflag.written(self.ip, name)
        if isinstance(obj, Unknown):  # a layer written onto a value not known (ownerless.py)
            ownerless.written(self.ip, obj, name, v, line, fr)

        if name == "__class__" and classtype.assign_class(self.ip, obj, v):
            return  # the instance's class replaced (interp/classtype.py)
        if isinstance(obj, submodpath.UnknownSubmodule):
            at = (fr.mod.path if fr is not None and fr.mod is not None else "?", line)
            submodpath.written(obj, name, v, at)
            return
        if isinstance(obj, Sourced):
            # ``cfg.block.dim = 8`` where ``cfg.block`` is a dataclass field (a value kept with
            # where it was read): the write is to the object inside, as ``getattr`` reads it
            # (it was dropped: the nested config kept its default, a confident wrong count)
            obj = unwrap(obj)
        if isinstance(obj, Obj) and isinstance(obj.attrs.get("__items__"), dict):
            got = self.classes.mro_attr(obj.cls, "__setattr__") if obj.cls else (0, 0, 0)
            ok, fn, where = got
            if ok and _dict_method(fn, ("builtins.dict.__setitem__",)):
                obj.attrs["__items__"][name] = v  # ``__setattr__ = dict.__setitem__``
                return
            if ok and isinstance(fn, Func) and not obj.module and dunders.own_code(where):
                # a dict subclass's own ``__setattr__`` (an ml_collections-like ConfigDict
                # storing ``c.mlp = dict(...)`` as an item): run it, as Python does
                from driftcheck.parsers.source.interp.statements import Raised

                try:
                    self.calls.call_func(self.bind(fn, obj), [name, v], {})
                except Raised:
                    pass  # it refuses the write (a locked config): nothing stored
                return
        if isinstance(obj, Obj) and not obj.module and obj.cls is not None:
            from driftcheck.parsers.source.interp import attrsconv, pydvalid

            where = f"{fr.mod.path.name if fr is not None else '?'}:{line}"
            try:
                v = attrsconv.setattr_value(self.calls, obj, name, v, where)
                v = pydvalid.setattr_value(obj, name, v, where)
            except Exception as e:  # a frozen attrs instance refuses the write
                if getattr(e, "what", None) == "AttributeError":
                    e.line, e.path = line, fr.mod.path if fr is not None else None
                raise
            ok, cv, _ = self.classes.mro_attr(obj.cls, name)
            put = self.descriptor(cv, "__set__") if ok else None
            if put is not None:  # a data descriptor stores it (``__set__(obj, value)``)
                self.calls.call_func(put, [obj, v], {})
                return
        if isinstance(obj, Obj) and not obj.module and self.object_setattr_hook(obj, name, v):
            return
        if isinstance(obj, Obj) and self.module_setattr(obj, name, v):
            if line is not None and fr is not None and name in obj.attrs:
                obj.attr_locs[name] = _written_at(obj, name, v, line, fr)
        elif isinstance(obj, Obj) and propset.module_property_set(
            self, obj, name, v, line, fr.mod.path if fr is not None else None
        ):
            pass  # a property's setter ran (interp/propset.py)
        elif isinstance(obj, Obj) and obj.qual == "torch.fx.GraphModule" and name == "graph":
            obj.attrs[name] = v  # a property storing the graph, never a layer (fxgraph.py)
        elif isinstance(obj, Obj):
            self.register(obj, name, v, line, str(fr.mod.path) if fr is not None else None)
            if line is not None and fr is not None and name in obj.attrs:
                obj.attr_locs[name] = _written_at(obj, name, v, line, fr)  # for Graph.uses
        elif isinstance(obj, Leaf):
            obj.written.add(name)
            if leafdel.reassigned(obj, name, v):  # after ``del layer.weight`` (leafdel.py)
                pass  # a plain attribute where a deleted weight was: nothing counted
            elif v is None and name in ("weight", "bias"):
                self.drop_weight(obj, name, line)
            elif (
                isinstance(v, (WeightRef, Tensor))
                and v.owner is not None
                and v.owner is not obj
                and (isinstance(v, WeightRef) or v.param)
                and self.ip.uncertain
            ):
                # ``if cfg.tie: head.weight = emb.weight`` undecided: tied one way only
                why = f"{name} tied to another layer's under an unresolved condition at line {line}"
                if why not in obj.unresolved:
                    obj.unresolved.append(why)
            elif isinstance(v, WeightRef) and v.owner is not obj:
                obj.tied[name] = (v.owner, v.name)
            elif isinstance(v, Tensor) and v.param and v.owner is not None and v.owner is not obj:
                obj.tied[name] = (v.owner, v.name or name)
            elif isinstance(v, Tensor) and v.param and name in ("weight", "bias"):
                self.set_weight(obj, name, v, line)
            elif self.catalogue_has(obj, name) and isinstance(plain(v), (int, tuple, bool)):
                # ``conv.in_channels = 4``: torch keeps the weight; a weight set after it
                # (smp's ``patch_first_conv``) is read against the attributes written
                self.ip.leaf_writes.setdefault(id(obj), {})[name] = plain(v)
                weightswap.resolve(self, obj)  # a replaced weight these writes explain
            else:
                leaf_addition(obj, name, v, line, bool(self.ip.uncertain))
        elif isinstance(obj, Config):
            if propset.frozen_dataclass(obj.cls):
                from driftcheck.parsers.source.interp.statements import Raised

                # ``FrozenInstanceError`` (an ``AttributeError``): Python refuses the write
                raise Raised("AttributeError", line, fr.mod.path if fr is not None else None)
            if propset.slots_dataclass_refuses(obj.cls, name):
                from driftcheck.parsers.source.interp.statements import Raised

                # ``@dataclass(slots=True)``: no ``__dict__``, no slot for ``name``
                raise Raised("AttributeError", line, fr.mod.path if fr is not None else None)
            setter = self.classes.property_setter(obj.cls, name) if obj.cls is not None else None
            if setter is None or not self.classes.call_setter(setter, obj, v):
                obj.fields[obj.aliases.get(name, name)] = v
        elif isinstance(obj, Cls):
            obj.ns[name] = v
            obj.ns.setdefault(CLASS_WRITES, set()).add(name)  # ``vars(cls)`` (classvars.py)
            self.ip.class_writes = self.ip.class_writes + 1
        elif isinstance(obj, Func) and name in ("__defaults__", "__kwdefaults__"):
            deftime.write(self.ip, obj, name, v)  # the calls after it take them (deftime.py)
        elif isinstance(obj, ModRef) and obj.mod is not None:
            from driftcheck.parsers.source.interp import selfmodule

            selfmodule.set_global(self.ip, obj.mod, name, v, line)  # ``cfgmod.WIDTH = 16``
        elif isinstance(obj, Tensor) and obj.cls is not None:
            # ``instance.manifold = m`` on a tensor subclass's instance (interp/tensorsub.py)
            if obj.attrs is None:
                obj.attrs = {}
            obj.attrs[name] = v  # a layer reused from memo.py reads it

    def object_setattr_hook(self, obj: Obj, name: str, v: Any) -> bool:
        """``obj.name = v`` on a plain object (not a module, not a dict subclass: those are
        above) whose class defines ``__setattr__`` in read code: Python runs that hook, not a
        plain store. skorch's ``NeuralNet.__setattr__`` adds ``module`` to ``prefixes_`` when
        ``initialize()`` stores ``self.module_``; a plain store skipped that, and its own
        parameter check then raised on ``module__num_units=...`` (the model unknown). The
        hook's ``super().__setattr__(k, v)`` / ``object.__setattr__`` is the plain store, and
        a write of the same name on the same object while the hook runs is too (Python would
        recurse without end). True when the hook ran."""
        if obj.cls is None or not isinstance(plain(name), str):
            return False
        fn = dunders.source_func(self.ip, obj.cls, "__setattr__")
        if fn is None:
            return False
        key = (id(obj), name)
        running = self.__dict__.setdefault("_setattr_running", set())
        if key in running:
            return False
        running.add(key)
        try:
            self.calls.call_func(self.bind(fn, obj), [name, v], {})
        finally:
            running.discard(key)
        return True

    def module_setattr(self, obj: Obj, name: Any, v: Any, loc: tuple | None = None) -> bool:
        """``self.name = v`` (or ``setattr(self, name, v)``) on a module whose class defines its
        own ``__setattr__`` in read code: run it, as Python does, and say so. torch_frame-like
        modules build their layers only once a ``__setattr__`` hook has crossed every name off
        a set of missing ones; a plain write kept the set full, the build was skipped and the
        layers silently missing (a confident wrong count). Its ``super().__setattr__(k, v)``
        is the plain registering write; a write of the same name on the same object while
        the hook runs is too (Python would recurse without end). Under a name we cannot
        compute (``setattr(self, names[i], v)`` over an unknown ``names``) what the hook
        changes is unknown: the module is unresolved with a note naming the hook, never
        counted as if it had not run."""
        if not obj.module or obj.cls is None:
            return False
        _, fn, where = dunders.source_lookup(self.ip, obj.cls, "__setattr__")
        if fn is None:
            return False
        if not isinstance(plain(name), str):
            at = f" at {Path(str(loc[0])).name}:{loc[1]}" if loc else ""
            hook = f"{where.name}.__setattr__ ({where.mod.path.name}:{fn.node.lineno})"
            why = f"setattr{at} under an unknown name runs {hook}"
            if why not in obj.unresolved:
                obj.unresolved.append(why)
            return True
        key = (id(obj), name)
        running = self.__dict__.setdefault("_setattr_running", set())
        if key in running:
            return False
        running.add(key)
        before = _registered(obj)
        try:
            self.calls.call_func(self.bind(fn, obj), [name, v], {})
        finally:
            running.discard(key)
        x = plain(v)
        layer = is_module(x) or opaque.may_be_module(x) or (isinstance(x, Tensor) and x.param)
        kept = obj.children.get(name) is x or obj.params.get(name) is x
        if layer and not kept and _registered(obj) == before:
            # a layer the hook stored by a way not followed (``self._modules[k] = v``) or not
            # at all (``object.__setattr__``): unknown, never silently left out
            why = (
                f"{name} written through {where.name}.__setattr__ "
                f"({where.mod.path.name}:{fn.node.lineno}), not registered as followed"
            )
            if why not in obj.unresolved:
                obj.unresolved.append(why)
        return True

    def drop_weight(self, leaf: Leaf, name: str, line: int | None) -> None:
        """``layer.bias = None``: torch unregisters the parameter. The catalogue models that
        as the layer's ``bias=False``; a weight it cannot drop is unresolved, never kept."""
        if self.ip.uncertain:
            leaf.unresolved.append(f"{name} removed under an unresolved condition at line {line}")
        elif name == "bias" and self.catalogue_has(leaf, "bias"):
            leaf.params["bias"] = False
        else:
            leaf.unresolved.append(f"{name} set to None at line {line}")

    def set_weight(self, leaf: Leaf, name: str, t: Tensor, line: int | None) -> None:
        """``layer.bias = nn.Parameter(t)``: a new parameter where the catalogue has one.

        A bias on a layer built with ``bias=False`` turns the catalogue's ``bias`` on when
        its shape is the one torch's layer would make; any other shape (or an unknown one)
        leaves the layer unresolved rather than counted wrong."""
        want = self.weights_with(leaf, {"bias": True} if name == "bias" else {})
        shape = t.shape if isinstance(t.shape, tuple) else None
        shape = tuple(plain(d) for d in shape) if shape is not None else None
        written = self.ip.leaf_writes.get(id(leaf))
        if name == "weight" and written and not self.ip.uncertain and want is not None:
            now = self.weights_with(leaf, written)
            if now is not None and shape is not None and tuple(now.get(name, ())) == shape:
                leaf.params.update(written)  # the weight torch holds is the written layer's
                return
        if self.ip.uncertain:
            leaf.unresolved.append(f"{name} replaced under an unresolved condition at line {line}")
        elif want is None or shape is None or tuple(want.get(name, ())) != shape:
            flags = leafflags.flags_holding(leaf, name, shape) if shape is not None else None
            if flags is not None:  # ``ln.weight = P(...)`` on ``elementwise_affine=False``
                leaf.params.clear()
                leaf.params.update(flags)
                return
            note = f"{name} replaced by a parameter of shape {shape} at line {line}"
            # pending until attribute writes explain it (interp/weightswap.py)
            if shape is None or not weightswap.record(self, leaf, name, shape, note):
                leaf.unresolved.append(note)
        elif name == "bias":
            leaf.params["bias"] = True

    def weights_with(self, leaf: Leaf, changes: dict[str, Any]) -> dict | None:
        spec = catalogue.get(leaf.type)
        blocked = weightswap.other_unresolved(self.ip, leaf)  # pending swaps do not block
        # a change the catalogue has no argument for (``bias=True`` on a layer without a
        # ``bias`` argument) is not modelled; written arguments (``bn.num_features = k``) are
        if spec is None or blocked or any(not self.catalogue_has(leaf, k) for k in changes):
            return None
        try:
            return dict(spec.weights(spec.bind({**leaf.params, **changes})))
        except Exception:  # noqa: BLE001 - an entry that cannot bind these values: unknown
            return None

    def catalogue_has(self, leaf: Leaf, param: str) -> bool:
        spec = catalogue.get(leaf.type)
        return spec is not None and any(p.name == param for p in spec.params)

    def register(
        self, obj: Obj, name: str, v: Any, line: int | None, path: str | None = None
    ) -> None:
        """``obj.name = v`` with nn.Module semantics (modules and parameters are registered)."""
        from driftcheck.parsers.source.interp import regswap

        if regswap.replace(obj, name, v, line, path, bool(self.ip.uncertain)):
            return  # ``self._modules = dict(...)``: the registry itself replaced (regswap.py)
        if obj.module and classproxy.is_candidate(v):
            got = classproxy.resolve(self.ip, v)  # a module by its ``__class__`` property
            if got is not None:
                v = got
        old = obj.children.get(name)
        if obj.module:
            opaque_attr_cleared(obj, name)
        if isinstance(v, Unknown) and not isinstance(v, UnknownModule) and is_module(old):
            # ``self.conv = weight_norm(self.conv)``: the layer is still there, its weights
            # are no longer known -- unresolved, never silently dropped
            old.unresolved.append(f"replaced by an unknown value ({v.why}) at line {line}")
            return
        for d in (obj.children, obj.params, obj.buffers, obj.attrs):
            if name in d and not (d is obj.children and is_module(v)):
                del d[name]
        if obj.module and isinstance(v, UnknownModule):
            loc = (self.ip.uncertain and None) or obj.loc
            obj.children[name] = Leaf("Unknown", {}, loc, torch=v.qual, unresolved=["type"])
            at = f" (set at {Path(path).name}:{line})" if path and line is not None else ""
            self.stmts.note(f"{name}: {v.qual} is not in the analyzed code (unknown layer){at}")
        elif obj.module and is_module(v):
            moduleinit.mark(obj)  # no ``nn.Module.__init__`` call: torch raises
            obj.children[name] = v
        elif obj.module and isinstance(v, Tensor) and v.param:
            moduleinit.mark(obj)
            if v.owner is not None and (v.owner is not obj or _alias(obj, name, v)):
                obj.params[name] = WeightRef(v.owner, v.name or name)
            else:
                v.owner, v.name = obj, name
                obj.params[name] = v
        elif obj.module and isinstance(v, WeightRef):
            obj.params[name] = v
        else:
            obj.attrs[name] = v
            if obj.module:
                opaque_attr(obj, name, v, line, path)
                condreplace.mark(self.ip, obj, name, old, v, line)  # interp/condreplace.py
            return
        if self.ip.uncertain:
            condreplace.mark(self.ip, obj, name, old, v, line)
            why = f"{name} depends on an unresolved condition at line {self.ip.uncertain[-1]}"
            obj.unresolved.append(why)
            target = obj.children.get(name, obj.params.get(name))
            if isinstance(target, (Leaf, Obj)):
                target.unresolved.append(why)
            elif isinstance(target, Tensor):
                target.cond = why


def opaque_attr(obj: Obj, name: str, v: Any, line: int | None, path: str | None) -> None:
    """``self.body = make(...)`` with ``make`` unknown: the value may be a layer torch counts
    (interp/opaque.py). The module is unresolved with a note naming the attribute, never
    counted without it; a value provably not a module changes nothing."""
    if not opaque.may_be_module(v):
        return
    file = path if path is not None else (str(obj.loc[0]) if obj.loc else "?")
    note = opaque.note_for(name, v, f"{Path(file).name}:{line if line is not None else '?'}")
    obj.unresolved.append(note)


def opaque_attr_cleared(obj: Obj, name: str) -> None:
    """``self.body = nn.Linear(...)`` after ``self.body = make(...)``: the unknown value is
    gone, so is the note it left."""
    if obj.unresolved:
        obj.unresolved[:] = [u for u in obj.unresolved if not opaque.is_note_for(u, name)]


_DICT_READS = ("builtins.dict.__getitem__", "builtins.dict.get")


def _builtin_type_name(qual: str, name: str) -> str | None:
    """``__module__`` / ``__name__`` / ``__qualname__`` of one of Python's builtin types
    (``builtins.dict``), as Python gives them; None for anything else."""
    import builtins

    from driftcheck.parsers.source.library.python import BUILTIN_CALLABLE_TYPES

    if not qual.startswith("builtins.") or qual.count(".") != 1:
        return None
    short = qual[len("builtins.") :]
    # ``type(sum).__name__``: the C-level callables' types, not names in ``builtins``
    t = BUILTIN_CALLABLE_TYPES.get(short) or getattr(builtins, short, None)
    return getattr(t, name, None) if isinstance(t, type) else None


def _registered(o: Obj) -> tuple:
    # what a module registers (layers and parameters, by identity): changed by a write
    return (
        tuple((k, id(x)) for k, x in o.children.items()),
        tuple((k, id(x)) for k, x in o.params.items()),
    )


def _source_property(classes: Any, cls: Cls, name: str) -> Any:
    """The ``@property`` function a class of ``cls``'s MRO read from source binds to ``name``
    (the first in the MRO), or None (``functools.cached_property`` is a non-data descriptor:
    an instance's ``__dict__`` entry shadows it)."""
    if not any(
        isinstance(c, Cls)
        and isinstance(st := body_index(c.node).get(name), (ast.FunctionDef, ast.AsyncFunctionDef))
        and st.decorator_list
        for c in cls.mro()
    ):
        return None
    ok, v, where = classes.mro_attr(cls, name)
    if not ok or not isinstance(v, Func) or not isinstance(where, Cls) or not v.closure:
        return None
    if not v.closure.get("__property__") or v.closure.get("__cached__"):
        return None
    return v


def _dict_method(fn: Any, quals: tuple[str, ...]) -> bool:
    """``fn`` is one of dict's own methods (``dict.__getitem__`` bound in a class body)."""
    return isinstance(plain(fn), Ext) and plain(fn).qual in quals


# ``nn.Module``'s registries, by torch's attribute name: the ``Obj`` dict that holds them
_REGISTRIES = {"_parameters": "params", "_modules": "children", "_buffers": "buffers"}


def leaf_addition(leaf: Leaf, name: str, v: Any, line: int | None, uncertain: bool = False) -> None:
    """``layer.scale = nn.Parameter(...)`` / ``layer.lora = nn.Linear(...)`` (or
    ``register_parameter`` / ``add_module``) on a torch layer of the catalogue: torch registers
    the new parameter or sub-module and counts it; the catalogue counts the layer's own weights
    only, so the layer is unresolved with a note, never counted without it (a confident wrong
    total before). A plain value (a number, a flag, a buffer) changes nothing counted. A
    parameter of known shape is counted with the layer (interp/leafregs.py)."""
    from driftcheck.parsers.source.interp import leafregs
    from driftcheck.parsers.source.values.abstract import is_module

    if leafregs.add(leaf, name, v, uncertain):
        return
    v = plain(v)
    if isinstance(v, Tensor) and v.param or isinstance(v, UnknownModule) or is_module(v):
        what = "a parameter" if isinstance(v, Tensor) else "a module"
        at = f" at line {line}" if line is not None else ""
        leaf.unresolved.append(f"{what} {name!r} added to the torch layer{at} (not counted)")


def class_doc(cls: Cls) -> str | None:
    """``cls.__doc__``: the class body's own docstring (CPython sets ``__doc__`` in every
    class's namespace, None without one, so it is never inherited), as its literal text
    (Python 3.13 also strips its indentation: sizes parsed from a ``Sizes:`` section read
    the same either way). Code that parses sizes out of it reads them as Python does."""
    body = cls.node.body
    first = body[0] if body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        return first.value.value
    return None


def _alias(obj: Any, name: str, v: Tensor) -> bool:
    """``self.again = self.w``: the Parameter ``obj`` holds under another name, registered
    twice by torch and counted once (a tie, as between two modules)."""
    return v.name is not None and v.name != name and obj.params.get(v.name) is v


# attribute names whose read may change or alias a parameter's ``requires_grad``
_GRAD_TOUCH = gradflag.TOUCH | gradflag.VIEWS
