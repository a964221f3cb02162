"""weight_norm / spectral_norm in __init__: parameters as torch registers them."""

from __future__ import annotations

import pytest

from tests.source_coverage import same_as_torch

WEIGHT_NORM = """
import torch.nn as nn
from torch.nn.utils import weight_norm, spectral_norm


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(6, 8, 5, groups=2)
        self.conv = {wn}(self.conv, name="weight", dim={dim})
        self.layers = nn.ModuleList()
        for _ in range(2):
            self.layers.append({wn}(nn.Linear(4, 3)))
        self.sn = spectral_norm(nn.Linear(3, 7))
        self.pos = nn.utils.parametrizations.weight_norm(nn.Conv2d(2, 4, 3), dim={dim})
"""


@pytest.mark.parametrize("wn", ["weight_norm", "nn.utils.parametrizations.weight_norm"])
@pytest.mark.parametrize("dim", [0, 1, 2, -1, -2, None])
def test_weight_norm_adds_the_magnitude_tensor(tmp_path, wn, dim):
    same_as_torch(tmp_path, WEIGHT_NORM.format(wn=wn, dim=dim), "Net")


def test_weight_norm_inside_a_deepspeed_probe_is_the_default_build(tmp_path):
    """transformers' ``is_deepspeed_zero3_enabled()`` is off by default: one branch, exact."""
    code = """
    import torch.nn as nn
    from transformers.integrations.deepspeed import is_deepspeed_zero3_enabled


    class Pos(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv1d(16, 16, kernel_size=8, padding=4, groups=4)
            weight_norm = nn.utils.weight_norm
            if hasattr(nn.utils.parametrizations, "weight_norm"):
                weight_norm = nn.utils.parametrizations.weight_norm
            if is_deepspeed_zero3_enabled():
                self.conv = weight_norm(self.conv, name="weight", dim=2)
            else:
                self.conv = weight_norm(self.conv, name="weight", dim=2)
    """
    same_as_torch(tmp_path, code, "Pos")


def test_weight_norm_of_an_unknown_shape_stays_unresolved(tmp_path):
    p = tmp_path / "m.py"
    p.write_text(
        "import torch.nn as nn\n"
        "class Net(nn.Module):\n"
        "    def __init__(self, n):\n"
        "        super().__init__()\n"
        "        self.c = nn.utils.weight_norm(nn.Linear(n, 3))\n"
    )
    from driftcheck.parsers.source import parse_source

    assert parse_source(p, entry="Net").params_total() is None
