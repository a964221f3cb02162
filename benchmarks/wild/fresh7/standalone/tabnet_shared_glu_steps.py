"""TabNet by hand: GLU layers shared by every decision step (one module object, several steps)."""

import torch.nn as nn


class GBN(nn.Module):
    def __init__(self, d, vbs=128):
        super().__init__()
        self.bn = nn.BatchNorm1d(d, momentum=0.02)
        self.vbs = vbs


class GLULayer(nn.Module):
    def __init__(self, i, o, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(i, 2 * o, bias=False)
        self.bn = GBN(2 * o)


class FeatTransformer(nn.Module):
    def __init__(self, inp, out, shared):
        super().__init__()
        self.shared = nn.ModuleList(
            [GLULayer(inp if i == 0 else out, out, fc=fc) for i, fc in enumerate(shared)]
        )
        self.specific = nn.ModuleList(GLULayer(out, out) for _ in range(2))


class AttentiveTransformer(nn.Module):
    def __init__(self, n_a, inp):
        super().__init__()
        self.fc = nn.Linear(n_a, inp, bias=False)
        self.bn = GBN(inp)


class TabNet(nn.Module):
    def __init__(self, input_dim=54, output_dim=7, n_d=16, n_a=16, n_steps=4):
        super().__init__()
        self.initial_bn = nn.BatchNorm1d(input_dim, momentum=0.01)
        shared = nn.ModuleList(
            [
                nn.Linear(input_dim, 2 * (n_d + n_a), bias=False),
                nn.Linear(n_d + n_a, 2 * (n_d + n_a), bias=False),
            ]
        )
        self.initial_splitter = FeatTransformer(input_dim, n_d + n_a, shared)
        self.feat_transformers = nn.ModuleList(
            FeatTransformer(input_dim, n_d + n_a, shared) for _ in range(n_steps)
        )
        self.att_transformers = nn.ModuleList(
            AttentiveTransformer(n_a, input_dim) for _ in range(n_steps)
        )
        self.final_mapping = nn.Linear(n_d, output_dim, bias=False)


model = TabNet()
