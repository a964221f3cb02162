"""Point Cloud Transformer (PCT): neighbour embedding, four offset-attention layers whose query
and key convs share one weight (q_conv.weight = k_conv.weight), and a segmentation-free head."""

import torch.nn as nn


class SA_Layer(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.q_conv = nn.Conv1d(channels, channels // 4, 1, bias=False)
        self.k_conv = nn.Conv1d(channels, channels // 4, 1, bias=False)
        self.q_conv.weight = self.k_conv.weight
        self.v_conv = nn.Conv1d(channels, channels, 1)
        self.trans_conv = nn.Conv1d(channels, channels, 1)
        self.after_norm = nn.BatchNorm1d(channels)


class LocalOp(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv1 = nn.Conv1d(cin, cout, 1, bias=False)
        self.conv2 = nn.Conv1d(cout, cout, 1, bias=False)
        self.bn1 = nn.BatchNorm1d(cout)
        self.bn2 = nn.BatchNorm1d(cout)


class PCT(nn.Module):
    def __init__(self, output_channels=40):
        super().__init__()
        self.conv1 = nn.Conv1d(3, 64, 1, bias=False)
        self.conv2 = nn.Conv1d(64, 64, 1, bias=False)
        self.bn1, self.bn2 = nn.BatchNorm1d(64), nn.BatchNorm1d(64)
        self.gather_local_0 = LocalOp(128, 128)
        self.gather_local_1 = LocalOp(256, 256)
        self.conv_fuse = nn.Sequential(
            nn.Conv1d(1280, 1024, 1, bias=False), nn.BatchNorm1d(1024), nn.LeakyReLU(0.2)
        )
        self.sa = nn.ModuleList(SA_Layer(256) for _ in range(4))
        self.head = nn.Sequential(
            nn.Linear(1024, 512, bias=False),
            nn.BatchNorm1d(512),
            nn.LeakyReLU(0.2),
            nn.Linear(512, 256),
            nn.BatchNorm1d(256),
            nn.LeakyReLU(0.2),
            nn.Linear(256, output_channels),
        )


model = PCT()
