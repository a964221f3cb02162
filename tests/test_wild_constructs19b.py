"""Session 19 (wildfix19b, issue #16): constructs of fresh12's / fresh11's remaining dev
unknowns, each a small model built in real torch (meta device).

- a torch layer's weight replaced by a parameter of another shape, the layer's attributes
  written to match *afterwards* (hand channel pruning: ``conv.weight = nn.Parameter(w[:k])``,
  then ``conv.out_channels = k``): exact when one set of arguments explains every tensor the
  layer holds, an honest unknown otherwise (interp/weightswap.py).
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="meta")


def write(tmp_path: Path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
    f.write_text(textwrap.dedent(code))
    return f


def check(tmp_path: Path, code: str) -> int:
    f = write(tmp_path, code)
    want = torch_count(f)
    assert parse_source(f).params_total() == want
    return want


def honest(tmp_path: Path, code: str) -> list[str]:
    """torch builds it; the analyzer cannot know the count and says so (never a number)."""
    f = write(tmp_path, code)
    assert torch_count(f) > 0
    g = parse_source(f)
    assert g.params_total() is None
    return g.notes


SLICED = """
    import torch
    import torch.nn as nn


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 32, 3, padding=1)
            self.conv2 = nn.Conv2d(32, 64, 3, padding=1)
            self.fc = nn.Linear(64, 10)


    model = Net()
    keep = 20
    with torch.no_grad():
        model.conv1.weight = nn.Parameter(model.conv1.weight[:keep].clone())
        {bias}
        model.conv1.out_channels = keep
        model.conv2.weight = nn.Parameter(model.conv2.weight[:, :keep].clone())
        model.conv2.in_channels = keep
"""


def test_weight_then_attributes_written_is_exact(tmp_path: Path) -> None:
    bias = "model.conv1.bias = nn.Parameter(model.conv1.bias[:keep].clone())"
    assert check(tmp_path, SLICED.format(bias=bias)) == 20 * 27 + 20 + 64 * 20 * 9 + 64 + 650


def test_untouched_bias_left_at_old_size_is_unknown(tmp_path: Path) -> None:
    # torch keeps conv1.bias at 32 while out_channels says 20: no argument set explains both
    notes = honest(tmp_path, SLICED.format(bias="pass"))
    assert any("weight replaced by a parameter of shape (20, 3, 3, 3)" in n for n in notes)


def test_weight_replaced_without_attribute_write_is_unknown(tmp_path: Path) -> None:
    code = """
        import torch.nn as nn

        model = nn.Sequential(nn.Linear(8, 16), nn.Linear(16, 4))
        model[0].weight = nn.Parameter(model[0].weight[:10].clone())
        model[0].bias = nn.Parameter(model[0].bias[:10].clone())
    """
    notes = honest(tmp_path, code)
    assert any("replaced by a parameter of shape (10, 8)" in n for n in notes)


def test_replaced_weight_read_back_has_its_new_shape(tmp_path: Path) -> None:
    # the size read from a replaced (still pending) weight is the new tensor's, then the
    # attribute write resolves the layer
    code = """
        import torch.nn as nn


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(8, 16)
                self.a.weight = nn.Parameter(self.a.weight[:6].clone())
                self.a.bias = nn.Parameter(self.a.bias[:6].clone())
                self.b = nn.Linear(self.a.weight.shape[0], 3)
                self.a.out_features = 6


        model = Net()
    """
    assert check(tmp_path, code) == 6 * 8 + 6 + 6 * 3 + 3


FORWARD_SPEC = """
    import inspect

    import torch
    import torch.nn as nn


    class TimeWrap(nn.Module):
        def __init__(self, f):
            super().__init__()
            self.f = f
            self.t_scale = nn.Parameter(torch.ones(5))


    def standardize(f):
        # a wrapper with its own parameter unless the layer's forward takes a time argument
        spec = inspect.getfullargspec(f.forward)
        if "t" not in spec.args and spec.varargs is None:
            return TimeWrap(f)
        return f


    class Plain(nn.Module):  # no forward: nn.Module's ``_forward_unimplemented(self, *input)``
        def __init__(self):
            super().__init__()
            self.w = nn.Linear(2, 2)


    model = nn.ModuleList(
        [standardize(nn.Sequential(nn.Linear(3, 4))), standardize(nn.Linear(4, 4)), standardize(Plain())]
    )
