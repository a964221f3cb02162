"""Size sources of the blind set fresh30's dev part (session 33, reimplfix33b). Each rule is
shown on code written here (not the set's), against CPython and torch: the static parameter
count is the count torch gives for the module CPython runs, and where CPython would fail or a
value cannot be known statically, no count is claimed.

- ``yaml.safe_load_all`` (and ``yaml.load_all(..., Loader=yaml.SafeLoader)``) of a known
  multi-document text: an iterator over the documents PyYAML's safe loader gives;
- ``contextlib.suppress(KeyError)`` around a dict read of a missing key: CPython's KeyError,
  swallowed, the statement after the ``with`` runs (the name keeps its earlier value); a
  ``suppress`` of another class lets it through (no module, no count);
- a name bound before a top-level ``with`` and rebound in it keeps the earlier binding where
  the block's assignment raised (it was "not bound by the with block": unknown);
- ``argparse`` with ``fromfile_prefix_chars``: ``@file`` arguments read from a file the code
  wrote into a ``tempfile.TemporaryDirectory`` with ``open(path, "w")`` (in memory, never the
  disk), nested files too; a file written by ``print(..., file=f)`` is not followed (no
  count, never the text seen so far);
- ``str(pathlib.Path)`` of a known path: pathlib's own text.
"""

from __future__ import annotations

import runpy

import pytest

from driftcheck.parsers.source import parse_source
from tests.drift_support import count, write

torch = pytest.importorskip("torch")
yaml = pytest.importorskip("yaml")


def _count(code) -> int:
    with torch.device("meta"):
        return count(runpy.run_path(str(code), run_name="__d33b__")["M"]())


def _static(code) -> int | None:
    return parse_source(code).params_total()


YAML_STREAM = '''
import torch
import yaml
from torch import nn

TEXT = """\\
name: large
width: 1024
depth: 24
---
name: tiny
width: 24
depth: 3
---
name: small
width: 40
depth: 2
"""

{pick}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Linear(CFG["width"], CFG["width"]) for _ in range(CFG["depth"])
        )
'''


@pytest.mark.parametrize(
    "pick",
    [
        'CFG = next(d for d in yaml.safe_load_all(TEXT) if d["name"] == "tiny")',
        "CFG = list(yaml.safe_load_all(TEXT))[2]",
        "CFG = [d for d in yaml.load_all(TEXT, Loader=yaml.SafeLoader)][1]",
    ],
)
def test_safe_load_all_gives_pyyamls_documents(tmp_path, pick):
    """CPython + PyYAML pick the tiny (24 wide, 3 deep) or small (40, 2) document; the static
    count is torch's for that module (a wrong document would give another count)."""
    code = write(tmp_path, "y.py", YAML_STREAM.format(pick=pick))
    assert _count(code) in (3 * (24 * 24 + 24), 2 * (40 * 40 + 40))
    assert _static(code) == _count(code)


@pytest.mark.parametrize(
    "make",
    [
        "yaml.safe_load_all(TEXT)",
        "iter([dict(width=1024, depth=24), dict(width=24, depth=3), dict(width=40, depth=2)])",
    ],
)
def test_an_iterator_advanced_into_a_lazy_global_is_not_guessed(tmp_path, make):
    """``docs = ...; next(docs); CFG = next(docs)``: CPython's CFG is the second document
    (24 wide, 3 deep). ``CFG`` is read lazily, and replaying the iterator's advances before
    its own ``next`` gave the third (a confident wrong count, also for a plain ``iter`` on
    the base code): now no count is claimed, or the right one."""
    pick = f"docs = {make}\nnext(docs)\nCFG = next(docs)"
    code = write(tmp_path, "y.py", YAML_STREAM.format(pick=pick))
    assert _count(code) == 3 * (24 * 24 + 24)
    assert _static(code) in (None, _count(code))


def test_safe_load_all_is_read_once(tmp_path):
    """The generator is spent by ``list``: a second ``list`` of it is empty in CPython, so
    ``[1]`` raises IndexError (no module); no count is claimed statically."""
    pick = "docs = yaml.safe_load_all(TEXT)\nALL = list(docs)\nCFG = list(docs)[1]"
    code = write(tmp_path, "y.py", YAML_STREAM.format(pick=pick))
    with pytest.raises(IndexError):
        runpy.run_path(str(code))
    assert _static(code) is None


