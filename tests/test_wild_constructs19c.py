"""Session 19 (wildfix19c, issue #16): constructs behind the confident wrong counts of the
fresh14 dev part, each a small model built in real torch.

- a dict keyed by classes (``{nn.Conv2d: ("weight", 0)}``) asked about ``type(layer)``:
  ``in``, ``[...]``, ``.get`` / ``.pop`` / ``.setdefault`` and a store under the same class
  compare the keys as Python does (interp/dictkeys.py). torchdeq's ``apply_norm`` skipped every
  layer it reparametrizes (``type(module) in Norm._target_modules`` was a confident False).
- a parameter of a catalogue layer deleted (``delattr(conv, "bias")``,
  ``del conv._parameters["weight"]``, ``del conv.weight``): a bias the catalogue can turn off
  is dropped, anything else leaves the layer unresolved (interp/leafdel.py); before, the
  parameter stayed counted.
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
VENDOR = Path(__file__).resolve().parents[1] / "benchmarks" / "wild" / ".vendor"


def write(tmp_path: Path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
    f.write_text(textwrap.dedent(code))
    return f


def static(f: Path) -> int | None:
    return parse_source(f).params_total()


def test_dict_keyed_by_classes_reads_type_of_a_layer(tmp_path):
    # was 6 * 4 * 9 + ... with every lookup missing: ``type(m) in {nn.Conv2d: ...}`` False
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        TARGETS = {nn.Conv2d: 8, nn.Linear: 3}
        EXTRA = {(nn.Linear, "x"): 2}

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(4, 6, 3)
                self.lin = nn.Linear(5, 7)
                self.heads = nn.ModuleList()
                for name, m in list(self.named_children()):
                    if type(m) in TARGETS:
                        self.heads.append(nn.Linear(TARGETS[type(m)], 2))
                    self.heads.append(nn.Linear(TARGETS.get(type(m), 1), 1))
                seen = {}
                seen[nn.Linear] = 4
                seen[type(self.lin)] = 5  # the same key: replaced, not a second one
                seen.setdefault(nn.Linear, 9)
                self.more = nn.Linear(len(seen) + seen[nn.Linear], EXTRA[(type(self.lin), "x")])
                self.last = nn.Linear(seen.pop(type(self.lin)), 3)

        model = M()
        """,
    )
    want = torch_count(f)
    assert static(f) == want


def test_dict_keyed_by_a_class_misses_another_class(tmp_path):
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        TARGETS = {nn.Conv1d: 8}

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = nn.Linear(5, 7)
                if type(self.lin) in TARGETS:
                    self.extra = nn.Linear(100, 100)
                self.other = nn.Linear(TARGETS.get(type(self.lin), 3), 2)

        model = M()
        """,
    )
    assert static(f) == torch_count(f)


def test_layer_parameter_registered_by_class_lookup_is_not_counted_silently(tmp_path):
    # the torchdeq shape: a loop over modules, a class-keyed table, surgery on the layer; the
    # new parameters are counted with the layer, the deleted weight is not (leafregs.py;
    # an honest unknown before wildfix20a)
    f = write(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        TABLE = {nn.Conv2d: ("weight", 0), nn.Linear: ("weight", 0)}

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(4, 6, 3, bias=False)
                self.norm = nn.GroupNorm(2, 6)
                for _, m in self.named_modules():
                    if type(m) in TABLE:
                        name, dim = TABLE[type(m)]
                        w = getattr(m, name)
                        del m._parameters[name]
                        m.register_parameter(name + "_g", nn.Parameter(torch.ones(6, 1, 1, 1)))
                        m.register_parameter(name + "_v", nn.Parameter(w.data))

        model = M()
        """,
    )
    assert torch_count(f) == 6 * 4 * 9 + 6 + 12
    assert static(f) == torch_count(f)


