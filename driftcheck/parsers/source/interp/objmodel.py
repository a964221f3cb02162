"""Names, attributes, items, iteration and calls: the object model of the interpreter.

Module-level names resolve lazily (a module's class or assignment is evaluated the first time
it is read), imports resolve to files on disk through ``Finder`` or stay ``Ext`` names for
libraries we do not interpret (torch, and transformers' framework modules). User classes are
instantiated by running their ``__init__`` (through the MRO and ``super()``) on an ``Obj``.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftcheck.graph import catalogue
from driftcheck.parsers.source.interp import (
    aliasing,
    attrsconv,
    classbody,
    classtype,
    compwalrus,
    deftime,
    dunders,
    frameintro,
    fwdhooks,
    genreplay,
    globalsat,
    globalstmt,
    gradflag,
    lazyparams,
    leafsubcall,
    mapsplat,
    metanew,
    modglobals,
    numsub,
    ownerless,
    pendingret,
    selfmodule,
    subclassreg,
    tensorsub,
    tuplesub,
)
from driftcheck.parsers.source.interp.attrs import ModRef, Super, ext_const
from driftcheck.parsers.source.interp.exprs import live_scopes
from driftcheck.parsers.source.interp.statements import MAX_DEPTH, Frame, Raised
from driftcheck.parsers.source.library import (
    augshapes,
    dispatch,
    enums,
    gymspaces,
    lazylayers,
    lrucache,
    peftlib,
    wildlib,
)
from driftcheck.parsers.source.library.pybuiltins import FramedMethod
from driftcheck.parsers.source.library.stdlib import FieldSpec, attrs_fields, dataclass_fields
from driftcheck.parsers.source.loader import (
    ModInfo,
    body_index,
    parse_file,
    unparse,
)
from driftcheck.parsers.source.sizes import TooBig
from driftcheck.parsers.source.speed.symbolic import resource
from driftcheck.parsers.source.stoplist import (  # noqa: F401,E501
    EXT_TOPS,
    MODULE_BASES,
    STOP_MODULES,
    is_stop,
)
from driftcheck.parsers.source.values.abstract import (
    UNNAMED_SETATTR,
    WRAPPED,
    Budget,
    Cls,
    Config,
    Ext,
    ExtClass,
    Func,
    Leaf,
    Obj,
    Probe,
    Return,
    Sourced,
    Tensor,
    Unknown,
    UnknownContainer,
    UnknownModule,
    UnknownPlain,
    UnknownState,
    WeightRef,
    container_values,
    is_module,
    plain,
    unwrap,
)
from driftcheck.speed import current, tree_memos

if TYPE_CHECKING:
    from driftcheck.parsers.source.library.machine import Interp

_NN_MODULE = dunders.NN_MODULE
# subscripted bases whose ``__mro_entries__`` give a typing class (``class B(Generic[T])``):
# the name as written -> the class it gives (typing_extensions re-exports typing's Generic)
_GENERIC_ORIGINS = {
    "typing.Generic": "typing.Generic",
    "typing_extensions.Generic": "typing.Generic",
    "typing.Protocol": "typing.Protocol",
}
_NO_ENTRY = object()  # a base whose ``__mro_entries__`` gives no class
# the names a library base's class body defines itself (``vars(abc.ABC)``, CPython 3.11-3.13;
# tests/test_wild_constructs26b.py checks them): any other name is read on along the MRO
_OWN_NAMES: dict[str, frozenset[str]] = {
    "abc.ABC": frozenset(
        ("__abstractmethods__", "__doc__", "__module__", "__slots__", "_abc_impl")
    ),
    "typing.Generic": frozenset(
        (
            "__class_getitem__",
            "__doc__",
            "__init_subclass__",
            "__module__",
            "__slots__",
            "_is_protocol",
        )
    ),
}
# (single-pass iterators too: ``next(IT)`` of a module global's ``map`` in each construction)
_WATCHED = (
    list,
    dict,
    set,
    tuplesub.Once,
    tuplesub.Generator,
    *{type(iter(x)) for x in ([], (), range(0), "")},  # ``IT = iter([2, 3])``
)
_LISTS = (
    ast.List,
    ast.ListComp,
)  # an argument that is a list in Python, whatever we read  # module globals the memo watches (deftime.watch)
# what ``torch.nn.Module`` holds, as class attributes (``vars(nn.Module)``, torch 2.x) or as
# instance attributes its ``__init__`` sets: a name outside this set is looked up past
# ``nn.Module`` in a class's MRO (``class ResNetEncoder(ResNet, EncoderMixin)``: the mixin's
# ``out_channels`` property, after ``nn.Module``)
NN_MODULE_MEMBERS = frozenset(
    """T_destination _apply _call_impl _compiled_call_impl _get_backward_hooks
    _get_backward_pre_hooks _get_name _load_from_state_dict _maybe_warn_non_full_backward_hook
    _named_members _register_load_state_dict_pre_hook _register_state_dict_hook
    _replicate_for_data_parallel _save_to_state_dict _slow_forward _version _wrapped_call_impl
    add_module apply bfloat16 buffers call_super_init children compile cpu cuda double
    dump_patches eval extra_repr float forward get_buffer get_extra_state get_parameter
    get_submodule half ipu load_state_dict modules mtia named_buffers named_children
    named_modules named_parameters parameters register_backward_hook register_buffer
    register_forward_hook register_forward_pre_hook register_full_backward_hook
    register_full_backward_pre_hook register_load_state_dict_post_hook
    register_load_state_dict_pre_hook register_module register_parameter
    register_state_dict_post_hook register_state_dict_pre_hook requires_grad_ set_extra_state
    set_submodule share_memory state_dict to to_empty train type xpu zero_grad training
    _parameters _buffers _non_persistent_buffers_set _backward_pre_hooks _backward_hooks
    _is_full_backward_hook _forward_hooks _forward_hooks_with_kwargs
    _forward_hooks_always_called _forward_pre_hooks _forward_pre_hooks_with_kwargs
    _state_dict_hooks _state_dict_pre_hooks _load_state_dict_pre_hooks
    _load_state_dict_post_hooks _modules""".split()
)


class Names:
    """Modules, imports and names: what a name in a frame or a module stands for."""

    def __init__(self, ip: Interp) -> None:
        self.ip = ip  # the owner: the state every part shares
        self._pending: set[tuple[int, str]] = set()  # globals being evaluated now

    def wire(self) -> None:
        """The parts this one asks (set by the owner once all exist)."""
        ip = self.ip
        self.exprs = ip.exprs  # eval
        self.stmts = ip.stmts  # note
        self.classes = ip.classes  # make_class, make_func

    # ------------------------------------------------------------------ modules
    def module(self, name: str) -> ModInfo | None:
        if name in self.ip.mods:
            return self.ip.mods[name]
        info = None
        if not is_stop(name):
            path = self.ip.finder.find(name)
            if path is not None:
                try:
                    info = parse_file(path, name, self.ip.ast_store)
                    self.ip.files[str(path)] = info.lines
                except Exception as e:  # noqa: BLE001 - an unparsable import degrades
                    self.stmts.note(f"cannot parse imported module {name}: {e}")
        self.ip.mods[name] = info
        return info

    def add_module(self, info: ModInfo) -> None:
        self.ip.mods[info.name] = info
        self.ip.files[str(info.path)] = info.lines

    def import_value(self, modname: str, attr: str | None) -> Any:
        qual = f"{modname}.{attr}" if attr else modname
        if is_stop(modname):
            return ext_const(Ext(qual))
        if attr is None:
            return ModRef(modname, self.module(modname))
        mod = self.module(modname)
        if mod is None:
            # a namespace package (a folder without ``__init__.py``): its submodules import
            sub = self.module(qual) if self.ip.finder.find(modname) is None else None
            return ModRef(qual, sub) if sub is not None else Ext(qual)
        own_sub = mod.imports.get(attr) == (modname, attr)  # ``from torchvision import models``
        if not own_sub and (attr in mod.defs or attr in mod.assigns or attr in mod.imports):
            return self.global_lookup(mod, attr)
        sub = self.module(qual)
        if sub is not None:
            star = self.star_source(mod, attr) if mod.stars else None
            if star is not None and attr in star.defs:
                # ``from .googlenet import *`` binds the function ``googlenet`` over the
                # submodule of that name (the import sets the attribute, the star rebinds it)
                return self.global_lookup(star, attr)
            return ModRef(qual, sub)
        if is_stop(qual):
            # ``from transformers import initialization``: a stop-listed module, not a name to
            # hunt for through star imports and the registry's index of every model file
            # (built on first use: 0.7 CPU s, 413 modeling files import it this way)
            return ext_const(Ext(qual))
        star = self.star_source(mod, attr)
        if star is None and modname == "transformers":
            star = self.transformers_export(attr)
        if star is not None:
            return self.global_lookup(star, attr)
        got = self.module_getattr(mod, attr)
        if got is None:  # bound by the module's own import-time calls (interp/selfmodule.py)
            got = selfmodule.lookup(self.ip, mod, attr)
        return Ext(qual) if got is None else got

    def module_getattr(self, mod: ModInfo, attr: str) -> Any:
        """A module's own ``__getattr__(name)`` (PEP 562) for a name it does not bind:
        torchani's lazy ``torchani.AEVComputer`` imports ``.aev`` and returns its class. Run
        as the import machinery would; None (the old library-name reading) when it raises
        or its answer is unknown."""

        fn_def = mod.defs.get("__getattr__")
        if not isinstance(fn_def, ast.FunctionDef) or attr.startswith("__"):
            return None
        key = (id(mod), "__getattr__", attr)
        if key in self._pending:
            return None
        self._pending.add(key)
        try:
            fn = self.global_lookup(mod, "__getattr__")
            got = self.ip.calls.call(fn, [attr], {}, (mod.path, fn_def.lineno))
        except Raised:
            return None
        finally:
            self._pending.discard(key)
        return None if isinstance(got, Unknown) else got

    def _handler_binding(self, mod: ModInfo, name: str, st: ast.stmt) -> Any:
        """The value an ``except`` handler's statement ``st`` binds to ``name``."""
        from driftcheck.parsers.source.loader import resolve_relative

        if isinstance(st, ast.ImportFrom):
            base = resolve_relative(mod, st.module, st.level)
            for a in st.names:
                if (a.asname or a.name) == name:
                    return self.import_value(base, a.name)
        elif isinstance(st, ast.Import):
            for a in st.names:
                if a.asname == name:
                    return self.import_value(a.name, None)
                if a.asname is None and a.name.split(".")[0] == name:
                    return self.import_value(name, None)
        elif isinstance(st, ast.ClassDef):
            return self.classes.make_class(st, mod, None)
        elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return self.classes.make_func(st, Frame(mod))
        elif isinstance(st, ast.Assign):
            return self.exprs.eval(st.value, Frame(mod))
        return Unknown(f"{name}: bound by an except handler at line {st.lineno}")

    def transformers_export(self, name: str) -> ModInfo | None:
        """The module behind ``from transformers import BertConfig``. transformers' package
        ``__init__`` reaches its model classes through ``from .models import *`` (every model
        package, each a lazy ``__init__`` of star imports): following that would parse the
        whole library, so the registry's index of model files names the one file instead."""
        from driftcheck.parsers import hf_registry as reg

        pkg = reg.package_dir()
        for kind in ("configuration", "modeling"):
            path = reg.find_class(name, kind)
            if pkg is None or path is None:
                continue
            try:
                dotted = ".".join(path.relative_to(pkg.parent).with_suffix("").parts)
            except ValueError:
                continue
            sub = self.module(dotted)
            if sub is not None and name in sub.defs:
                return sub
        return None

    def star_source(self, mod: ModInfo, name: str, depth: int = 0) -> ModInfo | None:
        """The module a ``from .x import *`` of ``mod`` takes ``name`` from (transformers'
        lazy package ``__init__`` lists its modules that way under ``TYPE_CHECKING``).

        One level: a star-imported package counts by the names its ``__init__`` binds itself
        (``from .conv import *`` where ``conv/__init__.py`` has ``from .gat_conv import
        GATConv``); the package's own star imports are not followed (``from .models import *``
        in transformers' own ``__init__`` would mean parsing the whole library).
        """
        for star in mod.stars:
            path = None if is_stop(star) else self.ip.finder.find(star)
            if path is None:
                continue
            sub = self.module(star)
            if sub is not None and (name in sub.defs or name in sub.assigns or name in sub.imports):
                return sub
            if sub is not None and sub.stars and depth < 3:
                # ``from .mobilenet import *`` where mobilenet.py star-imports mobilenetv2
                found = self.star_source(sub, name, depth + 1)
                if found is not None:
                    return found
        return None

    def global_lookup(self, mod: ModInfo, name: str) -> Any:
        ns = self.ip.globals.setdefault(id(mod), {})
        if name in ns:
            v = globalsat.at_line(self.ip, mod, name, ns[name])  # import-time reads: that line's
            if self.ip.default_reads is not None and v.__class__ in _WATCHED:
                deftime.watch(self.ip.default_reads, v)  # state the memo's key misses
            return v
        v = globalsat.at_line(self.ip, mod, name, self._global_lookup(mod, ns, name))
        if self.ip.default_reads is not None and v.__class__ in _WATCHED:
            deftime.watch(self.ip.default_reads, v)
        return v

    def _global_lookup(self, mod: ModInfo, ns: dict[str, Any], name: str) -> Any:
        if selfmodule.run_once(self.ip, mod) and name in ns:
            return ns[name]  # bound by the module's import-time calls (interp/selfmodule.py)
        # changed at import through another name / a call: read lazily, never replayed (a
        # module whose body the caller runs in order, analyze.module_root, makes those changes;
        # a class body it reads lazily all the same)
        why = aliasing.hidden(mod, name, globalsat.in_order_line(self.ip, mod) is not None)
        if why is not None:
            ns[name] = Unknown(why)
            return ns[name]
        key = (id(mod), name)
        if key in self._pending:
            return Unknown(f"recursive definition of {name}")
        self._pending.add(key)
        try:
            v = self._resolve_global(mod, name)
        finally:
            self._pending.discard(key)
        ns[name] = v
        if (
            name in mod.assigns
            or isinstance(mod.defs.get(name), ast.ClassDef)
            or dispatch.singledispatch_def(mod.defs.get(name))
        ):
            # the statements that fill it at import (interp/modglobals.py)
            modglobals.fill(self.ip, mod, name, v)
            if isinstance(ns[name], dict):  # and other modules' registrations into it
                modglobals.fill_from_importers(self.ip, mod, name)
            # a table a class's ``__init_subclass__`` fills (interp/subclassreg.py)
            ns[name] = subclassreg.global_registry(self.ip, mod, name, ns[name])
            return ns[name]  # the last binding (``default_cfgs = generate(default_cfgs)``)
        if isinstance(v, Func):  # ``make.__defaults__ = (8,)`` at top level (deftime.py)
            deftime.import_writes(self.ip, mod, name, v)
        return v

    def _stamped(self, c: Cls, d: ast.ClassDef, mod: ModInfo) -> Cls:
        """``c`` after the class decorators of the analyzed code that stamp attributes onto
        the class they are handed (``setattr(cls, k.upper(), v)`` in a loop, ``cls.VOCAB =
        384``) and hand it back: Python runs them at the ``class`` statement, so
        ``self.VOCAB`` in the model reads their values. Innermost first; the first decorator
        that is not such a function (a registry's ``@register``, which ``modglobals.fill``
        replays, a library's ``@dataclass``) stops the run with the class as it stands.
        A decorator that raises or hands back something else leaves the attributes it set
        so far unread: the class as the statement defines it is kept."""
        from driftcheck.parsers.source.interp.statements import Raised

        if globalsat.in_order_line(self.ip, mod) == d.lineno:
            # the in-order run is at this ``class`` statement: it runs every decorator of the
            # analyzed code itself, once (analyze.apply_user_decorators); stamping here too
            # ran ``cls.width *= 2`` twice (41 where Python has 21)
            return c
        fr = Frame(mod)
        done = self.ip.__dict__.setdefault(STAMPED, {})  # decorators run here, per statement
        done[id(d)] = 0
        for deco_node in reversed(d.decorator_list):
            try:
                deco = self.exprs.eval(deco_node, fr)
            except (Raised, Exception):  # noqa: BLE001 - a decorator we cannot read: stop
                return c
            done[id(d)] += 1
            if isinstance(deco, Func) and _returns_other(deco.node):
                # ``def wrap(cls): class Wrapped(cls): ...; return Wrapped``: the name binds to
                # what the decorator returns (the class as written was kept: a confident wrong
                # 10 where Python has 22). Followed; what it returns if not known: unknown
                try:
                    out = self.ip.calls.call(deco, [c], {}, (mod.path, deco_node.lineno))
                except Raised as e:
                    return Unknown(
                        f"class {d.name}: decorator at {mod.path}:{deco_node.lineno} raises {e.what}"
                    )
                if isinstance(out, Cls):
                    c = out
                    continue
                if isinstance(out, (Func, Obj)):
                    return out
                return Unknown(
                    f"class {d.name}: what the decorator at {mod.path}:{deco_node.lineno} returns"
                )
            if not isinstance(deco, Func) or not _stamps_argument(deco.node):
                done[id(d)] -= 1  # not run
                return c
            try:
                out = self.ip.calls.call(deco, [c], {}, (mod.path, deco_node.lineno))
            except Raised:
                return c
            if out is not c:
                return c
        return c

    def _resolve_global(self, mod: ModInfo, name: str) -> Any:
        starred = getattr(mod, "star_tried", None)
        if starred and name in starred:
            # ``try: from .linear_torch import *`` / ``except: ... LinearTorch = shim(...)``:
            # with the star-imported modules on disk the body binds the name and the handler
            # never runs (its binding read first had rockpool's every layer a missing shim)
            from driftcheck.parsers.source.loader import import_findable

            if all(import_findable(self.ip.finder, m) for m in starred[name]):
                star = self.star_source(mod, name)
                if star is not None:
                    return self.global_lookup(star, name)
        if name in mod.guarded:
            # ``try: from apex import X; class N(X): ...`` / ``except ImportError: from torch.nn
            # import LayerNorm as N``: without the body's imports on disk, the handler binds N
            from driftcheck.parsers.source.loader import import_findable

            modules, hst = mod.guarded[name]
            if not all(import_findable(self.ip.finder, m) for m in modules):
                return self._handler_binding(mod, name, hst)
        if name in mod.fallbacks and name in mod.imports:
            # ``try: from x import y`` / ``except ImportError: y = None``: the import when
            # ``x`` is installed (found on disk or modelled), else the handler's binding
            from driftcheck.parsers.source.loader import import_findable

            m, a = mod.imports[name]
            if import_findable(self.ip.finder, m):
                return self.import_value(m, a)
            fb = mod.fallbacks[name]
            if fb is not None:
                return self.exprs.eval(fb, Frame(mod))
        d = mod.defs.get(name)
        if isinstance(d, ast.ClassDef):
            if classbody.slots_clash(d) is not None:  # its class statement raised: never bound
                return Unknown(f"class {name}: its __slots__ conflict with a class variable")
            c = self.classes.make_class(d, mod, None)
            return self._stamped(c, d, mod) if d.decorator_list and isinstance(c, Cls) else c
        branch = getattr(mod, "branch_defs", {}).get(name)
        if branch is not None and isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # ``if NEW: def f() ... else: def f() ...``: the branch the import takes
            return modglobals.with_binding(self.ip, mod, name, branch)
        if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)):
            modelled = peftlib.SOURCE_MODELS.get(f"{mod.name}.{name}")
            if modelled is not None:  # a library entry point read from a table, not its source
                return Ext(modelled)
            f = self.classes.make_func(d, Frame(mod))
            if dispatch.singledispatch_def(d):  # filled by ``@name.register(cls)`` below
                return dispatch.decorate(self.ip, d, f, Frame(mod))
            if d.decorator_list:  # ``@lru_cache``: the same object for equal arguments
                return lrucache.decorate(self.ip, d, f, Frame(mod))
            return f
        if name in mod.assigns:
            from driftcheck.parsers.source.interp.decorated import registry_for

            return registry_for(self.ip, mod, name, modglobals.initial(self.ip, mod, name))
        if name in mod.imports:
            m, a = mod.imports[name]
            return self.import_value(m, a)
        if name == "__name__":
            return mod.name
        if name == "__file__" and mod.path is not None:
            # the module's own file: a package reads its data files next to it (library/pkgdata.py);
            # absolute, as Python (3.9+) binds it for a script and for a module found on sys.path
            return os.path.abspath(str(mod.path))
        if name == "__doc__":
            # the module's docstring as Python binds it (the literal, indentation kept; None
            # without one): a model card table in it is parsed at import for the sizes
            return ast.get_docstring(mod.tree, clean=False)
        star = self.star_source(mod, name) if mod.stars else None
        if star is not None:
            return self.global_lookup(star, name)
        if name == "Ellipsis":
            # the builtin name is the one object the literal ``...`` is (``v is Ellipsis``):
            # a name for it compared unequal to every ``...`` item, a confident wrong
            return Ellipsis
        return Ext(f"builtins.{name}")

    def lookup(self, name: str, fr: Frame) -> Any:
        if name in fr.locals:
            return fr.locals[name]
        f = fr.func
        if f is not None:
            # bound somewhere in the function, not yet here: Python raises UnboundLocalError
            # and reads neither the global nor an enclosing scope's variable of that name (the
            # node's cached set read inline: this runs for every global a function reads)
            own = f.node.__dict__.get("_driftcheck_locals")
            if own is None:
                sp = self.ip.speed
                own = globalstmt.local_names(f.node, sp.attr_scans, sp.test_order)
            if name in own:
                return Unknown(f"local variable {name} read before it is bound")
        cl = fr.closure
        if cl and not (fr.func and globalstmt.declared(fr, name, self.ip.speed.attr_scans)):
            # a closure captures variables, not values (Python's cells): the enclosing scopes'
            # live locals, innermost first, give the value the variable holds now -- the last
            # loop value for ``[lambda: i for i in range(3)]``, a name the enclosing function
            # binds after defining the closure; the copy taken at definition is the fallback
            for scope in cl.get("__scopes__") or ():
                if name in scope:
                    return scope[name]
            if name in cl:
                return cl[name]
        return self.global_lookup(fr.mod, name)

    def closure_of(self, fr: Frame) -> dict[str, Any] | None:
        if fr.func is None and not fr.locals:
            return None
        out = {**(fr.closure or {}), **fr.locals}
        out.pop(WRAPPED, None)  # the enclosing function's ``functools.wraps`` mark is its own
        # the enclosing calls' locals, innermost first: a ``nonlocal`` two levels down finds
        # the scope that binds the name (``build``'s ``nonlocal width`` of ``make_factory``)
        out["__scopes__"] = (*live_scopes(fr.locals), *((fr.closure or {}).get("__scopes__") or ()))
        return out


