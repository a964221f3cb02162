"""Drift between re-implementations and their configs (session 25, issue #17: fresh22's
development part). Sizes reach the code through pure standard-library decoders of data the file
holds (library/purecalls.py): each rule is shown on code written here (not the corpus's): torch
builds the code and transformers' model for the same config and counts both; then the
comparison says nothing on the clean pair and one finding holding both values where one value
differs, and an argument the decoder refuses leaves the sizes unknown (no finding, never a
guess).

- ``json.loads(base64.b64decode(BLOB))``: a base64-encoded JSON blob;
- ``plistlib.loads(XML)``: an Apple XML property list;
- ``sqlite3.connect(":memory:")`` filled by ``execute`` / ``executemany`` and read back by
  ``SELECT ... fetchall()`` (library/sqlitedb.py: the log replayed on CPython's sqlite3,
  sandboxed: no ``ATTACH``, ``PRAGMA``, clock or ``random()``);
- ``torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + S["rms_eps"])`` in a norm's ``forward``: the item
  of a module global added to a mean under a square root is the norm's epsilon
  (forward/dataflow_eval.py ``global_item_use``), whatever its key;
- ``for name, v in PAIRS: setattr(sys.modules[__name__], name, v)`` at the top of the module:
  globals no assignment binds, bound by the import-time loop (interp/selfmodule.py).
"""

from __future__ import annotations

import base64
import json
import plistlib
import runpy

import pytest

from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import mine as _mine
from tests.drift_support import one_sided as _one
from tests.drift_support import run as _run
from tests.drift_support import write as _write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


# ------------------------------------------------------------------ a tiny Llama, sizes from S
LLAMA_CFG = dict(
    vocab_size=64, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
    num_attention_heads=4, num_key_value_heads=2, tie_word_embeddings=False,
    architectures=["LlamaForCausalLM"],
)  # fmt: skip
SIZES = dict(vocab=64, width=32, ffn=48, layers=2, heads=4, kv_heads=2, rms_eps=1e-06)

