"""review22: closures capture variables, not values (late binding in comprehensions and loops,
default-argument binding, ``functools.partial``, ``:=`` in a comprehension), ``hasattr`` /
``getattr`` / ``isinstance`` answers on analyzer values, and the adversarial-hunt fixes. Each
count is checked against torch (meta device)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count


def _write(tmp_path: Path, code: str) -> Path:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return path


def _static(path: Path) -> int | None:
    return parse_source(path, entry="M").params_total()


# ---------------------------------------------------------------- closures
CLOSURES = {
    "a_comp_late": """
import torch.nn as nn
fs = [lambda: i for i in range(3)]
assert fs[0]() == 2
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(fs[0]() + 1, 4)
""",
    "b_default_bind": """
import torch.nn as nn
fs = [lambda i=i: i + 1 for i in range(3)]
assert fs[0]() == 1
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.ModuleList(nn.Linear(f(), 4) for f in fs)
""",
    "c_loop_late": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        makers = []
        for d in (2, 3, 5):
            makers.append(lambda: nn.Linear(d, d))
        self.blocks = nn.ModuleList(mk() for mk in makers)
""",
    "d_partial": """
import functools
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        makers = []
        for d in (2, 3, 5):
            makers.append(functools.partial(nn.Linear, d, d))
        self.blocks = nn.ModuleList(mk() for mk in makers)
""",
    "e_def_late": """
import torch.nn as nn
def build():
    def head():
        return nn.Linear(width, 3)
    width = 7
    return head()
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.h = build()
""",
    "f_nested_def_loop": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        fns = []
        for k in range(1, 4):
            def mk():
                return nn.Linear(k, 2)
            fns.append(mk)
        self.l = nn.ModuleList([f() for f in fns])
""",
    "g_rebind_after": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        make = lambda: nn.Linear(dim, dim)
        dim = dim * 2
        self.a = make()
""",
    "h_module_late": """
import torch.nn as nn
WIDTH = 4
make = lambda: nn.Linear(WIDTH, 2)
WIDTH = 8
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = make()
""",
    "i_partial_default": """
import functools
import torch.nn as nn
def lin(i, o=2, bias=True):
    return nn.Linear(i, o, bias=bias)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        mks = [functools.partial(lin, o=o) for o in (3, 4)]
        mks2 = [lambda x, o=o: lin(x, o, bias=False) for o in (5, 6)]
        self.a = nn.ModuleList([m(2) for m in mks + mks2])
""",
    "j_walrus_comp": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        dims = [last := d * 2 for d in (1, 2, 3)]
        self.a = nn.Linear(last, sum(dims))
""",
    "k_comp_closure_outer": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        scale = 2
        fs = [lambda: i * scale for i in range(1, 3)]
        scale = 3
        self.a = nn.Linear(fs[0](), 2)
""",
    "l_nonlocal_counter": """
import torch.nn as nn
def counter():
    n = 0
    def nxt():
        nonlocal n
        n += 1
        return n
    return nxt
class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = counter()
        self.a = nn.ModuleList(nn.Linear(c(), 2) for _ in range(3))
""",
    "m_gen_late": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        gens = [(lambda: j) for j in range(4)]
        self.a = nn.ModuleList(nn.Linear(g() + 1, 1) for g in gens)
""",
    "memo_a_local_class": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        width = 2
        class Layer(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.lin = nn.Linear(d * width, 2)
        self.a = Layer(3)
        width = 5
        self.b = Layer(3)
        self.c = nn.ModuleList(Layer(3) for _ in range(2))
""",
    "memo_b_factory_arg": """
import torch.nn as nn
class Layer(nn.Module):
    def __init__(self, d, act):
        super().__init__()
        self.lin = nn.Linear(d * act(), 2)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        k = 1
        get = lambda: k
        self.layers = nn.ModuleList()
        for k in range(1, 4):
            self.layers.append(Layer(2, get))
""",
}


@pytest.mark.parametrize("case", sorted(CLOSURES))
@pytest.mark.parametrize("memo", ["1", "0"])
def test_closure_reads_the_variable_as_python(tmp_path, case, memo, monkeypatch):
    """A closure reads the enclosing variable when it is called (``[lambda: i for i in ...]``
    all give the last ``i``; a name bound after the ``def``); a default, ``partial`` and the
    definition-time copy bind values. Memo on and off: torch's count."""
    monkeypatch.setenv("DRIFTCHECK_MEMO", memo)
    path = _write(tmp_path, CLOSURES[case])
    assert _static(path) == torch_count(path)


