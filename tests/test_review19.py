"""Session 19 review: shared helpers and the fixes the review made (docs/parser.md)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from driftcheck import hooks
from driftcheck.parsers.source import analyze, loader
from driftcheck.parsers.source.interp import modglobals, postbuild
from tests.model_count_support import check_count_matches_torch

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


def _main_tests(path: Path) -> list[int]:
    """Lines of ``path`` holding a ``"__main__"`` literal that is no script guard of its own
    (``if __name__ == "__main__":``): a test for the main block."""
    tree = ast.parse(path.read_text())
    guards = {
        id(c)
        for n in ast.walk(tree)
        if isinstance(n, ast.Compare) and isinstance(n.left, ast.Name) and n.left.id == "__name__"
        for c in n.comparators
    }
    return [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and n.value == "__main__" and id(n) not in guards
    ]


def test_one_main_block_test_is_shared():
    """Every top-level reader skips the ``__main__`` block by ``loader.main_block``; no reader
    keeps its own copy of the test (five copies had drifted apart once; session 20 made the
    test syntactic, so the search is for the literal, not for the old text test)."""
    copies = [
        str(p.relative_to(ROOT)) for p in (ROOT / "driftcheck").rglob("*.py") if _main_tests(p)
    ]
    assert copies == ["driftcheck/toplevel.py"]


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


NEW_CASES = {
    # a module base whose ``__new__`` returns a subclass's instance: Python runs
    # ``type(instance).__init__`` (the subclass's); the base's ran here (12 vs torch's 122)
    "module_new_returns_a_subclass": """
        import torch.nn as nn

        class Base(nn.Module):
            def __new__(cls, kind):
                if cls is Base:
                    return super().__new__(Big if kind else Small)
                return super().__new__(cls)

            def __init__(self, kind):
                super().__init__()
                self.fc = nn.Linear(2, 2)

        class Big(Base):
            def __init__(self, kind):
                super().__init__(kind)
                self.extra = nn.Linear(10, 10)

        class Small(Base):
            pass

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = Base(1)
                self.b = Base(0)
    """,
    # the same for a plain class (plainnew.py, sharing ``run_new``), building layers by kind
    "plain_new_returns_a_subclass": """
        import torch.nn as nn

        class Spec:
            def __new__(cls, kind):
                if cls is Spec:
                    return super().__new__(Wide if kind else Spec)
                return super().__new__(cls)

            def __init__(self, kind):
                self.width = 4

        class Wide(Spec):
            def __init__(self, kind):
                self.width = 16

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(2, Spec(1).width)
                self.b = nn.Linear(2, Spec(0).width)
    """,
}


@pytest.mark.parametrize("code", NEW_CASES.values(), ids=NEW_CASES.keys())
def test_new_returning_a_subclass_runs_its_init(tmp_path, code):
    check_count_matches_torch(tmp_path, code)


BACKEND = {
    # the call's ``setattr`` first, then a statement binding the same global: the statement's
    # value is the module's (``"x"``); ``after`` was read as the call's when ``width`` was read
    # first (static 324 vs torch 33)
    "after": 'load_backend()\nbackend_name = "x"\n',
    # the statement first, then the call: the call's (``"torch"``); read as ``"x"`` when
    # ``backend_name`` was read first (static 33 vs torch 324)
    "before": 'backend_name = "x"\nload_backend()\n',
}
BACKEND_HEAD = """import sys


def load_backend():
    setattr(sys.modules[__name__], "backend_name", "torch")
    setattr(sys.modules[__name__], "width", 8)


