"""Session 23 (wildfix23, issue #16): constructs found by the dev misses left on fresh20 and
the older corpora. Each model is built in real torch (meta device) and its static count
compared; where the value cannot be known the count must be null.

- a subclass of a catalogue layer (``class Conv2dAuto(nn.Conv2d)``) called in ``__init__`` on a
  tensor of known shape: torch's forward over the object's current attributes, a ``padding``
  rewritten after ``super().__init__()`` included (interp/leafsubcall.py; rl_games' IMPALA
  builder sizes its MLP that way);
- ``np.shape`` / ``np.ndim`` (library/arrays.py; rockpool's ``Parameter`` matches a time
  constant against its permitted shapes);
- a subclass of ``argparse.Namespace`` / ``types.SimpleNamespace`` (library/machine.py; momentfm's
  ``NamespaceWithDefaults``): its keywords set through ``setattr``, the class's own
  ``__setattr__`` run; and ``setattr(obj, "k", v)`` on a plain object runs what ``obj.k = v``
  runs (descriptors, property setters, the class's hook: it was a plain store, a confident
  wrong count);
- ``inspect.signature(nn.X)`` on the core install (torch's source not on disk): from the table
  tools/gen_torch_signatures.py ships (``init``: ``getfullargspec(nn.X.__init__)``), so monai's
  ``has_option(norm_type, "num_features")`` decides as with torch.
"""

from __future__ import annotations

import json

import pytest

from tests.model_count_support import (
    check_count_matches_torch,
    check_honest_unknown,
    torch_count,
    write_sized,
)

pytest.importorskip("torch")

LAYER_SUBCLASSES = {
    # rl_games' Conv2dAuto: the padding rewritten from the kernel size, run through a Sequential
    "padding_rewritten": """
        import torch
        import torch.nn as nn

        class Conv2dAuto(nn.Conv2d):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self.padding = (self.kernel_size[0] // 2, self.kernel_size[1] // 2)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                cnn = [Conv2dAuto(in_channels=3, out_channels=8, kernel_size=5, stride=2),
                       nn.ReLU(), nn.MaxPool2d(2), nn.Flatten()]
                n = nn.Sequential(*cnn)(torch.rand(1, 3, 33, 31)).shape[1]
                self.cnn = nn.Sequential(*cnn)
                self.fc = nn.Linear(n, 10)
        """,
    # no change at all, positional arguments, called alone
    "plain_subclass": """
        import torch
        import torch.nn as nn

        class MyConv(nn.Conv1d):
            def describe(self):
                return "conv"

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = MyConv(4, 6, 3, 2)
                t = self.conv(torch.zeros(2, 4, 40))
                self.fc = nn.Linear(t.shape[1] * t.shape[2], 5)
        """,
    # a pooling subclass whose stride is rewritten, a dilation rewritten on a Conv1d
    "stride_and_dilation": """
        import torch
        import torch.nn as nn

        class Pool(nn.MaxPool2d):
            def __init__(self, k):
                super().__init__(k)
                self.stride = 1

        class Dil(nn.Conv1d):
            def __init__(self, c):
                super().__init__(c, c, kernel_size=3)
                self.dilation = (2,)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                a = Pool(3)(torch.zeros(1, 2, 10, 12))
                b = Dil(4)(torch.zeros(1, 4, 20))
                self.fc = nn.Linear(a.numel() + b.shape[-1], 3)
        """,
}


@pytest.mark.parametrize("name", sorted(LAYER_SUBCLASSES))
def test_catalogue_layer_subclass_called_in_init(tmp_path, name: str) -> None:
    check_count_matches_torch(tmp_path, LAYER_SUBCLASSES[name])


