"""Constructs of code nobody here wrote (issue #16, session 15, the eighth wild batch), each in
a small model written here and built in real torch (CPU: sampling does not run on meta).

* a base class that overrides ``register_parameter`` and calls ``super().register_parameter``
  (gpytorch's ``Module``): the parameters were dropped, and a model of several such modules
  counted 0 where torch counts 4,492 -- a confident wrong;
* ``register_parameter(name="w", param=p)`` by keyword: the parameter was dropped;
* ``torch.Size()`` (the empty batch shape) and ``torch.broadcast_shapes(...)`` were unknown;
* ``torch.get_default_dtype()`` / ``torch.device(...)`` stored on a module "may be a layer";
* ``torch.distributions.Beta(a, b).sample((n,))`` as a parameter's data had no shape;
* a ``dict`` subclass with ``self.__dict__ = self`` whose ``self.__dict__.update(...)`` was
  dropped: the model was built from the stale items -- a confident wrong.
"""

from __future__ import annotations

import functools
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device=None, seed=0)


def write(tmp_path, src: str, name: str = "m.py"):
    f = tmp_path / name
    f.write_text(textwrap.dedent(src).lstrip("\n"))
    return f


def analyze(path):
    g = parse_source(path)
    return g.params_total(), g.notes


# ------------------------------------------------------------ register_parameter, overridden
OVERRIDE = """
import torch
from torch import nn


class Base(nn.Module):
    def register_parameter(self, name, parameter):
        # a hook point of the library's own (a prior, a constraint): then torch's registration
        super().register_parameter(name, parameter)


class Affine(Base):
    def __init__(self, n, batch_shape=torch.Size()):
        super().__init__()
        self.register_parameter(name="scale", parameter=nn.Parameter(torch.ones(*batch_shape, n)))
        self.register_parameter("shift", nn.Parameter(torch.zeros(*batch_shape, 1)))


class Outer(Base):
    def __init__(self):
        super().__init__()
        self.a = Affine(5)
        self.b = Affine(3, torch.Size([2]))
        self.register_buffer("ref", torch.zeros(4))


model = Outer()
"""


def test_super_register_parameter_in_an_override_registers(tmp_path):
    f = write(tmp_path, OVERRIDE)
    assert torch_count(f) == 6 + 8
    assert analyze(f)[0] == 14


def test_register_parameter_by_torch_keywords(tmp_path):
    f = write(
        tmp_path,
        """
        import torch
        from torch import nn


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_parameter(name="w", param=nn.Parameter(torch.zeros(4, 3)))
                self.add_module(name="lin", module=nn.Linear(3, 2))
                self.register_parameter("gone", None)


        model = M()
        """,
    )
    assert analyze(f)[0] == torch_count(f) == 20


# ------------------------------------------------------------ Size, broadcast_shapes, dtypes
SHAPES = """
import torch
from torch import nn


class Kernel(nn.Module):
    def __init__(self, n, batch_shape=torch.Size()):
        super().__init__()
        self.dtype = torch.get_default_dtype()
        self.where = torch.device("cpu")
        self.batch_shape = batch_shape
        joined = torch.broadcast_shapes(self.batch_shape, torch.Size([3, 1]), (1, 2))
        self.a = nn.Parameter(torch.zeros(*batch_shape, n))
        self.b = nn.Parameter(torch.zeros(*joined) if len(joined) else torch.tensor(0.0))
        self.c = nn.Parameter(torch.zeros(*batch_shape) if len(batch_shape) else torch.tensor(0.0))
        self.lin = nn.Linear(n, len(joined) + joined[0])


model = Kernel(4)
"""


def test_empty_size_broadcast_shapes_and_dtype_values(tmp_path):
    f = write(tmp_path, SHAPES)
    want = torch_count(f)
    assert want == 4 + 6 + 1 + (4 * 5 + 5)
    got, notes = analyze(f)
    assert got == want, notes


def test_shapes_that_do_not_broadcast_stay_unknown(tmp_path):
    f = write(
        tmp_path,
        """
        import torch
        from torch import nn


        class M(nn.Module):
            def __init__(self, a, b):
                super().__init__()
                s = torch.broadcast_shapes(a, b)
                self.w = nn.Parameter(torch.zeros(*s))


        model = M((2, 3), (4, 3))
        """,
    )
    with pytest.raises(RuntimeError):
        torch_count(f)  # torch refuses the shapes: no count may be claimed
    got, notes = analyze(f)
    assert got is None


