"""Session 34 (reimplfix34c): an unknown size read from the environment names the read.

``os.environ.get(K, D)`` / ``os.getenv(K, D)`` in the analyzed code is unknown by design (the
launch may set ``K``; ``--assume-env-defaults`` opts in to ``D``). The graph's note for the
null ``params_total`` now names that read and its file:line -- through ``int(...)`` and a
helper function too -- not only the layer and its argument. Ground truth: torch in a clean
environment builds the layer from ``D`` (so the size really hangs on the read), and the
line the note names is the line of the call in the source (ast)."""

from __future__ import annotations

import ast
import json
import runpy
from pathlib import Path

import pytest

MODEL = """\
import os
import torch.nn as nn


def setting(name, cast=int):
    return cast(READ)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(setting("R34C_VOCAB"), 8)
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(self.emb(x))
"""

READS = {
    "environ": ('os.environ.get(name, "600")', "os.environ.get('R34C_VOCAB')"),
    "getenv": ('os.getenv(name, "600")', "os.getenv('R34C_VOCAB')"),
}


def _graph(path: Path, capsys, *flags: str) -> dict:
    from driftcheck.cli import main

    capsys.readouterr()
    assert main(["graph", str(path), "--format", "json", *flags]) == 0
    return json.loads(capsys.readouterr().out)


def _call_line(src: str) -> int:
    calls = [
        n
        for n in ast.walk(ast.parse(src))
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in ("get", "getenv")
    ]
    assert len(calls) == 1
    return calls[0].lineno


@pytest.mark.parametrize("kind", sorted(READS))
def test_unknown_size_note_names_the_environment_read(tmp_path, capsys, monkeypatch, kind):
    read, construct = READS[kind]
    src = MODEL.replace("READ", read)
    path = tmp_path / "env_note.py"
    path.write_text(src)
    monkeypatch.delenv("R34C_VOCAB", raising=False)
    m = runpy.run_path(str(path))["M"]()
    truth = sum(p.numel() for p in m.parameters())
    assert m.emb.num_embeddings == 600 and truth == 600 * 8 + 8 * 4 + 4
    monkeypatch.setenv("R34C_VOCAB", "7")  # the launch sets it: the size follows
    assert runpy.run_path(str(path))["M"]().emb.num_embeddings == 7
    monkeypatch.delenv("R34C_VOCAB")

    off = _graph(path, capsys)
    assert off["params_total"] is None
    notes = [n for n in off["notes"] if n.startswith("params_total unknown")]
    assert len(notes) == 1
    where = f"{path}:{_call_line(src)}"
    assert f"{construct} at {where}: the environment at run time" in notes[0], notes
    assert "emb (torch.nn.Embedding)" in notes[0]  # the layer is still named
    on = _graph(path, capsys, "--assume-env-defaults")
    assert on["params_total"] == truth


def test_program_writing_the_key_names_why_it_stays_unknown(tmp_path, capsys):
    src = (
        "import os\n"
        + MODEL.replace("READ", READS["environ"][0])
        + ('\nos.environ["R34C_VOCAB"] = "32"\n')
    )
    path = tmp_path / "env_write.py"
    path.write_text(src)
    on = _graph(path, capsys, "--assume-env-defaults")
    assert on["params_total"] is None
    note = next(n for n in on["notes"] if n.startswith("params_total unknown"))
    assert f"os.environ.get('R34C_VOCAB') at {path}:{_call_line(src)}" in note
    assert "the program writes the environment" in note