LAYER_SUBCLASSES_NOT_FOLLOWED = {
    # the subclass changes what torch's forward does: the input padded first
    "conv_forward_overridden": """
        import torch
        import torch.nn as nn
        import torch.nn.functional as F

        class Padded(nn.Conv2d):
            def _conv_forward(self, x, weight, bias):
                return F.conv2d(F.pad(x, (2, 2, 2, 2)), weight, bias, self.stride)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                n = Padded(3, 4, 3)(torch.zeros(1, 3, 8, 8)).numel()
                self.fc = nn.Linear(n, 2)
        """,
    # a property answers ``self.padding`` for torch's forward
    "padding_property": """
        import torch
        import torch.nn as nn

        class Same(nn.Conv2d):
            @property
            def padding(self):
                return (1, 1)

            @padding.setter
            def padding(self, v):
                pass

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                n = Same(3, 4, 3)(torch.zeros(1, 3, 8, 8)).numel()
                self.fc = nn.Linear(n, 2)
        """,
}


@pytest.mark.parametrize("name", sorted(LAYER_SUBCLASSES_NOT_FOLLOWED))
def test_catalogue_layer_subclass_changing_forward_is_unknown(tmp_path, name: str) -> None:
    code = LAYER_SUBCLASSES_NOT_FOLLOWED[name]
    # torch gives a count the plain layer's rule would miss: the unknown is needed
    check_honest_unknown(tmp_path, code)


