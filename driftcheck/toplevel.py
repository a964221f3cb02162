"""What importing a module runs at its top level: the reading every top-level reader shares.

Kept apart from the parser (``driftcheck.parsers`` imports the graph model): the pre-commit
hook (hooks.py) decides on every staged file whether ``driftcheck check`` reads a model from
it, with the analyzer's own test (``binds``) and nothing else imported.
"""

from __future__ import annotations

import ast
from typing import TypeGuard


def main_block(st: ast.AST) -> TypeGuard[ast.If]:
    """Whether a top-level statement is a script's ``if __name__ == "__main__":`` block, whose
    body importing the module does not run (``__name__`` is then the module's name). The one
    test every top-level reader shares (analyze.binds / mutates, postbuild.reach, modglobals,
    attrregistry, deftime, hooks), so a script's model, globals and registrations are read the
    same way by each. The condition is read as Python runs it: ``__name__ == "__main__"``
    either way round, or an ``and`` holding it (that body needs it too). Any other ``if`` is
    an ordinary statement: ``if __name__ != "__main__":`` runs at import (the text test taken
    before, any condition naming ``"__main__"``, skipped it: a confident wrong size)."""
    return isinstance(st, ast.If) and _needs_main(st.test)


def _needs_main(test: ast.expr) -> bool:
    """``test`` is true only when ``__name__`` is ``"__main__"``."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_needs_main(v) for v in test.values)
    if not (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
    ):
        return False
    sides = (test.left, test.comparators[0])
    return any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides) and any(
        isinstance(s, ast.Constant) and s.value == "__main__" for s in sides
    )


def at_import(st: ast.stmt) -> list[ast.stmt]:
    """The part of a top-level statement importing the module runs: the statement, or of a
    ``__main__`` block only its ``else:`` (the readers that skipped the whole block missed a
    binding or a registration the ``else:`` makes at import)."""
    return list(st.orelse) if main_block(st) else [st]


def binds(st: ast.stmt, name: str) -> bool:
    """Whether a top-level statement binds ``name`` (``model = ...``, also inside a top-level
    ``with`` / ``if`` / ``try`` block; never the body of ``if __name__ == "__main__":``, but
    its ``else:``, which importing runs)."""
    if isinstance(st, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        return any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t))
    return any(binds(x, name) for x in inner(st))


def inner(st: ast.stmt) -> list[ast.stmt]:
    """The statements a top-level ``with`` / ``if`` / ``try`` block holds (all branches, every
    handler, ``finally``), which importing the module may run; [] for any other statement.
    Of a ``__main__`` block only its ``else:`` (its body is not run at import)."""
    if not isinstance(st, (ast.With, ast.If, ast.Try)):
        return []
    if main_block(st):
        return list(st.orelse)
    out = [*st.body, *getattr(st, "orelse", [])]
    if isinstance(st, ast.Try):
        out += [x for h in st.handlers for x in h.body] + st.finalbody
    return out
