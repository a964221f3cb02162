"""The root of a user's script: the model it binds to ``model`` at module level, read through
the library code it calls (registries filled by decorators, ``**kwargs`` forwarding), and an
honest unknown where that code cannot be followed. Every count is torch's (issue #16)."""

from __future__ import annotations

import runpy
import sys
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source

NET = """
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim, mult=4):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, dim * mult), nn.GELU(), nn.Linear(dim * mult, dim))


class Net(nn.Module):
    def __init__(self, dim=512, depth=6, **kwargs):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim, **kwargs) for _ in range(depth)])
        self.head = nn.Linear(dim, 10)
"""


def write(tmp: Path, rel: str, text: str) -> Path:
    p = tmp / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(textwrap.dedent(text))
    return p


def torch_count(path: Path) -> int:
    import torch

    sys.path.insert(0, str(path.parent))
    try:
        with torch.device("meta"):
            model = runpy.run_path(str(path), run_name="__wild__")["model"]
    finally:
        sys.path.remove(str(path.parent))
        for name in [m for m in sys.modules if m == "zoo" or m.startswith("zoo.")]:
            del sys.modules[name]
    return sum(p.numel() for p in model.parameters())


def test_module_level_model_wins_over_class_defaults(tmp_path):
    # the classes alone would be read at their defaults (dim=512, depth=6): a confident wrong
    f = write(tmp_path, "user.py", NET + "\nmodel = Net(dim=8, depth=2, mult=2)\n")
    g = parse_source(f)
    assert g.params_total() == torch_count(f) == 2 * (8 * 16 + 16 + 16 * 8 + 8) + 90
    assert g.origin.detail.startswith("model = ")


def test_config_dict_splat_and_sequential_statements(tmp_path):
    src = NET + "\ncfg = dict(dim=8)\ncfg.update(depth=3)\nmodel = Net(**cfg)\n"
    f = write(tmp_path, "user.py", src)
    assert parse_source(f).params_total() == torch_count(f)


def test_registry_filled_by_decorator_in_an_installed_style_package(tmp_path):
    write(tmp_path, "zoo/__init__.py", "from .factory import create_model\n")
    write(
        tmp_path,
        "zoo/_registry.py",
        """
        _entrypoints = {}


        def register_model(fn):
            _entrypoints[fn.__name__] = fn
            return fn


        def entrypoint(name):
            if name not in _entrypoints:
                raise RuntimeError(f"unknown model {name}")
            return _entrypoints[name]
        """,
    )
    write(
        tmp_path,
        "zoo/factory.py",
        """
        from ._registry import entrypoint


        def create_model(name, **kwargs):
            return entrypoint(name)(**kwargs)
        """,
    )
    write(
        tmp_path,
        "zoo/models/nets.py",
        NET
        + """
from .._registry import register_model


@register_model
def net_tiny(**kwargs):
    return Net(dim=16, depth=1, **kwargs)


@register_model
def net_small(**kwargs):
    return Net(dim=32, depth=2, **kwargs)
""",
    )
    write(tmp_path, "zoo/models/__init__.py", "from .nets import *\n")
    f = write(
        tmp_path,
        "user.py",
        """
        import zoo
        import zoo.models

        model = zoo.create_model("net_small", mult=3)
        """,
    )
    g = parse_source(f)
    assert g.params_total() == torch_count(f)


def test_unknown_model_is_null_with_a_note_naming_the_line(tmp_path):
    f = write(
        tmp_path,
        "user.py",
        """
        import somelib_that_is_not_installed as lib

        model = lib.build(dim=64)
        """,
    )
    g = parse_source(f)
    assert g.params_total() is None
    assert any("user.py:4" in n and "lib.build" in n for n in g.notes), g.notes


def _raises_note(g, exc: str, where: str) -> bool:
    return any(
        n.startswith(f"construction raises {exc}")
        and (x.loc and f"{x.loc.file}:{x.loc.line}").endswith(where)
        for x in g.nodes
        for n in x.notes
    )


@pytest.mark.parametrize("where", ["library", "user"])
def test_raise_in_library_code_is_unknown_in_user_code_a_finding(tmp_path, where):
    write(
        tmp_path,
        "zoo/__init__.py",
        """
        def build(kind):
            if kind != "mlp":
                raise ValueError(kind)
        """,
    )
    if where == "library":
        f = write(tmp_path, "user.py", 'import zoo\n\nmodel = zoo.build("cnn")\n')
        g = parse_source(f)
        assert g.params_total() is None
        assert any("raise ValueError" in n and "zoo/__init__.py:4" in n for n in g.notes)
    else:
        f = write(tmp_path, "user.py", 'raise ValueError("no")\nmodel = 1\n')
        # the user's own file raises on the path it takes: a blocker finding (IMP004)
        g = parse_source(f)
        assert g.params_total() is None
        assert _raises_note(g, "ValueError", "user.py:1")


def test_try_import_takes_the_installed_branch_else_the_fallback(tmp_path):
    # diffusers' __init__: the real classes are imported in the ``else:`` of a try whose
    # handler star-imports dummies that raise ImportError when built
    write(
        tmp_path,
        "zoo/dummy.py",
        "class Net:\n    def __init__(self, **kw):\n        raise ImportError('install torch')\n",
    )
    write(tmp_path, "zoo/nets.py", NET)
    write(
        tmp_path,
        "zoo/__init__.py",
        """
        class OptionalDependencyNotAvailable(BaseException):
            pass


        def is_torch_available():
            return True


        try:
            if not is_torch_available():
                raise OptionalDependencyNotAvailable()
        except OptionalDependencyNotAvailable:
            from .dummy import *
        else:
            from .nets import Net
        """,
    )
    f = write(
        tmp_path,
        "user.py",
        """
        import torch
        from torch import nn

        try:
            from flash_norm_not_installed import FusedNorm
        except ImportError:
            FusedNorm = None

        from zoo import Net


        class Wrapped(nn.Module):
            def __init__(self):
                super().__init__()
                self.body = Net(dim=8, depth=1)
                self.norm = FusedNorm(8) if FusedNorm is not None else nn.LayerNorm(8)


        model = Wrapped()
        """,
    )
    g = parse_source(f)
    assert g.params_total() == torch_count(f)


def test_check_json_gives_params_total(tmp_path, capsys):
    import json

    from driftcheck.cli import main

    f = write(tmp_path, "user.py", NET + "\nmodel = Net(dim=8, depth=2, mult=2)\n")
    rc = main(["check", str(f), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert rc in (0, 1)
    assert data["params_total"] == torch_count(f)
    assert data["models"][str(f)]["params_total"] == data["params_total"]


def test_package_importing_its_own_submodule_by_absolute_name(tmp_path):
    # torchvision/__init__.py: ``from torchvision import models`` (was a recursive definition)
    write(tmp_path, "zoo/__init__.py", "from zoo import nets\n")
    write(tmp_path, "zoo/nets.py", NET + "\n\ndef tiny(**kw):\n    return Net(dim=8, **kw)\n")
    f = write(tmp_path, "user.py", "import zoo\n\nmodel = zoo.nets.tiny(depth=3)\n")
    assert parse_source(f).params_total() == torch_count(f)