def test_late_binding_lambda_assert_is_no_blocker(tmp_path, capsys):
    """The session-21 false IMP004: ``fs[0]() == 2`` holds in Python (late binding)."""
    from driftcheck.cli import main

    path = _write(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                fs = [lambda: i for i in range(3)]
                assert fs[0]() == 2
                self.l = nn.Linear(fs[0](), 4)
        """,
    )
    assert torch_count(path) == 12
    assert main(["check", str(path)]) == 0, capsys.readouterr().out
    assert _static(path) == 12


# ---------------------------------------------------------------- integer dtype words
DTYPE_HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
# (cast expression of x, the op that raises, torch's word for the cast's dtype)
CASTS = {
    "int": ("x.int()", "Int"),
    "short": ("x.short()", "Short"),
    "long": ("x.long()", "Long"),
    "to_int32": ("x.to(torch.int32)", "Int"),
    "to_int16": ("x.to(dtype=torch.int16)", "Short"),
    "argmax": ("x.argmax(-1, keepdim=True)", "Long"),
}
OPS = {
    "mean": "y.mean()",
    "softmax": "y.softmax(-1)",
    "gelu": "F.gelu(y)",
    "linear": "self.lin(y)",
    "div_assign": "y /= 2",
    "view_softmax": "y.view(-1).softmax(-1)",
}


def _dtype_model(cast: str, op: str) -> str:
    return DTYPE_HEAD + (
        "class Net(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.lin = nn.Linear(4, 4) if True else None\n"
        "    def forward(self, x):\n"
        f"        y = {CASTS[cast][0]}\n"
        f"        {op if '=' in op else 'z = ' + op}\n"
        "        return y\n"
    )


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("cast", sorted(CASTS))
def test_integer_dtype_message_names_torchs_dtype(tmp_path, cast, op, capsys):
    """A crash on an integer tensor names the dtype torch names: ``.int()`` is int32 ('Int'),
    not 'Long' (the rules' integer fact is one; the cast's word is kept beside it)."""
    from tests.crash_rule_support import blockers

    torch = pytest.importorskip("torch")
    path = tmp_path / "m.py"
    path.write_text(_dtype_model(cast, OPS[op]))
    net = __import__("runpy").run_path(str(path))["Net"]()
    with pytest.raises(Exception) as err:  # every pair raises in torch
        net(torch.randn(2, 4))
    word = CASTS[cast][1]
    assert word in str(err.value)
    found = blockers(path, (2, 4), capsys)
    assert found, (cast, op)
    msg = " ".join(f["message"] for f in found)
    others = {"Long", "Int", "Short"} - {word}
    assert word in msg and not any(f"'{o}'" in msg or f"({o})" in msg for o in others), msg


# ---------------------------------------------------------------- hasattr / getattr / isinstance probes
PROBES = {
    "p01_hasattr_weight_linear": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.ReLU()
        self.c = nn.LayerNorm(4, elementwise_affine=False)
        self.extra = nn.ModuleList()
        for m in (self.a, self.b, self.c):
            if hasattr(m, "weight") and m.weight is not None:
                self.extra.append(nn.Linear(4, 2))
""",
    "p02_getattr_bias_none": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4, bias=False)
        self.b = nn.Conv2d(3, 3, 1)
        self.c = nn.BatchNorm2d(3, affine=False)
        n = 0
        for m in (self.a, self.b, self.c):
            if getattr(m, "bias", None) is not None:
                n += 1
        self.head = nn.Linear(n + 1, 2)
""",
    "p03_isinstance_subclass": """
import torch.nn as nn
class MyLinear(nn.Linear):
    pass
class Wrap(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = nn.Linear(3, 3)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([MyLinear(3, 3), Wrap(), nn.Conv1d(3, 3, 1), nn.Identity()])
        k = sum(isinstance(m, nn.Linear) for m in self.layers)
        self.head = nn.Linear(k, 5)
""",
    "p04_hasattr_custom_attr": """
import torch.nn as nn
class Block(nn.Module):
    def __init__(self, gated):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        if gated:
            self.gate = nn.Linear(4, 4)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(i % 2 == 0) for i in range(3)])
        n = sum(1 for b in self.blocks if hasattr(b, "gate"))
        self.head = nn.Linear(4, n)
""",
    "p04b_hasattr_bare_module_holder": """
import torch.nn as nn
class Holder(nn.Module):
    def __init__(self, names):
        super().__init__()
        for name in names:
            parent = self
            *path, leaf = name.split(".")
            for part in path:
                if not hasattr(parent, part):
                    parent.add_module(part, nn.Module())
                parent = getattr(parent, part)
            parent.add_module(leaf, nn.Linear(4, 4))
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.h = Holder(["attn.q", "attn.k", "mlp.up", "mlp.down", "attn.o"])
        self.probe = nn.Linear(4, 1 + hasattr(self.h.attn, "q") + 2 * hasattr(nn.Module(), "q"))
