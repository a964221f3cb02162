"""Session 18 (wildfix18a, issue #16): constructs left unknown (or silently wrong) on the dev
parts of the wild batches, each a small model built in real torch.

- a catalogue layer's class (``layer.__class__``, ``type(layer)``), its own children
  (``layer._modules``: empty, unknown for torch classes that hold sub-modules) and its
  ``bias`` / ``weight`` turned off by its arguments (None): bayesian-torch's ``dnn_to_bnn``
  walk (interp/leafclass.py).
"""

from __future__ import annotations

import functools
import importlib
import textwrap
from pathlib import Path

import pytest

from driftcheck.graph import catalogue
from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.interp import leafclass
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")
VENDOR = Path(__file__).resolve().parents[1] / "benchmarks" / "wild" / ".vendor"


def write(tmp_path: Path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(textwrap.dedent(code))
    return f


def check(tmp_path: Path, code: str, **kw) -> int:
    f = write(tmp_path, code)
    want = torch_count(f, **kw)
    assert parse_source(f).params_total() == want
    return want


def test_bias_of_a_layer_built_without_one_is_none(tmp_path):
    # was a weight reference: ``bias=a.bias is not None`` built a bias torch does not (53 vs 51)
    assert (
        check(
            tmp_path,
            """
            import torch.nn as nn

            class M(nn.Module):
                def __init__(self):
                    super().__init__()
                    a = nn.Linear(4, 6, bias=False)
                    bn = nn.BatchNorm1d(6, affine=False)
                    ln = nn.LayerNorm(6, bias=False)
                    c = nn.Conv2d(3, 4, 3)
                    self.x = nn.Linear(6, 5, bias=a.bias is not None)
                    self.y = nn.Linear(6, 3, bias=a.bias is None)
                    self.z = nn.Linear(2, 2, bias=bn.weight is not None)
                    self.w = nn.Linear(2, 2, bias=ln.bias is not None and ln.weight is not None)
                    self.v = nn.Linear(2, 2, bias=c.bias is not None)
                    self.keep = [a, bn, ln, c]

            model = M()
            """,
        )
        == 6 * 5 + 6 * 3 + 3 + 4 + 4 + 6
    )


def test_bias_under_an_unknown_flag_is_unknown(tmp_path):
    f = write(
        tmp_path,
        """
        import os
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                a = nn.Linear(4, 6, bias=os.environ.get("WF18A_UNSET") is None)
                self.x = nn.Linear(6, 5, bias=a.bias is not None)

        model = M()
        """,
    )
    assert torch_count(f) == 35
    assert parse_source(f).params_total() is None


def test_layer_class_and_own_children(tmp_path):
    check(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                a = nn.Linear(4, 6)
                n = 0
                if type(a) is nn.Linear:
                    n += 1
                if a.__class__ == nn.Linear:
                    n += 1
                if type(a).__name__ == "Linear" and a.__class__.__name__ == "Linear":
                    n += 1
                self.x = nn.Linear(6, n)
                self.y = a.__class__(3, 2)
                self.z = nn.Linear(2, 2 + len(a._modules) + len(list(a.children())))

        model = M()
        """,
    )


def test_children_of_a_layer_holding_submodules_are_torchs(tmp_path):
    # MultiheadAttention holds ``out_proj``: its ``_modules`` is not empty, never read as so
    # (wildfix18d: the walk now sees it, interp/leafparts.py; a class without a table there
    # stays unknown)
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.att = nn.MultiheadAttention(8, 2)
                self.x = nn.Linear(2, 2 + len(self.att._modules))

        model = M()
        """,
    )
    assert torch_count(f) == 8 * 8 * 4 + 8 * 4 + 2 * 3 + 3
    assert parse_source(f).params_total() == torch_count(f)
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.out = nn.AdaptiveLogSoftmaxWithLoss(8, 20, [5, 10])
                self.x = nn.Linear(2, 2 + len(self.out._modules))

        model = M()
        """,
    )
    assert torch_count(f) > 0
    assert parse_source(f).params_total() is None


WALK = """
import torch.nn as nn
import layers


def convert(m, suffix):
    for name, value in list(m._modules.items()):
        if m._modules[name]._modules:
            convert(m._modules[name], suffix)
        elif "Linear" in m._modules[name].__class__.__name__:
            d = m._modules[name]
            cls = getattr(layers, d.__class__.__name__ + suffix)
            setattr(m, name, cls(d.in_features, d.out_features, bias=d.bias is not None))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 8, bias=False))
        self.head = nn.Sequential(nn.Linear(8, 4), nn.Tanh(), nn.Linear(4, 2, bias=False))


model = Net()
convert(model.head, "Wide")
"""

LAYERS = """
import torch
import torch.nn as nn


