"""A Jamba-like hybrid: Mamba mixers with attention every k-th layer and MoE every other MLP (fresh batch, benchmarks/wild/fresh)."""

import math
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class JambaConfig:
    vocab_size: int = 1000
    hidden_size: int = 128
    num_hidden_layers: int = 8
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    intermediate_size: int = 256
    attn_layer_period: int = 4
    attn_layer_offset: int = 2
    expert_layer_period: int = 2
    expert_layer_offset: int = 1
    num_experts: int = 4
    mamba_d_state: int = 8
    mamba_d_conv: int = 4
    mamba_expand: int = 2
    mamba_dt_rank: int | None = None
    tie_word_embeddings: bool = False

    def __post_init__(self):
        if self.mamba_dt_rank is None:
            self.mamba_dt_rank = math.ceil(self.hidden_size / 16)

    @property
    def layers_block_type(self):
        return [
            "attention" if i % self.attn_layer_period == self.attn_layer_offset else "mamba"
            for i in range(self.num_hidden_layers)
        ]

    @property
    def layers_num_experts(self):
        return [
            self.num_experts if i % self.expert_layer_period == self.expert_layer_offset else 1
            for i in range(self.num_hidden_layers)
        ]


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps


class MambaMixer(nn.Module):
    def __init__(self, cfg: JambaConfig):
        super().__init__()
        d_inner = cfg.mamba_expand * cfg.hidden_size
        self.in_proj = nn.Linear(cfg.hidden_size, d_inner * 2, bias=False)
        self.conv1d = nn.Conv1d(d_inner, d_inner, cfg.mamba_d_conv, groups=d_inner, padding=cfg.mamba_d_conv - 1)
        self.x_proj = nn.Linear(d_inner, cfg.mamba_dt_rank + cfg.mamba_d_state * 2, bias=False)
        self.dt_proj = nn.Linear(cfg.mamba_dt_rank, d_inner, bias=True)
        A = torch.arange(1, cfg.mamba_d_state + 1, dtype=torch.float32)[None, :].expand(d_inner, -1).contiguous()
        self.A_log = nn.Parameter(torch.log(A))
        self.D = nn.Parameter(torch.ones(d_inner))
        self.out_proj = nn.Linear(d_inner, cfg.hidden_size, bias=False)
        self.dt_layernorm = RMSNorm(cfg.mamba_dt_rank)
        self.b_layernorm = RMSNorm(cfg.mamba_d_state)
        self.c_layernorm = RMSNorm(cfg.mamba_d_state)


class Attention(nn.Module):
    def __init__(self, cfg: JambaConfig):
        super().__init__()
        hd = cfg.hidden_size // cfg.num_attention_heads
        self.q_proj = nn.Linear(cfg.hidden_size, cfg.num_attention_heads * hd, bias=False)
        self.k_proj = nn.Linear(cfg.hidden_size, cfg.num_key_value_heads * hd, bias=False)
        self.v_proj = nn.Linear(cfg.hidden_size, cfg.num_key_value_heads * hd, bias=False)
        self.o_proj = nn.Linear(cfg.num_attention_heads * hd, cfg.hidden_size, bias=False)


class MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.gate_proj = nn.Linear(cfg.hidden_size, cfg.intermediate_size, bias=False)
        self.up_proj = nn.Linear(cfg.hidden_size, cfg.intermediate_size, bias=False)
        self.down_proj = nn.Linear(cfg.intermediate_size, cfg.hidden_size, bias=False)


class SparseMoE(nn.Module):
    def __init__(self, cfg, num_experts):
        super().__init__()
        self.router = nn.Linear(cfg.hidden_size, num_experts, bias=False)
        self.experts = nn.ModuleList([MLP(cfg) for _ in range(num_experts)])


class DecoderLayer(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        kind = cfg.layers_block_type[layer_idx]
        n_exp = cfg.layers_num_experts[layer_idx]
        self.input_layernorm = RMSNorm(cfg.hidden_size)
        self.mixer = Attention(cfg) if kind == "attention" else MambaMixer(cfg)
        self.pre_ff_layernorm = RMSNorm(cfg.hidden_size)
        self.feed_forward = SparseMoE(cfg, n_exp) if n_exp > 1 else MLP(cfg)


class JambaForCausalLM(nn.Module):
    def __init__(self, cfg: JambaConfig):
        super().__init__()
        self.embed_tokens = nn.Embedding(cfg.vocab_size, cfg.hidden_size)
        self.layers = nn.ModuleList(DecoderLayer(cfg, i) for i in range(cfg.num_hidden_layers))
        self.final_layernorm = RMSNorm(cfg.hidden_size)
        self.lm_head = nn.Linear(cfg.hidden_size, cfg.vocab_size, bias=False)
        if cfg.tie_word_embeddings:
            self.lm_head.weight = self.embed_tokens.weight


model = JambaForCausalLM(JambaConfig(hidden_size=96, num_hidden_layers=8, num_experts=4, intermediate_size=192))
