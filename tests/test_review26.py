"""Session 26 review (review26): tests the session 25 merges lacked."""

from __future__ import annotations

import ast
import re
import textwrap

import pytest

from driftcheck.parsers.source.interp import selfmodule
from driftcheck.parsers.source.library.machine import Interp
from driftcheck.parsers.source.loader import Finder, parse_file

# diffusers' / transformers' lazy package ``__init__`` plus a setattr loop over sizes
LAZY_INIT = textwrap.dedent(
    """\
    import sys
    from typing import TYPE_CHECKING

    _SIZES = [("width", 64), ("depth", 3)]
    for _k, _v in _SIZES:
        setattr(sys.modules[__name__], _k, _v)

    if TYPE_CHECKING:
        from .parts import Block
    else:
        _import_structure = {"parts": ["Block"]}
        sys.modules[__name__] = _LazyModule(__name__, globals()["__file__"], _import_structure)
    """
)


def _no_drift(out: str) -> bool:
    """No finding of minor or above: none at all, or only info ones (an unknown size said as
    unknown: session 35, unknown35), and the unknown named."""
    last = out.strip().splitlines()[-1]
    if last == "no findings":
        return True
    return re.fullmatch(r"\d+ findings?: \d+ info", last) is not None and "unknown" in out


def test_only_setattr_compound_statements_run_at_import():
    body = ast.parse(LAZY_INIT).body
    loop, lazy = body[3], body[4]
    assert isinstance(loop, ast.For) and isinstance(lazy, ast.If)
    assert selfmodule._import_time(loop)  # setattr(sys.modules[__name__], ...)
    assert not selfmodule._import_time(lazy)  # only replaces the module: not run


def test_lazy_init_block_is_not_run_but_the_setattr_loop_is(tmp_path):
    # 098eb75: running the whole ``if TYPE_CHECKING: ... else: sys.modules[__name__] = ...``
    # block cost a package __init__ seconds per lookup (13 wild files over the 10 s limit)
    pkg = tmp_path / "lazypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(LAZY_INIT)
    (pkg / "parts.py").write_text("class Block:\n    pass\n")
    main = tmp_path / "main26.py"
    main.write_text("import lazypkg\n\nresult = (lazypkg.width, lazypkg.depth)\n")
    interp = Interp(Finder([tmp_path]))
    ran: list[tuple[str, int]] = []
    exec_stmt = interp.stmts.exec_stmt

    def spy(st, fr):
        ran.append((type(st).__name__, st.lineno))
        return exec_stmt(st, fr)

    interp.stmts.exec_stmt = spy
    mod = parse_file(main, "main26")
    interp.names.add_module(mod)
    assert interp.names.global_lookup(mod, "result") == (64, 3)
    lines = {line for kind, line in ran if kind in ("For", "If")}
    assert 5 in lines  # the setattr loop ran
    assert 8 not in lines  # the lazy block did not


def test_compare_reads_tool_driftcheck_of_its_code_sides(tmp_path, capsys, monkeypatch):
    """compare takes ``assume-env-defaults`` and ``fail-on`` from the pyproject.toml of its
    code sides, as check does; the environment is assumed only when every code side opts in."""
    from driftcheck.cli import main
    from tests.test_review25 import R25, _env_model

    for k in R25:
        monkeypatch.delenv(k, raising=False)
    left = _env_model(tmp_path)
    (tmp_path / "b").mkdir()
    right = tmp_path / "b" / "env_model.py"
    right.write_text(left.read_text().replace('"64"', '"32"'))

    def run(*argv: str) -> tuple[int, str, str]:
        capsys.readouterr()
        rc = main(list(argv))
        got = capsys.readouterr()
        return rc, got.out, got.err

    rc, out, err = run("compare", str(left), str(right))
    assert rc == 0 and _no_drift(out)  # both widths unknown
    (tmp_path / "pyproject.toml").write_text("[tool.driftcheck]\nassume-env-defaults = true\n")
    rc, out, err = run("compare", str(left), str(right))
    assert rc == 1 and "64" in out and "32" in out
    assert err.count("--assume-env-defaults") == 4  # each value decided is named
    # the right side's own project does not opt in: nothing is assumed for either side
    (tmp_path / "b" / "pyproject.toml").write_text("[tool.driftcheck]\nfail-on = 'blocker'\n")
    rc, out, err = run("compare", str(left), str(right))
    assert rc == 0 and _no_drift(out)
    (tmp_path / "b" / "pyproject.toml").write_text(
        "[tool.driftcheck]\nassume-env-defaults = true\nfail-on = 'blocker'\n"
    )
    rc, out, err = run("compare", str(left), str(right))
    assert "64" in out and rc == 0  # the drift is below the configured fail-on
    rc, out, err = run("compare", str(left), str(right), "--fail-on", "major")
    assert rc == 1  # the flag wins over the file
    (tmp_path / "b" / "pyproject.toml").write_text("[tool.driftcheck]\nfail-on = 'nope'\n")
    rc, out, err = run("compare", str(left), str(right))
    assert rc == 2 and len(err.strip().splitlines()) == 1


EXTEND = """
import os
from collections import deque

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = {xs}
        d = {kind}
        d.{method}(xs)
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in d)
"""


def _extend_model(tmp_path, xs: str, kind: str, method: str):
    path = tmp_path / f"ext_{kind[:5]}_{method}.py"
    path.write_text(EXTEND.format(xs=xs, kind=kind, method=method))
    return path


@pytest.mark.parametrize(
    "kind, method",
    [("[]", "extend"), ("deque()", "extend"), ("deque()", "extendleft")],
)
def test_extend_by_an_unknown_iterable_is_an_unknown_model(tmp_path, kind, method):
    # ``d.extend(xs)`` with ``xs`` not known appended ONE unknown item: one layer built where
    # torch builds len(xs) (20 parameters claimed for 40, with no note)
    import runpy

    from driftcheck.parsers.source import parse_source

    unknown = _extend_model(tmp_path, 'os.environ.get("R26_XS", "ab")', kind, method)
    g = parse_source(str(unknown), entry="M")
    assert g.params_total() is None
    assert any("cannot enumerate" in str(n) for n in g.notes), [str(n) for n in g.notes]
    torch = pytest.importorskip("torch")
    known = _extend_model(tmp_path, '"abc"', kind, method)
    with torch.device("meta"):
        m = runpy.run_path(str(known))["M"]()
    assert parse_source(str(known), entry="M").params_total() == sum(
        p.numel() for p in m.parameters()
    )
