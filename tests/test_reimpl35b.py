"""attrs sizes (session 35, reimplfix35b; fresh32's rembert_attrs_evolve_preset).

``attrs.evolve(preset, **changes)``, private fields (``_x`` is ``x=`` in ``__init__``), ``alias=``,
converters rerun on the copied values, ``init=False`` fields defaulted again and
``__attrs_post_init__`` (not ``__post_init__``): each snippet is analysed statically, then
imported here with the real ``attrs`` and built in torch; the static parameter count must equal
torch's. What we cannot read (an evolve of a change no parameter takes, an unknown alias) gives an
unknown count, never a guess.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_source_counts_reparam import both

torch = pytest.importorskip("torch")
attrs = pytest.importorskip("attrs")

HEAD = """
import attrs
from fractions import Fraction
from torch import nn
"""

NET = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(RUN.vocab, RUN.hidden)
        self.up = nn.Linear(RUN.hidden, int(RUN.hidden * RUN.ratio))
        self.layers = nn.ModuleList(nn.Linear(RUN.hidden, RUN.hidden) for _ in range(RUN.layers))
"""


def _check(tmp_path, body: str, known: bool = True) -> None:
    got, want = both(tmp_path, HEAD + body + NET, "Net")
    if known:
        assert got == want
    else:
        assert got is None, (got, want)


def test_evolve_of_a_frozen_preset(tmp_path):
    _check(
        tmp_path,
        """
@attrs.frozen
class Sizes:
    hidden: int = 1152
    ratio: Fraction = Fraction(4)
    layers: int = 32
    vocab: int = 250300

PAPER = Sizes()
RUN = attrs.evolve(PAPER, hidden=64, ratio=Fraction(5, 2), layers=2)
RUN = attrs.evolve(RUN, vocab=900)
""",
    )


@pytest.mark.parametrize("deco", ["attrs.define", "attrs.mutable", "attr.s(auto_attribs=True)"])
def test_evolve_keeps_unchanged_fields_and_private_names(tmp_path, deco):
    _check(
        tmp_path,
        f"""
import attr

@{deco}
class Sizes:
    _hidden: int = 96
    ratio: Fraction = Fraction(2)
    layers: int = 3
    vocab: int = 100

    @property
    def hidden(self):
        return self._hidden

RUN = attrs.evolve(Sizes(hidden=48), layers=2)
""",
    )


def test_private_field_set_by_its_init_name(tmp_path):
    # attrs' __init__ takes ``_hidden`` as ``hidden=``: reading the class default (96) was wrong
    _check(
        tmp_path,
        """
@attrs.define
class Sizes:
    _hidden: int = 96
    ratio: Fraction = Fraction(2)
    layers: int = 3
    vocab: int = 100

    @property
    def hidden(self):
        return self._hidden

RUN = Sizes(hidden=40, layers=1)
""",
    )


def test_alias_and_converter_rerun(tmp_path):
    _check(
        tmp_path,
        """
@attrs.define
class Sizes:
    hidden: int = attrs.field(default=32, alias="width")
    ratio: Fraction = attrs.field(default="3/2", converter=Fraction)
    layers: int = attrs.field(default=1, converter=lambda n: n + 1)
    vocab: int = 50

RUN = attrs.evolve(Sizes(width=16), vocab=70)
""",
    )


def test_init_false_field_gets_its_default_again(tmp_path):
    _check(
        tmp_path,
        """
@attrs.define
class Sizes:
    hidden: int = 32
    ratio: Fraction = Fraction(2)
    vocab: int = 50
    layers: int = attrs.field(default=2, init=False)

base = Sizes()
base.layers = 5
RUN = attrs.evolve(base, hidden=24)
""",
    )


def test_attrs_post_init_runs_and_post_init_does_not(tmp_path):
    _check(
        tmp_path,
        """
@attrs.define
class Sizes:
    hidden: int = 32
    ratio: Fraction = Fraction(2)
    vocab: int = 50
    layers: int = 1

    def __attrs_post_init__(self):
        self.layers = self.layers * 3

    def __post_init__(self):
        self.vocab = 7

RUN = attrs.evolve(Sizes(), hidden=16)
""",
    )


