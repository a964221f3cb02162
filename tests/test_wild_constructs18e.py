"""Constructs of the thirteenth wild batch's dev part (issue #16, session 18, wildfix18e):
each counted statically as torch counts it, or null with a note -- never a wrong number.

- ``net.apply(fn)`` runs ``fn`` on every module, children first (interp/modtree.py apply_method; wildfix18d and wildfix18e each wrote one, modtree's kept at merge): a
  function that drops biases changes the count; one that only fills weights does not.
- ``del layer.bias`` / ``layer.register_parameter("bias", None)`` unregister the parameter.
- ``type(self).prop.fset(self, w)``: a property's setter called off its class
  (interp/propobj.py) ties the weight as the ``self.prop = w`` form does.
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model")


def write(tmp_path: Path, code: str) -> Path:
    f = tmp_path / "m.py"
    f.write_text(textwrap.dedent(code))
    return f


def check(tmp_path: Path, code: str) -> int:
    f = write(tmp_path, code)
    want = torch_count(f)
    assert parse_source(f).params_total() == want
    return want


NET = """
    import torch
    import torch.nn as nn
{fn}
    net = nn.Sequential(
        nn.Conv2d(3, 16, 3),
        nn.Conv2d(16, 16, 3, bias=False),
        nn.Flatten(),
        nn.Linear(16 * 4 * 4, 32),
        nn.Sequential(nn.Linear(32, 10), nn.ReLU()),
    )
    net.apply({call})
    model = net
