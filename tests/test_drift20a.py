"""Drift between re-implementations and their configs (session 20a, issue #17).

Each test proves its rule in torch first (the code builds the HF model's parameter count, or
the sizes it claims), then statically: the clean pair gives no finding of minor or above and a
planted change gives one finding holding both values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


DT_CODE = """
import torch
from torch import nn

STATE, ACTION, EPISODE, WIDTH, HEADS, LAYERS = 5, 3, {episode}, 32, 2, 2


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(WIDTH), nn.LayerNorm(WIDTH)
        self.qkv = nn.Linear(WIDTH, 3 * WIDTH)
        self.proj = nn.Linear(WIDTH, WIDTH)
        self.fc = nn.Linear(WIDTH, 4 * WIDTH)
        self.out = nn.Linear(4 * WIDTH, WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, HEADS, -1).permute(2, 0, 3, 1, 4)
        a = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(b, t, WIDTH))
        return x + self.out(nn.functional.relu(self.fc(self.ln2(x))))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.t_emb = nn.Embedding(EPISODE, WIDTH)
        self.r_emb = nn.Linear(1, WIDTH)
        self.s_emb = nn.Linear(STATE, WIDTH)
        self.a_emb = nn.Linear(ACTION, WIDTH)
        self.emb_norm = nn.LayerNorm(WIDTH)
        self.tok_table = nn.Embedding(1, WIDTH)  # never read
        self.pos_table = nn.Embedding(1024, WIDTH)  # only row 0 is read
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.final_norm = nn.LayerNorm(WIDTH)
        self.to_state = nn.Linear(WIDTH, STATE)
        self.to_action = nn.Sequential(nn.Linear(WIDTH, ACTION), nn.Tanh())
        self.to_return = nn.Linear(WIDTH, 1)

    def forward(self, states, actions, returns, steps):
        b, t = states.shape[:2]
        te = self.t_emb(steps)
        toks = torch.stack(
            [self.r_emb(returns) + te, self.s_emb(states) + te, self.a_emb(actions) + te], 2
        ).reshape(b, 3 * t, WIDTH)
        x = self.emb_norm(toks) + self.pos_table.weight[0]
        for blk in self.blocks:
            x = blk(x)
        x = self.final_norm(x).view(b, t, 3, WIDTH)
        return self.to_state(x[:, :, 2]), self.to_action(x[:, :, 1]), self.to_return(x[:, :, 2])
