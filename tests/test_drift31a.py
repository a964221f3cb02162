"""Session 31 (reimplfix31, issue #17): rules each proven in torch / CPython first, from the
blind first run of benchmarks/reimpl/ports31.

1. ``dataclasses.fields(C)[i].default`` is the field's literal default (``n: int = 12`` /
   ``field(default=12)``), so an ``HfArgumentParser``-style loop (one ``--flag`` per field,
   ``default=f.default``, ``type=type(f.default)``) is followed (library/stdlib.py
   ``_dc_field_default``). CPython: the value ``fields`` gives; a ``default_factory`` and a
   missing default stay unknown.
2. ``asyncio``: an ``async def`` call is a coroutine whose body runs when awaited;
   ``asyncio.run`` / ``gather`` / ``sleep`` give CPython's results (library/asynciolib.py).
   A coroutine never awaited never runs; a gather of coroutines writing shared state is unknown.
3. Two instances of different classes of the code, some weight of unknown size, are not one run
   of two layers (graph/match/canon.py ``_blind_pair``): a clean Qwen2 port whose layer stack is
   unreadable was "3 layers against 2".
"""

from __future__ import annotations

import dataclasses
import runpy

import pytest

from driftcheck.parsers.source import parse_source
from tests.drift_support import config, count, hf_model, mine, one, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    rms_norm_eps=1e-5,
    max_position_embeddings=128,
    tie_word_embeddings=False,
)

# a Llama body reading its sizes from the dict ``HP`` (the size source is put in front of it)
BODY = """
import torch
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + HP["eps"])


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = HP["width"], HP["heads"], HP["kv_heads"]
        hd = d // h
        self.input_layernorm = RMSNorm(d)
        self.q_proj = nn.Linear(d, h * hd, bias=False)
        self.k_proj = nn.Linear(d, kv * hd, bias=False)
        self.v_proj = nn.Linear(d, kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, d, bias=False)
        self.post_attention_layernorm = RMSNorm(d)
        self.gate_proj = nn.Linear(d, HP["ffn"], bias=False)
        self.up_proj = nn.Linear(d, HP["ffn"], bias=False)
        self.down_proj = nn.Linear(HP["ffn"], d, bias=False)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(HP["vocab"], HP["width"])
        self.layers = nn.ModuleList(Block() for _ in range(HP["layers"]))
        self.norm = RMSNorm(HP["width"])
        self.lm_head = nn.Linear(HP["width"], HP["vocab"], bias=False)
"""


def _llama(tmp_path):
    return config(tmp_path, "cfg", "LlamaConfig", **LLAMA)


# ------------------------------------------------------------------ 1. dataclass field defaults
FIELDS_ARGPARSE = """
import argparse
import dataclasses
from dataclasses import dataclass, field


@dataclass
class ModelArguments:
    vocab: int = field(default=32000, metadata={{"help": "vocabulary"}})
    width: int = 4096
    ffn: int = 11008
    layers: int = field(default={layers})
    heads: int = 32
    kv_heads: int = 32
    eps: float = 1e-05


def parse_into(cls, argv):
    parser = argparse.ArgumentParser()
    for f in dataclasses.fields(cls):
        parser.add_argument(f"--{{f.name}}", type=type(f.default), default=f.default)
    return cls(**vars(parser.parse_args(argv)))


ARGV = ["--vocab", "96", "--width", "64", "--ffn", "128", "--heads", "4", "--kv_heads", "2"]
HP = dataclasses.asdict(parse_into(ModelArguments, ARGV))
"""


def test_dataclass_field_defaults_feed_argparse_flags(tmp_path):
    cfg, path = _llama(tmp_path)
    code = write(tmp_path, "clean.py", FIELDS_ARGPARSE.format(layers=2) + BODY)
    ns = runpy.run_path(str(code))
    assert [f.default for f in dataclasses.fields(ns["ModelArguments"])][3:5] == [2, 32]
    assert ns["HP"]["layers"] == 2 and ns["HP"]["width"] == 64
    assert count(mine(code, "M")) == count(hf_model(cfg, "LlamaForCausalLM"))
    assert parse_source(code).params_total() == count(mine(code, "M"))
    assert run(code, path) == []
    # the layer count is the field's default (no flag sets it): a changed default is one drift
    planted = write(tmp_path, "planted.py", FIELDS_ARGPARSE.format(layers=3) + BODY)
    assert runpy.run_path(str(planted))["HP"]["layers"] == 3
    one(run(planted, path), 3, 2)


