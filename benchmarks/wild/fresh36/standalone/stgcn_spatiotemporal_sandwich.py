# STGCN (Yu et al.): "sandwich" blocks of gated temporal conv, Chebyshev graph conv, gated temporal conv
import torch
import torch.nn as nn


class TemporalGLU(nn.Module):
    def __init__(self, cin, cout, kt):
        super().__init__()
        self.conv = nn.Conv2d(cin, 2 * cout, (kt, 1))
        self.align = nn.Conv2d(cin, cout, 1) if cin > cout else None


class ChebGraphConv(nn.Module):
    def __init__(self, c, K):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(K, c, c))
        self.bias = nn.Parameter(torch.zeros(c))


class STBlock(nn.Module):
    def __init__(self, n_vertex, channels, kt=3, ks=3):
        super().__init__()
        c0, c1, c2 = channels
        self.t1 = TemporalGLU(c0, c1, kt)
        self.g = ChebGraphConv(c1, ks)
        self.t2 = TemporalGLU(c1, c2, kt)
        self.ln = nn.LayerNorm([n_vertex, c2])


class STGCN(nn.Module):
    def __init__(self, n_vertex=207, n_his=12, kt=3):
        super().__init__()
        self.blocks = nn.Sequential(STBlock(n_vertex, (1, 64, 16)), STBlock(n_vertex, (16, 64, 16)))
        ko = n_his - 2 * 2 * (kt - 1)
        self.out_t = TemporalGLU(16, 128, ko)
        self.fc = nn.Sequential(nn.Linear(128, 128), nn.ReLU(), nn.Linear(128, 1))


model = STGCN()