class LinearWide(nn.Module):
    def __init__(self, a, b, bias=True):
        super().__init__()
        self.mu = nn.Parameter(torch.zeros(b, a))
        self.rho = nn.Parameter(torch.zeros(b, a))
        self.mu_bias = nn.Parameter(torch.zeros(b)) if bias else None
"""


def test_module_walk_by_class_name_replaces_layers(tmp_path):
    # dnn_to_bnn's walk: recurse while ``_modules`` is non-empty, the class by name
    write(tmp_path, LAYERS, "layers.py")
    f = write(tmp_path, WALK)
    want = torch_count(f, sys_path=tmp_path)
    assert want == (6 * 8 + 8) + 8 * 8 + 2 * 8 * 4 + 4 + 2 * 4 * 2
    assert parse_source(f).params_total() == want


@pytest.mark.skipif(
    not (VENDOR / "bayesian_torch").is_dir(), reason="benchmarks/wild/.vendor not installed"
)
def test_dnn_to_bnn_on_a_head(tmp_path, monkeypatch):
    f = write(
        tmp_path,
        """
        import torch.nn as nn
        from bayesian_torch.models.dnn_to_bnn import dnn_to_bnn

        class Regressor(nn.Module):
            def __init__(self):
                super().__init__()
                self.encoder = nn.Sequential(nn.Linear(4, 6), nn.ReLU())
                self.head = nn.Sequential(nn.Linear(6, 3), nn.ReLU(), nn.Linear(3, 2, bias=False))

        model = Regressor()
        dnn_to_bnn(model.head, {"prior_mu": 0.0, "prior_sigma": 0.1, "posterior_mu_init": 0.0,
                                "posterior_rho_init": -4.0, "type": "Flipout",
                                "moped_enable": False})
        """,
    )
    monkeypatch.syspath_prepend(str(VENDOR))
    want = torch_count(f, sys_path=VENDOR)
    assert parse_source(f).params_total() == want


def _torch_layers():
    """(class name, torch instance) for every catalogue entry's examples torch builds."""
    for qual, name in sorted(catalogue._torch_names().items()):
        spec = catalogue.get(name)
        mod, _, cl = qual.rpartition(".")
        cls = getattr(importlib.import_module(mod), cl)
        for ex in spec.examples:
            try:
                with torch.device("meta"):
                    yield cl, spec, ex.params, cls(**ex.params)
            except Exception:  # noqa: BLE001, S112 - an example torch's signature does not take
                continue


def test_tables_agree_with_torch():
    """MAY_HOLD_MODULES lists every catalogue class whose example holds sub-modules, and
    NONE_WHEN_ABSENT's flags give None exactly where torch's layer holds None."""
    from driftcheck.parsers.source.values.abstract import Leaf

    seen = 0
    for cl, spec, params, m in _torch_layers():
        if m._modules:
            assert cl in leafclass.MAY_HOLD_MODULES, cl
        names = leafclass.NONE_WHEN_ABSENT.get(cl, {})
        # derived flags (``<same qkv width>``: MultiheadAttention's ``_qkv_same_embed_dim``)
        # are no constructor arguments: only real ones are turned off below
        flags = {f for fs in names.values() for f in fs if not f.startswith("<")}
        # the example as written, then each flag turned off in turn
        for variant in [dict(params)] + [{**params, f: False} for f in sorted(flags)]:
            with torch.device("meta"):
                m = type(m)(**variant)
            leaf = Leaf(type=spec.name, params=variant, loc=None, torch=spec.torch)
            for w in names:
                seen += 1
                got = leafclass.weight_attr(leaf, w)
                want = getattr(m, w)
                assert (got is None) == (want is None), (cl, variant, w)
                assert want is None or isinstance(want, torch.nn.Parameter)
    assert seen > 40


# ------------------------------------------------------------------ interp/selfmodule.py,
# library/environ.py: a library that picks its implementation at import from an environment
# variable and copies the chosen module's names onto itself (deepxde's backends)

SELFPOP_INIT = """
import importlib
import os
import sys


def _preferred():
    if "SELFPOP_IMPL" in os.environ:
        return os.getenv("SELFPOP_IMPL")
    return os.environ.get("SELFPOP_DEFAULT", "small")


def _load(name):
    mod = importlib.import_module(".%s" % name, __name__)
    thismod = sys.modules[__name__]
    setattr(thismod, "impl_name", name)
    for api, obj in mod.__dict__.items():
        setattr(thismod, api, obj)


_load(_preferred())
"""

IMPL = """
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.lin = nn.Linear(d, {mult} * d)
"""