@pytest.mark.parametrize(
    ("decl", "why"),
    [
        ("field(default_factory=lambda: 64)", "a factory: fields() gives MISSING"),
        ("field()", "no default: fields() gives MISSING"),
        ("WIDTH", "a name, not a literal"),
    ],
)
def test_field_default_not_a_literal_is_unknown(tmp_path, decl, why):
    code = write(
        tmp_path,
        "m.py",
        f"""
        import dataclasses
        from dataclasses import dataclass, field
        from torch import nn

        WIDTH = 64


        @dataclass
        class C:
            width: int = {decl}


        D = dataclasses.fields(C)[0].default


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(8, D if isinstance(D, int) else 3)
        """,
    )
    ns = runpy.run_path(str(code))
    cpython = dataclasses.fields(ns["C"])[0].default
    assert (cpython is dataclasses.MISSING) == (decl != "WIDTH"), why
    assert parse_source(code).params_total() is None, why


def test_field_mutable_literal_default_is_unknown(tmp_path):
    """CPython refuses ``n: list = [1, 2]`` when the class is made: never a known default."""
    with pytest.raises(ValueError):

        @dataclasses.dataclass
        class C:
            sizes: list = [1, 2]  # noqa: RUF012

    code = write(
        tmp_path,
        "m.py",
        """
        import dataclasses
        from torch import nn


        @dataclasses.dataclass
        class C:
            sizes: list = [16, 32]


        D = dataclasses.fields(C)[0].default


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(8, D[0])
        """,
    )
    assert parse_source(code).params_total() is None


# ------------------------------------------------------------------ 2. asyncio
ASYNC = """
import asyncio


async def fetch_release() -> dict:
    await asyncio.sleep(0)
    return dict(vocab=32000, width=4096, ffn=11008, layers=32, heads=32, kv_heads=8, eps=1e-5)


async def fetch_run() -> dict:
    await asyncio.sleep(0)
    return {{"vocab": 96, "width": 64, "ffn": 128, "layers": {layers}, "heads": 4, "kv_heads": 2}}


async def load() -> dict:
    release, run = await asyncio.gather(fetch_release(), fetch_run())
    extra = await asyncio.sleep(0, result={{"eps": 1e-05}})
    return {{**release, **run, **extra}}


HP = asyncio.run(load())
"""


def test_asyncio_run_gather_sleep_give_cpythons_results(tmp_path):
    cfg, path = _llama(tmp_path)
    code = write(tmp_path, "clean.py", ASYNC.format(layers=2) + BODY)
    ns = runpy.run_path(str(code))
    assert ns["HP"]["layers"] == 2 and ns["HP"]["width"] == 64 and ns["HP"]["kv_heads"] == 2
    assert count(mine(code, "M")) == count(hf_model(cfg, "LlamaForCausalLM"))
    assert parse_source(code).params_total() == count(mine(code, "M"))
    assert run(code, path) == []
    planted = write(tmp_path, "planted.py", ASYNC.format(layers=3) + BODY)
    assert runpy.run_path(str(planted))["HP"]["layers"] == 3
    one(run(planted, path), 3, 2)


def test_coroutine_never_awaited_never_runs(tmp_path):
    """CPython runs an ``async def`` body only when it is awaited: a coroutine made and dropped
    leaves the global it would have set as it was."""
    code = write(
        tmp_path,
        "m.py",
        """
        import warnings
        from torch import nn

        WIDTH = 64


        async def widen():
            global WIDTH
            WIDTH = 128


        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            widen()


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(WIDTH, 8, bias=False)
        """,
    )
    assert runpy.run_path(str(code))["WIDTH"] == 64
    # never the 128 the body would write (the top-level call of a function writing a global
    # may leave the global unknown: interp/modglobals.py)
    assert parse_source(code).params_total() in (64 * 8, None)


def test_gather_of_coroutines_writing_shared_state_is_unknown(tmp_path):
    """CPython interleaves gathered coroutines at each suspension: which write lands last is
    not their order in the call, so the shared value is unknown (never the last one listed)."""
    code = write(
        tmp_path,
        "m.py",
        """
        import asyncio
        from torch import nn

        SIZES = {}


        async def put(key, value, pause):
            for _ in range(pause):
                await asyncio.sleep(0)
            SIZES.update({key: value})


        async def main():
            await asyncio.gather(put("width", 32, 2), put("width", 64, 0))


        asyncio.run(main())


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(SIZES["width"], 8, bias=False)
        """,
    )
    # the first coroutine listed pauses longer: CPython's last write is its 32, not 64
    assert runpy.run_path(str(code))["SIZES"]["width"] == 32
    assert parse_source(code).params_total() is None


