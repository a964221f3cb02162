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


def test_children_of_a_layer_holding_submodules_are_unknown(tmp_path):
    # MultiheadAttention holds ``out_proj``: its ``_modules`` is not empty, never read as so
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
        flags = {f for fs in names.values() for f in fs}
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
