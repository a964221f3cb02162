"""What ``refdiff`` reads in a modeling file: config reads, literals, and the functions of a
file with the config class each one's class receives.

A config read is ``config.x``, ``self.config.x``, ``config.text_config.x`` or
``getattr(config, "x"[, default])``; a literal a number, string, bool, None or a tuple/list of
them. The config class of a method is its ``config: XConfig`` annotation, else its class's
``__init__`` annotation or class-level ``config_class = X`` / ``config: X``, along base classes
defined in the same file; ``refdrift`` uses it to find which sub-config a read means.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from driftcheck import safeio

TEXT_CONFIG = "<text>"  # ``config.get_text_config()``
NOT_LITERAL = object()


@dataclass(frozen=True)
class ConfigRead:
    """A read of ``attr`` from the function's config, below the sub-config names in ``path``."""

    path: tuple[str, ...]
    attr: str

    @property
    def text(self) -> str:
        return ".".join(("config", *self.path, self.attr))


@dataclass
class Fn:
    qual: str
    node: ast.FunctionDef | ast.AsyncFunctionDef
    file: Path
    config_class: str | None
    text: str = ""
    local: frozenset[str] = frozenset()  # names the function binds (parameters, assignments)


def config_object(node: ast.AST) -> tuple[str, ...] | None:
    """The sub-config path of an expression that is a config object, else None.

    ``config`` and ``self.config`` are the function's config; ``text_config`` (a local, or an
    attribute of a config) is that sub-config; ``config.get_text_config()`` the text config."""
    if isinstance(node, ast.Name):
        if node.id == "config":
            return ()
        return (node.id,) if node.id.endswith("_config") else None
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            if node.attr == "config":
                return ()
            return (node.attr,) if node.attr.endswith("_config") else None
        base = config_object(node.value)
        if base is not None and node.attr.endswith("_config"):
            return (*base, node.attr)
        return None
    if isinstance(node, ast.Call) and not node.args and not node.keywords:
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "get_text_config":
            base = config_object(f.value)
            return None if base is None else (*base, TEXT_CONFIG)
    return None


def config_read(node: ast.AST) -> ConfigRead | None:
    """``config.x``, ``self.config.x``, ``config.text_config.x``, ``getattr(config, "x"[, d])``."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        if node.attr.endswith("_config") or node.attr == "config":
            return None
        base = config_object(node.value)
        return None if base is None else ConfigRead(base, node.attr)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) in (2, 3)
        and not node.keywords
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        base = config_object(node.args[0])
        return None if base is None else ConfigRead(base, node.args[1].value)
    return None


def literal(node: ast.AST) -> Any:
    """The value of a literal (number, str, bool, None, a tuple/list of them), else NOT_LITERAL."""
    if not isinstance(node, (ast.Constant, ast.UnaryOp, ast.Tuple, ast.List)):
        return NOT_LITERAL
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NOT_LITERAL
    return value if _plain(value) else NOT_LITERAL


def _plain(v: Any) -> bool:
    if isinstance(v, (list, tuple)):
        return all(_plain(x) for x in v)
    return v is None or isinstance(v, (bool, int, float, str))


def functions(tree: ast.Module, file: Path, lines: list[str]) -> list[Fn]:
    """Every top-level function and method (nested classes too), with the config class its
    class receives (``config: XConfig`` on the function or ``__init__``, or a class-level
    ``config_class = X`` / ``config: X``, along base classes defined in the same file), and
    its source text (an unchanged copy is recognised by text, without walking it)."""
    classes: dict[str, ast.ClassDef] = {}
    found: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]] = []

    def visit(body: list[ast.stmt], prefix: str, cls: ast.ClassDef | None) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((prefix + node.name, node, cls))
            elif isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, node)
                visit(node.body, f"{prefix}{node.name}.", node)

    visit(tree.body, "", None)
    out = []
    for qual, node, cls in found:
        cc = _annotation(node) or (_class_config(cls, classes, set()) if cls else None)
        text = "\n".join(x.strip() for x in lines[node.lineno - 1 : node.end_lineno])
        out.append(Fn(qual, node, file, cc, text, local_names(node)))
    return out


def _annotation(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs):
        if a.arg == "config" and a.annotation is not None:
            return _type_name(a.annotation)
    return None


def _type_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.rsplit(".", 1)[-1]
    return None


def _class_config(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], seen: set) -> str | None:
    if cls.name in seen:
        return None
    seen.add(cls.name)
    for node in cls.body:
        if isinstance(node, ast.FunctionDef) and node.name == "__init__":
            found = _annotation(node)
            if found:
                return found
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if node.target.id == "config":
                return _type_name(node.annotation)
            if node.target.id == "config_class" and node.value is not None:
                return _type_name(node.value)
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "config_class" for t in node.targets
        ):
            return _type_name(node.value)
    for base in cls.bases:
        name = _type_name(base)
        if name in classes:
            found = _class_config(classes[name], classes, seen)
            if found:
                return found
    return None


def read_text(path: Path) -> str | None:
    return safeio.read_text_lenient(path)


def parse(path: Path, text: str) -> tuple[ast.Module, list[str]] | None:
    """``text``'s syntax tree and lines. The tree is the source parser's own (``parse_file``,
    cached per path and content) when ``text`` is what the file holds: a comparison analyzes
    the same upstream modeling file it pairs against, and parsing it twice cost 15-20 ms."""
    from driftcheck.errors import DriftcheckError
    from driftcheck.parsers.source.loader import parse_file, parse_quietly, read_source

    try:
        if read_source(path) == text:
            return parse_file(path).tree, text.splitlines()
    except DriftcheckError:
        pass  # unreadable as UTF-8, too large, or not valid Python: parsed below or refused
    try:
        return parse_quietly(text, str(path)), text.splitlines()
    except (SyntaxError, ValueError, RecursionError):
        return None


def local_names(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """Names bound inside ``fn`` (its and nested functions' parameters, assignment, loop,
    ``with`` and comprehension targets): the names a fork may rename without changing code."""
    out = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.add(node.id)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
    return frozenset(out - {"self", "config"})
