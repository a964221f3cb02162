"""What importing a module runs at its top level: the reading every top-level reader shares.

Kept apart from the parser (``driftcheck.parsers`` imports the graph model): the pre-commit
hook (hooks.py) decides on every staged file whether ``driftcheck check`` reads a model from
it, with the analyzer's own test (``binds``) and nothing else imported.
"""

from __future__ import annotations

import ast
from typing import TypeGuard


def main_block(st: ast.AST) -> TypeGuard[ast.If]:
    """Whether a top-level statement is a script's ``if __name__ == "__main__":`` block, which
    importing the module does not run (``__name__`` is then the module's name). The one test every
    top-level reader shares (analyze.binds / mutates, postbuild.reach, modglobals, attrregistry,
    hooks), so a script's model, globals and registrations are read the same way by each: the
    test is on the text (any ``if`` whose condition names ``"__main__"``), as it always was."""
    return isinstance(st, ast.If) and "__main__" in ast.unparse(st.test)


def binds(st: ast.stmt, name: str) -> bool:
    """Whether a top-level statement binds ``name`` (``model = ...``, also inside a top-level
    ``with`` / ``if`` / ``try`` block; never the ``if __name__ == "__main__":`` block)."""
    if main_block(st):
        return False
    if isinstance(st, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        return any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t))
    return any(binds(x, name) for x in inner(st))


def inner(st: ast.stmt) -> list[ast.stmt]:
    """The statements a top-level ``with`` / ``if`` / ``try`` block holds (all branches, every
    handler, ``finally``), which importing the module may run; [] for any other statement."""
    if not isinstance(st, (ast.With, ast.If, ast.Try)):
        return []
    out = [*st.body, *getattr(st, "orelse", [])]
    if isinstance(st, ast.Try):
        out += [x for h in st.handlers for x in h.body] + st.finalbody
    return out