def outer_effects(f: Func) -> tuple[Func, frozenset[str]] | None:
    """The module globals a generator function's body changes (a container's mutator on one,
    an item store, a ``global`` rebinding) outside a ``finally``: read by ``next()`` of its
    eagerly run generator (library/pybuiltins.py). None when it changes none. Kept on the
    node."""
    from driftcheck.parsers.source.interp.modglobals import MUTATORS, changes_in_place

    node = f.node
    keep = tree_memos()  # the ``tree_memos`` switch
    got = node.__dict__.get("_dc_outer_effects") if keep else None
    if got is None:
        local = globalstmt.local_names(node, keep=False, prefilter=current().test_order)
        declared = globalstmt.global_names(node, keep=False)
        names = set()
        # a ``finally`` runs when the generator ends or is closed (``g.close()``, followed at
        # machine.py): the eager run's state after it is what those leave
        late = {
            id(x)
            for t in ast.walk(node)
            if isinstance(t, ast.Try)
            for st in t.finalbody
            for x in ast.walk(st)
        }
        for n in ast.walk(node):
            if id(n) in late:
                continue
            cands: set[str] = set()
            if isinstance(n, ast.Call):
                if isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name):
                    cands.add(n.func.value.id)  # ``LOG.append(w)``
                cands |= {a.id for a in n.args if isinstance(a, ast.Name)}  # ``heappush(h, x)``
            elif isinstance(n, (ast.Assign, ast.AugAssign, ast.Delete)):
                ts = n.targets if isinstance(n, (ast.Assign, ast.Delete)) else [n.target]
                for t in ts:
                    if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
                        cands.add(t.value.id)  # ``LOG[k] = v``
                    elif isinstance(t, ast.Name) and t.id in declared:
                        names.add(t.id)  # ``global N; N += 1``
            for cand in cands:
                if (cand not in local or cand in declared) and changes_in_place(n, cand, MUTATORS):
                    names.add(cand)
        got = frozenset(names)
        if keep:
            node._dc_outer_effects = got  # type: ignore[attr-defined]
    return (f, got) if got else None