""",
    "p05_hasattr_modules_api": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        flags = [hasattr(self.a, n) for n in ("reset_parameters", "in_features", "out_features", "weight_g", "_parameters", "forward", "extra_repr")]
        self.h = nn.Linear(4, 1 + sum(flags))
""",
    "p06_isinstance_tuple_param": """
import torch
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.zeros(3))
        self.register_buffer("b", torch.zeros(3))
        n = int(isinstance(self.w, nn.Parameter)) + int(isinstance(self.b, nn.Parameter)) * 10 + int(isinstance(self.b, torch.Tensor)) * 100
        self.h = nn.Linear(n, 1)
""",
    "p07_hasattr_norm_eps": """
import torch.nn as nn
class RMS(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(__import__("torch").ones(d))
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.norms = nn.ModuleList([nn.LayerNorm(4), RMS(4), nn.GroupNorm(2, 4), nn.BatchNorm1d(4)])
        n = sum(hasattr(x, "eps") for x in self.norms) + 10 * sum(hasattr(x, "normalized_shape") for x in self.norms)
        self.h = nn.Linear(n, 1)
""",
    "p08_getattr_default_layer": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4, padding_idx=0)
        self.conv = nn.Conv2d(3, 4, 3, groups=1)
        pad = getattr(self.emb, "padding_idx", None)
        g = getattr(self.conv, "groups", 7)
        k = getattr(self.conv, "kernel_size", (1, 1))
        miss = getattr(self.conv, "nonexistent", 5)
        self.h = nn.Linear(pad + g + k[0] + miss, 1)
""",
    "p09_isinstance_sequential": """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Linear(2, 2)))
        n = 0
        for m in self.body.modules():
            if isinstance(m, nn.Sequential):
                n += 1
            elif isinstance(m, (nn.Linear, nn.Conv2d)):
                n += 10
        self.h = nn.Linear(n, 1)
""",
    "p12_hasattr_weight_of_param_list": """
import torch
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.ps = nn.ParameterList([nn.Parameter(torch.zeros(2)) for _ in range(3)])
        self.d = nn.ModuleDict({"a": nn.Linear(2, 2)})
        n = int(hasattr(self.ps, "weight")) + 2 * int(hasattr(self.d, "a")) + 4 * int("a" in self.d) + 8 * int(hasattr(self.d, "keys"))
        self.h = nn.Linear(n, 1)
""",
    "p13_getattr_config_obj": """
import torch.nn as nn
from dataclasses import dataclass
@dataclass
class Cfg:
    d: int = 8
    use_bias: bool = False
class M(nn.Module):
    def __init__(self, cfg=Cfg()):
        super().__init__()
        d = getattr(cfg, "d", 4)
        n_kv = getattr(cfg, "n_kv", None) or 2
        self.q = nn.Linear(d, d, bias=getattr(cfg, "use_bias", True))
        self.kv = nn.Linear(d, n_kv * 2)
""",
    "p15_isinstance_custom_hierarchy": """
import torch.nn as nn
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(4, 12)
class FastAttn(Attn):
    pass
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.parts = nn.ModuleList([Attn(), FastAttn(), MLP()])
        n = sum(isinstance(p, Attn) for p in self.parts) + 10 * sum(type(p) is Attn for p in self.parts)
        self.h = nn.Linear(n, 1)
""",
}


@pytest.mark.parametrize("case", sorted(PROBES))
def test_library_style_probe_answers_as_torch(tmp_path, case):
    """``hasattr(m, "weight")`` (ReLU: False), ``hasattr(lin, "reset_parameters")`` (True),
    ``hasattr(moduledict, "keys")``, ``isinstance(buffer, nn.Parameter)`` (False): what Python
    answers on the real module (interp/leafhas.py, items.isinstance); torch's count."""
    path = _write(tmp_path, PROBES[case])
    assert _static(path) == torch_count(path)


def test_leaf_hasattr_written_and_conditional(tmp_path):
    """A name user code wrote on a layer is there; one torch binds only under a condition
    is not decided (no count), never a guess."""
    path = _write(
        tmp_path,
        """
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(2, 2)
                self.a.is_head = True
                n = 1 + int(hasattr(self.a, "is_head")) + int(hasattr(nn.ReLU(), "inplace"))
                self.h = nn.Linear(n, 1)
        """,
    )
    assert _static(path) == torch_count(path) == 6 + 4