def test_catalogue_layer_subclass_core_install(tmp_path) -> None:
    """The core install (torch's source out of reach: ``super().__init__`` binds the
    catalogue's weights and stores the arguments) gives torch's count too."""
    from tests.test_no_torch import run_install

    path = write_sized(tmp_path, LAYER_SUBCLASSES["padding_rewritten"])
    r = run_install("core", "graph", f"{path}::M", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["params_total"] == torch_count(path)


@pytest.mark.parametrize(
    "spec",
    [
        # rockpool's Parameter: a time constant matched against its permitted shapes
        "torch.ones(np.shape(0.02) or (n,)) if any([np.shape(0.02) == s for s in [(n, 2), ()]]) "
        "else torch.ones(2 * n)",
        "torch.ones(np.shape([[1, 2, 3], [4, 5, 6]]))",
        "torch.ones(np.shape([1.0, 2.0, 3.0, 4.0])[0] + np.ndim([[1], [2]]))",
        "torch.ones(np.shape(torch.zeros(n, 3)))",
        "torch.ones(n + np.ndim(7) + np.ndim(np.array(3)) + len(np.shape([])))",
    ],
)
def test_numpy_shape_and_ndim(tmp_path, spec: str) -> None:
    pytest.importorskip("numpy")
    check_count_matches_torch(
        tmp_path,
        f"""
        import numpy as np
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self, n=5):
                super().__init__()
                self.p = nn.Parameter({spec})
        """,
    )


def test_numpy_shape_of_a_ragged_list_is_unknown(tmp_path) -> None:
    # numpy refuses a ragged nesting (ValueError): never a shape
    check_honest_unknown(
        tmp_path,
        """
        import os
        import numpy as np
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.p = nn.Parameter(torch.ones(np.shape([[1, 2], [int(os.environ.get("K", 3))]])))
        """,
    )


NAMESPACE_SUBCLASSES = {
    # momentfm's NamespaceWithDefaults: a method of its own reading fields with a default
    "getattr_method": """
        from argparse import Namespace
        import torch.nn as nn

        class NS(Namespace):
            def getattr(self, key, default=None):
                return getattr(self, key, default)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                cfg = NS(**{**dict(d=4, n=3), **{"n": 5}})
                self.fc = nn.Linear(cfg.d, cfg.getattr("n", 7) + cfg.getattr("q", 2))
        """,
    # a subclass whose own __setattr__ converts every value: Namespace.__init__ runs it
    "own_setattr": """
        import argparse
        import torch.nn as nn

        class Doubling(argparse.Namespace):
            def __setattr__(self, k, v):
                super().__setattr__(k, 2 * v if isinstance(v, int) else v)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                hp = Doubling(width=8, depth=2, act="gelu")
                self.layers = nn.ModuleList(nn.Linear(hp.width, hp.width) for _ in range(hp.depth))
        """,
    # types.SimpleNamespace subclass with a property over its fields, copied field by field
    "simplenamespace_property": """
        import types
        import torch.nn as nn

        class HP(types.SimpleNamespace):
            @property
            def inner(self):
                return self.d * self.mult

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                hp = HP(d=6, mult=3)
                copy = HP()
                for k in ("d", "mult"):
                    setattr(copy, k, getattr(hp, k))
                self.ff = nn.Sequential(nn.Linear(copy.d, copy.inner), nn.Linear(hp.inner, 2))
        """,
}


@pytest.mark.parametrize("name", sorted(NAMESPACE_SUBCLASSES))
def test_namespace_subclass_fields(tmp_path, name: str) -> None:
    check_count_matches_torch(tmp_path, NAMESPACE_SUBCLASSES[name])


def test_namespace_subclass_with_fields_we_cannot_list_is_unknown(tmp_path) -> None:
    check_honest_unknown(
        tmp_path,
        """
        import os
        from argparse import Namespace
        import torch.nn as nn

        class NS(Namespace):
            pass

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                extra = {k: 8 for k in os.environ.get("KEYS", "d").split(",")}
                cfg = NS(d=4, **extra)
                self.fc = nn.Linear(cfg.d, 3)
        """,
    )


PLAIN_SETATTR = {
    # the builtin setattr on a plain object whose class has its own __setattr__
    "hook": """
        import torch.nn as nn

        class C:
            def __setattr__(self, k, v):
                super().__setattr__(k, 2 * v)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                c = C()
                c.w = 8
                setattr(c, "d", 3)
                self.fc = nn.Linear(c.w, c.d)
        """,
    # ... and a property setter
    "property_setter": """
        import torch.nn as nn

        class Cfg:
            def __init__(self):
                self._d = 2

            @property
            def d(self):
                return self._d

            @d.setter
            def d(self, v):
                self._d = v + 1

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                c = Cfg()
                for k, v in {"d": 7}.items():
                    setattr(c, k, v)
                self.fc = nn.Linear(c.d, 4)
        """,
}


@pytest.mark.parametrize("name", sorted(PLAIN_SETATTR))
def test_builtin_setattr_on_a_plain_object(tmp_path, name: str) -> None:
    check_count_matches_torch(tmp_path, PLAIN_SETATTR[name])


CORE_SIGNATURES = {
    # monai's has_option: which keywords get_norm_layer passes
    "has_option": """
        import inspect
        import torch.nn as nn

        def has_option(obj, key):
            return key in inspect.signature(obj).parameters

        def norm(kind, channels):
            kw = {}
            if has_option(kind, "num_features"):
                kw["num_features"] = channels
            if has_option(kind, "num_channels"):
                kw["num_channels"] = channels
                kw["num_groups"] = 2
            return kind(**kw) if kw else kind(channels)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = norm(nn.InstanceNorm2d, 6)
                self.b = norm(nn.GroupNorm, 8)
                self.c = norm(nn.BatchNorm1d, 5)
                self.d = norm(nn.LayerNorm, 7)
        """,
    # defaults, keyword-only parameters and an RNN's ``(*args, **kwargs)``
    "defaults_and_kinds": """
        import inspect
        import torch.nn as nn

        sig = inspect.signature(nn.InstanceNorm1d)
        affine = not sig.parameters["affine"].default
        kinds = [p.kind for p in sig.parameters.values()]
        n_kwonly = sum(k == inspect.Parameter.KEYWORD_ONLY for k in kinds)
        lstm_named = "input_size" in inspect.signature(nn.LSTM).parameters

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.n = nn.InstanceNorm1d(4 + n_kwonly, affine=affine)
                self.r = nn.LSTM(3, 5 if lstm_named else 6)
        """,
}


@pytest.mark.parametrize("name", sorted(CORE_SIGNATURES))
def test_signature_of_a_torch_class_on_the_core_install(tmp_path, name: str) -> None:
    from tests.test_no_torch import run_install

    path = write_sized(tmp_path, CORE_SIGNATURES[name])
    r = run_install("core", "graph", f"{path}::M", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["params_total"] == torch_count(path)
    check_count_matches_torch(tmp_path, CORE_SIGNATURES[name])  # the full install alike
