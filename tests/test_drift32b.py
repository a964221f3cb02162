"""Size sources and the factorised width of the blind set fresh29's dev part (session 32,
reimplfix32b). Each rule is shown on code written here (not the set's), against CPython or
torch: the static parameter count is the count torch gives for the module CPython runs, and
where CPython would fail or a value cannot be known statically, no count is claimed.

- ``type(self).__annotations__`` of a class read from source: that class's own annotated
  names in order (a base's are not inherited: CPython 3.10+);
- ``argparse`` sub-commands: ``add_subparsers`` / ``add_parser`` replayed on Python's own
  argparse (a ``set_defaults(func=...)`` handler leaves that field unknown, the rest known);
- ``eval(text, {"__builtins__": {}, "dict": dict})``: an expression evaluated in dicts of the
  code's own (a name those dicts do not hold is CPython's NameError: no count);
- a token table narrower than the layers, projected up before them (ALBERT / ELECTRA's
  ``embedding_size``): the model width is the layers' (``hiddenSize``), the table's is
  ``embeddingSize``; a plant of either is one finding with both values.
"""

from __future__ import annotations

import runpy

import pytest

from driftcheck.parsers.source import parse_source
from tests.drift_support import config, count, hf_model, one, run, write

torch = pytest.importorskip("torch")


def _count(code) -> int:
    with torch.device("meta"):
        return count(runpy.run_path(str(code), run_name="__d32b__")["M"]())


ANNOT = """
import torch
from torch import nn


class Base:
    width: int = 8


class Hyper(Base):
    depth: int = 2
    ffn: int = 16

    def __init__(self, **kw):
        for name in type(self).__annotations__:
            setattr(self, name, kw.pop(name, getattr(type(self), name)))
        {leftover}


HP = Hyper(depth=3, ffn=24{extra})


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Sequential(nn.Linear(HP.width, HP.ffn), nn.Linear(HP.ffn, HP.width))
            for _ in range(HP.depth)
        )
"""


def test_annotations_walk_gives_cpythons_sizes(tmp_path):
    """CPython: ``Hyper.__annotations__`` is ``{'depth': int, 'ffn': int}`` (not the base's
    ``width``), so ``Hyper(depth=3, ffn=24)`` has depth 3, ffn 24 and the class width 8; the
    static count is torch's for that module."""
    code = write(tmp_path, "a.py", ANNOT.format(leftover="", extra=""))
    ns = runpy.run_path(str(code), run_name="__d32b__")
    assert list(ns["Hyper"].__annotations__) == ["depth", "ffn"]
    assert _count(code) == 3 * (8 * 24 + 24 + 24 * 8 + 8)
    assert parse_source(code).params_total() == _count(code)


def test_annotations_are_not_inherited_on_the_class(tmp_path):
    """``width=32`` is passed, but ``width`` is only the base's annotation: CPython leaves it
    in ``kw`` and the check after the loop raises, so there is no module and no count; were
    the base's annotations read as the class's, the static side would claim one at width 32."""
    code = write(
        tmp_path,
        "b.py",
        ANNOT.format(
            leftover="if kw:\n            raise TypeError(sorted(kw))", extra=", width=32"
        ),
    )
    with pytest.raises(TypeError):
        runpy.run_path(str(code), run_name="__d32b__")
    assert parse_source(code).params_total() is None


SUBCMD = """
import argparse
import torch
from torch import nn


def train(args):
    return args


def build():
    p = argparse.ArgumentParser(prog="tool")
    sub = p.add_subparsers(dest="command", required=True)
    pre = sub.add_parser("pretrain")
    pre.add_argument("--width", type=int, default=512)
    pre.add_argument("--layers", type=int, default=12)
    pre.set_defaults(func=train)
    fin = sub.add_parser("finetune")
    fin.add_argument("--width", type=int, default=1024)
    return p


ARGS = build().parse_args({argv})


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(ARGS.width, ARGS.width) for _ in range(ARGS.layers))
"""


@pytest.mark.parametrize(
    "argv", [["pretrain", "--width=16"], ["pretrain", "--layers", "3"], ["finetune"]]
)
def test_subcommand_parser_gives_argparses_namespace(tmp_path, argv):
    """CPython's argparse: the sub-command's own defaults and options (``finetune`` has no
    ``--layers``: no module, so no count)."""
    code = write(tmp_path, "s.py", SUBCMD.format(argv=argv))
    ns = runpy.run_path(str(code), run_name="__d32b__")
    if not hasattr(ns["ARGS"], "layers"):
        with pytest.raises(AttributeError), torch.device("meta"):
            ns["M"]()
        assert parse_source(code).params_total() is None
        return
    assert parse_source(code).params_total() == _count(code)


def test_subcommand_parse_error_is_no_count(tmp_path):
    """An option the sub-command does not have: argparse exits (SystemExit), no count."""
    code = write(tmp_path, "s.py", SUBCMD.format(argv=["finetune", "--layers=2"]))
    with pytest.raises(SystemExit):
        runpy.run_path(str(code), run_name="__d32b__")
    assert parse_source(code).params_total() is None