"""
READS = {
    "width_first": "self.a = nn.Linear(2, backend.width)\n"
    '        self.b = nn.Linear(2, 100 if backend.backend_name == "torch" else 3)\n',
    "name_first": 'self.b = nn.Linear(2, 100 if backend.backend_name == "torch" else 3)\n'
    "        self.a = nn.Linear(2, backend.width)\n",
}


@pytest.mark.parametrize("reads", READS.values(), ids=READS.keys())
@pytest.mark.parametrize("tail", BACKEND.values(), ids=BACKEND.keys())
def test_import_time_setattr_and_statement_bindings_in_import_order(tmp_path, tail, reads):
    """``setattr(sys.modules[__name__], ...)`` in a top-level call and a statement binding the
    same global: the one that runs last at import wins, whichever global is read first."""
    from driftcheck.parsers.source import parse_source
    from tests.model_count_support import torch_count

    (tmp_path / "backend").mkdir()
    (tmp_path / "backend" / "__init__.py").write_text(BACKEND_HEAD + tail)
    f = tmp_path / "model.py"
    f.write_text(
        "import torch.nn as nn\nimport backend\n\n\nclass M(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        " + reads
    )
    want = torch_count(f, sys_path=tmp_path)
    assert want == (324 if tail == BACKEND["before"] else 33)
    assert parse_source(f, entry="M").params_total() == want


def _speed_off(**off: bool):
    """A ``Speed`` in force with the named switches off and no result cache (a cached graph
    would hide the switched path)."""
    import dataclasses

    from driftcheck import speed

    return speed.use(dataclasses.replace(speed.current(), result_cache=False, **off))


def test_window_tables_switch_same_uses(tmp_path):
    """``dataflow_window``'s per-run function tables (the ``attr_scans`` switch) change no use
    read from a band mask: the window is read on and off, the same uses either way."""
    pytest.importorskip("transformers")
    from driftcheck.drift import load_sides
    from tests.drift_support import config, write
    from tests.test_drift18_window import CODE, MISTRAL

    code = write(tmp_path, "band.py", CODE.format(span=24, band="dist < SPAN"))
    _, path = config(tmp_path, "w", "MistralConfig", sliding_window=24, **MISTRAL)
    got = []
    for on in (True, False):
        with _speed_off(attr_scans=on):
            uses = load_sides(str(code), str(path)).left.uses
        got.append(sorted((u.key, repr(u.value)) for u in uses))
    assert ("slidingWindow", "24") in got[0]
    assert got[0] == got[1]


def test_selfmodule_scan_switch_same_count(tmp_path):
    """``selfmodule._writes_itself`` kept on the tree (the ``attr_scans`` switch): the same
    count with it off, for a module filling itself at import."""
    from driftcheck.parsers.source import parse_source

    (tmp_path / "backend").mkdir()
    (tmp_path / "backend" / "__init__.py").write_text(BACKEND_HEAD + BACKEND["after"])
    f = tmp_path / "model.py"
    f.write_text(
        "import torch.nn as nn\nimport backend\n\n\nclass M(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        " + READS["width_first"]
    )
    counts = []
    for on in (True, False):
        with _speed_off(attr_scans=on):
            counts.append(parse_source(f, entry="M").params_total())
    assert counts == [33, 33]


def test_apply_visits_a_shared_module_once_per_parent(tmp_path):
    """``module.apply(fn)`` recurses through ``children()``, which drops repeats only among one
    module's own children: a block two stages share gets ``fn`` twice (two adapters). Visited
    once, it counted 15 vs torch's 24."""
    check_count_matches_torch(
        tmp_path,
        """
        import torch.nn as nn

        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(2, 2)
                self.adapters = nn.ModuleList()

        class Stage(nn.Module):
            def __init__(self, b):
                super().__init__()
                self.b = b

        def add_adapter(m):
            if isinstance(m, Block):
                m.adapters.append(nn.Linear(2, 3))

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                shared = Block()
                self.body = nn.Sequential(Stage(shared), Stage(shared), Stage(Block()))
                self.apply(add_adapter)
        """,
    )


def test_apply_over_exponentially_many_paths_is_bounded(tmp_path):
    """40 levels, each holding the one below through two wrappers: 2**40 paths for torch's
    recursion. The walk stops at ``modtree.APPLY_CALLS`` calls: unknown, with a note."""
    import time

    from driftcheck.parsers.source import parse_source
    from driftcheck.parsers.source.interp import modtree

    f = tmp_path / "model.py"
    f.write_text(
        textwrap.dedent(
            """
            import torch.nn as nn

            class W(nn.Module):
                def __init__(self, inner):
                    super().__init__()
                    self.inner = inner

            def touch(m):
                pass

            s = nn.Linear(1, 1)
            for _ in range(40):
                s = nn.Sequential(W(s), W(s))
            model = s
            model.apply(touch)
            """
        )
    )
    t0 = time.process_time()
    g = parse_source(f)
    assert time.process_time() - t0 < 20
    assert g.params_total() is None
    assert any(f"more than {modtree.APPLY_CALLS} calls" in n for n in g.notes)


def test_sequential_imul_changes_the_container_in_place(tmp_path):
    """``b = self.body; b *= 3``: torch's ``Sequential.__imul__`` adds the items to ``self``,
    so ``self.body`` has 6; a new container bound to ``b`` left it 2 long (22 vs torch 26)."""
    check_count_matches_torch(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.body = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 2))
                b = self.body
                b *= 3
                c = self.body
                c += nn.Sequential(nn.Linear(2, 2))
                self.head = nn.Linear(len(self.body), 1)
        """,
    )


def test_default_fixed_at_the_def_is_never_the_later_global(tmp_path):
    """``W = 4; def make(d=W); W = 8``: the default is 4 (fixed when the ``def`` ran); it was
    read from the finished namespace as 8 (static 72 vs torch 20). It was unknown; review20b
    takes the literal the global held at the def (interp/deftime.py ``_at_def``)."""
    from tests.model_count_support import check_count_matches_torch, torch_count, write_sized

    code = """
        import torch.nn as nn

        W = 4

        def make(d=W):
            return nn.Linear(d, d)

        W = 8

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = make()
                self.b = nn.Linear(W, 1)
    """
    assert torch_count(write_sized(tmp_path, code)) == 20 + 9
    check_count_matches_torch(tmp_path, code)


def test_default_of_a_global_bound_only_before_the_def_stays_exact(tmp_path):
    check_count_matches_torch(
        tmp_path,
        """
        import torch.nn as nn

        W = 4
        if W > 2:
            W = 6

        def make(d=W, *, out=W + 1):
            return nn.Linear(d, out)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = make()
        """,
    )
