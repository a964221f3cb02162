"""``ast.parse`` of a known text (session 33): an architecture written as Python calls and
read, never run (``for stmt in ast.parse(ARCH).body: call = stmt.value; ...
ast.literal_eval(a) for a in call.args``).

CPython's own ``ast.parse`` parses the text (parsing runs nothing; the text is bounded as
``ast.literal_eval``'s is, library/wildlib.py); each node is handed to the analyzed code as an
``ASTNode``: its fields (``body``, ``value``, ``args``, ``keywords``, ``func``, ``id``,
``arg``...) and positions read as CPython's, nodes wrapped again, lists as lists (the same list
object on every read, as a node's field is), constants as themselves. ``ast.literal_eval`` of
a node is CPython's on that node. A text CPython refuses raises its SyntaxError; a field the
node lacks, a constant that is not a plain value, ``isinstance`` against a node class: unknown.
"""

from __future__ import annotations

import ast
import functools
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown

AST = Group("ast", title="ast.parse (texts)")

_POSITIONS = ("lineno", "col_offset", "end_lineno", "end_col_offset")
_PLAIN = (str, int, float, bool, type(None))


class ASTNode:
    """One node of a tree CPython parsed from a known text. Each node class gets its own
    subclass (``_node_class``), so ``type(node)`` is ``ast.Call`` as the analyzer names it
    (``type(node) is ast.Call``, ``type(node).__name__``); ``isinstance`` and ``hasattr``
    are CPython's on the real node (the items.py hooks ``library_isinstance`` /
    ``library_hasattr``)."""

    __slots__ = ("node", "_memo")
    library_type = "ast.AST"

    def __init__(self, node: ast.AST) -> None:
        self.node = node
        self._memo: dict[str, Any] = {}

    def attr(self, name: str) -> Any:
        if name in self._memo:
            return self._memo[name]
        if name in ("_fields", "_attributes"):
            return tuple(getattr(self.node, name, ()))
        if name not in self.node._fields and name not in _POSITIONS:
            return Unknown(f"ast.{type(self.node).__name__}.{name}")
        if not hasattr(self.node, name):  # a position a node kind does not carry
            return Unknown(f"ast.{type(self.node).__name__}.{name} (absent)")
        got = _wrap(getattr(self.node, name))
        self._memo[name] = got
        return got

    def library_hasattr(self, name: str) -> Any:
        return hasattr(self.node, name)

    def library_isinstance(self, qual: str) -> Any:
        """``isinstance(node, ast.Call)`` / ``ast.expr`` / ``ast.AST``: CPython's on the node;
        a builtin value type: never; ``object``: always; anything else: unknown."""
        if qual.startswith("ast."):
            k = getattr(ast, qual[len("ast.") :], None)
            if isinstance(k, type):
                return isinstance(self.node, k)
        if qual == "builtins.object":
            return True
        if qual in _NOT_NODES:
            return False
        return Unknown(f"isinstance of an ast node against {qual}")


_NOT_NODES = frozenset(
    f"builtins.{n}"
    for n in ("int", "float", "bool", "str", "bytes", "list", "tuple", "dict", "set", "type")
)


@functools.cache
def _node_class(name: str) -> type:
    """``ASTNode`` for nodes of class ``ast.<name>``: ``type()`` reads its ``library_type``."""
    return type(f"ASTNode_{name}", (ASTNode,), {"__slots__": (), "library_type": f"ast.{name}"})


def _node(v: ast.AST) -> ASTNode:
    return _node_class(type(v).__name__)(v)


def _wrap(v: Any) -> Any:
    if isinstance(v, ast.AST):
        return _node(v)
    if isinstance(v, list):
        return [_wrap(x) for x in v]
    if isinstance(v, _PLAIN):
        return v
    return Unknown(f"an ast field of type {type(v).__name__}")


@AST.entry(
    "parse",
    doc="parse(text[, mode=]) of a known text (<= 64 KiB): CPython's tree, nodes read field by "
    "field (never run); a text it refuses raises its SyntaxError",
)
def _parse(c: Call) -> Any:
    from pathlib import Path

    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.library.wildlib import TEXT_MAX

    if len(c.args) != 1 or set(c.kwargs) - {"mode", "source"}:
        return c.unknown("ast.parse() with these arguments")
    text, mode = c.plain(0, "source"), c.plain(99, "mode", "exec")
    if not isinstance(text, str) or mode not in ("exec", "eval", "single"):
        return c.unknown("ast.parse() of a text not known statically")
    if len(text) > TEXT_MAX:
        return c.unknown(f"ast.parse() of a text over {TEXT_MAX} characters")
    try:
        tree = ast.parse(text, mode=mode)
    except SyntaxError:
        raise Raised("SyntaxError", c.loc[1], Path(str(c.loc[0]))) from None
    except Exception:  # noqa: BLE001 - too deep, memory: not decided statically
        return c.unknown("ast.parse() of a text it refuses")
    return _node(tree)


def literal_eval_node(c: Call, node: ASTNode) -> Any:
    """``ast.literal_eval(node)``: CPython's on the node; its ValueError raised as CPython's."""
    from pathlib import Path

    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.library.wildlib import _literal

    try:
        out = ast.literal_eval(node.node)
    except (ValueError, TypeError, SyntaxError) as e:
        raise Raised(type(e).__name__, c.loc[1], Path(str(c.loc[0]))) from None
    except Exception:  # noqa: BLE001 - too deep: not decided statically
        return c.unknown("ast.literal_eval() of a node it refuses")
    return out if _literal(out) else c.unknown("ast.literal_eval() of a value not modelled")
