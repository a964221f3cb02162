"""Session 16 (wildfix16, issue #16): SSL wrappers whose projector is sized by a dummy forward
in ``__init__`` (byol-pytorch, contrastive-learner, pixel-level-contrastive-learning). Each
construct is a small model written here and built in real torch.

- forward hooks: ``layer.register_forward_hook(self._grab)`` stores the hook; when
  ``__init__`` calls the backbone the hook runs with the hooked layer's output (it was never
  run: the projector's input size was unknown); a non-None result replaces the output, a
  pre-hook's the inputs; ``handle.remove()``; ``copy.deepcopy`` carries hooks to the copy,
  bound to the copied wrapper; a hook registered under an undecided condition runs under it.
- ``t.device`` is one device value (the hook keys ``self.hidden[input[0].device]``, the
  forward reads ``self.hidden[x.device]``); what device it is stays unknown.
- ``if random.random() > p: return x`` / ``return fn(x)`` (a random augmentation wrapper):
  a tensor returned under an undecided ``if`` is joined with what the rest returns (was
  unknown at the first ``return``); ``f if c else g`` of two functions, and of two tensors.
- slices with unknown bounds keep the other dims; ``torch.flip``, ``F.interpolate(size=)``,
  ``t.flatten(1)``; einops layers applied in ``__init__``.
- torchvision / kornia augmentations by shape (only where those libraries are installed).
"""

from __future__ import annotations

import functools
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")

ROOT = Path(__file__).resolve().parents[1]
WILD = ROOT / "benchmarks" / "wild"


