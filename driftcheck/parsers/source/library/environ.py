"""The environment an installed library reads: clean, plus what the analyzed program itself
set before importing it (issue #16, session 18).

library/stdlib.py already reads an installed library as it runs in a clean environment:
``os.environ.get(name, default)`` / ``os.getenv`` there give the default (the code under
analysis reading the environment stays unknown: the variable is the user's to set). A script
that picks a library's mode by setting a variable before the import -- deepxde's

    os.environ["DDE_BACKEND"] = "pytorch"
    import deepxde as dde

-- runs the library with that variable set; ``"DDE_BACKEND" in os.environ`` inside
deepxde's ``get_preferred_backend`` is then True and ``os.getenv("DDE_BACKEND")`` is
``"pytorch"``. So the environment an installed library sees is the clean one plus the writes
the analyzed file makes before it imports any installed package:

- ``os.environ[K] = V`` and ``os.environ.setdefault(K, V)`` (on a clean environment: V)
  statements at the top level of the analyzed file (one file), with constant K and V, before
  its first import of a module outside the standard library, each key written once: known.
- Any other write to ``os.environ`` in the analyzed files (in a function, after an import,
  under a condition, a key or value not constant, ``update`` / ``pop`` / ``del``, an alias
  such as ``env = os.environ`` or ``from os import environ``): the key it writes is unknown
  (every key where the key itself is not known) -- never the clean default.
- Writes made by the libraries themselves are not modelled (their reads stay as before).

Read in an installed library: ``K in os.environ`` (True for a written key, False for any
other on a clean environment), ``os.environ.get`` / ``os.getenv`` (the written value, else
the default). The user's assumption is the clean environment the benchmarks' torch runs use.

The code under analysis reading the environment (``os.environ.get(K, D)`` / ``os.getenv(K, D)``
in the user's own files) stays unknown: the launcher may set ``K``. ``--assume-env-defaults``
(off by default; ``assume-env-defaults = true`` in ``[tool.driftcheck]``) opens
``assume_env_defaults``: the launch's environment is then assumed clean, so such a read is its
default ``D`` -- where the analyzed program writes neither ``K`` nor the environment at large
(this module's scan) -- and a note names each value so decided (``assumed``). Otherwise still
unknown, also with no default (or a None one: the code expects ``K``). Session 38: ``K in
os.environ`` is then False, and ``os.environ.get(K)`` with no default, still unknown as a value,
is falsy (the clean environment's answers; ``int(os.environ.get("X") or 64)`` is 64). driftcheck's own environment is never consulted.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from driftcheck.parsers.source.values.abstract import Unknown

_READS = frozenset(("get", "__contains__", "keys", "items", "values", "copy"))
# builtins handed ``os.environ`` that only read it (``dict(os.environ)``, ``print(...)``)
_COPIES = frozenset(("dict", "list", "sorted", "len", "print", "str", "repr", "set", "tuple"))


# the notes of the values ``--assume-env-defaults`` decided; None while the flag is off
_ASSUMED: ContextVar[list[str] | None] = ContextVar("assume_env_defaults", default=None)


@contextmanager
def assume_env_defaults(on: bool = True) -> Iterator[list[str]]:
    """Analyses started inside read ``os.environ.get(K, D)`` in the analyzed code as ``D``
    (``user_default``) when ``on``; the list yielded collects one note per value so decided.
    Off (the default everywhere): nothing changes."""
    notes: list[str] = []
    token = _ASSUMED.set(notes if on else None)
    try:
        yield notes
    finally:
        _ASSUMED.reset(token)


def assuming() -> bool:
    return _ASSUMED.get() is not None


# variables a launch environment always has (POSIX login / shell): never assumed unset, so
# neither their defaults nor their absence are taken (review38 #5)
OS_SET = frozenset(
    {"PATH", "HOME", "USER", "LOGNAME", "SHELL", "PWD", "LANG", "TERM", "TMPDIR", "HOSTNAME"}
)
# the same on Windows (session 39, reimplfix39a): variables every Windows process inherits
# from the system or the logon. Windows' environment keys are case-insensitive (``os.environ``
# upper-cases them there: ``os.environ.get("SystemRoot")`` finds ``SYSTEMROOT``), so a key is
# matched upper-cased against this set (and POSIX's: ``Path`` is ``PATH`` on Windows).
WIN_SET = frozenset(
    {
        "USERPROFILE",
        "USERNAME",
        "USERDOMAIN",
        "TEMP",
        "TMP",
        "SYSTEMROOT",
        "SYSTEMDRIVE",
        "WINDIR",
        "COMPUTERNAME",
        "APPDATA",
        "LOCALAPPDATA",
        "PROGRAMDATA",
        "PROGRAMFILES",
        "PROGRAMFILES(X86)",
        "COMMONPROGRAMFILES",
        "ALLUSERSPROFILE",
        "PUBLIC",
        "HOMEDRIVE",
        "HOMEPATH",
        "COMSPEC",
        "PATHEXT",
        "OS",
        "NUMBER_OF_PROCESSORS",
        "PROCESSOR_ARCHITECTURE",
    }
)


def os_set(key: str) -> bool:
    """``key`` is set by the system at every launch (POSIX's, case-sensitive; Windows', any
    case)."""
    return key in OS_SET or (isinstance(key, str) and key.upper() in WIN_SET | OS_SET)


def user_default(
    ip: Any, key: str, default: Any, where: str, what: str | None = None
) -> tuple[bool, str]:
    """(taken, why) for ``os.environ.get(key, default)`` in the analyzed code with
    ``--assume-env-defaults`` on: taken when the default is a known value other than None and
    the program writes neither ``key`` nor the environment at large; else why not. ``what``:
    the note's account of another clean-environment answer taken (``K in os.environ`` False,
    ``os.environ.get(K)`` falsy: ``values/abstract.py EnvUnset``), None allowed then."""
    from driftcheck.parsers.source.values.abstract import plain

    notes = _ASSUMED.get()
    if notes is None:
        return False, "the environment at run time"
    if os_set(key):
        return False, "set by the system at every launch"
    d = plain(default)
    if d is None and what is None:
        return False, "no default: the environment at run time"
    if isinstance(d, Unknown):
        return False, "its default is unknown"
    env = program_env(ip)
    if env.everything is not None or key in env.known or key in env.unknown:
        return False, "the program writes the environment"
    what = f"its default {d!r} taken" if what is None else what
    text = f"{where}: {key} assumed unset (--assume-env-defaults): {what}"
    if text not in notes:
        notes.append(text)
    return True, text


class _Env:
    """The program's own writes: ``known`` (key -> value), ``unknown`` keys, ``everything``
    unknown (a write whose key we cannot read, or an alias of ``os.environ``)."""

    def __init__(self) -> None:
        self.known: dict[str, str] = {}
        self.unknown: dict[str, str] = {}  # key -> why
        self.everything: str | None = None


def _os_names(mod: Any) -> set[str]:
    return {k for k, v in mod.imports.items() if v == ("os", None)}


def _is_environ(e: ast.expr, osn: set[str]) -> bool:
    return (
        isinstance(e, ast.Attribute)
        and e.attr == "environ"
        and isinstance(e.value, ast.Name)
        and e.value.id in osn
    )


def _const(e: ast.expr | None) -> str | None:
    return e.value if isinstance(e, ast.Constant) and isinstance(e.value, str) else None


def _known_write(st: ast.stmt, osn: set[str]) -> tuple[str, str] | None:
    """(K, V) of a top-level ``os.environ[K] = V`` / ``os.environ.setdefault(K, V)``."""
    if (
        isinstance(st, ast.Assign)
        and len(st.targets) == 1
        and isinstance(st.targets[0], ast.Subscript)
        and _is_environ(st.targets[0].value, osn)
    ):
        k, v = _const(st.targets[0].slice), _const(st.value)
        return (k, v) if k is not None and v is not None else None
    if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
        c = st.value
        f = c.func
        if (
            isinstance(f, ast.Attribute)
            and f.attr == "setdefault"
            and _is_environ(f.value, osn)
            and len(c.args) == 2
            and not c.keywords
        ):
            k, v = _const(c.args[0]), _const(c.args[1])
            return (k, v) if k is not None and v is not None else None
    return None


def _stdlib(st: ast.stmt) -> bool:
    if isinstance(st, ast.Import):
        return all(a.name.split(".")[0] in sys.stdlib_module_names for a in st.names)
    if isinstance(st, ast.ImportFrom):
        return not st.level and (st.module or "").split(".")[0] in sys.stdlib_module_names
    return True


def _scan(mods: list[Any]) -> _Env:
    env = _Env()
    if not mods:
        return env
    known_sts: set[int] = set()
    if len(mods) == 1:
        osn = _os_names(mods[0])
        for st in mods[0].tree.body:
            if isinstance(st, (ast.Import, ast.ImportFrom)) and not _stdlib(st):
                break
            kv = _known_write(st, osn)
            if kv is not None:
                if kv[0] in env.known:
                    env.unknown[kv[0]] = f"written twice ({mods[0].path.name}:{st.lineno})"
                env.known[kv[0]] = kv[1]
                known_sts.add(id(st))
    for mod in mods:
        osn = _os_names(mod)
        if any(v == ("os", "environ") for v in mod.imports.values()):
            env.everything = f"os.environ imported by name in {mod.path.name}"
        todo: list[ast.AST] = [mod.tree]
        while todo:
            node = todo.pop()
            if id(node) in known_sts:
                continue  # a known write: its own subscript is no other use
            _other_use(node, osn, env, mod)
            todo.extend(ast.iter_child_nodes(node))
    for k in env.unknown:
        env.known.pop(k, None)
    return env


def _other_use(node: ast.AST, osn: set[str], env: _Env, mod: Any) -> None:
    """A write to ``os.environ`` other than the known ones: its key (or every key) unknown."""
    where = f"{mod.path.name}:{getattr(node, 'lineno', '?')}"
    if isinstance(node, ast.Subscript) and _is_environ(node.value, osn):
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            k = _const(node.slice)
            if k is None:
                env.everything = f"os.environ written under a key we cannot read at {where}"
            else:
                env.unknown.setdefault(k, f"written at {where}")
        return
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        f = node.func
        if _is_environ(f.value, osn) and f.attr not in _READS:
            k = _const(node.args[0]) if node.args else None
            if f.attr in ("setdefault", "pop") and k is not None:
                env.unknown.setdefault(k, f"os.environ.{f.attr} at {where}")
            else:
                env.everything = f"os.environ.{f.attr} at {where}"
        return
    # ``env = os.environ`` / ``f(os.environ)``: an alias that may write any key (a copy or a
    # print reads it only; a child process's ``env=`` cannot write ours)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _COPIES:
        return
    if isinstance(node, ast.keyword) and node.arg == "env":
        return
    if isinstance(node, ast.Dict) and not any(
        _is_environ(k, osn) for k in node.keys if k is not None
    ):
        # ``{**DEFAULTS, **os.environ}``: a copy (session 38), as ``dict(os.environ)``
        return
    for child in ast.iter_child_nodes(node):
        if _is_environ(child, osn) and not isinstance(node, (ast.Subscript, ast.Compare)):
            if not (isinstance(node, ast.Attribute) and node.attr in _READS):
                env.everything = f"os.environ handed on at {where}"


def program_env(ip: Any) -> _Env:
    env = getattr(ip, "program_env", None)
    if env is None:
        env = ip.program_env = _scan(list(getattr(ip, "program_mods", None) or []))
    return env


def library_read(ip: Any, key: str) -> tuple[Any, Any]:
    """(is set, value) of ``key`` as an installed library sees it: (True, V), (False, None)
    on the clean environment, or (Unknown, Unknown) where the program's writes leave it open."""
    env = program_env(ip)
    why = env.unknown.get(key) or env.everything
    # a write that may reach any key (``os.environ.update(...)``, ``clear()``, an alias) may
    # also overwrite or remove a known one, wherever it ran: known only without such a write
    if why is not None and (key not in env.known or env.everything is not None):
        u = Unknown(f"environment variable {key!r}: {why}")
        return u, u
    if key in env.known:
        return True, env.known[key]
    return False, None


