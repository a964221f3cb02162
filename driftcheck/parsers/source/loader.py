"""Find, read and parse source files; resolve module names to files on disk, never importing.

Parsing uses the standard library's ``ast`` rather than libcst: the interpreter needs only the
syntax tree and line numbers, and ``ast`` gives both natively and parses about 10x faster than
libcst with its PositionProvider on the same files (see docs/parser.md for the measurement).
The analyzed code is never imported or executed. A module name resolves through the analyzed
file's own package root first, then through ``importlib.util.find_spec`` of the *top-level*
name only (which locates a package without importing it) and a walk down its directories.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.parsers.cache import note_read
from driftcheck.parsers.source.interp import unpacked
from driftcheck.speed import current, tree_memos
from driftcheck.toplevel import at_import, binds, main_block  # noqa: F401 - binds shared here too

MAX_FILE_BYTES = 4 * 1024 * 1024


@dataclass(eq=False)
class ModInfo:
    """One parsed source file: its dotted name, tree and top-level names."""

    name: str
    path: Path
    tree: ast.Module
    lines: int
    is_pkg: bool
    defs: dict[str, ast.AST] = field(default_factory=dict)  # name -> ClassDef / FunctionDef
    assigns: dict[str, ast.expr] = field(default_factory=dict)  # name -> value expr
    imports: dict[str, tuple[str, str | None]] = field(default_factory=dict)  # name -> (mod, attr)
    stars: list[str] = field(default_factory=list)  # ``from .x import *``: modules, in order
    ns: dict[str, Any] = field(default_factory=dict)  # evaluated names (cache)
    # names a ``try:`` block imports and an ``except ImportError:`` handler binds otherwise:
    # name -> the handler's binding (an assigned expression), used when the import fails
    fallbacks: dict[str, ast.expr | None] = field(default_factory=dict)
    # names a ``try:`` block defines (class, def, assignment) after importing modules, that an
    # ``except ImportError:`` handler binds otherwise: name -> (the modules the body imports,
    # the handler's statement binding it); the handler's binding holds when one is not on disk
    guarded: dict[str, tuple[tuple[str, ...], ast.stmt]] = field(default_factory=dict)
    # names a top-level ``with`` block assigns (``with open(pkg_dir / "x.json") as f: X =
    # json.load(f)``): name -> the ``with`` statement, run whole to bind them (interp/modglobals)
    with_bound: dict[str, ast.With] = field(default_factory=dict)
    # names an ``except`` handler binds (at any depth) of a ``try:`` whose body star-imports
    # modules (``try: from .linear_torch import *`` / ``except: ... LinearTorch = shim(...)``):
    # name -> those modules; the star import provides the name when they are on disk
    star_tried: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # functions a top-level ``if`` defines in more than one branch (``if NEW: def f(): ...
    # else: def f(): ...``): name -> the ``if``, run to pick the branch (the last ``def`` in
    # the source was taken whichever branch the test takes: a confident wrong size)
    branch_defs: dict[str, ast.If] = field(default_factory=dict)

    @property
    def package(self) -> str:
        return self.name if self.is_pkg else self.name.rpartition(".")[0]


def last_bindings(body: list[ast.stmt]) -> dict[str, int]:
    """Name -> the index of the last top-level statement that binds it (an assignment, a
    definition, an import, a loop or ``with`` target, also inside a top-level ``if`` / ``try``;
    never inside a function or class body). A binding after a given statement is one the
    module holds once imported but code run at that statement did not see (selfmodule's
    import-time calls, deftime's default values)."""
    out: dict[str, int] = {}
    for i, st in enumerate(body):
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out[st.name] = i
            continue
        todo: list[ast.AST] = [*at_import(st)]  # a ``__main__`` block: its else only
        while todo:
            node = todo.pop()
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                out[node.id] = i
            elif isinstance(node, ast.alias):
                out[(node.asname or node.name).split(".")[0]] = i
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out[node.name] = i
                continue
            if not isinstance(node, ast.Lambda):
                todo.extend(ast.iter_child_nodes(node))
    return out


def unparse(node: ast.AST) -> str:
    """``ast.unparse(node)``, kept on the node: the interpreter asks for the same annotations
    and decorators of a class every time it builds one (the trees are cached, never changed)."""
    keep = tree_memos()  # the ``tree_memos`` switch
    text = node.__dict__.get("_dc_text") if keep else None
    if text is None:
        text = ast.unparse(node)
        if keep:
            node._dc_text = text  # type: ignore[attr-defined]
    return text


def body_index(node: ast.ClassDef) -> dict[str, ast.stmt]:
    """Name -> the class-body statement that binds it last, built once per class statement:
    every attribute lookup walks the MRO, and scanning each body per miss cost more than the
    hits. A function that is a property's setter/deleter does not rebind the name."""
    keep = tree_memos()  # the ``tree_memos`` switch
    idx = node.__dict__.get("_dc_index") if keep else None
    if idx is not None:
        return idx
    idx = {}
    for st in node.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if not is_accessor(st):  # ``@x.setter`` keeps the ``@property`` getter
                idx[st.name] = st
        elif isinstance(st, ast.Assign):
            for t in st.targets:
                if isinstance(t, ast.Name):
                    idx[t.id] = st
                elif isinstance(t, (ast.Tuple, ast.List)):
                    # ``GENERIC_BLOCK, TREND_BLOCK = "generic", "trend"`` (nbeats): each name
                    # unpacked from the value (objmodel.Classes.class_attr)
                    for e in t.elts:
                        if isinstance(e, ast.Name):
                            idx[e.id] = st
        elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
            if st.value is not None:
                idx[st.target.id] = st
        elif isinstance(st, ast.ClassDef):
            idx[st.name] = st
    if keep:
        node._dc_index = idx  # type: ignore[attr-defined]
    return idx


def _unpacked_names(info: ModInfo, t: ast.Tuple | ast.List, value: ast.expr) -> None:
    """Each name of a module-level unpacking target as its item of the value, nested targets
    (``D, (F,), L = astuple(cfg)``) as items of items. A level with a starred name is left
    out when it holds more than one starred name (Python refuses it); with one
    (``V, *MID, KV = sizes``) each name's item is found once the value's length is known,
    the starred name taking the list of the items between (interp/unpacked.py)."""
    stars = [i for i, e in enumerate(t.elts) if isinstance(e, ast.Starred)]
    if len(stars) > 1:
        return
    for i, e in enumerate(t.elts):
        item = ast.Subscript(value, ast.Constant(i), ast.Load())
        ast.copy_location(item, value)
        ast.copy_location(item.slice, value)
        # unpacking iterates the value (a generator, an ``array.array``, an object whose class
        # defines ``__iter__``): the item is the i-th of its items (interp/unpacked.py)
        item._dc_unpack = len(t.elts)  # type: ignore[attr-defined]
        item._dc_star = stars[0] if stars else None  # type: ignore[attr-defined]
        if isinstance(e, ast.Starred):
            if isinstance(e.value, ast.Name):
                info.assigns.setdefault(e.value.id, item)
        elif stars and not isinstance(e, ast.Name):
            continue  # a nested target beside a starred name: left out
        elif isinstance(e, ast.Name):
            info.assigns.setdefault(e.id, item)
        elif isinstance(e, (ast.Tuple, ast.List)):
            _unpacked_names(info, e, item)


def is_accessor(f: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``@name.setter`` / ``@name.deleter``: a property's other halves, not its value."""
    return any(
        isinstance(d, ast.Attribute) and d.attr in ("setter", "deleter") for d in f.decorator_list
    )


def module_name_for(path: Path) -> tuple[str, Path]:
    """Dotted module name of ``path`` and the directory its top package lives in."""
    path = path.resolve()
    parts = [] if path.name == "__init__.py" else [path.stem]
    d = path.parent
    while (d / "__init__.py").is_file() and d.parent != d:
        parts.insert(0, d.name)
        d = d.parent
    return ".".join(parts) or path.parent.name, d


def read_source(path: Path) -> str:
    try:
        size = path.stat().st_size
    except OSError as e:
        raise DriftcheckError(f"cannot read: {e.strerror or e}", str(path)) from None
    if size > MAX_FILE_BYTES:
        raise DriftcheckError(
            f"file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit", str(path)
        )
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as e:
        raise DriftcheckError(f"not UTF-8 text (byte {e.start})", str(path)) from None
    except OSError as e:
        raise DriftcheckError(f"cannot read: {e.strerror or e}", str(path)) from None


def parse_file(path: Path, name: str | None = None, store: dict | None = None) -> ModInfo:
    """Parse ``path`` once per content: cached by path and content hash in ``store`` (an
    analysis's ``ast_store``: the process's syntax-tree cache, or its own dict when the
    ``ast_cache`` mechanism is off, so that one analysis still sees one tree per file), else
    in the process's cache while the ``Speed`` in force has ``ast_cache`` on."""
    text = read_source(path)
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark: valid Python, not source text
        text = text[1:]
    digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
    key = (str(path.resolve()), digest)
    note_read(path, digest)  # result caches depend on every file an analysis reads
    if store is None:
        sp = current()
        store = sp.stores.ast if sp.ast_cache else None
    hit = None if store is None else store.get(key)
    if hit is not None:
        return hit
    try:
        tree = parse_quietly(text, str(path))
    except SyntaxError as e:
        where = f"{path}:{e.lineno or 0}:{e.offset or 0}"
        raise DriftcheckError(f"syntax error: {e.msg}", where) from None
    except (RecursionError, MemoryError):
        raise DriftcheckError("source nested too deeply to parse", str(path)) from None
    except ValueError as e:  # null bytes
        raise DriftcheckError(f"cannot parse: {e}", str(path)) from None
    if not installed(path):
        compile_check(tree, path)
    if name is None:
        name, _ = module_name_for(path)
    info = ModInfo(
        name=name,
        path=path,
        tree=tree,
        lines=text.count("\n") + (not text.endswith("\n") and bool(text)),
        is_pkg=path.name == "__init__.py",
    )
    _index(info, tree.body)
    if store is not None:
        store[key] = info
    return info


def parse_quietly(text: str, filename: str) -> ast.Module:
    """``ast.parse`` without CPython's compile-time warnings (``SyntaxWarning: invalid decimal
    literal``...): they would print the analyzed file's lines to stderr, around our own output
    and before a one-line error."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(text, filename=filename)


def compile_check(tree: ast.Module, path: Path) -> None:
    """CPython's own compiler over the tree (``compile`` executes nothing): what ``ast.parse``
    accepts but Python refuses to import -- a duplicate argument name, ``return`` or ``break``
    outside their block, ``nonlocal`` of no enclosing name -- is a syntax error here too."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(tree, str(path), "exec", dont_inherit=True)
    except SyntaxError as e:
        where = f"{path}:{e.lineno or 0}:{e.offset or 0}"
        raise DriftcheckError(f"syntax error: {e.msg}", where) from None
    except (RecursionError, MemoryError):
        raise DriftcheckError("source nested too deeply to compile", str(path)) from None
    except ValueError as e:
        raise DriftcheckError(f"cannot compile: {e}", str(path)) from None


def _installed_dirs() -> tuple[str, ...]:
    import sysconfig

    paths = sysconfig.get_paths()  # once: each call expands every install scheme's paths
    dirs = {paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    return tuple(str(Path(d).resolve()) + "/" for d in dirs if d)


_INSTALLED: tuple[str, ...] | None = None


def installed(path: Path) -> bool:
    """A file of the standard library or an installed package (torch, transformers): imported
    by everyone who uses it, so the compiler's verdict on it is known; only the code under
    analysis is compiled (the cost is 70% of a parse, docs/parser.md)."""
    global _INSTALLED
    if _INSTALLED is None:
        _INSTALLED = _installed_dirs()
    return str(path.resolve()).startswith(_INSTALLED)


def _index_with(info: ModInfo, st: ast.With) -> None:
    """The plain assignments directly in a top-level ``with`` block: bound by running the
    block (its context manager's value is the ``as`` name), never by their expression alone.
    An ``as`` name itself is bound by running the statement too (session 32: ``with
    redirect_stdout(io.StringIO()) as buf`` read after the block); its manager expression
    stands in ``assigns`` only so the name is known to be a global (never evaluated for it).
    Session 33 (reimplfix33b): only names first bound there; one bound before (``E = 1e-5``
    then ``with suppress(KeyError): E = RUN["eps"]``) keeps that binding and the block is a
    later statement rebinding it (``modglobals.replay_binding``), as ``_index_branches`` does
    for an ``if`` (the block alone left the name unbound where its body raised)."""
    bound = set(info.assigns)
    for item in st.items:
        t = item.optional_vars
        if isinstance(t, ast.Name) and t.id not in info.defs and t.id not in bound:
            info.assigns.setdefault(t.id, item.context_expr)
            info.with_bound.setdefault(t.id, st)
    for inner in st.body:
        if isinstance(inner, ast.Assign) and inner.value is not None:
            for t in inner.targets:
                if isinstance(t, ast.Name) and t.id not in info.defs and t.id not in bound:
                    info.assigns.setdefault(t.id, inner.value)
                    info.with_bound.setdefault(t.id, st)


def _branch_names(body: list[ast.stmt]) -> set[str]:
    """Names a branch binds by a plain assignment (``A = ...``, ``A, B = ...``), also in
    the branches nested in it."""
    out: set[str] = set()
    for st in body:
        if isinstance(st, ast.Assign):
            for t in st.targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        out.add(n.id)
        elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.value:
            out.add(st.target.id)
        elif isinstance(st, ast.If):
            out |= _branch_names(st.body) | _branch_names(st.orelse)
        elif isinstance(st, ast.Match):
            for case in st.cases:
                out |= _branch_names(case.body)
    return out


def _captures(st: ast.Match) -> set[str]:
    """Names the cases' patterns capture (``case {"w": W, **rest}``, ``case [a, *more]``,
    ``case Point(x=X) as p``): Python binds them in the enclosing scope when a case matches."""
    out: set[str] = set()
    for case in st.cases:
        for n in ast.walk(case.pattern):
            if isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
                out.add(n.name)
            elif isinstance(n, ast.MatchMapping) and n.rest:
                out.add(n.rest)
    return out


def _index_branches(info: ModInfo, st: ast.If | ast.Match, branches: list, bound: set[str]) -> None:
    """Names a top-level ``if`` / ``match`` binds in its branches (``match PRESET: case
    "tiny": W = 64``): bound by running the statement as the import runs it, its test
    deciding the branch (``interp/modglobals.py``), never by the first branch's expression
    alone (that gave the first branch's value whichever branch the test takes: a confident
    wrong size). Only names first bound there: one bound before (``bound``) keeps that
    binding, a branch rebinding it is a later statement. The ``__main__`` block binds
    nothing an import sees."""
    if main_block(st):
        return
    names = set().union(*(_branch_names(b) for b in branches))
    if isinstance(st, ast.Match):
        names |= _captures(st)
    for name in names - bound:
        if name in info.assigns and name not in info.defs:
            info.with_bound.setdefault(name, st)


def _index_branch_defs(info: ModInfo, st: ast.If) -> None:
    """Functions defined directly in both the body and the ``else:`` of a top-level ``if``."""

    def names(body: list[ast.stmt]) -> set[str]:
        return {s.name for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}

    for name in names(st.body) & names(st.orelse):
        info.branch_defs.setdefault(name, st)


def _index(info: ModInfo, body: list[ast.stmt]) -> None:
    """Record top-level definitions; descend into ``if``/``try`` (TYPE_CHECKING, fallbacks)."""
    for st in body:
        if isinstance(st, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            info.defs[st.name] = st
            info.assigns.pop(st.name, None)
        elif isinstance(st, ast.Assign):
            unpacked.index_walrus(info, st.value)
            for t in st.targets:
                if isinstance(t, ast.Name):
                    info.assigns.setdefault(t.id, st.value)
                elif isinstance(t, (ast.Tuple, ast.List)):
                    # ``Rearrange, _ = optional_import("einops.layers.torch", name="Rearrange")``:
                    # each name is its item of the value (evaluated once per name read)
                    _unpacked_names(info, t, st.value)
        elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.value:
            info.assigns.setdefault(st.target.id, st.value)
        elif isinstance(st, ast.Import):
            for a in st.names:
                if a.asname:
                    info.imports[a.asname] = (a.name, None)
                else:
                    top = a.name.split(".")[0]
                    info.imports.setdefault(top, (top, None))
        elif isinstance(st, ast.ImportFrom):
            base = resolve_relative(info, st.module, st.level)
            for a in st.names:
                if a.name == "*":
                    if base not in info.stars:
                        info.stars.append(base)
                    continue
                info.imports.setdefault(a.asname or a.name, (base, a.name))
        elif isinstance(st, ast.If):
            bound = set(info.assigns)
            _index(info, st.body)
            _index(info, st.orelse)
            if not main_block(st):
                _index_branch_defs(info, st)
            _index_branches(info, st, [st.body, st.orelse], bound)
        elif isinstance(st, ast.Match):
            bound = set(info.assigns)
            for case in st.cases:
                _index(info, case.body)
            for name in _captures(st):
                # ``match CARD: case {"width": D}:`` binds ``D`` in the module: read, it runs
                # the statement (``with_bound``); the subject stands as its first expression
                # only so the name is known to be a global (never evaluated for it)
                if name not in info.defs:
                    info.assigns.setdefault(name, st.subject)
            _index_branches(info, st, [case.body for case in st.cases], bound)
        elif isinstance(st, ast.With):
            _index_with(info, st)
        elif isinstance(st, ast.For):
            unpacked.index_loop(info, st)
        elif isinstance(st, ast.Try):
            # the branch an import takes when the packages are installed (body, then else)
            # binds first; a handler's names are the fallback (``fallbacks``), used where the
            # body's import cannot be found on disk
            imported_before = set(info.imports)
            stars_before = len(info.stars)
            defs_before = dict(info.defs)
            _index(info, st.body)
            body_stars = tuple(info.stars[stars_before:])
            _index(info, st.orelse)
            # a class or def of the body (or else) that a handler defines again stays the
            # body's: the handler's is the fallback (``guarded``), not the import-time binding
            body_defs = {n: d for n, d in info.defs.items() if defs_before.get(n) is not d}
            tried = set(info.imports) - imported_before
            modules = tuple(_imported_modules(info, st.body))
            defined = _defined_names(st.body)
            for h in st.handlers:
                if catches_import_error(h) and body_stars:
                    for name in _stored_names(h.body):
                        if name not in tried and name not in defined:
                            info.star_tried.setdefault(name, body_stars)
                if catches_import_error(h):
                    for name, value in handler_bindings(h.body):
                        if name in tried:
                            info.fallbacks.setdefault(name, value)
                    for name, hst in handler_statements(h.body):
                        # ``try: from apex.normalization import FusedLayerNorm as LayerNorm``
                        # / ``except ModuleNotFoundError: from torch.nn import LayerNorm``
                        # (torchscale): the handler's import binds the name when the body's
                        # module is not on disk, never the body's unreadable class
                        if name in tried and isinstance(hst, (ast.Import, ast.ImportFrom)):
                            info.guarded.setdefault(name, ((info.imports[name][0],), hst))
                    if modules:
                        for name, hst in handler_statements(h.body):
                            if name in defined and name not in tried:
                                info.guarded.setdefault(name, (modules, hst))
                _index(info, h.body)
            for name, d in body_defs.items():
                if name in (info.guarded or ()) and info.defs.get(name) is not d:
                    info.defs[name] = d
                    info.assigns.pop(name, None)


IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}


def catches_import_error(h: ast.ExceptHandler) -> bool:
    """``except ImportError:`` (or a bare ``except:``, ``except Exception``, a tuple with one)."""
    if h.type is None:
        return True
    names = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
    return any(
        (n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else "")
        in IMPORT_ERRORS
        for n in names
    )


def handler_bindings(body: list[ast.stmt]) -> list[tuple[str, ast.expr | None]]:
    """Names a handler binds: ``x = None`` gives the expression, a def or import None."""
    out: list[tuple[str, ast.expr | None]] = []
    for st in body:
        if isinstance(st, ast.Assign):
            out.extend((t.id, st.value) for t in st.targets if isinstance(t, ast.Name))
        elif isinstance(st, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            out.append((st.name, None))
        elif isinstance(st, (ast.Import, ast.ImportFrom)):
            out.extend(((a.asname or a.name).split(".")[0], None) for a in st.names)
    return out


def _imported_modules(info: ModInfo, body: list[ast.stmt]) -> list[str]:
    """The modules a ``try:`` body imports at its own level (in order)."""
    out: list[str] = []
    for st in body:
        if isinstance(st, ast.Import):
            out.extend(a.name for a in st.names)
        elif isinstance(st, ast.ImportFrom):
            out.append(resolve_relative(info, st.module, st.level))
    return out


def _stored_names(body: list[ast.stmt]) -> set[str]:
    """Names the statements bind at any depth (not inside a def, class or lambda)."""
    out: set[str] = set()
    todo: list[ast.AST] = list(body)
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            out.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
            continue
        elif isinstance(n, ast.Lambda):
            continue
        todo.extend(ast.iter_child_nodes(n))
    return out


def _defined_names(body: list[ast.stmt]) -> set[str]:
    """Names a ``try:`` body binds by a class, def or assignment at its own level."""
    out: set[str] = set()
    for st in body:
        if isinstance(st, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            out.add(st.name)
        elif isinstance(st, ast.Assign):
            out.update(t.id for t in st.targets if isinstance(t, ast.Name))
    return out


def handler_statements(body: list[ast.stmt]) -> list[tuple[str, ast.stmt]]:
    """Name -> the statement of an ``except`` handler that binds it (its own level)."""
    out: list[tuple[str, ast.stmt]] = []
    for st in body:
        if isinstance(st, ast.Assign):
            out.extend((t.id, st) for t in st.targets if isinstance(t, ast.Name))
        elif isinstance(st, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            out.append((st.name, st))
        elif isinstance(st, ast.ImportFrom):
            out.extend((a.asname or a.name, st) for a in st.names if a.name != "*")
        elif isinstance(st, ast.Import):
            out.extend((a.asname or a.name.split(".")[0], st) for a in st.names)
    return out


def import_findable(finder: Finder, modname: str) -> bool:
    """Whether importing ``modname`` would find it: a module the interpreter models by name
    (torch, numpy, the standard library...) or a file on disk."""
    from driftcheck.parsers.source.stoplist import is_stop

    if not modname:
        return False
    top = modname.split(".")[0]
    if is_stop(modname) or top in sys.builtin_module_names or top in sys.stdlib_module_names:
        return True
    return finder.find(modname) is not None


def resolve_relative(info: ModInfo, module: str | None, level: int) -> str:
    if level == 0:
        return module or ""
    pkg = info.package.split(".") if info.package else []
    if level > 1:
        pkg = pkg[: len(pkg) - (level - 1)]
    return ".".join([*pkg, *([module] if module else [])])


def _is_site_dir(root: Path) -> bool:
    """Is ``root`` an installed-packages directory on ``sys.path``?"""
    if root.name not in ("site-packages", "dist-packages"):
        return False
    return any(p and Path(p).name == root.name and Path(p).resolve() == root for p in sys.path)


def _distutils_shim_spec(finder: Any) -> Any:
    """What setuptools' ``_distutils_hack`` finder answers for ``distutils``, without running it.

    Its ``spec_for_distutils`` imports ``setuptools._distutils`` (setuptools itself, ~90 ms CPU
    and third-party code run on the static path) only to return a spec whose origin is that
    package's ``__init__.py``. The answer is rebuilt from where the import system would find
    setuptools: the same origin when ``setuptools/_distutils/__init__.py`` exists, else None (the
    hack's own fallback when the import fails). A ``spec_for_distutils`` the hack replaced on the
    instance (after ``pip`` is looked up: ``lambda: None``) is its own answer and is called.
    """
    method = getattr(finder, "spec_for_distutils", None)
    if method is None:
        return None
    if "spec_for_distutils" in getattr(finder, "__dict__", {}):
        return method()
    is_cpython = getattr(finder, "is_cpython", None)
    if is_cpython is not None and is_cpython():
        return None
    setuptools = importlib.util.find_spec("setuptools")
    for loc in (setuptools and setuptools.submodule_search_locations) or ():
        init = Path(loc) / "_distutils" / "__init__.py"
        if init.is_file():
            return importlib.util.spec_from_loader("distutils", None, origin=str(init))
    return None


def _top_spec(top: str) -> Any:
    """``importlib.util.find_spec(top)`` for a top-level name, without importing anything.

    ``find_spec`` locates a package without importing it, except for ``distutils`` where
    setuptools (``distutils-precedence.pth``) puts a meta-path finder first that imports
    ``setuptools._distutils`` to answer. For that one name the meta path is walked as
    ``find_spec`` walks it, with the hack's answer rebuilt by ``_distutils_shim_spec``; every
    other name, and ``distutils`` once a module of that name is loaded, goes to ``find_spec``.
    Off (``DRIFTCHECK_SPEED_OFF=spec_no_import``): ``find_spec`` for every name.
    """
    if top != "distutils" or top in sys.modules or not current().spec_no_import:
        return importlib.util.find_spec(top)
    for finder in sys.meta_path:
        if type(finder).__module__ == "_distutils_hack":
            spec = _distutils_shim_spec(finder)
        else:
            find = getattr(finder, "find_spec", None)
            spec = find(top, None) if find is not None else None
        if spec is not None:
            return spec
    return None


class Finder:
    """Module name -> file, for the analyzed tree's roots and installed packages."""

    def __init__(self, roots: list[Path]) -> None:
        self.roots = [r.resolve() for r in roots]
        # a root that is this interpreter's site-packages (the config route reads transformers'
        # modeling files there): other names resolve as the import system finds them
        # (``find_spec``), not as any directory beside the analyzed package. The same answer on
        # a real install; a package hidden from the import system (the simulated core install
        # of benchmarks/installs.py hides torch) stays unreadable, as on a machine without it
        self._siblings = [r for r in self.roots if not _is_site_dir(r)]
        self._cache: dict[str, Path | None] = {}
        self._top: dict[str, list[Path]] = {}

    def _top_dirs(self, top: str) -> list[Path]:
        if top in self._top:
            return self._top[top]
        dirs: list[Path] = []
        for r in self._siblings:
            if (r / top).is_dir() or (r / f"{top}.py").is_file():
                dirs.append(r)
        if not dirs and top not in sys.builtin_module_names:
            try:
                # top-level name only: locating a package does not import it
                spec = _top_spec(top)
            except (ImportError, ValueError):
                spec = None
            if spec is not None:
                if spec.submodule_search_locations:
                    dirs.extend(Path(p).parent for p in spec.submodule_search_locations)
                elif spec.origin and spec.origin.endswith(".py"):
                    dirs.append(Path(spec.origin).parent)
        self._top[top] = dirs
        return dirs

    def find(self, dotted: str) -> Path | None:
        if dotted in self._cache:
            return self._cache[dotted]
        out: Path | None = None
        parts = dotted.split(".")
        if all(p.isidentifier() for p in parts):
            for base in self._top_dirs(parts[0]):
                p = base.joinpath(*parts)
                if (p / "__init__.py").is_file():
                    out = p / "__init__.py"
                    break
                if p.with_suffix(".py").is_file():
                    out = p.with_suffix(".py")
                    break
        self._cache[dotted] = out
        return out