# ---------------------------------------------------------------- adversarial hunt
HUNT = {
    "h01_postinit": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass
class Cfg:
    d: int = 16
    heads: int = 4
    head_dim: int = 0
    ff: int = None
    def __post_init__(self):
        self.head_dim = self.d // self.heads
        if self.ff is None:
            self.ff = 4 * self.d
class M(nn.Module):
    def __init__(self, cfg=None):
        super().__init__()
        cfg = cfg or Cfg(d=32)
        self.q = nn.Linear(cfg.d, cfg.heads * cfg.head_dim)
        self.ff = nn.Linear(cfg.d, cfg.ff)
""",
    "h02_property_sizes": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Cfg:
    def __init__(self, d=24, mult=3):
        self.d, self.mult = d, mult
    @property
    def hidden(self):
        return self.d * self.mult
    @property
    def kv_dim(self):
        return self.d // 2
class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.up = nn.Linear(c.d, c.hidden)
        self.kv = nn.Linear(c.d, 2 * c.kv_dim, bias=False)
""",
    "h03_class_attr_override": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Base(nn.Module):
    width = 8
    use_bias = True
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(self.width, self.width, bias=self.use_bias)
class Wide(Base):
    width = 16
class NoBias(Wide):
    use_bias = False
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.parts = nn.ModuleList([Base(), Wide(), NoBias()])
""",
    "h04_kwargs_forward": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Block(nn.Module):
    def __init__(self, dim, hidden=None, bias=True, **kwargs):
        super().__init__()
        hidden = hidden or dim * 2
        self.a = nn.Linear(dim, hidden, bias=bias)
        self.extra = nn.Linear(hidden, kwargs.get("out", dim))
class Stack(nn.Module):
    def __init__(self, n, **kw):
        super().__init__()
        self.blocks = nn.ModuleList(Block(**kw) for _ in range(n))
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = Stack(2, dim=8, bias=False, out=3)
""",
    "h05_mixin_super_chain": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class InitMixin:
    def __init__(self, *args, **kwargs):
        self.scale_dim = kwargs.pop("scale_dim", 4)
        super().__init__(*args, **kwargs)
class NormMixin:
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.norm = nn.LayerNorm(self.scale_dim)
class Core(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
class M(InitMixin, NormMixin, Core):
    def __init__(self):
        super().__init__(6, scale_dim=5)
""",
    "h06_modulelist_cond_loop": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, depth=6, every=2):
        super().__init__()
        self.layers = nn.ModuleList()
        d = 8
        for i in range(depth):
            if i % every == 0:
                self.layers.append(nn.Linear(d, d * 2))
                d *= 2
            elif i == depth - 1:
                self.layers.append(nn.LayerNorm(d))
            else:
                self.layers.append(nn.Identity())
""",
    "h07_weight_tying": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, vocab=50, d=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.body = nn.Linear(d, d)
        self.head = nn.Linear(d, vocab, bias=False)
        self.head.weight = self.emb.weight
""",
    "h08_del_attr": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 8)
        self.tmp = nn.Linear(8, 8)
        del self.tmp
        del self.b.bias
""",
    "h09_setattr_names": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, n=3):
        super().__init__()
        for i in range(n):
            setattr(self, f"head_{i}", nn.Linear(4, i + 1))
        setattr(self, "scale", nn.Parameter(torch.ones(5)))
        setattr(self, "note", "not a module")
""",
    "h10_register_module": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        for name, d in {"enc": 4, "dec": 6}.items():
            self.register_module(name, nn.Linear(d, d))
        self.register_parameter("gain", nn.Parameter(torch.zeros(3, 3)))
        self.register_parameter("unused", None)
        self.register_buffer("pos", torch.zeros(10, 4))
""",
    "h11_add_module_computed": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, stages=(2, 3)):
        super().__init__()
        ch = 3
        for s, n in enumerate(stages):
            for b in range(n):
                self.add_module("stage%d_block%d" % (s, b), nn.Conv2d(ch, 8 * (s + 1), 3))
                ch = 8 * (s + 1)
""",
    "h12_no_grad_init": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(6, 6)
        with torch.no_grad():
            self.lin.weight.zero_()
            self.lin.bias.fill_(1.0)
            self.lin.weight[:, 0] = 1
        self.out = nn.Linear(6, 2)
""",
    "h13_deepcopy_layers": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Layer(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)
class M(nn.Module):
    def __init__(self, n=4):
        super().__init__()
        proto = Layer(8)
        self.layers = nn.ModuleList([copy.deepcopy(proto) for _ in range(n)])
""",
    "h15_requires_grad_freeze": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8))
        self.backbone.requires_grad_(False)
        for p in self.backbone.parameters():
            p.requires_grad = False
        self.head = nn.Linear(8, 2)
""",
    "h16_buffers_vs_params": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("running", torch.zeros(16))
        self.alpha = nn.Parameter(torch.ones(16))
        self.beta = torch.zeros(16)
        self.bn = nn.BatchNorm1d(16)
        self.register_buffer("persist_not", torch.ones(4), persistent=False)
""",
    "h17_replace_module_after": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 8), nn.GELU(), nn.Linear(8, 4))
        self.body[0] = nn.Linear(4, 8, bias=False)
        self.body[2] = nn.Identity()
        self.head = nn.Linear(4, 2)
        self.head = nn.Linear(4, 3)
""",
    "h18_sequential_ordered": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

from collections import OrderedDict
class M(nn.Module):
    def __init__(self, widths=(3, 5, 7)):
        super().__init__()
        layers = OrderedDict()
        for i, (a, b) in enumerate(zip(widths, widths[1:])):
            layers[f"fc{i}"] = nn.Linear(a, b)
            layers[f"act{i}"] = nn.ReLU()
        self.mlp = nn.Sequential(layers)
        self.mlp.add_module("out", nn.Linear(widths[-1], 1))
