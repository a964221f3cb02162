"""Gemma 3 (text) with its sizes written as gemma_pytorch writes them: a ``GemmaConfig`` dataclass
with Gemma 1's defaults, one ``get_config_for_<variant>()`` function per size returning a
``GemmaConfig`` with keyword overrides (the attention types as a tuple, the RoPE bases keyed by
attention type), and ``get_model_config(variant)`` dispatching on the variant's name. A Block
takes its layer_idx and decides sliding or global attention from the pattern, per-head (1 + w)
RMSNorm on q and k, sandwich norms, the embedding scaled by sqrt(d), the head tied."""

import dataclasses
import enum
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class AttentionType(enum.Enum):
    GLOBAL = 1
    LOCAL_SLIDING = 2


@dataclasses.dataclass
class GemmaConfig:
    vocab_size: int = 256000
    max_position_embeddings: int = 8192
    num_hidden_layers: int = 28
    num_attention_heads: int = 16
    num_key_value_heads: int = 16
    hidden_size: int = 3072
    intermediate_size: int = 24576
    head_dim: int = 256
    rms_norm_eps: float = 1e-6
    dtype: str = "bfloat16"
    attn_types: tuple | None = None
    sliding_window_size: int | None = None
    rope_wave_length: dict | None = None


def get_config_for_4b(dtype: str) -> GemmaConfig:
    return GemmaConfig(
        dtype=dtype,
        num_hidden_layers=34,
        num_attention_heads=8,
        num_key_value_heads=4,
        hidden_size=2560,
        intermediate_size=10240,
        head_dim=256,
        attn_types=(AttentionType.LOCAL_SLIDING,) * 5 + (AttentionType.GLOBAL,),
        sliding_window_size=1024,
        rope_wave_length={AttentionType.LOCAL_SLIDING: 10_000, AttentionType.GLOBAL: 1_000_000},
        vocab_size=262_144,
        max_position_embeddings=131_072,
    )


def get_config_for_tiny(dtype: str) -> GemmaConfig:
    return GemmaConfig(
        dtype=dtype,
        num_hidden_layers=3,
        num_attention_heads=4,
        num_key_value_heads=1,
        hidden_size=64,
        intermediate_size=160,
        head_dim=32,
        attn_types=(AttentionType.LOCAL_SLIDING,) * 2 + (AttentionType.GLOBAL,),
        sliding_window_size=64,
        rope_wave_length={
            AttentionType.LOCAL_SLIDING: 10_000,
            AttentionType.GLOBAL: 1_000_000,
        },
        vocab_size=640,
        max_position_embeddings=512,
        rms_norm_eps=1e-6,
    )


def get_model_config(variant: str, dtype: str = "bfloat16") -> GemmaConfig:
    if variant == "4b":
        return get_config_for_4b(dtype)
    if variant == "tiny":
        return get_config_for_tiny(dtype)
    raise ValueError(f"Invalid variant {variant}")


config = get_model_config("tiny", dtype="float32")
VOCAB_SIZE = config.vocab_size
HIDDEN = config.hidden_size
N_LAYERS = config.num_hidden_layers
N_HEADS = config.num_attention_heads
N_KV_HEADS = config.num_key_value_heads
HEAD_DIM = config.head_dim
FFN = config.intermediate_size
RMS_EPS = config.rms_norm_eps
SLIDING_WINDOW = config.sliding_window_size
SLIDING_PATTERN = len(config.attn_types)  # the last of each pattern is global
ROPE_LOCAL_BASE = float(config.rope_wave_length[AttentionType.LOCAL_SLIDING])
ROPE_GLOBAL_BASE = float(config.rope_wave_length[AttentionType.GLOBAL])
MAX_POS = config.max_position_embeddings


class GemmaNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        y = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + RMS_EPS)
        return (y * (1.0 + self.weight.float())).type_as(x)


def rope_tables(base):
    inv = 1.0 / base ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
    f = torch.outer(torch.arange(MAX_POS).float(), inv)
    f = torch.cat([f, f], -1)
    return f.cos(), f.sin()


def apply_rope(x, cos, sin):
    h = HEAD_DIM // 2
    return x * cos + torch.cat([-x[..., h:], x[..., :h]], -1) * sin


class Block(nn.Module):
    def __init__(self, layer_idx):
        super().__init__()
        self.layer_idx = layer_idx
        self.is_sliding = (layer_idx + 1) % SLIDING_PATTERN != 0
        self.q = nn.Linear(HIDDEN, N_HEADS * HEAD_DIM, bias=False)
        self.k = nn.Linear(HIDDEN, N_KV_HEADS * HEAD_DIM, bias=False)
        self.v = nn.Linear(HIDDEN, N_KV_HEADS * HEAD_DIM, bias=False)
        self.o = nn.Linear(N_HEADS * HEAD_DIM, HIDDEN, bias=False)
        self.q_norm = GemmaNorm(HEAD_DIM)
        self.k_norm = GemmaNorm(HEAD_DIM)
        self.gate = nn.Linear(HIDDEN, FFN, bias=False)
        self.up = nn.Linear(HIDDEN, FFN, bias=False)
        self.down = nn.Linear(FFN, HIDDEN, bias=False)
        self.pre_attn = GemmaNorm(HIDDEN)
        self.post_attn = GemmaNorm(HIDDEN)
        self.pre_ffw = GemmaNorm(HIDDEN)
        self.post_ffw = GemmaNorm(HIDDEN)
        cos, sin = rope_tables(ROPE_LOCAL_BASE if self.is_sliding else ROPE_GLOBAL_BASE)
        self.register_buffer("cos", cos, persistent=False)
        self.register_buffer("sin", sin, persistent=False)

    def attend(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q(x).view(b, t, N_HEADS, HEAD_DIM)).transpose(1, 2)
        k = self.k_norm(self.k(x).view(b, t, N_KV_HEADS, HEAD_DIM)).transpose(1, 2)
        v = self.v(x).view(b, t, N_KV_HEADS, HEAD_DIM).transpose(1, 2)
        q, k = apply_rope(q, self.cos[:t], self.sin[:t]), apply_rope(k, self.cos[:t], self.sin[:t])
        k = k.expand(b, N_HEADS, t, HEAD_DIM)
        v = v.expand(b, N_HEADS, t, HEAD_DIM)
        i = torch.arange(t)
        mask = i[None, :] <= i[:, None]
        if self.is_sliding:
            mask = mask & (i[:, None] - i[None, :] < SLIDING_WINDOW)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=HEAD_DIM**-0.5)
        return self.o(y.transpose(1, 2).reshape(b, t, N_HEADS * HEAD_DIM))

    def forward(self, x):
        x = x + self.post_attn(self.attend(self.pre_attn(x)))
        h = self.pre_ffw(x)
        h = self.down(F.gelu(self.gate(h), approximate="tanh") * self.up(h))
        return x + self.post_ffw(h)


class Gemma3Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB_SIZE, HIDDEN, padding_idx=0)
        self.layers = nn.ModuleList([Block(layer_idx=i) for i in range(N_LAYERS)])
        self.final_norm = GemmaNorm(HIDDEN)

    def forward(self, ids):
        x = self.embed(ids) * math.sqrt(HIDDEN)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.final_norm(x), self.embed.weight)
