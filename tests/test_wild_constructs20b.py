"""Session 20 (wildfix20b, issue #16): constructs behind fresh16's dev confident wrong counts and
statically knowable unknowns, each a small model built in real torch (meta device where it can).

Wrong before: a ``nonlocal`` counter two scopes up, a cached block reused by a later list item,
``torch.zeros(size=(big))``, a tie inside a deep-copied module, ``torch.Tensor(w.shape)``.
Unknown before: an argparse default read from the environment, a size given as a 0-d integer
tensor, hand pruning of a BatchNorm, removal of a user parametrization, a metaclass built on
``type(Base)``, a try/except star-import package fallback, ``np.size`` / ``np.array(n).item()``.
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="meta")


def write(tmp_path: Path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
    f.write_text(textwrap.dedent(code))
    return f


def check(tmp_path: Path, code: str, device: str | None = "meta", **kw: object) -> int:
    f = write(tmp_path, code)
    want = _count(f, root="model", device=device, **kw)
    g = parse_source(f)
    assert g.params_total() == want, [str(n) for n in g.notes]
    return want


def honest(tmp_path: Path, code: str) -> list[str]:
    """torch builds it; the analyzer cannot know the count and says so (never a number)."""
    f = write(tmp_path, code)
    assert torch_count(f) > 0
    g = parse_source(f)
    assert g.params_total() is None
    return g.notes


# ----------------------------------------------------------------- wrong counts before


def test_nonlocal_counter_two_scopes_up(tmp_path: Path) -> None:
    # each build() advances make_factory's ``width``: shared by every builder it made
    check(
        tmp_path,
        """
        import torch.nn as nn

        def make_factory(start, step):
            width = start

            def block_factory(kind):
                def build(c_in):
                    nonlocal width
                    w = width
                    width += step
                    if kind == "conv":
                        return nn.Sequential(nn.Conv2d(c_in, w, 3), nn.GroupNorm(4, w)), w
                    return nn.Conv2d(c_in, w, 1), w

                return build

            return block_factory

        factory = make_factory(16, 8)
        c, blocks = 3, []
        for b in [factory("conv"), factory("pw"), factory("conv")]:
            m, c = b(c)
            blocks.append(m)
        model = nn.Sequential(*blocks)
        """,
    )


CACHED = """
    import torch.nn as nn

    def cache_fn(f):
        cache = None

        def cached_fn(*args, _cache=True, **kwargs):
            nonlocal cache
            if not _cache:
                return f(*args, **kwargs)
            if cache is not None:
                return cache
            cache = f(*args, **kwargs)
            return cache

        return cached_fn

    class M(nn.Module):
        def __init__(self, depth):
            super().__init__()
            ga = cache_fn(lambda: nn.Linear(10, 10))
            gb = cache_fn(lambda: nn.Linear(10, 20))
            self.layers = nn.ModuleList()
            for i in range(depth):
                cache_args = {"_cache": i > 0}
                self.layers.append(nn.ModuleList([ga(**cache_args), gb(**cache_args)]))

    model = M(4)
"""


def test_cached_block_reused_by_later_items_counts_once(tmp_path: Path) -> None:
    # items 1..3 hold one pair of layers, item 0 its own: two pairs (three were counted)
    assert check(tmp_path, CACHED) == 2 * (110 + 220)


def test_factory_keyword_size_of_a_large_tensor(tmp_path: Path) -> None:
    # ``size=`` read by the values rule too: over its element limit a scalar was made
    check(
        tmp_path,
        """
        import torch
        import torch.nn as nn
        from torch import empty
        from torch.nn import Parameter

        class M(nn.Module):
            def __init__(self, r, e, d):
                super().__init__()
                self.a = Parameter(empty(size=(r, e, d)), requires_grad=False)
                self.b = nn.Parameter(torch.zeros(size=(r, e)))
                self.c = nn.Parameter(torch.ones(size=[3, 4]))

        model = M(23, 500, 32)
        """,
    )


def test_factory_keyword_size_same_without_lazy_values(tmp_path: Path) -> None:
    """The ``lazy_values`` speed switch off (values computed at once) gives the same graph."""
    from driftcheck.speed import Speed, Stores, use

    f = write(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Parameter(torch.zeros(size=(23, 500, 32)))
                self.b = nn.Parameter(torch.empty(size=(3, 4)))

        model = M()
        """,
    )
    with use(Speed(stores=Stores())):
        lazy = parse_source(f)
    with use(Speed(stores=Stores()).without("lazy_values")):
        eager = parse_source(f)
    assert lazy.to_json() == eager.to_json()
    assert lazy.params_total() == torch_count(f)


