"""Session 20 (wildfix20a, issue #16): a catalogue layer whose parameters are deleted and
registered again under other names (interp/leafregs.py), each a small model built in real
torch: torchdeq's weight norm (``del _parameters[w]``, ``w_g`` / ``w_v`` registered, ``w`` a
plain tensor), its spectral norm (the deleted Parameter registered again as ``w_orig``), a
hypernetwork stripping its target net (``for n in list(m._parameters): del ...;
setattr(m, n, None)``). Each was an honest unknown; now counted as torch counts, and what
cannot be known stays unknown.
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")


def write(tmp_path: Path, code: str) -> Path:
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(code))
    return f


def exact(tmp_path: Path, code: str) -> int:
    f = write(tmp_path, code)
    want = torch_count(f)
    assert parse_source(f).params_total() == want
    return want


def unknown(tmp_path: Path, code: str) -> list[str]:
    f = write(tmp_path, code)
    assert torch_count(f) > 0
    g = parse_source(f)
    assert g.params_total() is None
    return [u for n in g.nodes for u in n.unresolved] + g.notes


NORMS = """
import copy
import torch
import torch.nn as nn
from torch.nn import Parameter


def wn(module, name, dim):
    weight = getattr(module, name)
    del module._parameters[name]
    module.register_parameter(name + "_g", Parameter(weight.norm(dim=1, keepdim=True).data))
    module.register_parameter(name + "_v", Parameter(weight.data))
    setattr(module, name, weight.data * 2)


def sn(module, name, again):
    weight = module._parameters[name]
    h = weight.shape[0]
    delattr(module, name)
    module.register_parameter(name + "_orig", weight)
    setattr(module, name, weight if again else weight.data)
    module.register_parameter(name + "_g", Parameter(torch.ones(h)))
    module.register_buffer(name + "_u", torch.zeros(h))


class M(nn.Module):
    def __init__(self, again):
        super().__init__()
        self.a = nn.Linear(5, 7)
        self.b = nn.Conv2d(3, 6, 3)
        self.c = nn.Linear(7, 2)
        wn(self.a, "weight", 0)
        sn(self.b, "weight", again)
        self.c.scale = nn.Parameter(torch.ones(2))
        self.d = copy.deepcopy(self.a)
        self.e = nn.Linear(sum(p.numel() for p in self.b.parameters()), 3)


model = M({again})
"""


@pytest.mark.parametrize("again", [False, True])
def test_weight_and_spectral_norm_by_hand(tmp_path, again):
    # ``setattr(m, "weight", weight)`` with the Parameter itself: torch registers it again,
    # the same tensor as ``weight_orig``, counted once
    n = exact(tmp_path, NORMS.format(again=again))
    assert n == 2 * (7 + 7 + 35) + (6 + 162 + 6) + (14 + 2 + 2) + 3 * 174 + 3


def test_hypernetwork_strips_its_target(tmp_path):
    exact(
        tmp_path,
        """
        import torch.nn as nn

        class Target(nn.Module):
            def __init__(self):
                super().__init__()
                self.l1 = nn.Linear(4, 16)
                self.l2 = nn.Linear(16, 2)

        class Hyper(nn.Module):
            def __init__(self):
                super().__init__()
                target = Target()
                total = sum(p.numel() for p in target.parameters())
                for _, mod in list(target.named_children()):
                    for pname in list(mod._parameters):
                        del mod._parameters[pname]
                        setattr(mod, pname, None)
                self.target = target
                self.gen = nn.Linear(8, total)
                self.left = nn.Linear(sum(p.numel() for p in target.parameters()) + 1, 2)

        model = Hyper()
        """,
    )


def test_parameters_dict_reads(tmp_path):
    # ``_parameters`` read as torch's dict: names, ``in``, ``len``, items
    exact(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(5, 7, bias=False)
                self.b = nn.Linear(5, 7)
                n = len(self.a._parameters) + 10 * len(self.b._parameters)
                has = "bias" in self.a._parameters
                rows = self.b._parameters["weight"].shape[0]
                self.c = nn.Linear(n + rows, 3, bias=has)

        model = M()
        """,
    )