def set_name_classes(mod: ModInfo) -> frozenset[str]:
    """The top-level classes of ``mod`` that define ``__set_name__`` (in their body, or a base
    of the same module named plainly that does), cached on the module."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = mod.__dict__.get("_dc_set_name_classes") if keep else None
    if got is None:
        defs = {st.name: st for st in mod.tree.body if isinstance(st, ast.ClassDef)}

        def has(name: str, seen: frozenset[str] = frozenset()) -> bool:
            node = defs.get(name)
            if node is None or name in seen:
                return False
            if any(isinstance(s, ast.FunctionDef) and s.name == "__set_name__" for s in node.body):
                return True
            return any(isinstance(b, ast.Name) and has(b.id, seen | {name}) for b in node.bases)

        got = frozenset(n for n in defs if has(n))
        if keep:
            mod.__dict__["_dc_set_name_classes"] = got
    return got


class Classes:
    """Functions and classes: definitions, class attributes, the MRO and properties."""

    def __init__(self, ip: Interp) -> None:
        self.ip = ip  # the owner: the state every part shares
        # (class, name) whose body value is being read under a module-level patch of it
        self._unpatched: list[tuple[Cls, str]] = []

    def wire(self) -> None:
        """The parts this one asks (set by the owner once all exist)."""
        ip = self.ip
        self.exprs = ip.exprs  # eval
        self.names = ip.names  # closure_of
        self.calls = ip.calls  # call_func
        self.configs = ip.configs  # make_config

    def make_func(self, node: ast.FunctionDef, fr: Frame, owner: Cls | None = None) -> Func:
        f = Func(node=node, mod=fr.mod, closure=self.names.closure_of(fr) if fr.func else None)
        f.owner = owner
        if f.closure is not None and nonlocal_names(node):
            # ``nonlocal x``: the locals of the nearest enclosing call that binds x are x's
            # cell, shared by every call of this function (``cache_fn``'s ``nonlocal cache``),
            # read and written back
            f.closure["__cells__"] = {
                n: self._cell_owner(n, fr, f.closure) for n in nonlocal_names(node)
            }
        for d in node.decorator_list:
            name = unparse(d).split("(")[0].split(".")[-1]
            if name == "staticmethod":
                f.is_static = True
            elif name == "classmethod":
                f.is_classmethod = True
            elif name in ("property", "cached_property"):
                f.closure = {**(f.closure or {}), "__property__": True}
                if name == "cached_property":  # stores its value on the instance (attrs.bind)
                    f.closure["__cached__"] = True
        return f

    @staticmethod
    def _cell_owner(n: str, fr: Frame, closure: dict) -> dict[str, Any]:
        """The locals that hold ``nonlocal n``'s cell: those of the enclosing call that binds
        ``n`` (that call's own cell when it too declares ``n`` nonlocal), else the innermost."""
        own = (fr.closure or {}).get("__cells__") if fr.func else None
        if own and n in own and fr.func and n in nonlocal_names(fr.func.node):
            return own[n]
        for scope in closure.get("__scopes__") or ():
            if isinstance(scope, dict) and n in scope:  # not a comprehension's own names
                return scope
        return fr.locals

    def make_class(self, node: ast.ClassDef, mod: ModInfo, fr: Frame | None) -> Cls:
        c = Cls(name=node.name, mod=mod, node=node)
        frame = fr or Frame(mod)
        bases = [self.class_base(b, frame, node.bases, i) for i, b in enumerate(node.bases)]
        c.bases = self.resolve_bases([b for b in bases if b is not _NO_ENTRY], node, mod)
        c.ns = {"__frame__": frame}
        if any(isinstance(b, Cls) for b in c.bases):
            self.init_subclass(c, frame)
        made = metanew.create(self, c)  # a metaclass read from source: its hooks
        if isinstance(made, Cls) and made is c:
            self._set_names_now(c)
        return made

    def _set_names_now(self, c: Cls) -> None:
        """CPython calls ``__set_name__`` of every class attribute that has one when the class
        is made, in the body's order; the attributes here are read lazily, so a descriptor
        whose hook records into shared state (a module's ``FIELDS`` list) would never have run
        for a class nobody reads. The attributes whose value is a call of a class of the same
        module defining ``__set_name__`` (itself or a base there, by name) are read now."""
        wanted = set_name_classes(c.mod)
        if not wanted:
            return
        for st in c.node.body:
            if isinstance(st, ast.Assign):
                targets, value = st.targets, st.value
            elif isinstance(st, ast.AnnAssign) and st.value is not None:
                targets, value = [st.target], st.value
            else:
                continue
            if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
                continue
            if value.func.id not in wanted:
                continue
            for t in targets:
                if isinstance(t, ast.Name):
                    self.class_attr(c, t.id)

    def resolve_bases(self, bases: list[Any], node: ast.ClassDef, mod: ModInfo) -> list[Any]:
        """``types.resolve_bases``, as the ``class`` statement runs it: a base that is an
        instance of a source class with its own ``__mro_entries__`` (``class Net(WithStem(3,
        32))``) is replaced by the classes that method returns when called with the tuple of
        the bases as written; a result that is not a tuple of classes is an unknown base."""
        out: list[Any] = []
        for v in bases:
            o = plain(v)
            if not (isinstance(o, Obj) and not o.module and isinstance(o.cls, Cls)):
                out.append(v)
                continue
            fn = dunders.source_func(self.ip, o.cls, "__mro_entries__")
            if fn is None:
                out.append(v)
                continue
            bound = Func(fn.node, fn.mod, fn.closure, fn.owner, o)
            got = plain(self.calls.call_func(bound, [tuple(bases)], {}))
            if isinstance(got, tuple) and all(isinstance(plain(x), (Cls, Ext)) for x in got):
                out.extend(plain(x) for x in got)
            else:
                where_ = f"{Path(str(mod.path)).name}:{node.lineno}"
                out.append(Unknown(f"a base's __mro_entries__ result at {where_}"))
        return out

    def class_base(self, b: ast.expr, frame: Frame, written: list[ast.expr], i: int) -> Any:
        """One base of a ``class`` statement. A subscripted generic of a class we read
        (``class CartPole(gym.Env[np.ndarray, int])``, ``class Box(Space[T])``) is a
        ``typing`` alias whose ``__mro_entries__`` gives Python the class itself: that class
        is the base (the subscript alone is unknown to the interpreter). ``Generic[X]`` /
        ``Protocol[X]`` give ``typing.Generic`` / ``typing.Protocol`` as CPython's
        ``_GenericAlias.__mro_entries__`` does: ``Generic[X]`` gives nothing (``_NO_ENTRY``)
        when ``Protocol`` is a base or a later base is subscripted too (that alias brings
        ``Generic``); it was an unknown base (``class RegistrationError(KeyError,
        Generic[X], ABC)``: ``except TypeError`` could not be told not to catch it)."""
        v = self.exprs.eval(b, frame)
        if isinstance(b, ast.Subscript) and isinstance(v, Unknown):
            origin = self.exprs.eval(b.value, frame)
            if isinstance(origin, Cls):
                return origin
            qual = getattr(origin, "qual", None) if isinstance(origin, Ext) else None
            if qual in _GENERIC_ORIGINS:
                if _GENERIC_ORIGINS[qual] == "typing.Generic" and (
                    any(isinstance(w, ast.Subscript) for w in written[i + 1 :])
                    or any(
                        _GENERIC_ORIGINS.get(getattr(self.exprs.eval(w, frame), "qual", None))
                        == "typing.Protocol"
                        for w in written
                        if not isinstance(w, ast.Subscript)
                    )
                ):
                    return _NO_ENTRY
                return Ext(_GENERIC_ORIGINS[qual])
        return v

    def init_subclass(self, c: Cls, frame: Frame) -> None:
        """The class statement calls the nearest ``__init_subclass__`` after ``c`` in its MRO
        with the class keywords (``class Tiny(Base, layers=2, width=64)``), as ``type.__new__``
        does; one defined in analyzed source runs here, once. One that cannot be followed
        leaves what it would have stored absent; one that raises makes importing the module
        fail (``subclassreg.failed``: no count, never a registry's default taken). One of an
        installed library (transformers wraps each layer's ``forward`` there) is not run: the
        analyzer models those libraries' classes itself."""
        fn = dunders.own_method(self.ip, c, "__init_subclass__", after=c)
        if fn is None:
            return
        kw = {
            k.arg: self.exprs.eval(k.value, frame)
            for k in c.node.keywords
            if k.arg is not None and k.arg != "metaclass"
        }
        if len(kw) != sum(1 for k in c.node.keywords if k.arg != "metaclass"):
            return  # ``**spec`` in the class statement: keywords we cannot list
        try:
            self.calls.call(fn, [c], kw, (str(c.mod.path), c.node.lineno))
        except Budget:
            raise
        except Raised as e:  # importing the module raises: recorded, never a default taken
            subclassreg.failed(self.ip, c.mod, c.node, e)
        except Exception:  # noqa: BLE001 - what it would store stays absent
            pass

    def class_attr(self, cls: Cls, name: str) -> tuple[bool, Any]:
        """Look ``name`` up in the class body (last binding wins), evaluating lazily."""
        if not getattr(cls, subclassreg.DONE, False) and name[:2] != "__":
            # a table its ``__init_subclass__`` fills: the subclasses Python made at import
            subclassreg.ensure(self.ip, cls)
        if not cls.__dict__.get(classtype.META_MADE) and name[:2] != "__":
            classtype.made_at_import(self.ip, cls)  # a metaclass's statement-time state
        lost = cls.ns.get(UNNAMED_SETATTR)
        if lost is not None and name != "__frame__":  # library/python.py ``_setattr``
            return True, Unknown(f"{cls.name}.{name}: {lost}")
        if name in cls.ns:
            v = cls.ns[name]
            if self.ip.default_reads is not None and v.__class__ in _WATCHED:
                # a class attribute's list / dict / set is state shared by every instance, as a
                # module global's (``self.registry.append(1)`` in each construction): the memo
                # watches it (deftime.watch; 16 where torch has 18 otherwise)
                deftime.watch(self.ip.default_reads, v)
            return True, v
        found = body_index(cls.node).get(name)
        frame = cls.ns["__frame__"]
        patch = class_patches(cls.mod.tree).get((cls.name, name))
        before: Any = Unknown(f"recursive class attribute {name}")
        upto = globalsat.in_order_line(self.ip, cls.mod)
        if patch is not None and upto is not None and patch.lineno > upto:
            # the module's body runs in order up to a line above the patch (a script's
            # ``model = M()`` then ``Cfg.d = 64``): not set yet; the caller runs it if reached
            patch = None
        if (
            patch is not None
            and cls.node in cls.mod.tree.body
            and (cls, name) not in self._unpatched
        ):
            # ``Klass.fn = staticmethod(fn)`` after the class, at module level: set at import
            # time, before any user code reads it (hyper-connections' mHC)
            if found is not None and _patched_once(cls.mod.tree, cls.name, name):
                # ``Enc.__init__ = deco(Enc.__init__)``: the right side reads the body's own
                # (it read an unknown: the wrapper called nothing, the layer counted empty)
                self._unpatched.append((cls, name))
                try:
                    ok, own = self.class_attr(cls, name)
                finally:
                    self._unpatched.pop()
                before = own if ok else before
            found, frame = patch, Frame(cls.mod)
        lost = classtype.metaclass_rewrites(self.ip, cls) if name[:2] != "__" else None
        if found is None and lost is None:
            return False, None
        if lost is None:
            lost = classtype.state_at_import(self.ip, cls, name)
        if lost is not None:  # changed by code the import ran (interp/classtype.py)
            cls.ns[name] = UnknownState(lost)
            return True, cls.ns[name]
        cls.ns[name] = before
        if isinstance(found, (ast.FunctionDef, ast.AsyncFunctionDef)):
            v: Any = self.make_func(found, frame, owner=cls)
            modelled = gymspaces.method(cls.mod.name, cls.name, name)
            if modelled is not None:  # a library method read from a table, not its source
                v = modelled
            elif name == "__init__" and found.decorator_list:
                v = self.decorate_init(v, found, frame)
            elif found.decorator_list and dispatch.method_decorator(self.ip, found, frame):
                # ``@singledispatchmethod``: dispatch over the ``@name.register`` definitions
                reg = dispatch.method_registrations(
                    self.ip, cls, name, frame, lambda st: self.make_func(st, frame, owner=cls)
                )
                v = (
                    dispatch.SingleDispatchMethod(v, self.ip, reg)
                    if reg is not None
                    else Unknown(
                        f"@singledispatchmethod {name} at {cls.mod.path.name}:{found.lineno}"
                    )
                )
            elif found.decorator_list and not (v.is_static or v.is_classmethod):
                v = self.decorate_method(v, found, frame, cls)
        elif isinstance(found, ast.ClassDef):
            v = self.make_class(found, cls.mod, frame)
        else:
            from driftcheck.parsers.source.interp.classbody import body_frame

            frame = body_frame(self, cls, found, frame)  # names bound above it in the body
            # a top-level class body runs at import: the module's globals at that line
            top = any(st is cls.node for st in cls.mod.tree.body)
            old = globalsat.enter(self.ip, cls.mod, found.lineno) if top else None
            try:
                v = self.exprs.eval(found.value, frame)
            finally:
                if top:
                    globalsat.leave(self.ip, cls.mod, old)
            v = self.unpacked_class_attr(found, name, v)
            v = self.set_name(cls, name, v)
        cls.ns[name] = v
        if self.ip.default_reads is not None and v.__class__ in _WATCHED:
            deftime.watch(self.ip.default_reads, v)  # as above
        return True, v

    def set_name(self, cls: Cls, name: str, v: Any) -> Any:
        """``v.__set_name__(cls, name)`` for a class attribute whose class defines it (a
        descriptor recording the name it was bound to: interp/attrs.py ``descriptor``), as
        CPython calls it when the class is made; one that raises leaves the attribute
        unknown (CPython fails to make the class)."""
        hook = self.ip.attrs.descriptor(v, "__set_name__")
        if hook is None:
            return v
        from driftcheck.parsers.source.interp.statements import Raised  # a cycle

        try:
            self.calls.call_func(hook, [cls, name], {})
        except Raised:
            return Unknown(f"{cls.name}.{name}: __set_name__ raised")
        return v

    def unpacked_class_attr(self, st: ast.stmt, name: str, v: Any) -> Any:
        """``A, B = "a", "b"`` in a class body: ``name``'s item of the value (the last target
        that binds it wins, as Python assigns left to right); unknown where the value cannot
        be unpacked to the target's length."""
        got: Any = v
        for t in getattr(st, "targets", []):
            if isinstance(t, ast.Name) and t.id == name:
                got = v
            elif isinstance(t, (ast.Tuple, ast.List)) and any(
                isinstance(e, ast.Name) and e.id == name for e in t.elts
            ):
                items = self.ip.items.iterate(v)
                if items is None or len(items) != len(t.elts):
                    got = Unknown("unpack")  # a starred target or a length we cannot know
                    continue
                got = next(x for e, x in zip(t.elts, items) if getattr(e, "id", None) == name)
        return got

    def decorate_init(self, f: Func, node: ast.FunctionDef, frame: Frame) -> Any:
        """A decorated ``__init__`` (diffusers' ``@register_to_config``, which records the
        arguments as ``self.config`` before running it): the decorators that are functions of
        the analyzed code are run on it, innermost first, as the class statement would; others
        (``torch.no_grad()``, names of libraries we do not read) leave it as it is."""
        v: Any = f
        for d in reversed(node.decorator_list):
            callee = self.exprs.eval(d.func if isinstance(d, ast.Call) else d, frame)
            if not isinstance(callee, Func):
                continue
            deco = self.exprs.eval(d, frame) if isinstance(d, ast.Call) else callee
            if not isinstance(deco, Func):
                continue
            try:
                out = self.calls.call(deco, [v], {}, (str(frame.mod.path), d.lineno))
            except Raised:
                return f  # the decorator raises on our reading: the undecorated ``__init__``
            if not isinstance(out, Func):
                return f  # not a function we can follow: the undecorated ``__init__``
            out.owner = out.owner or f.owner
            v = out
        return v

    def decorate_method(self, f: Func, node: ast.FunctionDef, frame: Frame, cls: Cls) -> Any:
        """A method under decorators of its own package (byol-pytorch's ``@singleton("key")``,
        which caches what the method builds on ``self``): they are run on it as the class
        statement would, innermost first. Decorators of other packages (a type checker, a
        ``torch`` helper) leave it as it is. One of its own package that we cannot follow is
        recorded on the class (``__undecorated__``): a call that may build layers through the
        method is then unresolved (``Calls.module_call``), never counted without its cache."""
        if f.closure is not None and f.closure.get("__property__"):
            return f
        top = cls.mod.name.split(".")[0]
        v: Any = f
        for d in reversed(node.decorator_list):
            callee = self.exprs.eval(d.func if isinstance(d, ast.Call) else d, frame)
            if not isinstance(callee, Func) or callee.mod.name.split(".")[0] != top:
                continue
            why = f"@{unparse(d)} on {node.name} at {cls.mod.path.name}:{d.lineno} not followed"
            try:
                deco = self.exprs.eval(d, frame) if isinstance(d, ast.Call) else callee
                out = self.calls.call(deco, [v], {}, (str(frame.mod.path), d.lineno))
            except Raised:
                out = None
            if not isinstance(out, Func):
                cls.ns.setdefault("__undecorated__", []).append(why)
                return f
            out.owner = out.owner or f.owner
            v = out
        return v

    def undecorated(self, m: Any, seen: set[int] | None = None) -> list[str]:
        """The decorators of their own package that ``decorate_method`` could not run, on the
        methods of module ``m``'s classes and its sub-modules' (each method looked up, so
        decorated, first)."""
        seen = set() if seen is None else seen
        if not isinstance(m, Obj) or id(m) in seen:
            return []
        seen.add(id(m))
        out: list[str] = []
        for c in m.cls.mro() if m.cls is not None else []:
            if not isinstance(c, Cls):
                continue
            for st in c.node.body:
                if isinstance(st, ast.FunctionDef) and st.decorator_list and st.name != "__init__":
                    self.class_attr(c, st.name)
            out += c.ns.get("__undecorated__", [])
        for child in m.children.values():
            out += self.undecorated(child, seen)
        return out

    def property_setter(self, cls: Cls, name: str) -> Func | None:
        """The ``@name.setter`` function of a property ``name`` in ``cls``'s MRO, if any:
        ``config.out_features = [...]`` runs it, as Python does for a data descriptor."""
        key = f"__setter__{name}"
        if key not in cls.ns:
            found: Func | None = None
            for c in cls.mro():
                if not isinstance(c, Cls):
                    continue
                for st in c.node.body:
                    if isinstance(st, ast.FunctionDef) and st.name == name and _is_setter(st, name):
                        found = self.make_func(st, c.ns["__frame__"], owner=c)
                if found is not None:
                    break
            cls.ns[key] = found
        return cls.ns[key]

    def call_setter(self, setter: Func, inst: Any, v: Any) -> bool:
        """Run a property setter on ``inst``; False when it raised (the caller stores ``v``)."""
        from driftcheck.parsers.source.interp.statements import Raised

        bound = Func(setter.node, setter.mod, setter.closure, setter.owner, inst)
        try:
            self.calls.call_func(bound, [v], {})
        except Raised:
            return False
        return True

    def config_from_dict_call(self, cls: Cls, a: list, k: dict) -> Any:
        """``ConfigClass.from_dict(d, **kw)``: the class built from the dict's keys."""
        d = plain(a[0]) if a else None
        if isinstance(d, Config):
            d = dict(d.fields)
        if not isinstance(d, dict):
            return Unknown("from_dict of an unknown dict")
        kw = {str(x): y for x, y in d.items() if isinstance(x, str) and x.isidentifier()}
        kw.update({x: y for x, y in k.items() if x != "**"})
        return self.configs.make_config(cls, [], kw, (cls.mod.path, cls.node.lineno))

    def mro_attr(self, cls: Cls, name: str, after: Cls | None = None) -> tuple[bool, Any, Any]:
        """(found, value, defining class) through the MRO, optionally after ``after``."""
        mro = cls.mro()
        if after is not None and after in mro:
            mro = mro[mro.index(after) + 1 :]
        for i, c in enumerate(mro):
            if isinstance(c, Cls):
                ok, v = self.class_attr(c, name)
                if ok:
                    return True, v, c
            elif isinstance(c, Ext):
                if c.qual in _NN_MODULE and name not in NN_MODULE_MEMBERS and name[:2] != "__":
                    continue  # ``nn.Module`` lacks it: a mixin after it in the MRO may define it
                if name not in _OWN_NAMES.get(c.qual, (name,)) and any(
                    isinstance(x, (Cls, Ext)) and getattr(x, "qual", "") != "builtins.object"
                    for x in mro[i + 1 :]
                ):
                    # ``abc.ABC`` / ``typing.Generic`` define no ``__init__``: Python reads on
                    # (``class LSTM(RNN, nn.LSTM)``, ``class RNN(ABC, nn.RNNBase)``: torch's
                    # ``LSTM.__init__`` runs, where ABC's empty one built no weights, 0 counted)
                    continue
                return False, None, c
        return False, None, None

    def is_module_cls(self, cls: Any) -> bool:
        if tensorsub.is_tensor_cls(cls):  # ``class P(nn.Parameter)``: a tensor, not a module
            return False
        for c in cls.mro() if isinstance(cls, Cls) else [cls]:
            if isinstance(c, Ext):
                q = c.qual
                if q in MODULE_BASES or q.startswith("torch.nn.") and "functional" not in q:
                    return True
                if q.startswith("transformers.") and q.endswith(("PreTrainedModel", "Layer")):
                    return True
        return False


_WEAKREF = ("weakref.ref", "_weakref.ref")  # ``weakref.ref(<call>)``: Calls.temporary_referent
# weak references whose second argument is a callback the collector calls (Calls.eval_call)
_WEAK_CALLBACKS = (*_WEAKREF, "weakref.finalize", "weakref.WeakMethod", "_weakref.finalize")


_TYPED_DICT = ("typing.TypedDict", "typing_extensions.TypedDict")


# an unknown of no more specific kind (a plain one, or a container: values/abstract.py): a
# callable we could not follow, whose result may be a layer
_PLAIN_UNKNOWNS = (Unknown, UnknownContainer)


def _is_typed_dict(cls: Cls) -> bool:
    """A class statement deriving from ``TypedDict`` (directly or through another one)."""
    return any(isinstance(c, Ext) and c.qual in _TYPED_DICT for c in cls.mro())


def _not_followed(f: Any) -> bool:
    """Whether a call of ``f`` runs code we neither read nor model: an unknown callee, or a
    library function no registry entry models (not a builtin, not a torch.nn class)."""
    f = plain(f)
    if isinstance(f, Unknown):
        return True
    if f.__class__ is not Ext and f.__class__ is not ExtClass:
        return False
    q = f.qual
    if q.startswith("builtins.") or (q.startswith("torch.nn.") and "functional" not in q):
        return False
    from driftcheck.parsers.source.library import registry

    return registry.lookup(q) is None and q not in tensorvalues_funcs()


def tensorvalues_funcs() -> Any:
    from driftcheck.parsers.source.library import tensorvalues

    return tensorvalues.FUNCS


def handed_mutators(ip: Any, args: list, kwargs: dict, fr: Frame, e: ast.Call, f: Any) -> None:
    """A method that changes a list, dict or set in place (``layers.append``), handed to code
    we do not follow (``stack.callback(layers.append, conv)``, ``register(d.update)``): that
    code may call it, any number of times, so the container is unknown from here on -- every
    holder reachable from the frame (branchstate.forget). Dropped, the layers appended at
    ``ExitStack``'s exit were missing: a confident count (1,120 where torch has 1,154)."""
    from driftcheck.parsers.source.interp import branchstate
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    held: dict[int, Any] = {}
    for a in (*args, *kwargs.values()):
        m = plain(a)
        for _ in range(8):  # ``partial(layers.append, conv)``: the method it calls
            if getattr(m, "library_type", None) != "functools.partial":
                break
            m = plain(m.func)
        if isinstance(m, BuiltinMethod) and m.receiver is not None:
            held[id(m.receiver)] = m.receiver
    if not held:
        return
    what = f.qual if isinstance(plain(f), Ext) else unparse(e.func)
    where = f"{fr.mod.path.name}:{e.lineno}" if fr.mod is not None else f"line {e.lineno}"
    why = f"a method changing it in place handed to {what} at {where}, not followed"
    for i, c in held.items():
        ip.havoc.setdefault(i, (c, why))
    branchstate.forget(fr.locals, set(held), [], why)


_MODULE_QUALS = dunders.NN_MODULE


# builtin types whose methods, read from the type (``list.append``), are called with the
# instance first (``Calls.call``)
_UNBOUND = {t.__name__: t for t in (list, dict, set)}


def _unbound_in_place(qual: str, tname: str, meth: str, first: Any) -> bool:
    """Whether ``<type>.<meth>(first, ...)`` (``qual``) is an instance method of ``bytearray``,
    ``collections.deque``, ``list``, ``dict`` or ``set`` (CPython's method or slot wrapper of
    the type) called on an instance of exactly that type, for a method ``_UNBOUND``'s route
    leaves out: a method of bytearray / deque, or a dunder changing the instance in place
    (library/dunderops.py ``MUTATING``)."""
    if qual.startswith("builtins."):
        real: Any = {"list": list, "dict": dict, "set": set, "bytearray": bytearray}.get(tname)
    elif qual.startswith("collections.deque."):
        import collections

        real = collections.deque
    else:
        return False  # (``torch.nn.Linear(...)`` ends here: every such call asks)
    import collections

    from driftcheck.parsers.source.library import dunderops

    raw = unwrap(first)
    c = dunderops.kind(raw) if real is not None else None
    if c is None:
        return False
    if real is bytearray or real is collections.deque:
        same = (raw.__class__.__name__ == "ByteArray") == (real is bytearray) and (
            hasattr(raw, "appendleft") == (real is collections.deque)
        )
    else:
        same = raw.__class__ is real
    d = type(vars(real).get(meth)).__name__
    return same and (
        (d == "method_descriptor" and real in (bytearray, collections.deque))
        or (d == "wrapper_descriptor" and meth in dunderops.MUTATING[c])
    )


class Calls:
    """Calls: arguments, functions, instantiation and dataclasses."""

    def __init__(self, ip: Interp) -> None:
        self.ip = ip  # the owner: the state every part shares
        self.constructing: list[Obj] = []  # the instances whose ``__init__`` runs, innermost last

    def wire(self) -> None:
        """The parts this one asks (set by the owner once all exist)."""
        ip = self.ip
        self.exprs = ip.exprs  # eval
        self.stmts = ip.stmts  # run_body, tick, too_big
        self.classes = ip.classes  # is_module_cls, mro_attr
        self.items = ip.items  # iterate
        self.configs = ip.configs  # is_config_cls, make_config
        self.memo = ip.memo  # instantiate
        self.library = ip.library  # call_ext, ext_init

    def _repeated_keyword(self, e: ast.Call, fr: Frame) -> None:
        """A keyword given twice through ``**`` (TypeError in Python, before the call): raised
        on a decided path; under an undecided condition (where a dict's keys may hold one a
        branch added) the call is not followed."""
        if self.ip.uncertain:
            raise NotImplementedError("a keyword argument given twice through ** (TypeError?)")
        raise Raised("TypeError", e.lineno, fr.mod.path)

    def eval_call(self, e: ast.Call, fr: Frame) -> Any:
        f = self.exprs.eval(e.func, fr)
        if (
            len(e.args) == 1
            and e.args[0].__class__ is ast.GeneratorExp
            and not e.keywords
            and isinstance(f, Ext)
            and f.qual in ("builtins.any", "builtins.all")
        ):  # ``any((w := x) > 8 for x in xs)``: read item by item (interp/compwalrus.py)
            got = compwalrus.short_circuit(self.exprs, f.qual[9:], e.args[0], fr)
            if got is not NotImplemented:
                return got
        frameintro.mark_drained(self.ip, f, e)  # ``list(map(f, xs))``: drained at once
        args: list[Any] = []
        for a in e.args:
            if isinstance(a, ast.Starred):
                starred = self.exprs.eval(a.value, fr)
                items = self.items.iterate(starred)
                if items is None:
                    return self.call_not_followed(e, f, fr, starred)
                args.extend(items)
            else:
                args.append(self.exprs.eval(a, fr))
        kwargs: dict[str, Any] = {}
        for k in e.keywords:
            if k.arg is None:
                more = plain(self.exprs.eval(k.value, fr))
                if isinstance(more, Config):
                    more = dict(more.fields)
                if isinstance(more, Obj):  # ``**cfg``: its keys() and [] (interp/mapsplat.py)
                    got = mapsplat.splat(self, more)
                    more = more if got is NotImplemented else got
                if not isinstance(more, dict):
                    kwargs["**"] = Unknown(f"{unparse(k.value)} at line {e.lineno}")
                    continue
                if id(more) in self.ip.havoc:
                    why = self.ip.havoc[id(more)][1]
                    kwargs["**"] = Unknown(f"{unparse(k.value)} at line {e.lineno}: {why}")
                    continue
                got = {str(kk): vv for kk, vv in more.items()}
                if any(kk in kwargs for kk in got):
                    # ``f(**a, **b)`` with a key in both: "got multiple values for keyword
                    # argument" (TypeError), whatever the callee
                    self._repeated_keyword(e, fr)
                kwargs.update(got)
            else:
                if k.arg in kwargs:
                    self._repeated_keyword(e, fr)  # ``f(**a, w=1)`` with ``w`` in ``a``
                kwargs[k.arg] = self.exprs.eval(k.value, fr)
        frameintro.drain_now(self.ip, e, f, args)
        if isinstance(f, Ext) and f.qual in ("builtins.super",):
            return self.make_super(args, fr)
        if isinstance(f, Ext) and f.qual == "torch.arange" and e.args:
            self.exprs.arange_use(e, args, fr)  # a position table's rows (session 35)
        if isinstance(f, Ext) and f.qual in _WEAKREF and e.args and isinstance(e.args[0], ast.Call):
            args[0] = self.temporary_referent(e.args[0], args[0], fr)
        if (
            isinstance(f, Ext)
            and f.qual in frameintro.FINALIZE
            and len(args) > 1
            and frameintro.finalize_at_del(self, f, args, kwargs, fr, e)
        ):
            pass  # its callback runs at the ``del`` that frees the object (interp/frameintro.py)
        elif isinstance(f, Ext) and f.qual in _WEAK_CALLBACKS and len(args) > 1:
            # ``weakref.finalize(obj, events.append, x)`` / ``weakref.ref(obj, cb)``: the
            # callback runs when the collector frees ``obj`` (at a ``del`` of its last name,
            # later, or at exit): a method changing a container in place handed there makes
            # that container unknown from here on, as any code we do not follow; a function
            # of the analyzed code: what it reaches (frameintro.handed_callbacks)
            frameintro.handed_callbacks(self.ip, args[1:], kwargs, fr, e, f)
        if plain(f).__class__ is lrucache.CachedFunc and plain(f).hashes():
            lists = [a for a in (*e.args, *(k.value for k in e.keywords)) if a.__class__ in _LISTS]
            if lists:  # ``width([2, 3])``: TypeError: unhashable type: 'list'
                raise Raised("TypeError", lists[0].lineno, fr.mod.path)
        if isinstance(f, Ext) and f.qual in frameintro.GETFRAME:
            return frameintro.getframe(self.ip, f, args, kwargs, fr, e)
        if isinstance(f, Ext) and f.qual == "builtins.locals" and not args and not kwargs:
            return wildlib.frame_locals(fr, e)
        if isinstance(f, Ext) and f.qual == "builtins.globals" and not args and not kwargs:
            return wildlib.ModGlobals(fr.mod)
        if isinstance(f, Ext) and f.qual == "builtins.eval" and len(args) == 1 and not kwargs:
            return self.eval_text(args[0], fr, e)
        if isinstance(f, Ext) and f.qual == "builtins.eval" and 1 <= len(args) <= 3:
            from driftcheck.parsers.source.interp.exectext import eval_in  # a cycle

            return eval_in(self, args, kwargs, fr, e)
        if (
            isinstance(f, Ext)
            and f.qual == "builtins.next"
            and e.args
            and isinstance(e.args[0], ast.GeneratorExp)
            and isinstance(plain(args[0]), list)
        ):
            # ``next(c for c in presets if c["name"] == name)`` (lit-gpt's ``from_name``): a
            # generator expression is evaluated here as the list of what it yields, so next()
            # takes its first item, or the default when nothing matched
            args[0] = iter(plain(args[0]))
        if isinstance(f, Ext) and f.qual == "builtins.exec" and 1 <= len(args) <= 3 and not kwargs:
            from driftcheck.parsers.source.interp.exectext import exec_text  # a cycle

            return exec_text(self, args, fr, e)
        if (
            isinstance(f, Unknown)
            and isinstance(e.func, ast.Attribute)
            and e.func.attr == "__get__"
        ):
            # ``fn.__get__(self, Cls)`` of an unknown descriptor (torch_geometric's jinja
            # ``propagate``): a bound method -- a module has no ``__get__`` (AttributeError)
            return UnknownPlain(f"a descriptor's __get__ at line {e.lineno} (a bound method)")
        if f.__class__ is FramedMethod:
            return f.framed(args, kwargs, fr, e)
        kept = (
            f.__class__ is Ext
            and f.qual.startswith("atexit.")
            and frameintro.atexit_call(self.ip, f.qual, args, kwargs, fr, e)
        )  # run at exit, after the model is read, or by ``_run_exitfuncs``
        if kept:
            pass
        elif f.__class__ is Ext and f.qual in frameintro.LATER_CALLBACKS:
            frameintro.handed_later(self.ip, args, kwargs, fr, e, f.qual)  # runs it later
        elif f.__class__ is Func and frameintro.executor_queue(f):
            what = f"{f.mod.name}.{f.name}"
            frameintro.handed_later(self.ip, args, kwargs, fr, e, what)
        if _not_followed(f) and not kept:
            handed_mutators(self.ip, args, kwargs, fr, e, f)
        if f.__class__ in _PLAIN_UNKNOWNS or f.__class__ is UnknownModule:
            ownerless.method_put(self.ip, e, args, kwargs, fr)  # ``y.append(layer)``, y unknown
        if f.__class__ in _PLAIN_UNKNOWNS and self.may_build(e, fr):
            # a callable we could not follow (``partial(PreNorm, norm, dim)`` unmodelled, a
            # class from a table we cannot read): what it returns may be a layer with weights,
            # so ``self.f = wrapper(attn)`` is an unknown layer, never a silently dropped one
            return UnknownModule(f"the result of calling {f.why}")
        if f.__class__ is Func:
            self.ip.call_site = (f, fr, e)  # the caller call_func gives the new frame
        elif f.__class__ is Ext and f.qual.startswith("torch."):
            # torch's argument checks on a construction certain to run (session 36)
            from driftcheck.parsers.source.interp import torchchecks_init

            raised = torchchecks_init.judge(self.ip, f, e, args, kwargs, fr.mod.path)
            if raised is not None:
                out = self.call(f, args, kwargs, (fr.mod.path, e.lineno))
                torchchecks_init.place(raised, out)  # on the layer it built, for dedup
                return out
        return self.call(f, args, kwargs, (fr.mod.path, e.lineno))

    def temporary_referent(self, arg: ast.Call, value: Any, fr: Frame) -> Any:
        """What ``weakref.ref(<call>)`` refers to once the statement is done: CPython frees an
        object that nothing else holds, so the reference's call gives None. That is known for
        a layer a torch class builds (``weakref.ref(nn.Linear(2, 2))()`` is None: the layer
        counted as held was 18 where torch has 9); a call of other code may keep the object
        elsewhere (a registry, a cache), so its reference is unknown."""
        callee = arg.func
        while isinstance(callee, ast.Attribute):
            callee = callee.value
        if (
            isinstance(callee, ast.Name)
            and isinstance(plain(value), Leaf)
            and (callee is arg.func or isinstance(self.exprs.eval(callee, fr), Ext))
        ):
            made = self.exprs.eval(arg.func, fr)  # a name or a module's attribute: no effects
            lazy = made.qual.rsplit(".", 1)[-1].startswith("Lazy") if isinstance(made, Ext) else 0
            if isinstance(made, Ext) and made.qual.startswith("torch.nn.") and not lazy:
                # (a lazy module holds a bound method of itself, a cycle: alive until the
                # cycle collector runs, whenever that is -- tests/test_wild_constructs33f.py)
                return None
        where = f"{fr.mod.path.name}:{arg.lineno}"
        return Unknown(f"weakref.ref of a call's result at {where} (alive only if held elsewhere)")

    def eval_text(self, text: Any, fr: Frame, e: ast.Call) -> Any:
        """``eval(s)`` of a text known statically, in the caller's scope (fairseq's
        ``eval(conv_feature_layers)`` of ``"[(512, 10, 5)] + [(512, 3, 2)] * 4"``): the text is
        parsed as one expression and interpreted like the code around it, never run. A text
        we do not know, or that is not one expression, is unknown."""
        s = plain(text)
        where = f"{fr.mod.path.name}:{e.lineno}"
        if not isinstance(s, str) or len(s) > wildlib.TEXT_MAX:
            from driftcheck.parsers.source.interp.exectext import not_followed  # a cycle

            # the text may call ``model.add_module(...)``: what it can reach is unresolved
            return not_followed(self, fr, f"eval() of a text not known statically at {where}")
        from driftcheck.parsers.source.interp.exectext import parse_eval  # a cycle

        tree = parse_eval(s, e.lineno, where)
        return tree if isinstance(tree, Unknown) else self.exprs.eval(tree, fr)

    def may_build(self, e: ast.Call, fr: Frame) -> bool:
        """Whether an unknown callee may be a class or factory: a name or an item holding one
        (``wrapper(x)``, ``LAYERS[k](x)``) or an attribute of a known object
        (``self.norm_cls(dim)``); not a method of an unknown value (``arr.tolist()``)."""
        if isinstance(e.func, ast.Attribute):
            return not isinstance(plain(self.exprs.eval(e.func.value, fr)), Unknown)
        return True

    def call_not_followed(self, e: ast.Call, f: Any, fr: Frame, starred: Any = None) -> Any:
        """A call whose ``*args`` we cannot enumerate. What it would build is unknown, never
        nothing: ``super().__init__(*reversed(adjacency.shape))`` in an ``nn.Linear`` subclass
        leaves ``self`` unresolved (its weight is not silently missing); a class or factory
        called so gives an unknown layer."""
        where = f"{fr.mod.path.name}:{e.lineno}"
        starred = plain(starred)
        if isinstance(starred, Unknown) and starred.why:
            where = f"{where} ({starred.why[:200]})"  # what made the items unknown
        if isinstance(e.func, ast.Attribute) and e.func.attr == "__init__":
            me = plain(fr.locals.get("self"))
            if isinstance(me, Obj):
                me.unresolved.append(f"__init__ called with *args not enumerable at {where}")
            return None
        if isinstance(f, Func) and self.constructing:
            # a function of the analyzed code called with items we cannot list while a module
            # is being built (gin's wrapper of ``__init__``: ``fn(*new_args, **new_kwargs)``):
            # the instance may be one of them and get its layers there, so each one under
            # construction that this frame can reach is unresolved (it counted empty: 0)
            from driftcheck.parsers.source.interp.exectext import mark_reachable  # a cycle

            building = {id(o) for o in self.constructing}
            mark_reachable(fr, f"{f.name} called with *args not enumerable at {where}", building)
        if isinstance(f, (Cls, Func)) or (
            isinstance(f, Ext) and f.qual.rsplit(".", 1)[-1][:1].isupper()
        ):
            return UnknownModule(f"a call with *args not enumerable at {where}")
        return Unknown("call with *unknown")

    def make_super(self, args: list[Any], fr: Frame) -> Any:
        if len(args) == 2 and isinstance(args[0], Cls):
            return Super(args[0], args[1])
        if len(args) == 2 and isinstance(args[0], Ext) and args[0].qual in _MODULE_QUALS:
            # ``super(nn.Module, self)``: past ``nn.Module`` in any module's MRO is ``object``
            # (its ``__setattr__`` writes a plain attribute, never registers a layer; read as
            # ``super()`` it registered one: a confident wrong count)
            from driftcheck.parsers.source.interp.attrs import ObjectSuper

            return ObjectSuper(args[1])
        if len(args) == 2 and isinstance(args[0], Ext):
            # ``super(LibraryBase, self)``: the MRO past that library class, which the
            # zero-argument reading (past the method's own class) is not
            return Unknown(f"super({args[0].qual}, ...): the methods past a library class")
        func = fr.func
        if func is None or func.owner is None:
            return Unknown("super() outside a method")
        inst = fr.locals.get("self", fr.locals.get("cls"))
        if inst is None and isinstance(func.node, ast.FunctionDef) and func.node.args.args:
            # Python's ``super()`` binds the method's first argument, whatever its name
            # (``def __new__(mcls, name, bases, ns)`` in a metaclass: interp/metaregistry.py)
            inst = fr.locals.get(func.node.args.args[0].arg)
        return Super(func.owner, inst)

    def call(self, f: Any, args: list[Any], kwargs: dict[str, Any], loc: tuple) -> Any:
        self.stmts.tick()
        if self.ip.grad_lost is None and isinstance(f, (Ext, Unknown)):
            gradflag.called(self.ip, f, args, kwargs)  # not followed: flags may change
        if "_dc_stdout_to" in self.ip.__dict__ and isinstance(f, (Ext, Unknown)):
            from driftcheck.parsers.source.library.stdlib import stdout_guard

            stdout_guard(self.ip, f)  # a redirect_stdout block: it may print into the stream
        if isinstance(f, Sourced):  # a class or function held in a dataclass field
            f = plain(f)
        if isinstance(f, Func):
            return self.call_func(f, args, kwargs)
        if isinstance(f, Cls):
            return self.memo.instantiate(f, args, kwargs, loc)
        if isinstance(f, Ext) and args and f.qual.count(".") == 2:
            # ``list.append(a, 1)``: a builtin type's method read from the type, handed its
            # instance first: ``a.append(1)`` (a library call giving an unknown left ``a``
            # unchanged: 2 where torch has 6)
            _, tname, meth = f.qual.split(".")
            t = _UNBOUND.get(tname) if f.qual.startswith("builtins.") else None
            # an instance method (a method descriptor): not ``dict.fromkeys`` (a classmethod)
            if (
                t is not None
                and unwrap(args[0]).__class__ is t
                and type(vars(t).get(meth)).__name__ == "method_descriptor"
            ):
                return self.call(self.ip.attrs.getattr(args[0], meth), args[1:], kwargs, loc)
            if _unbound_in_place(f.qual, tname, meth, args[0]):
                # ``bytearray.extend(b, x)``, ``list.__setitem__(a, 0, 5)``,
                # ``collections.deque.append(d, 2)``: as the bound method (library/dunderops.py)
                return self.call(self.ip.attrs.getattr(args[0], meth), args[1:], kwargs, loc)
        try:
            if isinstance(f, Ext):
                return self.library.call_ext(f, args, kwargs, loc)
            if callable(f) and getattr(f, "_builtin", False):
                return f(args, kwargs, loc)
            if getattr(f, "library_call", False):  # a callable value of the library (partial)
                return f.call(self.ip, args, kwargs, loc)
        except TooBig as e:  # a builtin or method over the size bound (sizes.py)
            return self.stmts.too_big(e)
        if isinstance(f, (Obj, Leaf)) and fwdhooks.hooks_of(f):
            # a module with forward hooks (interp/fwdhooks.py): run around its own call
            return fwdhooks.call_hooked(self, f, args, kwargs, lambda a, k: self.call(f, a, k, loc))
        if isinstance(f, (Obj, Leaf)) and (isinstance(f, Leaf) or f.module):
            # ``self.forward(torch.zeros(1, c, h, w)).shape[1]`` in ``__init__`` (vit-pytorch's
            # CCT tokenizer, a CNN's flatten size): a layer run on tensors of known shape
            out = self.module_on_shapes(f, args, kwargs)
            if out is not None:
                return out
        if isinstance(f, Obj) and f.module and f.cls is not None:
            return self.module_call(f, args, kwargs, loc)
        if isinstance(f, Obj) and f.cls is not None and not f.kind:
            # an instance of a class read from source with ``__call__`` (timm's
            # ``EfficientNetBuilder``: ``nn.Sequential(*builder(stem_size, block_args))``)
            ok, fn, _ = self.classes.mro_attr(f.cls, "__call__")
            if ok and isinstance(fn, Func):
                return self.call_func(self.ip.attrs.bind(fn, f), args, kwargs)
        if isinstance(f, Unknown) and f.why.startswith(("unknown index", "condition at line")):
            # ``CLASSES[key](config)`` with an unknown key: whatever it builds may hold weights
            return UnknownModule(f"{f.why} (a class picked at run time)")
        if isinstance(f, Unknown):
            # what was called, kept for interp/opaque.py: a method of an unknown tensor is not
            # a layer (``t.tolist()``), a factory picked from a table may be
            return Unknown(f"call of unknown ({f.why})")
        return Unknown("call of unknown")

    def module_call(self, m: Obj, args: list[Any], kwargs: dict[str, Any], loc: tuple) -> Any:
        """A module read from source called in ``__init__`` on inputs whose shapes are not all
        known (``self.online_encoder(images)`` after augmentations we cannot size). When its
        methods may build or register parameters on first use (lazyparams.py: byol-pytorch's
        projector made in ``forward`` and cached by ``@singleton``), torch counts what that
        call makes: its ``forward`` is followed, and a module whose ``forward`` cannot be
        followed is unresolved with a note naming the call and the constructs, never counted
        without them. Otherwise the call changes nothing we count: an unknown value."""
        hits = lazyparams.lazy_constructs(m)
        if not hits:
            return Unknown("module call in __init__")
        where = f"{Path(str(loc[0])).name}:{loc[1]}"
        shown = "; ".join(hits[: lazyparams.MAX_SHOWN])
        n_more = len(hits) - lazyparams.MAX_SHOWN
        more = f" and {n_more} more" if n_more > 0 else ""
        why = f"module call in __init__ at {where} may create parameters ({shown}{more})"
        ok, fwd, _ = self.classes.mro_attr(m.cls, "forward")
        if not ok or not isinstance(fwd, Func):
            m.unresolved.append(f"{why}: its forward is not read")
            return Unknown(why)
        undone = self.classes.undecorated(m)
        if undone:
            m.unresolved.append(f"{why}: {undone[0]}")
        try:
            return self.call_func(self.ip.attrs.bind(fwd, m), args, kwargs)
        except Raised as e:
            m.unresolved.append(f"{why}: its forward raises {e.what} (line {e.line})")
            return Unknown(why)

    def call_func(
        self,
        f: Func,
        args: list[Any],
        kwargs: dict[str, Any],
        replay: Any = None,
        run_async: bool = False,
    ) -> Any:
        """``f(*args, **kwargs)``; ``replay``: the state of one replay of a coroutine-style
        generator (interp/genreplay.py), which its ``ReplayGen`` alone passes. An ``async
        def`` function's call is a coroutine, its body run when it is awaited
        (library/asynciolib.py passes ``run_async``)."""
        site = self.ip.call_site  # set by eval_call for this very call, else stale: dropped
        self.ip.call_site = None
        if isinstance(f.node, ast.AsyncFunctionDef) and not run_async:
            from driftcheck.parsers.source.library.asynciolib import Coroutine

            return Coroutine(self, f, args, kwargs)
        if self.ip.depth >= MAX_DEPTH:
            raise Budget(f"call depth over {MAX_DEPTH} (recursion?)")
        key = id(f.node)
        rec = None
        if key in self.ip.active:
            if _all_unknown(args, kwargs):
                # ``walk(m)`` calling ``walk(child)`` over children we cannot see: every level
                # would see the same unknowns, so the recursion can never end here
                return Unknown(f"recursive call of {f.name} on unknown values")
            # a recursive call whose arguments are those of the recursive call it is made
            # from -- the same objects, unknowns where that one had them (torchao's
            # ``_replace_with_custom_fn_if_matches_filter`` over a child not known): it can
            # learn nothing new, so the recursion would only end at the depth bound. Only
            # under an undecided condition or loop (which already made what the calls change
            # unknown): a decided recursion may still end by state it changes
            rec = _call_shape(f, args, kwargs)
            stack = self.ip.__dict__.setdefault("_recursive_calls", {}).setdefault(key, [])
            if rec[1] and stack and stack[-1] == rec and self.ip.uncertain:
                return Unknown(f"recursive call of {f.name} repeating its caller's arguments")
        if (
            replay is None
            and not isinstance(f.node, ast.Lambda)
            and tuplesub.is_generator(f.node)
            and genreplay.replayable(f.node)
            and f.bound is None
            and genreplay.arguments_ok(args, kwargs)
        ):
            return genreplay.ReplayGen(self, f, args, kwargs)  # driven by send: replayed
        fr = Frame(f.mod, f, f.closure)
        fr.caller = (site[1], site[2]) if site is not None and site[0] is f else False
        if f.bound is not None:
            args = [f.bound, *args]
        self.bind_args(f, args, kwargs, fr)
        cells = f.closure.get("__cells__") if f.closure else None
        if cells is not None:
            for n in nonlocal_names(f.node):
                if n in cells and n in cells[n]:
                    fr.locals[n] = cells[n][n]
        if rec is not None:
            self.ip._recursive_calls[key].append(rec)  # popped below
        self.ip.depth += 1
        self.ip.active[key] = self.ip.active.get(key, 0) + 1
        at_mod, at_line = self.ip.at_mod, self.ip.at_line  # the caller's statement, for notes
        gen = None
        if not isinstance(f.node, ast.Lambda) and tuplesub.is_generator(f.node):
            gen = fr.locals[tuplesub.YIELDS] = replay or tuplesub.GenState(len(self.ip.uncertain))
            # its body runs here at once, not as Python runs it (as it is drained): a draw of a
            # seeded generator in it is not followed (library/arrays.RandomGenerator)
            self.ip.lazy_bodies = getattr(self.ip, "lazy_bodies", 0) + 1
        try:
            if isinstance(f.node, ast.Lambda):
                return self.exprs.eval(f.node.body, fr)
            self.stmts.run_body(f.node.body, fr)
            if gen is None and self.ip.uncertain:  # a deferred return (interp/pendingret.py)
                return pendingret.finish(self.ip, fr, None, False)
        except Return as r:
            if gen is None:
                return pendingret.finish(self.ip, fr, r.value, True)
        except Raised as e:
            if gen is None:
                raise
            # a generator's body runs when it is iterated, not when it is called: Python raises
            # only if (and where) it is consumed, so the generator is unknown here
            gen.bad = f"raises {e.what} at line {e.line}"
        finally:
            if gen is not None:
                self.ip.lazy_bodies -= 1
            if rec is not None:
                self.ip._recursive_calls[key].pop()
            pendingret.drop(self.ip, fr)
            if cells is not None:
                self.write_cells(f, fr, cells)
            self.ip.at_mod, self.ip.at_line = at_mod, at_line
            self.ip.depth -= 1
            if self.ip.active[key] == 1:
                del self.ip.active[key]
            else:
                self.ip.active[key] -= 1
        if gen is not None:  # a generator function: what its body yielded, or unknown
            if gen.bad is not None:
                if gen.good and gen.__class__ is tuplesub.GenState:
                    # the items yielded before that point: ``next(g)`` reads them (PrefixGen)
                    return tuplesub.PrefixGen(
                        gen.items[: gen.good], f"generator {f.name}: {gen.bad}"
                    )
                return Unknown(f"generator {f.name}: {gen.bad}")
            return tuplesub.Generator(gen.items, outer_effects(f))
        return None

    def module_on_shapes(self, m: Any, args: list[Any], kwargs: dict[str, Any]) -> Any:
        """A module applied in ``__init__`` to tensors whose shapes are all known numbers: a
        catalogue layer's output shape, a ``Sequential`` chained, a user module's
        ``forward`` interpreted. None (not followed) for anything else."""
        ts = [plain(a) for a in args]
        user = isinstance(m, Obj) and m.cls is not None and not m.kind
        if user and len(ts) > 1 and _known_shape(ts[0]) and all(_plain_option(t) for t in ts[1:]):
            # ``attn(x, mask, rotary_pos_emb)`` with None options (x-clip's Transformer)
            ts = [t for t in ts if isinstance(t, Tensor)]
        if not ts or not all(_known_shape(t) for t in ts):
            return None
        if kwargs and not user:
            return None  # options reach a user module's ``forward`` (x-clip's force_keep_all)
        if isinstance(m, Leaf):
            if lazylayers.is_lazy(m):  # its first call sets its input size (lazylayers.py)
                lazylayers.materialize(self.ip, m, ts[0].shape)
            spec = catalogue.get(m.type)
            if spec is None or m.unresolved or spec.n_inputs not in (None, len(ts)):
                return Unknown(f"{m.type} applied in __init__")
            try:
                shp = spec.output_shape(m.params, [t.shape for t in ts])
            except Exception:  # noqa: BLE001 - the rule refuses the input: not followed
                return Unknown(f"{m.type} applied in __init__ to {[t.shape for t in ts]}")
            return _recurrent_result(m.type, Tensor(tuple(shp)))
        if m.kind == "Sequential":
            x: Any = args[0] if len(args) == 1 else None
            for c in container_values(m):
                if x is not None and fwdhooks.hooks_of(c):  # a hooked item (fwdhooks.py)
                    x = fwdhooks.call_hooked(self, c, [x], {}, self._on_shapes_of(c))
                else:
                    x = self.module_on_shapes(c, [x], {}) if x is not None else None
                if not isinstance(plain(x), Tensor):
                    return Unknown("Sequential applied in __init__")
            return x
        if m.cls is None and m.qual in ("einops.Rearrange", "einops.Reduce") and len(ts) == 1:
            return einops_layer_output(m, ts[0].shape)  # library/einopslib.py's shape rule
        if m.cls is not None and not m.kind:
            aug = augshapes.output(m, [t.shape for t in ts])  # an image augmentation, by shape
            if aug is not None:
                return aug
            sub = leafsubcall.output(m, [t.shape for t in ts])  # a catalogue layer's subclass
            if sub is not None:
                return _recurrent_result(sub[0], sub[1])
            ok, fwd, _ = self.classes.mro_attr(m.cls, "forward")
            if ok and isinstance(fwd, Func):
                return self.call_func(self.ip.attrs.bind(fwd, m), args, kwargs)
        return None

    def _on_shapes_of(self, m: Any) -> Any:
        return lambda a, k: self.module_on_shapes(m, a, k)

    def write_cells(self, f: Func, fr: Frame, cells: dict[str, Any]) -> None:
        """A call's ``nonlocal`` names back into their cells. Under an undecided condition
        the value a run would leave there is not known: a changed one is unknown."""
        for n in nonlocal_names(f.node):
            if n not in fr.locals:
                continue
            cell = cells.get(n)
            if cell is None:
                continue
            v = fr.locals[n]
            old = cell.get(n, _MISSING)
            if self.ip.uncertain and v is not old:
                line = self.ip.uncertain[-1]
                why = f"{n} set through nonlocal under the condition at line {line}"
                v = UnknownModule(why) if is_module(plain(v)) else Unknown(why)
            cell[n] = v

    def _default(self, f: Func, d: Any, dframe: Frame) -> Any:
        """A parameter's default: evaluated once per ``def`` execution, unless the ``def`` saw
        another value of a global it reads (interp/deftime.py); a value written to
        ``f.__defaults__`` is taken as it is."""
        if isinstance(d, ast.expr):
            return deftime.once(self.ip, f, d, dframe)
        return d[0]  # ``(value,)``: a written default

    def bind_args(self, f: Func, args: list[Any], kwargs: dict[str, Any], fr: Frame) -> None:
        a = f.node.args
        pos = [*a.posonlyargs, *a.args]
        defaults: list[Any] = [None] * (len(pos) - len(a.defaults)) + list(a.defaults)
        kw_defaults: list[Any] = list(a.kw_defaults)
        written = self.ip.def_defaults.get((id(f.node), id(f.closure)))
        if written is not None and written.pos is not None:  # ``f.__defaults__ = (8,)``
            got = written.pos
            new = [(got,)] * len(pos) if isinstance(got, Unknown) else [(v,) for v in got]
            defaults = ([None] * len(pos) + new)[-len(pos) :] if pos else []
        if written is not None and written.kw is not None:  # ``f.__kwdefaults__ = {...}``
            got = written.kw
            kw_defaults = [
                (got,) if isinstance(got, Unknown) else ((got[p.arg],) if p.arg in got else None)
                for p in a.kwonlyargs
            ]
        dframe = Frame(f.mod, None, f.closure)
        kwargs = dict(kwargs)
        # ``f(**d)`` of a mapping we could not follow: any argument not passed by name may be
        # in it, so none takes its default (a default there was a confident wrong count)
        splat = kwargs.pop("**", None)
        self._refused_binding(f, args, kwargs)
        if splat is not None and not isinstance(splat, Unknown):
            splat = Unknown("kwargs")
        for i, p in enumerate(pos):
            if i < len(args):
                fr.locals[p.arg] = args[i]
            elif p.arg in kwargs:
                fr.locals[p.arg] = kwargs.pop(p.arg)
            elif splat is not None:
                fr.locals[p.arg] = Unknown(f"argument {p.arg} (maybe in **{splat.why})")
            elif defaults[i] is not None:
                fr.locals[p.arg] = self._default(f, defaults[i], dframe)
            else:
                fr.locals[p.arg] = Unknown(f"argument {p.arg}")
        if a.vararg is not None:
            fr.locals[a.vararg.arg] = tuple(args[len(pos) :])
        for p, d in zip(a.kwonlyargs, kw_defaults):
            if p.arg in kwargs:
                fr.locals[p.arg] = kwargs.pop(p.arg)
            elif splat is not None:
                fr.locals[p.arg] = Unknown(f"argument {p.arg} (maybe in **{splat.why})")
            elif d is not None:
                fr.locals[p.arg] = self._default(f, d, dframe)
            else:
                fr.locals[p.arg] = Unknown(f"argument {p.arg}")
        if a.kwarg is not None:
            if splat is not None:
                fr.locals[a.kwarg.arg] = Unknown(f"{a.kwarg.arg}: **{splat.why}")
            else:
                fr.locals[a.kwarg.arg] = kwargs

    def _refused_binding(self, f: Func, args: list[Any], kwargs: dict[str, Any]) -> None:
        """Python's ``TypeError`` for a call ``f`` cannot bind: a keyword none of its parameters
        names (no ``**kwargs``), or more positional arguments than it takes (no ``*args``) --
        ``nn.Linear(12, 20, gain=2.0)`` read from torch's source. Raised only where the
        innermost running ``try`` surely catches ``TypeError`` on a decided path (the
        ``except TypeError:`` fallback then runs, as in Python); elsewhere the call goes on
        as before (an unguarded one fails in Python and is never a benchmark truth)."""
        a = f.node.args
        names = {p.arg for p in (*a.args, *a.kwonlyargs)}
        bad_kw = a.kwarg is None and any(k not in names for k in kwargs)
        n_pos = len(a.posonlyargs) + len(a.args)
        bad_pos = a.vararg is None and len(args) > n_pos  # ``self`` included when bound
        if bad_kw or bad_pos:
            self.raise_if_caught("TypeError", args, kwargs)

    def raise_if_caught(self, what: str, args: list[Any], kwargs: dict[str, Any]) -> None:
        """Raise ``what`` (a call's arguments refused) where the innermost running ``try``
        surely catches it on a decided path and the arguments are known; else nothing."""
        if self.ip.uncertain or not self.ip.tries:
            return
        if any(isinstance(plain(x), Unknown) for x in args) or any(k == "**" for k in kwargs):
            return
        mark = self.ip.tries[-1]
        stmts = self.ip.stmts
        if not any(stmts._catches(h, what, mark.fr) is True for h in mark.st.handlers):
            return
        from driftcheck.parsers.source.interp.statements import Raised

        at = self.ip.at_mod
        raise Raised(what, self.ip.at_line, getattr(at, "path", None))

    def run_new(
        self, cls: Cls, new: Func, args: list[Any], kwargs: dict[str, Any]
    ) -> tuple[Any, Obj | None]:
        """``cls.__new__(cls, *args, **kwargs)`` (a static method, as Python reads
        ``__new__``): its value, and that value as an instance when it is one of ``cls`` or a
        subclass (Python then runs ``type(instance).__init__`` on it; else ``cls(...)`` is the
        value as it is). Shared by module classes (below) and plain ones (plainnew.py)."""
        made = self.call_func(
            Func(new.node, new.mod, new.closure, new.owner, None, is_static=True),
            [cls, *args],
            kwargs,
        )
        got = plain(made)
        if isinstance(got, Obj) and isinstance(got.cls, Cls) and cls in got.cls.mro():
            return made, got
        return made, None

    def find_init(self, cls: Cls, after: Cls | None = None) -> tuple[Any, Any]:
        ok, v, where = self.classes.mro_attr(cls, "__init__", after)
        if ok:
            return v, where
        return None, where  # where: the first Ext base (or None)

    def instantiate(
        self, cls: Cls, args: list[Any], kwargs: dict[str, Any], loc: tuple, meta: bool = True
    ) -> Any:
        if meta:
            hook = self.metaclass_call(cls)
            if hook is not None:
                # ``cls(...)`` with a metaclass defining ``__call__`` (flowtorch's ``LazyMeta``,
                # tltorch's ``MetaFactorizedTensor``): Python runs that hook, which makes the
                # instance itself (``type.__call__(cls, ...)``: ``meta=False`` below) or
                # returns anything else
                return self.call_func(hook, args, kwargs)
        lost = next(
            (
                c.ns[UNNAMED_SETATTR]
                for c in cls.mro()
                if isinstance(c, Cls) and UNNAMED_SETATTR in c.ns
            ),
            None,
        )
        if lost is not None:  # its ``__init__`` / ``__new__`` may be anything (library/python.py)
            what = f"instance of {cls.name} ({lost})"
            return UnknownModule(what) if self.classes.is_module_cls(cls) else Unknown(what)
        if enums.is_enum(cls):  # ``Color("red")``: a member looked up by value
            return enums.by_value(self.ip, cls, args, loc)
        if _is_typed_dict(cls):
            # ``Config(vocab=400, emb=24)`` of a ``class Config(TypedDict)``: Python makes a
            # plain dict of the arguments (``dict(*args, **kwargs)``; the class is never
            # instantiated), so ``cfg["emb"]`` reads them
            return self.library.call_ext(Ext("builtins.dict"), args, kwargs, loc)
        if tensorsub.is_tensor_cls(cls):  # ``ManifoldParameter(t)``: a tensor (tensorsub.py)
            return tensorsub.construct(self.ip, cls, args, kwargs)
        obj = Obj(cls=cls, module=self.classes.is_module_cls(cls), loc=(str(loc[0]), loc[1]))
        if frameintro.has_finalizer(self.ip, cls):
            frameintro.finalizer_made(self.ip, obj, loc)
        if self.configs.is_config_cls(cls):
            return self.configs.make_config(cls, args, kwargs, loc)
        if self.is_dataclass(cls) and not wildlib.dataclass_keeps_init(cls.node):
            self.init_dataclass(obj, cls, args, kwargs)
            from driftcheck.parsers.source.interp import pydvalid

            pydvalid.pydantic_dataclass(self.ip, obj, cls, loc)
            return obj
        if tuplesub.is_named_tuple(cls):  # ``class Instruction(NamedTuple)``: fields and items
            self.init_dataclass(obj, cls, args, kwargs)
            obj.attrs[tuplesub.ITEMS] = tuple(obj.attrs[n] for n in tuplesub.fields(cls))
            return obj
        ok, new, _ = self.classes.mro_attr(cls, "__new__")
        if not obj.module:
            unread = self.unreadable_base(cls)
            if unread is not None:
                # ``class FusedNorm(apex.FusedLayerNorm)`` with apex not on disk: the instance
                # may well be a layer with weights; an empty object would count 0
                return UnknownModule(f"{cls.name} (a subclass of {unread}, not readable)")
            if ok and isinstance(new, Func):
                if tuplesub.is_tuple_class(cls) or tuplesub.namedtuple_base(cls) is not None:
                    # ``class Irreps(tuple)`` whose ``__new__`` parses its argument and ends in
                    # ``super().__new__(cls, items)``: interp/tuplesub.py
                    return tuplesub.construct(self.ip, cls, new, args, kwargs)
                if numsub.num_base(cls) is not None:
                    # ``class Subscripts(str)`` whose ``__new__`` ends in ``super().__new__(cls,
                    # text)``: that instance, holding its value (interp/strsub.py), then its
                    # ``__init__`` as Python runs it
                    return tuplesub.construct(self.ip, cls, new, args, kwargs)
                if all(isinstance(c, Cls) for c in cls.mro()):
                    # a plain class's own ``__new__`` (a singleton factory): interp/plainnew.py
                    from driftcheck.parsers.source.interp import plainnew

                    return plainnew.construct(self, cls, new, args, kwargs, loc)
                # any other ``__new__``: not modelled, so the instance is unknown (an empty
                # object would read as an empty tuple)
                return Unknown(f"instance of {cls.name} (built by its __new__)")
            if tuplesub.is_tuple_class(cls):
                # ``class TupleTree(tuple)`` without a ``__new__`` of its own: ``tuple.__new__``
                # takes the items of its one argument (torchtuples' ``TupleTree(gen)``)
                its = tuplesub.items_of_call(self.ip, args, kwargs)
                if its is None:
                    return Unknown(f"instance of {cls.name} (a tuple of items not enumerable)")
                obj.attrs[tuplesub.ITEMS] = its
            numsub.made(self.ip, obj, cls, args, kwargs)  # ``class Channels(int)`` (numsub.py)
        elif ok and isinstance(new, Func):
            # a module class's ``__new__`` (x-transformers' ``LoRALinear`` returns a plain
            # ``nn.Linear`` when no rank is given): what it returns is the value; an instance
            # of the class (``super().__new__(cls)``) then runs ``__init__``, as in Python
            made, got = self.run_new(cls, new, args, kwargs)
            if got is None:
                return made
            obj = got
            obj.loc = obj.loc or (str(loc[0]), loc[1])
            # ``type(obj).__init__`` runs, as in ``type.__call__``: a base whose ``__new__``
            # returns a subclass's instance (``super().__new__(Big)``) gets the subclass's
            # ``__init__`` (the base's own built the base's layers only: a wrong count)
            cls = got.cls
        dc = wildlib.inherited_dataclass(self.classes, cls)
        if dc is not None:  # a subclass of a dataclass runs the dataclass's generated __init__
            self.init_dataclass(obj, dc, args, kwargs)
            return obj
        init, where = self.find_init(cls)
        if isinstance(init, Func):
            init = Func(init.node, init.mod, init.closure, init.owner, obj)
            self.constructing.append(obj)  # ``call_not_followed`` asks
            try:
                self.call_func(init, args, kwargs)
            finally:
                self.constructing.pop()
        elif isinstance(where, Ext):
            self.library.ext_init(obj, where, args, kwargs, loc)
        return obj

    def metaclass_call(self, cls: Cls) -> Func | None:
        """``type(cls).__call__`` bound to ``cls`` when ``cls``'s metaclass (its own
        ``metaclass=`` keyword or its nearest base's) is a class read from source that defines
        ``__call__`` itself (not ``type``'s); else None."""
        memo = self.__dict__.setdefault("_metacall", {})
        got = memo.get(id(cls))
        if got is None:
            fn = None
            meta = self.metaclass_of(cls)
            if isinstance(meta, Cls) and self.classes.is_module_cls(meta) is False:
                fn = dunders.source_func(self.ip, meta, "__call__")
            got = memo[id(cls)] = (cls, fn)
        fn = got[1]
        if fn is None:
            return None
        return Func(fn.node, fn.mod, fn.closure, fn.owner, cls)

    def metaclass_of(self, cls: Cls) -> Any:
        """The metaclass a ``metaclass=`` keyword names on ``cls`` or its nearest base that
        has one (evaluated in that class's scope); None without one."""
        memo = self.__dict__.setdefault("_metaclass", {})
        got = memo.get(id(cls))
        if got is None:
            meta = None
            for c in cls.mro():
                if not isinstance(c, Cls):
                    continue
                k = next((k for k in c.node.keywords if k.arg == "metaclass"), None)
                if k is not None:
                    meta = plain(self.exprs.eval(k.value, c.ns["__frame__"]))
                    break
            got = memo[id(cls)] = (cls, meta)
        return got[1]

    def unreadable_base(self, cls: Cls) -> str | None:
        """The first base in ``cls``'s MRO from a library we neither read nor model by name
        (not installed: the import is not found on disk), else None."""
        from driftcheck.parsers.source.loader import import_findable

        for c in cls.mro():
            if isinstance(c, Ext):
                top = c.qual.split(".")[0]
                if top and top not in EXT_TOPS and not is_stop(c.qual):
                    if not import_findable(self.ip.finder, c.qual.rpartition(".")[0] or top):
                        return c.qual
        return None

    def init_dataclass(self, obj: Obj, cls: Cls, args: list[Any], kwargs: dict) -> None:
        # what the generated ``__init__`` takes, as ``dataclasses`` makes it: a ``ClassVar``
        # is no parameter; a field after a ``KW_ONLY`` marker (in its class) is keyword-only
        # (the positional ones come first); an ``InitVar`` is a parameter handed on to
        # ``__post_init__`` and never stored; a ``field(init=False)`` is no parameter and
        # gets its default if it has one (else the attribute is not set)
        initvars: dict[str, Any] = {}
        positional: list[str] = []
        plan: list[tuple[str, ast.AnnAssign, Cls, Any, str]] = []
        unsure = False  # a ``field(init=...)`` not known: the positions after it are unknown
        marked: set[int] = set()
        # a field a subclass redefines keeps its first place (``fields()``): stdlib.py; in an
        # attrs class it moves after the inherited ones (attrs' order, ``attrs_fields``)
        attrs_cls = attrsconv.is_attrs(self, cls)
        for name, st, c, base in attrs_fields(cls) if attrs_cls else dataclass_fields(cls):
            if base == "ClassVar":
                continue
            if base == "KW_ONLY":
                marked.add(id(c))
                continue
            spec = None
            if isinstance(st.value, ast.Call) and unparse(st.value.func).split(".")[-1] in (
                "field",
                "ib",
                "attrib",
            ):
                spec = self.exprs.eval(st.value, c.ns["__frame__"])
            init = spec.init if isinstance(spec, FieldSpec) else True
            if init is False:
                plan.append((name, st, c, spec, "noinit"))
                continue
            unsure = unsure or init is None
            kw = attrsconv.kw_only(self, st, c) if attrs_cls else False
            if kw is None:
                unsure = True  # a ``kw_only=`` we cannot read: the positions are unknown
            if id(c) not in marked and not unsure and not kw:
                positional.append(name)
            plan.append((name, st, c, spec, "initvar" if base == "InitVar" else "field"))
        pos_of = {n: i for i, n in enumerate(positional)}
        # an attrs class's ``__init__`` names a private field ``_x`` as ``x`` (or its
        # ``alias=``) and runs ``__attrs_post_init__``, not ``__post_init__`` (attrsconv.py)
        for name, st, c, spec, kind in plan:
            key = attrsconv.init_name(st, name) if attrs_cls else name
            is_initvar = kind == "initvar"
            # an attrs ``field(converter=f)``: f runs on the value given or defaulted
            convert = attrsconv.converter(self, st, c)
            i = pos_of.get(name, len(args))
            if kind == "noinit":
                if not (isinstance(spec, FieldSpec) and spec.has_default()):
                    continue  # ``field(init=False)`` without a default: not set
                v = spec.resolve(self.ip, (str(c.mod.path), st.lineno))
            elif unsure and name not in pos_of and len(args) > len(pos_of):
                v = Unknown(f"dataclass field {name} (after a field whose init= is not known)")
            elif i < len(args):
                v = args[i]
            elif key is None:
                v = Unknown(f"attrs field {name} (an alias= we cannot read)")
            elif key in kwargs:
                v = kwargs[key]
            elif "**" in kwargs:  # ``Cls(**unknown)``: any field may be in it, not the default
                v = Unknown(f"dataclass field {name} (keyword arguments of unknown keys)")
            elif st.value is not None:
                v = spec if spec is not None else self.exprs.eval(st.value, c.ns["__frame__"])
                if attrs_cls and isinstance(v, FieldSpec) and not v.has_default():
                    # ``ff = attrs.field()`` with ``@ff.default def _ff(self)`` (attrsconv.py)
                    got = attrsconv.default_by_method(
                        self, obj, c, name, (str(c.mod.path), st.lineno)
                    )
                    v = got if got is not None else v
                if isinstance(v, FieldSpec):  # ``field(default_factory=list)``
                    v = v.resolve(self.ip, (str(c.mod.path), st.lineno))
                if isinstance(v, Ext) and v.qual.endswith("field"):
                    v = Unknown(f"dataclass field {name}")
            else:
                v = Unknown(f"dataclass field {name}")
            if convert is not None:
                v = attrsconv.convert(self, convert, v, name, (str(c.mod.path), st.lineno))
            if isinstance(v, Probe):
                v.touch()  # a plain int would be wrapped below: the layer depends on its type
            if (not isinstance(v, Sourced) or getattr(v, "bare", False)) and not _held_as_is(v):
                v = resource(v, name, str(c.mod.path), st.lineno)
            if is_initvar:
                initvars[name] = v
                continue
            obj.attrs[name] = v
        if attrs_cls:
            attrsconv.run_validators(self, obj, cls)
        hook = "__attrs_post_init__" if attrs_cls else "__post_init__"
        ok, post, _ = self.classes.mro_attr(cls, hook)
        if ok and isinstance(post, Func):
            post_args = list(initvars.values())
            self.call_func(Func(post.node, post.mod, post.closure, post.owner, obj), post_args, {})

    def is_dataclass(self, cls: Cls) -> bool:
        """A ``@dataclass`` class, or an attrs class whose ``__init__`` attrs writes the same
        way from its annotated fields (``@attrs.define`` / ``frozen`` / ``mutable``,
        ``@attr.s(auto_attribs=True)``): the decorator is resolved to its import, not read
        by its short name (``@frozen`` of another library is not attrs')."""
        for d in cls.node.decorator_list:
            text = unparse(d)
            if text.split("(")[0].split(".")[-1] == "dataclass":
                return True
            fn = d.func if isinstance(d, ast.Call) else d
            if not isinstance(fn, (ast.Name, ast.Attribute)) or "__frame__" not in cls.ns:
                continue
            q = getattr(plain(self.exprs.eval(fn, cls.ns["__frame__"])), "qual", None)
            if q in _ATTRS_CLASSES:
                return True
            if q in _ATTRS_AUTO and isinstance(d, ast.Call):
                if any(
                    k.arg == "auto_attribs" and isinstance(k.value, ast.Constant) and k.value.value
                    for k in d.keywords
                ):
                    return True
        return False


def _held_as_is(v: Any) -> bool:
    """A layer or a tensor in a dataclass field: kept as it is, never wrapped with the field's
    source (``Sourced``, for the numbers drift reads). Wrapped, ``self.model = params.model``
    of a ``@dataclass`` holding a layer was not a layer: never registered, its weights
    silently missing (CALM's ``AugmentParams(model=...)``)."""
    return is_module(v) or isinstance(v, (UnknownModule, Tensor, WeightRef))


_ATTRS_CLASSES = frozenset(
    f"{m}.{n}" for m in ("attrs", "attr") for n in ("define", "frozen", "mutable")
)
_ATTRS_AUTO = frozenset(("attr.s", "attr.attrs", "attrs.attrs"))


def _call_shape(f: Func, args: list[Any], kwargs: dict[str, Any]) -> tuple:
    """(identities, has an unknown) of a call's arguments: each known argument by identity,
    each unknown as one mark; the bound instance first."""
    marks: list[Any] = [id(f.bound)]
    unknown = False
    for v in (*args, *(kwargs[k] for k in sorted(kwargs))):
        v = unwrap(v)  # the object itself (``plain`` of a list copies it)
        if isinstance(v, Unknown):
            marks.append("?")
            unknown = True
        else:
            marks.append(id(v))
    return tuple(marks) + tuple(sorted(kwargs)), unknown


def _all_unknown(args: list[Any], kwargs: dict[str, Any]) -> bool:
    vals = [*args, *kwargs.values()]
    return bool(vals) and all(isinstance(plain(v), Unknown) for v in vals)


def _is_setter(f: ast.FunctionDef, name: str) -> bool:
    return any(
        isinstance(d, ast.Attribute) and d.attr == "setter" and unparse(d.value) == name
        for d in f.decorator_list
    )


_MISSING = object()


STAMPED = "_driftcheck_stamped"
"""On the interpreter: id(class statement) -> how many of its decorators (innermost first)
``Names._stamped`` ran when the class was looked up (interp/decorated.py runs the rest)."""


def _returns_other(node: ast.AST) -> bool:
    """A one-argument function (a class decorator) with a ``return`` of something other than
    its argument itself: a wrapper class or a new value takes the decorated name."""
    if not isinstance(node, ast.FunctionDef) or len(node.args.args) != 1:
        return False
    arg = node.args.args[0].arg
    todo: list[ast.AST] = list(node.body)
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Return):
            if not (isinstance(n.value, ast.Name) and n.value.id == arg):
                return True
        elif not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(n))
    return False


