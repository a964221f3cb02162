import numpy as np
import torch
import torch.nn as nn


class MaskedLinear(nn.Linear):
    def __init__(self, in_features, out_features, bias=True):
        super().__init__(in_features, out_features, bias)
        self.register_buffer("mask", torch.ones(out_features, in_features))

    def set_mask(self, mask):
        self.mask.data.copy_(torch.from_numpy(mask.astype(np.uint8).T))


class MADE(nn.Module):
    def __init__(self, nin, hidden_sizes, nout, seed=0):
        super().__init__()
        self.nin, self.nout = nin, nout
        hs = [nin] + list(hidden_sizes) + [nout]
        layers = []
        for h0, h1 in zip(hs, hs[1:]):
            layers += [MaskedLinear(h0, h1), nn.ReLU()]
        self.net = nn.Sequential(*layers[:-1])
        rng = np.random.RandomState(seed)
        m = {-1: np.arange(nin)}
        for li, h in enumerate(hidden_sizes):
            m[li] = rng.randint(m[li - 1].min(), nin - 1, size=h)
        masks = [m[i - 1][:, None] <= m[i][None, :] for i in range(len(hidden_sizes))]
        masks.append(m[len(hidden_sizes) - 1][:, None] < m[-1][None, :])
        if nout > nin:
            k = nout // nin
            masks[-1] = np.concatenate([masks[-1]] * k, axis=1)
        for layer, mk in zip([mod for mod in self.net if isinstance(mod, MaskedLinear)], masks):
            layer.set_mask(mk)


model = MADE(nin=6, hidden_sizes=[48, 48], nout=12)
