"""Drift between re-implementations and their configs (session 26, issue #17: fresh23's
development part). Each rule is shown on code written here (not the corpus's): torch builds the
code and transformers' model for the same config and counts both; the clean pair has no
finding, one changed size gives one finding holding both values, and a construct the
interpreter does not decide leaves the sizes unknown (no finding, never a guess).

- sizes compressed and decompressed in the file (``zlib`` / ``gzip`` / ``lzma`` / ``bz2``,
  library/purecalls.py): ``compress`` of known bytes remembers them (its own bytes are unknown:
  they depend on the library's version, gzip's on the clock), ``decompress`` gives them back;
  a constant blob is decompressed in CPython with a bound; a format keyword is unknown;
- ``json.dumps`` of plain data and ``bytes`` methods (``.decode()``), made in CPython;
- a preset table keyed by ``hashlib.sha256(NAME).hexdigest()[:12]`` (the table also holds a
  real release's sizes: reading that one would be a confident wrong);
- ``weakref.WeakKeyDictionary`` keyed by a config class (library/stdlib.py): entries under a
  class bound at the module's top level are read back; under an instance (the collector may
  drop it) they are unknown;
- a square ``Linear`` (BERT's pooler where the vocabulary is as wide as the model) is no
  evidence of an untied output head (graph/match/derive.py ``_ties``).
"""

from __future__ import annotations

import json
import textwrap
import zlib

import pytest

from tests.test_drift25b import (
    LLAMA_BODY,
    LLAMA_CFG,
    SIZES,
    _config,
    _count,
    _hf,
    _mine,
    _one,
    _run,
    _write,
)

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

_HEAD = "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"


def _lzma_source(sizes: dict) -> str:
    return (
        "import ast\nimport lzma\n\n" + _HEAD + f"XZ = lzma.compress(repr({sizes!r}).encode())\n"
        "S = ast.literal_eval(lzma.decompress(XZ).decode())\n" + LLAMA_BODY
    )


def _gzip_source(sizes: dict) -> str:
    return (
        "import gzip\nimport json\n\n"
        + _HEAD
        + f"GZ = gzip.compress(json.dumps({sizes!r}).encode())\n"
        "S = json.loads(gzip.decompress(GZ))\n" + LLAMA_BODY
    )


def _bz2_source(sizes: dict) -> str:
    return (
        "import bz2\nimport json\n\n" + _HEAD + f"S = json.loads(bz2.decompress(bz2.compress("
        f"json.dumps({sizes!r}).encode(), 9)).decode('utf-8'))\n" + LLAMA_BODY
    )


def _zlib_blob_source(sizes: dict) -> str:
    blob = zlib.compress(json.dumps(sizes).encode())  # a constant the file holds
    return (
        "import json\nimport zlib\n\n"
        + _HEAD
        + f"S = json.loads(zlib.decompress({blob!r}))\n"
        + LLAMA_BODY
    )


BIG = dict(vocab=32000, width=4096, ffn=11008, layers=32, heads=32, kv_heads=8, rms_eps=1e-05)


def _sha_source(sizes: dict) -> str:
    import hashlib

    key = hashlib.sha256(b"llama-tiny").hexdigest()[:12]
    big = hashlib.sha256(b"llama-7b").hexdigest()[:12]
    return (
        "import hashlib\n\n" + _HEAD + f"TABLE = {{{big!r}: {BIG!r}, {key!r}: {sizes!r}}}\n"
        "_h = hashlib.sha256(b'llama-')\n_h.update('tiny'.encode())\n"
        "S = TABLE[_h.hexdigest()[:12]]\n" + LLAMA_BODY
    )


def _weak_source(sizes: dict) -> str:
    return (
        "import weakref\n\n" + _HEAD + "REG = weakref.WeakKeyDictionary()\n\n\n"
        "class Big:\n    pass\n\n\nclass Tiny0:\n    pass\n\n\n"
        f"REG[Big] = {BIG!r}\nREG[Tiny0] = {sizes!r}\nS = REG[Tiny0]\n" + LLAMA_BODY
    )