""",
    "h19_moduledict_update": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"a": nn.Linear(4, 1)})
        self.heads.update({"b": nn.Linear(4, 2), "c": nn.Linear(4, 3)})
        self.heads["a"] = nn.Linear(4, 5)
        del self.heads["c"]
""",
    "h20_shared_module_twice": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        shared = nn.Linear(6, 6)
        self.a = shared
        self.b = shared
        self.seq = nn.Sequential(shared, nn.ReLU(), shared)
""",
    "h21_init_surgery_copy": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        conv = nn.Conv2d(3, 8, 3)
        new = nn.Conv2d(4, 8, 3)
        with torch.no_grad():
            new.weight[:, :3] = conv.weight
            new.weight[:, 3:] = conv.weight.mean(1, keepdim=True)
        self.stem = new
""",
    "h22_parameterlist_loop": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, n=3):
        super().__init__()
        self.ws = nn.ParameterList()
        for i in range(n):
            self.ws.append(nn.Parameter(torch.zeros(i + 1, 4)))
        self.pd = nn.ParameterDict({"x": nn.Parameter(torch.zeros(2))})
""",
    "h23_dataclass_field_default_factory": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass
class Cfg:
    dims: list = field(default_factory=lambda: [4, 8, 16])
    act: str = "gelu"
class M(nn.Module):
    def __init__(self, cfg=None):
        super().__init__()
        cfg = cfg or Cfg()
        cfg.dims.append(32)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(cfg.dims, cfg.dims[1:]))
""",
    "h24_classmethod_factory": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Block(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)
    @classmethod
    def square(cls, d):
        return cls(d, d)
    @staticmethod
    def widths(base):
        return [base * 2 ** i for i in range(3)]
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(Block.square(w) for w in Block.widths(2))
""",
    "h25_super_in_loop_subclass": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Base(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.proj = nn.Linear(d, d)
    def extra(self):
        return 0
class Child(Base):
    def __init__(self, d):
        super().__init__(d * 2)
        self.post = nn.Linear(d * 2, d)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = Child(3)
""",
    "h26_apply_init": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.zeros_(m.weight)
        if m.bias is not None:
            nn.init.zeros_(m.bias)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, 5), nn.Linear(5, 5, bias=False))
        self.apply(init_weights)
""",
    "h27_enum_config": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

import enum
class Size(enum.IntEnum):
    SMALL = 8
    LARGE = 32
class M(nn.Module):
    def __init__(self, size=Size.SMALL):
        super().__init__()
        self.fc = nn.Linear(int(size), size * 2)
        self.big = nn.Linear(Size.LARGE, 1) if size > Size.SMALL else nn.Identity()
""",
    "h28_getattr_dispatch": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, norm="LayerNorm", act="GELU"):
        super().__init__()
        self.norm = getattr(nn, norm)(12)
        self.act = getattr(nn, act)()
        self.fc = nn.Linear(12, 12)
""",
    "h29_del_and_readd": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        del self.lin.weight
        self.lin.weight = nn.Parameter(torch.zeros(4, 4))
        self.gone = nn.Linear(3, 3)
        delattr(self, "gone")
""",
    "h30_lazy_head_after": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, classes=None):
        super().__init__()
        self.body = nn.Linear(6, 6)
        self.head = None
        if classes is not None:
            self.head = nn.Linear(6, classes)
        else:
            self.head = nn.Linear(6, 1)
        self.num_features = self.body.out_features
