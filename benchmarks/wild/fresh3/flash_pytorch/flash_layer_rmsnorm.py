import torch
from torch import nn
from flash_pytorch import FLASH


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.scale = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.scale


model = FLASH(dim=128, group_size=64, query_key_dim=32, causal=True, norm_klass=RMSNorm,
              laplace_attn_fn=True)