EVAL = """
import torch
from torch import nn

TEXT = "{text}"
CFG = eval(TEXT, {ns})


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Linear(CFG["width"], CFG["width"]) for _ in range(len(CFG["kinds"]))
        )
"""


@pytest.mark.parametrize(
    "text, ns",
    [
        ('dict(width=4 * 4, kinds=\\"L\\" * 2 + \\"G\\")', '{"__builtins__": {}, "dict": dict}'),
        ("dict(width=abs(-16), kinds=[1, 2])", '{"dict": dict}'),
        ('{\\"width\\": 1_6, \\"kinds\\": (1,)}', "{}"),
    ],
)
def test_eval_in_own_dicts_gives_cpythons_value(tmp_path, text, ns):
    code = write(tmp_path, "e.py", EVAL.format(text=text, ns=ns))
    assert parse_source(code).params_total() == _count(code)


def test_eval_name_missing_from_own_builtins_is_no_count(tmp_path):
    """``abs`` with ``__builtins__`` an empty dict: CPython's NameError; no count claimed."""
    code = write(
        tmp_path,
        "e.py",
        EVAL.format(
            text="dict(width=abs(-16), kinds=[1])", ns='{"__builtins__": {}, "dict": dict}'
        ),
    )
    with pytest.raises(NameError):
        runpy.run_path(str(code), run_name="__d32b__")
    assert parse_source(code).params_total() is None


ALBERT_CFG = dict(
    vocab_size=120, embedding_size=16, hidden_size=48, num_hidden_layers=2,
    num_attention_heads=4, intermediate_size=96, max_position_embeddings=64,
    type_vocab_size=2, hidden_act="gelu_new", architectures=["AlbertModel"],
)  # fmt: skip

ALBERT = """
import torch
from torch import nn

VOCAB, EMB, WIDTH, HEADS, FFN, LAYERS, POS = 120, {emb}, {width}, 4, 96, 2, 64


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(WIDTH, WIDTH)
        self.key = nn.Linear(WIDTH, WIDTH)
        self.value = nn.Linear(WIDTH, WIDTH)
        self.dense = nn.Linear(WIDTH, WIDTH)
        self.attn_norm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.ffn = nn.Linear(WIDTH, FFN)
        self.ffn_output = nn.Linear(FFN, WIDTH)
        self.out_norm = nn.LayerNorm(WIDTH, eps=1e-12)

    def forward(self, x):
        b, t, _ = x.shape
        hd = WIDTH // HEADS
        q, k, v = (m(x).view(b, t, HEADS, hd).transpose(1, 2) for m in (self.query, self.key, self.value))
        a = (q @ k.transpose(-1, -2) / hd**0.5).softmax(-1) @ v
        x = self.attn_norm(x + self.dense(a.transpose(1, 2).reshape(b, t, WIDTH)))
        h = self.ffn_output(nn.functional.gelu(self.ffn(x), approximate="tanh"))
        return self.out_norm(x + h)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, EMB)
        self.position_embeddings = nn.Embedding(POS, EMB)
        self.token_type_embeddings = nn.Embedding(2, EMB)
        self.embed_norm = nn.LayerNorm(EMB, eps=1e-12)
        self.project_in = nn.Linear(EMB, WIDTH)
        self.shared = Layer()
        self.pooler = nn.Linear(WIDTH, WIDTH)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.word_embeddings(ids) + self.position_embeddings(torch.arange(t))[None]
        x = self.embed_norm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        x = self.project_in(x)
        for _ in range(LAYERS):
            x = self.shared(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
"""


def _albert(tmp_path, name, emb=16, width=48):
    return write(tmp_path, name, ALBERT.format(emb=emb, width=width))


def test_factorised_albert_has_transformers_count_and_no_finding(tmp_path):
    """Torch: the code has AlbertModel's parameter count for the config (its one shared
    layer, the 16-wide tables projected up to 48); statically the clean pair agrees."""
    pytest.importorskip("transformers")
    cfg, path = config(tmp_path, "cfg", "AlbertConfig", **ALBERT_CFG)
    code = _albert(tmp_path, "clean.py")
    assert _count(code) == count(hf_model(cfg, "AlbertModel"))
    assert run(code, path) == []


@pytest.mark.parametrize(
    "kw, fact, values",
    [(dict(width=64), "hiddenSize", (64, 48)), (dict(emb=24), "embeddingSize", (24, 16))],
)
def test_factorised_width_plant_is_one_finding(tmp_path, kw, fact, values):
    """The layers' width (48 -> 64) or the tables' (16 -> 24) changed in the code: torch's
    count differs from AlbertModel's, and the comparison gives one finding of that fact with
    both values (before this branch: the width plant was a ``headDim`` finding, 16 vs 12)."""
    pytest.importorskip("transformers")
    cfg, path = config(tmp_path, "cfg", "AlbertConfig", **ALBERT_CFG)
    code = _albert(tmp_path, "planted.py", **kw)
    assert _count(code) != count(hf_model(cfg, "AlbertModel"))
    f = one(run(code, path), *values)
    assert f.attribute.endswith(fact) or fact in f.message, f.message
