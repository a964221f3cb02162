"""Parameter counts of re-parametrized layers and derived config values, against real torch.

Each snippet is parsed statically (never imported by the parser), then imported HERE and built
in torch, and the two counts must agree. One mechanism per test:
weight_norm / spectral_norm, ``leaf.bias = None``, ``np.prod`` of a config list, a
``@property`` with a ``@x.setter``, state a config's ``__post_init__`` sets that its dict lacks.
"""

from __future__ import annotations

import importlib.util
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")


def both(tmp_path: Path, code: str, entry: str, config: Any = None, make=None) -> tuple:
    """(static params_total, torch count) for ``entry`` of ``code``."""
    p = tmp_path / f"m_{abs(hash(code))}.py"
    p.write_text(textwrap.dedent(code))
    g = parse_source(p, entry=entry, config=config)
    spec = importlib.util.spec_from_file_location(p.stem, p)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[p.stem] = mod
    spec.loader.exec_module(mod)
    with torch.device("meta"):
        m = make(mod) if make else getattr(mod, entry)()
    return g.params_total(), sum(x.numel() for x in m.parameters())


def test_weight_norm_adds_one_magnitude_per_slice(tmp_path):
    got, want = both(
        tmp_path,
        """
        import torch.nn as nn
        from torch.nn.utils import weight_norm

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.utils.weight_norm(nn.Conv1d(4, 8, 3))
                self.b = nn.utils.parametrizations.weight_norm(nn.Linear(5, 6), dim=1)
                self.c = weight_norm(nn.Linear(5, 7), dim=None)
                self.d = nn.utils.parametrizations.weight_norm(nn.Conv2d(3, 6, 3), name="weight", dim=-1)
                self.e = nn.ModuleList(
                    [nn.utils.parametrizations.weight_norm(nn.ConvTranspose1d(8, 4, 5)) for _ in range(3)]
                )
                conv = nn.Conv1d(2, 3, 1)
                weight_norm(conv)  # in place, result unused
                self.f = conv
        """,
        "Net",
    )
    assert got == want == 893


def test_spectral_norm_keeps_the_count(tmp_path):
    got, want = both(
        tmp_path,
        """
        import torch.nn as nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.utils.spectral_norm(nn.Linear(3, 4))
                self.b = nn.utils.parametrizations.spectral_norm(nn.Conv1d(3, 4, 2))
        """,
        "Net",
    )
    assert got == want == 16 + 28


def test_prod_of_a_config_list_and_property_chains(tmp_path):
    got, want = both(
        tmp_path,
        """
        import math
        import numpy as np
        import torch.nn as nn

        class Cfg:
            def __init__(self, ratios=(8, 5, 4, 2), rate=24000, bw=(1.5, 24.0), codebook=1024):
                self.ratios = list(ratios)
                self.rate = rate
                self.bw = list(bw)
                self.codebook = codebook

            @property
            def hop(self):
                return int(np.prod(self.ratios))

            @property
            def frame_rate(self):
                return math.ceil(self.rate / self.hop)

            @property
            def num_quantizers(self):
                nbits = math.ceil(math.log2(self.codebook))
                return int(1000 * self.bw[-1] // (self.frame_rate * nbits))

        class Net(nn.Module):
            def __init__(self, config=None):
                super().__init__()
                config = config or Cfg()
                self.layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(config.num_quantizers)])
        """,
        "Net",
    )
    assert got == want == 32 * 6


def test_property_setter_does_not_hide_the_getter(tmp_path):
    got, want = both(
        tmp_path,
        """
        import torch.nn as nn

        class Cfg:
            def __init__(self):
                self._width = 6

            @property
            def width(self):
                return self._width * 2

            @width.setter
            def width(self, value):
                self._width = value

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(Cfg().width, 3)
        """,
        "Net",
    )
    assert got == want == 12 * 3 + 3


def test_bias_set_to_none_unregisters_it(tmp_path):
    got, want = both(
        tmp_path,
        """
        import torch.nn as nn
        from torch.nn import LayerNorm

        class Block(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.norm = LayerNorm(d, eps=1e-5)
                self.norm.bias = None
                self.fc = nn.Linear(d, d)
                self.fc.bias = None
                self.conv = nn.Conv1d(d, d, 3)

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.blocks = nn.ModuleList([Block(8) for _ in range(2)])
        """,
        "Net",
    )
    assert got == want == 2 * (8 + 64 + 8 * 8 * 3 + 8)


def test_config_setattr_dunder_writes_a_field(tmp_path):
    got, want = both(
        tmp_path,
        """
        import copy
        import torch.nn as nn

        class Cfg:
            def __init__(self):
                self.hidden = 8
                self.t2u_hidden = 3

        class Net(nn.Module):
            def __init__(self, config=None):
                super().__init__()
                config = copy.deepcopy(config or Cfg())
                for key in ["t2u_hidden"]:
                    config.__setattr__(key[4:], getattr(config, key))
                self.fc = nn.Linear(config.hidden, 2)
        """,
        "Net",
    )
    assert got == want == 3 * 2 + 2