# ------------------------------------------------------------ torch.distributions draws
DRAWS = """
import torch
import torch.distributions as D
from torch import nn


class Gates(nn.Module):
    def __init__(self, n, stages):
        super().__init__()
        self.masks = nn.Parameter(
            torch.cat([D.Beta(torch.tensor([0.5]), torch.tensor([0.5])).sample((n,))
                       for _ in range(stages)], dim=1).T
        )
        t = torch.ones(3, 1)
        u = torch.ones(4)
        draws = [D.Beta(t, 0.5), D.Normal(0.0, u), D.Uniform(t, u + 1), D.Gamma(u, t),
                 D.Exponential(t), D.Laplace(0.0, 1.0), D.LogNormal(t, u), D.Cauchy(u, 2.0),
                 D.Poisson(u), D.HalfNormal(t), D.HalfCauchy(u), D.Gumbel(t, u), D.Chi2(t),
                 D.StudentT(u, loc=t)]
        self.p = nn.ParameterList(nn.Parameter(d.sample((2,))) for d in draws)
        self.q = nn.Parameter(D.Normal(t, 1.0).rsample())
        self.r = nn.Parameter(torch.zeros(*D.Beta(u, u).batch_shape, *D.Normal(t, 1.0).event_shape))
        self.prior = D.Normal(0.0, 1.0)
        self.head = nn.Linear(n, 1)


model = Gates(7, 3)
"""


def test_distribution_draws_as_parameters(tmp_path):
    f = write(tmp_path, DRAWS)
    got, notes = analyze(f)
    assert got == torch_count(f), notes


def test_a_draw_of_unknown_shape_is_an_honest_unknown(tmp_path):
    f = write(
        tmp_path,
        """
        import torch
        import torch.distributions as D
        from torch import nn


        class M(nn.Module):
            def __init__(self, shape):
                super().__init__()
                self.w = nn.Parameter(D.Normal(torch.zeros(shape), 1.0).sample((2,)))
                self.lin = nn.Linear(3, 3)


        model = M(tuple(range(1, 4)) if __name__ else ())
        """,
    )
    assert torch_count(f) == 12 + 12
    got, notes = analyze(f)
    assert got in (None, 24), notes  # never a count without the draw


# ------------------------------------------------------------ dict subclass, __dict__ = self
OPTS = """
from torch import nn


class Opts(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.__dict__ = self

    def override(self, more):
        self.__dict__.update(**more)
        return self


base = Opts(width=8, depth=2)
small = Opts(base).override({"width": 4})
small.setdefault("extra", 3)


class Net(nn.Module):
    def __init__(self, o):
        super().__init__()
        self.a = nn.Linear(o.width, o["depth"])
        self.b = nn.Linear(o["width"], base.width)
        self.c = nn.Linear(o.extra, 1)


model = Net(small)
"""


def test_dict_subclass_update_through_its_own_dict(tmp_path):
    f = write(tmp_path, OPTS)
    want = torch_count(f)
    assert want == 10 + 40 + 4
    got, notes = analyze(f)
    assert got == want, notes


@pytest.mark.parametrize("script_dir", [False, True])
def test_dict_subclass_update_from_an_unknown_mapping_is_unknown(tmp_path, monkeypatch, script_dir):
    # the mapping comes from the script's own text (``open(__file__)``): unknown when the
    # script's folder is not read (DRIFTCHECK_NO_SCRIPT_DIR_DATA=1); read by default (session 37)
    if not script_dir:
        monkeypatch.setenv("DRIFTCHECK_NO_SCRIPT_DIR_DATA", "1")
    f = write(
        tmp_path,
        """
        import json
        from torch import nn


        class Opts(dict):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self.__dict__ = self


        o = Opts(width=8)
        o.update(json.loads(open(__file__).read().split("#")[-1]))
        model = nn.Linear(o.width, 1)
        #{"width": 5}
        """,
    )
    assert torch_count(f) == 6
    got, notes = analyze(f)
    assert got == (6 if script_dir else None), notes  # never 9: the stale width
