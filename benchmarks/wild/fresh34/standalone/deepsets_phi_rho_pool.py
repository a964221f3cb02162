import torch.nn as nn


def mlp(sizes, act=nn.ELU, last_act=False):
    out = []
    for i, (a, b) in enumerate(zip(sizes, sizes[1:])):
        out.append(nn.Linear(a, b))
        if i < len(sizes) - 2 or last_act:
            out.append(act())
    return nn.Sequential(*out)


class DeepSets(nn.Module):
    def __init__(self, d_in, d_phi, d_rho, n_out, pool="sum"):
        super().__init__()
        self.phi = mlp([d_in, d_phi, d_phi, d_phi], last_act=True)
        # mean+max pooling concatenates two summaries
        d_pool = d_phi * (2 if pool == "meanmax" else 1)
        self.rho = mlp([d_pool, d_rho, n_out])
        self.pool = pool


model = DeepSets(d_in=3, d_phi=64, d_rho=32, n_out=10, pool="meanmax")
