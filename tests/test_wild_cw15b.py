"""A torch layer built from a ``**`` mapping we cannot follow (issue #16, session 15, cw15b).

monai's ``get_norm_layer`` builds ``norm_type(**kw_args)`` from a dict filled under an
undecided ``if``; once that dict is unknown the layer was counted with its default weights
(``affine=True``) although the mapping may switch them off: a confident wrong count. Each
case is a small model written here and built in real torch: a weighted layer from an unknown
splat is an honest unknown naming its line; a weightless one (Dropout, ReLU) and one whose
mapping we can follow stay exact.
"""

from __future__ import annotations

import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")


def torch_count(path) -> int:
    with torch.device("cpu"):
        model = runpy.run_path(str(path), run_name="__wild__")["model"]
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


def analyze(tmp_path, code: str):
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(code))
    return torch_count(f), parse_source(f)


# a dict written under a key read from the environment: the analyzer cannot list its keys
OPTIONS = """\
import os
import torch.nn as nn


def options(name, value):
    kw = {}
    kw[os.environ.get("CW15B_KEY", name)] = value
    return kw

"""


def unknown_at(tmp_path, body: str, line: int) -> None:
    want, g = analyze(tmp_path, OPTIONS + body)
    assert want > 0
    assert g.params_total() is None, (g.params_total(), want)
    assert any(f"m.py:{line}" in n for n in g.notes), g.notes


def test_layernorm_from_unknown_kwargs_is_unknown(tmp_path):
    # torch: 16 * 4 + 4 (no affine weights) = 68 (main: 100, counted as if affine)
    unknown_at(
        tmp_path,
        """\
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.LayerNorm(16, **options("elementwise_affine", False))
        self.b = nn.Linear(16, 4)


model = M()
""",
        13,
    )


def test_batchnorm_from_unknown_kwargs_is_unknown(tmp_path):
    unknown_at(
        tmp_path,
        """\
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 8)
        self.n = nn.BatchNorm1d(8, **options("affine", False))


model = M()
""",
        14,
    )


def test_factory_norm_type_from_unknown_kwargs_is_unknown(tmp_path):
    # monai's shape: a factory passes a class and builds it from the kwargs dict
    unknown_at(
        tmp_path,
        """\
def norm_layer(kind, channels):
    kw = options("affine", True)  # InstanceNorm's default is False: main lost these weights
    kw["num_features"] = channels
    return kind(**kw)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = nn.Conv2d(3, 8, 3)
        self.n = norm_layer(nn.InstanceNorm2d, 8)


model = M()
""",
        13,
    )


def test_conv_bias_from_unknown_kwargs_is_unknown(tmp_path):
    unknown_at(
        tmp_path,
        """\
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = nn.Conv2d(3, 8, 3, **options("bias", False))


model = M()
""",
        13,
    )


def test_weightless_layer_from_unknown_kwargs_is_exact(tmp_path):
    want, g = analyze(
        tmp_path,
        OPTIONS
        + """\
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 8)
        self.d = nn.Dropout(**options("p", 0.5))
        self.r = nn.ReLU(**options("inplace", True))


model = M()
""",
    )
    assert g.params_total() == want == 40


def test_known_kwargs_dict_stays_exact(tmp_path):
    want, g = analyze(
        tmp_path,
        """\
import torch.nn as nn


def norm_layer(kind, channels, affine):
    kw = {"affine": affine}
    kw["num_features"] = channels
    return kind(**kw)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = norm_layer(nn.BatchNorm2d, 8, False)
        self.b = norm_layer(nn.BatchNorm2d, 8, True)
        self.c = nn.LayerNorm(16, **{"elementwise_affine": False})


model = M()
""",
    )
    assert g.params_total() == want == 16


# monai's ``get_norm_layer`` written out: which keyword the dict gets is decided by the layer
# class's signature, read from torch's source (undecided, the dict is unknown afterwards)
HAS_OPTION = """\
import inspect

import torch.nn as nn


def has_option(obj, key):
    return key in inspect.signature(obj).parameters


def norm_layer(kind, channels, **extra):
    kw = dict(extra)
    if has_option(kind, "num_features") and "num_features" not in kw:
        kw["num_features"] = channels
    if has_option(kind, "num_channels") and "num_channels" not in kw:
        kw["num_channels"] = channels
    return kind(**kw)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = norm_layer(nn.InstanceNorm2d, 8, affine=True)
        self.b = norm_layer(nn.BatchNorm1d, 4)
        self.c = norm_layer(nn.GroupNorm, 6, num_groups=2)
        self.d = norm_layer(nn.InstanceNorm1d, 5)


model = M()
"""


def test_kwargs_chosen_by_torch_class_signature_are_exact(tmp_path):
    want, g = analyze(tmp_path, HAS_OPTION)
    assert g.params_total() == want == 16 + 8 + 12


def test_container_tracking_is_on():
    # the six container cases of tests/test_wild_cw15.py pass only with it on
    from driftcheck.parsers.source.interp import branchstate

    assert branchstate.TRACK_CONTAINERS is True