"""


@pytest.mark.parametrize("mode", ["full", "core"])
def test_getfullargspec_of_torch_forward_without_torch_source(tmp_path: Path, mode: str) -> None:
    """``inspect.getfullargspec(layer.forward)`` of a torch layer: read from torch's source on the
    full install, from the shipped table (tools/gen_torch_signatures.py) on the core install,
    where torch's source is not on disk (torchdyn's vector-field wrap was undecided there)."""
    import json
    import subprocess
    import sys

    from benchmarks import installs
    from tests.conftest import ROOT

    f = write(tmp_path, FORWARD_SPEC)
    want = torch_count(f)
    assert want == 16 + 5 + 20 + 5 + 6  # the two torch layers wrapped, Plain (varargs) not
    r = subprocess.run(
        [sys.executable, "-c", installs.cli(mode), "graph", str(f), "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["params_total"] == want


WRAPPED_PARAM = """
    import torch
    import torch.nn as nn


    class Wrapped(nn.Parameter):
        # an empty Parameter made in __new__, the real data wrapped in __init__; torch reads
        # the shape (and numel) through __torch_function__, which unwraps
        def __new__(cls, data, scale=1.0):
            return super().__new__(cls)

        def __init__(self, data, scale=1.0):
            self.tensor = nn.Parameter(data)
            self.scale = scale

        @classmethod
        def __torch_function__(cls, func, types, args=(), kwargs=None):
            {body}


    class Layer(nn.Module):
        def __init__(self, n, d):
            super().__init__()
            self.w = Wrapped(torch.empty(n, d), scale=0.5)
            self.b = nn.Parameter(torch.zeros(d))


    model = nn.Sequential(Layer(6, 4), Layer(4, 3))
"""
UNWRAP = """args = [a.tensor if isinstance(a, Wrapped) else a for a in args]
            return func(*args, **(kwargs or {}))"""


def test_tensor_subclass_init_and_torch_function_shape(tmp_path: Path) -> None:
    """``__new__`` then ``__init__`` on a Parameter subclass; its shape is what its
    ``__torch_function__`` answers for ``Tensor.shape.__get__`` (interp/tensorinit.py)."""
    assert check(tmp_path, WRAPPED_PARAM.format(body=UNWRAP)) == 24 + 4 + 12 + 3


def test_torch_function_dispatch_on_method_wrapper(tmp_path: Path) -> None:
    # hypll's rule: method-wrappers (the shape getter) go to the wrapped tensor, others too
    body = """if func.__class__.__name__ == "method-wrapper" or func in ():
                args = [a.tensor if isinstance(a, Wrapped) else a for a in args]
                return func(*args, **(kwargs or {}))
            return func(*[a.tensor if isinstance(a, Wrapped) else a for a in args])"""
    assert check(tmp_path, WRAPPED_PARAM.format(body=body)) == 24 + 4 + 12 + 3


def test_torch_function_not_followed_is_unknown(tmp_path: Path) -> None:
    # the override's answer hangs on the environment: not known statically
    body = """import os

            if os.environ.get("WRAPPED_SHAPE") == "flat":
                return torch.Size([1])
            return func(*[a.tensor if isinstance(a, Wrapped) else a for a in args])"""
    notes = honest(tmp_path, WRAPPED_PARAM.format(body=body))
    assert any("__torch_function__" in n for n in notes), notes


def test_parameter_subclass_with_own_init_no_override(tmp_path: Path) -> None:
    code = """
        import torch
        import torch.nn as nn


        class Tagged(nn.Parameter):
            def __init__(self, data, tag="w"):
                self.tag = tag


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.w = Tagged(torch.randn(5, 7))
                self.lin = nn.Linear(7, 2)


        model = Net()
    """
    assert check(tmp_path, code) == 35 + 16


# ------------------------------------------------------------------ a top-level call rebinding
# a global it declares ``global`` (interp/modglobals.py ``replay_setter_call``), and a package
# module reading its data files whose ``str.replace`` is not a file move (library/pkgdata.py)


def _package(tmp_path: Path, files: dict[str, str], script: str) -> Path:
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(script))
    return f


def _pkg_count(f: Path) -> int:
    return _count(f, root="model", device=None, sys_path=f.parent)


REGISTRY = """
    import json
    from pathlib import Path

    import torch.nn as nn

    _DIRS = [Path(__file__).parent / "configs"]
    _CONFIGS = {}


    def _rescan():
        global _CONFIGS
        for d in _DIRS:
            for cf in d.glob("*.json"):
                with open(cf, "r") as f:
                    cfg = json.load(f)
                    if "dims" in cfg:
                        _CONFIGS[cf.stem] = cfg
        _CONFIGS = {k: v for k, v in sorted(_CONFIGS.items())}


    _rescan()


    def build(name):
        cfg = _CONFIGS[name.replace("/", "-")]
        return nn.Sequential(*(nn.Linear(a, b) for a, b in zip(cfg["dims"][:-1], cfg["dims"][1:])))
