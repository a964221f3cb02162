"""OLMo-style decoder with affine biased norms, an explicit MLP width and tied embeddings."""

from dataclasses import dataclass, field
from enum import Enum
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


class LayerNormType(str, Enum):
    default = "default"
    rms = "rms"


@dataclass
class ModelConfig:
    d_model: int = 768
    n_heads: int = 12
    n_layers: int = 12
    mlp_ratio: int = 4
    mlp_hidden_size: Optional[int] = None
    include_bias: bool = True
    layer_norm_type: LayerNormType = LayerNormType.default
    layer_norm_with_affine: bool = True
    max_sequence_length: int = 1024
    vocab_size: int = 50257
    embedding_size: Optional[int] = 50304
    weight_tying: bool = True
    extra: dict = field(default_factory=dict)


class LayerNorm(nn.Module):
    def __init__(self, config: ModelConfig, size: Optional[int] = None, elementwise_affine: Optional[bool] = True):
        super().__init__()
        self.config = config
        self.normalized_shape = (size or config.d_model,)
        if elementwise_affine or (elementwise_affine is None and config.layer_norm_with_affine):
            self.weight = nn.Parameter(torch.ones(self.normalized_shape))
            use_bias = config.include_bias
            self.bias = nn.Parameter(torch.zeros(self.normalized_shape)) if use_bias else None
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, x):
        return F.layer_norm(x, self.normalized_shape, weight=self.weight, bias=self.bias, eps=1e-5)


class SwiGLU(nn.Module):
    def forward(self, x):
        x, gate = x.chunk(2, dim=-1)
        return F.silu(gate) * x

    @property
    def output_multiplier(self) -> float:
        return 0.5


class OLMoSequentialBlock(nn.Module):
    def __init__(self, layer_id: int, config: ModelConfig):
        super().__init__()
        self.layer_id = layer_id
        self.config = config
        self.hidden_size = config.mlp_hidden_size if config.mlp_hidden_size is not None else config.mlp_ratio * config.d_model
        self.act = SwiGLU()
        self.attn_out = nn.Linear(config.d_model, config.d_model, bias=config.include_bias)
        self.ff_out = nn.Linear(int(self.act.output_multiplier * self.hidden_size), config.d_model, bias=config.include_bias)
        self.attn_norm = LayerNorm(config, elementwise_affine=None)
        self.ff_norm = LayerNorm(config, elementwise_affine=None)
        self.fused_dims = (config.d_model, config.d_model, config.d_model)
        self.att_proj = nn.Linear(config.d_model, sum(self.fused_dims), bias=config.include_bias)
        self.ff_proj = nn.Linear(config.d_model, self.hidden_size, bias=config.include_bias)

    def forward(self, x):
        q, k, v = self.att_proj(self.attn_norm(x)).split(self.fused_dims, dim=-1)
        B, T, C = q.shape
        h = self.config.n_heads
        q, k, v = (t.view(B, T, h, C // h).transpose(1, 2) for t in (q, k, v))
        att = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(B, T, C)
        x = x + self.attn_out(att)
        return x + self.ff_out(self.act(self.ff_proj(self.ff_norm(x))))


class OLMo(nn.Module):
    def __init__(self, config: ModelConfig):
        super().__init__()
        self.config = config
        self.transformer = nn.ModuleDict(
            dict(
                wte=nn.Embedding(config.embedding_size or config.vocab_size, config.d_model),
                emb_drop=nn.Dropout(0.0),
                ln_f=LayerNorm(config, elementwise_affine=None),
            )
        )
        blocks = [OLMoSequentialBlock(i, config) for i in range(config.n_layers)]
        self.transformer.update({"blocks": nn.ModuleList(blocks)})
        if not config.weight_tying:
            self.transformer.update(
                {"ff_out": nn.Linear(config.d_model, config.embedding_size or config.vocab_size, bias=config.include_bias)}
            )

    def forward(self, input_ids):
        x = self.transformer.emb_drop(self.transformer.wte(input_ids))
        for block in self.transformer.blocks:
            x = block(x)
        x = self.transformer.ln_f(x)
        if self.config.weight_tying:
            return F.linear(x, self.transformer.wte.weight, None)
        return self.transformer.ff_out(x)


config = ModelConfig(d_model=48, n_heads=4, n_layers=3, mlp_hidden_size=128, include_bias=True,
                     vocab_size=100, embedding_size=None, weight_tying=True)
model = OLMo(config)
