import torch.nn as nn
from complex_valued_transformer import ComplexFeedForward, ComplexMultiheadAttention, ComplexRMSNorm

DIM = 40


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.n1 = ComplexRMSNorm(dim)
        self.attn = ComplexMultiheadAttention(dim, heads=heads, dim_head=dim // heads)
        self.n2 = ComplexRMSNorm(dim)
        self.ff = ComplexFeedForward(dim, mult=2)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.ff(self.n2(x))


model = nn.Sequential(*[Block(DIM, h) for h in (2, 4, 8)])
