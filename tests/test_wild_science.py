"""Constructs of the graph, geometric, flow and tabular model libraries (issue #16, the
`science` group of the wild corpus: torch_geometric, egnn-pytorch, e3nn, zuko, pytorch-tabnet,
rtdl), each in a small model of its own, counted by the static parser and by torch (meta device).

The libraries themselves are benchmark dependencies, not test ones: these models use only torch
and reproduce the construct the library's code meets.
"""

from __future__ import annotations

import json
import runpy
import sys
import textwrap

import pytest

torch = pytest.importorskip("torch")

from driftcheck.parsers.source import parse_source  # noqa: E402

# a package whose namespace a resolver scans for a class by its lowercased name
RESOLVER_PKG = {
    "gnnlib/__init__.py": "",
    "gnnlib/norm/__init__.py": """
        from .batch import BatchNorm
        from .layer import LayerNorm, GraphNorm

        __all__ = classes = ["BatchNorm", "LayerNorm", "GraphNorm"]
    """,
    "gnnlib/norm/batch.py": """
        import torch

        class BatchNorm(torch.nn.Module):
            def __init__(self, channels):
                super().__init__()
                self.module = torch.nn.BatchNorm1d(channels)
    """,
    "gnnlib/norm/layer.py": """
        import torch
        from torch.nn.modules.instancenorm import _InstanceNorm

        class LayerNorm(torch.nn.Module):
            def __init__(self, channels):
                super().__init__()
                self.weight = torch.nn.Parameter(torch.ones(channels))

        class GraphNorm(_InstanceNorm):
            def __init__(self, channels):
                super().__init__(channels, affine=True)
    """,
    "gnnlib/resolver.py": """
        import inspect
        import torch

        def normalize(s):
            return s.lower().replace("-", "").replace("_", "").replace(" ", "")

        def resolver(classes, query, base_repr, *args, **kwargs):
            if not isinstance(query, str):
                return query
            q = normalize(query)
            for cls in classes:
                name = normalize(cls.__name__)
                if q in [name, name.replace(base_repr, "")]:
                    return cls(*args, **kwargs) if inspect.isclass(cls) else cls
            raise ValueError(query)

        def activation_resolver(query="relu", *args, **kwargs):
            acts = [
                a for a in vars(torch.nn.modules.activation).values()
                if isinstance(a, type) and issubclass(a, torch.nn.Module)
            ]
            return resolver(acts, query, "act", *args, **kwargs)

        def normalization_resolver(query, *args, **kwargs):
            import gnnlib.norm as norm
            norms = [
                n for n in vars(norm).values()
                if isinstance(n, type) and issubclass(n, torch.nn.Module)
            ]
            return resolver(norms, query, "norm", *args, **kwargs)
    """,
    "model.py": """
        import torch
        from torch import nn
        from gnnlib.resolver import activation_resolver, normalization_resolver

        # a fallback class picked by whether torch has the layer
        class Swish_(nn.Module):
            def forward(self, x):
                return x * x.sigmoid()

        SiLU = nn.SiLU if hasattr(nn, "SiLU") else Swish_
        PReLU = nn.PReLU if hasattr(nn.modules.activation, "PReLU") else Swish_

        QUERIES = ("batch_norm", "layer", "graph")

        class M(nn.Module):
            def __init__(self, dim=8):
                super().__init__()
                self.act = activation_resolver("leaky_relu", 0.2)
                self.prelu = activation_resolver("PReLU", num_parameters=dim)
                self.norms = nn.ModuleList(
                    [normalization_resolver(q, dim) for q in QUERIES]
                )
                self.mlp = nn.Sequential(nn.Linear(dim, dim), SiLU(), PReLU(dim))
                # a None item is registered by torch: no weights, the index is kept
                self.layers = nn.ModuleList([
                    nn.ModuleList([None, nn.Linear(dim, dim)]),
                    nn.ModuleList([nn.Linear(dim, 2 * dim), nn.Linear(2 * dim, dim)]),
                ])
                self.n_slots = len(self.layers[0])
                self.extra = nn.Linear(dim, self.n_slots)

        model = M()
    """,
}


def _write(root, files: dict[str, str]) -> None:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))


def _torch_count(path, device: str = "meta") -> int:
    sys.path.insert(0, str(path.parent))
    try:
        for name in [m for m in sys.modules if m == "gnnlib" or m.startswith("gnnlib.")]:
            del sys.modules[name]
        with torch.device(device):
            model = runpy.run_path(str(path), run_name="__science__")["model"]
    finally:
        sys.path.pop(0)
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


def test_resolvers_fallbacks_and_none_items_count_as_torch(tmp_path):
    _write(tmp_path, RESOLVER_PKG)
    path = tmp_path / "model.py"
    want = _torch_count(path)
    g = parse_source(str(path), entry="M")
    assert g.params_total() == want, [str(n) for n in g.notes]