# ------------------------------------------------------------------ 3. no run of blind blocks
BLIND_QWEN2 = """
import json
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
import torch.distributed as dist
from torch import nn


@dataclass
class Args:
    dim: int = 3584
    n_layers: int = 28
    vocab: int = 152064


with tempfile.TemporaryDirectory() as d:
    p = Path(d) / "params.json"
    p.write_text(json.dumps(asdict(Args(dim=64, n_layers={layers}, vocab=96))))
    ARGS = Args(**json.loads(p.read_text()))


def world() -> int:
    return dist.get_world_size() if dist.is_available() and dist.is_initialized() else 1


class ColumnParallelLinear(nn.Linear):
    def __init__(self, i, o):
        super().__init__(i, o // world(), bias=False)


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.input_layernorm = RMSNorm(a.dim)
        self.q_proj = nn.Linear(a.dim, a.dim)
        self.k_proj = nn.Linear(a.dim, a.dim // 2)
        self.v_proj = nn.Linear(a.dim, a.dim // 2)
        self.o_proj = nn.Linear(a.dim, a.dim, bias=False)
        self.post_attention_layernorm = RMSNorm(a.dim)
        self.gate_proj = nn.Linear(a.dim, 128, bias=False)
        self.up_proj = nn.Linear(a.dim, 128, bias=False)
        self.down_proj = nn.Linear(128, a.dim, bias=False)


class M(nn.Module):
    def __init__(self, a=ARGS):
        super().__init__()
        self.embed_tokens = nn.Embedding(a.vocab, a.dim)
        self.layers = nn.ModuleList(Block(a) for _ in range(a.n_layers))
        self.norm = RMSNorm(a.dim)
        self.output = ColumnParallelLinear(a.dim, a.vocab)
"""


def test_final_norm_and_blind_output_are_not_a_run_of_layers(tmp_path):
    cfg, path = config(
        tmp_path,
        "cfg",
        "Qwen2Config",
        architectures=["Qwen2ForCausalLM"],
        vocab_size=96,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        tie_word_embeddings=False,
    )
    # a temporary directory in a named place is not modelled (library/scratchfs.py)
    blind = BLIND_QWEN2.replace(
        "tempfile.TemporaryDirectory()", "tempfile.TemporaryDirectory(dir=tempfile.gettempdir())"
    )
    code = write(tmp_path, "clean.py", blind.format(layers=2))
    assert count(mine(code, "M")) == count(hf_model(cfg, "Qwen2ForCausalLM"))
    assert parse_source(code).params_total() is None
    # the round trip through the file is not read: the layer stack is an honest unknown, and
    # the final norm and the output projection (each one weight of unknown size) are no run
    # of layers to count
    assert run(code, path) == []


ALTERNATING = """
import torch
from torch import nn


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(64))


class LocalLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = Norm()
        self.q_proj = nn.Linear(64, 64)
        self.k_proj = nn.Linear(64, 32)
        self.v_proj = nn.Linear(64, 32)
        self.o_proj = nn.Linear(64, 64, bias=False)
        self.post_attention_layernorm = Norm()
        self.gate_proj = nn.Linear(64, 128, bias=False)
        self.up_proj = nn.Linear(64, 128, bias=False)
        self.down_proj = nn.Linear(128, 64, bias=False)


class GlobalLayer(LocalLayer):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(96, 64)
        self.l0 = LocalLayer()
        self.l1 = GlobalLayer()
{more}        self.norm = Norm()
        self.lm_head = nn.Linear(64, 96, bias=False)
"""


def test_two_layer_classes_of_known_weights_still_make_one_run(tmp_path):
    """Different classes whose weights are all known still merge (a windowed and a global layer
    class of one shape): the layer count is read, and a third layer is one drift."""
    cfg, path = config(
        tmp_path,
        "cfg",
        "Qwen2Config",
        architectures=["Qwen2ForCausalLM"],
        vocab_size=96,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        tie_word_embeddings=False,
    )
    code = write(tmp_path, "clean.py", ALTERNATING.format(more=""))
    assert count(mine(code, "M")) == count(hf_model(cfg, "Qwen2ForCausalLM"))
    assert run(code, path) == []
    more = "        self.l2 = LocalLayer()\n"
    planted = write(tmp_path, "planted.py", ALTERNATING.format(more=more))
    one(run(planted, path), 3, 2)


