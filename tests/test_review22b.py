"""review22b: adversarial review of session 22's forward rules and interpreter changes.

Two families of confident wrong answers found and fixed, each checked against torch:

- a layer built with ``dtype=`` (``nn.Linear(24, 8, dtype=torch.float64)``, ``torch.cfloat``) or
  cast by a module method (``.double()``, ``.to(torch.float64)``, ``self.double()``) took a
  float64 / complex input in torch, but ``check --input-shape`` reported a blocker ("the weight
  is float32");
- ``zip`` / ``map`` / ``filter`` / ``enumerate`` / ``reversed`` and generator expressions were
  lists, so a second loop over one saw the items again (Python: the iterator is exhausted) and
  the parameter count was too high.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.crash_rule_support import check_blocker_iff_crash
from tests.model_count_support import torch_count

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def lin(name: str, body: str, init: str) -> None:
    """``h = self.proj(x)`` on ``(2, 5, 24)``, then ``body``; ``init`` builds ``self.l``."""
    MODELS[name] = (
        textwrap.dedent(f"""
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Linear(24, 24)
                {init}

            def forward(self, x):
                h = self.proj(x)
                {body}
        """),
        (2, 5, 24),
        "float",
    )


N = "\n                "
# layers whose weights take the input's dtype: torch runs them
lin("f64_kw", "return self.l(h.double())", "self.l = nn.Linear(24, 8, dtype=torch.float64)")
lin(
    "cfloat_kw",
    "return self.l(h.to(torch.cfloat))",
    "self.l = nn.Linear(24, 8, dtype=torch.cfloat)",
)
lin(
    "bf16_kw",
    "return self.l(h.to(torch.bfloat16))",
    "self.l = nn.Linear(24, 8, dtype=torch.bfloat16)",
)
lin("f64_method", "return self.l(h.double())", "self.l = nn.Linear(24, 8).double()")
lin("f64_to", "return self.l(h.double())", "self.l = nn.Linear(24, 8).to(torch.float64)")
lin("f64_later", "return self.l(h.double())", "self.l = nn.Linear(24, 8)" + N + "self.l.double()")
lin(
    "f64_parent",
    "return self.l(h.double())",
    "self.l = nn.Sequential(nn.Linear(24, 8))" + N + "self.l.double()",
)
lin(
    "f64_kwargs",
    "return self.l(h.double())",
    "fk = {'dtype': torch.float64}" + N + "self.l = nn.Linear(24, 8, **fk)",
)
lin(
    "f64_conv",
    "return self.l(h.double().transpose(1, 2))",
    "self.l = nn.Conv1d(24, 8, 3, dtype=torch.float64)",
)
lin(
    "cfloat_rfft",
    "return self.l(torch.fft.rfft(h, dim=-1))",
    "self.l = nn.Linear(13, 8, dtype=torch.cfloat)",
)
# the rule still holds where the weight is float32
lin("f64_plain", "return self.l(h.double())", "self.l = nn.Linear(24, 8)")
lin("cfloat_plain", "return self.l(h.to(torch.cfloat))", "self.l = nn.Linear(24, 8)")
# a cast before the layer is made does not reach it (torch casts what is registered then)
lin(
    "f64_cast_before",
    "return self.l(h.double())",
    "self.l = nn.Sequential()" + N + "self.l.double()" + N + "self.l.append(nn.Linear(24, 8))",
)
# an integer input still fails a float64 layer
lin("int_into_f64", "return self.l(h.long())", "self.l = nn.Linear(24, 8, dtype=torch.float64)")

# ``F.dropout`` returns its input untouched at ``p == 0`` or ``training=False`` (a complex
# tensor passes); at ``p > 0`` in training torch's bernoulli refuses complex
_FFT = "c = torch.fft.fft(h, dim=-1)" + N
lin("dropout_p0", _FFT + "return F.dropout(c, 0.0).abs()", "pass")
lin("dropout_eval", _FFT + "return F.dropout(c, 0.1, training=False).abs()", "pass")
lin("dropout_complex", _FFT + "return F.dropout(c, 0.1).abs()", "pass")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_layer_dtype_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


# ---------------------------------------------------------------- single-pass iterators
def _init(body: str, pre: str = "") -> str:
    lines = "\n".join("        " + ln for ln in textwrap.dedent(body).strip("\n").split("\n"))
    return (
        "import math\nimport torch.nn as nn\n"
        + pre
        + "\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + lines
        + "\n"
    )


ITERS = {
    "zip_twice": _init("""
        z = zip([2, 3], [4, 5])
        self.a = nn.ModuleList([nn.Linear(i, o) for i, o in z])
        self.b = nn.ModuleList([nn.Linear(i, o) for i, o in z])
    """),
    "enumerate_twice": _init("""
        e = enumerate([2, 3])
        self.a = nn.ModuleList([nn.Linear(d, i + 1) for i, d in e])
        self.b = nn.Linear(len(list(e)) + 1, 2)
    """),
    "filter_twice": _init("""
        fl = filter(lambda d: d > 2, [2, 3, 4])
        ws = [d for d in fl]
        ws2 = [d for d in fl]
        self.a = nn.Linear(len(ws) + 1, len(ws2) + 1)
    """),
    "map_two_loops": _init("""
        it = map(int, ["2", "3"])
        self.l = nn.ModuleList()
        for d in it:
            self.l.append(nn.Linear(d, d))
        for d in it:
            self.l.append(nn.Linear(d, 7))
    """),
    "map_next_then_list": _init("""
        it = map(int, ["2", "3", "4"])
        first = next(it)
        self.a = nn.Linear(first, len(list(it)))
    """),
    "map_sum_then_list": _init("""
        it = map(lambda d: d * 2, [2, 3])
        s = sum(it)
        self.a = nn.Linear(s, len(list(it)) + 1)
    """),
    "map_any_reads_to_first_true": _init("""
        it = map(lambda d: d > 2, [3, 1, 4])
        any(it)
        self.a = nn.Linear(len(list(it)) + 1, 2)
    """),
    "reversed_twice": _init("""
        r = reversed([2, 3])
        self.a = nn.ModuleList(nn.Linear(d, d) for d in r)
        self.b = nn.ModuleList(nn.Linear(d, d) for d in r)
    """),
    "genexp_twice": _init("""
        g = (d for d in [2, 3])
        self.a = nn.ModuleList(nn.Linear(d, d) for d in g)
        self.b = nn.ModuleList(nn.Linear(d, d) for d in g)
    """),
    "module_level_map": _init(
        """
        self.a = nn.ModuleList(nn.Linear(d, d) for d in WS)
        self.b = nn.ModuleList(nn.Linear(d, d) for d in WS)
    """,
        pre="WS = map(int, '23')\n",
    ),
    "zip_unpacked_then_looped": _init("""
        z = zip([2, 3], [4, 5])
        a, b = z
        self.a = nn.Linear(a[0], b[1])
        self.b = nn.ModuleList(nn.Linear(i, o) for i, o in z)
    """),
    "iter_of_zip_is_itself": _init("""
        z = zip([2, 3], [4, 5])
        it = iter(z)
        next(it)
        self.a = nn.ModuleList(nn.Linear(i, o) for i, o in z)
    """),
    # copies are not single-pass: read any number of times
    "tuple_copy_twice": _init("""
        t = tuple(map(int, '23'))
        self.a = nn.ModuleList(nn.Linear(d, d) for d in t)
        self.b = nn.ModuleList(nn.Linear(d, d) for d in t)
    """),
    "list_copy_twice": _init("""
        ps = list(zip([2, 3], [4, 5]))
        self.a = nn.ModuleList(nn.Linear(i, o) for i, o in ps)
        self.b = nn.ModuleList(nn.Linear(i, o) for i, o in ps)
    """),
    "zip_in_loop_fresh_each_time": _init("""
        self.l = nn.ModuleList()
        for k in range(2):
            for i, o in zip([2, 3], [4, 5]):
                self.l.append(nn.Linear(i, o))
    """),
    # library readers take the iterator as Python does
    "prod_and_join_of_map": _init("""
        n = int(''.join(map(str, [1, 2])))
        self.a = nn.Linear(math.prod(map(int, '23')), n)
    """),
    "sequential_star_map": _init("""
        self.a = nn.Sequential(*map(lambda d: nn.Linear(d, d), [2, 3]))
        self.b = nn.ModuleDict(zip(['x', 'y'], [nn.Linear(2, 2), nn.Linear(3, 3)]))
    """),
}


@pytest.mark.parametrize("name", sorted(ITERS))
def test_single_pass_iterators_count_as_torch(name, tmp_path: Path):
    path = tmp_path / "model.py"
    path.write_text(ITERS[name])
    assert parse_source(path, entry="M").params_total() == torch_count(path)


# a module global's single-pass iterator read by each construction of a repeated block: the
# memo must not reuse the first construction (it would read the same item again: 22, not 24)
MEMO = {
    "global_map_next": """
import torch.nn as nn
IT = map(int, '2345')
class Blk(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(next(IT), 2)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = nn.ModuleList(Blk() for _ in range(3))
""",
    "global_iter_next": """
import torch.nn as nn
IT = iter([2, 3, 4, 5])
class Blk(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(next(IT), 2)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = nn.ModuleList(Blk() for _ in range(3))
""",
    "zip_in_each_block": """
import torch.nn as nn
class Blk(nn.Module):
    def __init__(self, a, b):
        super().__init__()
        z = zip(a, b)
        self.x = nn.ModuleList(nn.Linear(i, o) for i, o in z)
        self.y = nn.ModuleList(nn.Linear(i, o) for i, o in z)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = nn.ModuleList(Blk((2, 3), (4, 5)) for _ in range(3))
""",
}


@pytest.mark.parametrize("memo", ["0", "1"])
@pytest.mark.parametrize("name", sorted(MEMO))
def test_single_pass_iterators_memo_on_and_off(name, memo, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_MEMO", memo)
    path = tmp_path / "model.py"
    path.write_text(MEMO[name])
    assert parse_source(path, entry="M").params_total() == torch_count(path)