def test_deleting_a_layer_bias_drops_it(tmp_path):
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Conv2d(4, 6, 3)
                self.b = nn.Linear(5, 7)
                self.c = nn.Linear(3, 3)
                self.d = nn.BatchNorm1d(3)
                delattr(self.a, "bias")
                del self.b._parameters["bias"]
                del self.d._buffers["running_mean"]
                delattr(self, "c")

        model = M()
        """,
    )
    want = torch_count(f)
    assert want == 6 * 4 * 9 + 5 * 7 + 6
    assert static(f) == want


@pytest.mark.parametrize(
    "stmt", ['del self.b._parameters["weight"]', 'delattr(self.b, "weight")', "del self.b.weight"]
)
def test_deleting_a_layer_weight_is_counted_without_it(tmp_path, stmt):
    # torch: the weight is gone (the layer no longer runs): the layer is held as a module of
    # its remaining weights (interp/leafregs.py; an honest unknown before wildfix20a)
    f = write(
        tmp_path,
        f"""
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.b = nn.Linear(5, 7)
                {stmt}

        model = M()
        """,
    )
    assert torch_count(f) == 7
    assert static(f) == 7


@pytest.mark.skipif(not (VENDOR / "torchdeq").is_dir(), reason="needs benchmarks/wild/.vendor")
@pytest.mark.parametrize("norm", ["weight_norm", "spectral_norm"])
def test_torchdeq_apply_norm_counts_as_torch(tmp_path, norm, monkeypatch):
    monkeypatch.syspath_prepend(str(VENDOR))
    f = write(
        tmp_path,
        f"""
        import torch.nn as nn
        from torchdeq.norm import apply_norm

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.inj = nn.Linear(6, 8)
                self.core = nn.Linear(8, 8)
                apply_norm(self, norm_type="{norm}", filter_out=["inj"])

        model = M()
        """,
    )
    assert torch_count(f) == 6 * 8 + 8 + 8 * 8 + 8 + 8
    assert static(f) == torch_count(f)


def test_enum_flags_combine_as_python(tmp_path):
    # ``Feat.POOLER & feats`` was an unknown operator (the pooler "a layer either way"), and
    # ``enum.auto()`` numbered a Flag's members 1, 2, 3, 4 (an Enum's rule) where Python gives
    # 1, 2, 4, 8: ``Feat.CLS in Feat.POS | Feat.SEG`` came out True
    f = write(
        tmp_path,
        """
        import enum
        import torch
        import torch.nn as nn

        class Feat(enum.Flag):
            NONE = 0
            POS = enum.auto()
            SEG = enum.auto()
            CLS = enum.auto()
            POOL = enum.auto()

        class Bits(enum.IntFlag):
            A = 1
            B = 2
            C = 4

        class M(nn.Module):
            def __init__(self, feats=Feat.POS | Feat.SEG, bits=Bits.A | Bits.C):
                super().__init__()
                self.word = nn.Embedding(50, 8)
                if Feat.POS in feats:
                    self.pos = nn.Embedding(16, 8)
                if Feat.CLS in feats:
                    self.cls = nn.Parameter(torch.zeros(1, 1, 8))
                self.pool = nn.Linear(8, 8) if Feat.POOL & feats else None
                self.none = nn.Linear(8, 3) if Feat.NONE else None
                if ~Feat.SEG & feats:
                    self.rest = nn.Linear(8, 5)
                if (feats ^ Feat.POS) is Feat.SEG:
                    self.xor = nn.Linear(8, 7)
                if Bits.B in bits:
                    self.b = nn.Linear(8, 9)
                if (bits & Bits.C) and Bits.A | Bits.C == bits:
                    self.c = nn.Linear(8, 11)
                self.n = nn.Linear(Feat.POOL.value, (Feat.POS | Feat.CLS).value)

        model = M()
        """,
    )
    want = torch_count(f)
    assert want == 50 * 8 + 16 * 8 + 8 * 5 + 5 + 8 * 7 + 7 + 8 * 11 + 11 + 8 * 5 + 5
    assert static(f) == want


def test_module_getattr_delegating_to_an_inner_model(tmp_path):
    # ``super().__getattr__(name)`` stood for None: ``self.d`` / ``self.layers`` read None and
    # the adapters sized by them were unknown
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        class Backbone(nn.Module):
            def __init__(self, d=16, depth=3):
                super().__init__()
                self.layers = nn.ModuleList(nn.Linear(d, d) for _ in range(depth))
                self.d = d

        class Adapted(nn.Module):
            def __init__(self, inner, bottleneck=4):
                super().__init__()
                self.inner = inner
                self.adapters = nn.ModuleList(
                    nn.Sequential(nn.Linear(self.d, bottleneck), nn.Linear(bottleneck, self.d))
                    for _ in self.layers
                )
                self.head = nn.Linear(self.inner.d, len(self.adapters))

            def __getattr__(self, name):
                try:
                    return super().__getattr__(name)
                except AttributeError:
                    return getattr(self._modules["inner"], name)

        model = Adapted(Backbone(d=12, depth=5), bottleneck=3)
        """,
    )
    want = torch_count(f)
    assert want == 5 * (12 * 12 + 12) + 5 * (12 * 3 + 3 + 3 * 12 + 12) + 12 * 5 + 5
    assert static(f) == want


def test_module_getattr_of_a_missing_name_outside_a_try_is_unknown(tmp_path):
    # torch raises AttributeError (the model does not build); never a value read as None
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(3, 3)
                self.b = nn.Linear(super().__getattr__("a").in_features, 2)
                self.c = nn.Linear(self.width, 2)

            def __getattr__(self, name):
                return super().__getattr__(name)

        model = M()
        """,
    )
    with pytest.raises(AttributeError):
        torch_count(f)
    assert static(f) is None


def test_register_buffer_under_a_name_not_known_keeps_the_count(tmp_path):
    # sinabs' ``init_state_with_shape``: buffers re-registered over ``named_buffers()``; torch
    # never adds or removes a parameter with ``register_buffer`` (a name that is a parameter
    # raises), so the count stands (it was unknown)
    f = write(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class State(nn.Module):
            def __init__(self, names, shape=None):
                super().__init__()
                for n in names:
                    self.register_buffer(n, torch.zeros(0))
                self.alpha = nn.Parameter(torch.ones(5))
                if shape:
                    for name, b in self.named_buffers():
                        self.register_buffer(name, torch.zeros(shape))

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(5, 5)
                self.s = State(["v", "i"], shape=(1, 5))

        model = M()
        """,
    )
    want = torch_count(f)
    assert want == 5 * 5 + 5 + 5
    assert static(f) == want