"""


def test_top_level_call_rebinding_a_global_registry(tmp_path: Path) -> None:
    import json

    files = {
        "pkgreg/__init__.py": REGISTRY,
        "pkgreg/configs/a-b.json": json.dumps({"dims": [5, 7, 2]}),
        "pkgreg/configs/c.json": json.dumps({"dims": [3, 3]}),
        "pkgreg/configs/skip.json": json.dumps({"other": 1}),
    }
    f = _package(tmp_path, files, "from pkgreg import build\nmodel = build('a/b')\n")
    want = _pkg_count(f)
    assert want == 5 * 7 + 7 + 7 * 2 + 2
    assert parse_source(f).params_total() == want


def test_path_replace_is_still_a_write(tmp_path: Path) -> None:
    import json

    # ``p.replace(target)`` (one argument) moves a file: the module's reads stay unknown
    code = REGISTRY.replace(
        "_rescan()\n", "_rescan()\n_DIRS[0].with_suffix('.bak').replace(_DIRS[0])\n", 1
    )
    files = {"pkgmv/__init__.py": code, "pkgmv/configs/a-b.json": json.dumps({"dims": [5, 7]})}
    f = _package(tmp_path, files, "from pkgmv import build\nmodel = build('a/b')\n")
    assert parse_source(f).params_total() is None


def test_counter_global_bumped_by_top_level_calls(tmp_path: Path) -> None:
    files = {
        "pkgctr/__init__.py": """
            import torch.nn as nn

            _N = 1


            def _bump():
                global _N
                _N = _N * 2


            _bump()
            _bump()


            def build():
                return nn.Linear(_N, 3)
        """
    }
    f = _package(tmp_path, files, "from pkgctr import build\nmodel = build()\n")
    want = _pkg_count(f)
    assert want == 4 * 3 + 3
    assert parse_source(f).params_total() == want


def test_call_rebinding_two_globals_stays_unknown(tmp_path: Path) -> None:
    # replayed once per global it sets, a call would run twice: not replayed, unknown
    files = {
        "pkgtwo/__init__.py": """
            import torch.nn as nn

            _N = 1
            _M = 1


            def _bump():
                global _N, _M
                _N = _N * 2
                _M = _N + 1


            _bump()


            def build():
                return nn.Linear(_N, _M)
        """
    }
    f = _package(tmp_path, files, "from pkgtwo import build\nmodel = build()\n")
    assert _pkg_count(f) == 2 * 3 + 3
    assert parse_source(f).params_total() is None