""",
    "h31_nested_sequential_index": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(nn.Sequential(nn.Conv2d(3, 4, 1), nn.BatchNorm2d(4)), nn.ReLU())
        c = self.f[0][0].out_channels
        self.g = nn.Conv2d(c, c * 2, 1, bias=False)
        self.f = self.f[:1]
""",
    "h32_tie_then_deepcopy": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Lm(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(30, 4)
        self.out = nn.Linear(4, 30, bias=False)
        self.out.weight = self.emb.weight
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Lm()
        self.b = copy.deepcopy(self.a)
""",
    "h33_property_module": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])
    @property
    def out_dim(self):
        return self.layers[-1].out_features * 2
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Enc()
        self.head = nn.Linear(self.enc.out_dim, 1)
""",
    "h34_partial_norm_layer": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

import functools
class M(nn.Module):
    def __init__(self, norm_layer=functools.partial(nn.LayerNorm, eps=1e-6)):
        super().__init__()
        self.n1 = norm_layer(8)
        self.n2 = norm_layer(8, elementwise_affine=False)
        self.fc = nn.Linear(8, 8)
""",
    "h35_named_modules_replace": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 4), nn.ReLU())
        for name, m in list(self.net.named_children()):
            if isinstance(m, nn.ReLU):
                setattr(self.net, name, nn.PReLU())
""",
    "h36_kwargs_defaults_merge": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

DEFAULTS = dict(dim=8, depth=2, bias=True)
class M(nn.Module):
    def __init__(self, **overrides):
        super().__init__()
        cfg = {**DEFAULTS, **overrides, "depth": 3}
        self.layers = nn.ModuleList(
            nn.Linear(cfg["dim"], cfg["dim"], bias=cfg["bias"]) for _ in range(cfg["depth"])
        )
""",
    "h37_conditional_del": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, use_head=False):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.head = nn.Linear(4, 10)
        if not use_head:
            del self.head
            self.head = nn.Identity()
""",
    "h38_list_not_registered": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.plain = [nn.Linear(4, 4) for _ in range(3)]
        self.reg = nn.ModuleList(self.plain[:2])
        self.tup = (nn.Linear(2, 2),)
        self.d = {"x": nn.Linear(3, 3)}
""",
    "h39_super_kwargs_override_attr": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Base(nn.Module):
    def __init__(self, d=4, **kw):
        super().__init__()
        self.d = d
        self.build()
    def build(self):
        self.fc = nn.Linear(self.d, self.d)
class Child(Base):
    def build(self):
        super().build()
        self.extra = nn.Linear(self.d, 1)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = Child(d=6, unused=1)
""",
    "h40_init_from_other": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        src = nn.Linear(4, 6)
        self.dst = nn.Linear(4, 6)
        self.dst.load_state_dict(src.state_dict())
        self.dst.weight.data = torch.zeros(6, 4)
        self.frozen = nn.Linear(6, 6).requires_grad_(False)
""",
    "h41_slots_cfg_namedtuple": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

from typing import NamedTuple
class Spec(NamedTuple):
    cin: int
    cout: int
    k: int = 3
class M(nn.Module):
    def __init__(self):
        super().__init__()
        specs = [Spec(3, 8), Spec(8, 16, k=1), Spec(16, 16)._replace(k=5)]
        self.convs = nn.ModuleList(nn.Conv2d(s.cin, s.cout, s.k) for s in specs)
""",
    "h42_post_init_super": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

@dataclass
class Base:
    d: int = 8
    def __post_init__(self):
        self.inner = self.d * 2
@dataclass
class Cfg(Base):
    extra: int = 1
    def __post_init__(self):
        super().__post_init__()
        self.inner += self.extra
class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(d=4, extra=3)
        self.fc = nn.Linear(c.d, c.inner)
""",
    "h43_modulelist_extend_insert": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.ModuleList([nn.Linear(2, 2)])
        self.l.extend([nn.Linear(2, 3), nn.Linear(3, 3)])
        self.l.insert(0, nn.Linear(1, 2))
        self.l += [nn.Linear(3, 1)]
        self.l.pop(1)
""",
    "h44_weight_norm_spectral": """
import copy
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.utils.parametrizations.weight_norm(nn.Linear(4, 5))
        self.b = nn.utils.parametrizations.spectral_norm(nn.Linear(5, 5))
""",
    "k01_class_list_shared": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Block(nn.Module):
    registry = []
    def __init__(self):
        super().__init__()
        self.registry.append(1)
        self.fc = nn.Linear(len(self.registry), 2)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.bs = nn.ModuleList([Block() for _ in range(3)])
""",
    "k02_class_counter": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Block(nn.Module):
    count = 0
    def __init__(self):
        super().__init__()
        Block.count += 1
        self.fc = nn.Linear(Block.count, 1)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.bs = nn.ModuleList([Block() for _ in range(3)])
""",
    "k03_self_counter_shadow": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Block(nn.Module):
    count = 0
    def __init__(self):
        super().__init__()
        self.count += 1
        self.fc = nn.Linear(self.count + Block.count, 1)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.bs = nn.ModuleList([Block() for _ in range(3)])
""",
    "k04_generator_twice": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        g = (nn.Linear(2, 2) for _ in range(3))
        self.a = nn.ModuleList(g)
        self.b = nn.ModuleList(g)
""",
    "k06_zip_iter_shared": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        it = iter([1, 2, 3, 4, 5, 6])
        pairs = list(zip(it, it))
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in pairs)
""",
    "k07_sum_numel_size": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)
        n = sum(p.numel() for p in self.parameters())
        self.b = nn.Linear(n, 2)
""",
    "k08_len_children": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)
        self.b = nn.ReLU()
        self.c = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 3))
        n = len(list(self.children())) + 10 * len(list(self.modules())) + 100 * len(self._modules)
        self.d = nn.Linear(n, 1)
""",
    "k09_dict_bypass": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.__dict__["hidden"] = nn.Linear(10, 10)
        object.__setattr__(self, "also_hidden", nn.Linear(10, 10))
        self._modules["direct"] = nn.Linear(2, 2)
        self.shown = nn.Linear(1, 1)
""",
    "k10_class_name_size": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(len(type(self).__name__), 2)
        self.kind = self.__class__.__name__.lower()
