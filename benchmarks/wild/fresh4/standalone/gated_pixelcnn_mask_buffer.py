"""Gated PixelCNN with vertical/horizontal stacks; causal masks kept as buffers, class conditioning."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedConv2d(nn.Conv2d):
    def __init__(self, *args, mask_type="B", **kw):
        super().__init__(*args, **kw)
        self.register_buffer("mask", torch.ones_like(self.weight))
        _, _, h, w = self.weight.shape
        self.mask[:, :, h // 2, w // 2 + (mask_type == "B") :] = 0
        self.mask[:, :, h // 2 + 1 :] = 0

    def forward(self, x):
        return F.conv2d(x, self.weight * self.mask, self.bias, self.stride, self.padding)


class GatedLayer(nn.Module):
    def __init__(self, dim, kernel, n_classes, residual=True):
        super().__init__()
        self.v = nn.Conv2d(
            dim, 2 * dim, (kernel // 2 + 1, kernel), padding=(kernel // 2, kernel // 2)
        )
        self.v_to_h = nn.Conv2d(2 * dim, 2 * dim, 1)
        self.h = nn.Conv2d(dim, 2 * dim, (1, kernel // 2 + 1), padding=(0, kernel // 2))
        self.h_res = nn.Conv2d(dim, dim, 1)
        self.class_cond = nn.Embedding(n_classes, 4 * dim)
        self.residual = residual

    def gate(self, x):
        a, b = x.chunk(2, 1)
        return torch.tanh(a) * torch.sigmoid(b)

    def forward(self, xv, xh, y):
        cv, ch = self.class_cond(y)[:, :, None, None].chunk(2, 1)
        hv = self.v(xv)[:, :, : xv.shape[-2], :]
        hh = self.h(xh)[:, :, :, : xh.shape[-1]] + self.v_to_h(hv)
        out_h = self.h_res(self.gate(hh + ch))
        return self.gate(hv + cv), xh + out_h if self.residual else out_h


class GatedPixelCNN(nn.Module):
    def __init__(self, input_dim=256, dim=64, n_layers=12, n_classes=10):
        super().__init__()
        self.embedding = nn.Embedding(input_dim, dim)
        self.first = MaskedConv2d(dim, dim, 7, padding=3, mask_type="A")
        self.layers = nn.ModuleList(
            GatedLayer(dim, 7 if i == 0 else 3, n_classes, residual=i > 0) for i in range(n_layers)
        )
        self.output = nn.Sequential(
            nn.Conv2d(dim, 512, 1), nn.ReLU(True), nn.Conv2d(512, input_dim, 1)
        )

    def forward(self, x, y):
        x = self.first(self.embedding(x).permute(0, 3, 1, 2))
        xv, xh = x, x
        for layer in self.layers:
            xv, xh = layer(xv, xh, y)
        return self.output(xh)


model = GatedPixelCNN(input_dim=256, dim=64, n_layers=12, n_classes=10)