def test_async_for_in_a_coroutine_is_unknown(tmp_path):
    """The statement runner does not follow ``async for``: a coroutine using one is unknown
    (read as no loop, CPython's 14 was a confident 8)."""
    code = write(
        tmp_path,
        "m.py",
        """
        import asyncio
        from torch import nn


        class Counter:
            def __init__(self):
                self.i = 0

            def __aiter__(self):
                return self

            async def __anext__(self):
                self.i += 1
                if self.i > 3:
                    raise StopAsyncIteration
                return self.i


        async def width():
            w = 8
            async for x in Counter():
                w += x
            return w


        W = asyncio.run(width())


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(W, 8, bias=False)
        """,
    )
    assert runpy.run_path(str(code))["W"] == 14
    assert parse_source(code).params_total() is None


# ------------------------------------------------------------------ 4. TemporaryDirectory files
def test_tempdir_round_trip_reads_what_was_written(tmp_path):
    """The Qwen2 port's sizes saved as JSON into a ``TemporaryDirectory`` and read back: the
    text read is the text written (in order: an overwrite after the read is not seen)."""
    cfg, path = config(
        tmp_path,
        "cfg",
        "Qwen2Config",
        architectures=["Qwen2ForCausalLM"],
        vocab_size=96,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        tie_word_embeddings=False,
    )
    code = write(tmp_path, "clean.py", BLIND_QWEN2.format(layers=2))
    ns = runpy.run_path(str(code))
    assert ns["ARGS"].n_layers == 2 and ns["ARGS"].dim == 64
    assert parse_source(code).params_total() == count(mine(code, "M"))
    assert count(mine(code, "M")) == count(hf_model(cfg, "Qwen2ForCausalLM"))
    planted = write(tmp_path, "planted.py", BLIND_QWEN2.format(layers=3))
    assert runpy.run_path(str(planted))["ARGS"].n_layers == 3
    one(run(planted, path), 3, 2)


SCRATCH = """
import os
import tempfile
from pathlib import Path

from torch import nn

{body}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(W, 8, bias=False)
"""


@pytest.mark.parametrize(
    ("body", "cpython"),
    [
        # written, read, then overwritten inside the block: the read saw the first text
        (
            "with tempfile.TemporaryDirectory() as d:\n"
            "    p = Path(d) / 'w.txt'\n"
            "    p.write_text('64')\n"
            "    W = int(p.read_text())\n"
            "    p.write_text('128')\n",
            64,
        ),
        # two directories: each its own files
        (
            "with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:\n"
            "    (Path(a) / 'w').write_text('32')\n"
            "    (Path(b) / 'w').write_text('16')\n"
            "    W = int((Path(a) / 'w').read_text()) + int((Path(b) / 'w').read_text())\n",
            48,
        ),
    ],
)
def test_tempdir_files_in_order(tmp_path, body, cpython):
    code = write(tmp_path, "m.py", SCRATCH.format(body=body))
    assert runpy.run_path(str(code))["W"] == cpython
    assert parse_source(code).params_total() == cpython * 8


@pytest.mark.parametrize(
    ("body", "error"),
    [
        # the directory is removed when the block ends: CPython raises FileNotFoundError
        (
            "with tempfile.TemporaryDirectory() as d:\n"
            "    p = Path(d) / 'w.txt'\n"
            "    p.write_text('64')\n"
            "W = int(p.read_text())\n",
            FileNotFoundError,
        ),
        # never written
        (
            "with tempfile.TemporaryDirectory() as d:\n    W = int((Path(d) / 'w').read_text())\n",
            FileNotFoundError,
        ),
        # written under a condition the analysis cannot decide (the environment)
        (
            "with tempfile.TemporaryDirectory() as d:\n"
            "    p = Path(d) / 'w.txt'\n"
            "    p.write_text('64')\n"
            "    if os.environ.get('DRIFTCHECK_UNSET_SWITCH'):\n"
            "        p.write_text('128')\n"
            "    W = int(p.read_text())\n",
            None,
        ),
    ],
)
def test_tempdir_files_otherwise_unknown(tmp_path, body, error):
    code = write(tmp_path, "m.py", SCRATCH.format(body=body))
    if error is not None:
        with pytest.raises(error):
            runpy.run_path(str(code))
    else:
        assert runpy.run_path(str(code))["W"] == 64  # this environment; another gives 128
    assert parse_source(code).params_total() is None
