"""PointMLP-elite: geometric affine module (learnable alpha / beta), residual point MLPs,
stage widths doubling, config lists per stage."""

import torch
from torch import nn


class ConvBNReLU1D(nn.Sequential):
    def __init__(self, c_in, c_out, bias=True):
        super().__init__(
            nn.Conv1d(c_in, c_out, 1, bias=bias), nn.BatchNorm1d(c_out), nn.ReLU(inplace=True)
        )


class ConvBNReLURes1D(nn.Module):
    def __init__(self, channel, res_expansion=0.25, groups=1, bias=True):
        super().__init__()
        mid = int(channel * res_expansion)
        self.net1 = nn.Sequential(
            nn.Conv1d(channel, mid, 1, groups=groups, bias=bias), nn.BatchNorm1d(mid), nn.ReLU()
        )
        self.net2 = nn.Sequential(nn.Conv1d(mid, channel, 1, bias=bias), nn.BatchNorm1d(channel))


class LocalGrouper(nn.Module):
    def __init__(self, channel, groups, kneighbors):
        super().__init__()
        self.groups, self.k = groups, kneighbors
        add = 3
        self.affine_alpha = nn.Parameter(torch.ones([1, 1, 1, channel + add]))
        self.affine_beta = nn.Parameter(torch.zeros([1, 1, 1, channel + add]))


class PreExtraction(nn.Module):
    def __init__(self, channels, out_channels, blocks=1, res_expansion=0.25):
        super().__init__()
        in_channels = 3 + 2 * channels
        self.transfer = ConvBNReLU1D(in_channels, out_channels)
        self.operation = nn.Sequential(
            *[ConvBNReLURes1D(out_channels, res_expansion) for _ in range(blocks)]
        )


class PosExtraction(nn.Sequential):
    def __init__(self, channels, blocks=1, res_expansion=0.25):
        super().__init__(*[ConvBNReLURes1D(channels, res_expansion) for _ in range(blocks)])


class PointMLPElite(nn.Module):
    def __init__(
        self,
        points=1024,
        class_num=40,
        embed_dim=32,
        dim_expansion=(2, 2, 2, 1),
        pre_blocks=(1, 1, 2, 1),
        pos_blocks=(1, 1, 2, 1),
        k_neighbors=(24, 24, 24, 24),
        reducers=(2, 2, 2, 2),
    ):
        super().__init__()
        self.embedding = ConvBNReLU1D(3, embed_dim, bias=False)
        self.local_grouper_list = nn.ModuleList()
        self.pre_blocks_list = nn.ModuleList()
        self.pos_blocks_list = nn.ModuleList()
        last = embed_dim
        anchor = points
        for i in range(len(pre_blocks)):
            out = last * dim_expansion[i]
            anchor //= reducers[i]
            self.local_grouper_list.append(LocalGrouper(last, anchor, k_neighbors[i]))
            self.pre_blocks_list.append(PreExtraction(last, out, pre_blocks[i]))
            self.pos_blocks_list.append(PosExtraction(out, pos_blocks[i]))
            last = out
        self.classifier = nn.Sequential(
            nn.Linear(last, 512),
            nn.BatchNorm1d(512),
            nn.ReLU(),
            nn.Dropout(0.5),
            nn.Linear(512, 256),
            nn.BatchNorm1d(256),
            nn.ReLU(),
            nn.Dropout(0.5),
            nn.Linear(256, class_num),
        )


model = PointMLPElite()
