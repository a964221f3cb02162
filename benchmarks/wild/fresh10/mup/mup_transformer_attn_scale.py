from mup import MuReadout, set_base_shapes
from torch import nn


class Block(nn.Module):
    def __init__(self, d, heads, ffn_mult=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d, bias=False)
        self.proj = nn.Linear(d, d, bias=False)
        self.ln2 = nn.LayerNorm(d)
        self.ffn = nn.Sequential(nn.Linear(d, ffn_mult * d), nn.GELU(), nn.Linear(ffn_mult * d, d))
        # muP: attention logits are scaled by 1/d_head, not 1/sqrt(d_head)
        self.attn_scale = 1.0 / (d // heads)


class Encoder(nn.Module):
    def __init__(self, d=128, heads=4, layers=3, n_in=64, n_out=20):
        super().__init__()
        self.embed = nn.Linear(n_in, d)
        self.blocks = nn.ModuleList(Block(d, heads) for _ in range(layers))
        self.head = MuReadout(d, n_out, output_mult=2.0)


model = Encoder(d=384, heads=6)
set_base_shapes(model, Encoder(d=64, heads=6), delta=Encoder(d=96, heads=6))