def _stamps_argument(node: ast.AST) -> bool:
    """A one-argument function that writes attributes onto its argument (``setattr(cls,
    ...)``, ``cls.X = ...``) and returns that argument: a class decorator stamping sizes."""
    if not isinstance(node, ast.FunctionDef) or len(node.args.args) != 1:
        return False
    arg = node.args.args[0].arg
    writes = returns = False
    for n in ast.walk(node):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id == "setattr"
            and n.args
            and isinstance(n.args[0], ast.Name)
            and n.args[0].id == arg
        ):
            writes = True
        elif isinstance(n, (ast.Assign, ast.AugAssign)):
            tgts = n.targets if isinstance(n, ast.Assign) else [n.target]
            writes |= any(
                isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == arg
                for t in tgts
            )
        elif isinstance(n, ast.Return):
            returns |= isinstance(n.value, ast.Name) and n.value.id == arg
    return writes and returns


def nonlocal_names(node: ast.AST) -> tuple[str, ...]:
    """The names a function's own body declares ``nonlocal`` (not its nested definitions'),
    kept on the syntax node."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = getattr(node, "_driftcheck_nonlocal", None) if keep else None
    if got is None:
        names: list[str] = []
        todo = list(getattr(node, "body", []) if isinstance(node, ast.FunctionDef) else [])
        while todo:
            n = todo.pop()
            if isinstance(n, ast.Nonlocal):
                names.extend(n.names)
            elif not isinstance(
                n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
            ):
                todo.extend(ast.iter_child_nodes(n))
        got = tuple(dict.fromkeys(names))
        if keep:
            node._driftcheck_nonlocal = got  # type: ignore[attr-defined]
    return got


def _patched_once(tree: ast.Module, cls: str, name: str) -> bool:
    """Whether one top-level statement only assigns ``cls.name`` (a second one reads the
    first's value, not the body's)."""
    n = 0
    for st in tree.body:
        if isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            for t in targets:
                for x in ast.walk(t):
                    if (
                        isinstance(x, ast.Attribute)
                        and x.attr == name
                        and isinstance(x.value, ast.Name)
                        and x.value.id == cls
                    ):
                        n += 1
    return n == 1


def class_patches(tree: ast.Module) -> dict[tuple[str, str], ast.Assign]:
    """``(class name, attribute) -> statement`` for a module's top-level ``Klass.attr = v``
    (the last one wins), kept on the module's syntax tree."""
    got = tree.__dict__.get("_dc_patches")
    if got is None:
        got = {}
        for st in tree.body:
            if isinstance(st, ast.Assign):
                for t in st.targets:
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name):
                        got[(t.value.id, t.attr)] = st
        tree._dc_patches = got  # type: ignore[attr-defined]
    return got


