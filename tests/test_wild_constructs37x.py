"""Session 37 (wildfix37b): fresh36 dev's confident wrong (torchgfn ``TBGFlowNet``).

``self.logZ = logZ or nn.Parameter(torch.tensor(init_logZ))`` with ``logZ`` a parameter the
caller made: ``bool`` of a one-element tensor is its value, which the interpreter does not hold
for a parameter (it does not follow in-place writes), so the ``or`` was "boolean of unknown"
and the stored parameter silently vanished (16395 for torch's 16396). Now a boolean of
unknown truth with a parameter among its operands is an unknown that may be a parameter: the
count is null with a note naming the file:line. Where the truth is known (``logZ`` None, a
module operand), the count stays exact. Every count is torch's (on the CPU: ``bool`` of a
meta tensor has no value); a null count is an honest unknown.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _both(tmp_path, code: str) -> tuple[int | None, int, list[str]]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    r = parse_source(path)
    return r.params_total(), torch_count(path, root="model", device="cpu"), list(r.notes)


HEAD = """
import torch
import torch.nn as nn

class Flow(nn.Module):
    def __init__(self, logZ=None, init_logZ: float = 0.0):
        super().__init__()
        self.pf = nn.Linear(4, 4)
        self.logZ = logZ or nn.Parameter(torch.tensor(init_logZ))
"""

# the wild file's construct: an explicit parameter handed in (value 0.0: the fresh one wins)
PASSED_ZERO = HEAD + "model = Flow(logZ=nn.Parameter(torch.tensor(0.0)))\n"
# value 1.5: the caller's own parameter is stored
PASSED_NONZERO = HEAD + "model = Flow(logZ=nn.Parameter(torch.tensor(1.5)))\n"
# the caller's parameter is also registered elsewhere: which operand is stored moves the count
SHARED = (
    HEAD
    + """
class Pair(nn.Module):
    def __init__(self):
        super().__init__()
        z = nn.Parameter(torch.tensor(2.0))
        self.z = z
        self.flow = Flow(logZ=z)

model = Pair()
"""
)
# a plain fallback: the parameter or a float (only the first is a parameter)
FLOAT_FALLBACK = """
import torch
import torch.nn as nn

class Scaled(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.scale = scale or 1.0

model = Scaled(nn.Parameter(torch.tensor(0.0)))
"""


@pytest.mark.parametrize("code", [PASSED_ZERO, PASSED_NONZERO, SHARED, FLOAT_FALLBACK])
def test_or_of_a_parameter_is_unknown_not_dropped(tmp_path, code):
    got, want, notes = _both(tmp_path, code)
    assert want > 0
    assert got is None, (got, want)  # was a count with the parameter dropped
    assert any("may be a parameter" in n and "model.py:" in n for n in notes), notes


# the truth is known: the count stays exact
DEFAULT_NONE = HEAD + "model = Flow()\n"
DEFAULT_INIT = HEAD + "model = Flow(init_logZ=3.0)\n"
MODULE_OPERAND = """
import torch
import torch.nn as nn

class Flow(nn.Module):
    def __init__(self, logZ=None):
        super().__init__()
        self.logZ = logZ or nn.Parameter(torch.zeros(5))

model = nn.ModuleList([Flow(logZ=nn.Linear(2, 3)), Flow()])
"""
AND_NONE = """
import torch
import torch.nn as nn

class Gate(nn.Module):
    def __init__(self, use=None):
        super().__init__()
        self.lin = nn.Linear(4, 2)
        self.g = use and nn.Parameter(torch.ones(2))

model = nn.ModuleList([Gate(), Gate(use=True)])
"""


@pytest.mark.parametrize("code", [DEFAULT_NONE, DEFAULT_INIT, MODULE_OPERAND, AND_NONE])
def test_known_truth_stays_exact(tmp_path, code):
    got, want, _ = _both(tmp_path, code)
    assert got == want


def test_fresh36_gfn_file_is_not_wrong():
    """The wild file itself (torchgfn vendored for the benchmark): unknown or torch's 16396."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    vendor = root / "benchmarks" / "wild" / ".vendor"
    path = root / "benchmarks" / "wild" / "fresh36" / "gfn" / "noisy_mlp_tb_learned_logz.py"
    if not (vendor / "gfn").is_dir():
        pytest.skip("torchgfn not vendored")
    import sys

    sys.path.insert(0, str(vendor))
    try:
        got = parse_source(path).params_total()
    finally:
        sys.path.remove(str(vendor))
    assert got in (None, 16396)


# ------------------------------------------------- torch.normal(mean, std) of tensors (fastmri)
# fastmri's LOUPEPolicy: ``nn.Parameter(torch.normal(torch.ones((1, n)), torch.ones((1, n)) / 10))``
NORMAL_TENSORS = """
import torch
import torch.nn as nn

class Loupe(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.a = nn.Parameter(torch.normal(torch.ones((1, n)), torch.ones((1, n)) / 10))
        self.b = nn.Parameter(torch.normal(torch.ones(2, n), 0.5))
        self.c = nn.Parameter(torch.normal(0.5, torch.ones(3, 1)))
        self.d = nn.Parameter(torch.normal(torch.zeros(4, 1), torch.ones(1, n)))
        self.e = nn.Parameter(torch.normal(0.0, 1.0, size=(3, n)))

model = Loupe(5)
"""


def test_normal_of_tensors_takes_their_broadcast_shape(tmp_path):
    got, want, _ = _both(tmp_path, NORMAL_TENSORS)
    assert got == want == 5 + 10 + 3 + 20 + 15


def test_normal_of_unequal_tensors_is_unknown(tmp_path):
    """torch refuses (2, 3) beside (3, 2): the static count is null, never a shape."""
    code = """
    import torch
    import torch.nn as nn

    class Bad(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.normal(torch.ones(2, 3), torch.ones(3, 2)))

    model = Bad()
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    with pytest.raises(RuntimeError):
        torch_count(path, root="model", device="cpu")
    assert parse_source(path).params_total() is None
