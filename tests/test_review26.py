"""Session 26 review (review26): tests the session 25 merges lacked."""

from __future__ import annotations

import ast
import textwrap

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