def test_safe_load_all_of_a_refused_stream_is_unknown(tmp_path):
    """A stream with one document the safe loader refuses (a Python tag): the whole stream is
    unknown statically, never a guess (CPython raises when ``list`` reaches it)."""
    text = "name: tiny\\nwidth: 24\\ndepth: 3\\n---\\nbad: !!python/name:os.system\\n"
    src = YAML_STREAM.format(pick="CFG = list(yaml.safe_load_all(TEXT))[0]")
    code = write(tmp_path, "y.py", src.replace("\nTEXT = ", f'\nTEXT = "{text}"\nOLD = '))
    with pytest.raises(yaml.YAMLError):
        runpy.run_path(str(code))
    assert _static(code) is None


SUPPRESS = """
from contextlib import suppress

import torch
from torch import nn


class Settings:
    width = 4096
    depth = 36
    eps = 1e-5


RUN = {{"width": 24, "depth": 2}}
EPS = 1e-6
S = Settings()
for key in ("width", "depth", "eps"):
    with suppress({caught}):
        setattr(S, key, RUN[key])
with suppress({caught}):
    EPS = RUN["eps"]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.LayerNorm(S.width, eps=S.eps, bias=S.eps == 1e-5) for _ in range(S.depth)
        )
        self.norm = nn.LayerNorm(S.width, eps=EPS, elementwise_affine=EPS == 1e-6)
"""


@pytest.mark.parametrize("caught", ["KeyError", "LookupError", "ValueError, KeyError"])
def test_suppress_keyerror_keeps_the_earlier_values(tmp_path, caught):
    """CPython: ``RUN["eps"]`` raises KeyError, ``suppress`` swallows it: S.eps stays 1e-5
    and EPS 1e-6 (the layers' norms have biases, the final norm is affine: 2 * 24 weights
    each); the static count is torch's (another eps read would give another count)."""
    code = write(tmp_path, "s.py", SUPPRESS.format(caught=caught))
    ns = runpy.run_path(str(code))
    assert (ns["S"].eps, ns["EPS"]) == (1e-5, 1e-6)
    assert _count(code) == 2 * 48 + 48
    assert _static(code) == _count(code)


def test_suppress_of_another_class_lets_the_keyerror_out(tmp_path):
    """``suppress(IndexError)`` does not swallow a KeyError: the import fails in CPython (no
    module), so no count is claimed (the read stays unknown, never a swallowed raise)."""
    code = write(tmp_path, "s.py", SUPPRESS.format(caught="IndexError"))
    with pytest.raises(KeyError):
        runpy.run_path(str(code))
    assert _static(code) is None


ARGS = """
import argparse
import os
import tempfile
from pathlib import Path

import torch
from torch import nn

parser = argparse.ArgumentParser(fromfile_prefix_chars="@+")
parser.add_argument("--width", type=int, default=768)
parser.add_argument("--depth", type=int, default=12)

with tempfile.TemporaryDirectory() as tmp:
    inner = Path(tmp) / "inner.args"
    with inner.open("w") as f:
        f.writelines(["--depth\\n", "3\\n"])
    outer = os.path.join(tmp, "outer.args")
    with open(outer, "w") as f:
        f.write("--width=40\\n+" + str(inner) + "\\n")
        {extra}
    OPTS = parser.parse_args({argv})


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Linear(OPTS.width, OPTS.width) for _ in range(OPTS.depth)
        )
"""


@pytest.mark.parametrize(
    "argv,extra",
    [
        ('["--depth=2", "@" + outer]', "pass"),
        ('["@" + outer, "--depth=2"]', "pass"),
        ('["+" + outer]', 'f.write("--depth=5\\n")'),
        ('["--width=8"]', "pass"),
    ],
)
def test_fromfile_arguments_are_cpythons(tmp_path, argv, extra):
    """CPython's argparse expands ``@outer`` / ``+outer`` in place (the nested ``+inner``
    too), a later option winning: the static count is torch's for the Namespace CPython
    gives (the defaults 768 x 12 were what a file not read would give)."""
    code = write(tmp_path, "a.py", ARGS.format(argv=argv, extra=extra))
    assert _count(code) < 12 * (768 * 768 + 768)
    assert _static(code) == _count(code)


