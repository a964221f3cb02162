"""Session 19 review: shared helpers and the fixes the review made (docs/parser.md)."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest

from driftcheck import hooks
from driftcheck.parsers.source import analyze, loader
from driftcheck.parsers.source.interp import modglobals, postbuild

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent(
    """
    model = Net()
    if __name__ == "__main__":
        model = Big()
        n_layer = 4
        model.grow()
    """
)


def test_one_main_block_test_is_shared():
    """Every top-level reader skips the ``__main__`` block by ``loader.main_block``; no reader
    keeps its own copy of the text test (five copies had drifted apart once)."""
    copies = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "driftcheck").rglob("*.py")
        if re.search(r"""["']__main__["'] in """, p.read_text())
    ]
    assert copies == ["driftcheck/parsers/source/loader.py"]


def test_main_block_is_skipped_by_each_reader():
    body = ast.parse(SCRIPT).body
    guard = body[1]
    assert loader.main_block(guard)
    assert not loader.main_block(body[0])
    assert analyze.binds is loader.binds
    assert not loader.binds(guard, "model") and loader.binds(body[0], "model")
    assert not hooks.binds_model(guard) and hooks.binds_model(body[0])
    assert not analyze.mutates(guard, "model")
    assert postbuild.reach(body, 0, "model") == 0
    assert modglobals.bound_names(guard) == set()
    # an ``else:`` runs at import: modglobals replays it (its names bound elsewhere too)
    with_else = ast.parse("if __name__ == '__main__':\n    a = 1\nelse:\n    b = 2\n").body[0]
    assert modglobals.bound_names(with_else) == {"a", "b"}


@pytest.mark.parametrize("guard", ["if __name__ == '__main__':", 'if "__main__" == __name__:'])
def test_hook_agrees_with_analyzer_on_main_block(guard):
    tree = ast.parse(f"{guard}\n    model = Net()\n").body
    assert hooks.binds_model(tree[0]) is False
    assert analyze.binds(tree[0], "model") is False