def test_remove_weight_norm_of_the_old_api(tmp_path):
    # ``remove_weight_norm(layer)`` after build was a call not followed (the count unknown)
    f = write(
        tmp_path,
        """
        import torch
        import torch.nn as nn
        from torch.nn.utils import remove_spectral_norm, remove_weight_norm, spectral_norm, weight_norm

        class Own(nn.Module):
            def __init__(self):
                super().__init__()
                self.weight = nn.Parameter(torch.ones(4, 3))

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = weight_norm(nn.Conv1d(3, 8, 3))
                self.b = weight_norm(nn.Linear(8, 5), dim=1)
                self.c = spectral_norm(nn.Linear(5, 5))
                self.d = weight_norm(nn.Linear(5, 2), name="weight", dim=None)
                self.own = weight_norm(Own())

        model = M()
        remove_weight_norm(model.a)
        remove_spectral_norm(model.c)
        remove_weight_norm(model.own)
        """,
    )
    want = torch_count(f)
    assert want == (3 * 8 * 3 + 8) + (8 * 5 + 5 + 8) + (5 * 5 + 5) + (5 * 2 + 2 + 1) + 12
    assert static(f) == want


@pytest.mark.parametrize(
    "wrap", ["nn.Linear(4, 4)", "torch.nn.utils.parametrizations.weight_norm(nn.Linear(4, 4))"]
)
def test_remove_weight_norm_without_the_old_hook_is_unknown(tmp_path, wrap):
    # torch raises ValueError: the model the file binds is never built so
    f = write(
        tmp_path,
        f"""
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = {wrap}

        model = M()
        torch.nn.utils.remove_weight_norm(model.a)
        """,
    )
    with pytest.raises(ValueError):
        torch_count(f)
    assert static(f) is None


def test_isinstance_of_a_union_of_classes(tmp_path):
    # mambular's ``isinstance(act, ReGLU | GLU)``: ``|`` of classes was an unknown operator
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        class ReGLU(nn.Module):
            pass

        class GLU(nn.Module):
            pass

        Acts = ReGLU | GLU | None

        class M(nn.Module):
            def __init__(self, act=ReGLU(), width: int | None = None):
                super().__init__()
                w = width or 4
                if isinstance(act, ReGLU | GLU):
                    self.a = nn.Linear(w, 2 * w)
                if isinstance(nn.SELU(), Acts):
                    self.b = nn.Linear(w, 3)
                if isinstance(None, Acts) and isinstance(w, int | float):
                    self.c = nn.Linear(w, 5)
                if issubclass(GLU, ReGLU | GLU):
                    self.d = nn.Linear(w, 7)
                if issubclass(type(act), nn.Linear | ReGLU):
                    self.e = nn.Linear(w, 9)
                self.n = nn.Linear(len(Acts.__args__), 1)

        model = M()
        """,
    )
    want = torch_count(f)
    assert want == 4 * 8 + 8 + 4 * 5 + 5 + 4 * 7 + 7 + 4 * 9 + 9 + 3 + 1
    assert static(f) == want


def test_dict_keyed_by_modules_stays_decided(tmp_path):
    # objects hash by identity in Python and here: a missing module key is a plain False
    f = write(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(3, 3)
                self.b = nn.Linear(3, 4)
                width = {self.a: 5, nn.ReLU: 6}
                if self.b in width:
                    self.c = nn.Linear(3, 100)
                self.d = nn.Linear(width.get(self.b, 7), width[self.a])

        model = M()
        """,
    )
    want = torch_count(f)
    assert want == 12 + 16 + 7 * 5 + 5
    assert static(f) == want


def test_deleted_weight_tied_again_to_another_layer(tmp_path):
    # pytorch-adapt's AdaBN: each domain's BatchNorm loses its affine weights, which then
    # point at one domain's (torch: plain tensors, no parameters; counted once either way)
    f = write(
        tmp_path,
        """
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.bns = nn.ModuleList(nn.BatchNorm2d(6) for _ in range(3))
                w, b = self.bns[0].weight.data, self.bns[0].bias.data
                for i in (1, 2):
                    del self.bns[i].weight
                    del self.bns[i].bias
                    self.bns[i].weight = w
                    self.bns[i].bias = b
                self.lin = nn.Linear(4, 4)
                del self.lin.weight
                self.lin.weight = nn.Parameter(torch.zeros(4, 4))

        model = M()
        """,
    )
    want = torch_count(f)
    assert want == 12 + 20
    assert static(f) == want
