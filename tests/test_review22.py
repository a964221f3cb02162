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