@pytest.mark.parametrize(
    "source",
    [_lzma_source, _gzip_source, _bz2_source, _zlib_blob_source, _sha_source, _weak_source],
    ids=["lzma_literal_eval", "gzip_json", "bz2_decode", "zlib_blob", "sha256_table", "weak_keys"],
)
def test_sizes_through_codecs_digests_and_weak_registries(tmp_path, source):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    # one size changed: torch sees it (another count), one finding with both values
    planted = _write(tmp_path, "planted.py", source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


def _undecided(kind: str, sizes: dict) -> str:
    if kind == "lzma_raw":  # a raw stream: its filters decide the format (not modelled)
        return (
            "import ast\nimport lzma\n\n" + _HEAD + "F_ = [{'id': lzma.FILTER_LZMA2}]\n"
            f"XZ = lzma.compress(repr({sizes!r}).encode(), format=lzma.FORMAT_RAW, filters=F_)\n"
            "S = ast.literal_eval(lzma.decompress(XZ, format=lzma.FORMAT_RAW, filters=F_).decode())\n"
            + LLAMA_BODY
        )
    if kind == "weak_instance":  # a weak key the collector may drop (here another name keeps it)
        return (
            "import weakref\n\n" + _HEAD + "REG = weakref.WeakKeyDictionary()\n\n\n"
            "class Key:\n    pass\n\n\nK = Key()\n"
            f"REG[K] = {sizes!r}\nS = REG[K]\n" + LLAMA_BODY
        )
    # a digest of a value read from the environment: the table's key is not known
    return (
        "import hashlib\nimport os\n\n" + _HEAD
        + f"TABLE = {{'0': {BIG!r}}}\n"
        "S = TABLE.get(hashlib.sha256(os.environ.get('DC26B_UNSET', '').encode()).hexdigest(), "
        f"{sizes!r})\n" + LLAMA_BODY
    )  # fmt: skip


@pytest.mark.parametrize("kind", ["lzma_raw", "weak_instance", "env_digest"])
def test_undecided_codec_weak_key_or_digest_is_unknown(tmp_path, monkeypatch, kind):
    monkeypatch.delenv("DC26B_UNSET", raising=False)
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    code = _write(tmp_path, "tiny.py", _undecided(kind, SIZES))
    _mine(code, "Tiny")  # torch builds it (48 against the config's 40)
    if kind == "env_digest":
        _env_policy(lambda: _run(code, cfg_path), monkeypatch)
        return
    assert _run(code, cfg_path) == []  # sizes unknown: no finding, never a guess


def _env_policy(run, monkeypatch):
    """Session 37 (reimplfix37): the plain pass leaves environment-read sizes unknown (no
    finding, never a guess: ``DRIFTCHECK_NO_ENV_DEFAULT_DRIFT=1`` shows that pass alone); the
    second pass adds what the code's own defaults disagree on, at most minor, naming the unset
    variables (the launch may set them)."""
    monkeypatch.setenv("DRIFTCHECK_NO_ENV_DEFAULT_DRIFT", "1")
    assert run() == []
    monkeypatch.delenv("DRIFTCHECK_NO_ENV_DEFAULT_DRIFT")
    for f in run():
        assert f.severity.name in ("info", "minor") and "unset" in f.message, f.message


def test_a_truncated_blob_is_unknown(tmp_path):
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    blob = zlib.compress(json.dumps(SIZES).encode())[:-2]
    code = _write(
        tmp_path,
        "tiny.py",
        "import json\nimport zlib\n\n"
        + _HEAD
        + f"S = json.loads(zlib.decompress({blob!r}))\n"
        + LLAMA_BODY,
    )
    with pytest.raises(zlib.error):
        _mine(code, "Tiny")
    assert _run(code, cfg_path) == []


# ---------------------------------------------- BERT, vocabulary as wide as the model, pooler
BERT = """
import torch
import torch.nn.functional as F
from torch import nn

V, D, FF, L, POS = {V}, {D}, 64, 2, 16


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.q, self.k, self.v, self.o = (nn.Linear(D, D) for _ in range(4))
        self.n1, self.n2 = nn.LayerNorm(D, eps=1e-12), nn.LayerNorm(D, eps=1e-12)
        self.up, self.down = nn.Linear(D, FF), nn.Linear(FF, D)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (m(x).view(b, t, 4, D // 4).transpose(1, 2) for m in (self.q, self.k, self.v))
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, D)
        x = self.n1(x + self.o(a))
        return self.n2(x + self.down(F.gelu(self.up(x))))


class Bert(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(V, D)
        self.pos = nn.Embedding(POS, D)
        self.types = nn.Embedding(2, D)
        self.norm = nn.LayerNorm(D, eps=1e-12)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.pooler = nn.Linear(D, D)

    def forward(self, ids, tt):
        x = self.word(ids) + self.pos(torch.arange(ids.shape[1])) + self.types(tt)
        x = self.norm(x)
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
"""


def _bert(tmp_path, name: str, vocab: int, width: int):
    return _write(
        tmp_path, name, textwrap.dedent(BERT.replace("{V}", str(vocab)).replace("{D}", str(width)))
    )


def _bert_config(tmp_path, vocab: int, width: int):
    return _config(
        tmp_path, f"cfg{vocab}_{width}", "BertConfig", vocab_size=vocab, hidden_size=width,
        num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
        max_position_embeddings=16, architectures=["BertModel"],
    )  # fmt: skip


def test_a_square_pooler_is_no_untied_head(tmp_path):
    # the clean pair: vocabulary as wide as the model, no output head (BertModel)
    cfg, cfg_path = _bert_config(tmp_path, 32, 32)
    assert cfg.tie_word_embeddings is True  # BertConfig's default: the pooler is not a head
    code = _bert(tmp_path, "bert.py", 32, 32)
    assert _count(_mine(code, "Bert")) == _count(_hf(cfg, "BertModel"))
    assert _run(code, cfg_path) == []
    # a width planted equal to the vocabulary: one finding, the width (none on tied weights)
    cfg, cfg_path = _bert_config(tmp_path, 48, 32)
    planted = _bert(tmp_path, "planted.py", 48, 48)
    assert _count(_mine(planted, "Bert")) != _count(_hf(cfg, "BertModel"))
    _one(_run(planted, cfg_path), 48, 32)


HOLDERS = """
import bz2
import hashlib
import lzma
import os
import zlib

from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(2, 3)
        self.h = hashlib.sha256(b"x")
        self.h2 = hashlib.md5(os.environ.get("DC26B_UNSET", "").encode())
        self.d = lzma.LZMADecompressor()
        self.c = zlib.compressobj()
        self.b = bz2.BZ2Compressor()

    def forward(self, x):
        return self.l(x)
"""


def test_digests_and_compressor_objects_on_a_module_are_no_layers(tmp_path, monkeypatch):
    from driftcheck.parsers.source import parse_source

    monkeypatch.delenv("DC26B_UNSET", raising=False)
    code = _write(tmp_path, "holders.py", HOLDERS)
    assert parse_source(str(code), entry="M").params_total() == _count(_mine(code, "M")) == 9
