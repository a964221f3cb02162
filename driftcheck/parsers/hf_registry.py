"""Where the installed ``transformers`` keeps a model type's config class and modeling code.

Everything here reads transformers as *source on disk*: the package directory comes from
``importlib.util.find_spec`` (which does not import it), and the auto mappings
(``CONFIG_MAPPING_NAMES``, ``MODEL_MAPPING_NAMES``, ``SPECIAL_MODEL_TYPE_TO_MODULE_NAME``,
``DEPRECATED_MODELS``) are evaluated from the ``ast`` of ``models/auto/*.py``. Importing
transformers costs seconds and pulls in torch; reading three files costs milliseconds and works
where torch is not installed at all.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from functools import cache
from pathlib import Path
from typing import Any

from driftcheck.parsers import cache as result_cache
from driftcheck.parsers.derived import derived

_MAPPING_FILES = ("auto_mappings.py", "configuration_auto.py", "modeling_auto.py")
_WANTED = {
    "CONFIG_MAPPING_NAMES",
    "MODEL_MAPPING_NAMES",
    "SPECIAL_MODEL_TYPE_TO_MODULE_NAME",
    "DEPRECATED_MODELS",
}


@cache
def package_dir() -> Path | None:
    """The installed transformers package directory, found without importing it."""
    try:
        spec = importlib.util.find_spec("transformers")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations)))
    return path if (path / "models" / "auto").is_dir() else None


def version() -> str | None:
    """The installed transformers version, read from its ``__init__.py`` (no import)."""
    pkg = package_dir()
    if pkg is None:
        return None
    init = pkg / "__init__.py"
    try:
        st = init.stat()
    except OSError:
        return None
    stamp = (str(init), st.st_mtime_ns, st.st_size)
    if _VERSION[0] != stamp:  # read once per file state (asked twice per config)
        m = re.search(r'^__version__\s*=\s*["\']([^"\']+)', init.read_text(), re.M)
        _VERSION[:] = [stamp, m.group(1) if m else None]
    return _VERSION[1]


_VERSION: list[Any] = [None, None]


# ---------------------------------------------------------------------- auto mappings
def _literal(node: ast.AST, env: dict[str, Any]) -> Any:
    """Evaluate the few expression shapes the auto files use to build their mappings."""
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id in ("OrderedDict", "dict"):
            out: dict[str, Any] = {}
            for arg in node.args:
                out.update(_literal(arg, env))
            for kw in node.keywords:
                if kw.arg is None:
                    out.update(_literal(kw.value, env))
                else:
                    out[kw.arg] = _literal(kw.value, env)
            return out
        raise ValueError("unsupported call")
    if isinstance(node, ast.Dict):
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                out.update(_literal(v, env))
            else:
                out[_literal(k, env)] = _literal(v, env)
        return out
    return ast.literal_eval(node)


@cache
def _mappings() -> dict[str, Any]:
    """The wanted tables, kept on disk while the three files are unchanged (``derived.py``)."""
    pkg = package_dir()
    if pkg is None:
        return _read_mappings([])
    files = [pkg / "models" / "auto" / fname for fname in _MAPPING_FILES]
    return derived("auto-mappings", files, lambda: _read_mappings(files))


def _read_mappings(files: list[Path]) -> dict[str, Any]:
    env: dict[str, Any] = {name: {} for name in _WANTED}
    env["DEPRECATED_MODELS"] = []
    for path in files:
        if not path.is_file():
            continue
        for stmt in ast.parse(path.read_text(encoding="utf-8")).body:
            try:
                _apply(stmt, env)
            except (ValueError, KeyError, TypeError, SyntaxError):
                continue  # a statement we do not model; the mappings we want are literal
    return env


def _apply(stmt: ast.stmt, env: dict[str, Any]) -> None:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
        if isinstance(target, ast.Name) and target.id in _WANTED:
            env[target.id] = _literal(stmt.value, env)
    elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        func = stmt.value.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "update"
            and isinstance(func.value, ast.Name)
            and func.value.id in _WANTED
        ):
            for arg in stmt.value.args:
                env[func.value.id].update(_literal(arg, env))


def config_class_name(model_type: str) -> str | None:
    return _mappings()["CONFIG_MAPPING_NAMES"].get(model_type)


def model_class_name(model_type: str) -> str | None:
    """The AutoModel class for ``model_type`` (the first one where the mapping lists several)."""
    value = _mappings()["MODEL_MAPPING_NAMES"].get(model_type)
    if isinstance(value, (list, tuple)):
        return value[0] if value else None
    return value


def known_model_types() -> list[str]:
    return sorted(_mappings()["CONFIG_MAPPING_NAMES"])


def module_name(model_type: str) -> str:
    """transformers' ``model_type_to_module_name``: the ``models/<dir>`` of a model type."""
    special = _mappings()["SPECIAL_MODEL_TYPE_TO_MODULE_NAME"]
    key = special.get(model_type, model_type.replace("-", "_"))
    if key in _mappings()["DEPRECATED_MODELS"]:
        key = f"deprecated.{key}"
    return key


# ---------------------------------------------------------------------- class index
_CLASS_RE = r"^class {name}\b"


def _defines(path: Path, name: str) -> bool:
    try:
        data = path.read_bytes()
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    # find_class is memoised for the process: every later result depends on this answer
    stamp = result_cache.stamp(str(path.resolve()), result_cache.file_digest(data))
    result_cache.note_stamps([stamp], sticky=True)
    return re.search(_CLASS_RE.format(name=re.escape(name)), text, re.M) is not None


@cache
def _global_index(kind: str) -> dict[str, Path]:
    """Class name -> defining file over every ``models/*/<kind>_*.py`` (first definition wins).
    Reading the ~1,000 files takes about 0.7 s; the index is kept on disk while none of them
    changed and no file was added or removed (``derived.py``: one ``stat`` per file)."""
    pkg = package_dir()
    if pkg is None:
        return {}
    files = sorted((pkg / "models").glob(f"*/{kind}_*.py"))
    names = derived(f"class-index-{kind}", files, lambda: _read_index(files))
    return {name: Path(path) for name, path in names.items()}


def _read_index(files: list[Path]) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in re.finditer(r"^class (\w+)\b", text, re.M):
            out.setdefault(m.group(1), str(path))
    return out


@cache
def find_class(name: str, kind: str, model_type: str | None = None) -> Path | None:
    """The file defining class ``name`` (``kind`` is ``configuration`` or ``modeling``).

    Looks in the model type's own directory first (cheap, and the right file when two models
    define a class of the same name), then in an index of every model directory.
    """
    pkg = package_dir()
    if pkg is None:
        return None
    if kind == "configuration" and name == "PreTrainedConfig":
        return pkg / "configuration_utils.py"
    if model_type is not None:
        folder = pkg / "models" / Path(*module_name(model_type).split("."))
        for path in sorted(folder.glob(f"{kind}_*.py")):
            if _defines(path, name):
                return path
    return _global_index(kind).get(name)


def resolve_relative(module_file: Path, level: int, module: str | None) -> Path | None:
    """The file a ``from <dots><module> import X`` in ``module_file`` names, if it exists."""
    base = module_file.parent
    for _ in range(level - 1):
        base = base.parent
    target = base.joinpath(*(module or "").split(".")) if module else base
    for cand in (target.with_suffix(".py"), target / "__init__.py"):
        if cand.is_file():
            return cand
    return None
