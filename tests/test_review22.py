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
