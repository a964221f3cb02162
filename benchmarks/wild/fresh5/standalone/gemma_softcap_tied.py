"""A Gemma-2-like decoder: RMSNorm with (1 + weight) scaling, pre- and post-norms around
attention and MLP, GQA with a separate head_dim, GeGLU MLP, logits soft-capped, output tied to
the embedding (scaled by sqrt(hidden) in forward), alternating local/global layers by index."""

from dataclasses import dataclass, field

import torch
import torch.nn as nn


@dataclass
class GemmaConfig:
    vocab_size: int = 256000
    hidden_size: int = 2304
    intermediate_size: int = 9216
    num_hidden_layers: int = 26
    num_attention_heads: int = 8
    num_key_value_heads: int = 4
    head_dim: int = 256
    sliding_window: int = 4096
    final_logit_softcapping: float = 30.0
    layer_types: list = field(default_factory=list)

    def __post_init__(self):
        if not self.layer_types:
            self.layer_types = ["sliding" if (i + 1) % 2 else "full" for i in range(self.num_hidden_layers)]


class GemmaRMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(dim))


class GemmaAttention(nn.Module):
    def __init__(self, config, layer_idx):
        super().__init__()
        self.sliding = config.layer_types[layer_idx] == "sliding"
        self.q_proj = nn.Linear(config.hidden_size, config.num_attention_heads * config.head_dim, bias=False)
        self.k_proj = nn.Linear(config.hidden_size, config.num_key_value_heads * config.head_dim, bias=False)
        self.v_proj = nn.Linear(config.hidden_size, config.num_key_value_heads * config.head_dim, bias=False)
        self.o_proj = nn.Linear(config.num_attention_heads * config.head_dim, config.hidden_size, bias=False)


class GemmaMLP(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.gate_proj = nn.Linear(config.hidden_size, config.intermediate_size, bias=False)
        self.up_proj = nn.Linear(config.hidden_size, config.intermediate_size, bias=False)
        self.down_proj = nn.Linear(config.intermediate_size, config.hidden_size, bias=False)


class GemmaDecoderLayer(nn.Module):
    def __init__(self, config, layer_idx):
        super().__init__()
        self.self_attn = GemmaAttention(config, layer_idx)
        self.mlp = GemmaMLP(config)
        self.input_layernorm = GemmaRMSNorm(config.hidden_size)
        self.post_attention_layernorm = GemmaRMSNorm(config.hidden_size)
        self.pre_feedforward_layernorm = GemmaRMSNorm(config.hidden_size)
        self.post_feedforward_layernorm = GemmaRMSNorm(config.hidden_size)


class GemmaForCausalLM(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.layers = nn.ModuleList(GemmaDecoderLayer(config, i) for i in range(config.num_hidden_layers))
        self.norm = GemmaRMSNorm(config.hidden_size)
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size, bias=False)
        self.lm_head.weight = self.embed_tokens.weight


cfg = GemmaConfig(vocab_size=512, hidden_size=64, intermediate_size=192, num_hidden_layers=4, num_attention_heads=4, num_key_value_heads=2, head_dim=32)
model = GemmaForCausalLM(cfg)