"""


def test_apply_runs_a_function_that_drops_biases(tmp_path):
    fn = """
    def surgery(m):
        if isinstance(m, nn.Linear) and m.out_features < 16:
            m.bias = None
        elif isinstance(m, nn.Conv2d) and m.bias is not None:
            del m.bias
    """
    want = check(tmp_path, NET.format(fn=fn, call="surgery"))
    assert want == 11280  # both biases gone (16 + 10)


def test_apply_register_parameter_none_and_a_partial(tmp_path):
    fn = """
    import functools
    def surgery(m, limit):
        if isinstance(m, nn.Linear) and m.out_features < limit:
            m.register_parameter("bias", None)
    """
    code = NET.format(fn=fn, call="functools.partial(surgery, limit=16)")
    assert check(tmp_path, code) == 11296


def test_apply_init_only_keeps_the_count_and_a_method_runs_in_init(tmp_path):
    code = """
    import torch.nn as nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(8, 8), nn.LayerNorm(8), nn.Linear(8, 2))
            self.apply(self._init)

        def _init(self, m):
            if isinstance(m, nn.Linear):
                nn.init.trunc_normal_(m.weight, std=0.02)
                if m.bias is not None:
                    nn.init.zeros_(m.bias)
                if m.out_features == 2:
                    m.bias = None
            elif isinstance(m, nn.LayerNorm):
                m.weight.data.fill_(1.0)

    model = M()
    """
    assert check(tmp_path, code) == 72 + 16 + 16


def test_apply_adding_a_weight_to_a_layer_without_one(tmp_path):
    # a weight of the shape the layer's flags make is counted (wildfix19a: interp/leafflags.py,
    # ``elementwise_affine=True, bias=False``); one of another shape stays unknown with its note
    code = """
    import torch
    import torch.nn as nn

    def add(m):
        if isinstance(m, nn.LayerNorm):
            m.weight = nn.Parameter(torch.ones({shape}))

    model = nn.Sequential(nn.Linear(4, 4), nn.LayerNorm(4, elementwise_affine=False))
    model.apply(add)
    """
    f = write(tmp_path, code.format(shape="m.normalized_shape"))
    assert torch_count(f) == 24
    assert parse_source(f).params_total() == 24
    f = write(tmp_path, code.format(shape="5"))
    assert torch_count(f) == 25
    g = parse_source(f)
    assert g.params_total() is None
    assert any("weight replaced by a parameter" in n for n in g.notes)


@pytest.mark.parametrize("how", ["type(self)", "TiedLM"])
def test_property_setter_called_off_the_class_ties(tmp_path, how):
    code = f"""
    import torch.nn as nn

    class TiedLM(nn.Module):
        def __init__(self, vocab=50, dim=8):
            super().__init__()
            self.embed = nn.Embedding(vocab, dim)
            self.decoder = nn.Linear(dim, vocab)
            {how}.out_emb.fset(self, self.embed.weight)

        @property
        def out_emb(self):
            return self.decoder.weight

        @out_emb.setter
        def out_emb(self, w):
            self.decoder.weight = w

    model = TiedLM()
    """
    assert check(tmp_path, code) == 50 * 8 + 50


def test_property_getter_called_off_the_class(tmp_path):
    code = """
    import torch.nn as nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(4, 4)
            self.b = nn.Linear(4, 4)
            self.b.weight = type(self).first.fget(self)

        @property
        def first(self):
            return self.a.weight

    model = M()
    """
    assert check(tmp_path, code) == 16 + 4 + 4


SYS_FACTORY = """
    import sys
    import torch.nn as nn

    class Gated(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.proj = nn.Linear(d, 2 * d)

    def resolve(name):
        here = sys.modules[__name__]
        return getattr(here, name, None) or getattr(nn, name)

    def make(name, d):
        cls = resolve(name)
        if cls is nn.Linear:
            return cls(d, d, bias=False)
        return cls(d)

    {extra}
    model = nn.Sequential(*[make(n, 8) for n in ["Gated", "Linear", "Gated"]])
"""


def test_getattr_of_this_module_with_a_default(tmp_path):
    """``getattr(sys.modules[__name__], name, None)``: a name the module cannot bind is
    absent (the default), so the class comes from ``nn`` (importcheck.sys_reads_only)."""
    assert check(tmp_path, SYS_FACTORY.format(extra="")) == 2 * (8 * 16 + 16) + 64


def test_getattr_of_this_module_written_at_run_time_is_never_wrong(tmp_path):
    """The module object is written through (``here.Linear = ...``): the name may be bound at
    run time, so its absence is not known -- exact or null, never the default's count."""
    extra = "sys.modules[__name__].Linear = Gated"
    f = write(tmp_path, SYS_FACTORY.format(extra=extra))
    want = torch_count(f)
    assert parse_source(f).params_total() in (None, want)


@pytest.mark.parametrize(
    ("src", "ok"),
    [
        ("here = sys.modules[__name__]\nx = getattr(here, 'a', None)", True),
        ("sys.path.insert(0, 'x')\nif sys.version_info > (3,): pass", True),
        ("sys.modules[__name__].x = 1", False),
        ("here = sys.modules[__name__]\nhere.x = 1", False),
        ("here = sys.modules[__name__]\nreg(here)", False),
        ("def f():\n    return sys.modules[__name__]", False),
        ("sys.modules.setdefault('a', 1)", False),
        ("vars(sys.modules[__name__])['a'] = 1", False),
        ("sys.modules[__name__].__dict__['a'] = 1", False),
    ],
)
def test_sys_reads_only(src, ok):
    import ast

    from driftcheck.parsers.source.importcheck import sys_reads_only

    assert sys_reads_only(ast.parse("import sys\n" + src)) is ok


def test_stack_module_state_into_a_parameter_dict(tmp_path):
    """``torch.func.stack_module_state``: each parameter stacked over the members
    (library/torchfunc.py); a ``ParameterDict`` of them counts the members together."""
    code = """
    import torch.nn as nn
    from torch.func import stack_module_state

    class Ens(nn.Module):
        def __init__(self, n=3):
            super().__init__()
            members = [nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1)) for _ in range(n)]
            params, _ = stack_module_state(members)
            self.params = nn.ParameterDict({k.replace(".", "_"): p for k, p in params.items()})
            self.head = nn.Linear(1, 1)

    model = Ens()
    """
    assert check(tmp_path, code) == 3 * (40 + 9) + 2


def test_batchnorm_affine_deleted_and_shared_from_another(tmp_path):
    """pytorch-adapt's AdaBN: ``del bn.weight; del bn.bias`` then the source BN's ``.data``
    written back -- plain tensors, so the second BN holds no parameters (counted once)."""
    code = """
    import torch.nn as nn

    class AdaBN(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.bns = nn.ModuleList([nn.BatchNorm2d(n), nn.BatchNorm2d(n)])
            w, b = self.bns[0].weight.data, self.bns[0].bias.data
            del self.bns[1].weight
            del self.bns[1].bias
            self.bns[1].weight = w
            self.bns[1].bias = b

    model = nn.Sequential(nn.Conv2d(3, 8, 3), AdaBN(8))
    """
    assert check(tmp_path, code) == 3 * 8 * 9 + 8 + 16


def test_apply_replaces_a_bias_with_zeros_like_and_adds_a_gain(tmp_path):
    """``m.conv.bias = nn.Parameter(torch.zeros_like(m.conv.bias))`` (the layer's own shape,
    ``library/torchfns.py``), a bias unregistered and a gain added on a block, under ``apply``."""
    code = """
    import torch
    import torch.nn as nn

    class Block(nn.Module):
        def __init__(self, d, norm):
            super().__init__()
            self.fc = nn.Linear(d, d)
            self.norm = nn.LayerNorm(d) if norm else None
            self.conv = nn.Conv1d(d, d, 3)

    def init(m):
        if isinstance(m, Block):
            if m.norm is not None:
                m.fc.register_parameter("bias", None)
            else:
                m.gain = nn.Parameter(torch.ones(2 * m.fc.out_features))
            m.conv.bias = nn.Parameter(torch.zeros_like(m.conv.bias))

    model = nn.ModuleList(Block(4, i % 2 == 0) for i in range(2))
    model.apply(init)
    """
    assert check(tmp_path, code) == (16 + 8 + 52) + (20 + 52 + 8)
