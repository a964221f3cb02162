import torch.nn as nn


class GatedAttentionMIL(nn.Module):
    def __init__(self, feat_dim=1024, L=512, D=128, K=1, n_classes=2, gated=True):
        super().__init__()
        self.feature = nn.Sequential(nn.Linear(feat_dim, L), nn.ReLU(), nn.Dropout(0.25))
        self.attention_V = nn.Sequential(nn.Linear(L, D), nn.Tanh())
        if gated:
            self.attention_U = nn.Sequential(nn.Linear(L, D), nn.Sigmoid())
        self.attention_w = nn.Linear(D, K)
        self.classifier = nn.Linear(L * K, n_classes)


model = GatedAttentionMIL(feat_dim=384, L=128, D=64, K=2, n_classes=3, gated=True)