def einops_layer_output(m: Obj, shape: tuple) -> Any:
    """An einops ``Rearrange`` / ``Reduce`` layer applied in ``__init__``: its pattern's shape
    rule (``einopslib.einops_shape``, the one ``rearrange()`` uses); unknown where it refuses."""
    from driftcheck.parsers.source.library.einopslib import einops_shape

    op = "rearrange" if m.qual == "einops.Rearrange" else "reduce"
    pattern, axes = m.attrs.get("pattern"), m.attrs.get("axes_lengths")
    if not isinstance(pattern, str) or not isinstance(axes, dict):
        return Unknown(f"{m.qual} applied in __init__")
    got = einops_shape(op, pattern, tuple(plain(d) for d in shape), axes)
    if isinstance(got, str):
        return Unknown(f"{m.qual}({pattern!r}) applied in __init__: {got}")
    return Tensor(got)


def _plain_option(t: Any) -> bool:
    """A positional option a user module's ``forward`` may take besides its tensors: None, a
    known number, bool or string, or a tensor of known shape (never an unknown)."""
    return t is None or isinstance(t, (bool, int, float, str)) or _known_shape(t)


def _known_shape(t: Any) -> bool:
    return (
        isinstance(t, Tensor)
        and isinstance(t.shape, tuple)
        and all(isinstance(plain(d), int) and not isinstance(plain(d), bool) for d in t.shape)
    )


def _recurrent_result(kind: str, out: Tensor) -> Any:
    """What a recurrent layer returns in torch: ``(output, h_n)`` for RNN / GRU, ``(output,
    (h_n, c_n))`` for LSTM, ``(h, c)`` for LSTMCell; the catalogue's shape rule gives the
    output alone (unpacking that tensor as the pair would read its first dim). The hidden
    states' shapes are not needed to size later layers: unknown."""
    if kind in ("RNN", "GRU"):
        return (out, Tensor(Unknown(f"{kind} h_n")))
    if kind == "LSTM":
        return (out, (Tensor(Unknown("LSTM h_n")), Tensor(Unknown("LSTM c_n"))))
    if kind == "LSTMCell":
        return (out, Tensor(out.shape))
    return out
