"""Shared harness for the tests that count a small model both ways: statically and in torch
(tests/test_drift14a.py, test_drift15a.py, test_wild_constructs*.py, ...).

Each test file writes small modules whose sizes come out of one construct (a settings class, a
context variable, a struct header...). The question is always the same and lives here: the
static ``params_total`` of ``M`` equals the parameter count torch gives ``M()`` on the meta
device, or, where the value cannot be known, the count is null (an honest unknown).
"""

from __future__ import annotations

import contextlib
import os
import runpy
import sys
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source

# a model reading its sizes through ``size(name)`` while it builds (not at import): appended to
# a construct's code when that code does not define ``M`` itself
SIZE_TAIL = """
    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            d, f = size("D"), size("F")
            self.qkv = nn.Linear(d, 3 * d, bias=False)
            self.ff = nn.Sequential(nn.Linear(d, f), nn.GELU(), nn.Linear(f, d))
            self.ln = nn.LayerNorm(d)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(size("V"), size("D"))
            self.blocks = nn.ModuleList(Block() for _ in range(size("L")))
"""


def torch_count(
    path: str | Path,
    root: str = "M",
    device: str | None = "meta",
    sys_path: str | Path | None = None,
    seed: int | None = None,
) -> int:
    """Parameters of the file's ``root`` built by torch (shared tensors counted once).

    ``root`` names a module class (built with no arguments) or a module instance (a file's
    global ``model``). ``device``: "meta" (no memory), "cpu" where the code reads tensor values
    (``nonzero`` has no meta kernel), or None for torch's default. ``sys_path``: a folder put
    first on ``sys.path`` while the file runs (a package written next to it); the modules it
    imported from there are dropped afterwards, so that no later test sees them. ``seed``:
    ``torch.manual_seed`` first, for code that draws its sizes."""
    torch = pytest.importorskip("torch")
    old_path = list(sys.path)
    shadowed: dict[str, object] = {}
    if sys_path is not None:
        sys.path.insert(0, str(sys_path))
        # a module of the same top-level name imported earlier in this process (another test's
        # ``blocks.py``) would answer the file's ``import blocks``: set it aside while it runs
        tops = {p.stem if p.suffix == ".py" else p.name for p in Path(sys_path).iterdir()}
        for name in list(sys.modules):
            if name.split(".")[0] in tops:
                shadowed[name] = sys.modules.pop(name)
    old_mods = set(sys.modules)
    if seed is not None:
        torch.manual_seed(seed)
    try:
        with torch.device(device) if device else contextlib.nullcontext():
            obj = runpy.run_path(str(path), run_name="__counted__")[root]
            model = obj() if isinstance(obj, type) else obj
    finally:
        if sys_path is not None:
            sys.path[:] = old_path
            drop_modules_under(sys_path, old_mods)
            sys.modules.update(shadowed)
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


def drop_modules_under(folder: Path | str, old_mods: set[str]) -> None:
    """Drop from ``sys.modules`` the modules imported since ``old_mods`` whose file lies under
    ``folder`` (a package a test wrote there), so that no later test sees that copy. Only
    those: dropping everything new also dropped the torch submodules the file's imports pulled
    in first (``torch._dynamo`` through transformers); re-imported later, they re-register
    their operator libraries (RuntimeError) and torch's Python meta kernels that import them
    lazily failed -- ``floor_divide`` on meta broke for every later test in that process
    (session 35, pins35: tests/test_wild_fresh6.py under xdist)."""
    root = os.path.realpath(str(folder))
    for name in set(sys.modules) - old_mods:
        mod = sys.modules.get(name)
        where = [getattr(mod, "__file__", None), *(getattr(mod, "__path__", None) or [])]
        if any(w and os.path.realpath(str(w)).startswith(root + os.sep) for w in where):
            del sys.modules[name]


def write_sized(tmp_path: Path, code: str, tail: str = SIZE_TAIL) -> Path:
    """``model.py`` holding ``code``, with ``tail`` appended unless ``code`` defines ``M``."""
    path = tmp_path / "model.py"
    body = textwrap.dedent(code)
    if "class M(" not in body:
        body += textwrap.dedent(tail)
    path.write_text(body)
    return path


def check_count_matches_torch(tmp_path: Path, code: str) -> None:
    path = write_sized(tmp_path, code)
    g = parse_source(path, entry="M")
    assert g.params_total() == torch_count(path), [str(n) for n in g.notes]


def check_honest_unknown(tmp_path: Path, code: str) -> None:
    g = parse_source(write_sized(tmp_path, code), entry="M")
    assert g.params_total() is None, g.params_total()


# probes that change the process (``atexit._run_exitfuncs()`` runs torch's own exit handlers,
# which drop its Python meta kernels and prims: every later test of the worker breaks; signal
# handlers, trace / profile functions, threads) are built in a fresh interpreter
PROCESS_CHANGING = (
    "atexit",
    "signal",
    "settrace",
    "setprofile",
    "Thread",
    "Timer",
    "Executor",
    "fork",
)
_FRESH = """
import json, runpy, sys
m = runpy.run_path(sys.argv[1], run_name="__counted__")["model"]
print(json.dumps(sum(p.numel() for p in {id(p): p for p in m.parameters()}.values())))
"""


def fresh_count(path) -> int:
    """torch's count of the file's module-level ``model``, built in a fresh interpreter."""
    import json
    import subprocess

    r = subprocess.run(
        [sys.executable, "-c", _FRESH, str(path)], capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])
