# a hand-rolled patch forecaster from TiRex's sLSTM blocks, RMSNorm and residual MLP blocks
import torch.nn as nn
from tirex.models.slstm.block import RMSNorm, sLSTMBlock
from tirex.models.slstm.cell import sLSTMBlockConfig
from tirex.models.tirex import ResidualBlock


class PatchForecaster(nn.Module):
    def __init__(self, patch=24, dim=64, heads=4, depth=2, horizon_patches=2):
        super().__init__()
        cfg = sLSTMBlockConfig(embedding_dim=dim, num_heads=heads, ffn_proj_factor=2.0)
        self.embed = ResidualBlock(in_dim=patch * 2, h_dim=2 * dim, out_dim=dim)
        self.blocks = nn.ModuleList(sLSTMBlock(cfg, "torch") for _ in range(depth))
        self.norm = RMSNorm(dim)
        self.head = ResidualBlock(in_dim=dim, h_dim=dim, out_dim=patch * horizon_patches)


model = PatchForecaster(patch=24, dim=64, heads=4, depth=2, horizon_patches=2)
