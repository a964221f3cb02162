"""Which callables model-BUILDING code calls, and whether the static interpreter models them.

Issue #16: a new blind batch scores well below the tuned dev parts because the modelled
callables (``driftcheck/parsers/source/library/``) cover what earlier batches showed, not what
model code uses. This script measures the gap over code nobody here wrote: transformers'
``models/*/modeling_*.py`` in site-packages and every torch-importing module of the libraries in
``benchmarks/wild/.vendor``. It never imports or runs that code: a static AST count.

What counts as building code (per module): module-level statements and class bodies, every
``__init__`` / ``__post_init__`` / ``__new__``, functions whose name says they build (``build*``,
``make*``, ``create*``, ``_build*``..., ``init*``, ``reset_parameters``, ``from_config``), and,
transitively, the same module's functions and methods those call by name (``helper(...)``,
``self.helper(...)``, ``cls.helper(...)``). Calls are resolved through the module's imports
(relative ones included) to the qualified name the interpreter would give them (``nn.init.
zeros_`` -> ``torch.nn.init.zeros_``); bare names bound nowhere in the module are builtins.

A callable is *external* when the interpreter does not read its source: its module is on the
stop list (``stoplist.is_stop``: torch, numpy, the modelled stdlib, transformers' utilities...)
or is a standard-library/builtin module. Everything else is followed from source (pure Python
on disk) and needs no entry. An external callable is *modelled* when the interpreter answers
it (mirroring ``machine.Library.call_ext``): a registry entry or family rule, a tensor-values
function, a ``builtins`` name its ``py_call`` evaluates, or a torch layer class (read from
torch's source or the catalogue). Method calls on values (``x.view``, ``self.register_buffer``)
are outside this table, except ``nn.Module`` methods called on ``self`` in a module class
(listed as ``torch.nn.Module.<name>``, modelled when the interpreter's source names them).

    python benchmarks/wild/call_coverage.py [--top 60] [--json out.json] [--only-unmodelled]
"""

from __future__ import annotations

import argparse
import ast
import builtins
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "benchmarks" / "wild" / ".vendor"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # this checkout's driftcheck, not an installed one
BUILD_NAME = re.compile(
    r"^_*(build|make|create|init|reset_parameters|from_config|get_model|construct)", re.I
)
ROOT_METHODS = {"__init__", "__post_init__", "__new__", "__init_subclass__"}


def sources() -> Iterator[tuple[str, str, Path]]:
    """(library, module name, path) of every file counted."""
    import transformers

    tdir = Path(transformers.__file__).parent
    for p in sorted(tdir.glob("models/*/modeling_*.py")):
        yield "transformers", ".".join(p.relative_to(tdir.parent).with_suffix("").parts), p
    if not VENDOR.is_dir():
        return
    for top in sorted(VENDOR.iterdir()):
        if top.name.startswith((".", "_")) or top.name.endswith((".dist-info", ".libs")):
            continue
        if top.is_file() and top.suffix == ".py":
            yield top.stem, top.stem, top
        elif top.is_dir() and not top.is_symlink():
            for p in sorted(top.rglob("*.py")):
                rel = p.relative_to(VENDOR).with_suffix("").parts
                if any(part.startswith(".") or part in ("tests", "test") for part in rel):
                    continue
                mod = ".".join(rel[:-1] if rel[-1] == "__init__" else rel)
                yield top.name, mod, p


def imports_torch(tree: ast.Module) -> bool:
    for n in ast.walk(tree):
        if isinstance(n, ast.Import) and any(a.name.split(".")[0] == "torch" for a in n.names):
            return True
        if isinstance(n, ast.ImportFrom) and n.level == 0 and (n.module or "").startswith("torch"):
            return True
    return False


def import_map(tree: ast.Module, modname: str, is_pkg: bool) -> dict[str, str]:
    """Local name -> qualified name, for every import anywhere in the module."""
    out: dict[str, str] = {}
    pkg = modname.split(".") if is_pkg else modname.split(".")[:-1]
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            for a in n.names:
                if a.asname:
                    out[a.asname] = a.name
                else:
                    out[a.name.split(".")[0]] = a.name.split(".")[0]
        elif isinstance(n, ast.ImportFrom):
            if n.level:
                base = pkg[: len(pkg) - (n.level - 1)] if n.level > 1 else pkg
                mod = ".".join([*base, *([n.module] if n.module else [])])
            else:
                mod = n.module or ""
            for a in n.names:
                if a.name != "*":
                    out[a.asname or a.name] = f"{mod}.{a.name}"
    return out


def bound_names(tree: ast.Module) -> set[str]:
    """Names the module binds anywhere (defs, assignments, parameters, loop targets): a bare
    call of one is not a builtin."""
    out: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.id)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
    return out


def dotted(e: ast.expr) -> list[str] | None:
    parts: list[str] = []
    while isinstance(e, ast.Attribute):
        parts.append(e.attr)
        e = e.value
    if isinstance(e, ast.Name):
        parts.append(e.id)
        return parts[::-1]
    return None


