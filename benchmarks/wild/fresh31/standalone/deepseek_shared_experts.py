"""A DeepSeekMoE-style LM: fine-grained routed experts (intermediate size split by a granularity factor),
2 always-on shared experts fused into one wider MLP, a gate weight Parameter without bias, the first
layer dense ("first_k_dense_replace"), RMSNorm, lm_head tied to the embedding."""

from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class DeepSeekConfig:
    vocab_size: int = 300
    hidden_size: int = 32
    intermediate_size: int = 96
    moe_intermediate_size: int = 16
    num_hidden_layers: int = 3
    n_routed_experts: int = 6
    n_shared_experts: int = 2
    num_experts_per_tok: int = 2
    first_k_dense_replace: int = 1
    num_heads: int = 4
    tie_word_embeddings: bool = True


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))


class MLP(nn.Module):
    def __init__(self, hidden, inter):
        super().__init__()
        self.gate_proj = nn.Linear(hidden, inter, bias=False)
        self.up_proj = nn.Linear(hidden, inter, bias=False)
        self.down_proj = nn.Linear(inter, hidden, bias=False)


class MoEGate(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.top_k = cfg.num_experts_per_tok
        self.weight = nn.Parameter(torch.empty(cfg.n_routed_experts, cfg.hidden_size))


class DeepSeekMoE(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.experts = nn.ModuleList(
            MLP(cfg.hidden_size, cfg.moe_intermediate_size) for _ in range(cfg.n_routed_experts)
        )
        self.gate = MoEGate(cfg)
        if cfg.n_shared_experts is not None:
            self.shared_experts = MLP(
                cfg.hidden_size, cfg.moe_intermediate_size * cfg.n_shared_experts
            )


class DecoderLayer(nn.Module):
    def __init__(self, cfg, idx):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(
            cfg.hidden_size, cfg.num_heads, bias=False, batch_first=True
        )
        dense = idx < cfg.first_k_dense_replace
        self.mlp = MLP(cfg.hidden_size, cfg.intermediate_size) if dense else DeepSeekMoE(cfg)
        self.input_layernorm = RMSNorm(cfg.hidden_size)
        self.post_attention_layernorm = RMSNorm(cfg.hidden_size)


class DeepSeekForCausalLM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed_tokens = nn.Embedding(cfg.vocab_size, cfg.hidden_size)
        self.layers = nn.ModuleList(DecoderLayer(cfg, i) for i in range(cfg.num_hidden_layers))
        self.norm = RMSNorm(cfg.hidden_size)
        self.lm_head = nn.Linear(cfg.hidden_size, cfg.vocab_size, bias=False)
        if cfg.tie_word_embeddings:
            self.lm_head.weight = self.embed_tokens.weight


model = DeepSeekForCausalLM(
    DeepSeekConfig(num_hidden_layers=3, n_routed_experts=6, n_shared_experts=2)
)
