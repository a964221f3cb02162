"""The ``[tool.driftcheck]`` section of pyproject.toml: severities, disabled checks, thresholds.

Found by walking up from the checked path (the first pyproject.toml with the section wins, as
ruff does). Every key is validated: a typo is an error naming the key and the file, never a
silently ignored setting.

    [tool.driftcheck]
    disable = ["SML005"]          # ids, names or family prefixes (the verifier does not run them)
    select = ["SHP", "STR"]       # run only these (default: all)
    ignore = ["DRF014"]           # findings of any command not reported (ids, prefixes, names)
    extend-select = ["SRV"]       # added to select
    fail-on = "major"             # exit 1 at or above this severity (default: major)
    gpu = "L4"                    # T4 L4 A10G A100 H100 H200
    dtype = "bfloat16"
    context-length = 8192
    batch-size = 1
    input-shape = "2,3,32,32"
    input-dtype = "float32"       # that input's dtype (int64 for token ids; default: unknown)
    input-range = "0:32000"       # int64 ids: every value in [LO, HI) (default: unknown)
    assume-env-defaults = true    # os.environ.get(K, D) in the code is D (default: unknown)
    [tool.driftcheck.severity]
    SML003 = "blocker"            # any id, prefix or name, also DRF* and SRV*
    [tool.driftcheck.per-file-ignores]
    "tests/*.py" = ["SML"]        # globs relative to this pyproject.toml
    [tool.driftcheck.thresholds]
    max_dropout = 0.6
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from driftcheck import safeio
from driftcheck.errors import DriftcheckError
from driftcheck.findings import Severity

MAX_TOML = 4 * 1024 * 1024
"""A pyproject.toml larger than this is refused (real ones are a few KB)."""

KEYS = {
    "disable",
    "select",
    "gpu",
    "dtype",
    "context-length",
    "batch-size",
    "input-shape",
    "input-dtype",
    "input-range",
    "fail-on",
    "severity",
    "thresholds",
    "ignore",
    "extend-select",
    "per-file-ignores",
    "assume-env-defaults",
}


@dataclass
class Settings:
    path: Path | None = None
    disable: list[str] = field(default_factory=list)
    select: list[str] | None = None
    gpu: str | None = None
    dtype: str | None = None
    context_length: int | None = None
    batch_size: int | None = None
    input_shape: str | None = None
    input_dtype: str | None = None
    input_range: str | None = None
    fail_on: str | None = None
    severity: dict[str, Severity] = field(default_factory=dict)
    thresholds: dict[str, float] = field(default_factory=dict)
    ignore: list[str] = field(default_factory=list)
    extend_select: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    assume_env_defaults: bool = False


def find_pyproject(start: str | Path) -> Path | None:
    """The nearest pyproject.toml at or above ``start`` that has a [tool.driftcheck] section."""
    try:
        p = Path(start).resolve()
        dirs = [p, *p.parents] if p.is_dir() else list(p.parents)
    except (OSError, RuntimeError):  # a symlink loop or a name too long: kind_of says which
        return None
    for d in dirs:
        f = d / "pyproject.toml"
        if f.is_file() and "[tool.driftcheck" in (safeio.read_text_lenient(f, MAX_TOML) or ""):
            return f
    return None


def load_settings(start: str | Path) -> Settings:
    f = find_pyproject(start)
    return Settings() if f is None else parse_settings(f)


def parse_settings(f: Path) -> Settings:
    # imported here, not with the module: most runs find no ``[tool.driftcheck]`` table and
    # never parse TOML, and tomllib's parser and its regexes were a start-up cost of every run
    import tomllib

    where = str(f)
    try:
        data = tomllib.loads(safeio.read_text(f, MAX_TOML))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise DriftcheckError(f"invalid TOML: {e}", where) from None
    sec = data.get("tool", {}).get("driftcheck", {})
    if not isinstance(sec, dict):
        raise DriftcheckError("[tool.driftcheck] must be a table", where)
    bad = sorted(set(sec) - KEYS)
    if bad:
        from driftcheck.selection import did_you_mean

        hint = did_you_mean(bad[0], KEYS) or f" (known: {', '.join(sorted(KEYS))})"
        raise DriftcheckError(f"[tool.driftcheck] unknown key {bad[0]!r}{hint}", where)
    s = Settings(path=f)
    s.disable = [_check_key(k, where, "disable") for k in _strs(sec, "disable", where)]
    if "select" in sec:
        s.select = [_check_key(k, where, "select") for k in _strs(sec, "select", where)]
    s.ignore = [_rule_key(k, where, "ignore") for k in _strs(sec, "ignore", where)]
    s.extend_select = [
        _rule_key(k, where, "extend-select") for k in _strs(sec, "extend-select", where)
    ]
    pfi = sec.get("per-file-ignores", {})
    if not isinstance(pfi, dict):
        raise DriftcheckError("[tool.driftcheck.per-file-ignores] must be a table", where)
    for glob, ids in pfi.items():
        if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
            raise DriftcheckError(
                f"[tool.driftcheck.per-file-ignores] {glob!r} must be a list of strings", where
            )
        s.per_file_ignores[glob] = [_rule_key(k, where, f"per-file-ignores.{glob}") for k in ids]
    s.gpu = _typed(sec, "gpu", str, where)
    if s.gpu is not None:
        from driftcheck.graph.cost import gpu

        try:
            gpu(s.gpu)
        except DriftcheckError as e:
            raise DriftcheckError(f"[tool.driftcheck] gpu: {e.message}", where) from None
    s.dtype = _typed(sec, "dtype", str, where)
    s.context_length = _typed(sec, "context-length", int, where)
    s.batch_size = _typed(sec, "batch-size", int, where)
    s.input_shape = _typed(sec, "input-shape", str, where)
    s.input_dtype = _typed(sec, "input-dtype", str, where)
    s.input_range = _typed(sec, "input-range", str, where)
    env = sec.get("assume-env-defaults", False)
    if not isinstance(env, bool):
        raise DriftcheckError("[tool.driftcheck] assume-env-defaults must be true or false", where)
    s.assume_env_defaults = env
    if s.input_dtype is not None:
        from driftcheck.parsers.source.forward.edges import input_dtype_facts

        try:
            input_dtype_facts(s.input_dtype)
        except ValueError as e:
            raise DriftcheckError(f"[tool.driftcheck] input-dtype: {e}", where) from None
    if s.input_range is not None:
        from driftcheck.parsers.source.forward.edges import input_range

        try:
            input_range(s.input_range)
        except ValueError as e:
            raise DriftcheckError(f"[tool.driftcheck] input-range: {e}", where) from None
    s.fail_on = _typed(sec, "fail-on", str, where)
    if s.fail_on is not None:
        _severity(s.fail_on, where, "fail-on")
    sev = sec.get("severity", {})
    if not isinstance(sev, dict):
        raise DriftcheckError("[tool.driftcheck.severity] must be a table", where)
    for k, v in sev.items():
        s.severity[_rule_key(k, where, "severity")] = _severity(v, where, f"severity.{k}")
    thr = sec.get("thresholds", {})
    from driftcheck.verifier.options import DEFAULT_THRESHOLDS

    if not isinstance(thr, dict):
        raise DriftcheckError("[tool.driftcheck.thresholds] must be a table", where)
    for k, v in thr.items():
        if k not in DEFAULT_THRESHOLDS:
            raise DriftcheckError(
                f"[tool.driftcheck.thresholds] unknown threshold {k!r} "
                f"(known: {', '.join(DEFAULT_THRESHOLDS)})",
                where,
            )
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise DriftcheckError(f"[tool.driftcheck.thresholds] {k} must be a number", where)
        s.thresholds[k] = float(v)
    return s


def _strs(sec: dict, key: str, where: str) -> list[str]:
    v = sec.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise DriftcheckError(f"[tool.driftcheck] {key} must be a list of strings", where)
    return v


def _typed(sec: dict, key: str, kind: type, where: str) -> Any:
    v = sec.get(key)
    if v is not None and (not isinstance(v, kind) or isinstance(v, bool)):
        raise DriftcheckError(f"[tool.driftcheck] {key} must be {kind.__name__}", where)
    return v


def _severity(v: Any, where: str, key: str) -> Severity:
    try:
        return Severity.parse(str(v))
    except ValueError as e:
        raise DriftcheckError(f"[tool.driftcheck] {key}: {e}", where) from None


def _check_key(key: str, where: str, what: str) -> str:
    """A check id, name or family prefix; anything else is a typo worth an error."""
    from driftcheck.verifier import all_checks, get_check
    from driftcheck.verifier.base import FAMILIES

    if key.upper() in FAMILIES:
        return key.upper()
    try:
        c = get_check(key)
    except DriftcheckError:
        from driftcheck.selection import did_you_mean

        names = {x.id for x in all_checks()} | {x.name for x in all_checks()}
        hint = did_you_mean(key, names)
        raise DriftcheckError(f"[tool.driftcheck] {what}: no check {key!r}{hint}", where) from None
    return c.id


def _rule_key(key: str, where: str, what: str) -> str:
    """Any rule of the registry (``driftcheck.rules``: an id, DRF*, SRV*, an old ``DRIFT-*`` id,
    a prefix or a name): a typo is an error with a suggestion."""
    from driftcheck.selection import validate

    try:
        validate([key], where)
    except DriftcheckError as e:
        raise DriftcheckError(f"[tool.driftcheck] {what}: {e.message}", where) from None
    return key