DEEPCOPY = """
    import copy
    import torch.nn as nn

    class LM(nn.Module):
        def __init__(self, emb):
            super().__init__()
            self.tok = nn.Embedding(100, 8)
            self.a = nn.Linear(8, 8)
            self.b = self.a
            self.to_logits = nn.Linear(8, 100, bias=False)
            self.to_logits.weight = self.tok.weight
            self.outside = nn.Linear(8, 100, bias=False)
            self.outside.weight = emb.weight

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(100, 8)
            lm = LM(self.emb)
            self.copy = copy.deepcopy(lm)
            self.copies = copy.deepcopy([lm, lm])
            self.head = nn.Linear(8, 1)

    model = M()
"""


def test_deepcopy_keeps_ties_and_sharing_inside_the_copy(tmp_path: Path) -> None:
    # inside: to_logits ties the copy's embedding, a/b one layer; outside: a weight of its own
    check(tmp_path, DEEPCOPY.replace("self.copies = copy.deepcopy([lm, lm])", "pass"))


def test_deepcopy_of_a_list_holding_one_module_twice(tmp_path: Path) -> None:
    f = write(tmp_path, DEEPCOPY)
    g = parse_source(f)
    # torch: ``self.copies`` is a plain list (not registered); the count is the same as above
    assert g.params_total() == torch_count(f), [str(n) for n in g.notes]


def test_tensor_of_a_read_shape_has_that_shape(tmp_path: Path) -> None:
    check(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(3, 8, 3)
                self.w = nn.ParameterList([nn.Parameter(torch.empty(8, 4, 3, 3)) for _ in range(2)])
                self.a = nn.Parameter(torch.Tensor(self.w[0].shape))
                s = self.conv.weight.shape
                self.b = nn.Parameter(torch.Tensor(s))
                self.c = nn.Parameter(torch.Tensor(self.w[1].size()))
                self.d = nn.Parameter(torch.FloatTensor(torch.Size([2, 5])))
                self.e = nn.Parameter(torch.Tensor([3, 4]))

        model = M()
        """,
    )


def test_tensor_of_a_plain_int_tuple_is_unknown(tmp_path: Path) -> None:
    # sizes or data? a torch.Size gives a (8, 8) tensor, a tuple a 2-element one
    notes = honest(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self, dims):
                super().__init__()
                self.p = nn.Parameter(torch.Tensor(dims))

        model = M((8, 8))
        """,
    )
    assert any("p (Parameter) at" in n and "m.py:10" in n for n in notes), notes


# ----------------------------------------------------------------- unknown before


def test_argparse_default_from_the_environment_leaves_other_fields_known(tmp_path: Path) -> None:
    check(
        tmp_path,
        """
        import argparse
        import os
        import torch.nn as nn

        p = argparse.ArgumentParser()
        p.add_argument("--channels", type=int, nargs="+", default=[16, 32])
        p.add_argument("--data", default=os.environ.get("DATA_DIR_UNSET_HERE", "./data"))
        args, _ = p.parse_known_args([])
        model = nn.Sequential(*[nn.Conv1d(4, c, 3) for c in args.channels])
        """,
    )


def test_argparse_unknown_default_read_is_unknown(tmp_path: Path) -> None:
    honest(
        tmp_path,
        """
        import argparse
        import os
        import torch.nn as nn

        p = argparse.ArgumentParser()
        p.add_argument("--width", type=int, default=int(os.environ.get("WIDTH_UNSET_HERE", 8)))
        args = p.parse_args([])
        model = nn.Linear(4, args.width)
        """,
    )


def test_size_given_as_a_zero_dim_int_tensor(tmp_path: Path) -> None:
    check(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self, n_in, n_hidden):
                super().__init__()
                self.n_in = torch.as_tensor(n_in)
                self.n_hidden = torch.as_tensor(n_hidden)
                self.w = nn.Parameter(
                    torch.randn(self.n_hidden, self.n_in) * torch.sqrt(2.0 / self.n_hidden)
                )

        model = M(20, 48)
        """,
        device="cpu",
    )


def test_batchnorm_pruned_by_hand_with_num_features_written(tmp_path: Path) -> None:
    check(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        model = nn.Sequential(nn.Conv2d(3, 32, 3), nn.BatchNorm2d(32), nn.Conv2d(32, 8, 1))
        keep = 20
        with torch.no_grad():
            c0, b0, c1 = model[0], model[1], model[2]
            c0.weight = nn.Parameter(c0.weight[:keep].clone())
            c0.bias = nn.Parameter(c0.bias[:keep].clone())
            c0.out_channels = keep
            b0.weight = nn.Parameter(b0.weight[:keep].clone())
            b0.bias = nn.Parameter(b0.bias[:keep].clone())
            b0.running_mean = b0.running_mean[:keep].clone()
            b0.running_var = b0.running_var[:keep].clone()
            b0.num_features = keep
            c1.weight = nn.Parameter(c1.weight[:, :keep].clone())
            c1.in_channels = keep
        """,
        device=None,
    )