def test_evolve_with_a_change_no_parameter_takes_is_unknown(tmp_path):
    # attrs raises TypeError (``_hidden`` is ``hidden=``): unknown, never the old value
    p = tmp_path / "bad.py"
    p.write_text(
        HEAD
        + """
@attrs.define
class Sizes:
    _hidden: int = 32
    ratio: Fraction = Fraction(2)
    vocab: int = 50
    layers: int = 1

    @property
    def hidden(self):
        return self._hidden

try:
    RUN = attrs.evolve(Sizes(), _hidden=16)
except TypeError:
    RUN = Sizes(hidden=8)
"""
        + NET
    )
    import runpy

    from driftcheck.parsers.source import parse_source

    ns = runpy.run_path(str(p))
    assert ns["RUN"].hidden == 8  # real attrs refused the change
    g = parse_source(p, entry="Net")
    with torch.device("meta"):
        want = sum(x.numel() for x in ns["Net"]().parameters())
    got = g.params_total()
    assert got in (None, want)


def test_evolve_of_a_plain_object_is_unknown(tmp_path):
    _check(
        tmp_path,
        """
import types

class Sizes:
    def __init__(self, hidden=32, ratio=2, vocab=50, layers=1):
        self.hidden, self.ratio, self.vocab, self.layers = hidden, ratio, vocab, layers

def evolve(x, **kw):
    return attrs.evolve(x, **kw)

try:
    RUN = evolve(Sizes(), hidden=16)
except Exception:
    RUN = Sizes(hidden=8)
""",
        known=False,
    )


# ------------------------------------------------ one weight difference and the op that sizes it
FRESH32 = Path(__file__).resolve().parent.parent / "benchmarks" / "reimpl" / "fresh32"
DBRX = FRESH32 / "cases" / "dbrx_c_header_defines.py"
DBRX_CFG = FRESH32 / "configs" / "dbrx_c_header_defines" / "config.json"


def _findings(code: Path, cfg: Path) -> list:
    from driftcheck.drift import drift, load_sides

    fs = drift(load_sides(str(code), str(cfg)), str(code), str(cfg))
    return [f for f in fs if f.severity.rank >= 1]


def _holds(v, want) -> bool:
    if v == want and type(v) is type(want):
        return True
    return isinstance(v, (list, tuple)) and any(_holds(x, want) for x in v)


def _torch_counts(code: Path, cfg: Path) -> tuple[int, int]:
    import runpy

    transformers = pytest.importorskip("transformers")
    with torch.device("meta"):
        mine = runpy.run_path(str(code), run_name="__r35b__")["Dbrx"]()
        hf = transformers.DbrxForCausalLM(transformers.DbrxConfig.from_pretrained(cfg.parent))
    return (sum(p.numel() for p in mine.parameters()), sum(p.numel() for p in hf.parameters()))


def test_flat_experts_clean_pair_has_no_finding():
    mine, hf = _torch_counts(DBRX, DBRX_CFG)
    assert mine == hf  # the code is the config's model
    assert _findings(DBRX, DBRX_CFG) == []


@pytest.mark.parametrize("ffn", [128, 64])
def test_flat_experts_ffn_change_is_one_finding_holding_both_widths(tmp_path, ffn):
    code = tmp_path / "dbrx_ffn.py"
    code.write_text(DBRX.read_text().replace("#define DBRX_FFN 96", f"#define DBRX_FFN {ffn}"))
    mine, hf = _torch_counts(code, DBRX_CFG)
    assert mine - hf == 2 * 3 * 4 * (ffn - 96) * 64  # layers x w1/v1/w2 x experts x rows x d
    found = _findings(code, DBRX_CFG)
    assert len(found) == 1, [f.message for f in found]
    f = found[0]
    assert f.severity.name == "major"
    assert _holds(f.values["left"], ffn) and _holds(f.values["right"], 96), f.message
    assert "parameter.shape" in (f.evidence or "")  # the weight it changes, under it