def library_code(ip: Any, path: Any) -> bool:
    """Code of a library the analyzed code uses: an installed package's, or any module
    outside the analyzed files' tree (found on ``sys.path``: a vendored copy)."""
    from pathlib import Path

    from driftcheck.parsers.source.loader import installed

    if path is None:
        return False
    p = Path(str(path))
    if installed(p):
        return True
    roots = getattr(getattr(ip, "finder", None), "_siblings", None)
    if not roots:
        return False
    p = p.resolve()
    return not any(p.is_relative_to(r) for r in roots)


def contains(ip: Any, key: Any, fr: Any, line: int | None = None) -> Any:
    """``key in os.environ`` where the frame's code is a library's."""
    from driftcheck.parsers.source.values.abstract import plain

    k = plain(key)
    if not isinstance(k, str):
        return Unknown("in os.environ: the environment at run time")
    if not library_code(ip, getattr(fr.mod, "path", None)):
        # the user's own code: the launch's to set, unless ``--assume-env-defaults`` assumes
        # the clean environment (session 38: ``int(os.environ["X"]) if "X" in os.environ
        # else 64`` is 64), where the program writes neither ``k`` nor the environment at large
        if _ASSUMED.get() is None:
            return Unknown("in os.environ: the environment at run time")
        where = f"{getattr(fr.mod, 'path', '?')}" + (f":{line}" if line else "")
        taken, why = user_default(ip, k, False, where, f"{k!r} in os.environ is False")
        if not taken:
            return Unknown("in os.environ: the environment at run time")
        ip.stmts.note(why)
        return False
    return library_read(ip, k)[0]


def clean_mapping(ip: Any, fr: Any, line: int | None = None) -> Any:
    """``os.environ`` taken whole as a mapping in the user's code (``{**DEFAULTS,
    **os.environ}``): under ``--assume-env-defaults`` the clean environment, an empty dict,
    with a note, where the program writes no variable at all; otherwise unknown (session 38)."""
    unknown = Unknown("os.environ as a mapping: the environment at run time")
    if _ASSUMED.get() is None or library_code(ip, getattr(fr.mod, "path", None)):
        return unknown
    env = program_env(ip)
    if env.everything is not None or env.known or env.unknown:
        return unknown
    where = f"{getattr(fr.mod, 'path', '?')}" + (f":{line}" if line else "")
    text = f"{where}: os.environ assumed clean (--assume-env-defaults): an empty mapping taken"
    notes = _ASSUMED.get()
    if text not in notes:
        notes.append(text)
    ip.stmts.note(text)
    return {}
