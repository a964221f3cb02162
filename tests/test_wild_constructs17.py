"""fresh10 / fresh6 development unknowns (issue #16, session 17), each construct in a small
model written here and counted both ways: statically and by torch (tests/model_count_support).

Three of them were silent wrong counts on code like this before the fix (a ``nn.Parameter``
subclass read as an empty module; a ``@contextmanager`` whose exit code ran before the ``with``
body; an in-place tensor method on a parameter read as a plain value), the rest unknowns."""

from __future__ import annotations

import functools
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")

HEAD = """
import torch
import torch.nn as nn
"""


def check(tmp_path, body: str):
    f = tmp_path / "m.py"
    f.write_text(HEAD + textwrap.dedent(body))
    return parse_source(f).params_total(), torch_count(f)


# ----------------------------------------------------------------- tensor subclasses
PARAM_SUBCLASS = """
class Plain(nn.Parameter):
    pass

class WithNew(nn.Parameter):
    def __new__(cls, data, requires_grad=True):
        return super().__new__(cls, data, requires_grad)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Plain(torch.randn(3, 4))
        self.b = WithNew(torch.randn(5), requires_grad=False)
        self.lin = nn.Linear(4, 2)

model = M()
"""


def test_parameter_subclass_is_a_parameter(tmp_path):
    got, want = check(tmp_path, PARAM_SUBCLASS)
    assert got == want == 12 + 5 + 10


MANIFOLD = """
class Tagged(torch.Tensor):
    def __new__(cls, data, tag=None, requires_grad=False):
        if len([data]) == 1 and isinstance(data, torch.Tensor):
            data = data.data
        inst = torch.Tensor._make_subclass(cls, data, requires_grad)
        inst.tag = tag
        return inst

class TaggedParam(Tagged, nn.Parameter):
    def __new__(cls, data=None, tag=None, requires_grad=True):
        if not isinstance(data, Tagged):
            data = Tagged(data, tag=tag)
        inst = Tagged._make_subclass(cls, data, requires_grad)
        inst.tag = data.tag
        return inst

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = TaggedParam(torch.randn(6, 3), tag="ball")
        self.t = Tagged(torch.randn(7))  # a plain tensor attribute: no parameter
        self.h = nn.Linear(3, 2, bias=self.w.tag == "ball")

model = M()
"""


def test_tensor_subclass_make_subclass(tmp_path):
    got, want = check(tmp_path, MANIFOLD)
    assert got == want == 18 + 8


CURVATURE = """
class Ball(nn.Module):
    def __init__(self, c=1.0, learnable=False):
        super().__init__()
        k = torch.as_tensor(c)
        if not torch.is_floating_point(k):
            k = k.to(torch.get_default_dtype())
        self.k = nn.Parameter(k, requires_grad=learnable)
        k = self._parameters.pop("k")
        with torch.no_grad():
            self.isp_c = k.exp_().sub_(1).log_()

model = nn.ModuleList([Ball(), nn.Linear(3, 3)])
"""


def test_in_place_chain_keeps_the_parameter(tmp_path):
    # the joined tensor of an undecided ``if``, ``_parameters.pop``, in-place methods
    got, want = check(tmp_path, CURVATURE)
    assert got == want == 1 + 12


LAZY = """
model = nn.Sequential(nn.LazyLinear(4), nn.ReLU(), nn.Linear(4, 2))
"""


