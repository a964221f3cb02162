import torch.nn as nn
from pytorch_revgrad import RevGrad

EMB, HID, N_PROTECTED = 64, 96, 3


class DebiasedEncoder(nn.Module):
    def __init__(self, vocab=2000):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, EMB, mode="mean")
        self.enc = nn.Sequential(nn.Linear(EMB, HID), nn.ReLU())
        self.task = nn.Linear(HID, 2)
        self.adversaries = nn.ModuleList(
            nn.Sequential(RevGrad(), nn.Linear(HID, 32), nn.ReLU(), nn.Linear(32, k))
            for k in (2, 4, N_PROTECTED)
        )


model = DebiasedEncoder(vocab=1500)
