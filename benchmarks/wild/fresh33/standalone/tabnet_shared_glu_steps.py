"""TabNet: feature transformers with GLU blocks shared across decision steps, attentive transformers with ghost BN."""

from torch import nn


class GBN(nn.Module):
    def __init__(self, dim, virtual_batch_size=128, momentum=0.02):
        super().__init__()
        self.bn = nn.BatchNorm1d(dim, momentum=momentum)


class GLULayer(nn.Module):
    def __init__(self, in_dim, out_dim, fc=None):
        super().__init__()
        self.fc = fc if fc is not None else nn.Linear(in_dim, 2 * out_dim, bias=False)
        self.bn = GBN(2 * out_dim)


class FeatTransformer(nn.Module):
    def __init__(self, in_dim, out_dim, shared_fcs, n_independent):
        super().__init__()
        layers = []
        d = in_dim
        for fc in shared_fcs:
            layers.append(GLULayer(d, out_dim, fc=fc))
            d = out_dim
        for _ in range(n_independent):
            layers.append(GLULayer(d, out_dim))
            d = out_dim
        self.layers = nn.ModuleList(layers)


class AttentiveTransformer(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.fc = nn.Linear(in_dim, out_dim, bias=False)
        self.bn = GBN(out_dim)


class TabNet(nn.Module):
    def __init__(self, input_dim, output_dim, n_d=8, n_a=8, n_steps=3, n_independent=2, n_shared=2):
        super().__init__()
        self.initial_bn = nn.BatchNorm1d(input_dim, momentum=0.01)
        shared = nn.ModuleList()
        for i in range(n_shared):
            shared.append(
                nn.Linear(input_dim if i == 0 else n_d + n_a, 2 * (n_d + n_a), bias=False)
            )
        self.initial_splitter = FeatTransformer(input_dim, n_d + n_a, shared, n_independent)
        self.feat_transformers = nn.ModuleList(
            [FeatTransformer(input_dim, n_d + n_a, shared, n_independent) for _ in range(n_steps)]
        )
        self.att_transformers = nn.ModuleList(
            [AttentiveTransformer(n_a, input_dim) for _ in range(n_steps)]
        )
        self.final_mapping = nn.Linear(n_d, output_dim, bias=False)


model = TabNet(input_dim=20, output_dim=3, n_d=12, n_a=12, n_steps=4, n_independent=1, n_shared=2)
