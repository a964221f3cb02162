# PaiNN: scalar and vector features; message blocks filter by a radial basis, update blocks mix
# vectors with a bias-free linear map U, V
import torch.nn as nn


class Message(nn.Module):
    def __init__(self, F, n_rbf):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(F, F), nn.SiLU(), nn.Linear(F, 3 * F))
        self.W = nn.Linear(n_rbf, 3 * F)


class Update(nn.Module):
    def __init__(self, F):
        super().__init__()
        self.U = nn.Linear(F, F, bias=False)
        self.V = nn.Linear(F, F, bias=False)
        self.a = nn.Sequential(nn.Linear(2 * F, F), nn.SiLU(), nn.Linear(F, 3 * F))


class PaiNN(nn.Module):
    def __init__(self, F=128, n_rbf=20, n_interactions=3, n_elements=100, shared=False):
        super().__init__()
        self.embedding = nn.Embedding(n_elements, F, padding_idx=0)
        if shared:
            m, u = Message(F, n_rbf), Update(F)
            self.messages = nn.ModuleList([m] * n_interactions)
            self.updates = nn.ModuleList([u] * n_interactions)
        else:
            self.messages = nn.ModuleList(Message(F, n_rbf) for _ in range(n_interactions))
            self.updates = nn.ModuleList(Update(F) for _ in range(n_interactions))
        self.readout = nn.Sequential(nn.Linear(F, F // 2), nn.SiLU(), nn.Linear(F // 2, 1))


model = PaiNN(F=128, n_interactions=3, shared=True)