def shallow_calls(body: list[ast.stmt], how: dict[int, str]) -> Iterator[ast.Call]:
    """Calls in ``body``, not descending into nested function or class definitions. ``how``
    gets the id of each call used as a ``with`` manager or a decorator (``ctx``: the
    interpreter runs the body / keeps the function whatever the manager is) or whose value
    an expression statement drops (``dropped``)."""
    stack: list[ast.AST] = list(body)
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.With, ast.AsyncWith)):
            how.update((id(i.context_expr), "ctx") for i in n.items)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            how.update((id(d), "ctx") for d in n.decorator_list)
        elif isinstance(n, ast.Expr) and isinstance(n.value, ast.Call):
            how.setdefault(id(n.value), "dropped")
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            if isinstance(n, ast.ClassDef):
                stack.extend(n.bases)
                stack.extend(n.keywords)
            else:
                stack.extend(n.decorator_list if not isinstance(n, ast.Lambda) else [])
                if not isinstance(n, ast.Lambda):
                    stack.extend(d for d in n.args.defaults + n.args.kw_defaults if d)
            continue
        if isinstance(n, ast.Call):
            yield n
        stack.extend(ast.iter_child_nodes(n))


def module_bases() -> set[str]:
    return {"Module", "nn.Module", "torch.nn.Module", "PreTrainedModel"}


