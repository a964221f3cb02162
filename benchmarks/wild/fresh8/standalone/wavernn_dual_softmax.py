"""WaveRNN (fatchord style): a mel upsampler of stretched 2-D convs plus a MelResNet, GRUs with
the auxiliary features split in four, and a 9-bit or mixture-of-logistics output."""

import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.conv1 = nn.Conv1d(dims, dims, 1, bias=False)
        self.conv2 = nn.Conv1d(dims, dims, 1, bias=False)
        self.batch_norm1 = nn.BatchNorm1d(dims)
        self.batch_norm2 = nn.BatchNorm1d(dims)


class MelResNet(nn.Module):
    def __init__(self, res_blocks, in_dims, compute_dims, res_out_dims, pad):
        super().__init__()
        self.conv_in = nn.Conv1d(in_dims, compute_dims, pad * 2 + 1, bias=False)
        self.batch_norm = nn.BatchNorm1d(compute_dims)
        self.layers = nn.ModuleList(ResBlock(compute_dims) for _ in range(res_blocks))
        self.conv_out = nn.Conv1d(compute_dims, res_out_dims, 1)


class UpsampleNetwork(nn.Module):
    def __init__(self, feat_dims, upsample_scales, compute_dims, res_blocks, res_out_dims, pad):
        super().__init__()
        self.resnet = MelResNet(res_blocks, feat_dims, compute_dims, res_out_dims, pad)
        self.up_layers = nn.ModuleList(
            nn.Conv2d(1, 1, (1, s * 2 + 1), padding=(0, s), bias=False) for s in upsample_scales
        )


class WaveRNN(nn.Module):
    def __init__(
        self,
        rnn_dims=512,
        fc_dims=512,
        bits=9,
        pad=2,
        upsample_factors=(5, 5, 11),
        feat_dims=80,
        compute_dims=128,
        res_out_dims=128,
        res_blocks=10,
        mode="RAW",
    ):
        super().__init__()
        self.n_classes = 2**bits if mode == "RAW" else 30
        self.aux_dims = res_out_dims // 4
        self.upsample = UpsampleNetwork(
            feat_dims, upsample_factors, compute_dims, res_blocks, res_out_dims, pad
        )
        self.I = nn.Linear(feat_dims + self.aux_dims + 1, rnn_dims)
        self.rnn1 = nn.GRU(rnn_dims, rnn_dims, batch_first=True)
        self.rnn2 = nn.GRU(rnn_dims + self.aux_dims, rnn_dims, batch_first=True)
        self.fc1 = nn.Linear(rnn_dims + self.aux_dims, fc_dims)
        self.fc2 = nn.Linear(fc_dims + self.aux_dims, fc_dims)
        self.fc3 = nn.Linear(fc_dims, self.n_classes)


model = WaveRNN(rnn_dims=256, fc_dims=256, mode="MOL")