def write(tmp_path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
    f.write_text(textwrap.dedent(code))
    return f


def check(tmp_path, code: str) -> int:
    f = write(tmp_path, code)
    want = torch_count(f)
    assert parse_source(f).params_total() == want
    return want


def honest(tmp_path, code: str) -> None:
    """torch builds it; the analyzer cannot know the count and says so (never a number)."""
    f = write(tmp_path, code)
    assert torch_count(f) > 0
    g = parse_source(f)
    assert g.params_total() is None
    assert any("unknown" in n for n in g.notes)


BACKBONE = """
import copy
import random

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(width, width * 2, 3, padding=1), nn.AdaptiveAvgPool2d(2),
        )
        self.fc = nn.Linear(width * 8, 10)

    def forward(self, x):
        return self.fc(self.body(x).flatten(1))
"""

HOOK_DICT = (
    BACKBONE
    + """

class Probe(nn.Module):
    def __init__(self, net, size=32, layer=-2):
        super().__init__()
        self.net = net
        self.seen = {}
        self.head = None
        hooked = [*net.children()][layer]
        hooked.register_forward_hook(self._grab)
        self.forward(torch.randn(2, 3, size, size, device=next(net.parameters()).device))

    def _grab(self, module, inputs, output):
        self.seen[inputs[0].device] = output.reshape(output.shape[0], -1)

    def forward(self, x):
        self.seen.clear()
        self.net(x)
        h = self.seen[x.device]
        if self.head is None:
            self.head = nn.Sequential(nn.Linear(h.shape[1], 32), nn.ReLU(), nn.Linear(32, 4))
        return self.head(h)


model = Probe(Net(8), size=32)
"""
)


def test_forward_hook_sizes_a_lazy_projector(tmp_path):
    # the hook on ``body`` records its (2, 16, 2, 2) output flattened: the head takes 64
    assert check(tmp_path, HOOK_DICT) == 4254


def test_forward_hook_on_a_layer_inside_a_sequential(tmp_path):
    code = HOOK_DICT.replace("hooked = [*net.children()][layer]", "hooked = net.body[3]")
    # the second conv's (2, 16, 16, 16) output: 4096 features
    assert check(tmp_path, code) > 4254


def test_forward_hook_and_pre_hook_results_replace(tmp_path):
    code = (
        BACKBONE
        + """

class Halve(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net
        net.body[4].register_forward_hook(lambda m, i, o: o[:, : o.shape[1] // 2])
        y = net.body(torch.randn(2, 3, 40, 40))
        self.head = nn.Linear(y.shape[1] * y.shape[2] * y.shape[3], 3)
        self.probe = nn.Sequential(nn.Conv2d(3, 4, 3), nn.Flatten())
        self.probe[0].register_forward_pre_hook(self._shrink)
        z = self.probe(torch.randn(2, 3, 40, 40))
        self.side = nn.Linear(z.shape[1], 2)

    def _shrink(self, module, args):
        return (args[0][:, :, :20, :20],)


model = Halve(Net(8))
"""
    )
    # the forward hook keeps 8 of the pool's 16 channels: the head takes 8 * 2 * 2; the
    # pre-hook crops the probe's input to 20x20: 4 * 18 * 18 features
    assert check(tmp_path, code) == 2042 + (32 * 3 + 3) + 112 + (1296 * 2 + 2)


def test_removed_hook_does_not_run(tmp_path):
    code = (
        BACKBONE
        + """

class Count(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.calls = 0
        handle = net.body.register_forward_hook(self._tick)
        net(torch.randn(1, 3, 16, 16))
        net(torch.randn(1, 3, 16, 16))
        handle.remove()
        net(torch.randn(1, 3, 16, 16))
        self.extra = nn.ModuleList([nn.Linear(4, 4) for _ in range(self.calls)])

    def _tick(self, module, inputs, output):
        self.calls += 1


model = Count(Net(8))
"""
    )
    assert check(tmp_path, code) == 2042 + 2 * 20  # two calls while the hook was on


def test_deepcopy_carries_the_hook_bound_to_the_copy(tmp_path):
    code = (
        BACKBONE
        + """

class Encoder(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.hidden = {}
        self.proj = None
        net.body.register_forward_hook(self._grab)

    def _grab(self, module, inputs, output):
        self.hidden["h"] = output.flatten(1)

    def forward(self, x):
        self.hidden.clear()
        self.net(x)
        h = self.hidden["h"]
        self.hidden.clear()  # a kept activation would make deepcopy raise in torch
        if self.proj is None:
            self.proj = nn.Linear(h.shape[1], 6)
        return self.proj(h)


class Learner(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.online = Encoder(net)
        self.target = None
        self.forward(torch.randn(2, 3, 24, 24))

    def forward(self, x):
        a = self.online(x)
        if self.target is None:
            self.target = copy.deepcopy(self.online)
        b = self.target(x)
        return (a - b).sum()


model = Learner(Net(4))
"""
    )
    check(tmp_path, code)


def test_hook_registered_under_an_undecided_condition_is_honest(tmp_path):
    code = HOOK_DICT.replace(
        "hooked.register_forward_hook(self._grab)",
        "if random.random() < 2.0:\n            hooked.register_forward_hook(self._grab)",
    )
    honest(tmp_path, code)


def test_device_is_one_value_but_not_a_known_one(tmp_path):
    code = """
    import torch
    import torch.nn as nn


    class M(nn.Module):
        def __init__(self):
            super().__init__()
            x = torch.zeros(2, 3)
            w = nn.Linear(3, 3)
            if x.device == w.weight.device:
                self.a = nn.Linear(3, 5)
            if str(x.device) == "cpu":
                self.b = nn.Linear(3, 7)


    model = M()
    """
    honest(tmp_path, code)  # ``a`` is certain; ``str(device)`` is not known: ``b`` may be
    assert check(tmp_path, code.replace('if str(x.device) == "cpu":', "if False:")) == 20


MAYBE = """
import random

import torch
import torch.nn as nn


class Maybe(nn.Module):
    def __init__(self, fn, p):
        super().__init__()
        self.fn, self.p = fn, p

    def forward(self, x):
        if random.random() > self.p:
            return x
        return self.fn(x)


class M(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.aug = nn.Sequential(Maybe(fn, 0.5), nn.Identity())
        y = self.aug(torch.randn(2, 3, 8, 8))
        self.head = nn.Linear(y.shape[-1] * y.shape[1], 4)


model = M(FN)
"""


def test_return_under_undecided_if_joins_same_shapes(tmp_path):
    assert check(tmp_path, MAYBE.replace("FN", "nn.ReLU()")) == 100


def test_return_under_undecided_if_of_other_shape_is_honest(tmp_path):
    honest(tmp_path, MAYBE.replace("FN", "nn.MaxPool2d(2)"))


def test_rest_of_body_after_a_deferred_return_runs_under_the_condition(tmp_path):
    code = """
    import random

    import torch
    import torch.nn as nn


    class Step(nn.Module):
        def __init__(self):
            super().__init__()
            self.k = 1

        def forward(self, x):
            if random.random() > 2.0:
                return x
            self.extra = nn.Linear(4, 4)  # built only on the way that goes on
            return x


    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.step = Step()
            self.step(torch.randn(2, 4))
            self.head = nn.Linear(4, self.step.k)


    model = M()
    """
    honest(tmp_path, code)  # torch always builds ``extra``; the analyzer cannot rule out not


def test_either_of_two_functions_and_of_two_tensors(tmp_path):
    code = """
    import random

    import torch
    import torch.nn as nn


    def ident(t):
        return t


    class M(nn.Module):
        def __init__(self):
            super().__init__()
            flip = lambda t: torch.flip(t, dims=(-1,))
            fn = flip if random.random() < 0.5 else ident
            x = torch.randn(2, 3, 8, 6)
            y = fn(x)
            z = y if random.random() < 0.5 else y * 2
            self.head = nn.Linear(z.shape[-1] * z.shape[-2], 4)


    model = M()
    """
    assert check(tmp_path, code) == 196
    honest(tmp_path, code.replace("return t\n", "return t[..., :2]\n"))


def test_cutout_interpolate_flatten(tmp_path):
    code = """
    import random

    import torch
    import torch.nn as nn
    import torch.nn.functional as F


    class M(nn.Module):
        def __init__(self):
            super().__init__()
            x = torch.randn(2, 3, 32, 32)
            y0 = int(random.random() * 8)
            c = x[:, :, y0 : y0 + 20, y0 : y0 + 20]
            r = F.interpolate(c, size=x.shape[2:], mode="nearest")
            f = torch.flip(r, dims=(-1,)).flatten(1)
            self.head = nn.Linear(f.shape[1], 4)
            self.tail = nn.Linear(c.shape[1], 2)


    model = M()
    """
    assert check(tmp_path, code) == 3072 * 4 + 4 + 8
    honest(tmp_path, code.replace("c.shape[1], 2", "c.shape[2], 2"))  # the cut dim: unknown


def test_einops_layers_applied_in_init(tmp_path):
    pytest.importorskip("einops")
    code = """
    import torch
    import torch.nn as nn
    from einops.layers.torch import Rearrange, Reduce


    class M(nn.Module):
        def __init__(self, patch=4):
            super().__init__()
            self.tokens = nn.Sequential(
                Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=patch, p2=patch),
                nn.Linear(3 * patch * patch, 16),
                Reduce("b n d -> b d", "mean"),
            )
            y = self.tokens(torch.randn(2, 3, 16, 16))
            self.head = nn.Linear(y.shape[-1], 3)


    model = M()
    """
    assert check(tmp_path, code) == 48 * 16 + 16 + 16 * 3 + 3


# ------------------------------------------------------------------ augmentation libraries
AUG_TV = """
import torch
import torch.nn as nn
from torchvision import transforms as T


class M(nn.Module):
    def __init__(self, size=24):
        super().__init__()
        aug = nn.Sequential(
            T.RandomHorizontalFlip(),
            T.ColorJitter(0.4, 0.4, 0.4, 0.1),
            T.RandomGrayscale(p=0.5),
            T.GaussianBlur((3, 3), (1.0, 2.0)),
            T.RandomResizedCrop((size, size // 2)),
            T.Normalize(mean=torch.tensor([0.5, 0.5, 0.5]), std=torch.tensor([0.2, 0.2, 0.2])),
        )
        y = aug(torch.randn(2, 3, 40, 40))
        self.head = nn.Linear(y.shape[-1] * y.shape[-2], 5)


model = M()
"""


def test_torchvision_augmentations_by_shape(tmp_path):
    vendor = WILD / ".vendor"
    if not (vendor / "torchvision").is_dir():
        pytest.skip("torchvision of the wild corpus (benchmarks/wild/.vendor) is not here")
    f = write(tmp_path, AUG_TV)
    code = (
        f"import runpy, sys; sys.path[:0] = [{str(WILD)!r}]; sys.path.append({str(vendor)!r}); "
        f"import shim, torch; m = runpy.run_path({str(f)!r})['model']; "
        "print(sum(p.numel() for p in m.parameters()))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    want = int(out.stdout.split()[-1])
    assert want == 24 * 12 * 5 + 5
    sys.path.append(str(vendor))
    try:
        assert parse_source(f).params_total() == want
        # four channels: ColorJitter refuses them in torchvision; not decided here
        g = parse_source(write(tmp_path, AUG_TV.replace("randn(2, 3,", "randn(2, 4,"), "c4.py"))
        assert g.params_total() is None
    finally:
        sys.path.remove(str(vendor))


def test_kornia_augmentations_by_shape(tmp_path):
    pytest.importorskip("kornia")
    code = """
    import torch
    import torch.nn as nn
    from kornia import augmentation as K
    from kornia import filters


    class M(nn.Module):
        def __init__(self):
            super().__init__()
            aug = nn.Sequential(
                K.ColorJitter(0.8, 0.8, 0.8, 0.2, p=0.8),
                K.RandomGrayscale(p=0.2),
                filters.GaussianBlur2d((3, 3), (1.5, 1.5)),
                K.RandomResizedCrop((16, 12)),
                K.RandomSolarize(p=0.5),
                K.Normalize(mean=torch.tensor([0.4, 0.5, 0.6]), std=torch.tensor([0.2, 0.2, 0.2])),
            )
            y = aug(torch.randn(2, 3, 32, 32))
            self.head = nn.Linear(y.shape[-1] * y.shape[-2], 3)


    model = M()
    """
    assert check(tmp_path, code) == 16 * 12 * 3 + 3
    # a crop applied to a part of the batch only (p < 1): sizes could differ, not decided
    honest(
        tmp_path,
        code.replace("K.RandomResizedCrop((16, 12))", "K.RandomResizedCrop((16, 12), p=0.5)"),
    )


MASKS = """
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, n=8, k=3):
        super().__init__()
        mask = torch.ones(n).int()
        mask[::2] = -1
        table = torch.empty([k, n]).int()
        for i in range(ROWS):
            table[i] = mask
            mask *= -1
        self.layers = nn.ModuleList()
        for i in range(k):
            m = torch.as_tensor(table[i])
            feats = torch.arange(len(m))
            keep = feats.masked_select(m <= 0)
            move = feats.masked_select(m > 0)
            self.layers.append(nn.Linear(len(keep), len(move) * 2))


model = M()
"""


def test_empty_tensor_written_row_by_row_has_known_values(tmp_path):
    # nflows' coupling masks: ``torch.empty`` filled row by row, each row a known mask
    assert check(tmp_path, MASKS.replace("ROWS", "k")) == 3 * (4 * 8 + 8)


def test_empty_tensor_left_partly_unwritten_is_honest(tmp_path):
    # the last row is never written: torch reads uninitialised memory there
    f = write(tmp_path, MASKS.replace("ROWS", "k - 1"))
    g = parse_source(f)
    assert g.params_total() is None