LLAMA_BODY = """

class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + S["rms_eps"])


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, hd = S["width"], S["width"] // S["heads"]
        self.input_layernorm = Norm(d)
        self.q_proj = nn.Linear(d, S["heads"] * hd, bias=False)
        self.k_proj = nn.Linear(d, S["kv_heads"] * hd, bias=False)
        self.v_proj = nn.Linear(d, S["kv_heads"] * hd, bias=False)
        self.o_proj = nn.Linear(S["heads"] * hd, d, bias=False)
        self.post_attention_layernorm = Norm(d)
        self.gate_proj = nn.Linear(d, S["ffn"], bias=False)
        self.up_proj = nn.Linear(d, S["ffn"], bias=False)
        self.down_proj = nn.Linear(S["ffn"], d, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        hd = d // S["heads"]
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(h).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(h).view(b, t, -1, hd).transpose(1, 2)
        rep = S["heads"] // S["kv_heads"]
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o_proj(a.transpose(1, 2).reshape(b, t, d))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(S["vocab"], S["width"])
        self.layers = nn.ModuleList(Block() for _ in range(S["layers"]))
        self.norm = Norm(S["width"])
        self.lm_head = nn.Linear(S["width"], S["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""


def _b64_source(sizes: dict, blob: str | None = None) -> str:
    blob = blob if blob is not None else base64.b64encode(json.dumps(sizes).encode()).decode()
    return (
        "import base64\nimport json\n\nimport torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
        f"BLOB = {blob!r}\nS = json.loads(base64.b64decode(BLOB))\n" + LLAMA_BODY
    )


def _plist_source(sizes: dict) -> str:
    xml = plistlib.dumps(sizes)
    return (
        "import plistlib\n\nimport torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
        f"XML = {xml!r}\nS = plistlib.loads(XML)\n" + LLAMA_BODY
    )


def _setattr_source(sizes: dict) -> str:
    pairs = tuple((k.upper(), v) for k, v in sizes.items())
    names = ", ".join(f"{k}={k.upper()}" for k in sizes)
    return (
        "# ruff: noqa: F821\nimport sys\n\nimport torch\nimport torch.nn.functional as F\n"
        f"from torch import nn\n\nPAIRS = {pairs!r}\nfor _n, _v in PAIRS:\n"
        f"    setattr(sys.modules[__name__], _n, _v)\nS = dict({names})\n" + LLAMA_BODY
    )


def _sqlite_source(sizes: dict, select: str = "SELECT k, v FROM hp WHERE run = ?") -> str:
    rows = [("tiny", k, v) for k, v in sizes.items()]
    return (
        "import sqlite3\n\nimport torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
        f"ROWS = {rows!r}\n_DB = sqlite3.connect(':memory:')\n"
        "_DB.execute('CREATE TABLE hp (run TEXT, k TEXT, v)')\n"
        "_DB.executemany('INSERT INTO hp VALUES (?, ?, ?)', ROWS)\n"
        f"S = dict(_DB.execute({select!r}, ('tiny',)).fetchall())\n" + LLAMA_BODY
    )


@pytest.mark.parametrize(
    "source",
    [_b64_source, _plist_source, _setattr_source, _sqlite_source],
    ids=["base64_json", "plist", "setattr_loop", "sqlite"],
)
def test_sizes_decoded_by_a_pure_stdlib_call(tmp_path, source):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    # one size changed in the encoded data: torch sees it (another count), one finding
    planted = _write(tmp_path, "planted.py", source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


def test_a_blob_the_decoder_refuses_is_unknown_not_a_guess(tmp_path):
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    good = base64.b64encode(json.dumps(SIZES).encode()).decode()
    bad = good[:-3] + "!"  # CPython: binascii.Error (incorrect padding) at import
    code = _write(tmp_path, "tiny.py", _b64_source(SIZES, bad))
    with pytest.raises(Exception, match="padding|Invalid"):
        _mine(code, "Tiny")
    assert _run(code, cfg_path) == []  # sizes unknown: no finding, never a guess


@pytest.mark.parametrize(
    "select",
    [
        # CPython reads other rows each run (random order): never a guess
        "SELECT k, v FROM hp WHERE run = ? ORDER BY random()",
        # the clock: the rows depend on when it runs
        "SELECT k, v FROM hp WHERE run = ? AND CURRENT_TIMESTAMP IS NOT NULL",
    ],
    ids=["random", "clock"],
)
def test_sqlite_rows_that_depend_on_the_run_are_unknown(tmp_path, select):
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    code = _write(tmp_path, "tiny.py", _sqlite_source(SIZES, select))
    _mine(code, "Tiny")  # torch builds it
    assert _run(code, cfg_path) == []  # rows unknown: no finding


def test_sqlite_replay_is_sandboxed(tmp_path):
    from driftcheck.parsers.source.library.sqlitedb import _replay

    target = tmp_path / "written.db"
    got = _replay([("execute", f"ATTACH DATABASE '{target}' AS x", ())])
    assert isinstance(got, str) and not target.exists()
    got = _replay([("execute", "PRAGMA user_version = 3", ())])
    assert isinstance(got, str)
    # a query that never ends is stopped by the progress handler
    loop = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c"
    assert isinstance(_replay([("execute", loop, ())]), str)
    assert _replay([("execute", "SELECT 2 * 3, upper('a')", ())]) == [(6, "A")]


def test_an_epsilon_read_as_a_global_item_in_forward(tmp_path):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", _b64_source(SIZES))
    planted = _write(tmp_path, "planted.py", _b64_source({**SIZES, "rms_eps": 0.1}))
    # torch: the same weights give other outputs (the count is the same)
    torch.manual_seed(0)
    a = runpy.run_path(str(code), run_name="__d25b__")["Tiny"]()
    b = runpy.run_path(str(planted), run_name="__d25b__")["Tiny"]()
    b.load_state_dict(a.state_dict())
    ids = torch.randint(0, 64, (1, 7))
    assert (a(ids) - b(ids)).abs().max() > 1e-4
    assert _run(code, cfg_path) == []
    f = _one(_run(planted, cfg_path), 0.1, 1e-06)
    assert "eps" in f.message.lower()


def test_a_global_item_outside_a_norm_is_no_epsilon(tmp_path):
    # ``x * S["rms_eps"]`` scales: no square root of a mean, so no norm epsilon is read
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    src = _b64_source({**SIZES, "rms_eps": 0.1}).replace(
        'torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + S["rms_eps"])', 'S["rms_eps"]'
    )
    code = _write(tmp_path, "tiny.py", src)
    assert [f for f in _run(code, cfg_path) if "eps" in f.message.lower()] == []