class LongerName(Base):
    pass
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Base()
        self.b = LongerName()
""",
    "k11_isinstance_self_sub": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Base(nn.Module):
    def __init__(self):
        super().__init__()
        d = 8 if isinstance(self, Big) else 2
        self.fc = nn.Linear(d, d)
class Big(Base):
    pass
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a, self.b = Base(), Big()
""",
    "k12_template_hasattr": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Base(nn.Module):
    def __init__(self):
        super().__init__()
        if not hasattr(self, "dim"):
            self.dim = 4
        self.fc = nn.Linear(self.dim, self.dim)
class Custom(Base):
    dim = 6
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a, self.b = Base(), Custom()
""",
    "k13_accumulate_pairwise": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        dims = list(itertools.accumulate([2, 3, 4]))
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(dims))
        self.red = nn.Linear(functools.reduce(lambda a, b: a * b, [2, 3, 4]), 1)
""",
    "k14_sort_key": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        specs = [("c", 5), ("a", 9), ("b", 2)]
        specs.sort(key=lambda s: s[1], reverse=True)
        name, d = max(specs, key=lambda s: s[0])
        self.fc = nn.Linear(specs[0][1], d)
""",
    "k15_round_math": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = round(2.5) + round(3.5)
        b = math.ceil(7 / 2) + int(-7 / 2) + (-7 // 2)
        q, r = divmod(17, 5)
        self.fc = nn.Linear(a + b + 10, q * 10 + r)
""",
    "k16_try_except_default": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

SIZES = {"small": 4}
def size(name):
    try:
        return SIZES[name]
    except KeyError:
        return 7
    finally:
        SIZES.setdefault("hits", 0)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(size("small"), size("large"))
""",
    "k17_while_dims": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, size=64, min_size=8):
        super().__init__()
        layers, ch = [], 3
        while size > min_size:
            layers.append(nn.Conv2d(ch, ch * 2, 3, stride=2, padding=1))
            ch *= 2
            size //= 2
        self.down = nn.Sequential(*layers)
""",
    "k18_copy_shallow_module": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Sequential(nn.Linear(4, 4), nn.LayerNorm(4))
        self.b = copy.copy(self.a)
        self.b.append(nn.Linear(4, 2))
""",
    "k19_sequential_dupes": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        blk = nn.Linear(5, 5)
        self.seq = nn.Sequential(*([blk] * 3), nn.Linear(5, 1))
        self.n = len(self.seq)
        self.count = nn.Linear(self.n, 1)
""",
    "k20_modulelist_negative_set": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
        self.l[-1] = nn.Linear(2, 7)
        self.sub = self.l[::2]
        self.rev = nn.ModuleList(reversed(self.l))
""",
    "k21_add_module_none": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self, proj=False):
        super().__init__()
        self.add_module("proj", nn.Linear(3, 3) if proj else None)
        self.register_parameter("p", None)
        self.fc = nn.Linear(3 if self.proj is None else 1, 2)
""",
    "k22_diamond_modules": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class A(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2)
class B(A):
    def __init__(self):
        super().__init__()
        self.b = nn.Linear(3, 3)
class C(A):
    def __init__(self):
        super().__init__()
        self.c = nn.Linear(4, 4)
class M(B, C):
    def __init__(self):
        super().__init__()
""",
    "k23_super_explicit_skip": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class A(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2)
class B(A):
    def __init__(self):
        super().__init__()
        self.b = nn.Linear(30, 30)
class M(B):
    def __init__(self):
        super(B, self).__init__()
        self.m = nn.Linear(4, 4)
""",
    "k24_module_init_direct": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        nn.Module.__init__(self)
        self.fc = nn.Linear(4, 3)
""",
    "k25_property_setter": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Cfg:
    def __init__(self):
        self._d = 4
    @property
    def d(self):
        return self._d
    @d.setter
    def d(self, v):
        self._d = v * 2
class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        c.d = 5
        self.fc = nn.Linear(c.d, c.d)
""",
    "k26_config_getattr": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Cfg:
    def __init__(self, **kw):
        self.__dict__.update(kw)
    def __getattr__(self, name):
        return 3
class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(d=5)
        self.fc = nn.Linear(c.d, c.missing)
""",
    "k27_dynamic_type": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

def make(d):
    def init(self):
        nn.Module.__init__(self)
        self.fc = nn.Linear(d, d)
    return type("Dyn", (nn.Module,), {"__init__": init})
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.x = make(3)()
        self.y = make(5)()
""",
    "k29_param_to_buffer_swap": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(5))
        w = self.w.data
        del self.w
        self.register_buffer("w", w)
        self.v = nn.Parameter(torch.ones(3))