def _selfpop(tmp_path: Path, main: str, monkeypatch) -> tuple[Path, Path]:
    """A library ``selfpop`` outside the analyzed tree (on ``sys.path``) and the script."""
    lib = tmp_path / "lib"
    write(lib, SELFPOP_INIT, "selfpop/__init__.py")
    write(lib, IMPL.format(mult=1), "selfpop/small.py")
    write(lib, IMPL.format(mult=3), "selfpop/big.py")
    f = write(tmp_path / "app", main)
    monkeypatch.syspath_prepend(str(lib))
    importlib.invalidate_caches()
    return lib, f


@pytest.mark.parametrize(
    "setting",
    [
        'os.environ["SELFPOP_IMPL"] = "big"',
        'os.environ.setdefault("SELFPOP_IMPL", "big")',
        "",  # unset: the library's own default
    ],
)
def test_library_picks_its_implementation_by_an_env_var_set_before_import(
    tmp_path, monkeypatch, setting
):
    monkeypatch.delenv("SELFPOP_IMPL", raising=False)
    monkeypatch.delenv("SELFPOP_DEFAULT", raising=False)
    lib, f = _selfpop(
        tmp_path,
        f"""
        import os

        {setting}
        import selfpop  # noqa: E402

        model = selfpop.Net(4)
        """,
        monkeypatch,
    )
    want = torch_count(f, sys_path=lib)
    assert want == (4 * 12 + 12 if setting else 4 * 4 + 4)
    assert parse_source(f).params_total() == want


@pytest.mark.parametrize(
    "late",
    [
        'import selfpop\nos.environ["SELFPOP_IMPL"] = "big"',  # after the import
        'env = os.environ\nenv["SELFPOP_IMPL"] = "big"\nimport selfpop',  # through an alias
        'def f():\n    os.environ["SELFPOP_IMPL"] = "big"\nf()\nimport selfpop',  # in a function
        # a write of any key after a known one (review18: the known "big" was kept)
        'os.environ["SELFPOP_IMPL"] = "big"\nos.environ.update(SELFPOP_IMPL="small")\n'
        "import selfpop",
        'os.environ["SELFPOP_IMPL"] = "big"\nos.environ.clear()\nimport selfpop',
    ],
)
def test_env_writes_we_cannot_place_leave_the_library_unknown(tmp_path, monkeypatch, late):
    monkeypatch.delenv("SELFPOP_IMPL", raising=False)
    lib, f = _selfpop(tmp_path, "import os\n" + late + "\nmodel = selfpop.Net(4)\n", monkeypatch)
    assert torch_count(f, sys_path=lib) > 0
    assert parse_source(f).params_total() is None


@pytest.mark.parametrize("stmt", ['setattr(cfgmod, "WIDTH", 16)', "cfgmod.WIDTH = 16"])
def test_a_module_global_written_from_outside(tmp_path, stmt):
    # was ignored: the module's function read its old global (40 vs torch's 80)
    pkg = tmp_path / "pkg"
    write(
        pkg,
        """
        import torch.nn as nn

        WIDTH = 8


        def make():
            return nn.Linear(4, WIDTH)
        """,
        "cfgmod.py",
    )
    f = write(pkg, f"import cfgmod\n\n{stmt}\nmodel = cfgmod.make()\n")
    assert torch_count(f, sys_path=pkg) == 80
    assert parse_source(f).params_total() == 80


@pytest.mark.skipif(not (VENDOR / "deepxde").is_dir(), reason="benchmarks/wild/.vendor absent")
def test_deepxde_backend_from_env(tmp_path, monkeypatch):
    monkeypatch.delenv("DDE_BACKEND", raising=False)
    f = write(
        tmp_path,
        """
        import os

        os.environ["DDE_BACKEND"] = "pytorch"
        import deepxde as dde  # noqa: E402

        model = dde.nn.DeepONet([10, 16, 8], [2, 16, 8], "relu", "Glorot normal")
        """,
    )
    monkeypatch.syspath_prepend(str(VENDOR))
    want = torch_count(f, sys_path=VENDOR)
    assert want == (10 * 16 + 16 + 16 * 8 + 8) + (2 * 16 + 16 + 16 * 8 + 8) + 1
    assert parse_source(f).params_total() == want


def test_reading_the_environment_whole_is_no_write(tmp_path, monkeypatch):
    # ``dict(os.environ)`` / ``print`` / a child process's ``env=`` read it: the key set before
    # the import stays known
    monkeypatch.delenv("SELFPOP_IMPL", raising=False)
    lib, f = _selfpop(
        tmp_path,
        """
        import os
        import subprocess

        os.environ["SELFPOP_IMPL"] = "big"
        import selfpop  # noqa: E402

        saved = dict(os.environ)
        print(len(os.environ))
        run = subprocess.run
        model = selfpop.Net(4)
        """,
        monkeypatch,
    )
    want = torch_count(f, sys_path=lib)
    assert want == 4 * 12 + 12
    assert parse_source(f).params_total() == want