def test_batchnorm_pruned_without_num_features_is_unknown(tmp_path: Path) -> None:
    honest(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        model = nn.Sequential(nn.BatchNorm1d(32))
        with torch.no_grad():
            model[0].weight = nn.Parameter(model[0].weight[:20].clone())
            model[0].bias = nn.Parameter(model[0].bias[:20].clone())
        """,
    )


PARAMETRIZED = """
    import torch
    import torch.nn as nn
    import torch.nn.utils.parametrize as P

    class GainNorm(nn.Module):
        def __init__(self, rows):
            super().__init__()
            self.gain = nn.Parameter(torch.ones(rows, 1))

        def forward(self, W):
            return self.gain * W / W.norm(dim=1, keepdim=True)

    class Sym(nn.Module):
        def forward(self, X):
            return X.triu() + X.triu(1).transpose(-1, -2)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(8, 6)
            self.keep = nn.Linear(8, 6)
            self.sq = nn.Linear(6, 6)
            P.register_parametrization(self.fc, "weight", GainNorm(6))
            P.register_parametrization(self.keep, "weight", GainNorm(6))
            P.register_parametrization(self.sq, "weight", Sym())
            P.register_parametrization(self.sq, "weight", GainNorm(6))

    model = Net()
    P.remove_parametrizations(model.fc, "weight")
    P.remove_parametrizations(model.sq, "weight"LEAVE)
"""


def test_remove_user_parametrizations(tmp_path: Path) -> None:
    # fc and sq lose their gains (and sq its symmetric view), keep keeps its gain
    check(tmp_path, PARAMETRIZED.replace("LEAVE", ""), device="cpu")


def test_remove_user_parametrizations_not_left_parametrized_is_unknown(tmp_path: Path) -> None:
    honest(tmp_path, PARAMETRIZED.replace("LEAVE", ", leave_parametrized=False"))


def test_metaclass_built_on_type_of_an_abc(tmp_path: Path) -> None:
    # ``class Meta(type(Base))`` with ``Base(ABC)``: ABCMeta, whose ``__call__`` makes the instance
    check(
        tmp_path,
        """
        from abc import ABC

        import torch.nn as nn

        class Base(ABC):
            pass

        class PostInit(type(Base)):
            def __call__(cls, *args, **kwargs):
                obj = super().__call__(*args, **kwargs)
                if hasattr(cls, "__post_init__"):
                    cls.__post_init__(obj)
                return obj

        class Layer(Base, nn.Module, metaclass=PostInit):
            def __init__(self, n):
                super().__init__()
                self.fc = nn.Linear(n, n)

            def __post_init__(self):
                self.extra = nn.Linear(2, 3)

        model = Layer(5)
        """,
    )


PKG_INIT = """
    try:
        from .impl import *
        from importlib import util
        import torch

        class Wrapper(torch.nn.Module):
            def __init__(self, n):
                super().__init__()
                self.inner = Dense(n) if util.find_spec("torch") is not None else None

    except:
        import numpy as np

        def shim(name):
            raise ModuleNotFoundError(name)

        if np.size(7) != 1:
            Dense = shim("Dense")
        else:
            raise

        class Wrapper:
            def __init__(self, n):
                raise ImportError("no torch")
"""

PKG_IMPL = """
    import numpy as np
    import torch.nn as nn

    __all__ = ["Dense"]

    class Dense(nn.Module):
        def __init__(self, n):
            super().__init__()
            n = np.array(n).item()
            self.fc = nn.Linear(n, n)
"""


def test_package_try_star_import_with_handler_fallbacks(tmp_path: Path) -> None:
    pkg = tmp_path / "site" / "kgpkg20b"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(textwrap.dedent(PKG_INIT))
    (pkg / "impl.py").write_text(textwrap.dedent(PKG_IMPL))
    f = write(tmp_path, "from kgpkg20b import Dense, Wrapper\nmodel = [Dense(4), Wrapper(6)][1]\n")
    want = _count(f, root="model", device="meta", sys_path=tmp_path / "site")
    import sys

    sys.path.insert(0, str(tmp_path / "site"))
    try:
        g = parse_source(f)
    finally:
        sys.path.remove(str(tmp_path / "site"))
    assert g.params_total() == want == 42, [str(n) for n in g.notes]