def test_deleted_weight_set_again_counts(tmp_path):
    exact(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(5, 7)
                self.b = nn.Linear(5, 7)
                del self.a._parameters["weight"]
                self.a.weight = nn.Parameter(torch.zeros(7, 5))
                w = self.b.weight
                del self.b._parameters["weight"]
                self.b.weight = w

        model = M()
        """,
    )


@pytest.mark.parametrize(
    "stmts",
    [
        # a deletion under a condition not decided
        ["if len(sys.argv) > 5:", '    del self.c._parameters["weight"]'],
        # writes through the dict itself are not followed
        ['self.c._parameters.pop("bias")'],
        ['self.c._parameters["extra"] = nn.Parameter(torch.ones(3))'],
        # a parameter added whose shape is not known
        [
            'del self.c._parameters["weight"]',
            'self.c.register_parameter("w", nn.Parameter(torch.ones(len(sys.argv) + 2)))',
        ],
        # ``_parameters`` of a layer whose None entries are not known
        ["for k in list(self.e._parameters):", "    del self.e._parameters[k]"],
    ],
)
def test_what_cannot_be_known_stays_unknown(tmp_path, stmts):
    body = ("\n" + " " * 16).join(stmts)
    notes = unknown(
        tmp_path,
        f"""
        import sys
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.c = nn.Linear(5, 7)
                self.e = nn.Embedding(5, 7)
                {body}

        model = M()
        """,
    )
    assert notes


def test_flag_and_an_unknown_probe_names_the_probe(tmp_path):
    # torch_harmonics: ``self.optimized_kernel = optimized_kernel and
    # optimized_kernels_is_available()`` (a compiled extension's probe). Python gives the last
    # operand itself; the note names the call and the file:line it was stored at (it said
    # "boolean of unknown at line 8" before)
    f = write(
        tmp_path,
        """
        import torch.nn as nn
        from not_installed_helpers import kernels_available


        class M(nn.Module):
            def __init__(self, fast=True, slow=False):
                super().__init__()
                self.fast = fast and kernels_available()
                self.slow = slow and kernels_available()
                self.lin = nn.Linear(3, 4)


        model = M()
        """,
    )
    g = parse_source(f)
    assert g.params_total() is None
    text = " ".join(g.notes)
    assert "not_installed_helpers.kernels_available" in text and "m.py:9" in text
    assert "slow" not in text  # ``False and ...`` is False: nothing unknown


SUB_PKG = {
    "regpkg/__init__.py": """
        from .core import Base
        from .impls import *  # noqa: F403
    """,
    "regpkg/core.py": """
        import torch.nn as nn


        def _fmt(name):
            return name.lower()


        class Base(nn.Module):
            _registry = dict()

            def __init_subclass__(cls, name, **kwargs):
                super().__init_subclass__(**kwargs)
                if name != "":
                    cls._registry[_fmt(name)] = cls

            @classmethod
            def new(cls, n, kind="A"):
                try:
                    cls = cls._registry[_fmt(kind)]
                except KeyError:
                    raise ValueError(f"no {kind} in {cls._registry.keys()}")
                return cls.new(n)
    """,
    "regpkg/impls.py": """
        import torch
        import torch.nn as nn

        from .core import Base


        class ATensor(Base, name="A"):
            def __init__(self, n):
                super().__init__()
                self.w = nn.Parameter(torch.zeros(n))

            @classmethod
            def new(cls, n):
                return cls(n)


        class BTensor(ATensor, name="B"):
            def __init__(self, n):
                super().__init__(n)
                self.v = nn.Parameter(torch.zeros(n, 2))
    """,
    # never imported: Python never registers it
    "regpkg/extra.py": """
        from .core import Base


        class CTensor(Base, name="C"):
            pass
    """,
}


def test_registry_filled_by_init_subclass_in_a_sibling_module(tmp_path):
    # tltorch's ``FactorizedTensor.new(shape, factorization="cp")`` (neuralop's FNO): the
    # subclasses register at import; the table read before any was named was empty
    # (``raise ValueError`` reached: the model unknown)
    for name, code in SUB_PKG.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(code))
    f = write(
        tmp_path,
        """
        import torch.nn as nn
        from regpkg.core import Base
        import regpkg


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = Base.new(3, kind="b")
                self.b = Base.new(4)
                self.lin = nn.Linear(len(Base._registry), 2)


        model = M()
        """,
    )
    want = _count(f, root="model", device="cpu", sys_path=tmp_path)
    assert want == (3 + 6) + 4 + (2 * 2 + 2)
    assert parse_source(f).params_total() == want


def test_signature_of_a_class_reads_its_init(tmp_path):
    # neuralop's ``BaseModel.__new__``: ``inspect.signature(cls)`` fills the defaults of the
    # keywords not given (the signature of a class was unknown: every default undecided)
    exact(
        tmp_path,
        """
        import inspect
        import torch.nn as nn


        class Base(nn.Module):
            def __new__(cls, *args, **kwargs):
                sig = inspect.signature(cls)
                for key, value in sig.parameters.items():
                    if value.default is not inspect._empty and key not in kwargs:
                        kwargs[key] = value.default
                instance = super().__new__(cls)
                instance._init_kwargs = kwargs
                return instance


        class Net(Base):
            def __init__(self, width, depth=2, bias=True):
                super().__init__()
                self.layers = nn.ModuleList(nn.Linear(width, width, bias=bias) for _ in range(depth))


        class Wide(Net):
            pass


        model = nn.ModuleList([Net(4), Wide(3, depth=1)])
        model.append(nn.Linear(len(inspect.signature(Wide).parameters), 1))
        """,
    )
