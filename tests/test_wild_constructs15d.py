"""Package data files and lazy module attributes (issue #16, session 15, wildfix15d): each case a
tiny package written in tmp_path, built in real torch and read statically.

- a package reads a data file shipped next to its module at import (torchani's
  ``with open(_resources_dir() / "atomic_constants.json") as f: json.load(f)``, open_clip's
  ``Path(__file__).parent / "model_configs"`` globbed): read-only, bounded, only under the
  calling module's own package, with a note naming the file; a user path stays unknown.
- a top-level ``with`` block binds its assignments (was: the names were not globals at all).
- a package's PEP 562 ``__getattr__`` (``torchani.AEVComputer`` imported lazily by
  ``importlib.import_module(".aev", __name__)``) answers the names it serves.
"""

from __future__ import annotations

import functools
import json
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device=None)


def write(root, files: dict[str, str]) -> None:
    for rel, text in files.items():
        f = root / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(textwrap.dedent(text))


def analyzed(tmp_path, files: dict[str, str], script: str):
    write(tmp_path, files)
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(script))
    return f, parse_source(f)


NET = textwrap.dedent(
    """
    class Net(nn.Module):
        def __init__(self, name):
            super().__init__()
            cfg = CONFIGS[name]
            self.layers = nn.ModuleList(
                nn.Linear(a, b) for a, b in zip(cfg["dims"][:-1], cfg["dims"][1:])
            )
"""
)


def test_json_next_to_module_read_in_with_block(tmp_path):
    files = {
        "pkgwith/__init__.py": "from .core import Net\n",
        "pkgwith/paths.py": """
            from pathlib import Path
            _RES = Path(__file__).resolve().parent / "resources"
            def resources_dir():
                return _RES
        """,
        "pkgwith/core.py": textwrap.dedent(
            """
                import json
                import torch.nn as nn
                from .paths import resources_dir
                with open(resources_dir() / "nets.json", mode="rt") as f:
                    CONFIGS = json.load(f)
                SIZES = {}
                for key, value in CONFIGS.items():
                    SIZES[key] = len(value["dims"])
            """
        )
        + NET,
        "pkgwith/resources/nets.json": json.dumps({"small": {"dims": [7, 5, 3]}}),
    }
    f, g = analyzed(tmp_path, files, "from pkgwith import Net\nmodel = Net('small')\n")
    assert g.params_total() == torch_count(f, sys_path=f.parent) == 7 * 5 + 5 + 5 * 3 + 3
    assert any("data file read (package)" in n and "nets.json" in n for n in g.notes)


def test_glob_of_package_directory_and_read_text(tmp_path):
    files = {
        "pkgglob/__init__.py": textwrap.dedent(
            """
                import json
                from pathlib import Path
                import torch.nn as nn
                _DIRS = [Path(__file__).parent / "configs"]
                CONFIGS = {}
                def _rescan():
                    for d in _DIRS:
                        if d.is_dir():
                            for cf in d.glob("*.json"):
                                CONFIGS[cf.stem] = json.loads(cf.read_text())
                _rescan()
            """
        )
        + NET,
        "pkgglob/configs/a.json": json.dumps({"dims": [4, 6]}),
        "pkgglob/configs/b.json": json.dumps({"dims": [9, 2, 2]}),
    }
    f, g = analyzed(tmp_path, files, "from pkgglob import Net\nmodel = Net('b')\n")
    assert g.params_total() == torch_count(f, sys_path=f.parent) == 9 * 2 + 2 + 2 * 2 + 2


def test_importlib_resources_files(tmp_path):
    files = {
        "pkgres/__init__.py": textwrap.dedent(
            """
                import json
                from importlib.resources import files
                import torch.nn as nn
                CONFIGS = json.loads(files("pkgres").joinpath("nets.json").read_text())
            """
        )
        + NET,
        "pkgres/nets.json": json.dumps({"x": {"dims": [3, 3]}}),
    }
    f, g = analyzed(tmp_path, files, "from pkgres import Net\nmodel = Net('x')\n")
    assert g.params_total() == torch_count(f, sys_path=f.parent) == 12


def test_file_outside_the_package_stays_unknown(tmp_path):
    # the package reads a file beside it, not inside it: a user's file, never read statically
    files = {
        "pkgout/__init__.py": textwrap.dedent(
            """
                import json
                import os
                import torch.nn as nn
                _HERE = os.path.dirname(__file__)
                with open(_HERE + "/../outside.json") as f:
                    CONFIGS = json.load(f)
            """
        )
        + NET,
        "outside.json": json.dumps({"x": {"dims": [3, 3]}}),
    }
    f, g = analyzed(tmp_path, files, "from pkgout import Net\nmodel = Net('x')\n")
    assert torch_count(f, sys_path=f.parent) == 12
    assert g.params_total() is None


