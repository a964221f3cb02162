# tied-weight autoencoder: decoder reuses encoder weights (shared Parameter), one transposed copy (new)
import torch
import torch.nn as nn


class TiedAE(nn.Module):
    def __init__(self, dims=(64, 32, 16), tie=True):
        super().__init__()
        self.enc = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))
        rdims = dims[::-1]
        self.dec = nn.ModuleList(nn.Linear(a, b) for a, b in zip(rdims, rdims[1:]))
        if tie:
            # outer layer: true sharing through the same tensor, viewed transposed in forward
            self.dec_last_weight = self.enc[0].weight
            # inner layer: a transposed *copy* (a different Parameter, not shared)
            self.dec[0].weight = nn.Parameter(self.enc[1].weight.detach().t().clone())
            del self.dec[1].weight
            self.dec[1].register_parameter("weight", None)


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.ae = TiedAE()
        self.emb = nn.Embedding(100, 64)
        self.unemb = nn.Linear(64, 100, bias=False)
        self.unemb.weight = self.emb.weight
        self.scale = torch.nn.Parameter(torch.tensor(1.0))


model = Wrapper()
