# WaveNet: dilated gated (tanh * sigmoid) residual layers with separate residual / skip 1x1 convs
import torch.nn as nn


class GatedLayer(nn.Module):
    def __init__(self, res, skip, gate, dilation, cond=80):
        super().__init__()
        self.conv = nn.Conv1d(res, 2 * gate, 2, dilation=dilation, padding=dilation)
        self.cond = nn.Conv1d(cond, 2 * gate, 1, bias=False)
        self.res = nn.Conv1d(gate, res, 1)
        self.skip = nn.Conv1d(gate, skip, 1)


class WaveNet(nn.Module):
    def __init__(self, layers=20, cycle=10, res=64, skip=128, gate=64, q=256):
        super().__init__()
        self.inp = nn.Conv1d(1, res, 1)
        self.layers = nn.ModuleList(
            [GatedLayer(res, skip, gate, 2 ** (i % cycle)) for i in range(layers)]
        )
        self.out = nn.Sequential(
            nn.ReLU(), nn.Conv1d(skip, skip, 1), nn.ReLU(), nn.Conv1d(skip, q, 1)
        )


model = WaveNet()
