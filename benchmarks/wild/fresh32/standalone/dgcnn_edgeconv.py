"""DGCNN (Wang et al.) for point-cloud classification: EdgeConv layers see [x_j - x_i, x_i] (twice the width)."""

import torch.nn as nn


class EdgeConv(nn.Module):
    def __init__(self, in_ch, out_ch, k):
        super().__init__()
        self.k = k
        self.conv = nn.Sequential(
            nn.Conv2d(in_ch * 2, out_ch, 1, bias=False), nn.BatchNorm2d(out_ch), nn.LeakyReLU(0.2)
        )


class DGCNN(nn.Module):
    def __init__(
        self, k=20, emb_dims=1024, edge_widths=(64, 64, 128, 256), num_classes=40, dropout=0.5
    ):
        super().__init__()
        self.edge = nn.ModuleList()
        c = 3
        for w in edge_widths:
            self.edge.append(EdgeConv(c, w, k))
            c = w
        cat = sum(edge_widths)
        self.conv5 = nn.Sequential(
            nn.Conv1d(cat, emb_dims, 1, bias=False), nn.BatchNorm1d(emb_dims), nn.LeakyReLU(0.2)
        )
        # max- and avg-pooled features concatenated
        self.head = nn.Sequential(
            nn.Linear(emb_dims * 2, 512, bias=False),
            nn.BatchNorm1d(512),
            nn.LeakyReLU(0.2),
            nn.Dropout(dropout),
            nn.Linear(512, 256),
            nn.BatchNorm1d(256),
            nn.LeakyReLU(0.2),
            nn.Dropout(dropout),
            nn.Linear(256, num_classes),
        )


model = DGCNN(k=10, emb_dims=128, edge_widths=(32, 32, 64), num_classes=15)