def analyze(tree: ast.Module, modname: str, is_pkg: bool, module_methods: set[str]):
    """(qualified callee, how its value is used) of every resolved call in the module's building code."""
    imports = import_map(tree, modname, is_pkg)
    bound = bound_names(tree)
    funcs: dict[str, list[ast.FunctionDef]] = defaultdict(list)  # name -> defs (any class)
    owner: dict[int, ast.ClassDef] = {}
    roots: list[list[ast.stmt]] = [[s for s in tree.body]]
    for n in ast.walk(tree):
        if isinstance(n, ast.ClassDef):
            roots.append(
                [s for s in n.body if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
            )
            for s in n.body:
                if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    owner[id(s)] = n
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            funcs[n.name].append(n)
    todo = [
        f
        for name, fs in funcs.items()
        for f in fs
        if name in ROOT_METHODS or BUILD_NAME.match(name)
    ]
    seen: set[int] = set()
    out: list[tuple[str, str]] = []
    how: dict[int, str] = {}

    def visit(body: list[ast.stmt], cls: ast.ClassDef | None) -> None:
        defined = (
            {s.name for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
            if cls
            else set()
        )
        is_module_cls = cls is not None and any(
            ".".join(dotted(b) or []) in module_bases()
            or (dotted(b) or [""])[-1].endswith(("Module", "PreTrainedModel"))
            for b in cls.bases
        )
        for c in shallow_calls(body, how):
            parts = dotted(c.func)
            if parts is None:
                continue
            head = parts[0]
            if head in ("self", "cls") and len(parts) == 2:
                name = parts[1]
                if name in funcs:
                    todo.extend(funcs[name])
                elif is_module_cls and name in module_methods and name not in defined:
                    out.append((f"torch.nn.Module.{name}", how.get(id(c), "used")))
                continue
            if len(parts) == 1 and head in funcs and head not in imports:
                todo.extend(funcs[head])
                continue
            if head in imports:
                out.append((".".join([imports[head], *parts[1:]]), how.get(id(c), "used")))
            elif head not in bound and hasattr(builtins, head) and head not in ("super",):
                out.append((".".join(["builtins", *parts]), how.get(id(c), "used")))

    for r in roots:
        visit(r, None)
    while todo:
        f = todo.pop()
        if id(f) in seen:
            continue
        seen.add(id(f))
        visit(f.body, owner.get(id(f)))
    return out


def classify(q: str, installed: set[str]) -> str:
    """How the interpreter meets a call of ``q``: ``followed`` (source read), ``modelled`` (an
    answer), ``unmodelled`` (an unknown), ``unreadable`` (a library not installed here)."""
    from driftcheck.parsers.source.library import registry, tensorvalues
    from driftcheck.parsers.source.library.torchlib import CONTAINERS
    from driftcheck.parsers.source.stoplist import is_stop

    if q.startswith("torch.nn.Module."):
        return "modelled" if _named_in_interp(q.rsplit(".", 1)[1]) else "unmodelled"
    mod, _, short = q.rpartition(".")
    top = q.split(".")[0]
    if not (top == "builtins" or is_stop(mod or q) or top in sys.builtin_module_names):
        # read from source when on disk as Python (the interpreter's Finder: stdlib modules
        # off the stop list, such as glob or shutil, are read too); a C extension is not
        if top in installed:
            return "followed"
        return "followed" if _py_source(top) else "unmodelled" if _on_disk(top) else "unreadable"
    if q.endswith(".__init__"):
        return "followed"
    if registry.lookup(q) is not None or q in tensorvalues.FUNCS:
        return "modelled"
    if q.startswith("builtins.") and _py_call_models(short):
        return "modelled"
    if q.startswith("torch.nn.") and not q.startswith("torch.nn.functional"):
        if short in CONTAINERS or short[:1].isupper():
            return "modelled"
    return "unmodelled"


def _spec(top: str):
    import importlib.util

    try:
        return importlib.util.find_spec(top)  # a top-level name: located, not imported
    except (ImportError, ValueError):
        return None


def _py_source(top: str) -> bool:
    s = _spec(top)
    return s is not None and (bool(s.submodule_search_locations) or str(s.origin).endswith(".py"))


def _on_disk(top: str) -> bool:
    return _spec(top) is not None


_INTERP_TEXT: list[str] = []


def _named_in_interp(name: str) -> bool:
    if not _INTERP_TEXT:
        src = ROOT / "driftcheck" / "parsers" / "source"
        _INTERP_TEXT.append("\n".join(p.read_text() for p in src.rglob("*.py")))
    return f'"{name}"' in _INTERP_TEXT[0]


def _py_call_models(name: str) -> bool:
    """Whether ``pybuiltins.py_call`` evaluates builtin ``name`` (it names the builtins it
    answers; any other gives an unknown)."""
    text = (ROOT / "driftcheck/parsers/source/library/pybuiltins.py").read_text()
    return f'"{name}"' in text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", type=int, default=60, help="rows of the table (external callables)")
    ap.add_argument("--json", help="write every external callable's counts here")
    ap.add_argument("--only-unmodelled", action="store_true")
    a = ap.parse_args()
    import torch.nn

    module_methods = {n for n in dir(torch.nn.Module) if not n.startswith("__")}
    installed = (
        {p.name.split(".")[0].split("-")[0] for p in VENDOR.iterdir()} if VENDOR.is_dir() else set()
    )
    installed |= {"transformers", "torchvision", "torchaudio"}
    occ: Counter[str] = Counter()
    used: Counter[str] = (
        Counter()
    )  # calls whose value is used (not a manager, decorator or dropped)
    generic: Counter[str] = Counter()  # calls as a ``with`` manager or decorator
    libs: dict[str, set[str]] = defaultdict(set)
    files = 0
    for lib, mod, path in sources():
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except (SyntaxError, ValueError):
            continue
        if lib != "transformers" and not imports_torch(tree):
            continue
        files += 1
        for q, how in analyze(tree, mod, path.name == "__init__.py", module_methods):
            occ[q] += 1
            used[q] += how == "used"
            generic[q] += how == "ctx"
            libs[q].add(lib)
    kinds = {q: classify(q, installed) for q in occ}
    ext = [q for q in occ if kinds[q] in ("modelled", "unmodelled")]
    nlibs = len({lib for q in occ for lib in libs[q]})
    print(f"{files} files of {nlibs} libraries; {len(occ)} callables, {len(ext)} external")
    for k in ("modelled", "unmodelled", "followed", "unreadable"):
        qs = [q for q in occ if kinds[q] == k]
        print(f"  {k:10s} {len(qs):5d} callables {sum(occ[q] for q in qs):7d} calls")
    tot_o = sum(occ[q] for q in ext)
    tot_l = sum(len(libs[q]) for q in ext)
    mod_o = sum(occ[q] for q in ext if kinds[q] == "modelled")
    mod_l = sum(len(libs[q]) for q in ext if kinds[q] == "modelled")
    print(
        f"external coverage: {mod_o}/{tot_o} = {100 * mod_o / max(tot_o, 1):.1f}% by occurrences, "
        f"{mod_l}/{tot_l} = {100 * mod_l / max(tot_l, 1):.1f}% by (callable, library) pairs"
    )
    ok = sum(occ[q] if kinds[q] == "modelled" else generic[q] for q in ext)
    use_t = sum(used[q] for q in ext)
    use_m = sum(used[q] for q in ext if kinds[q] == "modelled")
    print(
        f"  counting a manager/decorator as handled (the body runs, the function is kept): "
        f"{ok}/{tot_o} = {100 * ok / max(tot_o, 1):.1f}%; calls whose value is used: "
        f"{use_m}/{use_t} = {100 * use_m / max(use_t, 1):.1f}%"
    )
    rows = sorted(ext, key=lambda q: (-len(libs[q]), -occ[q], q))
    if a.only_unmodelled:
        rows = [q for q in rows if kinds[q] == "unmodelled"]
    print("\n| callable | occurrences | value used | libraries | modelled |\n|---|---|---|---|---|")
    for q in rows[: a.top]:
        m = "yes" if kinds[q] == "modelled" else "NO"
        print(f"| `{q}` | {occ[q]} | {used[q]} | {len(libs[q])} | {m} |")
    if a.json:
        Path(a.json).write_text(
            json.dumps(
                {
                    q: {"occ": occ[q], "used": used[q], "libs": sorted(libs[q]), "kind": kinds[q]}
                    for q in occ
                },
                indent=1,
                sort_keys=True,
            )
        )


if __name__ == "__main__":
    main()