def test_script_outside_any_package_reads_its_own_directory_only(tmp_path, monkeypatch):
    # reimplfix36: a script outside any package reads a file in its own directory (a run's
    # sizes next to the training script: the program reads the same bytes), never above it
    write(tmp_path, {"cfg.json": json.dumps({"n": 5})})
    f = tmp_path / "m.py"
    f.write_text(
        textwrap.dedent(
            """
            import json
            from pathlib import Path
            import torch.nn as nn
            with open(Path(__file__).parent / "cfg.json") as fh:
                N = json.load(fh)["n"]
            model = nn.Linear(N, N)
            """
        )
    )
    assert torch_count(f, sys_path=f.parent) == 30
    g = parse_source(f)
    assert g.params_total() == 30
    assert any("cfg.json" in n for n in g.notes)
    up = tmp_path / "sub" / "m.py"
    up.parent.mkdir()
    up.write_text(f.read_text().replace('parent / "cfg.json"', 'parent.parent / "cfg.json"'))
    assert torch_count(up, sys_path=up.parent) == 30
    assert parse_source(up).params_total() is None


def test_oversized_package_file_stays_unknown(tmp_path):
    from driftcheck.parsers.source.library import pkgdata

    big = {"x": {"dims": [3, 3]}, "pad": "y" * (pkgdata.MAX_FILE + 10)}
    files = {
        "pkgbig/__init__.py": textwrap.dedent(
            """
                import json
                from pathlib import Path
                import torch.nn as nn
                with open(Path(__file__).parent / "nets.json") as f:
                    CONFIGS = json.load(f)
            """
        )
        + NET,
        "pkgbig/nets.json": json.dumps(big),
    }
    f, g = analyzed(tmp_path, files, "from pkgbig import Net\nmodel = Net('x')\n")
    assert torch_count(f, sys_path=f.parent) == 12
    assert g.params_total() is None


def test_writing_a_package_file_is_not_modelled(tmp_path):
    files = {
        "pkgwrite/__init__.py": textwrap.dedent(
            """
                import json
                from pathlib import Path
                import torch.nn as nn
                _P = Path(__file__).parent / "nets.json"
                with open(_P, "w") as f:
                    f.write(json.dumps({"x": {"dims": [3, 3]}}))
                with open(_P) as f:
                    CONFIGS = json.load(f)
            """
        )
        + NET,
        "pkgwrite/nets.json": json.dumps({"x": {"dims": [8, 8]}}),
    }
    f, g = analyzed(tmp_path, files, "from pkgwrite import Net\nmodel = Net('x')\n")
    assert torch_count(f, sys_path=f.parent) == 12  # torch reads what the import wrote
    assert g.params_total() in (None, 12)  # never the stale 72


def test_module_getattr_lazy_attribute(tmp_path):
    files = {
        "pkglazy/__init__.py": """
            import importlib
            _lazy = {"Head": "heads"}
            def __getattr__(name):
                if name in _lazy:
                    module = importlib.import_module(f".{_lazy[name]}", __name__)
                    attr = getattr(module, name)
                    globals()[name] = attr
                    return attr
                raise AttributeError(name)
        """,
        "pkglazy/heads.py": """
            import torch.nn as nn
            class Head(nn.Module):
                @classmethod
                def wide(cls, n):
                    return cls(n, 2 * n)
                def __init__(self, a, b):
                    super().__init__()
                    self.fc = nn.Linear(a, b)
        """,
    }
    f, g = analyzed(tmp_path, files, "import pkglazy\nmodel = pkglazy.Head.wide(4)\n")
    assert g.params_total() == torch_count(f, sys_path=f.parent) == 4 * 8 + 8


def test_top_level_call_filling_a_module_dict(tmp_path):
    # no data file: a registry filled by a function the module calls at import (was left
    # empty: len(REG) was 0, a confident wrong size where nothing else was unknown)
    files = {
        "pkgfill/__init__.py": """
            import torch.nn as nn
            REG = {}
            def _scan(names):
                for n in names:
                    REG[n] = len(n)
            _scan(["ab", "cde", "f"])
            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(len(REG), REG["cde"])
        """,
    }
    f, g = analyzed(tmp_path, files, "from pkgfill import Net\nmodel = Net()\n")
    assert g.params_total() == torch_count(f, sys_path=f.parent) == 3 * 3 + 3
