"""Session 18 (wildfix18c, issue #16): constructs of the twelfth wild batch's library
unknowns, each a small model built in real torch.

- a bound method of a torch layer stored on a module (``self.forward = layer.forward``,
  torchnlp's ``WeightDrop``): never a layer, the count exact (library/modmethods.py).
- a device either way of an undecided condition (``torch.get_default_device() if new else
  torch.empty(0).device``, lightning's device mixin) is never a layer (interp/opaque.py).
- ``inspect.getfullargspec(layer.forward)`` reads torch's own ``forward`` (``nn.Module``'s for
  a class without one); ``type(layer)`` of a torch layer or container is its torch class, so
  ``issubclass(type(vf), nn.Module)`` is decided (torchdyn's vector-field wrapping).
- ``inspect.getmro(self.__class__)`` of a class read from source whose one library base is
  ``nn.Module`` or a torch.nn class (pytorch-metric-learning's sub-loss names walk it for
  ``*RegularizerMixin`` classes): Python's MRO (library/mrolib.py).
- ``super().__setattr__`` in a class whose library base is ``abc.ABC``: object's write.
- a plain class's own ``__new__`` (a singleton factory) runs as Python runs it
  (interp/plainnew.py); a dict such a factory keeps, filled by top-level
  ``factory.register_module("Key", Cls)`` calls in the package's modules, finds its keys by
  running those calls (interp/attrregistry.py): pfhedge's ``BlackScholes(derivative)``.
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


def test_layer_forward_stored_on_a_wrapper_is_not_a_layer(tmp_path):
    # the wrapper keeps only the wrapped layer's ``forward``: torch registers nothing
    want = check(
        tmp_path,
        """
        import torch
        import torch.nn as nn
        from torch.nn import Parameter


        def _drop(module, weights):
            for name_w in weights:
                w = getattr(module, name_w)
                del module._parameters[name_w]
                module.register_parameter(name_w + "_raw", Parameter(w))
            original = module.forward

            def forward(*args, **kwargs):
                return original(*args, **kwargs)

            setattr(module, "forward", forward)


        class Wrap(nn.Module):
            def __init__(self, module, weights):
                super().__init__()
                _drop(module, weights)
                self.forward = module.forward


        class Keep(nn.Module):
            def __init__(self, module):
                super().__init__()
                self.call = module.__call__
                self.out = nn.Linear(4, 2)


        gru = nn.GRU(6, 5)
        model = nn.ModuleDict(
            {"wrapped": Wrap(gru, ["weight_hh_l0"]), "keep": Keep(nn.Linear(3, 3)),
             "head": nn.Linear(5, 3)}
        )
        """,
    )
    assert want == 4 * 2 + 2 + 5 * 3 + 3


def test_device_either_way_of_a_condition_is_not_a_layer(tmp_path):
    check(
        tmp_path,
        """
        import sys
        import torch
        import torch.nn as nn

        NEW = sys.version_info >= (3, 0) and len(sys.argv) > 99


        class Mixin(nn.Module):
            def __init__(self):
                super().__init__()
                self._device = torch.get_default_device() if NEW else torch.empty(0).device


        class Net(Mixin):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(5, 3)


        model = Net()
        """,
    )


def test_argspec_of_torch_forward_and_type_of_a_layer(tmp_path):
    # each width is decided by what torch's own methods and classes answer
    want = check(
        tmp_path,
        """
        from inspect import getfullargspec

        import torch.nn as nn


        class NoForward(nn.Module):
            def __init__(self):
                super().__init__()
                self.l = nn.Linear(2, 2)


        class Sub(nn.GRU):
            pass


        def wrap(vf):
            if issubclass(type(vf), nn.Module):
                if "t" not in getfullargspec(vf.forward).args:
                    return nn.Sequential(vf, nn.Linear(2, 2))
                return vf
            return nn.Linear(2, 7)


        seq = nn.Sequential(nn.Linear(2, 2))
        a = len(getfullargspec(seq.forward).args)
        b = len(getfullargspec(NoForward().forward).args)
        c = len(getfullargspec(Sub(2, 3).forward).args)
        d = len(getfullargspec(nn.Linear(2, 2).forward).args)
        e = 3 if type(nn.Linear(2, 2)) == nn.Linear else 4
        f = 3 if type(seq) is nn.Sequential else 4
        model = nn.ModuleList(
            [nn.Linear(1, n) for n in (a, b, c, d, e, f)] + [wrap(nn.Linear(2, 2)), wrap(seq)]
        )
        """,
    )
    assert want == 2 * (2 + 1 + 3 + 2 + 3 + 3) + 2 * (6 + 6)


def test_getmro_of_a_module_class(tmp_path):
    want = check(
        tmp_path,
        """
        import inspect

        import torch.nn as nn


        class RegMixin:
            def names(self):
                return ["reg"]


        class Base(nn.Module):
            def names(self):
                out = ["loss"]
                for c in inspect.getmro(self.__class__):
                    if c.__name__.endswith("Mixin"):
                        out.extend(c.names(self))
                return out


        class Loss(RegMixin, Base):
            def __init__(self, dim):
                super().__init__()
                if len(self.names()) == 1:
                    self.w = nn.Linear(dim, dim)
                else:
                    self.w = nn.ModuleDict({k: nn.Linear(dim, 2) for k in self.names()})


        class Plain(Base):
            def __init__(self, dim):
                super().__init__()
                self.w = nn.Linear(dim, len(self.names()) + len(inspect.getmro(type(self))))


        class Rnn(nn.GRU):
            pass


        model = nn.ModuleList(
            [Loss(4), Plain(3), nn.Linear(1, len(inspect.getmro(Rnn)))]
        )
        """,
    )
    assert want == (4 * 2 + 2) * 2 + (3 * 5 + 5) + 2 * 5


def test_abc_base_setattr_is_objects(tmp_path):
    check(
        tmp_path,
        """
        from abc import ABC
        from collections import OrderedDict

        import torch.nn as nn


        class Instrument(ABC):
            pass


        class Derivative(Instrument):
            def __init__(self, n):
                super().__init__()
                self._under = OrderedDict()
                self.reg("n", n)

            def reg(self, name, v):
                if not hasattr(self, "_under"):
                    raise AttributeError("before __init__")
                self._under[name] = v

            def __setattr__(self, name, value):
                super().__setattr__(name, value)


        model = nn.Linear(2, Derivative(3)._under["n"])
        """,
    )


PKG = {
    "hedge/__init__.py": """
        from .factory import Hedge, Factory  # noqa: F401
        from .impl import EuroHedge  # noqa: F401
        from .other import AsianHedge  # noqa: F401
    """,
    "hedge/factory.py": """
        from collections import OrderedDict

        import torch.nn as nn


        class Factory:
            def __new__(cls, *args, **kwargs):
                if not hasattr(cls, "_instance"):
                    cls._instance = super().__new__(cls)
                    cls._instance._modules = OrderedDict()
                return cls._instance

            def register_module(self, name, c):
                self._modules[name] = c

            def get_class(self, name):
                return self._modules[name]


        class Hedge(nn.Module):
            def __new__(cls, option):
                return Factory().get_class(option.__class__.__name__).build(option)
    """,
    "hedge/impl.py": """
        import torch.nn as nn

        from .factory import Factory


        class EuroHedge(nn.Module):
            def __init__(self, width):
                super().__init__()
                self.fc = nn.Linear(3, width)

            @classmethod
            def build(cls, option):
                return cls(option.width)


        factory = Factory()
        factory.register_module("Euro", EuroHedge)
    """,
    "hedge/other.py": """
        import torch.nn as nn

        from .factory import Factory


        class AsianHedge(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(7, 7)

            @classmethod
            def build(cls, option):
                return cls()


        Factory().register_module("Asian", AsianHedge)
    """,
}


def test_singleton_factory_registry_filled_at_import(tmp_path):
    for name, code in PKG.items():
        write(tmp_path, code, name)
    want = check(
        tmp_path,
        """
        import torch.nn as nn

        from hedge import Factory, Hedge


        class Euro:
            width = 5


        class Asian:
            pass


        model = nn.ModuleList(
            [Hedge(Euro()), Hedge(Asian()), nn.Linear(2, len(Factory()._modules))]
        )
        """,
        sys_path=tmp_path,
    )
    assert want == 3 * 5 + 5 + 7 * 7 + 7 + 2 * 2 + 2


def test_registry_filled_in_a_loop_is_unknown_not_empty(tmp_path):
    pkg = dict(PKG)
    pkg["hedge/other.py"] = """
        import torch.nn as nn

        from .factory import Factory


        class AsianHedge(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(7, 7)

            @classmethod
            def build(cls, option):
                return cls()


        for c in [AsianHedge]:
            Factory().register_module(c.__name__[:-5], c)
    """
    for name, code in pkg.items():
        write(tmp_path, code, name)
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        from hedge import Factory, Hedge


        class Euro:
            width = 5


        model = nn.ModuleList(
            [Hedge(Euro()), nn.Linear(2, len(Factory()._modules))]
        )
        """,
    )
    assert torch_count(f, sys_path=tmp_path) == 3 * 5 + 5 + 2 * 2 + 2
    g = parse_source(f)
    assert g.params_total() is None


MEMORY_PKG = {
    "neuron/__init__.py": """
        from .base import MemoryModule  # noqa: F401
        from .lif import LIF  # noqa: F401
    """,
    "neuron/base.py": """
        import torch.nn as nn


        class MemoryModule(nn.Module):
            def __init__(self):
                super().__init__()
                self._memories = {}

            def register_memory(self, name, value):
                self._memories[name] = value

            def width(self):
                return len(self._memories)
    """,
    "neuron/lif.py": """
        import torch.nn as nn

        from .base import MemoryModule


        class LIF(MemoryModule):
            def __init__(self):
                super().__init__()
                self.register_memory("v", 0.0)
                self.register_memory("s", 0.0)
                self.fc = nn.Linear(2, self.width())


        if __name__ == "__main__":
            m = LIF()
            for k in ["a", "b"]:
                m.register_memory(k, 1.0)
    """,
}


def test_dict_filled_by_methods_at_run_time_is_not_an_import_registry(tmp_path):
    """A dict each instance fills in ``__init__`` (spikingjelly's ``register_memory``) is read
    as the interpreter fills it; calls in function bodies and a script's ``__main__`` block are
    not import-time registrations (reading them so made the dict unknown)."""
    for name, code in MEMORY_PKG.items():
        write(tmp_path, code, name)
    want = check(
        tmp_path,
        """
        import torch.nn as nn

        from neuron import LIF

        model = nn.ModuleList([LIF(), nn.Linear(3, 3)])
        """,
        sys_path=tmp_path,
    )
    assert want == 2 * 2 + 2 + 3 * 3 + 3