def test_resolvers_count_the_same_without_torch(tmp_path):
    from tests.test_no_torch import run_without_torch

    # a subclass of torch's private ``_InstanceNorm`` has no catalogue entry: unknown there
    files = dict(RESOLVER_PKG)
    files["model.py"] = files["model.py"].replace('"layer", "graph")', '"layer")')
    assert files["model.py"] != RESOLVER_PKG["model.py"]
    _write(tmp_path, files)
    path = tmp_path / "model.py"
    r = run_without_torch("graph", f"{path}::M", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["params_total"] == _torch_count(path)


# layers sized by the values of small tensors (coupling masks, autoregressive adjacency)
TENSOR_VALUES = """
import torch
from torch import nn


class MaskedLinear(nn.Linear):
    def __init__(self, adjacency):
        super().__init__(*reversed(adjacency.shape))
        self.register_buffer("mask", adjacency)


class M(nn.Module):
    def __init__(self, features=5, context=2, hidden=(16, 12), total=2):
        super().__init__()
        mask = torch.arange(features) % 2 == 1
        fa = mask.sum().item()
        self.coupling = nn.Linear(fa + context, (features - fa) * total)
        self.eye_free = nn.Linear(int((~torch.eye(3, dtype=bool)).sum()), 1)
        order = torch.flipud(torch.arange(features))
        order = torch.div(order, 2, rounding_mode="floor")
        adj = order[:, None] > order
        assert not adj.diag().any()
        adj = torch.cat((adj, torch.ones((features, context), dtype=bool)), dim=1)
        adj = torch.repeat_interleave(adj, repeats=total, dim=0)
        adj, inverse = torch.unique(adj, dim=0, return_inverse=True)
        prec = adj.double() @ adj.double().t() == adj.sum(dim=-1)
        layers = []
        for i, width in enumerate((*hidden, adj.shape[0])):
            m = prec[:, indices] if i > 0 else adj  # noqa: F821
            if (~m).all():
                raise ValueError("null Jacobian")
            if i < len(hidden):
                reachable = m.sum(dim=-1).nonzero().squeeze(dim=-1)
                indices = reachable[torch.arange(width) % len(reachable)]
                m = m[indices]
            else:
                m = m[inverse]
            layers.append(MaskedLinear(m))
        self.hyper = nn.Sequential(*layers)


model = M()
"""


def test_layers_sized_by_tensor_values_count_as_torch(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(TENSOR_VALUES)
    want = _torch_count(path, "cpu")  # .item() and nonzero() need values: CPU, as the corpus
    g = parse_source(str(path), entry="M")
    assert g.params_total() == want, [str(n) for n in g.notes]


def test_tensor_values_are_the_same_computed_at_once(tmp_path):
    from driftcheck.speed import Speed, Stores, use

    path = tmp_path / "model.py"
    path.write_text(TENSOR_VALUES)
    with use(Speed(stores=Stores())):
        lazy = parse_source(str(path), entry="M").to_json()
    with use(Speed(stores=Stores()).without("lazy_values")):
        eager = parse_source(str(path), entry="M").to_json()
    assert lazy == eager


# tuple subclasses built by __new__, NamedTuple records, generator methods, operator methods
IRREPS = """
import math
from typing import NamedTuple

import torch
from torch import nn


class Irrep(tuple):
    def __new__(cls, l, p=None):
        if p is None:
            if isinstance(l, Irrep):
                return l
            name = l.strip()
            l, p = int(name[:-1]), {"e": 1, "o": -1}[name[-1]]
        return super().__new__(cls, (l, p))

    @property
    def l(self):  # noqa: E743
        return self[0]

    @property
    def p(self):
        return self[1]

    @property
    def dim(self):
        return 2 * self.l + 1

    def __mul__(self, other):
        other = Irrep(other)
        for l in range(abs(self.l - other.l), self.l + other.l + 1):
            yield Irrep(l, self.p * other.p)


class MulIr(tuple):
    def __new__(cls, mul, ir):
        return super().__new__(cls, (mul, ir))

    @property
    def mul(self):
        return self[0]

    @property
    def ir(self):
        return self[1]


class Irreps(tuple):
    def __new__(cls, text):
        out = []
        for part in text.split("+"):
            mul, ir = part.split("x")
            out.append(MulIr(int(mul), Irrep(ir)))
        return super().__new__(cls, out)

    @property
    def dim(self):
        return sum(m.mul * m.ir.dim for m in self)

    def __add__(self, other):
        return Irreps("0x0e") if not self else super().__add__(other)


class Ins(NamedTuple):
    i1: int
    i2: int
    i_out: int
    shape: tuple


class M(nn.Module):
    def __init__(self, a="2x0e + 1x1o", b="3x0e + 2x1o + 1x2e", out="4x0e + 2x1o + 2x1e"):
        super().__init__()
        ia, ib, io = Irreps(a), Irreps(b), Irreps(out)
        ins = [
            Ins(i, j, k, (x.mul, y.mul, z.mul))
            for i, x in enumerate(ia)
            for j, y in enumerate(ib)
            for k, z in enumerate(io)
            if z.ir in x.ir * y.ir
        ]
        numel = sum(math.prod(t.shape) for t in ins)
        self.weight = nn.Parameter(torch.zeros(numel))
        same = [(i, k) for i, (_, x) in enumerate(ia) for k, (_, z) in enumerate(io) if x == z]
        self.lin = nn.Linear(ia.dim + len(same), io.dim)
        hit = Irrep("1o") in [m.ir for m in ia]
        self.flag = nn.Linear(2 if hit and Irrep("1o") == (1, -1) else 3, 1)
        self.tail = nn.Linear(len(ia + ib), ins[-1].i_out + 1, bias=ins[0] == (0, 0, 0, (2, 3, 4)))


model = M()
"""


def test_tuple_subclasses_named_tuples_and_generators_count_as_torch(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(IRREPS)
    want = _torch_count(path)
    g = parse_source(str(path), entry="M")
    assert g.params_total() == want, [str(n) for n in g.notes]