def test_a_file_written_by_print_is_not_followed(tmp_path):
    """``print("--depth=4", file=f)`` writes into the file (CPython: depth 4), but the
    static side does not follow ``print``'s write: no count, never the text seen before
    (depth 3 from the nested file)."""
    code = write(
        tmp_path, "a.py", ARGS.format(argv='["@" + outer]', extra='print("--depth=4", file=f)')
    )
    assert _count(code) == 4 * (40 * 40 + 40)
    assert _static(code) is None


def test_an_args_file_read_before_close_is_unknown(tmp_path):
    """Parsed inside the ``with open(...)`` block, the file's text is still in Python's
    buffer (CPython reads an empty or partial file): not claimed statically."""
    src = ARGS.format(argv='["@" + outer]', extra='OPTS = parser.parse_args(["@" + outer])')
    src = src.replace('    OPTS = parser.parse_args(["@" + outer])\n\n\nclass', "\n\nclass")
    code = write(tmp_path, "a.py", src)
    assert _static(code) is None


def test_str_of_a_path_is_pathlibs(tmp_path):
    """``str(Path("a//b") / "./c.txt")`` is ``"a/b/c.txt"`` in CPython (9 characters)."""
    code = write(
        tmp_path,
        "p.py",
        """
        from pathlib import Path

        import torch
        from torch import nn

        N = len(str(Path("a//b") / "./c.txt"))


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.l = nn.Linear(N, 2)
        """,
    )
    assert runpy.run_path(str(code))["N"] == 9
    assert _static(code) == _count(code) == 9 * 2 + 2


GLM_FLAT = """
import torch
from torch import nn

C = dict(vocab=128, width={width}, ffn={ffn}, depth=2, heads=4, kv_heads=2, head_dim=16)


def layer(c):
    q, kv = c["heads"] * c["head_dim"], c["kv_heads"] * c["head_dim"]
    p = lambda *s: nn.Parameter(torch.zeros(*s))  # noqa: E731
    return nn.ParameterDict(
        dict(
            ln1=p(c["width"]), wq=p(q, c["width"]), bq=p(q), wk=p(kv, c["width"]), bk=p(kv),
            wv=p(kv, c["width"]), bv=p(kv), wo=p(c["width"], q), ln2=p(c["width"]),
            w_gate_up=p(2 * c["ffn"], c["width"]), w_down=p(c["width"], c["ffn"]),
        )
    )


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(C["vocab"], C["width"])
        self.layers = nn.ModuleList(layer(C) for _ in range(C["depth"]))
        self.norm = nn.Parameter(torch.zeros(C["width"]))
        self.head = nn.Parameter(torch.zeros(C["vocab"], C["width"]))
"""


@pytest.mark.parametrize("width,ffn", [(64, 160), (96, 160), (64, 192), (96, 224)])
def test_bare_glm_mlp_is_the_fused_pair(tmp_path, width, ffn):
    """A functional GLM port (bare parameters, a fused gate|up ``[2F, D]`` and a down
    ``[D, F]``): the MLP width read off its structure is torch's ``F`` (the down
    projection's input) where no other pair competes; at width 96 (heads 4 x 16 = 64, so the
    q and output projections ``[64, 96]`` / ``[96, 64]`` form a pair too) no width is read,
    never the q/o pair's 64 (it was read as the MLP: ``intermediateSize 64 vs 160``)."""
    import importlib

    from driftcheck.graph.match.canon import canonicalise

    derive = importlib.import_module("driftcheck.graph.match.derive")
    code = write(tmp_path, "g.py", GLM_FLAT.format(width=width, ffn=ffn))
    with torch.device("meta"):
        m = runpy.run_path(str(code), run_name="__d33b__")["M"]()
    layer = m.layers[0]
    assert tuple(layer["w_down"].shape) == (width, ffn)
    assert tuple(layer["w_gate_up"].shape) == (2 * ffn, width)
    assert tuple(layer["wo"].shape) == (width, 64)
    g = parse_source(code)
    got = derive.derive(canonicalise(g, g)[0]).get("intermediateSize")
    if width == 64:
        assert got is not None and got.value == ffn
    else:
        assert got is None or got.value == ffn
