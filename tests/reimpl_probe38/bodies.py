"""Model bodies of the reimplfix38 env-configured probe ports (written for this probe, not copied).

Each body reads its sizes through ``@key@`` placeholders that a style (``styles.py``) replaces by
its own accessor (an env-read module constant, a dict entry, a settings attribute). ``keys``:
probe key -> (HF config key, tiny value); ``plants``: probe key -> the planted value.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Body:
    code: str
    keys: dict
    plants: dict
    hf_config: str
    hf_model: str
    hf_extra: dict = field(default_factory=dict)


LLAMA = Body(
    code="""import math

import torch
import torch.nn.functional as F
from torch import nn

#@CONFIG@


class Norm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + @eps@)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = @hidden@, @heads@, @kv_heads@
        self.h, self.kv, self.hd = h, kv, d // h
        self.q = nn.Linear(d, h * self.hd, bias=False)
        self.k = nn.Linear(d, kv * self.hd, bias=False)
        self.v = nn.Linear(d, kv * self.hd, bias=False)
        self.o = nn.Linear(h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        k = k.repeat_interleave(self.h // self.kv, dim=1)
        v = v.repeat_interleave(self.h // self.kv, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = @hidden@, @inter@
        self.n1 = Norm(d)
        self.attn = Attn()
        self.n2 = Norm(d)
        self.gate = nn.Linear(d, f, bias=False)
        self.up = nn.Linear(d, f, bias=False)
        self.down = nn.Linear(f, d, bias=False)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class LlamaLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(@vocab@, @hidden@)
        self.layers = nn.ModuleList([Block() for _ in range(@layers@)])
        self.norm = Norm(@hidden@)
        self.lm_head = nn.Linear(@hidden@, @vocab@, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
""",
    keys={
        "vocab": ("vocab_size", 320),
        "hidden": ("hidden_size", 64),
        "heads": ("num_attention_heads", 4),
        "kv_heads": ("num_key_value_heads", 2),
        "layers": ("num_hidden_layers", 2),
        "inter": ("intermediate_size", 176),
        "eps": ("rms_norm_eps", 1e-5),
    },
    plants={"vocab": 384, "hidden": 96, "kv_heads": 4, "layers": 3, "inter": 128},
    hf_config="LlamaConfig",
    hf_model="LlamaForCausalLM",
    hf_extra={"tie_word_embeddings": False},
)

BERT = Body(
    code="""import math

import torch
import torch.nn.functional as F
from torch import nn

#@CONFIG@


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d = @hidden@
        self.heads = @heads@
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.ln = nn.LayerNorm(d, eps=@eps@)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v)
        return self.ln(x + self.out(y.transpose(1, 2).reshape(b, t, d)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = @hidden@, @inter@
        self.attn = SelfAttention()
        self.fc1 = nn.Linear(d, f)
        self.fc2 = nn.Linear(f, d)
        self.ln = nn.LayerNorm(d, eps=@eps@)

    def forward(self, x):
        x = self.attn(x)
        return self.ln(x + self.fc2(F.gelu(self.fc1(x))))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        d = @hidden@
        self.word = nn.Embedding(@vocab@, d)
        self.pos = nn.Embedding(@positions@, d)
        self.tok_type = nn.Embedding(2, d)
        self.ln = nn.LayerNorm(d, eps=@eps@)
        self.layers = nn.ModuleList(Layer() for _ in range(@layers@))
        self.pool = nn.Linear(d, d)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.ln(self.word(ids) + self.pos(pos)[None] + self.tok_type(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pool(x[:, 0]))
""",
    keys={
        "vocab": ("vocab_size", 400),
        "hidden": ("hidden_size", 64),
        "heads": ("num_attention_heads", 4),
        "layers": ("num_hidden_layers", 2),
        "inter": ("intermediate_size", 128),
        "positions": ("max_position_embeddings", 96),
        "eps": ("layer_norm_eps", 1e-12),
    },
    plants={"vocab": 448, "hidden": 96, "layers": 3, "inter": 192, "positions": 128},
    hf_config="BertConfig",
    hf_model="BertModel",
)

GPT2 = Body(
    code="""import math

import torch
import torch.nn.functional as F
from torch import nn

#@CONFIG@


class CausalSelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.n_head, self.n_embd = @heads@, @hidden@
        self.c_attn = nn.Linear(self.n_embd, 3 * self.n_embd)
        self.c_proj = nn.Linear(self.n_embd, self.n_embd)

    def forward(self, x):
        b, t, c = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        q = q.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
        k = k.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
        v = v.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(y.transpose(1, 2).contiguous().view(b, t, c))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.c_fc = nn.Linear(@hidden@, @inner@)
        self.c_proj = nn.Linear(@inner@, @hidden@)

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(@hidden@, eps=@eps@)
        self.attn = CausalSelfAttention()
        self.ln_2 = nn.LayerNorm(@hidden@, eps=@eps@)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(@vocab@, @hidden@)
        self.wpe = nn.Embedding(@positions@, @hidden@)
        self.h = nn.ModuleList([Block() for _ in range(@layers@)])
        self.ln_f = nn.LayerNorm(@hidden@, eps=@eps@)

    def forward(self, idx):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        return self.ln_f(x) @ self.wte.weight.t()
""",
    keys={
        "vocab": ("vocab_size", 352),
        "hidden": ("n_embd", 64),
        "heads": ("n_head", 4),
        "layers": ("n_layer", 2),
        "inner": ("n_inner", 256),
        "positions": ("n_positions", 80),
        "eps": ("layer_norm_epsilon", 1e-5),
    },
    plants={"vocab": 416, "hidden": 96, "layers": 3, "inner": 192, "positions": 112},
    hf_config="GPT2Config",
    hf_model="GPT2LMHeadModel",
    hf_extra={"bos_token_id": 0, "eos_token_id": 0},
)

BODIES = {"llama": LLAMA, "bert": BERT, "gpt2": GPT2}