"""

DT = dict(
    state_dim=5,
    act_dim=3,
    hidden_size=32,
    n_head=2,
    n_layer=2,
    max_ep_len=64,
    activation_function="relu",
)


def test_none_default_inputs_a_layer_reads_are_inputs(tmp_path) -> None:
    """transformers' Decision Transformer takes every input by a keyword defaulting to None
    (``timesteps=None``) and hands it to a layer unguarded (``self.embed_timestep(timesteps)``):
    a layer cannot take None, so the caller gives it, and it is an input as a parameter without
    a default is. Before, only ``states`` was an input on the config side, so the episode-step
    table (looked up by the code's ``steps`` input) was the code's token table and GPT-2's
    1024-row position table the config's: ``vocabSize 64 vs 1024`` on a clean pair."""
    cfg, path = config(tmp_path, "dt", "DecisionTransformerConfig", **DT)
    code = write(tmp_path, "dt.py", DT_CODE.format(episode=64))
    # torch: the same parameter count; the HF forward fails without timesteps
    import runpy

    with torch.device("meta"):
        mine = runpy.run_path(str(code))["M"]()
        hf = transformers.DecisionTransformerModel(cfg)
    assert count(mine) == count(hf)
    assert hf.embed_timestep.num_embeddings == 64
    real = transformers.DecisionTransformerModel(cfg).eval()
    b, t = 1, 4
    args = dict(
        states=torch.randn(b, t, 5),
        actions=torch.randn(b, t, 3),
        returns_to_go=torch.randn(b, t, 1),
        attention_mask=torch.ones(b, t, dtype=torch.long),
    )
    with pytest.raises((TypeError, AttributeError, RuntimeError)):
        real(**args)
    real(**args, timesteps=torch.zeros(b, t, dtype=torch.long))
    # static: the clean pair agrees; the episode table's rows changed is one finding
    assert run(code, path) == []
    planted = write(tmp_path, "dt_128.py", DT_CODE.format(episode=128))
    one(run(planted, path), 64, 128)
    # the config side's graph has the four inputs the forward reads
    from driftcheck.drift import load_sides

    right = load_sides(str(code), str(path)).right
    names = {n.name for n in right.nodes if n.type == "Input"}
    assert {"states", "actions", "returns_to_go", "timesteps"} <= names
    assert "attention_mask" not in names  # tested for None first: optional


MLLAMA_CODE = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, HEADS, KV, FFN, DEPTH = 96, 32, 4, 2, 48, {depth}
CROSS_AT = {cross}


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class GQA(nn.Module):
    def __init__(self, qk_norm=False):
        super().__init__()
        self.hd = WIDTH // HEADS
        self.q_proj = nn.Linear(WIDTH, HEADS * self.hd, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV * self.hd, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV * self.hd, bias=False)
        self.o_proj = nn.Linear(HEADS * self.hd, WIDTH, bias=False)
        self.q_norm = RMSNorm(self.hd) if qk_norm else None
        self.k_norm = RMSNorm(self.hd) if qk_norm else None

    def forward(self, x, mem=None):
        b, t, _ = x.shape
        src = x if mem is None else mem
        q = self.q_proj(x).view(b, t, -1, self.hd)
        k = self.k_proj(src).view(b, src.shape[1], -1, self.hd)
        v = self.v_proj(src).view(b, src.shape[1], -1, self.hd)
        if self.q_norm is not None:
            q, k = self.q_norm(q), self.k_norm(k)
        q, k, v = (z.transpose(1, 2) for z in (q, k, v))
        k, v = k.repeat_interleave(HEADS // KV, 1), v.repeat_interleave(HEADS // KV, 1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=mem is None)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class SelfLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn, self.mlp = GQA(), MLP()
        self.norm1, self.norm2 = RMSNorm(WIDTH), RMSNorm(WIDTH)

    def forward(self, x, img):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class CrossLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn, self.mlp = GQA(qk_norm=True), MLP()
        self.norm1, self.norm2 = RMSNorm(WIDTH), RMSNorm(WIDTH)
        self.attn_gate = nn.Parameter(torch.zeros(1))
        self.mlp_gate = nn.Parameter(torch.zeros(1))

    def forward(self, x, img):
        x = x + self.attn_gate.tanh() * self.attn(self.norm1(x), img)
        return x + self.mlp_gate.tanh() * self.mlp(self.norm2(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB + 8, WIDTH)
        self.layers = nn.ModuleList(
            CrossLayer() if i in CROSS_AT else SelfLayer() for i in range(DEPTH)
        )
        self.norm = RMSNorm(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids, img):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x, img)
        return self.lm_head(self.norm(x))
"""


def test_two_layer_kinds_alternating_are_whole_layers(tmp_path) -> None:
    """A stack alternating two layer classes that each hold the same attention and MLP
    classes (Mllama's self- and cross-attention layers, cross at 1 and 3 of 4) is 4 layers,
    not 2 layers of two halves each (the half-layer rule is for BertGeneration's attention
    and feed-forward halves, which share no such part)."""
    import runpy

    kw = dict(
        architectures=["MllamaForCausalLM"],
        vocab_size=96,
        hidden_size=32,
        num_attention_heads=4,
        num_key_value_heads=2,
        intermediate_size=48,
        num_hidden_layers=4,
        cross_attention_layers=[1, 3],
        pad_token_id=0,
    )
    cfg, path = config(tmp_path, "mllama", "MllamaTextConfig", **kw)
    code = write(tmp_path, "mllama.py", MLLAMA_CODE.format(depth=4, cross="{1, 3}"))
    planted = write(tmp_path, "mllama6.py", MLLAMA_CODE.format(depth=6, cross="{1, 3, 5}"))
    with torch.device("meta"):
        mine = runpy.run_path(str(code))["M"]()
        hf = transformers.MllamaForCausalLM(cfg)
        assert len(runpy.run_path(str(planted))["M"]().layers) == 6
    assert count(mine) == count(hf)
    assert len(mine.layers) == len(hf.model.layers) == 4
    assert run(code, path) == []
    one(run(planted, path), 4, 6)


FLAT_CODE = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D, DEPTH, HEADS, KV, MLP = 96, 32, {depth}, 4, 2, {mlp}
HD = D // HEADS


def shapes():
    out = {{"embed": (VOCAB, D), "final_norm": (D,), "head": (D, VOCAB)}}
    for i in range(DEPTH):
        out |= {{
            f"l{{i}}_wq": (D, HEADS * HD), f"l{{i}}_wk": (D, KV * HD), f"l{{i}}_wv": (D, KV * HD),
            f"l{{i}}_wo": (HEADS * HD, D), f"l{{i}}_gate": (D, MLP), f"l{{i}}_up": (D, MLP),
            f"l{{i}}_down": (MLP, D), f"l{{i}}_n1": (D,), f"l{{i}}_n2": (D,),
        }}
    return out


def rms(x, w):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.p = nn.ParameterDict({{k: nn.Parameter(torch.randn(s)) for k, s in shapes().items()}})

    def forward(self, ids):
        x = self.p["embed"][ids]
        b, t, _ = x.shape
        for i in range(DEPTH):
            h = rms(x, self.p[f"l{{i}}_n1"])
            q = (h @ self.p[f"l{{i}}_wq"]).view(b, t, HEADS, HD).transpose(1, 2)
            k = (h @ self.p[f"l{{i}}_wk"]).view(b, t, KV, HD).transpose(1, 2)
            v = (h @ self.p[f"l{{i}}_wv"]).view(b, t, KV, HD).transpose(1, 2)
            a = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
            x = x + a.transpose(1, 2).reshape(b, t, D) @ self.p[f"l{{i}}_wo"]
            h = rms(x, self.p[f"l{{i}}_n2"])
            g = F.silu(h @ self.p[f"l{{i}}_gate"]) * (h @ self.p[f"l{{i}}_up"])
            x = x + g @ self.p[f"l{{i}}_down"]
        return rms(x, self.p["final_norm"]) @ self.p["head"]
"""


def test_flat_parameter_dict_differences_are_facts(tmp_path) -> None:
    """Every weight in one flat ``ParameterDict`` (a Flax tree's port): the code states no
    fact, so a changed depth or MLP width was listed as every parameter missing and every
    layer extra. The config side's layer shapes say it: one more copy of them is one more
    layer; every differing shape with the config's MLP width replaced is that width."""
    from tests.drift_support import torch_pair

    kw = dict(
        architectures=["LlamaForCausalLM"],
        vocab_size=96,
        hidden_size=32,
        intermediate_size=80,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        tie_word_embeddings=False,
    )
    cfg, path = config(tmp_path, "llama", "LlamaConfig", **kw)
    code = write(tmp_path, "flat.py", FLAT_CODE.format(depth=2, mlp=80))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    deeper = write(tmp_path, "flat3.py", FLAT_CODE.format(depth=3, mlp=80))
    wider = write(tmp_path, "flat96.py", FLAT_CODE.format(depth=2, mlp=112))
    for planted, want in ((deeper, (2, 3)), (wider, (80, 112))):
        m, _ = torch_pair(planted, cfg)
        assert count(m) != count(hf)
        found = one(run(planted, path), *want)
        assert found.values["right"] == want[0]  # the config's value on the config's side
