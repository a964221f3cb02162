"""linear_attention_transformer: lm_local_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from linear_attention_transformer import LinearAttentionTransformerLM


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = LinearAttentionTransformerLM(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    num_tokens=100,
    dim=64,
    heads=4,
    depth=2,
    max_seq_len=64,
    n_local_attn_heads=2,
    local_attn_window_size=16,
)