def test_lazy_parameter_stays_unknown(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(HEAD + textwrap.dedent(LAZY))
    got = parse_source(f)
    assert got.params_total() is None  # never a 0-element parameter
    assert any("LazyLinear" in n and "first forward" in n for n in got.notes)


LAZY_RUN = """
model = nn.Sequential(
    nn.LazyConv1d(8, kernel_size=3, padding=1),
    nn.LazyBatchNorm1d(),
    nn.ReLU(),
    nn.Flatten(),
    nn.LazyLinear(5),
)
with torch.no_grad():
    model(torch.zeros(2, 4, 16))
"""


def test_lazy_layers_materialized_by_a_dummy_batch(tmp_path):
    got, want = check(tmp_path, LAZY_RUN)
    assert got == want == (4 * 8 * 3 + 8) + 16 + (8 * 16 * 5 + 5)


LAZY_INIT = """
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.LazyConv2d(6, 3), nn.ReLU(), nn.Flatten())
        n = self.body(torch.zeros(1, 3, 8, 8)).shape[1]
        self.head = nn.Linear(n, 2)

model = M()
"""


def test_lazy_layer_materialized_in_init(tmp_path):
    got, want = check(tmp_path, LAZY_INIT)
    assert got == want == (3 * 6 * 9 + 6) + (6 * 36 * 2 + 2)


# ----------------------------------------------------------------- with statements
CONTEXT = """
from contextlib import contextmanager

class Builder:
    ctx = None

    @contextmanager
    def use(self, name):
        try:
            self.ctx = name
            yield len(name)
        finally:
            self.ctx = None

    def build(self):
        with self.use("module") as n:
            width = 4 * n if self.ctx == "module" else 1
        return nn.Linear(width, 2 if self.ctx is None else 9)

class Scope:
    def __init__(self):
        self.depth = 0

    def __enter__(self):
        self.depth += 1
        return self.depth * 3

    def __exit__(self, *exc):
        self.depth -= 1

def make():
    s = Scope()
    with s as d:
        inner = nn.Linear(d, d + s.depth)
    return nn.Sequential(inner, nn.Linear(4, 3 + s.depth))

model = nn.Sequential(Builder().build(), make())
"""


def test_with_runs_enter_and_exit_around_the_body(tmp_path):
    got, want = check(tmp_path, CONTEXT)
    assert got == want == (24 * 2 + 2) + (3 * 4 + 4) + (4 * 3 + 3)


SETATTR = """
class Net:
    prefixes = ["callbacks"]

    def __init__(self, module, **kwargs):
        self.module = module
        self.kwargs = kwargs

    def __setattr__(self, name, value):
        if isinstance(value, nn.Module) and name.endswith("_"):
            self.prefixes = self.prefixes[:] + [name.rstrip("_")]
        super().__setattr__(name, value)

    def initialize(self):
        self.module_ = self.module(**self.kwargs)
        if "module" not in self.prefixes:
            raise ValueError("module not registered")
        return self

class Clf(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.fc = nn.Linear(3, width)

    def forward(self, x):
        return self.fc(x)

model = Net(Clf, width=5).initialize().module_
"""


def test_plain_class_setattr_hook_runs(tmp_path):
    got, want = check(tmp_path, SETATTR)
    assert got == want == 3 * 5 + 5


# ----------------------------------------------------------------- metaclass __call__, signatures
METACALL = """
import inspect

class Deferred(type):
    def __call__(cls, *args, **kwargs):
        sig = inspect.signature(cls.__init__)
        sig = sig.replace(parameters=[p for i, p in enumerate(sig.parameters.values()) if i])
        bound = sig.bind_partial(*args, **kwargs).arguments
        missing = [n for n, p in sig.parameters.items()
                   if p.default is inspect.Parameter.empty and n not in bound]
        if not missing:
            return type.__call__(cls, *args, **kwargs)
        return type.__call__(Later, cls, dict(bound))

class Later(metaclass=Deferred):
    def __init__(self, target, bound):
        self.target, self.bound = target, bound

    def __call__(self, **more):
        return self.target(**self.bound, **more)

class Layer(nn.Module, metaclass=Deferred):
    def __init__(self, width, *, depth=2, hidden=16):
        super().__init__()
        self.body = nn.Sequential(*[nn.Linear(width if i == 0 else hidden, hidden)
                                    for i in range(depth)])

class Host(nn.Module):
    def __init__(self, make, width=3):
        super().__init__()
        self.inner = make(width=width)

model = Host(Layer(hidden=8), width=5)
"""


def test_metaclass_call_and_signature_binding(tmp_path):
    got, want = check(tmp_path, METACALL)
    assert got == want == (5 * 8 + 8) + (8 * 8 + 8)


# ----------------------------------------------------------------- values and shapes
SHAPES = """
import numpy as np

class M(nn.Module):
    def __init__(self, dims="13-64-16", base_dim=4):
        super().__init__()
        ln = np.fromstring(dims, dtype=int, sep="-")
        self.mlp = nn.Sequential(*[nn.Linear(int(ln[i]), int(ln[i + 1])) for i in range(len(ln) - 1)])
        base = torch.distributions.Independent(
            torch.distributions.Normal(torch.zeros(base_dim), torch.ones(base_dim)), 1
        )
        n_in = int(torch.sum(torch.tensor(base.event_shape)).item())
        t = torch.randn(10, n_in + 1)
        t = torch.cat((torch.cosh(t.narrow(-1, 0, 1)), t.narrow(-1, 1, n_in)), dim=-1)
        self.emb = nn.Parameter(t / t.norm(2, -1, True))
        self.proj = nn.Parameter(torch.clamp_min(torch.norm(t, p=2, dim=0), 1e-8))

model = M()
"""


def test_fromstring_distribution_shapes_and_tensor_ops(tmp_path):
    got, want = check(tmp_path, SHAPES)
    assert got == want == (13 * 64 + 64 + 64 * 16 + 16) + 50 + 5


TRACED = """
class Front(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(1, 8, 5)

    def forward(self, x):
        return self.conv(x)

class M(nn.Module):
    def __init__(self, front):
        super().__init__()
        self.front = front
        self.head = nn.Linear(8, 2)

model = M(torch.jit.trace(Front().eval(), torch.zeros(1, 1, 32)))
"""


def test_jit_trace_of_a_module_is_that_module(tmp_path):
    got, want = check(tmp_path, TRACED)
    assert got == want == 8 * 5 + 8 + 18


NUMPY_WIRING = """
import numpy as np

class M(nn.Module):
    def __init__(self, units=6, seed=0):
        super().__init__()
        rng = np.random.RandomState(seed)
        adj = np.zeros([units, units], dtype=np.int32)
        for src in range(units):
            for dest in rng.choice(list(range(units)), size=2, replace=False):
                adj[src, dest] = rng.choice([-1, 1])
        fanin = int(np.clip(units * 2 // 3, 1, units))
        self.erev = nn.Parameter(torch.Tensor(np.copy(adj)))
        self.register_buffer("mask", torch.Tensor(np.abs(adj)))
        self.w = nn.Parameter(torch.ones(fanin, units))

model = M()
"""


def test_numpy_copy_abs_clip(tmp_path):
    got, want = check(tmp_path, NUMPY_WIRING)
    assert got == want == 36 + 4 * 6


VENDOR = __import__("pathlib").Path(__file__).parents[1] / "benchmarks" / "wild" / ".vendor"

DACITE = """
from dataclasses import dataclass, field
from typing import Optional

from dacite import Config as DaciteConfig
from dacite import from_dict
from omegaconf import OmegaConf

@dataclass
class Inner:
    heads: int = 2
    kernel: int = 3

@dataclass
class Cfg:
    inner: Optional[Inner] = None
    dim: int = 8
    blocks: int = 1

    def __post_init__(self):
        if self.inner is None:
            self.inner = Inner()

class M(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Conv1d(cfg.dim, cfg.dim * cfg.inner.heads, cfg.inner.kernel) for _ in range(cfg.blocks)
        )

text = '''
inner:
  heads: 4
dim: 6
blocks: 2
'''
cfg = from_dict(Cfg, OmegaConf.to_container(OmegaConf.create(text)), config=DaciteConfig(strict=True))
model = M(cfg)
"""


@pytest.mark.skipif(
    not (VENDOR / "dacite").is_dir(), reason="benchmarks/wild/.vendor not installed"
)
def test_dacite_from_omegaconf_yaml(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(HEAD + textwrap.dedent(DACITE))
    got = parse_source(f).params_total()
    want = _count(f, root="model", device="cpu", sys_path=VENDOR)
    assert got == want == 2 * (6 * 24 * 3 + 24)


def test_dacite_strict_extra_key_is_unknown(tmp_path):
    # dacite raises on a key no field has (strict): never a count of the defaults
    body = DACITE.replace("blocks: 2", "blocks: 2\\nextra: 1")
    f = tmp_path / "m.py"
    f.write_text(HEAD + textwrap.dedent(body))
    got = parse_source(f)
    assert got.params_total() is None
    assert any("strict=True" in n and "extra" in n for n in got.notes)


SINGLETON = """
class Singleton(type):
    _instances = {}

    def __call__(cls, *args, **kwargs):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]

class Shared(nn.Module, metaclass=Singleton):
    def __init__(self, d=4):
        super().__init__()
        self.fc = nn.Linear(d, d)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Shared(4)
        self.b = Shared(4)  # the same instance: its weights count once
        self.c = nn.Linear(4, 1)

model = M()
"""


def test_singleton_metaclass_shares_the_instance(tmp_path):
    got, want = check(tmp_path, SINGLETON)
    assert got == want == 20 + 5


ITERABLE = """
import collections.abc

class Blocks(nn.ModuleList):
    pass

class Plain(nn.Module):
    pass

class Walk(nn.Module):
    def __iter__(self):
        return iter([])

blocks = Blocks([nn.Linear(2, 2)])
w1 = 3 if isinstance(blocks, collections.abc.Iterable) else 5
w2 = 7 if isinstance(Plain(), collections.abc.Iterable) else 11
w3 = 13 if isinstance(Walk(), collections.abc.Iterable) else 17
model = nn.Sequential(nn.Linear(2, w1), nn.Linear(w1, w2), nn.Linear(w2, w3))
"""


def test_isinstance_iterable_of_modules(tmp_path):
    # a ModuleList subclass is iterable (it was read as not: a confident wrong count)
    got, want = check(tmp_path, ITERABLE)
    assert got == want == (2 * 3 + 3) + (3 * 11 + 11) + (11 * 13 + 13)
