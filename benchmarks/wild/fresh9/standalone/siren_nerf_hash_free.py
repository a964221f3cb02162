# NeRF MLP (positional encoding, skip at layer 4, view-dependent colour head), coarse + fine copies
import copy

from torch import nn


class NeRF(nn.Module):
    def __init__(self, D=8, W=128, pe_xyz=10, pe_dir=4, skips=(4,)):
        super().__init__()
        cx, cd = 3 + 3 * 2 * pe_xyz, 3 + 3 * 2 * pe_dir
        self.skips = skips
        self.pts = nn.ModuleList(
            [nn.Linear(cx, W)] + [nn.Linear(W + cx if i in skips else W, W) for i in range(1, D)]
        )
        self.sigma = nn.Linear(W, 1)
        self.feat = nn.Linear(W, W)
        self.views = nn.Linear(W + cd, W // 2)
        self.rgb = nn.Linear(W // 2, 3)


class CoarseFine(nn.Module):
    def __init__(self):
        super().__init__()
        self.coarse = NeRF()
        self.fine = copy.deepcopy(self.coarse)


model = CoarseFine()
