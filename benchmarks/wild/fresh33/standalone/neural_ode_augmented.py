"""Augmented Neural ODE (ANODE) image classifier: the state is padded with zero channels; the ODE function sees time as an extra channel (concat-conv)."""

from torch import nn


class ConcatConv2d(nn.Module):
    def __init__(self, dim_in, dim_out, ksize=3, padding=1):
        super().__init__()
        self.conv = nn.Conv2d(dim_in + 1, dim_out, ksize, padding=padding)


class ODEFunc(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.norm1 = nn.GroupNorm(min(32, dim), dim)
        self.conv1 = ConcatConv2d(dim, hidden)
        self.norm2 = nn.GroupNorm(min(32, hidden), hidden)
        self.conv2 = ConcatConv2d(hidden, dim)
        self.norm3 = nn.GroupNorm(min(32, dim), dim)
        self.nfe = 0


class ANODE(nn.Module):
    def __init__(self, img_channels=1, augment_dim=5, hidden=32, num_classes=10, tol=1e-3):
        super().__init__()
        dim = img_channels + augment_dim
        self.odefunc = ODEFunc(dim, hidden)
        self.linear = nn.Linear(dim * 28 * 28 // 16, num_classes)
        self.pool = nn.AvgPool2d(4)
        self.tol = tol


model = ANODE(img_channels=1, augment_dim=3, hidden=24, num_classes=10)