# CodeGen's model-parallel layout: the fused q|v|k projection is viewed as (MP_NUM, -1) --
# MP_NUM groups, not heads -- cut by a size the analysis holds as symbolic (``d // MP_NUM``
# with ``d`` from ``x.shape``), and regrouped into (heads, head width) only afterwards.
CODEGEN = """\
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, D, LAYERS, HEADS, ROT, INNER = 600, 64, 2, NH, 8, 256
MP_NUM = 4


def rotate_every_two(x):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.nh = HEADS
        self.hd = D // self.nh
        self.rotary_dim = ROT
        self.qkv_proj = nn.Linear(D, 3 * D, bias=False)
        self.out_proj = nn.Linear(D, D, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        qkv = self.qkv_proj(x).view(b, t, MP_NUM, -1)
        local = d // MP_NUM
        q, v, k = torch.split(qkv, local, dim=-1)
        q, k, v = (z.reshape(b, t, self.nh, self.hd) for z in (q, k, v))
        r = self.rotary_dim
        inv = 1.0 / 10000 ** (torch.arange(0, r, 2).float() / r)
        ang = torch.outer(torch.arange(t).float(), inv).repeat_interleave(2, -1)[:, None]
        q = torch.cat([q[..., :r] * ang.cos() + rotate_every_two(q[..., :r]) * ang.sin(), q[..., r:]], -1)
        k = torch.cat([k[..., :r] * ang.cos() + rotate_every_two(k[..., :r]) * ang.sin(), k[..., r:]], -1)
        y = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True
        )
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(D, eps=1e-5)
        self.attn = Attention()
        self.fc_in = nn.Linear(D, INNER)
        self.fc_out = nn.Linear(INNER, D)

    def forward(self, x):
        h = self.ln_1(x)
        return x + self.attn(h) + self.fc_out(F.gelu(self.fc_in(h), approximate="tanh"))


class CodeGen(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D)
        self.h = nn.ModuleList([Block() for _ in range(LAYERS)])
        self.ln_f = nn.LayerNorm(D, eps=1e-5)
        self.lm_head = nn.Linear(D, VOCAB)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
"""

CODEGEN_CFG = {
    "activation_function": "gelu_new",
    "architectures": ["CodeGenForCausalLM"],
    "attn_pdrop": 0.0,
    "embd_pdrop": 0.0,
    "resid_pdrop": 0.0,
    "layer_norm_epsilon": 1e-05,
    "model_type": "codegen",
    "n_ctx": 256,
    "n_embd": 64,
    "n_inner": None,
    "n_layer": 2,
    "n_positions": 256,
    "rotary_dim": 8,
    "tie_word_embeddings": False,
    "vocab_size": 600,
}


def _codegen(tmp_path: Path, heads: int) -> tuple[Path, Path]:
    code = tmp_path / f"codegen{heads}.py"
    code.write_text(CODEGEN.replace("NH", str(heads)))
    cfg = tmp_path / f"cfg{heads}" / "config.json"
    cfg.parent.mkdir()
    cfg.write_text(json.dumps({**CODEGEN_CFG, "n_head": heads}))
    return code, cfg


def _hf_logits(code: Path, cfg: Path, ids):
    import torch
    from transformers import CodeGenConfig, CodeGenForCausalLM

    torch.manual_seed(0)
    mine = runpy.run_path(str(code))["CodeGen"]().eval()
    hf = CodeGenForCausalLM(CodeGenConfig(**json.loads(cfg.read_text()))).eval()
    sd = {
        (k if k.startswith("lm_head") else "transformer." + k)
        .replace(".fc_in", ".mlp.fc_in")
        .replace(".fc_out", ".mlp.fc_out"): v
        for k, v in mine.state_dict().items()
    }
    hf.load_state_dict(sd, strict=True)
    with torch.no_grad():
        return mine, mine(ids), hf(ids).logits


def test_model_parallel_groups_are_not_read_as_heads(tmp_path):
    """The code with 8 heads is transformers' CodeGen with ``n_head=8`` (same logits, torch);
    with 4 heads it is not. The (MP_NUM, -1) view is no head split: no ``numHeads`` is read
    off it (was 4 = MP_NUM, a wrong ``numHeads 4 vs 8`` against the matching config)."""
    import torch

    from driftcheck.drift import load_sides
    from driftcheck.graph.match import canonicalise, derive
    from tests.drift_support import run

    ids = torch.randint(0, 600, (1, 12))
    code8, cfg8 = _codegen(tmp_path, 8)
    mine, a, b = _hf_logits(code8, cfg8, ids)
    assert torch.allclose(a, b, atol=1e-5)
    code4, _ = _codegen(tmp_path, 4)
    m4 = runpy.run_path(str(code4))["CodeGen"]().eval()
    m4.load_state_dict(mine.state_dict())
    with torch.no_grad():
        assert not torch.allclose(m4(ids), b, atol=1e-3)  # the head count matters

    fs = run(code8, cfg8)
    assert not [f for f in fs if "numHeads" in f.message], [f.message for f in fs]
    sides = load_sides(str(code8), str(cfg8))
    assert "numHeads" not in derive(canonicalise(sides.left, sides.right)[0])