""",
    "k30_vars_and_dict_comp": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class M(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = dict(a=2, b=3, c=4)
        self.heads = nn.ModuleDict({k: nn.Linear(v, v) for k, v in cfg.items() if v % 2 == 0})
        self.names = sorted(vars(self)["_modules"])
""",
    "k31_lambda_class_attr_default": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

class Block(nn.Module):
    factor = 3
    make = staticmethod(lambda d, f=2: nn.Linear(d, d * f))
    def __init__(self):
        super().__init__()
        self.a = self.make(2)
        self.b = Block.make(2, self.factor)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.blk = Block()
""",
    "k34_frozen_dataclass_replace": """
import copy
import math
import itertools
import functools
import torch
import torch.nn as nn
from dataclasses import dataclass, field

import dataclasses
@dataclass(frozen=True)
class Cfg:
    d: int = 4
    n: int = 2
class M(nn.Module):
    def __init__(self):
        super().__init__()
        base = Cfg()
        big = dataclasses.replace(base, d=8)
        self.layers = nn.ModuleList(nn.Linear(c.d, c.d) for c in (base, big) for _ in range(c.n))
""",
}


@pytest.mark.parametrize("case", sorted(HUNT))
def test_hunt_model_counts_as_torch(tmp_path, case):
    """Small models mixing what users write (dataclass __post_init__, class attributes
    overridden, mixin super() chains, ties, del / setattr / add_module, no_grad surgery,
    deepcopy, list.sort(key=), a class attribute list every instance appends to, a plain
    object's property setter): torch's count."""
    path = _write(tmp_path, HUNT[case])
    assert _static(path) == torch_count(path)


@pytest.mark.parametrize("memo", ["1", "0"])
def test_class_attribute_list_shared_by_instances_memo(tmp_path, memo, monkeypatch):
    """``self.registry.append(1)`` then ``Linear(len(self.registry), 2)``: each construction
    sees the list the last one grew (a class attribute is shared); the memo watches it."""
    monkeypatch.setenv("DRIFTCHECK_MEMO", memo)
    path = _write(tmp_path, HUNT["k01_class_list_shared"])
    assert _static(path) == torch_count(path) == 18


@pytest.mark.parametrize(
    "stmt",
    [
        "xs.sort(key=lambda s: s[1], reverse=True)",
        "xs.sort(key=len)",
        "xs.sort()",
        "xs.sort(key=lambda s: -s[1])",
    ],
)
def test_list_sort_in_place(tmp_path, stmt):
    """``list.sort`` was not modelled: the list was read on unsorted (a confident wrong size)."""
    code = f"""
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                xs = [("c", 5), ("a", 9), ("bb", 2)]
                {stmt}
                self.fc = nn.Linear(xs[0][1] + 10 * xs[-1][1], 1)
        """
    path = _write(tmp_path, code)
    assert _static(path) == torch_count(path)


def test_list_sort_unknown_key_is_unknown(tmp_path):
    path = _write(
        tmp_path,
        """
        import os
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                xs = [3, 1, 2]
                xs.sort(key=lambda v: os.environ.get("K", v))
                self.fc = nn.Linear(xs[0], 1)
        """,
    )
    assert _static(path) is None


RNN_PROBE = """
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(4, 4)
        self.mha = nn.MultiheadAttention(4, 2, kdim=3, vdim=3)
        self.bn = nn.BatchNorm1d(4, track_running_stats=False)
        self.lin = nn.Linear(4, 4, bias=False)
        n = int(hasattr(self.rnn, "weight_ih_l0")) + 2 * int(hasattr(self.mha, "in_proj_weight")) + 4 * int(hasattr(self.bn, "running_mean")) + 8 * int(hasattr(self.lin, "bias")) + 16 * int(self.lin.bias is None)
        self.h = nn.Linear(n, 1)
"""


def test_hasattr_of_a_computed_name_is_undecided(tmp_path):
    """RNNBase binds ``weight_ih_l0`` through ``setattr(self, name, w)``: the name is not
    readable from the source, so ``hasattr`` is undecided (it was False: 281 vs torch 288);
    the other torch probes (MHA ``in_proj_weight`` None, BatchNorm ``running_mean`` None,
    ``bias`` of ``bias=False``) are torch's."""
    path = _write(tmp_path, RNN_PROBE)
    assert _static(path) is None
    path.write_text(
        'import torch.nn as nn\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.rnn = nn.LSTM(4, 4)\n        self.mha = nn.MultiheadAttention(4, 2, kdim=3, vdim=3)\n        self.bn = nn.BatchNorm1d(4, track_running_stats=False)\n        self.lin = nn.Linear(4, 4, bias=False)\n        n = 1 + 2 * int(hasattr(self.mha, "in_proj_weight")) + 4 * int(hasattr(self.bn, "running_mean")) + 8 * int(hasattr(self.lin, "bias")) + 16 * int(self.lin.bias is None)\n        self.h = nn.Linear(n, 1)\n'
    )
    assert _static(path) == torch_count(path) == 288
