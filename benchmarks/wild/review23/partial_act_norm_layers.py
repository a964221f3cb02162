from functools import partial

import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim, norm_layer=nn.LayerNorm, act_layer=nn.GELU):
        super().__init__()
        self.norm = norm_layer(dim)
        self.fc = nn.Linear(dim, dim)
        self.act = act_layer()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        norm = partial(nn.LayerNorm, eps=1e-6, elementwise_affine=False)
        self.a = Block(8, norm_layer=norm)
        self.b = Block(8, norm_layer=partial(nn.GroupNorm, 2))
